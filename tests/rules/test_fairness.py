"""The provably fair shuffle as docs/fairness.md states it: the engine deals what the documented
algorithm deals, a round's seed is an HMAC of the table's secret, and the commitment is sha256
of the salt and the seed."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import Move, Options, new_game, position, rules_for
from games.rules.fairness import client_seed_problem, commitment, deal_seed, round_seed

SECRETS = st.binary(min_size=32, max_size=32).map(bytes.hex)


def documented_deal(deck: str, seed: str, players: int, dealer: int = 0) -> dict:
    """docs/fairness.md's lines, verbatim in substance: the order, the hands, the starter."""
    cards = rules_for(deck).deck
    order = [cards.codes[card] for card in cards.full()]  # hand order, each copy
    random.Random(f"{seed}:0").shuffle(order)  # shuffle 0 of the round; order[0] is the top
    seats = [(dealer + 1 + i) % players for i in range(players)]
    hands = {seat: sorted(order[i:7 * players:players], key=cards.ids.__getitem__)
             for i, seat in enumerate(seats)}
    return {"hands": hands, "starter": order[7 * players], "pile": order[7 * players + 1:]}


@settings(max_examples=200, deadline=None)
@given(secret=SECRETS, players=st.integers(2, 10), deck=st.sampled_from(["classic", "all-wild"]))
def test_the_engine_deals_what_the_documented_algorithm_deals(secret, players, deck):
    result = new_game(players, Options(), secret, deck=deck)
    state = result.state
    dealt = documented_deal(deck, round_seed(secret, 1), players)
    cards = rules_for(deck).deck
    codes = cards.codes
    took = {e.seat: list(e.cards) for e in result.events if e.kind == "took"}  # a Draw Two
    for seat in range(players):
        expected = sorted(dealt["hands"][seat] + took.get(seat, []), key=cards.ids.__getitem__)
        assert [codes[c] for c in state.hands[seat]] == expected
    if state.shuffles == 1:  # the starter was kept (a Wild Draw 4 goes back: shuffle 1, ...)
        assert codes[state.discard[0]] == dealt["starter"]
        # The draw pile, top card first (the classic Draw Two starter draws two at once).
        top_first = [codes[c] for c in reversed(state.draw_pile)]
        assert dealt["pile"][-len(top_first):] == top_first


def test_a_round_seed_is_the_hmac_of_the_secret_and_the_round_number():
    secret = "11" * 32
    expected = hmac.new(bytes.fromhex(secret), b"wild-cards:round:3", hashlib.sha256).hexdigest()
    assert round_seed(secret, 3) == expected
    assert len({round_seed(secret, n) for n in range(1, 50)}) == 49


def test_a_legacy_or_rigged_int_seed_deals_as_every_table_did_before():
    # The derivation before commitments: random.Random(f"{seed}:{round}:{shuffles}").
    assert round_seed(734512908117, 2) == "734512908117:2"
    state = new_game(4, Options(), 42).state
    order = rules_for("classic").deck.full()
    random.Random("42:1:0").shuffle(order)
    assert state.hands[1] == sorted(order[0:28:4])


def test_the_commitment_is_sha256_of_salt_colon_seed():
    assert commitment("abc", "00ff") == hashlib.sha256(b"00ff:abc").hexdigest()


# ------------------------------------------------------------------ the players' seeds
PLAYER_SEEDS = st.text("abcdefXYZ0123456789-_", min_size=1, max_size=64)


def the_deal(state) -> tuple:
    return tuple(map(tuple, state.hands)), tuple(state.discard), tuple(state.draw_pile)


@settings(max_examples=200, deadline=None)
@given(secret=SECRETS, players=st.integers(2, 10), deck=st.sampled_from(["classic", "all-wild"]),
       data=st.data())
def test_changing_adding_or_removing_any_one_players_seed_changes_the_deal(secret, players,
                                                                          deck, data):
    by_seat = data.draw(st.dictionaries(st.integers(0, players - 1), PLAYER_SEEDS, min_size=1))
    seeds = tuple(sorted(by_seat.items()))
    seat = data.draw(st.sampled_from(sorted(by_seat)))
    other = data.draw(PLAYER_SEEDS.filter(lambda s: s != by_seat[seat]))
    changed = tuple(sorted({**by_seat, seat: other}.items()))
    without = tuple(pair for pair in seeds if pair[0] != seat)
    deals = {name: the_deal(new_game(players, Options(), secret, deck=deck,
                                     client_seeds=these).state)
             for name, these in (("given", seeds), ("changed", changed), ("without", without))}
    assert len(set(deals.values())) == 3


def test_the_deal_seed_is_an_hmac_of_the_servers_seed_over_the_seeds_in_seat_order():
    server = round_seed("22" * 32, 1)
    expected = hmac.new(server.encode(), b"0:a1,2:zz", hashlib.sha256).hexdigest()
    assert deal_seed(server, ((2, "zz"), (0, "a1"))) == expected  # whoever sent first
    assert deal_seed(server, ()) == server  # nobody added one: the server's seed, as before
    # The engine shuffles round 1 from it: shuffle 0 of the deal seed.
    state = new_game(3, Options(), "22" * 32, client_seeds=((0, "a1"), (2, "zz"))).state
    order = rules_for("classic").deck.full()
    random.Random(f"{expected}:0").shuffle(order)
    assert state.hands[1] == sorted(order[0:21:3])
    assert state.round_seeds == ((0, "a1"), (2, "zz")) and state.next_seeds == ()


def test_the_seeds_added_while_a_round_is_played_deal_the_next_round():
    """Round 1 ends with Ana's last card; round 2 is dealt from its server's seed mixed with
    the seeds added to it meanwhile, and they become the round's own."""
    state = position([["flame-3"], ["sun-4", "leaf-9"]], top="flame-5", seed=9,
                     options=Options(scoring="target", target=500))
    state.next_seeds = ((1, "b0b"),)
    after = rules_for(state).apply(state, 0, Move("play", "flame-3")).state
    assert (after.round_number, after.round_seeds, after.next_seeds) == (2, ((1, "b0b"),), ())
    order = rules_for("classic").deck.full()
    random.Random(f"{deal_seed('9:2', ((1, 'b0b'),))}:0").shuffle(order)
    assert after.dealer == 0  # the deal moves on from seat 1: seat 1 is dealt to first
    assert after.hands[0] == sorted(order[1:14:2])


@pytest.mark.parametrize("seed", ["a", "x" * 64, "AZaz09-_", "4b1f0e9c2d7a8b3e6f5c4d3e2f1a0b9c"])
def test_a_players_seed_is_1_to_64_letters_digits_dashes_or_underscores(seed):
    assert client_seed_problem(seed) is None


@pytest.mark.parametrize(("seed", "says"), [
    ("", "1 to 64 characters"), ("x" * 65, "this one has 65"), ("a b", "may hold only"),
    ("0:a1", "may hold only"), ("a,b", "may hold only"), ("é", "may hold only"),
    ("abc\n", "may hold only"), (7, "is a string"), (None, "is a string")])
def test_any_other_players_seed_is_refused_with_a_sentence(seed, says):
    assert says in client_seed_problem(seed)


# ------------------------------------------------------------- docs/fairness.md's examples
def test_a_conceded_hand_goes_under_the_draw_pile_its_first_card_at_the_very_bottom():
    """The page's example: flame-2, sun-7, wave-skip, wild under leaf-4, sun-1, ..., wave-0."""
    state = position([["wild", "sun-7", "flame-2", "wave-skip"], ["leaf-9", "leaf-8"],
                      ["sun-2", "sun-3"]], top="flame-5",
                     draw_pile=["leaf-4", "sun-1", "wave-0"])
    after = rules_for(state).apply(state, 0, Move("concede")).state
    codes = rules_for(state).deck.codes
    top_first = [codes[card] for card in reversed(after.draw_pile)]
    assert top_first == ["leaf-4", "sun-1", "wave-0", "wild", "wave-skip", "sun-7", "flame-2"]


def test_the_deal_passes_over_a_seat_that_has_left_as_dealer_and_in_the_deal():
    """The page's example: four seats, round 2 dealt by seat 1, seat 2 has conceded; round 3 is
    dealt by seat 3 to seats 0, 1 and 3, and round 4 by seat 0."""
    state = position([["flame-3"], ["sun-4", "leaf-9"], [], ["wave-1", "wave-2"]],
                     top="flame-5", dealer=1, left=[2], seed=5,
                     options=Options(scoring="target", target=500))
    state.round_number = 2
    after = rules_for(state).apply(state, 0, Move("play", "flame-3")).state
    assert (after.round_number, after.dealer) == (3, 3)
    order = rules_for("classic").deck.full()
    random.Random(f"{round_seed(5, 3)}:0").shuffle(order)
    for i, seat in enumerate((0, 1, 3)):
        assert after.hands[seat] == sorted(order[i:21:3])
    assert after.hands[2] == []
    assert after.next_seat(after.dealer) == 0 and after.left[2]
