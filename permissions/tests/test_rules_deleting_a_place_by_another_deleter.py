"""R4.10, red team: a deny or ask of a deletion (`rm -rf data`, `rm .env`) is the act of deleting the place, met by
every program that deletes what it is given.

Under a deny of `rm -rf data`, `find data -delete`, `git clean -fdx data`, `git rm -rf data`, `rsync -a --delete
empty/ data/`, `shred -u data/*`, `trash data`, `gio trash data` and `unlink data` were auto-approved in auto mode
(most of them behind an allow of every word too): a rule met only rm's segments. A segment led by another deleting
program is now also read as `rm -rf` of what it deletes (where.deletion_views: the floor's deleters, find's
`-delete`, git's clean and rm, rsync's deleting options, `shred -u`, `unlink`), so the rule meets it by its places
-- a place under the rule's counts, as `rm -rf data/sub` did. `git rm --cached` (the index only) and a dry run
keep their answers.

A deny of rm's recursive deletion with no place (`rm -rf`, `rm -r`, `rm --recursive --force`) also names the other
programs deleting a tree without asking (matching._deleters_named: `find -delete`, `git clean -f -d`, `rsync
--delete`, `trash`, `gio trash`, `srm -r` ...) -- one way only: a deny of `rsync --delete` is no deny of `rm -rf`.

113 of its 127 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_refuses, auto_and_allowed

TREE = [
    "find data -delete",
    "find data -mindepth 1 -delete",
    "find ./data -type f -delete",
    "find data -name '*.json' -delete",
    "git clean -fdx data",
    "git clean -ffdx -- data",
    "git clean -fd data/",
    "git rm -rf data",
    "git rm -r --force data",
    "git rm -r data/old",
    "rsync -a --delete empty/ data/",
    "rsync -a --delete-after /tmp/e/ data",
    "shred -u data/*",
    "shred -zu data/x.bin",
    "trash data",
    "trash-put data",
    "gio trash data",
    "rmtrash -r data",
    "srm -r data",
    "unlink data",
    "cd src && find ../data -delete",
    "git -C . clean -fdx data",
]

FILE = [
    "shred -u .env",
    "shred --remove .env",
    "unlink .env",
    "git rm .env",
    "git rm -f .env",
    "trash .env",
    "gio trash .env",
    "find .env -delete",
    "srm .env",
]

KEPT = [
    "git rm --cached -r data",
    "git clean -n data",
    "git clean --dry-run -fd data",
    "find data -name '*.json'",
    "trash build",
    "find build -delete",
    "rsync -a --delete data/ /tmp/backup/",
    "git rm -r build",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", TREE)
def test_a_deny_of_a_tree_deletion_meets_every_deleter(command: str, runs_in: str) -> None:
    assert_rule_refuses("rm -rf data", command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", FILE)
def test_a_deny_of_a_file_deletion_meets_every_deleter(command: str, runs_in: str) -> None:
    assert_rule_refuses("rm .env", command, runs_in)


@pytest.mark.parametrize("command", TREE[:6] + FILE[:3])
def test_an_ask_meets_them_too(command: str) -> None:
    rule = "rm -rf data" if command in TREE else "rm .env"
    assert_rule_refuses(rule, command, "sandbox", rank="ask")


@pytest.mark.parametrize("command", KEPT)
def test_what_deletes_nothing_the_rule_names_keeps_its_answer(command: str) -> None:
    for _, reason in auto_and_allowed(command, "sandbox", deny=("Terminal(rm -rf data)",)):
        assert reason != "deny_rule", command


ANY_TREE = [
    "find build -delete",
    "find . -name '__pycache__' -delete",
    "git clean -fdx",
    "git clean -fd",
    "git clean -f -d -x",
    "rsync -a --delete empty/ build/",
    "rsync -a --remove-source-files out/ /tmp/o/",
    "trash build",
    "trash-put build",
    "gio trash build",
    "srm -rf build",
    "srm -r build",
    "rmtrash -rf build",
    "wipe -fR build",
]

NOT_A_TREE = [
    "git clean -nd",
    "find build -name '*.pyc'",
    "rsync -a src/ /tmp/src/",
    "rm -f build.log",
]


@pytest.mark.parametrize("rule", ("rm -rf", "rm -r", "rm --recursive --force"))
@pytest.mark.parametrize("command", ANY_TREE)
def test_a_deny_of_any_recursive_deletion_meets_every_tree_deleter(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "sandbox")


@pytest.mark.parametrize("command", NOT_A_TREE)
def test_what_deletes_no_tree_is_not_the_act(command: str) -> None:
    for _, reason in auto_and_allowed(command, "sandbox", deny=("Terminal(rm -rf)",)):
        assert reason != "deny_rule", command


@pytest.mark.parametrize(("rule", "command"), [("rsync --delete", "rm -rf build"), ("trash", "rm -rf build")])
def test_one_way_only(rule: str, command: str) -> None:
    for _, reason in auto_and_allowed(command, "sandbox", deny=(f"Terminal({rule})",)):
        assert reason != "deny_rule", (rule, command)
