"""The served process keeps its PostgreSQL connections bounded under load and gives them back when idle
(the threaded dev server kept one connection per thread — 40 after 228 requests, 19 still held
after 70 s idle — until PostgreSQL refused every client)."""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from .served import Server, base_env, database_url_for_tests, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

THREADS = 4  # sync slots per process (brabo/slots.py): at most this many requests hold a connection at once


def _connections(application_name: str) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [application_name]
        )
        return cursor.fetchone()[0]


def test_connections_stay_bounded_under_load_and_return_when_idle(team, tmp_path):
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    from actions import services

    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="terminal", payload={"command": "make deploy"}
    ).action
    assert action.status == "pending"
    tag = f"brabo-leak-{os.getpid()}"
    env = base_env(
        DATABASE_URL=database_url_for_tests(tag),
        BRABO_WEB_WORKERS="1",
        BRABO_WEB_THREADS=str(THREADS),
        BRABO_DB_POOL_MAX_IDLE="2",
        # up to 40 of this one agent's calls are in flight, and the waits outlast the reads, so most of them
        # can be waits: past the per-agent cap (32) some were refused 429 (fair sharing, tested on its own)
        BRABO_MAX_WAITS_PER_AGENT="64",
    )
    server = Server(tmp_path, env=env)
    try:
        headers = {"Authorization": f"Bearer {team.agent_key}"}

        def call(i: int) -> int:
            # long-polls and reads, 40 at a time: more than the server's threads and its pool
            path = f"/api/actions/{action.id}/wait/?timeout=0.3" if i % 2 else f"/api/actions/{action.id}/"
            return httpx.get(server.url + path, headers=headers, timeout=60).status_code

        peak = 0
        with ThreadPoolExecutor(40) as pool:
            futures = [pool.submit(call, i) for i in range(200)]
            while not all(f.done() for f in futures):
                peak = max(peak, _connections(tag))
                time.sleep(0.05)
            statuses = [f.result() for f in futures]
        after_load = _connections(tag)
        print(f"200 requests, 40 at a time: peak {peak} connections, {after_load} right after")
        assert statuses == [200] * 200
        assert peak <= THREADS + 1 and after_load <= THREADS + 1
        # idle: the pool closes what it does not need beyond min_size (1) after max_idle seconds
        wait_until(lambda: _connections(tag) <= 1, seconds=60, every=0.5, what="idle connections to close")
    finally:
        server.stop()
