"""Fixtures of the operator's tests (tests/ops); the helpers are in ops_helpers.py."""

from __future__ import annotations

import pytest
from ops_helpers import project_env


@pytest.fixture
def bare_env(tmp_path):
    def make(**variables: str) -> dict[str, str]:
        return project_env(tmp_path, **variables)

    return make


@pytest.fixture(autouse=True)
def no_throttling():
    """No rate limit counts unless a test sets one (`throttle_rates`)."""
    from rest_framework.throttling import ScopedRateThrottle

    rates = ScopedRateThrottle.THROTTLE_RATES
    ScopedRateThrottle.THROTTLE_RATES = {scope: None for scope in rates}
    yield
    ScopedRateThrottle.THROTTLE_RATES = rates


@pytest.fixture
def sign_up(db):
    """An account made through the API: (its client, sending its token; its id)."""
    from rest_framework.test import APIClient

    def make(name: str):
        client = APIClient()
        response = client.post("/api/accounts", {"username": name,
                                                 "email": f"{name}@example.com",
                                                 "password": "a-long-passw0rd"}, format="json")
        assert response.status_code == 201, response.content
        client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
        return client, response.json()["id"]

    return make
