"""Issue 23's defects of the table page, each as a person at Chromium met it: a test per
defect, which failed on the page as it was and passes now. Positions come from
`games.rules.position` (tests/web/positions.py), so each test opens the page on the moment
the defect showed.

The contrast of everything on the table, the whole round by keyboard, the choosers at phone
width and axe on every page are in test_table_contrast.py, test_table_keyboard.py and
test_pages_axe.py.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from browser import POLL_MS, Visitor
from contrast import contrast_problems
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from positions import table_at
from replayed import finished_game
from tablepage import focus_matches, open_table, press_and_wait, tabs_to, within_viewport
from test_browser import chromium, visitor  # noqa: F401 - the module's browser, its visitors

from games.models import Seat, Table
from games.rules import Move, Options, position, timeout_move
from games.service import play, presence
from games.storage.reads import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")


@pytest.fixture
def ana(visitor) -> Visitor:  # noqa: F811
    return visitor("ana").has_an_account()


def person(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-passw0rd")


# --------------------------------------------------------------------------- 1. 7-0 targets
def test_1_the_players_to_swap_hands_with_are_readable(ana):
    """7-0: Ana plays a 7 and is asked whom to swap with; each choice is legible (the buttons
    were white on white)."""
    table = table_at(position([["flame-7", "sun-2", "leaf-3"], ["flame-1", "sun-4"],
                               ["wave-5", "wave-6", "wave-8"]], top="flame-5",
                              options=Options(seven_zero=True)), ana.user)
    open_table(ana, table)
    ana.click_and_wait(ana.page.locator(".hand button.card[value='flame-7']"))
    choices = ana.page.locator(".chooser button[name=target]")
    expect(choices).to_have_count(2)
    assert contrast_problems(ana.page, ".chooser") == []


# ------------------------------------------------------------- 2. the chooser on a phone
def test_2_on_a_phone_the_color_chooser_opens_on_the_screen_with_the_focus(visitor):  # noqa: F811
    """At 390 x 844, a Wild at the end of a twenty-card hand: its color chooser is on the
    screen once the card is tapped, and has the keyboard focus (it opened below the screen,
    the focus on the status line)."""
    ana = visitor("ana", viewport=PHONE).has_an_account()
    hand = [f"{color}-{n}" for color in ("sun", "leaf") for n in range(1, 10)] + ["wild"]
    table = table_at(position([hand, ["wave-1", "wave-2"]], top="flame-5"), ana.user)
    open_table(ana, table)
    wild = ana.page.locator(".hand button.card[value=wild]")
    wild.scroll_into_view_if_needed()
    ana.click_and_wait(wild)
    expect(ana.page.locator(".chooser")).to_be_visible()
    assert within_viewport(ana, ".chooser"), "the chooser is off the screen"
    assert focus_matches(ana, ".chooser, .chooser *"), "the focus is not on the chooser"


# ------------------------------------------------------------ 3. buttons on the felt
def test_3_draw_and_take_stand_out_from_the_felt(ana):
    """"Draw a card" and "Take the 4 cards" have edges a person can see on the felt (they were
    the felt's own green, without a border)."""
    nothing = table_at(position([["sun-2", "leaf-3"], ["wave-5", "wave-6"]], top="flame-5"),
                       ana.user)
    open_table(ana, nothing)
    expect(ana.page.get_by_role("button", name="Draw a card")).to_be_visible()
    problems = contrast_problems(ana.page, ".actions")
    penalty = table_at(position([["sun-2", "leaf-3"], ["wave-5", "wave-6"]], top="wild-draw4",
                                color="red", penalty=4, options=Options(stacking=True)),
                       ana.user)
    open_table(ana, penalty)
    expect(ana.page.get_by_role("button", name="Take the 4 cards")).to_be_visible()
    assert problems + contrast_problems(ana.page, ".actions") == []


# ---------------------------------------------------------- 4. a round's result
def test_4_the_result_of_a_round_shows_at_the_top_when_the_next_is_dealt(ana):
    """In a game to a target score Ana goes out: the next round is dealt at once, and the
    page says at its top, legibly, who won the round and how many points (it was a collapsed
    line under Concede, dark on green)."""
    table = table_at(position([["flame-3"], ["sun-4", "leaf-9", "wave-skip"]], top="flame-5",
                              options=Options(scoring="target", target=500)), ana.user)
    open_table(ana, table)
    ana.click_and_wait(ana.page.locator(".hand button.card[value='flame-3']"))
    expect(ana.page.locator(".status-line")).to_contain_text("Round 2")
    ana.page.evaluate("window.scrollTo(0, 0)")
    result = ana.page.locator(".last-round").first
    expect(result).to_be_visible()
    expect(result).to_contain_text("Round 1: ana wins 33 points")
    assert within_viewport(ana, ".last-round"), "the round's result is below the fold"
    assert contrast_problems(ana.page, ".last-round") == []


# ----------------------------------------------------------- 5. a card just drawn
def test_5_after_drawing_a_playable_card_the_page_offers_what_the_rules_allow(ana):
    """Classic deck: a card drawn that can be played must be played ("play it now, or keep
    it" was said, with no Keep button). All Wild: it may be played or kept, and both are
    offered."""
    classic = table_at(position([["sun-2", "leaf-3"], ["wave-5", "wave-6"]], top="flame-5",
                                draw_pile=["flame-9", "sun-7", "leaf-7"]), ana.user)
    open_table(ana, classic)
    ana.click_and_wait(ana.page.get_by_role("button", name="Draw a card"))
    said = ana.page.locator(".drawn")
    expect(said).to_contain_text("You drew Red 9")
    expect(said).to_contain_text("must play it")
    expect(ana.page.locator("#live")).not_to_contain_text("keep it")
    expect(ana.page.locator(".actions button[name=action]")).to_have_count(0)
    assert ana.page.locator(".hand button.card").evaluate_all(
        "buttons => buttons.map(b => b.value)") == ["flame-9"]

    all_wild = table_at(position([["wild", "wild-skip"], ["wild", "wild"]], top="wild",
                                 deck="all-wild", draw_pile=["wild-draw2", "wild"]), ana.user)
    open_table(ana, all_wild)
    ana.click_and_wait(ana.page.get_by_role("button", name="Draw a card"))
    expect(ana.page.locator(".drawn")).to_contain_text("play it now or keep it")
    expect(ana.page.get_by_role("button", name="Keep it")).to_be_visible()


# -------------------------------------------------------------- 6. the focus
def test_6_after_a_move_the_focus_stays_at_the_cards(ana):
    """Ana plays by keyboard; when the bot has answered and her turn is back, her next card is
    at most 3 Tabs away (the focus went to the status line, then to the page's top)."""
    table = table_at(position([["flame-1", "flame-2", "sun-9"], ["leaf-6", "leaf-7", "sun-7"]],
                              top="flame-0", draw_pile=["sun-8", "leaf-8", "sun-6"]), ana.user)
    open_table(ana, table)
    ana.page.locator(".hand button.card[value='flame-1']").focus()
    press_and_wait(ana)  # the bot draws a card it cannot play: Ana's turn again
    ana.wait_for_my_turn()
    tabs = tabs_to(ana, ".hand button.card", limit=3)
    assert tabs is not None, f"the next card is over 3 Tabs away ({_focused(ana)})"


def _focused(person: Visitor) -> str:
    return person.page.evaluate("document.activeElement.outerHTML.slice(0, 120)")


# ------------------------------------------------------- 7. a bot in the seat
def test_7_the_page_says_when_a_bot_plays_the_seat_and_offers_no_move(ana):
    """Real time: Ana runs out of time three times, and a bot plays her seat for the rest of
    the game. Her page says so, never "Your turn", offers no move, and tells her own moves from
    the bot's in the log (it showed a "bot" badge, "Your turn · 6 s left" and her cards)."""
    ben = person("ben")
    table = table_at(position([["flame-1", "flame-2", "flame-3", "flame-4", "sun-9"],
                               ["sun-1", "sun-2", "sun-3", "sun-4", "leaf-9"]], top="flame-0"),
                     ana.user, [ben], mode="realtime")
    for _ in range(3):  # Ana's time runs out; Ben plays his turn
        deadline = Table.objects.get(pk=table).current_round.deadline_at
        assert play.expire_turn(table, deadline + timedelta(seconds=1))
        state = load(table).state
        play.make_move(table, ben, timeout_move(state))
    assert Seat.objects.get(table=table, number=0).state == Seat.State.BOT
    open_table(ana, table)
    page = ana.page
    expect(page.locator(".seat-notice")).to_contain_text(
        "a bot plays your seat for the rest of the game")
    expect(page.locator(".status-line")).not_to_contain_text("Your turn")
    expect(page.locator(".hand button.card, .actions button[name=action]")).to_have_count(0)
    expect(page.locator(".log")).to_contain_text("(time ran out)")
    expect(page.locator(".log li", has_text="a bot played for ana").first).to_be_visible()


def test_7_a_player_away_is_said_to_be_and_told_when_back(ana, visitor):  # noqa: F811
    """Real time: Ben has not been seen for two minutes; Ana's page says that a bot plays for
    him until he comes back. The bot plays his turn; when Ben opens the table he is back, and
    his page says what happened and that the seat is his again."""
    ben = visitor("ben").has_an_account()
    cleo = person("cleo")
    table = table_at(position([["flame-1", "flame-2", "sun-9"], ["flame-3", "leaf-7", "sun-7"],
                               ["flame-4", "leaf-4", "wave-4"]], top="flame-0"),
                     ana.user, [ben.user, cleo], mode="realtime")
    now = Table.objects.get(pk=table).updated_at
    Seat.objects.filter(table=table, number=1).update(last_seen_at=now - timedelta(minutes=5))
    assert presence.mark_away(table, now + timedelta(seconds=1)) == 1
    open_table(ana, table)
    expect(ana.page.locator(".seats")).to_contain_text(
        "ben is away: a bot plays for them until they come back")
    play.make_move(table, ana.user, Move("play", "flame-1"))  # the bot plays Ben's turn
    assert load(table).state.turn == 2
    open_table(ben, table)
    expect(ben.page.locator(".seat-notice")).to_contain_text(
        "A bot played for you while you were away")
    expect(ben.page.locator(".log li", has_text="a bot played for ben").first).to_be_visible()
    assert Seat.objects.get(table=table, number=1).state == Seat.State.PLAYING


# ------------------------------------------------------------ 8. the countdown
def test_8_the_time_left_reads_as_a_time_with_or_without_javascript(  # noqa: F811
        chromium, live_server, visitor):  # noqa: F811
    """Without JavaScript the turn's deadline is a date in words in the viewer's time zone; with
    it, a countdown: never a raw timestamp, not even for a moment after a move (it flashed
    "2026-12-04T15:04:56.419338Z")."""
    ana = visitor("ana").has_an_account()
    table = table_at(position([["flame-1", "flame-2", "sun-9"], ["leaf-6", "leaf-7", "sun-7"]],
                              top="flame-0", draw_pile=["sun-8", "leaf-8", "sun-6"]), ana.user)
    ana.page.add_init_script("""
        window.__shown = [];
        new MutationObserver(() => document.querySelectorAll('time[data-countdown]')
            .forEach(el => window.__shown.push(el.textContent)))
          .observe(document, {childList: true, subtree: true, characterData: true});""")
    open_table(ana, table)
    ana.page.locator(".hand button.card[value='flame-1']").focus()
    press_and_wait(ana)
    ana.wait_for_my_turn()
    expect(ana.page.locator("time[data-countdown]")).to_contain_text("left")
    shown = ana.page.evaluate("window.__shown")
    ana.page.goto("/")  # my games: the deadline of the game waiting on Ana
    expect(ana.page.locator("time[data-countdown]").first).to_contain_text("left")
    shown += ana.page.evaluate("window.__shown")
    assert shown and not [text for text in shown if ISO.search(text)], shown

    plain = chromium.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        plain.add_cookies(ana.context.cookies())
        page = plain.new_page()
        for path in (f"/tables/{table}", "/"):
            page.goto(path)
            text = page.locator("time[data-countdown]").first.inner_text()
            assert not ISO.search(text), f"{path}: {text}"
            assert re.search(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, "
                             r"\d\d:\d\d [A-Z+\-0-9]+", text), f"{path}: {text}"
    finally:
        plain.close()


# ----------------------------------------------------- 9. an invited visitor's stream
def test_9_a_visitor_in_the_lobby_is_never_refused_by_the_tables_stream(ana, visitor):  # noqa: F811
    """Cleo opens the invite link before taking a seat: the page follows the lobby without
    a refused request, and once the game starts without her, says so."""
    cleo = visitor("cleo").has_an_account()
    table = ana.create_table(players="3", scoring="single")
    ana.add_bot()
    invite = Table.objects.get(pk=table).invite
    refused: list[str] = []
    cleo.page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
                 if r.status >= 400 else None)
    cleo.page.goto(f"/tables/{table}?invite={invite}")
    expect(cleo.page.get_by_role("button", name="Take a seat")).to_be_visible()
    cleo.page.wait_for_load_state("networkidle")
    ana.page.get_by_role("button", name="Start the game").click()
    expect(ana.page.locator(".game")).to_be_visible()
    with cleo.page.expect_response(lambda r: "/live" in r.url):
        cleo.page.clock.fast_forward(POLL_MS)  # her page asks, as it would 3 s later
    expect(cleo.page.locator("#live")).to_contain_text("started without you")
    assert refused == []


# --------------------------------------------------- 10. a long log, the favicon
def test_10_a_long_log_needs_no_scrolling_of_its_own_and_there_is_a_favicon(ana):
    """axe's scrollable-region-focusable (serious) on the log once long; /favicon.ico was 404
    on every page."""
    ben = person("ben")
    table = finished_game(ana.user, ben, scoring="target", target=200)
    missing: list[str] = []
    ana.page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    open_table(ana, table)
    expect(ana.page.locator(".log li")).to_have_count(12)
    found = ana.page.evaluate("""() => { const log = document.querySelector('.log');
        return getComputedStyle(log).overflowY === 'visible'
               || log.scrollHeight <= log.clientHeight || log.tabIndex >= 0; }""")
    assert found, "the log scrolls on its own and cannot be reached by keyboard"
    response = ana.page.goto("/favicon.ico")
    assert response.ok and response.headers["content-type"].startswith("image/")
    assert missing == []


# ------------------------------------------------------ 12. verify, and a replay too soon
def test_12_verifying_and_replaying_stay_on_the_sites_pages(ana):
    """The replay's "verification" link opened the REST API's raw answer; the replay of a game
    still being played pointed at /api/tables/N/moves."""
    ben = person("ben")
    table = finished_game(ana.user, ben, scoring="single")
    page = ana.page
    page.goto(f"/tables/{table}/replay")
    page.get_by_role("link", name="Verify this game").click()
    page.wait_for_load_state()
    assert "/api/" not in page.url
    expect(page.locator("h1")).to_contain_text(f"Table {table}")
    expect(page.locator(".verdict")).to_contain_text("checks out")

    playing = table_at(position([["flame-1", "sun-2"], ["leaf-6", "sun-7"]], top="flame-0"),
                       ana.user)
    page.goto(f"/tables/{playing}/replay")
    expect(page.locator("main")).to_contain_text("when the game is over")
    expect(page.locator("main")).not_to_contain_text("/api/")
    expect(page.get_by_role("link", name="Back to the table")).to_be_visible()
