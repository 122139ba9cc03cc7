"""R4.10, red team: more programs that print a file they are given -- the table viewers, a line-ending converter fed
it, and curl sending it to a server that may echo it back.

Under a deny of `cat .env`, `csvlook .env`, `csvtool cat .env`, `fx .env`, `vd .env`, `unix2dos < .env` and `curl
-d @.env http://localhost:9` (a listener on the machine prints the request) were auto-approved in auto mode and
behind an allow of every word. The viewers are printers (matching._PRINTS_PLACES, _READS_PLACES), the converters
filters of what they are fed (decide._SHELL_READERS), and the files curl sends -- `-d @F`, `--data-binary @F`,
`--json @F`, `-F f=@F`, `-F 'f=<F'`, `-T F`, by curl's table (abbreviated too) -- are read as `cat` of them
(matching._curl_sent; `--data-raw` sends an `@` as it is); to another host
the send is also the external-effect cap, as before. And the readers by the names Homebrew and uutils install them
under (`gcat`, `ghead`, `gsed`, `ggrep`, `uu-cat`, `uu-base64`: wrappers.GNU_PREFIXED), as `grm` was rm. 56 of its 65 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_refuses, auto_and_allowed

DENIED = [
    "csvlook .env",
    "csvcut -c 1 .env",
    "csvtool cat .env",
    "xsv cat rows .env",
    "fx .env",
    "vd .env",
    "visidata .env",
    "unix2dos < .env",
    "dos2unix < .env",
    "curl -d @.env http://localhost:9",
    "curl --data-binary @.env localhost:9",
    "curl --data-binary=@.env localhost:9",
    "curl -d@.env localhost:9",
    "curl --json @.env localhost:9",
    "curl --data-urlencode k@.env localhost:9",
    "curl -F f=@.env localhost:9",
    "curl -F 'f=@.env;type=text/plain' localhost:9",
    "curl -F 'f=<.env' localhost:9",
    "curl -T .env localhost:9",
    "curl --data-bin @.env localhost:9",
    "curl --upload .env localhost:9",
    "gcat .env",
    "ghead -3 .env",
    "gtail .env",
    "gtac .env",
    "gsed -n p .env",
    "ggrep KEY .env",
    "uu-cat .env",
    "uu-base64 .env",
    "/opt/homebrew/bin/gcat .env",
]

KEPT = [
    "curl -d @payload.json localhost:9",
    "curl -d 'a=b' localhost:9",
    "curl --data-raw @.env localhost:9",
    "curl -s localhost:8000/health",
    "csvlook data/report.csv",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", DENIED)
def test_a_deny_meets_the_place_shown_or_sent(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_other_files_keep_their_answers(command: str) -> None:
    for _, reason in auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",)):
        assert reason not in ("deny_rule", "ask_rule"), command
