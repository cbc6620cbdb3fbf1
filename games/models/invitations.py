"""Invitations to a waiting table (`games.service.invitations`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Invitation(models.Model):
    """The host's invitation of one person to a waiting table, by username or by email address.
    Its link (signed: `games.service.invitations`) seats that person once: `used_at` is set, under
    the row's lock, by the use that seats them."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="invitations")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent")
    # The person: their account (invited by name, or by an address an account uses; for an
    # address with no account, the account that used the link), and the address when invited
    # by address (lowercased), which the link's user must then have.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.CASCADE, related_name="invitations")
    address = models.EmailField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(user__isnull=False) | ~Q(address=""),
                                   name="invitation_names_someone"),
            # One pending invitation per person and table (the service says `already-invited`
            # first; these hold against a race all the same).
            models.UniqueConstraint(fields=["table", "user"], name="invitation_pending_user",
                                    condition=Q(used_at__isnull=True, user__isnull=False)),
            models.UniqueConstraint(fields=["table", "address"],
                                    name="invitation_pending_address",
                                    condition=Q(used_at__isnull=True) & ~Q(address="")),
        ]

    def __str__(self) -> str:
        return f"invitation {self.pk} to table {self.table_id}"

    @property
    def to(self) -> str:
        """Whom the host invited, as the host wrote it: the address, or the username (an
        address is never answered with the name of the account that uses it)."""
        return self.address or self.user.username
