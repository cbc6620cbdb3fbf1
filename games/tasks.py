"""Celery tasks of the games app. Each carries the table version it was made for and does
nothing if the game has moved on, so a task delivered twice acts once."""

from celery import shared_task

from . import services


@shared_task(acks_late=True)
def play_bot_turns(table_id: int, version: int) -> int:
    return services.play_bot_turns(table_id, version)
