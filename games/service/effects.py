"""What follows a committed change: the next bot turn, a real-time turn's expiry, the emails.

The one place that publishes. Tasks go to Celery by name (`games.tasks.*`), so nothing here
imports the tasks module that calls back into the service layer. Everything is queued with
`transaction.on_commit`, so nothing happens for a change that rolled back; inside a web
request the broker is reached after the response is sent (`wildcards.after_response`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Invitation, Seat, Table
from games.rules import ranking, rules_for
from games.rules.state import FINISHED, PLAYING
from games.storage.reads import Game
from notifications.models import Notice
from notifications.outbox import queue_game_over, queue_invitation, queue_notice, queue_your_turn
from wildcards import after_response
from wildcards.celery import app

from . import order_times
from .bots import may_jump_in
from .results import shows_rated
from .shown import table_in_words

PLAY_BOT_TURNS = "games.tasks.play_bot_turns"
EXPIRE_TURN = "games.tasks.expire_turn"
ACT_ON_ORDERS = "games.tasks.act_on_orders"


def publish(task: str, *args, eta: datetime | None = None) -> None:
    """Hand a task to the broker now (called after commit)."""
    app.tasks[task].apply_async(args, eta=eta)


Task = tuple[str, tuple, datetime | None, bool]  # (name, arguments, ETA, robust)
# Inside `published_together`: the tasks asked for, to publish together after the commit.
_together: ContextVar[list[Task] | None] = ContextVar("tasks_together", default=None)


def _after_commit(task: str, *args, eta: datetime | None, robust: bool) -> None:
    """Publish the task once the transaction commits (after the response, in a request);
    `robust`: a failure is logged, not raised."""
    together = _together.get()
    if together is not None:
        together.append((task, args, eta, robust))
        return
    transaction.on_commit(lambda: after_response.soon(lambda: publish(task, *args, eta=eta)),
                          robust=robust)


@contextmanager
def published_together() -> Iterator[None]:
    """The tasks asked for inside are published together once the transaction commits (one
    callback for the sweep's hundreds of tables); none if it ends with an exception."""
    tasks: list[Task] = []
    token = _together.set(tasks)
    try:
        yield
    finally:
        _together.reset(token)
    if tasks:
        transaction.on_commit(lambda: after_response.soon(lambda: _publish_all(tasks)),
                              robust=all(robust for *_, robust in tasks))


def _publish_all(tasks: list[Task]) -> None:
    for task, args, eta, _ in tasks:
        publish(task, *args, eta=eta)


def bot_delay(game: Game) -> timedelta:
    """How long a bot seems to think at this table: a moment at a real-time table
    (`WILDCARDS_BOT_DELAY_MS`), none turn by turn."""
    if game.table.mode != Table.Mode.REALTIME:
        return timedelta(0)
    return timedelta(milliseconds=settings.WILDCARDS_BOT_DELAY_MS)


def next_turn_follows(game: Game) -> None:
    """Queue what the new turn needs: the standing orders of the seat to play; the bots' moves
    when a bot is to play or may jump in (after a human-like delay at a real-time table); at a
    real-time table, the expiry of a person's turn at its deadline (the sweep is the safety
    net). Each task carries the version
    it was made for and does nothing if the table moved on. A paused table waits for nothing."""
    if game.table.paused:
        return
    orders_follow(game)
    if game.state is None or game.state.status != PLAYING:
        return
    seat = game.seats[game.state.turn]
    table_id, version = game.table.pk, game.table.version
    if seat.played_by_bot or may_jump_in(game):
        delay = bot_delay(game)
        _after_commit(PLAY_BOT_TURNS, table_id, version,
                      eta=timezone.now() + delay if delay else None, robust=False)
    if (not seat.played_by_bot and game.table.mode == Table.Mode.REALTIME
            and game.round.deadline_at is not None):
        _after_commit(EXPIRE_TURN, table_id, version, eta=game.round.deadline_at, robust=True)


def orders_follow(game: Game) -> None:
    """The standing orders of the seat to play set due (`order_times`), and a task queued for
    the moment they act; it carries the table's version and does nothing if the table moved
    on (the sweep acts on what a lost task missed)."""
    due = order_times.schedule(game, timezone.now())
    if due is None:
        return
    table_id, version = game.table.pk, game.table.version
    eta = due if due > timezone.now() else None
    transaction.on_commit(lambda: after_response.soon(
        lambda: publish(ACT_ON_ORDERS, table_id, version, eta=eta)), robust=True)


def tell_whose_turn(game: Game, deadline_at: datetime | None) -> None:
    """"Your turn" to the person whose turn has just begun at a turn-by-turn table (the
    outbox skips real-time tables and those who do not want it)."""
    state = game.state
    if (deadline_at is None or game.table.mode != Table.Mode.TURN or state is None
            or state.status != PLAYING):
        return
    seat = game.seats[state.turn]
    if seat.user_id is not None and seat.state == Seat.State.PLAYING:
        queue_your_turn(seat.user, game.table, round_number=state.round_number,
                        deadline_at=deadline_at)


def tell_game_over(game: Game) -> None:
    """"Game over" with the final ranking to every person seated."""
    state = game.state
    if state is None or state.status != FINISHED:
        return
    names = {seat.number: seat.name for seat in game.seats}
    rows = [{"name": names.get(row["seat"], f"Seat {row['seat']}"), **row}
            for row in ranking(state, rules_for(state).deck)]
    people = [(seat.user, seat.number) for seat in game.seats if seat.user_id is not None]
    queue_game_over(game.table, rows, people)


def tell_game_start(game: Game) -> None:
    """"The game has begun" to every person seated (not to bots, nor to a person whose seat a
    bot plays): whose turn it is, and the table's settings. Queued in the start's transaction;
    the outbox decides when it goes, and not at all to someone at the table."""
    state, table = game.state, game.table
    names = [seat.name for seat in game.seats]
    words = table_in_words(table, rated=shows_rated(game))
    for seat in game.seats:
        if seat.user_id is None or seat.state != Seat.State.PLAYING:
            continue
        if seat.number == state.turn and table.mode == Table.Mode.TURN:
            continue  # their "your turn" email tells them, with the turn to play
        queue_notice(Notice.Kind.GAME_START, seat.user, table,
                     f"game-start:{table.pk}:{seat.user_id}",
                     {"your_seat": seat.number, "turn": state.turn,
                      "whose_turn": names[state.turn], "your_turn": seat.number == state.turn,
                      "players": names, "settings": words})


def tell_invitee(game: Game, invitation: Invitation, token: str) -> None:
    """The invitation's email, with its link (`token`): to the invited account, or to the
    address when no account uses it."""
    table = game.table
    queue_invitation(
        table, user=invitation.user, address=invitation.address,
        dedupe_key=f"invitation:{invitation.pk}",
        context={"host": game.seats[0].name, "token": token,
                 "settings": table_in_words(table, rated=shows_rated(game)),
                 "seats_taken": len(game.seats), "players": table.players})
