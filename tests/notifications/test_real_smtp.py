"""Through a real SMTP conversation: an in-process aiosmtpd server on 127.0.0.1 receives what
`send_notice` sends with Django's SMTP backend, headers, body and all."""

from __future__ import annotations

import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import Envelope
from notice_helpers import current_turn

from notifications import outbox, sending
from notifications.models import Notice
from notifications.preferences import read_unsubscribe_token
from notifications.tasks import send_notice

pytestmark = pytest.mark.django_db


class Mailbox:
    """An aiosmtpd handler that keeps every message; it can answer '451 try again later' to
    the first few."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[Envelope] = []
        self.refuse = 0

    async def handle_DATA(self, server, session, envelope: Envelope) -> str:
        if self.refuse > 0:
            self.refuse -= 1
            return "451 Requested action aborted: try again later"
        self.envelopes.append(envelope)
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    mailbox = Mailbox()
    controller = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.DEFAULT_FROM_EMAIL = "Wild Cards <wildcards@cards.example.com>"
    yield mailbox
    controller.stop()


def queued_reminder(user, table) -> Notice:
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=False):
        return outbox.queue_reminder(user, table, **current_turn(table))


def test_a_reminder_reaches_a_real_smtp_server_with_its_unsubscribe_headers(ana, table,
                                                                           smtp_server):
    notice = queued_reminder(ana, table)

    assert send_notice.apply(args=[notice.pk]).get() == "sent"

    envelope, = smtp_server.envelopes
    assert envelope.mail_from == "wildcards@cards.example.com"
    assert envelope.rcpt_tos == ["ana@example.com"]
    message, = smtp_server.messages
    assert message["Subject"].startswith(f"Your turn at table {table.pk} ends at ")
    assert message["To"] == "ana@example.com"
    link = message["List-Unsubscribe"].strip()
    assert link.startswith("<https://cards.example.com/unsubscribe/") and link.endswith(">")
    assert read_unsubscribe_token(link[1:-1].rsplit("/", 1)[1]) == (ana.pk, "reminder")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    html = message.get_body(("html",)).get_content()
    assert f"Unsubscribe from these emails: {link[1:-1]}" in text
    assert f'href="{link[1:-1]}"' in html
    assert f"https://cards.example.com/tables/{table.pk}" in text
    notice.refresh_from_db()
    assert notice.status == "sent"


def test_a_server_that_says_try_later_gets_the_reminder_on_a_retry(ana, table, smtp_server):
    notice = queued_reminder(ana, table)
    smtp_server.refuse = 2

    assert send_notice.apply(args=[notice.pk]).get() == "sent"

    assert len(smtp_server.messages) == 1
    notice.refresh_from_db()
    assert notice.status == "sent" and notice.attempts == 3


def test_a_server_that_is_not_there_leaves_the_notice_failed(ana, table, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens
    notice = queued_reminder(ana, table)

    with pytest.raises(ConnectionRefusedError):
        sending.deliver(notice.pk)

    notice.refresh_from_db()
    assert notice.status == "failed" and notice.last_error.startswith("ConnectionRefusedError")


def test_a_turn_email_through_smtp_plays_the_turn_from_its_link(ana, ben, smtp_server,
                                                                  settings, client):
    """The whole way: a game's "your turn" email crosses a real SMTP conversation, and a link
    taken from the message as received plays the move, logged as made from an email."""
    import re

    from games.apps import GamesConfig
    from games.models import Move
    from games.service import lobby

    GamesConfig.ready(None)  # the game's checks and content, which this folder's tests leave out
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    game = lobby.create_table(ana, {"players": 2, "seed": 20260302})
    lobby.join_table(game.table.pk, ben, game.table.invite)
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=False):
        started = lobby.start_game(game.table.pk, ana)
    first = started.seats[started.state.turn].user
    notice = Notice.objects.get(kind="your-turn", user=first)

    assert sending.deliver(notice.pk) == "sent"

    message, = smtp_server.messages
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    html = message.get_body(("html",)).get_content()
    assert "Your hand (7 cards)" in text and "Play from this email" in text
    links = re.findall(r"^- (.+): (\S+/play/\S+)$", text, re.M)
    assert links and all(f'href="{url}"' in html for _, url in links)
    label, url = links[0]
    path = url.removeprefix(settings.WILDCARDS_BASE_URL)
    assert client.get(path).status_code == 200
    assert not Move.objects.filter(table=game.table, by="email").exists()
    assert client.post(path).status_code == 200
    assert Move.objects.filter(table=game.table, by="email").count() == 1
