"""What the clock finds due: reminders, deadlines, seats not seen for a while.

Only the current round of a game being played has a reminder or a deadline set (an ended round
and a finished game clear theirs), so the partial indexes alone find the due rows: no join to
the tables, whose number does not matter.
"""

from __future__ import annotations

from datetime import datetime

from games.models import Round, Seat, Table


def due_reminders(now: datetime, limit: int) -> list[tuple[int, datetime]]:
    """(round id, remind_at) of the reminders due at `now`, the oldest first."""
    return list(Round.objects.filter(remind_at__lte=now).order_by("remind_at")
                .values_list("pk", "remind_at")[:limit])


def due_deadlines(now: datetime, skip: set[int], limit: int) -> list[tuple[int, datetime]]:
    """(table id, deadline_at) of the turns due at `now`, the oldest first, but `skip`'s."""
    return list(Round.objects.filter(deadline_at__lte=now).exclude(table_id__in=skip)
                .order_by("deadline_at").values_list("table_id", "deadline_at")[:limit])


def reminder_round(round_id: int) -> tuple[Round, Seat | None]:
    """A round whose reminder was claimed, with its table, and the seat whose turn it is."""
    round_row = Round.objects.select_related("table").get(pk=round_id)
    seat = (Seat.objects.filter(table_id=round_row.table_id, number=round_row.turn)
            .select_related("user").first())
    return round_row, seat


def tables_with_seats_unseen_since(since: datetime, limit: int) -> list[int]:
    """Real-time tables being played with a person's seat not seen since `since`."""
    return sorted(set(Seat.objects.filter(
        table__mode=Table.Mode.REALTIME, table__status=Table.Status.PLAYING,
        state=Seat.State.PLAYING, user__isnull=False, last_seen_at__lt=since,
    ).values_list("table_id", flat=True)[:limit]))


def turn_is_due(table_id: int, version: int, now: datetime) -> bool:
    """Whether the table is still at `version` with its turn due at `now` (one cheap query
    before taking the lock)."""
    return Table.objects.filter(pk=table_id, version=version,
                                current_round__deadline_at__lte=now).exists()


def try_lock(table_id: int) -> bool:
    """Lock the table row unless another transaction holds it (then False at once, without
    waiting): the sweep leaves a table somebody is changing to them."""
    return Table.objects.select_for_update(skip_locked=True).filter(pk=table_id).exists()
