import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def test_a_two_player_game_can_be_started_and_moved(host, make_player, make_table):
    bob = make_player("bob")
    table = make_table([bob], players=2)
    started = host.post(f"/api/tables/{table}/start")
    assert started.status_code == 200, started.content
    view = started.json()
    turn = view["round"]["turn"]
    mover = [host, bob][turn]
    you = mover.state(table)["you"]
    assert you["seat"] == turn
    if "play" in you["actions"]:
        card = you["playable"][0]
        color = "red" if card.startswith("wild") else None
        response = mover.move(table, "play", card, color)
    else:
        action = you["actions"][0]  # a color only where the action takes one
        response = mover.move(table, action, color="red" if action == "choose" else None)
    assert response.status_code == 200, response.content
    assert response.json()["version"] == view["version"] + 1
