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


class NotificationSettingsForm(forms.Form):
    """The four preferences of notifications.preferences.FIELDS."""

    turn_emails = forms.BooleanField(
        required=False, label="Your turn",
        help_text="An email when a new turn comes to you at a turn-by-turn table.")
    reminder_emails = forms.BooleanField(
        required=False, label="Halfway reminders",
        help_text="An email halfway through your turn at a turn-by-turn table, if you have "
                  "not played yet.")
    game_over_emails = forms.BooleanField(
        required=False, label="Game over",
        help_text="An email with the final ranking when a game you played in ends.")
    unsubscribed_all = forms.BooleanField(
        required=False, label="No email at all",
        help_text="Stops every email from Wild Cards, whatever the three above say.")


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
