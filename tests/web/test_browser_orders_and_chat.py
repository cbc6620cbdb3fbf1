"""Standing orders and the table chat in real browsers (Debian's Chromium), two people at a
turn-by-turn table served by uvicorn as in production: orders given with the keyboard act on
the turn, a message reaches the other page by the event stream without a reload, escaped, a
quick reaction too, a muted person's messages stop, and the panels pass axe-core and the
contrast check."""

from __future__ import annotations

import pytest
from browser import TIMEOUT_MS, Visitor, serious_violations
from contrast import contrast_problems
from live_asgi import asgi_server  # noqa: F401  (the site under uvicorn)
from playwright.sync_api import expect
from rigged import deck_order
from test_browser import chromium  # noqa: F401  (the module's browser)

from games.models import ChatMessage
from games.models import Move as MoveRow
from games.service import lobby

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANA = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN = ["sun-1", "sun-3", "leaf-2", "leaf-3", "wave-3", "wave-4", "sun-4"]


@pytest.fixture
def two_at_a_table(chromium, asgi_server, settings):  # noqa: F811
    """Ana and Ben at their browsers, at a turn-by-turn table for two dealt from a rigged deck:
    Ben plays first, on a red 5, and holds nothing to play."""
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    ana = Visitor(chromium, asgi_server, "ana").has_an_account()
    ben = Visitor(chromium, asgi_server, "ben").has_an_account()
    game = lobby.create_table(ana.user, {"players": 2, "deck_order": deck_order(
        [ANA, BEN], "flame-5", ["leaf-6"])})
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


def test_standing_orders_given_with_the_keyboard_play_the_turn(two_at_a_table):
    table, ana, ben = two_at_a_table
    page = ben.page
    box = page.get_by_label("Draw when I hold nothing I can play")
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    save = page.get_by_role("button", name="Save my orders")
    save.focus()
    page.keyboard.press("Enter")
    # The order acted at once (no jump-in, no last-card call at this table): Ben drew.
    expect(page.locator(".log")).to_contain_text("ben's standing order", timeout=TIMEOUT_MS)
    expect(ana.page.locator(".status-line")).to_contain_text("Your turn", timeout=TIMEOUT_MS)
    expect(page.locator("#orders")).to_contain_text("In force for this round")
    assert [m.action for m in MoveRow.objects.filter(table_id=table, by="order")] == ["draw"]
    assert serious_violations(page) == []
    assert contrast_problems(page, ".beside-the-table") == []


def test_a_message_reaches_the_other_page_escaped_and_a_muted_person_is_not_read(
        two_at_a_table):
    table, ana, ben = two_at_a_table
    ben.page.get_by_label("Your message").fill('Good luck <b>ana</b> & "all"')
    ben.page.get_by_role("button", name="Send", exact=True).click()
    expect(ben.page.get_by_label("Your message")).to_have_value("")
    said = ana.page.locator("#chat-messages .chat-list li").last
    expect(said).to_contain_text('Good luck <b>ana</b> & "all"', timeout=2000)
    assert ana.page.locator("#chat-messages b").count() == 0  # shown as text, not markup
    expect(ana.page.locator("#chat-said")).to_have_text('ben says: Good luck <b>ana</b> & "all"')

    ana.page.locator(".reactions").get_by_role("button", name="Good game").click()
    expect(ben.page.locator("#chat-messages .chat-list li").last).to_contain_text(
        "Good game", timeout=2000)

    ana.page.locator("#chat-messages .chat-more summary").first.click()
    ana.page.get_by_role("button", name="Mute ben").click()
    expect(ana.page.locator("#chat-messages")).to_contain_text("You mute ben")
    ben.page.get_by_label("Your message").fill("can you read this?")
    ben.page.get_by_role("button", name="Send", exact=True).click()
    expect(ben.page.locator("#chat-messages")).to_contain_text("can you read this?")
    ana.page.wait_for_timeout(1000)
    expect(ana.page.locator("#chat-messages")).not_to_contain_text("can you read this?")
    assert ChatMessage.objects.filter(table_id=table).count() == 3
    assert serious_violations(ana.page) == []
    assert contrast_problems(ana.page, ".beside-the-table") == []
