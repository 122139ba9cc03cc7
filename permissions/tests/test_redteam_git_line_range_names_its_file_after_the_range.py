"""Red team, R4.10: git's `-L` names its file after the RANGE, not after the last colon.

`git log -L <start>,<end>:<file>` and `git log -L :<funcname>:<file>` (line-log.c): git skips the range -- a line
number with its sign, a `/regex/` ending at its first unescaped `/`, or a function name ending at its first `:` --
and the file is everything after the colon that follows it, colons included. Brabo took the text after the LAST
colon: under a deny of `cat notes:2024.md`, `git log -L1,5:notes:2024.md` (which prints lines of
`notes:2024.md`) was read as printing `2024.md` and auto-approved in auto mode; a range whose regex holds a colon
(`-L '/a:b/,+3:.env'`) was read right only because the file held none.

DENIED: every case with a colon in the file failed on the base this change started from (9e5dd588), as deny or as
ask, in the sandbox or on the agent; the others keep what held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat notes:2024.md", "git log -L1,5:notes:2024.md"),
    ("cat notes:2024.md", "git log -L 1,5:notes:2024.md"),
    ("cat notes:2024.md", "git log -L '1,+5:notes:2024.md'"),
    ("cat notes:2024.md", "git log -L '-5,10:notes:2024.md'"),
    ("cat notes:2024.md", "git log -L 7:notes:2024.md"),
    ("cat notes:2024.md", "git log -L '/def main/,+20:notes:2024.md'"),
    ("cat notes:2024.md", "git log -L '^/def/,/return/:notes:2024.md'"),
    ("cat notes:2024.md", "git log -L ':main:notes:2024.md'"),
    ("cat notes:2024.md", "git log -L:main:notes:2024.md"),
    ("cat notes:2024.md", "git log -L '/a:b/,+3:notes:2024.md'"),
    ("cat notes:2024.md", "git blame -L 1,5 -- notes:2024.md"),
    ("cat db:prod/secrets.yml", "git log -L 1,9:db:prod/secrets.yml"),
    # what held before: a file without a colon, a range whose regex holds one or an escaped slash
    ("cat .env", "git log -L '/a:b/,+3:.env'"),
    ("cat .env", "git log -L '/x\\/y:z/,+3:.env'"),
    ("cat .env", "git log -L ':a:.env'"),
    ("cat .env", "git log -L1,5:.env"),
]

NOT_CAUGHT = [
    # the range's regex names the place, not the file
    ("cat notes:2024.md", "git log -L '/notes:2024.md/,+3:src/app.py'"),
    ("cat .env", "git log -L '/.env/,+3:src/app.py'"),
    ("cat 2024.md", "git log -L1,5:notes:2024.md"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_the_file_after_the_range_is_the_one_read(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_the_range_and_the_file_s_tail_are_no_place(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
