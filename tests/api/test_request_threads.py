"""A request of a gated kind (an event stream's opening) waits for a request thread behind every
other request (a move, a state read): thousands of streams reopening after a restart do not make
a move wait seconds (issue 29)."""

from __future__ import annotations

import asyncio

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
