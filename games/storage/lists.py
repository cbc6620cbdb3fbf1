"""The lists a caller pages through (the API's `/api/tables` and `/api/games`, the home page):
unread querysets in an order that is a unique key, the seats of a page's tables, and the
finished games the home page ranks."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from django.db.models import Case, Count, DateTimeField, F, Q, QuerySet, Value, When

from games.models import Hand, Seat, Table

from .reads import Game
from .state import game_state

TABLES_ORDER = ("-created_at", "-id")  # newest first; unique, for the API's cursor


def tables_by_status(wanted: str) -> QuerySet[Table]:
    """`open`: waiting tables with a free seat; or tables by status. Newest first."""
    tables = Table.objects.filter(
        status=Table.Status.WAITING if wanted == "open" else wanted
    ).order_by(*TABLES_ORDER)
    if wanted == "open":
        tables = tables.annotate(taken=Count("seats")).filter(taken__lt=F("players"))
    return tables


def with_seats(tables: Iterable[Table]) -> list[Game]:
    """The tables with their seats: one query for the seats of them all."""
    tables = list(tables)
    seats: dict[int, list[Seat]] = {table.pk: [] for table in tables}
    for seat in Seat.objects.filter(table__in=tables).select_related("user").order_by("number"):
        seats[seat.table_id].append(seat)
    return [Game(table, seats[table.pk]) for table in tables]


# "My games": waiting on the user first, the soonest deadline first, then playing, waiting and
# finished tables, the table changed last first; the seat's id makes the key unique (the API's
# cursor pages on the whole key). No key is null: no deadline sorts last.
MY_GAMES_ORDER = ("waits", "due", "stage", "-changed", "-id")
_NO_DEADLINE = datetime(9999, 1, 1, tzinfo=UTC)


def seats_by_urgency(user) -> QuerySet[Seat]:
    """The user's seats with their tables and current rounds, in MY_GAMES_ORDER."""
    playing = Q(table__status=Table.Status.PLAYING, table__current_round__isnull=False)
    return (Seat.objects.filter(user=user)
            .select_related("table", "table__current_round")
            .annotate(
                waits=Case(When(playing & Q(table__current_round__turn=F("number"))
                                & ~Q(state=Seat.State.LEFT), then=Value(0)), default=Value(1)),
                due=Case(When(playing & Q(table__current_round__deadline_at__isnull=False),
                              then=F("table__current_round__deadline_at")),
                         default=Value(_NO_DEADLINE), output_field=DateTimeField()),
                stage=Case(When(table__status=Table.Status.PLAYING, then=Value(1)),
                           When(table__status=Table.Status.WAITING, then=Value(2)),
                           default=Value(3)),
                changed=F("table__updated_at"))
            .order_by(*MY_GAMES_ORDER))


def turns_waiting_on(user) -> list[tuple[int, datetime]]:
    """(table id, deadline) of the turn-by-turn tables where it is the user's turn, the most
    urgent first."""
    return list(Seat.objects.filter(
        user=user, state=Seat.State.PLAYING, table__status=Table.Status.PLAYING,
        table__mode=Table.Mode.TURN, table__current_round__turn=F("number"),
        table__current_round__deadline_at__isnull=False,
    ).order_by("table__current_round__deadline_at")
        .values_list("table_id", "table__current_round__deadline_at"))


def finished_games(table_ids: list[int]) -> list[Game]:
    """Finished tables with their seats and last round, the engine's state of each built: three
    queries however many (the home page ranks up to twenty)."""
    tables = list(Table.objects.filter(pk__in=table_ids, status=Table.Status.FINISHED)
                  .select_related("current_round"))
    seats: dict[int, list[Seat]] = {table.pk: [] for table in tables}
    for seat in (Seat.objects.filter(table__in=tables).select_related("user")
                 .order_by("number")):
        seats[seat.table_id].append(seat)
    hands: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(round__table__in=tables).order_by("seat"):
        hands.setdefault(hand.round_id, []).append(hand)
    games = []
    for table in tables:
        game = Game(table, seats[table.pk])
        game.round = table.current_round
        if game.round is not None:
            game.hands = hands.get(game.round.pk, [])
            game.state = game_state(table, game.seats, game.round, game.hands)
        games.append(game)
    return games
