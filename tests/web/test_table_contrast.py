"""Everything a player reads or presses on the table, legible at a desktop's width (1280 x 800)
and a phone's (390 x 844): the WCAG contrast of every button, choice and status text (4.5:1 for
text, 3:1 for a control's edge) and of the card faces, measured from the computed colors in
Chromium (tests/web/contrast.py: the felt is a gradient, the cards SVG, which axe cannot
judge). Each moment of a game is a position (tests/web/positions.py); the screenshots land in
tests/web/screenshots/table-<moment>-<width>.png.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser import Visitor, screenshot_path
from contrast import contrast_problems, contrast_report
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from positions import table_at
from tablepage import open_table
from test_browser import chromium, visitor  # noqa: F401 - the module's browser, its visitors

from games.models import Seat
from games.rules import CLASSIC, Options, position
from games.rules.all_wild import ALL_WILD
from games.service import lobby

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
COLORS = {"red": "flame", "yellow": "sun", "green": "leaf", "blue": "wave"}


def click(selector: str) -> Callable[[Visitor], None]:
    def act(person: Visitor) -> None:
        person.click_and_wait(person.page.locator(selector).first)
    return act


def moments(user) -> dict[str, tuple[int, Callable[[Visitor], None] | None]]:
    """Each moment of a game to look at: its table, and what Ana does there first."""
    three = ["sun-4", "leaf-9", "wave-skip"]
    return {
        # A penalty waiting (Take), a card that answers it, cards that cannot be played with
        # their "why?", a seat to catch, Concede, the discard pile.
        "penalty": (table_at(position(
            [["leaf-draw2", "flame-3", "sun-4", "wild"], ["wave-1"], ["leaf-5", "leaf-6"]],
            top="sun-draw2", discard=["sun-5", "sun-9"], penalty=2, uncalled=(1,),
            options=Options(stacking=True, last_card_call=True)), user), None),
        "draw": (table_at(position([["sun-2", "leaf-3"], three], top="flame-5"), user), None),
        "wild": (table_at(position([["sun-2", "leaf-3", "wild"], three], top="flame-5"), user),
                 click(".hand button.card[value=wild]")),
        "seven": (table_at(position([["flame-7", "sun-2"], ["wave-1"], ["leaf-5", "leaf-6"]],
                                    top="flame-5", options=Options(seven_zero=True)), user),
                  click(".hand button.card[value='flame-7']")),
        "keep": (table_at(position([["wild", "wild-skip"], ["wild", "wild"]], top="wild",
                                   deck="all-wild", draw_pile=["wild-draw2", "wild"]), user),
                 click(".actions button[value=draw]")),
        "starter": (table_at(position([["sun-2", "leaf-3"], three], top="wild", color=None),
                             user), None),
        "round-end": (table_at(position([["flame-3"], three], top="flame-5",
                                        options=Options(scoring="target")), user),
                      click(".hand button.card")),
        "game-over": (table_at(position([["flame-3"], three], top="flame-5"), user),
                      click(".hand button.card")),
        # The last-card call: the box with a second-to-last card, "Last card!" with the last.
        "call-with-play": (table_at(position([["wild", "wild-skip"], ["wild", "wild"]],
                                             top="wild", deck="all-wild"), user), None),
        "last-card": (table_at(position([["wild-skip"], ["wild", "wild"]], top="wild",
                                        deck="all-wild", uncalled=(0,)), user), None),
        # A bot plays Ana's seat (three timeouts), Ben is away: the notices and the seats' words.
        "bots-play": (bot_plays_ana(user), None),
        **{f"in-play-{color}": (table_at(position([["sun-2", "wild"], three],
                                                  top=f"{symbol}-5"), user), None)
           for color, symbol in COLORS.items()},
    }


def bot_plays_ana(user) -> int:
    ben = get_user_model().objects.create_user("ben", "ben@example.com", "a-long-passw0rd")
    table = table_at(position([["flame-1", "sun-2"], ["leaf-6", "sun-7"], ["wave-1", "wave-2"]],
                              top="flame-0", turn=2), user, [ben], mode="realtime")
    Seat.objects.filter(table=table, number=0).update(state=Seat.State.BOT, timeouts=3)
    Seat.objects.filter(table=table, number=1).update(state=Seat.State.AWAY)
    return table


@pytest.mark.parametrize("width", WIDTHS)
def test_every_button_choice_and_status_text_on_the_table_is_legible(visitor, width):  # noqa: F811
    ana = visitor("ana", viewport=WIDTHS[width]).has_an_account()
    problems: list[str] = []
    for name, (table, act) in moments(ana.user).items():
        open_table(ana, table)
        if act:
            act(ana)
        ana.page.evaluate("window.scrollTo(0, 0)")
        ana.page.screenshot(path=screenshot_path(f"table-{name}-{width}"), full_page=True)
        problems += contrast_problems(ana.page, "main")
    # The lobby, as its host sees it.
    host = lobby.create_table(ana.user, {"players": 3})
    lobby.add_bot(host.table.pk, ana.user, "easy")
    open_table(ana, host.table.pk)
    problems += contrast_problems(ana.page, "main")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_face_is_legible_playable_or_not(visitor, width):  # noqa: F811
    """All the classic deck's faces in one hand (the reds and 5s and the Wild playable on a red
    5, the rest dimmed), the top card, the discard pile opened, and the All Wild deck's."""
    ana = visitor("ana", viewport=WIDTHS[width]).has_an_account()
    other = get_user_model().objects.create_user("ben", "ben@example.com", "a-long-passw0rd")
    faces = sorted(set(CLASSIC.codes), key=CLASSIC.codes.index)
    classic = table_at(position([faces, ["wave-1"]], top="flame-5",
                                discard=["sun-skip", "wild", "leaf-draw2", "wave-reverse"]),
                       ana.user, [other])
    problems: list[str] = []
    open_table(ana, classic)
    expect(ana.page.locator(".hand .card")).to_have_count(len(faces))
    ana.page.locator(".discard-pile summary").click()
    ana.page.screenshot(path=screenshot_path(f"table-faces-{width}"), full_page=True)
    problems += contrast_problems(ana.page, "main")
    assert contrast_report(ana.page, "main")["checked"]["card"] > 54 * 3
    wilds = sorted(set(ALL_WILD.codes), key=ALL_WILD.codes.index)
    all_wild = table_at(position([wilds, ["wild"]], top="wild", deck="all-wild"), ana.user)
    open_table(ana, all_wild)
    problems += contrast_problems(ana.page, "main")
    assert problems == [], "\n".join(problems)
