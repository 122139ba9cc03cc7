"""``brabo hook install claude-code|gemini-cli|codex``: write Brabo's command hook into an agent's settings.

It writes the fast form of the hook (``brabo_client/fast_hook.py`` run by this interpreter with ``-I -S``,
see ``hook.command``), then a guard that refuses when that program cannot run (``hook.installed_command``:
Claude Code and Codex run the tool when a hook exits 127 or crashes): the same program as ``brabo hook <agent>``,
without the console script's and ``site``'s start-up, which bench/hooks.py shows is most of what a command hook
costs. Absolute paths, so
the settings are for this machine: for a project, Claude Code's ``.claude/settings.local.json`` (its
personal, uncommitted settings), Codex's ``.codex/hooks.json``; with ``--user``, the agent's settings in the
home folder (``$CODEX_HOME`` for Codex when set).

Gemini CLI's hook is a Gemini CLI extension in the home folder (``$GEMINI_CLI_HOME`` when set):
``~/.gemini/extensions/brabo-<project>/`` (``brabo`` with ``--user``), its ``hooks/hooks.json`` holding the
hook, enabled only in the project's folder and below (``extension-enablement.json``) unless ``--user``.
Gemini CLI (0.61) runs no settings hook — project, user or system — in a folder that is not trusted (folder
trust is on by default; a folder the person answered "Don't trust", or one their IDE does not trust), while
it still runs the tools its own rules and the person allow there; an extension's hooks it runs in every folder.
So the hook is where it always runs, and an earlier Brabo hook in the settings file this installer used to
write (the project's ``.gemini/settings.json``, or the home folder's with ``--user``) is taken out, so a
trusted folder does not call Brabo twice. The hook's name is drawn at the first install (``gemini_hook_name``:
no project's ``hooksConfig.disabled`` can name it), and without ``$GEMINI_CLI_HOME`` the user's settings get a
guard that refuses while a project's ``.env`` has set it (``gemini_home_guard``).

A trusted project's own settings can still switch every hook of Gemini CLI or Codex off, Brabo's with them
(``hooksConfig.enabled``; ``[features] hooks``), and no file of the user's outranks them: ``brabo hook pin``
(hook_pin) writes the system setting that does. The install says whether it is there, and warns when the
project's settings already switch hooks off (``_say_pin``).

An existing Brabo hook of that agent in the file (either form) is replaced, never doubled; every other
setting and hook is kept. The key is never written: the hook reads ``BRABO_AGENT_KEY`` (or
``GEMINI_CLI_BRABO_AGENT_KEY``) or ``--key-file``, as ``brabo hook`` does. ``--print`` shows the file as it
would be written (each file, for Gemini CLI's extension) and writes nothing.

Exit codes: 0 written (or printed), 64 bad arguments or a settings file that is not a JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import secrets
import shlex
import sys
import tempfile

from . import hook

EX_USAGE = 64
# Each agent's hook event and the tools its hook is asked about. The matcher is FAIL CLOSED: every tool except
# the ones Brabo knows do not act (they read, search, plan, talk to the person or the model, or start a subagent
# whose own tool calls go through this hook: Gemini CLI's invoke_agent). Claude Code's Agent (Task) reaches Brabo
# all the same: its ``isolation`` can make a git worktree or run the subagent remotely (actions/agent_hooks.py
# ``subagent``), so a plain launch is let through there and an isolated one waits for a person. A tool an agent adds, renames or offers only on some platforms or
# versions (Claude Code's Skill, EnterWorktree, Workflow, PowerShell; Gemini CLI's save_memory) reaches Brabo,
# which maps it (actions/agent_hooks.py) or answers ``--other`` (ask) — never runs unjudged. The tools that
# read files (Read, Grep, Glob, LS, NotebookRead; read_file, read_many_files, list_directory, glob, grep_search)
# reach Brabo too: on a laptop they read the user's credentials as readily as the project (SPEC §5, "agent"),
# and are judged as the shell command that reads the same (actions/agent_hooks.py ``READERS``) -- a process
# start and a round trip per call (bench/README "Coding-agent hooks": ~40 ms p50), nothing recorded when the
# rules let the read through; so do the web fetches (WebFetch, web_fetch: a GET to any address, judged as
# ``curl``). Left out, at no cost: the tools that read nothing of the machine and send nothing of it to an
# address the model picks (web search, the task list, plan mode, the person ...).
# Claude Code and Gemini CLI test the matcher as a JavaScript regular expression against the tool's name
# (``new RegExp(matcher).test(name)``: unanchored, so the anchors are in the pattern). Codex's is a Rust regex
# without look-ahead, and Codex runs PreToolUse for its acting tools only (shell, apply_patch, MCP; code mode's
# nested calls arrive as Bash): every tool.
EVENT = {"claude-code": "PreToolUse", "gemini-cli": "BeforeTool", "codex": "PreToolUse"}
READ_ONLY = {
    # Claude Code 2.1.332 (what it declares to its model, deferred tools included) and earlier names.
    "claude-code": (
        "WebSearch|ToolSearch|DeferredToolPlaceholder"
        "|TodoWrite|TodoRead|TaskCreate|TaskGet|TaskList|TaskUpdate|TaskOutput|TaskStop|BashOutput|KillShell"
        "|ListAgents|SendMessage|ReportFindings|AskUserQuestion|EnterPlanMode|ExitPlanMode"
        "|ScheduleWakeup|CronCreate|CronDelete|CronList|ListMcpResourcesTool|ReadMcpResourceTool|LSP"
        "|StructuredOutput"
    ),
    # Gemini CLI 0.61.0 (packages/core/src/tools/tool-names.ts).
    "gemini-cli": (
        "google_web_search|write_todos"
        "|update_topic|list_background_processes|read_background_output|enter_plan_mode|exit_plan_mode"
        "|ask_user|invoke_agent|activate_skill|complete_task|get_internal_docs|list_mcp_resources"
        "|read_mcp_resource|tracker_get_task|tracker_list_tasks|tracker_visualize"
    ),
}
MATCHER = {
    "claude-code": f"^(?!(?:{READ_ONLY['claude-code']})$)",
    "gemini-cli": f"^(?!(?:{READ_ONLY['gemini-cli']})$)",
    "codex": ".*",
}
DEFAULT_AGENT_TIMEOUT = 60  # seconds: the hook's timeout written into the settings and told to the hook
# R12.6: the shortest written: below the hook's own margin (hook.margin, 2 s at least) it could never ask Brabo,
# and an agent that kills a hook still starting (Gemini CLI at 0 ms for a timeout under 1 ms) runs the tool
MIN_AGENT_TIMEOUT = 5


def gemini_home() -> str:
    """The folder Gemini CLI keeps its ``.gemini`` in: ``$GEMINI_CLI_HOME`` when set (Gemini CLI's
    ``homedir()``), else the home folder."""
    return os.environ.get("GEMINI_CLI_HOME") or os.path.expanduser("~")


def settings_file(agent: str, *, project: str, user: bool) -> str:
    """The settings file the hook goes in (for Gemini CLI: the one an earlier install wrote it in)."""
    if agent == "claude-code":
        return (
            os.path.join(os.path.expanduser("~"), ".claude", "settings.json")
            if user
            else os.path.join(project, ".claude", "settings.local.json")
        )
    if agent == "gemini-cli":
        base = gemini_home() if user else project
        return os.path.join(base, ".gemini", "settings.json")
    if user:
        return os.path.join(os.environ.get("CODEX_HOME") or os.path.expanduser("~/.codex"), "hooks.json")
    return os.path.join(project, ".codex", "hooks.json")


def is_brabos(handler, agent: str) -> bool:
    """A hook this installer (or the README's examples) wrote for ``agent``, in either form."""
    if not isinstance(handler, dict) or not isinstance(handler.get("command"), str):
        return False
    try:
        words = shlex.split(handler["command"])
    except ValueError:
        words = handler["command"].split()
    if agent not in words:
        return False
    return any(w.endswith("/" + hook.FAST_ENTRY) for w in words) or any(
        a in ("brabo", "brabo_client") or a.endswith("/brabo")
        for a, b in zip(words, words[1:])
        if b == "hook"
    )


def without_brabos(existing: dict, agent: str) -> dict:
    """``existing`` with this agent's Brabo hooks taken out of its hook event (groups left empty dropped)."""
    data = dict(existing)
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        raise ValueError('its "hooks" is not a JSON object')
    groups = hooks.get(EVENT[agent], [])
    if not isinstance(groups, list):
        raise ValueError(f'its "hooks.{EVENT[agent]}" is not a list')
    kept = []
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        if isinstance(inner, list) and any(is_brabos(h, agent) for h in inner):
            rest = [h for h in inner if not is_brabos(h, agent)]
            if rest:
                kept.append({**group, "hooks": rest})
        else:
            kept.append(group)
    data["hooks"] = {**hooks, EVENT[agent]: kept}
    return data


def handler(agent: str, command: str, agent_timeout: float, name: str = "brabo") -> dict:
    """The hook entry itself, in the agent's spelling (Gemini CLI: named ``name``, its timeout in
    milliseconds)."""
    if agent == "gemini-cli":
        return {"name": name, "type": "command", "command": command, "timeout": int(agent_timeout * 1000)}
    timeout = agent_timeout if agent_timeout != int(agent_timeout) else int(agent_timeout)
    return {"type": "command", "command": command, "timeout": timeout}


# Red team: Claude Code (2.1.332) runs no hook at all -- Brabo's in settings.local.json or ~/.claude included --
# while the merged settings say ``"disableAllHooks": true``, and a cloned repository's committed
# ``.claude/settings.json`` may say so. A setting of the local file outranks the project's (managed > command
# line > local > project > user), so the installer pins ``"disableAllHooks": false`` beside Brabo's hook:
# in settings.local.json it holds against the project's file (tests/agents_e2e/test_agents_e2e_claude_off.py);
# in ~/.claude/settings.json (--user) it does not, which the README says.


def merged(existing: dict, agent: str, command: str, agent_timeout: float) -> dict:
    data = without_brabos(existing, agent)
    group = {"matcher": MATCHER[agent], "hooks": [handler(agent, command, agent_timeout)]}
    data["hooks"][EVENT[agent]] = [*data["hooks"][EVENT[agent]], group]
    if agent == "claude-code":
        data["disableAllHooks"] = False
    return data


# R12.6, red team: Codex (0.171) skips a hooks.json it cannot read in full -- silently, every hook in it,
# Brabo's too -- and then runs every tool unjudged. It cannot read a handler's ``timeout`` that is not a whole
# number of seconds of 0 or more (1.5, 5.0, "5", -1: it takes ``u64``), nor a key beside ``hooks`` and
# ``description`` at the top of the file (``$schema``, ``model``); an unknown event, or a handler's unknown
# key, it reads past (tests/agents_e2e/test_agents_e2e_codex_hooks_file.py, with the pinned Codex). So the
# installer writes Codex whole seconds only, and will not put Brabo's hook into a file whose other entries
# would have Codex skip it.


def codex_file_problem(data: dict) -> str | None:
    """Why Codex would skip ``data`` (a hooks.json) whole, or None."""
    extra = sorted(k for k in data if k != "hooks" and not (k == "description" and isinstance(data[k], str)))
    if extra:
        return f'it has {", ".join(map(repr, extra))} beside "hooks" at its top, which Codex does not read'
    for event, groups in (data.get("hooks") or {}).items():
        for group in groups if isinstance(groups, list) else []:
            inner = group.get("hooks") if isinstance(group, dict) else None
            for h in inner if isinstance(inner, list) else []:
                timeout = h.get("timeout") if isinstance(h, dict) else None
                if timeout is None or (type(timeout) is int and timeout >= 0):
                    continue
                return (
                    f'a {event} hook in it has "timeout": {json.dumps(timeout)}, and Codex reads a hook\'s timeout '
                    "only as a whole number of seconds"
                )
    return None


# -- Gemini CLI: the hook as an extension ----------------------------------------------------------------


def gemini_extension_name(project: str | None) -> str:
    """``brabo`` for every folder (``--user``), ``brabo-<12 hex of the project's real path>`` for one project
    (Gemini CLI allows letters, digits and dashes in an extension's name)."""
    if project is None:
        return "brabo"
    return "brabo-" + hashlib.sha256(os.path.realpath(project).encode()).hexdigest()[:12]


def enablement_rules(project: str) -> list[str]:
    """Gemini CLI's ``extension-enablement.json`` overrides that enable an extension only in ``project`` and
    below: off everywhere (``!/*``), then on under the project's path, spelt as Gemini CLI compares the
    folder it starts in (forward slashes, a leading and a trailing one; the last matching rule wins). The
    path as given and its real path, when they differ (Gemini CLI starts in the real one)."""
    rules = ["!/*"]
    for path in dict.fromkeys((os.path.abspath(project), os.path.realpath(project))):
        spelt = path.replace("\\", "/").strip("/")
        rules.append(f"/{spelt}/*" if spelt else "/*")
    return rules


# Red team: Gemini CLI (0.61, hookRegistry.ts) leaves out every hook -- an extension's too -- whose name is in
# the merged settings' ``hooksConfig.disabled``, a list it merges as the union of every source's, the project's
# ``.gemini/settings.json`` in a trusted folder included. A cloned repository naming ``"brabo"`` there switched
# Brabo's hook off. So the hook's name is ``brabo-`` and 16 random hex digits, drawn at the first install and
# kept by later ones: a file written before it cannot name it (tests/agents_e2e/test_agents_e2e_gemini_off.py).
HOOK_NAME = re.compile(r"brabo-[0-9a-f]{16}")


def gemini_hook_name(existing: dict) -> str:
    """The name of Brabo's hook in an extension's ``hooks/hooks.json`` (``existing``) when it is one this
    installer drew, else a new one."""
    hooks = existing.get("hooks") if isinstance(existing, dict) else None
    groups = hooks.get(EVENT["gemini-cli"]) if isinstance(hooks, dict) else None
    for group in groups if isinstance(groups, list) else []:
        for h in group.get("hooks", []) if isinstance(group, dict) else []:
            name = h.get("name") if isinstance(h, dict) else None
            if isinstance(name, str) and HOOK_NAME.fullmatch(name) and is_brabos(h, "gemini-cli"):
                return name
    return "brabo-" + secrets.token_hex(8)


def gemini_extension(
    name: str, command: str, agent_timeout: float, project: str | None, hook_name: str = "brabo"
) -> dict[str, dict]:
    """The extension's files (relative path -> JSON): its manifest and its ``hooks/hooks.json`` (the hook
    named ``hook_name``)."""
    scope = f"the project {os.path.realpath(project)}" if project else "every folder"
    manifest = {
        "name": name,
        "version": "1.0.0",
        "description": f"Brabo's BeforeTool hook for {scope} (written by brabo hook install gemini-cli)",
    }
    group = {
        "matcher": MATCHER["gemini-cli"],
        "hooks": [handler("gemini-cli", command, agent_timeout, hook_name)],
    }
    return {
        "gemini-extension.json": manifest,
        os.path.join("hooks", "hooks.json"): {"hooks": {EVENT["gemini-cli"]: [group]}},
    }


def enabled_only_for(existing: dict, name: str, project: str | None) -> dict:
    """``extension-enablement.json`` with ``name`` enabled in ``project`` and below only (everywhere when
    ``project`` is None); every other extension's entry kept."""
    data = dict(existing)
    if project is None:
        data.pop(name, None)  # no entry: enabled in every folder
    else:
        data[name] = {"overrides": enablement_rules(project)}
    return data


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors exit 64, as every brabo command's
        self.print_usage(sys.stderr)
        self.exit(EX_USAGE, f"brabo: {message}\n")


def _parse(argv: list[str]) -> argparse.Namespace:
    ap = _Parser(
        prog="brabo hook install",
        description="Write Brabo's command hook (the fast form) into a coding agent's settings.",
    )
    ap.add_argument("agent", choices=hook.AGENTS)
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--project", help="the project folder whose settings get the hook (default: here)")
    where.add_argument("--user", action="store_true", help="the agent's settings in the home folder")
    ap.add_argument("--print", action="store_true", help="print the settings file, write nothing")
    ap.add_argument("--timeout", type=float, help="seconds the hook waits for a person (default 50)")
    ap.add_argument(
        "--agent-timeout",
        type=float,
        default=DEFAULT_AGENT_TIMEOUT,
        help=f"the hook timeout written for the agent and told to the hook (default {DEFAULT_AGENT_TIMEOUT})",
    )
    ap.add_argument("--pending", choices=("wait", "ask"))
    ap.add_argument("--other", choices=("ask", "deny", "allow"))
    ap.add_argument("--root", help="the project folder the hook reports (default as brabo hook)")
    ap.add_argument("--url", help="Brabo's URL baked into the command (default $BRABO_URL at each call)")
    ap.add_argument("--key-file", help="a file holding the agent's key, read at each call")
    return ap.parse_args(argv)


def _flags(args: argparse.Namespace) -> list[str]:
    flags = ["--agent-timeout", f"{args.agent_timeout:g}"]
    for name in ("timeout", "pending", "other", "root", "url", "key_file"):
        value = getattr(args, name)
        if value is not None:
            if name in ("root", "key_file"):
                value = os.path.abspath(os.path.expanduser(value))
            flags += ["--" + name.replace("_", "-"), f"{value:g}" if isinstance(value, float) else value]
    return flags


class _Unreadable(Exception):
    """A file to merge into that is not a JSON object; the message says which and what to do."""


def _read_object(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            existing = json.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise _Unreadable(f"cannot read {path} as JSON ({exc}); fix or move it, then run this again")
    if not isinstance(existing, dict):
        raise _Unreadable(f"{path} is not a JSON object; fix or move it, then run this again")
    return existing


def _write(path: str, data: dict) -> None:
    """``data`` as ``path``'s JSON, replaced at once (a reader never sees half a file); its mode kept."""
    text = json.dumps(data, indent=2) + "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".brabo-", dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _gemini_files(args: argparse.Namespace, command: str, project: str) -> dict[str, dict]:
    """Every file a Gemini CLI install writes (path -> JSON): the extension, its enablement, and the settings
    file an earlier install wrote the hook in, without it (only when it held one)."""
    scoped = None if args.user else project
    name = gemini_extension_name(scoped)
    extensions = os.path.join(gemini_home(), ".gemini", "extensions")
    try:
        earlier = _read_object(os.path.join(extensions, name, "hooks", "hooks.json"))
    except _Unreadable:
        earlier = {}  # rewritten whole below
    hook_name = gemini_hook_name(earlier)
    files = {
        os.path.join(extensions, name, rel): data
        for rel, data in gemini_extension(name, command, args.agent_timeout, scoped, hook_name).items()
    }
    enablement = os.path.join(extensions, "extension-enablement.json")
    files[enablement] = enabled_only_for(_read_object(enablement), name, scoped)
    old = settings_file("gemini-cli", project=project, user=args.user)
    try:
        existing = _read_object(old)
        cleaned = without_brabos(existing, "gemini-cli")
    except (_Unreadable, ValueError):
        return files  # not this installer's to fix: Gemini CLI itself will say what is wrong with it
    if cleaned["hooks"]["BeforeTool"] != existing.get("hooks", {}).get("BeforeTool", []):
        if not cleaned["hooks"]["BeforeTool"]:
            del cleaned["hooks"]["BeforeTool"]
        files[old] = cleaned
    _add_home_guard(files, hook_name, args.agent_timeout)
    return files


# Red team: Gemini CLI (0.61, settings.ts loadEnvironment) loads a trusted project's ``.gemini/.env`` or
# ``.env`` into its own environment -- every name not already set -- after reading the user's settings and
# before loading the extensions, which it reads from ``$GEMINI_CLI_HOME/.gemini/extensions``. A cloned
# repository whose ``.env`` set GEMINI_CLI_HOME to a folder of its own left Brabo's extension out, and every
# tool ran unasked. Where GEMINI_CLI_HOME is not set at install, the installer also writes a guard into the
# user's settings (read before that ``.env``; a settings hook runs in a trusted folder only, the only folder
# whose ``.env`` sets more than the API keys): a shell line that says nothing while GEMINI_CLI_HOME is unset
# and refuses while it is set (tests/agents_e2e/test_agents_e2e_gemini_off.py). Exported in the shell,
# GEMINI_CLI_HOME is one no ``.env`` replaces: then no guard is written.
HOME_GUARD_REASON = (
    "GEMINI_CLI_HOME is set to $GEMINI_CLI_HOME where Brabo's hook was installed without it (a project's .env "
    "or .gemini/.env sets it?), so Gemini CLI read its extensions, Brabo's hook among them, from there: the tool "
    "call is refused. Take it out of that file, or export GEMINI_CLI_HOME in your shell and run 'brabo hook "
    "install gemini-cli' again"
)


def gemini_home_guard(hook_name: str, agent_timeout: float) -> dict:
    """The guard's hook entry (its name drawn with Brabo's hook's, so no project can name it off)."""
    line = f'[ -z "${{GEMINI_CLI_HOME+x}}" ] || {{ echo "{HOME_GUARD_REASON}" >&2; exit 2; }}'
    return handler("gemini-cli", line, agent_timeout, hook_name + "-home")


def _is_home_guard(h) -> bool:
    name = h.get("name") if isinstance(h, dict) else None
    return (
        isinstance(name, str) and name.endswith("-home") and bool(HOOK_NAME.fullmatch(name[: -len("-home")]))
    )


def _add_home_guard(files: dict[str, dict], hook_name: str, agent_timeout: float) -> None:
    """The user's settings with the guard (``gemini_home_guard``) in place of an earlier one -- or without it,
    where GEMINI_CLI_HOME is set or the shell is not POSIX's -- into ``files`` when that changes them."""
    path = os.path.join(gemini_home(), ".gemini", "settings.json")
    try:
        existing = files.get(path) or _read_object(path)
    except _Unreadable:
        return  # Gemini CLI itself will say what is wrong with it
    hooks = existing.get("hooks", {})
    groups = hooks.get("BeforeTool", []) if isinstance(hooks, dict) else None
    if not isinstance(groups, list):
        return
    kept = []
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        if isinstance(inner, list) and any(_is_home_guard(h) for h in inner):
            rest = [h for h in inner if not _is_home_guard(h)]
            if rest:
                kept.append({**group, "hooks": rest})
        else:
            kept.append(group)
    if "GEMINI_CLI_HOME" not in os.environ and os.name != "nt":
        kept.append(
            {"matcher": MATCHER["gemini-cli"], "hooks": [gemini_home_guard(hook_name, agent_timeout)]}
        )
    if kept != groups:
        data = {**existing, "hooks": {**hooks, "BeforeTool": kept}}
        if not kept:
            del data["hooks"]["BeforeTool"]
        files[path] = data


def _say_gemini(files: dict[str, dict], project: str, user: bool, command: str) -> None:
    extension = os.path.dirname(next(iter(files)))
    where = "every folder" if user else f"{os.path.realpath(project)} and the folders below it"
    print(
        f"brabo: gemini-cli's BeforeTool hook is the Gemini CLI extension {extension}, on in {where}; it runs: {command}"
    )
    for path, data in files.items():
        if not path.endswith("settings.json"):
            continue
        groups = data.get("hooks", {}).get("BeforeTool", [])
        if any(_is_home_guard(h) for g in groups for h in g.get("hooks", [])):
            print(
                f"brabo: {path} holds a guard that refuses while GEMINI_CLI_HOME is set (a project's .env could)"
            )
        else:
            print(f"brabo: took the earlier Brabo hook out of {path} (the extension replaces it)")
    print(
        "brabo: Gemini CLI runs an extension's hook in every folder, trusted or not (a settings hook only in "
        "a trusted one); starting gemini with --extensions/-e that leaves it out switches it off"
    )


def main(argv: list[str]) -> int:
    args = _parse(argv)
    if not MIN_AGENT_TIMEOUT <= args.agent_timeout <= 86400:
        print(
            f"brabo: --agent-timeout must be a number of seconds from {MIN_AGENT_TIMEOUT:g} to 86400: the agent runs "
            "the tool when its hook has not answered by then, and a shorter one leaves the hook no time to ask Brabo "
            "(it keeps 2 s at least for its own start and answer)",
            file=sys.stderr,
        )
        return EX_USAGE
    if args.agent == "codex" and args.agent_timeout != int(args.agent_timeout):
        print(
            "brabo: Codex reads its hook timeout in whole seconds only (with a fraction it skips the hooks file, "
            "Brabo's hook with it): give --agent-timeout a whole number of seconds",
            file=sys.stderr,
        )
        return EX_USAGE
    flags = _flags(args)
    command = hook.installed_command(args.agent, flags)
    project = os.path.abspath(args.project or os.getcwd())
    try:
        if args.agent == "gemini-cli":
            files = _gemini_files(args, command, project)
        else:
            path = settings_file(args.agent, project=project, user=args.user)
            try:
                files = {path: merged(_read_object(path), args.agent, command, args.agent_timeout)}
            except ValueError as exc:
                raise _Unreadable(f"{path}: {exc}; fix it, then run this again")
            problem = codex_file_problem(files[path]) if args.agent == "codex" else None
            if problem:
                raise _Unreadable(
                    f"{path}: {problem}; Codex skips such a file whole, Brabo's hook with it, and runs every tool "
                    "unjudged -- fix that entry, then run this again"
                )
    except _Unreadable as exc:
        print(f"brabo: {exc}", file=sys.stderr)
        return EX_USAGE
    if args.print:
        for path, data in files.items():
            if len(files) > 1:
                sys.stdout.write(f"==> {path} <==\n")
            sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    for path, data in files.items():
        _write(path, data)
    if args.agent == "gemini-cli":
        _say_gemini(files, project, args.user, command)
        _say_pin(args.agent, project, args.user)
        return 0
    print(f"brabo: {args.agent}'s {EVENT[args.agent]} hook in {path} runs: {command}")
    if args.agent == "claude-code":
        print(
            f'brabo: {path} also says "disableAllHooks": false, which a project\'s .claude/settings.json '
            "cannot outrank"
            + (" (your own settings rank below the project's: prefer a project install)" if args.user else "")
        )
    if args.agent == "codex":
        print(
            "brabo: Codex runs a hook only once it is trusted: trust it in Codex's interactive screen once, "
            "or pass --dangerously-bypass-hook-trust to codex exec",
        )
        if not args.user and not codex_trusts(project):
            print(
                f"brabo: warning: Codex reads {path} only in a project it trusts, and {project} is not trusted "
                "in Codex's config.toml: until it is, Codex runs this project's tools without Brabo's hook. Trust "
                "the project in Codex, or install with --user",
                file=sys.stderr,
            )
        _say_pin(args.agent, project, args.user)
    return 0


def _say_pin(agent: str, project: str, user: bool) -> None:
    """Whether a trusted project's settings can switch every hook off, Brabo's with them (hook_pin): loudly
    when this project's already do."""
    from . import hook_pin

    if hook_pin.pinned_on(agent):
        return
    off = None if user else hook_pin.project_switches_off(agent, project)
    if off:
        print(
            f"brabo: warning: {off} switches every {agent} hook off, Brabo's included: once you trust this "
            f"project, {agent} runs its tools unjudged. Take that line out, or keep hooks on for every project "
            f"with 'sudo brabo hook pin {agent}'",
            file=sys.stderr,
        )
    else:
        print(
            f"brabo: a trusted project's own settings can switch every {agent} hook off, Brabo's included; "
            f"'sudo brabo hook pin {agent}' keeps them on"
        )


def codex_trusts(project: str) -> bool:
    """Whether Codex's config.toml marks ``project`` (or its git root) ``trust_level = "trusted"`` --
    without which Codex 0.171 reads no ``.codex/`` of the project, hooks.json included ("Untrusted project-local
    configuration is disabled"; tests/agents_e2e/test_agents_e2e_codex_hooks_file.py)."""
    import tomllib

    config = os.path.join(os.environ.get("CODEX_HOME") or os.path.expanduser("~/.codex"), "config.toml")
    try:
        with open(config, "rb") as f:
            projects = tomllib.load(f).get("projects")
    except (OSError, ValueError):
        return False
    if not isinstance(projects, dict):
        return False
    candidates = {os.path.abspath(project), os.path.realpath(project)}
    here = os.path.realpath(project)
    while os.path.dirname(here) != here and not os.path.exists(os.path.join(here, ".git")):
        here = os.path.dirname(here)
    if os.path.exists(os.path.join(here, ".git")):
        candidates.add(here)  # Codex keys a repository's trust on its root
    return any(
        isinstance(projects.get(c), dict) and projects[c].get("trust_level") == "trusted" for c in candidates
    )
