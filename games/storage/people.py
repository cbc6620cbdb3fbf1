"""Reading a person for a request: the API's token check and the web session's user, each in
one prepared query that brings the user's email preference along (every request makes one)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from accounts.models import ApiToken
from notifications.models import Preference

from . import sql

_TOKEN = sql.Columns(ApiToken, "k")
_USER = sql.Columns(get_user_model(), "u")
_PREFERENCE = sql.Columns(Preference, "p")
# The reverse one-to-one user -> preference: the user carries its preference row (or that it
# has none), so "does this person want an email" needs no query.
_PREFERENCE_OF_USER = Preference.user.field.remote_field


def token_owner(digest: str) -> tuple[ApiToken, object] | None:
    """The API token whose digest is `digest` and its user, the user carrying its email
    preference: one query (every API request checks a token)."""
    if not sql.prepared():
        token = (ApiToken.objects.select_related("user", "user__notification_preference")
                 .filter(digest=digest).first())
        return None if token is None else (token, token.user)
    rows = sql.fetch(
        f"SELECT {_TOKEN.sql}, {_USER.sql}, {_PREFERENCE.sql} FROM {sql.table(ApiToken)} k "
        f"JOIN {sql.table(_USER.model)} u ON u.id = k.user_id "
        f"LEFT OUTER JOIN {sql.table(Preference)} p ON p.user_id = u.id WHERE k.digest = %s",
        [digest])
    if not rows:
        return None
    token = _TOKEN.build(rows[0])
    user = _USER.build(rows[0], _TOKEN.width)
    _PREFERENCE_OF_USER.set_cached_value(
        user, _PREFERENCE.build_or_none(rows[0], _TOKEN.width + _USER.width))
    ApiToken.user.field.set_cached_value(token, user)
    return token, user


def user_with_preference(user_id: int):
    """The user and its email preference, in one query (the web pages' session check)."""
    if not sql.prepared():
        return (_USER.model.objects.select_related("notification_preference")
                .filter(pk=user_id).first())
    rows = sql.fetch(
        f"SELECT {_USER.sql}, {_PREFERENCE.sql} FROM {sql.table(_USER.model)} u "
        f"LEFT OUTER JOIN {sql.table(Preference)} p ON p.user_id = u.id WHERE u.id = %s",
        [user_id])
    if not rows:
        return None
    user = _USER.build(rows[0])
    _PREFERENCE_OF_USER.set_cached_value(user, _PREFERENCE.build_or_none(rows[0], _USER.width))
    return user

