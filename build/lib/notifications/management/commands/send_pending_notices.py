"""`python manage.py send_pending_notices`: the outbox's safety net, run by hand or by cron
where Celery beat does not run it. Sends in this process, one notice after another."""

from django.core.management.base import BaseCommand

from notifications import outbox


class Command(BaseCommand):
    help = "Send the notices whose task got lost or gave up (pending, failed or stuck rows)."

    def handle(self, *args, **options):
        counts: dict[str, int] = {}
        for notice_id in outbox.unsent():
            try:
                outcome = outbox.deliver(notice_id)
            except Exception:  # marked failed with its error; the others still go
                outcome = "failed"
            counts[outcome] = counts.get(outcome, 0) + 1
        summary = ", ".join(f"{count} {outcome}" for outcome, count in sorted(counts.items()))
        self.stdout.write(summary or "Nothing to send.")
