"""Turn-by-turn deadlines: the halfway reminder once, the host's choice on expiry, deadlines
that only an accepted move sets, a failing table that does not stop the sweep, the command."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from timed import T0, current, in_threads, round_of, seat, started_table, timed_setup  # noqa: F401

from games import deadlines
from games.models import Move as MoveRow
from games.models import Round, Seat, Table
from games.rules import Move, timeout_move
from games.service import play
from games.service.errors import Accepted, Refusal
from notifications.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

DAY = timedelta(hours=24)


def reminders(table_id: int) -> list[Notice]:
    return list(Notice.objects.filter(table_id=table_id, kind=Notice.Kind.REMINDER))


def test_a_turn_gets_its_deadline_and_a_reminder_at_halfway():
    table, _ = started_table(turn_hours=24)
    r = round_of(table)
    assert (r.deadline_at, r.remind_at) == (T0 + DAY, T0 + DAY / 2)


def test_it_sends_one_reminder_at_halfway_to_the_player_whose_turn_it_is():
    table, people = started_table(turn_hours=24)
    turn = round_of(table).turn
    assert deadlines.sweep(T0 + DAY / 2 - timedelta(seconds=1))["reminders"] == 0
    assert deadlines.sweep(T0 + DAY / 2)["reminders"] == 1
    assert deadlines.sweep(T0 + DAY / 2)["reminders"] == 0
    assert deadlines.sweep(T0 + DAY / 2 + timedelta(hours=1))["reminders"] == 0
    sent = reminders(table)
    assert [n.user_id for n in sent] == [people[turn].pk]
    assert sent[0].context["deadline"] == (T0 + DAY).isoformat()


@pytest.mark.django_db(transaction=True)  # threads: their own connections
def test_two_sweeps_at_once_send_one_reminder():
    table, _ = started_table(turn_hours=12)
    now = T0 + timedelta(hours=6)
    results = in_threads(lambda: deadlines.sweep(now), lambda: deadlines.sweep(now))
    assert all(isinstance(r, dict) for r in results), results
    assert sum(r["reminders"] for r in results) == 1
    assert len(reminders(table)) == 1


def test_no_reminder_at_a_real_time_table():
    realtime, _ = started_table(mode="realtime")
    assert round_of(realtime).remind_at is None
    deadlines.sweep(T0 + timedelta(hours=6))
    assert reminders(realtime) == []


def test_an_expired_turn_is_played_by_the_timer_and_the_seat_stays_the_players():
    table, people = started_table(turn_hours=24, on_expiry="bot")
    turn = round_of(table).turn
    counts = deadlines.sweep(T0 + DAY)
    assert counts["expired"] == 1
    moves = list(MoveRow.objects.filter(table_id=table).exclude(action="deal"))
    assert moves and all(m.by == MoveRow.By.TIMER and m.seat == turn for m in moves)
    assert all(m.created_at == T0 + DAY for m in moves)
    assert seat(table, turn).state == Seat.State.PLAYING
    assert seat(table, turn).user_id == people[turn].pk
    assert round_of(table).deadline_at == T0 + 2 * DAY  # the next turn's
    assert deadlines.sweep(T0 + DAY)["expired"] == 0  # applied once


def test_on_expiry_leave_the_player_has_left_and_ranks_below_those_who_stayed():
    table, people = started_table(players=3, turn_hours=12, on_expiry="leave")
    turn = round_of(table).turn
    assert deadlines.sweep(T0 + timedelta(hours=12))["expired"] == 1
    assert seat(table, turn).state == Seat.State.LEFT
    conceded = MoveRow.objects.exclude(action="deal").get(table_id=table)
    assert (conceded.action, conceded.by, conceded.seat) == ("concede", "timer", turn)
    r = round_of(table)
    assert r.turn != turn and r.deadline_at == T0 + timedelta(hours=24)
    # One of the two who stayed concedes: the last one standing wins, those who left rank
    # below.
    for number in range(3):
        if number != turn and Table.objects.get(pk=table).status == "playing":
            play.concede(table, people[number])
            break
    assert Table.objects.get(pk=table).status == Table.Status.FINISHED
    over = Notice.objects.filter(table_id=table, kind=Notice.Kind.GAME_OVER).first()
    ranking = over.context["ranking"]
    stayed = [row for row in ranking if not row["left"]]
    assert len(stayed) == 1 and stayed[0]["rank"] == 1
    assert all(row["rank"] > 1 for row in ranking if row["seat"] == turn)


def test_a_refused_move_does_not_move_the_deadline_an_accepted_one_sets_the_next():
    table, people = started_table(turn_hours=24)
    game = current(table)
    turn = game.state.turn
    mover = people[turn]
    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        refused = play.make_move(table, mover, Move("play", "no-such-card"))
        assert isinstance(refused, Refusal)
        assert round_of(table).deadline_at == T0 + DAY
        other = people[1 - turn]
        assert isinstance(play.make_move(table, other, timeout_move(game.state)), Refusal)
        assert round_of(table).deadline_at == T0 + DAY
    with time_machine.travel(T0 + timedelta(hours=2), tick=False):
        move = timeout_move(game.state)
        assert isinstance(play.make_move(table, mover, move), Accepted)
    r = round_of(table)
    if move.action != "choose" and r.drawn is None:  # the turn is over: a new one began
        assert r.deadline_at == T0 + timedelta(hours=2) + DAY
        assert r.remind_at == T0 + timedelta(hours=2) + DAY / 2
    else:  # a starter color chosen or a card drawn to play: the same turn keeps its deadline
        assert r.deadline_at == T0 + DAY


def test_a_failing_table_does_not_stop_the_sweep(monkeypatch):
    bad, _ = started_table(turn_hours=12)
    good, _ = started_table(turn_hours=12)
    real = play.move_for_seats

    def move_for_seats(game, now, **kwargs):
        if game.table.pk == bad:
            raise RuntimeError("this table is broken")
        return real(game, now, **kwargs)

    monkeypatch.setattr(play, "move_for_seats", move_for_seats)
    now = T0 + timedelta(hours=12)
    counts = deadlines.sweep(now)
    assert (counts["expired"], counts["failed"]) == (1, 1)
    assert round_of(bad).deadline_at == now + timedelta(minutes=1)
    assert not MoveRow.objects.filter(table_id=bad).exclude(action="deal").exists()
    assert MoveRow.objects.filter(table_id=good, by="timer").exists()


def test_the_sweep_deadlines_command_sweeps_at_the_time_given():
    table, _ = started_table(turn_hours=12, on_expiry="bot")
    out = io.StringIO()
    call_command("sweep_deadlines", "--now", "2026-03-02T15:00:00Z", stdout=out)
    assert "1 reminder(s) queued" in out.getvalue()
    assert not MoveRow.objects.filter(table_id=table).exclude(action="deal").exists()
    call_command("sweep_deadlines", "--now", "2026-03-02T21:00:00", stdout=out)
    assert "1 turn(s) expired" in out.getvalue()
    assert MoveRow.objects.get(table_id=table, by="timer").created_at == T0 + timedelta(hours=12)
    assert Round.objects.filter(table_id=table, deadline_at=T0 + timedelta(hours=24)).exists()


@pytest.mark.django_db(transaction=True)  # threads: their own connections
def test_two_sweeps_at_once_apply_a_deadline_once():
    table, _ = started_table(turn_hours=12, on_expiry="bot")
    turn = round_of(table).turn
    now = T0 + timedelta(hours=12)
    results = in_threads(lambda: deadlines.sweep(now), lambda: deadlines.sweep(now))
    assert all(isinstance(r, dict) for r in results), results
    assert sum(r["expired"] for r in results) == 1
    assert sum(r["failed"] for r in results) == 0
    timed = MoveRow.objects.filter(table_id=table, by="timer")
    assert timed.exists() and {m.seat for m in timed} == {turn}
    assert round_of(table).deadline_at == now + timedelta(hours=12)
    assert deadlines.sweep(now)["expired"] == 0
