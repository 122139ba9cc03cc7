# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""SPEC §5 (agent): Codex, like Claude Code, runs each shell command after a snapshot of the user's shell. Under
its default sandbox (``workspace-write``; feature ``shell_snapshot``, stable and on in 0.171.0) it captures the
user's login shell once per session into ``$CODEX_HOME/shell_snapshots/<thread id>.<n>.sh`` -- functions
(``declare -f`` / ``typeset -f``), aliases, options, exports -- and sources it before every command: a ``ship``
function of ~/.bashrc runs ``git push``. To a server that sees only ``ship`` it is a program nobody knows, which a
terminal autonomy row auto-approved; ``brabo hook codex`` now reads the snapshot Codex sources (that session's,
else its newest, else the start-up files) and sends the functions' bodies and the aliases' expansion, as it does
for Claude Code; the server judges them beside the command as written (Codex's ``Bash`` tool, and the older
``shell``/``exec_command`` names).
"""

from __future__ import annotations

import os

import pytest

from actions.models import ProposedAction
from brabo_client.hook import shell_definitions_used
from tests.test_agent_hooks_live import ROOT, hooked, verdict  # noqa: F401
from tests.test_hook_shell_aliases import terminal_autonomy  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

SESSION = "01a244f0-606f-7510-95ca-32aefa6c9d09"

# What Codex 0.171.0 wrote for a bash user (captured here: its snapshot of a login shell whose ~/.bashrc
# defines ``ship`` and an alias), trimmed of its other ``shopt`` lines. Its bash is not interactive: the
# aliases are defined but never expanded (``shopt -u expand_aliases``), so they are not read as running.
CODEX_BASH = """# Snapshot file
# Unset all aliases to avoid conflicts with functions
unalias -a 2>/dev/null || true
shopt -u expand_aliases
shopt -s extquote
# Functions
gawkpath_default ()\x20
{\x20
    unset AWKPATH;
    export AWKPATH=`gawk 'BEGIN {print ENVIRON["AWKPATH"]}'`
}
ship ()\x20
{\x20
    git push -q origin HEAD:refs/heads/shipped
}
deploy ()\x20
{\x20
    kubectl apply -f k8s/ && echo 'done } here'
}

# setopts 3
set -o braceexpand
set -o hashall
set -o interactive-comments

# aliases 2
alias gpf='git push --force-with-lease'
alias ll='ls -alF'

# exports (native declarations)
declare -x HOME="/home/ana"
"""
# What Codex writes for a zsh user (``typeset -f`` functions, ``alias -L`` aliases): zsh expands aliases in
# the non-interactive shell Codex runs, so both apply.
CODEX_ZSH = """# Snapshot file
# Unset all aliases to avoid conflicts with functions
unalias -a 2>/dev/null || true
# Functions
ship () {
\tgit push -q origin HEAD:refs/heads/shipped
}
# setopts 2
setopt nohashdirs
setopt login
# aliases 2
alias gpf='git push --force-with-lease'
alias which-command=whence
"""


@pytest.fixture
def codex_home(tmp_path, monkeypatch):
    """A CODEX_HOME whose session snapshot is the bash one, an older zsh one of another session beside it; a
    HOME with no start-up files."""
    folder = tmp_path / "codex" / "shell_snapshots"
    folder.mkdir(parents=True)
    older = folder / "0199aaaa-0000-7000-8000-000000000000.11.sh"
    older.write_text(CODEX_ZSH.replace("gpf='git push --force-with-lease'", "gpf='git status'"))
    os.utime(older, (1, 1))
    (folder / f"{SESSION}.1796452933746712541.sh").write_text(CODEX_BASH)
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return folder


def test_the_sessions_snapshot_is_read(codex_home):
    found = shell_definitions_used("ship && gpf origin main", "codex", SESSION)
    assert found == {"brabo_functions": {"ship": "git push -q origin HEAD:refs/heads/shipped"}}
    # another session: the newest snapshot (the same user's shell, taken for another session)
    assert shell_definitions_used("deploy", "codex", "0199bbbb-no-snapshot")["brabo_functions"] == {
        "deploy": "kubectl apply -f k8s/ && echo 'done } here'"
    }
    # a session id is a file name's start, never a path
    assert shell_definitions_used("deploy", "codex", "../x")["brabo_functions"] == {
        "deploy": "kubectl apply -f k8s/ && echo 'done } here'"
    }


def test_a_zsh_snapshots_aliases_expand(codex_home):
    """zsh expands aliases in the shell Codex runs: the zsh snapshot's are read as running."""
    (codex_home / f"{SESSION}.2.sh").write_text(CODEX_ZSH)
    assert shell_definitions_used("gpf origin main", "codex", SESSION) == {
        "brabo_expanded": "git push --force-with-lease origin main"
    }


def test_the_only_snapshot_left_is_read_whoever_took_it(codex_home):
    (codex_home / f"{SESSION}.1796452933746712541.sh").unlink()
    assert shell_definitions_used("gpf; ship", "codex", SESSION) == {
        "brabo_expanded": "git status; ship",
        "brabo_functions": {"ship": "git push -q origin HEAD:refs/heads/shipped"},
    }


def test_before_the_first_snapshot_the_start_up_files_are_read(tmp_path, monkeypatch):
    """Codex captures the snapshot while the session starts, and runs a first command before it is ready
    without it; the hook then reads the start-up files, which is what the snapshot will hold."""
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-empty"))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert shell_definitions_used("ship", "codex", SESSION) == {}
    (tmp_path / ".bash_profile").write_text("ship() {\n  git push origin main\n}\n")
    assert shell_definitions_used("ship", "codex", SESSION) == {
        "brabo_functions": {"ship": "git push origin main"}
    }


def test_claude_codes_snapshots_are_not_codexs(codex_home, tmp_path, monkeypatch):
    """Each agent's own snapshot: a Codex call does not read Claude Code's, nor the reverse."""
    claude = tmp_path / "claude" / "shell-snapshots"
    claude.mkdir(parents=True)
    (claude / "snapshot-bash-1-a.sh").write_text("alias -- ship='git status'\n")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    assert shell_definitions_used("ship", "claude-code") == {"brabo_expanded": "git status"}
    assert "brabo_expanded" not in shell_definitions_used("ship", "codex", SESSION)


def codex_bash(command, tool="Bash", field="command"):
    return {
        "session_id": SESSION,
        "turn_id": "t1",
        "cwd": ROOT,
        "hook_event_name": "PreToolUse",
        "model": "gpt-5.5",
        "tool_name": tool,
        "tool_input": {field: command},
        "tool_use_id": "call_1",
    }


@pytest.mark.parametrize(
    ("tool", "field", "command", "runs"),
    [
        ("Bash", "command", "ship", {"git push -q origin HEAD:refs/heads/shipped": "cap_external_effect"}),
        (
            "Bash",
            "command",
            "gpf origin main",
            {"git push --force-with-lease origin main": "cap_external_effect"},
        ),
        (
            "Bash",
            "command",
            "cd sub && ship",
            {"git push -q origin HEAD:refs/heads/shipped": "cap_external_effect"},
        ),
        (
            "exec_command",
            "cmd",
            "ship",
            {"git push -q origin HEAD:refs/heads/shipped": "cap_external_effect"},
        ),
        (
            "shell",
            "command",
            "deploy",
            {"kubectl apply -f k8s/ && echo 'done } here'": "compound_uncovered"},
        ),
    ],
)
def test_a_codex_function_or_alias_is_judged_as_what_it_runs(
    terminal_autonomy, codex_home, tool, field, command, runs
):
    if command.startswith("gpf"):  # a zsh user's alias (bash's are never expanded where Codex runs them)
        (codex_home / f"{SESSION}.2.sh").write_text(CODEX_ZSH)
    # what runs needs a person: nobody is waited for (timeout 0), the answer is the same refusal at once
    code, answer, _ = terminal_autonomy.command("codex", codex_bash(command, tool, field), "--timeout", "0")
    assert verdict("codex", code, answer) == "deny", answer
    proposed = {a.payload["command"]: a.reason for a in ProposedAction.objects.all()}
    # as written: a program nobody knows, which the autonomy row alone lets run
    assert proposed.pop(command) in ("autonomy", "compound_uncovered"), proposed
    assert proposed == runs


def test_a_codex_function_that_runs_an_allowed_command_is_allowed(terminal_autonomy, tmp_path, monkeypatch):
    """What the snapshot adds is judged, and an allowed body stays allowed: the function changes nothing a
    person must see (the body is proposed beside the call, as for Claude Code)."""
    folder = tmp_path / "codex" / "shell_snapshots"
    folder.mkdir(parents=True)
    (folder / f"{SESSION}.1.sh").write_text("# Functions\nstatus_here () \n{ \n    git status\n}\n")
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex"))
    code, answer, _ = terminal_autonomy.command("codex", codex_bash("status_here"))
    assert verdict("codex", code, answer) == "allow", answer
    assert sorted(ProposedAction.objects.values_list("payload__command", flat=True)) == [
        "git status",
        "status_here",
    ]


# -- $BASH_ENV ----------------------------------------------------------------------------------------------
# The non-interactive bash that Gemini CLI and Codex start for each command sources the file $BASH_ENV names
# (seen with both CLIs here: a ``ship`` function defined there ran; Claude Code's shell did not read it).


@pytest.fixture
def bash_env(tmp_path, monkeypatch):
    path = tmp_path / "env.sh"
    path.write_text("ship() {\n  git push -q origin HEAD:refs/heads/shipped\n}\nalias gpf='git push -f'\n")
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "no-codex"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "no-claude"))
    monkeypatch.setenv("BASH_ENV", "$HOME/../env.sh")  # bash expands the value's variables
    return path


def test_bash_env_functions_are_read_for_gemini_cli_and_codex(bash_env):
    for agent in ("gemini-cli", "codex"):
        found = shell_definitions_used("ship", agent, SESSION)
        assert found == {"brabo_functions": {"ship": "git push -q origin HEAD:refs/heads/shipped"}}, agent
    # Claude Code's shell does not source it
    assert shell_definitions_used("ship", "claude-code") == {}


def test_without_bash_env_gemini_cli_adds_nothing(tmp_path, monkeypatch):
    """Guard (held before): Gemini CLI's bash reads no start-up file; with no $BASH_ENV nothing is added, a
    function of ~/.bashrc included (it does not run there)."""
    monkeypatch.delenv("BASH_ENV", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".bashrc").write_text("ship() { git push; }\n")
    assert shell_definitions_used("ship", "gemini-cli", "s") == {}


def gemini_shell(command):
    return {
        "session_id": "g1",
        "cwd": ROOT,
        "hook_event_name": "BeforeTool",
        "timestamp": "2026-12-05T00:00:00Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": command, "description": "run it"},
    }


@pytest.mark.parametrize("agent", ["gemini-cli", "codex"])
def test_a_bash_env_function_is_judged_as_what_it_runs(terminal_autonomy, bash_env, agent):
    body = gemini_shell("ship") if agent == "gemini-cli" else codex_bash("ship")
    code, answer, _ = terminal_autonomy.command(agent, body, "--timeout", "0")  # a person: not waited for
    assert verdict(agent, code, answer) == "deny", answer
    proposed = {a.payload["command"]: a.reason for a in ProposedAction.objects.all()}
    assert proposed == {
        "ship": "autonomy",
        "git push -q origin HEAD:refs/heads/shipped": "cap_external_effect",
    }
