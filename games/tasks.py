"""Celery tasks of the games app. Each carries the table version it was made for and does
nothing if the game has moved on, so a task delivered twice acts once. The service layer
publishes them by name (`games.service.effects`): nothing imports this module."""

from celery import shared_task
from django.utils import timezone

from games import deadlines
from games.service import orders, play
from wildcards import health


@shared_task(acks_late=True)
def play_bot_turns(table_id: int, version: int) -> int:
    return play.play_bot_turns(table_id, version)


@shared_task(acks_late=True)
def expire_turn(table_id: int, version: int) -> bool:
    """At a real-time turn's deadline (an ETA task): the timeout move, if the table is still at
    `version` and the turn is due. The sweep catches what this misses."""
    return deadlines.expire(table_id, version, timezone.now())


@shared_task(acks_late=True)
def sweep_deadlines() -> dict:
    """Celery beat, every few seconds: reminders, expiries, seats gone away. Its heartbeat is
    what GET /healthz reads to tell that beat and a worker are running."""
    result = deadlines.sweep(timezone.now())
    health.record_heartbeat(health.SWEEP)
    return result


@shared_task
def forget_idempotency_keys() -> int:
    """Celery beat, hourly: the answers to moves sent with an Idempotency-Key over a day ago."""
    return play.forget_answers(timezone.now())


@shared_task(acks_late=True)
def act_on_orders(table_id: int, version: int) -> bool:
    """When a seat's standing orders are due (an ETA task): they act if the table is still at
    `version` and nobody claimed them first. The sweep catches what this misses."""
    return orders.act_now(table_id, version)
