"""Special cases of the rule book: the draw pile runs out, short draws, nothing to draw, a
round nobody can finish, big hands."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from deck_helpers import DRAW, PASS, TAKE, codes, hand, ok, ok_events, pile, play, refusal

from games.rules import (
    Options,
    legal_actions,
    position,
    public_view,
    view_for,
)

# ---------------------------------------------------------------- the draw pile runs out


def test_an_empty_draw_pile_is_remade_from_the_discard_pile_except_its_top_card():
    state = position([["leaf-1"], ["flame-2"]], top="flame-5", draw_pile=[],
                     discard=["sun-1", "sun-2", "wave-3"])
    after, events = ok_events(state, 0, DRAW)
    assert "reshuffled" in events
    assert codes(after.discard) == ["flame-5"]
    drawn = [card for card in hand(after, 0) if card != "leaf-1"]
    assert len(drawn) == 1
    assert Counter(pile(after) + drawn) == Counter(["sun-1", "sun-2", "wave-3"])
    view = public_view(after)["round"]
    assert view["top"] == "flame-5"
    assert view["color"] == "red"
    assert view["draw_pile"] == 2


def test_the_top_card_stays_and_the_chosen_color_of_a_wild_top_is_kept():
    state = position([["leaf-1"], ["flame-2"]], top="wild", color="blue", draw_pile=[],
                     discard=["sun-1", "sun-2", "wave-3", "flame-9"])
    after = ok(state, 0, DRAW)
    assert codes(after.discard) == ["wild"]
    assert public_view(after)["round"]["color"] == "blue"


def test_the_pile_is_remade_only_at_the_moment_a_card_is_needed():
    state = position([["leaf-1"], ["leaf-2"]], top="flame-5", draw_pile=["sun-3"],
                     discard=["sun-1", "wave-3"])
    after, events = ok_events(state, 0, DRAW)  # takes the last card: no reshuffle yet
    assert "reshuffled" not in events
    assert pile(after) == []
    assert codes(after.discard) == ["sun-1", "wave-3", "flame-5"]
    assert public_view(after)["round"]["draw_pile"] == 0
    assert after.turn == 1
    again, events = ok_events(after, 1, DRAW)  # now a card is needed
    assert "reshuffled" in events
    assert codes(again.discard) == ["flame-5"]
    assert len(again.hands[1]) == 2


def test_a_penalty_draw_remakes_the_pile_in_the_middle_of_the_draw():
    state = position([["flame-draw2", "leaf-1"], ["leaf-2"], ["leaf-3"]], top="flame-5",
                     draw_pile=["sun-3"], discard=["wave-7"])
    after, events = ok_events(state, 0, play("flame-draw2"))
    assert "reshuffled" in events
    assert codes(after.discard) == ["flame-draw2"]  # the card just played stays on top
    drawn = Counter(hand(after, 1)) - Counter(["leaf-2", "sun-3"])
    assert sum(drawn.values()) == 1  # sun-3 from the pile, then one reshuffled card
    assert set(drawn) <= {"wave-7", "flame-5"}
    assert "sun-3" in hand(after, 1)
    assert len(pile(after)) == 1
    assert after.turn == 2


def test_after_a_reshuffle_the_whole_deck_is_still_there():
    state = position([["leaf-1"], ["flame-2"]], top="flame-5", draw_pile=[],
                     discard=["sun-1", "sun-2", "wave-3", "leaf-7"])
    before = Counter(card for h in state.hands for card in h) + Counter(state.discard)
    after = ok(state, 0, DRAW)
    now = (Counter(card for h in after.hands for card in h) + Counter(after.discard)
           + Counter(after.draw_pile))
    assert now == before


# ---------------------------------------------------------------- short draws and passing


def test_a_draw2_that_finds_the_piles_nearly_empty_draws_only_what_is_there():
    # After the Draw 2 lands, only the card under it can be reshuffled: one card, not two.
    state = position([["flame-draw2", "leaf-1"], ["leaf-2"], ["leaf-3"]], top="flame-5",
                     draw_pile=[])
    after = ok(state, 0, play("flame-draw2"))
    assert hand(after, 1) == ["flame-5", "leaf-2"]
    assert after.turn == 2
    assert codes(after.discard) == ["flame-draw2"]
    assert pile(after) == []


def test_a_wild_draw4_that_finds_the_piles_empty_draws_only_what_is_there():
    state = position([["wild-draw4", "leaf-1"], ["leaf-2"], ["leaf-3"]], top="flame-5",
                     draw_pile=["sun-1", "sun-2"])
    after = ok(state, 0, play("wild-draw4", "green"))
    assert hand(after, 1) == ["flame-5", "sun-1", "sun-2", "leaf-2"]
    assert after.turn == 2


def test_a_taken_penalty_that_finds_the_piles_empty_draws_only_what_is_there():
    state = position([["leaf-1"], ["leaf-2"]], top="flame-draw2",
                     options=Options(stacking=True), penalty=4, draw_pile=["sun-1"])
    after = ok(state, 0, TAKE)
    assert hand(after, 0) == ["sun-1", "leaf-1"]
    assert after.penalty == 0
    assert after.turn == 1


def test_a_taken_penalty_with_nothing_at_all_to_draw_draws_nothing_and_ends_the_turn():
    state = position([["leaf-1"], ["flame-2"]], top="flame-draw2",
                     options=Options(stacking=True), penalty=2, draw_pile=[])
    after = ok(state, 0, TAKE)
    assert hand(after, 0) == ["leaf-1"]
    assert after.penalty == 0
    assert after.turn == 1


def nothing_to_draw(hand0=("leaf-1", "wave-2"), **kwargs):
    """Seat 0 cannot play; the draw pile is empty and the discard pile holds only its top.
    Seat 1 can play, so the round is not blocked."""
    return position([list(hand0), ["flame-2", "sun-2"], ["flame-3"]], top="flame-5", draw_pile=[],
                    **kwargs)


def test_a_player_who_cannot_play_and_cannot_draw_passes():
    state = nothing_to_draw()
    assert legal_actions(state, 0) == ["pass", "concede"]
    assert view_for(state, 0)["you"]["actions"] == ["pass", "concede"]
    after, events = ok_events(state, 0, PASS)
    assert "passed" in events
    assert after.turn == 1
    assert hand(after, 0) == ["leaf-1", "wave-2"]
    assert after.round_status == "playing"


def test_a_draw_with_nothing_at_all_to_draw_is_accepted_and_ends_the_turn_like_a_pass():
    # Documented engine choice.
    after = ok(nothing_to_draw(), 0, DRAW)
    assert after.turn == 1
    assert hand(after, 0) == ["leaf-1", "wave-2"]


def test_cannot_pass_while_a_card_can_still_be_drawn():
    state = position([["leaf-1"], ["flame-2"]], top="flame-5", draw_pile=["sun-1"])
    assert refusal(state, 0, PASS) == "cannot-pass"
    assert legal_actions(state, 0) == ["draw", "concede"]


def test_cannot_pass_when_the_draw_pile_is_empty_but_the_discard_pile_can_be_reshuffled():
    state = position([["leaf-1"], ["flame-2"]], top="flame-5", draw_pile=[],
                     discard=["sun-1"])
    assert refusal(state, 0, PASS) == "cannot-pass"
    assert legal_actions(state, 0) == ["draw", "concede"]


def test_a_player_who_can_play_must_still_play_when_nothing_can_be_drawn():
    state = position([["flame-9", "leaf-1"], ["flame-2"]], top="flame-5", draw_pile=[])
    assert refusal(state, 0, PASS) == "must-play"
    assert legal_actions(state, 0) == ["play", "concede"]


def test_passing_closes_nothing_but_the_turn_the_next_player_plays_on():
    after = ok(nothing_to_draw(), 0, PASS)
    after = ok(after, 1, play("flame-2"))
    assert after.turn == 2


# ---------------------------------------------------------------- a round nobody can finish


def blocked_by_the_next_draw(options: Options | None = None, scores=None, dealer=None):
    """Seat 0 draws the last card of the pile; afterwards nobody can play."""
    return position([["leaf-1", "wave-2"], ["sun-3", "wave-4"]], top="flame-5",
                    draw_pile=["leaf-9"], options=options, scores=scores, dealer=dealer)


def test_nothing_to_draw_only_the_top_card_and_nobody_able_to_play_blocks_the_round():
    after, events = ok_events(blocked_by_the_next_draw(), 0, DRAW)
    assert "round-blocked" in events
    assert after.round_status == "blocked"
    assert after.round_winner is None
    view = public_view(after)
    assert view["round"]["status"] == "blocked"
    assert view["round"]["winner"] is None
    assert [seat["score"] for seat in view["seats"]] == [0, 0]


def test_a_blocked_round_ends_a_single_round_game_with_no_winner_and_nobody_scores():
    after = ok(blocked_by_the_next_draw(scores=[5, 7]), 0, DRAW)
    assert after.status == "finished"
    assert after.winner is None
    assert after.scores == [5, 7]
    view = public_view(after)
    assert view["status"] == "finished"
    assert view["round"]["hands"] == {"0": ["leaf-1", "leaf-9", "wave-2"],
                                      "1": ["sun-3", "wave-4"]}
    assert legal_actions(after, 0) == legal_actions(after, 1) == []
    assert refusal(after, 1, DRAW) == "game-not-playing"


def test_a_blocked_round_in_target_mode_deals_a_new_round_and_the_dealer_moves_on():
    options = Options(scoring="target", target=100)
    after = ok(blocked_by_the_next_draw(options=options, scores=[30, 40], dealer=1), 0, DRAW)
    assert after.status == "playing"
    assert after.winner is None
    assert after.round_number == 2
    assert after.dealer == 0  # the next player after seat 1, clockwise
    assert after.scores == [30, 40]
    # A fresh deal of the whole deck (the starter may have made the first player draw).
    assert sum(len(h) for h in after.hands) + len(after.discard) + len(after.draw_pile) == 108
    assert all(len(h) >= 7 for h in after.hands)
    view = public_view(after)
    assert view["last_round"]["status"] == "blocked"
    assert view["last_round"]["winner"] is None
    assert view["last_round"]["number"] == 1
    assert view["last_round"]["hands"] == {"0": ["leaf-1", "leaf-9", "wave-2"],
                                           "1": ["sun-3", "wave-4"]}
    assert view["round"]["status"] == "playing"
    assert view["round"]["hands"] is None


def test_a_round_is_not_blocked_while_any_player_could_still_play():
    # Seat 1 could play; it is not seat 1's turn yet, but the round goes on.
    state = position([["leaf-1", "wave-2"], ["flame-3"], ["sun-4"]], top="flame-5",
                     draw_pile=["leaf-9"])
    after = ok(state, 0, DRAW)
    assert after.round_status == "playing"
    assert after.status == "playing"
    assert after.turn == 1


def test_a_round_is_not_blocked_while_the_discard_pile_can_still_be_reshuffled():
    state = position([["leaf-1", "wave-2"], ["sun-3", "wave-4"]], top="flame-5",
                     draw_pile=["leaf-9"], discard=["sun-7"])
    after = ok(state, 0, DRAW)
    assert after.round_status == "playing"
    assert legal_actions(after, 1) == ["draw", "concede"]


def test_a_wild_draw4_held_with_no_card_of_the_color_in_play_keeps_the_round_going():
    state = position([["leaf-1", "wave-2"], ["sun-3", "wild-draw4"]], top="flame-5",
                     draw_pile=["leaf-9"])
    after = ok(state, 0, DRAW)
    assert after.round_status == "playing"
    assert view_for(after, 1)["you"]["playable"] == ["wild-draw4"]


# ---------------------------------------------------------------- big hands


def rule_book_order(code: str) -> tuple:
    """Red, Yellow, Green, Blue; numbers in order, then Skip, Reverse, Draw 2; Wild cards last
    (wild, then wild-draw4)."""
    if code == "wild":
        return (4, 0)
    if code == "wild-draw4":
        return (4, 1)
    symbol, face = code.split("-")
    color = ["flame", "sun", "leaf", "wave"].index(symbol)
    rank = int(face) if face.isdigit() else 10 + ["skip", "reverse", "draw2"].index(face)
    return (color, rank)


BIG = ["wave-draw2", "flame-3", "wild", "sun-0", "leaf-skip", "flame-draw2", "wave-1",
       "sun-reverse", "leaf-0", "wild-draw4", "flame-0", "sun-9", "leaf-7", "wave-reverse",
       "flame-skip", "sun-1", "leaf-9", "wave-0"]


def test_hands_of_twenty_cards_or_more_stay_sorted_after_penalties():
    state = position([["wild-draw4", "sun-5"], BIG, ["leaf-3"]], top="flame-5",
                     draw_pile=["leaf-draw2", "flame-9", "wild", "sun-skip", "wave-9"])
    # Seat 0 holds no Red: the Wild Draw 4 may be played.
    after = ok(state, 0, play("wild-draw4", "green"))
    big = view_for(after, 1)["you"]["hand"]
    assert len(big) == 22
    assert big == sorted(big, key=rule_book_order)
    assert Counter(big) == Counter(BIG + ["leaf-draw2", "flame-9", "wild", "sun-skip"])
    assert public_view(after)["seats"][1]["cards"] == 22


@pytest.mark.parametrize("extra", [5, 12, 30])
def test_big_hands_have_no_limit_and_stay_sorted_when_taking_a_stacked_penalty(extra):
    rest = ["flame-1", "flame-2", "flame-4", "flame-6", "flame-8", "sun-2", "sun-4", "sun-6",
            "sun-8", "leaf-2", "leaf-4", "leaf-6", "leaf-8", "wave-2", "wave-4", "wave-6",
            "wave-8", "flame-reverse", "sun-draw2", "leaf-reverse", "wave-skip", "wild",
            "sun-3", "leaf-5", "wave-7", "flame-7", "sun-7", "leaf-1", "wave-3", "flame-9"]
    state = position([BIG, ["leaf-3"]], top="leaf-draw2", options=Options(stacking=True),
                     penalty=extra, draw_pile=rest[:extra])
    # Seat 0 could answer with a Draw 2 but takes the whole penalty instead.
    after = ok(state, 0, TAKE)
    big = hand(after, 0)
    assert len(big) == len(BIG) + extra
    assert big == sorted(big, key=rule_book_order)
    assert view_for(after, 0)["you"]["hand"] == big


def test_a_drawn_card_slots_into_its_place_in_the_hand():
    state = position([["flame-3", "sun-9", "wave-1"], ["leaf-3"]], top="leaf-5",
                     draw_pile=["sun-2"])
    after = ok(state, 0, DRAW)
    assert hand(after, 0) == ["flame-3", "sun-2", "sun-9", "wave-1"]


def test_the_rule_book_sample_hand_is_shown_sorted():
    # Example A: [flame-3, flame-7, sun-0, sun-skip, leaf-5, wave-5, wild]
    shuffled = ["wild", "wave-5", "sun-skip", "flame-7", "leaf-5", "sun-0", "flame-3"]
    state = position([shuffled, ["leaf-3"]], top="leaf-8")
    assert view_for(state, 0)["you"]["hand"] == [
        "flame-3", "flame-7", "sun-0", "sun-skip", "leaf-5", "wave-5", "wild"]
    assert json.dumps(view_for(state, 0))  # JSON-able
