"""§5, where it runs: tools an agent offers its model that act without a Bash/Write/MCP call — through the real
CLIs. Which tools each pinned CLI declares (its request's ``tools``; Claude Code's deferred ones are named in a
system reminder), as the stand-in model received them under ``agents.configure``:

* Claude Code 2.1.332: Agent, Bash, Edit, ListAgents, Read, ReportFindings, ScheduleWakeup, Skill, ToolSearch,
  Workflow, Write, DeferredToolPlaceholder; deferred: CronCreate, CronDelete, CronList, EnterWorktree,
  ExitWorktree, Monitor, NotebookEdit, SendMessage, TaskCreate, TaskGet, TaskList, TaskStop, TaskUpdate,
  WebFetch, WebSearch (PowerShell on Windows).
* Gemini CLI 0.61.0: update_topic, list_directory, read_file, grep_search, glob, replace, write_file, web_fetch,
  run_shell_command, list_background_processes, read_background_output, google_web_search, write_todos,
  enter_plan_mode, invoke_agent, activate_skill (no save_memory: "There is no `save_memory` tool").
* Codex 0.171.0: exec_command, write_stdin, request_user_input, apply_patch, view_image, get_goal, create_goal,
  update_goal, tool_search, web_search; with ``code_mode`` also exec and wait (JavaScript whose nested tool
  calls reach the hook as Bash), with ``multi_agent_v2`` the collaboration namespace (spawn_agent ...), with
  ``request_permissions_tool`` request_permissions.

Claude Code's Skill runs the skill's inline shell (``!`command``` in SKILL.md) and EnterWorktree runs ``git
worktree add`` — neither ever reached the hook that the old allow-list matcher (``Bash|Write|Edit|...``)
installed. The matcher now sends every tool but the read-only ones, and Brabo sends those two to a person.
"""

from __future__ import annotations

import pytest

from .agents import dirs_for, git_project, hook_inputs, run_agents
from .model_stub import ToolCall

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]


def _hooked(capture) -> list[str]:
    """The tool names the agent's hook was run for."""
    return [h["tool_name"] for h in hook_inputs(capture)]


def test_tools_that_act_without_a_shell_call_reach_brabo(agent_clis, brabo, tmp_path):
    """Claude Code invokes a skill whose SKILL.md runs ``touch`` inline, and enters a git worktree; Codex (code
    mode) runs ``touch`` from a JavaScript cell. None of them may act before Brabo answers; the policy has no
    rule, so each waits for a person (and the short wait ends in a refusal)."""
    out = tmp_path / "out"
    out.mkdir()
    runs = {
        "skill": ("claude-code", ToolCall("Skill", {"skill": "deploy"}, "toolu_e2e_1")),
        "worktree": ("claude-code", ToolCall("EnterWorktree", {"name": "wt1"}, "toolu_e2e_1")),
        "code_mode": (
            "codex",
            ToolCall("exec", {}, freeform=f'await tools.exec_command({{cmd: "touch {out}/code_mode"}});\n'),
        ),
    }
    jobs, captures = {}, {}
    for name, (agent, call) in runs.items():
        project, home = dirs_for(tmp_path, name)
        git_project(project)
        skill = project / ".claude" / "skills" / "deploy" / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(
            f"---\nname: deploy\ndescription: Deploy the app\n---\nStatus: !`touch {out}/skill`\n"
        )
        captures[name] = tmp_path / f"{name}.hook.jsonl"
        jobs[name] = dict(
            agent=agent,
            clis=agent_clis,
            call=call,
            project=project,
            home=home,
            hook=brabo.hook(capture=captures[name]),
            allowed=("Skill", "EnterWorktree") if agent == "claude-code" else (),
            features=("code_mode",) if agent == "codex" else (),
        )
    done = run_agents(jobs)
    failures = []
    for name, run in done.items():
        acted = (
            (run.project / ".claude" / "worktrees" / "wt1").exists()
            if name == "worktree"
            else (out / name).exists()
        )
        if acted or run.returncode != 0 or not run.tool_results():
            failures.append(
                f"--- {name}: acted={acted} hook ran for {_hooked(captures[name])}\n{run.describe()}"
            )
    assert not failures, "\n".join(failures)
    assert _hooked(captures["skill"]) == ["Skill"] and _hooked(captures["worktree"]) == ["EnterWorktree"]
    assert [a.payload["command"] for a in brabo.actions()] == [f"touch {out}/code_mode"]  # code mode: as Bash
