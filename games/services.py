"""The only writer of game state. API views, web pages and Celery tasks call these functions.

Every change runs in one transaction that starts by locking the table row, so two requests for
the same table never interleave; moves check `expected_version`, go through the rules engine,
and queue their side effects (bot turns, notices) with `transaction.on_commit`, so nothing
happens for a move that rolled back; inside a request, the tasks are handed to the broker once
the response is sent (`wildcards.after_response`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from games.rules import (
    REASONS,
    InvalidSetup,
    Move,
    new_game,
    public_view,
    rules_for,
    timeout_move,
    view_for,
)
from games.rules.moves import CONCEDE, DRAW, PASS, PLAY, TAKE
from games.rules.scoring import ranking
from games.rules.state import FINISHED, NONE, PLAYING
from notifications.outbox import queue_game_over, queue_your_turn
from wildcards import after_response, sqlrows

from .models import IdempotentAnswer, Seat, Table
from .models import Move as MoveRow
from .persistence import (
    Game,
    create_round,
    load,
    load_game,
    load_table,
    options_of,
    save_round,
    save_seats_and_table,
)

AVAILABLE_DECKS = ("classic",)
BOT_MOVES_PER_TASK = 200  # a long run of bot turns continues in a fresh task
MOVE_TIMER_SECONDS = {"relaxed": 45, "normal": 30, "fast": 15}
AWAY_AFTER = timedelta(minutes=2)  # a real-time seat without presence this long is `away`
PRESENCE_EVERY = timedelta(seconds=10)  # last_seen_at is written at most this often


class ServiceError(Exception):
    """A request the service will not carry out: an HTTP status, a code and a sentence."""

    def __init__(self, status: int, code: str, detail: str, **extra) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra

    def body(self) -> dict:
        """`field=` names the culprit the way validation errors do: `fields: {name: [detail]}`."""
        extra = dict(self.extra)
        field = extra.pop("field", None)
        if field is not None:
            extra["fields"] = {field: [self.detail]}
        return {"code": self.code, "detail": self.detail, **extra}


def _not_found() -> ServiceError:
    return ServiceError(404, "not-found", "No such table.")


def _load(table_id: int, *, lock: bool = False) -> Game:
    try:
        return load(table_id, lock=lock)
    except Table.DoesNotExist:
        raise _not_found() from None


# --------------------------------------------------------------------------- tables
def get_table(table_id: int) -> Game:
    """A table and its seats, without the round (anyone logged in may read a table)."""
    try:
        table = Table.objects.get(pk=table_id)
    except Table.DoesNotExist:
        raise _not_found() from None
    seats = list(Seat.objects.filter(table=table).select_related("user").order_by("number"))
    return Game(table, seats)


def list_tables(wanted: str, limit: int = 100) -> list[Game]:
    """`open`: waiting tables with a free seat, newest first; or tables by status."""
    tables = Table.objects.filter(
        status=Table.Status.WAITING if wanted == "open" else wanted
    ).order_by("-created_at")
    if wanted == "open":
        tables = tables.annotate(taken=Count("seats")).filter(taken__lt=F("players"))
    tables = list(tables[:limit])
    seats: dict[int, list[Seat]] = {table.pk: [] for table in tables}
    for seat in Seat.objects.filter(table__in=tables).select_related("user").order_by("number"):
        seats[seat.table_id].append(seat)
    return [Game(table, seats[table.pk]) for table in tables]


def create_table(user, settings_: dict) -> Game:
    """`settings_` is the validated body of POST /api/tables (api.md's names)."""
    seed, deck_order = settings_.pop("seed", None), settings_.pop("deck_order", None)
    if (seed is not None or deck_order is not None) and not settings.WILDCARDS_ALLOW_RIGGED_DECKS:
        field = "seed" if seed is not None else "deck_order"
        raise ServiceError(400, "rigged-decks-off",
                           "Reproducible decks (seed, deck_order) are switched off here.",
                           field=field)
    deck = settings_.get("deck", "classic")
    if deck not in AVAILABLE_DECKS:
        raise ServiceError(400, "deck-unavailable", f"The {deck} deck is not available yet.",
                           field="deck")
    table = Table(host=user, **settings_)
    if seed is not None:
        table.seed = seed
    table.deck_order = deck_order
    try:
        options = options_of(table)
        if deck_order is not None:
            rules_for(deck).new_game(table.players, options, 0, deck_order)  # checks the order
    except InvalidSetup as error:
        raise ServiceError(400, "invalid", error.detail, field=error.field) from None
    with transaction.atomic():
        table.version = 1
        table.save()
        seat = Seat.objects.create(table=table, number=0, user=user)
    return Game(table, [seat])


def _require_waiting(game: Game) -> None:
    if game.table.status != Table.Status.WAITING:
        raise ServiceError(409, "table-started", "The game at this table has already started.")


def _require_host(game: Game, user) -> None:
    if game.table.host_id != user.pk:
        raise ServiceError(403, "host-only", "Only the host of the table may do this.")


def _free_seat(game: Game) -> int:
    if len(game.seats) >= game.table.players:
        raise ServiceError(409, "table-full", "Every seat at this table is taken.")
    return len(game.seats)


def _bump(game: Game, *fields: str) -> None:
    table = game.table
    table.version += 1
    table.updated_at = timezone.now()
    table.save(update_fields=["version", "updated_at", *fields])


def join_table(table_id: int, user, invite: str) -> Game:
    with transaction.atomic():
        game = _load(table_id, lock=True)
        if game.seat_of(user) is not None:
            raise ServiceError(409, "already-seated", "You already have a seat at this table.")
        if invite != game.table.invite:
            raise ServiceError(403, "wrong-invite", "That is not this table's invite code.")
        _require_waiting(game)
        number = _free_seat(game)
        game.seats.append(Seat.objects.create(table=game.table, number=number, user=user))
        _bump(game)
    return game


def add_bot(table_id: int, user, level: str) -> Game:
    with transaction.atomic():
        game = _load(table_id, lock=True)
        _require_host(game, user)
        _require_waiting(game)
        number = _free_seat(game)
        game.seats.append(Seat.objects.create(
            table=game.table, number=number, bot_level=level, state=Seat.State.BOT))
        _bump(game)
    return game


def leave_waiting_table(table_id: int, user) -> Game:
    """Before the deal a player may give their seat back; the seats after it move up."""
    with transaction.atomic():
        game = _load(table_id, lock=True)
        seat = _seat_or_403(game, user)
        _require_waiting(game)
        if seat.number == 0:
            raise ServiceError(409, "host-cannot-leave",
                               "The host cannot leave a table; cancel it instead.")
        _free_up(game, seat)
    return game


def remove_bot(table_id: int, user, number: int) -> Game:
    """Before the deal the host may take a bot off the table; the seats after it move up."""
    with transaction.atomic():
        game = _load(table_id, lock=True)
        _require_host(game, user)
        _require_waiting(game)
        seat = next((seat for seat in game.seats if seat.number == number), None)
        if seat is None:
            raise ServiceError(404, "no-such-seat", f"Seat {number} is not taken at this table.")
        if not seat.is_bot:
            raise ServiceError(409, "not-a-bot",
                               "Only a bot can be taken off the table; a person leaves with "
                               "POST /api/tables/{id}/leave.")
        _free_up(game, seat)
    return game


def _free_up(game: Game, seat: Seat) -> None:
    seat.delete()
    later = [s for s in game.seats if s.number > seat.number]
    for s in later:  # one at a time, lowest first, so numbers stay unique throughout
        s.number -= 1
        s.save(update_fields=["number"])
    game.seats = [s for s in game.seats if s.pk != seat.pk]
    _bump(game)


def cancel_table(table_id: int, user) -> None:
    with transaction.atomic():
        game = _load(table_id, lock=True)
        _require_host(game, user)
        _require_waiting(game)
        game.table.delete()


def start_game(table_id: int, user) -> Game:
    with transaction.atomic():
        game = _load(table_id, lock=True)
        _require_host(game, user)
        _require_waiting(game)
        if len(game.seats) < 2:
            raise ServiceError(409, "not-enough-players",
                               "At least two seats must be filled to start.")
        table = game.table
        dealt = new_game(len(game.seats), options_of(table), table.seed, table.deck_order,
                         deck=table.deck)
        table.status = Table.Status.PLAYING
        # A game started before every seat was taken is a game of those seated.
        table.players = len(game.seats)
        now = timezone.now()
        deadline = turn_deadline(table, now)
        create_round(game, dealt.state, *deadline)
        if table.mode == Table.Mode.REALTIME:  # presence counts from the deal
            Seat.objects.filter(table=table, user__isnull=False).update(last_seen_at=now)
            for seat in game.seats:
                seat.last_seen_at = now if seat.user_id is not None else None
        _bump(game, "status", "current_round", "players")
        _notify_turn(game, deadline[0])
        _after_commit(game)
    return game


def swap_seat(table_id: int, user, number: int, *, to_bot: bool, level: str | None = None,
              invite: str | None = None) -> tuple[Game, bool]:
    """Swap a person for a bot or a bot for a person. Before the first deal it happens at once;
    during a game to a target score it happens when the next round is dealt (pending until
    then); a single-round game has no "between rounds" once it has started."""
    with transaction.atomic():
        game = _load(table_id, lock=True)
        table = game.table
        seat = next((s for s in game.seats if s.number == number), None)
        if seat is None:
            raise ServiceError(404, "no-such-seat", f"Seat {number} is not taken at this table.")
        caller = game.seat_of(user)
        if to_bot:
            if seat.user_id is None or seat.state == Seat.State.BOT:
                raise ServiceError(409, "already-a-bot", "A bot already plays this seat.")
            if user.pk not in (table.host_id, seat.user_id):
                raise ServiceError(403, "host-only",
                                   "Only the host or the seat's player may hand it to a bot.")
            change = {"to": "bot", "level": level}
        else:
            if seat.state != Seat.State.BOT:
                if seat.user_id == user.pk and (seat.pending_swap or {}).get("to") == "bot":
                    # The seat's player calls off the bot that was to take over next round.
                    seat.pending_swap = None
                    seat.save(update_fields=["pending_swap"])
                    _bump(game)
                    return game, False
                raise ServiceError(409, "not-a-bot", "No bot plays this seat.")
            if seat.user_id is not None and seat.user_id != user.pk:
                raise ServiceError(403, "not-your-seat", "This seat belongs to another player.")
            if seat.user_id is None:
                if caller is not None:
                    raise ServiceError(409, "already-seated",
                                       "You already have a seat at this table.")
                if invite != table.invite:
                    raise ServiceError(403, "wrong-invite", "That is not this table's invite code.")
                if any(_claimed_by(other, user) for other in game.seats if other is not seat):
                    raise ServiceError(409, "already-seated",
                                       "You have already claimed another seat at this table.")
                claim = seat.pending_swap or {}
                if claim.get("to") == "person" and claim.get("user") != user.pk:
                    raise ServiceError(409, "swap-pending",
                                       "Someone else has already claimed this seat.")
            change = {"to": "person", "user": user.pk}
        if seat.state == Seat.State.LEFT or table.status == Table.Status.FINISHED:
            raise ServiceError(409, "game-not-playing", "This seat has no more part in the game.")
        pending = table.status == Table.Status.PLAYING
        if pending and table.scoring == Table.Scoring.SINGLE:
            raise ServiceError(409, "not-between-rounds",
                               "Seats are swapped between rounds; this game has a single round.")
        if pending:
            seat.pending_swap = change
            seat.save(update_fields=["pending_swap"])
        else:
            _apply_swap(seat, change)
        _bump(game)
    return game, pending


def _claimed_by(seat: Seat, user) -> bool:
    claim = seat.pending_swap or {}
    return claim.get("to") == "person" and claim.get("user") == user.pk


def _apply_swap(seat: Seat, change: dict) -> None:
    if change["to"] == "bot":
        seat.state, seat.bot_level = Seat.State.BOT, change["level"]
    else:
        seat.user_id, seat.state, seat.bot_level = change["user"], Seat.State.PLAYING, None
    seat.pending_swap = None
    seat.save(update_fields=["user", "state", "bot_level", "pending_swap"])


# ---------------------------------------------------------------------------- moves
def turn_deadline(table: Table, start: datetime) -> tuple[datetime, datetime | None]:
    """When a turn that starts at `start` runs out, and when its halfway reminder is due
    (turn-by-turn tables only: a real-time turn is too short for one)."""
    if table.mode == Table.Mode.REALTIME:
        return start + timedelta(seconds=MOVE_TIMER_SECONDS[table.move_timer]), None
    length = timedelta(hours=table.turn_hours)
    return start + length, start + length / 2


@dataclass
class Answer:
    status: int
    body: dict


def _seat_or_403(game: Game, user) -> Seat:
    seat = game.seat_of(user)
    if seat is None:
        raise ServiceError(403, "not-seated", "You have no seat at this table.")
    return seat


def make_move(table_id: int, user, move: Move, *, expected_version: int | None = None,
              idempotency_key: str | None = None) -> Answer:
    """A move by the user's seat. Refusals are answers too (422, 409), not exceptions."""
    with transaction.atomic():
        game = _load(table_id, lock=True)
        seat = _seat_or_403(game, user)
        _seen_in(game, seat, timezone.now())
        if idempotency_key:
            first = IdempotentAnswer.objects.filter(
                table=game.table, seat=seat.number, key=idempotency_key).first()
            if first is not None:
                return Answer(first.status, first.body)
        if seat.state == Seat.State.BOT and move.action != CONCEDE:
            answer = Answer(409, {
                "code": "seat-played-by-bot",
                "detail": "A bot plays this seat now; you may take it back between rounds "
                          "(POST /api/tables/{id}/seats/{n}/person) or concede.",
                "version": game.table.version})
        else:
            answer = _move(game, seat, move, expected_version, by=MoveRow.By.PLAYER)
        if answer.status == 200:
            _after_commit(game)
        if idempotency_key:
            IdempotentAnswer.objects.create(table=game.table, seat=seat.number,
                                            key=idempotency_key, status=answer.status,
                                            body=answer.body)
    return answer


def _refusal(game: Game, code: str, status: int = 422) -> Answer:
    return Answer(status, {"code": code, "detail": REASONS[code], "version": game.table.version})


def _move(game: Game, seat: Seat, move: Move, expected_version: int | None, by: str,
          view: bool = True, now: datetime | None = None) -> Answer:
    """Judge and store one move; the answer holds the seat's new view (unless `view` is off:
    bots need none). The caller queues what follows, once per transaction. `now` is the time
    of the move (the sweep passes its own, so `sweep_deadlines --now T` moves at T)."""
    table = game.table
    if game.state is None or table.status != Table.Status.PLAYING:
        return _refusal(game, "game-not-playing")
    if expected_version is not None and expected_version != table.version:
        return Answer(409, {"code": "stale-version",
                            "detail": "The game has moved on since that version: reload it.",
                            "version": table.version})
    result = rules_for(game.state).apply(game.state, seat.number, move)
    if not result.ok:
        return _refusal(game, result.code)
    _record(game, seat.number, move, result, by, now or timezone.now())
    return Answer(200, describe(game, seat) if view else {})


def _record(game: Game, number: int, move: Move, result, by: str, now: datetime) -> None:
    """Store an accepted move: the round, the hands, the discard pile, the seats, the log."""
    laid = sum(1 for event in result.events if event.kind == "played")
    fields = {"version"}
    deadline = _next_deadline(game, move, result, now)
    before = game.round.deadline_at
    batch = sqlrows.Batch()  # the writes go to the database together, in one round trip
    if result.ended is not None:
        game.round.deadline_at = game.round.remind_at = None
        save_round(game, result.ended, laid, batch)
        batch.run()
        _apply_pending_swaps(game)
        create_round(game, result.state, *deadline)
        fields.add("current_round")
    else:
        game.round.deadline_at, game.round.remind_at = deadline
        save_round(game, result.state, laid, batch)
    table = game.table
    table.version += 1
    save_seats_and_table(game, result.state, fields, batch)
    said = next((e for e in result.events if e.kind in ("played", "chose")), None)
    sqlrows.insert_many([MoveRow(
        table=table, version=table.version, round_number=result.state.round_number
        if result.ended is None else result.ended.round_number,
        seat=number, action=move.action, card=move.card,
        # The color and target the rules used (a color sent with a number card is not logged).
        color=said.color if said else None, target=said.target if said else None,
        by=by, events=[_event_json(e) for e in result.events],
        created_at=now,
    )], batch)
    batch.run()
    if result.state.status == FINISHED:
        queue_game_over(table, ranking(result.state, rules_for(result.state).deck))
    elif deadline[0] is not None and (deadline[0] != before or result.ended is not None):
        _notify_turn(game, deadline[0])


def _notify_turn(game: Game, deadline_at: datetime | None) -> None:
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


def _next_deadline(game: Game, move: Move, result, now: datetime) -> tuple:
    """A new turn gets a new deadline; a move that leaves the same turn going (a drawn card to
    play, the starter's color chosen, another seat conceding) keeps the one it had."""
    after, before = result.state, game.state
    if after.status != PLAYING:
        return None, None
    new_turn = (
        result.ended is not None or after.turn != before.turn
        or (move.action in (PLAY, DRAW, TAKE, PASS) and after.drawn == NONE)
    )
    if new_turn or game.round.deadline_at is None:
        return turn_deadline(game.table, now)
    return game.round.deadline_at, game.round.remind_at


def _apply_pending_swaps(game: Game) -> None:
    """Between rounds: bots take over and people take back or over what was asked for. A seat
    that has left stays left (nobody plays for it any more)."""
    for seat in game.seats:
        if not seat.pending_swap:
            continue
        if seat.state == Seat.State.LEFT:
            seat.pending_swap = None
            seat.save(update_fields=["pending_swap"])
        else:
            _apply_swap(seat, seat.pending_swap)


def _event_json(event) -> dict:
    """The event without its empty fields. Seat 0, target 0 and a count of 0 are values, not
    blanks: the log needs them (seat 0 must see the cards it drew)."""
    return {key: value for key, value in event._asdict().items()
            if value is not None and value != ()}


def bot_plays(seat: Seat) -> bool:
    """A bot moves for this seat: a bot's seat, a person's handed to a bot, or one whose
    player is away (until they return)."""
    return seat.is_bot or seat.state == Seat.State.AWAY


def _after_commit(game: Game) -> None:
    """Queue what follows a change: the next bot turn when a bot is to play; at a real-time
    table, the expiry of a person's turn at its deadline (the sweep is the safety net)."""
    if game.state is None or game.state.status != PLAYING:
        return
    seat = game.seats[game.state.turn]
    table_id, version = game.table.pk, game.table.version
    if bot_plays(seat):
        transaction.on_commit(lambda: after_response.soon(lambda: _queue_bot_turn(table_id,
                                                                                version)))
    elif game.table.mode == Table.Mode.REALTIME and game.round.deadline_at is not None:
        deadline = game.round.deadline_at
        transaction.on_commit(
            lambda: after_response.soon(lambda: _queue_expiry(table_id, version, deadline)),
            robust=True)


def _queue_expiry(table_id: int, version: int, deadline: datetime) -> None:
    from .tasks import expire_turn

    expire_turn.apply_async((table_id, version), eta=deadline)


def _queue_bot_turn(table_id: int, version: int) -> None:
    from .tasks import play_bot_turns

    play_bot_turns.delay(table_id, version)


def play_bot_turns(table_id: int, version: int, limit: int = BOT_MOVES_PER_TASK) -> int:
    """Play for bot seats while one is to play, if the table is still at `version` (a task made
    for an older version does nothing). Returns the number of moves made."""
    with transaction.atomic():
        try:
            game = load(table_id, lock=True)
        except Table.DoesNotExist:
            return 0
        if game.table.version != version:
            return 0
        made = 0
        while (
            made < limit and game.state is not None and game.state.status == PLAYING
            and bot_plays(game.seats[game.state.turn])
        ):
            seat = game.seats[game.state.turn]
            answer = _move(game, seat, timeout_move(game.state), None, by=MoveRow.By.BOT,
                           view=False)
            if answer.status != 200:  # the timeout move is legal by construction
                raise RuntimeError(f"bot move refused: {answer.body}")
            made += 1
        if made:
            _after_commit(game)  # one task goes on if the limit stopped this one
        return made


def concede(table_id: int, user) -> Answer:
    return make_move(table_id, user, Move("concede"))


# ---------------------------------------------------------------------------- views
def bot_name(seat: Seat) -> str:
    return f"{(seat.bot_level or 'normal').capitalize()} bot {seat.number}"


def _seat_json(seat: Seat, cards: int) -> dict:
    name = seat.user.username if seat.user_id is not None else bot_name(seat)
    return {
        "seat": seat.number, "name": name,
        "bot": seat.bot_level if seat.state == Seat.State.BOT else None,
        "cards": cards, "score": seat.score, "state": seat.state,
    }


def describe(game: Game, seat: Seat | None) -> dict:
    """The state view of api.md for a seat, or for a spectator (`seat` None)."""
    table, state = game.table, game.state
    if state is None:
        seats = [_seat_json(s, 0) for s in game.seats]
        view = {"table": table.pk, "version": table.version, "status": table.status,
                "seats": seats, "round": None, "last_round": None, "ranking": None}
        if seat is not None:
            view["you"] = {"seat": seat.number, "hand": [], "playable": [], "refusals": {},
                           "drawn": None, "actions": []}
        return view
    engine = view_for(state, seat.number) if seat is not None else public_view(state)
    seats = [_seat_json(s, row["cards"]) for s, row in zip(game.seats, engine["seats"],
                                                             strict=True)]
    round_view = engine["round"]
    deadline = game.round.deadline_at if game.round is not None else None
    round_view["deadline"] = deadline.isoformat().replace("+00:00", "Z") if deadline else None
    view = {"table": table.pk, "version": table.version, "status": table.status,
            "seats": seats, "round": round_view, "last_round": engine["last_round"],
            "ranking": engine["ranking"]}
    if seat is not None:
        view["you"] = engine["you"]
    return view


def _not_a_viewer() -> ServiceError:
    return ServiceError(403, "not-seated",
                        "You have no seat at this table and it does not allow spectators.")


def _viewer(game: Game, user) -> Seat | None:
    """The user's seat, or None for a permitted spectator; 403 for anyone else."""
    seat = game.seat_of(user)
    if seat is None and not game.table.spectators:
        raise _not_a_viewer()
    return seat


def state_for(table_id: int, user, since: int | None = None) -> dict | None:
    """The caller's view; None when `since` is the current version (nothing changed). Who may
    not see the state gets 403 either way: a 304 would tell them the version."""
    try:
        table = load_table(table_id)
    except Table.DoesNotExist:
        raise _not_found() from None
    unchanged = since is not None and table.version == since
    game = load_game(table, with_round=not unchanged)
    seat = _viewer(game, user)
    realtime = seat is not None and game.table.mode == Table.Mode.REALTIME
    if unchanged:
        if realtime:
            _presence(table_id, user, seat.state, seat.last_seen_at)
        return None
    if realtime and _presence(table_id, user, seat.state, seat.last_seen_at):
        game = _load(table_id)  # the seat came back: show it so
        seat = game.seat_of(user)
    return describe(game, seat)


# ------------------------------------------------------------------------- presence
def heartbeat(table_id: int, user) -> None:
    """A quiet client says it is still there (real-time tables keep the seat's presence)."""
    row = (Seat.objects.filter(table_id=table_id, user=user)
           .values_list("state", "last_seen_at", "table__mode").first())
    if row is None:
        if not Table.objects.filter(pk=table_id).exists():
            raise _not_found()
        raise ServiceError(403, "not-seated", "You have no seat at this table.")
    state, last_seen_at, mode = row
    if mode == Table.Mode.REALTIME:
        _presence(table_id, user, state, last_seen_at)


def _stale(last_seen_at: datetime | None, now: datetime) -> bool:
    return last_seen_at is None or last_seen_at < now - PRESENCE_EVERY


def _presence(table_id: int, user, state: str, last_seen_at: datetime | None,
              now: datetime | None = None) -> bool:
    """The player of a real-time seat was just seen: write it (at most every few seconds, one
    conditional UPDATE) and give an `away` seat back. Returns whether the seat came back."""
    now = now or timezone.now()
    if state == Seat.State.AWAY:
        return _come_back(table_id, user, now)
    if _stale(last_seen_at, now):
        Seat.objects.filter(
            Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=now - PRESENCE_EVERY),
            table_id=table_id, user=user,
        ).update(last_seen_at=now)
    return False


def _come_back(table_id: int, user, now: datetime) -> bool:
    with transaction.atomic():
        game = _load(table_id, lock=True)
        seat = game.seat_of(user)
        if seat is None or seat.state != Seat.State.AWAY:
            return False
        seat.state, seat.last_seen_at = Seat.State.PLAYING, now
        seat.save(update_fields=["state", "last_seen_at"])
        _bump(game)
        _after_commit(game)
    return True


def _seen_in(game: Game, seat: Seat, now: datetime) -> None:
    """Presence on a move (the table is locked): an away seat is the player's again at once,
    without a new version (that would make the move itself stale)."""
    if game.table.mode != Table.Mode.REALTIME:
        return
    if seat.state == Seat.State.AWAY:
        seat.state, seat.last_seen_at = Seat.State.PLAYING, now
        seat.save(update_fields=["state", "last_seen_at"])
    elif _stale(seat.last_seen_at, now):
        seat.last_seen_at = now
        Seat.objects.filter(pk=seat.pk).update(last_seen_at=now)


def mark_away(table_id: int, now: datetime) -> int:
    """Seats of a real-time table whose players have not been seen for two minutes get a bot
    until they return. Returns how many seats went away."""
    with transaction.atomic():
        game = _load(table_id, lock=True)
        if game.table.mode != Table.Mode.REALTIME or game.table.status != Table.Status.PLAYING:
            return 0
        gone = [seat for seat in game.seats
                if seat.user_id is not None and seat.state == Seat.State.PLAYING
                and seat.last_seen_at is not None and seat.last_seen_at < now - AWAY_AFTER]
        for seat in gone:
            seat.state = Seat.State.AWAY
            seat.save(update_fields=["state"])
        if gone:
            _bump(game)
            _after_commit(game)
        return len(gone)


def move_log(table_id: int, user, after: int = 0, limit: int = 500) -> dict:
    """The public move log after a version; drawn cards only for the seat that drew them."""
    game = get_table(table_id)  # the seats say who may read; the round is not needed
    seat = _viewer(game, user)
    if seat is not None and game.table.mode == Table.Mode.REALTIME:
        _presence(table_id, user, seat.state, seat.last_seen_at)
    rows = list(MoveRow.objects.filter(table=game.table, version__gt=after)
                .order_by("version")[:limit + 1])
    more = len(rows) > limit
    return {"moves": [_redacted(row, seat) for row in rows[:limit]], "more": more}


def _redacted(row: MoveRow, viewer: Seat | None) -> dict:
    events = []
    for event in row.events:
        if "cards" in event and (viewer is None or viewer.number != event.get("seat")):
            event = {key: value for key, value in event.items() if key != "cards"}
        events.append(event)
    drawn_privately = row.action == "draw" and (viewer is None or viewer.number != row.seat)
    return {
        "version": row.version, "round": row.round_number, "seat": row.seat,
        "action": row.action, "card": row.card, "color": row.color, "target": row.target,
        "by": row.by, "at": row.created_at.isoformat().replace("+00:00", "Z"),
        "events": events, **({"private": True} if drawn_privately else {}),
    }


def games_of(user) -> list[dict]:
    """The caller's tables: those waiting on the caller first, then by deadline and age."""
    seats = (Seat.objects.filter(user=user).select_related("table", "table__current_round")
             .order_by("-table__updated_at"))
    rows = []
    for seat in seats:
        table, current = seat.table, seat.table.current_round
        playing = table.status == Table.Status.PLAYING and current is not None
        waiting_on_you = (playing and current.turn == seat.number
                          and seat.state != Seat.State.LEFT)
        deadline = current.deadline_at if playing else None  # of the turn, whoever's it is
        rows.append({
            "table": table.pk, "status": table.status, "seat": seat.number,
            "your_turn": waiting_on_you, "version": table.version,
            "deadline": deadline.isoformat().replace("+00:00", "Z") if deadline else None,
            "players": table.players, "mode": table.mode,
        })
    order = {Table.Status.PLAYING: 1, Table.Status.WAITING: 2, Table.Status.FINISHED: 3}
    rows.sort(key=lambda r: (not r["your_turn"], r["deadline"] or "~", order[r["status"]]))
    return rows
