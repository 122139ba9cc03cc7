"""Red team (R-MCP.2, R4.10): a call through a hub that does not say which server's tool it is.

A hub that serves the other servers' tools under their own names (Docker's MCP gateway, ``MCP_DOCKER``; a
proxy or router configured without prefixes), or a hub's caller tool whose arguments name a tool and no server
(``invoke {name: merge_pull_request}``), makes a call whose server cannot be told from it. Under a deny of
``Mcp(github.merge_pull_request)`` such a call (``hub.merge_pull_request``) matched no rule and followed the
allow of the hub; a deny of ``Mcp(db.drop_table)`` let ``mcp-proxy.drop_table`` through.

Denying it would deny another server's tool of the same name (``Mcp(db.query)`` is no rule on every
``*.query``); so the call waits for a person (fail closed) when a deny or ask rule names its tool on some
server and the call cannot say it is not that one: a caller tool's call naming no server, or a server whose
name says it is a hub or proxy. On the base (64ef5d3) every case of the first two tests was auto-approved;
the last tests' cases are guards (a server that says what it is follows its allow; a hub that names the
server follows the rules of that server; the other tools of a hub follow its allow).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide

ROOT = "/home/ana/app"


def _decide(server: str, tool: str, arguments: dict, *, deny=(), ask=(), allow=None) -> tuple[str, str, str]:
    allow = (f"Mcp({server})",) if allow is None else allow
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(execution_mode="local", root="/srv/brabo/app"),
            permissions=Permissions(allow=tuple(allow), deny=tuple(deny), ask=tuple(ask)),
            payload={"server": server, "tool": tool, "arguments": arguments, "agent_root": ROOT},
            runs_in="agent",
        )
    )
    return v.decision, v.reason, v.message


@pytest.mark.parametrize(
    "server, tool, rule",
    [
        ("hub", "drop_table", "Mcp(db.drop_table)"),
        ("mcp-hub", "drop_table", "Mcp(db.drop_table)"),
        ("mcphub", "dropTable", "Mcp(db.drop_table)"),
        ("MCP_DOCKER", "drop_table", "Mcp(db.drop_table)"),
        ("docker-gateway", "drop-table", "Mcp(db.drop_table)"),
        ("mcp-proxy", "drop_table", "Mcp(db.drop_table)"),
        ("proxy", "DROP_TABLE", "Mcp(db.drop_table)"),
        ("metamcp", "drop_table", "Mcp(db.drop_table)"),
        ("1mcp", "drop_table", "Mcp(db.drop_table)"),
        ("mcp-router", "drop_table", "Mcp(db.drop_table)"),
        ("aggregator", "drop_table", "Mcp(db.drop_table)"),
        ("toolhive", "drop_table", "Mcp(db.drop_table)"),
        ("mcp", "drop_table", "Mcp(db.drop_table)"),
        ("hub", "merge_pull_request", "Mcp(github.merge_pull_request)"),
        ("hub", "query", "Mcp(db.query mode=drop)"),  # the condition's argument absent: fail closed
    ],
)
def test_a_hubs_tool_a_rule_names_on_some_server_waits(server, tool, rule):
    for key in ("deny", "ask"):
        decision, reason, message = _decide(server, tool, {}, **{key: (rule,)})
        assert (decision, reason) == ("require_approval", "unparseable"), (server, tool, rule, key)
        assert rule in message and f"{server}.{tool}" in message


@pytest.mark.parametrize(
    "tool, arguments, rule",
    [
        (
            "invoke",
            {"name": "merge_pull_request", "params": {"pullNumber": 7}},
            "Mcp(github.merge_pull_request)",
        ),
        ("invoke", {"name": "dropTable", "params": {}}, "Mcp(db.drop_table)"),
        ("call_tool", {"tool": "drop_table", "arguments": {}}, "Mcp(db.drop_table)"),
        (
            "use_mcp_tool",
            {"tool_name": "drop_table", "arguments": {"table": "t"}},
            "Mcp(db.drop_table table=t)",
        ),
        # a hub behind a hub, the last naming no server
        (
            "call_tool",
            {"server": "h2", "tool": "invoke", "arguments": {"name": "drop_table"}},
            "Mcp(db.drop_table)",
        ),
    ],
)
def test_a_caller_tools_call_naming_no_server_waits(tool, arguments, rule):
    """The caller tool's server (``tools``) says nothing of the call it makes when its arguments name no server."""
    for key in ("deny", "ask"):
        assert _decide("tools", tool, arguments, **{key: (rule,)})[:2] == ("require_approval", "unparseable")


def test_a_deny_that_names_the_call_still_denies():
    assert _decide("hub", "db__drop_table", {}, deny=("Mcp(db.drop_table)",))[:2] == ("deny", "deny_rule")
    got = _decide("tools", "call_tool", {"tool": "drop_table"}, deny=("Mcp(db.drop_table)", "Mcp(tools)"))
    assert got[:2] == ("deny", "deny_rule")


@pytest.mark.parametrize(
    "server, tool, arguments, rule",
    [
        ("analytics", "query", {}, "Mcp(db.query)"),  # a server that says what it is
        ("mongodb", "drop_table", {}, "Mcp(db.drop_table)"),
        ("github", "query", {}, "Mcp(db.query)"),  # (github holds "hub" in a word: not a hub)
        ("github-mcp", "query", {}, "Mcp(db.query)"),
        ("postgres-mcp-server", "query", {}, "Mcp(db.query)"),
        ("hub", "list_tables", {}, "Mcp(db.drop_table)"),  # another tool of the hub
        ("hub", "drop_table_stats", {}, "Mcp(db.drop_table)"),
        ("hub", "weather__drop_table", {}, "Mcp(db.drop_table)"),  # the server named
        ("hub", "query", {"mode": "read"}, "Mcp(db.query mode=drop)"),  # the condition does not hold
        ("hub", "drop_table", {}, "Mcp(db)"),  # a whole server: its tools are not known by name
    ],
)
def test_a_call_that_says_it_is_not_the_ruled_one_follows_its_allow(server, tool, arguments, rule):
    for key in ("deny", "ask"):
        assert _decide(server, tool, arguments, **{key: (rule,)})[:2] == ("auto_approve", "allow_rule"), (
            server,
            tool,
            rule,
            key,
        )


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("invoke", {"name": "weather__forecast", "params": {}}),
        ("call_tool", {"server": "weather", "tool": "drop_table", "arguments": {}}),  # the server named
        ("use_mcp_tool", {"tool_name": "forecast", "arguments": {}}),
        ("invoke", {"FunctionName": "drop_table", "Payload": "{}"}),  # no caller: AWS Lambda's invoke
    ],
)
def test_a_caller_tools_other_calls_follow_its_allow(tool, arguments):
    got = _decide("tools", tool, arguments, deny=("Mcp(db.drop_table)",))
    assert got[:2] == ("auto_approve", "allow_rule"), got
