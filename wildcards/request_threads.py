"""The threads that run requests' synchronous code under ASGI: a few kept, not one made for each.

Django's ASGI handler gives every request a thread of its own (asgiref's ThreadSensitiveContext
without an executor makes a new one) and ends it with the request. Starting a thread holds the
event loop until the thread runs: with thousands of event streams opening at once, the loop
spent its time starting threads (py-spy: `Thread.start` under `SyncToAsync.__call__`) and opened
63 streams a second (docs/benchmarks.md, "The event stream"). Here a request borrows one of at
most SIZE single-thread executors (as many as the database pool has connections: each request
holds at most one) and gives it back when it ends; a request that finds none free waits for one
on the event loop, which costs nothing.

A streaming response gives its thread back as soon as it starts (`release`): what the request
still runs afterwards (its `close()`, when the stream ends) runs at once on the event loop, or,
when work was left for after the response (`wildcards.after_response`: it may use the
database), on one thread shared for that.

A request of a kind the process gates (`wildcards.admission`: an event stream's opening) waits
behind every other: with thousands of streams reopening after a restart, a move waited for a
thread behind up to two seconds of openings, and its p99 reached 6 to 9 s (docs/benchmarks.md,
"Issue 29, 2026-12-06 evening").
"""

from __future__ import annotations

import asyncio
import contextvars
from collections import deque
from concurrent.futures import Executor, Future, ThreadPoolExecutor

from asgiref.sync import SyncToAsync

from wildcards import after_response
from wildcards.env import env_int

SIZE = env_int("DATABASE_POOL_SIZE", 8)
LEFTOVERS = ThreadPoolExecutor(1, thread_name_prefix="request-end")


class StreamEnds(Executor):
    """Where a streaming response's `close()` runs (Django's `request_finished`): at once, on
    the event loop, when no work was left for after the response. The stream's thread gave its
    database connections back when the stream began, so nothing is left for a thread to do.
    On LEFTOVERS' one thread, the ends of thousands of streams (a worker told to stop) went one
    hop after another; on the loop, every stream was back after a restart in 13.7 to 16.4 s
    instead of 15.4 to 21.2 (docs/benchmarks.md, "one subscription to every table"). Work left
    for after the response goes to LEFTOVERS: it may use the database."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        if after_response.pending():
            return LEFTOVERS.submit(fn, *args, **kwargs)
        done: Future = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except BaseException as error:
            done.set_exception(error)
        return done


STREAM_ENDS = StreamEnds()


class Threads:
    def __init__(self, size: int) -> None:
        self.size = size
        self.idle: list[ThreadPoolExecutor] = []
        self.made = 0
        self.waiting: deque[asyncio.Future] = deque()
        self.waiting_last: deque[asyncio.Future] = deque()  # gated requests: after the others

    async def borrow(self, last: bool = False) -> ThreadPoolExecutor:
        while not self.idle and self.made >= self.size:
            waiter = asyncio.get_running_loop().create_future()
            (self.waiting_last if last else self.waiting).append(waiter)
            await waiter
        if self.idle:
            return self.idle.pop()
        self.made += 1
        return ThreadPoolExecutor(1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        self.idle.append(executor)
        for waiting in (self.waiting, self.waiting_last):
            while waiting:
                waiter = waiting.popleft()
                if not waiter.done():  # (one whose request went away is skipped)
                    waiter.get_loop().call_soon_threadsafe(_wake, waiter)
                    return


def _wake(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


threads = Threads(SIZE)
_borrowed: contextvars.ContextVar[list | None] = contextvars.ContextVar(
    "wildcards_request_thread", default=None)


class Borrowed:
    """`async with Borrowed() as executor:` a request's thread, given back at the end (or at
    `release`, whichever comes first)."""

    def __init__(self, last: bool = False) -> None:
        self.last = last  # a gated request: it waits behind the others

    async def __aenter__(self) -> ThreadPoolExecutor:
        self.executor = await threads.borrow(self.last)
        self.held = [self.executor]
        _borrowed.set(self.held)
        return self.executor

    async def __aexit__(self, *exc) -> None:
        if self.held:
            threads.give_back(self.held.pop())


def release() -> None:
    """The current request needs its thread no more (its streaming response has started):
    give it back now; later thread-sensitive work of the request goes to STREAM_ENDS."""
    held = _borrowed.get()
    context = SyncToAsync.thread_sensitive_context.get(None)
    if not held or context is None:
        return
    SyncToAsync.context_to_thread_executor[context] = STREAM_ENDS
    threads.give_back(held.pop())
