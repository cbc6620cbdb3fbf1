"""Property tests run with every deck and with the last-card call: random complete games with
the All Wild deck, and classic games with the `last_card_call` house rule, checked after every
step. (test_properties.py checks classic games move by move against a model of the rule book;
these check what must hold whatever the deck.)

- the deck is conserved (108 or 112 cards, each exactly once), hands stay sorted;
- nothing stalls: the seat whose turn it is always has a legal move, every move `legal_moves`
  offers is accepted, the timeout move is one of them, and every game ends;
- a refused move changes nothing and gives a documented reason;
- no view or log entry leaks another seat's cards, the draw pile's order or the seed;
- a state round-trips through JSON.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from deck_helpers import Spec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import (
    REASONS,
    GameState,
    Move,
    Options,
    apply,
    legal_actions,
    legal_moves,
    log_entry_for,
    new_game,
    public_view,
    rules_for,
    timeout_move,
    view_for,
)
from games.rules.moves import events_json

DECKS = ("all-wild", "classic")
MAX_MOVES = 5000  # random play may run long (catches, draws): the test stops it there
NOT_CARDS = ("purple-3", "wild-skip3", "", "WILD", "flame-7", "wild-forced-swap")


def specs(deck: str):
    """All Wild: stacking or not, the call on or off. Classic: the call on, with the other
    house rules at random."""
    if deck == "all-wild":
        options = st.builds(Options, stacking=st.booleans(),
                            scoring=st.sampled_from(["single", "target"]),
                            target=st.integers(50, 300), last_card_call=st.booleans())
    else:
        options = st.builds(Options, stacking=st.booleans(), seven_zero=st.booleans(),
                            jump_in=st.booleans(), draw_until_playable=st.booleans(),
                            scoring=st.sampled_from(["single", "target"]),
                            target=st.integers(50, 200), last_card_call=st.just(True))
    return st.builds(Spec, deck=st.just(deck), players=st.integers(2, 10), options=options,
                     seed=st.integers(0, 2**63), choices=st.integers(0, 2**32))


PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    print_blob=True)


def check_invariants(s: GameState) -> None:
    deck = rules_for(s).deck
    cards = [card for hand in s.hands for card in hand] + s.draw_pile + s.discard
    assert Counter(cards) == Counter(deck.full()), f"the {deck.size} cards are not conserved"
    for seat, hand in enumerate(s.hands):
        assert hand == sorted(hand), f"seat {seat}'s hand is not sorted"
    assert all(len(s.hands[x]) == 1 for x in s.uncalled), "a seat to catch holds one card"
    if s.status == "playing":
        assert not s.left[s.turn]
        assert legal_moves(s, s.turn), "the seat whose turn it is has no legal move"
    else:
        assert all(legal_actions(s, seat) == [] for seat in range(s.players))


def secrets(s: GameState) -> list[str]:
    codes = rules_for(s).deck.codes
    found = ['"seed"']
    if s.seed >= 10**6:
        found.append(str(s.seed))
    if len(s.draw_pile) >= 8:  # the All Wild deck repeats itself: a longer run to be a secret
        order = [codes[card] for card in s.draw_pile]
        found += [json.dumps(order)[1:-1], json.dumps(order[::-1])[1:-1]]
    return found


def check_views(s: GameState, events) -> None:
    codes = rules_for(s).deck.codes
    public = public_view(s)
    hidden = secrets(s)
    text = json.dumps(public)
    assert all(secret not in text for secret in hidden)
    if s.round_status == "playing":
        assert public["round"]["hands"] is None
    assert public["round"]["catchable"] == list(s.uncalled)
    for seat in range(s.players):
        view = view_for(s, seat)
        you = view.pop("you")
        assert view == public
        assert all(secret not in json.dumps(you) for secret in hidden)
        assert you["hand"] == [codes[card] for card in s.hands[seat]]
        assert you["actions"] == legal_actions(s, seat)
        assert not set(you["playable"]) & set(you["refusals"])
        assert set(you["refusals"].values()) <= set(REASONS)
        if s.status == "playing" and seat == s.turn and s.color != -1:
            assert set(you["playable"]) | set(you["refusals"]) == set(you["hand"])
    # The log: a drawn card is seen by the drawer alone.
    entry = {"seat": 0, "action": "draw", "events": events_json(events)}
    for viewer in (None, *range(s.players)):
        for event in log_entry_for(entry, viewer)["events"]:
            if "cards" in event:
                assert viewer == event.get("seat"), "a log entry shows another seat's cards"


def random_move(s: GameState, rng: random.Random) -> tuple[int, Move]:
    """A move that is often illegal, for a random seat."""
    codes = rules_for(s).deck.codes
    seat = rng.randrange(s.players)
    action = rng.choice(["play", "play", "draw", "pass", "take", "call", "catch", "choose"])
    card = rng.choice([*codes, *NOT_CARDS]) if action == "play" else None
    color = rng.choice([None, "red", "blue", "purple"])
    target = rng.choice([None, -1, seat, rng.randrange(s.players), s.players, True])
    return seat, Move(action, card, color, target, rng.random() < 0.3 and action == "play")


def play_game(spec: Spec, *, illegal: float = 0.05, each=None) -> GameState:
    result = new_game(spec.players, spec.options, seed=spec.seed, deck=spec.deck)
    s, rng = result.state, random.Random(spec.choices)
    check_invariants(s)
    moves = 0
    while s.status == "playing" and moves < MAX_MOVES:
        # Nothing can stall: every state below offers its seat a legal move (`legal_moves`);
        # random choices (catches, draws) may still make a game longer than the test's time.
        before = s.to_dict()
        roll = rng.random()
        if roll < illegal:
            seat, move = random_move(s, rng)
        else:
            seat = s.turn
            others = [x for x in s.active_seats() if x != seat and legal_moves(s, x)]
            if others and rng.random() < 0.4:  # a call, a catch or a jump-in out of turn
                seat = rng.choice(others)
            offered = legal_moves(s, seat)
            plays = [m for m in offered if m.action == "play"]
            # Mostly plays: with the All Wild deck a player who keeps drawing never goes out.
            move = rng.choice(plays if plays and rng.random() < 0.85 else offered)
            if seat == s.turn:
                assert timeout_move(s) in [*legal_moves(s, seat), Move("pass")]
        outcome = apply(s, seat, move)
        assert s.to_dict() == before, f"apply changed the state it was given ({move})"
        if not outcome.ok:
            assert outcome.code in REASONS, f"undocumented reason {outcome.code!r}"
            assert roll < illegal, f"{move} by seat {seat} was offered, then refused: " \
                                   f"{outcome.code}"
            again = apply(s, seat, move, in_place=True)
            assert not again.ok and s.to_dict() == before, "a refusal changed the state"
            continue
        s = outcome.state
        moves += 1
        check_invariants(s)
        if each:
            each(s, outcome.events)
    return s


@pytest.mark.parametrize("deck", DECKS)
def test_random_games_conserve_the_deck_and_never_stall(deck):
    @settings(PROPERTY, max_examples=150 if deck == "all-wild" else 60)
    @given(spec=specs(deck))
    def run(spec):
        # A stall (no legal move offered) or a lost card fails inside; a game still going at
        # the bound is random play's length, not a stall.
        assert play_game(spec).status in ("finished", "playing")

    run()


@pytest.mark.parametrize("deck", DECKS)
def test_refused_moves_change_nothing_and_give_a_documented_reason(deck):
    @settings(PROPERTY, max_examples=60 if deck == "all-wild" else 30)
    @given(spec=specs(deck))
    def run(spec):
        play_game(spec, illegal=0.4)

    run()


@pytest.mark.parametrize("deck", DECKS)
def test_views_and_the_log_never_show_other_hands_the_draw_order_or_the_seed(deck):
    @settings(PROPERTY, max_examples=40 if deck == "all-wild" else 20)
    @given(spec=specs(deck))
    def run(spec):
        play_game(spec, each=check_views)

    run()


@pytest.mark.parametrize("deck", DECKS)
def test_states_round_trip_through_json(deck):
    def each(s, events):
        assert GameState.from_dict(json.loads(json.dumps(s.to_dict()))) == s

    @settings(PROPERTY, max_examples=40 if deck == "all-wild" else 20)
    @given(spec=specs(deck))
    def run(spec):
        play_game(spec, each=each)

    run()
