"""The transitions of a proposed action, one atomic, audited function each (STYLE.md practice 1).

``propose_action``, ``approve_action``, ``deny_action``, ``approve_always``: keyword-only ``actor``, the
event written in the same transaction, the execution enqueued only after commit. The API, the admin
console and management commands all call these — none of them holds a rule of its own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from brabo import sql
from brabo.errors import DomainError
from permissions.action_types import (
    ACTION_TYPES,
    ALWAYS_ALLOW_REFUSED,
    AUTO_APPROVE,
    DENY,
    PERSON_ONLY_TYPES,
    QUESTION_TYPES,
    REQUIRE_APPROVAL,
    role_at_least,
)
from permissions.always import derive_always, typed_pattern, writes_autonomy_row
from permissions.decide import Verdict
from permissions.files import PermissionsFileError
from permissions.mcp import always_allow_rule as mcp_always_rule
from permissions.messages import sentence
from projects.access import agent_role, project_role
from projects.models import Agent, Project, Task
from projects.policy_store import write_refusal
from projects.services import (
    merge_accepted,
    remove_accepted,
    require_project_role,
    revert_autonomy,
    upsert_autonomy,
)

from . import budgets, events, expiry, fairness, quorum, shown, task_states, waiting
from .announce import announce_proposal
from .binding import binding_of, seal_of
from .enqueue import enqueue_execution
from .events import Actor
from .mcp_merges import with_looked_up_base
from .models import (
    APPROVED,
    AUTO_APPROVED,
    DENIED,
    EXECUTED,
    EXPIRED,
    LIVE_MERGE,
    PENDING,
    ActionApproval,
    MergedPullRequest,
    ProposedAction,
    SessionEvent,
    payload_hash,
)
from .payloads import PayloadError, read_payload
from .policy_input import (
    ProjectRootInvalid,
    ProposalInputs,
    evaluate,
    evaluate_fingerprinted,
    proposal_inputs,
)
from .proposal_paths import check_paths
from .settle import settle_without_running
from .targets import target_of
from .task_states import move_task

if TYPE_CHECKING:
    from django.contrib.auth.models import User

log = logging.getLogger(__name__)

_STATUS_OF = {AUTO_APPROVE: AUTO_APPROVED, DENY: DENIED}  # anything else is pending

# Outcomes of a click (R7.5).
OUTCOME_APPROVED = "approved"
OUTCOME_ALREADY = "ja_aprovada"
OUTCOME_DENIED = "denied"
# Under a two-person rule: an approval that does not yet meet the count, and a second click of
# the same person (an idempotent success: a person counts once).
OUTCOME_APPROVAL_RECORDED = "approval_recorded"
OUTCOME_APPROVAL_ALREADY_RECORDED = "approval_already_recorded"
# the click found the action past its time and settled it expired (answered as a 409).
OUTCOME_EXPIRED = "expired"
# an ask_human question answered (its result is the answer); a held approval cancelled in its wait.
OUTCOME_ANSWERED = "answered"
OUTCOME_CANCELLED = "cancelled"
MAX_MESSAGE_CHARS = 2000

# where a person decided. The console and the API are the default and leave the events as R10.1
# names them; a decision from Slack or an e-mail link runs the very same transition and its events say so.
CHANNEL_CONSOLE = "console"
CHANNEL_SLACK = "slack"
CHANNEL_EMAIL = "email"
CHANNELS = (CHANNEL_CONSOLE, CHANNEL_SLACK, CHANNEL_EMAIL)


def _via(payload: dict, channel: str) -> dict:
    if channel not in CHANNELS:
        raise ValueError(f"unknown decision channel {channel!r}")
    return payload if channel == CHANNEL_CONSOLE else {**payload, "channel": channel}


@dataclass
class Decision:
    action: ProposedAction
    outcome: str
    patterns: list[str] = field(default_factory=list)
    autonomy_row: dict | None = None
    hints: list[str] = field(default_factory=list)


# -- proposing -------------------------------------------------------------------------------------------


def _live_merge_exists(project: Project, pr: str) -> bool:
    return ProposedAction.objects.filter(
        project=project, action_type="git_merge", merge_pr=pr, status__in=LIVE_MERGE
    ).exists()


def _merge_hints(project: Project) -> list[str]:
    """R8.2 — a pending QA/SecOps gate is a hint in the response, never a refusal (RN-663)."""
    gates = ProposedAction.objects.filter(project=project, status=PENDING, agent__name__in=("qa", "secops"))
    return [
        f"{a.agent.name if a.agent else 'a gate'} gate pending: {a.action_type} {a.id}"
        for a in gates.select_related("agent")[:5]
    ]


@dataclass(frozen=True)
class _Proposal:
    """Everything ``propose_action`` decided, handed to the insert as one value."""

    project: Project
    agent: Agent | None
    user: User | None
    task: Task | None
    action_type: str
    payload: dict
    verdict: Verdict
    actor: Actor
    merge_pr: str
    hints: tuple[str, ...]
    inputs: ProposalInputs
    hook_fingerprint: str = ""
    # of the policy inputs the verdict read (policy_input.evaluate_fingerprinted)
    policy_fingerprint: str = ""


def propose_action(
    *,
    project: Project,
    action_type: str,
    payload,
    agent: Agent | None = None,
    user=None,
    task: Task | None = None,
    hook_fingerprint: str = "",
    inputs: ProposalInputs | None = None,
) -> Decision:
    """Create a proposed action, decide it at once (SPEC §5) and record ``proposed_action.created``.

    Exactly one of ``agent`` (an agent's API call) or ``user`` (a person, e.g. the containers page).
    ``hook_fingerprint`` (actions.hooks_api, R12.6): kept on the action when it waits for a person; if an
    identical hook call's action already waits, the database refuses this one and IntegrityError is raised
    for the caller to attach to that one — nothing is written. ``inputs``: the agent's proposal inputs as
    its authentication read them in this request (``policy_input.InputsRider``); read here otherwise.
    """
    if (agent is None) == (user is None):
        raise ValueError("propose_action needs exactly one of agent= or user=")
    if agent is not None and agent.suspended_at is not None:
        raise DomainError(
            f"agent {agent.name} is suspended: {agent.suspended_reason or 'its principal left'}. A maintainer "
            f"reassigns its principal (console Members page, or POST /api/agents/{agent.id}/reassign-principal/ "
            '{"principal": USERNAME}); until then it cannot propose.',
            status=403,
            reason="agent_suspended",
        )
    fairness.check_rate(project, agent=agent, user=user)  # cheap, and before any work
    try:
        payload, merge_pr = read_payload(action_type, payload)
    except PayloadError as exc:
        raise DomainError(str(exc), field=exc.field, reason=exc.reason) from None
    if agent is not None and action_type in PERSON_ONLY_TYPES:
        raise DomainError(
            f"{action_type} is proposed by people from the containers page, never by agents.",
            field="action_type",
            status=403,
            reason="people_only",
        )
    check_paths(project, action_type, payload)  # R3.5: refused now, not at execution
    if action_type == "mcp_call":  # a merge tool naming no base: the base read from the code host
        payload = with_looked_up_base(project, payload)
    if task is not None and task.project_id != project.id:
        raise DomainError(
            "task belongs to another project; pass a task of this project.", field="task", reason="invalid"
        )
    role = agent_role(agent) if agent is not None else project_role(user, project)
    if agent is None and role is None:  # STYLE 13: a person proposes only in a project they reach (R1.1)
        raise DomainError("No such project.", status=404, reason="not_found")
    actor = Actor.of_agent(agent) if agent is not None else Actor.of_user(user)

    hints: list[str] = []
    if action_type == "git_merge":  # merge_pr: 12, "#12", "!12", "0012" and a PR URL name one PR
        if MergedPullRequest.objects.filter(project=project, pr=merge_pr).exists():
            raise DomainError(
                f"PR {merge_pr} was already merged by an earlier action.", status=409, reason="pr_ja_mergeado"
            )
        if _live_merge_exists(project, merge_pr):
            raise DomainError(
                f"a merge of PR {merge_pr} is already proposed and not settled; wait for it or deny it first.",
                status=409,
                reason="merge_ja_proposto",
            )
        hints = _merge_hints(project)

    # the autonomy rows, whether any two-person rule exists and the container, in one statement
    # (authentication's, when the caller passed what it read with this agent in this project)
    if inputs is None or agent is None or agent.project_id != project.id:
        inputs = proposal_inputs(project, agent)
    fingerprint = ""
    try:
        if action_type in QUESTION_TYPES and role_at_least(role, ACTION_TYPES[action_type].min_role):
            # a question is always a person's to answer; no rule, autonomy row or autopilot
            # decides it (IAM still does: below the type's minimum, the engine's verdict denies it).
            verdict = Verdict(REQUIRE_APPROVAL, "question", sentence("question"))
        else:
            verdict, fingerprint = evaluate_fingerprinted(
                project,
                action_type=action_type,
                payload=payload,
                role=role,
                agent=agent,
                autonomy=inputs.autonomy,
                container_running=inputs.container_running,
            )
    except ProjectRootInvalid as exc:
        raise DomainError(
            f"{exc}; fix the folder or the project's local_path.", status=409, reason="project_root_invalid"
        )
    proposal = _Proposal(
        project=project,
        agent=agent,
        user=user,
        task=task,
        action_type=action_type,
        payload=payload,
        verdict=verdict,
        actor=actor,
        merge_pr=merge_pr,
        hints=tuple(hints),
        inputs=inputs,
        hook_fingerprint=hook_fingerprint,
        policy_fingerprint=fingerprint,
    )
    if action_type == "spend":
        # the budget check, the action and its ledger entry in one transaction holding the
        # workspace budget's row lock, so concurrent spends at a budget's edge never overspend it.
        with transaction.atomic():
            verdict = budgets.gate_spend(project, agent, payload, verdict)
            return _insert_proposal(replace(proposal, verdict=verdict, merge_pr=""))
    return _insert_proposal(proposal)


def _evaluate(
    project: Project, action_type: str, payload: dict, role, agent, inputs: ProposalInputs
) -> Verdict:
    """The engine's verdict with what the proposal's inputs already read (autonomy rows, the container)."""
    return evaluate(
        project,
        action_type=action_type,
        payload=payload,
        role=role,
        agent=agent,
        autonomy=inputs.autonomy,
        container_running=inputs.container_running,
    )


def would_auto_approve(*, project: Project, agent: Agent, action_type: str, payload) -> bool:
    """Whether ``agent`` proposing this would be auto-approved now -- decided as :func:`propose_action` decides
    (the payload read, IAM, the agent's autonomy, the policy in force and on disk, the operator's hooks),
    with nothing written and no rate spent. For the calls an agent makes all day that are worth no record when
    the rules let them through (actions/hooks_api.py, a reading tool): anything else goes to propose_action,
    which answers it (a suspended agent, a bad payload, a root that is gone: False here, named there)."""
    if agent.suspended_at is not None or action_type in QUESTION_TYPES or action_type == "spend":
        return False
    try:
        payload, _ = read_payload(action_type, payload)
    except PayloadError:
        return False
    inputs = proposal_inputs(project, agent)
    try:
        verdict = _evaluate(project, action_type, payload, agent_role(agent), agent, inputs)
    except ProjectRootInvalid:
        return False
    if verdict.decision != AUTO_APPROVE:
        return False
    rules = quorum.rules_of(project) if inputs.has_approval_rules else {}
    return quorum.rule_for(project, action_type, payload, rules) is None  # a two-person rule: recorded


def _principal_user_id(agent: Agent | None):
    principal = agent.principal if agent is not None else None  # loaded with the agent (no query)
    return principal.user_id if principal is not None else None


def _insert_proposal(proposal: _Proposal) -> Decision:
    p = proposal
    project, agent, user, task, action_type = p.project, p.agent, p.user, p.task, p.action_type
    payload, verdict, actor, merge_pr, inputs = p.payload, p.verdict, p.actor, p.merge_pr, p.inputs
    rules = quorum.rules_of(project) if inputs.has_approval_rules else {}
    if verdict.decision == AUTO_APPROVE:
        # nothing a two-person rule governs is auto-approved — not by allow rules, autonomy or
        # autopilot — or the rule would be bypassed by the very policy it guards against.
        rule = quorum.rule_for(project, action_type, payload, rules)
        if rule is not None:
            verdict = quorum.asks_people(verdict, rule)
    status = _STATUS_OF.get(verdict.decision, PENDING)
    if status == PENDING:
        fairness.check_pending(project, agent=agent)  # only what would wait for a person counts
    now = timezone.now()
    hashed = payload_hash(payload)
    action = sql.new(  # ProposedAction(...) without its keyword __init__: every agent call builds one
        ProposedAction,
        project=project,
        agent=agent,
        proposed_by_user=user,
        # frozen now, so a later reassignment of the agent neither launders a two-person rule
        # nor a project-wide expiry change shortens this action's life
        proposer_principal_id=user.pk if user is not None else _principal_user_id(agent),
        expiry_seconds=project.pending_expiry_seconds,
        task=task,
        action_type=action_type,
        payload=payload,
        payload_hash=hashed,
        target=target_of(project, action_type, payload),  # where it acts, as decided (actions.targets)
        status=status,
        reason=verdict.reason,
        message=verdict.message,
        segments=[
            {"command": s.command, "verdict": s.verdict, "pattern": s.pattern} for s in verdict.segments
        ],
        scope_root=verdict.scope_root or (project.scope_root_id() if action_type == "terminal" else ""),
        auto_mode=verdict.auto_mode,
        merge_pr=merge_pr,
        result={"denied": True, "reason": verdict.message} if status == DENIED else None,
        settled_at=now if status == DENIED else None,
        waiter_seen_at=now if agent is not None else None,
        dispatch_due=status == AUTO_APPROVED,  # the outbox row commits with the action (actions.enqueue)
        hook_fingerprint=p.hook_fingerprint if status == PENDING else "",  # R12.6: only a call that waits
        # what an auto-approval was decided on, so the worker decides again if it changed before the run
        # (actions.policy_recheck); a spend's budget gate is not among the engine's inputs, so not a spend's
        policy_fingerprint=p.policy_fingerprint if status == AUTO_APPROVED and action_type != "spend" else "",
    )
    # its id, project, type, agent, payload hash, target... (actions.binding)
    action.binding = binding_of(action)
    if status == AUTO_APPROVED:
        action.decision_seal = seal_of(action, AUTO_APPROVED)  # the policy's decision, signed
    # the answer shows this very payload: its hash is the one just taken (actions.serializers.action_data)
    action.__dict__["payload_hash_shown"] = hashed
    # the answer's `approvals` reads no rule or approval row again
    action._approval_rules = rules  # type: ignore[attr-defined]
    action._prefetched_objects_cache = {"approvals": []}  # type: ignore[attr-defined]
    body = {"status": status, "reason": verdict.reason, "actionType": action_type, "message": verdict.message}
    if action_type == "terminal":
        body["scopeRoot"] = action.scope_root  # R6.4 — relative, never absolute
    created = events.build(
        events.ACTION_CREATED, project_id=project.id, actor=actor, action=action, payload=body
    )
    try:
        if task is not None and status == PENDING:
            with transaction.atomic():
                sql.insert_together(action, created)
                move_task(task, task_states.ACTION_PENDING, actor=actor)
        else:
            # The action and its event, all or nothing; on PostgreSQL one statement with no BEGIN/COMMIT
            # round trips (brabo.sql) — every agent call runs it.
            sql.insert_together(action, created)
        if status == AUTO_APPROVED and action_type == "spend":
            budgets.record_spend(action)  # the ledger entry, in gate_spend's locked transaction
        # live streams, notifications and an auto-approved action's execution, relayed after the
        # commit in one round trip; never fails the proposal
        announce_proposal(created, execute=action.id if status == AUTO_APPROVED else None)
    except IntegrityError:
        if action.hook_fingerprint:
            raise  # R12.6 — an identical hook call's action already waits; actions.hooks_api attaches to it
        # R8.5 — the database's one-live-merge-per-PR constraint caught a concurrent twin.
        raise DomainError(
            f"a merge of PR {merge_pr} is already proposed and not settled.",
            status=409,
            reason="merge_ja_proposto",
        ) from None
    return Decision(action=action, outcome=status, hints=list(proposal.hints))


# -- deciding --------------------------------------------------------------------------------------------


def _lock(action_id) -> ProposedAction:
    action = (
        ProposedAction.objects.select_for_update(of=("self",))
        .select_related("project__workspace", "agent", "task")
        .filter(id=action_id)
        .first()
    )
    if action is None:
        raise DomainError("No such action.", status=404, reason="not_found")
    return action


def _check_decider(action: ProposedAction, actor) -> None:
    """R2.2 — a member whose role meets the type's minimum; agents and runners never decide (people_only).
    Not visible → 404 (R1.1). The services' project guard, so the reason codes match every transition's."""
    minimum = ACTION_TYPES[action.action_type].min_role
    require_project_role(
        actor, action.project, minimum, f"Deciding a {action.action_type} action", noun="action"
    )


def _refuse_if_changed(action: ProposedAction, shown_hash: str | None) -> None:
    """A decision that carries the hash of the payload its person was shown (a console form, an API call's
    ``payload_hash``) decides only that payload: checked here, under the row's lock, so no change between a
    caller's own check and the transition slips through. ``None``: the caller bound nothing (the API's
    optional field left out)."""
    if shown_hash is not None and not shown.shows(action.payload, shown_hash):
        raise DomainError(
            "This action changed since it was shown: payload_hash is not the hash of its payload now, so "
            "this decided nothing. Read the action again and decide what it does now.",
            field="payload_hash",
            status=409,
            reason="payload_changed_since_shown",
        )


def _refuse_if_agent_suspended(action: ProposedAction) -> None:
    """An agent whose principal left acts for nobody: its pending actions are denied, or wait until a
    maintainer reassigns it; approving one would execute work on behalf of no member."""
    if action.agent is not None and action.agent.suspended_at is not None:
        raise DomainError(
            f"agent {action.agent.name} is suspended ({action.agent.suspended_reason}); deny this action, or "
            "reassign the agent's principal first and then approve it.",
            status=409,
            reason="agent_suspended",
        )


def _refuse_if_merged_elsewhere(action: ProposedAction) -> None:
    if (
        action.action_type == "git_merge"
        and MergedPullRequest.objects.filter(project_id=action.project_id, pr=action.merge_pr)
        .exclude(action_id=action.id)
        .exists()
    ):
        raise DomainError(
            f"PR {action.merge_pr} was already merged by another action; this one stays pending — deny it.",
            status=409,
            reason="pr_ja_mergeado",
        )


def _move_to_approved(
    action: ProposedAction, actor, channel: str = CHANNEL_CONSOLE, message: str = "", wait_minutes: int = 0
) -> None:
    """Approve: runnable now, or — under a rule's wait timer — held until ``execute_after``, with
    no dispatch due; the outbox sweep (``actions.timers``) dispatches it when the time comes."""
    if action.action_type == "spend":
        budgets.approve_gate(action)  # re-checked under the budget lock; crossing one is a 409
    now = timezone.now()
    held_until = now + timedelta(minutes=wait_minutes) if wait_minutes else None
    action.decided_by, action.policy_fingerprint = actor, ""  # a person decided: no policy's to re-check
    # the decision signed as the worker reads it back: by this person, with the approvals that count now
    # (the caller marked the others; actions.binding)
    approvers = ActionApproval.objects.filter(action_id=action.pk, counted=True).values_list(
        "approver_id", flat=True
    )
    seal = seal_of(action, APPROVED, list(approvers))
    ProposedAction.objects.filter(pk=action.pk, status=PENDING).update(
        status=APPROVED,
        decided_by=actor,
        decided_at=now,
        decision_message=message,
        execute_after=held_until,
        updated_at=now,  # the redispatch watch reads it
        # the outbox: committed with the approval, relayed after it (actions.enqueue); a held one is not due
        dispatch_due=held_until is None,
        policy_fingerprint="",
        decision_seal=seal,
    )
    action.status, action.decided_by, action.decided_at = APPROVED, actor, now
    action.decision_seal = seal
    action.decision_message, action.execute_after = message, held_until
    payload: dict = {"actionType": action.action_type}
    if message:
        payload["message"] = message
    if held_until is not None:
        payload["executeAfter"] = held_until.isoformat()
        payload["waitMinutes"] = wait_minutes
    events.record(
        events.ACTION_APPROVED,
        project_id=action.project_id,
        actor=Actor.of_user(actor),
        action=action,
        payload=_via(payload, channel),
    )
    if action.action_type == "spend":
        budgets.record_spend(action, approved_by=actor)
    if held_until is None:
        enqueue_execution(action.id, marked=True)
    waiting.publish(action.id)


def _message(text) -> str:
    """A person's message with a decision, as stored and returned to the agent."""
    if text is None:
        return ""
    if not isinstance(text, str):
        raise DomainError("message must be text.", field="message", reason="invalid")
    text = text.strip()
    if len(text) > MAX_MESSAGE_CHARS:
        raise DomainError(
            f"message is over {MAX_MESSAGE_CHARS} characters; shorten it.", field="message", reason="invalid"
        )
    return text


def _refuse_if_question(action: ProposedAction) -> None:
    if action.action_type in QUESTION_TYPES:
        raise DomainError(
            'this is an agent\'s question: answer it (POST .../answer/ with {"answer": TEXT}) or deny it; '
            "approving it would tell the agent nothing.",
            status=409,
            reason="answer_required",
        )


def _expired_error() -> DomainError:
    return DomainError(
        "This action expired: nobody decided it within its approval time. The agent was told; "
        "it proposes again if the work is still wanted.",
        status=409,
        reason="action_expired",
    )


def _refuse_if_expired(action: ProposedAction) -> None:
    if action.status == EXPIRED:
        raise _expired_error()


def _settled_expired(action: ProposedAction) -> bool:
    """Expiry is decided at decision time: a pending action past its time (frozen at proposal)
    is settled expired here, under the lock the decision holds, whether or not the sweep ran. True when it
    was; the transition then returns OUTCOME_EXPIRED so the expiry commits before the click's 409."""
    if not expiry.is_past(action):
        return False
    expiry.settle(action, now=timezone.now(), by=Actor.system(expiry.AT_DECISION))
    return True


def _answer(decision: Decision) -> Decision:
    """The caller's answer, outside the transition's transaction: an expiry found by the click is a 409."""
    if decision.outcome == OUTCOME_EXPIRED:
        raise _expired_error()
    return decision


def approve_action(
    *, action_id, actor, channel: str = CHANNEL_CONSOLE, message: str = "", shown_hash: str | None = None
) -> Decision:
    """R2.2, R8.5 — one click approves, unless a two-person rule governs the action: then each
    click records one person's approval (``proposed_action.approval_added``) and the click that meets the
    count approves (``proposed_action.approved``, once). The action row is locked for the whole decision,
    so concurrent clicks count each person once and approve once. An action past its time is settled
    expired and the click answers 409 ``action_expired``. ``message``: the person's
    words to the agent, returned by its wait; under a rule's wait timer the approval holds the action.
    ``shown_hash``: the payload the person was shown (:func:`_refuse_if_changed`)."""
    return _answer(_approve(action_id, actor, channel, _message(message), shown_hash))


@transaction.atomic(durable=True)
def _approve(
    action_id, actor, channel: str = CHANNEL_CONSOLE, message: str = "", shown_hash: str | None = None
) -> Decision:
    action = _lock(action_id)
    req = quorum.requirement(action) if action.status == PENDING else None
    if req is None:
        _check_decider(action, actor)
    else:
        quorum.refuse_approver(action, req, actor)  # the rule's role; R2.2's is kept by the count
    _refuse_if_changed(action, shown_hash)
    if action.status == DENIED:
        raise DomainError("This action was already denied.", status=409, reason="acao_ja_recusada")
    _refuse_if_expired(action)
    if action.status != PENDING:
        return Decision(action=action, outcome=OUTCOME_ALREADY)
    if _settled_expired(action):
        return Decision(action=action, outcome=OUTCOME_EXPIRED)
    _refuse_if_question(action)
    _refuse_if_agent_suspended(action)
    _refuse_if_merged_elsewhere(action)
    if req is not None:
        _, created = ActionApproval.objects.get_or_create(action=action, approver=actor)
        good = quorum.counted(action, req)
        if not req.met(good):
            if not created:
                return Decision(action=action, outcome=OUTCOME_APPROVAL_ALREADY_RECORDED)
            events.record(
                events.ACTION_APPROVAL_ADDED,
                project_id=action.project_id,
                actor=Actor.of_user(actor),
                action=action,
                payload=_via(
                    {
                        "approvals": len(good),
                        "required": req.required,
                        **({"message": message} if message else {}),
                    },
                    channel,
                ),
            )
            waiting.publish(action.id)  # the console's live view; waiters re-check and keep waiting
            return Decision(action=action, outcome=OUTCOME_APPROVAL_RECORDED)
        # The count is met: freeze who counted (history keeps the others, marked as not counting).
        action.approvals.exclude(pk__in=[a.pk for a in good]).update(counted=False)
    _move_to_approved(action, actor, channel, message, req.wait_minutes if req is not None else 0)
    return Decision(action=action, outcome=OUTCOME_APPROVED)


def answer_question(
    *, action_id, actor, answer: str, channel: str = CHANNEL_CONSOLE, shown_hash: str | None = None
) -> Decision:
    """A person answers an agent's ``ask_human`` question: the answer is its result, the action
    is settled (``executed``: it has its result; no worker runs it) and the agent's wait returns it. Who may:
    R2.2, a member with the type's minimum role; never the agent. An answer to an already answered question
    is a 409 ``already_answered``; a question past its time is settled expired (409)."""
    text = _message(answer)
    if not text:
        raise DomainError(
            "answer must not be empty: write the answer the agent gets.", field="answer", reason="invalid"
        )
    return _answer(_answer_question(action_id, actor, text, channel, shown_hash))


@transaction.atomic(durable=True)
def _answer_question(action_id, actor, text: str, channel: str, shown_hash: str | None = None) -> Decision:
    action = _lock(action_id)
    _check_decider(action, actor)
    _refuse_if_changed(action, shown_hash)
    if action.action_type not in QUESTION_TYPES:
        raise DomainError(
            f"only a question (ask_human) is answered; this is a {action.action_type} action — approve or deny it.",
            status=409,
            reason="not_a_question",
        )
    if action.status == DENIED:
        raise DomainError("This question was already denied.", status=409, reason="acao_ja_recusada")
    _refuse_if_expired(action)
    if action.status != PENDING:
        raise DomainError("This question was already answered.", status=409, reason="already_answered")
    if _settled_expired(action):
        return Decision(action=action, outcome=OUTCOME_EXPIRED)
    now = timezone.now()
    action.decided_by, action.decided_at, action.decision_message = actor, now, text
    settle_without_running(
        action,
        status=EXECUTED,  # it has its result; no worker runs a question
        result={"answer": text, "answered_by": actor.get_username()},
        now=now,
        by=Actor.of_user(actor),
        event_type=events.ACTION_ANSWERED,
        event_payload=_via({"answer": text}, channel),
        task_trigger=task_states.ACTION_SETTLED,
        task_move_names_action=False,
        also_saved=("decided_by", "decided_at", "decision_message"),
    )
    return Decision(action=action, outcome=OUTCOME_ANSWERED)


def cancel_held(*, action_id, actor, reason: str = "") -> Decision:
    """Cancel an approved action while its rule's wait timer holds it (GitHub Environments'
    "cancel" of a waiting deployment): it is settled denied with the reason, and never executes. Who may:
    R2.2, a member with the type's minimum role. Once the timer ran out (or nothing held it) it is a 409
    ``not_held``: the action is already on its way to the worker."""
    return _cancel_held(action_id, actor, _message(reason))


@transaction.atomic(durable=True)
def _cancel_held(action_id, actor, reason: str) -> Decision:
    action = _lock(action_id)
    _check_decider(action, actor)
    now = timezone.now()
    if action.status == DENIED and action.execute_after is not None:
        return Decision(action=action, outcome=OUTCOME_CANCELLED)  # a second click: the same answer
    if action.status != APPROVED or action.execute_after is None or action.execute_after <= now:
        raise DomainError(
            f"This action is not held by a wait timer (it is {action.status}); only an approved action still "
            "waiting can be cancelled. A pending action is denied instead.",
            status=409,
            reason="not_held",
        )
    text = f"cancelled during its wait timer: {reason}" if reason else "cancelled during its wait timer"
    action.denial_reason, action.dispatch_due = text, False
    settle_without_running(
        action,
        status=DENIED,
        result={"denied": True, "reason": text, "cancelled": True},
        now=now,
        by=Actor.of_user(actor),
        event_type=events.ACTION_CANCELLED,
        event_payload={"reason": text},
        task_trigger=task_states.ACTION_DENIED,
        task_move_names_action=False,
        also_saved=("denial_reason", "dispatch_due"),
    )
    return Decision(action=action, outcome=OUTCOME_CANCELLED)


def deny_action(
    *, action_id, actor, reason: str = "", channel: str = CHANNEL_CONSOLE, shown_hash: str | None = None
) -> Decision:
    """R2.2 — a person with the type's minimum role denies a pending action; the reason is its result
    (R8.4). An action past its time is settled expired instead and the click answers 409."""
    return _answer(_deny(action_id, actor, reason, channel, shown_hash))


@transaction.atomic(durable=True)
def _deny(
    action_id, actor, reason: str, channel: str = CHANNEL_CONSOLE, shown_hash: str | None = None
) -> Decision:
    action = _lock(action_id)
    _check_decider(action, actor)
    _refuse_if_changed(action, shown_hash)
    if action.status == DENIED:
        return Decision(action=action, outcome=OUTCOME_DENIED)
    _refuse_if_expired(action)
    if _settled_expired(action):
        return Decision(action=action, outcome=OUTCOME_EXPIRED)
    if action.status != PENDING:
        held = action.status == APPROVED and action.execute_after is not None
        raise DomainError(
            "This action was already approved; it can no longer be denied."
            + (
                " Its rule's wait timer still holds it: cancel it instead (POST .../cancel/)." if held else ""
            ),
            status=409,
            reason="action_already_approved",
        )
    reason = (reason or "").strip()[:2000] or "denied without a reason"
    now = timezone.now()
    action.decided_by, action.decided_at, action.denial_reason = actor, now, reason
    settle_without_running(
        action,
        status=DENIED,
        result={"denied": True, "reason": reason},  # R8.4 — the denial's reason is the result
        now=now,
        by=Actor.of_user(actor),
        event_type=events.ACTION_DENIED,
        event_payload=_via({"reason": reason}, channel),
        task_trigger=task_states.ACTION_DENIED,
        task_move_names_action=False,
        also_saved=("decided_by", "decided_at", "denial_reason"),
    )
    return Decision(action=action, outcome=OUTCOME_DENIED)


def preview_always(action: ProposedAction) -> dict:
    """What a click of "Always allow" would write (R7.2–R7.4), without writing it. The console shows this."""
    if action.action_type in ALWAYS_ALLOW_REFUSED or action.action_type in QUESTION_TYPES:
        return {"refused": True, "patterns": [], "autonomy_row": None}
    if action.action_type == "mcp_call":
        # always Mcp(server.tool), never a whole server, an autonomy row, or a capped tool's rule.
        rule, _why = mcp_always_rule(action.payload)
        if rule is None:
            return {"refused": True, "patterns": [], "autonomy_row": None}
        return {"refused": False, "patterns": [rule], "autonomy_row": None}
    # R7.4 (RN-509): a dev-<module> agent's click writes its autonomy row, terminal included. That grants
    # every command of its type (floor, caps and deny still apply), so the console never makes it one click:
    # its confirmation names the row and the agent's page lists it with Undo. A command with an
    # external effect writes nothing (R7.3).
    if action.agent is not None and writes_autonomy_row(action.agent.name):
        if action.action_type == "terminal" and derive_always(action.payload["command"]).external:
            return {"refused": False, "patterns": [], "autonomy_row": None, "external": True}
        return {
            "refused": False,
            "patterns": [],
            "autonomy_row": {"agent_id": str(action.agent_id), "action_type": action.action_type},
        }
    if action.action_type == "terminal":
        result = derive_always(action.payload["command"])
        if result.external:
            return {"refused": False, "patterns": [], "autonomy_row": None, "external": True}
        return {"refused": False, "patterns": list(result.patterns), "autonomy_row": None}
    return {"refused": False, "patterns": [typed_pattern(action.action_type)], "autonomy_row": None}


def _refuse_stale_always(action: ProposedAction, channel: str) -> None:
    """A Slack button is a view of the action when it was posted: once someone else decided it, a click of
    "Always allow" there would write a standing grant from a view that is no longer true. Only the console,
    whose page shows the action as it is, writes the pattern after the approval."""
    if channel == CHANNEL_CONSOLE or action.status == PENDING:
        return
    now = "" if action.status == APPROVED else f" (it is now {action.status})"
    raise DomainError(
        f"This action was already approved{now}, so this 'Always allow' click wrote nothing. If the "
        "pattern is still wanted, use 'Always allow' on the action's page in the console.",
        status=409,
        reason="action_already_approved",
    )


def approve_always(
    *, action_id, actor, channel: str = CHANNEL_CONSOLE, shown_hash: str | None = None
) -> Decision:
    """R7 — approve and remember. The refusal list and caps come first, even for approved actions; the
    pattern and ``permission.granted`` are written only after the move out of pending; a failed pattern
    write rolls the approval back (RN-642). An action past its time is settled expired and the click
    answers 409."""
    return _answer(_approve_always(action_id, actor, channel, shown_hash))


@transaction.atomic(durable=True)
def _approve_always(
    action_id, actor, channel: str = CHANNEL_CONSOLE, shown_hash: str | None = None
) -> Decision:
    action = _lock(action_id)
    _check_decider(action, actor)
    _refuse_if_changed(action, shown_hash)
    if action.action_type in QUESTION_TYPES:
        _refuse_if_question(action)
    if action.action_type in ALWAYS_ALLOW_REFUSED:
        raise DomainError(
            f"'Always allow' is never offered for {action.action_type}; approve this one instance instead.",
            status=400,
            reason="teto_do_sempre_permitir",
        )
    if action.action_type == "mcp_call":
        rule, why = mcp_always_rule(action.payload)
        if rule is None:
            raise DomainError(
                f"'Always allow' is not offered for this MCP call: {why} Approve this one instance instead.",
                status=400,
                reason="teto_do_sempre_permitir",
            )
    if action.status == DENIED:
        raise DomainError("This action was already denied.", status=409, reason="acao_ja_recusada")
    _refuse_if_expired(action)
    if _settled_expired(action):
        return Decision(action=action, outcome=OUTCOME_EXPIRED)
    _refuse_stale_always(action, channel)
    req = quorum.requirement(action)
    if req is not None:
        # "Always allow" would turn a click into a rule that outlives the two-person rule's
        # count; under such a rule only Approve is offered (each person once).
        raise DomainError(
            f"a two-person rule governs this action (it needs {req.describe()}); 'Always allow' is not "
            "offered under it — use Approve.",
            status=409,
            reason="quorum_rule_applies",
        )
    _refuse_if_agent_suspended(action)
    plan = preview_always(action)
    was_pending = action.status == PENDING
    if was_pending:
        _refuse_if_merged_elsewhere(action)
        _move_to_approved(action, actor, channel)
    who = Actor.of_user(actor)
    decision = Decision(action=action, outcome=OUTCOME_APPROVED if was_pending else OUTCOME_ALREADY)
    agent = action.agent
    if plan.get("autonomy_row") and agent is not None:
        row = plan["autonomy_row"]
        previous = (
            agent.autonomy_rules.filter(action_type=action.action_type).values_list("mode", flat=True).first()
        )
        if previous != AUTO_APPROVE:
            upsert_autonomy(actor=actor, agent=agent, action_type=action.action_type, mode=AUTO_APPROVE)
            # R10.1 fixes the event's own field names (agentId/actionType); the API answers in snake_case.
            # previousMode: what Undo puts back; only a click that changed the row is a grant.
            events.record(
                events.PERMISSION_GRANTED,
                project_id=action.project_id,
                actor=who,
                action=action,
                payload=_via(
                    {"agentId": row["agent_id"], "actionType": row["action_type"], "previousMode": previous},
                    channel,
                ),
            )
        decision.autonomy_row = row
        return decision
    patterns = plan["patterns"]
    if not patterns:
        return decision  # R7.2 — external or privileged: this instance only, no pattern
    try:
        # R3.5: the patterns join the accepted policy (and the file); an outside change stays outside.
        written = merge_accepted(project=action.project, allow=patterns, actor=actor, source="always_allow")
    except (OSError, PermissionsFileError) as exc:
        log.warning("approve-always of %s: pattern write failed: %s", action.id, exc)
        refusal = write_refusal(exc)  # a held lock, a folder, … — named, never a server path
        raise DomainError(
            f"the pattern could not be written ({refusal}); nothing was approved — click again once it is "
            "fixed.",
            status=refusal.status,
            reason=refusal.reason,
        ) from None
    if was_pending or written:
        granted = patterns if was_pending else written
        events.record(
            events.PERMISSION_GRANTED,
            project_id=action.project_id,
            actor=who,
            action=action,
            # added: what this click put in the policy, and so all its Undo takes out
            payload=_via({"patterns": granted, "pattern": ", ".join(granted), "added": written}, channel),
        )
    decision.patterns = patterns
    return decision


# -- undoing "Always allow" ----------------------------------------------------------------------------------


@dataclass
class Grant:
    """One ``permission.granted`` an "Always allow" click wrote, as the agent's page lists it."""

    event: SessionEvent
    patterns: list[str]  # what the click added to permissions.json (and so what Undo takes out)
    action_type: str | None  # the autonomy row's type, for a dev-<module> agent's click
    previous_mode: str | None
    undone_by: SessionEvent | None

    @property
    def what(self) -> str:
        if self.action_type:
            return f"autonomy {self.action_type}: auto_approve"
        return ", ".join(self.patterns) or "nothing new (the patterns were already there)"


def _grant_of(event: SessionEvent, undone: dict) -> Grant:
    payload = event.payload if isinstance(event.payload, dict) else {}
    added = payload.get("added", payload.get("patterns"))  # older events: all its patterns
    return Grant(
        event=event,
        patterns=[p for p in (added or []) if isinstance(p, str)],
        action_type=payload.get("actionType") if isinstance(payload.get("actionType"), str) else None,
        previous_mode=payload.get("previousMode") if isinstance(payload.get("previousMode"), str) else None,
        undone_by=undone.get(event.id),
    )


def always_grants(agent: Agent) -> list[Grant]:
    """What "Always allow" clicks on ``agent``'s actions granted, newest first, each with its undo if any.
    Two queries, however many grants."""
    granted = list(
        SessionEvent.objects.filter(
            type=events.PERMISSION_GRANTED, action__agent=agent, project_id=agent.project_id
        )
        .select_related("action")
        .order_by("-id")[:200]
    )
    revoked = SessionEvent.objects.filter(
        type=events.PERMISSION_REVOKED,
        project_id=agent.project_id,
        payload__grantEventId__in=[e.id for e in granted],
    )
    undone = {r.payload.get("grantEventId"): r for r in revoked}
    return [_grant_of(e, undone) for e in granted]


def undo_always_allow(*, grant_event_id: int, actor) -> SessionEvent:
    """Take back what one "Always allow" click granted: its patterns leave the accepted policy
    and the file (``projects.services.remove_accepted``, the policy store's own path), its autonomy row goes
    back to what it was (``revert_autonomy``). One transaction with a ``permission.revoked`` event by
    ``actor``, who needs the role that could grant it (R2.2: the action type's minimum). Undoing twice is a
    409 ``grant_already_undone``; a grant of another workspace is a 404."""
    with transaction.atomic(durable=True):
        event = (
            SessionEvent.objects.select_related("action__agent", "project")
            .filter(id=grant_event_id, type=events.PERMISSION_GRANTED, action__isnull=False)
            .first()
        )
        action = event.action if event is not None else None
        if event is None or action is None:
            raise DomainError("No such grant.", status=404, reason="not_found")
        require_project_role(
            actor,
            event.project,
            ACTION_TYPES[action.action_type].min_role,
            f"Undoing an 'Always allow' of {action.action_type}",
        )
        _lock(action.id)  # one undo at a time per action: the check below cannot race
        already = SessionEvent.objects.filter(
            type=events.PERMISSION_REVOKED, project_id=event.project_id, payload__grantEventId=event.id
        ).exists()
        if already:
            raise DomainError(
                "This 'Always allow' was already undone; nothing changed.",
                status=409,
                reason="grant_already_undone",
            )
        grant = _grant_of(event, {})
        payload: dict = {"grantEventId": event.id, "reason": "always_allow_undone"}
        if grant.action_type and action.agent is not None:
            changed = revert_autonomy(
                actor=actor,
                agent=action.agent,
                action_type=grant.action_type,
                previous_mode=grant.previous_mode,
            )
            payload.update(
                agentId=str(action.agent_id),
                actionType=grant.action_type,
                mode=grant.previous_mode if changed else None,
                changed=changed,
            )
        else:
            removed = remove_accepted(
                project=event.project, allow=grant.patterns, actor=actor, source="always_allow_undone"
            )
            payload.update(patterns=removed, pattern=", ".join(removed), changed=bool(removed))
        return events.record(
            events.PERMISSION_REVOKED,
            project_id=event.project_id,
            actor=Actor.of_user(actor),
            action=action,
            payload=payload,
        )


# -- waiting (R8.4) --------------------------------------------------------------------------------------


def waiter_attached(action: ProposedAction) -> None:
    """An agent is (again) waiting on ``action``: stamp it, and undo an earlier "waiter vanished" block."""
    ProposedAction.objects.filter(pk=action.pk).update(waiter_seen_at=timezone.now())
    if action.task_id and action.status == PENDING:
        task = Task.objects.filter(pk=action.task_id, status="blocked", blocked_source="infra").first()
        if task is not None:
            with transaction.atomic():
                move_task(
                    task,
                    task_states.WAITER_BACK,
                    actor=Actor.of_agent(action.agent) if action.agent else Actor.system(),
                )


def detect_vanished_waiters(*, older_than_seconds: int) -> int:
    """Periodic: a pending action whose agent stopped waiting longer ago than the threshold blocks its task
    with source ``infra`` (R8.4). Returns how many tasks moved. Re-attaching undoes it."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    stale = ProposedAction.objects.filter(
        status=PENDING, agent__isnull=False, task__status="awaiting_approval", waiter_seen_at__lt=cutoff
    ).select_related("task")
    moved = 0
    for action in stale:
        with transaction.atomic():
            moved += move_task(
                action.task,
                task_states.WAITER_VANISHED,
                actor=Actor.system("waiter-watch"),
                reason=f"the agent stopped waiting for action {action.id} (no waiter since {action.waiter_seen_at:%Y-%m-%d %H:%M:%S} UTC)",
                source="infra",
            )
    return moved
