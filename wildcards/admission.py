"""Requests answered before Django sees them while a process has too many of one kind in hand.

A request kind (an app registers it: the event stream's opening) is admitted while the process
has fewer than `limit` of them in hand (from its arrival until its response starts) and would
serve those within `wait` seconds at the rate it has been serving them. One more waits its
turn in the process, first come first served, while those before it would be served within
`hold` seconds at that rate; beyond that it is answered at once by the kind's own `refuse`
(for the stream: a 200 that tells the browser when to come back), without a thread, a query
or Django's middleware. A burst (a worker restarted under thousands of streams) is spread out
this way instead of queueing for the database pool until requests fail; a request held costs
no thread and saves its client a second request (docs/benchmarks.md, "Issue 29, 2026-12-06
evening").

A sibling process with room (`wildcards.balance`, which reads the siblings' backlogs) takes
the latest held through `send_elsewhere`: they are refused with `elsewhere`, to come back at
once on a new connection, which the process that sent them no longer accepts.

`drain()` is what a server calls when it is told to stop: each registered `on_drain` callback
runs (the streams end, their clients come back elsewhere), and every gated kind is refused
from then on.
"""

from __future__ import annotations

import asyncio
import enum
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

# (gate, scope, receive, send, elsewhere): `elsewhere` when a sibling process takes it now.
Refuse = Callable[["Gate", dict, Callable, Callable, bool], Awaitable[None]]
# Requests a second a process is taken to serve, at the least. A burst (9,000 streams opening
# at once) is booked at this pace before the process has served any: at 100, the two cores
# were two-thirds busy and the 9,000 opened in 47 to 51 s; at 150, in 33 to 45 s (nine runs,
# docs/benchmarks.md, "Issue 29, the morning of 2026-12-06").
FLOOR = 150.0
HEADROOM = 1.25  # appointments come this much faster than the process has been serving


class Turn(enum.Enum):
    ADMITTED = "admitted"
    REFUSED = "refused"  # to come back at an appointment
    ELSEWHERE = "elsewhere"  # to come back at once: a sibling process has room for it


@dataclass
class Gate:
    """One kind of request: GETs whose path matches `path`."""

    path: re.Pattern
    limit: int
    refuse: Refuse
    wait: float = 2.0  # seconds the requests in hand may take to be served, at the most
    hold: float = 0.0  # seconds the requests held may take to be served, at the most
    in_hand: int = 0
    held: deque[asyncio.Future] = field(default_factory=deque)  # waiting their turn, in order
    refused: int = 0  # since the process started
    admitted: int = 0
    sent_elsewhere: int = 0
    elsewhere: int = 0  # requests that would be held which a sibling takes instead, for now
    _window: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])  # second, refused, done
    _next_slot: float = 0.0  # (monotonic) the first moment no appointment has been given for

    def matches(self, scope: dict) -> bool:
        return scope.get("method") == "GET" and self.path.match(scope.get("path", "")) is not None

    def full(self) -> bool:
        return self.in_hand >= self.limit or self.in_hand / self._rate() > self.wait

    def may_hold(self) -> bool:
        """Whether one more request may wait its turn: those before it served within `hold`."""
        return self.hold > 0 and (self.in_hand + len(self.held)) / self._rate() <= self.hold

    async def turn(self) -> Turn:
        """Wait for a place in hand (ADMITTED), or until the process stops or `hold` seconds
        went by (REFUSED: the process serves slower than FLOOR), or a sibling has room for it
        (ELSEWHERE: `send_elsewhere`)."""
        waiter = asyncio.get_running_loop().create_future()
        self.held.append(waiter)
        try:
            async with asyncio.timeout(self.hold):
                await asyncio.shield(waiter)
        except TimeoutError:
            pass
        except BaseException:  # cancelled: a place it was given goes to the next one
            if waiter.done() and waiter.result() is Turn.ADMITTED:
                self.done(started=False)
            else:
                self._forget(waiter)
            raise
        if not waiter.done():
            self._forget(waiter)
            return Turn.REFUSED
        return waiter.result()

    def take(self) -> None:
        self.in_hand += 1
        self.admitted += 1

    def done(self, started: bool) -> None:
        """A request in hand has started its response (or ended without one): its place goes
        to the first held, while there is room."""
        self.in_hand -= 1
        if started:
            self._count(2)
        while self.held and not self.full():
            waiter = self.held.popleft()
            if not waiter.done():
                self.take()
                waiter.set_result(Turn.ADMITTED)

    def let_go(self) -> None:
        """The process stops: every request held is refused."""
        while self.held:
            waiter = self.held.popleft()
            if not waiter.done():
                waiter.set_result(Turn.REFUSED)

    def send_elsewhere(self, most: int) -> None:
        """A sibling has room for `most` more (`wildcards.balance`, each tick): the latest held
        go there (they would wait the longest here), then the next that would be held."""
        self.elsewhere = most
        while self.elsewhere > 0 and self.held:
            waiter = self.held.pop()
            if not waiter.done():
                self.elsewhere -= 1
                waiter.set_result(Turn.ELSEWHERE)

    def backlog(self) -> float:
        """Seconds to serve those in hand and those held, at the process's pace."""
        return (self.in_hand + len(self.held)) / self._rate()

    def pace(self) -> float:
        return self._rate()

    def _forget(self, waiter: asyncio.Future) -> None:
        waiter.cancel()
        if waiter in self.held:
            self.held.remove(waiter)

    def come_back_in(self) -> float:
        """Seconds after which a refused request is to come back: its appointment (after
        those in hand and those held)."""
        now = time.monotonic()
        rate = self._rate() * HEADROOM
        slot = max(self._next_slot, now + (self.in_hand + len(self.held)) / rate)
        self._next_slot = slot + 1 / rate
        return slot - now

    def _rate(self) -> float:
        """Requests served a second lately (at least FLOOR)."""
        second, _, done = self._window
        return FLOOR if time.monotonic() - second > 2 else max(done, FLOOR)

    def _count(self, index: int) -> None:
        now = time.monotonic()
        if now - self._window[0] > 1:  # a new window, half of the last one carried over
            self._window = [now, self._window[1] / 2, self._window[2] / 2]
        self._window[index] += 1


_gates: list[Gate] = []
_on_drain: list[Callable[[], None]] = []
_draining = False


def register(gate: Gate) -> Gate:
    _gates.append(gate)
    return gate


def on_drain(callback: Callable[[], None]) -> None:
    _on_drain.append(callback)


def drain() -> None:
    """The server stops: refuse every gated request from now on, and tell the apps."""
    global _draining
    _draining = True
    for gate in _gates:
        gate.let_go()
    for callback in list(_on_drain):
        callback()


def draining() -> bool:
    return _draining


def gates() -> list[Gate]:
    return list(_gates)


def gate_of(scope: dict) -> Gate | None:
    return next((g for g in _gates if g.matches(scope)), None) if scope["type"] == "http" else None


def gated(scope: dict) -> bool:
    """Whether the request is of a kind a gate counts (it waits behind the others for a
    thread: `wildcards.request_threads`)."""
    return gate_of(scope) is not None


async def admit(app, scope: dict, receive: Callable, send: Callable) -> None:
    """Run `app` for the request, or have its gate refuse it."""
    gate = gate_of(scope)
    if gate is None:
        await app(scope, receive, send)
        return
    if _draining:
        turn = Turn.REFUSED
    elif not (gate.full() or gate.held):
        gate.take()
        turn = Turn.ADMITTED
    elif gate.elsewhere > 0:  # a sibling has room: rather there than wait here
        gate.elsewhere -= 1
        turn = Turn.ELSEWHERE
    else:
        turn = await gate.turn() if gate.may_hold() else Turn.REFUSED  # (`turn` takes the place)
    if turn is not Turn.ADMITTED:
        gate.refused += 1
        gate.sent_elsewhere += turn is Turn.ELSEWHERE
        gate._count(1)
        await gate.refuse(gate, scope, receive, send, turn is Turn.ELSEWHERE)
        return
    started = False

    async def counted(message: dict) -> None:
        nonlocal started
        if not started and message["type"] == "http.response.start":
            started = True
            gate.done(started=True)
        await send(message)

    try:
        await app(scope, receive, counted)
    finally:
        if not started:
            gate.done(started=False)
