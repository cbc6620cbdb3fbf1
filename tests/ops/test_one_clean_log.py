"""One clean log (issue 25, item 6): gunicorn's and uvicorn's own lines go through LOGGING (JSON
with LOG_FORMAT=json), a reload logs no ERROR, Django's own record of a 5xx answer has the
request's id, tasks queued by a request carry its id, beat's idle sweep is logged at DEBUG, and
nginx answers a request for another name itself (the foreign Host inside Django:
test_api_json_always.py)."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from celery import shared_task
from django.test import Client
from django.urls import path
from ops_helpers import ROOT

import wildcards.urls
from wildcards import after_response
from wildcards.log_filters import ContextFilter, IdleSweepFilter, request_id

PRODUCTION = {"SECRET_KEY": "a-secret-key-for-this-test-only-" * 3,
              "ALLOWED_HOSTS": "127.0.0.1", "WILDCARDS_HTTPS": "0"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_gunicorn_and_uvicorn_log_json_and_a_reload_logs_no_error(bare_env, tmp_path):
    port = free_port()
    env = bare_env(**PRODUCTION, LOG_FORMAT="json")
    env["PATH"] = f"{os.path.dirname(sys.executable)}:{env['PATH']}"
    log_file = tmp_path / "stderr"
    lines = lambda: log_file.read_text().splitlines()  # noqa: E731
    command = [sys.executable, "-m", "gunicorn", "wildcards.asgi:application",
               "-k", "wildcards.workers.UvicornWorker",
               "--logger-class", "wildcards.workers.GunicornLogger",
               "--workers", "2", "--bind", f"127.0.0.1:{port}", "--graceful-timeout", "10"]
    with log_file.open("w") as stderr:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stderr=stderr,
                                  stdout=subprocess.DEVNULL)
    try:
        wait_for(lambda: sum("Started server process" in line for line in lines()) == 2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/") as answer:
            assert answer.status == 200
        server.send_signal(signal.SIGHUP)  # `systemctl reload`: new workers, the old ones stop
        wait_for(lambda: sum("Started server process" in line for line in lines()) == 4
                 and sum("Worker exiting" in line for line in lines()) == 2)
        time.sleep(1.5)  # gunicorn reaps the old workers (and would log how they ended)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    records = [json.loads(line) for line in lines()]  # every line is JSON
    loggers = {record["logger"] for record in records}
    assert {"gunicorn.error", "uvicorn.error", "wildcards.requests"} <= loggers
    assert "uvicorn.access" not in loggers  # the site's request line is the one access log
    assert not [r for r in records if r["level"] in ("WARNING", "ERROR", "CRITICAL")], records
    assert not any("was sent" in r["message"] for r in records)


def answer_503(request):
    from django.http import JsonResponse

    return JsonResponse({"code": "busy", "detail": "Try later."}, status=503)


queued: list[str | None] = []


def leaves_work_for_later(request):
    from django.http import HttpResponse

    after_response.soon(lambda: queued.append(request_id.get()))
    return HttpResponse("ok")


urlpatterns = [path("api/busy", answer_503), path("later", leaves_work_for_later),
               *wildcards.urls.urlpatterns]


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.addFilter(ContextFilter())
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.mark.urls(__name__)
def test_djangos_own_record_of_a_5xx_answer_has_the_request_id():
    kept = Kept()
    logging.getLogger("django.request").addHandler(kept)
    try:
        response = Client().get("/api/busy", HTTP_X_REQUEST_ID="req-busy-1")
    finally:
        logging.getLogger("django.request").removeHandler(kept)
    assert response.status_code == 503
    [record] = kept.records
    assert record.getMessage() == "Service Unavailable: /api/busy"
    assert record.request_id == "req-busy-1"


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_work_left_for_after_the_response_runs_with_the_request_id():
    queued.clear()
    Client().get("/later", HTTP_X_REQUEST_ID="req-later-2")
    assert queued == ["req-later-2"]


seen_by_the_task: list[str | None] = []


@shared_task(name="tests.ops.note_the_request_id")
def note_the_request_id() -> None:
    seen_by_the_task.append(request_id.get())


@pytest.mark.django_db(transaction=True)
def test_a_task_queued_in_a_request_runs_with_the_request_id():
    sys.path.insert(0, str(ROOT / "tests" / "tasks"))
    from broker import queue_of_its_own
    from celery.contrib.testing.worker import start_worker

    from wildcards.celery import app

    seen_by_the_task.clear()
    with queue_of_its_own(), start_worker(app, pool="solo", perform_ping_check=False,
                                          loglevel="WARNING", shutdown_timeout=20):
        token = request_id.set("req-task-3")
        try:
            note_the_request_id.delay()
        finally:
            request_id.reset(token)
        note_the_request_id.delay()  # outside any request: none
        wait_for(lambda: len(seen_by_the_task) == 2, seconds=20)
    assert sorted(seen_by_the_task, key=str) == [None, "req-task-3"]


def celery_record(logger: str, message: str, args) -> logging.LogRecord:
    record = logging.LogRecord(logger, logging.INFO, __file__, 1, message, None, None)
    record.args = args
    return record


SWEEP = "games.tasks.sweep_deadlines"


@pytest.mark.parametrize(("logger", "message", "args", "idle"), [
    ("celery.beat", "Scheduler: Sending due task %s (%s)", ("sweep-deadlines", SWEEP), True),
    ("celery.worker.strategy", "Task %(name)s[%(id)s] received", {"name": SWEEP, "id": "1"},
     True),
    ("celery.app.trace", "Task %(name)s[%(id)s] succeeded in %(runtime)ss: %(return_value)s",
     {"name": SWEEP, "id": "1", "runtime": 0.01,
      "return_value": "{'reminders': 0, 'expired': 0, 'failed': 0, 'away': 0}"}, True),
    ("celery.app.trace", "Task %(name)s[%(id)s] succeeded in %(runtime)ss: %(return_value)s",
     {"name": SWEEP, "id": "1", "runtime": 0.01,
      "return_value": "{'reminders': 0, 'expired': 2, 'failed': 0, 'away': 0}"}, False),
    ("celery.beat", "Scheduler: Sending due task %s (%s)",
     ("forget-idempotency-keys", "games.tasks.forget_idempotency_keys"), False),
])
def test_the_idle_sweep_is_logged_at_debug(logger, message, args, idle):
    record = celery_record(logger, message, args)
    kept = IdleSweepFilter().filter(record)
    assert kept is not idle  # at INFO, the idle sweep's lines are not written
    assert record.levelno == (logging.DEBUG if idle else logging.INFO)


def test_the_idle_sweep_is_written_at_debug_when_debug_is_asked():
    beat = logging.getLogger("celery.beat")
    level = beat.level
    beat.setLevel(logging.DEBUG)
    try:
        record = celery_record("celery.beat", "Scheduler: Sending due task %s (%s)",
                               ("sweep-deadlines", SWEEP))
        assert IdleSweepFilter().filter(record) and record.levelname == "DEBUG"
    finally:
        beat.setLevel(level)


def test_the_settings_logging_puts_the_filters_on_gunicorn_uvicorn_and_celery():
    from django.conf import settings

    loggers = settings.LOGGING["loggers"]
    for name in ("gunicorn.error", "uvicorn.error"):
        assert loggers[name] == {"handlers": [], "propagate": True}
    for name in ("celery.beat", "celery.worker.strategy", "celery.app.trace"):
        assert loggers[name]["filters"] == ["idle_sweep"]


NGINX_SITE = ROOT / "deploy" / "nginx" / "wildcards.conf"


def test_the_nginx_site_has_a_catch_all_that_answers_healthz_by_address():
    site = NGINX_SITE.read_text()
    catch_all = site[site.index("server {"):site.index("}\n", site.index("location / {"))]
    assert "listen 80 default_server;" in catch_all
    assert "listen 443 ssl default_server;" in catch_all
    assert "ssl_reject_handshake on;" in catch_all
    healthz = re.search(r"location = /healthz \{(.*?)\}", catch_all, re.S).group(1)
    assert "proxy_pass http://wildcards;" in healthz
    assert "proxy_set_header Host cards.example.com;" in healthz
    assert "return 444;" in catch_all


def test_the_nginx_site_passes_nginx_t(tmp_path):
    """With nginx installed (or NGINX_BINARY naming one): `nginx -t` on the site, its
    certificate paths pointed at a self-signed pair."""
    nginx = os.environ.get("NGINX_BINARY") or shutil.which("nginx")
    if not nginx or not shutil.which("openssl"):
        pytest.skip("nginx (or openssl) is not installed here")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=cards.example.com", "-keyout", tmp_path / "key.pem",
                    "-out", tmp_path / "cert.pem"], check=True, capture_output=True)
    site = (NGINX_SITE.read_text()
            .replace("/etc/letsencrypt/live/cards.example.com/fullchain.pem",
                     str(tmp_path / "cert.pem"))
            .replace("/etc/letsencrypt/live/cards.example.com/privkey.pem",
                     str(tmp_path / "key.pem")))
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "logs").mkdir()
    temp = " ".join(f"{kind}_temp_path {tmp_path}/temp;"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/logs/error.log;\nevents {{}}\n"
        f"http {{ access_log off; {temp} include {tmp_path}/site.conf; }}\n")
    done = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                          capture_output=True, text=True,
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    assert done.returncode == 0, done.stderr
    assert "test is successful" in done.stderr
