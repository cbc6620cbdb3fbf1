"""The players' seeds (docs/fairness.md): a seated person adds a seed of their own to the next
deal, whose commitment the table already shows, so that neither the server nor any player alone
decides the shuffle. Round 1's seeds come before the start (the host's may come with it); a
later round's while the round before it is played, as a round is dealt the moment the one
before ends. Bots add none, and a rigged table (tests, demos) takes none: it must deal the same
every time.
"""

from __future__ import annotations

from django.db import transaction

from games.models import Seat, Table
from games.rules.fairness import client_seed_problem
from games.rules.options import SINGLE
from games.storage import commitments
from games.storage.reads import Game
from games.storage.state import fairness_of, options_of

from .errors import GameError, not_seated
from .shown import next_deal_view
from .tables import locked


def check_client_seed(seed: object) -> str:
    """`seed` if it can be a player's seed; else `invalid` naming `client_seed`."""
    problem = client_seed_problem(seed)
    if problem:
        raise GameError("invalid", problem, field="client_seed")
    return seed


def add_client_seed(table_id: int, user, seed: object, round_number: int) -> dict:
    """The user's seed for the deal of round `round_number`, which must be the next (a seed
    sent before for it is replaced). Returns what the table shows of the next deal."""
    seed = check_client_seed(seed)
    with transaction.atomic():
        game = locked(table_id)
        seat = seeding_seat(game, user)
        coming = next_deal_number(game)
        if round_number < coming:
            raise GameError("seed-too-late", f"Round {round_number} has been dealt already: "
                                             f"seeds go to round {coming} now.", field="round")
        if round_number > coming:
            raise GameError("seed-too-early", f"Round {round_number} is not the next deal: "
                                              f"round {coming} is.", field="round")
        commitments.add_client_seed(game.table, seat.number, seed)
    return {"round": round_number, "seat": seat.number, "client_seed": seed,
            "next_deal": next_deal_view(game)}


def add_host_seed(game: Game, user, seed: object | None) -> None:
    """The host's seed sent with the start, added to the deal about to be made (the start
    writes the table); nothing when none was sent."""
    if seed is None:
        return
    seed = check_client_seed(seed)
    table = game.table
    table.next_seeds = {**(table.next_seeds or {}), str(seeding_seat(game, user).number): seed}


def seeding_seat(game: Game, user) -> Seat:
    """The user's seat, if it may add a seed to the table's next deal now; else the refusal."""
    table = game.table
    if fairness_of(table) != "committed":
        raise GameError("seeds-not-taken", (
            "This table deals from a chosen deck (tests and demos): it takes no players' "
            "seeds, so that it deals the same every time." if table.rigged else
            "This table was made before players could add seeds: its deals take none."))
    seat = game.seat_of(user)
    if seat is None:
        raise not_seated()
    if seat.state == Seat.State.LEFT:
        raise GameError("game-not-playing", "You have left this game: no deal to come is yours.")
    if table.status == Table.Status.FINISHED:
        raise GameError("seed-too-late", "The game is over: no deal is to come.")
    if not table.next_commitment:
        raise GameError("seed-too-late", (
            "This game has a single round, dealt already: no deal is to come."
            if options_of(table).scoring == SINGLE else
            "This game began before players could add seeds: its next round is dealt from "
            "the server's seed alone, and the round after it takes seeds."))
    return seat


def next_deal_number(game: Game) -> int:
    """The round the next deal deals: 1 before the start."""
    return 1 if game.round is None else game.round.number + 1
