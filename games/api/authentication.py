"""The API's token check, as DRF's (same header, same `request.auth`), in one query that also
brings the user's email preference (`games.storage.people.token_owner`): every API request
makes it, and the A/B of docs/benchmarks.md keeps it. The token is looked up by its digest
(`accounts.tokens`): the database holds no token as such.

The header's keyword is `Token` (DRF's, and the docs') or `Bearer` (what generated clients send
by default): `Authorization: Token <token>` and `Authorization: Bearer <token>` are the same."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import authentication, exceptions

from accounts.tokens import digest, has_expired
from games.storage.people import token_owner

KEYWORDS = ("Token", "Bearer")


class TokenExpired(exceptions.AuthenticationFailed):
    """A token that was good once: 401 `token-expired` (with WWW-Authenticate, as any 401)."""

    api_code = "token-expired"
    default_detail = ("This token has expired: ask for a new one with POST /api/auth/token or "
                      "from your account page.")


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <token>` or `Authorization: Bearer <token>`."""

    def authenticate(self, request):
        words = authentication.get_authorization_header(request).split()
        keyword = next((k for k in KEYWORDS if words and k.lower().encode() == words[0].lower()),
                       None)
        if keyword is None:
            return None  # no token: the session, else 401
        self.keyword = keyword  # DRF's check of the rest of the header reads it
        return super().authenticate(request)

    def authenticate_header(self, request) -> str:
        return KEYWORDS[0]  # WWW-Authenticate: Token (as before Bearer was accepted)

    def authenticate_credentials(self, key):
        found = token_owner(digest(key))
        if found is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        token, user = found
        if not user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        if has_expired(token, timezone.now()):
            raise TokenExpired()
        return (user, token)
