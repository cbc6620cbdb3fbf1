"""Tables and seats through the API: creating, listing, joining, bots, leaving, cancelling,
starting, swapping a person for a bot and back, conceding, and the caller's list of games."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

# Two seats, starter flame-skip: Bob (seat 1) is skipped and Ana plays the other seven Skips in
# a row (with two players a Skip gives her the turn again), winning round 1 and the 10 points
# left in Bob's hand.
SKIPS = ["flame-skip", "sun-skip", "sun-skip", "leaf-skip", "leaf-skip", "wave-skip",
         "wave-skip"]
LOW_HAND = ["flame-1", "flame-2", "sun-1", "sun-2", "leaf-1", "leaf-2", "wave-1"]
ANA_WINS_ROUND_ONE = dict(hands=[SKIPS, LOW_HAND], starter="flame-skip")


@pytest.fixture
def bob(make_player):
    return make_player("bob")


@pytest.fixture
def cy(make_player):
    return make_player("cy")


@pytest.fixture
def olga(make_player):
    """An outsider: no seat at the tables of these tests."""
    return make_player("olga")


def table_of(player, table: int) -> dict:
    response = player.get(f"/api/tables/{table}")
    assert response.status_code == 200, response.content
    return response.json()


def seats_of(player, table: int) -> list[tuple]:
    return [(s["seat"], s["name"], s["bot"], s["state"])
            for s in table_of(player, table)["seats"]]


def invite_of(host, table: int) -> str:
    return table_of(host, table)["invite"]


def play_the_seven_skips(ana, table: int):
    for card in SKIPS:
        response = ana.move(table, "play", card)
        assert response.status_code == 200, response.content
    return response.json()


# --------------------------------------------------------------------------- create
def test_the_creator_takes_seat_0_and_hosts_the_table(host):
    response = host.post("/api/tables", {"players": 3})
    assert response.status_code == 201, response.content
    table = response.json()
    assert table["host"] == "ana"
    assert table["status"] == "waiting"
    assert table["seats"] == [{"seat": 0, "name": "ana", "bot": None, "state": "playing",
                               "host": True, "bot_account": False, "pending": None}]
    assert isinstance(table["invite"], str) and len(table["invite"]) >= 8
    assert table_of(host, table["id"]) == table


def test_anyone_logged_in_may_read_a_table_but_only_seated_players_see_the_invite(
        host, bob, olga, make_table):
    table = make_table([bob])
    assert "invite" in table_of(host, table)
    assert table_of(bob, table)["invite"] == table_of(host, table)["invite"]
    seen = table_of(olga, table)
    assert "invite" not in seen
    assert seen["host"] == "ana" and len(seen["seats"]) == 2
    assert table_of(host, table)["invite"] not in str(seen)


def test_each_table_has_its_own_invite(host, make_table):
    assert invite_of(host, make_table()) != invite_of(host, make_table())


def test_the_open_list_shows_only_waiting_tables_with_a_free_seat(host, bob, olga, make_table):
    open_table = make_table([bob], players=3)
    full = make_table([bob], players=2)
    started = make_table([bob], players=3)
    assert host.post(f"/api/tables/{started}").status_code == 405
    assert host.post(f"/api/tables/{started}/start").status_code == 200
    listed = olga.get("/api/tables?status=open")
    assert listed.status_code == 200
    ids = [t["id"] for t in listed.json()["results"]]
    assert ids == [open_table]
    assert all("invite" not in t for t in listed.json()["results"])
    def listed_ids(query: str = "") -> list[int]:
        return [t["id"] for t in olga.get(f"/api/tables{query}").json()["results"]]

    assert listed_ids() == [open_table]  # the default
    assert set(listed_ids("?status=waiting")) == {open_table, full}
    assert listed_ids("?status=playing") == [started]


def test_the_open_list_is_newest_first(host, make_table):
    first, second = make_table(), make_table()
    listed = host.get("/api/tables?status=open").json()["results"]
    assert [t["id"] for t in listed] == [second, first]


# ----------------------------------------------------------------------------- join
def test_joining_with_the_invite_takes_the_next_free_seat(host, bob, cy, make_table):
    table = make_table()
    invite = invite_of(host, table)
    for n, player in enumerate((bob, cy), start=1):
        response = player.post(f"/api/tables/{table}/join", {"invite": invite})
        assert response.status_code == 200, response.content
        assert response.json()["seats"][n]["name"] == player.name
        assert response.json()["invite"] == invite
    assert seats_of(host, table) == [(0, "ana", None, "playing"), (1, "bob", None, "playing"),
                                     (2, "cy", None, "playing")]


def test_joining_with_a_wrong_invite_is_403(host, olga, make_table):
    table = make_table()
    before = table_of(host, table)
    response = olga.post(f"/api/tables/{table}/join", {"invite": "not-the-invite"})
    assert response.status_code == 403
    assert response.json()["code"] == "wrong-invite"
    assert table_of(host, table) == before


def test_joining_twice_is_409_already_seated(host, bob, make_table):
    table = make_table([bob])
    for player in (host, bob):
        response = player.post(f"/api/tables/{table}/join", {"invite": invite_of(host, table)})
        assert response.status_code == 409
        assert response.json()["code"] == "already-seated"


def test_joining_a_full_table_is_409(host, bob, olga, make_table):
    table = make_table([bob], players=2)
    response = olga.post(f"/api/tables/{table}/join", {"invite": invite_of(host, table)})
    assert response.status_code == 409
    assert response.json()["code"] == "table-full"
    assert len(table_of(host, table)["seats"]) == 2


def test_joining_a_started_table_is_409(host, bob, olga, make_table):
    table = make_table([bob], players=4)
    invite = invite_of(host, table)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    response = olga.post(f"/api/tables/{table}/join", {"invite": invite})
    assert response.status_code == 409
    assert response.json()["code"] == "table-started"


# ----------------------------------------------------------------------------- bots
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_host_seats_a_bot_of_each_level(host, make_table, level):
    table = make_table()
    response = host.post(f"/api/tables/{table}/bots", {"level": level})
    assert response.status_code == 200, response.content
    seat = response.json()["seats"][1]
    assert (seat["seat"], seat["bot"], seat["state"], seat["host"]) == (1, level, "bot", False)
    assert level.capitalize() in seat["name"]


def test_a_bot_without_a_level_is_normal(host, make_table):
    table = make_table()
    assert host.post(f"/api/tables/{table}/bots").json()["seats"][1]["bot"] == "normal"


def test_only_the_host_seats_bots(host, bob, olga, make_table):
    table = make_table([bob])
    for player in (bob, olga):
        response = player.post(f"/api/tables/{table}/bots", {"level": "easy"})
        assert response.status_code == 403
        assert response.json()["code"] == "host-only"
    assert len(table_of(host, table)["seats"]) == 2


def test_a_bot_cannot_take_a_seat_of_a_full_or_started_table(host, bob, make_table):
    full = make_table([bob], players=2)
    assert host.post(f"/api/tables/{full}/bots").json()["code"] == "table-full"
    started = make_table([bob], players=3)
    host.post(f"/api/tables/{started}/start")
    response = host.post(f"/api/tables/{started}/bots")
    assert (response.status_code, response.json()["code"]) == (409, "table-started")


def test_the_host_takes_a_bot_off_before_the_start_and_later_seats_move_up(
        host, bob, make_table):
    table = make_table(players=4)
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    bob.post(f"/api/tables/{table}/join", {"invite": invite_of(host, table)})
    host.post(f"/api/tables/{table}/bots", {"level": "hard"})
    version = table_of(host, table)["version"]
    response = host.client.delete(f"/api/tables/{table}/seats/1")
    assert response.status_code == 200, response.content
    assert response.json()["version"] == version + 1
    assert seats_of(host, table) == [(0, "ana", None, "playing"), (1, "bob", None, "playing"),
                                     (2, "Bot Cleo (Hard)", "hard", "bot")]
    # The seat is free again: another bot (or a person) takes it, last.
    assert host.post(f"/api/tables/{table}/bots").status_code == 200
    assert len(seats_of(host, table)) == 4


def test_only_a_bot_is_taken_off_only_by_the_host_only_before_the_start(
        host, bob, olga, make_table):
    table = make_table([bob], players=3)
    host.post(f"/api/tables/{table}/bots")
    before = table_of(host, table)
    for player, number, status, code in [
        (bob, 2, 403, "host-only"), (olga, 2, 403, "host-only"),
        (host, 1, 409, "not-a-bot"), (host, 0, 409, "not-a-bot"),
        (host, 3, 404, "no-such-seat"),
    ]:
        response = player.client.delete(f"/api/tables/{table}/seats/{number}")
        assert (response.status_code, response.json()["code"]) == (status, code), number
    assert table_of(host, table) == before  # nothing changed
    assert host.client.delete("/api/tables/987654/seats/1").status_code == 404
    host.post(f"/api/tables/{table}/start")
    response = host.client.delete(f"/api/tables/{table}/seats/2")
    assert (response.status_code, response.json()["code"]) == (409, "table-started")
    assert host.state(table)["seats"][2]["bot"] == "normal"


# ---------------------------------------------------------------------------- leave
def test_leaving_before_the_start_gives_the_seat_back_and_later_seats_move_up(
        host, bob, cy, make_player, make_table):
    dee = make_player("dee")
    table = make_table([bob, cy, dee])
    response = bob.post(f"/api/tables/{table}/leave")
    assert response.status_code == 200, response.content
    assert seats_of(host, table) == [(0, "ana", None, "playing"), (1, "cy", None, "playing"),
                                     (2, "dee", None, "playing")]
    assert "invite" not in table_of(bob, table)
    # The seat is free again: Bob can come back, last.
    assert bob.post(f"/api/tables/{table}/join", {"invite": invite_of(host, table)}).status_code \
        == 200
    assert [s[1] for s in seats_of(host, table)] == ["ana", "cy", "dee", "bob"]


def test_the_host_cannot_leave_and_an_outsider_has_nothing_to_leave(host, olga, make_table):
    table = make_table()
    assert host.post(f"/api/tables/{table}/leave").json()["code"] == "host-cannot-leave"
    response = olga.post(f"/api/tables/{table}/leave")
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")


def test_leaving_a_started_table_is_409_concede_instead(host, bob, cy, make_table):
    table = make_table([bob, cy], players=3)
    host.post(f"/api/tables/{table}/start")
    response = bob.post(f"/api/tables/{table}/leave")
    assert (response.status_code, response.json()["code"]) == (409, "table-started")


# --------------------------------------------------------------------------- cancel
def test_the_host_cancels_a_waiting_table(host, bob, make_table):
    table = make_table([bob])
    response = host.client.delete(f"/api/tables/{table}")
    assert response.status_code == 204
    assert host.get(f"/api/tables/{table}").status_code == 404
    assert bob.get("/api/games").json()["results"] == []


def test_only_the_host_cancels(host, bob, olga, make_table):
    table = make_table([bob])
    for player in (bob, olga):
        response = player.client.delete(f"/api/tables/{table}")
        assert (response.status_code, response.json()["code"]) == (403, "host-only")
    assert host.get(f"/api/tables/{table}").status_code == 200


def test_a_started_table_cannot_be_cancelled(host, bob, make_table):
    table = make_table([bob])
    host.post(f"/api/tables/{table}/start")
    response = host.client.delete(f"/api/tables/{table}")
    assert (response.status_code, response.json()["code"]) == (409, "table-started")
    assert host.state(table)["status"] == "playing"


# ---------------------------------------------------------------------------- start
def test_the_host_starts_with_the_seats_filled_so_far(host, bob, cy, make_table):
    table = make_table([bob, cy], players=5)
    response = host.post(f"/api/tables/{table}/start")
    assert response.status_code == 200, response.content
    state = response.json()
    assert state["status"] == "playing"
    assert [s["name"] for s in state["seats"]] == ["ana", "bob", "cy"]
    assert all(s["cards"] == 7 for s in state["seats"]) or state["round"]["top"].endswith(
        "draw2")
    assert state["round"]["draw_pile"] == 108 - 21 - 1 - sum(
        s["cards"] - 7 for s in state["seats"])
    assert state["you"]["seat"] == 0 and len(state["you"]["hand"]) == state["seats"][0]["cards"]
    assert table_of(bob, table)["status"] == "playing"
    assert table_of(bob, table)["players"] == 3  # a game of those seated


def test_a_hand_is_shown_sorted_and_lists_each_playable_card_once(rigged_table):
    ana_dealt = ["wild", "flame-3", "sun-0", "flame-3", "leaf-5", "flame-7", "sun-skip"]
    bob_dealt = ["wave-9", "leaf-2", "sun-8", "wave-1", "leaf-6", "sun-3", "wave-2"]
    table, (ana, bob) = rigged_table(hands=[ana_dealt, bob_dealt], starter="flame-4",
                                     draw=["sun-5"])
    assert ana.state(table)["you"]["hand"] == ["flame-3", "flame-3", "flame-7", "sun-0",
                                               "sun-skip", "leaf-5", "wild"]
    # Bob holds nothing Red, no 4 and no Wild: he draws sun-5, which slots into its place.
    drew = bob.move(table, "draw")
    assert drew.json()["you"]["hand"] == ["sun-3", "sun-5", "sun-8", "leaf-2", "leaf-6",
                                          "wave-1", "wave-2", "wave-9"]
    you = ana.state(table)["you"]
    assert you["playable"] == ["flame-3", "flame-7", "wild"]
    assert you["refusals"] == {"sun-0": "no-match", "sun-skip": "no-match",
                               "leaf-5": "no-match"}


def test_only_the_host_starts(host, bob, olga, make_table):
    table = make_table([bob])
    for player in (bob, olga):
        response = player.post(f"/api/tables/{table}/start")
        assert (response.status_code, response.json()["code"]) == (403, "host-only")
    assert table_of(host, table)["status"] == "waiting"


def test_a_table_with_one_seat_cannot_start(host, make_table):
    table = make_table()
    response = host.post(f"/api/tables/{table}/start")
    assert (response.status_code, response.json()["code"]) == (409, "not-enough-players")
    assert table_of(host, table)["status"] == "waiting"


def test_a_table_starts_once(host, bob, make_table):
    table = make_table([bob])
    host.post(f"/api/tables/{table}/start")
    version = host.state(table)["version"]
    response = host.post(f"/api/tables/{table}/start")
    assert (response.status_code, response.json()["code"]) == (409, "table-started")
    assert host.state(table)["version"] == version


def test_a_person_and_a_bot_can_start_and_the_bot_plays_its_turns(host, make_table):
    table = make_table(players=2)
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    state = host.post(f"/api/tables/{table}/start").json()
    # Whoever went first, it is Ana's turn once the bot has played (or the game is over).
    assert host.state(table)["round"]["turn"] == 0 or state["status"] == "finished"


# ------------------------------------------------------------------------ swap seats
def test_before_the_start_the_host_hands_a_persons_seat_to_a_bot_at_once(host, bob,
                                                                        make_table):
    table = make_table([bob])
    response = host.post(f"/api/tables/{table}/seats/1/bot", {"level": "hard"})
    assert response.status_code == 200, response.content
    assert response.json()["pending"] is False
    assert response.json()["table"]["seats"][1]["bot"] == "hard"
    assert seats_of(host, table)[1] == (1, "bob", "hard", "bot")
    # Bob keeps his seat and takes it back.
    back = bob.post(f"/api/tables/{table}/seats/1/person", {})
    assert back.status_code == 200, back.content
    assert back.json()["pending"] is False
    assert seats_of(host, table)[1] == (1, "bob", None, "playing")


def test_a_player_hands_their_own_seat_to_a_bot(host, bob, make_table):
    table = make_table([bob])
    response = bob.post(f"/api/tables/{table}/seats/1/bot", {"level": "easy"})
    assert response.status_code == 200, response.content
    assert seats_of(host, table)[1] == (1, "bob", "easy", "bot")


def test_only_the_host_or_the_seats_player_hands_a_seat_to_a_bot(host, bob, cy, olga,
                                                                 make_table):
    table = make_table([bob, cy])
    before = seats_of(host, table)
    for player, seat in ((cy, 1), (olga, 1), (bob, 0), (olga, 0)):
        response = player.post(f"/api/tables/{table}/seats/{seat}/bot", {"level": "easy"})
        assert response.status_code == 403, (player.name, seat, response.content)
    assert seats_of(host, table) == before


def test_a_bot_seat_is_taken_over_with_the_invite(host, olga, make_table):
    table = make_table()
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    wrong = olga.post(f"/api/tables/{table}/seats/1/person", {"invite": "nope"})
    assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong-invite")
    missing = olga.post(f"/api/tables/{table}/seats/1/person", {})
    assert missing.status_code == 403
    response = olga.post(f"/api/tables/{table}/seats/1/person",
                         {"invite": invite_of(host, table)})
    assert response.status_code == 200, response.content
    assert seats_of(host, table)[1] == (1, "olga", None, "playing")
    assert "invite" in table_of(olga, table)


def test_a_seated_player_cannot_take_over_a_second_seat(host, bob, make_table):
    table = make_table([bob])
    host.post(f"/api/tables/{table}/bots")
    response = bob.post(f"/api/tables/{table}/seats/2/person",
                        {"invite": invite_of(host, table)})
    assert (response.status_code, response.json()["code"]) == (409, "already-seated")


def test_a_persons_seat_cannot_be_taken_by_someone_else(host, bob, cy, make_table):
    table = make_table([bob, cy])
    host.post(f"/api/tables/{table}/seats/1/bot", {"level": "easy"})
    response = cy.post(f"/api/tables/{table}/seats/1/person", {})
    assert response.status_code == 403
    response = host.post(f"/api/tables/{table}/seats/1/person", {})
    assert response.status_code == 403
    assert seats_of(host, table)[1] == (1, "bob", "easy", "bot")


def test_swapping_to_what_the_seat_already_is_is_409(host, bob, make_table):
    table = make_table([bob])
    host.post(f"/api/tables/{table}/bots")
    assert host.post(f"/api/tables/{table}/seats/2/bot", {}).json()["code"] == "already-a-bot"
    assert bob.post(f"/api/tables/{table}/seats/1/person", {}).json()["code"] == "not-a-bot"


def test_the_host_sets_the_level_of_a_bot_already_in_a_seat_at_once(host, bob, make_table):
    """A seat taken over by a bot (here handed to one before the start) plays at Normal
    unless the host chooses another level; a level never changes a rule, so it is at once,
    even during a single-round game."""
    table = make_table([bob], players=3)
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    assert bob.post(f"/api/tables/{table}/seats/1/bot", {}).status_code == 200
    host.post(f"/api/tables/{table}/start")
    response = host.post(f"/api/tables/{table}/seats/1/bot", {"level": "hard"})
    assert response.status_code == 200, response.content
    assert response.json()["pending"] is False
    response = host.post(f"/api/tables/{table}/seats/2/bot", {"level": "hard"})
    assert [(s["name"], s["bot"]) for s in response.json()["table"]["seats"]] == [
        ("ana", None), ("bob", "hard"), ("Bot Cleo (Hard)", "hard")]
    response = bob.post(f"/api/tables/{table}/seats/2/bot", {"level": "easy"})
    assert (response.status_code, response.json()["code"]) == (403, "host-only")


def test_in_a_started_single_round_game_seats_are_not_swapped(host, bob, make_table):
    table = make_table([bob], players=2)
    host.post(f"/api/tables/{table}/start")
    before = host.state(table)
    for player, path in ((host, "seats/1/bot"), (bob, "seats/1/bot"), (host, "seats/0/bot")):
        response = player.post(f"/api/tables/{table}/{path}", {"level": "easy"})
        assert (response.status_code, response.json()["code"]) == (409, "not-between-rounds")
    assert host.state(table) == before


def test_in_a_target_game_a_swap_to_a_bot_waits_for_the_next_round(host, bob, rigged_table):
    table, (ana, bob) = rigged_table(**ANA_WINS_ROUND_ONE, players=[bob],
                                     scoring={"mode": "target", "target": 100})
    response = host.post(f"/api/tables/{table}/seats/1/bot", {"level": "hard"})
    assert response.status_code == 200, response.content
    assert response.json()["pending"] is True
    assert response.json()["table"]["seats"][1]["pending"] == "bot"
    assert seats_of(host, table)[1] == (1, "bob", None, "playing")
    assert bob.state(table)["seats"][1]["bot"] is None
    final = play_the_seven_skips(ana, table)
    assert final["last_round"]["winner"] == 0 and final["last_round"]["points"] == 10
    assert final["round"]["number"] == 2
    assert seats_of(host, table)[1] == (1, "bob", "hard", "bot")
    assert table_of(host, table)["seats"][1]["pending"] is None
    # The bot plays seat 1's turns now: whenever Ana reads, it is her turn.
    state = ana.state(table)
    assert state["seats"][1]["bot"] == "hard" and state["seats"][1]["state"] == "bot"
    assert state["round"]["turn"] == 0 or state["status"] == "finished"
    log = ana.get(f"/api/tables/{table}/moves").json()["moves"]
    assert all(move["by"] == "bot" for move in log
               if move["seat"] == 1 and move["action"] != "deal")  # a deal is the dealer's


def test_in_a_target_game_an_outsider_takes_over_a_bot_seat_from_the_next_round(
        host, olga, rigged_table):
    table, (ana,) = rigged_table(hands=ANA_WINS_ROUND_ONE["hands"], starter="flame-skip",
                                 players=[], start=False,
                                 scoring={"mode": "target", "target": 100})
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    host.post(f"/api/tables/{table}/start")
    invite = invite_of(host, table)
    response = olga.post(f"/api/tables/{table}/seats/1/person", {"invite": invite})
    assert response.status_code == 200, response.content
    assert response.json()["pending"] is True
    assert olga.get(f"/api/tables/{table}/state").status_code == 403  # not seated yet
    play_the_seven_skips(ana, table)
    assert seats_of(host, table)[1] == (1, "olga", None, "playing")
    state = olga.state(table)
    assert state["you"]["seat"] == 1 and state["round"]["number"] == 2
    assert len(state["you"]["hand"]) == state["seats"][1]["cards"]


def test_the_same_person_cannot_claim_two_bot_seats(host, olga, make_table):
    table = make_table(players=3, scoring={"mode": "target", "target": 100})
    host.post(f"/api/tables/{table}/bots")
    host.post(f"/api/tables/{table}/bots")
    host.post(f"/api/tables/{table}/start")
    invite = invite_of(host, table)
    first = olga.post(f"/api/tables/{table}/seats/1/person", {"invite": invite})
    assert first.status_code == 200 and first.json()["pending"] is True
    second = olga.post(f"/api/tables/{table}/seats/2/person", {"invite": invite})
    assert (second.status_code, second.json()["code"]) == (409, "already-seated")


def test_a_bot_seat_claimed_by_one_person_is_not_claimed_by_another(host, bob, olga,
                                                                    make_table):
    table = make_table(players=2, scoring={"mode": "target", "target": 100})
    host.post(f"/api/tables/{table}/bots")
    host.post(f"/api/tables/{table}/start")
    invite = invite_of(host, table)
    assert olga.post(f"/api/tables/{table}/seats/1/person", {"invite": invite}).status_code \
        == 200
    response = bob.post(f"/api/tables/{table}/seats/1/person", {"invite": invite})
    assert (response.status_code, response.json()["code"]) == (409, "swap-pending")


def test_a_pending_swap_to_a_bot_is_called_off_by_the_seats_player(host, bob, rigged_table):
    table, (ana, bob) = rigged_table(**ANA_WINS_ROUND_ONE, players=[bob],
                                     scoring={"mode": "target", "target": 100})
    assert bob.post(f"/api/tables/{table}/seats/1/bot", {"level": "easy"}).json()["pending"]
    response = bob.post(f"/api/tables/{table}/seats/1/person", {})
    assert response.status_code == 200, response.content
    assert response.json()["table"]["seats"][1]["pending"] is None
    play_the_seven_skips(ana, table)
    assert seats_of(host, table)[1] == (1, "bob", None, "playing")


def test_a_seat_that_conceded_stays_left_when_its_pending_swap_comes_due(host, bob, cy,
                                                                         rigged_table):
    # Three seats, starter flame-skip: Bob is skipped, Cy plays first and concedes; then Ana
    # and Bob are left, and Ana plays her seven Skips (each gives her the turn again).
    hands = [SKIPS, LOW_HAND, ["flame-3", "flame-4", "sun-3", "sun-4", "leaf-3", "leaf-4",
                               "wave-3"]]
    table, (ana, bob, cy) = rigged_table(hands=hands, starter="flame-skip", players=[bob, cy],
                                         scoring={"mode": "target", "target": 100})
    assert host.post(f"/api/tables/{table}/seats/2/bot", {"level": "easy"}).json()["pending"]
    assert cy.post(f"/api/tables/{table}/concede").status_code == 200
    final = play_the_seven_skips(ana, table)
    assert final["round"]["number"] == 2 and final["status"] == "playing"
    assert seats_of(host, table)[2][3] == "left"
    state = ana.state(table)
    assert state["seats"][2]["state"] == "left" and state["seats"][2]["cards"] == 0
    # The game goes on between Ana and Bob, and nobody plays for Cy.
    turn = state["round"]["turn"]
    assert turn in (0, 1)
    mover = ana if turn == 0 else bob
    you = mover.state(table)["you"]
    action = "play" if you["playable"] else you["actions"][0]
    body = {"action": action}
    if action in ("play", "choose"):
        body["color"] = "red"
    if action == "play":
        body["card"] = you["playable"][0]
    assert mover.post(f"/api/tables/{table}/moves", body).status_code == 200


def test_swaps_at_a_finished_table_are_409(host, bob, make_table):
    table = make_table([bob], players=2, scoring={"mode": "target", "target": 100})
    host.post(f"/api/tables/{table}/start")
    bob.post(f"/api/tables/{table}/concede")
    assert host.state(table)["status"] == "finished"
    response = host.post(f"/api/tables/{table}/seats/0/bot", {"level": "easy"})
    assert response.status_code == 409


# -------------------------------------------------------------------------- concede
@pytest.mark.parametrize("route", ["concede", "moves"])
def test_conceding_puts_the_hand_under_the_draw_pile_and_the_game_goes_on(
        host, bob, cy, make_table, route):
    table = make_table([bob, cy], players=3)
    host.post(f"/api/tables/{table}/start")
    before = bob.state(table)
    hand = len(before["you"]["hand"])
    if route == "concede":
        response = bob.post(f"/api/tables/{table}/concede")
    else:
        response = bob.move(table, "concede")
    assert response.status_code == 200, response.content
    after = response.json()
    assert after["version"] == before["version"] + 1
    assert after["round"]["draw_pile"] == before["round"]["draw_pile"] + hand
    assert after["seats"][1]["state"] == "left" and after["seats"][1]["cards"] == 0
    assert after["you"]["hand"] == [] and after["you"]["actions"] == []
    assert after["status"] == "playing"
    assert host.state(table)["seats"][1]["state"] == "left"
    assert table_of(host, table)["seats"][1]["state"] == "left"
    log = host.get(f"/api/tables/{table}/moves").json()["moves"]
    assert log[-1]["action"] == "concede" and log[-1]["seat"] == 1


def test_when_one_player_is_left_the_game_is_over_and_they_rank_first(host, bob, cy,
                                                                      make_table):
    table = make_table([bob, cy], players=3)
    host.post(f"/api/tables/{table}/start")
    assert bob.post(f"/api/tables/{table}/concede").status_code == 200
    response = host.post(f"/api/tables/{table}/concede")
    assert response.status_code == 200, response.content
    final = cy.state(table)
    assert final["status"] == "finished"
    assert final["round"]["status"] == "abandoned"
    assert final["round"]["winner"] is None and final["round"]["points"] == 0
    ranking = final["ranking"]
    assert ranking[0] == {"seat": 2, "rank": 1, "score": 0, "left": False}
    assert {row["seat"] for row in ranking[1:]} == {0, 1}
    assert all(row["left"] and row["rank"] > 1 for row in ranking[1:])
    assert table_of(cy, table)["status"] == "finished"
    assert final["you"]["actions"] == []


def test_in_a_target_game_a_seat_that_left_ranks_below_those_who_stayed(host, bob,
                                                                         rigged_table):
    table, (ana, bob) = rigged_table(**ANA_WINS_ROUND_ONE, players=[bob],
                                     scoring={"mode": "target", "target": 100})
    play_the_seven_skips(ana, table)  # Ana has 10 points
    assert ana.post(f"/api/tables/{table}/concede").status_code == 200
    final = bob.state(table)
    assert final["status"] == "finished"
    assert final["ranking"] == [{"seat": 1, "rank": 1, "score": 0, "left": False},
                                {"seat": 0, "rank": 2, "score": 10, "left": True}]


def test_conceding_twice_or_before_the_start_is_refused(host, bob, cy, make_table):
    waiting = make_table([bob])
    response = bob.post(f"/api/tables/{waiting}/concede")
    assert (response.status_code, response.json()["code"]) == (422, "game-not-playing")
    table = make_table([bob, cy], players=3)
    host.post(f"/api/tables/{table}/start")
    bob.post(f"/api/tables/{table}/concede")
    response = bob.post(f"/api/tables/{table}/concede")
    assert response.status_code == 422


def test_an_outsider_cannot_concede(host, bob, olga, make_table):
    table = make_table([bob])
    host.post(f"/api/tables/{table}/start")
    response = olga.post(f"/api/tables/{table}/concede")
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")


# ---------------------------------------------------------------------- your games
def test_my_games_lists_the_callers_tables_those_waiting_on_them_first(host, bob, olga,
                                                                      rigged_table,
                                                                      make_table):
    waiting = make_table([bob])
    # Starter wave-7 with seat 1 to play: at `theirs` Bob is to play, at `mine` Ana is.
    hands = [["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
             ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]]
    theirs, _ = rigged_table(hands=hands, starter="wave-7", players=[bob])
    mine, _ = rigged_table(hands=[hands[1], hands[0]], starter="wave-7", players=[bob],
                           scoring={"mode": "target", "target": 500})
    over, _ = rigged_table(hands=hands, starter="wave-7", players=[bob])
    bob.post(f"/api/tables/{over}/concede")
    # At `mine`, Bob (seat 1) plays first, holds nothing Blue or 7 and draws flame-0, the
    # draw pile's top card: it does not match either, so it is Ana's turn.
    drew = bob.move(mine, "draw")
    assert drew.status_code == 200, drew.content
    assert host.state(mine)["round"]["turn"] == 0

    games = host.get("/api/games")
    assert games.status_code == 200
    rows = games.json()["results"]
    assert [row["table"] for row in rows][0] == mine
    assert {row["table"] for row in rows} == {waiting, theirs, mine, over}
    first = rows[0]
    assert first["your_turn"] is True and first["seat"] == 0 and first["status"] == "playing"
    assert "deadline" in first
    assert all(row["your_turn"] is False for row in rows[1:])
    statuses = [row["status"] for row in rows[1:]]
    assert statuses == sorted(statuses, key=["playing", "waiting", "finished"].index)
    assert olga.get("/api/games").json()["results"] == []
    bobs = {row["table"]: row for row in bob.get("/api/games").json()["results"]}
    assert bobs[theirs]["your_turn"] is True and bobs[mine]["your_turn"] is False
    assert bob.get("/api/games").json()["results"][0]["table"] == theirs


def test_my_games_names_the_deadline_of_the_turn_at_every_playing_table(host, bob, make_table):
    table = make_table([bob], players=2, turn_hours=12)
    host.post(f"/api/tables/{table}/start")
    state = host.state(table)
    turn = state["round"]["turn"]
    mover = [host, bob][turn]
    row = next(r for r in mover.get("/api/games").json()["results"] if r["table"] == table)
    assert row["your_turn"] is True
    assert row["deadline"] == state["round"]["deadline"]
    assert row["deadline"] is not None and row["deadline"].endswith("Z")
    # The other player sees the same deadline: the turn's, whoever's it is.
    other = [host, bob][1 - turn]
    theirs = next(r for r in other.get("/api/games").json()["results"]
                  if r["table"] == table)
    assert theirs["your_turn"] is False
    assert theirs["deadline"] == state["round"]["deadline"]


def test_a_run_of_bot_turns_is_played_by_one_task(host, make_table, monkeypatch):
    from games.service import play

    calls = []
    real = play.play_bot_turns

    def counted(table_id, version, limit=play.BOT_MOVES_PER_TASK):
        made = real(table_id, version, limit)
        calls.append(made)
        return made

    monkeypatch.setattr(play, "play_bot_turns", counted)
    table = make_table(players=4)
    for level in ("easy", "normal", "hard"):
        host.post(f"/api/tables/{table}/bots", {"level": level})
    host.post(f"/api/tables/{table}/start")
    for _ in range(5):
        state = host.state(table)
        if state["status"] == "finished":
            break
        assert state["round"]["turn"] == 0
        you = state["you"]
        calls.clear()
        if "play" in you["actions"]:
            response = host.move(table, "play", you["playable"][0], "red", 1)
        else:
            action = you["actions"][0]
            response = host.move(table, action, color="red" if action == "choose" else None)
        assert response.status_code == 200, response.content
        if host.state(table)["status"] == "playing" and response.json()["round"]["turn"] != 0:
            assert len(calls) == 1 and calls[0] >= 1, calls  # one task, no idle ones


# ------------------------------------------------------------------------ deadlines
NOTHING_BLUE = dict(
    hands=[["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-2", "flame-3", "sun-4", "sun-5", "leaf-1", "leaf-2", "leaf-3"]],
    starter="wave-7", draw=["wave-5"],
)


def at(text: str):
    import datetime as dt

    import time_machine

    return time_machine.travel(dt.datetime.fromisoformat(text.replace("Z", "+00:00")),
                               tick=False)


@pytest.mark.parametrize(("body", "deadline"), [
    ({"mode": "turn", "turn_hours": 12}, "2026-03-01T22:00:00Z"),
    ({"mode": "turn", "turn_hours": 72}, "2026-03-04T10:00:00Z"),
    ({"mode": "realtime", "move_timer": "fast"}, "2026-03-01T10:00:15Z"),
    ({"mode": "realtime", "move_timer": "relaxed"}, "2026-03-01T10:00:45Z"),
])
def test_the_first_turn_runs_out_after_the_tables_time_limit(rigged_table, body, deadline):
    with at("2026-03-01T10:00:00Z"):
        table, (ana, bob) = rigged_table(**NOTHING_BLUE, **body)
    state = bob.state(table)
    assert state["round"]["deadline"] == deadline
    assert next(r for r in bob.get("/api/games").json()["results"] if r["table"] == table)[
        "deadline"] == deadline


def test_a_new_turn_gets_a_new_deadline_and_the_same_turn_keeps_its_own(rigged_table):
    with at("2026-03-01T10:00:00Z"):
        table, (ana, bob) = rigged_table(**NOTHING_BLUE, turn_hours=24)
    with at("2026-03-01T11:00:00Z"):  # Bob draws wave-5, which he must play: same turn
        assert bob.move(table, "draw").json()["round"]["deadline"] == "2026-03-02T10:00:00Z"
    with at("2026-03-01T12:00:00Z"):  # he plays it: Ana's turn starts now
        assert bob.move(table, "play", "wave-5").json()["round"]["deadline"] == \
            "2026-03-02T12:00:00Z"
    with at("2026-03-01T13:00:00Z"):  # a refused move changes nothing
        assert ana.move(table, "take").status_code == 422
    assert ana.state(table)["round"]["deadline"] == "2026-03-02T12:00:00Z"
    log = ana.get(f"/api/tables/{table}/moves").json()["moves"]
    assert [m["at"] for m in log] == ["2026-03-01T10:00:00Z",  # the deal
                                      "2026-03-01T11:00:00Z", "2026-03-01T12:00:00Z"]


def test_a_wild_starters_color_choice_keeps_the_turns_deadline(rigged_table):
    with at("2026-03-01T10:00:00Z"):
        table, (ana, bob) = rigged_table(hands=NOTHING_BLUE["hands"], starter="wild",
                                         turn_hours=12)
    with at("2026-03-01T10:30:00Z"):
        chose = bob.move(table, "choose", color="red")
    assert chose.json()["round"]["deadline"] == "2026-03-01T22:00:00Z"
    assert chose.json()["round"]["turn"] == 1


def test_another_seat_conceding_does_not_give_the_turn_more_time(rigged_table, make_player):
    hands = [*NOTHING_BLUE["hands"], ["flame-4", "flame-5", "sun-6", "sun-7", "leaf-4",
                                      "leaf-5", "leaf-7"]]
    with at("2026-03-01T10:00:00Z"):
        table, (ana, bob, cy) = rigged_table(hands=hands, starter="wave-7", turn_hours=12)
    with at("2026-03-01T11:00:00Z"):
        assert cy.post(f"/api/tables/{table}/concede").status_code == 200
    assert bob.state(table)["round"]["deadline"] == "2026-03-01T22:00:00Z"


def test_a_seat_taken_over_from_a_bot_between_rounds_gets_a_persons_time_for_its_turn(
        host, olga, rigged_table):
    """Round 2 begins with the seat Olga took over from a bot: its first turn runs out after
    the table's 24 hours, not after a bot's few seconds (the seats change hands before the
    new round's first deadline is set)."""
    with at("2026-03-01T10:00:00Z"):
        table, (ana,) = rigged_table(hands=ANA_WINS_ROUND_ONE["hands"], starter="flame-skip",
                                     players=[], start=False, turn_hours=24,
                                     scoring={"mode": "target", "target": 100})
        host.post(f"/api/tables/{table}/bots", {"level": "easy"})
        host.post(f"/api/tables/{table}/start")
        olga.post(f"/api/tables/{table}/seats/1/person", {"invite": invite_of(host, table)})
    with at("2026-03-01T11:00:00Z"):
        play_the_seven_skips(ana, table)
    state = olga.state(table)
    assert state["round"]["number"] == 2 and state["you"]["seat"] == 1
    assert state["round"]["turn"] == 1, "the deal of round 2 no longer starts with Olga"
    assert state["round"]["deadline"] == "2026-03-02T11:00:00Z"


def test_a_finished_game_has_no_deadline(rigged_table):
    table, (ana, bob) = rigged_table(**NOTHING_BLUE)
    assert bob.post(f"/api/tables/{table}/concede").status_code == 200
    assert ana.state(table)["round"]["deadline"] is None
    assert all(row["deadline"] is None for row in ana.get("/api/games").json()["results"])


def test_a_person_whose_seat_a_bot_plays_may_not_move_for_it_but_may_concede(
        host, make_player, make_table):
    bob = make_player()
    table = make_table([bob], players=2, scoring={"mode": "target", "target": 5000})
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    from games.models import Seat

    Seat.objects.filter(table_id=table, number=1).update(state="bot", bot_level="easy")
    version = bob.state(table)["version"]
    refused = bob.move(table, "draw")
    assert refused.status_code == 409
    assert refused.json()["code"] == "seat-played-by-bot"
    assert bob.state(table)["version"] == version
    assert bob.post(f"/api/tables/{table}/concede").status_code == 200


def test_the_move_log_keeps_only_the_color_and_target_the_rules_used(rigged_table):
    hands = [["flame-1", "flame-2", "sun-3", "sun-4", "leaf-5", "leaf-6", "wild"],
             ["wave-1", "wave-2", "wave-3", "wave-4", "wave-6", "wave-8", "wave-9"]]
    table, (ana, bob) = rigged_table(hands, starter="flame-9")
    state = ana.state(table)
    mover = ana if state["round"]["turn"] == 0 else bob
    you = mover.state(table)["you"]
    card = next(c for c in you["playable"] if not c.startswith("wild"))
    assert mover.move(table, "play", card, color="red", target=1).status_code == 200
    logged = ana.get(f"/api/tables/{table}/moves").json()["moves"][-1]
    assert (logged["card"], logged["color"], logged["target"]) == (card, None, None)
