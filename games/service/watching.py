"""The event stream's side of the service: who may follow a table, and what a follower who saw
one version is told to bring them to the table as it is now.

The stream itself (`games.api.stream`) forwards the events `events.publish` puts on Redis after
each commit; it comes here when it opens, and when an event does not start where its follower
is (a gap: the follower reconnected, or missed a message).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.storage import reads
from games.storage.reads import NoSuchTable

from . import events, viewing
from .errors import no_such_table

RESUME_LIMIT = 500  # moves: a follower further behind is told to read the state again
# A version no table ever has (a follower who named something else than a version): a reset.
NO_VERSION = -1


@dataclass(frozen=True)
class Follower:
    table: int
    seat: int | None  # None: a spectator


def follow(table_id: int, user) -> Follower:
    """`not-found`, or `not-seated` for someone who may not watch, as for the state."""
    game = viewing.table_of(table_id)
    seat = viewing.viewer(game, user)
    return Follower(table_id, seat.number if seat is not None else None)


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
    if since is not None and (since > table.version or since < 0
                              or table.version - since > RESUME_LIMIT):
        return {"kind": "reset", "table": table.pk, "version": table.version,
                "detail": "Too much happened since that version: read the state again "
                          f"(GET /api/tables/{table.pk}/state) and the move log."}
    game = reads.load_game(table)
    seat = game.seat_numbered(follower.seat) if follower.seat is not None else None
    moves = [] if since is None else [  # a later commit may have added entries: not yet
        entry for entry in reads.log_entries(table, since, RESUME_LIMIT)
        if entry["version"] <= table.version]
    return {"kind": "state", **events.event(game, seat, since, moves)}


def version_of(table_id: int) -> int | None:
    """The table's version (the embedded set-up's streams read it instead of Redis)."""
    return reads.table_version(table_id)
