"""Playing from an email in a real browser (Debian's Chromium via Playwright): the turn's part of
an email, rendered as the email's HTML, is opened; a move's link shows its confirmation page
(at a desktop's and a phone's width, screenshots in tests/web/screenshots/), the button makes
the move, and the table page shows it."""

from __future__ import annotations

import pytest
from browser import screenshot_path, serious_violations
from django.template import engines
from playwright.sync_api import expect
from rigged import deck_order
from test_browser import chromium, visitor  # noqa: F401 - the browser and its visitors

from games.models import Move as MoveRow
from games.service import lobby
from games.service.move_links import turn_for_email

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANA = ["flame-1", "sun-1", "leaf-1", "wave-1", "flame-9", "sun-9", "leaf-9"]
BEN = ["flame-7", "wild", "sun-2", "sun-3", "leaf-4", "leaf-6", "wave-8"]
# The email's HTML part as the lead's emails wrap the turn's part (notifications/_layout.html).
EMAIL = engines["django"].from_string(
    '{% extends "notifications/_email_base.html" %}{% block content %}'
    "<p>Hello {{ user.username }},</p><p>It's your turn at table {{ turn.table_id }}.</p>"
    '{% include "notifications/_turn.html" %}{% endblock %}')


def test_a_player_confirms_a_move_from_the_email_and_sees_it_on_the_table(
        visitor, live_server, settings):  # noqa: F811
    settings.WILDCARDS_BASE_URL = live_server.url
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    ana, ben = visitor("ana").has_an_account(), visitor("ben").has_an_account()
    game = lobby.create_table(ana.user, {"players": 2, "turn_hours": 24,
                                         "deck_order": deck_order([ANA, BEN], "flame-5")})
    table = game.table.pk
    lobby.join_table(table, ben.user, game.table.invite)
    lobby.start_game(table, ana.user)
    email = EMAIL.render({"user": ben.user, "turn": turn_for_email(table, ben.user.pk)})

    # On a phone, where nobody is logged in: the page asks first, and fits the screen.
    phone = visitor("reader", viewport={"width": 390, "height": 844})
    phone.page.set_content(email)
    phone.page.screenshot(path=screenshot_path("email-turn-phone"), full_page=True)
    phone.page.get_by_role("link", name="Play Wild and choose blue").click()
    expect(phone.page.get_by_role("heading", name=f"Play Wild and choose blue at table "
                                                  f"{table}?")).to_be_visible()
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.page.screenshot(path=screenshot_path("email-move-phone"), full_page=True)
    assert serious_violations(phone.page) == []
    assert MoveRow.objects.filter(table_id=table).count() == 1  # the deal alone

    # At a desktop: Ben opens the email, follows "Play Red 7", confirms, goes to the table.
    page = ben.page
    page.set_content(email)
    page.screenshot(path=screenshot_path("email-turn"), full_page=True)
    page.get_by_role("link", name="Play Red 7").click()
    expect(page.get_by_role("heading", name=f"Play Red 7 at table {table}?")).to_be_visible()
    page.screenshot(path=screenshot_path("email-move"), full_page=True)
    page.get_by_role("button", name="Play Red 7").click()
    expect(page.get_by_role("heading", name="Done: Play Red 7")).to_be_visible()
    page.screenshot(path=screenshot_path("email-move-done"), full_page=True)
    page.get_by_role("link", name=f"Go to table {table}").click()
    expect(page.locator(".log")).to_contain_text("ben played Red 7")
    expect(page.locator(".pile .label").nth(1)).to_have_text("Top card: Red 7")
    assert MoveRow.objects.filter(table_id=table).latest("version").by == "email"

    # The phone's link belonged to the same turn: it plays nothing now, and says so.
    phone.page.get_by_role("button", name="Play Wild and choose blue").click()
    expect(phone.page.get_by_role("heading", name="The game has moved on.")).to_be_visible()
    phone.page.screenshot(path=screenshot_path("email-move-gone-phone"), full_page=True)
    assert MoveRow.objects.filter(table_id=table).count() == 2
