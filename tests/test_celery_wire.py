"""brabo.celery_wire writes the message Celery itself would write: compared field by field with one
Celery published to the same Redis list, so a Celery or kombu upgrade that changes the message fails here."""

from __future__ import annotations

import base64
import json
import os
import uuid

import pytest

from actions import enqueue
from brabo import celery_wire

BROKER = os.environ.get("CELERY_BROKER_URL", "")
pytestmark = pytest.mark.skipif(
    not BROKER.startswith("redis://"), reason="set CELERY_BROKER_URL=redis://... (a real Redis broker)"
)


@pytest.fixture
def own_queue():
    """A queue of this test's own (no worker reads it), emptied afterwards."""
    from brabo.celery import app

    previous = app.conf.task_default_queue
    app.conf.task_default_queue = f"brabo-test-wire-{uuid.uuid4().hex[:8]}"
    try:
        yield app.conf.task_default_queue
    finally:
        celery_wire.client().delete(app.conf.task_default_queue)
        app.conf.task_default_queue = previous


def _decoded(raw: bytes | str) -> dict:
    message = json.loads(raw)
    message["body"] = json.loads(base64.b64decode(message["body"]))
    return message


def _is_uuid(text: str) -> bool:
    return str(uuid.UUID(text)) == text


@pytest.mark.parametrize(
    "task_path,args",
    [("actions.tasks.execute_action", (str(uuid.uuid4()),)), ("actions.notifications.notify_event", (4242,))],
)
def test_the_direct_message_is_the_one_celery_writes(own_queue, task_path, args):
    from django.utils.module_loading import import_string

    task = import_string(task_path)
    assert celery_wire.usable_for(task)
    task.delay(*args)  # Celery's own publish, to the same list
    celery_wire.client().lpush(celery_wire.queue_key(), celery_wire.message(task, args))
    ours, celerys = (
        _decoded(m) for m in celery_wire.client().lrange(own_queue, 0, -1)
    )  # LPUSH: newest first

    random_ids = {"id", "root_id"}
    assert ours.keys() == celerys.keys()
    assert ours["body"] == celerys["body"] == [list(args), {}, celery_wire._EMBED]
    assert ours["headers"].keys() == celerys["headers"].keys()
    assert {k: v for k, v in ours["headers"].items() if k not in random_ids} == {
        k: v for k, v in celerys["headers"].items() if k not in random_ids
    }
    assert ours["headers"]["id"] == ours["headers"]["root_id"] == ours["properties"]["correlation_id"]
    assert _is_uuid(ours["headers"]["id"]) and ours["headers"]["id"] != celerys["headers"]["id"]
    random_properties = {"correlation_id", "delivery_tag", "reply_to"}
    assert ours["properties"].keys() == celerys["properties"].keys()
    assert {k: v for k, v in ours["properties"].items() if k not in random_properties} == {
        k: v for k, v in celerys["properties"].items() if k not in random_properties
    }
    assert ours["properties"]["delivery_info"] == {"exchange": "", "routing_key": own_queue}
    assert _is_uuid(ours["properties"]["delivery_tag"]) and _is_uuid(ours["properties"]["reply_to"])
    for key in ("content-type", "content-encoding"):
        assert ours[key] == celerys[key]


def test_a_proposal_sends_its_announcements_and_execution_in_one_go(
    own_queue, team, settings, django_capture_on_commit_callbacks
):
    """An auto-approved proposal: the live-update publish reaches a subscriber, the execution's message is on
    the queue, and the action's outbox flag is cleared -- the one pipeline of actions.announce."""
    from pathlib import Path

    from actions.models import ProposedAction
    from actions.waiting import CHANNEL_PREFIX, project_events_key

    settings.BRABO_REDIS_URL = settings.CELERY_BROKER_URL
    from projects.policy_store import record_accepted

    policy = '{"allow": ["Terminal(git status)"], "deny": [], "ask": []}'
    Path(team.project.permissions_path).write_text(policy)
    record_accepted(team.project, policy, by=None, source="test")  # R3.5: the policy in force
    subscriber = celery_wire.client().pubsub(ignore_subscribe_messages=True)
    subscriber.subscribe(CHANNEL_PREFIX + project_events_key(team.project.id))
    try:
        agent = team.world.client(agent_key=team.agent_key)
        with django_capture_on_commit_callbacks(execute=True):
            created = agent.post(
                "/api/actions/", {"action_type": "terminal", "payload": {"command": "git status"}}
            )
        assert created.status_code == 201 and created.json()["status"] == "auto_approved", created.json()
        heard = None
        for _ in range(50):  # the first message may be the subscription's confirmation
            heard = subscriber.get_message(timeout=0.2)
            if heard is not None:
                break
    finally:
        subscriber.close()
    assert heard is not None and heard["channel"].decode().endswith(str(team.project.id))
    (raw,) = celery_wire.client().lrange(own_queue, 0, -1)
    message = _decoded(raw)
    assert message["headers"]["task"] == "actions.tasks.execute_action"
    assert message["body"][0] == [created.json()["id"]]
    # the outbox's "sent" is the in-flight marker written with the message; the flag is the worker's claim's
    assert ProposedAction.objects.get(id=created.json()["id"]).dispatch_due is True
    marker = enqueue.IN_FLIGHT_PREFIX + created.json()["id"]
    assert 0 < celery_wire.client().ttl(marker) <= settings.BRABO_DISPATCH_LOST_AFTER
    assert enqueue.relay_due() == 0  # queued already: the sweep does not send it again
    assert celery_wire.client().llen(own_queue) == 1


def _auto_approved(team, settings, capture, n: int = 1) -> list[str]:
    """``n`` auto-approved proposals through the API, their announcements sent after each commit."""
    from pathlib import Path

    from projects.policy_store import record_accepted

    settings.BRABO_REDIS_URL = settings.CELERY_BROKER_URL
    policy = '{"allow": ["Terminal(git status)"], "deny": [], "ask": []}'
    Path(team.project.permissions_path).write_text(policy)
    record_accepted(team.project, policy, by=None, source="test")
    agent = team.world.client(agent_key=team.agent_key)
    ids = []
    for _ in range(n):
        with capture(execute=True):
            created = agent.post(
                "/api/actions/", {"action_type": "terminal", "payload": {"command": "git status"}}
            )
        assert created.json()["status"] == "auto_approved", created.json()
        ids.append(created.json()["id"])
    return ids


def test_a_queued_message_whose_marker_redis_lost_is_sent_again_by_the_sweep(
    own_queue, team, settings, django_capture_on_commit_callbacks
):
    from actions.models import ProposedAction

    (action_id,) = _auto_approved(team, settings, django_capture_on_commit_callbacks)
    celery_wire.client().delete(enqueue.IN_FLIGHT_PREFIX + action_id)  # e.g. a Redis restarted empty
    assert enqueue.relay_due() == 1
    assert celery_wire.client().llen(own_queue) == 2  # at least once: the claim makes it run once
    assert ProposedAction.objects.get(id=action_id).dispatch_due is False


def test_the_sweep_pages_past_queued_messages_to_one_never_sent(
    own_queue, team, settings, django_capture_on_commit_callbacks
):
    """Behind a long queue the oldest due rows are all in flight; a later one whose send failed is still
    found (keyset pages), not starved until the queued ones are claimed."""
    ids = _auto_approved(team, settings, django_capture_on_commit_callbacks, n=5)
    celery_wire.client().delete(enqueue.IN_FLIGHT_PREFIX + ids[-1])  # the newest was never sent
    celery_wire.client().delete(own_queue)
    assert enqueue.relay_due(limit=2) == 1
    (raw,) = celery_wire.client().lrange(own_queue, 0, -1)
    assert _decoded(raw)["body"][0] == [ids[-1]]


def test_a_message_the_queue_refused_leaves_no_marker_and_stays_due(
    own_queue, team, settings, django_capture_on_commit_callbacks
):
    from actions.models import ProposedAction

    celery_wire.client().set(own_queue, "not a list")  # LPUSH answers WRONGTYPE, the pipeline goes on
    (action_id,) = _auto_approved(team, settings, django_capture_on_commit_callbacks)
    assert celery_wire.client().exists(enqueue.IN_FLIGHT_PREFIX + action_id) == 0
    assert ProposedAction.objects.get(id=action_id).dispatch_due is True
    celery_wire.client().delete(own_queue)
    assert enqueue.relay_due() == 1  # the sweep sends it
    assert celery_wire.client().llen(own_queue) == 1


def test_a_message_reads_the_systems_randomness_once_for_its_two_ids(monkeypatch):
    """The task id and the delivery tag are two random version-4 UUIDs, as Celery's, from one ``getrandom``."""
    from actions.tasks import execute_action

    reads: list[int] = []
    urandom = os.urandom

    def counted(n: int) -> bytes:
        reads.append(n)
        return urandom(n)

    monkeypatch.setattr(os, "urandom", counted)
    seen = set()
    for _ in range(3):
        message = json.loads(celery_wire.message(execute_action, ("x",), "q"))
        task_id, tag = message["headers"]["id"], message["properties"]["delivery_tag"]
        assert message["properties"]["correlation_id"] == message["headers"]["root_id"] == task_id
        for text in (task_id, tag):
            assert _is_uuid(text) and uuid.UUID(text).version == 4 and text not in seen
            seen.add(text)
    assert reads == [32, 32, 32]
