"""The Redis connections a serving thread keeps for the proposal path (brabo.redis_thread), against the real
Redis: replies in order with a refused command's error in its place, a connection the server closed replaced
once, a Redis that is not there raising to the caller, and the rate caps' script loaded again after a flush."""

from __future__ import annotations

import os
import socket
import struct
import threading
import uuid

import pytest
import redis

from brabo import redis_thread

from .served import RedisProxy

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


@pytest.fixture
def proxy():
    relay = RedisProxy(URL)
    yield relay
    redis_thread.drop(relay.url, 0.3)
    relay.close()


def test_the_kept_connection_waits_in_the_kernel_not_in_a_poll(proxy):
    """A blocking socket with the kernel's send and receive timeouts (the client's seconds): CPython does not
    poll before each call. redis-py's non-blocking "anything to read?" still works and leaves it so."""
    kept = redis_thread.client(proxy.url, 0.3)
    assert redis_thread.run(kept, [("PING",)]) == [b"PONG"]
    conn = kept.connection
    assert conn is not None and conn._sock is not None
    sock = conn._sock
    assert sock.gettimeout() is None  # blocking: no poll before send/recv
    for option in (socket.SO_RCVTIMEO, socket.SO_SNDTIMEO):
        assert struct.unpack("ll", sock.getsockopt(socket.SOL_SOCKET, option, 16)) == (0, 300_000)
    assert conn.can_read() is False
    assert sock.gettimeout() is None
    assert redis_thread.run(kept, [("ECHO", "again")]) == [b"again"]


def test_a_redis_that_stops_answering_times_out_once_as_a_redis_timeout(proxy):
    """The kernel's timeout surfaces as redis-py's TimeoutError (as CPython's own did), which run() does not
    retry: the batch was written once, on the one connection, and the caller's fallback runs."""
    kept = redis_thread.client(proxy.url, 0.3)
    assert redis_thread.run(kept, [("PING",)]) == [b"PONG"]
    proxy.silent.set()
    with pytest.raises(redis.TimeoutError):
        redis_thread.run(kept, [("ECHO", "once")])
    assert b"".join(proxy.kept).count(b"once") == 1
    assert proxy.accepted == 1


def test_a_server_that_never_answers_the_handshake_times_out(proxy):
    proxy.silent.set()
    with pytest.raises(redis.TimeoutError):
        redis_thread.run(redis_thread.client(proxy.url, 0.3), [("PING",)])
    assert proxy.accepted == 1


def test_a_send_the_server_does_not_read_times_out_as_a_redis_timeout(proxy):
    """A write the kernel cannot finish within the timeout (the peer reads nothing; the buffers fill)."""
    kept = redis_thread.client(proxy.url, 0.3)
    assert redis_thread.run(kept, [("PING",)]) == [b"PONG"]
    proxy.deaf.set()
    with pytest.raises(redis.TimeoutError, match="writing"):
        redis_thread.run(kept, [("ECHO", b"x" * (32 << 20))])


def test_the_caps_fall_back_to_the_process_buckets_when_redis_stops_answering(settings, proxy):
    """Fail closed: the caps' Redis timing out still caps (this process's buckets), and the proposal path's
    own error handling sees the same exception as before."""
    from actions import fairness

    settings.BRABO_REDIS_URL = proxy.url
    bucket = f"test-{uuid.uuid4().hex[:8]}"
    fairness._redis_down_until = 0.0
    fairness._local.clear()
    redis_thread.client(proxy.url, fairness.REDIS_TIMEOUT)  # connected while Redis still answers
    proxy.silent.set()
    try:
        assert fairness._take([(bucket, 0.001, 1.0)]) == (0.0, -1)
        assert fairness._redis_down_until > 0.0  # Redis did not answer: the process's buckets took over
        wait, short = fairness._take([(bucket, 0.001, 1.0)])
        assert wait > 0 and short == 0  # and they cap
    finally:
        fairness._redis_down_until = 0.0
        fairness._local.clear()
        fairness._drop_thread_client(proxy.url)
