"""A stream the server cannot serve now is never an error a browser's EventSource gives up on
(any status but 200): it is a 200 whose only line is a jittered `retry:`, and it ends (issue
29). And no request is a 500 because every database connection of the process was busy."""

from __future__ import annotations

import random
import re
import time
import types

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.db import OperationalError
from psycopg_pool import PoolTimeout
from stream_client import Stream

from games.api import hub, stream_retry
from games.service import events
from wildcards import admission
from wildcards.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

ANA_CARDS = ["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"]
BEN_CARDS = ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]
RETRY = re.compile(r"retry: (\d+)\n\n")


@pytest.fixture
def game(rigged_table):
    """Ana and Ben; Ben plays first on a red 5."""
    return rigged_table([ANA_CARDS, BEN_CARDS], "flame-5", draw=["leaf-6", "leaf-7"])


def pool_timeout() -> OperationalError:
    """What Django raises when psycopg's pool gave no connection in time."""
    try:
        try:
            raise PoolTimeout("couldn't get a connection after 10.00 sec")
        except PoolTimeout as cause:
            raise OperationalError(str(cause)) from cause
    except OperationalError as error:
        return error


def asgi_get(path: str, token: str) -> list[dict]:
    """The messages the site's ASGI application sends for a GET of `path`."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 5000),
             "server": ("testserver", 80),
             "headers": [(b"host", b"testserver"), (b"accept", b"text/event-stream"),
                         (b"authorization", f"Token {token}".encode())]}
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    async_to_sync(application)(scope, receive, send)
    return sent


def test_a_stream_the_process_has_no_room_to_open_is_a_200_that_says_when_to_come_back(
        game, monkeypatch, django_assert_num_queries):
    table, (ana, _) = game
    monkeypatch.setattr(stream_retry.OPENING_GATE, "limit", 0)  # every opening one too many
    monkeypatch.setattr(stream_retry.OPENING_GATE, "hold", 0.0)  # and none may wait its turn
    monkeypatch.setattr(stream_retry.OPENING_GATE, "_next_slot", 0.0)  # (earlier tests' ones)
    with django_assert_num_queries(0):  # answered before Django: no query, no thread
        sent = asgi_get(f"/api/tables/{table}/events", ana.token)
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    assert start["status"] == 200
    assert (b"content-type", b"text/event-stream") in start["headers"]
    waited = RETRY.fullmatch(body.decode())
    assert waited and 1000 <= int(waited.group(1)) <= 10000
    assert not sent[-1].get("more_body")  # it ends: the browser comes back after the wait


def test_a_stream_a_sibling_process_has_room_for_comes_back_at_once_on_a_new_connection(
        game, monkeypatch, django_assert_num_queries):
    table, (ana, _) = game
    monkeypatch.setattr(stream_retry.OPENING_GATE, "limit", 0)
    monkeypatch.setattr(stream_retry.OPENING_GATE, "hold", 0.0)
    monkeypatch.setattr(stream_retry.OPENING_GATE, "elsewhere", 1)  # (`wildcards.balance`)
    monkeypatch.setattr(stream_retry.OPENING_GATE, "_next_slot", time.monotonic() + 60)
    with django_assert_num_queries(0):
        sent = asgi_get(f"/api/tables/{table}/events", ana.token)
        later = asgi_get(f"/api/tables/{table}/events", ana.token)
    start, body = sent[0], sent[1]["body"].decode()
    assert start["status"] == 200 and (b"connection", b"close") in start["headers"]
    least = stream_retry.BUSY_RETRY_MS
    assert least <= int(RETRY.fullmatch(body).group(1)) <= least * (1 + stream_retry.BUSY_JITTER)
    # Its room taken, the next is refused as before: to its appointment, on its connection.
    assert (b"connection", b"close") not in later[0]["headers"]
    assert int(RETRY.fullmatch(later[1]["body"].decode()).group(1)) > 10_000


def test_refused_streams_get_appointments_one_after_the_other_at_the_pace_it_serves(
        game, monkeypatch):
    table, (ana, _) = game
    monkeypatch.setattr(stream_retry.OPENING_GATE, "limit", 0)
    monkeypatch.setattr(stream_retry.OPENING_GATE, "hold", 0.0)
    # The gate is the process's: what an earlier test was served or given is not this one's.
    monkeypatch.setattr(stream_retry.OPENING_GATE, "_window", [0.0, 0.0, 0.0])
    monkeypatch.setattr(stream_retry.OPENING_GATE, "_next_slot", 0.0)
    # The gate's clock stands still: appointments are counted from "now", and 300 requests take
    # a slow machine most of a second.
    monkeypatch.setattr(admission, "time", types.SimpleNamespace(monotonic=lambda: 10_000.0))
    # The jitter (up to 10 % later) is drawn from a seeded generator: a tenth's mean moves by
    # some 10 ms at random, as much as the 160 ms between tenths leaves above the bar.
    monkeypatch.setattr(stream_retry, "random", random.Random(29))
    waits = []
    for _ in range(300):  # 300 refused at once: at the least rate, 2.4 s of appointments
        sent = asgi_get(f"/api/tables/{table}/events", ana.token)
        waits.append(int(RETRY.fullmatch(sent[1]["body"].decode()).group(1)))
    assert max(waits[:5]) <= 1100  # the first ones: a second, the least
    rate = admission.FLOOR * admission.HEADROOM
    assert 300 / rate * 1000 - 500 <= min(waits[-5:]) <= (300 / rate * 1000 + 500) * 1.1
    tenths = [sum(waits[i:i + 30]) / 30 for i in range(0, 300, 30)]  # one after the other
    assert tenths[5:] == sorted(tenths[5:]) and tenths[-1] - tenths[-2] > 150  # (past 1 s)


def test_a_stream_that_waits_too_long_for_a_database_connection_comes_back_later(
        game, monkeypatch):
    table, (ana, _) = game

    def no_connection(*args):
        raise pool_timeout()

    monkeypatch.setattr("games.service.watching.start", no_connection)
    response = ana.get(f"/api/tables/{table}/events", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert RETRY.fullmatch(response.content.decode())


def test_an_api_request_that_waits_too_long_for_a_database_connection_is_a_503_busy(
        game, monkeypatch):
    table, (ana, _) = game

    def no_connection(*args, **kwargs):
        raise pool_timeout()

    monkeypatch.setattr("games.service.viewing.state_for", no_connection)
    response = ana.get(f"/api/tables/{table}/state")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response.json()["code"] == "busy"


def test_a_page_that_waits_too_long_for_a_database_connection_is_a_503_page(
        game, monkeypatch, client, django_user_model):
    def no_connection(*args, **kwargs):
        raise pool_timeout()

    client.force_login(django_user_model.objects.get(username="ana"))
    monkeypatch.setattr("games.service.viewing.games_of", no_connection)
    response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert b"busy" in response.content


def test_every_stream_begins_with_a_jittered_retry(game):
    table, (ana, ben) = game

    async def scenario():
        streams = [await Stream.open(person.token, table) for person in (ana, ben) * 3]
        firsts = [await stream.chunks.__anext__() for stream in streams]
        for stream in streams:
            await stream.close()
        return firsts

    waits = [int(RETRY.match(first.decode()).group(1)) for first in async_to_sync(scenario)()]
    least, most = stream_retry.RETRY_MS
    assert all(least <= wait <= most for wait in waits)
    assert len(set(waits)) > 1  # not all at one instant after a worker dies


def test_a_process_that_stops_ends_its_streams_with_a_retry(game):
    table, (ana, _) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        await stream.next()
        hub.drain_all()
        rest = [chunk async for chunk in stream.chunks]  # it ends
        return b"".join(rest).decode()

    rest = async_to_sync(scenario)()
    waited = RETRY.search(rest)
    least, most = stream_retry.DRAIN_RETRY_MS
    assert waited and least <= int(waited.group(1)) <= most


def test_an_event_that_moves_no_version_is_passed_on_without_an_id(game):
    table, (ana, _) = game

    async def scenario():
        stream = await Stream.open(ana.token, table)
        await stream.next()
        note = events.message("note", None, None, {"table": table, "text": "good luck"})
        await sync_to_async(redis.Redis.from_url(settings.REDIS_URL).publish)(
            events.channel(table, 0), note)
        await stream.stay_open(1)
        await stream.close()
        return stream.buffer

    written = async_to_sync(scenario)()
    assert f'event: note\ndata: {{"table": {table}, "text": "good luck"}}\n\n' in written
    assert "id:" not in written  # the browser's Last-Event-ID stays the last version
