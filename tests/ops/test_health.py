"""GET /healthz: 200 when the database and Redis answer and beat's deadline sweep ran within
the last minute; 503, saying which check failed, otherwise. No log-in, no redirect to https,
no log line while healthy."""

from __future__ import annotations

import logging
import time

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import OperationalError
from django.test import Client

from games.tasks import sweep_deadlines
from wildcards import health

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_heartbeat_yet(settings, tmp_path):
    settings.CELERY_DATA_DIR = tmp_path / "celery"  # where the heartbeat goes without Redis
    if settings.REDIS_URL:
        cache.delete(f"wildcards:heartbeat:{health.SWEEP}")


def probe() -> tuple[int, dict]:
    response = Client().get("/healthz")
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    return response.status_code, response.json()


def test_after_a_sweep_everything_is_healthy():
    sweep_deadlines.apply()
    status, body = probe()

    assert status == 200 and body["status"] == "ok"
    assert body["checks"]["database"] == {"ok": True}
    assert body["checks"]["redis"]["ok"]
    assert body["checks"]["beat"]["ok"] and body["checks"]["beat"]["age_seconds"] < 60


def test_without_any_sweep_beat_is_failing_and_the_answer_is_503():
    status, body = probe()

    assert status == 503 and body["status"] == "failing"
    assert not body["checks"]["beat"]["ok"]
    assert "never run" in body["checks"]["beat"]["detail"]
    assert body["checks"]["database"]["ok"]


def test_a_sweep_older_than_a_minute_is_failing():
    health.record_heartbeat(health.SWEEP, now=time.time() - 75)
    status, body = probe()

    assert status == 503
    assert body["checks"]["beat"]["ok"] is False and body["checks"]["beat"]["age_seconds"] >= 75


def test_a_database_that_does_not_answer_is_failing(monkeypatch):
    health.record_heartbeat(health.SWEEP)

    class Unreachable:
        def cursor(self):
            raise OperationalError("connection refused")

    monkeypatch.setattr(health, "connection", Unreachable())
    status, body = probe()

    assert status == 503
    assert body["checks"]["database"] == {"ok": False,
                                          "detail": "OperationalError: connection refused"}


@pytest.mark.skipif(not django_settings.REDIS_URL, reason="the test run has no Redis")
def test_a_redis_that_does_not_answer_is_failing(settings):
    health.record_heartbeat(health.SWEEP)
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    status, body = probe()

    assert status == 503 and not body["checks"]["redis"]["ok"]
    assert "ConnectionError" in body["checks"]["redis"]["detail"]


def test_without_redis_the_heartbeat_is_a_file_beside_the_broker_queue(settings):
    settings.REDIS_URL = None
    sweep_deadlines.apply()
    status, body = probe()

    assert (settings.CELERY_DATA_DIR / "heartbeats" / health.SWEEP).exists()
    assert status == 200 and body["checks"]["redis"] == {
        "ok": True, "detail": "not configured (REDIS_URL is empty)"}


def test_the_probe_needs_no_log_in_nor_https_and_is_not_logged_while_healthy(settings,
                                                                            caplog):
    settings.SECURE_SSL_REDIRECT = True
    sweep_deadlines.apply()
    caplog.set_level(logging.INFO, logger="wildcards.requests")
    caplog.clear()

    assert Client().get("/healthz").status_code == 200
    assert Client().get("/").status_code == 301  # everything else goes to https
    assert [r.path for r in caplog.records if r.name == "wildcards.requests"] == ["/"]


def test_a_failing_probe_is_logged(caplog):
    caplog.set_level(logging.INFO, logger="wildcards.requests")
    assert Client().get("/healthz").status_code == 503
    assert [r.status for r in caplog.records if r.name == "wildcards.requests"] == [503]
