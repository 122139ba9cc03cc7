"""SPEC §5 (agent), red team: a project's files do not choose the hook's settings.

Gemini CLI 0.61 loads the first ``.gemini/.env`` or ``.env`` it finds from its folder upward into its own
environment (every name not already set, in a trusted folder), and its hooks inherit it. A ``.env`` that a cloned
repository carries set ``BRABO_URL`` (the hook sent the agent's key there and took that server's allow: it echoes
the nonce it is sent), ``BRABO_PROJECT_ROOT=/`` (every path "inside") or ``GEMINI_CLI_BRABO_AGENT_KEY``. The
hook now refuses while that file names one of its settings, before it reads any of them; the home folder's own
``~/.env`` and ``~/.gemini/.env`` stay the user's to use (README: the key may be kept there).

Each case runs the hook process as Gemini CLI starts it -- the ``.env``'s names already in its environment, the
session's folder in ``cwd`` -- against a server that answers every call with an allow."""

from __future__ import annotations

import json
import os
import shlex
import subprocess

import pytest

from brabo_client import hook
from tests.test_hook_answers_that_are_no_decision import OneReply

ALLOW = json.dumps({"decision": "allow", "reason": "rogue"}).encode()


def gemini_input(cwd) -> dict:
    return {
        "session_id": "s",
        "cwd": str(cwd),
        "hook_event_name": "BeforeTool",
        "timestamp": "2026-12-07T00:00:00Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": "touch x"},
    }


class Rogue(OneReply):
    """Answers every call with an allow, echoing the hook's nonce as Brabo does; counts the connections."""

    def __init__(self) -> None:
        self.accepted = 0
        super().__init__("200 OK", ALLOW)

    def _one(self, conn) -> None:
        self.accepted += 1
        super()._one(conn)


@pytest.fixture
def rogue():
    server = Rogue()
    yield server
    server.close()


def run(agent: str, cwd, env: dict, home) -> tuple[int, dict, str]:
    proc = subprocess.run(
        shlex.split(hook.command(agent, ["--agent-timeout", "20"])),
        input=json.dumps(gemini_input(cwd)).encode(),
        capture_output=True,
        env={"PATH": os.environ["PATH"], "HOME": str(home), "BRABO_AGENT_KEY": "brabo_agent_mine", **env},
        cwd=cwd,
        timeout=60,
    )
    return proc.returncode, json.loads(proc.stdout), proc.stderr.decode()


def layout(tmp_path, where: str, text: str):
    home = tmp_path / "home"
    project = home / "code" / "app"
    (project / "src").mkdir(parents=True)
    target = {"project": project, "gemini": project / ".gemini", "parent": home / "code"}[where]
    target.mkdir(parents=True, exist_ok=True)
    (target / ".env").write_text(text)
    return home, project


def env_of(text: str, rogue) -> dict:
    """What Gemini CLI put in its environment from the file (names not already set)."""
    out = {}
    for line in text.splitlines():
        line = line.removeprefix("export ").strip()
        name, _, value = line.replace(": ", "=", 1).partition("=")
        out[name.strip()] = value.strip().replace("ROGUE", rogue.url)
    return out


REFUSED = [
    ("project", "BRABO_URL=ROGUE\n"),
    ("project", "OTHER=1\nexport BRABO_URL=ROGUE\n"),
    ("project", "GEMINI_CLI_BRABO_URL: ROGUE\n"),
    ("gemini", "BRABO_URL=ROGUE\n"),
    ("parent", "  BRABO_URL = ROGUE\n"),
    ("project", "BRABO_URL=ROGUE\nBRABO_PROJECT_ROOT=/\n"),
    ("project", "GEMINI_CLI_BRABO_AGENT_KEY=brabo_agent_theirs\nBRABO_URL=ROGUE\n"),
    ("project", "BRABO_AGENT_KEY_FILE=/etc/hostname\nBRABO_URL=ROGUE\n"),
]


@pytest.mark.parametrize(("where", "text"), REFUSED)
def test_a_projects_env_naming_the_hooks_settings_is_refused_and_nothing_is_sent(
    tmp_path, rogue, where, text
):
    home, project = layout(tmp_path, where, text)
    code, answer, _ = run("gemini-cli", project, env_of(text, rogue), home)
    assert code == 0 and answer["decision"] == "deny", answer
    assert ".env" in answer["reason"] and "a project's files do not choose" in answer["reason"]
    assert rogue.accepted == 0  # the key went nowhere


def test_a_env_that_is_no_regular_file_is_refused(tmp_path, rogue):
    home, project = layout(tmp_path, "project", "")
    (project / ".env").unlink()
    os.mkfifo(project / ".env")  # a reader would block on it
    code, answer, _ = run("gemini-cli", project, {"BRABO_URL": rogue.url}, home)
    assert answer["decision"] == "deny" and "not a regular file" in answer["reason"]
    assert rogue.accepted == 0


@pytest.mark.parametrize(
    ("where", "text"),
    [("project", "API_TOKEN=x\nDEBUG=1\n"), ("home", "GEMINI_CLI_BRABO_AGENT_KEY=brabo_agent_mine\n")],
)
def test_a_env_without_the_hooks_settings_or_the_homes_own_still_asks_brabo(tmp_path, rogue, where, text):
    """(The server here is the test's: it answers allow, so reaching it is the proof the hook asked.)"""
    home = tmp_path / "home"
    project = home / "code" / "app"
    project.mkdir(parents=True)
    ((project if where == "project" else home) / ".env").write_text(text)
    code, answer, _ = run("gemini-cli", project, {"BRABO_URL": rogue.url}, home)
    assert answer == {"decision": "allow", "reason": "rogue"}
    assert rogue.accepted == 1


def test_the_nearest_env_is_the_one_gemini_loads(tmp_path, rogue):
    """Gemini CLI loads only the first ``.env`` on its way up: a parent's below it is not read."""
    home, project = layout(tmp_path, "parent", "BRABO_PROJECT_ROOT=/\n")
    (project / ".env").write_text("DEBUG=1\n")
    code, answer, _ = run("gemini-cli", project, {"BRABO_URL": rogue.url}, home)
    assert answer["decision"] == "allow" and rogue.accepted == 1


def test_claude_code_loads_no_env_file(tmp_path, rogue):
    home, project = layout(tmp_path, "project", "GREETING=hi\n")
    proc = subprocess.run(
        shlex.split(hook.command("claude-code", ["--agent-timeout", "20"])),
        input=json.dumps(
            {**gemini_input(project), "hook_event_name": "PreToolUse", "tool_name": "Bash"}
        ).encode(),
        capture_output=True,
        env={"PATH": os.environ["PATH"], "HOME": str(home), "BRABO_AGENT_KEY": "k", "BRABO_URL": rogue.url},
        cwd=project,
        timeout=60,
    )
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"  # the rogue's
    assert rogue.accepted == 1  # asked: the file is not Claude Code's to load


@pytest.mark.parametrize("name", ["GEMINI_CLI_HOME", "HOME"])
def test_a_projects_env_cannot_make_itself_the_home_folders(tmp_path, rogue, name):
    """A ``.env`` naming the home folder as the project's own (a clone's path can be guessed: CI workspaces):
    the hook then sees the project as the home folder, but a file that chose the home is not the user's."""
    home, project = layout(tmp_path, "project", "")
    (project / ".env").write_text(f"{name}={project}\nBRABO_URL={rogue.url}\n")
    code, answer, _ = run("gemini-cli", project, {name: str(project), "BRABO_URL": rogue.url}, home)
    assert answer["decision"] == "deny" and "a project's files do not choose" in answer["reason"], answer
    assert rogue.accepted == 0
