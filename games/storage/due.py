"""What the clock finds due: reminders, deadlines, seats not seen for a while.

Only the current round of a game being played has a reminder or a deadline set (an ended round
and a finished game clear theirs), so the partial indexes alone find the due rows: whatever the
number of tables, a pass reads what is due. The sweep claims them many at a time, in one
statement each, with `FOR UPDATE SKIP LOCKED` where the database has it (PostgreSQL): a row
that another transaction holds (a move, another sweep) is left to it, so two sweeps never take
the same row. SQLite (the embedded set-up) runs one writer at a time and needs no such clause.

The table settings the sweep reads in SQL are read here and nowhere else: `mode` (the seats
gone away are looked for at real-time tables only).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from django.db import connections

from games.models import Round, Seat, Table

from . import sql


def _locks_rows() -> bool:
    return connections[sql.DB].features.has_select_for_update_skip_locked


def claim_reminders(now: datetime, limit: int) -> list[int]:
    """Take up to `limit` of the reminders due at `now`, the oldest first, for sending: their
    `remind_at` goes back to NULL in one statement, and their tables stay locked until the
    transaction ends (a move waits, then sets its own). Returns the rounds' ids."""
    connection = connections[sql.DB]
    rounds, at = sql.table(Round), connection.ops.adapt_datetimefield_value(now)
    # The tables are locked, as every writer of a table's rows locks it first: a round locked
    # before its table would deadlock with a move (table, then round) and with the email's
    # row (its key to the table).
    locked = (f"JOIN {sql.table(Table)} t ON t.id = r.table_id WHERE r.remind_at <= %s "
              f"ORDER BY r.remind_at LIMIT %s FOR UPDATE OF t SKIP LOCKED"
              if _locks_rows() else "WHERE r.remind_at <= %s ORDER BY r.remind_at LIMIT %s")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {rounds} SET remind_at = NULL WHERE remind_at <= %s AND id IN ("
            f"SELECT r.id FROM {rounds} r {locked}) RETURNING id", [at, at, limit])
        return [row[0] for row in cursor.fetchall()]


def reminder_rounds(round_ids: Collection[int]) -> list[tuple[Round, Seat | None]]:
    """The rounds with their tables, each with the seat whose turn it is (its user carrying its
    email preference): two queries however many."""
    rounds = list(Round.objects.filter(pk__in=round_ids).select_related("table").order_by("pk"))
    seats = {(seat.table_id, seat.number): seat for seat in Seat.objects.filter(
        table_id__in={r.table_id for r in rounds}).select_related(
        "user", "user__notification_preference")}
    return [(r, seats.get((r.table_id, r.turn))) for r in rounds]


def due_reminders(now: datetime, limit: int) -> list[tuple[int, datetime]]:
    """(round id, remind_at) of the reminders due at `now`, the oldest first (read without a
    claim: the sweep's way one at a time, after a claim of many failed)."""
    return list(Round.objects.filter(remind_at__lte=now).order_by("remind_at")
                .values_list("pk", "remind_at")[:limit])


def claim_due_tables(now: datetime, limit: int,
                     skip: Collection[int] = ()) -> list[tuple[int, datetime]]:
    """Lock up to `limit` tables whose turn is due at `now` (but `skip`'s), the longest due
    first, until the transaction ends. Returns (table id, deadline_at) of each: the deadline
    that was due, to check against the round read afterwards."""
    if not _locks_rows():
        return due_deadlines(now, skip, limit)  # one writer at a time: nothing to skip
    skipped = f"AND r.table_id NOT IN ({', '.join(['%s'] * len(skip))}) " if skip else ""
    return [tuple(row) for row in sql.fetch(
        f"SELECT r.table_id, r.deadline_at FROM {sql.table(Round)} r "
        f"JOIN {sql.table(Table)} t ON t.id = r.table_id "
        f"WHERE r.deadline_at <= %s {skipped}ORDER BY r.deadline_at LIMIT %s "
        f"FOR UPDATE OF t SKIP LOCKED", [now, *skip, limit])]


def due_deadlines(now: datetime, skip: Collection[int], limit: int) -> list[tuple[int, datetime]]:
    """(table id, deadline_at) of the turns due at `now`, the oldest first, but `skip`'s (read
    without a lock: the sweep's way one table at a time, after a claim of many failed)."""
    return list(Round.objects.filter(deadline_at__lte=now).exclude(table_id__in=skip)
                .order_by("deadline_at").values_list("table_id", "deadline_at")[:limit])


def tables_with_seats_unseen_since(since: datetime, limit: int) -> list[int]:
    """Real-time tables being played with a person's seat not seen since `since`."""
    return sorted(set(Seat.objects.filter(
        table__mode=Table.Mode.REALTIME, table__status=Table.Status.PLAYING,
        state=Seat.State.PLAYING, user__isnull=False, last_seen_at__lt=since,
    ).values_list("table_id", flat=True)[:limit]))


def turn_is_due(table_id: int, version: int, now: datetime) -> bool:
    """Whether the table is still at `version` with its turn due at `now` (one cheap query
    before taking the lock)."""
    return Table.objects.filter(pk=table_id, version=version,
                                current_round__deadline_at__lte=now).exists()


def try_lock(table_id: int) -> bool:
    """Lock the table row unless another transaction holds it (then False at once, without
    waiting): the sweep leaves a table somebody is changing to them."""
    return Table.objects.select_for_update(skip_locked=True).filter(pk=table_id).exists()
