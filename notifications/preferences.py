"""Who wants which email, and the signed links that switch them off in one click."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from .models import Notice, Preference
from .quiet_hours import Quiet, hhmm, parse_hhmm, zone_names

# The preference each kind of notice obeys. "The game has begun" is turn news: the switch of
# the "your turn" emails. An invitation has no switch of its own (a person asked for it, and it
# comes once): only `unsubscribed_all` stops it, and its unsubscribe link is the one for all.
FIELD_OF_KIND = {
    Notice.Kind.REMINDER: "reminder_emails",
    Notice.Kind.YOUR_TURN: "turn_emails",
    Notice.Kind.DIGEST: "turn_emails",
    Notice.Kind.GAME_START: "turn_emails",
    Notice.Kind.GAME_OVER: "game_over_emails",
}
SWITCHES = ("turn_emails", "reminder_emails", "game_over_emails", "unsubscribed_all",
            "daily_digest")
FIELDS = (*SWITCHES, "time_zone", "quiet_hours_start", "quiet_hours_end", "muted_tables")
ALL = "all"  # an unsubscribe link's scope: every email, not one kind
SCOPES = (Notice.Kind.REMINDER, Notice.Kind.YOUR_TURN, Notice.Kind.GAME_OVER,
          Notice.Kind.GAME_START, ALL)
# "Not at night", the one-click choice of the sign-up and settings pages.
NIGHT = ("22:00", "08:00")

# Signed values meant for another purpose (a password reset, a session) are no unsubscribe
# tokens, and the other way round.
_SALT = "notifications.unsubscribe"


class BadPreference(ValueError):
    """A preference that cannot be set: `field` names it."""

    def __init__(self, field: str, detail: str):
        super().__init__(detail)
        self.field, self.detail = field, detail


def preference_of(user) -> Preference:
    """The user's row, or an unsaved one with the defaults: reading writes nothing. A user
    loaded with its preference (`select_related`, or a loaded table's seats) needs no query."""
    try:
        return user.notification_preference
    except Preference.DoesNotExist:
        return Preference(user_id=user.pk)


def quiet_of(user) -> Quiet:
    """The user's time zone and quiet hours."""
    return Quiet.of(preference_of(user))


def preferences_json(user) -> dict:
    return _as_json(preference_of(user))


def _as_json(preference: Preference) -> dict:
    shown = {field: getattr(preference, field) for field in SWITCHES}
    return {**shown, "time_zone": preference.time_zone,
            "quiet_hours_start": hhmm(preference.quiet_hours_start),
            "quiet_hours_end": hhmm(preference.quiet_hours_end),
            "muted_tables": sorted(preference.muted_tables)}


def checked(user, data: dict) -> dict:
    """The changes of `data` as stored values, or BadPreference for the first bad one."""
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise BadPreference(unknown[0],
                            f"unknown notification preferences: {', '.join(unknown)}")
    values = {}
    for field in SWITCHES:
        if field in data:
            if not isinstance(data[field], bool):
                raise BadPreference(field, "Must be true or false.")
            values[field] = data[field]
    if "time_zone" in data:
        if data["time_zone"] not in zone_names():
            raise BadPreference("time_zone", "Not a time zone: give an IANA name such as "
                                             "\"Europe/Paris\" or \"America/New_York\".")
        values["time_zone"] = data["time_zone"]
    for field in ("quiet_hours_start", "quiet_hours_end"):
        if field in data:
            try:
                values[field] = None if data[field] is None else parse_hhmm(data[field])
            except ValueError as error:
                raise BadPreference(field, f"{str(error).capitalize()}, or null.") from None
    if "muted_tables" in data:
        values["muted_tables"] = _checked_tables(user, data["muted_tables"])
    return values


def _checked_tables(user, ids) -> list[int]:
    if not isinstance(ids, list) or not all(
            isinstance(value, int) and not isinstance(value, bool) for value in ids):
        raise BadPreference("muted_tables", "A list of table ids, for example [12, 40].")
    wanted = set(ids)
    # The tables the user has a seat at (Notice's foreign key names the table model, which
    # this app may not import).
    table_model = Notice._meta.get_field("table").related_model
    found = set(table_model.objects.filter(pk__in=wanted, seats__user_id=user.pk)
                .values_list("pk", flat=True)) if wanted else set()
    if wanted - found:
        raise BadPreference("muted_tables",
                            f"You have no seat at table {min(wanted - found)}.")
    return sorted(wanted)


def update_preferences(user, data: dict) -> dict:
    """Change some of the user's preferences (names in FIELDS, values as the API takes them)
    and return them all. BadPreference, and nothing changed, for a bad one; quiet hours have
    both ends or none."""
    values = checked(user, data)
    with transaction.atomic():
        preference, _ = Preference.objects.select_for_update().get_or_create(user_id=user.pk)
        for field, value in values.items():
            setattr(preference, field, value)
        if (preference.quiet_hours_start is None) != (preference.quiet_hours_end is None):
            field = ("quiet_hours_end" if preference.quiet_hours_end is None
                     else "quiet_hours_start")
            raise BadPreference(field, "Quiet hours need a start and an end (or both null).")
        if (preference.quiet_hours_start is not None
                and preference.quiet_hours_start == preference.quiet_hours_end):
            raise BadPreference("quiet_hours_end",
                                "Quiet hours end at another time than they start.")
        preference.updated_at = timezone.now()
        preference.save(update_fields=[*values, "updated_at"])
    # The user object other code holds sees the change too.
    user.notification_preference = preference
    return _as_json(preference)


def mute_table(user, table_id: int, muted: bool) -> None:
    """Mute or unmute one table's emails (the table page's switch)."""
    muted_now = set(preference_of(user).muted_tables)
    changed = muted_now | {table_id} if muted else muted_now - {table_id}
    if changed != muted_now:
        update_preferences(user, {"muted_tables": sorted(changed)})


def wants(user, kind: str, table_id: int | None = None) -> bool:
    """Whether the user would take an email of this kind (about that table) now. No user: an
    address with no account, to which only an invitation goes."""
    if user is None:
        return kind == Notice.Kind.INVITATION
    if not user.email or not user.is_active:
        return False
    preference = preference_of(user)
    if preference.unsubscribed_all:
        return False
    if table_id is not None and table_id in preference.muted_tables:
        return False
    if kind == Notice.Kind.YOUR_TURN and preference.daily_digest:
        return False  # the day's digest tells them instead
    field = FIELD_OF_KIND.get(kind)  # None: a kind with no switch of its own (an invitation)
    return field is None or getattr(preference, field)


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


def unsubscribed(user_id: int, scope: str) -> tuple[str, bool] | None:
    """(the account's name, whether it gets none of these emails already) for an unsubscribe
    link's page; None for an account deleted since."""
    user = (get_user_model().objects.select_related("notification_preference")
            .filter(pk=user_id).first())
    if user is None:
        return None
    preference = preference_of(user)
    if scope == ALL:
        return user.username, preference.unsubscribed_all
    return user.username, (preference.unsubscribed_all
                           or not getattr(preference, FIELD_OF_KIND[scope]))


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
        Notice.Kind.GAME_START: "“your turn” and “the game has begun” emails",
        ALL: "all emails from Wild Cards",
    }[scope]
