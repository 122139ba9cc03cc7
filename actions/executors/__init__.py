"""The registry: action_type → executor. An executor is ``fn(action, ctx) -> dict`` (the JSON result),
raises ``ExecutionFailure`` / ``TransientFault``, or returns ``DEFERRED`` when someone else (a runner) will
settle the action. One module per concept; imports are lazy so a worker loads only what it runs."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from ..execution import ExecutionFailure

_REGISTRY: dict[str, str] = {
    "terminal": "actions.executors.terminal:run_terminal",
    "git_commit": "actions.executors.git_local:git_commit",
    "write_file": "actions.executors.git_local:write_file",
    "git_push": "actions.executors.git_local:git_push",
    "pr_open": "actions.executors.provider:pr_open",
    "open_adr_pr": "actions.executors.provider:pr_open",
    "open_infra_pr": "actions.executors.provider:pr_open",
    "git_merge": "actions.executors.provider:git_merge",
    "git_branch_create": "actions.executors.provider:git_branch_create",
    "git_branch_protect": "actions.executors.provider:git_branch_protect",
    "git_repo_create": "actions.executors.provider:git_repo_create",
    "propose_execution_plan": "actions.executors.approval_only:approved",
    "assess_implementability": "actions.executors.approval_only:approved",
    "parallelize": "actions.executors.approval_only:approved",
    "instruction_patch": "actions.executors.approval_only:approved",
    "spend": "actions.executors.approval_only:approved",
    "raise_max_parallel": "actions.executors.approval_only:raise_max_parallel",
    "container_start": "containers.lifecycle:container_start",
    "container_stop": "containers.lifecycle:container_stop",
    "container_remove": "containers.lifecycle:container_remove",
}


def executor_for(action_type: str) -> Callable:
    target = _REGISTRY.get(action_type)
    if target is None:
        raise ExecutionFailure(
            "unknown_action_type",
            f"Brabo has no executor for action type {action_type!r}.",
            "Propose one of the documented action types.",
        )
    module, name = target.split(":")
    return getattr(import_module(module), name)


def registered_types() -> frozenset[str]:
    return frozenset(_REGISTRY)
