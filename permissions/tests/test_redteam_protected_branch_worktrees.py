"""R1.5: a protected branch checked out in another worktree and committed there moves it, as ``git checkout
main && git commit`` does; ``git worktree add <path>`` with no branch checks out (or creates) the branch its
path's last component names."""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

MOVES = [
    "git worktree add m main && git -C m commit -am x",
    "git worktree add m main && cd m && git commit -am x",
    "git worktree add m main && (cd m && git commit -am x)",
    "git worktree add -f ../m main; git -C ../m commit --amend --no-edit",
    "git worktree add --lock m main && git -C m merge feature",
    "git worktree add m main && git -C m cherry-pick abc123",
    "git worktree add m main && git -C m pull --rebase",
    "git worktree add m main && git -C m revert HEAD",
    "git worktree add ../main && git -C ../main commit -am x",
    "git worktree add /tmp/w/main/ && cd /tmp/w/main && git commit -am x",
    "git worktree add ../main",  # no branch named: creates `main` from HEAD when none exists
    "git worktree add -q wt main && git --git-dir=.git --work-tree=wt commit -am x",
]


@pytest.mark.parametrize("command", MOVES)
def test_committing_on_a_protected_branch_through_another_worktree_is_capped(command):
    for v in (term(command, autonomy=AUTO_MODE), term(command, project=CONTAINER_RUNNING)):
        assert v.decision == "require_approval", (command, v.reason)
    # `git merge` is an external effect of its own (SPEC §5 step 6); every other one is the branch's move
    assert term(command, autonomy=AUTO_MODE).reason in ("cap_protected_merge", "cap_external_effect"), command


@pytest.mark.parametrize(
    "command",
    [
        "git worktree add m main",  # a checkout alone moves nothing
        "git worktree add --detach m main && git -C m commit -am x",
        "git worktree add -b feat m main && git -C m commit -am x",
        "git worktree add m feature && git -C m commit -am x",
        "git worktree add m && git -C m commit -am x",
        "git worktree list",
    ],
)
def test_other_worktrees_are_not_capped(command):
    assert term(command, autonomy=AUTO_MODE).reason != "cap_protected_merge", command
