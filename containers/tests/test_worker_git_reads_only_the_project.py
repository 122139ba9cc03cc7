"""The git the worker runs on the host, outside the sandbox, opens only the repository inside the project.

An approved command writes the project's .git as it likes (real bubblewrap here): a ``.git`` file naming
another tenant's repository (``gitdir:``), a ``commondir`` or an object store borrowed from there, a link,
or no .git at all so that git looks for one in the folders above. The approval card's push preview runs
``git log`` in the worktree on the host, and a push clones from it: neither may show or carry a single
commit of a repository outside the project folder (SPEC R1.4, R9.7).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from actions import execution
from actions.tests.exec_fixtures import git
from containers import git_local
from containers.bwrap import BwrapBroker
from containers.git_local import push_preview

THEIR_SUBJECT = "their unreleased acquisition plan"
ATTACKS = ["gitfile", "link", "commondir", "alternates", "deep alternates", "worktree link"]


def _repo(root: Path, subject: str, name: str) -> str:
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    (root / name).write_text(subject + "\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", subject)
    return git(root, "rev-parse", "HEAD")


@pytest.fixture
def theirs(team) -> tuple[Path, str]:
    """The other workspace's project: a checkout with a commit nobody else may read."""
    root = Path(team.other_project.root())
    return root, _repo(root, THEIR_SUBJECT, "acquisition.txt")


@pytest.fixture
def ours(team) -> Path:
    root = Path(team.project.root())
    _repo(root, "our first commit", "README.md")
    return root


def sandboxed(team, command: str) -> None:
    """An approved command of our project, run as every terminal command runs: in the sandbox. What it
    wrote is then owned by the worker's user, as an unprivileged worker (the sandbox runs as the worker's own
    uid) finds it; a root worker's sandbox writes as another uid, which git's ownership check alone refuses."""
    done = BwrapBroker().run_command(team.project, command, "/work", timeout=60, output_cap=65536)
    assert done.exit_code == 0, done
    if os.geteuid() == 0:
        root = Path(team.project.root())
        for path in [root, *root.rglob("*")]:
            if os.lstat(path).st_uid != 0:  # only what it wrote: a change of owner changes the change time
                os.lchown(path, 0, 0)


def _attacks(their_root: Path, their_sha: str) -> dict[str, str]:
    git_dir = their_root / ".git"
    return {
        "gitfile": f"rm -rf .git && printf 'gitdir: {git_dir}\\n' > .git",
        "link": f"rm -rf .git && ln -s {git_dir} .git",
        "commondir": f"printf '{git_dir}\\n' > .git/commondir",
        "alternates": (
            f"echo {git_dir}/objects > .git/objects/info/alternates && "
            f"echo {their_sha} > .git/refs/heads/main"
        ),
        "deep alternates": (  # stores inside the project borrowing from each other, the deepest from theirs
            "mkdir -p .s1/info .s2/info .s3/info .s4/info .s5/info && echo ../../.s1 > .git/objects/info/alternates"
            " && for i in 1 2 3 4; do echo ../.s$((i + 1)) > .s$i/info/alternates; done && "
            f"echo {git_dir}/objects > .s5/info/alternates && echo {their_sha} > .git/refs/heads/main"
        ),
        "worktree link": (  # a linked worktree's folder inside the project, sharing their repository
            f"mkdir .wt && echo ref: refs/heads/main > .wt/HEAD && printf '{git_dir}\\n' > .wt/commondir && "
            "rm -rf .git && printf 'gitdir: .wt\\n' > .git"
        ),
    }


@pytest.mark.parametrize("attack", ATTACKS)
def test_the_push_preview_never_shows_another_repository(team, sandbox, ours, theirs, make_action, attack):
    their_root, their_sha = theirs
    sandboxed(team, _attacks(their_root, their_sha)[attack])
    action = make_action(team.project, "git_push", {"branch": "main"}, status="pending")
    shown = json.dumps(push_preview(action))
    assert THEIR_SUBJECT not in shown and "acquisition" not in shown and their_sha[:7] not in shown, shown


def test_the_push_preview_never_climbs_to_a_repository_above_the_project(
    team, sandbox, ours, settings, make_action
):
    # an operator kept the workspaces inside a checkout (Brabo's own var/, say): with no .git of its own,
    # git would look for one in the folders above the project
    above = Path(settings.PROJECT_WORKSPACES_ROOT)
    assert ours.is_relative_to(above)
    git(above, "init", "-q", "-b", "main")
    (above / ".gitignore").write_text("the operator's own\n")
    git(above, "add", ".gitignore")
    git(above, "commit", "-q", "-m", "the operator's private history")
    sandboxed(team, "rm -rf .git")
    shown = json.dumps(
        push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    )
    assert "private history" not in shown and "gitignore" not in shown, shown


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_push_never_carries_another_repository(team, sandbox, ours, theirs, tmp_path, make_action, attack):
    their_root, their_sha = theirs
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    sandboxed(team, _attacks(their_root, their_sha)[attack])
    action = make_action(team.project, "git_push", {"branch": "main"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "failed", action.result
    assert action.result["error"]["code"] == "git_objects_outside_project", action.result
    assert git(bare, "for-each-ref") == ""


def _swapped_after_the_check(monkeypatch, team, command: str) -> None:
    """A command still running swaps the .git right after the worker checked it (the race, made certain)."""
    checked = git_local._objects_inside_project

    def check_then_swap(cwd, root, home, **kw):
        checked(cwd, root, home, **kw)
        sandboxed(team, command)
        monkeypatch.setattr(git_local, "_objects_inside_project", checked)

    monkeypatch.setattr(git_local, "_objects_inside_project", check_then_swap)


@pytest.mark.parametrize("attack", ["gitfile", "alternates", "deep alternates", "worktree link"])
def test_a_git_folder_swapped_after_the_check_is_not_pushed(
    team, sandbox, ours, theirs, tmp_path, make_action, monkeypatch, attack
):
    their_root, their_sha = theirs
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    _swapped_after_the_check(monkeypatch, team, _attacks(their_root, their_sha)[attack])
    action = make_action(team.project, "git_push", {"branch": "main"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "failed", action.result
    assert action.result["error"]["code"] == "git_objects_outside_project", action.result
    assert their_sha not in git(bare, "for-each-ref")


@pytest.mark.parametrize("attack", ["gitfile", "alternates", "deep alternates", "worktree link"])
def test_a_git_folder_swapped_after_the_check_is_not_previewed(
    team, sandbox, ours, theirs, make_action, monkeypatch, attack
):
    their_root, their_sha = theirs
    _swapped_after_the_check(monkeypatch, team, _attacks(their_root, their_sha)[attack])
    shown = json.dumps(
        push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    )
    assert THEIR_SUBJECT not in shown and their_sha[:7] not in shown, shown


@pytest.mark.parametrize("attack", ["gitfile", "link", "worktree link"])
def test_no_preview_while_a_command_runs_in_the_project(
    team, sandbox, ours, theirs, make_action, monkeypatch, attack
):
    """A command still running can swap the .git for the length of the preview's git log and back before
    the check after it: while one runs in the project, the preview reads nothing."""
    their_root, their_sha = theirs
    make_action(team.project, "terminal", {"command": "while :; do swap; done"}, status="executing")
    (ours / ".git-mine").mkdir()
    run = git_local.run_git

    def swapped_during_the_log(cwd, *args, **kw):
        if "log" not in args:
            return run(cwd, *args, **kw)
        os.rename(ours / ".git", ours / ".git-mine" / "git")
        sandboxed(team, _attacks(their_root, their_sha)[attack].replace("rm -rf .git && ", ""))
        try:
            return run(cwd, *args, **kw)
        finally:
            for path in (ours / ".git", ours / ".wt"):
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                elif path.exists() or path.is_symlink():
                    path.unlink()
            os.rename(ours / ".git-mine" / "git", ours / ".git")

    monkeypatch.setattr(git_local, "run_git", swapped_during_the_log)
    shown = json.dumps(
        push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    )
    assert THEIR_SUBJECT not in shown and their_sha[:7] not in shown, shown
    assert "running" in shown, shown


# -- no oracle: the same answer whether what the .git names outside exists or not ---------------------------

ORACLE_ATTACKS = [*ATTACKS, "objects link", "gitfile up and over", "worktree up and over", "ref link",
                  "packed refs link", "head link", "refs folder link", "config link", "loose objects link"]  # fmt: skip


def _oracle_attacks(target: Path, sha: str, root: Path) -> dict[str, str]:
    git_dir = target / ".git"
    up = os.path.relpath(git_dir, root)
    return {
        **_attacks(target, sha),
        "objects link": f"rm -rf .git/objects && ln -s {git_dir}/objects .git/objects",
        "gitfile up and over": f"rm -rf .git && printf 'gitdir: {up}\\n' > .git",
        "ref link": f"rm .git/refs/heads/main && ln -s {git_dir}/refs/heads/main .git/refs/heads/main",
        "packed refs link": f"git pack-refs --all && ln -sf {git_dir}/packed-refs .git/packed-refs",
        "head link": f"rm .git/HEAD && ln -s {git_dir}/HEAD .git/HEAD",
        "refs folder link": f"rm -rf .git/refs && ln -s {git_dir}/refs .git/refs",
        "config link": f"rm .git/config && ln -s {git_dir}/config .git/config",
        "loose objects link": (  # their objects, each linked under its own name (their names learnt one by one)
            f"for f in {git_dir}/objects/??/*; do d=.git/objects/$(basename $(dirname $f)); mkdir -p $d; "
            f"ln -sf $f $d/; done; echo {sha} > .git/refs/heads/main"
        ),
        "worktree up and over": (
            f"mkdir .wt && echo ref: refs/heads/main > .wt/HEAD && printf '../{up}\\n' > .wt/commondir && "
            "rm -rf .git && printf 'gitdir: .wt\\n' > .git"
        ),
    }


def _push_outcome(team, make_action) -> tuple:
    action = make_action(team.project, "git_push", {"branch": "main"})
    execution.execute(action.id)
    action.refresh_from_db()
    error = action.result.get("error", {})
    return action.status, error.get("code"), error.get("message")


@pytest.mark.parametrize("attack", ORACLE_ATTACKS)
def test_a_push_answers_the_same_whether_the_repository_its_git_names_outside_exists(
    team, sandbox, ours, theirs, tmp_path, make_action, attack
):
    """git following the worktree's .git on the host told whether a host path is a repository: another
    tenant's repository answered git_objects_outside_project, a missing one worktree_missing or branch_missing
    with git's own words (naming host paths). Now the pointers are read inside the project first, and git
    runs only when they stay there."""
    their_root, their_sha = theirs
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    snapshot = tmp_path / "ours.tar"
    shutil.make_archive(str(snapshot.with_suffix("")), "tar", ours)
    root = Path(team.project.root())
    missing = their_root.parent / "no-such-project"
    outcomes = []
    for target in (their_root, missing):
        shutil.rmtree(ours)
        shutil.unpack_archive(snapshot, ours)
        sandboxed(team, _oracle_attacks(target, their_sha, root)[attack])
        outcomes.append(_push_outcome(team, make_action))
    assert outcomes[0] == outcomes[1], outcomes
    assert outcomes[0][:2] == ("failed", "git_objects_outside_project"), outcomes
    assert str(root) not in str(outcomes) and str(their_root) not in str(outcomes), outcomes
    assert git(bare, "for-each-ref") == ""


def test_a_push_never_carries_another_repositorys_objects_linked_in_one_by_one(
    team, sandbox, ours, theirs, tmp_path, make_action
):
    """Their loose objects linked into ours under their own names, our branch set to their commit: git on the
    host read them through the links and pushed their history to a remote the tenant reads."""
    their_root, their_sha = theirs
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    root = Path(team.project.root())
    # the sandbox cannot reach their folder: the links are made as the tenant would name them, from outside
    for obj in (their_root / ".git" / "objects").glob("??/*"):
        mine = root / ".git" / "objects" / obj.parent.name
        mine.mkdir(exist_ok=True)
        (mine / obj.name).symlink_to(obj)
    (root / ".git" / "refs" / "heads" / "main").write_text(their_sha + "\n")
    assert _push_outcome(team, make_action)[:2] == ("failed", "git_objects_outside_project")
    assert git(bare, "for-each-ref") == ""


# -- the preview walks the git folder once: the check after git ran reads only the folders' state -------------

IN_FOLDER_ATTACKS = ["objects link", "ref link", "head link", "refs folder link", "config link",
                     "loose objects link", "packed refs link", "ref link renamed over"]  # fmt: skip


def _in_folder_attacks(target: Path, sha: str, root: Path) -> dict[str, str]:
    git_dir = target / ".git"
    return {
        **_oracle_attacks(target, sha, root),
        "ref link renamed over": (  # a regular file replaced in one rename: no name added or removed
            f"ln -s {git_dir}/refs/heads/main .git/refs/heads/.tmp && mv -f .git/refs/heads/.tmp "
            ".git/refs/heads/main"
        ),
    }


@pytest.mark.parametrize("attack", IN_FOLDER_ATTACKS)
def test_a_link_made_in_the_git_folder_during_the_log_is_not_previewed(
    team, sandbox, ours, theirs, make_action, monkeypatch, attack
):
    """The walk before the log is not repeated after it: the check after reads each walked folder's state,
    and a link made meanwhile (a name added, removed or renamed) is walked and refused."""
    their_root, their_sha = theirs
    command = _in_folder_attacks(their_root, their_sha, Path(team.project.root()))[attack]
    run = git_local.run_git

    def linked_during_the_log(cwd, *args, **kw):
        if "log" in args:
            sandboxed(team, command)
        return run(cwd, *args, **kw)

    monkeypatch.setattr(git_local, "run_git", linked_during_the_log)
    shown = json.dumps(
        push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    )
    assert THEIR_SUBJECT not in shown and their_sha[:7] not in shown, shown
    assert "outside the project" in shown, shown


def test_the_preview_lists_each_folder_of_the_git_folder_once(team, sandbox, ours, make_action, monkeypatch):
    listed: list[str] = []
    scandir = os.scandir

    def counted(path="."):
        if ".git" in str(path):
            listed.append(str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", counted)
    shown = push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    assert shown.get("commits"), shown
    assert listed and len(listed) == len(set(listed)), sorted(listed)


# -- a link leading inside the project, to a folder holding links out -----------------------------------------


def _linked_one_by_one(target: Path, where: str) -> str:
    """The shell commands linking each of their loose objects to ``where`` in the project (their names, as the
    tenant would have learnt them one by one: the sandbox cannot list their folder)."""
    made = []
    for obj in sorted((target / ".git" / "objects").glob("??/*")):
        place = where.format(fan=obj.parent.name, name=obj.name)
        made.append(f"mkdir -p {os.path.dirname(place)} && ln -sf {obj} {place}")
    return " && ".join(made)


def _through_our_folder(target: Path, sha: str) -> dict[str, str]:
    git_dir = target / ".git"
    return {
        "objects folder of ours": (  # .git/objects -> ../objs (inside), their loose objects linked in there
            "mv .git/objects objs && ln -s ../objs .git/objects && "
            + _linked_one_by_one(target, "objs/{fan}/{name}")
            + f" && echo {sha} > .git/refs/heads/main"
        ),
        "refs folder of ours": (  # .git/refs -> ../myrefs, whose branch is a link to theirs
            f"mv .git/refs myrefs && ln -s ../myrefs .git/refs && rm myrefs/heads/main && "
            f"ln -s {git_dir}/refs/heads/main myrefs/heads/main"
        ),
        "fan-out folder of ours": (  # each fan-out folder linked to a folder of ours holding their objects
            _linked_one_by_one(target, "fan/{fan}/{name}")
            + " && for d in fan/*; do d=${d#fan/}; rm -rf .git/objects/$d; ln -s ../../fan/$d .git/objects/$d; "
            f"done && echo {sha} > .git/refs/heads/main"
        ),
        "link to a link to a folder": (
            f"mv .git/refs myrefs && ln -s myrefs refs2 && ln -s ../refs2 .git/refs && rm myrefs/heads/main && "
            f"ln -s {git_dir}/refs/heads/main myrefs/heads/main"
        ),
    }


THROUGH_OUR_FOLDER = ["objects folder of ours", "refs folder of ours", "fan-out folder of ours",
                      "link to a link to a folder"]  # fmt: skip


@pytest.mark.parametrize("attack", THROUGH_OUR_FOLDER)
def test_a_push_never_carries_their_objects_through_a_folder_of_ours(
    team, sandbox, ours, theirs, tmp_path, make_action, attack
):
    """A link in the git folder leading inside the project, to a folder outside the git folder that holds
    the links out: git reads through both."""
    their_root, their_sha = theirs
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    team.project.git_remote_url = str(bare)
    team.project.save()
    sandboxed(team, _through_our_folder(their_root, their_sha)[attack])
    outcome = _push_outcome(team, make_action)
    assert outcome[:2] == ("failed", "git_objects_outside_project"), outcome
    assert git(bare, "for-each-ref") == ""


@pytest.mark.parametrize("attack", THROUGH_OUR_FOLDER)
def test_the_preview_never_shows_their_commits_through_a_folder_of_ours(
    team, sandbox, ours, theirs, make_action, attack
):
    their_root, their_sha = theirs
    sandboxed(team, _through_our_folder(their_root, their_sha)[attack])
    shown = json.dumps(
        push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    )
    assert THEIR_SUBJECT not in shown and their_sha[:7] not in shown, shown


def test_a_link_along_the_way_changed_during_the_log_is_not_previewed(
    team, sandbox, ours, theirs, make_action, monkeypatch
):
    """.git/refs -> ../refs2 -> myrefs: the walk lists myrefs, not the folder holding refs2. refs2 led
    elsewhere during the log (to a folder whose branch links to theirs) changes no folder the walk listed:
    the check after re-resolves each link it met."""
    their_root, _their_sha = theirs
    sandboxed(
        team,
        "mv .git/refs myrefs && ln -s myrefs refs2 && ln -s ../refs2 .git/refs && cp -r myrefs evil && "
        f"rm evil/heads/main && ln -s {their_root}/.git/refs/heads/main evil/heads/main",
    )
    run = git_local.run_git

    def led_elsewhere_during_the_log(cwd, *args, **kw):
        if "log" in args:  # as the sandbox would (sandboxed() as root also changes every file's owner)
            (ours / "refs2.new").symlink_to("evil")
            os.replace(ours / "refs2.new", ours / "refs2")
        return run(cwd, *args, **kw)

    monkeypatch.setattr(git_local, "run_git", led_elsewhere_during_the_log)
    shown = json.dumps(
        push_preview(make_action(team.project, "git_push", {"branch": "main"}, status="pending"))
    )
    assert "outside the project" in shown, shown
