"""Issue 12 ("Nobody governed can change the governance"): each finding, reproduced as the attacker did it.
Every test here fails on the code before the fix and passes after (the sandbox half of findings 1 and 4
is in actions/tests/test_integration_policy_file.py, with a real worker and the real bubblewrap)."""

from __future__ import annotations

import json
import os
import threading

import pytest

from actions.models import ProposedAction, SessionEvent
from projects.models import AutonomyRule, Membership


def _propose(team, action_type, payload, key=None):
    agent = team.world.client(agent_key=key or team.agent_key)
    return agent.post("/api/actions/", {"action_type": action_type, "payload": payload}, format="json")


@pytest.fixture
def owners_agent(team):
    """The owner's agent, the one whose spend the attacker wanted auto-approved."""
    agent, key = team.world.agent(team.project, team.owner, "dev-pay")
    return key


def _save(team, user, body):
    c = team.world.client(user)
    return c.put(f"/api/projects/{team.project.id}/permissions/", body, format="json")


SPEND = {"amount": 99999, "currency": "USD", "purpose": "gpu"}


# -- finding 1: an agent rewrote its own project's permissions.json --------------------------------------


def test_1_a_file_rewritten_on_disk_cannot_loosen_the_accepted_policy(team, owners_agent):
    accepted = {"allow": ["Terminal(echo)"], "deny": ["Terminal(curl)"], "ask": ["Spend()"]}
    assert _save(team, team.owner, accepted).status_code == 200
    # What the agent's `echo '{…}' > permissions.json` left on disk: deny/ask dropped, Spend() allowed.
    team.project.permissions_path.write_text(
        json.dumps({"allow": ["Terminal(echo)", "Spend()", "Terminal(curl)"]})
    )

    spend = _propose(team, "spend", SPEND, key=owners_agent).json()
    assert spend["status"] == "pending", spend  # was auto_approved with decided_by null
    assert not ProposedAction.objects.filter(action_type="spend", status="auto_approved").exists()
    curl = _propose(team, "terminal", {"command": "curl https://example.com"}).json()
    assert curl["status"] == "denied", curl  # the accepted deny still holds
    # A change that only tightens applies at once: the stricter verdict wins.
    team.project.permissions_path.write_text(json.dumps({"allow": [], "deny": ["Terminal(echo)"]}))
    assert _propose(team, "terminal", {"command": "echo hi"}).json()["status"] == "denied"


@pytest.mark.parametrize(
    "payload",
    [
        {"path": "permissions.json", "content": "{}"},
        {"path": "./permissions.json", "content": "{}"},
        {"path": "permissions.json.lock", "content": "x"},
        {"path": "permissions.json", "content": "{}", "cwd": ""},
    ],
)
def test_1_write_file_naming_permissions_json_is_refused_at_proposal(team, payload):
    resp = _propose(team, "write_file", payload)
    assert resp.status_code == 403, resp.json()  # was 201, then approved by a developer and written
    assert resp.json()["reason"] == "policy_file_protected"
    assert not ProposedAction.objects.exists()


def test_1_git_commit_naming_permissions_json_is_refused_at_proposal(team):
    resp = _propose(team, "git_commit", {"message": "rules", "paths": ["src/a.py", "permissions.json"]})
    assert resp.status_code == 403 and resp.json()["reason"] == "policy_file_protected"


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("../../etc/passwd", "path_outside_project"),
        ("src/../../x", "path_outside_project"),
        ("/etc/passwd", "path_absolute"),
        ("~/x", "path_absolute"),
        (".git/hooks/pre-commit", "path_into_git"),
        ("link/x.txt", "path_through_symlink"),
        ("link", "path_through_symlink"),
    ],
)
def test_13_write_file_escaping_the_root_is_refused_at_proposal(team, tmp_path, path, reason):
    team.project.folder.mkdir(parents=True, exist_ok=True)
    os.symlink(tmp_path, team.project.folder / "link")
    resp = _propose(team, "write_file", {"path": path, "content": "x"})
    assert resp.status_code == 400, resp.json()  # was 201, failing only at execution
    assert resp.json()["reason"] == reason
    assert path.split("/")[0] in resp.json()["detail"] or path in resp.json()["detail"]


# -- finding 2: a `local` project whose root is PROJECT_WORKSPACES_ROOT ----------------------------------


@pytest.mark.parametrize("where", ["workspaces", "workspaces_parent", "base", "base_child", "var", "other"])
def test_2_a_local_root_never_overlaps_brabos_folders_or_another_project(team, settings, tmp_path, where):
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
    assert resp.json()["reason"] == "local_path_not_allowed"  # issue 23: the same words whatever was hit
    assert "theirs" not in json.dumps(resp.json()) and "Evil" not in json.dumps(resp.json())


def test_2_a_local_root_is_rechecked_when_a_setting_moves_under_it(team, settings, local_base):
    root = local_base / "mine"
    root.mkdir()
    project = team.world.project(team.ws, "mine", execution_mode="local", local_path=str(root))
    settings.PROJECT_WORKSPACES_ROOT = root / "workspaces"  # the operator moved Brabo's folders inside it
    resp = _propose(team, "terminal", {"command": "ls"}, key=team.world.agent(project, team.maintainer)[1])
    assert resp.status_code == 409 and resp.json()["reason"] == "project_root_invalid"


# -- finding 3: a symlinked permissions.json ------------------------------------------------------------


def test_3_a_symlinked_permissions_json_is_never_followed(team, client):
    with open("/proc/self/environ", "rb") as fh:  # what the link would show: the server's environment
        leaked = next(v for v in fh.read().split(b"\0") if v.startswith(b"PATH=")).decode()
    team.project.folder.mkdir(parents=True, exist_ok=True)
    os.symlink("/proc/self/environ", team.project.permissions_path)
    client.force_login(team.developer)
    page = client.get(f"/admin/console/projects/{team.project.id}/permissions/").content.decode()
    assert leaked not in page  # the editor showed a developer the server's environment
    assert "permissions.json is a symbolic link" in page
    api = team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/")
    assert api.status_code == 409 and "symbolic link" in api.json()["detail"]
    status = team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/status/")
    assert leaked not in json.dumps(status.json()) and "symbolic link" in status.json()["on_disk"]["error"]


def test_3_a_link_to_a_valid_policy_elsewhere_is_not_read_either(team, tmp_path):
    elsewhere = tmp_path / "rules.json"
    elsewhere.write_text(json.dumps({"allow": ["Terminal(make)"]}))
    team.project.folder.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, team.project.permissions_path)
    created = _propose(team, "terminal", {"command": "make"}).json()
    assert created["status"] == "pending" and "symbolic link" in created["message"]


# -- finding 4: a FIFO in place of permissions.json -----------------------------------------------------


def _answers_without_blocking(fn):
    from django.db import connection

    out = {}

    def run():
        try:
            out["r"] = fn()
        finally:
            connection.close()  # this thread's own connection, or the test database cannot be dropped

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(60)  # a guard against the old hang (a blocked open), not a timing assertion
    assert not t.is_alive(), "the request thread blocked opening the FIFO"
    return out["r"]


@pytest.mark.django_db(transaction=True)  # the request runs on its own thread, with its own connection
def test_4_a_fifo_blocks_no_request_thread_and_is_named(team, client):
    team.project.folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(team.project.permissions_path)
    api = _answers_without_blocking(
        lambda: team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/")
    )
    assert api.status_code == 409
    assert "permissions.json is a FIFO; restore it in the console" in api.json()["detail"]
    created = _answers_without_blocking(lambda: _propose(team, "terminal", {"command": "ls"}).json())
    assert created["status"] == "pending" and "FIFO" in created["message"]
    client.force_login(team.maintainer)
    page = _answers_without_blocking(
        lambda: client.get(f"/admin/console/projects/{team.project.id}/permissions/").content.decode()
    )
    assert "permissions.json is a FIFO" in page and "Changed outside Brabo" in page


# -- finding 5: a maintainer allowed the owner's Spend() ------------------------------------------------


def test_5_a_maintainer_cannot_allow_spend(team, owners_agent):
    resp = _save(team, team.maintainer, {"allow": ["Spend()"]})
    assert resp.status_code == 403, resp.json()  # was 200, and the owner's agent's spend auto-approved
    assert resp.json()["reason"] == "role_ceiling"
    assert "allow: Spend()" in resp.json()["detail"]
    assert _propose(team, "spend", SPEND, key=owners_agent).json()["status"] == "pending"
    assert not SessionEvent.objects.filter(type="permission.granted").exists()


def test_5_a_maintainer_cannot_lift_the_owners_deny_on_spend_but_keeps_it_while_editing(team):
    assert _save(team, team.owner, {"deny": ["Spend()"], "allow": []}).status_code == 200
    lifted = _save(team, team.maintainer, {"deny": [], "allow": ["Terminal(ls)"]})
    assert lifted.status_code == 403 and "deny: Spend()" in lifted.json()["detail"]
    kept = _save(team, team.maintainer, {"deny": ["Spend()"], "allow": ["Terminal(ls)"]})
    assert kept.status_code == 200  # entries they leave as they were are not theirs to answer for
    assert _save(team, team.owner, {"allow": ["Spend()"]}).status_code == 200  # the owner's to allow


def test_5_the_ceiling_holds_in_the_console_editor_too(team, client):
    import hashlib

    client.force_login(team.maintainer)
    text = '{"allow": ["Spend()"], "deny": [], "ask": []}\n'
    resp = client.post(
        f"/admin/console/projects/{team.project.id}/permissions/",
        {"text": text, "step": "save", "base": hashlib.sha256(b"").hexdigest()},
        follow=True,
    )
    assert "allow: Spend()" in resp.content.decode()
    assert not team.project.permissions_path.exists()


# -- finding 6: admin model forms skipped tenancy and roles ---------------------------------------------


@pytest.fixture
def staff(team):
    """A staff member of workspace B (the outsider's) — and, worse, a superuser."""
    team.outsider.is_staff = True
    team.outsider.is_superuser = True
    team.outsider.save()
    return team.world.client(team.outsider)


def test_6_no_admin_form_writes_memberships_autonomy_agents_or_credentials(team, staff, client):
    client.force_login(team.outsider)
    for model in ("membership", "autonomyrule", "agent", "project", "workspace", "workspacecredentials"):
        assert client.get(f"/admin/projects/{model}/add/").status_code == 403, model
    added = client.post(
        "/admin/projects/membership/add/",
        {"workspace": str(team.ws.id), "user": team.outsider.pk, "role": "owner"},
    )
    assert added.status_code == 403  # was 302: B's staff made themselves owner of A
    assert not Membership.objects.filter(workspace=team.ws, user=team.outsider).exists()
    rule = AutonomyRule.objects.create(agent=team.other_agent, action_type="spend", mode="require_approval")
    changed = client.post(
        f"/admin/projects/autonomyrule/{rule.pk}/change/",
        {"agent": str(team.other_agent.id), "action_type": "spend", "mode": "auto_approve"},
    )
    assert changed.status_code in (302, 403)
    rule.refresh_from_db()
    assert rule.mode == "require_approval"  # was auto_approve, with no permission.granted event


def test_6_admin_lists_only_the_users_own_workspaces_superusers_included(team, staff, client):
    client.force_login(team.outsider)
    page = client.get("/admin/projects/membership/").content.decode()
    assert "olivia" not in page and "Acme" not in page
    assert client.get(f"/admin/projects/workspace/{team.ws.id}/change/").status_code in (302, 404)
