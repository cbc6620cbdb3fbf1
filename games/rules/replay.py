"""The move log as entries that rebuild a game, and `replay`, which rebuilds it.

Every change of a game is one log entry: a deal (action `deal`: the first round's at the start,
and each later round's in an entry of its own after the move that ended the round before), or
an accepted move, each with the events it caused (`events_json`). With the round seeds revealed
and the seeds the players added to each deal (`fairness.py`), `replay` deals and applies
every entry again and checks that it causes exactly
the events logged: the cards each draw took off the pile, the starter, every effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .decks import DECKS, new_game
from .fairness import ClientSeeds, Seed
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
    was dealt, the deal's. The card, color and target are those the rules used, from the move's
    own event (a color sent with a number card is not logged, nor a card with a draw)."""
    events = events_json(result.events)
    said = next((e for e in result.events if e.kind in _SAYS), None)
    ended = result.ended
    if ended is not None:
        cut = max(i for i, e in enumerate(result.events) if e.kind in ROUND_ENDS) + 1
        events, dealt = events[:cut], events[cut:]
    own = entry(seat, move.action, (ended or result.state).round_number, events,
                card=said.card if said else None, color=said.color if said else None,
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
           entries: list[dict], deck_order: list[str] | None = None,
           client_seeds: Mapping[int, ClientSeeds] | None = None) -> list[GameState]:
    """The state after each entry of a game's log, from its round seeds (the server's, by
    round number; or the table's own seed) and the players' seeds added to each deal (by round
    number). Raises ReplayMismatch where the log and the rules part ways."""
    if not entries or entries[0]["action"] != DEAL:
        raise ReplayMismatch(0, "the log does not start with the first round's deal")
    added = client_seeds or {}
    dealt = new_game(players, options, seeds, deck_order, deck=deck,
                     client_seeds=added.get(1, ()))
    state = dealt.state
    rules = DECKS[deck]
    codes = rules.deck.codes
    _same(0, (state.dealer, DEAL, 1), codes[state.discard[0]], dealt.events, entries[0])
    states = [state]
    pending: list[Event] | None = None  # the deal the last move made, logged in the next entry
    for index, logged in enumerate(entries[1:], 1):
        if pending is not None:
            if logged["action"] != DEAL:
                raise ReplayMismatch(index, "a round ended but the next deal is not logged")
            _same(index, (state.dealer, DEAL, state.round_number), codes[state.discard[0]],
                  pending, logged)
            states.append(state)
            pending = None
            continue
        if logged["action"] == DEAL:
            raise ReplayMismatch(index, "a deal where no round ended")
        seat = logged["seat"]
        move = move_of(logged)
        following = added.get(state.round_number + 1, ())
        if state.next_seeds != following:  # as the table held them: a move may deal that round
            state = state.copy()
            state.next_seeds = following
        try:
            result = rules.apply(state, seat, move)
        except KeyError:  # a round dealt (or reshuffled) whose seed the caller did not give
            raise ReplayMismatch(index, f"the move {move} of seat {seat} deals or shuffles for "
                                        f"a round whose seed is not revealed") from None
        if not result.ok:
            raise ReplayMismatch(index, f"the move {move} of seat {seat} is refused: "
                                        f"{result.code}")
        events, ended = result.events, result.ended
        if ended is not None:
            cut = max(i for i, e in enumerate(events) if e.kind in ROUND_ENDS) + 1
            events, pending = events[:cut], events[cut:]
        _same(index, (seat, move.action, (ended or result.state).round_number), None, events,
              logged)
        states.append(result.state if ended is None else ended)
        state = result.state
    if pending is not None:
        raise ReplayMismatch(len(entries), "a round ended but the next deal is not logged")
    return states


def _as_json(events: list[Event] | list[dict]) -> list[dict]:
    return events_json(events) if events and isinstance(events[0], Event) else list(events)


def _events(logged: list[dict]) -> list[Event]:
    """Logged events (JSON) as the engine's: the fields of an Event only (storage may add a
    `commitment` to a deal's), the drawn cards a tuple."""
    return [Event(**{key: tuple(value) if key == "cards" else value
                     for key, value in event.items() if key in EVENT_FIELDS})
            for event in logged]


def _same(index: int, header: tuple[int, str, int], starter: str | None, made: list[Event],
          logged: dict) -> None:
    for key, value in zip(("seat", "action", "round"), header, strict=True):
        if value != logged.get(key):
            raise ReplayMismatch(index, f"{key} is {logged.get(key)!r}, the replay has {value!r}")
    if starter is not None and starter != logged.get("card"):
        raise ReplayMismatch(index, f"the starter is {logged.get('card')!r}, the seed deals "
                                    f"{starter!r}")
    try:
        said = _events(logged["events"])
    except TypeError as error:  # a field no event has
        raise ReplayMismatch(index, f"an event is not well-formed: {error}") from None
    if said != made:
        for a, b in zip(events_json(made), events_json(said), strict=False):
            if a != b:
                raise ReplayMismatch(index, f"the log has {b}, the replay {a}")
        raise ReplayMismatch(index, f"the log has {len(said)} events, the replay {len(made)}")
