"""An Idempotency-Key makes a retried move act once and answer the first answer again."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

# Starter wave-7, two seats: Bob (seat 1) holds nothing Blue or 7 and must draw; the pile's top
# cards are sun-8 (not playable) and then leaf-8.
HANDS = [["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "wave-2", "leaf-6"],
         ["flame-2", "flame-4", "sun-1", "sun-2", "leaf-3", "leaf-4", "leaf-5"]]
DRAW = ["sun-8", "leaf-8"]


def post(player, table: int, body: dict, key: str | None):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return player.client.post(f"/api/tables/{table}/moves", body, format="json", **headers)


def log_of(player, table: int) -> list:
    """The moves made (the log's first entry, the deal, aside)."""
    return [entry for entry in player.get(f"/api/tables/{table}/moves").json()["moves"]
            if entry["action"] != "deal"]


@pytest.fixture
def game(rigged_table):
    return rigged_table(hands=HANDS, starter="wave-7", draw=DRAW)


def test_the_same_key_twice_acts_once_and_answers_the_same(game):
    table, (ana, bob) = game
    version = bob.state(table)["version"]
    first = post(bob, table, {"action": "draw"}, "retry-1")
    assert first.status_code == 200, first.content
    again = post(bob, table, {"action": "draw"}, "retry-1")
    assert again.status_code == first.status_code
    assert again.json() == first.json()
    state = bob.state(table)
    assert state["version"] == version + 1
    assert len(state["you"]["hand"]) == 8  # one card drawn, not two
    assert state["round"]["draw_pile"] == first.json()["round"]["draw_pile"]
    assert len(log_of(ana, table)) == 1


def test_a_retry_answers_the_first_answer_even_after_the_game_moved_on(game):
    table, (ana, bob) = game
    first = post(bob, table, {"action": "draw"}, "k")
    assert ana.move(table, "play", "wave-2").status_code == 200  # Ana's turn after Bob drew
    again = post(bob, table, {"action": "draw"}, "k")
    assert (again.status_code, again.json()) == (200, first.json())
    assert len(log_of(ana, table)) == 2


def test_a_retry_with_another_body_still_answers_the_first_answer(game):
    table, (ana, bob) = game
    first = post(bob, table, {"action": "draw"}, "k")
    again = post(bob, table, {"action": "pass"}, "k")
    assert (again.status_code, again.json()) == (200, first.json())
    assert len(log_of(ana, table)) == 1


def test_the_same_key_from_another_seat_is_independent(game):
    table, (ana, bob) = game
    bobs = post(bob, table, {"action": "draw"}, "shared-key")
    assert bobs.status_code == 200
    anas = post(ana, table, {"action": "play", "card": "wave-2"}, "shared-key")
    assert anas.status_code == 200, anas.content
    assert anas.json()["you"]["seat"] == 0
    assert anas.json()["version"] == bobs.json()["version"] + 1
    assert len(log_of(ana, table)) == 2


def test_the_same_key_at_another_table_is_independent(rigged_table, host, make_player):
    bob = make_player("bob")
    one, _ = rigged_table(hands=HANDS, starter="wave-7", draw=DRAW, players=[bob])
    two, _ = rigged_table(hands=HANDS, starter="wave-7", draw=DRAW, players=[bob])
    assert post(bob, one, {"action": "draw"}, "k").status_code == 200
    second = post(bob, two, {"action": "draw"}, "k")
    assert second.status_code == 200 and second.json()["table"] == two
    assert len(log_of(host, two)) == 1


def test_a_refused_moves_answer_is_replayed_too(game):
    table, (ana, bob) = game
    version = bob.state(table)["version"]
    refused = post(bob, table, {"action": "pass"}, "k")  # he can draw: cannot-pass
    assert refused.status_code == 422
    assert refused.json() == {"code": "cannot-pass", "detail": refused.json()["detail"],
                              "version": version}
    again = post(bob, table, {"action": "draw"}, "k")  # a legal move, but the key was used
    assert (again.status_code, again.json()) == (422, refused.json())
    assert bob.state(table)["version"] == version
    assert log_of(ana, table) == []
    fresh = post(bob, table, {"action": "draw"}, "k2")
    assert fresh.status_code == 200


def test_a_stale_version_answer_is_replayed_too(game):
    table, (ana, bob) = game
    version = bob.state(table)["version"]
    stale = post(bob, table, {"action": "draw", "expected_version": version - 1}, "k")
    assert (stale.status_code, stale.json()["code"]) == (409, "stale-version")
    again = post(bob, table, {"action": "draw", "expected_version": version}, "k")
    assert (again.status_code, again.json()) == (409, stale.json())
    assert bob.state(table)["version"] == version


def test_without_a_key_a_retry_is_a_second_move(game):
    table, (ana, bob) = game
    assert post(bob, table, {"action": "draw"}, None).status_code == 200
    second = post(bob, table, {"action": "draw"}, None)
    assert (second.status_code, second.json()["code"]) == (422, "not-your-turn")


def test_a_concession_with_a_key_acts_once(rigged_table, make_player):
    bob, cy = make_player("bob"), make_player("cy")
    table, (ana, bob, cy) = rigged_table(hands=[*HANDS, ["flame-5", "flame-6", "sun-5",
                                                         "sun-6", "leaf-7", "leaf-9",
                                                         "wave-9"]],
                                         starter="wave-7", players=[bob, cy])
    first = cy.client.post(f"/api/tables/{table}/concede", {}, format="json",
                           HTTP_IDEMPOTENCY_KEY="bye")
    assert first.status_code == 200, first.content
    again = cy.client.post(f"/api/tables/{table}/concede", {}, format="json",
                           HTTP_IDEMPOTENCY_KEY="bye")
    assert (again.status_code, again.json()) == (200, first.json())
    by_move = post(cy, table, {"action": "concede"}, "bye")
    assert (by_move.status_code, by_move.json()) == (200, first.json())
    assert len(log_of(ana, table)) == 1
