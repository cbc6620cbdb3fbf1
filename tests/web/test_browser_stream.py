"""Two people at a real-time table, each at their own browser, served by uvicorn (ASGI) as in
production: each sees the other's moves by the table's event stream, within a second, without
the page polling."""

from __future__ import annotations

import re

import pytest
from browser import TIMEOUT_MS, Visitor
from live_asgi import asgi_server  # noqa: F401  (the site under uvicorn)
from playwright.sync_api import expect
from test_browser import (
    chromium,  # noqa: F401  (the module's browser)
    started_against_a_bot,
    wait_for,
)

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


def test_news_that_came_while_ana_moved_shows_once_her_move_is_answered(
        chromium, asgi_server):  # noqa: F811
    """The bot answers Ana's move at once; the events of both moves come while her move's
    answer is on its way, and the fetches they ask for wait behind it. Her page does not stop
    at her own move: it fetches what the events announced once her answer is drawn."""
    ana = Visitor(chromium, asgi_server, "ana").has_an_account()
    try:
        table = started_against_a_bot(ana)
        page = ana.page
        streaming(ana)
        held: dict = {}

        def send_and_hold(route) -> None:
            answer = route.fetch()  # the move is made now
            if "Your turn" in answer.text():  # a Wild's color or a drawn card still to play
                route.fulfill(response=answer)
            else:  # the move that ends her turn: its answer waits here
                held["answer"], held["route"] = answer, route

        page.route(re.compile(r"/move$"), send_and_hold)
        while "route" not in held:
            ana._mark_live()
            ana.turn_button(ana.table())[0].click()
            wait_for(page, lambda: "route" in held or page.evaluate(
                "!document.querySelector('#live').dataset.old"
                " && !document.querySelector('.htmx-request')"))
        answered = int(re.search(r'data-version="(\d+)"', held["answer"].text())[1])
        wait_for(page, lambda: Table.objects.get(pk=table).version > answered)  # the bot's
        page.wait_for_timeout(500)  # the events of both moves reach the page
        held["route"].fulfill(response=held["answer"])
        page.wait_for_function(
            "version => Number(document.querySelector('#live').dataset.version) >= version"
            " && !document.querySelector('.htmx-request')",
            arg=Table.objects.get(pk=table).version)
        assert ana.my_turn() or ana.round_over()
    finally:
        ana.close()
