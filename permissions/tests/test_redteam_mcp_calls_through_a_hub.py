"""Red team (R-MCP.2, R-MCP.4, R4.10): another server's tool called through a hub's caller tool.

A hub (an MCP server that reaches the others for the agent) offers one tool that calls any of theirs, named
in its arguments: mcphub.nvim's and Cline's ``use_mcp_tool {server_name, tool_name, arguments}``, Cherry
Studio's hub ``invoke {name, params}`` (``github__merge_pull_request`` or ``githubMergePullRequest``), the
tool hubs' ``call_tool`` / ``execute_tool {server, tool, arguments}``. Brabo read only the hub's own call: under
an allow of the hub, a denied tool ran, a merge into main, a push and a filesystem write outside the project
were auto-approved, and a shell server's command line was never judged.

Now the call a caller tool makes is read as a call too: the deny and ask rules, the caps and the command-line
reading see it (allow stays literal: the hub's call as the agent makes it). A caller tool whose call names a
tool Brabo cannot read waits for a person. On the base (def0199) every case of the first four tests failed;
the last test's cases are guards (a hub's call of an ordinary tool follows its allow; a tool that only shares
a caller's name and names no tool is an ordinary tool).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide
from permissions.mcp import always_allow_rule, external_effect

ROOT = "/home/ana/app"


def _req(tool: str, arguments: dict, deny=(), allow=("Mcp(hub)",), terminal_allow=()) -> DecisionRequest:
    return DecisionRequest(
        action_type="mcp_call",
        role="developer",
        project=ProjectState(execution_mode="local", root="/srv/brabo/app"),
        permissions=Permissions(allow=tuple(allow) + tuple(terminal_allow), deny=tuple(deny)),
        payload={
            "server": "hub",
            "tool": tool,
            "arguments": arguments,
            "runs_in": "agent",
            "agent_root": ROOT,
        },
        runs_in="agent",
    )


def _decide(tool: str, arguments: dict, **kw) -> tuple[str, str]:
    v = decide(_req(tool, arguments, **kw))
    return v.decision, v.reason


DROP = {"server_name": "db", "tool_name": "drop_table", "arguments": {"table": "users"}}


@pytest.mark.parametrize(
    "tool, arguments, deny",
    [
        ("use_mcp_tool", DROP, "Mcp(db.drop_table)"),
        ("use_mcp_tool", DROP, "Mcp(db)"),
        ("use_mcp_tool", DROP, "Mcp(db.drop_table table=users)"),
        ("use_mcp_tool", {**DROP, "arguments": '{"table": "users"}'}, "Mcp(db.drop_table table=users)"),
        (
            "invoke",
            {"name": "db__drop_table", "params": {"table": "users"}},
            "Mcp(db.drop_table table=users)",
        ),
        ("invoke", {"name": "dbDropTable", "params": {}}, "Mcp(db.drop_table)"),
        ("call_tool", {"server": "db", "tool": "drop_table", "arguments": {}}, "Mcp(db.drop_table)"),
        ("execute_tool", {"serverName": "db", "toolName": "dropTable"}, "Mcp(db.drop_table)"),
        ("hub__use_mcp_tool", DROP, "Mcp(db.drop_table)"),
        ("hub_execute", {"server": "db", "tool": "drop_table", "arguments": {}}, "Mcp(db.drop_table)"),
        # the value given flat beside an empty arguments object: a hub may read either
        (
            "call_tool",
            {"server": "db", "tool": "query", "arguments": {}, "mode": "drop"},
            "Mcp(db.query mode=drop)",
        ),
        # a hub behind a hub
        ("call_tool", {"server": "hub2", "tool": "use_mcp_tool", "arguments": DROP}, "Mcp(db.drop_table)"),
        # two spellings of the tool's name: the hub reads one of them
        (
            "use_mcp_tool",
            {**DROP, "tool_name": "list_tables", "toolName": "drop_table"},
            "Mcp(db.drop_table)",
        ),
    ],
)
def test_a_denied_tool_called_through_a_hub_is_denied(tool, arguments, deny):
    assert _decide(tool, arguments, deny=(deny,)) == ("deny", "deny_rule"), (tool, arguments, deny)


MERGE = {"owner": "acme", "repo": "app", "pullNumber": 7}


@pytest.mark.parametrize(
    "tool, arguments, reason",
    [
        (
            "use_mcp_tool",
            {"server_name": "github", "tool_name": "merge_pull_request", "arguments": MERGE},
            "cap_protected_merge",
        ),
        ("invoke", {"name": "github__merge_pull_request", "params": MERGE}, "cap_protected_merge"),
        ("invoke", {"name": "githubPushFiles", "params": {"branch": "main", "files": []}}, "cap_typed_push"),
        (
            "call_tool",
            {"server": "github", "tool": "delete_repository", "arguments": {}},
            "cap_external_effect",
        ),
        (
            "use_mcp_tool",
            {"server_name": "fs", "tool_name": "write_file", "arguments": {"path": "/home/ana/.bashrc"}},
            "cap_path_scope",
        ),
        (
            "use_mcp_tool",
            {
                "server_name": "fs",
                "tool_name": "read_text_file",
                "arguments": '{"path": "/home/ana/.ssh/id_rsa"}',
            },
            "cap_path_scope",
        ),
    ],
)
def test_a_capped_act_called_through_a_hub_is_capped(tool, arguments, reason):
    assert _decide(tool, arguments) == ("require_approval", reason), (tool, arguments)
    assert external_effect(_req(tool, arguments)) is (reason != "cap_path_scope")


def test_a_command_line_run_through_a_hub_is_judged_as_the_shell_tools_is():
    run = {"server_name": "desktop-commander", "tool_name": "start_process", "arguments": {"command": "ls"}}
    deny = ("Terminal(rm *)",)
    assert _decide("use_mcp_tool", run, terminal_allow=("Terminal(ls)",)) == ("auto_approve", "allow_rule")
    rm = {**run, "arguments": {"command": "rm -r build"}}
    assert _decide("use_mcp_tool", rm, deny=deny)[0] == "deny"
    assert _decide("use_mcp_tool", {**run, "arguments": {"command": "npm publish"}})[0] == "require_approval"


@pytest.mark.parametrize(
    "arguments",
    [
        {"server_name": "db", "tool_name": ["drop_table"]},
        {"server_name": "db", "tool_name": 7},
        {"server_name": ["db"], "tool_name": "query"},
        {"server_name": "db", "tool_name": "query", "arguments": "mode=drop"},
        {"server_name": "db", "tool_name": "query", "arguments": ["drop"]},
    ],
)
def test_a_hub_call_whose_tool_cannot_be_read_waits_for_a_person(arguments):
    assert _decide("use_mcp_tool", arguments)[0] == "require_approval"


def test_always_allow_is_refused_for_a_hubs_caller_tool():
    payload = {"server": "hub", "tool": "use_mcp_tool", "arguments": DROP}
    assert always_allow_rule(payload)[0] is None
    assert always_allow_rule({"server": "aws", "tool": "invoke", "arguments": {"FunctionName": "f"}}) == (
        "Mcp(aws.invoke)",
        "",
    )


@pytest.mark.parametrize(
    "tool, arguments, allow",
    [
        (
            "use_mcp_tool",
            {"server_name": "weather", "tool_name": "forecast", "arguments": {"city": "Porto"}},
            "Mcp(hub)",
        ),
        ("use_mcp_tool", {**DROP, "server_name": "db2"}, "Mcp(hub)"),
        ("invoke", {"FunctionName": "resize", "Payload": "{}"}, "Mcp(aws)"),  # AWS Lambda's invoke: no tool
    ],
)
def test_an_ordinary_call_through_a_hub_follows_its_allow(tool, arguments, allow):
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(execution_mode="local", root="/srv/brabo/app"),
            permissions=Permissions(allow=(allow,), deny=("Mcp(db.drop_table)",)),
            payload={"server": allow[4:-1], "tool": tool, "arguments": arguments, "agent_root": ROOT},
            runs_in="agent",
        )
    )
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), v.message


def test_a_hub_call_naming_more_tools_than_brabo_reads_waits_for_a_person():
    spellings = {"tool" + "_" * k: f"t{k}" for k in range(40)}  # forty spellings of the tool's name
    assert _decide("use_mcp_tool", {"server": "weather", **spellings})[0] == "require_approval"
    assert _decide("use_mcp_tool", {"server": "weather", "tool": "forecast"})[0] == "auto_approve"


FORECAST = {"server": "weather", "tool": "forecast", "arguments": {"city": "Porto"}}


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("hub_execute", FORECAST),
        ("execute", FORECAST),
        ("hub__execute", FORECAST),
        ("hub_execute", {**FORECAST, "input": {"city": "Porto"}}),  # (input: the call's arguments)
        ("hub_execute", {"server": "weather", "tool": "forecast", "arguments": '{"city": "Porto"}'}),
    ],
)
def test_a_hubs_execute_tool_calling_another_tool_is_no_shell_tool(tool, arguments):
    """tool-hub-mcp's ``hub_execute`` is a caller tool, and its name also ends as a shell server's tool
    (``execute``): a call naming another server's tool was read as a command line Brabo cannot read, and
    waited for a person under an allow of the hub (it did on the base, 64ef5d3)."""
    assert _decide(tool, arguments) == ("auto_approve", "allow_rule"), (tool, arguments)


@pytest.mark.parametrize(
    "tool, arguments, deny",
    [
        ("execute", {"command": "rm -rf build"}, "Terminal(rm *)"),  # no tool named: a shell server's execute
        ("hub_execute", {**FORECAST, "command": "rm -rf build"}, "Terminal(rm *)"),  # both readings
        ("hub_execute", {**FORECAST, "cmd": "rm -rf build"}, "Terminal(rm *)"),
        # the call's arguments unreadable as a call's: read as a shell's too (as before), fail closed
        ("hub_execute", {"server": "weather", "tool": "forecast", "input": "rm -rf build"}, "Terminal(rm *)"),
        (
            "hub_execute",
            {"server": "dc", "tool": "start_process", "arguments": {"command": "rm -rf build"}},
            "Terminal(rm *)",
        ),
    ],
)
def test_a_command_line_beside_a_hubs_call_is_still_judged(tool, arguments, deny):
    assert _decide(tool, arguments, deny=(deny,))[0] == "deny", (tool, arguments)
    assert _decide(tool, {**arguments, "cmd2": 1})[0] == "require_approval"  # no Terminal allow: asks
