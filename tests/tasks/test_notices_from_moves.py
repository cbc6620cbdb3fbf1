"""The notices a game queues: "your turn" to the person whose turn begins at a turn-by-turn
table (not at a real-time one, not to bots), and "game over" with the ranking to everyone."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from timed import T0, current, started_table, timed_setup  # noqa: F401

from games.models import Table
from games.rules import timeout_move
from games.service import play
from games.service.errors import Accepted
from notifications.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def your_turns(table_id: int) -> list[tuple[int, str]]:
    return list(Notice.objects.filter(table_id=table_id, kind=Notice.Kind.YOUR_TURN)
                .order_by("pk").values_list("user_id", "context__deadline"))


def test_the_first_turn_and_each_new_one_get_a_your_turn_notice():
    table, people = started_table(turn_hours=24)
    game = current(table)
    first = game.state.turn
    assert your_turns(table) == [(people[first].pk, (T0 + timedelta(hours=24)).isoformat())]
    moved_at = T0 + timedelta(hours=3)
    for _ in range(4):  # until the turn passes (a drawn card to play keeps the same turn)
        game = current(table)
        with time_machine.travel(moved_at, tick=False):
            mover = people[game.state.turn]
            assert isinstance(play.make_move(table, mover, timeout_move(game.state)), Accepted)
        if current(table).round.deadline_at != T0 + timedelta(hours=24):
            break
    now = current(table)
    notices = your_turns(table)
    assert notices[-1] == (people[now.state.turn].pk,
                           (moved_at + timedelta(hours=24)).isoformat())
    assert len(notices) == 2


def test_no_your_turn_notice_at_a_real_time_table_or_for_a_bot():
    table, _ = started_table(mode="realtime")
    assert your_turns(table) == []
    with_bot, people = started_table(players=2, bots=1)
    users = {user for user, _ in your_turns(with_bot)}
    assert users <= {people[0].pk}


def test_game_over_goes_to_every_person_with_the_ranking():
    table, people = started_table(players=2)
    play.concede(table, people[1])
    assert Table.objects.get(pk=table).status == Table.Status.FINISHED
    over = list(Notice.objects.filter(table_id=table, kind=Notice.Kind.GAME_OVER)
                .order_by("user_id"))
    assert [n.user_id for n in over] == sorted(p.pk for p in people)
    ranking = over[0].context["ranking"]
    assert [(row["seat"], row["rank"], row["left"]) for row in ranking] == [
        (0, 1, False), (1, 2, True)]
    assert [row["name"] for row in ranking] == [people[0].username, people[1].username]
    play.concede(table, people[0])  # nothing more happens: the game is over
    assert Notice.objects.filter(table_id=table, kind=Notice.Kind.GAME_OVER).count() == 2
