"""The read of a stream that reopens: the table row and the follower's seat number, in one
statement, without the seats, users and round `reads.load` builds (a browser that comes back
with `Last-Event-ID` usually finds its table where it left it, and needs nothing more)."""

from __future__ import annotations

from games.models import Seat, Table

from . import sql
from .reads import NoSuchTable

_TABLE = sql.Columns(Table, "t")


def table_and_seat(table_id: int, user_id: int) -> tuple[Table, int | None]:
    """The table and the number of `user_id`'s seat at it (None: no seat); NoSuchTable."""
    if not sql.prepared():
        try:
            table = Table.objects.get(pk=table_id)
        except Table.DoesNotExist:
            raise NoSuchTable(table_id) from None
        return table, (Seat.objects.filter(table_id=table_id, user_id=user_id)
                       .values_list("number", flat=True).first())
    rows = sql.fetch(
        f"SELECT {_TABLE.sql}, (SELECT s.number FROM {sql.table(Seat)} s "
        f"WHERE s.table_id = t.id AND s.user_id = %s) FROM {sql.table(Table)} t "
        f"WHERE t.id = %s", [user_id, table_id])
    if not rows:
        raise NoSuchTable(table_id)
    return _TABLE.build(rows[0][:-1]), rows[0][-1]
