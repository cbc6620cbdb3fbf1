"""The page of a move link from an email (`games.service.email_moves`).

GET shows the move and asks to confirm it; it changes nothing, since mail scanners and link
previews open links. POST makes the move. Neither needs a log-in or a CSRF token: the signed
link is the credential for that one move of that seat, as a one-click unsubscribe link is (a
forged cross-site POST would need the link, and whoever holds it may use it anyway). Who is
logged in on the browser plays no part.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.service import email_moves
from games.service.email_moves import Done, Gone
from games.service.move_links import BadLink
from notifications import quiet_hours

from .links import table_links

# A link that plays nothing: gone for good (410), or the game is elsewhere now (409); a move
# the rules refuse is 422, as in the API.
GONE_STATUS = {"link-used": 410, "turn-expired": 410, "table-gone": 410, "turn-over": 409,
               "seat-played-by-bot": 409}
REFUSED_STATUS = 422
HEADINGS = {"link-used": "This link has been used", "turn-expired": "Your turn ran out",
            "table-gone": "This table is gone", "turn-over": "The game has moved on.",
            "seat-played-by-bot": "A bot plays this seat"}


@csrf_exempt
@require_http_methods(["GET", "POST"])
def move_link(request: HttpRequest, token: str) -> HttpResponse:
    try:
        outcome = (email_moves.make(token) if request.method == "POST"
                   else email_moves.look(token))
    except BadLink as error:
        return _page(request, {"bad": str(error)}, 400)
    urls = table_links(outcome.table_id)
    if isinstance(outcome, Gone):
        return _page(request, {"gone": outcome, "urls": urls,
                               "heading": HEADINGS.get(outcome.code,
                                                       "This move is not possible")},
                     GONE_STATUS.get(outcome.code, REFUSED_STATUS))
    if isinstance(outcome, Done):
        moves = outcome.next_turn["moves"] if outcome.next_turn else []
        # The next links' own path: the form posts to this site whatever its public address.
        again = [{**move, "path": urlsplit(move["url"]).path} for move in moves]
        return _page(request, {"done": outcome, "again": again, "urls": urls}, 200)
    return _page(request, {"offer": outcome, "urls": urls}, 200)


def _page(request: HttpRequest, context: dict, status: int) -> HttpResponse:
    # Whoever opens the link (logged in or not), times are the player's, in their zone.
    shown = context.get("offer") or context.get("done")
    zone = getattr(shown, "turn", None) or {}
    with timezone.override(quiet_hours.zone(zone.get("time_zone", "UTC"))):
        response = render(request, "web/email_move.html", context, status=status)
    # The address is a credential, and the page shows a hand: kept out of caches, of search
    # engines and of the Referer header of any link followed from it.
    response["Cache-Control"] = "private, no-store"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response
