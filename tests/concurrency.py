"""Running functions at the same moment, each in a thread with its own database connection.

The functions may queue Celery tasks that run eagerly in their thread (after its transaction
commits). Celery runs an eager task inside `denied_join_result()`, which saves a process-wide
flag (`celery._state._task_join_will_block`), sets it, and puts the saved value back: two
threads doing so at once can interleave (A saves False, B saves A's True, A restores False, B
restores True) and leave it set for good, after which every `result.get()` in the process raises
"Never call result.get() within a task!". `at_once` puts the flag back as it found it; other
helpers that start such threads do so with `threads_may_run_eager_tasks()`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from celery import _state as celery_state
from django.db import connection

BARRIER_SECONDS = 30
JOIN_SECONDS = 60


@contextmanager
def threads_may_run_eager_tasks() -> Iterator[None]:
    """Around starting and joining threads that may run eager Celery tasks at the same time
    (as each other or as the calling thread): Celery's process-wide "result.get() would block"
    flag ends as it was (see the module's doc)."""
    join_will_block = celery_state.task_join_will_block()
    try:
        yield
    finally:
        celery_state._set_task_join_will_block(join_will_block)


def at_once(*functions: Callable[[], object]) -> list:
    """Run the functions together (a barrier releases their threads at once); returns what each
    returned, or the exception it raised, in order. Each thread closes its own connection.
    Celery's process-wide "result.get() would block" flag is as before (see the module's doc)."""
    results: list = [None] * len(functions)
    barrier = threading.Barrier(len(functions), timeout=BARRIER_SECONDS)

    def run(i: int, function: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results[i] = function()
        except Exception as error:  # noqa: BLE001 - handed back to the test
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, f)) for i, f in enumerate(functions)]
    with threads_may_run_eager_tasks():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(JOIN_SECONDS)
    return results
