"""One Redis subscription per process for every event stream it serves.

A stream of its own client each cost a Redis connection, and some 400 Python objects that the
garbage collector walks at every full collection: with 500 streams a worker, its pauses reached
a few hundred milliseconds and held every request of the worker (docs/benchmarks.md, "The event
stream"). Here the streams of one event loop share one `PubSub`: a stream `join`s its channel and
gets a `Subscription`, a queue of the messages published on it; the channel is subscribed while
anyone follows it.

Nothing is lost without the stream knowing: when the connection comes back after a failure, or
a slow follower's queue overflows, its follower gets `CATCH_UP` and reads what it missed from the
database (`watching.catch_up`); while Redis cannot be reached, every follower is told so each
`RETRY` seconds, which makes the streams read the table's version as the embedded set-up's do.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import weakref

import redis.asyncio as aioredis

log = logging.getLogger(__name__)

CATCH_UP = object()  # read from the database: something may have been missed
QUEUE = 64  # messages kept for a follower who is slow to read them (then: CATCH_UP)
RETRY = 1.0  # seconds between attempts while Redis cannot be reached


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE)

    def put(self, item) -> None:
        if self.queue.full():  # a follower this far behind catches up from the database
            while not self.queue.empty():
                self.queue.get_nowait()
            item = CATCH_UP
        self.queue.put_nowait(item)

    async def get(self, timeout: float):
        """The next message (a dict), CATCH_UP, or None after `timeout` seconds of quiet."""
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None


class Hub:
    """The subscriptions of one event loop, read by one task."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client = self.pubsub = None
        self.channels: dict[str, set[Subscription]] = {}
        self.reader: asyncio.Task | None = None
        self.lock = asyncio.Lock()  # subscribe and unsubscribe one at a time

    async def join(self, channel: str) -> Subscription:
        subscription = Subscription()
        async with self.lock:
            followed = self.channels.setdefault(channel, set())
            followed.add(subscription)
            if len(followed) == 1 and self.pubsub is not None:
                try:
                    await self.pubsub.subscribe(channel)
                except Exception:  # the reader reconnects and subscribes every channel
                    log.warning("event stream: subscribing to %s failed", channel,
                                exc_info=True)
            if self.reader is None or self.reader.done():
                self.reader = asyncio.create_task(self._read())
        return subscription

    async def leave(self, channel: str, subscription: Subscription) -> None:
        async with self.lock:
            followed = self.channels.get(channel, set())
            followed.discard(subscription)
            if followed or channel not in self.channels:
                return
            del self.channels[channel]
            if self.channels:
                if self.pubsub is not None:
                    with contextlib.suppress(Exception):
                        await self.pubsub.unsubscribe(channel)
                return
            # No one left to serve: no task, no connection (tests run a loop each).
            if self.reader is not None:
                self.reader.cancel()
                await asyncio.gather(self.reader, return_exceptions=True)
                self.reader = None
            await self._close()

    async def _close(self) -> None:
        pubsub, client, self.pubsub, self.client = self.pubsub, self.client, None, None
        with contextlib.suppress(Exception):
            if pubsub is not None:
                await pubsub.aclose()
            if client is not None:
                await client.aclose()

    def _tell_all(self, item) -> None:
        for followed in self.channels.values():
            for subscription in followed:
                subscription.put(item)

    async def _connect(self) -> None:
        """A new subscription to every channel followed; the followers catch up on what was
        published before it."""
        async with self.lock:
            if self.client is None:
                self.client = aioredis.Redis.from_url(self.url, client_name=client_name())
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                if self.channels:
                    await pubsub.subscribe(*self.channels)
                else:
                    await pubsub.connect()
            except BaseException:
                await pubsub.aclose()
                raise
            # After a connection lost inside redis-py, it connects again and subscribes anew:
            # what came in between is read from the database.
            pubsub.connection.register_connect_callback(self._reconnected)
            self.pubsub = pubsub
            self._tell_all(CATCH_UP)

    async def _reconnected(self, connection) -> None:
        self._tell_all(CATCH_UP)

    async def _read(self) -> None:
        while True:
            try:
                if self.pubsub is None:
                    await self._connect()
                message = await self.pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("event stream: Redis unreachable; streams read the database",
                            exc_info=True)
                await self._close()
                self._tell_all(CATCH_UP)
                await asyncio.sleep(RETRY)
                continue
            if message is None or message["type"] != "message":
                continue
            followed = self.channels.get(message["channel"].decode())
            if followed:
                data = json.loads(message["data"])
                for subscription in followed:
                    # Each follower's stream drops the fields it has shown (`kind`): a copy.
                    subscription.put(dict(data))


def client_name() -> str:
    """How the process's subscription shows in Redis's `CLIENT LIST` (one per web process)."""
    return f"wildcards-events:{os.getpid()}"


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hub(url: str) -> Hub:
    """The hub of the running event loop (uvicorn runs one a process; tests, one a test)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub(url)
    return found
