"""The table chat (`games.service.chat`): messages, who mutes whom, and reports to the
operator. None of it is part of a game: not in the move log, not in the game record."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ChatMessage(models.Model):
    """A message as its author wrote it (pages escape it). The host may hide it (`hidden_at`):
    it then reaches nobody but the host, who may show it again. The author's seat is read from
    the table's seats when shown: before the deal, seats move up when one is given back."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="chat_messages")
    text = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["table", "id"], name="chat_table_order"),
            # The rate limit counts an author's recent messages at a table.
            models.Index(fields=["author", "table", "created_at"], name="chat_author_recent"),
        ]

    def __str__(self) -> str:
        return f"message {self.pk} at table {self.table_id}"


class ChatMute(models.Model):
    """`user` reads nothing `muted` writes, at any table."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="chat_mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once")]


class ChatReport(models.Model):
    """A message reported to the operator (the admin's list of reports), once per reporter."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="+")
    reason = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    handled_at = models.DateTimeField(null=True, blank=True)  # the operator dealt with it

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"],
                                               name="chat_report_once")]
        indexes = [models.Index(fields=["created_at"], name="chat_report_open",
                                condition=models.Q(handled_at__isnull=True))]

    def __str__(self) -> str:
        return f"report {self.pk} of message {self.message_id}"
