"""The decks a table can be played with, by name, and the calls that go to a state's deck.

Every module of the engine that needs a state's rules imports them from here; a new deck is one
more entry in `DECKS` (its `Deck` and its `Rules` subclass), nothing else changes.
"""

from __future__ import annotations

from .all_wild import ALL_WILD_RULES
from .classic import CLASSIC_RULES
from .engine import Rules
from .fairness import ClientSeeds, Seed
from .moves import Applied, Move, Refused
from .options import InvalidSetup, Options
from .state import GameState

DECKS: dict[str, Rules] = {"classic": CLASSIC_RULES, "all-wild": ALL_WILD_RULES}


def rules_for(state_or_deck: GameState | str) -> Rules:
    name = state_or_deck if isinstance(state_or_deck, str) else state_or_deck.deck
    return DECKS[name]


def new_game(
    players: int,
    options: Options | None = None,
    seed: Seed = 0,
    deck_order: list[str] | None = None,
    deck: str = "classic",
    client_seeds: ClientSeeds = (),
) -> Applied:
    if deck not in DECKS:
        raise InvalidSetup("deck", f"deck must be one of: {', '.join(DECKS)}.")
    return DECKS[deck].new_game(players, options, seed, deck_order, client_seeds)


def apply(state: GameState, seat: int, move: Move, in_place: bool = False) -> Applied | Refused:
    return DECKS[state.deck].apply(state, seat, move, in_place)


def legal_actions(state: GameState, seat: int) -> list[str]:
    return DECKS[state.deck].legal_actions(state, seat)


def legal_moves(state: GameState, seat: int) -> list[Move]:
    return DECKS[state.deck].legal_moves(state, seat)
