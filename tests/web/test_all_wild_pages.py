"""The All Wild deck on the pages: the new-table form's deck and last-card call, the eight card
faces, the target picker, the call (with the second-to-last card, and "Last card!") and the
catch button next to a seat that can be caught."""

from __future__ import annotations

import pytest
from rigged import deck_order

from games.models import Table
from games.service import lobby
from web.templatetags.cards import card_name, card_svg

pytestmark = pytest.mark.django_db(transaction=True)

FACES = {
    "wild": ("Wild", "pic-wheel"),
    "wild-reverse": ("Wild Reverse", "pic-reverse"),
    "wild-skip": ("Wild Skip", "pic-skip"),
    "wild-skip2": ("Wild Skip Two", "pic-skip2"),
    "wild-draw2": ("Wild Draw 2", "pic-draw2"),
    "wild-draw4": ("Wild Draw 4", "pic-draw4"),
    "wild-targeted-draw2": ("Wild Targeted Draw 2", "pic-target"),
    "wild-forced-swap": ("Wild Forced Swap", "pic-swap"),
}
WORDS = {"wild-skip2": ("WILD", "SKIP TWO"), "wild-targeted-draw2": ("TARGETED", "DRAW 2"),
         "wild-forced-swap": ("FORCED SWAP",), "wild-reverse": ("REVERSE",)}


def all_wild_table(host, others, hands, settings, starter="wild", players=None) -> int:
    """A started All Wild table dealt `hands` (seat 0 the host, then `others`, then bots)."""
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    game = lobby.create_table(host.user, {
        "players": players or len(hands), "deck": "all-wild",
        "deck_order": deck_order(hands, starter, deck="all-wild")})
    table = game.table.pk
    for person in others:
        lobby.join_table(table, person.user, game.table.invite)
    while Table.objects.get(pk=table).seats.count() < len(hands):
        lobby.add_bot(table, host.user, "easy")
    lobby.start_game(table, host.user)
    return table


def test_the_new_table_form_offers_the_deck_and_the_last_card_call(ana):
    page = ana.get("/tables/new").content.decode()
    for words in ("All Wild: 112 Wild cards", 'value="all-wild"', "Last-card call",
                  "or anyone may catch you and you draw 2"):
        assert words in page, words


def test_a_host_creates_an_all_wild_table_with_the_form(ana):
    body = {"players": 3, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
            "move_timer": "normal", "scoring": "single", "target": 500, "deck": "all-wild"}
    response = ana.post("/tables/new", body)
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get()
    assert table.deck == "all-wild" and table.settings.last_card_call
    refused = ana.post("/tables/new", {**body, "jump_in": "on"})
    assert refused.status_code == 200 and "cannot be played with jump_in" in \
        refused.content.decode()
    classic = ana.post("/tables/new", {**body, "deck": "classic", "last_card_call": "on"})
    assert classic.status_code == 302
    assert Table.objects.get(deck="classic").settings.last_card_call


def test_a_deck_the_form_does_not_offer_is_a_form_error_and_makes_no_table(ana):
    body = {"players": 3, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
            "move_timer": "normal", "scoring": "single", "target": 500, "deck": "tarot"}
    refused = ana.post("/tables/new", body)
    assert refused.status_code == 200
    assert "Select a valid choice. tarot is not one of the available choices." in \
        refused.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("code", sorted(FACES))
def test_each_of_the_eight_faces_has_its_name_in_words_and_its_symbol(code):
    name, picture = FACES[code]
    assert card_name(code) == name
    face = str(card_svg(code, "all-wild"))
    assert f'href="#{picture}"' in face
    for words in WORDS.get(code, ()):
        assert f">{words}<" in face


def test_the_classic_wild_draw_4_keeps_its_wheel_and_the_all_wild_one_has_four_rectangles():
    # The rule book: "the four-color wheel with a plus 4"; the All Wild text: "4 overlapping
    # red, yellow, green, and blue rectangles".
    centre = '<use href="#{}" x="24"'
    assert centre.format("pic-wheel") in str(card_svg("wild-draw4"))
    assert centre.format("pic-draw4") in str(card_svg("wild-draw4", "all-wild"))
    assert centre.format("pic-wheel") not in str(card_svg("wild-draw4", "all-wild"))


def test_the_page_draws_the_faces_and_the_sprite_has_every_symbol(ana, settings):
    hand = ["wild", "wild-reverse", "wild-skip", "wild-skip2", "wild-draw2", "wild-draw4",
            "wild-forced-swap"]
    table = all_wild_table(ana, [], [["wild"] * 7, hand], settings)
    page = ana.get(f"/tables/{table}").content.decode()
    for picture in ("pic-skip2", "pic-target", "pic-swap", "pic-draw4"):
        assert f'id="{picture}"' in page
    assert 'aria-label="Wild (' not in page  # no color symbol on a Wild's label


def test_the_target_picker_asks_who_draws_2_for_a_targeted_draw(ana, settings):
    hand = ["wild-targeted-draw2", "wild-forced-swap"] + ["wild"] * 5
    table = all_wild_table(ana, [], [hand, ["wild"] * 7, ["wild"] * 7], settings,
                           starter="wild-skip")
    # Seat 1 (a bot) plays first; when the page is drawn it is the host's turn again.
    page = ana.get(f"/tables/{table}").content.decode()
    assert "Your turn" in page
    assert "Play Wild Targeted Draw 2" in page
    page = ana.post(f"/tables/{table}/move", {"action": "play", "card": "wild-targeted-draw2"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "who draws 2?" in page and 'name="target" value="1"' in page
    page = ana.post(f"/tables/{table}/move", {"action": "play", "card": "wild-forced-swap"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "swap hands with whom?" in page


def test_the_call_box_comes_with_the_second_to_last_card_and_the_catch_button_next_to_a_seat(
        ana, ben, settings):
    # Ben (seat 1) plays first: each Wild Skip gives a two-player table back to him.
    table = all_wild_table(ana, [ben], [["wild"] * 7, ["wild-skip"] * 7], settings)
    for _ in range(5):
        ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip"})
    page = ben.get(f"/tables/{table}").content.decode()
    assert "Call “last card” with this play" in page
    assert "Call “last card” with this play" not in ana.get(f"/tables/{table}").content.decode()
    ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip"})
    page = ben.get(f"/tables/{table}").content.decode()
    assert "Last card!" in page
    seen = ana.get(f"/tables/{table}").content.decode()
    assert "one card, not called" in seen and "Catch ben" in seen and "Catch!" in seen
    page = ana.post(f"/tables/{table}/move", {"action": "catch", "target": 1},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "ana caught ben holding one card without calling “last card”" in page
    assert "Catch!" not in page
    assert Table.objects.get(pk=table).current_round.uncalled == []


def test_a_call_with_the_play_is_sent_by_the_box_and_shown_in_the_log(ana, ben, settings):
    table = all_wild_table(ana, [ben], [["wild"] * 7, ["wild-skip"] * 7], settings)
    for _ in range(5):
        ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip"})
    page = ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip",
                                              "call": "on"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "ben called “last card”" in page
    assert "Catch!" not in ana.get(f"/tables/{table}").content.decode()


def test_the_last_card_button_calls(ana, ben, settings):
    table = all_wild_table(ana, [ben], [["wild"] * 7, ["wild-skip"] * 7], settings)
    for _ in range(6):
        ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip"})
    page = ben.post(f"/tables/{table}/move", {"action": "call"},
                    HTTP_HX_REQUEST="true").content.decode()
    assert "ben called “last card”" in page and "Last card!" not in page


def test_the_page_shows_who_still_loses_a_turn_after_a_skip_two_at_two(ana, ben, settings):
    table = all_wild_table(ana, [ben], [["wild"] * 7, ["wild-skip2"] + ["wild"] * 6], settings)
    ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip2"})
    assert "loses a turn" in ana.get(f"/tables/{table}").content.decode()
    ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild"})
    assert "loses a turn" not in ana.get(f"/tables/{table}").content.decode()


def test_a_card_played_without_a_color_leaves_any_card_playable_not_a_color_to_choose(
        ana, ben, settings):
    table = all_wild_table(ana, [ben], [["wild"] * 7, ["wild-skip"] + ["wild"] * 6], settings)
    ben.post(f"/tables/{table}/move", {"action": "play", "card": "wild-skip"})
    page = ana.get(f"/tables/{table}").content.decode()
    assert "Any card plays" in page and "Color to be chosen" not in page
