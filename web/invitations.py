"""Invitations on the pages: the host's "Invite a player" form in the lobby, and the page of an
invitation's link (`/invitations/<token>`), whose button seats the person invited. Thin, like
the other pages: `games.service.invitations` decides and writes.

A GET of the link changes nothing (mail scanners open links); its POST seats. Someone not
logged in is sent to log in or sign up and comes back to the link (`next`).
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timesince
from django.views.decorators.http import require_http_methods, require_POST

from games.service import invitations, results
from games.service.errors import GameError
from games.service.shown import table_in_words
from games.storage.reads import Game

from .forms import InvitePlayerForm

# The lobby's form after a refusal: what was typed and why it was refused, kept in the session
# for the page the browser is sent back to (the lobby is a part of the table's page).
REFUSED = "wildcards.invitation-refused"

# The link's refusals, as pages: which status each answers with.
STATUS = {"invitation-invalid": 400, "invitation-for-another": 403, "invitation-used": 410,
          "table-cancelled": 410}


# ------------------------------------------------------------------------------ the lobby
@login_required
@require_POST
def invite(request: HttpRequest, table_id: int) -> HttpResponse:
    form = InvitePlayerForm(request.POST)
    if not form.is_valid():
        return _refused(request, table_id, request.POST.get("to", ""), form.errors["to"][0])
    to = form.cleaned_data["to"]
    try:
        invitation = invitations.invite(table_id, request.user, to)
    except GameError as error:
        if error.code == "not-found":
            raise Http404(error.detail) from None
        if error.field is None:  # about the table, not whom was typed (started, full...)
            messages.error(request, error.detail)
            return redirect("table", table_id=table_id)
        return _refused(request, table_id, to, error.detail)
    messages.success(request, f"{invitation.to} is invited: the email with the link is on "
                              f"its way.")
    return redirect("table", table_id=table_id)


def _refused(request: HttpRequest, table_id: int, to: str, error: str) -> HttpResponse:
    request.session[REFUSED] = {"table": table_id, "to": to[:254], "error": error}
    return redirect(reverse("table", args=[table_id]) + "#invite-player")


def for_the_host(request: HttpRequest, game: Game) -> dict:
    """The lobby's part for its host: the form (with the last refusal at this table, if the
    browser was sent back with one) and the invitations not used yet."""
    form = InvitePlayerForm()
    refused = request.session.get(REFUSED)
    if refused and refused.get("table") == game.table.pk:
        del request.session[REFUSED]
        form = InvitePlayerForm({"to": refused["to"]})
        if form.is_valid():  # else the form says what is wrong itself
            form.add_error("to", refused["error"])
    now = timezone.now()
    pending = [{"to": invitation.to, "when": _when(invitation.created_at, now)}
               for invitation in invitations.of_table(game.table.pk, request.user,
                                                      pending_only=True)]
    return {"invite_player_form": form, "invitations": pending}


def _when(moment, now) -> str:
    if now - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment, now)} ago"


# ---------------------------------------------------------------------------- the link
@require_http_methods(["GET", "POST"])
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            game = invitations.accept(token, request.user)
        except GameError as error:
            return _link_refused(request, error)
        seat = game.seat_of(request.user)
        messages.success(request, f"You have seat {seat.number} at table {game.table.pk}. "
                                  f"The host starts the game.")
        return redirect("table", table_id=game.table.pk)
    try:
        invited = invitations.look(token, request.user)
    except GameError as error:
        return _link_refused(request, error)
    game = invited.game
    context = {
        "invited": invited, "table": game.table, "host": invited.host,
        "seats": [seat.name for seat in game.seats],
        "settings": table_in_words(game.table, rated=results.shows_rated(game)),
        "refusal": invited.refusal.detail if invited.refusal else None,
        "next": request.get_full_path(),
        # Who the link is for, to someone not logged in: an address, to sign up with.
        "address": invited.invitation.address if invited.invitation.user_id is None else "",
    }
    status = STATUS.get(invited.refusal.code, 409) if invited.refusal else 200
    return render(request, "web/invitation.html", context, status=status)


def _link_refused(request: HttpRequest, error: GameError) -> HttpResponse:
    return render(request, "web/invitation.html", {"refusal": error.detail},
                  status=STATUS.get(error.code, 409))
