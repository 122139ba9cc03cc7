"""What activating execution seeds (SPEC R3.4, RN-689).

Three dev-terminal families go into ``allow`` (merged, never duplicated): reading the worktree; reading
git history, remotes and config only through read-anchored forms (never a bare ``git branch`` /
``git remote`` / ``git worktree`` / ``git config``, whose prefix would also cover their mutating siblings);
build and test. Every ``dev-<module>`` agent also gets ``git_commit: auto_approve`` autonomy.
"""

from __future__ import annotations

from permissions.action_types import AUTO_APPROVE

from .always import writes_autonomy_row

__all__ = ["BUILD_AND_TEST", "DEV_TERMINAL_ALLOW_PATTERNS", "READ_GIT", "READ_WORKTREE", "dev_agent_autonomy"]

READ_WORKTREE: tuple[str, ...] = tuple(
    f"Terminal({c})"
    for c in (
        "ls",
        "pwd",
        "find",
        "cat",
        "head",
        "tail",
        "grep",
        "wc",
        "echo",
        "git status",
        "git diff",
        "git log",
    )
)

READ_GIT: tuple[str, ...] = tuple(
    f"Terminal({c})"
    for c in (
        "git branch -a",
        "git branch -r",
        "git branch -v",
        "git branch --list",
        "git branch --show-current",
        "git remote -v",
        "git remote show",
        "git worktree list",
        "git show",
        "git for-each-ref",
        "git ls-tree",
        "git rev-parse",
        "git config --get",
    )
)

BUILD_AND_TEST: tuple[str, ...] = tuple(
    f"Terminal({c})"
    for c in (
        "pnpm install",
        "pnpm test",
        "npm run",
        "npm test",
        "npm ci",
        "npx vitest",
        "yarn test",
        "mix test",
        "mix compile",
        "pytest",
        "go test",
        "go build",
        "go vet",
        "cargo test",
        "cargo build",
        "cargo check",
    )
)

DEV_TERMINAL_ALLOW_PATTERNS: tuple[str, ...] = READ_WORKTREE + READ_GIT + BUILD_AND_TEST


def dev_agent_autonomy(agent_name: str) -> tuple[tuple[str, str], ...]:
    """RN-689: ``(action_type, mode)`` rows seeded for an agent; only ``dev-<module>`` agents get any."""
    return (("git_commit", AUTO_APPROVE),) if writes_autonomy_row(agent_name) else ()
