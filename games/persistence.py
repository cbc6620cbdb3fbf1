"""Between the rows of `games.models` and the engine's `GameState`.

`load` reads a table in two queries (the table, locked alone when asked; then the seats with
their users and email preferences, the hands and their round), whatever the size of the hands or
the length of the history; `save_round` and `save_seats_and_table` write back only what a move
changed, into one `sqlrows.Batch`. The SQL of these hot paths is written once
(`wildcards/sqlrows.py`), not compiled by the ORM on every request.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connections
from django.utils import timezone

from games.rules import COLORS, GameState, Options, RoundSummary, rules_for
from games.rules.cards import COLOR_INDEX
from games.rules.state import FINISHED, NONE, PLAYING
from notifications import preferences
from notifications.models import Preference
from wildcards import sqlrows

from .models import DiscardEntry, Hand, Round, Seat, Table


@dataclass
class Game:
    """A table as loaded for one request: rows and, once dealt, the engine's state."""

    table: Table
    seats: list[Seat]
    round: Round | None = None
    hands: list[Hand] | None = None
    state: GameState | None = None

    def seat_of(self, user) -> Seat | None:
        if user is None or not user.is_authenticated:
            return None
        return next((seat for seat in self.seats if seat.user_id == user.pk), None)


def options_of(table: Table) -> Options:
    return Options(
        stacking=table.stacking, seven_zero=table.seven_zero, jump_in=table.jump_in,
        draw_until_playable=table.draw_until_playable, scoring=table.scoring,
        target=table.target,
    )


# SQL written once (wildcards.sqlrows): these run on every state read and every move.
_TABLE = sqlrows.Columns(Table, "t")
_SEAT = sqlrows.Columns(Seat, "s")
_USER = sqlrows.Columns(get_user_model(), "u")
_ROUND = sqlrows.Columns(Round, "r")
_HAND = sqlrows.Columns(Hand, "h")
_PREFERENCE = sqlrows.Columns(Preference, "p")


def load(table_id: int, *, lock: bool = False) -> Game:
    """The table, its seats and its current round, in two queries. With `lock`, the table row
    stays locked until the transaction ends: every writer takes this lock first, so moves are
    serialized."""
    return load_game(load_table(table_id, lock=lock))


def load_table(table_id: int, *, lock: bool = False) -> Table:
    """The table row alone (one query); Table.DoesNotExist if there is none."""
    # The locking query reads the table alone: after waiting for the lock, PostgreSQL reads
    # the locked row again as the winner left it (a joined row would come back as it was
    # before). The seats and the round come from a later statement, which sees the winner's
    # commit.
    locking = lock and connections[sqlrows.DB].features.has_select_for_update
    rows = sqlrows.fetch(
        f"SELECT {_TABLE.sql} FROM {sqlrows.table(Table)} t WHERE t.id = %s"
        f"{' FOR UPDATE' if locking else ''}", [table_id])
    if not rows:
        raise Table.DoesNotExist(f"no table {table_id}")
    return _TABLE.build(rows[0])


def load_game(table: Table, *, with_round: bool = True) -> Game:
    """The seats of `table` with their users and, unless `with_round` is off or nothing is
    dealt yet, the current round, its hands and the engine's state: one query."""
    round_id = table.current_round_id if with_round else None
    # The users' email preferences come along: a move at a turn-by-turn table emails the next
    # player, if they want it.
    columns = f"{_SEAT.sql}, {_USER.sql}, {_PREFERENCE.sql}"
    joins = f"LEFT OUTER JOIN {sqlrows.table(Preference)} p ON p.user_id = s.user_id "
    if round_id is not None:
        # One row per seat, its hand and the round beside it (the round is read from the first
        # row only).
        columns += f", {_HAND.sql}, {_ROUND.sql}"
        joins += (f"LEFT OUTER JOIN {sqlrows.table(Hand)} h ON h.round_id = %s "
                 f"AND h.seat = s.number "
                 f"LEFT OUTER JOIN {sqlrows.table(Round)} r ON r.id = h.round_id ")
    rows = sqlrows.fetch(
        f"SELECT {columns} FROM {sqlrows.table(Seat)} s "
        f"LEFT OUTER JOIN {sqlrows.table(_USER.model)} u ON u.id = s.user_id {joins}"
        f"WHERE s.table_id = %s ORDER BY s.number",
        [table.pk] if round_id is None else [round_id, table.pk])
    game = Game(table, [])
    hands, round_row = [], None
    at_hand = _SEAT.width + _USER.width + _PREFERENCE.width
    for row in rows:
        seat = _SEAT.build(row)
        user = _USER.build_or_none(row, _SEAT.width)
        if user is not None:
            preferences.remember(user, _PREFERENCE.build_or_none(row, _SEAT.width + _USER.width))
        Seat.user.field.set_cached_value(seat, user)
        Seat.table.field.set_cached_value(seat, table)
        game.seats.append(seat)
        if round_id is not None and row[at_hand] is not None:
            hand = _HAND.build(row, at_hand)
            if round_row is None:
                round_row = _ROUND.build(row, at_hand + _HAND.width)
            Hand.round.field.set_cached_value(hand, round_row)
            hands.append(hand)
    if round_row is not None:
        table.current_round = round_row
        game.round, game.hands = round_row, hands
        game.state = _state(table, game.seats, round_row, hands, round_row.discard)
    return game


def _state(table: Table, seats: list[Seat], r: Round, hands: list[Hand], discard: list[str]):
    ids = rules_for(table.deck).deck.ids
    last = table.last_round
    return GameState(
        table.deck, options_of(table), len(hands), table.seed,
        [seat.score for seat in seats[:len(hands)]],
        [seat.state == Seat.State.LEFT for seat in seats[:len(hands)]],
        [seat.left_points for seat in seats[:len(hands)]],
        status=FINISHED if table.status == Table.Status.FINISHED else PLAYING,
        winner=table.winner,
        last_round=None if last is None else RoundSummary(
            last["number"], last["dealer"], last["status"], last["winner"], last["points"],
            tuple(tuple(ids[c] for c in last["hands"][str(seat)]) for seat in range(len(hands))),
        ),
        round_number=r.number, dealer=r.dealer,
        hands=[[ids[code] for code in hand.cards] for hand in hands],
        draw_pile=[ids[code] for code in r.draw_pile],
        discard=[ids[code] for code in discard],
        color=NONE if r.color is None else COLOR_INDEX[r.color],
        direction=r.direction, turn=r.turn, penalty=r.penalty,
        drawn=NONE if r.drawn is None else ids[r.drawn],
        jump_open=r.jump_open, shuffles=r.shuffles, round_status=r.status,
        round_winner=r.winner, round_points=r.points,
    )


def create_round(game: Game, state: GameState, deadline_at=None, remind_at=None) -> None:
    """Store a freshly dealt round and make it the table's current round."""
    codes = rules_for(state).deck.codes
    now = timezone.now()
    round_row = Round.objects.create(
        table=game.table, number=state.round_number, dealer=state.dealer, started_at=now,
        **_round_fields(state, codes),
        discard_from=0, discard_next=len(state.discard),
        deadline_at=deadline_at, remind_at=remind_at,
    )
    game.hands = Hand.objects.bulk_create(
        Hand(round=round_row, seat=seat, cards=[codes[c] for c in hand])
        for seat, hand in enumerate(state.hands)
    )
    DiscardEntry.objects.bulk_create(
        DiscardEntry(round=round_row, position=i, card=codes[c])
        for i, c in enumerate(state.discard)
    )
    game.round = round_row
    game.table.current_round = round_row
    game.state = state


def _round_fields(state: GameState, codes: tuple[str, ...]) -> dict:
    return {
        "turn": state.turn, "direction": state.direction,
        "color": None if state.color == NONE else COLORS[state.color],
        "penalty": state.penalty, "drawn": None if state.drawn == NONE else codes[state.drawn],
        "jump_open": state.jump_open, "shuffles": state.shuffles, "status": state.round_status,
        "winner": state.round_winner, "points": state.round_points,
        "draw_pile": [codes[c] for c in state.draw_pile],
        "discard": [codes[c] for c in state.discard],
    }


def save_round(game: Game, after: GameState, laid: int,
               batch: sqlrows.Batch | None = None) -> None:
    """Write what a move changed in the current round: its fields, the hands that changed, the
    cards laid on the discard pile (`laid` of them, the last ones of `after.discard`); into
    `batch` if there is one."""
    before = game.state
    codes = rules_for(after).deck.codes
    round_row = game.round
    for name, value in _round_fields(after, codes).items():
        setattr(round_row, name, value)
    round_row.discard_next += laid
    round_row.discard_from = round_row.discard_next - len(after.discard)
    if after.round_status != "playing" and round_row.ended_at is None:
        round_row.ended_at = timezone.now()
    sqlrows.update([round_row], _ROUND_CHANGES, batch)
    changed = []
    for hand_row, old, new in zip(game.hands, before.hands, after.hands, strict=True):
        if old != new:
            hand_row.cards = [codes[c] for c in new]
            changed.append(hand_row)
    sqlrows.update(changed, ["cards"], batch)
    if laid:
        first = round_row.discard_next - laid
        sqlrows.insert_many([
            DiscardEntry(round=round_row, position=first + i, card=codes[c])
            for i, c in enumerate(after.discard[-laid:])
        ], batch)
    game.state = after


# What a move may change in its round (the rest is fixed at the deal).
_ROUND_CHANGES = (
    "turn", "direction", "color", "penalty", "drawn", "jump_open", "shuffles", "status",
    "winner", "points", "draw_pile", "discard", "discard_from", "discard_next", "deadline_at",
    "remind_at", "ended_at",
)



def save_seats_and_table(game: Game, after: GameState, fields: set[str],
                         batch: sqlrows.Batch | None = None) -> None:
    """Scores, seats that left and the table's status; the caller bumps the version. Into
    `batch` if there is one."""
    changed = []
    for seat, score, left, points in zip(
        game.seats, after.scores, after.left, after.left_points, strict=False
    ):
        new_state = Seat.State.LEFT if left else seat.state
        if (seat.score, seat.state, seat.left_points) != (score, new_state, points):
            seat.score, seat.state, seat.left_points = score, new_state, points
            changed.append(seat)
    sqlrows.update(changed, ["score", "state", "left_points"], batch)
    table = game.table
    codes = rules_for(after).deck.codes
    if after.status == FINISHED and table.status != Table.Status.FINISHED:
        table.status = Table.Status.FINISHED
        table.winner = after.winner
        fields |= {"status", "winner"}
    last = after.last_round
    if last is not None and (table.last_round or {}).get("number") != last.number:
        table.last_round = {
            "number": last.number, "dealer": last.dealer, "status": last.status,
            "winner": last.winner, "points": last.points,
            "hands": {str(seat): [codes[c] for c in hand] for seat, hand in enumerate(last.hands)},
        }
        fields.add("last_round")
    table.updated_at = timezone.now()
    sqlrows.update([table], sorted({*fields, "updated_at"}), batch)

