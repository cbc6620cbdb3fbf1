"""Celery tasks that send the outbox's notices. Both are safe to run twice: a row is sent only
by the sender that claims it."""

from __future__ import annotations

import smtplib
from collections import Counter

from celery import shared_task

from . import outbox, sending

RETRYING = "retrying"
RETRY_ALONE_AFTER = 60  # seconds before a notice of `send_notices` that failed is tried again


@shared_task(bind=True, acks_late=True, autoretry_for=(smtplib.SMTPException, OSError),
             retry_backoff=True, retry_backoff_max=600, retry_jitter=True, max_retries=8)
def send_notice(self, notice_id: int) -> str:
    """Send one notice. An SMTP error (or a connection that fails) leaves the row 'failed' and
    Celery tries again later, waiting longer each time."""
    return sending.deliver(notice_id)


@shared_task(acks_late=True)
def send_pending_notices() -> int:
    """The sweep, for Celery beat (every `outbox.SWEEP_EVERY` seconds): queue the notices due
    long after they were written (a "your turn" held back) and, as a safety net, those whose
    task got lost or gave up, `outbox.SEND_TOGETHER` to a task. Returns how many were queued."""
    notice_ids = outbox.unsent()
    with send_notices.app.producer_or_acquire() as producer:
        for start in range(0, len(notice_ids), outbox.SEND_TOGETHER):
            send_notices.apply_async((notice_ids[start:start + outbox.SEND_TOGETHER],),
                                     producer=producer)
    return len(notice_ids)


@shared_task(acks_late=True)
def queue_digests() -> int:
    """For Celery beat (every ten minutes): the daily digests whose time has come."""
    return outbox.queue_digests()


@shared_task(acks_late=True)
def send_notices(notice_ids: list[int]) -> dict:
    """Notices queued together (`outbox.written_together`: the deadline sweep's), each sent as
    `send_notice` sends one. One that fails to send is handed to `send_notice`, whose retries
    wait longer each time; the others go on. Returns how many ended how."""
    ended: Counter = Counter()
    for notice_id in notice_ids:
        try:
            ended[sending.deliver(notice_id)] += 1
        except (smtplib.SMTPException, OSError):
            send_notice.apply_async((notice_id,), countdown=RETRY_ALONE_AFTER)
            ended[RETRYING] += 1
    return dict(ended)
