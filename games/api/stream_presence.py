"""The players whose event streams are open, reported together: an open stream is being at the
table (`presence`), and a process with thousands of streams reports them all in one statement
every few seconds instead of two queries per stream (at 9,000 streams, 600 a second).

A stream `track`s its seated follower when it opens; a new one is reported within a second (a
real-time seat marked away comes back at once, as it did when each stream reported itself),
then each one every EVERY seconds while the stream stays open.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable

from asgiref.sync import sync_to_async
from django.db import connections

from games.service import presence

log = logging.getLogger(__name__)

EVERY = 15.0  # seconds between two reports of one stream's player
TICK = 1.0  # seconds between the reporter's rounds (a new stream waits at most this)


class Reporter:
    """The seated followers of one event loop's streams, reported by one task."""

    def __init__(self, report: Callable[[list[tuple[int, int]]], object]) -> None:
        self.report = report
        self.followers: dict[object, tuple[int, int]] = {}  # token -> (table, user)
        self.reported: dict[object, float] = {}  # token -> when last reported
        self.task: asyncio.Task | None = None

    def track(self, table_id: int, user_id: int) -> object:
        token = object()
        self.followers[token] = (table_id, user_id)
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run())
        return token

    def untrack(self, token: object) -> None:
        self.followers.pop(token, None)
        self.reported.pop(token, None)
        if not self.followers and self.task is not None:
            self.task.cancel()  # nothing to report (tests run a loop each)
            self.task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            await self.round()

    async def round(self) -> None:
        """Report the followers new since the last round and those due again."""
        now = time.monotonic()
        due = [token for token in self.followers
               if now - self.reported.get(token, -EVERY) >= EVERY]
        if not due:
            return
        for token in due:
            self.reported[token] = now
        players = sorted({self.followers[token] for token in due})
        try:
            await self.report(players)
        except Exception:  # a database away: the next round reports them again
            log.warning("event stream: reporting %d players present failed", len(players),
                        exc_info=True)
            for token in due:
                self.reported.pop(token, None)


def _report_present(players: list[tuple[int, int]]) -> None:
    try:
        presence.streams_open(players)
    finally:
        connections.close_all()  # no request ends to give the connection back


_reporters: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def reporter() -> Reporter:
    """The reporter of the running event loop."""
    loop = asyncio.get_running_loop()
    found = _reporters.get(loop)
    if found is None:
        found = _reporters[loop] = Reporter(sync_to_async(_report_present,
                                                          thread_sensitive=False))
    return found
