"""MCP tool calls: the Mcp(...) grammar, its matching (deny/ask by meaning, allow literal) and the caps
through MCP, through the one engine entry point (permissions.decide.decide)."""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, decide
from permissions.files import lint_permissions
from permissions.grammar import PatternError, parse_pattern
from permissions.mcp import LOOKED_UP_BASE, always_allow_rule, describe, parse_mcp

ROOT = "/home/ana/app"


def call(
    server,
    tool,
    runs="agent",
    role="developer",
    allow=(),
    deny=(),
    ask=(),
    autonomy=(),
    extra=None,
    **arguments,
):
    payload = {"server": server, "tool": tool, "arguments": arguments, "runs_in": "agent", "agent_root": ROOT}
    payload |= extra or {}
    return decide(
        DecisionRequest(
            action_type="mcp_call",
            role=role,
            project=ProjectState(execution_mode="local", root="/srv/brabo/app"),
            permissions=Permissions(tuple(allow), tuple(deny), tuple(ask)),
            autonomy=tuple(AutonomyRow(t, m) for t, m in autonomy),
            payload=payload,
            runs_in=runs,
        )
    )


AUTO = (("*", "auto_approve"),)


# -- grammar ---------------------------------------------------------------------------------------------


def test_grammar_reads_server_tool_and_conditions():
    assert parse_mcp("github").tool is None
    p = parse_mcp('github.merge_pull_request base=main title="a b" draft=false')
    assert (p.server, p.tool) == ("github", "merge_pull_request")
    assert p.conditions == (("base", "main"), ("title", "a b"), ("draft", "false"))
    assert parse_pattern("Mcp(github.push_files)").action_type == "mcp_call"


@pytest.mark.parametrize(
    "bad, says",
    [
        ("Mcp()", "name a server"),
        ("Mcp(git hub)", "need a tool"),
        ("Mcp(github.merge base)", "key=value"),
        ("Mcp(git$hub.x)", "server name"),
        ("Mcp(github.merge 'x)", "cannot be read"),
    ],
)
def test_grammar_refuses_what_it_cannot_read_by_name(bad, says):
    with pytest.raises(PatternError, match=says):
        parse_pattern(bad)


def test_lint_names_a_bad_mcp_pattern_and_allows_that_approve_nothing():
    problems = lint_permissions('{"allow": ["Mcp(github.merge base)"], "deny": [], "ask": []}')
    assert any("key=value" in str(p) for p in problems)
    text = '{"allow": ["McpCall()", "Mcp(github.push_files)", "Mcp(github.get_me)"], "deny": ["McpCall()"]}'
    warned = {p.entry: str(p) for p in lint_permissions(text)}
    assert "approves no MCP call" in warned["McpCall()"] and "cap always" in warned["Mcp(github.push_files)"]
    assert "Mcp(github.get_me)" not in warned


# -- rules ------------------------------------------------------------------------------------------------


def test_unknown_tool_waits_for_a_person():
    v = call("weather", "forecast", city="Lisbon")
    assert (v.decision, v.reason) == ("require_approval", "default")


def test_allow_rule_naming_the_tool_approves_it():
    v = call("weather", "forecast", allow=["Mcp(weather.forecast)"], city="Lisbon")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")
    assert call("weather", "forecast", allow=["Mcp(weather)"]).decision == "auto_approve"
    assert call("weather", "alerts", allow=["Mcp(weather.forecast)"]).decision == "require_approval"


def test_allow_is_literal():
    allow = ["Mcp(weather.forecast city=Lisbon units=metric days=3 hourly=false)"]
    ok = {"city": "Lisbon", "units": "metric", "days": 3, "hourly": False}
    assert call("weather", "forecast", allow=allow, **ok).decision == "auto_approve"
    assert call("weather", "forecast", allow=allow, **{**ok, "days": 3.0}).decision == "auto_approve"
    for changed in ({"city": "lisbon"}, {"city": "Lisbon "}, {"days": 4}, {"hourly": True}, {"units": ["x"]}):
        assert call("weather", "forecast", allow=allow, **{**ok, **changed}).decision == "require_approval"
    missing = {k: v for k, v in ok.items() if k != "units"}
    assert call("weather", "forecast", allow=allow, **missing).decision == "require_approval"
    assert call("Weather", "forecast", allow=allow, **ok).decision == "require_approval"


def test_deny_and_ask_match_by_meaning():
    deny = ["Mcp(db.run_query mode=write)"]
    for spelled in ("write", "WRITE", " Write ", "ｗｒｉｔｅ"):
        v = call("db", "run_query", deny=deny, allow=["Mcp(db)"], mode=spelled)
        assert (v.decision, v.reason) == ("deny", "deny_rule"), spelled
    assert call("DB", "runQuery", deny=deny, mode="write").decision == "deny"
    assert call("db", "run-query", deny=deny, MODE="write").decision == "deny"
    # an absent or unreadable argument: fail closed for deny and ask
    assert call("db", "run_query", deny=deny).decision == "deny"
    assert call("db", "run_query", deny=deny, mode={"kind": "write"}).decision == "deny"
    assert call("db", "run_query", deny=deny, allow=["Mcp(db)"], mode="read").decision == "auto_approve"
    v = call("db", "run_query", ask=["Mcp(db.run_query)"], allow=["Mcp(db.run_query)"], mode="read")
    assert (v.decision, v.reason) == ("require_approval", "ask_rule")


def test_the_type_label_denies_every_call_but_allows_none():
    assert call("db", "x", deny=["McpCall()"]).decision == "deny"
    v = call("weather", "forecast", allow=["McpCall()"])
    assert (v.decision, v.reason) == ("require_approval", "default")


def test_role_and_autonomy():
    assert call("weather", "forecast", role=None).reason == "iam"
    # autonomy never auto-approves a tool no allow rule names (item 2) ...
    v = call("weather", "forecast", autonomy=AUTO)
    assert (v.decision, v.reason) == ("require_approval", "default")
    assert "weather.forecast" in v.message
    # ... but a well-known server's read-only tool it may
    assert call("github", "get_file_contents", autonomy=AUTO, path="README.md").decision == "auto_approve"
    assert call("weather", "get_forecast", autonomy=AUTO).decision == "require_approval"  # not a known read
    assert call("fs", "read_file", autonomy=AUTO, path="/etc/shadow").decision == "require_approval"
    assert call("weather", "forecast", autonomy=(("mcp_call", "deny"),)).decision == "deny"


# -- caps -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("server", ["github", "gh", "GitHub"])
def test_a_merge_into_a_protected_branch_is_never_auto_approved(server):
    everything = [f"Mcp({server})", f"Mcp({server}.merge_pull_request)"]
    for base in ("main", "MAIN", "refs/heads/main", "release/main", "dev"):
        v = call(server, "merge_pull_request", allow=everything, autonomy=AUTO, pullNumber=7, base=base)
        assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), base
    # GitHub's tool names no base: the target is unknown, so it is capped
    v = call(server, "merge_pull_request", allow=everything, owner="acme", repo="app", pullNumber=7)
    assert v.reason == "cap_protected_merge"


def test_a_pull_request_retargeted_to_a_protected_branch_is_never_auto_approved():
    """Changing a pull request's base decides where its merge lands: into a protected branch it is a person's
    call, whatever the rules allow (a merge approved on the base Brabo read must not race a re-target)."""
    everything = ["Mcp(github)", "Mcp(github.update_pull_request)", "Mcp(gitlab)"]
    for base in ("main", "Main", "refs/heads/main", "release/main", ["main"], 7):
        v = call("github", "update_pull_request", allow=everything, autonomy=AUTO, pullNumber=7, base=base)
        assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge"), base
    v = call("gitlab", "update_merge_request", allow=everything, merge_request_iid=3, target_branch="MAIN")
    assert v.reason == "cap_protected_merge"
    # a new title, or a feature base, follows the rules as before
    v = call("github", "update_pull_request", allow=everything, pullNumber=7, title="Better words")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")
    v = call("github", "update_pull_request", allow=everything, pullNumber=7, base="feature/x")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")
    assert call("github", "update_pull_request", pullNumber=7, title="x").decision == "require_approval"


def test_a_merge_into_a_feature_branch_follows_the_rules():
    """The branch is the pull request's base Brabo read from the code host (LOOKED_UP_BASE), never a base
    argument: the servers' merge tools take none (test_redteam_mcp_merge_base_named_by_the_agent.py)."""
    read = {LOOKED_UP_BASE: {"branch": "feature/x"}}
    rule = ["Mcp(github.merge_pull_request)"]
    v = call("github", "merge_pull_request", allow=rule, extra=read, pullNumber=7)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule")
    assert call("github", "merge_pull_request", extra=read, pullNumber=7).decision == "require_approval"
    # autonomy alone never approves a capped tool
    v = call("github", "merge_pull_request", autonomy=AUTO, extra=read, pullNumber=7)
    assert v.decision == "require_approval"
    # a base argument is not where the merge goes: without the read base, a person decides
    v = call("github", "merge_pull_request", allow=rule, pullNumber=7, base="feature/x")
    assert (v.decision, v.reason) == ("require_approval", "cap_protected_merge")
    # GitLab: merge_merge_request / the target_branch argument
    v = call(
        "gitlab", "merge_merge_request", allow=["Mcp(gitlab)"], merge_request_iid=3, target_branch="Main"
    )
    assert v.reason == "cap_protected_merge"


@pytest.mark.parametrize(
    "tool, args, reason",
    [
        ("push_files", {"branch": "feature/x", "files": []}, "cap_typed_push"),
        ("create_or_update_file", {"branch": "main", "path": "a"}, "cap_typed_push"),
        ("delete_file", {"branch": "feature/x", "path": "a"}, "cap_typed_push"),
        ("create_pull_request", {"head": "x", "base": "main"}, "cap_typed_push"),
        ("create_merge_request", {"source_branch": "x", "target_branch": "dev"}, "cap_typed_push"),
        ("update_pull_request_branch", {"pullNumber": 3}, "cap_typed_push"),
        ("create_branch", {"branch": "main", "from_branch": "x"}, "cap_typed_push"),
        ("delete_repository", {"owner": "acme", "repo": "app"}, "cap_external_effect"),
        ("createPullRequest", {"base": "main"}, "cap_typed_push"),
    ],
)
def test_capped_acts_hold_under_an_allow_rule(tool, args, reason):
    v = call("github", tool, allow=["Mcp(github)", f"Mcp(github.{tool})"], autonomy=AUTO, **args)
    assert (v.decision, v.reason) == ("require_approval", reason)


def test_a_feature_branch_creation_follows_the_rules():
    allow = ["Mcp(github.create_branch)"]
    assert call("github", "create_branch", allow=allow, branch="feature/y").decision == "auto_approve"
    assert call("github", "create_branch", allow=allow, branch="Main").reason == "cap_typed_push"


def test_filesystem_writes_outside_the_root_are_capped():
    allow = ["Mcp(fs)"]
    assert (
        call("fs", "write_file", allow=allow, path=ROOT + "/docs/a.md", content="x").decision
        == "auto_approve"
    )
    assert call("fs", "write_file", allow=allow, path="docs/a.md", content="x").decision == "auto_approve"
    for path in ("/etc/passwd", ROOT + "/../other/x", "../x", ROOT + "-evil/x", "~/.bashrc", "~root/x"):
        v = call("fs", "write_file", allow=allow, path=path, content="x")
        assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), path
    v = call("fs", "move_file", allow=allow, source=ROOT + "/a", destination="/tmp/a")
    assert v.reason == "cap_path_scope"
    assert call("fs", "create_directory", allow=allow).reason == "cap_path_scope"  # no path: fail closed


@pytest.mark.parametrize(
    "tool,args",
    [
        ("read_file", {"path": "/home/ana/.aws/credentials"}),
        ("read_text_file", {"path": "~/.ssh/id_ed25519"}),
        ("read_text_file", {"path": ROOT + "/../.netrc", "head": 5}),
        ("read_media_file", {"path": "/home/ana/Pictures/passport.png"}),
        ("read_multiple_files", {"paths": [ROOT + "/README.md", "/etc/shadow"]}),
        ("list_directory", {"path": "/home/ana/.ssh"}),
        ("list_directory_with_sizes", {"path": "../"}),
        ("directory_tree", {"path": "/"}),
        ("search_files", {"path": "/home/ana", "pattern": "*.pem"}),
        ("get_file_info", {"path": ROOT + "-evil/secrets"}),
        ("Read-File", {"path": "/etc/passwd"}),  # folded: case, - and _ ignored
    ],
)
def test_filesystem_reads_outside_the_root_are_capped(tool, args):
    # red team: a filesystem server given the home folder read the user's credentials under an allow of the
    # server -- the agents' Read outside the project waits for a person, and so does this (failing on 86d1cb0)
    v = call("fs", tool, allow=["Mcp(fs)"], autonomy=AUTO, **args)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (tool, args)


@pytest.mark.parametrize(
    "tool,args",
    [
        ("read_file", {"path": ROOT + "/src/app.py"}),
        ("read_text_file", {"path": "docs/a.md", "tail": 20}),
        ("read_multiple_files", {"paths": [ROOT + "/a.md", "b.md"]}),
        ("list_directory", {"path": ROOT}),
        ("directory_tree", {"path": ROOT + "/src"}),
        ("search_files", {"path": ".", "pattern": "*.ts"}),
        (
            "get_file_info",
            {"path": ROOT + "/.claude/settings.json"},
        ),  # reading an agent's settings is no write
        ("search_files", {"query": "release notes"}),  # a tool of that name naming no path reads no file
    ],
)
def test_filesystem_reads_inside_the_root_follow_the_rules(tool, args):
    # guards (held on 86d1cb0): a read in the project under an allow of the server is auto-approved
    assert call("fs", tool, allow=["Mcp(fs)"], **args).decision == "auto_approve", (tool, args)


def test_a_root_of_the_whole_machine_is_no_root():
    payload = {"server": "fs", "tool": "write_file", "arguments": {"path": "/etc/passwd"}, "agent_root": "/"}
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=("Mcp(fs)",)),
            payload=payload,
            runs_in="agent",
        )
    )
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")


# -- plain words and "Always allow" -------------------------------------------------------------------------


def test_describe_and_always_allow_rule():
    payload = {"server": "github", "tool": "get_issue", "arguments": {"owner": "acme", "issue_number": 4}}
    assert describe(payload) == "MCP tool get_issue of server github with owner=acme, issue_number=4"
    assert always_allow_rule(payload) == ("Mcp(github.get_issue)", "")
    rule, why = always_allow_rule({**payload, "tool": "merge_pull_request"})
    assert rule is None and "capped" in why


def test_policy_hooks_are_told_a_code_hosts_act_is_external():
    from permissions.mcp import external_effect

    def req(tool):
        return DecisionRequest(
            "mcp_call", "developer", ProjectState(), payload={"server": "gh", "tool": tool}
        )

    assert external_effect(req("merge_pull_request")) and external_effect(req("createPullRequest"))
    assert not external_effect(req("get_me")) and not external_effect(req("write_file"))
    assert not external_effect(DecisionRequest("terminal", "developer", ProjectState(), command="ls"))
