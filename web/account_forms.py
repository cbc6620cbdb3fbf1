"""The forms of the account pages. Sign-up and passwords build on Django's own forms."""

from __future__ import annotations

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

from accounts.addresses import email_taken
from accounts.closing import RESERVED_NAME, is_reserved_username
from accounts.login_attempts import TooManyFailures, check_password, log_in
from accounts.models import ADDRESS_TAKEN
from notifications.preferences import NIGHT
from notifications.quiet_hours import hhmm, zone_names

User = get_user_model()


class SignUpForm(UserCreationForm):
    """Django's sign-up form (case-insensitive unique names, the password validators), with an
    email address that is required and not another account's."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].required = True
        self.fields["email"].label = "Email address"
        self.fields["email"].help_text = (
            "For your-turn emails and password resets; other players never see it.")
        self.fields["email"].widget.attrs["autocomplete"] = "email"
        self.fields["username"].widget.attrs["autocomplete"] = "username"

    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    not_at_night = forms.BooleanField(
        required=False, label="No emails at night (22:00–08:00 your time)",
        help_text="You can change this, and your time zone, in your email settings.")

    def clean_time_zone(self):
        """The browser's zone; one this server does not know is no reason to refuse a
        sign-up: the account starts in UTC."""
        zone = self.cleaned_data.get("time_zone") or ""
        return zone if zone in zone_names() else "UTC"

    def email_preferences(self) -> dict:
        """What the sign-up chose, as notifications.preferences.update_preferences takes it."""
        chosen = {"time_zone": self.cleaned_data["time_zone"]}
        if self.cleaned_data.get("not_at_night"):
            chosen["quiet_hours_start"], chosen["quiet_hours_end"] = NIGHT
        return chosen

    def clean_username(self):
        username = super().clean_username()
        if username and is_reserved_username(username):
            raise forms.ValidationError(RESERVED_NAME)
        return username

    def clean_email(self):
        email = User.objects.normalize_email(self.cleaned_data["email"])
        if email_taken(email):
            raise forms.ValidationError(ADDRESS_TAKEN)
        return email


class LogInForm(AuthenticationForm):
    """Django's log-in form, through `accounts.login_attempts.log_in`: too many failed log-ins
    for a username lately, and the form says so instead of checking the password."""

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            try:
                self.user_cache = log_in(self.request, username, password)
            except TooManyFailures as refused:
                raise forms.ValidationError(refused.sentence, code="too-many-failures") from None
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class PasswordCheckMixin:
    """A field with the person's current password, checked against their account (a failure
    counts as a failed log-in: `accounts.login_attempts`)."""

    def clean_password(self):
        return checked_password(self.user, self.cleaned_data["password"],
                                forms.ValidationError("That is not your password."))


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Django's change of password, its old password checked as `PasswordCheckMixin` does."""

    def clean_old_password(self):
        wrong = forms.ValidationError(self.error_messages["password_incorrect"],
                                      code="password_incorrect")
        return checked_password(self.user, self.cleaned_data["old_password"], wrong)


def checked_password(user, password: str, wrong: forms.ValidationError) -> str:
    """`password` if it is `user`'s, else `wrong` raised; a failure counts as a failed log-in
    (`accounts.login_attempts`), and past the limit the form says so without checking."""
    try:
        right = check_password(user, password)
    except TooManyFailures as refused:
        raise forms.ValidationError(refused.sentence, code="too-many-failures") from None
    if not right:
        raise wrong
    return password


def current_password_field() -> forms.CharField:
    return forms.CharField(
        label="Your password", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))


class EmailChangeForm(PasswordCheckMixin, forms.Form):
    email = forms.EmailField(
        label="New email address", max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}),
        help_text="We send a link to this address; your address changes when you follow it.")
    password = current_password_field()

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_email(self):
        email = User.objects.normalize_email(self.cleaned_data["email"])
        if email.lower() == self.user.email.lower():
            raise forms.ValidationError("That is your address already.")
        if email_taken(email, by_other_than=self.user):
            raise forms.ValidationError(ADDRESS_TAKEN)
        return email


def zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zone_names())]


class NotificationSettingsForm(forms.Form):
    """The preferences of notifications.preferences.FIELDS (muted tables have their own
    switches, on the page and on each table)."""

    turn_emails = forms.BooleanField(
        required=False, label="Your turn",
        help_text="An email when a turn waits for you at a turn-by-turn table and you are "
                  "not there (once, until you come back to that table).")
    reminder_emails = forms.BooleanField(
        required=False, label="Halfway reminders",
        help_text="An email halfway through your turn at a turn-by-turn table, if you have "
                  "not played yet.")
    game_over_emails = forms.BooleanField(
        required=False, label="Game over",
        help_text="An email with the final ranking when a game you played in ends.")
    unsubscribed_all = forms.BooleanField(
        required=False, label="No email at all",
        help_text="Stops every email from Wild Cards, whatever the others say.")
    daily_digest = forms.BooleanField(
        required=False, label="One email a day instead",
        help_text="Instead of an email for each turn, one email in the morning listing the "
                  "tables waiting for you.")
    time_zone = forms.ChoiceField(
        choices=zone_choices, label="Your time zone", required=False,
        help_text="Emails and pages show every time in it.")
    quiet_hours_start = forms.TimeField(
        required=False, label="Quiet hours from", widget=forms.TimeInput(
            attrs={"type": "time"}, format="%H:%M"),
        help_text="No email from this time...")
    quiet_hours_end = forms.TimeField(
        required=False, label="until", widget=forms.TimeInput(
            attrs={"type": "time"}, format="%H:%M"),
        help_text="...until this one, in your time zone. Leave both empty for none.")

    def clean(self):
        data = super().clean()
        start, end = data.get("quiet_hours_start"), data.get("quiet_hours_end")
        if (start is None) != (end is None) and not self.errors:
            self.add_error("quiet_hours_end" if end is None else "quiet_hours_start",
                           "Give both ends of your quiet hours, or neither.")
        elif start is not None and start == end:
            self.add_error("quiet_hours_end", "Quiet hours end at another time than they "
                                              "start.")
        return data

    def preferences(self) -> dict:
        """The cleaned data as notifications.preferences.update_preferences takes it."""
        data = dict(self.cleaned_data)
        if not data["time_zone"]:  # not sent: unchanged
            del data["time_zone"]
        for field in ("quiet_hours_start", "quiet_hours_end"):
            data[field] = hhmm(data[field])
        return data


class CloseAccountForm(PasswordCheckMixin, forms.Form):
    password = current_password_field()
    understood = forms.BooleanField(
        label="Close my account for good",
        help_text="My games in play are conceded, the tables I host that have not started are "
                  "cancelled, and this account cannot be opened again.",
        error_messages={"required": "Tick the box to say you want your account closed."})

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)
