"""The classic deck's card faces as the rule book describes them ("The cards"): a number card's
large numeral in the corner and in the middle beside its color's symbol; each action card's
picture and its name in words; the Wild's four-color wheel; one back for every card. The All
Wild faces are in test_all_wild_pages.py."""

from __future__ import annotations

import re

import pytest

from games.rules import CLASSIC
from web.templatetags.cards import card, card_backs, card_label, card_name, card_svg

SYMBOLS = {"flame": "Red", "sun": "Yellow", "leaf": "Green", "wave": "Blue"}
ACTIONS = {  # the corner's index, the central picture, the name in words
    "skip": ('href="#pic-skip"', "pic-skip", ("SKIP",)),
    "reverse": ('href="#pic-reverse"', "pic-reverse", ("REVERSE",)),
    "draw2": (">+2<", "pic-draw2", ("DRAW 2",)),
}


def words(face: str) -> list[str]:
    return re.findall(r'class="word[^"]*">([^<]+)<', face)


@pytest.mark.parametrize("symbol", SYMBOLS)
@pytest.mark.parametrize("number", range(10))
def test_a_large_numeral_sits_in_the_corner_and_in_the_middle_beside_the_colors_symbol(
        symbol, number):
    face = str(card_svg(f"{symbol}-{number}"))
    assert f'class="ix">{number}<' in face  # the corner index
    assert f'class="big">{number}<' in face  # the large numeral in the middle
    assert face.count(f'href="#sym-{symbol}"') >= 2  # beside the corner and the middle numeral
    assert words(face) == []  # a number card has no name in words


@pytest.mark.parametrize("symbol", SYMBOLS)
@pytest.mark.parametrize("action", ACTIONS)
def test_an_action_card_shows_its_picture_and_its_name_in_words_beside_its_colors_symbol(
        symbol, action):
    corner, picture, name = ACTIONS[action]
    face = str(card_svg(f"{symbol}-{action}"))
    assert corner in face
    assert f'href="#{picture}" x="24" y="40"' in face  # the central picture
    assert f'href="#sym-{symbol}"' in face  # the color symbol beside the corner index
    assert tuple(words(face)) == name


@pytest.mark.parametrize(("code", "name"), [("wild", ("WILD",)),
                                            ("wild-draw4", ("WILD", "DRAW 4"))])
def test_the_wild_cards_show_the_four_color_wheel_and_their_name_and_no_symbol(code, name):
    face = str(card_svg(code))
    assert 'href="#pic-wheel" x="24" y="40"' in face
    assert tuple(words(face)) == name
    assert "sym-" not in face  # no color of their own
    if code == "wild-draw4":
        assert 'class="plus">+4<' in face  # the four-color wheel with a plus 4


@pytest.mark.parametrize("code", CLASSIC.codes)
def test_every_card_is_named_with_its_symbol_so_you_never_rely_on_color_alone(code):
    label = card_label(code)
    if code.startswith("wild"):
        assert label == card_name(code) and label.startswith("Wild")
    else:
        symbol = code.split("-")[0]
        assert label.startswith(SYMBOLS[symbol]) and label.endswith(f"({symbol})")
        assert symbol in str(card(code))


def test_every_card_has_the_same_back_and_a_face_down_card_tells_nothing():
    backs = str(card_backs(3))
    assert backs == str(card_backs(1)) * 3
    assert not any(code in backs for code in CLASSIC.codes)
