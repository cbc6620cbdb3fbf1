"""What a bot knows: the seat's view (`view_for`), the public move log as the seat may read
it (`log_entry_for`), and nothing else.

From these it works out the moves it may make, and it deals the cards it cannot see at
random, consistently with everything public (hand sizes, the discard pile, its own hand and
the cards a seat showed it lacked when it drew), into a `GameState` for the Hard bot's
rollouts ("determinization"). A bot never receives a `GameState` of the real game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import COLOR_INDEX, NO_COLOR, Deck
from ..decks import legal_moves, rules_for
from ..moves import DRAW, PLAY, Move
from ..options import Options
from ..state import ANY_COLOR, CLOCKWISE, COUNTERCLOCKWISE, NONE, GameState


@dataclass
class Seen:
    """The seat's view, read once into what the policies use."""

    view: dict
    seat: int
    deck: Deck
    options: Options
    hand: list[int]  # card ids, sorted
    cards: list[int]  # how many cards each seat holds
    left: list[bool]
    turn: int
    direction: int
    color: int  # NO_COLOR while a Wild starter's color is to be chosen
    discard: list[int]  # bottom first
    draw_pile: int
    penalty: int
    drawn: int | None
    actions: list[str]
    # Seat -> (cards it showed it lacked, how many of its cards are known to lack them).
    lacks: dict[int, tuple[frozenset[int], int]] = field(default_factory=dict)

    @property
    def top(self) -> int:
        return self.discard[-1]

    def active(self) -> list[int]:
        return [seat for seat in range(len(self.cards)) if not self.left[seat]]

    def next_seat(self, seat: int, direction: int | None = None) -> int:
        step = self.direction if direction is None else direction
        players = len(self.cards)
        seat = (seat + step) % players
        while self.left[seat]:
            seat = (seat + step) % players
        return seat

    def opponents(self) -> list[int]:
        return [seat for seat in self.active() if seat != self.seat]


def seen_from(view: dict, history: list[dict] | None = None) -> Seen:
    """Read a seat's view (and, if given, the current round's public log entries, oldest
    first, as `log_entry_for` gives them to that seat)."""
    deck = rules_for(view["deck"]).deck
    ids = deck.ids
    you, rnd = view["you"], view["round"]
    seats = view["seats"]
    seen = Seen(
        view=view, seat=you["seat"], deck=deck, options=Options.from_dict(view["options"]),
        hand=sorted(ids[code] for code in you["hand"]),
        cards=[row["cards"] for row in seats], left=[row["left"] for row in seats],
        turn=rnd["turn"],
        direction=CLOCKWISE if rnd["direction"] == "clockwise" else COUNTERCLOCKWISE,
        color=NO_COLOR if rnd["color"] is None else COLOR_INDEX[rnd["color"]],
        discard=[ids[code] for code in rnd["discard"]], draw_pile=rnd["draw_pile"],
        penalty=rnd["penalty"], drawn=None if you["drawn"] is None else ids[you["drawn"]],
        actions=list(you["actions"]),
    )
    if history:
        seen.lacks = shown_lacking(seen, history)
    return seen


def unseen(seen: Seen) -> list[int]:
    """The cards the seat cannot see: the deck less its hand and the discard pile."""
    counts = list(seen.deck.counts)
    for card in seen.hand:
        counts[card] -= 1
    for card in seen.discard:
        counts[card] -= 1
    return [card for card, n in enumerate(counts) for _ in range(n)]


def deal_unseen(seen: Seen, rng: random.Random, pool: list[int] | None = None,
                ) -> tuple[list[list[int]], list[int]]:
    """The other hands and the draw pile (top card last), dealt at random from the unseen
    cards (`pool`, if given: `unseen(seen)`, worked out once for many deals); a seat's cards
    known to lack some cards are dealt from the others first."""
    pool = unseen(seen) if pool is None else pool[:]
    random_ = rng.random
    for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates; `rng.shuffle` costs three times as much
        j = int(random_() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]
    hands: list[list[int]] = [[] for _ in seen.cards]
    hands[seen.seat] = seen.hand
    if seen.lacks:
        for seat, (lacked, count) in sorted(seen.lacks.items(), key=lambda item: -item[1][1]):
            picked, kept = [], []
            for card in pool:
                if len(picked) < count and card not in lacked:
                    picked.append(card)
                else:
                    kept.append(card)
            if len(picked) == count:  # else the record is wrong somehow: ignore it
                hands[seat], pool = picked, kept
    at = 0
    for seat in seen.opponents():
        short = seen.cards[seat] - len(hands[seat])
        if short:
            hands[seat] = hands[seat] + pool[at:at + short]
            at += short
        hands[seat].sort()
    return hands, pool[at:at + seen.draw_pile]


def sample_state(seen: Seen, rng: random.Random, pool: list[int] | None = None) -> GameState:
    """A whole game state consistent with what the seat knows, for simulations."""
    hands, pile = deal_unseen(seen, rng, pool)
    return state_from(seen, hands, pile, rng.getrandbits(32))


def state_from(seen: Seen, hands: list[list[int]], pile: list[int], seed: int) -> GameState:
    """The state `position` would build from these hands and this draw pile (top card last)
    with the rest as the seat sees it, built directly: the Hard bot makes hundreds a decision.
    The seat's own hand is shared with `seen` (the engine replaces a hand, never changes it)."""
    rules = rules_for(seen.deck.name)
    rnd = seen.view["round"]
    top = seen.discard[-1]
    color = seen.color
    if color == NO_COLOR:
        color = seen.deck.colors[top] if rules.color_declared else ANY_COLOR
    players = len(hands)
    return GameState(
        seen.deck.name, rules.settled(seen.options), players, seed,
        [row["score"] for row in seen.view["seats"]], list(seen.left), [0] * players,
        round_number=1, dealer=rnd["dealer"], hands=hands, draw_pile=pile,
        discard=list(seen.discard), color=color, direction=seen.direction, turn=seen.turn,
        penalty=seen.penalty, drawn=NONE if seen.drawn is None else seen.drawn,
        shuffles=1, uncalled=tuple(rnd.get("catchable") or ()),  # who may be caught: public
        lost_turns=tuple(rnd.get("turns_to_lose") or ()),  # turns still to be lost: public
    )


def moves_of(seen: Seen) -> list[Move]:
    """Every move the seat may make now (concede aside). They depend only on its own hand and
    what is public, so any consistent deal of the unseen cards gives the same list: the cards
    are dealt in a fixed order here."""
    if not seen.actions or (seen.seat != seen.turn and PLAY not in seen.actions):
        return []
    pool = unseen(seen)
    hands = [list(seen.hand) if seat == seen.seat else [] for seat in range(len(seen.cards))]
    for seat in seen.opponents():
        hands[seat], pool = pool[:seen.cards[seat]], pool[seen.cards[seat]:]
    return legal_moves(state_from(seen, hands, pool[:seen.draw_pile], 0), seen.seat)


def shown_lacking(seen: Seen, history: list[dict]) -> dict[int, tuple[frozenset[int], int]]:
    """Cards other seats showed they lacked: a seat that drew held no playable card then. Of
    its hand now, the cards it held at that draw still lack them; cards it drew or took since
    may be anything. A swap moves what is known with the hand; passing all hands on, a
    concession or a new deal forgets it. Before the first card played in `history` the color
    in play is not known, and nothing is inferred."""
    deck = seen.deck
    known: dict[int, list] = {}  # seat -> [lacked cards, cards received since]
    top = color = None
    for entry in history:
        seat = entry.get("seat")
        if entry.get("action") == DRAW and seat != seen.seat and color is not None:
            known[seat] = [_playable_on(deck, top, color), 0]
        for event in entry.get("events", ()):
            kind, who = event.get("kind"), event.get("seat")
            if kind == "played":
                card = deck.ids[event["card"]]
                top = card
                color = deck.colors[card] if deck.colors[card] != NO_COLOR else COLOR_INDEX.get(
                    event.get("color"))
                if who in known and card in known[who][0]:
                    known[who][1] -= 1  # it came from the cards received since
            elif kind == "chose":
                color = COLOR_INDEX.get(event.get("color"))
            elif kind in ("drew", "took") and who in known:
                known[who][1] += event.get("count", 0)
            elif kind == "swapped":
                other = event.get("target")
                a, b = known.pop(who, None), known.pop(other, None)
                if a is not None:
                    known[other] = a
                if b is not None:
                    known[who] = b
            elif kind in ("hands-passed", "dealt"):
                known.clear()
                if kind == "dealt":
                    top = deck.ids.get(event.get("card"))
                    color = None if top is None or deck.colors[top] == NO_COLOR else (
                        deck.colors[top])
            elif kind == "conceded":
                known.pop(who, None)
    lacks = {}
    for seat, (lacked, received) in known.items():
        if seat == seen.seat or seen.left[seat]:
            continue
        count = seen.cards[seat] - max(received, 0)
        if count > 0:
            lacks[seat] = (lacked, count)
    return lacks


def _playable_on(deck: Deck, top: int | None, color: int) -> frozenset[int]:
    """The cards a seat may play on `top` with `color` in play: a seat that had to draw held
    none of them (the Wild Draw 4 is playable whenever no card of the color is held)."""
    top_kind = None if top is None or deck.colors[top] == NO_COLOR else deck.kinds[top]
    return frozenset(
        card for card in range(len(deck.codes))
        if deck.colors[card] == NO_COLOR or deck.colors[card] == color
        or deck.kinds[card] == top_kind
    )
