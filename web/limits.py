"""The pages' side of the rate limits (`wildcards.throttling`): the log-in, sign-up and
password-reset forms count in the API's windows, per address (one limit for the form and the
endpoint), and a refusal is a page: 429 with how long to wait, or 503 while the limits cannot
be counted (Redis down), both with `Retry-After`."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.deprecation import MiddlewareMixin

from wildcards.overload import RETRY_AFTER, SENTENCE, pool_exhausted
from wildcards.throttling import LimitsUnavailable, count_request

WHAT = {"signup": "sign-ups", "token": "log-ins", "password-reset": "password resets"}


def refused(request: HttpRequest, status: int, detail: str, retry_after: float) -> HttpResponse:
    response = render(request, "web/refused.html", {"detail": detail}, status=status)
    response["Retry-After"] = str(math.ceil(retry_after))
    return response


def limited(scope: str) -> Callable:
    """A view whose POSTs count in `scope`'s window, per address, before the view runs."""

    def wrap(view: Callable) -> Callable:
        @functools.wraps(view)
        def limited_view(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method == "POST":
                wait = count_request(request, scope)
                if wait is not None:
                    minutes = max(1, math.ceil(wait / 60))
                    return refused(request, 429, f"Too many {WHAT[scope]} from your address "
                                   f"lately. Try again in {minutes} minute"
                                   f"{'s' if minutes > 1 else ''}.", wait)
            return view(request, *args, **kwargs)

        return limited_view

    return wrap


class LimitsUnavailableMiddleware(MiddlewareMixin):
    """A page that needed a limit Redis could not count (a log-in, a sign-up, a password asked
    again), or that waited too long for a database connection (every one of the process busy):
    503 with the sentence and Retry-After, rather than a 500."""

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, LimitsUnavailable):
            return refused(request, 503, exception.sentence, exception.retry_after)
        if pool_exhausted(exception):  # every database connection busy for too long
            return refused(request, 503, SENTENCE, RETRY_AFTER)
        return None
