"""Helpers of the notification tests."""

from __future__ import annotations

import smtplib
from datetime import timedelta

from django.utils import timezone

from games.models import Round, Seat, Table


def new_turn(table: Table, *, round_number: int = 1, start=None) -> Round:
    """Begin a new turn at the table (in round `round_number`): a new deadline, a new reminder
    time, as the service layer sets them."""
    start = start or timezone.now()
    length = timedelta(hours=table.settings.turn_hours) if table.mode == Table.Mode.TURN \
        else timedelta(seconds=30)
    round_row, _ = Round.objects.get_or_create(
        table=table, number=round_number, defaults={"dealer": 0, "turn": 0})
    round_row.deadline_at = start + length
    round_row.remind_at = start + length / 2 if table.mode == Table.Mode.TURN else None
    round_row.save()
    table.current_round = round_row
    table.version += 1
    table.save(update_fields=["current_round", "version"])
    return round_row


def current_turn(table: Table) -> dict:
    """The arguments that name the table's current turn, for the queue_* functions."""
    round_row = Round.objects.get(pk=table.current_round_id)
    return {"round_number": round_row.number, "deadline_at": round_row.deadline_at}


RANKING = [
    {"seat": 1, "name": "ben", "rank": 1, "score": 143, "left": False},
    {"seat": 0, "name": "ana", "rank": 2, "score": 0, "left": False},
    {"seat": 2, "name": "Normal bot 2", "rank": 3, "score": 0, "left": False},
]


def people_of(table: Table) -> list[tuple]:
    """(user, seat number) of the persons seated, as the service passes them for game over."""
    return [(seat.user, seat.number)
            for seat in Seat.objects.filter(table=table, user__isnull=False)
            .select_related("user").order_by("number")]


class FlakyBackend:
    """An email backend whose next `failures` sends fail the way a dropped SMTP connection
    does; the sends after that land in Django's test outbox like the locmem backend's."""

    failures = 0
    tries = 0

    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages) -> int:
        from django.core import mail

        FlakyBackend.tries += 1
        if FlakyBackend.failures > 0:
            FlakyBackend.failures -= 1
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        mail.outbox.extend(messages)
        return len(messages)
