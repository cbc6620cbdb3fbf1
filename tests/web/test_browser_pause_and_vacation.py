"""Pause and vacation in real browsers (Debian's Chromium), two people at a turn-by-turn table
that allows them, served by uvicorn as in production: a pause proposed on one page reaches the
other, is accepted there, and both pages show the table paused; a resume gives the turn back;
a player's vacation shows on the other's page. The panel passes axe-core and the contrast
check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from browser import TIMEOUT_MS, Visitor, screenshot_path, serious_violations
from contrast import contrast_problems
from django.contrib.auth import get_user_model
from django.utils import timezone
from live_asgi import asgi_server  # noqa: F401  (the site under uvicorn)
from playwright.sync_api import expect
from rigged import deck_order
from test_browser import chromium  # noqa: F401  (the module's browser)

from games.models import Table
from games.service import lobby, vacations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANA = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN = ["sun-1", "sun-3", "leaf-2", "leaf-3", "wave-3", "wave-4", "sun-4"]


@pytest.fixture
def two_at_a_table(chromium, asgi_server, settings):  # noqa: F811
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    ana = Visitor(chromium, asgi_server, "ana").has_an_account()
    ben = Visitor(chromium, asgi_server, "ben").has_an_account()
    game = lobby.create_table(ana.user, {"players": 2, "vacation": True, "deck_order":
                                         deck_order([ANA, BEN], "flame-5", ["leaf-6"])})
    table = game.table.pk
    lobby.join_table(table, ben.user, game.table.invite)
    lobby.start_game(table, ana.user)
    for person in (ana, ben):
        person.page.goto(f"/tables/{table}")
        person.page.wait_for_function("window.wildcardsChatStreaming === true",
                                      timeout=TIMEOUT_MS)
    yield table, ana, ben
    ana.close()
    ben.close()


def test_a_pause_proposed_and_accepted_on_the_pages_pauses_and_a_resume_ends_it(
        two_at_a_table):
    table, ana, ben = two_at_a_table
    ana.page.get_by_role("button", name="Propose a pause").click()
    expect(ben.page.locator(".pause-state")).to_contain_text(
        "A pause is proposed: ana accepted; waiting for ben", timeout=TIMEOUT_MS)
    accept = ben.page.get_by_role("button", name="Accept the pause")
    accept.focus()
    ben.page.keyboard.press("Enter")
    for person in (ana, ben):
        expect(person.page.locator(".pause-state")).to_contain_text("The table is paused",
                                                                    timeout=TIMEOUT_MS)
    assert Table.objects.get(pk=table).paused
    # Ben's turn waits: the page says so and offers no move but conceding.
    expect(ben.page.locator(".status-line")).to_contain_text("Paused (your turn when it resumes)")
    assert ben.page.locator(".hand button.card:not([disabled]), .actions button[value=draw]"
                            ).count() == 0
    expect(ana.page.locator(".status-line")).to_contain_text("Paused (ben's turn when it resumes)")
    assert serious_violations(ben.page) == []
    assert contrast_problems(ben.page, ".pause") == []
    ben.page.screenshot(path=screenshot_path("table-paused"), full_page=True)
    # On a phone: the panel fits the width, its button within reach.
    ben.page.set_viewport_size({"width": 390, "height": 844})
    assert ben.page.evaluate("document.documentElement.scrollWidth") <= 390
    ben.page.locator(".pause").scroll_into_view_if_needed()
    ben.page.screenshot(path=screenshot_path("table-paused-phone"))
    ana.page.get_by_role("button", name="Resume the game").click()
    expect(ben.page.locator(".pause")).to_have_count(1, timeout=TIMEOUT_MS)
    expect(ben.page.get_by_role("button", name="Propose a pause")).to_be_visible(
        timeout=TIMEOUT_MS)
    assert not Table.objects.get(pk=table).paused


def test_a_players_vacation_shows_on_the_others_page(two_at_a_table):
    table, ana, ben = two_at_a_table
    get_user_model().objects.filter(pk=ben.user.pk).update(
        date_joined=timezone.now() - timedelta(days=400))
    ben.user.refresh_from_db()
    vacations.set_vacation(ben.user, timezone.now() + timedelta(days=3))
    expect(ana.page.locator(".seats .badge.vacation")).to_contain_text("on vacation until",
                                                                       timeout=TIMEOUT_MS)
    ana.page.screenshot(path=screenshot_path("table-vacation"), full_page=True)
