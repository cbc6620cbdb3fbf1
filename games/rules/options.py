"""Every table setting, declared once: its name, values, default, the decks and modes it goes
with, its words for people, whether it changes the rules, and where the API's table body holds
it. The engine's `Options`, the table's stored settings, the API's fields and schema, the
new-table form, the admin, the record's `options` and the lobby's summary line are all derived
from `SETTINGS` by small loops; nothing else names a setting.

Adding a house rule: declare it here (`rules=True`), make the engine read it from
`state.options`, and test it. Adding a table setting: declare it here, and the code that acts
on it reads `table.settings.<name>`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

SINGLE, TARGET = "single", "target"
TARGET_MIN, TARGET_MAX, TARGET_DEFAULT = 50, 5000, 500
TURN, REALTIME = "turn", "realtime"
BOT, LEAVE = "bot", "leave"  # what a turn that runs out does (turn by turn)
CLASSIC, ALL_WILD = "classic", "all-wild"
DECK_TITLES = {CLASSIC: "classic", ALL_WILD: "All Wild"}

# The new-table form's fieldsets, in this order; a setting names the one it goes in.
PLAYERS_AND_TIME, SCORING, DECK, HOUSE_RULES, WATCHING, RATINGS = (
    "Players and time", "Scoring", "Deck", "House rules", "Watching", "Ratings")
SECTIONS = (PLAYERS_AND_TIME, SCORING, DECK, HOUSE_RULES, WATCHING, RATINGS)


class InvalidSetup(ValueError):
    """A game no table may have (options, players, deck order); `field` names the culprit."""

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(detail)
        self.field = field
        self.detail = detail


@dataclass(frozen=True)
class Setting:
    name: str
    kind: type  # bool, int or str
    default: Any
    label: str  # for people: the form's label
    help: str  # for people: the form's help text, the API field's description
    section: str  # the new-table form's fieldset (SECTIONS)
    choices: tuple[tuple[Any, str], ...] = ()  # a fixed set: (value, its words for people)
    low: int | None = None  # an int's range, when it has no fixed set
    high: int | None = None
    rules: bool = False  # changes the rules: in the engine's `Options` and the record's options
    group: str | None = None  # where the API's table body nests it ("options", "scoring")
    wire: str = ""  # its name there, when not `name`
    decks: tuple[str, ...] = ()  # the only decks it may be turned on with (empty: every deck)
    modes: tuple[str, ...] = ()  # the modes it applies to (empty: both)
    nullable: bool = False  # None: as the deck has it (`deck_defaults`), settled at the deal
    deck_defaults: Mapping[str, Any] = field(default_factory=dict)
    radio: bool = False  # the form shows its choices side by side rather than in a list
    short: str = ""  # a house rule's name in the summary line ("7-0")
    # The summary line's words for the value, given all the settings; None: unsaid.
    words: Callable[[Any, Any], str | None] | None = None

    @property
    def wire_name(self) -> str:
        return self.wire or self.name

    @property
    def values(self) -> tuple:
        return tuple(value for value, _ in self.choices)

    def words_for(self, value: Any) -> str:
        """The value in people's words: its choice's words, or the value itself."""
        return next((words for choice, words in self.choices if choice == value), str(value))

    def check(self, value: Any) -> Any:
        """`value` if this setting may have it; InvalidSetup naming the setting otherwise."""
        if value is None and self.nullable:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise InvalidSetup(self.name, f"{self.name} must be true or false.")
        elif isinstance(value, bool) or not isinstance(value, self.kind):
            raise InvalidSetup(self.name, self.must_be())
        if self.choices and value not in self.values:
            raise InvalidSetup(self.name, self.must_be())
        if self.low is not None and not self.low <= value <= (self.high or value):
            raise InvalidSetup(self.name, self.must_be())
        return value

    def must_be(self) -> str:
        if self.choices:
            shown = [repr(v) if isinstance(v, str) else str(v) for v in self.values]
            listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
            return f"{self.name} must be {listed}."
        if self.low is not None:
            return f"{self.name} must be a whole number from {self.low} to {self.high}."
        return f"{self.name} must be {'a whole number' if self.kind is int else 'a string'}."


def _pace(settings: Any) -> str:
    if settings.mode == REALTIME:
        return f"real time, {_setting('move_timer').words_for(settings.move_timer).lower()} timer"
    return f"turn by turn, {settings.turn_hours} h a turn"


def _declare(*settings: Setting) -> dict[str, Setting]:
    return {setting.name: setting for setting in settings}


# The order is the form's, the API body's and the summary line's.
SETTINGS: dict[str, Setting] = _declare(
    Setting("players", int, 4, "Players", "2 to 10 seats. You can start before every seat is "
            "taken.", PLAYERS_AND_TIME, low=2, high=10),
    Setting("mode", str, TURN, "Mode", "Turn by turn: each player has hours for a turn, with "
            "email reminders. Real time: a timer runs on every turn.", PLAYERS_AND_TIME,
            choices=((TURN, "Turn by turn"), (REALTIME, "Real time")), radio=True,
            words=lambda value, settings: _pace(settings)),
    Setting("turn_hours", int, 24, "Time for a turn (turn by turn)", "How long each player "
            "has for a turn; a reminder comes at halfway.", PLAYERS_AND_TIME,
            choices=((12, "12 hours"), (24, "24 hours"), (72, "72 hours")), modes=(TURN,)),
    Setting("on_expiry", str, BOT, "When a turn runs out (turn by turn)", "What happens when a "
            "player lets the time run out.", PLAYERS_AND_TIME,
            choices=((BOT, "A bot plays the turn"), (LEAVE, "The player leaves the game")),
            modes=(TURN,)),
    Setting("move_timer", str, "normal", "Move timer (real time)", "The timer of each turn; "
            "three timeouts hand the seat to a bot.", PLAYERS_AND_TIME,
            choices=(("relaxed", "Relaxed: 45 seconds"), ("normal", "Normal: 30 seconds"),
                     ("fast", "Fast: 15 seconds")), modes=(REALTIME,)),
    Setting("scoring", str, SINGLE, "Scoring", "A single round: the first to empty their hand "
            "wins. To a target: rounds go on until someone reaches the target.", SCORING,
            choices=((SINGLE, "A single round"), (TARGET, "Play to a target score")),
            radio=True, rules=True, group="scoring", wire="mode",
            words=lambda value, settings: (f"to {settings.target} points" if value == TARGET
                                           else "a single round")),
    Setting("target", int, TARGET_DEFAULT, "Target score", f"Points to reach in a game to a "
            f"target ({TARGET_MIN} to {TARGET_MAX}).", SCORING, low=TARGET_MIN,
            high=TARGET_MAX, rules=True, group="scoring"),
    Setting("deck", str, CLASSIC, "Deck", "All Wild has no numbers and no colors to follow, so "
            "7-0, jump-in and draw until playable do not go with it; stacking does.", DECK,
            choices=((CLASSIC, "Classic: 108 cards, match the color or number"),
                     (ALL_WILD, "All Wild: 112 Wild cards, every card plays on anything")),
            radio=True, words=lambda value, settings: f"the {DECK_TITLES[value]} deck"),
    Setting("stacking", bool, False, "Stacking", "A Draw 2 or Wild Draw 4 may be passed on "
            "with another one.", HOUSE_RULES, rules=True, group="options", short="stacking"),
    Setting("seven_zero", bool, False, "7-0", "A 7 swaps hands with a player you choose; a 0 "
            "passes every hand along.", HOUSE_RULES, rules=True, group="options",
            decks=(CLASSIC,), short="7-0"),
    Setting("jump_in", bool, False, "Jump-in", "Play out of turn a card identical to the top "
            "card.", HOUSE_RULES, rules=True, group="options", decks=(CLASSIC,),
            short="jump-in"),
    Setting("draw_until_playable", bool, False, "Draw until playable", "Keep drawing until a "
            "card can be played, instead of one card.", HOUSE_RULES, rules=True,
            group="options", decks=(CLASSIC,), short="draw until playable"),
    Setting("last_card_call", bool, None, "Last-card call", "Say “last card” as you play your "
            "second-to-last card, or anyone may catch you and you draw 2. Left out: as the "
            "deck has it (always on with the All Wild deck, off with the classic one).",
            HOUSE_RULES, rules=True, group="options", nullable=True,
            deck_defaults={CLASSIC: False, ALL_WILD: True}, short="last-card call"),
    Setting("spectators", bool, False, "Allow spectators", "Anyone logged in may watch the "
            "table (never a hand).", WATCHING),
    Setting("vacation", bool, False, "Allow vacation and pause (turn by turn)", "A player on "
            "vacation has no deadline until it ends, and the people seated may agree to pause "
            "the table. Off: every turn keeps its deadline.", PLAYERS_AND_TIME, modes=(TURN,),
            words=lambda value, settings: ("vacation and pause allowed"
                                           if value and settings.mode == TURN else None)),
    Setting("rated", bool, True, "Rated game", "The result moves the players' ratings and "
            "counts for the leaderboard. Only games of people are rated: a bot seated, or one "
            "playing for someone away, makes the game unrated.", RATINGS),
)


def _setting(name: str) -> Setting:
    return SETTINGS[name]


def rule_settings() -> dict[str, Setting]:
    """The settings that change the rules, in their order."""
    return {name: setting for name, setting in SETTINGS.items() if setting.rules}


class _Values:
    """An immutable set of values, one attribute per setting `_which()` declares (plain
    attributes, for the engine's hot paths); each value checked by its declaration."""

    @staticmethod
    def _which() -> dict[str, Setting]:
        return SETTINGS

    def __init__(self, **given: Any) -> None:
        declared = self._which()
        unknown = [name for name in given if name not in declared]
        if unknown:
            raise InvalidSetup(unknown[0], f"There is no setting {unknown[0]}.")
        for name, setting in declared.items():
            object.__setattr__(self, name, setting.check(given.get(name, setting.default)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} cannot be changed: replace() it")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash(tuple(vars(self).items()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in vars(self).items())
        return f"{type(self).__name__}({shown})"

    def to_dict(self) -> dict:
        return dict(vars(self))

    def replace(self, **changes: Any):
        return type(self)(**{**vars(self), **changes})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]):
        return cls(**data)


class Options(_Values):
    """The settings of a game that change its rules: what the engine reads (`state.options`)."""

    @staticmethod
    def _which() -> dict[str, Setting]:
        return rule_settings()


def calls_last_card(options: Options) -> bool:
    """Whether a player must say "last card" with their second-to-last card (settled)."""
    return bool(options.last_card_call)


def draws_until_a_card_plays(options: Options) -> bool:
    """Whether a draw goes on until it brings a card that plays, rather than one card."""
    return options.draw_until_playable


class TableSettings(_Values):
    """Every setting of a table (`table.settings`)."""

    def options(self) -> Options:
        return Options(**{name: getattr(self, name) for name in rule_settings()})

    def settled(self) -> TableSettings:
        """With each setting left to the deck (None) as the deck has it."""
        deck = getattr(self, "deck", CLASSIC)
        return self.replace(**{name: setting.deck_defaults[deck]
                               for name, setting in SETTINGS.items()
                               if setting.nullable and getattr(self, name) is None})

    def summary(self, *, rules_only: bool = False) -> list[str]:
        """The settings in the words of the lobby's summary line, with the house rules that
        differ from the deck's own way of playing in one item. `rules_only`: the rules and
        the deck alone (what a game's record keeps)."""
        said, rules = [], []
        deck = getattr(self, "deck", CLASSIC)
        for name, setting in SETTINGS.items():
            if rules_only and not setting.rules and name != "deck":
                continue
            value = getattr(self, name)
            if setting.section == HOUSE_RULES:
                if value and value != setting.deck_defaults.get(deck, setting.default):
                    rules.append(setting.short or setting.label)
            elif setting.words is not None and (words := setting.words(value, self)):
                said.append(words)
        said.append(f"house rules: {', '.join(rules)}" if rules else "no house rules")
        return said


def refused_with(deck: str, options: Options) -> list[str]:
    """The settings turned on in `options` that the deck does not go with."""
    return [name for name, setting in rule_settings().items()
            if setting.decks and deck not in setting.decks and getattr(options, name)]


def to_wire(values: Mapping[str, Any]) -> dict:
    """The settings as the API's table body has them: top-level, or nested in their group
    under their wire name, groups where their first member is."""
    body: dict[str, Any] = {}
    for name, setting in SETTINGS.items():
        if name not in values:
            continue
        if setting.group is None:
            body[name] = values[name]
        else:
            body.setdefault(setting.group, {})[setting.wire_name] = values[name]
    return body


def from_wire(body: Mapping[str, Any]) -> dict:
    """The settings named in an API table body (the inverse of `to_wire`); other keys are
    left out."""
    values = {}
    for name, setting in SETTINGS.items():
        where = body if setting.group is None else (body.get(setting.group) or {})
        if setting.wire_name in where:
            values[name] = where[setting.wire_name]
    return values


def groups() -> dict[str, list[Setting]]:
    """The API body's nested groups and their settings, in order."""
    found: dict[str, list[Setting]] = {}
    for setting in SETTINGS.values():
        if setting.group is not None:
            found.setdefault(setting.group, []).append(setting)
    return found
