"""Property tests: thousands of random complete games, checked against the rule book after every
step.

Each hypothesis example is one game: 2 to 10 players, random house rules, single round or a
small target score (so target games end), a shuffle seed and a seed for the random choices.
The game is played to its end with random legal moves from `legal_moves`, random jump-ins by
seats that may jump in, rare concessions and deliberately illegal moves that must be refused.

What a move should do is predicted by a small model of the rule book written here, apart from the
engine (`expected_refusal`, `expected_effects`): it reads the cards by their codes, not by the
engine's ids or tables. Every move tried, legal or not, must get the model's answer: accepted,
or refused with the same reason code (api.md's order of precedence).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from dataclasses import dataclass, field, fields

from hypothesis import HealthCheck, currently_in_test_context, given, settings
from hypothesis import event as note
from hypothesis import strategies as st

from games.rules import (
    CLASSIC,
    COLORS,
    GameState,
    Move,
    Options,
    apply,
    legal_actions,
    legal_moves,
    new_game,
    public_view,
    timeout_move,
    view_for,
)

# ------------------------------------------------------------------------ the rule book's deck
SYMBOL_COLOR = {"flame": "red", "sun": "yellow", "leaf": "green", "wave": "blue"}
COLOR_NAMES = ("red", "yellow", "green", "blue")
ACTIONS_IN_HAND_ORDER = ("skip", "reverse", "draw2")


def _book_deck() -> Counter:
    deck: Counter = Counter()
    for symbol in SYMBOL_COLOR:
        deck[f"{symbol}-0"] = 1
        for rank in [str(n) for n in range(1, 10)] + list(ACTIONS_IN_HAND_ORDER):
            deck[f"{symbol}-{rank}"] = 2
    deck["wild"] = 4
    deck["wild-draw4"] = 4
    return deck


BOOK_DECK = _book_deck()  # 108 cards by code, from the rule book's card list


def _color(code: str) -> str | None:
    return None if code.startswith("wild") else SYMBOL_COLOR[code.split("-")[0]]


def _kind(code: str) -> str:
    """'0'..'9', 'skip', 'reverse', 'draw2', 'wild' or 'wild-draw4'."""
    return code if code.startswith("wild") else code.split("-", 1)[1]


def _points(code: str) -> int:
    kind = _kind(code)
    if kind.isdigit():
        return int(kind)
    return 20 if kind in ACTIONS_IN_HAND_ORDER else 50


def _hand_rank(code: str) -> tuple[int, int]:
    """The rule book's hand order: Red, Yellow, Green, Blue; numbers in order, then Skip,
    Reverse, Draw 2; then wild, then wild-draw4."""
    color = _color(code)
    if color is None:
        return (4, 0 if code == "wild" else 1)
    kind = _kind(code)
    order = int(kind) if kind.isdigit() else 10 + ACTIONS_IN_HAND_ORDER.index(kind)
    return (COLOR_NAMES.index(color), order)


# The engine keeps cards as int ids; these tables read each id's code the rule book's way.
CODE = CLASSIC.codes
ID = {code: card for card, code in enumerate(CODE)}
COLOR = tuple(_color(code) for code in CODE)
KIND = tuple(_kind(code) for code in CODE)
POINTS = tuple(_points(code) for code in CODE)
RANK = tuple(_hand_rank(code) for code in CODE)
FULL_DECK = sorted(CLASSIC.full())  # the multiset as a sorted list: fast to compare

# api.md's reason codes, plus our own documented `nothing-to-choose`.
API_CODES = frozenset({
    "no-match", "wild-draw4-color-held", "penalty-waiting", "only-drawn-card", "must-play",
    "not-your-turn", "not-in-hand", "unknown-card", "color-required", "target-required",
    "nothing-to-take", "cannot-pass", "game-not-playing",
})
REFUSAL_CODES = API_CODES | {"nothing-to-choose"}

ROUND_ENDS = frozenset({"round-won", "round-blocked", "round-abandoned", "dealt", "game-over"})
MAX_MOVES = 5000  # accepted moves in one game; random ones take ~80, very rarely over 1000
NOT_CARDS = ("purple-3", "flame-10", "wild-skip", "wild-forced-swap", "", "WILD", "sun_5")


# ----------------------------------------------------------------------- the rule-book model
def color_in_play(s: GameState) -> str | None:
    return None if s.color < 0 else COLORS[s.color]


def next_seat(seat: int, direction: int, left: list[bool]) -> int:
    """The next player still in the game after `seat`, in the direction of play."""
    players = len(left)
    seat = (seat + direction) % players
    while left[seat]:
        seat = (seat + direction) % players
    return seat


def can_draw(s: GameState) -> bool:
    return bool(s.draw_pile) or len(s.discard) > 1


def cards_to_draw(s: GameState) -> int:
    """Everything a draw could reach: the draw pile and the discard pile but its top card."""
    return len(s.draw_pile) + len(s.discard) - 1


def matches(s: GameState, hand: list[int], card: int) -> bool:
    """Rule book, 'A card is playable when ...' (no penalty waiting, no card just drawn)."""
    color = color_in_play(s)
    if KIND[card] == "wild-draw4":
        return not any(COLOR[c] == color for c in hand)
    if KIND[card] == "wild" or COLOR[card] == color:
        return True
    top = s.discard[-1]
    return COLOR[top] is not None and KIND[card] == KIND[top]


def turn_refusal(s: GameState, hand: list[int], card: int) -> str | None:
    """Why the seat whose turn it is may not play `card` from `hand` now (None: it may)."""
    if s.drawn >= 0 and card != s.drawn:
        return "only-drawn-card"
    if s.penalty:
        # Stacking: a Draw 2 answers only a Draw 2, a Wild Draw 4 only a Wild Draw 4, and a
        # stacked Wild Draw 4 is spared the color test.
        return None if KIND[card] == KIND[s.discard[-1]] else "penalty-waiting"
    if KIND[card] == "wild-draw4" and not matches(s, hand, card):
        return "wild-draw4-color-held"
    return None if matches(s, hand, card) else "no-match"


def may_jump_in(s: GameState, seat: int, card: int, window: bool) -> bool:
    """Jump-in: an identical colored card, while the player whose turn it is has not acted."""
    return (
        s.options.jump_in and window and not s.left[seat] and card == s.discard[-1]
        and COLOR[card] is not None and card in s.hands[seat]
    )


def needs_target(s: GameState, hand: list[int], card: int) -> bool:
    # 7-0: a 7 names another player, but a 7 as the last card has no effect.
    return s.options.seven_zero and KIND[card] == "7" and len(hand) > 1


def valid_target(s: GameState, seat: int, target: object) -> bool:
    return (
        isinstance(target, int) and not isinstance(target, bool) and 0 <= target < s.players
        and target != seat and not s.left[target]
    )


def expected_refusal(s: GameState, seat: int, move: Move, window: bool) -> str | None:
    """The reason api.md gives for refusing `move` by `seat` (the first that applies), or None
    when the rule book allows it. `window`: whether a jump-in is still possible."""
    if s.status != "playing":
        return "game-not-playing"
    left = s.left[seat]
    action = move.action
    if action == "concede":
        return "not-your-turn" if left else None
    mine = seat == s.turn and not left
    if action == "play":
        card = ID.get(move.card) if isinstance(move.card, str) else None
        if card is None:
            return "unknown-card"
        if not mine and not may_jump_in(s, seat, card, window):
            return "not-your-turn"
        hand = s.hands[seat]
        if card not in hand:
            return "not-in-hand"
        if s.color < 0:
            return "color-required"
        if mine:
            reason = turn_refusal(s, hand, card)
            if reason is not None:
                return reason
        if COLOR[card] is None and move.color not in COLOR_NAMES:
            return "color-required"
        if needs_target(s, hand, card) and not valid_target(s, seat, move.target):
            return "target-required"
        return None
    if not mine:
        return "not-your-turn"
    if action == "choose":
        if s.color >= 0:
            return "nothing-to-choose"
        return None if move.color in COLOR_NAMES else "color-required"
    if s.color < 0:
        return "color-required"
    if action == "take":
        return None if s.penalty else "nothing-to-take"
    # draw, pass
    if s.penalty:
        return "penalty-waiting"
    hand = s.hands[seat]
    if s.drawn >= 0 or any(turn_refusal(s, hand, card) is None for card in set(hand)):
        return "must-play"
    if action == "pass" and can_draw(s):
        return "cannot-pass"
    return None


def candidate_moves(s: GameState, seat: int) -> list[Move]:
    """Every move worth trying for `seat`, concede aside: each distinct card of the hand with
    each color (Wild) or target (7 under 7-0), and each other action."""
    hand = s.hands[seat]
    moves = []
    for card in sorted(set(hand)):
        code = CODE[card]
        if COLOR[card] is None:
            moves.extend(Move("play", code, color) for color in COLOR_NAMES)
        elif needs_target(s, hand, card):
            moves.extend(
                Move("play", code, target=t) for t in range(s.players) if valid_target(s, seat, t)
            )
        else:
            moves.append(Move("play", code))
    moves += [Move("draw"), Move("pass"), Move("take")]
    moves += [Move("choose", color=color) for color in COLOR_NAMES]
    return moves


def expected_legal_moves(s: GameState, seat: int, window: bool) -> set[Move]:
    """The moves the model allows. `draw` with nothing left to draw is accepted as a pass, but
    `legal_moves` offers `pass` for it, so it is left out here."""
    return {
        move for move in candidate_moves(s, seat)
        if expected_refusal(s, seat, move, window) is None
        and not (move.action == "draw" and not can_draw(s))
    }


# --------------------------------------------------------------------------- invariants
STATE_FIELDS = tuple(f.name for f in fields(GameState))


def snapshot(s: GameState) -> GameState:
    """A deep copy made field by field, not by the engine's own `copy`: the state's lists hold
    ints or bools, or (the hands) lists of ints; everything else in it is immutable."""
    data = {name: getattr(s, name) for name in STATE_FIELDS}
    for name, value in data.items():
        if type(value) is list:
            data[name] = [h[:] for h in value] if name == "hands" else value[:]
    return GameState(**data)


def check_invariants(s: GameState) -> None:
    cards = [card for hand in s.hands for card in hand] + s.draw_pile + s.discard
    assert sorted(cards) == FULL_DECK, "the 108 cards are not conserved"
    for seat, hand in enumerate(s.hands):
        ranks = [RANK[card] for card in hand]
        assert ranks == sorted(ranks), f"seat {seat}'s hand is not sorted"
        if s.left[seat]:
            assert hand == [], "a seat that left still holds cards"
    assert s.discard, "the discard pile is empty"
    if s.status == "playing":
        assert s.round_status == "playing"
        assert not s.left[s.turn], "the turn is with a seat that left"
        assert legal_moves(s, s.turn), "the seat whose turn it is has no legal move"
    else:
        assert s.status == "finished"
        assert all(legal_actions(s, seat) == [] for seat in range(s.players))


def hand_points(hands, but: int | None = None) -> int:
    return sum(POINTS[card] for seat, hand in enumerate(hands) if seat != but for card in hand)


# ---------------------------------------------------------------------------- the games
@dataclass(frozen=True)
class GameSpec:
    players: int
    options: Options
    seed: int
    choices: int


def game_specs(scorings=("single", "target"), players=(2, 10), targets=(50, 200)):
    return st.builds(
        GameSpec,
        players=st.integers(*players),
        options=st.builds(
            Options,
            stacking=st.booleans(),
            seven_zero=st.booleans(),
            jump_in=st.booleans(),
            draw_until_playable=st.booleans(),
            scoring=st.sampled_from(scorings),
            target=st.integers(*targets),
        ),
        seed=st.integers(min_value=0, max_value=2**63),
        choices=st.integers(min_value=0, max_value=2**32),
    )


PROPERTY = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
# A longer soak: WILDCARDS_PROPERTY_SCALE=20 plays twenty times as many games.
SCALE = float(os.environ.get("WILDCARDS_PROPERTY_SCALE", "1"))


def games(n: int) -> settings:
    return settings(PROPERTY, max_examples=max(1, int(n * SCALE)))


@dataclass
class Game:
    """A game being played, with the model's own record of the jump-in window."""

    spec: GameSpec
    rng: random.Random
    state: GameState
    window: bool = True  # a card was just laid and the player whose turn it is has not acted
    accepted: int = 0
    refused: int = 0
    rounds: int = 1
    seen: set = field(default_factory=set)  # what happened, for --hypothesis-show-statistics


def random_illegal_move(game: Game) -> tuple[int, Move]:
    """A move that is usually illegal: a random card (often of the seat's own hand, sometimes
    not of this deck) for a random seat, or an action at a random time."""
    s, rng = game.state, game.rng
    seat = rng.randrange(s.players)
    roll = rng.random()
    colors = (None, rng.choice(COLOR_NAMES), "purple")
    target = rng.choice([None, -1, seat, rng.randrange(s.players), s.players, True, "1"])
    if roll < 0.45:
        hand = s.hands[seat]
        card = rng.choice(hand) if hand and rng.random() < 0.6 else rng.choice(FULL_DECK)
        return seat, Move("play", CODE[card], rng.choice(colors), target)
    if roll < 0.5:
        return seat, Move("play", rng.choice(NOT_CARDS), rng.choice(colors))
    action = rng.choice(["draw", "pass", "take", "choose"])
    return seat, Move(action, color=rng.choice(colors) if action == "choose" else None)


def play_game(
    spec: GameSpec,
    *,
    illegal: float = 0.05,
    concede: float = 0.002,
    jump: float = 0.5,
    on_state=None,
    on_refused=None,
) -> Game:
    """Play one game to its end. Every move tried, legal or not, must get the model's answer,
    must leave the state it was given untouched, and an accepted one must keep the invariants
    and have the rule book's effects.
    `on_state(game)` runs on the first state and after every accepted move, `on_refused(game,
    seat, move, code)` after every refusal."""
    result = new_game(spec.players, spec.options, seed=spec.seed)
    game = Game(spec, random.Random(spec.choices), result.state)
    check_invariants(game.state)
    check_new_deal(game.state, result.events)
    assert game.state.round_number == 1 and game.state.dealer == 0, "seat 0 deals first"
    if on_state:
        on_state(game)
    while game.state.status == "playing":
        assert game.accepted < MAX_MOVES, f"no end after {MAX_MOVES} moves"
        s, rng = game.state, game.rng
        roll = rng.random()
        if roll < illegal:
            seat, move = random_illegal_move(game)
        elif roll < illegal + concede:
            seat, move = rng.choice(s.active_seats()), Move("concede")
        else:
            seat = s.turn
            if s.options.jump_in:
                top = s.discard[-1]
                jumpers = []
                for other in range(s.players):
                    if other == s.turn:
                        continue
                    offered = "play" in legal_actions(s, other)
                    assert offered == may_jump_in(s, other, top, game.window), (
                        f"seat {other}: jump-in offered {offered}, rule book says otherwise"
                    )
                    if offered:
                        jumpers.append(other)
                if jumpers and rng.random() < jump:
                    seat = rng.choice(jumpers)
            move = rng.choice(legal_moves(s, seat))
        if step(game, seat, move, on_refused) and on_state:
            on_state(game)
    # The game is over: nothing more is accepted.
    seat, move = random_illegal_move(game)
    assert not apply(game.state, seat, move).ok
    assert apply(game.state, 0, Move("concede")).code == "game-not-playing"
    if currently_in_test_context():  # play_game also serves scripts reproducing a game
        for what in sorted(game.seen):
            note(what)
    return game


def step(game: Game, seat: int, move: Move, on_refused=None) -> bool:
    """Try one move; True when it was accepted (`game.state` is then the new state)."""
    s = game.state
    before = snapshot(s)
    expected = expected_refusal(s, seat, move, game.window)
    result = apply(s, seat, move)
    assert s == before, f"apply mutated the state it was given ({move} by seat {seat})"
    if not result.ok:
        assert result.code in REFUSAL_CODES, f"undocumented reason {result.code!r}"
        assert result.code == expected, (
            f"{move} by seat {seat}: refused with {result.code!r}, rule book says "
            f"{'accept' if expected is None else repr(expected)}"
        )
        game.refused += 1
        game.seen.add(f"refused {result.code}")
        if on_refused:
            on_refused(game, seat, move, result.code)
        return False
    assert expected is None, f"{move} by seat {seat}: accepted, rule book says {expected!r}"
    after = result.state
    check_invariants(after)
    kinds = [event.kind for event in result.events]
    assert (after.status == "finished") == ("game-over" in kinds)
    check_round_end(before, after, result.events)
    # Jump-in: "The chance to jump in lasts only while the player whose turn it is has not yet
    # acted. Once any move is made, it has gone." A card laid (or a new deal) opens it again.
    game.window = "dealt" in kinds or move.action == "play"
    game.rounds += kinds.count("dealt")
    game.seen.update(kinds)
    if move.action == "play" and seat != before.turn:
        game.seen.add("jump-in")
    game.state = after
    game.accepted += 1
    expected_effects(game, before, seat, move, result.events)
    return True


def check_round_end(before: GameState, after: GameState, events) -> None:
    """A won round scores the points of the cards left in the other hands; a blocked or
    abandoned round scores nothing; single round ends the game at the first round's end."""
    kinds = [event.kind for event in events]
    ends = [k for k in kinds if k in ("round-won", "round-blocked", "round-abandoned")]
    if not ends:
        assert after.scores == before.scores
        return
    assert len(ends) == 1
    target_mode = after.options.scoring == "target"
    if after.status == "finished":
        assert "dealt" not in kinds
        hands, status, points = after.hands, after.round_status, after.round_points
    else:
        assert target_mode and kinds[-1] != "game-over" and "dealt" in kinds
        last = after.last_round
        hands, status, points = [list(h) for h in last.hands], last.status, last.points
        assert last.number == before.round_number and after.round_number == last.number + 1
        assert after.dealer == next_seat(before.dealer, 1, after.left), "the deal moves on"
        assert after.last_round.dealer == before.dealer
        check_new_deal(after, events)
    if ends[0] == "round-won":
        won = next(event for event in events if event.kind == "round-won")
        winner = won.seat
        assert hands[winner] == [], "the round's winner still holds cards"
        assert won.points == points == hand_points(hands, but=winner), (
            f"round points {won.points}, the other hands hold {hand_points(hands, but=winner)}"
        )
        assert status == "won"
        last_card = ID[next(event.card for event in events if event.kind == "played")]
        ended = [event.kind for event in events].index("round-won")
        took = [event for event in events[:ended] if event.kind == "took"]
        if KIND[last_card] in ("draw2", "wild-draw4"):
            # The next player draws those cards first (with any stack under them).
            count = before.penalty + (2 if KIND[last_card] == "draw2" else 4)
            assert [event.seat for event in took] == [
                next_seat(winner, before.direction, before.left)
            ]
            assert took[0].count == min(count, cards_to_draw(before) + 1)
        else:
            assert took == [], "a last card other than a draw card has no effect"
        expected = before.scores[:]
        expected[winner] += won.points
        assert after.scores == expected
        if after.status == "finished":
            assert after.winner == winner
            if target_mode:
                assert after.scores[winner] >= after.options.target
        else:
            assert after.scores[winner] < after.options.target
    else:
        assert after.scores == before.scores and points == 0
        assert status == ("blocked" if ends[0] == "round-blocked" else "abandoned")
        if ends[0] == "round-abandoned":
            assert after.status == "finished" and after.active_seats() == [after.winner]
        elif after.status == "finished":
            # Blocked: nothing to draw, only the top card left, and nobody can play.
            assert after.options.scoring == "single" and after.winner is None
            assert not after.draw_pile and len(after.discard) == 1
            for seat in after.active_seats():
                hand = after.hands[seat]
                assert not any(matches(after, hand, card) for card in hand)


def check_new_deal(s: GameState, events) -> None:
    """A fresh deal: seven cards to each player still in the game, one starter card turned up
    (never a Wild Draw 4), and the starter table's effect before the first turn."""
    events = events[[event.kind for event in events].index("dealt"):]
    first = next_seat(s.dealer, 1, s.left)
    starter = s.discard[0]
    kind = KIND[starter]
    assert len(s.discard) == 1 and kind != "wild-draw4"
    assert events[0].card == CODE[starter]
    sizes = [0 if gone else 7 for gone in s.left]
    direction, turn, color = 1, first, COLOR[starter]
    if kind == "skip":
        turn = next_seat(first, 1, s.left)
    elif kind == "reverse":
        direction, turn = -1, s.dealer  # with two players too: it works like a Skip
    elif kind == "draw2":
        sizes[first] += 2  # drawn at once, never stacked on
        turn = next_seat(first, 1, s.left)
        took = [event for event in events if event.kind == "took"]
        assert [(event.seat, event.count) for event in took] == [(first, 2)]
    assert [len(hand) for hand in s.hands] == sizes
    assert (s.turn, s.direction, color_in_play(s)) == (turn, direction, color)
    assert (s.penalty, s.drawn, s.round_status) == (0, -1, "playing")


# ------------------------------------------------------------------- what a move does
def expected_effects(game: Game, before: GameState, seat: int, move: Move, events) -> None:
    """The rule book's effect of an accepted move that did not end the round: whose turn it is,
    the direction, the waiting penalty, the color in play and the hands."""
    after = game.state
    if any(event.kind in ROUND_ENDS for event in events):
        return
    left, direction = after.left, before.direction
    hands = [hand[:] for hand in before.hands]
    drawn_by = {}  # seat -> cards drawn (any order): checked as a multiset
    for event in events:
        if event.kind in ("drew", "took"):
            drawn_by.setdefault(event.seat, []).extend(ID[code] for code in event.cards)
    penalty, drawn, color, turn = before.penalty, -1, before.color, before.turn
    action = move.action
    if action == "play":
        card = ID[move.card]
        hands[seat].remove(card)
        kind = KIND[card]
        assert after.discard[-1] == card
        color = COLORS.index(COLOR[card] or move.color)
        if after.options.seven_zero and kind == "7":
            hands[seat], hands[move.target] = hands[move.target], hands[seat]
        elif after.options.seven_zero and kind == "0":
            passed = hands[:]
            for x in before.active_seats():
                passed[next_seat(x, direction, left)] = hands[x]
            hands = passed
        active = len(before.active_seats())
        if kind == "skip":
            turn = next_seat(next_seat(seat, direction, left), direction, left)
        elif kind == "reverse":
            direction = -direction
            turn = seat if active == 2 else next_seat(seat, direction, left)
        elif kind in ("draw2", "wild-draw4"):
            count = 2 if kind == "draw2" else 4
            victim = next_seat(seat, direction, left)
            if after.options.stacking:
                penalty += count
                turn = victim
                assert not drawn_by
            else:
                assert penalty == 0
                turn = next_seat(victim, direction, left)
                assert set(drawn_by) <= {victim}
                assert len(drawn_by.get(victim, [])) == min(count, cards_to_draw(before) + 1)
        else:
            turn = next_seat(seat, direction, left)
        if not any(event.kind == "reshuffled" for event in events):
            assert after.discard == before.discard + [card]
    elif action == "draw":
        got = drawn_by.get(seat, [])
        assert set(drawn_by) <= {seat}
        available = cards_to_draw(before)
        hand = hands[seat][:]
        for i, card in enumerate(got):
            hand.append(card)
            if i < len(got) - 1:
                assert not matches(before, hand, card), "kept drawing after a playable card"
        if after.options.draw_until_playable:
            assert len(got) == available or matches(before, hand, got[-1]), (
                "stopped drawing before a playable card while cards were left"
            )
        else:
            assert len(got) == min(1, available)
        if got and matches(before, hand, got[-1]):
            drawn = got[-1]  # it must be played now, by the same seat
        else:
            turn = next_seat(seat, direction, left)
    elif action == "take":
        assert set(drawn_by) == {seat}
        assert len(drawn_by[seat]) == min(before.penalty, cards_to_draw(before))
        penalty = 0
        turn = next_seat(seat, direction, left)
    elif action == "pass":
        assert not drawn_by
        turn = next_seat(seat, direction, left)
    elif action == "choose":
        color = COLORS.index(move.color)
    else:  # concede
        assert after.left[seat] and after.hands[seat] == []
        assert after.draw_pile == before.hands[seat] + before.draw_pile, (
            "the cards of a seat that leaves go to the bottom of the draw pile"
        )
        hands[seat] = []
        if seat == before.turn:
            penalty, turn = 0, next_seat(seat, direction, left)
        else:
            drawn = before.drawn
    for x, cards in drawn_by.items():
        hands[x] = hands[x] + cards
    # Cards come off the top of the draw pile; only when it is empty and a card is needed is
    # the discard pile but its top card shuffled into a new one.
    got = [card for cards in drawn_by.values() for card in cards]
    pile = before.draw_pile[::-1]  # top card first
    if any(event.kind == "reshuffled" for event in events):
        assert len(got) > len(pile) and got[:len(pile)] == pile
        top = ID[move.card] if action == "play" else before.discard[-1]
        assert after.discard == [top]
    else:
        assert got == pile[:len(got)], "cards were not drawn from the top of the draw pile"
    assert [sorted(h) for h in hands] == after.hands, f"hands after {move} by seat {seat}"
    assert after.turn == turn, f"turn after {move} by seat {seat}: {after.turn}, expected {turn}"
    assert after.direction == direction
    assert after.penalty == penalty
    assert after.drawn == drawn
    assert after.color == color


# --------------------------------------------------------------------------------- views
PUBLIC_KEYS = {"status", "deck", "options", "seats", "round", "last_round", "ranking"}
SEAT_KEYS = {"seat", "cards", "score", "left"}
ROUND_KEYS = {
    "number", "dealer", "turn", "direction", "top", "color", "discard", "draw_pile", "penalty",
    "catchable", "turns_to_lose", "status", "winner", "points", "hands",
}
LAST_ROUND_KEYS = {"number", "dealer", "status", "winner", "points", "hands"}
YOU_KEYS = {"seat", "hand", "playable", "refusals", "drawn", "actions"}


def check_public_view(view: dict, s: GameState) -> None:
    """Hand sizes, scores, the discard pile and the draw pile's size; hands only face up once
    the round is over."""
    assert set(view) == PUBLIC_KEYS
    assert view["status"] == s.status
    assert view["options"] == s.options.to_dict()
    for seat, row in enumerate(view["seats"]):
        assert set(row) == SEAT_KEYS
        assert row["seat"] == seat and row["cards"] == len(s.hands[seat])
        assert row["score"] == s.scores[seat] and row["left"] == s.left[seat]
    rnd = view["round"]
    assert set(rnd) == ROUND_KEYS
    assert rnd["draw_pile"] == len(s.draw_pile), "the draw pile appears only as a count"
    assert rnd["discard"] == [CODE[card] for card in s.discard]
    assert rnd["top"] == CODE[s.discard[-1]]
    assert rnd["color"] == color_in_play(s)
    assert rnd["catchable"] == []  # the last-card call is off in these games
    assert rnd["turns_to_lose"] == list(s.lost_turns)
    if s.round_status == "playing":
        assert rnd["hands"] is None, "hands face up while the round is played"
    else:
        assert rnd["hands"] == {str(x): [CODE[c] for c in h] for x, h in enumerate(s.hands)}
    last = view["last_round"]
    if last is None:
        assert s.last_round is None
    else:
        assert set(last) == LAST_ROUND_KEYS
        assert last["hands"] == {
            str(x): [CODE[c] for c in h] for x, h in enumerate(s.last_round.hands)
        }
    assert (view["ranking"] is None) == (s.status == "playing")


def secrets(s: GameState) -> list[str]:
    """What no view may hold, as JSON text: the seed, and the draw pile's order either way."""
    found = ['"seed"']
    if s.seed >= 10**6:  # a small number could be a count
        found.append(str(s.seed))
    if len(s.draw_pile) >= 5:  # a few cards could be in the same order elsewhere by chance
        order = [CODE[card] for card in s.draw_pile]
        found += [json.dumps(order)[1:-1], json.dumps(order[::-1])[1:-1]]
    return found


def check_no_secrets(part: dict, hidden: list[str]) -> None:
    text = json.dumps(part)  # also proves the view is JSON
    for secret in hidden:
        assert secret not in text, f"a view holds a secret: {secret[:40]}"


def check_views(game: Game) -> None:
    s = game.state
    public = public_view(s)
    check_public_view(public, s)
    hidden = secrets(s)
    check_no_secrets(public, hidden)
    for seat in range(s.players):
        view = view_for(s, seat)
        you = view.pop("you")
        assert view == public, "a seat's view differs from the public view beyond `you`"
        check_no_secrets(you, hidden)
        assert set(you) == YOU_KEYS and you["seat"] == seat
        hand = s.hands[seat]
        assert you["hand"] == [CODE[card] for card in hand], "you.hand is not the own hand"
        assert you["actions"] == legal_actions(s, seat)
        playable, refusals = you["playable"], you["refusals"]
        assert len(set(playable)) == len(playable), "a playable card listed twice"
        assert set(playable) <= set(you["hand"]) and set(refusals) <= set(you["hand"])
        assert not set(playable) & set(refusals)
        assert set(refusals.values()) <= API_CODES
        mine = s.status == "playing" and seat == s.turn
        expect_drawn = CODE[s.drawn] if mine and s.drawn >= 0 else None
        assert you["drawn"] == expect_drawn
        if s.status != "playing" or s.left[seat]:
            assert playable == [] and refusals == {}
        elif mine:
            assert set(playable) | set(refusals) == set(you["hand"]), (
                "playable and refusals do not cover the hand"
            )
            if s.color < 0:
                assert playable == [] and set(refusals.values()) <= {"color-required"}
            else:
                model = {CODE[c]: turn_refusal(s, hand, c) for c in set(hand)}
                assert {c for c, r in model.items() if r is None} == set(playable)
                assert {c: r for c, r in model.items() if r is not None} == refusals
        else:
            top = s.discard[-1]
            assert playable == ([CODE[top]] if may_jump_in(s, seat, top, game.window) else [])
        try_view_cards(game, seat, playable, refusals)


def try_view_cards(game: Game, seat: int, playable: list[str], refusals: dict) -> None:
    """Playing a card the view calls playable (with a legal color and target) is accepted;
    playing a refused one is refused with exactly the view's reason."""
    s, rng = game.state, game.rng
    targets = [t for t in range(s.players) if valid_target(s, seat, t)]
    if playable:
        code = rng.choice(playable)
        move = Move("play", code, rng.choice(COLOR_NAMES) if _color(code) is None else None,
                    rng.choice(targets) if targets else None)
        result = apply(s, seat, move)
        assert result.ok, f"{move} by seat {seat}: view says playable, refused {result.code}"
    if refusals:
        code = rng.choice(sorted(refusals))
        move = Move("play", code, rng.choice((None, *COLOR_NAMES)),
                    rng.choice([None, *targets]))
        result = apply(s, seat, move)
        assert not result.ok and result.code == refusals[code], (
            f"{move} by seat {seat}: view says {refusals[code]!r}, apply says "
            f"{'ok' if result.ok else result.code}"
        )


# --------------------------------------------------------------------------------- tests
def test_the_models_deck_is_the_engines_deck():
    assert Counter(CODE[card] for card in CLASSIC.full()) == BOOK_DECK
    assert sum(BOOK_DECK.values()) == 108


@games(1800)
@given(spec=game_specs())
def test_random_games_conserve_the_deck_keep_hands_sorted_and_never_stall(spec):
    """Deck conserved, hands sorted, a legal move for the seat whose turn it is, apply pure,
    every move answered and carried out as the rule book says, and every game ends."""
    game = play_game(spec)
    assert game.state.status == "finished"


@games(300)
@given(spec=game_specs())
def test_refused_moves_change_nothing_and_give_the_rule_books_reason(spec):
    def on_refused(game, seat, move, code):
        s = game.state
        before = copy.deepcopy(s)
        assert apply(s, seat, move).code == code and s == before
        # Even when asked to work in place, a refusal leaves the state as it was.
        result = apply(s, seat, move, in_place=True)
        assert not result.ok and result.code == code
        assert s == before, f"refused {move} by seat {seat} changed the state in place"

    play_game(spec, illegal=0.3, concede=0.004, on_refused=on_refused)


@games(250)
@given(spec=game_specs())
def test_legal_moves_are_exactly_the_moves_the_rule_book_allows(spec):
    def on_state(game):
        s = game.state
        if s.status != "playing":
            return
        for seat in {s.turn, game.rng.randrange(s.players)}:
            offered = legal_moves(s, seat)
            assert len(set(offered)) == len(offered), "a legal move listed twice"
            assert set(offered) == expected_legal_moves(s, seat, game.window), (
                f"seat {seat}: legal_moves differs from the rule book"
            )
        # Time running out: take a waiting penalty, else play the playable card worth the
        # most points, else draw; never draw while holding a playable card.
        move = timeout_move(s)
        assert move in expected_legal_moves(s, s.turn, game.window) | {Move("pass")}
        hand = s.hands[s.turn]
        if s.color < 0:  # a Wild starter: the color held most
            held = Counter(COLOR[c] for c in hand if COLOR[c] is not None)
            assert held[move.color] == max(held.values(), default=0)
        elif s.penalty:
            assert move == Move("take")
        else:
            best = max((POINTS[c] for c in hand if turn_refusal(s, hand, c) is None), default=None)
            if best is None:
                assert move.action in ("draw", "pass")
            else:
                assert move.action == "play" and POINTS[ID[move.card]] == best
                if COLOR[ID[move.card]] is None:  # the color held most in the rest of the hand
                    rest = list(hand)
                    rest.remove(ID[move.card])
                    held = Counter(COLOR[c] for c in rest if COLOR[c] is not None)
                    assert held[move.color] == max(held.values(), default=0)

    play_game(spec, on_state=on_state)


@games(120)
@given(spec=game_specs())
def test_views_never_show_other_hands_the_draw_order_or_the_seed(spec):
    """Checked for every seat and the public view after every move, with `you.playable` and
    `you.refusals` covering the hand, matching the rule book, and agreeing with `apply`."""
    play_game(spec, on_state=check_views)


@games(150)
@given(spec=game_specs())
def test_states_round_trip_through_json(spec):
    def on_state(game):
        data = game.state.to_dict()
        restored = GameState.from_dict(json.loads(json.dumps(data)))
        assert restored == game.state
        assert GameState.from_dict(data) == game.state

    play_game(spec, on_state=on_state, concede=0.005)


@games(300)
@given(spec=game_specs(scorings=("target",), players=(2, 4), targets=(100, 200)))
def test_target_games_score_every_won_round_with_the_other_hands_points(spec):
    """Round ends are checked in every game (`check_round_end`); these games all play to a
    target with few players, so many rounds end and new ones are dealt, some rounds with a
    last Draw 2 or Wild Draw 4 whose cards count."""
    game = play_game(spec, illegal=0.0, concede=0.0005)
    final = game.state
    assert final.winner is not None
    assert final.scores[final.winner] >= spec.options.target or final.round_status == "abandoned"
