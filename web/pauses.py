"""The table page's pause panel and who is on vacation (issue 27), from the view the service
gives (the buttons post to `tables.pause` and `tables.resume`)."""

from __future__ import annotations

from games.models import Seat
from games.service import pauses
from games.service.clock import allows_vacation
from games.storage.reads import Game

from .times import deadline_text


def pause_context(game: Game, seat: Seat | None, view: dict) -> dict:
    """What the pause panel shows: whether the table is paused, who accepted a pause, and the
    buttons the user may press; empty where the table cannot pause."""
    if not allows_vacation(game.table) or view["status"] != "playing":
        return {}
    names = {row["seat"]: row["name"] for row in view["seats"]}
    votes = view["pause_votes"]
    seated = seat is not None and seat.state != Seat.State.LEFT
    return {"pause": {
        "paused": view["paused"], "accepted": [names.get(n, f"seat {n}") for n in votes],
        "waiting": [names[s.number] for s in pauses.voters(game) if s.number not in votes],
        "may_accept": seated and not view["paused"] and seat.number not in votes,
        "may_resume": seated and view["paused"], "proposed": bool(votes)}}


def away_words(view: dict) -> dict[int, str]:
    """"on vacation until Tue 8 Dec, 09:00 UTC" by seat, for everyone to read."""
    return {row["seat"]: "on vacation " + deadline_text(row["until"])
            for row in view.get("vacations", [])}
