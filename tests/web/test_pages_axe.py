"""axe-core on every page of the site, at a desktop's width and a phone's: no violation of any
impact (not only the serious ones), a game in the middle and at its end, each with a long log.
axe cannot judge the felt's gradient nor the SVG cards: test_table_contrast.py does."""

from __future__ import annotations

import pytest
from browser import all_violations
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from positions import table_at
from replayed import finished_game
from tablepage import open_table
from test_browser import chromium, visitor  # noqa: F401 - the module's browser, its visitors

from games.rules import Options, position, timeout_move
from games.service import lobby, play
from games.storage.reads import load
from ratings.record import Placing, record_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def a_long_game(host, guest, moves: int = 40) -> int:
    """A game to 5,000 points between two people, `moves` timeout moves in: its log is long,
    and it is still being played."""
    game = lobby.create_table(host, {"players": 2, "scoring": "target", "target": 5000})
    table = game.table.pk
    lobby.join_table(table, guest, game.table.invite)
    lobby.start_game(table, host)
    for _ in range(moves):
        state = load(table).state
        play.make_move(table, (host, guest)[state.turn], timeout_move(state))
    return table


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_has_any_accessibility_violation(visitor, width):  # noqa: F811
    viewport = WIDTHS[width]
    zoe = visitor("zoe", viewport=viewport)  # no account
    ana = visitor("ana", viewport=viewport).has_an_account()
    ben = get_user_model().objects.create_user("ben", "ben@example.com", "a-long-passw0rd")
    problems: list[str] = []

    def check(person, path: str | None = None) -> None:
        if path:
            person.page.goto(path)
        problems.extend(all_violations(person.page))

    for path in ("/", "/rules", "/accounts/signup", "/accounts/login/",
                 "/accounts/password_reset/"):
        check(zoe, path)
    finished = finished_game(ana.user, ben, scoring="target", target=200)
    playing = a_long_game(ana.user, ben)
    record_game(finished + 100, load(finished).table.updated_at, 2,
                [Placing(ana.user.pk, 1, won=True)], rated=True)
    check(ana, "/")  # my games: one waiting on her or on Ben, one finished
    check(ana, "/rules")
    check(ana, "/tables/new")
    waiting = lobby.create_table(ana.user, {"players": 3})
    lobby.add_bot(waiting.table.pk, ana.user, "easy")
    check(ana, f"/tables/{waiting.table.pk}")  # the lobby, as its host sees it
    check(ana, f"/tables/{playing}")  # mid-game, long log
    wild = table_at(position([["sun-2", "leaf-3", "wild"], ["wave-1", "wave-2"]],
                             top="flame-5", options=Options(scoring="target")), ana.user)
    open_table(ana, wild)
    ana.click_and_wait(ana.page.locator(".hand button.card[value=wild]"))
    expect(ana.page.locator(".chooser")).to_be_visible()
    check(ana)  # a chooser open
    check(ana, f"/tables/{finished}")  # game over, long log
    check(ana, f"/tables/{finished}/replay?step=5")
    check(ana, f"/tables/{finished}/verify")
    check(ana, f"/tables/{playing}/replay")  # too soon: the game goes on
    check(ana, "/leaderboard")
    check(ana, "/players/ana")
    for path in ("/account", "/account/email", "/account/delete",
                 "/accounts/password_change/", "/account/notifications"):
        check(ana, path)
    cleo = visitor("cleo", viewport=viewport).has_an_account()
    invite = waiting.table.invite
    check(cleo, f"/tables/{waiting.table.pk}?invite={invite}")  # the lobby before a seat
    assert not problems, "\n".join(problems)
