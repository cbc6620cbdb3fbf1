"""Time running out at a rated table: the timer's move for a person keeps the game rated; a
bot taking the seat after the third timeout at a real-time table makes it unrated for good."""

from __future__ import annotations

import pytest
import time_machine
from timed import round_of, started_table, timed_setup  # noqa: F401

from games import deadlines
from games.models import Move as MoveRow
from games.models import Seat, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def sweep(now) -> None:
    with time_machine.travel(now, tick=False):
        deadlines.sweep(now)


def test_a_turn_played_by_the_timer_keeps_the_game_rated():
    table, _ = started_table(mode="turn", turn_hours=12, on_expiry="bot")
    sweep(round_of(table).deadline_at)
    assert MoveRow.objects.filter(table_id=table, by=MoveRow.By.TIMER).exists()
    assert Table.objects.get(pk=table).rated


def test_a_bot_taking_a_seat_after_three_timeouts_makes_the_game_unrated_for_good():
    table, _ = started_table(mode="realtime", move_timer="fast")
    assert Table.objects.get(pk=table).rated
    for _ in range(12):
        sweep(round_of(table).deadline_at)
        if Seat.objects.filter(table_id=table, state=Seat.State.BOT).exists():
            break
    assert Seat.objects.filter(table_id=table, state=Seat.State.BOT).exists()
    if Table.objects.get(pk=table).status == Table.Status.PLAYING:
        sweep(round_of(table).deadline_at)  # the next turn runs out too (or the bot plays)
    assert not Table.objects.get(pk=table).rated
