"""Deciding where people are, in the console: who an action waits for under named reviewers, answering an agent's question,
an approval's message, and a held approval's Cancel — each through the same services as the API."""

from __future__ import annotations

from datetime import timedelta

import pytest

from actions import enqueue, quorum, reviewers
from actions.models import ProposedAction
from actions.tests.console_forms import shown_fields


@pytest.fixture
def mia(team):
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


def test_a_named_rule_says_who_it_waits_for_and_offers_approve_only_to_them(team, login, mia, agent_api):
    reviewers.create_team(actor=team.owner, workspace=team.ws, name="security", members=["mia"])
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[
            {
                "action_type": "instruction_patch",
                "approvals": 1,
                "min_role": "maintainer",
                "teams": ["security"],
            }
        ],
    )
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    detail = f"/admin/console/actions/{action_id}/"
    owners = login(team.owner).get(detail).content.decode()
    assert "members of team <strong>security</strong> may approve" in owners
    assert "Waiting for 1 more approval from a member of team security (mia can approve)." in owners
    assert "You are not one of this rule's reviewers." in owners and 'data-action="approve"' not in owners
    assert 'data-action="deny"' in owners  # R2.2's role still denies

    mias = login(mia).get(detail).content.decode()
    assert 'data-action="approve"' in mias and "Message to the agent (optional)" in mias
    done = login(mia).post(
        f"{detail}approve/", shown_fields(action_id, next=detail, message="LGTM"), follow=True
    )
    assert "Approved" in done.content.decode()
    assert ProposedAction.objects.get(id=action_id).decision_message == "LGTM"


def test_a_question_is_answered_from_its_page(team, login, agent_api):
    qid = agent_api.propose("ask_human", {"question": "Which region?"}).json()["id"]
    detail = f"/admin/console/actions/{qid}/"
    page = login(team.developer).get(detail).content.decode()
    assert 'data-action="answer"' in page and 'data-action="approve"' not in page
    assert 'data-action="always"' not in page
    resp = login(team.developer).post(
        f"{detail}answer/", shown_fields(qid, next=detail, answer="eu-west"), follow=True
    )
    assert "Answered — the agent has your answer" in resp.content.decode()
    action = ProposedAction.objects.get(id=qid)
    assert action.status == "executed" and action.result == {"answer": "eu-west", "answered_by": "dev"}


def test_a_held_approval_shows_its_wait_and_is_cancelled_from_its_page(team, login, agent_api):
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[
            {
                "action_type": "parallelize",
                "approvals": 1,
                "min_role": "maintainer",
                "no_self_approval": False,
                "wait_minutes": 30,
            }
        ],
    )
    action_id = agent_api.propose("parallelize", {"count": 2}).json()["id"]
    detail = f"/admin/console/actions/{action_id}/"
    before = login(team.owner).get(detail).content.decode()
    assert "Once approved, it waits 30 minutes before it runs" in before
    approved = (
        login(team.owner)
        .post(f"{detail}approve/", shown_fields(action_id, next=detail), follow=True)
        .content.decode()
    )
    assert "Held by its approval rule&#x27;s wait timer until" in approved
    assert 'data-action="cancel"' in approved
    assert 'data-action="cancel"' not in login(team.developer).get(detail).content.decode()

    resp = login(team.maintainer).post(f"{detail}cancel/", {"next": detail, "reason": "freeze"}, follow=True)
    assert "Cancelled while it waited — it will not run" in resp.content.decode()
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "denied" and action.result is not None
    assert action.result["reason"] == "cancelled during its wait timer: freeze"
    assert action.execute_after is not None
    assert enqueue.release_held(now=action.execute_after + timedelta(minutes=1)) == 0
