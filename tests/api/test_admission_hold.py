"""A request one too many for the process waits its turn, first come first served, while those
before it would be served within the gate's `hold` seconds; past that, or when the process
stops, it is refused at once (issue 29). No database: the gate sits before Django."""

from __future__ import annotations

import asyncio
import re

import pytest

from wildcards import admission

PATH = re.compile(r"^/streams/\d+$")


class Site:
    """An app whose responses start when the test says so, and what each request was told."""

    def __init__(self) -> None:
        self.go: dict[int, asyncio.Event] = {}
        self.served: list[int] = []  # in the order their responses started
        self.refused: list[int] = []
        self.elsewhere: list[int] = []  # refused to come back at once, to a sibling

    async def app(self, scope, receive, send) -> None:
        number = int(scope["path"].rsplit("/", 1)[1])
        await self.go.setdefault(number, asyncio.Event()).wait()
        self.served.append(number)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def refuse(self, gate, scope, receive, send, elsewhere: bool) -> None:
        number = int(scope["path"].rsplit("/", 1)[1])
        (self.elsewhere if elsewhere else self.refused).append(number)

    def let(self, number: int) -> None:
        self.go.setdefault(number, asyncio.Event()).set()

    def request(self, number: int) -> asyncio.Task:
        scope = {"type": "http", "method": "GET", "path": f"/streams/{number}"}
        return asyncio.create_task(admission.admit(self.app, scope, None, _ignore))


async def _ignore(message: dict) -> None:
    pass


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.fixture
def site(monkeypatch):
    found = Site()
    monkeypatch.setattr(admission, "_draining", False)
    return found


def gate(site: Site, monkeypatch, limit: int = 1, hold: float = 10.0) -> admission.Gate:
    made = admission.Gate(PATH, limit, site.refuse, wait=2.0, hold=hold)
    monkeypatch.setattr(admission, "_gates", [made])
    return made


def test_a_request_one_too_many_waits_its_turn_and_is_served_when_the_one_before_it_is(
        site, monkeypatch):
    one_at_a_time = gate(site, monkeypatch, limit=1)

    async def scenario():
        first, second = site.request(1), site.request(2)
        await settle()
        held = (len(one_at_a_time.held), one_at_a_time.in_hand)
        site.let(2)  # ready, but its turn has not come
        await settle()
        before = list(site.served)
        site.let(1)
        await asyncio.gather(first, second)
        return held, before

    (held, in_hand), before = asyncio.run(scenario())
    assert (held, in_hand) == (1, 1)
    assert before == []
    assert site.served == [1, 2] and site.refused == []
    assert (one_at_a_time.in_hand, len(one_at_a_time.held), one_at_a_time.admitted) == (0, 0, 2)


def test_requests_held_are_served_in_the_order_they_came(site, monkeypatch):
    gate(site, monkeypatch, limit=1)

    async def scenario():
        tasks = [site.request(number) for number in range(1, 6)]
        await settle()
        for number in (5, 3, 4, 2):  # ready in another order
            site.let(number)
        await settle()
        site.let(1)
        await asyncio.gather(*tasks)

    asyncio.run(scenario())
    assert site.served == [1, 2, 3, 4, 5]


def test_past_what_the_process_serves_in_hold_seconds_a_request_is_refused_at_once(
        site, monkeypatch):
    # At the least rate (FLOOR a second), one request in hand takes 1/FLOOR s: one more may
    # wait behind it within a hold of 1.5/FLOOR s, the next may not.
    tight = gate(site, monkeypatch, limit=1, hold=1.5 / admission.FLOOR)
    tight._window = [0.0, 0.0, 0.0]

    async def scenario():
        tasks = [site.request(number) for number in (1, 2, 3)]
        await settle()
        refused_at_once = list(site.refused)
        site.let(1), site.let(2)
        await asyncio.gather(*tasks)
        return refused_at_once

    assert asyncio.run(scenario()) == [3]
    assert site.served == [1, 2] and tight.refused == 1


def test_a_request_held_longer_than_the_gate_holds_is_refused(site, monkeypatch):
    short = gate(site, monkeypatch, limit=1, hold=0.05)
    monkeypatch.setattr(admission, "FLOOR", 1000.0)  # so that one may be held at all

    async def scenario():
        first, second = site.request(1), site.request(2)
        await asyncio.sleep(0.2)  # the first still in hand, past the hold
        refused = list(site.refused)
        site.let(1)
        await asyncio.gather(first, second)
        return refused

    assert asyncio.run(scenario()) == [2]
    assert site.served == [1] and len(short.held) == 0 and short.in_hand == 0


def test_when_the_process_stops_the_requests_held_are_refused_and_none_is_served(
        site, monkeypatch):
    stopping = gate(site, monkeypatch, limit=1)
    monkeypatch.setattr(admission, "_on_drain", [])

    async def scenario():
        tasks = [site.request(number) for number in (1, 2, 3)]
        await settle()
        admission.drain()
        await settle()
        refused = sorted(site.refused)
        site.let(1), site.let(2), site.let(3)
        await asyncio.gather(*tasks)
        later = site.request(4)
        await later
        return refused

    assert asyncio.run(scenario()) == [2, 3]
    assert site.served == [1] and sorted(site.refused) == [2, 3, 4]
    assert stopping.in_hand == 0 and len(stopping.held) == 0


def test_a_request_held_then_cancelled_gives_its_place_to_the_next(site, monkeypatch):
    one_at_a_time = gate(site, monkeypatch, limit=1)

    async def scenario():
        first, second, third = site.request(1), site.request(2), site.request(3)
        await settle()
        second.cancel()
        await asyncio.gather(second, return_exceptions=True)
        site.let(1), site.let(3)
        await asyncio.gather(first, third)

    asyncio.run(scenario())
    assert site.served == [1, 3] and site.refused == []
    assert one_at_a_time.in_hand == 0 and len(one_at_a_time.held) == 0


def test_a_sibling_with_room_takes_the_latest_held_and_the_earliest_keep_their_turn(
        site, monkeypatch):
    one_at_a_time = gate(site, monkeypatch, limit=1)

    async def scenario():
        tasks = [site.request(number) for number in (1, 2, 3, 4, 5)]
        await settle()
        one_at_a_time.send_elsewhere(2)  # (`wildcards.balance`: a sibling has room for two)
        await settle()
        sent = list(site.elsewhere)
        for number in (1, 2, 3, 4, 5):
            site.let(number)
        await asyncio.gather(*tasks)
        return sent

    assert asyncio.run(scenario()) == [5, 4]
    assert site.served == [1, 2, 3] and site.refused == []
    assert one_at_a_time.sent_elsewhere == 2 and one_at_a_time.in_hand == 0


def test_while_a_sibling_has_room_one_that_would_wait_goes_there_up_to_its_room(
        site, monkeypatch):
    one_at_a_time = gate(site, monkeypatch, limit=1)

    async def scenario():
        first = site.request(1)
        await settle()
        one_at_a_time.send_elsewhere(2)  # nothing held yet: room for the next two
        later = [site.request(number) for number in (2, 3, 4)]
        await settle()
        sent, held = list(site.elsewhere), len(one_at_a_time.held)
        for number in (1, 4):
            site.let(number)
        await asyncio.gather(first, *later)
        return sent, held

    assert asyncio.run(scenario()) == ([2, 3], 1)
    assert site.served == [1, 4] and one_at_a_time.elsewhere == 0


def test_the_backlog_is_the_seconds_to_serve_those_in_hand_and_held_at_the_pace(
        site, monkeypatch):
    one_at_a_time = gate(site, monkeypatch, limit=1)

    async def scenario():
        tasks = [site.request(number) for number in (1, 2, 3)]
        await settle()
        backlog = one_at_a_time.backlog()
        for number in (1, 2, 3):
            site.let(number)
        await asyncio.gather(*tasks)
        return backlog

    assert asyncio.run(scenario()) == pytest.approx(3 / admission.FLOOR)
