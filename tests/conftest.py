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
