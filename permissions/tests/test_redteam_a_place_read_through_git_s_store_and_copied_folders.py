"""R4.10, red team: a place a rule guards, copied into git's store or into a folder, then printed from there.

Under a deny of `cat .env`, `git add -f .env && git diff --cached` printed the file, auto-approved: `git add` copies
it into git's index, and every subcommand that prints what git stores (`diff --cached`, `show`, `log -p`,
`format-patch --stdout`, `stash show -p`, a `diff` after `add -N`) prints it from there. Under a deny of `cat
secrets/prod.json`, `cp -r secrets /tmp/s && grep -r KEY /tmp/s` did the same through a copied folder read whole.
Both are read as the copies they are now (copies._git_staged into copies.GIT_STORE, read whole by git's printers:
recursive_reads; decide._copies_read_below): they ask, as reading the original folder whole asks. Kept: staging
and printing what no rule names, the project staged whole (`git add -A && git diff --cached`: the ruling that the
project read whole is not a rule's), and staging alone.
52 of its 65 cases fail on 513a152 (the session's start); the rest (the kept uses, and `cat-file -p HEAD:.env`, which
names the place) held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

ENV = "cat .env"
SECRETS = "cat secrets/prod.json"

STAGED_THEN_PRINTED = [
    "git add -f .env && git diff --cached",
    "git add .env; git diff --staged",
    "git add -- .env && git diff --cached -- .",
    "git add --force .env && git --no-pager diff --cached",
    "git -C . add -f .env && git diff --cached",
    "git stage .env && git show",
    "git add -f .env && git commit -qm x && git show",
    "git add -f .env && git commit -qm x && git log -p -1",
    "git add -f .env && git commit -qm x && git log --patch -n1",
    "git add -f .env; git format-patch --stdout -1",
    "git update-index --add .env && git diff --cached",
    "git add -N .env && git diff",
    "git add --intent-to-add .env && git diff HEAD",
    "git stash push -- .env && git stash show -p",
    "git stash push -m wip .env && git stash show -p",
    "git commit -m x -- .env && git show",
    "git add -f .env && git commit -qm x && git cat-file -p HEAD:.env",
    "git add -f .env && git commit -qm x && git fast-export HEAD",
    "git add -f .env && git commit -qm x && git whatchanged -p -1",
    "git add -f .env && git grep --cached KEY",
    "git add -f secrets && git diff --cached",
]
COPIED_FOLDERS = [
    "cp -r secrets /tmp/s && grep -r KEY /tmp/s",
    "cp -r secrets /tmp/s && rg KEY /tmp/s",
    "cp -R secrets /tmp/x/s && rg KEY /tmp/x",
    "mv secrets /tmp/s && grep -rn KEY /tmp/s",
    "rsync -a secrets/ /tmp/s && ag KEY /tmp/s",
    "cp -r secrets /tmp/s && tar cf - /tmp/s",
]
KEPT = [
    "git add -A && git diff --cached",
    "git add . && git diff --cached --stat",
    "git add src/app.py && git diff --cached",
    "git add -p src && git diff --staged",
    "git add -f .env",
    "git diff --cached",
    "git show HEAD",
    "git add -A && git commit -m wip && git log -p -1",
    "git stash push -m wip && git stash show -p",
    "cp -r src /tmp/s && grep -r KEY /tmp/s",
    "cp -r . /tmp/p && grep -rn TODO /tmp/p",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", STAGED_THEN_PRINTED)
def test_a_place_printed_from_git_s_store_is_never_auto_approved(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(
        command, runs_in, deny=(f"Terminal({ENV})", f"Terminal({SECRETS})")
    ):
        assert (decision, reason) in (("require_approval", "ask_rule"), ("deny", "deny_rule")), (
            command,
            runs_in,
        )


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", COPIED_FOLDERS)
def test_a_copied_folder_read_whole_is_never_auto_approved(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in, deny=(f"Terminal({SECRETS})",)):
        assert (decision, reason) in (("require_approval", "ask_rule"), ("deny", "deny_rule")), (
            command,
            runs_in,
        )


@pytest.mark.parametrize("command", KEPT)
def test_what_no_rule_names_stays(command: str) -> None:
    deny = (f"Terminal({ENV})", f"Terminal({SECRETS})")
    for _, reason in auto_and_allowed(command, "sandbox", deny=deny):
        assert reason not in ("ask_rule", "deny_rule"), command
