"""Every time a page shows is in the viewer's own time zone (their email settings), with its
abbreviation; visitors see UTC."""

from __future__ import annotations

from collections.abc import Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import timezone

from notifications.preferences import quiet_of


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
            _activate(await request.auser())
            try:
                return await get_response(request)
            finally:
                timezone.deactivate()

        return markcoroutinefunction(middleware)

    def middleware(request: HttpRequest) -> HttpResponseBase:  # type: ignore[no-redef]
        _activate(request.user)
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware


ViewerTimeZoneMiddleware.sync_capable = True
ViewerTimeZoneMiddleware.async_capable = True
