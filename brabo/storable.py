"""What may be stored as JSON or text: the checks every API input goes through before it reaches the database.

PostgreSQL refuses a NUL character in text and in jsonb, refuses the non-finite numbers Python's json reads
(``1e400`` is infinity, ``NaN``), and a lone UTF-16 surrogate (``"\\ud800"``) cannot be encoded at all. Each
of those used to reach the database and come back as a 500; :func:`json_problem` finds them first, so the
caller can answer a 400 naming the field.
"""

from __future__ import annotations

import math
from typing import Any

MAX_DEPTH = 64


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored, or None."""
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "is not valid Unicode (a lone surrogate)"
    return None


def json_problem(value: Any, where: str) -> str | None:
    """The first reason ``value`` (parsed JSON) cannot be stored, naming where it is, or None.

    Iterative, so a deep value cannot exhaust the stack; deeper than MAX_DEPTH is refused."""
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack:
        item, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"{path} is nested more than {MAX_DEPTH} levels deep"
        if isinstance(item, str):
            why = text_problem(item)
            if why:
                return f"{path} {why}"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"{path} is not a finite number"
        elif isinstance(item, dict):
            for key, sub in item.items():
                why = text_problem(str(key))
                if why:
                    return f"a key in {path} {why}"
                stack.append((sub, f"{path}.{key}", depth + 1))
        elif isinstance(item, (list, tuple)):
            for k, sub in enumerate(item):
                stack.append((sub, f"{path}[{k}]", depth + 1))
    return None
