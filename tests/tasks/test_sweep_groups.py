"""The deadline sweep takes what is due many rows at a time: two sweeps at once still remind
and expire each turn once, a table somebody is changing is left for the next pass, a group
that fails is done again one row at a time, and the queries follow the due rows, not the
tables."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from timed import T0, in_threads, round_of, started_table, timed_setup  # noqa: F401

from games import deadlines
from games.models import Move as MoveRow
from games.models import Seat, Table
from games.service import bots, reminders
from notifications.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

HALFWAY, DEADLINE = T0 + timedelta(hours=6), T0 + timedelta(hours=12)


def tables(count: int, **fields) -> list[int]:
    return [started_table(turn_hours=12, on_expiry="bot", **fields)[0] for _ in range(count)]


def expired_once(table_id: int, turn: int) -> bool:
    """The timer played the turn of `turn` and nothing else, and the next turn has its own
    deadline."""
    timed = MoveRow.objects.filter(table_id=table_id, by="timer")
    return (timed.exists() and {m.seat for m in timed} == {turn}
            and round_of(table_id).deadline_at == DEADLINE + timedelta(hours=12))


def kinds(table_id: int, kind: str) -> int:
    return Notice.objects.filter(table_id=table_id, kind=kind).count()


@pytest.fixture
def small_groups(monkeypatch):
    """Groups of two: six due tables make three groups a sweep, so that two sweeps at once
    meet."""
    monkeypatch.setattr(deadlines, "TABLES_AT_ONCE", 2)
    monkeypatch.setattr(deadlines, "REMINDERS_AT_ONCE", 2)


@pytest.mark.django_db(transaction=True)  # threads: their own connections
def test_two_sweeps_at_once_remind_and_expire_each_of_many_turns_once(small_groups):
    due = tables(6)
    turns = {table: round_of(table).turn for table in due}
    # Halfway, then at the deadline: a sweep that finds both due at once may expire a turn whose
    # reminder the other sweep has not claimed yet (then none is sent: the turn is over).
    reminded = in_threads(lambda: deadlines.sweep(HALFWAY), lambda: deadlines.sweep(HALFWAY))
    assert all(isinstance(r, dict) for r in reminded), reminded
    assert sum(r["reminders"] for r in reminded) == 6
    assert sum(r["expired"] for r in reminded) == 0
    results = in_threads(lambda: deadlines.sweep(DEADLINE), lambda: deadlines.sweep(DEADLINE))
    assert all(isinstance(r, dict) for r in results), results
    assert sum(r["expired"] for r in results) == 6
    assert sum(r["reminders"] for r in results) == 0
    assert sum(r["failed"] for r in results) == 0
    assert all(expired_once(table, turns[table]) for table in due)
    assert all(kinds(table, Notice.Kind.REMINDER) == 1 for table in due)
    assert set(deadlines.sweep(DEADLINE).values()) == {0}  # nothing left for the next pass


@pytest.mark.django_db(transaction=True)  # the lock is held by another connection
def test_a_table_somebody_is_changing_is_left_to_the_next_pass():
    busy, free = tables(2)
    turn = round_of(busy).turn
    locked, release = threading.Event(), threading.Event()

    def hold_the_table():
        with transaction.atomic():
            Table.objects.select_for_update().get(pk=busy)
            locked.set()
            release.wait(30)
        connection.close()

    holder = threading.Thread(target=hold_the_table)
    holder.start()
    try:
        assert locked.wait(30)
        counts = deadlines.sweep(DEADLINE)
    finally:
        release.set()
        holder.join(30)
    assert (counts["expired"], counts["failed"]) == (1, 0)
    assert not MoveRow.objects.filter(table_id=busy, by="timer").exists()
    assert kinds(busy, Notice.Kind.REMINDER) == 0  # its reminder waits for it too
    assert MoveRow.objects.filter(table_id=free, by="timer").exists()
    later = deadlines.sweep(DEADLINE)
    assert (later["expired"], later["reminders"]) == (1, 1)
    assert expired_once(busy, turn)


def test_a_group_of_reminders_that_fails_is_sent_one_at_a_time(monkeypatch, caplog):
    bad, *good = tables(3)
    real = reminders.queue_reminder

    def queue_reminder(user, table, **kwargs):
        if table.pk == bad:
            raise RuntimeError("this reminder is broken")
        return real(user, table, **kwargs)

    monkeypatch.setattr(reminders, "queue_reminder", queue_reminder)
    assert deadlines.send_reminders(HALFWAY) == 2
    assert [kinds(table, Notice.Kind.REMINDER) for table in (bad, *good)] == [0, 1, 1]
    assert "a group of reminders failed" in caplog.text
    assert round_of(bad).remind_at == HALFWAY  # not claimed: tried again by the next pass


def queries_of_a_sweep(now) -> int:
    with CaptureQueriesContext(connection) as context:
        deadlines.sweep(now)
    return len([q for q in context.captured_queries
                if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE"))])


@pytest.mark.parametrize(("due", "not_due"), [(2, 0), (5, 4)])
def test_a_sweeps_queries_follow_the_due_tables_and_not_the_others(monkeypatch, due, not_due):
    """The reminders: their claim, the rounds, the seats, the emails' INSERT. The expiries: the
    claim, the tables, their seats, hands and rounds, then every table's writes and the emails'
    INSERT in one batch, then the claim that finds no more. The standing orders lost by their
    task, the seats gone away, the vacations come to their end: one look-up each. Neither the
    due tables nor those not due add any."""
    monkeypatch.setattr("notifications.outbox._send_together", lambda batches: None)  # a worker's
    tables(due)
    for _ in range(not_due):
        started_table(turn_hours=72)
    assert queries_of_a_sweep(DEADLINE) == 4 + (3 + 1 + 1) + 1 + 1 + 1


def test_a_hard_bot_after_a_swept_timeout_reads_a_move_log_with_the_timeout_in_it(monkeypatch):
    """The sweep sends a group's writes together at its end; a bot that reads the log before
    that (Hard) finds every move made so far written first."""
    table, _ = started_table(3, turn_hours=12, on_expiry="bot")
    turn = round_of(table).turn
    Seat.objects.filter(table_id=table).exclude(number=turn).update(
        state=Seat.State.BOT, bot_level="hard")
    read = []
    real = bots.log_reads.last_log_entries

    def last_log_entries(table_row, count):
        entries = real(table_row, count)
        read.append((table_row.version, entries[0]["version"]))
        return entries

    monkeypatch.setattr(bots.log_reads, "last_log_entries", last_log_entries)
    assert deadlines.sweep(DEADLINE)["expired"] == 1
    assert MoveRow.objects.filter(table_id=table, by="bot").exists()
    assert len(read) > 1 and all(newest == version for version, newest in read), read
