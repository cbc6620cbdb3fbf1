"""The commitment to a table's next deal, and the seeds the players add to it (docs/fairness.md).

A committed table always holds the commitment to the deal that comes next: round 1's from its
creation, round n+1's from the deal of round n (in a game to a target score; a single round has
no next deal). The players' seeds are added to it until it is dealt. The caller holds the
table's lock and writes the table's fields named in `NEXT_DEAL` with its change.
"""

from __future__ import annotations

from games.models import Table, new_salt
from games.rules.fairness import commitment, round_seed

from . import sql
from .state import engine_seed, fairness_of

NEXT_DEAL = ("next_salt", "next_commitment", "next_seeds")


def commit_to_deal(table: Table, number: int) -> None:
    """Choose the salt of round `number` and show the commitment to its server's seed from now
    on; no seed added to it yet."""
    if fairness_of(table) != "committed":
        return no_next_deal(table)
    table.next_salt = new_salt()
    table.next_commitment = commitment(round_seed(engine_seed(table), number), table.next_salt)
    table.next_seeds = {}


def no_next_deal(table: Table) -> None:
    """No deal is to come (the game's last round is dealt, or it is over)."""
    table.next_salt, table.next_commitment, table.next_seeds = "", "", {}


def seed_and_commitment(table: Table, number: int) -> tuple[str, str, str]:
    """Round `number`'s (server's seed, salt, commitment) at its deal: those shown before it, or
    (a game dealing its first round after this was kept) chosen now. Empty at a legacy or
    rigged table, which commits to nothing."""
    if fairness_of(table) != "committed":
        return "", "", ""
    seed = round_seed(engine_seed(table), number)
    if table.next_commitment and commitment(seed, table.next_salt) == table.next_commitment:
        return seed, table.next_salt, table.next_commitment
    salt = new_salt()
    return seed, salt, commitment(seed, salt)


def seat_given_back(table: Table, number: int) -> None:
    """Before the deal seat `number` was given back and the seats after it moved up: its seed
    goes, and theirs move up with them (written at once)."""
    seeds = {int(seat): seed for seat, seed in (table.next_seeds or {}).items()}
    moved = {str(seat - (seat > number)): seed for seat, seed in seeds.items() if seat != number}
    if moved != table.next_seeds:
        table.next_seeds = moved
        _write_seeds(table)


def add_client_seed(table: Table, seat: int, seed: str) -> None:
    """Seat `seat`'s seed for the next deal (one it sent before is replaced). Written at once,
    alone: a seed changes nothing anyone plays on, so the table's version stays."""
    table.next_seeds = {**(table.next_seeds or {}), str(seat): seed}
    _write_seeds(table)


def _write_seeds(table: Table) -> None:
    batch = sql.Batch()
    sql.update([table], ["next_seeds"], batch)
    batch.run()
