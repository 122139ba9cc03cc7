"""SPEC §5, through an agent's hook: an ssh that opens no shell sends nothing typed into a session.

On the developer's machine an ssh with no remote command was read as an interactive session (typed input, asked as
`unparseable`) whatever its options said -- so `ssh -N -L 5432:localhost:5432 bastion` (a forward and nothing
else), `ssh -O exit host` (a control command to a running master), `ssh -G host`, `ssh -V`, `ssh -Q cipher` asked
there while the sandbox approved them, and a remote forward (`ssh -N -R ...`), which the caps ask for as an external
effect, asked with the session's reason. ssh's options before the host are read as ssh reads them (a value letter
takes the rest of its word or the next one): -N, -O, -G, -V, -Q open no shell. A plain `ssh host`, `ssh -t host`
and `ssh -W host:port jump` (typed input sent to a port) stay sessions. 13 of 19 cases fail on 617442c.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

NO_SHELL = [
    "ssh -N -L 8080:localhost:80 bastion",
    "ssh -fN -L 5432:localhost:5432 bastion",
    "ssh -N -D 1080 bastion",
    "ssh -p 2222 -N -L 8080:localhost:80 bastion",
    "ssh -p2222 -N bastion",
    "ssh -o ServerAliveInterval=30 -N -L 8080:localhost:80 bastion",
    "ssh -O exit bastion",
    "ssh -O check bastion",
    "ssh -G bastion",
    "ssh -V",
    "ssh -Q cipher",
]

CAPPED = [
    "ssh -N -R 9000:localhost:22 bastion",
    "ssh -NR 9000:localhost:22 bastion",
    "ssh -g -N -L 8080:intranet:80 bastion",
]

SESSIONS = [
    "ssh bastion",
    "ssh -t bastion",
    "ssh -l N bastion",
    "ssh -W db:5432 bastion",
    "ssh -p 2222 bastion",
]


@pytest.mark.parametrize("command", NO_SHELL)
def test_an_ssh_that_opens_no_shell_is_no_session(command: str) -> None:
    for where in ("agent", "sandbox"):
        assert [r for _, r in auto_and_allowed(command, where)] == ["autonomy", "allow_rule"], (
            command,
            where,
        )


@pytest.mark.parametrize("command", CAPPED)
def test_a_forward_the_caps_ask_for_asks_with_their_reason(command: str) -> None:
    assert auto_and_allowed(command, "agent") == [("require_approval", "cap_external_effect")] * 2


@pytest.mark.parametrize("command", SESSIONS)
def test_a_session_still_asks_through_a_hook(command: str) -> None:
    assert [d for d, _ in auto_and_allowed(command, "agent")] == ["require_approval"] * 2
