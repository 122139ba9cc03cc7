"""Benchmark: what reading one announcement costs the subscribed process, redis-py's PubSub against
brabo.redis_pubsub, side by side in one run.

Every web process that holds a wait or a live feed receives every announcement (its own too). A publisher in
another process sends N messages on ``brabo:action:*`` channels, either in bursts (pipelined, as many
proposals at once) or one at a time with a millisecond between them (as a quiet server); the subscriber reads
them on an asyncio loop as the hub does and the process's CPU time from the first message to the last is
divided by N. Rounds alternate the two readers (this machine is noisy); medians are printed with the ratio.

    .venv/bin/python bench/pubsub_read.py [--n 20000] [--sparse 2000] [--rounds 3]

Needs Redis (CELERY_BROKER_URL, default redis://127.0.0.1:6379/11; pub/sub channels are not per database,
so the channel names carry a random tag).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brabo.redis_pubsub import Subscription  # noqa: E402

PUBLISHER = """
import sys, time, redis
url, tag, n, gap = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
client = redis.Redis.from_url(url)
if gap:
    for i in range(n):
        client.publish(f"brabo:action:{tag}:project-events:{i % 7}", b"12345-abcdefabcdef")
        time.sleep(gap)
else:
    with client.pipeline(transaction=False) as pipe:
        for i in range(n):
            pipe.publish(f"brabo:action:{tag}:project-events:{i % 7}", b"12345-abcdefabcdef")
            if i % 200 == 199:
                pipe.execute()
        pipe.execute()
client.publish(f"brabo:action:{tag}:done", b"x")
"""


def publish(url: str, tag: str, n: int, gap: float) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", PUBLISHER, url, tag, str(n), str(gap)])


async def redis_py(url: str, tag: str, n: int, gap: float) -> float:
    import redis.asyncio as aredis

    client = aredis.Redis.from_url(url, socket_connect_timeout=2, health_check_interval=15)
    pubsub = client.pubsub()
    await pubsub.psubscribe(f"brabo:action:{tag}:*")
    await pubsub.get_message(timeout=5)
    publisher, started, got = publish(url, tag, n, gap), 0.0, 0
    done = f"brabo:action:{tag}:done".encode()
    prefix = len("brabo:action:")
    while True:
        message = await pubsub.get_message(timeout=15.0)  # as the hub read before
        if message is None or message["type"] != "pmessage":
            continue
        started = started or time.process_time()
        got += 1
        if message["channel"] == done:
            break
        message["channel"][prefix:].decode()
    spent = time.process_time() - started
    publisher.wait()
    await pubsub.aclose()
    await client.aclose()
    return spent / got * 1e6


async def brabo(url: str, tag: str, n: int, gap: float) -> float:
    subscription = Subscription(url, f"brabo:action:{tag}:*")
    await subscription.open()
    publisher, started, got = publish(url, tag, n, gap), 0.0, 0
    done = f"brabo:action:{tag}:done".encode()
    prefix = len("brabo:action:")
    finished = False
    while not finished:
        replies = await subscription.read()
        started = started or time.process_time()
        for reply in replies or ():
            if reply[0] != b"pmessage":
                continue
            got += 1
            finished = finished or reply[2] == done
            reply[2][prefix:].decode()
    spent = time.process_time() - started
    publisher.wait()
    await subscription.close()
    return spent / got * 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000, help="messages of a burst round")
    ap.add_argument("--sparse", type=int, default=2000, help="messages of a one-at-a-time round")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    url = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/11")
    for label, n, gap in (("burst", args.n, 0.0), ("one at a time, 1 ms apart", args.sparse, 0.001)):
        figures: dict[str, list[float]] = {"redis-py PubSub.get_message": [], "brabo.redis_pubsub": []}
        for _ in range(args.rounds):
            for name, reader in (("redis-py PubSub.get_message", redis_py), ("brabo.redis_pubsub", brabo)):
                figures[name].append(asyncio.run(reader(url, uuid.uuid4().hex[:8], n, gap)))
        medians = {name: statistics.median(values) for name, values in figures.items()}
        print(f"{label} ({n} messages, medians of {args.rounds} rounds):")
        for name, value in medians.items():
            print(f"  {name:30s} {value:7.1f} µs CPU per message")
        old, new = medians.values()
        print(f"  ratio {old / new:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
