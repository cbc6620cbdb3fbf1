#!/usr/bin/env python3
"""Does the deadline sweep's cost follow the due rows, not all rows?

For each size (default 10,000 and 100,000 turn-by-turn tables) the script
  1. drops and creates the PostgreSQL database `wildcards_sweep_bench` and migrates it;
  2. deals one real four-player turn-by-turn game through the service layer (the template:
     table, seats, a dealt round with hands, draw pile and discard pile), then copies it with
     INSERT ... SELECT until there are N tables, each with its own seats, round, hands and
     discard entries; every 100th table's deadline (and reminder) is a minute in the past, the
     others' lie hours ahead (every table has a deadline: the partial index holds all of them);
  3. VACUUM ANALYZE, then prints EXPLAIN (ANALYZE, BUFFERS) of the due-row query as
     games.deadlines.expire_due makes it (rounds of playing tables whose deadline_at <= now,
     oldest first, a batch of 100; index `round_deadline_due`);
  4. times one sweep, `games.deadlines.sweep(now)` (the Celery tasks it queues, bot turns and
     emails, go to an in-memory broker and are not run: they are the worker's work);
  5. prints due tables handled per second for every size, and drops the database (unless
     `--keep-db`).

Usage:
  .venv/bin/python bench/sweep.py [--sizes 10000,100000] [--due-every 100]
      [--server postgres://postgres@127.0.0.1:5432]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "wildcards_sweep_bench"
PLAYERS = 4


def recreate_database(server_url: str, drop_only: bool = False) -> None:
    import psycopg

    with psycopg.connect(f"{server_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')


def columns(cursor, table: str) -> list[str]:
    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
        "ORDER BY ordinal_position", [table])
    return [row[0] for row in cursor.fetchall()]


def copy_rows(cursor, table: str, source: str, overrides: dict[str, str], joins: str) -> int:
    """INSERT INTO table SELECT the template rows (alias s) with `overrides` (column -> SQL)."""
    names = [c for c in columns(cursor, table) if c != "id"]
    values = ", ".join(overrides.get(c, f"s.{c}") for c in names)
    cursor.execute(f"INSERT INTO {table} ({', '.join(names)}) "
                   f"SELECT {values} FROM {source} s {joins}")
    return cursor.rowcount


def fill(size: int, due_every: int) -> int:
    """Deal the template game and copy it up to `size` tables; returns the number of due ones."""
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from games.models import Table
    from games.service import lobby

    users = [get_user_model().objects.create_user(f"p{i}", f"p{i}@example.com", "pw-bench-123")
             for i in range(PLAYERS)]
    game = lobby.create_table(users[0], {"players": PLAYERS, "mode": "turn"})
    template = game.table.pk
    for user in users[1:]:
        lobby.join_table(template, user, game.table.invite)
    lobby.start_game(template, users[0])
    template_round = Table.objects.get(pk=template).current_round_id
    copies = size - 1
    with transaction.atomic(), connection.cursor() as c:
        # tables: invite 'bench-<g>' names copy g
        copy_rows(c, "games_table", "games_table",
                  {"invite": "'bench-' || g", "current_round_id": "NULL"},
                  f", generate_series(1, {copies}) g WHERE s.id = {template}")
        new_tables = ("(SELECT id, substr(invite, 7)::int AS g FROM games_table "
                      "WHERE invite LIKE 'bench-%')")
        copy_rows(c, "games_seat", "games_seat", {"table_id": "t.id"},
                  f"JOIN {new_tables} t ON true WHERE s.table_id = {template}")
        due = (f"CASE WHEN t.g % {due_every} = 0 "
               f"THEN now() - interval '1 minute' - (t.g % 60) * interval '1 second' "
               f"ELSE now() + interval '6 hours' + (t.g % 3600) * interval '1 second' END")
        remind = due.replace("6 hours", "3 hours")
        copy_rows(c, "games_round", "games_round",
                  {"table_id": "t.id", "deadline_at": due, "remind_at": remind},
                  f"JOIN {new_tables} t ON true WHERE s.id = {template_round}")
        c.execute("UPDATE games_table t SET current_round_id = r.id FROM games_round r "
                  f"WHERE r.table_id = t.id AND t.id <> {template}")
        new_rounds = f"(SELECT id FROM games_round WHERE id <> {template_round})"
        copy_rows(c, "games_hand", "games_hand", {"round_id": "r.id"},
                  f"JOIN {new_rounds} r ON true WHERE s.round_id = {template_round}")
        copy_rows(c, "games_discardentry", "games_discardentry", {"round_id": "r.id"},
                  f"JOIN {new_rounds} r ON true WHERE s.round_id = {template_round}")
        # the template's own turn is not due: a real table, hours to go
        c.execute("UPDATE games_round SET deadline_at = now() + interval '20 hours', "
                  f"remind_at = now() + interval '10 hours' WHERE id = {template_round}")
        c.execute("SELECT count(*) FROM games_round WHERE deadline_at <= now()")
        return c.fetchone()[0]


def due_rows(now):
    """The due-row query as games.deadlines.expire_due makes it (its first batch)."""
    from games.models import Round

    return (Round.objects.filter(deadline_at__lte=now)
            .order_by("deadline_at").values_list("table_id", "deadline_at")[:100])


def sweep_once(now) -> tuple[str, int]:
    from games.deadlines import sweep

    return "games.deadlines.sweep(now)", sweep(now)


def measure(size: int, due_every: int, server: str) -> dict:
    from django.core.management import call_command
    from django.db import connection, connections
    from django.utils import timezone

    connections.close_all()
    recreate_database(server)
    call_command("migrate", interactive=False, verbosity=0)
    started = time.perf_counter()
    due = fill(size, due_every)
    filled = time.perf_counter() - started
    with connection.cursor() as c:
        c.execute("VACUUM ANALYZE")
        c.execute("SELECT count(*) FROM games_round WHERE deadline_at IS NOT NULL")
        with_deadline = c.fetchone()[0]
    now = timezone.now()
    plan = due_rows(now).explain(analyze=True, buffers=True)
    started = time.perf_counter()
    how, result = sweep_once(now)
    seconds = time.perf_counter() - started
    with connection.cursor() as c:
        c.execute("SELECT count(*) FROM games_round WHERE deadline_at <= %s", [now])
        still_due = c.fetchone()[0]
    return {"size": size, "due": due, "with_deadline": with_deadline, "fill_s": filled,
            "plan": plan, "how": how, "result": result, "seconds": seconds,
            "still_due": still_due, "now": now}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--due-every", type=int, default=100, help="1 table in this many is due")
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args()

    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    os.environ.update({
        "DATABASE_URL": f"{args.server}/{DATABASE}", "DEBUG": "0",
        "SECRET_KEY": "bench-sweep-not-secret", "DJANGO_SETTINGS_MODULE": "wildcards.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    })
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from wildcards.celery import app

    # The tasks a sweep queues (bot turns after a seat went to a bot, reminder emails) are the
    # worker's work, not the sweep's: queued into memory here and never run.
    app.conf.update(broker_url="memory://", task_always_eager=False, result_backend=None)
    from django.db import connections

    print(f"# bench/sweep.py on {platform.node()} ({os.cpu_count()} CPUs), "
          f"Python {platform.python_version()}, due 1 in {args.due_every}")
    results = []
    try:
        for size in (int(s) for s in args.sizes.split(",")):
            r = measure(size, args.due_every, args.server)
            results.append(r)
            print(f"\n## {size:,} tables (filled in {r['fill_s']:.1f} s): "
                  f"{r['due']:,} due, {r['with_deadline']:,} rounds with a deadline")
            print("EXPLAIN (ANALYZE, BUFFERS) of the due-row query:")
            print("    " + r["plan"].replace("\n", "\n    "))
            print(f"sweep: {r['how']} -> {r['result']!r}")
            print(f"sweep took {r['seconds'] * 1000:.0f} ms: "
                  f"{r['due'] / r['seconds']:,.0f} due tables handled/s; "
                  f"due after the sweep: {r['still_due']}")
    finally:
        connections.close_all()
        if not args.keep_db:
            recreate_database(args.server, drop_only=True)
    print("\n| tables | due | sweep | due tables/s |")
    print("|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['size']:,} | {r['due']:,} | {r['seconds'] * 1000:.0f} ms | "
              f"{r['due'] / r['seconds']:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
