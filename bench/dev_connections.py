#!/usr/bin/env python3
"""How many PostgreSQL connections does `make run`'s web process hold under concurrent moves?

The script
  1. drops and creates a PostgreSQL database (`wildcards_devconn`) and migrates it;
  2. starts the web process exactly as `make run` does (`processes()` of scripts/run.py:
     uvicorn, `wildcards.asgi:application`, DEBUG on) on a free loopback port, with
     DATABASE_POOL_SIZE from `--pool-size`; Redis for the rate limits (raised so nothing is
     throttled) and as Celery's broker; no worker runs, the tasks a move queues wait there;
  3. signs up `--clients` players, two to a table, and starts the games: half as many games
     as clients, so up to that many moves arrive at once;
  4. for `--seconds`, every client reads its state and posts a legal move whenever it is its
     turn, without pausing (bench/api_load.py's clients, `--poll-ms` between reads while
     waiting), while a thread counts the backends of the database in pg_stat_activity every
     20 ms (from a connection to another database, so it does not count itself);
  5. prints the peak number of connections, the bound (pool size x 1 web process), the moves
     accepted and every status answered; exits 1 if the peak passed the bound or any answer
     was a 5xx;
  6. stops the server and drops the database.

Everything runs on loopback addresses only, and every loop is bounded in time and in count.

Usage:
  .venv/bin/python bench/dev_connections.py [--clients 40] [--seconds 20] [--pool-size 8]
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import run as make_run  # noqa: E402  (scripts/run.py)
from api_load import (  # noqa: E402
    REQUEST_TIMEOUT,
    Group,
    Http,
    Stats,
    check_loopback,
    free_port,
    game_loop,
    interrupted,
    recreate_database,
    run_clients,
    sign_up,
    stop_server,
    wait_until_up,
)

SAMPLE_EVERY = 0.02  # seconds


class ConnectionCounter(threading.Thread):
    """Counts the database's backends until stopped; keeps the peak."""

    def __init__(self, server_url: str, database: str) -> None:
        super().__init__(daemon=True)
        self.server_url, self.database = server_url, database
        self.peak, self.samples = 0, 0
        self.stop = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.server_url, dbname="postgres", autocommit=True) as conn:
            while not self.stop.is_set():
                (count,) = conn.execute("SELECT count(*) FROM pg_stat_activity "
                                        "WHERE datname = %s", (self.database,)).fetchone()
                self.peak, self.samples = max(self.peak, count), self.samples + 1
                self.stop.wait(SAMPLE_EVERY)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=40, help="players, two to a table")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--pool-size", type=int, default=8, help="DATABASE_POOL_SIZE")
    parser.add_argument("--poll-ms", type=float, default=20,
                        help="a waiting client's pause between two reads of its state")
    parser.add_argument("--database", default="wildcards_devconn")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/12")
    parser.add_argument("--smoke", action="store_true", help="4 clients for 3 seconds (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.clients, args.seconds = 4, 3
    if args.clients < 2 or args.clients % 2 or not 0 < args.seconds <= 600:
        parser.error("--clients: an even number; --seconds: at most 600")
    check_loopback(args.postgres, "PostgreSQL")
    check_loopback(args.redis, "Redis")

    split = urlsplit(args.postgres)
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("WILDCARDS_", "DJANGO_"))},
        "DATABASE_URL": urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", "")),
        "DATABASE_POOL_SIZE": str(args.pool_size),
        "DEBUG": "1",  # as make run sets it
        "REDIS_URL": args.redis,
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "WILDCARDS_THROTTLE_MOVES": "1000000/minute",
        "WILDCARDS_THROTTLE_SIGNUP": "1000000/hour",
        "WILDCARDS_THROTTLE_TOKEN": "1000000/minute",
    }
    [(_, web)] = [(name, argv) for name, argv in make_run.processes(str(port)) if name == "web"]
    signal.signal(signal.SIGTERM, interrupted)  # e.g. from `timeout`: tear down as on Ctrl-C
    server, counter, stop = None, ConnectionCounter(args.postgres, args.database), threading.Event()
    try:
        recreate_database(args.postgres, args.database)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=env, check=True, timeout=300)
        print(f"starting make run's web process: {' '.join(web[1:])}", flush=True)
        server = subprocess.Popen(web, cwd=ROOT, env=env, start_new_session=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_up(port, server)
        players = sign_up(port, args.clients, secrets.token_hex(3))
        groups = [Group(players[i:i + 2], port) for i in range(0, len(players), 2)]
        setup = Http(port)
        for group in groups:
            group.new_table(setup)
        setup.close()

        counter.start()
        per_client = [Stats() for _ in players]
        by_player = {p.name: g for g in groups for p in g.players}
        deadline = time.monotonic() + args.seconds
        run_clients(game_loop, [
            (p, by_player[p.name], port, deadline, stop, s, args.poll_ms / 1000, 0, i)
            for i, (p, s) in enumerate(zip(players, per_client, strict=True))
        ], stop, args.seconds + REQUEST_TIMEOUT)
        counter.stop.set()
        counter.join(5)
    except KeyboardInterrupt:
        stop.set()
        return 130
    finally:
        counter.stop.set()
        stop_server(server)
        recreate_database(args.postgres, args.database, drop_only=True)

    seen = Stats()
    for s in per_client:
        seen.merge(s)
    # Keys such as "POST move 200", "GET state 304": status 0 is a failed connection.
    errors = sum(n for code, n in seen.codes.items()
                 if code.startswith(("GET ", "POST ")) and code.split()[2][0] in "05")
    print(f"make run's web process, DATABASE_POOL_SIZE={args.pool_size}: {len(players)} "
          f"clients at {len(groups)} tables for {args.seconds:.0f} s")
    print(f"moves accepted: {len(seen.move_ok)}; answers: "
          + ", ".join(f"{code} x{n}" for code, n in sorted(seen.codes.items())))
    print(f"database connections: peak {counter.peak} in {counter.samples} samples "
          f"(bound: pool size {args.pool_size} x 1 process = {args.pool_size})")
    print(f"5xx or failed connections: {errors}")
    return 0 if counter.peak <= args.pool_size and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
