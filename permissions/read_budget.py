"""The shell reader's budgets (R4.7, the read budget): every command is read in bounded time.

Nesting past ``MAX_NESTING`` is judged flat, nested scripts stop at ``MAX_SCRIPT_DEPTH``, bodies read again share
``MAX_REREADS`` and a budget of characters, and all reading draws on ``MAX_READ_STEPS`` per command -- past
which the command is unparseable with ``TOO_COMPLEX`` and decide() deny-checks its whole text. The steps here
are the scanner's (:mod:`permissions.scanner`) for when a budget runs out: what is left is read flat, so deny
still sees every word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from permissions.commands.shells import SHELLS as _SHELLS
from permissions.commands.shells import inline_script as _inline_script
from permissions.shell_syntax import (
    _CLOSING_KEYWORDS,
    _EMPTY,
    _FLAT_SPLIT,
    _LEADING_KEYWORDS,
    _new_segment,
)
from permissions.wrappers import look_through

if TYPE_CHECKING:
    from permissions.scanner import _Scanner


# Nesting beyond this stops the state machine; the rest is judged flat and the command is unparseable.
MAX_NESTING = 128
# `sh -c` scripts inside `sh -c` scripts are parsed up to this depth, then the command is unparseable.
MAX_SCRIPT_DEPTH = 8
# Nested backtick bodies and alias values read again per command, past which they are judged flat.
MAX_REREADS = 256
# R4.9: here-document bodies and input scripts read again (their substitutions, a shell's script) share
# a budget of characters per command, so hostile nesting (a body fed to a shell holding another) stays
# linear. Past it the text is judged flat (deny still sees it) and the command is unparseable.
REREAD_CHARS_PER_CHAR = 4
REREAD_CHARS_BASE = 65_536
# A segment's display text is cut here so hostile input stays linear.
DISPLAY_LIMIT = 1000
# The read budget (every input decides in <= 50 ms) under R4.7 (no size past which deny checks stop):
# the scanner has a budget of steps per command (a turn of its loop, a nested script, a piece read flat),
# shared by its nested readers. No agent's command comes near it: the fast path reads ~4,000 distinct plain
# commands (40 KB) within it, the scanner ~700 quoted ones. A step and what decide() does with it cost ~5-8 us
# on the slowest 2-core machine measured (first sight ~130 us), and every kind of command is charged what it
# costs (grammar alone, repeats, pieces looked through: see below), so the budget keeps reading and judging
# any hostile input near 35 ms there (6,000 steps, charged less evenly, let `!;!;…` run 280 ms). Past it reading stops, the command is
# unparseable with TOO_COMPLEX as its problem, and decide() checks the whole text for any program a deny rule
# or the floor names (see permissions.decide): deny still sees every segment, by over-matching, at the speed
# of one regex.
MAX_READ_STEPS = 4_000
_STEPS_PER_SEGMENT = 3  # a segment costs a few turns: built, checked for carried scripts, judged
# A segment whose first word is looked through (a wrapper, an assignment, a path: views built here and
# again in decide()) costs as many steps again, as the fast path charges it more.
_STEPS_LOOKED_THROUGH = 7
# A segment of more than _MANY_WORDS words costs a step per four of them, charged before it is listed (its
# words are each read by the option tables and the scope): one `git reset` of 20,000 options is unparseable.
_MANY_WORDS = 1024
_STEPS_PER_SCAN = 6  # a nested reader (a script, a body read again) costs its set-up
_STEPS_PER_BRACE_WORD = 3  # a word holding braces: encoded, expanded (its own budget), decoded
TOO_COMPLEX = "the command is too long and complex to read in full; split it into smaller commands"


def out_of_steps(sc: _Scanner, cost: int) -> bool:
    """Charge ``cost`` read steps (MAX_READ_STEPS); past the budget the command is TOO_COMPLEX and this
    reader stops (the others stop at their next step: the budget is shared)."""
    steps = sc.steps
    steps[0] -= cost
    if steps[0] >= 0:
        return False
    sc.fail(TOO_COMPLEX)
    sc.stopped = True
    return True


def reread_text(sc: _Scanner, text: str, start: int) -> bool:
    """Whether ``text`` (a here-document body, a shell's input script) may be read again: within
    MAX_SCRIPT_DEPTH and the command's shared character budget. Otherwise it is judged flat (R4.7: no
    size past which deny checks stop) and the command is unparseable."""
    budget = sc.budget
    if sc.depth + 1 <= MAX_SCRIPT_DEPTH and budget[1] >= len(text):
        budget[1] -= len(text)
        return True
    sc.fail("here-documents or input scripts are nested too deeply or too large to read")
    flat_text(sc, text, start)
    return False


def flat_text(sc: _Scanner, text: str, at: int) -> None:
    """Every command-like run of words in ``text`` becomes a segment (see flat)."""
    seen: set[tuple[str, ...]] = set()
    for piece in _FLAT_SPLIT.split(text):
        if not piece or piece.isspace():
            continue
        if out_of_steps(sc, 1):
            return
        flat = piece.replace("'", " ").replace('"', " ").replace("\\", " ")
        # Braces split pieces already; `{rm,-rf,/}` also reads as `rm -rf /` (over-matching is safe).
        variants = (flat, flat.replace(",", " ")) if "," in flat else (flat,)
        for variant in variants:
            words = tuple(variant.split())
            cut = 0
            while cut < len(words) and (words[cut] in _LEADING_KEYWORDS or words[cut] in _CLOSING_KEYWORDS):
                cut += 1
            words = words[cut:]
            if not words or words in seen:
                continue
            seen.add(words)
            text = piece.strip()[:DISPLAY_LIMIT]
            sc.segments.append((at, _new_segment((words, text, (), _EMPTY, True, None, _EMPTY))))
            # An inline script's words follow `-c` (shells) or `eval`: judge them as a command too.
            view = look_through(words)
            if view and (view[0] in _SHELLS or view[0] == "eval"):
                k = _inline_script(view)[0] if view[0] in _SHELLS else None
                if k is None:
                    k = 1
                    while k < len(view) and view[k][:1] in ("-", "+"):
                        k += 1
                rest = view[k:]
                if rest and rest not in seen:
                    seen.add(rest)
                    sc.segments.append((at, _new_segment((rest, text, (), _EMPTY, True, None, _EMPTY))))


def reread(sc: _Scanner) -> bool:
    """Whether another body may be read again as commands (a nested backtick body, an alias's
    value): each command has a budget of re-reads, shared by its nested readers, so hostile input
    stays linear. Past it or past MAX_SCRIPT_DEPTH the caller judges the text flat (R4.7: deny still
    sees its commands; the command is unparseable)."""
    budget = sc.budget
    if sc.depth + 1 <= MAX_SCRIPT_DEPTH and budget[0] > 0:
        budget[0] -= 1
        return True
    sc.fail("substitutions are nested too deeply or too many to read")
    return False
