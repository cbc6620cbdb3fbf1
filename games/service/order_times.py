"""When standing orders act: after every change of a table (in its transaction, the table
locked), the seat to play has its orders due if they make its move now, and no other seat has.

An order waits `WILDCARDS_ORDER_DELAY` seconds while the others may still act on the last move
(jump in on the top card, catch a player who did not call: `games.rules.orders.window_open`),
else it is due at once. Due means `orders_due_at` and `orders_due_version` on the seat: the task
queued for that moment (`effects.orders_follow`) and the sweep claim them with a conditional
update and act through the service's move (`orders.act`).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from games.models import Seat, Table
from games.rules.orders import order_move, orders_in_force, window_open
from games.rules.state import PLAYING, GameState
from games.storage import writes
from games.storage.reads import Game

DUE_FIELDS = ["orders_due_at", "orders_due_version"]


def in_force(seat: Seat, state: GameState | None) -> tuple[str, ...]:
    """The seat's orders that hold now (those not kept end with the round they were given for)."""
    return orders_in_force(seat.orders, seat.orders_keep, seat.orders_round, state)


def takes_orders(table: Table) -> bool:
    """Orders are for games over days: a real-time turn is over before an order would wait."""
    return table.mode == Table.Mode.TURN


def due_seat(game: Game) -> Seat | None:
    """The seat whose orders make its move now, if any: the seat to play, a person's that its
    player plays (not a bot's, nor one a bot plays for)."""
    state, table = game.state, game.table
    if (state is None or state.status != PLAYING or table.status != Table.Status.PLAYING
            or not takes_orders(table) or table.paused):
        return None
    seat = game.seats[state.turn]
    if seat.user_id is None or seat.state != Seat.State.PLAYING:
        return None
    orders = in_force(seat, state)
    return seat if orders and order_move(state, seat.number, orders) is not None else None


def schedule(game: Game, now: datetime) -> datetime | None:
    """Set the orders due on the table as it is now (the caller holds its lock): returns when
    they act, or None. A seat already due at this version keeps its moment."""
    seat = due_seat(game)
    version = game.table.version
    due = None
    if seat is not None:
        if seat.orders_due_version == version and seat.orders_due_at is not None:
            due = seat.orders_due_at
        else:
            wait = settings.WILDCARDS_ORDER_DELAY if window_open(game.state) else 0
            due = now + timedelta(seconds=wait)
    changed = []
    for each in game.seats:
        wanted = (due, version) if each is seat else (None, None)
        if (each.orders_due_at, each.orders_due_version) != wanted:
            each.orders_due_at, each.orders_due_version = wanted
            changed.append(each)
    writes.write_seats(changed, DUE_FIELDS)
    return due
