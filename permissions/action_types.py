"""The action types (SPEC §2's 20, and ask_human, an agent's question to a person), their pattern labels and minimum roles (SPEC §2), and the role ladder.

Plain Python, no Django import: the policy engine, the API, the admin and the console all read
this one table, so a new type or a changed minimum is a one-line change here.
"""

from __future__ import annotations

from dataclasses import dataclass

# R1.1 — the role ladder. Higher number = more power.
DEVELOPER = "developer"
MAINTAINER = "maintainer"
OWNER = "owner"
ROLE_RANK: dict[str, int] = {DEVELOPER: 1, MAINTAINER: 2, OWNER: 3}
ROLES: tuple[str, ...] = (DEVELOPER, MAINTAINER, OWNER)


def role_at_least(role: str | None, minimum: str) -> bool:
    """True when ``role`` meets ``minimum``. An unknown or missing role meets nothing (fail closed)."""
    if role not in ROLE_RANK:
        return False
    return ROLE_RANK[role] >= ROLE_RANK[minimum]


@dataclass(frozen=True)
class ActionType:
    name: str  # snake_case, the API's action_type
    label: str  # PascalCase, the permissions.json label (R3.2)
    min_role: str  # R2.1


_TABLE: tuple[tuple[str, str, str], ...] = (
    ("terminal", "Terminal", DEVELOPER),
    ("git_commit", "GitCommit", DEVELOPER),
    ("write_file", "WriteFile", DEVELOPER),
    ("git_push", "GitPush", MAINTAINER),
    ("pr_open", "PrOpen", MAINTAINER),
    ("git_repo_create", "GitRepoCreate", MAINTAINER),
    ("git_branch_create", "GitBranchCreate", MAINTAINER),
    ("git_branch_protect", "GitBranchProtect", MAINTAINER),
    ("open_adr_pr", "OpenAdrPr", MAINTAINER),
    ("open_infra_pr", "OpenInfraPr", MAINTAINER),
    ("git_merge", "GitMerge", MAINTAINER),
    ("instruction_patch", "InstructionPatch", MAINTAINER),
    ("parallelize", "Parallelize", MAINTAINER),
    ("raise_max_parallel", "RaiseMaxParallel", MAINTAINER),
    ("propose_execution_plan", "ProposeExecutionPlan", MAINTAINER),
    ("assess_implementability", "AssessImplementability", MAINTAINER),
    ("container_start", "ContainerStart", MAINTAINER),
    ("container_stop", "ContainerStop", MAINTAINER),
    ("container_remove", "ContainerRemove", MAINTAINER),
    ("spend", "Spend", OWNER),
    # an agent's question to a person; never executed, its result is the person's answer
    ("ask_human", "AskHuman", DEVELOPER),
    # one call of an MCP server's tool {server, tool, arguments}, run by the agent (runs_in: agent)
    ("mcp_call", "McpCall", DEVELOPER),
)

ACTION_TYPES: dict[str, ActionType] = {n: ActionType(n, lbl, r) for n, lbl, r in _TABLE}
LABEL_TO_TYPE: dict[str, str] = {a.label: a.name for a in ACTION_TYPES.values()}

# R7.1 — "always allow" is refused for exactly these types (HTTP 400 teto_do_sempre_permitir).
# The console hides its button for exactly this list; a test checks the template against it.
ALWAYS_ALLOW_REFUSED: frozenset[str] = frozenset(
    {
        "git_push",
        "pr_open",
        "git_merge",
        "container_remove",
        "instruction_patch",
        "parallelize",
        "raise_max_parallel",
    }
)

# R2.3 — proposed by people on the containers page, never by agents.
PERSON_ONLY_TYPES: frozenset[str] = frozenset({"container_stop", "container_remove"})

# a question to a person. No policy, autonomy row or autopilot decides it (always pending until a
# person answers or denies it, or it expires) and no worker executes it: the answer is its result. It is
# answered, never approved, so "Always allow" is not offered either (apart from R7.1's list, which SPEC fixes).
QUESTION_TYPES: frozenset[str] = frozenset({"ask_human"})

# R2.3 — these suspend the Dev Lead's turn while pending.
SUSPENDING_TYPES: frozenset[str] = frozenset({"propose_execution_plan", "assess_implementability"})

# Autonomy modes (SPEC §5 step 3).
AUTO_APPROVE = "auto_approve"
REQUIRE_APPROVAL = "require_approval"
DENY = "deny"
MODES: tuple[str, ...] = (AUTO_APPROVE, REQUIRE_APPROVAL, DENY)
WILDCARD = "*"
