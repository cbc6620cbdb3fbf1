#!/usr/bin/env python3
"""What does a stream's start cost the web process (`games.service.watching.start`, and the
whole request)?

A worker restarted under thousands of streams is thousands of reconnections at once, each with
`Last-Event-ID`, and the restart is bound by the CPU they take (docs/benchmarks.md, "Issue 29,
2026-12-06 night"). In one process, against a fresh PostgreSQL database (`--database`, dropped
at the end), 4 players at each of `--tables` started tables; each round, for every table, one
of its players starts a stream three ways:

- `from nothing`: a first opening, without a version (its event is the whole state);
- `at the version`: a reconnection that missed nothing (no event);
- `two behind`: a reconnection that missed the last two versions (the deal's log entry; its
  event is the state and the entries since).

Then the same three as whole requests: `GET /api/tables/{id}/events` with the player's token
(and `Last-Event-ID`), through the ASGI application a worker runs (`wildcards.asgi`: the
admission gate, Django's handler and middleware, DRF's authentication, the view, the stream
joining the process's Redis subscription), one after another, each held open once its first
bytes are out, as a browser holds it: what a worker's event loop and request threads spend on
a stream's opening, without uvicorn's HTTP parsing.

Printed: the CPU time of this process (`time.process_time`: the machine is shared) per start,
the median of `--rounds` rounds, and the SQL statements per start (not counted for the whole
requests). Compare two commits by running it in each, alternately (`git worktree add`).

Usage:
  .venv/bin/python bench/stream_start.py [--tables 400] [--rounds 5] [--redis URL] [--smoke]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import logging
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


def measure(tables: int, rounds: int) -> dict[str, tuple[list[float], float | None]]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from stream import set_up_in_django

    from games.models import Seat, Table
    from games.service import watching

    made = io.StringIO()
    with contextlib.redirect_stdout(made):
        set_up_in_django(tables, "start")
    set_up = json.loads(made.getvalue())
    ids = [row["table"] for row in set_up]
    tokens = {row["table"]: row["seats"]["0"] for row in set_up}
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
    figures: dict[str, tuple[list[float], float | None]] = {
        kind: (cpu[kind], statements[kind]) for kind in KINDS}
    requests = asyncio.run(whole_requests(ids, tokens, since, rounds))
    figures.update({f"{kind}, request": (requests[kind], None) for kind in KINDS})
    return figures


async def whole_requests(ids, tokens, since, rounds: int) -> dict[str, list[float]]:
    """Each kind's CPU a stream opened through the ASGI application, the streams of a round
    held open until the round ends (they are the process's followers, as a worker's are)."""
    from wildcards.asgi import application

    cpu: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for round_number in range(rounds + 1):  # the first untimed: caches and statements warm
        for kind in KINDS:
            held: list[asyncio.Task] = []
            start = time.process_time()
            for table in ids:
                held.append(await opened(application, table, tokens[table], since[kind](table)))
            if round_number:
                cpu[kind].append((time.process_time() - start) / len(ids))
            for task in held:
                task.cancel()
            await asyncio.gather(*held, return_exceptions=True)
    return cpu


async def opened(application, table: int, token: str, version: int | None) -> asyncio.Task:
    """The stream's request, sent; returns once its first bytes are out (its task goes on)."""
    headers = [(b"host", b"testserver"), (b"authorization", f"Token {token}".encode()),
               (b"accept", b"text/event-stream")]
    if version is not None:
        headers.append((b"last-event-id", str(version).encode()))
    path = f"/api/tables/{table}/events"
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "headers": headers, "client": ("127.0.0.1", 50000),
             "server": ("127.0.0.1", 80), "root_path": ""}
    body_out = asyncio.Event()
    status: list[int] = []
    asked = False

    async def receive():
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # the browser stays

    async def send(message):
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif message["type"] == "http.response.body" and message.get("body"):
            body_out.set()

    task = asyncio.create_task(application(scope, receive, send))
    waiting = asyncio.create_task(body_out.wait())
    await asyncio.wait([task, waiting], return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    if status != [200] or not body_out.is_set():
        raise SystemExit(f"table {table}: the stream answered {status or 'nothing'}")
    return task


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database", default="wildcards_stream_start")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9",
                        help="the Redis the streams subscribe with (its events are not read)")
    parser.add_argument("--smoke", action="store_true", help="10 tables, 1 round (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.tables, args.rounds = 10, 1
    if not 1 <= args.tables <= 100_000 or not 1 <= args.rounds <= 1000:
        parser.error("--tables: 1 to 100,000; --rounds: 1 to 1,000")

    split = urlsplit(args.postgres)
    recreate_database(args.postgres, args.database)
    try:
        configure(urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", "")),
                  args.redis, "prepared")
        logging.disable(logging.INFO)  # (the request log: a line a stream)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from django.db import connections

        connections.close_all()
        analyze_database(args.postgres, args.database)
        figures = measure(args.tables, args.rounds)
        print(f"Wild Cards stream start (games.service.watching.start, then the whole request), "
              f"{args.tables} tables of 4, {args.rounds} rounds: CPU ms a start, median "
              f"(min-max); SQL statements")
        for kind, (cpu, statements) in figures.items():
            print(f"  {kind:<25} {statistics.median(cpu) * 1000:6.3f} "
                  f"({min(cpu) * 1000:.3f}-{max(cpu) * 1000:.3f})"
                  + ("" if statements is None else f"  {statements:.1f}"))
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        recreate_database(args.postgres, args.database, drop_only=True)


if __name__ == "__main__":
    sys.exit(main())
