"""Settings and wrappers that change nothing of what a command does (friction: SPEC R4.8, the allow side).

Agents write a test run the way a team's CI does: ``CI=true npm test``, ``RUST_BACKTRACE=1 cargo test``,
``env NODE_ENV=test npx jest``, ``timeout 300 pytest -q``, ``GOOS=linux GOARCH=arm64 go build ./...``. R4.8
keeps an allow literal so that what is put before a command cannot change what it runs (``LD_PRELOAD=x.so
npm test``, ``PATH=. npm test``, ``env -i claude``). A prefix that provably changes nothing of what runs, where
or on what, is not such a change: the allow that covers the command covers it with this prefix too -- the rule
Claude Code itself applies to its own allow rules ("safe wrapper commands and safe environment variable
assignments are stripped before matching").

Closed on purpose (R4.9): a prefix is plain only when every layer of it is one of

- an assignment (before the command, or after ``env`` with no option of its own) to a variable of
  :data:`PLAIN_SETTINGS` -- a mode, a colour switch, a locale, a log level or a target platform, never a
  program, a file, a folder, a host, a proxy, options handed to an interpreter or a build tool, nor anything a
  coding agent or Brabo's hook reads -- with a plain literal value (letters, digits and ``_ . , : = + % @ * -``,
  no ``..``: no expansion, no path, no space);
- ``timeout`` with its own options (``-s SIG``, ``-k DUR``, ``--foreground``, ``--preserve-status``, ``-v``)
  and a duration: it only stops the command;
- ``nice`` with a numeric adjustment: it only lowers the command's priority;
- bash's ``time`` keyword (``-p`` at most): it only reports how long the command took;
- ``xargs`` with its own plain options (``-0``, ``-r``, ``-n N``, ``-L N``, ``-P N``, ``-d X``, ``-I R``,
  ``-t``): the command gets the names its input holds as operands, as ``wc -l $(find . -name '*.py')`` gets
  them from a substitution (what is printed is no location either way: R4.7); a command that may write the
  names it is handed (``xargs rm``, ``xargs sed -i``) is opaque already (permissions.commands.writes);
- a pager switched off (``GIT_PAGER=cat``, ``PAGER=``): the output is printed as it is.

The same holds for the options a program takes before its command that only say in which folder of the project
it runs, or how much it prints (:func:`moved_here`): git's ``-C dir`` and ``--no-pager``, npm's ``--prefix
dir`` and ``-w dir``, pnpm's ``-C dir``, ``--dir``, ``-r`` and ``-w``, yarn's ``--cwd dir`` and ``yarn
workspace <name>``, Maven's ``-B -q -ntp -pl core -am``, Gradle's ``--no-daemon -q --offline -p dir``, make's
``-C dir -j4 -s`` -- the command the team allowed, run in another folder of the project (as ``cd dir && npm
test`` is); the folder is a word the path scope judges (R6.1): outside the project, it asks. Not ``-D``/``-P``
(properties and profiles), ``-s``/``-gs`` settings files, ``--init-script``, ``-I``, ``--scan`` (a build
scan published), nor any option not listed.

Anything else -- another variable, a value that expands or names a path, ``env -i``/``-u``/``-S``/``-C``,
GNU time's ``-o FILE``, ``nohup`` (its output file), ``stdbuf`` (a preloaded library), ``command``, ``exec`` --
keeps the allow literal. Deny, ask, the floor, the caps and R4.9's opaque reading judge the segment through
every view as before (permissions.commands.wrappers): this only lets the allow see the command underneath.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["MOVED_PROGRAMS", "PLAIN_SETTINGS", "moved_here", "plain_setting", "plainly_prefixed"]

PLAIN_SETTINGS = frozenset(
    {
        # the mode a project's own code reads (its configuration is the project's, as the command's is)
        "CI",
        "NODE_ENV",
        "BABEL_ENV",
        "RAILS_ENV",
        "RACK_ENV",
        "APP_ENV",
        "MIX_ENV",
        # colour, width, locale, time zone of the output
        "FORCE_COLOR",
        "NO_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "COLUMNS",
        "TZ",
        "LANG",
        "LANGUAGE",
        "LC_ALL",
        "LC_CTYPE",
        "CARGO_TERM_COLOR",
        # how much a run logs or reports
        "DEBUG",
        "LOG_LEVEL",
        "RUST_BACKTRACE",
        "RUST_LOG",
        "NODE_NO_WARNINGS",
        "PYTHONFAULTHANDLER",
        "PYTHONUNBUFFERED",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONHASHSEED",
        "PYTHONUTF8",
        "PYTHONIOENCODING",
        # how many threads, and for which platform a build compiles
        "RUST_TEST_THREADS",
        "CARGO_BUILD_JOBS",
        "CARGO_INCREMENTAL",
        "GOMAXPROCS",
        "GOOS",
        "GOARCH",
        "GOARM",
        "GOAMD64",
        "CGO_ENABLED",
        # telemetry switched off
        "NEXT_TELEMETRY_DISABLED",
        "DO_NOT_TRACK",
        "DOTNET_CLI_TELEMETRY_OPTOUT",
    }
)
# A pager switched off: the output is printed as it is (`GIT_PAGER=cat git log`, `AWS_PAGER= aws ...`); any
# other value is a command line, read as a segment of its own (permissions.commands.environment).
_PAGERS = frozenset({"GIT_PAGER", "PAGER", "GH_PAGER", "AWS_PAGER"})
_NO_PAGER = frozenset({"", "cat"})
_PLAIN_VALUE = re.compile(r"[A-Za-z0-9_.,:=+%@*-]*")
_DURATION = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)[smhd]?")
_TIMEOUT_FLAGS = frozenset({"--foreground", "--preserve-status", "-v", "--verbose"})
_TIMEOUT_VALUED = ("-s", "-k", "--signal", "--kill-after")
_SIGNAL = re.compile(r"[A-Za-z0-9+]{1,16}")


def plain_setting(word: str) -> bool:
    """Whether ``word`` is ``NAME=VALUE`` for a plain setting (see the module's note)."""
    name, eq, value = word.partition("=")
    if name in _PAGERS:
        return value in _NO_PAGER
    return (
        bool(eq)
        and name in PLAIN_SETTINGS
        and ".." not in value
        and _PLAIN_VALUE.fullmatch(value) is not None
    )


def _timeout_end(words: tuple[str, ...], k: int) -> int | None:
    """The index after ``timeout``'s options and duration (``words[k]`` is ``timeout``), or None."""
    k += 1
    n = len(words)
    while k < n and words[k][:1] == "-":
        w = words[k]
        if w in _TIMEOUT_FLAGS:
            k += 1
            continue
        opt, eq, value = w.partition("=")
        if opt in _TIMEOUT_VALUED[2:] and eq:
            pass
        elif w in _TIMEOUT_VALUED:
            k += 1
            value = words[k] if k < n else ""
        elif w[:2] in _TIMEOUT_VALUED[:2] and len(w) > 2:
            value = w[2:]
        else:
            return None  # an option not read here
        if not (_DURATION.fullmatch(value) or _SIGNAL.fullmatch(value)):
            return None
        k += 1
    if k < n and _DURATION.fullmatch(words[k]):
        return k + 1
    return None


def _nice_end(words: tuple[str, ...], k: int) -> int | None:
    """The index after ``nice``'s adjustment (``words[k]`` is ``nice``: ``-n N``, ``-nN``, ``-N``,
    ``--adjustment=N`` or none), or None."""
    k += 1
    w = words[k] if k < len(words) else ""
    if w[:1] != "-":
        return k
    if w == "-n":
        k += 1
        digits = words[k] if k < len(words) else ""
    elif w.startswith("--adjustment="):
        digits = w[13:]
    else:
        digits = w[2:] if w[:2] == "-n" else w[1:]
    return k + 1 if digits.lstrip("+-").isdigit() else None


_XARGS_FLAGS = frozenset({"-0", "--null", "-r", "--no-run-if-empty", "-t", "--verbose", "-x", "--exit"})
_XARGS_COUNTS = frozenset({"-n", "-L", "-P", "-s"})  # a number each
_XARGS_TEXTS = frozenset({"-d", "-I"})  # a delimiter, the text replaced by each input item
_XARGS_LONG = frozenset(
    {"--max-args", "--max-lines", "--max-procs", "--max-chars", "--delimiter", "--replace"}
)


def _xargs_end(words: tuple[str, ...], k: int) -> int | None:
    """The index after xargs's own options (``words[k]`` is ``xargs``: those above; not ``-a FILE``, ``-o``,
    ``-p``, ``-E``, ``--process-slot-var``), or None."""
    k += 1
    n = len(words)
    while k < n and words[k][:1] == "-":
        w = words[k]
        head = w[:2]
        if w in _XARGS_FLAGS or (w[:2] == "--" and w.partition("=")[0] in _XARGS_LONG and "=" in w):
            k += 1
        elif head in _XARGS_COUNTS:
            value = w[2:] or (words[k + 1] if k + 1 < n else "")
            if not value.isdigit():
                return None
            k += 1 if w[2:] else 2
        elif head in _XARGS_TEXTS:
            k += 1 if w[2:] else 2
        else:
            return None
    return k


def _layer_end(words: tuple[str, ...], k: int, assigning: bool) -> tuple[int, bool] | None:
    """Where the plain layer at ``words[k]`` ends, and whether an assignment may follow it; None when the word
    is no plain layer (``assigning``: the shell or ``env`` reads an assignment there)."""
    w = words[k]
    if "=" in w and w[:1] != "-":
        return (k + 1, assigning) if assigning and plain_setting(w) else None
    if w == "env":
        return k + 1, True  # env reads the assignments after it, wherever it stands
    if w == "timeout":
        end = _timeout_end(words, k)
    elif w == "nice":
        end = _nice_end(words, k)
    elif w == "xargs":
        end = _xargs_end(words, k)
    elif w == "time":
        if not assigning:
            return None  # bash's keyword leads the pipeline; after a program it is GNU time
        end = k + 2 if k + 1 < len(words) and words[k + 1] == "-p" else k + 1
        return end, True
    else:
        return None
    return (end, False) if end is not None else None


def plainly_prefixed(words: tuple[str, ...], dynamic: Collection[int] = ()) -> tuple[str, ...] | None:
    """The command under a plain prefix (see the module's note) of ``words``, or None when ``words`` has no
    such prefix or any layer of it is not plain (``dynamic``: the indexes of words that are not literal)."""
    k = 0
    n = len(words)
    assigning = True
    while k < n:
        if k in dynamic:
            return None
        got = _layer_end(words, k, assigning)
        if got is None:
            break
        end, assigning = got
        if any(j in dynamic for j in range(k, min(end, n))):
            return None
        k = end
    if k == 0 or k >= n or words[k][:1] == "-" or "=" in words[k]:
        return None  # nothing peeled; nothing under it; an option or an assignment where the program goes
    return words[k:]


# Options before the command that take a folder (or a workspace's name, a module's, a thread count), and those
# that take nothing, per program: where it runs, or how much it prints -- never what runs.
_MAVEN = (
    frozenset({"-pl", "--projects", "-f", "--file", "-T", "--threads"}),
    frozenset(
        {
            "-B",
            "--batch-mode",
            "-q",
            "--quiet",
            "-e",
            "--errors",
            "-ntp",
            "--no-transfer-progress",
            "-o",
            "--offline",
            "-am",
            "--also-make",
            "-ff",
            "--fail-fast",
            "-fae",
            "--fail-at-end",
        }
    ),
)
_GRADLE = (
    frozenset({"-p", "--project-dir", "-x", "--exclude-task", "--console", "--warning-mode"}),
    frozenset(
        {
            "-q",
            "--quiet",
            "-i",
            "--info",
            "-s",
            "--stacktrace",
            "--no-daemon",
            "--daemon",
            "--offline",
            "--parallel",
            "--continue",
            "--build-cache",
            "--no-build-cache",
        }
    ),
)
_FOLDER_OPTIONS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "git": (frozenset({"-C"}), frozenset({"--no-pager", "-P", "--no-optional-locks"})),
    "npm": (frozenset({"--prefix", "-w", "--workspace"}), frozenset({"-ws", "--workspaces"})),
    "pnpm": (
        frozenset({"-C", "--dir", "-F", "--filter"}),
        frozenset({"-r", "--recursive", "-w", "--workspace-root"}),
    ),
    "yarn": (frozenset({"--cwd"}), frozenset()),
    "mvn": _MAVEN,
    "./mvnw": _MAVEN,
    "mvnw": _MAVEN,
    "gradle": _GRADLE,
    "./gradlew": _GRADLE,
    "gradlew": _GRADLE,
    "make": (
        frozenset({"-C", "--directory", "-f", "--file", "-j", "--jobs"}),
        frozenset({"-s", "--silent", "--no-print-directory", "-k", "--keep-going", "-n", "--dry-run"}),
    ),
}
# Short options whose value may be glued to them (`make -j4`, `make -Csub`, `mvn -T4`).
_GLUED = frozenset({"-j", "-C", "-T"})
MOVED_PROGRAMS = frozenset(_FOLDER_OPTIONS)


def moved_here(words: tuple[str, ...], dynamic: Collection[int] = ()) -> tuple[str, ...] | None:
    """``words`` without the options before its command that only say in which folder of the project it runs
    (see the module's note): ``git -C dir --no-pager log`` as ``git log``, ``npm --prefix web test`` as ``npm
    test``, ``yarn workspace @acme/ui test`` as ``yarn test``; None when there are none, or another option
    stands before the command (``dynamic``: the indexes of words that are not literal)."""
    program = words[0] if words else ""
    table = _FOLDER_OPTIONS.get(program)
    if table is None:
        return None
    valued, flags = table
    n = len(words)
    k = 1
    if program == "yarn" and n > 3 and words[1] == "workspace":
        k = 3  # `yarn workspace <name> <command>`
    while k < n and words[k][:1] == "-":
        w = words[k]
        if k in dynamic and w[:2] != "--":
            return None  # an option's name that is not literal (its value is the path scope's to judge)
        if w in flags:
            k += 1
        elif w in valued:
            k += 2
        elif (w.partition("=")[0] in valued and w[:2] == "--") or (w[:2] in _GLUED and w[:2] in valued):
            k += 1
        else:
            return None
    if k == 1 or k >= n or k in dynamic:
        return None
    return (program, *words[k:])
