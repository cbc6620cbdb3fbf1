"""Bots never stall a table (issue 11): a Celery worker killed (SIGKILL) in the middle of the
bots' turns takes its unacknowledged task with it for the broker's visibility timeout (an hour).
A bot's turn is due a few seconds after it began (`clock.BOT_GRACE`): the sweep finds it, plays
it, and hands the rest back to a task, which a live worker plays to the end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from broker import queue_of_its_own
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from games import deadlines
from games.models import Move, Table
from games.service import lobby, play, records
from games.storage.reads import load

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]


class Worker:
    """`celery -A wildcards worker` in a process of its own, on the test database and queue."""

    def __init__(self, queue: str, log: Path) -> None:
        db = connection.settings_dict
        env = {**os.environ, "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:"
                                             f"{db['PORT']}/{db['NAME']}",
               "CELERY_TASK_ALWAYS_EAGER": "0", "WILDCARDS_BOT_DELAY_MS": "0"}
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "wildcards", "worker", "-P", "solo",
             "-Q", queue, "-n", f"{uuid.uuid4().hex[:8]}@%h", "--loglevel", "INFO",
             "--without-mingle", "--without-gossip", "--without-heartbeat"],
            cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)

    def says(self, text: str) -> bool:
        return text in self.log.read_text()

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(30)


def wait_for(what: str, condition, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds} s")


def version(table_id: int) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table_id)


def test_a_worker_killed_in_the_middle_of_the_bots_turns_does_not_stall_the_table(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the test database on PostgreSQL")
    host = get_user_model().objects.create_user(
        f"host{uuid.uuid4().hex[:8]}", "host@example.com", "a-long-passw0rd")
    with queue_of_its_own() as (url, queue):
        first = Worker(queue, tmp_path / "first.log")
        workers = [first]
        try:
            wait_for("the first worker is ready", lambda: first.says("ready"))
            # Played to a score: a single round can be short enough for the task to end in
            # half a second; rounds to 200 points outlast it.
            table_id = lobby.create_table(host, {"players": 4, "mode": "turn",
                                                 "scoring": "target", "target": 200}).table.pk
            for _ in range(3):
                lobby.add_bot(table_id, host, "hard")
            lobby.start_game(table_id, host)
            # The host leaves: three Hard bots play on, 200 moves a task, for seconds.
            play.concede(table_id, host)
            left_at = version(table_id)
            wait_for("the worker takes the bots' task",
                     lambda: first.says("play_bot_turns") and
                     redis.Redis.from_url(url).llen(queue) == 0)
            time.sleep(0.5)
            first.stop(signal.SIGKILL)
            assert version(table_id) == left_at  # the killed task's transaction rolled back

            second = Worker(queue, tmp_path / "second.log")
            workers.append(second)
            wait_for("the second worker is ready", lambda: second.says("ready"))
            time.sleep(1)
            assert version(table_id) == left_at  # the lost task is not redelivered

            def finished() -> bool:  # beat's sweep, every second instead of every five
                deadlines.sweep(timezone.now())
                return load(table_id).table.status == Table.Status.FINISHED

            wait_for("the game ends", finished, seconds=120)
        finally:
            for worker in workers:
                worker.stop()
    bot_moves = Move.objects.filter(table_id=table_id, by=Move.By.BOT)
    assert bot_moves.count() > 10
    assert records.verify(table_id, host)["ok"]  # the log replays: no move made twice
