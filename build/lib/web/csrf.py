"""One form token per response, for both template engines of a page.

Django masks the token anew each time it is asked for (32 random draws, a quarter of the table
page's outer template): the table page asks once for its layout and once for its live part.
"""

from __future__ import annotations

from django.middleware.csrf import get_token
from django.utils.functional import SimpleLazyObject
from django.utils.html import format_html

_MASKED = "wildcards.csrf_masked"  # where the response's token is kept, in request.META


def form_token(request) -> str:
    token = request.META.get(_MASKED)
    if token is None:
        token = request.META[_MASKED] = get_token(request)
    return token


def for_django_templates(request) -> dict:
    """Context processor (Django templates): `csrf_token`, worked out when first used."""
    return {"csrf_token": SimpleLazyObject(lambda: form_token(request))}


def for_jinja(request) -> dict:
    """Context processor (Jinja2): `csrf_input`, the hidden field, worked out once."""
    return {"csrf_input": format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', form_token(request))}
