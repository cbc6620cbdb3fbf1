"""The outbox: notices written in the move's transaction, sent after it commits.

The service layer calls the `queue_*` functions inside its transaction. Each writes at most one
`Notice` row (its `dedupe_key` is unique, so queueing the same notice again does nothing) and
asks, on commit, for `tasks.send_notice` to send it. Whoever sends a row first claims it with a
conditional update, so a row is sent once however many tasks, retries and sweeps reach it.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.mail import get_connection
from django.core.mail.backends import console, dummy
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from wildcards import after_response
from wildcards.celery import app

from . import emails
from .models import Notice
from .preferences import wants

log = logging.getLogger(__name__)

# A claim not followed by "sent" or "failed" within this time belongs to a sender that died
# (the task's hard time limit is a minute): the row may be claimed again.
SENDING_TIMEOUT = timedelta(minutes=10)
# A pending row this old lost its task (the broker was down at commit time, say).
PENDING_GRACE = timedelta(minutes=1)
# A failed row is left to its task's own retries for this long (Celery's longest backoff) before
# the sweep tries it.
FAILED_GRACE = timedelta(minutes=10)
# After this many tries a failed row stays failed; an operator can look at `last_error`.
MAX_ATTEMPTS = 12
# Without EMAIL_TIMEOUT, a silent SMTP server would hold a worker until its time limit.
DEFAULT_EMAIL_TIMEOUT = 30

# Kinds that make sense only at turn-by-turn tables: a real-time turn lasts seconds.
TURN_BY_TURN_ONLY = (Notice.Kind.REMINDER, Notice.Kind.YOUR_TURN)

SENT, SKIPPED, NOT_CLAIMED = "sent", "skipped", "not-claimed"
UNDELIVERED = "undelivered"

# Django's backends that hand a message to no one (the console one prints it, the file one, its
# subclass, writes it to a folder): a notice "sent" through them would be a lie. locmem, the
# tests' backend, stands for a real one there.
NON_DELIVERING_BACKENDS = (console.EmailBackend, dummy.EmailBackend)


# ---------------------------------------------------------------------------- queueing
def turn_key(round_number: int, deadline_at: datetime) -> str:
    """What tells one turn from another at a table: a new turn always gets a new deadline."""
    return f"{round_number}:{deadline_at.astimezone(UTC).strftime('%Y%m%dT%H%M%S.%fZ')}"


def queue_notice(kind: str, user, table, dedupe_key: str, context: dict) -> Notice | None:
    """Write a notice to send after the current transaction commits. Returns the new row, or
    None when nothing was written: the user does not want this kind of email (or has no
    address), the table is a real-time one and the kind is for turn-by-turn tables, or a notice
    with this key was queued before. `context` is what the email shows (JSON values only)."""
    if kind not in Notice.Kind.values:
        raise ValueError(f"unknown notice kind: {kind}")
    if kind in TURN_BY_TURN_ONLY and table.mode == table.Mode.REALTIME:
        return None
    if not wants(user, kind):
        return None
    notice = Notice(kind=kind, user=user, table=table, round_number=context.get("round"),
                    dedupe_key=dedupe_key, context=context)
    # Queued before (by a transaction still open, too: the insert waits for it) means nothing
    # to do; the savepoint keeps the caller's transaction usable after the duplicate key.
    try:
        with transaction.atomic():
            notice.save(force_insert=True)
    except IntegrityError:
        return None
    notice_id = notice.pk
    # After the response (the player need not wait for the broker); robust: a broker that is
    # down must not turn a committed move into an error; the sweep (send_pending_notices)
    # sends the row later.
    transaction.on_commit(lambda: after_response.soon(lambda: _send_later(notice_id)),
                          robust=True)
    return notice


def queue_reminder(user, table, *, round_number: int, deadline_at: datetime) -> Notice | None:
    """The halfway reminder of the user's turn that ends at `deadline_at`: once per turn."""
    return queue_notice(
        Notice.Kind.REMINDER, user, table,
        f"reminder:{table.pk}:{turn_key(round_number, deadline_at)}:{user.pk}",
        {"round": round_number, "deadline": deadline_at.isoformat()},
    )


def queue_your_turn(user, table, *, round_number: int, deadline_at: datetime) -> Notice | None:
    """"It's your turn" for the turn that ends at `deadline_at`: once per turn."""
    return queue_notice(
        Notice.Kind.YOUR_TURN, user, table,
        f"your-turn:{table.pk}:{turn_key(round_number, deadline_at)}:{user.pk}",
        {"round": round_number, "deadline": deadline_at.isoformat()},
    )


def queue_game_over(table, ranking: list[dict], people: list[tuple]) -> list[Notice]:
    """"Game over" with the final ranking, to every person seated at the table: once per
    table. `ranking` is the engine's (`games.rules.ranking`) with each seat's "name"; `people`
    are (user, seat number) of the persons seated."""
    queued = []
    for user, seat in people:
        notice = queue_notice(
            Notice.Kind.GAME_OVER, user, table, f"game-over:{table.pk}:{user.pk}",
            {"ranking": ranking, "your_seat": seat},
        )
        if notice is not None:
            queued.append(notice)
    return queued


def _send_later(notice_id: int) -> None:
    # By name: the tasks module imports this one.
    app.tasks["notifications.tasks.send_notice"].delay(notice_id)


# ---------------------------------------------------------------------------- sending
def claim(notice_id: int, now: datetime | None = None) -> Notice | None:
    """Take the row for sending: it changes to 'sending' only if nobody else holds it, and the
    caller goes ahead only if it did. Returns the row, or None when someone else has it (or it
    is sent, skipped, or out of tries)."""
    now = now or timezone.now()
    claimable = Q(status__in=[Notice.Status.PENDING, Notice.Status.FAILED]) | Q(
        status=Notice.Status.SENDING, claimed_at__lt=now - SENDING_TIMEOUT)
    changed = Notice.objects.filter(claimable, pk=notice_id, attempts__lt=MAX_ATTEMPTS).update(
        status=Notice.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1)
    if changed != 1:
        return None
    return Notice.objects.select_related("user").get(pk=notice_id)


def deliver(notice_id: int) -> str:
    """Send one notice if it can be claimed: returns SENT, SKIPPED, UNDELIVERED (the backend
    delivers nothing: development) or NOT_CLAIMED. A failure to send marks the row failed with
    the error and raises, for the task to retry."""
    notice = claim(notice_id)
    if notice is None:
        return NOT_CLAIMED
    reason = _unwanted(notice)
    if reason:
        _finish(notice, Notice.Status.SKIPPED, last_error=reason)
        return SKIPPED
    try:
        message = emails.message_for(notice)
        timeout = getattr(settings, "EMAIL_TIMEOUT", None) or DEFAULT_EMAIL_TIMEOUT
        message.connection = get_connection(timeout=timeout)
        message.send()
    except Exception as error:
        _finish(notice, Notice.Status.FAILED, last_error=f"{type(error).__name__}: {error}")
        log.warning("notice %s (attempt %s) was not sent: %s", notice.pk, notice.attempts, error)
        raise
    if isinstance(message.connection, NON_DELIVERING_BACKENDS):
        backend = type(message.connection)
        _finish(notice, Notice.Status.UNDELIVERED,
                last_error=f"Not delivered: EMAIL_BACKEND is {backend.__module__}."
                           f"{backend.__qualname__}, which sends no email.")
        return UNDELIVERED
    _finish(notice, Notice.Status.SENT, sent_at=timezone.now(), last_error="")
    return SENT


def _unwanted(notice: Notice) -> str:
    """Why the notice should not go out after all, or "" when it should."""
    if not wants(notice.user, notice.kind):
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


def unsent(now: datetime | None = None, limit: int = 500) -> list[int]:
    """Rows the sweep should try again: pending ones whose task got lost, failed ones their
    task's retries have given up on, 'sending' ones whose sender died."""
    now = now or timezone.now()
    due = (
        Q(status=Notice.Status.PENDING, created_at__lt=now - PENDING_GRACE)
        | Q(status=Notice.Status.FAILED, claimed_at__lt=now - FAILED_GRACE)
        | Q(status=Notice.Status.SENDING, claimed_at__lt=now - SENDING_TIMEOUT)
    )
    return list(Notice.objects.filter(due, attempts__lt=MAX_ATTEMPTS)
                .order_by("created_at").values_list("pk", flat=True)[:limit])
