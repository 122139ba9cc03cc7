"""Validation of a `local` project's root, the absolute path a user typed (R1.4, RN-169/170).

Checked at creation and re-checked every time the root is derived, so a path that became unsafe later (the
folder was removed, Brabo was installed beneath it, the operator narrowed ``BRABO_LOCAL_ROOTS``) stops
being used.

[beyond] R1.4: the host is part of the boundary. A root lies strictly inside one of the bases the
operator lists in ``BRABO_LOCAL_ROOTS`` (none listed: `local` is refused), and never overlaps, in either
direction, a place where the system, a service, the user Brabo runs as, or Brabo itself keeps state: a
tenant whose root is the worker's home could write a ``.gitconfig`` every other tenant's git reads. The path
is checked as typed (lexically) and, when the disk is consulted, also as it resolves, so a symbolic link
inside a base cannot lead a root out of it.

A refusal never tells one tenant what another holds or what exists on the host: a path outside the bases is
refused before the disk is looked at, and every overlap — a system folder, Brabo's data, another project's
root — reads the same. Only inside the operator's bases does the answer say a folder does not exist.
"""

from __future__ import annotations

import functools
import logging
import os
import pwd
import site
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from brabo.errors import ErrorCode

log = logging.getLogger(__name__)

# A root may never be one of these exactly (their children can be bases' children: /srv/brabo/app).
_SYSTEM_ROOTS = frozenset("/ /home /media /mnt /srv /tmp /Users /Volumes".split())
# ...nor lie in, or hold, one of these trees: where the system and its services keep programs and state.
_SYSTEM_TREES = (
    "/bin",
    "/boot",
    "/cdrom",
    "/dev",
    "/etc",
    "/gnu",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/lost+found",
    "/nix",
    "/opt",
    "/proc",
    "/root",
    "/run",
    "/sbin",
    "/selinux",
    "/snap",
    "/sys",
    "/usr",
    "/var",
)
# Accounts below this uid are the system's and its services' (login.defs UID_MIN); their homes hold state.
_FIRST_PERSON_UID = 1000

INVALID: Final = "local_path_invalid"
NOT_CONFIGURED: Final = "local_roots_not_configured"
NOT_ALLOWED: Final = "local_path_not_allowed"
UNUSABLE: Final = "local_path_unusable"


class LocalRootError(ValueError):
    """The typed root cannot be used. The message says why and what to type instead; ``code`` is the
    catalogue's reason (brabo.errors)."""

    def __init__(self, message: str, code: ErrorCode = INVALID):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class LocalRoot:
    path: str  # normalised, as typed
    real: str  # as it resolves on disk ("" when the disk was not consulted)

    def forms(self) -> tuple[str, ...]:
        return (self.path,) if not self.real or self.real == self.path else (self.path, self.real)


def normalise(raw: str) -> str:
    """Collapse repeated slashes and strip trailing ones — a linear scan, no regex on input (R6.3)."""
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    return "/" + "/".join(parts)


def _inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip("/") + "/")


def ancestors(path: str) -> list[str]:
    """``/a/b/c`` -> ``["/a", "/a/b", "/a/b/c"]``: the roots that would hold ``path`` (or be it)."""
    parts = [p for p in path.split("/") if p]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


def local_bases() -> list[str]:
    """The operator's bases (``BRABO_LOCAL_ROOTS``), normalised; read from settings on every call."""
    from django.conf import settings

    return [normalise(str(b)) for b in getattr(settings, "BRABO_LOCAL_ROOTS", []) or []]


def brabo_dirs() -> list[tuple[str, str]]:
    """Brabo's own folders a `local` root may never overlap, in either direction (R1.4, R3.5): its
    checkout and install directories (the Python prefix and site-packages included), every project's folder
    (PROJECT_WORKSPACES_ROOT), the mounted projects (BRABO_PROJECTS_BASE), its state (BRABO_VAR_DIR, the
    SQLite file's folder, static files), the local git provider's repositories (BRABO_LOCAL_GIT_ROOT) and
    the folder of the operator's policy hooks. Read from settings on every call, so a changed setting is
    re-checked whenever the root is derived."""
    from django.conf import settings

    dirs = [("Brabo's own install directory", str(d)) for d in settings.BRABO_INSTALL_DIRS]
    dirs += [
        ("PROJECT_WORKSPACES_ROOT", str(settings.PROJECT_WORKSPACES_ROOT)),
        ("BRABO_PROJECTS_BASE", str(settings.BRABO_PROJECTS_BASE)),
        ("BRABO_VAR_DIR", str(settings.VAR_DIR)),
        ("BRABO_LOCAL_GIT_ROOT", str(settings.BRABO_LOCAL_GIT_ROOT)),
    ]
    if getattr(settings, "STATIC_ROOT", None):
        dirs.append(("STATIC_ROOT", str(settings.STATIC_ROOT)))
    db = settings.DATABASES.get("default", {})
    if "sqlite" in db.get("ENGINE", "") and str(db.get("NAME", "")).startswith("/"):
        dirs.append(("the SQLite database's folder", os.path.dirname(str(db["NAME"]))))
    hooks = getattr(settings, "BRABO_POLICY_HOOKS_FILE", "")
    if hooks and hooks.startswith("/"):
        dirs.append(("BRABO_POLICY_HOOKS_FILE's folder", os.path.dirname(hooks)))
    dirs += [("the Python installation Brabo runs on", p) for p in _python_dirs()]
    return dirs


@functools.lru_cache(maxsize=1)
def _python_dirs() -> tuple[str, ...]:
    found = {sys.prefix, sys.base_prefix, sys.exec_prefix}
    try:
        found.update(site.getsitepackages())
    except AttributeError:  # some embedded interpreters lack it
        pass
    return tuple(sorted(found))


_USER_VARIABLES = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
                   "XDG_RUNTIME_DIR", "GNUPGHOME", "CARGO_HOME", "GOPATH", "PYTHONUSERBASE")  # fmt: skip


def service_user_dirs() -> list[tuple[str, str]]:
    """The home and configuration folders of the user this process runs as (read per call: the web server and
    the worker may run as different users, and each re-checks with its own), plus every system account's
    home (a service's state: /var/lib/postgresql, /var/spool/...)."""
    found = [("the service user's home", os.path.expanduser("~"))]
    found += [("the service user's home", home) for home in _passwd_home(os.geteuid())]
    for name in _USER_VARIABLES:
        found.append((f"the service user's ${name}", os.environ.get(name, "")))
    for name in ("XDG_CONFIG_DIRS", "XDG_DATA_DIRS"):
        found += [(f"the service user's ${name}", v) for v in os.environ.get(name, "").split(":")]
    found += [("a system account's home", home) for home in _system_homes()]
    return found


@functools.lru_cache(maxsize=4)
def _passwd_home(uid: int) -> tuple[str, ...]:
    """The passwd database's home for ``uid`` (read once per process: the proposal path derives roots)."""
    try:
        return (pwd.getpwuid(uid).pw_dir,)
    except KeyError:
        return ()


@functools.lru_cache(maxsize=1)
def _system_homes() -> tuple[str, ...]:
    try:
        entries = pwd.getpwall()
    except OSError:  # pragma: no cover - no passwd database
        return ()
    return tuple(e.pw_dir for e in entries if e.pw_uid < _FIRST_PERSON_UID)


@dataclass(frozen=True, eq=False)
class Places:
    """Every place a root may neither lie in nor hold, normalised; ``by_path`` maps each to a label for the
    operator's log (the tenant's message never names which place was hit)."""

    by_path: dict[str, str]

    def hit(self, path: str) -> str | None:
        for above in ancestors(path):  # a place that is the path or holds it
            if above in self.by_path:
                return self.by_path[above]
        prefix = path.rstrip("/") + "/"
        for place, label in self.by_path.items():  # a place the path holds
            if place.startswith(prefix):
                return label
        return None


def forbidden_places(install_dirs: Iterable[Path | tuple[str, Path | str]] | None = None) -> Places:
    """The places for this call's settings and environment (compiled once per distinct set)."""
    if install_dirs is None:
        entries: list[tuple[str, str]] = brabo_dirs()
    else:
        entries = [
            (e[0], str(e[1])) if isinstance(e, tuple) else ("Brabo's own install directory", str(e))
            for e in install_dirs
        ]
    entries += service_user_dirs()
    return _compile(tuple(entries))


@functools.lru_cache(maxsize=64)
def _compile(entries: tuple[tuple[str, str], ...]) -> Places:
    by_path = {tree: "a system folder" for tree in _SYSTEM_TREES}
    for label, raw in entries:
        if raw.startswith("/") and "\x00" not in raw:
            path = normalise(raw)
            if path != "/":
                by_path.setdefault(path, label)
    return Places(by_path)


@functools.lru_cache(maxsize=64)
def _resolved(places: Places) -> Places:
    """The places as they resolve too (a home reached through a link). Cached: these are the operator's and
    the system's folders, which do not move under a running process."""
    by_path = dict(places.by_path)
    for path, label in places.by_path.items():
        by_path.setdefault(_real(path), label)
    by_path.pop("/", None)
    return Places(by_path)


def _holds_tempdir(path: str) -> bool:
    """A root may lie in a temporary folder (the tests' do), but never be or hold one: the worker's own
    temporary files (private git homes, push mirrors) live there."""
    temps = {normalise(tempfile.gettempdir()), "/tmp", "/var/tmp", "/dev/shm"}
    return any(_inside(t, path) for t in temps)


def _strictly_inside_a_base(path: str, bases: Iterable[str]) -> bool:
    return any(path != base and _inside(path, base) for base in bases)


def _real(path: str) -> str:
    return normalise(os.path.realpath(path))


def not_allowed_message(path: str, bases: list[str]) -> str:
    """The one sentence for every overlap: it never says what was hit, nor whose."""
    return (
        f"local_path {path!r} cannot be used: it is, holds or lies in a folder that is reserved or already in "
        "use (a system or service folder, Brabo's own data, or another project's folder). Choose a new folder "
        f"of your own inside {_bases_text(bases)}."
    )


def _bases_text(bases: list[str]) -> str:
    return " or ".join(repr(b) for b in bases) if bases else "the folders the operator allows"


def check_local_root(
    raw: str, install_dirs: Iterable[Path | tuple[str, Path | str]] | None = None, *, check_disk: bool = True
) -> LocalRoot:
    """The root, normalised and (with ``check_disk``) resolved, or LocalRootError naming the problem and the
    fix. Without ``install_dirs``, every folder of :func:`brabo_dirs` is checked. Another project's root is
    the caller's to check (it needs the database): :meth:`projects.models.Project.root` and
    ``projects.services.create_project`` do, with :data:`NOT_ALLOWED` and :func:`not_allowed_message`."""
    if not isinstance(raw, str) or not raw.strip():
        raise LocalRootError(
            "local_path is required for a local project: type the absolute path of its folder."
        )
    if "\x00" in raw:
        raise LocalRootError("local_path contains a NUL byte; type a plain absolute path.")
    if not raw.startswith("/"):
        raise LocalRootError(
            f"local_path {raw!r} is relative; type an absolute path such as /srv/brabo-local/you/app."
        )
    if any(part == ".." for part in raw.split("/")):
        raise LocalRootError(
            f"local_path {raw!r} contains '..'; type the folder's absolute path without '..'."
        )
    path = normalise(raw)
    bases = local_bases()
    if not bases:
        raise LocalRootError(
            "local projects are not enabled on this server: the operator has listed no folder for them. "
            "The operator sets BRABO_LOCAL_ROOTS to the folders local projects may live in (comma-separated "
            "absolute paths); until then use a container, mounted or runner project.",
            NOT_CONFIGURED,
        )
    # Outside the bases nothing on disk is consulted, so the answer cannot tell what exists there.
    if not _strictly_inside_a_base(path, bases):
        raise LocalRootError(
            f"local_path {path!r} is not inside a folder the operator allows for local projects; choose a "
            f"folder inside {_bases_text(bases)}.",
            NOT_ALLOWED,
        )
    places = forbidden_places(install_dirs)
    hit = places.hit(path) or ("a temporary folder" if _holds_tempdir(path) else None)
    if path in _SYSTEM_ROOTS or hit:
        log.info("local_path %s refused: it overlaps %s", path, hit or "a system folder")
        raise LocalRootError(not_allowed_message(path, bases), NOT_ALLOWED)
    if not check_disk:
        return LocalRoot(path, "")
    if not os.path.isdir(path):
        raise LocalRootError(
            f"local_path {path!r} does not exist or is not a folder; create it first.", UNUSABLE
        )
    real = _real(path)
    if real != path:
        # A link on the way: where it leads must pass the same checks (as typed and as resolved).
        real_bases = bases + [_real(b) for b in bases]
        hit = _resolved(places).hit(real) or ("a temporary folder" if _holds_tempdir(real) else None)
        if not _strictly_inside_a_base(real, real_bases) or real in _SYSTEM_ROOTS or hit:
            log.info("local_path %s refused: it resolves to %s (%s)", path, real, hit or "outside the bases")
            raise LocalRootError(not_allowed_message(path, bases), NOT_ALLOWED)
    if not os.access(path, os.W_OK | os.X_OK):
        raise LocalRootError(
            f"local_path {path!r} is not writable by the Brabo server; fix its permissions.", UNUSABLE
        )
    return LocalRoot(path, real)


def validate_local_root(
    raw: str, install_dirs: Iterable[Path | tuple[str, Path | str]] | None = None, *, check_disk: bool = True
) -> str:
    """Return the normalised root, or raise LocalRootError (see :func:`check_local_root`)."""
    return check_local_root(raw, install_dirs, check_disk=check_disk).path
