"""The pages in a real browser: Debian's Chromium, driven by Playwright, against the site
served by pytest-django's live server, with Celery tasks run at once (tests/web/conftest.py), so
bots play as soon as their turn comes. People sign up, set up a table, invite each other and
play a round through the pages; refusals, the secrecy of the other hands, the password reset,
a phone's width, an accessibility check of the account pages (every other page:
test_pages_axe.py). Screenshots land in
tests/web/screenshots/ (git-ignored) on every run.

Select them with `-m browser`, leave them out with `-m "not browser"`.
"""

from __future__ import annotations

import contextlib
import os
import re
import time

import pytest
from browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Visitor,
    card_words,
    play_until_the_round_ends,
    screenshot_path,
    serious_violations,
    shown_cards,
)
from concurrency import threads_may_run_eager_tasks
from django.contrib.auth import get_user_model
from django.core import mail
from playwright.sync_api import expect, sync_playwright
from rigged import deck_order

from games.models import Move as MoveRow
from games.models import Table
from games.rules import CLASSIC
from games.storage.reads import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# ------------------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def chromium():
    """One browser for the module; each person gets their own context in it.

    Playwright's sync API keeps an event loop running in this thread while it is started, and
    Django refuses database calls from a thread with a running loop unless told it may: the
    tests' own reads and pytest-django's flush after each test are plain synchronous calls."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (`make test` does it)")
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    finally:
        playwright.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def visitor(chromium, live_server):
    """Someone new at a browser of their own: `visitor("ana")`. The live server answers in
    threads of its own, which run the bots' eager tasks at the same time as the test's."""
    opened: list[Visitor] = []

    def open_browser(name: str, **options) -> Visitor:
        person = Visitor(chromium, live_server.url, name, **options)
        opened.append(person)
        return person

    with threads_may_run_eager_tasks():
        yield open_browser
        for person in opened:
            person.close()


@pytest.fixture
def zoe(visitor) -> Visitor:
    """A newcomer without an account."""
    return visitor("zoe")


@pytest.fixture
def yann(visitor) -> Visitor:
    """Another newcomer without an account."""
    return visitor("yann")


@pytest.fixture
def ana(visitor) -> Visitor:
    """Someone with an account, logged in at her browser."""
    return visitor("ana").has_an_account()


@pytest.fixture
def ana_on_a_phone(visitor) -> Visitor:
    """Ana, logged in on a phone's narrow screen."""
    return visitor("ana", viewport={"width": 360, "height": 740}).has_an_account()


@pytest.fixture
def ana_at_a_table_with_a_bot(ana) -> tuple[Visitor, int]:
    """Ana has started a single round against a bot, and it is her turn."""
    return ana, started_against_a_bot(ana)


def started_against_a_bot(person: Visitor) -> int:
    """A single round of `person` against a bot, started, on `person`'s turn."""
    table = person.create_table(players="2", scoring="single")
    person.add_bot()
    start_and_wait_for_my_turn(person)
    return table


def start_and_wait_for_my_turn(person: Visitor) -> None:
    person.page.get_by_role("button", name="Start the game").click()
    expect(person.page.locator(".game")).to_be_visible()
    person.wait_for_my_turn()  # the bot plays first, right after the start


def hands(table: int) -> tuple[list[str], ...]:
    codes = CLASSIC.codes
    state = load(table).state
    return tuple([codes[card] for card in hand] for hand in state.hands)


# ------------------------------------------------------------------------------- tests
def test_two_friends_sign_up_set_a_table_with_a_bot_and_play_a_whole_round(zoe, yann):
    """Everything through the pages, each friend acting only when their own page says it is
    their turn; the pages learn of the other's moves by polling. The deal is fixed
    (_deal_a_short_round), so the round is short and its course is known."""
    zoe.sign_up()
    yann.sign_up()
    expect(zoe.page.locator(".messages")).to_contain_text("Welcome to Wild Cards, zoe")

    table = zoe.create_table(players="3", scoring="single")
    zoe.add_bot("easy")
    invite = zoe.page.locator("#invite-link").input_value()
    assert invite.startswith(zoe.base_url) and f"/tables/{table}?invite=" in invite
    zoe.screenshot("lobby")

    yann.page.goto(invite)
    yann.page.get_by_role("button", name="Take a seat").click()
    expect(yann.page.get_by_role("button", name="Give my seat back")).to_be_visible()
    zoe.poll()  # the host's lobby shows the newcomer by itself
    expect(zoe.page.locator(".lobby")).to_contain_text("yann")

    _deal_a_short_round(table)
    zoe.page.get_by_role("button", name="Start the game").click()
    expect(zoe.page.locator(".game[data-status=playing]")).to_be_visible()
    yann.poll()  # the lobby turns into the table by itself
    expect(yann.page.locator(".game[data-status=playing]")).to_be_visible()
    game = load(table)
    for person in (zoe, yann):  # seven cards each, more for whoever had to draw at once
        hand = game.state.hands[game.seat_of(person.user).number]
        assert len(hand) >= 7
        expect(person.page.locator(".hand .card")).to_have_count(len(hand))
    zoe.screenshot("table")

    done = play_until_the_round_ends([zoe, yann])
    assert done == [
        *[f"{name} played flame-{n}" for n in range(1, 6) for name in ("yann", "zoe")],
        "yann played flame-6", "zoe draw a card", "zoe played flame-6",
        "yann played wild", "yann chose red"]
    for person in (zoe, yann):
        if not person.round_over():
            person.poll()
        expect(person.page.locator(".game[data-status=finished]")).to_be_visible()
        expect(person.page.locator(".status-line")).to_contain_text("Game over.")
        expect(person.page.locator(".ranking tbody tr")).to_have_count(3)
        expect(person.page.locator(".round-end h2")).to_contain_text("Round 1: yann wins")
        expect(person.page.locator(".ranking tbody tr").first).to_contain_text("yann")
        expect(person.page.locator(".log li").first).to_have_text(re.compile(
            r"^yann played Wild and chose red; yann won the round"))
    expect(zoe.page.locator(".log")).not_to_contain_text("Bot Blaise (Easy) played")
    zoe.screenshot("game-over")
    zoe.page.locator(".round-end").first.screenshot(path=screenshot_path("round-end"))
    zoe.page.locator(".ranking").screenshot(path=screenshot_path("ranking"))
    assert Table.objects.get(pk=table).status == "finished"


def _deal_a_short_round(table: int) -> None:
    """The deal of the round the two friends play, so that it is short and always the same:
    the bot (seat 1, first to play) holds and draws nothing it can play on red; yann (seat 2)
    and zoe (the host, seat 0) play their reds 1 to 6 in turn; zoe, left with blue cards, draws
    the other red 6 and plays it; yann goes out with a Wild and names a color."""
    unplayable = [f"{color}-{kind}" for color in ("sun", "leaf", "wave")
                  for kind in ("7", "8", "9", "skip", "reverse", "draw2")]
    zoes = ["flame-1", "flame-2", "flame-3", "flame-4", "flame-5", "wave-8", "wave-9"]
    yanns = ["flame-1", "flame-2", "flame-3", "flame-4", "flame-5", "flame-6", "wild"]
    bots, pile = unplayable[:7], unplayable[7:13]
    order = deck_order([zoes, bots, yanns], "flame-0", [*pile, "flame-6", *unplayable[13:]])
    Table.objects.filter(pk=table).update(deck_order=order)


def test_a_refused_play_shows_its_reason_and_changes_nothing(ana_at_a_table_with_a_bot):
    ana, table = ana_at_a_table_with_a_bot
    page = ana.page
    version = Table.objects.get(pk=table).version
    hand = hands(table)[0]
    log = page.locator(".log").inner_text()
    # A card the page does not offer, sent as the page's own form sends a card.
    card, reason = _a_card_the_page_does_not_offer(page, hand)
    page.evaluate("""card => {
        const button = document.createElement('button');
        Object.assign(button, {type: 'submit', name: 'card', value: card, id: 'forged'});
        document.querySelector('form.hand-form .hand').appendChild(button);
    }""", card)
    ana.click_and_wait(page.locator("#forged"))
    expect(page.locator(".refusal[role=alert]")).to_have_text(reason)
    assert Table.objects.get(pk=table).version == version
    assert hands(table)[0] == hand
    assert _cards_shown(page) == len(hand) and page.locator(".log").inner_text() == log
    assert ana.my_turn()

    # A move on the table as it was before a change the page has not shown yet.
    page.evaluate("document.querySelectorAll('[name=expected_version]')"
                  ".forEach(input => input.value = String(Number(input.value) - 1))")
    ana.click_and_wait(page.locator(".hand button.card, .actions button.primary").first)
    expect(page.locator(".refusal")).to_have_text(
        "Someone moved first: this is the table as it is now.")
    assert Table.objects.get(pk=table).version == version
    assert hands(table)[0] == hand
    assert _cards_shown(page) == len(hand) and page.locator(".log").inner_text() == log


def _cards_shown(page) -> int:
    return page.locator(".hand .card").count()


def _a_card_the_page_does_not_offer(page, hand: list[str]) -> tuple[str, str]:
    """A card of the hand that the page says cannot be played, with the reason its "why?"
    gives; or, when every card can be played, a card that is not in the hand."""
    slots = page.locator(".hand .slot")
    assert slots.count() == len(hand)
    for index, code in enumerate(hand):  # the page shows the hand in the state's order
        slot = slots.nth(index)
        if slot.locator(".unplayable").count():
            assert card_words(code)[1] in slot.locator(".unplayable").get_attribute("aria-label")
            return code, slot.locator(".why").text_content().strip()
    absent = next(code for code in CLASSIC.codes if code not in hand)
    return absent, "That card is not in your hand."


def test_an_answer_older_than_the_table_shown_never_takes_its_place(ana_at_a_table_with_a_bot):
    """A fetch of the table that left before Ana's move and answers after it (an event's, or a
    poll's) is dropped: her page never goes back to the table as it was before her move."""
    ana, table = ana_at_a_table_with_a_bot
    page = ana.page
    before = page.evaluate("fetch(document.querySelector('#live').getAttribute('hx-get')"
                           ".split('?')[0]).then(answer => answer.text())")
    shown = int(page.locator("#live").get_attribute("data-version"))
    assert f'data-version="{shown}"' in before
    while int(page.locator("#live").get_attribute("data-version")) == shown:
        ana.take_turn()  # (a Wild's color is a second step)
    after = int(page.locator("#live").get_attribute("data-version"))
    assert after > shown

    # The late answer: the table before the move.
    live = re.compile(r"/live(\?|$)")
    page.route(live, lambda route: route.fulfill(
        status=200, content_type="text/html", body=before))
    with page.expect_response(live):
        page.evaluate("htmx.trigger(document.querySelector('#live'), 'wildcards:changed')")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert int(page.locator("#live").get_attribute("data-version")) >= after
    page.unroute(live)


def test_a_fetch_under_way_when_ana_moves_never_hides_her_moves_answer(
        ana_at_a_table_with_a_bot):
    """A fetch of the table that left before Ana's move (asked for by an event) is called off
    when she moves: its answer, the table before her move, would otherwise replace the part her
    move's answer was for, and her page would show her card still in her hand."""
    ana, table = ana_at_a_table_with_a_bot
    page = ana.page
    page.route(re.compile(r"/events"), lambda route: route.abort())  # no stream: nothing heals
    page.reload()
    before = page.evaluate("fetch(document.querySelector('#live').getAttribute('hx-get')"
                           ".split('?')[0]).then(answer => answer.text())")
    shown = int(page.locator("#live").get_attribute("data-version"))
    held: dict = {}
    page.route(re.compile(r"/live(\?|$)"), lambda route: held.setdefault("fetch", route))
    page.route(re.compile(r"/move$"), lambda route: held.setdefault("move", route))
    page.evaluate("htmx.trigger(document.querySelector('#live'), 'wildcards:changed')")
    wait_for(page, lambda: "fetch" in held)
    plain = page.locator(".hand button.card:not(.wild), .actions button.primary")
    wild = plain.count() == 0  # then her move is a Wild: its answer asks for the color
    (page.locator(".hand button.card") if wild else plain).first.click()
    wait_for(page, lambda: "move" in held)
    with contextlib.suppress(Exception):  # called off by the page already: nothing to answer
        held["fetch"].fulfill(status=200, content_type="text/html", body=before)
    with page.expect_response(re.compile(r"/move$")):
        held["move"].continue_()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    if wild:
        expect(page.locator(".chooser")).to_be_visible()
    else:
        assert int(page.locator("#live").get_attribute("data-version")) > shown


def wait_for(page, condition, seconds: float = 10) -> None:
    """Lets the page run (its requests, the routes' handlers) until `condition()` holds."""
    stop = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < stop, "waited in vain"
        page.wait_for_timeout(20)


def test_the_other_seats_cards_never_reach_the_browser(ana):
    """Every HTML answer about the table that Ana's browser gets, through the start and a few
    turns, names none of the bot's cards, neither as a form value nor in words. Each answer is
    compared with the table as it is right after it: a card of the bot's may show legitimately
    once it is on the discard pile, or when Ana holds a card of the same face."""
    ana.record_responses()
    table = started_against_a_bot(ana)
    checked = 0
    secrets = 0
    for turn in range(7):
        game = load(table)
        codes = CLASSIC.codes
        hers = {codes[card] for card in game.state.hands[0]}
        secret = ({codes[card] for card in game.state.hands[1]} - hers
                  - {codes[card] for card in game.state.discard or []} - _turned_back(table))
        secrets += len(secret)
        for url, body in ana.responses[checked:]:
            if not re.search(r"/tables/\d+", url):
                continue  # the new table form names cards in its help, not anyone's
            if 'class="panel round-end"' in body:
                continue  # an ended round shows every hand face up, by the rules
            # The standing orders' form names a Wild in its fixed words ("a Wild in the color
            # I hold most"): no card of anyone's.
            body = re.sub(r'<section class="panel orders".*?</section>', "", body, flags=re.S)
            leaked = shown_cards(body, secret)
            assert not leaked, f"{url} shows the bot's {sorted(leaked)}"
        checked = len(ana.responses)
        if turn == 0:  # the check does see cards: Ana's own, on the page she was shown
            assert shown_cards(ana.page.content(), hers) == hers
        if turn == 6 or ana.round_over():
            break
        if ana.my_turn():
            ana.take_turn()
        else:
            ana.poll()
    assert secrets, "the bot never held a card that Ana might not see: nothing was checked"
    assert checked >= 5, [url for url, _ in ana.responses]


def _turned_back(table: int) -> set[str]:
    """Starters that went back into the draw pile (a Wild Draw 4 never starts): the log names
    them to everyone, whoever draws them later."""
    return {event["card"] for deal in MoveRow.objects.filter(table_id=table, action="deal")
            for event in deal.events if event["kind"] == "starter-returned"}


def test_a_forgotten_password_is_reset_through_the_email_it_sends(visitor, live_server,
                                                                     settings):
    settings.WILDCARDS_BASE_URL = live_server.url  # the link in the email leads here
    ana = visitor("ana")
    get_user_model().objects.create_user("ana", "ana@example.com", "an-old-passw0rd")
    mail.outbox.clear()
    page = ana.page
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.fill("[name=email]", "ana@example.com")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/accounts/password_reset/done/$"))

    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ana@example.com"]
    link = re.search(r"https?://\S+/reset/\S+", mail.outbox[0].body).group(0)
    assert link.startswith(live_server.url)
    page.goto(link)
    page.fill("[name=new_password1]", "a-new-passw0rd-2")
    page.fill("[name=new_password2]", "a-new-passw0rd-2")
    page.get_by_role("button", name="Set my password").click()
    page.wait_for_url(re.compile(r"/accounts/reset/done/$"))

    page.goto("/accounts/login/")
    page.fill("[name=username]", "ana")
    page.fill("[name=password]", "a-new-passw0rd-2")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(live_server.url + "/")
    expect(page.locator("h1")).to_have_text("My games")


def test_the_table_fits_a_phone_screen(ana_on_a_phone):
    """At 360 px wide nothing scrolls sideways, from the lobby to the game's end, and every
    card of the hand is on the screen."""
    ana = ana_on_a_phone
    page = ana.page

    def fits(name: str) -> None:
        ana.screenshot(f"{name}-phone")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the {name} is {width} px wide"

    ana.create_table(players="2", scoring="single")
    fits("lobby")
    ana.add_bot()
    start_and_wait_for_my_turn(ana)
    cards = page.locator(".hand .card")
    assert cards.count() >= 7
    for index in range(cards.count()):
        card = cards.nth(index)
        card.scroll_into_view_if_needed()
        expect(card).to_be_visible()
        box = card.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (index, box)
    fits("table")
    ana.take_turn()
    fits("table-after-a-turn")
    page.locator(".concede summary").click()
    ana.click_and_wait(page.get_by_role("button", name="Yes, concede"))
    expect(page.locator(".ranking")).to_be_visible()
    fits("game-over")


def test_the_account_pages_have_no_serious_accessibility_problem(ana):
    """axe-core on the account pages as a player sees them, a new token shown once among them:
    no violation of impact serious or critical. Every other page, at two widths and with no
    violation of any impact, is in test_pages_axe.py."""
    problems: list[str] = []

    def check(person: Visitor, path: str | None = None) -> None:
        if path:
            person.page.goto(path)
        problems.extend(serious_violations(person.page))

    check(ana, "/account")
    ana.page.get_by_role("button", name="Create a token").click()
    expect(ana.page.locator("#api-token")).to_be_visible()
    check(ana)  # the account page showing a new token, once, and the button to revoke it
    check(ana, "/account/notifications")
    assert not problems, "\n".join(problems)
