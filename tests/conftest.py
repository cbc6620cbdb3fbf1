# Fixtures shared by the whole suite. The test run's SECRET_KEY comes from the
# wildcards.pytest_env plugin (see pyproject.toml), because pytest-django reads the settings
# before this file is imported.
import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Sign-ups in tests need no slow hashing; production keeps Django's default."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def login_limit_out_of_the_way(settings):
    """Failed log-ins per username are counted in Redis for minutes, across tests: a test of
    the limit sets a small one (and a username of its own); the others never reach this one."""
    settings.WILDCARDS_LOGIN_FAILURES = 10_000


@pytest.fixture(autouse=True)
def rate_limits_out_of_the_way(settings):
    """No rate limit counts unless a test sets one (`ScopedRateThrottle.THROTTLE_RATES`, or
    `WILDCARDS_PASSWORD_RESET_MINUTES`): the pages and the API share per-address windows in
    Redis, which the whole run would fill from 127.0.0.1."""
    from rest_framework.throttling import ScopedRateThrottle

    settings.WILDCARDS_PASSWORD_RESET_MINUTES = 0
    rates = ScopedRateThrottle.THROTTLE_RATES
    ScopedRateThrottle.THROTTLE_RATES = {scope: None for scope in rates}
    yield
    ScopedRateThrottle.THROTTLE_RATES = rates


@pytest.fixture
def eager_tasks():
    """Queued Celery tasks run in the test's own process, right after the transaction that
    queued them commits (the real-worker tests use a worker instead)."""
    from wildcards.celery import app as celery_app

    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def celery_join_flag_kept():
    """Celery keeps one process-wide flag that makes every `result.get()` refuse ("Never call
    result.get() within a task!"); eager tasks set and restore it around each run. A test that
    leaves it set breaks whichever test calls `.get()` next, in another file: fail the test that
    left it instead (and put it back). tests/concurrency.py says how threads can leave it set."""
    from celery import _state as celery_state

    before = celery_state.task_join_will_block()
    yield
    after = celery_state.task_join_will_block()
    if after != before:
        celery_state._set_task_join_will_block(before)
        pytest.fail(f"the test left Celery's task_join_will_block flag {after} (was {before})")


@pytest.fixture
def as_if_committed(request, db, monkeypatch):
    """The test runs in one transaction rolled back at its end (`db`, far cheaper than
    `transaction=True`, which empties every table after each test), and the code under test
    behaves as if each of its transactions committed:

    - on_commit callbacks run when the code's outermost atomic block exits (it would commit
      there), those of a block rolled back never; outside any block of the code's own, at once
      (autocommit);
    - SELECT ... FOR UPDATE outside any such block fails, as it does in autocommit mode.

    What still needs real commits (other connections seeing the rows: threads racing, a real
    Celery worker, the WSGI handler's after-response work) keeps `transaction=True`; in a
    module that uses this fixture, such a test says so with its own
    `@pytest.mark.django_db(transaction=True)`, and this fixture then does nothing."""
    import logging

    from django.db import connection, transaction
    from django.db.backends.base.base import BaseDatabaseWrapper

    marker = request.node.get_closest_marker("django_db")
    if (marker and marker.kwargs.get("transaction")) or "transactional_db" in request.fixturenames:
        yield  # the test commits for real
        return
    log = logging.getLogger("django.db.backends.base")

    def outside_the_codes_blocks(conn) -> bool:
        """Only the test's own atomic blocks are open: the code would be in autocommit."""
        return all(block._from_testcase for block in conn.atomic_blocks)

    def run(callbacks) -> None:
        for _, func, robust in callbacks:
            if not robust:
                func()
                continue
            try:
                func()
            except Exception as error:
                log.error(f"Error calling {func.__qualname__} in on_commit() ({error}).",
                          exc_info=True)

    real_enter, real_exit = transaction.Atomic.__enter__, transaction.Atomic.__exit__
    real_on_commit = BaseDatabaseWrapper.on_commit

    # Per connection, one entry per open atomic block: where the callbacks of the block start
    # when it is an outermost block of the code's own, else None. (Not kept on the Atomic: a
    # function decorated with @atomic uses one Atomic for every call.)
    opened: dict[int, list[int | None]] = {}

    def enter(self):
        conn = transaction.get_connection(self.using)
        outermost = not self._from_testcase and outside_the_codes_blocks(conn)
        start = len(conn.run_on_commit) if outermost else None
        result = real_enter(self)
        opened.setdefault(id(conn), []).append(start)
        return result

    def exit(self, exc_type, exc_value, traceback):
        conn = transaction.get_connection(self.using)
        stack = opened.get(id(conn))
        start = stack.pop() if stack else None  # none: a block of the test, opened before
        result = real_exit(self, exc_type, exc_value, traceback)
        if start is not None:
            # A savepoint rolled back has dropped its callbacks already: these were committed.
            committed, conn.run_on_commit = conn.run_on_commit[start:], conn.run_on_commit[:start]
            run(committed)
        return result

    def on_commit(self, func, robust=False):
        if self.in_atomic_block and outside_the_codes_blocks(self):
            run([(set(), func, robust)])
        else:
            real_on_commit(self, func, robust)

    def no_lock_outside_a_transaction(execute, sql, params, many, context):
        if " FOR UPDATE" in sql.upper() and outside_the_codes_blocks(connection):
            raise transaction.TransactionManagementError(
                "select_for_update cannot be used outside of a transaction.")
        return execute(sql, params, many, context)

    monkeypatch.setattr(transaction.Atomic, "__enter__", enter)
    monkeypatch.setattr(transaction.Atomic, "__exit__", exit)
    monkeypatch.setattr(BaseDatabaseWrapper, "on_commit", on_commit)
    with connection.execute_wrapper(no_lock_outside_a_transaction):
        yield
