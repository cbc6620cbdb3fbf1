"""Moves: a person's move, the move the table makes when a turn runs out, and bot turns.

Each is one transaction that starts by locking the table row. A move is judged by the rules
engine; an accepted one is stored by `storage.writes.save_move` (the round, the seats, the
table's version, the move log and the next deadline, together) and what follows it is queued
by `effects`. A refused move is an answer too (a `Refusal`), and changes nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from games.models import Move as MoveRow
from games.models import Seat, Table
from games.rules import REASONS, Move, rules_for, timeout_move, turn_goes_on
from games.rules.bots import NORMAL
from games.rules.moves import CONCEDE, FIELDS
from games.rules.options import LEAVE
from games.rules.state import PLAYING
from games.storage import due as due_tables
from games.storage import reads, writes
from games.storage.reads import Game
from notifications.outbox import written_together

from . import bots, effects, lobby, presence, results, vacations
from .clock import TIMEOUTS_TO_BOT, next_deadline
from .errors import Accepted, GameError, Refusal, not_seated
from .lobby import swaps_between_rounds
from .shown import state_view
from .tables import locked
from .turns import Turn, turn_over

if TYPE_CHECKING:
    from games.storage.sql import Batch

BOT_MOVES_PER_TASK = 200  # a long run of bot turns goes on in a fresh task
ANSWERS_KEPT = timedelta(days=1)  # how long a move's Idempotency-Key is remembered

Answer = Accepted | Refusal


def make_move(table_id: int, user, move: Move, *, expected_version: int | None = None,
              idempotency_key: str | None = None, expected_turn: Turn | None = None,
              by: str = MoveRow.By.PLAYER) -> Answer:
    """A move by the user's seat (a play out of turn is a jump-in). `expected_turn`: the move
    is for that turn only (an email's link), checked under the table's lock so that two links
    of one turn never both play. `by` is what the move log says made it."""
    _check_fields(move)
    with transaction.atomic():
        game = locked(table_id)
        seat = game.seat_of(user)
        if seat is None:
            raise not_seated()
        if expected_turn is not None:
            over = turn_over(game, seat, expected_turn, timezone.now())
            if over is not None:
                return over
        batch = writes.move_batch()  # the move's writes, the time its player was seen first
        if by != MoveRow.By.ORDER:  # an order acts while its player is away
            presence.seen_moving(game, seat, timezone.now(), batch)
        asked = {**move.to_dict(), "expected_version": expected_version}
        if idempotency_key:
            first = reads.remembered_answer(game.table, seat.number, idempotency_key)
            if first is not None:
                if first.request is not None and first.request != asked:
                    raise GameError(
                        "idempotency-key-reused",
                        "This Idempotency-Key came with another move: a new move needs a new "
                        "key.", field="Idempotency-Key")
                return (Refusal(first.refused, first.body["detail"], first.body["version"])
                        if first.refused else Accepted(first.body))
        if seat.state == Seat.State.BOT and move.action != CONCEDE:
            answer: Answer = Refusal(
                "seat-played-by-bot",
                "A bot plays this seat now; you may take it back between rounds "
                "(POST /api/tables/{id}/seats/{n}/person) or concede.", game.table.version)
        else:
            answer = _judge(game, seat, move, expected_version, by=by, now=timezone.now(),
                            batch=batch)
            if isinstance(answer, Accepted) and by != MoveRow.By.ORDER:
                vacations.ended_by_move(game, user, timezone.now())
            if isinstance(answer, Accepted):
                answer = Accepted(state_view(game, seat))
                effects.next_turn_follows(game)
        if idempotency_key:
            if isinstance(answer, Refusal):
                writes.remember_answer(game, seat.number, idempotency_key, asked, answer.code,
                                       answer.as_dict())
            else:
                writes.remember_answer(game, seat.number, idempotency_key, asked, "",
                                       answer.view)
        if not writes.deferred(batch):
            batch.run()  # a move refused: the time its player was seen, alone
    return answer


def forget_answers(now: datetime) -> int:
    """Forget the answers to moves sent with an Idempotency-Key over a day ago (Celery beat,
    hourly): a retry comes within minutes, the rows would otherwise pile up for ever. Returns
    how many were forgotten."""
    return writes.forget_answers(before=now - ANSWERS_KEPT)


def _check_fields(move: Move) -> None:
    """A field the action does not take is refused before anything is read or written: the
    rules would ignore it, and a client sending it has misunderstood the move."""
    unexpected = move.unexpected_fields()
    if not unexpected:
        return
    names = " or ".join(f'"{name}"' for name in unexpected)
    taken = ", ".join(f'"{name}"' for name in FIELDS[move.action])
    rest = (f"it takes {taken} (and expected_version)." if taken
            else "send only the action (and expected_version).")
    raise GameError("unexpected-field", f'"{move.action}" does not take {names}: {rest}',
                    field=unexpected[0])


def concede(table_id: int, user, *, idempotency_key: str | None = None) -> Answer:
    return make_move(table_id, user, Move(CONCEDE), idempotency_key=idempotency_key)


def _judge(game: Game, seat: Seat, move: Move, expected_version: int | None, *, by: str,
           now: datetime, batch: Batch | None = None) -> Answer:
    """Judge one move and store it if the rules take it; `now` is the time of the move (the
    sweep passes its own, so `sweep_deadlines --now T` moves at T). The caller queues what
    follows, once per transaction. The move's writes go in `batch` (with what the caller
    put there before), else in one of their own; an accepted move sends it."""
    table = game.table
    if game.state is None or table.status != Table.Status.PLAYING:
        return Refusal("game-not-playing", REASONS["game-not-playing"], table.version)
    if table.paused and move.action != CONCEDE:
        return Refusal("paused", "The table is paused: any player seated may resume it "
                       "(POST /api/tables/{id}/resume).", table.version)
    if expected_version is not None and expected_version != table.version:
        return Refusal("stale-version", "The game has moved on since that version: reload it.",
                       table.version)
    before = game.state
    result = rules_for(before).apply(before, seat.number, move)
    if not result.ok:
        return Refusal(result.code, result.detail, table.version)
    # Seats change hands between rounds first: the next turn's deadline is its new player's.
    swapped = swaps_between_rounds(game) if result.ended is not None else []
    deadline = next_deadline(game, before, move, result, now, effects.bot_delay(game))
    deadline_before = game.round.deadline_at
    table.rated = results.still_rated(game, result.state, by_bot=by == MoveRow.By.BOT)
    # The move's writes and its emails' row go to the database together, in one round trip.
    batch = batch or writes.move_batch()
    with written_together(execute=batch.run):
        writes.save_move(game, seat.number, move, result, by=by, now=now, deadline=deadline,
                         swapped=swapped, batch=batch)
        if game.state.status != PLAYING:
            results.record_the_end(game, now)  # the ratings move in the game's last transaction
            effects.tell_game_over(game)
        elif deadline[0] is not None and (deadline[0] != deadline_before
                                          or result.ended is not None):
            effects.tell_whose_turn(game, deadline[0])
    if not writes.deferred(batch):  # the sweep's group sends its tables' writes together
        batch.run()  # the writes, when no email went with them
    return Accepted()


def move_for_seats(game: Game, now: datetime, *, expired: bool = False,
                   limit: int = BOT_MOVES_PER_TASK) -> int:
    """The one loop in which the table moves for seats, until a person is to act: first, if
    `expired`, the whole turn of the seat whose time ran out (a person's: the plain timeout
    move, or the seat leaves if the table says so, and at a real-time table the third time
    hands the seat to a bot; a bot's whose task got lost: its own move); then the bots, a
    jump-in before the turn's own move, each with its level's choice on its seat's view. At
    a real-time table with a bot delay it stops after one turn: the next task comes after the
    delay. Stops after about `limit` moves. Returns the number of moves made."""
    table = game.table
    timed_out = game.state.turn if expired else None
    # A bot's turn found due by the sweep (its task was lost with its worker) is played here,
    # and the rest goes back to a task: the sweep serves every table, a bot's run can be long.
    paced = bool(effects.bot_delay(game)) or (
        timed_out is not None and game.seats[timed_out].played_by_bot)
    made, started = 0, timezone.now()
    while (made < limit and game.state is not None and game.state.status == PLAYING
           and not table.paused):
        before = game.state
        jump = None if timed_out is not None else bots.jump_in(game)
        seat = jump[0] if jump else game.seats[before.turn]
        if jump:
            move, by = jump[1], MoveRow.By.BOT
        elif seat.played_by_bot:
            move, by = bots.bot_move(game, seat), MoveRow.By.BOT
        elif timed_out is None:
            return made  # a person is to play
        elif table.mode == Table.Mode.TURN and table.settings.on_expiry == LEAVE:
            move, by = Move(CONCEDE), MoveRow.By.TIMER
        else:
            move, by = timeout_move(before), MoveRow.By.TIMER
        if move is None:
            raise RuntimeError(f"the bot of seat {seat.number} had no move on its turn")
        # A bot's later moves each at its own time (it thinks), counted from `now`: the run's
        # first move, and the timer's, at `now` itself (`sweep_deadlines --now T`: at T).
        moment = now + (timezone.now() - started) if made and by == MoveRow.By.BOT else now
        answer = _judge(game, seat, move, None, by=by, now=moment)
        if isinstance(answer, Refusal):  # bots and the timeout move choose legal moves only
            raise RuntimeError(f"the table's move {move} for seat {seat.number} was refused: "
                               f"{answer.code}")
        made += 1
        if turn_goes_on(before, game.state, seat.number):
            continue
        if timed_out is not None and by == MoveRow.By.TIMER and move.action != CONCEDE:
            _count_timeout(game, seat)
        timed_out = None
        if paced:
            return made
    return made


def _count_timeout(game: Game, seat: Seat) -> None:
    """At a real-time table the third time a player runs out of time a bot takes the seat."""
    if game.table.mode != Table.Mode.REALTIME:
        return
    seat.timeouts += 1
    if seat.timeouts >= TIMEOUTS_TO_BOT and seat.state == Seat.State.PLAYING:
        seat.state, seat.bot_level = Seat.State.BOT, seat.bot_level or NORMAL
    writes.write_seats([seat], ["timeouts", "state", "bot_level"])


def play_bot_turns(table_id: int, version: int, limit: int = BOT_MOVES_PER_TASK) -> int:
    """Play for bot seats while one is to play, if the table is still at `version` (a task made
    for an older version does nothing). Returns the number of moves made."""
    with transaction.atomic():
        try:
            game = locked(table_id)
        except GameError:  # the table is gone
            return 0
        if game.table.version != version:
            return 0
        made = move_for_seats(game, timezone.now(), limit=limit)
        if made:
            effects.next_turn_follows(game)  # a fresh task goes on if the limit stopped this one
        return made


def expire_turn(table_id: int, now: datetime, *, due: datetime | None = None,
                version: int | None = None) -> bool:
    """The current turn of the table ran out at `now`: if it is still the turn that was due
    (`due`, its deadline as the caller read it; or any deadline at or before `now`) and, with
    `version`, the table has not moved on, the table plays it out. A table that another
    transaction holds is left alone (False at once): it is being changed, and if its turn is
    still due afterwards the next sweep finds it. Returns whether a turn expired."""
    with transaction.atomic():
        if not due_tables.try_lock(table_id):
            return False
        game = locked(table_id)
        if version is not None and game.table.version != version:
            return False
        if not turn_ran_out(game, now, due):
            return False
        if vacations.waits_for_vacation(game, now):
            return False  # its player went on vacation since the deadline was set: moved
        move_for_seats(game, now, expired=True)
        effects.next_turn_follows(game)
        return True


def turn_ran_out(game: Game, now: datetime, due: datetime | None = None) -> bool:
    """Whether the turn of the table (loaded under its lock) has run out at `now`, and is still
    the turn that was due (`due`: its deadline as read before the lock)."""
    r = game.round
    return not (game.table.status != Table.Status.PLAYING or game.state is None
                or game.state.status != PLAYING or r is None or r.deadline_at is None
                or r.deadline_at > now or (due is not None and r.deadline_at != due))


def leave_every_table(user) -> None:
    """Before a person's account is closed: the tables they host that have not started are
    cancelled, their other seats at waiting tables given back, and every game they are still
    in is conceded (their cards go under the draw pile, as the rule book says)."""
    for seat in reads.seats_of(user):
        table = seat.table
        try:
            if table.status == Table.Status.WAITING:
                if seat.number == 0:
                    lobby.cancel_table(table.pk, user)
                else:
                    lobby.leave_waiting_table(table.pk, user)
            elif table.status == Table.Status.PLAYING and seat.state != Seat.State.LEFT:
                concede(table.pk, user)
        except GameError:
            continue  # the table changed meanwhile (started, finished): nothing left to do
