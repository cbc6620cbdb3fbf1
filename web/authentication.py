"""The web pages' log-in check: Django's own backend, reading the session's user with the
prepared query of `games.storage` (every page view makes it)."""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend

from games.storage.people import user_with_preference


class SessionUserBackend(ModelBackend):
    """Django's ModelBackend (log-in by username and password, permissions); only reading the
    logged-in user back from the session is one prepared query."""

    def get_user(self, user_id):
        user = user_with_preference(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None
