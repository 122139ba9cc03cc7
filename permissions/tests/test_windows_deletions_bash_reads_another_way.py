"""Red team, R4.6 off the sandbox (SPEC §5): a PowerShell deletion of a home or a drive root that bash's reader
parses as something else is read as PowerShell runs it.

permissions.commands.windows_deletions reads .NET and item-method deletions (`(Get-Item ~).Delete($true)`) as the
`Remove-Item -Recurse` they are, but decide() asked PowerShell's reading only of a command bash stopped at a `(`
after words. `(gi ~).Delete()` parses in bash -- a subshell running `gi ~`, then a word -- and only asked
`cap_path_scope`; `(Get-Item "C:\\").Delete($true)` has a last `\\` before a quote, which PowerShell keeps and bash
reads as an escape, and asked `unparseable`. decide._parse_terminal now asks PowerShell's reading for a command
holding a deletion method's call (windows_deletions.DELETION_CUE) and for one whose open double quote follows a
backslash. A bash command holding such words (`python -c "x.delete()"`, `curl -X DELETE ...`) reads as before.

DENIED: every case failed on the base this change started from (f0a63c9, with windows24's reading merged).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

DENIED = [
    "(gi ~).Delete()",
    "(Get-Item ~).Delete()",
    "(gi $HOME).Delete()",
    '(Get-Item "C:\\").Delete($true)',
    '(Get-Item "$env:USERPROFILE\\").Delete($true)',
]

AS_BEFORE = [
    ('python -c "x.delete()"', ("require_approval", "unparseable")),
    ('curl -X DELETE "https://x/api(1)"', ("require_approval", "cap_external_effect")),
    ("git branch --delete x", ("auto_approve", "autonomy")),
    ("(Get-Item build).Delete($true)", ("auto_approve", "autonomy")),
]


@pytest.mark.parametrize("command", DENIED)
def test_a_deletion_bash_reads_otherwise_is_the_floors(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.reason)


@pytest.mark.parametrize("command, expected", AS_BEFORE)
def test_bash_commands_with_such_words_read_as_before(command: str, expected: tuple[str, str]) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == expected, (command, v.reason)
