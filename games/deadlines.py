"""The clock's periodic pass: halfway reminders, turns that ran out, standing orders whose
task was lost, seats whose players went away, vacations whose end has come.

`sweep(now)` runs every few seconds (Celery beat, or `manage.py sweep_deadlines`). It only
finds what is due; the changes themselves are the service layer's. Its cost follows the rows
that are due, whatever the number of tables, and it takes them many at a time:
- reminders, `REMINDERS_AT_ONCE` to a transaction (`reminders.remind_due`): one statement
  claims them, one reads their rounds and seats, one writes their emails;
- expiries, `TABLES_AT_ONCE` tables to a transaction (`expiry.expire_due_tables`): one
  statement claims and locks them, two load them, then one batch of writes per table and one
  statement for the emails of all.
It is safe to run twice and side by side: a claim skips the rows another transaction holds,
an expiry checks that the deadline it was due for is still the round's, and a notice row has a
unique key. A group that fails changes nothing and is done again one row at a time, the old
way: a reminder claimed alone with a conditional update, a table expired alone
(`play.expire_turn`); a table that fails then is logged and its deadline pushed forward a
minute, so the others go on.

Standing orders whose task was lost are claimed with a conditional update of their seat
(`orders.act_on_due`); a turn due while its player is on vacation at a table that allows it does
not expire, its deadline moves past the vacation (`vacations.waits_for_vacation`, in both ways of
expiring); vacations whose end has come are settled (`vacations.end_lapsed`).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from games.service import expiry, orders, play, presence, reminders, vacations
from games.service.clock import AWAY_AFTER
from games.storage import due, writes

log = logging.getLogger(__name__)

REMINDERS_AT_ONCE = 500
MOST_REMINDER_GROUPS = 10  # a pass's most; the next pass (seconds later) goes on
TABLES_AT_ONCE = 100
MOST_PER_PASS = 2000  # tables one pass expires at most; the next pass (seconds later) goes on
RETRY_AFTER = timedelta(minutes=1)  # a table whose expiry failed is tried again then
AWAY_AT_ONCE = 1000


def sweep(now: datetime) -> dict:
    """One pass over everything due at `now`. Returns counts of what it did."""
    counts = {"reminders": send_reminders(now)}
    counts["expired"], counts["failed"] = expire_due(now)
    counts["orders"], counts["orders_failed"] = orders.act_on_due(now)
    counts["away"] = mark_away(now)
    counts["vacations"] = end_vacations(now)
    return counts


def send_reminders(now: datetime) -> int:
    """The reminders due at `now`, a group at a time, until none is left. Returns how many
    emails were queued."""
    sent = 0
    for _ in range(MOST_REMINDER_GROUPS):
        try:
            claimed, queued = reminders.remind_due(now, REMINDERS_AT_ONCE)
        except Exception:
            log.exception("a group of reminders failed; sending them one at a time")
            return sent + _remind_one_at_a_time(now)
        sent += queued
        if claimed < REMINDERS_AT_ONCE:
            break
    return sent


def _remind_one_at_a_time(now: datetime) -> int:
    sent = 0
    for round_id, remind_at in due.due_reminders(now, REMINDERS_AT_ONCE):
        try:
            sent += reminders.remind(round_id, remind_at)
        except Exception:
            log.exception("reminder of round %s failed", round_id)
    return sent


def expire_due(now: datetime) -> tuple[int, int]:
    """Apply every deadline due at `now`, a group of tables at a time (at most MOST_PER_PASS
    tables). Returns (expired, failed)."""
    expired = failed = 0
    seen: set[int] = set()
    while len(seen) < MOST_PER_PASS:
        try:
            claimed, done = expiry.expire_due_tables(now, TABLES_AT_ONCE, seen)
        except Exception:
            log.exception("a group of expiries failed; expiring its tables one at a time")
            tried, done, bad = _expire_one_at_a_time(now, seen)
            if not tried:
                break
            seen |= tried
            expired, failed = expired + done, failed + bad
            continue
        if not claimed:
            break
        seen.update(claimed)
        expired += done
    return expired, failed


def _expire_one_at_a_time(now: datetime, seen: set[int]) -> tuple[set[int], int, int]:
    """A group's worth of due tables, each in a transaction of its own. Returns (the tables
    tried, expired, failed)."""
    tried: set[int] = set()
    expired = failed = 0
    for table_id, deadline in due.due_deadlines(now, seen, TABLES_AT_ONCE):
        tried.add(table_id)
        try:
            expired += play.expire_turn(table_id, now, due=deadline)
        except Exception:
            failed += 1
            log.exception("expiry at table %s failed; trying again in a minute", table_id)
            writes.postpone_deadline(table_id, deadline, now + RETRY_AFTER)
    return tried, expired, failed


def expire(table_id: int, version: int, now: datetime) -> bool:
    """The ETA task's pass: only if the table is still at `version` and its turn is due."""
    if not due.turn_is_due(table_id, version, now):
        return False
    return play.expire_turn(table_id, now, version=version)


def end_vacations(now: datetime) -> int:
    """Vacations whose end has come: settled, and their tables' viewers told."""
    try:
        return vacations.end_lapsed(now)
    except Exception:
        log.exception("ending vacations failed")
        return 0


def mark_away(now: datetime) -> int:
    """Real-time seats not seen for two minutes: a bot plays for them until they return."""
    gone = 0
    for table_id in due.tables_with_seats_unseen_since(now - AWAY_AFTER, AWAY_AT_ONCE):
        try:
            gone += presence.mark_away(table_id, now)
        except Exception:
            log.exception("marking seats away at table %s failed", table_id)
    return gone
