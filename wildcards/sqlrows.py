"""Model rows read and written with SQL written once, for the requests every client repeats.

The ORM compiles each query anew: on this project's 2-core machine that was 0.5-1.7 ms of CPU
per query, most of a state read's cost (the database's own work is a tenth of it). `Columns`
is a model's column list built once; its rows become model instances through the same
converters Django applies, so SQLite and PostgreSQL give the same Python values as the ORM.
`update` and `insert` write with statements built once per model and list of fields.

Only the hot paths use this (loading a table, saving a move, the token check); everything else
stays on the ORM.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from django.db import connections
from django.db.models import Model
from django.db.models.constants import OnConflict

DB = "default"


def quote(name: str) -> str:
    return connections[DB].ops.quote_name(name)


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
        connection = connections[DB]
        values = list(row[start:start + self.width])
        for i, converters, column in self._converters:
            value = values[i]
            for convert in converters:
                value = convert(value, column, connection)
            values[i] = value
        return self.model.from_db(DB, self.attnames, values)

    def build_or_none(self, row: Sequence, start: int = 0) -> Model | None:
        """None for the all-NULL columns of an outer join that found nothing (the primary key
        comes first and is never NULL in a real row)."""
        return None if row[start] is None else self.build(row, start)


def table(model: type[Model]) -> str:
    return quote(model._meta.db_table)


def fetch(sql: str, params: Sequence) -> list[tuple]:
    with connections[DB].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@functools.cache
def _update_sql(model: type[Model], names: tuple[str, ...]) -> tuple[str, tuple]:
    meta = model._meta
    fields = tuple(meta.get_field(name) for name in names)
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    return (f"UPDATE {table(model)} SET {assignments} WHERE {quote(meta.pk.column)} = %s",
            fields)


def _prepared(fields: Iterable, instance: Model) -> list:
    connection = connections[DB]
    return [field.get_db_prep_save(getattr(instance, field.attname), connection)
            for field in fields]


def update(instances: Sequence[Model], names: Sequence[str], batch: Batch | None = None) -> None:
    """Write the fields `names` of each instance (all of one model), in one statement (or
    into `batch`)."""
    if not instances:
        return
    sql, fields = _update_sql(type(instances[0]), tuple(names))
    rows = [[*_prepared(fields, instance), instance.pk] for instance in instances]
    _write(sql, rows, batch)


def _write(sql: str, rows: list[list], batch: Batch | None) -> None:
    """One statement for each row: into `batch`, or executed now (many rows: one
    executemany, which psycopg pipelines)."""
    if batch is not None:
        for row in rows:
            batch.add(sql, row)
        return
    with connections[DB].cursor() as cursor:
        if len(rows) == 1:
            cursor.execute(sql, rows[0])
        else:
            cursor.executemany(sql, rows)


@functools.cache
def _insert_sql(model: type[Model], returning: bool, ignore_conflicts: bool) -> tuple[str, tuple]:
    meta, ops = model._meta, connections[DB].ops
    fields = tuple(field for field in meta.concrete_fields if field is not meta.pk)
    columns = ", ".join(quote(field.column) for field in fields)
    values = ", ".join(["%s"] * len(fields))
    on_conflict = OnConflict.IGNORE if ignore_conflicts else None
    sql = (f"{ops.insert_statement(on_conflict=on_conflict)} {table(model)} ({columns}) "
           f"VALUES ({values})")
    if ignore_conflicts:
        sql += " " + ops.on_conflict_suffix_sql(fields, on_conflict, None, None)
    if returning:
        sql += f" RETURNING {quote(meta.pk.column)}"
    return sql.rstrip(), fields


def insert(instance: Model, *, ignore_conflicts: bool = False) -> bool:
    """INSERT one new instance (every field but its automatic primary key) and set its key.
    With `ignore_conflicts`, a row that would break a unique constraint is not written (the
    statement waits for a transaction that is writing the same key) and False is returned."""
    connection = connections[DB]
    if not connection.features.can_return_columns_from_insert:
        raise NotImplementedError("INSERT ... RETURNING is needed")  # PostgreSQL, SQLite 3.35+
    sql, fields = _insert_sql(type(instance), True, ignore_conflicts)
    with connection.cursor() as cursor:
        cursor.execute(sql, _prepared(fields, instance))
        row = cursor.fetchone()
    if row is None:
        return False
    instance.pk = row[0]
    instance._state.adding, instance._state.db = False, DB
    return True


def insert_many(instances: Sequence[Model], batch: Batch | None = None) -> None:
    """INSERT new instances of one model whose keys are not needed afterwards, in one
    statement (or into `batch`)."""
    if not instances:
        return
    sql, fields = _insert_sql(type(instances[0]), False, False)
    rows = [_prepared(fields, instance) for instance in instances]
    _write(sql, rows, batch)


class Batch:
    """Writes whose results nobody reads, sent together by `run()`.

    On PostgreSQL, with Django's default client-side binding, psycopg sends a query through
    the simple protocol, which takes several statements at once: the batch is one query and
    one round trip (a move's five writes cost one wait for the server instead of five). They
    run in order, in the caller's transaction, and the first that fails raises and stops the
    rest. Elsewhere (SQLite, server-side binding) the statements run one by one."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list]] = []

    def add(self, sql: str, params: Sequence) -> None:
        self.statements.append((sql, list(params)))

    def run(self) -> None:
        statements, self.statements = self.statements, []
        if not statements:
            return
        connection = connections[DB]
        with connection.cursor() as cursor:
            if _one_query_takes_many(connection) and len(statements) > 1:
                cursor.execute(";\n".join(sql for sql, _ in statements),
                               [param for _, params in statements for param in params])
            else:
                for sql, params in statements:
                    cursor.execute(sql, params)


def _one_query_takes_many(connection) -> bool:
    return (connection.vendor == "postgresql"
            and not connection.settings_dict.get("OPTIONS", {}).get("server_side_binding"))
