"""The container broker port (R9.3): run a command in a project's container, start/stop/remove it.

Adapters: ``bwrap`` (a bubblewrap sandbox on this host — the default where no Docker engine is configured)
and ``docker`` (the Docker Engine API; Podman's compatible socket works too). Inside every adapter the
project folder is ``/work`` (R6.1), and commands get a time limit and an output cap.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from actions.execution import ExecutionFailure
from permissions.files import _KIND

WORKDIR = "/work"


@dataclass(frozen=True)
class CommandResult:
    exit_code: int | None  # None when the command was killed at its time limit
    stdout: str
    stderr: str
    truncated: bool  # some output was dropped at the cap
    timed_out: bool = False


@dataclass(frozen=True)
class ContainerSpec:
    cpu: float
    memory_mb: int
    image: str


class ContainerBroker(Protocol):
    name: str

    def run_command(
        self, project, command: str, cwd: str, timeout: int, output_cap: int
    ) -> CommandResult: ...

    def start(self, project, spec: ContainerSpec) -> dict: ...

    def stop(self, project) -> dict: ...

    def remove(self, project) -> dict: ...


def host_folder(project) -> Path:
    """The host folder mounted at /work: the project root (container: its folder; mounted: the folder under
    BRABO_PROJECTS_BASE; local: the typed path, re-validated)."""
    try:
        return Path(project.root())
    except ValueError as exc:  # LocalRootError
        raise ExecutionFailure(
            "project_root_unusable", str(exc), "A maintainer fixes the project's local path."
        )


POLICY_FILE = "permissions.json"


def protected_policy_file(folder: Path) -> Path | None:
    """R3.5 — the policy file at the root of the folder a sandbox or container gets, to bind read-only over
    itself: its path when it is a regular file, None when there is none. Anything else (a symbolic link, a
    FIFO, a folder) is a named failure: binding it would follow the link onto the host, so nothing runs
    until a maintainer restores it."""
    import os
    import stat

    path = folder / POLICY_FILE
    try:
        st = os.lstat(path)
        mode = st.st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ExecutionFailure(
            "policy_file_unsafe",
            f"{POLICY_FILE} cannot be inspected ({exc.strerror}).",
            "A maintainer restores it in the console (permissions editor → Restore).",
        ) from None
    if not stat.S_ISREG(mode):
        kind = _KIND.get(stat.S_IFMT(mode), "not a regular file")
        raise ExecutionFailure(
            "policy_file_unsafe",
            f"{POLICY_FILE} is {kind}, so no command runs beside it.",
            "A maintainer restores it in the console (permissions editor → Restore).",
        )
    if st.st_nlink > 1:  # another name for the same file would stay writable beside the read-only bind
        raise ExecutionFailure(
            "policy_file_unsafe",
            f"{POLICY_FILE} has other hard links in the project, through which it could still be written.",
            "A maintainer restores it in the console (permissions editor → Restore), which gives it one name.",
        )
    return path


def container_cwd(project, raw: str | None) -> str:
    """The command's working directory as seen inside the container (R6.1): host paths under the root are
    translated to /work/..., relative paths are taken under /work; anything else is refused. Lexical."""
    root = str(host_folder(project)).rstrip("/")
    raw = (raw or "").strip()
    if not raw:
        return WORKDIR
    if raw == root or raw.startswith(root + "/"):
        raw = WORKDIR + raw[len(root) :]
    elif not raw.startswith("/"):
        raw = f"{WORKDIR}/{raw}"
    if ".." in raw.split("/"):
        raise ExecutionFailure(
            "cwd_outside_project",
            f"cwd {raw!r} contains '..'.",
            "Propose the command with a cwd inside the project.",
        )
    norm = posixpath.normpath(raw)
    if norm != WORKDIR and not norm.startswith(WORKDIR + "/"):
        raise ExecutionFailure(
            "cwd_outside_project",
            f"cwd {raw!r} is outside the project folder; commands run inside it (at {WORKDIR}).",
            "Propose the command again with a cwd inside the project.",
        )
    return norm
