"""Standing orders (issue 27): what a player's orders do in a position, and above all what they
never do — choose for the player. Positions are `position()` literals; a property test then
walks random games of both decks with every house rule and checks every turn."""

from __future__ import annotations

import random

import pytest
from deck_helpers import DRAW, PASS, TAKE, ok, play
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import Move, Options, apply, legal_moves, new_game, position
from games.rules.moves import CALL, CATCH, CONCEDE
from games.rules.orders import (
    DRAW_WHEN_STUCK,
    ORDERS,
    PASS_WHEN_STUCK,
    PLAY_DRAWN,
    TAKE_PENALTY,
    order_move,
    orders_in_force,
    window_open,
)
from games.rules.state import PLAYING

EVERY = frozenset(ORDERS)
STACKING = Options(stacking=True)


# ------------------------------------------------------------------ draw when stuck
def test_draw_when_stuck_draws_when_nothing_in_hand_plays():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="flame-5")
    assert order_move(state, 0, {DRAW_WHEN_STUCK}) == DRAW


def test_no_order_plays_a_card_when_one_card_plays():
    """Even one playable card is the player's to play or to keep for later turns: with a
    single card the rules allow, which card is still no order's business."""
    state = position([["flame-9", "wave-2"], ["sun-3"]], top="flame-5")
    assert order_move(state, 0, EVERY) is None


def test_no_order_chooses_among_several_playable_cards():
    state = position([["flame-2", "flame-7", "wave-3", "wild"], ["sun-3"]], top="wave-7")
    assert order_move(state, 0, EVERY) is None


def test_orders_do_nothing_on_another_seats_turn():
    state = position([["leaf-1"], ["sun-3", "wave-4"]], top="flame-5", turn=1)
    assert order_move(state, 0, EVERY) is None


def test_without_the_order_for_it_the_turn_waits():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="flame-5")
    assert order_move(state, 0, {PLAY_DRAWN, TAKE_PENALTY, PASS_WHEN_STUCK}) is None
    assert order_move(state, 0, ()) is None


def test_a_wild_starters_color_is_never_chosen_by_an_order():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="wild", color=None)
    state.color = -1  # the color is still to be chosen
    assert order_move(state, 0, EVERY) is None


# ------------------------------------------------------------------ play drawn
def test_play_drawn_plays_the_card_just_drawn():
    state = position([["flame-9", "leaf-1", "wave-2"], ["sun-3"]], top="flame-5",
                     drawn="flame-9")
    move = order_move(state, 0, {PLAY_DRAWN})
    assert move == play("flame-9")
    assert ok(state, 0, move).hands[0] != state.hands[0]


def test_a_drawn_wild_goes_on_in_the_color_the_rest_of_the_hand_holds_most():
    state = position([["leaf-1", "leaf-4", "wave-2", "wild"], ["sun-3"]], top="flame-5",
                     drawn="wild")
    assert order_move(state, 0, {PLAY_DRAWN}) == play("wild", "green")


def test_a_drawn_wild_with_two_colors_tied_waits_for_the_player():
    state = position([["leaf-1", "wave-2", "wild"], ["sun-3"]], top="flame-5", drawn="wild")
    assert order_move(state, 0, EVERY) is None


def test_a_drawn_wild_with_only_wilds_left_waits_for_the_player():
    state = position([["wild", "wild-draw4"], ["sun-3"]], top="flame-5", drawn="wild-draw4")
    assert order_move(state, 0, EVERY) is None


def test_a_drawn_wild_draw4_takes_the_most_held_color_too():
    state = position([["sun-1", "sun-2", "wave-2", "wild-draw4"], ["sun-3", "leaf-2"]],
                     top="flame-5", drawn="wild-draw4")
    move = order_move(state, 0, {PLAY_DRAWN})
    assert move == play("wild-draw4", "yellow")
    assert ok(state, 0, move).hands[1] != state.hands[1]  # the next player drew four


def test_a_drawn_seven_under_seven_zero_waits_when_there_is_a_choice_of_whom_to_swap_with():
    options = Options(seven_zero=True)
    state = position([["flame-7", "leaf-1"], ["sun-3"], ["wave-4"]], top="flame-5",
                     drawn="flame-7", options=options)
    assert order_move(state, 0, EVERY) is None


def test_a_drawn_seven_with_one_other_player_swaps_with_them():
    options = Options(seven_zero=True)
    state = position([["flame-7", "leaf-1"], ["sun-3", "sun-4"]], top="flame-5",
                     drawn="flame-7", options=options)
    move = order_move(state, 0, {PLAY_DRAWN})
    assert move == play("flame-7", target=1)
    ok(state, 0, move)


def test_play_drawn_calls_last_card_where_the_table_has_the_call():
    options = Options(last_card_call=True)
    state = position([["flame-9", "leaf-1"], ["sun-3"]], top="flame-5", drawn="flame-9",
                     options=options)
    move = order_move(state, 0, {PLAY_DRAWN})
    assert move == play("flame-9", call=True)
    assert ok(state, 0, move).uncalled == ()


def test_without_play_drawn_the_drawn_card_waits_for_the_player():
    state = position([["flame-9", "leaf-1"], ["sun-3"]], top="flame-5", drawn="flame-9")
    assert order_move(state, 0, {DRAW_WHEN_STUCK, TAKE_PENALTY, PASS_WHEN_STUCK}) is None


def test_all_wild_play_drawn_plays_it_rather_than_keeping_it():
    state = position([["wild", "wild", "wild-skip"], ["wild"], ["wild"]], top="wild",
                     drawn="wild-skip", deck="all-wild")
    move = order_move(state, 0, {PLAY_DRAWN})
    assert move == play("wild-skip")
    ok(state, 0, move)


def test_all_wild_a_drawn_targeted_draw2_waits_when_there_is_a_choice_of_target():
    state = position([["wild", "wild-targeted-draw2"], ["wild"], ["wild"]], top="wild",
                     drawn="wild-targeted-draw2", deck="all-wild")
    assert order_move(state, 0, EVERY) is None


def test_all_wild_never_draws_by_order_as_every_card_plays():
    state = position([["wild-skip", "wild-draw2"], ["wild"]], top="wild", deck="all-wild")
    assert order_move(state, 0, EVERY) is None


# ------------------------------------------------------------------ take penalty
def test_take_penalty_takes_a_penalty_nothing_in_hand_answers():
    state = position([["flame-2", "sun-8"], ["sun-3"]], top="wave-draw2", penalty=2,
                     options=STACKING)
    assert order_move(state, 0, {TAKE_PENALTY}) == TAKE
    assert len(ok(state, 0, TAKE).hands[0]) == 4


def test_a_penalty_that_could_be_answered_is_never_taken_by_order():
    state = position([["flame-2", "leaf-draw2"], ["sun-3"]], top="wave-draw2", penalty=2,
                     options=STACKING)
    assert order_move(state, 0, EVERY) is None


def test_a_wild_draw4_penalty_answered_only_by_a_wild_draw4():
    holds_one = position([["flame-draw2", "wild-draw4"], ["sun-3"]], top="wild-draw4",
                         color="red", penalty=4, options=STACKING)
    assert order_move(holds_one, 0, EVERY) is None
    holds_none = position([["flame-draw2", "wild"], ["sun-3"]], top="wild-draw4", color="red",
                          penalty=4, options=STACKING)
    assert order_move(holds_none, 0, {TAKE_PENALTY}) == TAKE


def test_draw_when_stuck_never_takes_a_penalty():
    state = position([["flame-2", "sun-8"], ["sun-3"]], top="wave-draw2", penalty=2,
                     options=STACKING)
    assert order_move(state, 0, {DRAW_WHEN_STUCK, PASS_WHEN_STUCK, PLAY_DRAWN}) is None


# ------------------------------------------------------------------ pass when stuck
def test_pass_when_stuck_passes_when_nothing_can_be_played_or_drawn():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="flame-5", draw_pile=[])
    assert order_move(state, 0, {PASS_WHEN_STUCK}) == PASS
    assert ok(state, 0, PASS).turn == 1


def test_pass_when_stuck_does_not_pass_while_a_card_can_be_drawn():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="flame-5")
    assert order_move(state, 0, {PASS_WHEN_STUCK}) is None


def test_with_an_empty_pile_a_discard_pile_to_reshuffle_is_still_a_draw():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="flame-5", draw_pile=[],
                     discard=["sun-9", "sun-4"])
    assert order_move(state, 0, {PASS_WHEN_STUCK}) is None
    assert order_move(state, 0, {DRAW_WHEN_STUCK}) == DRAW


# ------------------------------------------------------------------ the others' window
def test_the_window_is_open_while_a_jump_in_on_the_top_card_is_possible():
    state = position([["leaf-1"], ["sun-3"]], top="flame-5", options=Options(jump_in=True))
    assert window_open(state)
    drawn = ok(state, 0, DRAW)
    assert not window_open(drawn)  # a move was made since the top card was laid


def test_no_window_without_jump_in_or_a_player_to_catch():
    state = position([["leaf-1"], ["sun-3"]], top="flame-5")
    assert not window_open(state)


def test_the_window_is_open_while_a_player_who_did_not_call_may_be_caught():
    state = position([["leaf-1", "wave-2"], ["sun-3"]], top="flame-5",
                     options=Options(last_card_call=True), uncalled=(1,))
    assert window_open(state)


# ------------------------------------------------------------------ the round they end with
def test_orders_end_with_the_round_they_were_given_for_unless_kept():
    state = position([["leaf-1"], ["sun-3"]], top="flame-5")
    assert orders_in_force([DRAW_WHEN_STUCK], False, 1, state) == (DRAW_WHEN_STUCK,)
    state.round_number = 2
    assert orders_in_force([DRAW_WHEN_STUCK], False, 1, state) == ()
    assert orders_in_force([DRAW_WHEN_STUCK], True, 1, state) == (DRAW_WHEN_STUCK,)


def test_orders_given_before_the_deal_are_for_the_first_round():
    assert orders_in_force([TAKE_PENALTY], False, 1, None) == (TAKE_PENALTY,)


# ------------------------------------------------------------------ every turn of random games
def turn_choices(state, seat) -> set[Move]:
    """The seat's moves for its turn, a last-card call with a play counted as the same play."""
    return {move._replace(call=False) for move in legal_moves(state, seat)
            if move.action not in (CALL, CATCH, CONCEDE)}


@settings(max_examples=60, deadline=None)
@given(deck=st.sampled_from(["classic", "all-wild"]), players=st.integers(2, 5),
       stacking=st.booleans(), seven_zero=st.booleans(), jump_in=st.booleans(),
       until_playable=st.booleans(), call=st.booleans(), seed=st.integers(0, 2**32))
def test_orders_act_exactly_where_the_turn_leaves_one_move_and_never_choose(
        deck, players, stacking, seven_zero, jump_in, until_playable, call, seed):
    classic = deck == "classic"
    options = Options(stacking=stacking, seven_zero=seven_zero and classic,
                      jump_in=jump_in and classic,
                      draw_until_playable=until_playable and classic, last_card_call=call)
    state = new_game(players, options, seed, deck=deck).state
    dice = random.Random(seed)
    for _ in range(400):
        if state.status != PLAYING:
            break
        seat = state.turn
        move = order_move(state, seat, EVERY)
        choices = turn_choices(state, seat)
        if move is None:
            # Nothing forced: several moves, or a play of a card the orders do not cover.
            assert len(choices) != 1 or next(iter(choices)).action == "play" or (
                state.color == -1), (choices, state)
        else:
            assert apply(state, seat, move).ok
            if move.action == "play":
                assert move.card is not None and all(
                    choice.card == move.card for choice in choices if choice.action == "play")
                assert {c.target for c in choices if c.action == "play"} == {move.target}
                assert choices - {c for c in choices if c.action == "play"} <= {PASS}
            else:
                assert choices == {move}, (choices, move)
        moves = legal_moves(state, seat) or [Move(CONCEDE)]
        state = ok(state, seat, move if move is not None else dice.choice(moves))


@pytest.mark.parametrize("code", list(ORDERS))
def test_every_order_has_its_words(code):
    assert ORDERS[code].strip()
