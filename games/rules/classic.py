"""The classic deck's rules: matching, the Wild Draw 4 limit, action cards, the starter table and
the house rules (stacking, 7-0 swap, jump-in; draw until playable lives in `engine`)."""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import cached_property

from .cards import (
    CLASSIC,
    CLASSIC_WILD,
    CLASSIC_WILD_DRAW4,
    DRAW2,
    NO_COLOR,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW4,
)
from .engine import MAX_PLAYERS, Rules
from .moves import DRAW, PASS, PLAY, Applied, Event, Move
from .options import Options
from .state import NONE, OWN_DISCARD, OWN_DRAW_PILE, PLAYING, GameState

_COLORS = CLASSIC.colors
_KINDS = CLASSIC.kinds
_CODES = CLASSIC.codes
_WILD, _WD4 = CLASSIC_WILD, CLASSIC_WILD_DRAW4
_KINDS_PER_COLOR = 13  # a colored card's id is color * 13 + kind
_PENALTY = {DRAW2: 2, WILD_DRAW4: 4}
_PENALTY_OF = tuple(_PENALTY.get(kind, 0) for kind in _KINDS)  # by card
_NO_KIND = 13  # a Wild on top: numbers and actions cannot match it
# The kind a card on top asks to be matched: its own, or none for a Wild.
_TOP_KIND = tuple(
    kind if color != NO_COLOR else _NO_KIND for color, kind in zip(_COLORS, _KINDS, strict=True)
)
# _MATCHES[color in play][kind of the top card][card]: the card matches by color, number, action
# or is a plain Wild (the Wild Draw 4 has its own test). Built once: the hot path only indexes.
# The fifth color is NONE (-1, a Wild starter's color still to be chosen), which index -1 reads:
# no color matches it, so only the plain Wild and a number or action on a colored top do.
_MATCHES = tuple(
    tuple(
        tuple(card == _WILD or (_COLORS[card] != NO_COLOR and (
            _COLORS[card] == color or _KINDS[card] == top_kind)) for card in range(len(_CODES)))
        for top_kind in range(_NO_KIND + 1)
    )
    for color in (0, 1, 2, 3, NONE)
)
# The same, by the top card itself: _MATCHES_ON[color in play][top card][card] (rows shared).
_MATCHES_ON = tuple(
    tuple(by_kind[_TOP_KIND[top]] for top in range(len(_CODES))) for by_kind in _MATCHES
)


# Events are values: the common ones are built once.
_SKIPPED = tuple(Event("skipped", seat) for seat in range(MAX_PLAYERS))
_REVERSED = tuple(Event("reversed", seat) for seat in range(MAX_PLAYERS))
_new = tuple.__new__  # as in engine: Applied without its class call
_DRAW, _PASS = Move(DRAW), Move(PASS)
# The rollouts' fast path (`ClassicRules.apply_trusted`): plays whose effect never draws, so that
# the round surely goes on after them (a number, a Skip, a Reverse, a Wild; a Draw 2 or a Wild
# Draw 4 only with stacking on, when it adds to the penalty instead of drawing).
_NUMBER, _EFFECT, _STACKED = 1, 2, 3
_FAST_KIND = tuple(
    _NUMBER if kind < SKIP else _EFFECT if kind in (SKIP, REVERSE, WILD) else _STACKED
    for kind in range(WILD_DRAW4 + 1)
)


def _take_penalty(s: GameState, seat: int, count: int, own: int, events: list[Event]) -> int:
    """The fast path's Draw 2 or Wild Draw 4 without stacking, the draw pile holding `count`
    cards: what `play_effect` and `Rules.draw` do (the next seat takes them and is skipped),
    with the lists this state alone holds changed in place. Returns `own` as it is after."""
    victim = s.next_seat(seat)
    pile = s.draw_pile
    taken = pile[:-count - 1:-1]  # popped one by one from the top
    if own & OWN_DRAW_PILE:
        del pile[-count:]
    else:
        s.draw_pile = pile[:-count]
        own |= OWN_DRAW_PILE
    hand, mine = s.hands[victim], 4 << victim  # own_hand(victim)
    if not own & mine:
        hand = s.hands[victim] = hand[:]
        own |= mine
    for card in taken:
        insort(hand, card)
    events.append(_new(Event, ("took", victim, None, None, None,
                               tuple([_CODES[card] for card in taken]), count, None)))
    events.append(_SKIPPED[victim])
    s.turn = s.next_seat(victim)
    return own


def holds_color(hand: list[int], color: int) -> bool:
    """Does the sorted hand hold a card of `color`? Colors are contiguous runs of ids."""
    low = color * _KINDS_PER_COLOR
    i = bisect_left(hand, low)
    return i < len(hand) and hand[i] < low + _KINDS_PER_COLOR


class ClassicRules(Rules):
    deck = CLASSIC

    # -------------------------------------------------------------- starter
    def starter_allowed(self, card: int) -> bool:
        return card != _WD4

    def starter_effect(self, s: GameState, first: int, events: list[Event]) -> None:
        top = s.discard[-1]
        kind = _KINDS[top]
        s.color = _COLORS[top]  # NONE for a Wild: the first player chooses
        s.turn = first
        if kind == SKIP:
            events.append(Event("skipped", first))
            s.turn = s.next_seat(first)
        elif kind == REVERSE:
            s.direction = -s.direction
            s.turn = s.dealer  # with two players it works like a Skip: the dealer again
            events.append(Event("reversed", s.dealer))
        elif kind == DRAW2:
            # Drawn at once, never stacked on, whatever the options.
            self.draw(s, first, 2, events, kind="took")
            s.turn = s.next_seat(first)

    # -------------------------------------------------------------- queries
    def is_playable(self, s: GameState, hand: list[int], card: int) -> bool:
        if card == _WD4:
            return not holds_color(hand, s.color)
        # The color in play, a Wild, or the number or action of a colored top (numbers and
        # actions cannot match a Wild on top: only its color counts), from the table.
        return _MATCHES_ON[s.color][s.discard[-1]][card]

    def card_refusal(self, s: GameState, hand: list[int], card: int) -> str | None:
        if s.drawn != NONE and card != s.drawn:
            return "only-drawn-card"
        if s.penalty:
            # A Draw 2 answers only a Draw 2, a Wild Draw 4 only a Wild Draw 4, and a stacked
            # Wild Draw 4 is spared the color test.
            return None if _KINDS[card] == _KINDS[s.discard[-1]] else "penalty-waiting"
        if card == _WD4:
            return "wild-draw4-color-held" if holds_color(hand, s.color) else None
        # What `is_playable` says, from the table (this runs on every move).
        return None if _MATCHES_ON[s.color][s.discard[-1]][card] else "no-match"

    def playable_cards(self, s: GameState, seat: int) -> list[int]:
        if s.drawn != NONE:
            return [s.drawn]
        hand = s.hands[seat]
        if s.penalty:
            kind = _KINDS[s.discard[-1]]
            return sorted({card for card in hand if _KINDS[card] == kind})
        color = s.color
        matches = _MATCHES_ON[color][s.discard[-1]]
        playable = []
        previous = NONE
        for card in hand:  # sorted, so copies of a card are neighbours
            if matches[card] and card != previous:
                playable.append(card)
                previous = card
        if hand[-1] == _WD4 and not holds_color(hand, color):
            playable.append(_WD4)
        return playable

    def has_targets(self, options: Options) -> bool:
        return options.seven_zero

    def needs_target(self, s: GameState, hand: list[int], card: int) -> bool:
        # A 7 as the last card has no effect, so it needs no one to swap with.
        return s.options.seven_zero and _KINDS[card] == 7 and len(hand) > 1

    def cards_after_play(self, s: GameState, seat: int, card: int, target: int | None) -> int:
        """Under 7-0 a 7 leaves the player the target's hand, a 0 the hand passed on to them
        (by the seat before them in the direction of play); a last card leaves none."""
        left = len(s.hands[seat]) - 1
        if not left or not s.options.seven_zero or _KINDS[card] not in (0, 7):
            return left
        if _KINDS[card] == 7:
            return left if target is None else len(s.hands[target])
        giver = next(x for x in s.active_seats() if x != seat and s.next_seat(x) == seat)
        return len(s.hands[giver])

    def can_jump_in(self, s: GameState, seat: int, card: int) -> bool:
        """An identical colored card, before the player whose turn it is has acted. On a
        waiting penalty only an identical Draw 2 qualifies, which identity already ensures."""
        return (
            s.options.jump_in and s.jump_open and card == s.discard[-1]
            and _COLORS[card] != NO_COLOR and not s.left[seat] and card in s.hands[seat]
        )

    # -------------------------------------------------------------- effects
    def play_effect(
        self, s: GameState, seat: int, card: int, target: int | None, events: list[Event]
    ) -> None:
        kind = _KINDS[card]
        if kind < SKIP:  # a number: most plays
            if kind in (0, 7) and s.options.seven_zero:
                if kind == 7:
                    s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
                    events.append(Event("swapped", seat, target=target))
                else:
                    self._pass_hands_on(s, seat)
                    events.append(Event("hands-passed", seat))
            # s.next_seat(seat), its first step inlined: most plays are numbers.
            after = (seat + s.direction) % s.players
            s.turn = s.next_seat(after) if s.left[after] else after
        elif kind == SKIP:
            skipped = s.next_seat(seat)
            events.append(_SKIPPED[skipped])
            s.turn = s.next_seat(skipped)
        elif kind == REVERSE:
            s.direction = -s.direction
            events.append(_REVERSED[seat])
            if s.players - sum(s.left) == 2:
                events.append(_SKIPPED[s.next_seat(seat)])
                s.turn = seat
            else:
                s.turn = s.next_seat(seat)
        elif kind in (DRAW2, WILD_DRAW4):
            if s.options.stacking:
                s.penalty += _PENALTY[kind]
                s.turn = s.next_seat(seat)
            else:
                victim = s.next_seat(seat)
                self.draw(s, victim, _PENALTY[kind], events, "took")
                events.append(_SKIPPED[victim])
                s.turn = s.next_seat(victim)
        else:
            s.turn = s.next_seat(seat)

    def last_card_effect(self, s: GameState, seat: int, card: int, events: list[Event]) -> None:
        # The next player draws a last Draw 2 or Wild Draw 4 (with any stack under it) first, so
        # those cards count in the winner's points.
        kind = _KINDS[card]
        if kind in (DRAW2, WILD_DRAW4):
            count = s.penalty + _PENALTY[kind]
            s.penalty = 0
            self.draw(s, s.next_seat(seat), count, events, "took")

    @staticmethod
    def _pass_hands_on(s: GameState, seat: int) -> None:
        order = [seat]
        nxt = s.next_seat(seat)
        while nxt != seat:
            order.append(nxt)
            nxt = s.next_seat(nxt)
        hands = [s.hands[x] for x in order]
        for i, x in enumerate(order):
            s.hands[s.next_seat(x)] = hands[i]


    # ------------------------------------------------ the rollouts' fast path
    # What the engine's general code does for the commonest moves of a random or simulated
    # game, with fewer calls: the same results (tests/rules/test_trusted.py compares every legal
    # move both ways, and legal_moves with the engine's own). The service path never comes
    # here: `apply` checks the move and passes what it found (`checked`), which goes on to the
    # general code.
    def legal_moves(self, s: GameState, seat: int) -> list[Move]:
        options = s.options
        if (seat != s.turn or s.penalty or s.uncalled or s.status != PLAYING
                or options.last_card_call or options.seven_zero or s.color == NONE):
            return Rules.legal_moves(self, s, seat)
        if s.drawn != NONE:  # the card just drawn, to be played now (it matched: see the draw)
            return list(self._play_moves[s.drawn])
        # The turn's plays, straight from the matching table (what playable_cards finds).
        hand = s.hands[seat]
        matches = _MATCHES_ON[s.color][s.discard[-1]]
        play_moves = self._play_moves
        moves: list[Move] = []
        previous = NONE
        for card in hand:  # sorted, so copies of a card are neighbours
            if matches[card] and card != previous:
                moves += play_moves[card]
                previous = card
        if hand[-1] == _WD4 and not holds_color(hand, s.color):
            moves += play_moves[_WD4]
        if moves:
            return moves
        return [_DRAW if s.draw_pile or len(s.discard) > 1 else _PASS]

    @cached_property
    def _fast_plays(self) -> dict[Move, tuple]:
        """By play (as `legal_moves` builds it): what the fast path reads of it, looked up once
        (`_fast_play`)."""
        return {}

    def _fast_play(self, move: Move) -> tuple:
        """The play's card, color and target (`_decode`), its kind of effect for the fast path,
        the cards a Draw 2 or Wild Draw 4 makes take, and its "played" event by seat."""
        card, color, target = self._decode(move)
        played = tuple(by_card[card][color] for by_card in self._played)
        found = self._fast_plays[move] = (card, color, target, _FAST_KIND[_KINDS[card]],
                                          _PENALTY_OF[card], played)
        return found

    def apply_trusted(
        self, s: GameState, seat: int, move: Move,
        checked: tuple[int, int, int | None] | int | None = None,
    ) -> Applied:
        if checked is None and not s.options.last_card_call:
            action = move.action
            if action == PLAY:
                try:
                    card, color, target, fast, penalty, played = self._fast_plays[move]
                except KeyError:
                    card, color, target, fast, penalty, played = self._fast_play(move)
                hand = s.hands[seat]
                options = s.options
                if target is None and len(hand) > 1 and (
                        fast == _EFFECT
                        or (fast == _NUMBER and not (
                            options.seven_zero and _KINDS[card] in (0, 7)))
                        or (fast == _STACKED and (
                            options.stacking or len(s.draw_pile) >= penalty))):
                    # A list a copy may share is replaced; one this state alone holds (`own`)
                    # is changed in place.
                    own, mine = s.own, 4 << seat  # own_hand(seat)
                    if not own & mine:
                        hand = s.hands[seat] = hand[:]
                        own |= mine
                    hand.remove(card)
                    if own & OWN_DISCARD:
                        s.discard.append(card)
                    else:
                        s.discard = [*s.discard, card]
                        own |= OWN_DISCARD
                    s.color = color
                    s.drawn = NONE
                    s.jump_open = True
                    events = [played[seat]]
                    if fast == _NUMBER:
                        after = (seat + s.direction) % s.players
                        s.turn = s.next_seat(after) if s.left[after] else after
                    elif fast == _STACKED and not options.stacking:
                        own = _take_penalty(s, seat, penalty, own, events)
                    else:
                        s.turn = seat  # a jump-in takes the turn
                        self.play_effect(s, seat, card, None, events)
                    s.own = own
                    return _new(Applied, (s, events, None))  # two cards on the discard pile
            elif action == DRAW:
                pile = s.draw_pile
                if (len(pile) > 1 or len(s.discard) > 1) and pile and (
                        not s.options.draw_until_playable):
                    own, mine = s.own, 4 << seat  # own_hand(seat)
                    if own & OWN_DRAW_PILE:
                        card = pile.pop()
                    else:
                        card = pile[-1]
                        s.draw_pile = pile[:-1]
                        own |= OWN_DRAW_PILE
                    hand = s.hands[seat]
                    if not own & mine:
                        hand = s.hands[seat] = hand[:]
                        own |= mine
                    s.own = own
                    insort(hand, card)
                    s.jump_open = False
                    if (not holds_color(hand, s.color) if card == _WD4
                            else _MATCHES_ON[s.color][s.discard[-1]][card]):
                        s.drawn = card  # must be played now, and only it
                    else:
                        s.turn = s.next_seat(seat)
                        s.drawn = NONE
                    return _new(Applied, (s, [self._drew[seat][card]], None))
        return Rules.apply_trusted(self, s, seat, move, checked)


CLASSIC_RULES = ClassicRules()
