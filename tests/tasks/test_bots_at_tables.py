"""Bots at tables: each plays by its level's policy on its seat's view, through the task queued
after the commit; they jump in when they may, replay the same choices for the same table, and
at a real-time table seem to think for a moment (WILDCARDS_BOT_DELAY_MS)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from rigged import deck_order
from timed import T0, current, person, timed_setup  # noqa: F401

from games.models import Move as MoveRow
from games.rules import timeout_move
from games.service import effects, lobby, play
from games.service.errors import Accepted

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

FILLER = [["sun-1", "sun-2", "sun-3", "sun-4", "sun-5", "sun-6", "sun-7"],
          ["leaf-1", "leaf-2", "leaf-3", "leaf-4", "leaf-5", "leaf-6", "leaf-7"],
          ["wave-1", "wave-2", "wave-3", "wave-4", "wave-5", "wave-6", "wave-7"]]


def table_with(seats: list, *, order: list[str] | None = None, seed: int = 7,
               **fields) -> tuple[int, list]:
    """A table hosted by a person at seat 0; each further seat a person (None) or a bot (its
    level); dealt at T0. Returns the table id and the people by seat (None for a bot)."""
    host = person()
    people: list = [host]
    with time_machine.travel(T0, tick=False):
        game = lobby.create_table(host, {"players": len(seats) + 1, "seed": seed,
                                         "deck_order": order, **fields})
        table = game.table
        for level in seats:
            if level is None:
                people.append(person())
                lobby.join_table(table.pk, people[-1], table.invite)
            else:
                people.append(None)
                lobby.add_bot(table.pk, host, level)
        lobby.start_game(table.pk, host)
    return table.pk, people


def bot_moves(table: int) -> list[tuple]:
    return [(row.seat, row.action, row.card, row.color, row.target) for row in
            MoveRow.objects.filter(table_id=table, by=MoveRow.By.BOT).order_by("version")]


def people_play_the_timeout_move(table: int, people: list) -> None:
    for _ in range(300):
        game = current(table)
        if game.state.status != "playing":
            return
        mover = people[game.state.turn]
        assert mover is not None, "a bot's turn was left for a person"
        assert isinstance(play.make_move(table, mover, timeout_move(game.state)), Accepted)
    raise AssertionError("the game did not end")


def test_a_normal_bot_keeps_its_wild_where_the_timeout_move_would_play_it():
    bot = ["flame-1", "wild", "sun-8", "sun-7", "leaf-8", "leaf-6", "wave-8"]
    order = deck_order([FILLER[0], bot], "flame-9")
    table, _ = table_with(["normal"], order=order)
    game = current(table)
    assert bot_moves(table) == [(1, "play", "flame-1", None, None)]
    assert game.state.turn == 0


def test_a_bot_jumps_in_on_the_starter_before_the_first_player_moves():
    bot = ["flame-5", "sun-8", "sun-9", "leaf-8", "leaf-9", "wave-8", "wave-9"]
    order = deck_order([FILLER[0], FILLER[1], bot], "flame-5")
    table, people = table_with([None, "normal"], order=order, jump_in=True)
    assert bot_moves(table) == [(2, "play", "flame-5", None, None)]
    assert current(table).state.turn == 0  # play goes on from the bot


def test_bots_of_every_level_play_a_whole_game_and_replay_the_same_choices():
    runs = []
    for _ in range(2):
        table, people = table_with(["hard", "easy"], seed=20260302)
        people_play_the_timeout_move(table, people)
        runs.append(bot_moves(table))
        assert {seat for seat, *_ in runs[-1]} == {1, 2}
    assert runs[0] == runs[1]


def test_at_a_real_time_table_a_bot_moves_after_the_delay_one_turn_at_a_time(
        settings, monkeypatch):
    settings.WILDCARDS_BOT_DELAY_MS = 1500
    published = []
    monkeypatch.setattr(effects, "publish", lambda task, *args, eta=None: published.append(
        (task, args, eta)))
    order = deck_order([FILLER[0], FILLER[1], FILLER[2]], "leaf-9")
    table, _ = table_with(["easy", "easy"], order=order, mode="realtime")
    bots_task = [(args, eta) for task, args, eta in published if task == effects.PLAY_BOT_TURNS]
    assert bots_task == [((table, current(table).table.version), T0 + timedelta(seconds=1.5))]
    with time_machine.travel(T0 + timedelta(seconds=2), tick=False):
        made = play.play_bot_turns(table, current(table).table.version)
    assert made == 1 and [seat for seat, *_ in bot_moves(table)] == [1]
    task, args, eta = published[-1]
    assert task == effects.PLAY_BOT_TURNS and eta == T0 + timedelta(seconds=3.5)


def test_turn_by_turn_bots_move_at_once_whatever_the_delay(settings, monkeypatch):
    settings.WILDCARDS_BOT_DELAY_MS = 1500
    order = deck_order([FILLER[0], FILLER[1], FILLER[2]], "leaf-9")
    table, _ = table_with(["easy", "easy"], order=order)
    assert [seat for seat, *_ in bot_moves(table)] == [1, 2]
    assert current(table).state.turn == 0


def test_a_run_of_bot_moves_logs_each_at_the_time_it_was_made():
    table, people = table_with(["normal", "normal"], seed=5)
    # The host leaves at once: the two bots play the round out in one task, each move logged
    # when it was made (the run's first at the task's start).
    with time_machine.travel(T0 + timedelta(minutes=1), tick=True):
        assert isinstance(play.concede(table, people[0]), Accepted)
    times = [row.created_at for row in MoveRow.objects.filter(
        table_id=table, by=MoveRow.By.BOT).order_by("version")]
    assert len(times) > 10
    assert times == sorted(times) and len(set(times)) == len(times)
