"""What players expected besides the defects (issue 23), through Django's test client: a rules
and help page linked from every page, the site's icon, "my games" listing no table a visitor
cannot join, the color in play shown with its symbol, the verification and the record on the
site's own pages, who plays a seat said in the log, and deadlines in the viewer's time zone."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.utils import timezone
from positions import table_at
from replayed import finished_game

from games.rules import position
from games.service import lobby
from games.service.words import log_line
from web.times import deadline_text, iso_utc

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def test_the_rules_page_tells_the_rule_book_and_every_table_option(client, ana):
    page = re.sub(r"\s+", " ", client.get("/rules").content.decode())
    for words in ("you must play one", "Wild Draw 4 limit", "no card of the color in play",
                  "three times (not necessarily in a row)", "replaced by a bot for the rest of "
                  "the game", "seat is held for two minutes", "Stack draw cards", "7-0",
                  "Jump-in", "Draw until playable", "The All Wild deck",
                  "it plays your playable card worth the most points"):
        assert words in page, words
    # The options as the new-table form declares them, each with its help.
    for words in ("Time for a turn (turn by turn)", "Move timer (real time)",
                  "Relaxed: 45 seconds", "Allow spectators", "Rated game",
                  "A Draw 2 or Wild Draw 4 may be passed on with another one."):
        assert words in page, words


@pytest.mark.parametrize("path", ["/", "/rules", "/accounts/login/", "/accounts/signup"])
def test_every_page_links_to_the_rules_for_a_visitor(client, path):
    assert '<a href="/rules">Rules</a>' in client.get(path).content.decode()


def test_every_page_links_to_the_rules_for_a_player(ana):
    table = table_at(position([["flame-1", "sun-2"], ["leaf-6", "sun-7"]], top="flame-0"),
                     ana.user)
    for path in ("/", "/tables/new", f"/tables/{table}", "/leaderboard", "/account"):
        assert '<a href="/rules">Rules</a>' in ana.get(path).content.decode(), path


def test_the_site_has_an_icon(client):
    page = client.get("/rules").content.decode()
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page)[1]
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == icon


def test_my_games_lists_no_table_that_needs_an_invite_the_visitor_lacks(ana, ben):
    hosted = lobby.create_table(ana.user, {"players": 3}).table
    page = ben.get("/").content.decode()
    assert f"/tables/{hosted.pk}" not in page
    assert "Every table is joined with its invite link" in page


@pytest.mark.parametrize(("color", "symbol"), [("red", "flame"), ("yellow", "sun"),
                                               ("green", "leaf"), ("blue", "wave")])
def test_the_color_in_play_shows_its_symbol_and_name(ana, color, symbol):
    table = table_at(position([["sun-2", "wild"], ["leaf-6", "sun-7"]], top=f"{symbol}-5"),
                     ana.user)
    page = ana.get(f"/tables/{table}").content.decode()
    pill = re.search(r'<span class="in-play ([a-z]+)">(.*?)</span>', page, re.S)
    assert pill[1] == color
    assert f'href="#sym-{symbol}"' in pill[2] and f"({symbol}) in play" in pill[2]


def test_every_card_on_the_table_keeps_a_symbol_or_a_letter(ana):
    """Not color alone: each face has its color's symbol, or (a Wild) a letter or picture in
    its corner, in the hand, on the pile and in an ended round's hands."""
    table = table_at(position([["flame-3", "wild", "wild-draw4", "sun-skip"],
                               ["leaf-6", "wave-reverse", "leaf-draw2"]], top="flame-5",
                              discard=["sun-5", "wild"]), ana.user)
    ana.post(f"/tables/{table}/move", {"action": "play", "card": "flame-3"})
    page = ana.get(f"/tables/{table}").content.decode()
    faces = re.findall(r'<(?:span|button)[^>]*class="card (?!back)[^"]*"[^>]*>(.*?)</svg>',
                       page, re.S)
    assert len(faces) > 8
    for face in faces:
        assert 'href="#sym-' in face or re.search(r'class="ix[^"]*">[^<]+<', face) \
            or 'href="#pic-' in face, face[:200]


def test_the_verification_and_the_record_are_pages_of_the_site(ana, ben):
    table = finished_game(ana.user, ben.user)
    replay = ana.get(f"/tables/{table}/replay").content.decode()
    assert f'href="/tables/{table}/verify"' in replay and "/api/" not in replay
    verdict = ana.get(f"/tables/{table}/verify").content.decode()
    assert "It checks out." in verdict and "/api/" not in verdict
    record = ana.get(f"/tables/{table}/record.json")
    assert record["Content-Disposition"] == f'attachment; filename="table-{table}-record.json"'
    assert record.json()["format"] == "wild-cards-record"


def test_a_move_a_bot_made_for_a_person_says_so_in_the_log():
    names = {0: "ana", 1: "Bot Ada (Easy)"}
    played = {"seat": 0, "action": "play", "by": "bot",
              "events": [{"kind": "played", "seat": 0, "card": "flame-7"}]}
    assert log_line(played, names, people={0}) == \
        "ana played Red 7 (a bot played for ana)."
    assert log_line({**played, "seat": 1, "events": [{**played["events"][0], "seat": 1}]},
                    names, people={0}) == "Bot Ada (Easy) played Red 7."
    assert log_line({**played, "by": "timer"}, names, people={0}) == \
        "ana played Red 7 (time ran out)."


def test_a_deadline_reads_in_the_active_time_zone_with_its_abbreviation():
    moment = datetime(2026, 12, 5, 15, 58, 27, 419338, tzinfo=UTC)
    assert deadline_text(moment) == "until Sat 5 Dec, 15:58 UTC"
    assert deadline_text("2026-12-05T15:58:27.419338Z", seconds=True) == "until 15:58:27 UTC"
    with timezone.override("Europe/Paris"):
        assert deadline_text(moment) == "until Sat 5 Dec, 16:58 CET"
    assert iso_utc(moment) == "2026-12-05T15:58:27Z" and deadline_text(None) == ""
