"""Every API error is JSON `{"code", "detail"}` with the right status, never an HTML page:
with DEBUG on as well (`ApiErrorsMiddleware`), and for a Host the site does not serve."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    DisallowedHost,
    RequestDataTooBig,
    SuspiciousOperation,
)
from django.http import Http404, HttpRequest, HttpResponseBadRequest, JsonResponse
from django.template import TemplateDoesNotExist
from django.template.response import TemplateResponse
from django.utils.log import log_response
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from wildcards.numbers import BadNumber
from wildcards.overload import RETRY_AFTER, busy_body, pool_exhausted
from wildcards.throttling import LimitsUnavailable


class ApiError(exceptions.APIException):
    """An error with the status and JSON body its app chose: each app maps its own errors (in
    its own words) to this, so this module knows none of them."""

    def __init__(self, status: int, body: dict) -> None:
        super().__init__(body.get("detail"))
        self.status_code, self.body = status, body

CODES = {
    exceptions.ParseError: "parse-error",
    exceptions.AuthenticationFailed: "not-authenticated",
    exceptions.NotAuthenticated: "not-authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not-found",
    exceptions.MethodNotAllowed: "method-not-allowed",
    exceptions.NotAcceptable: "not-acceptable",
    exceptions.UnsupportedMediaType: "unsupported-media-type",
    exceptions.Throttled: "throttled",
}


def limits_unavailable_body(exc: LimitsUnavailable) -> dict:
    return {"code": exc.code, "detail": exc.sentence, "retry_after": exc.retry_after}


def bad_number_body(exc: BadNumber) -> dict:
    return {"code": "invalid", "detail": exc.detail, "fields": {exc.name: [exc.detail]}}


TOO_LARGE = {"code": "too-large",
             "detail": "The request body is larger than the server accepts (2.5 MB)."}


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, ApiError):
        return Response(exc.body, status=exc.status_code)
    if isinstance(exc, BadNumber):  # a query parameter or a header (wildcards.numbers)
        return Response(bad_number_body(exc), status=400)
    if isinstance(exc, LimitsUnavailable):  # Redis down: log-in, sign-up refused for now
        return Response(limits_unavailable_body(exc), status=503,
                        headers={"Retry-After": str(exc.retry_after)})
    if pool_exhausted(exc):  # every database connection busy for too long: not a fault
        return Response(busy_body(), status=503, headers={"Retry-After": str(RETRY_AFTER)})
    if isinstance(exc, RequestDataTooBig):  # Django's own limit, met while DRF reads the body
        return Response(TOO_LARGE, status=413)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a real fault: Django's handler500 answers (JSON for /api/)
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": "invalid", "detail": _first_message(exc.detail),
                         "fields": response.data}
        return response
    # An exception class may name its own code (`api_code`), one of these kinds or not.
    code = getattr(exc, "api_code", None) or next(
        (code for kind, code in CODES.items() if isinstance(exc, kind)), "error")
    body = {"code": code, "detail": str(getattr(exc, "detail", exc))}
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        body["retry_after"] = int(exc.wait)
    response.data = body
    return response


def _first_message(detail, path: str = "") -> str:
    """A sentence for people from DRF's nested validation errors: the first one, with its
    field's name."""
    if isinstance(detail, dict):
        for name, value in detail.items():
            if name == "non_field_errors":  # about the object at `path` as a whole
                return _first_message(value, path)
            return _first_message(value, f"{path}.{name}" if path else name)
    if isinstance(detail, list) and detail:
        return _first_message(detail[0], path)
    return f"{path}: {detail}" if path else str(detail)


def bad_request(request: HttpRequest, exception: Exception | None = None):
    """Django's answer to a request it cannot take (a body over the size limit read outside a
    DRF view, a forged host): JSON under /api/ as well."""
    if request.path.startswith("/api/"):
        if isinstance(exception, RequestDataTooBig):
            return JsonResponse(TOO_LARGE, status=413)
        if isinstance(exception, BadNumber):
            return JsonResponse(bad_number_body(exception), status=400)
        return JsonResponse({"code": "bad-request", "detail": "The request cannot be read."},
                            status=400)
    if isinstance(exception, BadNumber):  # a page's own 400 (web/bad_request.html)
        try:
            return TemplateResponse(request, "web/bad_request.html",
                                    {"detail": exception.detail}, status=400).render()
        except TemplateDoesNotExist:
            pass
    from django.views.defaults import bad_request as html_bad_request

    return html_bad_request(request, exception)


def not_found(request: HttpRequest, exception: Exception | None = None):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not-found", "detail": "Nothing is at this address."},
                            status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def server_error(request: HttpRequest):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "server-error",
                             "detail": "Something went wrong on our side; it has been logged."},
                            status=500)
    from django.views.defaults import server_error as html_server_error

    return html_server_error(request)


BAD_HOST = {"code": "bad-request",
            "detail": "This server does not answer for that host name."}


class ApiErrorsMiddleware:
    """Second only to the request log. A `Host` the site does not serve (ALLOWED_HOSTS) is
    answered 400 here, quietly: a scanner's request is no error of ours (its line in the
    request log says enough), and Django would log it as an ERROR with a traceback. Under
    /api/ the answer is JSON, and so is a view's unhandled exception with DEBUG on (Django's
    debug page is HTML; with DEBUG off `handler500` answers JSON already)."""

    sync_capable = async_capable = True

    def __init__(self, get_response) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest):
        if self.async_mode:
            return self._acall(request)
        return self._bad_host(request) or self.get_response(request)

    async def _acall(self, request: HttpRequest):
        return self._bad_host(request) or await self.get_response(request)

    @staticmethod
    def _bad_host(request: HttpRequest):
        try:
            request.get_host()
        except DisallowedHost:
            if request.path.startswith("/api/"):
                return JsonResponse(BAD_HOST, status=400)
            return HttpResponseBadRequest("Bad Request (400): unknown host name.",
                                          content_type="text/plain; charset=utf-8")
        return None

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not (settings.DEBUG and request.path.startswith("/api/")):
            return None  # Django's handling: handler500 (JSON under /api/), or the debug page
        if isinstance(exception, Http404):
            return not_found(request, exception)
        if isinstance(exception, (BadRequest, SuspiciousOperation)):
            return bad_request(request, exception)
        response = server_error(request)
        # As Django logs it (and marks it logged, so that it is not logged again).
        log_response("%s: %s", response.reason_phrase, request.path, response=response,
                     request=request, exception=exception)
        return response
