"""The workers of one master even out the streams they hold (`wildcards.balance`, issue 29): a
worker seconds behind a sibling that accepts stops reading the shared socket, and sends its
latest held streams to a sibling with room, no faster than that sibling serves."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import time

import pytest
import redis
import uvicorn
import uvloop
from django.conf import settings

from wildcards import admission, balance
from wildcards.balance import Decision, Report, decide
from wildcards.workers import DrainingServer

NOW = 1_000_000.0


def worker(backlog: float, pace: float = 400.0, accepting: bool = True,
           age: float = 0.0) -> Report:
    return Report(backlog, pace, accepting, NOW - age)


def test_a_worker_far_behind_a_sibling_that_accepts_stops_accepting():
    assert not decide(worker(6.0), [worker(0.5)], NOW).accept


def test_a_worker_a_little_behind_keeps_accepting():
    assert decide(worker(2.0), [worker(0.5)], NOW) == Decision(accept=True)


def test_one_that_stopped_accepts_again_only_once_it_is_well_within_the_gap():
    paused = worker(2.0, accepting=False)
    assert not decide(paused, [worker(0.5)], NOW).accept  # 1.5 s behind: within GAP, not half
    assert decide(worker(1.4, accepting=False), [worker(0.5)], NOW).accept


def test_a_worker_that_hears_no_sibling_that_accepts_accepts():
    assert decide(worker(30.0), [], NOW).accept
    assert decide(worker(30.0), [worker(0.0, accepting=False)], NOW).accept
    assert decide(worker(30.0), [worker(0.0, age=balance.FRESH + 0.1)], NOW).accept


def test_held_streams_go_to_a_sibling_with_room_no_faster_than_it_serves():
    decision = decide(worker(20.0, pace=200.0), [worker(0.2, pace=400.0)], NOW)
    assert decision == Decision(accept=False, send_on=int(400 * balance.TICK * balance.SHARE))


def test_no_more_go_than_would_put_the_sibling_behind_in_turn():
    # 2.5 s behind at 100 a second here and 400 there: 2.5 / (1/100 + 1/400) / 2 = 100.
    assert decide(worker(3.0, pace=100.0), [worker(0.5, pace=400.0)], NOW).send_on == 100


def test_none_go_to_a_sibling_without_room():
    decision = decide(worker(20.0), [worker(balance.ROOM + 0.5)], NOW)
    assert decision == Decision(accept=False, send_on=0)


def test_the_least_busy_sibling_is_the_one_compared():
    assert not decide(worker(4.0), [worker(3.5), worker(0.5)], NOW).accept


def test_a_report_reads_back_as_written():
    written = Report(2.5, 180.0, False, 1_765_000_000.123)
    assert Report.loads(written.dumps().encode()) == written


def test_a_report_without_a_pace_is_no_report():
    # (the even share divides by the sibling's pace)
    with pytest.raises(ValueError):
        Report.loads(json.dumps([0.0, 0, True, NOW]))


class Server:
    """A worker's server as the balance sees it: whether it reads the shared socket."""

    def __init__(self) -> None:
        self.accepting = True
        self.changes: list[str] = []

    async def stop_accepting(self) -> None:
        self.accepting = False
        self.changes.append("stopped")

    async def accept_again(self) -> None:
        self.accepting = True
        self.changes.append("again")


def test_through_redis_a_worker_behind_its_sibling_stops_accepting_and_sends_its_latest_on(
        monkeypatch):
    key = f"wildcards:admission:{socket.gethostname()}:{os.getppid()}"
    store = redis.Redis.from_url(settings.REDIS_URL)
    store.delete(key)
    monkeypatch.setattr(admission, "_draining", False)
    monkeypatch.setattr(admission, "_on_drain", [])
    monkeypatch.setattr(admission, "FLOOR", 10.0)  # 31 in hand and held: 3.1 s of backlog
    sent, served = [], []

    async def refuse(gate, scope, receive, send, elsewhere: bool) -> None:
        sent.append(int(scope["path"].rsplit("/", 1)[1]) if elsewhere else None)

    go = asyncio.Event()

    async def app(scope, receive, send) -> None:
        await go.wait()
        served.append(int(scope["path"].rsplit("/", 1)[1]))
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def ignore(message: dict) -> None:
        pass

    opening = admission.Gate(re.compile(r"^/s/\d+$"), 1, refuse, wait=2.0, hold=60.0)
    monkeypatch.setattr(admission, "_gates", [opening])
    server = Server()

    def sibling(backlog: float, accepting: bool = True) -> None:
        store.hset(key, "1", Report(backlog, 400.0, accepting, time.time()).dumps())

    async def scenario():
        requests = [asyncio.create_task(admission.admit(
            app, {"type": "http", "method": "GET", "path": f"/s/{n}"}, None, ignore))
            for n in range(1, 32)]
        sibling(0.0)  # idle
        running = asyncio.create_task(balance.run(server, settings.REDIS_URL))
        await asyncio.sleep(balance.TICK * 1.4)  # one tick
        mine = Report.loads(store.hget(key, str(os.getpid())))
        stopped, sent_then = list(server.changes), list(sent)
        sibling(0.0, accepting=False)  # this one takes the socket back at the next tick
        await asyncio.sleep(balance.TICK)
        again = list(server.changes)
        admission.drain()
        go.set()
        await asyncio.gather(*requests)
        await asyncio.wait_for(running, 2 * balance.TICK + 1)
        return mine, stopped, sent_then, again

    try:
        mine, stopped, sent_then, again = asyncio.run(scenario())
        left = store.hkeys(key)
    finally:
        store.delete(key)
    assert mine.backlog == pytest.approx(3.1, abs=0.2) and mine.pace == 10.0
    assert stopped == ["stopped"] and again == ["stopped", "again"]
    # The latest held went on, as many as even the two out (3.1 s behind, at 10 a second here
    # and 400 there: 3.1 / (1/10 + 1/400) / 2 = 15); the first, in hand, was served.
    assert sent_then == list(range(31, 16, -1))
    assert served == [1]
    assert left == [b"1"]  # its own report taken back as it stopped


async def fetch(port: int) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: testserver\r\nConnection: close\r\n\r\n")
    answer = await reader.read()
    writer.close()
    return answer


def serving() -> tuple[DrainingServer, socket.socket, int]:
    """A worker's uvicorn server answering "served", the listening socket it shares (gunicorn's,
    in a worker) and its port."""

    async def app(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"served"})

    config = uvicorn.Config(app, lifespan="off", log_level="warning")
    config.load()
    server = DrainingServer(config)
    server.lifespan = config.lifespan_class(config)  # (as `Server.serve` makes it)
    shared = socket.create_server(("127.0.0.1", 0))
    return server, shared, shared.getsockname()[1]


def test_a_worker_that_stops_accepting_leaves_connections_queued_and_takes_them_again(settings):
    settings.REDIS_URL = None  # (the server alone, without the balance's reports)
    server, shared, port = serving()

    async def scenario():
        await server.startup(sockets=[shared])
        first = await fetch(port)
        await server.stop_accepting()  # (uvloop closes its server's socket: a copy is kept)
        waiting = asyncio.create_task(fetch(port))
        await asyncio.sleep(0.3)
        queued = not waiting.done()  # in the socket's queue, for whoever reads it
        await server.accept_again()
        later = await asyncio.wait_for(waiting, 5)
        server.should_exit = True
        await server.shutdown(sockets=[shared])
        return first, queued, later

    first, queued, later = uvloop.run(scenario())
    assert first.startswith(b"HTTP/1.1 200") and b"served" in first
    assert queued and later.startswith(b"HTTP/1.1 200") and b"served" in later


def test_a_worker_that_fails_to_accept_again_tries_at_the_next_tick_and_a_bad_report_is_ignored(
        monkeypatch, caplog):
    key = f"wildcards:admission:{socket.gethostname()}:{os.getppid()}"
    store = redis.Redis.from_url(settings.REDIS_URL)
    store.delete(key)
    store.hset(key, "2", "not a report")  # (a sibling from another version, say)
    store.hset(key, "3", json.dumps([0.0, 0, True, time.time() + 60]))  # (no pace: no sibling)
    monkeypatch.setattr(admission, "_draining", False)
    monkeypatch.setattr(admission, "_on_drain", [])
    monkeypatch.setattr(admission, "_gates", [])

    class Stuck(Server):
        def __init__(self) -> None:
            super().__init__()
            self.accepting, self.failures = False, 1  # paused, and the first try fails

        async def accept_again(self) -> None:
            if self.failures:
                self.failures -= 1
                raise OSError("Too many open files")
            await super().accept_again()

    server = Stuck()

    async def scenario():
        running = asyncio.create_task(balance.run(server, settings.REDIS_URL))
        await asyncio.sleep(balance.TICK * 2.5)
        admission.drain()
        await asyncio.wait_for(running, 2 * balance.TICK + 1)

    try:
        asyncio.run(scenario())
    finally:
        store.delete(key)
    assert server.accepting and server.changes == ["again"]
    assert "could not change what the worker accepts" in caplog.text


def test_a_worker_that_cannot_read_every_socket_again_reads_none_and_stays_paused(settings):
    settings.REDIS_URL = None
    server, shared, port = serving()
    gone = socket.socket()
    gone_fd = gone.detach()
    os.close(gone_fd)  # a descriptor number no longer open: copying it fails

    async def scenario():
        await server.startup(sockets=[shared])
        await server.stop_accepting()
        kept = server._kept
        server._kept = [*kept, gone_fd]
        with pytest.raises(OSError):
            await server.accept_again()
        waiting = asyncio.create_task(fetch(port))
        await asyncio.sleep(0.3)
        queued = not waiting.done()  # the first socket's server, opened, was closed again
        server._kept = kept
        await server.accept_again()
        later = await asyncio.wait_for(waiting, 5)
        server.should_exit = True
        await server.shutdown(sockets=[shared])
        return queued, later

    queued, later = uvloop.run(scenario())
    assert queued and b"served" in later and server.accepting
