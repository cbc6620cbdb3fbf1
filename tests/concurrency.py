"""Running functions at the same moment, each in a thread with its own database connection."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connection

BARRIER_SECONDS = 30
JOIN_SECONDS = 60


def at_once(*functions: Callable[[], object]) -> list:
    """Run the functions together (a barrier releases their threads at once); returns what each
    returned, or the exception it raised, in order. Each thread closes its own connection."""
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
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(JOIN_SECONDS)
    return results
