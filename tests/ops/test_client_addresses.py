"""A client cannot choose its own address: with one trusted proxy the address the rate limits
count by is the one the proxy appended to X-Forwarded-For, and with none the header is
ignored. A spoofed X-Forwarded-For, new on every request, no longer escapes the sign-up and
token (log-in) limits."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"  # nginx on the same machine
CLIENT, OTHER_CLIENT = "203.0.113.7", "203.0.113.8"


@pytest.fixture
def limits(settings):
    """Sign-up and token limits of 3 per window, counted from nothing."""
    previous = ScopedRateThrottle.THROTTLE_RATES

    def trust(proxies: int) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}

    ScopedRateThrottle.THROTTLE_RATES = {**previous, "signup": "3/hour", "token": "3/minute"}
    cache.clear()
    yield trust
    ScopedRateThrottle.THROTTLE_RATES = previous
    cache.clear()


def spoofed(n: int) -> str:
    return f"198.51.100.{n % 250 + 1}"


def sign_up(n: int, **meta):
    return APIClient().post("/api/accounts", {"username": f"spoof{n}",
                                              "email": f"spoof{n}@example.com",
                                              "password": "a-long-passw0rd"},
                            format="json", **meta)


def log_in(**meta):
    return APIClient().post("/api/auth/token", {"username": "nobody", "password": "wrong"},
                            format="json", **meta)


def through_the_proxy(n: int, client: str = CLIENT) -> dict:
    """What gunicorn sees behind nginx: the client's own header, then nginx's addition."""
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"{spoofed(n)}, {client}"}


def test_with_one_proxy_a_rotating_header_does_not_escape_the_sign_up_limit(limits):
    limits(1)
    answers = [sign_up(n, **through_the_proxy(n)).status_code for n in range(6)]

    assert answers == [201, 201, 201, 429, 429, 429]
    # Another client behind the same proxy is counted on its own.
    assert sign_up(99, **through_the_proxy(99, OTHER_CLIENT)).status_code == 201


def test_with_one_proxy_a_rotating_header_does_not_escape_the_log_in_limit(limits):
    limits(1)
    answers = [log_in(**through_the_proxy(n)).status_code for n in range(6)]

    assert answers == [400, 400, 400, 429, 429, 429]
    assert log_in(**through_the_proxy(99, OTHER_CLIENT)).status_code == 400


@pytest.mark.parametrize("request_of", [sign_up, lambda n, **meta: log_in(**meta)],
                         ids=["sign-up", "log-in"])
def test_with_no_proxy_trusted_the_header_is_ignored(limits, request_of):
    limits(0)
    statuses = [request_of(n, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR=spoofed(n)).status_code
                for n in range(5)]

    assert statuses[3:] == [429, 429]
    assert 429 not in statuses[:3]
