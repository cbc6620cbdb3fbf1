"""Bots playing a whole game against each other, with the engine as the referee: for the
strength tests and `bench/bots.py`. Each bot gets only its seat's view and the round's log as
its seat may read it; the referee alone holds the state.

Out of turn, a seat that may jump in is asked first (in the order of play after the seat whose
turn it is), as if the bots were quicker than the player to move.
"""

from __future__ import annotations

import random

from ..decks import apply, legal_actions, new_game
from ..moves import PLAY, events_json
from ..options import Options
from ..state import PLAYING, GameState
from ..views import log_entry_for, view_for
from . import choose_move

MOST_MOVES = 3000


def play_game(levels: list[str], options: Options | None = None, seed: int = 0,
              rollouts: int | None = None, deck: str = "classic") -> GameState:
    """One game between bots of `levels` (seat by seat); returns the finished state."""
    state = new_game(len(levels), options, seed=seed, deck=deck).state
    dice = [random.Random(f"{seed}:{seat}") for seat in range(len(levels))]
    extra = {} if rollouts is None else {"rollouts": rollouts}
    log: list[dict] = []
    for _ in range(MOST_MOVES):
        if state.status != PLAYING:
            break
        seat, move = None, None
        if state.options.jump_in:
            for other in _others_in_order(state):
                if PLAY in legal_actions(state, other):
                    move = _ask(levels, other, state, log, dice, extra)
                    if move is not None:
                        seat = other
                        break
        if move is None:
            seat = state.turn
            move = _ask(levels, seat, state, log, dice, extra)
            if move is None:
                raise AssertionError(f"seat {seat} ({levels[seat]}) made no move on its turn")
        result = apply(state, seat, move)
        if not result.ok:
            raise AssertionError(f"seat {seat} ({levels[seat]}) made an illegal move {move}: "
                                 f"{result.code}")
        if result.ended is not None:
            log = []  # the log the bots read is the current round's
        else:
            log.append({"seat": seat, "action": move.action, "card": move.card,
                        "color": move.color, "target": move.target,
                        "events": events_json(result.events)})
        state = result.state
    return state


def _others_in_order(state: GameState) -> list[int]:
    seats, seat = [], state.next_seat(state.turn)
    while seat != state.turn:
        seats.append(seat)
        seat = state.next_seat(seat)
    return seats


def _ask(levels, seat, state, log, dice, extra):
    history = [log_entry_for(entry, seat) for entry in log]
    return choose_move(levels[seat], view_for(state, seat), dice[seat], history=history, **extra)
