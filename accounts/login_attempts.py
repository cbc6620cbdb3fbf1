"""Log-in by password, limited per username as well as per address.

The per-address throttles (DRF's, in Redis) stop one machine; this stops many machines guessing
one account's password: after WILDCARDS_LOGIN_FAILURES failed attempts for a username within
WILDCARDS_LOGIN_WINDOW_MINUTES, whatever their addresses, further attempts for that username
are refused until the oldest failure leaves the window (so the rightful owner is kept out for a
window at most, never for good). The API's token request and the web log-in form both go
through `log_in`; the pages that ask for the password again (change of password or address,
closing the account) through `check_password`, which counts in the same window.

The failures are a sorted set of attempt times in Redis, as in `wildcards.throttling`: an
attempt takes its place in the window before the password is checked, in one atomic round
trip, so concurrent guesses cannot all slip in under the limit; a refused attempt takes its
place back, a successful one too (only failures count). When Redis does not answer, no
password is checked: `LimitsUnavailable` (503 and Retry-After). Without Redis (`make run`'s embedded
set-up, one process) a list in the local cache does the same under a lock.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import threading
import time
import uuid
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import cache

from wildcards.throttling import LimitsUnavailable, sliding_window, with_redis

_local_lock = threading.Lock()
T = TypeVar("T")


class TooManyFailures(Exception):
    """Too many failed log-ins for this username lately; `retry_after` seconds to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after

    @property
    def sentence(self) -> str:
        minutes = max(1, math.ceil(self.retry_after / 60))
        return (f"Too many failed log-ins for this account. Try again in {minutes} minute"
                f"{'s' if minutes > 1 else ''}.")


def log_in(request, username: str, password: str):
    """The user with this username and password, or None; raises TooManyFailures while the
    username has had too many failed attempts (without checking the password)."""
    return _attempt(username, lambda: authenticate(request, username=username, password=password))


def check_password(user, password: str) -> bool:
    """Whether `password` is `user`'s, counted as a log-in attempt (raises TooManyFailures the
    same way): a page asking for the password again (to change it or the address, to close
    the account) is no way round the limit for someone holding a stolen session."""
    return bool(_attempt(user.get_username(), lambda: user.check_password(password)))


def forget_failures(username: str) -> None:
    """Lift a lock-out (the admin's action): the username's failed log-ins are forgotten."""
    key = _key(username)
    if settings.REDIS_URL:
        with_redis(lambda client: client.delete(key))
        return
    with _local_lock:
        cache.delete(key)


def _key(username: str) -> str:
    return "wildcards:login-failures:" + hashlib.sha256(username.lower().encode()).hexdigest()


def _attempt(username: str, check: Callable[[], T]) -> T:
    """`check()`'s answer, its place in the username's window of failures kept if it is falsy."""
    key = _key(username)
    attempt = uuid.uuid4().hex
    _take_place(key, attempt, time.time())
    try:
        answer = check()
    except BaseException:
        _give_back(key, attempt)  # not a failed log-in: the check itself failed
        raise
    if answer:
        _give_back(key, attempt)
    return answer


def _limits() -> tuple[int, float]:
    return settings.WILDCARDS_LOGIN_FAILURES, settings.WILDCARDS_LOGIN_WINDOW_MINUTES * 60.0


def _take_place(key: str, attempt: str, now: float) -> None:
    limit, window = _limits()
    if settings.REDIS_URL:  # LimitsUnavailable when Redis does not answer: no log-in then
        count, oldest = with_redis(sliding_window(key, attempt, now, window, limit))
        if count > limit:  # (taken out again by the script)
            raise TooManyFailures(_wait(oldest, now, window))
        return
    with _local_lock:
        times = {name: at for name, at in cache.get(key, {}).items() if at > now - window}
        if len(times) >= limit:
            raise TooManyFailures(_wait(min(times.values()), now, window))
        times[attempt] = now
        cache.set(key, times, math.ceil(window))


def _give_back(key: str, attempt: str) -> None:
    if settings.REDIS_URL:
        # Redis gone since the attempt took its place: it stays counted as a failure.
        with contextlib.suppress(LimitsUnavailable):
            with_redis(lambda client: client.zrem(key, attempt))
        return
    with _local_lock:
        times = cache.get(key, {})
        times.pop(attempt, None)
        cache.set(key, times, math.ceil(_limits()[1]))


def _wait(oldest: float, now: float, window: float) -> int:
    """Seconds until the oldest failure leaves the window, and frees a place."""
    return max(1, math.ceil(oldest + window - now))
