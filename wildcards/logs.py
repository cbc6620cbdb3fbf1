"""Logs to stderr: one line per request, and on every line where it came from.

`RequestLogMiddleware` gives each request an id (the proxy's `X-Request-ID` when it sends a
sensible one, a new one otherwise), echoes it in the response's `X-Request-ID` and writes one
line when the response starts: method, path, status, milliseconds, user, table, client.
`wildcards.log_filters.ContextFilter` puts the request's id, and the Celery task's id and name,
on every record logged meanwhile, so a traceback can be found from the id a player reports.
`settings.LOGGING` wires both, from wildcards/log_config.py (docs/hosting.md, "Logs and
errors").
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponseBase
from django.utils.functional import SimpleLazyObject
from django.utils.log import log_response
from rest_framework.throttling import BaseThrottle

from wildcards.log_filters import GOOD_REQUEST_ID, request_id

log = logging.getLogger("wildcards.requests")

REQUEST_ID_HEADER = "X-Request-ID"
# Probes every few seconds would drown the log; a failing one is still logged.
QUIET_PATHS = frozenset({"/healthz"})

def _incoming_id(request: HttpRequest) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if GOOD_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex


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


def _djangos_record(request: HttpRequest, response: HttpResponseBase) -> None:
    """Django's own record of a 4xx or 5xx answer (logger `django.request`), written now, with
    the request's id: Django writes it once the middleware has returned, the id gone by then
    (it skips a response already logged, such as a fault's, logged with its traceback)."""
    if response.status_code >= 400:
        log_response("%s: %s", response.reason_phrase, request.path, response=response,
                     request=request)


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
                    _djangos_record(request, response)
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
                _djangos_record(request, response)
            return response
        finally:
            request_id.reset(token)

    return middleware


RequestLogMiddleware.sync_capable = True
RequestLogMiddleware.async_capable = True
