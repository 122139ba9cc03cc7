"""R4.10, red team: a bash glob written as Python's fnmatch reads it.

fnmatch and bash agree on `*`, `?` and `[abc]`, but not on the rest of a bracket expression: bash negates a set
with `[^…]` as with `[!…]` (fnmatch reads `^` as a character), and knows the POSIX classes (`[[:alpha:]]`), the
equivalence classes (`[[=e=]]`) and the collating symbols (`[[.e.]]`), which fnmatch reads as characters. So `cat
.[^x]nv` and `cat .[[:lower:]]nv`, which bash expands to `.env`, did not meet a deny of `cat .env`.
:func:`bash_glob` rewrites them as the sets fnmatch reads the same way (the ASCII members of each class: a name
the class holds beyond them is not matched -- what a rule names is ASCII in practice).
"""

from __future__ import annotations

import re

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
