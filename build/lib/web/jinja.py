"""The Jinja2 environment of the table's live part (`web/jinja2/`).

The live part is drawn after every move by every viewer and polled while the page is open; in
Django's template language it was half the page's cost (bench/page.py, docs/benchmarks.md), in
Jinja2 it is a fraction. The other pages stay in Django templates.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from jinja2 import Environment

from .templatetags.cards import card, card_backs, card_name, color_name, color_symbol

COLORS = ("red", "yellow", "green", "blue")


def pluralize(count: int) -> str:
    return "" if count == 1 else "s"


def form_field(field) -> str:
    """A form field drawn by the site's one field template (`web/_field.html`)."""
    return render_to_string("web/_field.html", {"field": field})


def environment(**options) -> Environment:
    env = Environment(**options)
    env.globals.update({"card": card, "card_backs": card_backs, "url": reverse,
                        "form_field": form_field, "COLORS": COLORS})
    env.filters.update({"card_name": card_name, "color_name": color_name,
                        "color_symbol": color_symbol, "pluralize": pluralize})
    return env
