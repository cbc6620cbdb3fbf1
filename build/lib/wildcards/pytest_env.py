"""pytest plugin (loaded with `-p wildcards.pytest_env` from pyproject.toml).

pytest-django reads the settings before any conftest.py is imported, so whatever the settings
must see from the environment is set here:

- the test run's throwaway SECRET_KEY (the settings refuse to start without one when DEBUG is
  off), and plain http (WILDCARDS_HTTPS=0);
- the Redis database of each pytest-xdist worker. The tests flush their Redis database (the
  throttle tests clear the cache) and run Celery workers on it: worker `gwN` takes database
  number REDIS_URL's minus N (`make test`: /14 for gw0, /13 for gw1, ...), so no two workers
  share one. No test run may use the Redis database of `make run` (scripts/run.py's
  LOCAL_REDIS_URL, where a dev server queues its tasks): the run stops before any test if it
  would.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
DEFAULT_REDIS_PORT = 6379
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}


def redis_database(url: str) -> tuple[str, int, int]:
    """(host, port, database number) of a redis:// URL; the loopback names count as one host."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    host = "localhost" if host in LOOPBACK_NAMES else host
    number = parts.path.strip("/") or "0"
    return host, parts.port or DEFAULT_REDIS_PORT, int(number)


def worker_redis_url(url: str, worker: str | None) -> str:
    """The Redis URL of pytest-xdist worker `worker` ("gw0", "gw1", ...; None without xdist):
    REDIS_URL with its database number lowered by the worker's number."""
    if not worker:
        return url
    offset = int(worker.removeprefix("gw"))
    number = redis_database(url)[2] - offset
    if number < 0:
        raise pytest.UsageError(
            f"REDIS_URL {url} leaves no Redis database of its own for xdist worker {worker}: "
            "use fewer workers or a higher database number"
        )
    return urlsplit(url)._replace(path=f"/{number}").geturl()


def make_run_redis_url() -> str | None:
    """LOCAL_REDIS_URL of scripts/run.py (a script, not a module of the package: read from its
    file), or None when the file is not there."""
    path = BASE_DIR / "scripts" / "run.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("wildcards_make_run", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.LOCAL_REDIS_URL


os.environ.setdefault("SECRET_KEY", "insecure-key-for-the-test-suite-only")
os.environ.setdefault("WILDCARDS_BOT_DELAY_MS", "0")  # bots move at once in tests
# The test client and the live servers speak plain http: no redirect to https, no cookies kept
# for https only (tests/ops/test_deploy_settings.py checks the production defaults).
os.environ.setdefault("WILDCARDS_HTTPS", "0")

if os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = worker_redis_url(
        os.environ["REDIS_URL"], os.environ.get("PYTEST_XDIST_WORKER"))
    _make_run = make_run_redis_url()
    if _make_run and redis_database(os.environ["REDIS_URL"]) == redis_database(_make_run):
        raise pytest.UsageError(
            f"REDIS_URL {os.environ['REDIS_URL']} is the Redis database of `make run` "
            f"({_make_run}), and the tests flush theirs: give them another one "
            "(`make test` uses redis://127.0.0.1:6379/14)"
        )
