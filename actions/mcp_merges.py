"""An MCP merge tool's base branch, read from the code host before the call is decided (SPEC §5 step 6).

GitHub's MCP server merges a pull request by ``{owner, repo, pullNumber}`` alone: the branch it merges into is
not in the call, so the protected-branch cap cannot read it there. Brabo reads the pull request through the
workspace's own provider adapter (the owner's token, as executors act, R9.2) and writes its base into the
payload under ``permissions.mcp.LOOKED_UP_BASE`` — ``{"branch": NAME}``, or ``{"error": WHY}`` when it
could not, which the cap treats as a protected branch (fail closed). A proposer's own value under that key is
dropped first: only Brabo says what it read. A merge a hub's caller tool makes (``use_mcp_tool {server_name:
github, ...}``) is read alike when each reading of the call names the same pull request (``merge_lookup``).

The read happens once, at proposal, and is what the decision and the person see; the agent makes the merge
itself afterwards, so a base changed on the code host in between is not seen (the executor of Brabo's own
``git_merge`` re-reads it; an agent's MCP call is not Brabo's to run).
"""

from __future__ import annotations

from django.conf import settings

from permissions.mcp import LOOKED_UP_BASE, merge_lookup

from .execution import ExecutionFailure, TransientFault, owner_credentials
from .providers import provider_for
from .providers.base import HttpAdapter

# Seconds: the read sits in a proposal (a hook waits on it), so it is bounded well below an agent's hook
# timeout even when the provider timeout is set longer for executors.
LOOKUP_TIMEOUT = 5.0


def with_looked_up_base(project, payload: dict) -> dict:
    """``payload`` (an mcp_call's) without any proposer-sent LOOKED_UP_BASE, and with Brabo's own when the
    call is a merge (a base argument in it is not where the merge goes: permissions.mcp.merge_target)."""
    payload = {k: v for k, v in payload.items() if k != LOOKED_UP_BASE}
    wanted = merge_lookup(payload)
    if wanted is None:
        return payload
    kind, owner, repo, number = wanted
    payload[LOOKED_UP_BASE] = read_base(project, kind, f"{owner}/{repo}", number)
    return payload


def read_base(project, kind: str, repo: str, number: int) -> dict:
    """``{"branch": base}`` of pull request ``number`` of ``repo`` on the workspace's ``kind`` provider, or
    ``{"error": why}`` (no credentials, another provider, the PR unreadable) — never the token."""
    try:
        provider_kind, base_url, token = owner_credentials(project)
    except (
        ExecutionFailure
    ) as exc:  # the code only: the payload is the agent's to read, the owner's details not
        return {"error": f"the workspace has no usable provider token ({exc.code})"}
    if provider_kind != kind:
        return {"error": f"the workspace's git provider is {provider_kind}, not {kind}"}
    timeout = min(float(settings.BRABO_PROVIDER_TIMEOUT), LOOKUP_TIMEOUT)
    provider = provider_for(provider_kind, base_url, token, timeout=timeout)
    try:
        branch = provider.pr_target_branch(repo, number)
    except ExecutionFailure as exc:
        return {"error": f"{kind} did not give pull request #{number} of {repo} ({exc.code})"}
    except TransientFault as exc:
        return {"error": f"{kind} did not answer for pull request #{number} of {repo} ({exc.failure.code})"}
    except (KeyError, TypeError, ValueError):
        return {"error": f"{kind}'s answer for pull request #{number} of {repo} names no base branch"}
    finally:
        if isinstance(provider, HttpAdapter):  # GitHub's and GitLab's hold an HTTP client
            provider.close()
    if not isinstance(branch, str) or not branch:
        return {"error": f"{kind}'s answer for pull request #{number} of {repo} names no base branch"}
    return {"branch": branch}
