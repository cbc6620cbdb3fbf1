"""Deadlines: the halfway reminders, the expiry of turns, and seats whose players went away.

`sweep(now)` is the periodic pass (Celery beat every few seconds, or `manage.py
sweep_deadlines`); `expire(table_id, version, now)` is the precise one, an ETA task at a
real-time turn's deadline. Both are safe to run twice and side by side:
- a reminder is claimed with a conditional update of its round (`remind_at` back to NULL only
  if it is still the value read) and the notice row has a unique key;
- an expiry locks the table row (a table another sweep holds is skipped, not waited for),
  checks that the deadline it was due for is still the round's, and plays through the
  services' `_move`, which moves the deadline on.
A table that fails is logged and its deadline pushed forward a minute: the others go on.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction

from games.rules import Move, timeout_move
from games.rules.state import NONE, PLAYING
from notifications.outbox import queue_reminder

from . import services
from .models import Move as MoveRow
from .models import Round, Seat, Table
from .persistence import Game, load

log = logging.getLogger(__name__)

BATCH = 100
MOST_PER_PASS = 2000  # tables one pass expires at most; the next pass (seconds later) goes on
RETRY_AFTER = timedelta(minutes=1)  # a table whose expiry failed is tried again then
TIMEOUTS_TO_BOT = 3  # real time: the third timeout hands the seat to a bot


def sweep(now: datetime) -> dict:
    """One pass over everything due at `now`. Returns counts of what it did."""
    counts = {"reminders": 0, "expired": 0, "failed": 0, "away": 0}
    counts["reminders"] = send_reminders(now)
    counts["expired"], counts["failed"] = expire_due(now)
    counts["away"] = mark_away(now)
    return counts


# --------------------------------------------------------------------------- reminders
def send_reminders(now: datetime) -> int:
    sent = 0
    # Only the current round of a game being played has a reminder or a deadline set (an
    # ended round and a finished game clear theirs), so the partial indexes alone find the due
    # rows: no join to the tables, whose number does not matter.
    due = list(Round.objects.filter(remind_at__lte=now)
               .order_by("remind_at").values_list("pk", "remind_at")[:BATCH * 10])
    for round_id, remind_at in due:
        try:
            with transaction.atomic():
                claimed = Round.objects.filter(pk=round_id, remind_at=remind_at).update(
                    remind_at=None)
                if claimed != 1:
                    continue  # another sweep has it, or a move changed the turn
                round_row = Round.objects.select_related("table").get(pk=round_id)
                table = round_row.table
                if (table.current_round_id != round_id or round_row.deadline_at is None
                        or table.mode != Table.Mode.TURN):
                    continue
                seat = (Seat.objects.filter(table=table, number=round_row.turn)
                        .select_related("user").first())
                if seat is None or seat.user_id is None or seat.state != Seat.State.PLAYING:
                    continue  # bots and seats that left get no email
                if queue_reminder(seat.user, table, round_number=round_row.number,
                                  deadline_at=round_row.deadline_at) is not None:
                    sent += 1
        except Exception:
            log.exception("reminder of round %s failed", round_id)
    return sent


# ---------------------------------------------------------------------------- expiries
def expire_due(now: datetime) -> tuple[int, int]:
    """Apply every deadline due at `now`, one table per transaction. Returns (expired,
    failed)."""
    expired = failed = 0
    seen: set[int] = set()
    while len(seen) < MOST_PER_PASS:
        due = list(
            Round.objects.filter(deadline_at__lte=now)  # see send_reminders
            .exclude(table_id__in=seen).order_by("deadline_at")
            .values_list("table_id", "deadline_at")[:BATCH])
        if not due:
            break
        for table_id, deadline in due:
            seen.add(table_id)
            try:
                if _expire_table(table_id, deadline, now):
                    expired += 1
            except Exception:
                failed += 1
                log.exception("expiry at table %s failed; trying again in a minute", table_id)
                Round.objects.filter(table_id=table_id, deadline_at=deadline).update(
                    deadline_at=now + RETRY_AFTER)
    return expired, failed


def _expire_table(table_id: int, deadline: datetime | None, now: datetime,
                  version: int | None = None) -> bool:
    """Expire the current turn of a table if it is still the one due (`deadline` as read, or
    any due deadline when None; `version` when the caller was made for one)."""
    with transaction.atomic():
        # Skip a table somebody holds (another sweep, a move): it is theirs; if the turn is
        # still due afterwards, the next sweep sees it.
        if not Table.objects.select_for_update(skip_locked=True).filter(pk=table_id).exists():
            return False
        game = load(table_id, lock=True)
        if version is not None and game.table.version != version:
            return False
        r = game.round
        if (game.table.status != Table.Status.PLAYING or game.state is None
                or game.state.status != PLAYING or r is None or r.deadline_at is None
                or r.deadline_at > now or (deadline is not None and r.deadline_at != deadline)):
            return False
        apply_expiry(game, now)
        services._after_commit(game)
        return True


def expire(table_id: int, version: int, now: datetime) -> bool:
    """The ETA task's pass: only if the table is still at `version` and its turn is due."""
    if not Table.objects.filter(pk=table_id, version=version,
                                current_round__deadline_at__lte=now).exists():
        return False
    return _expire_table(table_id, None, now, version=version)


def apply_expiry(game: Game, now: datetime) -> None:
    """The seat whose turn it is ran out of time (the table is locked)."""
    table, state = game.table, game.state
    seat = game.seats[state.turn]
    if services.bot_plays(seat):  # its bot task got lost: play the turn now
        _timeout_turn(game, seat, now, MoveRow.By.BOT)
    elif table.mode == Table.Mode.TURN and table.on_expiry == Table.OnExpiry.LEAVE:
        _checked(services._move(game, seat, Move("concede"), None, by=MoveRow.By.TIMER,
                                view=False, now=now))
    else:
        _timeout_turn(game, seat, now, MoveRow.By.TIMER)
        if table.mode == Table.Mode.REALTIME:
            seat.timeouts += 1
            fields = ["timeouts"]
            if seat.timeouts >= TIMEOUTS_TO_BOT and seat.state == Seat.State.PLAYING:
                seat.state, seat.bot_level = Seat.State.BOT, seat.bot_level or "normal"
                fields += ["state", "bot_level"]
            seat.save(update_fields=fields)


def _timeout_turn(game: Game, seat: Seat, now: datetime, by: str) -> None:
    """The whole turn of the seat, move by move (as `games.rules.timeout_turn`): after a
    starter color chosen or a card drawn that must be played, the same turn goes on."""
    number, round_number = seat.number, game.state.round_number
    while True:
        state = game.state
        choosing = state.color == NONE
        _checked(services._move(game, seat, timeout_move(state), None, by=by, view=False,
                                now=now))
        after = game.state
        if (after.status != PLAYING or after.round_number != round_number
                or after.turn != number):
            return
        if not choosing and after.drawn == NONE:
            return


def _checked(answer: services.Answer) -> None:
    if answer.status != 200:  # the timeout move is legal by construction
        raise RuntimeError(f"timer move refused: {answer.body}")


# ------------------------------------------------------------------------------ away
def mark_away(now: datetime) -> int:
    """Real-time seats not seen for two minutes: a bot plays for them until they return."""
    tables = set(Seat.objects.filter(
        table__mode=Table.Mode.REALTIME, table__status=Table.Status.PLAYING,
        state=Seat.State.PLAYING, user__isnull=False,
        last_seen_at__lt=now - services.AWAY_AFTER,
    ).values_list("table_id", flat=True)[:BATCH * 10])
    gone = 0
    for table_id in sorted(tables):
        try:
            gone += services.mark_away(table_id, now)
        except Exception:
            log.exception("marking seats away at table %s failed", table_id)
    return gone
