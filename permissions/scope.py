"""Lexical path scope for terminal commands (SPEC §6, ADR 0055, ADR 0189 §3).

The scope root is the project folder (``local``: the typed path). With a container registered running in a
``container`` or ``mounted`` project, commands run inside it: the roots are ``/work`` and ``/tmp`` and the
host cwd is translated to ``/work``. ``runner`` projects always use the host root.

Checked words (R6.2): absolute ones, those containing a ``..`` component, those starting with ``~``, and
those whose location depends on an expansion. Resolution is lexical -- never realpath -- and linear:
paths are split on ``/`` once; no regex touches the input (R6.3). Outside the scope is require_approval,
never deny (R6.4).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from permissions.commands.textproc import AWKS, GREPS, SEDS, pattern_words, program_words
from permissions.shell import Segment

__all__ = ["NOT_USER_PATHS", "Scope", "normalize", "scope_for", "valid_local_root", "within"]

# R4.5: these carry or discard output; they are nobody's files. Exactly these, not all of /dev.
NOT_USER_PATHS = frozenset({"/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr"})
_NO_INDEX = itertools.repeat(-1)
CONTAINER_ROOT = "/work"
CONTAINER_TMP = "/tmp"
_SYSTEM_ROOTS = frozenset(
    {
        "/",
        "/bin",
        "/boot",
        "/dev",
        "/etc",
        "/home",
        "/lib",
        "/lib64",
        "/media",
        "/mnt",
        "/opt",
        "/proc",
        "/root",
        "/run",
        "/sbin",
        "/srv",
        "/sys",
        "/tmp",
        "/usr",
        "/var",
        "/Users",
        "/System",
        "/Library",
        "/Applications",
        "/private",
    }
)


def normalize(path: str, base: str = "/") -> str:
    """Lexically resolve ``path`` against ``base``: one split, `.` dropped, `..` pops (never above /)."""
    full = path if path.startswith("/") else base + "/" + path
    out: list[str] = []
    for part in full.split("/"):
        if part == "" or part == ".":
            continue
        if part == "..":
            if out:
                out.pop()
        else:
            out.append(part)
    return "/" + "/".join(out)


def within(path: str, root: str) -> bool:
    """Both already normalized."""
    if root == "/":
        return True
    return path == root or path.startswith(root) and path[len(root)] == "/"


def valid_local_root(root: str) -> bool:
    """R1.4: absolute, no `..`, never `/` or a system root (lexical re-validation)."""
    if not root.startswith("/"):
        return False
    if any(part == ".." for part in root.split("/")):
        return False
    return normalize(root) not in _SYSTEM_ROOTS


_PROGRAM_VERBS = AWKS | SEDS | GREPS
_DIRECTORY_CHANGERS = frozenset({"cd", "pushd", "popd"})


@dataclass(frozen=True, slots=True)
class Scope:
    roots: tuple[str, ...]  # normalized; empty = nothing is inside (fail closed)
    cwd: str  # normalized, translated into the container when commands run there

    @property
    def cwd_inside(self) -> bool:
        return self.contains(self.cwd)

    def contains(self, path: str) -> bool:
        for r in self.roots:
            if within(path, r):
                return True
        return False

    def outside_paths(self, segments: tuple[Segment, ...]) -> list[str]:
        """Every checked word that resolves outside the roots (R6.2), following `cd` lexically."""
        out: list[str] = []
        if not self.cwd_inside:
            out.append(self.cwd)
        cwd = self.cwd
        check = self._check
        for seg in segments:
            words = seg.words
            dyn = seg.dynamic
            if words and words[0] in _PROGRAM_VERBS:
                # awk / sed: the program is code, not a location (`sed '/^$/d' f`).
                skip = program_words(words) or pattern_words(words)  # issue 11: `grep '/api/' src`
                if skip:
                    words = tuple("" if k in skip else w for k, w in enumerate(words))
            for k, w in enumerate(words) if dyn else zip(_NO_INDEX, words):
                if dyn and k in dyn:
                    check(w, True, cwd, out)
                    continue
                # Cheap rejection first: a word with neither `/` nor `..` names no location to check.
                if "/" not in w and ".." not in w:
                    continue
                if w[0] == "/" or (".." in w and w[0] != "-"):
                    check(w, False, cwd, out)
                eq = w.find("=")
                if eq > 0:
                    value = w[eq + 1 :]
                    check(value, value[:1] == "~", cwd, out)
                elif w[0] == "-" and w[1:2] != "-":
                    glued = _glued_path(w)
                    if glued is not None:
                        check(glued, glued[0] == "~", cwd, out)
            for target in seg.redirects:
                check(target, "$" in target or target.startswith("~"), cwd, out)
            if words and words[0] in _DIRECTORY_CHANGERS:
                if len(words) == 2 and words[0] == "cd" and 1 not in dyn and words[1] != "-":
                    cwd = normalize(words[1], cwd)
                elif not (len(words) == 2 and 1 in dyn):  # a dynamic target was checked above
                    # Bare `cd` ($HOME), `cd -` / `popd` (the previous directory), `cd -P x`, `pushd`:
                    # where the next relative word points is not known lexically, so it is outside.
                    out.append(" ".join(words))
        return out

    def _check(self, word: str, dynamic: bool, cwd: str, out: list[str]) -> None:
        if not word:
            return
        if dynamic:
            # R6.2 [beyond]: a location decided by an expansion is never known to be inside: `$VAR`, `~`,
            # and also one inside a word (`..$HOME` is `../root`; `x$V` with V=/../.. climbs out).
            out.append(word)
            return
        if word in NOT_USER_PATHS:
            return
        if word[0] == "/":
            if not self.contains(normalize(word)):
                out.append(word)
        elif ".." in word and (
            # R6.2: relative words with `..` are resolved against the cwd -- the one followed through `cd`
            # and the one the action started in, so a subshell `cd` never hides an escape.
            not self.contains(normalize(word, cwd)) or not self.contains(normalize(word, self.cwd))
        ):
            out.append(word)

    def cd_inside(self, seg: Segment, cwd: str | None = None) -> bool:
        """R5 step 4: `cd <dir>` whose target stays in the scope is the scope declaration itself."""
        words = seg.words
        if len(words) != 2 or words[0] != "cd" or 1 in seg.dynamic or seg.redirects:
            return False
        target = words[1]
        if target == "-" or target.startswith("~"):
            return False
        return self.contains(normalize(target, cwd or self.cwd))


# Options whose glued value is a one-character separator, not a location (`cut -d/`, `awk -F/`, `sort -t/`).
_SEPARATOR_LETTERS = frozenset("dFt")


def _glued_path(word: str) -> str | None:
    """issue 11 class 10: the location glued to a short option (`-f/etc/x`, `-C/etc`, `-I../../x`,
    `-xf/etc/x`, `-o~/x`), or None: the value starts with `/`, `~` or `..` right after the option letters."""
    n = len(word)
    for j in range(2, n):
        if not word[j - 1].isalnum():
            return None  # past the option letters (`-t./out` is relative)
        c = word[j]
        if c == "/" or c == "~" or (c == "." and word[j : j + 2] == ".."):
            value = word[j:]
            if value == "/" and word[1] in _SEPARATOR_LETTERS and j == 2:
                return None
            return value
    return None


_SCOPES: dict[tuple[str, bool, str, str | None], Scope] = {}


def scope_for(execution_mode: str, container_running: bool, root: str, cwd: str | None) -> Scope:
    """R6.1: the roots and the cwd commands are compared against (memoised: pure and called per decision)."""
    key = (execution_mode, container_running, root, cwd)
    hit = _SCOPES.get(key)
    if hit is None:
        if len(_SCOPES) >= 1024:
            _SCOPES.clear()
        hit = _SCOPES[key] = _scope_for(execution_mode, container_running, root, cwd)
    return hit


def _scope_for(execution_mode: str, container_running: bool, root: str, cwd: str | None) -> Scope:
    host_root = normalize(root) if root.startswith("/") else ""
    if execution_mode == "local" and not valid_local_root(root):
        host_root = ""  # R1.4: an invalid typed root is no scope at all -- fail closed
    raw_cwd = cwd if cwd else (root or "/")
    host_cwd = normalize(raw_cwd, host_root or "/") if raw_cwd else host_root
    if execution_mode in ("container", "mounted") and container_running:
        # ADR 0189 §3: root -> /work, below it -> /work/..., outside unchanged.
        if host_root and within(host_cwd, host_root):
            rest = host_cwd[len(host_root) :]
            host_cwd = CONTAINER_ROOT + rest if host_root != "/" else CONTAINER_ROOT + host_cwd
        return Scope((CONTAINER_ROOT, CONTAINER_TMP), host_cwd)
    if not host_root or host_root == "/":
        return Scope((), host_cwd)
    return Scope((host_root,), host_cwd)
