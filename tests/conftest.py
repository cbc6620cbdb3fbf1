# Fixtures shared by the whole suite. The test run's SECRET_KEY comes from the
# wildcards.pytest_env plugin (see pyproject.toml), because pytest-django reads the settings
# before this file is imported.
import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Sign-ups in tests need no slow hashing; production keeps Django's default."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
