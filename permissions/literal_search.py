"""One regular expression for many literal names, as a tree of their shared beginnings.

An alternation of literals (``aws|azure|bash|...``) makes the regex engine try every name in turn at every
position of the text, so a search costs as much as the list is long -- a few microseconds per word for the
protected files' names, milliseconds over a long command for the names a deny list holds. The same names
written as a tree (``a(?:ws|zure)|bash|...``) are walked one branch per character.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["literal_trie"]

_End = dict[str, "_End"]


def literal_trie(names: Iterable[str], whole: bool = True, after_first: str = "") -> str:
    """A pattern (no group captures) matching any of ``names``. ``whole``: where several names start at one
    position the longest that lets the rest of the pattern match is taken, as an alternation sorted longest
    first does (the caller's boundary decides); otherwise a name another begins with ends the branch -- for
    a search that only asks whether some name is there. ``after_first``: a pattern put after each name's first
    character (a lookbehind there, ``(?<![A-Za-z0-9_].)``, tests what stands before the name while the pattern still
    starts with the names' first characters, which the regex engine skips to instead of trying every
    position)."""
    trie: _End = {}
    for name in names:
        node = trie
        for c in name:
            if not whole and "" in node:
                break
            node = node.setdefault(c, {})
        else:
            if not whole:
                node.clear()
            node[""] = {}
    return _pattern(trie, after_first)


def _pattern(node: _End, after: str = "") -> str:
    branches = [re.escape(c) + after + _pattern(below) for c, below in sorted(node.items()) if c]
    if not branches:
        return ""
    if "" in node:  # a name ends here: what follows is optional, the longer tried first (greedy)
        return "(?:" + "|".join(branches) + ")?"
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
