"""Celery's settings (the CELERY_* names of wildcards/settings.py; docs/hosting.md).

Redis from REDIS_URL as broker and result backend. Without Redis, kombu's filesystem transport:
messages are files under the data folder (.celery/ in a checkout, git-ignored), so web, worker
and beat started as separate processes on one machine still share one queue (what `make run`
does without Redis). Tasks run in the process that queues them only when
CELERY_TASK_ALWAYS_EAGER=1 says so.
"""

from __future__ import annotations

from pathlib import Path

from wildcards.env import env_bool


def celery_settings(redis_url: str | None, data_dir: Path) -> dict[str, object]:
    if redis_url:
        broker: dict[str, object] = {"CELERY_BROKER_URL": redis_url,
                                     "CELERY_RESULT_BACKEND": redis_url}
    else:
        broker = {
            "CELERY_BROKER_URL": "filesystem://",
            "CELERY_BROKER_TRANSPORT_OPTIONS": {
                # one folder in and out: every process reads what any other one wrote
                "data_folder_in": str(data_dir / "queue"),
                "data_folder_out": str(data_dir / "queue"),
                "control_folder": str(data_dir / "control"),
                "processed_folder": str(data_dir / "processed"),
                "store_processed": False,
            },
            "CELERY_RESULT_BACKEND": None,
        }
    return {
        **broker,
        "CELERY_TASK_ALWAYS_EAGER": env_bool("CELERY_TASK_ALWAYS_EAGER", default=False),
        "CELERY_TASK_SERIALIZER": "json",
        "CELERY_RESULT_SERIALIZER": "json",
        "CELERY_ACCEPT_CONTENT": ["json"],
        # Results are for watching tasks; nothing waits on them for long.
        "CELERY_RESULT_EXPIRES": 3600,
        # Nothing waits on a task's result. Without this, every task queued from a web process
        # also subscribes that process to the task's result channel in Redis (Celery's Redis
        # backend does so for any task whose result is kept): an extra round trip on every move
        # that queues one.
        "CELERY_TASK_IGNORE_RESULT": True,
        # One result backend for the process, not one per thread: Celery builds it again (and
        # a Redis connection pool with it) in every new thread that queues a task, and under
        # ASGI each request runs in a thread of its own: about a sixth of a move's CPU under
        # uvicorn (docs/benchmarks.md, "The event stream"). Nothing here waits on a result, the
        # one use that is not thread-safe.
        "CELERY_RESULT_BACKEND_THREAD_SAFE": True,
        "CELERY_TASK_TIME_LIMIT": 60,
        "CELERY_TASK_SOFT_TIME_LIMIT": 50,
        # acks_late is set per task, on those safe to run twice; a worker that dies mid-task then
        # hands it back (instead of the task being lost).
        "CELERY_TASK_REJECT_ON_WORKER_LOST": True,
        "CELERY_WORKER_PREFETCH_MULTIPLIER": 1,
        "CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP": True,
        "CELERY_BEAT_SCHEDULE_FILENAME": str(data_dir / "celerybeat-schedule"),
        # The periodic passes: deadlines (reminders, expiries, seats gone away) every few
        # seconds, the outbox's sweep every 15 seconds, the daily digests every ten minutes,
        # and every hour the answers to moves sent with an Idempotency-Key over a day ago.
        "CELERY_BEAT_SCHEDULE": {
            "sweep-deadlines": {"task": "games.tasks.sweep_deadlines", "schedule": 5.0,
                                "options": {"expires": 5.0}},
            "send-pending-notices": {"task": "notifications.tasks.send_pending_notices",
                                     "schedule": 15.0, "options": {"expires": 15.0}},
            "queue-digests": {"task": "notifications.tasks.queue_digests",
                              "schedule": 600.0, "options": {"expires": 600.0}},
            "forget-idempotency-keys": {"task": "games.tasks.forget_idempotency_keys",
                                        "schedule": 3600.0, "options": {"expires": 3600.0}},
        },
    }
