"""The helper that runs functions at the same moment in threads (tests/concurrency.py)."""

import threading

from celery import _state as celery_state
from celery.result import denied_join_result
from concurrency import at_once

WAIT_SECONDS = 10


def test_at_once_runs_every_function_and_hands_back_results_and_exceptions():
    def fail():
        raise ValueError("refused")

    ok, error = at_once(lambda: "ok", fail)

    assert ok == "ok"
    assert isinstance(error, ValueError) and str(error) == "refused"


def test_eager_tasks_in_two_threads_leave_celerys_join_flag_as_it_was():
    """Each eager task runs inside Celery's `denied_join_result()`, which saves, sets and
    restores one process-wide flag. Forced here into the interleaving that leaks it: A saves
    False, B saves True, A restores False, B restores True. Left set, every later `.get()` of
    the process raises "Never call result.get() within a task!" (the flaky test_realtime.py)."""
    a_entered, b_entered, a_left = threading.Event(), threading.Event(), threading.Event()

    def a():
        with denied_join_result():
            a_entered.set()
            assert b_entered.wait(WAIT_SECONDS)
        a_left.set()

    def b():
        assert a_entered.wait(WAIT_SECONDS)
        with denied_join_result():
            b_entered.set()
            assert a_left.wait(WAIT_SECONDS)

    assert celery_state.task_join_will_block() is False

    assert at_once(a, b) == [None, None]

    assert celery_state.task_join_will_block() is False
