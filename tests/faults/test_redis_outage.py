"""Fault: Redis (broker and wake-up channel) stops while agents wait and while people approve.

Waiting agents keep their request and get the outcome; approvals and auto-approved proposals answer their
normal 200/201 (the outbox keeps the dispatch due); once Redis is back every approved action runs exactly
once. Against `manage.py serve` (uvicorn + its Celery worker with beat) on a private Redis."""

from __future__ import annotations

import os
import threading
import time
import uuid

import httpx
import pytest
import redis as redis_lib

from tests.served import Server, base_env, database_url_for_tests, wait_until

from .accounting import account

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PENDING = {"action_type": "assess_implementability", "payload": {"note": "fault test"}}


def test_redis_stops_while_agents_wait_and_during_approval(
    team, tmp_path, settings, private_redis, person_token
):
    from actions.models import ProposedAction
    from projects.models import AutonomyRule

    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    AutonomyRule.objects.create(agent=team.agent, action_type="propose_execution_plan", mode="auto_approve")
    server = Server(
        tmp_path,
        env=base_env(
            DATABASE_URL=database_url_for_tests(),
            CELERY_BROKER_URL=private_redis.url,
            BRABO_CELERY_QUEUE=f"brabo-fault-{uuid.uuid4().hex[:8]}",
            PROJECT_WORKSPACES_ROOT=str(settings.PROJECT_WORKSPACES_ROOT),
            BRABO_PROJECTS_BASE=str(settings.BRABO_PROJECTS_BASE),
            BRABO_WEB_WORKERS="1",
            BRABO_WEB_THREADS="16",
        ),
    )
    agent = {"Authorization": f"Bearer {team.agent_key}"}
    try:
        with httpx.Client(base_url=server.url, timeout=150) as http:
            ids = []
            for _ in range(6):
                r = http.post("/api/actions/", json=PENDING, headers=agent)
                assert r.status_code == 201 and r.json()["status"] == "pending", r.text
                ids.append(r.json()["id"])

            answers: dict[str, httpx.Response] = {}

            def wait(action_id):
                with httpx.Client(base_url=server.url, timeout=150) as own:
                    answers[action_id] = own.get(f"/api/actions/{action_id}/wait/?timeout=120", headers=agent)

            waiters = [threading.Thread(target=wait, args=(i,)) for i in ids]
            for t in waiters:
                t.start()
            probe = redis_lib.Redis(port=private_redis.port)
            # the web process holds ONE pattern subscription for every waiter, and its /readyz
            # counts the waits it holds
            wait_until(
                lambda: (
                    probe.pubsub_numpat() >= 1
                    and http.get("/readyz").json().get("load", {}).get("waits") == len(ids)
                ),
                what="every agent waiting, and the process subscribed to wake-ups",
            )
            private_redis.stop()
            print(f"[fault:redis] stopped Redis on port {private_redis.port} with {len(ids)} agents waiting")

            approved, denied = ids[:3], ids[3:]
            for action_id in approved:
                r = http.post(f"/api/actions/{action_id}/approve/", headers=person_token)
                assert r.status_code == 200 and r.json()["status"] == "approved", r.text
            for action_id in denied:
                r = http.post(f"/api/actions/{action_id}/deny/", json={"reason": "no"}, headers=person_token)
                assert r.status_code == 200, r.text
            auto = http.post(
                "/api/actions/", json={"action_type": "propose_execution_plan", "payload": {}}, headers=agent
            )
            assert auto.status_code == 201 and auto.json()["status"] == "auto_approved", auto.text
            approved.append(auto.json()["id"])
            due = ProposedAction.objects.filter(id__in=approved, dispatch_due=True).count()
            print(f"[fault:redis] while down: 3 approvals 200, 3 denials 200, 1 auto-approved 201; {due} due")
            assert due == 4  # nothing was lost: the outbox holds every dispatch

            private_redis.start()
            back = time.monotonic()
            print("[fault:redis] Redis started again")
            wait_until(
                lambda: ProposedAction.objects.filter(id__in=approved, status="executed").count() == 4,
                seconds=120,
                every=0.5,
                what="the approved actions to run once Redis is back",
            )
            print(
                f"[fault:redis] all approved actions executed {time.monotonic() - back:.1f} s after Redis returned"
            )
            for t in waiters:
                t.join(timeout=150)
        statuses = {i: answers[i].json()["status"] for i in ids}
        assert all(answers[i].status_code == 200 for i in ids), {i: answers[i].text for i in ids}
        assert statuses == {**{i: "executed" for i in approved[:3]}, **{i: "denied" for i in denied}}
    finally:
        server.stop()
    executed = account(approved, label="redis")
    assert executed["statuses"] == {"executed": 4}
    assert all(a.attempts == 1 for a in ProposedAction.objects.filter(id__in=approved))
    account(denied, label="redis-denied", expect_status="denied")
