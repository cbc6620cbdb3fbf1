"""Email addresses: one account per address, and a change that the new address confirms.

A change is not stored anywhere until it is confirmed: the link mailed to the new address
carries it, signed (Django's `signing`, with a salt of its own) and good for three days. The
link also names the address it replaces, so an older link cannot undo a later change.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction

CONFIRMATION_DAYS = 3
_SALT = "accounts.email-change"


class ChangeRefused(Exception):
    """A confirmation link that cannot switch the address; the message says why."""


def email_taken(email: str, *, by_other_than=None) -> bool:
    """Whether an account (other than `by_other_than`) uses the address, whatever its case."""
    others = get_user_model().objects.filter(email__iexact=email)
    if by_other_than is not None:
        others = others.exclude(pk=by_other_than.pk)
    return others.exists()


def change_token(user, new_email: str) -> str:
    return signing.dumps({"u": user.pk, "from": user.email, "to": new_email}, salt=_SALT)


def confirm_change(token: str):
    """Switch the address a link names and return the user; raise ChangeRefused if it cannot.
    Following a link again after it worked changes nothing and is no error."""
    try:
        value = signing.loads(token, salt=_SALT, max_age=timedelta(days=CONFIRMATION_DAYS))
    except signing.SignatureExpired:
        raise ChangeRefused(
            f"This link has expired: links to confirm an address work for "
            f"{CONFIRMATION_DAYS} days. Ask for a new one from your account page.") from None
    except signing.BadSignature:
        raise ChangeRefused(
            "This link is not valid. It may have been cut short or changed on its way: copy "
            "the whole link from the email.") from None
    if not (isinstance(value, dict) and isinstance(value.get("u"), int)
            and isinstance(value.get("from"), str) and isinstance(value.get("to"), str)):
        raise ChangeRefused("This link is not valid.")
    with transaction.atomic():
        user = (get_user_model().objects.select_for_update()
                .filter(pk=value["u"], is_active=True).first())
        if user is None:
            raise ChangeRefused("The account this link was made for is closed.")
        if user.email == value["to"]:
            return user
        if user.email != value["from"]:
            raise ChangeRefused(
                "Your address has changed since this link was sent, so it no longer works. "
                "Ask for a new one from your account page.")
        if email_taken(value["to"], by_other_than=user):
            raise ChangeRefused(
                f"Another account has started using {value['to']} since this link was sent, "
                "so it cannot be yours as well.")
        user.email = value["to"]
        try:
            user.save(update_fields=["email"])
        except IntegrityError:  # a sign-up took the address at this very moment
            raise ChangeRefused(f"Another account has started using {value['to']}, so it "
                                "cannot be yours as well.") from None
    return user
