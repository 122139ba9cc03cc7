"""R1.4 [beyond]: a ``local`` project's root never overlaps Brabo's own folders or another project's root,
when it is created and whenever a setting later moves under it; the refusal says the same words whatever
was hit, so it tells one tenant nothing of another."""

from __future__ import annotations

import json

import pytest


def _propose(team, action_type, payload, key=None):
    agent = team.world.client(agent_key=key or team.agent_key)
    return agent.post("/api/actions/", {"action_type": action_type, "payload": payload}, format="json")


# -- a `local` project whose root is PROJECT_WORKSPACES_ROOT -------------------------------------------------


@pytest.mark.parametrize("where", ["workspaces", "workspaces_parent", "base", "base_child", "var", "other"])
def test_a_local_root_never_overlaps_brabos_folders_or_another_project(team, settings, tmp_path, where):
    settings.BRABO_LOCAL_ROOTS = [tmp_path]  # Brabo's folders inside the operator's base: overlap decides
    settings.VAR_DIR = tmp_path / "var"
    settings.VAR_DIR.mkdir(exist_ok=True)
    other = tmp_path / "other-project"
    other.mkdir()
    team.world.project(team.other_ws, "theirs", execution_mode="local", local_path=str(other))
    (other / "sub").mkdir()
    (settings.BRABO_PROJECTS_BASE / "x").mkdir()
    path = {
        "workspaces": settings.PROJECT_WORKSPACES_ROOT,
        "workspaces_parent": settings.PROJECT_WORKSPACES_ROOT.parent,
        "base": settings.BRABO_PROJECTS_BASE,
        "base_child": settings.BRABO_PROJECTS_BASE / "x",
        "var": settings.VAR_DIR,
        "other": other / "sub",
    }[where]
    c = team.world.client(team.maintainer)
    resp = c.post(
        "/api/projects/",
        {
            "workspace": str(team.ws.id),
            "name": "sneaky",
            "execution_mode": "local",
            "local_path": str(path),
        },
        format="json",
    )
    assert resp.status_code == 400, resp.json()
    assert resp.json()["reason"] == "local_path_not_allowed"  # the same words whatever was hit
    assert "theirs" not in json.dumps(resp.json()) and "Evil" not in json.dumps(resp.json())


def test_a_local_root_is_rechecked_when_a_setting_moves_under_it(team, settings, local_base):
    root = local_base / "mine"
    root.mkdir()
    project = team.world.project(team.ws, "mine", execution_mode="local", local_path=str(root))
    settings.PROJECT_WORKSPACES_ROOT = root / "workspaces"  # the operator moved Brabo's folders inside it
    resp = _propose(team, "terminal", {"command": "ls"}, key=team.world.agent(project, team.maintainer)[1])
    assert resp.status_code == 409 and resp.json()["reason"] == "project_root_invalid"
