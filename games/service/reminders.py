"""The halfway reminder of a turn-by-turn turn: the deadline sweep's, many in one transaction.

A reminder is claimed by setting its round's `remind_at` back to NULL (`storage.due`), in the
transaction that queues its email, so that it goes once however many sweeps run: many at once
in one statement (their rounds locked, those another transaction holds left to it), or one at a
time with a conditional update when a claim of many failed. An email goes to the person whose
turn it is, if the round is still the table's current one with a deadline, and the seat still
theirs (bots and seats that left get none).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from games.models import Round, Seat, Table
from games.storage import due, writes
from notifications.outbox import queue_reminder, written_together


def remind_due(now: datetime, limit: int) -> tuple[int, int]:
    """In one transaction, claim up to `limit` of the reminders due at `now` and queue the
    emails of those that still call for one, in one INSERT. Returns (claimed, queued). If
    anything fails, nothing is changed and the exception goes to the caller."""
    with transaction.atomic(), written_together() as written:
        claimed = due.claim_reminders(now, limit)
        for round_row, seat in due.reminder_rounds(claimed):
            if calls_for_a_reminder(round_row, seat):
                queue_reminder(seat.user, round_row.table, round_number=round_row.number,
                               deadline_at=round_row.deadline_at)
    return len(claimed), len(written)


def remind(round_id: int, remind_at: datetime) -> bool:
    """The reminder of one round, if it is still the one read (`remind_at`). Returns whether
    an email was queued."""
    with transaction.atomic():
        if not writes.claim_reminder(round_id, remind_at):
            return False  # another sweep has it, or a move changed the turn
        found = due.reminder_rounds([round_id])
        if not found or not calls_for_a_reminder(*found[0]):
            return False
        round_row, seat = found[0]
        return queue_reminder(seat.user, round_row.table, round_number=round_row.number,
                              deadline_at=round_row.deadline_at) is not None


def calls_for_a_reminder(round_row: Round, seat: Seat | None) -> bool:
    """Whether the claimed reminder of `round_row` (`seat`: whose turn it is) emails anyone."""
    table = round_row.table
    return (table.current_round_id == round_row.pk and round_row.deadline_at is not None
            and table.mode == Table.Mode.TURN and seat is not None and seat.user_id is not None
            and seat.state == Seat.State.PLAYING)
