"""Moments on the pages: a turn's deadline as a person reads it, in the viewer's active time
zone (Django's; a middleware may activate each viewer's own), with the zone's abbreviation.
The pages show this text; their countdown script turns it into the time left, and without
JavaScript it stays a time a person can read — never an ISO timestamp."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils import dateformat, timezone
from django.utils.dateparse import parse_datetime

DAY_FORMAT = "D j M, H:i T"  # "Sat 5 Dec, 15:58 UTC": a turn of hours or days
SECOND_FORMAT = "H:i:s T"  # "15:58:27 UTC": a real-time turn of seconds


def moment(value: datetime | str | None) -> datetime | None:
    """A datetime, from one or from the ISO text the views carry (`round.deadline`)."""
    if value is None or isinstance(value, datetime):
        return value
    return parse_datetime(value)


def deadline_text(value: datetime | str | None, *, seconds: bool = False) -> str:
    """"until Sat 5 Dec, 15:58 UTC" in the active time zone; "" without a deadline."""
    when = moment(value)
    if when is None:
        return ""
    shown = timezone.localtime(when) if timezone.is_aware(when) else when
    return "until " + dateformat.format(shown, SECOND_FORMAT if seconds else DAY_FORMAT)


def iso_utc(value: datetime | str | None) -> str:
    """The `datetime` attribute of a <time> element: what the countdown script reads."""
    when = moment(value)
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if when else ""
