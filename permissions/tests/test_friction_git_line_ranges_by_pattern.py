"""Friction (R6.2): a line range git finds by a pattern is no place. `git log -L '/def parse/,+20:src/parser.py'`
and `git blame -L '/class User/,+30' models.py` -- how the agents' own guides follow one function's history --
asked as touching the absolute path `/def parse/,+20:src/parser.py`. git reads `-L`'s value as
`<start>,<end>:<file>` (log) or `<start>,<end>` (blame), each end a line number, `+N`/`-N` or a `/regex/`
(`^/regex/` anchored), or `:<funcname>:<file>` (git's line-range.c: the range is skipped first, the file is what
follows the colon after it). Now the scope reads the value as git does: only log's file part is a place, checked
as any operand; blame's range names none.

Never loosened: the file part of a log range outside the project (`-L '/x/,+1:/etc/passwd'`, `../..`), a file
part whose colon hides a path (`-L '1,2:/etc/x:y'` is the file `/etc/x:y`), a value git would not read as a
range (left to be checked as a place), the operands beside it, and deny rules on the files.

40 of its 114 cases failed on bbdaffb9: 34 ordinary ones (under the allow list and in auto mode off the sandbox),
and 6 guards the scope let through there (a numeric or function range's file outside the project,
`-L '1,5:/etc/passwd'`, `-L ':main:/etc/x.c'`, `-L '1,2:/etc/x:y'`: the value did not start with a `/`).
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, ROOT, term

PLACES = ("sandbox", "agent")
TEAM = tuple(f"Terminal({c})" for c in ("git log", "git blame", "git annotate", "head", "sed -n"))

ORDINARY = [
    "git log -L '/def parse/,+20:src/parser.py'",
    "git log -L '/def parse/,+20:src/parser.py' -n 1",
    "git log -L '/class User/,/^class /:app/models.py' --oneline",
    "git log -L '^/def main/,+5:cli.py'",
    'git log -L "/fn tokenize/,+40:src/lexer.rs" --no-patch --oneline',
    "git log -L '/func (s \\*Server) Start/,+30:internal/server/server.go'",
    "git log --oneline -L '/a\\/b/,+3:src/paths.py'",
    "git log -L'/def parse/,+20:src/parser.py'",
    "git log -L '10,/^}/:src/main.c' | head -80",
    "git log -L :parse_config:src/config.py",
    "git log -L '^:main:cmd/server/main.go'",
    "git blame -L '/def parse/,+10' src/parser.py",
    "git blame -L '/class User/,/^class /' app/models.py | head -40",
    "git blame -L '/^def /,+5' -- src/app.py",
    "git blame -w -L '/TODO/,+3' README.md",
    "git blame -L:parse src/parser.py",
    "git annotate -L '/main/,+5' main.go",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_a_range_found_by_a_pattern_is_no_place(command: str, runs_in: str) -> None:
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_and_in_auto_mode(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


STILL_ASKED = [
    "git log -L '/root/,+1:/etc/passwd'",
    "git log -L '1,5:/etc/passwd'",
    "git log -L '/x/,+1:../../etc/passwd'",
    "git log -L '/x/,+1:../other-app/.env'",
    "git log -L ':main:/etc/x.c'",
    "git log -L '1,2:/etc/x:y'",
    "git log -L '/a:b/,+1:/etc/x'",
    "git log -L '/a\\/:/,+1:/etc/x'",
    "git log -L'/x/,+2:/etc/shadow'",
    'git log -L "/x/,+1:$HOME/.ssh/config"',
    "git log -L /x/,+1:$HOME/.bashrc",
    'git log -L "/x/,+1:${HOME}/.bashrc"',
    'git log -L "/x/,+1:$F"',
    "git log -L '/unterminated,+1:src/a.py' /etc/passwd",
    "git log -L /etc/passwd",
    "git blame -L '/def parse/,+10' /etc/passwd",
    "git blame -L '/x/,+1' ../../etc/passwd",
    "git blame -L '/x/,+1' -- ../other-app/.env",
    "git log -L '/x/,+1:src/a.py' -- /etc",
    "git -C /etc log -L '/x/,+1:passwd'",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", STILL_ASKED)
def test_a_file_outside_still_asks(command: str, runs_in: str) -> None:
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize(
    "command",
    ["git log -L '/KEY/,+1:.env'", "git log -L '/x/,+3:config/.env'", "git blame -L '/KEY/,+1' .env"],
)
def test_a_deny_of_reading_the_file_still_speaks(command: str, runs_in: str) -> None:
    v = term(command, allow=TEAM, deny=("Terminal(cat .env)", "Terminal(cat config/.env)"), runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)
