"""Every example of the rule book, with the exact hands and outcomes written there."""

from deck_helpers import hand

from games.rules import Move, Options, apply, position, view_for


def play(state, seat, card, color=None, target=None):
    result = apply(state, seat, Move("play", card, color, target))
    assert result.ok, result
    return result.state


def test_a_sample_hand_and_how_it_is_shown():
    state = position(
        [["wild", "wave-5", "sun-skip", "flame-7", "leaf-5", "sun-0", "flame-3"], ["leaf-1"]],
        top="leaf-9",
    )
    assert view_for(state, 0)["you"]["hand"] == [
        "flame-3", "flame-7", "sun-0", "sun-skip", "leaf-5", "wave-5", "wild",
    ]


def test_which_cards_can_you_play():
    state = position(
        [["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wave-skip", "wild"], ["sun-1"]],
        top="wave-7", color="blue",
    )
    you = view_for(state, 0)["you"]
    assert you["playable"] == ["flame-7", "wave-3", "wave-skip", "wild"]
    assert you["refusals"] == {"flame-2": "no-match", "sun-9": "no-match", "leaf-5": "no-match"}
    # You may not draw while any of them is in your hand.
    assert apply(state, 0, Move("draw")).code == "must-play"
    for card in ("flame-7", "wave-3", "wave-skip"):
        assert apply(state, 0, Move("play", card)).ok
    assert apply(state, 0, Move("play", "wild", "red")).ok


def test_plays_the_table_will_not_accept():
    state = position([["flame-8", "sun-1", "leaf-9", "wave-2"], ["sun-5"]], top="flame-4",
                     color="red")
    before = state.copy()
    refused = apply(state, 0, Move("play", "leaf-9"))
    assert refused.code == "no-match"
    assert refused.detail  # the table tells you why
    assert apply(state, 0, Move("draw")).code == "must-play"
    # A refused move changes nothing: no card drawn, no turn lost.
    assert state == before
    assert view_for(state, 0)["you"]["playable"] == ["flame-8"]
    state = play(state, 0, "flame-8")
    assert hand(state, 0) == ["sun-1", "leaf-9", "wave-2"]
    assert state.turn == 1


def drawing_position(next_card: str):
    return position([["leaf-1", "wave-2", "wave-8"], ["sun-7"], ["sun-6"]], top="flame-5",
                    color="red", draw_pile=[next_card, "leaf-4", "leaf-6"])


def test_drawing_when_you_have_nothing_to_play_case_a_a_playable_card_must_be_played_now():
    state = drawing_position("flame-9")
    assert view_for(state, 0)["you"]["actions"] == ["draw", "concede"]
    state = apply(state, 0, Move("draw")).state
    you = view_for(state, 0)["you"]
    assert you["drawn"] == "flame-9"
    assert you["playable"] == ["flame-9"]
    assert you["actions"] == ["play", "concede"]
    # It is the only card you may play, and you cannot keep it and pass.
    assert apply(state, 0, Move("pass")).code == "must-play"
    assert apply(state, 0, Move("draw")).code == "must-play"
    state = play(state, 0, "flame-9")
    assert hand(state, 0) == ["leaf-1", "wave-2", "wave-8"]
    assert state.turn == 1


def test_drawing_when_you_have_nothing_to_play_case_b_an_unplayable_card_ends_the_turn():
    state = drawing_position("sun-3")
    state = apply(state, 0, Move("draw")).state
    assert hand(state, 0) == ["sun-3", "leaf-1", "wave-2", "wave-8"]
    assert state.turn == 1


def wild_draw4_position(first_hand):
    return position(
        [first_hand, ["flame-1", "flame-3", "leaf-2"], ["wave-6", "wave-7", "leaf-8"]],
        top="sun-3", color="yellow",
    )


def test_wild_draw4_allowed_with_hand_a():
    state = wild_draw4_position(["flame-2", "wave-4", "wild-draw4"])
    assert "wild-draw4" in view_for(state, 0)["you"]["playable"]
    state = play(state, 0, "wild-draw4", "red")
    # The next player draws four cards and loses their turn; play continues after them.
    assert len(state.hands[1]) == 7
    assert state.turn == 2
    assert view_for(state, 2)["round"]["color"] == "red"


def test_wild_draw4_blocked_with_hand_b():
    state = wild_draw4_position(["flame-2", "sun-8", "wild-draw4"])
    before = state.copy()
    assert apply(state, 0, Move("play", "wild-draw4", "red")).code == "wild-draw4-color-held"
    assert apply(state, 0, Move("draw")).code == "must-play"
    assert state == before  # refused without any penalty
    you = view_for(state, 0)["you"]
    assert you["playable"] == ["sun-8"]
    assert you["refusals"]["wild-draw4"] == "wild-draw4-color-held"
    state = play(state, 0, "sun-8")
    assert "wild-draw4" in hand(state, 0)  # still held for a later turn


def test_counting_up_a_finished_round():
    state = position(
        [["flame-4"], ["flame-5", "leaf-skip", "wave-9"], ["sun-0", "wave-draw2", "wild"],
         ["leaf-1", "leaf-7"]],
        top="flame-1",
    )
    result = apply(state, 0, Move("play", "flame-4"))
    state = result.state
    assert state.round_status == "won"
    assert state.round_winner == 0
    assert state.round_points == 34 + 70 + 8 == 112
    assert state.scores == [112, 0, 0, 0]
    assert [e.points for e in result.events if e.kind == "round-won"] == [112]


def test_a_stack_of_draw2_cards():
    player3 = ["flame-6", "sun-1", "wave-8", "flame-9", "leaf-3", "wave-1", "wave-4"]
    state = position(
        [["sun-draw2", "leaf-4", "wave-7"], ["flame-1", "leaf-draw2", "wave-2"], player3,
         ["sun-9", "leaf-6"]],
        top="sun-5", color="yellow", options=Options(stacking=True),
    )
    state = play(state, 0, "sun-draw2")
    assert state.penalty == 2
    assert state.turn == 1
    you = view_for(state, 1)["you"]
    assert you["actions"] == ["play", "take", "concede"]
    assert you["refusals"] == {"flame-1": "penalty-waiting", "wave-2": "penalty-waiting"}
    state = play(state, 1, "leaf-draw2")
    assert view_for(state, 2)["round"]["color"] == "green"
    assert state.penalty == 4
    assert view_for(state, 2)["you"]["actions"] == ["take", "concede"]
    state = apply(state, 2, Move("take")).state
    assert len(state.hands[2]) == 11
    assert state.penalty == 0
    assert state.turn == 3
    assert view_for(state, 3)["round"]["color"] == "green"


def test_without_stacking_player_2_draws_two_and_player_3_is_untouched():
    player3 = ["flame-6", "sun-1", "wave-8", "flame-9", "leaf-3", "wave-1", "wave-4"]
    state = position(
        [["sun-draw2", "leaf-4", "wave-7"], ["flame-1", "leaf-draw2", "wave-2"], player3,
         ["sun-9", "leaf-6"]],
        top="sun-5", color="yellow",
    )
    state = play(state, 0, "sun-draw2")
    assert len(state.hands[1]) == 5
    assert state.turn == 2
    assert len(state.hands[2]) == 7
