#!/usr/bin/env python3
"""What a web process pays for the site's events it does not serve.

A web process subscribes once to the pattern of every table's channels (games/api/hub.py), so
every message of the site reaches it, followed or not: Redis sends each one to every process,
and each process reads it, takes the table's version from its header and drops it. This
measures that cost, against a message the process hands on to a follower:

  1. the hub of this process is started (its subscription live), with one follower;
  2. a child process publishes `--messages` messages at `--rate` a second, each of about
     `--size` bytes, on the
     seats' channels of 1,000 tables no one here follows, then one on the followed channel;
     this process's CPU from the first message to that last one, a message;
  3. the same on 100 channels this process follows (one follower each, which reads them).

Usage:
  .venv/bin/python bench/hub_fanin.py [--messages 50000] [--size 2000] [--rate 10000]
      [--redis redis://127.0.0.1:6379/9] [--smoke]
(`--smoke`: 2,000 messages, for CI.) The Redis database is only published on, never written.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLES = 1000  # the unfollowed tables the messages go to, four seats each
FOLLOWED = 100  # the channels followed in the second phase
END = 10**9  # the version of the message that ends a phase


def publish(url: str, channels: list[str], messages: int, size: int, rate: float,
            last: str) -> None:
    """In a child process: `messages` messages round the channels at `rate` a second (in
    batches of 100), then one on `last`."""
    import redis

    from games.service import events

    client = redis.Redis.from_url(url)
    data = {"padding": "x" * size}
    pipe = client.pipeline(transaction=False)
    start = time.perf_counter()
    for i in range(messages):
        version = i // len(channels) + 1
        pipe.publish(channels[i % len(channels)], events.message("state", version, version - 1,
                                                                  data))
        if i % 100 == 99:
            pipe.execute()
            time.sleep(max(0.0, start + (i + 1) / rate - time.perf_counter()))
    pipe.publish(last, events.message("state", END, END - 1, {}))
    pipe.execute()


async def phase(url: str, channels: list[str], followers: list, args, last: str,
                sentinel) -> tuple[float, float, int]:
    """This process's CPU seconds and wall seconds while the child publishes, and the items
    the followers read."""
    read = 0

    async def follow(subscription) -> None:
        nonlocal read
        while True:
            await subscription.get()
            read += 1

    readers = [asyncio.create_task(follow(s)) for s in followers]
    while not sentinel.queue.empty():  # (what the hub's connection told every follower)
        sentinel.queue.get_nowait()
    child = multiprocessing.get_context("fork").Process(
        target=publish, args=(url, channels, args.messages, args.size, args.rate, last))
    cpu, wall = time.process_time(), time.perf_counter()
    child.start()
    while getattr(await sentinel.get(), "version", None) != END:
        pass
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    child.join()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return cpu, wall, read


async def run(args) -> None:
    from games.api.hub import Hub
    from games.service import events

    hub = Hub(args.redis, events.every_channel())
    last = events.channel(10**8, 1)  # a table of its own: the end of each phase
    sentinel = await hub.join(last)
    await asyncio.sleep(0.2)
    unfollowed = [events.channel(table, seat) for table in range(1, TABLES + 1)
                  for seat in range(1, 5)]
    cpu, wall, _ = await phase(args.redis, unfollowed, [], args, last, sentinel)
    print(f"not followed: {args.messages} messages in {wall:.2f} s; this process's CPU "
          f"{1e6 * cpu / args.messages:.1f} us a message")
    followed = [events.channel(10**8 + n, 1) for n in range(1, FOLLOWED + 1)]
    followers = [await hub.join(channel) for channel in followed]
    cpu, wall, read = await phase(args.redis, followed, followers, args, last, sentinel)
    print(f"followed, one follower each: {args.messages} messages in {wall:.2f} s "
          f"({read} read by their followers); this process's CPU "
          f"{1e6 * cpu / args.messages:.1f} us a message")
    for channel, follower in [(last, sentinel), *zip(followed, followers, strict=True)]:
        await hub.leave(channel, follower)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=50_000)
    parser.add_argument("--size", type=int, default=2000, help="bytes of JSON a message")
    parser.add_argument("--rate", type=float, default=10_000, help="messages a second")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--smoke", action="store_true", help="2,000 messages (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.messages = 2000
    sys.path.insert(0, str(ROOT))
    # The channels' names hold the site's database name; none is connected to.
    os.environ.update({"DJANGO_SETTINGS_MODULE": "wildcards.settings", "DEBUG": "0",
                       "SECRET_KEY": "bench-hub-not-secret", "REDIS_URL": args.redis,
                       "DATABASE_URL": "postgres://127.0.0.1:5432/wcbench_hub_fanin",
                       "LOG_LEVEL": "WARNING"})
    import django

    django.setup()
    print(f"bench/hub_fanin.py: {args.messages} messages of {args.size} bytes, Python "
          f"{sys.version.split()[0]}")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
