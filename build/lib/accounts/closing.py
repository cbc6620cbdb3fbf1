"""Closing an account: the person goes, their games stay.

Tables and seats point at the user with a PROTECT foreign key, and finished games must keep
every player, so the row stays and loses everything that was the person's: name, address,
password, API token, email preferences. The caller first takes the person away from their
tables (`games.service.play.leave_every_table`); this module knows nothing of games.
"""

from __future__ import annotations

from django.db import transaction

from accounts.tokens import revoke_api_token
from notifications.models import Preference

# A closed account is renamed `deleted-<id>`; no one may sign up with such a name.
CLOSED_PREFIX = "deleted-"
RESERVED_NAME = f"Names starting with “{CLOSED_PREFIX}” are kept for closed accounts."


def is_reserved_username(username: str) -> bool:
    return username.lower().startswith(CLOSED_PREFIX)


def close_account(user) -> None:
    with transaction.atomic():
        user.username = f"{CLOSED_PREFIX}{user.pk}"
        user.email = ""
        user.first_name = user.last_name = ""
        # A new password hash also ends every session the person still has open elsewhere.
        user.set_unusable_password()
        user.is_active = user.is_staff = user.is_superuser = False
        user.save()
        user.groups.clear()
        user.user_permissions.clear()
        revoke_api_token(user)
        Preference.objects.filter(user=user).delete()
