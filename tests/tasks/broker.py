"""The test run's own Celery broker: its Redis database (REDIS_URL: `make test` sets one per
pytest-xdist worker, never the one of `make run`; wildcards/pytest_env.py) and a queue named for
the test, so that nothing else on that Redis is touched."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator

import kombu.pools
import pytest
import redis
from django.conf import settings

from wildcards.celery import app

SAVED_CONF = ("broker_url", "result_backend", "task_always_eager", "task_default_queue")


def redis_url() -> str:
    url = settings.REDIS_URL
    if not url:
        pytest.skip("REDIS_URL is not set: the real-worker tests need Redis (make test sets it)")
    return url


def forget_connections() -> None:
    """The app caches its broker pool, its amqp (queues, producers) and its result backend: drop
    them so the next use follows the configuration just changed. kombu keeps producer pools of
    its own, per connection: they go too (closed, then forgotten)."""
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    kombu.pools.reset()
    app.__dict__.pop("amqp", None)
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)


@contextlib.contextmanager
def queue_of_its_own() -> Iterator[tuple[str, str]]:
    """Tasks queued by this process go to the real broker, on a queue of the test's own:
    yields (Redis URL, queue name); everything is put back and the queue deleted after."""
    url = redis_url()
    saved = {key: app.conf[key] for key in SAVED_CONF}
    queue = f"wildcards-test-{uuid.uuid4().hex[:12]}"
    app.conf.update(broker_url=url, result_backend=url, task_always_eager=False,
                    task_default_queue=queue)
    forget_connections()
    try:
        yield url, queue
    finally:
        app.conf.update(saved)
        forget_connections()
        client = redis.Redis.from_url(url)
        client.delete(queue, *client.keys(f"_kombu.binding*.{queue}"))
        client.close()
