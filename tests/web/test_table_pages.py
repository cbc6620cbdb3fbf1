"""The table pages, through Django's test client: my games, a new table, the lobby, the table,
moves and their refusals. The browser tests (test_browser.py) play through a real page."""

from __future__ import annotations

import re

import pytest

from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def new_table(person, **fields) -> int:
    body = {"players": 4, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
            "move_timer": "normal", "scoring": "single", "target": 500, **fields}
    response = person.post("/tables/new", body)
    assert response.status_code == 302, response.content.decode()[:2000]
    return int(response["Location"].rstrip("/").split("/")[-1])


def test_a_visitor_sees_the_welcome_page_and_a_person_their_games(client, ana):
    assert b"Sign up" in client.get("/").content
    page = ana.get("/").content.decode()
    assert "My games" in page and "New table" in page


def test_the_new_table_form_explains_every_option(ana):
    page = ana.get("/tables/new").content.decode()
    for words in ("Turn by turn", "Real time", "Time for a turn", "When a turn runs out",
                  "Move timer", "A single round", "Target score", "Stacking", "7-0",
                  "Jump-in", "Draw until playable", "Allow spectators"):
        assert words in page, words


def test_a_bad_new_table_form_shows_its_error_and_creates_nothing(ana):
    response = ana.post("/tables/new", {"players": 11, "mode": "turn", "turn_hours": 24,
                                        "on_expiry": "bot", "move_timer": "normal",
                                        "scoring": "target", "target": 5})
    assert response.status_code == 200
    assert b"Select a valid choice" in response.content
    assert not Table.objects.exists()


def test_the_host_fills_seats_with_bots_and_starts(ana):
    table = new_table(ana, players=3)
    lobby = ana.get(f"/tables/{table}").content.decode()
    assert "Invite link" in lobby and "Start the game" in lobby
    assert ana.post(f"/tables/{table}/bots", {"level": "easy"}).status_code == 302
    assert ana.post(f"/tables/{table}/bots", {"level": "hard"}).status_code == 302
    assert ana.post(f"/tables/{table}/start").status_code == 302
    page = ana.get(f"/tables/{table}").content.decode()
    assert "Your hand" in page and "Draw pile" in page


def test_a_friend_joins_with_the_invite_link(ana, ben):
    table = new_table(ana)
    invite = Table.objects.get(pk=table).invite
    page = ben.get(f"/tables/{table}?invite={invite}").content.decode()
    assert f'value="{invite}"' in page
    assert ben.post(f"/tables/{table}/join", {"invite": "wrong"}).status_code == 302
    assert "not this table" in ben.get(f"/tables/{table}").content.decode()
    ben.post(f"/tables/{table}/join", {"invite": invite})
    assert "Give my seat back" in ben.get(f"/tables/{table}").content.decode()


def test_a_refused_play_shows_its_reason_and_changes_nothing(ana, make_person):
    table = new_table(ana, players=2)
    ana.post(f"/tables/{table}/bots", {"level": "normal"})
    ana.post(f"/tables/{table}/start")
    before = Table.objects.get(pk=table).version
    response = ana.post(f"/tables/{table}/move", {"action": "play", "card": "no-such-card"},
                        HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "That is not a card of this deck." in response.content.decode()
    assert Table.objects.get(pk=table).version == before


def test_the_page_shows_no_other_seats_cards(ana, ben):
    table = new_table(ana, players=2)
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    ana.post(f"/tables/{table}/start")
    from games.storage.reads import load

    game = load(table)
    bens_cards = set(game.state.hands[1]) - set(game.state.hands[0])
    codes = game.state and __import__("games.rules", fromlist=["CLASSIC"]).CLASSIC.codes
    page = ana.get(f"/tables/{table}").content.decode()
    shown = set(re.findall(r'name="card" value="([a-z0-9-]+)"', page))
    assert shown <= {codes[c] for c in game.state.hands[0]}
    assert not any(f"Play {codes[c]}" in page for c in bens_cards)


def test_the_live_part_answers_204_while_nothing_changed(ana):
    table = new_table(ana, players=2)
    version = Table.objects.get(pk=table).version
    assert ana.get(f"/tables/{table}/live?since={version}").status_code == 204
    ana.post(f"/tables/{table}/bots", {"level": "normal"})
    assert ana.get(f"/tables/{table}/live?since={version}").status_code == 200


def test_an_outsider_watches_a_table_that_allows_it_and_sees_no_hand(ana, ben, make_person):
    table = new_table(ana, players=2, spectators="on")
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    ana.post(f"/tables/{table}/start")
    cleo = make_person("cleo")
    page = cleo.get(f"/tables/{table}").content.decode()
    assert "You are watching this table." in page
    assert "Your hand" not in page and 'name="card"' not in page
    private = new_table(ana, players=2)
    ana.post(f"/tables/{private}/bots", {"level": "easy"})
    ana.post(f"/tables/{private}/start")
    response = cleo.get(f"/tables/{private}")
    assert response.status_code == 403
    assert b"does not allow spectators" in response.content


def against_an_easy_bot(host, settings, first: str, starter: str) -> int:
    """A started two-seat table, `host` against an Easy bot, dealt `first` and six reds to the
    host, seven yellows to the bot, `starter` turned up."""
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    from rigged import deck_order

    from games.service import lobby

    hands = [[first, "flame-1", "flame-2", "flame-3", "flame-4", "flame-5", "flame-6"],
             ["sun-1", "sun-2", "sun-3", "sun-4", "sun-5", "sun-6", "sun-7"]]
    game = lobby.create_table(host.user, {"players": 2,
                                          "deck_order": deck_order(hands, starter)})
    table = game.table.pk
    lobby.add_bot(table, host.user, "easy")
    lobby.start_game(table, host.user)
    return table


def test_the_color_picker_comes_up_for_a_wild_and_the_play_goes_through(ana, settings):
    table = against_an_easy_bot(ana, settings, "wild", "leaf-9")
    assert "Your turn" in ana.get(f"/tables/{table}").content.decode()
    page = ana.post(f"/tables/{table}/move", {"action": "play", "card": "wild"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "which color goes on?" in page and 'value="blue"' in page
    page = ana.post(f"/tables/{table}/move", {"action": "play", "card": "wild",
                                              "color": "blue"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "Ana played Wild and chose blue" in page or "ana played Wild and chose blue" in page


def test_the_direction_ring_turns_around_when_a_reverse_is_played(ana, settings):
    """Rule book, "Direction ring": an arrow showing which way play is going; it turns around
    when a Reverse is played. A Reverse starter at two players: the dealer (ana) goes first."""
    table = against_an_easy_bot(ana, settings, "flame-reverse", "leaf-reverse")
    ring = re.compile(r'class="direction" aria-hidden="true">(.)</span> (\w+)')
    page = ana.get(f"/tables/{table}").content.decode()
    assert "Your turn" in page
    assert ring.findall(page) == [("↺", "counterclockwise")]
    page = ana.post(f"/tables/{table}/move", {"action": "play", "card": "flame-reverse"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert ring.findall(page) == [("↻", "clockwise")]
    assert "Your turn" in page  # two players: the Reverse works like a Skip


def test_a_bot_of_no_known_level_is_refused_with_a_message_and_nothing_changes(ana):
    table = new_table(ana, players=3)
    version = Table.objects.get(pk=table).version
    response = ana.post(f"/tables/{table}/bots", {"level": "genius"}, follow=True)
    assert "Choose the bot&#x27;s level" in response.content.decode()
    assert Table.objects.get(pk=table).version == version
    assert Table.objects.get(pk=table).seats.count() == 1


def test_only_the_host_cancels_and_a_refusal_changes_nothing(ana, ben):
    table = new_table(ana, players=3)
    response = ben.post(f"/tables/{table}/cancel", follow=True)
    assert "Only the host" in response.content.decode()
    assert Table.objects.filter(pk=table).exists()
    response = ana.post(f"/tables/{table}/cancel", follow=True)
    assert "The table is cancelled." in response.content.decode()
    assert not Table.objects.filter(pk=table).exists()


def test_a_move_that_is_not_understood_says_so_and_changes_nothing(ana):
    table = new_table(ana, players=2)
    ana.post(f"/tables/{table}/bots", {"level": "normal"})
    ana.post(f"/tables/{table}/start")
    version = Table.objects.get(pk=table).version
    response = ana.post(f"/tables/{table}/move", {"action": "fly"}, HTTP_HX_REQUEST="true")
    assert "That move was not understood." in response.content.decode()
    assert Table.objects.get(pk=table).version == version


def finish_a_game_against_a_bot(person) -> int:
    table = new_table(person, players=2)
    person.post(f"/tables/{table}/bots", {"level": "normal"})
    person.post(f"/tables/{table}/start")
    person.post(f"/tables/{table}/concede")
    assert Table.objects.get(pk=table).status == Table.Status.FINISHED
    return table


def test_my_games_ranks_every_finished_game_in_the_same_number_of_queries(ana):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    finish_a_game_against_a_bot(ana)
    with CaptureQueriesContext(connection) as one:
        page = ana.get("/").content.decode()
    assert "1. Bot Blaise (Normal)" in page and "2. ana" in page
    for _ in range(3):
        finish_a_game_against_a_bot(ana)
    with CaptureQueriesContext(connection) as four:
        page = ana.get("/").content.decode()
    assert page.count("2. ana") == 4
    assert len(four) == len(one)


def test_your_turn_shows_what_the_others_did_since_and_a_switch_mutes_the_tables_emails(
        ana, ben):
    from games.rules import timeout_move
    from games.service import play
    from games.storage.reads import load
    from notifications.preferences import preferences_json

    table = new_table(ana, players=2)
    ben.get(f"/tables/{table}?invite={Table.objects.get(pk=table).invite}")
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    ana.post(f"/tables/{table}/start")
    people = {0: ana.user, 1: ben.user}
    moved_by_ben = False
    while not (moved_by_ben and load(table).state.turn == 0):
        state = load(table).state
        moved_by_ben |= state.turn == 1
        play.make_move(table, people[state.turn], timeout_move(state))
    page = ana.get(f"/tables/{table}").content.decode()
    section = re.search(r'<section class="panel since".*?</section>', page, re.S).group(0)
    assert "Since your last turn" in section and "ben " in section
    assert "<li>ana " not in section  # the others' moves, not hers
    assert "Mute this table" in page

    assert ana.post(f"/tables/{table}/emails", {"muted": "1"}).status_code == 302
    assert preferences_json(type(ana.user).objects.get(pk=ana.user.pk))["muted_tables"] == [
        table]
    assert "emails are muted" in ana.get(f"/tables/{table}").content.decode()
