"""An open event stream is being at the table, at turn-by-turn tables too: it holds back the
"your turn" email of the player who follows it (docs/notifications.md, "Who is at the
table")."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core import mail
from stream_client import Stream

from games.models import Seat
from games.service import presence
from notifications import sending
from notifications.models import Notice

pytestmark = pytest.mark.django_db(transaction=True)

ANA_CARDS = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN_CARDS = ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]


@pytest.fixture
def game(rigged_table, settings, monkeypatch):
    """Ana (seat 0) and Ben (seat 1, to play first on a red 5); the stream reports in every
    0.2 s instead of 15 (and presence is written as often), and a turn's email waits a second
    instead of two minutes."""
    settings.WILDCARDS_TURN_NOTICE_DELAY = 1
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    monkeypatch.setattr("games.api.stream_presence.EVERY", 0.2)
    monkeypatch.setattr("games.api.stream_presence.TICK", 0.1)
    monkeypatch.setattr("games.service.presence.PRESENCE_EVERY", timedelta(seconds=0.1))
    return rigged_table([ANA_CARDS, BEN_CARDS], "flame-5", draw=["leaf-6", "leaf-7"])


def send_due(player) -> list[str]:
    due = Notice.objects.filter(status="pending", kind="your-turn",
                                user_id=player.id).values_list("pk", flat=True)
    return [sending.deliver(notice_id) for notice_id in due]


def turn_emails_to(player) -> list:
    return [m for m in mail.outbox
            if m.to == [f"{player.name}@example.com"] and "your turn" in m.subject]


def test_a_player_whose_stream_is_open_gets_no_turn_email(game):
    table, (ana, ben) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        await stream.next()
        await sync_to_async(ben.move)(table, "play", "flame-1")  # Ana's turn begins
        await stream.next()
        await stream.stay_open(1.5)  # the page stays open past the email's delay
        with_stream = await sync_to_async(send_due)(ana)
        await stream.close()
        return with_stream

    assert run(scenario) == ["skipped"]
    assert turn_emails_to(ana) == []
    assert Notice.objects.get(user_id=ana.id, kind="your-turn").last_error == (
        "The player has been at the table since the turn began.")


def test_a_player_without_a_stream_gets_the_email(game):
    table, (ana, ben) = game
    ben.move(table, "play", "flame-1")
    async_to_sync(asyncio.sleep)(1.2)
    assert send_due(ana) == ["sent"]
    assert len(turn_emails_to(ana)) == 1


def run(scenario):
    return async_to_sync(scenario)()


def test_a_process_reports_all_its_streams_players_in_two_statements(
        game, make_player, django_assert_num_queries):
    table, (ana, ben) = game
    Seat.objects.filter(table_id=table).update(last_seen_at=None)
    outsider = make_player()
    players = [(table, ana.id), (table, ben.id), (table, outsider.id), (table + 999, ana.id)]
    with django_assert_num_queries(2):  # one read, one conditional UPDATE, however many
        written = presence.streams_open(players)
    assert written == 2
    seen = Seat.objects.filter(table_id=table).values_list("last_seen_at", flat=True)
    assert all(moment is not None for moment in seen)
    with django_assert_num_queries(1):  # seen a moment ago: nothing to write
        assert presence.streams_open(players) == 0


def test_an_away_seat_whose_player_opens_a_stream_is_theirs_again(game):
    table, (ana, _) = game
    Seat.objects.filter(table_id=table, user_id=ana.id).update(state=Seat.State.AWAY)
    presence.streams_open([(table, ana.id)])
    assert Seat.objects.get(table_id=table, user_id=ana.id).state == Seat.State.PLAYING
