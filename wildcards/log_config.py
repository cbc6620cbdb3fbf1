"""settings.LOGGING, built without importing anything heavy into the settings (the filter and
the middleware are in wildcards/logs.py)."""

from pythonjsonlogger.core import RESERVED_ATTRS


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
            "reserved_attrs": [*RESERVED_ATTRS, "context"],
        },
    }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "wildcards.logs.ContextFilter"},
                    "redis_outage": {"()": "wildcards.logs.OutageFilter"}},
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
        },
    }
