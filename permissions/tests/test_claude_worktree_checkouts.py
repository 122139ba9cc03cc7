"""[beyond] R3.7, friction found with the real Claude Code (tests/agents_e2e/test_agents_e2e_subagents.py): a
worktree Claude Code makes -- EnterWorktree, or a subagent started with ``isolation: "worktree"`` -- is a checkout
of the project at ``.claude/worktrees/NAME/``. Every file in it lay under ``.claude/``, the agent's own
configuration, so each Write or Edit there was refused outright and each shell write asked: an agent working in
its worktree could change nothing. A file inside such a checkout is now judged as the project's own file at
that place (``src/a.py`` is ordinary); the checkout's ``.claude/``, ``.git``, hooks, CI files and policy file
stay protected, and so do the checkout's folder itself, ``.claude/worktrees`` and anything that climbs out of a
checkout with ``..``. Only a literal name at the project's top counts.
"""

from __future__ import annotations

import pytest

from actions.agent_hooks import PROTOCOLS
from permissions.protected_paths import protected_file
from permissions.tests.redteam import never_auto_where, stays_auto_where, typed_write_never_auto

from .helpers import AUTO_MODE, term

ROOT = "/home/ana/app"

ORDINARY_FILES = [
    ".claude/worktrees/wt1/src/app.py",
    ".claude/worktrees/wt1/README.md",
    ".claude/worktrees/agent-a1b2c3/tests/test_x.py",
    ".claude/worktrees/wt1/docs/CLAUDE.md",
    ".claude/worktrees/a/.claude/worktrees/b/src/x.py",
    ".CLAUDE/Worktrees/WT1/src/app.py",
]

STILL_PROTECTED = [
    ".claude/worktrees/wt1/.claude/settings.json",
    ".claude/worktrees/wt1/.claude/settings.local.json",
    ".claude/worktrees/wt1/.claude/skills/deploy/SKILL.md",
    ".claude/worktrees/wt1/.git",
    ".claude/worktrees/wt1/.husky/pre-commit",
    ".claude/worktrees/wt1/.github/workflows/ci.yml",
    ".claude/worktrees/wt1/permissions.json",
    ".claude/worktrees/wt1/.vscode/tasks.json",
    ".claude/worktrees/a/.claude/worktrees/b/.git/hooks/pre-push",
    ".claude/worktrees/wt1",
    ".claude/worktrees",
    ".claude/worktrees/wt1/../../settings.json",
    ".claude/worktrees/wt1/src/../../../settings.json",
    ".claude/worktrees/*/src/app.py",
    ".claude/worktrees/../settings.json",
    ".claude/settings.json",
    "src/.claude/worktrees/wt1/app.py",
]


@pytest.mark.parametrize("path", ORDINARY_FILES)
def test_a_file_of_a_worktree_checkout_is_the_project_s_own(path):
    assert protected_file(path) is None, path
    v = term(f"echo x > {path}", autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (path, v.reason, v.message)


@pytest.mark.parametrize("path", STILL_PROTECTED)
def test_what_decides_what_runs_stays_protected_inside_a_checkout(path):
    assert protected_file(path) is not None, path
    if "*" not in path:
        typed_write_never_auto(path)
    never_auto_where(f"echo x > '{path}'")


@pytest.mark.parametrize(
    "command",
    [
        "cd .claude/worktrees/wt1 && echo x > .claude/settings.json",
        "cd .claude/worktrees/wt1 && echo x > .git/hooks/pre-commit",
        "cd .claude/worktrees/wt1/src && echo x > ../../settings.json",
        "cd .claude/worktrees/wt1 && cd .. && echo x > settings.json",
        "rm -rf .claude/worktrees/wt1",
        "cd .claude/worktrees/wt1 && rm -rf .claude",
    ],
)
def test_a_shell_in_a_checkout_still_cannot_reach_the_agent_s_configuration(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "cd .claude/worktrees/wt1 && echo x > src/app.py",
        "cd .claude/worktrees/wt1 && git status && npm test",
        "sed -i s/a/b/ .claude/worktrees/wt1/src/app.py",
        "cp .claude/worktrees/wt1/src/app.py .claude/worktrees/wt1/src/app_old.py",
    ],
)
def test_a_shell_working_in_a_checkout_stays_auto_approved(command):
    stays_auto_where(command, ("agent", "sandbox"))


def _write(tool_input):
    body = {"session_id": "s", "cwd": ROOT, "hook_event_name": "PreToolUse", "tool_name": "Write"}
    return PROTOCOLS["claude-code"].map({**body, "tool_input": tool_input}, ROOT)


def test_claude_code_s_write_in_its_worktree_is_proposed_and_its_settings_there_refused():
    mapped = _write({"file_path": f"{ROOT}/.claude/worktrees/wt1/src/app.py", "content": "x = 1\n"})
    assert mapped.refusal == "" and [p.payload["path"] for p in mapped.proposals] == [
        ".claude/worktrees/wt1/src/app.py"
    ]
    mapped = _write({"file_path": f"{ROOT}/.claude/worktrees/wt1/.claude/settings.json", "content": "{}"})
    assert mapped.refusal == "agent_settings" and not mapped.proposals
