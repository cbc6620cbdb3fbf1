"""What a viewer is shown of a table: the engine's views (`games.rules.views`, the only way
out of the secrets) with the seats' names and states and the turn's deadline added. The one
shape for the API, the web page and the event stream; a person who may not watch gets
`not-seated`."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from django.db.models import QuerySet

from games.models import Seat, Table
from games.rules import ranking, rules_for
from games.storage import lists, log_reads, reads
from games.storage.reads import Game, NoSuchTable

from . import presence
from .errors import GameError, no_such_table
from .shown import iso, log_view, state_view

LOG_PAGE = 500


def viewer(game: Game, user) -> Seat | None:
    """The user's seat, or None for a permitted spectator; `not-seated` for anyone else."""
    seat = game.seat_of(user)
    if seat is None:
        spectator_allowed(game.table)
    return seat


def spectator_allowed(table: Table) -> None:
    """`not-seated` unless the table lets someone without a seat watch it."""
    if not table.settings.spectators:
        raise GameError("not-seated",
                        "You have no seat at this table and it does not allow spectators.")


def table_of(table_id: int) -> Game:
    """A table and its seats, without the round (anyone logged in may read a table)."""
    try:
        return reads.table_with_seats(table_id)
    except NoSuchTable:
        raise no_such_table() from None


TABLES_ORDER = lists.TABLES_ORDER
MY_GAMES_ORDER = lists.MY_GAMES_ORDER


def tables(wanted: str, limit: int = 20) -> list[Game]:
    """`open`: waiting tables with a free seat, newest first; or tables by status."""
    return lists.with_seats(tables_listed(wanted)[:limit])


def tables_listed(wanted: str) -> QuerySet[Table]:
    """The tables `tables` lists, unread, in TABLES_ORDER, for a caller that pages them; their
    seats come with `with_seats`."""
    return lists.tables_by_status(wanted)


def with_seats(tables: Iterable[Table]) -> list[Game]:
    return lists.with_seats(tables)


def state_for(table_id: int, user, since: int | None = None) -> dict | None:
    """The caller's view; None when `since` is the current version (nothing changed). Who may
    not see the state gets `not-seated` either way: "unchanged" would tell them the version."""
    try:
        game = reads.load(table_id, unless_version=since)  # no round: nothing to show
    except NoSuchTable:
        raise no_such_table() from None
    unchanged = since is not None and game.table.version == since
    seat = viewer(game, user)
    came_back = (seat is not None
                 and presence.seen(table_id, user, seat.state, seat.last_seen_at))
    if unchanged:
        return None  # a seat that just came back shows it at the next read
    if came_back:  # the seat is the player's again: show it so
        game = reads.load(table_id)
        seat = game.seat_of(user)
    return state_view(game, seat)


def table_page(table_id: int, user, *, since: int | None = None,
               recent: int = 12) -> tuple[Game, dict | None, list[dict]] | None:
    """What the table's page shows the user: the table and its seats; the state as the user
    may see it (None at a table not started); the last `recent` entries of the move log, newest
    first. None when `since` is the table's version (nothing changed; a seated player counts
    as present). `not-seated` for someone who may not watch a game
    being played."""
    try:
        table = reads.load_table(table_id)
    except NoSuchTable:
        raise no_such_table() from None
    if since is not None and table.version == since:
        if table.status == Table.Status.PLAYING:
            with contextlib.suppress(GameError):  # a spectator has no presence to keep
                presence.heartbeat(table_id, user)
        return None
    game = reads.load_game(table)
    if game.state is None:
        return game, None, []
    seat = viewer(game, user)
    if seat is not None and presence.seen(table_id, user, seat.state, seat.last_seen_at):
        game = reads.load(table_id)
        seat = game.seat_of(user)
    number = seat.number if seat is not None else None
    log = log_view(log_reads.last_log_entries(game.table, recent), number)
    return game, state_view(game, seat), log


def move_log(table_id: int, user, after: int = 0, limit: int = LOG_PAGE) -> dict:
    """The move log after a version, as the caller may see it."""
    game = table_of(table_id)  # the seats say who may read; the round is not needed
    seat = viewer(game, user)
    if seat is not None:
        presence.seen(table_id, user, seat.state, seat.last_seen_at)
    entries = log_reads.log_entries(game.table, after, limit + 1)
    number = seat.number if seat is not None else None
    return {"moves": log_view(entries[:limit], number),
            "more": len(entries) > limit}


def rankings(table_ids: list[int]) -> dict[int, list[dict]]:
    """The final ranking of each finished table among `table_ids` (rank, seat, name, score,
    left), by table id: what anyone who may see the table sees once the game is over."""
    found = {}
    for game in lists.finished_games(table_ids):
        if game.state is None:
            continue
        names = {seat.number: seat.name for seat in game.seats}
        found[game.table.pk] = [{**line, "name": names.get(line["seat"])}
                                for line in ranking(game.state, rules_for(game.state).deck)]
    return found


def games_of(user) -> list[dict]:
    """The caller's tables: those waiting on the caller first, then by deadline and age."""
    return game_rows(my_seats(user))


def my_seats(user) -> QuerySet[Seat]:
    """The caller's seats, unread, in MY_GAMES_ORDER, for a caller that pages them."""
    return lists.seats_by_urgency(user)


def game_rows(seats: Iterable[Seat]) -> list[dict]:
    """Each seat's line in "my games" (its table and current round come with it)."""
    rows = []
    for seat in seats:
        table, current = seat.table, seat.table.current_round
        playing = table.status == Table.Status.PLAYING and current is not None
        deadline = current.deadline_at if playing else None  # of the turn, whoever's it is
        rows.append({
            "table": table.pk, "status": table.status, "seat": seat.number,
            "your_turn": seat.waits == 0, "version": table.version, "deadline": iso(deadline),
            "players": table.players, "mode": table.mode,
        })
    return rows
