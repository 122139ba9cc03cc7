"""Undoing "Always allow": every grant a click wrote — patterns or an autonomy row — is listed
on the agent's page and taken back by one audited transition, through the policy store."""

from __future__ import annotations

import json

import pytest

from actions import services
from actions.models import SessionEvent
from actions.tests.conftest import Proposer
from brabo.errors import DomainError
from permissions.files import load_permissions
from projects.models import AutonomyRule
from projects.policy_store import accepted_permissions, policy_state


@pytest.fixture
def api(team):
    return Proposer(team)


@pytest.fixture
def qa(team):
    """An agent whose terminal click writes patterns; dev-api's writes its autonomy row (R7.4)."""
    return team.world.agent(team.project, team.maintainer, "qa")


def _grant(team, action_id) -> SessionEvent:
    resp = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve-always/")
    assert resp.status_code == 200, resp.content
    return SessionEvent.objects.filter(type="permission.granted", action_id=action_id).get()


def test_undo_takes_the_patterns_out_of_the_file_and_the_accepted_policy(team, api, qa):
    api.write_permissions(allow=["Terminal(pytest)"], deny=["Terminal(rm)"])
    action_id = api.propose("terminal", {"command": "cat notes.txt && pytest"}, key=qa[1]).json()["id"]
    grant = _grant(team, action_id)
    assert grant.payload["added"] == ["Terminal(cat)"]  # pytest was there already: not this click's
    assert (
        api.propose("terminal", {"command": "cat other.txt"}, key=qa[1]).json()["status"] == "auto_approved"
    )

    revoked = services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)

    assert revoked.type == "permission.revoked" and revoked.actor_label == "max"
    assert revoked.payload["grantEventId"] == grant.id and revoked.payload["patterns"] == ["Terminal(cat)"]
    on_disk = load_permissions(team.project.permissions_path)
    assert list(on_disk.allow) == ["Terminal(pytest)"] and list(on_disk.deny) == ["Terminal(rm)"]
    assert list(accepted_permissions(team.project).allow) == ["Terminal(pytest)"]
    assert not policy_state(team.project).changed_outside  # file and accepted version agree
    assert api.propose("terminal", {"command": "cat other.txt"}, key=qa[1]).json()["status"] == "pending"
    assert api.propose("terminal", {"command": "pytest -q"}, key=qa[1]).json()["status"] == "auto_approved"


def test_undo_twice_is_a_409_and_records_nothing_more(team, api, qa):
    action_id = api.propose("terminal", {"command": "cat notes.txt"}, key=qa[1]).json()["id"]
    grant = _grant(team, action_id)
    services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)
    with pytest.raises(DomainError) as err:
        services.undo_always_allow(grant_event_id=grant.id, actor=team.owner)
    assert err.value.status == 409 and err.value.reason == "grant_already_undone"
    assert SessionEvent.objects.filter(type="permission.revoked").count() == 1


def test_undo_of_an_autonomy_row_puts_back_what_was_there(team, api):
    AutonomyRule.objects.create(agent=team.agent, action_type="write_file", mode="require_approval")
    action_id = api.propose("write_file", {"path": "a.txt", "content": "x"}).json()["id"]
    grant = _grant(team, action_id)
    assert grant.payload["previousMode"] == "require_approval"
    assert AutonomyRule.objects.get(agent=team.agent, action_type="write_file").mode == "auto_approve"
    services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)
    assert AutonomyRule.objects.get(agent=team.agent, action_type="write_file").mode == "require_approval"

    other = api.propose("git_commit", {"message": "wip"}).json()["id"]  # dev-api: no row before
    grant = _grant(team, other)
    services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)
    assert not AutonomyRule.objects.filter(agent=team.agent, action_type="git_commit").exists()


def test_undo_leaves_a_row_someone_changed_since(team, api):
    action_id = api.propose("write_file", {"path": "a.txt", "content": "x"}).json()["id"]
    grant = _grant(team, action_id)
    AutonomyRule.objects.filter(agent=team.agent, action_type="write_file").update(mode="deny")
    revoked = services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)
    assert revoked.payload["changed"] is False
    assert AutonomyRule.objects.get(agent=team.agent, action_type="write_file").mode == "deny"


def test_undo_of_a_file_changed_outside_brabo_only_tightens(team, api, qa):
    action_id = api.propose("terminal", {"command": "cat notes.txt"}, key=qa[1]).json()["id"]
    grant = _grant(team, action_id)
    path = team.project.permissions_path
    loosened = json.loads(path.read_text())
    loosened["allow"].append("Terminal(curl)")  # an agent's edit, never accepted
    path.write_text(json.dumps(loosened))
    services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)
    assert "Terminal(cat)" not in path.read_text() and "Terminal(curl)" in path.read_text()
    assert list(accepted_permissions(team.project).allow) == []  # the outside change stays outside
    assert policy_state(team.project).changed_outside


def test_undo_of_an_unreadable_file_still_takes_the_grant_out_of_the_policy_in_force(team, api, qa):
    action_id = api.propose("terminal", {"command": "cat notes.txt"}, key=qa[1]).json()["id"]
    grant = _grant(team, action_id)
    team.project.permissions_path.write_text("{not json")
    services.undo_always_allow(grant_event_id=grant.id, actor=team.maintainer)
    assert list(accepted_permissions(team.project).allow) == []
    assert team.project.permissions_path.read_text() == "{not json"  # never written over


def test_who_may_undo(team, api, world):
    action_id = api.propose("git_commit", {"message": "wip"}).json()["id"]
    grant = _grant(team, action_id)
    with pytest.raises(DomainError) as err:
        services.undo_always_allow(grant_event_id=grant.id, actor=team.outsider)
    assert err.value.status == 404  # another workspace's grant does not exist for you (R1.1)
    # a maintainer-level grant is not a developer's to take back (R2.2: who could grant it)
    lead, key = world.agent(team.project, team.maintainer, "dev-lead")
    branch = api.propose("git_branch_create", {"branch": "feature/q"}, key=key).json()["id"]
    branch_grant = _grant(team, branch)
    with pytest.raises(DomainError) as err:
        services.undo_always_allow(grant_event_id=branch_grant.id, actor=team.developer)
    assert err.value.status == 403
    assert not SessionEvent.objects.filter(type="permission.revoked").exists()
    services.undo_always_allow(grant_event_id=grant.id, actor=team.developer)  # git_commit: developer


def test_the_agents_page_lists_each_grant_with_undo(team, api, client, qa):
    cat = api.propose("terminal", {"command": "cat notes.txt"}, key=qa[1]).json()["id"]
    commit = api.propose("git_commit", {"message": "wip"}, key=qa[1]).json()["id"]
    first, second = _grant(team, cat), _grant(team, commit)
    client.force_login(team.maintainer)
    page = client.get(f"/admin/console/agents/{qa[0].id}/").content.decode()
    assert "Terminal(cat)" in page and "GitCommit()" in page
    assert page.count('data-action="undo-grant"') == 2
    done = client.post(f"/admin/console/agents/{qa[0].id}/grants/{first.id}/undo/", follow=True)
    text = done.content.decode()
    assert "Undone: removed Terminal(cat) from permissions.json." in text
    assert text.count('data-action="undo-grant"') == 1 and "undone by max" in text
    # a grant id of another agent's page cannot be undone through this one's URL by an outsider
    eve = type(client)()
    eve.force_login(team.outsider)
    url = f"/admin/console/agents/{qa[0].id}/grants/{second.id}/undo/"
    assert eve.post(url).status_code == 404
