"""Looking through what stands before the real verb (SPEC R4.8).

``FOO=1 env -i nice -n 5 /usr/bin/curl x`` runs ``curl``. Deny, ask and the caps judge every *view* of a
segment -- as written, then after each assignment, wrapper or verb path is peeled off -- so they match
more when unsure. Allow judges only the segment as written.

A wrapper's options are read the way its own parser reads them (getopt: clustered short options, a value
attached or in the next word, unambiguous prefixes of long options). Where that reading is not certain --
an option this module does not know, an ambiguous abbreviation -- the option may or may not take the next
word, and both readings become views (R4.8: when unsure, deny/ask match more). ``env -S`` splits its
argument into the command line and starts over, as GNU env does.
"""

from __future__ import annotations

__all__ = [
    "GIT_GLOBAL_FLAGS",
    "GIT_GLOBAL_VALUE_OPTS",
    "PRIVILEGED",
    "WRAPPERS",
    "is_assignment",
    "look_through",
    "split_string",
    "views",
]

# R5 step 6: privileged verbs. Also looked through, so `sudo rm -rf /` is still the floor's business.
PRIVILEGED = frozenset({"sudo", "doas"})


_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
# git's global options (git.c handle_options: exact words, no abbreviations, no clusters). These take the
# next word as their value (`git -C dir`, `git -c k=v`); `--opt=value` is one word.
GIT_GLOBAL_VALUE_OPTS = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--attr-source"}
)
# ... and these take none. Anything else before the subcommand has no certain arity.
GIT_GLOBAL_FLAGS = frozenset(
    {
        "-p",
        "--paginate",
        "-P",
        "--no-pager",
        "--bare",
        "--no-replace-objects",
        "--no-lazy-fetch",
        "--no-advice",
        "--literal-pathspecs",
        "--glob-pathspecs",
        "--noglob-pathspecs",
        "--icase-pathspecs",
        "--no-optional-locks",
        "--html-path",
        "--man-path",
        "--info-path",
        "-v",
        "--version",
        "-h",
        "--help",
    }
)

# Peeling stops after this many views (a wrapper chain longer than this is absurd), and one wrapper adds
# at most this many readings of its options (a real command line has one or two uncertain options).
_MAX_VIEWS = 32
_MAX_READINGS = 8

_NONE, _REQUIRED, _OPTIONAL = 0, 1, 2


class _Syntax:
    """How one wrapper's parser reads its options, up to the command it runs."""

    __slots__ = ("assignments", "dash_is_flag", "long", "numeric", "operands", "short")

    def __init__(
        self,
        short: str = "",
        short_arg: str = "",
        short_opt: str = "",
        long: dict[str, int] | None = None,
        *,
        operands: int = 0,
        assignments: bool = False,
        numeric: bool = False,
        dash_is_flag: bool = False,
    ) -> None:
        self.short: dict[str, int] = {c: _NONE for c in short}
        self.short.update({c: _REQUIRED for c in short_arg})
        self.short.update({c: _OPTIONAL for c in short_opt})  # optional values are attached only
        self.long = long or {}
        self.operands = operands  # words between the options and the command (`timeout DURATION`)
        self.assignments = assignments  # `env A=b cmd`
        self.numeric = numeric  # `nice -10 cmd`
        self.dash_is_flag = dash_is_flag  # `env - cmd` is `env -i cmd`


def _long(name: str, table: dict[str, int]) -> tuple[str, int] | None:
    """getopt_long: an exact name, or an unambiguous prefix of one. None when unknown or ambiguous."""
    kind = table.get(name)
    if kind is not None:
        return name, kind
    if not name:
        return None
    hit: tuple[str, int] | None = None
    for full, k in table.items():
        if full.startswith(name):
            if hit is not None:
                return None
            hit = (full, k)
    return hit


_HELP = {"help": _NONE, "version": _NONE}

_ENV = _Syntax(
    "iv0",
    "uCS",
    long={
        "ignore-environment": _NONE,
        "null": _NONE,
        "unset": _REQUIRED,
        "chdir": _REQUIRED,
        "debug": _NONE,
        "split-string": _REQUIRED,
        "block-signal": _OPTIONAL,
        "default-signal": _OPTIONAL,
        "ignore-signal": _OPTIONAL,
        "list-signal-handling": _NONE,
        **_HELP,
    },
    assignments=True,
    dash_is_flag=True,
)

WRAPPERS: dict[str, _Syntax] = {
    "env": _ENV,
    "command": _Syntax("pVv"),
    "builtin": _Syntax(),
    "nice": _Syntax("", "n", long={"adjustment": _REQUIRED, **_HELP}, numeric=True),
    "nohup": _Syntax(long=dict(_HELP)),
    "time": _Syntax(
        "apqvV",
        "fo",
        long={
            "append": _NONE,
            "format": _REQUIRED,
            "output": _REQUIRED,
            "portability": _NONE,
            "quiet": _NONE,
            "verbose": _NONE,
            **_HELP,
        },
    ),
    "timeout": _Syntax(
        "v",
        "ks",
        long={
            "foreground": _NONE,
            "kill-after": _REQUIRED,
            "preserve-status": _NONE,
            "signal": _REQUIRED,
            "verbose": _NONE,
            **_HELP,
        },
        operands=1,
    ),
    "stdbuf": _Syntax("", "ioe", long={"input": _REQUIRED, "output": _REQUIRED, "error": _REQUIRED, **_HELP}),
    "exec": _Syntax("cl", "a"),
    "xargs": _Syntax(
        "0prtx",
        "aEILnsPd",
        "eil",
        long={
            "null": _NONE,
            "arg-file": _REQUIRED,
            "delimiter": _REQUIRED,
            "eof": _OPTIONAL,
            "replace": _OPTIONAL,
            "max-lines": _OPTIONAL,
            "max-args": _REQUIRED,
            "interactive": _NONE,
            "no-run-if-empty": _NONE,
            "max-chars": _REQUIRED,
            "verbose": _NONE,
            "exit": _NONE,
            "max-procs": _REQUIRED,
            "process-slot-var": _REQUIRED,
            "open-tty": _NONE,
            "show-limits": _NONE,
            **_HELP,
        },
    ),
    "setsid": _Syntax("cfwhV", long={"ctty": _NONE, "fork": _NONE, "wait": _NONE, **_HELP}),
    "ionice": _Syntax(
        "thV",
        "cnpPu",
        long={
            "class": _REQUIRED,
            "classdata": _REQUIRED,
            "pid": _REQUIRED,
            "pgid": _REQUIRED,
            "ignore": _NONE,
            "uid": _REQUIRED,
            **_HELP,
        },
    ),
    # `sudo -h host cmd`: -h takes the next word as a host when it does not start with '-' (and is help
    # otherwise, which runs nothing), so it reads as taking a value.
    "sudo": _Syntax(
        "ABbEeHiKklNnSsVv",
        "aCcDghpRrTtUu",
        long={
            "askpass": _NONE,
            "auth-type": _REQUIRED,
            "background": _NONE,
            "bell": _NONE,
            "close-from": _REQUIRED,
            "login-class": _REQUIRED,
            "chdir": _REQUIRED,
            "preserve-env": _OPTIONAL,
            "edit": _NONE,
            "group": _REQUIRED,
            "set-home": _NONE,
            "host": _REQUIRED,
            "login": _NONE,
            "remove-timestamp": _NONE,
            "reset-timestamp": _NONE,
            "list": _NONE,
            "non-interactive": _NONE,
            "preserve-groups": _NONE,
            "prompt": _REQUIRED,
            "chroot": _REQUIRED,
            "role": _REQUIRED,
            "stdin": _NONE,
            "shell": _NONE,
            "type": _REQUIRED,
            "command-timeout": _REQUIRED,
            "other-user": _REQUIRED,
            "user": _REQUIRED,
            "validate": _NONE,
            **_HELP,
        },
    ),
    "doas": _Syntax("Lns", "aCu"),
    # Found by an audit: these run the command that follows them too (R4.8 looks through wrappers).
    "busybox": _Syntax(long={"list": _NONE, "list-full": _NONE, "install": _NONE, **_HELP}),
    "taskset": _Syntax(
        "acpV h", long={"all-tasks": _NONE, "cpu-list": _NONE, "pid": _NONE, **_HELP}, operands=1
    ),
    "chroot": _Syntax(
        long={"userspec": _REQUIRED, "groups": _REQUIRED, "skip-chdir": _NONE, **_HELP}, operands=1
    ),
    "unshare": _Syntax(
        "fhrcV",
        "SGRwl",
        "muinpUCT",
        long={
            "mount": _OPTIONAL,
            "uts": _OPTIONAL,
            "ipc": _OPTIONAL,
            "net": _OPTIONAL,
            "pid": _OPTIONAL,
            "user": _OPTIONAL,
            "cgroup": _OPTIONAL,
            "time": _OPTIONAL,
            "fork": _NONE,
            "map-root-user": _NONE,
            "map-current-user": _NONE,
            "map-user": _REQUIRED,
            "map-group": _REQUIRED,
            "map-users": _REQUIRED,
            "map-groups": _REQUIRED,
            "map-auto": _NONE,
            "kill-child": _OPTIONAL,
            "keep-caps": _NONE,
            "mount-proc": _OPTIONAL,
            "mount-binfmt": _OPTIONAL,
            "propagation": _REQUIRED,
            "setgroups": _REQUIRED,
            "setuid": _REQUIRED,
            "setgid": _REQUIRED,
            "root": _REQUIRED,
            "wd": _REQUIRED,
            "monotonic": _REQUIRED,
            "boottime": _REQUIRED,
            "load-interp": _REQUIRED,
            **_HELP,
        },
    ),
}


def is_assignment(word: str) -> bool:
    """``NAME=value`` (or ``NAME+=value``) before a command."""
    eq = word.find("=")
    if eq <= 0:
        return False
    name = word[: eq - 1] if word[eq - 1] == "+" else word[:eq]
    return name.isidentifier() and name.isascii()


def _numeric(word: str) -> bool:
    """`nice -10`, `nice --10`, `nice -+10`: GNU nice's historical adjustment."""
    k = 2 if len(word) > 2 and word[1] in "-+" else 1
    return k < len(word) and word[k].isdigit()


# GNU env -S: escapes after a backslash, outside single quotes (inside them only \\ and \').
_SPLIT_ESCAPES = {"f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_SPLIT_SPACE = " \t\n\v\f\r"


def split_string(text: str) -> tuple[str, ...]:
    """The words GNU ``env -S`` makes of ``text``: quotes, backslash escapes, ``#`` comments, ``\\c``.

    One linear pass. What env would refuse (an unterminated quote, an unknown escape) is read as best as
    possible rather than dropped: these words only ever make deny and the caps see more.
    """
    out: list[str] = []
    cur: list[str] = []
    started = False  # an argument is open (even an empty one: `''`)
    sq = dq = False
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if sq:
            if c == "'":
                sq = False
            elif c == "\\" and i + 1 < n and text[i + 1] in "\\'":
                i += 1
                cur.append(text[i])
            else:
                cur.append(c)
            i += 1
            continue
        if c == "'" and not dq:
            sq = started = True
        elif c == '"':
            dq = not dq
            started = True
        elif c in _SPLIT_SPACE and not dq:
            if started:
                out.append("".join(cur))
                cur = []
                started = False
        elif c == "#" and not dq and not started:
            break  # a comment to the end
        elif c == "\\":
            i += 1
            e = text[i] if i < n else ""
            if e == "c" and not dq:
                break  # `\c`: the rest is ignored
            if e == "_" and not dq:
                if started:
                    out.append("".join(cur))
                    cur = []
                    started = False
            else:
                cur.append(" " if e == "_" else _SPLIT_ESCAPES.get(e, e))
                started = True
        else:
            cur.append(c)
            started = True
        i += 1
    if started:
        out.append("".join(cur))
    return tuple(out)


def _readings(words: tuple[str, ...], syntax: _Syntax, split: bool) -> list[tuple[str, ...]]:
    """Every command the wrapper ``words[0]`` may run, the most likely reading first.

    Positions are explored in increasing order and every option moves forward by one or two words, so
    this is one linear pass however many options are uncertain. With ``split`` (env), ``-S`` /
    ``--split-string`` ends a reading with ``env <its words> <the rest>``, which env parses again.
    """
    n = len(words)
    found: list[tuple[str, ...]] = []
    frontier = {1}
    while frontier and len(found) < _MAX_READINGS:
        k = min(frontier)
        frontier.discard(k)
        if k >= n:
            continue
        w = words[k]
        if w == "--":
            found.append(words[k + 1 + syntax.operands :])
            continue
        if syntax.assignments and is_assignment(w):
            frontier.add(k + 1)
            continue
        if len(w) < 2 or w[0] != "-":
            if w == "-" and syntax.dash_is_flag:
                frontier.add(k + 1)
            else:
                found.append(words[k + syntax.operands :])
            continue
        if syntax.numeric and _numeric(w):
            frontier.add(k + 1)
            continue
        steps: tuple[int, ...] = (1, 2)  # unknown: the next word may be its value, or the command
        value: str | None = None  # the value of -S / --split-string
        if w[1] == "-":
            name, eq, attached = w[2:].partition("=")
            hit = _long(name, syntax.long)
            if hit is not None:
                full, kind = hit
                steps = (2,) if kind == _REQUIRED and not eq else (1,)
                if split and full == "split-string":
                    value = attached if eq else (words[k + 1] if k + 1 < n else None)
            elif eq:
                steps = (1,)
        else:
            j = 1
            while j < len(w):
                kind = syntax.short.get(w[j], -1)
                if kind == _NONE:
                    j += 1
                    continue
                if kind == _REQUIRED:
                    attached_value = j + 1 < len(w)
                    steps = (1,) if attached_value else (2,)
                    if split and w[j] == "S":
                        value = w[j + 1 :] if attached_value else (words[k + 1] if k + 1 < n else None)
                elif kind == _OPTIONAL:
                    steps = (1,)  # the value, if any, is the rest of this word
                break  # an unknown letter leaves `steps` uncertain
            else:
                steps = (1,)
        if value is not None:
            after = k + steps[0]
            found.append(("env", *split_string(value), *words[after:]))
            continue
        for s in steps:
            frontier.add(k + s)
    return [r for r in found if r]


def _git_readings(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``git <global options> <subcommand> ...`` as ``git <subcommand> ...``, for every reading."""
    n = len(words)
    found: list[tuple[str, ...]] = []
    frontier = {1}
    while frontier and len(found) < _MAX_READINGS:
        k = min(frontier)
        frontier.discard(k)
        if k >= n:
            continue
        w = words[k]
        if not w.startswith("-") or w == "-":
            found.append(("git", *words[k:]))
            continue
        if w in GIT_GLOBAL_VALUE_OPTS:
            frontier.add(k + 2)
        elif w in GIT_GLOBAL_FLAGS or "=" in w:
            frontier.add(k + 1)
        else:
            frontier.add(k + 1)
            frontier.add(k + 2)
    return found


def _peel(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The views one layer further in: the commands ``cur`` may run in place of its first word(s)."""
    k = 0
    while k < len(cur) and is_assignment(cur[k]):
        k += 1
    if k:
        return [cur[k:]] if k < len(cur) else []
    verb = cur[0]
    slash = verb.rfind("/")
    if slash >= 0 and slash + 1 < len(verb):
        return [(verb[slash + 1 :],) + cur[1:]]
    if verb == "find":
        # `find ... -exec cmd {} ;` runs cmd: deny and the caps see it (R4.8).
        start = next((k for k, w in enumerate(cur) if w in _FIND_EXEC), -1)
        if start < 0:
            return []
        end = start + 1
        while end < len(cur) and cur[end] not in (";", "+"):
            end += 1
        inner = cur[start + 1 : end]
        return [inner] if inner else []
    if verb == "git":
        # Deny matches more (R4.8): `git -C dir push` is also seen as `git push`. A reading starts at the
        # subcommand, so it is never peeled again.
        if len(cur) > 1 and cur[1].startswith("-") and cur[1] != "-":
            return _git_readings(cur)
        return []
    syntax = WRAPPERS.get(verb)
    if syntax is None:
        return []
    return _readings(cur, syntax, verb == "env")


def views(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The segment as written, then after each layer peeled off (assignments, verb path, wrapper).

    Where a wrapper's options can be read more than one way, each reading is a view too: the most likely
    first and peeled all the way in, then the others.
    """
    out = [words]
    if not words:
        return out
    first = words[0]
    if "=" not in first and "/" not in first and first not in WRAPPERS and first != "git" and first != "find":
        return out  # the common case: nothing to look through
    stack = _peel(words)
    stack.reverse()
    while stack and len(out) <= _MAX_VIEWS:
        cur = stack.pop()
        out.append(cur)
        more = _peel(cur)
        more.reverse()
        stack.extend(more)
    return out


def look_through(words: tuple[str, ...]) -> tuple[str, ...]:
    """The innermost view of the most likely reading: the command that really runs."""
    cur = words
    for _ in range(_MAX_VIEWS):
        if not cur:
            break
        nxt = _peel(cur)
        if not nxt:
            break
        cur = nxt[0]
    return cur
