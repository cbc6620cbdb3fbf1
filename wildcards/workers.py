"""gunicorn's worker for this site: `gunicorn -k wildcards.workers.UvicornWorker
wildcards.asgi:application`.

uvicorn-worker's own, with a graceful shutdown that ends: an event stream never closes by
itself, so without a limit a worker told to stop (a restart, a deploy) would keep serving until
gunicorn's timeout killed it. After `timeout_graceful_shutdown` seconds its streams are cut and
their clients reconnect elsewhere with `Last-Event-ID` (docs/api.md).

Forwarded headers are Django's to read, not uvicorn's (`proxy_headers` off): the client's
address then comes from WILDCARDS_TRUSTED_PROXIES and the scheme from SECURE_PROXY_SSL_HEADER
alone, one setting each, whatever the server (docs/hosting.md)."""

from uvicorn_worker import UvicornWorker as _UvicornWorker


class UvicornWorker(_UvicornWorker):
    CONFIG_KWARGS = {**_UvicornWorker.CONFIG_KWARGS, "timeout_graceful_shutdown": 5,
                     "proxy_headers": False}
