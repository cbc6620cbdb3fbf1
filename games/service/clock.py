"""When turns run out: the deadline of every new turn, and the real-time presence windows."""

from __future__ import annotations

from datetime import datetime, timedelta

from games.models import Table
from games.rules import Applied, GameState, Move
from games.rules.moves import DRAW, PASS, PLAY, TAKE
from games.rules.state import NONE, PLAYING
from games.storage.reads import Game
from games.storage.vacations import away_until
from notifications.preferences import quiet_of

MOVE_TIMER_SECONDS = {"relaxed": 45, "normal": 30, "fast": 15}
AWAY_AFTER = timedelta(minutes=2)  # a real-time seat without presence this long is `away`
PRESENCE_EVERY = timedelta(seconds=10)  # last_seen_at is written at most this often
TIMEOUTS_TO_BOT = 3  # real time: the third timeout hands the seat to a bot
# A bot's turn is due this long after its delay: its task should have played it by then. If the
# worker running it died (its task then waits in the broker for an hour), the sweep plays it.
BOT_GRACE = timedelta(seconds=5)

Deadline = tuple[datetime | None, datetime | None]  # (deadline_at, remind_at)


def turn_deadline(table: Table, start: datetime) -> Deadline:
    """When a turn that starts at `start` runs out, and when its halfway reminder is due
    (turn-by-turn tables only: a real-time turn is too short for one)."""
    if table.mode == Table.Mode.REALTIME:
        return start + timedelta(seconds=MOVE_TIMER_SECONDS[table.settings.move_timer]), None
    length = timedelta(hours=table.settings.turn_hours)
    return start + length, start + length / 2


def bot_deadline(start: datetime, delay: timedelta) -> Deadline:
    """A bot's turn that starts at `start`: due once its task should have played it."""
    return start + delay + BOT_GRACE, None


def allows_vacation(table: Table) -> bool:
    """Vacation and pause are the host's choice, at turn-by-turn tables only."""
    return table.mode == Table.Mode.TURN and table.settings.vacation


def deadline_for(game: Game, seat: int, start: datetime, delay: timedelta) -> Deadline:
    """The deadline of `seat`'s turn starting at `start`: a bot's or a person's; none at a
    paused table. A person on vacation at a table that allows it has the whole turn from the
    end of the vacation."""
    person = game.seats[seat]
    if game.table.paused:
        return None, None
    if person.played_by_bot:
        return bot_deadline(start, delay)
    if allows_vacation(game.table) and person.user_id is not None:
        start = max(start, away_until(game, start).get(person.user_id, start))
    deadline, halfway = turn_deadline(game.table, start)
    if halfway is None or person.user_id is None:
        return deadline, halfway
    # Not in the player's quiet hours, if they chose some (notifications.quiet_hours).
    return deadline, quiet_of(person.user).reminder_at(start, halfway, deadline)


def next_deadline(game: Game, before: GameState, move: Move, result: Applied,
                  now: datetime, delay: timedelta) -> Deadline:
    """A new turn gets a new deadline; a move that leaves the same turn going (a drawn card to
    play, the starter's color chosen, another seat conceding) keeps the one it had. A bot's
    turn is due a few seconds after its `delay` (`bot_deadline`), a person's after the
    table's time for a turn."""
    after = result.state
    if after.status != PLAYING:
        return None, None
    new_turn = (
        result.ended is not None or after.turn != before.turn
        or (move.action in (PLAY, DRAW, TAKE, PASS) and after.drawn == NONE)
    )
    if new_turn or game.round.deadline_at is None:
        return deadline_for(game, after.turn, now, delay)
    return game.round.deadline_at, game.round.remind_at
