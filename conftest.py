"""Shared test fixtures: people, workspaces, projects, agents and API clients.

Under CI=true the suite refuses the embedded SQLite / eager-Celery fallback: a green CI run must mean
the tests ran against PostgreSQL, Redis and a real worker.
"""

from __future__ import annotations

import os

import pytest
from rest_framework.test import APIClient


def pytest_configure(config):
    if os.environ.get("CI", "").lower() not in ("1", "true", "yes"):
        return
    missing = [name for name in ("DATABASE_URL", "CELERY_BROKER_URL") if not os.environ.get(name)]
    if missing:
        pytest.exit(
            f"CI=true but {', '.join(missing)} unset: the suite refuses the SQLite/eager fallback.", 3
        )
    if not os.environ["DATABASE_URL"].startswith(("postgres://", "postgresql://")):
        pytest.exit("CI=true needs DATABASE_URL to point at PostgreSQL.", 3)


@pytest.fixture(autouse=True)
def _project_dirs(settings, tmp_path):
    """Every test gets its own project folders, so nothing leaks between tests or into ./var."""
    settings.PROJECT_WORKSPACES_ROOT = tmp_path / "workspaces"
    settings.BRABO_PROJECTS_BASE = tmp_path / "projects-base"
    settings.PROJECT_WORKSPACES_ROOT.mkdir()
    settings.BRABO_PROJECTS_BASE.mkdir()
    # Password hashing is deliberately slow in production; tests log people in, they do not test PBKDF2.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class World:
    """Builds tenancy fixtures with the real service functions (no hand-made rows)."""

    def __init__(self):
        from django.contrib.auth import get_user_model

        self.User = get_user_model()

    def user(self, username: str, **extra):
        return self.User.objects.create_user(username=username, password="pw-" + username, **extra)

    def workspace(self, owner, name: str = "Acme"):
        from projects.services import create_workspace

        return create_workspace(actor=owner, name=name)

    def member(self, workspace, user, role: str):
        from projects.models import Membership

        return Membership.objects.create(workspace=workspace, user=user, role=role)

    def project(self, workspace, name: str = "app", **kw):
        from projects.services import create_project

        return create_project(workspace=workspace, name=name, **kw)

    def agent(self, project, principal_user, name: str = "dev-api"):
        from projects.models import Membership
        from projects.services import create_agent

        principal = Membership.objects.get(workspace_id=project.workspace_id, user=principal_user)
        return create_agent(project=project, name=name, principal=principal)

    def client(self, user=None, *, agent_key: str | None = None) -> APIClient:
        c = APIClient()
        if agent_key:
            c.credentials(HTTP_AUTHORIZATION=f"Bearer {agent_key}")
        elif user is not None:
            c.force_authenticate(user)
        return c


@pytest.fixture
def world(db) -> World:
    return World()


@pytest.fixture
def team(world):
    """One workspace with an owner, a maintainer, a developer, a project and an agent; plus an outsider
    who owns a second workspace with its own project."""

    class Team:
        pass

    t = Team()
    t.owner = world.user("olivia")
    t.maintainer = world.user("max")
    t.developer = world.user("dev")
    t.outsider = world.user("eve")
    t.ws = world.workspace(t.owner, "Acme")
    world.member(t.ws, t.maintainer, "maintainer")
    world.member(t.ws, t.developer, "developer")
    t.project = world.project(t.ws, "app")
    t.agent, t.agent_key = world.agent(t.project, t.maintainer, "dev-api")
    t.other_ws = world.workspace(t.outsider, "Evil Corp")
    t.other_project = world.project(t.other_ws, "evil-app")
    t.other_agent, t.other_agent_key = world.agent(t.other_project, t.outsider, "dev-evil")
    t.world = world
    return t
