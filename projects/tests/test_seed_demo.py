"""`manage.py seed_demo`: the demo workspace is set up through the real services, and its agent key survives
a second `make run`."""

from __future__ import annotations

import io
import os
import stat
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from projects.models import Agent, Project


@pytest.fixture
def var(settings, tmp_path):
    from containers.bwrap import bwrap_path

    if bwrap_path() is None:
        reason = "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(reason)
        pytest.skip(reason)
    settings.VAR_DIR = tmp_path / "var"
    settings.VAR_DIR.mkdir(exist_ok=True)
    return settings.VAR_DIR


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", "--base-url", "http://127.0.0.1:8123", stdout=out)
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_the_demo_is_activated_running_and_wired_to_a_local_repository(var):
    printed = seed()
    project = Project.objects.get(name="demo-app")
    assert project.execution_active
    assert project.container.state == "running"
    assert project.repository == "demo/demo-app"
    bare = Path(project.git_remote_url)
    assert (bare / "HEAD").is_file()
    assert subprocess.run(["git", "rev-parse", "main"], cwd=bare, capture_output=True).returncode == 0
    assert project.workspace.credentials.provider_kind == "local"
    assert "http://127.0.0.1:8123/admin/" in printed and ":8000" not in printed
    assert "container running" in printed


@pytest.mark.django_db(transaction=True)
def test_the_demo_key_survives_a_second_run_and_is_private(var):
    first = seed()
    key = (var / "demo-agent-key").read_text().strip()
    assert key in first
    assert stat.S_IMODE((var / "demo-agent-key").stat().st_mode) == 0o600
    second = seed()
    assert key in second
    assert (var / "demo-agent-key").read_text().strip() == key
    agent = Agent.objects.get(name="dev-api", project__name="demo-app")
    assert agent.key_hash == Agent.hash_key(key) and agent.revoked_at is None


@pytest.mark.django_db(transaction=True)
def test_a_lost_or_revoked_key_is_replaced(var):
    seed()
    key = (var / "demo-agent-key").read_text().strip()
    (var / "demo-agent-key").unlink()
    seed()
    replaced = (var / "demo-agent-key").read_text().strip()
    assert replaced != key
    # replaced through the rotation service: on the project's timeline, by the demo's person
    from actions.models import SessionEvent

    rotated = SessionEvent.objects.filter(project__name="demo-app", type="agent.key_rotated")
    assert [e.actor_label for e in rotated] == ["admin"]
    agent = Agent.objects.get(name="dev-api", project__name="demo-app")
    Agent.objects.filter(pk=agent.pk).update(revoked_at="2026-01-01T00:00:00Z")
    seed()
    assert (var / "demo-agent-key").read_text().strip() != replaced
    agent.refresh_from_db()
    assert agent.revoked_at is None


@pytest.mark.django_db(transaction=True)
def test_make_run_prints_no_warning_like_line_about_the_demo_container(var, caplog):
    """What `make run` prints before "Brabo is ready" is read by a newcomer: the seed starting the container
    must not log that an action "is not runnable" (it ran already: the approval executed it), which reads like
    something went wrong. Seeding again, with the container running, is as quiet."""
    caplog.set_level("INFO")
    for _ in range(2):
        assert "container running" in seed()
    said = [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= 20 and r.name.startswith(("actions", "containers"))
    ]
    assert not [line for line in said if "not runnable" in line or "nothing to do" in line], said
