"""The Wild Cards rules engine: pure Python, no Django, no I/O, no clock, no global randomness.

    result = new_game(players=4, options=Options(stacking=True), seed=7)
    state = result.state
    result = apply(state, seat=1, move=Move("play", "wave-3"))   # Applied or Refused
    view_for(result.state, 1)                                      # what seat 1 may see
"""

from __future__ import annotations

from .cards import CLASSIC, COLORS, Deck
from .classic import CLASSIC_RULES
from .engine import Rules
from .moves import ACTIONS, REASONS, Applied, Event, Move, Refused
from .options import InvalidSetup, Options
from .position import position
from .scoring import ranking
from .state import GameState, RoundSummary
from .timeout import timeout_move, timeout_turn
from .views import public_view, view_for

DECKS: dict[str, Rules] = {"classic": CLASSIC_RULES}


def rules_for(state_or_deck: GameState | str) -> Rules:
    name = state_or_deck if isinstance(state_or_deck, str) else state_or_deck.deck
    return DECKS[name]


def new_game(
    players: int,
    options: Options | None = None,
    seed: int = 0,
    deck_order: list[str] | None = None,
    deck: str = "classic",
) -> Applied:
    if deck not in DECKS:
        raise InvalidSetup("deck", f"deck must be one of: {', '.join(DECKS)}.")
    return DECKS[deck].new_game(players, options, seed, deck_order)


def apply(state: GameState, seat: int, move: Move, in_place: bool = False) -> Applied | Refused:
    return DECKS[state.deck].apply(state, seat, move, in_place)


def legal_actions(state: GameState, seat: int) -> list[str]:
    return DECKS[state.deck].legal_actions(state, seat)


def legal_moves(state: GameState, seat: int) -> list[Move]:
    return DECKS[state.deck].legal_moves(state, seat)


__all__ = [
    "ACTIONS", "CLASSIC", "COLORS", "DECKS", "REASONS", "Applied", "Deck", "Event",
    "GameState", "InvalidSetup", "Move", "Options", "Refused", "RoundSummary", "Rules",
    "apply", "legal_actions", "legal_moves", "new_game", "position", "public_view", "ranking",
    "rules_for", "timeout_move", "timeout_turn", "view_for",
]
