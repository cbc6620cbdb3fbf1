"""The table pages: my games, a new table, the lobby, the table itself. Thin: forms check the
shape of a request, the service layer (`games.service`) decides and writes, the page shows
what `viewing` gives the user — the same views as the API."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from games.rules import Move
from games.service import again, invitations, lobby, pauses, play, viewing
from games.service.errors import GameError, Refusal
from wildcards.numbers import whole_number

from .forms import BotForm, InviteForm, MoveForm, NewTableForm
from .links import table_links
from .table_context import live_context, pick_context, side_panels


# ------------------------------------------------------------------------------ my games
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "web/welcome.html")
    mine = viewing.games_of(request.user)
    # No list of other people's open tables: every seat is taken with its table's invite,
    # which only the host and the seated can pass on. A table someone may join comes as a link.
    return render(request, "web/home.html", {
        "my_turn": [row for row in mine if row["your_turn"]],
        "their_turn": [row for row in mine if row["status"] == "playing"
                       and not row["your_turn"]],
        "waiting": [row for row in mine if row["status"] == "waiting"],
        "invited": invitations.waiting_for(request.user),
        "finished": _finished([row for row in mine if row["status"] == "finished"][:20]),
    })


def _finished(rows: list[dict]) -> list[dict]:
    """Finished games with their ranking (names and ranks)."""
    ranked = viewing.rankings([row["table"] for row in rows])
    return [{**row, "ranking": ranked[row["table"]]} for row in rows if row["table"] in ranked]


# ------------------------------------------------------------------------------ new table
@login_required
def new_table(request: HttpRequest) -> HttpResponse:
    form = NewTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = lobby.create_table(request.user, form.choices())
        except GameError as error:
            form.add_error(error.field if error.field in form.fields else None, error.detail)
        else:
            return redirect("table", table_id=game.table.pk)
    return render(request, "web/new_table.html", {"form": form})


# ------------------------------------------------------------------------------ the table
@login_required
@require_GET
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        context = live_context(request, table_id)
    except GameError as error:
        return error_page(request, error)
    pick = request.GET.get("pick")
    if pick and context.get("view"):
        context.update(pick_context(context, pick, request.GET.get("need", "color"),
                                    request.GET.get("call") == "1"))
    live = mark_safe(render_to_string("web/_live.html", context, request))  # Jinja2, escaped
    return render(request, "web/table.html", {
        "table": context["table"], "urls": context["urls"], "live": live,
        "rated": context["rated"], "settings_words": context["table"].settings.summary(),
        **side_panels(request, context),
        # "Skip to your cards" while the viewer holds cards in a game being played.
        "has_hand": bool(context.get("you")) and context["view"]["status"] == "playing"})


@login_required
@require_GET
def table_live(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's live part, for the page's polling: 204 while nothing has changed since the
    version the page shows (`since`), else the part anew."""
    since = whole_number(request.GET.get("since") or None, "since")
    try:
        context = live_context(request, table_id, since=since)
    except GameError as error:
        if error.code == "not-seated":  # the game began without this visitor: say so, once
            return render(request, "web/_shut_out.html", {"urls": table_links(table_id)})
        return HttpResponse(error.detail, status=_STATUS.get(error.code, 409))
    if context is None:
        return HttpResponse(status=204)
    return render(request, "web/_live.html", context)


# ------------------------------------------------------------------------------- changes
_STATUS = {"not-found": 404, "not-seated": 403, "host-only": 403, "wrong-invite": 403,
           "unexpected-field": 400}


def error_page(request: HttpRequest, error: GameError) -> HttpResponse:
    if error.code == "not-found":
        raise Http404(error.detail)
    return render(request, "web/refused.html", {"detail": error.detail},
                  status=_STATUS.get(error.code, 409))


def _lobby_change(request: HttpRequest, table_id: int, change, *,
                  done: str | None = None) -> HttpResponse:
    """Do a lobby change and go back to the table (or, with `done`, home with that message);
    a refusal comes back as a message on the table's page and changes nothing."""
    try:
        change()
    except GameError as error:
        if error.code == "not-found":
            raise Http404(error.detail) from None
        messages.error(request, error.detail)
        return redirect("table", table_id=table_id)
    if done:
        messages.success(request, done)
        return redirect("home")
    return redirect("table", table_id=table_id)


@login_required
@require_POST
def join(request: HttpRequest, table_id: int) -> HttpResponse:
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Enter the invite code the host gave you.")
        return redirect("table", table_id=table_id)
    invite = form.cleaned_data["invite"]
    return _lobby_change(request, table_id,
                         lambda: lobby.join_table(table_id, request.user, invite))


@login_required
@require_POST
def leave(request: HttpRequest, table_id: int) -> HttpResponse:
    return _lobby_change(request, table_id,
                         lambda: lobby.leave_waiting_table(table_id, request.user))


@login_required
@require_POST
def cancel(request: HttpRequest, table_id: int) -> HttpResponse:
    return _lobby_change(request, table_id, lambda: lobby.cancel_table(table_id, request.user),
                         done="The table is cancelled.")


@login_required
@require_POST
def add_bot(request: HttpRequest, table_id: int) -> HttpResponse:
    form = BotForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose the bot's level: easy, normal or hard.")
        return redirect("table", table_id=table_id)
    level = form.cleaned_data["level"]
    return _lobby_change(request, table_id, lambda: lobby.add_bot(table_id, request.user, level))


@login_required
@require_POST
def remove_bot(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    return _lobby_change(request, table_id,
                         lambda: lobby.remove_bot(table_id, request.user, number))


@login_required
@require_POST
def start(request: HttpRequest, table_id: int) -> HttpResponse:
    # The host's seed for the first deal, put in the form by the page's script (fair_play.py).
    seed = request.POST.get("client_seed") or None
    return _lobby_change(request, table_id,
                         lambda: lobby.start_game(table_id, request.user, seed))


@login_required
@require_POST
def move(request: HttpRequest, table_id: int) -> HttpResponse:
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _after_move(request, table_id, refusal="That move was not understood.")
    data = form.cleaned_data
    chosen = Move(data["action"], data["card"] or None, data["color"] or None, data["target"],
                  data["call"])
    try:
        answer = play.make_move(table_id, request.user, chosen,
                                expected_version=data["expected_version"])
    except GameError as error:
        return error_page(request, error)
    if isinstance(answer, Refusal):
        if chosen.action == "play" and answer.code in ("color-required", "target-required"):
            need = "color" if answer.code == "color-required" else "target"
            return _after_move(request, table_id, pick=(chosen.card, need, chosen.call))
        if answer.code == "stale-version":
            return _after_move(request, table_id, refusal="Someone moved first: this is the "
                                                          "table as it is now.")
        return _after_move(request, table_id, refusal=answer.detail)
    return _after_move(request, table_id)


@login_required
@require_POST
def concede(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        answer = play.concede(table_id, request.user)
    except GameError as error:
        return error_page(request, error)
    refusal = answer.detail if isinstance(answer, Refusal) else None
    return _after_move(request, table_id, refusal=refusal)


def _after_move(request: HttpRequest, table_id: int, *, refusal: str | None = None,
                pick: tuple[str, str, bool] | None = None) -> HttpResponse:
    """htmx: the table's live part anew, with the refusal or the chooser. Without JavaScript:
    back to the page (the refusal as a message, the chooser in the address)."""
    if request.htmx:
        context = live_context(request, table_id)
        context["refusal"] = refusal
        if pick:
            context.update(pick_context(context, *pick))
        return render(request, "web/_live.html", context)
    if refusal:
        messages.error(request, refusal)
    url = reverse("table", args=[table_id])
    if pick:  # the chooser, scrolled to (the page has no script to bring it into view)
        url += f"?pick={pick[0]}&need={pick[1]}" + ("&call=1" if pick[2] else "") + "#chooser"
    return redirect(url)


@login_required
@require_POST
def pause(request: HttpRequest, table_id: int) -> HttpResponse:
    """Propose or accept a pause (issue 27), then the table anew."""
    return _pause_change(request, table_id, pauses.pause)


@login_required
@require_POST
def resume(request: HttpRequest, table_id: int) -> HttpResponse:
    return _pause_change(request, table_id, pauses.resume)


def _pause_change(request: HttpRequest, table_id: int, change) -> HttpResponse:
    try:
        change(table_id, request.user)
    except GameError as error:
        if error.code in ("not-found", "not-seated"):
            return error_page(request, error)
        return _after_move(request, table_id, refusal=error.detail)
    return _after_move(request, table_id)


@login_required
@require_POST
def play_again(request: HttpRequest, table_id: int) -> HttpResponse:
    """A new table with the finished game's settings and bots, its lobby next."""
    try:
        game = again.play_again(table_id, request.user)
    except GameError as error:
        return error_page(request, error)
    messages.success(request, "A new table with the same settings and bots: invite the others "
                              "with its link, or start.")
    return redirect("table", table_id=game.table.pk)
