"""When an email may reach a person: their time zone and quiet hours.

Quiet hours are two local times; the end may come before the start (22:00-08:00 spans
midnight). Every computation is done in the person's zone with `zoneinfo`, so a daylight-saving
change moves the quiet hours with the clock on the wall: 22:00 stays 22:00 local, whatever
the UTC offset that night.
"""

from __future__ import annotations

import functools
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

# "The last moment before they begin": a reminder goes this long before the quiet hours start,
# so that it arrives before them.
BEFORE_QUIET = timedelta(minutes=1)


@functools.cache
def zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The zone of an IANA name; UTC for a name this system does not know (an account's zone
    was checked when it was set, but a system's zone database may lose a name)."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


@dataclass(frozen=True)
class Quiet:
    """A person's quiet hours in their zone; `start`/`end` None: none."""

    zone: zoneinfo.ZoneInfo
    start: time | None = None
    end: time | None = None

    @classmethod
    def of(cls, preference) -> Quiet:
        return cls(zone(preference.time_zone), preference.quiet_hours_start,
                   preference.quiet_hours_end)

    @property
    def none(self) -> bool:
        return self.start is None or self.end is None or self.start == self.end

    def _at(self, day: date, moment: time) -> datetime:
        """`moment` on local `day`, in UTC. A local time that does not exist (skipped by a
        spring-forward change) is read with the offset before the change, as PEP 495 does."""
        return datetime.combine(day, moment, tzinfo=self.zone).astimezone(UTC)

    def _spans(self, around: datetime) -> list[tuple[datetime, datetime]]:
        """The quiet spans (start, end) in UTC that begin on the local days around `around`."""
        local_day = around.astimezone(self.zone).date()
        spans = []
        for offset in (-1, 0, 1):
            day = local_day + timedelta(days=offset)
            start = self._at(day, self.start)
            end_day = day if self.end > self.start else day + timedelta(days=1)
            spans.append((start, self._at(end_day, self.end)))
        return spans

    def span_at(self, moment: datetime) -> tuple[datetime, datetime] | None:
        """The quiet span `moment` falls in, or None."""
        if self.none:
            return None
        for start, end in self._spans(moment):
            if start <= moment < end:
                return start, end
        return None

    def is_quiet(self, moment: datetime) -> bool:
        return self.span_at(moment) is not None

    def allowed_from(self, moment: datetime) -> datetime:
        """`moment`, or the end of the quiet hours it falls in."""
        span = self.span_at(moment)
        return moment if span is None else span[1]

    def reminder_at(self, start: datetime, halfway: datetime, deadline: datetime) -> datetime:
        """When the halfway reminder of a turn from `start` to `deadline` goes. At the halfway
        point; if that falls in quiet hours, at the last moment before they begin, or, when
        that moment is before the turn began, as they end; if that would be after the deadline,
        at the halfway point after all."""
        span = self.span_at(halfway)
        if span is None:
            return halfway
        before = span[0] - BEFORE_QUIET
        if before >= start:
            return before
        if span[1] < deadline:
            return span[1]
        return halfway


def parse_hhmm(value: str) -> time:
    """"22:00" -> time(22, 0); ValueError for anything else ("24:00", "7:5", "22:00:00")."""
    if not isinstance(value, str) or len(value) != 5 or value[2] != ":":
        raise ValueError("a time is written HH:MM, for example 22:00")
    hours, minutes = value[:2], value[3:]
    if not (hours.isascii() and hours.isdigit() and minutes.isascii() and minutes.isdigit()):
        raise ValueError("a time is written HH:MM, for example 22:00")
    if int(hours) > 23 or int(minutes) > 59:
        raise ValueError("a time is between 00:00 and 23:59")
    return time(int(hours), int(minutes))


def hhmm(value: time | None) -> str | None:
    return None if value is None else value.strftime("%H:%M")
