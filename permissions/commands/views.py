"""Looking through what stands before the real verb (SPEC R4.8).

``FOO=1 env -i nice -n 5 /usr/bin/curl x`` runs ``curl``. Deny, ask and the caps judge every *view* of a
segment -- as written, then after each assignment, wrapper or verb path is peeled off -- so they match
more when unsure. Allow judges only the segment as written.

A wrapper's options are read the way its own parser reads them (getopt: clustered short options, a value
attached or in the next word, unambiguous prefixes of long options). Where that reading is not certain --
an option the family table does not know, an ambiguous abbreviation -- the option may or may not take the
next word, and both readings become views (R4.8: when unsure, deny/ask match more). ``env -S`` splits its
argument into the command line and starts over, as GNU env does. The tables are the family modules'
(wrappers, runners, git, find); this module only walks them.
"""

from __future__ import annotations

from permissions.commands.find import FIND_EXEC
from permissions.commands.git import GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS, hub_runs_git
from permissions.commands.syntax import NONE, OPTIONAL, REQUIRED, Syntax, long_option
from permissions.commands.wrappers import PEELED_VERBS, RUNNERS, SUBCOMMAND_RUNNERS, WRAPPERS

__all__ = ["is_assignment", "look_through", "readings", "split_string", "views"]

# Peeling stops after this many views (a wrapper chain longer than this is absurd), and one wrapper adds
# at most this many readings of its options (a real command line has one or two uncertain options).
_MAX_VIEWS = 32
_MAX_READINGS = 8


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


def readings(words: tuple[str, ...], syntax: Syntax, split: bool) -> list[tuple[str, ...]]:
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
            hit = long_option(name, syntax.long)
            if hit is not None:
                full, kind = hit
                steps = (2,) if kind == REQUIRED and not eq else (1,)
                if split and full == "split-string":
                    value = attached if eq else (words[k + 1] if k + 1 < n else None)
            elif eq:
                steps = (1,)
        else:
            j = 1
            while j < len(w):
                kind = syntax.short.get(w[j], -1)
                if kind == NONE:
                    j += 1
                    continue
                if kind == REQUIRED:
                    attached_value = j + 1 < len(w)
                    steps = (1,) if attached_value else (2,)
                    if split and w[j] == "S":
                        value = w[j + 1 :] if attached_value else (words[k + 1] if k + 1 < n else None)
                elif kind == OPTIONAL:
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
        start = next((k for k, w in enumerate(cur) if w in FIND_EXEC), -1)
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
    if verb == "hub":
        # `hub push`, `hub st`: hub hands every form but its own commands to git (issue 11 class 6).
        return [("git", *cur[1:])] if hub_runs_git(cur) else []
    syntax = WRAPPERS.get(verb) or RUNNERS.get(verb)
    if syntax is None:
        if len(cur) > 1:
            sub = SUBCOMMAND_RUNNERS.get((verb, cur[1]))
            if sub is not None:
                # `npm exec -- pkg args`, `pnpm dlx pkg`, `uv run cmd`: read from the subcommand on.
                return readings(cur[1:], sub, False)
        if verb == "capsh" and "--" in cur:
            # capsh hands everything after `--` to /bin/bash (`capsh -- -c 'cmd'`).
            return [("bash", *cur[cur.index("--") + 1 :])]
        return []
    return readings(cur, syntax, verb == "env")


def _peels(verb: str) -> bool:
    """Whether _peel may find a layer under a view starting with ``verb`` (an assignment, a verb path, a
    wrapper); False is what _peel would answer, without the work."""
    return "=" in verb or "/" in verb or verb in PEELED_VERBS


def views(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The segment as written, then after each layer peeled off (assignments, verb path, wrapper).

    Where a wrapper's options can be read more than one way, each reading is a view too: the most likely
    first and peeled all the way in, then the others.
    """
    out = [words]
    if not words:
        return out
    if not _peels(words[0]):
        return out  # the common case: nothing to look through
    stack = _peel(words)
    stack.reverse()
    while stack and len(out) <= _MAX_VIEWS:
        cur = stack.pop()
        out.append(cur)
        if cur and not _peels(cur[0]):
            continue  # nothing further to look through: `x=1 make` -> `make`
        more = _peel(cur)
        more.reverse()
        stack.extend(more)
    return out


def look_through(words: tuple[str, ...]) -> tuple[str, ...]:
    """The innermost view of the most likely reading: the command that really runs."""
    if words and not _peels(words[0]):
        return words  # the common case: nothing to look through (as in views)
    cur = words
    for _ in range(_MAX_VIEWS):
        if not cur:
            break
        nxt = _peel(cur)
        if not nxt:
            break
        cur = nxt[0]
    return cur
