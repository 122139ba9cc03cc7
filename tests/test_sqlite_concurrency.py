"""`make run`'s embedded SQLite under concurrent writers: they wait for each other (WAL journal, busy timeout,
immediate transactions) instead of failing with "database is locked". Served for real: one
gunicorn process, eight threads, twenty agents proposing at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx

from .served import Server, base_env, migrate_and_seed


def test_concurrent_writers_on_sqlite_wait_instead_of_failing(tmp_path):
    env = base_env(
        BRABO_VAR_DIR=str(tmp_path / "var"),
        PROJECT_WORKSPACES_ROOT=str(tmp_path / "workspaces"),
        BRABO_PROJECTS_BASE=str(tmp_path / "projects-base"),
        BRABO_WEB_THREADS="8",
    )
    key = migrate_and_seed(env, workspace="Lite", agent="dev-lite")
    server = Server(tmp_path, env=env)
    try:

        def propose(i: int) -> int:
            body = {"action_type": "assess_implementability", "payload": {"n": i}}
            r = httpx.post(
                server.url + "/api/actions/",
                json=body,
                headers={"Authorization": f"Bearer {key}", "Idempotency-Key": f"k{i}"},
                timeout=120,
            )
            return r.status_code

        with ThreadPoolExecutor(20) as pool:
            statuses = list(pool.map(propose, range(60)))
    finally:
        server.stop()
    assert statuses == [201] * 60, sorted(statuses)
    assert "database is locked" not in server.log_text()
