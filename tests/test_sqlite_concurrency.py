"""`make run`'s embedded SQLite under concurrent writers: they wait for each other (WAL journal, busy timeout,
immediate transactions) instead of failing with "database is locked" (issue 13). Served for real: one
gunicorn process, eight threads, twenty agents proposing at once."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import httpx

from .served import ROOT, Server, base_env

SEED = """
from django.contrib.auth import get_user_model
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
owner = get_user_model().objects.create_user("owner", password="x")
ws = create_workspace(actor=owner, name="Lite")
project = create_project(actor=owner, workspace=ws, name="app")
agent, key = create_agent(actor=owner, project=project, name="dev-lite", principal=Membership.objects.get(workspace=ws, user=owner))
print("KEY=" + key)
"""


def test_concurrent_writers_on_sqlite_wait_instead_of_failing(tmp_path):
    env = base_env(
        BRABO_VAR_DIR=str(tmp_path / "var"),
        PROJECT_WORKSPACES_ROOT=str(tmp_path / "workspaces"),
        BRABO_PROJECTS_BASE=str(tmp_path / "projects-base"),
        BRABO_WEB_THREADS="8",
    )
    for argv in (["migrate", "--noinput", "-v0"], ["shell", "-c", SEED]):
        out = subprocess.run(
            [sys.executable, "manage.py", *argv],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert out.returncode == 0, out.stderr[-3000:]
    key = out.stdout.split("KEY=")[1].strip()
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
