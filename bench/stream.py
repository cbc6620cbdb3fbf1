#!/usr/bin/env python3
"""The event stream under load (issue 10): a thousand open streams, moves at a steady rate.

The script
  1. drops and creates a PostgreSQL database (`wildcards_stream`) and migrates it;
  2. makes `--streams` players with API tokens and seats them four to a table at `--tables`
     started tables (in one Django process, straight through the service layer: signing up a
     thousand players over HTTP would spend minutes hashing passwords);
  3. starts the service under gunicorn with `--workers` uvicorn workers (ASGI: the stream needs
     it), DEBUG off, Redis (`--redis`, a database of its own) for the rate limits (raised so
     nothing is refused), Celery's broker (tasks are published as in production, no worker
     runs them, they are dropped at the end) and the streams' pub/sub; emails to locmem;
  4. opens every player's stream (`GET /api/tables/{id}/events`, token auth; one asyncio
     process, aiohttp) and waits for each one's first event; the server's memory (RSS of the
     gunicorn master and workers, from /proc) before and with the streams open, idle;
  5. phase "main": `--rate` moves/s for `--seconds`. A mover picks a table (round robin over
     the tables whose previous move every viewer has seen), reads the state of the seat whose
     turn it is from that seat's latest event, plays like bench/api_load.py's `choose_move`
     with `expected_version`, and waits until the table's four viewers each have an event whose
     id is at least the move's answered version. Measured: the move request (p50/p99), and
     the time until the last of the four viewers has the event, from the moment the request
     was sent (an upper bound of "from the commit": the commit is inside the request) and
     from the moment its answer was received; the server's CPU (gunicorn's processes, and
     PostgreSQL's backends of the database apart) per delivered event and per move;
  6. phase "steps": the rate stepped up (`--steps`, `--step-seconds` each), the same figures
     per step; the highest step whose move p99 is under 100 ms is the sustained rate;
  7. phase "restart": moves at `--rate`; after a few seconds one worker gets SIGTERM (gunicorn
     starts another); the clients whose stream ends reconnect with `Last-Event-ID`;
  8. then every follower's events are checked against its table's final version: each event
     covers (from, id], one after the other from the first to the last, and the move log
     entries they carry hold every accepted move's version exactly once: events lost or
     duplicated (the bar: none), resets, and the delivery figures;
  9. stops gunicorn (also on Ctrl-C) and drops the database (unless `--keep-db`).

Everything runs on loopback addresses, and every wait is bounded. The clients share the
machine's CPUs with the server: on a small, shared machine their own waiting is in the figures.

Usage:
  .venv/bin/python bench/stream.py [--streams 1000] [--tables 250] [--rate 20] [--seconds 30]
                                   [--workers 2] [--steps 10,20,40,80] [--step-seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import re
import resource
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from api_load import (  # noqa: E402
    HOST,
    analyze_database,
    check_loopback,
    children_of,
    choose_move,
    cpu_ticks,
    free_port,
    percentile,
    recreate_database,
    server_env,
    stop_server,
    wait_until_up,
)

PLAYERS = 4
MOVE_TIMEOUT = 30.0  # seconds: a move request, or its delivery to the table's viewers
OPEN_TIMEOUT = 120.0  # seconds: every stream open and its first event in
OPEN_BUCKET = 5.0  # seconds: the opening's first events are counted by these
SETTLE = 10.0  # seconds: at the end, the last events to come in
STAYS_OPEN = 1.0  # seconds: a reopened stream open this long without an event is back
OPEN_BAR = 20.0  # seconds: every stream opened at once has its first event (issue 29)
BACK_BAR = 15.0  # seconds: every stream back after a worker's restart (issue 29)


# -------------------------------------------------------------------- the set-up (Django)
def set_up_in_django(tables: int, tag: str) -> None:
    """Run in a child process with the server's environment: prints, as JSON, each table's
    id and its seats' tokens."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from accounts.models import ApiToken
    from accounts.tokens import digest
    from games.api.serializers import TableCreateSerializer
    from games.service import lobby

    user_model = get_user_model()
    password = make_password(secrets.token_urlsafe(16))  # one hash for all: it is never used
    users = user_model.objects.bulk_create([
        user_model(username=f"stream-{tag}-{i}", email=f"stream-{tag}-{i}@example.com",
                   password=password) for i in range(tables * PLAYERS)])
    key_of = {u.pk: secrets.token_hex(20) for u in users}
    ApiToken.objects.bulk_create([ApiToken(user=u, digest=digest(key_of[u.pk])) for u in users])
    body = TableCreateSerializer(data={"players": PLAYERS})
    body.is_valid(raise_exception=True)
    out = []
    for i in range(tables):
        host, *others = users[i * PLAYERS:(i + 1) * PLAYERS]
        game = lobby.create_table(host, body.to_settings())
        table = game.table.pk
        for user in others:
            lobby.join_table(table, user, game.table.invite)
        game = lobby.start_game(table, host)
        out.append({"table": table,
                    "seats": {str(s.number): key_of[s.user_id] for s in game.seats}})
    json.dump(out, sys.stdout)


# --------------------------------------------------------------------- server processes
def server_pids(master: int) -> list[int]:
    return [master, *children_of(master)]


def proc_status(pid: int, name: str) -> int:
    """A number of /proc/<pid>/status (`VmRSS` in KiB, `Threads`); 0 for a process gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for row in status:
                if row.startswith(f"{name}:"):
                    return int(row.split()[1])
    except OSError:
        pass
    return 0


def rss_kb(pid: int) -> int:
    return proc_status(pid, "VmRSS")


def max_connections(postgres: str) -> int:
    import psycopg

    with psycopg.connect(postgres, dbname="postgres", autocommit=True) as conn:
        return int(conn.execute("SHOW max_connections").fetchone()[0])


def pss_kb(pid: int) -> int:
    """Proportional set size (shared pages divided among their users), from smaps_rollup."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for row in rollup:
                if row.startswith("Pss:"):
                    return int(row.split()[1])
    except OSError:
        pass
    return 0


class Backends:
    """The PostgreSQL backends of the database, read through one connection opened before the
    streams (a new one could be refused once the streams hold them all)."""

    def __init__(self, postgres: str, database: str) -> None:
        import psycopg

        self.database = database
        self.conn = psycopg.connect(postgres, dbname="postgres", autocommit=True)

    def __call__(self) -> list[int]:
        rows = self.conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s",
                                 (self.database,)).fetchall()
        return [pid for (pid,) in rows]

    def close(self) -> None:
        self.conn.close()


class Cpu:
    """CPU seconds of gunicorn's processes (the master, its workers, those started meanwhile
    too), PostgreSQL's backends of the database and this process, between two snapshots."""

    def __init__(self, master: int, backends: Backends) -> None:
        self.master, self.backends = master, backends

    def snapshot(self) -> dict[str, dict[int, int]]:
        snap = {"server": server_pids(self.master),
                "postgres": self.backends(),
                "clients": [os.getpid()]}
        return {k: {p: t for p in pids if (t := cpu_ticks(p)) is not None}
                for k, pids in snap.items()}

    @staticmethod
    def used(before: dict, after: dict) -> dict[str, float]:
        hz = os.sysconf("SC_CLK_TCK")
        return {k: sum(t - before[k].get(p, 0) for p, t in after[k].items()) / hz
                for k in after}


# ------------------------------------------------------------------------- the clients
@dataclass
class Viewer:
    table: TableRun
    seat: int
    token: str
    last: int | None = None  # the last event's id
    state: dict | None = None
    events: list[tuple[int | None, int, list[int]]] = field(default_factory=list)
    arrivals: list[tuple[int, float]] = field(default_factory=list)  # (id, when)
    opened: int = 0  # 200 answers
    dropped: int = 0  # streams that ended while the benchmark ran
    refused: dict = field(default_factory=dict)  # other answers, by status
    resets: int = 0
    gone: int = 0
    first: asyncio.Event = field(default_factory=asyncio.Event)
    first_at: float | None = None  # when the first event came (monotonic)
    dropped_at: float | None = None  # the stream ended; cleared by the next event
    reconnect_waits: list[float] = field(default_factory=list)  # ended -> next event
    retry_ms: int = 3000  # the last `retry:` the server sent (a browser's default before it)
    come_back: int = 0  # 200 answers that ended with a `retry:` and no event (busy, draining)
    generation: int = 0  # one more for each answer and each end of one

    def back(self, generation: int, when: float) -> None:
        """The stream of `generation` is open again since `when` (if it still is)."""
        if generation == self.generation and self.dropped_at is not None:
            self.reconnect_waits.append(when - self.dropped_at)
            self.dropped_at = None

    def arrived(self, version: int) -> float | None:
        """When the first event with an id >= version came."""
        for seen, when in self.arrivals:
            if seen >= version:
                return when
        return None


@dataclass
class TableRun:
    id: int
    viewers: list[Viewer] = field(default_factory=list)
    busy: bool = False
    finished: bool = False
    accepted: list[int] = field(default_factory=list)  # versions of the accepted moves
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def turn(self) -> Viewer | None:
        for viewer in self.viewers:
            state = viewer.state or {}
            if (state.get("round") or {}).get("turn") == viewer.seat:
                return viewer
        return None


@dataclass
class Phase:
    name: str
    rate: float
    seconds: float = 0.0
    move: list[float] = field(default_factory=list)  # request sent -> answer
    from_sent: list[float] = field(default_factory=list)  # sent -> 4th viewer has it
    from_answer: list[float] = field(default_factory=list)  # answer -> 4th viewer has it
    before_answer: int = 0  # moves whose 4th event came before their answer
    codes: dict = field(default_factory=dict)
    skipped: int = 0  # ticks with no table ready
    undelivered: int = 0  # moves whose delivery timed out
    events: int = 0
    cpu: dict = field(default_factory=dict)
    connections: int = 0  # PostgreSQL connections to the database at the phase's end
    # How late the clients' own event loop woke up, every LAG_EVERY: a move answered late
    # because the clients' loop was busy is the bench's, not the server's.
    client_lag: list[float] = field(default_factory=list)

    def count(self, code: str) -> None:
        self.codes[code] = self.codes.get(code, 0) + 1


class Bench:
    def __init__(self, port: int, tables: list[dict], seed: int) -> None:
        self.base = f"http://{HOST}:{port}"
        self.rng = random.Random(seed)
        self.tables = []
        for row in tables:
            run = TableRun(row["table"])
            run.viewers = [Viewer(run, int(seat), token) for seat, token in
                           sorted(row["seats"].items(), key=lambda kv: int(kv[0]))]
            self.tables.append(run)
        self.viewers = [v for t in self.tables for v in t.viewers]
        self.running = True
        self.cursor = 0
        self.events = 0  # events received, in all
        self.tasks: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ streams
    async def follow(self, session, viewer: Viewer) -> None:
        """One player's stream, as a browser's EventSource follows it: reconnect `retry`
        milliseconds (the last the server sent) after the stream ends, with `Last-Event-ID`.
        (A browser gives up for good on any answer but 200: counted in `refused`.)"""
        import aiohttp

        url = f"{self.base}/api/tables/{viewer.table.id}/events"
        while self.running:
            headers = {"Authorization": f"Token {viewer.token}", "Accept": "text/event-stream"}
            if viewer.last is not None:
                headers["Last-Event-ID"] = str(viewer.last)
            events_before = len(viewer.arrivals) + viewer.resets
            try:
                async with session.get(url, headers=headers) as response:
                    if response.status != 200:
                        viewer.refused[response.status] = viewer.refused.get(
                            response.status, 0) + 1
                        await response.read()
                    else:
                        viewer.opened += 1
                        # Back once an event comes, or the stream stays open a second (one
                        # resumed at the table's version has nothing to say until the next
                        # move); a `retry:` answer that ends at once is not back.
                        viewer.generation += 1
                        asyncio.get_running_loop().call_later(
                            STAYS_OPEN, viewer.back, viewer.generation, time.monotonic())
                        buffer = b""
                        async for chunk in response.content.iter_any():
                            buffer += chunk
                            while b"\n\n" in buffer:
                                block, buffer = buffer.split(b"\n\n", 1)
                                self.block(viewer, block)
                        if len(viewer.arrivals) + viewer.resets == events_before:
                            viewer.come_back += 1
            except (TimeoutError, aiohttp.ClientError, ConnectionError):
                pass
            viewer.generation += 1
            if self.running:
                viewer.dropped += 1
                if viewer.dropped_at is None:
                    viewer.dropped_at = time.monotonic()
                await asyncio.sleep(viewer.retry_ms / 1000)

    def block(self, viewer: Viewer, block: bytes) -> None:
        when = time.perf_counter()
        fields = {}
        for row in block.decode().split("\n"):
            name, _, value = row.partition(":")
            fields[name] = value.removeprefix(" ")
        if "retry" in fields:
            viewer.retry_ms = int(fields["retry"])
        if "data" not in fields:
            return  # `retry:` or a comment
        kind, data = fields.get("event", "state"), json.loads(fields["data"])
        self.events += 1
        if kind == "state":
            viewer.events.append((data["from"], data["version"],
                                  [m["version"] for m in data["moves"]]))
            viewer.state = data["state"]
            viewer.last = data["version"]
            viewer.arrivals.append((data["version"], when))
            if data["state"]["status"] != "playing":
                viewer.table.finished = True
        elif kind == "reset":
            viewer.resets += 1
            viewer.last = data["version"]
            viewer.state = None  # the table is left alone from then on
        elif kind == "gone":
            viewer.gone += 1
        if kind in ("state", "reset"):
            viewer.back(viewer.generation, time.monotonic())
        if viewer.first_at is None:
            viewer.first_at = time.monotonic()
        viewer.first.set()
        viewer.table.changed.set()

    # ------------------------------------------------------------------- moves
    def ready(self) -> TableRun | None:
        for _ in range(len(self.tables)):
            table = self.tables[self.cursor]
            self.cursor = (self.cursor + 1) % len(self.tables)
            if not table.busy and not table.finished:
                return table
        return None

    async def play(self, session, table: TableRun, phase: Phase) -> None:
        import aiohttp

        try:
            mover = table.turn()
            versions = {v.last for v in table.viewers}
            if mover is None or len(versions) != 1:
                phase.count("no seat to play (or viewers out of step)")
                await asyncio.sleep(1)
                return
            move = choose_move(mover.state["you"], self.rng, PLAYERS)
            if move is None:
                phase.count("no legal move")
                table.finished = True
                return
            move["expected_version"] = mover.state["version"]
            sent = time.perf_counter()
            async with session.post(f"{self.base}/api/tables/{table.id}/moves", json=move,
                                    headers={"Authorization": f"Token {mover.token}"}
                                    ) as response:
                answer = await response.json(content_type=None)
                status = response.status
            answered = time.perf_counter()
            if status != 200:
                phase.count(f"POST move {status} {(answer or {}).get('code')}")
                await asyncio.sleep(0.5)
                return
            phase.count("POST move 200")
            phase.move.append(answered - sent)
            version = answer["version"]
            table.accepted.append(version)
            deadline = time.monotonic() + MOVE_TIMEOUT
            while any(v.last is None or v.last < version for v in table.viewers):
                table.changed.clear()
                left = deadline - time.monotonic()
                if left <= 0:
                    phase.undelivered += 1
                    return
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(table.changed.wait(), left)
            last = max(v.arrived(version) for v in table.viewers)
            phase.from_sent.append(last - sent)
            phase.from_answer.append(max(0.0, last - answered))
            if last < answered:
                phase.before_answer += 1
        except (TimeoutError, OSError, ValueError, aiohttp.ClientError) as error:
            phase.count(f"move failed: {type(error).__name__}")
        finally:
            table.busy = False

    async def drive(self, session, phase: Phase, seconds: float,
                    during: asyncio.Task | None = None) -> None:
        """`phase.rate` moves per second, at steady intervals, for `seconds`."""
        interval, start = 1 / phase.rate, time.monotonic()
        tick, ticks = start, int(seconds * phase.rate)
        for _ in range(ticks):
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            tick += interval
            table = self.ready()
            if table is None:
                phase.skipped += 1
                continue
            table.busy = True
            task = asyncio.create_task(self.play(session, table, phase))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        await asyncio.sleep(max(0.0, start + seconds - time.monotonic()))
        phase.seconds = time.monotonic() - start
        if self.tasks:  # the moves in flight, and their delivery
            await asyncio.wait(list(self.tasks), timeout=MOVE_TIMEOUT + 5)


# ------------------------------------------------------------------------ the check
def check_chain(viewer: Viewer, final: int) -> dict:
    """Lost and duplicated versions of one follower, from its first event to `final`."""
    lost = duplicated = outside = 0
    seen_moves: set[int] = set()
    previous = None
    for start, version, moves in viewer.events:
        if previous is not None:
            if start is None or start > previous:
                lost += (version if start is None else start) - previous
            elif start < previous:
                duplicated += min(previous, version) - start
        for entry in moves:
            if entry in seen_moves:
                duplicated += 1
            seen_moves.add(entry)
            if not (start or 0) < entry <= version:
                outside += 1
        previous = version if previous is None else max(previous, version)
    if previous is not None and previous < final:
        lost += final - previous
    first = viewer.events[0][1] if viewer.events else final
    missing_moves = sum(1 for v in viewer.table.accepted if v > first and v not in seen_moves)
    return {"lost": lost, "duplicated": duplicated, "outside": outside,
            "missing_moves": missing_moves}


# ------------------------------------------------------------------------------ main
def ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:7.1f}" if values else "    n/a"


def phase_line(phase: Phase) -> str:
    moves = len(phase.move)
    server = phase.cpu.get("server", 0.0)
    return (f"  {phase.name:<10} {phase.rate:5.0f}/s  {moves / phase.seconds:6.1f}/s  "
            f"move p50 {ms(phase.move, 50)} p99 {ms(phase.move, 99)} ms   "
            f"last viewer from sent p50 {ms(phase.from_sent, 50)} p99 {ms(phase.from_sent, 99)}"
            f" ms, from answer p50 {ms(phase.from_answer, 50)} p99 "
            f"{ms(phase.from_answer, 99)} ms   events {phase.events}  server CPU "
            f"{server / max(phase.events, 1) * 1000:.2f} ms/event "
            f"{server / max(moves, 1) * 1000:.1f} ms/move, PostgreSQL "
            f"{phase.cpu.get('postgres', 0.0) / max(moves, 1) * 1000:.1f} ms/move, clients "
            f"{phase.cpu.get('clients', 0.0) / phase.seconds:.2f} CPU; skipped "
            f"{phase.skipped}, undelivered {phase.undelivered}; PostgreSQL connections "
            f"{phase.connections}; clients' loop late p99 {ms(phase.client_lag, 99)} max "
            f"{ms(phase.client_lag, 100)} ms")


LAG_EVERY = 0.01  # seconds between two looks at the clients' own event loop


async def loop_lag(into: list[float]) -> None:
    """How late each wake-up of this (the clients') event loop comes, into `into`."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(LAG_EVERY)
        into.append(max(0.0, time.perf_counter() - asked - LAG_EVERY))


async def run_bench(args, port: int, tables: list[dict], gunicorn: subprocess.Popen) -> int:
    import aiohttp

    bench = Bench(port, tables, args.seed)
    backends_of = Backends(args.postgres, args.database)
    cpu = Cpu(gunicorn.pid, backends_of)
    loads = [os.getloadavg()[0]]
    redis_client = _redis(args.redis)

    # Warm both workers (imports, the first queries) before the memory is read.
    async with aiohttp.ClientSession() as warm:
        for _ in range(40):
            viewer = bench.rng.choice(bench.viewers)
            async with warm.get(f"{bench.base}/api/tables/{viewer.table.id}/state",
                                headers={"Authorization": f"Token {viewer.token}"}) as r:
                await r.read()
    await asyncio.sleep(2)
    rss_before = sum(rss_kb(p) for p in server_pids(gunicorn.pid))
    clients_before = _redis_clients(redis_client)

    streams = aiohttp.TCPConnector(limit=0, force_close=True)
    movers = aiohttp.TCPConnector(limit=0, keepalive_timeout=1.0)  # uvicorn keeps 2 s
    timeout = aiohttp.ClientTimeout(total=None, connect=30, sock_read=None)
    async with aiohttp.ClientSession(connector=streams, timeout=timeout) as stream_session, \
            aiohttp.ClientSession(connector=movers, timeout=aiohttp.ClientTimeout(
                total=MOVE_TIMEOUT)) as move_session:
        # (Young collections as rare as the server's, wildcards/asgi.py: the clients' share of
        # the machine while the streams open is the bench's, not the service's.)
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 20, 10)
        print(f"opening {len(bench.viewers)} streams ...", flush=True)
        opened, cpu_before = time.monotonic(), cpu.snapshot()
        followers = []
        for i, viewer in enumerate(bench.viewers):  # at once, or --open-pace a second
            followers.append(asyncio.create_task(bench.follow(stream_session, viewer)))
            if args.open_pace and i % 50 == 49:
                await asyncio.sleep(50 / args.open_pace)
        waiting = [asyncio.create_task(v.first.wait()) for v in bench.viewers]
        done, pending = await asyncio.wait(waiting, timeout=OPEN_TIMEOUT)
        for task in pending:
            task.cancel()
        open_seconds = time.monotonic() - opened
        opening_cpu = Cpu.used(cpu_before, cpu.snapshot())
        firsts = [v.first_at - opened for v in bench.viewers if v.first_at is not None]
        opening = {"seconds": open_seconds, "p50": percentile(firsts, 50) if firsts else 0,
                   "come_back": sum(v.come_back for v in bench.viewers),
                   "refused": sum(sum(v.refused.values()) for v in bench.viewers)}
        print(f"  {len(done)} streams had their first event after {open_seconds:.1f} s (p50 "
              f"{opening['p50']:.1f} s); 'come back later' answers {opening['come_back']}, "
              f"other statuses than 200 {opening['refused']}", flush=True)
        # The 9,000 clients stand for as many browsers, whose collections never stall each other:
        # this process's full collections over all their objects held its loop up to 450 ms in
        # the phases, and their moves' measured times with it.
        gc.collect()
        gc.freeze()
        # The pace: a burst served at the machine's speed shows even counts to the end.
        buckets = [0] * (int(max(firsts, default=0) // OPEN_BUCKET) + 1)
        for first in firsts:
            buckets[int(first // OPEN_BUCKET)] += 1
        print(f"  first events a {OPEN_BUCKET:.0f} s: {', '.join(map(str, buckets))}", flush=True)
        # What one opening costs the machine, refused tries included: on a machine of N cores,
        # N x the opening's seconds is at least the sum.
        per = {k: 1000 * v / max(1, len(done)) for k, v in opening_cpu.items()}
        print(f"  CPU while opening: server {opening_cpu['server']:.1f} s, PostgreSQL "
              f"{opening_cpu['postgres']:.1f} s, clients {opening_cpu['clients']:.1f} s; a stream: "
              f"{per['server']:.2f} + {per['postgres']:.2f} + {per['clients']:.2f} ms",
              flush=True)
        if pending:
            print(f"  {len(pending)} streams got no event in {OPEN_TIMEOUT:.0f} s: stopping")
            bench.running = False
            for task in followers:
                task.cancel()
            await asyncio.gather(*followers, return_exceptions=True)
            return 1
        await asyncio.sleep(5)  # idle
        rss_open = sum(rss_kb(p) for p in server_pids(gunicorn.pid))
        clients_open = _redis_clients(redis_client)
        backends = backends_of()
        pg_connections = len(backends)
        pg_rss = sum(pss_kb(p) for p in backends)
        threads = sum(proc_status(p, "Threads") for p in children_of(gunicorn.pid))
        workers_rss = {p: rss_kb(p) for p in children_of(gunicorn.pid)}
        per_stream = (rss_open - rss_before) / len(bench.viewers)
        print(f"  server RSS {rss_before / 1024:.0f} MiB with no stream, {rss_open / 1024:.0f} "
              f"MiB with {len(bench.viewers)} idle: {per_stream:.1f} KiB per stream; workers "
              f"{sorted(v // 1024 for v in workers_rss.values())}"
              f" MiB; Redis clients +{clients_open - clients_before}; PostgreSQL connections "
              f"to the database {pg_connections} (their PSS {pg_rss / 1024:.0f} MiB); threads "
              f"in the workers {threads}", flush=True)

        phases: list[Phase] = []

        async def measured(phase: Phase, seconds: float, during=None) -> Phase:
            before, events_before = cpu.snapshot(), bench.events
            watching = asyncio.create_task(loop_lag(phase.client_lag))
            try:
                await bench.drive(move_session, phase, seconds)
                if during is not None:
                    await during
            finally:
                watching.cancel()
            phase.events = bench.events - events_before
            phase.cpu = Cpu.used(before, cpu.snapshot())
            phase.connections = len(backends_of())
            loads.append(os.getloadavg()[0])
            print(phase_line(phase), flush=True)
            phases.append(phase)
            return phase

        print(f"phase main: {args.rate} moves/s for {args.seconds} s", flush=True)
        main = await measured(Phase("main", args.rate), args.seconds)
        steps = []
        for rate in step_rates(args):
            print(f"phase step: {rate:g} moves/s for {args.step_seconds} s", flush=True)
            step = await measured(Phase(f"step {rate:g}", rate), args.step_seconds)
            steps.append(step)
            if not holds(step):  # the step on which move p99 passed 100 ms: the last
                break

        restart, restart_info = None, {}
        if args.restart_seconds:
            print(f"phase restart: {args.rate} moves/s for {args.restart_seconds} s, SIGTERM "
                  f"to a worker after 5 s", flush=True)

            async def kill_one() -> None:
                await asyncio.sleep(5)
                victims = children_of(gunicorn.pid)
                victim = max(victims, key=rss_kb)  # the fuller one: more streams on it
                restart_info["pid"], restart_info["others"] = victim, set(victims) - {victim}
                dropped_before = sum(v.dropped for v in bench.viewers)
                os.kill(victim, signal.SIGTERM)
                killed = time.monotonic()
                while time.monotonic() - killed < args.restart_seconds + 60:
                    await asyncio.sleep(0.1)
                    if "exited" not in restart_info and not os.path.exists(f"/proc/{victim}"):
                        restart_info["exited"] = time.monotonic() - killed
                    if "dropped" not in restart_info and \
                            sum(v.dropped for v in bench.viewers) > dropped_before:
                        restart_info["dropped"] = time.monotonic() - killed
                    new = set(children_of(gunicorn.pid)) - restart_info["others"] - {victim}
                    if new and "replaced" not in restart_info:
                        restart_info["replaced"] = time.monotonic() - killed
                    if "exited" in restart_info and "replaced" in restart_info and all(
                            v.dropped_at is None for v in bench.viewers):
                        restart_info["all back"] = time.monotonic() - killed
                        return

            killer = asyncio.create_task(kill_one())
            restart = await measured(Phase("restart", args.rate), args.restart_seconds)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(killer, 90)
            print(f"  worker {restart_info.get('pid')}: "
                  + ", ".join(f"{k} after {v:.1f} s" for k, v in restart_info.items()
                              if isinstance(v, float)), flush=True)

        # ----------------------------------------------------------- the final check
        await asyncio.sleep(1)
        finals = {}
        for table in bench.tables:
            async with move_session.get(
                    f"{bench.base}/api/tables/{table.id}/state",
                    headers={"Authorization": f"Token {table.viewers[0].token}"}) as r:
                finals[table.id] = (await r.json())["version"]
        deadline = time.monotonic() + SETTLE
        while time.monotonic() < deadline and any(
                (v.last or 0) < finals[v.table.id] for v in bench.viewers):
            await asyncio.sleep(0.2)
        bench.running = False
        backends_of.close()
        for task in followers:
            task.cancel()
        await asyncio.gather(*followers, return_exceptions=True)

    # ------------------------------------------------------------------------- report
    checks = [check_chain(v, finals[v.table.id]) for v in bench.viewers]
    lost = sum(c["lost"] for c in checks)
    duplicated = sum(c["duplicated"] for c in checks)
    outside = sum(c["outside"] for c in checks)
    missing = sum(c["missing_moves"] for c in checks)
    resets = sum(v.resets for v in bench.viewers)
    dropped = sum(v.dropped for v in bench.viewers)
    reopened = sum(v.opened for v in bench.viewers) - len(bench.viewers)
    refused: dict = {}
    for v in bench.viewers:
        for k, n in v.refused.items():
            refused[k] = refused.get(k, 0) + n
    waits = [w for v in bench.viewers for w in v.reconnect_waits]
    accepted = sum(len(t.accepted) for t in bench.tables)
    finished = sum(t.finished for t in bench.tables)

    print()
    print(f"Wild Cards event stream: gunicorn {args.workers} uvicorn workers, "
          f"{len(bench.viewers)} streams on {len(bench.tables)} tables of {PLAYERS}")
    print(f"machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, load average "
          f"(1 min) seen: {', '.join(f'{x:.2f}' for x in loads)} (shared machine)")
    print(f"streams: all {len(bench.viewers)} open with their first event in "
          f"{open_seconds:.1f} s; server RSS {rss_before / 1024:.1f} MiB -> "
          f"{rss_open / 1024:.1f} MiB = {(rss_open - rss_before) / len(bench.viewers):.1f} KiB "
          f"per idle stream; Redis connections +{clients_open - clients_before}, PostgreSQL "
          f"connections {pg_connections} (backends' PSS {pg_rss / 1024:.0f} MiB), threads in "
          f"the workers {threads}")
    print("phases (rate asked, moves/s done; latencies in ms; 'last viewer' = the 4th of the "
          "table's viewers has the event; 'from sent' is an upper bound of 'from the commit'):")
    for phase in phases:
        print(phase_line(phase))
        others = {k: n for k, n in phase.codes.items() if k != "POST move 200"}
        if others or phase.before_answer:
            print(f"    other: {others}; 4th event before the answer: {phase.before_answer}")
    print(f"moves accepted {accepted}; tables whose game ended {finished}; events received "
          f"{bench.events}")
    come_back = sum(v.come_back for v in bench.viewers)
    print(f"streams ended and reopened: {dropped} ended, {reopened} answered 200 with "
          f"Last-Event-ID, {come_back} of them 'come back later' (a retry: alone); back (an "
          f"event, or open a second) after p50 {ms(waits, 50)} ms, max "
          f"{max(waits) * 1000 if waits else 0:.0f} ms; answers other than 200 "
          f"{refused or 'none'}")
    print(f"check, every follower from its first event to its table's final version: lost "
          f"{lost}, duplicated {duplicated}, move log entries outside their event "
          f"{outside}, accepted moves never seen {missing}, resets {resets}")

    sustained = [p for p in steps if holds(p)]
    bar_p99 = percentile(main.from_sent, 99) < 0.25
    bar_loss = lost == 0 and duplicated == 0 and missing == 0 and resets == 0
    print("bars:")
    print(f"  delivery p99 (from sent, last viewer) at {main.rate:g} moves/s with "
          f"{len(bench.viewers)} streams = {ms(main.from_sent, 99).strip()} ms   (bar < 250 ms)"
          f"   {'PASS' if bar_p99 else 'FAIL'}")
    bar_open = not pending and open_seconds < OPEN_BAR and opening["refused"] == 0
    print(f"  opening {len(bench.viewers)} streams at once: every first event in "
          f"{open_seconds:.1f} s, other answers than 200 {opening['refused']}   (bar < "
          f"{OPEN_BAR:.0f} s, none)   {'PASS' if bar_open else 'FAIL'}")
    bar_restart = True
    if restart is not None:
        print(f"  across a worker restart: lost {lost}, duplicated {duplicated} (bar: 0, 0)   "
              f"{'PASS' if bar_loss else 'FAIL'}")
        back = restart_info.get("all back")
        bar_restart = not refused and back is not None and back < BACK_BAR
        print(f"  every stream back after the restart in "
              f"{'(not all)' if back is None else f'{back:.1f} s'}, answers other than 200 "
              f"{sum(refused.values())}   (bar < {BACK_BAR:.0f} s, none)   "
              f"{'PASS' if bar_restart else 'FAIL'}")
    if steps:
        best = max(sustained, key=lambda p: p.rate) if sustained else None
        print("  sustained with move p99 < 100 ms: "
              + (f"{len(best.move) / best.seconds:.1f} moves/s (step {best.rate:g}/s, move p99 "
                 f"{ms(best.move, 99).strip()} ms, delivery p99 "
                 f"{ms(best.from_sent, 99).strip()} ms)" if best else "no step")
              + "   (compare bench/api_load.py: about 30 moves/s polling)")
    if args.smoke:  # the smoke size checks that it runs and loses nothing, not the figures
        return 0 if bar_loss and not refused else 1
    return 0 if bar_p99 and bar_loss and bar_open and bar_restart else 1


def step_rates(args) -> list[float]:
    """`--steps` as listed, or `--step-up FROM:BY` up to `--step-max`."""
    if not args.step_up:
        return args.steps
    start, by = args.step_up
    rates, rate = [], start
    while rate <= args.step_max:
        rates.append(rate)
        rate += by
    return rates


def holds(phase: Phase) -> bool:
    """Move p99 under 100 ms, every move delivered and the rate asked done."""
    return (bool(phase.move) and percentile(phase.move, 99) < 0.1 and not phase.undelivered
            and len(phase.move) / phase.seconds >= 0.9 * phase.rate)


def _redis(url: str):
    import redis

    return redis.Redis.from_url(url)


def empty_redis(client, *, keep_versions: bool) -> None:
    """The run's Redis database emptied; with `--reuse`, the tables' last published versions
    kept (the kept database's tables are at them: a stream opened on one reads it no more)."""
    if not keep_versions:
        client.flushdb()
        return
    for key in client.scan_iter(count=1000):
        if not key.endswith(b":version"):
            client.delete(key)


def _redis_clients(client) -> int:
    """Connected clients of the whole Redis server (other users' too: read the difference)."""
    try:
        return int(client.info("clients")["connected_clients"])
    except Exception:
        return 0


def interrupted(*_) -> None:
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000, help="players, each with a stream")
    parser.add_argument("--tables", type=int, default=250, help="tables of four")
    parser.add_argument("--rate", type=float, default=20,
                        help="moves/s over all tables, in the main and restart phases")
    parser.add_argument("--seconds", type=float, default=30, help="length of the main phase")
    parser.add_argument("--steps", default="10,20,40,80",
                        help="rates of the step phases, moves/s (empty: none)")
    parser.add_argument("--step-up", help="FROM:BY: step the rate up from FROM by BY until "
                        "move p99 passes 100 ms (instead of --steps)")
    parser.add_argument("--step-max", type=float, default=400, help="with --step-up: the "
                        "highest rate tried")
    parser.add_argument("--step-seconds", type=float, default=15)
    parser.add_argument("--open-pace", type=float, default=0, help="streams opened a second "
                        "(0: all at once)")
    parser.add_argument("--smoke", action="store_true", help="a run of seconds (CI): 40 "
                        "streams, short phases, the restart too; fails only when an event is "
                        "lost or duplicated or an answer is not 200, not on the figures")
    parser.add_argument("--restart-seconds", type=float, default=45,
                        help="length of the restart phase (0: none)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn uvicorn workers")
    parser.add_argument("--timeout", type=int, default=30, help="gunicorn's --timeout")
    parser.add_argument("--database", default="wildcards_stream")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432",
                        help="PostgreSQL server URL, without a database name")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/5",
                        help="Redis for the rate limits, the broker and pub/sub (a database "
                             "of its own: it is emptied at the end)")
    parser.add_argument("--keep-db", action="store_true", help="do not drop the database")
    parser.add_argument("--reuse", help="a file: the first run sets up and keeps the database "
                        "and writes the players' tokens there; later runs play on them (the "
                        "games as that run left them)")
    parser.add_argument("--server-log", help="keep the server's log (one line a request, with "
                        "its time inside Django) in this file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--force", action="store_true",
                        help="run even if PostgreSQL's max_connections is below the streams")
    parser.add_argument("--set-up", type=int, help=argparse.SUPPRESS)  # the child process
    args = parser.parse_args()

    if args.set_up is not None:
        set_up_in_django(args.set_up, secrets.token_hex(3))
        return 0
    if args.smoke:
        args.streams, args.tables, args.rate, args.seconds = 40, 10, 5, 3
        args.steps, args.step_up, args.step_seconds, args.restart_seconds = "", "5:5", 2, 10
        args.step_max = 10
    if args.step_up:
        try:
            args.step_up = [float(x) for x in args.step_up.split(":")]
            assert len(args.step_up) == 2 and min(args.step_up) > 0
        except (ValueError, AssertionError):
            parser.error("--step-up: FROM:BY, two rates above 0")
    if args.streams != args.tables * PLAYERS:
        parser.error(f"--streams must be {PLAYERS} x --tables")
    args.steps = [float(x) for x in args.steps.split(",") if x.strip()]
    if not 0 < args.rate <= 1000 or any(not 0 < r <= 1000 for r in args.steps):
        parser.error("rates: 0 to 1000 moves/s")
    if not 0 < args.seconds <= 3600 or not 0 <= args.restart_seconds <= 3600:
        parser.error("phases last at most an hour")
    if args.restart_seconds and args.restart_seconds < 10:
        parser.error("--restart-seconds: at least 10")
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", args.database):
        parser.error("--database: lower-case letters, digits and _")
    check_loopback(args.postgres, "PostgreSQL")
    check_loopback(args.redis, "Redis")

    # Every stream is a socket here and one in a worker (and a Redis connection there).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 4 * args.streams + 1000
    if soft < need:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard), hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft < 2 * args.streams + 200:
        sys.exit(f"open files limit {soft} is too low for {args.streams} streams")

    # Each worker takes its connections from a pool of DATABASE_POOL_SIZE (8): open streams
    # hold none (docs/benchmarks.md, "The event stream"). Check the server has room anyway.
    limit = max_connections(args.postgres)
    if args.workers * 8 + 20 > limit and not args.force:
        sys.exit(f"PostgreSQL's max_connections is {limit}: too few for {args.workers} "
                 "workers' pools; fewer --workers, or --force.")
    split = urlsplit(args.postgres)
    database_url = urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", ""))
    env = server_env(database_url, args.redis)  # as bench/api_load.py's: four people a table
    signal.signal(signal.SIGTERM, interrupted)
    port = free_port()
    gunicorn = None
    with (open(args.server_log, "w+") if args.server_log
          else tempfile.TemporaryFile("w+", prefix="stream_gunicorn_")) as log:
        try:
            print(f"load average {os.getloadavg()[0]:.2f}; open files limit {soft}")
            saved = Path(args.reuse) if args.reuse else None
            if saved is not None and saved.exists():  # the players and tables of a kept run
                tables = json.loads(saved.read_text())
                if len(tables) != args.tables:
                    sys.exit(f"{saved} holds {len(tables)} tables, not {args.tables}")
                print(f"database {args.database} kept: {len(tables)} tables from {saved}")
            else:
                print(f"database {args.database}: dropping, creating, migrating ...",
                      flush=True)
                recreate_database(args.postgres, args.database)
                subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                               cwd=ROOT, env=env, check=True, timeout=300)
                started = time.monotonic()
                made = subprocess.run([sys.executable, __file__, "--set-up", str(args.tables)],
                                      cwd=ROOT, env=env, check=True, timeout=900,
                                      capture_output=True, text=True)
                tables = json.loads(made.stdout)
                print(f"{args.streams} players, {len(tables)} tables started in "
                      f"{time.monotonic() - started:.1f} s", flush=True)
                if saved is not None:
                    saved.write_text(made.stdout)
            analyze_database(args.postgres, args.database)  # (a kept one: what a run changed)
            command = [sys.executable, "-m", "gunicorn", "wildcards.asgi:application",
                       "-k", "wildcards.workers.UvicornWorker", "-w", str(args.workers),
                       "-b", f"{HOST}:{port}", "--log-level", "warning",
                       "--timeout", str(args.timeout)]
            print(f"starting: {' '.join(command[1:])}", flush=True)
            gunicorn = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log,
                                        start_new_session=True)
            wait_until_up(port, gunicorn)
            return asyncio.run(run_bench(args, port, tables, gunicorn))
        except KeyboardInterrupt:
            print("\ninterrupted: tearing down", flush=True)
            return 130
        except subprocess.CalledProcessError as error:
            print(f"{error.cmd[:3]} failed:\n{error.stderr or ''}"[-3000:])
            return 1
        finally:
            log.seek(0)
            errors = log.read()
            stop_server(gunicorn)
            if errors.strip():
                print("gunicorn's log (last lines):\n" + "\n".join(errors.splitlines()[-15:]))
            if not args.keep_db and not args.reuse:
                with contextlib.suppress(Exception):
                    recreate_database(args.postgres, args.database, drop_only=True)
            with contextlib.suppress(Exception):
                empty_redis(_redis(args.redis), keep_versions=bool(args.reuse))


if __name__ == "__main__":
    sys.exit(main())
