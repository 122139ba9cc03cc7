"""Fixtures for the actions tests: a team whose agent proposes through the real API."""

from __future__ import annotations

import json

import pytest

from actions import executors
from actions.models import ProposedAction, SessionEvent


def accept_as_is(project, text):
    """Record ``text`` as the accepted policy (R3.5), as a maintainer's save would, without its event."""
    from projects.policy_store import record_accepted

    record_accepted(project, text, by=None, source="test")


class Proposer:
    def __init__(self, team):
        self.team = team
        self.client = team.world.client(agent_key=team.agent_key)

    def propose(self, action_type, payload, *, key=None, wait=None, task=None):
        client = self.team.world.client(agent_key=key) if key else self.client
        body = {"action_type": action_type, "payload": payload}
        if task is not None:
            body["task"] = str(task.id)
        url = "/api/actions/" + (f"?wait={wait}" if wait is not None else "")
        return client.post(url, body, format="json")

    def write_permissions(self, allow=(), deny=(), ask=()):
        path = self.team.project.permissions_path
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"allow": list(allow), "deny": list(deny), "ask": list(ask)}, indent=2)
        path.write_text(text)
        accept_as_is(self.team.project, text)  # as a maintainer's save would (R3.5)
        return path

    def events(self, action_id=None):
        qs = SessionEvent.objects.filter(project=self.team.project).order_by("id")
        if action_id:
            qs = qs.filter(action_id=action_id)
        return list(qs)

    def event_types(self, action_id=None):
        return [e.type for e in self.events(action_id)]

    def action(self, action_id) -> ProposedAction:
        return ProposedAction.objects.get(id=action_id)


@pytest.fixture
def agent_api(team):
    return Proposer(team)


@pytest.fixture
def eager_tasks(settings, request):
    """The embedded mode's worker (`make run` without a broker): tasks run in-process when enqueued, i.e.
    after the commit that enqueued them. Used where a test follows a notification through the worker path
    whether or not the run has a broker (CI has one, with no worker on the test's queue)."""
    from brabo.celery import app

    if "worker_dirs" in request.fixturenames:
        yield  # the test asked for the real worker
        return
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = settings.CELERY_TASK_ALWAYS_EAGER


@pytest.fixture
def ran(monkeypatch):
    """Every executor replaced by one that records the action it was handed (and acts on nothing)."""
    seen: list = []

    def record(action, ctx):
        seen.append(action.id)
        return {"ran": True}

    monkeypatch.setattr(executors, "executor_for", lambda action_type: record)
    return seen
