"""Under ASGI a request crosses to its thread once: `request_started` is sent there, with the
middleware and the view (wildcards.asgi), not in a hop of its own before them."""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import threading

import pytest
from asgiref.sync import SyncToAsync
from django.core import signals
from django.core.handlers.asgi import ASGIHandler

from wildcards.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def get(path: str) -> tuple[int, list]:
    """Send one GET through the ASGI application; its status, and where `request_started` ran
    (the thread's name, and whether the request was already made)."""
    started: list[tuple[str, bool]] = []

    def record(sender, scope=None, **_):
        started.append((threading.current_thread().name, scope is not None))

    signals.request_started.connect(record)
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "headers": [(b"host", b"localhost")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80), "root_path": ""}
    statuses: list[int] = []

    async def run():
        sent = asyncio.Event()

        async def receive():
            if not sent.is_set():
                sent.set()
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.Event().wait()  # the client stays until the answer

        async def send(message):
            if message["type"] == "http.response.start":
                statuses.append(message["status"])

        await application(scope, receive, send)

    try:
        asyncio.run(run())
    finally:
        signals.request_started.disconnect(record)
    return statuses[0], started


def test_request_started_is_sent_once_in_the_requests_one_hop_to_its_thread(settings,
                                                                         monkeypatch):
    settings.ALLOWED_HOSTS = ["localhost"]
    hops: list[str] = []
    crossing = SyncToAsync.__call__

    def counted(self, *args, **kwargs):
        hops.append(getattr(self.func, "__name__", repr(self.func)))
        return crossing(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    status, started = get("/api/me")
    assert status == 401  # through the middleware and DRF: no token
    assert len(started) == 1
    thread, with_scope = started[0]
    assert thread.startswith("request"), thread
    assert with_scope
    # One hop for the signal, the middleware and the view; one for the response's close().
    assert hops == ["_started", "close"], hops


def test_the_handler_overrides_djangos_as_it_was_copied():
    """wildcards.asgi.Handler.handle is Django 5.2's but for the signal: a Django whose own
    changed needs the copy looked at again."""
    source = inspect.getsource(ASGIHandler.handle).encode()
    assert hashlib.sha256(source).hexdigest()[:16] == "98faeb5bef800331"
