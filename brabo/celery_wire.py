"""Celery task messages for the Redis broker, written straight to the queue's list.

A proposal that is auto-approved hands its execution to the worker, and a pending one its notifications: one
Celery message each. ``Task.delay`` costs ~0.5 ms of CPU per message on the bench machine — routing, signals,
kombu's producer, channel and exchange lookup — for what ends as one ``LPUSH`` of a JSON document onto the
queue's Redis list. Here the same document (Celery's task protocol 2 inside kombu's Redis envelope, exactly
the fields ``Task.delay`` writes: ``tests/test_celery_wire.py`` compares them field by field with a message
Celery itself published, so an upgrade that changes them fails there) is built with ``json.dumps`` and pushed
by the caller, usually in one pipeline with the announcements of the same commit (``actions.announce``).

Only for what Celery would send the same way: the broker is Redis through ``brabo.kombu_redis`` with no
transport option that changes where or how kombu writes (key prefixes, priorities), no task route, not eager.
Anywhere else :func:`available` is false and callers use ``Task.delay``.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import uuid
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.signals import setting_changed

from brabo import process_id, redis_thread
from brabo.celery import app

if TYPE_CHECKING:
    import redis

# Transport options that leave kombu's list key and envelope as built here.
_HARMLESS_OPTIONS = {"socket_connect_timeout", "socket_timeout", "socket_keepalive", "health_check_interval"}
_EMBED = {"callbacks": None, "errbacks": None, "chain": None, "chord": None}
_clients: dict[str, redis.Redis] = {}
_lock = threading.Lock()
_origin: tuple[int, str] | None = None
_available: dict[str, bool] = {}


def available() -> bool:
    """Whether messages may be pushed here instead of through ``Task.delay``: read from the Celery app's own
    configuration once per broker URL; whether tasks run eagerly (a test may switch it) and the operator's
    BRABO_CELERY_DIRECT_PUBLISH (default on; off sends every message through ``Task.delay``) on every call."""
    if conf_value("task_always_eager") or not settings.BRABO_CELERY_DIRECT_PUBLISH:
        return False
    url = settings.CELERY_BROKER_URL
    found = _available.get(url)
    if found is None:
        found = _available[url] = _decide(app.conf)
    return found


def _decide(conf) -> bool:
    url = conf.broker_url or ""
    if not url.startswith("redis://") or url != settings.CELERY_BROKER_URL:
        return False
    if conf.broker_transport != "brabo.kombu_redis:Transport":
        return False
    if set(conf.broker_transport_options or {}) - _HARMLESS_OPTIONS:
        return False
    if conf.task_routes or conf.task_queues:
        return False
    if conf.task_protocol != 2 or conf.task_serializer != "json" or conf.task_compression:
        return False
    return True


_MISSING = object()
_conf_keys: dict[str, tuple[str, ...]] = {}
_conf_seen: dict[str, tuple[Any, tuple, int, Any]] = {}
_django_settings_changes = 0


def conf_value(name: str) -> Any:
    """``getattr(app.conf, name)``, worked out by Celery only when what it reads may have changed. Celery's
    configuration looks a name up under its spellings (``CELERY_TASK_DEFAULT_QUEUE``, ``task_default_queue``,
    the old ``CELERY_DEFAULT_QUEUE``) in its ``changes`` (what was set on ``app.conf``), then in Django's
    settings (read live), then in its defaults: ~15 µs of CPU per read, twice per proposal. The answer is kept
    with the ``changes`` entries it was read behind (by identity) and the count of Django setting changes
    (``setting_changed``, sent by ``override_settings`` and the tests' ``settings``); either moving means Celery
    reads it again."""
    conf = app.conf
    keys = _conf_keys.get(name)
    if keys is None:
        keys = _conf_keys[name] = tuple(conf._key(k) for k in conf._to_keys(name))
    changes = conf.changes
    behind = tuple(changes.get(k, _MISSING) for k in keys)
    seen = _conf_seen.get(name)
    if (
        seen is not None
        and seen[0] is changes
        and seen[2] == _django_settings_changes
        and all(a is b for a, b in zip(seen[1], behind, strict=True))
    ):
        return seen[3]
    generation = _django_settings_changes
    value = getattr(conf, name)
    _conf_seen[name] = (changes, behind, generation, value)
    return value


def _django_setting_changed(**_kwargs) -> None:
    global _django_settings_changes
    _django_settings_changes += 1


setting_changed.connect(_django_setting_changed, dispatch_uid="brabo-celery-wire-conf")


class _Task:
    """What a message reads of a task, read once: a shared task is a proxy whose every attribute read
    resolves the app's task again (~20 attribute reads' worth of CPU per message)."""

    def __init__(self, task):
        self.name: str = task.name
        self.ignore_result = bool(task.ignore_result)
        # a queue, exchange or priority of its own: Celery would route it elsewhere
        self.routed = any(
            getattr(task, option, None) for option in ("queue", "exchange", "routing_key", "priority")
        )


_tasks: dict[int, tuple[Any, _Task]] = {}


def _task(task) -> _Task:
    found = _tasks.get(id(task))
    if found is None or found[0] is not task:  # the task object is kept, so its id is never reused
        found = _tasks[id(task)] = (task, _Task(task))
    return found[1]


def usable_for(task) -> bool:
    """Whether ``task``'s messages may be pushed here: the process may, and the task names no queue, exchange
    or priority of its own (Celery would route it elsewhere)."""
    return available() and not _task(task).routed


def client() -> redis.Redis:
    """One client (one connection pool) per process for the broker's URL; a forked child gets a fresh pool
    from redis-py itself."""
    url = settings.CELERY_BROKER_URL
    found = _clients.get(url)
    if found is None:
        import redis

        with _lock:
            found = _clients.get(url)
            if found is None:
                timeout = settings.CELERY_BROKER_CONNECTION_TIMEOUT
                found = _clients[url] = redis.Redis.from_url(
                    url, socket_timeout=timeout, socket_connect_timeout=timeout, health_check_interval=30
                )
    return found


def run_on_thread_connection(commands: list[tuple[Any, ...]]) -> list[Any]:
    """``commands`` in one write on the broker's Redis, over a connection the calling thread keeps
    (``brabo.redis_thread``: same timeouts and health check as :func:`client`, no pooled borrow per call);
    their replies in order, a refused command's error in its place."""
    timeout = settings.CELERY_BROKER_CONNECTION_TIMEOUT
    kept = redis_thread.client(settings.CELERY_BROKER_URL, timeout, health_check_interval=30)
    try:
        return redis_thread.run(kept, commands)
    except Exception:
        redis_thread.drop(settings.CELERY_BROKER_URL, timeout, health_check_interval=30)
        raise


def queue_key() -> str:
    """The Redis list the worker reads (kombu: the queue's name, priority 0): the Celery app's default queue,
    read on every message as Celery reads it (a test routes its tasks to its own worker by changing it)."""
    return conf_value("task_default_queue")


def _origin_name() -> str:
    # Celery's own ``origin``: "gen<pid>@<host>", re-read after a fork
    global _origin
    pid = process_id.pid()
    if _origin is None or _origin[0] != pid:
        _origin = (pid, f"gen{pid}@{socket.gethostname()}")
    return _origin[1]


def message(task, args: tuple[Any, ...], queue: str | None = None) -> bytes:
    """The document ``task.delay(*args)`` writes onto the queue's list; ``queue``: :func:`queue_key`, when
    the caller already read it."""
    known = _task(task)
    task_id, delivery_tag = _two_ids()
    body = json.dumps([list(args), {}, _EMBED]).encode()
    return json.dumps(
        {
            "body": base64.b64encode(body).decode(),
            "content-encoding": "utf-8",
            "content-type": "application/json",
            "headers": {
                "lang": "py",
                "task": known.name,
                "id": task_id,
                "shadow": None,
                "eta": None,
                "expires": None,
                "group": None,
                "group_index": None,
                "retries": 0,
                "timelimit": [None, None],
                "root_id": task_id,
                "parent_id": None,
                "argsrepr": repr(tuple(args)),
                "kwargsrepr": "{}",
                "origin": _origin_name(),
                "ignore_result": known.ignore_result,
                "replaced_task_nesting": 0,
                "stamped_headers": None,
                "stamps": {},
            },
            "properties": {
                "correlation_id": task_id,
                "reply_to": _reply_to(),
                "delivery_mode": 2,
                "delivery_info": {"exchange": "", "routing_key": queue or queue_key()},
                "priority": 0,
                "body_encoding": "base64",
                "delivery_tag": delivery_tag,
            },
        }
    ).encode()


def _two_ids() -> tuple[str, str]:
    """Two random (version 4) UUIDs, as ``uuid.uuid4()`` makes each, from one read of the system's
    randomness: ``uuid4`` reads 16 bytes per id, a ``getrandom`` system call each."""
    raw = os.urandom(32)
    return str(uuid.UUID(bytes=raw[:16], version=4)), str(uuid.UUID(bytes=raw[16:], version=4))


_reply: tuple[int, str] | None = None


def _reply_to() -> str:
    """Celery's ``reply_to`` is its app's process/thread id, used only by the RPC result backend (results
    are ignored here); one per process, as stable as Celery's."""
    global _reply
    pid = process_id.pid()
    if _reply is None or _reply[0] != pid:
        _reply = (pid, str(uuid.uuid3(uuid.NAMESPACE_OID, f"{socket.gethostname()}-{pid}")))
    return _reply[1]
