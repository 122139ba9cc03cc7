"""§5, where it runs: Claude Code's subagents, through the real CLI (2.1.332). ``brabo hook install`` lets
Claude Code's ``Agent`` tool (a subagent launch) through without a person because the subagent's own tool
calls come through the same PreToolUse hook; these runs prove it, and that Brabo's refusal stops them:

* a general-purpose subagent, in the foreground and in the background (``run_in_background``, the default
  in this release), and a subagent the project defines (``.claude/agents/x.md``, its own ``tools:`` list and
  ``permissionMode: bypassPermissions``) — each calls Bash or Write, the hook input names the subagent
  (``agent_id``, ``agent_type``), and Brabo's refusal (no rule: a person's wait that ends) keeps the file
  from appearing. One allowed ``touch`` shows the subagent does run what Brabo allows.
* ``isolation: "worktree"`` runs ``git worktree add`` (a branch ``worktree-agent-<id>`` and a checkout under
  .claude/worktrees/) before the subagent makes any call — as EnterWorktree does — and ``"remote"`` runs it in
  a cloud environment (this release, without a claude.ai login, falls back to the local worktree): both wait
  for a person now (actions/agent_hooks.py ``subagent``), and nothing is created.

The stand-in model answers the subagent's own conversation by its task (``ToolCall.task``): the text the main
conversation's Agent call hands over, which opens the subagent's first user message.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from .agents import dirs_for, git_project, hook_inputs, run_agents
from .model_stub import ToolCall

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]

TASK = "BRABO-SUBAGENT-TASK"
DEFINED = (
    "---\nname: x\ndescription: Runs the project's chores\ntools: Bash, Write, Read\n"
    "permissionMode: bypassPermissions\n---\nYou run the project's chores.\n"
)


def _launch(name: str, **extra) -> ToolCall:
    task = f"{TASK}-{name}: do the chore."
    return ToolCall("Agent", {"description": "do the chore", "prompt": task, **extra}, "toolu_e2e_agent")


def _in_subagent(name: str, call: ToolCall) -> ToolCall:
    call.task, call.call_id = f"{TASK}-{name}:", "toolu_e2e_sub"
    return call


def _bash(command: str) -> ToolCall:
    return ToolCall("Bash", {"command": command, "description": "run it"})


def test_a_subagents_tool_calls_go_through_brabo(agent_clis, brabo, tmp_path):
    brabo.policy(allow=["Terminal(touch allowed-*)"])
    out = tmp_path / "out"
    out.mkdir()
    runs: dict[str, tuple[dict, str, str]] = {
        # name: (the Agent call's arguments, the subagent's tool, its agent_type in the hook input)
        "general": (
            {"subagent_type": "general-purpose", "run_in_background": False},
            "Bash",
            "general-purpose",
        ),
        "background": ({"run_in_background": True}, "Bash", "general-purpose"),
        "defined": ({"subagent_type": "x"}, "Write", "x"),
        "allowed": ({"subagent_type": "general-purpose"}, "Bash", "general-purpose"),
    }
    jobs, captures, files = {}, {}, {}
    for name, (launch, tool, _) in runs.items():
        project, home = dirs_for(tmp_path, name)
        definition = project / ".claude" / "agents" / "x.md"
        definition.parent.mkdir(parents=True)
        definition.write_text(DEFINED)
        files[name] = project / f"allowed-{name}.txt" if name == "allowed" else out / name
        inner = (
            _bash(f"touch {files[name].name}" if name == "allowed" else f"touch {files[name]}")
            if tool == "Bash"
            else ToolCall("Write", {"file_path": str(project / "chore.txt"), "content": "x\n"})
        )
        if tool == "Write":
            files[name] = project / "chore.txt"
        captures[name] = tmp_path / f"{name}.hook.jsonl"
        jobs[name] = dict(
            agent="claude-code",
            clis=agent_clis,
            call=[_launch(name, **launch), _in_subagent(name, inner)],
            project=project,
            home=home,
            hook=brabo.hook(capture=captures[name]),
            allowed=("Agent",),
        )
    done = run_agents(jobs)
    proposed = {a.payload.get("command") or a.payload.get("path"): a.status for a in brabo.actions()}
    failures = []
    for name, run in done.items():
        launch, tool, agent_type = runs[name]
        seen = [(h["tool_name"], h.get("agent_type")) for h in hook_inputs(captures[name])]
        made = files[name].exists()
        problems = []
        if run.returncode != 0:
            problems.append("the agent failed")
        if ("Agent", None) not in seen:
            problems.append("the launch did not reach Brabo")
        if (tool, agent_type) not in seen:
            problems.append(f"the subagent's {tool} did not reach Brabo's hook")
        if made != (name == "allowed"):
            problems.append(
                "the file appeared though Brabo refused" if made else "the allowed touch did not run"
            )
        if problems:
            failures.append(f"--- {name}: {problems}; hook ran for {seen}\n{run.describe()}")
    assert not failures, "\n".join(failures)
    # each subagent call was judged by Brabo (a proposal); the launches were not (nothing to judge)
    assert set(proposed) == {
        f"touch {out}/general",
        f"touch {out}/background",
        "chore.txt",
        "touch allowed-allowed.txt",
    }
    assert proposed.pop("touch allowed-allowed.txt") in ("auto_approved", "executing", "executed"), proposed
    assert set(proposed.values()) <= {"pending", "denied"}, proposed


def test_a_subagent_in_a_place_of_its_own_waits_for_a_person(agent_clis, brabo, tmp_path):
    """``isolation: "worktree"`` (and ``"remote"``, which falls back to a local worktree here) would create a
    branch and a checkout before the subagent's first call; a person decides, so neither appears, and the
    subagent never starts."""
    jobs, captures = {}, {}
    for isolation in ("worktree", "remote"):
        project, home = dirs_for(tmp_path, isolation)
        git_project(project)
        captures[isolation] = tmp_path / f"{isolation}.hook.jsonl"
        jobs[isolation] = dict(
            agent="claude-code",
            clis=agent_clis,
            call=[
                _launch(isolation, isolation=isolation, run_in_background=False),
                _in_subagent(isolation, _bash("touch chore.txt")),
            ],
            project=project,
            home=home,
            hook=brabo.hook(capture=captures[isolation]),
            allowed=("Agent",),
        )
    done = run_agents(jobs)
    failures = []
    for name, run in done.items():
        git = subprocess.run(
            ["git", "worktree", "list", "--porcelain"], cwd=run.project, capture_output=True, text=True
        ).stdout
        branches = subprocess.run(
            ["git", "branch", "--format=%(refname:short)"], cwd=run.project, capture_output=True, text=True
        ).stdout.split()
        worktrees = run.project / ".claude" / "worktrees"
        started = any(f"{TASK}-{name}" in json.dumps(body.get("messages", [])[:1]) for body in run.requests)
        if (
            git.count("worktree ") != 1
            or len(branches) != 1
            or (worktrees.exists() and any(worktrees.iterdir()))
            or started
            or run.returncode != 0
            or not run.tool_results()
        ):
            failures.append(
                f"--- {name}: worktrees {git!r}, branches {branches}, subagent started {started}, "
                f"hook ran for {[h['tool_name'] for h in hook_inputs(captures[name])]}\n{run.describe()}"
            )
    assert not failures, "\n".join(failures)
    for name in jobs:
        assert [h["tool_name"] for h in hook_inputs(captures[name])] == ["Agent"], name
    assert brabo.actions() == []  # a person decides at the terminal: nothing is proposed
