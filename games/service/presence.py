"""Who is at a table. Any request of a seated player (a page view, a state read, the move log,
a move, an open event stream's heartbeat) counts, at every table: turn by turn it holds back
the emails of a player who is there (`notice`); at a real-time table a seat without one for two
minutes is `away` and a bot plays for it until its player is seen again."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from games.models import Seat, Table
from games.storage import reads, sightings, writes
from games.storage.reads import Game

from . import effects
from .clock import AWAY_AFTER, PRESENCE_EVERY
from .errors import no_such_table, not_seated
from .tables import locked

if TYPE_CHECKING:
    from games.storage.sql import Batch


def heartbeat(table_id: int, user) -> None:
    """A quiet client says it is still there."""
    row = reads.presence_of(table_id, user)
    if row is None:
        if not reads.table_exists(table_id):
            raise no_such_table()
        raise not_seated()
    state, last_seen_at, _ = row
    seen(table_id, user, state, last_seen_at)


def _stale(last_seen_at: datetime | None, now: datetime) -> bool:
    return last_seen_at is None or last_seen_at < now - PRESENCE_EVERY


def seen(table_id: int, user, state: str, last_seen_at: datetime | None,
         now: datetime | None = None) -> bool:
    """The player of a seat was just seen: write it (at most every few seconds, one
    conditional UPDATE) and give an `away` seat back. Returns whether the seat came back."""
    now = now or timezone.now()
    if state == Seat.State.AWAY:
        return _come_back(table_id, user.pk, now)
    if _stale(last_seen_at, now):
        writes.see_seat(table_id, user, now, now - PRESENCE_EVERY)
    return False


def streams_open(players: Iterable[tuple[int, int]]) -> int:
    """The players (table id, user id) whose event streams are open are at their tables: a web
    process reports all of its streams' players at once, every few seconds (one read and one
    conditional UPDATE however many), not one query per stream. An `away` seat comes back.
    Returns how many seats were written."""
    now = timezone.now()
    seats = sightings.seats_of_players(players)
    for table_id, user_id in [(s.table_id, s.user_id) for s in seats
                              if s.state == Seat.State.AWAY]:
        _come_back(table_id, user_id, now)
    stale = [s.pk for s in seats if s.state != Seat.State.AWAY and _stale(s.last_seen_at, now)]
    return sightings.see_seats(stale, now, now - PRESENCE_EVERY)


def _come_back(table_id: int, user_id: int, now: datetime) -> bool:
    with transaction.atomic():
        game = locked(table_id)
        seat = next((s for s in game.seats if s.user_id == user_id), None)
        if seat is None or seat.state != Seat.State.AWAY:
            return False
        seat.state, seat.last_seen_at = Seat.State.PLAYING, now
        writes.write_seats([seat], ["state", "last_seen_at"])
        writes.bump(game)
        effects.next_turn_follows(game)
    return True


def seen_moving(game: Game, seat: Seat, now: datetime, batch: Batch) -> None:
    """Presence on a move (the table is locked): an away seat is the player's again at once,
    without a new version (that would make the move itself stale). The time seen goes with the
    move's writes (`batch`: one round trip less a move); a seat back from away is written now,
    before anything of the move reads or writes its state."""
    if seat.state == Seat.State.AWAY:
        seat.state, seat.last_seen_at = Seat.State.PLAYING, now
        writes.write_seats([seat], ["state", "last_seen_at"])
    elif _stale(seat.last_seen_at, now):
        seat.last_seen_at = now
        writes.write_seats([seat], ["last_seen_at"], batch)


def mark_away(table_id: int, now: datetime) -> int:
    """Seats of a real-time table whose players have not been seen for two minutes get a bot
    until they return. Returns how many seats went away."""
    with transaction.atomic():
        game = locked(table_id)
        if game.table.mode != Table.Mode.REALTIME or game.table.status != Table.Status.PLAYING:
            return 0
        gone = [seat for seat in game.seats
                if seat.user_id is not None and seat.state == Seat.State.PLAYING
                and seat.last_seen_at is not None and seat.last_seen_at < now - AWAY_AFTER]
        for seat in gone:
            seat.state = Seat.State.AWAY
        if gone:
            writes.write_seats(gone, ["state"])
            game.table.rated = False  # a bot plays for them now: never rated
            writes.bump(game, "rated")
            effects.next_turn_follows(game)
        return len(gone)
