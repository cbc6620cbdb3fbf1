"""`GET /api/tables/{id}/events`: the table's server-sent events (docs/api.md, "Following a
table").

The view is an ordinary API view (the same authentication, throttles and JSON errors as every
other endpoint); the stream it answers with is an asynchronous generator, which an ASGI server
(uvicorn) runs on its event loop: an idle stream costs no thread and no timer (`hub`). Each
event is the follower's own (`games.service.events`): its id is the table's version, so a
client that reconnects with `Last-Event-ID` is brought from there, with nothing lost and nothing
repeated. Its player's presence is reported with the process's other streams
(`stream_presence`).

A browser's EventSource gives up for good on any answer but a 200, so a stream that cannot be
served now is a 200 that says when to come back (`retry:`, jittered) and ends: while the process
has OPENING streams opening (`wildcards.admission`, before Django), when the database pool has
no connection for it, and when the process stops (`hub.drain`). Every stream's first line is a
jittered `retry:` too: the clients of a worker that dies come back spread out.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation

from games.service import events, watching
from games.service.errors import GameError, no_such_table
from games.service.watching import Follower, Start
from wildcards.api_schema import whole_number as number_schema
from wildcards.numbers import BadNumber, out_of_range, whole_number
from wildcards.overload import pool_exhausted

from . import hub as hubs
from . import schema as e
from .errors import GameAPIView
from .hub import CATCH_UP, DRAIN, KEEP_ALIVE, hub
from .stream_presence import reporter
from .stream_retry import (
    DRAIN_RETRY_MS,
    OPENING_GATE,
    RETRY_MS,
    busy_retry,
    event_stream,
    retry,
)
from .stream_schema import EventStreamSchema

POLL = 1.0  # seconds: without Redis, how often the table's version is read
class AnyAccept(BaseContentNegotiation):
    """A stream is asked for with `Accept: text/event-stream`; its errors are JSON."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def last_seen(request) -> int | None:
    """`Last-Event-ID` (a reconnecting browser sends it), else `?since=`; None: from nothing.
    A `Last-Event-ID` that is no version at all is answered by the stream's `reset` event, as
    one the table never had: a browser's EventSource gives up for good on any status but 200."""
    header = request.headers.get("Last-Event-ID")
    if header:
        return header_version(header)
    return whole_number(request.query_params.get("since") or None, "since")


def header_version(header: str) -> int:
    try:
        return whole_number(header, "Last-Event-ID")
    except BadNumber:
        return watching.NO_VERSION


SINCE_INVALID = out_of_range("since")
EXAMPLE = ('retry: 3127\n\n'
           'id: 17\nevent: state\ndata: {"table": 4, "version": 17, "from": 16, '
           '"state": {"table": 4, "version": 17, "status": "playing", "...": "..."}, '
           '"moves": [{"version": 17, "seat": 1, "action": "play", "card": "wave-3", '
           '"...": "..."}]}\n\n'
           'event: chat\ndata: {"table": 4, "message": {"id": 41, "seat": 1, "name": "ben", '
           '"text": "Well played", "at": "2026-12-04T18:02:11.512Z"}}\n\n'
           ': keep-alive\n\n')


class EventsView(GameAPIView):
    content_negotiation_class = AnyAccept
    schema = EventStreamSchema()

    @extend_schema(
        summary="Follow the table: server-sent events, one per change", tags=["play"],
        operation_id="followTable",
        parameters=[
            OpenApiParameter("since", number_schema(), description="The version the client "
                             "has: events "
                             "start after it (`Last-Event-ID` wins when both are sent)."),
            OpenApiParameter("Last-Event-ID", str, OpenApiParameter.HEADER,
                             description="Sent by a reconnecting client: the last event's id. "
                                         "One that is no version of the table (not a whole "
                                         "number, or ahead of the table) starts the stream "
                                         "with a `reset` event."),
        ],
        description="Server-sent events (`text/event-stream`): a stream that does not end. "
                    "Read it as a stream, line by line (an `EventSource` in a browser; in "
                    "Python, httpx's `stream()`), not as one body: a client that waits for "
                    "the whole answer waits forever. Each event is `id: <version>`, `event: "
                    "<name>` and one line of JSON `data`; `x-events` on the answer names the "
                    "component of each event's data. A `state` event brings the follower to "
                    "the table's version (`from`: where it starts; `state`: as `GET state` "
                    "gives it to the caller; `moves`: the move log's entries in between). A "
                    "`chat` event (no id) is a chat message: `message`, or `gone` (a message id "
                    "the host hid). A `reset` event tells a client too far behind to read the "
                    "state again; "
                    "`gone`, that the table is no more (the stream ends). A comment line "
                    "(`: keep-alive`) comes every 15 s of quiet. A client that reconnects sends "
                    "`Last-Event-ID` and misses nothing. An open stream keeps a real-time "
                    "seat present. A stream the server cannot serve now (busy, or "
                    "restarting) is a 200 with a `retry:` line alone, and ends: the browser "
                    "comes back after that many milliseconds.",
        responses={(200, "text/event-stream"): OpenApiResponse(
                       OpenApiTypes.STR, description="The stream: events `state`, `reset` "
                       "and `gone` (`x-events`: the component of each one's data).",
                       examples=[OpenApiExample("A move", value=EXAMPLE)]),
                   400: e.error("A `since` that is not a whole number.",
                                e.body("invalid", SINCE_INVALID,
                                       fields={"since": [SINCE_INVALID]})),
                   403: e.SEATED_ONLY, 404: e.NOT_FOUND, **e.LOGGED_IN,
                   503: e.error("The server runs without ASGI: read the state with `?since=`.",
                                e.body("stream-unavailable", "This server runs without ASGI, "
                                       "which the event stream needs: read the state with "
                                       "?since= instead."))})
    def get(self, request, table_id: int):
        since = last_seen(request)
        read_at = time.monotonic()  # (the hub tells what was published after it: `missed`)
        begun = watching.start(table_id, request.user, since)
        if not isinstance(request._request, ASGIRequest):
            raise GameError("stream-unavailable",
                            "This server runs without ASGI, which the event stream needs: "
                            "read the state with ?since= instead.")
        # The view's thread lives as long as the stream (Django's ASGI handler keeps one per
        # request): its database connection goes back to the pool now.
        connections.close_all()
        return event_stream(stream(begun, request.user, since, read_at))

    def handle_exception(self, exc: Exception):
        if pool_exhausted(exc):  # every database connection busy: come back a little later
            return event_stream(busy_retry(OPENING_GATE.come_back_in()))
        return super().handle_exception(exc)


def in_a_thread(work):
    """`work` for the stream's loop: run in a thread of the pool, its database connection given
    back to the connection pool when it is done (no request ends to give it back)."""

    def run(*args):
        try:
            return work(*args)
        finally:
            connections.close_all()

    return sync_to_async(run, thread_sensitive=False)


def sse(event: dict) -> str:
    """An event read from the database (a catch-up: `state`, `reset`, `gone`)."""
    kind = event.pop("kind", "state")
    return frame(kind, event.get("version"), json.dumps(event))


def frame(kind: str, version: int | None, data: str) -> str:
    """A server-sent event; one that moves no version has no `id:` (the browser keeps the last
    one for `Last-Event-ID`)."""
    if version is None:
        return f"event: {kind}\ndata: {data}\n\n"
    return f"id: {version}\nevent: {kind}\ndata: {data}\n\n"


async def stream(begun: Start, user, since: int | None,
                 read_at: float) -> AsyncIterator[str]:
    """The first event (read by the view at `read_at`), then join the hub, then forward what
    is published. A change published between the view's read and the join is told by the hub
    (`_listener.missed`), and read from the database; a message the follower already has is
    skipped by its version."""
    first = retry(*RETRY_MS)  # sent with the first event: one write to the socket, not two
    follower = begun.follower
    catch_up = in_a_thread(watching.catch_up)
    last = since
    present = reporter().track(follower.table, user.pk) if follower.seat is not None else None
    try:
        async with _listener(follower) as listen:
            event = begun.event
            if event is not None:
                last = event["version"]
                first += sse(event)
            if await listen.missed(begun.version, read_at) and (
                    event := await catch_up(follower, last)) is not None:
                last = event["version"]
                first += sse(event)
            yield first
            first = ""
            listen.wrote()
            while True:
                item = await listen.next(last)
                if item is KEEP_ALIVE:
                    yield ": keep-alive\n\n"
                    continue
                if item is DRAIN:  # the process stops: come back to another one
                    yield retry(*DRAIN_RETRY_MS)
                    return
                if item is CATCH_UP:
                    event = await catch_up(follower, last)
                elif item.version is None:  # an event that moves no version: as it is
                    yield frame(item.kind, None, item.data)
                    listen.wrote()
                    continue
                elif last is not None and item.version <= last:
                    continue  # the follower has it already
                elif item.start != last:  # a gap: read it
                    event = await catch_up(follower, last)
                else:
                    last = item.version
                    yield frame(item.kind, item.version, item.data)
                    listen.wrote()
                    continue
                if event is not None:
                    last = event["version"]
                    yield sse(event)
                    listen.wrote()
    except GameError as error:  # the table is gone
        yield first + sse({"kind": "gone", "version": last,
                           "code": error.code, "detail": error.detail})
    except Exception as error:
        if not pool_exhausted(error):
            raise
        yield first + busy_retry(OPENING_GATE.come_back_in())  # no connection now: come back
    finally:
        if present is not None:
            reporter().untrack(present)


class _listener:
    """What was published for the follower (Redis, through the process's `hub`), or CATCH_UP
    when the table's version moved (the database, without Redis); KEEP_ALIVE after HEARTBEAT
    seconds of quiet, DRAIN when the process stops. `await listen.next(last)` gives one."""

    def __init__(self, follower: Follower) -> None:
        self.follower = follower
        self.hub = self.subscription = None
        self.quiet_since = time.monotonic()

    async def __aenter__(self):
        if settings.REDIS_URL:
            self.channel = events.channel(self.follower.table, self.follower.seat)
            self.hub = hub(settings.REDIS_URL)
            self.subscription = await self.hub.join(self.channel)
        return self

    async def __aexit__(self, *exc) -> None:
        if self.subscription is not None:
            await self.hub.leave(self.channel, self.subscription)

    async def missed(self, version: int, read_at: float) -> bool:
        """Whether an event past `version`, read at `read_at`, may have been published before
        the join (then the database is read again). Without Redis, the poll compares
        versions."""
        if self.subscription is None:
            return False
        return await self.hub.missed(self.follower.table, version, read_at)

    def wrote(self) -> None:
        if self.subscription is not None:
            self.subscription.wrote()
        self.quiet_since = time.monotonic()

    async def next(self, last: int | None):
        if self.subscription is not None:
            return await self.subscription.get()
        return await self._poll(last)

    async def _poll(self, last: int | None):
        version_of = in_a_thread(watching.version_of)
        while (left := self.quiet_since + hubs.HEARTBEAT - time.monotonic()) > 0:
            await asyncio.sleep(min(POLL, left))
            now = await version_of(self.follower.table)
            if now is None:
                raise no_such_table()
            if now != last:
                return CATCH_UP
        self.quiet_since = time.monotonic()
        return KEEP_ALIVE
