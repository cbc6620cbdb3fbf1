"""The four house rules of the rule book's Options section: Stack draw cards, 7-0 swap, Jump-in
and Draw until playable, one sentence at a time."""

from __future__ import annotations

from collections import Counter

import pytest
from deck_helpers import DRAW, PASS, TAKE, codes, hand, ok, pile, play, refusal

from games.rules import (
    Move,
    Options,
    legal_actions,
    new_game,
    position,
    public_view,
    view_for,
)
from games.rules.cards import CLASSIC

STACKING = Options(stacking=True)
SEVEN_ZERO = Options(seven_zero=True)
JUMP_IN = Options(jump_in=True)
UNTIL_PLAYABLE = Options(draw_until_playable=True)


def hands(state) -> list[list[str]]:
    return [codes(h) for h in state.hands]


def color(state) -> str | None:
    return public_view(state)["round"]["color"]


def direction(state) -> str:
    return public_view(state)["round"]["direction"]


def rigged_deal(players: int, dealt: dict[int, list[str]], starter: str,
                pile_top: list[str] = ()) -> tuple[list[str], list[list[str]]]:
    """A whole deck order for `new_game` (top card first), dealer seat 0: seat `s` is dealt
    `dealt[s]` padded with other cards, then `starter` is turned up, then `pile_top` lies on
    top of the draw pile. Returns the order and the hands it deals (unsorted)."""
    rest = Counter(CLASSIC.codes[card] for card in CLASSIC.full())
    rest -= Counter(code for h in dealt.values() for code in h)
    rest -= Counter([starter, *pile_top])
    # Pad with harmless cards: numbers 1-6 of each color, in hand order, none a 7, 0 or action.
    filler = [code for code in rest.elements() if code.split("-")[-1] in "123456"]
    full_hands = []
    for seat in range(players):
        h = list(dealt.get(seat, []))
        while len(h) < 7:
            h.append(filler.pop(0))
        full_hands.append(h)
    order = []
    for round_ in range(7):
        for k in range(players):
            order.append(full_hands[(k + 1) % players][round_])
    order.append(starter)
    order.extend(pile_top)
    remaining = Counter(CLASSIC.codes[card] for card in CLASSIC.full()) - Counter(order)
    order.extend(remaining.elements())
    assert len(order) == 108
    return order, full_hands


# =========================================================================== Stack draw cards


def stacking_example():
    # four players, stacking on. Top card sun-5, color in play Yellow.
    return position(
        [["sun-draw2", "leaf-4", "wave-7"], ["flame-1", "leaf-draw2", "wave-2"],
         ["flame-6", "sun-1", "wave-8"], ["sun-9", "leaf-9", "wave-9"]],
        top="sun-5", options=STACKING,
        draw_pile=["flame-2", "flame-3", "flame-4", "flame-5", "flame-7"],
    )


def test_stacking_example_a_stack_of_draw2_cards():
    state = stacking_example()
    # Player 1 plays the Yellow Draw 2. A penalty of 2 is now waiting for Player 2.
    state = ok(state, 0, play("sun-draw2"))
    assert state.penalty == 2
    assert public_view(state)["round"]["penalty"] == 2
    assert state.turn == 1
    assert hand(state, 1) == ["flame-1", "leaf-draw2", "wave-2"]
    # Player 2 can take the 2 cards or answer with a Draw 2. Red 1 and Blue 2 cannot be played.
    you = view_for(state, 1)["you"]
    assert you["actions"] == ["play", "take", "concede"]
    assert you["playable"] == ["leaf-draw2"]
    assert you["refusals"] == {"flame-1": "penalty-waiting", "wave-2": "penalty-waiting"}
    assert refusal(state, 1, play("flame-1")) == "penalty-waiting"
    # Player 2 plays the Green Draw 2: the color becomes Green and the penalty is 4.
    state = ok(state, 1, play("leaf-draw2"))
    assert color(state) == "green"
    assert state.penalty == 4
    assert state.turn == 2
    # Player 3 holds no Draw 2, so the only choice is to take the penalty.
    assert legal_actions(state, 2) == ["take", "concede"]
    state = ok(state, 2, TAKE)
    assert len(state.hands[2]) == 3 + 4  # eleven instead of seven, in the full-hand example
    assert hand(state, 2) == ["flame-2", "flame-3", "flame-4", "flame-5", "flame-6", "sun-1",
                              "wave-8"]
    # The penalty is back to nothing. Player 4 takes the next turn, with Green in play.
    assert state.penalty == 0
    assert state.turn == 3
    assert color(state) == "green"


def test_with_stacking_a_draw2_does_not_hit_the_next_player_at_once():
    state = position([["flame-draw2", "leaf-1"], ["sun-1"], ["sun-2"]], top="flame-4",
                     options=STACKING, draw_pile=["wave-1", "wave-2"])
    after = ok(state, 0, play("flame-draw2"))
    assert hand(after, 1) == ["sun-1"]
    assert after.penalty == 2
    assert after.turn == 1
    assert pile(after) == ["wave-1", "wave-2"]


@pytest.mark.parametrize("answer", ["flame-draw2", "sun-draw2", "leaf-draw2", "wave-draw2"])
def test_a_draw2_answers_a_draw2_of_any_color(answer):
    state = position([[answer, "leaf-1"], ["sun-1"]], top="flame-draw2", options=STACKING,
                     penalty=2)
    after = ok(state, 0, play(answer))
    assert after.penalty == 4
    assert after.turn == 1


def test_a_wild_draw4_never_answers_a_draw2():
    state = position([["wild-draw4", "leaf-1"], ["sun-1"]], top="flame-draw2",
                     options=STACKING, penalty=2)
    assert refusal(state, 0, play("wild-draw4", "red")) == "penalty-waiting"
    assert view_for(state, 0)["you"]["playable"] == []
    assert legal_actions(state, 0) == ["take", "concede"]


def test_a_draw2_never_answers_a_wild_draw4_even_in_the_color_in_play():
    state = position([["flame-draw2", "leaf-1"], ["sun-1"]], top="wild-draw4", color="red",
                     options=STACKING, penalty=4)
    assert refusal(state, 0, play("flame-draw2")) == "penalty-waiting"
    assert legal_actions(state, 0) == ["take", "concede"]


def test_a_wild_draw4_answers_a_wild_draw4_and_the_penalty_grows():
    state = position([["wild-draw4", "sun-1"], ["leaf-1"], ["leaf-2"]], top="wild-draw4",
                     color="yellow", options=STACKING, penalty=4,
                     draw_pile=["flame-1", "flame-2", "flame-3", "flame-4", "flame-5",
                                "flame-6", "flame-7", "flame-8", "flame-9"])
    after = ok(state, 0, play("wild-draw4", "blue"))
    assert after.penalty == 8
    assert after.turn == 1
    assert color(after) == "blue"
    after = ok(after, 1, TAKE)
    assert len(after.hands[1]) == 9
    assert after.penalty == 0
    assert after.turn == 2


def test_a_stacked_wild_draw4_is_exempt_from_the_color_test():
    # Seat 0 holds Yellow 1, a card of the color in play, and may still stack.
    state = position([["sun-1", "wild-draw4"], ["leaf-1"]], top="wild-draw4", color="yellow",
                     options=STACKING, penalty=4)
    assert view_for(state, 0)["you"]["playable"] == ["wild-draw4"]
    ok(state, 0, play("wild-draw4", "green"))


def test_a_stacked_wild_draw4_lets_you_choose_the_color_and_needs_one():
    state = position([["sun-1", "wild-draw4"], ["leaf-1"]], top="wild-draw4", color="yellow",
                     options=STACKING, penalty=4)
    assert refusal(state, 0, play("wild-draw4")) == "color-required"
    assert color(ok(state, 0, play("wild-draw4", "red"))) == "red"


def test_stacking_a_draw2_sets_the_color_in_play_to_that_cards_color():
    state = position([["wave-draw2", "leaf-1"], ["sun-1"]], top="flame-draw2",
                     options=STACKING, penalty=2)
    assert color(ok(state, 0, play("wave-draw2"))) == "blue"


def test_while_a_penalty_waits_you_cannot_draw_a_single_card_or_pass():
    state = position([["flame-draw2", "leaf-1"], ["sun-1"]], top="sun-draw2", options=STACKING,
                     penalty=2, draw_pile=["wave-1"])
    assert refusal(state, 0, DRAW) == "penalty-waiting"
    assert refusal(state, 0, PASS) == "penalty-waiting"
    cannot_answer = position([["leaf-1"], ["sun-1"]], top="sun-draw2", options=STACKING,
                             penalty=2, draw_pile=[])
    assert refusal(cannot_answer, 0, DRAW) == "penalty-waiting"
    assert refusal(cannot_answer, 0, PASS) == "penalty-waiting"


def test_take_draws_the_whole_penalty_loses_the_turn_and_the_penalty_is_back_to_nothing():
    state = position([["flame-draw2", "leaf-1"], ["sun-1"], ["sun-2"]], top="sun-draw2",
                     options=STACKING, penalty=6,
                     draw_pile=["wave-1", "wave-2", "wave-3", "wave-4", "wave-5", "wave-6",
                                "wave-7"])
    after = ok(state, 0, TAKE)
    assert hand(after, 0) == ["flame-draw2", "leaf-1", "wave-1", "wave-2", "wave-3", "wave-4",
                              "wave-5", "wave-6"]
    assert after.penalty == 0
    assert after.turn == 1
    assert pile(after) == ["wave-7"]
    assert codes(after.discard) == ["sun-draw2"]


def test_take_with_no_waiting_penalty_is_nothing_to_take():
    state = position([["leaf-1"], ["sun-1"]], top="sun-draw2", options=STACKING)
    assert refusal(state, 0, TAKE) == "nothing-to-take"


def test_a_stack_between_two_players_comes_back_to_the_first():
    state = position([["flame-draw2", "leaf-1"], ["sun-draw2", "sun-1"]], top="flame-4",
                     options=STACKING, draw_pile=["wave-1", "wave-2", "wave-3", "wave-4"])
    state = ok(state, 0, play("flame-draw2"))
    state = ok(state, 1, play("sun-draw2"))
    assert state.turn == 0
    assert state.penalty == 4
    assert legal_actions(state, 0) == ["take", "concede"]
    state = ok(state, 0, TAKE)
    assert len(state.hands[0]) == 5
    assert state.turn == 1


def test_the_starter_draw2_is_never_stacked_on_even_with_stacking_on():
    # Seat 1 (the first player) holds a Draw 2, yet draws two at once and loses the turn.
    order, dealt = rigged_deal(3, {1: ["sun-draw2"], 2: ["leaf-draw2"]}, "flame-draw2",
                               pile_top=["wave-8", "wave-9"])
    state = new_game(3, Options(stacking=True), seed=1, deck_order=order).state
    assert state.penalty == 0
    assert state.turn == 2
    assert hand(state, 1) == sorted([*dealt[1], "wave-8", "wave-9"],
                                    key=lambda c: CLASSIC.ids[c])
    assert len(state.hands[1]) == 9
    assert legal_actions(state, 1) == ["concede"]
    # The next player's Draw 2 starts a fresh penalty of 2, not 4.
    after = ok(state, 2, play("leaf-draw2"))
    assert after.penalty == 2


# =========================================================================== 7-0 swap


def test_a_seven_swaps_whole_hands_with_the_chosen_player_whatever_their_sizes():
    state = position(
        [["flame-7", "sun-1", "sun-2"], ["leaf-1"],
         ["wave-1", "wave-2", "wave-3", "wave-4", "wave-5", "wave-6"]],
        top="flame-3", options=SEVEN_ZERO,
    )
    after = ok(state, 0, play("flame-7", target=2))
    assert hands(after) == [["wave-1", "wave-2", "wave-3", "wave-4", "wave-5", "wave-6"],
                            ["leaf-1"], ["sun-1", "sun-2"]]
    assert after.turn == 1
    assert codes(after.discard) == ["flame-3", "flame-7"]


@pytest.mark.parametrize(("target", "why"), [(None, "no one chosen"), (0, "yourself"),
                                             (3, "no such seat")])
def test_a_seven_needs_another_players_seat(target, why):
    state = position([["flame-7", "sun-1"], ["leaf-1"], ["leaf-2"]], top="flame-3",
                     options=SEVEN_ZERO)
    assert refusal(state, 0, play("flame-7", target=target)) == "target-required", why


def test_a_zero_passes_every_hand_on_clockwise_including_yours():
    state = position([["flame-0", "flame-1"], ["sun-1"], ["leaf-1", "leaf-2"],
                      ["wave-1", "wave-2", "wave-3"]], top="flame-3", options=SEVEN_ZERO)
    after = ok(state, 0, play("flame-0"))
    assert hands(after) == [["wave-1", "wave-2", "wave-3"], ["flame-1"], ["sun-1"],
                            ["leaf-1", "leaf-2"]]
    assert after.turn == 1


def test_a_zero_passes_every_hand_on_counterclockwise_when_play_runs_that_way():
    state = position([["flame-0", "flame-1"], ["sun-1"], ["leaf-1", "leaf-2"],
                      ["wave-1", "wave-2", "wave-3"]], top="flame-3", options=SEVEN_ZERO,
                     direction="counterclockwise")
    after = ok(state, 0, play("flame-0"))
    assert hands(after) == [["sun-1"], ["leaf-1", "leaf-2"], ["wave-1", "wave-2", "wave-3"],
                            ["flame-1"]]
    assert after.turn == 3


def test_a_zero_skips_a_seat_that_left():
    state = position([["flame-0", "flame-1"], [], ["leaf-1", "leaf-2"], ["wave-1"]],
                     top="flame-3", options=SEVEN_ZERO, left=[1])
    after = ok(state, 0, play("flame-0"))
    assert hands(after) == [["wave-1"], [], ["flame-1"], ["leaf-1", "leaf-2"]]
    assert after.turn == 2


def test_seven_and_zero_work_with_two_players():
    seven = position([["flame-7", "sun-1", "sun-2"], ["leaf-1"]], top="flame-3",
                     options=SEVEN_ZERO)
    after = ok(seven, 0, play("flame-7", target=1))
    assert hands(after) == [["leaf-1"], ["sun-1", "sun-2"]]
    assert after.turn == 1
    zero = position([["flame-0", "sun-1", "sun-2"], ["leaf-1"]], top="flame-3",
                    options=SEVEN_ZERO)
    after = ok(zero, 0, play("flame-0"))
    assert hands(after) == [["leaf-1"], ["sun-1", "sun-2"]]
    assert after.turn == 1


def test_a_swapped_hand_is_still_shown_sorted():
    state = position([["flame-7", "wild", "sun-1"], ["wave-9", "flame-2", "leaf-skip"]],
                     top="flame-3", options=SEVEN_ZERO)
    after = ok(state, 0, play("flame-7", target=1))
    assert view_for(after, 0)["you"]["hand"] == ["flame-2", "leaf-skip", "wave-9"]
    assert view_for(after, 1)["you"]["hand"] == ["sun-1", "wild"]


@pytest.mark.parametrize("starter", ["flame-7", "sun-0"])
def test_a_seven_or_a_zero_as_the_starter_card_has_no_effect(starter):
    order, dealt = rigged_deal(3, {}, starter)
    state = new_game(3, SEVEN_ZERO, seed=1, deck_order=order).state
    for seat in range(3):
        assert sorted(hand(state, seat)) == sorted(dealt[seat])
    assert state.turn == 1
    assert codes(state.discard) == [starter]


def test_a_seven_as_the_last_card_has_no_effect_and_needs_no_target():
    state = position([["flame-7"], ["sun-1", "sun-2"], ["leaf-3"]], top="flame-3",
                     options=SEVEN_ZERO)
    after = ok(state, 0, play("flame-7"))
    assert after.round_status == "won"
    assert after.round_winner == 0
    assert public_view(after)["round"]["hands"] == {"0": [], "1": ["sun-1", "sun-2"],
                                                    "2": ["leaf-3"]}
    assert after.scores == [6, 0, 0]


def test_a_seven_as_the_last_card_ignores_a_target():
    state = position([["flame-7"], ["sun-1", "sun-2"]], top="flame-3", options=SEVEN_ZERO)
    after = ok(state, 0, play("flame-7", target=1))
    assert hands(after) == [[], ["sun-1", "sun-2"]]
    assert after.scores == [3, 0]


def test_a_zero_as_the_last_card_passes_no_hands():
    state = position([["flame-0"], ["sun-1", "sun-2"], ["leaf-3"]], top="flame-3",
                     options=SEVEN_ZERO)
    after = ok(state, 0, play("flame-0"))
    assert hands(after) == [[], ["sun-1", "sun-2"], ["leaf-3"]]
    assert after.round_points == 6


@pytest.mark.parametrize("card", ["sun-7", "sun-0"])
def test_a_seven_or_a_zero_cannot_be_played_while_a_draw_penalty_waits(card):
    state = position([[card, "leaf-1"], ["sun-1"]], top="sun-draw2",
                     options=Options(seven_zero=True, stacking=True), penalty=2)
    assert refusal(state, 0, play(card, target=1)) == "penalty-waiting"
    assert view_for(state, 0)["you"]["refusals"][card] == "penalty-waiting"


def test_without_seven_zero_a_zero_passes_no_hands():
    state = position([["flame-0", "flame-1"], ["sun-1"], ["leaf-1"]], top="flame-3")
    after = ok(state, 0, play("flame-0"))
    assert hands(after) == [["flame-1"], ["sun-1"], ["leaf-1"]]


# =========================================================================== Jump-in


def jump_table(**kwargs):
    """Four players, seat 0 has just played flame-5 and seat 1 is to play."""
    return position(
        [["sun-1", "sun-2"], ["leaf-1", "leaf-2"], ["flame-5", "sun-5", "flame-6"],
         ["wave-1", "wave-2"]],
        top="flame-5", turn=1, options=kwargs.pop("options", JUMP_IN),
        draw_pile=["wave-9", "flame-9"], **kwargs,
    )


def test_a_player_holding_the_identical_card_may_play_it_out_of_turn():
    state = jump_table()
    after = ok(state, 2, play("flame-5"))
    assert hand(after, 2) == ["flame-6", "sun-5"]
    assert codes(after.discard)[-2:] == ["flame-5", "flame-5"]
    # The turn continues from the jumper, in the current direction: seat 1 is passed over.
    assert after.turn == 3


def test_a_jump_in_continues_counterclockwise_when_play_runs_that_way():
    state = jump_table(direction="counterclockwise")
    assert ok(state, 2, play("flame-5")).turn == 1


@pytest.mark.parametrize("card", ["sun-5", "flame-6"])
def test_only_an_identical_card_may_jump_in_a_same_number_or_color_alone_is_not_your_turn(card):
    state = jump_table()
    assert refusal(state, 2, play(card)) == "not-your-turn"


def test_wild_cards_never_jump_in():
    state = position([["sun-1"], ["leaf-1"], ["wild", "wild-draw4", "sun-9"]], top="wild",
                     color="red", turn=1, options=JUMP_IN)
    assert refusal(state, 2, play("wild", "red")) == "not-your-turn"
    assert legal_actions(state, 2) == ["concede"]
    wd4 = position([["sun-1"], ["leaf-1"], ["wild-draw4", "sun-9"]], top="wild-draw4",
                   color="red", turn=1, options=JUMP_IN)
    assert refusal(wd4, 2, play("wild-draw4", "red")) == "not-your-turn"
    assert view_for(wd4, 2)["you"]["playable"] == []


def test_you_can_jump_in_on_your_own_card():
    state = position([["flame-5", "flame-5", "sun-1"], ["leaf-1"], ["leaf-2"]], top="flame-4",
                     options=JUMP_IN)
    state = ok(state, 0, play("flame-5"))
    assert state.turn == 1
    after = ok(state, 0, play("flame-5"))
    assert hand(after, 0) == ["sun-1"]
    assert after.turn == 1


def test_a_player_who_has_just_been_skipped_may_jump_in():
    state = position([["flame-skip", "sun-1"], ["flame-skip", "leaf-1"], ["leaf-2"]],
                     top="flame-4", options=JUMP_IN)
    state = ok(state, 0, play("flame-skip"))
    assert state.turn == 2
    after = ok(state, 1, play("flame-skip"))
    assert after.turn == 0  # seat 1's Skip skips seat 2


def test_a_jump_in_reverse_flips_the_direction_and_play_continues_from_the_jumper():
    state = position([["sun-1"], ["leaf-1"], ["flame-reverse", "sun-9"], ["wave-1"]],
                     top="flame-reverse", turn=1, direction="counterclockwise",
                     options=JUMP_IN)
    after = ok(state, 2, play("flame-reverse"))
    assert direction(after) == "clockwise"
    assert after.turn == 3


def test_a_jump_in_draw2_hits_the_player_after_the_jumper():
    state = position([["sun-1"], ["leaf-1"], ["flame-draw2", "sun-9"], ["wave-1"]],
                     top="flame-draw2", turn=1, options=JUMP_IN,
                     draw_pile=["wave-5", "wave-6", "wave-7"])
    after = ok(state, 2, play("flame-draw2"))
    assert hand(after, 3) == ["wave-1", "wave-5", "wave-6"]
    assert hand(after, 1) == ["leaf-1"]
    assert after.turn == 0


def test_the_player_just_hit_by_a_draw2_may_jump_in_with_an_identical_one():
    state = position([["flame-draw2", "sun-1"], ["flame-draw2", "leaf-1"], ["leaf-2"]],
                     top="flame-4", options=JUMP_IN,
                     draw_pile=["wave-1", "wave-2", "wave-3", "wave-4"])
    state = ok(state, 0, play("flame-draw2"))
    assert hand(state, 1) == ["flame-draw2", "leaf-1", "wave-1", "wave-2"]
    assert state.turn == 2
    after = ok(state, 1, play("flame-draw2"))
    assert hand(after, 2) == ["leaf-2", "wave-3", "wave-4"]
    assert after.turn == 0


def test_with_stacking_an_identical_draw2_jumps_in_on_a_waiting_penalty_and_it_grows():
    options = Options(jump_in=True, stacking=True)
    state = position([["sun-1"], ["leaf-1", "sun-draw2"], ["flame-draw2", "sun-9"], ["wave-1"]],
                     top="flame-draw2", turn=1, options=options, penalty=2,
                     draw_pile=["wave-5", "wave-6", "wave-7", "wave-8"])
    assert refusal(state, 2, play("sun-9")) == "not-your-turn"
    after = ok(state, 2, play("flame-draw2"))
    assert after.penalty == 4
    assert after.turn == 3
    assert hand(after, 1) == ["sun-draw2", "leaf-1"]  # seat 1 drew nothing
    assert legal_actions(after, 3) == ["take", "concede"]


def test_with_stacking_only_an_identical_draw2_may_jump_in_on_a_waiting_penalty():
    options = Options(jump_in=True, stacking=True)
    state = position([["sun-1"], ["leaf-1"], ["sun-draw2", "wild-draw4", "sun-9"], ["wave-1"]],
                     top="flame-draw2", turn=1, options=options, penalty=2)
    assert refusal(state, 2, play("sun-draw2")) == "not-your-turn"
    assert refusal(state, 2, play("wild-draw4", "red")) == "not-your-turn"


def test_the_jump_in_window_closes_once_the_player_whose_turn_it_is_draws():
    state = position(
        [["flame-5", "sun-1"], ["leaf-1", "leaf-2"], ["sun-2"], ["wave-1"]],
        top="flame-5", turn=1, options=JUMP_IN, draw_pile=["wave-9"],
    )
    assert legal_actions(state, 0) == ["play", "concede"]
    after = ok(state, 1, DRAW)  # wave-9 is not playable: the turn moves on to seat 2
    assert after.turn == 2
    assert refusal(after, 0, play("flame-5")) == "not-your-turn"
    assert legal_actions(after, 0) == ["concede"]
    assert view_for(after, 0)["you"]["playable"] == []


def test_the_jump_in_window_closes_once_a_drawn_card_waits_to_be_played():
    state = position(
        [["flame-5", "sun-1"], ["leaf-1", "leaf-2"], ["sun-2"], ["wave-1"]],
        top="flame-5", turn=1, options=JUMP_IN, draw_pile=["flame-9"],
    )
    after = ok(state, 1, DRAW)
    assert after.turn == 1  # flame-9 must be played
    assert refusal(after, 0, play("flame-5")) == "not-your-turn"


def test_the_jump_in_window_closes_once_the_player_takes_a_penalty():
    options = Options(jump_in=True, stacking=True)
    state = position([["flame-draw2", "sun-1"], ["leaf-1"], ["sun-2"]], top="flame-draw2",
                     turn=1, options=options, penalty=2, draw_pile=["wave-5", "wave-6"])
    after = ok(state, 1, TAKE)
    assert after.turn == 2
    assert refusal(after, 0, play("flame-draw2")) == "not-your-turn"


def test_the_jump_in_window_closes_once_the_player_passes():
    state = position([["flame-5", "sun-1"], ["leaf-1"], ["flame-2", "sun-2"]], top="flame-5",
                     turn=1, options=JUMP_IN, draw_pile=[])
    after = ok(state, 1, PASS)
    assert after.turn == 2
    assert refusal(after, 0, play("flame-5")) == "not-your-turn"


def test_the_jump_in_window_closes_once_anyone_concedes():
    # "Once any move is made, it has gone": a concession by another seat is a move too.
    state = jump_table()
    after = ok(state, 3, Move("concede"))
    assert after.turn == 1
    assert refusal(after, 2, play("flame-5")) == "not-your-turn"


def test_the_window_reopens_on_the_next_card_played():
    state = position(
        [["flame-6", "sun-1"], ["leaf-1", "leaf-2"], ["flame-6", "sun-2"], ["wave-1"]],
        top="flame-5", turn=1, options=JUMP_IN, draw_pile=["wave-9"],
    )
    state = ok(state, 1, DRAW)
    state = ok(state, 2, play("flame-6"))
    assert state.turn == 3
    after = ok(state, 0, play("flame-6"))
    assert after.turn == 1


def test_jump_in_is_allowed_on_the_starter_card():
    # Documented engine choice: no move has been made yet, so the window is open.
    order, _ = rigged_deal(3, {2: ["flame-5"]}, "flame-5")
    state = new_game(3, JUMP_IN, seed=1, deck_order=order).state
    assert state.turn == 1
    assert legal_actions(state, 2) == ["play", "concede"]
    after = ok(state, 2, play("flame-5"))
    assert after.turn == 0


def test_without_the_jump_in_rule_an_identical_card_out_of_turn_is_not_your_turn():
    state = jump_table(options=Options())
    assert refusal(state, 2, play("flame-5")) == "not-your-turn"
    assert legal_actions(state, 2) == ["concede"]
    assert view_for(state, 2)["you"]["playable"] == []


def test_the_view_lists_a_jump_in_card_as_playable_for_a_seat_whose_turn_it_is_not():
    you = view_for(jump_table(), 2)["you"]
    assert you["playable"] == ["flame-5"]
    assert you["actions"] == ["play", "concede"]
    assert "flame-5" not in you["refusals"]
    assert you["refusals"] == {"sun-5": "not-your-turn", "flame-6": "not-your-turn"}


def test_no_view_says_which_other_seat_holds_a_jump_in_card():
    # Seat 2 holds the identical flame-5, or instead an unrelated card: seats 0, 1 and 3 and
    # a watcher see exactly the same thing either way.
    holding = jump_table()
    not_holding = position(
        [["sun-1", "sun-2"], ["leaf-1", "leaf-2"], ["wave-7", "sun-5", "flame-6"],
         ["wave-1", "wave-2"]],
        top="flame-5", turn=1, options=JUMP_IN, draw_pile=["wave-9", "flame-9"],
    )
    assert legal_actions(holding, 2) != legal_actions(not_holding, 2)
    for seat in (0, 1, 3):
        assert view_for(holding, seat) == view_for(not_holding, seat)
    assert public_view(holding) == public_view(not_holding)


def test_a_jump_in_with_the_last_card_wins_the_round():
    state = position([["sun-1"], ["leaf-1"], ["flame-5"], ["wave-1"]], top="flame-5", turn=1,
                     options=JUMP_IN)
    after = ok(state, 2, play("flame-5"))
    assert after.round_status == "won"
    assert after.round_winner == 2
    assert after.scores == [0, 0, 3, 0]


def test_a_seven_jumping_in_under_seven_zero_needs_a_target():
    options = Options(jump_in=True, seven_zero=True)
    state = position([["sun-1"], ["leaf-1"], ["flame-7", "sun-9"], ["wave-1", "wave-2"]],
                     top="flame-7", turn=1, options=options)
    assert refusal(state, 2, play("flame-7")) == "target-required"
    after = ok(state, 2, play("flame-7", target=3))
    assert hands(after)[2:] == [["wave-1", "wave-2"], ["sun-9"]]
    assert after.turn == 3


# =========================================================================== Draw until playable


def test_draw_until_playable_keeps_drawing_keeps_every_card_and_must_play_the_last():
    state = position([["leaf-1"], ["sun-1"]], top="flame-5", options=UNTIL_PLAYABLE,
                     draw_pile=["sun-2", "wave-3", "leaf-8", "flame-9", "wave-4"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["flame-9", "sun-2", "leaf-1", "leaf-8", "wave-3"]
    assert pile(after) == ["wave-4"]
    assert after.turn == 0
    you = view_for(after, 0)["you"]
    assert you["drawn"] == "flame-9"
    assert you["playable"] == ["flame-9"]
    assert refusal(after, 0, play("sun-2")) == "only-drawn-card"
    assert refusal(after, 0, PASS) == "must-play"
    assert refusal(after, 0, DRAW) == "must-play"
    after = ok(after, 0, play("flame-9"))
    assert hand(after, 0) == ["sun-2", "leaf-1", "leaf-8", "wave-3"]
    assert after.turn == 1


def test_draw_until_playable_draws_one_card_when_the_first_is_playable():
    state = position([["leaf-1"], ["sun-1"]], top="flame-5", options=UNTIL_PLAYABLE,
                     draw_pile=["sun-5", "wave-3"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["sun-5", "leaf-1"]
    assert after.drawn == CLASSIC.ids["sun-5"]


def test_draw_until_playable_stops_when_nothing_is_left_to_draw():
    state = position([["leaf-1"], ["sun-1"]], top="flame-5", options=UNTIL_PLAYABLE,
                     draw_pile=["sun-2", "wave-3"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["sun-2", "leaf-1", "wave-3"]
    assert pile(after) == []
    assert after.turn == 1


def test_draw_until_playable_reshuffles_the_discard_pile_when_the_draw_pile_runs_out():
    state = position([["leaf-1"], ["sun-1"]], top="flame-5", options=UNTIL_PLAYABLE,
                     draw_pile=["sun-2"], discard=["flame-9"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["flame-9", "sun-2", "leaf-1"]
    assert codes(after.discard) == ["flame-5"]
    assert after.turn == 0
    assert after.drawn == CLASSIC.ids["flame-9"]


def test_draw_until_playable_stops_at_a_wild():
    state = position([["leaf-1"], ["sun-1"]], top="flame-5", options=UNTIL_PLAYABLE,
                     draw_pile=["sun-2", "wild", "flame-9"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["sun-2", "leaf-1", "wild"]
    assert refusal(after, 0, play("wild")) == "color-required"
    ok(after, 0, play("wild", "green"))


def test_draw_until_playable_still_never_allows_a_draw_while_holding_a_playable_card():
    state = position([["flame-1", "leaf-1"], ["sun-1"]], top="flame-5", options=UNTIL_PLAYABLE,
                     draw_pile=["sun-2", "flame-9"])
    assert refusal(state, 0, DRAW) == "must-play"
    assert legal_actions(state, 0) == ["play", "concede"]
