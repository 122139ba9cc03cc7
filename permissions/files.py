"""permissions.json I/O (SPEC R3.1, R3.3, R3.4).

A real file at the project folder's root, meant for version control. Loading is strict: bad JSON, an
unknown or repeated top-level key, a non-list, a non-string entry, an unknown label or unbalanced
parentheses is a :class:`PermissionsFileError` naming the line and entry, and the caller fails closed
(nothing is auto-approved from a file that does not load). A missing file is no rule at all.
Writes are atomic (temp file in the same directory, fsync, ``os.replace``), keep every entry and its
order, and hold an ``flock`` on a sidecar lock file so concurrent merges never lose an entry.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from permissions.caps import external_effect, privileged
from permissions.decide import Permissions
from permissions.grammar import Pattern, PatternError, parse_pattern
from permissions.mcp import always_capped as mcp_always_capped

__all__ = [
    "KEYS",
    "LintIssue",
    "atomic_write",
    "PermissionsFileError",
    "lint_permissions",
    "load_permissions",
    "merge_into",
    "parse_permissions_text",
    "read_permissions_text",
    "read_regular_file",
    "render_permissions",
    "replace_policy_file",
    "sha256_text",
    "PolicyFileBusy",
    "UnsafeFileError",
    "write_permissions",
]

KEYS: tuple[str, ...] = ("allow", "deny", "ask")
_FIX = (
    'Expected {"allow": [...], "deny": [...], "ask": [...]} with pattern strings like "Terminal(pnpm test)".'
)


class PermissionsFileError(ValueError):
    """permissions.json cannot be used. ``line``/``entry`` point at the problem when known."""

    def __init__(self, message: str, line: int | None = None, entry: str | None = None) -> None:
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"permissions.json {where}{message}")
        self.line = line
        self.entry = entry
        self.reason = message


@dataclass(frozen=True)
class LintIssue:
    severity: str  # "error" (the file does not load) | "warning" (loads, but the entry is useless)
    message: str
    line: int | None = None
    entry: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.severity}: {self.message}"


def _line_of(text: str, entry: object, start: int = 0) -> int | None:
    needle = json.dumps(entry, ensure_ascii=False)
    at = text.find(needle, start)
    if at < 0:
        needle = json.dumps(entry)
        at = text.find(needle, start)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise PermissionsFileError(f'the key "{k}" appears twice; merge the two lists into one')
        out[k] = v
    return out


def _raw(text: str, found: list[LintIssue] | None = None) -> dict[str, Any]:
    """The file's JSON object. Structural problems raise -- or, when ``found`` collects them (lint), each
    unknown key and each non-list value is one issue and the rest of the file is still read."""
    try:
        raw = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise PermissionsFileError(
            f"is not valid JSON ({exc.msg}, column {exc.colno}). {_FIX}", exc.lineno
        ) from None
    if not isinstance(raw, dict):
        raise PermissionsFileError(f"must be a JSON object. {_FIX}", 1)
    problems = [
        PermissionsFileError(
            f'unknown top-level key "{key}"; only "allow", "deny" and "ask" are read',
            _line_of(text, key),
            key,
        )
        for key in raw
        if key not in KEYS
    ] + [
        PermissionsFileError(f'"{key}" must be a list of pattern strings', _line_of(text, key), key)
        for key in KEYS
        if key in raw and not isinstance(raw[key], list)
    ]
    if problems:
        if found is None:
            raise problems[0]
        found.extend(LintIssue("error", exc.reason, exc.line, exc.entry) for exc in problems)
    return {key: value for key, value in raw.items() if key in KEYS and isinstance(value, list)}


def _issues(text: str, stop_at_first: bool) -> tuple[dict[str, list[str]], list[LintIssue]]:
    issues: list[LintIssue] = []
    try:
        raw = _raw(text, None if stop_at_first else issues)
    except PermissionsFileError as exc:
        return {}, [LintIssue("error", exc.reason, exc.line, exc.entry)]
    lists: dict[str, list[str]] = {}
    for key in KEYS:
        entries: list[str] = []
        key_at = text.find(f'"{key}"')
        for entry in raw.get(key, []):
            line = _line_of(text, entry, max(key_at, 0))
            if not isinstance(entry, str):
                issues.append(
                    LintIssue(
                        "error",
                        f'"{key}" holds {json.dumps(entry)}: every entry must be a '
                        'string like "Terminal(pnpm test)"',
                        line,
                        None,
                    )
                )
                if stop_at_first:
                    return lists, issues
                continue
            try:
                pattern = parse_pattern(entry)
            except PatternError as exc:
                issues.append(LintIssue("error", f'"{key}": {exc}', line, entry))
                if stop_at_first:
                    return lists, issues
                continue
            if not pattern.matchable:
                issues.append(
                    LintIssue(
                        "warning",
                        f'"{key}": {entry} can never match: only Terminal takes content; write {pattern.label}() '
                        f"to match every {pattern.action_type} action",
                        line,
                        entry,
                    )
                )
            elif key == "allow" and pattern.label == "McpCall":
                issues.append(
                    LintIssue(
                        "warning",
                        f'"allow": {entry} approves no MCP call: only a rule naming the server or tool does; '
                        "write Mcp(server.tool)",
                        line,
                        entry,
                    )
                )
            elif key == "allow" and _always_capped(pattern):
                issues.append(
                    LintIssue(
                        "warning",
                        f'"allow": {entry} can never auto-approve: a cap always sends it to a person; '
                        'move it to "ask" or remove it',
                        line,
                        entry,
                    )
                )
            if entry in entries:
                issues.append(LintIssue("warning", f'"{key}": {entry} is listed twice', line, entry))
            entries.append(entry)
        lists[key] = entries
    return lists, issues


_CAPPED_TYPES = frozenset(
    {"git_push", "pr_open", "instruction_patch", "parallelize", "raise_max_parallel", "container_remove"}
)


def _always_capped(pattern: Pattern) -> bool:
    """An allow entry that §5 step 6 always overrides, so it can never take effect."""
    if pattern.label == "Mcp":
        return mcp_always_capped(pattern.content)
    if pattern.action_type != "terminal":
        return pattern.action_type in _CAPPED_TYPES
    words = tuple(w for w, _ in pattern.words)
    if not words or any(pre for _, pre in pattern.words):
        return False
    return privileged(words) or external_effect(words)


def parse_permissions_text(text: str) -> Permissions:
    """Parse permissions.json content. Raises :class:`PermissionsFileError` on the first problem."""
    lists, issues = _issues(text, stop_at_first=True)
    for issue in issues:
        if issue.severity == "error":
            raise PermissionsFileError(issue.message, issue.line, issue.entry)
    return Permissions(
        tuple(lists.get("allow", ())), tuple(lists.get("deny", ())), tuple(lists.get("ask", ()))
    )


def lint_permissions(text: str) -> list[LintIssue]:
    """Every malformed entry and every entry that can never match (R12.3)."""
    return _issues(text, stop_at_first=False)[1]


MAX_PERMISSIONS_BYTES = 1024 * 1024  # R3.5: the policy file is at most 1 MiB

_KIND = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a folder",
    stat.S_IFLNK: "a symbolic link",
}


class UnsafeFileError(PermissionsFileError):
    """A file in a project folder that the server refuses to read (R3.5, STYLE 17): a symbolic link in any
    component, a FIFO, a device, a folder, or too large. ``kind`` names what it is."""

    def __init__(self, name: str, kind: str, next_step: str):
        ValueError.__init__(self, f"{name} is {kind}; {next_step}")
        self.line = None
        self.entry = None
        self.reason = f"is {kind}; {next_step}"
        self.kind = kind


def _components(path: str, base: str | None) -> tuple[str, list[str]]:
    """Split ``path`` into the trusted ``base`` (opened normally: the operator's or the user's typed folder)
    and the components below it, each walked without following a symbolic link. Only strings are split here
    (nothing on disk is looked at), so absolute paths — what every proposal passes — are split once."""
    if os.path.isabs(path) and (base is None or os.path.isabs(base)):
        top, parts = _split_absolute(path, base)
        return top, list(parts)
    return _split(path, base)


@functools.lru_cache(maxsize=4096)
def _split_absolute(path: str, base: str | None) -> tuple[str, tuple[str, ...]]:
    top, parts = _split(path, base)  # absolute: the answer does not depend on the working folder
    return top, tuple(parts)


def _split(path: str, base: str | None) -> tuple[str, list[str]]:
    path = os.path.abspath(path)
    base = os.path.abspath(base) if base else os.path.dirname(path)
    rel = os.path.relpath(path, base)
    parts = rel.split(os.sep)
    if rel.startswith("..") or ".." in parts or rel == ".":
        raise ValueError(f"{path} is not below {base}")
    return base, parts


def read_regular_file(
    path: str | os.PathLike[str],
    *,
    base: str | os.PathLike[str] | None = None,
    max_bytes: int = MAX_PERMISSIONS_BYTES,
    name: str | None = None,
    restore_hint: str = "restore it in the console",
) -> bytes | None:
    """Read a file others can write (an agent, a git pull) as if it were hostile (R3.5, STYLE 17).

    Every component below ``base`` (default: the file's folder) is opened with O_NOFOLLOW, the file itself
    first with O_PATH so a FIFO or a device is never opened for reading, then O_NONBLOCK, and it must be a
    regular file of at most ``max_bytes``. Missing -> None. Anything else raises :class:`UnsafeFileError`
    naming what the file is, so the caller fails closed without blocking a request thread."""
    p = os.fspath(path)
    label = name or os.path.basename(p)
    top, parts = _components(p, os.fspath(base) if base is not None else None)
    flags_dir = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
    try:
        dfd = os.open(top, flags_dir)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise PermissionsFileError(
            f"cannot be read ({exc.strerror}); check the folder's permissions"
        ) from None
    fd = -1
    try:
        for i, part in enumerate(parts[:-1]):
            try:
                nfd = os.open(part, flags_dir | os.O_NOFOLLOW, dir_fd=dfd)
            except FileNotFoundError:
                return None
            except OSError:
                try:
                    kind = _KIND.get(stat.S_IFMT(os.lstat(part, dir_fd=dfd).st_mode), "not a folder")
                except OSError:
                    kind = "not readable"
                raise UnsafeFileError(
                    "/".join(parts[: i + 1]), kind, f"{label} is not read through it; {restore_hint}"
                ) from None
            os.close(dfd)
            dfd = nfd
        last = parts[-1]
        try:
            probe = os.open(last, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dfd)
        except FileNotFoundError:
            return None
        try:
            st = os.fstat(probe)
        finally:
            os.close(probe)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeFileError(
                label, _KIND.get(stat.S_IFMT(st.st_mode), "not a regular file"), restore_hint
            )
        if st.st_size > max_bytes:
            raise UnsafeFileError(
                label, f"larger than {max_bytes // 1024} KiB ({st.st_size} bytes)", restore_hint
            )
        try:
            fd = os.open(
                last, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC, dir_fd=dfd
            )
        except FileNotFoundError:
            return None
        st2 = os.fstat(fd)  # swapped between the two opens: judge what was really opened
        if not stat.S_ISREG(st2.st_mode) or (st2.st_dev, st2.st_ino) != (st.st_dev, st.st_ino):
            raise UnsafeFileError(label, "changing while it is read", "try again, or " + restore_hint)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            total += len(chunk)
            if total > max_bytes:
                raise UnsafeFileError(label, f"larger than {max_bytes // 1024} KiB", restore_hint)
            chunks.append(chunk)
        return b"".join(chunks)
    except UnsafeFileError:
        raise
    except OSError as exc:
        raise PermissionsFileError(f"cannot be read ({exc.strerror}); check the file's permissions") from None
    finally:
        if fd >= 0:
            os.close(fd)
        os.close(dfd)


def read_permissions_text(
    path: str | os.PathLike[str], *, base: str | os.PathLike[str] | None = None
) -> str | None:
    """The policy file's text, read safely (R3.5); None when there is no file."""
    raw = read_regular_file(path, base=base, name="permissions.json")
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PermissionsFileError("is not UTF-8 text; save it as UTF-8") from None


def sha256_text(text: str | None) -> str:
    """The identity of a policy version; "" for no file (which is the empty policy)."""
    return "" if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()


_PARSED: dict[str, Permissions] = {}


def parse_cached(text: str | None) -> Permissions:
    """Parse ``text`` (None: no file, the empty policy); identical content returns the same Permissions
    object, so decide()'s compiled index is reused across decisions."""
    if text is None:
        return Permissions()
    hit = _PARSED.get(text)
    if hit is not None:
        return hit
    perms = parse_permissions_text(text)  # raises on a malformed file: nothing is cached for it
    if len(_PARSED) >= 256:
        _PARSED.clear()
    _PARSED[text] = perms
    return perms


def load_permissions(
    path: str | os.PathLike[str], *, base: str | os.PathLike[str] | None = None
) -> Permissions:
    """Load a project's file. Missing -> empty (no rule: actions stay pending); malformed or unsafe -> error.

    The file is read on every call (never a stale rule), without following symbolic links (R3.5)."""
    return parse_cached(read_permissions_text(path, base=base))


def render_permissions(perms: Permissions) -> str:
    body = {"allow": list(perms.allow), "deny": list(perms.deny), "ask": list(perms.ask)}
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


# how long a writer waits for the policy lock. The lock sits in the project folder, where an
# agent's command can take it too; past this, the save or restore is refused (PolicyFileBusy), never stalled
# for as long as that command runs.
LOCK_WAIT_SECONDS = 2.0

_REMOVE_FOLDER = "remove that folder from the project folder (rm -r {name}), then save or restore again"


class PolicyFileBusy(PermissionsFileError):
    """The policy lock (``permissions.json.lock``) stayed held for ``LOCK_WAIT_SECONDS``: another writer,
    or an agent's command holding ``flock`` on it."""

    def __init__(self, seconds: float):
        msg = (
            f"is locked by another writer (permissions.json.lock stayed held for {seconds:g} s; an agent's "
            "command may hold it); retry in a moment, or stop or deny that command, then save again"
        )
        super().__init__(msg)


def _remove_empty_folder(path: str, name: str, dir_fd: int | None = None) -> None:
    """A folder where a file belongs (an agent's ``mkdir``): removed when empty — rmdir never follows a
    link and never deletes a file — else refused with a named error (Brabo deletes nothing it did not write)."""
    try:
        os.rmdir(path, dir_fd=dir_fd)
    except FileNotFoundError:
        pass
    except OSError:
        raise UnsafeFileError(name, "a folder with files in it", _REMOVE_FOLDER.format(name=name)) from None


def _clear_odd(path: str, name: str) -> None:
    """Remove what is not a regular file at ``path`` (only the name: unlink and rmdir never follow, and
    nothing is opened — a device is never touched); an empty folder goes, one with files is refused."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        _remove_empty_folder(path, name)
    else:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)


def _open_lock(lock_path: str) -> int:
    """The sidecar sits where an agent may write: never follow a link, never open a FIFO or a device (R3.5).
    A link, FIFO, socket, device or empty folder put there is removed first and a plain file made instead,
    so a planted sidecar cannot stop a maintainer's save or restore; a folder with files in it is refused."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    name = os.path.basename(lock_path)
    for _attempt in (1, 2):
        _clear_odd(lock_path, name)
        try:
            fd = os.open(lock_path, flags, 0o644)
        except OSError:
            continue  # swapped for something odd between the check and the open: clear it again
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
    raise UnsafeFileError(name, "changing while it is opened", "try again, or delete it")


@contextlib.contextmanager
def _locked(path: str, wait: float | None = None) -> Iterator[None]:
    """Hold the policy lock, waiting at most ``wait`` seconds (``LOCK_WAIT_SECONDS``) for it; then
    :class:`PolicyFileBusy`. The wait polls a non-blocking ``flock``, so a holder never pins a request."""
    budget = LOCK_WAIT_SECONDS if wait is None else wait
    fd = _open_lock(path + ".lock")
    try:
        deadline = time.monotonic() + budget
        pause = 0.01
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise PolicyFileBusy(budget) from None
                time.sleep(min(pause, left))
                pause = min(pause * 2, 0.2)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def prepare_target(path: str) -> None:
    """Make the place of the policy file writable by :func:`atomic_write`, whatever an agent put there
    (the host is part of the boundary). A link, FIFO, socket or device is replaced by the rename itself (it renames over the name;
    nothing is followed or opened); an empty folder is removed; a folder with files in it is refused with a
    named :class:`UnsafeFileError`."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISDIR(mode):
        _remove_empty_folder(path, os.path.basename(path))


def replace_policy_file(path: str, content: str) -> None:
    """Write the policy file at ``path`` under the policy lock (bounded wait), whatever odd thing stands
    there: see :func:`prepare_target`. A folder recreated between the two steps is refused, not a crash."""
    with _locked(path):
        prepare_target(path)
        try:
            atomic_write(path, content)
        except IsADirectoryError:
            name = os.path.basename(path)
            raise UnsafeFileError(name, "a folder", _REMOVE_FOLDER.format(name=name)) from None


def atomic_write(path: str, content: str, *, prefix: str = ".permissions.") -> None:
    """Replace ``path`` with ``content`` so no reader ever sees it half-written: a temp file beside it,
    fsync'd, renamed over it, and the folder fsync'd (R3.3)."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(content)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    dfd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def _validate(perms: Permissions) -> None:
    for key in KEYS:
        for entry in getattr(perms, key):
            try:
                parse_pattern(entry)
            except PatternError as exc:
                raise PermissionsFileError(f'"{key}": {exc}', None, entry) from None


def write_permissions(path: str | os.PathLike[str], perms: Permissions) -> None:
    """Replace the file atomically with ``perms`` (order kept). Refuses to write a malformed pattern."""
    _validate(perms)
    replace_policy_file(os.fspath(path), render_permissions(perms))


def _append_missing(existing: tuple[str, ...], new: Sequence[str]) -> tuple[str, ...]:
    out = list(existing)
    seen = set(existing)
    for entry in new:
        if entry not in seen:
            seen.add(entry)
            out.append(entry)
    return tuple(out)


def merge_into(
    path: str | os.PathLike[str], allow: Sequence[str] = (), deny: Sequence[str] = (), ask: Sequence[str] = ()
) -> Permissions:
    """Append only the missing entries, keep the existing ones and their order; atomic and locked (R3.4)."""
    _validate(Permissions(tuple(allow), tuple(deny), tuple(ask)))
    p = os.fspath(path)
    with _locked(p):
        current = load_permissions(p)  # a malformed file raises: never overwrite what we could not read
        merged = Permissions(
            _append_missing(current.allow, allow),
            _append_missing(current.deny, deny),
            _append_missing(current.ask, ask),
        )
        if merged != current or not os.path.exists(p):
            atomic_write(p, render_permissions(merged))
    return merged


def remove_from(path: str | os.PathLike[str], allow: Sequence[str] = ()) -> Permissions:
    """Take ``allow`` entries out of the file, keeping every other entry and its order; atomic and locked
    (undoing an "always allow"). A file that does not load raises: nothing is written over it."""
    p = os.fspath(path)
    gone = set(allow)
    with _locked(p):
        current = load_permissions(p)
        kept = Permissions(tuple(e for e in current.allow if e not in gone), current.deny, current.ask)
        if kept != current:
            atomic_write(p, render_permissions(kept))
    return kept
