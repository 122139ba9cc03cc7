"""Nobody governed can change the governance through the policy file (R3.5, R3.7): a file rewritten on disk
cannot loosen the accepted policy, a proposal naming permissions.json is refused, and the file is never
read through a symbolic link or a FIFO. Each case reproduces an attack as it was done; the sandbox half (a
write or a FIFO from inside the sandbox) is in actions/tests/test_integration_policy_file.py, with a real
worker and the real bubblewrap."""

from __future__ import annotations

import json
import os
import threading

import pytest

from actions.models import ProposedAction


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


# -- an agent rewrote its own project's permissions.json -----------------------------------------------------


def test_a_file_rewritten_on_disk_cannot_loosen_the_accepted_policy(team, owners_agent):
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
def test_write_file_naming_permissions_json_is_refused_at_proposal(team, payload):
    resp = _propose(team, "write_file", payload)
    assert resp.status_code == 403, resp.json()  # was 201, then approved by a developer and written
    assert resp.json()["reason"] == "policy_file_protected"
    assert not ProposedAction.objects.exists()


def test_git_commit_naming_permissions_json_is_refused_at_proposal(team):
    resp = _propose(team, "git_commit", {"message": "rules", "paths": ["src/a.py", "permissions.json"]})
    assert resp.status_code == 403 and resp.json()["reason"] == "policy_file_protected"


# -- a symlinked permissions.json ----------------------------------------------------------------------------


def test_a_symlinked_permissions_json_is_never_followed(team, client):
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


def test_a_link_to_a_valid_policy_elsewhere_is_not_read_either(team, tmp_path):
    elsewhere = tmp_path / "rules.json"
    elsewhere.write_text(json.dumps({"allow": ["Terminal(make)"]}))
    team.project.folder.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, team.project.permissions_path)
    created = _propose(team, "terminal", {"command": "make"}).json()
    assert created["status"] == "pending" and "symbolic link" in created["message"]


# -- a FIFO in place of permissions.json ---------------------------------------------------------------------


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
def test_a_fifo_blocks_no_request_thread_and_is_named(team, client):
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
