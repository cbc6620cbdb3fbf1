"""A player's seed for the next deal racing the move that deals it (issue 28): whichever the
table's lock lets in first, the seed is either in the deal or refused `seed-too-late`, never
taken and then left out. Run against PostgreSQL (SQLite has no row locks to race on)."""

from __future__ import annotations

from unittest import mock

import pytest
from concurrency import at_once
from django.contrib.auth import get_user_model
from django.db import connection

from games.models import Round, Table
from games.rules import Applied, Event, Move, Options, position
from games.service import lobby, play, seeds
from games.service.errors import Accepted, GameError

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="races need PostgreSQL's row locks (set DATABASE_URL)"),
]

RACES = 6


def table_about_to_deal_round_2(ana, bob) -> int:
    """A game of Ana and Bob to 500 points whose round 1 Ana ends with her next play."""
    game = lobby.create_table(ana, {"players": 2, "scoring": "target", "target": 500})
    lobby.join_table(game.table.pk, bob, game.table.invite)
    state = position([["flame-3"], ["sun-4", "leaf-9", "wave-skip"]], top="flame-5",
                     options=Options(scoring="target", target=500))
    dealt = [Event("dealt", seat=state.dealer, count=1, card="flame-5")]
    with mock.patch.object(lobby, "new_game", lambda *args, **kwargs: Applied(state, dealt)):
        lobby.start_game(game.table.pk, ana)
    return game.table.pk


def test_a_seed_racing_the_deal_is_in_it_or_refused_too_late():
    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.com", "a-long-passw0rd")
    bob = users.create_user("bob", "bob@example.com", "a-long-passw0rd")
    for race in range(RACES):
        table = table_about_to_deal_round_2(ana, bob)
        seed = f"race{race}"
        added, moved = at_once(
            lambda t=table, s=seed: seeds.add_client_seed(t, bob, s, 2),
            lambda t=table: play.make_move(t, ana, Move("play", "flame-3")))
        assert isinstance(moved, Accepted), moved
        dealt = Round.objects.get(table_id=table, number=2).client_seeds
        if isinstance(added, GameError):
            assert added.code == "seed-too-late", added.detail
            assert dealt == []
        else:
            assert dealt == [{"seat": 1, "seed": seed}]
        assert Table.objects.get(pk=table).next_seeds == {}  # round 3's: none yet
