#!/usr/bin/env python3
"""Who should serve the static files behind nginx: the app (WhiteNoise, under gunicorn's
uvicorn workers) or nginx itself (from STATIC_ROOT)? An A/B on this machine.

It collects the static files into a folder of its own, starts gunicorn (2 workers, as the unit
does) on SQLite with DEBUG off, and nginx twice in front of it (the nginx binary given, the
site's TLS left out: plain http on a port of its own): (A) everything passed to the app, as
today; (B) `/static/` served by nginx from the collected folder (`gzip_static`, the same year's
immutable cache). For each, a few rounds of `--seconds` seconds with `--clients` keep-alive
clients asking for the table page's CSS (hashed name, gzip): requests per second, the median
and 99th percentile times, and the CPU seconds the app's processes spent per 1,000 answers.
The rounds alternate A and B, so that whatever else the machine does falls on both.

Usage:
  .venv/bin/python bench/static_files.py [--nginx /usr/sbin/nginx] [--seconds 10] [--rounds 3]
  .venv/bin/python bench/static_files.py --smoke    # one round of a second (CI); without an
                                                     # nginx binary: skipped (exit status 77)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process and its children still alive (gunicorn's workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for task in Path("/proc").iterdir():
        if not task.name.isdigit():
            continue
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(task.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def nginx_conf(folder: Path, port: int, upstream: int, static_root: Path, serve: bool) -> Path:
    # As deploy/nginx/wildcards.conf has it: hashed names for a year, the others a minute.
    static = f"""
        location ~ "^/static/(.+\\.[0-9a-f]{{12}}\\.\\w+)$" {{
            alias {static_root}/$1;
            gzip_static on;
            add_header Cache-Control "max-age=31536000, public, immutable";
        }}
        location /static/ {{
            alias {static_root}/;
            gzip_static on;
            add_header Cache-Control "max-age=60, public";
        }}""" if serve else ""
    conf = folder / f"nginx-{'b' if serve else 'a'}.conf"
    temp = " ".join(f"{kind}_temp_path {folder}/temp;"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf.write_text(f"""
pid {folder}/nginx-{port}.pid;
error_log {folder}/nginx-error.log;
worker_processes 1;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    include {folder}/mime.types;
    {temp}
    upstream wildcards {{ server 127.0.0.1:{upstream}; keepalive 32; }}
    server {{
        listen 127.0.0.1:{port};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host 127.0.0.1;
        {static}
        location / {{ proxy_pass http://wildcards; }}
    }}
}}
""")
    return conf


async def load(url: str, seconds: float, clients: int) -> tuple[int, list[float], dict]:
    times: list[float] = []
    headers: dict = {}
    deadline = time.monotonic() + seconds
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector, auto_decompress=False) as session:
        async def client() -> None:
            while time.monotonic() < deadline:
                started = time.perf_counter()
                async with session.get(url, headers={"Accept-Encoding": "gzip"}) as answer:
                    await answer.read()
                    assert answer.status == 200, answer.status
                    headers.update(answer.headers)
                times.append(time.perf_counter() - started)

        await asyncio.gather(*(client() for _ in range(clients)))
    return len(times), times, headers


SKIPPED = 77  # the exit status of a run whose outside requirement is missing (CI: a skip)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nginx", default=shutil.which("nginx", path=f"{os.environ['PATH']}"
                                                        ":/usr/sbin:/usr/local/sbin"),
                        help="the nginx binary (default: the one on PATH or in /usr/sbin)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="one round of a second (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.clients, args.rounds = 1.0, 2, 1
    if not args.nginx:
        if args.smoke:
            print("skipped: no nginx binary (give one with --nginx)")
            return SKIPPED
        parser.error("no nginx binary found: give one with --nginx")

    folder = Path(tempfile.mkdtemp(prefix="wildcards-static-"))
    folder.chmod(0o755)  # nginx's workers (another user when it runs as root) read from it
    (folder / "temp").mkdir()
    static_root = folder / "static"
    (folder / "mime.types").write_text(
        "types { text/css css; application/javascript js; image/svg+xml svg; }\n")
    env = {"PATH": os.environ["PATH"], "HOME": str(folder), "SECRET_KEY": "bench-" * 10,
           "ALLOWED_HOSTS": "127.0.0.1", "WILDCARDS_HTTPS": "0", "LOG_LEVEL": "WARNING",
           "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "STATIC_ROOT": str(static_root)}
    subprocess.run([PYTHON, "manage.py", "collectstatic", "--no-input", "-v0"], cwd=ROOT,
                   env=env, check=True)
    manifest = json.loads((static_root / "staticfiles.json").read_text())["paths"]
    css = "/static/" + manifest["web/wildcards.css"]

    app_port = free_port()
    app = subprocess.Popen(
        [PYTHON, "-m", "gunicorn", "wildcards.asgi:application",
         "-k", "wildcards.workers.UvicornWorker",
         "--logger-class", "wildcards.workers.GunicornLogger",
         "--workers", "2", "--bind", f"127.0.0.1:{app_port}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proxies = {}
    try:
        for serve in (False, True):
            port = free_port()
            conf = nginx_conf(folder, port, app_port, static_root, serve)
            subprocess.run([args.nginx, "-p", str(folder), "-c", str(conf)], check=True)
            proxies["B: nginx serves /static/" if serve else "A: the app serves /static/"] = (
                port, folder / f"nginx-{port}.pid")
        time.sleep(4)  # the workers start
        results: dict[str, list[tuple[float, float, float, float]]] = {k: [] for k in proxies}
        seen_headers = {}
        for _ in range(args.rounds):
            for name, (port, _) in proxies.items():
                url = f"http://127.0.0.1:{port}{css}"
                asyncio.run(load(url, 1.0, 4))  # warm
                before = cpu_seconds(app.pid)
                count, times, headers = asyncio.run(load(url, args.seconds, args.clients))
                app_cpu = cpu_seconds(app.pid) - before
                seen_headers[name] = {k: headers.get(k) for k in
                                      ("Content-Encoding", "Cache-Control", "Content-Length")}
                times.sort()
                results[name].append((count / args.seconds, statistics.median(times) * 1000,
                                      times[int(len(times) * 0.99)] * 1000,
                                      app_cpu / count * 1000))
    finally:
        for _, pid_file in proxies.values():
            if pid_file.exists():
                os.kill(int(pid_file.read_text()), signal.SIGQUIT)
        app.send_signal(signal.SIGTERM)
        app.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)

    print(f"{css}, {args.clients} clients, {args.rounds} rounds of {args.seconds:.0f} s each")
    for name, rounds in results.items():
        print(f"{name}: {seen_headers[name]}")
        for rate, p50, p99, cpu in rounds:
            print(f"  {rate:7.0f} req/s   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms   "
                  f"app CPU {cpu:6.3f} s per 1,000")
        print(f"  median  {statistics.median(r[0] for r in rounds):7.0f} req/s   "
              f"p50 {statistics.median(r[1] for r in rounds):6.1f} ms   "
              f"p99 {statistics.median(r[2] for r in rounds):6.1f} ms   "
              f"app CPU {statistics.median(r[3] for r in rounds):6.3f} s per 1,000")
    return 0


if __name__ == "__main__":
    sys.exit(main())
