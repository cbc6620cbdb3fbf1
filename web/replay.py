"""A finished game, step by step: the state after each entry of its log, rebuilt by replaying
its record (games.service.records), every hand face up; plain links step back and forth, so
the page works without JavaScript. And its verification in words: the record checked against
its commitments and replayed, as the API's verify gives it, on a page of the site."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games.rules.options import TableSettings
from games.service import records
from games.service.errors import GameError
from games.service.words import log_line
from wildcards.numbers import whole_number

from .links import table_links
from .tables import error_page
from .templatetags.cards import card


@login_required
@require_GET
def replay_page(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        record, steps = records.replay_steps(table_id, request.user)
    except GameError as error:
        return _not_yet(request, table_id, error)
    step = min(whole_number(request.GET.get("step"), "step", default=0), len(steps) - 1)
    view, entry = steps[step], record["moves"][step]
    # Each round's players (a seat can change hands between rounds); the game's, for a round
    # dealt before they were kept.
    names_in = {r["number"]: {p["seat"]: p["name"] for p in r["players"] or record["players"]}
                for r in record["rounds"]}
    round_view = view["round"]
    shown = record["rounds"][round_view["number"] - 1]
    names = names_in[shown["number"]]
    players = shown["players"] or record["players"]
    bots = {p["seat"] for p in players if p["bot"] or p.get("bot_account")}
    playing = round_view["status"] == "playing" and view["status"] == "playing"
    seats = [{"seat": seat, "name": names[seat], "score": row["score"], "left": row["left"],
              "turn": playing and seat == round_view["turn"],
              "hand": mark_safe("".join(card(code, "small") for code in view["hands"][str(seat)])),
              "cards": row["cards"], "bot": seat in bots}
             for seat, row in enumerate(view["seats"])]
    link = table_links(table_id)["table_replay"]
    return render(request, "web/replay.html", {
        "table": table_id, "step": step, "last": len(steps) - 1, "line": log_line(entry, names),
        "entry": entry, "round": round_view, "seats": seats, "fairness": record["fairness"],
        "seed": shown["seed"], "commitment": shown["commitment"],
        "rules_words": TableSettings(deck=record["deck"], **record["options"]).summary(
            rules_only=True),
        "seeded_by": [names[entry["seat"]] for entry in shown.get("client_seeds") or []],
        "top": mark_safe(card(round_view["top"])), "ranking": [
            {**row, "name": names[row["seat"]]} for row in view["ranking"] or []],
        "first_url": f"{link}?step=0", "prev_url": f"{link}?step={max(step - 1, 0)}",
        "next_url": f"{link}?step={min(step + 1, len(steps) - 1)}",
        "last_url": f"{link}?step={len(steps) - 1}",
        "table_url": table_links(table_id)["table"],
        "verify_url": table_links(table_id)["table_verify"],
        "lines": [(n, log_line(e, names_in[e["round"]])) for n, e in enumerate(record["moves"])
                  if abs(n - step) <= 5],
    })


@login_required
@require_GET
def verify_page(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        verdict = records.verify(table_id, request.user)
    except GameError as error:
        return _not_yet(request, table_id, error)
    links = table_links(table_id)
    return render(request, "web/verify.html", {
        "table": table_id, "verdict": verdict, "table_url": links["table"],
        "replay_url": links["table_replay"], "record_url": links["table_record"]})


@login_required
@require_GET
def record_download(request: HttpRequest, table_id: int) -> HttpResponse:
    """The finished game's record as a file (the API's `GET /api/games/{id}/record`)."""
    try:
        record = records.record_of(table_id, request.user)
    except GameError as error:
        return _not_yet(request, table_id, error)
    response = JsonResponse(record, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="table-{table_id}-record.json"'
    return response


def _not_yet(request: HttpRequest, table_id: int, error: GameError) -> HttpResponse:
    """A game still being played has no record yet: the page says when it will, in the site's
    words (the service's sentence names the API's address, for API clients)."""
    if error.code != "game-not-finished":
        return error_page(request, error)
    return render(request, "web/not_yet.html", {
        "table": table_id, "table_url": table_links(table_id)["table"]}, status=409)
