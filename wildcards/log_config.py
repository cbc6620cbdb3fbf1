"""settings.LOGGING, built without importing anything heavy into the settings (the filters and
the middleware are in wildcards/logs.py). gunicorn's master, which loads no settings, builds the
same from the environment (`from_environment`, used by wildcards/workers.py)."""

import os

from django.core.exceptions import ImproperlyConfigured
from pythonjsonlogger.core import RESERVED_ATTRS


def log_format_and_level(environ=None) -> tuple[str, str]:
    """LOG_FORMAT (text or json) and LOG_LEVEL from the environment, checked."""
    environ = os.environ if environ is None else environ
    log_format = environ.get("LOG_FORMAT", "text").strip().lower() or "text"
    if log_format not in ("text", "json"):
        raise ImproperlyConfigured("LOG_FORMAT must be text or json.")
    return log_format, environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"


def from_environment() -> dict:
    return logging_config(*log_format_and_level())


def logging_config(log_format: str, level: str) -> dict:
    """settings.LOGGING: everything to stderr, as plain text or as JSON lines."""
    formatters = {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(context)s %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(name)s %(message)s %(request_id)s %(task_id)s %(task_name)s",
            # ISO 8601 in UTC, as collectors read it without being told a format.
            "timestamp": "time",
            "rename_fields": {"levelname": "level", "name": "logger", "exc_info": "traceback"},
            # `context` is the text format's summary of the fields the JSON has already.
            # uvicorn's `color_message` is its message with terminal colors.
            "reserved_attrs": [*RESERVED_ATTRS, "context", "color_message"],
        },
    }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "wildcards.log_filters.ContextFilter"},
                    "redis_outage": {"()": "wildcards.log_filters.OutageFilter"},
                    "idle_sweep": {"()": "wildcards.log_filters.IdleSweepFilter"}},
        "formatters": {"main": formatters[log_format]},
        "handlers": {
            "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                       "formatter": "main", "filters": ["context"]},
        },
        "root": {"handlers": ["stderr"], "level": level},
        "loggers": {
            # Django's own handlers (the console only with DEBUG, mail to ADMINS) give way to
            # the root's; its records go there.
            "django": {"handlers": [], "level": level, "propagate": True},
            # Errors (with their traceback) only: every request has its line already.
            "django.request": {"level": "ERROR"},
            "django.server": {"level": "ERROR"},
            # django-redis's cache calls that failed (settings.CACHES ignores them).
            "wildcards.cache": {"filters": ["redis_outage"]},
            # Beat's sweep every five seconds: its lines are DEBUG while it finds nothing to do.
            **{name: {"filters": ["idle_sweep"]}
               for name in ("celery.beat", "celery.worker.strategy", "celery.app.trace")},
            # gunicorn's own (the master's: workers booting and stopping, signals) and
            # uvicorn's: to the root's handler, in its format (wildcards/workers.py).
            "gunicorn.error": {"handlers": [], "propagate": True},
            "uvicorn.error": {"handlers": [], "propagate": True},
        },
    }
