"""The leaderboard and a profile in a real browser (Debian's Chromium, as in test_browser.py):
reached from the menu, free of serious accessibility problems, and photographed to
tests/web/screenshots/leaderboard.png and player.png."""

from __future__ import annotations

import pytest
from browser import serious_violations
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect
from test_browser import ana, chromium, visitor  # noqa: F401  (the browser fixtures)

from ratings.record import Placing, record_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def a_season(names: list[str]) -> None:
    """Rated games among `names` and Ana: four-player games in which the players listed first
    tend to place better, so the board has an order to show."""
    users = {user.username: user for user in get_user_model().objects.filter(
        username__in=names)}
    order = list(names)
    for game in range(1, 13):
        seated = [order[(game + k) % len(order)] for k in range(4)]
        seated.sort(key=order.index)
        if game % 4 == 0:
            seated.reverse()  # an upset now and then
        placings = [Placing(users[name].pk, rank, won=rank == 1)
                    for rank, name in enumerate(seated, start=1)]
        record_game(100 + game, timezone.now(), 4, placings, rated=True)
    record_game(200, timezone.now(), 3, [Placing(users["ana"].pk, 1, won=True)], rated=True)


def test_the_leaderboard_and_a_profile_read_well_in_a_browser(ana):  # noqa: F811
    make = get_user_model().objects.create_user
    names = ["mia", "ana", "leo", "zoe", "sam", "kim"]
    for name in names:
        if name != "ana":
            make(name, f"{name}@example.com", "a-long-passw0rd")
    a_season(names)
    page = ana.page
    page.goto("/")
    page.get_by_role("link", name="Leaderboard").click()
    expect(page.get_by_role("heading", name="Leaderboard")).to_be_visible()
    rows = page.locator("table.leaderboard tbody tr")
    expect(rows).to_have_count(len(names))  # all six have eight rated games
    expect(rows.first.locator("td").first).to_have_text("1")
    problems = serious_violations(page)
    ana.screenshot("leaderboard")
    page.get_by_role("link", name="ana", exact=True).click()
    expect(page.get_by_role("heading", name="Recent games")).to_be_visible()
    expect(page.locator(".rating .big")).to_be_visible()
    problems += serious_violations(page)
    ana.screenshot("player")
    assert not problems, "\n".join(problems)
