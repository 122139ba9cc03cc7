"""Git provider port (GitHub, GitLab, local bare repositories) used by provider executors with the workspace owner's token (R9.2)."""

from __future__ import annotations

from ..execution import ExecutionFailure
from .base import GitProvider, MergeOutcome, PullRequest
from .github import GitHub
from .gitlab import GitLab
from .local import LocalGit

DEFAULT_BASE_URLS = {"github": "https://api.github.com", "gitlab": "https://gitlab.com/api/v4"}


def provider_for(kind: str, base_url: str, token: str, *, timeout: float = 30.0) -> GitProvider:
    base = (base_url or DEFAULT_BASE_URLS.get(kind, "")).rstrip("/")
    if kind == "github":
        return GitHub(base, token, timeout=timeout)
    if kind == "local":
        from pathlib import Path

        return LocalGit(Path(base_url))  # the workspace's own folder (ExecutionContext.owner_credentials)
    if kind == "gitlab":
        if not base.endswith("/api/v4"):
            base += "/api/v4"
        return GitLab(base, token, timeout=timeout)
    raise ExecutionFailure(
        "provider_not_configured",
        f"The workspace's git provider is {kind or 'not set'}; Brabo speaks github, gitlab and local.",
        "The workspace owner sets the provider (github, gitlab or local) and its token in the workspace settings.",
    )


__all__ = ["GitProvider", "MergeOutcome", "PullRequest", "provider_for"]
