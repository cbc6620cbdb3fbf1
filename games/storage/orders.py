"""The standing orders' clock in the database: which tables have orders due, and the claim
that lets exactly one task or sweep act on them. (A seat's orders are written with the seat:
`writes.write_seats` and ORDER_FIELDS.)"""

from __future__ import annotations

from datetime import datetime

from games.models import Seat


def due_orders(now: datetime, limit: int) -> list[tuple[int, int]]:
    """(table id, version) of the orders due at `now`, the oldest first (the partial index
    holds only the seats with orders due)."""
    return list(Seat.objects.filter(orders_due_at__lte=now).order_by("orders_due_at")
                .values_list("table_id", "orders_due_version")[:limit])


def claim_orders(table_id: int, version: int, now: datetime) -> bool:
    """Take the orders due at the table's `version` for acting: True for exactly one claimer,
    and only while they are still due for that version (a move since then set them anew, or
    cleared them). One conditional UPDATE, outside the table's lock."""
    return Seat.objects.filter(
        table_id=table_id, orders_due_version=version, orders_due_at__lte=now,
    ).update(orders_due_at=None, orders_due_version=None) == 1
