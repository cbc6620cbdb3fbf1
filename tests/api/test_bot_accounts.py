"""Bot accounts (issue 30): an account declares itself a bot through the API before it has
played a rated game; it is shown as a bot wherever its name is, and its games are never rated.
The house bots a host seats stay seats, not accounts."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rated_games import ana_wins, deal_ana_wins, play_out

from ratings.models import Rating, Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def robo(make_player):
    """A program's account, declared a bot."""
    robo = make_player("robo")
    assert robo.post("/api/me/bot").status_code == 200
    return robo


def test_an_account_declares_itself_a_bot_once_and_for_good(make_player):
    robo = make_player("robo")
    assert robo.get("/api/me").json()["bot_account"] is False
    with CaptureQueriesContext(connection) as queries:
        declared = robo.post("/api/me/bot")
    assert declared.status_code == 200
    assert declared.json() == {"id": robo.id, "username": "robo", "email": "robo@example.com",
                               "bot_account": True}
    # The token, the account locked, its rated games (none being played, none finished), the
    # save (and the transaction's savepoint, as the test runs in a transaction).
    statements = [q["sql"] for q in queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    assert len(statements) == 5, statements
    again = robo.post("/api/me/bot")
    assert (again.status_code, again.json()["bot_account"]) == (200, True)
    assert robo.get("/api/me").json()["bot_account"] is True
    assert robo.get("/api/players/robo").json()["bot_account"] is True


def test_an_account_that_finished_a_rated_game_is_refused_and_stays_a_person(
        rigged_table, make_player, host):
    table, final = ana_wins(rigged_table, [make_player("bob")])
    assert Result.objects.filter(user_id=host.id, rated=True).exists()
    refused = host.post("/api/me/bot")
    assert refused.status_code == 409
    assert refused.json()["code"] == "rated-games-played"
    assert get_user_model().objects.get(pk=host.id).is_bot is False


def test_an_account_in_a_rated_game_being_played_is_refused(rigged_table, make_player):
    bob = make_player("bob")
    table, _ = deal_ana_wins(rigged_table, [bob])
    refused = bob.post("/api/me/bot")
    assert (refused.status_code, refused.json()["code"]) == (409, "rated-games-played")


def test_an_unrated_game_played_before_does_not_keep_an_account_from_becoming_a_bot(
        rigged_table, make_player, host):
    ana_wins(rigged_table, [make_player("bob")], rated=False)
    assert host.post("/api/me/bot").status_code == 200


def test_a_bot_account_is_shown_as_one_at_the_table_and_the_house_bots_stay_seats(host, robo,
                                                                                 make_table):
    table = make_table([robo], players=3)
    assert host.post(f"/api/tables/{table}/bots", {"level": "hard"}).status_code == 200
    shown = host.get(f"/api/tables/{table}").json()
    assert shown["rated"] is False  # a bot account sits at it
    seats = {seat["name"]: seat for seat in shown["seats"]}
    assert seats["robo"]["bot_account"] is True and seats["robo"]["bot"] is None
    assert seats["ana"]["bot_account"] is False
    house = next(seat for seat in shown["seats"] if seat["seat"] == 2)
    assert (house["bot"], house["bot_account"]) == ("hard", False)

    host.post(f"/api/tables/{table}/start")
    state = robo.state(table)
    assert [seat["bot_account"] for seat in state["seats"]] == [False, True, False]


def test_a_game_with_a_bot_account_is_never_rated_even_if_the_host_asked(rigged_table, host,
                                                                         robo):
    table, final = ana_wins(rigged_table, [robo], rated=True)
    assert final["status"] == "finished"
    assert host.get(f"/api/tables/{table}").json()["rated"] is False
    assert not Rating.objects.exists()
    assert not Result.objects.filter(rated=True).exists()
    record = host.get(f"/api/games/{table}/record").json()
    assert [p["bot_account"] for p in record["players"]] == [False, True]
    assert [p["bot_account"] for p in record["rounds"][0]["players"]] == [False, True]
    assert host.get("/api/players/ana").json()["recent"][0]["rated"] is False


def test_the_pages_show_a_bot_account_as_a_bot(client, host, robo, make_table, rigged_table):
    table = make_table([robo], players=2)
    client.force_login(get_user_model().objects.get(pk=host.id))
    lobby = client.get(f"/tables/{table}").content.decode()
    assert 'robo <span class="badge bot">bot</span>' in lobby
    host.post(f"/api/tables/{table}/start")
    game = client.get(f"/tables/{table}").content.decode()
    assert '<span class="badge bot">bot</span>' in game
    profile = client.get("/players/robo").content.decode()
    assert 'robo <span class="badge bot">bot</span>' in profile
    assert '<span class="badge bot">' not in client.get("/players/ana").content.decode()


def test_a_finished_game_replayed_shows_the_bot_account_as_a_bot(client, rigged_table, host,
                                                                 robo):
    table, seated = deal_ana_wins(rigged_table, [robo])
    play_out(table, seated)
    client.force_login(get_user_model().objects.get(pk=host.id))
    page = client.get(f"/tables/{table}/replay?step=3").content.decode()
    assert 'robo <span class="badge bot">bot</span>' in page
