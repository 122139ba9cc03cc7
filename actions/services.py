"""The transitions of a proposed action, one atomic, audited function each (STYLE.md practice 1).

``propose_action``, ``approve_action``, ``deny_action``, ``approve_always``: keyword-only ``actor``, the
event written in the same transaction, the execution enqueued only after commit. The API, the admin
console and management commands all call these — none of them holds a rule of its own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from brabo import sql
from permissions.action_types import (
    ACTION_TYPES,
    ALWAYS_ALLOW_REFUSED,
    AUTO_APPROVE,
    DENY,
    PERSON_ONLY_TYPES,
)
from permissions.always import derive_always, typed_pattern, writes_autonomy_row
from permissions.files import PermissionsFileError
from projects.access import agent_role, project_role
from projects.models import Agent, Project, Task
from projects.services import DomainError, merge_accepted, upsert_autonomy

from . import events, waiting
from .enqueue import enqueue_execution
from .events import Actor
from .models import (
    APPROVED,
    AUTO_APPROVED,
    DENIED,
    LIVE_MERGE,
    PENDING,
    MergedPullRequest,
    ProposedAction,
    payload_hash,
)
from .payloads import PayloadError, pr_number_of, validate_payload
from .policy_input import ProjectRootInvalid, evaluate
from .proposal_paths import check_paths

log = logging.getLogger(__name__)

_STATUS_OF = {AUTO_APPROVE: AUTO_APPROVED, DENY: DENIED}  # anything else is pending

# Outcomes of a click (R7.5).
OUTCOME_APPROVED = "aprovada"
OUTCOME_ALREADY = "ja_aprovada"
OUTCOME_DENIED = "recusada"


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


def propose_action(
    *,
    project: Project,
    action_type: str,
    payload,
    agent: Agent | None = None,
    user=None,
    task: Task | None = None,
) -> Decision:
    """Create a proposed action, decide it at once (SPEC §5) and record ``proposed_action.created``.

    Exactly one of ``agent`` (an agent's API call) or ``user`` (a person, e.g. the containers page).
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
    try:
        payload = validate_payload(action_type, payload)
    except PayloadError as exc:
        raise DomainError(str(exc), field=exc.field) from None
    if agent is not None and action_type in PERSON_ONLY_TYPES:
        raise DomainError(
            f"{action_type} is proposed by people from the containers page, never by agents (R2.3).",
            field="action_type",
            status=403,
            reason="somente_pessoas",
        )
    check_paths(project, action_type, payload)  # R3.5 / issue 13: refused now, not at execution
    if task is not None and task.project_id != project.id:
        raise DomainError("task belongs to another project; pass a task of this project.", field="task")
    role = agent_role(agent) if agent is not None else project_role(user, project)
    if agent is None and role is None:  # STYLE 13: a person proposes only in a project they reach (R1.1)
        raise DomainError("No such project.", status=404, reason="not_found")
    actor = Actor.of_agent(agent) if agent is not None else Actor.of_user(user)

    merge_pr = ""
    hints: list[str] = []
    if action_type == "git_merge":
        merge_pr = str(pr_number_of(payload["pr"]))  # 12, "#12", "!12", "0012" and a PR URL name one PR
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

    try:
        verdict = evaluate(project, action_type=action_type, payload=payload, role=role, agent=agent)
    except ProjectRootInvalid as exc:
        raise DomainError(
            f"{exc}; fix the folder or the project's local_path.", status=409, reason="raiz_invalida"
        )
    status = _STATUS_OF.get(verdict.decision, PENDING)
    now = timezone.now()
    action = ProposedAction(
        project=project,
        agent=agent,
        proposed_by_user=user,
        task=task,
        action_type=action_type,
        payload=payload,
        payload_hash=payload_hash(payload),
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
    )
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
                _set_task_status(task, "awaiting_approval", actor)
        else:
            # The action and its event, all or nothing; on PostgreSQL one statement with no BEGIN/COMMIT
            # round trips (brabo.sql) — every agent call runs it.
            sql.insert_together(action, created)
        events.announce(created)  # live streams and notifications, after the commit (issue 16)
        if status == AUTO_APPROVED:
            enqueue_execution(action.id, marked=True)  # relayed on commit; never fails the proposal
    except IntegrityError:
        # R8.5 — the database's one-live-merge-per-PR constraint caught a concurrent twin.
        raise DomainError(
            f"a merge of PR {merge_pr} is already proposed and not settled.",
            status=409,
            reason="merge_ja_proposto",
        ) from None
    return Decision(action=action, outcome=status, hints=hints)


def _set_task_status(
    task: Task | None, status: str, actor: Actor, *, reason: str = "", source: str = ""
) -> bool:
    """Move a task with a status-guarded update; one ``backlog.task_status_changed`` event per real change.
    No task (an action proposed outside one): nothing moves."""
    if task is None:
        return False
    updated = (
        Task.objects.filter(pk=task.pk)
        .exclude(status=status)
        .exclude(status="done")
        .update(status=status, blocked_reason=reason, blocked_source=source, updated_at=timezone.now())
    )
    if updated:
        events.record(
            events.TASK_STATUS_CHANGED,
            project_id=task.project_id,
            actor=actor,
            payload={
                "taskId": str(task.pk),
                "status": status,
                **({"reason": reason, "source": source} if reason else {}),
            },
        )
        task.status = status
    return bool(updated)


# -- deciding --------------------------------------------------------------------------------------------


def _lock(action_id) -> ProposedAction:
    action = (
        ProposedAction.objects.select_for_update(of=("self",))
        .select_related("project__workspace", "agent", "task")
        .filter(id=action_id)
        .first()
    )
    if action is None:
        raise DomainError("No such action.", status=404)
    return action


def _check_decider(action: ProposedAction, actor) -> None:
    """R2.2 — a member whose role meets the type's minimum; agents and runners never decide (people_only).
    Not visible → 404 (R1.1). The services' project guard, so the reason codes match every transition's."""
    from projects.services import require_project_role

    minimum = ACTION_TYPES[action.action_type].min_role
    require_project_role(
        actor, action.project, minimum, f"Deciding a {action.action_type} action", noun="action"
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


def _move_to_approved(action: ProposedAction, actor) -> None:
    now = timezone.now()
    ProposedAction.objects.filter(pk=action.pk, status=PENDING).update(
        status=APPROVED,
        decided_by=actor,
        decided_at=now,
        updated_at=now,  # the redispatch watch reads it
        dispatch_due=True,  # the outbox: committed with the approval, relayed after it (actions.enqueue)
    )
    action.status, action.decided_by, action.decided_at = APPROVED, actor, now
    events.record(
        events.ACTION_APPROVED,
        project_id=action.project_id,
        actor=Actor.of_user(actor),
        action=action,
        payload={"actionType": action.action_type},
    )
    enqueue_execution(action.id, marked=True)
    waiting.publish(action.id)


@transaction.atomic
def approve_action(*, action_id, actor) -> Decision:
    action = _lock(action_id)
    _check_decider(action, actor)
    if action.status == DENIED:
        raise DomainError("This action was already denied.", status=409, reason="acao_ja_recusada")
    if action.status != PENDING:
        return Decision(action=action, outcome=OUTCOME_ALREADY)
    _refuse_if_agent_suspended(action)
    _refuse_if_merged_elsewhere(action)
    _move_to_approved(action, actor)
    return Decision(action=action, outcome=OUTCOME_APPROVED)


@transaction.atomic
def deny_action(*, action_id, actor, reason: str = "") -> Decision:
    action = _lock(action_id)
    _check_decider(action, actor)
    if action.status == DENIED:
        return Decision(action=action, outcome=OUTCOME_DENIED)
    if action.status != PENDING:
        raise DomainError(
            "This action was already approved; it can no longer be denied.",
            status=409,
            reason="acao_ja_aprovada",
        )
    reason = (reason or "").strip()[:2000] or "denied without a reason"
    now = timezone.now()
    action.status, action.decided_by, action.decided_at = DENIED, actor, now
    action.denial_reason = reason
    action.result = {"denied": True, "reason": reason}  # R8.4 — the denial's reason is the result
    action.settled_at = now
    action.save(
        update_fields=[
            "status",
            "decided_by",
            "decided_at",
            "denial_reason",
            "result",
            "settled_at",
            "updated_at",
        ]
    )
    who = Actor.of_user(actor)
    events.record(
        events.ACTION_DENIED,
        project_id=action.project_id,
        actor=who,
        action=action,
        payload={"reason": reason},
    )
    if action.task_id:
        events.record(
            events.TASK_ACTION_SETTLED,
            project_id=action.project_id,
            actor=who,
            action=action,
            payload={"taskId": str(action.task_id), "status": DENIED},
        )
        _set_task_status(action.task, "in_progress", who)
    waiting.publish(action.id)
    return Decision(action=action, outcome=OUTCOME_DENIED)


def preview_always(action: ProposedAction) -> dict:
    """What a click of "Always allow" would write (R7.2–R7.4), without writing it. The console shows this."""
    if action.action_type in ALWAYS_ALLOW_REFUSED:
        return {"refused": True, "patterns": [], "autonomy_row": None}
    if action.agent is not None and writes_autonomy_row(action.agent.name):
        if action.action_type == "terminal" and derive_always(action.payload["command"]).external:
            return {"refused": False, "patterns": [], "autonomy_row": None, "external": True}
        return {
            "refused": False,
            "patterns": [],
            "autonomy_row": {"agentId": str(action.agent_id), "actionType": action.action_type},
        }
    if action.action_type == "terminal":
        result = derive_always(action.payload["command"])
        if result.external:
            return {"refused": False, "patterns": [], "autonomy_row": None, "external": True}
        return {"refused": False, "patterns": list(result.patterns), "autonomy_row": None}
    return {"refused": False, "patterns": [typed_pattern(action.action_type)], "autonomy_row": None}


@transaction.atomic
def approve_always(*, action_id, actor) -> Decision:
    """R7 — approve and remember. The refusal list and caps come first, even for approved actions; the
    pattern and ``permission.granted`` are written only after the move out of pending; a failed pattern
    write rolls the approval back (RN-642)."""
    action = _lock(action_id)
    _check_decider(action, actor)
    if action.action_type in ALWAYS_ALLOW_REFUSED:
        raise DomainError(
            f"'Always allow' is never offered for {action.action_type}; approve this one instance instead.",
            status=400,
            reason="teto_do_sempre_permitir",
        )
    if action.status == DENIED:
        raise DomainError("This action was already denied.", status=409, reason="acao_ja_recusada")
    _refuse_if_agent_suspended(action)
    plan = preview_always(action)
    was_pending = action.status == PENDING
    if was_pending:
        _refuse_if_merged_elsewhere(action)
        _move_to_approved(action, actor)
    who = Actor.of_user(actor)
    decision = Decision(action=action, outcome=OUTCOME_APPROVED if was_pending else OUTCOME_ALREADY)
    agent = action.agent
    if plan.get("autonomy_row") and agent is not None:
        row = plan["autonomy_row"]
        existing = agent.autonomy_rules.filter(action_type=action.action_type, mode=AUTO_APPROVE).exists()
        if was_pending or not existing:
            upsert_autonomy(actor=actor, agent=agent, action_type=action.action_type, mode=AUTO_APPROVE)
            events.record(
                events.PERMISSION_GRANTED, project_id=action.project_id, actor=who, action=action, payload=row
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
        raise DomainError(
            f"the pattern could not be written to permissions.json ({exc}); nothing was approved — "
            "fix the file and click again.",
            status=409 if isinstance(exc, PermissionsFileError) else 500,
            reason="escrita_do_padrao_falhou",
        ) from None
    if was_pending or written:
        granted = patterns if was_pending else written
        events.record(
            events.PERMISSION_GRANTED,
            project_id=action.project_id,
            actor=who,
            action=action,
            payload={"patterns": granted, "pattern": ", ".join(granted)},
        )
    decision.patterns = patterns
    return decision


# -- waiting (R8.4) --------------------------------------------------------------------------------------


def waiter_attached(action: ProposedAction) -> None:
    """An agent is (again) waiting on ``action``: stamp it, and undo an earlier "waiter vanished" block."""
    ProposedAction.objects.filter(pk=action.pk).update(waiter_seen_at=timezone.now())
    if action.task_id and action.status == PENDING:
        task = Task.objects.filter(pk=action.task_id, status="blocked", blocked_source="infra").first()
        if task is not None:
            with transaction.atomic():
                _set_task_status(
                    task,
                    "awaiting_approval",
                    Actor.of_agent(action.agent) if action.agent else Actor.system(),
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
            moved += _set_task_status(
                action.task,
                "blocked",
                Actor.system("waiter-watch"),
                reason=f"the agent stopped waiting for action {action.id} (no waiter since {action.waiter_seen_at:%Y-%m-%d %H:%M:%S} UTC)",
                source="infra",
            )
    return moved
