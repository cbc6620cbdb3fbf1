"""The plain legal move the table makes for a seat whose time ran out (rule book, "Time limits").

Take a waiting penalty; else play the playable card worth the most points; else draw (or pass
when nothing can be drawn). A color is the one the hand holds most of. Ties, so that the move is
always the same for the same state:
- between cards worth the same points, the one shown first in the sorted hand;
- between colors held equally often (or none held), red, yellow, green, blue in that order;
- a 7 under 7-0, a Wild Targeted Draw Two and a Wild Forced Swap name the seat holding the
  fewest cards, the nearest in the direction of play among equals;
- with the All Wild deck no color is declared (it would change nothing), and a play that leaves
  the seat one card calls "last card" with it (under the last-card call).
"""

from __future__ import annotations

from .cards import COLORS, NO_COLOR
from .decks import rules_for
from .moves import CHOOSE, DRAW, PASS, PLAY, TAKE, Move
from .state import NONE, PLAYING, GameState


def most_held_color(colors: tuple[int, ...], hand: list[int]) -> str:
    counts = [0, 0, 0, 0]
    for card in hand:
        if colors[card] != NO_COLOR:
            counts[colors[card]] += 1
    return COLORS[counts.index(max(counts))]


def timeout_move(state: GameState) -> Move:
    """The move for the seat whose turn it is."""
    rules = rules_for(state)
    deck = rules.deck
    seat = state.turn
    hand = state.hands[seat]
    if state.color == NONE:
        return Move(CHOOSE, color=most_held_color(deck.colors, hand))
    playable = rules.playable_cards(state, seat)
    if state.penalty:
        return Move(TAKE)
    if playable:
        best = playable[0]
        for card in playable[1:]:  # strictly more points: the first in hand order wins ties
            if deck.points[card] > deck.points[best]:
                best = card
        color = None
        if deck.colors[best] == NO_COLOR and rules.color_declared:
            rest = list(hand)
            rest.remove(best)
            color = most_held_color(deck.colors, rest)
        target = None
        if rules.needs_target(state, hand, best):
            target = _fewest_cards(state, seat)
        call = bool(state.options.last_card_call) and rules.cards_after_play(
            state, seat, best, target) == 1
        return Move(PLAY, deck.codes[best], color, target, call)
    return Move(DRAW if rules.can_draw(state) else PASS)


def _fewest_cards(state: GameState, seat: int) -> int:
    best, seen = None, state.next_seat(seat)
    while seen != seat:
        if best is None or len(state.hands[seen]) < len(state.hands[best]):
            best = seen
        seen = state.next_seat(seen)
    return best


def turn_goes_on(before: GameState, after: GameState, seat: int) -> bool:
    """Whether `seat`'s turn is still going after its move took `before` to `after`: it chose
    the starter's color, or drew a card it must now play. Anything else ends the turn."""
    if after.status != PLAYING or after.round_number != before.round_number:
        return False
    if after.turn != seat:
        return False
    return before.color == NONE or after.drawn != NONE


def timeout_turn(state: GameState) -> tuple[GameState, list]:
    """Play the whole turn of the seat whose time ran out, move by move, while it goes on."""
    rules = rules_for(state)
    seat = state.turn
    events: list = []
    while True:
        result = rules.apply(state, seat, timeout_move(state))
        if not result.ok:  # the timeout move is legal by construction
            raise AssertionError(f"timeout move refused: {result.code}")
        before, state = state, result.state
        events.extend(result.events)
        if not turn_goes_on(before, state, seat):
            return state, events
