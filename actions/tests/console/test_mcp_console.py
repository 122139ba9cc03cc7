"""The console shows an MCP call's server, tool and arguments in plain words, and offers
"Always allow" (writing ``Mcp(server.tool)``) only for a tool that is not a capped act."""

from __future__ import annotations

import pytest

from actions.agent_hooks import ClaudeCode, Codex
from actions.tests.console.test_agent_run_console import QUEUE, _card, _page, hook_proposals

SECRET = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.fixture(autouse=True)
def _project_folder(team):
    team.project.folder.mkdir(parents=True, exist_ok=True)


def test_an_mcp_call_reads_as_server_tool_and_arguments(team, login):
    (merge,) = hook_proposals(
        team, ClaudeCode(), "mcp__github__merge_pull_request",
        {"owner": "acme", "pullNumber": 7, "base": "main", "token": SECRET},
    )  # fmt: skip
    (forecast,) = hook_proposals(team, Codex(), "mcp__weather__forecast", {"city": "Lisbon", "days": 3})
    assert (merge.status, forecast.status) == ("pending", "pending")

    page = _page(login(team.maintainer), QUEUE)
    card = _card(page, merge.id)
    assert "call the tool" in card
    assert '<code class="agent-run-mcp-tool">merge_pull_request</code>' in card
    assert '<code class="agent-run-mcp-server">github</code>' in card
    assert (
        "<dt>base</dt><dd><code>main</code></dd>" in card and "<dt>pullNumber</dt><dd><code>7</code>" in card
    )
    assert SECRET not in page  # an argument's secret is masked as file content is
    assert 'data-action="always"' not in card  # a capped act: no argument-free rule is ever offered
    other = _card(page, forecast.id)
    assert "<dt>city</dt><dd><code>Lisbon</code></dd>" in other
    assert 'data-action="always"' in other

    detail = _page(login(team.maintainer), f"/admin/console/actions/{merge.id}/")
    assert "merge_pull_request" in detail and "github" in detail and SECRET not in detail
