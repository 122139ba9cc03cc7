"""The ``Label(content)`` pattern grammar (SPEC R3.2, R3.3, R4.1-R4.3).

A pattern names an action type by its PascalCase label. Content is used only by ``Terminal``: its words
(split by shell rules, variables literal) must be a word prefix of a command segment. A ``*`` at the end
of a word matches the rest of that one word -- but not after ``/``: ``rm -rf /*`` means the literal
word ``/*``, it is not a path glob (R4.2). Any other label with content can never match (R3.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from permissions.action_types import LABEL_TO_TYPE
from permissions.mcp import LABEL as MCP_LABEL
from permissions.mcp import McpPatternError, parse_mcp
from permissions.shell import split_words

__all__ = ["Pattern", "PatternError", "WordSpec", "parse_pattern"]

# (stem, is_prefix): a word matches when equal to stem, or, when is_prefix, when it starts with stem.
WordSpec = tuple[str, bool]


class PatternError(ValueError):
    """A pattern that is not ``Label(content)``; the message says what is wrong and how to fix it."""

    def __init__(self, pattern: str, why: str) -> None:
        super().__init__(f"pattern {pattern!r}: {why}")
        self.pattern = pattern
        self.why = why


@dataclass(frozen=True, slots=True)
class Pattern:
    text: str  # as written in the file
    label: str
    action_type: str
    content: str
    words: tuple[WordSpec, ...] = ()
    # False for a non-Terminal label with content: valid syntax that matches nothing (R3.2; lint says so).
    matchable: bool = True


def _word_spec(word: str) -> WordSpec:
    # R4.2: `*` only at the end of a word, and not right after `/` (that is a path glob, kept literal).
    # A lone `*` is the same rule with an empty stem: any one word (`Terminal(curl *)` covers `curl x`).
    if word == "*" or (len(word) >= 2 and word[-1] == "*" and word[-2] != "/"):
        return (word[:-1], True)
    return (word, False)


def parse_pattern(text: str) -> Pattern:
    """Parse and validate one pattern. Raises :class:`PatternError`."""
    if not isinstance(text, str):
        raise PatternError(repr(text), 'a pattern must be a string like "Terminal(pnpm test)"')
    s = text.strip()
    open_at = s.find("(")
    if open_at <= 0:
        raise PatternError(text, "expected Label(content), e.g. Terminal(pnpm test) or GitPush()")
    if not s.endswith(")"):
        raise PatternError(text, "unbalanced parentheses: the pattern must end with ')'")
    label = s[:open_at]
    if label == MCP_LABEL:  # Mcp(server[.tool] [key=value ...]), read by permissions.mcp
        try:
            parse_mcp(s[open_at + 1 : -1])
        except McpPatternError as exc:
            raise PatternError(text, str(exc)) from None
        return Pattern(text, label, "mcp_call", s[open_at + 1 : -1], (), True)
    if label not in LABEL_TO_TYPE:
        raise PatternError(
            text,
            f"unknown label {label!r}; labels are the PascalCase action types ({', '.join(sorted(LABEL_TO_TYPE))}) "
            "and Mcp",
        )
    content = s[open_at + 1 : -1]
    depth = 0
    for ch in content:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                break
    if depth != 0:
        raise PatternError(text, "unbalanced parentheses inside the content")
    action_type = LABEL_TO_TYPE[label]
    if action_type != "terminal":
        return Pattern(text, label, action_type, content, (), content.strip() == "")
    words, problem = split_words(content)
    if problem is not None:
        raise PatternError(text, f"the command cannot be read: {problem}")
    return Pattern(text, label, action_type, content, tuple(_word_spec(w) for w in words), True)
