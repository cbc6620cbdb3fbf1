"""What the games app tells the outbox at sending time, without the outbox knowing games.

This app may not import the games app (import-linter), yet whether a "your turn" email should
still go, and what it shows (the hand, the moves since the player's last turn, the links that
play), is the game's to say. The games app registers its answers here when it starts
(`games.apps`); the outbox asks when a notice is about to be sent.
"""

from __future__ import annotations

from collections.abc import Callable

from .models import Notice

# A notice's check: the email's extra context (a dict), or why it should not go (a str).
Check = Callable[[Notice], dict | str]
# The tables waiting on a person, for their daily digest: [{"table", "deadline", ...}].
Waiting = Callable[[object], list[dict]]

_checks: dict[str, Check] = {}
_waiting: list[Waiting] = []


def register_check(kind: str, check: Check) -> None:
    _checks[kind] = check


def register_waiting(waiting: Waiting) -> None:
    _waiting[:] = [waiting]


def check(notice: Notice) -> dict | str:
    """The registered check's answer, or an empty context when none is registered."""
    found = _checks.get(notice.kind)
    return found(notice) if found is not None else {}


def waiting_tables(user) -> list[dict]:
    return _waiting[0](user) if _waiting else []
