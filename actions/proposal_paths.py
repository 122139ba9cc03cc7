"""File paths in proposals, checked when the action is proposed (R3.5).

``write_file`` writes one path and ``git_commit`` stages some: a path that leaves the project root (an
absolute path, ``..``, a symbolic link on the way), that goes into ``.git``, or that names the policy file is
refused at once with a 4xx naming the reason — not accepted with 201 to fail at execution, and never
approved by someone who did not notice. The executor keeps its own checks (the folder may change between
proposal and execution).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from brabo.errors import DomainError, ErrorCode
from permissions.protected_paths import GIT_FOLDER, POLICY_NAMES  # R3.7's one table
from projects.local_root import LocalRootError

from .payloads import PayloadError


def _refuse(message: str, reason: ErrorCode, field: str, status: int = 400) -> DomainError:
    return DomainError(message, field=field, status=status, reason=reason)


def _relative_parts(raw: str, field: str) -> list[str]:
    if "\x00" in raw:
        raise _refuse(f"{field} contains a NUL byte.", "path_invalid", field)
    if raw.startswith("/") or raw.startswith("~"):
        raise _refuse(
            f"{field} {raw!r} is absolute; give a path relative to the project root, e.g. src/app.py.",
            "path_absolute",
            field,
        )
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    if not parts:
        raise _refuse(
            f"{field} {raw!r} names no file; give a file path such as src/app.py.", "path_invalid", field
        )
    if ".." in parts:
        raise _refuse(
            f"{field} {raw!r} climbs out with '..'; give a path inside the project.",
            "path_outside_project",
            field,
        )
    if any(p.lower() == GIT_FOLDER for p in parts):  # R3.7: without regard to case
        raise _refuse(f"{field} {raw!r} goes into .git, which Brabo does not write.", "path_into_git", field)
    return parts


def _no_link_on_the_way(root: Path, parts: list[str], raw: str, field: str) -> None:
    """Every existing component below the root is a real folder (the last one may be a regular file):
    a symbolic link would take the write elsewhere."""
    here = root
    for i, part in enumerate(parts):
        here = here / part
        try:
            mode = os.lstat(here).st_mode
        except FileNotFoundError:
            return  # the rest is created by the write, inside the root
        except OSError:
            return  # the executor names it
        if stat.S_ISLNK(mode):
            raise _refuse(
                f"{field} {raw!r} goes through the symbolic link {'/'.join(parts[: i + 1])!r}; a link can lead "
                "outside the project. Use the real path.",
                "path_through_symlink",
                field,
            )


def check_paths(project, action_type: str, payload: dict) -> None:
    """Raise DomainError (400 / 403) for a write_file or git_commit path that is not a plain path inside the
    project, or that names permissions.json (R3.5: the rules are not the governed's to rewrite)."""
    if action_type == "write_file":
        raws = [("payload.path", payload["path"])]
    elif action_type == "git_commit" and payload.get("paths") is not None:
        raws = [(f"payload.paths[{i}]", p) for i, p in enumerate(payload["paths"])]
    else:
        return
    try:
        root = Path(project.root())
        policy = project.permissions_path
    except LocalRootError:
        return  # evaluate() refuses the proposal with its own named reason (project_root_invalid)
    cwd = payload.get("cwd") or ""
    if not isinstance(cwd, str):
        raise PayloadError("payload.cwd must be a string.", "payload.cwd")
    top = str(root).rstrip("/")
    if cwd == top or cwd.startswith(top + "/"):  # an agent worktree named by its host path
        cwd = cwd[len(top) :]
    cwd_parts = _relative_parts(cwd.lstrip("/"), "payload.cwd") if cwd.strip("/") else []
    for field, raw in raws:
        if not isinstance(raw, str):
            raise PayloadError(f"{field} must be a string.", field)
        parts = cwd_parts + _relative_parts(raw, field)
        target = root.joinpath(*parts)
        if target == policy or (len(parts) == 1 and parts[0].lower() in POLICY_NAMES):
            raise _refuse(
                f"{field} {raw!r} names the project's permissions.json. The rules are changed by a maintainer "
                "in the console or with PUT /api/projects/{id}/permissions/, never by an action.",
                "policy_file_protected",
                field,
                status=403,
            )
        _no_link_on_the_way(root, parts, raw, field)
