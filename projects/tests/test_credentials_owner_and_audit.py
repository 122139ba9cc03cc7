"""Workspace credentials are audited and owned: every change is on the workspace's log (never a value), and
after an ownership transfer the previous owner's provider token waits for the new owner's word.

Once, changing credentials wrote no event, and after a transfer the previous owner's token kept
executing — even after that person was removed — and nobody was told.
"""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from actions import execution
from actions.tests.exec_fixtures import OWNER_TOKEN
from actions.tests.fake_provider import FakeProvider
from brabo.errors import DomainError
from projects import services, teams
from projects.models import WorkspaceCredentials, WorkspaceEvent

pytestmark = pytest.mark.django_db

MODEL_KEY = "sk-ant-api03-" + "m" * 40
NEW_TOKEN = "ghp_NEWOWNERtoken9876543210zyxwvuABC"


def _api(user) -> APIClient:
    c = APIClient()
    c.force_authenticate(user)
    return c


def _events(ws, type_: str | None = None) -> list[dict]:
    resp = _api(ws.owner).get(f"/api/workspaces/{ws.id}/events/")
    assert resp.status_code == 200
    rows = resp.json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    return [r for r in rows if type_ is None or r["type"] == type_]


# -- audit of credential changes ------------------------------------------------------------------------


def test_setting_replacing_and_clearing_credentials_are_events_with_the_owner_and_no_value(team):
    url = f"/api/workspaces/{team.ws.id}/credentials/"
    owner = _api(team.owner)
    assert owner.put(url, {"provider_kind": "github", "provider_token": OWNER_TOKEN}).status_code == 200
    assert owner.put(url, {"provider_token": NEW_TOKEN, "model_key": MODEL_KEY}).status_code == 200
    assert owner.put(url, {"provider_token": "", "model_key": ""}).status_code == 200
    assert owner.put(url, {"provider_token": ""}).status_code == 200  # nothing to clear: no event
    rows = _events(team.ws, "credentials.updated")
    assert [r["actor_label"] for r in rows] == ["olivia"] * 3
    payloads = [r["payload"] for r in rows]
    assert payloads[0] == {"provider_kind": {"from": "", "to": "github"}, "provider_token": "set"}
    assert payloads[1] == {"provider_token": "replaced", "model_key": "set"}
    assert payloads[2] == {"provider_token": "cleared", "model_key": "cleared"}
    stored = json.dumps(list(WorkspaceEvent.objects.values("payload")))
    for secret in (OWNER_TOKEN, NEW_TOKEN, MODEL_KEY):
        assert secret not in stored and secret[:12] not in stored


def test_a_refused_credentials_change_writes_no_event(team):
    url = f"/api/workspaces/{team.ws.id}/credentials/"
    assert _api(team.maintainer).put(url, {"provider_token": OWNER_TOKEN}).status_code == 403
    assert _api(team.owner).put(url, {"provider_token": "bad token\n"}).status_code == 400
    assert _events(team.ws, "credentials.updated") == []


def test_the_credentials_answer_says_who_set_each_secret(team):
    url = f"/api/workspaces/{team.ws.id}/credentials/"
    body = _api(team.owner).put(url, {"provider_token": OWNER_TOKEN, "model_key": MODEL_KEY}).json()
    assert body["provider_token_set_by"] == "olivia" and body["model_key_set_by"] == "olivia"
    assert body["provider_token_needs_confirmation"] is False
    assert OWNER_TOKEN not in json.dumps(body) and MODEL_KEY not in json.dumps(body)


# -- ownership transfer ------------------------------------------------------------------------------------


def _transfer(team) -> dict:
    """olivia (owner) offers the workspace to max; max accepts through the API. Returns the answer."""
    teams.offer_ownership(actor=team.owner, workspace=team.ws, username="max")
    resp = _api(team.maintainer).post(f"/api/workspaces/{team.ws.id}/ownership-offer/accept/")
    assert resp.status_code == 200, resp.content
    team.ws.refresh_from_db()
    return resp.json()


def test_a_transfer_tells_the_new_owner_the_token_is_still_the_previous_owners(team, owner_token):
    owner_token("github", "https://api.github.com")
    answer = _transfer(team)
    assert answer["owner"] == "max"
    notice = answer["credentials"]
    assert notice["provider_token_set_by"] == "olivia"
    assert "no longer the owner" in notice["message"] and "owner_token_stale" in notice["message"]
    assert notice["confirm"] == f"POST /api/workspaces/{team.ws.id}/credentials/confirm/"
    assert notice["replace"].startswith(f"PUT /api/workspaces/{team.ws.id}/credentials/")
    (needed,) = _events(team.ws, "credentials.confirmation_needed")
    assert needed["actor_label"] == "max" and needed["payload"]["provider_token_set_by"] == "olivia"
    (transferred,) = _events(team.ws, "workspace.ownership_transferred")
    assert transferred["payload"]["providerTokenNeedsConfirmation"] is True
    status = _api(team.maintainer).get(f"/api/workspaces/{team.ws.id}/credentials/").json()
    assert status["provider_token_needs_confirmation"] is True and status["provider_token_set_by"] == "olivia"


def test_a_transfer_without_a_token_has_nothing_to_say(team):
    answer = _transfer(team)
    assert answer["credentials"] is None
    assert _events(team.ws, "credentials.confirmation_needed") == []


def test_the_console_tells_the_new_owner_too(team, owner_token, client):
    owner_token("github", "https://api.github.com")
    teams.offer_ownership(actor=team.owner, workspace=team.ws, username="max")
    client.force_login(team.maintainer)
    r = client.post(f"/admin/console/members/{team.ws.id}/ownership/accept/", follow=True)
    text = r.content.decode()
    assert "The provider token was set by olivia" in text and "credentials/confirm/" in text


# -- executions with the previous owner's token (the real execution path) ----------------------------------


@pytest.fixture
def fake():
    with FakeProvider(OWNER_TOKEN) as server:
        yield server


@pytest.fixture
def github(team, fake, owner_token):
    owner_token("github", f"{fake.url}/github")
    team.project.repository = "acme/app"
    team.project.save()
    return fake


def _pr_open(team, make_action):
    action = make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"})
    execution.execute(action.id)
    action.refresh_from_db()
    return action


def test_after_a_transfer_provider_actions_fail_owner_token_stale_until_the_owner_confirms(
    team, github, make_action
):
    assert _pr_open(team, make_action).status == "executed"  # olivia's token while she owns it
    calls = len(github.requests)
    _transfer(team)
    failed = _pr_open(team, make_action)
    assert failed.status == "failed"
    error = failed.result["error"]
    assert error["code"] == "owner_token_stale"
    assert "set by olivia, who is no longer the workspace owner" in error["message"]
    assert "credentials/confirm/" in error["next_step"]
    assert len(github.requests) == calls  # the token never left Brabo
    # the previous owner cannot confirm it for the new one; nor can a developer
    for person in (team.owner, team.developer):
        resp = _api(person).post(f"/api/workspaces/{team.ws.id}/credentials/confirm/")
        assert resp.status_code == 403
    assert _pr_open(team, make_action).status == "failed"
    resp = _api(team.maintainer).post(f"/api/workspaces/{team.ws.id}/credentials/confirm/")
    assert resp.status_code == 200 and resp.json()["provider_token_confirmed_by"] == "max"
    assert resp.json()["provider_token_needs_confirmation"] is False
    (confirmed,) = _events(team.ws, "credentials.confirmed")
    assert confirmed["actor_label"] == "max" and confirmed["payload"] == {"provider_token_set_by": "olivia"}
    assert _pr_open(team, make_action).status == "executed"


def test_the_previous_owner_removed_still_needs_the_new_owners_word(team, github, make_action):
    _transfer(team)
    teams.remove_member(actor=team.maintainer, workspace=team.ws, username="olivia")
    failed = _pr_open(team, make_action)
    assert failed.result["error"]["code"] == "owner_token_stale"
    # nobody recorded as having set it (a deleted account, or a token older than the record): refused
    WorkspaceCredentials.objects.filter(workspace=team.ws).update(provider_token_set_by=None)
    failed = _pr_open(team, make_action)
    assert failed.result["error"]["code"] == "owner_token_stale"
    assert "someone Brabo no longer knows" in failed.result["error"]["message"]


def test_replacing_the_token_is_the_other_way_out(team, github, make_action):
    _transfer(team)
    github.token = NEW_TOKEN
    resp = _api(team.maintainer).put(
        f"/api/workspaces/{team.ws.id}/credentials/", {"provider_token": NEW_TOKEN}
    )
    assert resp.json()["provider_token_set_by"] == "max"
    assert _pr_open(team, make_action).status == "executed"


def test_a_confirmation_ends_when_ownership_moves_on(team, github, make_action):
    # max confirms olivia's token, then hands the workspace back to her... and on to dev: each new owner
    # vouches for the token themselves
    _transfer(team)
    services.confirm_provider_token(actor=team.maintainer, workspace=team.ws)
    services.set_member(actor=team.maintainer, workspace=team.ws, username="dev", role="maintainer")
    teams.offer_ownership(actor=team.maintainer, workspace=team.ws, username="dev")
    teams.accept_ownership(actor=team.developer, workspace=team.ws)
    assert _pr_open(team, make_action).result["error"]["code"] == "owner_token_stale"


def test_confirming_without_a_token_is_a_named_conflict_and_confirming_twice_is_harmless(team, owner_token):
    url = f"/api/workspaces/{team.ws.id}/credentials/confirm/"
    resp = _api(team.owner).post(url)
    assert resp.status_code == 409 and resp.json()["reason"] == "provider_token_missing"
    owner_token("github", "https://api.github.com")
    assert _api(team.owner).post(url).status_code == 200  # already the owner's: nothing to record
    assert _events(team.ws, "credentials.confirmed") == []
    assert _api(team.outsider).post(url).status_code == 404


def test_the_local_provider_has_no_token_to_go_stale(team):
    services.set_credentials(actor=team.owner, workspace=team.ws, provider_kind="local")
    _transfer(team)
    creds = WorkspaceCredentials.objects.get(workspace=team.ws)
    assert not creds.provider_token_stale(team.ws.owner_id)


def test_only_the_owner_confirms(team, owner_token):
    owner_token("github", "https://api.github.com")
    with pytest.raises(DomainError) as refused:
        services.confirm_provider_token(actor=team.maintainer, workspace=team.ws)
    assert refused.value.status == 403


def test_the_migration_attributes_old_secrets_to_the_owner_unless_ownership_moved_since(team, owner_token):
    import importlib
    from datetime import timedelta

    from django.apps import apps

    migration = importlib.import_module("projects.migrations.0010_credentials_set_by_and_owner_confirmation")
    owner_token("github", "https://api.github.com")
    creds = WorkspaceCredentials.objects.filter(workspace=team.ws)
    creds.update(provider_token_set_by=None)  # as rows written before the field existed
    migration.attribute_existing_secrets(apps, None)
    assert creds.get().provider_token_set_by_id == team.owner.pk
    # a transfer after the token was set: nobody is credited, the new owner must confirm
    creds.update(provider_token_set_by=None)
    set_at = creds.get().provider_token_set_at
    assert set_at is not None
    WorkspaceEvent.objects.create(
        workspace=team.ws,
        type="workspace.ownership_transferred",
        actor_kind="user",
        created_at=set_at + timedelta(seconds=1),
    )
    migration.attribute_existing_secrets(apps, None)
    assert creds.get().provider_token_set_by_id is None


def test_a_push_with_the_previous_owners_token_waits_too(team, tmp_path, owner_token, make_action):
    # git_push reads the token where provider calls do (ExecutionContext.owner_credentials): same rule
    from pathlib import Path

    from actions.tests.exec_fixtures import git
    from actions.tests.git_http_server import GitHttpRemote

    root = Path(team.project.root())
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("hello\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    served = tmp_path / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    owner_token("github", "https://api.github.example")
    with GitHttpRemote(served, OWNER_TOKEN) as remote:
        team.project.git_remote_url = remote.url("app.git")
        team.project.git_remote_set_by = team.project.workspace.owner  # the owner's remote
        team.project.save()
        _transfer(team)
        push = make_action(team.project, "git_push", {"branch": "main"}, status="auto_approved")
        execution.execute(push.id)
        push.refresh_from_db()
        assert push.status == "failed" and push.result["error"]["code"] == "owner_token_stale"
        assert True not in remote.auth_seen  # the token was never offered to the remote
        services.confirm_provider_token(actor=team.maintainer, workspace=team.ws)
        # the remote off the provider was the former owner's choice: the new owner sets it as their own
        push = make_action(team.project, "git_push", {"branch": "main"}, status="auto_approved")
        execution.execute(push.id)
        push.refresh_from_db()
        assert push.status == "failed" and push.result["error"]["code"] == "remote_off_provider"
        services.set_project_git(
            project=team.project, actor=team.maintainer, git_remote_url=remote.url("app.git")
        )
        push = make_action(team.project, "git_push", {"branch": "main"}, status="auto_approved")
        execution.execute(push.id)
        push.refresh_from_db()
    assert push.status == "executed", push.result
    assert True in remote.auth_seen
