"""The Wild Cards rules engine: pure Python, no Django, no I/O, no clock, no global randomness.

    result = new_game(players=4, options=Options(stacking=True), seed=7)
    state = result.state
    result = apply(state, seat=1, move=Move("play", "wave-3"))   # Applied or Refused
    view_for(result.state, 1)                                      # what seat 1 may see
"""

from __future__ import annotations

from .cards import CLASSIC, COLORS, Deck
from .decks import DECKS, apply, legal_actions, legal_moves, new_game, rules_for
from .engine import Rules
from .moves import ACTIONS, REASONS, Applied, Event, Move, Refused, events_json
from .options import InvalidSetup, Options
from .position import position
from .scoring import ranking
from .state import GameState, RoundSummary
from .timeout import timeout_move, timeout_turn, turn_goes_on
from .views import log_entry_for, public_view, view_for

__all__ = [
    "ACTIONS", "CLASSIC", "COLORS", "DECKS", "REASONS", "Applied", "Deck", "Event",
    "GameState", "InvalidSetup", "Move", "Options", "Refused", "RoundSummary", "Rules",
    "apply", "events_json", "legal_actions", "legal_moves", "log_entry_for", "new_game",
    "position", "public_view", "ranking", "rules_for", "timeout_move", "timeout_turn",
    "turn_goes_on", "view_for",
]
