"""`GET /api/tables/{id}/events`: the table's server-sent events (docs/api.md, "Following a
table").

The view is an ordinary API view (the same authentication, throttles and JSON errors as every
other endpoint); the stream it answers with is an asynchronous generator, which an ASGI server
(uvicorn) runs on its event loop: an idle stream costs no thread. Each event is the follower's
own (`games.service.events`): its id is the table's version, so a client that reconnects with
`Last-Event-ID` is brought from there, with nothing lost and nothing repeated.
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
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation

from games.service import events, watching
from games.service.chat import KIND as CHAT
from games.service.errors import GameError, no_such_table
from games.service.watching import Follower
from wildcards.api_schema import whole_number as number_schema
from wildcards.numbers import BadNumber, out_of_range, whole_number

from . import schema as e
from .errors import GameAPIView
from .hub import CATCH_UP, hub
from .stream_schema import EventStreamSchema

HEARTBEAT = 15.0  # seconds: a comment line keeps proxies from closing a quiet stream
POLL = 1.0  # seconds: without Redis, how often the table's version is read
RETRY_MS = 2000  # how long a browser waits before it reconnects


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
EXAMPLE = ('retry: 2000\n\n'
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
                    "seat present.",
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
        follower = watching.follow(table_id, request.user)
        if not isinstance(request._request, ASGIRequest):
            raise GameError("stream-unavailable",
                            "This server runs without ASGI, which the event stream needs: "
                            "read the state with ?since= instead.")
        # The view's thread lives as long as the stream (Django's ASGI handler keeps one per
        # request): its database connection goes back to the pool now.
        connections.close_all()
        response = StreamingHttpResponse(stream(follower, request.user, since),
                                         content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
        return response


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
    """One event; without an id when it has no version (a `gone` before any `state`): a
    reconnecting client then keeps the last id it had."""
    kind = event.pop("kind", "state")
    line = f"id: {event['version']}\n" if event["version"] is not None else ""
    return f"{line}event: {kind}\ndata: {json.dumps(event)}\n\n"


def said(event: dict) -> str:
    """A chat event: no `id:`, so that a reconnecting client's `Last-Event-ID` stays the
    version it has (docs/api.md, "Table chat")."""
    event.pop("kind", None)
    return f"event: {CHAT}\ndata: {json.dumps(event)}\n\n"


async def stream(follower: Follower, user, since: int | None) -> AsyncIterator[str]:
    """Subscribe first, then catch up from the database, then forward what is published: a
    change committed in between is in the catch-up or in a message, and a message the
    follower already has is skipped by its version."""
    yield f"retry: {RETRY_MS}\n\n"
    catch_up, present = in_a_thread(watching.catch_up), in_a_thread(watching.present)
    last = since
    try:
        async with _listener(follower) as listen:
            await present(follower, user)
            event = await catch_up(follower, since)
            if event is not None:
                last = event["version"]
                yield sse(event)
            quiet_since = present_at = time.monotonic()
            while True:
                if time.monotonic() - present_at >= HEARTBEAT:  # busy or quiet, it is there
                    await present(follower, user)
                    present_at = time.monotonic()
                message = await listen(quiet_since + HEARTBEAT - time.monotonic(), last)
                if message is None:
                    yield ": keep-alive\n\n"
                    quiet_since = time.monotonic()
                    continue
                if message is not CATCH_UP and message.get("kind") == CHAT:
                    yield said(message)  # no version: the follower's place stays where it is
                    quiet_since = time.monotonic()
                    continue
                if message is not CATCH_UP and last is not None and message["version"] <= last:
                    continue  # the follower has it already
                if message is CATCH_UP or message.get("from") != last:  # a gap: read it
                    message = await catch_up(follower, last)
                    if message is None:
                        continue
                last = message["version"]
                yield sse(message)
                quiet_since = time.monotonic()
    except GameError as error:  # the table is gone
        yield sse({"kind": "gone", "version": last,
                   "code": error.code, "detail": error.detail})


class _listener:
    """What was published for the follower (Redis, through the process's `hub`), or CATCH_UP
    when the table's version moved (the database, without Redis). `await listen(timeout)`
    gives a message, CATCH_UP, or None after `timeout` seconds of quiet."""

    def __init__(self, follower: Follower) -> None:
        self.follower = follower
        self.hub = self.subscription = None

    async def __aenter__(self):
        if not settings.REDIS_URL:
            return self._poll
        self.channel = events.channel(self.follower.table, self.follower.seat)
        self.hub = hub(settings.REDIS_URL)
        self.subscription = await self.hub.join(self.channel)
        return self._next

    async def __aexit__(self, *exc) -> None:
        if self.subscription is not None:
            await self.hub.leave(self.channel, self.subscription)

    async def _next(self, timeout: float, last: int | None):
        return await self.subscription.get(max(0.0, timeout))

    async def _poll(self, timeout: float, last: int | None):
        version_of = in_a_thread(watching.version_of)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            await asyncio.sleep(min(POLL, left))
            now = await version_of(self.follower.table)
            if now is None:
                raise no_such_table()
            if now != last:
                return CATCH_UP
        return None
