"""Red team, R4.10 ("deny and ask match the act, not its spelling"): a rule printing a file -- `Terminal(cat .env)` --
is the act of reading it, and git prints a file's content through its history and its diffs, comparison tools
print the lines of the files they compare, and `dd` copies its input file out.

Under a deny of `cat .env`, `git log -p -- .env`, `git blame .env`, `git diff HEAD~5 -- .env`, `git grep KEY --
.env`, `diff .env /dev/null`, `cmp -l .env /dev/null` and `dd if=.env` were auto-approved in auto mode. git's
subcommands that print a file's content or its changes given its path (log and whatchanged with a patch asked
for, show, diff, blame, annotate, grep, format-patch) are read as `cat` of the paths they name (a `-L` range's
file, the paths after `--`; git grep's pattern is no place), as `git show HEAD:.env` was (matching.content_reads);
diff, sdiff, diff3, colordiff, cmp, comm and join joined the readers of a place (matching._READS_PLACES); `dd
if=PATH` reads PATH. What prints names, counts or commit messages only (`git log -- .env`, `git diff --stat`,
`git diff --name-only`, `git diff --quiet`) or another file stays outside.

DENIED: every case failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "git log -p .env"),
    ("cat .env", "git log -p -- .env"),
    ("cat .env", "git log --patch --follow -- .env"),
    ("cat .env", "git log -u -1 .env"),
    ("cat .env", "git log -L1,5:.env"),
    ("cat .env", "git log -L 1,5:.env"),
    ("cat .env", "git log -p -S KEY -- .env"),
    ("cat .env", "git log --all -p -- ./.env"),
    ("cat .env", "git --no-pager log -p .env"),
    ("cat .env", "git log -p -- '.env'"),
    ("cat .env", "git whatchanged -p .env"),
    ("cat .env", "git show HEAD -- .env"),
    ("cat .env", "git show HEAD~2 .env"),
    ("cat .env", "git diff -- .env"),
    ("cat .env", "git diff HEAD~5 -- .env"),
    ("cat .env", "git diff --cached .env"),
    ("cat .env", "git diff --no-index /dev/null .env"),
    ("cat .env", "git diff main..feature -- .env"),
    ("cat .env", "git -C . diff .env"),
    ("cat .env", "cd src && git diff ../.env"),
    ("cat .env", "git blame .env"),
    ("cat .env", "git blame -L 1,5 -- .env"),
    ("cat .env", "git annotate .env"),
    ("cat .env", "git grep KEY -- .env"),
    ("cat .env", "git grep -e KEY .env"),
    ("cat .env", "git grep -n KEY HEAD -- .env"),
    ("cat .env", "git format-patch -1 --stdout -- .env"),
    ("cat .env", "diff .env /dev/null"),
    ("cat .env", "diff -u /dev/null .env"),
    ("cat .env", "cmp -l .env /dev/null"),
    ("cat .env", "comm .env .env"),
    ("cat .env", "sdiff .env x"),
    ("cat .env", "diff3 .env a b"),
    ("cat .env", "colordiff .env x"),
    ("cat .env", "join .env x"),
    ("cat .env", "dd if=.env"),
    ("cat .env", "dd if=.env of=/dev/stdout bs=1"),
    ("cat config/prod.json", "git log -p -- config/prod.json"),
    ("cat config/prod.json", "diff config/prod.json config/dev.json"),
    ("less ~/.ssh/id_rsa", "diff ~/.ssh/id_rsa /dev/null"),
]

NOT_CAUGHT = [
    ("cat .env", "git log -- .env"),
    ("cat .env", "git log --stat -- .env"),
    ("cat .env", "git log --oneline .env"),
    ("cat .env", "git diff --stat -- .env"),
    ("cat .env", "git diff --name-only .env"),
    ("cat .env", "git diff --quiet -- .env"),
    ("cat .env", "git show HEAD --stat -- .env"),
    ("cat .env", "git show --name-only HEAD -- .env"),
    ("cat .env", "git blame README.md"),
    ("cat .env", "git grep .env -- src"),
    ("cat .env", "git log -p -- .env.example"),
    ("cat .env", "git diff"),
    ("cat .env", "git log -p"),
    ("cat .env", "diff a.txt b.txt"),
    ("cat .env", "cmp a b"),
    ("cat .env", "dd if=x of=.env.bak"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_place_a_rule_prints_read_through_its_history_or_a_comparison(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_names_counts_messages_or_another_file_stay_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
