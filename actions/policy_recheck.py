"""An auto-approval runs under the policy that gave it, or is decided again.

The policy auto-approves at proposal, and the action then waits -- for a worker, a redelivery, a retry. A
person who tightens the policy meanwhile (the agent's autonomy, permissions.json, the agent's role, the
operator's hooks, a two-person rule) expects the auto-approvals made under the old one not to run under it.
So the proposal stores, with an auto-approval, the fingerprint of the policy inputs its decision read
(``actions.policy_input.evaluate_fingerprinted``), and the worker, on the row its claim returned, takes the
fingerprint again: unchanged (the usual case: no decision, no event), it runs; changed, or a two-person rule
now governs it, the action is decided again with the policy in force. Still auto-approved: it runs. Otherwise
it does not run: it goes back to ``pending`` for a person (``require_approval``) or is settled ``denied``,
with ``proposed_action.redecided`` (reason ``policy_changed_before_run``) on its timeline, and the waiting
agent is woken to read it.

A person's approval is not decided again by the policy: a person decided (their role, and the agent's
suspension or revocation, are still checked by the worker, ``actions.execution``). A spend is not either:
its budget gate is not one of the engine's inputs (``actions.budgets``); nor a coding agent's hook call
(``runs_in: agent``), which the hook answered allow at once and the agent has run (the worker only records it). Rows auto-approved before the
fingerprint existed carry none, and run as decided.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from permissions.action_types import AUTO_APPROVE, DENY
from permissions.decide import Verdict
from projects.access import agent_role, project_role

from . import events, executors, quorum, task_states, waiting
from .events import Actor
from .models import AUTO_APPROVED, DENIED, EXECUTING, PENDING, ProposedAction
from .policy_input import ProjectRootInvalid, evaluate, fingerprint_now
from .settle import settle_without_running

log = logging.getLogger(__name__)

REASON = "policy_changed_before_run"
ACTOR = Actor.system("policy-recheck")


def _role(action: ProposedAction) -> str | None:
    """The proposer's role now, as the proposal read it: the agent's (its principal's), or the person's."""
    agent = action.agent
    if agent is not None:
        type(agent).project.field.set_cached_value(agent, action.project)  # the claim loaded it
        return agent_role(agent)
    user = action.proposed_by_user
    return project_role(user, action.project) if user is not None else None


def held_back(action: ProposedAction) -> bool:
    """Whether the claimed auto-approval ``action`` was held back because the policy in force no longer
    auto-approves it (moved to pending or denied here); False: run it."""
    claimed_from = getattr(action, "claimed_from", None) or (
        AUTO_APPROVED if not action.decided_by_id else ""
    )
    if claimed_from != AUTO_APPROVED or not action.policy_fingerprint or action.action_type == "spend":
        return False
    if executors.runs_in_agent(action):
        return False  # a coding agent's hook call: the agent ran the tool on the allow it was answered
    project = action.project
    rules = quorum.rules_of(project)
    action._approval_rules = rules  # type: ignore[attr-defined]  # the worker's quorum check reads these
    rule = quorum.rule_for(project, action.action_type, action.payload, rules)
    role = _role(action)
    try:
        now = fingerprint_now(
            project, action_type=action.action_type, payload=action.payload, role=role, agent=action.agent
        )
        if now == action.policy_fingerprint and rule is None:
            return False
        verdict = evaluate(
            project, action_type=action.action_type, payload=action.payload, role=role, agent=action.agent
        )
    except ProjectRootInvalid:
        return False  # nothing can be decided there; the executor names the root that is gone
    if verdict.decision == AUTO_APPROVE and rule is not None:
        verdict = quorum.asks_people(verdict, rule)  # as the proposal does (actions.services)
    if verdict.decision == AUTO_APPROVE:
        log.info(
            "action %s: the policy changed since its auto-approval and still auto-approves it", action.id
        )
        return False
    return _hold(action, verdict)


@transaction.atomic
def _hold(action: ProposedAction, verdict: Verdict) -> bool:
    locked = ProposedAction.objects.select_for_update(of=("self",)).filter(id=action.id, status=EXECUTING)
    if locked.values_list("id", flat=True).first() is None:
        return True  # settled meanwhile (the reaper): in any case not this worker's to run
    now = timezone.now()
    text = (
        "The policy changed after this action was auto-approved and before it ran, and no longer "
        f"auto-approves it: {verdict.message}"
    )
    denied = verdict.decision == DENY
    log.warning(
        "action %s: the policy changed before it ran; %s now", action.id, DENIED if denied else PENDING
    )
    payload = {
        "reason": REASON,
        "status": DENIED if denied else PENDING,
        "decision": verdict.decision,
        "decisionReason": verdict.reason,
        "message": text,
    }
    action.reason, action.message, action.executing_since = verdict.reason, text, None
    action.policy_fingerprint, action.dispatch_due = "", False
    if denied:
        action.denial_reason = text
        settle_without_running(
            action,
            status=DENIED,
            result={"denied": True, "reason": text, "code": REASON},
            now=now,
            by=ACTOR,
            event_type=events.ACTION_REDECIDED,
            event_payload=payload,
            task_trigger=task_states.ACTION_DENIED,
            task_move_names_action=False,
            also_saved=(
                "reason",
                "message",
                "executing_since",
                "policy_fingerprint",
                "dispatch_due",
                "denial_reason",
            ),
        )
        return True
    # waits for a person now: its time to be decided counts from here, not from its proposal
    waited = max(0, int((now - action.created_at).total_seconds()))
    action.status, action.decision_seal = PENDING, ""
    action.expiry_seconds = waited + action.expiry_seconds
    action.save(
        update_fields=[
            "status",
            "reason",
            "message",
            "executing_since",
            "policy_fingerprint",
            "dispatch_due",
            "decision_seal",
            "expiry_seconds",
            "updated_at",
        ]
    )
    events.record(
        events.ACTION_REDECIDED, project_id=action.project_id, actor=ACTOR, action=action, payload=payload
    )
    if action.task_id:
        task_states.move_task(action.task, task_states.ACTION_PENDING, actor=ACTOR)
    waiting.publish(action.id)
    return True
