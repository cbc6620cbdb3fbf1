"""Writing new notice rows: many in one statement, a row whose `dedupe_key` is taken left out.

`INSERT ... ON CONFLICT (dedupe_key) DO NOTHING RETURNING` (PostgreSQL, and SQLite from 3.35):
a notice queued before, by a transaction still open too (the insert waits for it), is no error
and needs no savepoint around it, and one statement writes a hundred rows as fast as one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from django.db import connection

from .models import Notice

MOST_IN_ONE_STATEMENT = 500  # rows: SQLite takes at most 32,766 parameters in a statement


Execute = Callable[[str, Sequence], list[tuple]]  # (SQL, parameters) -> the rows it returns


def insert_new(notices: list[Notice], execute: Execute | None = None) -> list[Notice]:
    """Write the notices whose `dedupe_key` no row holds yet (the first of any that share
    one), giving each its primary key; returns those written, in the order given. `execute`
    runs each INSERT (by default, at once on the connection; a caller may send it with other
    statements)."""
    fresh, keys = [], set()
    for notice in notices:
        if notice.dedupe_key not in keys:
            keys.add(notice.dedupe_key)
            fresh.append(notice)
    written: dict[str, int] = {}
    for start in range(0, len(fresh), MOST_IN_ONE_STATEMENT):
        chunk = fresh[start:start + MOST_IN_ONE_STATEMENT]
        statement, fields = _statement(len(chunk))
        params = [field.get_db_prep_save(getattr(notice, field.attname), connection)
                  for notice in chunk for field in fields]
        written.update({key: pk for pk, key in (execute or _execute)(statement, params)})
    for notice in fresh:
        notice.pk = written.get(notice.dedupe_key)
    return [notice for notice in fresh if notice.pk is not None]


def _execute(statement: str, params: Sequence) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall()


@functools.cache
def _statement(count: int) -> tuple[str, tuple]:
    meta = Notice._meta
    quote = connection.ops.quote_name
    fields = tuple(field for field in meta.concrete_fields if field is not meta.pk)
    row = f"({', '.join(['%s'] * len(fields))})"
    key = quote(meta.get_field("dedupe_key").column)
    return (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES {', '.join([row] * count)} ON CONFLICT ({key}) DO NOTHING "
            f"RETURNING {quote(meta.pk.column)}, {key}", fields)
