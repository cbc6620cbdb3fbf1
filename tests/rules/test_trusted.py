"""`Rules.apply_trusted`, the rollouts' path (issue 11): in place and without the checks, for a
move taken from `legal_moves` of the same state. For every such move (and a concede) it must give
what the checked path gives: the same new state, the same events, the same ended round; and
played in place on a `GameState.copy()` it must leave the state copied from as it was.

Random complete games with both decks and every house rule (the last-card call on and off,
single rounds and games to a target score): at every state, every legal move of every seat is
tried both ways, and the game goes on along one of them both ways (the trusted state changed in
place move after move, the checked one made anew by pure `apply`), compared after every move.
At every state too, a deck's own `legal_moves` (the classic deck's fast path) must list what the
engine's general one lists.
"""

from __future__ import annotations

import random

from deck_helpers import Spec
from hypothesis import given
from hypothesis import strategies as st
from test_properties import games, snapshot

from games.rules import (
    Event,
    GameState,
    Move,
    Options,
    Rules,
    apply,
    legal_moves,
    new_game,
    rules_for,
)

MAX_MOVES = 5000


def options_for(deck: str):
    calls = st.sampled_from([None, True, False])  # None: as the deck has it
    scoring = {"scoring": st.sampled_from(["single", "target"]), "target": st.integers(50, 200)}
    if deck == "all-wild":  # the other house rules are refused with this deck
        return st.builds(Options, stacking=st.booleans(), last_card_call=calls, **scoring)
    return st.builds(Options, stacking=st.booleans(), seven_zero=st.booleans(),
                     jump_in=st.booleans(), draw_until_playable=st.booleans(),
                     last_card_call=calls, **scoring)


def specs(deck: str):
    return st.builds(Spec, deck=st.just(deck), players=st.integers(2, 10),
                     options=options_for(deck), seed=st.integers(0, 2**63),
                     choices=st.integers(0, 2**32))


def same_outcome(trusted, checked) -> None:
    assert checked.ok, f"a legal move was refused: {checked.code}"
    assert trusted.state == checked.state
    assert trusted.events == checked.events
    assert all(type(event) is Event for event in trusted.events)
    assert trusted.ended == checked.ended


def every_move(s: GameState, rng: random.Random) -> list[tuple[int, Move]]:
    """Every legal move of every seat, and a concede by one seat still playing."""
    tries = [(seat, move) for seat in range(s.players) for move in legal_moves(s, seat)]
    return tries + [(rng.choice(s.active_seats()), Move("concede"))]


def pick(s: GameState, tries: list[tuple[int, Move]], rng: random.Random) -> tuple[int, Move]:
    """Mostly a move of the seat whose turn it is; now and then a jump-in, a call or a catch by
    another seat (when there is one), rarely a concede."""
    concede = tries.pop()
    others = [(seat, move) for seat, move in tries if seat != s.turn]
    if rng.random() < 0.002:
        return concede
    if others and rng.random() < 0.3:
        return rng.choice(others)
    return rng.choice([(seat, move) for seat, move in tries if seat == s.turn])


def play_both_ways(spec: Spec) -> int:
    checked = new_game(spec.players, spec.options, seed=spec.seed, deck=spec.deck).state
    placed = checked.copy()  # the trusted path's state, changed in place all game long
    rules = rules_for(checked)
    rng = random.Random(spec.choices)
    moves = 0
    while checked.status == "playing":
        assert moves < MAX_MOVES, f"no end after {MAX_MOVES} moves"
        before = snapshot(checked)
        tries = every_move(checked, rng)
        for seat in range(checked.players):  # a deck's own legal_moves (the classic fast path)
            assert legal_moves(checked, seat) == Rules.legal_moves(rules, checked, seat)
        for seat, move in tries:
            twin = checked.copy()  # shares the hands and piles with `checked`
            trusted = rules.apply_trusted(twin, seat, move)
            assert trusted.state is twin
            same_outcome(trusted, apply(checked, seat, move))
            assert checked == before, f"{move} by seat {seat}, trusted, changed the original"
        seat, move = pick(checked, tries, rng)
        expected = apply(checked, seat, move)
        same_outcome(rules.apply_trusted(placed, seat, move), expected)
        checked = expected.state
        moves += 1
    assert placed == checked
    return moves


@games(60)
@given(spec=specs("classic"))
def test_trusted_classic_games_give_the_checked_paths_states_and_events(spec):
    play_both_ways(spec)


@games(60)
@given(spec=specs("all-wild"))
def test_trusted_all_wild_games_give_the_checked_paths_states_and_events(spec):
    play_both_ways(spec)


def test_many_whole_games_trusted_end_as_they_do_checked():
    """Rollouts' games as `bench/engine.py` plays them: the seat whose turn it is plays one of
    its legal moves at random; trusted in place and checked pure side by side, 400 games."""
    for n in range(400):
        deck = ("classic", "all-wild")[n % 2]
        options = (Options(stacking=True, seven_zero=True, jump_in=True, draw_until_playable=True,
                           last_card_call=n % 3 == 0, scoring="target", target=100)
                   if deck == "classic" and n % 4 == 0 else Options(stacking=n % 4 == 1))
        pure = new_game(2 + n % 9, options, seed=n, deck=deck).state
        placed = pure.copy()
        rules = rules_for(pure)
        rng = random.Random(n)
        while pure.status == "playing":
            moves = rules.legal_moves(pure, pure.turn)
            move = moves[rng.randrange(len(moves))]
            expected = rules.apply(pure, pure.turn, move)
            same_outcome(rules.apply_trusted(placed, placed.turn, move), expected)
            pure = expected.state
        assert placed == pure


def test_a_state_played_on_in_place_and_its_copies_never_change_each_other():
    """The fast path changes in place the lists a state alone holds since its last copy
    (`GameState.own`): a copy taken midway, and the state it was taken from, then each go their
    own way without touching the other, whichever moves on first."""

    def move_on(s: GameState, rng: random.Random, count: int) -> None:
        rules = rules_for(s)
        for _ in range(count):
            if s.status != "playing":
                return
            moves = rules.legal_moves(s, s.turn)
            rules.apply_trusted(s, s.turn, moves[rng.randrange(len(moves))])

    for seed in range(30):
        state, rng = new_game(2 + seed % 5, seed=seed).state, random.Random(seed)
        while state.status == "playing":
            move_on(state, rng, 7)  # the state now holds lists of its own
            twin = state.copy()
            kept = snapshot(state)
            move_on(twin, rng, 5)
            assert state == kept, f"game {seed}: moves on a copy changed the original"
            move_on(state, rng, 5)
            twin_after = snapshot(twin)
            move_on(state, rng, 3)
            assert twin == twin_after, f"game {seed}: moves on the original changed a copy"
