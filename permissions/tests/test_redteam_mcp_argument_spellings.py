"""Red team (R-MCP.2): a deny or ask condition on an MCP tool's argument, dodged by how the value or the key is
spelled.

Deny and ask match by meaning. But the most common MCP servers are Python (the SDK's FastMCP), whose arguments
pydantic reads leniently: ``confirm: 1``, ``"yes"``, ``"on"``, ``"t"`` are ``True``; ``"07"``, ``"7.0"``,
``"+7"``, ``"7_0"`` (70) are numbers. ``Mcp(db.query confirm=true)`` in deny let ``confirm: "yes"`` through
to an allow of the server, and ``Mcp(gh.merge pullNumber=7)`` let ``"07"`` through. And a condition's key is
matched ignoring case, ``-`` and ``_`` -- yet only the first spelling was read: ``{"mode": "read", "Mode":
"write"}`` passed ``Mcp(db.run_query mode=write)`` while the server read ``Mode``.

Now a deny/ask condition compares a boolean or a number by the value a lenient server reads, and holds when
any argument spelled as its key matches. On the base (2369b7f) every case of the first two tests failed; the
last test's cases passed there and are guards (allow stays literal, other values stay apart).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide


def _decide(tool: str, deny: str, allow: str = "", **arguments) -> tuple[str, str]:
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=(allow,) if allow else ("Mcp(db)", "Mcp(gh)"), deny=(deny,)),
            payload={"server": tool.split(".")[0], "tool": tool.split(".")[1], "arguments": arguments},
            runs_in="agent",
        )
    )
    return v.decision, v.reason


@pytest.mark.parametrize(
    "deny, value",
    [
        ("Mcp(db.query confirm=true)", 1),
        ("Mcp(db.query confirm=true)", 1.0),
        ("Mcp(db.query confirm=true)", "1"),
        ("Mcp(db.query confirm=true)", "yes"),
        ("Mcp(db.query confirm=true)", "ON"),
        ("Mcp(db.query confirm=true)", "t"),
        ("Mcp(db.query confirm=true)", "y"),
        ("Mcp(db.query confirm=false)", 0),
        ("Mcp(db.query confirm=false)", "no"),
        ("Mcp(db.query confirm=false)", "off"),
        ("Mcp(gh.merge pullNumber=7)", "07"),
        ("Mcp(gh.merge pullNumber=7)", "7.0"),
        ("Mcp(gh.merge pullNumber=7)", "+7"),
        ("Mcp(gh.merge pullNumber=70)", "7_0"),
    ],
)
def test_a_value_a_lenient_server_reads_as_the_denied_one_is_denied(deny, value):
    tool = deny[4:].split()[0]
    key = deny.split()[1].split("=")[0]
    assert _decide(tool, deny, **{key: value}) == ("deny", "deny_rule"), (deny, value)


@pytest.mark.parametrize(
    "arguments",
    [
        {"mode": "read", "Mode": "write"},
        {"MODE": "read", "mode": "read", "mo-de": "write"},
    ],
)
def test_any_spelling_of_the_key_holding_the_denied_value_is_denied(arguments):
    assert _decide("db.run_query", "Mcp(db.run_query mode=write)", **arguments) == ("deny", "deny_rule")


@pytest.mark.parametrize(
    "deny, allow, value, decided",
    [
        ("Mcp(db.query confirm=true)", "Mcp(db.query confirm=false)", False, "auto_approve"),
        ("Mcp(db.query confirm=true)", "Mcp(db.query confirm=false)", "no", "deny"),  # truthy to JavaScript
        ("Mcp(gh.merge pullNumber=7)", "Mcp(gh.merge pullNumber=8)", 8, "auto_approve"),
        ("Mcp(gh.merge pullNumber=7)", "Mcp(gh.merge pullNumber=8)", "08", "require_approval"),  # literal
        ("Mcp(gh.merge pullNumber=7)", "Mcp(gh)", "17", "auto_approve"),
        ("Mcp(db.query mode=write)", "Mcp(db.query mode=read)", "read", "auto_approve"),
    ],
)
def test_other_values_follow_the_rules_and_allow_stays_literal(deny, allow, value, decided):
    tool = deny[4:].split()[0]
    key = deny.split()[1].split("=")[0]
    assert _decide(tool, deny, allow, **{key: value})[0] == decided, (deny, allow, value)
