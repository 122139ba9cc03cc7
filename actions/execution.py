"""Executing an approved action, exactly once, with a named outcome (SPEC §9, R8.3, R8.5).

``execute(action_id)`` is the whole life of one execution inside a worker:

1. **claim** — a status-guarded UPDATE moves the action from approved/auto_approved to ``executing``; zero
   rows means another delivery already claimed it (or it is settled) and this call does nothing. That is
   what makes a redelivered Celery task harmless (STYLE.md practice 3).
2. **run** — the executor registered for the action type does the work and returns a JSON result, raises
   :class:`ExecutionFailure` (a named, terminal failure) or :class:`TransientFault` (worth a retry).
3. **settle** — one transaction: status, result, ``settled_at``, the ``action.executed`` / ``action.failed``
   event, the task's ``task.action_settled`` (and for a merged PR the task's ``done``, R8.3), and the
   wake-up for waiters (R8.4). The settle is itself status-guarded: it only applies to a row still
   ``executing``, so a reaper and a late worker can never both settle one action.

Secrets: executors get the owner's provider token only through :class:`ExecutionContext`, which remembers
it and redacts it from everything stored or logged (R1.2, R9.2).
"""

from __future__ import annotations

import logging
import traceback
from datetime import timedelta
from typing import Any, cast

from django.conf import settings
from django.db import IntegrityError, connections, transaction
from django.db.models import F
from django.utils import timezone

from brabo.errors import next_step_of
from brabo.redaction import redact_text, remember_secret
from brabo.sql import Projection
from brabo_client.payload_hash import payload_matches
from permissions.action_types import ACTION_TYPES, role_at_least
from projects.access import project_role
from projects.crypto import SecretUnreadable
from projects.git_settings import workspace_git_root
from projects.models import Agent, Project, Task, Workspace, WorkspaceCredentials

from . import binding, events, executors, policy_recheck, quorum, targets, task_states, waiting
from .models import (
    APPROVED,
    AUTO_APPROVED,
    EXECUTED,
    EXECUTING,
    FAILED,
    RUNNABLE,
    ActionApproval,
    MergedPullRequest,
    ProposedAction,
)
from .payloads import pr_number_of

log = logging.getLogger(__name__)

WORKER = events.Actor.system("worker")


class Deferred:
    """Returned by an executor that handed the action to someone else who will settle it later (a runner,
    R9.3). There is one instance, ``DEFERRED``."""

    __slots__ = ()


DEFERRED = Deferred()
# What an executor returns: the JSON result, or DEFERRED.
ExecutorResult = dict | Deferred


class ExecutionFailure(Exception):
    """A terminal, named failure: what failed, and what a person should do next (STYLE.md practice 12)."""

    def __init__(self, code: str, message: str, next_step: str = ""):
        # The code is one of the catalogue's (brabo.errors); without a next step of its own it says the
        # catalogue's. A fault's text never carries a credential, even before a log filter sees it (issue
        # 13): it is stored, shown, and Celery logs its repr when it retries.
        next_step = next_step or next_step_of(code)
        message, next_step = redact_text(message), redact_text(next_step)
        super().__init__(message)
        self.code, self.message, self.next_step = code, message, next_step

    def as_error(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "next_step": self.next_step}


class TransientFault(Exception):
    """A fault worth retrying (a provider 5xx, a connection reset). After the last retry it becomes the
    named failure it carries."""

    def __init__(self, code: str, message: str, next_step: str = ""):
        self.failure = ExecutionFailure(code, message, next_step)
        super().__init__(self.failure.message)


def owner_credentials(project: Project) -> tuple[str, str, str]:
    """(provider_kind, base_url, token) of ``project``'s workspace owner (R9.2), or ExecutionFailure naming
    why there is none: what an executor acts with, and what an MCP merge's decision reads its PR with."""
    creds = WorkspaceCredentials.objects.filter(workspace_id=project.workspace_id).first()
    if creds is not None and creds.provider_kind == "local":
        # Bare repositories on this host: no token, and only this workspace's own folder.
        return "local", str(workspace_git_root(project.workspace_id)), ""
    if creds is not None and creds.provider_token_stale(project.workspace.owner_id):
        # After an ownership transfer the previous owner's token is not the owner's any more
        setter = creds.provider_token_set_by
        name = setter.get_username() if setter else "someone Brabo no longer knows"
        raise ExecutionFailure(
            "owner_token_stale",
            f"The provider token was set by {name}, who is no longer the workspace owner; Brabo does not "
            "act with it until the owner replaces it or confirms it.",
            f"The owner sets a new token (PUT /api/workspaces/{project.workspace_id}/credentials/) or "
            f"confirms this one (POST /api/workspaces/{project.workspace_id}/credentials/confirm/), "
            "then proposes the action again.",
        )
    try:
        token = creds.provider_token() if creds else None
    except SecretUnreadable:
        raise ExecutionFailure(
            "credentials_unreadable",
            "The workspace owner's provider token cannot be decrypted with the configured keys.",
            "Restore the previous BRABO_ENCRYPTION_KEYS entry, or have the workspace owner set the token again.",
        ) from None
    if creds is None or not token:
        raise ExecutionFailure(
            "credentials_missing",
            "The workspace owner has not set a GitHub/GitLab token, so Brabo cannot act on the repository.",
            "The workspace owner sets the provider token in the workspace settings; then propose the action again.",
        )
    return creds.provider_kind, creds.provider_base_url, token


class ExecutionContext:
    """What an executor may use besides the action: the owner's token (decrypted here, in the worker, only
    when asked for) and redaction of every secret it handed out."""

    def __init__(self, action: ProposedAction):
        self.action = action
        self.project = action.project
        self._secrets: list[str] = []

    def owner_credentials(self):
        """(provider_kind, base_url, token) of the workspace owner — whoever approved the action (R9.2)."""
        kind, base_url, token = owner_credentials(self.project)
        self.add_secret(token)
        return kind, base_url, token

    def add_secret(self, secret: str) -> None:
        if secret and secret not in self._secrets:
            self._secrets.append(secret)
            remember_secret(secret)  # and from this process's logs (brabo.redaction)

    def redact(self, value: Any) -> Any:
        """Replace every secret this context handed out, in strings nested anywhere in ``value``."""
        if isinstance(value, str):
            return redact_text(value, self._secrets)
        if isinstance(value, dict):
            return {self.redact(k): self.redact(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.redact(v) for v in value]
        return value


# -- the entry point ------------------------------------------------------------------------------


def execute(action_id, *, may_retry: bool = False) -> None:
    """Claim, run and settle one action. Never raises for a failure of the action itself; raises
    :class:`TransientFault` only when ``may_retry`` and the claim was released for the retry."""
    action = claim(action_id)
    if action is None:
        log.info("action %s is not runnable (already claimed, settled or unknown); nothing to do", action_id)
        return
    run_claimed(action, may_retry=may_retry)


def claim(action_id) -> ProposedAction | None:
    """The claim alone (STYLE 3): the action moved to ``executing`` by this caller, loaded, or None. The
    in-process worker (actions.inprocess) claims when it accepts the work and runs it on its own thread."""
    return _claim(action_id)


def mark_started(action: ProposedAction) -> bool:
    """A claimed action that waited for a thread starts now (status-guarded): its ``executing_since`` becomes
    the real start, so the reaper measures the run, not the wait. False when it is no longer ``executing``
    (the reaper failed it while it waited): then it must not run."""
    now = timezone.now()
    started = ProposedAction.objects.filter(id=action.id, status=EXECUTING).update(executing_since=now)
    action.executing_since = now
    return bool(started)


def release_unstarted(action: ProposedAction) -> bool:
    """Hand back a claimed action that never started (its process is stopping): runnable again, due for
    dispatch, and the attempt not counted."""
    runnable = APPROVED if action.decided_by_id else AUTO_APPROVED
    return bool(
        ProposedAction.objects.filter(id=action.id, status=EXECUTING).update(
            status=runnable,
            executing_since=None,
            attempts=F("attempts") - 1,
            dispatch_due=True,
            updated_at=timezone.now(),
        )
    )


def run_claimed(action: ProposedAction, *, may_retry: bool = False) -> None:
    """Run and settle an action this caller claimed (see :func:`execute`)."""
    refused = altered(action) or agent_stopped(action)
    if refused is None and policy_recheck.held_back(action):
        return  # an auto-approval the policy in force now does not give: back to a person, or denied
    refused = refused or approval_lapsed(action)
    if refused is not None:
        settle_failed(action, *refused, attempts=action.attempts)
        return
    ctx = ExecutionContext(action)
    try:
        # A coding agent's hook proposal is a gate: the agent runs the tool itself (actions.agent_hooks).
        executor = (
            executors.agent_runs_it
            if executors.runs_in_agent(action)
            else executors.executor_for(action.action_type)
        )
        if executor is None:
            raise ExecutionFailure(
                "unknown_action_type",
                f"Brabo has no executor for action type {action.action_type!r}.",
                "Propose one of the documented action types.",
            )
        result = executor(action, ctx)
    except ExecutionFailure as failure:
        settle_failed(
            action,
            failure.code,
            ctx.redact(failure.message),
            ctx.redact(failure.next_step),
            attempts=action.attempts,
        )
        return
    except TransientFault as fault:
        if may_retry and _release_claim(action):
            log.warning("action %s: transient fault %s; will retry", action.id, fault.failure.code)
            raise
        f = fault.failure
        settle_failed(
            action, f.code, ctx.redact(f.message), ctx.redact(f.next_step), attempts=action.attempts
        )
        return
    except Exception as exc:  # anything unexpected: logged with its traceback here, a named code for people
        tb = ctx.redact("".join(traceback.format_exception(exc)))
        log.error("action %s (%s) failed unexpectedly:\n%s", action.id, action.action_type, tb)
        settle_failed(
            action,
            "internal_error",
            "The execution failed because of an internal error; it was logged with the action id.",
            "Retry by proposing the action again; if it fails again, report the action id to your Brabo operator.",
        )
        return
    if result is DEFERRED:
        return
    settle_executed(action, ctx.redact(result), attempts=action.attempts)


class _ClaimPlan:
    """The claim and the load of what the execution reads, in one PostgreSQL statement (a
    data-modifying CTE: the status-guarded UPDATE ... RETURNING, joined to the project, its workspace, the
    agent and the task), built once per connection. Through the ORM the UPDATE and the four-table
    ``select_related`` cost several times running them, on every execution, even one that fails at once."""

    def __init__(self, connection):
        self.action = Projection(ProposedAction, "a")
        self.project = Projection(Project, "p")
        self.workspace = Projection(Workspace, "w")
        self.agent = Projection(Agent, "g")
        self.task = Projection(Task, "t")
        self.parts = (self.action, self.project, self.workspace, self.agent, self.task)
        qn = connection.ops.quote_name

        def col(model, name: str) -> str:
            return qn(model._meta.get_field(name).column)

        A = ProposedAction
        table, pk, status = qn(A._meta.db_table), col(A, "id"), col(A, "status")
        self.sql = (
            # the row locked first, so the status it is claimed from is known: an ``approved`` row with
            # no person's decision on it is refused after the claim (see approval_lapsed)
            f"WITH prior AS (SELECT {pk}, {status} FROM {table} WHERE {pk} = %s AND {status} IN (%s, %s) "
            "FOR UPDATE), "
            f"c AS (UPDATE {table} SET {status} = %s, "
            f"{col(A, 'executing_since')} = %s, {col(A, 'attempts')} = {col(A, 'attempts')} + 1, "
            f"{col(A, 'dispatch_due')} = %s FROM prior WHERE {table}.{pk} = prior.{pk} "
            f"AND {table}.{status} IN (%s, %s) "
            # never before a rule's wait timer is over (a stray or early message claims nothing)
            f"AND ({col(A, 'execute_after')} IS NULL OR {col(A, 'execute_after')} <= %s) "
            f"RETURNING {table}.*, prior.{status} AS claimed_from) "
            f"SELECT {', '.join(part.select_list(connection) for part in self.parts)}, a.claimed_from "
            "FROM c AS a "
            f"JOIN {qn(Project._meta.db_table)} p ON p.{col(Project, 'id')} = a.{col(A, 'project')} "
            f"JOIN {qn(Workspace._meta.db_table)} w ON w.{col(Workspace, 'id')} = p.{col(Project, 'workspace')} "
            f"LEFT JOIN {qn(Agent._meta.db_table)} g ON g.{col(Agent, 'id')} = a.{col(A, 'agent')} "
            f"LEFT JOIN {qn(Task._meta.db_table)} t ON t.{col(Task, 'id')} = a.{col(A, 'task')}"
        )


_claim_plans: dict[str, _ClaimPlan] = {}


def _claim(action_id) -> ProposedAction | None:
    """R8.5 / STYLE 3 — claim the action with a status-guarded UPDATE (one worker or nobody) and load it with
    its project, workspace, agent and task; None when it was not runnable."""
    connection = connections[ProposedAction.objects.db]
    if connection.vendor != "postgresql":
        return _claim_through_the_orm(action_id)
    plan = _claim_plans.get(connection.alias)
    if plan is None:
        plan = _claim_plans[connection.alias] = _ClaimPlan(connection)
    meta = ProposedAction._meta
    now = meta.get_field("executing_since").get_db_prep_value(timezone.now(), connection)
    pk = meta.pk.get_db_prep_value(action_id, connection)
    params = [pk, *RUNNABLE, EXECUTING, now, False, *RUNNABLE, now]
    with connection.cursor() as cursor:
        cursor.execute(plan.sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    loaded = []
    at = 0
    for part in plan.parts:
        loaded.append(part.load(row, at, connection))
        at += part.width
    # the action is the FROM row, its project and workspace inner joins: never None (agent and task may be)
    action, project = cast(ProposedAction, loaded[0]), cast(Project, loaded[1])
    workspace, agent, task = loaded[2:]
    Project._meta.get_field("workspace").set_cached_value(project, workspace)
    meta.get_field("project").set_cached_value(action, project)
    meta.get_field("agent").set_cached_value(action, agent)
    meta.get_field("task").set_cached_value(action, task)
    action.claimed_from = row[-1]  # type: ignore[attr-defined]  # read by approval_lapsed
    return action


def _claim_through_the_orm(action_id) -> ProposedAction | None:
    """The claim on a database without the one-statement plan (SQLite in development): the row and what the
    execution reads loaded in one read, then moved by a compare-and-set on the status it was read in (another
    claim in between moves it first: this one then updates nothing and claims nothing). A redelivered message
    costs the one read."""
    now = timezone.now()
    action = (
        ProposedAction.objects.select_related("project__workspace", "task", "agent")
        .filter(id=action_id, status__in=RUNNABLE)
        .exclude(execute_after__gt=now)  # a rule's wait timer still holds it
        .first()
    )
    if action is None:
        return None
    was = action.status
    moved = (
        ProposedAction.objects.filter(id=action_id, status=was)
        .exclude(execute_after__gt=now)
        .update(status=EXECUTING, executing_since=now, attempts=F("attempts") + 1, dispatch_due=False)
    )
    if not moved:
        return None
    action.status, action.executing_since, action.dispatch_due = EXECUTING, now, False
    action.attempts += 1
    action.claimed_from = was  # type: ignore[attr-defined]  # read by approval_lapsed
    return action


def refusal_to_run(action: ProposedAction) -> tuple[str, str, str] | None:
    """Why a claimed action must not run after all, as (code, message, next step), or None: what runs is
    exactly what was approved (the payload the decision was about, where it acts, an approval that still
    stands, an agent still acting). Read from the row the claim returned, which is the row the executor acts on."""
    return altered(action) or approval_lapsed(action) or agent_stopped(action)


def altered(action: ProposedAction) -> tuple[str, str, str] | None:
    """The row is not the one that was proposed and decided: its payload, its bound fields, its signed
    decision or where it acts changed after the decision."""
    return (
        payload_changed(action) or action_changed(action) or decision_forged(action) or target_changed(action)
    )


def _claimed_from(action: ProposedAction) -> str:
    return getattr(action, "claimed_from", None) or (APPROVED if action.decided_by_id else AUTO_APPROVED)


def decision_forged(action: ProposedAction) -> tuple[str, str, str] | None:
    """The decision the row carries -- the status it was claimed from, its deciding person, the approvals that
    counted, an auto-approval's policy fingerprint -- is not the one signed when it was made
    (``actions.binding.seal_of``): a database edit approved it (a pending or denied row set approved, a decider
    named, approvals added). Only a person's approval reads its approvals (one query)."""
    status = _claimed_from(action)
    approvers = (
        list(
            ActionApproval.objects.filter(action_id=action.pk, counted=True).values_list(
                "approver_id", flat=True
            )
        )
        if status == APPROVED
        else []
    )
    if binding.seals(action, status, approvers):
        return None
    log.warning("action %s: its decision is not the one signed when it was made; not run", action.id)
    return (
        "decision_forged",
        f"The action is marked {status}, but that decision (who decided, the approvals that counted) is not one "
        "Brabo recorded: it does not match the signature taken when the action was decided, so it was not run.",
        "Propose the action again so it is decided, and find out what changed the stored action (or, if "
        "BRABO_SECRET_KEY was replaced, list the old key in BRABO_SECRET_KEY_FALLBACKS).",
    )


def payload_changed(action: ProposedAction) -> tuple[str, str, str] | None:
    """The payload no longer hashes to the ``payload_hash`` stored with it at proposal: something changed
    the stored action after it was decided (a form, an API, a database edit). Never run."""
    if payload_matches(action.payload, action.payload_hash):
        return None
    log.warning("action %s: its payload does not match the hash stored at proposal; not run", action.id)
    return (
        "payload_changed_after_approval",
        "The action's payload is not the one that was approved: it no longer matches the hash recorded "
        "when it was proposed, so it was not run.",
        "Propose the action again so its current payload is decided, and find out what changed the stored "
        "action.",
    )


def action_changed(action: ProposedAction) -> tuple[str, str, str] | None:
    """The row's project, type, agent, proposer, payload with its hash, target or merge PR are not the ones its
    keyed ``binding`` was taken of at proposal (``actions.binding``): the stored action was rewritten."""
    if binding.binds(action):
        return None
    log.warning("action %s: its stored fields do not give the binding taken at proposal; not run", action.id)
    return (
        "action_changed_after_approval",
        "The stored action is not the one that was proposed: its project, type, agent, proposer, payload or "
        "target changed after it was proposed (they no longer match the binding recorded then), so it was not "
        "run.",
        "Propose the action again so what it is now is decided, and find out what changed the stored action "
        "(or, if BRABO_SECRET_KEY was replaced, list the old key in BRABO_SECRET_KEY_FALLBACKS).",
    )


def target_changed(action: ProposedAction) -> tuple[str, str, str] | None:
    """The project's settings the action acts on (its repository, default branch, git remote, the workspace's
    provider: ``actions.targets``) are not the ones frozen with it at proposal: it was decided for another
    place. Read now, from the project the claim loaded (the provider's row only for provider types)."""
    approved = action.target if isinstance(action.target, dict) else None
    if approved == {} and not targets.acts_on_settings(action.action_type):
        return None  # the usual action: it acts on no setting, nothing to read
    now = targets.target_of(action.project, action.action_type, action.payload)
    if approved == now:
        return None
    log.warning("action %s: the settings it acts on changed since it was proposed; not run", action.id)
    changed = "; ".join(targets.changes(approved or {}, now)) or "its recorded target is unreadable"
    return (
        "target_changed_after_approval",
        f"Where the action acts is not where it was approved to act ({changed}), so it was not run.",
        "Propose the action again so it is decided for where it acts now, or set the project back.",
    )


def approval_lapsed(action: ProposedAction) -> tuple[str, str, str] | None:
    """The approval no longer stands: an ``approved`` action with no person's decision on it; under a
    two-person rule in force, fewer approvals that still count than it needs (members read now, as at
    every click); otherwise a deciding person who no longer holds the type's role in the project."""
    claimed_from = _claimed_from(action)
    if claimed_from == APPROVED and action.decided_by_id is None:
        return (
            "approval_missing",
            "The action is marked approved, but no person's decision is recorded on it, so it was not run.",
            "Propose the action again so a person decides it.",
        )
    req = quorum.requirement(action)
    if req is not None:
        good = quorum.counted(action, req)
        if req.met(good):
            return None
        return (
            "approval_quorum_not_met",
            f"The action's approval rule needs {req.describe()}; only {len(good)} approval(s) still count, "
            "so it was not run.",
            "Propose the action again and have it approved by people who meet the rule now.",
        )
    if action.decided_by_id is None:
        return None  # the policy decided it, and no rule asks for people
    minimum = ACTION_TYPES[action.action_type].min_role
    if role_at_least(project_role(action.decided_by, action.project), minimum):
        return None
    return (
        "approval_quorum_not_met",
        f"The person who approved this action no longer has the {minimum} role in its project, so their "
        "approval no longer counts and it was not run.",
        "Propose the action again and have it approved by someone who holds the role now.",
    )


def agent_stopped(action: ProposedAction) -> tuple[str, str, str] | None:
    """An action of an agent that was suspended (its principal left the workspace) or revoked after the
    action was approved does not run: the approval was given for an agent that no longer acts. Checked after
    the claim, so an approval racing a removal is caught whichever commits first."""
    agent = action.agent
    if agent is None:
        return None
    if agent.revoked_at is not None:
        return (
            "agent_revoked",
            f"The agent {agent.name} was revoked after this action was approved, so it was not run.",
            "Propose the action again from an active agent if it is still wanted.",
        )
    if agent.suspended_at is not None:
        return (
            "agent_suspended",
            f"The agent {agent.name} was suspended after this action was approved "
            f"({agent.suspended_reason or 'its principal left the workspace'}), so it was not run.",
            "A maintainer reassigns the agent to a current member; then propose the action again.",
        )
    return None


def _release_claim(action: ProposedAction) -> bool:
    """Hand a transiently failed action back to its runnable state so the retry can claim it again."""
    # decided_by is NULL for policy decisions (R8.1): such an action was auto-approved at birth.
    runnable = APPROVED if action.decided_by_id else AUTO_APPROVED
    return bool(
        ProposedAction.objects.filter(id=action.id, status=EXECUTING).update(
            status=runnable, executing_since=None, updated_at=timezone.now()
        )
    )


# -- settling -------------------------------------------------------------------------------------


def settle_executed(action: ProposedAction, result: dict, *, attempts: int | None = None) -> bool:
    """Record success. Returns False when the action was no longer ``executing`` (already settled).
    ``attempts``: the count the caller's claim read, when it has one (else it is read again)."""
    with transaction.atomic():
        now = timezone.now()
        if not ProposedAction.objects.filter(id=action.id, status=EXECUTING).update(
            # settled: its decision is spent (a row set back to runnable is no decision: decision_forged)
            status=EXECUTED,
            result=result,
            settled_at=now,
            decision_seal="",
        ):
            log.error(
                "action %s finished but was no longer executing (reaped?); its result is dropped", action.id
            )
            return False
        action.status, action.result, action.settled_at = EXECUTED, result, now
        events.record(
            events.ACTION_EXECUTED,
            project_id=action.project_id,
            actor=WORKER,
            action=action,
            payload={
                "actionType": action.action_type,
                "attempts": attempts if attempts is not None else _attempts(action),
                "summary": _summary(result),
            },
        )
        if action.action_type == "git_merge" and result.get("merged"):
            _record_merge(action, result)
        _settle_task(action)
        waiting.publish(action.id)
    return True


def settle_failed(
    action: ProposedAction, code: str, message: str, next_step: str, *, attempts: int | None = None
) -> bool:
    """Record a named failure (R9.1). Returns False when the action was no longer ``executing``.
    ``attempts``: the count the caller's claim read, when it has one (else it is read again)."""
    error = {"code": code, "message": message, "next_step": next_step}
    with transaction.atomic():
        now = timezone.now()
        if not ProposedAction.objects.filter(id=action.id, status=EXECUTING).update(
            status=FAILED, result={"error": error}, settled_at=now, decision_seal=""
        ):
            log.warning("action %s failure %s not recorded: it was no longer executing", action.id, code)
            return False
        action.status, action.result, action.settled_at = FAILED, {"error": error}, now
        events.record(
            events.ACTION_FAILED,
            project_id=action.project_id,
            actor=WORKER,
            action=action,
            payload={
                "actionType": action.action_type,
                "attempts": attempts if attempts is not None else _attempts(action),
                **_camel(error),
            },
        )
        _settle_task(action)
        waiting.publish(action.id)
    log.info("action %s failed: %s", action.id, code)
    return True


def _attempts(action: ProposedAction) -> int:
    return ProposedAction.objects.filter(id=action.id).values_list("attempts", flat=True).first() or 0


def _camel(error: dict) -> dict:
    return {"code": error["code"], "message": error["message"], "nextStep": error["next_step"]}


def _summary(result: dict) -> dict:
    """What the event keeps of a result: small facts, never command output (it can be large)."""
    return {
        k: v
        for k, v in result.items()
        if k not in ("stdout", "stderr", "output") and not isinstance(v, (dict, list))
    }


def _settle_task(action: ProposedAction) -> None:
    """R8.4 — the task hears the outcome; a task still waiting on this approval goes back to work."""
    if not action.task_id:
        return

    events.record(
        events.TASK_ACTION_SETTLED,
        project_id=action.project_id,
        actor=WORKER,
        action=action,
        payload={"taskId": str(action.task_id), "actionId": str(action.id), "status": action.status},
    )
    task_states.move_task(action.task_id, task_states.ACTION_SETTLED, actor=WORKER, action=action)


_PR_OPENING = ("pr_open", "open_adr_pr", "open_infra_pr")


def _task_the_pr_came_from(action: ProposedAction, pr: str):
    """R8.3: the task of the executed action that opened this PR; else a task whose pr_reference names it;
    else the merge's own task (a merge proposed for a PR Brabo did not open)."""
    number = int(pr) if pr.isdigit() else None  # merge_pr, or the provider's own number: canonical already
    if number is not None:
        opened = (
            ProposedAction.objects.filter(
                project_id=action.project_id,
                action_type__in=_PR_OPENING,
                status=EXECUTED,
                result__pr=number,
                task__isnull=False,
            )
            .order_by("-settled_at")
            .values_list("task_id", flat=True)
            .first()
        )
        if opened:
            return opened
        for task_id, ref in (
            Task.objects.filter(project_id=action.project_id)
            .exclude(pr_reference="")
            .values_list("id", "pr_reference")
        ):
            if pr_number_of(ref) == number:
                return task_id
    return action.task_id


def _record_merge(action: ProposedAction, result: dict) -> None:
    """R8.2 / R8.3 — remember the merged PR once, and move its task to ``done`` exactly once."""
    pr = action.merge_pr or str(result.get("pr", ""))
    try:
        with transaction.atomic():
            MergedPullRequest.objects.create(project_id=action.project_id, pr=pr, action=action)
    except IntegrityError:
        log.warning("PR %s of project %s was already recorded as merged", pr, action.project_id)
    task_id = _task_the_pr_came_from(action, pr)
    if not task_id:
        return
    # Status-guarded: of two concurrent settles only one moves the task, so only one event is written.
    task_states.move_task(
        task_id,
        task_states.PR_MERGED,
        actor=WORKER,
        action=action,
        event={"reason": "pr_merged", "source": "git_merge", "pr": pr},
    )


# -- the reaper -----------------------------------------------------------------------------------


def reap_stuck_actions(*, older_than: int | None = None) -> int:
    """Fail actions ``executing`` for longer than BRABO_EXECUTION_STUCK_AFTER seconds: their worker died
    (SIGKILL, OOM, host lost) without settling. Returns how many were failed. A later redelivery of their
    task finds them settled and does nothing, so they are never executed twice."""
    seconds = older_than if older_than is not None else settings.BRABO_EXECUTION_STUCK_AFTER
    cutoff = timezone.now() - timedelta(seconds=seconds)
    reaped = 0
    stuck = ProposedAction.objects.filter(status=EXECUTING, executing_since__lt=cutoff).select_related(
        "project"
    )
    for action in stuck.iterator():
        if settle_failed(
            action,
            "worker_lost",
            f"The worker executing this action stopped without reporting a result for over {seconds} seconds "
            "(it was killed or its host was lost). The action may or may not have taken effect.",
            "Check the repository or container for the effect, then propose the action again if it is missing.",
        ):
            reaped += 1
    return reaped
