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
    # The "your turn" emails gathered into one email a day instead of one each.
    daily_digest = models.BooleanField(default=False)
    # The person's time zone (an IANA name): pages and emails show times in it, and quiet
    # hours are read in it.
    time_zone = models.CharField(max_length=64, default="UTC")
    # No email between these local times (both set, or neither); the end may be before the
    # start (22:00-08:00 spans midnight).
    quiet_hours_start = models.TimeField(null=True, blank=True)
    quiet_hours_end = models.TimeField(null=True, blank=True)
    # Tables whose emails the person has muted (ids).
    muted_tables = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"notification preferences of user {self.user_id}"


class Notice(models.Model):
    class Kind(models.TextChoices):
        REMINDER = "reminder"
        YOUR_TURN = "your-turn"
        GAME_OVER = "game-over"
        GAME_START = "game-start"
        INVITATION = "invitation"
        DIGEST = "digest"  # the day's "your turn" emails in one

    class Status(models.TextChoices):
        PENDING = "pending"  # written, not yet tried
        SENDING = "sending"  # claimed by a sender
        SENT = "sent"
        FAILED = "failed"  # the last try failed; tried again later
        SKIPPED = "skipped"  # no longer wanted when its turn came (preference, turn over)
        # handed to a backend that delivers nothing (console, file, dummy: development); final
        UNDELIVERED = "undelivered"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    # None only for an invitation to an email address no account uses (yet): the email goes to
    # `context["to"]` (`outbox.queue_invitation`).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="notices",
    )
    # None for an email about several tables (the daily digest).
    table = models.ForeignKey("games.Table", null=True, blank=True, on_delete=models.CASCADE,
                              related_name="notices")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # What makes the notice one of a kind: "reminder:<table>:<round>:<turn>:<user>", ...
    dedupe_key = models.CharField(max_length=200, unique=True)
    # What the email needs that may have changed by the time it is sent (JSON only).
    context = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    # Not to be sent before this time (a turn's grace for a player who may be at the table,
    # the end of quiet hours).
    due_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The safety-net sweep reads only the rows still waiting to go.
            models.Index(fields=["due_at"], name="notice_unsent",
                         condition=Q(status__in=["pending", "sending", "failed"])),
        ]

    def __str__(self) -> str:
        return f"{self.kind} notice {self.pk} to user {self.user_id} ({self.status})"
