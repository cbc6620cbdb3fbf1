"""The outbox: notices written in the move's transaction, sent after it commits.

The service layer calls the `queue_*` functions inside its transaction. Each writes at most one
`Notice` row (its `dedupe_key` is unique, so queueing the same notice again does nothing) and
asks, on commit, for `tasks.send_notice` to send it. Whoever sends a row first claims it with a
conditional update, so a row is sent once however many tasks, retries and sweeps reach it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, time, timedelta

from django.conf import settings
from django.core.mail.backends import console, dummy
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from wildcards import after_response
from wildcards.celery import app

from . import hooks, rows
from .models import Notice, Preference
from .preferences import quiet_of, wants
from .quiet_hours import Quiet

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
# Kinds held back for WILDCARDS_TURN_NOTICE_DELAY and sent only to a person who has not been at
# the table since (the games app's check says so at sending time).
HELD_BACK = (Notice.Kind.YOUR_TURN, Notice.Kind.GAME_START, Notice.Kind.GAME_OVER)
# The daily digest goes at this local time, or when the person's quiet hours end.
DIGEST_AT = time(8, 0)
# A notice due within this time of its writing is handed to the broker at once (with an ETA);
# one due later (a "your turn" held back, the end of someone's quiet hours) is the sweep's to
# send (`unsent`), which runs every SWEEP_EVERY: a task a move cost the web process a tenth of
# its time at 60 moves a second (docs/benchmarks.md), and Redis would deliver a task held longer
# than its visibility timeout (an hour) twice.
ETA_LIMIT = timedelta(seconds=30)
SWEEP_EVERY = 15.0  # seconds: Celery beat's period for `tasks.send_pending_notices`
# Notices written together (`written_together`) go to the broker this many to a task, each
# task's notices due within this time of its first.
SEND_TOGETHER = 20
TOGETHER_WITHIN = timedelta(seconds=5)

SENT, SKIPPED, NOT_CLAIMED = "sent", "skipped", "not-claimed"
UNDELIVERED = "undelivered"

# Django's backends that hand a message to no one (the console one prints it, the file one, its
# subclass, writes it to a folder): a notice "sent" through them would be a lie. locmem, the
# tests' backend, stands for a real one there.
NON_DELIVERING_BACKENDS = (console.EmailBackend, dummy.EmailBackend)

# Inside `written_together`: the notices queued, to write when it ends.
_together: ContextVar[list[Notice] | None] = ContextVar("notices_together", default=None)


# ---------------------------------------------------------------------------- queueing
def turn_key(round_number: int, deadline_at: datetime) -> str:
    """What tells one turn from another at a table: a new turn always gets a new deadline."""
    return f"{round_number}:{deadline_at.astimezone(UTC).strftime('%Y%m%dT%H%M%S.%fZ')}"


def queue_notice(kind: str, user, table, dedupe_key: str, context: dict, *,
                 due_at: datetime | None = None) -> Notice | None:
    """Write a notice to send after the current transaction commits. Returns the new row, or
    None when nothing was written: the user does not want this kind of email (or this table's),
    or has no address, the table is a real-time one and the kind is for turn-by-turn tables, or
    a notice with this key was queued before. `context` is what the email shows (JSON values
    only).

    A notice goes at `due_at` (default: now, and for the kinds HELD_BACK the turn notice delay
    later, so that a player at the table gets none), moved past the user's quiet hours but for
    a reminder, whose time the caller chose with them in mind."""
    if kind not in Notice.Kind.values:
        raise ValueError(f"unknown notice kind: {kind}")
    if kind in TURN_BY_TURN_ONLY and table.mode == table.Mode.REALTIME:
        return None
    if table is None and kind != Notice.Kind.DIGEST:
        return None
    if not wants(user, kind, table.pk if table is not None else None):
        return None
    now = timezone.now()
    if kind in HELD_BACK:
        context = {"since": now.isoformat(), **context}
        due_at = due_at or now + timedelta(seconds=settings.WILDCARDS_TURN_NOTICE_DELAY)
    due_at = due_at or now
    if kind != Notice.Kind.REMINDER and user is not None:
        due_at = quiet_of(user).allowed_from(due_at)
    notice = Notice(kind=kind, user=user, table=table, round_number=context.get("round"),
                    dedupe_key=dedupe_key, context=context, due_at=due_at)
    together = _together.get()
    if together is not None:
        together.append(notice)
        return notice
    if not rows.insert_new([notice]):
        return None  # queued before (by a transaction still open, too: the insert waits)
    schedule(notice)
    return notice


@contextmanager
def written_together(execute: rows.Execute | None = None) -> Iterator[list[Notice]]:
    """The notices queued inside are written when it ends, in one INSERT (those queued before
    left out, as one at a time), and their tasks asked for together once the transaction
    commits: the deadline sweep queues hundreds at once. `execute` runs the INSERT (a move
    sends it with its own writes). Yields the list of the notices written, filled when it
    ends; nothing is written if it ends with an exception. Inside another such block, it
    leaves its notices to that one."""
    if _together.get() is not None:
        yield []
        return
    pending: list[Notice] = []
    written: list[Notice] = []
    token = _together.set(pending)
    try:
        yield written
    finally:
        _together.reset(token)
    written += rows.insert_new(pending, execute)
    schedule_together(written)


def schedule(notice: Notice) -> None:
    """Ask for the notice's task once the transaction commits: now, or at its due time when
    that is within ETA_LIMIT; a notice due later is sent by the sweep (`unsent`), at most
    SWEEP_EVERY late. After the response (the player need not wait for the broker); robust: a
    broker that is down must not turn a committed move into an error, the sweep sends the row
    later."""
    notice_id, due_at = notice.pk, notice.due_at
    if due_at - timezone.now() > ETA_LIMIT:
        return
    transaction.on_commit(lambda: after_response.soon(lambda: _send_later(notice_id, due_at)),
                          robust=True)


def schedule_together(notices: list[Notice]) -> None:
    """`schedule` for many: once the transaction commits, a task for every SEND_TOGETHER of
    them due within TOGETHER_WITHIN of each other (a broker round trip a notice would cost more
    than the writes), at the last one's due time."""
    if len(notices) == 1:
        schedule(notices[0])  # a group of one goes as one
        return
    now = timezone.now()
    soon = sorted((n for n in notices if n.due_at - now <= ETA_LIMIT), key=lambda n: n.due_at)
    groups: list[list[Notice]] = []
    for notice in soon:
        group = groups[-1] if groups else None
        if (group is None or len(group) == SEND_TOGETHER
                or notice.due_at - group[0].due_at > TOGETHER_WITHIN):
            groups.append(group := [])
        group.append(notice)
    batches = [([n.pk for n in group], group[-1].due_at) for group in groups]
    if batches:
        transaction.on_commit(lambda: after_response.soon(lambda: _send_together(batches)),
                              robust=True)


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


def _send_later(notice_id: int, due_at: datetime | None = None) -> None:
    # By name: the tasks module imports this one.
    eta = due_at if due_at is not None and due_at > timezone.now() else None
    app.tasks["notifications.tasks.send_notice"].apply_async((notice_id,), eta=eta)


def _send_together(batches: list[tuple[list[int], datetime]]) -> None:
    now = timezone.now()
    task = app.tasks["notifications.tasks.send_notices"]
    with app.producer_or_acquire() as producer:
        for notice_ids, due_at in batches:
            task.apply_async((notice_ids,), eta=due_at if due_at > now else None,
                             producer=producer)


def queue_digests(now: datetime | None = None) -> int:
    """The daily digest of everyone who chose one and whose digest time has come today (08:00
    their time, or the end of their quiet hours): the tables waiting on them, in one email, once
    a day, and none on a day nothing waits. Returns how many were queued."""
    now = now or timezone.now()
    queued = 0
    chosen = (Preference.objects.filter(daily_digest=True, unsubscribed_all=False,
                                        turn_emails=True, user__is_active=True)
              .exclude(user__email="").select_related("user"))
    for preference in chosen:
        quiet = Quiet.of(preference)
        local = now.astimezone(quiet.zone)
        at = quiet.end or DIGEST_AT
        if local.time() < at or quiet.is_quiet(now):
            continue
        user = preference.user
        user.notification_preference = preference
        key = f"digest:{user.pk}:{local.date().isoformat()}"
        if Notice.objects.filter(dedupe_key=key).exists():
            continue
        tables = [row for row in hooks.waiting_tables(user)
                  if row["table"] not in preference.muted_tables]
        if tables and queue_notice(Notice.Kind.DIGEST, user, None, key,
                                   {"tables": tables}, due_at=now):
            queued += 1
    return queued


def turn_email_since(user_id: int, table_id: int, since: datetime | None, *,
                     but: int | None = None) -> bool:
    """Whether a "your turn" email of the table went to the user after `since` (None: ever);
    `but` leaves one notice out."""
    sent = Notice.objects.filter(user_id=user_id, table_id=table_id, kind=Notice.Kind.YOUR_TURN,
                                 status__in=(Notice.Status.SENT, Notice.Status.UNDELIVERED))
    if since is not None:
        sent = sent.filter(claimed_at__gt=since)
    return sent.exclude(pk=but).exists()


# ---------------------------------------------------------------------------- the sweep
def unsent(now: datetime | None = None, limit: int = 10_000) -> list[int]:
    """Rows the sweep should send: pending ones whose task got lost or that had none (due long
    after they were written: a "your turn" held back), failed ones their task's retries have
    given up on, 'sending' ones whose sender died. Oldest due first."""
    now = now or timezone.now()
    due = (
        Q(status=Notice.Status.PENDING, due_at__lt=now - PENDING_GRACE)
        # Due now, and due too late for a task of its own (ETA_LIMIT): the sweep sends it.
        | Q(status=Notice.Status.PENDING, due_at__lte=now,
            due_at__gt=F("created_at") + ETA_LIMIT)
        | Q(status=Notice.Status.FAILED, claimed_at__lt=now - FAILED_GRACE)
        | Q(status=Notice.Status.SENDING, claimed_at__lt=now - SENDING_TIMEOUT)
    )
    return list(Notice.objects.filter(due, attempts__lt=MAX_ATTEMPTS)
                .order_by("due_at").values_list("pk", flat=True)[:limit])


# ---------------------------------------------------------------------------- invitations
def queue_invitation(table, *, user, address: str, dedupe_key: str,
                     context: dict) -> Notice | None:
    """A host's invitation to `table`: to `user`'s account (it obeys their `unsubscribed_all`),
    or, with `user` None, to `address`, which no account uses (the row has no user; its email
    goes to `context["to"]`). Once per `dedupe_key`, like every notice."""
    if user is None and not address:
        raise ValueError("an invitation goes to an account or an address")
    to = {} if user is not None else {"to": address}
    return queue_notice(Notice.Kind.INVITATION, user, table, dedupe_key, {**context, **to})
