"""The provably fair shuffle: where each round's seed comes from, the commitment to it, the
seeds the players add to it, and the order of the cards a seed deals (docs/fairness.md states
it for people).

A table holds a secret of 32 random bytes (from `secrets`, made by the models, never shown).
The server's seed of round n is `HMAC-SHA256(secret, "wild-cards:round:n")` in hex. The engine
deals the next round inside the move that ends a round, so a round's seed must follow from what
the state holds; an HMAC gives each round a seed of its own from one secret, and revealing one
round's seed (an HMAC output) tells nothing about the secret nor any other round's seed.

A commitment is `sha256("<salt>:<seed>")` in hex, with a salt of the round's own: it is shown
before the deal (from the start for round 1, from the deal of the round before for the others),
and the seed and salt are shown once the round has ended.

Between the commitment and the deal each seated person may add a seed of their own (a "client
seed"), so that neither the server nor any player alone decides the shuffle. The round is dealt
from its deal seed: the server's seed itself when nobody added one, else
`HMAC-SHA256(key=server seed, message="<seat>:<seed>,<seat>:<seed>,...")` in hex, the seeds in
seat order. Client seeds are 1 to 64 letters, digits, `-` or `_`, so the message reads one way.

Shuffle k of a round (0: the deal; then each starter put back and each reshuffle of the
discard pile) is `random.Random(f"{deal_seed}:{k}").shuffle`. Legacy and rigged tables have
an int seed instead of a secret: their round seed is `f"{seed}:{n}"`, the derivation every
table used before commitments (a table's int seed stays secret, so it is never revealed).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Iterable, Mapping

# What a GameState's `seed` may be: a table secret (hex), a legacy or rigged int, or the
# revealed seeds of each round by number (a replay).
Seed = int | str | Mapping[int, str]
# The players' seeds added to one deal: (seat, client seed) pairs in seat order.
ClientSeeds = tuple[tuple[int, str], ...]

CLIENT_SEED_MAX = 64
CLIENT_SEED_PATTERN = r"^[A-Za-z0-9_-]+$"
_CLIENT_SEED = re.compile(r"[A-Za-z0-9_-]+")


def round_seed(seed: Seed, number: int) -> str:
    """The server's seed of round `number` of a table whose seed is `seed`."""
    if isinstance(seed, str):
        return hmac.new(bytes.fromhex(seed), f"wild-cards:round:{number}".encode(),
                        hashlib.sha256).hexdigest()
    if isinstance(seed, int):
        return f"{seed}:{number}"
    return seed[number]


def deal_seed(server_seed: str, client_seeds: ClientSeeds) -> str:
    """The seed a round is shuffled from: the server's, mixed with the players' seeds if any
    were added (by seat: the order is the seats', whoever sent first)."""
    if not client_seeds:
        return server_seed
    message = ",".join(f"{seat}:{seed}" for seat, seed in sorted(client_seeds))
    return hmac.new(server_seed.encode(), message.encode(), hashlib.sha256).hexdigest()


def client_seed_problem(value: object) -> str | None:
    """Why `value` cannot be a player's seed (a sentence), or None if it can."""
    if not isinstance(value, str):
        return "A client seed is a string."
    if not 1 <= len(value) <= CLIENT_SEED_MAX:
        return (f"A client seed is 1 to {CLIENT_SEED_MAX} characters long; this one has "
                f"{len(value)}.")
    if not _CLIENT_SEED.fullmatch(value):
        return ("A client seed may hold only the letters A to Z and a to z, the digits 0 to 9, "
                "'-' and '_'.")
    return None


def client_seeds_of(pairs: Iterable[tuple[int, str]]) -> ClientSeeds:
    """Seeds by seat, in seat order (the one order the engine and records know)."""
    return tuple(sorted((int(seat), seed) for seat, seed in pairs))


def commitment(seed: str, salt: str) -> str:
    """What is shown before the deal: sha256 of the salt, a colon and the round's seed."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def shuffle_rng(seed: str, shuffles: int) -> random.Random:
    """The random stream of shuffle number `shuffles` (0 first) of the round seeded `seed`."""
    return random.Random(f"{seed}:{shuffles}")
