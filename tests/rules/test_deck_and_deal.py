"""The deck, sorted hands, the deal, the starter card table and the draw pile table."""

import random
from collections import Counter

import pytest
from deck_helpers import all_cards, hand, rigged_order

from games.rules import CLASSIC, InvalidSetup, Move, Options, apply, new_game, view_for
from games.rules.engine import shuffle


def counts_by(predicate) -> int:
    return sum(n for card, n in enumerate(CLASSIC.counts) if predicate(CLASSIC.codes[card]))


def test_the_deck_has_108_cards():
    assert CLASSIC.size == 108
    assert len(CLASSIC.full()) == 108


@pytest.mark.parametrize("symbol", ["flame", "sun", "leaf", "wave"])
def test_each_color_has_one_0_and_two_each_of_1_to_9(symbol):
    assert CLASSIC.counts[CLASSIC.ids[f"{symbol}-0"]] == 1
    for number in range(1, 10):
        assert CLASSIC.counts[CLASSIC.ids[f"{symbol}-{number}"]] == 2
    assert counts_by(lambda code: code.startswith(symbol) and code[-1].isdigit()
                     and not code.endswith("draw2")) == 19


@pytest.mark.parametrize("action", ["skip", "reverse", "draw2"])
def test_each_action_has_two_cards_per_color(action):
    assert counts_by(lambda code: code.endswith(f"-{action}")) == 8


def test_there_are_four_wild_and_four_wild_draw4_cards():
    assert CLASSIC.counts[CLASSIC.ids["wild"]] == 4
    assert CLASSIC.counts[CLASSIC.ids["wild-draw4"]] == 4


def test_card_codes_are_those_of_the_api():
    expected = [
        f"{symbol}-{kind}"
        for symbol in ("flame", "sun", "leaf", "wave")
        for kind in [*range(10), "skip", "reverse", "draw2"]
    ] + ["wild", "wild-draw4"]
    assert list(CLASSIC.codes) == expected


def test_points_of_cards_left_in_a_hand():
    points = dict(zip(CLASSIC.codes, CLASSIC.points, strict=True))
    assert points["sun-0"] == 0 and points["leaf-9"] == 9 and points["wave-4"] == 4
    for code in ("flame-skip", "sun-reverse", "leaf-draw2"):
        assert points[code] == 20
    assert points["wild"] == points["wild-draw4"] == 50


def test_the_deal_gives_seven_cards_one_at_a_time_starting_after_the_dealer():
    order = rigged_order(
        ["flame-1", "sun-1", "leaf-1", "flame-2", "sun-2", "leaf-2"] * 1
        + ["flame-3", "sun-3", "leaf-3", "flame-4", "sun-4", "leaf-4",
           "flame-5", "sun-5", "leaf-5", "flame-6", "sun-6", "leaf-6",
           "flame-7", "sun-7", "leaf-7", "wave-9"]
    )
    state = new_game(3, seed=1, deck_order=order).state
    # Seat 0 deals: seat 1 gets the first card, seat 2 the second, seat 0 the third, and so on.
    assert hand(state, 1) == ["flame-1", "flame-2", "flame-3", "flame-4", "flame-5", "flame-6",
                              "flame-7"]
    assert hand(state, 2) == ["sun-1", "sun-2", "sun-3", "sun-4", "sun-5", "sun-6", "sun-7"]
    assert hand(state, 0) == ["leaf-1", "leaf-2", "leaf-3", "leaf-4", "leaf-5", "leaf-6",
                              "leaf-7"]
    assert CLASSIC.codes[state.discard[-1]] == "wave-9"
    assert state.dealer == 0
    # The rest is the draw pile, its top card next in the order.
    assert [CLASSIC.codes[c] for c in reversed(state.draw_pile)] == order[22:]


@pytest.mark.parametrize(
    ("players", "pile"), [(2, 93), (3, 86), (4, 79), (5, 72), (6, 65), (7, 58), (8, 51),
                          (9, 44), (10, 37)],
)
def test_draw_pile_after_the_deal(players, pile):
    order = rigged_order(["flame-1"] * 0)  # a number card comes up as the starter below
    number_first = [c for c in order if c.split("-")[-1].isdigit()]
    order = number_first + [c for c in order if not c.split("-")[-1].isdigit()]
    state = new_game(players, seed=3, deck_order=order).state
    assert all(len(h) == 7 for h in state.hands)
    assert len(state.discard) == 1
    assert len(state.draw_pile) == pile
    assert view_for(state, 0)["round"]["draw_pile"] == pile


@pytest.mark.parametrize("players", range(2, 11))
def test_a_seeded_deal_conserves_the_deck_whatever_the_starter(players):
    for seed in range(30):
        state = new_game(players, seed=seed).state
        assert all_cards(state) == Counter(CLASSIC.full())


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    assert new_game(4, seed=11).state == new_game(4, seed=11).state
    assert new_game(4, seed=11).state.hands != new_game(4, seed=12).state.hands


def test_a_seed_deals_what_it_always_dealt():
    # Fixed when the deal was made faster (issue 11): a stored game's seed must keep its deals.
    state = new_game(3, seed=11).state
    assert [hand(state, seat) for seat in range(3)] == [
        ["sun-0", "sun-4", "sun-7", "leaf-1", "wave-reverse", "wave-draw2", "wild-draw4"],
        ["flame-3", "sun-skip", "sun-skip", "wave-5", "wave-6", "wave-7", "wave-8"],
        ["flame-3", "flame-6", "flame-8", "flame-draw2", "sun-3", "sun-7", "wave-6"],
    ]
    assert CLASSIC.codes[state.discard[-1]] == "leaf-skip"
    assert CLASSIC.codes[state.draw_pile[-1]] == "wave-9" and len(state.draw_pile) == 86


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 63, 64, 65, 107, 108, 250])
def test_the_engines_shuffle_is_pythons_shuffle(length):
    for seed in range(100):
        expected, cards = list(range(length)), list(range(length))
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), cards)
        assert cards == expected


def test_a_deck_order_must_hold_the_whole_deck_exactly_once():
    order = rigged_order([])
    with pytest.raises(InvalidSetup) as error:
        new_game(4, deck_order=order[:-1])
    assert error.value.field == "deck_order"
    with pytest.raises(InvalidSetup):
        new_game(4, deck_order=[*order[:-1], "flame-0"])
    with pytest.raises(InvalidSetup):
        new_game(4, deck_order=[*order[:-1], "wild-skip2"])  # an All Wild card


@pytest.mark.parametrize("players", [1, 11, 0, True, "4"])
def test_a_game_needs_two_to_ten_players(players):
    with pytest.raises(InvalidSetup):
        new_game(players)


def test_hands_are_sorted_and_a_drawn_card_slots_into_place():
    order = rigged_order(["sun-4", "wave-1", "wild", "flame-9"])  # seat 1 gets sun-4, wild
    state = new_game(2, deck_order=order).state
    assert state.hands[1] == sorted(state.hands[1])
    assert all(h == sorted(h) for h in state.hands)


def dealt(players: int, starter: str, options: Options | None = None):
    """A game whose starter card is `starter` (dealer: seat 0, first player: seat 1)."""
    order = rigged_order([])
    order.remove(starter)
    order.insert(7 * players, starter)
    return new_game(players, options, seed=5, deck_order=order)


class TestStarterCard:
    def test_a_number_card_lets_the_first_player_take_the_first_turn(self):
        state = dealt(4, "sun-6").state
        assert state.turn == 1
        assert view_for(state, 1)["round"]["color"] == "yellow"

    def test_a_skip_skips_the_first_player(self):
        state = dealt(4, "leaf-skip").state
        assert state.turn == 2
        assert view_for(state, 2)["round"]["direction"] == "clockwise"

    def test_a_reverse_with_three_or_more_players_turns_play_around_and_the_dealer_goes_first(
        self,
    ):
        state = dealt(4, "wave-reverse").state
        assert state.turn == 0
        assert view_for(state, 0)["round"]["direction"] == "counterclockwise"
        # The dealer draws (nothing playable in this rigged hand) and play goes on to seat 3.
        assert view_for(state, 0)["you"]["actions"] == ["draw", "concede"]
        state = apply(state, 0, Move("draw")).state
        assert state.turn == 3

    def test_a_reverse_with_two_players_works_like_a_skip_so_the_dealer_goes_first(self):
        state = dealt(2, "wave-reverse").state
        assert state.turn == 0

    def test_a_draw2_makes_the_first_player_draw_two_and_lose_their_turn(self):
        state = dealt(4, "flame-draw2").state
        assert len(state.hands[1]) == 9
        assert state.turn == 2
        assert state.penalty == 0

    def test_a_draw2_starter_can_never_be_stacked_on(self):
        state = dealt(4, "flame-draw2", Options(stacking=True)).state
        assert len(state.hands[1]) == 9
        assert state.penalty == 0
        assert state.turn == 2
        assert "take" not in view_for(state, 2)["you"]["actions"]

    def test_a_wild_lets_the_first_player_choose_the_color_then_play(self):
        state = dealt(4, "wild").state
        assert state.turn == 1
        you = view_for(state, 1)["you"]
        assert you["actions"] == ["choose", "concede"]
        assert you["playable"] == []
        assert set(you["refusals"].values()) == {"color-required"}
        state = apply(state, 1, Move("choose", color="green")).state
        assert state.turn == 1
        assert view_for(state, 1)["round"]["color"] == "green"
        assert "choose" not in view_for(state, 1)["you"]["actions"]

    def test_a_wild_draw4_never_starts_it_goes_back_and_a_new_card_is_turned(self):
        result = dealt(4, "wild-draw4")
        state = result.state
        assert CLASSIC.codes[state.discard[-1]] != "wild-draw4"
        assert len(state.discard) == 1
        assert any(event.kind == "starter-returned" for event in result.events)
        # It went back into the pile, which was reshuffled: the deck is whole.
        assert all_cards(state) == Counter(CLASSIC.full())
        assert CLASSIC.ids["wild-draw4"] in state.draw_pile or any(
            CLASSIC.ids["wild-draw4"] in h for h in state.hands
        )

    def test_no_seed_ever_turns_a_wild_draw4_as_starter(self):
        for seed in range(300):
            state = new_game(3, seed=seed).state
            assert CLASSIC.codes[state.discard[0]] != "wild-draw4"
