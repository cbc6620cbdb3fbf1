"""Fixtures of the API tests: players with their own authenticated clients, tables."""

from __future__ import annotations

import itertools

import pytest
from rest_framework.test import APIClient

_names = itertools.count(1)


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_tasks):
    """Bot turns run in the test's process."""


@pytest.fixture(autouse=True)
def no_throttling(settings):
    from rest_framework.throttling import ScopedRateThrottle

    rates = ScopedRateThrottle.THROTTLE_RATES
    ScopedRateThrottle.THROTTLE_RATES = {scope: None for scope in rates}
    yield
    ScopedRateThrottle.THROTTLE_RATES = rates


class Player:
    """A person with an account and an API client that sends their token."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.client = APIClient()
        response = self.client.post(
            "/api/accounts",
            {"username": name, "email": f"{name}@example.com", "password": "a-long-passw0rd"},
            format="json",
        )
        assert response.status_code == 201, response.content
        self.id = response.json()["id"]
        self.token = response.json()["token"]
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")

    def get(self, path: str, **kwargs):
        return self.client.get(path, **kwargs)

    def post(self, path: str, body: dict | None = None, **kwargs):
        return self.client.post(path, body or {}, format="json", **kwargs)

    def state(self, table: int) -> dict:
        response = self.get(f"/api/tables/{table}/state")
        assert response.status_code == 200, response.content
        return response.json()

    def move(self, table: int, action: str, card=None, color=None, target=None, **extra):
        body = {"action": action, "card": card, "color": color, "target": target, **extra}
        return self.post(f"/api/tables/{table}/moves", body)


@pytest.fixture
def make_player(db):
    def make(name: str | None = None) -> Player:
        return Player(name or f"player{next(_names)}")

    return make


@pytest.fixture
def host(make_player) -> Player:
    return make_player("ana")


@pytest.fixture
def make_table(host):
    """Create a table hosted by `host` and seat `others` with the invite code."""

    def make(others=(), **body) -> int:
        response = host.post("/api/tables", body)
        assert response.status_code == 201, response.content
        table = response.json()
        for other in others:
            joined = other.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
            assert joined.status_code == 200, joined.content
        return table["id"]

    return make


@pytest.fixture
def rigged_table(settings, host, make_player):
    """A table dealt from a rigged deck (see rigged.py): `hands[seat]`, `starter`, `draw` on top
    of the draw pile. Returns the table id and its players by seat (the host in seat 0)."""
    from rigged import deck_order

    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True

    def make(hands, starter, draw=(), *, players=None, start=True, **body):
        if players is None:
            players = [make_player() for _ in hands[1:]]
        seated = [host, *players]
        order = deck_order(hands, starter, draw, deck=body.get("deck", "classic"))
        body.setdefault("seed", 734512908117)  # reproducible later shuffles; long: greppable
        response = host.post("/api/tables", {"players": len(hands), "deck_order": order, **body})
        assert response.status_code == 201, response.content
        table = response.json()
        for player in seated[1:]:
            joined = player.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
            assert joined.status_code == 200, joined.content
        if start:
            started = host.post(f"/api/tables/{table['id']}/start")
            assert started.status_code == 200, started.content
        return table["id"], seated

    return make
