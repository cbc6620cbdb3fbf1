"""Moves, refusals and what an accepted move reports.

A move is a small value that round-trips through the API's JSON and through a short string
(`play wild red`, `play flame-7 @2`, `draw`), like python-chess's UCI moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

PLAY, DRAW, TAKE, PASS, CHOOSE, CONCEDE = "play", "draw", "take", "pass", "choose", "concede"
# The last-card call (All Wild, or the house rule `last_card_call`): any seat, out of turn too.
CALL, CATCH = "call", "catch"
ACTIONS = (PLAY, DRAW, TAKE, PASS, CHOOSE, CONCEDE, CALL, CATCH)
# The fields each action takes besides its name; any other one sent with it is refused (a
# `card` on a `draw` would otherwise be written into the public log as if it were drawn).
FIELDS = {PLAY: ("card", "color", "target", "call"), DRAW: (), TAKE: (), PASS: (),
          CHOOSE: ("color",), CONCEDE: (), CALL: (), CATCH: ("target",)}

# Reason codes of api.md, each with a sentence for people.
REASONS = {
    "game-not-playing": "The game is not being played: it has not started, or it is over.",
    "unknown-card": "That is not a card of this deck.",
    "not-your-turn": "It is not your turn, and this is not a valid jump-in.",
    "not-in-hand": "That card is not in your hand.",
    "color-required": "Choose one of the four colors: red, yellow, green or blue.",
    "only-drawn-card": "You have just drawn a card: only that card may be played.",
    "penalty-waiting": "A draw penalty is waiting: answer it with a matching draw card or take it.",
    "wild-draw4-color-held": (
        "A Wild Draw 4 may only be played when you hold no card of the color in play."
    ),
    "no-match": "The card matches neither the color in play nor the number or action on top.",
    "must-play": "You hold a playable card, so you must play.",
    "cannot-pass": "You can still draw a card, so you cannot pass.",
    "nothing-to-take": "No draw penalty is waiting.",
    "target-required": "Name another player's seat as the target.",
    # Ours (not fixed by api.md): `choose` when no color is waiting to be chosen.
    "nothing-to-choose": "No color is waiting to be chosen.",
    # The last-card call (issue 12).
    "nothing-to-catch": (
        "That player cannot be caught: they do not hold one card without having called "
        "\"last card\", or a move has been made since."
    ),
    "nothing-to-call": "There is nothing to call: the last-card call is off at this table, or "
                       "you are not holding one card you have yet to call.",
}


class Move(NamedTuple):
    """A named tuple rather than a dataclass: games make millions of them in simulations."""

    action: str
    card: str | None = None
    color: str | None = None
    target: int | None = None
    call: bool = False  # a play that calls "last card" with it

    def to_dict(self) -> dict:
        return {"action": self.action, "card": self.card, "color": self.color,
                "target": self.target, "call": self.call}

    @classmethod
    def from_dict(cls, data: dict) -> Move:
        if data.get("action") not in ACTIONS:
            raise ValueError(f"unknown action {data.get('action')!r}")
        return cls(data["action"], data.get("card"), data.get("color"), data.get("target"),
                   bool(data.get("call", False)))

    def unexpected_fields(self) -> tuple[str, ...]:
        """The fields given (not None, `call` not False) that this move's action does not
        take, in the order of the API's body."""
        taken = FIELDS[self.action]
        given = {"card": self.card is not None, "color": self.color is not None,
                 "target": self.target is not None, "call": self.call}
        return tuple(name for name, sent in given.items() if sent and name not in taken)

    def __str__(self) -> str:
        parts = [self.action]
        if self.card is not None:
            parts.append(self.card)
        if self.color is not None:
            parts.append(self.color)
        if self.target is not None:
            parts.append(f"@{self.target}")
        if self.call:
            parts.append("call")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Move:
        action, *rest = text.split()
        if action not in ACTIONS:
            raise ValueError(f"unknown action {action!r}")
        card = color = target = None
        call = False
        for word in rest:
            if word.startswith("@"):
                target = int(word[1:])
            elif word == "call" and action == PLAY:
                call = True
            elif action == CHOOSE or (card is not None and color is None):
                color = word
            else:
                card = word
        return cls(action, card, color, target, call)


@dataclass(frozen=True, slots=True)
class Refused:
    """A refused move: exactly one reason code. The state it was tried on is unchanged."""

    code: str
    ok = False

    @property
    def detail(self) -> str:
        return REASONS[self.code]


# The kinds of event the engine reports today. The set grows with the rules (a new card, a new
# house rule): the API documents these as known values, and clients must accept others.
EVENT_KINDS = (
    "dealt", "starter-returned", "played", "chose", "drew", "took", "passed", "skipped",
    "reversed", "reshuffled", "swapped", "hands-passed", "called", "caught", "conceded",
    "round-won", "round-blocked", "round-abandoned", "game-over",
)


class Event(NamedTuple):
    """Something that happened during an accepted move, for logs, notices and animations.

    `cards` of a `drew` event are private to `seat`: public views show only `count`.
    """

    kind: str
    seat: int | None = None
    card: str | None = None
    color: str | None = None
    target: int | None = None
    cards: tuple[str, ...] = ()
    count: int = 0
    points: int | None = None


def events_json(events: list[Event]) -> list[dict]:
    """The events as the move log stores them: without their empty fields. Seat 0, target 0
    and a count of 0 are values, not blanks (seat 0 must see the cards it drew)."""
    return [{key: value for key, value in event._asdict().items()
             if value is not None and value != ()} for event in events]


class Applied(NamedTuple):
    """An accepted move: the new state and what happened, in order. When the move ended a
    round and the next was dealt, `ended` is the state as the ended round left it."""

    state: object
    events: list[Event]
    ended: object | None = None
    ok = True  # a class attribute, as on Refused
