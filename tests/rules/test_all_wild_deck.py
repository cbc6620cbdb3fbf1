"""The All Wild deck (shared/rules/all-wild.txt and issue 12), one sentence at a time: the deck,
the deal and the placeholder starter, each card's effect with 2, 3 and 4 players, the optional
draw, stacking, scoring, and the options the deck refuses. The last-card call has its own file
(test_last_card_call.py)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from deck_helpers import DRAW, PASS, TAKE, play

from games.rules import (
    Applied,
    InvalidSetup,
    Move,
    Options,
    Refused,
    apply,
    legal_actions,
    legal_moves,
    new_game,
    position,
    public_view,
    timeout_move,
    view_for,
)
from games.rules.all_wild import ALL_WILD, CARDS
from games.rules.bots.seen import sample_state, seen_from

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = ("wild-reverse", "wild-skip", "wild-skip2", "wild-draw2", "wild-draw4",
           "wild-targeted-draw2", "wild-forced-swap")
EVERY_CARD = ("wild", *ACTIONS)
QUIET = Options(last_card_call=False)  # the effects alone, without the call getting in the way


def table(hands, top="wild", **kwargs):
    kwargs.setdefault("options", QUIET)
    return position(hands, top, deck="all-wild", **kwargs)


def codes(cards) -> list[str]:
    return [ALL_WILD.codes[card] for card in cards]


def hands(state) -> list[list[str]]:
    return [codes(h) for h in state.hands]


def ok(state, seat, move):
    result = apply(state, seat, move)
    assert isinstance(result, Applied), f"{move} refused: {getattr(result, 'code', None)}"
    return result.state, [event.kind for event in result.events]


def refused(state, seat, move) -> str:
    before = state.to_dict()
    result = apply(state, seat, move)
    assert isinstance(result, Refused), f"{move} was accepted"
    assert state.to_dict() == before
    return result.code


def some(players: int, cards: int = 3) -> list[list[str]]:
    """Plain Wild hands."""
    return [["wild"] * cards for _ in range(players)]


# =============================================================================== the deck
def test_the_deck_has_112_cards_28_plain_wild_and_12_of_each_of_the_seven_action_cards():
    counts = Counter(codes(ALL_WILD.full()))
    assert sum(counts.values()) == 112
    assert counts == {"wild": 28, **{code: 12 for code in ACTIONS}}
    assert set(ALL_WILD.codes) == set(EVERY_CARD)


def test_every_card_is_a_wild_with_no_color():
    assert all(color == -1 for color in ALL_WILD.colors)


def test_the_deck_table_in_the_docs_is_the_deck_in_the_code():
    """docs/playing.md states the deck as one table: code, count, points."""
    text = (ROOT / "docs" / "playing.md").read_text()
    for code, _, points, copies in CARDS:
        assert re.search(rf"\| `{code}` \|[^|\n]*\| {copies} \| {points} \|", text), code


def test_a_plain_wild_counts_20_points_and_each_action_card_50():
    assert {code: ALL_WILD.points[ALL_WILD.ids[code]] for code in EVERY_CARD} == {
        "wild": 20, **{code: 50 for code in ACTIONS}}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_starts_with_7_cards_and_the_player_after_the_dealer_goes_first(players):
    state = new_game(players, seed=11, deck="all-wild").state
    assert [len(h) for h in state.hands] == [7] * players
    assert state.dealer == 0 and state.turn == 1 and state.direction == 1
    assert len(state.draw_pile) == 112 - 7 * players - 1


def test_a_code_of_the_classic_deck_is_not_a_card_here():
    state = table(some(2))
    assert refused(state, 0, play("flame-7")) == "unknown-card"
    assert refused(state, 0, play("sun-skip")) == "unknown-card"


# ========================================================================= the starter card
def rigged(starter: str, players: int = 3) -> list[str]:
    """A whole All Wild deck, top card first, with `starter` turned up after the deal."""
    rest = codes(ALL_WILD.full())
    rest.remove(starter)
    dealt = 7 * players
    return [*rest[:dealt], starter, *rest[dealt:]]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("starter", EVERY_CARD)
def test_the_starter_card_is_only_a_placeholder_whatever_it_is(starter, players):
    result = new_game(players, Options(stacking=True), deck_order=rigged(starter, players),
                      deck="all-wild")
    state = result.state
    assert codes(state.discard) == [starter]
    assert state.turn == 1 and state.direction == 1 and state.penalty == 0
    assert [len(h) for h in state.hands] == [7] * players
    assert [e.kind for e in result.events] == ["dealt"]
    assert public_view(state)["round"]["color"] is None
    assert "choose" not in legal_actions(state, 1)


# ======================================================================== playing any card
@pytest.mark.parametrize("top", EVERY_CARD)
@pytest.mark.parametrize("card", EVERY_CARD)
def test_any_card_may_be_played_on_any_card(top, card):
    state = table([[card, "wild", "wild"], ["wild"] * 3, ["wild"] * 3], top=top)
    view = view_for(state, 0)["you"]
    assert card in view["playable"] and view["refusals"] == {}
    assert apply(state, 0, play(card, target=1)).ok


def test_a_color_may_be_declared_and_it_changes_nothing():
    state = table(some(3))
    said, _ = ok(state, 0, play("wild", "blue"))
    unsaid, _ = ok(state, 0, play("wild"))
    assert (said.turn, hands(said), said.direction) == (unsaid.turn, hands(unsaid),
                                                        unsaid.direction)
    assert public_view(said)["round"]["color"] == "blue"
    assert public_view(unsaid)["round"]["color"] is None
    # Any card plays on whatever was declared.
    assert apply(said, 1, play("wild")).ok


def test_a_color_that_is_not_one_of_the_four_is_refused():
    assert refused(table(some(2)), 0, play("wild", "purple")) == "color-required"


def test_the_moves_offered_declare_no_color_as_it_would_change_nothing():
    state = table([["wild", "wild-skip"], ["wild"] * 3])
    assert {m.color for m in legal_moves(state, 0)} == {None}


# ============================================================================ the effects
def after(state, seat, move) -> tuple[int, list[str]]:
    new, kinds = ok(state, seat, move)
    return new.turn, kinds


@pytest.mark.parametrize(("players", "next_turn"), [(2, 1), (3, 1), (4, 1)])
def test_a_plain_wild_has_no_effect(players, next_turn):
    state = table(some(players))
    new, kinds = ok(state, 0, play("wild"))
    assert new.turn == next_turn and kinds == ["played"]
    assert [len(h) for h in new.hands] == [2] + [3] * (players - 1)


@pytest.mark.parametrize(("players", "next_turn"), [(2, 0), (3, 2), (4, 3)])
def test_a_wild_reverse_turns_play_around_and_with_two_players_works_like_a_skip(
        players, next_turn):
    state = table([["wild-reverse", "wild", "wild"]] + some(players - 1))
    new, kinds = ok(state, 0, play("wild-reverse"))
    assert new.direction == -1 and new.turn == next_turn
    assert "reversed" in kinds


@pytest.mark.parametrize(("players", "next_turn"), [(2, 0), (3, 2), (4, 2)])
def test_a_wild_skip_makes_the_next_player_lose_their_turn(players, next_turn):
    state = table([["wild-skip", "wild", "wild"]] + some(players - 1))
    new, kinds = ok(state, 0, play("wild-skip"))
    assert new.turn == next_turn and kinds == ["played", "skipped"]


@pytest.mark.parametrize(("players", "next_turn", "skipped"), [(3, 0, [1, 2]),
                                                               (4, 3, [1, 2])])
def test_a_wild_skip_two_makes_the_next_two_players_lose_their_turns(players, next_turn,
                                                                     skipped):
    state = table([["wild-skip2", "wild", "wild"]] + some(players - 1))
    result = apply(state, 0, play("wild-skip2"))
    assert result.state.turn == next_turn
    assert [e.seat for e in result.events if e.kind == "skipped"] == skipped


def test_a_wild_skip_two_with_two_players_gives_the_one_who_played_it_two_more_turns():
    state = table([["wild-skip2", "wild", "wild", "wild"], ["wild"] * 4])
    state, _ = ok(state, 0, play("wild-skip2"))
    assert state.turn == 0  # the first extra turn
    state, kinds = ok(state, 0, play("wild"))
    assert state.turn == 0 and kinds == ["played", "skipped"]  # the second
    state, _ = ok(state, 0, play("wild"))
    assert state.turn == 1  # then back to normal
    state, _ = ok(state, 1, play("wild"))
    assert state.turn == 0


def test_everyone_sees_the_turn_the_other_player_still_has_to_lose():
    state = table([["wild-skip2", "wild", "wild", "wild"], ["wild"] * 4])
    state, _ = ok(state, 0, play("wild-skip2"))
    assert public_view(state)["round"]["turns_to_lose"] == [1]
    assert view_for(state, 1)["round"]["turns_to_lose"] == [1]
    state, _ = ok(state, 0, play("wild"))  # the turn is lost as play passes seat 1
    assert public_view(state)["round"]["turns_to_lose"] == []


def test_a_bot_reads_the_turn_still_to_be_lost_from_its_view():
    state = table([["wild-skip2", "wild", "wild", "wild"], ["wild"] * 4])
    state, _ = ok(state, 0, play("wild-skip2"))
    assert sample_state(seen_from(view_for(state, 0)), random.Random(1)).lost_turns == (1,)


def test_the_second_extra_turn_follows_a_draw_kept_too():
    state = table([["wild-skip2", "wild", "wild"], ["wild"] * 4], draw_pile=["wild-skip"])
    state, _ = ok(state, 0, play("wild-skip2"))
    state, _ = ok(state, 0, DRAW)
    state, kinds = ok(state, 0, PASS)
    assert state.turn == 0 and "skipped" in kinds


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("card", "count"), [("wild-draw2", 2), ("wild-draw4", 4)])
def test_a_wild_draw_two_or_four_makes_the_next_player_draw_and_lose_their_turn(
        players, card, count):
    state = table([[card, "wild", "wild"]] + some(players - 1))
    new, kinds = ok(state, 0, play(card))
    assert len(new.hands[1]) == 3 + count
    assert new.turn == (2 % players) and kinds == ["played", "took", "skipped"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_wild_targeted_draw_two_makes_the_chosen_opponent_draw_2_and_keep_their_turn(
        players):
    target = players - 1
    state = table([["wild-targeted-draw2", "wild", "wild"]] + some(players - 1))
    new, kinds = ok(state, 0, play("wild-targeted-draw2", target=target))
    assert len(new.hands[target]) == 5
    assert sum(len(h) for h in new.hands) == 2 + 3 * (players - 1) + 2
    assert new.turn == 1, "play goes on to the next player as usual"
    assert kinds == ["played", "took"]


def test_the_rule_texts_targeted_draw_example():
    """Player 1 plays a Targeted Draw Two on Player 3: Player 3 draws, play goes on with
    Player 2 (seats 0, 2 and 1 here)."""
    state = table([["wild-targeted-draw2", "wild"]] + some(3))
    new, _ = ok(state, 0, play("wild-targeted-draw2", target=2))
    assert len(new.hands[2]) == 5 and new.turn == 1


@pytest.mark.parametrize("target", [None, 0, 5, -1, True])
def test_a_targeted_draw_or_a_forced_swap_needs_another_players_seat(target):
    state = table([["wild-targeted-draw2", "wild-forced-swap", "wild"]] + some(2),
                  left=[2] if target == 5 else ())
    for card in ("wild-targeted-draw2", "wild-forced-swap"):
        assert refused(state, 0, play(card, target=target)) == "target-required"


def test_a_target_that_has_left_is_refused():
    state = table([["wild-targeted-draw2", "wild"], [], ["wild"] * 3], left=[1])
    assert refused(state, 0, play("wild-targeted-draw2", target=1)) == "target-required"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_wild_forced_swap_swaps_whole_hands_with_the_chosen_opponent(players):
    mine = ["wild-forced-swap", "wild-skip", "wild-skip", "wild-draw4"]
    theirs = ["wild-reverse"] * 6
    state = table([mine] + some(players - 2, 2) + [theirs])
    target = players - 1
    new, kinds = ok(state, 0, play("wild-forced-swap", target=target))
    assert hands(new)[0] == theirs
    assert hands(new)[target] == ["wild-skip", "wild-skip", "wild-draw4"]
    assert new.turn == 1 and kinds == ["played", "swapped"]


def test_the_rule_texts_forced_swap_example():
    """Player 2 plays a Forced Swap on Player 4; play goes on with Player 3."""
    state = table([["wild"] * 3, ["wild-forced-swap", "wild"], ["wild"] * 3,
                   ["wild-draw2"] * 5], turn=1)
    new, _ = ok(state, 1, play("wild-forced-swap", target=3))
    assert hands(new)[1] == ["wild-draw2"] * 5 and hands(new)[3] == ["wild"]
    assert new.turn == 2


def test_a_forced_swap_as_the_last_card_wins_the_round_and_needs_no_target():
    state = table([["wild-forced-swap"], ["wild", "wild-skip"]])
    new, kinds = ok(state, 0, play("wild-forced-swap"))
    assert new.winner == 0 and new.round_points == 70
    assert "swapped" not in kinds


def test_a_targeted_draw_two_as_the_last_card_gives_its_cards_first_and_they_count():
    state = table([["wild-targeted-draw2"], ["wild"], ["wild"]],
                  draw_pile=["wild-skip", "wild-skip", "wild"])
    new, _ = ok(state, 0, play("wild-targeted-draw2", target=2))
    assert hands(new)[2] == ["wild", "wild-skip", "wild-skip"]
    assert new.round_points == 20 + (20 + 50 + 50)


def test_a_wild_draw_four_as_the_last_card_gives_its_cards_first_and_they_count():
    state = table([["wild-draw4"], ["wild"]], draw_pile=["wild"] * 4)
    new, _ = ok(state, 0, play("wild-draw4"))
    assert len(new.hands[1]) == 5 and new.round_points == 100


# ========================================================================= drawing is a choice
def test_a_player_may_draw_one_card_instead_of_playing():
    state = table(some(2), draw_pile=["wild-skip", "wild"])
    assert legal_actions(state, 0) == ["play", "draw", "concede"]
    new, kinds = ok(state, 0, DRAW)
    assert kinds == ["drew"] and codes(new.hands[0]) == ["wild"] * 3 + ["wild-skip"]
    assert new.turn == 0 and view_for(new, 0)["you"]["drawn"] == "wild-skip"


def test_the_drawn_card_may_be_played_at_once():
    state = table(some(3), draw_pile=["wild-skip"])
    state, _ = ok(state, 0, DRAW)
    new, kinds = ok(state, 0, play("wild-skip"))
    assert new.turn == 2 and kinds == ["played", "skipped"]


def test_the_drawn_card_may_be_kept_which_ends_the_turn():
    state = table(some(3), draw_pile=["wild-skip"])
    state, _ = ok(state, 0, DRAW)
    assert legal_actions(state, 0) == ["play", "pass", "concede"]
    assert {m.action for m in legal_moves(state, 0)} == {"play", "pass"}
    new, kinds = ok(state, 0, PASS)
    assert new.turn == 1 and kinds == ["passed"] and len(new.hands[0]) == 4


def test_after_drawing_only_the_drawn_card_may_be_played_and_not_a_second_draw():
    state = table([["wild-reverse"] * 3, ["wild"] * 3], draw_pile=["wild-skip"])
    state, _ = ok(state, 0, DRAW)
    assert refused(state, 0, play("wild-reverse")) == "only-drawn-card"
    assert view_for(state, 0)["you"]["refusals"] == {"wild-reverse": "only-drawn-card"}
    assert refused(state, 0, DRAW) == "must-play"


def test_passing_without_having_drawn_is_refused():
    assert refused(table(some(2)), 0, PASS) == "must-play"


def test_a_draw_reshuffles_the_discard_pile_when_the_draw_pile_is_empty():
    state = table([["wild"] * 2, ["wild"] * 2], top="wild-skip",
                  discard=["wild-draw2", "wild-draw4"], draw_pile=[])
    new, kinds = ok(state, 0, DRAW)
    assert kinds == ["reshuffled", "drew"] and codes(new.discard) == ["wild-skip"]


# =============================================================================== stacking
STACKING = Options(stacking=True, last_card_call=False)


def test_with_stacking_a_wild_draw_two_answers_only_a_wild_draw_two():
    state = table([["wild-draw2", "wild"], ["wild-draw2", "wild-draw4", "wild-targeted-draw2"],
                   ["wild"] * 3], options=STACKING)
    state, _ = ok(state, 0, play("wild-draw2"))
    assert state.penalty == 2 and state.turn == 1
    you = view_for(state, 1)["you"]
    assert you["playable"] == ["wild-draw2"] and you["actions"] == ["play", "take", "concede"]
    assert refused(state, 1, play("wild-draw4")) == "penalty-waiting"
    assert refused(state, 1, play("wild-targeted-draw2", target=2)) == "penalty-waiting"
    assert refused(state, 1, DRAW) == "penalty-waiting"
    state, _ = ok(state, 1, play("wild-draw2"))
    assert state.penalty == 4 and state.turn == 2
    state, _ = ok(state, 2, TAKE)
    assert len(state.hands[2]) == 7 and state.turn == 0 and state.penalty == 0


def test_with_stacking_a_wild_draw_four_answers_only_a_wild_draw_four():
    state = table([["wild-draw4", "wild"], ["wild-draw2", "wild-draw4"]], options=STACKING)
    state, _ = ok(state, 0, play("wild-draw4"))
    assert refused(state, 1, play("wild-draw2")) == "penalty-waiting"
    state, _ = ok(state, 1, play("wild-draw4"))
    assert state.penalty == 8 and state.turn == 0


@pytest.mark.parametrize("option", ["seven_zero", "draw_until_playable", "jump_in"])
def test_the_options_the_deck_cannot_have_are_refused_naming_them(option):
    with pytest.raises(InvalidSetup) as refusal:
        new_game(3, Options(**{option: True}), deck="all-wild")
    assert refusal.value.field == option and option in refusal.value.detail


def test_stacking_and_a_target_score_are_fine():
    state = new_game(3, Options(stacking=True, scoring="target", target=50),
                     deck="all-wild").state
    assert state.options.stacking and state.options.last_card_call


# ================================================================================ scoring
def test_the_winner_scores_20_for_each_plain_wild_and_50_for_each_action_card_left():
    state = table([["wild"], ["wild", "wild", "wild-skip"], ["wild-forced-swap", "wild-draw4"]])
    new, kinds = ok(state, 0, play("wild"))
    assert "round-won" in kinds and new.round_points == 20 + 20 + 50 + 50 + 50
    assert new.scores == [190, 0, 0]


def test_playing_to_a_target_deals_a_new_round_until_someone_reaches_it():
    options = Options(scoring="target", target=100, last_card_call=False)
    state = table([["wild"], ["wild", "wild"]], options=options)
    new, kinds = ok(state, 0, play("wild"))
    assert "dealt" in kinds
    assert new.status == "playing" and new.scores == [40, 0] and new.round_number == 2
    assert new.dealer == 0 and new.turn == 1 and new.color == -2
    state = table([["wild-skip"], ["wild-skip", "wild-draw2"]], options=options)
    new, kinds = ok(state, 0, play("wild-skip"))
    assert new.status == "finished" and new.winner == 0 and "dealt" not in kinds


# ============================================================================ time running out
def test_the_timeout_move_plays_an_action_card_before_a_plain_wild():
    state = table([["wild", "wild", "wild-skip2"], ["wild"] * 3])
    assert timeout_move(state) == Move("play", "wild-skip2")


def test_the_timeout_move_names_the_opponent_with_the_fewest_cards():
    state = table([["wild-forced-swap", "wild", "wild"], ["wild"] * 4, ["wild"] * 2,
                   ["wild"] * 2])
    assert timeout_move(state) == Move("play", "wild-forced-swap", target=2)


def test_the_timeout_move_takes_a_waiting_penalty_and_plays_a_drawn_card():
    state = table([["wild-draw2"], ["wild-draw2"] * 2], options=STACKING, penalty=2,
                  top="wild-draw2")
    assert timeout_move(state) == TAKE
    state = table([["wild", "wild-skip", "wild-skip"], ["wild"] * 3], drawn="wild")
    assert timeout_move(state) == Move("play", "wild")


def test_the_timeout_move_calls_last_card_with_the_second_to_last_card():
    state = table([["wild", "wild-skip"], ["wild"] * 3], options=Options())
    assert timeout_move(state) == Move("play", "wild-skip", call=True)
