"""A seat's standing orders (`games.rules.orders`), kept on the seat row: a table is loaded
with its seats for every move, so the orders of the seat to play are at hand without a query."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class StandingOrders(models.Model):
    """The fields `Seat` takes on. `orders_due_at` is set while the seat's orders are to act
    on the turn being played at `orders_due_version` of the table: the task (or the sweep) that
    claims it clears it with a conditional update, so that they act once."""

    orders = models.JSONField(default=list, blank=True)  # codes of games.rules.orders.ORDERS
    orders_keep = models.BooleanField(default=False)  # False: they end with their round
    orders_round = models.PositiveSmallIntegerField(null=True, blank=True)  # given for it
    orders_due_at = models.DateTimeField(null=True, blank=True)
    orders_due_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        abstract = True
        indexes = [models.Index(fields=["orders_due_at"], name="seat_orders_due",
                                condition=Q(orders_due_at__isnull=False))]
