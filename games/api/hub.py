"""One Redis subscription per process for every event stream it serves.

A stream of its own client each cost a Redis connection, and some 400 Python objects that the
garbage collector walks at every full collection: with 500 streams a worker, its pauses reached
a few hundred milliseconds and held every request of the worker (docs/benchmarks.md, "The event
stream"). Here the streams of one event loop share one `PubSub`, subscribed to the pattern of
every table's channels while anyone follows: a stream `join`s its channel and gets a
`Subscription`, a queue of what it is to write, without a word to Redis (a SUBSCRIBE and a read
of the table's version a stream were 15 % of a worker's time opening 9,000 streams:
docs/benchmarks.md, "one subscription to every table"). `join` returns once Redis has confirmed
the subscription, so what is published from then on reaches the follower; what was published
between the stream's first read and its join, the hub has seen (`missed`).

A message is handed on as it was published (`events.read_message`: its header read, its JSON
not), to every follower of its channel. A stream has no timer of its own either: one task of
the hub tells each follower quiet for HEARTBEAT seconds to write its keep-alive comment
(KEEP_ALIVE), so nine thousand idle streams cost the event loop one wake-up a second, not nine
thousand timers.

Nothing is lost without the stream knowing: when the connection comes back after a failure, or
a slow follower's queue overflows, its follower gets `CATCH_UP` and reads what it missed from the
database (`watching.catch_up`); while Redis cannot be reached, every follower is told so each
`RETRY` seconds, which makes the streams read the table's version as the embedded set-up's do.
When the process is told to stop (`drain`), every follower gets DRAIN: its stream ends with a
jittered `retry:`, so its clients come back spread out, to another process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import weakref

import redis.asyncio as aioredis

from games.service import events

from .seen_versions import Seen

log = logging.getLogger(__name__)

CATCH_UP = object()  # read from the database: something may have been missed
KEEP_ALIVE = object()  # HEARTBEAT seconds of quiet: write a comment line
DRAIN = object()  # the process stops: end the stream, its client reconnects elsewhere
QUEUE = 64  # messages kept for a follower who is slow to read them (then: CATCH_UP)
RETRY = 1.0  # seconds between attempts while Redis cannot be reached
HEARTBEAT = 15.0  # seconds: a comment line keeps proxies from closing a quiet stream
TICK = 1.0  # seconds between the hub's looks at its followers' quiet
CONFIRM = 5.0  # seconds to wait for Redis to confirm a subscription (then: CATCH_UP)
VERSIONS = 4  # connections a hub reads tables' versions on, at the most (then they wait)


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE)
        self.quiet_since = time.monotonic()  # the follower's stream last wrote then

    def put(self, item) -> None:
        if self.queue.full():  # a follower this far behind catches up from the database
            while not self.queue.empty():
                self.queue.get_nowait()
            item = CATCH_UP
        self.queue.put_nowait(item)

    async def get(self, timeout: float | None = None):
        """The next item: a `Published` message, CATCH_UP, KEEP_ALIVE or DRAIN (None after
        `timeout` seconds of quiet, when one is given)."""
        if timeout is None:
            return await self.queue.get()
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None

    def wrote(self) -> None:
        """The follower's stream wrote something: its quiet starts again."""
        self.quiet_since = time.monotonic()


class Hub:
    """The process's one pattern subscription to every table's channels, read by one task.

    Every message of the site reaches the hub, followed or not: a follower's stream needs no
    SUBSCRIBE of its own, and the hub keeps each table's last version seen (`seen`), which
    tells a stream opened while the subscription was live whether a change came between its
    first read and its `join` without asking Redis (`missed`)."""

    def __init__(self, url: str, pattern: str) -> None:
        self.url = url
        self.pattern = pattern
        self.prefix = pattern.removesuffix("*").encode()  # a channel: prefix, table, ":", ...
        self.client = self.pubsub = None
        self.versions: aioredis.Redis | None = None  # `published_version`'s, a few connections
        self.channels: dict[str, set[Subscription]] = {}
        self.live = asyncio.Event()  # Redis confirmed the subscription on this connection
        self.live_since: float | None = None  # ... then (monotonic); None while not live
        self.seen = Seen()
        self.reader: asyncio.Task | None = None
        self.beat: asyncio.Task | None = None
        self.draining = False
        self.lock = asyncio.Lock()  # connect and close one at a time

    async def join(self, channel: str) -> Subscription:
        """Follow `channel`: what reaches the hub from when this returns is the follower's."""
        subscription = Subscription()
        self.channels.setdefault(channel, set()).add(subscription)
        self._running()
        if not self.live.is_set():  # the process's first streams, or Redis coming back
            try:
                await asyncio.wait_for(self.live.wait(), CONFIRM)
            except TimeoutError:  # Redis is slow or away: read the database once more later
                subscription.put(CATCH_UP)
        if self.draining:
            subscription.put(DRAIN)
        return subscription

    async def leave(self, channel: str, subscription: Subscription) -> None:
        followed = self.channels.get(channel, set())
        followed.discard(subscription)
        if followed or channel not in self.channels:
            return
        del self.channels[channel]
        if self.channels:
            return
        # No one left to serve: no task, no connection (tests run a loop each).
        async with self.lock:
            if self.channels:  # someone came while the lock was awaited
                return
            for task in (self.reader, self.beat):
                if task is not None:
                    task.cancel()
                    await asyncio.gather(task, return_exceptions=True)
            self.reader = self.beat = None
            await self._close()
            if self.channels:  # joined while the tasks stopped
                self._running()

    def _running(self) -> None:
        """The hub's tasks run (its reader connects on its own)."""
        if self.reader is None or self.reader.done():
            self.reader = asyncio.create_task(self._read())
        if self.beat is None or self.beat.done():
            self.beat = asyncio.create_task(self._beat())

    async def missed(self, table_id: int, version: int, read_at: float) -> bool:
        """Whether a change past `version` of the table, read at `read_at` (monotonic), may have
        been published before the follower joined. Told by the hub itself when its subscription
        was live before the read and since (all published after the read reached it); else by
        the table's last published version in Redis."""
        if (self.live_since is not None and self.live_since < read_at
                and self.seen.covers(read_at)):
            return self.seen.version(table_id) > version
        published = await self.published_version(table_id)
        return published is None or published > version

    async def published_version(self, table_id: int) -> int | None:
        """The table's last published version (`events.version_key`); None when Redis has
        none (nothing published lately) or cannot say."""
        try:
            if self.versions is None:
                self.versions = aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(
                    self.url, max_connections=VERSIONS, timeout=CONFIRM))
            value = await self.versions.get(events.version_key(table_id))
            return None if value is None else int(value)
        except Exception:
            log.warning("event stream: the version of table %s unread", table_id, exc_info=True)
            return None

    def drain(self) -> None:
        """The process is stopping: every stream ends, and any opened from now on."""
        self.draining = True
        self._tell_all(DRAIN)

    def _not_live(self) -> None:
        self.live.clear()
        self.live_since = None

    async def _close(self) -> None:
        self._not_live()
        pubsub, client, self.pubsub, self.client = self.pubsub, self.client, None, None
        versions, self.versions = self.versions, None
        with contextlib.suppress(Exception):
            if pubsub is not None:
                await pubsub.aclose()
            for each in (client, versions):
                if each is not None:
                    await each.aclose()

    def _tell_all(self, item) -> None:
        for followed in self.channels.values():
            for subscription in followed:
                subscription.put(item)

    async def _beat(self) -> None:
        """Each follower quiet for HEARTBEAT seconds writes a comment line."""
        while True:
            await asyncio.sleep(TICK)
            due = time.monotonic() - HEARTBEAT
            for followed in self.channels.values():
                for subscription in followed:
                    if subscription.quiet_since <= due:
                        subscription.wrote()  # one comment, not one a tick
                        subscription.put(KEEP_ALIVE)

    async def _connect(self) -> None:
        """The subscription, anew; the followers catch up on what was published before it."""
        async with self.lock:
            if self.client is None:
                self.client = aioredis.Redis.from_url(self.url, client_name=client_name())
            pubsub = self.client.pubsub()
            try:
                await pubsub.psubscribe(self.pattern)
            except BaseException:
                await pubsub.aclose()
                raise
            # After a connection lost inside redis-py, it connects again and subscribes anew:
            # what came in between is read from the database.
            pubsub.connection.register_connect_callback(self._reconnected)
            self.pubsub = pubsub
            self._tell_all(CATCH_UP)

    async def _reconnected(self, connection) -> None:
        self._not_live()  # until Redis confirms the subscription again
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
            if message is not None:
                self._received(message)

    def _received(self, message: dict) -> None:
        if message["type"] == "psubscribe":
            self.live_since = time.monotonic()
            self.live.set()
            return
        if message["type"] != "pmessage":
            return
        channel, data = message["channel"], message["data"]
        try:
            table = int(channel[len(self.prefix):].partition(b":")[0])
            version = events.version_of_message(data)
        except ValueError:
            log.warning("event stream: a message on %s is not one of ours", channel)
            return
        if version is not None:
            self.seen.saw(table, version)
        followed = self.channels.get(channel.decode())
        if not followed:
            return
        published = events.read_message(data)
        for subscription in followed:
            subscription.put(published)


def client_name() -> str:
    """How the process's subscription shows in Redis's `CLIENT LIST` (one per web process)."""
    return f"wildcards-events:{os.getpid()}"


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hub(url: str) -> Hub:
    """The hub of the running event loop (uvicorn runs one a process; tests, one a test)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub(url, events.every_channel())
    return found


def drain_all() -> None:
    """Every hub of the process drains (the server is stopping)."""
    for found in list(_hubs.values()):
        found.drain()
