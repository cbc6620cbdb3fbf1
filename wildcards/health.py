"""`GET /healthz`: can this process serve, and is the periodic work running?

Three checks, each a few milliseconds: the database answers a query, Redis answers a PING (when
REDIS_URL is set), and Celery beat's deadline sweep ran within the last minute. 200 when all
pass, 503 when one fails; the JSON says which (docs/hosting.md, "Health check").

The sweep's last run is a heartbeat the task records itself (`record_heartbeat`): in Redis
when there is one (any machine's worker can write it), else in a file under the Celery folder
(without Redis, web, worker and beat share one machine and that folder anyway).
"""

from __future__ import annotations

import time
from pathlib import Path

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

SWEEP = "sweep-deadlines"
# Beat queues the sweep every 5 seconds: a minute without one is no hiccup.
MAX_HEARTBEAT_AGE = 60.0
_TIMEOUT = 2.0  # seconds: a check that hangs is a failed check, and the probe must answer


def _heartbeat_file(name: str) -> Path:
    return Path(settings.CELERY_DATA_DIR) / "heartbeats" / name


def record_heartbeat(name: str, now: float | None = None) -> None:
    """Note that the periodic task `name` just ran."""
    now = time.time() if now is None else now
    if settings.REDIS_URL:
        cache.set(f"wildcards:heartbeat:{name}", now, timeout=24 * 3600)
        return
    path = _heartbeat_file(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(repr(now))


def last_heartbeat(name: str) -> float | None:
    """When the periodic task `name` last ran (a Unix time), or None if never."""
    if settings.REDIS_URL:
        return cache.get(f"wildcards:heartbeat:{name}")
    try:
        return float(_heartbeat_file(name).read_text())
    except (OSError, ValueError):
        return None


# What a Redis outage does to the rate limits (wildcards/throttling.py), for the operator.
LIMITS_DOWN = ("not counted: log-in, sign-up and password reset answer 503 until Redis is "
               "back; moves and reads go through")


def _database() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any failure is the answer, not a 500
        return {"ok": False, "detail": f"{type(error).__name__}: {error}".strip()}
    return {"ok": True}


def _redis() -> dict:
    if not settings.REDIS_URL:
        return {"ok": True, "detail": "not configured (REDIS_URL is empty)"}
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=_TIMEOUT,
                                      socket_connect_timeout=_TIMEOUT)
        with client:
            client.ping()
    except redis.RedisError as error:
        return {"ok": False, "detail": f"{type(error).__name__}: {error}", "limits": LIMITS_DOWN}
    return {"ok": True}


def _beat(redis_check: dict) -> dict:
    if not redis_check["ok"]:  # the heartbeat is kept in Redis
        return {"ok": False, "detail": "cannot read the heartbeat: Redis does not answer"}
    try:
        last = last_heartbeat(SWEEP)
    except Exception as error:  # the cache is Redis: already reported above
        return {"ok": False, "detail": f"cannot read the heartbeat: {type(error).__name__}"}
    if last is None:
        return {"ok": False, "detail": "the deadline sweep has never run: is beat running, "
                                       "and a worker?"}
    age = round(max(0.0, time.time() - last), 1)
    if age > MAX_HEARTBEAT_AGE:
        return {"ok": False, "age_seconds": age,
                "detail": f"the deadline sweep last ran {age:.0f} s ago (at most "
                          f"{MAX_HEARTBEAT_AGE:.0f} s expected): is beat running, and a worker?"}
    return {"ok": True, "age_seconds": age}


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    redis_check = _redis()
    checks = {"database": _database(), "redis": redis_check, "beat": _beat(redis_check)}
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if healthy else "failing", "checks": checks},
                        status=200 if healthy else 503)
