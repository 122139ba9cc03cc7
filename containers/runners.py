"""Runners (R9.3): the machine-side executors of ``mounted`` and ``runner`` projects.

A maintainer registers a runner for a project and gets its key once. The runner long-polls for work
(``GET /api/runner/work/``): an action the worker handed off (:func:`hand_off`), claimed with a
status-guarded update so two runners never take the same one. It reports the outcome once, which settles
the action like any other execution. "No connected runner" (none polled recently) and "the runner
refused" are named failures.
"""

from __future__ import annotations

import time

from django.db import transaction
from django.utils import timezone

from actions import waiting
from actions.execution import refusal_to_run, settle_executed, settle_failed
from actions.models import EXECUTING, ProposedAction
from brabo.errors import DomainError
from brabo.storable import json_problem
from projects.services import require_project_role

from .lifecycle import after_runner_outcome
from .models import CLAIMED, QUEUED, REPORTED, Runner, RunnerWork

MAX_POLL_SECONDS = 30
MAX_RESULT_CHARS = 1_000_000


@transaction.atomic(durable=True)
def issue_runner(*, actor, project, name: str) -> tuple[Runner, str]:
    """Register a runner (maintainer+); returns (runner, key). The key is shown once."""
    require_project_role(actor, project, "maintainer", "Registering a runner")

    name = (name or "").strip()
    if not name or len(name) > 80:
        raise DomainError(
            "name is required (at most 80 characters), e.g. laptop-olivia.", field="name", reason="invalid"
        )
    if Runner.objects.filter(project=project, name=name).exists():
        raise DomainError(
            f"a runner named {name!r} already exists in this project.",
            field="name",
            status=409,
            reason="runner_name_taken",
        )
    key, key_hash = Runner.new_key()
    return Runner.objects.create(project=project, name=name, key_hash=key_hash, created_by=actor), key


def revoke_runner(runner: Runner, *, actor) -> int:
    """Revoke a runner's key at once: it answers 401 from then on. Work it had claimed and not reported can
    no longer be reported, so it fails now as ``runner_revoked`` instead of waiting for the reaper; work
    still queued stays for the project's other runners. Returns how many actions were failed. Idempotent."""
    require_project_role(actor, runner.project, "maintainer", "Revoking a runner")  # STYLE 13
    failed = 0
    with transaction.atomic(durable=True):
        locked = Runner.objects.select_for_update().get(id=runner.id)
        if locked.revoked_at is None:
            locked.revoked_at = timezone.now()
            locked.save(update_fields=["revoked_at"])
        runner.revoked_at = locked.revoked_at
        claimed = (
            RunnerWork.objects.select_for_update()
            .select_related("action__project")
            .filter(runner_id=runner.id, state=CLAIMED)
        )
        message = (
            f"The runner {runner.name} was revoked while it held this action, so its report can no longer "
            "be accepted. The action may or may not have taken effect on the runner's machine."
        )
        for work in claimed:
            if work.action.status == EXECUTING:
                after_runner_outcome(work.action, succeeded=False, error=message)
            if settle_failed(
                work.action,
                "runner_revoked",
                message,
                "Check the runner's machine for the effect, then propose the action again if it is missing.",
            ):
                failed += 1
            RunnerWork.objects.filter(id=work.id).update(state=REPORTED, reported_at=timezone.now())
    return failed


class RunnerRevoked(Exception):
    """The runner was revoked after its request was authenticated (during a long-poll, say)."""


def _touch_unless_revoked(runner: Runner) -> None:
    """Mark the runner seen, or raise RunnerRevoked. Inside a transaction the UPDATE holds the runner's row,
    so a claim or report is ordered against :func:`revoke_runner`, which takes the same row first: a revoked
    runner never claims or reports anything after its revocation commits."""
    if not Runner.objects.filter(id=runner.id, revoked_at__isnull=True).update(last_seen_at=timezone.now()):
        raise RunnerRevoked(f"The runner {runner.name} was revoked; ask a maintainer to register it again.")


def _queued(project_id):
    return RunnerWork.objects.filter(project_id=project_id, state=QUEUED, action__status=EXECUTING)


def claim_work(runner: Runner, *, timeout: float) -> RunnerWork | None:
    """Long-poll: the oldest queued work of the runner's project, claimed by this runner, or None.

    Between attempts it sleeps on the project's runner-work channel (``actions.waiting``), woken when
    work is handed off, with a re-check every few seconds as a safety net; not a database poll loop."""
    deadline = time.monotonic() + max(0.0, min(timeout, MAX_POLL_SECONDS))
    while True:
        with transaction.atomic():
            _touch_unless_revoked(runner)
            work = (
                _queued(runner.project_id)
                .select_for_update(skip_locked=True, of=("self",))
                .select_related("action__agent", "action__project")
                .order_by("created_at", "id")
                .first()
            )
            if work is not None:
                # handed off before its payload was changed, its approval lapsed or its agent was stopped:
                # not run (the payload read here, in the claiming transaction, is the one the runner gets)
                refused = refusal_to_run(work.action)
                if refused is not None:
                    settle_failed(work.action, *refused)
                    RunnerWork.objects.filter(id=work.id).update(state=REPORTED, reported_at=timezone.now())
                    continue
                work.state, work.runner, work.claimed_at = CLAIMED, runner, timezone.now()
                work.save(update_fields=["state", "runner", "claimed_at"])
                return work
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        # another runner may claim what woke us: then the loop sleeps again until the deadline
        waiting.wait_for(
            waiting.runner_work_key(runner.project_id), _queued(runner.project_id).exists, remaining
        )


class ReportRefused(Exception):
    """The report does not apply (not this runner's claimed work, or already reported)."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


def report(runner: Runner, action_id, *, outcome: str, result=None, error=None) -> ProposedAction:
    """Settle the action from the runner's report: ``executed`` (with ``result``), ``failed`` (with
    ``error {code, message}``) or ``refused`` (the runner would not run it)."""
    import json

    with transaction.atomic():
        _touch_unless_revoked(runner)
        work = (
            RunnerWork.objects.select_for_update()
            .select_related("action__project")
            .filter(action_id=action_id, project_id=runner.project_id)
            .first()
        )
        if work is None or work.runner_id != runner.id:
            raise ReportRefused("No work with this id is claimed by this runner.", 404)
        if work.state != CLAIMED:
            raise ReportRefused("This work was already reported.", 409)
        action = work.action
        if outcome == "executed":
            if not isinstance(result, dict) or len(json.dumps(result)) > MAX_RESULT_CHARS:
                raise ReportRefused("result must be a JSON object of at most 1 MB.", 400)
            problem = json_problem(result, "result")
            if problem:
                raise ReportRefused(f"{problem}; send UTF-8 text and finite numbers only.", 400)

            after_runner_outcome(action, succeeded=True)
            settled = settle_executed(action, result)
        elif outcome in ("failed", "refused"):
            error = error if isinstance(error, dict) else {}
            said = str(error.get("message") or "")[:1000]
            if json_problem(error, "error"):
                raise ReportRefused("error must hold UTF-8 text only (no NUL, no lone surrogate).", 400)
            after_runner_outcome_failed(action, said)
            if outcome == "refused":
                settled = settle_failed(
                    action,
                    "runner_refused",
                    f"The runner {runner.name} refused to run this action."
                    + (f" It said: {said}" if said else ""),
                    "Check the runner's own policy and logs on its machine, then propose the action again.",
                )
            else:
                code = str(error.get("code") or "runner_failed")[:60]
                settled = settle_failed(
                    action,
                    code,
                    f"The runner {runner.name} could not complete the action."
                    + (f" It said: {said}" if said else ""),
                    "Read the runner's message, fix the cause on its machine, then propose the action again.",
                )
        else:
            raise ReportRefused("outcome must be executed, failed or refused.", 400)
        if not settled:
            raise ReportRefused("The action was already settled (for example failed as worker_lost).", 409)
        RunnerWork.objects.filter(id=work.id).update(state=REPORTED, reported_at=timezone.now())
    action.refresh_from_db()
    return action


def after_runner_outcome_failed(action, said: str) -> None:
    after_runner_outcome(action, succeeded=False, error=said)
