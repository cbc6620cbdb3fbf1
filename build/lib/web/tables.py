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

from games.rules import REASONS, Move, rules_for
from games.service import lobby, play, results, viewing
from games.service.errors import GameError, Refusal
from games.storage.reads import Game
from wildcards.numbers import whole_number

from .forms import BotForm, InviteForm, MoveForm, NewTableForm
from .links import table_links
from .templatetags.cards import card, card_color, card_label, card_svg
from .words import log_line

POLL_SECONDS = 3  # how often an open table page asks whether anything changed


# ------------------------------------------------------------------------------ my games
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "web/welcome.html")
    mine = viewing.games_of(request.user)
    seated = {row["table"] for row in mine}
    open_tables = [game for game in viewing.tables("open", limit=100)
                   if game.table.pk not in seated][:20]
    return render(request, "web/home.html", {
        "my_turn": [row for row in mine if row["your_turn"]],
        "their_turn": [row for row in mine if row["status"] == "playing"
                       and not row["your_turn"]],
        "waiting": [row for row in mine if row["status"] == "waiting"],
        "finished": _finished([row for row in mine if row["status"] == "finished"][:20]),
        "open_tables": open_tables,
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
        context = _context(request, table_id)
    except GameError as error:
        return error_page(request, error)
    pick = request.GET.get("pick")
    if pick and context.get("view"):
        context.update(_pick(context, pick, request.GET.get("need", "color"),
                             request.GET.get("call") == "1"))
    live = mark_safe(render_to_string("web/_live.html", context, request))  # Jinja2, escaped
    return render(request, "web/table.html", {"table": context["table"], "urls": context["urls"],
                                              "live": live, "rated": context["rated"]})


@login_required
@require_GET
def table_live(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's live part, for the page's polling: 204 while nothing has changed since the
    version the page shows (`since`), else the part anew."""
    since = whole_number(request.GET.get("since") or None, "since")
    try:
        context = _context(request, table_id, since=since)
    except GameError as error:
        return HttpResponse(error.detail, status=_STATUS.get(error.code, 409))
    if context is None:
        return HttpResponse(status=204)
    return render(request, "web/_live.html", context)


def _context(request: HttpRequest, table_id: int, since: int | None = None) -> dict | None:
    page = viewing.table_page(table_id, request.user, since=since)
    if page is None:
        return None
    game, view, log = page
    seat = game.seat_of(request.user)
    context = {"game": game, "table": game.table, "seat": seat, "view": view,
               "urls": table_links(table_id),
               "poll_seconds": POLL_SECONDS, "version": game.table.version,
               "is_host": seat is not None and seat.number == 0,
               "rated": results.shows_rated(game)}
    if view is None:
        context.update(_lobby(request, game, seat))
        return context
    names = {row["seat"]: row["name"] for row in view["seats"]}
    context.update(_game(view, names, game.table.deck))
    context["call_with_play"] = (game.table.last_card_call and context["your_turn"]
                                 and "play" in context["actions"]
                                 and len(context["you"]["hand"]) == 2)
    context["log"] = [log_line(entry, names) for entry in log]
    return context


def _lobby(request: HttpRequest, game: Game, seat) -> dict:
    table = game.table
    context = {"bot_form": BotForm(), "free_seats": table.players - len(game.seats)}
    if seat is not None:
        link = reverse("table", args=[table.pk]) + f"?invite={table.invite}"
        context["invite_link"] = request.build_absolute_uri(link)
    else:
        context["join_form"] = InviteForm(initial={"invite": request.GET.get("invite", "")})
    return context


def _game(view: dict, names: dict, deck: str) -> dict:
    """What the template needs beyond the view: the hand with why each card cannot be played,
    and the points of face-up hands."""
    you = view.get("you")
    context: dict = {"you": you, "actions": you["actions"] if you else [],
                     "round": view["round"], "seats": view["seats"]}
    round_view = view["round"]
    playing = view["status"] == "playing" and round_view["status"] == "playing"
    mine = you["seat"] if you else None
    catchable = round_view.get("catchable", [])
    lost = round_view.get("turns_to_lose", [])
    may_catch = bool(you) and "catch" in you["actions"]
    # Worked out here rather than in the template: the page is drawn after every move.
    context["seat_rows"] = [
        {"seat": row["seat"], "name": row["name"],
         "cards": f"{row['cards']} card{'' if row['cards'] == 1 else 's'}",
         "score": row["score"], "turn": playing and row["seat"] == round_view["turn"],
         "you": row["seat"] == mine,
         "badge": row["state"] if row["state"] in ("away", "bot", "left") else "",
         "uncalled": row["seat"] in catchable,
         "loses": lost.count(row["seat"]),
         "catch": may_catch and row["seat"] in catchable and row["seat"] != mine}
        for row in view["seats"]]
    context["your_turn"] = mine is not None and mine == round_view["turn"]
    context["whose_turn"] = names.get(round_view["turn"], "")
    if you:
        playable = set(you["playable"])
        on_turn = you["seat"] == round_view["turn"]
        context["hand"] = [{"code": code, "playable": code in playable, "color": card_color(code),
                            "label": card_label(code), "face": card_svg(code, deck),
                            "why": REASONS.get(you["refusals"].get(code, ""), "")
                            if on_turn else ""}
                           for code in you["hand"]]
        context["jump_in"] = not on_turn and bool(playable)
    # The whole pile can hold a hundred cards: joined here from the cached faces, not looped
    # over in the template.
    context["discard_html"] = mark_safe("".join(card(code, "small", deck)
                                                for code in view["round"]["discard"]))
    context["deck"] = deck
    # With the All Wild deck a color may be declared and changes nothing: none is to be chosen.
    context["colors_matter"] = rules_for(deck).color_declared
    context["face_up"] = _face_up(view["round"], names, deck)
    context["last_round"] = (_face_up(view["last_round"], names, deck) if view["last_round"]
                             else None)
    if context["last_round"]:
        context["last_round"]["fresh"] = len(view["round"]["discard"]) <= 1
    if view["ranking"]:
        context["ranking"] = [{**row, "name": names.get(row["seat"])} for row in view["ranking"]]
    return context


def _face_up(round_view: dict, names: dict, deck: str) -> dict | None:
    """An ended round's hands face up with their points."""
    hands = round_view.get("hands") if round_view else None
    if not hands:
        return None
    points, ids = rules_for(deck).deck.points, rules_for(deck).deck.ids
    return {
        "number": round_view.get("number"), "winner": round_view.get("winner"),
        "winner_name": names.get(round_view.get("winner")), "points": round_view.get("points"),
        "status": round_view.get("status"),
        "hands": [{"seat": int(seat), "name": names.get(int(seat)), "cards": cards,
                   "points": sum(points[ids[code]] for code in cards if code in ids)}
                  for seat, cards in sorted(hands.items(), key=lambda item: int(item[0]))],
    }


def _pick(context: dict, card: str, need: str, call: bool = False) -> dict:
    """The color or seat chooser for a card that needs one, if the card is in the hand; the
    play's last-card call goes along."""
    you = context.get("you")
    if not you or card not in you["hand"]:
        return {}
    if need == "target":
        others = [row for row in context["seats"]
                  if row["seat"] != you["seat"] and row["state"] != "left"]
        question = ("who draws 2?" if card == "wild-targeted-draw2"
                    else "swap hands with whom?")
        return {"pick": {"card": card, "need": "target", "seats": others, "call": call,
                         "question": question}}
    return {"pick": {"card": card, "need": "color", "call": call}}


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
    return _lobby_change(request, table_id, lambda: lobby.start_game(table_id, request.user))


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
        context = _context(request, table_id)
        context["refusal"] = refusal
        if pick:
            context.update(_pick(context, *pick))
        return render(request, "web/_live.html", context)
    if refusal:
        messages.error(request, refusal)
    url = reverse("table", args=[table_id])
    if pick:
        url += f"?pick={pick[0]}&need={pick[1]}" + ("&call=1" if pick[2] else "")
    return redirect(url)
