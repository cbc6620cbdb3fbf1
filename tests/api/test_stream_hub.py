"""The streams of a process share one Redis subscription (games/api/hub.py), and nothing is
lost when it breaks or when a follower reads slowly."""

from __future__ import annotations

import asyncio
import os
import types

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from live_asgi import asgi_process  # noqa: F401  (the site under uvicorn)
from stream_client import Stream
from test_stream_threads import open_stream

from games.api import hub, seen_versions
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

ANA_CARDS = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN_CARDS = ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]


@pytest.fixture
def game(rigged_table):
    """Ana and Ben; Ben plays first on a red 5."""
    return rigged_table([ANA_CARDS, BEN_CARDS], "flame-5", draw=["leaf-6", "leaf-7"])


def subscribers(pid: int | None = None) -> int:
    """The process's connections to Redis for its streams (this one's by default)."""
    name = f"wildcards-events:{pid or os.getpid()}"
    return sum(1 for c in redis.Redis.from_url(settings.REDIS_URL).client_list()
               if c.get("name") == name)


def test_many_streams_in_one_process_use_one_redis_subscription(game):
    table, (ana, ben) = game
    before = subscribers()

    async def scenario():
        streams = [await Stream.open(person.token, table) for person in (ana, ben) * 5]
        for stream in streams:
            await stream.next()
        during = subscribers()
        await sync_to_async(ben.move)(table, "play", "flame-1")
        moved = [await stream.next() for stream in streams]
        for stream in streams:
            await stream.close()
        return during, moved

    during, moved = run(scenario)
    version = Table.objects.get(pk=table).version
    assert (before, during) == (0, 1)
    assert all(event["id"] == version for event in moved)
    # Each seat's own view: Ana's streams hold Ana's hand, Ben's Ben's.
    assert all(set(event["data"]["state"]["you"]["hand"]) == set(ANA_CARDS)
               for event in moved[::2])
    assert all(set(event["data"]["state"]["you"]["hand"]) == set(BEN_CARDS) - {"flame-1"}
               for event in moved[1::2])


def test_when_the_last_stream_closes_the_process_lets_its_subscription_go(
        game, asgi_process):  # noqa: F811
    table, (ana, ben) = game
    pid, address = asgi_process

    async def follow() -> tuple[int, int]:
        writers = [await open_stream(address, table, person.token) for person in (ana, ben)]
        during = subscribers(pid)
        for writer in writers:
            writer.close()
        await asyncio.sleep(0.5)
        return during, subscribers(pid)

    during, after = asyncio.run(follow())
    assert (during, after) == (1, 0)


def test_a_lost_redis_connection_comes_back_and_the_streams_miss_nothing(game):
    table, (ana, ben) = game
    start = Table.objects.get(pk=table).version

    async def scenario():
        stream = await Stream.open(ana.token, table)
        await stream.next()
        # Redis drops the subscription; a move is published while no one listens.
        server = redis.Redis.from_url(settings.REDIS_URL)
        killed = sum(server.client_kill_filter(_id=c["id"]) for c in server.client_list()
                     if c.get("name") == f"wildcards-events:{os.getpid()}")
        await sync_to_async(ben.move)(table, "play", "flame-1")
        event = await stream.next(timeout=10)
        await stream.close()
        return killed, event

    killed, event = run(scenario)
    assert killed >= 1
    assert event["data"]["from"] == start and event["id"] == start + 1
    assert [m["card"] for m in event["data"]["moves"]] == ["flame-1"]


def test_a_follower_too_slow_to_read_is_told_to_catch_up_instead_of_queueing_without_end():
    async def scenario():
        subscription = hub.Subscription()
        for version in range(hub.QUEUE + 5):
            subscription.put({"version": version})
        first = await subscription.get(1)
        rest = [await subscription.get(0.05) for _ in range(5)]
        return first, rest

    first, rest = asyncio.run(scenario())
    # What was queued is dropped for one "catch up"; what comes after it is kept.
    assert first is hub.CATCH_UP
    assert rest == [{"version": v} for v in range(hub.QUEUE + 1, hub.QUEUE + 5)] + [None]


def test_the_versions_the_process_saw_are_kept_a_minute_and_it_knows_since_when(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(seen_versions, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    seen = seen_versions.Seen()
    seen.saw(7, 3)
    seen.saw(7, 2)  # (two publishes crossed: the higher version stays)
    clock[0] += 40
    seen.saw(8, 1)
    clock[0] += 40  # a turn: what was seen is kept one more minute, from 1000 on
    assert (seen.version(7), seen.version(8), seen.version(9)) == (3, 1, -1)
    assert seen.covers(1000.0) and not seen.covers(999.0)
    clock[0] += 20
    seen.saw(9, 4)
    clock[0] += 40  # another turn: what was seen before the last one is dropped
    assert (seen.version(7), seen.version(8), seen.version(9)) == (-1, -1, 4)
    assert seen.covers(1080.0) and not seen.covers(1079.0)


def test_a_stream_that_read_its_table_while_the_subscription_was_down_asks_redis(monkeypatch):
    """The process saw versions before its subscription broke and since it came back, not in
    between: a read from in between is checked against the table's published version."""
    found = hub.Hub("redis://unused", "wildcards:db:table:*")
    asked = []

    async def published_version(table_id):
        asked.append(table_id)
        return 9

    monkeypatch.setattr(found, "published_version", published_version)
    found.seen.saw(7, 5)
    read_at = hub.time.monotonic()
    found.live_since = read_at + 1  # the subscription came back after the read

    assert asyncio.run(found.missed(7, 5, read_at)) is True and asked == [7]
    found.live_since = read_at - 1  # live since before the read: the process knows
    assert asyncio.run(found.missed(7, 5, read_at)) is False and asked == [7]


def test_a_message_that_is_not_one_of_ours_is_dropped_and_the_hub_reads_on():
    found = hub.Hub("redis://unused", "wildcards:db:table:*")
    follower = hub.Subscription()
    found.channels["wildcards:db:table:7:seat:1"] = {follower}
    for channel, data in [(b"wildcards:db:table:7:seat:1", b"no header at all"),
                          (b"wildcards:db:table:7:seat:1", b"state\n{}"),
                          (b"wildcards:db:table:x:seat:1", b"state 3 2\n{}"),
                          (b"wildcards:db:table:7:seat:1", b"state 3 2\n{}")]:
        found._received({"type": "pmessage", "pattern": b"wildcards:db:table:*",
                         "channel": channel, "data": data})
    assert follower.queue.qsize() == 1 and follower.queue.get_nowait().version == 3
    assert found.seen.version(7) == 3


def run(scenario):
    return async_to_sync(scenario)()
