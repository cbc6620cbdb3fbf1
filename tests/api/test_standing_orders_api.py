"""`GET/PUT /api/tables/{id}/orders` (api.md, "Games over days"): the caller's seat's orders,
errors as everywhere else, and orders that act through the move log as the player's own."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Move as MoveRow
from games.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

ANA = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN = ["sun-1", "sun-3", "leaf-2", "leaf-3", "wave-3", "wave-4", "sun-4"]


@pytest.fixture
def game(rigged_table):
    """Ana (seat 0) and Ben (seat 1, to play first on a red 5 with nothing to play)."""
    return rigged_table([ANA, BEN], "flame-5", draw=["leaf-6", "leaf-7"])


def orders_url(table: int) -> str:
    return f"/api/tables/{table}/orders"


def put(player, table: int, body: dict):
    return player.client.put(orders_url(table), body, format="json")


def test_a_seat_has_no_orders_until_it_gives_some(game):
    table, (ana, _) = game
    response = ana.get(orders_url(table))
    assert response.status_code == 200
    assert response.json() == {"orders": [], "keep": False}


def test_orders_given_are_read_back_in_the_order_of_the_list_and_cancelled_with_none(game):
    table, (ana, _) = game
    response = put(ana, table, {"orders": ["take-penalty", "draw-when-stuck"], "keep": True})
    assert response.status_code == 200
    assert response.json() == {"orders": ["draw-when-stuck", "take-penalty"], "keep": True}
    assert ana.get(orders_url(table)).json() == response.json()
    cancelled = put(ana, table, {"orders": [], "keep": True})
    assert cancelled.json() == {"orders": [], "keep": False}


def test_giving_orders_does_not_move_the_tables_version(game):
    table, (ana, _) = game
    version = ana.state(table)["version"]
    put(ana, table, {"orders": ["draw-when-stuck"], "keep": False})
    assert ana.state(table)["version"] == version


def test_an_unknown_order_is_a_400_and_changes_nothing(game):
    table, (ana, _) = game
    put(ana, table, {"orders": ["take-penalty"], "keep": False})
    response = put(ana, table, {"orders": ["draw-when-stuck", "draw-always"], "keep": False})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and "orders" in body["fields"]
    assert ana.get(orders_url(table)).json()["orders"] == ["take-penalty"]


@pytest.mark.parametrize("body", [{"orders": "draw-when-stuck"}, {"keep": True},
                                  {"orders": [], "keep": "yes"},
                                  {"orders": [], "keep": False, "when": "now"}])
def test_a_body_of_another_shape_is_a_400(game, body):
    table, (ana, _) = game
    response = put(ana, table, body)
    assert response.status_code == 400 and response.json()["code"] == "invalid"


def test_someone_without_a_seat_has_no_orders_to_read_or_give(game, make_player):
    table, _ = game
    outsider = make_player()
    assert outsider.get(orders_url(table)).status_code == 403
    response = put(outsider, table, {"orders": ["draw-when-stuck"], "keep": False})
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")
    assert outsider.get(orders_url(99999)).status_code == 404


def test_a_real_time_table_takes_no_orders(make_table, host):
    table = make_table(mode="realtime")
    response = put(host, table, {"orders": ["draw-when-stuck"], "keep": False})
    assert (response.status_code, response.json()["code"]) == (409, "not-turn-by-turn")


def test_an_order_plays_the_turn_as_the_players_own_move_logged_by_order(game):
    table, (_, ben) = game
    response = put(ben, table, {"orders": ["draw-when-stuck"], "keep": False})
    assert response.status_code == 200
    # The tasks run in the test's process: no window to keep open here, so it acted at once.
    log = ben.get(f"/api/tables/{table}/moves").json()["moves"]
    drawn = [entry for entry in log if entry["action"] == "draw"]
    assert [(entry["seat"], entry["by"]) for entry in drawn] == [(1, "order")]
    assert ben.state(table)["round"]["turn"] == 0


def test_an_order_that_would_need_a_choice_does_not_act(game):
    """Ana holds two reds on the red 5: no order plays for her."""
    table, (ana, ben) = game
    assert ben.move(table, "draw").status_code == 200
    version = ana.state(table)["version"]
    put(ana, table, {"orders": ["draw-when-stuck", "play-drawn", "take-penalty",
                                "pass-when-stuck"], "keep": True})
    assert ana.state(table)["version"] == version
    assert not MoveRow.objects.filter(table_id=table, by="order").exists()


def test_reading_orders_takes_two_queries(game):
    table, (ana, _) = game
    ana.get(orders_url(table))  # the token's first use, and the like
    with CaptureQueriesContext(connection) as queries:
        assert ana.get(orders_url(table)).status_code == 200
    assert len(queries) == 2, [q["sql"] for q in queries]  # the token; the table and its seats


def test_orders_of_a_finished_game_cannot_be_given(game):
    table, (ana, ben) = game
    assert ben.post(f"/api/tables/{table}/concede").status_code == 200
    assert Table.objects.get(pk=table).status == "finished"
    response = put(ana, table, {"orders": ["draw-when-stuck"], "keep": False})
    assert (response.status_code, response.json()["code"]) == (409, "game-not-playing")


def test_giving_orders_takes_a_few_queries(game):
    table, (ana, _) = game
    put(ana, table, {"orders": ["take-penalty"], "keep": False})
    with CaptureQueriesContext(connection) as queries:
        assert put(ana, table, {"orders": ["draw-when-stuck"], "keep": False}).status_code == 200
    # The token; the transaction's savepoint and its release (in the test's transaction); the
    # table locked with its seats and round (one query); the seat's orders written. (Ana's turn
    # is not now.)
    assert len(queries) == 5, [q["sql"] for q in queries]
