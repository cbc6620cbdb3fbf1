"""The table chat: short messages and quick reactions between the people seated at a table
(docs/playing.md, "Table chat"). Spectators read it where the table lets them watch. None of it
is part of the game: no version moves, nothing enters the move log or the game record.

A message is kept as written (the pages escape it), at most MAX_LENGTH characters, and at most
RATE[0] a person per RATE[1] seconds at a table. A reader never sees the messages of a person
they mute (at every table); the host may hide a message from everyone else, and show it again.
Anyone who reads a message may report it to the operator (the admin's list of reports). New
messages, and hidden ones, reach open streams as `chat` events (`events.tell_viewers`).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.models import ChatMessage
from games.storage import chat as stored
from games.storage.reads import Game

from . import events, viewing
from .errors import GameError, not_seated
from .shown import iso

MAX_LENGTH = 500
RATE = (10, 60)  # messages, seconds: a person's at one table
PAGE = 100  # messages a read gives at most
REACTIONS = ("Good game", "Well played", "Oops")
KIND = "chat"


class TooManyMessages(GameError):
    """The rate is spent: `retry_after` seconds until the next message may go."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("too-many-messages",
                         f"You have sent {RATE[0]} messages at this table in the last "
                         f"{RATE[1]} seconds: wait {retry_after} s before the next one.")
        self.retry_after = retry_after


def reader(table_id: int, user) -> tuple[Game, int | None]:
    """The table with its seats and the user's seat number (None: a spectator of a table that
    lets people watch); `not-seated` for anyone else."""
    game = viewing.table_of(table_id)
    seat = viewing.viewer(game, user)
    return game, seat.number if seat is not None else None


def messages_for(table_id: int, user, after: int | None = None) -> list[dict]:
    """The messages the user may read, oldest first: the last PAGE, or the first PAGE after
    the message `after`. The host also reads those they hid (`hidden`: true)."""
    game, _ = reader(table_id, user)
    return messages_at(game, user, after)


def messages_at(game: Game, user, after: int | None = None) -> list[dict]:
    """`messages_for` at a table already loaded with its seats (the table's page has it);
    `not-seated` for someone who may not read it."""
    viewing.viewer(game, user)
    table_id = game.table.pk
    is_host = game.table.host_id == user.pk
    rows = stored.messages(table_id, user.pk, after=after, limit=PAGE, with_hidden=is_host)
    seats = seats_by_user(game)
    return [shown(row, seats, is_host) for row in rows]


def watchers_read(game: Game) -> bool:
    """Whether people without a seat read the chat: where the table lets them watch (no setting
    of its own)."""
    return game.table.settings.spectators


def seats_by_user(game: Game) -> dict[int, int]:
    return {seat.user_id: seat.number for seat in game.seats if seat.user_id is not None}


def shown(row: dict, seats: dict[int, int], is_host: bool) -> dict:
    """A message as the API gives it: `seat` is the author's seat now (null if they gave it
    back before the deal); the host sees `hidden` on each."""
    message = {"id": row["id"], "seat": seats.get(row["author_id"]),
               "name": row["author__username"], "text": row["text"],
               "at": iso(row["created_at"])}
    if is_host:
        message["hidden"] = row["hidden_at"] is not None
    return message


def post(table_id: int, user, text: str) -> dict:
    """A message from the user's seat, as written. `empty`, `too-long`, `not-seated`,
    `too-many-messages` (with `retry_after`)."""
    if not isinstance(text, str) or not text.strip():
        raise GameError("empty", "Write something: the message is empty.", field="text")
    if len(text) > MAX_LENGTH:
        raise GameError("too-long", f"A message holds at most {MAX_LENGTH} characters; this "
                                    f"one has {len(text)}.", field="text")
    if "\x00" in text:
        raise GameError("invalid", "A message cannot hold the character NUL.", field="text")
    now = timezone.now()
    with transaction.atomic():
        if stored.lock_seat(table_id, user) is None:
            viewing.table_of(table_id)  # `not-found` for a table that is not there
            raise not_seated()
        _check_rate(table_id, user.pk, now)
        message = stored.add_message(table_id, user, text, now)
        row = _row(message)
        game = viewing.table_of(table_id)
        _tell(game, row, user.pk)
        return shown(row, seats_by_user(game), game.table.host_id == user.pk)


def _check_rate(table_id: int, author_id: int, now: datetime) -> None:
    count, seconds = RATE
    recent = stored.times_since(table_id, author_id, now - timedelta(seconds=seconds))
    if len(recent) >= count:
        free_at = recent[-count] + timedelta(seconds=seconds)
        raise TooManyMessages(max(1, math.ceil((free_at - now).total_seconds())))


def _row(message: ChatMessage) -> dict:
    return {"id": message.pk, "author_id": message.author_id,
            "author__username": message.author.username, "text": message.text,
            "created_at": message.created_at, "hidden_at": message.hidden_at}


def _tell(game: Game, row: dict, author_id: int) -> None:
    """The message to every open stream of the table that may read it: not to those who mute
    its author; a hidden one to the host alone, the others told to drop it."""
    table = game.table
    seats = seats_by_user(game)
    muting = stored.muting(author_id, list(seats))
    hidden = row["hidden_at"] is not None
    said: dict[int | None, dict] = {}
    for seat in game.seats:
        if seat.user_id is None or seat.user_id in muting:
            continue
        is_host = seat.user_id == table.host_id
        if hidden and not is_host:
            said[seat.number] = {"kind": KIND, "table": table.pk, "gone": row["id"]}
        else:
            said[seat.number] = {"kind": KIND, "table": table.pk,
                                 "message": shown(row, seats, is_host)}
    if watchers_read(game):
        said[None] = ({"kind": KIND, "table": table.pk, "gone": row["id"]} if hidden else
                      {"kind": KIND, "table": table.pk, "message": shown(row, seats, False)})
    events.tell_viewers(table.pk, said)


def hide(table_id: int, user, message_id: int, hidden: bool | None) -> dict:
    """The host hides a message from everyone else, or shows it again (None: leaves it as it
    is). `host-only`, `no-such-message`."""
    with transaction.atomic():
        game = viewing.table_of(table_id)
        if game.table.host_id != user.pk:
            raise GameError("host-only", "Only the host of the table may hide a message.")
        message = _message(table_id, message_id)
        if hidden is not None and (message.hidden_at is not None) != hidden:
            stored.set_hidden(message, timezone.now() if hidden else None)
            _tell(game, _row(message), message.author_id)
        return shown(_row(message), seats_by_user(game), True)


def _message(table_id: int, message_id: int) -> ChatMessage:
    message = stored.message(table_id, message_id)
    if message is None:
        raise GameError("no-such-message", "No such message at this table.")
    return message


def operator_hides(report_ids: list[int]) -> int:
    """The operator hides the messages of these reports from everyone (the host still reads
    them) and marks the reports handled. Returns how many messages were hidden now."""
    now = timezone.now()
    hidden = 0
    with transaction.atomic():
        for message in stored.reported_messages(report_ids):
            if message.hidden_at is None:
                stored.set_hidden(message, now)
                _tell(viewing.table_of(message.table_id), _row(message), message.author_id)
                hidden += 1
        stored.handle_reports(report_ids, now)
    return hidden


def operator_handled(report_ids: list[int]) -> int:
    """The operator has dealt with these reports, the message left as it is."""
    return stored.handle_reports(report_ids, timezone.now())


def report(table_id: int, user, message_id: int, reason: str = "") -> bool:
    """Report a message the user may read to the operator. True for a first report, False if
    the user had reported it already. `cannot-report-own`, `no-such-message`."""
    if len(reason) > MAX_LENGTH:
        raise GameError("too-long", f"A reason holds at most {MAX_LENGTH} characters.",
                        field="reason")
    game, _ = reader(table_id, user)
    message = _message(table_id, message_id)
    hidden_from_user = message.hidden_at is not None and game.table.host_id != user.pk
    if hidden_from_user or stored.muting(message.author_id, [user.pk]):
        raise GameError("no-such-message", "No such message at this table.")
    if message.author_id == user.pk:
        raise GameError("cannot-report-own", "You cannot report your own message.")
    return stored.add_report(message, user, reason, timezone.now())


def muted(user) -> list[str]:
    """The names of the people the user mutes."""
    return stored.muted_names(user)


def muted_at(game: Game, user) -> list[str]:
    """The names of the people seated at the table whom the user mutes."""
    seated = {seat.user_id for seat in game.seats if seat.user_id is not None}
    return sorted(stored.muted_among(user, seated))


def mute(user, name: str, muting: bool = True) -> list[str]:
    """Mute (or unmute) the person named `name` at every table: the user no longer reads
    their messages. `no-such-player`, `cannot-mute-yourself`."""
    other = stored.person_named(name) if "\x00" not in name else None
    if other is None or not other.is_active:
        raise GameError("no-such-player", f"No player is called {name!r}.", field="name")
    if other.pk == user.pk:
        raise GameError("cannot-mute-yourself", "You cannot mute yourself.", field="name")
    if muting:
        stored.mute(user, other)
    else:
        stored.unmute(user, other)
    return stored.muted_names(user)


def forget_person(user) -> int:
    """Before an account is closed: every message the person wrote goes, with their reports
    and mutes. Returns how many messages went."""
    return stored.forget(user)
