#!/usr/bin/env python3
"""What does a stream's start cost the web process (`games.service.watching.start`)?

A worker restarted under thousands of streams is thousands of reconnections at once, each with
`Last-Event-ID`, and the restart is bound by the CPU they take (docs/benchmarks.md, "Issue 29,
2026-12-06 night"). In one process, against a fresh PostgreSQL database (`--database`, dropped
at the end), 4 players at each of `--tables` started tables; each round, for every table, one
of its players starts a stream three ways:

- `from nothing`: a first opening, without a version (its event is the whole state);
- `at the version`: a reconnection that missed nothing (no event);
- `two behind`: a reconnection that missed the last two versions (the deal's log entry; its
  event is the state and the entries since).

Printed: the CPU time of this process (`time.process_time`: the machine is shared) per start,
the median of `--rounds` rounds, and the SQL statements per start. Compare two commits by
running it in each, alternately (`git worktree add`).

Usage:
  .venv/bin/python bench/stream_start.py [--tables 400] [--rounds 5] [--smoke]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api_cpu import configure  # noqa: E402
from api_load import analyze_database, recreate_database  # noqa: E402

KINDS = ("from nothing", "at the version", "two behind")


def measure(tables: int, rounds: int) -> dict[str, tuple[list[float], float]]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from stream import set_up_in_django

    from games.models import Seat, Table
    from games.service import watching

    made = io.StringIO()
    with contextlib.redirect_stdout(made):
        set_up_in_django(tables, "start")
    ids = [row["table"] for row in json.loads(made.getvalue())]
    followers = dict(Seat.objects.filter(table_id__in=ids, number=0)
                     .values_list("table_id", "user_id"))
    users = get_user_model().objects.in_bulk(list(followers.values()))
    versions = dict(Table.objects.filter(pk__in=ids).values_list("pk", "version"))
    since = {"from nothing": lambda t: None, "at the version": lambda t: versions[t],
             "two behind": lambda t: versions[t] - 2}
    cpu: dict[str, list[float]] = {kind: [] for kind in KINDS}
    statements: dict[str, float] = {}
    for kind in KINDS:  # once untimed: prepared statements and caches warm
        with CaptureQueriesContext(connection) as queries:
            for table in ids:
                watching.start(table, users[followers[table]], since[kind](table))
        statements[kind] = len(queries) / len(ids)
    for _ in range(rounds):
        for kind in KINDS:
            start = time.process_time()
            for table in ids:
                watching.start(table, users[followers[table]], since[kind](table))
            cpu[kind].append((time.process_time() - start) / len(ids))
    return {kind: (cpu[kind], statements[kind]) for kind in KINDS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database", default="wildcards_stream_start")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--smoke", action="store_true", help="10 tables, 1 round (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.tables, args.rounds = 10, 1
    if not 1 <= args.tables <= 100_000 or not 1 <= args.rounds <= 1000:
        parser.error("--tables: 1 to 100,000; --rounds: 1 to 1,000")

    split = urlsplit(args.postgres)
    recreate_database(args.postgres, args.database)
    try:
        configure(urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", "")), "",
                  "prepared")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from django.db import connections

        connections.close_all()
        analyze_database(args.postgres, args.database)
        figures = measure(args.tables, args.rounds)
        print(f"Wild Cards stream start (games.service.watching.start), {args.tables} tables of "
              f"4, {args.rounds} rounds: CPU ms a start, median (min-max); SQL statements")
        for kind, (cpu, statements) in figures.items():
            print(f"  {kind:<16} {statistics.median(cpu) * 1000:6.3f} "
                  f"({min(cpu) * 1000:.3f}-{max(cpu) * 1000:.3f})  {statements:.1f}")
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        recreate_database(args.postgres, args.database, drop_only=True)


if __name__ == "__main__":
    sys.exit(main())
