"""A real Celery worker on the real Redis broker, not eager mode: the web side queues a task after
its transaction commits, the worker (a thread of this process, its own database connection)
picks it up from Redis and changes the game.

The broker and result backend are the test run's own Redis database (REDIS_URL: `make test`
sets redis://127.0.0.1:6379/14, each pytest-xdist worker has its own, never the one of
`make run`: see wildcards/pytest_env.py) and a queue named for this run, so nothing else on that
Redis is touched. The tests commit for real (transaction=True): the worker's connection must see
them.
"""

from __future__ import annotations

import time
import uuid
from datetime import timedelta

import pytest
from broker import queue_of_its_own
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from django.contrib.auth import get_user_model
from django.db import connections
from django.utils import timezone

from games.models import Move, Round, Table
from games.rules import timeout_move
from games.service import lobby, play
from games.service.errors import Accepted
from games.storage.reads import load
from wildcards.celery import app

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_SECONDS = 20


def _close_worker_connections(**kwargs) -> None:
    """After each task, in the worker's thread: close its database connections (a connection
    left open would keep the test database from being flushed and dropped)."""
    connections.close_all()


@pytest.fixture
def real_worker():
    with queue_of_its_own():
        task_postrun.connect(_close_worker_connections, weak=False)
        try:
            with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING",
                              shutdown_timeout=20) as worker:
                yield worker
        finally:
            task_postrun.disconnect(_close_worker_connections)


def _wait_for(what: str, condition, seconds: float = WAIT_SECONDS):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"the worker did not {what} within {seconds} s")


def _host():
    return get_user_model().objects.create_user(
        f"host{uuid.uuid4().hex[:8]}", "host@example.com", "a-long-passw0rd")


def _human_to_play(table_id: int) -> bool:
    game = load(table_id)
    return not game.seats[game.state.turn].is_bot


def _version(table_id: int) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table_id)


def test_the_worker_plays_the_bot_turns(real_worker):
    host = _host()
    game = lobby.create_table(host, {"players": 3, "mode": "turn"})
    table_id = game.table.pk
    lobby.add_bot(table_id, host, "easy")
    lobby.add_bot(table_id, host, "easy")
    # The version at which the turn went to a bot (the worker may play at once: read it from
    # the change that handed it over, not from the table afterwards).
    queued_at = lobby.start_game(table_id, host).table.version
    if _human_to_play(table_id):  # the host moves first: the move passes the turn to a bot
        state = load(table_id).state
        answer = play.make_move(table_id, host, timeout_move(state))
        assert isinstance(answer, Accepted), answer
        queued_at = answer.view["version"]

    _wait_for("play a bot turn",
              lambda: Move.objects.filter(table_id=table_id, by=Move.By.BOT).exists())
    _wait_for("hand the turn back to the person",
              lambda: _human_to_play(table_id) or load(table_id).state.status != "playing")
    assert _version(table_id) > queued_at
    bot_moves = Move.objects.filter(table_id=table_id, by=Move.By.BOT)
    assert all(move.seat != 0 for move in bot_moves)


@pytest.fixture
def sweep_deadlines():
    """The deadline sweep's task (skipped, before any worker starts, while it is not written)."""
    from games import tasks

    task = getattr(tasks, "sweep_deadlines", None)
    if task is None:
        pytest.skip("games.tasks.sweep_deadlines does not exist yet")
    return task


def test_the_worker_sweeps_a_due_deadline(sweep_deadlines, real_worker):
    host = _host()
    game = lobby.create_table(host, {"players": 2, "mode": "turn"})
    table_id = game.table.pk
    lobby.add_bot(table_id, host, "easy")
    lobby.start_game(table_id, host)
    _wait_for("bring the turn to the person", lambda: _human_to_play(table_id))
    before = _version(table_id)
    past = timezone.now() - timedelta(minutes=1)
    round_id = Table.objects.values_list("current_round_id", flat=True).get(pk=table_id)
    Round.objects.filter(pk=round_id).update(
        deadline_at=past, remind_at=past)

    sweep_deadlines.delay()

    timer_move = _wait_for(
        "make the timer's move",
        lambda: Move.objects.filter(table_id=table_id, by=Move.By.TIMER).first())
    assert timer_move.seat == 0
    assert _version(table_id) > before


def test_the_worker_sends_a_turn_email_when_its_delay_is_over(real_worker, settings):
    """The notice's task waits in Redis for its ETA (the turn email's delay), then the worker
    sends it: to a player who has not come to the table meanwhile."""
    from django.core import mail

    from notifications.models import Notice

    settings.WILDCARDS_TURN_NOTICE_DELAY = 2
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    host = _host()
    game = lobby.create_table(host, {"players": 2, "mode": "turn"})
    table_id = game.table.pk
    lobby.add_bot(table_id, host, "easy")
    lobby.start_game(table_id, host)
    _wait_for("bring the turn to the person", lambda: _human_to_play(table_id))
    notice = _wait_for("queue the turn's notice", lambda: Notice.objects.filter(
        table_id=table_id, kind="your-turn").order_by("-pk").first())
    assert notice.due_at - notice.created_at > timedelta(seconds=1.9)
    sent = _wait_for("send the turn email", lambda: Notice.objects.filter(
        pk=notice.pk, status="sent").first())
    assert sent.sent_at >= notice.due_at
    assert [m.subject for m in mail.outbox] == [f"It's your turn at table {table_id}"]
