"""Playing from an email: the signed link of each move of a turn (`games.service.move_links`),
its confirmation page, which changes nothing, and the move it makes, logged `by: "email"`;
every link that may no longer play (used, expired, moved on, changed, another seat's, refused
by the rules) changes nothing and says why. Through Django's test client, as a mail reader who
is not logged in; the browser test is test_browser_move_links.py."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rigged import deck_order

from games import deadlines
from games.models import Move as MoveRow
from games.models import Table
from games.rules import DECKS, Move
from games.service import lobby, move_links, play
from games.service.move_links import MoveLink, turn_for_email
from games.service.move_words import card_name
from games.service.turns import Turn

pytestmark = pytest.mark.django_db(transaction=True)

BASE = "http://wildcards.test"
# Ana hosts and deals; Ben plays first, on Red 5 (flame-5): Red 7 or the Wild, in any color.
ANA = ["flame-1", "sun-1", "leaf-1", "wave-1", "flame-9", "sun-9", "leaf-9"]
BEN = ["flame-7", "wild", "sun-2", "sun-3", "leaf-4", "leaf-6", "wave-8"]
# Ben again, with nothing that plays on Red 5: he draws, and Red 3 comes.
BEN_STUCK = ["sun-2", "sun-3", "sun-4", "leaf-4", "leaf-6", "wave-8", "wave-6"]
# The queries of each page, transaction control aside. Opening a link: the table and its
# seats with the hands and the round (two statements in one query on PostgreSQL), then the
# round's move number. A refused link adds the move log's entry that ended its turn.
# Confirming: the seat with its account and table, then the move as every move makes it (the
# table locked with the seats and round, the round's move number for the link's turn, one
# batch of writes with Ana's "your turn" email in the outbox). The move counts as being at the
# table: the time seen goes in the move's batch ("make"), or alone when the link was used.
QUERIES = {"look": 2, "look (used)": 3, "make": 4, "make (used)": 4}
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT",
                       "ROLLBACK TO SAVEPOINT")


@pytest.fixture(autouse=True)
def site_address(settings):
    settings.WILDCARDS_BASE_URL = BASE
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True


@pytest.fixture(autouse=True)
def emails_sent_by_a_worker(monkeypatch):
    """A worker sends the queued email after the move; tasks run eagerly here, so leave the
    outbox row unsent: its queries are not the page's."""
    monkeypatch.setattr("notifications.outbox._send_later", lambda notice_id, due_at: None)


@pytest.fixture
def reader() -> Client:
    """Someone who opens the links of an email in a browser where nobody is logged in."""
    return Client()


def deal(ana, ben, bens: list[str] = BEN, draw: tuple = ()) -> int:
    """A started turn-by-turn table of two: Ana (seat 0, the host and dealer) and Ben, whose
    turn it is, dealt `bens` on Red 5."""
    game = lobby.create_table(ana.user, {"players": 2, "turn_hours": 24,
                                         "deck_order": deck_order([ANA, bens], "flame-5",
                                                                  list(draw))})
    table = game.table.pk
    lobby.join_table(table, ben.user, game.table.invite)
    lobby.start_game(table, ana.user)
    return table


def path_of(url: str) -> str:
    assert url.startswith(BASE + "/play/"), url
    return url.removeprefix(BASE)


def link(table: int, person, label: str) -> str:
    turn = turn_for_email(table, person.user.pk)
    return next(path_of(move["url"]) for move in turn["moves"] if move["label"] == label)


def recorded(table: int) -> tuple:
    """What a refusal must leave as it was: the table's version, its move log, the hands."""
    row = Table.objects.get(pk=table)
    log = list(MoveRow.objects.filter(table_id=table).order_by("version")
               .values_list("version", "seat", "action", "card", "color", "by"))
    hands = list(row.current_round.hands.order_by("seat").values_list("cards", flat=True))
    return row.version, log, hands


def counted(request) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as context:
        response = request()
    queries = [q["sql"] for q in context.captured_queries
               if not q["sql"].upper().startswith(TRANSACTION_CONTROL)]
    return len(queries), response


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# --------------------------------------------------------------------------- the links
def test_the_turn_for_an_email_has_the_table_the_hand_and_a_link_per_move(ana, ben):
    table = deal(ana, ben)
    turn = turn_for_email(table, ben.user.pk)
    assert (turn["top"], turn["top_name"], turn["color"]) == ("flame-5", "Red 5", "red")
    assert [card["name"] for card in turn["hand"]] == [
        "Red 7", "Yellow 2", "Yellow 3", "Green 4", "Green 6", "Blue 8", "Wild"]
    assert turn["hand"][0] == {"code": "flame-7", "name": "Red 7", "color": "red",
                               "value": "7"}
    assert [move["label"] for move in turn["moves"]] == [
        "Play Red 7", "Play Wild and choose red", "Play Wild and choose yellow",
        "Play Wild and choose green", "Play Wild and choose blue"]
    assert all(move["url"].startswith(f"{BASE}/play/") for move in turn["moves"])
    assert turn["deadline"] == Table.objects.get(pk=table).current_round.deadline_at
    assert turn_for_email(table, ana.user.pk) is None  # not her turn
    assert turn_for_email(table + 1000, ben.user.pk) is None  # no such table


def test_the_links_path_is_the_confirmation_pages():
    assert reverse("move-link", args=["abc"]) == f"{move_links.PATH}abc"


def test_every_card_of_both_decks_has_a_name_in_words():
    for rules in DECKS.values():
        for code in rules.deck.codes:
            name = card_name(code)
            assert name and name != code and "-" not in name, code


# ------------------------------------------------------------------- the page and the move
def test_opening_a_link_shows_the_move_and_the_hand_and_changes_nothing(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Wild and choose blue")
    before = recorded(table)
    queries, response = counted(lambda: reader.get(url))
    assert response.status_code == 200
    page = text(response)
    assert f"Play Wild and choose blue at table {table}?" in page
    assert "For ben" in page and "Top card: Red 5" in page and "Red (flame) in play" in page
    assert 'aria-label="Yellow 3 (sun)"' in page  # the hand, card faces with their names
    assert '<button type="submit" class="primary">Play Wild and choose blue</button>' in page
    assert response["Cache-Control"] == "private, no-store"
    assert response["Referrer-Policy"] == "no-referrer"
    assert recorded(table) == before
    assert queries == QUERIES["look"]


def test_the_links_page_shows_the_deadline_in_the_players_time_zone(ana, ben, reader):
    from notifications.preferences import update_preferences

    table = deal(ana, ben)
    update_preferences(ben.user, {"time_zone": "Asia/Tokyo"})
    page = text(reader.get(link(table, ben, "Play Red 7")))  # opened without logging in
    assert re.search(r"Your turn ends [^<]* JST", page), page


def test_confirming_plays_the_move_through_the_service_logged_as_by_email(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Red 7")
    version = Table.objects.get(pk=table).version
    queries, response = counted(lambda: reader.post(url))
    assert response.status_code == 200
    page = text(response)
    assert "Done: Play Red 7" in page and "Top card: Red 7" in page
    assert f'href="/tables/{table}"' in page
    last = MoveRow.objects.filter(table_id=table).latest("version")
    assert (last.seat, last.action, last.card, last.by) == (1, "play", "flame-7", "email")
    assert last.version == version + 1
    assert queries == QUERIES["make"]
    log = ana.get(f"/api/tables/{table}/moves").json()
    assert log["moves"][-1]["by"] == "email"


def test_a_used_link_plays_nothing_again_and_says_so(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Red 7")
    assert reader.post(url).status_code == 200
    after = recorded(table)
    queries, again = counted(lambda: reader.post(url))
    assert again.status_code == 410 and queries == QUERIES["make (used)"]
    assert "This link has been used" in text(again) and "Nothing was changed." in text(again)
    queries, opened = counted(lambda: reader.get(url))
    assert opened.status_code == 410 and queries == QUERIES["look (used)"]
    assert "Top card" not in text(opened)  # an old link shows no hand
    assert recorded(table) == after


def test_the_other_links_of_a_turn_play_nothing_once_one_move_is_made(ana, ben, reader):
    table = deal(ana, ben)
    red, blue = link(table, ben, "Play Red 7"), link(table, ben, "Play Wild and choose blue")
    assert reader.post(red).status_code == 200
    after = recorded(table)
    for response in (reader.get(blue), reader.post(blue)):
        assert response.status_code == 409
        assert "The game has moved on." in text(response)
        assert f'href="/tables/{table}"' in text(response)
    assert recorded(table) == after


def test_a_move_made_at_the_table_ends_the_turns_links(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Wild and choose green")
    assert ben.post(f"/tables/{table}/move", {"action": "play", "card": "flame-7"}
                    ).status_code == 302
    after = recorded(table)
    response = reader.post(url)
    assert response.status_code == 409 and "The game has moved on." in text(response)
    assert recorded(table) == after


def test_a_link_expires_with_its_turn(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Red 7")
    deadline = Table.objects.get(pk=table).current_round.deadline_at
    before = recorded(table)
    with time_machine.travel(deadline + timedelta(seconds=1), tick=False):
        for response in (reader.get(url), reader.post(url)):  # before the sweep came by
            assert response.status_code == 410
            assert "Your turn ran out" in text(response)
        assert recorded(table) == before
        deadlines.sweep(deadline + timedelta(seconds=1))  # the table plays the turn out
    after = recorded(table)
    assert after[1][-1][-1] == "timer"
    response = reader.post(url)
    assert response.status_code == 410 and "Your turn ran out" in text(response)
    assert recorded(table) == after


def test_a_link_outlives_what_moves_the_tables_version_but_is_no_move(ana, ben, reader):
    """Chat, a seat swap or a pause bump the table's version; the turn goes on, and so do its
    links."""
    table = deal(ana, ben)
    url = link(table, ben, "Play Red 7")
    Table.objects.filter(pk=table).update(version=F("version") + 3)
    assert reader.post(url).status_code == 200
    assert MoveRow.objects.filter(table_id=table).latest("version").by == "email"


def test_a_changed_or_made_up_link_is_not_valid_and_changes_nothing(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Red 7")
    token = url.removeprefix("/play/")
    changed = token[:-3] + ("AAA" if token[-3:] != "AAA" else "BBB")
    before = recorded(table)
    for bad in (changed, token[:20], "not-a-token", token.swapcase()):
        for response in (reader.get(f"/play/{bad}"), reader.post(f"/play/{bad}")):
            assert response.status_code == 400, bad
            assert "This link does not work" in text(response)
    assert recorded(table) == before


def test_a_token_of_another_salt_is_no_move_link(ana, ben, reader):
    from django.core import signing

    table = deal(ana, ben)
    forged = signing.dumps({"t": table, "u": ben.user.pk, "s": 1, "r": 1, "n": 1,
                            "m": "play flame-7"}, salt="wildcards.unsubscribe")
    before = recorded(table)
    assert reader.post(f"/play/{forged}").status_code == 400
    assert recorded(table) == before


def test_a_link_only_ever_moves_for_its_own_seat(ana, ben, reader):
    table = deal(ana, ben)
    bens = link(table, ben, "Play Red 7")
    anas_hand = recorded(table)[2][0]
    # From Ana's logged-in browser, Ben's link plays Ben's move: the link, not the session,
    # says who moves.
    assert ana.client.post(bens).status_code == 200
    last = MoveRow.objects.filter(table_id=table).latest("version")
    assert (last.seat, last.card, last.by) == (1, "flame-7", "email")
    assert recorded(table)[2][0] == anas_hand
    # Now it is Ana's turn: Ben's links, old or signed for her turn, never move for her.
    after = recorded(table)
    turn = turn_for_email(table, ana.user.pk)
    number = MoveRow.objects.filter(table_id=table, round_number=1).count()
    anas_move = Move("play", "flame-1")
    for token in (
        bens.removeprefix("/play/"),  # used
        move_links.sign(MoveLink(table, ben.user.pk, Turn(1, 1, number), anas_move)),
        move_links.sign(MoveLink(table, ben.user.pk, Turn(0, 1, number), anas_move)),
        move_links.sign(MoveLink(table, ana.user.pk, Turn(1, 1, number), anas_move)),
    ):
        response = reader.post(f"/play/{token}")
        assert response.status_code in (409, 410), response.status_code
    assert recorded(table) == after
    # Ana's own link for her turn plays.
    assert reader.post(path_of(turn["moves"][0]["url"])).status_code == 200


def test_a_move_the_rules_refuse_shows_the_rules_sentence_and_changes_nothing(ana, ben, reader):
    table = deal(ana, ben)
    number = MoveRow.objects.filter(table_id=table).count()
    token = move_links.sign(MoveLink(table, ben.user.pk, Turn(1, 1, number),
                                     Move("play", "sun-2")))
    before = recorded(table)
    for response in (reader.get(f"/play/{token}"), reader.post(f"/play/{token}")):
        assert response.status_code == 422
        assert ("The card matches neither the color in play nor the number or action on top."
                in text(response))
    assert recorded(table) == before


def test_a_draw_that_keeps_the_turn_offers_its_next_moves(ana, ben, reader):
    table = deal(ana, ben, BEN_STUCK, draw=["flame-3"])
    turn = turn_for_email(table, ben.user.pk)
    assert [move["label"] for move in turn["moves"]] == ["Draw a card"]
    response = reader.post(path_of(turn["moves"][0]["url"]))
    page = text(response)
    assert response.status_code == 200 and "You drew <strong>Red 3</strong>" in page
    assert "Your turn goes on" in page
    follow = re.search(r'<form method="post" action="(/play/[^"]+)"', page).group(1)
    assert reader.post(follow).status_code == 200
    moves = list(MoveRow.objects.filter(table_id=table).order_by("version")
                 .values_list("action", "card", "by"))
    assert moves[-2:] == [("draw", None, "email"), ("play", "flame-3", "email")]


def test_the_service_takes_a_by_for_the_log_and_defaults_to_the_player(ana, ben):
    table = deal(ana, ben)
    play.make_move(table, ben.user, Move("play", "flame-7"))
    assert MoveRow.objects.filter(table_id=table).latest("version").by == "player"


# ------------------------------------------------------------------------ the email's part
def test_the_email_partials_show_the_table_the_hand_and_a_link_per_move(ana, ben, reader):
    from django.template.loader import render_to_string

    table = deal(ana, ben)
    turn = turn_for_email(table, ben.user.pk)
    plain = render_to_string("notifications/_turn.txt", {"turn": turn})
    assert "Top card: Red 5 (color in play: red)" in plain
    assert ("Your hand (7 cards): Red 7, Yellow 2, Yellow 3, Green 4, Green 6, Blue 8, Wild"
            in plain)
    for move in turn["moves"]:
        assert f"- {move['label']}: {move['url']}\n" in plain
    html = render_to_string("notifications/_turn.html", {"turn": turn})
    assert "<svg" not in html and "<use" not in html and "<style" not in html
    assert html.count('title="') == 1 + 7  # the top card and the hand, as card faces
    assert 'title="Red 7"' in html and "background:#c62828" in html  # a red box...
    assert ">7</span>" in html  # ...with its value
    assert 'title="Wild"' in html and "background:#212121" in html
    links = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', html)
    assert links == [(move["url"], move["label"]) for move in turn["moves"]]
    # Each link opens its own move's page.
    for url, label in links:
        assert f"{label} at table {table}?" in text(reader.get(path_of(url)))


def test_a_last_card_played_from_an_email_ends_the_game_and_the_page_says_so(ana, ben, reader,
                                                                             settings):
    reds = ["flame-2", "flame-3", "flame-4", "flame-6", "flame-7", "flame-8", "flame-9"]
    game = lobby.create_table(ana.user, {"players": 2, "turn_hours": 24, "deck_order": deck_order(
        [["flame-1", "flame-1", "flame-0", "flame-2", "flame-3", "flame-4", "flame-6"], reds],
        "flame-5")})
    table = game.table.pk
    lobby.join_table(table, ben.user, game.table.invite)
    lobby.start_game(table, ana.user)
    anas = ["flame-1", "flame-1", "flame-0", "flame-2", "flame-3", "flame-4"]
    for bens, hers in zip(reds[:6], anas, strict=True):
        play.make_move(table, ben.user, Move("play", bens))
        play.make_move(table, ana.user, Move("play", hers))
    response = reader.post(link(table, ben, "Play Red 9"))
    assert response.status_code == 200
    assert "The game is over." in text(response) and "Your hand" not in text(response)
    assert Table.objects.get(pk=table).status == "finished"


def test_a_seat_a_bot_took_over_plays_nothing_from_its_links(ana, ben, reader):
    table = deal(ana, ben)
    url = link(table, ben, "Play Red 7")
    Table.objects.get(pk=table).seats.filter(number=1).update(state="bot", bot_level="easy")
    before = recorded(table)
    for response in (reader.get(url), reader.post(url)):
        assert response.status_code == 409
        assert "A bot plays this seat" in text(response) and "/api/" not in text(response)
    assert recorded(table) == before
