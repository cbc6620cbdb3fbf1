"""The sentences of the rule book (shared/rules/wild-cards.txt) and of the All Wild rule text
(shared/rules/all-wild.txt) that no other test proved, one test per sentence, named after it.

docs/rulebook-coverage.md lists every sentence of both texts with the test that proves it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from deck_helpers import DRAW, codes, hand, ok, ok_events, play, refusal

from games.rules import (
    CLASSIC,
    Applied,
    Move,
    Options,
    apply,
    legal_actions,
    legal_moves,
    new_game,
    position,
    public_view,
    view_for,
)
from games.rules.all_wild import ALL_WILD

SYMBOL_COLOR = {"flame": "red", "sun": "yellow", "leaf": "green", "wave": "blue"}
NUMBERS = [str(n) for n in range(10)]


def book_points(code: str) -> int:
    """The rule book's points table, read off the card's code."""
    if code.startswith("wild"):
        return 50
    face = code.split("-")[1]
    return int(face) if face.isdigit() else 20


def book_color(code: str) -> str | None:
    return None if code.startswith("wild") else SYMBOL_COLOR[code.split("-")[0]]


# =============================================================================== The cards


@pytest.mark.parametrize("number", NUMBERS)
def test_a_number_card_has_no_effect_when_you_play_it(number):
    # Without the 7-0 house rule a 7 and a 0 are number cards like the others.
    others = [["sun-1", "sun-2"], ["leaf-1", "wave-9", "wild"], ["wave-2"]]
    state = position([[f"flame-{number}", "leaf-8"], *others], top="flame-5" if number != "5"
                     else "flame-4", draw_pile=["sun-9", "leaf-9"])
    after, events = ok_events(state, 0, play(f"flame-{number}"))
    assert events == ["played"]
    assert [hand(after, seat) for seat in (1, 2, 3)] == [sorted(h, key=CLASSIC.ids.get)
                                                         for h in others]
    assert hand(after, 0) == ["leaf-8"]
    assert after.turn == 1  # the turn just moves on
    assert after.direction == state.direction and after.penalty == 0
    assert codes(after.draw_pile) == codes(state.draw_pile)
    assert public_view(after)["round"]["color"] == "red"


@pytest.mark.parametrize("code", CLASSIC.codes)
def test_left_in_a_hand_every_card_counts_what_the_points_table_says(code):
    # "Left in a hand when a round ends, it counts the number on it"; "Worth 20 points left in
    # a hand" (Skip, Reverse, Draw 2); "Worth 50 points left in a hand" (Wild, Wild Draw 4).
    state = position([["wave-3"], [code]], top="wave-4")
    after = ok(state, 0, play("wave-3"))
    assert after.round_status == "won"
    assert after.round_points == book_points(code)
    assert after.scores == [book_points(code), 0]


@pytest.mark.parametrize("top", CLASSIC.codes)
def test_you_can_play_a_wild_on_any_card(top):
    # A Wild on top needs its chosen color; any of the four will do.
    color = "green" if top.startswith("wild") else None
    state = position([["wild", "sun-8"], ["leaf-1"]], top=top, color=color)
    assert "wild" in view_for(state, 0)["you"]["playable"]
    after = ok(state, 0, play("wild", "blue"))
    assert public_view(after)["round"]["color"] == "blue"
    assert after.turn == 1


def test_a_player_down_to_one_card_is_shown_only_by_the_card_count_badge():
    pile = ["wave-9", "wave-8"]
    one = position([["flame-2", "leaf-1"], ["sun-1"], ["leaf-3"]], top="flame-4",
                   draw_pile=pile, discard=["sun-4", "sun-2"])
    two = position([["flame-2", "leaf-1"], ["sun-1"], ["leaf-3"]], top="flame-4",
                   draw_pile=pile, discard=["sun-4", "sun-2"])
    two.hands[1] = [*two.hands[1], CLASSIC.ids["sun-5"]]  # the same table, one card more
    for seat in (0, 2):
        seen_one, seen_two = view_for(one, seat), view_for(two, seat)
        assert seen_one["seats"][1] == {"seat": 1, "cards": 1, "score": 0, "left": False}
        seen_two["seats"][1]["cards"] = 1
        assert seen_one == seen_two  # nothing else tells them apart
    assert public_view(one)["round"]["catchable"] == []
    # Playing down to one card (the classic deck, no last-card call) says nothing more either.
    state = position([["flame-2", "flame-3"], ["sun-1"]], top="flame-4")
    result = apply(state, 0, play("flame-2"))
    assert [event.kind for event in result.events] == ["played"]
    assert public_view(result.state)["seats"][0]["cards"] == 1
    assert public_view(result.state)["round"]["catchable"] == []


# =================================================================================== Setup


def round_two(seed: int, players: int = 3):
    """A game to a target score whose first round (dealt by the last seat) seat 0 has just won:
    the second round is dealt by seat 0, so seat 1 is the first player."""
    state = position([["wave-3"], *[["sun-2"]] * (players - 1)], top="wave-4", dealer=players - 1,
                     options=Options(scoring="target", target=500), seed=seed)
    result = apply(state, 0, play("wave-3"))
    assert result.ended is not None and result.ended.round_status == "won"
    return result


def test_the_deal_moves_to_the_next_player_each_round_and_the_starter_table_holds_there_too():
    seen = Counter()
    for seed in range(60):
        result = round_two(seed)
        state = result.state
        assert (state.round_number, state.dealer) == (2, 0)
        starter = CLASSIC.codes[state.discard[-1]]
        face = starter.split("-")[-1]
        kind = "wild" if starter == "wild" else ("number" if face.isdigit() else face)
        seen[kind] += 1
        first = 1  # the player after the dealer
        sizes = [len(h) for h in state.hands]
        if kind == "number":
            assert (state.turn, state.direction, sizes) == (first, 1, [7, 7, 7])
        elif kind == "skip":
            assert (state.turn, state.direction, sizes) == (2, 1, [7, 7, 7])
        elif kind == "reverse":  # three players: play turns around, the dealer goes first
            assert (state.turn, state.direction, sizes) == (0, -1, [7, 7, 7])
        elif kind == "draw2":
            assert (state.turn, state.penalty, sizes) == (2, 0, [7, 9, 7])
        else:  # a Wild: the first player chooses the color, then plays
            assert state.turn == first and legal_actions(state, first) == ["choose", "concede"]
        assert starter != "wild-draw4"
    assert seen["number"] > 0 and sum(seen.values()) == 60


def test_the_table_deals_fresh_cards_from_a_deck_shuffled_again_for_every_round():
    deals = []
    for seed in range(5):
        first = new_game(3, Options(scoring="target"), seed=seed).state
        second = round_two(seed).state
        # The whole deck again, seven cards each (a Draw 2 starter gives the first player two).
        assert (Counter(c for h in second.hands for c in h) + Counter(second.draw_pile)
                + Counter(second.discard)) == Counter(CLASSIC.full())
        assert sorted(len(h) for h in second.hands) in ([7, 7, 7], [7, 7, 9])
        # Not the first round's deal again: the deck was shuffled again.
        assert [first.hands, first.discard] != [second.hands, second.discard]
        deals.append((tuple(map(tuple, second.hands)), tuple(second.discard)))
    assert len(set(deals)) == len(deals)


# ============================================================================ Wild Draw 4 rule


def test_the_color_card_that_blocks_a_wild_draw4_is_playable_by_definition():
    # "You must play a different playable card, and that color card is playable by definition."
    rng = random.Random(4)
    deck = Counter(CLASSIC.codes[card] for card in CLASSIC.full())
    deck -= Counter(["wild-draw4", "leaf-1", "leaf-2"])
    blocked = 0
    for _ in range(400):
        cards = rng.sample(sorted(deck.elements()), 7)
        top = next(code for code in cards if not code.startswith("wild"))
        cards.remove(top)
        cards = cards[:6]
        state = position([["wild-draw4", *cards], ["leaf-1", "leaf-2"]], top=top)
        if apply(state, 0, play("wild-draw4", "red")).ok:
            continue
        blocked += 1
        assert refusal(state, 0, play("wild-draw4", "red")) == "wild-draw4-color-held"
        color = book_color(top)
        you = view_for(state, 0)["you"]
        held = [code for code in you["hand"] if book_color(code) == color]
        assert held and set(held) <= set(you["playable"])
        assert refusal(state, 0, DRAW) == "must-play"
        for code in held:
            ok(state, 0, play(code))
    assert blocked > 50


# ================================================================ Why a card cannot be played

THE_FOUR_REASONS = {"no-match", "wild-draw4-color-held", "penalty-waiting", "only-drawn-card"}


def test_the_table_gives_one_of_a_small_set_of_four_reasons_why_a_card_cannot_be_played():
    # On your turn, once a color is in play: the card matches neither the color nor the number
    # or action, a Wild Draw 4 with the color in hand, a penalty waiting, or a card just drawn.
    # (While a Wild starter's color is still to be chosen every card is `color-required`, and
    # out of turn `not-your-turn`: docs/playing.md, "Other codes cover mistakes".)
    reasons = Counter()
    for seed in range(12):  # random games, each with random house rules
        rng = random.Random(seed)
        options = Options(stacking=rng.random() < .5, seven_zero=rng.random() < .5,
                          jump_in=rng.random() < .5, draw_until_playable=rng.random() < .5)
        state = new_game(rng.randint(2, 6), options, seed=seed).state
        for _ in range(400):
            if state.status != "playing":
                break
            seat = state.turn
            you = view_for(state, seat)["you"]
            if state.color >= 0:
                assert set(you["refusals"].values()) <= THE_FOUR_REASONS, you["refusals"]
                reasons.update(you["refusals"].values())
                for card, reason in you["refusals"].items():
                    color = "red" if card.startswith("wild") else None
                    refused = apply(state, seat, play(card, color))
                    assert not refused.ok and refused.code == reason
            result = apply(state, seat, rng.choice(legal_moves(state, seat)))
            assert isinstance(result, Applied)
            state = result.state
    assert reasons["no-match"] > 0 and reasons["only-drawn-card"] > 0


# ========================================================================== Stack draw cards


def test_with_stacking_a_wild_draw4_does_not_hit_the_next_player_at_once():
    state = position([["wild-draw4", "leaf-1"], ["sun-1", "sun-2"], ["sun-3"]], top="flame-4",
                     options=Options(stacking=True), draw_pile=["wave-1", "wave-2", "wave-3",
                                                                "wave-4", "wave-5"])
    after = ok(state, 0, play("wild-draw4", "green"))
    assert after.penalty == 4 and public_view(after)["round"]["penalty"] == 4
    assert after.turn == 1
    assert hand(after, 1) == ["sun-1", "sun-2"]  # the penalty waits
    assert len(after.draw_pile) == 5
    assert public_view(after)["round"]["color"] == "green"
    assert legal_actions(after, 1) == ["take", "concede"]
    after = ok(after, 1, Move("take"))
    assert len(after.hands[1]) == 6 and after.turn == 2 and after.penalty == 0
    # A Wild Draw 4 that starts a stack still needs its color test: only a stacked one is spared.
    holding = position([["wild-draw4", "flame-1"], ["sun-1"]], top="flame-4",
                       options=Options(stacking=True))
    assert refusal(holding, 0, play("wild-draw4", "green")) == "wild-draw4-color-held"


# =================================================================================== Options


def test_every_house_rule_is_off_by_default():
    options = Options()
    assert not (options.stacking or options.seven_zero or options.jump_in
                or options.draw_until_playable)
    assert new_game(4, seed=1).state.options.last_card_call is False  # classic deck


def test_house_rules_apply_to_everyone_for_the_whole_game():
    options = Options(stacking=True, seven_zero=True, jump_in=True, draw_until_playable=True,
                      last_card_call=True, scoring="target", target=300)
    state = position([["wave-3"], ["sun-2"], ["leaf-2"]], top="wave-4", options=options)
    result = apply(state, 0, play("wave-3"))
    assert result.state.round_number == 2
    assert result.state.options == result.ended.options == options
    assert public_view(result.state)["options"] == options.to_dict()


# ================================================================== All Wild (all-wild.txt)


def all_wild(hands, **kwargs):
    kwargs.setdefault("options", Options(last_card_call=False))
    return position(hands, "wild", deck="all-wild", **kwargs)


def wild_codes(cards) -> list[str]:
    return [ALL_WILD.codes[card] for card in cards]


def test_all_wild_drawing_for_an_action_card_can_stop_the_next_player_winning():
    # "If Player 1 has no action cards and Player 2 only has one card left in their hand,
    # Player 1 might choose to draw a card in the hopes that it'll be an action card. If they do
    # pull an action card (like a Skip), Player 1 can prevent Player 2 from winning."
    hands = [["wild", "wild"], ["wild"], ["wild", "wild", "wild"]]
    state = all_wild(hands, draw_pile=["wild-skip", "wild"])
    plain = ok(state, 0, play("wild"))
    assert plain.turn == 1
    assert ok(plain, 1, play("wild")).round_winner == 1  # a plain Wild lets Player 2 win
    drawn = ok(state, 0, DRAW)
    assert view_for(drawn, 0)["you"]["drawn"] == "wild-skip"
    after = ok(drawn, 0, play("wild-skip"))
    assert after.turn == 2  # Player 2 loses their turn
    assert wild_codes(after.hands[1]) == ["wild"] and after.round_status == "playing"


def test_all_wild_a_wild_reverse_makes_counterclockwise_play_go_clockwise():
    state = all_wild([["wild-reverse", "wild"], ["wild"] * 2, ["wild"] * 2, ["wild"] * 2],
                     direction="counterclockwise")
    after = ok(state, 0, play("wild-reverse"))
    assert public_view(after)["round"]["direction"] == "clockwise"
    assert after.turn == 1
