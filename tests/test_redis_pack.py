"""brabo.redis_thread.pack writes, for the commands the proposal path sends, the very bytes redis-py's own
packer writes, and hands anything else back to redis-py."""

from __future__ import annotations

from typing import Any

import pytest
import redis.connection

from actions import fairness
from brabo import redis_thread

SENT: list[tuple[Any, ...]] = [
    ("EVALSHA", "a" * 40, 2, "brabo:rate:agent:1", "brabo:rate:workspace:2", 2000.0, 4000.0, 1e-05, 7),
    ("PUBLISH", "brabo:action:project-events:3f1c", b"123-abcdef"),
    ("LPUSH", "celery", b'{"body": "' + b"x" * 20_000 + b'"}'),  # past redis-py's chunking size
    ("SET", "brabo:in-flight:9", "1", "EX", 3600),
    ("SCRIPT", "LOAD", fairness._TAKE),
    ("SET", "clé-ü", "värde ✓", "EX", -1),
    ("PING",),
]


def _redis_py(commands, **kwargs) -> bytes:
    return b"".join(bytes(chunk) for chunk in redis.connection.Connection(**kwargs).pack_commands(commands))


@pytest.mark.parametrize("command", SENT, ids=[c[0] for c in SENT])
def test_one_command_packs_as_redis_py_packs_it(command):
    assert redis_thread.pack([command], "utf-8", "strict") == _redis_py([command])


def test_a_batch_packs_as_one_write_of_redis_pys_bytes():
    assert redis_thread.pack(SENT, "utf-8", "strict") == _redis_py(SENT)


def test_a_client_encoding_is_used_for_the_arguments():
    command = [("SET", "k", "été")]
    assert redis_thread.pack(command, "latin-1", "strict") == _redis_py(command, encoding="latin-1")


@pytest.mark.parametrize(
    "command",
    [
        ("SET", "k", True),  # redis-py refuses a bool
        ("SET", "k", bytearray(b"v")),
        ("SET", "k", memoryview(b"v")),
        ("SET", "k", None),
        ("CONFIG GET", "maxmemory"),  # redis-py splits a name with a space
        (b"PING",),
        (),
    ],
    ids=["bool", "bytearray", "memoryview", "none", "spaced name", "bytes name", "empty"],
)
def test_anything_else_is_left_to_redis_py(command):
    assert redis_thread.pack([("PING",), command], "utf-8", "strict") is None
