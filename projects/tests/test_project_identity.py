"""R1.3 (the frozen folder name), R1.5 (default protected branches), R6.4 (the relative scopeRoot)."""

from __future__ import annotations

import re

from projects.models import Project


def test_r1_3_workspace_dir_name_is_slug_and_id_prefix_and_survives_a_rename(team):
    project = team.world.project(team.ws, "Billing Service!")
    assert project.workspace_dir_name == f"billing-service-{str(project.id)[:8]}"
    assert re.fullmatch(r"[a-z0-9-]+-[0-9a-f]{8}", project.workspace_dir_name)
    project.name = "Payments"
    project.save()
    assert Project.objects.get(id=project.id).workspace_dir_name == f"billing-service-{str(project.id)[:8]}"
    resp = team.world.client(team.maintainer).post(
        "/api/projects/", {"workspace": str(team.ws.id), "name": "Web"}, format="json"
    )
    assert resp.status_code == 201
    assert resp.json()["workspace_dir_name"] == f"web-{resp.json()['id'][:8]}"


def test_r1_5_a_new_project_protects_dev_qa_rc_and_main(team):
    assert list(team.world.project(team.ws, "fresh").protected_branches) == ["dev", "qa", "rc", "main"]


def test_r6_4_scope_root_is_a_relative_identifier_never_a_path(team, settings, tmp_path):
    settings.BRABO_PROJECTS_BASE = str(tmp_path / "base")
    container = team.world.project(team.ws, "boxed")
    mounted = team.world.project(team.ws, "shared", execution_mode="mounted")
    assert container.scope_root_id() == container.workspace_dir_name
    assert mounted.scope_root_id() == (mounted.mounted_subdir or mounted.workspace_dir_name)
    for project in (container, mounted):
        assert not project.scope_root_id().startswith("/")
    agent, key = team.world.agent(container, team.maintainer, "dev-box")
    created = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    assert created.json()["scope_root"] == container.workspace_dir_name
