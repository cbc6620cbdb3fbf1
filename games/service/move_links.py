"""Signed move links: one link for each move of a seat's turn, for the turn's emails.

A link's token is signed with the site's SECRET_KEY (Django's `signing`, with a salt used for
nothing else) and holds the table, the account, the turn (seat, round, the round's move
number: `turns.Turn`) and the move. It is the credential for that one move of that seat: it
needs no log-in, and works only while that turn goes on, so once any move is made (this one
included) or the turn runs out, it plays nothing. A link made for one seat can only ever move
for that seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core import signing

from games.models import Seat
from games.rules import Move, turn_moves, view_for
from games.rules.moves import ACTIONS
from games.storage import reads
from games.storage.reads import Game, NoSuchTable
from notifications.preferences import preference_of

from .move_words import card_face, card_name, move_label
from .turns import Turn, current_turn

SALT = "wildcards.move-link"
PATH = "/play/"  # the confirmation page (web/urls.py; a test holds the two together)
# Seats whose person may still move: a bot's seat, or a person's a bot plays now, is not.
MOVING = (Seat.State.PLAYING, Seat.State.AWAY)


class BadLink(Exception):
    """A token that was changed, cut short, or signed for something else."""


@dataclass(frozen=True)
class MoveLink:
    table_id: int
    user_id: int
    turn: Turn
    move: Move


def sign(link: MoveLink) -> str:
    turn = link.turn
    return signing.dumps({"t": link.table_id, "u": link.user_id, "s": turn.seat,
                          "r": turn.round, "n": turn.number, "m": str(link.move)},
                         salt=SALT, compress=True)


def read(token: str) -> MoveLink:
    """The link a token holds; BadLink if it was not signed here for a move link."""
    try:
        data = signing.loads(token, salt=SALT)
        numbers = [data[key] for key in ("t", "u", "s", "r", "n")]
        move = Move.parse(data["m"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadLink("This link is not valid.") from None
    if not all(type(n) is int for n in numbers) or move.action not in ACTIONS:
        raise BadLink("This link is not valid.")
    table_id, user_id, seat, round_number, number = numbers
    return MoveLink(table_id, user_id, Turn(seat, round_number, number), move)


def url(token: str) -> str:
    return f"{settings.WILDCARDS_BASE_URL}{PATH}{token}"


def turn_for_email(table_id: int, user_id: int) -> dict | None:
    """What a turn's email shows the person of `user_id` at the table: the top card, the color
    in play, their hand, one signed link per move of their turn, the deadline; None when it
    is not their turn (or no game is going on there). Three queries."""
    try:
        game = reads.load(table_id)
    except NoSuchTable:
        return None
    seat = next((seat for seat in game.seats if seat.user_id == user_id), None)
    return None if seat is None else turn_links(game, seat)


def turn_links(game: Game, seat: Seat) -> dict | None:
    """`turn_for_email` for a table the caller has loaded (one query: the turn's number)."""
    if seat.user_id is None or seat.state not in MOVING:
        return None
    turn = current_turn(game)
    if turn is None or turn.seat != seat.number:
        return None
    state = game.state
    names = seat_names(game)
    shown = turn_shown(game, seat)
    shown["moves"] = [
        {"label": move_label(move, names, state),
         "url": url(sign(MoveLink(game.table.pk, seat.user_id, turn, move)))}
        for move in turn_moves(state, seat.number)]
    return shown


def turn_shown(game: Game, seat: Seat) -> dict:
    """The table as the seat sees it, for a turn's email or a link's page: the deck's name, the
    top card (its code, name and face), the color in play (None: any card plays, or the player
    is to choose), the hand (`move_words.card_face` each), the penalty waiting and the turn's
    deadline."""
    view = view_for(game.state, seat.number)
    top = view["round"]["top"]
    return {"table_id": game.table.pk, "deck": game.state.deck, "top": top,
            "top_name": card_name(top), "top_card": card_face(top),
            "color": view["round"]["color"], "penalty": view["round"]["penalty"],
            "hand": [card_face(code) for code in view["you"]["hand"]],
            "deadline": game.round.deadline_at,
            "time_zone": preference_of(seat.user).time_zone if seat.user_id else "UTC"}


def seat_names(game: Game) -> dict[int, str]:
    return {seat.number: seat.name for seat in game.seats}
