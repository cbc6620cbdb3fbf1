"""The last-card call (issue 12): on by default with the All Wild deck, a house rule
(`last_card_call`) for the classic deck. A player who plays their second-to-last card calls
"last card" with that play or before the next move; until the next move, any other player may
catch one who holds one card and has not called: the caught player draws 2."""

from __future__ import annotations

import pytest
from deck_helpers import DRAW, PASS, play

from games.rules import (
    Applied,
    Move,
    Options,
    Refused,
    apply,
    legal_actions,
    legal_moves,
    log_entry_for,
    new_game,
    position,
    public_view,
    view_for,
)
from games.rules.moves import events_json

CALL = Move("call")
ON = Options()  # All Wild: on by default


def catch(target) -> Move:
    return Move("catch", target=target)


def table(hands, top="wild", **kwargs):
    return position(hands, top, deck="all-wild", **kwargs)


def ok(state, seat, move):
    result = apply(state, seat, move)
    assert isinstance(result, Applied), f"{move} refused: {getattr(result, 'code', None)}"
    return result.state, result.events


def refused(state, seat, move) -> str:
    before = state.to_dict()
    result = apply(state, seat, move)
    assert isinstance(result, Refused), f"{move} was accepted"
    assert state.to_dict() == before, "a refused move changed the state"
    return result.code


def three(first=("wild", "wild-skip")):
    return table([list(first), ["wild"] * 4, ["wild"] * 4], draw_pile=["wild-draw4"] * 6)


# ================================================================================= on / off
def test_the_call_is_on_by_default_with_the_all_wild_deck_and_off_with_the_classic_deck():
    assert new_game(2, deck="all-wild").state.options.last_card_call is True
    assert new_game(2).state.options.last_card_call is False
    assert new_game(2, Options(last_card_call=False), deck="all-wild").state.options \
        .last_card_call is False
    assert new_game(2, Options(last_card_call=True)).state.options.last_card_call is True


# ================================================================================ calling
def test_a_player_calls_with_the_play_of_their_second_to_last_card():
    state, events = ok(three(), 0, play("wild-skip", call=True))
    assert [e.kind for e in events] == ["played", "skipped", "called"]
    assert state.uncalled == ()
    assert public_view(state)["round"]["catchable"] == []
    assert "catch" not in legal_actions(state, 1)


def test_a_player_who_did_not_call_with_the_play_may_call_before_the_next_move():
    state, _ = ok(three(), 0, play("wild"))
    assert state.uncalled == (0,)
    assert legal_actions(state, 0) == ["call", "concede"]
    assert Move("call") in legal_moves(state, 0)
    state, events = ok(state, 0, CALL)
    assert [e.kind for e in events] == ["called"] and state.uncalled == ()
    assert state.turn == 1, "a call changes nothing else"
    assert refused(state, 1, catch(0)) == "nothing-to-catch"


def test_until_the_next_move_any_other_player_may_catch_and_the_caught_player_draws_2():
    state, _ = ok(three(), 0, play("wild"))
    assert public_view(state)["round"]["catchable"] == [0]
    for seat in (1, 2):  # the player whose turn it is, and one whose turn it is not
        assert "catch" in legal_actions(state, seat)
        assert catch(0) in legal_moves(state, seat)
    caught, events = ok(state, 2, catch(0))
    assert [e.kind for e in events] == ["caught", "took"]
    assert events[0].seat == 2 and events[0].target == 0
    assert len(caught.hands[0]) == 3 and caught.uncalled == ()
    assert caught.turn == 1, "a catch changes nothing else"
    assert refused(caught, 1, catch(0)) == "nothing-to-catch", "caught once only"
    assert refused(caught, 0, CALL) == "nothing-to-call"


def test_the_window_closes_with_the_next_move():
    state, _ = ok(three(), 0, play("wild"))
    state, _ = ok(state, 1, play("wild"))
    assert state.uncalled == () and public_view(state)["round"]["catchable"] == []
    assert refused(state, 2, catch(0)) == "nothing-to-catch"
    assert refused(state, 0, CALL) == "nothing-to-call"


@pytest.mark.parametrize("move", [DRAW, Move("concede")])
def test_any_move_but_a_call_or_a_catch_closes_the_window(move):
    state, _ = ok(three(), 0, play("wild"))
    state, _ = ok(state, 1, move)
    assert state.uncalled == ()


def test_a_wrong_catch_is_refused_and_changes_nothing():
    state = three()
    assert refused(state, 1, catch(0)) == "nothing-to-catch"  # two cards: nothing to catch
    state, _ = ok(state, 0, play("wild", call=True))
    assert refused(state, 1, catch(0)) == "nothing-to-catch"  # called
    state = table([["wild"], ["wild"] * 3, ["wild"] * 3], turn=1)  # one card, long ago
    assert refused(state, 2, catch(0)) == "nothing-to-catch"


@pytest.mark.parametrize("target", [None, 1, 7, -1, True, "0"])
def test_a_catch_must_name_another_players_seat(target):
    state, _ = ok(three(), 0, play("wild"))
    assert refused(state, 1, catch(target)) == "target-required"


def test_a_player_cannot_catch_themselves_but_calls_instead():
    state, _ = ok(three(), 0, play("wild"))
    assert refused(state, 0, catch(0)) == "target-required"
    assert "catch" not in legal_actions(state, 0)


def test_calling_with_nothing_to_call_is_refused():
    assert refused(three(), 0, CALL) == "nothing-to-call"
    assert refused(three(), 1, CALL) == "nothing-to-call"


def test_a_call_with_a_play_that_leaves_more_cards_is_accepted_and_means_nothing():
    state = table([["wild"] * 3, ["wild"] * 3])
    new, events = ok(state, 0, play("wild", call=True))
    assert [e.kind for e in events] == ["played"] and new.uncalled == ()


def test_the_moves_offered_call_with_the_second_to_last_card_only():
    state = three()
    calls = {m for m in legal_moves(state, 0) if m.call}
    assert calls == {Move("play", "wild", call=True), Move("play", "wild-skip", call=True)}
    assert not any(m.call for m in legal_moves(table([["wild"] * 3, ["wild"] * 3]), 0))


def test_the_players_own_next_move_closes_their_window():
    # Two players: a Skip gives the same player the next turn.
    state = table([["wild-skip", "wild-skip", "wild"], ["wild"] * 3])
    state, _ = ok(state, 0, play("wild-skip"))
    state, _ = ok(state, 0, play("wild-skip"))
    assert state.uncalled == (0,) and state.turn == 0
    assert catch(0) in legal_moves(state, 1)
    won, _ = ok(state, 0, play("wild"))
    assert won.winner == 0, "too late: the player went out first"


def test_a_catch_of_the_player_whose_turn_it_is_leaves_their_turn_going():
    state = table([["wild-skip", "wild-skip", "wild"], ["wild"] * 3])
    state, _ = ok(state, 0, play("wild-skip"))
    state, _ = ok(state, 0, play("wild-skip"))
    state, _ = ok(state, 1, catch(0))
    assert state.turn == 0 and len(state.hands[0]) == 3


def test_the_last_card_needs_no_call():
    state = table([["wild"], ["wild"] * 3])
    new, _ = ok(state, 0, play("wild"))
    assert new.winner == 0 and new.uncalled == ()


# ============================================================================ forced swaps
def test_a_player_left_with_one_card_by_a_forced_swap_must_call_too():
    state = table([["wild-forced-swap", "wild", "wild"], ["wild-skip"], ["wild"] * 5],
                  uncalled=())
    state, events = ok(state, 0, play("wild-forced-swap", target=1))
    assert [len(h) for h in state.hands] == [1, 2, 5]
    assert state.uncalled == (0,)
    state, _ = ok(state, 2, catch(0))
    assert len(state.hands[0]) == 3


def test_the_swapper_may_call_with_the_forced_swap_that_leaves_them_one_card():
    state = table([["wild-forced-swap", "wild", "wild"], ["wild-skip"], ["wild"] * 5])
    assert Move("play", "wild-forced-swap", target=1, call=True) in legal_moves(state, 0)
    state, events = ok(state, 0, play("wild-forced-swap", target=1, call=True))
    assert state.uncalled == () and events[-1].kind == "called"


def test_the_target_given_one_card_by_a_forced_swap_must_call():
    state = table([["wild-forced-swap", "wild"], ["wild"] * 5, ["wild"] * 5])
    state, _ = ok(state, 0, play("wild-forced-swap", target=2, call=True))
    assert [len(h) for h in state.hands] == [5, 5, 1]
    assert state.uncalled == (2,)
    assert "call" in legal_actions(state, 2)
    state, _ = ok(state, 2, CALL)
    assert state.uncalled == ()


def test_both_players_of_a_swap_of_single_cards_must_call():
    state = table([["wild-forced-swap", "wild-skip"], ["wild-reverse"], ["wild"] * 5])
    state, _ = ok(state, 0, play("wild-forced-swap", target=1))
    assert state.uncalled == (0, 1)
    state, _ = ok(state, 1, CALL)
    assert state.uncalled == (0,)
    state, _ = ok(state, 1, catch(0))
    assert state.uncalled == () and len(state.hands[0]) == 3


# ========================================================================== the classic deck
def test_the_classic_deck_has_the_call_as_a_house_rule():
    rule = Options(last_card_call=True)
    state = position([["flame-3", "flame-4"], ["flame-5"] * 2, ["flame-6"] * 2], top="flame-1",
                     options=rule)
    state, _ = ok(state, 0, play("flame-3"))
    assert state.uncalled == (0,)
    state, _ = ok(state, 2, catch(0))
    assert len(state.hands[0]) == 3


SEVEN_ZERO_CALL = Options(last_card_call=True, seven_zero=True)


def test_a_seven_that_swaps_for_a_single_card_is_offered_with_the_call():
    state = position([["flame-7", "flame-4", "sun-2"], ["leaf-5"],
                      ["leaf-6", "leaf-8", "sun-3", "sun-4"]],
                     top="flame-1", options=SEVEN_ZERO_CALL)
    moves = legal_moves(state, 0)
    assert Move("play", "flame-7", target=1, call=True) in moves
    assert Move("play", "flame-7", target=2, call=True) not in moves
    state, events = ok(state, 0, play("flame-7", target=1, call=True))
    assert state.hands[0] == position([["leaf-5"]], top="flame-1").hands[0]  # its one card
    assert state.uncalled == () and "called" in [e.kind for e in events]


def test_a_zero_that_passes_a_single_card_on_is_offered_with_the_call():
    # Clockwise, each hand goes to the next seat: seat 0 is given seat 2's one card, seat 1
    # seat 0's one card left (and must call).
    state = position([["flame-0", "flame-4"], ["leaf-5", "leaf-8", "sun-3"], ["leaf-6"]],
                     top="flame-1", options=SEVEN_ZERO_CALL)
    assert Move("play", "flame-0", call=True) in legal_moves(state, 0)
    state, events = ok(state, 0, play("flame-0", call=True))
    assert [len(hand) for hand in state.hands] == [1, 1, 3]
    assert state.uncalled == (1,) and "called" in [e.kind for e in events]


def test_without_the_house_rule_nobody_calls_or_catches():
    state = position([["flame-3", "flame-4"], ["flame-5"] * 2], top="flame-1")
    assert refused(state, 0, play("flame-3", call=True)) == "nothing-to-call"
    state, _ = ok(state, 0, play("flame-3"))
    assert state.uncalled == ()
    assert refused(state, 1, catch(0)) == "nothing-to-catch"
    assert "catch" not in legal_actions(state, 1)


# ==================================================================================== views
def test_a_call_and_a_catch_are_in_the_public_log_and_the_cards_drawn_only_for_the_caught():
    state, _ = ok(three(), 0, play("wild"))
    _, events = ok(state, 2, catch(0))
    entry = {"seat": 2, "action": "catch", "card": None, "color": None, "target": 0,
             "events": events_json(events)}
    public = log_entry_for(entry, None)
    assert [e["kind"] for e in public["events"]] == ["caught", "took"]
    assert public["events"][0] == {"kind": "caught", "seat": 2, "target": 0, "count": 0}
    assert "cards" not in public["events"][1] and public["events"][1]["count"] == 2
    assert "private" not in public
    assert list(log_entry_for(entry, 0)["events"][1]["cards"]) == ["wild-draw4"] * 2
    assert "cards" not in log_entry_for(entry, 1)["events"][1]


def test_every_seat_sees_who_may_be_caught():
    state, _ = ok(three(), 0, play("wild"))
    for seat in range(3):
        assert view_for(state, seat)["round"]["catchable"] == [0]
    assert view_for(state, 0)["you"]["actions"] == ["call", "concede"]
    assert view_for(state, 1)["you"]["actions"] == ["play", "draw", "catch", "concede"]
    assert view_for(state, 2)["you"]["actions"] == ["catch", "concede"]


def test_a_state_with_a_player_to_catch_round_trips_through_json():
    state, _ = ok(three(), 0, play("wild"))
    from games.rules import GameState

    assert GameState.from_dict(state.to_dict()) == state


def test_a_keep_after_a_draw_closes_the_window_too():
    state = table([["wild", "wild"], ["wild"] * 3], draw_pile=["wild"] * 3)
    state, _ = ok(state, 0, play("wild"))
    state, _ = ok(state, 1, DRAW)
    state, _ = ok(state, 1, PASS)
    assert state.uncalled == ()
