"""Red team (R-MCP.4, R-MCP.5): a capped MCP tool reached through a name that carries a prefix.

The caps through MCP match the tool's name on any server, "whatever the agent calls the server". But an MCP
aggregator serves other servers' tools under its own name with the origin's name in front -- MetaMCP
``github__merge_pull_request``, LiteLLM's gateway ``github-merge_pull_request``, 1MCP
``github_1mcp_merge_pull_request``, others ``github.…``, ``github/…``, ``github:…`` -- and Claude Code splits
``mcp__my__github__merge_pull_request`` (a server named ``my__github``) as server ``my``, tool
``github__merge_pull_request``. Such a name folded whole is no name of the caps table, so under an allow of the
aggregator (or the "Always allow" the console offered for it) a merge into main, a push, a deletion of the
repository or a filesystem write outside the project were auto-approved.

Now the tool's act is the table's for its whole name, else for the name after a separator (``_ - . / :``),
else for the end of its folded name when that is a name of eight letters or more (a prefix glued on in camel
case, ``githubMergePullRequest``: found by the follow-up, failing on 6440ef5 too).
On the base (203b98b) every case of the first two tests failed; the last test's cases passed there and are
guards (a prefixed tool outside the table, or a capped act allowed by its conditions, follows the rules).
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, decide
from permissions.mcp import always_allow_rule, external_effect

ROOT = "/home/ana/app"
AUTO = (AutonomyRow("*", "auto_approve"),)


def _req(server: str, tool: str, allow: tuple[str, ...], **arguments) -> DecisionRequest:
    payload = {"server": server, "tool": tool, "arguments": arguments, "runs_in": "agent", "agent_root": ROOT}
    return DecisionRequest(
        action_type="mcp_call",
        role="developer",
        project=ProjectState(execution_mode="local", root="/srv/brabo/app"),
        permissions=Permissions(allow=allow),
        autonomy=AUTO,
        payload=payload,
        runs_in="agent",
    )


@pytest.mark.parametrize(
    "tool, arguments, reason",
    [
        (
            "github__merge_pull_request",
            {"owner": "acme", "repo": "app", "pullNumber": 7},
            "cap_protected_merge",
        ),
        ("github__merge_pull_request", {"pullNumber": 7, "base": "main"}, "cap_protected_merge"),
        ("github-merge_pull_request", {"pullNumber": 7, "base": "main"}, "cap_protected_merge"),
        ("github_1mcp_merge_pull_request", {"pullNumber": 7, "base": "main"}, "cap_protected_merge"),
        (
            "gitlab.merge_merge_request",
            {"merge_request_iid": 3, "target_branch": "main"},
            "cap_protected_merge",
        ),
        ("github__update_pull_request", {"pullNumber": 7, "base": "main"}, "cap_protected_merge"),
        ("github/push_files", {"branch": "main", "files": []}, "cap_typed_push"),
        ("github:create_pull_request", {"head": "x", "base": "main"}, "cap_typed_push"),
        ("github__createPullRequest", {"head": "x", "base": "main"}, "cap_typed_push"),
        # a prefix glued on in camel case (no separator): the end of the folded name
        ("githubMergePullRequest", {"pullNumber": 7, "base": "main"}, "cap_protected_merge"),
        ("gitlabPushFiles", {"branch": "main", "files": []}, "cap_typed_push"),
        ("ghDeleteRepository", {"owner": "acme", "repo": "app"}, "cap_external_effect"),
        ("github__create_branch", {"branch": "main"}, "cap_typed_push"),
        ("github__delete_repository", {"owner": "acme", "repo": "app"}, "cap_external_effect"),
        ("filesystem__write_file", {"path": "/home/ana/.bashrc", "content": "x"}, "cap_path_scope"),
        ("filesystem__read_text_file", {"path": "/home/ana/.aws/credentials"}, "cap_path_scope"),
        ("filesystem__write_file", {"path": ".git/hooks/pre-commit", "content": "x"}, "unparseable"),
    ],
)
def test_a_capped_tool_behind_a_prefix_is_capped(tool, arguments, reason):
    # the aggregator allowed whole, and the tool by its own name: the cap holds whatever allowed it
    allow = ("Mcp(proxy)", f"Mcp(proxy.{tool})")
    v = decide(_req("proxy", tool, allow, **arguments))
    assert (v.decision, v.reason) == ("require_approval", reason), (tool, v.message)


@pytest.mark.parametrize(
    "tool",
    ["github__merge_pull_request", "github-push_files", "github.delete_repository", "fs__write_file"],
)
def test_always_allow_is_not_offered_and_hooks_hear_of_the_external_act(tool):
    rule, why = always_allow_rule({"server": "proxy", "tool": tool})
    assert rule is None and "capped" in why, tool
    if not tool.startswith("fs"):
        assert external_effect(_req("proxy", tool, ())), tool


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("github__get_pull_request", {"pullNumber": 7}),  # a read: not in the table
        ("weather__forecast", {"city": "Lisbon"}),
        ("github__update_pull_request", {"pullNumber": 7, "base": "feature/x"}),  # a feature base: the rules
        ("filesystem__write_file", {"path": "docs/a.md", "content": "x"}),  # inside the project
    ],
)
def test_a_prefixed_tool_the_caps_leave_follows_the_rules(tool, arguments):
    v = decide(_req("proxy", tool, (f"Mcp(proxy.{tool})",), **arguments))
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (tool, v.message)
