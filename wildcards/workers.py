"""gunicorn's worker and logger for this site: `gunicorn -k wildcards.workers.UvicornWorker
--logger-class wildcards.workers.GunicornLogger wildcards.asgi:application`.

uvicorn-worker's own, with a graceful shutdown that ends: an event stream never closes by
itself, so without a limit a worker told to stop (a restart, a deploy) would keep serving until
gunicorn's timeout killed it. After `timeout_graceful_shutdown` seconds its streams are cut and
their clients reconnect elsewhere with `Last-Event-ID` (docs/api.md).

Forwarded headers are Django's to read, not uvicorn's (`proxy_headers` off): the client's
address then comes from WILDCARDS_TRUSTED_PROXIES and the scheme from SECURE_PROXY_SSL_HEADER
alone, one setting each, whatever the server (docs/hosting.md).

One log: gunicorn's lines (the master's too, which loads no Django settings) and uvicorn's go
through the site's LOGGING (`wildcards.log_config`), in its format (JSON with LOG_FORMAT=json),
with no access log of their own (the site writes one line per request). A worker told to stop
exits with status 0 once it has stopped: uvicorn raises the signal again after its graceful
shutdown, and gunicorn logs a worker ended by a signal as an ERROR ("was sent SIGTERM!")."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import logging.config
import os
import signal
import socket
import sys

from django.conf import settings
from gunicorn import glogging
from gunicorn.arbiter import Arbiter
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker as _UvicornWorker

from wildcards import admission, balance
from wildcards.log_config import from_environment


class GunicornLogger(glogging.Logger):
    """gunicorn's loggers with no handler of their own: their records go to the root's, which
    the site's LOGGING sets up (the master's as well as the workers')."""

    def setup(self, cfg) -> None:
        logging.config.dictConfig(from_environment())
        self.loglevel = self.LOG_LEVELS.get(cfg.loglevel.lower(), logging.INFO)
        for log in (self.error_log, self.access_log):
            log.handlers = []
            log.propagate = True
        self.error_log.setLevel(self.loglevel)


def _stopped(signum, frame) -> None:
    # gunicorn sends SIGTERM again each second until the worker is gone: ignored now, or one
    # arriving while Python shuts down (its handlers back to the defaults) would end it by the
    # signal after all.
    for late in (signal.SIGTERM, signal.SIGINT):
        signal.signal(late, signal.SIG_IGN)
    # uvicorn has let every connection go. Python's last full collection, as it ends, walked
    # the garbage of thousands of streams for 1.5 to 2.9 s while gunicorn waited to start the
    # worker's replacement (docs/benchmarks.md, "Issue 29, 2026-12-06 evening"): nothing is
    # left to collect that the process's end does not free.
    gc.freeze()
    sys.exit(0)


class DrainingServer(Server):
    """uvicorn's server, which tells the app it stops (`wildcards.admission.drain`: the event
    streams end with a `retry:` and their clients come back to another worker, spread out)
    before it waits for the open connections to end; and which stops reading the socket it
    shares with its siblings while it is seconds behind them (`wildcards.balance`)."""

    accepting = True
    _kept: list[int]
    _balance: asyncio.Task | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        # Copies of the shared sockets, to read them again after a pause: uvloop closes a
        # server's socket with it.
        self._kept = [os.dup(sock.fileno()) for sock in sockets or ()]
        await super().startup(sockets=sockets)
        if self._kept and settings.REDIS_URL and not self.should_exit:
            self._balance = asyncio.create_task(balance.run(self, settings.REDIS_URL))

    async def stop_accepting(self) -> None:
        for server in self.servers:
            server.close()
        self.accepting = False

    async def accept_again(self) -> None:
        if self.accepting or self.should_exit:
            return
        loop = asyncio.get_running_loop()
        opened: list[asyncio.Server] = []
        try:  # all of them or none: a failure leaves no copy open (the balance tries again)
            for fd in self._kept:
                copy = socket.socket(fileno=os.dup(fd))
                try:
                    opened.append(await loop.create_server(
                        self._protocol, sock=copy, ssl=self.config.ssl,
                        backlog=self.config.backlog))
                except BaseException:
                    copy.close()
                    raise
        except BaseException:
            for server in opened:
                server.close()
            raise
        self.servers = opened
        self.accepting = True

    def _protocol(self, _loop: asyncio.AbstractEventLoop | None = None) -> asyncio.Protocol:
        # (uvicorn's own, in `Server.startup`)
        return self.config.http_protocol_class(config=self.config, server_state=self.server_state,
                                               app_state=self.lifespan.state, _loop=_loop)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self._balance is not None:
            self._balance.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._balance
        for fd in self._kept:
            os.close(fd)
        self._kept = []
        await super().shutdown(sockets=sockets)

    def handle_exit(self, sig, frame) -> None:
        if not self.should_exit:  # from a signal handler: the loop runs the drain
            asyncio.get_event_loop().call_soon_threadsafe(admission.drain)
        super().handle_exit(sig, frame)


class UvicornWorker(_UvicornWorker):
    CONFIG_KWARGS = {**_UvicornWorker.CONFIG_KWARGS, "timeout_graceful_shutdown": 5,
                     "proxy_headers": False, "access_log": False, "lifespan": "off"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # uvicorn-worker gave it gunicorn's handlers (uvicorn.access has none: no access log).
        log = logging.getLogger("uvicorn.error")
        log.handlers = []
        log.propagate = True

    async def _serve(self) -> None:
        # uvicorn-worker's own, with a server that drains the app when told to stop.
        self.config.app = self.wsgi
        server = DrainingServer(config=self.config)
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)

    def init_signals(self) -> None:
        super().init_signals()
        # What uvicorn restores, then raises again, once it has shut down gracefully.
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, _stopped)
