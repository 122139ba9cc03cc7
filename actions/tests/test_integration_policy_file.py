"""Findings 1 and 4, through the real API, a real worker and the real bubblewrap sandbox: the
policy file is read-only inside the sandbox, and a FIFO in its place neither blocks the API nor lets
anything auto-approve (R3.5)."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ACCEPTED = (
    '{"allow": ["Terminal(echo)", "Terminal(cat)", "Terminal(rm)", "Terminal(mkfifo)"], "deny": ["Spend()"]}'
)


@pytest.fixture
def sandboxed(team, worker_dirs):
    from containers.bwrap import bwrap_path
    from containers.models import ProjectContainer

    if bwrap_path() is None and os.environ.get("CI") != "true":
        pytest.skip("bubblewrap is not installed")
    ProjectContainer.objects.create(project=team.project, state="running")
    Path(team.project.root()).mkdir(parents=True, exist_ok=True)
    return team.project


def _run(team, command: str) -> dict:
    agent = team.world.client(agent_key=team.agent_key)
    created = agent.post(
        "/api/actions/?wait=60", {"action_type": "terminal", "payload": {"command": command}}, format="json"
    ).json()
    if created["status"] == "pending":  # a person approves what the rules do not cover
        team.world.client(team.maintainer).post(f"/api/actions/{created['id']}/approve/")
        created = agent.get(f"/api/actions/{created['id']}/wait/?timeout=60").json()
    assert created["status"] in ("executed", "failed"), created
    return created


def test_an_agent_cannot_rewrite_permissions_json_from_the_sandbox(team, sandboxed):
    from actions.tests.conftest import accept_as_is

    path = Path(sandboxed.permissions_path)
    path.write_text(ACCEPTED)
    accept_as_is(sandboxed, ACCEPTED)

    # Finding 1: `echo '{…}' > permissions.json` executed and rewrote the rules. Now the file is bound
    # read-only over itself: the write, a removal and a rename over it all fail, and the file is untouched.
    evil = '{"allow": ["Spend()"], "deny": [], "ask": []}'
    wrote = _run(team, f"echo '{evil}' > permissions.json")
    assert wrote["result"]["exit_code"] != 0, wrote
    assert "Read-only file system" in wrote["result"]["stderr"]
    removed = _run(team, "rm -f permissions.json")
    assert removed["result"]["exit_code"] != 0, removed
    renamed = _run(team, f"echo '{evil}' > p.json && mv -f p.json permissions.json")
    assert renamed["result"]["exit_code"] != 0, renamed
    assert path.read_text() == ACCEPTED
    # The agent still reads its rules, and writes everything else in the project.
    assert _run(team, "cat permissions.json")["result"]["stdout"] == ACCEPTED
    assert _run(team, "echo ok > notes.txt")["result"]["exit_code"] == 0


def test_a_fifo_made_by_an_agent_blocks_nothing_and_auto_approves_nothing(team, sandboxed, client):
    from actions.tests.conftest import accept_as_is

    accept_as_is(sandboxed, ACCEPTED)  # accepted, but no file on disk yet: nothing to bind over
    Path(sandboxed.permissions_path).write_text(ACCEPTED)
    os.unlink(sandboxed.permissions_path)
    made = _run(team, "mkfifo permissions.json")
    assert made["result"]["exit_code"] == 0, made  # the agent made it in the sandbox, through the worker
    assert Path(sandboxed.permissions_path).is_fifo()

    # Finding 4: 24 threads blocked opening it. Every door answers instead, naming the FIFO.
    answers: dict[str, Any] = {}  # test-client responses

    def call():
        from django.db import connection

        try:
            ask()
        finally:
            connection.close()  # this thread's own connection, or the test database cannot be dropped

    def ask():
        people = team.world.client(team.maintainer)
        answers["get"] = people.get(f"/api/projects/{team.project.id}/permissions/")
        answers["status"] = people.get(f"/api/projects/{team.project.id}/permissions/status/")
        answers["propose"] = team.world.client(agent_key=team.agent_key).post(
            "/api/actions/", {"action_type": "terminal", "payload": {"command": "echo hi"}}, format="json"
        )

    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(120)  # a guard against the old hang, not a timing assertion
    assert not worker.is_alive(), "a request thread blocked on the FIFO"
    assert answers["get"].status_code == 409
    assert "permissions.json is a FIFO; restore it in the console" in answers["get"].json()["detail"]
    status = answers["status"].json()
    assert status["changed_outside_brabo"] is True and "FIFO" in status["on_disk"]["error"]
    proposed = answers["propose"].json()
    assert proposed["status"] == "pending", proposed  # `echo` is allowed, but not from a file that fails
    assert "FIFO" in proposed["message"]

    # The sandbox refuses to run beside it (binding it would follow it), with a named failure.
    blocked = _run(team, "echo still here")
    assert blocked["status"] == "failed" and blocked["result"]["error"]["code"] == "policy_file_unsafe"

    # A maintainer restores the accepted version: a regular file again, and commands run.
    restored = team.world.client(team.maintainer).post(
        f"/api/projects/{team.project.id}/permissions/restore/"
    )
    assert restored.status_code == 200, restored.json()
    assert Path(sandboxed.permissions_path).read_text() == ACCEPTED
    assert restored.json()["changed_outside_brabo"] is False
    assert _run(team, "echo back")["result"]["stdout"] == "back\n"
