"""Pausing a table (issue 27): at a turn-by-turn table that allows vacation, the people seated
may agree to stop the clock. `pause` proposes a pause, or accepts the one proposed; once every
person who plays their own seat has accepted (bots, and people whose seat a bot plays, have no
vote), the table is paused: its turn has no deadline (the sweep and the reminders pass it by),
no bot or standing order moves, and moves are refused (`paused`) but for a concession. A move
made while a pause is only proposed leaves the proposal standing. `resume`, by anyone seated,
ends the pause: the player to move gets a whole turn from then.

Each is one transaction on the locked table, and bumps its version (the state shows `paused`
and `pause_votes`), so every viewer's stream hears of it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Seat, Table
from games.rules.state import PLAYING
from games.storage import vacations as stored
from games.storage import writes
from games.storage.reads import Game

from . import effects
from .clock import allows_vacation, deadline_for
from .errors import GameError, not_seated
from .shown import state_view
from .tables import locked


def voters(game: Game) -> list[Seat]:
    """The seats whose people decide a pause: a person's seat that its person plays."""
    return [seat for seat in game.seats
            if seat.user_id is not None and seat.state == Seat.State.PLAYING]


def _seated(game: Game, user) -> Seat:
    seat = game.seat_of(user)
    if seat is None or seat.state == Seat.State.LEFT:
        raise not_seated()
    if not allows_vacation(game.table):
        raise GameError("pause-not-allowed", "Only a turn-by-turn table that allows vacation "
                        "and pause may be paused: its host chose not to.")
    if (game.table.status != Table.Status.PLAYING or game.state is None
            or game.state.status != PLAYING):
        raise GameError("game-not-playing", "The game is not being played.")
    return seat


def pause(table_id: int, user) -> dict:
    """Propose a pause, or accept the one proposed; the caller's state. Accepting twice is
    fine (nothing changes the second time)."""
    with transaction.atomic():
        game = locked(table_id)
        seat = _seated(game, user)
        table = game.table
        if table.paused:
            raise GameError("already-paused", "The table is paused already.")
        if seat.number not in table.pause_votes:
            table.pause_votes = sorted([*table.pause_votes, seat.number])
            if all(each.number in table.pause_votes for each in voters(game)):
                table.paused = True
                stored.move_deadline(game, None, None)
            writes.bump(game, "pause_votes", "paused")
            if table.paused:
                effects.orders_follow(game)  # no order is due at a paused table
            else:
                effects.next_turn_follows(game)  # what was due stays due, at the new version
        return state_view(game, seat)


def resume(table_id: int, user) -> dict:
    """End the pause: the player to move has a whole turn from now. The caller's state."""
    with transaction.atomic():
        game = locked(table_id)
        seat = _seated(game, user)
        table = game.table
        if not table.paused:
            raise GameError("not-paused", "The table is not paused.")
        table.paused, table.pause_votes = False, []
        now = timezone.now()
        stored.move_deadline(game, *deadline_for(game, game.state.turn, now,
                                                 effects.bot_delay(game)))
        writes.bump(game, "pause_votes", "paused")
        effects.next_turn_follows(game)
        if game.round.deadline_at is not None:
            effects.tell_whose_turn(game, game.round.deadline_at)
        return state_view(game, seat)
