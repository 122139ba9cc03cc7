"""Red team, R4.10 ("deny and ask match the act, not its spelling"): a deny or ask rule printing a file -- `Terminal(cat
.env)`, `Terminal(less ~/.ssh/id_rsa)`, `Terminal(head /etc/shadow)` -- is the act of reading it, whichever program
prints the file's content.

Under a deny of `cat .env` (the rule a team writes to keep an agent from reading its secrets), `head .env`, `grep
KEY .env`, `sort < .env`, `base64 .env`, `awk 1 .env` were auto-approved in auto mode: each is another program, and
a rule met only its own program's segments. A rule led by a program that prints its operands (`cat`, `bat`,
`less`, `head`, `tail`, `nl`, `strings`, `xxd`, `base64` ...), every operand a place, now also names the same
places read by each of them and by those given a pattern or a program first (`grep`, `rg`, `awk`, `sed`, `sort`,
`cut`, `jq` ...): the places met among the segment's words in any order (matching._readers_named). What reads only
a file's size or name (`wc -l .env`, `ls .env`) or another file (`head .env.example`) stays outside.

git printing the file's committed or staged copy is read as `cat` of it (GIT_DENIED: `git show HEAD:.env`, `git show
:.env`, `git cat-file -p main:.env`: matching.content_reads). Off the sandbox, PowerShell's and cmd's readers too (windows_names: Select-String and `sls` as grep, `findstr` as grep,
Format-Hex as xxd, Import-Csv as cat; Get-Content and `type` were cat already): WINDOWS_DENIED, on the agent.

DENIED, GIT_DENIED and WINDOWS_DENIED: every case failed on the base this change started from (69580d6), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "head .env"),
    ("cat .env", "head -n 5 .env"),
    ("cat .env", "tail -f .env"),
    ("cat .env", "less ./.env"),
    ("cat .env", "grep -r KEY .env"),
    ("cat .env", "rg -n token .env"),
    ("cat .env", "awk 1 .env"),
    ("cat .env", "sed -n p .env"),
    ("cat .env", "sort .env"),
    ("cat .env", "sort < .env"),
    ("cat .env", "grep KEY < .env"),
    ("cat .env", "base64 .env"),
    ("cat .env", "xxd .env"),
    ("cat .env", "strings .env"),
    ("cat .env", "jq . .env"),
    ("cat .env", "cut -d= -f2 .env"),
    ("cat .env", "bat .env"),
    ("cat .env", "nl .env"),
    ("cat .env", "grep -f .env notes.txt"),
    ("cat .env", "cd src && grep KEY ../.env"),
    ("cat .env", "sudo head .env"),
    ("cat secrets.txt", "head secrets.txt"),
    ("cat secrets.txt", "grep pw ./secrets.txt"),
    ("less ~/.ssh/id_rsa", "cat ~/.ssh/id_rsa"),
    ("less ~/.ssh/id_rsa", "base64 $HOME/.ssh/id_rsa"),
    ("head /etc/shadow", "cat /etc/shadow"),
    ("head /etc/shadow", "grep root /etc/shadow"),
]

WINDOWS_DENIED = [
    ("cat .env", "Select-String -Path .env -Pattern KEY"),
    ("cat .env", "sls KEY .env"),
    ("cat .env", "findstr /s /i KEY .env"),
    ("cat .env", "Format-Hex .env"),
    ("cat .env", "Import-Csv .env"),
    ("cat .env", "sls -Pattern token -Path .\\.env"),
]

NOT_CAUGHT = [
    ("cat .env", "head .env.example"),
    ("cat .env", "grep KEY .env.example"),
    ("cat .env", "wc -l .env"),
    ("cat .env", "ls .env"),
    ("cat .env", "grep env README.md"),
    ("cat README.md", "grep x src/a.py"),
    ("cat .env", "find . -name .env"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_place_a_rule_prints_read_by_another_reader(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", WINDOWS_DENIED)
def test_a_place_a_rule_prints_read_by_windows_readers(rule: str, command: str, rank: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_file_or_its_size_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


# git printing the file's committed or staged copy (matching.content_reads): read as `cat` of it
GIT_DENIED = [
    ("cat .env", "git show HEAD:.env"),
    ("cat .env", "git show :.env"),
    ("cat .env", "git show origin/main:.env"),
    ("cat .env", "git cat-file -p HEAD:.env"),
    ("cat .env", "git cat-file blob :.env"),
    ("cat .env", "git --no-pager show HEAD~1:.env"),
    ("cat .env", "git show HEAD:./.env"),
    ("cat config/prod.json", "git show main:config/prod.json"),
]
GIT_NOT_CAUGHT = [
    ("cat .env", "git show HEAD"),
    ("cat .env", "git show HEAD:README.md"),
    ("cat .env", "git show main:config/.env"),
    ("cat .env", "git log -1 --stat"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", GIT_DENIED)
def test_a_place_a_rule_prints_read_from_gits_copy(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", GIT_NOT_CAUGHT)
def test_another_file_from_git_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
