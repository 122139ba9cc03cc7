"""Waiting on a decision (R8.4): woken by the notification channel, tasks follow, vanished waiters block."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection

from actions.models import ProposedAction, SessionEvent
from actions.services import detect_vanished_waiters


def _in_thread(fn):
    box = {}

    def run():
        try:
            box["value"] = fn()
        finally:
            connection.close()

    t = threading.Thread(target=run)
    t.start()
    return t, box


@pytest.mark.django_db(transaction=True)
def test_wait_returns_the_denial_as_soon_as_a_person_decides(team):
    if connection.vendor != "postgresql":
        pytest.skip("concurrent request threads need a server database (set DATABASE_URL; CI does)")
    agent = team.world.client(agent_key=team.agent_key)
    task = team.world.client(team.owner).post(
        f"/api/projects/{team.project.id}/tasks/", {"title": "t"}, format="json"
    )
    created = agent.post(
        "/api/actions/",
        {"action_type": "terminal", "payload": {"command": "make release"}, "task": task.json()["id"]},
        format="json",
    ).json()
    assert created["status"] == "pending"
    from projects.models import Task

    assert Task.objects.get(id=task.json()["id"]).status == "awaiting_approval"

    started = threading.Event()

    def wait():
        started.set()
        return (
            team.world.client(agent_key=team.agent_key)
            .get(f"/api/actions/{created['id']}/wait/?timeout=60")
            .json()
        )

    t, box = _in_thread(wait)
    started.wait()
    resp = team.world.client(team.maintainer).post(
        f"/api/actions/{created['id']}/deny/", {"reason": "not today"}, format="json"
    )
    assert resp.status_code == 200
    t.join(timeout=60)
    assert not t.is_alive(), "the waiter was not woken by the decision"
    assert box["value"]["status"] == "denied"
    assert box["value"]["result"] == {"denied": True, "reason": "not today"}
    assert Task.objects.get(id=task.json()["id"]).status == "in_progress"
    types = list(
        SessionEvent.objects.filter(action_id=created["id"]).values_list("type", flat=True).order_by("id")
    )
    assert types == ["proposed_action.created", "proposed_action.denied", "task.action_settled"]


def test_wait_for_is_woken_by_a_publish_not_by_its_recheck_interval(settings):
    """The in-process channel: a publish from another thread wakes the waiter long before its recheck."""
    from actions import waiting

    settings.BRABO_REDIS_URL = ""
    state = {"done": False}
    box = {}

    def waiter():
        box["result"] = waiting.wait_for("abc", lambda: state["done"], timeout=600, recheck=600)

    t = threading.Thread(target=waiter)
    t.start()
    state["done"] = True
    waiting.publish_now("abc")
    t.join(timeout=30)  # a liveness bound: without the wake-up it would sleep for the 600 s recheck
    assert not t.is_alive() and box["result"] is True


def test_wait_for_through_redis_pubsub(settings):
    """The cross-process channel used when Redis is configured (CI): publish wakes a subscribed waiter."""
    import os

    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis"):
        pytest.skip("needs Redis (CELERY_BROKER_URL=redis://...; CI sets it)")
    from actions import waiting

    settings.BRABO_REDIS_URL = url
    state = {"done": False}
    box: dict[str, object] = {}
    subscribed = threading.Event()
    real_redis = waiting._redis

    def spying_redis():
        client = real_redis()
        real_pubsub = client.pubsub

        def pubsub(**kw):
            ps = real_pubsub(**kw)
            real_subscribe = ps.subscribe

            def subscribe(*a, **k):
                out = real_subscribe(*a, **k)
                subscribed.set()
                return out

            ps.subscribe = subscribe
            return ps

        client.pubsub = pubsub  # type: ignore[method-assign]  # a spy on this one client only
        return client

    waiting._redis = spying_redis
    try:
        t = threading.Thread(
            target=lambda: box.update(
                result=waiting.wait_for("r1", lambda: state["done"], timeout=600, recheck=600)
            )
        )
        t.start()
        assert subscribed.wait(30)
        state["done"] = True
        waiting.publish_now("r1")
        t.join(timeout=30)
    finally:
        waiting._redis = real_redis
    assert not t.is_alive() and box["result"] is True


def test_wait_times_out_with_the_current_state(team):
    agent = team.world.client(agent_key=team.agent_key)
    created = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "make x"}}, format="json"
    )
    resp = agent.get(f"/api/actions/{created.json()['id']}/wait/?timeout=0")
    assert resp.status_code == 200 and resp.json()["status"] == "pending" and resp.json()["settled"] is False


def test_a_vanished_waiter_blocks_the_task_and_reattaching_undoes_it(team):
    from django.utils import timezone

    from projects.models import Task

    agent = team.world.client(agent_key=team.agent_key)
    task = Task.objects.create(project=team.project, title="ship it")
    created = agent.post(
        "/api/actions/",
        {"action_type": "terminal", "payload": {"command": "make ship"}, "task": str(task.id)},
        format="json",
    ).json()
    assert detect_vanished_waiters(older_than_seconds=600) == 0  # the agent just proposed
    ProposedAction.objects.filter(id=created["id"]).update(waiter_seen_at=timezone.now() - timedelta(hours=1))
    assert detect_vanished_waiters(older_than_seconds=600) == 1
    task.refresh_from_db()
    assert (task.status, task.blocked_source) == ("blocked", "infra")
    assert created["id"] in task.blocked_reason
    ev = SessionEvent.objects.filter(type="backlog.task_status_changed").last()
    assert (
        ev is not None
        and ev.payload["status"] == "blocked"
        and ev.payload["source"] == "infra"
        and ev.actor_kind == "system"
    )
    assert detect_vanished_waiters(older_than_seconds=600) == 0  # once
    # The agent re-attaches by id (state is in the database): the task waits again.
    agent.get(f"/api/actions/{created['id']}/wait/?timeout=0")
    task.refresh_from_db()
    assert task.status == "awaiting_approval"


def test_approval_stats_count_human_clicks_and_policy_rules(team):
    import json as _json

    from actions.tests.conftest import accept_as_is

    text = _json.dumps({"allow": ["Terminal(git status)"], "deny": [], "ask": []})
    team.project.permissions_path.write_text(text)
    accept_as_is(team.project, text)  # a person's accepted policy (R3.5), not an outside edit
    agent = team.world.client(agent_key=team.agent_key)
    for _ in range(3):
        agent.post(
            "/api/actions/", {"action_type": "terminal", "payload": {"command": "git status"}}, format="json"
        )
    pending = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "make x"}}, format="json"
    )
    team.world.client(team.maintainer).post(f"/api/actions/{pending.json()['id']}/approve/")
    agent.post("/api/actions/", {"action_type": "terminal", "payload": {"command": "make y"}}, format="json")
    # An event from before reasons existed reads "not recorded", not "no rule" (R10.2).
    SessionEvent.objects.create(
        project=team.project,
        type="proposed_action.created",
        actor_kind="agent",
        actor_id=str(team.agent.id),
        actor_label="dev-api",
        payload={"status": "auto_approved"},
    )
    resp = team.world.client(team.developer).get(f"/api/projects/{team.project.id}/approval-stats/")
    assert resp.status_code == 200
    body = resp.json()
    assert body["human_approvals"] == 1
    assert body["policy_approvals"] == 4
    assert body["policy_approvals_by_reason"] == {"allow_rule": 3, "not recorded": 1}
    assert body["pending"] == 1
    future = team.world.client(team.developer).get(
        f"/api/projects/{team.project.id}/approval-stats/?since=2999-01-01T00:00:00Z"
    )
    assert future.json()["human_approvals"] == 0 and future.json()["policy_approvals"] == 0
    bad = team.world.client(team.developer).get(
        f"/api/projects/{team.project.id}/approval-stats/?since=yesterday"
    )
    assert bad.status_code == 400 and "ISO 8601" in bad.json()["detail"]
    assert (
        team.world.client(team.outsider).get(f"/api/projects/{team.project.id}/approval-stats/").status_code
        == 404
    )


def test_a_publish_landing_between_the_check_and_the_wait_is_not_lost(settings):
    """The in-process channel, with the race forced deterministically: the decision commits and publishes
    just after the waiter's check said "not yet" (this is what made the wake-up test flaky)."""
    from actions import waiting

    settings.BRABO_REDIS_URL = ""
    state = {"done": False, "checks": 0}

    def is_done():
        state["checks"] += 1
        answer = state["done"]
        if state["checks"] == 1:
            state["done"] = True
            waiting.publish_now("race")  # lands after this check read "not done"
        return answer

    box: dict[str, object] = {}
    t = threading.Thread(
        target=lambda: box.update(result=waiting.wait_for("race", is_done, timeout=600, recheck=600)),
        daemon=True,
    )
    t.start()
    t.join(timeout=30)  # a liveness bound: a lost wake-up sleeps for the 600 s recheck
    assert not t.is_alive() and box["result"] is True
