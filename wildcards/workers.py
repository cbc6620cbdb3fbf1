"""gunicorn's worker for this site: `gunicorn -k wildcards.workers.UvicornWorker
wildcards.asgi:application`.

uvicorn-worker's own, with a graceful shutdown that ends: an event stream never closes by
itself, so without a limit a worker told to stop (a restart, a deploy) would keep serving until
gunicorn's timeout killed it. After `timeout_graceful_shutdown` seconds its streams are cut and
their clients reconnect elsewhere with `Last-Event-ID` (docs/api.md)."""

from uvicorn_worker import UvicornWorker as _UvicornWorker


class UvicornWorker(_UvicornWorker):
    CONFIG_KWARGS = {**_UvicornWorker.CONFIG_KWARGS, "timeout_graceful_shutdown": 5}
