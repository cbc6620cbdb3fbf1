"""`python manage.py sweep_deadlines [--now ISO-8601]`: the deadline sweep, run by hand."""

from __future__ import annotations

from datetime import UTC, datetime

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games import deadlines


def _instant(text: str) -> datetime:
    try:
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise CommandError(f"--now must be an ISO-8601 time, not {text!r}") from None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


class Command(BaseCommand):
    help = ("Send the halfway reminders that are due, apply the expired turns' timeouts and "
            "mark away the real-time seats whose players have gone (what beat runs every few "
            "seconds).")

    def add_arguments(self, parser):
        parser.add_argument("--now", type=_instant, default=None,
                            help="Sweep as if it were this time (ISO-8601; UTC if no offset).")

    def handle(self, *args, now=None, **options):
        now = now or timezone.now()
        counts = deadlines.sweep(now)
        self.stdout.write(
            f"{now.isoformat()}: {counts['reminders']} reminder(s) queued, "
            f"{counts['expired']} turn(s) expired, {counts['failed']} table(s) failed, "
            f"{counts['orders']} standing order(s) acted, {counts['away']} seat(s) away")
