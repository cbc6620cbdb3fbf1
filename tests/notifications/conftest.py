"""Fixtures of the notification tests: people with email addresses, a turn-by-turn table whose
current turn has a deadline, and Celery tasks run in the test's own process."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from notice_helpers import new_turn

from games.models import Seat, Table
from games.rules.options import TableSettings
from notifications import hooks

BASE_URL = "https://cards.example.com"
_numbers = itertools.count(1)


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_tasks):
    """`send_notice.delay` runs in the test's process."""


@pytest.fixture(autouse=True)
def outbox_alone(settings, monkeypatch):
    """The outbox on its own: notices due at once, and no game to ask at sending time (these
    tables have no cards dealt). tests/tasks/test_notices_over_days.py plays real games."""
    settings.WILDCARDS_TURN_NOTICE_DELAY = 0
    monkeypatch.setattr(hooks, "_checks", {})


@pytest.fixture(autouse=True)
def site_address(settings):
    settings.WILDCARDS_BASE_URL = BASE_URL


@pytest.fixture
def make_user(db):
    def make(name: str | None = None, email: str | None = "") -> object:
        name = name or f"player{next(_numbers)}"
        address = f"{name}@example.com" if email == "" else email
        return get_user_model().objects.create_user(name, address or "", "a-long-passw0rd")

    return make


@pytest.fixture
def ana(make_user):
    """The host, whose turn it is."""
    return make_user("ana")


@pytest.fixture
def ben(make_user):
    """An opponent."""
    return make_user("ben")


@pytest.fixture
def make_table(db):
    def make(host, others=(), *, mode=Table.Mode.TURN, turn_hours=24) -> Table:
        """A playing table with `host` in seat 0, `others` after, and a bot in the last seat.
        Seat 0's turn has just begun."""
        table = Table(host=host, status=Table.Status.PLAYING)
        table.settings = TableSettings(mode=mode, turn_hours=turn_hours,
                                       players=len(others) + 2).settled()
        table.save()
        for number, user in enumerate([host, *others]):
            Seat.objects.create(table=table, number=number, user=user)
        Seat.objects.create(table=table, number=len(others) + 1, bot_level="normal",
                            state=Seat.State.BOT)
        new_turn(table)
        return table

    return make


@pytest.fixture
def table(make_table, ana, ben) -> Table:
    return make_table(ana, [ben])
