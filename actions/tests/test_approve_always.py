"""'Always allow' exactly per R7: refusals, per-segment units, autonomy rows, one transaction with the file."""

from __future__ import annotations

import json

import pytest

from actions.models import ProposedAction, SessionEvent
from permissions.action_types import ALWAYS_ALLOW_REFUSED
from permissions.files import load_permissions


@pytest.fixture
def lead(team):
    """A non dev-<module> agent (dev-lead), whose clicks write patterns rather than autonomy rows."""
    agent, key = team.world.agent(team.project, team.maintainer, "dev-lead")
    return agent, key


def _propose(team, key, action_type, payload):
    resp = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": action_type, "payload": payload}, format="json"
    )
    assert resp.status_code == 201, resp.content
    return resp.json()["id"]


def _always(team, action_id, user=None):
    return team.world.client(user or team.maintainer).post(f"/api/actions/{action_id}/approve-always/")


@pytest.mark.parametrize("action_type", sorted(ALWAYS_ALLOW_REFUSED))
def test_r7_1_refused_types_answer_400_teto_do_sempre_permitir(team, lead, action_type):
    from actions.services import propose_action

    payloads = {
        "git_push": {"branch": "x"},
        "pr_open": {"branch": "x", "base": "dev", "title": "t"},
        "git_merge": {"pr": 1, "target_branch": "x"},
        "raise_max_parallel": {"value": 3},
    }
    action = propose_action(
        project=team.project,
        user=team.maintainer,
        action_type=action_type,
        payload=payloads.get(action_type, {}),
    ).action
    resp = _always(team, action.id)
    assert resp.status_code == 400 and resp.json()["reason"] == "teto_do_sempre_permitir"
    action.refresh_from_db()
    assert action.status == "pending"  # nothing approved
    assert not SessionEvent.objects.filter(type="permission.granted").exists()


def test_r7_3_writes_one_unit_per_segment(team, lead):
    _, key = lead
    action_id = _propose(team, key, "terminal", {"command": "npm test && cat src/x.ts && ls -la src"})
    resp = _always(team, action_id)
    assert resp.status_code == 200, resp.content
    assert resp.json()["outcome"] == "approved"
    expected = ["Terminal(npm test)", "Terminal(cat)", "Terminal(ls -la src)"]
    assert resp.json()["patterns"] == expected
    assert list(load_permissions(team.project.permissions_path).allow) == expected
    granted = SessionEvent.objects.get(type="permission.granted")
    # added: what this click put in the policy, and so what its Undo takes out
    assert granted.payload == {"patterns": expected, "pattern": ", ".join(expected), "added": expected}
    assert granted.actor_label == "max"
    types = list(
        SessionEvent.objects.filter(action_id=action_id).values_list("type", flat=True).order_by("id")
    )
    assert types == ["proposed_action.created", "proposed_action.approved", "permission.granted"]
    # The next identical proposal is auto-approved by the written rule.
    again = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "npm test"}}, format="json"
    )
    assert again.json()["status"] == "auto_approved" and again.json()["reason"] == "allow_rule"


def test_r7_3_other_entries_and_their_order_are_kept(team, lead):
    _, key = lead
    path = team.project.permissions_path
    path.write_text(json.dumps({"allow": ["Terminal(pytest)"], "deny": ["Terminal(rm)"], "ask": []}))
    action_id = _propose(team, key, "terminal", {"command": "git status"})
    _always(team, action_id)
    perms = load_permissions(path)
    assert list(perms.allow) == ["Terminal(pytest)", "Terminal(git status)"]
    assert list(perms.deny) == ["Terminal(rm)"]


def test_r7_2_external_effect_approves_the_instance_without_a_pattern(team, lead):
    _, key = lead
    action_id = _propose(team, key, "terminal", {"command": "git push origin feature/x"})
    resp = _always(team, action_id)
    assert resp.status_code == 200 and resp.json()["status"] == "approved"
    assert "patterns" not in resp.json()
    assert (
        not team.project.permissions_path.exists()
        or not load_permissions(team.project.permissions_path).allow
    )
    assert not SessionEvent.objects.filter(type="permission.granted").exists()


def test_r7_4_dev_module_agent_gets_an_autonomy_row(team):
    action_id = _propose(team, team.agent_key, "git_commit", {"message": "wip"})  # dev-api
    resp = _always(team, action_id)
    assert resp.status_code == 200
    assert resp.json()["autonomy_row"] == {"agent_id": str(team.agent.id), "action_type": "git_commit"}
    assert team.agent.autonomy_rules.get(action_type="git_commit").mode == "auto_approve"
    granted = SessionEvent.objects.get(type="permission.granted")
    # previousMode: what Undo puts back — there was no row
    assert granted.payload == {
        "agentId": str(team.agent.id),
        "actionType": "git_commit",
        "previousMode": None,
    }
    assert not team.project.permissions_path.exists()


def test_r7_4_other_typed_actions_write_label(team, lead):
    _, key = lead
    action_id = _propose(team, key, "git_branch_create", {"branch": "feature/q"})
    resp = _always(team, action_id)
    assert resp.json()["patterns"] == ["GitBranchCreate()"]
    assert list(load_permissions(team.project.permissions_path).allow) == ["GitBranchCreate()"]


def test_r7_5_already_approved_is_idempotent_and_writes_only_what_is_missing(team, lead):
    _, key = lead
    action_id = _propose(team, key, "terminal", {"command": "git status"})
    team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve/")
    resp = _always(team, action_id)
    assert resp.json()["outcome"] == "ja_aprovada"
    assert list(load_permissions(team.project.permissions_path).allow) == ["Terminal(git status)"]
    again = _always(team, action_id)
    assert again.json()["outcome"] == "ja_aprovada"
    assert SessionEvent.objects.filter(type="permission.granted").count() == 1  # nothing new the second time
    assert SessionEvent.objects.filter(type="proposed_action.approved").count() == 1


def test_r7_5_denied_action_is_409(team, lead):
    _, key = lead
    action_id = _propose(team, key, "terminal", {"command": "git status"})
    team.world.client(team.maintainer).post(
        f"/api/actions/{action_id}/deny/", {"reason": "no"}, format="json"
    )
    resp = _always(team, action_id)
    assert resp.status_code == 409 and resp.json()["reason"] == "acao_ja_recusada"


@pytest.mark.parametrize(
    "errno_, text, status, reason",
    [
        (28, "No space left on device", 507, "disk_full"),  # ENOSPC: the server cannot store it
        # EACCES: the project folder refuses the server's user (an agent's chmod can do it) — named 409
        (13, "Permission denied", 409, "policy_file_unwritable"),
        (5, "Input/output error", 500, "policy_write_failed"),  # EIO: anything else is ours to fix
    ],
)
def test_r7_5_a_failed_pattern_write_leaves_the_action_pending(
    team, lead, monkeypatch, errno_, text, status, reason
):
    """A failure injected in the pattern write: the approval is undone, no permission.granted event."""
    _, key = lead
    action_id = _propose(team, key, "terminal", {"command": "git status"})

    def broken_merge(*args, **kwargs):
        raise OSError(errno_, text)

    monkeypatch.setattr("permissions.files.merge_into", broken_merge)
    resp = _always(team, action_id)
    assert resp.status_code == status and resp.json()["reason"] == reason
    assert text in resp.json()["detail"]
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "pending" and action.decided_by is None
    types = set(SessionEvent.objects.values_list("type", flat=True))
    assert "permission.granted" not in types and "proposed_action.approved" not in types


def test_preview_matches_what_a_click_writes(team, lead):
    from actions.services import preview_always

    _, key = lead
    action_id = _propose(team, key, "terminal", {"command": "npx vitest run && git log -5"})
    preview = preview_always(ProposedAction.objects.get(id=action_id))
    resp = _always(team, action_id)
    assert preview["patterns"] == resp.json()["patterns"]
