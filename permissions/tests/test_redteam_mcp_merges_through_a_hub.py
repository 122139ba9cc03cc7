"""R-MCP.4, the friction side: a merge made through a hub's caller tool had no base read from the code host.

Brabo reads a GitHub merge's base (the pull request's, from the workspace's provider) before deciding, but
only for a call of the ``github`` server itself: the same merge through a hub -- ``use_mcp_tool
{server_name: github, tool_name: merge_pull_request, arguments: {...}}``, ``call_tool``, tool-hub-mcp's
``hub_execute`` -- was never looked up, so it waited for a person even into a feature branch the rules allow.
Now the merge a caller tool makes is looked up as the direct one is, when each reading of it names the same
pull request of a GitHub server; any doubt (two pull requests, another server, a call Brabo cannot read, a
merge that is not GitHub's) reads none, and the cap keeps it for a person. On the base (64ef5d3) every case of
the first test read nothing; the second test's cases are guards.
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide
from permissions.mcp import LOOKED_UP_BASE, merge_lookup

GH = {"owner": "acme", "repo": "app", "pullNumber": 7}
WANTED = ("github", "acme", "app", 7)


def _payload(tool: str, arguments: dict, server: str = "hub") -> dict:
    return {"server": server, "tool": tool, "arguments": arguments, "runs_in": "agent"}


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("use_mcp_tool", {"server_name": "github", "tool_name": "merge_pull_request", "arguments": GH}),
        ("use_mcp_tool", {"server_name": "GitHub", "tool_name": "mergePullRequest", "arguments": GH}),
        ("call_tool", {"server": "github", "tool": "merge_pull_request", "arguments": GH}),
        ("hub_execute", {"server": "github", "tool": "merge_pull_request", "arguments": GH}),
        (
            "use_mcp_tool",
            {
                "server_name": "github",
                "tool_name": "merge_pull_request",
                "arguments": '{"owner": "acme", "repo": "app", "pullNumber": 7}',
            },
        ),
        ("call_tool", {"server": "github", "tool": "merge_pull_request", **GH}),  # the arguments flat
        (
            "call_tool",
            {
                "server": "hub2",
                "tool": "use_mcp_tool",
                "arguments": {"server_name": "github", "tool_name": "merge_pull_request", "arguments": GH},
            },
        ),
    ],
)
def test_a_github_merge_through_a_hub_is_looked_up(tool, arguments):
    assert merge_lookup(_payload(tool, arguments)) == WANTED, (tool, arguments)


@pytest.mark.parametrize(
    "tool, arguments",
    [
        # two pull requests: the hub reads the arguments object or the flat ones
        ("call_tool", {"server": "github", "tool": "merge_pull_request", "arguments": GH, "pullNumber": 8}),
        (
            "use_mcp_tool",
            {
                "server_name": "github",
                "tool_name": "merge_pull_request",
                "arguments": {**GH, "pull_number": 8},
            },
        ),
        # two servers, two tools
        (
            "use_mcp_tool",
            {
                "server_name": "github",
                "serverName": "gh2",
                "tool_name": "merge_pull_request",
                "arguments": GH,
            },
        ),
        ("use_mcp_tool", {"server_name": "gitlab", "tool_name": "merge_pull_request", "arguments": GH}),
        ("use_mcp_tool", {"server_name": "github", "tool_name": ["merge_pull_request"], "arguments": GH}),
        (
            "use_mcp_tool",
            {"server_name": "github", "tool_name": "merge_pull_request", "arguments": {"owner": "acme"}},
        ),
        ("use_mcp_tool", {"server_name": "github", "tool_name": "get_pull_request", "arguments": GH}),
        ("invoke", {"FunctionName": "merge_pull_request", "Payload": "{}"}),  # no caller: names no tool
    ],
)
def test_a_merge_through_a_hub_that_is_not_one_github_pr_reads_nothing(tool, arguments):
    assert merge_lookup(_payload(tool, arguments)) is None, (tool, arguments)


@pytest.mark.parametrize(
    "base, expected",
    [
        ({"branch": "feature/login"}, ("auto_approve", "allow_rule")),
        ({"branch": "main"}, ("require_approval", "cap_protected_merge")),
        ({"error": "no token"}, ("require_approval", "cap_protected_merge")),
    ],
)
def test_the_base_read_decides_a_hubs_merge(base, expected):
    payload = _payload(
        "use_mcp_tool", {"server_name": "github", "tool_name": "merge_pull_request", "arguments": GH}
    )
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=("Mcp(hub)",)),
            payload={**payload, LOOKED_UP_BASE: base},
            runs_in="agent",
        )
    )
    assert (v.decision, v.reason) == expected
