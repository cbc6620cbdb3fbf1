#!/usr/bin/env python3
"""What does one API request cost the web process, by kind of request?

In one process, without HTTP or concurrency: Django's test client sends real requests through
the whole middleware, DRF and service stack to a fresh PostgreSQL database
(`wildcards_cpu`, dropped at the end). Four players play whole games at one table: each
loop, every player reads its state (`?since=` its last version: 304 when nothing changed), and
the player whose turn it is posts a legal move; every fifth loop each also sends
GET /api/me. The script prints, for each kind of request, the CPU time of this process
(`time.process_time`) and the wall time per request (which adds PostgreSQL's share and the
round trips), and the SQL queries per request.

This is where to look when the load test (bench/api_load.py) says the server saturates: its
throughput is about 2 CPUs divided by these figures. `--profile FILE` writes a cProfile of the
whole run (read it with `python -m pstats FILE`).

Usage:
  .venv/bin/python bench/api_cpu.py [--moves 2000] [--profile /tmp/api.prof]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import random
import secrets
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api_load import choose_move, recreate_database  # noqa: E402


def configure(database_url: str, redis_url: str, storage_sql: str) -> None:
    os.environ.update({
        "WILDCARDS_STORAGE_SQL": storage_sql,
        "DJANGO_SETTINGS_MODULE": "wildcards.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "0",
        "WILDCARDS_HTTPS": "0",  # plain http on loopback (docs/hosting.md)
        "ALLOWED_HOSTS": "testserver",
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "WILDCARDS_THROTTLE_MOVES": "1000000/minute",
        "WILDCARDS_THROTTLE_SIGNUP": "1000000/hour",
        "WILDCARDS_THROTTLE_TOKEN": "1000000/minute",
    })
    import django

    django.setup()


class Meter:
    """CPU and wall seconds and SQL queries, summed by kind of request. `CPU ms` is the whole
    call, the test client's own work included (building the request, its cookies, reading the
    response); `server ms` is the CPU spent inside the WSGI handler alone: what a server spends;
    `after ms` the part of it spent after the response was complete (`response.close()`, where
    the work left for after the response runs: publishing tasks and the event stream)."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.server: dict[str, float] = defaultdict(float)
        self.after: dict[str, float] = defaultdict(float)
        self.wall: dict[str, float] = defaultdict(float)
        self.queries: dict[str, int] = defaultdict(int)
        self.count: dict[str, int] = defaultdict(int)
        self._in_handler = self._after_response = 0.0
        self._time_the_handler()

    def _time_the_handler(self) -> None:
        from django.http import HttpResponseBase
        from django.test.client import ClientHandler

        handle = ClientHandler.__call__
        meter = self

        def timed(handler, environ):
            start = time.process_time()
            try:
                return handle(handler, environ)
            finally:
                meter._in_handler += time.process_time() - start

        ClientHandler.__call__ = timed
        close = HttpResponseBase.close

        def closed(response):  # sends request_finished: the work left for after the response
            start = time.process_time()
            try:
                return close(response)
            finally:
                meter._after_response += time.process_time() - start

        HttpResponseBase.close = closed

    def call(self, kind, send, *args, **kwargs):
        """Send a request; `kind` names it, or is a function of the response that does."""
        from django.db import connection

        connection.queries_log.clear()
        self._in_handler = self._after_response = 0.0
        cpu, wall = time.process_time(), time.perf_counter()
        response = send(*args, **kwargs)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        name = kind(response) if callable(kind) else kind
        self.cpu[name] += cpu
        self.server[name] += self._in_handler
        self.after[name] += self._after_response
        self.wall[name] += wall
        self.queries[name] += len(connection.queries_log)
        self.count[name] += 1
        return response

    def report(self) -> None:
        print(f"  {'request':<24} {'n':>6} {'CPU ms':>8} {'server ms':>9} {'after ms':>8} "
              f"{'wall ms':>8} {'queries':>8}")
        for kind in sorted(self.count):
            n = self.count[kind]
            print(f"  {kind:<24} {n:>6} {self.cpu[kind] / n * 1000:8.2f} "
                  f"{self.server[kind] / n * 1000:9.2f} {self.after[kind] / n * 1000:8.2f} "
                  f"{self.wall[kind] / n * 1000:8.2f} {self.queries[kind] / n:8.1f}")


def play(moves: int, meter: Meter, seed: int) -> int:
    from django.db import connection
    from django.test import Client

    connection.force_debug_cursor = True  # count queries with DEBUG off
    rng = random.Random(seed)
    password = secrets.token_urlsafe(16)
    clients = []
    for i in range(4):
        client = Client()
        name = f"cpu-{secrets.token_hex(3)}-{i}"
        body = client.post("/api/accounts", {"username": name, "email": f"{name}@example.com",
                                             "password": password},
                           content_type="application/json").json()
        clients.append(Client(HTTP_AUTHORIZATION=f"Token {body['token']}"))
    host = clients[0]

    def new_table() -> int:
        table = host.post("/api/tables", {"players": 4}, content_type="application/json").json()
        for client in clients[1:]:
            client.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]},
                        content_type="application/json")
        host.post(f"/api/tables/{table['id']}/start", content_type="application/json")
        return table["id"]

    table, views, made, loop = new_table(), [None] * 4, 0, 0
    while made < moves:
        loop += 1
        for i, client in enumerate(clients):
            if loop % 5 == 0:
                meter.call("GET /api/me", client.get, "/api/me")
            last = views[i]
            if last is None:
                response = meter.call("GET state", client.get, f"/api/tables/{table}/state")
            else:
                response = meter.call(
                    lambda r: f"GET state?since ({r.status_code})", client.get,
                    f"/api/tables/{table}/state?since={last['version']}")
            view = views[i] = last if response.status_code == 304 else response.json()
            if view["status"] == "finished":
                table, views = new_table(), [None] * 4
                break
            you, round_ = view["you"], view["round"]
            if round_["turn"] != you["seat"]:
                continue
            move = choose_move(you, rng, 4)
            move["expected_version"] = view["version"]
            answer = meter.call(lambda r: f"POST move ({r.status_code})", client.post,
                                f"/api/tables/{table}/moves", move,
                                content_type="application/json")
            if answer.status_code == 200:
                made += 1
                views[i] = answer.json()
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000, help="accepted moves to make")
    parser.add_argument("--database", default="wildcards_cpu")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--profile", help="write a cProfile of the games to this file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--storage-sql", choices=["prepared", "orm"], default="prepared",
                        help="WILDCARDS_STORAGE_SQL: SQL written once, or the plain ORM")
    parser.add_argument("--smoke", action="store_true", help="20 moves (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.moves = 20
    if not 1 <= args.moves <= 1_000_000:
        parser.error("--moves: 1 to 1,000,000")

    split = urlsplit(args.postgres)
    recreate_database(args.postgres, args.database)
    try:
        configure(urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", "")),
                  args.redis, args.storage_sql)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        meter = Meter()
        # CPU time, not wall time: the machine is shared, and waits are not this process's.
        profile = cProfile.Profile(time.process_time) if args.profile else None
        if profile:
            profile.enable()
        made = play(args.moves, meter, args.seed)
        if profile:
            profile.disable()
            profile.dump_stats(args.profile)
        print(f"Wild Cards API cost per request, in one process ({made} accepted moves, "
              f"4 players per table, PostgreSQL, WILDCARDS_STORAGE_SQL={args.storage_sql}):")
        meter.report()
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        recreate_database(args.postgres, args.database, drop_only=True)
        import redis

        redis.Redis.from_url(args.redis).flushdb()


if __name__ == "__main__":
    sys.exit(main())
