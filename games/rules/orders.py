"""Standing orders: moves a player gives in advance for the turns that leave them nothing to
choose, so that a game over days does not wait a day for them (docs/playing.md).

`order_move` is the whole decision: the move the orders make for a seat in a position, or None
when they do not act. They act only on the seat's own turn, and only where the rules leave one
move and the orders name it: never which card among several, never a color or a seat the hand
does not settle, never a penalty that could be answered. A Wild played by `play-drawn` takes
the color the rest of the hand holds most; when two colors tie for most, the choice is the
player's and the order waits for them. A play that leaves one card calls "last card" with it
where the table has the call (a call is never to the player's harm).

`window_open` says whether a move now would close a window the other seats have: to jump in on
the top card, or to catch a player who has not called. Only public facts decide it, so an order
that waits for it tells nobody anything about a hand.
"""

from __future__ import annotations

from collections.abc import Collection

from .cards import COLORS, NO_COLOR
from .decks import rules_for
from .moves import DRAW, PASS, PLAY, TAKE, Move
from .state import NONE, PLAYING, ROUND_PLAYING, GameState

DRAW_WHEN_STUCK = "draw-when-stuck"
PLAY_DRAWN = "play-drawn"
TAKE_PENALTY = "take-penalty"
PASS_WHEN_STUCK = "pass-when-stuck"
# The codes of api.md, in the order the page lists them, each with what it does in words.
ORDERS = {
    DRAW_WHEN_STUCK: "Draw when I hold nothing I can play",
    PLAY_DRAWN: "Play the card I just drew when it can be played "
                "(a Wild in the color I hold most)",
    TAKE_PENALTY: "Take a waiting penalty I cannot answer",
    PASS_WHEN_STUCK: "Pass when nothing can be played or drawn",
}


def order_move(state: GameState, seat: int, orders: Collection[str]) -> Move | None:
    """The move `orders` make for `seat` now, or None: not its turn, a choice the orders do
    not settle, or no order for what the turn asks."""
    if (not orders or state.status != PLAYING or state.round_status != ROUND_PLAYING
            or seat != state.turn or state.left[seat]):
        return None
    if state.color == NONE:
        return None  # a Wild starter's color: the player's choice
    rules = rules_for(state)
    playable = rules.playable_cards(state, seat)
    if state.penalty:
        # A card that answers the penalty is a choice (answer or take), so only a penalty
        # nothing answers is taken.
        return Move(TAKE) if TAKE_PENALTY in orders and not playable else None
    if state.drawn != NONE:
        return _play_drawn(state, seat) if PLAY_DRAWN in orders else None
    if playable:
        return None  # which card to play is always the player's choice
    if rules.can_draw(state):
        return Move(DRAW) if DRAW_WHEN_STUCK in orders else None
    return Move(PASS) if PASS_WHEN_STUCK in orders else None


def _play_drawn(state: GameState, seat: int) -> Move | None:
    """The card just drawn, played, if the hand settles everything its play asks."""
    rules = rules_for(state)
    deck = rules.deck
    card, hand = state.drawn, state.hands[seat]
    target = None
    if rules.needs_target(state, hand, card):
        others = [other for other in state.active_seats() if other != seat]
        if len(others) != 1:
            return None  # whom to swap with, or who draws: the player's choice
        target = others[0]
    color = None
    if deck.colors[card] == NO_COLOR and rules.color_declared:
        rest = list(hand)
        rest.remove(card)
        color = color_held_most(deck.colors, rest)
        if color is None:
            return None
    call = bool(state.options.last_card_call) and rules.cards_after_play(
        state, seat, card, target) == 1
    return Move(PLAY, deck.codes[card], color, target, call)


def color_held_most(colors: tuple[int, ...], hand: list[int]) -> str | None:
    """The one color the hand holds most cards of; None when two or more tie for most (no
    colored card at all is a tie of four)."""
    counts = [0, 0, 0, 0]
    for card in hand:
        if colors[card] != NO_COLOR:
            counts[colors[card]] += 1
    most = max(counts)
    return COLORS[counts.index(most)] if counts.count(most) == 1 else None


def window_open(state: GameState) -> bool:
    """Whether the other seats may still act on the last move: jump in on the top card (the
    house rule on, no move since it was laid), or catch a player holding one card uncalled."""
    return (state.options.jump_in and state.jump_open) or bool(state.uncalled)


def orders_in_force(orders: Collection[str], keep: bool, given_for_round: int | None,
                    state: GameState | None) -> tuple[str, ...]:
    """The orders that hold now: kept ones always, the others in the round they were given for
    (they end with it)."""
    if not orders:
        return ()
    round_number = state.round_number if state is not None else 1
    if not keep and given_for_round != round_number:
        return ()
    return tuple(code for code in ORDERS if code in orders)
