"""The statements of the hot paths (loading a table, saving a move), written once, with the
plain ORM behind a switch.

`WILDCARDS_STORAGE_SQL=prepared` (the default) uses SQL text built once per model: the ORM
compiles each query anew, and on this project's 2-core machine that CPU was most of a state
read's cost. `Columns` is a model's column list; its rows become model instances through the
converters Django itself applies, so SQLite and PostgreSQL give the ORM's Python values. A
move's writes go to PostgreSQL together, in one round trip (`Batch`). `orm` does the same
work with `select_for_update`, `select_related` and `bulk_update`: the A/B of the two is in
docs/benchmarks.md, and docs/architecture.md says which figure keeps this module.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import connections
from django.db.models import Model

from . import pipeline

DB = "default"
PREPARED, ORM = "prepared", "orm"


def prepared() -> bool:
    """Whether the hand-written statements are on (read on every call: a test or a benchmark
    may switch)."""
    return settings.WILDCARDS_STORAGE_SQL == PREPARED


def quote(name: str) -> str:
    return connections[DB].ops.quote_name(name)


def table(model: type[Model]) -> str:
    return quote(model._meta.db_table)


class Columns:
    """The concrete columns of `model` under the SQL alias `alias`, in `_meta` order."""

    def __init__(self, model: type[Model], alias: str) -> None:
        self.model, self.alias = model, alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [field.attname for field in self.fields]
        self.width = len(self.fields)

    @functools.cached_property
    def sql(self) -> str:
        """`alias."col", alias."col", ...` for a SELECT list."""
        return ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)

    @functools.cached_property
    def _converters(self) -> list[tuple[int, list, object]]:
        """(position, converters, column) of the fields whose database value needs converting
        (JSON text, SQLite's dates and booleans): what the ORM's compiler would apply."""
        connection = connections[DB]
        found = []
        for i, field in enumerate(self.fields):
            column = field.get_col(self.alias)
            converters = (connection.ops.get_db_converters(column)
                          + column.get_db_converters(connection))
            if converters:
                found.append((i, converters, column))
        return found

    def build(self, row: Sequence, start: int = 0) -> Model:
        """The instance in `row[start:start + width]`."""
        return self.model.from_db(DB, self.attnames, self.values(row, start))

    def values(self, row: Sequence, start: int = 0) -> list:
        """The Python values in `row[start:start + width]`, in `attnames` order (for rows read
        only as values: no model instance is made)."""
        connection = connections[DB]
        values = list(row[start:start + self.width])
        for i, converters, column in self._converters:
            value = values[i]
            for convert in converters:
                value = convert(value, column, connection)
            values[i] = value
        return values

    def build_or_none(self, row: Sequence, start: int = 0) -> Model | None:
        """None for the all-NULL columns of an outer join that found nothing (the primary key
        comes first and is never NULL in a real row)."""
        return None if row[start] is None else self.build(row, start)


def fetch(sql: str, params: Sequence) -> list[tuple]:
    """The statement's rows."""
    return fetch_all([(sql, params)])[0]


# The hot reads (a table with its seats, an API token's owner) run as statements PostgreSQL
# prepares (`pipeline`). Planning was most of their cost: the seats' seven-table join took
# 1.7 ms of its CPU as text (1.0 ms with its joins planned in the order written) and 0.26 ms
# prepared (pgbench, docs/benchmarks.md, "Prepared reads").
def fetch_all(statements: Sequence[tuple[str, Sequence]]) -> list[list[tuple]]:
    """The rows of each statement, run in order: on PostgreSQL prepared and in one round trip
    (logged as one query, as `Batch`'s), each statement seeing what the one before it did and,
    at READ COMMITTED, what was committed until it began; elsewhere one by one."""
    connection = connections[DB]
    if connection.vendor != "postgresql":
        found = []
        for sql, params in statements:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                found.append(cursor.fetchall())
        return found
    return pipeline.run_together(connection, statements, every_result=True)


class Batch:
    """Writes whose results nobody reads, sent together by `run()`.

    On PostgreSQL they go as `fetch_all`'s reads do: in psycopg's pipeline, one round trip (a
    move's writes cost one wait for the server instead of five), each statement bound on the
    server and, from its second use on a connection, prepared: PostgreSQL parses and plans a
    move's half-dozen writes once a connection, not at every move (as one multi-statement text,
    they were 0.5 ms of the server's time a move: docs/benchmarks.md, "the move's writes
    prepared"). They run in order, in the caller's transaction, and the first that fails
    raises and stops the rest. Elsewhere (SQLite) the statements run one by one. With the ORM
    switch, `update` and `insert_many` do not use a batch: they write at once."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list]] = []

    def add(self, sql: str, params: Sequence) -> None:
        self.statements.append((sql, list(params)))

    def run(self, last: str | None = None, last_params: Sequence = ()) -> list[tuple]:
        """Run the writes; with `last`, then that statement, whose rows are returned (in the
        same query on PostgreSQL: a move's emails, `INSERT ... RETURNING`)."""
        statements, self.statements = self.statements, []
        if last is not None:
            statements.append((last, list(last_params)))
        if not statements:
            return []
        connection = connections[DB]
        if connection.vendor != "postgresql":
            with connection.cursor() as cursor:
                for sql, params in statements:
                    cursor.execute(sql, params)
                return cursor.fetchall() if last is not None else []
        found = pipeline.run_together(connection, statements, every_result=False)
        return found[0] if last is not None else []


# Inside `written_together`: the one batch of every table's writes of the transaction.
_held: ContextVar[Batch | None] = ContextVar("writes_together", default=None)


@contextmanager
def written_together() -> Iterator[Batch]:
    """The moves' and seats' writes made inside go in one batch, sent when it ends (or sooner
    by `flush`), so that the sweep's hundred tables in a transaction are one round trip, not a
    hundred; nothing is sent if it ends with an exception. The caller may send the batch with
    a last statement of its own (`Batch.run`'s `last`: the emails' INSERT). Whoever reads game
    rows inside must `flush` first (the Hard bot reads the move log: `bots.bot_move`)."""
    batch = Batch()
    token = _held.set(batch)
    try:
        yield batch
    finally:
        _held.reset(token)
    batch.run()


def held() -> Batch | None:
    """`written_together`'s batch, if inside it."""
    return _held.get()


def deferred(batch: Batch) -> bool:
    """Whether `batch` is `written_together`'s, sent when that ends rather than by its user."""
    return batch is _held.get()


def flush() -> None:
    """Send the writes `written_together` holds so far (nothing outside it)."""
    batch = _held.get()
    if batch is not None:
        batch.run()


def update(instances: Sequence[Model], names: Sequence[str], batch: Batch) -> None:
    """Write the fields `names` of each instance (all of one model)."""
    if not instances:
        return
    model = type(instances[0])
    if not prepared():
        if len(instances) == 1:
            instance = instances[0]
            fields = [model._meta.get_field(name) for name in names]
            model._base_manager.filter(pk=instance.pk).update(
                **{field.attname: getattr(instance, field.attname) for field in fields})
        else:
            model._base_manager.bulk_update(instances, names)
        return
    sql, fields = _update_sql(model, tuple(names))
    for instance in instances:
        batch.add(sql, [*_prepared(fields, instance), instance.pk])


def insert_many(instances: Sequence[Model], batch: Batch) -> None:
    """INSERT new instances of one model whose keys are not needed afterwards."""
    if not instances:
        return
    model = type(instances[0])
    if not prepared():
        model._base_manager.bulk_create(instances)
        return
    sql, fields = _insert_sql(model)
    for instance in instances:
        batch.add(sql, _prepared(fields, instance))


@functools.cache
def _update_sql(model: type[Model], names: tuple[str, ...]) -> tuple[str, tuple]:
    meta = model._meta
    fields = tuple(meta.get_field(name) for name in names)
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    return (f"UPDATE {table(model)} SET {assignments} WHERE {quote(meta.pk.column)} = %s",
            fields)


@functools.cache
def _insert_sql(model: type[Model]) -> tuple[str, tuple]:
    meta = model._meta
    fields = tuple(field for field in meta.concrete_fields if field is not meta.pk)
    columns = ", ".join(quote(field.column) for field in fields)
    values = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {table(model)} ({columns}) VALUES ({values})", fields


def _prepared(fields, instance: Model) -> list:
    connection = connections[DB]
    return [field.get_db_prep_save(getattr(instance, field.attname), connection)
            for field in fields]
