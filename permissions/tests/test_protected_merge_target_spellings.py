"""Protected merge targets spelled another way (RN-006, R1.5): ``refs/heads/main``, ``heads/main``,
``origin/main``, ``main^{}`` and the like are the protected branch; other branches still merge in auto mode."""

from __future__ import annotations

import pytest

from permissions.commands.git import canonical_branch, names_protected_branch
from permissions.tests.helpers import AUTO_MODE, term, typed

# -- class 8: protected merge targets spelled another way ---------------------------------------------------
SPELLINGS_OF_MAIN = [
    "main",
    "refs/heads/main",
    "heads/main",
    "origin/main",
    "remotes/origin/main",
    "refs/remotes/origin/main",
    "main^{}",
    "HEAD:main",
    "+main",
    ":main",
    "main~0",
    "main^0",
    "main@{0}",
    "MAIN",
    "Main",
    "ｍａｉｎ",  # full-width
    "ma\u200bin",  # zero-width space
    "main\u00a0",  # no-break space
    " main",
    "main.",
    "main/",
    "main.lock",
]


@pytest.mark.parametrize("target", SPELLINGS_OF_MAIN)
def test_every_spelling_of_a_protected_branch_is_capped(target):  # RN-006, merge targets spelled another way
    assert names_protected_branch(target, ("dev", "qa", "rc", "main"))
    v = typed("git_merge", autonomy=AUTO_MODE, target_branch=target)
    assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), target


@pytest.mark.parametrize(
    "target", ["feature/x", "fix-123", "release/2.0", "refs/heads/feature/y", "mainline"]
)
def test_other_branches_merge_in_auto_mode(target):  # RN-006, merge targets spelled another way
    assert canonical_branch(target) is not None
    assert typed("git_merge", autonomy=AUTO_MODE, target_branch=target).decision == "auto_approve"


@pytest.mark.parametrize(
    "target",
    ["main^{}", "HEAD:main", "+main", ":main", "main~0", "main@{0}", "ma\u200bin", "a..b", "-x", "@"],
)
def test_revision_syntax_is_not_a_branch_name(target):  # RN-006, merge targets spelled another way
    assert canonical_branch(target) is None


def test_the_canonical_forms():  # RN-006, merge targets spelled another way
    assert canonical_branch("refs/heads/main") == "main"
    assert canonical_branch(" main\t") == "main"
    assert canonical_branch("ｍａｉｎ") == "main"
    assert canonical_branch("refs/tags/v1") is None


@pytest.mark.parametrize(
    "command", ["git push origin HEAD:main", "git push origin +main", "git push o :main"]
)
def test_refspecs_in_terminal_pushes_are_external_effects(command):  # RN-006
    v = term(command, allow=("Terminal(git push)",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")
