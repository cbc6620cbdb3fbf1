"""The turn structure every deck shares: dealing, drawing, penalties, passing, conceding,
round ends, scoring totals and game ends.

A deck plugs in by subclassing `Rules` and filling in the hooks marked "deck hook": which cards
are playable and why not, what a played card does, what the starter card does. The classic
deck is `classic.ClassicRules`.

`apply` never mutates the state it is given unless asked to (`in_place=True`, for simulations):
every check runs before the first change, so a refusal leaves the state exactly as it was.
`apply_trusted` is the rollouts' path: in place, and without the checks, for a move taken from
`legal_moves` of the same state; the service never uses it.
"""

from __future__ import annotations

import random
from bisect import insort
from functools import cache, cached_property

from .cards import COLOR_INDEX, COLORS, NO_COLOR, Deck
from .fairness import ClientSeeds, Seed, deal_seed, round_seed, shuffle_rng
from .moves import (
    CALL,
    CATCH,
    CHOOSE,
    CONCEDE,
    DRAW,
    PASS,
    PLAY,
    TAKE,
    Applied,
    Event,
    Move,
    Refused,
)
from .options import DECK_TITLES, InvalidSetup, Options, refused_with, rule_settings
from .state import (
    ANY_COLOR,
    CLOCKWISE,
    FINISHED,
    NONE,
    PLAYING,
    ROUND_ABANDONED,
    ROUND_BLOCKED,
    ROUND_PLAYING,
    ROUND_WON,
    GameState,
    RoundSummary,
)

_TAKE, _DRAW, _PASS = Move(TAKE), Move(DRAW), Move(PASS)
HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 10
_PASSED = tuple(Event("passed", seat) for seat in range(MAX_PLAYERS))  # events are values

# One instance per reason: refusals are values, and making them is on the hot path.
_REFUSED = {code: Refused(code) for code in (
    "game-not-playing", "unknown-card", "not-your-turn", "not-in-hand", "color-required",
    "only-drawn-card", "penalty-waiting", "wild-draw4-color-held", "no-match", "must-play",
    "cannot-pass", "nothing-to-take", "target-required", "nothing-to-choose",
    "nothing-to-catch", "nothing-to-call",
)}
CATCH_PENALTY = 2  # cards drawn by a seat caught not having called "last card"


# Event(...) and Applied(...) on the hot path go through tuple.__new__ with every field in order:
# the class call costs twice as much, and every move makes both (the fields are pinned by
# tests/rules/test_engine_is_pure.py).
_new = tuple.__new__


def refused(code: str) -> Refused:
    return _REFUSED[code]


def shuffle(rng: random.Random, cards: list) -> None:
    """`rng.shuffle(cards)`: the same Fisher-Yates, drawing each index from the same stream as
    `Random._randbelow` does (`getrandbits` of the bit length of i + 1 until the draw is at most
    i), so a seed deals what it always dealt; with that method's call inlined and the bit
    lengths listed once, it takes a third of the time (a shuffle is a good part of a short
    game's cost)."""
    getrandbits = rng.getrandbits
    for i, k in _shuffle_steps(len(cards)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@cache
def _shuffle_steps(n: int) -> tuple[tuple[int, int], ...]:
    """For a shuffle of n cards: each index i from the last down to 1, with (i + 1).bit_length()."""
    return tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


class Rules:
    deck: Deck
    color_declared = True  # deck hook: must a Wild name the color that play goes on in?
    optional_draw = False  # deck hook: may a player draw instead of playing, then keep it?
    _after_move_hooked = False  # set for each deck (below): has it an `after_move` of its own?
    _last_settled: tuple[Options | None, Options | None] = (None, None)  # see `settled`

    # ------------------------------------------------------------------ set-up
    def validate_options(self, options: Options) -> None:
        """Refuse the options this deck does not go with (their declarations' `decks`)."""
        refused = refused_with(self.deck.name, options)
        if refused:
            raise InvalidSetup(refused[0], f"The {DECK_TITLES[self.deck.name]} deck cannot be "
                                           f"played with {', '.join(refused)}.")

    def settled(self, options: Options | None) -> Options:
        """The options with the deck's defaults filled in (those left to the deck: None)."""
        options = options or Options()
        given, done = self._last_settled
        if given != options:  # one entry: the tables of a service mostly share options
            done = options.replace(**{
                name: setting.deck_defaults[self.deck.name]
                for name, setting in rule_settings().items()
                if setting.nullable and getattr(options, name) is None})
            self._last_settled = (options, done)  # one assignment: safe across threads
        return done

    def new_game(
        self,
        players: int,
        options: Options | None = None,
        seed: Seed = 0,
        deck_order: list[str] | None = None,
        client_seeds: ClientSeeds = (),
    ) -> Applied:
        """Deal the first round. `deck_order` (codes, top card first) rigs that deal;
        `client_seeds` are the players' seeds added to it (fairness.py)."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS
        ):
            raise InvalidSetup("players", f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}.")
        options = self.settled(options)
        self.validate_options(options)
        order = None if deck_order is None else self._parse_deck_order(deck_order)
        state = GameState(self.deck.name, options, players, seed, [0] * players,
                          [False] * players, [0] * players, next_seeds=client_seeds)
        events: list[Event] = []
        self._deal(state, 1, 0, order, events)
        return Applied(state, events)

    def _parse_deck_order(self, codes: list[str]) -> list[int]:
        cards = [self.deck.ids.get(code) if isinstance(code, str) else None for code in codes]
        if None in cards:
            bad = codes[cards.index(None)]
            raise InvalidSetup("deck_order", f"{bad!r} is not a card of the {self.deck.name} deck.")
        if not self.deck.is_complete(cards):
            raise InvalidSetup(
                "deck_order",
                f"deck_order must hold each of the {self.deck.size} cards of the deck once.",
            )
        return cards

    def _rng(self, state: GameState) -> random.Random:
        # Each shuffle gets its own stream, so a stored state needs only the seed and a counter;
        # each round its own seed, committed to before the deal and mixed with the players'
        # seeds (fairness.py, docs/fairness.md).
        seed = deal_seed(round_seed(state.seed, state.round_number), state.round_seeds)
        rng = shuffle_rng(seed, state.shuffles)
        state.shuffles += 1
        return rng

    def _deal(
        self, s: GameState, number: int, dealer: int, order: list[int] | None, events: list[Event]
    ) -> None:
        s.round_number, s.dealer, s.shuffles = number, dealer, 0
        s.round_seeds, s.next_seeds = s.next_seeds, ()  # the seeds added to this deal
        if order is None:
            order = self.deck.full()
            shuffle(self._rng(s), order)
        s.direction = CLOCKWISE
        seats = []
        seat = dealer
        for _ in range(s.players - sum(s.left)):
            seat = s.next_seat(seat)
            seats.append(seat)
        # One card at a time to each seat in turn, from the dealer's left: seat i of n gets
        # cards i, i + n, i + 2n, ... of the order.
        hands: list[list[int]] = [[] for _ in range(s.players)]
        dealt = HAND_SIZE * len(seats)
        for i, seat in enumerate(seats):
            hands[seat] = sorted(order[i:dealt:len(seats)])
        starter = order[dealt]
        pile = order[:dealt:-1]  # the rest, reversed: the top card is the last item
        while not self.starter_allowed(starter):
            pile.append(starter)
            shuffle(self._rng(s), pile)
            events.append(Event("starter-returned", card=self.deck.codes[starter]))
            starter = pile.pop()
        s.hands, s.draw_pile, s.discard = hands, pile, [starter]
        s.penalty, s.drawn, s.jump_open = 0, NONE, True
        s.round_status, s.round_winner, s.round_points = ROUND_PLAYING, None, None
        events.append(Event("dealt", seat=dealer, count=number, card=self.deck.codes[starter]))
        self.starter_effect(s, seats[0], events)

    def starter_allowed(self, card: int) -> bool:
        """Deck hook: may this card start the discard pile?"""
        return True

    def starter_effect(self, s: GameState, first: int, events: list[Event]) -> None:
        """Deck hook: set the color in play and the first turn from the starter card."""
        raise NotImplementedError

    # ----------------------------------------------------------------- queries
    def playable_cards(self, s: GameState, seat: int) -> list[int]:
        """Deck hook: the distinct cards the seat whose turn it is may play now."""
        raise NotImplementedError

    def card_refusal(self, s: GameState, hand: list[int], card: int) -> str | None:
        """Deck hook: why the seat whose turn it is may not play `card` from `hand` now."""
        raise NotImplementedError

    def is_playable(self, s: GameState, hand: list[int], card: int) -> bool:
        """Deck hook: does `card` match the table (no penalty, no drawn card)?"""
        raise NotImplementedError

    def has_targets(self, options: Options) -> bool:
        """Deck hook: can any card name a target seat under these options?"""
        return False

    def needs_target(self, s: GameState, hand: list[int], card: int) -> bool:
        """Deck hook: must playing `card` from `hand` name a target seat?"""
        return False

    def can_jump_in(self, s: GameState, seat: int, card: int) -> bool:
        return False

    def can_draw(self, s: GameState) -> bool:
        return bool(s.draw_pile) or len(s.discard) > 1

    def legal_actions(self, s: GameState, seat: int) -> list[str]:
        """The action names `seat` may use now."""
        if s.status != PLAYING or s.left[seat]:
            return []
        calls = self._call_actions(s, seat) if s.uncalled else []
        if seat != s.turn:
            jump = [PLAY] if self.can_jump_in(s, seat, s.discard[-1]) else []
            return [*jump, *calls, CONCEDE]
        if s.color == NONE:
            return [CHOOSE, CONCEDE]
        actions = [PLAY] if self.playable_cards(s, seat) else []
        if s.penalty:
            actions.append(TAKE)
        elif not actions:
            actions.append(DRAW if self.can_draw(s) else PASS)
        elif self.optional_draw:
            if s.drawn != NONE:
                actions.append(PASS)  # keep the card just drawn
            elif self.can_draw(s):
                actions.append(DRAW)
        actions.extend(calls)
        actions.append(CONCEDE)
        return actions

    @staticmethod
    def _call_actions(s: GameState, seat: int) -> list[str]:
        if s.left[seat]:
            return []
        calls = [CALL] if seat in s.uncalled else []
        if any(other != seat for other in s.uncalled):
            calls.append(CATCH)
        return calls

    def _call_moves(self, s: GameState, seat: int) -> list[Move]:
        if not s.uncalled or s.left[seat]:
            return []
        moves = [Move(CALL)] if seat in s.uncalled else []
        return moves + [Move(CATCH, target=other) for other in s.uncalled if other != seat]

    def legal_moves(self, s: GameState, seat: int) -> list[Move]:
        """Every move `seat` may make now, concede aside: one per card, color and target."""
        if s.status != PLAYING or s.left[seat]:
            return []
        if seat != s.turn:
            top = s.discard[-1]
            jump = (self._card_moves(s, seat, s.hands[seat], top)
                    if self.can_jump_in(s, seat, top) else [])
            return jump + self._call_moves(s, seat)
        if s.color == NONE:
            return list(self._choose_moves)
        playable = self.playable_cards(s, seat)
        moves: list[Move] = []
        if s.options.last_card_call:
            hand = s.hands[seat]
            for card in playable:
                card_moves = (self._card_moves(s, seat, hand, card) if self.has_targets(s.options)
                              else self._play_moves[card])
                moves += card_moves
                # The same play calling "last card", where it leaves one card.
                moves += [move._replace(call=True) for move in card_moves
                          if self.cards_after_play(s, seat, card, move.target) == 1]
        elif playable and self.has_targets(s.options):
            hand = s.hands[seat]
            for card in playable:
                moves += self._card_moves(s, seat, hand, card)
        else:
            play_moves = self._play_moves
            for card in playable:
                moves += play_moves[card]
        if s.penalty:
            moves.append(_TAKE)
        elif not moves:
            moves.append(_DRAW if self.can_draw(s) else _PASS)
        elif self.optional_draw:
            if s.drawn != NONE:
                moves.append(_PASS)
            elif self.can_draw(s):
                moves.append(_DRAW)
        if s.uncalled:
            moves += self._call_moves(s, seat)
        return moves

    def cards_after_play(self, s: GameState, seat: int, card: int, target: int | None) -> int:
        """Deck hook: how many cards `seat` holds once `card` is played (and its effect done)."""
        return len(s.hands[seat]) - 1

    def _card_moves(self, s: GameState, seat: int, hand: list[int], card: int) -> list[Move]:
        if not self.needs_target(s, hand, card):
            return list(self._play_moves[card])
        targets = [target for target in s.active_seats() if target != seat]
        return [Move(PLAY, move.card, move.color, target)
                for move in self._play_moves[card] for target in targets]

    @cached_property
    def _play_moves(self) -> tuple[tuple[Move, ...], ...]:
        # Moves are immutable values, so one tuple per card serves every game.
        deck = self.deck
        return tuple(
            tuple(Move(PLAY, code, color) for color in
                  (COLORS if deck.colors[card] == NO_COLOR and self.color_declared else (None,)))
            for card, code in enumerate(deck.codes)
        )

    @cached_property
    def _played(self) -> tuple[tuple[tuple[Event, ...], ...], ...]:
        """The "played" events without a target, by seat, card and the color it was played in
        (events are values: built once): 0 to 3 a color, and -2 (All Wild's no color) reads
        item 4. The color shows only for a Wild (a card with no color of its own)."""
        deck = self.deck
        return tuple(
            tuple(
                tuple(Event("played", seat, code, COLORS[color] if color >= 0 and
                            deck.colors[card] == NO_COLOR else None)
                      for color in (0, 1, 2, 3, ANY_COLOR, NONE))
                for card, code in enumerate(deck.codes)
            )
            for seat in range(MAX_PLAYERS)
        )

    @cached_property
    def _drew(self) -> tuple[tuple[Event, ...], ...]:
        """The "drew" events of one card, by seat and card."""
        return tuple(tuple(Event("drew", seat, cards=(code,), count=1) for code in self.deck.codes)
                     for seat in range(MAX_PLAYERS))

    @cached_property
    def _choose_moves(self) -> tuple[Move, ...]:
        return tuple(Move(CHOOSE, color=color) for color in COLORS)

    # ------------------------------------------------------------------- moves
    def apply(
        self, state: GameState, seat: int, move: Move, in_place: bool = False
    ) -> Applied | Refused:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} at a table of {state.players}")
        if state.status != PLAYING:
            return _REFUSED["game-not-playing"]
        action = move.action
        if action == PLAY:
            checked = self._check_play(state, seat, move)
        elif action == CONCEDE:
            checked = _REFUSED["not-your-turn"] if state.left[seat] else None
        elif action in (CALL, CATCH):
            checked = self._check_call(state, seat, move)
        elif seat != state.turn or state.left[seat]:
            return _REFUSED["not-your-turn"]
        elif action == CHOOSE:
            checked = self._check_choose(state, move)
        elif state.color == NONE:
            return _REFUSED["color-required"]
        elif action == TAKE:
            checked = None if state.penalty else _REFUSED["nothing-to-take"]
        elif action in (DRAW, PASS):
            checked = self._check_draw_or_pass(state, seat, action)
        else:
            raise ValueError(f"unknown action {action!r}")
        if isinstance(checked, Refused):
            return checked
        return self.apply_trusted(state if in_place else state.copy(), seat, move, checked)

    def apply_trusted(
        self, s: GameState, seat: int, move: Move,
        checked: tuple[int, int, int | None] | int | None = None,
    ) -> Applied:
        """The rollouts' path: `apply(state, seat, move, in_place=True)` without the checks, for
        a move that `legal_moves(state, seat)` gave for this very state (or a concede by a seat
        still playing). For such a move it changes the state and reports exactly what `apply`
        would (tests/rules/test_trusted.py plays thousands of games both ways, both decks, every
        house rule); for any other it may corrupt the state instead of refusing it. The state is
        changed in place: `state.copy()` first to keep it.

        `apply` carries out every move it accepts through here, passing what its checks worked
        out (`checked`: the card, its color and target for a play, the color chosen); trusted,
        the move is read as `legal_moves` builds it. The service never calls this: every move
        of a person or a bot there goes through `apply` (tests/test_architecture.py). The state
        is `s`, as in the other methods of the engine."""
        s.own = 0  # what follows replaces lists, and may hand one from seat to seat
        action = move.action
        hands_before = s.hands[:] if s.options.last_card_call else None
        events: list[Event] = []
        if action == PLAY:
            if checked is None:  # trusted: the move read as legal_moves builds it
                try:
                    card, color, target = self._decoded[move]
                except KeyError:
                    card, color, target = self._decoded[move] = self._decode(move)
            else:
                card, color, target = checked
            # The card is played: what follows (deck hooks aside) is every deck's.
            hand = s.hands[seat] = s.hands[seat][:]  # replaced, never changed: copies share it
            hand.remove(card)
            s.discard = [*s.discard, card]
            s.color = color
            s.turn = seat  # a jump-in takes the turn
            s.drawn = NONE
            s.jump_open = True
            if target is None:
                events.append(self._played[seat][card][color])
            else:
                deck = self.deck
                events.append(_new(Event, (
                    "played", seat, deck.codes[card],
                    COLORS[color] if color >= 0 and deck.colors[card] == NO_COLOR else None,
                    target, (), 0, None,
                )))
            if hand:
                self.play_effect(s, seat, card, target, events)
            else:
                self.last_card_effect(s, seat, card, events)
                self._win_round(s, seat, events)
        elif action == DRAW:
            self._draw_turn(s, seat, events)
        elif action == TAKE:
            self._take(s, seat, events)
        elif action == PASS:
            events.append(_PASSED[seat])
            self._end_turn(s, seat)
        elif action == CHOOSE:
            s.color = COLOR_INDEX[move.color] if checked is None else checked
            s.jump_open = False
            events.append(Event("chose", seat, color=COLORS[s.color]))
        elif action in (CALL, CATCH):
            self._call_or_catch(s, seat, move, events)
        elif action == CONCEDE:
            self._concede(s, seat, events)
        else:
            raise ValueError(f"unknown action {action!r}")
        if (self._after_move_hooked or hands_before is not None) and action not in (CALL, CATCH):
            if self._after_move_hooked and s.round_status == ROUND_PLAYING and s.status == PLAYING:
                self.after_move(s, seat, events)
            if hands_before is not None:
                self._note_last_cards(hands_before, s, seat, move, events)
        if s.round_status == ROUND_PLAYING:
            if s.draw_pile or len(s.discard) > 1:  # most moves: the round goes on
                return _new(Applied, (s, events, None))
            self._check_blocked(s, events)
        if s.round_status != ROUND_PLAYING and s.status == PLAYING:
            # A round of a game to a target score ended: the next one is dealt at once. The
            # ended round goes back too, face up, so that it can be stored and shown.
            ended = s.copy()
            self._deal_next_round(s, events)
            return Applied(s, events, ended)
        return _new(Applied, (s, events, None))

    def _decode(self, move: Move) -> tuple[int, int, int | None]:
        """A play as `legal_moves` builds it: its card, the color it goes on in, its target
        (named only where the card needs one). Kept in `_decoded`, by move: a few hundred at
        most per deck, since a move is a value."""
        card = self.deck.ids[move.card]
        color = self.deck.colors[card]
        if color == NO_COLOR:
            color = self.declared_color(move.color)
        return card, color, move.target

    @cached_property
    def _decoded(self) -> dict[Move, tuple[int, int, int | None]]:
        return {}

    def _check_play(
        self, s: GameState, seat: int, move: Move
    ) -> Refused | tuple[int, int, int | None]:
        try:
            card = self.deck.ids[move.card]
        except (KeyError, TypeError):  # not a code of this deck, or not even hashable
            return _REFUSED["unknown-card"]
        if s.left[seat] or (seat != s.turn and not self.can_jump_in(s, seat, card)):
            return _REFUSED["not-your-turn"]
        hand = s.hands[seat]
        if card not in hand:
            return _REFUSED["not-in-hand"]
        if s.color == NONE:
            return _REFUSED["color-required"]
        if seat == s.turn:
            reason = self.card_refusal(s, hand, card)
            if reason is not None:
                return _REFUSED[reason]
        color = self.deck.colors[card]
        if color == NO_COLOR:
            color = self.declared_color(move.color)
            if color == NONE:
                return _REFUSED["color-required"]
        target = move.target
        if self.needs_target(s, hand, card):
            if (
                isinstance(target, bool) or not isinstance(target, int)
                or not 0 <= target < s.players or target == seat or s.left[target]
            ):
                return _REFUSED["target-required"]
        else:
            target = None
        if move.call and not s.options.last_card_call:
            return _REFUSED["nothing-to-call"]
        return card, color, target

    def declared_color(self, color: object) -> int:
        """Deck hook: the color a Wild is played with (its index), NONE if none valid."""
        return COLOR_INDEX.get(color, NONE) if isinstance(color, str) else NONE

    def _check_call(self, s: GameState, seat: int, move: Move) -> Refused | None:
        """A call by a seat holding one card it has not called; a catch of another such seat.
        Either may come from any seat still playing, whoever's turn it is."""
        if s.left[seat]:
            return _REFUSED["not-your-turn"]
        if move.action == CALL:
            return None if seat in s.uncalled else _REFUSED["nothing-to-call"]
        target = move.target
        if (isinstance(target, bool) or not isinstance(target, int)
                or not 0 <= target < s.players or target == seat or s.left[target]):
            return _REFUSED["target-required"]
        return None if target in s.uncalled else _REFUSED["nothing-to-catch"]

    def _call_or_catch(self, s: GameState, seat: int, move: Move, events: list[Event]) -> None:
        if move.action == CALL:
            s.uncalled = tuple(x for x in s.uncalled if x != seat)
            events.append(Event("called", seat))
            return
        target = move.target
        s.uncalled = tuple(x for x in s.uncalled if x != target)
        events.append(Event("caught", seat, target=target))
        self.draw(s, target, CATCH_PENALTY, events, kind="took")

    def _note_last_cards(self, hands_before: list[list[int]], s: GameState, seat: int,
                         move: Move, events: list[Event]) -> None:
        """After a move other than a call or a catch: the window to catch those who had not
        called has gone, and whoever this move left holding one card must call, unless the
        mover called with the play. The engine replaces a hand it changes, never edits it, so
        an unchanged hand is the same list."""
        if s.round_status != ROUND_PLAYING or s.status != PLAYING:
            s.uncalled = ()
            return
        uncalled = []
        for x, hand in enumerate(s.hands):
            if len(hand) == 1 and hand is not hands_before[x]:
                if x == seat and move.call:
                    events.append(Event("called", seat))
                else:
                    uncalled.append(x)
        s.uncalled = tuple(uncalled)

    def after_move(self, s: GameState, seat: int, events: list[Event]) -> None:
        """Deck hook: after an accepted move (a call or a catch aside) in a round going on."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # A deck without an `after_move` of its own is spared the call on every move.
        cls._after_move_hooked = cls.after_move is not Rules.after_move

    def _check_choose(self, s: GameState, move: Move) -> Refused | int:
        if s.color != NONE:
            return _REFUSED["nothing-to-choose"]
        color = COLOR_INDEX.get(move.color, NONE) if isinstance(move.color, str) else NONE
        return _REFUSED["color-required"] if color == NONE else color

    def _check_draw_or_pass(self, s: GameState, seat: int, action: str) -> Refused | None:
        if s.penalty:
            return _REFUSED["penalty-waiting"]
        if self.optional_draw:  # draw instead of playing; keep (pass) the card just drawn
            kept = action == PASS
            return None if kept == (s.drawn != NONE) else _REFUSED["must-play"]
        if s.drawn != NONE or self.playable_cards(s, seat):
            return _REFUSED["must-play"]
        if action == PASS and self.can_draw(s):
            return _REFUSED["cannot-pass"]
        return None

    def play_effect(
        self, s: GameState, seat: int, card: int, target: int | None, events: list[Event]
    ) -> None:
        """Deck hook: what a played card (not the last) does, ending with the next turn set."""
        raise NotImplementedError

    def last_card_effect(self, s: GameState, seat: int, card: int, events: list[Event]) -> None:
        """Deck hook: what a round's last card does before the hands are counted."""

    def _end_turn(self, s: GameState, seat: int) -> None:
        s.turn = s.next_seat(seat)
        s.drawn = NONE
        s.jump_open = False

    def draw(
        self, s: GameState, seat: int, count: int, events: list[Event], kind: str = "drew",
        until_playable: bool = False,
    ) -> list[int]:
        """Draw up to `count` cards for `seat`, reshuffling the discard pile when the draw pile
        runs out; short when nothing is left. With `until_playable`, stop at a playable card."""
        hand = s.hands[seat] = s.hands[seat][:]  # replaced, never changed: copies share it
        drawn: list[int] = []
        names: list[str] = []
        codes = self.deck.codes
        pile = s.draw_pile = s.draw_pile[:]
        for _ in range(count):
            if not pile:
                if len(s.discard) <= 1:
                    break
                self._reshuffle(s, events)
                pile = s.draw_pile
            card = pile.pop()
            insort(hand, card)
            drawn.append(card)
            names.append(codes[card])
            if until_playable and self.is_playable(s, hand, card):
                break
        events.append(_new(Event, (kind, seat, None, None, None, tuple(names), len(drawn), None)))
        return drawn

    def _reshuffle(self, s: GameState, events: list[Event]) -> None:
        pile = s.discard[:-1]
        shuffle(self._rng(s), pile)
        s.draw_pile = pile
        s.discard = s.discard[-1:]
        events.append(Event("reshuffled", count=len(pile)))

    def _draw_turn(self, s: GameState, seat: int, events: list[Event]) -> None:
        pile = s.draw_pile
        if pile and not s.options.draw_until_playable:
            # The common draw, one card off a pile that has it: what `draw` does for it, with
            # fewer steps (most turns in a game are plays and such draws).
            card = pile[-1]
            s.draw_pile = pile[:-1]  # replaced, never changed: copies share it
            hand = s.hands[seat] = s.hands[seat][:]
            insort(hand, card)
            events.append(self._drew[seat][card])
            s.jump_open = False
            if self.is_playable(s, hand, card):
                s.drawn = card  # must be played now, and only it
            else:
                s.turn = s.next_seat(seat)
                s.drawn = NONE
            return
        until = s.options.draw_until_playable
        # Positional arguments: a call with keywords is not specialized (CPython 3.11).
        drawn = self.draw(s, seat, len(s.draw_pile) + len(s.discard) if until else 1, events,
                          "drew", until)
        s.jump_open = False
        last = drawn[-1] if drawn else NONE
        if last != NONE and self.is_playable(s, s.hands[seat], last):
            s.drawn = last  # must be played now, and only it
        else:
            self._end_turn(s, seat)

    def _take(self, s: GameState, seat: int, events: list[Event]) -> None:
        count = s.penalty
        s.penalty = 0
        self.draw(s, seat, count, events, "took")
        self._end_turn(s, seat)

    def _concede(self, s: GameState, seat: int, events: list[Event]) -> None:
        hand = s.hands[seat]
        s.left_points[seat] = self.deck.hand_points(hand)
        s.draw_pile = hand + s.draw_pile  # to the bottom; replaced, never changed
        s.hands[seat] = []
        s.left[seat] = True
        events.append(Event("conceded", seat, count=len(hand)))
        s.jump_open = False  # "once any move is made", the chance to jump in has gone
        remaining = s.active_seats()
        if len(remaining) < 2:
            s.round_status, s.round_winner, s.round_points = ROUND_ABANDONED, None, 0
            events.append(Event("round-abandoned"))
            self._finish(s, remaining[0] if remaining else None, events)
        elif s.turn == seat:
            s.penalty = 0  # a penalty waiting for a player who leaves lapses
            self._end_turn(s, seat)

    def _check_blocked(self, s: GameState, events: list[Event]) -> None:
        """Nothing to draw, only the top card on the discard pile, and nobody can play."""
        if s.penalty or s.drawn != NONE or s.color == NONE:
            return
        for seat in s.active_seats():
            hand = s.hands[seat]
            if any(self.is_playable(s, hand, card) for card in hand):
                return
        s.round_status, s.round_winner, s.round_points = ROUND_BLOCKED, None, 0
        events.append(Event("round-blocked"))
        self._after_round(s, events)

    # ------------------------------------------------------------- round ends
    def _win_round(self, s: GameState, winner: int, events: list[Event]) -> None:
        points = sum(self.deck.hand_points(hand) for hand in s.hands)
        s.round_status, s.round_winner, s.round_points = ROUND_WON, winner, points
        s.scores[winner] += points
        events.append(Event("round-won", winner, points=points))
        self._after_round(s, events)

    def _after_round(self, s: GameState, events: list[Event]) -> None:
        options = s.options
        winner = s.round_winner
        if options.scoring == "single" or winner is not None and s.scores[winner] >= options.target:
            self._finish(s, winner, events)
        # Otherwise `apply` deals the next round once the move is done.

    def _deal_next_round(self, s: GameState, events: list[Event]) -> None:
        s.last_round = RoundSummary(
            s.round_number, s.dealer, s.round_status, s.round_winner, s.round_points or 0,
            tuple(tuple(hand) for hand in s.hands),
        )
        s.direction = CLOCKWISE  # the deal moves on clockwise
        dealer = s.next_seat(s.dealer)
        self._deal(s, s.round_number + 1, dealer, None, events)

    def _finish(self, s: GameState, winner: int | None, events: list[Event]) -> None:
        s.status = FINISHED
        s.winner = winner
        s.penalty, s.drawn, s.jump_open = 0, NONE, False
        events.append(Event("game-over", winner))
