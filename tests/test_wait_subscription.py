"""A process subscribes to announcements only while it holds a wait (actions.waiting.Hub): every proposal
publishes one, and a process that holds no wait must not decode them. The wake-up semantics hold: a wait
is subscribed BEFORE it reads the state it waits on, so a change announced right after that read wakes it
at once (the re-checks here are set to 10 minutes: only the announcement can answer within the test).

Against a private redis-server (tests.served.PrivateRedis), so the subscriptions counted are this test's."""

from __future__ import annotations

import asyncio
import threading

import pytest
import redis

from actions import waiting

from .served import PrivateRedis, wait_until


@pytest.fixture
def private_redis(tmp_path, settings):
    server = PrivateRedis(tmp_path)
    settings.BRABO_REDIS_URL = server.url
    settings.BRABO_WAIT_RECHECK = 600
    settings.BRABO_WAIT_RECHECK_SUBSCRIBED = 600
    yield server
    server.stop()


def _patterns(server: PrivateRedis) -> int:
    return int(redis.Redis.from_url(server.url).execute_command("PUBSUB", "NUMPAT"))


def test_a_wait_reads_its_state_only_once_subscribed_and_a_change_right_after_wakes_it(private_redis):
    """The process holds no wait, so nothing is subscribed; a wait then starts. At its first read the
    subscription is up, and a change another process commits and announces right after that read answers
    the wait with one more read (no lost wake-up, no extra read)."""
    other = redis.Redis.from_url(private_redis.url)
    seen: list[tuple[bool, int]] = []
    state = {"decided": False}

    async def scenario() -> bool:
        the_hub = waiting.hub()
        await asyncio.sleep(0.2)  # the subscriber's task has run: with no wait held it stays unsubscribed
        assert not the_hub.listening and _patterns(private_redis) == 0

        async def decided() -> bool:
            answer = state["decided"]
            seen.append((the_hub.listening, _patterns(private_redis)))
            if len(seen) == 1:  # another process decides it just after this read, and announces it
                state["decided"] = True
                other.publish(waiting.CHANNEL_PREFIX + "action-x", b"another-process")
            return answer

        try:
            return await waiting.wait_async("action-x", decided, timeout=60)
        finally:
            await the_hub.stop()

    assert asyncio.run(scenario()) is True
    assert seen == [(True, 1), (True, 1)]


def test_the_subscription_ends_a_while_after_the_last_wait(private_redis, monkeypatch):
    monkeypatch.setattr(waiting, "SUBSCRIPTION_LINGER", 0.3)
    ended = threading.Event()
    results: list[bool] = []

    async def scenario() -> None:
        the_hub = waiting.hub()

        async def never() -> bool:
            return False

        try:
            results.append(await waiting.wait_async("action-y", never, timeout=0.5))
            await asyncio.to_thread(wait_until, ended.is_set, seconds=30, what="the test's check")
        finally:
            await the_hub.stop()

    runner = threading.Thread(target=asyncio.run, args=(scenario(),))
    runner.start()
    try:
        wait_until(lambda: results, seconds=30, what="the wait to time out")
        wait_until(lambda: _patterns(private_redis) == 0, seconds=30, what="the subscription to end")
    finally:
        ended.set()
        runner.join(timeout=60)
    assert results == [False]


def test_a_publish_in_this_process_wakes_the_loop_only_when_a_wait_is_held(settings):
    """The proposal path publishes from a serving thread: with no wait held the hub's loop is not woken."""
    settings.BRABO_REDIS_URL = ""
    settings.BRABO_WAIT_RECHECK = 600  # only the publish can answer the wait in time
    results: list[bool] = []

    async def scenario() -> None:
        the_hub = waiting.hub()
        await asyncio.to_thread(waiting.publish_in_process, "action-z")
        await asyncio.sleep(0.05)  # a callback scheduled from the thread would have run by now
        assert the_hub.wakeups == 0

        async def published() -> bool:
            if not results:
                results.append(False)
                threading.Thread(target=waiting.publish_in_process, args=("action-z",)).start()
                return False
            return True

        results.append(await waiting.wait_async("action-z", published, timeout=60))
        assert the_hub.wakeups == 1

    asyncio.run(scenario())
    assert results == [False, True]


def test_a_reader_told_already_is_not_woken_again_until_it_has_looked(settings):
    """The live feed reads at most every half second, and every proposal announces its project's events:
    once the feed's ticket holds a notification it has not looked at, further announcements from the
    serving threads do not wake the loop (one wake-up per look, not one per proposal). A wait by name is
    woken every time, and the feed is woken again once it has looked."""
    settings.BRABO_REDIS_URL = ""

    async def until(condition) -> None:
        for _ in range(100_000):
            if condition():
                return
            await asyncio.sleep(0)
        raise AssertionError("the loop was never woken")

    async def scenario() -> None:
        the_hub = waiting.hub()
        with the_hub.prefix_ticket("project-events:") as feed, the_hub.ticket(("action-n",)) as named:
            await asyncio.to_thread(waiting.publish_in_process, "project-events:1")
            await until(lambda: feed.notified)
            assert the_hub.wakeups == 1

            def burst() -> None:
                for i in range(100):
                    waiting.publish_in_process(f"project-events:{i}")
                waiting.publish_in_process("action-n")  # scheduled after anything the burst scheduled

            await asyncio.to_thread(burst)
            await until(lambda: named.notified)
            assert the_hub.wakeups == 2  # the named wait's, and none of the burst's

            await feed.sleep(0)  # the feed looks (and reads): its notification is spent
            assert not feed.notified
            await asyncio.to_thread(waiting.publish_in_process, "project-events:2")
            await until(lambda: feed.notified)
            assert the_hub.wakeups == 3

    asyncio.run(scenario())
