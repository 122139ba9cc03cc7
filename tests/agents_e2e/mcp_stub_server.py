"""A tiny MCP server over stdio, for the agents end to end: each real CLI starts it as its configured MCP server
(named ``github``) and the stand-in model asks for one of its tools.

Its tools take the arguments GitHub's own MCP server (github/github-mcp-server) gives them —
``merge_pull_request`` ``{owner, repo, pullNumber, …}`` with no base branch — and do nothing but append one
JSON line ``{"tool": …, "arguments": …}`` to the file ``$MCP_STUB_RAN``: a line that is there means the agent
ran the tool, one that is not means something (Brabo's answer) kept it from running. Once it has listed its
tools to the agent it creates ``$MCP_STUB_LISTED``: the agent knows them from then on.

Run as ``python -m tests.agents_e2e.mcp_stub_server`` with the checkout on ``PYTHONPATH`` (or as a script).
"""

from __future__ import annotations

import json
import os

from mcp.server.mcpserver import MCPServer


class _Server(MCPServer):
    async def list_tools(self):
        tools = await super().list_tools()
        listed = os.environ.get("MCP_STUB_LISTED")
        if listed:
            open(listed, "a").close()
        return tools


server = _Server("github")


def _ran(tool: str, arguments: dict) -> str:
    with open(os.environ["MCP_STUB_RAN"], "a", encoding="utf-8") as out:
        out.write(json.dumps({"tool": tool, "arguments": arguments}) + "\n")
    return f"{tool} done"


@server.tool()
def merge_pull_request(owner: str, repo: str, pullNumber: int, merge_method: str = "merge") -> str:  # noqa: N803 — GitHub's name
    """Merge a pull request (github-mcp-server's arguments: the base branch is not among them)."""
    return _ran(
        "merge_pull_request",
        {"owner": owner, "repo": repo, "pullNumber": pullNumber, "merge_method": merge_method},
    )


@server.tool()
def frobnicate_widgets(count: int) -> str:
    """A tool no table of Brabo's knows."""
    return _ran("frobnicate_widgets", {"count": count})


@server.tool()
def write_file(path: str, content: str) -> str:
    """A filesystem server's write (@modelcontextprotocol/server-filesystem's name and arguments); recorded,
    never written."""
    return _ran("write_file", {"path": path, "content": content})


if __name__ == "__main__":
    server.run("stdio")
