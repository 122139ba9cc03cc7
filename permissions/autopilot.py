"""What autopilot (auto mode, the wildcard ``"*": auto_approve``) releases and what it never releases.

ADR 0189 §4: one list, shown in the three places that turn auto mode on or rely on it — the agent card
(under the switch), the switch's confirmation, and the approval queue / action detail help. Defined once
here so the three places cannot drift. Plain Python, no Django import.

The "never" half is SPEC §5 step 6 (the caps, applied after everything) plus the user's own deny/ask rules
(ADR 0189 §1); the "releases" half is everything else — it is born here, as the ADR says.
"""

from __future__ import annotations

from dataclasses import dataclass

from permissions.action_types import ALWAYS_ALLOW_REFUSED

__all__ = ["AUTOPILOT", "Autopilot", "CAPPED_TYPES"]

# Typed actions a cap always turns back into a person's decision (SPEC §5 step 6). git_merge is capped
# only into a protected branch, so it is listed by sentence, not as a type.
CAPPED_TYPES: frozenset[str] = frozenset(
    {"instruction_patch", "parallelize", "raise_max_parallel", "container_remove", "git_push", "pr_open"}
)


@dataclass(frozen=True)
class Autopilot:
    releases: tuple[str, ...]
    never_releases: tuple[str, ...]
    summary: str


AUTOPILOT = Autopilot(
    summary=(
        "Autopilot approves everything the agent proposes, except the caps below; "
        "your deny rules still deny and your ask rules still ask."
    ),
    releases=(
        "Terminal commands without an external effect — tests, builds, linters, file edits through the shell",
        "Compound commands (a && b, pipes) even when a segment has no allow rule",
        "Paths outside the project folder: commands run inside the project's container",
        "git commit and local branches (git checkout -b, git switch -c, git branch)",
        "Typed actions without a cap: git_commit, write_file, git_branch_create, container_start, …",
    ),
    never_releases=(
        "git push, git remote add/set-url, git merge, PRs, releases and workflow runs through the terminal",
        "Deploys and publishing: kubectl, helm, terraform apply/destroy, docker push, npm/cargo publish, twine",
        "Privileged commands: sudo, doas",
        "Merges into a protected branch (dev, qa, rc, main by default)",
        "Typed git_push and pr_open",
        "container_remove (forces full re-provisioning)",
        "instruction_patch (changing an agent's instructions)",
        "parallelize and raise_max_parallel (spending on more agents)",
        "Anything a deny rule in permissions.json denies, or an ask rule asks",
    ),
)

# The caps are a subset of the types "always allow" refuses: autopilot never releases what a person may
# not make permanent either (git_merge is in R7.1 but capped only into protected branches).
assert CAPPED_TYPES <= ALWAYS_ALLOW_REFUSED
