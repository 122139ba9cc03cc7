"""Protected branches: pattern entries, and a protected branch moved by any git command (SPEC R1.5 [beyond]).

Written as an attacker would: each command moves a protected branch locally -- creates, resets, renames onto
or away, copies onto, deletes, updates through plumbing or a refspec, or moves the branch it has just checked
out -- behind a prefix allow for every verb, in auto mode, on the container floor and under terminal autonomy.
None is auto-approved; it is the protected-merge cap. Ordinary branch work stays as it was.
"""

from __future__ import annotations

import pytest

from permissions.commands.git import branch_pattern_matches
from permissions.decide import AutonomyRow, ProjectState

from .helpers import AUTO_MODE, ROOT, allow_every_word, term, typed

PROTECTED = ("dev", "qa", "rc", "main", "release/*", "hotfix/**")
PROJECT = ProjectState(
    execution_mode="container", container_running=True, root=ROOT, protected_branches=PROTECTED
)
HOST = ProjectState(execution_mode="runner", root=ROOT, protected_branches=PROTECTED)
TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


MOVES = [
    "git branch -f main x",
    "git branch --force main x",
    "git branch --forc main HEAD~1",
    "git branch -f MAIN x",
    "git branch -f refs/heads/main x",
    "git branch -f heads/main x",
    "git branch -M x main",
    "git branch -m main old",
    "git branch --move x main",
    "git branch -D main",
    "git branch --delete Main",
    "git branch -C x main",
    "git branch --copy x dev",
    "git branch -f qa",
    "git branch main",
    "git branch -f release/2.0 x",
    "git branch -f Release/2.0 x",
    "git branch -D hotfix/a/b",
    "git branch -f $BRANCH x",
    "git update-ref refs/heads/main x",
    "git update-ref -d refs/heads/main",
    "git update-ref refs/heads/release/3 x",
    "git update-ref refs/heads//main x",
    "git update-ref --stdin",
    "git symbolic-ref refs/heads/main refs/heads/x",
    "git fetch . x:main",
    "git fetch origin +x:main",
    "git fetch origin main:main",
    "git fetch origin x:refs/heads/main",
    "git fetch origin 'refs/heads/*:refs/heads/*'",
    "git fetch --depth 1 origin x:release/9",
    "git pull origin x:main",
    "git checkout -B main",
    "git checkout -B main origin/x",
    "git checkout -bmain",
    "git checkout --orphan main",
    "git checkout -B release/1.0",
    "git switch -C main",
    "git switch -c main",
    "git switch --force-create main x",
    "git switch --orphan dev",
    "git worktree add -B main ../w",
    "git checkout -B dev x",
    "git rebase x main",
    "git rebase --onto y x main",
    "git rebase --root main",
    "git -C . branch -f main x",
    "git --git-dir=.git branch -f main x",
    "git checkout main && git reset --soft HEAD~3",
    "git checkout main; git commit --amend -m x",
    "git switch main && git cherry-pick x",
    "git checkout release/1 && git revert HEAD",
    "git switch dev && git commit -m x",
    "git checkout main && git pull",
    "git symbolic-ref HEAD refs/heads/main && git reset --soft x",
    "hub branch -f main x",
]


@pytest.mark.parametrize("command", MOVES)
def test_moving_a_protected_branch_is_never_auto_approved(command):
    for project, autonomy in ((PROJECT, AUTO_MODE), (PROJECT, ()), (HOST, TERMINAL_AUTO)):
        v = term(command, allow=allow_every_word(command), project=project, autonomy=autonomy, cwd=ROOT)
        assert v.decision != "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    # (`switch --orphan` also empties the working tree -- every tracked file removed, R3.7 -- which is read
    # first, as `switch -f` is: still asked, for that reason)
    [c for c in MOVES if "reset" not in c and "$" not in c and "switch --orphan" not in c],
)
def test_it_is_the_protected_merge_cap(command):
    v = term(command, allow=allow_every_word(command), project=PROJECT, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.reason == "cap_protected_merge", (command, v.reason, v.message)
    shown = v.message.partition("decision: ")[2]
    assert "move of one" in v.message and shown and shown in command, v.message  # names the segment


# Ordinary branch work beside each move: capped, and the sibling still auto-approved.
PAIRS = [
    ("git branch -f main x", "git branch -f feature x"),
    ("git branch main", "git branch feature"),
    ("git branch -D main", "git branch -d old-feature"),
    ("git branch -M x main", "git branch -m old new"),
    ("git checkout -B main", "git checkout -b x"),
    ("git checkout -b release/2", "git checkout -b feature/y main"),
    ("git switch -C main", "git switch -c feature main"),
    ("git fetch origin main:main", "git fetch origin main"),
    ("git fetch . x:main", "git fetch origin refs/heads/main:refs/remotes/origin/main"),
    ("git update-ref refs/heads/main x", "git update-ref refs/tags/v1 x"),
    ("git rebase x main", "git rebase main"),
    ("git checkout main && git commit -m x", "git checkout main && git checkout -b f && git commit -m x"),
    ("git switch main && git cherry-pick x", "git switch main"),
    ("git worktree add -B main ../w", "git worktree add ../w main"),
    ("git branch -f release/1 x", "git branch --list 'release/*'"),
    ("git branch -f hotfix/x/y z", "git branch -u origin/main"),
    ("git branch -f dev x", "git branch --set-upstream-to=origin/main"),
    ("git branch -f qa x", "git branch --contains main"),
]


@pytest.mark.parametrize(("move", "ordinary"), PAIRS)
def test_ordinary_branch_work_stays_auto_approved(move, ordinary):
    v = term(move, allow=allow_every_word(move), project=PROJECT, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.reason == "cap_protected_merge", (move, v.reason)
    v = term(ordinary, allow=allow_every_word(ordinary), project=PROJECT, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.decision == "auto_approve", (ordinary, v.reason, v.message)


@pytest.mark.parametrize(
    ("target", "other"),
    [
        ("release/1.2", "releases/1"),
        ("Release/1.2", "feature/release"),
        ("RELEASE/x", "pre-release/1"),
        ("origin/release/1.2", "release"),
        ("refs/heads/release/1.2", "feature/x"),
        ("release/a/b", "hotfixes/a"),  # wider than GitHub's `*`: a person approves
        ("hotfix/a", "my-hotfix/a"),
        ("hotfix/a/b/c", "mainline"),
    ],
)
def test_a_pattern_entry_protects_what_it_matches_for_a_merge(target, other):
    project = ProjectState(
        execution_mode="runner", root=ROOT, protected_branches=("main", "release/*", "hotfix/**")
    )
    v = typed("git_merge", allow=("GitMerge()",), target_branch=target, project=project)
    assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), target
    v = typed("git_merge", allow=("GitMerge()",), target_branch=other, project=project)
    assert v.decision == "auto_approve", (other, v.reason)


@pytest.mark.parametrize(
    ("pattern", "name", "hit"),
    [
        ("release/*", "release/1", True),
        ("release/*", "release/a/b", True),
        ("hotfix/**", "hotfix/a/b", True),
        ("v[0-9]*", "v1.2", True),
        ("v[^0-9]*", "vx", True),
        ("v[!0-9]*", "v1", False),
        ("rel?ase", "RELEASE", True),
        ("refs/heads/main", "main", True),
        ("Ｍａｉｎ", "main", True),
        ("release/*", "release", False),
        ("main", "mainline", False),
    ],
)
def test_branch_pattern_matches(pattern, name, hit):
    assert branch_pattern_matches(pattern, name) is hit
