"""Bots: Easy, Normal and Hard, each choosing a move from what a person in its seat would see.

    move = choose_move("hard", view_for(state, seat), random.Random(seed), history=entries)

The input is the seat's view (`view_for`) and, if wanted, the current round's public move log
as that seat may read it (`log_entry_for`); never the game's state. The output is one legal
move, or None when a seat that may jump in chooses not to. A level changes only how well the
bot chooses:
- Easy: a move chosen uniformly at random (a Wild's color and a 7's target with it); where it
  may draw instead of playing (All Wild), a play.
- Normal: a rule of thumb (`normal.py`).
- Hard: Monte Carlo search over the cards it cannot see (`hard.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..moves import DRAW, PASS, PLAY, Move
from .hard import ROLLOUTS, hard_move
from .normal import normal_move
from .seen import Seen, moves_of, seen_from

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS = (EASY, NORMAL, HARD)


def choose_move(level: str, view: dict, rng: random.Random, *, history: list[dict] | None = None,
                rollouts: int = ROLLOUTS, clock: Callable[[], float] | None = None,
                seconds: float | None = None) -> Move | None:
    """The move the bot of `level` makes in the seat whose view is `view`; None when it has
    no move (not its turn, no jump-in) or chooses not to jump in."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; one of {', '.join(LEVELS)}")
    if view.get("status") != "playing" or "you" not in view:
        return None
    seen = seen_from(view, history if level == HARD else None)
    moves = moves_of(seen)
    if not moves:
        return None
    if level == EASY:
        return easy_move(seen, moves, rng)
    if level == NORMAL:
        return normal_move(seen, moves, rng)
    return hard_move(seen, moves, rng, rollouts, clock, seconds)


def easy_move(seen: Seen, moves: list[Move], rng: random.Random) -> Move | None:
    """Any legal move, uniformly; out of turn, jumping in or not is one more choice.

    Where a player may draw, or keep a card drawn, although a card plays (All Wild), it plays:
    Easy bots drawing at random made the slowest rounds four times as long, and with stacking
    one game in 25 ran past a thousand moves, for the person at the table too
    (docs/benchmarks.md, "Easy at an All Wild table"). With the classic deck nothing changes:
    there, a player who can play may not draw."""
    if seen.seat != seen.turn:
        return rng.choice([*moves, None])
    if any(move.action == PLAY for move in moves):
        moves = [move for move in moves if move.action not in (DRAW, PASS)]
    return rng.choice(moves)


__all__ = ["EASY", "HARD", "LEVELS", "NORMAL", "choose_move"]
