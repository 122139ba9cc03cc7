"""Idempotency-Key on the API's POSTs: a retry returns the first answer and creates nothing."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.utils import timezone

from actions.models import ProposedAction
from projects.models import IdempotencyRecord

PROPOSAL = {"action_type": "terminal", "payload": {"command": "make deploy"}}


def _post(client, body, key, path="/api/actions/"):
    return client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_retry_with_the_same_key_and_body_returns_the_first_answer_and_creates_nothing(team):
    agent = team.world.client(agent_key=team.agent_key)
    first = _post(agent, PROPOSAL, "k-1")
    again = _post(agent, PROPOSAL, "k-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true" and not first.has_header("Idempotent-Replayed")
    assert ProposedAction.objects.filter(agent=team.agent).count() == 1
    # a new key is a new proposal
    assert _post(agent, PROPOSAL, "k-2").json()["id"] != first.json()["id"]
    assert ProposedAction.objects.filter(agent=team.agent).count() == 2


def test_the_same_key_with_another_body_is_a_422_naming_the_key(team):
    agent = team.world.client(agent_key=team.agent_key)
    assert _post(agent, PROPOSAL, "k-1").status_code == 201
    other = _post(agent, {**PROPOSAL, "payload": {"command": "make other"}}, "k-1")
    assert other.status_code == 422
    assert other.json()["reason"] == "idempotency_key_reused"
    assert "'k-1'" in other.json()["detail"] and other.json()["idempotency_key"] == "k-1"
    # same body, another endpoint: another request too
    assert _post(agent, PROPOSAL, "k-1", path="/api/actions/?wait=0").status_code == 422
    assert ProposedAction.objects.filter(agent=team.agent).count() == 1


def test_keys_are_scoped_per_caller(team):
    mine = _post(team.world.client(agent_key=team.agent_key), PROPOSAL, "shared")
    theirs = _post(team.world.client(agent_key=team.other_agent_key), PROPOSAL, "shared")
    assert mine.status_code == theirs.status_code == 201
    assert mine.json()["id"] != theirs.json()["id"]  # never another caller's answer


def test_a_key_expires_after_24_hours(team):
    agent = team.world.client(agent_key=team.agent_key)
    first = _post(agent, PROPOSAL, "old")
    IdempotencyRecord.objects.update(created_at=timezone.now() - timedelta(hours=25))
    later = _post(agent, PROPOSAL, "old")
    assert later.status_code == 201 and later.json()["id"] != first.json()["id"]
    assert not later.has_header("Idempotent-Replayed")


def test_an_abandoned_in_flight_key_is_taken_again_and_a_finished_one_still_replays(team):
    """An answer never stored (the process died mid-request) lets go of its key after 15 minutes; an
    answer stored keeps replaying for the whole 24 hours."""
    agent = team.world.client(agent_key=team.agent_key)
    first = _post(agent, PROPOSAL, "done")
    IdempotencyRecord.objects.update(created_at=timezone.now() - timedelta(hours=2))
    again = _post(agent, PROPOSAL, "done")
    assert again["Idempotent-Replayed"] == "true" and again.json()["id"] == first.json()["id"]
    done = IdempotencyRecord.objects.get()
    IdempotencyRecord.objects.create(  # the same request, still running (or its process died)
        scope=done.scope,
        key="stuck",
        fingerprint=done.fingerprint,
        created_at=timezone.now() - timedelta(minutes=5),
    )
    assert _post(agent, PROPOSAL, "stuck").json()["reason"] == "idempotency_request_in_flight"
    IdempotencyRecord.objects.filter(key="stuck").update(created_at=timezone.now() - timedelta(minutes=16))
    taken = _post(agent, PROPOSAL, "stuck")
    assert taken.status_code == 201 and not taken.has_header("Idempotent-Replayed")
    assert ProposedAction.objects.filter(agent=team.agent).count() == 2


def test_a_refused_request_is_not_stored_so_a_corrected_retry_runs(team):
    agent = team.world.client(agent_key=team.agent_key)
    bad = _post(agent, {"action_type": "terminal", "payload": {}}, "k")
    assert bad.status_code == 400
    assert _post(agent, {"action_type": "terminal", "payload": {}}, "k").status_code == 400
    assert _post(agent, PROPOSAL, "k").status_code == 201
    assert IdempotencyRecord.objects.get(key="k").status_code == 201


def test_decisions_replay_too(team):
    from actions import services

    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="terminal", payload={"command": "make x"}
    ).action
    person = team.world.client(team.maintainer)
    first = _post(person, None, "approve-1", path=f"/api/actions/{action.id}/approve/")
    again = _post(person, None, "approve-1", path=f"/api/actions/{action.id}/approve/")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and first.json()["outcome"] == "approved"


@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9", "a\tb"])
def test_a_malformed_key_is_a_400(team, key):
    response = _post(team.world.client(agent_key=team.agent_key), PROPOSAL, key)
    assert response.status_code == 400 and response.json()["reason"] == "idempotency_key_invalid"
    assert not ProposedAction.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_concurrent_duplicates_create_one_action(team):
    from django.db import connection
    from rest_framework.test import APIClient

    results: list[tuple[int, dict]] = []
    barrier = threading.Barrier(10)

    def send():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {team.agent_key}")
        barrier.wait()
        try:
            r = _post(client, PROPOSAL, "race")
            results.append((r.status_code, r.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert ProposedAction.objects.filter(agent=team.agent).count() == 1
    created = ProposedAction.objects.get(agent=team.agent)
    statuses = sorted(s for s, _ in results)
    assert len(statuses) == 10 and set(statuses) <= {201, 409}
    for status, body in results:
        if status == 201:
            assert body["id"] == str(created.id)  # the winner's answer, replayed
        else:
            assert body["reason"] == "idempotency_request_in_flight"
