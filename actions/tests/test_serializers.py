"""``action_data`` is DRF's own rendering of ``ActionSerializer`` (one source), in every state."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework import serializers

from actions.models import ApprovalRule, ProposedAction
from actions.serializers import ActionSerializer, ProposeSerializer, action_data, read_proposal
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
    settled_at = ProposedAction.objects.get(pk=denied.pk).settled_at
    assert settled_at is not None and timezone.is_aware(settled_at)


def test_action_data_matches_the_serializer_under_an_approval_rule_a_message_and_a_wait_timer(team):
    """The hand-written rendering against DRF's, for the fields the plain states leave empty."""
    w, p = team.world, team.project
    agent, _ = w.agent(p, team.maintainer, "dev-rule")
    ApprovalRule.objects.create(project=p, action_type="terminal", approvals=2, min_role="maintainer")
    held = propose_action(
        project=p, agent=agent, action_type="terminal", payload={"command": "make x"}
    ).action
    approve_action(action_id=held.id, actor=team.owner, message="one of two")
    fresh = ProposedAction.objects.get(pk=held.pk)
    assert fresh.status == "pending"
    as_answered = action_data(held)  # the proposal's own instance, as its answer renders it
    assert as_answered["approvals"] is not None
    assert action_data(fresh) == _reference(fresh)
    fresh.execute_after = timezone.now()
    fresh.decision_message = "ok"
    fresh.decided_by = team.owner
    fresh.decided_at = timezone.now()
    rendered = action_data(fresh)
    assert rendered == _reference(fresh)
    assert rendered["execute_after"].endswith("Z") and rendered["decision_message"] == "ok"
    assert list(rendered) == list(ActionSerializer.Meta.fields)


@pytest.mark.parametrize(
    "body",
    [
        {"action_type": "terminal", "payload": {"command": "git status"}},
        {"action_type": "git_merge", "payload": {"pr": 3, "target_branch": "dev"}, "task": None},
        {"action_type": "terminal", "payload": {"command": "ls"}, "extra": "ignored"},
        {
            "action_type": "terminal",
            "payload": {"command": "ls"},
            "task": "1b4e28ba-2fa1-11d2-883f-0016d3cca427",
        },
    ],
)
def test_read_proposal_reads_a_body_as_the_serializer_does(body):
    reference = ProposeSerializer(data=body)
    assert reference.is_valid(), reference.errors
    assert {k: v for k, v in read_proposal(body).items() if v is not None} == {
        k: v for k, v in reference.validated_data.items() if v is not None
    }


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"action_type": "terminal"},
        {"action_type": "terminal", "payload": None},
        {"action_type": "terminal", "payload": {}, "task": "not-a-uuid"},
        ["action_type", "terminal"],
    ],
)
def test_read_proposal_refuses_a_body_with_the_serializers_errors(body):
    reference = ProposeSerializer(data=body)
    assert not reference.is_valid()
    with pytest.raises(serializers.ValidationError) as refused:
        read_proposal(body)
    assert refused.value.detail == reference.errors


@pytest.mark.parametrize(
    "body", [{"action_type": "teleport", "payload": {}}, {"action_type": 7, "payload": {}}]
)
def test_an_unknown_action_type_is_refused_once_by_the_proposal_not_by_the_body_reader(body):
    """The type is checked in one place (actions.payloads.read_payload), with its field named."""
    from actions.payloads import PayloadError, read_payload

    read = read_proposal(body)
    with pytest.raises(PayloadError) as refused:
        read_payload(read["action_type"], read["payload"])
    assert refused.value.field == "action_type" and "unknown action_type" in str(refused.value)
