"""The table page's chat panel: the messages (escaped by the templates), a box to write in,
the quick reactions, and for each message what its reader may do — mute its author, report
it, and for the host hide it or show it again. Each form works without JavaScript (a post and
back to the page); with it, htmx swaps the message list alone, so nothing being typed is lost.
Thin: `games.service.chat` decides and writes."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import dateformat, timezone
from django.views.decorators.http import require_GET, require_POST

from games.models import Seat
from games.service import chat, viewing
from games.service.errors import GameError
from games.storage.reads import Game

from .links import table_links
from .times import moment

PARTIAL = "web/_chat_messages.html"
DRAFT = "chat_draft"  # a message refused without JavaScript, given back to its box
SENT = "wildcardsChatSent"  # htmx's HX-Trigger: the box may be emptied


def chat_context(request: HttpRequest, game: Game, seat: Seat | None) -> dict | None:
    """What the chat panel shows the user; None for someone who may not read the chat."""
    try:
        said = chat.messages_at(game, request.user)
    except GameError:
        return None
    table = game.table
    return {"chat": {
        "messages": [_shown(message) for message in said],
        "can_write": seat is not None, "is_host": table.host_id == request.user.pk,
        "me": request.user.username,
        "muted": chat.muted_at(game, request.user) if seat is not None else [],
        "reactions": chat.REACTIONS, "max_length": chat.MAX_LENGTH,
        "draft": request.session.pop(DRAFT, "") if seat is not None else "",
        "streamed": bool(settings.REDIS_URL), "open_to_watchers": chat.watchers_read(game),
        "url": reverse("table-chat", args=[table.pk]),
        "say_url": reverse("table-chat-say", args=[table.pk]),
        "mute_url": reverse("table-chat-mute", args=[table.pk]),
    }}


def _shown(message: dict) -> dict:
    """With the time written for people: "Fri 14:02" in the viewer's time zone."""
    return {**message, "when": dateformat.format(timezone.localtime(moment(message["at"])),
                                                  "D H:i")}


def _panel(request: HttpRequest, table_id: int, error: str | None = None,
           notice: str | None = None) -> HttpResponse:
    try:
        game = viewing.table_of(table_id)
    except GameError as refused:
        raise Http404(refused.detail) from None
    context = chat_context(request, game, game.seat_of(request.user))
    if context is None:
        return HttpResponse("You may not read this table's chat.", status=403)
    context["chat"].update(error=error, notice=notice)
    context["urls"] = table_links(table_id)
    return render(request, PARTIAL, context)


@login_required
@require_GET
def chat_messages(request: HttpRequest, table_id: int) -> HttpResponse:
    """The message list alone (htmx: a `chat` event came, or the page polls without one)."""
    return _panel(request, table_id)


def _after(request: HttpRequest, table_id: int, error: str | None = None, *,
           notice: str | None = None, sent: bool = False) -> HttpResponse:
    """htmx: the message list anew, with the error or the notice. Without JavaScript: back to
    the page, where they show as messages."""
    if request.htmx:
        response = _panel(request, table_id, error, notice)
        if sent:
            response["HX-Trigger"] = SENT
        return response
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect(reverse("table", args=[table_id]) + "#chat")


@login_required
@require_POST
def say(request: HttpRequest, table_id: int) -> HttpResponse:
    text = request.POST.get("text", "")
    try:
        chat.post(table_id, request.user, text)
    except GameError as error:
        if error.code == "not-found":
            raise Http404(error.detail) from None
        if not request.htmx and error.code != "not-seated":
            request.session[DRAFT] = text  # the box gets it back on the page
        return _after(request, table_id, error.detail)
    return _after(request, table_id, sent=True)


@login_required
@require_POST
def hide(request: HttpRequest, table_id: int, message_id: int) -> HttpResponse:
    hidden = request.POST.get("hidden") == "1"
    try:
        chat.hide(table_id, request.user, message_id, hidden)
    except GameError as error:
        return _after(request, table_id, error.detail)
    return _after(request, table_id, notice="The message is hidden from the others." if hidden
                  else "The message is shown again.")


@login_required
@require_POST
def report(request: HttpRequest, table_id: int, message_id: int) -> HttpResponse:
    reason = request.POST.get("reason", "")
    try:
        chat.report(table_id, request.user, message_id, reason)
    except GameError as error:
        return _after(request, table_id, error.detail)
    return _after(request, table_id,
                  notice="Thank you: the message is reported to the site's operator.")


@login_required
@require_POST
def mute(request: HttpRequest, table_id: int) -> HttpResponse:
    name, muting = request.POST.get("name", ""), request.POST.get("muted") == "1"
    try:
        chat.mute(request.user, name, muting)
    except GameError as error:
        return _after(request, table_id, error.detail)
    return _after(request, table_id,
                  notice=f"You no longer read {name}'s messages, at any table." if muting
                  else f"You read {name}'s messages again.")
