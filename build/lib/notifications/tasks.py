"""Celery tasks that send the outbox's notices. Both are safe to run twice: a row is sent only
by the sender that claims it."""

from __future__ import annotations

import smtplib

from celery import shared_task

from . import outbox


@shared_task(bind=True, acks_late=True, autoretry_for=(smtplib.SMTPException, OSError),
             retry_backoff=True, retry_backoff_max=600, retry_jitter=True, max_retries=8)
def send_notice(self, notice_id: int) -> str:
    """Send one notice. An SMTP error (or a connection that fails) leaves the row 'failed' and
    Celery tries again later, waiting longer each time."""
    return outbox.deliver(notice_id)


@shared_task(acks_late=True)
def send_pending_notices() -> int:
    """The safety net, for Celery beat (every minute): queue again the notices whose task got
    lost or gave up. Returns how many were queued."""
    notice_ids = outbox.unsent()
    for notice_id in notice_ids:
        send_notice.delay(notice_id)
    return len(notice_ids)
