"""Vacation (issue 27): a person away for days keeps their seats. While they are on vacation,
their turns at the turn-by-turn tables that allow it (`clock.allows_vacation`) have no deadline
before the vacation ends: such a turn is due a whole turn after the end of the vacation, its
reminder halfway through that turn. Tables that do not allow it keep the rule book's deadlines.

Each change is one transaction: the account's row locked, then each table where its turns may
wait (by id, each locked as every writer locks it), its version bumped so that every viewer
sees "on vacation until …" come or go, and a turn of theirs given its new deadline. The bank
of days is `vacation_bank`'s.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Vacation
from games.rules.state import PLAYING
from games.storage import vacations as stored
from games.storage import writes
from games.storage.reads import Game
from wildcards import after_response

from . import effects
from .clock import allows_vacation, deadline_for
from .errors import GameError
from .shown import iso
from .tables import locked
from .vacation_bank import credit, days_left, days_started, settle, shown_days


def vacation_of(user, now: datetime | None = None) -> dict:
    """`{"until", "days_left"}` of the account (reads only: what is due is counted, not
    written)."""
    now = now or timezone.now()
    row = stored.vacation_row(user, lock=False) or Vacation(user=user)
    credit(row, user.date_joined, now)
    settle(row, now)
    return _answer(row, now)


def _answer(row: Vacation, now: datetime) -> dict:
    return {"until": iso(row.until), "days_left": shown_days(days_left(row, now))}


def set_vacation(user, until: datetime, now: datetime | None = None) -> dict:
    """Start a vacation until `until`, or move the end of the one going on (it keeps its
    start). Refused: an end not after now (`vacation-in-the-past`), more days than banked
    (`not-enough-vacation-days`)."""
    now = now or timezone.now()
    if until <= now:
        raise GameError("vacation-in-the-past", "The end of a vacation must be in the future.",
                        field="until")
    with transaction.atomic():
        row = stored.locked_vacation_row(user)
        credit(row, user.date_joined, now)
        settle(row, now)
        start = row.started_at or now
        needed = days_started(start, until)
        if needed > row.banked:
            raise GameError(
                "not-enough-vacation-days",
                f"That vacation takes {needed} day{'s' if needed != 1 else ''} (each started "
                f"day counts); you have {shown_days(row.banked)} banked.", field="until")
        row.started_at, row.until = start, until
        stored.save_vacation(row)
        follow(user, now)
        return _answer(row, now)


def end_vacation(user, now: datetime | None = None) -> dict:
    """End the vacation going on now (its started days are spent); nothing to end is fine."""
    now = now or timezone.now()
    with transaction.atomic():
        row = stored.locked_vacation_row(user)
        credit(row, user.date_joined, now)
        was_on = row.until is not None and row.until > now
        settle(row, now, ending=True)
        stored.save_vacation(row)
        if was_on:
            follow(user, now)
        return _answer(row, now)


def ended_by_move(game: Game, user, now: datetime) -> None:
    """A move of the user's own (not a standing order's) ends their vacation, in the move's
    transaction: the row at once (no query unless they are on vacation: read with the seats),
    their other tables right after the commit, each in its own transaction (the moving
    table's lock is held now, and tables are locked in order of id)."""
    seat = game.seat_of(user)
    if seat is None:
        return
    row = stored.vacation_of_seat(seat)
    if row is None or row.until is None or row.until <= now:
        return
    row = stored.locked_vacation_row(user)
    settle(row, now, ending=True)
    stored.save_vacation(row)
    stored.remember(seat, row)
    game.vacations = None
    state = game.state
    if (allows_vacation(game.table) and state is not None and state.status == PLAYING
            and state.turn == seat.number and game.round.deadline_at is not None):
        # Still their turn (a card drawn to play, a turn come back to them): from now on.
        stored.move_deadline(game, *deadline_for(game, seat.number, now,
                                                 effects.bot_delay(game)))
    transaction.on_commit(lambda: after_response.soon(lambda: follow_now(user)), robust=True)


def follow_now(user) -> None:
    with transaction.atomic():
        follow(user, timezone.now())


def follow(user, now: datetime, *, deadlines: bool = True) -> None:
    """Every table being played that allows vacation and seats the user, after a change of
    their vacation: a new version (what everyone sees changed) and, if it is their turn (and
    `deadlines`), the turn's deadline from the vacation's new end (or from now, with none)."""
    for table_id in stored.vacation_tables(user):
        game = locked(table_id)
        if not allows_vacation(game.table) or game.state is None:
            continue
        seat = game.seat_of(user)
        if seat is None:
            continue
        if (deadlines and game.state.turn == seat.number and not seat.played_by_bot
                and game.round.deadline_at is not None):
            stored.move_deadline(game, *deadline_for(game, seat.number, now,
                                                     effects.bot_delay(game)))
        writes.bump(game)
        effects.next_turn_follows(game)


def end_lapsed(now: datetime, limit: int = 500) -> int:
    """The sweep's pass: each vacation whose end has come takes its days from the bank, and
    its tables are told (their state no longer lists the player), one transaction each. The
    turns' deadlines were set from that end already. Returns how many ended."""
    ended = 0
    for found in stored.lapsed(now, limit):
        with transaction.atomic():
            row = stored.locked_vacation_row(found.user)
            if row.until is None or row.until > now:
                continue  # moved or ended meanwhile
            settle(row, now)
            stored.save_vacation(row)
            follow(found.user, now, deadlines=False)
            ended += 1
    return ended


def waits_for_vacation(game: Game, now: datetime) -> bool:
    """For the sweep, under the table's lock: whether the turn due now is a person's who is on
    vacation at a table that allows it. If so its deadline moves to a whole turn after the
    vacation (a deadline set before the vacation began), and the turn does not expire."""
    if not allows_vacation(game.table) or game.state is None:
        return False
    seat = game.seats[game.state.turn]
    if seat.played_by_bot or seat.user_id is None:
        return False
    if seat.user_id not in stored.away_until(game, now):
        return False
    stored.move_deadline(game, *deadline_for(game, seat.number, now, effects.bot_delay(game)))
    writes.bump(game)
    effects.next_turn_follows(game)
    return True


def seats_away(game: Game, now: datetime | None = None) -> dict[int, datetime]:
    """{seat number: end of vacation} of the seats whose players are on vacation, at a table
    that allows it (no query: read with the seats)."""
    if not allows_vacation(game.table):
        return {}
    away = stored.away_until(game, now or timezone.now())
    return {seat.number: away[seat.user_id] for seat in game.seats if seat.user_id in away}
