"""The move log and the answers kept for retried moves: rows about a table's moves."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class Move(models.Model):
    """The append-only move log: every accepted move, with what it did."""

    class By(models.TextChoices):
        PLAYER = "player"
        BOT = "bot"
        TIMER = "timer"
        DEALER = "dealer"  # a round's deal (action `deal`)
        ORDER = "order"  # a standing order of the seat's player
        EMAIL = "email"  # taken from a link in an email

    # (No index of its own: move_version_unique, table first, serves it; every move adds a row.)
    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="moves",
                              db_index=False)
    version = models.PositiveIntegerField()  # the table's version after the move
    round_number = models.PositiveSmallIntegerField()
    seat = models.SmallIntegerField()
    action = models.CharField(max_length=16)
    card = models.CharField(max_length=32, null=True, blank=True)
    color = models.CharField(max_length=8, null=True, blank=True)
    target = models.SmallIntegerField(null=True, blank=True)
    by = models.CharField(max_length=8, choices=By.choices, default=By.PLAYER)
    # What happened, with drawn cards: the log shows them only to the seat that drew them.
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="move_version_unique"),
        ]


class IdempotentAnswer(models.Model):
    """The first answer to a move sent with an Idempotency-Key, given again on retries."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=255)
    refused = models.CharField(max_length=32, blank=True, default="")  # reason code; "" if accepted
    body = models.JSONField()
    # The move as asked (Move.to_dict() and expected_version): a retry must ask the same. Null
    # for answers stored before it was kept.
    request = models.JSONField(null=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "seat", "key"], name="idempotency_unique"),
        ]
        # The daily clean-up deletes by age.
        indexes = [models.Index(fields=["created_at"], name="idempotency_created")]
