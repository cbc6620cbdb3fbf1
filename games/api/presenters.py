"""Response bodies of the tables API that are not a viewer's game state (that one is
`games.service.shown.state_view`)."""

from __future__ import annotations

from games.models import Invitation, Seat
from games.service.results import shows_rated
from games.service.shown import iso
from games.storage.reads import Game


def table_json(game: Game, user) -> dict:
    """The table resource of api.md; its invite code only for those seated."""
    table = game.table
    body = {
        "id": table.pk,
        "host": next((seat.user.username for seat in game.seats if seat.number == 0), None),
        "status": table.status, "players": table.players, "mode": table.mode,
        "turn_hours": table.turn_hours, "on_expiry": table.on_expiry,
        "move_timer": table.move_timer, "deck": table.deck,
        "options": {"stacking": table.stacking, "seven_zero": table.seven_zero,
                    "jump_in": table.jump_in, "draw_until_playable": table.draw_until_playable,
                    "last_card_call": table.last_card_call},
        "scoring": {"mode": table.scoring, "target": table.target},
        "spectators": table.spectators,
        "rated": shows_rated(game),
        "seats": [
            {"seat": seat.number, "name": seat.name,
             "bot": seat.bot_level if seat.state == Seat.State.BOT else None,
             "state": seat.state, "host": seat.number == 0,
             "bot_account": seat.is_bot_account,
             "pending": seat.pending_swap["to"] if seat.pending_swap else None}
            for seat in game.seats
        ],
        "version": table.version,
        "created_at": iso(table.created_at),
    }
    if game.seat_of(user) is not None:
        body["invite"] = table.invite
    return body


def invitation_json(invitation: Invitation) -> dict:
    """An invitation as its host sees it: never its link's token, which goes to the person
    invited by email and nowhere else."""
    return {"id": invitation.pk, "to": invitation.to, "created": iso(invitation.created_at),
            "used": iso(invitation.used_at)}
