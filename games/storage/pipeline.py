"""Statements sent to PostgreSQL together, in psycopg's pipeline (one round trip), each bound on
the server: psycopg prepares a statement from its second use on a connection
(`prepare_threshold`, wildcards.env) and then runs it by name, with the plan PostgreSQL made
once. The hot reads (`sql.fetch_all`) and a move's writes (`sql.Batch`) go this way."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from types import SimpleNamespace

from django.db.backends.utils import CursorDebugWrapper


def run_together(connection, statements: Sequence[tuple[str, Sequence]], *,
                 every_result: bool) -> list[list[tuple]]:
    """Run the statements in order, in the caller's transaction (the first that fails raises
    and stops the rest); the rows of each (`every_result`), else of the last alone (writes
    whose results nobody reads share one cursor)."""
    cursors = [_bound_on_the_server(connection)
               for _ in range(len(statements) if every_result else 1)]
    try:
        with _logged(connection, statements), connection.wrap_database_errors:
            # (One statement alone is one round trip already: no pipeline to set up.)
            with (connection.connection.pipeline() if len(statements) > 1  # all in at its end
                  else contextlib.nullcontext()):
                for i, (sql, params) in enumerate(statements):
                    cursors[i if every_result else 0].execute(sql, params)
            return [_rows(cursor) for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()


def _rows(cursor) -> list[tuple]:
    """The rows ([] for none); not by `cursor.description`, which psycopg builds at each call
    (6 % of the workers' time opening streams: docs/benchmarks.md)."""
    result = cursor.pgresult
    return (cursor.fetchall() if result is not None and result.status == _psycopg().tuples_ok
            else [])


def _bound_on_the_server(connection):
    """A cursor of Django's (its errors and execute wrappers Django's) whose statements
    psycopg binds on the server, and so may prepare; Django's own cursors bind on the client."""
    psycopg = _psycopg()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    cursor = psycopg.server_binding(connection.connection)
    loader = connection.connection.adapters.get_loader(psycopg.timestamptz, psycopg.text)
    if connection.timezone != loader.timezone:  # as Django's own `create_cursor` does
        psycopg.register_tzloader(connection.timezone, cursor)
    return connection.make_cursor(cursor)


@functools.cache
def _psycopg() -> SimpleNamespace:
    """What this module takes from psycopg, imported once, when first needed (a set-up on
    SQLite may have no psycopg)."""
    from django.db.backends.postgresql.base import TIMESTAMPTZ_OID, ServerBindingCursor
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg.pq import ExecStatus, Format

    return SimpleNamespace(server_binding=ServerBindingCursor, timestamptz=TIMESTAMPTZ_OID,
                           register_tzloader=register_tzloader, text=Format.TEXT,
                           tuples_ok=ExecStatus.TUPLES_OK)


def _logged(connection, statements: Sequence[tuple[str, Sequence]]):
    """One entry in Django's query log (DEBUG, the tests' query counts) for statements sent
    together, as written: psycopg keeps no text of a statement it runs by name."""
    if not connection.queries_logged:
        return contextlib.nullcontext()
    return CursorDebugWrapper(None, connection).debug_sql(
        ";\n".join(sql for sql, _ in statements),
        [param for _, params in statements for param in params])
