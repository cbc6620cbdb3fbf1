"""`GET/PUT/DELETE /api/me/vacation` and `POST /api/tables/{id}/pause`, `/resume` (api.md 9.3,
9.4): answers, errors with their codes (nothing changed), the state's `paused`, `pause_votes` and
`vacations`, and the queries they take."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
ANA = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN = ["sun-1", "sun-3", "leaf-2", "leaf-3", "wave-3", "wave-4", "sun-4"]
VACATION = "/api/me/vacation"


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def a_year_old(*players) -> None:
    get_user_model().objects.filter(pk__in=[p.id for p in players]).update(
        date_joined=NOW - timedelta(days=400))


@pytest.fixture
def game(rigged_table):
    """Ana (seat 0) and Ben (seat 1, to play first) at a table that allows vacation."""
    table, people = rigged_table([ANA, BEN], "flame-5", vacation=True)
    a_year_old(*people)
    return table, people


def put(player, body):
    return player.client.put(VACATION, body, format="json")


def test_an_account_reads_its_vacation_and_days_left(host):
    a_year_old(host)
    assert host.get(VACATION).json() == {"until": None, "days_left": 14.0}


def test_a_vacation_starts_moves_and_ends(host):
    a_year_old(host)
    started = put(host, {"until": "2026-12-08T12:00:00Z"})
    assert started.status_code == 200, started.content
    assert started.json() == {"until": "2026-12-08T12:00:00Z", "days_left": 14.0}
    moved = put(host, {"until": "2026-12-07T09:00:00+00:00"})
    assert moved.json() == {"until": "2026-12-07T09:00:00Z", "days_left": 14.0}
    with time_machine.travel(NOW + timedelta(hours=30), tick=False):
        assert host.get(VACATION).json()["days_left"] == 12.0
        ended = host.client.delete(VACATION)
    assert ended.status_code == 200
    assert ended.json() == {"until": None, "days_left": 12.0}


@pytest.mark.parametrize(("body", "code"), [
    ({"until": "2026-12-05T08:59:59Z"}, "vacation-in-the-past"),
    ({"until": "2026-12-25T09:00:00Z"}, "not-enough-vacation-days"),
    ({"until": "next tuesday"}, "invalid"),
    ({}, "invalid"),
    ({"until": "2026-12-08T12:00:00Z", "days": 3}, "invalid"),
])
def test_a_bad_vacation_is_a_400_with_its_code_and_changes_nothing(host, body, code):
    a_year_old(host)
    response = put(host, body)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert host.get(VACATION).json() == {"until": None, "days_left": 14.0}


def test_the_vacation_needs_a_log_in(client):
    assert client.get(VACATION).status_code == 401


def test_the_state_shows_a_player_on_vacation_to_everyone_and_their_turn_waits(game):
    table, (ana, ben) = game
    before = ana.state(table)
    assert (before["paused"], before["pause_votes"], before["vacations"]) == (False, [], [])
    assert put(ben, {"until": "2026-12-08T09:00:00Z"}).status_code == 200
    seen = ana.state(table)
    assert seen["version"] == before["version"] + 1
    assert seen["vacations"] == [{"seat": 1, "until": "2026-12-08T09:00:00Z"}]
    assert seen["round"]["deadline"] == "2026-12-09T09:00:00Z"
    assert ana.get(f"/api/tables/{table}").json()["vacation"] is True


def test_a_move_ends_the_vacation(game):
    table, (ana, ben) = game
    put(ben, {"until": "2026-12-08T09:00:00Z"})
    assert ben.move(table, "draw").status_code == 200
    assert ben.get(VACATION).json() == {"until": None, "days_left": 14.0}  # no day started
    assert ana.state(table)["vacations"] == []


def test_a_move_that_leaves_the_turn_going_gives_a_whole_turn_from_now(rigged_table,
                                                                      make_player):
    """Ben draws a card that plays: his turn goes on, no longer waiting for his vacation."""
    table, (ana, ben) = rigged_table([ANA, BEN], "flame-5", draw=["flame-6"], vacation=True,
                                     players=[make_player()])
    a_year_old(ana, ben)
    put(ben, {"until": "2026-12-08T09:00:00Z"})
    with time_machine.travel(NOW + timedelta(hours=1), tick=False):
        drew = ben.move(table, "draw").json()
    assert (drew["you"]["drawn"], drew["round"]["turn"]) == ("flame-6", 1)
    assert drew["round"]["deadline"] == "2026-12-06T10:00:00Z"
    assert drew["vacations"] == []


def test_a_pause_proposed_then_accepted_pauses_and_a_resume_ends_it(game):
    table, (ana, ben) = game
    proposed = ana.post(f"/api/tables/{table}/pause")
    assert proposed.status_code == 200, proposed.content
    assert (proposed.json()["paused"], proposed.json()["pause_votes"]) == (False, [0])
    accepted = ben.post(f"/api/tables/{table}/pause")
    assert (accepted.json()["paused"], accepted.json()["round"]["deadline"]) == (True, None)
    you = accepted.json()["you"]  # nothing offered but conceding, every card refused
    assert (you["actions"], you["playable"]) == (["concede"], [])
    assert set(you["refusals"].values()) == {"paused"} and set(you["refusals"]) == set(you["hand"])
    refused = ben.move(table, "draw")
    assert refused.status_code == 409 and refused.json()["code"] == "paused"
    again = ana.post(f"/api/tables/{table}/pause")
    assert (again.status_code, again.json()["code"]) == (409, "already-paused")
    with time_machine.travel(NOW + timedelta(days=3), tick=False):
        resumed = ana.post(f"/api/tables/{table}/resume")
    assert resumed.status_code == 200
    assert (resumed.json()["paused"], resumed.json()["round"]["deadline"]) == (
        False, "2026-12-09T09:00:00Z")
    stale = ana.post(f"/api/tables/{table}/resume")
    assert (stale.status_code, stale.json()["code"]) == (409, "not-paused")


def test_pause_errors_have_their_codes(rigged_table, make_player, game):
    table, _ = game
    stranger = make_player()
    response = stranger.post(f"/api/tables/{table}/pause")
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")
    assert stranger.post("/api/tables/999999/pause").status_code == 404
    plain, (ana, _) = rigged_table([ANA, BEN], "flame-5", players=[make_player()])
    response = ana.post(f"/api/tables/{plain}/pause")
    assert (response.status_code, response.json()["code"]) == (409, "pause-not-allowed")
    assert Table.objects.get(pk=plain).pause_votes == []


def test_reading_the_state_at_a_table_that_allows_vacation_takes_no_more_queries(
        rigged_table, make_player, game):
    table, (ana, ben) = game
    plain, (_, bob) = rigged_table([ANA, BEN], "flame-5", players=[make_player()])
    put(ben, {"until": "2026-12-08T09:00:00Z"})

    def queries(request) -> int:
        with CaptureQueriesContext(connection) as context:
            assert request().status_code == 200
        found = [q["sql"] for q in context.captured_queries
                 if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]
        return len(found)

    ben.state(table), bob.state(plain)  # their presence written (at most every 10 s)
    # The token; the table with its seats, their users' vacations and the round (one query).
    assert queries(lambda: ben.get(f"/api/tables/{table}/state")) == queries(
        lambda: bob.get(f"/api/tables/{plain}/state")) == 2
    # A pause: the token, the table locked with its seats (one query), the version and votes
    # written, the seat to play's orders (none due: nothing written).
    assert queries(lambda: ana.post(f"/api/tables/{table}/pause")) == 3
    # The vacation: the token, then its row.
    assert queries(lambda: ana.get(VACATION)) == 2
