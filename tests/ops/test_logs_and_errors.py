"""Logs: a server error's traceback reaches the log (stderr) with the request's id while the
client gets the JSON 500; every request has one line with its id, user, table, status and
time; Celery tasks' records say which task. Sentry starts only when SENTRY_DSN is set, and then
reports the error (to a dummy Sentry on this machine here)."""

from __future__ import annotations

import gzip
import json
import logging
import threading
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from ops_helpers import run_python
from rest_framework.test import APIClient

from wildcards.celery import app as celery_app
from wildcards.log_filters import ContextFilter

FAULT_SCRIPT = "tests/ops/serve_a_fault.py"
PRODUCTION = {"SECRET_KEY": "a-secret-key-for-this-test-only-" * 3, "ALLOWED_HOSTS": "localhost"}


def serve_a_fault(env: dict, request_id: str) -> tuple[dict, str]:
    done = run_python(env, FAULT_SCRIPT, request_id)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def test_a_server_error_puts_its_traceback_in_the_json_log_and_answers_json(bare_env):
    answer, log = serve_a_fault(bare_env(**PRODUCTION, LOG_FORMAT="json"), "req-fault-1")

    assert answer["status"] == 500 and answer["content_type"] == "application/json"
    assert answer["body"]["code"] == "server-error"
    assert answer["request_id"] == "req-fault-1"
    lines = [json.loads(line) for line in log.splitlines()]  # every line is JSON
    error = next(line for line in lines if line["logger"] == "django.request")
    assert error["level"] == "ERROR" and error["request_id"] == "req-fault-1"
    assert "Traceback (most recent call last)" in error["traceback"]
    assert "RuntimeError: the view broke on purpose" in error["traceback"]
    access = next(line for line in lines if line["logger"] == "wildcards.requests")
    assert (access["status"], access["path"], access["request_id"]) == (
        500, "/api/boom", "req-fault-1")
    # Times in ISO 8601, in UTC, as collectors read them unaided.
    assert all(datetime.fromisoformat(line["time"]).utcoffset() == timedelta(0)
               for line in lines)


def test_the_text_log_has_the_traceback_under_the_request_id(bare_env):
    answer, log = serve_a_fault(bare_env(**PRODUCTION), "req-fault-2")

    assert answer["status"] == 500
    assert "ERROR django.request request=req-fault-2 Internal Server Error: /api/boom" in log
    assert "RuntimeError: the view broke on purpose" in log
    assert not answer["sentry_active"]  # no SENTRY_DSN, no Sentry


class DummySentry(BaseHTTPRequestHandler):
    """Takes Sentry's envelopes and keeps them."""

    received: list[bytes] = []

    def do_POST(self):  # noqa: N802 (http.server's name)
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        DummySentry.received.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):  # quiet
        pass


@pytest.fixture
def dummy_sentry():
    DummySentry.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), DummySentry)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://public-key@127.0.0.1:{server.server_address[1]}/42", DummySentry.received
    server.shutdown()
    server.server_close()


def test_with_a_sentry_dsn_the_error_goes_to_sentry_with_django_and_celery(bare_env,
                                                                          dummy_sentry):
    dsn, received = dummy_sentry
    answer, _ = serve_a_fault(bare_env(**PRODUCTION, SENTRY_DSN=dsn), "req-fault-3")

    assert answer["sentry_active"]
    assert {"django", "celery"} <= set(answer["sentry_integrations"])
    assert any(b"the view broke on purpose" in envelope for envelope in received), received
    assert answer["body"]["code"] == "server-error"  # Sentry changes nothing for the client


def test_each_request_gets_one_line_with_its_id_user_table_status_and_time(caplog, sign_up):
    client, user_id = sign_up("ana")
    table = client.post("/api/tables", {}, format="json").json()["id"]
    caplog.set_level(logging.INFO, logger="wildcards.requests")
    caplog.clear()
    response = client.get(f"/api/tables/{table}", HTTP_X_REQUEST_ID="from-the-proxy-7")

    assert response.status_code == 200
    assert response["X-Request-ID"] == "from-the-proxy-7"
    [record] = [r for r in caplog.records if r.name == "wildcards.requests"]
    assert (record.method, record.path, record.status) == ("GET", f"/api/tables/{table}", 200)
    assert record.user_id == user_id and record.table_id == table
    assert record.duration_ms > 0 and record.request_id == "from-the-proxy-7"
    assert record.getMessage().startswith(f"GET /api/tables/{table} 200 ")


@pytest.mark.django_db
@pytest.mark.parametrize("given", ["", "has spaces", "x" * 200, "<script>"])
def test_a_missing_or_odd_request_id_is_replaced_by_a_new_one(given):
    response = APIClient().get("/api/me", HTTP_X_REQUEST_ID=given)

    assert response.status_code == 401
    assert response["X-Request-ID"] != given and len(response["X-Request-ID"]) == 32


@celery_app.task(name="tests.ops.what_the_log_filter_sees")
def what_the_log_filter_sees() -> dict:
    record = logging.LogRecord("tests.ops", logging.INFO, __file__, 1, "inside", (), None)
    ContextFilter().filter(record)
    return {"task_id": record.task_id, "task_name": record.task_name,
            "request_id": record.request_id, "context": record.context}


def test_records_logged_inside_a_celery_task_name_the_task():
    result = what_the_log_filter_sees.apply(task_id="task-id-9")

    assert result.get() == {"task_id": "task-id-9",
                            "task_name": "tests.ops.what_the_log_filter_sees",
                            "request_id": None,
                            "context": "task=tests.ops.what_the_log_filter_sees[task-id-9]"}


def test_outside_requests_and_tasks_records_have_no_context():
    record = logging.LogRecord("tests.ops", logging.INFO, __file__, 1, "alone", (), None)
    ContextFilter().filter(record)
    assert (record.request_id, record.task_id, record.context) == (None, None, "-")
