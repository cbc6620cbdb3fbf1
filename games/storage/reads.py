"""Reading game rows: a table loaded for a change or a view, and the lists around it.

`load` reads a table in two queries (the table, locked alone when asked; then the seats with
their users, email preferences and vacations, the hands and their round), whatever the size of
the hands or the length of the history.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import connections

from games.models import Hand, IdempotentAnswer, Round, Seat, Table, Vacation
from games.rules import GameState
from notifications.models import Preference

from . import sql
from .state import game_state


class NoSuchTable(Exception):
    """The table asked for does not exist (any more)."""


@dataclass
class Game:
    """A table as loaded for one request: rows and, once dealt, the engine's state."""

    table: Table
    seats: list[Seat]
    round: Round | None = None
    hands: list[Hand] | None = None
    state: GameState | None = None
    # The move log entries written through this object (by `writes.save_move`), for the event
    # stream's message after the commit.
    logged: list[dict] = field(default_factory=list)
    # {user id: end of vacation} of the people seated, once read (`vacations.away_until`).
    vacations: dict[int, datetime] | None = None

    def seat_of(self, user) -> Seat | None:
        if user is None or not user.is_authenticated:
            return None
        return next((seat for seat in self.seats if seat.user_id == user.pk), None)

    def seat_numbered(self, number: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.number == number), None)


_TABLE = sql.Columns(Table, "t")
_SEAT = sql.Columns(Seat, "s")
_USER = sql.Columns(get_user_model(), "u")
_ROUND = sql.Columns(Round, "r")
_HAND = sql.Columns(Hand, "h")
_PREFERENCE = sql.Columns(Preference, "p")
# The reverse one-to-one user -> preference: a loaded seat's user carries its preference row
# (or that it has none), so "does the next player want an email" needs no query.
_PREFERENCE_OF_USER = Preference.user.field.remote_field
# Likewise its vacation row (or that it has none): who is on vacation needs no query either.
_VACATION = sql.Columns(Vacation, "v")
VACATION_OF_USER = Vacation.user.field.remote_field


# A table read while moves are saved is read again, at most this many times in all (then it is
# shown as read: a later read catches up).
READS_OF_A_MOVING_TABLE = 3


def load(table_id: int, *, lock: bool = False, unless_version: int | None = None) -> Game:
    """The table, its seats and its current round: two statements, sent in one round trip where
    the database takes them together. With `lock`, the table row stays locked until the
    transaction ends: every writer takes this lock first, so changes to a table are
    serialized. The round is left out when the table is at `unless_version` (the caller has
    it: "unchanged")."""
    if not sql.prepared():
        table = load_table(table_id, lock=lock)
        return load_game(table, with_round=table.version != unless_version)
    locking = lock and connections[sql.DB].features.has_select_for_update
    tables, rows = sql.fetch_all([
        (f"SELECT {_TABLE.sql} FROM {sql.table(Table)} t WHERE t.id = %s"
         f"{' FOR UPDATE' if locking else ''}", [table_id]),
        # A statement of its own, after the lock (see `load_table`): it sees the winner's commit.
        (_seats_sql(with_round=True, tables="%s", unless_version=True),
         [unless_version, table_id])])
    if not tables:
        raise NoSuchTable(table_id)
    table = _TABLE.build(tables[0])
    if rows and rows[0][-1] != table.version:  # a move saved between the two: read it anew
        table = load_table(table_id, lock=lock)
        return load_game(table, with_round=table.version != unless_version)
    return _game(table, *_seat_objects(rows, with_round=True))


def load_table(table_id: int, *, lock: bool = False) -> Table:
    """The table row alone (one query); NoSuchTable if there is none."""
    # The locking query reads the table alone: after waiting for the lock, PostgreSQL reads
    # the locked row again as the winner left it (a joined row would come back as it was
    # before). The seats and the round come from a later statement, which sees the winner's
    # commit.
    if not sql.prepared():
        tables = Table.objects.select_for_update() if lock else Table.objects.all()
        try:
            return tables.get(pk=table_id)
        except Table.DoesNotExist:
            raise NoSuchTable(table_id) from None
    locking = lock and connections[sql.DB].features.has_select_for_update
    rows = sql.fetch(
        f"SELECT {_TABLE.sql} FROM {sql.table(Table)} t WHERE t.id = %s"
        f"{' FOR UPDATE' if locking else ''}", [table_id])
    if not rows:
        raise NoSuchTable(table_id)
    return _TABLE.build(rows[0])


def load_game(table: Table, *, with_round: bool = True) -> Game:
    """The seats of `table` with their users and, unless `with_round` is off or nothing is
    dealt yet, the current round, its hands and the engine's state.

    The table row was read by an earlier statement: a move saved in between would leave its
    version (which a move sent back must name) older than the round read now. So the version is
    read again with the seats and the round, and everything is read anew if it moved on."""
    for _ in range(READS_OF_A_MOVING_TABLE):
        round_id = table.current_round_id if with_round else None
        if sql.prepared():
            seats, hands, round_row, version = _seats_and_round(table, round_id)
        else:
            seats = list(Seat.objects.filter(table_id=table.pk).order_by("number")
                         .select_related("user", "user__notification_preference", "user__vacation"))
            hands = (list(Hand.objects.filter(round_id=round_id).select_related("round")
                          .order_by("seat")) if round_id is not None else [])
            round_row = hands[0].round if hands else None
            for hand in hands:  # one round object, as the prepared path gives
                Hand.round.field.set_cached_value(hand, round_row)
            version = (Table.objects.filter(pk=table.pk).values_list("version", flat=True)
                       .first() if round_id is not None else table.version)
        if version in (table.version, None):  # (None: the table is gone meanwhile)
            break
        table = load_table(table.pk)
    return _game(table, seats, hands, round_row)


def load_many(table_ids: Sequence[int]) -> list[Game]:
    """The tables (in id order; those gone left out) with their seats and current rounds, in two
    queries however many: the sweep's, whose transaction has locked them already, so that
    nothing can move between the two."""
    if not table_ids:
        return []
    if not sql.prepared():
        return [load_game(table) for table in Table.objects.filter(pk__in=table_ids)
                .order_by("pk")]
    marks = ", ".join(["%s"] * len(table_ids))
    tables = [_TABLE.build(row) for row in sql.fetch(
        f"SELECT {_TABLE.sql} FROM {sql.table(Table)} t WHERE t.id IN ({marks}) "
        f"ORDER BY t.id", list(table_ids))]
    rows: dict[int, list[tuple]] = {table.pk: [] for table in tables}
    for row in sql.fetch(_seats_sql(with_round=True, tables=marks), table_ids):
        rows[row[_SEAT_TABLE_ID]].append(row)
    return [_game(table, *_seat_objects(rows[table.pk], with_round=True))
            for table in tables]


def _game(table: Table, seats: list[Seat], hands: list[Hand], round_row: Round | None) -> Game:
    for seat in seats:
        Seat.table.field.set_cached_value(seat, table)
    game = Game(table, seats)
    if round_row is not None:
        table.current_round = round_row
        game.round, game.hands = round_row, hands
        game.state = game_state(table, seats, round_row, hands)
    return game


_SEAT_TABLE_ID = _SEAT.attnames.index("table_id")


@functools.cache  # built once for each shape: every read of a table asks for it
def _seats_sql(*, with_round: bool, tables: str = "", unless_version: bool = False) -> str:
    """One row per seat, its user, the user's preference and vacation and, `with_round`, the
    seat's hand and the round; then the table's version as the statement sees it. Of one table
    (its id last; with the round, the round's id first), or of `tables`' placeholders with their
    current rounds (`unless_version`: not when the table is at the version given first)."""
    columns = f"{_SEAT.sql}, {_USER.sql}, {_PREFERENCE.sql}, {_VACATION.sql}"
    joins = (f"LEFT OUTER JOIN {sql.table(Preference)} p ON p.user_id = s.user_id "
             f"LEFT OUTER JOIN {sql.table(Vacation)} v ON v.user_id = s.user_id ")
    if with_round:
        which = "t.current_round_id" if tables else "%s"
        if unless_version:
            which += " AND t.version IS DISTINCT FROM %s"
        columns += f", {_HAND.sql}, {_ROUND.sql}"
        joins += (f"LEFT OUTER JOIN {sql.table(Hand)} h ON h.round_id = {which} "
                  f"AND h.seat = s.number "
                  f"LEFT OUTER JOIN {sql.table(Round)} r ON r.id = h.round_id ")
    which = (f"s.table_id IN ({tables}) ORDER BY s.table_id, s.number" if tables
             else "s.table_id = %s ORDER BY s.number")
    return (f"SELECT {columns}, t.version FROM {sql.table(Seat)} s "
            f"JOIN {sql.table(Table)} t ON t.id = s.table_id "
            f"LEFT OUTER JOIN {sql.table(_USER.model)} u ON u.id = s.user_id {joins}"
            f"WHERE {which}")


def _seats_and_round(table: Table, round_id: int | None):
    """One query: the table's seats, users, preferences and, when `round_id` is given, the
    hands and the round (`_seats_sql`), and the table's version as this statement sees it
    (None without seats)."""
    rows = sql.fetch(_seats_sql(with_round=round_id is not None),
                     [table.pk] if round_id is None else [round_id, table.pk])
    return (*_seat_objects(rows, with_round=round_id is not None),
            rows[0][-1] if rows else None)


def _seat_objects(rows: list[tuple], *, with_round: bool):
    """The seats (their users carrying their preferences), the hands and the round (read from
    the first row) of one table's rows of `_seats_sql`."""
    seats, hands, round_row = [], [], None
    at_vacation = _SEAT.width + _USER.width + _PREFERENCE.width
    at_hand = at_vacation + _VACATION.width
    for row in rows:
        seat = _SEAT.build(row)
        user = _USER.build_or_none(row, _SEAT.width)
        if user is not None:
            _PREFERENCE_OF_USER.set_cached_value(
                user, _PREFERENCE.build_or_none(row, _SEAT.width + _USER.width))
            VACATION_OF_USER.set_cached_value(user, _VACATION.build_or_none(row, at_vacation))
        Seat.user.field.set_cached_value(seat, user)
        seats.append(seat)
        if with_round and row[at_hand] is not None:
            hand = _HAND.build(row, at_hand)
            if round_row is None:
                round_row = _ROUND.build(row, at_hand + _HAND.width)
            Hand.round.field.set_cached_value(hand, round_row)
            hands.append(hand)
    return seats, hands, round_row


def table_with_seats(table_id: int) -> Game:
    """A table and its seats, without the round."""
    return load_game(load_table(table_id), with_round=False)


def seats_of(user) -> list[Seat]:
    """The user's seats with their tables and current rounds, the tables changed last first."""
    return list(Seat.objects.filter(user=user)
                .select_related("table", "table__current_round")
                .order_by("-table__updated_at"))


def presence_of(table_id: int, user) -> tuple[str, datetime | None, str] | None:
    """(seat state, last seen, table mode) of the user's seat at the table, or None."""
    return (Seat.objects.filter(table_id=table_id, user=user)
            .values_list("state", "last_seen_at", "table__mode").first())


def table_version(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()


def table_exists(table_id: int) -> bool:
    return Table.objects.filter(pk=table_id).exists()


def remembered_answer(table: Table, seat: int, key: str) -> IdempotentAnswer | None:
    return IdempotentAnswer.objects.filter(table=table, seat=seat, key=key).first()
