"""The Hard bot: Monte Carlo search over what it cannot see (determinized, flat).

For each of a number of samples it deals the unseen cards at random, consistently with what
is public (`seen.sample_state`), and plays every candidate move out to the end of the round
with a fast random-but-sensible policy for every seat; all candidates meet the same deal and
the same dice (common random numbers), so their results differ by the move alone. It plays
the Normal bot's choice unless another move clearly did better. The budget is a number of
rollouts (reproducible), and optionally a time limit read from a clock the caller passes (the
engine has no clock).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import COLORS, NO_COLOR, Deck
from ..decks import apply, legal_moves
from ..moves import CHOOSE, PLAY, Move
from ..state import PLAYING, ROUND_WON, GameState
from .normal import color_counts, normal_move, score_play
from .seen import Seen, sample_state

ROLLOUTS = 160  # per decision: about 0.2 s on one core of the machines we have
MOST_CANDIDATES = 10
DEPTH = 80  # moves played out at most; then the hand sizes stand for the outcome
SURE = 1.0  # standard errors by which a move must beat the Normal bot's choice


def hard_move(seen: Seen, moves: list[Move], rng: random.Random, rollouts: int = ROLLOUTS,
              clock: Callable[[], float] | None = None, seconds: float | None = None,
              ) -> Move | None:
    """The best move for `seen`'s seat, or None when it does better not to jump in.

    The search starts from the Normal bot's choice and leaves it only for a move whose results,
    deal for deal, beat it by more than their noise (`SURE` standard errors): a few dozen
    rollouts cannot tell close moves apart, and a coin toss between them would play worse than
    the rule of thumb."""
    candidates: list[Move | None] = list(candidates_of(seen, moves))
    if seen.seat != seen.turn:
        candidates.append(None)  # not jumping in is a choice too
    if len(candidates) == 1:
        return candidates[0]
    usual = normal_move(seen, moves, random.Random(rng.getrandbits(32)))
    if usual not in candidates:
        candidates.append(usual)
    base_index = candidates.index(usual)
    diffs: list[list[float]] = [[] for _ in candidates]
    samples = max(2, rollouts // len(candidates))
    started = clock() if clock is not None else 0.0
    deck = seen.deck
    for _ in range(samples):
        base = sample_state(seen, rng)
        dice = rng.getrandbits(32)
        results = [play_out(base.copy(), seen.seat, move, random.Random(dice), deck)
                   for move in candidates]
        for i, value in enumerate(results):
            diffs[i].append(value - results[base_index])
        if clock is not None and seconds is not None and clock() - started > seconds:
            break
    best, best_margin = base_index, 0.0
    for i, paired in enumerate(diffs):
        n = len(paired)
        mean = sum(paired) / n
        spread = (sum((d - mean) ** 2 for d in paired) / max(1, n - 1)) ** 0.5
        margin = mean - SURE * spread / n ** 0.5
        if margin > best_margin:
            best, best_margin = i, margin
    return candidates[best]


def candidates_of(seen: Seen, moves: list[Move]) -> list[Move]:
    """The moves worth searching: each card once with the two colors it holds most of for a
    Wild, every target of a 7; at most `MOST_CANDIDATES`, the Normal bot's favourites."""
    plays = [move for move in moves if move.action == PLAY]
    if not plays or moves[0].action == CHOOSE:
        return moves
    kept: list[Move] = []
    for move in moves:
        if move.action == PLAY and move.color is not None:
            rest = list(seen.hand)
            rest.remove(seen.deck.ids[move.card])
            counts = color_counts(seen, rest)
            order = sorted(range(4), key=lambda c: -counts[c])
            if move.color not in (COLORS[order[0]], COLORS[order[1]]):
                continue
        kept.append(move)
    if len(kept) > MOST_CANDIDATES:
        ranked = sorted(kept, key=lambda m: -score_play(seen, m) if m.action == PLAY else 0)
        kept = ranked[:MOST_CANDIDATES]
    return kept


def play_out(state: GameState, me: int, move: Move | None, rng: random.Random,
             deck: Deck) -> float:
    """Make `move` for `me` in `state` (changed in place), then play the round out."""
    if move is not None:
        result = apply(state, me, move, in_place=True)
        if result.ended is not None:
            return outcome(result.ended, me, deck)
        if state.status != PLAYING:
            return outcome(state, me, deck)
    for _ in range(DEPTH):
        seat = state.turn
        result = apply(state, seat, quick_move(state, seat, rng, deck), in_place=True)
        if result.ended is not None:
            return outcome(result.ended, me, deck)
        if state.status != PLAYING:
            return outcome(state, me, deck)
    return estimate(state, me)


def quick_move(state: GameState, seat: int, rng: random.Random, deck: Deck) -> Move:
    """The rollouts' policy: a random colored card if it has one, else a Wild in the color it
    holds most of, else whatever is left (take, draw, pass)."""
    moves = legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    first = moves[0]
    if first.action == CHOOSE:
        wanted = COLORS[_most_held(state.hands[seat], deck)]
        return next(move for move in moves if move.color == wanted)
    colored = [move for move in moves if move.action == PLAY and move.color is None]
    if colored:
        return rng.choice(colored)
    if first.action == PLAY:
        wanted = COLORS[_most_held(state.hands[seat], deck)]
        return next((move for move in moves if move.color == wanted), first)
    return first


def _most_held(hand: list[int], deck: Deck) -> int:
    counts = [0, 0, 0, 0]
    colors = deck.colors
    for card in hand:
        if colors[card] != NO_COLOR:
            counts[colors[card]] += 1
    return counts.index(max(counts))


def outcome(state: GameState, me: int, deck: Deck) -> float:
    """1 for a round won, less a little for every point left in hand otherwise (the ranking's
    tie-break); a blocked or abandoned round is worth a fair share."""
    if state.round_status == ROUND_WON:
        if state.round_winner == me:
            return 1.0
        return -deck.hand_points(state.hands[me]) / 2000
    return 1 / max(1, state.players - sum(state.left))


def estimate(state: GameState, me: int) -> float:
    """A round not played out: the chances go with fewer cards in hand."""
    weights = {seat: 1 / max(1, len(state.hands[seat])) for seat in state.active_seats()}
    return weights.get(me, 0.0) / sum(weights.values())

