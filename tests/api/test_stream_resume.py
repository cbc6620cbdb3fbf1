"""A stream that reopens with the version its follower has (a browser's `Last-Event-ID`): one
statement when nothing happened since, and the same answers as a first opening to those who
may not follow (games.service.watching, `_resume`)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Hand, Table
from games.service import watching
from games.service.errors import GameError
from notifications.models import Preference

ANA_CARDS = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN_CARDS = ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]


@pytest.fixture
def game(rigged_table):
    """Ana (seat 0) and Ben (seat 1, to play first on a red 5)."""
    return rigged_table([ANA_CARDS, BEN_CARDS], "flame-5", draw=["leaf-6"])


def account(player):
    return get_user_model().objects.get(pk=player.id)


def version_of(table: int) -> int:
    return Table.objects.get(pk=table).version


def test_a_player_back_at_the_current_version_costs_one_statement_and_gets_no_event(game):
    """One statement, which reads neither the users seated nor their preferences (reading and
    building them too took twice the CPU: bench/stream_start.py)."""
    table, (ana, ben) = game
    now, ben_account = version_of(table), account(ben)
    with CaptureQueriesContext(connection) as queries:
        begun = watching.start(table, ben_account, now)
    assert len(queries) == 1
    for model in (get_user_model(), Preference, Hand):
        assert model._meta.db_table not in queries[0]["sql"]
    assert begun.event is None and begun.version == now
    assert begun.follower == watching.Follower(table, 1)


def test_a_player_back_behind_gets_what_they_missed_for_their_own_seat(game):
    table, (ana, ben) = game
    before = version_of(table)
    assert ben.move(table, "play", "flame-1").status_code == 200
    begun = watching.start(table, account(ana), before)
    assert begun.follower.seat == 0 and begun.version == before + 1
    assert begun.event["from"] == before
    assert [move["card"] for move in begun.event["moves"]] == ["flame-1"]
    assert begun.event["state"] == ana.state(table)


def test_a_version_the_table_never_had_gets_a_reset(game):
    table, (ana, _) = game
    begun = watching.start(table, account(ana), version_of(table) + 5)
    assert begun.event["kind"] == "reset" and begun.version == version_of(table)


def test_an_outsider_coming_back_with_a_version_is_refused_as_at_a_first_opening(
        game, make_player):
    table, _ = game
    outsider = make_player()
    now = str(version_of(table))
    refused = outsider.get(f"/api/tables/{table}/events", HTTP_LAST_EVENT_ID=now)
    assert refused.status_code == 403 and refused.json()["code"] == "not-seated"
    missing = outsider.get("/api/tables/99999/events", HTTP_LAST_EVENT_ID=now)
    assert missing.status_code == 404 and missing.json()["code"] == "not-found"


def test_a_spectator_comes_back_where_the_table_lets_them_watch(make_table, make_player):
    table = make_table(spectators=True)
    watcher = make_player()
    begun = watching.start(table, account(watcher), version_of(table))
    assert begun.follower == watching.Follower(table, None) and begun.event is None
    row = Table.objects.get(pk=table)
    row.settings = row.settings.replace(spectators=False)
    row.save()
    with pytest.raises(GameError) as refused:
        watching.start(table, account(watcher), version_of(table))
    assert refused.value.code == "not-seated"
