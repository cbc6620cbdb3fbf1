"""The screenshots of docs/screenshots/ (README.md and docs/playing.md show them): the table
mid-game, at a choice and at a round's end, at a desktop's width and a phone's, in a game to
500 points against two bots. Only when asked, as they are pictures for people and change with
every style:

    WILDCARDS_DOCS_SCREENSHOTS=1 DATABASE_URL=... REDIS_URL=... .venv/bin/python -m pytest \\
        -p no:randomly tests/web/test_docs_screenshots.py
    # then, to keep each under 200 KB (ImageMagick):
    for f in docs/screenshots/*.png; do convert "$f" -colors 256 "PNG8:$f"; done
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser import Visitor
from playwright.sync_api import expect
from positions import table_at
from tablepage import open_table
from test_browser import chromium, visitor  # noqa: F401 - the module's browser, its visitors

from games.rules import Options, position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not os.environ.get("WILDCARDS_DOCS_SCREENSHOTS"),
                                 reason="WILDCARDS_DOCS_SCREENSHOTS=1 takes the docs' pictures")]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDTHS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def shoot(person: Visitor, name: str, width: str, at: str) -> None:
    """The viewport, scrolled so that `at` is in view, as docs/screenshots/<name>-<width>.png."""
    DOCS.mkdir(exist_ok=True)
    person.page.locator(at).first.scroll_into_view_if_needed()
    person.page.screenshot(path=DOCS / f"{name}-{width}.png")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_pictures_of_the_table(visitor, width):  # noqa: F811
    ana = visitor("ana", viewport=WIDTHS[width]).has_an_account()
    table = table_at(position(
        [["flame-4", "sun-9", "leaf-2", "leaf-6", "wave-skip", "wild", "sun-draw2"],
         ["flame-1", "sun-3", "sun-8", "leaf-9", "wave-2", "wave-7"],
         ["flame-8", "sun-1", "leaf-reverse", "wave-0", "wave-6"]],
        top="flame-7", discard=["sun-5", "sun-2", "flame-2", "flame-reverse"],
        options=Options(scoring="target", target=500, stacking=True)),
        ana.user, level="normal")
    open_table(ana, table)
    ana.click_and_wait(ana.page.locator(".hand button.card[value='flame-4']"))
    ana.wait_for_my_turn()
    ana.page.evaluate("window.scrollTo(0, 0)")
    shoot(ana, "table-mid-game", width, ".status-line" if width == "desktop" else "#hand")
    ana.click_and_wait(ana.page.locator(".hand button.card[value=wild]"))
    expect(ana.page.locator(".chooser")).to_be_visible()
    shoot(ana, "table-choice", width, ".chooser")
    for _ in range(300):  # Ana plays on until someone goes out and round 2 is dealt
        if "Round 2" in ana.status():
            break
        if ana.my_turn():
            ana.take_turn()
        else:
            ana.poll()
    expect(ana.page.locator(".last-round")).to_be_visible()
    ana.page.evaluate("window.scrollTo(0, 0)")
    shoot(ana, "table-round-end", width, ".status-line")
