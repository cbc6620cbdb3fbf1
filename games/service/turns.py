"""A turn, named so that what belongs to it can end with it: an email's move links are good for
one turn only.

The table's version will not do: chat, a seat swap or a pause move it while the turn goes on.
A turn is the seat to play, the round, and the round's move number (its entries in the move
log), which every accepted move of the round changes and nothing else does.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from games.models import Seat, Table
from games.rules.state import PLAYING
from games.storage import turn_reads
from games.storage.reads import Game

from .errors import Refusal

MOVED_ON = "A move has been made at the table since this link was sent: it plays nothing now."
RAN_OUT = "Your turn ran out before this move was made."


class Turn(NamedTuple):
    seat: int
    round: int
    number: int  # the round's move log entries before the turn's move (its deal counts)


def current_turn(game: Game) -> Turn | None:
    """The turn being played at the table now (one query), or None if no game is going on."""
    state = game.state
    if state is None or game.table.status != Table.Status.PLAYING or state.status != PLAYING:
        return None
    return Turn(state.turn, state.round_number,
                turn_reads.moves_in_round(game.table.pk, state.round_number))


def turn_over(game: Game, seat: Seat, expected: Turn, now: datetime) -> Refusal | None:
    """Why a move meant for the `expected` turn of `seat` may not be made now: `turn-over`
    (another seat's turn, another round, or a move made since), `turn-expired` (its deadline
    has passed, the sweep has not played it out yet); None while that turn goes on."""
    version = game.table.version
    if seat.number != expected.seat or current_turn(game) != expected:
        return Refusal("turn-over", MOVED_ON, version)
    deadline = game.round.deadline_at
    if deadline is not None and deadline <= now:
        return Refusal("turn-expired", RAN_OUT, version)
    return None
