"""The shell reader's state machine (``_Scanner``), one step per construct (``on_*``, dispatched on the character;
the expansion steps are in :mod:`permissions.expansion_steps`, segment assembly in
:mod:`permissions.scanner_segments`, the budgets in :mod:`permissions.read_budget`), and :func:`_scan`, which
reads one script with it. See :mod:`permissions.shell` for the reader as a whole.
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.expansion_steps import expand_braces, on_backtick, on_brace, on_dollar, on_tilde
from permissions.expansions import BRACE_BUDGET, BRACE_BUDGET_MAX, BRACE_BUDGET_PER_CHAR, BraceState, Raw
from permissions.fast_path import _fast
from permissions.read_budget import (
    _STEPS_PER_SCAN,
    MAX_READ_STEPS,
    MAX_REREADS,
    REREAD_CHARS_BASE,
    REREAD_CHARS_PER_CHAR,
    TOO_COMPLEX,
    flat_text,
    reread_text,
)
from permissions.scanner_segments import (
    _alias_calls,
    _calls_opaque,
    emit,
    emit_plain,
    fed_body,
    finish,
    nest,
    passed_on,
)
from permissions.shell_syntax import (
    _ARITH_PLAIN,
    _BLANKS,
    _CLOSE_RUN,
    _ENDS_WORD,
    _FINISH_SLOW,
    _FRAME_ARITH,
    _FRAME_PAREN,
    _FRAME_SUB,
    _FRAME_TOP,
    _NAMED_FD,
    _NOT_BLANK,
    _PLAIN_BODY,
    _R_DUP,
    _R_HEREDOC,
    _R_NONE,
    _R_PATH,
    _R_STRING,
    _SEGMENT,
    _START,
    _STEP,
    ParsedCommand,
    Segment,
    _assigns,
    _Builder,
    _compound_prefix,
    _expands_code,
    _hidden,
    _is_fd,
    _is_glob,
    _new_parsed,
    _split_run,
    add_targets,
)

_NO_NAMES: frozenset[str] = frozenset()


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
        "assigned",
        "defined",
        "defined_values",
        "depth",
        "heredoc_tabs",
        "heredocs",
        "i",
        "in_dq",
        "late",
        "loop_paths",
        "loop_unsafe",
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
        braces = BRACE_BUDGET + BRACE_BUDGET_PER_CHAR * len(src)
        self.braces = BraceState(braces if braces < BRACE_BUDGET_MAX else BRACE_BUDGET_MAX)
        # (start offset, segment): inner commands finish first, so they are sorted back into reading order.
        self.segments: list[tuple[int, Segment]] = []
        self.problem: str | None = None
        self.unseen: str | None = None
        self.depth = depth
        self.scripts = scripts
        # (delimiter, strip leading tabs, delimiter quoted: the body is data, holder: [start offset of a
        # command that runs its input as shell commands] or [] -- see feed_input)
        self.heredocs: list[tuple[str, bool, bool, list[int]]] = []
        # Reading the body of an unquoted here-document (R4.9): the text is data, as inside double
        # quotes except that `"` is literal; only its substitutions are commands.
        self.body = False
        # R4.9, definitions and compound-command words: names of functions and aliases defined in this command; calls are opaque.
        self.defined: set[str] = set()
        self.defined_values: set[str] = set()  # alias values judged already
        self.aliases_of: dict[str, str] = {}  # alias name -> value (R4.9: a call runs value + arguments)
        self.scripted: set[tuple[str, ...]] = set()  # segments whose inline scripts were judged
        self.late: list[str] = []  # alias values past the re-read budget
        # `for` names bound only to start paths find may read (see scanner_segments._note_loop).
        self.loop_paths: set[str] | frozenset[str] = _NO_NAMES  # a set once a loop binds one
        self.loop_unsafe: set[str] | frozenset[str] = _NO_NAMES
        self.assigned: frozenset[str] | None = None  # names the command assigns (see _may_set), once read
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

    def nested(self, script: str, budget: list[int] | None) -> ParsedCommand:
        """A script this command carries, read one level deeper (sharing this command's read steps)."""
        return _scan(script, self.depth + 1, True, budget, self.steps)

    def fail(self, why: str) -> None:
        if self.problem is None:
            self.problem = why

    def plain_body(self, start: int, closer: str) -> int:
        """A substitution or subshell whose body, from ``start``, is one plain command (`$(ls -l)`,
        `` `ls` ``, `(ls)`; R4.9: hostile input sends thousands of them): its segment is emitted as
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
        emit_plain(self, tuple(words), start, end, True)
        self.wspecial = False  # as open_frame leaves it (close_frame restores the rest of the word state)
        return end

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
                    # delimiter (`<<'EOF'`) makes the body data (R4.9, data is not code).
                    self.fail("a here-document contains a command substitution")
                    code = True
            if code or holder:
                body = "\n".join(lines)
                if code:
                    self.body_substitutions(body, begin)
                if holder:
                    fed_body(self, body, holder)  # fed to a shell: its script (see feed_input)
        self.heredocs = []
        return pos - 1  # the caller steps over the newline

    def body_substitutions(self, body: str, at: int) -> None:
        """R4.7, R4.9: bash runs the substitutions in an unquoted here-document's body, so their
        commands are segments (deny and ask see them), although the command stays unparseable."""
        if not reread_text(self, body, at):
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
                # R4.7, arithmetic: inside `(( ))` / `$(( ))` these are operators (`<<` is a shift, `&&`
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
                        finish(self, b, i)
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
                expanded = expand_braces(self, buf)
                if pending == _R_PATH:
                    b.pending = _R_NONE
                    add_targets(b, [w for w, _ in expanded])
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
                add_targets(b, [w])
            elif pending == _R_HEREDOC:
                holder: list[int] = []
                b.docs.append(holder)
                self.heredocs.append((w, self.heredoc_tabs, self.wquoted, holder))
            elif pending == _R_STRING:
                b.feeds.append(w)  # R4.9: the command's input (see feed_input)
            elif pending == _R_DUP and not (_is_fd(w) and not self.wdyn and not self.wspecial):
                # R4.5: `>&file` / `1>&file` write a file; only `>&N` duplicates a descriptor. A variable
                # (`>&$fd`) may be either, so it is checked as a location (R6.2).
                b.redirects.append(w)
        else:
            k = len(b.words)
            if self.wdyn or (self.wspecial and "/" in w):
                b.dyn.append(k)
            elif self.wspecial:
                # R4.9, data is not code: `$?`, `$#`, `$$`, `$!`, `$-` are numbers and flags, not locations.
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
        finish(self, self.b, at)
        closed = self.stack.pop()
        self.b = self.stack[-1]
        self.buf, self.in_word, self.wdyn, self.in_dq, self.brace_on, self.wglob, self.wquoted = closed.saved
        if closed.kind == _FRAME_ARITH and closed.stash and closed.arith is closed and at >= len(self.src):
            self.release(closed)  # never closed: bash reads it as far as it can, so judge what it held
        return closed

    def release(self, arith: _Builder) -> None:
        """The words held by an arithmetic frame are commands after all: judge them (R4.7)."""
        for start, seg in arith.stash:
            emit(self, start, _hidden(seg))
        arith.stash = []

    def on_blank(self) -> None:
        self.end_word()
        self.i += 1

    def on_newline(self) -> None:
        self.end_word()
        finish(self, self.b, self.i)
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
            # R4.7, arithmetic: in arithmetic, single quotes bound the text but do not quote it: bash
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

    def clear_words(self, b: _Builder) -> None:
        """Drop words that were grammar (reserved words, a function's name), not a command."""
        b.words = []
        b.dyn = []
        b.glob = []
        b.special = []
        b.lead = 0

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
            if nest(self):
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
                # R4.9, definitions and compound-command words: a definition runs nothing now; its body is read as code and a
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
        finish(self, b, i)
        if not nest(self):
            return
        if dparen:
            # R4.7, arithmetic: `(( ... ))` is arithmetic; its `$(...)` still run.
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
                    # R4.7, arithmetic: `a[$x]` in arithmetic expands `$x` and evaluates it again, so a
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
            finish(self, b, end)
            self.i = end

    def on_separator(self) -> None:
        """`;` and `|` (also `;;`, `;&`, `||`, `|&`) end a simple command (R4.4)."""
        src = self.src
        i = self.i
        c = src[i]
        if self.in_word:
            self.end_word()
        b = self.b
        passed = passed_on(self, b) if c == "|" and src[i + 1 : i + 2] != "|" else None
        if b.words or b.redirects or b.pending != _R_NONE:
            finish(self, b, i)
        if passed is not None:
            # R4.9: `cat <<EOF | sh`, `echo 'x' | bash -s`: the text reaches the next command's input.
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
            self.b.reading = False
        else:
            finish(self, self.b, i)
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
            if nest(self):
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
        b.reading = c == "<" and j == i + 1  # `< f`, `0< f`: a read (`<>` opens for writing too)
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
        finish(self, self.b, n)


_HANDLERS: dict[str, Callable[[_Scanner], None]] = {
    " ": _Scanner.on_blank,
    "\t": _Scanner.on_blank,
    "\r": _Scanner.on_blank,
    "\n": _Scanner.on_newline,
    "'": _Scanner.on_single_quote,
    '"': _Scanner.on_double_quote,
    "\\": _Scanner.on_backslash,
    "#": _Scanner.on_hash,
    "~": on_tilde,
    "{": on_brace,
    "}": on_brace,
    "$": on_dollar,
    "`": on_backtick,
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
        flat_text(sc, "\n".join(sc.late), 0)
    found = sc.segments
    if sc.defined:
        if _calls_opaque(found, sc.defined):
            # R4.9: what a call runs is the body or the alias's value, not the words an allow was
            # written for: even an exact allow does not cover it.
            sc.unseen = sc.unseen or _CALLS_DEFINED
        if sc.aliases_of:
            _alias_calls(sc, found)
    if len(found) > 1:
        found.sort(key=_START)
    if sc.steps[0] < 0:
        sc.problem = TOO_COMPLEX  # whatever else went wrong first: decide() reads this one (MAX_READ_STEPS)
    return _new_parsed((tuple(map(_SEGMENT, found)), sc.problem is not None, sc.problem, sc.unseen))


_CALLS_DEFINED = "it calls a function or alias defined in the same command, which runs other words"
