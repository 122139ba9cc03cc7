"""R3.6 role ceiling: a maintainer cannot allow the owner's ``Spend()`` nor lift the owner's deny on it, in
the API or in the console's editor; entries they leave as they were are not theirs to answer for."""

from __future__ import annotations

import pytest

from actions.models import SessionEvent


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


# -- a maintainer allowed the owner's Spend() ----------------------------------------------------------------


def test_a_maintainer_cannot_allow_spend(team, owners_agent):
    resp = _save(team, team.maintainer, {"allow": ["Spend()"]})
    assert resp.status_code == 403, resp.json()  # was 200, and the owner's agent's spend auto-approved
    assert resp.json()["reason"] == "role_ceiling"
    assert "allow: Spend()" in resp.json()["detail"]
    assert _propose(team, "spend", SPEND, key=owners_agent).json()["status"] == "pending"
    assert not SessionEvent.objects.filter(type="permission.granted").exists()


def test_a_maintainer_cannot_lift_the_owners_deny_on_spend_but_keeps_it_while_editing(team):
    assert _save(team, team.owner, {"deny": ["Spend()"], "allow": []}).status_code == 200
    lifted = _save(team, team.maintainer, {"deny": [], "allow": ["Terminal(ls)"]})
    assert lifted.status_code == 403 and "deny: Spend()" in lifted.json()["detail"]
    kept = _save(team, team.maintainer, {"deny": ["Spend()"], "allow": ["Terminal(ls)"]})
    assert kept.status_code == 200  # entries they leave as they were are not theirs to answer for
    assert _save(team, team.owner, {"allow": ["Spend()"]}).status_code == 200  # the owner's to allow


def test_the_ceiling_holds_in_the_console_editor_too(team, client):
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
