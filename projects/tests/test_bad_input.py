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
    "path,expected,reason",
    [
        ("relative/dir", "relative", "local_path_invalid"),
        ("/tmp/../etc", "'..'", "local_path_invalid"),
        ("", "required", "local_path_invalid"),
        ("/", "not inside a folder the operator allows", "local_path_not_allowed"),
        ("/etc/app", "not inside a folder the operator allows", "local_path_not_allowed"),
        # outside the bases, a path that does not exist reads like one that does (no probing)
        ("/definitely/not/there/xyz", "not inside a folder the operator allows", "local_path_not_allowed"),
    ],
)
def test_local_path_errors_name_the_field_and_fix(team, local_base, path, expected, reason):
    resp = _post_project(team, execution_mode="local", local_path=path)
    assert resp.status_code == 400, resp.content
    assert expected in resp.json()["detail"] and resp.json()["reason"] == reason
    assert "local_path" in resp.json()["errors"]


def test_a_missing_folder_inside_the_operators_base_is_named(team, local_base):
    resp = _post_project(team, execution_mode="local", local_path=str(local_base / "not-yet"))
    assert resp.status_code == 400 and resp.json()["reason"] == "local_path_unusable"
    assert "does not exist" in resp.json()["detail"]


def test_local_path_overlapping_the_install_directory(team, settings):
    from pathlib import Path

    install = Path(settings.BASE_DIR)
    settings.BRABO_LOCAL_ROOTS = [install.parent]  # even an operator base holding the checkout
    for path in (str(install), str(install / "projects")):
        resp = _post_project(team, execution_mode="local", local_path=path)
        assert resp.status_code == 400, path
        assert resp.json()["reason"] == "local_path_not_allowed"
        assert "reserved or already in use" in resp.json()["detail"]


def test_a_valid_local_path_is_accepted_and_normalised(team, local_base):
    root = local_base / "code" / "app"
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


@pytest.mark.parametrize("git", [{"git_remote_url": "ftp://example.com/app.git"}, {"default_branch": "a..b"}])
def test_a_project_whose_git_settings_are_refused_is_not_created(team, git):
    """Creating a project with where its code lives is one transition: a refused remote or branch names its
    field and leaves no project (and no folder name taken) behind."""
    resp = _post_project(team, name="with-git", **git)
    assert resp.status_code == 400, resp.json()
    assert set(git) <= set(resp.json()["errors"])
    assert not team.ws.projects.filter(name="with-git").exists()
    assert _post_project(team, name="with-git").status_code == 201  # the name is still free
