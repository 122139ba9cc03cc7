"""``brabo hook claude-code|gemini-cli|codex``: a coding agent's pre-tool command hook.

Reads the agent's hook input (JSON) on stdin, forwards it to Brabo's ``/api/hooks/<agent>/`` — where the
tool is mapped to an action, proposed and decided (``actions/agent_hooks.py`` cites each agent's hook
documentation) — and writes the agent's answer on stdout. It decides nothing itself.

Settings: ``--timeout`` seconds to wait for a person (default 50; keep it below the hook's own timeout),
``--pending wait|ask`` (ask: the person at the terminal decides; Claude Code only), ``--other
ask|deny|allow`` for tools Brabo has no action type for, ``--root`` the project folder (default
``$BRABO_PROJECT_ROOT``, then ``$CLAUDE_PROJECT_DIR`` / ``$GEMINI_PROJECT_DIR`` that the agents set).
``BRABO_URL`` and ``BRABO_AGENT_KEY`` as for every ``brabo`` command.

Paths are resolved here, on the agent's machine, before they are sent: the project root, the working
directory and a file tool's path go through ``os.path.realpath``, so a symlink inside the project that
points outside it is judged by where it leads (the server sees only the text and cannot follow links).

Fails closed: if Brabo cannot be reached or the input cannot be read, the answer is a deny in the agent's
format. Exit code 0, except Codex's deny: exit 2 with the reason on stderr, its documented block signal.
"""

from __future__ import annotations

import json
import os
import sys

from .sdk import BraboError, Client

AGENTS = ("claude-code", "gemini-cli", "codex")
MAX_INPUT = 16 * 1024 * 1024
ROOT_ENV = {"claude-code": "CLAUDE_PROJECT_DIR", "gemini-cli": "GEMINI_PROJECT_DIR", "codex": ""}


def register(sub) -> None:
    p = sub.add_parser("hook", help="a coding agent's pre-tool hook (JSON on stdin, answer on stdout)")
    p.add_argument("agent", choices=AGENTS)
    p.add_argument("--timeout", type=float, default=50.0, help="seconds to wait for a person (default 50)")
    p.add_argument("--pending", choices=("wait", "ask"), default="wait")
    p.add_argument("--other", choices=("ask", "deny", "allow"), default="ask")
    p.add_argument("--root", help="the project folder (default $BRABO_PROJECT_ROOT or the agent's own)")
    p.add_argument("--url", help="Brabo's URL (default $BRABO_URL or http://127.0.0.1:8000)")


def deny(agent: str, reason: str) -> dict:
    """The agent's deny, for when Brabo itself cannot answer (same shapes as actions/agent_hooks.py)."""
    if agent == "gemini-cli":
        return {"decision": "deny", "reason": reason, "systemMessage": reason}
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    }


def refuse(agent: str, reason: str) -> int:
    """Answer a deny in the agent's format (when the hook cannot even start its work)."""
    sys.stdout.write(json.dumps(deny(agent, reason)) + "\n")
    sys.stdout.flush()
    if agent == "codex":
        sys.stderr.write(reason + "\n")
        return 2
    return 0


def _is_deny(answer) -> tuple[bool, str]:
    if not isinstance(answer, dict):
        return True, "Brabo's answer was not a JSON object"
    out = answer.get("hookSpecificOutput")
    if isinstance(out, dict) and out.get("permissionDecision") == "deny":
        return True, str(out.get("permissionDecisionReason", ""))
    if answer.get("decision") in ("deny", "block"):
        return True, str(answer.get("reason", ""))
    return False, ""


class _Args:
    def __init__(self, **kw):
        self.__dict__.update(kw)


_FLAGS = {"--timeout": float, "--pending": ("wait", "ask"), "--other": ("ask", "deny", "allow")}


def fast_args(argv: list[str]):
    """The hook's arguments without argparse (which costs more to import than a local decision takes);
    None for anything unusual (``--help``, a bad value), which then goes through argparse and its errors."""
    opts: dict = {
        "timeout": 50.0,
        "pending": "wait",
        "other": "ask",
        "root": None,
        "url": None,
        "agent": None,
    }
    it = iter(argv)
    for arg in it:
        name, eq, value = arg.partition("=")
        if name in ("--timeout", "--pending", "--other", "--root", "--url"):
            if not eq:
                following = next(it, None)
                if following is None:
                    return None
                value = following
            kind = _FLAGS.get(name)
            if kind is float:
                try:
                    opts["timeout"] = float(value)
                except ValueError:
                    return None
            elif isinstance(kind, tuple):
                if value not in kind:
                    return None
                opts[name[2:]] = value
            else:
                opts[name[2:]] = value
        elif arg in AGENTS and opts["agent"] is None:
            opts["agent"] = arg
        else:
            return None
    return _Args(**opts) if opts["agent"] else None


# The tool_input fields that name a file or a directory, across the three agents' documented tools.
PATH_FIELDS = ("file_path", "notebook_path", "dir_path", "directory", "workdir")


def resolve_links(body, root: str | None) -> tuple[object, str | None]:
    """The hook input with the cwd and file paths resolved through symlinks, and the resolved root.
    Only absolute results are substituted; anything unusual is left for the server to judge."""
    if not isinstance(body, dict):
        return body, root
    real = os.path.realpath
    root = real(root) if root and os.path.isabs(root) else root
    cwd = body.get("cwd")
    out = dict(body)
    if isinstance(cwd, str) and os.path.isabs(cwd):
        out["cwd"] = real(cwd)
    tool_input = body.get("tool_input")
    if isinstance(tool_input, dict):
        ti = dict(tool_input)
        base = cwd if isinstance(cwd, str) and os.path.isabs(cwd) else None
        for name in PATH_FIELDS:
            value = ti.get(name)
            if isinstance(value, str) and value and "\x00" not in value:
                if os.path.isabs(value):
                    ti[name] = real(value)
                elif base and name in ("file_path", "notebook_path"):
                    ti[name] = real(os.path.join(base, value))
        out["tool_input"] = ti
    return out, root


def main(args) -> int:
    agent = args.agent
    try:
        raw = sys.stdin.buffer.read(MAX_INPUT + 1)
        if len(raw) > MAX_INPUT:
            raise ValueError("the hook input is over 16 MB")
        body = json.loads(raw)
        root = args.root or os.environ.get("BRABO_PROJECT_ROOT") or os.environ.get(ROOT_ENV[agent] or "-")
        client = Client(args.url, retries=2, backoff=0.1)
        if not client.key:
            raise ValueError("BRABO_AGENT_KEY is not set; the hook needs the agent's key")
        params = {"timeout": f"{args.timeout:g}", "pending": args.pending, "other": args.other}
        body, root = resolve_links(body, root)
        answer = client.hook(agent, body, root=root, params=params, timeout=args.timeout + 15)
    except (ValueError, BraboError) as exc:
        answer = deny(agent, f"Brabo could not decide this tool call, so it is refused: {exc}")
    denied, reason = _is_deny(answer)
    if answer:
        sys.stdout.write(json.dumps(answer) + "\n")
    if agent == "codex" and denied:
        sys.stderr.write(reason + "\n")
        return 2
    return 0
