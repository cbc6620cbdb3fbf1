"""Every committed change of a table, told to whoever watches it (the event stream of
`GET /api/tables/{id}/events`, docs/api.md).

A table locked for a change (`tables.locked`) is watched: once the transaction commits, if its
version moved, each viewer's event is published on a Redis channel of its own (one per seat,
one for spectators), so a web process serving a stream receives only what its viewer may see,
and nothing is published for a change that rolled back. An event names the version it brings
the viewer to and the one it starts from, and carries the viewer's state and the move log
entries in between (a bot's run may make many moves in one transaction). A stream whose viewer
was not at `from` reads what it missed from the database instead (`watching.catch_up`).

Before a table's events, its version is written to a key of its own (`version_key`): a stream
that opens reads the table from the database, subscribes, then reads the key; a version there
newer than the one it read is an event published before it subscribed, and it reads the
database again (`games.api.stream`).

A message is one header line (`kind version from`, `-` for none) and the event's JSON: a web
process hands the JSON on as it came, without reading it (`read_message`), so a process serving
thousands of streams spends nothing per viewer on JSON. An event of another kind than `state`
(one that moves no version) is published with `message(kind, None, None, data)`.

Without Redis (the embedded set-up of `make run`) nothing is published: streams read the
table's version from the database at a short interval.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import redis
from django.conf import settings
from django.db import transaction

from games.models import Seat
from games.storage.reads import Game
from games.storage.sql import DB
from wildcards import after_response

from .shown import log_view, state_view


def channel(table_id: int, seat: int | None) -> str:
    """Redis channels are shared by all its databases: the name says which site's database
    the table is in, so tests in parallel and a `make run` beside them never hear each other."""
    return _table_prefix(table_id) + ("public" if seat is None else f"seat:{seat}")


def version_key(table_id: int) -> str:
    """The Redis key of the table's last published version (`published_version`)."""
    return _table_prefix(table_id) + "version"


def every_channel() -> str:
    """The pattern every table's channel matches (a web process subscribes to it once): its
    text before the `*`, then the table's number, then `:`."""
    return _tables() + "*"


def _table_prefix(table_id: int) -> str:
    return f"{_tables()}{table_id}:"


def _tables() -> str:
    # (The settings' name, which a test database's creation changes too: `connections[DB]`
    # costs more, on a stream's event loop above all.)
    return f"wildcards:{settings.DATABASES[DB]['NAME']}:table:"


# Seconds a table's last published version is kept after its last change: a stream opened on a
# table quiet for longer reads the table's version from the database instead.
VERSION_KEPT = 7 * 24 * 3600
# The key raised to the version, never lowered: two moves' publishes may cross on their way.
_RAISE_VERSION = """
local known = tonumber(redis.call('GET', KEYS[1]))
if known == nil or known < tonumber(ARGV[1]) then
  return redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
return redis.call('EXPIRE', KEYS[1], ARGV[2])
"""


def event(game: Game, seat: Seat | None, start: int, moves: list[dict]) -> dict:
    """What the viewer in `seat` (None: a spectator) is told of the change from version
    `start` to the table's version now; `moves` are the log entries in between."""
    return {"table": game.table.pk, "version": game.table.version, "from": start,
            "state": state_view(game, seat),
            "moves": log_view(moves, seat.number if seat is not None else None)}


@dataclass(frozen=True)
class Published:
    """A message as a web process reads it: its kind, the version it brings its viewer to and
    the one it starts from (None both for an event that moves no version), and its data as the
    JSON text that was published."""

    kind: str
    version: int | None
    start: int | None
    data: str


def message(kind: str, version: int | None, start: int | None, data: dict) -> str:
    return f"{kind} {_number(version)} {_number(start)}\n{json.dumps(data)}"


def read_message(raw: bytes | str) -> Published:
    """A published message; ValueError for anything else."""
    text = raw.decode() if isinstance(raw, bytes) else raw
    header, _, data = text.partition("\n")
    kind, version, start = header.split(" ")
    return Published(kind, _read_number(version), _read_number(start), data)


def version_of_message(raw: bytes) -> int | None:
    """The version a published message brings its viewer to (its header alone is read);
    ValueError for anything but one of ours."""
    _, version, _ = raw.partition(b"\n")[0].split(b" ")
    return _read_number(version.decode())


def _number(value: int | None) -> str:
    return "-" if value is None else str(value)


def _read_number(text: str) -> int | None:
    return None if text == "-" else int(text)


# Inside `published_together`: the tables watched, with their versions when they were locked.
_watched: ContextVar[list[tuple[Game, int]] | None] = ContextVar("watched", default=None)


def watch(game: Game) -> None:
    """Publish the table's change when the transaction that locked it commits."""
    if not settings.REDIS_URL:
        return
    start = game.table.version
    watched = _watched.get()
    if watched is not None:
        watched.append((game, start))
        return
    transaction.on_commit(lambda: _committed([(game, start)]), robust=True)


@contextmanager
def published_together() -> Iterator[None]:
    """The changes of the tables watched inside are published together once the transaction
    commits, in one round trip to Redis (the sweep's hundred tables a transaction); none if it
    ends with an exception."""
    watched: list[tuple[Game, int]] = []
    token = _watched.set(watched)
    try:
        yield
    finally:
        _watched.reset(token)
    if watched:
        transaction.on_commit(lambda: _committed(watched), robust=True)


def _committed(watched: list[tuple[Game, int]]) -> None:
    changed = [(game, start) for game, start in watched if game.table.version != start]
    if changed:
        after_response.soon(lambda: publish_many(changed))


@functools.cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def tell_viewers(table_id: int, said: dict[int | None, dict]) -> None:
    """What is no change of the game (a chat message: `kind` says what) to each viewer's
    channel, `said[seat]` (None: the spectators'), once the transaction commits; the table's
    version is not involved, and streams pass it on as it comes."""
    if not settings.REDIS_URL or not said:
        return

    def send() -> None:
        with _client(settings.REDIS_URL).pipeline(transaction=False) as pipe:
            for seat, data in said.items():
                fields = {name: value for name, value in data.items() if name != "kind"}
                pipe.publish(channel(table_id, seat), message(data["kind"], None, None, fields))
            pipe.execute()

    transaction.on_commit(lambda: after_response.soon(send), robust=True)


def publish(game: Game, start: int) -> None:
    """One round trip: each seat's event on its channel, and the spectators' if they may
    watch."""
    publish_many([(game, start)])


def publish_many(changed: list[tuple[Game, int]]) -> None:
    """`publish` for many tables, in one round trip. Each table's version key is raised before
    its events go out: a stream that subscribed too late for an event finds its version there
    (`games.api.stream`)."""
    with _client(settings.REDIS_URL).pipeline(transaction=False) as pipe:
        for game, start in changed:
            table = game.table
            pipe.eval(_RAISE_VERSION, 1, version_key(table.pk), table.version, VERSION_KEPT)
            viewers: list[Seat | None] = list(game.seats)
            if table.settings.spectators:
                viewers.append(None)
            for seat in viewers:
                pipe.publish(channel(table.pk, seat.number if seat is not None else None),
                             message("state", table.version, start,
                                     event(game, seat, start, game.logged)))
        pipe.execute()
