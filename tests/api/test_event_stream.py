"""`GET /api/tables/{id}/events`: each follower's events, per-viewer redaction, resuming with
Last-Event-ID, and the answers to those who may not follow (docs/api.md)."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from stream_client import Stream

from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

ANA_CARDS = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN_CARDS = ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]


@pytest.fixture
def game(rigged_table):
    """Ana (seat 0, who follows the table) and Ben (seat 1, to play first on a red 5), dealt
    from a rigged deck."""
    return rigged_table([ANA_CARDS, BEN_CARDS], "flame-5", draw=["leaf-6", "leaf-7"])


def run(scenario):
    return async_to_sync(scenario)()


def test_a_follower_gets_the_state_first_then_each_move_with_its_version(game):
    table, (ana, ben) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        first = await stream.next()
        await sync_to_async(ben.move)(table, "play", "flame-1")
        second = await stream.next()
        await stream.close()
        return first, second

    first, second = run(scenario)
    version = Table.objects.get(pk=table).version
    assert first["event"] == "state" and first["id"] == version - 1
    assert sorted(first["data"]["state"]["you"]["hand"]) == sorted(ANA_CARDS)
    assert second["id"] == version and second["data"]["from"] == version - 1
    assert [m["card"] for m in second["data"]["moves"]] == ["flame-1"]
    assert second["data"]["state"] == ana.state(table)


def test_no_event_holds_another_seats_cards(game):
    table, (ana, ben) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        seen = [await stream.next()]
        for player, move in ((ben, ("play", "flame-1")), (ana, ("play", "flame-9")),
                             (ben, ("play", "flame-2")), (ana, ("play", "flame-8")),
                             (ben, ("draw",))):
            assert (await sync_to_async(player.move)(table, *move)).status_code == 200
            seen.append(await stream.next())
        await stream.close()
        return seen

    seen = run(scenario)
    assert len(seen) == 6
    assert seen[-1]["data"]["moves"][0]["action"] == "draw"
    for event in seen:
        text = str(event["data"])
        for card in ("sun-3", "leaf-4", "wave-5", "wave-6", "sun-7", "leaf-6"):
            assert card not in text  # Ben's cards and the one he drew: never shown to Ana


def test_last_event_id_resumes_with_what_was_missed_and_nothing_before(game):
    table, (ana, ben) = game
    start = Table.objects.get(pk=table).version
    assert ben.move(table, "play", "flame-1").status_code == 200
    assert ana.move(table, "play", "flame-9").status_code == 200

    async def scenario():
        stream = await Stream.open(ana.token, table, **{"Last-Event-ID": str(start)})
        event = await stream.next()
        quiet = await stream.nothing_within(0.5)
        await stream.close()
        return event, quiet

    event, quiet = run(scenario)
    assert event["data"]["from"] == start
    assert [m["version"] for m in event["data"]["moves"]] == [start + 1, start + 2]
    assert event["id"] == Table.objects.get(pk=table).version
    assert quiet


def test_a_follower_at_the_current_version_gets_nothing_until_the_next_change(game):
    table, (ana, ben) = game
    now = Table.objects.get(pk=table).version

    async def scenario():
        stream = await Stream.open(ana.token, table, **{"Last-Event-ID": str(now)})
        quiet = await stream.nothing_within(0.5)
        await sync_to_async(ben.move)(table, "play", "flame-1")
        event = await stream.next()
        await stream.close()
        return quiet, event

    quiet, event = run(scenario)
    assert quiet and event["id"] == now + 1 and event["data"]["from"] == now


def test_a_move_published_between_the_first_read_and_the_subscription_still_arrives(
        game, monkeypatch):
    """The view reads the table, then the stream joins the process's subscription: Ben's move
    lands in between (its event for Ana's seat goes out before she follows it). The process
    has seen it go by, so her stream knows it is behind without asking Redis, and reads the
    move from the database. (Ben's stream is open first: the process's subscription, once
    connected, has every follower read the database.)"""
    from games.api import hub as hubs

    table, (ana, ben) = game
    subscribe, asked = hubs.Hub.join, []

    async def join_after_bens_move(hub, channel):
        assert (await sync_to_async(ben.move)(table, "play", "flame-1")).status_code == 200
        await asyncio.sleep(0.2)  # its events reach the process before Ana's stream joins
        return await subscribe(hub, channel)

    async def published_version(hub, table_id):
        asked.append(table_id)

    async def scenario():
        bens = await Stream.open(ben.token, table)
        await bens.next()
        await bens.nothing_within(0.3)
        monkeypatch.setattr(hubs.Hub, "join", join_after_bens_move)
        monkeypatch.setattr(hubs.Hub, "published_version", published_version)
        stream = await Stream.open(ana.token, table)
        seen = [await stream.next(), await stream.next(timeout=3)]
        await stream.close()
        await bens.close()
        return seen

    first, second = run(scenario)
    version = Table.objects.get(pk=table).version
    assert asked == []  # (Redis is not asked: the process saw the move published)
    assert first["id"] == version - 1
    assert second["id"] == version and second["data"]["from"] == version - 1
    assert [m["card"] for m in second["data"]["moves"]] == ["flame-1"]


def test_a_stream_that_read_the_table_before_the_process_subscribed_asks_redis_what_it_missed(
        game, monkeypatch):
    """The process's first stream reads the table before the process's subscription is live:
    what was published before then, only Redis can tell (the table's last published version)."""
    from games.api import hub as hubs

    table, (ana, ben) = game
    assert ben.move(table, "play", "flame-1").status_code == 200
    ask, asked = hubs.Hub.published_version, []

    async def published_version(hub, table_id):
        asked.append(table_id)
        return await ask(hub, table_id)

    async def scenario():
        monkeypatch.setattr(hubs.Hub, "published_version", published_version)
        stream = await Stream.open(ana.token, table)
        first = await stream.next()
        quiet = await stream.nothing_within(0.3)
        await stream.close()
        return first, quiet

    first, quiet = run(scenario)
    assert asked == [table]
    assert first["id"] == Table.objects.get(pk=table).version and quiet


def test_a_follower_whose_table_was_published_before_gets_no_second_read(game, monkeypatch):
    """Ben's move is published before Ana opens: the table's version in Redis is the one the
    view read, so her stream starts without reading the database again. (Ben's stream is open
    first: the process's subscription, once connected, has every follower read the database.)"""
    from games.service import watching

    table, (ana, ben) = game
    assert ben.move(table, "play", "flame-1").status_code == 200

    async def scenario():
        bens = await Stream.open(ben.token, table)
        await bens.next()
        await bens.nothing_within(0.3)
        reads_again = []
        monkeypatch.setattr(watching, "catch_up", lambda *args: reads_again.append(args))
        stream = await Stream.open(ana.token, table)
        first = await stream.next()
        quiet = await stream.nothing_within(0.3)
        await stream.close()
        await bens.close()
        return first, quiet, reads_again

    first, quiet, reads_again = run(scenario)
    assert first["id"] == Table.objects.get(pk=table).version and quiet
    assert reads_again == []


def test_a_follower_too_far_behind_is_told_to_read_the_state_again(game, monkeypatch):
    from games.service import watching

    monkeypatch.setattr(watching, "RESUME_LIMIT", 1)
    table, (ana, ben) = game
    start = Table.objects.get(pk=table).version
    ben.move(table, "play", "flame-1")
    ana.move(table, "play", "flame-9")

    async def scenario():
        stream = await Stream.open(ana.token, table, **{"Last-Event-ID": str(start)})
        event = await stream.next()
        await stream.close()
        return event

    event = run(scenario)
    assert event["event"] == "reset"
    assert "read the state again" in event["data"]["detail"]


def test_a_refused_move_publishes_nothing(game):
    table, (ana, ben) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        await stream.next()
        refused = await sync_to_async(ben.move)(table, "play", "leaf-4")
        quiet = await stream.nothing_within(0.5)
        await stream.close()
        return refused.status_code, quiet

    status, quiet = run(scenario)
    assert status == 422 and quiet


def test_outsiders_get_an_error_and_no_stream(game, make_player, client):
    table, _ = game
    outsider = make_player()
    response = outsider.get(f"/api/tables/{table}/events", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 403
    assert response.json()["code"] == "not-seated"
    missing = outsider.get("/api/tables/99999/events", HTTP_ACCEPT="text/event-stream")
    assert missing.status_code == 404 and missing.json()["code"] == "not-found"
    anonymous = client.get(f"/api/tables/{table}/events")
    assert anonymous.status_code == 401


def test_without_asgi_the_stream_says_it_is_unavailable(game):
    table, (ana, _) = game
    response = ana.get(f"/api/tables/{table}/events")
    assert response.status_code == 503
    assert response.json()["code"] == "stream-unavailable"


def test_a_bad_since_is_a_400(game):
    """A bad `Last-Event-ID` gets the `reset` event instead (test_numbers_in_requests.py)."""
    table, (ana, _) = game
    response = ana.get(f"/api/tables/{table}/events?since=soon")
    assert response.status_code == 400 and response.json()["code"] == "invalid"


def test_without_redis_the_stream_reads_the_version_and_still_brings_each_move(game,
                                                                                settings):
    settings.REDIS_URL = ""  # the embedded set-up of `make run`: nothing is published
    table, (ana, ben) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        first = await stream.next()
        await sync_to_async(ben.move)(table, "play", "flame-1")
        second = await stream.next(timeout=5)
        await stream.close()
        return first, second

    first, second = run(scenario)
    assert second["data"]["from"] == first["id"]
    assert [m["card"] for m in second["data"]["moves"]] == ["flame-1"]
