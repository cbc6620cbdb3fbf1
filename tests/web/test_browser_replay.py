"""The replay page in a real browser (Debian's Chromium via Playwright): a finished game is
stepped through with the Next and Previous links, every hand face up; a screenshot lands in
tests/web/screenshots/replay.png."""

from __future__ import annotations

import re

import pytest
from browser import screenshot_path
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from replayed import finished_game
from test_browser import chromium, visitor  # noqa: F401 - the browser and its visitors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_steps_through_a_finished_game_move_by_move(visitor):  # noqa: F811
    ana = visitor("ana").has_an_account()
    ben = get_user_model().objects.create_user("ben", "ben@example.com", "a-long-passw0rd")
    table = finished_game(ana.user, ben, scoring="target", target=60)
    page = ana.page
    page.goto("/")
    page.get_by_role("link", name="replay").first.click()
    expect(page.locator("#step")).to_have_text("0")
    # (case aside: a Wild Draw 4 turned up first goes back, and the sentence starts with it)
    expect(page.locator("#what")).to_contain_text(re.compile("a new round is dealt", re.I))
    seen = [page.locator("#what").inner_text()]
    for step in (1, 2, 3):
        page.get_by_role("link", name="Next ▶").click()
        expect(page.locator("#step")).to_have_text(str(step))
        seen.append(page.locator("#what").inner_text())
        assert page.url.endswith(f"/tables/{table}/replay?step={step}")
    page.screenshot(path=screenshot_path("replay"), full_page=True)
    page.get_by_role("link", name="◀ Previous").click()
    expect(page.locator("#step")).to_have_text("2")
    assert page.locator("#what").inner_text() == seen[2]
    page.get_by_role("link", name="End »").click()
    expect(page.get_by_role("heading", name="Final ranking")).to_be_visible()


def test_the_replay_fits_a_phone_screen_with_its_commitment_and_seed(visitor):  # noqa: F811
    ana = visitor("ana").has_an_account()
    ben = get_user_model().objects.create_user("ben", "ben@example.com", "a-long-passw0rd")
    table = finished_game(ana.user, ben, scoring="target", target=60)
    page = ana.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/tables/{table}/replay?step=3")
    expect(page.locator(".fairness code").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshot_path("replay-phone"), full_page=True)
