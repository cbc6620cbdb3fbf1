"""Vacations and pauses in the database (issue 27): who is away until when, the rows the
service changes, and the turn's deadline moved for them. The table is locked by the caller
(`tables.locked`) for every write of a table or its round."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction

from games.models import Round, Seat, Table, Vacation

from .reads import VACATION_OF_USER, Game


def away_until(game: Game, now: datetime) -> dict[int, datetime]:
    """{user id: end of vacation} of the people seated at `game` who are on vacation at `now`:
    read with the seats (`reads.load`), so no query; a seat's user loaded otherwise costs one."""
    if game.vacations is None:
        game.vacations = {}
        for seat in game.seats:
            if seat.user_id is None:
                continue
            row = vacation_of_seat(seat)
            if row is not None and row.until is not None and row.started_at is not None \
                    and row.started_at <= now < row.until:
                game.vacations[seat.user_id] = row.until
    return game.vacations


def vacation_of_seat(seat: Seat) -> Vacation | None:
    user = seat.user
    if not VACATION_OF_USER.is_cached(user):
        VACATION_OF_USER.set_cached_value(user, vacation_row(user, lock=False))
    return VACATION_OF_USER.get_cached_value(user)


def remember(seat: Seat, row: Vacation) -> None:
    """The seat's user's row as changed now, for what this transaction reads next."""
    VACATION_OF_USER.set_cached_value(seat.user, row)


def vacation_row(user, *, lock: bool) -> Vacation | None:
    rows = Vacation.objects.select_for_update() if lock else Vacation.objects.all()
    return rows.filter(user_id=user.pk).first()


def locked_vacation_row(user) -> Vacation:
    """The user's row, locked until the transaction ends; made (with nothing banked, nothing
    counted) the first time."""
    row = vacation_row(user, lock=True)
    if row is not None:
        return row
    try:
        with transaction.atomic():  # a savepoint: another request may make it first
            Vacation.objects.create(user=user)
    except IntegrityError:
        pass
    return vacation_row(user, lock=True)


def save_vacation(row: Vacation) -> None:
    row.save(update_fields=["banked", "months_counted", "started_at", "until"])


def vacation_tables(user) -> list[int]:
    """The tables being played turn by turn where the user still has a seat, by id (the order
    in which a change of their vacation locks them). Whether each allows vacation is read
    under its lock."""
    return sorted(Seat.objects.filter(
        user_id=user.pk, table__status=Table.Status.PLAYING, table__mode=Table.Mode.TURN,
    ).exclude(state=Seat.State.LEFT).values_list("table_id", flat=True).distinct())


def move_deadline(game: Game, deadline_at: datetime | None, remind_at: datetime | None) -> None:
    """The current turn's deadline and reminder, moved (or cleared: a paused table)."""
    round_row = game.round
    round_row.deadline_at, round_row.remind_at = deadline_at, remind_at
    Round.objects.filter(pk=round_row.pk).update(deadline_at=deadline_at, remind_at=remind_at)


def lapsed(now: datetime, limit: int) -> list[Vacation]:
    """The vacations whose end has come by `now` and are not settled yet, with their users
    (the partial index holds only the rows with an end)."""
    return list(Vacation.objects.filter(until__lte=now).select_related("user")
                .order_by("until")[:limit])
