"""Work that can wait until the answer has gone out: handing tasks to the broker, mostly.

A move queues its side effects (its "your turn" email, a bot's turn, a real-time expiry) when
its transaction commits. Publishing a task to the broker costs a couple of milliseconds, which
the player need not wait for: inside a request, `soon(fn)` keeps `fn` until Django has sent
the response (the WSGI server calls the response's `close()`, which sends `request_finished`,
after the last byte is written). Anywhere else (a Celery task, a management command, a shell,
a view called without Django's handler) `fn` runs at once.

A failing `fn` is logged and does not stop the others: by then the change is committed and
the client has its answer; the periodic sweeps pick up what a lost task would have done.
"""

from __future__ import annotations

import contextvars
import functools
import logging
from collections.abc import Callable

from django.core.signals import request_finished, request_started
from django.db import connections

log = logging.getLogger(__name__)

_pending: contextvars.ContextVar[list[Callable[[], object]] | None] = contextvars.ContextVar(
    "wildcards_after_response", default=None)


def soon(fn: Callable[[], object]) -> None:
    """Run `fn` once the current request's response has been sent (at once outside one)."""
    pending = _pending.get()
    if pending is None:
        fn()
        return
    # Run in the request's context (its id: for the log's records, the tasks' headers), where
    # the request has been answered: what `fn` leaves for later runs at once.
    context = contextvars.copy_context()
    context.run(_pending.set, None)
    pending.append(functools.partial(context.run, fn))


def pending() -> bool:
    """Whether work waits for the current request's response to be sent."""
    return bool(_pending.get())


def open_request() -> None:
    """A request begins: keep what `soon` is given until it has been answered. (WSGI: on
    `request_started`; ASGI: by `wildcards.asgi`, around Django's handler.)"""
    _pending.set([])


def _request_started(**_) -> None:
    if _pending.get() is None:  # under ASGI, wildcards.asgi opened it already
        open_request()


def _request_finished(**_) -> None:
    pending = _pending.get()
    _pending.set(None)
    if not pending:
        return
    work = list(pending)
    pending.clear()  # the list may be shared (ASGI): each runs once
    for fn in work:
        try:
            fn()
        except Exception:
            log.exception("work left for after the response failed")
    # Django gave the request's connection back before this ran: one the work opened (an
    # eager task, say) goes back too, or the thread, which ends under ASGI, would keep it
    # (what Django's own `close_old_connections` does; not inside a test's transaction).
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()


request_started.connect(_request_started, dispatch_uid="wildcards.after_response.started")
request_finished.connect(_request_finished, dispatch_uid="wildcards.after_response.finished")
