"""Notification preferences, and the outbox of notices (the delivery log).

A notice row is written in the same transaction as the move that calls for it and sent later by
a Celery task (`notifications.tasks.send_notice`), so an email is never sent for a move that
rolled back, and never from inside a move's transaction. Its `dedupe_key` is unique: the same
notice queued twice is one row, and a row is sent only by whoever claims it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Preference(models.Model):
    """Which emails a person wants. Created on the first change: no row means the defaults."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
        related_name="notification_preference",
    )
    turn_emails = models.BooleanField(default=True)
    reminder_emails = models.BooleanField(default=True)
    game_over_emails = models.BooleanField(default=True)
    unsubscribed_all = models.BooleanField(default=False)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"notification preferences of user {self.user_id}"


class Notice(models.Model):
    class Kind(models.TextChoices):
        REMINDER = "reminder"
        YOUR_TURN = "your-turn"
        GAME_OVER = "game-over"

    class Status(models.TextChoices):
        PENDING = "pending"  # written, not yet tried
        SENDING = "sending"  # claimed by a sender
        SENT = "sent"
        FAILED = "failed"  # the last try failed; tried again later
        SKIPPED = "skipped"  # no longer wanted when its turn came (preference, turn over)
        # handed to a backend that delivers nothing (console, file, dummy: development); final
        UNDELIVERED = "undelivered"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices"
    )
    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="notices")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # What makes the notice one of a kind: "reminder:<table>:<round>:<turn>:<user>", ...
    dedupe_key = models.CharField(max_length=200, unique=True)
    # What the email needs that may have changed by the time it is sent (JSON only).
    context = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The safety-net sweep reads only the rows still waiting to go.
            models.Index(fields=["created_at"], name="notice_unsent",
                         condition=Q(status__in=["pending", "sending", "failed"])),
        ]

    def __str__(self) -> str:
        return f"{self.kind} notice {self.pk} to user {self.user_id} ({self.status})"
