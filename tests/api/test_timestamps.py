"""Timestamps are read by psycopg's own loader (games.storage.timestamps), and they are the very
values Django's loader gives: aware, in UTC, to the microsecond, through Django's cursors and
the statements bound on the server alike."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import BaseTzLoader

from games.storage import sql, timestamps

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="psycopg's loaders"),
]

UTC = datetime.UTC
MOMENTS = ["2026-12-07 00:31:12.123456+00", "1999-12-31 23:59:59.999999-05",
           "2026-03-29 01:30:00+02", "0001-01-01 00:00:00+00"]


def read(moments: list[str]) -> list[datetime.datetime]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(["%s::timestamptz"] * len(moments)), moments)
        return list(cursor.fetchone())


def test_a_connection_reads_timestamps_with_psycopgs_loader():
    connection.ensure_connection()
    loader = connection.connection.adapters.get_loader(1184, 0)
    assert loader.__name__ == "UtcTimestamps"
    assert loader.timezone is UTC  # Django's cursors compare it, and keep it


def test_the_values_are_those_djangos_loader_gives():
    ours = read(MOMENTS)
    with connection.cursor() as cursor:  # Django's loader on the connection, then ours again
        class DjangoUtc(BaseTzLoader):
            timezone = UTC
        cursor.connection.adapters.register_loader(1184, DjangoUtc)
        try:
            cursor.execute("SELECT " + ", ".join(["%s::timestamptz"] * len(MOMENTS)), MOMENTS)
            django = list(cursor.fetchone())
        finally:
            timestamps.use_c_timestamps(None, connection)
    assert ours == django
    assert [moment.tzinfo for moment in ours] == [UTC] * len(MOMENTS)
    assert ours[1] == datetime.datetime(2000, 1, 1, 4, 59, 59, 999999, tzinfo=UTC)


def test_statements_bound_on_the_server_read_them_the_same(settings):
    settings.WILDCARDS_STORAGE_SQL = sql.PREPARED
    [[moment]] = sql.fetch("SELECT %s::timestamptz", [MOMENTS[2]])
    assert moment == datetime.datetime(2026, 3, 28, 23, 30, tzinfo=UTC)
    assert moment.tzinfo is UTC


def test_a_session_in_another_zone_still_reads_utc():
    with connection.cursor() as cursor:
        cursor.execute("SET TIME ZONE 'Europe/Paris'")
        try:
            [moment] = read([MOMENTS[0]])
        finally:
            cursor.execute("SET TIME ZONE 'UTC'")
    assert moment == datetime.datetime(2026, 12, 7, 0, 31, 12, 123456, tzinfo=UTC)
    assert moment.tzinfo is UTC
