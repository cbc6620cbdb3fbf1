"""Rigged decks for the tests: the whole deck order that deals given hands.

Dealing (api.md): one card at a time to each seat, starting with the seat after the dealer
(seat 0 deals round 1), seven times round; the next card is the starter; the rest is the draw
pile, top card first.
"""

from __future__ import annotations

from collections import Counter

from games.rules import CLASSIC, rules_for

FULL_DECK = [CLASSIC.codes[card] for card in CLASSIC.full()]


def deck_order(hands: list[list[str]], starter: str, draw: list[str] | tuple = (),
               dealer: int = 0, deck: str = "classic") -> list[str]:
    """The whole deck's codes (108, or 112 for `all-wild`), top card first: `hands[seat]`
    (seven cards each) dealt to each seat, `starter` turned up, `draw` on top of the draw pile
    and the rest of the deck under it in hand order."""
    cards = rules_for(deck).deck
    players = len(hands)
    assert all(len(hand) == 7 for hand in hands), "every hand is dealt seven cards"
    order = [hands[(dealer + 1 + i) % players][n] for n in range(7) for i in range(players)]
    order += [starter, *draw]
    rest = Counter(cards.codes[card] for card in cards.full())
    rest.subtract(order)
    assert all(n >= 0 for n in rest.values()), f"too many copies: {-rest}"
    order += sorted(rest.elements(), key=cards.ids.__getitem__)
    assert len(order) == cards.size
    return order


def pile_top_first(order: list[str], players: int) -> list[str]:
    """The draw pile right after the deal of `order`, top card first."""
    return order[7 * players + 1:]
