"""Red team (R-MCP.4): a merge tool's call that names its own base.

The code hosts' MCP merge tools take no base branch -- GitHub's ``merge_pull_request`` reads ``owner``,
``repo``, ``pullNumber`` (and the merge method, the commit's title and message), GitLab's
``merge_merge_request`` the project and the merge request's iid: the merge goes into the pull request's base,
whatever else the call carries. Brabo believed a ``base``/``target_branch``/``target`` argument when one was
there, and then did not read the pull request's base from the code host at all. So an agent merged a pull
request into main by adding ``"base": "feature/login"`` to the call: the allow the README gives as the way to
let merges into a feature branch through (``Mcp(github.merge_pull_request base=feature/login)``) matched it,
and the cap read ``feature/login``.

Now a merge's branch is only the base Brabo read from the code host; an argument naming one is what the
person sees, never what decides. A call naming its pull request twice (``pullNumber`` 8, ``pull_number`` 7: each GitHub server reads one) was
decided on the first one's base; now such a call is not looked up, so a person decides it.

On the base (cb58e05) the first two tests failed; the last is a guard.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, decide
from permissions.mcp import LOOKED_UP_BASE, merge_lookup

ALLOW = (
    "Mcp(github.merge_pull_request base=feature/login)",
    "Mcp(gitlab.merge_merge_request target_branch=feature/login)",
    "Mcp(gitlab)",
)


def _decide(server: str, tool: str, arguments: dict, looked: dict | None = None):
    payload = {"server": server, "tool": tool, "arguments": arguments, "runs_in": "agent"}
    if looked is not None:
        payload[LOOKED_UP_BASE] = looked
    return decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=ALLOW),
            autonomy=(AutonomyRow("*", "auto_approve"),),
            payload=payload,
            runs_in="agent",
        )
    )


GH = {"owner": "acme", "repo": "app", "pullNumber": 7}


@pytest.mark.parametrize(
    "server, tool, arguments, looked",
    [
        ("github", "merge_pull_request", GH | {"base": "feature/login"}, {"branch": "main"}),
        ("github", "merge_pull_request", GH | {"base": "feature/login"}, {"error": "no token"}),
        ("github", "merge_pull_request", {"pullNumber": 7, "base": "feature/login"}, None),
        # the PR named twice (github-mcp-server reads pullNumber, the older reference server pull_number)
        ("github", "merge_pull_request", GH | {"pullNumber": 8, "pull_number": 7}, None),
        ("gitlab", "merge_merge_request", {"merge_request_iid": 3, "target_branch": "feature/login"}, None),
        ("gitlab", "accept_merge_request", {"merge_request_iid": 3, "target": "feature/login"}, None),
    ],
)
def test_a_base_the_merge_names_itself_is_not_where_it_merges(server, tool, arguments, looked):
    v = _decide(server, tool, arguments, looked)
    assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), (arguments, v.message)


def test_the_pull_requests_base_is_read_even_when_the_call_names_one():
    payload = {"server": "github", "tool": "merge_pull_request", "arguments": GH | {"base": "feature/login"}}
    assert merge_lookup(payload) == ("github", "acme", "app", 7)
    assert merge_lookup({**payload, "arguments": GH | {"pull_number": 8}}) is None


def test_a_merge_whose_read_base_is_a_feature_branch_follows_the_rules():
    v = _decide("github", "merge_pull_request", GH | {"base": "feature/login"}, {"branch": "feature/login"})
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")
    # the allow's condition is on the call as sent: without it, the merge waits for a person
    v = _decide("github", "merge_pull_request", GH, {"branch": "feature/login"})
    assert (v.decision, v.reason) == ("require_approval", "default")


@pytest.mark.parametrize(
    "tool, arguments, reason",
    [
        # GitLab's update_merge_request reads target_branch, GitHub's update_pull_request base: a decoy in the
        # other's spelling named a feature branch first
        (
            "update_merge_request",
            {"merge_request_iid": 3, "base": "feature/x", "target_branch": "main"},
            "cap_protected_merge",
        ),
        (
            "update_pull_request",
            {"pullNumber": 7, "target": "feature/x", "base": "main"},
            "cap_protected_merge",
        ),
        ("create_branch", {"branch": "feature/x", "new_branch": "main"}, "cap_typed_push"),
        ("create_branch", {"branch_name": "main", "branch": "feature/x"}, "cap_typed_push"),
        ("create_branch", {"branch": None, "new_branch": "feature/x"}, "cap_typed_push"),
    ],
)
def test_every_spelling_of_a_new_base_or_branch_is_read(tool, arguments, reason):
    """Red team: the retarget and branch caps read only the first argument spelling present; a server reading
    another spelling made main the base (or the new branch) under an allow. Failed on 1d6e7bf."""
    payload = {"server": "git", "tool": tool, "arguments": arguments, "runs_in": "agent"}
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=("Mcp(git)",)),
            payload=payload,
            runs_in="agent",
        )
    )
    assert (v.decision, v.reason) == ("require_approval", reason), arguments
