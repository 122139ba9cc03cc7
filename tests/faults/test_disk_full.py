"""Fault: the disk fills while the project's permissions.json is written (R3.3). The old file stays whole,
no temporary file is left beside it, no grant event is recorded, and the caller gets a named error.

"Disk full" is simulated with RLIMIT_FSIZE in a subprocess (writes past the limit fail with EFBIG, as they
fail with ENOSPC on a full disk); it needs no privileges, unlike mounting a tiny tmpfs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.served import ROOT, base_env, database_url_for_tests

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

WRITE = """
import json, resource, signal, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from projects.models import Project
from brabo.errors import DomainError
from projects.services import replace_permissions
project = Project.objects.get(id=sys.argv[1])
actor = get_user_model().objects.get(username=sys.argv[2])
data = json.loads(sys.argv[3])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing us
resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))
try:
    replace_permissions(project=project, data=data, actor=actor)
    print("SAVED")
except DomainError as exc:
    print("REFUSED", exc.status, exc.reason, str(exc)[:200])
"""


def test_a_full_disk_on_the_policy_write_leaves_the_old_file_intact(team, settings):
    import os

    from actions.models import SessionEvent

    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL (the subprocess shares the test database)")
    client = team.world.client(team.owner)
    before = {"allow": ["Terminal(make test)"], "deny": ["Terminal(rm -rf)"], "ask": []}
    assert (
        client.put(f"/api/projects/{team.project.id}/permissions/", before, format="json").status_code == 200
    )
    path = team.project.permissions_path
    old_text = path.read_text()
    events_before = SessionEvent.objects.filter(type="permission.granted").count()
    big = {"allow": [f"Terminal(make target-{i:05d})" for i in range(400)], "deny": [], "ask": []}

    out = subprocess.run(
        [sys.executable, "-c", WRITE, str(team.project.id), team.owner.username, json.dumps(big)],
        cwd=ROOT,
        env=base_env(
            DJANGO_SETTINGS_MODULE="brabo.settings",
            DATABASE_URL=database_url_for_tests(),
            PROJECT_WORKSPACES_ROOT=str(settings.PROJECT_WORKSPACES_ROOT),
            BRABO_PROJECTS_BASE=str(settings.BRABO_PROJECTS_BASE),
            PYTHONDONTWRITEBYTECODE="1",
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    print(
        f"[fault:disk] permissions.json write of {len(json.dumps(big))} bytes under a 2048-byte file limit:"
    )
    print(f"[fault:disk] {out.stdout.strip()}")
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.startswith("REFUSED 507 disk_full"), out.stdout
    assert path.read_text() == old_text  # the old policy, whole
    assert sorted(p.name for p in path.parent.iterdir() if p.name.startswith(".permissions.")) == []
    assert SessionEvent.objects.filter(type="permission.granted").count() == events_before
    again = client.get(f"/api/projects/{team.project.id}/permissions/")
    assert again.status_code == 200 and again.json()["allow"] == before["allow"]
    print("[fault:disk] 1 proposed write, 1 accounted for (refused, old file intact), 0 duplicated")
