"""Arithmetic that evaluates a value read at run time (SPEC R4.7, R4.9: arithmetic).

Bash evaluates a variable's value as an expression wherever arithmetic reads it -- ``$((n))``, ``(( n ))``,
``let``, an integer variable (``declare -i``), an array index ``${a[n]}``, a substring offset ``${s:n}`` --
and an array subscript inside that value is expanded again, so ``a[$(cmd)]`` runs ``cmd``. When the value
comes from the input or another command (``read n``, ``mapfile``, ``n=$(...)``, ``for n in $(...)``), no
rule can read what runs: such a command is never auto-approved. A value written in the command itself is
read by the shell reader already (constructs.py: an assignment whose value holds a subscript with a
substitution is refused). ``printf %d`` and ``test -eq`` do not evaluate (checked against bash).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

__all__ = ["ARITH_ON_INPUT", "arithmetic_on_input"]

ARITH_ON_INPUT = "arithmetic evaluates a value read at run time, whose array subscript could run a command"

# Builtins that assign what they read from the input or from their arguments' expansion.
_READERS = frozenset({"read", "mapfile", "readarray", "getopts"})
# `${name[...]}`, `${name:...}`: an index or offset is arithmetic. Linear: one character class run.
_INDEXED = re.compile(r"\$\{[#!]?[A-Za-z_][A-Za-z0-9_]*(?:\[|:(?![-=?+]))")
_FOR_HEADER = re.compile(r"\bfor[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+in\b")
# A `for` list is read up to here; past it (or past this many loops) the list is taken as read at run time.
_FOR_WINDOW = 2000
_FOR_MAX = 64


class _Segment(Protocol):
    @property
    def words(self) -> tuple[str, ...]: ...

    @property
    def dynamic(self) -> frozenset[int]: ...


def _uses_arithmetic(command: str, segments: Sequence[_Segment]) -> bool:
    if "((" in command or "$[" in command or _INDEXED.search(command) is not None:
        return True
    for seg in segments:
        words = seg.words
        if not words:
            continue
        if words[0] == "let":
            return True
        if words[0] in ("declare", "typeset", "local", "export", "readonly") and any(
            w[:1] in "-+" and "i" in w for w in words[1:]
        ):
            return True  # integer variables: every later assignment to them is evaluated
    return False


def _reads_at_run_time(command: str, segments: Sequence[_Segment]) -> bool:
    if _for_over_output(command):
        return True
    for seg in segments:
        words = seg.words
        if not words:
            continue
        if words[0] in _READERS:
            return True
        if seg.dynamic and "=" in words[0]:
            k = 0
            while k < len(words) and "=" in words[k] and words[k][:1] not in "-=":
                if k in seg.dynamic:
                    return True  # `n=$(cat f)`, `n=$X`: a value no rule can read
                k += 1
        if words[0] in ("declare", "typeset", "local", "export", "readonly") and seg.dynamic:
            return True
    return False


def _for_over_output(command: str) -> bool:
    """`for n in $(cat f)`, `for n in $X`: the loop variable takes values no rule can read. Linear: each
    list is looked at within a fixed window, and only so many loops are looked at (stricter past them)."""
    if "for" not in command:
        return False
    for count, m in enumerate(_FOR_HEADER.finditer(command)):
        if count >= _FOR_MAX:
            return True
        start = m.end()
        stop = start + _FOR_WINDOW
        for sep in (";", "\n"):
            at = command.find(sep, start, stop)
            if at >= 0:
                stop = at
        if stop - start >= _FOR_WINDOW or "$" in command[start:stop] or "`" in command[start:stop]:
            return True
    return False


def arithmetic_on_input(command: str, segments: Sequence[_Segment]) -> str | None:
    """Why ``command`` may run code through arithmetic on a value read at run time, or None."""
    if not (
        "((" in command
        or "$[" in command
        or "${" in command
        or "let" in command
        or "-i" in command
        or "+i" in command
    ):
        return None  # the common case: no arithmetic at all
    if not _uses_arithmetic(command, segments) or not _reads_at_run_time(command, segments):
        return None
    return ARITH_ON_INPUT
