"""The table page's standing orders and chat, through Django's test client (no JavaScript:
each form posts and comes back to the page; with htmx, the panel alone comes back). The
browser test is test_browser_orders_and_chat.py."""

from __future__ import annotations

import pytest

from games.models import ChatMessage, ChatReport, Seat, Table
from games.service import lobby

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(ana, ben) -> int:
    """Ana hosts a turn-by-turn table for two; Ben is seated; not started."""
    game = lobby.create_table(ana.user, {"players": 2})
    lobby.join_table(game.table.pk, ben.user, game.table.invite)
    return game.table.pk


def page(person, table: int) -> str:
    response = person.get(f"/tables/{table}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_has_the_orders_form_with_the_four_orders_and_the_chat(ana, table):
    html = page(ana, table)
    assert 'id="orders"' in html and 'id="chat"' in html
    for code in ("draw-when-stuck", "play-drawn", "take-penalty", "pass-when-stuck"):
        assert f'value="{code}"' in html
    assert "No orders: every turn waits for you." in html
    assert "No messages yet." in html


def test_orders_are_given_and_cancelled_from_the_page(ben, table):
    response = ben.post(f"/tables/{table}/orders/give",
                        {"orders": ["draw-when-stuck", "take-penalty"], "keep": "on"})
    assert response.status_code == 302 and response["Location"].endswith("#orders")
    seat = Seat.objects.get(table_id=table, number=1)
    assert (seat.orders, seat.orders_keep) == (["draw-when-stuck", "take-penalty"], True)
    html = page(ben, table)
    assert "Your standing orders are saved." in html
    assert "In force until you cancel them: Draw when I hold nothing I can play" in html
    ben.post(f"/tables/{table}/orders/give", {"orders": ["play-drawn"], "cancel": "on"})
    assert Seat.objects.get(table_id=table, number=1).orders == []


def test_a_bad_order_from_the_page_is_an_error_and_changes_nothing(ben, table):
    ben.post(f"/tables/{table}/orders/give", {"orders": ["take-penalty"]})
    response = ben.post(f"/tables/{table}/orders/give", {"orders": ["draw-always"]}, **HTMX)
    assert response.status_code == 200
    assert "Those are not standing orders" in response.content.decode()
    assert Seat.objects.get(table_id=table, number=1).orders == ["take-penalty"]


def test_with_htmx_the_orders_panel_alone_comes_back(ben, table):
    response = ben.post(f"/tables/{table}/orders/give", {"orders": ["play-drawn"]}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith("<section") and 'id="orders"' in html
    assert "In force for this round" in html


def test_a_real_time_table_has_no_orders_panel(ana):
    game = lobby.create_table(ana.user, {"players": 2, "mode": "realtime"})
    assert 'id="orders"' not in page(ana, game.table.pk)


def test_a_message_is_escaped_on_the_page(ana, ben, table):
    text = '<script>alert("x")</script> & <b>bold</b>'
    response = ben.post(f"/tables/{table}/chat/say", {"text": text})
    assert response.status_code == 302 and response["Location"].endswith("#chat")
    html = page(ana, table)
    assert "<script>alert" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html
    assert ChatMessage.objects.get().text == text  # kept as written


def test_a_quick_reaction_is_a_message_of_its_words(ana, table):
    ana.post(f"/tables/{table}/chat/say", {"text": "Good game"})
    assert 'value="Well played"' in page(ana, table)
    assert ChatMessage.objects.get().text == "Good game"


def test_a_refused_message_comes_back_in_the_box_with_the_reason(ana, table):
    long = "x" * 501
    ana.post(f"/tables/{table}/chat/say", {"text": long})
    html = page(ana, table)
    assert "A message holds at most 500 characters" in html
    assert f">{long}</textarea>" in html
    assert not ChatMessage.objects.exists()
    assert f">{long}</textarea>" not in page(ana, table)  # given back once


def test_with_htmx_the_message_list_alone_comes_back_and_says_it_was_sent(ana, table):
    response = ana.post(f"/tables/{table}/chat/say", {"text": "hello"}, **HTMX)
    assert response["HX-Trigger"] == "wildcardsChatSent"
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="chat-messages"') and "hello" in html
    empty = ana.post(f"/tables/{table}/chat/say", {"text": "  "}, **HTMX)
    assert "HX-Trigger" not in empty and "the message is empty" in empty.content.decode()


def test_a_player_mutes_another_from_the_page_and_unmutes_them(ana, ben, table):
    ben.post(f"/tables/{table}/chat/say", {"text": "from ben"})
    assert "Mute ben" in page(ana, table)
    ana.post(f"/tables/{table}/chat/mute", {"name": "ben", "muted": "1"})
    html = page(ana, table)
    assert "from ben" not in html and "Unmute ben" in html
    ana.post(f"/tables/{table}/chat/mute", {"name": "ben", "muted": "0"})
    assert "from ben" in page(ana, table)


def test_the_host_hides_a_message_from_the_page(ana, ben, table):
    ben.post(f"/tables/{table}/chat/say", {"text": "rude words"})
    message = ChatMessage.objects.get()
    assert "Hide it from the others" in page(ana, table)
    assert "Hide it from the others" not in page(ben, table)
    ana.post(f"/tables/{table}/chat/{message.pk}/hide", {"hidden": "1"})
    assert "rude words" not in page(ben, table)
    assert "hidden from the others" in page(ana, table)
    refused = ben.post(f"/tables/{table}/chat/{message.pk}/hide", {"hidden": "0"}, **HTMX)
    assert "Only the host" in refused.content.decode()


def test_a_message_is_reported_from_the_page(ana, ben, table):
    ben.post(f"/tables/{table}/chat/say", {"text": "rude words"})
    message = ChatMessage.objects.get()
    ana.post(f"/tables/{table}/chat/{message.pk}/report", {"reason": "rude"})
    assert ChatReport.objects.get().reason == "rude"
    assert "reported to the site" in page(ana, table)


def test_someone_without_a_seat_neither_reads_nor_writes_the_chat(make_person, table):
    outsider = make_person()
    assert 'id="chat"' not in page(outsider, table)
    assert outsider.get(f"/tables/{table}/chat").status_code == 403
    outsider.post(f"/tables/{table}/chat/say", {"text": "hi"})
    assert not ChatMessage.objects.exists()


def test_a_spectator_reads_the_chat_without_a_box_to_write_in(ana, make_person):
    game = lobby.create_table(ana.user, {"players": 2, "spectators": True})
    table = game.table.pk
    ana.post(f"/tables/{table}/chat/say", {"text": "welcome"})
    watcher = make_person()
    html = page(watcher, table)
    assert "welcome" in html and "You are watching" in html and 'id="chat-text"' not in html
    assert Table.objects.get(pk=table).version == game.table.version
