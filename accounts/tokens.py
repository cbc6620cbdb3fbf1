"""The API token of an account (DRF's `Token`: one per user, its key is the secret)."""

from __future__ import annotations

from django.db import transaction
from rest_framework.authtoken.models import Token


def api_token(user) -> str | None:
    """The user's token, or None before they ask for one: reading creates nothing."""
    return Token.objects.filter(user=user).values_list("key", flat=True).first()


def new_api_token(user) -> str:
    """Replace the user's token: the old one stops working at once."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user).key
