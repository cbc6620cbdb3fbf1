"""What anyone logged in may read of the ratings: a player's profile and the leaderboard."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Avg, Count, Q

from .models import Rating, Result
from .skill import newcomer

LEADERBOARD_MIN_GAMES = 5  # rated games a player needs to be on the leaderboard
LEADERBOARD_MOST = 100  # players in one page of the leaderboard
RECENT_GAMES = 10  # games on a profile


class NoSuchPlayer(Exception):
    """No active account has this name."""


def iso(moment) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def rating_json(rating: Rating | None) -> dict:
    if rating is None:
        start = newcomer()
        return {"display": start.display, "mu": round(start.mu, 3),
                "sigma": round(start.sigma, 3), "games": 0}
    return {"display": rating.display, "mu": round(rating.mu, 3),
            "sigma": round(rating.sigma, 3), "games": rating.games}


def profile(name: str) -> dict:
    """A player's games (every finished game they sat at: played, won, average rank), their
    rating with its uncertainty, and their most recent games. NoSuchPlayer for a name no active
    account has (a closed account's games stay, under its new name, but show no profile)."""
    if "\x00" in name:  # no username holds one, and PostgreSQL refuses it in a query
        raise NoSuchPlayer(name)
    user = (get_user_model().objects.select_related("rating")
            .filter(username=name, is_active=True).first())
    if user is None:
        raise NoSuchPlayer(name)
    totals = Result.objects.filter(user=user).aggregate(
        played=Count("pk"), won=Count("pk", filter=Q(won=True)), average_rank=Avg("rank"))
    recent = Result.objects.filter(user=user).order_by("-finished_at", "-table_id")
    return {
        "name": user.username, "bot_account": user.is_bot,
        "played": totals["played"], "won": totals["won"],
        "average_rank": (round(totals["average_rank"], 2)
                         if totals["average_rank"] is not None else None),
        "rating": rating_json(getattr(user, "rating", None)),
        "recent": [result_json(row) for row in recent[:RECENT_GAMES]],
    }


def has_rated_games(user_id: int) -> bool:
    """Whether the person has finished a rated game."""
    return Result.objects.filter(user_id=user_id, rated=True).exists()


def result_json(row: Result) -> dict:
    return {"table": row.table_id, "finished_at": iso(row.finished_at), "players": row.players,
            "rank": row.rank, "won": row.won, "left": row.left, "rated": row.rated,
            "rating_before": row.display_before, "rating_after": row.display_after,
            "change": row.change}


@dataclass(frozen=True)
class Page:
    count: int  # players on the whole leaderboard
    rows: list[dict]


def leaderboard(limit: int = 50, offset: int = 0) -> Page:
    """Players with at least LEADERBOARD_MIN_GAMES rated games, best shown rating first (then
    the higher estimate, then by name); `place` counts from the top of the whole board."""
    if not 1 <= limit <= LEADERBOARD_MOST or offset < 0:
        raise ValueError("limit must be 1 to 100 and offset at least 0")
    board = Rating.objects.filter(games__gte=LEADERBOARD_MIN_GAMES, user__is_active=True)
    rows = (board.select_related("user")
            .order_by("-display", "-mu", "user__username")[offset:offset + limit])
    return Page(board.count(), [
        {"place": offset + n, "name": rating.user.username, "rating": rating.display,
         "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3), "games": rating.games,
         "won": rating.wins}
        for n, rating in enumerate(rows, start=1)])
