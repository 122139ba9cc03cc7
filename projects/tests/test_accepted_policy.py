"""R3.5 — the accepted policy: recorded on every save, shown against the file on disk, accepted or
restored by a maintainer+ (R3.6 ceiling included), and recorded at upgrade for existing projects."""

from __future__ import annotations

import json
import os

import pytest

from actions.models import SessionEvent
from projects.models import AcceptedPolicy, Project


def _url(team, tail=""):
    return f"/api/projects/{team.project.id}/permissions/{tail}"


def _grants(project):
    return [
        e.payload
        for e in SessionEvent.objects.filter(project=project, type="permission.granted").order_by("id")
    ]


def test_a_save_records_who_accepted_what(team):
    c = team.world.client(team.maintainer)
    assert c.put(_url(team), {"allow": ["Terminal(ls)"]}, format="json").status_code == 200
    row = AcceptedPolicy.objects.get(project=team.project)
    assert row.accepted_by == team.maintainer and row.source == "permissions_saved"
    assert row.content == team.project.permissions_path.read_text()
    team.project.refresh_from_db()
    assert team.project.policy_sha256 == row.sha256 and len(row.sha256) == 64
    status = c.get(_url(team, "status/")).json()
    assert status["changed_outside_brabo"] is False and status["accepted"]["accepted_by"] == "max"


def test_an_outside_change_is_shown_with_its_diff_and_accepted_with_a_grant_event(team):
    c = team.world.client(team.maintainer)
    c.put(_url(team), {"allow": ["Terminal(ls)"], "ask": ["Terminal(make)"]}, format="json")
    team.project.permissions_path.write_text(
        json.dumps({"allow": ["Terminal(ls)", "Terminal(cat)"]}, indent=2)
    )
    status = team.world.client(team.developer).get(_url(team, "status/")).json()
    assert status["changed_outside_brabo"] is True
    assert any(line.startswith("+") and "Terminal(cat)" in line for line in status["diff"])
    # A developer may look, not accept.
    assert team.world.client(team.developer).post(_url(team, "accept/")).status_code == 403
    # Accepting what you reviewed: a stale hash is refused.
    stale = c.post(_url(team, "accept/"), {"sha256": "0" * 64}, format="json")
    assert stale.status_code == 409 and stale.json()["reason"] == "policy_changed_since_review"
    ok = c.post(_url(team, "accept/"), {"sha256": status["on_disk"]["sha256"]}, format="json")
    assert ok.status_code == 200 and ok.json()["changed_outside_brabo"] is False
    grant = _grants(team.project)[-1]
    assert grant["patterns"] == ["Terminal(cat)"] and grant["liftedAsk"] == ["Terminal(make)"]
    assert grant["reason"] == "policy_accepted_from_disk"
    assert AcceptedPolicy.objects.get(project=team.project).accepted_by == team.maintainer


def test_accepting_is_under_the_role_ceiling(team):
    team.project.folder.mkdir(parents=True, exist_ok=True)
    team.project.permissions_path.write_text('{"allow": ["Spend()"]}')
    refused = team.world.client(team.maintainer).post(_url(team, "accept/"))
    assert refused.status_code == 403 and refused.json()["reason"] == "role_ceiling"
    assert "allow: Spend()" in refused.json()["detail"]
    assert team.world.client(team.owner).post(_url(team, "accept/")).status_code == 200


def test_a_file_that_does_not_load_cannot_be_accepted_only_restored(team):
    c = team.world.client(team.owner)
    c.put(_url(team), {"allow": ["Terminal(ls)"]}, format="json")
    accepted = team.project.permissions_path.read_text()
    team.project.permissions_path.write_text('{"allow": [')
    refused = c.post(_url(team, "accept/"))
    assert refused.status_code == 409 and refused.json()["reason"] == "permissions_invalid"
    restored = c.post(_url(team, "restore/"))
    assert restored.status_code == 200 and restored.json()["changed_outside_brabo"] is False
    assert team.project.permissions_path.read_text() == accepted
    assert not team.project.permissions_path.is_symlink()


def test_restore_replaces_a_link_or_a_fifo_with_the_accepted_file(team, tmp_path):
    c = team.world.client(team.owner)
    c.put(_url(team), {"deny": ["Terminal(curl)"]}, format="json")
    target = tmp_path / "elsewhere.json"
    target.write_text("{}")
    os.unlink(team.project.permissions_path)
    os.symlink(target, team.project.permissions_path)
    assert c.post(_url(team, "restore/")).status_code == 200
    assert not team.project.permissions_path.is_symlink() and target.read_text() == "{}"
    assert json.loads(team.project.permissions_path.read_text())["deny"] == ["Terminal(curl)"]


def test_a_project_with_no_accepted_version_restores_the_empty_policy(team):
    team.project.folder.mkdir(parents=True, exist_ok=True)
    team.project.permissions_path.write_text('{"allow": ["Terminal(rm)"]}')
    assert team.world.client(team.maintainer).post(_url(team, "restore/")).status_code == 200
    assert json.loads(team.project.permissions_path.read_text()) == {"allow": [], "deny": [], "ask": []}
    status = team.world.client(team.maintainer).get(_url(team, "status/")).json()
    assert status["changed_outside_brabo"] is False


def test_always_allow_while_the_file_differs_keeps_the_outside_change_outside(team):
    from actions.services import approve_always, propose_action

    team.world.client(team.owner).put(_url(team), {"ask": ["Terminal(git push)"]}, format="json")
    # An outside change lifts the ask entry; it is not in force.
    team.project.permissions_path.write_text(json.dumps({"allow": [], "deny": [], "ask": []}))
    agent, _ = team.world.agent(team.project, team.maintainer, "helper")
    action = propose_action(
        project=team.project, action_type="terminal", payload={"command": "npm test"}, agent=agent
    )
    approve_always(action_id=action.action.id, actor=team.developer)
    accepted = json.loads(AcceptedPolicy.objects.get(project=team.project).content or "")
    assert accepted["allow"] == ["Terminal(npm test)"] and accepted["ask"] == ["Terminal(git push)"]
    on_disk = json.loads(team.project.permissions_path.read_text())
    assert on_disk["allow"] == ["Terminal(npm test)"] and on_disk["ask"] == []  # both got the pattern
    # ... and the next `npm test` auto-approves: the pattern is in both.
    again = propose_action(
        project=team.project, action_type="terminal", payload={"command": "npm test"}, agent=agent
    )
    assert again.action.status == "auto_approved"


def test_only_formatting_differs_decides_once_and_as_accepted(team):
    team.world.client(team.owner).put(_url(team), {"allow": ["Terminal(ls)"]}, format="json")
    team.project.permissions_path.write_text('{"allow":["Terminal(ls)"]}')
    agent = team.world.client(agent_key=team.agent_key)
    body = {"action_type": "terminal", "payload": {"command": "ls"}}
    assert agent.post("/api/actions/", body, format="json").json()["status"] == "auto_approved"


def test_console_shows_the_change_and_a_maintainer_accepts_it(team, client):
    team.world.client(team.owner).put(_url(team), {"allow": []}, format="json")
    team.project.permissions_path.write_text('{"allow": ["Terminal(make)"]}')
    client.force_login(team.developer)
    page = client.get(f"/admin/console/projects/{team.project.id}/permissions/").content.decode()
    assert "Changed outside Brabo" in page and "Terminal(make)" in page and 'data-action="accept"' not in page
    client.force_login(team.maintainer)
    page = client.get(f"/admin/console/projects/{team.project.id}/permissions/").content.decode()
    assert 'data-action="accept"' in page and 'data-action="restore"' in page
    from projects.policy_store import policy_state

    disk = policy_state(team.project).disk_sha256
    client.post(f"/admin/console/projects/{team.project.id}/permissions/", {"step": "accept", "disk": disk})
    assert policy_state(team.project).changed_outside is False
    assert _grants(team.project)[-1]["patterns"] == ["Terminal(make)"]


@pytest.mark.parametrize("kind", ["file", "none", "malformed", "link"])
def test_the_upgrade_records_the_file_on_disk_as_accepted_by_nobody(team, tmp_path, kind):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("projects.migrations.0004_record_accepted_policy")
    team.project.folder.mkdir(parents=True, exist_ok=True)
    path = team.project.permissions_path
    if kind == "file":
        path.write_text('{"allow": ["Terminal(ls)"]}')
    elif kind == "malformed":
        path.write_text('{"allow": [')
    elif kind == "link":
        (tmp_path / "x.json").write_text('{"allow": ["Terminal(rm)"]}')
        os.symlink(tmp_path / "x.json", path)
    Project.objects.update(policy_sha256="")
    migration.record_files_on_disk(apps, None)
    row = AcceptedPolicy.objects.filter(project=team.project).first()
    if kind == "file":
        assert (
            row is not None
            and row.content == '{"allow": ["Terminal(ls)"]}'
            and row.accepted_by is None
            and row.source == "upgrade"
        )
        team.project.refresh_from_db()
        assert team.project.policy_sha256 == row.sha256
    else:  # nothing loadable on disk: the empty policy is in force, and the file shows as changed outside
        assert row is None
