"""The announcements' subscription read a chunk at a time (brabo.redis_pubsub): the replies split the same
however the bytes are cut, what is no subscriber's reply ends the connection, and against a real Redis the
messages of a burst all arrive in order, a silent connection is PINGed and one whose PING goes unanswered
ends, and a subscription closed on purpose ends its read quietly."""

from __future__ import annotations

import asyncio
import random

import pytest
import redis

from brabo import redis_pubsub
from brabo.redis_pubsub import ProtocolError, Replies, Subscription

from .served import PrivateRedis, RedisProxy


def _bulk(value: bytes) -> bytes:
    return b"$%d\r\n%s\r\n" % (len(value), value)


def _message(channel: bytes, data: bytes) -> bytes:
    return b"*4\r\n" + _bulk(b"pmessage") + _bulk(b"brabo:action:*") + _bulk(channel) + _bulk(data)


STREAM = (
    b"*3\r\n"
    + _bulk(b"psubscribe")
    + _bulk(b"brabo:action:*")
    + b":1\r\n"
    + _message(b"brabo:action:project-events:7", b"123-abc")
    + _message(b"brabo:action:\r\n*4\r\n", b"")  # a length, not a line end, says where a string stops
    + b"*2\r\n"
    + _bulk(b"pong")
    + _bulk(b"")
    + b">4\r\n"
    + _bulk(b"pmessage")
    + _bulk(b"p")
    + _bulk(b"c")
    + b"$-1\r\n"  # RESP3's push, a null
    + b"*1\r\n+OK\r\n"
    + b"+PONG\r\n"
)
EXPECTED = [
    [b"psubscribe", b"brabo:action:*", b"1"],
    [b"pmessage", b"brabo:action:*", b"brabo:action:project-events:7", b"123-abc"],
    [b"pmessage", b"brabo:action:*", b"brabo:action:\r\n*4\r\n", b""],
    [b"pong", b""],
    [b"pmessage", b"p", b"c", None],
    [b"OK"],
    [b"PONG"],
]


def test_the_replies_read_the_same_however_the_bytes_are_cut():
    assert Replies().feed(STREAM) == EXPECTED
    one_by_one = Replies()
    got = [reply for i in range(len(STREAM)) for reply in one_by_one.feed(STREAM[i : i + 1])]
    assert got == EXPECTED
    rng = random.Random(7)
    for _ in range(200):
        cuts = sorted(rng.sample(range(1, len(STREAM)), rng.randint(1, 12)))
        replies, got, start = Replies(), [], 0
        for cut in [*cuts, len(STREAM)]:
            got += replies.feed(STREAM[start:cut])
            start = cut
        assert got == EXPECTED, cuts


@pytest.mark.parametrize(
    "data, named",
    [
        (b"-ERR wrong number of arguments\r\n", "wrong number of arguments"),
        (b"-NOAUTH Authentication required.\r\n", "NOAUTH"),
        (b"%1\r\n", "unexpected reply"),  # RESP3 map: no subscriber's reply
        (b"*2\r\n$4\r\npong\r\n%0\r\n", "unexpected item"),
        (b"*x\r\n", "not a length"),
        (b"*1\r\n$1x\r\n", "not a length"),
    ],
)
def test_what_is_no_subscribers_reply_ends_the_connection_naming_it(data, named):
    with pytest.raises(ProtocolError, match=named):
        Replies().feed(data)


def test_a_reply_that_never_ends_is_not_buffered_without_limit(monkeypatch):
    monkeypatch.setattr(redis_pubsub, "MAX_BUFFERED", 1000)
    replies = Replies()
    replies.feed(b"*4\r\n$5000\r\n")
    with pytest.raises(ProtocolError, match="more than 1000 bytes"):
        for _ in range(10):
            replies.feed(b"x" * 200)


@pytest.fixture
def server(tmp_path):
    found = PrivateRedis(tmp_path)
    yield found
    found.stop()


def test_a_burst_of_messages_arrives_in_order_and_other_channels_do_not(server):
    async def scenario() -> list[list]:
        subscription = Subscription(server.url, "brabo:action:*")
        await subscription.open()
        try:
            other = redis.Redis.from_url(server.url)
            with other.pipeline(transaction=False) as pipe:
                for i in range(2000):
                    pipe.publish(f"brabo:action:key-{i}", b"token")
                    if i % 100 == 0:
                        pipe.publish("elsewhere", b"not ours")
                pipe.execute()
            got: list[list] = []
            while len(got) < 2000:
                replies = await subscription.read()
                assert replies is not None
                got += replies
            return got
        finally:
            await subscription.close()

    got = asyncio.run(scenario())
    assert [r[2] for r in got] == [f"brabo:action:key-{i}".encode() for i in range(2000)]
    assert {r[0] for r in got} == {b"pmessage"} and {r[3] for r in got} == {b"token"}


def test_a_silent_connection_is_pinged_and_stays(server):
    async def scenario() -> list[list]:
        subscription = Subscription(server.url, "brabo:action:*", ping_after=0.05)
        await subscription.open()
        try:
            await asyncio.sleep(0.1)
            await subscription.tick()  # silent for longer than ping_after: a PING goes out
            replies = await asyncio.wait_for(subscription.read(), timeout=30)
            await subscription.tick()  # answered: nothing is closed
            redis.Redis.from_url(server.url).publish("brabo:action:after", b"t")
            later = await asyncio.wait_for(subscription.read(), timeout=30)
            return (replies or []) + (later or [])
        finally:
            await subscription.close()

    pong, message = asyncio.run(scenario())
    assert pong in ([b"pong", b""], [b"PONG"])  # RESP2's answer to a subscriber, or RESP3's
    assert message == [b"pmessage", b"brabo:action:*", b"brabo:action:after", b"t"]


def test_a_connection_whose_ping_goes_unanswered_ends_and_says_why(server):
    proxy = RedisProxy(server.url)

    async def scenario() -> None:
        subscription = Subscription(proxy.url, "brabo:action:*", ping_after=0.05)
        await subscription.open()
        proxy.silent.set()  # what the client sends from now on never reaches Redis
        try:
            pending = asyncio.ensure_future(subscription.read())
            while not pending.done():
                await subscription.tick()
                await asyncio.sleep(0.05)
            with pytest.raises(ConnectionError, match="no answer from Redis to a PING"):
                pending.result()
        finally:
            await subscription.close()

    try:
        asyncio.run(scenario())
    finally:
        proxy.close()
    assert proxy.kept and b"PING" in b"".join(proxy.kept)


def test_closing_the_subscription_ends_its_read_quietly_and_a_server_gone_raises(server):
    async def scenario() -> None:
        subscription = Subscription(server.url, "brabo:action:*")
        await subscription.open()
        pending = asyncio.ensure_future(subscription.read())
        await asyncio.sleep(0)
        await subscription.close()
        assert await asyncio.wait_for(pending, timeout=30) is None

        second = Subscription(server.url, "brabo:action:*")
        await second.open()
        try:
            pending = asyncio.ensure_future(second.read())
            await asyncio.to_thread(server.stop)
            with pytest.raises(ConnectionError, match="closed"):
                await asyncio.wait_for(pending, timeout=30)
        finally:
            await second.close()

    asyncio.run(scenario())
