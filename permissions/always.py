"""Approve-always pattern derivation (SPEC R7.2-R7.4, ADR 0189 §6, RN-675).

One pattern per segment, unit = verb + subcommand when the second word is a word (``npm test``), the verb
alone when it is another argument (``cat src/x.ts`` -> ``Terminal(cat)``), the exact segment when it is a
flag (``ls -la src``) or when the unit would be a prefix of a cap (``git remote -v``, ``gh pr list``), and
nothing when even the exact segment is a cap prefix (a bare ``git``). Interpreters and code-running verbs
never generalise. A command with an external-effect or privileged segment writes nothing (R7.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from permissions.action_types import ACTION_TYPES
from permissions.caps import external_effect, is_cap_prefix, privileged
from permissions.commands.cargo import unknown_cargo_command
from permissions.commands.git import GIT_MUTATING_SIBLINGS
from permissions.commands.interpreters import CODE_RUNNERS, MORE_RUNNERS, VERSIONED
from permissions.commands.wrappers import RUNS_WHAT_FOLLOWS, WRAPPERS
from permissions.matching import runs_other_programs
from permissions.shell import Segment, parse_command
from permissions.wrappers import is_assignment

__all__ = ["AlwaysResult", "derive_always", "quote_word", "typed_pattern", "writes_autonomy_row"]

# `npx` runs arbitrary packages, but `npx vitest` is the seed's own example of verb + subcommand; only
# then does it generalise (`npx @scope/pkg`, `make build/out.o` stay exact, never the bare verb).
_SUBCOMMAND_OK = frozenset({"npx", "make"})


def _covers_any_program(unit: tuple[str, ...]) -> bool:
    """`Terminal(env)`, `Terminal(python)` or `Terminal(uv run)` would match the verb with anything after
    it (R4.1 is a word prefix): a click on a bare `env` or `make` must not become "run anything"."""
    if len(unit) == 1:
        return _runs_code(unit[0]) or unit[0] in WRAPPERS
    return len(unit) == 2 and (unit[0], unit[1]) in RUNS_WHAT_FOLLOWS


def _runs_code(verb: str) -> bool:
    """R7.3 [beyond]: a code-running verb under any of its names (``python3.11``, ``nodejs``)."""
    if verb in CODE_RUNNERS or verb in MORE_RUNNERS:
        return True
    for family in VERSIONED:
        if verb.startswith(family):
            rest = verb[len(family) :].lstrip("-")
            if rest and rest[0].isdigit() and all(c.isdigit() or c == "." for c in rest):
                return True
    return False


_SAFE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=:,./@%^")


@dataclass(frozen=True)
class AlwaysResult:
    patterns: tuple[str, ...]  # full `Terminal(...)` strings, one per segment, deduplicated, order kept
    external: bool  # True: approve this instance, write no pattern (R7.2)
    skipped: tuple[str, ...] = ()  # segments that produce no pattern, and why


def writes_autonomy_row(agent_name: str) -> bool:
    """R7.4 / RN-509: a ``dev-<module>`` agent's click writes its autonomy row instead of patterns."""
    return agent_name.startswith("dev-") and agent_name != "dev-lead" and len(agent_name) > len("dev-")


def typed_pattern(action_type: str) -> str:
    """R7.4: the pattern a non-terminal approve-always writes, e.g. ``GitCommit()``."""
    return f"{ACTION_TYPES[action_type].label}()"


def quote_word(word: str) -> str:
    """Quote a word so the grammar reads it back as exactly this word."""
    if word and all(c in _SAFE_CHARS for c in word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def _is_plain_word(word: str) -> bool:
    """A subcommand-like word: `test`, `status`, `test:unit`, `for-each-ref` -- not a path or a value."""
    if not word or not word[0].isalpha():
        return False
    return all(c.isalnum() or c in "-_:" for c in word)


def _reads_as_wildcard(word: str) -> bool:
    # the grammar's own rule (R4.2): a lone `*` is a wildcard too
    return word == "*" or (len(word) >= 2 and word[-1] == "*" and word[-2] != "/")


def _unit(seg: Segment) -> tuple[str, ...] | str:
    """The words to write for one segment, or a string saying why nothing is written."""
    words = seg.words
    if not words:
        return "a redirection alone runs nothing"
    verb = words[0]
    exact_only = (
        is_assignment(verb)
        or verb in WRAPPERS
        or "/" in verb
        or (_runs_code(verb) and verb not in _SUBCOMMAND_OK)
        or (len(words) > 1 and (verb, words[1]) in RUNS_WHAT_FOLLOWS)
        or runs_other_programs(words)
        or (verb == "cargo" and unknown_cargo_command(words) is not None)  # R4.9: an alias
        or bool(seg.dynamic)
        or bool(seg.redirects)
        or (verb == "git" and len(words) > 1 and words[1] in GIT_MUTATING_SIBLINGS)
    )
    if exact_only or len(words) == 1 or words[1].startswith("-"):
        unit = words
    elif _is_plain_word(words[1]):
        unit = words[:2]
    elif verb in _SUBCOMMAND_OK:
        unit = words  # not a subcommand: the bare verb would run any package or makefile target
    else:
        unit = words[:1]
    if unit != words and is_cap_prefix(unit):
        unit = words
    if _covers_any_program(unit):
        return "a code runner or wrapper with nothing after it would cover any program it is given"
    if is_cap_prefix(unit):
        return "even the exact command is the start of a command that is never auto-approved"
    if any(_reads_as_wildcard(w) for w in unit):
        return "a word ending in '*' would be read as a wildcard"
    return unit


def derive_always(command: str) -> AlwaysResult:
    """The patterns an approve-always click on terminal ``command`` writes (R7.2, R7.3)."""
    parsed = parse_command(command)
    if any(seg.words and (external_effect(seg.words) or privileged(seg.words)) for seg in parsed.segments):
        return AlwaysResult((), True, ("the command has an external effect or a privileged verb",))
    if parsed.unparseable:
        return AlwaysResult((), False, (f"the command cannot be parsed: {parsed.problem}",))
    seen: set[str] = set()
    out: list[str] = []
    skipped: list[str] = []
    for seg in parsed.segments:
        unit = _unit(seg)
        if isinstance(unit, str):
            skipped.append(f"{seg.text}: {unit}")
            continue
        pattern = "Terminal(" + " ".join(quote_word(w) for w in unit) + ")"
        if pattern not in seen:
            seen.add(pattern)
            out.append(pattern)
    return AlwaysResult(tuple(out), False, tuple(skipped))
