"""Vacation days, banked and spent (issue 27). Plain arithmetic on a `Vacation` row, no query.

- Accrual: each whole calendar month since the account was made adds a twelfth of
  `WILDCARDS_VACATION_DAYS_PER_YEAR` (14: 1.1667 days a month); the bank holds a year's worth
  at most, what would go over it is not banked. A new account has nothing banked yet.
- Spending: by the day, each started day counting: a vacation of 25 hours spends 2 days. Its
  days are taken from the bank when it ends (its `until` passes, the player ends it or moves);
  while it lasts, `days_left` already counts the days it has started.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from decimal import Decimal

from django.conf import settings

from games.models import Vacation

DAY = timedelta(days=1)


def per_year() -> Decimal:
    return Decimal(settings.WILDCARDS_VACATION_DAYS_PER_YEAR)


def whole_months(since: datetime, now: datetime) -> int:
    """Calendar months from `since` to `now`, the last one counted once it is complete."""
    months = (now.year - since.year) * 12 + now.month - since.month
    if (now.day, now.time()) < (since.day, since.time()):
        months -= 1
    return max(months, 0)


def credit(row: Vacation, joined: datetime, now: datetime) -> None:
    """Add the months completed since the row was last credited (capped at a year's days)."""
    months = whole_months(joined, now)
    if months > row.months_counted:
        earned = per_year() * (months - row.months_counted) / 12
        row.banked = min(per_year(), Decimal(row.banked) + earned).quantize(Decimal("0.0001"))
        row.months_counted = months


def days_started(start: datetime | None, end: datetime | None) -> int:
    """The days a vacation from `start` to `end` spends: each started day."""
    if start is None or end is None or end <= start:
        return 0
    return math.ceil((end - start) / DAY)


def settle(row: Vacation, now: datetime, *, ending: bool = False) -> None:
    """A vacation over by `now` (or, `ending`, ended now) takes its days from the bank and is
    cleared."""
    if row.until is None:
        return
    if ending or row.until <= now:
        row.banked = max(Decimal(0), Decimal(row.banked)
                         - days_started(row.started_at, min(row.until, now)))
        row.started_at = row.until = None


def days_left(row: Vacation, now: datetime) -> Decimal:
    """The bank less the days the vacation going on has started (after `credit`, `settle`)."""
    spent = days_started(row.started_at, min(row.until, now)) if row.until else 0
    return max(Decimal(0), Decimal(row.banked) - spent)


def shown_days(days: Decimal) -> float:
    return float(Decimal(days).quantize(Decimal("0.01")))
