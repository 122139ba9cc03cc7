"""R4.10, red team: bash's patterns as bash reads them -- a glob written as Python's fnmatch reads it, and what the
expansions that cut or change a variable's value by a pattern give (:func:`expanded_value`).

fnmatch and bash agree on `*`, `?` and `[abc]`, but not on the rest of a bracket expression: bash negates a set
with `[^…]` as with `[!…]` (fnmatch reads `^` as a character), and knows the POSIX classes (`[[:alpha:]]`), the
equivalence classes (`[[=e=]]`) and the collating symbols (`[[.e.]]`), which fnmatch reads as characters. So `cat
.[^x]nv` and `cat .[[:lower:]]nv`, which bash expands to `.env`, did not meet a deny of `cat .env`.
:func:`bash_glob` rewrites them as the sets fnmatch reads the same way (the ASCII members of each class: a name
the class holds beyond them is not matched -- what a rule names is ASCII in practice).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable

from permissions.memos import Memo

_CLASSES = {
    "alpha": "a-zA-Z",
    "alnum": "a-zA-Z0-9",
    "upper": "A-Z",
    "lower": "a-z",
    "digit": "0-9",
    "xdigit": "0-9A-Fa-f",
    "space": " \t\n\r\f\v",
    "blank": " \t",
    "punct": "!-/:-@[-`{-~",
    "print": " -~",
    "graph": "!-~",
    "word": "a-zA-Z0-9_",
    "cntrl": "\x00-\x1f\x7f",
}
# `[:class:]`, `[=c=]` or `[.c.]` inside a bracket expression
_BRACKET_TERM = re.compile(r"\[:([a-z]+):\]|\[([=.])(.)\2\]")
# a bracket expression as bash reads it: `[`, an optional `!` or `^`, a `]` first taken as a member, then members
# (a class term whole) up to the closing `]`
_BRACKET = re.compile(r"\[([!^]?)(\]?(?:\[:[a-z]+:\]|\[([=.]).\3\]|[^\]])*)\]")


def _set(m: re.Match[str]) -> str:
    negated, body = m.group(1), m.group(2)
    body = _BRACKET_TERM.sub(lambda t: _CLASSES.get(t.group(1), "") if t.group(1) else t.group(3), body)
    return "[" + ("!" if negated else "") + body + "]" if body else m.group(0)


def bash_glob(glob: str) -> str:
    """``glob`` with its bracket expressions written as fnmatch reads them (see above); itself when it has none."""
    if "[" not in glob:
        return glob
    return _BRACKET.sub(_set, glob)


# The expansions expanded_value computes, as a regular expression's group: a change of case (`${f,,}`, `${f@L}`), a
# cut (`${f%.bak}`), a slice (`${f:1}`; `:-` and the like are a default, read elsewhere) or a replacement (`${f/x}`).
# (permissions.where and permissions.matching build their readings of `${NAME<op>ARG}` from it.)
EXPANSION_OPERATOR = r"(,,?|\^\^?|~~?|##?|%%?|:(?=[\s0-9(-])|@(?=[ULu]\})|//?)"

_CASES: dict[str, Callable[[str], str]] = {
    ",": str.lower,
    "^": str.upper,
    "~": str.swapcase,
    "@L": str.lower,
    "@U": str.upper,
    "@u": str.upper,
}
_SLICE = re.compile(r"\s*\(?\s*(-?\d+)\s*\)?\s*(?::\s*\(?\s*(-?\d+)\s*\)?\s*)?")
_LONGEST_VALUE = 64  # (a longer value is not cut by a pattern: hostile input, each cut a regular expression)


def expanded_value(value: str, op: str, arg: str) -> str | None:
    """R4.10, red team: what bash's expansion ``op`` (with ``arg``) gives of a variable holding ``value`` --
    `${f,,}` of `.ENV` is `.env`, `${f%.bak}` of `.env.bak` is `.env`, `${f:1}` of `..env` is `.env`, `${f/x/v}`
    of `.enx` is `.env`; None when it is not read (a slice of arithmetic, a value too long to cut)."""
    if op in _CASES or op[:1] in ",^~" or op[:1] == "@":
        change = _CASES[op[:1] if op[:1] != "@" else "@" + arg]
        if op[:1] == "@" and arg == "u" or len(op) == 1 and op[0] in ",^~":
            return change(value[:1]) + value[1:]  # (one character; a pattern after it is not read: deny more)
        return change(value)
    if len(value) > _LONGEST_VALUE:
        return None
    if op[0] in "#%":
        return _cut(value, op, arg)
    if op[0] == ":":
        m = _SLICE.fullmatch(arg)
        if m is None:
            return None
        start = int(m.group(1))
        start = max(len(value) + start, 0) if start < 0 else start
        end = len(value) if m.group(2) is None else int(m.group(2))
        return value[start : (start + end if end >= 0 else len(value) + end)]
    return _replaced(value, op, arg)


def _cut(value: str, op: str, arg: str) -> str:
    """`${f#PAT}`, `${f##PAT}` (the shortest, the longest leading match of the glob PAT cut off), `${f%PAT}`,
    `${f%%PAT}` (the trailing one) -- one regular expression each, compiled once (hostile input: many of them)."""
    if op[0] == "#":
        if not value.startswith(_LEADING_TEXT.match(arg).group()):  # type: ignore[union-attr]
            return value  # (no match: what every match starts with is not how the value starts)
        m = _glob_regex(arg, len(op) == 1).match(value)
        return value[m.end() :] if m is not None else value
    if not value.endswith(_TRAILING_TEXT.search(arg).group()):  # type: ignore[union-attr]
        return value
    m = _suffix_regex(arg, len(op) == 1).match(value)
    return value[: m.start(1)] if m is not None else value


# what every match of a glob starts and ends with: its text before the first, after the last wildcard or set
_LEADING_TEXT = re.compile(r"[^*?\[\]]*")
_TRAILING_TEXT = re.compile(r"[^*?\[\]]*\Z")


def _replaced(value: str, op: str, arg: str) -> str:
    """`${f/PAT/TEXT}` (``op`` `/PAT/` with ``arg`` TEXT, or `/` with ``arg`` PAT/TEXT): the first, with `//` every,
    with `/#` the leading, with `/%` the trailing match of the glob PAT replaced (the longest, as bash does)."""
    every = op[:2] == "//"
    body = op[2 if every else 1 :]
    pattern, text = (body[:-1], arg) if body.endswith("/") else (body + arg).partition("/")[::2]
    anchor = pattern[:1] if pattern[:1] in ("#", "%") and not every else ""
    glob = pattern[1:] if anchor else pattern
    if not glob:
        return value
    if anchor == "#":
        m = _glob_regex(glob, False).match(value)
        return text + value[m.end() :] if m is not None else value
    if anchor == "%":
        m = _suffix_regex(glob, False).match(value)
        return value[: m.start(1)] + text if m is not None else value
    return _glob_regex(glob, False).sub(lambda m: text if m.group() else "", value, count=0 if every else 1)


# the globs' regular expressions, by (glob, shortest, of a suffix): compiled once a command (permissions.memos)
_REGEXES: Memo[tuple[str, bool, bool], re.Pattern[str]] = Memo(512)


def _glob_regex(glob: str, shortest: bool) -> re.Pattern[str]:
    """The glob (as bash reads it) as a regular expression matching where it starts; ``shortest``: its stars lazy."""
    rx = _REGEXES.get((glob, shortest, False))
    if rx is None:
        core = _core(glob)
        rx = _REGEXES.keep(
            (glob, shortest, False), re.compile(core.replace(".*", ".*?") if shortest else core)
        )
    return rx


def _suffix_regex(glob: str, shortest: bool) -> re.Pattern[str]:
    """The glob as a regular expression matching a whole value whose end it matches (group 1): the shortest such
    end behind a greedy start, the longest behind a lazy one."""
    rx = _REGEXES.get((glob, shortest, True))
    if rx is None:
        start = "(?s:.*)(" if shortest else "(?s:.*?)("
        rx = _REGEXES.keep((glob, shortest, True), re.compile(start + _core(glob) + r")\Z"))
    return rx


def _core(glob: str) -> str:
    """fnmatch's translation of the glob, without its end anchor (`(?s:.*\\.bak)`)."""
    translated = fnmatch.translate(bash_glob(glob))
    return translated[:-2] if translated.endswith("\\Z") else translated


def dotted_globs(name: str) -> list[str]:
    """A glob led by `*` or `?` as one led by the dot they may match (what matching's globs match a leading dot
    with); [] for another."""
    if name[:1] == "?":
        return ["." + name[1:]]
    if name[:1] != "*":
        return []
    return [
        "." + name,
        *(["." + name[2:]] if name[1:2] == "?" else []),
        *([name[1:]] if name[1:2] == "." else []),
    ]
