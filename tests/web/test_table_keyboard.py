"""The table by keyboard and on a phone: a whole round played with the keyboard alone, the Tabs
counted before each move (at most 3 from the last action to the next card), and every chooser
(a Wild's color, the 7-0 swap, the All Wild deck's Targeted Draw 2 and Forced Swap) opening on
a phone's screen (390 x 844) with the keyboard focus in it."""

from __future__ import annotations

import pytest
from browser import Visitor, screenshot_path
from playwright.sync_api import expect
from positions import table_at
from tablepage import FOCUSED, open_table, press_and_wait, tabs_to, within_viewport
from test_browser import chromium, visitor  # noqa: F401 - the module's browser, its visitors

from games.rules import Options, position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
MOST_TABS = 3


def test_a_whole_round_by_keyboard_alone_takes_at_most_3_tabs_a_move(visitor):  # noqa: F811
    """Ana against an Easy bot that never holds a card to play: she plays a red 1, a Wild (and
    names blue), a blue 9, draws a blue 3 and plays it, and goes out with a yellow 3: every
    move with Tab and Enter, her page learning of the bot's moves by itself."""
    ana = visitor("ana", viewport={"width": 1280, "height": 800}).has_an_account()
    table = table_at(position(
        [["flame-1", "sun-3", "wave-9", "wild"],
         ["sun-5", "sun-6", "sun-8", "leaf-5", "leaf-6", "sun-7", "leaf-6"]],
        top="flame-0", draw_pile=["leaf-7", "leaf-8", "leaf-2", "wave-3", "leaf-4", "sun-2"]),
        ana.user)
    open_table(ana, table)
    page = ana.page
    # From the page's top the skip link leads straight to the cards.
    assert tabs_to(ana, "a.skip", MOST_TABS) is not None
    page.keyboard.press("Enter")
    done: list[tuple[str, int]] = []
    for _ in range(12):
        table_now = ana.table()
        if table_now["over"]:
            break
        ana.wait_for_my_turn()
        table_now = ana.table()
        if table_now["colors"]:
            want, what = ".chooser button[value=blue]", "blue"
        elif table_now["playable"]:
            what = table_now["playable"][0]
            want = f".hand button.card[value='{what}']"
        else:
            want, what = ".actions button[value=draw]", "draw"
        tabs = tabs_to(ana, want, MOST_TABS)
        assert tabs is not None, (f"{what}: over {MOST_TABS} Tabs after {done}; the focus is "
                                  f"on {page.evaluate(FOCUSED)}")
        done.append((what, tabs))
        press_and_wait(ana)
    assert [what for what, _ in done] == ["flame-1", "wild", "blue", "wave-9", "draw",
                                          "wave-3", "sun-3"]
    expect(page.locator(".status-line")).to_contain_text("Game over")
    page.screenshot(path=screenshot_path("keyboard-round-over"), full_page=True)


CHOOSERS = {
    # name: (hand of twenty with the card at its end, the card, the others' hands, deck, options)
    "wild color": ([f"{c}-{n}" for c in ("sun", "leaf") for n in range(1, 10)] + ["wild"],
                   "wild", [["wave-1", "wave-2"]], "classic", Options()),
    "7-0 swap": ([f"{c}-{n}" for c in ("sun", "leaf") for n in (1, 2, 3, 4, 6, 8, 9)]
                 + ["wave-1", "wave-2", "wave-3", "wave-4", "wave-7", "wave-8"], "wave-7",
                 [["flame-1", "flame-2"], ["flame-3"]], "classic", Options(seven_zero=True)),
    "targeted draw 2": (["wild"] * 19 + ["wild-targeted-draw2"], "wild-targeted-draw2",
                        [["wild"] * 3, ["wild"] * 2], "all-wild", Options()),
    "forced swap": (["wild"] * 19 + ["wild-forced-swap"], "wild-forced-swap",
                    [["wild"] * 3, ["wild"] * 2], "all-wild", Options()),
}


@pytest.mark.parametrize("chooser", CHOOSERS)
def test_on_a_phone_every_chooser_opens_on_the_screen_with_the_focus(visitor, chooser):  # noqa: F811
    ana: Visitor = visitor("ana", viewport=PHONE).has_an_account()
    hand, card, others, deck, options = CHOOSERS[chooser]
    top = {"classic": "wave-5", "all-wild": "wild"}[deck]
    table = table_at(position([hand, *others], top=top, deck=deck, options=options), ana.user)
    open_table(ana, table)
    button = ana.page.locator(f".hand button.card[value='{card}']").first
    button.scroll_into_view_if_needed()
    ana.click_and_wait(button)
    expect(ana.page.locator(".chooser")).to_be_visible()
    ana.page.screenshot(path=screenshot_path(f"chooser-{chooser.replace(' ', '-')}-phone"))
    assert within_viewport(ana, ".chooser"), f"the {chooser} chooser is off the screen"
    focused = ana.page.evaluate(FOCUSED)
    assert ana.page.evaluate("!!document.activeElement.closest('.chooser')"), \
        f"the focus is on {focused}"
    # Its first choice has the focus: Enter makes it.
    assert ana.page.evaluate("document.activeElement.matches('.chooser button')"), focused
