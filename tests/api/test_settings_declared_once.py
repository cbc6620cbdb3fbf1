"""A table setting is declared once (games/rules/options.py): a house rule declared by this
test alone is taken by the API and the form, stored, carried by the game's state, its record
and its replay, and said in the summary line, without any other file naming it. And the shapes
clients read stay those of before the declarations, for every option set."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Table
from games.rules import options as declared
from games.rules import timeout_move
from games.rules.records import verify_record
from games.service import play, records
from games.storage import reads

# A house rule nothing but this file names: it changes nothing in the engine (which would have
# to read it), but every layer around the engine must carry it.
SLOW_HANDS = declared.Setting(
    "slow_hands", bool, False, "Slow hands", "A house rule of the tests: nothing happens.",
    declared.HOUSE_RULES, rules=True, group="options", short="slow hands")


@pytest.fixture
def slow_hands(monkeypatch) -> declared.Setting:
    monkeypatch.setitem(declared.SETTINGS, SLOW_HANDS.name, SLOW_HANDS)
    return SLOW_HANDS


def test_a_house_rule_declared_once_is_taken_stored_dealt_recorded_and_replayed(
        slow_hands, host, make_player, make_table):
    bob = make_player("bob")
    refused = host.post("/api/tables", {"options": {"slow_hands": "yes"}})
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid")
    assert "slow_hands" in refused.json()["fields"]["options"]

    table = make_table([bob], players=2, options={"slow_hands": True, "stacking": True})
    resource = host.get(f"/api/tables/{table}").json()
    assert resource["options"]["slow_hands"] is True and resource["options"]["stacking"] is True
    assert Table.objects.get(pk=table).options["slow_hands"] is True
    assert "house rules: stacking, slow hands" in Table.objects.get(pk=table).settings.summary()

    assert host.post(f"/api/tables/{table}/start").status_code == 200
    users = [get_user_model().objects.get(pk=player.id) for player in (host, bob)]
    while (state := reads.load(table).state).status == "playing":
        assert state.options.slow_hands is True
        play.make_move(table, users[state.turn], timeout_move(state))

    record = records.record_of(table, users[0])
    assert record["options"]["slow_hands"] is True
    verdict = verify_record(record)
    assert verdict.status == "verified", verdict.problems
    assert verdict.states[-1].options.slow_hands is True
    page = Client()
    page.force_login(users[0])
    replay = page.get(f"/tables/{table}/replay")
    assert replay.status_code == 200 and "slow hands" in replay.content.decode()

    schema = host.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "slow_hands" in schema["components"]["schemas"]["OptionsRequest"]["properties"]


def test_the_new_table_form_offers_a_house_rule_declared_once(slow_hands, db):
    ana = get_user_model().objects.create_user("ana", "ana@example.com", "a-long-passw0rd")
    client = Client()
    client.force_login(ana)
    page = client.get("/tables/new").content.decode()
    assert 'name="slow_hands"' in page and "Slow hands" in page
    assert "A house rule of the tests: nothing happens." in page
    made = client.post("/tables/new", {"players": 3, "slow_hands": "on"})
    assert made.status_code == 302, made.content.decode()[:1000]
    assert Table.objects.get().settings.slow_hands is True


# ------------------------------------------------------------------ the shapes clients read
RULES = ("stacking", "seven_zero", "jump_in", "draw_until_playable")


def table_before(body: dict) -> dict:
    """The table resource's settings as the hand-written presenter made them before the
    declarations (its code, kept here): the settled last-card call, the scoring nested."""
    options = body.get("options", {})
    deck = body.get("deck", "classic")
    call = options.get("last_card_call")
    return {
        "players": body.get("players", 4), "mode": body.get("mode", "turn"),
        "turn_hours": body.get("turn_hours", 24), "on_expiry": body.get("on_expiry", "bot"),
        "move_timer": body.get("move_timer", "normal"), "deck": deck,
        "options": {"stacking": options.get("stacking", False),
                    "seven_zero": options.get("seven_zero", False),
                    "jump_in": options.get("jump_in", False),
                    "draw_until_playable": options.get("draw_until_playable", False),
                    "last_card_call": deck == "all-wild" if call is None else call},
        "scoring": {"mode": body.get("scoring", {}).get("mode", "single"),
                    "target": body.get("scoring", {}).get("target", 500)},
        "spectators": body.get("spectators", False), "rated": body.get("rated", True),
    }


def record_options_before(body: dict) -> dict:
    shown = table_before(body)
    return {**shown["options"], "scoring": shown["scoring"]["mode"],
            "target": shown["scoring"]["target"]}


OPTION_SETS = [
    {"options": {**dict(zip(RULES, flags, strict=True)), **call}, "deck": "classic",
     **extra}
    for flags in itertools.product((False, True), repeat=len(RULES))
    for call, extra in (({}, {}), ({"last_card_call": True},
                                    {"scoring": {"mode": "target", "target": 120}}),
                        ({"last_card_call": False}, {"mode": "realtime", "move_timer": "fast",
                                                     "spectators": True, "rated": False}))
] + [
    {"deck": "all-wild", "options": {"stacking": stacking, **call}, "turn_hours": hours,
     "on_expiry": "leave", "players": 3}
    for stacking in (False, True)
    for call in ({}, {"last_card_call": False}, {"last_card_call": None})
    for hours in (12, 72)
]


def test_the_table_resource_and_the_record_keep_their_shapes_for_every_option_set(
        host, make_player):
    bob = make_player("bob")
    for body in OPTION_SETS:
        made = host.post("/api/tables", body)
        assert made.status_code == 201, (body, made.json())
        table = made.json()
        shown = {name: table[name] for name in table_before(body)}
        assert shown == table_before(body), body
        if body is not OPTION_SETS[0] and body is not OPTION_SETS[-1]:
            continue  # a whole game for two of them: the record's options
        bob.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
        host.post(f"/api/tables/{table['id']}/start")
        users = [get_user_model().objects.get(pk=player.id) for player in (host, bob)]
        while (state := reads.load(table["id"]).state).status == "playing":
            play.make_move(table["id"], users[state.turn], timeout_move(state))
        record = records.record_of(table["id"], users[0])
        assert record["options"] == record_options_before(body), body
        assert (record["deck"], record["mode"]) == (body["deck"], body.get("mode", "turn"))


def test_a_refusal_for_an_option_a_deck_does_not_go_with_is_as_before(host):
    refused = host.post("/api/tables", {"deck": "all-wild",
                                        "options": {"jump_in": True, "seven_zero": True}})
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid"
    assert refused.json()["detail"] == ("The All Wild deck cannot be played with seven_zero, "
                                        "jump_in.")
    assert list(refused.json()["fields"]) == ["seven_zero"]
    assert not Table.objects.exists()
    hours = host.post("/api/tables", {"turn_hours": 48})
    assert hours.json()["fields"] == {"turn_hours": ["turn_hours must be 12, 24 or 72."]}
