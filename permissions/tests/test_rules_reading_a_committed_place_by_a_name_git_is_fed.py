"""R4.10, red team: git printing a committed place named another way -- fed to `git cat-file --batch`, by the object
id `git rev-parse` prints, or by a pathspec's glob.

Under a deny of `cat .env`, `echo HEAD:.env | git cat-file --batch`, `git cat-file --batch <<< HEAD:.env`, `git
show $(git rev-parse HEAD:.env)` and `git log --all -p -- '*.env'` were auto-approved in auto mode, and behind an
allow of every word: cat-file's batch reads the names it is fed (where.fed_words, as xargs' operands are read), a
`REV:PATH` rev-parse prints is that object (where._tops), and git's pathspec globs match a leading dot and across
folders (matching._git_file_reads: `*.env` names `.env`, a deny; `*env*` may, an ask). `--batch-check` prints an
object's size only. 30 of its 37 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_refuses, auto_and_allowed

DENIED = [
    "echo HEAD:.env | git cat-file --batch",
    "printf 'HEAD:.env\\n' | git cat-file --batch",
    "git cat-file --batch <<< HEAD:.env",
    "git cat-file --batch <<< main:.env",
    "git cat-file --batch-command <<< 'contents HEAD:.env'",
    "echo HEAD~3:.env | git --no-pager cat-file --batch",
    "git show $(git rev-parse HEAD:.env)",
    "git cat-file -p $(git rev-parse HEAD:.env)",
    "git cat-file blob `git rev-parse HEAD:.env`",
    'git show "$(git rev-parse main~2:.env)"',
    "git log --all --full-history -p -- '*.env'",
    "git log -p -- '*.env'",
    "git diff HEAD~3 -- '*.env'",
    "git show HEAD -- '*.env'",
]

ASKED = [
    "git log -p -- '*env*'",
    "git log -p -- '.e*'",
]

KEPT = [
    "echo HEAD:README.md | git cat-file --batch",
    "git cat-file --batch-check <<< HEAD:.env",
    "git show $(git rev-parse HEAD:README.md)",
    "git show $(git rev-parse HEAD)",
    "git log -p -- '*.py'",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", DENIED)
def test_a_deny_meets_the_committed_place_named_another_way(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", ASKED)
def test_a_glob_that_may_name_it_asks(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in, deny=("Terminal(cat .env)",)):
        assert verdict == ("require_approval", "ask_rule"), command


@pytest.mark.parametrize("command", KEPT)
def test_other_objects_keep_their_answers(command: str) -> None:
    for _, reason in auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",)):
        assert reason not in ("deny_rule", "ask_rule"), command
