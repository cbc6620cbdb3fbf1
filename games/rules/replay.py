"""The move log as entries that rebuild a game, and `replay`, which rebuilds it.

Every change of a game is one log entry: a deal (action `deal`: the first round's at the start,
and each later round's in an entry of its own after the move that ended the round before), or
an accepted move, each with the events it caused (`events_json`). With the round seeds revealed
(`fairness.py`), `replay` deals and applies every entry again and checks that it causes exactly
the events logged: the cards each draw took off the pile, the starter, every effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .decks import DECKS, new_game
from .fairness import Seed
from .moves import CATCH, CHOOSE, PLAY, Applied, Event, Move, events_json
from .options import Options
from .state import GameState

DEAL = "deal"
ROUND_ENDS = ("round-won", "round-blocked")
_SAYS = ("played", "chose", "caught")  # the events that tell a move's color and target
# The fields of `moves.Event`, those a log's events are compared on.
EVENT_FIELDS = frozenset(("kind", "seat", "card", "color", "target", "cards", "count", "points"))


@dataclass
class ReplayMismatch(Exception):
    """The log does not replay: entry `index` (0 first) was refused or caused other events."""

    index: int
    detail: str

    def __str__(self) -> str:
        return f"entry {self.index}: {self.detail}"


def entry(seat: int, action: str, round_number: int, events: list[dict], *,
          card: str | None = None, color: str | None = None, target: int | None = None,
          call: bool = False) -> dict:
    return {"round": round_number, "seat": seat, "action": action, "card": card,
            "color": color, "target": target, "call": call, "events": events}


def deal_entry(state: GameState, events: list[Event] | list[dict]) -> dict:
    """The entry of a round just dealt: by its dealer, with the starter and what it did."""
    codes = DECKS[state.deck].deck.codes
    return entry(state.dealer, DEAL, state.round_number, _as_json(events),
                 card=codes[state.discard[0]])


def move_entries(seat: int, move: Move, result: Applied) -> list[dict]:
    """The entries of an accepted move: the move's own and, when it ended a round and the next
    was dealt, the deal's. The color and target are those the rules used (a color sent with a
    number card is not logged)."""
    events = events_json(result.events)
    said = next((e for e in result.events if e.kind in _SAYS), None)
    ended = result.ended
    if ended is not None:
        cut = max(i for i, e in enumerate(result.events) if e.kind in ROUND_ENDS) + 1
        events, dealt = events[:cut], events[cut:]
    own = entry(seat, move.action, (ended or result.state).round_number, events,
                card=move.card, color=said.color if said else None,
                target=said.target if said else None, call=move.call)
    return [own] if ended is None else [own, deal_entry(result.state, dealt)]


def called_with(entry: dict) -> bool:
    """Whether a logged play called "last card" with it (a log without the `call` field)."""
    return entry["action"] == PLAY and any(
        e.get("kind") == "called" and e.get("seat") == entry["seat"] for e in entry["events"])


def move_of(entry: dict) -> Move:
    call = entry.get("call")
    action = entry["action"]
    color = entry.get("color") if action in (PLAY, CHOOSE) else None
    target = entry.get("target") if action in (PLAY, CATCH) else None
    return Move(action, entry.get("card") if action == PLAY else None, color, target,
                called_with(entry) if call is None else bool(call))


def replay(deck: str, players: int, options: Options, seeds: Seed | Mapping[int, str],
           entries: list[dict], deck_order: list[str] | None = None) -> list[GameState]:
    """The state after each entry of a game's log, from its round seeds (by round number; or
    the table's own seed). Raises ReplayMismatch where the log and the rules part ways."""
    if not entries or entries[0]["action"] != DEAL:
        raise ReplayMismatch(0, "the log does not start with the first round's deal")
    dealt = new_game(players, options, seeds, deck_order, deck=deck)
    state = dealt.state
    _same(0, deal_entry(state, dealt.events), entries[0])
    states = [state]
    pending: dict | None = None  # the deal the last move made, logged in the next entry
    for index, logged in enumerate(entries[1:], 1):
        if pending is not None:
            if logged["action"] != DEAL:
                raise ReplayMismatch(index, "a round ended but the next deal is not logged")
            _same(index, pending, logged)
            states.append(state)
            pending = None
            continue
        if logged["action"] == DEAL:
            raise ReplayMismatch(index, "a deal where no round ended")
        move = move_of(logged)
        result = DECKS[state.deck].apply(state, logged["seat"], move)
        if not result.ok:
            raise ReplayMismatch(index, f"the move {move} of seat {logged['seat']} is refused: "
                                        f"{result.code}")
        own, *deal = move_entries(logged["seat"], move, result)
        _same(index, own, logged)
        if deal:
            pending = deal[0]
            states.append(result.ended)
        else:
            states.append(result.state)
        state = result.state
    if pending is not None:
        raise ReplayMismatch(len(entries), "a round ended but the next deal is not logged")
    return states


def _as_json(events: list[Event] | list[dict]) -> list[dict]:
    return events_json(events) if events and isinstance(events[0], Event) else list(events)


def _plain(events: list[dict]) -> list[dict]:
    """Events compared as JSON has them, fields of the engine's events only (storage may add
    a `commitment` to a deal's)."""
    return [{key: list(value) if isinstance(value, tuple) else value
             for key, value in event.items() if key in EVENT_FIELDS} for event in events]


def _same(index: int, made: dict, logged: dict) -> None:
    for key in ("seat", "action", "round"):
        if made[key] != logged.get(key):
            raise ReplayMismatch(index, f"{key} is {logged.get(key)!r}, the replay has "
                                        f"{made[key]!r}")
    if made["action"] == DEAL and made["card"] != logged.get("card"):
        raise ReplayMismatch(index, f"the starter is {logged.get('card')!r}, the seed deals "
                                    f"{made['card']!r}")
    made_events, logged_events = _plain(made["events"]), _plain(logged["events"])
    if made_events != logged_events:
        for a, b in zip(made_events, logged_events, strict=False):
            if a != b:
                raise ReplayMismatch(index, f"the log has {b}, the replay {a}")
        raise ReplayMismatch(index, f"the log has {len(logged_events)} events, the replay "
                                    f"{len(made_events)}")

