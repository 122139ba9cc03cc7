"""Gate types whose effect happens in the agent's own flow.

``propose_execution_plan``, ``assess_implementability``, ``parallelize``, ``instruction_patch`` and
``spend`` change nothing outside Brabo when they execute: the approval *is* the outcome. Executing one
records ``{"approved": true}``, which tells the waiting agent it may now proceed (run the plan, start the
parallel agents, apply the instruction patch, spend). ``raise_max_parallel`` also sets the project's limit.
"""

from __future__ import annotations

from projects.services import raise_max_parallel as raise_limit

from ..execution import ExecutionFailure

MAX_PARALLEL_CEILING = 64


def approved(action, ctx) -> dict:
    """The agent may proceed with what it proposed; nothing else happens here."""
    return {"approved": True}


def raise_max_parallel(action, ctx) -> dict:
    """Payload ``{"value": N}``: the project's new max_parallel (a raise, 1..64)."""
    value = action.payload.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_PARALLEL_CEILING:
        raise ExecutionFailure(
            "invalid_payload",
            f"raise_max_parallel needs payload {{'value': N}} with N a whole number from 1 to {MAX_PARALLEL_CEILING}; "
            f"got {value!r}.",
            "Propose the action again with a valid value.",
        )
    previous, now = raise_limit(project_id=action.project_id, value=value, action=action)
    if now != value:
        raise ExecutionFailure(
            "not_a_raise",
            f"max_parallel is already {previous}; {value} would lower it, which this action does not do.",
            "Propose a value above the current limit, or ask a maintainer to lower it in the project settings.",
        )
    return {"approved": True, "max_parallel": value, "previous": previous}
