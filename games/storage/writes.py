"""Writing game rows: every write of the service layer goes through here.

`save_move` owns a whole move's write — the round (with the next turn's deadline), the hands
that changed, the seats, the table's version, and the move log's row — as one batch. Seats are
written by `write_seats` alone. The caller holds the table's lock and the transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from games.models import Hand, IdempotentAnswer, Invitation, Round, Seat, Table
from games.models import Move as MoveRow
from games.rules import Applied, Event, GameState, Move
from games.rules.options import TARGET
from games.rules.replay import deal_entry, move_entries
from games.rules.state import PLAYING

from . import sql
from .commitments import (
    NEXT_DEAL,
    commit_to_deal,
    no_next_deal,
    seat_given_back,
    seed_and_commitment,
)
from .log_reads import LOG_FIELDS, log_entry
from .reads import Game
from .sql import deferred, flush, written_together  # noqa: F401 - the sweep's one batch
from .state import (
    ROUND_CHANGES,
    client_seeds_json,
    hand_cards,
    last_round_json,
    players_of,
    round_fields,
    seat_results,
)

# A seat's fields a change may write (its number changes only when a seat before it is given
# back: `remove_seat`).
SEAT_FIELDS = ("user", "bot_level", "state", "score", "left_points", "timeouts", "last_seen_at",
               "pending_swap")
# The seat's standing orders (games/models/orders.py), written by the orders' own changes.
ORDER_FIELDS = ("orders", "orders_keep", "orders_round", "orders_due_at", "orders_due_version")


def write_seats(seats: Sequence[Seat], fields: Sequence[str],
                batch: sql.Batch | None = None) -> None:
    """Write `fields` of each seat: into `batch`, or now."""
    allowed = {*SEAT_FIELDS, *ORDER_FIELDS, "number"}
    if not set(fields) <= allowed:
        raise ValueError(f"not a seat field a change writes: {set(fields) - allowed}")
    own = batch is None and sql.held() is None
    batch = batch or sql.held() or sql.Batch()
    sql.update(list(seats), list(fields), batch)
    if own:
        batch.run()


def bump(game: Game, *fields: str, batch: sql.Batch | None = None) -> None:
    """A change anyone can see: the table's version goes up (with `fields` of the table)."""
    table = game.table
    table.version += 1
    table.updated_at = timezone.now()
    own = batch is None
    batch = batch or sql.Batch()
    sql.update([table], sorted({"version", "updated_at", *fields}), batch)
    if own:
        batch.run()


# ------------------------------------------------------------------------------ the lobby
def new_table(table: Table, host) -> Game:
    table.version = 1
    commit_to_deal(table, 1)  # shown from now on: the players add their seeds to it
    table.save()
    return Game(table, [Seat.objects.create(table=table, number=0, user=host)])


def add_seat(game: Game, *, user=None, bot_level: str | None = None) -> Seat:
    """The next seat, for a person or a bot."""
    seat = Seat.objects.create(
        table=game.table, number=len(game.seats), user=user, bot_level=bot_level,
        state=Seat.State.PLAYING if user is not None else Seat.State.BOT)
    game.seats.append(seat)
    return seat


def remove_seat(game: Game, seat: Seat) -> None:
    """Give a seat back before the deal: the seats after it move up."""
    seat.delete()
    for later in [s for s in game.seats if s.number > seat.number]:
        # One at a time, lowest first, so that numbers stay unique throughout.
        later.number -= 1
        write_seats([later], ["number"])
    game.seats = [s for s in game.seats if s.pk != seat.pk]
    seat_given_back(game.table, seat.number)


def delete_table(game: Game) -> None:
    game.table.delete()


def new_invitation(game: Game, by, user, address: str) -> Invitation:
    """An invitation of `user` (an account) or `address` (neither: see the model) by the host."""
    return Invitation.objects.create(table=game.table, invited_by=by, user=user, address=address)


def use_invitation(invitation: Invitation, user, now: datetime) -> None:
    """The invitation seated `user`: it is used, and names the account that used it."""
    invitation.user, invitation.used_at = user, now
    invitation.save(update_fields=["user", "used_at"])


def deal(game: Game, state: GameState, deadline_at: datetime | None,
         remind_at: datetime | None) -> None:
    """Store a freshly dealt round and make it the table's current round, and commit to the
    deal after it if one is to come (the caller writes the table, `NEXT_DEAL` included)."""
    table = game.table
    seed, salt, committed = seed_and_commitment(table, state.round_number)
    round_row = Round.objects.create(
        table=table, number=state.round_number, dealer=state.dealer,
        started_at=timezone.now(), deadline_at=deadline_at, remind_at=remind_at,
        seed=seed, salt=salt, commitment=committed, players=players_of(game.seats, state),
        client_seeds=client_seeds_json(state.round_seeds), **round_fields(state))
    if state.status == PLAYING and state.options.scoring == TARGET:
        commit_to_deal(table, state.round_number + 1)
    else:
        no_next_deal(table)
    game.hands = Hand.objects.bulk_create(
        Hand(round=round_row, seat=seat, cards=hand_cards(state, seat))
        for seat in range(state.players))
    game.round = game.table.current_round = round_row
    game.state = state


def log_first_deal(game: Game, events: list[Event], now: datetime) -> None:
    """The first round's deal in the move log, at the table's version (after its bump)."""
    row = _log_row(game, deal_entry(game.state, events), game.table.version, MoveRow.By.DEALER,
                   now)
    row.save()
    game.logged.append(log_entry({name: getattr(row, name) for name in LOG_FIELDS}))


def _log_row(game: Game, entry: dict, version: int, by: str, now: datetime) -> MoveRow:
    events = entry["events"]
    if entry["action"] == "deal" and game.round.commitment:
        # The deal shows the commitment to its round's seed in the log too.
        events = [{**e, "commitment": game.round.commitment} if e["kind"] == "dealt" else e
                  for e in events]
    return MoveRow(table=game.table, version=version, round_number=entry["round"],
                   seat=entry["seat"], action=entry["action"], card=entry["card"],
                   color=entry["color"], target=entry["target"], by=by, events=events,
                   created_at=now)


# ------------------------------------------------------------------------------- a move
def save_move(game: Game, seat: int, move: Move, result: Applied, *, by: str, now: datetime,
              deadline: tuple[datetime | None, datetime | None],
              swapped: Sequence[Seat] = (), batch: sql.Batch | None = None) -> None:
    """Store an accepted move and its log row; `game` is then the table after it.

    `deadline` is (deadline_at, remind_at) of the turn that follows (of the next round's first
    turn when the move ended a round). `swapped` are seats whose player changed between the
    rounds (they are written whole). The writes go in one batch: `batch`, which the caller
    runs (with the move's emails: `move_batch`), or one of its own, run at once."""
    run_here = batch is None
    batch = batch or sql.Batch()
    table = game.table
    table_fields = {"version", "rated"}  # `rated`: the service turns it off when a bot plays
    before = game.state
    own, *dealt = move_entries(seat, move, result)
    rows = [_log_row(game, own, table.version + 1, by, now)]
    ended_round = game.round
    if result.ended is not None:
        _save_round(game, before, result.ended, (None, None), now, batch)
        deal(game, result.state, *deadline)
        table_fields |= {"current_round", *NEXT_DEAL}
        # The next round's deal is an entry (and a version) of its own.
        rows.append(_log_row(game, dealt[0], table.version + 2, MoveRow.By.DEALER, now))
    else:
        _save_round(game, before, result.state, deadline, now, batch)
    after = result.state
    changed = []
    for row in game.seats[:after.players]:
        results = seat_results(row, after)
        if (row.score, row.state, row.left_points) != results and row not in swapped:
            row.score, row.state, row.left_points = results
            changed.append(row)
    write_seats(changed, ["score", "state", "left_points"], batch)
    for row in swapped:
        row.score, row.state, row.left_points = seat_results(row, after)
    write_seats(swapped, SEAT_FIELDS, batch)
    if after.status == "finished" and table.status != Table.Status.FINISHED:
        table.status, table.winner = Table.Status.FINISHED, after.winner
        no_next_deal(table)  # seeds sent for a deal that never comes are dropped
        table_fields |= {"status", "winner", *NEXT_DEAL}
    last = last_round_json(after)
    if last is not None and (table.last_round or {}).get("number") != last["number"]:
        # The round that ended shows its seed and salt from now on.
        table.last_round = {**last, **revealed(ended_round)}
        table_fields.add("last_round")
    table.version = rows[-1].version
    table.updated_at = timezone.now()
    sql.update([table], sorted({*table_fields, "updated_at"}), batch)
    sql.insert_many(rows, batch)
    if run_here:
        batch.run()
    game.state = after
    game.logged += [log_entry({name: getattr(row, name) for name in LOG_FIELDS}) for row in rows]


def move_batch() -> sql.Batch:
    """A batch for a move's writes, which its caller runs with the statement that writes the
    move's emails (`Batch.run`'s `last`): one round trip for both. Inside `sql.written_together`,
    the batch of them all (see `sql.deferred`)."""
    return sql.held() or sql.Batch()


def revealed(round_row: Round) -> dict:
    """A round's commitment and players' seeds, with its seed and salt (to show once it has
    ended)."""
    return {"commitment": round_row.commitment or None, "seed": round_row.seed or None,
            "salt": round_row.salt or None, "client_seeds": round_row.client_seeds or []}


def _save_round(game: Game, before: GameState, after: GameState,
                deadline: tuple[datetime | None, datetime | None], now: datetime,
                batch: sql.Batch) -> None:
    """The current round's fields, and the hands that changed."""
    round_row = game.round
    for name, value in round_fields(after).items():
        setattr(round_row, name, value)
    round_row.deadline_at, round_row.remind_at = deadline
    if after.round_status != "playing" and round_row.ended_at is None:
        round_row.ended_at = now
    sql.update([round_row], ROUND_CHANGES, batch)
    changed = []
    for hand_row, old, new in zip(game.hands, before.hands, after.hands, strict=True):
        if old != new:
            hand_row.cards = hand_cards(after, hand_row.seat)
            changed.append(hand_row)
    sql.update(changed, ["cards"], batch)


def remember_answer(game: Game, seat: int, key: str, request: dict, refused: str,
                    body: dict) -> None:
    """The first answer to a move sent with an Idempotency-Key (`request`: the move as asked;
    `refused`: the reason code, or "" when the move was accepted)."""
    IdempotentAnswer.objects.create(table=game.table, seat=seat, key=key, request=request,
                                    refused=refused, body=body)


def forget_answers(before: datetime) -> int:
    return IdempotentAnswer.objects.filter(created_at__lt=before).delete()[0]


# --------------------------------------------------------------------------- the clock
def see_seat(table_id: int, user, now: datetime, seen_before: datetime) -> None:
    """The seat's player was seen at `now`: written only if last seen before `seen_before`
    (one conditional UPDATE, no lock)."""
    Seat.objects.filter(
        Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=seen_before),
        table_id=table_id, user=user,
    ).update(last_seen_at=now)


def see_everyone(game: Game, now: datetime) -> None:
    """Every person seated was seen at `now` (the deal of a real-time table)."""
    people = [seat for seat in game.seats if seat.user_id is not None]
    for seat in people:
        seat.last_seen_at = now
    write_seats(people, ["last_seen_at"])


def claim_reminder(round_id: int, remind_at: datetime) -> bool:
    """Take the round's reminder for sending: True for exactly one claimer, and only while the
    reminder is still the one read (a move since then set another, or none)."""
    return Round.objects.filter(pk=round_id, remind_at=remind_at).update(remind_at=None) == 1


def postpone_deadline(table_id: int, deadline: datetime, until: datetime) -> None:
    """A table whose expiry failed is tried again at `until` (if its deadline is unchanged)."""
    Round.objects.filter(table_id=table_id, deadline_at=deadline).update(deadline_at=until)
