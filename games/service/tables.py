"""A table loaded for a change, in the service's words: the row locked until the transaction
ends (every writer takes this lock first), and `not-found` for a table that does not exist."""

from __future__ import annotations

from games.storage import reads
from games.storage.reads import Game, NoSuchTable

from .errors import no_such_table


def locked(table_id: int) -> Game:
    try:
        return reads.load(table_id, lock=True)
    except NoSuchTable:
        raise no_such_table() from None
