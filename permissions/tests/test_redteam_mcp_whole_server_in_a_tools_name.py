"""Red team (R-MCP.2, R4.10), the friction side: a deny of a whole server read in another server's tool name.

A deny or ask ``Mcp(db)`` reads the server's name inside a call's tool name too, where an aggregator puts it
(``proxy.db__drop_table``, ``proxy.mcp_db_query``, a hub behind a hub ``proxy.hub__db__drop_table``). The
second word of the tool was read as a prefix whatever came before it, so ``Mcp(db)`` denied
``other.update_db_schema``, ``pg.list_db_tables`` and ``sentry.get_db_stats``: ordinary tools of other
servers whose names hold the word. Now the second word names a server only after a prefix that reads as one:
the clients' ``mcp`` (Gemini CLI's ``mcp_<server>_<tool>``, Claude Code's ``mcp__``), a hub's name
(``hub-db-…``), or a word ended by a separator a tool's words are not joined with (``__``, ``.``, ``/``, ``:``). On the base (64ef5d3) every case
of the first test was denied; the second test's cases are guards (the prefixes read before still read).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide


def _decide(server, tool, *, deny=(), ask=(), arguments=None):
    v = decide(
        DecisionRequest(
            action_type="mcp_call",
            role="developer",
            project=ProjectState(),
            permissions=Permissions(allow=(f"Mcp({server})",), deny=tuple(deny), ask=tuple(ask)),
            payload={"server": server, "tool": tool, "arguments": arguments or {}},
            runs_in="agent",
        )
    )
    return v.decision, v.reason


@pytest.mark.parametrize(
    "rule, server, tool",
    [
        ("Mcp(db)", "other", "update_db_schema"),
        ("Mcp(db)", "pg", "list_db_tables"),
        ("Mcp(db)", "sentry", "get_db_stats"),
        ("Mcp(db)", "ops", "create-db-backup"),
        ("Mcp(db)", "ops", "Create DB Backup"),
        ("Mcp(db)", "ops", "export_DB_dump"),
        ("Mcp(github)", "notes", "sync_github_issues"),
        ("Mcp(my_db)", "ops", "copy_my_db_now"),
        ("Mcp(fs)", "backup", "snapshot_fs_state"),
    ],
)
def test_a_tool_whose_name_holds_a_denied_servers_word_follows_its_allow(rule, server, tool):
    assert _decide(server, tool, deny=(rule,)) == ("auto_approve", "allow_rule"), (rule, server, tool)
    assert _decide(server, tool, ask=(rule,)) == ("auto_approve", "allow_rule"), (rule, server, tool)


@pytest.mark.parametrize(
    "rule, server, tool",
    [
        ("Mcp(db)", "proxy", "db__drop_table"),
        ("Mcp(db)", "proxy", "db-drop_table"),
        ("Mcp(db)", "proxy", "db_drop_table"),
        ("Mcp(db)", "proxy", "db_1mcp_drop_table"),
        ("Mcp(db)", "proxy", "mcp_db_anything"),
        ("Mcp(db)", "proxy", "MCP-db-anything"),
        ("Mcp(db)", "proxy", "mcp__db__anything"),
        ("Mcp(db)", "proxy", "hub__db__drop_table"),
        ("Mcp(db)", "proxy", "hub.db.drop_table"),
        ("Mcp(db)", "proxy", "hub/db/drop_table"),
        ("Mcp(db)", "proxy", "hub:db:drop_table"),
        ("Mcp(db)", "proxy", "hub___db___drop_table"),
        ("Mcp(db)", "proxy", "hub-db-drop_table"),  # a hub's prefix by its name (LiteLLM's -)
        ("Mcp(db)", "proxy", "gateway_db_query"),
        ("Mcp(db)", "proxy", "mcphub_db_query"),
        ("Mcp(db)", "proxy", "ｈｕｂ＿＿ｄｂ＿＿drop"),  # fullwidth: NFKC
        ("Mcp(db)", "db", "update_schema"),
        ("Mcp(my_db)", "proxy", "mcp_my_db_drop_table"),
        ("Mcp(my-db)", "my", "db__drop_table"),
        ("Mcp(db.drop_table)", "proxy", "update_db_drop_table"),  # a tool pattern: its tool anchors it
    ],
)
def test_a_server_behind_an_aggregators_prefix_is_still_named(rule, server, tool):
    assert _decide(server, tool, deny=(rule,)) == ("deny", "deny_rule"), (rule, server, tool)
    assert _decide(server, tool, ask=(rule,)) == ("require_approval", "ask_rule"), (rule, server, tool)
