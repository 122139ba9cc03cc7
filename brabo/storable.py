"""What may be stored as JSON or text: the checks every API input goes through before it reaches the database.

PostgreSQL refuses a NUL character in text and in jsonb, refuses the non-finite numbers Python's json reads
(``1e400`` is infinity, ``NaN``), and a lone UTF-16 surrogate (``"\\ud800"``) cannot be encoded at all. Each
of those used to reach the database and come back as a 500; :func:`json_problem` finds them first, so the
caller can answer a 400 naming the field. :func:`walk` is the one reading of where each value and key of
parsed JSON is (``brabo.parsers`` names a lone surrogate with it too). Imports nothing of Brabo's.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, NamedTuple

MAX_DEPTH = 64


def encodes(text: str) -> bool:
    """Whether ``text`` is Unicode text (UTF-8 encodes it: no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored, or None."""
    if "\x00" in text:
        return "contains a NUL character"
    if not encodes(text):
        return "is not valid Unicode (a lone surrogate)"
    return None


class Node(NamedTuple):
    """One place of parsed JSON: a value at ``path`` (``where.field[0].key``), or a key of the mapping at
    ``path`` (``key`` true); ``depth``: how many containers hold it (a mapping's keys are at its own depth)."""

    item: Any
    path: str
    depth: int
    key: bool = False


def walk(value: Any, where: str) -> Iterator[Node]:
    """Every value and key of parsed JSON (dicts, lists and tuples hold the rest), depth-first in document
    order, a mapping's keys before its values. Iterative, so a deep value cannot exhaust the stack; lazy, so a
    caller that stops at a node (too deep, a problem found) walks nothing below it."""
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack:
        item, path, depth = stack.pop()
        yield Node(item, path, depth)
        if isinstance(item, dict):
            for key in item:
                yield Node(key, path, depth, key=True)
            stack.extend((sub, f"{path}.{key}", depth + 1) for key, sub in reversed(list(item.items())))
        elif isinstance(item, (list, tuple)):
            stack.extend((sub, f"{path}[{k}]", depth + 1) for k, sub in reversed(list(enumerate(item))))


def json_problem(value: Any, where: str) -> str | None:
    """The first reason ``value`` (parsed JSON) cannot be stored, naming where it is, or None. Deeper than
    MAX_DEPTH is refused."""
    for node in walk(value, where):
        item, path = node.item, node.path
        if node.depth > MAX_DEPTH:
            return f"{path} is nested more than {MAX_DEPTH} levels deep"
        if node.key:
            why = text_problem(str(item))
            if why:
                return f"a key in {path} {why}"
        elif isinstance(item, str):
            why = text_problem(item)
            if why:
                return f"{path} {why}"
        elif isinstance(item, float) and not math.isfinite(item):
            return f"{path} is not a finite number"
    return None
