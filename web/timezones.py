"""Every time a page shows is in the viewer's own time zone (their email settings), with its
abbreviation; visitors see UTC."""

from __future__ import annotations

from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import timezone

from notifications.preferences import quiet_of

API = "/api/"


def _activate_for(request: HttpRequest) -> None:
    _activate(request.user)


def _activate(user) -> None:
    if user is not None and user.is_authenticated:
        timezone.activate(quiet_of(user).zone)
    else:
        timezone.deactivate()


def ViewerTimeZoneMiddleware(get_response: Callable):  # noqa: N802 (Django's middleware style)
    """After AuthenticationMiddleware: the user comes with their preference (one query at
    most, the session's own)."""
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponseBase:
            # The API's answers carry UTC times; and an event stream never ends, so a database
            # connection taken here for its user would never go back to the pool.
            if request.path.startswith(API):
                return await get_response(request)
            # In the request's own thread, where its view reads the user too (`request.user`,
            # loaded once). `await request.auser()` here left pooled connections that were not
            # given back: two players' pages ran the pool dry (tests/web/test_browser_stream.py).
            await sync_to_async(_activate_for)(request)
            try:
                return await get_response(request)
            finally:
                timezone.deactivate()

        return markcoroutinefunction(middleware)

    def middleware(request: HttpRequest) -> HttpResponseBase:  # type: ignore[no-redef]
        if request.path.startswith(API):  # (as above: UTC, and no query for the user)
            return get_response(request)
        _activate(request.user)
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware


ViewerTimeZoneMiddleware.sync_capable = True
ViewerTimeZoneMiddleware.async_capable = True
