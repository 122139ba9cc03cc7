# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""SPEC §5 (agent), R3.7: a shell command's words are judged by where they lead on the agent's machine.

A repository can carry symbolic links: ``notes.md -> ~/.bashrc``, ``node_modules -> ~``, ``docs/cfg ->
../.claude/settings.json``. Through an agent's hook, ``echo 'alias ls=…' >> notes.md`` and ``rm -rf
node_modules/*`` read as the project's own files to a server that sees only the text -- and land in the home
folder. The command hook runs on the agent's machine: it finds the command's words that lead through a link
(``brabo_client/hook.py`` ``links_in``) and sends them (``tool_input.brabo_links``); a word leading outside the
project, or to a file that decides what runs later, is a person's decision, and nothing is proposed.

These fail on a Brabo whose hook does not look (the command is auto-approved under ``Terminal(git status)``).
"""

from __future__ import annotations

import sys

import pytest

from actions.models import ProposedAction
from brabo_client.hook import git_stores, links_in, resolve_links, shell_words
from tests.test_agent_hooks_live import agent_input, claude_tool, decision_of, hooked, verdict  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def planted(tmp_path):
    """app/ as a cloned repository may leave it: links out of it, to its agent's settings, and harmless ones."""
    app, outside = tmp_path / "app", tmp_path / "outside"
    (app / "src").mkdir(parents=True)
    (app / ".claude").mkdir()
    (app / ".venv" / "bin").mkdir(parents=True)
    outside.mkdir()
    (outside / "bashrc").write_text("# the user's start-up file\n")
    (app / "src" / "ok.py").write_text("x = 1\n")
    (app / ".claude" / "settings.json").write_text("{}")
    (app / "notes.md").symlink_to(outside / "bashrc")  # a file outside
    (app / "out").symlink_to(outside)  # a folder outside
    (app / "src" / "cfg").symlink_to("../.claude/settings.json")  # the agent's own settings
    (app / "docs").symlink_to("src")  # inside, harmless
    (app / ".venv" / "bin" / "python").symlink_to(sys.executable)  # a program: what a virtualenv holds
    return app


def test_the_words_a_command_may_name_as_paths():
    assert shell_words("echo x >> notes.md") == ["echo", "x", "notes.md"]
    assert shell_words("rm -rf node_modules/* 'my dir'/x \"a b\"") == [
        "rm",
        "node_modules",
        "my dir/x",
        "a b",
    ]
    assert shell_words("cp a b --target-directory=out/x; GIT_DIR=y/.git git log|head") == [
        "cp",
        "a",
        "b",
        "out/x",
        "y/.git",
        "git",
        "log",
        "head",
    ]
    assert shell_words("cat $HOME/x ~/y `pwd`/z a\\ b") == ["cat", "a b"]  # expansions are the server's
    assert shell_words("ls *.py src/*/x") == ["ls", "src"]


def test_the_hook_finds_the_words_that_lead_through_a_link(planted, tmp_path):
    app, outside = str(planted), str(tmp_path / "outside")
    assert links_in("echo x >> notes.md", app, app) == {"notes.md": f"{outside}/bashrc"}
    assert links_in("rm -rf out/*", app, app) == {"out": outside}
    assert links_in("cp a out/new.txt", app, app) == {"out/new.txt": f"{outside}/new.txt"}
    assert links_in("cd src && rm -rf ../out/", app, app) == {"../out/": outside}  # from where `cd` moved
    assert links_in("cat src/cfg", app, app) == {"src/cfg": f"{app}/.claude/settings.json"}
    assert links_in("cat nope/../out/x", app, app) == {
        "nope/../out/x": f"{outside}/x"
    }  # as realpath walks it
    # a program through a link (a virtualenv's python), words with no link, paths outside as written: none
    assert links_in(".venv/bin/python -m pytest src/ok.py", app, app) == {}
    assert links_in(f"git status; cat /etc/hosts {outside}/bashrc", app, app) == {}
    assert links_in("cat docs/ok.py", app, app) == {"docs/ok.py": f"{app}/src/ok.py"}  # the server allows it


@pytest.mark.parametrize(
    "command",
    [
        "git status notes.md",
        "git status 'notes.md'",
        "git status out/*",
        "git status out/new.txt",
        "cd src && git status ../out/x",
        "git status --pathspec-from-file=out/list",
        "git status src/cfg",  # the agent's own settings, inside the project
    ],
)
def test_claude_codes_command_through_a_planted_link_waits_for_a_person(hooked, planted, command):
    body = {**claude_tool("Bash", {"command": command}), "cwd": str(planted)}
    code, answer, _ = hooked.command("claude-code", body, root=str(planted))
    assert verdict("claude-code", code, answer) == "deny", answer  # needs a person; nobody may decide here
    assert "symbolic link" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    code, answer, _ = hooked.command("claude-code", body, "--pending", "ask", root=str(planted))
    assert verdict("claude-code", code, answer) == "ask", answer  # the person at the terminal decides
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize("command", ["git status src/ok.py", "git status docs/ok.py", "git status"])
def test_a_command_whose_links_stay_inside_is_judged_as_before(hooked, planted, command):
    body = {**claude_tool("Bash", {"command": command}), "cwd": str(planted)}
    code, answer, _ = hooked.command("claude-code", body, root=str(planted))
    assert verdict("claude-code", code, answer) == "allow", answer
    assert ProposedAction.objects.get().payload["command"] == command


def test_gemini_and_codex_shell_commands_are_read_where_they_run(hooked, planted):
    # Gemini CLI's dir_path is relative to the project root; Codex may send its command as a list of words
    body = {
        **agent_input(
            "gemini-cli", "run_shell_command", {"command": "git status ../out/x", "dir_path": "src"}
        )
    }
    body["cwd"] = str(planted)
    code, answer, _ = hooked.command("gemini-cli", body, "--pending", "ask", root=str(planted))
    assert verdict("gemini-cli", code, answer) == "ask", answer
    body = {**agent_input("codex", "Bash", {"command": ["git", "status", "notes.md"]}), "cwd": str(planted)}
    code, answer, err = hooked.command("codex", body, root=str(planted))
    assert verdict("codex", code, answer) == "deny", (answer, err)  # Codex cannot ask: a refusal is a deny
    assert not ProposedAction.objects.exists()


def test_the_server_judges_the_links_it_is_told_and_refuses_a_malformed_list(hooked):
    root = "/srv/app"
    body = {
        **claude_tool("Bash", {"command": "git status a", "brabo_links": {"a": "/etc/passwd"}}),
        "cwd": root,
    }
    answer = hooked.http(body, root=root, pending="ask")
    assert (
        decision_of(answer) == "ask"
        and "/etc/passwd" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    )
    body["tool_input"]["brabo_links"] = {"a": f"{root}/.git/hooks/pre-commit"}
    assert decision_of(hooked.http(body, root=root, pending="ask")) == "ask"
    body["tool_input"]["brabo_links"] = ["a"]
    answer = hooked.http(body, root=root)
    assert (
        decision_of(answer) == "deny"
        and "brabo_links" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    )
    body["tool_input"]["brabo_links"] = {"a": f"{root}/src/a"}  # inside, nothing protected: as before
    assert decision_of(hooked.http(body, root=root)) == "allow"


@pytest.mark.parametrize(
    "agent, tool, where",
    [
        ("codex", "Bash", {"workdir": "out"}),  # relative to the cwd
        ("gemini-cli", "run_shell_command", {"dir_path": "out"}),  # relative to the project root
        ("claude-code", "mcp__shell__run_command", {"cwd": "out"}),  # an MCP shell's cwd argument
        ("codex", "Bash", {"workdir": "out/"}),
    ],
)
def test_a_command_run_in_a_folder_that_is_a_link_out_waits_for_a_person(
    hooked, planted, tmp_path, agent, tool, where
):
    # The command's one word leads, through the folder, to a program (which names no place of its own); only the
    # folder it runs in -- out, a link to a folder outside -- says it acts outside the project.
    program = tmp_path / "outside" / "tool"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    hooked.agent.write_permissions(allow=["Terminal(tool -x)", "Mcp(shell)"], deny=[], ask=[])
    body = {**agent_input(agent, tool, {"command": "tool -x", **where}), "cwd": str(planted)}
    code, answer, err = hooked.command(agent, body, root=str(planted))
    assert verdict(agent, code, answer) == "deny", (answer, err)
    assert "symbolic link" in str(answer) + err
    assert not ProposedAction.objects.exists()
    body["tool_input"] = {**body["tool_input"], **{k: "src" for k in where}}  # a folder inside: as before
    code, answer, err = hooked.command(agent, body, root=str(planted))
    assert verdict(agent, code, answer) == "allow", (answer, err)


def test_a_word_no_file_can_have_after_a_link_is_left_to_the_server(planted):
    # A NUL byte or a lone surrogate (JSON's \ud800) past a link: realpath raised its ValueError, and the whole
    # call was refused with Python's words ("embedded null byte"); no file has such a name: the text is judged.
    app = str(planted)
    for word in ("out/a\x00b", "out/\ud800", "notes.md/\x00"):
        assert links_in(f"cat {word}", app, app) == {}
        assert git_stores(f"git -C {word} log", app, app) == {}
    body = {
        **claude_tool("mcp__fs__read_file", {"path": f"{app}/out/\ud800", "paths": [f"{app}/out/a\x00"]}),
        "cwd": app,
    }
    assert "brabo_resolved_paths" not in resolve_links(body, app, "claude-code")[0]["tool_input"]  # type: ignore[index]
