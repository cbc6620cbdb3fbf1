"""The provably fair shuffle: where each round's seed comes from, the commitment to it, and the
order of the cards a seed deals (docs/fairness.md states it for people).

A table holds a secret of 32 random bytes (from `secrets`, made by the models, never shown).
The seed of round n is `HMAC-SHA256(secret, "wild-cards:round:n")` in hex. The engine deals
the next round inside the move that ends a round, so a round's seed must follow from what the
state holds; an HMAC gives each round a seed of its own from one secret, and revealing one
round's seed (an HMAC output) tells nothing about the secret nor any other round's seed.

A commitment is `sha256("<salt>:<seed>")` in hex, with a salt of the round's own: it is shown
from the deal, and the seed and salt are shown once the round has ended.

Shuffle k of a round (0: the deal; then each starter put back and each reshuffle of the
discard pile) is `random.Random(f"{round_seed}:{k}").shuffle`. Legacy and rigged tables have
an int seed instead of a secret: their round seed is `f"{seed}:{n}"`, the derivation every
table used before commitments (a table's int seed stays secret, so it is never revealed).
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Mapping

# What a GameState's `seed` may be: a table secret (hex), a legacy or rigged int, or the
# revealed seeds of each round by number (a replay).
Seed = int | str | Mapping[int, str]


def round_seed(seed: Seed, number: int) -> str:
    """The seed of round `number` of a table whose seed is `seed`."""
    if isinstance(seed, str):
        return hmac.new(bytes.fromhex(seed), f"wild-cards:round:{number}".encode(),
                        hashlib.sha256).hexdigest()
    if isinstance(seed, int):
        return f"{seed}:{number}"
    return seed[number]


def commitment(seed: str, salt: str) -> str:
    """What is shown from the deal: sha256 of the salt, a colon and the round's seed."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def shuffle_rng(seed: str, shuffles: int) -> random.Random:
    """The random stream of shuffle number `shuffles` (0 first) of the round seeded `seed`."""
    return random.Random(f"{seed}:{shuffles}")
