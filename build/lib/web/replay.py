"""A finished game, step by step: the state after each entry of its log, rebuilt by replaying
its record (games.service.records), every hand face up; plain links step back and forth, so
the page works without JavaScript."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games.service import records
from games.service.errors import GameError
from wildcards.numbers import whole_number

from .links import table_links
from .tables import error_page
from .templatetags.cards import card
from .words import log_line


@login_required
@require_GET
def replay_page(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        record, steps = records.replay_steps(table_id, request.user)
    except GameError as error:
        return error_page(request, error)
    step = min(whole_number(request.GET.get("step"), "step", default=0), len(steps) - 1)
    view, entry = steps[step], record["moves"][step]
    # Each round's players (a seat can change hands between rounds); the game's, for a round
    # dealt before they were kept.
    names_in = {r["number"]: {p["seat"]: p["name"] for p in r["players"] or record["players"]}
                for r in record["rounds"]}
    round_view = view["round"]
    shown = record["rounds"][round_view["number"] - 1]
    names = names_in[shown["number"]]
    playing = round_view["status"] == "playing" and view["status"] == "playing"
    seats = [{"seat": seat, "name": names[seat], "score": row["score"], "left": row["left"],
              "turn": playing and seat == round_view["turn"],
              "hand": mark_safe("".join(card(code, "small") for code in view["hands"][str(seat)])),
              "cards": row["cards"]}
             for seat, row in enumerate(view["seats"])]
    link = table_links(table_id)["table_replay"]
    return render(request, "web/replay.html", {
        "table": table_id, "step": step, "last": len(steps) - 1, "line": log_line(entry, names),
        "entry": entry, "round": round_view, "seats": seats, "fairness": record["fairness"],
        "seed": shown["seed"], "commitment": shown["commitment"],
        "top": mark_safe(card(round_view["top"])), "ranking": [
            {**row, "name": names[row["seat"]]} for row in view["ranking"] or []],
        "first_url": f"{link}?step=0", "prev_url": f"{link}?step={max(step - 1, 0)}",
        "next_url": f"{link}?step={min(step + 1, len(steps) - 1)}",
        "last_url": f"{link}?step={len(steps) - 1}",
        "table_url": table_links(table_id)["table"],
        "lines": [(n, log_line(e, names_in[e["round"]])) for n, e in enumerate(record["moves"])
                  if abs(n - step) <= 5],
    })
