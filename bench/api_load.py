#!/usr/bin/env python3
"""How fast is a move through the whole stack (HTTP, Django, DRF, the row lock, PostgreSQL)?

The script
  1. drops and creates a PostgreSQL database (`wildcards_bench`) and migrates it;
  2. starts the service under gunicorn on a free loopback port (`--workers` processes), with
     DEBUG off, Redis for the rate limits (raised so nothing is throttled, but still counted)
     and for Celery's broker (a database of its own: the tasks a move queues are published as
     in production; no worker runs them here, they are dropped at the end);
  3. signs up `--clients` players, seats them at tables of `--players` and starts the games;
  4. phase 1, the floor (`--me-seconds`): every client sends GET /api/me in a loop;
  5. phase 2, the games (`--seconds`): every client reads its state (GET /api/tables/{id}/state,
     then `?since=<the version it holds>`, answered 304 while nothing changed) and, when it is
     its turn, posts a legal move picked at random from `you.playable` /
     `you.actions` (a Wild gets a color) with the state's version as `expected_version`; a
     client whose turn it is not waits about `--poll-ms` before reading again (drawn between
     0.5 and 1.5 times it, and the clients start at random moments of the first period, so
     that they do not poll in step). Every `--me-every`-th
     loop a client also sends GET /api/me, so the floor is measured under the same load, at the
     same time. When a game ends its four players start a new table.
  6. prints accepted moves per second, latency percentiles of an accepted POST move, of
     GET state and of GET /api/me, and the two bars: move median <= 3 x the /api/me median
     (interleaved), move p99 < 100 ms;
  7. stops gunicorn (also on Ctrl-C) and drops the database (unless `--keep-db`).

Everything runs on loopback addresses only, and every loop is bounded in time and in count.
Latencies are measured by the clients (64 Python threads in one process by default), so on a
small machine they include the clients' own waiting for a CPU; the floor has the same share.

Usage:
  .venv/bin/python bench/api_load.py [--seconds 30] [--clients 64] [--workers 4]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import math
import os
import platform
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
COLORS = ("red", "yellow", "green", "blue")
HOST = "127.0.0.1"
REQUEST_TIMEOUT = 30.0  # seconds, for any one request
MAX_REQUESTS_PER_CLIENT = 200_000  # a bound on every client loop, besides its deadline


# ------------------------------------------------------------------------------ HTTP
class Http:
    """One keep-alive connection (gunicorn's sync workers close it after each answer; then the
    next request opens a new one, which is part of the measured time)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)

    def call(self, method: str, path: str, token: str | None = None,
             body: dict | None = None) -> tuple[int, dict | None, float]:
        """(status, JSON body or None, seconds); status 0 for a failed connection."""
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Token {token}"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.conn.close()
            return 0, None, time.perf_counter() - start
        elapsed = time.perf_counter() - start
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, parsed, elapsed

    def close(self) -> None:
        self.conn.close()


# ------------------------------------------------------------------------ bookkeeping
@dataclass
class Stats:
    """What one client saw; merged at the end (no lock needed while running)."""

    move_ok: list[float] = field(default_factory=list)
    state: list[float] = field(default_factory=list)
    state_304: list[float] = field(default_factory=list)
    me: list[float] = field(default_factory=list)
    codes: Counter = field(default_factory=Counter)

    def merge(self, other: Stats) -> None:
        self.move_ok += other.move_ok
        self.state += other.state
        self.state_304 += other.state_304
        self.me += other.me
        self.codes.update(other.codes)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of `values` (seconds); NaN for none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def line(name: str, values: list[float]) -> str:
    ms = [percentile(values, p) * 1000 for p in (50, 95, 99)]
    return (f"  {name:<28} n={len(values):>7}   p50 {ms[0]:7.1f} ms   p95 {ms[1]:7.1f} ms   "
            f"p99 {ms[2]:7.1f} ms")


@dataclass
class Player:
    name: str
    token: str


class Group:
    """The players of one table; when their game ends, the first to notice starts another."""

    def __init__(self, players: list[Player], port: int) -> None:
        self.players = players
        self.port = port
        self.lock = threading.Lock()
        self.table: int | None = None
        self.finished = 0

    def new_table(self, http: Http) -> None:
        host, others = self.players[0], self.players[1:]
        status, body, _ = http.call("POST", "/api/tables", host.token,
                                    {"players": len(self.players)})
        if status != 201:
            raise RuntimeError(f"create table: {status} {body}")
        table, invite = body["id"], body["invite"]
        for player in others:
            status, body, _ = http.call("POST", f"/api/tables/{table}/join", player.token,
                                        {"invite": invite})
            if status != 200:
                raise RuntimeError(f"join table: {status} {body}")
        status, body, _ = http.call("POST", f"/api/tables/{table}/start", host.token)
        if status != 200:
            raise RuntimeError(f"start table: {status} {body}")
        self.table = table

    def game_over(self, table: int, http: Http) -> None:
        with self.lock:
            if self.table == table:  # nobody has started the next one yet
                self.finished += 1
                self.new_table(http)


def choose_move(you: dict, rng: random.Random, players: int) -> dict | None:
    actions = you.get("actions") or []
    if "play" in actions and you.get("playable"):
        card = rng.choice(you["playable"])
        move = {"action": "play", "card": card}
        if card.startswith("wild"):
            move["color"] = rng.choice(COLORS)
        if card.endswith("-7"):  # only needed with the 7-0 rule, harmless without it
            move["target"] = rng.choice([s for s in range(players) if s != you["seat"]])
        return move
    for action in ("take", "draw", "pass"):
        if action in actions:
            return {"action": action}
    if "choose" in actions:
        return {"action": "choose", "color": rng.choice(COLORS)}
    return None


# --------------------------------------------------------------------------- clients
def pause(rng: random.Random, poll: float) -> float:
    """A waiting client's pause: `poll` on average, drawn between half and one and a half
    times it. With one fixed pause, clients that started together would stay in step and all
    poll in one burst each period, which no crowd of real players does."""
    return poll * rng.uniform(0.5, 1.5)


def me_loop(player: Player, port: int, deadline: float, stop: threading.Event,
            stats: Stats) -> None:
    http = Http(port)
    try:
        for _ in range(MAX_REQUESTS_PER_CLIENT):
            if stop.is_set() or time.monotonic() >= deadline:
                break
            status, _, elapsed = http.call("GET", "/api/me", player.token)
            stats.codes[f"GET me {status}"] += 1
            if status == 200:
                stats.me.append(elapsed)
    finally:
        http.close()


def game_loop(player: Player, group: Group, port: int, deadline: float, stop: threading.Event,
              stats: Stats, poll: float, me_every: int, seed: int) -> None:
    rng = random.Random(seed)
    http = Http(port)
    last: dict | None = None  # the last full view of the table
    stop.wait(rng.uniform(0, poll))  # clients start out of step, as real ones would
    try:
        for loop in range(1, MAX_REQUESTS_PER_CLIENT + 1):
            if stop.is_set() or time.monotonic() >= deadline:
                break
            if me_every and loop % me_every == 0:
                status, _, elapsed = http.call("GET", "/api/me", player.token)
                stats.codes[f"GET me {status}"] += 1
                if status == 200:
                    stats.me.append(elapsed)
            table = group.table
            if last is not None and last["table"] != table:
                last = None
            # Like a good client, ask only for what changed since the view it holds.
            since = f"?since={last['version']}" if last is not None else ""
            status, view, elapsed = http.call("GET", f"/api/tables/{table}/state{since}",
                                              player.token)
            stats.codes[f"GET state {status}"] += 1
            if status == 304:
                stats.state_304.append(elapsed)
                view = last
            elif status != 200:
                stop.wait(pause(rng, poll))
                continue
            else:
                stats.state.append(elapsed)
                last = view
            if view["status"] == "finished":
                try:
                    group.game_over(table, http)
                except RuntimeError as error:
                    stats.codes[f"new table failed: {error}"] += 1
                    break
                continue
            you, round_ = view.get("you") or {}, view.get("round") or {}
            move = None
            if round_.get("turn") == you.get("seat"):
                move = choose_move(you, rng, len(view["seats"]))
            if move is None:
                stop.wait(pause(rng, poll))
                continue
            move["expected_version"] = view["version"]
            status, answer, elapsed = http.call("POST", f"/api/tables/{table}/moves",
                                                player.token, move)
            code = (answer or {}).get("code") if status != 200 else None
            stats.codes[f"POST move {status}{' ' + code if code else ''}"] += 1
            if status == 200:
                stats.move_ok.append(elapsed)
                last = answer
    finally:
        http.close()


def run_clients(target, args_list: list[tuple], stop: threading.Event, limit: float) -> None:
    threads = [threading.Thread(target=target, args=args, daemon=True) for args in args_list]
    for thread in threads:
        thread.start()
    end = time.monotonic() + limit
    for thread in threads:
        # Short joins, so that Ctrl-C reaches the main thread at once.
        while thread.is_alive() and time.monotonic() < end:
            thread.join(0.2)
    if any(thread.is_alive() for thread in threads):
        stop.set()
        for thread in threads:
            thread.join(REQUEST_TIMEOUT + 5)


# --------------------------------------------------------------------- CPU accounting
def cpu_ticks(pid: int) -> int | None:
    """User + system CPU time of a process so far, in clock ticks (None if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)


def children_of(parent: int) -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == parent:
                        pids.append(int(entry))
            except OSError:
                continue
    return pids


def backends_of(server_url: str, database: str) -> list[int]:
    import psycopg

    with psycopg.connect(server_url, dbname="postgres", autocommit=True) as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s",
                            (database,)).fetchall()
    return [pid for (pid,) in rows]


class CpuMeter:
    """CPU seconds used between `start` and `stop` by gunicorn's workers, by the PostgreSQL
    backends of the bench database and by this process (the clients): on a shared machine the
    wall-clock figures depend on the neighbours, these much less."""

    def __init__(self, gunicorn_pid: int, server_url: str, database: str) -> None:
        self.master, self.server_url, self.database = gunicorn_pid, server_url, database
        self.before: dict[str, dict[int, int]] = {}

    def _snapshot(self) -> dict[str, dict[int, int]]:
        groups = {"gunicorn": [self.master, *children_of(self.master)],
                  "postgres": backends_of(self.server_url, self.database)}
        snap = {name: {pid: t for pid in pids if (t := cpu_ticks(pid)) is not None}
                for name, pids in groups.items()}
        snap["clients"] = {os.getpid(): cpu_ticks(os.getpid()) or 0}
        return snap

    def start(self) -> None:
        self.before = self._snapshot()

    def stop(self) -> dict[str, float]:
        after, hz = self._snapshot(), os.sysconf("SC_CLK_TCK")
        return {name: sum(t - self.before.get(name, {}).get(pid, 0) for pid, t in pids.items())
                / hz for name, pids in after.items()}


# ---------------------------------------------------------------------- the service
def check_loopback(url: str, what: str) -> None:
    host = urlsplit(url).hostname
    if host not in LOOPBACK:
        sys.exit(f"{what} must be on a loopback address, not {host!r}")


def recreate_database(server_url: str, name: str, drop_only: bool = False) -> None:
    import psycopg

    with psycopg.connect(server_url, dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def analyze_database(server_url: str, name: str) -> None:
    """VACUUM ANALYZE the database: PostgreSQL plans with its tables' statistics, which
    autovacuum keeps on a server and which a database filled a moment ago has not got (and
    none on a server run with `autovacuum = off`, as this machine's CI set-up is: a query over
    9,000 players' seats then took 12 ms of PostgreSQL's CPU instead of 0.1, docs/benchmarks.md,
    "Statistics")."""
    import psycopg

    with psycopg.connect(server_url, dbname=name, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def wait_until_up(port: int, server: subprocess.Popen, seconds: float = 60) -> None:
    """Until the server (gunicorn, or `make run`'s web process) answers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with {server.returncode}")
        http = Http(port)
        status, _, _ = http.call("GET", "/api/me")
        http.close()
        if status in (401, 403):
            return
        time.sleep(0.2)
    raise RuntimeError("the server did not answer in time")


def stop_server(server: subprocess.Popen | None) -> None:
    """SIGTERM to the server's session (gunicorn's master and workers), SIGKILL after 20 s."""
    if server is None or server.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)


def sign_up(port: int, count: int, tag: str) -> list[Player]:
    password = secrets.token_urlsafe(16)

    def one(i: int) -> Player:
        http = Http(port)
        name = f"bench-{tag}-{i}"
        status, body, _ = http.call("POST", "/api/accounts", None, {
            "username": name, "email": f"{name}@example.com", "password": password})
        http.close()
        if status != 201:
            raise RuntimeError(f"sign-up: {status} {body}")
        return Player(name, body["token"])

    with ThreadPoolExecutor(max_workers=8) as pool:
        return list(pool.map(one, range(count)))


# ------------------------------------------------------------------------------ main
def server_env(database_url: str, redis_url: str) -> dict[str, str]:
    """The environment of the service under test: production settings (DEBUG off), this run's
    database and Redis, rate limits raised so that nothing is refused, emails to locmem."""
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("WILDCARDS_", "DJANGO_"))},
        "DJANGO_SETTINGS_MODULE": "wildcards.settings",
        "DATABASE_URL": database_url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "0",
        "WILDCARDS_HTTPS": "0",  # plain http on loopback (docs/hosting.md)
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "REDIS_URL": redis_url,
        # Tasks (emails, expiries) go to the broker, as in production, where a worker sends
        # them; no worker runs here: the figures are the web requests'. Dropped at the end.
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "WILDCARDS_THROTTLE_MOVES": "1000000/minute",
        "WILDCARDS_THROTTLE_SIGNUP": "1000000/hour",
        "WILDCARDS_THROTTLE_TOKEN": "1000000/minute",
    }


def interrupted(*_) -> None:
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30, help="length of the game phase")
    parser.add_argument("--me-seconds", type=float, default=5,
                        help="length of the /api/me-only phase before the games (0: none)")
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--players", type=int, default=4, help="players per table")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads per gunicorn worker (more than 1: gthread workers)")
    parser.add_argument("--poll-ms", type=float, default=1000,
                        help="mean pause of a client whose turn it is not, before it reads "
                             "again (docs/api.md asks clients to poll at most once a second)")
    parser.add_argument("--me-every", type=int, default=5,
                        help="a GET /api/me every this many loops of a client (0: never)")
    parser.add_argument("--database", default="wildcards_bench")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432",
                        help="PostgreSQL server URL, without a database name")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9",
                        help="Redis for the throttle cache (a database of its own)")
    parser.add_argument("--keep-db", action="store_true", help="do not drop the database")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--storage-sql", choices=["prepared", "orm"], default="prepared",
                        help="WILDCARDS_STORAGE_SQL of the server: SQL written once, or the "
                             "plain ORM (the A/B of docs/benchmarks.md)")
    parser.add_argument("--smoke", action="store_true",
                        help="a few seconds with 4 clients (CI): fails if no move is accepted "
                             "or the server answers 5xx")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.me_seconds, args.clients, args.workers = 3, 1, 4, 1
        args.poll_ms = min(args.poll_ms, 100)

    if args.clients < args.players or args.clients % args.players:
        parser.error("--clients must be a multiple of --players")
    if not 2 <= args.players <= 10:
        parser.error("--players must be 2 to 10")
    if not 0 < args.seconds <= 3600 or not 0 <= args.me_seconds <= 3600:
        parser.error("phases last at most an hour")
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", args.database):
        parser.error("--database: lower-case letters, digits and _")
    check_loopback(args.postgres, "PostgreSQL")
    check_loopback(args.redis, "Redis")

    split = urlsplit(args.postgres)
    database_url = urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", ""))
    port = free_port()
    env = {**server_env(database_url, args.redis), "WILDCARDS_STORAGE_SQL": args.storage_sql}
    print(f"storage: WILDCARDS_STORAGE_SQL={args.storage_sql}")
    signal.signal(signal.SIGTERM, interrupted)  # e.g. from `timeout`: tear down as on Ctrl-C
    with tempfile.TemporaryFile("w+", prefix="api_load_gunicorn_") as log:
        return run(args, env, port, log)


def run(args: argparse.Namespace, env: dict, port: int, log) -> int:
    gunicorn = None
    stop = threading.Event()
    load_before = os.getloadavg()
    try:
        print(f"database {args.database}: dropping, creating, migrating ...", flush=True)
        recreate_database(args.postgres, args.database)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=env, check=True, timeout=300)
        command = [sys.executable, "-m", "gunicorn", "wildcards.wsgi",
                   "-w", str(args.workers), "-b", f"{HOST}:{port}",
                   "--log-level", "warning", "--timeout", "60"]
        if args.threads > 1:
            command += ["--threads", str(args.threads)]
        print(f"starting: {' '.join(command[1:])}", flush=True)
        gunicorn = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log,
                                    start_new_session=True)
        wait_until_up(port, gunicorn)

        players = sign_up(port, args.clients, secrets.token_hex(3))
        groups = [Group(players[i:i + args.players], port)
                  for i in range(0, len(players), args.players)]
        setup = Http(port)
        for group in groups:
            group.new_table(setup)
        setup.close()
        print(f"{len(players)} players signed up, {len(groups)} tables of {args.players} "
              f"started", flush=True)
        analyze_database(args.postgres, args.database)

        floor = Stats()
        if args.me_seconds:
            per_client = [Stats() for _ in players]
            deadline = time.monotonic() + args.me_seconds
            start = time.monotonic()
            run_clients(me_loop, [(p, port, deadline, stop, s)
                                  for p, s in zip(players, per_client, strict=True)],
                        stop, args.me_seconds + REQUEST_TIMEOUT)
            me_elapsed = time.monotonic() - start
            for s in per_client:
                floor.merge(s)

        by_player = {p.name: g for g in groups for p in g.players}
        per_client = [Stats() for _ in players]
        meter = CpuMeter(gunicorn.pid, args.postgres, args.database)
        meter.start()
        deadline = time.monotonic() + args.seconds
        start = time.monotonic()
        run_clients(game_loop, [
            (p, by_player[p.name], port, deadline, stop, s, args.poll_ms / 1000, args.me_every,
             args.seed * 1000 + i)
            for i, (p, s) in enumerate(zip(players, per_client, strict=True))
        ], stop, args.seconds + REQUEST_TIMEOUT)
        elapsed = time.monotonic() - start
        cpu = meter.stop()
        games = Stats()
        for s in per_client:
            games.merge(s)
        load_after = os.getloadavg()

        # ---------------------------------------------------------------- report
        worker_kind = f"gthread x{args.threads}" if args.threads > 1 else "sync"
        print()
        print(f"Wild Cards API load: gunicorn {args.workers} workers ({worker_kind}), "
              f"{args.clients} clients, {len(groups)} tables x {args.players} players")
        print(f"machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, "
              f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after "
              f"(shared machine)")
        if args.me_seconds:
            print(f"phase 1, GET /api/me only ({me_elapsed:.1f} s, same {args.clients} clients, "
                  f"no pause): {len(floor.me) / me_elapsed:.0f} req/s")
            print(line("GET /api/me (alone)", floor.me))
        finished = sum(g.finished for g in groups)
        requests = sum(games.codes.values())
        print(f"phase 2, games ({elapsed:.1f} s, poll {args.poll_ms:.0f} ms, /api/me every "
              f"{args.me_every} loops): {requests / elapsed:.0f} req/s, "
              f"{finished} games finished")
        print(f"  accepted moves: {len(games.move_ok)}  ->  {len(games.move_ok) / elapsed:.1f} "
              f"moves/s")
        print(line("POST move (accepted, 200)", games.move_ok))
        print(line("GET state", games.state))
        print(line("GET state?since (304)", games.state_304))
        print(line("GET /api/me (interleaved)", games.me))
        busy = sum(cpu.values())
        print(f"  CPU used in phase 2: gunicorn {cpu['gunicorn']:.1f} s, PostgreSQL "
              f"{cpu['postgres']:.1f} s, clients {cpu['clients']:.1f} s = {busy / elapsed:.2f} "
              f"of {os.cpu_count()} CPUs; server (gunicorn + PostgreSQL) "
              f"{(cpu['gunicorn'] + cpu['postgres']) / max(requests, 1) * 1000:.1f} ms "
              f"CPU per request")
        others = {k: v for k, v in sorted(games.codes.items())
                  if not k.endswith((" 200",))}
        if others:
            print(f"  other answers: {others}")
        move_p50, move_p99 = percentile(games.move_ok, 50), percentile(games.move_ok, 99)
        me_p50 = percentile(games.me, 50)
        ratio = move_p50 / me_p50 if me_p50 else math.nan
        print("bars:")
        print(f"  move median / me median (interleaved) = {move_p50 * 1000:.1f} / "
              f"{me_p50 * 1000:.1f} ms = {ratio:.2f}   (bar <= 3)   "
              f"{'PASS' if ratio <= 3 else 'FAIL'}")
        if args.me_seconds:
            alone = percentile(floor.me, 50)
            print(f"  move median / me median (phase 1)     = {move_p50 * 1000:.1f} / "
                  f"{alone * 1000:.1f} ms = {move_p50 / alone:.2f}   (for reference)")
        print(f"  move p99 = {move_p99 * 1000:.1f} ms   (bar < 100 ms)   "
              f"{'PASS' if move_p99 < 0.1 else 'FAIL'}")
        errors = sum(n for answer, n in games.codes.items()
                     if any(len(w) == 3 and w.isdigit() and w[0] == "5" for w in answer.split()))
        if args.smoke and (not games.move_ok or errors):
            print(f"smoke: {len(games.move_ok)} moves accepted, {errors} answers 5xx: broken")
            return 1
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted: tearing down", flush=True)
        stop.set()
        return 130
    finally:
        stop.set()
        log.seek(0)
        errors = log.read()  # before the shutdown, whose messages are not of interest
        stop_server(gunicorn)
        if errors.strip():
            print("gunicorn's log (last lines):\n" + "\n".join(errors.splitlines()[-20:]))
        if not args.keep_db:
            with contextlib.suppress(Exception):
                recreate_database(args.postgres, args.database, drop_only=True)
        with contextlib.suppress(Exception):  # the tasks no worker ran (its own Redis database)
            import redis

            redis.Redis.from_url(args.redis).flushdb()


if __name__ == "__main__":
    sys.exit(main())
