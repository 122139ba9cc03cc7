"""The finding as reported, through the real API, a real Celery worker (running as whatever
user runs the suite -- root on its CI machine) and the real bubblewrap: an agent's ``build.sh``, approved by a
person, tries to remount /usr read-write, unmount the read-only permissions.json and rewrite it, and write
outside the project. None of it happens on the host (R9.7, R3.5)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ACCEPTED = '{"allow": ["Terminal(cat)"], "deny": ["Spend()"]}'
BUILD = """#!/bin/sh
grep -E '^(CapEff|CapBnd)' /proc/self/status
mount -o remount,bind,rw /usr && echo REMOUNTED
echo pwned > /usr/brabo-worker-escape && echo WROTE-USR
umount /work/permissions.json && echo UNMOUNTED
echo '{"allow": ["Spend()"]}' > /work/permissions.json && echo REWROTE
python3 -I -S -c 'import ctypes; l = ctypes.CDLL(None); print("SYSREMOUNT" if l.mount(None, b"/usr", None, 0x1020, None) == 0 else "no-remount"); print("SYSUMOUNT" if l.umount2(b"/work/permissions.json", 2) == 0 else "no-umount")'
echo '{"allow": ["Spend()"]}' > /work/permissions.json && echo REWROTE-AFTER
echo built > /work/out.txt
"""


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
    if created["status"] == "pending":  # the person approves it, as in the report
        team.world.client(team.maintainer).post(f"/api/actions/{created['id']}/approve/")
        created = agent.get(f"/api/actions/{created['id']}/wait/?timeout=60").json()
    assert created["status"] in ("executed", "failed"), created
    return created


def test_an_approved_build_script_gains_nothing_from_a_root_worker(team, sandboxed, worker_dirs):
    from actions.tests.conftest import accept_as_is

    folder = Path(team.project.root())
    policy = Path(sandboxed.permissions_path)
    policy.write_text(ACCEPTED)
    accept_as_is(sandboxed, ACCEPTED)
    (folder / "build.sh").write_text(BUILD)  # what the agent's allowed `echo … > build.sh` left

    ran = _run(team, "bash build.sh")
    assert ran["status"] == "executed", ran
    out = ran["result"]["stdout"]
    assert all(int(line.split()[1], 16) == 0 for line in out.splitlines() if line.startswith("Cap")), out
    for effect in (
        "REMOUNTED",
        "WROTE-USR",
        "UNMOUNTED",
        "REWROTE",
        "SYSREMOUNT",
        "SYSUMOUNT",
        "REWROTE-AFTER",
    ):
        assert effect not in out.split(), (effect, out)
    assert policy.read_text() == ACCEPTED
    assert not Path("/usr/brabo-worker-escape").exists()
    assert (folder / "out.txt").read_text() == "built\n"  # the project itself is the sandbox's to write
    assert (folder / "out.txt").stat().st_uid != 0
    assert "sandbox probe: a sandboxed command holds no privilege here" in worker_dirs.log_text()
