"""find: the primaries that run other programs, delete or write files (SPEC R4.8)."""

from __future__ import annotations

from permissions.glob_syntax import dotted_globs

__all__ = [
    "FDS",
    "FD_VALUED",
    "FIND_EXEC",
    "FIND_RUNNERS",
    "FdWords",
    "fd_names",
    "fd_picked",
    "find_commands",
]

# `find ... -exec cmd {} ;` runs cmd: it is a view of the segment (deny and the caps see it).
FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
# A prefix allow never covers a find that runs programs, deletes or writes files (R4.8).
FIND_RUNNERS = FIND_EXEC | {"-delete", "-fprint", "-fprintf", "-fls"}


def find_commands(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every command a find runs, each `-exec`/`-execdir`/`-ok`/`-okdir` up to its `;` or `+` (`find . -exec true
    \\; -exec gcc @{} \\;` runs both), with the found names' `{}` as written; one left open runs to the end."""
    out: list[tuple[str, ...]] = []
    k, n = 1, len(view)
    while k < n:
        if view[k] not in FIND_EXEC:
            k += 1
            continue
        end = k + 1
        while end < n and view[end] != ";" and not (view[end] == "+" and view[end - 1] == "{}"):
            end += 1
        if end > k + 1:
            out.append(view[k + 1 : end])
        k = end + 1
    return out


# --- fd (fdfind on Debian): what it picks by name, and what it runs on each name it finds ----------------------

FDS = frozenset({"fd", "fdfind"})
# fd's options that take the next word (clap: `-e py`, `-epy`, `--extension=py`), those naming a folder it searches
# from, and those showing hidden names (`.env`, names below `.ssh/`); `-u`/`-uu` is `--hidden --no-ignore`.
FD_VALUED = frozenset(
    "-t -e -E -d -S -c -j -o --type --extension --exclude --max-depth --min-depth --exact-depth --size --color"
    " --threads --changed-within --changed-before --change-newer-than --change-older-than --newer --older --owner"
    " --base-directory --path-separator --search-path --ignore-file --max-results --batch-size --format --and".split()
)
_FD_SHORT_VALUED = frozenset("tedEScjo")
_FD_FOLDERS = frozenset({"--search-path", "--base-directory"})
_FD_HIDDEN = frozenset({"--hidden", "--unrestricted"})
_FD_EXEC = frozenset({"-x", "-X", "--exec", "--exec-batch"})
# a regular expression's characters a glob cannot say (the pattern is then read as "any name")
_REGEX_ONLY = frozenset("\\+?(){}|[]")


class FdWords:
    """fd's words read as clap reads them: the pattern (None when there is none: every name), how it is matched
    (regex, glob, fixed string, against the whole path), the extensions asked for, the folders searched, whether
    hidden names are shown, and the command it runs on what it finds (``run``: () when none)."""

    __slots__ = ("extensions", "folders", "hidden", "kind", "pattern", "run")

    def __init__(self, words: tuple[str, ...]) -> None:
        self.pattern: str | None = None
        self.kind = "regex"
        self.hidden = False
        self.extensions: list[str] = []
        self.folders: list[str] = []
        self.run: tuple[str, ...] = ()
        positional: list[str] = []
        k, n = 1, len(words)
        while k < n:
            w = words[k]
            k += 1
            if w == "--":
                positional += words[k:]
                break
            if w[:1] != "-" or w == "-":
                positional.append(w)
            elif w[:2] == "--":
                k = self._long(w, words, k)
            else:
                k = self._short(w, words, k)
        if positional:
            self.pattern = positional[0]
            self.folders += positional[1:]

    def _long(self, w: str, words: tuple[str, ...], k: int) -> int:
        name, eq, value = w.partition("=")
        if name in _FD_EXEC:
            return self._runs(((value,) if eq else ()) + words[k:], words)
        if name in FD_VALUED and not eq:
            value, k = (words[k] if k < len(words) else ""), k + 1
        self._option(name, value)
        return k

    def _short(self, w: str, words: tuple[str, ...], k: int) -> int:
        for j in range(1, len(w)):
            c = w[j]
            if c in "xX":  # `-x cat`, `-xcat`, `-Hx cat`: the words up to `;` are its command
                return self._runs(((w[j + 1 :],) if w[j + 1 :] else ()) + words[k:], words)
            if c in _FD_SHORT_VALUED:
                value = w[j + 1 :]
                if not value:
                    value, k = (words[k] if k < len(words) else ""), k + 1
                self._option("-" + c, value)
                return k
            self._option("-" + c, "")
        return k

    def _option(self, name: str, value: str) -> None:
        if name in ("-H", "-u") or name in _FD_HIDDEN:
            self.hidden = True
        elif name in ("-g", "--glob"):
            self.kind = "glob"
        elif name in ("-F", "--fixed-strings"):
            self.kind = "fixed"
        elif name in ("-p", "--full-path"):
            self.kind = "path"
        elif name in ("-e", "--extension") and value:
            self.extensions.append(value.lstrip("."))
        elif name in _FD_FOLDERS and value:
            self.folders.append(value)

    def _runs(self, argv: tuple[str, ...], words: tuple[str, ...]) -> int:
        """Keep the command, and return where fd's own words go on after its `;` (`fd -x cat ';' env`)."""
        end = argv.index(";") if ";" in argv else len(argv)
        self.run = self.run or argv[:end]
        return len(words) - len(argv) + end + 1


def fd_names(fd: FdWords) -> list[str]:
    """R4.10: what fd picks by name, as globs of a name (any folder's: the caller writes them below each folder it
    searches) -- its pattern as a glob (`^\\.env$` as `.env`, `env` as `*env*`, a glob as given), each extension
    (`-e env` as `*.env`), `*` for a pattern a glob cannot say or none at all."""
    globs = [f"*.{e}" for e in fd.extensions]
    p = fd.pattern
    if p is None or p == "" or fd.kind == "path":
        return globs or ["*"]
    if fd.kind == "glob":
        return [*globs, p]
    if fd.kind == "fixed":
        return [*globs, f"*{_as_literal(p)}*"]
    return [*globs, _regex_as_glob(p)]


def _as_literal(text: str) -> str:
    return "".join("?" if c in "*?[]" else c for c in text)


def _regex_as_glob(pattern: str) -> str:
    """A regular expression searched for in a name, as a glob of the names it may match."""
    head = "" if pattern[:1] == "^" else "*"
    tail = "" if pattern[-1:] == "$" and pattern[-2:-1] != "\\" else "*"
    core = pattern[len(head) == 0 : len(pattern) - (len(tail) == 0)]
    core = core.replace("\\.", "\x00").replace(".*", "\x01").replace(".+", "?\x01")
    if not _REGEX_ONLY.isdisjoint(core) or "*" in core:
        return "*"
    return head + core.replace(".", "?").replace("\x00", ".").replace("\x01", "*") + tail


# the folders below a folder fd searches a name may be found in, one or two deep (a dot folder's only when it shows
# hidden names)
_FD_BELOW = ("", "*/", "*/*/")
_FD_BELOW_HIDDEN = (*_FD_BELOW, ".*/", ".*/*/", "*/.*/", ".*/.*/")


def fd_picked(fd: FdWords) -> list[str]:
    """R4.10: the globs of the places fd may find -- each name it picks (fd_names) below each folder it searches --
    led by a dot only when it shows hidden names (its `*`-led glob or regex then matches a leading dot, which
    matching's `*` does not: the dotted reading is written too, as permissions.glob_syntax.dotted_globs writes find's)."""
    names = fd_names(fd)
    if fd.hidden:
        names += [d for g in names for d in dotted_globs(g)]
    else:
        names = [g for g in names if g[:1] != "."]
    out: list[str] = []
    for folder in fd.folders or ["."]:
        top = "" if folder.rstrip("/") in (".", "") else folder.rstrip("/") + "/"
        out += [top + below + g for below in (_FD_BELOW_HIDDEN if fd.hidden else _FD_BELOW) for g in names]
    return list(dict.fromkeys(out))
