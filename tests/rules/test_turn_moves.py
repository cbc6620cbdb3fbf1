"""`turn_moves`: every complete move of the seat whose turn it is, as an email's links offer them.

Property tests on random games of both decks with random house rules: at every turn, each
listed move is accepted by the engine, and moves sampled at random that the list leaves out
are refused, but for the fields the engine ignores (the color of a card that has one, a target
for a card that names none, a color declared in All Wild, which changes nothing) and the
last-card call, which the list always adds where a play leaves one card. And examples of each
kind of choice the rule book asks for.
"""

from __future__ import annotations

import random

from deck_helpers import Spec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import (
    COLORS,
    GameState,
    Move,
    Options,
    apply,
    legal_moves,
    new_game,
    position,
    rules_for,
    turn_moves,
)

PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    print_blob=True)
NOT_CARDS = ("purple-3", "flame-10", "wild-skip3", "")
SAMPLES = 12  # moves tried at random at each turn, besides the listed ones
MAX_MOVES = 600  # a game's first moves: plenty of turns of every kind


def games():
    classic = st.builds(Options, stacking=st.booleans(), seven_zero=st.booleans(),
                        jump_in=st.booleans(), draw_until_playable=st.booleans(),
                        last_card_call=st.booleans(),
                        scoring=st.sampled_from(["single", "target"]), target=st.just(200))
    all_wild = st.builds(Options, stacking=st.booleans(), last_card_call=st.booleans(),
                         scoring=st.sampled_from(["single", "target"]), target=st.just(200))
    return st.one_of(
        st.builds(Spec, deck=st.just("classic"), players=st.integers(2, 6), options=classic,
                  seed=st.integers(0, 2**63), choices=st.integers(0, 2**32)),
        st.builds(Spec, deck=st.just("all-wild"), players=st.integers(2, 6), options=all_wild,
                  seed=st.integers(0, 2**63), choices=st.integers(0, 2**32)))


def as_the_engine_reads_it(state: GameState, seat: int, move: Move) -> tuple:
    """The move without the fields the engine ignores, and without the call. A draw with
    nothing left to draw draws nothing and ends the turn (docs/playing.md, "Nothing to draw"):
    the engine takes it, as a pass, but offers it nowhere (nor does `legal_moves`)."""
    if move.action == "draw" and not rules_for(state).can_draw(state):
        return ("draw with nothing to draw",)
    if move.action != "play":
        return (move.action, None, move.color if move.action == "choose" else None, None)
    rules = rules_for(state)
    card = rules.deck.ids[move.card]
    declared = rules.deck.colors[card] < 0 and rules.color_declared
    target = move.target if rules.needs_target(state, state.hands[seat], card) else None
    return ("play", move.card, move.color if declared else None, target)


def random_move(state: GameState, rng: random.Random) -> Move:
    action = rng.choice(["play", "play", "play", "draw", "take", "pass", "choose"])
    codes = rules_for(state).deck.codes
    card = rng.choice([*codes, *NOT_CARDS]) if action == "play" else None
    color = rng.choice([None, *COLORS, "purple"]) if action in ("play", "choose") else None
    target = (rng.choice([None, -1, *range(state.players), state.players])
              if action == "play" else None)
    return Move(action, card, color, target, action == "play" and rng.random() < 0.3)


def check_turn(state: GameState, rng: random.Random) -> None:
    seat = state.turn
    listed = turn_moves(state, seat)
    assert listed, "the seat whose turn it is has no move to choose from"
    assert len(set(listed)) == len(listed), "a move is listed twice"
    rules = rules_for(state)
    for move in listed:
        result = apply(state, seat, move)
        assert result.ok, f"{move} is listed but refused: {result.code}"
        assert Move.parse(str(move)) == move, f"{move} does not round-trip through its text"
        if move.action == "play":
            leaves = rules.cards_after_play(state, seat, rules.deck.ids[move.card], move.target)
            assert move.call == (state.options.last_card_call and leaves == 1), move
    read = {as_the_engine_reads_it(state, seat, move) for move in listed}
    for _ in range(SAMPLES):
        move = random_move(state, rng)
        if move.action == "play" and move.card not in rules.deck.ids:
            assert not apply(state, seat, move).ok
            continue
        reading = as_the_engine_reads_it(state, seat, move)
        if reading not in read and reading != ("draw with nothing to draw",):
            result = apply(state, seat, move)
            assert not result.ok, f"{move} is accepted but not listed: {listed}"


def play_turns(spec: Spec, each) -> None:
    state = new_game(spec.players, spec.options, seed=spec.seed, deck=spec.deck).state
    rng = random.Random(spec.choices)
    for _ in range(MAX_MOVES):
        if state.status != "playing":
            return
        each(state, rng)
        for other in state.active_seats():
            if other != state.turn:
                assert turn_moves(state, other) == [], "a move is listed out of turn"
        moves = legal_moves(state, state.turn)
        plays = [m for m in moves if m.action == "play"]
        move = rng.choice(plays if plays and rng.random() < 0.85 else moves)
        state = apply(state, state.turn, move).state


@settings(PROPERTY, max_examples=200)
@given(spec=games())
def test_every_listed_move_is_accepted_and_every_accepted_turn_move_is_listed(spec):
    play_turns(spec, check_turn)


# ------------------------------------------------------------------------------ examples
def test_a_wild_is_listed_once_per_color_and_a_draw_card_matching_nothing_is_not():
    state = position([["wild", "flame-7", "sun-draw2"], ["leaf-1"] * 2], top="flame-3")
    assert [str(m) for m in turn_moves(state, 0)] == [
        "play flame-7", "play wild red", "play wild yellow", "play wild green",
        "play wild blue"]


def test_nothing_to_play_lists_the_draw_alone_and_with_nothing_to_draw_the_pass():
    state = position([["leaf-1"], ["sun-2"]], top="flame-3")
    assert turn_moves(state, 0) == [Move("draw")]
    bare = position([["leaf-1"], ["sun-2"]], top="flame-3", draw_pile=[])
    assert turn_moves(bare, 0) == [Move("pass")]


def test_a_waiting_penalty_lists_the_stacking_answer_and_the_take():
    state = position([["flame-draw2", "wave-draw2", "flame-4"], ["sun-2"]], top="sun-draw2",
                     penalty=2, options=Options(stacking=True))
    assert [str(m) for m in turn_moves(state, 0)] == [
        "play flame-draw2", "play wave-draw2", "take"]


def test_a_seven_under_seven_zero_is_listed_once_per_other_seat_still_playing():
    state = position([["flame-7", "leaf-1"], ["sun-2"], ["sun-3"], ["sun-4"]],
                     top="flame-3", left=[2], options=Options(seven_zero=True))
    assert [str(m) for m in turn_moves(state, 0)] == [
        "play flame-7 @1", "play flame-7 @3"]


def test_a_targeted_draw_two_and_a_forced_swap_name_each_target_in_all_wild():
    state = position([["wild-targeted-draw2", "wild-forced-swap"], ["wild"] * 2,
                      ["wild"] * 3], top="wild", deck="all-wild",
                     options=Options(last_card_call=False))
    assert [str(m) for m in turn_moves(state, 0)] == [
        "play wild-targeted-draw2 @1", "play wild-targeted-draw2 @2",
        "play wild-forced-swap @1", "play wild-forced-swap @2", "draw"]


def test_after_a_wild_starter_the_first_player_chooses_a_color():
    state = position([["flame-1"], ["sun-2"]], top="wild", color=None)
    state.color = -1  # the starter's color is still to be chosen
    assert [str(m) for m in turn_moves(state, 0)] == [
        "choose red", "choose yellow", "choose green", "choose blue"]


def test_a_play_that_leaves_one_card_comes_with_the_last_card_call_only():
    state = position([["flame-7", "flame-8"], ["sun-2"] * 2], top="flame-3",
                     options=Options(last_card_call=True))
    assert [str(m) for m in turn_moves(state, 0)] == [
        "play flame-7 call", "play flame-8 call"]
    assert apply(state, 0, Move("play", "flame-7")).ok  # the engine takes it without


def test_a_card_drawn_in_all_wild_is_played_or_kept():
    state = position([["wild"] * 2, ["wild"] * 2], top="wild", deck="all-wild",
                     drawn="wild-skip", options=Options(last_card_call=False))
    state.hands[0] = sorted([*state.hands[0], rules_for(state).deck.ids["wild-skip"]])
    assert [str(m) for m in turn_moves(state, 0)] == ["play wild-skip", "pass"]


def test_nothing_is_listed_for_a_seat_whose_turn_it_is_not():
    state = position([["flame-5"], ["flame-3", "leaf-1"]], top="flame-3",
                     options=Options(jump_in=True))
    assert turn_moves(state, 1) == []
    assert Move("play", "flame-3") in legal_moves(state, 1)  # a jump-in is no turn move
