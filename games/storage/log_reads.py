"""Reading the move log: the entries after a version (a stream's catch-up, a page of the log)
and the last few (a table's page, a turn's email, a bot's memory), as the engine's views take
them (`games.rules.log_entry_for`); one indexed query either way, the rows read as values."""

from __future__ import annotations

from games.models import Move as MoveRow
from games.models import Table

from . import sql


def log_entries(table: Table, after: int, limit: int) -> list[dict]:
    """The move log after version `after`, oldest first, at most `limit` entries, as the
    engine's views take them (`games.rules.log_entry_for`): a stream's catch-up."""
    return _log_rows(table, limit, after)


LOG_FIELDS = ("version", "round_number", "seat", "action", "card", "color", "target", "by",
               "created_at", "events")
_LOG = sql.Columns(MoveRow, "m")


def log_entry(row: dict) -> dict:
    return {"version": row["version"], "round": row["round_number"], "seat": row["seat"],
            "action": row["action"], "card": row["card"], "color": row["color"],
            "target": row["target"], "by": row["by"], "at": row["created_at"],
            "events": row["events"]}


def last_log_entries(table: Table, count: int) -> list[dict]:
    """The last `count` entries of the move log, newest first (one indexed query: every open
    table page reads it after each move; the rows are read as values, no model instances)."""
    return _log_rows(table, count)


def _log_rows(table: Table, limit: int, after: int | None = None) -> list[dict]:
    """After version `after`, oldest first; without it, the last ones, newest first."""
    if not sql.prepared():
        rows = MoveRow.objects.filter(table=table)
        rows = (rows.order_by("-version") if after is None else
                rows.filter(version__gt=after).order_by("version"))
        return [log_entry(row) for row in rows.values(*LOG_FIELDS)[:limit]]
    newer = "" if after is None else "AND m.version > %s "
    return [log_entry(dict(zip(_LOG.attnames, _LOG.values(row), strict=True))) for row in sql.fetch(
        f"SELECT {_LOG.sql} FROM {sql.table(MoveRow)} m WHERE m.table_id = %s {newer}ORDER BY "
        f"m.version {'DESC' if after is None else ''} LIMIT %s",
        [table.pk, limit] if after is None else [table.pk, after, limit])]
