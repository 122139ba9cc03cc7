"""git_merge conflicts (R8.2) and bad input (R12.4): clear 4xx, nothing written."""

from __future__ import annotations

import pytest

from actions.models import MergedPullRequest, ProposedAction, SessionEvent


def _merge(agent_api, pr=12, target="feature/base"):
    return agent_api.propose("git_merge", {"pr": pr, "target_branch": target})


def test_r8_2_a_live_merge_proposal_blocks_another(agent_api):
    first = _merge(agent_api)
    assert first.status_code == 201 and first.json()["status"] == "pending"
    second = _merge(agent_api, pr="#12")
    assert second.status_code == 409 and second.json()["reason"] == "merge_ja_proposto"
    assert ProposedAction.objects.count() == 1


def test_r8_2_denied_or_failed_merges_do_not_block_a_retry(agent_api, team):
    first = _merge(agent_api).json()["id"]
    team.world.client(team.maintainer).post(
        f"/api/actions/{first}/deny/", {"reason": "CI red"}, format="json"
    )
    retry = _merge(agent_api)
    assert retry.status_code == 201
    ProposedAction.objects.filter(id=retry.json()["id"]).update(status="failed")
    assert _merge(agent_api).status_code == 201


def test_r8_2_a_merged_pr_is_refused_at_creation(agent_api):
    first = _merge(agent_api).json()["id"]
    ProposedAction.objects.filter(id=first).update(status="executed")
    MergedPullRequest.objects.create(project=agent_api.team.project, pr="12", action_id=first)
    again = _merge(agent_api)
    assert again.status_code == 409 and again.json()["reason"] == "pr_ja_mergeado"


def test_r8_2_approving_a_merge_whose_pr_was_merged_elsewhere_stays_pending(agent_api, team):
    pending = _merge(agent_api, pr=30).json()["id"]
    other = ProposedAction.objects.create(
        project=team.project,
        action_type="git_merge",
        payload={"pr": 30, "target_branch": "x"},
        payload_hash="x",
        status="executed",
        reason="default",
        message="",
        merge_pr="30-other",
    )
    MergedPullRequest.objects.create(project=team.project, pr="30", action=other)
    resp = team.world.client(team.maintainer).post(f"/api/actions/{pending}/approve/")
    assert resp.status_code == 409 and resp.json()["reason"] == "pr_ja_mergeado"
    assert ProposedAction.objects.get(id=pending).status == "pending"


def test_r8_2_a_pending_qa_gate_is_a_hint_not_a_refusal(agent_api, team):
    _, qa_key = team.world.agent(team.project, team.maintainer, "qa")
    agent_api.propose("assess_implementability", {}, key=qa_key)
    resp = _merge(agent_api, pr=44)
    assert resp.status_code == 201
    assert any(h.startswith("qa gate pending") for h in resp.json()["hints"])


def test_r8_2_merge_into_a_protected_branch_is_capped(agent_api, team):
    """R8.3 / RN-006 — even in auto mode a merge into a protected branch is a person's decision."""
    team.world.client(team.maintainer).put(
        f"/api/agents/{team.agent.id}/autonomy/",
        [{"action_type": "*", "mode": "auto_approve"}],
        format="json",
    )
    resp = _merge(agent_api, pr=50, target="main")
    assert (resp.json()["status"], resp.json()["reason"]) == ("pending", "cap_protected_merge")
    free = _merge(agent_api, pr=51, target="feature/base")
    assert free.json()["status"] == "auto_approved"


def _nothing_written():
    return ProposedAction.objects.count() == 0 and SessionEvent.objects.count() == 0


@pytest.mark.parametrize(
    "body,field,words",
    [
        ({"action_type": "launch_missiles", "payload": {}}, "action_type", "unknown action_type"),
        ({"action_type": "terminal", "payload": {}}, "payload.command", "required"),
        ({"action_type": "terminal", "payload": {"command": ""}}, "payload.command", "must not be empty"),
        ({"action_type": "terminal", "payload": {"command": 42}}, "payload.command", "must be a str"),
        ({"action_type": "terminal", "payload": {"command": "ls", "cwd": "rel"}}, "payload.cwd", "absolute"),
        ({"action_type": "terminal", "payload": "ls"}, "payload", "JSON object"),
        ({"action_type": "git_merge", "payload": {"pr": 1}}, "payload.target_branch", "required"),
        (
            {"action_type": "spend", "payload": {"amount": "ten", "currency": "EUR", "purpose": "x"}},
            "payload.amount",
            "must be",
        ),
    ],
)
def test_bad_payloads_are_a_clear_400(agent_api, body, field, words):
    resp = agent_api.client.post("/api/actions/", body, format="json")
    assert resp.status_code == 400, resp.content
    assert words in resp.json()["detail"]
    assert field in resp.json().get("errors", {}) or field in resp.json()["detail"]
    assert _nothing_written()


def test_a_command_over_100_kb_is_refused(agent_api):
    resp = agent_api.propose("terminal", {"command": "echo " + "a" * (100 * 1024)})
    assert resp.status_code == 400 and "100 KB" in resp.json()["detail"]
    assert _nothing_written()


def test_a_revoked_key_is_401_and_writes_nothing(agent_api, team):
    team.world.client(team.maintainer).post(f"/api/agents/{team.agent.id}/revoke/")
    revoked = SessionEvent.objects.get(type="agent.revoked")  # the revocation itself is on the record
    resp = agent_api.propose("terminal", {"command": "ls"})
    assert resp.status_code == 401 and "revoked" in resp.json()["detail"]
    assert ProposedAction.objects.count() == 0
    assert list(SessionEvent.objects.values_list("id", flat=True)) == [revoked.id]


def test_an_agent_of_another_project_reaches_nothing_here(agent_api, team):
    mine = agent_api.propose("terminal", {"command": "make a"}).json()["id"]
    other = team.world.client(agent_key=team.other_agent_key)
    assert other.get(f"/api/actions/{mine}/").status_code == 404
    assert other.get(f"/api/actions/{mine}/wait/?timeout=0").status_code == 404
    task = team.world.client(team.owner).post(
        f"/api/projects/{team.project.id}/tasks/", {"title": "t"}, format="json"
    )
    resp = other.post(
        "/api/actions/",
        {"action_type": "terminal", "payload": {"command": "ls"}, "task": task.json()["id"]},
        format="json",
    )
    assert resp.status_code == 400 and "task" in resp.json()["errors"]
    assert ProposedAction.objects.filter(project=team.other_project).count() == 0


def test_people_cannot_propose_through_the_agent_endpoint(team):
    resp = team.world.client(team.maintainer).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    assert resp.status_code == 403 and _nothing_written()


def test_bad_wait_values(agent_api):
    action_id = agent_api.propose("terminal", {"command": "make a"}).json()["id"]
    for value in ("soon", "-1", "100000"):
        resp = agent_api.client.get(f"/api/actions/{action_id}/wait/?timeout={value}")
        assert resp.status_code == 400 and "timeout" in resp.json()["detail"]
    resp = agent_api.client.post(
        "/api/actions/?wait=forever", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    assert resp.status_code == 400


@pytest.mark.parametrize("spelling", ["!12", "0012", "#12", "https://github.com/acme/app/pull/12", " 12 "])
def test_r8_2_one_pr_spelled_another_way_is_still_the_same_pr(agent_api, spelling):
    assert _merge(agent_api, pr=12).status_code == 201
    again = _merge(agent_api, pr=spelling)
    assert again.status_code == 409 and again.json()["reason"] == "merge_ja_proposto"
    assert ProposedAction.objects.count() == 1


@pytest.mark.parametrize("pr", ["abc", "0", "12/files", True, -3])
def test_a_pr_reference_that_names_no_pr_is_a_clear_400(agent_api, pr):
    resp = _merge(agent_api, pr=pr)
    assert resp.status_code == 400 and "payload.pr" in str(resp.json()), resp.json()
    assert ProposedAction.objects.count() == 0


@pytest.mark.parametrize("target", ["main ", " main", "main\n", "ma in"])
def test_a_target_branch_with_whitespace_is_refused_not_merged_past_the_cap(agent_api, team, target):
    """The executor strips the branch; the cap compared it raw, so `main ` slipped past in auto mode."""
    team.world.client(team.maintainer).put(
        f"/api/agents/{team.agent.id}/autonomy/",
        [{"action_type": "*", "mode": "auto_approve"}],
        format="json",
    )
    resp = _merge(agent_api, pr=60, target=target)
    assert resp.status_code == 400 and "target_branch" in str(resp.json())
    assert ProposedAction.objects.count() == 0


def test_the_protected_merge_cap_reads_the_branch_as_git_does():
    from permissions.tests.helpers import AUTO_MODE, typed

    for target in ("main", " main", "main\t", "refs/heads/main"):
        v = typed("git_merge", autonomy=AUTO_MODE, target_branch=target)
        assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), target
    assert typed("git_merge", autonomy=AUTO_MODE, target_branch="feature/x").decision == "auto_approve"


def test_a_local_project_whose_folder_vanished_is_a_named_409_not_a_crash(team, local_base):
    """R1.4: the typed root is re-validated on every decision; one that is gone refuses, naming the fix."""
    import shutil

    root = local_base / "checkout"
    root.mkdir()
    project = team.world.project(team.ws, "local-app", execution_mode="local", local_path=str(root))
    _, key = team.world.agent(project, team.maintainer, "dev-local")
    shutil.rmtree(root)
    resp = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    assert resp.status_code == 409 and resp.json()["reason"] == "project_root_invalid", resp.content
    assert "local_path" in resp.json()["detail"]
    assert not ProposedAction.objects.filter(project=project).exists()
