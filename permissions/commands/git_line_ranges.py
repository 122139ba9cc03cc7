"""git's line ranges (`git log -L`, `git blame -L`): which part of the value names a file (SPEC R6.2).

`-L <start>,<end>:<file>` (log) and `-L <start>,<end>` (blame, annotate): each end a line number, `+N`/`-N` or a
`/regex/` (`^/regex/` anchored, `\\/` inside it escaped); or `:<funcname>:<file>` (log), `:<funcname>` (blame).
Read as git's line-range.c skips a range (skip_range_arg, parse_loc, parse_range_funcname): the range first, then
log's file is what follows the colon after it -- never the last colon (`1,2:/etc/x:y` is the file `/etc/x:y`).
A value git would not read so is left as written, for the scope to check as a place.
"""

from __future__ import annotations

from permissions.commands.git_globals import _git_subcommand

__all__ = ["line_ranges_read"]

# The subcommands whose `-L` is a line range, and whether it carries the file (log's) or not (blame's).
_RANGE_FILE = {"log": True, "blame": False, "annotate": False}
# Their options that take the next word as their value (a `-L` there is that value, not a range): blame's and
# log's (revision.c's parse_long_opt and diff's parse-options read `--author x` as `--author=x`). Another
# option's value taken for a range could only shorten a word git reads as a revision or a pathspec, which git
# refuses outside the repository.
_VALUED = frozenset(
    {
        "--contents",
        "-S",
        "--ignore-rev",
        "--ignore-revs-file",
        "--date",
        "-n",
        "--max-count",
        "--skip",
        "--author",
    }
    | {
        "--committer",
        "--grep",
        "--since",
        "--after",
        "--until",
        "--before",
        "-G",
        "-O",
        "--output",
        "--exclude",
    }
)


def _skip_loc(value: str, k: int) -> int:
    """Past one end of a range at ``k`` (parse_loc): digits, `+N`/`-N`, or `/regex/` (`^/regex/`); ``k`` when git
    reads none there."""
    j = k + 1 if value[k : k + 1] in ("+", "-") else k
    if value[j : j + 1].isdigit():
        while j < len(value) and value[j].isdigit():
            j += 1
        return j
    j = k + 1 if value[k : k + 1] == "^" else k
    if value[j : j + 1] != "/":
        return k
    j += 1
    while j < len(value) and value[j] != "/":
        j += 2 if value[j] == "\\" else 1
    return j + 1 if j < len(value) else k


def _skip_range(value: str) -> int:
    """Where the range that leads ``value`` ends (skip_range_arg); -1 when git reads no range there."""
    k = 1 if value[:2] == "^:" else 0
    if value[k : k + 1] == ":":  # `:funcname` up to the next colon (`\\:` escaped)
        j = k + 1
        while j < len(value) and value[j] != ":":
            j += 2 if value[j] == "\\" and j + 1 < len(value) else 1
        return j if j > k + 1 else -1
    end = _skip_loc(value, 0)
    if end == 0:
        return -1
    if value[end : end + 1] == ",":
        end = _skip_loc(value, end + 1)  # (an empty end is git's too: `5,:f`)
    return end


def _read(value: str, with_file: bool) -> str | None:
    """What of ``value`` names a place: log's file, "" for blame's range; None when git would not read it so."""
    end = _skip_range(value)
    if end < 0:
        return None
    if not with_file:
        return "" if end == len(value) else None
    return value[end + 1 :] if value[end : end + 1] == ":" and end + 1 < len(value) else None


def line_ranges_read(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` (a git segment) with each `-L` value of log, blame or annotate replaced by the file it names
    (log) or blanked (blame's range names none); a value git would not read as a range stays as written."""
    sub = _git_subcommand(words)
    if sub < 0 or sub >= len(words) or words[sub] not in _RANGE_FILE:
        return words
    with_file = _RANGE_FILE[words[sub]]
    out = list(words)
    k = sub + 1
    while k < len(words) and words[k] != "--":
        w = words[k]
        if w == "-L" and k + 1 < len(words):
            read = _read(words[k + 1], with_file)
            if read is not None:
                out[k + 1] = read
            k += 2
            continue
        if w in _VALUED:
            k += 2
            continue
        if w[:2] == "-L" and len(w) > 2:
            read = _read(w[2:], with_file)
            if read is not None:
                out[k] = read
        k += 1
    return tuple(out)
