"""A move taken from an email's link (`move_links`): what the link offers now, for its
confirmation page, and the move itself, made through `play.make_move` like every move and
logged `by: "email"`.

Looking changes nothing (mail scanners open links). A link that no longer plays says why in
the game's words: used, the turn ran out, the game moved on, or the rule that refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from games.models import Move as MoveRow
from games.rules import apply
from games.storage import reads, turn_reads
from games.storage.reads import NoSuchTable

from . import play
from .errors import GameError, Refusal
from .move_links import MOVING, MoveLink, read, seat_names, turn_for_email, turn_shown
from .move_words import card_face, card_name, move_label
from .turns import MOVED_ON, RAN_OUT, turn_over

USED = "This link has been used: its move is made."
TABLE_GONE = "This table no longer exists."
BOT_SEAT = "A bot plays this seat now: take it back at the table to play from an email again."


@dataclass(frozen=True)
class Offer:
    """What a link would do now: its move in words, for whom, and the table as they see it
    (`move_links.turn_shown`)."""

    table_id: int
    label: str
    player: str
    turn: dict


@dataclass(frozen=True)
class Done:
    """The move is made: the table after it as the player sees it (`deck`, `top`, `top_name`,
    `color`, `penalty`, `hand`, `drawn`, and `over`: "round" or "game" when the move ended
    one, else None), and, when the turn is theirs again (a card drawn that must be
    played or may be kept, a Skip with two players), its moves as fresh links
    (`turn_for_email`)."""

    table_id: int
    label: str
    table: dict
    next_turn: dict | None


@dataclass(frozen=True)
class Gone:
    """Why a link plays nothing now: `link-used`, `turn-expired`, `turn-over` (the game moved
    on), `table-gone`, `seat-played-by-bot`, or the rules engine's reason code."""

    table_id: int
    code: str
    detail: str


def look(token: str) -> Offer | Gone:
    """What the link would do now, or why it would not (three queries; four when it would
    not and the move log says why). BadLink for a token not signed here."""
    link = read(token)
    try:
        game = reads.load(link.table_id)
    except NoSuchTable:
        return Gone(link.table_id, "table-gone", TABLE_GONE)
    seat = game.seat_numbered(link.turn.seat)
    if seat is None or seat.user_id != link.user_id:
        return Gone(link.table_id, "turn-over", MOVED_ON)
    over = turn_over(game, seat, link.turn, timezone.now())
    if over is not None:
        return _why(link, over)
    if seat.state not in MOVING:
        return Gone(link.table_id, "seat-played-by-bot", BOT_SEAT)
    judged = apply(game.state, seat.number, link.move)
    if not judged.ok:
        return Gone(link.table_id, judged.code, judged.detail)
    label = move_label(link.move, seat_names(game), game.state)
    return Offer(link.table_id, label, seat.name, turn_shown(game, seat))


def make(token: str) -> Done | Gone:
    """Make the link's move for its seat, if its turn still goes on. BadLink for a token not
    signed here."""
    link = read(token)
    seat = turn_reads.seat_held_by(link.table_id, link.turn.seat, link.user_id)
    if seat is None:  # the account is closed, or the table gone with its seats
        return Gone(link.table_id, "turn-over", MOVED_ON)
    try:
        answer = play.make_move(link.table_id, seat.user, link.move, expected_turn=link.turn,
                                by=MoveRow.By.EMAIL)
    except GameError as error:  # the table is gone, or the account no longer sits there
        if error.code == "not-found":
            return Gone(link.table_id, "table-gone", TABLE_GONE)
        return Gone(link.table_id, "turn-over", MOVED_ON)
    if isinstance(answer, Refusal):
        return _why(link, answer)
    view = answer.view
    names = {row["seat"]: row["name"] for row in view["seats"]}
    round_view, you = view["round"], view["you"]
    playing = view["status"] == "playing"
    # The move may have ended the game, or its round (the view is then the next round's deal).
    over = "game" if not playing else "round" if round_view["number"] != link.turn.round else None
    table = {"deck": seat.table.deck, "top": round_view["top"],
             "top_name": card_name(round_view["top"]), "color": round_view["color"],
             "penalty": round_view["penalty"], "drawn": you["drawn"],
             "hand": [card_face(code) for code in you["hand"]], "over": over}
    again = playing and round_view["turn"] == link.turn.seat
    return Done(link.table_id, move_label(link.move, names), table,
                turn_for_email(link.table_id, link.user_id) if again else None)


def _why(link: MoveLink, refusal: Refusal) -> Gone:
    """A refusal in a link's words. When the turn is over, the move that ended it tells
    whether it was this very link (used), the timer (expired), or anything else."""
    if refusal.code == "seat-played-by-bot":  # the API's sentence names its own address
        return Gone(link.table_id, refusal.code, BOT_SEAT)
    if refusal.code != "turn-over":
        return Gone(link.table_id, refusal.code, refusal.detail)
    turn = link.turn
    ended = turn_reads.round_entry(link.table_id, turn.round, turn.number)
    if ended is not None and ended["seat"] == turn.seat:
        move = link.move
        if (ended["by"] == MoveRow.By.EMAIL and ended["action"] == move.action
                and ended["card"] == move.card and ended["color"] == move.color
                and ended["target"] == move.target):
            return Gone(link.table_id, "link-used", USED)
        if ended["by"] == MoveRow.By.TIMER:
            return Gone(link.table_id, "turn-expired", RAN_OUT)
    return Gone(link.table_id, "turn-over", MOVED_ON)
