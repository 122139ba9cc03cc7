"""The plain-Python side of ``manage.py policy`` (SPEC R12.2, R12.3): eval and lint without Django.

``run_eval`` reads one JSON request per line and writes one JSON verdict per line, in order; a malformed
line answers ``{"error": ...}`` on its own line and the stream goes on. Defaults from ``--permissions``
and ``--project-json`` let a long stream skip repeating a large rule set.
"""

from __future__ import annotations

import gc
import json
import os
import stat
from collections.abc import Callable, Iterable, Mapping
from typing import IO, Any, Protocol

from permissions.action_types import ACTION_TYPES, MODES, ROLES
from permissions.decide import (
    RUNS_IN,
    AutonomyRow,
    DecisionRequest,
    Permissions,
    ProjectState,
    Verdict,
    compiled,
    decide,
    runs_in_of,
)
from permissions.files import (
    MAX_PERMISSIONS_BYTES,
    PermissionsFileError,
    lint_permissions,
    parse_permissions_text,
)

__all__ = [
    "RequestError",
    "explain",
    "install_project_loader",
    "parse_project",
    "parse_request",
    "project_loader",
    "run_eval",
    "run_lint",
]

# `policy check` decides against a project's real state, which only the apps above the engine can read:
# actions installs its loader at start (brabo.wiring — the engine's command
# does not import it). With the engine alone (`eval` and `lint` need no database) there is none.
_project_loader: Callable[..., Any] | None = None


def install_project_loader(loader: Callable[..., Any]) -> None:
    global _project_loader
    _project_loader = loader


def project_loader() -> Callable[..., Any] | None:
    """``(project_slug, agent_name, command, runs_in=None, cwd=None) -> (DecisionRequest, Verdict)``: the
    verdict exactly as the live path decides it; None without the apps."""
    return _project_loader


EXECUTION_MODES = ("container", "mounted", "runner", "local")
_REQUEST_KEYS = frozenset(
    {
        "action_type",
        "command",
        "cwd",
        "target_branch",
        "role",
        "permissions",
        "autonomy",
        "project",
        "runs_in",
        "payload",
    }
)
_PROJECT_KEYS = frozenset(
    {"execution_mode", "container_running", "root", "protected_branches", "scope_root_id"}
)


class RequestError(ValueError):
    """A request line that cannot be decided; the message says which field and why."""


def _str_list(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RequestError(f"{where} must be a list of strings")
    return tuple(value)


def parse_project(raw: object) -> ProjectState:
    if not isinstance(raw, dict):
        raise RequestError("project must be an object")
    unknown = set(raw) - _PROJECT_KEYS
    if unknown:
        raise RequestError(f"project has unknown field(s): {', '.join(sorted(unknown))}")
    mode = raw.get("execution_mode", "container")
    if mode not in EXECUTION_MODES:
        raise RequestError(f"project.execution_mode must be one of {', '.join(EXECUTION_MODES)}")
    running = raw.get("container_running", False)
    if not isinstance(running, bool):
        raise RequestError("project.container_running must be true or false")
    root = raw.get("root", "")
    if not isinstance(root, str):
        raise RequestError("project.root must be a string")
    branches = _str_list(
        raw.get("protected_branches", ["dev", "qa", "rc", "main"]), "project.protected_branches"
    )
    root_id = raw.get("scope_root_id")
    if root_id is not None and not isinstance(root_id, str):
        raise RequestError("project.scope_root_id must be a string")
    return ProjectState(mode, running, root, branches, root_id)


_PERMS_CACHE: dict[tuple[tuple[str, ...], ...], Permissions] = {}


def parse_permissions_object(raw: object) -> Permissions:
    """The ``permissions`` of a request line: same rules as the file (R3.3), so it fails the same way."""
    if not isinstance(raw, dict):
        raise RequestError("permissions must be an object with allow/deny/ask lists")
    key = tuple(_str_list(raw.get(k, []), f"permissions.{k}") for k in ("allow", "deny", "ask"))
    hit = _PERMS_CACHE.get(key)
    if hit is not None:
        return hit
    try:
        perms = parse_permissions_text(json.dumps(raw))
    except PermissionsFileError as exc:
        raise RequestError(exc.reason) from None
    if len(_PERMS_CACHE) > 256:
        _PERMS_CACHE.clear()
    _PERMS_CACHE[key] = perms  # one object per rule set, so decide()'s compiled index is reused
    return perms


def parse_request(
    raw: object, default_permissions: Permissions | None = None, default_project: ProjectState | None = None
) -> DecisionRequest:
    if not isinstance(raw, dict):
        raise RequestError("a request must be a JSON object")
    unknown = set(raw) - _REQUEST_KEYS
    if unknown:
        raise RequestError(f"unknown field(s): {', '.join(sorted(unknown))}")
    action_type = raw.get("action_type")
    if not isinstance(action_type, str):
        raise RequestError("action_type is required and must be a string")
    if action_type not in ACTION_TYPES:
        # not a verdict (it read as deny/iam): a request that names no known type is a bad line.
        raise RequestError(f"unknown action_type {action_type!r}; use one of {', '.join(ACTION_TYPES)}")
    if "role" not in raw:
        # a line without the proposer's role answered deny/iam, as if it had been refused.
        raise RequestError(
            f"role is required: the proposer's role ({', '.join(ROLES)}; an agent's is its principal's), or "
            "null for a proposer with none (IAM then denies)"
        )
    role = raw.get("role")
    if role is not None and role not in ROLES:
        raise RequestError(f"role must be one of {', '.join(ROLES)} or null; got {role!r}")
    command = raw.get("command")
    cwd = raw.get("cwd")
    if action_type == "terminal" and not isinstance(command, str):
        raise RequestError("a terminal request needs command as a string")
    if command is not None and not isinstance(command, str):
        raise RequestError("command must be a string")
    if cwd is not None and not isinstance(cwd, str):
        raise RequestError("cwd must be a string")
    branch = raw.get("target_branch")
    if branch is not None and not isinstance(branch, str):
        raise RequestError("target_branch must be a string")
    if "permissions" in raw:
        perms = parse_permissions_object(raw["permissions"])
    else:
        perms = default_permissions if default_permissions is not None else Permissions()
    if "project" in raw:
        project = parse_project(raw["project"])
    else:
        project = default_project if default_project is not None else ProjectState()
    rows_raw = raw.get("autonomy", [])
    if not isinstance(rows_raw, list):
        raise RequestError("autonomy must be a list of {action_type, mode}")
    rows: list[AutonomyRow] = []
    for k, row in enumerate(rows_raw):
        if (
            not isinstance(row, dict)
            or not isinstance(row.get("action_type"), str)
            or row.get("mode") not in MODES
        ):
            raise RequestError(
                f"autonomy[{k}] must be {{action_type, mode}} with mode one of {', '.join(MODES)}"
            )
        rows.append(AutonomyRow(row["action_type"], row["mode"]))
    runs_in = raw.get("runs_in")
    if runs_in is None:
        # SPEC §5: where Brabo runs an API proposal of this project (runs_in_of): the reading that keeps a
        # stream written before runs_in existed answering as it did, runner projects aside (host: the server
        # cannot know whether a runner sandboxes, so the path scope holds there in auto mode too).
        runs_in = runs_in_of(project.execution_mode)
    elif runs_in not in RUNS_IN:
        raise RequestError(f"runs_in must be one of {', '.join(RUNS_IN)}")
    payload = raw.get("payload")
    if payload is not None and not isinstance(payload, dict):
        raise RequestError("payload must be an object (write_file: {path, content})")
    return DecisionRequest(
        action_type, role, project, command, cwd, branch, perms, tuple(rows), payload=payload, runs_in=runs_in
    )


_BATCH_CHARS = 64 * 1024
_FROZEN: list[bool] = []


def run_eval(
    in_stream: Iterable[str],
    out_stream: IO[str],
    default_permissions: Permissions | None = None,
    default_project: ProjectState | None = None,
    flush_each: bool = False,
) -> int:
    """R12.2. Returns the number of lines answered with an error (the stream always completes).

    ``flush_each``: answer every line as soon as it is decided, for a caller that writes one request and
    waits for its verdict (a pipe); otherwise verdicts are written in batches (a file on stdin)."""
    errors = 0
    dumps = json.dumps
    loads = json.loads
    buf: list[str] = []
    # no stalls in long-running processes: what is loaded by now (modules, their tables, the compiled rule set) lives as long as
    # the stream; frozen, the collector's runs between decisions no longer walk it (decide() pauses the
    # collector while it reads, see there).
    if default_permissions is not None:
        compiled(default_permissions)
    if not _FROZEN:
        _FROZEN.append(True)  # once a process: garbage left then is collected first, not kept for good
        gc.collect()
        gc.freeze()
    size = 0
    for line in in_stream:
        try:
            try:
                raw = loads(line)
            except ValueError as exc:
                raise RequestError(f"not valid JSON: {exc}") from None
            req = parse_request(raw, default_permissions, default_project)
            answer = dumps(decide(req).to_dict(), ensure_ascii=False)
        except RequestError as exc:
            errors += 1
            answer = dumps({"error": str(exc)})
        except Exception as exc:  # noqa: BLE001 - a bad line must never end the stream
            errors += 1
            answer = dumps({"error": f"internal error: {type(exc).__name__}"})
        buf.append(answer)
        size += len(answer)
        # Written in batches, bounded by count and by size (no stalls in long-running processes: a batch holding the answers to
        # long commands was joined at the 512th line, a stall always at the same position of the stream).
        if flush_each or len(buf) >= 512 or size >= _BATCH_CHARS:
            out_stream.write("\n".join(buf) + "\n")
            buf.clear()
            size = 0
            if flush_each:
                out_stream.flush()
    if buf:
        out_stream.write("\n".join(buf) + "\n")
    out_stream.flush()
    return errors


class Writer(Protocol):
    def write(self, text: str, /) -> object: ...


def run_lint(path: str, out: Writer) -> int:
    """R12.3: 0 clean, 1 problems found, 2 the file cannot be read. Only a regular file is read (a
    FIFO hung the command), without blocking, and at most the policy file's size limit."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            out.write(f"{path}: cannot be read: not a regular file (a folder, FIFO, socket or device)\n")
            return 2
        if st.st_size > MAX_PERMISSIONS_BYTES:
            out.write(f"{path}: cannot be read: larger than {MAX_PERMISSIONS_BYTES} bytes\n")
            return 2
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as fh:
            text = fh.read(MAX_PERMISSIONS_BYTES + 1).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        out.write(f"{path}: cannot be read: {exc}\n")
        return 2
    issues = lint_permissions(text)
    for issue in issues:
        out.write(f"{path}:{issue}\n")
    if not issues:
        out.write(f"{path}: ok\n")
    return 1 if issues else 0


def explain(verdict: Verdict, command: str | None = None) -> str:
    """Human-readable output for ``policy check``."""
    lines = []
    if command is not None:
        lines.append(f"command:  {command}")
    lines.append(f"decision: {verdict.decision}")
    lines.append(f"reason:   {verdict.reason}")
    lines.append(f"why:      {verdict.message}")
    if verdict.auto_mode:
        lines.append("mode:     auto (wildcard auto_approve)")
    for s in verdict.segments:
        lines.append(f"  - {s.command!r}: {s.verdict}" + (f" ({s.pattern})" if s.pattern else ""))
    return "\n".join(lines) + "\n"


def load_json_file(path: str) -> Mapping[str, Any]:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise RequestError(f"{path} must hold a JSON object")
    return data
