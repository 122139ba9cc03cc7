# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""SPEC §5 (agent), R3.7: git run on the agent's machine in a folder that is a git store other than the
project's own ``.git`` runs that store's config -- ``core.pager``, ``core.fsmonitor``, aliases -- and, for a
push into it, its hooks. A cloned repository can carry such a store as plain files (``HEAD``, ``objects/``,
``refs/``, ``config``; git's ``safe.bareRepository`` defaults to "all"), and the server sees only the text
``git log``. The command hook looks at the folders a git command reaches -- where it runs (its cwd, each `cd`,
and git's own walk up from there to the project root), the folders it names (``-C``, ``--git-dir``,
``GIT_DIR=``, a local remote) -- and sends each that is such a store (``tool_input.brabo_git_stores``): a
person's decision. The project's own ``.git`` (and what it holds: submodules, worktrees) and a nested
repository's ``.git`` folder (made by git itself) are not.

These fail on a hook that does not look (``git log`` there is auto-approved under ``Terminal(git log)``).
"""

from __future__ import annotations

import pytest

from actions.models import ProposedAction
from brabo_client.hook import git_stores
from tests.test_agent_hooks_live import agent_input, claude_tool, hooked, verdict  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

PHRASE = "git store"


def _store(folder, config="[core]\n\tpager = ./x.sh\n"):
    (folder / "objects").mkdir(parents=True)
    (folder / "refs" / "heads").mkdir(parents=True)
    (folder / "HEAD").write_text("ref: refs/heads/main\n")
    (folder / "config").write_text(config)


@pytest.fixture
def project(tmp_path):
    """app/: its own .git (with a submodule's store), a bare store planted in its files, one named x.git, a
    folder whose .git file leads to a store outside, a nested clone, and ordinary folders."""
    app = tmp_path / "app"
    _store(app / ".git")
    _store(app / ".git" / "modules" / "lib")
    _store(app / "tests" / "fixtures" / "evil")
    _store(app / "remote.git")
    _store(tmp_path / "elsewhere")
    (app / "sub").mkdir()
    (app / "sub" / ".git").write_text(f"gitdir: {tmp_path / 'elsewhere'}\n")
    (app / "lib").mkdir()
    (app / "lib" / ".git").write_text("gitdir: ../.git/modules/lib\n")  # a submodule: the project's own
    _store(app / "vendor" / "dep" / ".git")  # a nested clone: git made its .git
    (app / "vendor" / "dep" / "src").mkdir()
    (app / "linked").mkdir()
    (app / "linked" / ".git").symlink_to(tmp_path / "elsewhere")  # a .git no clone makes
    (app / "linked-own").mkdir()
    (app / "linked-own" / ".git").symlink_to(app / ".git")  # ... leading to the project's own
    (app / "src").mkdir()
    return app


def test_the_stores_a_git_command_reaches(project, tmp_path):
    app = str(project)
    evil = f"{app}/tests/fixtures/evil"
    assert git_stores("git log", evil, app) == {evil: evil}
    assert git_stores("git status", f"{evil}/refs/heads", app) == {f"{evil}/refs/heads": evil}
    assert git_stores("git -C tests/fixtures/evil log", app, app) == {"tests/fixtures/evil": evil}
    assert git_stores("git -C tests/fixtures/evil/refs log", app, app) == {"tests/fixtures/evil/refs": evil}
    assert git_stores("cd tests/fixtures/evil && git log", app, app) == {"tests/fixtures/evil": evil}
    assert git_stores("git --git-dir=tests/fixtures/evil log", app, app) == {"tests/fixtures/evil": evil}
    assert git_stores("GIT_DIR=tests/fixtures/evil git log", app, app) == {"tests/fixtures/evil": evil}
    assert git_stores("git push ./remote.git main", app, app) == {"./remote.git": f"{app}/remote.git"}
    assert git_stores("/usr/bin/git -C remote.git log", app, app) == {"remote.git": f"{app}/remote.git"}
    assert git_stores("git status", f"{app}/sub", app) == {f"{app}/sub": str(tmp_path / "elsewhere")}
    assert git_stores("cd src; git -C ../sub log", app, app) == {"../sub": str(tmp_path / "elsewhere")}
    assert git_stores("git --git-dir=sub/.git log", app, app) == {"sub/.git": str(tmp_path / "elsewhere")}
    assert git_stores("git status", f"{app}/linked", app) == {f"{app}/linked": str(tmp_path / "elsewhere")}


def test_a_command_run_in_a_store_reaches_it_whatever_it_names(project):
    # an alias, a shell function, a Makefile or a script may run git there: where it runs is enough
    app = str(project)
    evil = f"{app}/tests/fixtures/evil"
    assert git_stores("gl", evil, app) == {evil: evil}
    assert git_stores("make", f"{evil}/refs", app) == {f"{evil}/refs": evil}
    assert git_stores("cd tests/fixtures/evil && gl", app, app) == {"tests/fixtures/evil": evil}
    assert git_stores("pushd sub; make", app, app) == {
        "sub": git_stores("git status", f"{app}/sub", app)[f"{app}/sub"]
    }


@pytest.mark.parametrize(
    "command, where",
    [
        ("git status", ""),
        ("git status", "src"),
        ("git log lib", ""),
        ("git status", "lib"),  # a submodule: its store is in the project's own .git
        ("git status", "vendor/dep/src"),  # a nested clone's .git folder: git wrote its config
        ("git -C vendor/dep log", ""),
        ("ls tests/fixtures/evil", ""),  # names it, runs no git there
        ("cat tests/fixtures/evil/config", "tests"),
        ("git log .git", ""),  # the project's own store
        ("git --git-dir=lib/.git log", ""),  # a submodule's .git file: the project's own store
        ("git status", "linked-own"),
    ],
)
def test_what_is_not_a_store_of_another(project, command, where):
    app = str(project)
    assert git_stores(command, f"{app}/{where}".rstrip("/"), app) == {}


@pytest.mark.parametrize(
    "command, cwd",
    [
        ("git log", "tests/fixtures/evil"),
        ("git log", "tests/fixtures/evil/refs"),
        ("git -C tests/fixtures/evil log", ""),
        ("cd tests/fixtures/evil && git log", ""),
        ("git log", "sub"),
    ],
)
def test_claude_codes_git_in_a_planted_store_waits_for_a_person(hooked, project, command, cwd):
    hooked.agent.write_permissions(
        allow=["Terminal(git log)", "Terminal(git -C *)", "Terminal(cd *)"], deny=[], ask=[]
    )
    body = {**claude_tool("Bash", {"command": command}), "cwd": f"{project}/{cwd}".rstrip("/")}
    code, answer, _ = hooked.command("claude-code", body, "--pending", "ask", root=str(project))
    assert verdict("claude-code", code, answer) == "ask", answer
    assert PHRASE in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


def test_gemini_and_codex_and_an_mcp_shell_too(hooked, project):
    hooked.agent.write_permissions(allow=["Terminal(git log)", "Mcp(shell)"], deny=[], ask=[])
    body = {**agent_input("gemini-cli", "run_shell_command", {"command": "git log", "dir_path": "sub"})}
    body["cwd"] = str(project)
    code, answer, _ = hooked.command("gemini-cli", body, "--pending", "ask", root=str(project))
    assert verdict("gemini-cli", code, answer) == "ask" and PHRASE in answer["reason"], answer
    body = {**agent_input("codex", "Bash", {"command": ["git", "log"]}), "cwd": f"{project}/sub"}
    code, answer, err = hooked.command("codex", body, root=str(project))
    assert verdict("codex", code, answer) == "deny" and PHRASE in err, (answer, err)
    body = {
        **claude_tool("mcp__shell__run_command", {"command": "git log", "cwd": "sub"}),
        "cwd": str(project),
    }
    code, answer, _ = hooked.command("claude-code", body, "--pending", "ask", root=str(project))
    assert verdict("claude-code", code, answer) == "ask", answer
    assert PHRASE in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


def test_git_in_the_projects_own_folders_is_judged_as_before(hooked, project):
    hooked.agent.write_permissions(allow=["Terminal(git log)"], deny=[], ask=[])
    body = {**claude_tool("Bash", {"command": "git log"}), "cwd": f"{project}/src"}
    code, answer, _ = hooked.command("claude-code", body, root=str(project))
    assert verdict("claude-code", code, answer) == "allow", answer


def test_the_server_judges_the_stores_it_is_told_and_refuses_a_malformed_list(hooked):
    root = "/srv/app"
    body = {
        **claude_tool("Bash", {"command": "git status", "brabo_git_stores": {root: root + "/x"}}),
        "cwd": root,
    }
    answer = hooked.http(body, root=root, pending="ask")
    assert answer["hookSpecificOutput"]["permissionDecision"] == "ask"
    assert PHRASE in answer["hookSpecificOutput"]["permissionDecisionReason"]
    body["tool_input"]["brabo_git_stores"] = [root]
    answer = hooked.http(body, root=root)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "brabo_git_stores" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    body["tool_input"]["brabo_git_stores"] = {}
    assert hooked.http(body, root=root)["hookSpecificOutput"]["permissionDecision"] == "allow"
