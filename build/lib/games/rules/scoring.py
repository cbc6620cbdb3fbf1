"""Ranking at the end of a game."""

from __future__ import annotations

from .cards import Deck
from .state import GameState


def ranking(state: GameState, deck: Deck) -> list[dict]:
    """Those who stayed before those who left; the winner first; then the higher score; then
    fewer points in hand in the last round (for a seat that left: in the hand it gave up).
    Seats still level share a rank, and the next rank counts them (1, 2, 2, 4)."""
    keys = []
    for seat in range(state.players):
        left = state.left[seat]
        in_hand = state.left_points[seat] if left else deck.hand_points(state.hands[seat])
        keys.append((left, seat != state.winner, -state.scores[seat], in_hand, seat))
    keys.sort()
    rows: list[dict] = []
    for position, key in enumerate(keys):
        rank = rows[-1]["rank"] if rows and keys[position - 1][:4] == key[:4] else position + 1
        seat = key[4]
        rows.append({"seat": seat, "rank": rank, "score": state.scores[seat],
                     "left": state.left[seat]})
    return rows
