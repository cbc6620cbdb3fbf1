"""Whole games between API clients, to the end."""

import pytest
from play import play_to_the_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

HOUSE_RULES = {"stacking": True, "seven_zero": True, "jump_in": True,
               "draw_until_playable": True}


@pytest.mark.parametrize("scoring", [{"mode": "single"}, {"mode": "target", "target": 50}])
def test_four_api_clients_play_a_whole_game_with_house_rules(host, make_player, make_table,
                                                             scoring):
    others = [make_player() for _ in range(3)]
    table = make_table(others, players=4, options=HOUSE_RULES, scoring=scoring)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    final = play_to_the_end([host, *others], table, seed=7, jump_ins=True)
    assert final["status"] == "finished"
    ranking = final["ranking"]
    assert [row["rank"] for row in ranking][0] == 1
    assert final["round"]["hands"] is not None
    if scoring["mode"] == "target":
        assert max(row["score"] for row in ranking) >= 50


def test_a_person_plays_a_whole_game_against_bots(host, make_table):
    table = make_table(players=3)
    for level in ("easy", "hard"):
        assert host.post(f"/api/tables/{table}/bots", {"level": level}).status_code == 200
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    final = play_to_the_end([host], table, seed=3)
    assert final["status"] == "finished"
    log = host.get(f"/api/tables/{table}/moves").json()["moves"]
    assert {move["by"] for move in log} == {"player", "bot", "dealer"}
