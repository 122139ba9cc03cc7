"""brabo.process_id: the proposal path's "still the process that made this?" checks cost no system call, and a
forked child (a gunicorn worker, Celery's pool) still gets its own pid, Redis connections and publish token."""

from __future__ import annotations

import json
import os

import pytest

from actions import waiting
from brabo import celery_wire, process_id, redis_thread

URL = os.environ.get("BRABO_REDIS_URL") or os.environ.get("CELERY_BROKER_URL", "")
needs_redis = pytest.mark.skipif(
    not URL.startswith("redis"), reason="needs Redis (CELERY_BROKER_URL=redis://...)"
)


@needs_redis
def test_the_proposal_paths_pid_checks_make_no_system_call(monkeypatch):
    from actions.tasks import execute_action

    kept = redis_thread.client(URL, 2.0)  # made once
    calls: list[int] = []
    getpid = os.getpid

    def counted() -> int:
        calls.append(1)
        return getpid()

    monkeypatch.setattr(os, "getpid", counted)
    assert redis_thread.client(URL, 2.0) is kept
    waiting.redis_message("project-events:x")
    celery_wire.message(execute_action, ("x",), "q")
    assert calls == []
    assert process_id.pid() == getpid()
    redis_thread.drop(URL, 2.0)


@needs_redis
def test_a_forked_child_has_its_own_pid_connections_and_token():
    kept = redis_thread.client(URL, 2.0)
    assert redis_thread.run(kept, [("PING",)]) == [b"PONG"]
    parent_id = kept.client_id()
    token = waiting.redis_message("k")[1]
    origin = celery_wire._origin_name()
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child: report and leave without running anything of pytest's
        try:
            mine = redis_thread.client(URL, 2.0)
            found = {
                "pid": process_id.pid() == os.getpid() != os.getppid(),
                "client": mine is not kept and redis_thread.run(mine, [("PING",)]) == [b"PONG"],
                "connection": mine.client_id() != parent_id,
                "token": waiting.redis_message("k")[1] not in (token,)
                and str(os.getpid()) in waiting.redis_message("k")[1].decode(),
                "origin": celery_wire._origin_name() == origin.replace(str(os.getppid()), str(os.getpid())),
            }
            mine.close()
            os.write(write, json.dumps(found).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answer = json.loads(pipe.read() or "{}")
    os.waitpid(child, 0)
    assert answer == {"pid": True, "client": True, "connection": True, "token": True, "origin": True}
    assert process_id.pid() == os.getpid()
    assert redis_thread.client(URL, 2.0) is kept and kept.client_id() == parent_id  # the parent's stays
    redis_thread.drop(URL, 2.0)
