"""Validation of a `local` project's root, the absolute path a user typed (R1.4, RN-169/170).

Checked at creation and re-checked, lexically, every time the root is derived, so a path that became
unsafe later (the folder was removed, Brabo was installed beneath it) stops being used.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

# A project root may never be one of these, nor lie beneath the ones in _SYSTEM_TREES.
_SYSTEM_ROOTS = frozenset(
    "/ /bin /boot /dev /etc /home /lib /lib32 /lib64 /libx32 /media /mnt /opt /proc /root /run /sbin /srv "
    "/sys /tmp /usr /var /var/tmp /var/lib /usr/local".split()
)
_SYSTEM_TREES = (
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib32",
    "/lib64",
    "/proc",
    "/run",
    "/sbin",
    "/sys",
    "/usr",
)


class LocalRootError(ValueError):
    """The typed root cannot be used. The message says why and what to type instead."""


def normalise(raw: str) -> str:
    """Collapse repeated slashes and strip trailing ones — a linear scan, no regex on input (R6.3)."""
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    return "/" + "/".join(parts)


def _inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip("/") + "/")


def brabo_dirs() -> list[tuple[str, Path]]:
    """The folders a `local` root may never overlap, in either direction (issue 12): Brabo's checkout and
    install directories, where it keeps every project's folder (PROJECT_WORKSPACES_ROOT), the mounted
    projects (BRABO_PROJECTS_BASE) and its own state (BRABO_VAR_DIR). A root holding one of them would give
    one project's agents every other project's files, permissions.json included. Read from settings on
    every call, so a changed setting is re-checked whenever the root is derived."""
    from django.conf import settings

    dirs = [("Brabo's own install directory", Path(d)) for d in settings.BRABO_INSTALL_DIRS]
    dirs += [
        ("PROJECT_WORKSPACES_ROOT", Path(settings.PROJECT_WORKSPACES_ROOT)),
        ("BRABO_PROJECTS_BASE", Path(settings.BRABO_PROJECTS_BASE)),
        ("BRABO_VAR_DIR", Path(settings.VAR_DIR)),
    ]
    return dirs


def validate_local_root(
    raw: str, install_dirs: Iterable[Path | tuple[str, Path]] | None = None, *, check_disk: bool = True
) -> str:
    """Return the normalised root, or raise LocalRootError naming the problem and the fix. Without
    ``install_dirs``, every folder of :func:`brabo_dirs` is checked."""
    if install_dirs is None:
        install_dirs = brabo_dirs()
    if not isinstance(raw, str) or not raw.strip():
        raise LocalRootError(
            "local_path is required for a local project: type the absolute path of its folder."
        )
    if "\x00" in raw:
        raise LocalRootError("local_path contains a NUL byte; type a plain absolute path.")
    if not raw.startswith("/"):
        raise LocalRootError(
            f"local_path {raw!r} is relative; type an absolute path such as /home/you/code/app."
        )
    if any(part == ".." for part in raw.split("/")):
        raise LocalRootError(
            f"local_path {raw!r} contains '..'; type the folder's absolute path without '..'."
        )
    path = normalise(raw)
    if path in _SYSTEM_ROOTS or any(_inside(path, tree) for tree in _SYSTEM_TREES):
        raise LocalRootError(
            f"local_path {path!r} is / or a system folder; choose your project's own folder."
        )
    for entry in install_dirs:
        label, install = entry if isinstance(entry, tuple) else ("Brabo's own install directory", entry)
        inst = normalise(str(install))
        if _inside(path, inst) or _inside(inst, path):
            raise LocalRootError(
                f"local_path {path!r} overlaps {label} {inst!r}; "
                "choose a folder outside it that does not contain it."
            )
    if check_disk:
        if not os.path.isdir(path):
            raise LocalRootError(f"local_path {path!r} does not exist or is not a folder; create it first.")
        if not os.access(path, os.W_OK | os.X_OK):
            raise LocalRootError(
                f"local_path {path!r} is not writable by the Brabo server; fix its permissions."
            )
    return path
