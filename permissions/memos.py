"""The one list of what the policy engine remembers of the commands it has read.

Agents repeat their commands word for word, so decide() keeps what it read from a command's text (its parse,
the caps, the path scope, what each segment reads as under a rule set, ...) and hands the answer out again.
Every such memo is a :class:`Memo`, and a Memo lists itself here when it is made, so :func:`forget_remembered`
empties them all: a benchmark of never-seen text (bench/decide.py "first sight") and a test that a decision
reads afresh rely on nothing being missed (permissions/tests/test_memos.py checks every module-level memo of
the package is a Memo). Caches of the rules themselves (a compiled rule set, a parsed pattern) are not text
memos and are not listed; the per-rule-set segment memo inside a compiled rule set is.
"""

from __future__ import annotations

import weakref
from typing import Any, TypeVar

__all__ = ["Memo", "forget_remembered", "remembered"]

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict that lists itself in this module when made. Held weakly: a rule set's memo goes with it.

    ``limit``: :meth:`keep` empties it when it holds that many answers (agents repeat a few commands many
    times; a stream of distinct ones must not grow it without end)."""

    __slots__ = ("__weakref__", "limit")

    def __init__(self, limit: int = 4096) -> None:
        super().__init__()
        self.limit = limit
        _ALL[id(self)] = self

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (emptied first when full); returns ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


# By id: a dict is unhashable, and two empty memos compare equal, so a WeakSet could not tell them apart.
_ALL: weakref.WeakValueDictionary[int, Memo[Any, Any]] = weakref.WeakValueDictionary()


def remembered() -> list[Memo[Any, Any]]:
    """Every memo alive now."""
    return list(_ALL.values())


def forget_remembered() -> None:
    """Empty every memo, so the next decision reads its command as if never seen."""
    for memo in remembered():
        memo.clear()
