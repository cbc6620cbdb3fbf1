"""The ratings pages and the rated option, through Django's test client: the new table form's
choice, the table page saying whether its game is rated, the leaderboard and a profile."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.models import Table
from ratings.record import Placing, record_game

pytestmark = pytest.mark.django_db

FORM = {"players": 2, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
        "move_timer": "normal", "scoring": "single", "target": 500}


def new_table(person, **fields) -> int:
    response = person.post("/tables/new", {**FORM, **fields})
    assert response.status_code == 302, response.content.decode()[:2000]
    return int(response["Location"].rstrip("/").split("/")[-1])


def games_won(winner, loser, count: int, first_table: int = 1) -> None:
    for n in range(count):
        record_game(first_table + n, timezone.now(), 2,
                    [Placing(winner.user.pk, 1, won=True), Placing(loser.user.pk, 2)],
                    rated=True)


def test_the_new_table_form_offers_a_rated_game_ticked_by_default(ana):
    page = ana.get("/tables/new").content.decode()
    assert "Rated game" in page and "Only games of people are rated" in page
    box = re.search(r'<input[^>]*name="rated"[^>]*>', page).group(0)
    assert 'type="checkbox"' in box and "checked" in box


def test_a_table_made_with_rated_ticked_is_rated_and_without_it_is_not(ana):
    rated, unrated = new_table(ana, rated="on"), new_table(ana)
    assert Table.objects.get(pk=rated).rated and not Table.objects.get(pk=unrated).rated
    assert "Rated:" in ana.get(f"/tables/{rated}").content.decode()
    assert "the host chose so" in ana.get(f"/tables/{unrated}").content.decode()


def test_the_lobby_says_a_seated_bot_makes_the_game_unrated(ana):
    table = new_table(ana, rated="on")
    ana.post(f"/tables/{table}/bots", {"level": "easy"})
    page = ana.get(f"/tables/{table}").content.decode()
    assert "Not rated</strong> while a bot is seated" in page and "unrated" in page


def test_the_leaderboard_is_in_the_menu_and_lists_players_with_enough_rated_games(ana, ben,
                                                                                  make_person):
    cid = make_person("cid")
    games_won(ben, ana, 5)
    games_won(cid, ana, 2, first_table=50)
    page = ana.get("/").content.decode()
    assert 'href="/leaderboard"' in page
    board = ana.get("/leaderboard").content.decode()
    assert "at least 5 rated games" in board
    assert '<a href="/players/ben">ben</a>' in board and '<a href="/players/ana">ana</a>' in board
    assert "/players/cid" not in board
    assert board.index('/players/ben">ben</a>') < board.index('/players/ana">ana</a>')


def test_an_empty_leaderboard_says_how_to_get_on_it(ana):
    board = ana.get("/leaderboard").content.decode()
    assert "Nobody has 5 rated games yet" in board


def test_a_profile_shows_the_rating_totals_and_recent_games(ana, ben):
    games_won(ben, ana, 2)
    page = ben.get("/players/ben").content.decode()
    rating = ben.user.rating.display
    assert f'<strong class="big">{rating}</strong>' in page and "after 2 rated games" in page
    assert "Table 2" in page and "Table 1" in page and "(+" in page
    assert "on the leaderboard after 5" in page
    loser = ben.get("/players/ana").content.decode()
    assert "(-" in loser and "Average place" in loser


def test_an_unknown_players_profile_is_not_found(ana):
    assert ana.get("/players/nobody").status_code == 404
    assert ana.get("/players/ana%00").status_code == 404  # PostgreSQL refuses NUL in text


def test_the_ratings_pages_are_for_people_logged_in(client):
    assert client.get("/leaderboard").status_code == 302
    assert client.get("/players/ana").status_code == 302
