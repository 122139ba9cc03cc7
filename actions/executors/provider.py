"""Actions executed on the git provider (GitHub/GitLab) with the workspace owner's token (R9.2)."""

from __future__ import annotations

from django.conf import settings

from ..execution import ExecutionFailure
from ..providers import provider_for


def _provider(ctx):
    kind, base_url, token = ctx.owner_credentials()
    return provider_for(kind, base_url, token, timeout=settings.BRABO_PROVIDER_TIMEOUT)


def _repo(action) -> str:
    repo = action.project.repository
    if not repo or "/" not in repo:
        raise ExecutionFailure(
            "repository_not_set",
            "The project has no provider repository set (owner/name on GitHub, the project path on GitLab).",
            "A maintainer sets the project's repository, then proposes the action again.",
        )
    return repo


def _require(payload: dict, *names: str) -> list[str]:
    values = []
    for name in names:
        value = payload.get(name)
        if not isinstance(value, str) or not value.strip():
            raise ExecutionFailure(
                "invalid_payload",
                f"The payload needs a non-empty text field {name!r}.",
                f"Propose the action again with {', '.join(names)}.",
            )
        values.append(value.strip())
    return values


def pr_number(action) -> int:
    """The PR the merge names: ``merge_pr``, the number the proposal parsed from the payload's reference
    (actions.payloads.read_payload) — not parsed again here."""
    if not action.merge_pr.isdigit():
        raise ExecutionFailure(
            "invalid_payload",
            f"{action.payload.get('pr')!r} is not a pull request reference; use its number (12, #12) or its URL.",
            "Propose the merge again with the PR's number.",
        )
    return int(action.merge_pr)


def pr_open(action, ctx) -> dict:
    """pr_open / open_adr_pr / open_infra_pr: payload ``{branch, base, title, body?}``."""
    branch, base, title = _require(action.payload, "branch", "base", "title")
    body = action.payload.get("body") or ""
    provider = _provider(ctx)
    try:
        pr = provider.open_pr(_repo(action), head=branch, base=base, title=title, body=str(body))
    finally:
        provider.close()
    return {"pr": pr.number, "url": pr.url, "branch": branch, "base": base}


def git_merge(action, ctx) -> dict:
    """Payload ``{pr, target_branch}``. The PR's real target is checked first: the policy decided on the
    proposed ``target_branch`` (protected-branch cap, R8.3), so merging into any other branch would act
    on a decision nobody made."""
    (target,) = _require(action.payload, "target_branch")
    number = pr_number(action)
    repo = _repo(action)
    provider = _provider(ctx)
    try:
        actual = provider.pr_target_branch(repo, number)
        if actual != target:
            raise ExecutionFailure(
                "target_branch_mismatch",
                f"PR {number} targets {actual!r}, but the approved merge was into {target!r}; nothing was merged.",
                f"Propose the merge again with target_branch {actual!r} so it is decided for that branch.",
            )
        outcome = provider.merge_pr(repo, number)
    finally:
        provider.close()
    if not outcome.merged:
        raise ExecutionFailure(
            "pr_not_merged",
            f"{provider.name} accepted the request but did not report PR {number} as merged.",
            "Look at the PR on the provider (checks, approvals, merge queue) and propose the merge again.",
        )
    return {"merged": True, "pr": number, "sha": outcome.sha, "target_branch": target}


def git_branch_create(action, ctx) -> dict:
    """Payload ``{branch, from?}`` (from defaults to the project's default branch)."""
    (branch,) = _require(action.payload, "branch")
    source = action.payload.get("from") or action.project.default_branch
    provider = _provider(ctx)
    try:
        return provider.create_branch(_repo(action), branch, str(source)) | {"from": source}
    finally:
        provider.close()


def git_branch_protect(action, ctx) -> dict:
    """Payload ``{branch}``."""
    (branch,) = _require(action.payload, "branch")
    provider = _provider(ctx)
    try:
        return provider.protect_branch(_repo(action), branch)
    finally:
        provider.close()


def git_repo_create(action, ctx) -> dict:
    """Payload ``{name, private?}`` (private by default)."""
    (name,) = _require(action.payload, "name")
    private = action.payload.get("private", True)
    if not isinstance(private, bool):
        raise ExecutionFailure(
            "invalid_payload", "private must be true or false.", "Propose the action again."
        )
    provider = _provider(ctx)
    try:
        return provider.create_repo(name, private=private)
    finally:
        provider.close()
