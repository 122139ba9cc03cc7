"""A shell-aware command scanner for the policy engine (SPEC R4.1, R4.4, R4.5, R4.7, R4.9).

Closed world (R4.9): the constructs it reads, and how, are listed in :mod:`permissions.constructs`, with the
readings chosen where SPEC is silent; anything else makes the command unparseable. Bash itself checks the
reading of generated commands (permissions/tests/shell_grammar.py, bench/fuzz_shell.py).

It does not run or expand anything. It answers one question: which commands would this string run,
word by word? Every command found -- top level, inside ``$(...)``, backticks, ``<(...)``, ``>(...)``,
``( ... )`` subshells, ``{ ...; }`` groups, and the script of ``bash -c`` / ``sh -c`` / ``eval`` -- becomes
a :class:`Segment`. What cannot be parsed (unbalanced quotes or parentheses, prompt expansion) sets
``unparseable`` while every recognisable piece is still reported, so deny checks never stop.

Two paths, one answer. Plain commands -- words, ``&& || | ; &`` and simple redirections, the bulk of
what agents send -- are split directly (``_fast``); everything else goes through a hand-written state
machine (``_Scanner``). A differential property test holds both equal wherever the shortcut answers.

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
which the command is unparseable and decide() deny-checks its whole text (issue 11 class 12). The regexes used are character classes, runs of them, and alternatives that
begin with distinct characters, so none can backtrack; they only skip or split, never interpret.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from functools import partial
from operator import itemgetter
from typing import NamedTuple

from permissions.commands.shells import COMMAND_CARRIERS as _COMMAND_CARRIERS
from permissions.commands.shells import SHELLS as _SHELLS
from permissions.commands.shells import inline_script as _inline_script
from permissions.expansions import (
    BRACE_BUDGET,
    BRACE_BUDGET_PER_CHAR,
    BraceState,
    Raw,
    TooBig,
    brace_decode,
    brace_encode,
    decode_ansi_c,
    expand,
)

__all__ = [
    "DISPLAY_LIMIT",
    "MAX_NESTING",
    "TOO_COMPLEX",
    "ParsedCommand",
    "Segment",
    "parse_command",
    "split_words",
]

# Nesting beyond this stops the state machine; the rest is judged flat and the command is unparseable.
MAX_NESTING = 128
# `sh -c` scripts inside `sh -c` scripts are parsed up to this depth, then the command is unparseable.
MAX_SCRIPT_DEPTH = 8
# Nested backtick bodies and alias values read again per command, past which they are judged flat.
MAX_REREADS = 256
# Issue 11: here-document bodies and input scripts read again (their substitutions, a shell's script) share
# a budget of characters per command, so hostile nesting (a body fed to a shell holding another) stays
# linear. Past it the text is judged flat (deny still sees it) and the command is unparseable.
REREAD_CHARS_PER_CHAR = 4
REREAD_CHARS_BASE = 65_536
# A segment's display text is cut here so hostile input stays linear.
DISPLAY_LIMIT = 1000
# Issue 11 class 12 (every input decides in <= 50 ms) under R4.7 (no size past which deny checks stop):
# the scanner has a budget of steps per command (a turn of its loop, a nested script, a piece read flat),
# shared by its nested readers. Plain input never reaches it (the fast path reads 100 KB of distinct
# plain commands within it). Past it reading stops, the command is unparseable with TOO_COMPLEX as its
# problem, and decide() checks the whole text for any program a deny rule or the floor names (see
# permissions.decide): deny still sees every segment, by over-matching, at the speed of one regex.
MAX_READ_STEPS = 12_000
_STEPS_PER_SEGMENT = 3  # a segment costs a few turns: built, checked for carried scripts, judged
_STEPS_PER_SCAN = 6  # a nested reader (a script, a body read again) costs its set-up
_STEPS_PER_BRACE_WORD = 2  # a word holding braces: encoded, expanded (its own budget), decoded
TOO_COMPLEX = "the command is too long and complex to read in full; split it into smaller commands"

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
# Any character with shell meaning other than a space: when absent, the command is one simple command.
_ANY_SPECIAL = re.compile("[" + re.escape(_SPECIAL.replace(" ", "")) + "]")
_EMPTY: frozenset[int] = frozenset()
# Whitespace that Python's str.split() separates on but the shell keeps inside a word.
_ODD_SPACE = re.compile(r"[^\S \t\n\r]")
# Fast path (see _fast): any special character other than space and the separators & | ; and newline
# (A newline is not among them: between plain commands it ends one, as `;` does -- here-documents, the
# one construct that reads past it, start with `<<`, which the fast path refuses.)
_NOT_FAST = re.compile("[" + re.escape("\t\r'\"\\`()#") + "]")
# Fast path: the `{` and `}` that open and close groups at a command's start, each followed by a blank or
# the command's end (on_brace's test; tabs are not fast). Any other brace makes the command not fast.
# Matched at a piece's start, it ends right after the last of them (where on_brace starts the command).
_GROUP_MARKS = re.compile(r"(?: *[{}](?= |\Z))*")
# Fast path: a brace before a character other than a blank or separator (`${x}`, `{a,b}`, `a{b`) cannot be
# one of those: found before anything else is done. (A brace after a word, `time {`, the piece loop
# refuses.)
_NOT_GROUP_BRACE = re.compile(r"[{}][^ ;&|\n]")
# Separators between simple commands: literal alternatives only, so the split is linear.
# Past MAX_NESTING: every operator (and run of them) separates commands. Alternatives start with distinct
# characters, so the split is linear.
_FLAT_SPLIT = re.compile(r"(?:\$\(|[<>]\(|[()`;&|\n{}])+")
_TICK_RUN = re.compile("`+")
_CLOSE_RUN = re.compile(r"\)+")
_SEPARATOR = re.compile(r"&&|\|\||[|;&\n]")

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


class ParsedCommand(NamedTuple):
    segments: tuple[Segment, ...]
    unparseable: bool
    problem: str | None = None  # what could not be parsed, for the sentence people read
    # Parsed, but something in it runs commands no rule can see (`curl x | sh`): never auto-approved, and
    # not a parse failure, so the verdict's reason stays the step's own (R4.4's compound_uncovered, say).
    unseen: str | None = None


# Issue 11: printf formats that print their arguments joined by a fixed text (`printf '%s\n' a b | sh`).
_PRINTF_JOIN = {"%s": "", "%s ": " ", "%s\\n": "\n", "%s\n": "\n"}

# `${` then one of these opens a bash 5.3 command substitution run in the current shell (`${ cmd; }`).
_FUNSUB_OPENERS = frozenset(" \t\n|")

_FRAME_ARITH = 4
# Inside arithmetic these are operators (`<<` a shift, `&&` a logical and, `#` a base), not syntax.
_ARITH_PLAIN = frozenset("<>&|;{}#~")
# Special parameters that expand to numbers or option letters, never to a path (issue 11 class 11).
_SPECIAL_PARAMS = frozenset("?#$!-")
# An unquoted glob character: `*`, `?`, or `[` closed later by `]` (a lone `[` is the test command).
_GLOB_CHAR = re.compile(r"[*?\[]")
_NOT_BLANK = re.compile(r"[^ \t]")
_NAMED_FD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
# In `${...}`: what makes even the expansion's end uncertain (quotes, escapes, nesting, substitutions).
_PARAM_UNSURE = re.compile(r"""['"\\`{]|\$\(""")
# The body of a backtick substitution: escaped pairs and other characters, up to the closing backtick.
_TICK_BODY = re.compile(r"(?:[^\\`]+|\\[\s\S])*")
_TICK_ESCAPE = re.compile(r"\\([\\`$])")
# Builtins that evaluate an array subscript in a name they are given (issue 11 class 1).
_SUBSCRIPT_BUILTINS = frozenset(
    {"let", "declare", "typeset", "local", "export", "readonly", "unset", "read", "printf", "mapfile"}
    | {"readarray", "test", "[", "wait", "getopts"}
)


def _is_glob(text: str) -> bool:
    if "*" in text or "?" in text:
        return True
    at = text.find("[")
    return at >= 0 and text.find("]", at + 1) > 0


def _unescape_one_tick(m: re.Match[str]) -> str:
    return m.group(1)


def _compound_prefix(words: Sequence[str], dyn: Collection[int]) -> str | None:
    """Issue 11 class 2: ``""`` when ``words`` are only reserved words that may stand before a compound
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
        "kind",
        "lead",
        "pending",
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
        self.start = start
        self.pending = _R_NONE
        self.kind = kind
        self.hidden = hidden
        self.discard = discard  # arithmetic: words are numbers, not commands
        # Issue 11 class 1: the arithmetic frame this frame is part of (itself for `((` / `$((`), or None.
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
        # Issue 11: text fed to the command's input -- here-strings (`<<< 'x'`), and one holder per
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


class _Scanner:
    __slots__ = (
        "b",
        "body",
        "brace_on",
        "braces",
        "budget",
        "steps",
        "buf",
        "aliases_of",
        "defined",
        "defined_values",
        "depth",
        "heredoc_tabs",
        "heredocs",
        "i",
        "in_dq",
        "late",
        "in_word",
        "problem",
        "scripted",
        "scripts",
        "segments",
        "src",
        "stack",
        "stopped",
        "unseen",
        "wdyn",
        "wglob",
        "wquoted",
        "wspecial",
    )

    def __init__(
        self,
        src: str,
        depth: int,
        scripts: bool,
        budget: list[int] | None = None,
        steps: list[int] | None = None,
    ) -> None:
        self.src = src
        # How many more bodies this command may have read again (shared by the nested readers).
        # [re-reads left, characters of input text left to read again] (see reread, reread_text)
        self.budget = (
            budget
            if budget is not None
            else [MAX_REREADS, REREAD_CHARS_BASE + REREAD_CHARS_PER_CHAR * len(src)]
        )
        # Read steps left for the whole command, shared by every nested reader, scripts included.
        self.steps = steps if steps is not None else [MAX_READ_STEPS]
        self.braces = BraceState(BRACE_BUDGET + BRACE_BUDGET_PER_CHAR * len(src))
        # (start offset, segment): inner commands finish first, so they are sorted back into reading order.
        self.segments: list[tuple[int, Segment]] = []
        self.problem: str | None = None
        self.unseen: str | None = None
        self.depth = depth
        self.scripts = scripts
        # (delimiter, strip leading tabs, delimiter quoted: the body is data, holder: [start offset of a
        # command that runs its input as shell commands] or [] -- see feed_input)
        self.heredocs: list[tuple[str, bool, bool, list[int]]] = []
        # Reading the body of an unquoted here-document (issue 11): the text is data, as inside double
        # quotes except that `"` is literal; only its substitutions are commands.
        self.body = False
        # Issue 11 class 2: names of functions and aliases defined in this command; calls are opaque.
        self.defined: set[str] = set()
        self.defined_values: set[str] = set()  # alias values judged already
        self.aliases_of: dict[str, str] = {}  # alias name -> value (issue 11: a call runs value + arguments)
        self.scripted: set[tuple[str, ...]] = set()  # segments whose inline scripts were judged
        self.late: list[str] = []  # alias values past the re-read budget
        # Reading state: the frames (top level, then one per open nesting), the position, and the word
        # being read -- its pieces, whether it depends on an expansion (wdyn), holds only special
        # parameters (wspecial), has an unquoted glob character (wglob) or any quoting (wquoted).
        self.b = _Builder(0, _FRAME_TOP, depth > 0)
        self.stack: list[_Builder] = [self.b]
        self.i = 0
        self.stopped = False
        self.buf: list[str] = []
        self.in_word = self.wdyn = self.wspecial = self.wglob = self.wquoted = False
        # Inside double quotes; an unquoted `{` is in the word (its unquoted text is then kept as Raw
        # pieces, so brace expansion (R4.8) can tell `{a,b}` from `'{a,b}'`).
        self.in_dq = self.brace_on = False
        self.heredoc_tabs = False

    def fail(self, why: str) -> None:
        if self.problem is None:
            self.problem = why

    def finish(self, b: _Builder, end: int) -> None:
        """Close the simple command being built in ``b`` at ``end``."""
        words, dyn = b.words, b.dyn
        if not words and not b.redirects and b.pending == _R_NONE:
            b.start = end  # nothing was built (`; ;`, `}` then `;`)
            return
        if (
            words
            and words[0] not in _FINISH_SLOW
            and "=" not in words[0]
            and not (dyn or b.redirects or b.pending or b.glob or b.special or b.feeds or b.docs or self.body)
            and b.arith is None
        ):
            # The common case, without the general path's steps that cannot apply: literal words with no
            # keyword to cut, nothing for refuse() to look at, no redirection, no input fed to it.
            self.emit_plain(tuple(words), b.start, end, b.hidden)
            b.words = []
            b.lead = 0
            b.start = end
            return
        if b.pending != _R_NONE:
            self.fail("a redirection has no target")
            b.pending = _R_NONE
        if self.body and b.kind == _FRAME_TOP:
            words = []  # a here-document body's text: data (its substitutions were read in frames)
            b.redirects = []
        if words or b.redirects:
            # Grammar keywords (`if cmd; then ...`) introduce the command that is judged. `for NAME do cmd`
            # (no `in` list) puts the first command of the body on the header's line.
            cut = 0
            while cut < len(words):
                if words[cut] in _LEADING_KEYWORDS and cut not in dyn:
                    cut += 1
                elif words[cut] == "for" and cut + 3 < len(words) and words[cut + 2] == "do":
                    cut += 3
                else:
                    break
            if words[cut : cut + 1] and words[cut] in _CLOSING_KEYWORDS and cut not in dyn:
                cut += 1
            if cut:
                words = words[cut:]
                dyn = [k - cut for k in dyn if k >= cut]
            marks = dyn
            if b.glob or b.special:
                # R4.9: a glob or a special parameter in the command word makes it opaque too.
                marks = [k - cut for k in (*b.dyn, *b.glob, *b.special) if k >= cut]
            if words and words[0] in _HEADERS and 0 not in dyn:
                # Loop headers are grammar; their substitutions were captured already. `case` arms,
                # `select` menus and a `function` keyword whose body is not on its line are not read:
                # fail closed (R4.9).
                if words[0] != "for":
                    self.fail(f"'{words[0]}' blocks are not supported")
                words = []
            if words and 0 not in dyn and b.arith is None:
                self.refuse(words)
            if words or b.redirects:
                src = self.src
                stop = end if end - b.start <= DISPLAY_LIMIT else b.start + DISPLAY_LIMIT
                seg = _new_segment(
                    (
                        tuple(words),
                        src[b.start : stop].strip(),
                        tuple(b.redirects) if b.redirects else (),
                        frozenset(dyn) if dyn else _EMPTY,
                        b.hidden,
                        _opaque(words, marks) if marks else None,
                    )
                )
                if b.arith is not None:
                    b.arith.stash.append((b.start, seg))
                else:
                    self.emit(b.start, seg)
                    if b.feeds or b.docs:
                        self.feed_input(seg, b)
        if b.feeds:
            b.feeds = []
        if b.docs:
            b.docs = []
        b.words = []
        b.dyn = []
        b.redirects = []
        if b.glob:
            b.glob = []
        if b.special:
            b.special = []
        b.lead = 0
        b.start = end

    def out_of_steps(self, cost: int) -> bool:
        """Charge ``cost`` read steps (MAX_READ_STEPS); past the budget the command is TOO_COMPLEX and this
        reader stops (the others stop at their next step: the budget is shared)."""
        steps = self.steps
        steps[0] -= cost
        if steps[0] >= 0:
            return False
        self.fail(TOO_COMPLEX)
        self.stopped = True
        return True

    def emit_plain(self, words: tuple[str, ...], start: int, end: int, hidden: bool) -> None:
        """Emit the segment of literal ``words`` read from ``start`` to ``end``: no keyword to cut, no
        redirection, nothing for refuse() to look at (finish's common case, and plain_body's)."""
        stop = end if end - start <= DISPLAY_LIMIT else start + DISPLAY_LIMIT
        self.emit(start, _new_segment((words, self.src[start:stop].strip(), (), _EMPTY, hidden, None)))

    def plain_body(self, start: int, closer: str) -> int:
        """A substitution or subshell whose body, from ``start``, is one plain command (`$(ls -l)`,
        `` `ls` ``, `(ls)`; issue 11: hostile input sends thousands of them): its segment is emitted as
        opening a frame, reading the words and closing the frame at ``closer`` would emit it, without the
        frame. Returns the index of ``closer``, or -1 (nothing done: the caller opens the frame).

        The frame's path would take finish's common case (emit_plain), so the same conditions apply: a
        run of plain words without a glob character, a first word that finish takes no general step for,
        not in a here-document body. A differential property test holds both paths equal."""
        src = self.src
        m = _PLAIN_BODY.match(src, start)
        if m is None or self.body:
            return -1
        end = m.end()
        if end >= len(src) or src[end] != closer:
            return -1
        run = m.group(1)
        words = _split_run(run) if " " in run else [run]
        if words[0] in _FINISH_SLOW or "=" in words[0]:
            return -1
        self.emit_plain(tuple(words), start, end, True)
        self.wspecial = False  # as open_frame leaves it (close_frame restores the rest of the word state)
        return end

    def emit(self, start: int, seg: Segment) -> None:
        self.segments.append((start, seg))
        if self.out_of_steps(_STEPS_PER_SEGMENT):  # building it, and decide() judging it
            return
        words = seg.words
        if not words:
            return
        first = words[0]
        if first not in MAY_CARRY_FIRST and "/" not in first and "=" not in first and first != "alias":
            return  # carries no command line (carried_scripts answers nothing) and defines no alias
        if self.scripts and words not in self.scripted:
            # A command repeated word for word carries the same script: its commands were judged once
            # (the verdict depends on words only), so hostile repetition stays cheap.
            self.scripted.add(words)
            if words[0] == "alias":
                self.aliases(words, start)
            self._script(seg, start)

    def feed_input(self, seg: Segment, b: _Builder) -> None:
        """Issue 11, R4.7: a here-string or here-document given to a program that runs its input as shell
        commands (`sh <<< 'x'`, `bash -s <<EOF`, `source /dev/stdin`, `ssh host`) is that program's
        script: its commands are segments, like the script of `bash -c`. A command word that is not
        literal (`$SH <<< 'x'`) may be such a program: read too (deny matches more, R4.8). The program
        stays never auto-approved (it reads its input: Carried.unseen / opaque)."""
        words = seg.words
        if feeds_a_program(words):
            self.unseen = self.unseen or FED_PROGRAM  # `python3 <<< 'code'`: even an exact allow
        if not (seg.opaque is not None or feeds_a_script(words)):
            return
        for text in b.feeds:
            self.input_script(text, b.start)
        for holder in b.docs:
            holder.append(b.start)  # the body is read when skip_heredocs reaches it

    def passed_on(self, b: _Builder) -> tuple[list[str], list[list[int]]] | None:
        """The text the command being built in ``b`` writes to a pipe as it got it: `cat` (no file) and
        `tee` pass their here-strings and here-documents on, `echo` its words. None for anything else."""
        words = b.words
        if not words or b.arith is not None or b.pending != _R_NONE:
            return None
        if (
            (words[0] == "cat" and all(w == "-" for w in words[1:]))
            or words[0] == "tee"  # writes its input to its files and on
        ) and (b.feeds or b.docs):
            return list(b.feeds), list(b.docs)
        if words[0] == "echo" and len(words) > 1 and not b.dyn:
            k = 1
            while k < len(words) and words[k] in ("-n", "-e", "-E", "-ne", "-en"):
                k += 1
            return [" ".join(words[k:])], []
        if words[0] == "printf" and len(words) > 1 and not b.dyn:
            # Issue 11: `printf 'curl x' | sh`, `printf '%s\n' 'curl x' | sh` (escapes are read as written:
            # more words for deny, never fewer).
            k = 2 if words[1] == "--" else 1
            fmt = words[k] if k < len(words) else ""
            if "%" not in fmt:
                if "\\" not in fmt:
                    return [fmt], []
                # printf decodes escapes (`\x63url`) much as $'...' does: both readings are judged.
                decoded = decode_ansi_c(fmt.replace("'", "\\'") + "'", 0)[0]
                return [fmt.replace("\\n", "\n"), decoded], []
            joiner = _PRINTF_JOIN.get(fmt)
            if joiner is not None:
                return [joiner.join(words[k + 1 :])], []
        return None

    def reread_text(self, text: str, start: int) -> bool:
        """Whether ``text`` (a here-document body, a shell's input script) may be read again: within
        MAX_SCRIPT_DEPTH and the command's shared character budget. Otherwise it is judged flat (R4.7: no
        size past which deny checks stop) and the command is unparseable."""
        budget = self.budget
        if self.depth + 1 <= MAX_SCRIPT_DEPTH and budget[1] >= len(text):
            budget[1] -= len(text)
            return True
        self.fail("here-documents or input scripts are nested too deeply or too large to read")
        self.flat_text(text, start)
        return False

    def input_script(self, script: str, start: int) -> None:
        """The text a shell reads on its input, judged as its commands (see feed_input)."""
        if not self.reread_text(script, start):
            return
        inner = _scan(script, self.depth + 1, True, self.budget, self.steps)
        for s in inner.segments:
            self.segments.append((start, _hidden(s)))
        if inner.unparseable:
            self.fail(inner.problem or "the script given on the input cannot be parsed")
        if inner.unseen is not None:
            self.unseen = self.unseen or inner.unseen

    def refuse(self, words: list[str]) -> None:
        """R4.9: simple commands whose words hold constructs the reader does not model (see CONSTRUCTS)."""
        verb = words[0]
        if "=" in verb and ("`" in verb or "$(" in verb) and "[" in verb:
            # Issue 11 class 1: `x='a[$(cmd)]'; echo $((x))` -- arithmetic evaluates the value of `x`, and
            # the subscript's command runs. A value holding a subscript and a substitution is not read.
            k = 0
            while k < len(words) and is_assignment(words[k]):
                w = words[k]
                at = w.find("[", w.find("="))
                if at >= 0 and ("`" in w[at:] or "$(" in w[at:]):
                    self.fail("a variable is given an array subscript that runs a command")
                    break
                k += 1
        if verb == "[[":
            self.fail("'[[ ... ]]' conditionals are not read")
        elif verb in _SUBSCRIPT_BUILTINS and len(words) > 1:
            # Issue 11 class 1: these builtins evaluate an array subscript in a name they are given, and
            # the subscript's `$(...)` runs (`unset 'a[$(rm -rf ~)]'`, `let 'a[$(cmd)]'`).
            if verb != "printf" or "-v" in words:
                for w in words[1:]:
                    at = w.find("[")
                    if at >= 0 and ("$" in w[at:] or "`" in w[at:]):
                        self.fail(f"an array subscript given to '{verb}' can run commands")
                        break

    def aliases(self, words: tuple[str, ...], start: int) -> None:
        """Issue 11 class 2: `alias name=value` defines a name whose calls are opaque, and its value is
        code (judged like the script of `sh -c`)."""
        for w in words[1:]:
            name, eq, value = w.partition("=")
            if not eq:
                continue
            self.defined.add(name)
            self.aliases_of[name] = value
            if value in self.defined_values:
                continue  # the same code was judged already
            self.defined_values.add(value)
            if not value:
                continue
            if self.reread():
                inner = _scan(value, self.depth + 1, True, self.budget, self.steps)
                for s in inner.segments:
                    self.segments.append((start, _hidden(s)))
                if inner.unparseable:
                    self.fail(inner.problem or "an alias's value cannot be parsed")
            else:
                self.late.append(value)  # judged flat at the end, all at once (see _scan)

    def _script(self, seg: Segment, start: int) -> None:
        """R4.7, R4.9: the command lines a segment runs -- the script of `bash -c` / `sh -c` / `eval`, and
        those of the programs in permissions.commands (`watch`, `ssh host CMD`, `git -c core.pager=…` ...)
        -- are judged as commands too."""
        found = carried_scripts(seg.words)
        if found.unseen is not None:
            self.unseen = self.unseen or found.unseen
        if found.problem is not None:
            self.fail(found.problem)
        if not found.scripts:
            return  # `bash script.sh`: a file, not inline code
        if self.depth + 1 > MAX_SCRIPT_DEPTH:
            self.fail("inline shell scripts are nested too deeply")
            return
        for script in found.scripts:
            inner = _scan(script, self.depth + 1, True, None, self.steps)
            for s in inner.segments:
                self.segments.append((start, _hidden(s)))
            if inner.unparseable:
                self.fail(inner.problem or "the inline script cannot be parsed")
            if inner.unseen is not None:
                self.unseen = self.unseen or inner.unseen

    def expand_braces(self, pieces: list[str]) -> list[tuple[str, bool]]:
        """R4.8: the words bash makes of one word holding an unquoted ``{``, each with whether it starts
        with a tilde the shell expands. Past the budget the words found so far are kept (they are the
        exact start of bash's list, so deny still judges them) and the command is unparseable."""
        st = self.braces
        self.steps[0] -= _STEPS_PER_BRACE_WORD  # its own budget bounds the expansion; this, the set-up
        enc = brace_encode(pieces)
        found: list[str] = []
        if st.left > 0:
            try:
                for w in expand(enc, 0, len(enc), 0, st):
                    found.append(w)
            except TooBig:
                st.unsure("a brace expansion is too large to judge")
        else:
            st.unsure("a brace expansion is too large to judge")
        if not found:
            found.append(enc)  # nothing expanded within the budget: the word as written
        if st.problem is not None:
            self.fail(st.problem)
            st.problem = None
        # bash drops a result that is empty and unquoted (`{,}` is no word at all).
        return [(brace_decode(w), w[0] == "~") for w in found if w]

    def too_deep(self, stack: list[_Builder], at: int) -> None:
        """Nesting past MAX_NESTING: close what is open and judge the rest flat (R4.7)."""
        self.flat(at, "commands are nested too deeply to parse")

    def flat(self, at: int, why: str) -> None:
        """Close what is open and judge the rest flat (R4.7): nesting past MAX_NESTING, or a construct
        whose very end cannot be told (`${x:-"}"}`), so nothing after it can be read with certainty.

        The command is unparseable, so it is never auto-approved; what matters is that every command-like
        run of words in the rest is still a segment for the deny checks. The rest is split at every
        operator, quotes are dropped (a quoted `rm -rf /` then reads as a command: over-matching is the
        safe side for deny), and identical segments -- the shape of hostile nesting -- are kept once.
        """
        self.fail(why)
        for frame in reversed(self.stack):
            self.finish(frame, at)
            if frame.kind == _FRAME_ARITH:
                self.release(frame)
        self.flat_text(self.src[at:], at)

    def flat_text(self, text: str, at: int) -> None:
        """Every command-like run of words in ``text`` becomes a segment (see flat)."""
        seen: set[tuple[str, ...]] = set()
        for piece in _FLAT_SPLIT.split(text):
            if not piece or piece.isspace():
                continue
            if self.out_of_steps(1):
                return
            flat = piece.replace("'", " ").replace('"', " ").replace("\\", " ")
            # Braces split pieces already; `{rm,-rf,/}` also reads as `rm -rf /` (over-matching is safe).
            variants = (flat, flat.replace(",", " ")) if "," in flat else (flat,)
            for variant in variants:
                words = tuple(variant.split())
                cut = 0
                while cut < len(words) and (
                    words[cut] in _LEADING_KEYWORDS or words[cut] in _CLOSING_KEYWORDS
                ):
                    cut += 1
                words = words[cut:]
                if not words or words in seen:
                    continue
                seen.add(words)
                text = piece.strip()[:DISPLAY_LIMIT]
                self.segments.append((at, _new_segment((words, text, (), _EMPTY, True, None))))
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
                        self.segments.append((at, _new_segment((rest, text, (), _EMPTY, True, None))))

    def skip_heredocs(self, i: int) -> int:
        """At the newline ending a line with `<<DELIM`, skip the bodies; return the index after them."""
        src = self.src
        n = len(src)
        pos = i + 1
        for delim, strip_tabs, quoted, holder in self.heredocs:
            begin = pos
            lines: list[str] = []
            code = False
            while True:
                if pos >= n:
                    self.fail(f"the here-document '{delim}' is not closed")
                    self.heredocs = []
                    return n
                j = src.find("\n", pos)
                line_end = n if j < 0 else j
                line = src[pos:line_end]
                if strip_tabs:
                    line = line.lstrip("\t")
                pos = line_end + 1
                if line == delim:
                    break
                lines.append(line)
                if not quoted and _expands_code(line):
                    # The body of an unquoted here-document runs substitutions: fail closed. A quoted
                    # delimiter (`<<'EOF'`) makes the body data (issue 11 class 11).
                    self.fail("a here-document contains a command substitution")
                    code = True
            if code or holder:
                body = "\n".join(lines)
                if code:
                    self.body_substitutions(body, begin)
                if holder:
                    self.input_script(body, holder[0])  # fed to a shell: its script (see feed_input)
        self.heredocs = []
        return pos - 1  # the caller steps over the newline

    def body_substitutions(self, body: str, at: int) -> None:
        """Issue 11, R4.7: bash runs the substitutions in an unquoted here-document's body, so their
        commands are segments (deny and ask see them), although the command stays unparseable."""
        if not self.reread_text(body, at):
            return
        sc = _Scanner(body, self.depth + 1, True, self.budget, self.steps)
        sc.body = sc.in_dq = True
        sc.run()
        for start, s in sc.segments:
            self.segments.append((at + start, _hidden(s)))
        if sc.problem is not None:
            self.fail(sc.problem)
        if sc.unseen is not None:
            self.unseen = self.unseen or sc.unseen

    # -- reading, one step per construct (see CONSTRUCTS) ------------------------------------------------
    # The state of the word being read lives on the scanner; a frame saves it when it opens (`$(` inside
    # a word) and restores it when it closes.

    def run(self) -> None:
        src = self.src
        n = len(src)
        handlers = _HANDLERS
        direct = _DIRECT
        steps = self.steps
        while self.i < n and not self.stopped:
            steps[0] -= 1
            if steps[0] < 0:
                self.fail(TOO_COMPLEX)  # see MAX_READ_STEPS; nested readers stop on their next step too
                return
            if self.in_dq:
                if self.read_quoted():
                    continue
                c = src[self.i]
            else:
                c = src[self.i]
                if c not in direct:  # a blank or a plain character: read the run (most steps)
                    c = self.read_plain()
                    if not c:
                        break
            if c in _ARITH_PLAIN and self.b.arith is not None:
                # Issue 11 class 1: inside `(( ))` / `$(( ))` these are operators (`<<` is a shift, `&&`
                # a logical and), never redirections, separators or comments.
                self.buf.append(c)
                self.in_word = True
                self.i += 1
                continue
            handlers[c](self)
        if self.stopped:
            return
        self.end_input()

    def read_quoted(self) -> bool:
        """Inside double quotes only \\ $ ` and the closing quote matter. True when the step is done."""
        src = self.src
        n = len(src)
        i = self.i
        j = i
        literal_quote = self.body and len(self.stack) == 1  # a here-document body: `"` is text
        while j < n:
            c = src[j]
            if c == '"' and literal_quote:
                j += 1
                continue
            if c == '"' or c == "\\" or c == "$" or c == "`":
                break
            j += 1
        if j > i:
            self.buf.append(src[i:j])
        self.in_word = True
        self.i = j
        if j >= n:
            return True
        c = src[j]
        if c == '"':
            self.in_dq = False
            self.i = j + 1
            return True
        if c == "\\":
            nxt = src[j + 1] if j + 1 < n else ""
            if nxt in ('"', "\\", "$", "`"):
                self.buf.append(nxt)
            elif nxt and nxt != "\n":
                self.buf.append("\\" + nxt)
            self.i = j + 2
            return True
        return False  # `$` or a backtick: read as outside quotes

    def read_plain(self) -> str:
        """Consume runs of plain words and the blanks between them; return the special character that
        follows ('' at the end). A blank only ends the word in progress (as on_blank does): reading blanks
        here instead of dispatching each saves a handler call per word on long inputs."""
        src = self.src
        n = len(src)
        i = self.i
        step = _STEP.match
        while True:
            m = step(src, i)  # blanks, then a run of plain words: both optional, so it always matches
            run = m.group(2)  # type: ignore[union-attr]
            if m.end(1) > i and self.in_word:  # type: ignore[union-attr]
                self.end_word()
            i = self.i = m.end()  # type: ignore[union-attr]
            if not run:
                break
            b = self.b
            globs = b.arith is None and ("*" in run or "?" in run or "[" in run)
            if b.arith is not None and "[" in run:
                b.arith.bracket = True
            brace_on = self.brace_on
            ends = i < n and src[i] in _BLANKS  # the run's last word is complete
            if not self.in_word and not globs and not brace_on and b.pending == _R_NONE:
                # The common case, batched: whole plain words starting a word, no redirection waiting for
                # its target, no glob or brace -- what end_word would do for each is to append it.
                parts = _split_run(run) if " " in run else [run]
                if ends:
                    b.words.extend(parts)
                    continue
                if b.arith is None and (i >= n or src[i] in _ENDS_WORD):
                    # The next step ends the word first thing (on_separator, on_amp, on_newline,
                    # on_open_paren, on_close_paren, end_input): complete already.
                    b.words.extend(parts)
                    if i + 1 < n and src[i] == ";" and src[i + 1] not in ";&":
                        # A plain `;` (not `;;` / `;&`): on_separator's step, taken here (R4.4).
                        self.finish(b, i)
                        i += 1
                        b.start = i
                        if self.stopped:
                            self.i = i
                            return ""  # out of read steps (MAX_READ_STEPS): run() stops
                        continue
                    break
                if len(parts) > 1:
                    b.words.extend(parts[:-1])
                self.buf.append(parts[-1])  # may go on (`c"d"`)
                self.in_word = True
                break
            buf = self.buf
            if " " in run:
                # Several plain words at once: the first may continue a word in progress (`a"b" c`), the
                # middle ones are whole words, the last may continue (`c"d"`).
                parts = _split_run(run)
                buf.append(Raw(parts[0]) if brace_on else parts[0])
                self.in_word = True
                if globs and _is_glob(parts[0]):
                    self.wglob = True
                self.end_word()
                if len(parts) > 2:
                    middle = parts[1:-1]
                    if b.pending != _R_NONE:
                        self.buf.append(middle[0])
                        self.in_word = True
                        self.end_word()
                        middle = middle[1:]
                    if globs:
                        for p in middle:
                            if _is_glob(p):
                                b.glob.append(len(b.words))
                            b.words.append(p)
                    else:
                        b.words.extend(middle)
                self.buf.append(parts[-1])
                if globs and _is_glob(parts[-1]):
                    self.wglob = True
            else:
                buf.append(Raw(run) if brace_on else run)
                if globs and _is_glob(run):
                    self.wglob = True
            self.in_word = True
            if not ends:
                break
        self.i = i
        return src[i] if i < n else ""

    def end_word(self) -> None:
        if not self.in_word:
            return
        b = self.b
        pending = b.pending
        buf = self.buf
        if self.brace_on:
            self.brace_on = False
            # Brace expansion applies to command words and redirect targets, not to here-document
            # delimiters, here-strings or assignments before the command (bash).
            if pending == _R_PATH or (pending == _R_NONE and not _assigns(b, buf)):
                expanded = self.expand_braces(buf)
                if pending == _R_PATH:
                    b.pending = _R_NONE
                    b.redirects.extend(w for w, _ in expanded)
                else:
                    dyn = self.wdyn or self.wspecial
                    for w, tilde in expanded:
                        if dyn or tilde:
                            b.dyn.append(len(b.words))
                        if self.wglob:
                            b.glob.append(len(b.words))
                        b.words.append(w)
                self.reset_word()
                return
        w = "".join(buf)
        if pending != _R_NONE:
            b.pending = _R_NONE
            if pending == _R_PATH:
                b.redirects.append(w)
            elif pending == _R_HEREDOC:
                holder: list[int] = []
                b.docs.append(holder)
                self.heredocs.append((w, self.heredoc_tabs, self.wquoted, holder))
            elif pending == _R_STRING:
                b.feeds.append(w)  # issue 11: the command's input (see feed_input)
            elif pending == _R_DUP and not (_is_fd(w) and not self.wdyn and not self.wspecial):
                # R4.5: `>&file` / `1>&file` write a file; only `>&N` duplicates a descriptor. A variable
                # (`>&$fd`) may be either, so it is checked as a location (R6.2).
                b.redirects.append(w)
        else:
            k = len(b.words)
            if self.wdyn or (self.wspecial and "/" in w):
                b.dyn.append(k)
            elif self.wspecial:
                # Issue 11 class 11: `$?`, `$#`, `$$`, `$!`, `$-` are numbers and flags, not locations.
                b.special.append(k)
            if self.wglob:
                b.glob.append(k)
            b.words.append(w)
        self.reset_word()

    def reset_word(self) -> None:
        self.buf = []
        self.in_word = False
        self.wdyn = False
        self.wspecial = False
        self.wglob = False
        self.wquoted = False

    def open_frame(self, kind: int, start: int, arith: _Builder | None) -> _Builder:
        self.steps[0] -= 1  # a frame costs a turn more than the character that opens it (MAX_READ_STEPS)
        nb = _Builder(start, kind, True, arith is not None)
        nb.arith = nb if kind == _FRAME_ARITH else arith
        nb.saved = (self.buf, self.in_word, self.wdyn, self.in_dq, self.brace_on, self.wglob, self.wquoted)
        self.stack.append(nb)
        self.b = nb
        self.buf = []
        self.in_word = self.wdyn = self.in_dq = self.brace_on = self.wglob = self.wquoted = False
        self.wspecial = False
        return nb

    def close_frame(self, at: int) -> _Builder:
        self.end_word()
        self.finish(self.b, at)
        closed = self.stack.pop()
        self.b = self.stack[-1]
        self.buf, self.in_word, self.wdyn, self.in_dq, self.brace_on, self.wglob, self.wquoted = closed.saved
        if closed.kind == _FRAME_ARITH and closed.stash and closed.arith is closed and at >= len(self.src):
            self.release(closed)  # never closed: bash reads it as far as it can, so judge what it held
        return closed

    def release(self, arith: _Builder) -> None:
        """The words held by an arithmetic frame are commands after all: judge them (R4.7)."""
        for start, seg in arith.stash:
            self.emit(start, _hidden(seg))
        arith.stash = []

    def nest(self) -> bool:
        """Whether another frame may open; past MAX_NESTING the rest is judged flat."""
        if len(self.stack) < MAX_NESTING:
            return True
        self.end_word()
        self.too_deep(self.stack, self.i)
        self.stopped = True
        return False

    def on_blank(self) -> None:
        self.end_word()
        self.i += 1

    def on_newline(self) -> None:
        self.end_word()
        self.finish(self.b, self.i)
        if self.heredocs:
            self.i = self.skip_heredocs(self.i)
        self.i += 1
        self.b.start = self.i

    def on_single_quote(self) -> None:
        src = self.src
        j = src.find("'", self.i + 1)
        if j < 0:
            self.fail("a single quote is not closed")
            j = len(src)
        text = src[self.i + 1 : j]
        if self.b.arith is not None and ("$" in text or "`" in text):
            # Issue 11 class 1: in arithmetic, single quotes bound the text but do not quote it: bash
            # expands `'$(cmd)'` as in double quotes, and the command runs. Judged, and never auto.
            self.fail("a quoted substitution in arithmetic runs")
            self.inline(text, self.i)
        self.buf.append(text)
        self.in_word = self.wquoted = True
        self.i = j + 1

    def on_double_quote(self) -> None:
        self.in_dq = self.in_word = self.wquoted = True
        self.buf.append("")  # `""` is a quoted empty word, kept through brace expansion
        self.i += 1

    def on_backslash(self) -> None:
        src = self.src
        i = self.i
        if i + 1 < len(src) and src[i + 1] != "\n":
            self.buf.append(src[i + 1])
            self.in_word = self.wquoted = True
        self.i = i + 2

    def on_hash(self) -> None:
        if self.in_word:
            self.buf.append("#")  # only a word's first character starts a comment (`a#b` is a word)
            self.i += 1
        else:
            j = self.src.find("\n", self.i)
            self.i = len(self.src) if j < 0 else j

    def on_tilde(self) -> None:
        if not self.in_word:
            self.wdyn = True  # R6.2: a leading ~ is a home directory
        self.buf.append(Raw("~") if self.brace_on else "~")  # `{~,x}` expands to a home directory too
        self.in_word = True
        self.i += 1

    def on_brace(self) -> None:
        src = self.src
        i = self.i
        c = src[i]
        b = self.b
        if not self.in_word and (i + 1 >= len(src) or src[i + 1] in " \t\n;&|)"):
            # A lone `{` / `}` at a command's start is group syntax (R4.7): the commands inside are
            # ordinary segments. Issue 11 class 2: reserved words that take a compound command (`time`,
            # `time -p`, `!`, `coproc [NAME]`, `function NAME`) do not hide the group that follows.
            if not b.words and not b.redirects and b.pending == _R_NONE:
                b.start = self.i = i + 1  # what the steps below come to when nothing was built
                return
            prefix = _compound_prefix(b.words, b.dyn) if c == "{" else ("" if not b.words else None)
            if prefix is not None:
                if prefix:
                    self.defined.add(prefix)
                self.clear_words(b)
                self.finish(b, i + 1)
                self.i = i + 1
                return
        if c == "{":
            self.brace_on = True
        self.buf.append(Raw(c) if self.brace_on else c)
        self.in_word = True
        self.i = i + 1

    def clear_words(self, b: _Builder) -> None:
        """Drop words that were grammar (reserved words, a function's name), not a command."""
        b.words = []
        b.dyn = []
        b.glob = []
        b.special = []
        b.lead = 0

    def on_dollar(self) -> None:
        src = self.src
        n = len(src)
        i = self.i
        nxt = src[i + 1] if i + 1 < n else ""
        b = self.b
        if b.arith is not None:
            b.arith.expands = True
        if nxt == "(":
            arith = i + 2 < n and src[i + 2] == "("
            if arith:
                # An integer: like a special parameter, never a location (issue 11 class 11).
                self.buf.append("$((…))")
                self.in_word = self.wspecial = True
            else:
                self.buf.append("$(…)")
                self.in_word = self.wdyn = True
            if not self.nest():
                return
            if arith:
                self.open_frame(_FRAME_ARITH, i + 3, None)
                self.i = i + 3
            else:
                end = self.plain_body(i + 2, ")")
                if end >= 0:
                    self.i = end + 1  # as on_close_paren steps over the `)`
                    return
                self.open_frame(_FRAME_SUB, i + 2, None)
                self.i = i + 2
        elif nxt == "{":
            self.read_parameter()
        elif nxt == "[":
            # `$[ ... ]` is the old arithmetic syntax, whose subscripts can run commands: not read (R4.9).
            self.fail("a '$[...]' arithmetic expansion is not read")
            self.buf.append("$")
            self.in_word = self.wdyn = True
            self.i = i + 1
        elif nxt == "'" and not self.in_dq:
            # R4.1: ANSI-C quoting is decoded the way bash does (`$'\x72m'` is `rm`).
            text, self.i, problem = decode_ansi_c(src, i + 2)
            if problem is not None:
                self.fail(problem)
            self.buf.append(text)
            self.in_word = self.wquoted = True
        elif nxt == '"' and not self.in_dq:
            # `$"..."` is translated through the locale's message catalogue: judged as its text, but what
            # runs is not certain, so never auto-approved (R4.7).
            self.fail('a $"..." string is translated by the locale and cannot be judged')
            self.in_dq = self.in_word = self.wquoted = True
            self.buf.append("")
            self.i = i + 2
        elif nxt.isalpha() or nxt == "_":
            j = i + 2
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            self.buf.append(src[i:j])  # R4.3: variables stay literal
            self.in_word = self.wdyn = True
            self.i = j
        elif nxt and nxt in _SPECIAL_PARAMS:
            self.buf.append(src[i : i + 2])
            self.in_word = self.wspecial = True
            self.i = i + 2
        elif nxt and (nxt.isdigit() or nxt in "@*"):
            self.buf.append(src[i : i + 2])
            self.in_word = self.wdyn = True
            self.i = i + 2
        else:
            self.buf.append("$")
            self.in_word = True
            self.i = i + 1

    def read_parameter(self) -> None:
        """``${...}``: a name, an optional operator and plain text, or the command is unparseable. When
        quotes, backslashes or substitutions inside make even its end uncertain, the rest is judged flat,
        so every command-like run of words in it is still checked for deny (R4.7, R4.9)."""
        src = self.src
        i = self.i
        j = src.find("}", i + 2)
        if j < 0:
            self.fail("a '${' is not closed")
            j = len(src) - 1
        body = src[i + 2 : j]
        if body[:1] in _FUNSUB_OPENERS:
            # Issue 11: bash 5.3 runs `${ cmd; }` and `${| cmd; }` as commands in the current shell. Not read:
            # the rest is judged flat, so deny still sees the commands (R4.7).
            self.end_word()
            self.flat(self.i, "a '${ ...; }' command substitution is not read")
            self.stopped = True
            return
        if _PARAM_UNSURE.search(body) is not None:
            self.end_word()
            self.flat(self.i, "a '${...}' holding quotes, braces or commands is not read")
            self.stopped = True
            return
        at = body.find("@")
        if body[:1] == "!":
            self.fail("a '${!...}' indirection cannot be judged")
        elif at >= 0 and at + 1 < len(body) and body[at + 1] in "PEAKQaku":
            self.fail("a '${...@...}' transformation cannot be judged")
        else:
            sub = body.find("[")
            if sub >= 0 and "$" in body[sub:]:
                self.fail("an array subscript with an expansion can run commands")
        self.buf.append(src[i : j + 1])
        self.in_word = self.wdyn = True
        self.i = j + 1

    def on_backtick(self) -> None:
        src = self.src
        i = self.i
        if self.b.kind == _FRAME_TICK:
            self.close_frame(i)
            self.i = i + 1
            return
        if self.b.arith is not None:
            self.b.arith.expands = True
        if not self.nest():
            return
        self.buf.append("`…`")
        self.in_word = self.wdyn = True
        # A run of backticks is a row of empty substitutions (``), plus one opener when odd.
        j = _TICK_RUN.match(src, i).end()  # type: ignore[union-attr]
        i += (j - i) // 2 * 2
        self.i = i
        if i >= j:
            return
        # A plain body holds no backslash, so the escape reading below would not apply: tried first.
        close = self.plain_body(i + 1, "`")
        if close >= 0:
            self.i = close + 1  # as the closing backtick's step does
            return
        end = _TICK_BODY.match(src, i + 1).end()  # type: ignore[union-attr]
        if end < len(src) and src.find("\\", i + 1, end) >= 0:
            # Issue 11 class 3: inside backticks `\``, `\\` and `\$` stand for `` ` ``, `\` and `$`; the
            # body is read again with them unescaped, so nested substitutions are opened too.
            if not self.reread():
                self.end_word()
                self.flat(i, "substitutions are nested too deeply or too many to read")
                self.stopped = True
                return
            body = _TICK_ESCAPE.sub(_unescape_one_tick, src[i + 1 : end])
            if self.in_dq and '\\"' in body:
                self.fail("a backtick inside double quotes with an escaped quote cannot be judged")
            self.inline(body, i)
            self.i = end + 1
            return
        self.open_frame(_FRAME_TICK, i + 1, None)
        self.i = i + 1

    def reread(self) -> bool:
        """Whether another body may be read again as commands (a nested backtick body, an alias's
        value): each command has a budget of re-reads, shared by its nested readers, so hostile input
        stays linear. Past it or past MAX_SCRIPT_DEPTH the caller judges the text flat (R4.7: deny still
        sees its commands; the command is unparseable)."""
        budget = self.budget
        if self.depth + 1 <= MAX_SCRIPT_DEPTH and budget[0] > 0:
            budget[0] -= 1
            return True
        self.fail("substitutions are nested too deeply or too many to read")
        return False

    def inline(self, script: str, start: int) -> None:
        """Judge ``script`` as commands found at ``start`` (a backtick body read again)."""
        inner = _scan(script, self.depth + 1, self.scripts, self.budget, self.steps)
        for s in inner.segments:
            self.segments.append((start, _hidden(s)))
        if inner.unparseable:
            self.fail(inner.problem or "a substitution cannot be parsed")
        if inner.unseen is not None:
            self.unseen = self.unseen or inner.unseen

    def on_open_paren(self) -> None:
        """A subshell, an arithmetic command, a function definition's `()`, or grouping in arithmetic."""
        src = self.src
        i = self.i
        if self.in_word:
            self.end_word()
        b = self.b
        if b.arith is not None:
            if self.nest():
                self.open_frame(_FRAME_PAREN, i + 1, b.arith)
                self.i = i + 1
            return
        dparen = i + 1 < len(src) and src[i + 1] == "("
        words = b.words
        if words:
            after = _NOT_BLANK.search(src, i + 1)
            empty = after is not None and after.group() == ")"
            named = None
            if empty and len(words) == 1 and not b.dyn and not b.glob:
                named = words[0]  # `f () { ...; }`
            elif empty and len(words) == 2 and words[0] == "function" and not b.dyn:
                named = words[1]  # `function f () { ...; }`
            if named is not None:
                # Issue 11 class 2: a definition runs nothing now; its body is read as code and a
                # later call to the name is opaque.
                self.defined.add(named)
                self.clear_words(b)
                j = after.end() if after is not None else i + 1
                body = _NOT_BLANK.search(src, j)
                if body is not None and body.group() == "{" and not b.redirects and b.pending == _R_NONE:
                    k = body.end()
                    if k >= len(src) or src[k] in " \t\n;&|)":
                        # `f() { ...`: the body's group opens here, as on_brace opens it (one step less).
                        b.start = self.i = k
                        return
                self.i = j
                return
            if _compound_prefix(words, b.dyn) == "" or (dparen and words == ["for"]):
                self.clear_words(b)  # `time ( ... )`, `! ( ... )`, `for (( ... ))`
            else:
                # `echo (x)`, `a=(1 2)`, extglob `@(a|b)`: not read (R4.9).
                self.fail("a '(' after a command's words is not read")
        self.finish(b, i)
        if not self.nest():
            return
        if dparen:
            # Issue 11 class 1: `(( ... ))` is arithmetic; its `$(...)` still run.
            self.open_frame(_FRAME_ARITH, i + 2, None)
            self.i = i + 2
        else:
            end = self.plain_body(i + 1, ")")
            if end >= 0:
                self.b.start = self.i = end + 1  # as on_close_paren closes a subshell
                return
            self.open_frame(_FRAME_PAREN, i + 1, None)
            self.i = i + 1

    def on_close_paren(self) -> None:
        src = self.src
        n = len(src)
        i = self.i
        b = self.b
        if b.kind == _FRAME_ARITH:
            self.close_frame(i)
            if i + 1 < n and src[i + 1] == ")":
                if b.bracket and b.expands:
                    # Issue 11 class 1: `a[$x]` in arithmetic expands `$x` and evaluates it again, so a
                    # subscript can run commands no rule sees.
                    self.fail("an array subscript in arithmetic can run commands")
                b.stash = []
                self.i = i + 2
            else:
                # `$((cmd) )` / `((cmd) )`: bash reads a subshell here, so its words are commands.
                self.fail("a '((' is closed by a single ')'")
                self.release(b)
                self.i = i + 1
        elif b.kind == _FRAME_SUB or b.kind == _FRAME_PAREN:
            kind = self.close_frame(i).kind
            self.i = i + 1
            if kind == _FRAME_PAREN and self.b.arith is None:
                self.b.start = self.i
        else:
            # A run of unmatched `)` is one syntax error (read at once: hostile input stays linear).
            end = _CLOSE_RUN.match(src, i).end()  # type: ignore[union-attr]
            self.fail("a ')' has no matching '('")
            self.end_word()
            self.finish(b, end)
            self.i = end

    def on_separator(self) -> None:
        """`;` and `|` (also `;;`, `;&`, `||`, `|&`) end a simple command (R4.4)."""
        src = self.src
        i = self.i
        c = src[i]
        if self.in_word:
            self.end_word()
        b = self.b
        passed = self.passed_on(b) if c == "|" and src[i + 1 : i + 2] != "|" else None
        if b.words or b.redirects or b.pending != _R_NONE:
            self.finish(b, i)
        if passed is not None:
            # Issue 11: `cat <<EOF | sh`, `echo 'x' | bash -s`: the text reaches the next command's input.
            b.feeds, b.docs = passed
        i += 2 if i + 1 < len(src) and src[i + 1] in (";&" if c == ";" else "|&") else 1
        self.i = i
        self.b.start = i

    def on_amp(self) -> None:
        src = self.src
        n = len(src)
        i = self.i
        self.end_word()
        if i + 1 < n and src[i + 1] == ">":
            # &> and &>> redirect both streams: not a separator (R4.5).
            self.i = i + (3 if i + 2 < n and src[i + 2] == ">" else 2)
            self.b.pending = _R_PATH
        else:
            self.finish(self.b, i)
            self.i = i + (2 if i + 1 < n and src[i + 1] == "&" else 1)
            self.b.start = self.i

    def on_angle(self) -> None:
        src = self.src
        n = len(src)
        i = self.i
        c = src[i]
        b = self.b
        nxt = src[i + 1] if i + 1 < n else ""
        if nxt == "(" and not self.in_word:
            # <( ... ) / >( ... ) process substitution: a hidden command (R4.7).
            self.buf.append(c + "(…)")
            self.in_word = self.wdyn = True
            if self.nest():
                self.open_frame(_FRAME_SUB, i + 2, None)
                self.i = i + 2
            return
        # A redirection (R4.5) does not split: `2>` drops the fd, the next word is the target.
        if self.in_word and not self.wdyn and not self.wspecial and _is_fd("".join(self.buf)):
            self.reset_word()
        else:
            if self.in_word and _NAMED_FD.fullmatch("".join(self.buf)) is not None:
                self.fail("a '{name}>' descriptor redirection is not read")
            self.end_word()
        j = i + 1
        kind = _R_PATH
        if c == ">":
            if nxt in (">", "|", "&"):
                j += 1
        elif nxt == "<":
            j += 1
            kind = _R_HEREDOC
            self.heredoc_tabs = False
            if j < n and src[j] == "<":
                j += 1
                kind = _R_STRING
            elif j < n and src[j] == "-":
                j += 1
                self.heredoc_tabs = True
        elif nxt in (">", "&"):
            j += 1
        if src[j - 1] == "&":
            # >&2 / <&0 duplicate a descriptor; >&- closes one (bash reads the `-` alone, so `>&-x`
            # closes and `x` is a word). Anything else after `>&` is a file (see _R_DUP).
            kind = _R_DUP
            if j < n and src[j] == "-":
                j += 1
                kind = _R_NONE
        b.pending = kind
        self.i = j

    def end_input(self) -> None:
        n = len(self.src)
        if self.in_dq and not self.body:
            self.fail("a double quote is not closed")
        while len(self.stack) > 1:
            self.fail("a '(', '$(' or '`' is not closed")
            self.close_frame(n)
        self.end_word()
        if self.heredocs:
            self.fail("a here-document has no body")
        self.finish(self.b, n)


_HANDLERS: dict[str, Callable[[_Scanner], None]] = {
    " ": _Scanner.on_blank,
    "\t": _Scanner.on_blank,
    "\r": _Scanner.on_blank,
    "\n": _Scanner.on_newline,
    "'": _Scanner.on_single_quote,
    '"': _Scanner.on_double_quote,
    "\\": _Scanner.on_backslash,
    "#": _Scanner.on_hash,
    "~": _Scanner.on_tilde,
    "{": _Scanner.on_brace,
    "}": _Scanner.on_brace,
    "$": _Scanner.on_dollar,
    "`": _Scanner.on_backtick,
    "(": _Scanner.on_open_paren,
    ")": _Scanner.on_close_paren,
    ";": _Scanner.on_separator,
    "|": _Scanner.on_separator,
    "&": _Scanner.on_amp,
    "<": _Scanner.on_angle,
    ">": _Scanner.on_angle,
}


# Characters whose handler is called directly by run(), without trying a run of plain words first.
_DIRECT = frozenset(_HANDLERS) - _BLANKS


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
# Build a Segment / ParsedCommand from all their fields without NamedTuple's Python-level __new__ (the
# same object; nested scripts make one ParsedCommand each, hostile input thousands).
_new_segment = partial(tuple.__new__, Segment)
_new_parsed = partial(tuple.__new__, ParsedCommand)
# First words that always need the full scanner's segment post-processing.
_NOT_PLAIN_FIRST = _LEADING_KEYWORDS | _CLOSING_KEYWORDS | _HEADERS | _SHELLS | _COMMAND_CARRIERS | {"eval"}


def _scan(
    src: str, depth: int, scripts: bool, budget: list[int] | None = None, steps: list[int] | None = None
) -> ParsedCommand:
    if steps is not None:
        if steps[0] < 0:
            return _new_parsed(((), True, TOO_COMPLEX, None))  # out of read steps: nothing more is read
        steps[0] -= _STEPS_PER_SCAN  # see MAX_READ_STEPS
    if depth > 0 and scripts:
        # A nested script (`sh -c '...'`, a backtick body, an alias's value) is often plain: the fast path
        # answers as the scanner would (a differential property test holds them equal), for less.
        # Its segments are hidden, as the scanner makes them at this depth (the callers' _hidden keeps them).
        fast = _fast(src, True, steps)
        if fast is not None:
            return fast
    sc = _Scanner(src, depth, scripts, budget, steps)
    sc.run()
    if sc.late:
        sc.flat_text("\n".join(sc.late), 0)
    found = sc.segments
    if sc.defined:
        if _calls_opaque(found, sc.defined):
            # Issue 11: what a call runs is the body or the alias's value, not the words an allow was
            # written for: even an exact allow does not cover it.
            sc.unseen = sc.unseen or _CALLS_DEFINED
        if sc.aliases_of:
            _alias_calls(sc, found)
    if len(found) > 1:
        found.sort(key=_START)
    if sc.steps[0] < 0:
        sc.problem = TOO_COMPLEX  # whatever else went wrong first: decide() reads this one (MAX_READ_STEPS)
    return _new_parsed((tuple(map(_SEGMENT, found)), sc.problem is not None, sc.problem, sc.unseen))


def _opaque(words: Sequence[str], dyn: Collection[int]) -> str | None:
    """R4.9: the command word (the first after leading assignments) depends on an expansion, a glob or a
    special parameter (``dyn`` holds those words' indexes)."""
    k = _command_index(words)
    if k < len(words) and k in dyn:
        return f"the command word {words[k]!r} is not literal"
    return None


def _command_index(words: Sequence[str]) -> int:
    k = 0
    while k < len(words) and is_assignment(words[k]):
        k += 1
    return k


_CALLS_DEFINED = "it calls a function or alias defined in the same command, which runs other words"


def _alias_calls(sc: _Scanner, found: list[tuple[int, Segment]]) -> None:
    """Issue 11: a call to an alias runs the alias's value followed by the call's arguments (`alias x='env '`
    then `x curl evil` runs `env curl evil`; a value ending in a blank also makes the next word an alias
    call, which the value's own segments and this reading together cover). Each call is read again with
    the value in front, so deny and ask see the command it really runs (R4.7). Bounded by the command's
    re-read budget like every other text read again; past _ALIAS_CALLS_ONE_BY_ONE calls the rest are read
    in one pass, one call a line (hostile input stays linear)."""
    aliases = sc.aliases_of
    seen: set[tuple[str, ...]] = set()
    calls: list[tuple[int, str]] = []
    for start, seg in found:
        words = seg.words
        k = _command_index(words) if words and "=" in words[0] else 0  # only an assignment moves it
        if k >= len(words) or words[k] not in aliases or words in seen:
            continue
        seen.add(words)
        value = aliases[words[k]]
        calls.append(
            (
                start,
                " ".join(
                    (*(_shell_quote(w) for w in words[:k]), value, *(_shell_quote(w) for w in words[k + 1 :]))
                ),
            )
        )
    if len(calls) > _ALIAS_CALLS_ONE_BY_ONE:
        rest = calls[_ALIAS_CALLS_ONE_BY_ONE:]
        calls = calls[:_ALIAS_CALLS_ONE_BY_ONE]
        calls.append((rest[0][0], "\n".join(text for _, text in rest)))
    for start, text in calls:
        if not sc.reread_text(text, start):
            continue
        inner = _scan(text, sc.depth + 1, True, sc.budget, sc.steps)
        for s in inner.segments:
            found.append((start, _hidden(s)))
        if inner.unparseable:
            sc.fail(inner.problem or "an alias call cannot be read")


_ALIAS_CALLS_ONE_BY_ONE = 64


# A word the shell reads as itself: alphanumerics (str.isalnum(), which \w adds `_` to) and -_./=:,+@%
_SAFE_WORD = re.compile(r"[-\w./=:,+@%]+")


def _shell_quote(word: str) -> str:
    if _SAFE_WORD.fullmatch(word) is not None:
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def _calls_opaque(found: list[tuple[int, Segment]], defined: set[str]) -> bool:
    """Issue 11 class 2: a call to a function or alias defined in the same command runs code that its
    words do not show (its body, judged separately): opaque, wherever the call stands. True if any."""
    called = False
    for idx, (start, seg) in enumerate(found):
        words = seg.words
        if seg.opaque is not None or not words:
            continue
        first = words[0]
        if first not in defined and first not in MAY_CARRY_FIRST and "/" not in first and "=" not in first:
            continue  # the common case: a plain verb that is not a defined name (no assignment before it)
        k = _command_index(words)
        name = words[k] if k < len(words) and words[k] in defined else None
        if name is None and k < len(words) and (words[k] in MAY_CARRY_FIRST or "/" in words[k]):
            view = look_through(words)  # `env f`, `nice f`: the call through a wrapper
            if view and view[0] in defined:
                name = view[0]
        if name is not None:
            why = f"{name!r} is a function or alias defined in this command"
            found[idx] = (start, _new_segment((*seg[:5], why)))
            called = True
    return called


def _hidden(seg: Segment) -> Segment:
    """``seg`` found inside another command (``seg._replace(hidden=True)``, without its per-call cost)."""
    if seg[4]:
        return seg
    return _new_segment((seg[0], seg[1], seg[2], seg[3], True, seg[5]))


# (start offset, segment) pairs: the key that sorts them into reading order, and the segment.
_START = itemgetter(0)
_SEGMENT = itemgetter(1)


def _plain_verb(words: tuple[str, ...]) -> bool:
    """True when a segment needs none of the scanner's post-processing (keywords, inline scripts)."""
    first = words[0]
    if first in _NOT_PLAIN_FIRST:
        return False
    if first not in MAY_CARRY_FIRST and "/" not in first and "=" not in first:
        return True  # the common case: nothing in it can carry a command line
    return not carries_commands(words)


def _is_expansion_start(c: str) -> bool:
    return c.isalnum() or c == "_" or c in "@*#?$!-"


def _fast_words(piece: str) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[int]] | None:
    """Words, redirect targets and dynamic indexes of one plain piece, or None to defer to the scanner."""
    tokens = piece.split()
    if "$" not in piece and "~" not in piece and ">" not in piece and "<" not in piece:
        return tuple(tokens), (), _EMPTY
    words: list[str] = []
    redirects: list[str] = []
    dyn: list[int] = []
    k = 0
    n = len(tokens)
    while k < n:
        t = tokens[k]
        k += 1
        gt = t.find(">")
        lt = t.find("<")
        op = gt if lt < 0 else lt if gt < 0 else min(gt, lt)
        if op < 0:
            if t[0] == "~":
                dyn.append(len(words))
            else:
                at = t.find("$")
                while at >= 0:
                    if at + 1 < len(t) and _is_expansion_start(t[at + 1]):
                        dyn.append(len(words))
                        break
                    at = t.find("$", at + 1)
            words.append(t)
            continue
        # R4.5: `>`, `>>`, `<`, optionally after a descriptor number, with the target attached or next.
        fd = t[:op]
        if fd and not fd.isdigit():
            return None
        end = op + 1
        if t[op] == ">" and t[end : end + 1] == ">":
            end += 1
        target = t[end:]
        if not target:
            if k >= n:
                return None
            target = tokens[k]
            k += 1
        if "<" in target or ">" in target or "$" in target or target[0] == "~":
            return None
        redirects.append(target)
    return tuple(words), tuple(redirects), frozenset(dyn) if dyn else _EMPTY


_FAST_DEFER = re.compile(r"\$[?#$!\-\[]")
# _KNOWN_GAPS: where _fast would answer differently from the scanner.
# 1. `echo X | cmd` / `printf X | cmd`: the scanner hands X to cmd's input (passed_on, feed_input), so
#    `echo a | python3` is unseen and `echo rm -rf x | $X` also has the segment `rm -rf x`; _fast has
#    neither, so such commands always go to the scanner. 2. (closed) A piece longer than DISPLAY_LIMIT
#    with blanks at its start: the scanner cuts its text and then strips it; _fast now does the same.
_FAST_REFUSED = _SUBSCRIPT_BUILTINS | {"[[", "alias"}


def _after_a_word(command: str) -> bool:
    """Whether the first brace in ``command`` follows a word (`time {`, `echo }`): not a group's mark. Only
    the first is looked at -- the piece loop in _fast refuses the others -- so a long `time { time { ...`
    is refused before it is split."""
    opening, closing = command.find("{"), command.find("}")
    j = (opening if closing < 0 or 0 <= opening < closing else closing) - 1
    while j >= 0 and command[j] == " ":
        j -= 1
    return j >= 0 and command[j] not in ";&|\n"


def _fast(command: str, hidden: bool = False, steps: list[int] | None = None) -> ParsedCommand | None:
    """The common shapes, without the state machine: plain words and simple redirections, optionally
    joined by `&& || | ; &` and newlines, and grouped by `{ ...; }`.

    Returns None whenever anything else appears (quotes, substitutions, here-documents, descriptor
    duplication, subshells, keywords, wrappers, inline scripts); the full scanner then decides. A
    differential property test holds both equal wherever this path answers. ``hidden``: the commands are
    found inside another (a nested script), as the scanner marks them at depth > 0.

    ``steps``: the command's read steps (MAX_READ_STEPS), charged once per distinct piece when this path
    answers; when they run out it answers with the segments read so far, unparseable (TOO_COMPLEX).
    """
    if _ODD_SPACE.search(command) is not None:
        return None  # str.split() would split where the shell does not (vertical tab, form feed, ...)
    if _ANY_SPECIAL.search(command) is None:
        pieces = [command]
    elif ("{" in command or "}" in command) and (
        _NOT_GROUP_BRACE.search(command) is not None or _after_a_word(command)
    ):
        return None  # brace expansion, `${`, a brace inside a word (the piece loop below would refuse too)
    elif _NOT_FAST.search(command) is None:
        if "<<" in command or ">&" in command or "<&" in command or "&>" in command or ">|" in command:
            return None
        pieces = _SEPARATOR.split(command)
    else:
        return None
    if "$" in command and _FAST_DEFER.search(command) is not None:
        return None  # special parameters and `$[`: the scanner's reading (issue 11 class 11, R4.9)
    segments: list[Segment] = []
    braces = "{" in command or "}" in command
    # Where this path and the scanner are known to differ (see _KNOWN_GAPS) the scanner reads it.
    if "|" in command and ("echo" in command or "printf" in command):
        return None  # gap 1: what echo/printf print is the next command's input (R4.7, R4.9)
    globs = "*" in command or "?" in command or "[" in command  # else no word can be a glob
    plain = "$" not in command and "~" not in command and ">" not in command and "<" not in command
    # A piece's segment depends on its text alone: a piece repeated word for word (hostile input's shape)
    # is read once and its Segment object reused (decide() then finds it by identity).
    made: dict[str, Segment | None] | None = {} if len(pieces) > 8 else None
    left = steps[0] if steps is not None else MAX_READ_STEPS
    for piece in pieces:
        if made is not None and piece in made:
            known = made[piece]
            if known is not None:
                segments.append(known)
            continue
        key = piece
        if braces:
            # `{ a; }`: a group's braces are syntax and its commands ordinary segments, read from after
            # the brace (as on_brace starts the command there).
            marks = _GROUP_MARKS.match(piece).end()  # type: ignore[union-attr]
            if marks:
                piece = piece[marks:]  # the blanks after the brace included, as on_brace's command has them
            if "{" in piece or "}" in piece:
                return None  # brace expansion, `${`, a brace inside a word: the scanner's reading
        if plain:
            words: tuple[str, ...] = tuple(piece.split())
            redirects: tuple[str, ...] = ()
            dyn = _EMPTY
        else:
            parts = _fast_words(piece)
            if parts is None:
                return None
            words, redirects, dyn = parts
        if not words:
            if redirects:
                return None
            if made is not None:
                made[key] = None
            continue
        if not _plain_verb(words):
            return None
        first = words[0]
        # A piece costs a step, and more when its first word is looked through (a wrapper, an assignment,
        # a verb path: views are built here and again in decide()) or is a floor verb (judged by more than
        # the index walk).
        left -= 1 if first not in _COSTLY_FIRST and "/" not in first and "=" not in first else 4
        if left < 0:
            if steps is not None:
                steps[0] = -1
            return _new_parsed((tuple(segments), True, TOO_COMPLEX, None))  # what was read, and no more
        # Only an assignment moves the command word off the first word (is_assignment needs a `=`).
        k = _command_index(words) if "=" in first else 0
        if k < len(words) and ((globs and _is_glob(words[k])) or words[k] in _FAST_REFUSED):
            return None  # R4.9: a glob in the command word, `[[`, subscripts, aliases: the scanner decides
        # The display text, cut then stripped as the scanner's finish does (gap 2 closed).
        text = piece.strip() if len(piece) <= DISPLAY_LIMIT else piece[:DISPLAY_LIMIT].strip()
        seg = _new_segment((words, text, redirects, dyn, hidden, _opaque(words, dyn) if dyn else None))
        if made is not None:
            made[key] = seg
        segments.append(seg)
    if steps is not None:
        steps[0] = left
    return _new_parsed((tuple(segments), False, None, None))


def parse_command(command: str) -> ParsedCommand:
    """Split ``command`` into the simple commands it would run (R4.4, R4.5, R4.7)."""
    steps = [MAX_READ_STEPS]
    fast = _fast(command, False, steps)
    if fast is not None:
        return fast
    return _scan(command, 0, True, None, steps)


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


# Imported last: matching.look_through is pure and does not import this module's names at load time.
from permissions.commands import (
    FED_PROGRAM,
    MAY_CARRY_FIRST,
    carried_scripts,
    carries_commands,
    feeds_a_program,
    feeds_a_script,
)
from permissions.floor import FLOOR_VERBS
from permissions.wrappers import is_assignment, look_through

_COSTLY_FIRST = MAY_CARRY_FIRST | FLOOR_VERBS  # first words that cost _fast's reader more (MAX_READ_STEPS)
