"""Small helpers shared by the rules tests."""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass

from games.rules import CLASSIC, Applied, GameState, Move, Options, Refused, apply

DRAW, PASS, TAKE, CONCEDE = Move("draw"), Move("pass"), Move("take"), Move("concede")


def rigged_order(first: list[str]) -> list[str]:
    """A whole classic deck, top card first, that starts with `first`."""
    rest = Counter(CLASSIC.full()) - Counter(CLASSIC.ids[code] for code in first)
    return list(first) + [CLASSIC.codes[card] for card in sorted(rest.elements())]


def codes(cards) -> list[str]:
    return [CLASSIC.codes[card] for card in cards]


def hand(state: GameState, seat: int) -> list[str]:
    return codes(state.hands[seat])


def pile(state: GameState) -> list[str]:
    """The draw pile, top card first."""
    return codes(reversed(state.draw_pile))


def all_cards(state: GameState) -> Counter:
    return Counter(
        [card for h in state.hands for card in h] + state.draw_pile + state.discard
    )


def play(card: str, color: str | None = None, target: int | None = None,
         call: bool = False) -> Move:
    return Move("play", card, color, target, call)


def ok(state: GameState, seat: int, move: Move) -> GameState:
    result = apply(state, seat, move)
    assert isinstance(result, Applied), f"{move} refused: {getattr(result, 'code', None)}"
    return result.state


def ok_events(state: GameState, seat: int, move: Move) -> tuple[GameState, list[str]]:
    result = apply(state, seat, move)
    assert isinstance(result, Applied), f"{move} refused: {getattr(result, 'code', None)}"
    return result.state, [event.kind for event in result.events]


def refusal(state: GameState, seat: int, move: Move) -> str:
    """The reason code of a refused move; the state must be exactly as it was."""
    before = copy.deepcopy(state)
    snapshot = json.dumps(state.to_dict())
    result = apply(state, seat, move)
    assert isinstance(result, Refused), f"{move} was accepted"
    assert state == before
    assert json.dumps(state.to_dict()) == snapshot
    return result.code


@dataclass(frozen=True)
class Spec:
    """A random game for the property tests: its deck, players, house rules, the seed of its
    deal and the seed of the choices made in it."""

    deck: str
    players: int
    options: Options
    seed: int
    choices: int
