"""Reading a finished game's whole history for its record: every round, the whole move log."""

from __future__ import annotations

from games.models import Move as MoveRow
from games.models import Round, Table

from .log_reads import LOG_FIELDS, log_entry


def rounds_of(table: Table) -> list[Round]:
    """Every round dealt at the table, the first first."""
    return list(Round.objects.filter(table=table).order_by("number"))


def whole_log(table: Table) -> list[dict]:
    """The whole move log, oldest first."""
    return [log_entry(row) for row in MoveRow.objects.filter(table=table).order_by("version")
            .values(*LOG_FIELDS)]
