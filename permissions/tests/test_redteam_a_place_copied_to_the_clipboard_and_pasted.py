"""R4.10, red team: a place a rule guards, copied to the clipboard and printed back from it in the same command.

Under a deny of `cat .env`, `pbcopy < .env && pbpaste`, `wl-copy < .env && wl-paste`, `xclip -sel c .env && xclip -o
-sel c`, `xsel -bi < .env && xsel -bo` printed the file, auto-approved: the clipboard is a place a copy makes
(copies.CLIPBOARD) and its readers print it (matching.content_reads). Kept: the clipboard of anything else, the copy
alone (it prints nothing).
20 of its 24 cases fail on 513a152 (the session's start); the kept ones held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

ROUND_TRIPS = [
    "pbcopy < .env && pbpaste",
    "pbcopy < .env; pbpaste > /tmp/x; cat /tmp/x",
    "wl-copy < .env && wl-paste",
    "wl-copy < .env; wl-paste -n",
    "xclip -sel c .env && xclip -o -sel c",
    "xclip -selection clipboard -i .env; xclip -selection clipboard -o",
    "xclip .env && xclip -o",
    "xsel -bi < .env && xsel -bo",
    "xsel --input < .env; xsel",
    "xsel -b < .env && xsel -bo",
]
KEPT = [
    "echo hi | pbcopy && pbpaste",
    "xclip -sel c README.md && xclip -o -sel c",
    "pbcopy < notes.txt",
    "xsel -bo",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", ROUND_TRIPS)
def test_a_place_pasted_from_the_clipboard_meets_the_rule(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_the_clipboard_of_anything_else_is_not_the_rule_s(command: str) -> None:
    assert_rule_does_not_catch("cat .env", command, "sandbox")
