"""R12.6, red team: the README's hand-written hook lines (Claude Code, Gemini CLI, Codex) refuse the tool call
when their program cannot run, as the line ``brabo hook install`` writes does (tests/test_hook_cannot_start.py).

A hand-written ``brabo hook claude-code ...`` whose ``brabo`` is not on the agent's PATH (a virtualenv not
activated where the agent was started, moved or deleted) exits 127, which Claude Code and Codex read as a
non-blocking error: the tool ran, unasked. Each example in the README's JSON blocks now ends with the guard the
installer appends (``hook.GUARD``, the same text), and is run here as the agents run it, through /bin/sh."""

from __future__ import annotations

import json
import re
import stat
import subprocess
from pathlib import Path

from django.conf import settings

from brabo_client import hook

README = Path(settings.BASE_DIR) / "README.md"


def readme_hook_lines() -> list[str]:
    """The "command" of every hook in the README's ```json blocks that runs ``brabo hook``."""
    lines = []
    for block in re.findall(r"```json\n(.*?)```", README.read_text(), re.S):
        try:
            data = json.loads(block)
        except ValueError:
            continue
        stack = [data]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                command = node.get("command")
                if isinstance(command, str) and command.startswith("brabo hook "):
                    lines.append(command)
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
    return lines


def _run(line: str, path: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["/bin/sh", "-c", line],
        input=b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}}',
        capture_output=True,
        env={"PATH": path},
        timeout=60,
    )


def test_the_readme_shows_one_hand_written_line_per_agent():
    agents = sorted(line.split()[2] for line in readme_hook_lines())
    assert agents == ["claude-code", "codex", "gemini-cli"], agents


def test_each_hand_written_line_ends_with_the_installer_s_guard():
    for line in readme_hook_lines():
        assert line.endswith(hook.GUARD), (
            f"the README's hook line has not the guard `brabo hook install` writes: {line}"
        )
        assert line.count(hook.GUARD) == 1, line


def test_each_hand_written_line_refuses_when_brabo_is_not_on_the_path(tmp_path):
    for line in readme_hook_lines():
        done = _run(line, str(tmp_path))  # (an empty folder: no `brabo` there)
        assert done.returncode == 2, (line, done.returncode, done.stderr)
        assert b"Brabo's hook could not run (exit 127" in done.stderr, done.stderr


def _brabo(folder: Path, body: str) -> str:
    script = folder / "brabo"
    script.write_text("#!/bin/sh\n" + body + "\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return f"{folder}:/usr/bin:/bin"


def test_each_hand_written_line_passes_the_hook_s_own_answers_through(tmp_path):
    for line in readme_hook_lines():
        path = _brabo(tmp_path, 'cat >/dev/null; echo \'{"decision": "x"}\'; exit 0')
        done = _run(line, path)
        assert (done.returncode, done.stdout, done.stderr) == (0, b'{"decision": "x"}\n', b""), line
        path = _brabo(tmp_path, "cat >/dev/null; echo 'refused: why' >&2; exit 2")
        done = _run(line, path)
        assert (done.returncode, done.stderr) == (2, b"refused: why\n"), line  # (Codex's reason, untouched)


def test_a_crash_of_the_hand_written_line_s_program_is_a_refusal(tmp_path):
    for line in readme_hook_lines():
        path = _brabo(tmp_path, "exit 1")
        done = _run(line, path)
        assert done.returncode == 2 and b"(exit 1" in done.stderr, (line, done.returncode, done.stderr)
