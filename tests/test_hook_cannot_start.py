"""R12.6, red team: the hook line ``brabo hook install`` writes refuses the tool call when its program cannot run.

Claude Code and Codex read a command hook's exit 127 (the interpreter gone: a virtualenv moved or deleted, a
Python upgraded away), 126 (not executable), 1 (a crash before the hook could answer) or a signal's death as a
non-blocking error and run the tool (checked with the pinned CLIs: tests/agents_e2e/test_agents_e2e.py
``test_the_agents_run_nothing_when_the_hooks_program_cannot_start``). So the line the installer writes ends
with a guard: any exit but the hook's own answers (0, and 2 with Codex's reason on stderr) becomes exit 2 with a
reason on stderr -- the refusal in all three agents' protocols. The hook's own answers pass through untouched.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess

import pytest

from brabo_client import hook

BODY = {
    "session_id": "s",
    "cwd": "/tmp",
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "git status"},
    "tool_use_id": "toolu_1",
}


def _env() -> dict:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return {
        **os.environ,
        "BRABO_URL": f"http://127.0.0.1:{port}",
        "BRABO_AGENT_KEY": "brabo_agent_x",
        "BRABO_PROJECT_ROOT": "/tmp",
    }


def run_line(
    line: str, cwd, env: dict | None = None, agent: str = "claude-code"
) -> subprocess.CompletedProcess:
    """The line as the agents run it: through a shell (Claude Code /bin/sh, Codex and Gemini CLI bash)."""
    body = {**BODY, "hook_event_name": hook.PRE_TOOL_EVENT[agent]}
    return subprocess.run(
        ["/bin/sh", "-c", line],
        input=json.dumps(body).encode(),
        capture_output=True,
        env=env or _env(),
        cwd=cwd,
        timeout=60,
    )


def _script(path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def broken_interpreters(tmp_path) -> dict[str, str]:
    not_executable = tmp_path / "python-not-executable"
    not_executable.write_text("")
    return {
        "missing": str(tmp_path / "moved-venv" / "bin" / "python"),  # 127
        "not executable": str(not_executable),  # 126
        "crashes": _script(tmp_path / "python-crashes", "echo 'Traceback ...' >&2; exit 1"),  # 1
        "killed": _script(tmp_path / "python-killed", "kill -9 $$"),  # 137
        "answers nothing": _script(tmp_path / "python-silent", "exit 3"),
        "prints an allow, then fails": _script(
            tmp_path / "python-half",
            """echo '{"hookSpecificOutput": {"permissionDecision": "allow"}}'; exit 1""",
        ),
    }


@pytest.mark.parametrize("agent", hook.AGENTS)
@pytest.mark.parametrize(
    "case",
    ["missing", "not executable", "crashes", "killed", "answers nothing", "prints an allow, then fails"],
)
def test_the_installed_line_refuses_when_its_program_cannot_run(agent, case, tmp_path):
    python = broken_interpreters(tmp_path)[case]
    out = run_line(hook.installed_command(agent, ["--agent-timeout", "8"], python=python), tmp_path)
    assert out.returncode == 2, (case, out)
    err = out.stderr.decode()
    assert "Brabo's hook could not run" in err and "refused" in err, err


@pytest.mark.parametrize("agent", hook.AGENTS)
def test_the_hooks_own_answers_pass_the_guard_untouched(agent, tmp_path):
    env = _env()  # (one unreachable Brabo: the refusal names its address)
    plain = run_line(hook.command(agent, ["--agent-timeout", "8"]), tmp_path, env, agent)
    guarded = run_line(hook.installed_command(agent, ["--agent-timeout", "8"]), tmp_path, env, agent)
    assert guarded.returncode == plain.returncode == (2 if agent == "codex" else 0)
    assert json.loads(guarded.stdout) == json.loads(plain.stdout)
    assert guarded.stderr == plain.stderr  # Codex's reason: one line, no second one added
    assert "could not run" not in guarded.stderr.decode()


def test_the_installed_line_starts_with_the_fast_form():
    # what tells an earlier install apart (hook_install.is_brabos) and what bench/hooks.py measures
    line = hook.installed_command("codex", ["--timeout", "50"])
    assert line.startswith(hook.command("codex", ["--timeout", "50"]) + " ")


def test_on_windows_the_installed_line_is_the_fast_form_alone():
    # cmd and PowerShell do not read the POSIX guard: there the line stays what it was
    assert hook.installed_command("claude-code", ["--timeout", "50"], posix=False) == hook.command(
        "claude-code", ["--timeout", "50"]
    )
