"""``brabo run [--timeout N] [--cwd DIR] [--json] -- CMD...``: propose CMD as a terminal action, show a
one-line status on stderr while it waits for a decision (who must approve, and why), print the command's
output and exit with its code — or with Brabo's own code for denied / timed out / failed (see
``brabo_client.cli``). The command runs where Brabo runs terminal actions (the project's sandbox or runner).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time

from . import cli
from .sdk import Action, BraboError, Client, Unavailable


def register(sub) -> None:
    p = sub.add_parser("run", help="propose a terminal command, wait for it, print its result")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds to wait in all (default 600)")
    p.add_argument("--cwd", help="absolute working directory (defaults to the project root)")
    p.add_argument("--json", action="store_true", help="print the action as JSON instead of its output")
    p.add_argument("--url", help="Brabo's URL (default $BRABO_URL or http://127.0.0.1:8000)")
    p.add_argument("cmd", nargs=argparse.REMAINDER, help="the command, after --")


def _approver(action: Action) -> str:
    """Who may approve: the type's minimum role when the engine is importable (a checkout), else generic."""
    try:
        from permissions.action_types import ACTION_TYPES

        return f"a {ACTION_TYPES[action.action_type].min_role} or above"
    except Exception:
        return "a project member whose role allows this action type"


class StatusLine:
    """One line on stderr, rewritten in place on a terminal, printed once per new state otherwise."""

    def __init__(self, client: Client, stream=sys.stderr):
        self.client, self.stream, self.start = client, stream, time.monotonic()
        self.tty = stream.isatty()
        self.last = ""
        self.last_status = ""

    def __call__(self, action: Action) -> None:
        elapsed = time.monotonic() - self.start
        if action.pending:
            text = (
                f"brabo: pending {elapsed:.0f}s — waiting for {_approver(action)} to approve action "
                f"{action.id} in {self.client.url}/admin/console/ — why: {action.message}"
            )
        elif action.status in ("approved", "auto_approved", "executing"):
            who = f" by {action.decided_by}" if action.decided_by else ""
            text = f"brabo: {action.status.replace('_', '-')}{who}, running… {elapsed:.0f}s"
        else:
            return
        if self.tty:
            self.stream.write("\r\x1b[2K" + text[:200])
            self.stream.flush()
        elif action.status != self.last_status:  # not a terminal: one line per new state
            self.stream.write(text + "\n")
            self.stream.flush()
        self.last, self.last_status = text, action.status

    def done(self) -> None:
        if self.tty and self.last:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


def main(args) -> int:
    cmd = list(args.cmd)
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    if not cmd:
        print("brabo run: no command; use brabo run -- CMD ...", file=sys.stderr)
        return cli.EX_USAGE
    command = cmd[0] if len(cmd) == 1 else shlex.join(cmd)
    try:
        client = Client(args.url)
    except ValueError as exc:
        print(f"brabo run: {exc}", file=sys.stderr)
        return cli.EX_USAGE
    if not client.key:
        print("brabo run: set BRABO_AGENT_KEY to the agent's key (Bearer).", file=sys.stderr)
        return cli.EX_USAGE
    status = StatusLine(client)
    try:
        action = client.run_terminal(command, cwd=args.cwd, timeout=args.timeout, on_tick=status)
    except Unavailable as exc:
        status.done()
        print(f"brabo run: {exc.detail}", file=sys.stderr)
        return cli.EX_UNAVAILABLE
    except BraboError as exc:
        status.done()
        print(
            f"brabo run: refused: {exc.detail}" + (f" [{exc.reason}]" if exc.reason else ""), file=sys.stderr
        )
        return cli.EX_REFUSED
    except ValueError as exc:  # a request HTTP cannot carry (the key holding a line break): nothing was sent
        status.done()
        print(f"brabo run: {exc}", file=sys.stderr)
        return cli.EX_USAGE
    status.done()
    return report(action, as_json=args.json, timeout=args.timeout)


def report(action: Action, *, as_json: bool, timeout: float) -> int:
    result = action.result if isinstance(action.result, dict) else {}
    code: int
    if action.status == "denied":
        code = cli.EX_DENIED
        message = f"denied: {result.get('reason') or action.message}"
    elif action.status == "failed":
        err = result.get("error") or {}
        code = cli.EX_FAILED
        message = (
            f"failed [{err.get('code', '?')}]: {err.get('message', '')} Next: {err.get('next_step', '')}"
        )
    elif action.status != "executed":
        code = cli.EX_TIMEOUT
        message = f"timed out after {timeout:g}s; action {action.id} is still {action.status}"
    else:
        own = result.get("exit_code")
        own = own if isinstance(own, int) else 0
        code = 1 if own in cli.BRABO_CODES else own
        message = f"the command exited {own}" if own in cli.BRABO_CODES else ""
    if as_json:
        print(json.dumps(action.raw, indent=2))
    elif action.status == "executed":
        sys.stdout.write(result.get("stdout") or "")
        sys.stderr.write(result.get("stderr") or "")
        if result.get("truncated"):
            print("brabo run: output was truncated by the server", file=sys.stderr)
    if message:
        print(f"brabo run: {message} (action {action.id})", file=sys.stderr)
    return code
