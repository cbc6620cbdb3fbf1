"""Reading a table's event stream in a test, through Django's ASGI test client (the view's
generator runs as it would under uvicorn)."""

from __future__ import annotations

import asyncio
import json

from django.test import AsyncClient


def parse(block: str) -> dict:
    """One server-sent event: `id` (None for a chat event, which has none), `event` and the
    JSON `data`."""
    fields: dict = {}
    for line in block.splitlines():
        name, _, value = line.partition(": ")
        fields[name] = value
    return {"id": int(fields["id"]) if "id" in fields else None, "event": fields["event"],
            "data": json.loads(fields["data"])}


class Stream:
    def __init__(self, response) -> None:
        self.response = response
        self.chunks = response.streaming_content.__aiter__()
        self.buffer = ""
        self.comments: list[str] = []
        self.pending: asyncio.Future | None = None  # a read not finished yet, kept for the next

    @classmethod
    async def open(cls, token: str | None, table: int, **headers) -> Stream:
        if token:
            headers["Authorization"] = f"Token {token}"
        response = await AsyncClient().get(f"/api/tables/{table}/events", headers=headers)
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "text/event-stream"
        return cls(response)

    async def next(self, timeout: float = 10.0) -> dict:
        """The next event (comment lines are kept in `comments`)."""
        while True:
            while "\n\n" in self.buffer:
                block, self.buffer = self.buffer.split("\n\n", 1)
                if block.startswith(":"):
                    self.comments.append(block)
                elif block.startswith("retry:"):
                    continue
                else:
                    return parse(block)
            if self.pending is None:
                self.pending = asyncio.ensure_future(self.chunks.__anext__())
            done, _ = await asyncio.wait({self.pending}, timeout=timeout)
            if not done:
                raise TimeoutError
            chunk, self.pending = self.pending.result(), None
            self.buffer += chunk.decode() if isinstance(chunk, bytes) else chunk

    async def stay_open(self, seconds: float) -> None:
        """Keep reading for `seconds`, as a page left open does (what comes is kept in the
        buffer for `next`)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while (left := end - loop.time()) > 0:
            if self.pending is None:
                self.pending = asyncio.ensure_future(self.chunks.__anext__())
            done, _ = await asyncio.wait({self.pending}, timeout=left)
            if done:
                chunk, self.pending = self.pending.result(), None
                self.buffer += chunk.decode() if isinstance(chunk, bytes) else chunk

    async def nothing_within(self, seconds: float) -> bool:
        try:
            event = await self.next(timeout=seconds)
        except TimeoutError:
            return True
        raise AssertionError(f"an event came: {event}")

    async def close(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            await asyncio.gather(self.pending, return_exceptions=True)
        await self.chunks.aclose()
