"""Who was seen at which table, read and written for many players at once: the open event
streams of a web process report their players together (`games.service.presence`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db.models import Q

from games.models import Seat

AT_ONCE = 1000  # pairs or seats a statement names: well within any driver's limit


def seats_of_players(players: Iterable[tuple[int, int]]) -> list[Seat]:
    """The seats (id, table, user, state, last seen) that these (table id, user id) pairs
    hold: a query per thousand pairs."""
    wanted = sorted(set(players))
    found: list[Seat] = []
    for start in range(0, len(wanted), AT_ONCE):
        chunk = wanted[start:start + AT_ONCE]
        pairs = set(chunk)
        rows = Seat.objects.filter(
            table_id__in={t for t, _ in chunk}, user_id__in={u for _, u in chunk},
        ).only("id", "table_id", "user_id", "state", "last_seen_at")
        found += [seat for seat in rows if (seat.table_id, seat.user_id) in pairs]
    return found


def see_seats(seat_ids: list[int], now: datetime, seen_before: datetime) -> int:
    """The seats' players seen at `now`, for those last seen before `seen_before`: one
    conditional UPDATE per thousand seats, no lock. Returns how many were written."""
    written = 0
    for start in range(0, len(seat_ids), AT_ONCE):
        written += Seat.objects.filter(
            Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=seen_before),
            pk__in=seat_ids[start:start + AT_ONCE],
        ).update(last_seen_at=now)
    return written
