"""Rated tables and ratings through the API: who is rated, how ratings move, once per game,
the player profile and the leaderboard."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from play import play_to_the_end
from rated_games import ana_wins, deal_ana_wins, play_out

from games.service import presence, results
from games.storage import reads
from ratings.models import Rating, Result
from ratings.record import Placing, record_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

NEWCOMER = 1000


def profile(person, name: str | None = None) -> dict:
    response = person.get(f"/api/players/{name or person.name}")
    assert response.status_code == 200, response.content
    return response.json()


# ------------------------------------------------------------------------- rated tables
def test_a_new_table_is_rated_unless_the_host_says_otherwise(host):
    assert host.post("/api/tables").json()["rated"] is True
    assert host.post("/api/tables", {"rated": False}).json()["rated"] is False


def test_a_rated_choice_that_is_not_true_or_false_is_refused_and_makes_no_table(host):
    response = host.post("/api/tables", {"rated": "yes"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and "rated" in response.json()["fields"]
    assert host.get("/api/tables?status=waiting").json()["results"] == []


def test_a_bot_seated_makes_the_table_unrated_and_taking_it_off_rated_again(host, make_table):
    table = make_table(players=3)
    seated = host.post(f"/api/tables/{table}/bots", {"level": "easy"}).json()
    assert seated["rated"] is False
    assert host.client.delete(f"/api/tables/{table}/seats/1").json()["rated"] is True


def test_a_game_against_a_bot_is_recorded_but_never_rated(host, make_table):
    table = make_table(players=2)
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    host.post(f"/api/tables/{table}/start")
    assert host.get(f"/api/tables/{table}").json()["rated"] is False
    final = play_to_the_end([host], table, seed=3)
    mine = profile(host)
    assert mine["played"] == 1 and mine["recent"][0]["rated"] is False
    assert mine["recent"][0]["change"] is None
    assert mine["recent"][0]["rank"] == next(row["rank"] for row in final["ranking"]
                                             if row["seat"] == 0)
    assert mine["rating"] == {"display": NEWCOMER, "mu": 25.0, "sigma": 8.333, "games": 0}
    assert not Rating.objects.exists()


def test_a_player_away_long_enough_for_a_bot_to_play_for_them_makes_the_game_unrated(
        rigged_table, make_player):
    bob = make_player("bob")
    table, seated = deal_ana_wins(rigged_table, [bob], mode="realtime")
    assert bob.move(table, "draw").status_code == 200
    assert seated[0].get(f"/api/tables/{table}").json()["rated"] is True
    # Three minutes without a word from either: a bot plays for both until they are back.
    # Ana's next request gives her seat back; Bob says nothing more, and a bot plays for him.
    assert presence.mark_away(table, timezone.now() + timedelta(minutes=3)) == 2
    assert seated[0].get(f"/api/tables/{table}").json()["rated"] is False
    final = play_out(table, seated)
    assert final["ranking"][0]["seat"] == 0
    log = seated[0].get(f"/api/tables/{table}/moves").json()["moves"]
    assert {move["by"] for move in log if move["seat"] == 1} == {"player", "bot"}
    assert Result.objects.filter(table_id=table, rated=False).count() == 2
    assert not Rating.objects.exists()


def test_a_seat_handed_to_a_bot_between_rounds_makes_the_game_unrated(rigged_table,
                                                                     make_player):
    """Bob hands his seat to a bot during the first round of a game to 500: the bot takes it
    when the next round is dealt, and from then on the game is not rated."""
    bob = make_player("bob")
    table, seated = deal_ana_wins(rigged_table, [bob], scoring={"mode": "target",
                                                                "target": 500})
    assert bob.post(f"/api/tables/{table}/seats/1/bot").json()["pending"] is True
    assert bob.get(f"/api/tables/{table}").json()["rated"] is True
    for _ in range(7):
        assert bob.move(table, "draw").status_code == 200
        assert seated[0].move(table, "play",
                              seated[0].state(table)["you"]["playable"][0]).status_code == 200
        if seated[0].state(table)["round"]["number"] == 2:
            break
    table_now = bob.get(f"/api/tables/{table}").json()
    assert table_now["seats"][1]["state"] == "bot" and table_now["status"] == "playing"
    assert table_now["rated"] is False


def test_a_table_of_people_only_stays_rated_through_the_game(rigged_table, make_player):
    bob = make_player("bob")
    table, seated = deal_ana_wins(rigged_table, [bob])
    assert bob.get(f"/api/tables/{table}").json()["rated"] is True
    play_out(table, seated)
    assert bob.get(f"/api/tables/{table}").json()["rated"] is True


def test_a_table_the_host_made_unrated_moves_no_rating(rigged_table, make_player, host):
    ana_wins(rigged_table, [make_player("bob")], rated=False)
    assert profile(host)["recent"][0]["rated"] is False
    assert not Rating.objects.exists()


def test_an_abandoned_game_is_not_rated(rigged_table, make_player, host):
    """Bob concedes a game of two: the round is abandoned, Ana is left alone and wins it."""
    bob = make_player("bob")
    table, final = ana_wins(rigged_table, [bob], concede=[bob])
    assert final["round"]["status"] == "abandoned"
    assert host.get(f"/api/tables/{table}").json()["rated"] is False
    assert [row["seat"] for row in final["ranking"]] == [0, 1]
    assert profile(bob)["recent"][0] | {"finished_at": None} == {
        "table": table, "finished_at": None, "players": 2, "rank": 2, "won": False,
        "left": True, "rated": False, "rating_before": None, "rating_after": None,
        "change": None}
    assert not Rating.objects.exists()


# ------------------------------------------------------------------------- ratings move
def test_the_winner_of_a_rated_game_goes_up_and_the_loser_down(rigged_table, make_player, host):
    bob = make_player("bob")
    table, final = ana_wins(rigged_table, [bob])
    assert [row["seat"] for row in final["ranking"]] == [0, 1]
    ana_now, bob_now = profile(host), profile(bob)
    assert ana_now["rating"]["display"] > NEWCOMER > bob_now["rating"]["display"]
    assert ana_now["rating"]["mu"] > 25 > bob_now["rating"]["mu"]
    for rating in (ana_now["rating"], bob_now["rating"]):
        assert rating["sigma"] < 8.333 and rating["games"] == 1
    assert ana_now["recent"][0]["rating_before"] == NEWCOMER
    assert ana_now["recent"][0]["change"] == ana_now["rating"]["display"] - NEWCOMER > 0
    assert bob_now["recent"][0]["change"] < 0
    assert (ana_now["played"], ana_now["won"], ana_now["average_rank"]) == (1, 1, 1.0)
    assert (bob_now["played"], bob_now["won"], bob_now["average_rank"]) == (1, 0, 2.0)


def test_a_player_who_leaves_ranks_last_and_loses_more_than_one_who_stays(
        rigged_table, make_player, host):
    bob, cid = make_player("bob"), make_player("cid")
    table, final = ana_wins(rigged_table, [bob, cid], concede=[cid])
    assert [(row["seat"], row["rank"], row["left"]) for row in final["ranking"]] == [
        (0, 1, False), (1, 2, False), (2, 3, True)]
    skill = {p.name: profile(p)["rating"]["mu"] for p in (host, bob, cid)}
    assert skill["ana"] > skill["bob"] > skill["cid"]
    assert skill["cid"] < 25 and profile(cid)["recent"][0]["change"] < 0
    assert profile(cid)["recent"][0]["left"] is True


def test_four_people_playing_a_whole_game_all_move_and_grow_surer(host, make_player,
                                                                  make_table):
    others = [make_player() for _ in range(3)]
    table = make_table(others, players=4)
    host.post(f"/api/tables/{table}/start")
    final = play_to_the_end([host, *others], table, seed=11)
    by_seat = {0: host, **{n + 1: p for n, p in enumerate(others)}}
    first, last = final["ranking"][0], final["ranking"][-1]
    # The deal is random: two losers may tie (the same points left), never with the winner.
    assert first["rank"] == 1 and last["rank"] >= 3
    assert profile(by_seat[first["seat"]])["recent"][0]["change"] > 0
    assert profile(by_seat[last["seat"]])["recent"][0]["change"] < 0
    ratings = Rating.objects.all()
    assert len(ratings) == 4 and all(r.sigma < 25 / 3 and r.games == 1 for r in ratings)


def test_a_retried_final_move_answers_the_same_and_moves_the_ratings_once(
        rigged_table, make_player, host):
    bob = make_player("bob")
    table, seated = deal_ana_wins(rigged_table, [bob])
    for _ in range(6):
        assert bob.move(table, "draw").status_code == 200
        assert host.move(table, "play", host.state(table)["you"]["playable"][0]).status_code == 200
    assert bob.move(table, "draw").status_code == 200
    last = host.state(table)["you"]["playable"][0]

    def final_move():
        return host.client.post(f"/api/tables/{table}/moves", {"action": "play", "card": last},
                                format="json", HTTP_IDEMPOTENCY_KEY="the-last-card")

    first = final_move()
    assert first.json()["status"] == "finished"
    rating = Rating.objects.get(user_id=host.id)
    again = final_move()
    assert again.json() == first.json()
    assert Rating.objects.get(user_id=host.id).mu == rating.mu
    assert (Rating.objects.get(user_id=host.id).games, Result.objects.count()) == (1, 2)


def test_the_end_of_a_game_told_to_the_ratings_again_changes_nothing(rigged_table,
                                                                      make_player):
    table, _ = ana_wins(rigged_table, [make_player("bob")])
    once = list(Rating.objects.order_by("user_id").values_list("mu", "sigma", "games"))
    with transaction.atomic():
        game = reads.load(table, lock=True)
        results.record_the_end(game, timezone.now())
    assert list(Rating.objects.order_by("user_id").values_list("mu", "sigma", "games")) == once
    assert Result.objects.count() == 2


# ------------------------------------------------------------------------- the profile
def test_a_profile_lists_recent_games_newest_first(rigged_table, make_player, host):
    bob = make_player("bob")
    tables = [ana_wins(rigged_table, [bob])[0] for _ in range(2)]
    mine = profile(host)
    assert [game["table"] for game in mine["recent"]] == tables[::-1]
    assert mine["recent"][0]["rating_before"] == mine["recent"][1]["rating_after"]
    assert mine["rating"]["games"] == 2 and mine["played"] == mine["won"] == 2
    assert profile(bob, "ana") == mine  # anyone logged in may read it


def test_an_unknown_player_is_a_404_with_its_code(host):
    response = host.get("/api/players/nobody")
    assert response.status_code == 404
    assert response.json() == {"code": "no-such-player",
                               "detail": "No player is called “nobody”."}


def test_a_name_with_a_nul_byte_is_an_unknown_player_not_a_server_error(host):
    response = host.get("/api/players/ana%00")
    assert response.status_code == 404 and response.json()["code"] == "no-such-player"


def test_a_newcomer_has_a_profile_with_the_starting_rating(host):
    assert profile(host) == {
        "name": "ana", "bot_account": False, "played": 0, "won": 0, "average_rank": None,
        "rating": {"display": NEWCOMER, "mu": 25.0, "sigma": 8.333, "games": 0},
        "recent": []}


def test_a_profile_needs_a_logged_in_caller(client, host):
    response = client.get("/api/players/ana")
    assert response.status_code == 401
    assert response.json()["code"] == "not-authenticated"


# ------------------------------------------------------------------------- the leaderboard
def rated_games(winner, loser, count: int, first_table: int = 1) -> None:
    """`count` rated two-player games that `winner` wins against `loser`."""
    for n in range(count):
        record_game(first_table + n, timezone.now(), 2,
                    [Placing(winner.id, 1, won=True), Placing(loser.id, 2)], rated=True)


def test_the_leaderboard_lists_players_with_five_rated_games_best_first(host, make_player):
    bob, cid, dan = make_player("bob"), make_player("cid"), make_player("dan")
    rated_games(bob, host, 5)
    rated_games(cid, dan, 4, first_table=100)  # four games: not on the board yet
    board = host.get("/api/leaderboard").json()
    assert board["min_games"] == 5 and board["count"] == 2
    assert [(row["place"], row["name"], row["games"], row["won"]) for row in board["players"]] == [
        (1, "bob", 5, 5), (2, "ana", 5, 0)]
    assert board["players"][0]["rating"] > board["players"][1]["rating"]
    assert board["players"][0]["rating"] == profile(bob)["rating"]["display"]


def test_the_leaderboard_comes_in_pages(host, make_player):
    bob = make_player("bob")
    rated_games(bob, host, 5)
    page = host.get("/api/leaderboard?limit=1&offset=1").json()
    assert (page["count"], page["limit"], page["offset"]) == (2, 1, 1)
    assert [(row["place"], row["name"]) for row in page["players"]] == [(2, "ana")]


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=many", "offset=-1"])
def test_a_leaderboard_page_out_of_bounds_is_refused_with_the_parameter_named(host, query):
    response = host.get(f"/api/leaderboard?{query}")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and set(body["fields"]) == {query.split("=")[0]}


def test_a_closed_account_leaves_the_leaderboard_and_has_no_profile(host, make_player):
    from accounts.closing import close_account
    from accounts.models import User

    bob = make_player("bob")
    rated_games(bob, host, 5)
    close_account(User.objects.get(pk=bob.id))
    assert [row["name"] for row in host.get("/api/leaderboard").json()["players"]] == ["ana"]
    assert host.get("/api/players/bob").status_code == 404
