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
from ..options import TARGET
from ..state import GameState
from .normal import (
    ANSWERS,
    CLOSE,
    HELD,
    KEEP_WILD,
    KEEP_WILD_DRAW4,
    SCARCE,
    SHED,
)

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
    held_kinds = [0] * 13  # cards of each kind in hand, colored ones (kinds 0 to Draw 2)
    for card in hand:
        color = colors[card]
        if color != NO_COLOR:
            counts[color] += 1
            held_kinds[kinds[card]] += 1
    # What the seat cannot see (`normal.unseen_counts`: the deck less its hand and the discard
    # pile): the discard pile is counted at C speed, on bytes, for a rollout move costs a few
    # microseconds.
    tables = _tables(deck)
    if tables is not None:
        to_color, to_kind, color_totals, answer_totals = tables
        pile = bytes(state.discard)
        pile_colors, pile_kinds, pile_count = (pile.translate(to_color).count,
                                               pile.translate(to_kind).count, pile.count)
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
    shed = SHED if lead_cards <= CLOSE and state.options.scoring == TARGET else 0.0
    aim = nxt == lead and lead_cards <= CLOSE + 1
    two = aim and state.players - sum(state.left) == 2
    penalty = state.penalty
    seven_zero = state.options.seven_zero
    rest = len(hand) - 1
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
                if tables is not None:
                    score -= SCARCE * (color_totals[declared] - counts[declared]
                                       - pile_colors(declared))
            if not penalty:
                score -= KEEP_WILD_DRAW4 if kind == WILD_DRAW4 else KEEP_WILD
        else:
            score += HELD * (counts[color] - 1)
            score -= SCARCE * (color_totals[color] - counts[color] - pile_colors(color))
            # The same kind in the other colors: all of the kind less this card's copies, in the
            # deck, the hand and the pile alike.
            score -= ANSWERS * (answer_totals[card] - held_kinds[kind] + hand.count(card)
                                - pile_kinds(kind) + pile_count(card))
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


_TABLES: dict[str, tuple[bytes, bytes, tuple[int, ...], tuple[int, ...]] | None] = {}


def _tables(deck: Deck) -> tuple[bytes, bytes, tuple[int, ...], tuple[int, ...]] | None:
    """For `bytes.translate`: card to color and card to kind (255 for a Wild); how many cards
    of each color the deck holds, and for each card how many of its kind in the other colors;
    None for a deck without colored cards (All Wild) or with more than 256 cards."""
    if deck.name not in _TABLES:
        colored = [card for card in range(len(deck.codes)) if deck.colors[card] != NO_COLOR]
        tables = None
        if colored and len(deck.codes) <= 256:
            to_color = bytearray(b"\xff" * 256)
            to_kind = bytearray(b"\xff" * 256)
            color_totals, kind_totals = [0] * 4, [0] * 256
            for card in colored:
                to_color[card], to_kind[card] = deck.colors[card], deck.kinds[card]
                color_totals[deck.colors[card]] += deck.counts[card]
                kind_totals[deck.kinds[card]] += deck.counts[card]
            answer_totals = tuple(kind_totals[deck.kinds[card]] - deck.counts[card]
                                  for card in range(len(deck.codes)))
            tables = bytes(to_color), bytes(to_kind), tuple(color_totals), answer_totals
        _TABLES[deck.name] = tables
    return _TABLES[deck.name]
