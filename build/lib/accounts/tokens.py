"""An account's API token: one at most, stored as its SHA-256 digest (`ApiToken`).

The token is 40 random hex characters, shown once when it is made; the database holds only its
digest, so a copy of the database gives no one a working token. A plain (unsalted) hash is
enough for a random 160-bit secret, and lets the token check find the row by its digest in the
one query every API request makes. With WILDCARDS_TOKEN_TTL_DAYS set, a token stops working
that many days after it was made (a change of the setting applies to existing tokens too).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from accounts.models import ApiToken


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_api_token(user) -> str:
    """Make the user a new token and return it; any old one stops working at once."""
    token = secrets.token_hex(20)
    with transaction.atomic():
        ApiToken.objects.filter(user=user).delete()
        ApiToken.objects.create(user=user, digest=digest(token))
    return token


def revoke_api_token(user) -> bool:
    """Delete the user's token; whether there was one."""
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    return deleted > 0


def api_token_of(user) -> ApiToken | None:
    """The user's token row (its date, not the token), or None: reading creates nothing."""
    return ApiToken.objects.filter(user=user).first()


def expires_at(token: ApiToken) -> datetime | None:
    """When the token stops working; None while WILDCARDS_TOKEN_TTL_DAYS is not set."""
    days = settings.WILDCARDS_TOKEN_TTL_DAYS
    return token.created + timedelta(days=days) if days else None


def has_expired(token: ApiToken, now: datetime) -> bool:
    end = expires_at(token)
    return end is not None and now >= end
