"""A request that waited for a database connection as long as the pool lets it (every
connection of the process busy): answered 503 with `Retry-After` (the API's JSON, or the refused
page), never a 500. The event stream answers it its own way (a 200 with a `retry:`)."""

from __future__ import annotations

from django.db import OperationalError
from psycopg_pool import PoolTimeout

RETRY_AFTER = 2  # seconds
SENTENCE = "The server is busy right now: try again in a few seconds."


def pool_exhausted(exc: BaseException) -> bool:
    """psycopg's pool timed out (Django wraps it in its OperationalError)."""
    while exc is not None:
        if isinstance(exc, PoolTimeout):
            return True
        if not isinstance(exc, OperationalError):
            return False
        exc = exc.__cause__
    return False


def busy_body() -> dict:
    return {"code": "busy", "detail": SENTENCE, "retry_after": RETRY_AFTER}
