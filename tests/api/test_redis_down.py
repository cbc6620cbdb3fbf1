"""Redis down (issue 25, item 3): a rate limiter must not take the game down. Moves and reads go
through with a warning in the log; log-in, sign-up and password reset (whose limits guard
against guessing and floods) answer 503 with a code and Retry-After, and change nothing; the
pages that need no limit still work; /healthz says so. "Down" is a closed port here."""

from __future__ import annotations

import itertools
import logging

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from games.models import Table

_databases = itertools.count(1)
User = get_user_model()
ANA_CARDS = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN_CARDS = ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]


@pytest.fixture
def limits_on():
    """The rates of a server (the conftest switches them off otherwise)."""
    ScopedRateThrottle.THROTTLE_RATES = dict(
        django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])


def take_redis_down(settings) -> None:
    """REDIS_URL (and the cache) on a port nothing listens on; a database number of its own
    per test, so each sees the first failure (the warning, once a minute per server)."""
    url = f"redis://127.0.0.1:1/{next(_databases)}"
    settings.REDIS_URL = url
    settings.CACHES = {"default": {**django_settings.CACHES["default"], "LOCATION": url}}
    settings.WILDCARDS_PASSWORD_RESET_MINUTES = 15


@pytest.fixture
def redis_down(settings, limits_on):
    take_redis_down(settings)


def test_moves_and_reads_go_through_with_a_warning(rigged_table, settings, limits_on, caplog):
    table, (ana, ben) = rigged_table([ANA_CARDS, BEN_CARDS], "flame-5")
    take_redis_down(settings)
    version = Table.objects.get(pk=table).version
    with caplog.at_level(logging.WARNING, logger="wildcards.throttling"):
        assert ana.get(f"/api/tables/{table}/state").status_code == 200
        moved = ben.move(table, "play", "flame-1")
        assert moved.status_code == 200, moved.content
    assert Table.objects.get(pk=table).version > version
    warnings = [r for r in caplog.records if r.name == "wildcards.throttling"]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert "Redis does not answer" in warnings[0].getMessage()


def assert_unavailable(response) -> None:
    assert response.status_code == 503, response.content
    body = response.json()
    assert body["code"] == "rate-limit-unavailable" and body["retry_after"] == 30
    assert "Try again" in body["detail"]
    assert response["Retry-After"] == "30"


def test_sign_up_and_the_token_answer_503_with_retry_after_and_change_nothing(redis_down, db):
    User.objects.create_user("ana", "ana@example.com", "a-long-passw0rd")
    client = APIClient()
    assert_unavailable(client.post("/api/accounts", {
        "username": "ben", "email": "ben@example.com", "password": "a-long-passw0rd"},
        format="json"))
    assert_unavailable(client.post("/api/auth/token", {"username": "ana",
                                                       "password": "a-long-passw0rd"},
                                   format="json"))
    assert list(User.objects.values_list("username", flat=True)) == ["ana"]


def test_without_throttles_the_log_in_count_still_refuses_503(redis_down, db):
    """The failed log-ins per account are counted in Redis too: no count, no password check."""
    ScopedRateThrottle.THROTTLE_RATES = {scope: None for scope in ScopedRateThrottle.THROTTLE_RATES}
    User.objects.create_user("ana", "ana@example.com", "a-long-passw0rd")
    assert_unavailable(APIClient().post("/api/auth/token", {"username": "ana",
                                                            "password": "a-long-passw0rd"},
                                        format="json"))


def test_the_log_in_sign_up_and_password_reset_pages_answer_503(redis_down, db):
    User.objects.create_user("ana", "ana@example.com", "a-long-passw0rd")
    browser = Client()
    for path, form in [
        ("/accounts/login/", {"username": "ana", "password": "a-long-passw0rd"}),
        ("/accounts/signup", {"username": "ben", "email": "ben@example.com",
                              "password1": "a-long-passw0rd", "password2": "a-long-passw0rd"}),
        ("/accounts/password_reset/", {"email": "ana@example.com"}),
    ]:
        assert browser.get(path).status_code == 200, path  # the form itself needs no limit
        response = browser.post(path, form)
        assert response.status_code == 503, (path, response.status_code)
        assert response["Retry-After"] == "30"
        assert "the limits that protect accounts cannot be checked" in response.content.decode()
    assert User.objects.count() == 1 and not mail.outbox
    assert "_auth_user_id" not in browser.session


def test_a_logged_in_person_still_reads_the_pages(redis_down, db):
    ana = User.objects.create_user("ana", "ana@example.com", "a-long-passw0rd")
    browser = Client()
    browser.force_login(ana)
    for path in ("/", "/leaderboard", "/account"):
        assert browser.get(path).status_code == 200, path


def test_healthz_reports_redis_and_what_it_means_for_the_limits(redis_down, db):
    response = Client().get("/healthz")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["database"]["ok"] and not checks["redis"]["ok"]
    assert "log-in, sign-up and password reset answer 503" in checks["redis"]["limits"]
    assert checks["beat"]["detail"] == "cannot read the heartbeat: Redis does not answer"
