"""brabo.redis_lean: the proposal path's Redis commands on one connection per thread, against the real Redis of
the run (skipped without one): replies in order, an error reply in its place with the stream still in step,
a connection the server closed replaced once, a script Redis forgot loaded again, a dead server an error."""

from __future__ import annotations

import hashlib
import os
import uuid

import pytest
import redis

from brabo.redis_lean import LeanClient

URL = os.environ.get("CELERY_BROKER_URL", "")
pytestmark = pytest.mark.skipif(
    not URL.startswith("redis://"), reason="needs the run's Redis (CELERY_BROKER_URL)"
)


@pytest.fixture
def key():
    name = f"brabo-test-lean-{uuid.uuid4().hex}"
    yield name
    LeanClient(URL).run(("DEL", name, name + ":list"))


def test_replies_come_in_order_and_a_refused_command_does_not_desynchronise(key):
    client = LeanClient(URL)
    replies = client.run(("SET", key, "text"), ("LPUSH", key, "x"), ("LPUSH", key + ":list", "a", "b"))
    assert replies[0] is True or replies[0] == b"OK"
    assert "WRONGTYPE" in str(replies[1]) and isinstance(replies[1], Exception)
    assert replies[2] == 2
    assert client.run(("GET", key), ("LLEN", key + ":list")) == [b"text", 2]  # the next replies are its own


def test_a_connection_the_server_closed_is_replaced_once(key):
    client = LeanClient(URL)
    client.run(("SET", key, "1"))
    (my_id,) = client.run(("CLIENT", "ID"))
    LeanClient(URL).run(("CLIENT", "KILL", "ID", my_id))
    assert client.run(("INCR", key)) == [2]  # ran exactly once, on a new connection
    (new_id,) = client.run(("CLIENT", "ID"))
    assert new_id != my_id


def test_a_script_redis_does_not_know_is_loaded_and_run(key):
    script = f"return redis.call('INCRBY', KEYS[1], ARGV[1]) -- {key}"
    sha = hashlib.sha1(script.encode()).hexdigest()
    client = LeanClient(URL)
    assert client.run(("SCRIPT", "EXISTS", sha)) == [[0]]
    assert client.run_script(script, sha, [key], [5]) == 5
    assert client.run_script(script, sha, [key], [5]) == 10
    with pytest.raises(redis.ResponseError, match="Unknown Redis command"):
        client.run_script(
            "return redis.call('NOPE')", hashlib.sha1(b"return redis.call('NOPE')").hexdigest(), [], []
        )


def test_a_server_that_is_not_there_is_an_error_not_a_hang():
    client = LeanClient("redis://127.0.0.1:1/0", socket_timeout=0.5, socket_connect_timeout=0.5)
    with pytest.raises(redis.RedisError):
        client.run(("PING",))
