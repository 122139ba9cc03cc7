"""git_commit and git_push on the runner's machine (§5, where it runs, R1.4/R9.3): the runner commits in its own
checkout and pushes to the origin it pinned at start, with that machine's own credentials, reading nothing the
checkout's config could make it run or send. Real git, real repositories in tmp folders."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from brabo_client import runner as rp

from .test_runner_program import make_runner

GIT_ENV = {
    **{k: v for k, v in os.environ.items() if not k.startswith("GIT_")},
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Person",
    "GIT_AUTHOR_EMAIL": "person@example.test",
    "GIT_COMMITTER_NAME": "Person",
    "GIT_COMMITTER_EMAIL": "person@example.test",
}


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, env=GIT_ENV, capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.fixture
def repos(tmp_path, monkeypatch):
    """A bare "remote" and the runner's checkout cloned from it (origin = the bare), with one commit on main."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the user's global config: empty, ours
    (tmp_path / "home").mkdir()
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(bare))
    checkout = tmp_path / "checkout"
    git(tmp_path, "clone", "-q", str(bare), str(checkout))
    git(checkout, "checkout", "-q", "-b", "main")
    (checkout / "README.md").write_text("hello\n")
    git(checkout, "add", "README.md")
    git(checkout, "commit", "-q", "-m", "first")
    git(checkout, "push", "-q", "origin", "main")
    (tmp_path / "outside").mkdir()
    return bare, checkout


def work(kind: str, payload: dict) -> dict:
    return {"action_id": "a", "action_type": kind, "payload": payload}


# -- git_commit ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("sandboxed", [True, False], ids=["bubblewrap", "no-sandbox"])
def test_git_commit_commits_in_the_runners_checkout(repos, sandboxed):
    _, checkout = repos
    runner = make_runner(checkout)
    if sandboxed and runner.bwrap is None:
        pytest.skip("bubblewrap does not start a sandbox here")
    if not sandboxed:
        runner.bwrap = None
    (checkout / "new.txt").write_text("agent work\n")
    body = runner.handle(work("git_commit", {"message": "Add new.txt"}))
    assert body["outcome"] == "executed", body
    assert body["result"]["sha"] == git(checkout, "rev-parse", "HEAD")
    assert body["result"]["branch"] == "main"
    assert git(checkout, "log", "-1", "--format=%s %an") == "Add new.txt Brabo"
    assert git(checkout, "status", "--porcelain") == ""

    again = runner.handle(work("git_commit", {"message": "empty"}))
    assert again["outcome"] == "failed" and again["error"]["code"] == "nothing_to_commit"


def test_git_commit_stages_only_the_named_paths(repos):
    _, checkout = repos
    (checkout / "a.txt").write_text("a\n")
    (checkout / "b.txt").write_text("b\n")
    body = make_runner(checkout).handle(work("git_commit", {"message": "only a", "paths": ["a.txt"]}))
    assert body["outcome"] == "executed", body
    assert git(checkout, "show", "--name-only", "--format=", "HEAD") == "a.txt"
    assert git(checkout, "status", "--porcelain") == "?? b.txt"


@pytest.mark.parametrize("paths", [["../x"], [".git/config"], ["/etc/passwd"], [".GIT/HEAD"], "a.txt", [1]])
def test_git_commit_refuses_paths_outside_or_into_git(repos, paths):
    _, checkout = repos
    head = git(checkout, "rev-parse", "HEAD")
    (checkout / "a.txt").write_text("a\n")
    body = make_runner(checkout).handle(work("git_commit", {"message": "m", "paths": paths}))
    assert body["outcome"] == "failed"
    assert body["error"]["code"] in ("path_outside_project", "invalid_payload")
    assert git(checkout, "rev-parse", "HEAD") == head


@pytest.mark.parametrize("sandboxed", [True, False], ids=["bubblewrap", "no-sandbox"])
def test_git_commit_runs_no_hook_or_fsmonitor_the_checkout_names(repos, sandboxed, tmp_path):
    """An agent's command can write .git/hooks and .git/config; the runner's git must not run them."""
    _, checkout = repos
    runner = make_runner(checkout)
    if sandboxed and runner.bwrap is None:
        pytest.skip("bubblewrap does not start a sandbox here")
    if not sandboxed:
        runner.bwrap = None
    marker = tmp_path / "outside" / "ran"
    hook = checkout / ".git" / "hooks" / "pre-commit"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    git(checkout, "config", "core.fsmonitor", f"touch {marker}; echo")
    (checkout / "x.txt").write_text("x\n")
    body = runner.handle(work("git_commit", {"message": "m"}))
    assert body["outcome"] == "executed", body
    assert not marker.exists()


def test_git_commit_needs_a_message(repos):
    _, checkout = repos
    body = make_runner(checkout).handle(work("git_commit", {"message": "  "}))
    assert body["error"]["code"] == "invalid_payload"


# -- git_push -----------------------------------------------------------------------------------------------


def _branch_with_a_commit(checkout: Path, branch: str = "feature") -> str:
    git(checkout, "checkout", "-q", "-b", branch)
    (checkout / f"{branch}.txt").write_text(f"{branch}\n")
    git(checkout, "add", "-A")
    git(checkout, "commit", "-q", "-m", branch)
    return git(checkout, "rev-parse", "HEAD")


def test_git_push_pushes_the_branch_to_the_checkouts_origin(repos):
    bare, checkout = repos
    runner = make_runner(checkout)
    assert runner.push_url == str(bare)
    sha = _branch_with_a_commit(checkout)
    body = runner.handle(work("git_push", {"branch": "feature"}))
    assert body["outcome"] == "executed", body
    assert body["result"]["sha"] == sha and body["result"]["branch"] == "feature"
    assert body["result"]["remote"] == str(bare)
    assert git(bare, "rev-parse", "refs/heads/feature") == sha


def test_git_push_goes_only_where_origin_pointed_when_the_runner_started(repos, tmp_path):
    bare, checkout = repos
    runner = make_runner(checkout)
    sha_main = git(bare, "rev-parse", "main")
    _branch_with_a_commit(checkout)
    attacker = tmp_path / "outside" / "attacker.git"
    git(tmp_path, "init", "-q", "--bare", str(attacker))
    git(checkout, "remote", "set-url", "origin", str(attacker))  # what an agent's command could do
    body = runner.handle(work("git_push", {"branch": "feature"}))
    assert body["outcome"] == "failed" and body["error"]["code"] == "runner_remote_changed"
    assert str(attacker) in body["error"]["message"] and "Restart the runner" in body["error"]["message"]
    assert git(attacker, "for-each-ref") == ""
    assert git(bare, "for-each-ref", "--format=%(refname)") == "refs/heads/main"
    assert git(bare, "rev-parse", "main") == sha_main


def test_git_push_ignores_what_the_checkouts_config_says_about_transport_and_hooks(repos, tmp_path):
    """insteadOf, pushurl, a pre-push hook, fsmonitor: the push is made from a clone that reads none of it."""
    bare, checkout = repos
    runner = make_runner(checkout)
    sha = _branch_with_a_commit(checkout)
    attacker = tmp_path / "outside" / "attacker.git"
    git(tmp_path, "init", "-q", "--bare", str(attacker))
    marker = tmp_path / "outside" / "ran"
    git(checkout, "config", f"url.{attacker}.insteadOf", str(bare))
    git(checkout, "config", "remote.origin.pushurl", str(attacker))
    git(checkout, "config", "core.fsmonitor", f"touch {marker}; echo")
    hook = checkout / ".git" / "hooks" / "pre-push"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    body = runner.handle(work("git_push", {"branch": "feature"}))
    assert body["outcome"] == "executed", body
    assert git(bare, "rev-parse", "refs/heads/feature") == sha
    assert git(attacker, "for-each-ref") == ""
    assert not marker.exists()


def test_a_checkout_without_origin_at_start_cannot_push(repos):
    _, checkout = repos
    git(checkout, "remote", "remove", "origin")
    runner = make_runner(checkout)
    assert runner.push_url is None
    body = runner.handle(work("git_push", {"branch": "main"}))
    assert body["error"]["code"] == "runner_remote_missing"


def test_a_root_inside_another_repository_does_not_push_that_repository(repos):
    """git never looks above the root for a repository (GIT_CEILING_DIRECTORIES): a root that is a plain
    folder inside a checkout has no origin of its own."""
    _, checkout = repos
    (checkout / "plain").mkdir()
    runner = make_runner(checkout / "plain")
    assert runner.push_url is None
    assert runner.handle(work("git_push", {"branch": "main"}))["error"]["code"] == "runner_remote_missing"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"branch": "feature", "remote": "https://evil.example/x.git"}, "remote_not_allowed"),
        ({"branch": "feature", "remote": "upstream"}, "remote_not_allowed"),
        ({"branch": "-f"}, "invalid_payload"),
        ({"branch": "a..b"}, "invalid_payload"),
        ({"branch": ""}, "invalid_payload"),
        ({"branch": "nope"}, "branch_missing"),
        ({"branch": "feature", "cwd": "../"}, "cwd_outside_project"),
    ],
)
def test_git_push_refusals_are_named_and_push_nothing(repos, payload, code):
    bare, checkout = repos
    runner = make_runner(checkout)
    _branch_with_a_commit(checkout)
    body = runner.handle(work("git_push", payload))
    assert body["outcome"] == "failed" and body["error"]["code"] == code, body
    assert git(bare, "for-each-ref", "--format=%(refname)") == "refs/heads/main"


def test_a_rejected_push_is_push_rejected(repos, tmp_path):
    bare, checkout = repos
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", str(bare), str(other))
    (other / "theirs.txt").write_text("theirs\n")
    git(other, "add", "-A")
    git(other, "commit", "-q", "-m", "theirs")
    git(other, "push", "-q", "origin", "main")
    (checkout / "mine.txt").write_text("mine\n")
    git(checkout, "add", "-A")
    git(checkout, "commit", "-q", "-m", "mine")
    body = make_runner(checkout).handle(work("git_push", {"branch": "main"}))
    assert body["outcome"] == "failed" and body["error"]["code"] == "push_rejected"


def test_credentials_in_the_origin_url_are_never_reported(repos):
    """A user may keep a token in their origin URL; the runner uses it on its machine but never reports it."""
    _, checkout = repos
    git(checkout, "remote", "set-url", "origin", "http://someone:s3cret-token@127.0.0.1:9/repo.git")
    runner = make_runner(checkout)
    body = runner.handle(work("git_push", {"branch": "main"}))
    assert body["outcome"] == "failed", body
    assert "s3cret-token" not in str(body) and "someone" not in str(body)
    assert rp.shown_url(runner.push_url or "") == "http://127.0.0.1:9/repo.git"


def test_an_unexpected_fault_of_the_runner_is_reported_not_raised(repos, monkeypatch):
    _, checkout = repos
    runner = make_runner(checkout)

    def broken(*a, **kw):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(rp, "write_inside", broken)
    body = runner.handle(work("write_file", {"path": "x.txt", "content": "x"}))
    assert body["outcome"] == "failed" and body["error"]["code"] == "runner_error"
    assert "disk on fire" in body["error"]["message"]


def test_named_paths_are_literal_never_pathspec_magic(repos):
    """':(glob)*' or ':!x' would stage other files than the ones the person approved."""
    _, checkout = repos
    (checkout / "a.txt").write_text("a\n")
    (checkout / "secret.env").write_text("KEY=1\n")
    body = make_runner(checkout).handle(work("git_commit", {"message": "m", "paths": [":(glob)*"]}))
    assert body["outcome"] == "failed" and body["error"]["code"] == "git_commit_failed", body
    assert "secret.env" not in git(checkout, "show", "--name-only", "--format=", "HEAD")


# -- git_push carries only the runner's own checkout ---------------------------------------------------------
# The developer keeps another clone of the same repository beside the root -- same origin, so the pinned-origin
# check passes -- with a branch they never pushed. An approved command cannot read that clone from the
# sandbox, but it can name it in .git: a .git file (gitdir:), a link, a commondir, a linked worktree's folder.
# The push refuses rather than publish it (real bubblewrap, real git).

PRIVATE = "private experiment, never to be published"


@pytest.fixture
def private_clone(repos, tmp_path) -> Path:
    bare, _ = repos
    other = tmp_path / "app-private"
    git(tmp_path, "clone", "-q", str(bare), str(other))
    git(other, "checkout", "-q", "-b", "experiment")
    (other / "notes.txt").write_text(PRIVATE + "\n")
    git(other, "add", "notes.txt")
    git(other, "commit", "-q", "-m", PRIVATE)
    return other


ATTACKS = {
    "gitfile": "rm -rf .git && printf 'gitdir: {other}/.git\\n' > .git",
    "link": "rm -rf .git && ln -s {other}/.git .git",
    "commondir": "printf '{other}/.git\\n' > .git/commondir",
    "worktree link": (
        "mkdir .wt && echo ref: refs/heads/main > .wt/HEAD && printf '{other}/.git\\n' > .wt/commondir && "
        "rm -rf .git && printf 'gitdir: .wt\\n' > .git"
    ),
}


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_a_push_never_carries_a_repository_outside_the_root(sandbox, repos, private_clone, attack):
    bare, checkout = repos
    runner = make_runner(checkout)
    assert runner.bwrap, "bubblewrap does not start a sandbox here"
    ran = runner.handle(work("terminal", {"command": ATTACKS[attack].format(other=private_clone)}))
    assert ran["outcome"] == "executed" and ran["result"]["exit_code"] == 0, ran
    if os.geteuid() == 0:  # what the command wrote, owned as an unprivileged runner's sandbox leaves it
        for path in [checkout, *checkout.rglob("*")]:
            os.lchown(path, 0, 0)
    pushed = runner.handle(work("git_push", {"branch": "experiment"}))
    assert pushed["outcome"] == "failed", pushed
    assert pushed["error"]["code"] == "git_objects_outside_project", pushed
    assert "experiment" not in git(bare, "for-each-ref")


@pytest.mark.parametrize("what", ["loose objects", "ref"])
def test_a_push_never_carries_objects_or_refs_linked_in_from_outside_the_root(repos, private_clone, what):
    """The private clone's loose objects linked into the checkout one by one under their own names and a
    branch set to (or linked to) its commit: git read them through the links and pushed its history."""
    bare, checkout = repos
    runner = make_runner(checkout)
    their_sha = git(private_clone, "rev-parse", "experiment")
    for obj in (private_clone / ".git" / "objects").glob("??/*"):
        mine = checkout / ".git" / "objects" / obj.parent.name
        mine.mkdir(exist_ok=True)
        if not (mine / obj.name).exists():
            (mine / obj.name).symlink_to(obj)
    ref = checkout / ".git" / "refs" / "heads" / "experiment"
    if what == "ref":
        ref.symlink_to(private_clone / ".git" / "refs" / "heads" / "experiment")
    else:
        ref.write_text(their_sha + "\n")
    pushed = runner.handle(work("git_push", {"branch": "experiment"}))
    assert pushed["outcome"] == "failed" and pushed["error"]["code"] == "git_objects_outside_project", pushed
    assert "experiment" not in git(bare, "for-each-ref")


def test_hooks_kept_elsewhere_do_not_stop_a_push(repos, tmp_path):
    """A person's .git/hooks linked to their own hooks folder: no git the runner runs reads it."""
    bare, checkout = repos
    elsewhere = tmp_path / "my-hooks"
    elsewhere.mkdir()
    shutil.rmtree(checkout / ".git" / "hooks", ignore_errors=True)
    (checkout / ".git" / "hooks").symlink_to(elsewhere)
    sha = _branch_with_a_commit(checkout)
    body = make_runner(checkout).handle(work("git_push", {"branch": "feature"}))
    assert body["outcome"] == "executed", body
    assert git(bare, "rev-parse", "refs/heads/feature") == sha


@pytest.mark.parametrize("what", ["objects folder", "refs folder", "fan-out folder"])
def test_a_push_never_carries_objects_or_refs_linked_through_a_folder_of_the_checkout(
    repos, private_clone, what
):
    """A link in the git folder leading inside the root, to a folder of the checkout that holds the links
    out (.git/refs -> ../myrefs, whose branch is linked to theirs): git read through both."""
    bare, checkout = repos
    runner = make_runner(checkout)
    their_sha = git(private_clone, "rev-parse", "experiment")
    store = checkout / ".git" / "objects"
    if what == "objects folder":
        shutil.move(store, checkout / "objs")
        store.symlink_to("../objs")
    for obj in (private_clone / ".git" / "objects").glob("??/*"):
        mine = (checkout / "fan" if what == "fan-out folder" else store) / obj.parent.name
        mine.mkdir(parents=True, exist_ok=True)
        if not (mine / obj.name).exists():
            (mine / obj.name).symlink_to(obj)
        if what == "fan-out folder" and not (store / obj.parent.name).is_symlink():
            shutil.rmtree(store / obj.parent.name, ignore_errors=True)
            (store / obj.parent.name).symlink_to(f"../../fan/{obj.parent.name}")
    refs = checkout / ".git" / "refs"
    if what == "refs folder":
        shutil.move(refs, checkout / "myrefs")
        refs.symlink_to("../myrefs")
        (checkout / "myrefs" / "heads" / "experiment").symlink_to(
            private_clone / ".git" / "refs" / "heads" / "experiment"
        )
    else:
        (refs / "heads" / "experiment").write_text(their_sha + "\n")
    pushed = runner.handle(work("git_push", {"branch": "experiment"}))
    assert pushed["outcome"] == "failed" and pushed["error"]["code"] == "git_objects_outside_project", pushed
    assert "experiment" not in git(bare, "for-each-ref")
