"""All Wild tables through the REST API: creating one, playing it, the optional draw, targets,
and the last-card call with its catch window (issue 12)."""

from __future__ import annotations

import pytest
from play import play_to_the_end

from games.models import Hand, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

PLAIN = ["wild"] * 7


def all_wild(rigged_table, hands, starter="wild", draw=(), **body):
    return rigged_table(hands, starter, draw, deck="all-wild", **body)


def state_and_hands(table: int) -> tuple[dict, dict]:
    t = Table.objects.get(pk=table)
    hands = {h.seat: h.cards for h in Hand.objects.filter(round_id=t.current_round_id)}
    return {"version": t.version}, hands


def test_a_host_creates_an_all_wild_table_with_the_call_on(host):
    response = host.post("/api/tables", {"deck": "all-wild", "players": 3})
    assert response.status_code == 201, response.content
    table = response.json()
    assert table["deck"] == "all-wild" and table["options"]["last_card_call"] is True


def test_three_api_clients_play_an_all_wild_game_to_the_end(host, make_player, make_table,
                                                            settings):
    # A fixed shuffle: with stacking, players who draw at random when they could play (as
    # these do, one time in ten) let one deal in forty run past the 5,000 moves allowed.
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    others = [make_player() for _ in range(2)]
    table = make_table(others, players=3, deck="all-wild", options={"stacking": True},
                       scoring={"mode": "target", "target": 200}, seed=1)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    first = host.state(table)
    assert len(first["you"]["hand"]) == 7 and first["round"]["color"] is None
    assert first["round"]["catchable"] == []
    final = play_to_the_end([host, *others], table, seed=5)
    assert final["status"] == "finished"
    assert max(row["score"] for row in final["ranking"]) >= 200


def test_a_person_plays_an_all_wild_game_against_bots(host, make_table):
    table = make_table(players=3, deck="all-wild")
    for level in ("easy", "hard"):
        assert host.post(f"/api/tables/{table}/bots", {"level": level}).status_code == 200
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    final = play_to_the_end([host], table, seed=2)
    assert final["status"] == "finished"


def test_every_card_plays_and_a_player_may_draw_then_keep_the_card(rigged_table):
    table, (ana, ben) = all_wild(rigged_table, [["wild-skip"] + ["wild"] * 6, PLAIN],
                                 draw=["wild-forced-swap"])
    you = ben.state(table)["you"]  # seat 1 plays first
    assert you["actions"] == ["play", "draw", "concede"] and you["refusals"] == {}
    drawn = ben.move(table, "draw")
    assert drawn.status_code == 200, drawn.json()
    assert drawn.json()["you"]["drawn"] == "wild-forced-swap"
    assert drawn.json()["you"]["actions"] == ["play", "pass", "concede"]
    kept = ben.move(table, "pass")
    assert kept.status_code == 200 and kept.json()["round"]["turn"] == 0
    assert len(kept.json()["you"]["hand"]) == 8


def test_a_color_may_be_sent_or_not_and_a_target_is_checked(rigged_table):
    table, (ana, ben) = all_wild(rigged_table, [PLAIN, ["wild-targeted-draw2"] + ["wild"] * 6])
    assert ben.move(table, "play", "wild-targeted-draw2").json()["code"] == "target-required"
    assert ben.move(table, "play", "wild-targeted-draw2", target=1).json()["code"] == (
        "target-required")
    played = ben.move(table, "play", "wild-targeted-draw2", color="green", target=0)
    assert played.status_code == 200, played.json()
    assert played.json()["round"]["color"] == "green"
    assert played.json()["seats"][0]["cards"] == 9 and played.json()["round"]["turn"] == 0
    played = ana.move(table, "play", "wild")
    assert played.status_code == 200 and played.json()["round"]["color"] is None


def test_the_options_all_wild_cannot_have_are_refused_naming_them(host):
    response = host.post("/api/tables", {"deck": "all-wild", "options": {"jump_in": True}})
    assert response.status_code == 400
    assert response.json()["fields"] == {"jump_in": [response.json()["detail"]]}


# ========================================================================= the last-card call
def two_cards_left(rigged_table, **body):
    """Ben (seat 1, first to play) has played down to two cards: his next play is his
    second-to-last card. Three players."""
    ben_hand = ["wild-skip2"] * 7  # each Skip Two gives him the next turn (three players)
    table, seated = all_wild(rigged_table, [PLAIN, ben_hand, PLAIN], **body)
    ben = seated[1]
    for _ in range(5):
        response = ben.move(table, "play", "wild-skip2")
        assert response.status_code == 200, response.json()
    assert ben.state(table)["you"]["hand"] == ["wild-skip2", "wild-skip2"]
    return table, seated


def test_a_play_calls_last_card_with_call_true(rigged_table):
    table, (ana, ben, cy) = two_cards_left(rigged_table)
    response = ben.move(table, "play", "wild-skip2", call=True)
    assert response.status_code == 200, response.json()
    assert response.json()["round"]["catchable"] == []
    log = ana.get(f"/api/tables/{table}/moves").json()["moves"]
    assert [e["kind"] for e in log[-1]["events"]][-1] == "called"


def test_a_catch_makes_the_player_who_did_not_call_draw_2_and_everyone_sees_it(rigged_table):
    table, (ana, ben, cy) = two_cards_left(rigged_table)
    ben.move(table, "play", "wild-skip2")
    state = ana.state(table)
    assert state["round"]["catchable"] == [1]
    assert "catch" in state["you"]["actions"]
    assert ben.state(table)["you"]["actions"][0] == "play"  # Skip Two: his turn again
    assert "call" in ben.state(table)["you"]["actions"]
    caught = cy.move(table, "catch", target=1)
    assert caught.status_code == 200, caught.json()
    assert caught.json()["seats"][1]["cards"] == 3
    assert caught.json()["round"]["catchable"] == []
    entry = cy.get(f"/api/tables/{table}/moves").json()["moves"][-1]
    assert (entry["seat"], entry["action"], entry["target"]) == (2, "catch", 1)
    assert entry["events"][0] == {"kind": "caught", "seat": 2, "target": 1, "count": 0}
    assert "cards" not in entry["events"][1]
    assert "cards" in ben.get(f"/api/tables/{table}/moves").json()["moves"][-1]["events"][1]


def test_a_wrong_catch_is_refused_and_leaves_the_state_unchanged(rigged_table):
    table, (ana, ben, cy) = two_cards_left(rigged_table)
    before, hands = state_and_hands(table)
    seen = ana.state(table)
    for target, code in ((1, "nothing-to-catch"), (2, "nothing-to-catch"),
                         (0, "target-required"), (None, "target-required")):
        response = ana.move(table, "catch", target=target)
        assert response.status_code == 422, response.json()
        assert response.json()["code"] == code
        assert response.json()["version"] == before["version"]
    assert state_and_hands(table) == (before, hands)
    assert ana.state(table) == seen


def test_a_call_before_the_next_move_closes_the_catch(rigged_table):
    table, (ana, ben, cy) = two_cards_left(rigged_table)
    ben.move(table, "play", "wild-skip2")
    called = ben.move(table, "call")
    assert called.status_code == 200 and called.json()["round"]["catchable"] == []
    assert ana.move(table, "catch", target=1).json()["code"] == "nothing-to-catch"
    assert ben.move(table, "call").json()["code"] == "nothing-to-call"


def test_the_next_move_closes_the_window(rigged_table):
    table, (ana, ben, cy) = two_cards_left(rigged_table)
    ben.move(table, "play", "wild-skip2")
    ben.move(table, "play", "wild-skip2")  # his last card: he wins before anyone caught him
    assert ana.state(table)["status"] == "finished"
    assert ana.move(table, "catch", target=1).json()["code"] == "game-not-playing"


def test_call_is_only_a_field_of_a_play(rigged_table):
    table, (ana, ben) = all_wild(rigged_table, [PLAIN, PLAIN])
    response = ben.move(table, "draw", call=True)
    assert response.status_code == 400 and "call" in response.json()["fields"]
    assert ben.move(table, "play", "wild", call="yes").status_code == 400


def test_a_classic_table_without_the_house_rule_refuses_a_call(rigged_table):
    hands = [["flame-1", "flame-1", "sun-2", "sun-2", "leaf-2", "leaf-2", "wave-2"],
             ["flame-3", "flame-3", "sun-4", "sun-4", "leaf-4", "leaf-4", "wave-4"]]
    table, (ana, ben) = rigged_table(hands, "flame-5")
    response = ben.move(table, "play", "flame-3", call=True)
    assert response.status_code == 422 and response.json()["code"] == "nothing-to-call"
