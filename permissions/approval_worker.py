"""The built-in approval policy as a resident NDJSON worker (SPEC R11.4, seed 002).

    python -m permissions.approval_worker [--config approval.json] [--mode-file /abs/mode.json]
                                          [--yolo | --dangerously-skip-permissions]
    python -m permissions.approval_worker --mode-file /abs/mode.json --set-mode ask   # "/mode ask"

It speaks the R11.2 protocol on stdin/stdout, so an operator can register it as a policy hook like any
replacement. Rules: an incoming ``deny`` stays ``deny``; a tool in ``deny_tools`` is denied; otherwise the
mode decides -- the mode file (re-read on every call, at most 4096 bytes) over the config's ``mode`` --
``ask`` answers ask, ``auto`` answers allow (a policy's own deny still stands). A missing, corrupt or
unknown mode file fails that call (an error frame, which the hook runner turns into deny): never a
stale ``auto``. ``approval.json`` with unknown fields, wrong types or modes is refused at start.

R11.5: the default mode is ``ask``. ``--yolo`` and its synonym ``--dangerously-skip-permissions`` start in
``auto`` (with a mode file, by writing ``{"mode": "auto"}`` to it at start); ``--set-mode ask`` is the
``/mode ask`` switch: it rewrites the mode file atomically and exits, so only later calls see it — an ask
already answered stays asked.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from .files import atomic_write

__all__ = [
    "ApprovalConfig",
    "ApprovalError",
    "builtin_decision",
    "load_config",
    "main",
    "read_mode_file",
    "serve",
]

MODES = ("ask", "auto")
DECISIONS = ("allow", "ask", "deny")
MODE_FILE_LIMIT = 4096


class ApprovalError(ValueError):
    """The configuration or the mode file cannot be used; the call (or the start) fails."""


@dataclass(frozen=True)
class ApprovalConfig:
    mode: str | None = None
    deny_tools: frozenset[str] = frozenset()


def parse_config(raw: object) -> ApprovalConfig:
    if not isinstance(raw, dict):
        raise ApprovalError('approval.json must be an object like {"mode": "ask", "deny_tools": ["shell"]}')
    unknown = set(raw) - {"mode", "deny_tools"}
    if unknown:
        raise ApprovalError(f"approval.json has unknown field(s): {', '.join(sorted(unknown))}")
    mode = raw.get("mode")
    if mode is not None and mode not in MODES:
        raise ApprovalError(f'approval.json "mode" must be "ask" or "auto", not {mode!r}')
    tools = raw.get("deny_tools", [])
    if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
        raise ApprovalError('approval.json "deny_tools" must be a list of exact tool names')
    return ApprovalConfig(mode, frozenset(tools))


def load_config(path: str | None) -> ApprovalConfig:
    if path is None:
        return ApprovalConfig()
    try:
        with open(path, encoding="utf-8") as fh:
            return parse_config(json.load(fh))
    except OSError as exc:
        raise ApprovalError(f"approval.json cannot be read: {exc.strerror or exc}") from None
    except ValueError as exc:
        if isinstance(exc, ApprovalError):
            raise
        raise ApprovalError(f"approval.json is not valid JSON: {exc}") from None


def read_mode_file(path: str) -> str:
    """The current mode, read afresh. Missing, too large, corrupt or unknown -> ApprovalError."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MODE_FILE_LIMIT + 1)
    except OSError as exc:
        raise ApprovalError(f"the mode file cannot be read ({exc.strerror or exc})") from None
    if len(data) > MODE_FILE_LIMIT:
        raise ApprovalError(f"the mode file is larger than {MODE_FILE_LIMIT} bytes")
    try:
        raw = json.loads(data)
    except ValueError:
        raise ApprovalError("the mode file is not valid JSON") from None
    mode = raw.get("mode") if isinstance(raw, dict) else None
    if mode not in MODES or set(raw) != {"mode"}:
        raise ApprovalError('the mode file must be exactly {"mode": "ask"} or {"mode": "auto"}')
    return str(mode)


def builtin_decision(data: Mapping[str, Any], config: ApprovalConfig, mode_file: str | None) -> str:
    """R11.4: the built-in policy's answer for one tool_approval ``data`` object."""
    incoming = data.get("decision")
    if incoming not in DECISIONS:
        raise ApprovalError(f"the request's decision {incoming!r} is not allow, ask or deny")
    if incoming == "deny":
        return "deny"  # the built-in policy keeps an existing deny
    if data.get("name") in config.deny_tools:
        return "deny"
    mode = read_mode_file(mode_file) if mode_file is not None else (config.mode or "ask")  # R11.5
    return "allow" if mode == "auto" else "ask"


def serve(config: ApprovalConfig, mode_file: str | None, stdin: IO[str], stdout: IO[str]) -> None:
    for line in stdin:
        call_id: object = None
        try:
            frame = json.loads(line)
            if not isinstance(frame, dict) or not isinstance(frame.get("data"), dict):
                raise ApprovalError("the request is not a tool_approval frame")
            call_id = frame.get("id")
            data = dict(frame["data"])
            data["decision"] = builtin_decision(data, config, mode_file)
            reply: dict[str, Any] = {"id": call_id, "data": data}
        except (ApprovalError, ValueError) as exc:
            reply = {"id": call_id, "error": str(exc)}  # no decision: the caller fails closed
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


def write_mode_file(path: str, mode: str) -> None:
    """Switch the mode for later calls: the file is replaced atomically, never seen half-written."""
    if mode not in MODES:
        raise ApprovalError(f'the mode must be "ask" or "auto", not {mode!r}')
    atomic_write(path, json.dumps({"mode": mode}) + "\n", prefix=".mode-")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Brabo's built-in approval policy worker (NDJSON on stdio).")
    ap.add_argument("--config", help="approval.json")
    ap.add_argument("--mode-file", help="absolute path of the console's mode file, re-read on every call")
    ap.add_argument(
        "--yolo",
        "--dangerously-skip-permissions",
        dest="yolo",
        action="store_true",
        help="start in auto mode; a policy can still answer ask or deny",
    )
    ap.add_argument(
        "--set-mode",
        choices=MODES,
        help="the /mode switch: rewrite --mode-file to this mode and exit (later calls see it)",
    )
    args = ap.parse_args(argv)
    if args.set_mode is not None or (args.yolo and args.mode_file):
        if not args.mode_file:
            print(
                "approval worker: --set-mode needs --mode-file, the file the workers re-read", file=sys.stderr
            )
            return 2
        try:
            write_mode_file(args.mode_file, args.set_mode or "auto")
        except (ApprovalError, OSError) as exc:
            print(f"approval worker: the mode file cannot be written: {exc}", file=sys.stderr)
            return 2
        if args.set_mode is not None:
            print(f"mode: {args.set_mode} (from the next call on)")
            return 0
    try:
        config = load_config(args.config)
    except ApprovalError as exc:
        print(f"approval worker: {exc}", file=sys.stderr)
        return 2
    if args.yolo and not args.mode_file:
        config = ApprovalConfig("auto", config.deny_tools)
    serve(config, args.mode_file, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
