"""An Idempotency-Key makes a retried move act once and answer the first answer again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings

from games import tasks
from games.models import IdempotentAnswer
from wildcards.celery import app

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


def test_the_same_key_with_another_body_is_a_422_and_changes_nothing(game):
    table, (ana, bob) = game
    first = post(bob, table, {"action": "draw"}, "k")
    assert first.status_code == 200
    before = (bob.state(table), log_of(ana, table))
    for body in ({"action": "pass"}, {"action": "draw", "expected_version": 3},
                 {"action": "play", "card": "leaf-8"}):
        again = post(bob, table, body, "k")
        assert again.status_code == 422, again.content
        error = again.json()
        assert error["code"] == "idempotency-key-reused"
        assert error["fields"] == {"Idempotency-Key": [error["detail"]]}
    assert (bob.state(table), log_of(ana, table)) == before
    assert post(bob, table, {"action": "draw"}, "k").json() == first.json()  # still replayed


def test_null_fields_are_the_same_body_as_missing_ones(game):
    table, (ana, bob) = game
    first = post(bob, table, {"action": "draw"}, "k")
    again = post(bob, table, {"action": "draw", "card": None, "expected_version": None}, "k")
    assert (again.status_code, again.json()) == (200, first.json())


def test_an_answer_stored_without_its_request_is_replayed_to_any_body(game):
    """Rows written before the request was kept (null) cannot be compared: they replay."""
    table, (ana, bob) = game
    first = post(bob, table, {"action": "draw"}, "k")
    IdempotentAnswer.objects.update(request=None)
    again = post(bob, table, {"action": "pass"}, "k")
    assert (again.status_code, again.json()) == (200, first.json())


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
    again = post(bob, table, {"action": "pass"}, "k")
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
    again = post(bob, table, {"action": "draw", "expected_version": version - 1}, "k")
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


def test_answers_older_than_a_day_are_forgotten_by_the_hourly_task(game):
    table, (ana, bob) = game
    start = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False):
        post(bob, table, {"action": "draw"}, "old")
    with time_machine.travel(start + timedelta(hours=23), tick=False):
        post(ana, table, {"action": "draw"}, "young")
    with time_machine.travel(start + timedelta(days=1, minutes=1), tick=False):
        assert tasks.forget_idempotency_keys() == 1
    assert list(IdempotentAnswer.objects.values_list("key", flat=True)) == ["young"]
    with time_machine.travel(start + timedelta(days=1, hours=23, minutes=1), tick=False):
        assert tasks.forget_idempotency_keys() == 1
    assert not IdempotentAnswer.objects.exists()


def test_beat_runs_the_clean_up_every_hour():
    entry = settings.CELERY_BEAT_SCHEDULE["forget-idempotency-keys"]
    assert entry["schedule"] == 3600.0
    assert entry["task"] in app.tasks
