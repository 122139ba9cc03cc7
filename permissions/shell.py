"""A shell-aware command scanner for the policy engine (SPEC R4.1, R4.4, R4.5, R4.7).

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

Linear time and no recursion on input nesting (frames live on an explicit stack; past ``MAX_NESTING``
the rest is judged flat; brace nesting is capped at ``expansions.MAX_BRACE_NESTING`` and expansion work at a budget
proportional to the input). The regexes used are character classes, runs of them, and alternatives that
begin with distinct characters, so none can backtrack; they only skip or split, never interpret.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
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

__all__ = ["DISPLAY_LIMIT", "MAX_NESTING", "ParsedCommand", "Segment", "parse_command", "split_words"]

# Nesting beyond this stops the state machine; the rest is judged flat and the command is unparseable.
MAX_NESTING = 128
# `sh -c` scripts inside `sh -c` scripts are parsed up to this depth, then the command is unparseable.
MAX_SCRIPT_DEPTH = 8
# A segment's display text is cut here so hostile input stays linear.
DISPLAY_LIMIT = 1000

# Characters with shell meaning. Everything else is skipped in one regex step (a plain character class,
# which cannot backtrack).
_SPECIAL = " \t\n\r'\"\\$`()|&;<>{}#~"
_PLAIN = "[^" + re.escape(_SPECIAL) + "]+"
# A run of plain words separated by single spaces: disjoint classes, so it is linear (no backtracking).
_RUN = re.compile(_PLAIN + "(?: +" + _PLAIN + ")*")
# Any character with shell meaning other than a space: when absent, the command is one simple command.
_ANY_SPECIAL = re.compile("[" + re.escape(_SPECIAL.replace(" ", "")) + "]")
_EMPTY: frozenset[int] = frozenset()
# Whitespace that Python's str.split() separates on but the shell keeps inside a word.
_ODD_SPACE = re.compile(r"[^\S \t\n\r]")
# Fast path (see _fast): any special character other than space and the separators & | ;
_NOT_FAST = re.compile("[" + re.escape("\t\n\r'\"\\`(){}#") + "]")
# Separators between simple commands: literal alternatives only, so the split is linear.
# Past MAX_NESTING: every operator (and run of them) separates commands. Alternatives start with distinct
# characters, so the split is linear.
_FLAT_SPLIT = re.compile(r"(?:\$\(|[<>]\(|[()`;&|\n{}])+")
_TICK_RUN = re.compile("`+")
_SEPARATOR = re.compile(r"&&|\|\||[|;&]")

# Grammar words that introduce a command rather than being one (stripped from a segment's start).
_LEADING_KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!"})
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


_FRAME_ARITH = 4
# What the word after a redirection operator is. _R_DUP: after `>&` / `<&`, a descriptor when the word is
# digits, else a file (bash: `>&file` is `&>file`) -- R4.5.
_R_NONE, _R_PATH, _R_HEREDOC, _R_STRING, _R_DUP = 0, 1, 2, 3, 4


class _Builder:
    """The simple command being assembled in one frame (top level or one nesting)."""

    __slots__ = (
        "discard",
        "dyn",
        "hidden",
        "kind",
        "lead",
        "pending",
        "redirects",
        "saved",
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
        self.lead = 0  # how many leading words are known to be assignments (`A=1 B=2 cmd`)
        # The enclosing frame's word-in-progress, quote and brace state, restored when this frame closes.
        self.saved: tuple[list[str], bool, bool, bool, bool] = ([], False, False, False, False)


class _Scanner:
    __slots__ = ("braces", "depth", "heredocs", "problem", "scripts", "segments", "src", "unseen")

    def __init__(self, src: str, depth: int, scripts: bool) -> None:
        self.src = src
        self.braces = BraceState(BRACE_BUDGET + BRACE_BUDGET_PER_CHAR * len(src))
        # (start offset, segment): inner commands finish first, so they are sorted back into reading order.
        self.segments: list[tuple[int, Segment]] = []
        self.problem: str | None = None
        self.unseen: str | None = None
        self.depth = depth
        self.scripts = scripts
        self.heredocs: list[tuple[str, bool]] = []

    def fail(self, why: str) -> None:
        if self.problem is None:
            self.problem = why

    def finish(self, b: _Builder, end: int) -> None:
        """Close the simple command being built in ``b`` at ``end``."""
        words, dyn = b.words, b.dyn
        if b.pending != _R_NONE:
            self.fail("a redirection has no target")
            b.pending = _R_NONE
        if (words or b.redirects) and not b.discard:
            # Grammar keywords (`if cmd; then ...`) introduce the command that is judged.
            cut = 0
            while cut < len(words) and words[cut] in _LEADING_KEYWORDS and cut not in dyn:
                cut += 1
            if words[cut : cut + 1] and words[cut] in _CLOSING_KEYWORDS and cut not in dyn:
                cut += 1
            if cut:
                words = words[cut:]
                dyn = [k - cut for k in dyn if k >= cut]
            if words and words[0] in _HEADERS and 0 not in dyn:
                # Loop headers are grammar; their substitutions were captured already. `case` arms and
                # function bodies are not modelled: fail closed.
                if words[0] in ("case", "function"):
                    self.fail(f"'{words[0]}' blocks are not supported")
                words = []
            if words or b.redirects:
                src = self.src
                stop = end if end - b.start <= DISPLAY_LIMIT else b.start + DISPLAY_LIMIT
                seg = Segment(
                    tuple(words),
                    src[b.start : stop].strip(),
                    tuple(b.redirects) if b.redirects else (),
                    frozenset(dyn) if dyn else _EMPTY,
                    b.hidden,
                    _opaque(words, dyn) if dyn else None,
                )
                self.segments.append((b.start, seg))
                if self.scripts and words:
                    self._script(seg, b.start)
        b.words = []
        b.dyn = []
        b.redirects = []
        b.lead = 0
        b.start = end

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
            inner = _scan(script, self.depth + 1, True)
            for s in inner.segments:
                self.segments.append((start, s._replace(hidden=True)))
            if inner.unparseable:
                self.fail(inner.problem or "the inline script cannot be parsed")
            if inner.unseen is not None:
                self.unseen = self.unseen or inner.unseen

    def expand_braces(self, pieces: list[str]) -> list[tuple[str, bool]]:
        """R4.8: the words bash makes of one word holding an unquoted ``{``, each with whether it starts
        with a tilde the shell expands. Past the budget the words found so far are kept (they are the
        exact start of bash's list, so deny still judges them) and the command is unparseable."""
        st = self.braces
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
        """Nesting past MAX_NESTING: close what is open and judge the rest flat (R4.7).

        The command is unparseable, so it is never auto-approved; what matters is that every command-like
        run of words in the rest is still a segment for the deny checks. The rest is split at every
        operator, quotes are dropped (a quoted `rm -rf /` then reads as a command: over-matching is the
        safe side for deny), and identical segments -- the shape of hostile nesting -- are kept once.
        """
        self.fail("commands are nested too deeply to parse")
        for frame in reversed(stack):
            self.finish(frame, at)
        seen: set[tuple[str, ...]] = set()
        for piece in _FLAT_SPLIT.split(self.src[at:]):
            if not piece or piece.isspace():
                continue
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
                self.segments.append((at, Segment(words, text, (), _EMPTY, True)))
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
                        self.segments.append((at, Segment(rest, text, (), _EMPTY, True)))

    def skip_heredocs(self, i: int) -> int:
        """At the newline ending a line with `<<DELIM`, skip the bodies; return the index after them."""
        src = self.src
        n = len(src)
        pos = i + 1
        for delim, strip_tabs in self.heredocs:
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
                if "$(" in line or "`" in line:
                    # The body of an unquoted here-document runs substitutions: fail closed.
                    self.fail("a here-document contains a command substitution")
        self.heredocs = []
        return pos - 1  # the caller steps over the newline

    def run(self) -> None:
        src = self.src
        n = len(src)
        run_match = _RUN.match
        stack: list[_Builder] = [_Builder(0, _FRAME_TOP, self.depth > 0)]
        b = stack[0]
        buf: list[str] = []  # the word being built
        in_word = False
        word_dyn = False
        in_dq = False
        # An unquoted `{` is in the word: from then on its unquoted text is kept as Raw pieces, so brace
        # expansion (R4.8) can tell `{a,b}` from `'{a,b}'`.
        brace_on = False
        i = 0

        def end_word() -> None:
            nonlocal in_word, word_dyn, buf, brace_on
            if not in_word:
                return
            pending = b.pending
            if brace_on:
                brace_on = False
                # Brace expansion applies to command words and redirect targets, not to here-document
                # delimiters, here-strings or assignments before the command (bash).
                if pending == _R_PATH or (pending == _R_NONE and not _assigns(b, buf)):
                    expanded = self.expand_braces(buf)
                    if pending == _R_PATH:
                        b.pending = _R_NONE
                        b.redirects.extend(w for w, _ in expanded)
                    else:
                        for w, tilde in expanded:
                            if word_dyn or tilde:
                                b.dyn.append(len(b.words))
                            b.words.append(w)
                    buf = []
                    in_word = False
                    word_dyn = False
                    return
            w = "".join(buf)
            if pending != _R_NONE:
                b.pending = _R_NONE
                if pending == _R_PATH:
                    b.redirects.append(w)
                elif pending == _R_HEREDOC:
                    self.heredocs.append((w, heredoc_tabs))
                elif pending == _R_DUP and not (_is_fd(w) and not word_dyn):
                    # R4.5: `>&file` / `1>&file` write a file; only `>&N` duplicates a descriptor. A
                    # variable (`>&$fd`) may be either, so it is checked as a location (R6.2).
                    b.redirects.append(w)
            else:
                if word_dyn:
                    b.dyn.append(len(b.words))
                b.words.append(w)
            buf = []
            in_word = False
            word_dyn = False

        def open_frame(kind: int, start: int, discard: bool) -> None:
            nonlocal b, buf, in_word, word_dyn, in_dq, brace_on
            nb = _Builder(start, kind, True, discard)
            nb.saved = (buf, in_word, word_dyn, in_dq, brace_on)
            stack.append(nb)
            b = nb
            buf, in_word, word_dyn, in_dq, brace_on = [], False, False, False, False

        def close_frame(at: int) -> int:
            nonlocal b, buf, in_word, word_dyn, in_dq, brace_on
            end_word()
            self.finish(b, at)
            closed = stack.pop()
            b = stack[-1]
            buf, in_word, word_dyn, in_dq, brace_on = closed.saved
            return closed.kind

        heredoc_tabs = False
        while i < n:
            if in_dq:
                # Inside double quotes only \ $ ` and the closing quote matter.
                j = i
                while j < n:
                    c = src[j]
                    if c == '"' or c == "\\" or c == "$" or c == "`":
                        break
                    j += 1
                if j > i:
                    buf.append(src[i:j])
                in_word = True
                i = j
                if i >= n:
                    break
                c = src[i]
                if c == '"':
                    in_dq = False
                    i += 1
                    continue
                if c == "\\":
                    nxt = src[i + 1] if i + 1 < n else ""
                    if nxt in ('"', "\\", "$", "`"):
                        buf.append(nxt)
                    elif nxt and nxt != "\n":
                        buf.append("\\" + nxt)
                    i += 2
                    continue
            else:
                m = run_match(src, i)
                if m is not None:
                    run = m.group()
                    i = m.end()
                    if " " in run:
                        # Several plain words at once: the first may continue a word in progress (`a"b" c`),
                        # the middle ones are whole words, the last may continue (`c"d"`).
                        parts = [p for p in run.split(" ") if p]  # only spaces separate (bash)
                        buf.append(Raw(parts[0]) if brace_on else parts[0])
                        in_word = True
                        end_word()
                        if len(parts) > 2:
                            if b.pending != _R_NONE:
                                buf.append(parts[1])
                                in_word = True
                                end_word()
                                b.words.extend(parts[2:-1])
                            else:
                                b.words.extend(parts[1:-1])
                        buf.append(parts[-1])
                    else:
                        buf.append(Raw(run) if brace_on else run)
                    in_word = True
                    if i >= n:
                        break
                c = src[i]

            if c == " " or c == "\t" or c == "\r":
                end_word()
                i += 1
            elif c == "\n":
                end_word()
                self.finish(b, i)
                if self.heredocs:
                    i = self.skip_heredocs(i)
                i += 1
                b.start = i
            elif c == "'":
                j = src.find("'", i + 1)
                if j < 0:
                    self.fail("a single quote is not closed")
                    j = n
                buf.append(src[i + 1 : j])
                in_word = True
                i = j + 1
            elif c == '"':
                in_dq = True
                in_word = True
                buf.append("")  # `""` is a quoted empty word, kept through brace expansion
                i += 1
            elif c == "\\":
                if i + 1 < n and src[i + 1] != "\n":
                    buf.append(src[i + 1])
                    in_word = True
                i += 2
            elif c == "#":
                if in_word:
                    buf.append("#")  # only a word's first character starts a comment (`a#b` is a word)
                    i += 1
                else:
                    j = src.find("\n", i)
                    i = n if j < 0 else j
            elif c == "~":
                if not in_word:
                    word_dyn = True  # R6.2: a leading ~ is a home directory
                buf.append(Raw("~") if brace_on else "~")  # `{~,x}` expands to a home directory too
                in_word = True
                i += 1
            elif c == "{" or c == "}":
                # A lone `{` / `}` is group syntax (R4.7): the commands inside are ordinary segments.
                if not in_word and not b.words and (i + 1 >= n or src[i + 1] in " \t\n;&|)"):
                    self.finish(b, i + 1)
                else:
                    if c == "{":
                        brace_on = True
                    buf.append(Raw(c) if brace_on else c)
                    in_word = True
                i += 1
            elif c == "$":
                nxt = src[i + 1] if i + 1 < n else ""
                if nxt == "(":
                    buf.append("$(…)")
                    in_word = True
                    word_dyn = True
                    arith = i + 2 < n and src[i + 2] == "("
                    if len(stack) >= MAX_NESTING:
                        end_word()
                        self.too_deep(stack, i)
                        return
                    elif arith:
                        open_frame(_FRAME_ARITH, i + 3, True)
                        i += 3
                    else:
                        open_frame(_FRAME_SUB, i + 2, False)
                        i += 2
                elif nxt == "{":
                    j = src.find("}", i + 2)
                    if j < 0:
                        self.fail("a '${' is not closed")
                        j = n - 1
                    body = src[i + 2 : j]
                    at = body.find("@")
                    if at >= 0 and at + 1 < len(body) and body[at + 1] in "PEAKQaku":
                        self.fail("a '${...@...}' transformation cannot be judged")
                    if "$(" in body or "`" in body:
                        self.fail("a command inside '${...}' cannot be judged")
                    buf.append(src[i : j + 1])
                    in_word = True
                    word_dyn = True
                    i = j + 1
                elif nxt == "'" and not in_dq:
                    # R4.1: ANSI-C quoting is decoded the way bash does (`$'\x72m'` is `rm`).
                    text, i, problem = decode_ansi_c(src, i + 2)
                    if problem is not None:
                        self.fail(problem)
                    buf.append(text)
                    in_word = True
                elif nxt == '"' and not in_dq:
                    # `$"..."` is translated through the locale's message catalogue: judged as its text,
                    # but what runs is not certain, so never auto-approved (R4.7).
                    self.fail('a $"..." string is translated by the locale and cannot be judged')
                    in_dq = True
                    in_word = True
                    buf.append("")
                    i += 2
                elif nxt.isalpha() or nxt == "_":
                    j = i + 2
                    while j < n and (src[j].isalnum() or src[j] == "_"):
                        j += 1
                    buf.append(src[i:j])  # R4.3: variables stay literal
                    in_word = True
                    word_dyn = True
                    i = j
                elif nxt and (nxt.isdigit() or nxt in "@*#?$!-"):
                    buf.append(src[i : i + 2])
                    in_word = True
                    word_dyn = True
                    i += 2
                else:
                    buf.append("$")
                    in_word = True
                    i += 1
            elif c == "`":
                if b.kind == _FRAME_TICK:
                    close_frame(i)
                    i += 1
                elif len(stack) >= MAX_NESTING:
                    end_word()
                    self.too_deep(stack, i)
                    return
                else:
                    buf.append("`…`")
                    in_word = True
                    word_dyn = True
                    # A run of backticks is a row of empty substitutions (``), plus one opener when odd.
                    j = _TICK_RUN.match(src, i).end()  # type: ignore[union-attr]
                    i += (j - i) // 2 * 2
                    if i < j:
                        open_frame(_FRAME_TICK, i + 1, False)
                        i += 1
            elif c == "(":
                # A subshell, an arithmetic group or a function definition's `()` (R4.7).
                end_word()
                self.finish(b, i)
                if len(stack) >= MAX_NESTING:
                    self.too_deep(stack, i)
                    return
                open_frame(_FRAME_PAREN, i + 1, b.discard)
                i += 1
            elif c == ")":
                if b.kind == _FRAME_SUB or b.kind == _FRAME_PAREN:
                    kind = close_frame(i)
                    i += 1
                    if kind == _FRAME_PAREN:
                        b.start = i
                elif b.kind == _FRAME_ARITH:
                    close_frame(i)
                    i += 2 if i + 1 < n and src[i + 1] == ")" else 1
                else:
                    self.fail("a ')' has no matching '('")
                    end_word()
                    self.finish(b, i + 1)
                    i += 1
            elif c == ";" or c == "|":
                end_word()
                self.finish(b, i)
                i += 2 if i + 1 < n and src[i + 1] in (";&" if c == ";" else "|&") else 1
                b.start = i
            elif c == "&":
                end_word()
                if i + 1 < n and src[i + 1] == ">":
                    # &> and &>> redirect both streams: not a separator (R4.5).
                    i += 3 if i + 2 < n and src[i + 2] == ">" else 2
                    b.pending = _R_PATH
                else:
                    self.finish(b, i)
                    i += 2 if i + 1 < n and src[i + 1] == "&" else 1
                    b.start = i
            else:  # "<" or ">"
                nxt = src[i + 1] if i + 1 < n else ""
                if nxt == "(" and not in_word:
                    # <( ... ) / >( ... ) process substitution: a hidden command (R4.7).
                    buf.append(c + "(…)")
                    in_word = True
                    word_dyn = True
                    if len(stack) >= MAX_NESTING:
                        end_word()
                        self.too_deep(stack, i)
                        return
                    open_frame(_FRAME_SUB, i + 2, False)
                    i += 2
                    continue
                # A redirection (R4.5) does not split: `2>` drops the fd, the next word is the target.
                if in_word and not word_dyn and _is_fd("".join(buf)):
                    buf = []
                    in_word = False
                else:
                    end_word()
                j = i + 1
                kind = _R_PATH
                if c == ">":
                    if nxt in (">", "|", "&"):
                        j += 1
                elif nxt == "<":
                    j += 1
                    kind = _R_HEREDOC
                    heredoc_tabs = False
                    if j < n and src[j] == "<":
                        j += 1
                        kind = _R_STRING
                    elif j < n and src[j] == "-":
                        j += 1
                        heredoc_tabs = True
                elif nxt in (">", "&"):
                    j += 1
                if src[j - 1] == "&":
                    # >&2 / <&0 duplicate a descriptor; >&- closes one (bash reads the `-` alone, so
                    # `>&-x` closes and `x` is a word). Anything else after `>&` is a file (see _R_DUP).
                    kind = _R_DUP
                    if j < n and src[j] == "-":
                        j += 1
                        kind = _R_NONE
                b.pending = kind
                i = j
        if in_dq:
            self.fail("a double quote is not closed")
        while len(stack) > 1:
            self.fail("a '(', '$(' or '`' is not closed")
            close_frame(n)
        end_word()
        if self.heredocs:
            self.fail("a here-document has no body")
        self.finish(b, n)


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
# First words that always need the full scanner's segment post-processing.
_NOT_PLAIN_FIRST = _LEADING_KEYWORDS | _CLOSING_KEYWORDS | _HEADERS | _SHELLS | _COMMAND_CARRIERS | {"eval"}


def _scan(src: str, depth: int, scripts: bool) -> ParsedCommand:
    sc = _Scanner(src, depth, scripts)
    sc.run()
    found = sc.segments
    if len(found) > 1:
        found.sort(key=_first)
    return ParsedCommand(tuple(seg for _, seg in found), sc.problem is not None, sc.problem, sc.unseen)


def _opaque(words: Sequence[str], dyn: Collection[int]) -> str | None:
    """R4.9: the command word (the first after leading assignments) depends on an expansion."""
    k = 0
    while k < len(words) and is_assignment(words[k]):
        k += 1
    if k < len(words) and k in dyn:
        return f"the command word {words[k]!r} is not literal"
    return None


def _first(item: tuple[int, Segment]) -> int:
    return item[0]


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


def _fast(command: str) -> ParsedCommand | None:
    """The common shapes, without the state machine: plain words and simple redirections, optionally
    joined by `&& || | ; &`.

    Returns None whenever anything else appears (quotes, substitutions, here-documents, descriptor
    duplication, grouping, keywords, wrappers, inline scripts); the full scanner then decides. A
    differential property test holds both equal wherever this path answers.
    """
    if _ODD_SPACE.search(command) is not None:
        return None  # str.split() would split where the shell does not (vertical tab, form feed, ...)
    if _ANY_SPECIAL.search(command) is None:
        pieces = [command]
    elif _NOT_FAST.search(command) is None:
        if "<<" in command or ">&" in command or "<&" in command or "&>" in command or ">|" in command:
            return None
        pieces = _SEPARATOR.split(command)
    else:
        return None
    segments: list[Segment] = []
    plain = "$" not in command and "~" not in command and ">" not in command and "<" not in command
    for piece in pieces:
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
            continue
        if not _plain_verb(words):
            return None
        text = piece.strip() if len(piece) <= DISPLAY_LIMIT else piece.strip()[:DISPLAY_LIMIT]
        segments.append(Segment(words, text, redirects, dyn, False, _opaque(words, dyn) if dyn else None))
    return ParsedCommand(tuple(segments), False, None)


def parse_command(command: str) -> ParsedCommand:
    """Split ``command`` into the simple commands it would run (R4.4, R4.5, R4.7)."""
    fast = _fast(command)
    if fast is not None:
        return fast
    return _scan(command, 0, True)


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
from permissions.commands import MAY_CARRY_FIRST, carried_scripts, carries_commands
from permissions.wrappers import is_assignment, look_through
