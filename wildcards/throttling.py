"""The rate limits, kept in Redis in one round trip: the API's (DRF's scoped throttles) and the
pages' (the same scopes and counters: `count_request`), and "once per address" for emails.

DRF's own `ScopedRateThrottle` reads the caller's whole history from the cache and writes it
back (two round trips and a pickle on every move, about 1.2 ms of CPU here). This one keeps the
same sliding window as a sorted set of request times: one Lua script drops the times that fell
out of the window, adds this request and counts; a refused request is taken out again, so
refusals do not extend the wait. Without Redis (the embedded set-up of `make run`) it is
DRF's class unchanged, on the local-memory cache.

When Redis does not answer, a limit must not take the game down: a logged-in caller's requests
(moves) go through uncounted, with a warning in the log; the limits that guard against guessing
and floods (`GUARDS`: log-in, sign-up, password reset, asked by someone not logged in) raise
`LimitsUnavailable`, answered 503 with `Retry-After` (the API: `wildcards.api_errors`; the
pages: `web.limits`). After a failure Redis is left alone for a few seconds (`COOLDOWN`), so
an unreachable server costs one timeout, not one per request.
"""

from __future__ import annotations

import functools
import logging
import math
import threading
import time
import uuid
from collections.abc import Callable
from types import SimpleNamespace
from typing import TypeVar

import redis
from django.conf import settings
from django.core.cache import cache
from rest_framework import throttling

log = logging.getLogger(__name__)
T = TypeVar("T")

# The scopes whose limit refuses rather than lets through while it cannot count.
GUARDS = frozenset({"signup", "token", "password-reset"})
TIMEOUT = 2.0  # seconds to connect to Redis, or for it to answer
COOLDOWN = 5.0  # seconds without trying Redis again after it failed
WARN_EVERY = 60.0  # seconds: one warning a minute per process while Redis is down
RETRY_AFTER = 30  # seconds a refused client is asked to wait while Redis is down


class LimitsUnavailable(Exception):
    """A limit that guards log-in, sign-up or password reset cannot count (Redis is down)."""

    code = "rate-limit-unavailable"
    sentence = ("This cannot be done just now: the limits that protect accounts cannot be "
                f"checked. Try again in {RETRY_AFTER} seconds.")
    retry_after = RETRY_AFTER


class _Down(Exception):
    """Redis did not answer (now, or within the last COOLDOWN seconds)."""


class _Outage:
    """This process's view of one Redis server: when it last failed, when that was logged."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.warned_at = -math.inf

    def failed(self, error: Exception) -> None:
        now = time.monotonic()
        with self.lock:
            self.down_until = now + COOLDOWN
            warn = now - self.warned_at >= WARN_EVERY
            if warn:
                self.warned_at = now
        if warn:
            log.warning("Redis does not answer (%s: %s): the rate limits are not counted; "
                        "log-in, sign-up and password reset answer 503 until it does",
                        type(error).__name__, error)


@functools.cache
def _outage(url: str) -> _Outage:
    return _Outage()


@functools.cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT)


def redis_client() -> redis.Redis:
    """The process's client of REDIS_URL, for the limits kept in Redis (here and in the apps)."""
    return _client(settings.REDIS_URL)


def with_redis(work: Callable[[redis.Redis], T]) -> T:
    """`work(client)`; LimitsUnavailable when Redis does not answer (logged once a minute)."""
    outage = _outage(settings.REDIS_URL)
    if time.monotonic() < outage.down_until:
        raise LimitsUnavailable
    try:
        return work(redis_client())
    except redis.RedisError as error:
        outage.failed(error)
        raise LimitsUnavailable from error


# One script, one command: the five steps of the window as a pipeline cost this process about
# half as much again (93 against 64 µs of CPU a request, 5,000 each way, docs/benchmarks.md).
_WINDOW = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
if count > tonumber(ARGV[5]) then
  redis.call('ZREM', KEYS[1], ARGV[2])
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return {count, oldest}
"""


@functools.cache
def _window_script(client: redis.Redis):
    return client.register_script(_WINDOW)


def sliding_window(key: str, member: str, now: float, duration: float,
                   limit: int) -> Callable:
    """`with_redis`'s work for a sliding window: drop the times before it, add `member` at
    `now`, and give (how many are in the window, the oldest one's time). Over `limit`, the
    member is taken out again (a refusal does not extend the wait)."""

    def count(client: redis.Redis) -> tuple[int, float]:
        found, oldest = _window_script(client)(
            keys=[key], args=[repr(now), member, repr(now - duration), math.ceil(duration),
                              limit])
        return int(found), float(oldest)

    return count


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    """Rates per `throttle_scope` of the view, from DEFAULT_THROTTLE_RATES, as DRF's."""

    key_prefix = "wildcards:"

    def allow_request(self, request, view) -> bool:
        if not settings.REDIS_URL:
            return super().allow_request(request, view)
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        key, self.now = self.key_prefix + self.key, self.timer()
        member = f"{self.now!r}:{uuid.uuid4().hex[:12]}"
        try:
            count, self.oldest = with_redis(sliding_window(key, member, self.now, self.duration,
                                                           self.num_requests))
        except LimitsUnavailable:
            user = getattr(request, "user", None)
            if self.scope in GUARDS and not (user and user.is_authenticated):
                raise
            return True  # a logged-in caller's request goes through uncounted (logged)
        if count > self.num_requests:  # (taken out again by the script)
            return self.throttle_failure()
        return True

    def wait(self) -> float | None:
        if not settings.REDIS_URL:
            return super().wait()
        # The oldest request in the window leaves it first, and frees a place.
        return max(0.0, self.duration - (self.now - self.oldest))


def count_request(request, scope: str) -> float | None:
    """A page's request counted in the API's window for `scope` (the same counter: the web
    form and the API endpoint share one limit per address): None if it may go on, else the
    seconds to wait. Raises LimitsUnavailable as the API's throttle does."""
    throttle = ScopedRateThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return None
    return throttle.wait() or 1.0


def first_in(key: str, seconds: int) -> bool:
    """True the first time `key` comes within `seconds`, then False until they have passed
    (a password-reset email per address). Raises LimitsUnavailable when Redis does not answer."""
    key = "wildcards:once:" + key
    if not settings.REDIS_URL:
        return cache.add(key, True, seconds)
    return bool(with_redis(lambda client: client.set(key, 1, nx=True, ex=seconds)))
