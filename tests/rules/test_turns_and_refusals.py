"""A turn, playability, the Wild Draw 4 rule, every reason code and its priority, and what the
action cards do (rule book: "A turn", "When nothing is playable", "The action cards", "The Wild
Draw 4 rule", "Why a card cannot be played"; api.md: reason codes and their order).

Each test builds a small literal position, so that it reads as one sentence of the rule book.
"""

from __future__ import annotations

import json

import pytest
from deck_helpers import CONCEDE, DRAW, PASS, TAKE, codes, hand, ok, pile, play, refusal

from games.rules import (
    Applied,
    Move,
    Options,
    Refused,
    apply,
    legal_actions,
    legal_moves,
    position,
    public_view,
    view_for,
)

# ---------------------------------------------------------------------------- a turn


def test_holding_a_playable_card_you_must_play_it_and_may_not_draw():
    # "Plays the table will not accept": top flame-4, hand [flame-8, sun-1, leaf-9, wave-2].
    state = position([["flame-8", "sun-1", "leaf-9", "wave-2"], ["sun-7"]], top="flame-4")

    assert refusal(state, 0, play("leaf-9")) == "no-match"
    assert refusal(state, 0, DRAW) == "must-play"
    assert refusal(state, 0, PASS) == "must-play"
    after = ok(state, 0, play("flame-8"))
    assert hand(after, 0) == ["sun-1", "leaf-9", "wave-2"]
    assert codes(after.discard) == ["flame-4", "flame-8"]
    assert after.turn == 1


def test_which_cards_can_you_play_example():
    # top wave-7, Blue; hand [flame-2, flame-7, sun-9, leaf-5, wave-3, wave-skip, wild]
    state = position(
        [["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wave-skip", "wild"], ["sun-1"]],
        top="wave-7",
    )
    you = view_for(state, 0)["you"]
    assert you["playable"] == ["flame-7", "wave-3", "wave-skip", "wild"]
    assert you["refusals"] == {"flame-2": "no-match", "sun-9": "no-match", "leaf-5": "no-match"}
    assert legal_actions(state, 0) == ["play", "concede"]
    assert refusal(state, 0, DRAW) == "must-play"
    for card in ("flame-7", "wave-3", "wave-skip"):
        ok(state, 0, play(card))
    ok(state, 0, play("wild", "green"))


def test_any_playable_card_will_do_you_are_never_forced_to_pick_the_best():
    state = position([["flame-1", "flame-skip", "wild", "sun-2"], ["sun-1"]], top="flame-4")
    for move in (play("flame-1"), play("flame-skip"), play("wild", "blue")):
        assert isinstance(apply(state, 0, move), Applied)


def test_with_nothing_playable_you_draw_exactly_one_card():
    state = position([["leaf-1", "wave-2", "wave-8"], ["sun-7"]], top="flame-5",
                     draw_pile=["sun-3", "flame-9", "flame-8"])
    assert legal_actions(state, 0) == ["draw", "concede"]
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["sun-3", "leaf-1", "wave-2", "wave-8"]
    assert pile(after) == ["flame-9", "flame-8"]


def test_an_unplayable_drawn_card_stays_in_the_hand_and_the_turn_ends():
    # Case B of "Drawing when you have nothing to play".
    state = position([["leaf-1", "wave-2", "wave-8"], ["sun-7"]], top="flame-5",
                     draw_pile=["sun-3"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["sun-3", "leaf-1", "wave-2", "wave-8"]
    assert after.turn == 1
    assert codes(after.discard) == ["flame-5"]
    assert view_for(after, 0)["you"]["drawn"] is None


def test_a_drawn_playable_card_must_be_played_at_once():
    # Case A: you draw Red 9, it is playable, you must play it now.
    state = position([["leaf-1", "wave-2", "wave-8"], ["sun-7"]], top="flame-5",
                     draw_pile=["flame-9", "sun-3"])
    drawn = ok(state, 0, DRAW)
    assert drawn.turn == 0
    you = view_for(drawn, 0)["you"]
    assert you["drawn"] == "flame-9"
    assert you["playable"] == ["flame-9"]
    assert you["actions"] == ["play", "concede"]
    after = ok(drawn, 0, play("flame-9"))
    assert hand(after, 0) == ["leaf-1", "wave-2", "wave-8"]
    assert after.turn == 1


def test_a_drawn_playable_card_is_the_only_card_that_may_be_played():
    state = position([["leaf-1", "wave-2", "wave-8"], ["sun-7"]], top="flame-5",
                     draw_pile=["flame-9", "sun-3"])
    drawn = ok(state, 0, DRAW)
    for card in ("leaf-1", "wave-2", "wave-8"):
        assert refusal(drawn, 0, play(card)) == "only-drawn-card"
    assert view_for(drawn, 0)["you"]["refusals"] == {
        "leaf-1": "only-drawn-card", "wave-2": "only-drawn-card", "wave-8": "only-drawn-card",
    }


def test_a_drawn_card_cannot_be_swapped_for_another_playable_card_of_the_hand():
    # A literal position: flame-9 has just been drawn; flame-2 and the Wild would match too.
    state = position([["flame-2", "flame-9", "leaf-1", "wild"], ["sun-7"]], top="flame-5",
                     drawn="flame-9", draw_pile=["sun-3"])
    assert refusal(state, 0, play("flame-2")) == "only-drawn-card"
    assert refusal(state, 0, play("wild", "red")) == "only-drawn-card"
    ok(state, 0, play("flame-9"))


def test_a_drawn_playable_card_cannot_be_kept_draw_and_pass_are_must_play():
    state = position([["leaf-1", "wave-2"], ["sun-7"]], top="flame-5",
                     draw_pile=["flame-9", "sun-3"])
    drawn = ok(state, 0, DRAW)
    assert refusal(drawn, 0, DRAW) == "must-play"
    assert refusal(drawn, 0, PASS) == "must-play"


def test_a_drawn_wild_must_still_say_a_color():
    state = position([["leaf-1"], ["sun-7"]], top="flame-5", draw_pile=["wild", "sun-3"])
    drawn = ok(state, 0, DRAW)
    assert refusal(drawn, 0, play("wild")) == "color-required"
    after = ok(drawn, 0, play("wild", "green"))
    assert public_view(after)["round"]["color"] == "green"


# ---------------------------------------------------------------------------- playability


@pytest.mark.parametrize(
    ("top", "card", "why"),
    [
        ("flame-4", "flame-9", "its color is the color in play"),
        ("flame-4", "flame-skip", "an action card of the color in play"),
        ("flame-4", "sun-4", "the same number as the top card"),
        ("flame-skip", "sun-skip", "a Skip on a Skip of another color"),
        ("flame-reverse", "wave-reverse", "a Reverse on a Reverse"),
        ("flame-draw2", "leaf-draw2", "a Draw 2 on a Draw 2"),
        ("flame-4", "wild", "a Wild card"),
        ("flame-4", "wild-draw4", "a Wild Draw 4 with no Red in hand"),
    ],
)
def test_a_card_is_playable_when_it_matches_color_number_or_action_or_is_wild(top, card, why):
    state = position([[card, "leaf-9"], ["sun-7"]], top=top)
    move = play(card, "blue" if card.startswith("wild") else None)
    assert isinstance(apply(state, 0, move), Applied), why


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("flame-4", "sun-9"),
        ("flame-4", "sun-skip"),
        ("flame-skip", "sun-reverse"),
        ("flame-reverse", "sun-draw2"),
        ("flame-draw2", "sun-2"),
        ("flame-2", "sun-draw2"),
    ],
)
def test_a_card_of_another_color_number_and_action_is_no_match(top, card):
    state = position([[card], ["sun-7"]], top=top)
    assert refusal(state, 0, play(card)) == "no-match"


def test_a_color_in_play_that_differs_from_the_top_card_decides():
    # The color in play is the color chosen after a Wild, or the last colored card's color.
    state = position([["sun-2", "leaf-4"], ["sun-7"]], top="leaf-4", color="green")
    ok(state, 0, play("leaf-4"))
    assert refusal(state, 0, play("sun-2")) == "no-match"


def test_on_a_wild_only_the_chosen_color_counts():
    state = position([["flame-skip", "sun-3", "wave-3"], ["sun-7"]], top="wild", color="blue",
                     discard=["flame-skip"])
    assert refusal(state, 0, play("flame-skip")) == "no-match"
    assert refusal(state, 0, play("sun-3")) == "no-match"
    ok(state, 0, play("wave-3"))
    assert view_for(state, 0)["you"]["playable"] == ["wave-3"]


def test_a_skip_on_a_wild_whose_chosen_color_differs_is_no_match():
    state = position([["sun-skip", "leaf-1"], ["sun-7"]], top="wild", color="red")
    assert refusal(state, 0, play("sun-skip")) == "no-match"
    assert view_for(state, 0)["you"]["playable"] == []


def test_a_draw2_on_a_wild_draw4_top_follows_the_chosen_color_only():
    state = position([["sun-draw2", "leaf-draw2"], ["sun-7"]], top="wild-draw4", color="green")
    assert refusal(state, 0, play("sun-draw2")) == "no-match"
    ok(state, 0, play("leaf-draw2"))


def test_a_wild_on_a_wild_is_always_playable():
    state = position([["sun-2", "wild"], ["sun-7"]], top="wild", color="yellow")
    ok(state, 0, play("wild", "red"))


def test_a_wild_draw4_on_a_wild_draw4_top_still_needs_the_color_rule():
    blocked = position([["sun-8", "wild-draw4"], ["sun-7"]], top="wild-draw4", color="yellow")
    assert refusal(blocked, 0, play("wild-draw4", "red")) == "wild-draw4-color-held"
    allowed = position([["flame-2", "wild-draw4"], ["sun-7"]], top="wild-draw4",
                       color="yellow")
    ok(allowed, 0, play("wild-draw4", "red"))


# ---------------------------------------------------------------------------- Wild Draw 4 rule


def test_wild_draw4_example_hand_a_may_play_it_and_the_next_player_draws_four():
    # top sun-3, Yellow, three players, no stacking. Hand A [flame-2, wave-4, wild-draw4].
    state = position([["flame-2", "wave-4", "wild-draw4"], ["leaf-1"], ["leaf-2"]],
                     top="sun-3", draw_pile=["flame-1", "flame-3", "sun-5", "wave-9", "leaf-5"])
    after = ok(state, 0, play("wild-draw4", "red"))
    assert hand(after, 1) == ["flame-1", "flame-3", "sun-5", "leaf-1", "wave-9"]
    assert pile(after) == ["leaf-5"]
    assert after.turn == 2
    assert public_view(after)["round"]["color"] == "red"
    assert after.penalty == 0


def test_wild_draw4_example_hand_b_is_refused_and_must_play_the_yellow():
    state = position([["flame-2", "sun-8", "wild-draw4"], ["leaf-1"], ["leaf-2"]], top="sun-3")
    assert refusal(state, 0, play("wild-draw4", "red")) == "wild-draw4-color-held"
    assert refusal(state, 0, DRAW) == "must-play"
    assert view_for(state, 0)["you"]["playable"] == ["sun-8"]
    after = ok(state, 0, play("sun-8"))
    assert hand(after, 0) == ["flame-2", "wild-draw4"]


@pytest.mark.parametrize(
    ("top", "others", "why"),
    [
        ("sun-3", ["wild"], "a Wild card has no color"),
        ("sun-3", ["flame-3"], "a number match in a different color"),
        ("sun-skip", ["flame-skip"], "an action match in a different color"),
        ("sun-3", ["wild-draw4"], "another Wild Draw 4"),
        ("sun-3", ["flame-3", "leaf-skip", "wild", "wild-draw4"], "all of them together"),
    ],
)
def test_only_a_card_of_the_exact_color_in_play_blocks_a_wild_draw4(top, others, why):
    state = position([["wild-draw4", *others], ["leaf-1"], ["leaf-2"]], top=top)
    assert "wild-draw4" in view_for(state, 0)["you"]["playable"], why
    ok(state, 0, play("wild-draw4", "green"))


def test_the_chosen_color_of_a_wild_blocks_a_wild_draw4():
    state = position([["sun-0", "wild-draw4"], ["leaf-1"]], top="wild", color="yellow")
    assert refusal(state, 0, play("wild-draw4", "red")) == "wild-draw4-color-held"
    assert view_for(state, 0)["you"]["refusals"] == {"wild-draw4": "wild-draw4-color-held"}


# ---------------------------------------------------------------------------- one test per code


def finished_game():
    state = position([["flame-9"], ["sun-1"]], top="flame-4")
    return ok(state, 0, play("flame-9"))


def test_game_not_playing_once_the_game_is_over():
    state = finished_game()
    assert state.status == "finished"
    for seat, move in [(1, play("sun-1")), (1, DRAW), (1, PASS), (1, TAKE), (1, CONCEDE),
                       (0, Move("choose", color="red")), (0, CONCEDE)]:
        assert refusal(state, seat, move) == "game-not-playing"


def test_game_not_playing_comes_before_unknown_card():
    assert refusal(finished_game(), 1, play("wild-skip2")) == "game-not-playing"


@pytest.mark.parametrize("card", ["wild-skip2", "wild-reverse", "wild-forced-swap", "flame-10",
                                  "red-5", "FLAME-5", "", None])
def test_unknown_card_for_a_code_that_is_not_of_the_classic_deck(card):
    state = position([["flame-5", "sun-1"], ["sun-7"]], top="flame-4")
    assert refusal(state, 0, play(card, "red")) == "unknown-card"


def test_unknown_card_comes_before_not_your_turn():
    state = position([["flame-5"], ["sun-7"]], top="flame-4")
    assert refusal(state, 1, play("wild-skip2", "red")) == "unknown-card"


def test_not_your_turn_for_every_action_of_a_seat_whose_turn_it_is_not():
    state = position([["flame-5"], ["flame-6", "sun-1"], ["leaf-1"]], top="flame-4",
                     penalty=0)
    assert refusal(state, 1, play("flame-6")) == "not-your-turn"
    for move in (DRAW, PASS, TAKE, Move("choose", color="red")):
        assert refusal(state, 1, move) == "not-your-turn"


def test_not_your_turn_comes_before_not_in_hand():
    state = position([["flame-5"], ["sun-1"]], top="flame-4")
    assert refusal(state, 1, play("flame-7")) == "not-your-turn"


def test_not_in_hand_for_a_card_of_the_deck_that_the_seat_does_not_hold():
    state = position([["flame-5"], ["flame-7"]], top="flame-4")
    assert refusal(state, 0, play("flame-7")) == "not-in-hand"
    assert refusal(state, 0, play("wild", "red")) == "not-in-hand"


def test_not_in_hand_comes_before_no_match_and_only_drawn_card():
    state = position([["leaf-1"], ["sun-7"]], top="flame-4")
    assert refusal(state, 0, play("sun-9")) == "not-in-hand"
    drawn = position([["leaf-1", "flame-9"], ["sun-7"]], top="flame-4", drawn="flame-9")
    assert refusal(drawn, 0, play("flame-2")) == "not-in-hand"


def wild_starter(**kwargs):
    """A Wild starter whose color the first player (seat 0) has still to choose."""
    return position([["flame-5", "sun-1", "wild"], ["leaf-1"], ["wave-2"]], top="wild",
                    color=None, draw_pile=["leaf-9", "wave-9"], **kwargs)


def test_color_required_for_every_move_but_choose_while_a_wild_starter_waits():
    state = wild_starter()
    assert state.color == -1
    assert refusal(state, 0, play("flame-5")) == "color-required"
    assert refusal(state, 0, play("wild", "red")) == "color-required"
    assert refusal(state, 0, DRAW) == "color-required"
    assert refusal(state, 0, PASS) == "color-required"
    assert refusal(state, 0, TAKE) == "color-required"
    assert refusal(state, 0, Move("choose")) == "color-required"
    assert refusal(state, 0, Move("choose", color="purple")) == "color-required"
    after = ok(state, 0, Move("choose", color="yellow"))
    assert after.turn == 0
    assert view_for(after, 0)["you"]["playable"] == ["sun-1", "wild"]
    ok(after, 0, play("sun-1"))


def test_during_a_wild_starter_the_earlier_codes_still_win():
    state = wild_starter()
    assert refusal(state, 0, play("wild-skip2")) == "unknown-card"
    assert refusal(state, 1, play("leaf-1")) == "not-your-turn"
    assert refusal(state, 1, DRAW) == "not-your-turn"
    assert refusal(state, 0, play("leaf-9")) == "not-in-hand"


def test_concede_is_allowed_while_a_wild_starter_waits():
    after = ok(wild_starter(), 0, CONCEDE)
    assert after.left[0]


def test_only_drawn_card_comes_before_penalty_waiting():
    # A literal position where both fit: a drawn card and a waiting penalty.
    state = position([["sun-draw2", "flame-3"], ["leaf-1"]], top="flame-draw2",
                     options=Options(stacking=True), penalty=2, drawn="flame-3")
    assert refusal(state, 0, play("sun-draw2")) == "only-drawn-card"


def test_penalty_waiting_for_a_card_that_cannot_answer_the_penalty():
    state = position([["flame-3", "sun-4", "flame-draw2"], ["leaf-1"]], top="sun-draw2",
                     options=Options(stacking=True), penalty=2)
    assert refusal(state, 0, play("sun-4")) == "penalty-waiting"
    assert refusal(state, 0, play("flame-3")) == "penalty-waiting"


def test_penalty_waiting_comes_before_wild_draw4_color_held():
    state = position([["sun-4", "wild-draw4"], ["leaf-1"]], top="sun-draw2",
                     options=Options(stacking=True), penalty=2)
    assert refusal(state, 0, play("wild-draw4", "red")) == "penalty-waiting"


def test_penalty_waiting_comes_before_no_match_and_before_a_missing_wild_color():
    state = position([["leaf-1", "wild"], ["leaf-2"]], top="sun-draw2",
                     options=Options(stacking=True), penalty=2)
    assert refusal(state, 0, play("leaf-1")) == "penalty-waiting"
    assert refusal(state, 0, play("wild")) == "penalty-waiting"


def test_wild_draw4_color_held_comes_before_no_match_and_a_missing_color():
    state = position([["sun-4", "wild-draw4"], ["leaf-1"]], top="sun-3")
    assert refusal(state, 0, play("wild-draw4")) == "wild-draw4-color-held"
    assert refusal(state, 0, play("wild-draw4", "red")) == "wild-draw4-color-held"


def test_no_match_for_a_card_matching_neither_color_nor_number_nor_action():
    state = position([["leaf-9", "flame-8"], ["sun-7"]], top="flame-4")
    assert refusal(state, 0, play("leaf-9")) == "no-match"


@pytest.mark.parametrize("color", [None, "purple", "Red", "", 0, "wild"])
def test_color_required_for_a_wild_played_without_one_of_the_four_colors(color):
    state = position([["wild", "wild-draw4", "leaf-1"], ["sun-7"]], top="flame-4")
    assert refusal(state, 0, play("wild", color)) == "color-required"
    assert refusal(state, 0, play("wild-draw4", color)) == "color-required"


def test_color_required_for_a_wild_comes_after_only_drawn_card():
    state = position([["wild", "flame-9"], ["sun-7"]], top="flame-4", drawn="flame-9")
    assert refusal(state, 0, play("wild")) == "only-drawn-card"


@pytest.mark.parametrize("color", ["red", "yellow", "green", "blue"])
def test_each_of_the_four_colors_is_accepted_for_a_wild(color):
    state = position([["wild", "leaf-1"], ["sun-7"]], top="flame-4")
    after = ok(state, 0, play("wild", color))
    assert public_view(after)["round"]["color"] == color


def test_a_color_given_with_a_colored_card_is_ignored():
    state = position([["flame-9", "leaf-1"], ["sun-7"]], top="flame-4")
    after = ok(state, 0, play("flame-9", "blue"))
    assert public_view(after)["round"]["color"] == "red"


SEVEN_ZERO = Options(seven_zero=True)


@pytest.mark.parametrize(("target", "why"), [
    (None, "missing"), (0, "own seat"), (3, "no such seat"), (-1, "no such seat"),
    (99, "no such seat"), (True, "not a seat number"), ("1", "not a seat number"),
])
def test_target_required_for_a_seven_under_seven_zero(target, why):
    state = position([["flame-7", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4",
                     options=SEVEN_ZERO)
    assert refusal(state, 0, play("flame-7", target=target)) == "target-required", why


def test_target_required_for_a_seat_that_left():
    state = position([["flame-7", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]], top="flame-4",
                     options=SEVEN_ZERO, left=[2])
    assert refusal(state, 0, play("flame-7", target=2)) == "target-required"
    ok(state, 0, play("flame-7", target=3))


def test_target_required_comes_after_no_match_only_drawn_card_and_penalty_waiting():
    no_match = position([["sun-7", "leaf-1"], ["sun-1"]], top="flame-4", options=SEVEN_ZERO)
    assert refusal(no_match, 0, play("sun-7")) == "no-match"
    drawn = position([["flame-7", "flame-9"], ["sun-1"]], top="flame-4", options=SEVEN_ZERO,
                     drawn="flame-9")
    assert refusal(drawn, 0, play("flame-7")) == "only-drawn-card"
    waiting = position([["flame-7", "flame-9"], ["sun-1"]], top="flame-draw2",
                       options=Options(seven_zero=True, stacking=True), penalty=2)
    assert refusal(waiting, 0, play("flame-7")) == "penalty-waiting"


def test_without_seven_zero_a_seven_needs_no_target():
    state = position([["flame-7", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4")
    after = ok(state, 0, play("flame-7"))
    assert hand(after, 1) == ["sun-1"]
    assert after.turn == 1


def test_must_play_for_a_draw_or_a_pass_while_holding_a_playable_card():
    state = position([["flame-8", "leaf-1"], ["sun-7"]], top="flame-4")
    assert refusal(state, 0, DRAW) == "must-play"
    assert refusal(state, 0, PASS) == "must-play"


def test_must_play_for_a_pass_while_holding_a_playable_card_and_nothing_to_draw():
    state = position([["flame-8", "leaf-1"], ["sun-7"]], top="flame-4", draw_pile=[])
    assert refusal(state, 0, PASS) == "must-play"
    assert refusal(state, 0, DRAW) == "must-play"


def test_cannot_pass_while_a_card_can_still_be_drawn():
    state = position([["leaf-1"], ["sun-7"]], top="flame-4", draw_pile=["sun-1"])
    assert refusal(state, 0, PASS) == "cannot-pass"


def test_nothing_to_take_without_a_waiting_penalty():
    state = position([["leaf-1"], ["sun-7"]], top="flame-4", options=Options(stacking=True))
    assert refusal(state, 0, TAKE) == "nothing-to-take"
    without = position([["leaf-1"], ["sun-7"]], top="flame-draw2")
    assert refusal(without, 0, TAKE) == "nothing-to-take"


def test_nothing_to_choose_when_no_color_is_waiting():
    state = position([["leaf-1"], ["sun-7"]], top="wild", color="red")
    assert refusal(state, 0, Move("choose", color="blue")) == "nothing-to-choose"


def test_draw_and_pass_priority_penalty_waiting_then_must_play_then_cannot_pass():
    waiting = position([["flame-draw2", "sun-9"], ["leaf-1"]], top="sun-draw2",
                       options=Options(stacking=True), penalty=2, draw_pile=["leaf-5"])
    assert refusal(waiting, 0, DRAW) == "penalty-waiting"
    assert refusal(waiting, 0, PASS) == "penalty-waiting"
    playable = position([["sun-9"], ["leaf-1"]], top="sun-4", draw_pile=["leaf-5"])
    assert refusal(playable, 0, PASS) == "must-play"
    nothing = position([["leaf-9"], ["leaf-1"]], top="sun-4", draw_pile=["leaf-5"])
    assert refusal(nothing, 0, PASS) == "cannot-pass"


def test_every_reason_code_of_the_api_is_reached_and_listed():
    from games.rules import REASONS

    api_codes = {
        "no-match", "wild-draw4-color-held", "penalty-waiting", "only-drawn-card", "must-play",
        "not-your-turn", "not-in-hand", "unknown-card", "color-required", "target-required",
        "nothing-to-take", "cannot-pass", "game-not-playing",
    }
    assert api_codes <= set(REASONS)
    assert all(REASONS[code] for code in api_codes)


def test_a_refused_move_changes_nothing_at_all():
    # "No card is drawn, you lose no turn, you are not penalised."
    state = position([["flame-8", "sun-1", "leaf-9", "wave-2", "wild-draw4"], ["sun-7"]],
                     top="flame-4", draw_pile=["wave-5", "leaf-3"], discard=["sun-4"])
    snapshot = json.dumps(state.to_dict())
    view = view_for(state, 0)
    for seat, move in [
        (0, play("leaf-9")), (0, DRAW), (0, PASS), (0, TAKE), (0, play("wild-draw4", "red")),
        (0, play("wave-9")), (0, play("nope")),
        (1, play("sun-7")), (1, DRAW), (0, Move("choose", color="red")),
    ]:
        result = apply(state, seat, move)
        assert isinstance(result, Refused)
        assert json.dumps(state.to_dict()) == snapshot
    assert view_for(state, 0) == view


def test_an_accepted_move_returns_a_new_state_and_leaves_the_given_one_alone():
    # engine.py: apply never mutates the state it is given unless asked to (in_place=True).
    state = position([["flame-draw2", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4",
                     discard=["flame-3"], draw_pile=["wave-5", "leaf-3", "sun-9"])
    snapshot = json.dumps(state.to_dict())
    after = ok(state, 0, play("flame-draw2"))
    assert json.dumps(state.to_dict()) == snapshot
    assert len(after.hands[1]) == 3
    reshuffle = position([["leaf-1"], ["sun-1"]], top="flame-4", discard=["flame-3", "sun-3"],
                         draw_pile=[])
    snapshot = json.dumps(reshuffle.to_dict())
    ok(reshuffle, 0, DRAW)
    assert json.dumps(reshuffle.to_dict()) == snapshot


# ---------------------------------------------------------------------------- action effects


def test_a_skip_makes_the_next_player_lose_their_turn():
    state = position([["flame-skip", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4")
    after = ok(state, 0, play("flame-skip"))
    assert after.turn == 2
    assert hand(after, 1) == ["sun-1"]


def test_a_skip_with_two_players_gives_the_same_player_another_turn():
    state = position([["flame-skip", "leaf-1"], ["sun-1"]], top="flame-4")
    after = ok(state, 0, play("flame-skip"))
    assert after.turn == 0


def test_a_reverse_with_three_or_more_players_turns_play_around():
    state = position([["flame-reverse", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]],
                     top="flame-4")
    after = ok(state, 0, play("flame-reverse"))
    assert public_view(after)["round"]["direction"] == "counterclockwise"
    assert after.turn == 3
    # And play keeps travelling that way: 3 -> 2.
    state3 = position([["flame-reverse", "leaf-1"], ["sun-1"], ["sun-2"], ["flame-3", "sun-3"]],
                      top="flame-4")
    after = ok(ok(state3, 0, play("flame-reverse")), 3, play("flame-3"))
    assert after.turn == 2


def test_a_reverse_counterclockwise_turns_play_back_to_clockwise():
    state = position([["flame-reverse", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]],
                     top="flame-4", direction="counterclockwise")
    after = ok(state, 0, play("flame-reverse"))
    assert public_view(after)["round"]["direction"] == "clockwise"
    assert after.turn == 1


def test_a_reverse_with_two_players_works_like_a_skip_and_still_flips_the_direction():
    state = position([["flame-reverse", "leaf-1"], ["sun-1"]], top="flame-4")
    after = ok(state, 0, play("flame-reverse"))
    assert after.turn == 0
    assert public_view(after)["round"]["direction"] == "counterclockwise"
    again = ok(position([["flame-reverse", "sun-reverse", "leaf-1"], ["sun-1"]],
                        top="flame-4"), 0, play("flame-reverse"))
    again = ok(again, 0, play("sun-reverse"))
    assert again.turn == 0
    assert public_view(again)["round"]["direction"] == "clockwise"


def test_a_reverse_with_two_players_left_of_three_works_like_a_skip():
    state = position([["flame-reverse", "leaf-1"], [], ["sun-2"]], top="flame-4", left=[1])
    after = ok(state, 0, play("flame-reverse"))
    assert after.turn == 0


def test_a_draw2_without_stacking_makes_the_next_player_draw_two_and_lose_their_turn():
    state = position([["flame-draw2", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4",
                     draw_pile=["wave-5", "leaf-3", "sun-9"])
    after = ok(state, 0, play("flame-draw2"))
    assert hand(after, 1) == ["sun-1", "leaf-3", "wave-5"]
    assert pile(after) == ["sun-9"]
    assert after.turn == 2
    assert after.penalty == 0
    assert public_view(after)["round"]["color"] == "red"


def test_a_draw2_with_two_players_comes_back_to_the_player():
    state = position([["flame-draw2", "leaf-1"], ["sun-1"]], top="flame-4",
                     draw_pile=["wave-5", "leaf-3"])
    after = ok(state, 0, play("flame-draw2"))
    assert len(after.hands[1]) == 3
    assert after.turn == 0


def test_a_wild_sets_the_color_and_has_no_other_effect():
    state = position([["wild", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4")
    after = ok(state, 0, play("wild", "blue"))
    view = public_view(after)["round"]
    assert view["color"] == "blue"
    assert view["top"] == "wild"
    assert after.turn == 1
    assert hand(after, 1) == ["sun-1"]


def test_a_wild_draw4_makes_the_next_player_draw_four_and_lose_their_turn():
    state = position([["wild-draw4", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]],
                     top="flame-4", draw_pile=["wave-5", "leaf-3", "sun-9", "flame-1", "flame-2"])
    after = ok(state, 0, play("wild-draw4", "yellow"))
    assert hand(after, 1) == ["flame-1", "sun-1", "sun-9", "leaf-3", "wave-5"]
    assert pile(after) == ["flame-2"]
    assert after.turn == 2
    assert public_view(after)["round"]["color"] == "yellow"


def test_counterclockwise_play_moves_to_the_lower_seat_and_wraps_around():
    state = position([["flame-5", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]], top="flame-4",
                     direction="counterclockwise")
    assert ok(state, 0, play("flame-5")).turn == 3
    skip = position([["flame-skip", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]], top="flame-4",
                    direction="counterclockwise")
    assert ok(skip, 0, play("flame-skip")).turn == 2
    draw2 = position([["flame-draw2", "leaf-1"], ["sun-1"], ["sun-2"], ["sun-3"]],
                     top="flame-4", direction="counterclockwise", draw_pile=["wave-1", "wave-2"])
    after = ok(draw2, 0, play("flame-draw2"))
    assert hand(after, 3) == ["sun-3", "wave-1", "wave-2"]
    assert after.turn == 2


def test_clockwise_play_wraps_from_the_last_seat_to_seat_zero():
    state = position([["sun-1"], ["sun-2"], ["flame-5", "leaf-1"]], top="flame-4", turn=2)
    assert ok(state, 2, play("flame-5")).turn == 0


# ---------------------------------------------------------------------------- legal moves


def test_legal_moves_lists_one_move_per_playable_card_and_color():
    state = position(
        [["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wave-skip", "wild"], ["sun-1"]],
        top="wave-7",
    )
    assert legal_moves(state, 0) == [
        play("flame-7"), play("wave-3"), play("wave-skip"),
        play("wild", "red"), play("wild", "yellow"), play("wild", "green"), play("wild", "blue"),
    ]


def test_legal_moves_is_a_draw_or_a_pass_when_nothing_is_playable():
    state = position([["leaf-1"], ["sun-1"]], top="flame-4", draw_pile=["sun-9"])
    assert legal_moves(state, 0) == [DRAW]
    empty = position([["leaf-1"], ["flame-1", "sun-1"]], top="flame-4", draw_pile=[])
    assert legal_moves(empty, 0) == [PASS]


def test_legal_moves_after_a_playable_draw_is_only_that_card():
    state = position([["leaf-1", "wave-2"], ["sun-7"]], top="flame-5",
                     draw_pile=["flame-9", "sun-3"])
    drawn = ok(state, 0, DRAW)
    assert legal_moves(drawn, 0) == [play("flame-9")]


def test_legal_moves_under_a_waiting_penalty_are_the_answers_and_take():
    state = position([["flame-draw2", "sun-draw2", "sun-1", "wild-draw4"], ["leaf-1"]],
                     top="leaf-draw2", options=Options(stacking=True), penalty=2)
    assert legal_moves(state, 0) == [play("flame-draw2"), play("sun-draw2"), TAKE]


def test_legal_moves_name_every_other_seat_still_playing_for_a_seven_under_seven_zero():
    state = position([["flame-7", "leaf-1"], ["sun-1"], [], ["sun-2"]], top="flame-4",
                     options=SEVEN_ZERO, left=[2])
    assert legal_moves(state, 0) == [play("flame-7", target=1), play("flame-7", target=3)]
    last = position([["flame-7"], ["sun-1"], ["sun-2"]], top="flame-4", options=SEVEN_ZERO)
    assert legal_moves(last, 0) == [play("flame-7")]


def test_legal_moves_of_a_wild_starter_are_the_four_colors():
    assert legal_moves(wild_starter(), 0) == [Move("choose", color=c)
                                              for c in ("red", "yellow", "green", "blue")]
    assert legal_moves(wild_starter(), 1) == []


def test_legal_moves_are_empty_for_a_seat_whose_turn_it_is_not_and_once_the_game_is_over():
    state = position([["flame-5"], ["flame-6", "sun-1"], ["leaf-1"]], top="flame-4")
    assert legal_moves(state, 1) == []
    assert legal_moves(finished_game(), 0) == legal_moves(finished_game(), 1) == []


def test_every_legal_move_is_accepted():
    positions = [
        position([["flame-2", "flame-7", "wave-3", "wild", "wild-draw4"], ["sun-1"]],
                 top="wave-7"),
        position([["flame-draw2", "sun-1"], ["leaf-1"]], top="leaf-draw2",
                 options=Options(stacking=True), penalty=2),
        position([["flame-7", "flame-0", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4",
                 options=SEVEN_ZERO),
        wild_starter(),
    ]
    for state in positions:
        moves = legal_moves(state, state.turn)
        assert moves
        for move in moves:
            assert isinstance(apply(state, state.turn, move), Applied), move


def test_legal_moves_gives_each_caller_a_list_of_its_own():
    # A caller (a bot, a simulation) may sort, shuffle or trim the list it is given without
    # changing what the engine answers next time, for this game or any other.
    checks = [
        (wild_starter(), 0),  # the choice of a Wild starter's color
        (position([["sun-1"], ["leaf-1"], ["flame-5", "sun-9"]], top="flame-5", turn=1,
                  options=Options(jump_in=True)), 2),  # a jump-in
        (position([["flame-9", "leaf-1"], ["sun-7"]], top="flame-4"), 0),
    ]
    for state, seat in checks:
        moves = legal_moves(state, seat)
        saved = list(moves)
        try:
            moves.clear()
            assert legal_moves(state, seat) == saved
        finally:
            moves[:] = saved  # undo the damage if the list was the engine's own

