"""The event stream's side of the service: who may follow a table, and what a follower who saw
one version is told to bring them to the table as it is now.

The stream itself (`games.api.stream`) forwards the events `events.publish` puts on Redis after
each commit; it comes here when it opens, and when an event does not start where its follower
is (a gap: the follower reconnected, or missed a message).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.models import Seat, Table
from games.storage import follow_reads, log_reads, reads
from games.storage.reads import Game, NoSuchTable

from . import events, viewing
from .errors import no_such_table

RESUME_LIMIT = 500  # moves: a follower further behind is told to read the state again
# A version no table ever has (a follower who named something else than a version): a reset.
NO_VERSION = -1


@dataclass(frozen=True)
class Follower:
    table: int
    seat: int | None  # None: a spectator


@dataclass(frozen=True)
class Start:
    """A stream's beginning: who follows, their first event (None: the table is at the version
    they named) and the table's version it brings them to."""

    follower: Follower
    event: dict | None
    version: int


def start(table_id: int, user, since: int | None) -> Start:
    """The follower and their event from version `since` as `catch_up` tells it (None: from
    nothing, the state), from one read of the table; `not-found`, or `not-seated` for someone
    who may not watch, as for the state."""
    if since is not None:
        return _resume(table_id, user, since)
    try:
        game = reads.load(table_id)
    except NoSuchTable:
        raise no_such_table() from None
    seat = viewing.viewer(game, user)
    follower = Follower(table_id, seat.number if seat is not None else None)
    return Start(follower, _event(game, seat, None), game.table.version)


def _resume(table_id: int, user, since: int) -> Start:
    """`start` for a follower who names a version (a browser that reconnects): the table row
    and their seat number first, which is all it takes when the table is still there. Reading
    and building its seats and users too made such a start take twice the CPU
    (bench/stream_start.py; docs/benchmarks.md, "Issue 29, 2026-12-06, late")."""
    try:
        table, number = follow_reads.table_and_seat(table_id, user.pk)
    except NoSuchTable:
        raise no_such_table() from None
    if number is None:
        viewing.spectator_allowed(table)
    follower = Follower(table_id, number)
    if since == table.version:
        return Start(follower, None, table.version)
    if _too_far(table, since):
        return Start(follower, _reset(table), table.version)
    game = reads.load_game(table)
    seat = game.seat_numbered(number) if number is not None else None
    return Start(follower, _event(game, seat, since), game.table.version)


def catch_up(follower: Follower, since: int | None) -> dict | None:
    """The follower's event from version `since` (None: from nothing, the state alone) to now;
    None when the table is still at `since`. `kind` is `state`, or `reset` when more than
    RESUME_LIMIT moves were missed or `since` is no version the table has had."""
    try:
        table = reads.load_table(follower.table)
    except NoSuchTable:
        raise no_such_table() from None
    if since == table.version:
        return None
    if _too_far(table, since):
        return _reset(table)
    game = reads.load_game(table)
    return _event(game, game.seat_numbered(follower.seat) if follower.seat is not None else None,
                  since)


def _too_far(table: Table, since: int | None) -> bool:
    return since is not None and (since > table.version or since < 0
                                  or table.version - since > RESUME_LIMIT)


def _reset(table: Table) -> dict:
    return {"kind": "reset", "table": table.pk, "version": table.version,
            "detail": "Too much happened since that version: read the state again "
                      f"(GET /api/tables/{table.pk}/state) and the move log."}


def _event(game: Game, seat: Seat | None, since: int | None) -> dict:
    table = game.table
    moves = [] if since is None else [  # a later commit may have added entries: not yet
        entry for entry in log_reads.log_entries(table, since, RESUME_LIMIT)
        if entry["version"] <= table.version]
    return {"kind": "state", **events.event(game, seat, since, moves)}


def version_of(table_id: int) -> int | None:
    """The table's version (the embedded set-up's streams read it instead of Redis)."""
    return reads.table_version(table_id)
