"""The outbox: a notice is written in the move's transaction, sent after it commits (never
before, never for a move that rolled back), once per dedupe key, only to people who want it; a
send that fails is tried again until it goes through; the sweep picks up what got lost."""

from __future__ import annotations

import smtplib
from datetime import timedelta

import pytest
import time_machine
from django.db import transaction
from django.utils import timezone
from notice_helpers import RANKING, FlakyBackend, current_turn, new_turn, people_of

from games.models import Table
from notifications import outbox, sending
from notifications.models import Notice
from notifications.preferences import update_preferences
from notifications.tasks import send_notice, send_pending_notices

pytestmark = pytest.mark.django_db


@pytest.fixture
def flaky_smtp(settings):
    settings.EMAIL_BACKEND = "notice_helpers.FlakyBackend"
    FlakyBackend.failures = FlakyBackend.tries = 0
    return FlakyBackend


def queued_but_not_sent(queue) -> Notice:
    """Queue a notice as a move would, but lose its task (as when the broker is down)."""
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=False):
        notice = queue()
    assert notice is not None
    return notice


# ---------------------------------------------------------------------------- when it is sent
def test_it_sends_after_the_move_commits_and_not_before(ana, table, mailoutbox,
                                                        django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        notice = outbox.queue_your_turn(ana, table, **current_turn(table))
        assert Notice.objects.get().status == "pending"
        assert mailoutbox == []

    assert len(callbacks) == 1
    assert len(mailoutbox) == 1
    notice.refresh_from_db()
    assert notice.status == "sent" and notice.attempts == 1 and notice.sent_at is not None
    assert notice.last_error == ""


def test_a_move_that_rolls_back_sends_nothing_and_leaves_no_row(
        ana, table, mailoutbox, django_capture_on_commit_callbacks):
    with (django_capture_on_commit_callbacks(execute=True) as callbacks,
          pytest.raises(RuntimeError), transaction.atomic()):
        outbox.queue_your_turn(ana, table, **current_turn(table))
        raise RuntimeError("the move failed")

    assert callbacks == []
    assert mailoutbox == []
    assert not Notice.objects.exists()


def test_a_broker_that_is_down_does_not_break_the_move(ana, table, monkeypatch,
                                                       django_capture_on_commit_callbacks):
    def broker_down(*args, **kwargs):
        raise ConnectionRefusedError("no broker")

    monkeypatch.setattr(send_notice, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_your_turn(ana, table, **current_turn(table))

    assert Notice.objects.get().status == "pending"  # the sweep sends it later


def test_a_mail_server_that_is_down_does_not_break_the_move_either(
        ana, table, flaky_smtp, mailoutbox, django_capture_on_commit_callbacks):
    flaky_smtp.failures = 1000  # tasks run in process here, as without Redis

    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_your_turn(ana, table, **current_turn(table))

    notice = Notice.objects.get()
    assert notice.status == "failed" and notice.attempts == send_notice.max_retries + 1
    assert mailoutbox == []


# ---------------------------------------------------------------------------- once
def test_it_sends_one_reminder_per_turn(ana, table, mailoutbox,
                                        django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = outbox.queue_reminder(ana, table, **current_turn(table))
        again = outbox.queue_reminder(ana, table, **current_turn(table))
    with django_capture_on_commit_callbacks(execute=True):
        later = outbox.queue_reminder(ana, table, **current_turn(table))

    assert first is not None and again is None and later is None
    assert Notice.objects.count() == 1
    assert len(mailoutbox) == 1


def test_a_new_turn_gets_its_own_reminder(ana, table, mailoutbox,
                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_reminder(ana, table, **current_turn(table))
    new_turn(table, start=timezone.now() + timedelta(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_reminder(ana, table, **current_turn(table))

    assert Notice.objects.count() == 2
    assert len(mailoutbox) == 2


def test_the_same_dedupe_key_twice_is_one_row_and_one_email(
        ana, table, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_notice("game-over", ana, table, "game-over:once", {"ranking": RANKING})
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.queue_notice("game-over", ana, table, "game-over:once",
                                   {"ranking": RANKING}) is None

    assert Notice.objects.filter(dedupe_key="game-over:once").count() == 1
    assert len(mailoutbox) == 1


def test_a_notice_already_sent_is_not_sent_again(ana, table, mailoutbox,
                                                 django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notice = outbox.queue_your_turn(ana, table, **current_turn(table))

    assert send_notice.apply(args=[notice.pk]).get() == "not-claimed"
    assert sending.deliver(notice.pk) == "not-claimed"
    assert len(mailoutbox) == 1
    notice.refresh_from_db()
    assert notice.attempts == 1


def test_game_over_goes_once_to_every_person_seated_and_never_to_bots(
        ana, ben, table, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert len(outbox.queue_game_over(table, RANKING, people_of(table))) == 2
        assert outbox.queue_game_over(table, RANKING, people_of(table)) == []

    assert sorted(message.to[0] for message in mailoutbox) == ["ana@example.com",
                                                               "ben@example.com"]
    to_ben = next(message for message in mailoutbox if message.to == ["ben@example.com"])
    assert to_ben.subject.endswith("you finished 1st")


# ---------------------------------------------------------------------------- who wants what
@pytest.mark.parametrize("preference, kind", [
    ("reminder_emails", "reminder"), ("turn_emails", "your-turn"),
    ("game_over_emails", "game-over"),
])
def test_a_kind_switched_off_writes_no_row(preference, kind, ana, table, mailoutbox,
                                           django_capture_on_commit_callbacks):
    update_preferences(ana, {preference: False})
    with django_capture_on_commit_callbacks(execute=True):
        notice = outbox.queue_notice(kind, ana, table, f"{kind}:off",
                                     {"ranking": RANKING, "your_seat": 0})

    assert notice is None
    assert not Notice.objects.exists()
    assert mailoutbox == []


def test_a_kind_switched_off_leaves_the_others_on(ana, table, mailoutbox,
                                                 django_capture_on_commit_callbacks):
    update_preferences(ana, {"turn_emails": False})
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.queue_your_turn(ana, table, **current_turn(table)) is None
        assert outbox.queue_reminder(ana, table, **current_turn(table)) is not None

    assert [message.subject.startswith("Your turn at table") for message in mailoutbox] == [True]


def test_unsubscribed_from_all_writes_no_row_of_any_kind(ana, table, mailoutbox,
                                                        django_capture_on_commit_callbacks):
    update_preferences(ana, {"unsubscribed_all": True})
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.queue_your_turn(ana, table, **current_turn(table)) is None
        assert outbox.queue_reminder(ana, table, **current_turn(table)) is None
        assert outbox.queue_game_over(table, RANKING, people_of(table)) != []  # ben still gets his

    assert [message.to for message in mailoutbox] == [["ben@example.com"]]


def test_someone_without_an_email_address_gets_no_row(make_user, make_table, mailoutbox,
                                                     django_capture_on_commit_callbacks):
    nobody = make_user("nobody", email=None)
    table = make_table(nobody)
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.queue_your_turn(nobody, table, **current_turn(table)) is None

    assert not Notice.objects.exists()


def test_real_time_tables_get_no_turn_emails_but_do_get_game_over(
        ana, ben, make_table, mailoutbox, django_capture_on_commit_callbacks):
    table = make_table(ana, [ben], mode=Table.Mode.REALTIME)
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.queue_your_turn(ana, table, **current_turn(table)) is None
        assert outbox.queue_reminder(ana, table, **current_turn(table)) is None
        assert len(outbox.queue_game_over(table, RANKING, people_of(table))) == 2

    assert len(mailoutbox) == 2
    assert all(message.subject.startswith("Game over") for message in mailoutbox)


def test_a_notice_switched_off_after_it_was_queued_is_skipped(ana, table, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    update_preferences(ana, {"reminder_emails": False})

    assert sending.deliver(notice.pk) == "skipped"
    notice.refresh_from_db()
    assert notice.status == "skipped" and "no longer wants" in notice.last_error
    assert mailoutbox == []


def test_a_turn_notice_that_arrives_after_the_turn_is_over_is_skipped(ana, table, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_your_turn(ana, table, **current_turn(table)))
    new_turn(table, start=timezone.now() + timedelta(seconds=1))  # ana has played

    assert sending.deliver(notice.pk) == "skipped"
    notice.refresh_from_db()
    assert notice.status == "skipped" and notice.last_error == "The turn is over."
    assert mailoutbox == []


def test_a_reminder_from_the_last_round_is_skipped_in_the_next(ana, table, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    deadline = current_turn(table)["deadline_at"]
    round_two = new_turn(table, round_number=2)
    round_two.deadline_at = deadline  # even with the same deadline, it is another turn
    round_two.save()

    assert sending.deliver(notice.pk) == "skipped"
    assert mailoutbox == []


# ---------------------------------------------------------------------------- failures
def test_an_smtp_error_leaves_the_notice_failed_with_the_error(ana, table, flaky_smtp,
                                                               mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    flaky_smtp.failures = 1

    with pytest.raises(smtplib.SMTPServerDisconnected):
        sending.deliver(notice.pk)

    notice.refresh_from_db()
    assert notice.status == "failed" and notice.attempts == 1 and notice.sent_at is None
    assert notice.last_error == "SMTPServerDisconnected: Connection unexpectedly closed"
    assert sending.deliver(notice.pk) == "sent"
    notice.refresh_from_db()
    assert notice.status == "sent" and notice.attempts == 2 and notice.last_error == ""
    assert len(mailoutbox) == 1


def test_the_task_retries_smtp_errors_until_the_email_goes(ana, table, flaky_smtp, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    flaky_smtp.failures = 3

    result = send_notice.apply(args=[notice.pk])  # retries run at once when tasks are eager

    assert result.get() == "sent"
    notice.refresh_from_db()
    assert notice.status == "sent" and notice.attempts == 4
    assert flaky_smtp.tries == 4
    assert len(mailoutbox) == 1


def test_the_task_gives_up_after_its_retries_and_the_row_stays_failed(
        ana, table, flaky_smtp, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    flaky_smtp.failures = 1000

    result = send_notice.apply(args=[notice.pk])

    assert isinstance(result.result, smtplib.SMTPServerDisconnected)
    notice.refresh_from_db()
    assert notice.status == "failed"
    assert notice.attempts == send_notice.max_retries + 1
    assert mailoutbox == []


def test_the_task_retries_smtp_and_connection_errors_waiting_longer_each_time():
    assert send_notice.autoretry_for == (smtplib.SMTPException, OSError)
    assert send_notice.retry_backoff is True and send_notice.retry_backoff_max == 600
    assert send_notice.acks_late is True


# ---------------------------------------------------------------------------- the sweep
def test_the_sweep_sends_a_notice_whose_task_got_lost(ana, table, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))

    assert send_pending_notices.apply().get() == 0  # too fresh: its task may still come
    with time_machine.travel(timezone.now() + timedelta(minutes=2)):
        assert send_pending_notices.apply().get() == 1
        assert send_pending_notices.apply().get() == 0

    notice.refresh_from_db()
    assert notice.status == "sent"
    assert len(mailoutbox) == 1


def test_the_sweep_takes_over_a_claim_whose_sender_died(ana, table, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    assert sending.claim(notice.pk) is not None  # ... and the worker is killed before sending

    assert sending.deliver(notice.pk) == "not-claimed"  # someone holds it
    with time_machine.travel(timezone.now() + timedelta(minutes=5)):
        assert send_pending_notices.apply().get() == 0
    with time_machine.travel(timezone.now() + outbox.SENDING_TIMEOUT + timedelta(seconds=1)):
        assert send_pending_notices.apply().get() == 1

    notice.refresh_from_db()
    assert notice.status == "sent" and notice.attempts == 2
    assert len(mailoutbox) == 1


def test_the_sweep_leaves_a_failed_notice_to_its_retries_then_tries_it(ana, table, flaky_smtp,
                                                                     mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    flaky_smtp.failures = 1
    with pytest.raises(smtplib.SMTPException):
        sending.deliver(notice.pk)

    with time_machine.travel(timezone.now() + timedelta(minutes=2)):
        assert send_pending_notices.apply().get() == 0
    with time_machine.travel(timezone.now() + outbox.FAILED_GRACE + timedelta(seconds=1)):
        assert send_pending_notices.apply().get() == 1

    notice.refresh_from_db()
    assert notice.status == "sent"
    assert len(mailoutbox) == 1


def test_a_notice_that_failed_too_often_is_left_alone(ana, table, flaky_smtp, mailoutbox):
    notice = queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    Notice.objects.filter(pk=notice.pk).update(status="failed", attempts=outbox.MAX_ATTEMPTS,
                                               claimed_at=timezone.now() - timedelta(days=1))

    assert outbox.unsent() == []
    assert sending.deliver(notice.pk) == "not-claimed"
    assert mailoutbox == []


def test_the_management_command_sends_what_the_sweep_would(ana, table, mailoutbox):
    from io import StringIO

    from django.core.management import call_command

    queued_but_not_sent(lambda: outbox.queue_reminder(ana, table, **current_turn(table)))
    out = StringIO()
    with time_machine.travel(timezone.now() + timedelta(minutes=2)):
        call_command("send_pending_notices", stdout=out)

    assert out.getvalue().strip() == "1 sent"
    assert len(mailoutbox) == 1


def test_queueing_a_notice_costs_the_move_a_fixed_few_queries(ana, table,
                                                              django_assert_num_queries):
    turn = current_turn(table)
    # The preference, then one INSERT ... ON CONFLICT DO NOTHING: a duplicate key writes
    # nothing and leaves the move's transaction usable, without a savepoint. (The second time,
    # the user carries the preference read the first time: as a move's loaded seats do.)
    with transaction.atomic(), django_assert_num_queries(2):
        assert outbox.queue_your_turn(ana, table, **turn) is not None
    with transaction.atomic():
        with django_assert_num_queries(1):
            assert outbox.queue_your_turn(ana, table, **turn) is None
        assert Notice.objects.filter(user=ana).count() == 1  # and the transaction goes on


def test_a_turn_email_held_back_has_no_task_of_its_own_and_the_sweep_sends_it_once_due(
        ana, table, settings, mailoutbox, django_capture_on_commit_callbacks):
    settings.WILDCARDS_TURN_NOTICE_DELAY = 120
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        notice = outbox.queue_your_turn(ana, table, **current_turn(table))

    assert callbacks == []  # the move's process asks the broker for nothing
    assert send_pending_notices.apply().get() == 0  # not due yet
    with time_machine.travel(notice.due_at + timedelta(seconds=outbox.SWEEP_EVERY), tick=False):
        assert send_pending_notices.apply().get() == 1
        assert send_pending_notices.apply().get() == 0

    notice.refresh_from_db()
    assert notice.status == "sent"
    assert len(mailoutbox) == 1


def test_a_notice_due_within_seconds_still_gets_a_task_of_its_own(
        ana, table, settings, mailoutbox, django_capture_on_commit_callbacks):
    settings.WILDCARDS_TURN_NOTICE_DELAY = int(outbox.ETA_LIMIT.total_seconds())
    with django_capture_on_commit_callbacks(execute=False) as callbacks, transaction.atomic():
        outbox.queue_your_turn(ana, table, **current_turn(table))

    assert len(callbacks) == 1


def test_the_sweep_sends_what_it_found_twenty_notices_to_a_task(ana, table, monkeypatch):
    from notifications import tasks

    for n in range(outbox.SEND_TOGETHER + 5):
        queued_but_not_sent(lambda n=n: outbox.queue_notice(
            Notice.Kind.REMINDER, ana, table, f"reminder:{n}", {"round": 1}))
    batches = []
    monkeypatch.setattr(tasks.send_notices, "apply_async",
                        lambda args, **options: batches.append(args[0]))

    with time_machine.travel(timezone.now() + timedelta(minutes=2)):
        assert send_pending_notices.apply().get() == outbox.SEND_TOGETHER + 5

    assert [len(batch) for batch in batches] == [outbox.SEND_TOGETHER, 5]
    assert sorted(sum(batches, [])) == sorted(Notice.objects.values_list("pk", flat=True))


def test_celery_beat_runs_the_sweep_as_often_as_the_outbox_counts_on():
    from django.conf import settings

    schedule = settings.CELERY_BEAT_SCHEDULE["send-pending-notices"]
    assert schedule["schedule"] == outbox.SWEEP_EVERY
