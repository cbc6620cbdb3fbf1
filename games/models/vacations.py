"""A person's vacation days (issue 27, `games.service.vacations`): one row per account that
has used them, made the first time it starts a vacation; an account without one has banked
what it accrued since it was made (`games.service.vacation_bank`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Vacation(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="vacation")
    # The days banked once `months_counted` whole months since the account was made were
    # credited (each a twelfth of WILDCARDS_VACATION_DAYS_PER_YEAR, the bank capped at a year's).
    banked = models.DecimalField(max_digits=8, decimal_places=4, default=0)
    months_counted = models.PositiveIntegerField(default=0)
    # The vacation going on, or last set: from `started_at` until `until`. Its days are taken
    # from `banked` when it ends (then both are cleared).
    started_at = models.DateTimeField(null=True, blank=True)
    until = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["until"], name="vacation_until",
                                condition=models.Q(until__isnull=False))]

    def __str__(self) -> str:
        return f"vacation of user {self.user_id}"
