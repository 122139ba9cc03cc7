"""Protected-branch moves (R1.5) and remote rewrites (§5 step 6) read as git reads its options (SPEC R4.10).

git's parse-options accepts unique abbreviations of long options, clustered short options, a value attached
(``-bmain``, ``--orphan=main``) or in the next word, and options after operands up to ``--``. The caps read a
git command through git's option table, so each spelling below is the same act as its plain form: capped,
while the ordinary command beside it stays auto-approved. Written as an attacker would.
"""

from __future__ import annotations

import pytest

from permissions.commands.git import branch_effects, remote_config_write
from permissions.decide import AutonomyRow, ProjectState

from .helpers import AUTO_MODE, ROOT, allow_every_word, term

PROTECTED = ("main", "dev", "release/*")
PROJECT = ProjectState(
    execution_mode="container", container_running=True, root=ROOT, protected_branches=PROTECTED
)
HOST = ProjectState(execution_mode="runner", root=ROOT, protected_branches=PROTECTED)
TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


def _verdicts(command: str, project: ProjectState = PROJECT):
    allow = allow_every_word(command)
    yield term(command, allow=allow, project=project, autonomy=AUTO_MODE, cwd=ROOT)
    yield term(command, allow=allow, project=project, cwd=ROOT)  # the container floor
    yield term(command, allow=allow, project=HOST, autonomy=TERMINAL_AUTO, cwd=ROOT)


# Each moves a protected branch; the hand-written scanners before the option table missed the ones marked.
MOVES = [
    "git branch --forc main x",
    "git branch --fo main x",  # ambiguous (`--force`, `--format`): git refuses it; read as both
    "git checkout -tb main",  # before git 2.35 `-t` took no value: `-t -b main`
    "git switch -tc main",
    "git branch -tf main origin/x",
    "git branch -fM x main",
    "git branch -vf main x",
    "git branch main -f x",  # options after operands
    "git branch -f -- main x",
    "git branch --mov x main",
    "git branch --del main",
    "git branch --cop x dev",
    "git branch --no-force main",  # a negation the table does not list: every operand may be changed
    "git checkout --orph main",
    "git checkout --orphan=main",
    "git checkout -qmB main",
    "git checkout -qBmain x",
    "git checkout x -B main",
    "git checkout --conflict merge -B main",
    "git switch --force-c main x",
    "git switch --cr main",
    "git switch -dC main",
    "git switch --orp dev",
    "git worktree add --orphan main",
    "git update-ref --create-reflog refs/heads/main x",  # missed: `--create-reflog` takes no value
    "git update-ref -dm why refs/heads/main",  # missed: `-m`'s value clustered after `-d`
    "git update-ref refs/heads/main x -m why",
    "git fetch --stdin origin",  # missed: refspecs read from stdin may write any local branch
    "git fetch --dep 1 . x:main",
    "git fetch -j2 origin +x:main",
    "git fetch --filter blob:none origin x:main",
    "git pull --deepen 1 . x:main",
    "git rebase --roo main",  # missed: `--root` abbreviated
    "git rebase --root x main",  # git refuses two operands with `--root`: either may be the branch
    "git rebase --ont y x main",  # missed: `--onto`'s value abbreviated
    "git rebase x main --exec make",
    "git symbolic-ref -m why refs/heads/main refs/heads/x",
    "git -C . --no-pager branch -D main",
]


@pytest.mark.parametrize("command", MOVES)
def test_an_abbreviated_clustered_or_reordered_move_of_a_protected_branch_is_capped(command):
    for v in _verdicts(command):
        assert v.decision != "auto_approve", (command, v.reason, v.message)
    v = term(command, allow=allow_every_word(command), project=PROJECT, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.reason == "cap_protected_merge", (command, v.reason, v.message)


# The same spellings on a branch nobody protects stay ordinary branch work.
ORDINARY = [
    "git branch --forc feature x",
    "git branch -fM x feature",
    "git checkout -mB feature",
    "git branch x -f main",  # resets x (the first operand) to main
    "git checkout --orph feature",
    "git switch --cr feature",
    "git update-ref --create-reflog refs/heads/feature x",
    "git fetch --dep 1 . x:feature",
    "git rebase --roo feature",
    "git branch --cont main",  # `--contains`: lists branches
    "git branch --set-up origin/main",  # `--set-upstream-to`: the upstream, not a branch it moves
    "git checkout --det main",  # detached at main: main does not move
    "git rebase --ont y main",  # onto y, upstream main: the branch checked out moves, not main
    "git checkout --track=direct -b feature origin/main",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_the_same_spellings_on_an_unprotected_branch_stay_auto_approved(command):
    v = term(command, allow=allow_every_word(command), project=PROJECT, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


def test_a_detached_checkout_does_not_make_later_work_a_move_of_that_branch():
    v = term("git checkout --det main && git commit -m x", allow=("Terminal(git)",), project=PROJECT,
             autonomy=AUTO_MODE, cwd=ROOT)  # fmt: skip
    assert v.decision == "auto_approve", (v.reason, v.message)
    v = term("git checkout main && git commit -m x", allow=("Terminal(git)",), project=PROJECT,
             autonomy=AUTO_MODE, cwd=ROOT)  # fmt: skip
    assert v.reason == "cap_protected_merge", (v.reason, v.message)


@pytest.mark.parametrize(
    ("command", "moved", "checkout"),
    [
        ("git checkout -qBmain x", ["main"], "main"),
        ("git branch x -f main", ["x"], None),
        ("git update-ref --create-reflog refs/heads/main x", ["refs/heads/main", "main"], None),
        ("git rebase --ont y x main", ["main"], "main"),
        ("git checkout --det main", [], None),
        ("git checkout main -- f", [], None),
        ("git stash branch dev", ["dev"], "dev"),
    ],
)
def test_branch_effects_read_options_as_git_does(command, moved, checkout):
    found, current, _ = branch_effects(tuple(command.split()))
    assert (found, current) == (moved, checkout)


REMOTE_WRITES = [
    "git config --glob remote.origin.url x",
    "git config --rep remote.origin.url x",
    "git config --ren remote.origin remote.x",
    "git config --rem remote.origin",
    "git config --global --unset-a remote.origin.url",
    "git config remote.origin.url x --local",
    "git config -ze",  # missed: the editor, clustered after `-z`
    "git config --ed",
    "git config --ty bool remote.origin.mirror true",
    "git config set --append remote.origin.url x",
    "git config -f.git/config remote.origin.url x",
]


@pytest.mark.parametrize("command", REMOTE_WRITES)
def test_a_remote_rewrite_however_its_options_are_spelled_is_capped(command):
    assert remote_config_write(tuple(command.split())), command
    for v in _verdicts(command):
        assert v.decision != "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "git config --get remote.origin.url",
        "git config --get-r remote",
        "git config remote.origin.url",
        "git config --fil x remote.origin.url",  # reads the key from file x
        "git config get remote.origin.url",
        "git config --glob user.name x",
        "git config --ty bool remote.origin.mirror",  # `--type`'s value, then one key: a read
        "git config --comm x remote.origin.url",
        "git config --value=remote.x",  # no key at all: git refuses it (this once raised)
    ],
)
def test_reading_remote_settings_is_not_a_rewrite(command):
    assert not remote_config_write(tuple(command.split())), command
