"""``GET /api/actions/{id}/`` (R12.4): the answer is the serializer's over a full read of the action, in every
state, while the usual action (no approval rows, no rule for its type) costs authentication and one
statement; the scope is unchanged (an agent reads only its own actions)."""

from __future__ import annotations

import json

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

from actions.models import ApprovalRule, ProposedAction
from actions.reviewers import create_team
from actions.serializers import ActionSerializer
from actions.services import approve_action, deny_action, propose_action
from actions.views import ActionViewSet
from projects.models import Task


def _reference(action_id) -> dict:
    """The answer as the list's full read (every relation loaded) and the serializer render it."""
    action = ActionViewSet.queryset.get(pk=action_id)
    return json.loads(JSONRenderer().render(ActionSerializer(action).data))


def _terminal(team, agent, command: str, **kw) -> ProposedAction:
    return propose_action(
        project=team.project, agent=agent, action_type="terminal", payload={"command": command}, **kw
    ).action


def _actions_in_every_state(team) -> list[ProposedAction]:
    w, p = team.world, team.project
    task = Task.objects.create(project=p, title="t")
    rows = [_terminal(team, team.agent, "make build", task=task)]  # pending, of a task
    approved = _terminal(team, team.agent, "make build")
    approve_action(action_id=approved.id, actor=team.owner, message="fine")  # an approval row, no rule
    denied = _terminal(team, team.agent, "make x")
    deny_action(action_id=denied.id, actor=team.owner, reason="no")
    auto = _terminal(team, team.agent, "git status")  # auto-approved (and run without a broker)
    rows += [approved, denied, auto, _terminal(team, team.agent, "rm -rf /")]
    rows.append(
        propose_action(
            project=p, user=team.owner, action_type="terminal", payload={"command": "make y"}
        ).action
    )
    # an approval given under a rule since removed: its row is history, no rule applies
    merge = {"pr": 6, "target_branch": "main"}
    gone = ApprovalRule.objects.create(project=p, action_type="git_merge", approvals=2, min_role="developer")
    orphan = propose_action(project=p, agent=team.agent, action_type="git_merge", payload=merge).action
    approve_action(action_id=orphan.id, actor=team.owner)
    gone.delete()
    rows.append(orphan)
    # a rule of another type applies to none of the terminal ones; a git_merge under a two-person rule with
    # named reviewers and a team waits for them, one approval given
    rule = ApprovalRule.objects.create(
        project=p, action_type="git_merge", approvals=2, min_role="developer", no_self_approval=True
    )
    rule.reviewers.add(team.owner, team.developer)
    rule.teams.add(create_team(actor=team.owner, workspace=team.ws, name="sec", members=["max"]))
    held = propose_action(
        project=p, agent=team.agent, action_type="git_merge", payload={"pr": 7, "target_branch": "main"}
    ).action
    approve_action(action_id=held.id, actor=team.developer, message="one of two")
    rows.append(held)
    w.agent(p, team.maintainer, "dev-second")
    return rows


def test_an_action_reads_as_the_serializer_renders_it_in_every_state(team):
    rows = _actions_in_every_state(team)
    statuses = set(
        ProposedAction.objects.filter(pk__in=[a.pk for a in rows]).values_list("status", flat=True)
    )
    assert {"pending", "denied", "approved"} <= statuses or len(statuses) >= 4, statuses
    agent = team.world.client(agent_key=team.agent_key)
    person = team.world.client(team.owner)
    for action in rows:
        expected = _reference(action.pk)
        by_person = person.get(f"/api/actions/{action.pk}/")
        assert by_person.status_code == 200 and by_person.json() == expected, action.status
        if action.agent_id == team.agent.id:
            by_agent = agent.get(f"/api/actions/{action.pk}/")
            assert by_agent.status_code == 200 and by_agent.json() == expected, action.status
    held = rows[-1]
    approvals = _reference(held.pk)["approvals"]
    assert approvals["count"] == 1 and approvals["waiting_for"]["people"] == ["olivia"], approvals
    assert _reference(rows[-2].pk)["approvals"]["approvers"] == ["olivia"]  # a row without a rule


def test_the_usual_action_costs_authentication_and_one_statement(team):
    action = _terminal(team, team.agent, "make build")
    agent = team.world.client(agent_key=team.agent_key)
    agent.get(f"/api/actions/{action.pk}/")  # warm: the first request of a connection reads settings once
    with CaptureQueriesContext(connection) as read:
        answer = agent.get(f"/api/actions/{action.pk}/")
    assert answer.status_code == 200 and answer.json() == _reference(action.pk)
    assert len(read.captured_queries) == 2, [q["sql"][:120] for q in read.captured_queries]


def test_an_agent_reads_only_its_own_actions(team):
    mine = _terminal(team, team.agent, "make build")
    second, second_key = team.world.agent(team.project, team.maintainer, "dev-other")
    theirs = _terminal(team, second, "make build")
    by_person = propose_action(
        project=team.project, user=team.owner, action_type="terminal", payload={"command": "make y"}
    ).action
    abroad = propose_action(
        project=team.other_project, agent=team.other_agent, action_type="terminal", payload={"command": "ls"}
    ).action
    agent = team.world.client(agent_key=team.agent_key)
    assert agent.get(f"/api/actions/{mine.pk}/").status_code == 200
    for hidden in (theirs, by_person, abroad):
        answer = agent.get(f"/api/actions/{hidden.pk}/")
        assert answer.status_code == 404 and answer.json()["reason"] == "not_found", answer.json()
    outsider = team.world.client(agent_key=team.other_agent_key)
    assert outsider.get(f"/api/actions/{mine.pk}/").status_code == 404
    assert team.world.client(team.outsider).get(f"/api/actions/{mine.pk}/").status_code == 404
    assert team.world.client(agent_key=second_key).get(f"/api/actions/{theirs.pk}/").status_code == 200
