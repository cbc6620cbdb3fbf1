"""Cards and decks.

A card is a small int, its index in its deck's `codes`; the codes are listed in the order a
hand is shown, so a sorted list of ints is a sorted hand. Codes (`flame-7`, `wild-draw4`) are
what leaves the engine. Each deck numbers its own cards: `wild` is one card in the classic deck
and another in All Wild, and a code of one deck is unknown to the other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

COLORS = ("red", "yellow", "green", "blue")
SYMBOLS = ("flame", "sun", "leaf", "wave")
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
NO_COLOR = -1

# Kinds. Numbers are their own value (0-9); the rest are named.
SKIP, REVERSE, DRAW2, WILD, WILD_DRAW4 = 10, 11, 12, 13, 14
# All Wild kinds (every card of that deck is a Wild).
SKIP2, TARGETED_DRAW2, FORCED_SWAP = 15, 16, 17
ACTION_NAMES = {SKIP: "skip", REVERSE: "reverse", DRAW2: "draw2"}


@dataclass(frozen=True)
class Deck:
    """The cards of one deck: codes in hand order, and per-card lookup tables."""

    name: str
    codes: tuple[str, ...]
    colors: tuple[int, ...]  # NO_COLOR for a Wild
    kinds: tuple[int, ...]
    points: tuple[int, ...]
    counts: tuple[int, ...]  # copies of each card in a full deck
    ids: dict[str, int] = field(init=False, repr=False, compare=False)
    _full: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", {code: i for i, code in enumerate(self.codes)})
        object.__setattr__(
            self, "_full", tuple(card for card, n in enumerate(self.counts) for _ in range(n))
        )

    @property
    def size(self) -> int:
        return sum(self.counts)

    def full(self) -> list[int]:
        """Every card of the deck once per copy, in hand order."""
        return list(self._full)  # built once: every deal starts from it

    def card(self, code: str) -> int | None:
        return self.ids.get(code)

    def code(self, card: int) -> str:
        return self.codes[card]

    def hand_points(self, hand: list[int]) -> int:
        points = self.points
        return sum(points[card] for card in hand)

    def is_complete(self, cards: list[int]) -> bool:
        """True when `cards` holds exactly the deck's cards, each as often as the deck has it."""
        return Counter(cards) == Counter(self.full())


def _classic() -> Deck:
    codes: list[str] = []
    colors: list[int] = []
    kinds: list[int] = []
    points: list[int] = []
    counts: list[int] = []
    for color, symbol in enumerate(SYMBOLS):
        for kind in range(13):
            codes.append(f"{symbol}-{ACTION_NAMES.get(kind, kind)}")
            colors.append(color)
            kinds.append(kind)
            points.append(kind if kind < 10 else 20)
            counts.append(1 if kind == 0 else 2)
    for code, kind in (("wild", WILD), ("wild-draw4", WILD_DRAW4)):
        codes.append(code)
        colors.append(NO_COLOR)
        kinds.append(kind)
        points.append(50)
        counts.append(4)
    return Deck("classic", tuple(codes), tuple(colors), tuple(kinds), tuple(points), tuple(counts))


CLASSIC = _classic()
# Ids of the classic deck's cards that the rules name; a colored card is color * 13 + kind.
CLASSIC_WILD = CLASSIC.ids["wild"]
CLASSIC_WILD_DRAW4 = CLASSIC.ids["wild-draw4"]
