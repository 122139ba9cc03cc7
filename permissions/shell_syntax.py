"""The shell reader's vocabulary (R4.1, R4.4, R4.5): the character classes and regexes it skips and splits
with, the grammar words, :class:`Segment` and :class:`ParsedCommand`, and the simple command being assembled in
one frame (:class:`_Builder`). Shared by the scanner (:mod:`permissions.scanner`) and the fast path
(:mod:`permissions.fast_path`); see :mod:`permissions.shell` for the reader as a whole.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from permissions.caps import unread_act
from permissions.commands.shells import COMMAND_CARRIERS as _COMMAND_CARRIERS
from permissions.commands.shells import SHELLS as _SHELLS
from permissions.wrappers import is_assignment

if TYPE_CHECKING:
    pass


# Characters with shell meaning. Everything else is skipped in one regex step (a plain character class,
# which cannot backtrack).
_SPECIAL = " \t\n\r'\"\\$`()|&;<>{}#~"


_PLAIN = "[^" + re.escape(_SPECIAL) + "]+"


# A run of plain words separated by single spaces: disjoint classes, so it is linear (no backtracking).
_RUN = re.compile(_PLAIN + "(?: +" + _PLAIN + ")*")


# A body that is one plain command (see _Scanner.plain_body): blanks, plain words without a glob character
# separated by single spaces (group 1), blanks. Disjoint classes, so linear.
_PLAIN_NO_GLOB = "[^" + re.escape(_SPECIAL + "*?[") + "]+"


_PLAIN_BODY = re.compile(r"[ \t\r]*(" + _PLAIN_NO_GLOB + "(?: +" + _PLAIN_NO_GLOB + ")*)[ \t\r]*")


# Blanks: each ends the word in progress (see _Scanner.read_plain).
_BLANKS = frozenset(" \t\r")


# Characters whose handler ends the word in progress before anything else (outside arithmetic, where
# `;`, `|` and `&` are operators inside a word). Not `<`/`>`: a word of digits before them is a descriptor.
_ENDS_WORD = frozenset(";|&\n()")


# Blanks (group 1), then a run of plain words (group 2, None when none): disjoint classes, so linear.
_STEP = re.compile(r"([ \t\r]*)(" + _RUN.pattern + ")?")


_EMPTY: frozenset[int] = frozenset()


# Separators between simple commands: literal alternatives only, so the split is linear.
# Past MAX_NESTING: every operator (and run of them) separates commands. Alternatives start with distinct
# characters, so the split is linear.
_FLAT_SPLIT = re.compile(r"(?:\$\(|[<>]\(|[()`;&|\n{}])+")


_CLOSE_RUN = re.compile(r"\)+")


# Grammar words that introduce a command rather than being one (stripped from a segment's start).
_LEADING_KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "coproc"})


# Grammar words that end a block and run nothing.
_CLOSING_KEYWORDS = frozenset({"fi", "done", "esac", "}", "{"})


_FRAME_TOP, _FRAME_SUB, _FRAME_TICK, _FRAME_PAREN = 0, 1, 2, 3


class Segment(NamedTuple):
    """One simple command: its words (quotes removed, braces expanded, variables literal) and redirect
    targets."""

    words: tuple[str, ...]
    text: str
    redirects: tuple[str, ...] = ()
    # Indexes of words whose value depends on an expansion ($VAR, ${..}, $(..), `..`, leading ~).
    dynamic: frozenset[int] = frozenset()
    hidden: bool = False  # found inside a substitution, subshell, group or `sh -c` script
    # R4.9: why this segment's meaning cannot be read from its words (a command word that is not literal,
    # ...), or None. An opaque segment is still checked for deny and ask, but only an allow pattern written
    # for exactly these words covers it; autonomy, auto mode and the container floor never approve it.
    opaque: str | None = None
    # R4.5: indexes of ``redirects`` the command only reads (``< f``, ``0< f``, ``3< f``): a read for the path
    # scope like any target, never a write of the file (R3.7). ``<>`` opens for writing too: not here.
    inputs: frozenset[int] = frozenset()

    def __repr__(self) -> str:
        # The reading as before for a segment that reads no file (bench/reader_diff.py compares readings).
        shown = (
            f"Segment(words={self.words!r}, text={self.text!r}, redirects={self.redirects!r},"
            f" dynamic={self.dynamic!r}, hidden={self.hidden!r}, opaque={self.opaque!r}"
        )
        return f"{shown}, inputs={self.inputs!r})" if self.inputs else f"{shown})"

    def written(self) -> tuple[str, ...]:
        """The redirect targets the command may write (every one but its inputs)."""
        if not self.inputs:
            return self.redirects
        return tuple(t for k, t in enumerate(self.redirects) if k not in self.inputs)


class ParsedCommand(NamedTuple):
    segments: tuple[Segment, ...]
    unparseable: bool
    problem: str | None = None  # what could not be parsed, for the sentence people read
    # Parsed, but something in it runs commands no rule can see (`curl x | sh`): never auto-approved, and
    # not a parse failure, so the verdict's reason stays the step's own (R4.4's compound_uncovered, say).
    unseen: str | None = None


# R4.9: printf formats that print their arguments joined by a fixed text (`printf '%s\n' a b | sh`).
_PRINTF_JOIN = {"%s": "", "%s ": " ", "%s\\n": "\n", "%s\n": "\n"}


_FRAME_ARITH = 4


# Inside arithmetic these are operators (`<<` a shift, `&&` a logical and, `#` a base), not syntax.
_ARITH_PLAIN = frozenset("<>&|;{}#~")


# An unquoted glob character: `*`, `?`, or `[` closed later by `]` (a lone `[` is the test command).
_GLOB_CHAR = re.compile(r"[*?\[]")


_NOT_BLANK = re.compile(r"[^ \t]")


_NAMED_FD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


# Builtins that evaluate an array subscript in a name they are given (R4.7, arithmetic).
_SUBSCRIPT_BUILTINS = frozenset(
    {"let", "declare", "typeset", "local", "export", "readonly", "unset", "read", "printf", "mapfile"}
    | {"readarray", "test", "[", "wait", "getopts"}
)


def _is_glob(text: str) -> bool:
    if "*" in text or "?" in text:
        return True
    at = text.find("[")
    return at >= 0 and text.find("]", at + 1) > 0


def _compound_prefix(words: Sequence[str], dyn: Collection[int]) -> str | None:
    """R4.9, definitions and compound-command words: ``""`` when ``words`` are only reserved words that may stand before a compound
    command (`!`, `time`, `time -p`, `coproc`, `coproc NAME`, `if`, `then`, `do`, ...), the function's
    name for `function NAME`, None when they are a command's words."""
    if not words:
        return ""
    if dyn:
        return None
    n = len(words)
    if n == 2 and words[0] == "function":
        return words[1]
    k = 0
    while k < n:
        w = words[k]
        if w == "coproc":
            k += 2 if k + 2 == n and _NAME.fullmatch(words[k + 1]) is not None else 1
        elif w in _LEADING_KEYWORDS:
            k += 1
        elif w == "for" and k + 2 < n and words[k + 2] == "do":
            k += 3  # `for NAME do { ...; }`
        elif w == "time":
            k += 2 if k + 1 < n and words[k + 1] == "-p" else 1
        else:
            return None
    return ""


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# What the word after a redirection operator is. _R_DUP: after `>&` / `<&`, a descriptor when the word is
# digits, else a file (bash: `>&file` is `&>file`) -- R4.5.
_R_NONE, _R_PATH, _R_HEREDOC, _R_STRING, _R_DUP = 0, 1, 2, 3, 4


class _Builder:
    """The simple command being assembled in one frame (top level or one nesting)."""

    __slots__ = (
        "arith",
        "bracket",
        "discard",
        "docs",
        "dyn",
        "expands",
        "feeds",
        "glob",
        "hidden",
        "inputs",
        "kind",
        "lead",
        "pending",
        "reading",
        "redirects",
        "saved",
        "special",
        "stash",
        "start",
        "words",
    )

    def __init__(self, start: int, kind: int, hidden: bool, discard: bool = False) -> None:
        self.words: list[str] = []
        self.dyn: list[int] = []
        self.redirects: list[str] = []
        self.inputs: list[int] = []  # indexes of redirects only read (`< f`)
        self.reading = False  # the pending redirection's target is only read
        self.start = start
        self.pending = _R_NONE
        self.kind = kind
        self.hidden = hidden
        self.discard = discard  # arithmetic: words are numbers, not commands
        # R4.7, arithmetic: the arithmetic frame this frame is part of (itself for `((` / `$((`), or None.
        # Words read inside arithmetic are kept aside in the arithmetic frame's ``stash``: dropped when the
        # frame closes with `))`, judged as commands when a single `)` shows it was a subshell after all.
        self.arith: _Builder | None = None
        self.stash: list[tuple[int, Segment]] = []
        self.bracket = False  # arithmetic: an array subscript `[` was seen
        self.expands = False  # arithmetic: a `$` or backtick was seen
        # Indexes of words with an unquoted glob character (`/???/rm`), and of words whose only expansions
        # are special parameters (`$?`, `$#`, `$$`, `$!`, `$-`: numbers and flags, never paths).
        self.glob: list[int] = []
        self.special: list[int] = []
        self.lead = 0  # how many leading words are known to be assignments (`A=1 B=2 cmd`)
        # R4.9: text fed to the command's input -- here-strings (`<<< 'x'`), and one holder per
        # here-document, filled once the command is known (see _Scanner.feed_input).
        self.feeds: list[str] = []
        self.docs: list[list[int]] = []
        # The enclosing frame's word-in-progress, quote and brace state, restored when this frame closes.
        self.saved: tuple[list[str], bool, bool, bool, bool, bool, bool] = (
            [],
            False,
            False,
            False,
            False,
            False,
            False,
        )


def _split_run(run: str) -> list[str]:
    """The words of a run of plain words: only spaces separate (bash; str.split() would also split at
    characters the shell keeps in a word). A run neither starts nor ends with a space (see _RUN)."""
    parts = run.split(" ")
    return [p for p in parts if p] if "  " in run else parts


def _expands_code(text: str) -> bool:
    """Whether unquoted here-document text holds an expansion that can run commands or is not read:
    `$(`, a backtick, `$[`, or a `${...}` with indirection, a transformation or a nested expansion."""
    if "$(" in text or "`" in text or "$[" in text:
        return True
    at = text.find("${")
    while at >= 0:
        end = text.find("}", at)
        body = text[at + 2 : end if end >= 0 else len(text)]
        if end < 0 or "!" in body or "@" in body or "$" in body or "[" in body:
            return True
        at = text.find("${", end)
    return False


def _is_fd(word: str) -> bool:
    """A file descriptor number as bash reads one (ASCII digits only: `²>x` is a word and a redirect)."""
    return word.isascii() and word.isdigit()


def _assigns(b: _Builder, pieces: list[str]) -> bool:
    """Whether the word in ``pieces`` is an assignment before the command (`A={x,y} cmd`), which bash
    does not brace-expand. Leading assignments are counted once per command, so this stays linear."""
    words = b.words
    k = b.lead
    while k < len(words) and is_assignment(words[k]):
        k += 1
    b.lead = k
    return k == len(words) and is_assignment("".join(pieces))


_HEADERS = frozenset({"for", "select", "case", "function"})


# First words for which finish() takes its general path (keywords it cuts, headers, refuse()'s verbs).
_FINISH_SLOW = _LEADING_KEYWORDS | _CLOSING_KEYWORDS | _HEADERS | _SUBSCRIPT_BUILTINS | {"[["}


def add_targets(b: _Builder, targets: list[str]) -> None:
    """Redirect targets of the command being built; those of `<` are only read (R4.5)."""
    if b.reading:
        b.inputs.extend(range(len(b.redirects), len(b.redirects) + len(targets)))
    b.redirects.extend(targets)


def targets_read(b: _Builder) -> frozenset[int]:
    """The indexes of the built command's redirect targets it only reads (Segment.inputs)."""
    return frozenset(b.inputs) if b.inputs else _EMPTY


# Build a Segment / ParsedCommand from all their fields without NamedTuple's Python-level __new__ (the
# same object; nested scripts make one ParsedCommand each, hostile input thousands).
_new_segment = partial(tuple.__new__, Segment)


_new_parsed = partial(tuple.__new__, ParsedCommand)


# First words that always need the full scanner's segment post-processing.
_NOT_PLAIN_FIRST = _LEADING_KEYWORDS | _CLOSING_KEYWORDS | _HEADERS | _SHELLS | _COMMAND_CARRIERS | {"eval"}


def _opaque(words: Sequence[str], dyn: Collection[int]) -> str | None:
    """R4.9: the command word (the first after leading assignments) depends on an expansion, a glob or a
    special parameter (``dyn`` holds those words' indexes), or so does a word that chooses what a cap
    program does (its subcommand, a task's name, an option: permissions.caps.unread_act)."""
    k = _command_index(words)
    if k < len(words) and k in dyn:
        return f"the command word {words[k]!r} is not literal"
    return unread_act(words if isinstance(words, tuple) else tuple(words), dyn)


def _command_index(words: Sequence[str]) -> int:
    k = 0
    while k < len(words) and is_assignment(words[k]):
        k += 1
    return k


def _hidden(seg: Segment) -> Segment:
    """``seg`` found inside another command (``seg._replace(hidden=True)``, without its per-call cost)."""
    if seg[4]:
        return seg
    return _new_segment((seg[0], seg[1], seg[2], seg[3], True, seg[5], seg[6]))


# (start offset, segment) pairs: the key that sorts them into reading order, and the segment.
_START = itemgetter(0)


_SEGMENT = itemgetter(1)
