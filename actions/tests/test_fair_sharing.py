"""Fair sharing: caps per agent and per workspace on pending actions and on the proposal
rate, answered with 429, Retry-After and a named reason; one tenant at its cap never refuses another."""

from __future__ import annotations

import os

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions import fairness
from actions.models import PENDING, ProposedAction
from actions.services import deny_action
from brabo.errors import CATALOGUE

SLOW = 0.001  # tokens per second: a refused bucket stays refused for the whole test


@pytest.fixture(autouse=True)
def _fresh_buckets(settings):
    settings.BRABO_REDIS_URL = ""  # this process's buckets unless a test says otherwise
    fairness._local.clear()
    fairness._redis_down_until = 0.0
    yield
    fairness._local.clear()
    fairness._redis_down_until = 0.0


def _command(i: int) -> dict:
    return {"command": f"make target-{i}"}  # pending: no rule allows it


def _refused(resp, reason: str) -> dict:
    assert resp.status_code == 429, resp.content
    body = resp.json()
    assert body["reason"] == reason and CATALOGUE[reason].status == 429
    assert int(resp["Retry-After"]) >= 1
    return body


# -- pending actions ---------------------------------------------------------------------------------------


def test_an_agent_at_its_pending_cap_is_refused_and_nothing_is_created(settings, team, agent_api):
    settings.BRABO_CAP_PENDING_PER_AGENT = 3
    for i in range(3):
        assert agent_api.propose("terminal", _command(i)).json()["status"] == PENDING
    body = _refused(agent_api.propose("terminal", _command(3)), "too_many_pending_actions")
    assert "3 actions waiting for a person" in body["detail"]
    assert ProposedAction.objects.filter(agent=team.agent).count() == 3
    assert agent_api.event_types().count("proposed_action.created") == 3


def test_a_decision_frees_a_place_under_the_pending_cap(settings, team, agent_api):
    settings.BRABO_CAP_PENDING_PER_AGENT = 2
    first = agent_api.propose("terminal", _command(0)).json()["id"]
    agent_api.propose("terminal", _command(1))
    _refused(agent_api.propose("terminal", _command(2)), "too_many_pending_actions")
    deny_action(action_id=first, actor=team.maintainer, reason="not now")
    assert agent_api.propose("terminal", _command(2)).status_code == 201


def test_the_pending_cap_refuses_only_what_would_wait(settings, team, agent_api):
    """A proposal settled at birth (denied by IAM here) waits for nobody: the cap does not refuse it."""
    settings.BRABO_CAP_PENDING_PER_AGENT = 1
    agent_api.propose("terminal", _command(0))
    resp = agent_api.propose("spend", {"amount": 1, "currency": "EUR", "purpose": "x"})
    assert resp.status_code == 201 and resp.json()["status"] == "denied"


def test_another_agent_is_not_refused_by_one_agents_pending_cap(settings, team, agent_api):
    settings.BRABO_CAP_PENDING_PER_AGENT = 2
    for i in range(2):
        agent_api.propose("terminal", _command(i))
    _refused(agent_api.propose("terminal", _command(2)), "too_many_pending_actions")
    _, key = team.world.agent(team.project, team.maintainer, "dev-two")
    assert agent_api.propose("terminal", _command(2), key=key).status_code == 201


def test_a_workspace_at_its_pending_cap_never_refuses_another_workspace(settings, team, agent_api):
    settings.BRABO_CAP_PENDING_PER_AGENT = 0  # off: the workspace's cap alone
    settings.BRABO_CAP_PENDING_PER_WORKSPACE = 3
    _, second = team.world.agent(team.project, team.maintainer, "dev-two")
    other_project = team.world.project(team.ws, "api")
    _, third = team.world.agent(other_project, team.maintainer, "dev-three")
    agent_api.propose("terminal", _command(0))
    agent_api.propose("terminal", _command(1), key=second)
    agent_api.propose("terminal", _command(2), key=third)  # another project, same workspace: counts
    body = _refused(agent_api.propose("terminal", _command(3), key=second), "too_many_pending_actions")
    assert "this workspace" in body["detail"]
    # the other workspace's agent proposes as if nothing happened
    assert agent_api.propose("terminal", _command(0), key=team.other_agent_key).status_code == 201


def test_the_pending_check_costs_the_same_whatever_the_history(settings, team, agent_api):
    """O(1) per proposal: the check reads at most `cap` rows of an index, never the agent's whole log."""
    settings.BRABO_CAP_PENDING_PER_AGENT = 5

    def queries_of_one_pending_proposal(i):
        with CaptureQueriesContext(connection) as ctx:
            assert agent_api.propose("terminal", _command(i)).status_code == 201
        return [q["sql"] for q in ctx.captured_queries]

    queries_of_one_pending_proposal(0)  # the first call of a key also stamps its use
    first = queries_of_one_pending_proposal(1)
    for i in range(2, 30):  # a history of settled actions
        action_id = agent_api.propose("terminal", _command(i)).json()["id"]
        deny_action(action_id=action_id, actor=team.maintainer, reason="no")
    later = queries_of_one_pending_proposal(99)
    assert len(later) == len(first)
    caps = [q for q in later if "AS mine" in q]
    assert len(caps) == 1, later  # one statement for the agent's cap and the workspace's
    assert caps[0].count("LIMIT") == 2  # each count stops after `cap` rows


# -- the proposal rate -------------------------------------------------------------------------------------


def test_an_agent_over_its_rate_is_refused_with_retry_after(settings, team, agent_api):
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 2
    assert agent_api.propose("terminal", _command(0)).status_code == 201
    assert agent_api.propose("terminal", _command(1)).status_code == 201
    body = _refused(agent_api.propose("terminal", _command(2)), "proposal_rate_exceeded")
    assert "agent dev-api" in body["detail"]
    assert ProposedAction.objects.filter(agent=team.agent).count() == 2
    # a bad request counts too (the bucket is taken before any work), and is refused the same way
    _refused(agent_api.propose("terminal", {}), "proposal_rate_exceeded")
    # another agent of the same workspace has its own bucket
    _, key = team.world.agent(team.project, team.maintainer, "dev-two")
    assert agent_api.propose("terminal", _command(3), key=key).status_code == 201


def test_a_workspace_over_its_rate_never_slows_another_workspace(settings, team, agent_api):
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE = 2
    _, second = team.world.agent(team.project, team.maintainer, "dev-two")
    agent_api.propose("terminal", _command(0))
    agent_api.propose("terminal", _command(1), key=second)
    body = _refused(agent_api.propose("terminal", _command(2), key=second), "proposal_rate_exceeded")
    assert "this workspace" in body["detail"]
    for i in range(2):  # its own burst, untouched by the first workspace's
        assert agent_api.propose("terminal", _command(i), key=team.other_agent_key).status_code == 201


def test_a_refused_proposal_takes_no_token_from_the_other_bucket(settings, team, agent_api):
    """All or nothing: an agent refused by its own bucket does not drain its workspace's."""
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 1
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE = 3
    agent_api.propose("terminal", _command(0))  # workspace: 2 left
    for i in range(5):
        _refused(agent_api.propose("terminal", _command(i)), "proposal_rate_exceeded")
    _, second = team.world.agent(team.project, team.maintainer, "dev-two")
    _, third = team.world.agent(team.project, team.maintainer, "dev-three")
    assert agent_api.propose("terminal", _command(1), key=second).status_code == 201
    assert agent_api.propose("terminal", _command(2), key=third).status_code == 201


def test_an_idempotent_replay_is_not_a_new_proposal_and_a_refused_one_runs_again(settings, team, agent_api):
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 1
    client = agent_api.client
    body = {"action_type": "terminal", "payload": _command(0)}
    first = client.post("/api/actions/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201
    replay = client.post("/api/actions/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert replay.status_code == 201 and replay["Idempotent-Replayed"] == "true"
    assert replay.json()["id"] == first.json()["id"]
    other = {"action_type": "terminal", "payload": _command(1)}
    _refused(
        client.post("/api/actions/", other, format="json", HTTP_IDEMPOTENCY_KEY="k-2"),
        "proposal_rate_exceeded",
    )
    fairness._local.clear()  # the bucket refills
    again = client.post("/api/actions/", other, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert again.status_code == 201 and "Idempotent-Replayed" not in again  # the refusal was not stored


def test_a_hook_call_over_the_rate_is_refused_not_queued(settings, team, agent_api):
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 1
    agent_api.propose("terminal", _command(0))
    hook = {"tool_name": "Bash", "tool_input": {"command": "make other"}, "hook_event_name": "PreToolUse"}
    resp = agent_api.client.post(
        "/api/hooks/claude-code/?pending=ask",
        {**hook, "cwd": team.project.root()},
        format="json",
        HTTP_X_BRABO_PROJECT_ROOT=team.project.root(),
    )
    assert resp.status_code == 200
    answer = resp.json()["hookSpecificOutput"]
    assert (
        answer["permissionDecision"] == "deny"
        and "faster than this server allows" in answer["permissionDecisionReason"]
    )
    assert ProposedAction.objects.filter(agent=team.agent).count() == 1


def test_a_redis_that_cannot_be_reached_leaves_the_caps_in_force(settings, team, agent_api):
    settings.BRABO_REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 1
    assert agent_api.propose("terminal", _command(0)).status_code == 201
    _refused(agent_api.propose("terminal", _command(1)), "proposal_rate_exceeded")


def _redis_url() -> str:
    url = os.environ.get("BRABO_REDIS_URL") or os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis"):
        pytest.skip("needs Redis (CELERY_BROKER_URL=redis://...)")
    return url


@pytest.mark.integration
def test_redis_buckets_are_shared_by_every_process(settings, team, agent_api):
    """The buckets live in Redis: a process with empty local state (another web process) sees them."""
    import redis

    url = _redis_url()
    settings.BRABO_REDIS_URL = url
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 2
    client = redis.Redis.from_url(url)
    key = f"{fairness.KEY_PREFIX}agent:{team.agent.pk}"
    client.delete(key)
    try:
        assert agent_api.propose("terminal", _command(0)).status_code == 201
        fairness._local.clear()
        assert agent_api.propose("terminal", _command(1)).status_code == 201
        fairness._local.clear()
        _refused(agent_api.propose("terminal", _command(2)), "proposal_rate_exceeded")
        tokens = client.hget(key, "tokens")
        assert tokens is not None and float(tokens) < 1
        assert 0 < client.ttl(key)  # an idle bucket expires: Redis holds no key per agent forever
        assert not fairness._local._state  # the process's own buckets were never used
    finally:
        client.delete(key, f"{fairness.KEY_PREFIX}workspace:{team.ws.pk}")


@pytest.mark.integration
def test_a_thread_takes_its_tokens_over_one_kept_connection_and_replaces_a_closed_one(
    settings, team, agent_api
):
    """The caps' script runs on a connection the serving thread keeps (no pooled borrow per proposal); one the
    server closed is replaced on the next proposal, still in Redis's buckets, not the process's own."""
    import threading

    import redis

    url = _redis_url()
    settings.BRABO_REDIS_URL = url
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = SLOW
    settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT = 3
    admin = redis.Redis.from_url(url)
    key = f"{fairness.KEY_PREFIX}agent:{team.agent.pk}"
    admin.delete(key)
    try:
        assert agent_api.propose("terminal", _command(0)).status_code == 201
        kept = fairness._thread_client(url)
        first = kept.client_id()
        assert agent_api.propose("terminal", _command(1)).status_code == 201
        assert kept.client_id() == first  # the same connection served both
        others: list = []
        worker = threading.Thread(target=lambda: others.append(fairness._thread_client(url)))
        worker.start()
        worker.join()
        assert others[0] is not kept  # another thread has its own
        others[0].close()
        admin.client_kill_filter(_id=first)
        assert agent_api.propose("terminal", _command(2)).status_code == 201
        assert fairness._thread_client(url) is kept and kept.client_id() != first  # replaced
        assert fairness._redis_down_until == 0.0 and not fairness._local._state  # Redis took every token
        _refused(agent_api.propose("terminal", _command(3)), "proposal_rate_exceeded")  # 3 taken of 3
    finally:
        admin.delete(key, f"{fairness.KEY_PREFIX}workspace:{team.ws.pk}")
        fairness._drop_thread_client(url)
