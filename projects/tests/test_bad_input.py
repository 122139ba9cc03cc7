"""Bad input answers 400 with a message naming the field and the fix — never a traceback (R1.4, R12.4)."""

from __future__ import annotations

import pytest


def _post_project(team, **body):
    payload = {"workspace": str(team.ws.id), "name": "p", "execution_mode": "container", **body}
    return team.world.client(team.maintainer).post("/api/projects/", payload, format="json")


def test_unknown_role_names_the_field(team):
    team.world.user("newbie")
    resp = team.world.client(team.owner).post(
        f"/api/workspaces/{team.ws.id}/members/", {"username": "newbie", "role": "admin"}, format="json"
    )
    assert resp.status_code == 400
    body = resp.json()
    assert body["reason"] == "invalid" and "role" in body["errors"]
    assert "developer or maintainer" in body["detail"]


def test_nobody_grants_above_their_own_role_or_owner(team):
    team.world.user("newbie")
    maint = team.world.client(team.maintainer)
    resp = maint.post(
        f"/api/workspaces/{team.ws.id}/members/", {"username": "newbie", "role": "owner"}, format="json"
    )
    assert resp.status_code == 400 and "role" in resp.json()["errors"]
    # A maintainer cannot demote the owner either.
    resp = maint.post(
        f"/api/workspaces/{team.ws.id}/members/", {"username": "olivia", "role": "developer"}, format="json"
    )
    assert resp.status_code == 403
    from projects.models import Membership

    assert Membership.objects.get(workspace=team.ws, user=team.owner).role == "owner"


def test_unknown_user_is_named(team):
    resp = team.world.client(team.owner).post(
        f"/api/workspaces/{team.ws.id}/members/", {"username": "ghost", "role": "developer"}, format="json"
    )
    assert resp.status_code == 400 and "ghost" in resp.json()["detail"]


def test_duplicate_project_name_in_a_workspace(team):
    resp = _post_project(team, name="app")
    assert resp.status_code == 400
    assert "already exists" in resp.json()["detail"] and "name" in resp.json()["errors"]
    # The same name in another workspace is fine.
    resp = team.world.client(team.outsider).post(
        "/api/projects/", {"workspace": str(team.other_ws.id), "name": "app"}, format="json"
    )
    assert resp.status_code == 201


@pytest.mark.parametrize(
    "path,expected",
    [
        ("relative/dir", "relative"),
        ("/tmp/../etc", "'..'"),
        ("/", "system folder"),
        ("/etc/app", "system folder"),
        ("", "required"),
        ("/definitely/not/there/xyz", "does not exist"),
    ],
)
def test_local_path_errors_name_the_field_and_fix(team, path, expected):
    resp = _post_project(team, execution_mode="local", local_path=path)
    assert resp.status_code == 400, resp.content
    assert expected in resp.json()["detail"]
    assert "local_path" in resp.json()["errors"]


def test_local_path_overlapping_the_install_directory(team, settings):
    from pathlib import Path

    install = Path(settings.BASE_DIR)
    for path in (str(install), str(install / "projects"), str(install.parent)):
        resp = _post_project(team, execution_mode="local", local_path=path)
        assert resp.status_code == 400, path
        assert "install directory" in resp.json()["detail"] or "system folder" in resp.json()["detail"]


def test_a_valid_local_path_is_accepted_and_normalised(team, tmp_path):
    root = tmp_path / "code" / "app"
    root.mkdir(parents=True)
    resp = _post_project(team, execution_mode="local", local_path=str(root) + "//")
    assert resp.status_code == 201, resp.content
    assert resp.json()["local_path"] == str(root)


def test_unknown_execution_mode_and_malformed_ids(team):
    resp = _post_project(team, execution_mode="docker")
    assert resp.status_code == 400 and "execution_mode" in resp.json()["errors"]
    resp = team.world.client(team.maintainer).post(
        "/api/projects/", {"workspace": "nope", "name": "x"}, format="json"
    )
    assert resp.status_code == 400 and "workspace" in resp.json()["errors"]
    assert team.world.client(team.maintainer).get("/api/projects/not-a-uuid/").status_code == 404


def test_unknown_autonomy_type_and_mode(team):
    c = team.world.client(team.maintainer)
    resp = c.put(
        f"/api/agents/{team.agent.id}/autonomy/",
        [{"action_type": "rm_rf", "mode": "auto_approve"}],
        format="json",
    )
    assert resp.status_code == 400 and "rm_rf" in resp.json()["detail"]
    resp = c.put(
        f"/api/agents/{team.agent.id}/autonomy/", [{"action_type": "terminal", "mode": "yolo"}], format="json"
    )
    assert resp.status_code == 400 and "yolo" in resp.json()["detail"]
    resp = c.put(
        f"/api/agents/{team.agent.id}/autonomy/",
        [{"action_type": "terminal", "mode": "deny"}, {"action_type": "terminal", "mode": "auto_approve"}],
        format="json",
    )
    assert resp.status_code == 400 and "twice" in resp.json()["detail"]
    assert c.get(f"/api/agents/{team.agent.id}/autonomy/").json() == []


def test_agent_principal_must_be_a_member(team):
    c = team.world.client(team.maintainer)
    resp = c.post(
        f"/api/projects/{team.project.id}/agents/", {"name": "qa", "principal": "eve"}, format="json"
    )
    assert resp.status_code == 400 and "principal" in resp.json()["errors"]
    resp = c.post(
        f"/api/projects/{team.project.id}/agents/", {"name": "Bad Name!", "principal": "max"}, format="json"
    )
    assert resp.status_code == 400 and "name" in resp.json()["errors"]
    resp = c.post(
        f"/api/projects/{team.project.id}/agents/", {"name": "dev-api", "principal": "max"}, format="json"
    )
    assert resp.status_code == 400 and "already exists" in resp.json()["detail"]


def test_malformed_json_body_is_a_clear_400(team):
    resp = team.world.client(team.maintainer).generic(
        "POST", "/api/projects/", "{not json", content_type="application/json"
    )
    assert resp.status_code == 400 and "JSON" in resp.json()["detail"]
