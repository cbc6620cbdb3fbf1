"""What a bot knows: the seat's view (`view_for`), the public move log as the seat may read
it (`log_entry_for`), and nothing else.

From these it works out the moves it may make, and it deals the cards it cannot see at
random, consistently with everything public (hand sizes, the discard pile, its own hand and
the cards a seat showed it lacked when it drew), into a `GameState` for the Hard bot's
rollouts ("determinization"). A bot never receives a `GameState` of the real game.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..cards import COLOR_INDEX, NO_COLOR, Deck
from ..decks import legal_moves, rules_for
from ..moves import DRAW, PLAY, Move
from ..options import Options
from ..position import position
from ..state import CLOCKWISE, COUNTERCLOCKWISE, GameState


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
    rest = Counter(seen.deck.full())
    rest.subtract(seen.hand)
    rest.subtract(seen.discard)
    return sorted(rest.elements())


def deal_unseen(seen: Seen, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The other hands and the draw pile (top card last), dealt at random from the unseen
    cards; a seat's cards known to lack some cards are dealt from the others first."""
    pool = unseen(seen)
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in seen.cards]
    hands[seen.seat] = list(seen.hand)
    for seat, (lacked, count) in sorted(seen.lacks.items(), key=lambda item: -item[1][1]):
        picked, kept = [], []
        for card in pool:
            if len(picked) < count and card not in lacked:
                picked.append(card)
            else:
                kept.append(card)
        if len(picked) == count:  # else the record is wrong somehow: ignore it
            hands[seat], pool = picked, kept
    for seat in seen.opponents():
        short = seen.cards[seat] - len(hands[seat])
        hands[seat].extend(pool[:short])
        pool = pool[short:]
    for hand in hands:
        hand.sort()
    return hands, pool[:seen.draw_pile]


def sample_state(seen: Seen, rng: random.Random) -> GameState:
    """A whole game state consistent with what the seat knows, for simulations."""
    hands, pile = deal_unseen(seen, rng)
    return state_from(seen, hands, pile, rng.getrandbits(32))


def state_from(seen: Seen, hands: list[list[int]], pile: list[int], seed: int) -> GameState:
    codes = seen.deck.codes
    rnd = seen.view["round"]
    state = position(
        [[codes[card] for card in hand] for hand in hands], codes[seen.top],
        None if seen.color == NO_COLOR else rnd["color"],
        turn=seen.turn, dealer=rnd["dealer"], direction=rnd["direction"],
        options=seen.options, discard=[codes[card] for card in seen.discard[:-1]],
        draw_pile=[codes[card] for card in reversed(pile)], penalty=seen.penalty,
        drawn=None if seen.drawn is None else codes[seen.drawn],
        scores=[row["score"] for row in seen.view["seats"]],
        left=[seat for seat, gone in enumerate(seen.left) if gone], seed=seed,
        deck=seen.deck.name,
    )
    state.uncalled = tuple(rnd.get("catchable") or ())  # who may be caught: public
    state.lost_turns = tuple(rnd.get("turns_to_lose") or ())  # turns still to be lost: public
    return state


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
