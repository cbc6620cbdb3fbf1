"""The API's token check, as DRF's (same answers, same `request.auth`), in one query that
also brings the user's email preference (`games.storage.reads.token_owner`): every API request
makes it, and the A/B of docs/benchmarks.md keeps it."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from games.storage.reads import token_owner


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <key>`."""

    def authenticate_credentials(self, key):
        found = token_owner(key)
        if found is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token, user = found
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (user, token)
