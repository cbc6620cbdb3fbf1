"""The table page's standing orders: a small form of four boxes (and "keep them"), to give or
cancel the orders of one's seat at any time. Without JavaScript it posts and comes back to the
page; with it, htmx swaps the panel alone. Thin: `games.service.orders` decides and writes."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.models import Seat, Table
from games.rules.options import SINGLE
from games.rules.orders import ORDERS
from games.service import orders
from games.service.errors import GameError
from games.storage.reads import Game

PARTIAL = "web/_orders.html"


class OrdersForm(forms.Form):
    orders = forms.MultipleChoiceField(choices=list(ORDERS.items()), required=False)
    keep = forms.BooleanField(required=False)
    cancel = forms.BooleanField(required=False)


def orders_context(game: Game, seat: Seat | None, *, error: str | None = None,
                   notice: str | None = None) -> dict | None:
    """What the orders panel shows; None where the user can give none (no seat, a seat that
    left, a real-time table, a game over)."""
    table = game.table
    if (seat is None or seat.state == Seat.State.LEFT or table.mode != Table.Mode.TURN
            or table.status == Table.Status.FINISHED):
        return None
    given = orders.shown(seat, game.state)
    return {"orders": {
        "given": given["orders"], "keep": given["keep"], "choices": list(ORDERS.items()),
        "words": [ORDERS[code] for code in given["orders"]],
        # "Keep them" means nothing in a game of a single round.
        "rounds": game.state is None or game.state.options.scoring != SINGLE,
        "delay": settings.WILDCARDS_ORDER_DELAY, "error": error, "notice": notice,
        "url": reverse("table-orders", args=[table.pk]),
        "panel_url": reverse("table-orders-panel", args=[table.pk]),
    }}


def _panel(request: HttpRequest, table_id: int, **said) -> HttpResponse:
    try:
        game = orders.table_for_orders(table_id)
    except GameError as error:
        raise Http404(error.detail) from None
    context = orders_context(game, game.seat_of(request.user), **said)
    if context is None:
        return HttpResponse(status=204)  # nothing to show: the panel is not drawn
    return render(request, PARTIAL, context)


@login_required
@require_GET
def orders_panel(request: HttpRequest, table_id: int) -> HttpResponse:
    """The panel alone (htmx: a new round may have ended the orders not kept)."""
    return _panel(request, table_id)


@login_required
@require_POST
def give(request: HttpRequest, table_id: int) -> HttpResponse:
    form = OrdersForm(request.POST)
    error = notice = None
    if not form.is_valid():
        error = "Those are not standing orders: tick the boxes of the list."
    else:
        data = form.cleaned_data
        codes = [] if data["cancel"] else data["orders"]
        try:
            given = orders.give_orders(table_id, request.user, codes, data["keep"])
        except GameError as refused:
            if refused.code == "not-found":
                raise Http404(refused.detail) from None
            error = refused.detail
        else:
            notice = ("Your standing orders are saved." if given["orders"]
                      else "You have no standing orders: every turn waits for you.")
    if request.htmx:
        return _panel(request, table_id, error=error, notice=notice)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, notice)
    return redirect(reverse("table", args=[table_id]) + "#orders")
