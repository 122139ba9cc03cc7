"""Waking agents that wait on an action's outcome (R8.4), and runners that wait for work (R9.3).

A change is announced on a notification channel named by a key (an action's id,
``runner_work_key(project_id)`` for work handed to a project's runners, or ``project_events_key(project_id)``
for every event of a project, which the console's live stream listens to — issue 16): Redis pub/sub when
BRABO_REDIS_URL is set, otherwise an in-process condition (the embedded single-process setup of
`make run`). Waiters re-read the database after every wake-up, so a lost notification costs at most one
re-check interval, never a wrong answer, and state survives server restarts.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction

if TYPE_CHECKING:
    import redis

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "brabo:action:"
_local = threading.Condition()
_local_generation: dict[str, int] = {}
_clients: dict[str, redis.Redis] = {}
_clients_lock = threading.Lock()


def _redis() -> redis.Redis:
    """The process's Redis client for BRABO_REDIS_URL: one connection pool per process and URL, reused by
    every publish and wait (issue 24: a client per publish opened a TCP connection and re-read the library's
    version for its handshake on every proposal). redis-py's pool is thread-safe and resets itself in a
    forked child, so a gunicorn or Celery fork never shares a socket with its parent."""
    url = settings.BRABO_REDIS_URL
    client = _clients.get(url)
    if client is None:
        import redis

        with _clients_lock:
            client = _clients.get(url)
            if client is None:
                client = _clients[url] = redis.Redis.from_url(
                    url, socket_timeout=5, socket_connect_timeout=5, health_check_interval=30
                )
    return client


def runner_work_key(project_id) -> str:
    return f"runner-work:{project_id}"


def project_events_key(project_id) -> str:
    """Announced after every recorded event of the project (actions.announce): live streams wait on it."""
    return f"project-events:{project_id}"


def publish(key) -> None:
    """Announce a change under ``key`` (an action id, or a runner-work key). It fires after the current
    transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _publish_now(str(key)))


def _publish_now(key: str) -> None:
    with _local:
        _local_generation[key] = _local_generation.get(key, 0) + 1
        _local.notify_all()
    if settings.BRABO_REDIS_URL:
        try:
            _redis().publish(CHANNEL_PREFIX + key, b"changed")
        except Exception:  # the waiter re-checks the row at its next tick; never fail the transition for this
            log.warning(
                "could not announce a change of %s; its waiters will notice at their next check",
                key,
            )


def _keys(key: str | Sequence[str]) -> tuple[str, ...]:
    return (key,) if isinstance(key, str) else tuple(str(k) for k in key)


def _generations(keys: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(_local_generation.get(k, 0) for k in keys)


def _changed_since(keys: tuple[str, ...], seen: tuple[int, ...]) -> bool:
    return _generations(keys) != seen


def wait_for(
    key: str | Sequence[str], is_done: Callable[[], bool], timeout: float, *, recheck: float = 2.0
) -> bool:
    """Block until ``is_done()`` is true or ``timeout`` seconds passed. Returns is_done()'s last value.
    ``key`` is what announcements are published under (see ``publish``); several keys wake on any of them
    (a live stream waits on each visible project's events key).

    Woken by the notification channel; re-checks at most every ``recheck`` seconds as a safety net.
    """
    deadline = time.monotonic() + max(0.0, timeout)
    if not settings.BRABO_REDIS_URL:
        return _wait_local(key, is_done, deadline, recheck)
    if not _keys(key):  # nothing to listen to (a person who sees no project): re-check on the clock
        return _wait_local(key, is_done, deadline, recheck)
    if is_done():
        return True
    return _wait_redis(key, is_done, deadline, recheck)


def _wait_local(key: str | Sequence[str], is_done, deadline: float, recheck: float) -> bool:
    keys = _keys(key)
    while True:
        # The generation is read BEFORE the check: a publish that lands between the check and the wait
        # changes it, so the wait returns at once instead of sleeping through a wake-up already sent.
        with _local:
            seen = _generations(keys)
        if is_done():
            return True
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        with _local:
            _local.wait_for(partial(_changed_since, keys, seen), timeout=min(remaining, recheck))


def _wait_redis(key: str | Sequence[str], is_done, deadline: float, recheck: float) -> bool:
    import redis

    client = _redis()
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        try:
            pubsub.subscribe(*(CHANNEL_PREFIX + k for k in _keys(key)))
            if is_done():  # settled between the first check and the subscription
                return True
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return is_done()
                pubsub.get_message(timeout=min(remaining, recheck))
                if is_done():
                    return True
        except redis.RedisError as exc:
            # Redis down or restarted mid-wait (issue 13): the database is the truth, so keep waiting by
            # re-reading it every `recheck` seconds; the agent gets its answer, only a little later.
            log.warning("wake-ups for %s unavailable (%s); waiting by re-checking", key, type(exc).__name__)
            return _wait_local(key, is_done, deadline, recheck)
    finally:
        try:
            pubsub.close()  # gives its connection back to the shared pool; the client itself stays open
        except Exception:
            pass
