"""A shell-aware command scanner for the policy engine (SPEC R4.1, R4.4, R4.5, R4.7, R4.9).

Closed world (R4.9): the constructs it reads, and how, are listed in :mod:`permissions.constructs`, with the
readings chosen where SPEC is silent; anything else makes the command unparseable. Bash itself checks the
reading of generated commands (permissions/tests/shell_grammar.py, bench/fuzz_shell.py).

It does not run or expand anything. It answers one question: which commands would this string run,
word by word? Every command found -- top level, inside ``$(...)``, backticks, ``<(...)``, ``>(...)``,
``( ... )`` subshells, ``{ ...; }`` groups, and the script of ``bash -c`` / ``sh -c`` / ``eval`` -- becomes
a :class:`Segment`. What cannot be parsed (unbalanced quotes or parentheses, prompt expansion) sets
``unparseable`` while every recognisable piece is still reported, so deny checks never stop.

Three paths, one answer. Plain commands -- words, ``&& || | ; &`` and simple redirections, the bulk of
what agents send -- are split directly (``_fast``, :mod:`permissions.fast_path`); those that only quoted words,
substitutions, subshells, ``2>&1`` or a carried script (``bash -c '...'``) kept off that path are read by its
second reader (``_fast_quoted``, :mod:`permissions.fast_quoted`); everything else goes through a hand-written
state machine (``_Scanner``, :mod:`permissions.scanner`). Differential property tests hold each shortcut equal
to the state machine wherever it answers.

Where things are: this module is the reader's entry (:func:`parse_command`, :func:`split_words`);
:mod:`permissions.shell_syntax` its vocabulary (:class:`Segment`, :class:`ParsedCommand`, the character
classes); :mod:`permissions.scanner` the state machine; :mod:`permissions.expansion_steps` its steps for
expansions; :mod:`permissions.scanner_segments` what a finished command becomes (and the scripts it carries);
:mod:`permissions.read_budget` the budgets that keep every reading bounded.

Words are the words bash builds (R4.1): ANSI-C quoting ``$'\\x72m'`` is decoded, an unquoted ``{a,b}`` /
``{x..y}`` is brace-expanded, ``>&file`` names a file, and the script of ``bash -o pipefail -c '...'`` is
found by reading the shell's options as the shell does. Whatever is not certain (a locale-dependent
escape, an option the shell table does not know, an expansion past its budget) makes the command
unparseable rather than guessed (R4.7, R4.8).

The state machine has one step per construct (``_Scanner.on_*``, dispatched on the character), the word
being read lives on the scanner, and a frame saves and restores it around each nesting.

Linear time and no recursion on input nesting (frames live on an explicit stack; past ``MAX_NESTING``
the rest is judged flat; bodies read again -- escaped backticks, alias values -- share a budget of
``MAX_REREADS`` per command; brace nesting is capped at ``expansions.MAX_BRACE_NESTING`` and expansion work at a budget
proportional to the input), and bounded time: all reading draws on ``MAX_READ_STEPS`` per command, past
which the command is unparseable and decide() deny-checks its whole text (R4.7, the read budget). The regexes used are character classes, runs of them, and alternatives that
begin with distinct characters, so none can backtrack; they only skip or split, never interpret.
"""

from __future__ import annotations

from permissions.fast_path import _fast
from permissions.fast_quoted import _fast_quoted
from permissions.memos import Memo
from permissions.read_budget import DISPLAY_LIMIT, MAX_NESTING, MAX_READ_STEPS, TOO_COMPLEX
from permissions.scanner import _scan
from permissions.shell_syntax import ParsedCommand, Segment

__all__ = [
    "DISPLAY_LIMIT",
    "MAX_NESTING",
    "TOO_COMPLEX",
    "ParsedCommand",
    "Segment",
    "parse_command",
    "split_words",
]


def parse_command(command: str) -> ParsedCommand:
    """Split ``command`` into the simple commands it would run (R4.4, R4.5, R4.7).

    Agents repeat their commands word for word, and the reading depends on the text alone (a ParsedCommand
    is immutable: tuples all the way down), so a command of up to ``_MEMO_CHARS`` is read once and its reading
    handed out again; the memo is emptied when it holds ``_MEMO_MAX`` of them. Longer ones (hostile sizes) are
    read every time, so the memo never holds more than a few MB."""
    hit = _MEMO.get(command)
    if hit is not None:
        return hit
    steps = [MAX_READ_STEPS]
    parsed = _fast(command, False, steps)
    if parsed is None:
        # quoted words and substitutions (`git commit -m 'x'`, `ls $(pwd)`) without the state machine
        parsed = _fast_quoted(command)
        if parsed is None:
            parsed = _scan(command, 0, True, None, steps)
    if len(command) <= _MEMO_CHARS:
        if len(_MEMO) >= _MEMO.limit:  # Memo.keep, inlined (a call less per decision)
            _MEMO.clear()
        _MEMO[command] = parsed
    return parsed


_MEMO_MAX = 2048
_MEMO: Memo[str, ParsedCommand] = Memo(_MEMO_MAX)
_MEMO_CHARS = 2048


def split_words(text: str) -> tuple[tuple[str, ...], str | None]:
    """The words of a pattern's content by shell rules (R4.1): (words, problem or None)."""
    parsed = _scan(text, 0, False)
    if parsed.unparseable:
        return (), parsed.problem
    if len(parsed.segments) > 1:
        return (), "a pattern holds one command; split compound commands into one pattern per segment"
    if not parsed.segments:
        return (), None
    seg = parsed.segments[0]
    if seg.redirects:
        return (), "a pattern cannot contain a redirection"
    return seg.words, None
