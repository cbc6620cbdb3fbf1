"""Two people at a real-time table, each at their own browser, served by uvicorn (ASGI) as in
production: each sees the other's moves by the table's event stream, within a second, without
the page polling."""

from __future__ import annotations

import pytest
from browser import TIMEOUT_MS, Visitor
from live_asgi import asgi_server  # noqa: F401  (the site under uvicorn)
from playwright.sync_api import expect
from test_browser import chromium  # noqa: F401  (the module's browser)

from games.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def streaming(person: Visitor) -> None:
    person.page.wait_for_function("window.wildcardsStreaming === true", timeout=TIMEOUT_MS)


def shown_version(person: Visitor) -> int:
    return int(person.page.locator("#live").get_attribute("data-version"))


def sees_version_within_a_second(person: Visitor, version: int) -> None:
    person.page.wait_for_function(
        f"() => {{ const live = document.querySelector('#live');"
        f" return live && Number(live.dataset.version) >= {version}; }}", timeout=1000)


def test_two_players_at_a_real_time_table_see_each_others_moves_within_a_second(
        chromium, asgi_server):  # noqa: F811
    ana = Visitor(chromium, asgi_server, "ana").has_an_account()
    ben = Visitor(chromium, asgi_server, "ben").has_an_account()
    try:
        table = ana.create_table(players="2", mode="realtime", scoring="single")
        invite = Table.objects.get(pk=table).invite
        ben.page.goto(f"/tables/{table}?invite={invite}")
        ben.page.get_by_role("button", name="Take a seat").click()
        expect(ben.page.get_by_role("button", name="Give my seat back")).to_be_visible()
        streaming(ben)

        ana.page.goto(f"/tables/{table}")
        ana.page.get_by_role("button", name="Start the game").click()
        expect(ana.page.locator(".game")).to_be_visible()
        # Ben's lobby turns into the game by itself: the start came by his stream.
        expect(ben.page.locator(".game")).to_be_visible(timeout=1000)
        streaming(ana)
        streaming(ben)

        for _ in range(4):  # a few turns each way
            mover, other = (ana, ben) if ana.my_turn() else (ben, ana)
            before = shown_version(mover)
            while shown_version(mover) == before:  # a Wild's color is a second step
                mover.take_turn()
            sees_version_within_a_second(other, shown_version(mover))
            assert ana.page.evaluate("window.wildcardsStreaming")  # never polling meanwhile
            assert ben.page.evaluate("window.wildcardsStreaming")
    finally:
        ana.close()
        ben.close()
