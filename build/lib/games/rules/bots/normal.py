"""The Normal bot: a sound rule of thumb, one look ahead at most.

- A color to choose: the color it holds most of.
- Out of turn: it jumps in whenever it may.
- A waiting penalty: it stacks when it can, else takes it.
- Otherwise every play is scored: keep Wild cards for when nothing else plays (a Wild Draw 4
  longest); go on in a color it holds many of, and among those, one the others are likely to
  lack (few of its cards unseen: the rest are in its hand or on the discard pile); play a card
  few others can answer by kind (a 0, or a 5 whose fellows are out), so the color it leaves
  is likely to stay; playing to a target score, shed high-value cards when someone is close to
  going out (in a single round it does not: going out first is all that wins it); aim
  Skip, Draw 2, Wild Draw 4 and Reverse at the leader when the leader is next and close to
  going out; under 7-0 swap with the smallest hand, and pass hands on when the hand coming in
  is smaller than its own.
"""

from __future__ import annotations

import random

from ..cards import COLOR_INDEX, COLORS, DRAW2, NO_COLOR, REVERSE, SKIP, WILD_DRAW4, Deck
from ..moves import CALL, CATCH, CHOOSE, PLAY, Move
from ..options import TARGET
from .seen import Seen

CLOSE = 2  # a seat with this many cards or fewer is close to going out
# The weights (tuned against Easy bots at a table of four: docs/benchmarks.md).
HELD = 6.0  # per card kept of the color left in play
SCARCE = 0.5  # per card of that color it cannot see: the fewer, the likelier the others lack it
ANSWERS = 1.0  # per unseen card of the same kind in another color: a way to leave its color
# Per point of the card, only when someone is close and only playing to a target score, where
# the points a round's winner collects count; in a single round, shedding them cost wins.
SHED = 1.0
KEEP_WILD, KEEP_WILD_DRAW4 = 55.0, 70.0  # the cost of playing a Wild while other cards play


def color_counts(seen: Seen, hand: list[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in hand:
        color = seen.deck.colors[card]
        if color != NO_COLOR:
            counts[color] += 1
    return counts


def most_held(seen: Seen, hand: list[int]) -> str:
    counts = color_counts(seen, hand)
    return COLORS[counts.index(max(counts))]


def unseen_counts(deck: Deck, hand: list[int], discard: list[int]) -> list[int]:
    """How many copies of each card the seat cannot see: the deck less its hand and the
    discard pile."""
    counts = list(deck.counts)
    for card in hand:
        counts[card] -= 1
    for card in discard:
        counts[card] -= 1
    return counts


def answers_of(deck: Deck) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards of its kind in the other colors: those that can be played on
    it and change the color in play (worked out once a deck)."""
    if deck.name not in _ANSWERS:
        kinds, colors = deck.kinds, deck.colors
        _ANSWERS[deck.name] = tuple(
            tuple(other for other in range(len(deck.codes)) if kinds[other] == kinds[card]
                  and colors[other] not in (colors[card], NO_COLOR))
            for card in range(len(deck.codes)))
    return _ANSWERS[deck.name]


_ANSWERS: dict[str, tuple[tuple[int, ...], ...]] = {}


def leader(seen: Seen) -> int:
    """The opponent holding the fewest cards (the nearest in the direction of play among
    equals)."""
    best, seat = None, seen.next_seat(seen.seat)
    while seat != seen.seat:
        if best is None or seen.cards[seat] < seen.cards[best]:
            best = seat
        seat = seen.next_seat(seat)
    return best


def normal_move(seen: Seen, moves: list[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    if moves[0].action == CHOOSE:
        color = most_held(seen, seen.hand)
        return next(move for move in moves if move.color == color)
    for move in moves:  # the last-card call before anything, and a catch whenever it may
        if move.action in (CALL, CATCH):
            return move
    plays = [move for move in moves if move.action == PLAY]
    if not plays:
        return moves[0]
    # It plays whenever it may: a jump-in, or a penalty it can pass on, always. Among the
    # plays (a card, a Wild's color, a 7's target) the scores choose; a play that calls
    # "last card" with it, rather than the same play without.
    unseen = unseen_counts(seen.deck, seen.hand, seen.discard)
    scored = [(score_play(seen, move, unseen) + move.call, rng.random(), move)
              for move in plays]
    return max(scored)[2]


def score_play(seen: Seen, move: Move, unseen: list[int] | None = None) -> float:
    deck = seen.deck
    card = deck.ids[move.card]
    kind, points = deck.kinds[card], deck.points[card]
    rest = list(seen.hand)
    rest.remove(card)
    if not rest:
        return 1000.0  # going out wins the round
    if unseen is None:
        unseen = unseen_counts(deck, seen.hand, seen.discard)
    lead = leader(seen)
    score = 0.0
    if seen.cards[lead] <= CLOSE and seen.options.scoring == TARGET:
        score += SHED * points
    colored = deck.colors[card] != NO_COLOR
    color = deck.colors[card] if colored else COLOR_INDEX.get(move.color)
    if color is not None:  # (All Wild: no color to follow)
        score += HELD * color_counts(seen, rest)[color]  # the color in play next is one it holds
        hidden = sum(n for other, n in enumerate(unseen) if deck.colors[other] == color)
        score -= SCARCE * hidden
    if colored:
        score -= ANSWERS * sum(unseen[other] for other in answers_of(deck)[card])
    else:
        if not seen.penalty:
            # Keep Wild cards for when nothing else plays; a Wild Draw 4 even longer.
            score -= KEEP_WILD_DRAW4 if kind == WILD_DRAW4 else KEEP_WILD
    nxt = seen.next_seat(seen.seat)
    hits_next = kind in (SKIP, DRAW2, WILD_DRAW4) or (kind == REVERSE and len(seen.active()) == 2)
    if hits_next and nxt == lead and seen.cards[lead] <= CLOSE + 1:
        score += 45 + (15 if kind in (DRAW2, WILD_DRAW4) else 0)
    elif kind == REVERSE and nxt == lead and seen.cards[lead] <= CLOSE + 1:
        score += 35  # the leader has to wait a whole round of the table
    if seen.options.seven_zero:
        if move.target is not None:  # a 7: swap with the target
            score += 12 * (len(rest) - seen.cards[move.target])
        elif kind == 0 and colored:  # a 0: every hand moves on; ours comes from the seat before
            before = seen.next_seat(seen.seat, -seen.direction)
            score += 12 * (len(rest) - seen.cards[before])
    return score
