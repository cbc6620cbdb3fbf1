"""Logs to stderr: one line per request, and on every line where it came from.

`RequestLogMiddleware` gives each request an id (the proxy's `X-Request-ID` when it sends a
sensible one, a new one otherwise), echoes it in the response's `X-Request-ID` and writes one
line when the response starts: method, path, status, milliseconds, user, table, client.
`ContextFilter` puts the request's id, or the Celery task's id and name, on every record logged
meanwhile, so a traceback can be found from the id a player reports. `settings.LOGGING` wires
both, from wildcards/log_config.py (docs/hosting.md, "Logs and errors").
"""

from __future__ import annotations

import contextvars
import logging
import math
import re
import time
import uuid
from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from celery import current_task
from django.http import HttpRequest, HttpResponseBase
from django.utils.functional import SimpleLazyObject
from rest_framework.throttling import BaseThrottle

log = logging.getLogger("wildcards.requests")

REQUEST_ID_HEADER = "X-Request-ID"
# What a proxy's id looks like (nginx's $request_id, a UUID, ...): anything else is not echoed
# into our logs and headers as it is.
_GOOD_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
# Probes every few seconds would drown the log; a failing one is still logged.
QUIET_PATHS = frozenset({"/healthz"})

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id",
                                                                       default=None)


class ContextFilter(logging.Filter):
    """Adds `request_id`, `task_id`, `task_name` (None where they do not apply) and `context`
    (the same in a few words, for the plain-text format) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        # Celery's proxy to the task this process is running, false outside a task.
        record.task_id = current_task.request.id if current_task else None
        record.task_name = current_task.name if current_task else None
        if record.request_id:
            record.context = f"request={record.request_id}"
        elif record.task_id:
            record.context = f"task={record.task_name}[{record.task_id}]"
        else:
            record.context = "-"
        return True


class OutageFilter(logging.Filter):
    """On django-redis's "Exception ignored" (a cache call while Redis does not answer,
    settings.CACHES): one WARNING a minute per process, with the error and no traceback,
    instead of an ERROR with its traceback on every call."""

    every = 60.0  # seconds

    def __init__(self) -> None:
        super().__init__()
        self.last = -math.inf

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.last < self.every:
            return False
        self.last = now
        error = record.exc_info[1] if record.exc_info else None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = "Redis does not answer (%s): the cache is bypassed until it does"
        record.args = (f"{type(error).__name__}: {error}",)
        record.exc_info = record.exc_text = None
        return True


def _incoming_id(request: HttpRequest) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if _GOOD_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex


def _user_id(user) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


async def _auser(request: HttpRequest):
    """The request's user, read without blocking the event loop: the API's (a token's) when
    DRF set one, else the session's."""
    user = getattr(request, "user", None)
    if isinstance(user, SimpleLazyObject) and hasattr(request, "auser"):
        return await request.auser()
    return user


def _quiet(request: HttpRequest, response: HttpResponseBase) -> bool:
    return request.path in QUIET_PATHS and response.status_code < 400


def _log(request: HttpRequest, response: HttpResponseBase, started: float, user) -> None:
    duration_ms = round((time.perf_counter() - started) * 1000, 1)
    status = response.status_code
    match = request.resolver_match
    fields = {
        "method": request.method,
        "path": request.path,
        "status": status,
        "duration_ms": duration_ms,
        "user_id": _user_id(user),
        "table_id": match.kwargs.get("table_id") if match else None,
        # The address the rate limits count by (DRF's, with WILDCARDS_TRUSTED_PROXIES).
        "client": BaseThrottle().get_ident(request),
    }
    log.log(
        logging.ERROR if status >= 500 else logging.INFO,
        "%s %s %s %.1fms user=%s table=%s client=%s",
        fields["method"], fields["path"], status, duration_ms,
        fields["user_id"] or "-", fields["table_id"] or "-", fields["client"],
        extra=fields,
    )


def RequestLogMiddleware(get_response: Callable):  # noqa: N802 (Django's middleware style)
    """Outermost middleware: its time covers the whole request, redirects and errors too."""
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponseBase:
            started, token = time.perf_counter(), request_id.set(_incoming_id(request))
            try:
                response = await get_response(request)
                response[REQUEST_ID_HEADER] = request_id.get()
                if not _quiet(request, response):
                    _log(request, response, started, await _auser(request))
                return response
            finally:
                request_id.reset(token)

        return markcoroutinefunction(middleware)

    def middleware(request: HttpRequest) -> HttpResponseBase:  # type: ignore[no-redef]
        started, token = time.perf_counter(), request_id.set(_incoming_id(request))
        try:
            response = get_response(request)
            response[REQUEST_ID_HEADER] = request_id.get()
            if not _quiet(request, response):
                _log(request, response, started, getattr(request, "user", None))
            return response
        finally:
            request_id.reset(token)

    return middleware


RequestLogMiddleware.sync_capable = True
RequestLogMiddleware.async_capable = True
