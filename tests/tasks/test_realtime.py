"""Real-time move timers: the timeout at the deadline (ETA task or sweep), the third timeout
hands the seat to a bot, a task made for an older version does nothing, and a move racing the
expiry: exactly one of them applies."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from timed import T0, current, in_threads, round_of, seat, started_table, timed_setup  # noqa: F401

from games import deadlines, tasks
from games.models import Move as MoveRow
from games.models import Seat
from games.rules import timeout_move
from games.service import effects, play
from games.service.errors import Accepted

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def sweep(now):
    """The sweep at `now`, the clock there too: the ETA tasks it queues run at once in tests
    (eagerly) and must see the same time."""
    with time_machine.travel(now, tick=False):
        return deadlines.sweep(now)


def test_a_normal_timer_runs_out_after_30_seconds():
    table, _ = started_table(mode="realtime", move_timer="normal")
    turn = round_of(table).turn
    assert round_of(table).deadline_at == T0 + timedelta(seconds=30)
    assert sweep(T0 + timedelta(seconds=29))["expired"] == 0
    assert sweep(T0 + timedelta(seconds=30))["expired"] == 1
    moves = list(MoveRow.objects.filter(table_id=table).exclude(action="deal"))
    assert moves and {(m.by, m.seat) for m in moves} == {("timer", turn)}
    assert seat(table, turn).timeouts == 1
    assert seat(table, turn).state == Seat.State.PLAYING
    assert round_of(table).deadline_at == T0 + timedelta(seconds=60)


@pytest.mark.parametrize(("timer", "seconds"), [("relaxed", 45), ("fast", 15)])
def test_the_other_timers(timer, seconds):
    table, _ = started_table(mode="realtime", move_timer=timer)
    assert round_of(table).deadline_at == T0 + timedelta(seconds=seconds)


def test_the_eta_task_expires_the_turn_it_was_made_for_and_nothing_else():
    table, _ = started_table(mode="realtime", move_timer="fast")
    version = current(table).table.version
    deadline = T0 + timedelta(seconds=15)
    with time_machine.travel(deadline - timedelta(seconds=1), tick=False):
        assert tasks.expire_turn.delay(table, version).get() is False  # not yet
    with time_machine.travel(deadline, tick=False):
        assert tasks.expire_turn.delay(table, version - 1).get() is False  # moved on
        assert tasks.expire_turn.delay(table, version).get() is True
        assert tasks.expire_turn.delay(table, version).get() is False  # delivered twice
    assert MoveRow.objects.filter(table_id=table, by="timer").exists()


def test_the_third_timeout_puts_a_bot_in_the_seat_for_the_rest_of_the_game():
    table, people = started_table(mode="realtime", move_timer="normal")
    for _ in range(12):
        r = round_of(table)
        if r is None or r.deadline_at is None:
            break
        sweep(r.deadline_at)
        if Seat.objects.filter(table_id=table, state=Seat.State.BOT).exists():
            break
    bot = Seat.objects.get(table_id=table, state=Seat.State.BOT)
    assert bot.timeouts == 3 and bot.user_id == people[bot.number].pk
    other = seat(table, 1 - bot.number)
    assert other.timeouts <= 3 and other.state == Seat.State.PLAYING
    game = current(table)
    if game.state.status == "playing":  # the bot has played its turns: the person is to play
        assert game.state.turn == other.number


@pytest.mark.django_db(transaction=True)  # threads: their own connections
def test_a_move_racing_the_expiry_exactly_one_applies():
    table, people = started_table(mode="realtime", move_timer="normal")
    game = current(table)
    turn, version = game.state.turn, game.table.version
    move = timeout_move(game.state)
    deadline = T0 + timedelta(seconds=30)
    with time_machine.travel(deadline, tick=False):
        answer, counts = in_threads(
            lambda: play.make_move(table, people[turn], move, expected_version=version),
            lambda: deadlines.expire_due(deadline),
        )
    assert not isinstance(answer, Exception), answer
    assert not isinstance(counts, Exception), counts
    first = MoveRow.objects.get(table_id=table, version=version + 1)
    timer_moves = MoveRow.objects.filter(table_id=table, by="timer").count()
    if isinstance(answer, Accepted):
        assert first.by == "player" and timer_moves == 0 and counts == (0, 0)
    else:
        assert answer.code == "stale-version" and first.by == "timer" and counts == (1, 0)
        assert seat(table, turn).timeouts == 1


def test_each_real_time_turn_of_a_person_queues_its_expiry_at_the_deadline(monkeypatch):
    queued = []
    real = effects.publish

    def publish(task, *args, eta=None):
        if task == effects.EXPIRE_TURN:
            queued.append((*args, eta))
        else:
            real(task, *args, eta=eta)

    monkeypatch.setattr(effects, "publish", publish)
    table, _ = started_table(mode="realtime", move_timer="fast")
    game = current(table)
    assert queued == [(table, game.table.version, T0 + timedelta(seconds=15))]
    sweep(T0 + timedelta(seconds=15))
    game = current(table)
    assert queued[-1] == (table, game.table.version, T0 + timedelta(seconds=30))


def test_three_timeouts_not_in_a_row_put_a_bot_in_the_seat_too():
    """Rule book, "Time limits": "a player who runs out of time three times (not necessarily
    in a row) is replaced by a bot". The slow player moves in time between their timeouts."""
    table, people = started_table(mode="realtime", move_timer="normal")
    slow = round_of(table).turn
    own_moves = timeouts = 0
    for _ in range(60):
        game = current(table)
        assert game.state.status == "playing"
        turn, deadline = game.state.turn, round_of(table).deadline_at
        if turn == slow and own_moves >= timeouts:
            sweep(deadline)
            timeouts += 1
            assert seat(table, slow).timeouts == timeouts
            if timeouts == 3:
                break
            assert seat(table, slow).state == Seat.State.PLAYING
        else:  # the other player, or the slow one between two timeouts, moves in time
            with time_machine.travel(deadline - timedelta(seconds=1), tick=False):
                answer = play.make_move(table, people[turn], timeout_move(game.state))
            assert isinstance(answer, Accepted), answer
            own_moves += turn == slow
    assert (timeouts, own_moves) == (3, 2)
    bot = seat(table, slow)
    assert bot.state == Seat.State.BOT and bot.user_id == people[slow].pk
    assert seat(table, 1 - slow).state == Seat.State.PLAYING
