"""The operator's list of reported chat messages (issue 27): the reports with their message,
author and table, the open ones first; hiding a reported message from everyone, marking a
report handled. Superusers act; nobody edits a report."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import ChatMessage, ChatReport
from games.service import chat, lobby

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()
PASSWORD = "a-long-passw0rd"


@pytest.fixture
def operator() -> Client:
    boss = User.objects.create_superuser("boss", "boss@example.com", PASSWORD)
    browser = Client()
    browser.force_login(boss)
    return browser


@pytest.fixture
def reported() -> ChatReport:
    """Ben wrote something rude at Ana's table; Ana reported it."""
    ana = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    ben = User.objects.create_user("ben", "ben@example.com", PASSWORD)
    game = lobby.create_table(ana, {"players": 2})
    lobby.join_table(game.table.pk, ben, game.table.invite)
    said = chat.post(game.table.pk, ben, "a rude <b>remark</b>")
    chat.report(game.table.pk, ana, said["id"], "insulting")
    return ChatReport.objects.get()


def act(browser: Client, action: str, *rows) -> str:
    response = browser.post("/admin/games/chatreport/", {
        "action": action, "_selected_action": [row.pk for row in rows]}, follow=True)
    assert response.status_code == 200
    return " ".join(str(m) for m in response.context["messages"])


def test_the_operator_lists_the_reports_with_the_message_and_its_table(operator, reported):
    page = operator.get("/admin/games/chatreport/").content.decode()
    assert "a rude &lt;b&gt;remark&lt;/b&gt;" in page and "insulting" in page
    assert f"table {reported.message.table_id}" in page and "ben" in page


def test_hiding_a_reported_message_hides_it_from_everyone_but_the_host(operator, reported):
    said = act(operator, "hide_messages", reported)
    assert "1 message(s) hidden" in said
    message = ChatMessage.objects.get()
    assert message.hidden_at is not None
    ben = User.objects.get(username="ben")
    assert chat.messages_for(message.table_id, ben) == []
    reported.refresh_from_db()
    assert reported.handled_at is not None


def test_a_report_is_marked_handled_and_the_message_stays(operator, reported):
    assert "1 report(s) marked handled" in act(operator, "mark_handled", reported)
    assert ChatMessage.objects.get().hidden_at is None
    assert "0 report(s)" in act(operator, "mark_handled", reported)


def test_staff_without_the_superusers_powers_cannot_act(reported):
    clerk = User.objects.create_user("clerk", "clerk@example.com", PASSWORD, is_staff=True)
    browser = Client()
    browser.force_login(clerk)
    response = browser.post("/admin/games/chatreport/", {
        "action": "hide_messages", "_selected_action": [reported.pk]})
    assert response.status_code == 403
    assert ChatMessage.objects.get().hidden_at is None
