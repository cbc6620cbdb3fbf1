"""The table page's fair-play panel (docs/fairness.md): the commitment to the next deal, who has
added a seed to it, and the form that adds one's own. The page's script adds a random seed by
itself (web/static/web/table.js, from the browser's `crypto.getRandomValues`); the form lets a
player type their own instead, and works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games.models import Seat
from games.service import seeds
from games.service.errors import GameError
from games.service.shown import next_deal_view
from games.storage.reads import Game

from .forms import SeedForm


def fair_context(game: Game, seat: Seat | None, round_view: dict | None) -> dict | None:
    """What the panel shows: the next deal's round, commitment and the names of those who added
    a seed to it; whether the viewer may add theirs; the seeds the current round was dealt
    with. None at a table that takes no players' seeds and has none to show."""
    names = {s.number: s.name for s in game.seats}
    coming = next_deal_view(game)
    dealt = (round_view or {}).get("client_seeds") or []
    if coming is None and not dealt:
        return None
    context = {"current": [names.get(entry["seat"], f"seat {entry['seat']}") for entry in dealt],
               "round_number": (round_view or {}).get("number")}
    if coming is not None:
        mine = seat is not None and seat.number in coming["seeded"]
        context.update({
            "round": coming["round"], "commitment": coming["commitment"],
            "seeded": [names.get(number, f"seat {number}") for number in coming["seeded"]],
            "yours": mine,
            "may_seed": seat is not None and seat.state != Seat.State.LEFT,
            "form": SeedForm(initial={"round": coming["round"]})})
    return context


@login_required
@require_POST
def add_seed(request: HttpRequest, table_id: int) -> HttpResponse:
    """The viewer's seed for the next deal. The page's script sends `auto=1` and is answered 204
    (or the refusal's sentence, with its status); the form goes back to the table."""
    auto = request.POST.get("auto") == "1"
    form = SeedForm(request.POST)
    if not form.is_valid():
        problem = next(iter(form.errors.values()))[0]
        return _refused(request, table_id, problem, 400, auto)
    try:
        seeds.add_client_seed(table_id, request.user, form.cleaned_data["client_seed"],
                              form.cleaned_data["round"])
    except GameError as error:
        status = {"not-found": 404, "not-seated": 403}.get(error.code, 409)
        return _refused(request, table_id, error.detail, status, auto)
    if auto:
        return HttpResponse(status=204)
    messages.success(request, f"Your seed is added to the deal of round "
                              f"{form.cleaned_data['round']}.")
    return redirect("table", table_id=table_id)


def _refused(request: HttpRequest, table_id: int, detail: str, status: int,
             auto: bool) -> HttpResponse:
    if auto:
        return HttpResponse(detail, status=status, content_type="text/plain; charset=utf-8")
    messages.error(request, detail)
    return redirect("table", table_id=table_id)
