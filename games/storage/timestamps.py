"""Timestamps read from PostgreSQL by psycopg's own loader, in C.

Django reads every `timestamptz` through a subclass of psycopg's Python loader (so that it may
set the time zone it wants), about 5 µs a value against 0.3 for psycopg's C loader, which
cannot be subclassed; a table's load reads a dozen of them and more (docs/benchmarks.md,
"Issue 29, 2026-12-07"). When Django wants UTC, as this site does, and the session is in UTC
(Django sets it so), psycopg's loader gives exactly the same values: this one hands each cursor
that loader, and keeps the `timezone` attribute Django's cursors look for.
"""

from __future__ import annotations

import datetime

UTC = datetime.UTC


def use_c_timestamps(sender, connection, **kwargs) -> None:
    """`connection_created`: have the connection's cursors read timestamps in C, when Django
    reads them in UTC (a connection of the pool is seen each time it is lent: once is enough)."""
    if connection.vendor != "postgresql" or connection.timezone is not UTC:
        return
    from django.db.backends.postgresql.base import TIMESTAMPTZ_OID
    from psycopg.pq import Format

    adapters = connection.connection.adapters
    if adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT) is not _loader_class():
        adapters.register_loader(TIMESTAMPTZ_OID, _loader_class())


_CLASS: list[type] = []


def _loader_class() -> type:
    if not _CLASS:
        _CLASS.append(_make_loader_class())
    return _CLASS[0]


def _make_loader_class() -> type:
    """(Made on first use: psycopg may be missing on a set-up with SQLite.)"""
    import psycopg
    from psycopg.adapt import Loader
    from psycopg.pq import Format

    fastest = psycopg.adapters.get_loader(psycopg.postgres.types["timestamptz"].oid, Format.TEXT)

    class UtcTimestamps(Loader):
        """psycopg's timestamptz loader (C when psycopg's binary is installed), its `load`
        called directly; `timezone` as Django's loader has it (its cursors compare it)."""

        timezone = UTC

        def __init__(self, oid: int, context=None) -> None:
            super().__init__(oid, context)
            loader = fastest(oid, context)
            connection = context.connection if context is not None else None
            if connection is not None and connection.info.timezone is UTC:
                self.load = loader.load  # what the rows' reader calls: no Python frame
            else:  # a session in another zone: the same instant, in UTC
                self.load = lambda data: loader.load(data).astimezone(UTC)

        def load(self, data):  # (replaced in __init__; psycopg wants it declared)
            raise NotImplementedError

    return UtcTimestamps
