"""What a bot does at a table: its level's policy (`games.rules.bots`) on its seat's view,
the same `view_for` a person in the seat gets, and, for a Hard bot, the current round's move
log as the seat may read it. Nothing else of the game reaches it.

The same bots play for a bot's seat, a person's seat handed to a bot, a seat taken over after
three timeouts and a seat whose player is away: at the seat's level, Normal when it has none.
Their dice are seeded from the table's own data (its seed, which stays on the server, its
version and the seat; never the clock), so a rigged test table, or a bug report, replays the
same choices.
"""

from __future__ import annotations

import random

from games.models import Seat
from games.rules import Move, legal_actions, log_entry_for, view_for
from games.rules.bots import HARD, NORMAL, choose_move
from games.rules.moves import PLAY
from games.storage import log_reads, writes
from games.storage.reads import Game

LOG_READ = 400  # the last moves a Hard bot reads (a round is rarely longer)


def level_of(seat: Seat) -> str:
    return seat.bot_level or NORMAL


def bot_move(game: Game, seat: Seat) -> Move | None:
    """The move the seat's bot makes now; None if it has none or does not want to jump in."""
    state, table = game.state, game.table
    level = level_of(seat)
    history = None
    if level == HARD:
        writes.flush()  # the moves the sweep's group holds back, in the log before it is read
        entries = [entry for entry in log_reads.last_log_entries(table, LOG_READ)
                   if entry["round"] == state.round_number]
        history = [log_entry_for(entry, seat.number) for entry in reversed(entries)]
    dice = random.Random(f"{table.seed}:bot:{table.version}:{seat.number}")
    return choose_move(level, view_for(state, seat.number), dice, history=history)


def may_jump_in(game: Game) -> list[Seat]:
    """The seats played by a bot that may jump in now, in the order of play after the seat
    whose turn it is (a bot is never slower than another bot further round the table)."""
    state = game.state
    if not state.options.jump_in or not state.jump_open:
        return []
    seats, number = [], state.next_seat(state.turn)
    while number != state.turn:
        seat = game.seats[number]
        if seat.played_by_bot and PLAY in legal_actions(state, number):
            seats.append(seat)
        number = state.next_seat(number)
    return seats


def jump_in(game: Game) -> tuple[Seat, Move] | None:
    """The first bot that wants to jump in, and its move."""
    for seat in may_jump_in(game):
        move = bot_move(game, seat)
        if move is not None:
            return seat, move
    return None
