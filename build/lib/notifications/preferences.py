"""Who wants which email, and the signed links that switch them off in one click."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse
from django.utils import timezone

from .models import Notice, Preference

# The preference each kind of notice obeys.
FIELD_OF_KIND = {
    Notice.Kind.REMINDER: "reminder_emails",
    Notice.Kind.YOUR_TURN: "turn_emails",
    Notice.Kind.GAME_OVER: "game_over_emails",
}
FIELDS = ("turn_emails", "reminder_emails", "game_over_emails", "unsubscribed_all")
ALL = "all"  # an unsubscribe link's scope: every email, not one kind
SCOPES = (*FIELD_OF_KIND, ALL)

# Signed values meant for another purpose (a password reset, a session) are no unsubscribe
# tokens, and the other way round.
_SALT = "notifications.unsubscribe"


def _preference(user) -> Preference:
    """The user's row, or an unsaved one with the defaults: reading writes nothing. A user
    loaded with its preference (`select_related`, or a loaded table's seats) needs no query."""
    try:
        return user.notification_preference
    except Preference.DoesNotExist:
        return Preference(user_id=user.pk)


def preferences_json(user) -> dict:
    preference = _preference(user)
    return {field: getattr(preference, field) for field in FIELDS}


def update_preferences(user, data: dict) -> dict:
    """Change some of the user's preferences (`data` maps names in FIELDS to booleans) and
    return them all."""
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise ValueError(f"unknown notification preferences: {', '.join(unknown)}")
    if any(not isinstance(value, bool) for value in data.values()):
        raise ValueError("notification preferences are true or false")
    preference, _ = Preference.objects.get_or_create(user_id=user.pk)
    for field, value in data.items():
        setattr(preference, field, value)
    preference.updated_at = timezone.now()
    preference.save(update_fields=[*data, "updated_at"])
    return {field: getattr(preference, field) for field in FIELDS}


def wants(user, kind: str) -> bool:
    """Whether the user would take an email of this kind now."""
    if not user.email or not user.is_active:
        return False
    preference = _preference(user)
    return not preference.unsubscribed_all and getattr(preference, FIELD_OF_KIND[kind])


# ---------------------------------------------------------------------------- unsubscribe links
class BadToken(Exception):
    """An unsubscribe token that was not made here, was changed, or names nothing we know."""


def unsubscribe_token(user_id: int, scope: str) -> str:
    if scope not in SCOPES:
        raise ValueError(f"unknown unsubscribe scope: {scope}")
    return signing.dumps({"u": user_id, "s": scope}, salt=_SALT, compress=True)


def unsubscribe_url(user_id: int, scope: str) -> str:
    path = reverse("notifications:unsubscribe", args=[unsubscribe_token(user_id, scope)])
    return settings.WILDCARDS_BASE_URL + path


def read_unsubscribe_token(token: str) -> tuple[int, str]:
    """(user id, scope) from a token. Tokens do not expire: an old email's link still works."""
    try:
        value = signing.loads(token, salt=_SALT)
    except signing.BadSignature as error:
        raise BadToken("This unsubscribe link is not valid.") from error
    if (
        not isinstance(value, dict) or not isinstance(value.get("u"), int)
        or value.get("s") not in SCOPES
    ):
        raise BadToken("This unsubscribe link is not valid.")
    return value["u"], value["s"]


def unsubscribe(user_id: int, scope: str) -> None:
    """Switch off one kind of email, or all of them. Doing it again changes nothing, and so
    does a link of an account deleted since (it gets no email anyway)."""
    if not get_user_model().objects.filter(pk=user_id).exists():
        return
    field = "unsubscribed_all" if scope == ALL else FIELD_OF_KIND[scope]
    value = scope == ALL  # unsubscribed_all goes on; a kind's preference goes off
    preference, _ = Preference.objects.get_or_create(user_id=user_id)
    if getattr(preference, field) != value:
        setattr(preference, field, value)
        preference.updated_at = timezone.now()
        preference.save(update_fields=[field, "updated_at"])


def scope_label(scope: str) -> str:
    return {
        Notice.Kind.REMINDER: "halfway reminders",
        Notice.Kind.YOUR_TURN: "“your turn” emails",
        Notice.Kind.GAME_OVER: "“game over” emails",
        ALL: "all emails from Wild Cards",
    }[scope]
