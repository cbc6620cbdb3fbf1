"""The provably fair shuffle as docs/fairness.md states it: the engine deals what the documented
algorithm deals, a round's seed is an HMAC of the table's secret, and the commitment is sha256
of the salt and the seed."""

from __future__ import annotations

import hashlib
import hmac
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import Options, new_game, rules_for
from games.rules.fairness import commitment, round_seed

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
