"""write_file, git_commit and git_push in the project worktree; the owner's token over HTTP (R9.2)."""

from __future__ import annotations

import logging
import os
import subprocess
from pathlib import Path

import pytest

from actions import execution
from actions.models import SessionEvent
from actions.tests.exec_fixtures import OWNER_TOKEN, events_of, git
from actions.tests.git_http_server import GitHttpRemote
from containers.git_local import ASKPASS


@pytest.fixture
def repo(team) -> Path:
    """The project folder is a git checkout of main with one commit."""
    root = Path(team.project.root())
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("hello\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    return root


@pytest.fixture
def bare(tmp_path) -> Path:
    path = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(path))
    return path


def run(action):
    execution.execute(action.id)
    action.refresh_from_db()
    return action


def test_write_commit_and_push_to_a_local_bare_repository(team, repo, bare, make_action):
    team.project.git_remote_url = str(bare)
    team.project.save()
    git(repo, "checkout", "-q", "-b", "feature")

    wrote = run(make_action(team.project, "write_file", {"path": "src/app.py", "content": "print(1)\n"}))
    assert wrote.status == "executed" and wrote.result == {"path": "src/app.py", "bytes": 9}
    committed = run(make_action(team.project, "git_commit", {"message": "Add app", "paths": ["src/app.py"]}))
    assert committed.status == "executed", committed.result
    pushed = run(make_action(team.project, "git_push", {"branch": "feature"}))

    assert pushed.status == "executed", pushed.result
    assert git(bare, "rev-parse", "refs/heads/feature") == committed.result["sha"] == pushed.result["sha"]
    assert git(bare, "show", "feature:src/app.py") == "print(1)"


def test_push_over_https_uses_the_owners_token_only_through_askpass(
    team, repo, tmp_path, owner_token, make_action, caplog
):
    served = tmp_path / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    owner_token("github", "https://api.github.example")
    hook_out = tmp_path / "hook-ran"
    hook = repo / ".git" / "hooks" / "pre-push"
    hook.write_text(f"#!/bin/sh\nenv > {hook_out}\n")
    hook.chmod(0o755)
    with GitHttpRemote(served, OWNER_TOKEN) as remote:
        team.project.git_remote_url = remote.url("app.git")
        team.project.git_remote_set_by = team.project.workspace.owner  # the owner's remote
        team.project.save()
        # What an agent could write into the worktree's config with a terminal command: a proxy of its
        # own and a rewrite of the remote. The git holding the token must read neither.
        git(repo, "config", "http.proxy", "http://127.0.0.1:9")
        git(repo, "config", "url.http://127.0.0.1:9/.insteadOf", remote.url(""))
        with caplog.at_level(logging.DEBUG):
            action = run(make_action(team.project, "git_push", {"branch": "main"}, status="auto_approved"))

    assert action.status == "executed", action.result
    assert git(served / "app.git", "rev-parse", "refs/heads/main") == action.result["sha"]
    assert True in remote.auth_seen  # the remote did get the owner's token
    assert remote.argv_leaks == []  # ...never through any process's argv
    assert not hook_out.exists()  # the worktree's hooks never run with the token in the environment
    stored = (
        str(action.result) + str(list(SessionEvent.objects.values_list("payload", flat=True))) + caplog.text
    )
    assert OWNER_TOKEN not in stored
    assert OWNER_TOKEN not in (repo / ".git" / "config").read_text()
    assert OWNER_TOKEN not in ASKPASS.read_text()


def test_a_refused_token_is_a_named_failure(team, repo, tmp_path, owner_token, make_action):
    served = tmp_path / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    owner_token("github", "https://api.github.example", "ghp_wrong_token_123456")
    with GitHttpRemote(served, OWNER_TOKEN) as remote:
        team.project.git_remote_url = remote.url("app.git")
        team.project.git_remote_set_by = team.project.workspace.owner  # the owner's remote
        team.project.save()
        action = run(make_action(team.project, "git_push", {"branch": "main"}))
    assert action.status == "failed"
    assert action.result["error"]["code"] == "git_auth_failed"
    assert "ghp_wrong_token_123456" not in str(action.result) + str([e.payload for e in events_of(action)])


def test_askpass_answers_only_the_expected_prompts():
    env = {
        "PATH": "/usr/bin:/bin",
        "BRABO_GIT_USERNAME": "x-access-token",
        "BRABO_GIT_TOKEN": OWNER_TOKEN,
        "BRABO_GIT_USER_PROMPT": "Username for 'https://github.com': ",
        "BRABO_GIT_PASS_PROMPT": "Password for 'https://x-access-token@github.com': ",
    }

    def ask(prompt):
        return subprocess.run([str(ASKPASS), prompt], env=env, capture_output=True, text=True)

    assert ask("Username for 'https://github.com': ").stdout == "x-access-token\n"
    assert ask("Password for 'https://x-access-token@github.com': ").stdout == OWNER_TOKEN + "\n"
    evil = ask("Password for 'https://x-access-token@evil.example': ")
    assert evil.returncode == 1 and OWNER_TOKEN not in evil.stdout


@pytest.mark.parametrize(
    "payload,code",
    [
        ({"branch": "main", "remote": "https://evil.example/x.git"}, "remote_not_allowed"),
        ({"branch": "--upload-pack=evil"}, "invalid_payload"),
        ({"branch": "a..b"}, "invalid_payload"),
    ],
)
def test_push_refusals(team, repo, bare, make_action, payload, code):
    team.project.git_remote_url = str(bare)
    team.project.save()
    action = run(make_action(team.project, "git_push", payload))
    assert action.status == "failed" and action.result["error"]["code"] == code


def test_push_without_a_configured_remote(team, repo, make_action):
    action = run(make_action(team.project, "git_push", {"branch": "main"}))
    assert action.result["error"]["code"] == "remote_not_set"


def test_an_ssh_remote_is_refused_because_the_token_cannot_be_used(team, repo, owner_token, make_action):
    team.project.git_remote_url = "ssh://git@github.com/acme/app.git"
    team.project.save()
    action = run(make_action(team.project, "git_push", {"branch": "main"}))
    assert action.result["error"]["code"] == "remote_scheme_unsupported"


@pytest.mark.parametrize("path", ["../escape.txt", "/etc/passwd", ".git/hooks/pre-commit", "a/../../b"])
def test_write_file_stays_inside_the_project(team, repo, make_action, path):
    action = run(make_action(team.project, "write_file", {"path": path, "content": "x"}))
    assert action.result["error"]["code"] == "path_outside_project"


def test_write_file_does_not_follow_a_symlink_out(team, repo, tmp_path, make_action):
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo / "link").symlink_to(outside)
    action = run(make_action(team.project, "write_file", {"path": "link/x.txt", "content": "x"}))
    assert action.result["error"]["code"] == "path_outside_project"
    assert not (outside / "x.txt").exists()


def test_commit_with_nothing_to_commit(team, repo, make_action):
    action = run(make_action(team.project, "git_commit", {"message": "nothing"}))
    assert action.result["error"]["code"] == "nothing_to_commit"


def test_commit_runs_a_filter_driver_from_the_worktree_config_only_inside_the_sandbox(
    team, repo, tmp_path, make_action
):
    from containers.bwrap import bwrap_path

    if bwrap_path() is None and os.environ.get("CI") != "true":
        pytest.skip("bubblewrap is not installed")
    pwned = tmp_path / "pwned"
    git(repo, "config", "filter.evil.clean", f"sh -c 'touch {pwned}; cat'")
    (repo / ".gitattributes").write_text("* filter=evil\n")
    (repo / "new.txt").write_text("data\n")
    action = run(make_action(team.project, "git_commit", {"message": "with attributes"}))
    assert action.status == "executed", action.result
    assert not pwned.exists()  # the filter ran where the host's folders do not exist
    assert git(repo, "show", "HEAD:new.txt") == "data"
