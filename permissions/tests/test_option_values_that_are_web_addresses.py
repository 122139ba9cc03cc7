"""Friction, SPEC §5 (where it runs: the path scope holds off the sandbox in every mode) and R6.2: a web address
given as an option's value is another machine's, as the same address standing alone is -- not a place of this
one. `pytest --base-url=http://localhost:8000`, `playwright test --base-url=...`, `kubectl --server=https://...`,
`etcdctl --endpoints=http://127.0.0.1:2379` asked off the sandbox as touching `//localhost:8000`: the reader of
PowerShell's bound parameters (`-Path:C:\\x`) took the GNU option's `=` value for one and read what follows its
colon. A PowerShell binding has no `=` before its colon; an option's value that is a URL is checked as a URL is
(a `file:` one names a local place, which still asks when it is outside the project).

Guards: a value naming a place outside the project (`--config=/etc/passwd`, `--x=file:///etc/passwd`, a share),
PowerShell's bound paths (`Get-Content -Path:/etc/passwd`, `Remove-Item -Path:C:\\Windows`) still ask.

13 of this file's 21 cases fail on the base (3420516): the 6 ADDRESSES on the developer's machine and on a host
without a sandbox, and one guard -- `tool --x=C:\\Windows\\System32` was approved there (the same misreading took
the drive's colon for a binding's and checked `\\Windows\\System32`); the other 8 guards pass there and here.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, allow_every_word, term

ADDRESSES = [
    "pytest --base-url=http://localhost:8000",
    "npx playwright test --base-url=http://localhost:3000",
    "kubectl --server=https://k8s.local:6443 get pods",
    "etcdctl --endpoints=http://127.0.0.1:2379 endpoint health",
    "curl --url=https://example.com/health",
    "wget --referer=https://example.com https://example.com/x.tar.gz -O x.tar.gz",
]

STILL_ASK = [
    "tool --config=/etc/passwd",
    "cat --x=file:///etc/passwd",
    "tool --in=../../other/secret",
    "tool --x=//server/share/x",
    "tool --x=C:\\Windows\\System32",
    "Get-Content -Path:/etc/passwd",
    "Remove-Item -Path:C:\\Windows -Recurse",
    "Get-Content -LiteralPath:../../other/secret",
    "git clone --reference=file:///etc/x https://github.com/a/b",
]


@pytest.mark.parametrize("runs_in", ["agent", "host"])
@pytest.mark.parametrize("command", ADDRESSES)
def test_a_web_address_as_an_options_value_is_no_place_here(command: str, runs_in: str) -> None:
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow_every_word(command), runs_in=runs_in),
    ):
        assert v.reason != "cap_path_scope", (command, runs_in, v.message)


@pytest.mark.parametrize("command", STILL_ASK)
def test_a_place_outside_given_as_a_value_still_asks(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason)
