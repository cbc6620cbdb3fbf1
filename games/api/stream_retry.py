"""When a browser is to come back to a table's event stream, and the stream's answers that say
so (`games.api.stream`).

A browser's EventSource gives up for good on any answer but a 200, so a stream that cannot be
served now is a 200 with a jittered `retry:` line alone, that ends: while the process has
OPENING streams opening and more waiting their turn than it opens in OPENING_HOLD seconds
(`wildcards.admission` answers before Django: no thread, no query), when the database pool has
no connection for it, and when the process stops (`hub.drain`). A
refused browser comes back at its appointment (`admission.Gate.come_back_in`): a storm of
thousands of reconnections comes back at the pace the process serves them.
"""

from __future__ import annotations

import random
import re

from django.http import HttpResponse, StreamingHttpResponse

from wildcards import admission

from . import hub as hubs

# How long a browser waits before it reconnects, in milliseconds: (least, most).
RETRY_MS = (2000, 5000)  # after a stream lost without a word (a worker that died)
DRAIN_RETRY_MS = (500, 8000)  # after its process stopped (the others take it)
BUSY_RETRY_MS = 1000  # when it could not be served now: at the least (and its appointment)
BUSY_JITTER = 0.1  # a wait drawn up to this share later, at random (clients' clocks differ)
# Streams opening at once in a process at the most (from their arrival to their answer's
# start), and the seconds they may wait in all (at the rate the process opens them); more come
# back later. One in hand waits on the event loop for a request thread, then a connection.
OPENING, OPENING_WAIT = 1000, 2.0
# Seconds the streams waiting their turn may take to open, at the most (beyond: come back at
# an appointment). A browser waits for a stream's answer without a time limit.
OPENING_HOLD = 45.0


def retry(least_ms: int, most_ms: int) -> str:
    return f"retry: {random.randint(least_ms, most_ms)}\n\n"


def busy_retry(come_back_in: float) -> str:
    """`retry:` for a stream refused now, to come back after `come_back_in` seconds (its
    appointment), a second at the least."""
    least = max(BUSY_RETRY_MS, int(1000 * come_back_in))
    return retry(least, least + int(BUSY_JITTER * least))


def event_stream(content) -> HttpResponse:
    """The stream's answer: `content` an asynchronous generator, or the text of a short one."""
    if isinstance(content, str):
        response = HttpResponse(content, content_type="text/event-stream")
    else:
        # (The charset given: Django looks for it at each event otherwise, in the headers and
        # then the settings: 4 % of the event loop's time at 100 moves a second.)
        response = StreamingHttpResponse(content, content_type="text/event-stream",
                                         charset="utf-8")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def refuse(gate: admission.Gate, scope: dict, receive, send, elsewhere: bool) -> None:
    """A stream the process cannot open now: a 200 that says when to come back, before
    Django (no thread, no query). One a sibling process has room for (`elsewhere`:
    `wildcards.balance`) comes back at once, on a new connection: the socket the processes
    share gives it to one that accepts."""
    headers = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache"),
               (b"x-accel-buffering", b"no")]
    if elsewhere:
        headers.append((b"connection", b"close"))
    come_back_in = 0.0 if elsewhere else gate.come_back_in()
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": busy_retry(come_back_in).encode()})


OPENING_GATE = admission.register(admission.Gate(
    re.compile(r"^/api/tables/\d+/events/?$"), OPENING, refuse, OPENING_WAIT, OPENING_HOLD))
admission.on_drain(hubs.drain_all)
