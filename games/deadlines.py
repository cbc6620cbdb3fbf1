"""The clock's periodic pass: halfway reminders, turns that ran out, standing orders whose
task was lost, seats whose players went away, vacations whose end has come.

`sweep(now)` runs every few seconds (Celery beat, or `manage.py sweep_deadlines`). It only
finds what is due and claims it; the changes themselves are the service layer's
(`play.expire_turn`, `presence.mark_away`). It is safe to run twice and side by side:
- a reminder is claimed with a conditional update of its round (`remind_at` back to NULL only
  if it is still the value read), and the notice row has a unique key;
- an expiry skips a table another transaction holds and checks, under the table's lock, that
  the deadline it was due for is still the round's.
- standing orders are claimed with a conditional update of their seat (`orders.act`).
A table that fails is logged and its deadline pushed forward a minute: the others go on.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction

from games.models import Seat, Table
from games.service import orders, play, presence, vacations
from games.service.clock import AWAY_AFTER
from games.storage import due, writes
from notifications.outbox import queue_reminder

log = logging.getLogger(__name__)

BATCH = 100
MOST_PER_PASS = 2000  # tables one pass expires at most; the next pass (seconds later) goes on
RETRY_AFTER = timedelta(minutes=1)  # a table whose expiry failed is tried again then


def sweep(now: datetime) -> dict:
    """One pass over everything due at `now`. Returns counts of what it did."""
    counts = {"reminders": send_reminders(now)}
    counts["expired"], counts["failed"] = expire_due(now)
    counts["orders"], counts["orders_failed"] = orders.act_on_due(now)
    counts["away"] = mark_away(now)
    counts["vacations"] = end_vacations(now)
    return counts


def send_reminders(now: datetime) -> int:
    sent = 0
    for round_id, remind_at in due.due_reminders(now, BATCH * 10):
        try:
            with transaction.atomic():
                if not writes.claim_reminder(round_id, remind_at):
                    continue  # another sweep has it, or a move changed the turn
                round_row, seat = due.reminder_round(round_id)
                table = round_row.table
                if (table.current_round_id != round_id or round_row.deadline_at is None
                        or table.mode != Table.Mode.TURN):
                    continue
                if seat is None or seat.user_id is None or seat.state != Seat.State.PLAYING:
                    continue  # bots and seats that left get no email
                if queue_reminder(seat.user, table, round_number=round_row.number,
                                  deadline_at=round_row.deadline_at) is not None:
                    sent += 1
        except Exception:
            log.exception("reminder of round %s failed", round_id)
    return sent


def expire_due(now: datetime) -> tuple[int, int]:
    """Apply every deadline due at `now`, one table per transaction. Returns (expired,
    failed)."""
    expired = failed = 0
    seen: set[int] = set()
    while len(seen) < MOST_PER_PASS:
        found = due.due_deadlines(now, seen, BATCH)
        if not found:
            break
        for table_id, deadline in found:
            seen.add(table_id)
            try:
                if play.expire_turn(table_id, now, due=deadline):
                    expired += 1
            except Exception:
                failed += 1
                log.exception("expiry at table %s failed; trying again in a minute", table_id)
                writes.postpone_deadline(table_id, deadline, now + RETRY_AFTER)
    return expired, failed


def expire(table_id: int, version: int, now: datetime) -> bool:
    """The ETA task's pass: only if the table is still at `version` and its turn is due."""
    if not due.turn_is_due(table_id, version, now):
        return False
    return play.expire_turn(table_id, now, version=version)


def end_vacations(now: datetime) -> int:
    """Vacations whose end has come: settled, and their tables' viewers told."""
    try:
        return vacations.end_lapsed(now)
    except Exception:
        log.exception("ending vacations failed")
        return 0


def mark_away(now: datetime) -> int:
    """Real-time seats not seen for two minutes: a bot plays for them until they return."""
    gone = 0
    for table_id in due.tables_with_seats_unseen_since(now - AWAY_AFTER, BATCH * 10):
        try:
            gone += presence.mark_away(table_id, now)
        except Exception:
            log.exception("marking seats away at table %s failed", table_id)
    return gone
