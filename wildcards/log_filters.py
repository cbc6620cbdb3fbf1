"""The log's filters (settings.LOGGING, built by wildcards/log_config.py), and where a
record's request id comes from. Light on purpose (no Django settings, no DRF): gunicorn's master
builds its logging from these too (wildcards/workers.py).

- `ContextFilter` puts the request's id, and the Celery task's id and name, on every record
  (`request_id` is set by `wildcards.logs.RequestLogMiddleware`);
- the Celery signal handlers carry a request's id into the tasks it queues;
- `OutageFilter` turns django-redis's errors while Redis is down into a warning a minute;
- `IdleSweepFilter` puts beat's five-second sweep at DEBUG while it finds nothing to do.
"""

from __future__ import annotations

import contextvars
import logging
import math
import re
import time

from celery import current_task

# What a proxy's id looks like (nginx's $request_id, a UUID, ...): anything else is not echoed
# into our logs and headers as it is.
GOOD_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id",
                                                                       default=None)


class ContextFilter(logging.Filter):
    """Adds `request_id`, `task_id`, `task_name` (None where they do not apply) and `context`
    (the same in a few words, for the plain-text format) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        # Celery's proxy to the task this process is running, false outside a task.
        record.task_id = current_task.request.id if current_task else None
        record.task_name = current_task.name if current_task else None
        parts = []
        if record.request_id:
            parts.append(f"request={record.request_id}")
        if record.task_id:
            parts.append(f"task={record.task_name}[{record.task_id}]")
        record.context = " ".join(parts) or "-"
        return True


# A task queued while a request runs carries the request's id (a header of its message), and
# the worker's records while it runs carry it too (wildcards/celery.py connects these).
TASK_HEADER = "wildcards_request_id"
_task_tokens: dict[str, contextvars.Token] = {}


def carry_request_id(headers: dict | None = None, **_) -> None:
    """Celery's `before_task_publish`: the id of the request that queues the task goes along."""
    given = request_id.get()
    if given and headers is not None:
        headers.setdefault(TASK_HEADER, given)


def take_request_id(task_id: str | None = None, task=None, **_) -> None:
    """Celery's `task_prerun`: the request's id for the records of the task's run."""
    given = task.request.get(TASK_HEADER) if task is not None else None
    if given and task_id and GOOD_REQUEST_ID.fullmatch(str(given)):
        _task_tokens[task_id] = request_id.set(str(given))


def drop_request_id(task_id: str | None = None, **_) -> None:
    """Celery's `task_postrun`."""
    token = _task_tokens.pop(task_id, None)
    if token is not None:
        request_id.reset(token)


class OutageFilter(logging.Filter):
    """On django-redis's "Exception ignored" (a cache call while Redis does not answer,
    settings.CACHES): one WARNING a minute per process, with the error and no traceback,
    instead of an ERROR with its traceback on every call."""

    every = 60.0  # seconds

    def __init__(self) -> None:
        super().__init__()
        self.last = -math.inf

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.last < self.every:
            return False
        self.last = now
        error = record.exc_info[1] if record.exc_info else None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = "Redis does not answer (%s): the cache is bypassed until it does"
        record.args = (f"{type(error).__name__}: {error}",)
        record.exc_info = record.exc_text = None
        return True


SWEEP_TASK = "games.tasks.sweep_deadlines"


class IdleSweepFilter(logging.Filter):
    """Celery's lines about beat's deadline sweep (every five seconds: beat's "Sending due
    task", the worker's "received" and "succeeded") are DEBUG while it finds nothing to do,
    INFO when it did something (its counts are not all 0): 52,000 lines a day otherwise."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._idle_sweep(record):
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)

    @staticmethod
    def _idle_sweep(record: logging.LogRecord) -> bool:
        if record.levelno != logging.INFO:
            return False
        args = record.args
        if record.name == "celery.beat":  # "Scheduler: Sending due task %s (%s)"
            return isinstance(args, tuple) and SWEEP_TASK in args
        if not isinstance(args, dict) or args.get("name") != SWEEP_TASK:
            return False
        if "return_value" not in args:  # "received"
            return True
        counts = args["return_value"]  # "succeeded": what the sweep did, as text
        return not re.search(r"[1-9]", counts if isinstance(counts, str) else repr(counts))
