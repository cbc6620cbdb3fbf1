#!/usr/bin/env python3
"""How many due tables a second does the deadline sweep handle, and does its cost follow the
due rows, not all rows?

For each size (default 10,000 and 100,000 turn-by-turn tables) and each number of sweeps run at
once (default 1, then 2) the script
  1. drops and creates the PostgreSQL database `--database` and migrates it;
  2. deals one real four-player turn-by-turn game through the service layer (the template:
     table, seats, a dealt round with hands, draw pile and discard pile), then copies it with
     INSERT ... SELECT until there are N tables, each with its own seats, round and hands;
     1 table in `--due-every` has its deadline and its halfway reminder a minute in the past,
     the others hours ahead (every table has a deadline: the partial index holds all of them);
  3. VACUUM ANALYZE, then prints EXPLAIN (ANALYZE, BUFFERS) of the claim of a group of due
     tables (rolled back) and of the look-up of real-time seats gone away;
  4. times `games.deadlines.sweep(now)`: one in this process, or several at once, each in a
     process of its own (as two beat schedulers by mistake, or a manual
     `manage.py sweep_deadlines` beside beat), and counts their SQL queries;
  5. checks that each due table was handled exactly once (one expiry: a timeout move, or two
     when the turn goes on, the same on every table; one reminder, one "your turn" email for
     the next player, nothing still due) and prints due tables
     handled per second; drops the database (unless `--keep-db`).

The tasks a sweep queues (the emails' tasks, bot turns) are the worker's work: without `--redis`
they go to an in-memory broker; with it, to that Redis database as in production (then purged),
and the event stream's messages are published there too.

Usage:
  .venv/bin/python bench/sweep.py [--sizes 10000,100000] [--due-every 100] [--sweeps 1,2]
      [--redis redis://127.0.0.1:6379/N] [--database wcbench_sweep]
      [--postgres postgres://postgres@127.0.0.1:5432]
  .venv/bin/python bench/sweep.py --smoke      # 200 tables, 20 due: seconds (CI)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 4
CLAIM = ("SELECT r.table_id, r.deadline_at FROM games_round r "
         "JOIN games_table t ON t.id = r.table_id WHERE r.deadline_at <= %s "
         "ORDER BY r.deadline_at LIMIT 100 FOR UPDATE OF t SKIP LOCKED")
UNSEEN = ("SELECT DISTINCT s.table_id FROM games_seat s JOIN games_table t ON t.id = s.table_id "
          "WHERE t.mode = 'realtime' AND t.status = 'playing' AND s.state = 'playing' "
          "AND s.user_id IS NOT NULL AND s.last_seen_at < %s LIMIT 1000")


def close_connections() -> None:
    """Every connection of this process closed, its pool's too (a fork, or a database dropped,
    must find none open)."""
    from django.db import connections

    connections.close_all()
    for connection in connections.all():
        if getattr(connection, "pool", None) is not None:
            connection.close_pool()


def recreate_database(server_url: str, name: str, drop_only: bool = False) -> None:
    import psycopg

    with psycopg.connect(f"{server_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def columns(cursor, table: str) -> list[str]:
    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
        "AND table_schema = current_schema() ORDER BY ordinal_position", [table])
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
        due = (f"CASE WHEN (t.g - 1) % {due_every} = 0 "
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
        # the template's own turn is not due: a real table, hours to go
        c.execute("UPDATE games_round SET deadline_at = now() + interval '20 hours', "
                  f"remind_at = now() + interval '10 hours' WHERE id = {template_round}")
        c.execute("SELECT count(*) FROM games_round WHERE deadline_at <= now()")
        return c.fetchone()[0]


def explain(sql: str, params: list) -> str:
    """EXPLAIN (ANALYZE, BUFFERS) of `sql`, in a transaction rolled back (it may lock rows)."""
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as c:
        c.execute(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", params)
        plan = "\n".join(row[0] for row in c.fetchall())
        transaction.set_rollback(True)
    return plan


def counted_sweep(now, profile: str | None = None) -> tuple[dict, int, float]:
    """One `games.deadlines.sweep(now)`: its counts, its queries and its seconds (`profile`:
    a cProfile of it written to that file)."""
    import cProfile

    from django.db import connection

    from games.deadlines import sweep
    from games.storage import pipeline

    # A query is a round trip: statements sent together in psycopg's pipeline count as one,
    # as the tests' query counts have them (Django's execute wrappers see each statement).
    queries, together = 0, False
    run_together = pipeline.run_together

    def count(execute, sql, params, many, context):
        nonlocal queries
        queries += not together
        return execute(sql, params, many, context)

    def counted_together(*args, **kwargs):
        nonlocal queries, together
        queries, together = queries + 1, True
        try:
            return run_together(*args, **kwargs)
        finally:
            together = False

    profiler = cProfile.Profile() if profile else None
    pipeline.run_together = counted_together
    try:
        with connection.execute_wrapper(count):
            started = time.perf_counter()
            result = profiler.runcall(sweep, now) if profiler else sweep(now)
            seconds = time.perf_counter() - started
    finally:
        pipeline.run_together = run_together
    if profiler:
        profiler.dump_stats(profile)
    return result, queries, seconds


def _sweep_in_child(now, start, out) -> None:
    start.wait()
    out.put(counted_sweep(now))
    close_connections()


def sweeps_at_once(now, count: int) -> tuple[list[tuple[dict, int, float]], float]:
    """`count` sweeps started together, each in a process of its own."""
    close_connections()  # each process opens its own
    context = multiprocessing.get_context("fork")
    start, out = context.Event(), context.Queue()
    children = [context.Process(target=_sweep_in_child, args=(now, start, out))
                for _ in range(count)]
    for child in children:
        child.start()
    started = time.perf_counter()
    start.set()
    results = [out.get(timeout=600) for _ in children]
    seconds = time.perf_counter() - started
    for child in children:
        child.join(60)
    return results, seconds


def handled(now) -> dict:
    """What the database says was done: timer moves, emails, turns still due."""
    from django.db import connection

    with connection.cursor() as c:
        c.execute("SELECT count(*), count(DISTINCT table_id) FROM games_move WHERE by = 'timer'")
        moves, tables = c.fetchone()
        # One expiry is one timer move, or two when the turn goes on (`rules.turn_goes_on`: it
        # chose the starter's color, or drew a card it then plays): the same for every table,
        # copies of one template.
        c.execute("SELECT DISTINCT count(*) FROM games_move WHERE by = 'timer' "
                  "GROUP BY table_id")
        per_table = sorted(row[0] for row in c.fetchall())
        c.execute("SELECT kind, count(*) FROM notifications_notice WHERE created_at >= %s "
                  "GROUP BY kind", [now])  # (not the template game's start)
        notices = dict(c.fetchall())
        c.execute("SELECT count(*) FROM games_round WHERE deadline_at <= %s", [now])
        still_due = c.fetchone()[0]
    return {"timer moves": moves, "tables moved": tables, "timer moves a table": per_table,
            "reminders": notices.get("reminder", 0),
            "your-turn emails": notices.get("your-turn", 0), "still due": still_due}


def measure(size: int, due_every: int, sweeps: int, args) -> dict:
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    close_connections()
    recreate_database(args.server, args.database)
    call_command("migrate", interactive=False, verbosity=0)
    started = time.perf_counter()
    due = fill(size, due_every)
    filled = time.perf_counter() - started
    with connection.cursor() as c:
        c.execute("VACUUM ANALYZE")
    now = timezone.now()
    plans = {"claim of a group of due tables": explain(CLAIM, [now]),
             "real-time seats gone away": explain(UNSEEN, [now])}
    if sweeps == 1:
        result, queries, seconds = counted_sweep(now, args.profile)
        runs = [(result, queries, seconds)]
    else:
        runs, seconds = sweeps_at_once(now, sweeps)
    return {"size": size, "due": due, "sweeps": sweeps, "fill_s": filled, "plans": plans,
            "runs": runs, "seconds": seconds, "handled": handled(now)}


def exactly_once(r: dict) -> bool:
    done, due = r["handled"], r["due"]
    expired = sum(result["expired"] for result, _, _ in r["runs"])
    return (done["tables moved"] == due == expired and len(done["timer moves a table"]) == 1
            and done["reminders"] == due and done["your-turn emails"] == due
            and done["still due"] == 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--due-every", type=int, default=100, help="1 table in this many is due")
    parser.add_argument("--sweeps", default="1,2", help="sweeps run at once, each figure")
    parser.add_argument("--smoke", action="store_true", help="200 tables, 20 due (seconds)")
    parser.add_argument("--postgres", "--server", dest="server",
                        default="postgres://postgres@127.0.0.1:5432",
                        help="PostgreSQL server URL, without a database name")
    parser.add_argument("--database", default="wcbench_sweep")
    parser.add_argument("--redis", help="Redis URL: the broker and the event stream (purged)")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--profile", help="write a cProfile of the single sweep to this file")
    args = parser.parse_args()
    if args.smoke:
        args.sizes, args.due_every = "200", 10

    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    os.environ.update({
        "DATABASE_URL": f"{args.server}/{args.database}", "DEBUG": "0",
        "SECRET_KEY": "bench-sweep-not-secret", "DJANGO_SETTINGS_MODULE": "wildcards.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "LOG_LEVEL": "WARNING",
    })
    if args.redis:
        os.environ["REDIS_URL"] = args.redis
    else:
        os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from wildcards.celery import app

    if not args.redis:
        # The tasks a sweep queues are the worker's work, not the sweep's: into memory here.
        app.conf.update(broker_url="memory://", task_always_eager=False, result_backend=None)
    print(f"# bench/sweep.py on {platform.node()} ({os.cpu_count()} CPUs), "
          f"Python {platform.python_version()}, due 1 in {args.due_every}, "
          f"broker {'Redis' if args.redis else 'in memory'}")
    results = []
    try:
        for size in (int(s) for s in args.sizes.split(",")):
            for sweeps in (int(s) for s in args.sweeps.split(",")):
                r = measure(size, args.due_every, sweeps, args)
                results.append(r)
                print(f"\n## {size:,} tables (filled in {r['fill_s']:.1f} s), {r['due']:,} due, "
                      f"{sweeps} sweep(s) at once")
                for name, plan in r["plans"].items():
                    print(f"EXPLAIN (ANALYZE, BUFFERS), {name}:")
                    print("    " + plan.replace("\n", "\n    "))
                for result, queries, seconds in r["runs"]:
                    print(f"sweep: {result!r}, {queries:,} queries, {seconds * 1000:.0f} ms")
                print(f"handled: {r['handled']!r}; exactly once: {exactly_once(r)}")
                print(f"{r['seconds'] * 1000:.0f} ms: {r['due'] / r['seconds']:,.0f} due tables "
                      "handled/s")
    finally:
        if args.redis:
            app.control.purge()
        close_connections()
        if not args.keep_db:
            recreate_database(args.server, args.database, drop_only=True)
    print("\n| tables | due | sweeps at once | time | queries per due table | due tables/s | "
          "each once |")
    print("|---:|---:|---:|---:|---:|---:|---|")
    for r in results:
        queries = sum(q for _, q, _ in r["runs"])
        print(f"| {r['size']:,} | {r['due']:,} | {r['sweeps']} | {r['seconds'] * 1000:,.0f} ms | "
              f"{queries / max(r['due'], 1):.1f} | {r['due'] / r['seconds']:,.0f} | "
              f"{'yes' if exactly_once(r) else 'NO'} |")
    return 0 if all(exactly_once(r) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
