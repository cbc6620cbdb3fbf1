"""The All Wild deck: 112 cards, every one a Wild that plays on anything, with the last-card
call on by default (the rule text is shared/rules/all-wild.txt; docs/playing.md explains it).

A color may be declared with any card and changes nothing: the color in play is the one the top
card was played with, or none (`ANY_COLOR`). The starter card is a placeholder. A player may
draw instead of playing, then play the drawn card or keep it (`pass`).
"""

from __future__ import annotations

from .cards import (
    COLOR_INDEX,
    DRAW2,
    FORCED_SWAP,
    NO_COLOR,
    REVERSE,
    SKIP,
    SKIP2,
    TARGETED_DRAW2,
    WILD,
    WILD_DRAW4,
    Deck,
)
from .engine import Rules
from .moves import Event
from .options import Options
from .state import ANY_COLOR, NONE, GameState

# The whole deck, in the order a hand is shown: code, kind, points left in a hand, copies.
CARDS = (
    ("wild", WILD, 20, 28),
    ("wild-reverse", REVERSE, 50, 12),
    ("wild-skip", SKIP, 50, 12),
    ("wild-skip2", SKIP2, 50, 12),
    ("wild-draw2", DRAW2, 50, 12),
    ("wild-draw4", WILD_DRAW4, 50, 12),
    ("wild-targeted-draw2", TARGETED_DRAW2, 50, 12),
    ("wild-forced-swap", FORCED_SWAP, 50, 12),
)
ALL_WILD = Deck(
    "all-wild",
    tuple(code for code, _, _, _ in CARDS),
    tuple(NO_COLOR for _ in CARDS),
    tuple(kind for _, kind, _, _ in CARDS),
    tuple(points for _, _, points, _ in CARDS),
    tuple(copies for _, _, _, copies in CARDS),
)

_KINDS = ALL_WILD.kinds
_PENALTY = {DRAW2: 2, WILD_DRAW4: 4}
_TARGETED = 2  # cards a Wild Targeted Draw Two gives its target


class AllWildRules(Rules):
    deck = ALL_WILD
    color_declared = False
    optional_draw = True

    # -------------------------------------------------------------- starter
    def starter_effect(self, s: GameState, first: int, events: list[Event]) -> None:
        """The starter is a placeholder, whatever it is: the first player just plays."""
        s.color = ANY_COLOR
        s.turn = first
        s.lost_turns = ()

    # -------------------------------------------------------------- queries
    def is_playable(self, s: GameState, hand: list[int], card: int) -> bool:
        return True

    def card_refusal(self, s: GameState, hand: list[int], card: int) -> str | None:
        if s.drawn != NONE and card != s.drawn:
            return "only-drawn-card"
        if s.penalty:  # stacking: a Wild Draw Two answers only a Wild Draw Two, a Four a Four
            return None if _KINDS[card] == _KINDS[s.discard[-1]] else "penalty-waiting"
        return None

    def playable_cards(self, s: GameState, seat: int) -> list[int]:
        if s.drawn != NONE:
            return [s.drawn]
        hand = s.hands[seat]
        if s.penalty:
            kind = _KINDS[s.discard[-1]]
            return sorted({card for card in hand if _KINDS[card] == kind})
        return sorted(set(hand))

    def has_targets(self, options: Options) -> bool:
        return True

    def needs_target(self, s: GameState, hand: list[int], card: int) -> bool:
        # A Forced Swap as the last card has no effect (the round is won), so no target.
        kind = _KINDS[card]
        return kind == TARGETED_DRAW2 or (kind == FORCED_SWAP and len(hand) > 1)

    def cards_after_play(self, s: GameState, seat: int, card: int, target: int | None) -> int:
        left = len(s.hands[seat]) - 1
        if _KINDS[card] == FORCED_SWAP and left and target is not None:
            return len(s.hands[target])
        return left

    def declared_color(self, color: object) -> int:
        """A color may be declared, and changes nothing; none at all is fine too."""
        if color is None:
            return ANY_COLOR
        return COLOR_INDEX.get(color, NONE) if isinstance(color, str) else NONE

    # -------------------------------------------------------------- effects
    def play_effect(
        self, s: GameState, seat: int, card: int, target: int | None, events: list[Event]
    ) -> None:
        kind = _KINDS[card]
        after = s.next_seat(seat)
        if kind == SKIP:
            events.append(Event("skipped", after))
            s.turn = s.next_seat(after)
        elif kind == SKIP2:
            if s.players - sum(s.left) == 2:
                # "Take 2 extra turns": the other player loses this turn and the next one.
                events.append(Event("skipped", after))
                s.lost_turns = (*s.lost_turns, after)
                s.turn = seat
            else:
                second = s.next_seat(after)
                events.append(Event("skipped", after))
                events.append(Event("skipped", second))
                s.turn = s.next_seat(second)
        elif kind == REVERSE:
            s.direction = -s.direction
            events.append(Event("reversed", seat))
            if s.players - sum(s.left) == 2:
                events.append(Event("skipped", s.next_seat(seat)))
                s.turn = seat
            else:
                s.turn = s.next_seat(seat)
        elif kind in _PENALTY:
            if s.options.stacking:
                s.penalty += _PENALTY[kind]
                s.turn = after
            else:
                self.draw(s, after, _PENALTY[kind], events, kind="took")
                events.append(Event("skipped", after))
                s.turn = s.next_seat(after)
        elif kind == TARGETED_DRAW2:
            # The target draws but keeps their turn; play goes on to the next player.
            self.draw(s, target, _TARGETED, events, kind="took")
            s.turn = after
        elif kind == FORCED_SWAP:
            s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
            events.append(Event("swapped", seat, target=target))
            s.turn = after
        else:
            s.turn = after

    def last_card_effect(self, s: GameState, seat: int, card: int, events: list[Event]) -> None:
        # Cards a last draw card gives are drawn first, so they count in the winner's points.
        kind = _KINDS[card]
        if kind in _PENALTY:
            count = s.penalty + _PENALTY[kind]
            s.penalty = 0
            self.draw(s, s.next_seat(seat), count, events, kind="took")
        elif kind == TARGETED_DRAW2:
            target = events[-1].target  # the "played" event names it
            self.draw(s, target, _TARGETED, events, kind="took")

    def after_move(self, s: GameState, seat: int, events: list[Event]) -> None:
        """A turn still to be lost (a Wild Skip Two with two players) is lost when play next
        comes to that seat with no penalty waiting for it."""
        if not s.lost_turns or s.turn == seat or s.penalty or s.drawn != NONE:
            return
        lost = list(s.lost_turns)
        while s.turn in lost:
            lost.remove(s.turn)
            events.append(Event("skipped", s.turn))
            s.turn = s.next_seat(s.turn)
        s.lost_turns = tuple(lost)


ALL_WILD_RULES = AllWildRules()
