"""Standing orders, in the service's words: a player reads, gives and cancels the orders of
their seat, and the table acts on them when they are due (docs/playing.md, "Standing orders").

What an order does is the rules engine's (`games.rules.orders`); when it acts, `order_times`
decides, in the transaction of each change. Acting is a move like any other: the player's own,
through `play.make_move`, logged `by: "order"`, at the version the orders were due for.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Move as MoveRow
from games.models import Seat, Table
from games.rules.orders import ORDERS, order_move
from games.storage import orders as stored
from games.storage import reads, writes
from games.storage.reads import Game, NoSuchTable

from . import effects, order_times, play
from .errors import Accepted, GameError, no_such_table, not_seated
from .tables import locked

log = logging.getLogger(__name__)

BATCH = 100


def table_for_orders(table_id: int) -> Game:
    """The table with its seats (their orders) and its round (the one they hold for)."""
    try:
        return reads.load(table_id)
    except NoSuchTable:
        raise no_such_table() from None


def orders_of(table_id: int, user) -> dict:
    """`{"orders": [...], "keep": bool}` of the user's seat: the orders that hold now."""
    game = table_for_orders(table_id)
    seat = game.seat_of(user)
    if seat is None:
        raise not_seated()
    return shown(seat, game.state)


def shown(seat: Seat, state) -> dict:
    orders = order_times.in_force(seat, state)
    return {"orders": list(orders), "keep": seat.orders_keep if orders else False}


def give_orders(table_id: int, user, codes: Iterable[str], keep: bool) -> dict:
    """Replace the orders of the user's seat (none: cancel them). They hold for the round
    being played (the first, before the deal), or for good with `keep`. The table's version
    does not move: the orders are the player's alone, and nobody's move goes stale."""
    codes = list(codes)
    unknown = [code for code in codes if code not in ORDERS]
    if unknown:
        raise GameError("invalid", f"{unknown[0]!r} is not a standing order: the orders are "
                                   f"{', '.join(ORDERS)}.", field="orders")
    with transaction.atomic():
        game = locked(table_id)
        seat = game.seat_of(user)
        if seat is None:
            raise not_seated()
        if not order_times.takes_orders(game.table):
            raise GameError("not-turn-by-turn", "Standing orders are for turn-by-turn tables: "
                                                "a real-time turn is over before one would act.")
        if game.table.status == Table.Status.FINISHED or seat.state == Seat.State.LEFT:
            raise GameError("game-not-playing", "This game is over for your seat.")
        seat.orders = [code for code in ORDERS if code in codes]
        seat.orders_keep = bool(keep) and bool(seat.orders)
        seat.orders_round = game.state.round_number if game.state is not None else 1
        writes.write_seats([seat], ["orders", "orders_keep", "orders_round"])
        effects.orders_follow(game)
        return shown(seat, game.state)


def act(table_id: int, version: int, now: datetime) -> bool:
    """The orders due at the table's `version` act, if this caller claims them (exactly one
    does) and the table is still there: the seat's move, made as the player's own. Returns
    whether a move was made."""
    if not stored.claim_orders(table_id, version, now):
        return False
    try:
        game = reads.load(table_id)
    except NoSuchTable:
        return False
    state = game.state
    if game.table.version != version or order_times.due_seat(game) is None:
        return False
    seat = game.seats[state.turn]
    move = order_move(state, seat.number, order_times.in_force(seat, state))
    answer = play.make_move(table_id, seat.user, move, expected_version=version,
                            by=MoveRow.By.ORDER)
    return isinstance(answer, Accepted)


def act_on_due(now: datetime) -> tuple[int, int]:
    """The sweep's pass: every order due at `now` whose task has not acted (lost with its
    worker, or queued late). Returns (acted, failed); a table that fails is logged and left
    (its orders stay claimed: the player plays that turn)."""
    acted = failed = 0
    for table_id, version in stored.due_orders(now, BATCH):
        try:
            acted += act(table_id, version, now)
        except Exception:
            failed += 1
            log.exception("standing orders at table %s failed", table_id)
    return acted, failed


def act_now(table_id: int, version: int) -> bool:
    """The task's pass, at the moment the orders were due."""
    return act(table_id, version, timezone.now())
