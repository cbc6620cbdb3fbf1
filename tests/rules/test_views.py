"""What a seat and a watcher see (rule book: "What you can and cannot see", "Watching a game",
"Why a card cannot be played"; api.md: the state view)."""

from __future__ import annotations

import json
from collections import Counter

from deck_helpers import CONCEDE, DRAW, ok, play

from games.rules import (
    Move,
    Options,
    new_game,
    position,
    public_view,
    view_for,
)
from games.rules.cards import CLASSIC


def rigged_deal(players: int, dealt: dict[int, list[str]], starter: str) -> list[str]:
    """A whole deck order for `new_game` (top card first), dealer seat 0: seat `s` is dealt
    `dealt[s]` (seven cards each), then `starter` is turned up."""
    order = []
    for round_ in range(7):
        for k in range(players):
            order.append(dealt[(k + 1) % players][round_])
    order.append(starter)
    rest = Counter(CLASSIC.codes[card] for card in CLASSIC.full()) - Counter(order)
    order.extend(rest.elements())
    return order


TABLE = dict(
    hands=[["flame-2", "flame-7", "wave-3", "wild"], ["sun-5", "sun-6"], ["leaf-4"]],
    top="wave-7", discard=["sun-3", "sun-7"], draw_pile=["leaf-8", "leaf-9", "wave-1"],
)


def table(**kwargs):
    values = {**TABLE, **kwargs}
    return position(values.pop("hands"), **values)


def test_a_seat_sees_its_own_hand_and_what_it_may_play_and_why_not():
    view = view_for(table(), 0)
    assert view["you"] == {
        "seat": 0,
        "hand": ["flame-2", "flame-7", "wave-3", "wild"],
        "playable": ["flame-7", "wave-3", "wild"],
        "refusals": {"flame-2": "no-match"},
        "drawn": None,
        "actions": ["play", "concede"],
    }


def test_a_seat_sees_the_counts_of_the_others_the_whole_discard_pile_and_the_draw_pile_size():
    view = view_for(table(), 0)
    assert [(seat["seat"], seat["cards"]) for seat in view["seats"]] == [(0, 4), (1, 2), (2, 1)]
    assert view["round"]["discard"] == ["sun-3", "sun-7", "wave-7"]  # bottom to top
    assert view["round"]["top"] == "wave-7"
    assert view["round"]["color"] == "blue"
    assert view["round"]["draw_pile"] == 3
    assert view["round"]["turn"] == 0
    assert view["round"]["direction"] == "clockwise"
    assert view["round"]["penalty"] == 0
    assert view["round"]["status"] == "playing"
    assert view["round"]["hands"] is None
    assert view["status"] == "playing"
    assert view["ranking"] is None


def test_the_discard_pile_grows_on_top_as_cards_are_played():
    state = ok(table(), 0, play("wave-3"))
    assert view_for(state, 2)["round"]["discard"] == ["sun-3", "sun-7", "wave-7", "wave-3"]
    assert view_for(state, 2)["seats"][0]["cards"] == 3


def test_a_seat_whose_turn_it_is_not_may_only_concede_and_is_told_why():
    you = view_for(table(), 1)["you"]
    assert you["actions"] == ["concede"]
    assert you["playable"] == []
    assert you["refusals"] == {"sun-5": "not-your-turn", "sun-6": "not-your-turn"}
    assert you["drawn"] is None


def test_a_seat_with_nothing_playable_is_offered_the_draw():
    state = table(hands=[["flame-2", "sun-1"], ["sun-5"], ["leaf-4"]])
    you = view_for(state, 0)["you"]
    assert you["actions"] == ["draw", "concede"]
    assert you["playable"] == []
    assert you["refusals"] == {"flame-2": "no-match", "sun-1": "no-match"}


def test_a_card_held_twice_is_listed_once_in_playable():
    state = table(hands=[["wave-3", "wave-3", "flame-2"], ["sun-5"], ["leaf-4"]])
    assert view_for(state, 0)["you"]["playable"] == ["wave-3"]
    assert view_for(state, 0)["you"]["hand"] == ["flame-2", "wave-3", "wave-3"]


def test_the_refusal_reasons_of_a_turn_follow_the_rule_book():
    state = position([["sun-8", "leaf-9", "wild-draw4", "sun-2"], ["flame-1"]], top="sun-3")
    assert view_for(state, 0)["you"]["refusals"] == {
        "leaf-9": "no-match", "wild-draw4": "wild-draw4-color-held"}
    waiting = position([["sun-8", "leaf-draw2", "wild-draw4"], ["flame-1"]], top="sun-draw2",
                       options=Options(stacking=True), penalty=2)
    you = view_for(waiting, 0)["you"]
    assert you["refusals"] == {"sun-8": "penalty-waiting", "wild-draw4": "penalty-waiting"}
    assert you["actions"] == ["play", "take", "concede"]
    assert view_for(waiting, 1)["round"]["penalty"] == 2


def test_the_drawn_card_is_shown_only_to_the_seat_that_drew_it():
    state = table(hands=[["flame-2", "sun-1"], ["sun-5"], ["leaf-4"]],
                  draw_pile=["wave-9", "leaf-1"])
    state = ok(state, 0, DRAW)
    assert view_for(state, 0)["you"]["drawn"] == "wave-9"
    assert view_for(state, 0)["you"]["refusals"] == {"flame-2": "only-drawn-card",
                                                     "sun-1": "only-drawn-card"}
    for seat in (1, 2):
        view = view_for(state, seat)
        assert view["you"]["drawn"] is None
        assert "wave-9" not in json.dumps(view)
    assert "wave-9" not in json.dumps(public_view(state))


def test_the_public_view_has_no_you():
    view = public_view(table())
    assert "you" not in view
    assert set(view) >= {"status", "seats", "round", "last_round", "ranking"}


def test_no_view_holds_another_seats_cards_or_the_draw_pile_while_a_round_is_played():
    state = position(
        [["flame-1", "flame-2"], ["sun-8", "sun-9", "wild"], ["leaf-6", "wave-skip"]],
        top="flame-4", discard=["wave-4"], draw_pile=["leaf-draw2", "sun-reverse", "wave-0"],
        seed=987654321,
    )
    secret_pile = ["leaf-draw2", "sun-reverse", "wave-0"]
    own = {0: ["flame-1", "flame-2"], 1: ["sun-8", "sun-9", "wild"], 2: ["leaf-6", "wave-skip"]}
    for seat in range(3):
        text = json.dumps(view_for(state, seat))
        for other, cards in own.items():
            for card in cards:
                assert (card in text) == (other == seat), (seat, card)
        for card in secret_pile:
            assert card not in text
        assert "987654321" not in text
    text = json.dumps(public_view(state))
    for card in [*secret_pile, *(c for cards in own.values() for c in cards)]:
        assert card not in text
    assert "987654321" not in text


def test_no_view_of_a_dealt_game_holds_another_seats_cards():
    state = new_game(4, seed=31337).state
    for seat in range(4):
        view = view_for(state, seat)
        text = json.dumps(view)
        assert view["round"]["hands"] is None
        assert "31337" not in text
        visible = Counter(view["you"]["hand"]) + Counter(view["round"]["discard"])
        mentioned = Counter()
        for code in CLASSIC.codes:
            mentioned[code] = text.count(f'"{code}"')
        for code, times in mentioned.items():
            # A code appears in the hand, the playable list and the refusals at most, and in
            # the discard pile and the top card: never for a card only another seat holds.
            if times:
                assert visible[code] > 0, (seat, code)


def test_at_the_end_of_a_round_every_hand_is_shown_face_up_keyed_by_seat():
    state = position([["flame-9"], ["sun-1", "wild"], [], ["leaf-2"]], top="flame-4",
                     left=[2])
    state = ok(state, 0, play("flame-9"))
    for view in (public_view(state), view_for(state, 1), view_for(state, 2)):
        assert view["round"]["hands"] == {"0": [], "1": ["sun-1", "wild"], "2": [],
                                          "3": ["leaf-2"]}
        assert view["round"]["status"] == "won"
        assert view["round"]["winner"] == 0
        assert view["round"]["points"] == 53


def test_a_seat_that_left_during_the_round_holds_nothing_face_up():
    state = position([["flame-9", "flame-8"], ["sun-1", "wild"], ["leaf-2", "leaf-3"]],
                     top="flame-4")
    state = ok(state, 2, CONCEDE)
    state = ok(state, 1, CONCEDE)
    view = public_view(state)
    assert view["round"]["status"] == "abandoned"
    assert view["round"]["hands"] == {"0": ["flame-8", "flame-9"], "1": [], "2": []}
    assert [seat["cards"] for seat in view["seats"]] == [2, 0, 0]
    assert [seat["left"] for seat in view["seats"]] == [False, True, True]


def test_a_wild_starter_leaves_the_first_player_only_the_choice_of_color():
    dealt = {
        0: ["flame-1", "flame-2", "flame-3", "flame-4", "flame-5", "flame-6", "flame-7"],
        1: ["sun-1", "sun-2", "sun-3", "leaf-4", "leaf-5", "wave-skip", "wild-draw4"],
        2: ["leaf-1", "leaf-2", "leaf-3", "wave-4", "wave-5", "wave-6", "wave-7"],
    }
    state = new_game(3, seed=5, deck_order=rigged_deal(3, dealt, "wild")).state
    assert state.turn == 1
    view = view_for(state, 1)
    assert view["round"]["color"] is None
    assert view["round"]["top"] == "wild"
    assert view["you"]["actions"] == ["choose", "concede"]
    assert view["you"]["playable"] == []
    assert view["you"]["refusals"] == {code: "color-required" for code in view["you"]["hand"]}
    assert len(view["you"]["refusals"]) == 7
    for seat in (0, 2):
        assert view_for(state, seat)["you"]["actions"] == ["concede"]
    chosen = ok(state, 1, Move("choose", color="yellow"))
    you = view_for(chosen, 1)["you"]
    assert you["actions"] == ["play", "concede"]
    assert you["playable"] == ["sun-1", "sun-2", "sun-3"]
    assert view_for(chosen, 1)["round"]["color"] == "yellow"


def test_the_ranking_is_filled_when_the_game_is_over():
    state = position([["flame-9"], ["sun-1", "wild"], ["leaf-2"]], top="flame-4")
    assert public_view(state)["ranking"] is None
    state = ok(state, 0, play("flame-9"))
    view = view_for(state, 2)
    assert view["status"] == "finished"
    assert view["ranking"] == [
        {"seat": 0, "rank": 1, "score": 53, "left": False},
        {"seat": 2, "rank": 2, "score": 0, "left": False},
        {"seat": 1, "rank": 3, "score": 0, "left": False},
    ]
    assert view["round"]["turn"] is None
    assert view["you"]["actions"] == []
    assert view["you"]["playable"] == []
    assert view["you"]["refusals"] == {}
    assert public_view(state)["ranking"] == view["ranking"]


def test_the_direction_ring_reads_counterclockwise_after_a_reverse():
    state = position([["flame-reverse", "flame-1"], ["sun-1"], ["leaf-1"]], top="flame-4")
    state = ok(state, 0, play("flame-reverse"))
    assert public_view(state)["round"]["direction"] == "counterclockwise"
    assert public_view(state)["round"]["turn"] == 2


def test_a_seat_that_left_sees_its_empty_hand_and_no_actions():
    state = ok(table(), 2, CONCEDE)
    you = view_for(state, 2)["you"]
    assert you == {"seat": 2, "hand": [], "playable": [], "refusals": {}, "drawn": None,
                   "actions": []}


def test_views_are_plain_json():
    state = new_game(3, Options(stacking=True, jump_in=True), seed=2).state
    for view in (public_view(state), *(view_for(state, seat) for seat in range(3))):
        assert json.loads(json.dumps(view)) == view
