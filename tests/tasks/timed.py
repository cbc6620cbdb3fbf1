"""Helpers of the deadline tests: people with email addresses, tables set up and started
through the services at a fixed time, and the sweep run in threads of its own."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest
import time_machine
from concurrency import at_once as in_threads  # noqa: F401 - for the tests that import it here
from django.contrib.auth import get_user_model

from games.models import Round, Seat, Table
from games.service import lobby
from games.storage.reads import load

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
_names = itertools.count(1)


def person(name: str | None = None):
    name = name or f"timed{next(_names)}"
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-passw0rd")


def started_table(players: int = 2, *, at: datetime = T0, bots: int = 0, **fields):
    """A table hosted by a person, `players - bots` people and `bots` bots, dealt at `at`
    (seed fixed: the same game every run). Returns the table id and the people by seat."""
    people = [person() for _ in range(players - bots)]
    with time_machine.travel(at, tick=False):
        settings_ = {"players": players, "seed": 20260302, **fields}
        game = lobby.create_table(people[0], settings_)
        table = game.table
        for other in people[1:]:
            lobby.join_table(table.pk, other, table.invite)
        for _ in range(bots):
            lobby.add_bot(table.pk, people[0], "normal")
        lobby.start_game(table.pk, people[0])
    return table.pk, people


def current(table_id: int):
    """The table, its round and seats as stored now."""
    return load(table_id)


def round_of(table_id: int) -> Round:
    return Table.objects.get(pk=table_id).current_round


def seat(table_id: int, number: int) -> Seat:
    return Seat.objects.get(table_id=table_id, number=number)


@pytest.fixture(autouse=True)
def timed_setup(settings):
    """Seeds allowed (the same game each run), emails kept in memory, tasks run in process."""
    from wildcards.celery import app

    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous
