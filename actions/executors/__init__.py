"""The registry: action_type → executor — the port through which execution reaches the apps above actions
. An executor is ``fn(action, ctx) -> dict`` (the JSON result), raises ``ExecutionFailure`` /
``TransientFault``, or returns ``DEFERRED`` when someone else (a runner) will settle the action; outcomes
flow back through ``actions.execution.settle_executed`` / ``settle_failed``.

Actions registers its own executors here; the containers app registers the ones that run on a host, a
sandbox or a container (plugged in by ``brabo.wiring``) — actions never imports them. Targets are
"module:function" strings, imported on first use, so a worker loads only what it runs."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

_REGISTRY: dict[str, str] = {
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
}


# Types a coding agent's hook may propose for the agent itself to run (``actions.agent_hooks``).
# An mcp_call is always one: Brabo holds no MCP client of the agent's servers.
AGENT_RUN_TYPES = frozenset({"terminal", "write_file", "mcp_call"})


def runs_in_agent(action) -> bool:
    """A hook's proposal (``payload.runs_in == "agent"``): the agent runs the tool after the allow, so
    Brabo executing it too would run it twice."""
    return action.action_type in AGENT_RUN_TYPES and action.payload.get("runs_in") == "agent"


def agent_runs_it(action, ctx) -> dict:
    """The decision was the gate; the agent runs the tool on its own machine after the hook's allow."""
    return {"approved": True, "runs_in": "agent"}


def register(action_type: str, target: str) -> None:
    """An app above actions offers the executor of ``action_type`` ("module:function"). One executor per
    type: registering a type twice with another target is a wiring error, refused at start."""
    if _REGISTRY.get(action_type, target) != target:
        raise ValueError(f"{action_type!r} already runs through {_REGISTRY[action_type]}, not {target}")
    _REGISTRY[action_type] = target


def executor_for(action_type: str) -> Callable | None:
    """The executor of ``action_type``; None when no app offers one (the caller fails it by name)."""
    target = _REGISTRY.get(action_type)
    if target is None:
        return None
    module, name = target.split(":")
    return getattr(import_module(module), name)


def registered_types() -> frozenset[str]:
    return frozenset(_REGISTRY)


def types_run_by(module: str) -> frozenset[str]:
    """The action types whose executor lives in ``module`` (e.g. the provider's: the owner's token, R9.2)."""
    return frozenset(t for t, target in _REGISTRY.items() if target.partition(":")[0] == module)


def types_run_elsewhere() -> frozenset[str]:
    """The action types an app above actions runs (a host, a sandbox, a container, a runner: where the project
    runs its work), as registered so far."""
    return frozenset(t for t, target in _REGISTRY.items() if not target.startswith("actions."))
