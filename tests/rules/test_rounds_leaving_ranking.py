"""Scoring a round, single round and target score games, leaving a game, the final ranking and
the move the table makes when time runs out (rule book: "Scoring", "How it ends", "Leaving a
game", "Time limits"; timeout.py for the documented tie-breaks)."""

from __future__ import annotations

import pytest
from deck_helpers import CONCEDE, DRAW, PASS, TAKE, codes, hand, ok, play, refusal

from games.rules import (
    Applied,
    InvalidSetup,
    Move,
    Options,
    apply,
    legal_actions,
    new_game,
    position,
    public_view,
    timeout_move,
    timeout_turn,
    view_for,
)

TARGET = Options(scoring="target", target=100)


def ranks(state) -> dict[int, int]:
    return {row["seat"]: row["rank"] for row in public_view(state)["ranking"]}


def order(state) -> list[int]:
    return [row["seat"] for row in public_view(state)["ranking"]]


# =========================================================================== scoring a round


def test_counting_up_a_finished_round_example():
    # Four players; Player 1 plays their last card.
    state = position(
        [["flame-3"], ["flame-5", "leaf-skip", "wave-9"], ["sun-0", "wave-draw2", "wild"],
         ["leaf-1", "leaf-7"]],
        top="flame-8",
    )
    after = ok(state, 0, play("flame-3"))
    assert after.round_status == "won"
    assert after.round_winner == 0
    assert after.round_points == 112
    assert after.scores == [112, 0, 0, 0]
    view = public_view(after)
    assert view["round"]["points"] == 112
    assert view["round"]["winner"] == 0
    assert [seat["score"] for seat in view["seats"]] == [112, 0, 0, 0]


@pytest.mark.parametrize(("card", "points"), [
    ("flame-0", 0), ("sun-1", 1), ("leaf-5", 5), ("wave-9", 9),
    ("flame-skip", 20), ("sun-reverse", 20), ("leaf-draw2", 20),
    ("wild", 50), ("wild-draw4", 50),
])
def test_the_points_table(card, points):
    state = position([["wave-3"], [card, "sun-2"]], top="wave-4")
    after = ok(state, 0, play("wave-3"))
    assert after.scores == [points + 2, 0]


def test_the_winner_scores_and_the_other_players_do_not_change_their_scores():
    state = position([["wave-3"], ["sun-2"], ["leaf-4"]], top="wave-4", scores=[10, 20, 30])
    after = ok(state, 0, play("wave-3"))
    assert after.scores == [16, 20, 30]


def test_a_last_draw2_makes_the_next_player_draw_first_and_those_cards_count():
    state = position([["flame-draw2"], ["sun-1"], ["leaf-2"]], top="flame-4",
                     draw_pile=["wild", "leaf-9", "wave-5"])
    after = ok(state, 0, play("flame-draw2"))
    assert hand(after, 1) == ["sun-1", "leaf-9", "wild"]
    assert after.round_points == 1 + 9 + 50 + 2
    assert after.scores == [62, 0, 0]
    assert public_view(after)["round"]["hands"]["1"] == ["sun-1", "leaf-9", "wild"]


def test_a_last_wild_draw4_makes_the_next_player_draw_four_first_and_those_cards_count():
    state = position([["wild-draw4"], ["sun-1"], ["leaf-2"]], top="flame-4",
                     draw_pile=["wild", "leaf-9", "wave-5", "flame-skip", "sun-8"])
    assert refusal(state, 0, play("wild-draw4")) == "color-required"  # documented
    after = ok(state, 0, play("wild-draw4", "blue"))
    assert hand(after, 1) == ["flame-skip", "sun-1", "leaf-9", "wave-5", "wild"]
    assert after.round_points == 1 + 20 + 9 + 5 + 50 + 2


def test_a_last_wild_still_needs_a_color():
    state = position([["wild"], ["sun-1"]], top="flame-4")
    assert refusal(state, 0, play("wild")) == "color-required"
    assert ok(state, 0, play("wild", "red")).scores == [1, 0]


def test_a_last_draw2_on_a_stacked_penalty_makes_the_next_player_draw_the_whole_stack():
    state = position([["sun-1"], ["flame-draw2"], ["leaf-2"]], top="sun-draw2", turn=1,
                     options=Options(stacking=True), penalty=2,
                     draw_pile=["wave-1", "wave-2", "wave-3", "wave-4", "wave-5"])
    after = ok(state, 1, play("flame-draw2"))
    assert hand(after, 2) == ["leaf-2", "wave-1", "wave-2", "wave-3", "wave-4"]
    assert after.round_points == 1 + 2 + (1 + 2 + 3 + 4)
    assert after.penalty == 0


def test_the_next_player_for_a_last_draw2_follows_the_direction_of_play():
    state = position([["flame-draw2"], ["sun-1"], ["leaf-2"]], top="flame-4",
                     direction="counterclockwise", draw_pile=["wave-7", "wave-8"])
    after = ok(state, 0, play("flame-draw2"))
    assert hand(after, 2) == ["leaf-2", "wave-7", "wave-8"]
    assert hand(after, 1) == ["sun-1"]
    assert after.round_points == 1 + 2 + 7 + 8


@pytest.mark.parametrize("last", ["flame-skip", "flame-reverse", "flame-9"])
def test_any_other_last_card_has_no_effect(last):
    state = position([[last], ["sun-1"], ["leaf-2"]], top="flame-4",
                     draw_pile=["wave-7", "wave-8"])
    after = ok(state, 0, play(last))
    assert [hand(after, 1), hand(after, 2)] == [["sun-1"], ["leaf-2"]]
    assert after.round_points == 3
    assert public_view(after)["round"]["direction"] == "clockwise"


@pytest.mark.parametrize("last", ["flame-7", "flame-0"])
def test_a_seven_or_zero_as_the_last_card_has_no_effect_under_seven_zero(last):
    state = position([[last], ["sun-1", "sun-9"], ["leaf-2"]], top="flame-4",
                     options=Options(seven_zero=True))
    after = ok(state, 0, play(last))
    assert public_view(after)["round"]["hands"] == {"0": [], "1": ["sun-1", "sun-9"],
                                                    "2": ["leaf-2"]}
    assert after.scores == [12, 0, 0]


# =========================================================================== single round


def test_a_single_round_game_ends_with_the_first_won_round():
    state = position([["wave-3"], ["sun-2", "wild"]], top="wave-4")
    result = apply(state, 0, play("wave-3"))
    after = result.state
    assert after.status == "finished"
    assert after.winner == 0
    assert after.scores == [52, 0]
    assert after.round_number == 1
    assert result.ended is None
    view = public_view(after)
    assert view["status"] == "finished"
    assert view["round"]["turn"] is None
    assert view["last_round"] is None
    assert [legal_actions(after, seat) for seat in (0, 1)] == [[], []]
    assert refusal(after, 1, play("wild", "red")) == "game-not-playing"


def test_single_round_is_the_default():
    assert Options().scoring == "single"
    assert Options().target == 500


# =========================================================================== target score


@pytest.mark.parametrize("target", [49, 5001, 0, -50, 10_000, "500", 500.0, True, None])
def test_a_target_outside_50_to_5000_is_refused(target):
    with pytest.raises(InvalidSetup) as error:
        Options(scoring="target", target=target)
    assert error.value.field == "target"


@pytest.mark.parametrize("target", [50, 51, 500, 4999, 5000])
def test_a_target_from_50_to_5000_is_accepted(target):
    assert Options(scoring="target", target=target).target == target
    assert new_game(2, Options(scoring="target", target=target)).state.options.target == target


def test_an_unknown_scoring_mode_is_refused():
    with pytest.raises(InvalidSetup) as error:
        Options(scoring="race")
    assert error.value.field == "scoring"


def test_in_target_mode_the_next_round_is_dealt_by_the_next_player_and_scores_carry_over():
    state = position([["wave-3"], ["sun-2", "leaf-8"], ["wild"]], top="wave-4",
                     options=TARGET, dealer=2, scores=[5, 7, 9])
    result = apply(state, 0, play("wave-3"))
    after = result.state
    assert after.status == "playing"
    assert after.winner is None
    assert after.round_number == 2
    assert after.dealer == 0  # the player after dealer 2
    assert after.scores == [5 + 60, 7, 9]
    assert sum(len(h) for h in after.hands) + len(after.discard) + len(after.draw_pile) == 108
    assert all(len(h) >= 7 for h in after.hands)
    view = public_view(after)
    assert view["last_round"] == {
        "number": 1, "dealer": 2, "status": "won", "winner": 0, "points": 60,
        "hands": {"0": [], "1": ["sun-2", "leaf-8"], "2": ["wild"]},
    }
    assert view["round"]["number"] == 2
    assert view["round"]["status"] == "playing"
    assert view["round"]["hands"] is None
    assert view["round"]["winner"] is None
    assert view["ranking"] is None
    # The ended round goes back too, face up.
    assert result.ended is not None
    assert result.ended.round_status == "won"
    assert codes(result.ended.hands[1]) == ["sun-2", "leaf-8"]


def test_the_first_player_whose_total_reaches_the_target_wins_the_game():
    state = position([["wave-3"], ["sun-2", "leaf-8"]], top="wave-4", options=TARGET,
                     scores=[90, 95])
    after = ok(state, 0, play("wave-3"))
    assert after.scores == [100, 95]  # exactly the target is enough
    assert after.status == "finished"
    assert after.winner == 0
    assert order(after)[0] == 0


def test_a_total_below_the_target_plays_on():
    state = position([["wave-3"], ["sun-2", "leaf-6"]], top="wave-4", options=TARGET,
                     scores=[91, 95])
    after = ok(state, 0, play("wave-3"))
    assert after.scores == [99, 95]
    assert after.status == "playing"
    assert after.round_number == 2


def test_last_round_is_null_during_the_first_round():
    state = new_game(3, Options(scoring="target", target=300), seed=4).state
    assert public_view(state)["last_round"] is None
    assert view_for(state, 0)["last_round"] is None


def test_the_next_dealer_skips_a_seat_that_left():
    state = position([["wave-3"], [], ["sun-2", "leaf-8"], ["leaf-1"]], top="wave-4",
                     options=TARGET, dealer=0, left=[1])
    after = ok(state, 0, play("wave-3"))
    assert after.dealer == 2
    assert after.hands[1] == []
    assert all(len(after.hands[seat]) >= 7 for seat in (0, 2, 3))


# =========================================================================== leaving a game


def test_a_conceded_hand_goes_to_the_bottom_of_the_draw_pile():
    state = position([["flame-1"], ["sun-1", "leaf-2", "wild"], ["leaf-3"]], top="flame-4",
                     draw_pile=["wave-9", "wave-8"])
    after = ok(state, 1, CONCEDE)
    assert after.hands[1] == []
    assert after.left[1]
    # Internally the top card is the last item: the bottom is the front of the list.
    assert sorted(codes(after.draw_pile[:3])) == ["leaf-2", "sun-1", "wild"]
    assert codes(after.draw_pile[3:]) == ["wave-8", "wave-9"]
    view = public_view(after)
    assert view["seats"][1]["cards"] == 0
    assert view["seats"][1]["left"] is True
    assert view["round"]["draw_pile"] == 5


def test_the_cards_of_a_conceded_hand_are_drawn_last():
    state = position([["sun-9", "sun-8"], ["flame-1", "wild"], ["leaf-3", "leaf-4"]],
                     top="flame-4", turn=0, draw_pile=["wave-9"])
    state = ok(state, 1, CONCEDE)
    state = ok(state, 0, DRAW)  # wave-9 first
    assert hand(state, 0) == ["sun-8", "sun-9", "wave-9"]


def test_a_player_who_left_takes_no_further_part():
    state = position([["flame-1", "sun-1"], ["flame-2", "sun-2"], ["flame-3", "sun-3"]],
                     top="flame-4")
    state = ok(state, 1, CONCEDE)
    assert state.round_status == "playing"
    assert state.status == "playing"
    assert legal_actions(state, 1) == []
    you = view_for(state, 1)["you"]
    assert you["actions"] == [] and you["playable"] == [] and you["hand"] == []
    state = ok(state, 0, play("flame-1"))
    assert state.turn == 2  # seat 1 is skipped over
    for move in (play("flame-2"), DRAW, PASS, TAKE, CONCEDE, Move("choose", color="red")):
        assert refusal(state, 1, move) == "not-your-turn"


def test_a_skip_passes_over_a_seat_that_left():
    state = position([["flame-skip", "sun-1"], [], ["flame-3"], ["flame-2", "sun-2"]],
                     top="flame-4", left=[1])
    after = ok(state, 0, play("flame-skip"))
    assert after.turn == 3


def test_when_the_player_whose_turn_it_is_concedes_the_turn_moves_on():
    state = position([["flame-1", "sun-1"], ["flame-2", "sun-2"], ["flame-3", "sun-3"]],
                     top="flame-4")
    after = ok(state, 0, CONCEDE)
    assert after.turn == 1
    assert after.round_status == "playing"


def test_a_penalty_waiting_for_a_player_who_concedes_lapses():
    # Documented engine choice.
    state = position([["flame-1"], ["sun-2", "leaf-2"], ["flame-3", "sun-3"]],
                     top="flame-draw2", turn=1, options=Options(stacking=True), penalty=4)
    after = ok(state, 1, CONCEDE)
    assert after.penalty == 0
    assert after.turn == 2
    assert legal_actions(after, 2) == ["play", "concede"]


def test_when_only_one_player_remains_that_player_wins_at_once_and_no_points_are_scored():
    state = position([["flame-1", "sun-1"], ["flame-2", "wild"]], top="flame-4",
                     scores=[30, 40])
    result = apply(state, 1, CONCEDE)
    after = result.state
    assert after.status == "finished"
    assert after.winner == 0
    assert after.round_status == "abandoned"
    assert after.round_winner is None
    assert after.round_points == 0
    assert after.scores == [30, 40]
    view = public_view(after)
    assert view["round"]["status"] == "abandoned"
    assert view["round"]["points"] == 0
    assert view["round"]["hands"] == {"0": ["flame-1", "sun-1"], "1": []}
    assert [row["seat"] for row in view["ranking"]] == [0, 1]


def test_in_target_mode_a_game_left_to_one_player_ends_at_once_with_scores_kept():
    state = position([["flame-1", "sun-1"], ["flame-2"], ["leaf-5"]], top="flame-4",
                     options=TARGET, scores=[10, 80, 20])
    state = ok(state, 1, CONCEDE)
    assert state.status == "playing"
    after = ok(state, 2, CONCEDE)
    assert after.status == "finished"
    assert after.winner == 0
    assert after.round_status == "abandoned"
    assert after.scores == [10, 80, 20]
    assert after.round_number == 1


def test_leavers_rank_below_everyone_who_stayed_whatever_their_score():
    state = position([["flame-1"], ["sun-1", "sun-9"], ["leaf-2"]], top="flame-4",
                     scores=[0, 0, 400])
    state = ok(state, 2, CONCEDE)
    after = ok(state, 0, play("flame-1"))
    assert after.status == "finished"
    ranking = public_view(after)["ranking"]
    assert [(row["seat"], row["rank"], row["left"]) for row in ranking] == [
        (0, 1, False), (1, 2, False), (2, 3, True)]
    assert ranking[2]["score"] == 400


# =========================================================================== ranking


def blocked_game(hands, scores):
    """Single round game: seat 0 can do nothing but pass, and nobody can play: blocked."""
    state = position(hands, top="flame-5", draw_pile=[], scores=scores)
    after = ok(state, 0, PASS)
    assert after.round_status == "blocked"
    assert after.status == "finished"
    assert after.winner is None
    return after


def test_the_winner_ranks_first_even_when_level_on_score_and_points_in_hand():
    # The winner scores 0 for a round of zeros: still first, and alone.
    state = position([["wave-3"], ["sun-0"], ["leaf-0"]], top="wave-4")
    after = ok(state, 0, play("wave-3"))
    assert after.scores == [0, 0, 0]
    assert ranks(after) == {0: 1, 1: 2, 2: 2}
    assert order(after)[0] == 0


def test_the_winner_ranks_first_even_with_a_lower_score():
    state = position([["wave-3"], ["sun-1"], ["leaf-2"]], top="wave-4", scores=[0, 90, 50])
    after = ok(state, 0, play("wave-3"))
    assert order(after) == [0, 1, 2]


def test_a_higher_score_ranks_higher():
    after = blocked_game([["sun-1"], ["leaf-2"], ["wave-3"]], scores=[10, 30, 20])
    assert order(after) == [1, 2, 0]
    assert ranks(after) == {1: 1, 2: 2, 0: 3}
    assert [row["score"] for row in public_view(after)["ranking"]] == [30, 20, 10]


def test_equal_scores_rank_the_player_with_fewer_points_left_in_hand_higher():
    after = blocked_game([["sun-9"], ["leaf-2"], ["wave-skip", "sun-1"]], scores=[10, 10, 10])
    assert order(after) == [1, 0, 2]
    assert ranks(after) == {1: 1, 0: 2, 2: 3}


def test_players_still_level_share_a_rank():
    after = blocked_game([["sun-4"], ["leaf-1", "leaf-3"], ["wave-skip"]], scores=[10, 10, 10])
    assert ranks(after) == {0: 1, 1: 1, 2: 3}  # scoring.py: the next rank counts both


def test_a_blocked_single_round_game_ranks_everyone_with_no_winner():
    after = blocked_game([["sun-1"], ["leaf-1"]], scores=[0, 0])
    assert public_view(after)["ranking"] == [
        {"seat": 0, "rank": 1, "score": 0, "left": False},
        {"seat": 1, "rank": 1, "score": 0, "left": False},
    ]


def test_the_ranking_is_null_while_the_game_is_playing():
    state = position([["wave-3", "sun-1"], ["sun-0"]], top="wave-4")
    assert public_view(state)["ranking"] is None


# =========================================================================== timeout move


def test_timeout_takes_a_waiting_penalty_even_when_it_could_be_answered():
    state = position([["flame-draw2", "wild"], ["sun-1"]], top="sun-draw2",
                     options=Options(stacking=True), penalty=2)
    assert timeout_move(state) == Move("take")


@pytest.mark.parametrize(("cards", "best"), [
    (["flame-2", "flame-9", "flame-skip", "wild"], Move("play", "wild", "red")),
    (["flame-2", "flame-9", "flame-skip", "sun-4"], Move("play", "flame-skip")),
    (["flame-2", "flame-9", "sun-4"], Move("play", "flame-9")),
    (["flame-0", "leaf-9"], Move("play", "flame-0")),
    (["sun-4", "wave-draw2", "wild-draw4"], Move("play", "wild-draw4", "yellow")),
])
def test_timeout_plays_the_playable_card_worth_the_most_points(cards, best):
    state = position([cards, ["leaf-1"]], top="flame-4")
    assert timeout_move(state) == best
    assert isinstance(apply(state, 0, best), Applied)


@pytest.mark.parametrize(("cards", "top", "best"), [
    (["flame-skip", "flame-reverse", "flame-draw2"], "flame-4", "flame-skip"),
    (["flame-9", "sun-9"], "leaf-9", "flame-9"),
    (["sun-9", "wave-9"], "leaf-9", "sun-9"),
    (["flame-reverse", "sun-4", "sun-reverse"], "leaf-reverse", "flame-reverse"),
])
def test_timeout_breaks_a_points_tie_by_the_first_card_in_the_sorted_hand(cards, top, best):
    state = position([cards, ["leaf-1"]], top=top)
    assert timeout_move(state).card == best


def test_timeout_prefers_the_wild_over_the_wild_draw4_at_equal_points():
    state = position([["wild-draw4", "wild", "leaf-1"], ["sun-1"]], top="flame-4")
    assert timeout_move(state) == Move("play", "wild", "green")


def test_timeout_chooses_the_color_the_rest_of_the_hand_holds_most():
    state = position([["sun-1", "wave-1", "wave-2", "wave-skip", "wild", "leaf-1"], ["sun-9"]],
                     top="flame-4")
    assert timeout_move(state) == Move("play", "wild", "blue")


@pytest.mark.parametrize(("rest", "color"), [
    (["sun-1", "leaf-1"], "yellow"),
    (["leaf-1", "wave-1"], "green"),
    (["wave-1", "sun-skip"], "yellow"),
    ([], "red"),
    (["wild"], "red"),
])
def test_timeout_breaks_a_color_tie_red_yellow_green_blue(rest, color):
    state = position([["wild-draw4", *rest], ["flame-1"]], top="flame-4", color="red")
    move = timeout_move(state)
    assert move.color == color


def test_timeout_draws_when_nothing_is_playable():
    state = position([["leaf-1", "sun-2"], ["flame-1"]], top="flame-4", draw_pile=["wave-1"])
    assert timeout_move(state) == DRAW


def test_timeout_passes_when_nothing_can_be_played_or_drawn():
    state = position([["leaf-1", "sun-2"], ["flame-1", "flame-2"]], top="flame-4",
                     draw_pile=[])
    assert timeout_move(state) == PASS
    assert isinstance(apply(state, 0, PASS), Applied)


def test_timeout_never_draws_while_holding_a_playable_card():
    state = position([["flame-0", "leaf-9", "wave-skip"], ["flame-1"]], top="flame-4")
    assert timeout_move(state) == Move("play", "flame-0")
    blocked_wd4 = position([["flame-0", "wild-draw4"], ["flame-1"]], top="flame-4")
    assert timeout_move(blocked_wd4) == Move("play", "flame-0")


def test_timeout_plays_a_card_just_drawn():
    state = position([["leaf-1", "flame-2"], ["flame-1"]], top="flame-4", drawn="leaf-1",
                     color="green")
    assert timeout_move(state) == Move("play", "leaf-1")


def test_timeout_chooses_the_starter_color_the_hand_holds_most():
    state = position([["leaf-1", "leaf-2", "sun-3", "wild"], ["flame-1"]], top="wild",
                     color=None)
    assert timeout_move(state) == Move("choose", color="green")


def test_timeout_swaps_a_seven_with_the_seat_holding_fewest_cards_nearest_in_play():
    hands = [["flame-7", "sun-1"], ["leaf-1", "leaf-2"], ["wave-1"], ["sun-2", "sun-3"],
             ["wave-2"]]
    options = Options(seven_zero=True)
    assert timeout_move(position(hands, top="flame-4", options=options)).target == 2
    ccw = position(hands, top="flame-4", options=options, direction="counterclockwise")
    assert timeout_move(ccw).target == 4


def test_timeout_turn_plays_a_drawn_playable_card_within_the_same_turn():
    state = position([["leaf-1", "sun-2"], ["wave-1"]], top="flame-4",
                     draw_pile=["flame-skip", "wave-3"])
    after, events = timeout_turn(state)
    kinds = [event.kind for event in events]
    assert kinds[:2] == ["drew", "played"]
    assert codes(after.discard)[-1] == "flame-skip"
    assert hand(after, 0) == ["sun-2", "leaf-1"]
    assert after.turn == 0  # the Skip, two players: seat 0 again, a new turn


def test_timeout_turn_ends_after_an_unplayable_draw():
    state = position([["leaf-1", "sun-2"], ["flame-1"]], top="flame-4", draw_pile=["wave-3"])
    after, events = timeout_turn(state)
    assert [event.kind for event in events] == ["drew"]
    assert after.turn == 1


def test_timeout_turn_chooses_a_starter_color_then_plays_within_the_same_turn():
    state = position([["leaf-1", "leaf-skip", "sun-3"], ["flame-1"], ["flame-2"]], top="wild",
                     color=None)
    after, events = timeout_turn(state)
    assert [event.kind for event in events][:3] == ["chose", "played", "skipped"]
    assert public_view(after)["round"]["color"] == "green"
    assert codes(after.discard) == ["wild", "leaf-skip"]
    assert after.turn == 2  # seat 1 skipped


def test_timeout_turn_with_draw_until_playable_draws_then_plays():
    state = position([["leaf-1"], ["wave-1"], ["wave-2"]], top="flame-4",
                     options=Options(draw_until_playable=True),
                     draw_pile=["sun-1", "sun-2", "flame-8", "wave-3"])
    after, _ = timeout_turn(state)
    assert codes(after.discard)[-1] == "flame-8"
    assert hand(after, 0) == ["sun-1", "sun-2", "leaf-1"]
    assert after.turn == 1


def test_timeout_turn_takes_a_waiting_penalty_and_the_turn_ends():
    state = position([["flame-draw2", "leaf-1"], ["wave-1"]], top="sun-draw2",
                     options=Options(stacking=True), penalty=2, draw_pile=["sun-1", "sun-2"])
    after, events = timeout_turn(state)
    assert [event.kind for event in events] == ["took"]
    assert after.turn == 1
    assert len(after.hands[0]) == 4
