"""The Hard bot's rollout policy: the Normal bot's rule of thumb, made cheap enough to run
thousands of times a decision, with randomness if asked (epsilon-greedy; the Hard bot plays
its rollouts without: `hard.EPSILON`).

It reads the determinized `GameState` directly through the engine's API (`Rules.legal_moves`;
the Hard bot carries the moves out with `Rules.apply_trusted`) and never builds a view: a
rollout plays one of many possible deals, so what the seats "see" in it does not matter, only
that every seat plays a sensible game. The scores are `normal.score_play`'s, computed once per
move from plain ints.
"""

from __future__ import annotations

import random

from ..cards import COLOR_INDEX, DRAW2, NO_COLOR, REVERSE, SKIP, WILD_DRAW4, Deck
from ..engine import Rules
from ..moves import CHOOSE, PLAY, Move
from ..state import GameState
from .normal import ANSWERS, CLOSE, HELD, SCARCE, SHED_CALM, SHED_DANGER, answers_of

EPSILON = 0.1  # the share of moves played at random, so that rollouts do not all run alike


def most_held(hand: list[int], colors: tuple[int, ...]) -> int:
    counts = [0, 0, 0, 0]
    for card in hand:
        color = colors[card]
        if color != NO_COLOR:
            counts[color] += 1
    return counts.index(max(counts))


def policy_move(state: GameState, seat: int, rules: Rules, rng: random.Random,
                epsilon: float = EPSILON) -> Move:
    """The move `seat` (whose turn it is) makes in a rollout."""
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    first = moves[0]
    action = first.action
    deck = rules.deck
    hand = state.hands[seat]
    if action == CHOOSE:  # the four colors, in order
        return moves[most_held(hand, deck.colors)]
    if action != PLAY:
        return first
    if epsilon and rng.random() < epsilon:
        return moves[int(rng.random() * len(moves))]
    return greedy(state, seat, moves, deck, hand)


def greedy(state: GameState, seat: int, moves: list[Move], deck: Deck,
           hand: list[int]) -> Move:
    """`normal.score_play`'s choice among the plays in `moves` (the first on a tie)."""
    ids, colors, kinds, points = deck.ids, deck.colors, deck.kinds, deck.points
    if len(hand) == 1:
        return moves[0]  # the last card: any play of it goes out
    counts = [0, 0, 0, 0]
    for card in hand:
        color = colors[card]
        if color != NO_COLOR:
            counts[color] += 1
    hands = state.hands
    # The leader: the opponent with the fewest cards, the nearest in the direction of play
    # among equals.
    nxt = state.next_seat(seat)
    lead, other = nxt, nxt
    while other != seat:
        if len(hands[other]) < len(hands[lead]):
            lead = other
        other = state.next_seat(other)
    lead_cards = len(hands[lead])
    shed = SHED_DANGER if lead_cards <= CLOSE else SHED_CALM
    aim = nxt == lead and lead_cards <= CLOSE + 1
    two = aim and state.players - sum(state.left) == 2
    penalty = state.penalty
    seven_zero = state.options.seven_zero
    rest = len(hand) - 1
    # What the seat cannot see, as `normal.unseen_counts` has it (the deck less its hand and
    # the discard pile), counted at C speed: a rollout move costs a few microseconds.
    table = _color_bytes(deck)
    pile = bytes(state.discard) if table is not None else b""
    hidden = (0, 0, 0, 0)
    if table is not None:
        colored_pile = pile.translate(table)
        hidden = tuple(_COLOR_TOTALS[deck.name][c] - counts[c] - colored_pile.count(c)
                       for c in range(4))
    answers = answers_of(deck)
    deck_counts = deck.counts
    best, best_score = moves[0], None
    for move in moves:
        if move.action != PLAY:
            continue
        card = ids[move.card]
        kind = kinds[card]
        color = colors[card]
        score = points[card] * shed
        if color == NO_COLOR:
            if move.color in COLOR_INDEX:  # (All Wild: a declared color changes nothing)
                declared = COLOR_INDEX[move.color]
                score += HELD * counts[declared]
                score -= SCARCE * hidden[declared]
            if not penalty:
                score -= 70 if kind == WILD_DRAW4 else 55
        else:
            score += HELD * (counts[color] - 1)
            score -= SCARCE * hidden[color]
            score -= ANSWERS * sum(deck_counts[other] - hand.count(other) - pile.count(other)
                                   for other in answers[card])
        if aim:
            if kind == SKIP or (kind == REVERSE and two):
                score += 45
            elif kind in (DRAW2, WILD_DRAW4):
                score += 60
            elif kind == REVERSE:
                score += 35
        if seven_zero:
            if move.target is not None:
                score += 12 * (rest - len(hands[move.target]))
            elif kind == 0 and color != NO_COLOR:
                before = seat
                other = state.next_seat(seat)
                while other != seat:  # the seat before: the last one round the table
                    before, other = other, state.next_seat(other)
                score += 12 * (rest - len(hands[before]))
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


_COLOR_BYTES: dict[str, bytes | None] = {}
_COLOR_TOTALS: dict[str, tuple[int, ...]] = {}


def _color_bytes(deck: Deck) -> bytes | None:
    """A `bytes.translate` table from card to color (4 for a Wild), None for a deck without
    colored cards or with more than 256 cards."""
    if deck.name not in _COLOR_BYTES:
        table = None
        if len(deck.codes) <= 256 and any(color != NO_COLOR for color in deck.colors):
            table = bytes(4 if color == NO_COLOR else color for color in deck.colors)
            table += bytes(256 - len(table))
        _COLOR_BYTES[deck.name] = table
        _COLOR_TOTALS[deck.name] = tuple(
            sum(n for card, n in enumerate(deck.counts) if deck.colors[card] == c)
            for c in range(4))
    return _COLOR_BYTES[deck.name]
