"""Small helpers shared by the rules tests."""

from __future__ import annotations

from collections import Counter

from games.rules import CLASSIC, GameState


def rigged_order(first: list[str]) -> list[str]:
    """A whole classic deck, top card first, that starts with `first`."""
    rest = Counter(CLASSIC.full()) - Counter(CLASSIC.ids[code] for code in first)
    return list(first) + [CLASSIC.codes[card] for card in sorted(rest.elements())]


def hand(state: GameState, seat: int) -> list[str]:
    return [CLASSIC.codes[card] for card in state.hands[seat]]


def all_cards(state: GameState) -> Counter:
    return Counter(
        [card for h in state.hands for card in h] + state.draw_pile + state.discard
    )
