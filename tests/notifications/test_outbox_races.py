"""Races on real PostgreSQL: several senders reach the same notice at the same moment (a task
delivered twice, a retry and the sweep, two sweeps). The claim is a conditional update, so
exactly one of them sends it.

Each sender is a thread with its own database connection (closed when the thread ends); a
barrier releases them together. Run against PostgreSQL:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wildcards \
        .venv/bin/python -m pytest tests/notifications/test_outbox_races.py -q
"""

from __future__ import annotations

import time
from collections import Counter

import pytest
from concurrency import at_once
from django.db import connection
from notice_helpers import current_turn

from notifications import outbox, sending
from notifications.models import Notice

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="races need PostgreSQL's row locks (set DATABASE_URL)"),
]

SENDERS = 8
ROUNDS = 5


class SlowBackend:
    """Holds each send for a moment, so the other senders arrive while the row is 'sending'."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages) -> int:
        from django.core import mail

        time.sleep(0.05)
        mail.outbox.extend(messages)
        return len(messages)


def race(notice_id: int) -> Counter:
    """SENDERS senders deliver the notice at once: what each says (or the error it raised)."""
    outcomes = at_once(*[lambda: sending.deliver(notice_id)] * SENDERS)
    return Counter(o if isinstance(o, str) else repr(o) for o in outcomes)


@pytest.mark.parametrize("backend", ["django.core.mail.backends.locmem.EmailBackend",
                                     f"{__name__}.SlowBackend"])
def test_two_senders_of_one_notice_send_it_once(backend, settings, ana, table, mailoutbox):
    settings.EMAIL_BACKEND = backend
    for number in range(ROUNDS):
        notice = Notice.objects.create(  # as queued by a move whose task is then delivered
            kind="reminder", user=ana, table=table, round_number=1,
            dedupe_key=f"reminder:race:{number}",
            context={"round": 1, "deadline": current_turn(table)["deadline_at"].isoformat()},
        )

        outcomes = race(notice.pk)

        assert outcomes == Counter({"sent": 1, "not-claimed": SENDERS - 1})
        notice.refresh_from_db()
        assert notice.status == "sent" and notice.attempts == 1
    assert len(mailoutbox) == ROUNDS


def test_two_moves_queueing_the_same_notice_write_one_row(ana, table, mailoutbox):
    """Two transactions queue the same reminder at once (two sweeps, say): the unique key makes
    the second wait for the first, then find the row and write nothing."""
    from django.db import transaction

    turn = current_turn(table)

    def queue() -> bool:
        with transaction.atomic():
            return outbox.queue_reminder(ana, table, **turn) is not None

    queued = [q if isinstance(q, bool) else repr(q) for q in at_once(*[queue] * SENDERS)]

    assert Counter(queued) == Counter({True: 1, False: SENDERS - 1})
    assert Notice.objects.count() == 1
    assert len(mailoutbox) == 1
