"""The ratings pages: the leaderboard and a player's profile. They read what the ratings API
reads (`ratings.standings`)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ratings import standings
from wildcards.numbers import BIGINT, whole_number

PER_PAGE = 50


@login_required
@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    # A page past the last shows no rows; one past what an OFFSET can hold is no page at all.
    number = whole_number(request.GET.get("page"), "page", low=1,
                          high=BIGINT // PER_PAGE, default=1)
    page = standings.leaderboard(PER_PAGE, (number - 1) * PER_PAGE)
    pages = max(1, -(-page.count // PER_PAGE))
    return render(request, "web/leaderboard.html", {
        "rows": page.rows, "count": page.count, "page": number, "pages": pages,
        "min_games": standings.LEADERBOARD_MIN_GAMES})


@login_required
@require_GET
def player(request: HttpRequest, name: str) -> HttpResponse:
    try:
        shown = standings.profile(name)
    except standings.NoSuchPlayer:
        raise Http404(f"No player is called “{name}”.") from None
    rating = shown["rating"]
    return render(request, "web/player.html", {
        "player": shown, "rating": rating,
        "on_board": rating["games"] >= standings.LEADERBOARD_MIN_GAMES,
        "min_games": standings.LEADERBOARD_MIN_GAMES, "is_you": name == request.user.username})
