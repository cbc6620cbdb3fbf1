"""A site of several nodes on this machine, as separate machines would run it (docs/scaling.md):
web nodes (gunicorn with the site's uvicorn worker, each on a port of its own) behind nginx's
`upstream`, Celery workers and exactly one beat, on one PostgreSQL database and one Redis."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
NGINX_CONF = """
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream wildcards {{
{servers}
        keepalive 8;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://wildcards;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;  # an event stream is quiet for 15 s at most
            proxy_next_upstream error timeout http_502;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    with contextlib.suppress(httpx.HTTPError):
        return httpx.get(url, timeout=2).status_code == 200
    return False


class Site:
    """The processes of the site; `stop()` ends them all."""

    def __init__(self, env: dict[str, str], webs: int = 2, workers: int = 2) -> None:
        self.env = env
        self.dir = Path(tempfile.mkdtemp(prefix="wildcards-nodes-"))
        self.web_ports = [free_port() for _ in range(webs)]
        self.port = free_port()
        self.webs: dict[int, subprocess.Popen] = {}
        self.others: list[subprocess.Popen] = []
        self.log = open(self.dir / "site.log", "w")  # noqa: SIM115  (closed by stop)
        try:
            self._start_all(workers)
        except BaseException:  # nothing left running when the site does not come up
            self.stop()
            raise

    def _start_all(self, workers: int) -> None:
        for port in self.web_ports:
            self.webs[port] = self._web(port)
        celery = [sys.executable, "-m", "celery", "-A", "wildcards"]
        for n in range(workers):
            self.others.append(self._start([*celery, "worker", "-n", f"node{n}@%h",
                                            "--concurrency", "1", "--loglevel", "WARNING",
                                            "--without-gossip", "--without-mingle"]))
        self.others.append(self._start([*celery, "beat", "--loglevel", "WARNING", "--schedule",
                                        str(self.dir / "celerybeat-schedule")]))
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=2s;"
                            for p in self.web_ports)
        (self.dir / "nginx.conf").write_text(NGINX_CONF.format(
            dir=self.dir, servers=servers, port=self.port))
        self.others.append(self._start([NGINX, "-p", str(self.dir), "-c",
                                        str(self.dir / "nginx.conf")]))
        for port in self.web_ports:
            self.wait_up(port)
        self.wait_until(lambda: answers(f"{self.url}/healthz"), "nginx")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def node(self, index: int) -> str:
        return f"http://127.0.0.1:{self.web_ports[index]}"

    def _start(self, command: list[str]) -> subprocess.Popen:
        return subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=self.log,
                                stderr=subprocess.STDOUT, start_new_session=True)

    def _web(self, port: int) -> subprocess.Popen:
        return self._start([sys.executable, "-m", "gunicorn", "wildcards.asgi:application",
                            "-k", "wildcards.workers.UvicornWorker", "-w", "1",
                            "-b", f"127.0.0.1:{port}", "--graceful-timeout", "10"])

    def wait_up(self, port: int) -> None:
        self.wait_until(lambda: answers(f"http://127.0.0.1:{port}/healthz"), f"node :{port}")

    def wait_until(self, check, what: str, seconds: float = 40) -> None:
        stop = time.monotonic() + seconds
        while not check():
            if time.monotonic() > stop:
                raise AssertionError(f"{what} did not come up:\n{self.tail()}")
            time.sleep(0.1)

    def restart(self, index: int) -> float:
        """Node `index` stops (SIGTERM: its streams end with a `retry:`) and starts again on
        its port; returns how long it was away."""
        port = self.web_ports[index]
        began = time.monotonic()
        old = self.webs[port]
        old.send_signal(signal.SIGTERM)
        old.wait(30)
        self.webs[port] = self._web(port)
        self.wait_up(port)
        return time.monotonic() - began

    def tail(self) -> str:
        self.log.flush()
        return "\n".join((self.dir / "site.log").read_text().splitlines()[-30:])

    def stop(self) -> None:
        for process in [*self.webs.values(), *self.others]:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in [*self.webs.values(), *self.others]:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)
