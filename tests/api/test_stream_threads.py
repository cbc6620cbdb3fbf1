"""An open event stream holds no thread of its own under uvicorn: Django keeps a thread per
request until the response ends, and the stream gives it back (wildcards/asgi.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from live_asgi import asgi_process  # noqa: F401  (the site under uvicorn)

pytestmark = pytest.mark.django_db(transaction=True)

STREAMS = 48


def threads(pid: int) -> int:
    """The server process's threads, as the kernel counts them."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("Threads:"))
               .split()[1])


async def open_stream(address: str, table: int, token: str) -> asyncio.StreamWriter:
    """A stream opened as a browser or curl does (one connection each), read up to its first
    event."""
    where = urlsplit(address)
    reader, writer = await asyncio.open_connection(where.hostname, where.port)
    writer.write(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: {where.netloc}\r\n"
                 f"Authorization: Token {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
    assert (await reader.readline()).startswith(b"HTTP/1.1 200")
    while not (await reader.readline()).startswith(b"id: "):
        pass
    return writer


def test_open_streams_hold_no_thread_each(rigged_table, asgi_process):  # noqa: F811
    pid, address = asgi_process
    table, people = rigged_table(
        [["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1", "wave-2", "sun-2"],
         ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5", "wave-6", "sun-7"]], "flame-5")
    before = threads(pid)

    async def follow_all() -> int:
        writers = await asyncio.wait_for(asyncio.gather(*(
            open_stream(address, table, people[n % 2].token) for n in range(STREAMS))), 30)
        await asyncio.sleep(0.5)  # every stream idle, waiting for the next change
        during = threads(pid)
        for writer in writers:
            writer.close()
        return during

    during = asyncio.run(follow_all())
    # The streams' database work runs in the event loop's shared pool (a few threads at most).
    assert during - before < STREAMS // 2, f"{during - before} threads for {STREAMS} streams"
