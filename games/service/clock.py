"""When turns run out: the deadline of every new turn, and the real-time presence windows."""

from __future__ import annotations

from datetime import datetime, timedelta

from games.models import Table
from games.rules import Applied, GameState, Move
from games.rules.moves import DRAW, PASS, PLAY, TAKE
from games.rules.state import NONE, PLAYING
from games.storage.reads import Game

MOVE_TIMER_SECONDS = {"relaxed": 45, "normal": 30, "fast": 15}
AWAY_AFTER = timedelta(minutes=2)  # a real-time seat without presence this long is `away`
PRESENCE_EVERY = timedelta(seconds=10)  # last_seen_at is written at most this often
TIMEOUTS_TO_BOT = 3  # real time: the third timeout hands the seat to a bot

Deadline = tuple[datetime | None, datetime | None]  # (deadline_at, remind_at)


def turn_deadline(table: Table, start: datetime) -> Deadline:
    """When a turn that starts at `start` runs out, and when its halfway reminder is due
    (turn-by-turn tables only: a real-time turn is too short for one)."""
    if table.mode == Table.Mode.REALTIME:
        return start + timedelta(seconds=MOVE_TIMER_SECONDS[table.move_timer]), None
    length = timedelta(hours=table.turn_hours)
    return start + length, start + length / 2


def next_deadline(game: Game, before: GameState, move: Move, result: Applied,
                  now: datetime) -> Deadline:
    """A new turn gets a new deadline; a move that leaves the same turn going (a drawn card to
    play, the starter's color chosen, another seat conceding) keeps the one it had."""
    after = result.state
    if after.status != PLAYING:
        return None, None
    new_turn = (
        result.ended is not None or after.turn != before.turn
        or (move.action in (PLAY, DRAW, TAKE, PASS) and after.drawn == NONE)
    )
    if new_turn or game.round.deadline_at is None:
        return turn_deadline(game.table, now)
    return game.round.deadline_at, game.round.remind_at
