"""Build a state from a small literal, like a FEN string in chess: the hands, the top card and
the color in play, with the rest of the deck as the draw pile. Tests and bug reports use it so
that any position is a reproducible fixture.

    position([["flame-8", "sun-1"], ["leaf-9"]], top="flame-4", turn=0)
"""

from __future__ import annotations

from collections import Counter

from .cards import COLOR_INDEX
from .decks import rules_for
from .options import InvalidSetup, Options
from .state import ANY_COLOR, CLOCKWISE, COUNTERCLOCKWISE, NONE, GameState


def position(
    hands: list[list[str]],
    top: str,
    color: str | None = None,
    *,
    turn: int = 0,
    dealer: int | None = None,
    direction: str = "clockwise",
    options: Options | None = None,
    discard: list[str] | None = None,
    draw_pile: list[str] | None = None,
    penalty: int = 0,
    drawn: str | None = None,
    scores: list[int] | None = None,
    left: list[int] = (),
    seed: int = 0,
    deck: str = "classic",
    uncalled: tuple[int, ...] = (),
) -> GameState:
    """`discard` lists the cards under `top`, bottom first. `draw_pile` lists the draw pile top
    card first; when it is None, every card of the deck not placed elsewhere forms the pile (in
    hand order, top card first). `color` defaults to the top card's color (with the All Wild
    deck: none). `uncalled`: seats holding one card that may still be caught."""
    rules = rules_for(deck)
    cards = rules.deck
    ids = cards.ids

    def to_ids(codes: list[str]) -> list[int]:
        unknown = [code for code in codes if code not in ids]
        if unknown:
            raise InvalidSetup("position", f"not cards of the {deck} deck: {unknown}")
        return [ids[code] for code in codes]

    players = len(hands)
    hand_ids = [sorted(to_ids(hand)) for hand in hands]
    discard_ids = to_ids(list(discard or [])) + to_ids([top])
    placed = Counter(c for hand in hand_ids for c in hand) + Counter(discard_ids)
    if draw_pile is None:
        rest = Counter(cards.full()) - placed
        pile = sorted(rest.elements())
    else:
        pile = to_ids(draw_pile)
        placed += Counter(pile)
    if any(n > cards.counts[c] for c, n in placed.items()):
        raise InvalidSetup("position", "more copies of a card than the deck holds")
    pile.reverse()  # the top card is the last item
    top_id = discard_ids[-1]
    color_index = cards.colors[top_id] if color is None else COLOR_INDEX[color]
    if color is None and not rules.color_declared:
        color_index = ANY_COLOR
    left_flags = [seat in left for seat in range(players)]
    state = GameState(
        deck, rules.settled(options or Options()), players, seed,
        list(scores or [0] * players), left_flags, [0] * players,
        round_number=1,
        dealer=(turn - 1) % players if dealer is None else dealer,
        hands=hand_ids, draw_pile=pile, discard=discard_ids, color=color_index,
        direction=CLOCKWISE if direction == "clockwise" else COUNTERCLOCKWISE,
        turn=turn, penalty=penalty, drawn=NONE if drawn is None else ids[drawn],
        uncalled=tuple(uncalled),
    )
    state.shuffles = 1
    return state
