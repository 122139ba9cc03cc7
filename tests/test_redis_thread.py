"""The Redis connections a serving thread keeps for the proposal path (brabo.redis_thread), against the real
Redis: replies in order with a refused command's error in its place, a connection the server closed replaced
once, a Redis that is not there raising to the caller, and the rate caps' script loaded again after a flush."""

from __future__ import annotations

import os
import threading
import uuid

import pytest
import redis

from brabo import redis_thread

URL = os.environ.get("BRABO_REDIS_URL") or os.environ.get("CELERY_BROKER_URL", "")
pytestmark = pytest.mark.skipif(
    not URL.startswith("redis"), reason="needs Redis (CELERY_BROKER_URL=redis://...)"
)


@pytest.fixture
def key():
    name = f"brabo-test-thread-{uuid.uuid4().hex[:8]}"
    yield name
    redis.Redis.from_url(URL).delete(name, name + ":list")
    redis_thread.drop(URL, 2.0)


def test_a_batch_answers_in_order_with_a_refused_command_in_its_place(key):
    kept = redis_thread.client(URL, 2.0)
    replies = redis_thread.run(
        kept, [("SET", key, "text"), ("LPUSH", key, "x"), ("LPUSH", key + ":list", "a"), ("GET", key)]
    )
    assert replies[0] == b"OK"
    assert isinstance(replies[1], redis.ResponseError) and "WRONGTYPE" in str(replies[1])
    assert replies[2:] == [1, b"text"]  # the batch went on after the refusal, in step
    assert redis_thread.run(kept, [("LLEN", key + ":list")]) == [1]


def test_a_thread_keeps_its_connection_and_another_thread_has_its_own(key):
    kept = redis_thread.client(URL, 2.0)
    first = kept.client_id()
    redis_thread.run(kept, [("SET", key, "1")])
    assert redis_thread.client(URL, 2.0) is kept and kept.client_id() == first
    others: list = []
    worker = threading.Thread(target=lambda: others.append(redis_thread.client(URL, 2.0)))
    worker.start()
    worker.join()
    assert others[0] is not kept
    others[0].close()


def test_a_connection_the_server_closed_is_replaced_and_the_batch_sent_once(key):
    kept = redis_thread.client(URL, 2.0)
    first = kept.client_id()
    redis.Redis.from_url(URL).client_kill_filter(_id=str(first))
    assert redis_thread.run(kept, [("LPUSH", key + ":list", "a")]) == [1]
    assert kept.client_id() != first
    assert redis.Redis.from_url(URL).llen(key + ":list") == 1


def test_a_redis_that_is_not_there_raises_to_the_caller():
    """The caller's fallback runs (the caps' own buckets, the sweeps); nothing half-made is kept."""
    with pytest.raises(redis.ConnectionError):
        redis_thread.run(redis_thread.client("redis://127.0.0.1:1/0", 0.2), [("PING",)])
    assert ("redis://127.0.0.1:1/0", 0.2, 0) not in redis_thread._clients()


def test_run_refuses_a_client_that_keeps_no_connection():
    with pytest.raises(TypeError, match="redis_thread.client"):
        redis_thread.run(redis.Redis.from_url(URL), [("PING",)])


def test_the_caps_script_is_loaded_again_when_redis_lost_it(settings):
    """A Redis restarted empty (here SCRIPT FLUSH) answers NOSCRIPT: the script's text is sent once more and
    the token is taken from Redis's buckets, not the process's own."""
    from actions import fairness

    settings.BRABO_REDIS_URL = URL
    bucket = f"test-{uuid.uuid4().hex[:8]}"
    admin = redis.Redis.from_url(URL)
    fairness._redis_down_until = 0.0
    try:
        admin.script_flush()
        wait, short = fairness._take([(bucket, 1000.0, 5.0)])
        assert (wait, short) == (0.0, -1)
        assert fairness._redis_down_until == 0.0  # Redis answered: no fall-back to local buckets
        tokens = admin.hget(fairness.KEY_PREFIX + bucket, "tokens")
        assert isinstance(tokens, bytes) and float(tokens) == pytest.approx(4.0, abs=0.1)
    finally:
        admin.delete(fairness.KEY_PREFIX + bucket)
        fairness._drop_thread_client(URL)
