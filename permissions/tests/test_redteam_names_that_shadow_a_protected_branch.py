"""Red team, what a protected branch's name resolves to (R1.5: moving a protected branch by any git command is
the protected-merge cap). A tag of the same name wins over the branch wherever git resolves a name (`git tag
-f main x`: `git reset main`, `git merge main`, a CI job checking out `main` then get x); a replacement makes
main's commit read as another (`git replace main x`, `--edit`, `--graft`). Both count as moving the branch.
And `git update-index --chmod=+x` / `--cacheinfo` on a file that decides what runs later changes it in the
index, which a commit or checkout then writes (R3.7).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    AUTO_MODE,
    CONTAINER_RUNNING,
    ROOT,
    past_an_exact_allow,
    term,
)

SHADOWS = [
    "git tag main HEAD~3",
    "git tag -f main HEAD~3",
    "git tag --force main evil",
    "git tag -a -m note main",
    "git tag -s main x",
    "git tag -fm x main HEAD",
    "git tag dev x",
    "git tag -f qa x",
    "git tag rc origin/feature",
    "git tag refs/heads/main x",
    "git -C sub tag -f main x",
    "git replace main x",
    "git replace -f main evil",
    "git replace --force dev x",
    "git replace --edit main",
    "git replace --graft main HEAD~5",
    "git replace -f --graft qa a b",
]


@pytest.mark.parametrize("command", SHADOWS)
def test_shadowing_a_protected_branch_is_the_protected_cap(command):  # R1.5
    v = past_an_exact_allow(command, term(command, autonomy=AUTO_MODE))
    assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), command
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


NOT_MOVES = [
    "git tag v1.2.0",
    "git tag -a v1.2.0 -m release",
    "git tag -f nightly HEAD",
    "git tag -d main",
    "git tag -l",
    "git tag --list 'v*'",
    "git tag --contains main",
    "git tag -v v1.0",
    "git replace -d 1a2b3c",
    "git replace -l",
    "git replace feature x",
]


@pytest.mark.parametrize("command", NOT_MOVES)
def test_other_tags_and_replacements_are_not_moves(command):  # friction
    for v in (
        term(command, project=CONTAINER_RUNNING, cwd=ROOT),
        term(command, autonomy=AUTO_MODE, cwd=ROOT),
    ):
        assert v.reason != "cap_protected_merge", (command, v.reason)


INDEX_WRITES = [
    "git update-index --chmod=+x .husky/pre-commit",
    "git update-index --chmod=+x .git/hooks/pre-push",
    "git update-index --add --chmod=+x .github/workflows/ci.yml",
    "git update-index --chmod=-x .envrc",
    "git update-index --add --cacheinfo 100755,1a2b3c,.husky/pre-push",
    "git update-index --cacheinfo 100644 1a2b3c .github/workflows/release.yml",
    "git update-index --cacheinfo=100644,1a2b3c,.gitattributes",
    "git -C . update-index --chmod=+x .claude/hooks/pre.sh",
]


@pytest.mark.parametrize("command", INDEX_WRITES)
def test_an_index_change_of_a_file_that_decides_what_runs_is_never_auto(command):  # R3.7
    for v in (
        term(command, project=CONTAINER_RUNNING, cwd=ROOT),
        term(command, autonomy=AUTO_MODE, cwd=ROOT),
    ):
        assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "git update-index --chmod=+x scripts/build.sh",
        "git update-index --refresh",
        "git update-index --assume-unchanged .husky/pre-commit",
        "git update-index --really-refresh",
    ],
)
def test_other_index_updates_stay_auto_approved(command):  # friction
    assert term(command, project=CONTAINER_RUNNING, cwd=ROOT).decision == "auto_approve", command
    assert term(command, autonomy=AUTO_MODE, cwd=ROOT).decision == "auto_approve", command
