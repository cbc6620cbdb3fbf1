"""Notices queued together (the deadline sweep's hundreds): one INSERT for all of them, a notice
queued before left out as one at a time, nothing written if the block fails, and their tasks a
few notices each, which send each as `send_notice` does and hand one that fails to it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from notice_helpers import current_turn

from notifications import outbox
from notifications.models import Notice
from notifications.tasks import RETRY_ALONE_AFTER, send_notice, send_notices

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user() for _ in range(5)]


@pytest.fixture
def published(monkeypatch):
    """The tasks `written_together` asks for, instead of the broker."""
    batches: list = []
    monkeypatch.setattr(outbox, "_send_together", batches.extend)
    return batches


def test_notices_queued_together_are_one_insert_and_a_notice_queued_before_is_left_out(
        people, table, django_capture_on_commit_callbacks, published):
    turn = current_turn(table)
    first = outbox.queue_reminder(people[0], table, **turn)
    with (django_capture_on_commit_callbacks(execute=True), transaction.atomic(),
          CaptureQueriesContext(connection) as queries, outbox.written_together() as written):
        for person in people:
            outbox.queue_reminder(person, table, **turn)
        outbox.queue_reminder(people[1], table, **turn)  # twice in the block
        assert written == [] and not Notice.objects.exclude(pk=first.pk).exists()
    writes = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith("SELECT")]
    assert len(writes) == 1 and writes[0].startswith("INSERT")
    assert [n.user_id for n in written] == [p.pk for p in people[1:]]
    assert all(n.pk is not None for n in written)
    assert Notice.objects.filter(kind=Notice.Kind.REMINDER).count() == len(people)
    assert [ids for ids, _ in published] == [[n.pk for n in written]]


def test_nothing_is_written_when_the_block_fails(people, table, published):
    with pytest.raises(RuntimeError), outbox.written_together():
        outbox.queue_reminder(people[0], table, **current_turn(table))
        raise RuntimeError("the sweep's group failed")
    assert not Notice.objects.exists() and published == []


def test_their_tasks_take_a_few_notices_each_due_together_at_the_last_ones_time(
        people, table, monkeypatch, django_capture_on_commit_callbacks, published):
    monkeypatch.setattr(outbox, "SEND_TOGETHER", 2)
    later = timezone.now() + outbox.ETA_LIMIT - timedelta(seconds=5)
    with (django_capture_on_commit_callbacks(execute=True), transaction.atomic(),
          outbox.written_together() as written):
        for person in people[:3]:
            outbox.queue_reminder(person, table, **current_turn(table))
        for person in people[3:]:  # due in seconds, not with the others
            outbox.queue_notice(Notice.Kind.GAME_OVER, person, table, f"over:{person.pk}",
                                {"ranking": []}, due_at=later)
        # Due later than a task is asked for: the sweep's
        outbox.queue_notice(Notice.Kind.GAME_OVER, people[0], table, "over:later",
                            {"ranking": []}, due_at=timezone.now() + timedelta(minutes=10))
    ids = [n.pk for n in written]
    assert len(ids) == len(people) + 1
    assert [batch for batch, _ in published] == [ids[:2], ids[2:3], ids[3:-1]]
    assert published[-1][1] == written[-2].due_at


def test_the_task_of_notices_sends_each_and_hands_one_that_fails_to_send_notice(
        people, table, settings, mailoutbox, monkeypatch):
    settings.EMAIL_BACKEND = "notice_helpers.FlakyBackend"
    from notice_helpers import FlakyBackend

    FlakyBackend.failures, FlakyBackend.tries = 1, 0
    handed = []
    monkeypatch.setattr(send_notice, "apply_async",
                        lambda args, countdown: handed.append((args, countdown)))
    with transaction.atomic(), outbox.written_together() as written:
        for person in people[:3]:
            outbox.queue_reminder(person, table, **current_turn(table))

    ended = send_notices.apply(args=[[n.pk for n in written]]).get()

    assert ended == {"retrying": 1, "sent": 2}
    assert handed == [((written[0].pk,), RETRY_ALONE_AFTER)]
    assert len(mailoutbox) == 2
    assert Notice.objects.get(pk=written[0].pk).status == Notice.Status.FAILED
