"""The moves that take a seat's turn, each complete: what a player far from the table can be
offered as one click each (an email's links), with no question left to ask afterwards.

`legal_moves` answers every seat at any moment (jump-ins, calls and catches out of turn
included); this is the turn's part of it, shaped for someone choosing from a list.
"""

from __future__ import annotations

from .decks import legal_moves
from .moves import CHOOSE, DRAW, PASS, PLAY, TAKE, Move
from .state import PLAYING, GameState

TURN_ACTIONS = frozenset({PLAY, DRAW, TAKE, PASS, CHOOSE})


def turn_moves(state: GameState, seat: int) -> list[Move]:
    """Every move with which `seat` may take its turn now, or [] when it is not its turn.

    Each move holds every choice it needs: a Wild once per color (classic deck), a 7 under
    7-0, a Targeted Draw Two or a Forced Swap once per target seat, the color after a Wild
    starter. A play that leaves one card comes with the last-card call only: the engine
    would take it without, but the player could then be caught, and nobody far from the
    table can call afterwards. In the order a player reads them: the plays in hand order,
    then drawing, taking the penalty or passing.

    Calls, catches and jump-ins are moves of a moment, not of a turn, and conceding is not
    offered as a turn's move."""
    if state.status != PLAYING or seat != state.turn or state.left[seat]:
        return []
    moves = [move for move in legal_moves(state, seat) if move.action in TURN_ACTIONS]
    called = {move._replace(call=False) for move in moves if move.call}
    return [move for move in moves if move not in called]
