"""Every link in every email resolves to the page it names: "your turn", the halfway reminder
and "game over", in their text and HTML bodies, followed by the person they were sent to."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.test import Client

from games import deadlines
from games.models import Table
from games.service import lobby, play

pytestmark = pytest.mark.django_db(transaction=True)

BASE = "http://wildcards.test:8791"
LINK = re.compile(r"""https?://[^\s"'<>]+""")


@pytest.fixture(autouse=True)
def site_address(settings):
    settings.WILDCARDS_BASE_URL = BASE
    settings.ALLOWED_HOSTS = ["wildcards.test", "testserver"]


def links_of(message) -> set[str]:
    bodies = [message.body, *(content for content, _ in message.alternatives)]
    found = {link.rstrip(".,)") for body in bodies for link in LINK.findall(body)}
    return {link.replace("&amp;", "&") for link in found}


def test_every_link_of_every_email_opens_its_page(ana, ben, mailoutbox, settings):
    settings.WILDCARDS_TURN_NOTICE_DELAY = 0  # sent at once (nobody is at the table)
    table = lobby.create_table(ana.user, {"players": 2, "turn_hours": 12}).table
    lobby.join_table(table.pk, ben.user, table.invite)
    lobby.start_game(table.pk, ana.user)
    deadline = Table.objects.get(pk=table.pk).current_round.deadline_at
    with time_machine.travel(deadline - timedelta(hours=6), tick=False):
        deadlines.sweep(deadline - timedelta(hours=5, minutes=59))
    play.concede(table.pk, ana.user)
    subjects = [message.subject for message in mailoutbox]
    assert any(s.startswith("It's your turn") for s in subjects), subjects
    assert any(s.startswith("Your turn at table") and "ends at" in s for s in subjects)
    # Ana, who conceded, saw the game end: only Ben hears of it.
    assert [m.to for m in mailoutbox if m.subject.startswith("Game over")] == [[ben.user.email]]
    people = {ana.user.email: ana, ben.user.email: ben}
    followed = 0
    for message in mailoutbox:
        reader = people[message.to[0]]
        for link in links_of(message):
            assert link.startswith(BASE + "/"), link
            response = reader.client.get(link.removeprefix(BASE), HTTP_HOST="wildcards.test")
            if "/play/" in link:  # a move of a turn long over: a page that says so
                assert response.status_code in (200, 409, 410), (link, response.status_code)
                assert f'href="/tables/{table.pk}"' in response.content.decode()
            else:
                assert response.status_code == 200, (message.subject, link,
                                                     response.status_code)
            followed += 1
        # An unsubscribe link works without logging in, too.
        for link in links_of(message):
            if "/unsubscribe/" in link:
                assert Client().get(link.removeprefix(BASE)).status_code == 200
    assert followed >= len(mailoutbox) * 2
