"""The account pages: sign-up, the account page with its API token, a change of address that
the new address confirms, email settings, closing the account.

Log-in, log-out and the password pages are Django's own views (web/urls.py), with templates in
web/templates/registration/. Emails sent from here link to WILDCARDS_BASE_URL, like every
other email of the site.
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.addresses import (
    CONFIRMATION_DAYS,
    ChangeRefused,
    change_token,
    confirm_change,
    email_taken,
)
from accounts.closing import close_account
from accounts.models import ADDRESS_TAKEN
from accounts.tokens import api_token_of, expires_at, has_expired, new_api_token, revoke_api_token
from games.service.chat import forget_person
from games.service.play import leave_every_table
from notifications.preferences import NIGHT, BadPreference, preferences_json, update_preferences
from wildcards.throttling import first_in

from .account_forms import CloseAccountForm, EmailChangeForm, NotificationSettingsForm, SignUpForm
from .limits import limited

logger = logging.getLogger(__name__)


def _posted(request):
    return request.POST if request.method == "POST" else None


def _next(request) -> str:
    """Where to go after signing up: `next` if it is an address of this site (an invitation's
    link, say), else ""."""
    wanted = request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure())
    return wanted if safe else ""


@require_http_methods(["GET", "POST"])
@limited("signup")
def signup(request):
    if request.user.is_authenticated:
        return redirect(_next(request) or "home")
    # The form posts back to this address, `next` (and an invitation's `email`) included.
    form = SignUpForm(_posted(request), initial={"email": request.GET.get("email", "")})
    if form.is_bound and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                update_preferences(user, form.email_preferences())
        except IntegrityError:  # the name or address taken by a sign-up at the same moment
            if email_taken(form.cleaned_data["email"]):
                form.add_error("email", ADDRESS_TAKEN)
            else:
                form.add_error("username", "That username is taken.")
        else:
            login(request, user)
            messages.success(request, f"Welcome to Wild Cards, {user.username}!")
            return redirect(_next(request) or "home")
    return render(request, "web/account/signup.html", {"form": form, "next": _next(request)})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, with the site's address for the link in the email, and at most one email per
    address in WILDCARDS_PASSWORD_RESET_MINUTES: asked again sooner, it sends nothing and
    answers the same (as it does for an address no account has)."""

    html_email_template_name = "registration/password_reset_email_html.html"

    def form_valid(self, form):
        self.extra_email_context = {"base_url": settings.WILDCARDS_BASE_URL}
        minutes = settings.WILDCARDS_PASSWORD_RESET_MINUTES
        address = form.cleaned_data["email"].lower()
        if minutes and not first_in(
                "password-reset:" + hashlib.sha256(address.encode()).hexdigest(), minutes * 60):
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


@login_required
@require_GET
def account(request):
    return _account_page(request)


def _account_page(request, new_token: str | None = None):
    """The account page; `new_token` is shown this once (only its digest is kept)."""
    token = api_token_of(request.user)
    return render(request, "web/account/account.html", {
        "token": token, "token_expires": expires_at(token) if token else None,
        "token_expired": token is not None and has_expired(token, timezone.now()),
        "new_token": new_token})


@login_required
@require_POST
def rotate_token(request):
    """Answered with the page itself, not a redirect: the new token is shown once, in this
    answer, and kept nowhere (not even in the session's messages)."""
    return _account_page(request, new_token=new_api_token(request.user))


@login_required
@require_POST
def revoke_token(request):
    if revoke_api_token(request.user):
        messages.success(request, "Your API token is revoked: it no longer works.")
    return redirect("account")


@login_required
@require_http_methods(["GET", "POST"])
def change_email(request):
    form = EmailChangeForm(request.user, _posted(request))
    if form.is_bound and form.is_valid():
        address = form.cleaned_data["email"]
        try:
            _confirmation_email(request.user, address).send()
        except Exception:  # the mail server: nothing is changed, the person may try again
            logger.exception("could not send the address confirmation to user %s",
                             request.user.pk)
            form.add_error(None, "We could not send the email just now. Please try again "
                                 "in a few minutes.")
        else:
            messages.success(
                request, f"We sent a link to {address}. Follow it within {CONFIRMATION_DAYS} "
                         "days to make it your address; until then your address does not "
                         "change.")
            return redirect("account")
    return render(request, "web/account/change_email.html", {"form": form})


def _confirmation_email(user, address: str) -> EmailMultiAlternatives:
    link = settings.WILDCARDS_BASE_URL + reverse("account-email-confirm",
                                                 args=[change_token(user, address)])
    context = {"user": user, "address": address, "link": link, "days": CONFIRMATION_DAYS}
    subject = " ".join(render_to_string("web/email/confirm_address_subject.txt",
                                        context).split())
    message = EmailMultiAlternatives(
        subject=subject, to=[address],
        body=render_to_string("web/email/confirm_address.txt", context),
        headers={"Auto-Submitted": "auto-generated"})
    message.attach_alternative(render_to_string("web/email/confirm_address.html", context),
                               "text/html")
    return message


@require_GET
def confirm_email(request, token: str):
    """The link from the email, followed whether or not its owner is logged in here."""
    try:
        user = confirm_change(token)
    except ChangeRefused as error:
        return render(request, "web/account/email_confirmed.html", {"error": str(error)},
                      status=400)
    return render(request, "web/account/email_confirmed.html", {"address": user.email})


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request):
    current = preferences_json(request.user)
    if request.method == "POST":
        posted = request.POST.copy()
        if "night" in posted:  # the one-click "not at night"
            posted["quiet_hours_start"], posted["quiet_hours_end"] = NIGHT
        elif "no_quiet_hours" in posted:
            posted["quiet_hours_start"] = posted["quiet_hours_end"] = ""
        form = NotificationSettingsForm(posted)
        if form.is_valid():
            changes = form.preferences()
            unmuted = {int(value) for value in request.POST.getlist("unmute")
                       if value.isascii() and value.isdigit()}
            changes["muted_tables"] = [table for table in current["muted_tables"]
                                       if table not in unmuted]
            try:
                update_preferences(request.user, changes)
            except BadPreference as error:
                form.add_error(error.field if error.field in form.fields else None,
                               error.detail)
            else:
                messages.success(request, "Your email settings are saved.")
                return redirect("account-notifications")
    else:
        form = NotificationSettingsForm(initial=current)
    return render(request, "web/account/notifications.html",
                  {"form": form, "muted": current["muted_tables"], "night": NIGHT})


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request):
    form = CloseAccountForm(request.user, _posted(request))
    if form.is_bound and form.is_valid():
        user = request.user
        leave_every_table(user)
        forget_person(user)  # their chat messages, reports and mutes
        close_account(user)
        logout(request)
        messages.success(request, "Your account is closed.")
        return redirect("home")
    return render(request, "web/account/delete.html", {"form": form})
