"""Answers back to the agent: ``ask_human`` questions a person answers (the answer is its
result and the agent's wait returns it), and a message with an approval or a denial."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from actions import waiting
from actions.models import ProposedAction, SessionEvent
from projects.models import AutonomyRule

QUESTION = {"action_type": "ask_human", "payload": {"question": "Deploy to eu-west or us-east?"}}


def _agent(team):
    return team.world.client(agent_key=team.agent_key)


def _ask(team, **extra):
    resp = _agent(team).post("/api/actions/", {**QUESTION, **extra}, format="json")
    assert resp.status_code == 201, resp.content
    return resp.json()


@pytest.mark.django_db(transaction=True)
def test_a_question_asked_with_wait_returns_the_persons_answer_in_the_same_call(team):
    if connection.vendor != "postgresql":
        pytest.skip("concurrent request threads need a server database (set DATABASE_URL; CI does)")
    box: dict = {}

    def ask():
        try:
            box["response"] = _agent(team).post("/api/actions/?wait=60", QUESTION, format="json")
        finally:
            connection.close()

    thread = threading.Thread(target=ask)
    thread.start()
    # the agent is really waiting (its wait is held) before anyone answers: no sleep, the waits' own count
    question = None
    for _ in range(2000):
        question = ProposedAction.objects.filter(action_type="ask_human").first()
        if question is not None and waiting.waits_held(agent_id=team.agent.id) == 1:
            break
        threading.Event().wait(0.01)
    assert question is not None and question.status == "pending"
    assert waiting.waits_held(agent_id=team.agent.id) == 1, "the agent was not waiting"

    answered = team.world.client(team.developer).post(
        f"/api/actions/{question.id}/answer/", {"answer": "eu-west, please"}, format="json"
    )
    assert answered.status_code == 200 and answered.json()["outcome"] == "answered"
    thread.join(timeout=60)
    assert not thread.is_alive(), "the agent's wait was not woken by the answer"
    body = box["response"].json()
    assert box["response"].status_code == 201
    assert body["status"] == "executed" and body["settled"]
    assert body["result"] == {"answer": "eu-west, please", "answered_by": "dev"}
    assert body["decision_message"] == "eu-west, please" and body["decided_by"] == "dev"
    # and /wait/ returns it again, whenever the agent asks
    again = _agent(team).get(f"/api/actions/{question.id}/wait/?timeout=5").json()
    assert again["result"]["answer"] == "eu-west, please"
    types = list(
        SessionEvent.objects.filter(action_id=question.id).order_by("id").values_list("type", flat=True)
    )
    assert types == ["proposed_action.created", "proposed_action.answered"]


def test_a_question_is_always_a_persons_even_where_policy_would_allow_it(agent_api, team):
    """No allow rule, autonomy row or autopilot answers a question, and no worker ever runs it."""
    agent_api.write_permissions(allow=["AskHuman", "AskHuman(*)"])
    AutonomyRule.objects.create(agent=team.agent, action_type="ask_human", mode="auto_approve")
    body = _ask(team)
    assert body["status"] == "pending" and body["reason"] == "question"
    assert body["message"] == "an agent asks a question; a person answers it"


def test_a_question_is_answered_not_approved_and_only_once(team):
    qid = _ask(team)["id"]
    owner = team.world.client(team.owner)
    approve = owner.post(f"/api/actions/{qid}/approve/", {}, format="json")
    assert approve.status_code == 409 and approve.json()["reason"] == "answer_required"
    always = owner.post(f"/api/actions/{qid}/approve-always/", {}, format="json")
    assert always.status_code == 409 and always.json()["reason"] == "answer_required"
    empty = owner.post(f"/api/actions/{qid}/answer/", {"answer": "   "}, format="json")
    assert empty.status_code == 400
    by_agent = _agent(team).post(f"/api/actions/{qid}/answer/", {"answer": "me"}, format="json")
    assert by_agent.status_code == 403
    outsider = team.world.client(team.outsider).post(
        f"/api/actions/{qid}/answer/", {"answer": "x"}, format="json"
    )
    assert outsider.status_code == 404
    assert ProposedAction.objects.get(id=qid).status == "pending"

    assert owner.post(f"/api/actions/{qid}/answer/", {"answer": "yes"}, format="json").status_code == 200
    twice = owner.post(f"/api/actions/{qid}/answer/", {"answer": "no"}, format="json")
    assert twice.status_code == 409 and twice.json()["reason"] == "already_answered"
    result = ProposedAction.objects.get(id=qid).result
    assert result is not None and result["answer"] == "yes"


def test_a_question_may_be_denied_with_a_reason_the_agent_reads(team):
    qid = _ask(team)["id"]
    denied = team.world.client(team.developer).post(
        f"/api/actions/{qid}/deny/", {"reason": "ask the release manager"}, format="json"
    )
    assert denied.status_code == 200
    waited = _agent(team).get(f"/api/actions/{qid}/wait/?timeout=0").json()
    assert waited["status"] == "denied" and waited["result"]["reason"] == "ask the release manager"


def test_only_a_question_is_answered(agent_api, team):
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    resp = team.world.client(team.owner).post(
        f"/api/actions/{action_id}/answer/", {"answer": "ok"}, format="json"
    )
    assert resp.status_code == 409 and resp.json()["reason"] == "not_a_question"


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({}, "payload.question"),
        ({"question": ""}, "payload.question"),
        ({"question": "x" * 4001}, "payload.question"),
    ],
)
def test_a_question_without_words_is_refused(team, payload, field):
    resp = _agent(team).post("/api/actions/", {"action_type": "ask_human", "payload": payload}, format="json")
    assert resp.status_code == 400 and field in resp.json()["errors"], resp.json()


def test_an_approval_carries_its_message_back_to_the_agent(agent_api, team, eager_tasks):
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    too_long = team.world.client(team.owner).post(
        f"/api/actions/{action_id}/approve/", {"message": "x" * 2001}, format="json"
    )
    assert too_long.status_code == 400
    resp = team.world.client(team.owner).post(
        f"/api/actions/{action_id}/approve/",
        {"message": "Go ahead; keep the old prompt as a comment."},
        format="json",
    )
    assert resp.status_code == 200 and resp.json()["outcome"] == "approved"
    waited = _agent(team).get(f"/api/actions/{action_id}/wait/?timeout=0").json()
    assert waited["decision_message"] == "Go ahead; keep the old prompt as a comment."
    event = SessionEvent.objects.get(action_id=action_id, type="proposed_action.approved")
    assert event.payload["message"] == "Go ahead; keep the old prompt as a comment."


def test_slacks_message_for_a_question_asks_it_and_offers_no_approve(team):
    from actions import slack

    question = ProposedAction.objects.get(id=_ask(team)["id"])
    _, blocks = slack.blocks(question)
    text = "\n".join(b["text"]["text"] for b in blocks if b["type"] == "section")
    # the agent's question is a plain_text section of its own, after Brabo's sentence
    assert "The agent asks (answer it in the console; the answer goes back to the agent):" in text
    assert "\nDeploy to eu-west or us-east?\n" in text
    buttons = [b["text"]["text"] for b in blocks[-1]["elements"]]
    assert buttons == ["Deny"]
