"""A move carries only the fields its action takes: any other one is refused with 400
`unexpected-field` and changes nothing, and the move log holds only what the rules used."""

from __future__ import annotations

import pytest

from games.rules import Move
from games.rules.moves import ACTIONS, FIELDS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

# Starter wave-7: Bob (seat 1) is to play and holds a playable wave-3, a Wild and a 7; once he
# has played wave-3 Ana holds nothing playable, so she draws.
BOB_TO_PLAY = dict(
    hands=[["flame-1", "flame-4", "sun-5", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]],
    starter="wave-7",
)
# A value of the right type for each field, so the only fault is that it is there at all.
VALUES = {"card": "wild-draw4", "color": "red", "target": 0, "call": True}
NOT_TAKEN = [(action, name) for action in ACTIONS for name in VALUES
             if name not in FIELDS[action]]


def everything_seen(table: int, players: list) -> list:
    return [(p.state(table), p.get(f"/api/tables/{table}/moves").json()) for p in players]


def test_every_action_but_play_refuses_some_field():
    assert {action for action, _ in NOT_TAKEN} == set(ACTIONS) - {"play"}
    assert FIELDS["play"] == ("card", "color", "target", "call")


@pytest.mark.parametrize(("action", "field"), NOT_TAKEN)
def test_a_field_the_action_does_not_take_is_refused_and_changes_nothing(
        rigged_table, action, field):
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    before = everything_seen(table, [ana, bob])
    body = {"action": action, field: VALUES[field], "expected_version": before[1][0]["version"]}
    response = bob.post(f"/api/tables/{table}/moves", body)
    assert response.status_code == 400, response.content
    error = response.json()
    assert error["code"] == "unexpected-field"
    assert list(error["fields"]) == [field]
    assert f'"{action}" does not take "{field}"' in error["detail"]
    assert everything_seen(table, [ana, bob]) == before


def test_the_fields_an_action_takes_may_be_sent_as_null(rigged_table):
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    response = bob.post(f"/api/tables/{table}/moves", {
        "action": "play", "card": "wave-3", "color": None, "target": None, "call": False})
    assert response.status_code == 200, response.content
    response = ana.post(f"/api/tables/{table}/moves", {
        "action": "draw", "card": None, "color": None, "target": None, "call": False})
    assert response.status_code == 200, response.content


def test_a_draw_with_a_card_never_reaches_the_public_log(rigged_table):
    """The issue's case: it answered 200 and every seat read the fake card in the log."""
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    bob.move(table, "play", "wave-3")
    response = ana.post(f"/api/tables/{table}/moves", {"action": "draw", "card": "wild-draw4"})
    assert response.status_code == 400 and response.json()["code"] == "unexpected-field"
    logged = bob.get(f"/api/tables/{table}/moves").json()["moves"]
    assert [m["action"] for m in logged] == ["deal", "play"]


def test_the_log_holds_only_the_card_color_and_target_the_rules_used(rigged_table, monkeypatch):
    """Even a field that slipped past the check is not logged: the log row is written from the
    move's own event, not from the request."""
    monkeypatch.setattr(Move, "unexpected_fields", lambda move: ())
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    assert bob.move(table, "play", "wave-3", color="red", target=0).status_code == 200
    assert ana.move(table, "draw", "wild-draw4", color="blue", target=1).status_code == 200
    logged = {m["action"]: m for m in ana.get(f"/api/tables/{table}/moves").json()["moves"]}
    assert (logged["play"]["card"], logged["play"]["color"], logged["play"]["target"]) == (
        "wave-3", None, None)
    assert (logged["draw"]["card"], logged["draw"]["color"], logged["draw"]["target"]) == (
        None, None, None)
