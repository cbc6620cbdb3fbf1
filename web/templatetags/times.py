"""`{{ row.deadline|deadline }}` and `{{ row.deadline|iso_utc }}` in Django templates: the same
text as the table's live part (web/times.py)."""

from __future__ import annotations

from django import template

from web import times

register = template.Library()


@register.filter
def deadline(value) -> str:
    return times.deadline_text(value)


@register.filter
def iso_utc(value) -> str:
    return times.iso_utc(value)
