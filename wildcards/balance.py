"""The workers of one gunicorn master even out the requests their gates hold
(`wildcards.admission`: the event stream's opening).

Each worker accepts connections from the master's one socket, whoever is quicker. After a
restart, the worker that stayed (busy with the moves and its own streams) accepts the
reconnections alone while its replacement starts, and as many as its idle sibling after: it
held thousands, served at its slower pace, while the new worker sat idle for the last 4 to 8 s
of the restart (docs/benchmarks.md, "Where a restart's last seconds go").

So every TICK each worker writes what it has to do into a Redis hash of its node and master
(its gate's backlog in seconds at its pace, that pace, whether it accepts) and reads its
siblings'. A worker more than GAP seconds behind the least busy sibling that accepts stops
accepting (the kernel gives new connections to the siblings); while that sibling has less
than ROOM seconds of backlog, the worker also sends its latest held requests there, no faster
than the sibling serves (a 200 with a short `retry:` that closes the connection: the browser
comes back through the socket, which only the siblings read now). It accepts again when it is
no longer behind, or when it hears from no sibling that accepts: at least one worker always
reads the socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
from dataclasses import dataclass
from typing import Protocol

from wildcards import admission

log = logging.getLogger(__name__)

TICK = 0.5  # seconds between two reports
FRESH = 1.5  # seconds a sibling's report is believed
GAP = 2.0  # seconds behind the least busy sibling that stop a worker accepting
ROOM = 1.0  # a sibling with less backlog than this (seconds) takes held requests
SHARE = 0.5  # of a sibling's pace that the held requests sent to it may take


@dataclass(frozen=True)
class Report:
    backlog: float  # seconds to serve what the worker's gates have in hand and hold
    pace: float  # requests its gates serve a second lately
    accepting: bool
    at: float  # wall clock

    def dumps(self) -> str:
        return json.dumps([round(self.backlog, 3), round(self.pace, 1), self.accepting,
                           round(self.at, 3)])

    @classmethod
    def loads(cls, text: bytes | str) -> Report:
        backlog, pace, accepting, at = json.loads(text)
        if not float(pace) > 0:
            raise ValueError(f"a pace of {pace}")
        return cls(float(backlog), float(pace), bool(accepting), float(at))


@dataclass(frozen=True)
class Decision:
    accept: bool
    send_on: int = 0  # held requests to send to the sibling, this tick


def decide(mine: Report, siblings: list[Report], now: float) -> Decision:
    """Whether a worker reading `siblings` accepts, and how many of its held requests it sends
    on (while it does not accept, so that they reach a sibling)."""
    heard = [s for s in siblings if s.accepting and now - s.at <= FRESH]
    if not heard:
        return Decision(accept=True)
    least = min(heard, key=lambda s: s.backlog)
    behind = mine.backlog - least.backlog
    if behind <= (GAP if mine.accepting else GAP / 2):  # (and no flapping at the edge)
        return Decision(accept=True)
    if least.backlog >= ROOM:
        return Decision(accept=False)
    # No faster than the sibling serves, and no more than would put it behind in turn.
    even = behind / (1 / mine.pace + 1 / least.pace) / 2
    return Decision(accept=False, send_on=int(min(least.pace * TICK * SHARE, even)))


def report(gates: list[admission.Gate], accepting: bool) -> Report:
    backlog, pace = max(((g.backlog(), g.pace()) for g in gates), default=(0.0, admission.FLOOR))
    return Report(backlog, pace, accepting, time.time())


class Listener(Protocol):
    """What a worker's server lets the balance do with its socket."""

    accepting: bool

    async def stop_accepting(self) -> None: ...

    async def accept_again(self) -> None: ...


async def run(listener: Listener, redis_url: str) -> None:
    """Report, read and act every TICK until the process stops. Without Redis, the worker
    accepts: it is then on its own, as without this. Nothing that goes wrong in a tick ends
    the loop: a worker left not accepting would serve no new connection again."""
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(redis_url)
    key = f"wildcards:admission:{socket.gethostname()}:{os.getppid()}"
    me = str(os.getpid()).encode()
    failing = False
    try:
        while not admission.draining():
            await asyncio.sleep(TICK)
            gates = admission.gates()
            mine = report(gates, listener.accepting)
            try:
                siblings = await _exchange(client, key, me, mine)
                failing = False
            except Exception:  # (Redis away: on its own until it answers again)
                if not failing:
                    log.warning("The workers' balance cannot reach Redis", exc_info=True)
                failing, siblings = True, []
            if admission.draining():
                break
            decision = decide(mine, siblings, time.time())
            try:
                if decision.accept and not listener.accepting:
                    await listener.accept_again()
                elif not decision.accept and listener.accepting:
                    await listener.stop_accepting()
            except Exception:  # (tried again at the next tick)
                log.exception("The workers' balance could not change what the worker accepts")
            for gate in gates:
                gate.send_elsewhere(decision.send_on if not listener.accepting else 0)
    finally:
        with contextlib.suppress(Exception):  # (Redis may be gone)
            await client.hdel(key, me)
        await client.aclose()


async def _exchange(client, key: str, me: bytes, mine: Report) -> list[Report]:
    """Write this worker's report, and read its siblings' (one round trip)."""
    async with client.pipeline(transaction=False) as pipe:
        pipe.hset(key, me, mine.dumps())
        pipe.expire(key, 60)
        pipe.hgetall(key)
        *_, table = await pipe.execute()
    siblings = []
    for worker, text in table.items():
        if worker != me:
            with contextlib.suppress(ValueError, TypeError):  # (not a report: ignored)
                siblings.append(Report.loads(text))
    return siblings
