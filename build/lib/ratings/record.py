"""Recording a finished game: each person's result and, for a rated game, their new rating —
once per game, however often it is asked.

The caller (the games service, in the transaction that ends the game) says who took which
place. The results' unique pair (table, user) makes a game count once: a second call for the
same game, or one racing the first from another transaction, writes nothing and moves no
rating. Ratings rows are locked in user order before they are read, so two games ending at once
with a player in common move that player's rating one after the other, and never deadlock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction

from .models import Rating, Result
from .skill import Skill, after_game, newcomer


@dataclass(frozen=True)
class Placing:
    """A person's place in a finished game: `rank` as in the game's ranking (1 is first,
    equal ranks tie, those who left come last)."""

    user_id: int
    rank: int
    won: bool = False
    left: bool = False


def record_game(table_id: int, finished_at: datetime, players: int,
                placings: Sequence[Placing], *, rated: bool) -> bool:
    """Write the results of the game at table `table_id` and, if it is `rated` (two people or
    more), move their ratings. Returns False, having changed nothing, when the game's results
    were written already."""
    placings = sorted(placings, key=lambda p: p.user_id)
    if not placings:
        return False
    if len({p.user_id for p in placings}) != len(placings):
        raise ValueError("a person has one place in a game")
    rated = rated and len(placings) >= 2
    try:
        with transaction.atomic():
            rows = [Result(table_id=table_id, user_id=p.user_id, finished_at=finished_at,
                           players=players, rank=p.rank, won=p.won, left=p.left, rated=rated)
                    for p in placings]
            ratings = _move_ratings(placings, rows, finished_at) if rated else []
            Result.objects.bulk_create(rows)
            if ratings:
                Rating.objects.bulk_create(
                    ratings, update_conflicts=True, unique_fields=["user"],
                    update_fields=["mu", "sigma", "display", "games", "wins", "updated_at"])
    except IntegrityError:
        if Result.objects.filter(table_id=table_id).exists():
            return False  # counted already (or just now, by a racing transaction)
        raise
    return True


def _move_ratings(placings: Sequence[Placing], rows: Sequence[Result],
                  now: datetime) -> list[Rating]:
    """The players' ratings after the game, locked (rows made for newcomers first); the
    results get the before and after."""
    users = [p.user_id for p in placings]
    start = newcomer()
    Rating.objects.bulk_create(
        [Rating(user_id=user, mu=start.mu, sigma=start.sigma, display=start.display,
                updated_at=now) for user in users],
        ignore_conflicts=True)
    ratings = list(Rating.objects.select_for_update().filter(user_id__in=users)
                   .order_by("user_id"))
    before = [Skill(r.mu, r.sigma) for r in ratings]
    after = after_game(before, [p.rank for p in placings])
    for rating, row, placing, old, new in zip(ratings, rows, placings, before, after,
                                              strict=True):
        row.mu_before, row.sigma_before, row.display_before = old.mu, old.sigma, old.display
        row.mu_after, row.sigma_after, row.display_after = new.mu, new.sigma, new.display
        rating.mu, rating.sigma, rating.display = new.mu, new.sigma, new.display
        rating.games += 1
        rating.wins += placing.won
        rating.updated_at = now
    return ratings
