"""A table loaded for a change, in the service's words: the row locked until the transaction
ends (every writer takes this lock first), and `not-found` for a table that does not exist.
Whatever the change, its viewers are told once it commits (`events.watch`)."""

from __future__ import annotations

from games.storage import reads
from games.storage.reads import Game, NoSuchTable

from . import events
from .errors import no_such_table


def locked(table_id: int) -> Game:
    try:
        game = reads.load(table_id, lock=True)
    except NoSuchTable:
        raise no_such_table() from None
    events.watch(game)
    return game
