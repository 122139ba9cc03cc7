"""Red team, protected branches (R1.5 [beyond]): moving a protected branch by any git command. `git
filter-branch` rewrites every branch its rev-list arguments name (`-- main`, `-- x..release/2`, `-- --all`,
`-- --branches`); a refspec given through git's configuration (`git -c remote.origin.fetch=+x:refs/heads/main
fetch`) or `--refmap` writes the local branch it names. Each is the protected-merge cap in auto mode, on the
container floor and behind a prefix allow; rewriting or fetching into other branches stays as it was.
"""

from __future__ import annotations

import pytest

from permissions.decide import ProjectState

from .helpers import AUTO_MODE, ROOT, allow_every_word, past_an_exact_allow, term

PROTECTED = ("dev", "qa", "rc", "main", "release/*", "hotfix/**")
PROJECT = ProjectState(
    execution_mode="container", container_running=True, root=ROOT, protected_branches=PROTECTED
)

MOVES = [
    "git filter-branch -- main",
    "git filter-branch -f -- main",
    "git filter-branch --subdirectory-filter src -- main",
    "git filter-branch -f --prune-empty -- release/2.0",
    "git filter-branch -- x..main",
    "git filter-branch -- feature...hotfix/a/b",
    "git filter-branch -- refs/heads/main",
    "git filter-branch -- main~10..main",
    "git filter-branch -- --all",
    "git filter-branch -f --subdirectory-filter lib -- --all",
    "git filter-branch -- --branches",
    "git filter-branch -- --branches=rel*",
    "git filter-branch -- --glob=refs/heads/*",
    "git -C . filter-branch -- main",
    "git -c remote.origin.fetch=+x:refs/heads/main fetch",
    "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* fetch origin",
    "git -c Remote.Origin.Fetch=+x:main pull",
    "git -c remote.upstream.fetch=+refs/heads/x:refs/heads/release/9 fetch upstream",
    "git fetch --refmap=+refs/heads/*:refs/heads/* origin main",
    "git fetch --refmap +x:main origin x",
]


@pytest.mark.parametrize("command", MOVES)
def test_a_protected_branch_rewritten_or_fetched_into_is_capped(command):  # R1.5
    for kw in (
        {"project": PROJECT},
        {"project": PROJECT, "autonomy": AUTO_MODE},
        {"project": PROJECT, "allow": allow_every_word(command)},
    ):
        v = past_an_exact_allow(command, term(command, **kw), **kw)
        # (a word the shell expands, `rel*`: no allow lifts R3.7's ask there, which asks as the cap would)
        reasons = ("cap_protected_merge", "unparseable") if "*" in command else ("cap_protected_merge",)
        assert v.decision == "require_approval" and v.reason in reasons, (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "git filter-branch -- feature",
        "git filter-branch --subdirectory-filter src -- ^main feature",
        "git -c remote.origin.fetch=+refs/heads/*:refs/remotes/origin/* fetch",
        "git fetch --refmap=+refs/heads/*:refs/remotes/mirror/* origin main",
        "git -c user.name=x fetch origin",
    ],
)
def test_other_branches_stay_as_they_were(command):  # friction
    v = term(command, project=PROJECT)
    assert v.reason != "cap_protected_merge", (command, v.reason)
