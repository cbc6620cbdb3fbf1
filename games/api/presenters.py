"""Response bodies of the tables API that are not a viewer's game state (that one is
`games.service.shown.state_view`)."""

from __future__ import annotations

from games.models import Invitation, Seat
from games.rules.options import to_wire
from games.service.results import shows_rated
from games.service.shown import iso
from games.storage.reads import Game


def table_json(game: Game, user) -> dict:
    """The table resource of api.md; its invite code only for those seated."""
    table = game.table
    body = {
        "id": table.pk,
        "host": next((seat.user.username for seat in game.seats if seat.number == 0), None),
        "status": table.status,
        **to_wire(table.settings.to_dict()),
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
