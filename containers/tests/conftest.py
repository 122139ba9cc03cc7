from __future__ import annotations

import os

import pytest


@pytest.fixture
def sandbox():
    """bubblewrap must work here. Outside CI a machine without it skips with the reason; in CI it fails."""
    from containers.bwrap import bwrap_path

    if bwrap_path() is None:
        reason = "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture
def running(team):
    """The project's container registered running (what container_start leaves behind)."""
    from containers.models import ProjectContainer

    ProjectContainer.objects.update_or_create(project=team.project, defaults={"state": "running"})
    return team.project
