"""Sending the outbox's notices: claim a row, check it is still wanted, send, record.

Whoever sends a row first claims it with a conditional update, so a row is sent once however
many tasks, retries and sweeps reach it. At sending time a notice may still be skipped (the
person switched it off, muted the table, or came to the table meanwhile: the games app's check
in `hooks` says so) or postponed (it is now the person's quiet hours). "Your turn" notices of
one person due within a few minutes of each other go as one email.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import get_connection
from django.db.models import F, Q
from django.utils import timezone

from . import emails, hooks
from .models import Notice
from .outbox import (
    DEFAULT_EMAIL_TIMEOUT,
    MAX_ATTEMPTS,
    NON_DELIVERING_BACKENDS,
    NOT_CLAIMED,
    SENDING_TIMEOUT,
    SENT,
    SKIPPED,
    TURN_BY_TURN_ONLY,
    UNDELIVERED,
)
from .preferences import preference_of, quiet_of, wants

log = logging.getLogger(__name__)

POSTPONED = "postponed"
# "Your turn" notices of one person due within this time of the first go in its email.
GATHER_WITHIN = timedelta(minutes=5)
GATHER_MOST = 20


def claim(notice_id: int, now: datetime | None = None, *,
          early: timedelta = timedelta(0)) -> Notice | None:
    """Take the row for sending: it changes to 'sending' only if it is due (`early`: or will
    be within that time) and nobody else holds it, and the caller goes ahead only if it did.
    Returns the row, or None when someone else has it (or it is not due, sent, skipped, or
    out of tries)."""
    now = now or timezone.now()
    claimable = Q(status__in=[Notice.Status.PENDING, Notice.Status.FAILED]) | Q(
        status=Notice.Status.SENDING, claimed_at__lt=now - SENDING_TIMEOUT)
    changed = Notice.objects.filter(claimable, pk=notice_id, attempts__lt=MAX_ATTEMPTS,
                                    due_at__lte=now + early).update(
        status=Notice.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1)
    if changed != 1:
        return None
    return Notice.objects.select_related("user", "user__notification_preference").get(
        pk=notice_id)


def deliver(notice_id: int, now: datetime | None = None) -> str:
    """Send one notice if it can be claimed: returns SENT, SKIPPED, POSTPONED (quiet hours),
    UNDELIVERED (the backend delivers nothing: development) or NOT_CLAIMED. A failure to send
    marks the row failed with the error and raises, for the task to retry."""
    now = now or timezone.now()
    notice = claim(notice_id, now)
    if notice is None:
        return NOT_CLAIMED
    extra = _still_wanted(notice, now)
    if extra is POSTPONED:
        return POSTPONED
    if isinstance(extra, str):
        return SKIPPED
    together = [(notice, extra), *(_gathered(notice, now)
                                   if notice.kind == Notice.Kind.YOUR_TURN else [])]
    try:
        message = emails.message_for(notice, [context for _, context in together])
        timeout = getattr(settings, "EMAIL_TIMEOUT", None) or DEFAULT_EMAIL_TIMEOUT
        message.connection = get_connection(timeout=timeout)
        message.send()
    except Exception as error:
        for each, _ in together:
            _finish(each, Notice.Status.FAILED, last_error=f"{type(error).__name__}: {error}")
        log.warning("notice %s (attempt %s) was not sent: %s", notice.pk, notice.attempts, error)
        raise
    if isinstance(message.connection, NON_DELIVERING_BACKENDS):
        backend = type(message.connection)
        for each, _ in together:
            _finish(each, Notice.Status.UNDELIVERED,
                    last_error=f"Not delivered: EMAIL_BACKEND is {backend.__module__}."
                               f"{backend.__qualname__}, which sends no email.")
        return UNDELIVERED
    _finish(notice, Notice.Status.SENT, sent_at=timezone.now(), last_error="")
    for each, _ in together[1:]:
        _finish(each, Notice.Status.SENT, sent_at=timezone.now(),
                last_error=f"Sent in the email of notice {notice.pk}.")
    return SENT


def _still_wanted(notice: Notice, now: datetime) -> dict | str:
    """The email's extra context; or, having recorded it, POSTPONED or why it is skipped."""
    reason = _unwanted(notice)
    if not reason:
        quiet = quiet_of(notice.user) if notice.user is not None else None
        if quiet is not None and notice.kind != Notice.Kind.REMINDER and quiet.is_quiet(now):
            # Quiet hours chosen, or moved, since the notice was queued: wait for their end.
            Notice.objects.filter(pk=notice.pk, status=Notice.Status.SENDING,
                                  claimed_at=notice.claimed_at).update(
                status=Notice.Status.PENDING, due_at=quiet.allowed_from(now),
                attempts=F("attempts") - 1)
            return POSTPONED
        answer = hooks.check(notice)
        if isinstance(answer, dict):
            return answer
        reason = answer
    _finish(notice, Notice.Status.SKIPPED, last_error=reason)
    return reason


def _gathered(first: Notice, now: datetime) -> list[tuple[Notice, dict]]:
    """The person's other "your turn" notices due within GATHER_WITHIN, claimed and still
    wanted, with their contexts: they go in the first one's email."""
    others = (Notice.objects.filter(user_id=first.user_id, kind=Notice.Kind.YOUR_TURN,
                                    status=Notice.Status.PENDING,
                                    due_at__lte=now + GATHER_WITHIN)
              .exclude(pk=first.pk).order_by("due_at").values_list("pk", flat=True))
    gathered = []
    for notice_id in others[:GATHER_MOST]:
        notice = claim(notice_id, now, early=GATHER_WITHIN)
        if notice is None:
            continue
        extra = _still_wanted(notice, now)
        if isinstance(extra, dict):
            gathered.append((notice, extra))
    return gathered


def _unwanted(notice: Notice) -> str:
    """Why the notice should not go out after all, or "" when it should."""
    if not wants(notice.user, notice.kind, notice.table_id):
        if notice.user is not None and notice.table_id in preference_of(
                notice.user).muted_tables:
            return "The user has muted this table's emails."
        return "The user no longer wants this kind of email."
    if notice.kind in TURN_BY_TURN_ONLY and not _turn_still_running(notice):
        return "The turn is over."
    return ""


def _turn_still_running(notice: Notice) -> bool:
    """A reminder or "your turn" that reaches the front of the queue after the turn ended (the
    user played, the round ended) is news to nobody."""
    deadline = notice.context.get("deadline")
    if not deadline:
        return True
    current = (Notice.objects.filter(pk=notice.pk)
               .values_list("table__current_round__number", "table__current_round__deadline_at")
               .first())
    return current is not None and current == (notice.round_number,
                                               datetime.fromisoformat(deadline))


def _finish(notice: Notice, status: str, **fields) -> None:
    # Only the claim this sender holds: a row reclaimed meanwhile is the new holder's.
    Notice.objects.filter(pk=notice.pk, status=Notice.Status.SENDING,
                          claimed_at=notice.claimed_at).update(status=status, **fields)
