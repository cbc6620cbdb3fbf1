"""Standing orders over time (issue 27): when they act (at once, or after WILDCARDS_ORDER_DELAY
while the others may still jump in or catch a missed call), that they act as the player's own
move through the service (logged `by: "order"`), exactly once with two workers, never on a
table that moved on, and that they end with their round unless kept. The clock is frozen."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from rigged import deck_order
from timed import T0, current, in_threads, person, round_of, seat, timed_setup  # noqa: F401

from games import deadlines
from games.models import Move as MoveRow
from games.models import Table
from games.rules import Move
from games.rules.orders import DRAW_WHEN_STUCK, PLAY_DRAWN, TAKE_PENALTY
from games.service import effects, lobby, orders, play
from games.service.errors import Accepted, GameError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

DELAY = timedelta(seconds=60)
# Seat 1 (Ben) plays first, on a red 5, holding nothing red and no 5.
ANA = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN = ["sun-1", "sun-3", "leaf-2", "leaf-3", "wave-3", "wave-4", "sun-4"]


@pytest.fixture
def tasks(monkeypatch):
    """The tasks queued, not run: (name, args, eta) — the sweep stands in for the worker."""
    queued = []
    monkeypatch.setattr(effects, "publish",
                        lambda name, *args, eta=None: queued.append((name, args, eta)))
    return queued


def table_of_two(*, hands=(ANA, BEN), draw=("leaf-6",), **fields) -> tuple[int, list]:
    """Ana hosts, Ben joins; dealt at T0 from a rigged deck (Ben to play first)."""
    ana, ben = person(), person()
    with time_machine.travel(T0, tick=False):
        game = lobby.create_table(ana, {"players": 2, "deck_order": deck_order(
            list(hands), "flame-5", list(draw)), **fields})
        lobby.join_table(game.table.pk, ben, game.table.invite)
        lobby.start_game(game.table.pk, ana)
    return game.table.pk, [ana, ben]


def moves_by_order(table: int) -> list[MoveRow]:
    return list(MoveRow.objects.filter(table_id=table, by="order").order_by("version"))


def test_an_order_with_no_window_to_keep_acts_at_once_as_the_players_own_move(tasks):
    table, (_, ben) = table_of_two()
    version = Table.objects.get(pk=table).version
    with time_machine.travel(T0 + timedelta(minutes=5), tick=False):
        given = orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
    assert given == {"orders": [DRAW_WHEN_STUCK], "keep": False}
    assert Table.objects.get(pk=table).version == version  # giving orders moves nothing
    assert seat(table, 1).orders_due_at == T0 + timedelta(minutes=5)
    assert [(name, args) for name, args, _ in tasks] == [
        (effects.ACT_ON_ORDERS, (table, version))]
    with time_machine.travel(T0 + timedelta(minutes=5), tick=False):
        assert orders.act_now(table, version)
    [drew] = moves_by_order(table)
    assert (drew.seat, drew.action, drew.version) == (1, "draw", version + 1)
    assert drew.created_at == T0 + timedelta(minutes=5)
    assert current(table).state.turn == 0  # the green 6 did not play: Ana's turn
    assert seat(table, 1).orders_due_at is None


def test_an_order_waits_the_delay_while_the_others_may_jump_in(tasks):
    table, (_, ben) = table_of_two(jump_in=True)
    version = Table.objects.get(pk=table).version
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
    assert seat(table, 1).orders_due_at == T0 + DELAY
    assert tasks[-1] == (effects.ACT_ON_ORDERS, (table, version), T0 + DELAY)
    assert deadlines.sweep(T0 + DELAY - timedelta(seconds=1))["orders"] == 0
    assert not moves_by_order(table)
    with time_machine.travel(T0 + DELAY, tick=False):
        assert deadlines.sweep(T0 + DELAY)["orders"] == 1
    assert [m.action for m in moves_by_order(table)] == ["draw"]


def test_the_delay_is_a_setting(tasks, settings):
    settings.WILDCARDS_ORDER_DELAY = 300
    table, (_, ben) = table_of_two(last_card_call=True, jump_in=True)
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
    assert seat(table, 1).orders_due_at == T0 + timedelta(seconds=300)


def test_a_jump_in_before_the_order_acts_makes_its_task_do_nothing(tasks):
    jumper = [*ANA[:-1], "flame-5"]  # Ana holds the starter's twin
    table, (ana, ben) = table_of_two(hands=(jumper, BEN), jump_in=True)
    version = Table.objects.get(pk=table).version
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
    jump = T0 + timedelta(seconds=10)
    with time_machine.travel(jump, tick=False):
        assert isinstance(play.make_move(table, ana, Move("play", "flame-5")), Accepted)
    # Ben's turn again (two players), a new window on Ana's card: a new wait.
    assert seat(table, 1).orders_due_at == jump + DELAY
    with time_machine.travel(T0 + DELAY, tick=False):
        assert not orders.act_now(table, version)
        assert deadlines.sweep(T0 + DELAY)["orders"] == 0
    assert not moves_by_order(table)
    with time_machine.travel(jump + DELAY, tick=False):
        assert deadlines.sweep(jump + DELAY)["orders"] == 1
    assert [m.version for m in moves_by_order(table)] == [version + 2]


def test_a_drawn_card_that_plays_is_played_by_the_next_order_at_once(tasks):
    table, (_, ben) = table_of_two(draw=("flame-7",))
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK, PLAY_DRAWN], keep=False)
        assert deadlines.sweep(T0)["orders"] == 1
        assert seat(table, 1).orders_due_at == T0  # the drawn card, due at once
        assert deadlines.sweep(T0)["orders"] == 1
    assert [(m.action, m.card) for m in moves_by_order(table)] == [
        ("draw", None), ("play", "flame-7")]
    assert current(table).state.turn == 0


def test_without_play_drawn_the_drawn_card_waits_for_its_player(tasks):
    table, (_, ben) = table_of_two(draw=("flame-7",))
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
        deadlines.sweep(T0)
        assert deadlines.sweep(T0)["orders"] == 0
    assert current(table).state.turn == 1 and seat(table, 1).orders_due_at is None


def test_orders_never_play_a_card_when_the_hand_holds_a_playable_one(tasks):
    table, (ana, ben) = table_of_two()
    with time_machine.travel(T0, tick=False):
        play.make_move(table, ben, Move("draw"))  # the green 6: Ana's turn, she holds reds
        orders.give_orders(table, ana, list(orders.ORDERS), keep=True)
    assert seat(table, 0).orders_due_at is None
    assert deadlines.sweep(T0 + timedelta(days=1) - timedelta(seconds=1))["orders"] == 0
    assert not moves_by_order(table)


def test_an_order_made_move_does_not_count_as_the_player_being_there(tasks, settings):
    settings.WILDCARDS_ORDER_DELAY = 60
    table, (_, ben) = table_of_two(jump_in=True)
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
    seen = seat(table, 1).last_seen_at
    with time_machine.travel(T0 + DELAY, tick=False):
        assert deadlines.sweep(T0 + DELAY)["orders"] == 1
    assert seat(table, 1).last_seen_at == seen


@pytest.mark.django_db(transaction=True)  # threads: their own connections
def test_two_workers_act_on_the_same_orders_once(tasks):
    table, (_, ben) = table_of_two()
    version = Table.objects.get(pk=table).version
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [DRAW_WHEN_STUCK], keep=False)
    now = T0 + timedelta(seconds=1)
    results = in_threads(lambda: orders.act(table, version, now),
                         lambda: orders.act(table, version, now),
                         lambda: deadlines.sweep(now))
    assert not any(isinstance(r, Exception) for r in results), results
    acted = results[0] + results[1] + results[2]["orders"]
    assert acted == 1
    assert len(moves_by_order(table)) == 1


def test_orders_not_kept_end_with_their_round(tasks):
    table, (ana, ben) = table_of_two(scoring="target", target=5000)
    with time_machine.travel(T0, tick=False):
        orders.give_orders(table, ben, [TAKE_PENALTY], keep=False)
        orders.give_orders(table, ana, [TAKE_PENALTY], keep=True)
    game = current(table)
    game.state.round_number += 1  # as if the next round were dealt
    assert orders.shown(game.seats[1], game.state) == {"orders": [], "keep": False}
    assert orders.shown(game.seats[0], game.state) == {"orders": [TAKE_PENALTY], "keep": True}


def test_orders_are_for_turn_by_turn_tables(tasks):
    ana = person()
    game = lobby.create_table(ana, {"players": 2, "mode": "realtime"})
    with pytest.raises(GameError) as refused:
        orders.give_orders(game.table.pk, ana, [DRAW_WHEN_STUCK], keep=False)
    assert refused.value.code == "not-turn-by-turn"


def test_an_unknown_order_is_refused_and_changes_nothing(tasks):
    table, (_, ben) = table_of_two()
    with pytest.raises(GameError) as refused:
        orders.give_orders(table, ben, ["draw-always"], keep=False)
    assert (refused.value.code, refused.value.field) == ("invalid", "orders")
    assert seat(table, 1).orders == []


def test_what_happened_since_your_last_turn_reads_past_your_orders_moves():
    from games.service.words import log_line, since_last_move

    entries = [  # newest first, as the page reads them
        {"seat": 0, "action": "play", "by": "player", "events": [
            {"kind": "played", "seat": 0, "card": "flame-9"}]},
        {"seat": 1, "action": "draw", "by": "order", "events": [
            {"kind": "drew", "seat": 1, "count": 1}]},
        {"seat": 0, "action": "play", "by": "player", "events": [
            {"kind": "played", "seat": 0, "card": "flame-8"}]},
        {"seat": 1, "action": "play", "by": "player", "events": [
            {"kind": "played", "seat": 1, "card": "flame-1"}]},
    ]
    since = since_last_move(entries, 1)
    assert [entry["by"] for entry in since] == ["player", "order", "player"]
    line = log_line(since[1], {0: "ana", 1: "ben"}, {0, 1})
    assert line.startswith("ben drew") and line.endswith("(ben's standing order).")
