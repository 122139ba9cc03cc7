"""Red team (session 17), R4.10: a parser that takes a unique abbreviation of a long option takes one letter
too -- git's parse-options runs `git reset --h` as `git reset --hard` (git 2.39), GNU getopt_long runs `rm --r
--f x` as `rm --recursive --force x`. The option tables read an abbreviation only from two letters on, so a
deny of `git reset --hard` or `rm -rf` let the one-letter spelling through under an allow of the program, and
in auto mode. An ambiguous letter (`git commit --n`: --no-verify, --no-edit, ...; git refuses it) is read as
every option it begins, as the longer abbreviations are: deny matches more.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import in_auto_mode, under_its_allow

# (command, the deny it must meet). All 28 were auto-approved or only asked on main.
CASES = [
    ("git reset --h", "git reset --hard"),
    ("git reset --h HEAD~1", "git reset --hard"),
    ("git -C . reset --h", "git reset --hard"),
    ("git reset -q --h origin/main", "git reset --hard"),
    ("rm --r --f x", "rm -rf"),
    ("rm --f --r x", "rm -rf"),
    ("rm --r -f x", "rm -rf"),
    ("rm -f --r x", "rm -rf"),
    ("rm --r x", "rm -r"),
    ("chmod --r 777 x", "chmod -R"),
    ("chown --r x y", "chown -R"),
    ("chgrp --r x y", "chgrp -R"),
    ("git clean --f -d -x", "git clean -f"),
    ("git clean -dx --f", "git clean -f"),
    ("git commit --n -m x", "git commit --no-verify"),
    ("git push --f", "git push --force"),
    ("git branch --d --f x", "git branch -D"),
    ("git checkout --f main", "git checkout -f"),
    ("git stash --a", "git stash --all"),
    ("git add --f x", "git add -f"),
    ("git rm --f x", "git rm -f"),
    ("git merge --s ours x", "git merge -s"),
    ("git rebase --i main", "git rebase -i"),
    ("sed --i s/a/b/ x", "sed -i"),
    ("pip install --u x", "pip install --user"),
    ("git tag --f v1", "git tag -f"),
    ("git worktree remove --f x", "git worktree remove -f"),
    ("git fetch --p", "git fetch --prune"),
]


@pytest.mark.parametrize(("command", "deny"), CASES)
def test_a_one_letter_abbreviation_meets_the_deny_of_its_option(command, deny):
    assert under_its_allow(command, deny).decision == "deny", command
    assert in_auto_mode(command, deny).decision == "deny", command


# Friction: a letter that begins none of the denied option's names stays allowed.
ORDINARY = [
    ("git reset --s HEAD~1", "git reset --hard"),  # --soft
    ("rm --v x", "rm -rf"),  # --verbose
    ("git commit --a -m x", "git commit --no-verify"),  # --all, --amend, --author ...
    ("git fetch --a", "git fetch --prune"),  # --all, --append, --atomic
]


@pytest.mark.parametrize(("command", "deny"), ORDINARY)
def test_a_letter_of_another_option_stays_allowed(command, deny):
    assert under_its_allow(command, deny).decision == "auto_approve", command
