"""What the game says of an email about to be sent (registered with `notifications.hooks` when
the app starts): whether it should still go, and what it shows.

A notice held back for a turn, a game's start or its end goes only to a person who has not been
at the table since it happened: any read of the table (its page, its state or log through the
API, an open event stream: `presence.seen`) or a move there counts. And a "your turn" email goes
only once until the person has been back: later turns at that table send none.
"""

from __future__ import annotations

from datetime import datetime

from games.models import Seat, Table
from games.rules.state import PLAYING
from games.storage import lists, log_reads, reads
from games.storage.reads import Game, NoSuchTable
from notifications.models import Notice
from notifications.outbox import turn_email_since

from .clock import AWAY_AFTER
from .move_links import turn_links
from .shown import iso, log_view
from .words import log_line, since_last_move

RECENT = 40  # log entries read back to find the person's last turn


def your_turn(notice: Notice) -> dict | str:
    found = _their_turn(notice)
    if isinstance(found, str):
        return found
    game, seat = found
    if _been_there(seat, notice):
        return "The player has been at the table since the turn began."
    if _unanswered(notice, seat):
        return "An earlier \"your turn\" email of this table is unanswered."
    return turn_context(game, seat)


def reminder(notice: Notice) -> dict | str:
    found = _their_turn(notice)
    if isinstance(found, str):
        return found
    game, seat = found
    if _at_the_table(seat, notice.claimed_at):
        return "The player is at the table."
    return turn_context(game, seat)


def game_news(notice: Notice) -> dict | str:
    """The start and the end of a game: news only to a person who has not seen it happen. At
    a turn-by-turn table, the start is no news to a person whose turn it is by then: their
    "your turn" email tells them, with the turn to play."""
    found = _game_and_seat(notice)
    if isinstance(found, str):
        return found
    game, seat = found
    if _been_there(seat, notice):
        return "The player has been at the table since."
    if (notice.kind == Notice.Kind.GAME_START and game.table.mode == Table.Mode.TURN
            and game.state is not None and game.state.status == PLAYING
            and game.state.turn == seat.number):
        return "It is the player's turn: their \"your turn\" email tells them."
    return {}


def waiting_tables(user) -> list[dict]:
    """The turn-by-turn tables where it is the user's turn, for the daily digest."""
    return [{"table": table_id, "deadline": iso(deadline)}
            for table_id, deadline in lists.turns_waiting_on(user)]


def turn_context(game: Game, seat: Seat) -> dict:
    """What a turn's email shows: what happened since the person's last turn, in words, and
    the turn to play from the email (its cards and one signed link per move)."""
    return {"table_id": game.table.pk, "since": since_last_turn(game, seat),
            "turn": turn_links(game, seat)}


def since_last_turn(game: Game, seat: Seat) -> list[str]:
    """The moves made since the seat's last move (at most RECENT back), as the seat may see
    them, in words, oldest first."""
    entries = log_view(log_reads.last_log_entries(game.table, RECENT), seat.number)
    names = {each.number: each.name for each in game.seats}
    people = {each.number for each in game.seats if each.user_id is not None}
    return [log_line(entry, names, people) for entry in since_last_move(entries, seat.number)]


def _their_turn(notice: Notice) -> tuple[Game, Seat] | str:
    """The game and the person's seat while it is their turn; else why the email is moot."""
    found = _game_and_seat(notice)
    if isinstance(found, str):
        return found
    game, seat = found
    if game.state is None or game.state.status != PLAYING or game.state.turn != seat.number:
        return "The turn is over."
    return game, seat


def _game_and_seat(notice: Notice) -> tuple[Game, Seat] | str:
    try:
        game = reads.load(notice.table_id)
    except NoSuchTable:
        return "The table is gone."
    seat = game.seat_of(notice.user)
    if seat is None or seat.state != Seat.State.PLAYING:
        return "The person no longer plays this seat."
    return game, seat


def _been_there(seat: Seat, notice: Notice) -> bool:
    since = notice.context.get("since")
    return (since is not None and seat.last_seen_at is not None
            and seat.last_seen_at >= datetime.fromisoformat(since))


def _at_the_table(seat: Seat, now: datetime) -> bool:
    """Seen within the time an open page or stream reports in (`presence`)."""
    return seat.last_seen_at is not None and seat.last_seen_at >= now - AWAY_AFTER


def _unanswered(notice: Notice, seat: Seat) -> bool:
    """A "your turn" email of this table went after the person was last there."""
    return turn_email_since(notice.user_id, notice.table_id, seat.last_seen_at,
                            but=notice.pk)
