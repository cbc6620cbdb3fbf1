"""Reads for a turn taken away from the table (an email's move links): the round's move number,
the log entry that ended a turn, and whether an account still holds a seat."""

from __future__ import annotations

from games.models import Move as MoveRow
from games.models import Seat

from .log_reads import LOG_FIELDS, log_entry


def moves_in_round(table_id: int, round_number: int) -> int:
    """How many entries the round has in the move log, its deal included: every accepted move
    of the round adds one, and nothing else does (chat, a seat swap or a pause moves the
    table's version, never this). One count over the table's rows of the log."""
    return MoveRow.objects.filter(table_id=table_id, round_number=round_number).count()


def round_entry(table_id: int, round_number: int, index: int) -> dict | None:
    """The round's entry of the move log at `index` (0: its deal), or None if it has no such
    entry yet."""
    rows = (MoveRow.objects.filter(table_id=table_id, round_number=round_number)
            .order_by("version").values(*LOG_FIELDS)[index:index + 1])
    return next((log_entry(row) for row in rows), None)


def seat_held_by(table_id: int, number: int, user_id: int) -> Seat | None:
    """The seat of that number at the table if that account, still active, holds it, with
    the user and the table (one query)."""
    return (Seat.objects.select_related("user", "table")
            .filter(table_id=table_id, number=number, user_id=user_id, user__is_active=True)
            .first())
