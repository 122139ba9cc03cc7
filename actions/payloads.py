"""Payload shapes per action type (R12.4) — validated before anything is decided or written."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from brabo.errors import ErrorCode
from brabo.storable import json_problem
from permissions.action_types import ACTION_TYPES
from permissions.commands.git import canonical_branch

from .money import MoneyError, parse_spend

MAX_COMMAND_BYTES = 100 * 1024  # a command over 100 KB is refused outright (proposal size limit)
MAX_PAYLOAD_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Field:
    """One payload field: the JSON type(s) it takes, whether it is required, and what it means. The proposal
    validator below and the OpenAPI schema (``actions.schema``) are both drawn from this table."""

    kind: str  # "string" | "number" | "integer" | "boolean" | "string_list" | "pr_reference" | "decimal" | "object"
    required: bool
    doc: str
    pattern: str | None = None  # a regular expression the text must match (also published in the schema)
    pattern_hint: str = ""  # what the refusal says when it does not match


_PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "number": (int, float),
    "integer": (int,),
    "boolean": (bool,),
    "string_list": (list,),
    "pr_reference": (str, int),
    "decimal": (str, int, float),
    "object": (dict,),
}

# R12.4 — the payload shape of each action type. A type absent here takes any JSON object ("{}" plus what its
# execution needs); unknown extra fields are kept and ignored by the checks.
SHAPES: dict[str, dict[str, Field]] = {
    "terminal": {
        "command": Field("string", True, "The shell command; at most 100 KB, no NUL byte."),
        "cwd": Field(
            "string",
            False,
            "Absolute working directory; defaults to the project root.",
            pattern="^/",
            pattern_hint="must be an absolute path (it defaults to the project root).",
        ),
    },
    "git_push": {
        "branch": Field("string", True, "The branch to push."),
        "remote": Field("string", False, "The remote to push to; defaults to the project's remote."),
    },
    "pr_open": {
        "branch": Field("string", True, "The branch the pull request brings in."),
        "base": Field("string", True, "The branch it targets."),
        "title": Field("string", True, "The pull request's title."),
        "body": Field("string", False, "The pull request's description."),
    },
    "git_merge": {
        "pr": Field(
            "pr_reference",
            True,
            'The pull request: its number (12, "#12", "!12") or its URL (…/pull/12, …/merge_requests/12).',
        ),
        "target_branch": Field(
            "string", True, "The branch merged into, spelled exactly (e.g. main); no revision syntax."
        ),
    },
    "git_commit": {
        "message": Field("string", True, "The commit message."),
        "paths": Field("string_list", False, "The paths to commit; all changes when omitted."),
    },
    "write_file": {
        "path": Field("string", True, "The file's path (255 bytes a name, 4096 in all)."),
        "content": Field("string", True, "The file's whole new text."),
    },
    "container_start": {
        "cpu": Field("number", False, "CPUs; defaults to the minimum the project's module map derives."),
        "memory_mb": Field(
            "integer", False, "Memory in MB; defaults to the minimum the project's module map derives."
        ),
        "image": Field("string", False, "The container image; defaults to the server's image."),
    },
    # spend: the table checks the JSON types; actions.money then reads the amount exactly (Decimal, the
    # currency's minor units, ISO 4217) and stores it as text ("12.50")
    "spend": {
        "amount": Field(
            "decimal",
            True,
            'How much, as a plain decimal ("12.50" or 12.5), at most the currency\'s minor units of decimals.',
        ),
        "currency": Field("string", True, "The ISO 4217 currency code, e.g. EUR."),
        "purpose": Field("string", True, "What the money is for."),
    },
    "git_branch_create": {
        "branch": Field("string", True, "The new branch."),
        "from": Field(
            "string", False, "The branch it starts from; defaults to the project's default branch."
        ),
    },
    "git_branch_protect": {"branch": Field("string", True, "The branch to protect.")},
    "git_repo_create": {
        "name": Field("string", True, "The new repository's name."),
        "private": Field("boolean", False, "Whether it is private; defaults to true."),
    },
    # never executed; a person's answer is its result
    "ask_human": {
        "question": Field("string", True, "The question, in plain words; at most 4000 characters."),
        "context": Field(
            "string", False, "What the person needs to know to answer; at most 20000 characters."
        ),
    },
    # one MCP tool call, run by the agent; permissions.mcp decides it
    "mcp_call": {
        "server": Field(
            "string",
            True,
            "The MCP server's name as the agent's configuration names it (letters, digits, _ and -).",
            pattern=r"^[A-Za-z0-9_-]{1,128}$",
            pattern_hint="must be 1 to 128 letters, digits, _ or - (the server's configured name).",
        ),
        "tool": Field(
            "string",
            True,
            "The tool's name as the server lists it.",
            pattern=r"^[A-Za-z0-9_.:/-]{1,256}$",
            pattern_hint="must be 1 to 256 letters, digits or _ . : / - (the tool's listed name).",
        ),
        "arguments": Field("object", False, "The tool call's arguments, exactly as the agent sends them."),
        "runs_in": Field(
            "string",
            False,
            'Always "agent" (the default): the agent calls the tool itself after an allow; Brabo decides and records.',
            pattern="^agent$",
            pattern_hint='must be "agent": the agent calls the tool itself.',
        ),
    },
    "raise_max_parallel": {
        "value": Field("integer", True, "The project's new max_parallel (a raise, 1 to 64).")
    },
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
    def __init__(self, message: str, field: str = "payload", reason: ErrorCode | None = None):
        super().__init__(message)
        self.field = field
        self.reason = reason


def validate_payload(action_type: str, payload: Any) -> dict:
    """Return the payload unchanged when it fits its type's shape; raise PayloadError naming the fault."""
    return read_payload(action_type, payload)[0]


def _check_question(payload: dict) -> None:
    for name, limit in (("question", 4000), ("context", 20000)):
        if len(payload.get(name) or "") > limit:
            raise PayloadError(f"payload.{name} is over {limit} characters; shorten it.", f"payload.{name}")


def _run_by_the_agent(payload: dict) -> dict:
    """An mcp_call is run by the agent (Brabo holds no client of the agent's MCP servers), so its
    runs_in is "agent" -- written when the proposer leaves it out (the field's pattern refuses any other)."""
    return {**payload, "runs_in": "agent"}


def read_payload(action_type: str, payload: Any) -> tuple[dict, str]:
    """The payload checked against its type's shape, and for git_merge the PR it names in canonical form
    (its number as text: what ``ProposedAction.merge_pr`` stores, and what the conflict rules and the
    executor read — the reference is parsed here, once). Raises PayloadError naming the fault."""
    merge_pr = ""
    if action_type not in ACTION_TYPES:
        raise PayloadError(
            f"unknown action_type {action_type!r}; use one of: {', '.join(ACTION_TYPES)}.",
            field="action_type",
        )
    if not isinstance(payload, dict):
        raise PayloadError("payload must be a JSON object.")
    if len(json.dumps(payload)) > MAX_PAYLOAD_BYTES:
        raise PayloadError("payload is over 1 MB; send less.")
    for name, field in SHAPES.get(action_type, {}).items():
        if name not in payload:
            if field.required:
                raise PayloadError(f"payload.{name} is required for {action_type}.", field=f"payload.{name}")
            continue
        value = payload[name]
        types = _PYTHON_TYPES[field.kind]
        if isinstance(value, bool) and bool not in types:
            raise PayloadError(
                f"payload.{name} has the wrong type for {action_type}.", field=f"payload.{name}"
            )
        if not isinstance(value, types):
            wanted = " or ".join(t.__name__ for t in types)
            raise PayloadError(f"payload.{name} must be a {wanted}.", field=f"payload.{name}")
        if isinstance(value, str) and field.required and not value.strip():
            raise PayloadError(f"payload.{name} must not be empty.", field=f"payload.{name}")
        if isinstance(value, list) and not all(isinstance(p, str) for p in value):
            raise PayloadError(f"payload.{name} must be a list of strings.", f"payload.{name}")
        if field.pattern and isinstance(value, str) and not re.search(field.pattern, value):
            raise PayloadError(f"payload.{name} {field.pattern_hint}", f"payload.{name}")
    problem = json_problem(payload, "payload")
    if problem:
        raise PayloadError(f"{problem}; send UTF-8 text and finite numbers only.")
    if action_type == "spend":
        try:
            return parse_spend(payload).payload(), ""  # the amount stored as exact text ("12.50")
        except MoneyError as exc:
            raise PayloadError(str(exc), exc.field, exc.reason) from None
    if action_type == "ask_human":
        _check_question(payload)
    if action_type == "mcp_call":
        payload = _run_by_the_agent(payload)
    if action_type == "terminal":
        if len(payload["command"].encode()) > MAX_COMMAND_BYTES:
            raise PayloadError(
                "payload.command is over 100 KB; split the work into smaller commands.", "payload.command"
            )
        if "\x00" in payload["command"]:
            raise PayloadError("payload.command contains a NUL byte.", "payload.command")
    if action_type == "git_merge":
        number = pr_number_of(payload["pr"])
        if number is None:
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
        # RN-006, merge targets spelled another way: the engine's one canonicaliser; a revision expression or refspec (`main^{}`,
        # `HEAD:main`, `+main`, `main@{0}`) or a name git refuses is not a branch to merge into.
        if canonical_branch(branch) is None:
            raise PayloadError(
                f"payload.target_branch {branch!r} is not a branch name git accepts (no revision syntax such as "
                "^ ~ : @{ or a leading +, no refs other than refs/heads/...); send the branch name, e.g. main.",
                "payload.target_branch",
            )
        merge_pr = str(number)
    if action_type == "write_file":
        parts = payload["path"].split("/")
        if len(payload["path"].encode()) > 4096 or any(len(p.encode()) > 255 for p in parts):
            raise PayloadError(
                "payload.path is longer than a file system allows (255 bytes a name, 4096 in all).",
                "payload.path",
            )
    return payload, merge_pr
