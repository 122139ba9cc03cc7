"""R1.5 [beyond]: Jujutsu (`jj`) moving a protected branch.

In a repository jj shares with git (``jj git init --colocate``, the default for a git checkout since jj 0.34),
a jj *bookmark* is a git branch: jj writes ``refs/heads/<name>`` as soon as the command ends. So a bookmark
command naming a protected branch moves it (``jj bookmark set main -r @``, ``move``, ``create``, ``delete``,
``forget``, ``rename``; ``jj b s main``), and so does a command that rewrites the commit a protected bookmark
points at -- jj moves the bookmark onto the rewritten commit (``jj describe dev``, ``jj rebase -b dev``, ``jj
abandon dev``, ``jj squash --into dev``, ``jj edit dev``, after which every snapshot amends that commit).
Creating a commit on top of one (``jj new main``), a rebase *onto* one (``-d main``) and the messages given
with ``-m`` move nothing.

A name given as a pattern (``glob:ma*``, ``regex:``, ``substring:``) or a revset calling a function
(``bookmarks()``, ``heads(x)``) may match a protected branch: fail closed. ``jj git fetch``/``jj git import``
move local bookmarks only to what the remote or git already holds, and are left to the fetch reading (so is
``jj bookmark track main@origin``). ``jj op restore <op>``, ``jj op revert <op>`` (``jj undo <op>``) set
bookmarks to where an earlier operation left them: any may move (``jj undo`` alone stays ordinary).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# jj's global options that take a value (as `--opt value` or `--opt=value`).
_GLOBAL_VALUED = frozenset({"-R", "--repository", "--at-operation", "--at-op", "--color", "--config",
                            "--config-toml", "--config-file"})  # fmt: skip

_BOOKMARK = frozenset({"bookmark", "b", "branch"})

# bookmark subcommands (and their one-letter aliases) that create, move, delete or rename the bookmarks named.
_BOOKMARK_MOVES = frozenset({"create", "c", "delete", "d", "forget", "f", "move", "m", "rename", "r", "set",
                             "s"})  # fmt: skip
# their options that take a value which is no bookmark name (a revision)
_BOOKMARK_VALUED = frozenset({"-r", "--revision", "--to", "-t", "--from", "-f"})
# `jj bookmark move` with no name moves every bookmark at `--from`
_MOVE = frozenset({"move", "m"})

# Commands that rewrite commits: the options whose values are the revisions rewritten; every other option's
# value is skipped (a destination, a message, a path); operands are revisions where the command takes them.
_REWRITES: dict[str, tuple[frozenset[str], frozenset[str], bool]] = {
    # command: (options naming rewritten revisions, other options taking a value, operands are revisions)
    "describe": (
        frozenset({"-r", "--revision", "--revisions"}),
        frozenset({"-m", "--message", "--author"}),
        True,
    ),
    "desc": (
        frozenset({"-r", "--revision", "--revisions"}),
        frozenset({"-m", "--message", "--author"}),
        True,
    ),
    "abandon": (frozenset({"-r", "--revision", "--revisions"}), frozenset(), True),
    "edit": (frozenset({"-r", "--revision"}), frozenset(), True),
    "rebase": (
        frozenset({"-b", "--branch", "-s", "--source", "-r", "--revision", "--revisions"}),
        frozenset(
            {
                "-d",
                "--destination",
                "-o",
                "--onto",
                "-A",
                "--insert-after",
                "--after",
                "-B",
                "--insert-before",
                "--before",
            }
        ),
        False,
    ),  # fmt: skip
    "squash": (
        frozenset({"-r", "--revision", "--from", "-f", "--into", "-t", "--to"}),
        frozenset({"-m", "--message"}),
        False,
    ),
    "split": (frozenset({"-r", "--revision"}), frozenset({"-m", "--message"}), False),
    "absorb": (frozenset({"--from", "-f", "--into", "-t", "--to"}), frozenset(), False),
    "diffedit": (frozenset({"-r", "--revision", "--to", "-t"}), frozenset({"--from", "-f", "--tool"}), False),
    "restore": (
        frozenset({"--into", "-t", "--to", "-r", "--revision"}),
        frozenset({"--from", "-f", "-c", "--changes-in", "--tool"}),
        False,
    ),  # fmt: skip
    "metaedit": (frozenset({"-r", "--revision", "--revisions"}), frozenset({"--author"}), True),
    "parallelize": (frozenset(), frozenset(), True),
    "simplify-parents": (frozenset({"-r", "--revisions", "-s", "--source"}), frozenset(), False),
    "fix": (frozenset({"-s", "--source"}), frozenset({"--tool"}), False),
    # red team: signing, resolving and a file's mode changed in a revision rewrite it too (`jj sign -r main`,
    # `jj resolve -r main`, `jj file chmod x -r main`: `file`'s subcommand read as the command)
    "sign": (frozenset({"-r", "--revisions"}), frozenset({"--key"}), False),
    "unsign": (frozenset({"-r", "--revisions"}), frozenset(), False),
    "resolve": (frozenset({"-r", "--revision"}), frozenset({"--tool"}), False),
    "chmod": (frozenset({"-r", "--revision"}), frozenset(), False),
}

UNKNOWN = "\0unknown"

_SYMBOL = re.compile(r"[^\s|&~:,()'\"]+")


def _named(revset: str, out: list[str]) -> None:
    """The bookmark names a revision word may stand for: its symbols, each without a trailing parent/child
    step (``main-``, ``main+``) or a remote (``main@origin``); a function call or a pattern may stand for any."""
    if "(" in revset or revset.split(":", 1)[0] in ("glob", "regex", "substring", "glob-i", "regex-i",
                                                     "substring-i"):  # fmt: skip
        out.append(UNKNOWN)
        return
    for sym in _SYMBOL.findall(revset.removeprefix("exact:")):
        name = sym.rstrip("-+").partition("@")[0]
        if name and name not in (".", ".."):
            out.append(name)


def _split(words: tuple[str, ...], valued: frozenset[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """(options with their values, operands): ``--opt=v`` and ``--opt v`` for the options in ``valued``; any
    other word starting with `-` is a flag; after ``--`` all are operands."""
    opts: list[tuple[str, str]] = []
    operands: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "--":
            operands.extend(words[i + 1 :])
            break
        if w[:2] == "--" and "=" in w:
            key, _, value = w.partition("=")
            opts.append((key, value))
        elif w in valued and i + 1 < len(words):
            opts.append((w, words[i + 1]))
            i += 1
        elif len(w) > 2 and w[0] == "-" and w[1] != "-" and w[:2] in valued:
            opts.append((w[:2], w[2:]))  # `-rmain`
        elif w[:1] == "-" and len(w) > 1:
            opts.append((w, ""))
        else:
            operands.append(w)
        i += 1
    return opts, operands


def _command(view: tuple[str, ...]) -> tuple[str, ...]:
    """The words after jj's global options."""
    i = 1
    while i < len(view):
        w = view[i]
        if w in _GLOBAL_VALUED:
            i += 2
        elif w[:1] == "-" and len(w) > 1:
            i += 1  # a flag, `--opt=value` or `-Rpath`
        else:
            return view[i:]
    return ()


def _bookmarks(rest: tuple[str, ...]) -> list[str]:
    if len(rest) < 2 or rest[1] not in _BOOKMARK_MOVES:
        return []
    opts, names = _split(rest[2:], _BOOKMARK_VALUED)
    if not names and rest[1] in _MOVE:
        return [UNKNOWN]  # `jj bookmark move --from x --to y`: every bookmark at x
    out: list[str] = []
    for n in names:
        _named(n, out)
    return out


def _rewritten(rest: tuple[str, ...]) -> list[str]:
    revisions, others, operands_are = _REWRITES[rest[0]]
    opts, operands = _split(rest[1:], revisions | others)
    out: list[str] = []
    for key, value in opts:
        if key in revisions:
            _named(value, out)
    if operands_are:
        for w in operands:
            _named(w, out)
    return out


# `jj op restore <op>` sets every bookmark to where an earlier operation left it; `jj op revert <op>` (older jj:
# `jj op undo <op>`, `jj undo <op>`) undoes an earlier operation's moves. Which bookmarks move is not in the
# words: any may. (`jj undo` alone, undoing the command just run, is left ordinary.)
_OPERATION = frozenset({"op", "operation"})
_RESTORES = frozenset({"restore", "revert"})


def _operations(rest: tuple[str, ...]) -> list[str]:
    if rest[0] == "undo":
        return [UNKNOWN] if _split(rest[1:], _GLOBAL_VALUED)[1] else []
    if len(rest) < 2:
        return []
    if rest[1] in _RESTORES or (rest[1] == "undo" and _split(rest[2:], _GLOBAL_VALUED)[1]):
        return [UNKNOWN]
    return []


_READERS: dict[str, Callable[[tuple[str, ...]], list[str]]] = dict.fromkeys(_BOOKMARK, _bookmarks)
_READERS.update(dict.fromkeys(_REWRITES, _rewritten))
_READERS.update(dict.fromkeys(_OPERATION | {"undo"}, _operations))


# red team: `jj new main` makes the working copy a child of main's commit; a `jj squash` or `jj absorb` naming no
# revision then moves the working copy's changes into its parent -- main's commit, rewritten (and the bookmark
# with it). permissions.commands.git_branches follows the parents a `jj new` gives the working copy.
_INTO_PARENT = {
    "squash": frozenset({"-r", "--revision", "--from", "-f", "--into", "-t", "--to"}),
    "absorb": frozenset({"--into", "-t", "--to"}),
}
_NEW = frozenset({"new"})
_NEW_VALUED = frozenset(
    {"-m", "--message", "-A", "--insert-after", "--after", "-B", "--insert-before", "--before"}
)


def jj_new_parents(view: tuple[str, ...]) -> list[str] | None:
    """The bookmark names ``jj new`` makes the working copy's parents (``@`` when none is named: the working
    copy's own, not known here), or None for any other view."""
    rest = _command(view)
    if not rest or rest[0] not in _NEW:
        return None
    opts, operands = _split(rest[1:], _NEW_VALUED)
    out: list[str] = []
    for key, value in opts:
        if key in ("-A", "--insert-after", "--after"):
            _named(value, out)
    for w in operands:
        _named(w, out)
    return out


def jj_squashes_into_parent(view: tuple[str, ...]) -> bool:
    """Whether a ``jj squash``/``jj absorb`` view names no revision: it rewrites the working copy's parent."""
    rest = _command(view)
    named = _INTO_PARENT.get(rest[0]) if rest else None
    if named is None:
        return False
    opts, _ = _split(rest[1:], named)
    return not any(key in named for key, _ in opts)


def jj_moved(view: tuple[str, ...]) -> list[str]:
    """The bookmark (branch) names a ``jj`` view creates, moves, deletes, renames or rewrites; ``UNKNOWN``
    when a pattern or a function may name any."""
    rest = _command(view)
    if rest[:1] == ("file",) and len(rest) > 1:
        rest = rest[1:]  # `jj file chmod -r main x`
    reader = _READERS.get(rest[0]) if rest else None
    return reader(rest) if reader is not None else []
