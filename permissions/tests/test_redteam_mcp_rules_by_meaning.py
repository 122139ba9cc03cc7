"""Red team (R-MCP.2, R4.10): a deny or ask ``Mcp(...)`` rule dodged by how the call spells a value or a name.

Values. A condition compared a number by Python's ``float()`` and a boolean by pydantic's words. But servers
read more: a TypeScript server's ``z.coerce.number()`` / ``Number()`` reads ``"0x7"``, ``"0b111"``, ``"0o7"``
and ``""`` (0); ``parseInt`` reads ``"7abc"`` and ``"7.9"`` as 7; github-mcp-server (Go) truncates a float
argument to an int (``pullNumber: 7.9`` merges pull request 7); JSON numbers past 2**53 are read as the double
nearest them by JavaScript and Go, and an int and the float nearest it were compared exactly (so
``id=9007199254740993`` did not match its own value); ``true`` is 1 to pydantic and JavaScript; an argument
tested as JavaScript does (``if (args.force)``) is true for any non-empty string or non-zero number; and the
Python SDK's FastMCP decodes a string argument holding a JSON object or array before reading it.

Names. ``Mcp(db.drop_table)`` in deny named ``db``'s tool only under that server name, while the caps read the
tool behind an aggregator's prefix: ``proxy.db__drop_table`` (MetaMCP), ``db-drop_table`` (LiteLLM),
``db_1mcp_drop_table`` (1MCP), ``mcp_db_drop_table``, a server ``my__db`` that Claude Code splits as ``my`` +
``db__drop_table``, ``dbDropTable``. Each went through under an allow of the aggregator.

On the base (def0199) every case of the first four tests failed; the last tests' cases are guards (what held
before still holds; allow stays literal; a name that only contains another server's name, and other values,
stay apart).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide


def _decide(server, tool, *, deny=(), ask=(), allow=("Mcp(proxy)", "Mcp(db)", "Mcp(gh)"), **arguments):
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=tuple(allow), deny=tuple(deny), ask=tuple(ask)),
            payload={"server": server, "tool": tool, "arguments": arguments},
            runs_in="agent",
        )
    )
    return v.decision, v.reason


@pytest.mark.parametrize(
    "wanted, value",
    [
        ("7", "0x7"),
        ("7", "0X7"),
        ("7", "0o7"),
        ("7", "0b111"),
        ("7", "0x0_7"),
        ("7", 7.9),  # github-mcp-server: int(float64)
        ("7", 7.5),
        ("-7", -7.9),
        ("7", "7.9"),  # parseInt
        ("7", "7abc"),  # parseInt
        ("7", " 7px"),
        ("7", '"7"'),  # a JSON string holding the number
        ("7", "[7]"),  # FastMCP decodes a JSON array: not a scalar, fail closed
        ("7", '{"n": 7}'),
        ("0", ""),  # Number("") is 0
        ("0", "   "),
        ("9007199254740993", 9007199254740993),  # an int and the double nearest it are not equal
        ("9007199254740992", 9007199254740993),  # JavaScript and Go read the JSON number as this double
        ("0x7", 7),  # the rule's value read as the call's is
    ],
)
def test_a_number_a_server_reads_as_the_denied_one_is_denied(wanted, value):
    assert _decide("gh", "merge", deny=(f"Mcp(gh.merge pullNumber={wanted})",), pullNumber=value) == (
        "deny",
        "deny_rule",
    ), (wanted, value)
    assert _decide("gh", "merge", ask=(f"Mcp(gh.merge pullNumber={wanted})",), pullNumber=value) == (
        "require_approval",
        "ask_rule",
    ), (wanted, value)


@pytest.mark.parametrize(
    "wanted, value",
    [
        ("true", 2),  # `if (args.force)`: truthy
        ("true", -1),
        ("true", "false"),  # a non-empty string is truthy to JavaScript
        ("true", "enabled"),
        ("true", '"true"'),
        ("false", ""),
        ("false", '"no"'),
    ],
)
def test_a_boolean_a_server_reads_as_the_denied_one_is_denied(wanted, value):
    assert _decide("db", "wipe", deny=(f"Mcp(db.wipe force={wanted})",), force=value) == ("deny", "deny_rule")


@pytest.mark.parametrize("value", ['"drop"', '"DROP "'])
def test_a_string_held_in_a_json_string_is_denied(value):
    assert _decide("db", "query", deny=("Mcp(db.query mode=drop)",), mode=value) == ("deny", "deny_rule")


@pytest.mark.parametrize(
    "deny, server, tool",
    [
        ("Mcp(db.drop_table)", "proxy", "db__drop_table"),
        ("Mcp(db.drop_table)", "proxy", "db-drop_table"),
        ("Mcp(db.drop_table)", "proxy", "db/drop_table"),
        ("Mcp(db.drop_table)", "proxy", "db.drop_table"),
        ("Mcp(db.drop_table)", "proxy", "db:drop_table"),
        ("Mcp(db.drop_table)", "proxy", "DB__DropTable"),
        ("Mcp(db.drop_table)", "proxy", "mcp_db_drop_table"),
        ("Mcp(db.drop_table)", "proxy", "db_1mcp_drop_table"),
        ("Mcp(db.drop_table)", "proxy", "hub__db__drop_table"),
        ("Mcp(db.drop_table)", "proxy", "dbDropTable"),
        ("Mcp(github.merge_pull_request)", "proxy", "hubGithubMergePullRequest"),  # glued in a word's middle
        ("Mcp(github.merge_pull_request)", "hubGithub", "mergePullRequest"),
        ("Mcp(db.drop_table)", "proxy", "ｄｂ__drop_table"),  # fullwidth: NFKC
        ("Mcp(db.drop_table)", "proxy", "db__drop\u200b_table"),  # a zero-width space
        ("Mcp(db.drop_table)", "db", "drop table"),
        ("Mcp(db)", "proxy", "db__drop_table"),
        ("Mcp(db)", "proxy", "mcp_db_anything"),
        ("Mcp(my__db.drop_table)", "my", "db__drop_table"),  # Claude Code's split of a server named my__db
        ("Mcp(my_db.drop_table)", "my", "db_drop_table"),  # Gemini's split of mcp_my_db_drop_table
        ("Mcp(my-db)", "my", "db__drop_table"),
        ("Mcp(gh.mergePullRequest)", "proxy", "gh__merge_pull_request"),
        ("Mcp(db.drop_table confirm=true)", "proxy", "db__drop_table"),  # condition absent: fail closed
    ],
)
def test_a_denied_tool_behind_a_prefix_is_denied(deny, server, tool):
    assert _decide(server, tool, deny=(deny,)) == ("deny", "deny_rule"), (deny, server, tool)
    assert _decide(server, tool, ask=(deny,)) == ("require_approval", "ask_rule"), (deny, server, tool)


@pytest.mark.parametrize(
    "deny, value",
    [
        ("Mcp(gh.merge pullNumber=10)", "1e1"),
        ("Mcp(gh.merge pullNumber=1)", True),
        ("Mcp(gh.merge pullNumber=0)", False),
        ("Mcp(gh.merge pullNumber=1e1)", 10),
        ("Mcp(gh.merge pullNumber=7)", "٧"),  # Python's int reads other scripts' digits
        ("Mcp(gh.merge pullNumber=7)", "７"),
        ("Mcp(gh.merge pullNumber=7)", "⁷"),  # NFKC
        ("Mcp(db.wipe force=false)", 0.0),
        ("Mcp(db.wipe force=true)", None),
        ("Mcp(db.wipe force=true)", ["true"]),
    ],
)
def test_readings_that_held_before_still_hold(deny, value):
    server, tool = deny[4:].split()[0].split(".")
    key = deny.split()[1].split("=")[0]
    assert _decide(server, tool, deny=(deny,), **{key: value}) == ("deny", "deny_rule")


@pytest.mark.parametrize(
    "deny, server, tool, arguments",
    [
        ("Mcp(db.drop_table)", "mongodb", "drop_table", {}),  # another server whose name ends in db
        ("Mcp(db.query)", "proxy", "dbquery_stats", {}),
        ("Mcp(db.query)", "analytics", "query", {}),
        ("Mcp(db.drop_table)", "proxy", "db__drop_table_stats", {}),
        ("Mcp(db)", "proxy", "mydb__x", {}),
        ("Mcp(db.wipe force=true)", "db", "wipe", {"force": False}),
        ("Mcp(db.wipe force=true)", "db", "wipe", {"force": 0}),
        ("Mcp(db.wipe force=true)", "db", "wipe", {"force": ""}),
        ("Mcp(gh.merge pullNumber=7)", "gh", "merge", {"pullNumber": 8}),
        ("Mcp(gh.merge pullNumber=7)", "gh", "merge", {"pullNumber": 6.9}),
        ("Mcp(gh.merge pullNumber=7)", "gh", "merge", {"pullNumber": "17"}),
        ("Mcp(gh.merge pullNumber=7)", "gh", "merge", {"pullNumber": "0x70"}),
        ("Mcp(db.query mode=drop)", "db", "query", {"mode": "read"}),
    ],
)
def test_other_names_and_values_follow_the_allow(deny, server, tool, arguments):
    allow = ("Mcp(proxy)", "Mcp(db)", "Mcp(gh)", "Mcp(mongodb)", "Mcp(analytics)")
    assert _decide(server, tool, deny=(deny,), allow=allow, **arguments) == ("auto_approve", "allow_rule")


@pytest.mark.parametrize(
    "allow, server, tool, arguments",
    [
        ("Mcp(db.drop_table)", "proxy", "db__drop_table", {}),
        ("Mcp(db)", "proxy", "db__drop_table", {}),
        ("Mcp(gh.merge pullNumber=7)", "gh", "merge", {"pullNumber": "0x7"}),
        ("Mcp(gh.merge pullNumber=7)", "gh", "merge", {"pullNumber": 7.9}),
        ("Mcp(db.wipe force=true)", "db", "wipe", {"force": "yes"}),
    ],
)
def test_allow_stays_literal(allow, server, tool, arguments):
    assert _decide(server, tool, allow=(allow,), **arguments)[0] == "require_approval"


@pytest.mark.parametrize("every", ["McpCall(\t)", "McpCall(\n)", "McpCall(\u00a0)", "\tMcpCall( \t)"])
def test_the_type_label_with_blanks_inside_names_every_call(every):
    """The grammar and the lint read McpCall( ) with any blanks inside as McpCall(); the rules read only
    spaces, so a deny written with a tab named no call (it failed on the base)."""
    assert _decide("db", "drop_table", deny=(every,)) == ("deny", "deny_rule")
    assert _decide("db", "drop_table", ask=(every,)) == ("require_approval", "ask_rule")
