"""A person's rating, and their result in each finished game."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Rating(models.Model):
    """OpenSkill's belief about a person's skill — `mu` the estimate, `sigma` its uncertainty —
    and the rating shown for it (`display`, see `ratings.skill.display`), after `games` rated
    games of which they won `wins`. No row: never rated, the model's starting values."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, primary_key=True,
                                on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    display = models.IntegerField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["-display", "-mu"], name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"rating {self.display} of user {self.user_id}"


class Result(models.Model):
    """A person's place in a finished game (one row per person seated), with their rating
    before and after it when the game was rated. The game is its table's id. The unique pair
    (table, user) is what makes a game count once."""

    table_id = models.BigIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="results")
    finished_at = models.DateTimeField()
    players = models.PositiveSmallIntegerField()  # seats at the table, bots included
    rank = models.PositiveSmallIntegerField()  # as in the game's ranking: 1, 2, 2, 4
    won = models.BooleanField()
    left = models.BooleanField()  # conceded (or timed out of the game)
    rated = models.BooleanField()
    # Rated games only: the rating before and after this game.
    mu_before = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    display_before = models.IntegerField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)
    display_after = models.IntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table_id", "user"], name="result_once_per_game"),
            models.CheckConstraint(
                condition=Q(rated=False) | Q(mu_after__isnull=False, sigma_after__isnull=False,
                                             display_after__isnull=False),
                name="result_rated_has_ratings"),
        ]
        indexes = [models.Index(fields=["user", "-finished_at"], name="result_recent")]

    def __str__(self) -> str:
        return f"user {self.user_id} ranked {self.rank} at table {self.table_id}"

    @property
    def change(self) -> int | None:
        """How the shown rating moved in this game (None when it was not rated)."""
        if not self.rated:
            return None
        return self.display_after - self.display_before
