"""``action_data`` renders exactly what ``ActionSerializer`` declares (DRF's generic rendering is the reference)."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import serializers

from actions.models import ProposedAction
from actions.serializers import ActionSerializer, action_data
from actions.services import approve_action, deny_action, propose_action
from projects.models import Task


def _reference(action: ProposedAction) -> dict:
    return dict(serializers.ModelSerializer.to_representation(ActionSerializer(), action))


def test_action_data_matches_the_declared_serializer_in_every_state(team):
    w, p = team.world, team.project
    agent, _ = w.agent(p, team.maintainer, "dev-ser")
    task = Task.objects.create(project=p, title="t")
    pending = propose_action(
        project=p, agent=agent, action_type="terminal", payload={"command": "make build"}, task=task
    ).action
    approved = propose_action(
        project=p, agent=agent, action_type="terminal", payload={"command": "make build"}
    ).action
    approve_action(action_id=approved.id, actor=team.owner)
    denied = propose_action(
        project=p, agent=agent, action_type="terminal", payload={"command": "make x"}
    ).action
    deny_action(action_id=denied.id, actor=team.owner, reason="no")
    by_person = propose_action(
        project=p, user=team.owner, action_type="terminal", payload={"command": "make build"}
    ).action
    at_birth = propose_action(project=p, agent=agent, action_type="terminal", payload={"command": "rm -rf /"})
    rows = [pending, approved, denied, by_person, at_birth.action]
    seen_states = set()
    for action in rows:
        fresh = ProposedAction.objects.get(pk=action.pk)
        seen_states.add(fresh.status)
        assert action_data(fresh) == _reference(fresh), fresh.status
        assert ActionSerializer(fresh).data == _reference(fresh)
    assert {"pending", "denied"} <= seen_states and len(seen_states) >= 3, seen_states
    # the rendering of a decided action names its decider and an ISO 8601 UTC time
    decided = action_data(ProposedAction.objects.get(pk=approved.pk))
    assert decided["decided_by"] == team.owner.get_username()
    assert decided["decided_at"].endswith("Z")
    assert decided["task"] is None and action_data(ProposedAction.objects.get(pk=pending.pk))["task"] == str(
        task.pk
    )
    assert action_data(ProposedAction.objects.get(pk=by_person.pk))["agent"] is None
    assert timezone.is_aware(ProposedAction.objects.get(pk=denied.pk).settled_at)
