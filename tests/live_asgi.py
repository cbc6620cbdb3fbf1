"""The site under uvicorn (ASGI, as in production) in a thread of the test process, so on the
test database: for the event stream's tests in a browser and over real HTTP."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time

import pytest
import uvicorn
from concurrency import threads_may_run_eager_tasks


@pytest.fixture
def asgi_server(transactional_db):
    """The address of the site under uvicorn, serving until the test ends."""
    from wildcards.asgi import application

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    stop = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < stop, "uvicorn did not start"
        time.sleep(0.05)
    with threads_may_run_eager_tasks():
        yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def asgi_process(transactional_db):
    """The site under uvicorn in a process of its own, on the test database (whose rows the
    test commits): what a production worker is, for figures read off the process."""
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.skip("a second process needs the test database on PostgreSQL")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/"
                                         f"{db['NAME']}"}
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "wildcards.asgi:application", "--port", str(port),
         "--log-level", "warning", "--lifespan", "off"], env=env)
    try:
        stop = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
            assert server.poll() is None and time.monotonic() < stop, "uvicorn did not start"
            time.sleep(0.1)
        yield server.pid, f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(10)
