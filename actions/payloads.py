"""Payload shapes per action type (R12.4) — validated before anything is decided or written."""

from __future__ import annotations

import re
from typing import Any

from brabo.storable import json_problem
from permissions.action_types import ACTION_TYPES
from permissions.commands.git import canonical_branch

from .money import MoneyError, parse_spend

MAX_COMMAND_BYTES = 100 * 1024  # a command over 100 KB is refused outright (issue 4 acceptance)
MAX_PAYLOAD_BYTES = 1024 * 1024

# type → {field: (python type(s), required)}
_STR = (str,)
_NUM = (int, float)
SHAPES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "terminal": {"command": (_STR, True), "cwd": (_STR, False)},
    "git_push": {"branch": (_STR, True), "remote": (_STR, False)},
    "pr_open": {"branch": (_STR, True), "base": (_STR, True), "title": (_STR, True), "body": (_STR, False)},
    "git_merge": {"pr": ((str, int), True), "target_branch": (_STR, True)},
    "git_commit": {"message": (_STR, True), "paths": ((list,), False)},
    "write_file": {"path": (_STR, True), "content": (_STR, True)},
    "container_start": {"cpu": (_NUM, False), "memory_mb": ((int,), False), "image": (_STR, False)},
    # spend: read by actions.money (exact Decimal amounts, ISO 4217 currencies), not by this table
    "git_branch_create": {"branch": (_STR, True), "from": (_STR, False)},
    "git_branch_protect": {"branch": (_STR, True)},
    "git_repo_create": {"name": (_STR, True), "private": ((bool,), False)},
    "raise_max_parallel": {"value": ((int,), True)},
}


_PR_NUMBER = re.compile(r"(?:^#?|/(?:pull|pulls|merge_requests)/)(\d{1,10})/?$")


def pr_number_of(ref: Any) -> int | None:
    """The number a PR/MR reference names: 12, "12", "#12", "!12", "0012" or a URL ending in /pull/12 or
    /merge_requests/12 are all PR 12 — one canonical form for the conflict rules (R8.2) and the executor.
    None when it names no PR."""
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref if 0 < ref < 10**10 else None  # the same ten digits a text reference may have
    match = _PR_NUMBER.search(str(ref or "").strip().lstrip("!"))
    if not match or int(match.group(1)) == 0:
        return None
    return int(match.group(1))


class PayloadError(ValueError):
    def __init__(self, message: str, field: str = "payload", reason: str | None = None):
        super().__init__(message)
        self.field = field
        self.reason = reason


def validate_payload(action_type: str, payload: Any) -> dict:
    """Return the payload unchanged when it fits its type's shape; raise PayloadError naming the fault."""
    if action_type not in ACTION_TYPES:
        raise PayloadError(
            f"unknown action_type {action_type!r}; use one of: {', '.join(ACTION_TYPES)}.",
            field="action_type",
        )
    if not isinstance(payload, dict):
        raise PayloadError("payload must be a JSON object.")
    import json

    if len(json.dumps(payload)) > MAX_PAYLOAD_BYTES:
        raise PayloadError("payload is over 1 MB; send less.")
    for name, (types, required) in SHAPES.get(action_type, {}).items():
        if name not in payload:
            if required:
                raise PayloadError(f"payload.{name} is required for {action_type}.", field=f"payload.{name}")
            continue
        value = payload[name]
        if isinstance(value, bool) and bool not in types:
            raise PayloadError(
                f"payload.{name} has the wrong type for {action_type}.", field=f"payload.{name}"
            )
        if not isinstance(value, types):
            wanted = " or ".join(t.__name__ for t in types)
            raise PayloadError(f"payload.{name} must be a {wanted}.", field=f"payload.{name}")
        if isinstance(value, str) and required and not value.strip():
            raise PayloadError(f"payload.{name} must not be empty.", field=f"payload.{name}")
    problem = json_problem(payload, "payload")
    if problem:
        raise PayloadError(f"{problem}; send UTF-8 text and finite numbers only.")
    if action_type == "spend":
        try:
            return parse_spend(payload).payload()  # issue 16: the amount stored as exact text ("12.50")
        except MoneyError as exc:
            raise PayloadError(str(exc), exc.field, exc.reason) from None
    if action_type == "terminal":
        if len(payload["command"].encode()) > MAX_COMMAND_BYTES:
            raise PayloadError(
                "payload.command is over 100 KB; split the work into smaller commands.", "payload.command"
            )
        if "\x00" in payload["command"]:
            raise PayloadError("payload.command contains a NUL byte.", "payload.command")
        cwd = payload.get("cwd")
        if cwd is not None and not cwd.startswith("/"):
            raise PayloadError(
                "payload.cwd must be an absolute path (it defaults to the project root).", "payload.cwd"
            )
    if action_type == "git_merge":
        if pr_number_of(payload["pr"]) is None:
            raise PayloadError(
                f'payload.pr {payload["pr"]!r} is not a pull request reference; use its number (12, "#12", '
                '"!12") or its URL (…/pull/12, …/merge_requests/12).',
                "payload.pr",
            )
        branch = payload["target_branch"]
        if branch != branch.strip() or any(ch.isspace() or ord(ch) < 32 for ch in branch):
            raise PayloadError(
                f"payload.target_branch {branch!r} has whitespace or control characters; send the branch name "
                "exactly, e.g. main.",
                "payload.target_branch",
            )
        # issue 11 class 8: the engine's one canonicaliser; a revision expression or refspec (`main^{}`,
        # `HEAD:main`, `+main`, `main@{0}`) or a name git refuses is not a branch to merge into.
        if canonical_branch(branch) is None:
            raise PayloadError(
                f"payload.target_branch {branch!r} is not a branch name git accepts (no revision syntax such as "
                "^ ~ : @{ or a leading +, no refs other than refs/heads/...); send the branch name, e.g. main.",
                "payload.target_branch",
            )
    if action_type == "write_file":
        parts = payload["path"].split("/")
        if len(payload["path"].encode()) > 4096 or any(len(p.encode()) > 255 for p in parts):
            raise PayloadError(
                "payload.path is longer than a file system allows (255 bytes a name, 4096 in all).",
                "payload.path",
            )
    if action_type == "git_commit" and "paths" in payload:
        if not all(isinstance(p, str) for p in payload["paths"]):
            raise PayloadError("payload.paths must be a list of strings.", "payload.paths")
    return payload
