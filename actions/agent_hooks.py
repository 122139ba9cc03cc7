"""The coding agents' pre-tool hook protocols: what each agent sends before a tool runs, which Brabo action
it is, and how each agent wants the answer written. Plain Python, no Django: ``actions.hooks_api`` serves
it over HTTP and ``brabo hook <agent>`` forwards to that endpoint.

The protocols, as their current documentation describes them:

* **Claude Code** — ``PreToolUse`` hooks, ``"type": "command"`` (JSON on stdin) or ``"type": "http"``
  (the same JSON as the POST body). Input ``{session_id, cwd, hook_event_name, tool_name, tool_input,
  tool_use_id, …}``; ``tool_input.file_path`` is absolute. Answer
  ``{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"|"deny"|"ask",
  "permissionDecisionReason": …}}``; the reason of an ``ask`` is shown to the person, of a ``deny`` to
  Claude. "Error handling differs from command hooks: non-2xx responses, connection failures, and timeouts
  all produce non-blocking errors that allow execution to continue" — so the endpoint answers every
  failure as a 200 deny.
  https://code.claude.com/docs/en/hooks (PreToolUse input, "PreToolUse decision control", "HTTP hooks")
* **Gemini CLI** — ``BeforeTool`` command hooks. Input ``{session_id, cwd, hook_event_name, timestamp,
  tool_name, tool_input}``; answer ``{"decision": "allow"|"deny"|"ask", "reason": …}`` (``reason`` is sent
  to the agent when denied). ``ask`` forces the confirmation prompt since Gemini CLI 0.36
  (packages/core/src/scheduler/hook-utils.ts and scheduler.ts, "support 'ask' decision for BeforeTool
  hooks", #21146), showing the answer's ``systemMessage``. No HTTP hook type. A command hook that exits
  with a code other than 0 or 1 — ``sh: brabo: not found`` is 127 — is a deny (hookRunner.ts
  ``convertPlainTextToHookOutput``); a timed-out one is not.
  https://geminicli.com/docs/hooks/reference (and google-gemini/gemini-cli docs/hooks/reference.md)
* **Codex** — ``PreToolUse`` command hooks in ``hooks.json`` / ``config.toml``. Input like Claude Code's,
  with ``tool_name`` ``Bash`` (``tool_input.command``) or ``apply_patch`` (``tool_input.command`` is the
  patch). Only ``permissionDecision: "deny"`` is honoured ("allow" and "ask" are not supported, a hook
  cannot grant what Codex's own approval policy would ask), and there is no HTTP hook type.
  https://developers.openai.com/codex/hooks

Each agent's own hook timeout (R12.6), when its settings name none: ``HOOK_TIMEOUT``. A hook that runs
past it is killed and the tool runs, for all three agents (Claude Code: "A timed-out command, http, or
mcp_tool hook doesn't block the tool call"), so every wait here ends before it (``server_wait``).

The mapping is the same for all three: a shell tool → ``terminal`` with its cwd; a file-writing tool →
``write_file`` with the path relative to the project root; a tool that reads files → the ``terminal`` command
that reads the same places, let through unrecorded when the rules auto-approve it (``READERS``); a web fetch →
the ``terminal`` ``curl`` of its addresses (``FETCHERS``); an MCP tool → ``mcp_call`` (below); a tool
known to act in a way no action describes (``ACTING``: Claude Code's Skill, EnterWorktree ...) → a person
decides; anything else → the configured default (``--other``, ask). ``brabo hook install``'s matcher sends
every tool but the known ones that read nothing of the machine (brabo_client/hook_install.py ``READ_ONLY``),
so a tool a release adds reaches this mapping rather than running unjudged.

MCP tools, as each agent's hook input names them — captured from the pinned CLIs running a stdio MCP
server (tests/agents_e2e/test_agents_e2e_mcp.py) and read in their source:

* Claude Code 2.1.332: ``tool_name`` ``mcp__<server>__<tool>``, ``tool_input`` the call's arguments, and an
  ``mcp_server`` object ``{"name": <server>, "source": …}`` ("MCP tools follow the naming pattern
  mcp__<server>__<tool>", https://code.claude.com/docs/en/hooks "Matching MCP tools").
* Gemini CLI 0.61.0: ``tool_name`` ``mcp_<server>_<tool>`` — ONE underscore each (packages/core/src/tools/
  mcp-tool.ts ``MCP_TOOL_PREFIX = "mcp_"``, ``MCP_QUALIFIED_NAME_SEPARATOR = "_"``, ``generateValidName``;
  docs/hooks/reference.md "Tools from MCP servers follow the naming pattern mcp_<server_name>_<tool_name>"),
  ``tool_input`` the raw arguments, and ``mcp_context`` ``{server_name, tool_name, command, args, cwd, url,
  tcp}`` (packages/core/src/core/coreToolHookTriggers.ts ``extractMcpContext``), left out when the server's
  configuration is not found. The context's names win; without it the name is split as Gemini CLI's own
  ``parseMcpToolName`` does (the server up to the first ``_``) — unless a longer server prefix leaves a capped
  tool's name (permissions.mcp), which is then taken, so a server named ``my_github`` cannot hide a merge.
* Codex 0.171.0: ``tool_name`` ``mcp__<server>__<tool>``, ``tool_input`` the arguments, no server field
  (developers.openai.com/codex/hooks, matcher examples ``mcp__.*``). Codex offers its MCP servers' tools to
  the model through ``tool_search`` only (namespace ``mcp__<server>``), and runs them without asking under
  ``approval_policy = "never"``: the hook is the only gate.

The call becomes ``{server, tool, arguments}`` plus ``agent_root`` (the project root on the agent's machine,
when known), which the caps use to tell a filesystem server's write outside the project (permissions.mcp).
Every proposal carries ``runs_in: "agent"``: Brabo decides and records, the agent runs the tool itself
after an allow (``actions.executors.agent_runs_it``) — never both.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass, field

from actions.shown import visible
from brabo.storable import text_problem
from brabo_client.hook import brace_alternatives
from permissions.commands.views import KNOWN_PROGRAMS
from permissions.mcp import shell_run
from permissions.protected_paths import AGENT_CONFIG, protected_file

ALLOW, DENY, ASK = "allow", "deny", "ask"
RUNS_IN_AGENT = {"runs_in": "agent"}
# What an edit proposal's ``content`` holds: Brabo never reads the agent's disk, so it cannot compute
# the file an Edit produces; the person approving sees the exact change instead (old → new).
EDIT_CONTENT_NOTE = "[brabo] an edit of the existing file; the replacements follow.\n"


# Seconds; brabo_client/hook.py AGENT_TIMEOUT holds the same table for the command form.
#  * Claude Code: 600 for command and http hooks since 2.1.3 (CHANGELOG "Changed tool hook execution timeout
#    from 60 seconds to 10 minutes"; hooks reference "Defaults: 600 for command, http, and mcp_tool"), 60
#    before — assumed 60, the shorter, since a hook cannot tell the version.
#  * Gemini CLI: 60 (packages/core/src/hooks/hookRunner.ts DEFAULT_HOOK_TIMEOUT = 60000 ms).
#  * Codex: 600 (codex-rs/hooks/src/engine/discovery.rs ``timeout_sec.unwrap_or(600)``).
HOOK_TIMEOUT = {"claude-code": 60.0, "gemini-cli": 60.0, "codex": 600.0}


def margin(agent_timeout: float) -> float:
    """How long before the agent's timeout an answer is due (15% of it, 2 to 10 s): the request's trip, a
    loaded machine and the agent reading the answer come out of it."""
    return min(10.0, max(2.0, agent_timeout * 0.15))


def server_wait(wanted: float, agent_timeout: float) -> float:
    """The person's wait that still ends before the agent's timeout: ``wanted``, clamped to what is left
    after the margin and a reserve for the answer's way back (10% of the rest, 1 to 5 s)."""
    left = agent_timeout - margin(agent_timeout)
    return max(0.0, min(wanted, left - min(5.0, max(1.0, left * 0.1))))


class HookInputError(ValueError):
    """The hook input is not what the agent documents; the message says which field."""


@dataclass(frozen=True)
class Proposal:
    action_type: str
    payload: dict
    cwd_in_root: str = ""  # terminal: the working directory relative to the root ("" is the root)


@dataclass(frozen=True)
class Mapped:
    """What one tool call becomes: proposals to decide, or a verdict reached without one."""

    tool: str
    proposals: list[Proposal] = field(default_factory=list)
    # When no proposal can be made: "unmapped" (a tool Brabo has no action type for), "outside" (a path
    # or cwd outside the project root, or no root known), "agent_settings" (the agent's hook settings) or
    # "acting" (a tool known to act in a way no action describes, ACTING); "linked" (a shell command's word
    # leads through a link outside the project or to a protected file, _linked_words); or "free": nothing to judge, the
    # tool is let through (a subagent launch whose own tool calls come through the hook, ``subagent``).
    refusal: str = ""
    why: str = ""
    # A reading tool's call (``reader``): decided first without a record, and let through with nothing
    # written when every proposal would be auto-approved; otherwise proposed like any call.
    quiet: bool = False


def _text(value, where: str) -> str:
    if not isinstance(value, str):
        raise HookInputError(f"{where} must be a string")
    return value


def _given(ti: dict, name: str, kind: type, what: str, where: str = "tool_input"):
    """``tool_input[name]`` when it is given (None when absent or null), refused when it is not ``kind``: a field
    that decides how much a tool changes or where it runs is read or the call is refused, never skipped as if
    it were absent (red team: ``dir_path: ["/etc"]``, ``allow_multiple: "true"``)."""
    value = ti.get(name)
    if value is None:
        return None
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise HookInputError(f"{where}.{name} must be {what}")
    return value


def resolve_path(path: str, cwd: str | None, root: str | None) -> str | None:
    """``path`` relative to ``root`` (``"."`` never: a file's path names a file), or None when it is
    outside the root, or the root is unknown. Lexical only — Brabo cannot see the agent's disk."""
    if not root or not posixpath.isabs(root) or "\x00" in path:
        return None
    if not posixpath.isabs(path):
        if not cwd or not posixpath.isabs(cwd):
            return None
        path = posixpath.join(cwd, path)
    root = posixpath.normpath(root)
    full = posixpath.normpath(path)
    prefix = root if root.endswith("/") else root + "/"
    if not full.startswith(prefix):
        return None
    rel = full[len(prefix) :]
    return rel or None


def resolve_dir(cwd: str | None, root: str | None) -> str | None:
    """A working directory relative to the root: ``""`` for the root itself, None when outside."""
    if not root or not posixpath.isabs(root) or not cwd or not posixpath.isabs(cwd):
        return None
    root, full = posixpath.normpath(root), posixpath.normpath(cwd)
    if full == root:
        return ""
    prefix = root if root.endswith("/") else root + "/"
    return full[len(prefix) :] if full.startswith(prefix) else None


def _outside(tool: str, what: str, root: str | None) -> Mapped:
    if not root:
        why = (
            "Brabo does not know this project's root, so it cannot tell whether the tool stays inside it; "
            "set BRABO_PROJECT_ROOT (or the X-Brabo-Project-Root header)."
        )
    else:
        why = f"{what} is outside the project root; Brabo governs only the project's own folder."
    return Mapped(tool=tool, refusal="outside", why=why)


def terminal(tool: str, command: str, cwd: str | None, root: str | None, links=None, stores=None) -> Mapped:
    if not command.strip():
        raise HookInputError("tool_input.command is empty")
    rel = resolve_dir(cwd, root)
    if rel is None:
        return _outside(tool, f"the working directory {cwd!r}", root)
    linked = _linked_words(tool, links, root) or _git_stores(tool, stores)
    if linked is not None:
        return linked
    payload = {"command": command, **RUNS_IN_AGENT}
    return Mapped(tool=tool, proposals=[Proposal("terminal", payload, cwd_in_root=rel)])


# Set by ``brabo hook <agent>`` (brabo_client/hook.py ``links_in``): the words of a shell command that lead
# through a symbolic link on the agent's machine, each to where it really leads.
LINKS_FIELD = "brabo_links"


def _linked_words(tool: str, links, root: str | None) -> Mapped | None:
    """SPEC §5 (agent), R3.7: a shell command's words judged by where they lead on the agent's machine. The
    text says ``notes.md`` or ``node_modules/*``; a link a cloned repository planted there may lead to the
    home folder's start-up files, or to the agent's own settings. A word leading outside the project, or to a
    file that decides what runs later, is a person's decision (the server cannot follow links; the command
    hook did, ``links_in``). None when every word leads where it is written to stay."""
    if links is None:
        return None
    if not isinstance(links, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in links.items()
    ):
        raise HookInputError(f"tool_input.{LINKS_FIELD} must map each word of the command to a path")
    for word, real in links.items():
        if root and posixpath.isabs(real) and posixpath.normpath(real) == posixpath.normpath(root):
            continue  # a link to the project's own folder
        rel = resolve_path(real, None, root) if posixpath.isabs(real) else None
        if rel is None:
            why = (
                f"the command names {word!r}, which on the agent's machine is a symbolic link to {real}, "
                "outside the project root; Brabo governs only the project's own folder."
            )
            return Mapped(tool=tool, refusal="linked", why=why)
        hit = protected_file(rel)
        if hit is not None:
            why = (
                f"the command names {word!r}, which on the agent's machine is a symbolic link to {rel}, in "
                f"{hit.shown} -- a file that decides what runs later, which a link must not reach unseen."
            )
            return Mapped(tool=tool, refusal="linked", why=why)
    return None


# Set by ``brabo hook <agent>`` (brabo_client/hook.py ``git_stores``): the git stores other than the project's own
# .git that a shell command's git reaches on the agent's machine, folder -> the store.
GIT_STORES_FIELD = "brabo_git_stores"


def _git_stores(tool: str, stores) -> Mapped | None:
    """SPEC §5 (agent), R3.7: git run in a git store other than the project's own ``.git`` -- HEAD beside
    objects/ and refs/, which a cloned repository can carry as plain files -- runs that store's config
    (core.pager, core.fsmonitor, aliases) and, pushed into, its hooks: programs the text does not show. A
    person's decision (the command hook found them: the server cannot see the agent's disk). None when there
    are none."""
    if stores is None:
        return None
    if not isinstance(stores, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in stores.items()
    ):
        raise HookInputError(
            f"tool_input.{GIT_STORES_FIELD} must map each folder to the git store it reaches"
        )
    if not stores:
        return None
    where, store = next(iter(stores.items()))
    why = (
        f"the command runs git from {where!r}, which on the agent's machine reaches the git store {store} "
        "(HEAD, objects/, refs/), not the project's own .git: git runs the programs its config and hooks name "
        "(core.pager, core.fsmonitor, hooks/)."
    )
    return Mapped(tool=tool, refusal="git_store", why=why)


# Set by ``brabo hook`` (brabo_client/hook.py ``shell_definitions_used``): the shell command as the aliases of
# the user's shell, which Claude Code and Codex run every command with (Codex under its default sandbox),
# expand it (`gpf` -> `git push --force…`).
EXPANDED_FIELD = "brabo_expanded"
# ... and the bodies of the user's shell functions the command calls, name -> body (also those of the file
# ``$BASH_ENV`` names, which the non-interactive bash of Gemini CLI and Codex sources before each command).
FUNCTIONS_FIELD = "brabo_functions"


def _shell_call(tool: str, command: str, ti: dict, cwd: str | None, root: str | None) -> Mapped:
    """An agent's shell tool's call: the command as written (``terminal``) and, SPEC §5 (agent), what the user's
    shell makes of it. Claude Code and Codex run a shell command after a snapshot of the user's shell -- its
    aliases expanded, its functions defined -- and Gemini CLI's and Codex's bash source ``$BASH_ENV``. The
    command hook sends the command as the aliases expand it and the bodies of the functions it calls; each is
    proposed and judged beside the command as written (what a sender adds never lowers what the written command
    gets). A function named like a program Brabo reads (`cd`, `nvm`, `conda`: version managers define those) is
    judged by that reading, not by its body."""
    mapped = terminal(tool, command, cwd, root, ti.get(LINKS_FIELD), ti.get(GIT_STORES_FIELD))
    if mapped.refusal:
        return mapped
    more: list[str] = []
    expanded = ti.get(EXPANDED_FIELD)
    if expanded is not None and _text(expanded, f"tool_input.{EXPANDED_FIELD}") != command:
        if expanded.strip():  # (an alias to nothing leaves nothing more to judge)
            more.append(expanded)
    functions = ti.get(FUNCTIONS_FIELD)
    if functions is not None:
        if not isinstance(functions, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in functions.items()
        ):
            raise HookInputError(f"tool_input.{FUNCTIONS_FIELD} must map each function's name to its body")
        more.extend(body for name, body in functions.items() if name not in KNOWN_PROGRAMS and body.strip())
    proposals = list(mapped.proposals)
    for command in dict.fromkeys(more):  # (the command's links were judged with it as written, above)
        also = terminal(mapped.tool, command, cwd, root)
        if also.refusal:
            return also
        proposals.extend(also.proposals)
    return Mapped(tool=mapped.tool, proposals=proposals)


# The agents' own configuration, where their hooks and MCP servers are configured (R3.7's table,
# permissions.protected_paths): an agent that could write there through a hooked tool could switch its own
# governance off, so such a write is never proposed. The table's other files (.git/, CI, package settings ...)
# are proposed, and the policy never auto-approves them (R3.7).


def write(tool: str, path, content, cwd: str | None, root: str | None, **extra) -> Mapped:
    path = _text(path, "tool_input.file_path")
    rel = resolve_path(path, cwd, root)
    if rel is None:
        return _outside(tool, f"the file {path!r}", root)
    hit = protected_file(rel)
    if hit in AGENT_CONFIG:
        why = (
            f"{rel} is in {hit.shown}, a coding agent's own configuration, where its hooks live; an agent does "
            "not change its own hooks — a person edits that file."
        )
        return Mapped(tool=tool, refusal="agent_settings", why=why)
    payload = {"path": rel, "content": _text(content, "the new content"), **extra, **RUNS_IN_AGENT}
    return Mapped(tool=tool, proposals=[Proposal("write_file", payload)])


MCP_PREFIX = "mcp__"  # Claude Code and Codex: mcp__<server>__<tool>
GEMINI_MCP_PREFIX = "mcp_"  # Gemini CLI: mcp_<server>_<tool>


def mcp_call(tool: str, tool_input: dict, root: str | None, context: object = None) -> Mapped | None:
    """An MCP tool's call as an ``mcp_call`` proposal, or None when it is not one: ``tool`` is not
    ``mcp__<server>__<tool>`` and no ``mcp_context`` (Gemini CLI) names its server."""
    ctx = context if isinstance(context, dict) else {}
    named_server, named_tool = ctx.get("server_name"), ctx.get("tool_name")
    if isinstance(named_server, str):  # Gemini CLI's mcp_context names both parts itself (fail closed)
        server, name = named_server, named_tool if isinstance(named_tool, str) else ""
        if not name:
            name = tool.removeprefix(f"{GEMINI_MCP_PREFIX}{server}_").removeprefix(f"{MCP_PREFIX}{server}__")
    elif tool.startswith(MCP_PREFIX):
        server, _, name = tool[len(MCP_PREFIX) :].partition("__")
    else:
        return None
    if not server or not name:
        raise HookInputError(f"tool_name {tool!r} is not mcp__<server>__<tool>")
    return _mcp_proposal(tool, server, name, tool_input, root)


def gemini_mcp_call(tool: str, tool_input: dict, root: str | None) -> Mapped | None:
    """Gemini CLI's ``mcp_<server>_<tool>`` when no ``mcp_context`` came with it, or None for another tool.
    Split as Gemini CLI splits it: the server up to the first ``_``. A server named with an underscore
    (``my_github``) then leaves the rest of its name in front of the tool (``github_merge_pull_request``): the
    caps read a tool's name after such a prefix, and deny and ask rules read the server's name across the
    split (permissions.mcp), so neither is dodged by it."""
    if not tool.startswith(GEMINI_MCP_PREFIX) or tool.startswith(MCP_PREFIX):
        return None
    rest = tool[len(GEMINI_MCP_PREFIX) :]
    cut = next((i for i, ch in enumerate(rest) if ch == "_" and 0 < i < len(rest) - 1), None)
    if cut is None:
        raise HookInputError(f"tool_name {tool!r} is not mcp_<server>_<tool>")
    return _mcp_proposal(tool, rest[:cut], rest[cut + 1 :], tool_input, root)


def _mcp_proposal(tool: str, server: str, name: str, tool_input: dict, root: str | None) -> Mapped:
    if RESOLVED_FIELD in tool_input:
        # the command hook's resolution of the call's path arguments (brabo_client/hook.py mcp_links): one
        # leading through a link outside the project, or to a file that decides what runs later, is a person's
        # decision, as a shell word's is; the field is Brabo's, not an argument of the tool
        tool_input = dict(tool_input)
        linked = _linked_words(tool, tool_input.pop(RESOLVED_FIELD), root)
        if linked is not None:
            return linked
    links = stores = None
    if LINKS_FIELD in tool_input or GIT_STORES_FIELD in tool_input:
        # what the command hook found of the command line the call names (brabo_client/hook.py mcp_place): its
        # links and the git stores its git reaches, judged when the tool runs it (shell_run) as a shell tool's
        # are; Brabo's fields, not arguments of the tool
        tool_input = dict(tool_input)
        links, stores = tool_input.pop(LINKS_FIELD, None), tool_input.pop(GIT_STORES_FIELD, None)
    payload = {"server": server, "tool": name, "arguments": tool_input, **RUNS_IN_AGENT}
    if (links is not None or stores is not None) and shell_run(payload) is not None:
        linked = _linked_words(tool, links, root) or _git_stores(tool, stores)
        if linked is not None:
            return linked
    if root and posixpath.isabs(root) and text_problem(root) is None:
        # A root holding bytes that are not UTF-8 (lone surrogates here) cannot be stored, and would have the
        # whole call refused for it: without it every path a filesystem server is given counts as outside
        # the project (permissions.mcp), a person's decision; other tools are judged as anywhere else.
        payload["agent_root"] = posixpath.normpath(root)
    return Mapped(tool=tool, proposals=[Proposal("mcp_call", payload)])


def describe_edits(edits: list[dict]) -> str:
    parts = [EDIT_CONTENT_NOTE]
    for n, e in enumerate(edits, 1):
        every = " (every occurrence)" if e.get("replace_all") else ""
        parts.append(f"--- replacement {n}{every}: old\n{e['old_string']}\n+++ new\n{e['new_string']}\n")
    return "".join(parts)


def _edits(raw: object, where: str) -> list[dict]:
    if not isinstance(raw, list) or not raw:
        raise HookInputError(f"{where} must be a non-empty list")
    out = []
    for k, e in enumerate(raw):
        if not isinstance(e, dict):
            raise HookInputError(f"{where}[{k}] must be an object")
        out.append(
            {
                "old_string": _text(e.get("old_string"), f"{where}[{k}].old_string"),
                "new_string": _text(e.get("new_string"), f"{where}[{k}].new_string"),
                "replace_all": _given(e, "replace_all", bool, "true or false", f"{where}[{k}]") is True,
            }
        )
    return out


def edit(tool: str, path, edits: list[dict], cwd, root) -> Mapped:
    return write(tool, path, describe_edits(edits), cwd, root, change="edit", edits=edits)


# Tools that act on the agent's machine in a way no Brabo action describes (the install's matcher sends every
# tool but the read-only ones here): a person decides, whatever ``--other`` says. Captured from the pinned CLIs
# (tests/agents_e2e/test_agents_e2e_unhooked_tools.py) and read in their source.
ACTING = {
    # Claude Code 2.1.332: Skill runs the skill's inline shell (SKILL.md's !`command` lines) before the model
    # sees it; EnterWorktree runs ``git worktree add`` (a branch, a checkout under .claude/worktrees/);
    # ExitWorktree can delete that checkout and its branch; Workflow runs a script that starts subagents;
    # PowerShell (Windows) runs a command in a language Brabo does not read (R4.9: opaque).
    "claude-code": {
        "Skill": "runs the skill's inline shell commands (its SKILL.md's !`…` lines), which Brabo cannot see",
        "EnterWorktree": "creates a git branch and a worktree checkout under .claude/worktrees/",
        "ExitWorktree": "can delete a git worktree checkout and its branch",
        "Workflow": "runs a workflow script that starts subagents",
        "PowerShell": "runs a PowerShell command, which Brabo does not read (opaque code)",
    },
    # Gemini CLI before 0.5x: save_memory appends to ~/.gemini/GEMINI.md, the user's instructions for every
    # project — outside this one, and what the agent is told to do in every later session.
    "gemini-cli": {
        "save_memory": "appends to ~/.gemini/GEMINI.md, the user's global instructions, outside the project",
    },
    "codex": {},
}


# Claude Code's subagent launcher (``Task`` before 2.1): the subagent's own tool calls reach this hook like the
# main conversation's (tests/agents_e2e/test_agents_e2e_subagents.py, Claude Code 2.1.332: a general-purpose
# and a project-defined subagent, foreground and background, with ``permissionMode: bypassPermissions`` in its
# definition), so launching one is free — unless ``isolation`` asks for a place of its own: "worktree" runs
# ``git worktree add`` (a branch and a checkout under .claude/worktrees/, as EnterWorktree does) before any
# hooked call, "remote" runs the subagent in a cloud environment, whose tool calls never reach this machine's
# hook. Any other value a later release adds is treated alike (fail closed).
SUBAGENT_TOOLS = ("Agent", "Task")
SUBAGENT_FREE = "the agent's {tool} tool starts a subagent in this project; each tool call it makes comes through this hook."


def subagent(tool: str, tool_input: dict) -> Mapped:
    isolation = tool_input.get("isolation")
    if isolation in (None, ""):
        return Mapped(tool=tool, refusal="free", why=SUBAGENT_FREE.format(tool=tool))
    where = {
        "worktree": "creates a git branch and a worktree checkout under .claude/worktrees/ for it",
        "remote": "runs it in a cloud environment, where its tool calls never reach this hook",
    }.get(
        isolation if isinstance(isolation, str) else "",
        f"runs it isolated as {isolation!r}, unknown to Brabo",
    )
    why = f"the agent's {tool} tool starts a subagent and {where}; Brabo has no action to judge it by, so a person decides."
    return Mapped(tool=tool, refusal="acting", why=why)


def acting(agent: str, tool: str) -> Mapped | None:
    what = ACTING[agent].get(tool)
    if what is None:
        return None
    why = f"the agent's {tool} tool {what}; Brabo has no action to judge it by, so a person decides."
    return Mapped(tool=tool, refusal="acting", why=why)


# Gemini CLI's task tracker (0.61.0, packages/core/src/tools/trackerTools.ts, TrackerService): one JSON record per
# task in its own temporary folder (``~/.gemini/tmp/<project>/[<session>/]tracker/<id>.json``) -- nothing of the
# project, nothing sent anywhere, as Claude Code's TaskCreate/TaskUpdate and Gemini CLI's write_todos, which the
# matcher leaves out. The reads (get, list, visualize) are in the matcher's read-only list too and pass if an
# older install sends them; the writes (create, update, add_dependency) reach the hook and are judged: each task id
# a call names becomes a file name (``path.join(tasksDir, `${id}.json`)``, read and, for an update, written back),
# so a call passes, with nothing recorded, only when every one is a plain id -- else a person decides.
TRACKER_READS = frozenset({"tracker_get_task", "tracker_list_tasks", "tracker_visualize"})
TRACKER_WRITES = frozenset({"tracker_create_task", "tracker_update_task", "tracker_add_dependency"})
_TRACKER_IDS = ("id", "parentId", "taskId", "dependencyId")
_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _plain_ids(ti: dict) -> bool:
    """Whether every task id a tracker call names is a plain id (a file name inside the tracker's folder)."""
    named = [ti[k] for k in _TRACKER_IDS if k in ti]
    deps = ti.get("dependencies", [])
    if not isinstance(deps, list):
        return False
    return all(isinstance(i, str) and _PLAIN_ID.fullmatch(i) for i in named + deps)


def tracker(tool: str, ti: dict) -> Mapped | None:
    """Gemini CLI's tracker tools: free when they name plain task ids, else a person decides; None for others."""
    if tool not in TRACKER_READS and tool not in TRACKER_WRITES:
        return None
    verb = "reads" if tool in TRACKER_READS else "writes"
    if _plain_ids(ti):
        why = f"the agent's {tool} tool {verb} its own task tracker's records, in Gemini CLI's temporary folder."
        return Mapped(tool=tool, refusal="free", why=why)
    why = (
        f"the agent's {tool} tool names a task id that is not a plain id, which the tracker makes a file name: it"
        " may reach out of the tracker's folder; Brabo has no action to judge it by, so a person decides."
    )
    return Mapped(tool=tool, refusal="acting", why=why)


# Set by ``brabo hook`` (brabo_client/hook.py): each path a Codex patch or a reading tool names, as written → its
# real path on the agent's machine, where symlinks were followed.
RESOLVED_FIELD = "brabo_resolved_paths"


def _resolutions(ti: dict, what: str) -> dict | None:
    """``tool_input.brabo_resolved_paths`` (each ``what`` as written -> where it really leads), or None."""
    resolved = ti.get(RESOLVED_FIELD)
    if resolved is not None and not (
        isinstance(resolved, dict) and all(isinstance(v, str) for v in resolved.values())
    ):
        raise HookInputError(f"tool_input.{RESOLVED_FIELD} must map each {what} to a string")
    return resolved


# -- the reading tools -------------------------------------------------------------------------------------
# What an agent's reading tools read goes into its model's context: on a laptop (SPEC §5, "agent"), the user's
# credentials (~/.aws/credentials, ~/.ssh/id_ed25519) as readily as the project's code. Each call is judged as
# the shell command that reads the same (meaning, not spelling: Read is ``cat``), so the path scope, which holds
# for an agent in every mode, and the team's rules about reading (a deny of ``cat .env``) hold for it as they do
# for Bash. An agent reads its project all day: a call the rules auto-approve is let through with nothing
# recorded (``quiet``, actions/hooks_api.py); any other is proposed like a Bash call -- recorded, a person decides.
# Each tool: the command that reads the same, the fields naming a file or folder (the first one given is read),
# the fields holding a glob pattern, and whether the tool searches a folder (its folder defaults to the cwd).
# Captured from the pinned CLIs: Claude Code 2.1.332 (Read, NotebookRead, Grep, Glob, LS), Gemini CLI 0.61.0
# (packages/core/src/tools: read-file, read-many-files, ls, glob, grep/ripGrep; relative paths are relative to
# the project root, its targetDir).
@dataclass(frozen=True)
class Reader:
    command: tuple[str, ...]
    paths: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    searches: bool = False  # a folder tool: no path given means the working directory
    regex: str = ""  # the field holding what is searched for (grep's -e)


READERS: dict[str, dict[str, Reader]] = {
    "claude-code": {
        "Read": Reader(("cat",), paths=("file_path",)),
        "NotebookRead": Reader(("cat",), paths=("notebook_path",)),
        "LS": Reader(("ls", "-la"), paths=("path",), searches=True),
        "Grep": Reader(("grep", "-rn"), paths=("path",), searches=True, regex="pattern"),
        "Glob": Reader(("ls", "-d"), paths=("path",), patterns=("pattern",), searches=True),
    },
    "gemini-cli": {
        "read_file": Reader(("cat",), paths=("file_path", "absolute_path")),
        "read_many_files": Reader(("cat",), patterns=("include", "paths"), searches=True),
        "list_directory": Reader(("ls", "-la"), paths=("dir_path", "path"), searches=True),
        "glob": Reader(("ls", "-d"), paths=("dir_path", "path"), patterns=("pattern",), searches=True),
        "grep_search": Reader(("grep", "-rn"), paths=("dir_path", "path"), searches=True, regex="pattern"),
    },
}
READ_FREE = "the agent's {tool} tool reads {what}, which the rules let it read."
_TILDE = re.compile(r"~[A-Za-z0-9._-]*(?=/|$)")


def _shell_word(path: str, root: str | None) -> str:
    """``path`` as one shell word meaning the same place from the project root, as a person would type it there
    (``cat .env``, so the team's rules about reading match it): relative inside the root, quoted, a leading
    ``~`` (which the agents expand to the home folder) left for the rules to read as the home folder it is."""
    if root and posixpath.isabs(path):
        rel = resolve_path(path, None, root)
        if rel is not None:
            path = rel
        elif posixpath.normpath(path) == posixpath.normpath(root):
            path = "."
    if path.startswith("-"):
        path = "./" + path  # never read as an option
    tilde = _TILDE.match(path)
    if tilde is None:
        return shlex.quote(path)
    rest = path[tilde.end() :]
    return tilde.group(0) + (shlex.quote(rest) if rest else "")


def _read_places(spec: Reader, ti: dict, base: str | None) -> list[str]:
    """The places a reading call reads: its file or folder, or each glob pattern joined to the folder it
    searches; absolute where ``base`` (the folder relative ones start from) is known."""
    folder = next((_text(ti[n], f"tool_input.{n}") for n in spec.paths if ti.get(n) not in (None, "")), None)
    if folder is None:
        if not spec.searches:
            raise HookInputError(f"tool_input.{spec.paths[0]} is missing")
        folder = "."
    if base and not posixpath.isabs(folder) and not folder.startswith("~"):
        folder = posixpath.normpath(posixpath.join(base, folder))
    patterns: list[str] = []
    for name in spec.patterns:
        value = ti.get(name)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            patterns.extend(v for v in value if v)
        elif value not in (None, "", []):
            patterns.append(_text(value, f"tool_input.{name} (a glob pattern or a list of them)"))
    joined = []
    for pattern in (one for p in patterns for one in _braces(p)):
        if posixpath.isabs(pattern) or pattern.startswith("~"):
            joined.append(pattern)
            continue
        names = pattern.split("/")
        if ".." in names and "**" in names:
            # `a/**/../../x` climbs furthest where `**` matches no folder at all (`a/../../x`): read there too
            shortest = "/".join(n for n in names if n != "**")
            joined.append(posixpath.normpath(posixpath.join(folder, shortest)))
        joined.append(posixpath.normpath(posixpath.join(folder, pattern)))
    return joined or [folder]


MAX_BRACE_PATTERNS = 256
MAX_BRACED_LENGTH = 4096  # a path is at most 4,096 bytes (PATH_MAX)


def _braces(pattern: str) -> list[str]:
    """A glob pattern's brace alternatives, as the agents' glob libraries expand them before anything else:
    ``{/etc,src}/*`` is ``/etc/*`` and ``src/*`` -- an absolute pattern the joined text would hide (the command
    hook's own expander, brabo_client/hook.py, which follows each one's links). Past the bounds, refused by name."""
    found = brace_alternatives(pattern, MAX_BRACE_PATTERNS, MAX_BRACED_LENGTH)
    if found is None:
        raise HookInputError(
            f"a glob pattern expands to more than {MAX_BRACE_PATTERNS} patterns or is over {MAX_BRACED_LENGTH} "
            "characters; name fewer alternatives"
        )
    return found


# Where each agent saves a tool's output too large for the model's context, and a background command's output,
# for the model to read back with its reading tool -- outside the project, in every session that runs tests:
# Claude Code 2.1.332 ``<config>/projects/<project>/<session_id>/tool-results/<id>.txt`` ("Output too large …
# Full output saved to: …") and ``<tmp>/claude-<uid>/<project>/<session_id>/tasks/<id>.output``; Gemini CLI 0.61.0
# ``~/.gemini/tmp/<project>/tool-outputs/session-<prompt id>/<tool>_<id>.txt`` (utils/fileUtils.ts
# saveTruncatedToolOutput; a prompt id is the session id and a count); and Claude Code's session scratchpad
# (``…/<session_id>/scratchpad/``, where it is told to keep its temporary files). Read back without a question:
# this session's own files, named by the session id the agent itself puts in the hook input (never the model).
_OUTPUT_FOLDERS = {"claude-code": ("tool-results", "tasks"), "gemini-cli": ("tool-outputs",)}
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{8,128}")


def _own_output(agent: str, place: str, session: object) -> bool:
    """Whether ``place`` (absolute) is a file the agent saved of its own session's tool output."""
    if not isinstance(session, str) or not _SESSION_ID.fullmatch(session) or not posixpath.isabs(place):
        return False
    names = posixpath.normpath(place).split("/")
    if agent == "claude-code":  # …/<session_id>/tool-results/<file>, …/tasks/<file>, …/scratchpad/<…>
        return any(
            names[i] == session
            and (
                (names[i + 1] in _OUTPUT_FOLDERS[agent] and i + 3 == len(names))
                or names[i + 1] == "scratchpad"
            )
            for i in range(len(names) - 1)
        )
    return (  # …/tool-outputs/session-<session_id>…/<file>
        agent == "gemini-cli"
        and len(names) >= 3
        and names[-3] == "tool-outputs"
        and names[-2].startswith(f"session-{session}")
    )


def reader(
    agent: str, tool: str, ti: dict, cwd: str | None, root: str | None, session: object = None
) -> Mapped | None:
    """A reading tool's call as the shell command that reads the same places (READERS), or None for a tool that
    is not one. The command hook sends where each place really leads on the agent's machine
    (``brabo_resolved_paths``); both are read, so what a sender adds never lowers what the text gets. A place
    that is the agent's own saved output of this session (``_own_output``) is let through unread."""
    spec = READERS[agent].get(tool)
    if spec is None:
        return None
    base = root if agent == "gemini-cli" else cwd
    places = _read_places(spec, ti, base if base and posixpath.isabs(base) else None)
    resolved = _resolutions(ti, "path")
    if resolved is not None:
        places += [v for v in resolved.values() if v and "\x00" not in v]
    if any("\x00" in p for p in places):
        raise HookInputError("a path holds a NUL character")
    places = [p for p in places if not _own_output(agent, p, session)]
    if not places:
        why = f"the agent's {tool} tool reads back the output it saved of this session's own tool calls."
        return Mapped(tool=tool, refusal="free", why=why)
    if not root or not posixpath.isabs(root):
        return _outside(tool, "what it reads", None)
    unanchored = next((p for p in places if not posixpath.isabs(p) and not p.startswith("~")), None)
    if unanchored is not None:  # a relative place with no folder known, or a Windows path (C:\…)
        return _outside(tool, f"the place {unanchored!r} (from a folder Brabo does not know)", root)
    words = list(spec.command)
    if spec.regex:
        words += ["-e", shlex.quote(_text(ti.get(spec.regex), f"tool_input.{spec.regex}"))]
    words += [_shell_word(p, root) for p in dict.fromkeys(places)]
    payload = {"command": " ".join(words), **RUNS_IN_AGENT}  # from the project root (no cwd)
    what = ", ".join(dict.fromkeys(places))
    return Mapped(
        tool=tool,
        proposals=[Proposal("terminal", payload)],
        quiet=True,
        why=READ_FREE.format(tool=tool, what=what),
    )


# The agents' web fetches (Claude Code's WebFetch, Gemini CLI's web_fetch): a GET from the agent's machine
# to any address the model names -- with what it read in the query (https://evil.example/?k=<the .env>). Each
# is judged, and recorded, as the ``curl`` of the same addresses: the team's rules about curl hold for it, as
# they do through Bash. Gemini CLI 0.61.0 takes ``url`` or, as before, the addresses written in ``prompt``
# (packages/core/src/tools/web-fetch.ts parsePrompt: each whitespace-separated token holding ``://``).
FETCHERS = {"claude-code": ("WebFetch",), "gemini-cli": ("web_fetch",), "codex": ()}
MAX_FETCHED = 64  # addresses one call may name (Gemini CLI reads at most 20)


def fetcher(agent: str, tool: str, ti: dict) -> Mapped | None:
    """A web fetch as ``curl`` of its addresses (FETCHERS), or None for another tool."""
    if tool not in FETCHERS[agent]:
        return None
    urls = [_text(ti["url"], "tool_input.url")] if ti.get("url") not in (None, "") else []
    if agent == "gemini-cli" and ti.get("prompt") is not None:
        urls += [t for t in _text(ti["prompt"], "tool_input.prompt").split() if "://" in t]
    if not urls:
        raise HookInputError("tool_input.url is missing (the address to fetch)")
    if len(urls) > MAX_FETCHED:
        raise HookInputError(
            f"the call names {len(urls)} addresses, over the {MAX_FETCHED} Brabo reads in one"
        )
    command = "curl " + " ".join(shlex.quote(u) for u in dict.fromkeys(urls))
    return Mapped(tool=tool, proposals=[Proposal("terminal", {"command": command, **RUNS_IN_AGENT})])


# -- the three agents -------------------------------------------------------------------------------------


# The most of a reason an answer carries: a reason may quote what the call named (every place a read lists),
# and the agent shows it to its model; the command hook reads at most brabo_client._wire.MAX_HOOK_ANSWER.
MAX_REASON = 8192


def _reason(reason: str) -> str:
    """The reason an answer carries: cut to MAX_REASON, and with every character that would act in the agent's
    terminal rather than show -- escape sequences, carriage returns, bidi overrides, invisible characters, a
    newline that starts a line of its own -- shown as a mark (``actions.shown.visible``, as the console and
    Slack show them): a reason may quote the model's own text (red team: ``ESC[2K`` in a quoted command
    erased the sentence around it in Claude Code's ask prompt)."""
    reason = reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 16] + " [... cut short]"
    return visible(reason)


class AgentProtocol:
    name = ""
    http_hooks = False  # whether the agent itself can call an HTTP hook
    can_ask = False  # whether the agent documents an "ask" answer
    hook_timeout = 60.0  # the agent's default hook timeout (HOOK_TIMEOUT)

    def parse(self, body) -> tuple[str, dict, str | None]:
        if not isinstance(body, dict):
            raise HookInputError("the hook input must be a JSON object")
        tool = _text(body.get("tool_name"), "tool_name")
        tool_input = body.get("tool_input")
        if not isinstance(tool_input, dict):
            raise HookInputError("tool_input must be an object")
        cwd = body.get("cwd")
        return tool, tool_input, cwd if isinstance(cwd, str) else None

    def map(self, body, root: str | None) -> Mapped:
        raise NotImplementedError

    def answer(self, decision: str, reason: str) -> dict:
        raise NotImplementedError


class ClaudeCode(AgentProtocol):
    name = "claude-code"
    http_hooks = True
    can_ask = True
    hook_timeout = HOOK_TIMEOUT["claude-code"]

    def map(self, body, root):
        tool, ti, cwd = self.parse(body)
        if tool in ("Bash", "Monitor"):  # Monitor runs its command in the shell, in the background
            command = _text(ti.get("command"), "tool_input.command")
            return _shell_call(tool, command, ti, cwd, root)
        if tool == "Write":
            return write(tool, ti.get("file_path"), ti.get("content"), cwd, root)
        if tool == "Edit":
            return edit(tool, ti.get("file_path"), _edits([ti], "tool_input"), cwd, root)
        if tool == "MultiEdit":
            return edit(tool, ti.get("file_path"), _edits(ti.get("edits"), "tool_input.edits"), cwd, root)
        if tool == "NotebookEdit":
            source = ti.get("new_source", "")
            extra = {
                "change": "notebook_edit",
                "cell_id": _given(ti, "cell_id", str, "a string") or "",
                "edit_mode": _given(ti, "edit_mode", str, "a string") or "replace",
            }
            cell_type = _given(ti, "cell_type", str, "a string")
            if (
                cell_type is not None
            ):  # a markdown cell made code is code the notebook runs: part of the change
                extra["cell_type"] = cell_type
            return write(tool, ti.get("notebook_path"), source, cwd, root, **extra)
        if tool in SUBAGENT_TOOLS:
            return subagent(tool, ti)
        return (
            reader(self.name, tool, ti, cwd, root, body.get("session_id"))
            or fetcher(self.name, tool, ti)
            or acting(self.name, tool)
            or mcp_call(tool, ti, root)
            or Mapped(tool=tool, refusal="unmapped")
        )

    def answer(self, decision, reason):
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": decision,
                "permissionDecisionReason": _reason(reason),
            }
        }


class GeminiCli(AgentProtocol):
    name = "gemini-cli"
    can_ask = True  # Gemini CLI >= 0.36; an older one treats the unknown decision as no decision
    hook_timeout = HOOK_TIMEOUT["gemini-cli"]

    def map(self, body, root):
        tool, ti, cwd = self.parse(body)
        if tool == "run_shell_command":
            command = _text(ti.get("command"), "tool_input.command")
            # The tool's optional directory is relative to the project root (older releases: "directory").
            sub = _given(ti, "dir_path", str, "a folder's path") or _given(
                ti, "directory", str, "a folder's path"
            )
            if sub:
                cwd = sub if posixpath.isabs(sub) else (posixpath.join(root, sub) if root else None)
            return _shell_call(tool, command, ti, cwd, root)
        if tool == "write_file":
            return write(tool, ti.get("file_path"), ti.get("content"), cwd, root)
        if tool == "replace":
            # Every occurrence: ``allow_multiple: true`` (Gemini CLI 0.61.0, packages/core/src/tools/edit.ts), or
            # more than one ``expected_replacements`` (releases before it).
            expected = _given(ti, "expected_replacements", int, "a whole number")
            every = _given(ti, "allow_multiple", bool, "true or false")
            one = {
                "old_string": ti.get("old_string"),
                "new_string": ti.get("new_string"),
                "replace_all": every is True or (expected is not None and expected > 1),
            }
            return edit(tool, ti.get("file_path"), _edits([one], "tool_input"), cwd, root)
        return (
            reader(self.name, tool, ti, cwd, root, body.get("session_id"))
            or fetcher(self.name, tool, ti)
            or acting(self.name, tool)
            or tracker(tool, ti)
            or mcp_call(tool, ti, root, body.get("mcp_context"))
            or gemini_mcp_call(tool, ti, root)
            or Mapped(tool=tool, refusal="unmapped")
        )

    def answer(self, decision, reason):
        reason = _reason(reason)
        if decision == ALLOW:
            return {"decision": "allow", "reason": reason}
        if decision == ASK:  # the confirmation prompt shows systemMessage
            return {"decision": "ask", "reason": reason, "systemMessage": reason}
        return {"decision": "deny", "reason": reason, "systemMessage": reason}


# A line naming a file. Codex's parser (codex-rs/apply-patch, lenient) trims a hunk header before it reads
# the marker, so `  *** Add File: .husky/pre-commit` after another hunk is a file too: blanks before the marker
# are read here as well (red team: a second, indented file hid beside an ordinary one).
_PATCH_FILE = re.compile(r"^[^\S\n]*\*\*\* (Add File|Update File|Delete File|Move to): (.+)$", re.MULTILINE)


class Codex(AgentProtocol):
    name = "codex"
    hook_timeout = HOOK_TIMEOUT["codex"]

    def map(self, body, root):
        tool, ti, cwd = self.parse(body)
        if tool in ("Bash", "shell", "local_shell", "exec_command"):
            command = ti.get("command", ti.get("cmd"))
            if isinstance(command, list) and all(isinstance(c, str) for c in command):
                command = shlex.join(command)
            workdir = _given(ti, "workdir", str, "a folder's path")
            if workdir:
                cwd = workdir if posixpath.isabs(workdir) else (posixpath.join(cwd, workdir) if cwd else None)
            command = _text(command, "tool_input.command")
            return _shell_call(tool, command, ti, cwd, root)
        if tool == "apply_patch":
            patch = _text(ti.get("command", ti.get("input")), "tool_input.command")
            paths = [m.group(2).strip() for m in _PATCH_FILE.finditer(patch)]
            if not paths:
                raise HookInputError("the patch names no file (*** Add/Update/Delete File: …)")
            resolved = _resolutions(ti, "patch path")
            proposals = []
            for p in dict.fromkeys(paths):  # one write_file per file the patch touches
                one = write(tool, p, patch, cwd, root, change="patch")  # the path as written: inside?
                if one.refusal:
                    return one
                if resolved is not None:
                    # The command form resolved the links on the agent's machine: where the file really
                    # lands must be inside too, and it is what is proposed. A path it did not resolve is
                    # refused (the text and the resolution must agree on every file).
                    real = resolved.get(p)
                    if real is None:
                        why = (
                            f"the patch names {p!r}, which the command hook did not resolve on the agent's "
                            "machine, so where it really lands is unknown."
                        )
                        return Mapped(tool=tool, refusal="outside", why=why)
                    one = write(tool, real, patch, cwd, root, change="patch")
                    if one.refusal:
                        return one
                proposals.extend(one.proposals)
            return Mapped(tool=tool, proposals=proposals)
        return acting(self.name, tool) or mcp_call(tool, ti, root) or Mapped(tool=tool, refusal="unmapped")

    def answer(self, decision, reason):
        if decision == ALLOW:
            return {}  # Codex does not take "allow" from a hook; its own approval policy still applies
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": _reason(reason),
            }
        }


PROTOCOLS: dict[str, AgentProtocol] = {p.name: p for p in (ClaudeCode(), GeminiCli(), Codex())}
