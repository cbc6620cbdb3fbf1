"""A request of a gated kind (an event stream's opening) waits for a request thread behind every
other request (a move, a state read): thousands of streams reopening after a restart do not make
a move wait seconds (issue 29)."""

from __future__ import annotations

import asyncio
import threading

from wildcards import after_response, request_threads
from wildcards.request_threads import Threads


def test_a_move_waiting_for_a_thread_goes_before_the_stream_openings_that_came_first():
    threads = Threads(1)
    served: list[str] = []

    async def request(name: str, gated: bool) -> None:
        executor = await threads.borrow(last=gated)
        served.append(name)
        await asyncio.sleep(0)
        threads.give_back(executor)

    async def scenario():
        busy = await threads.borrow()  # the one thread, in use
        waiting = [asyncio.create_task(request("stream 1", True)),
                   asyncio.create_task(request("stream 2", True)),
                   asyncio.create_task(request("move", False)),
                   asyncio.create_task(request("stream 3", True))]
        await asyncio.sleep(0)
        threads.give_back(busy)
        await asyncio.gather(*waiting)

    asyncio.run(scenario())
    assert served == ["move", "stream 1", "stream 2", "stream 3"]
    assert threads.made == 1


def test_requests_of_one_kind_get_threads_in_the_order_they_came():
    threads = Threads(1)
    served: list[int] = []

    async def request(number: int) -> None:
        executor = await threads.borrow()
        served.append(number)
        await asyncio.sleep(0)
        threads.give_back(executor)

    async def scenario():
        busy = await threads.borrow()
        waiting = [asyncio.create_task(request(number)) for number in range(5)]
        await asyncio.sleep(0)
        threads.give_back(busy)
        await asyncio.gather(*waiting)

    asyncio.run(scenario())
    assert served == [0, 1, 2, 3, 4]


def test_a_stream_ends_on_the_event_loop_unless_work_was_left_for_after_its_response():
    """A streaming response's `close()` needs no thread of its own, but what was left for after
    the response (it may use the database) still runs on one."""
    async def where_close_runs(leave_work: bool) -> tuple[int, int]:
        after_response.open_request()
        if leave_work:
            after_response.soon(lambda: None)
        loop_thread = threading.get_ident()
        ran_in = await asyncio.get_running_loop().run_in_executor(
            request_threads.STREAM_ENDS, threading.get_ident)
        return loop_thread, ran_in

    loop_thread, ran_in = asyncio.run(where_close_runs(leave_work=False))
    assert ran_in == loop_thread
    loop_thread, ran_in = asyncio.run(where_close_runs(leave_work=True))
    assert ran_in != loop_thread
