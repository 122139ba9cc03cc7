"""The fast path's second reader (``_fast_quoted``): the commands ``_fast`` leaves to the scanner only for
their quotes, substitutions, descriptor duplications or carried scripts -- `git commit -m 'fix it'`,
`grep -rn "foo bar" src`, `ls $(pwd)`, `` wc `git ls-files` ``, `diff <(a) <(b)`, `(cd x && make)`,
`npm test 2>&1 | tail`, `bash -c 'npm test'` -- read without the state machine. A word's quoted parts are
literal text; a substitution's body, a subshell's and a carried script are read by ``_fast`` itself and their
segments follow the segment of the command holding them, hidden, in the scanner's order. Anything else is
left to the scanner (:mod:`permissions.scanner`); a differential property test holds both equal wherever
this reader answers (permissions/tests/test_fast_quoted.py).

Why: 92 of bench/corpus.py's 600 commands went to the scanner, at about five times the fast path's cost, for
nothing but one of these (bench/README.md, the seventeenth session); 88 no longer do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from permissions.commands import MAY_CARRY_FIRST, carried_scripts, carries_commands, foreign_name, hands_on
from permissions.commands.environment import HOME_UNREAD
from permissions.commands.shells import COMMAND_CARRIERS, SHELLS
from permissions.commands.views import KNOWN_PROGRAMS
from permissions.fast_path import _FAST_REFUSED, _PLAIN_FIRST, _fast, _plain_first, _tuple_new
from permissions.shell_syntax import (
    _EMPTY,
    _NOT_PLAIN_FIRST,
    ParsedCommand,
    Segment,
    _command_index,
    _is_glob,
    _new_parsed,
    _opaque,
)

# Past this length the scanner reads the command: the read budget (MAX_READ_STEPS) and the display limit
# (DISPLAY_LIMIT) can then matter, which this reader does not count.
_QUOTED_CHARS = 1000

# A substitution's body: no parenthesis, backtick or newline (a nested substitution, arithmetic `$((`, a
# subshell, a `case` pattern: the scanner's). What else it holds, _fast judges (it refuses quotes, `#`, ...).
_BODY = r"[^()`\n]+"
# A word's parts: a single-quoted string; a double-quoted one, of text without `\\`, substitutions and
# `$NAME`s; a substitution; `$NAME`; a run of plain characters (no blank, quote, operator, nor `~ { } # \\`,
# which the scanner reads; globs are judged per word).
_PLAIN_RUN = r"[^\s'\"`$()<>|&;{}~\\#]++"
_NAME = r"\$[A-Za-z_][A-Za-z0-9_]*+"
_IN_QUOTES = r"\$\(" + _BODY + r"\)|`[^`]+`|" + _NAME  # what double quotes expand
_PART = (
    r"'[^']*'"
    + r'|"(?:[^"$`\\]++|'
    + _IN_QUOTES
    + r')*+"'
    + r"|\$\("
    + _BODY
    + r"\)|`[^`]+`|"
    + _NAME
    + "|"
    + _PLAIN_RUN
)
_PARTS = re.compile(_PART).findall
_PLAIN_WORD = re.compile(_PLAIN_RUN).fullmatch
_QUOTED_PARTS = re.compile(_IN_QUOTES + r"|[^$`]++").findall  # a double-quoted string's, between its quotes
# Where a word, a redirection or a substitution may end: a blank, a separator or the command's end; and where
# one may start: after a blank or a separator, or at the start. Two tokens with nothing between (`a<(b)`,
# `a>f`, `>f(x)`) are the scanner's.
_END = r"(?=[ |&;\n]|\Z)"
_START = r"(?:(?<=[ |&;\n])|^)"
# A command's tokens, each with the blanks after it: a separator; a redirection (a descriptor number, `>`,
# `>>` or `<`, and its target, a plain run: `2>/dev/null`); a descriptor's duplication (`2>&1`, `>&-`); a
# process substitution; a subshell; a word; the
# blanks at the start. What matches none of them (tabs, `{`, `\\`, `>& f`, `&>`, `<<` ...) is left out of findall's
# list: the lengths then differ and the scanner reads the command. No token starts inside a word (_START)
# and none gives back what it took (`++`): linear time in the command, however it ends.
_TOKENS = re.compile(
    r"(?:&&|\|\||&(?!>)|[|;\n]|"
    + _START
    + r"(?:\d*(?:>>?|<) *"
    + _PLAIN_RUN
    + r"|\d*[<>]&(?:\d++|-)"
    + r"|[<>]\("
    + _BODY
    + r"\)|\("
    + _BODY
    + r"\)|(?:"
    + _PART
    + r")++)"
    + _END
    + r")[ ]*|[ ]+"
).findall
_REDIRECTS = frozenset(("<", ">"))
_SHOWN = {
    "$": "$(…)",
    "`": "`…`",
    "<": "<(…)",
    ">": ">(…)",
}  # a substitution's word, as the scanner writes it


def _fast_quoted(command: str) -> ParsedCommand | None:
    """``command`` read as the scanner reads it, when only quoted words, substitutions or the scripts of
    carriers (`bash -c '...'`) kept it off the fast path; None to leave it to the scanner."""
    if len(command) > _QUOTED_CHARS:
        return None
    tokens = _TOKENS(command)
    if len("".join(tokens)) != len(command) or not tokens:
        return None  # something no token matches: the scanner's to read
    segments: list[Segment] = []
    read = _Read()
    if "&" in command or "|" in command or ";" in command or "\n" in command:
        if "|" in command and ("echo" in command or "printf" in command):
            return None  # fast_path's gap 1: what echo/printf print is the next command's input (R4.7, R4.9)
        start = 0
        tokens.append("\n")  # ends the last piece
        for k, t in enumerate(tokens):
            if t[0] in _SEPARATES:
                if k > start and not _piece(tokens[start:k], segments, read):
                    return None
                start = k + 1
    elif not _piece(tokens, segments, read):
        return None
    return _new_parsed((tuple(segments), False, None, read.unseen))


class _Read:
    """What the reading of one command keeps besides its segments, as the scanner does: the first of the
    reasons its carried scripts run commands no rule can see, and the carriers' words whose scripts were read
    (a command repeated word for word carries the same script: read once)."""

    __slots__ = ("scripted", "unseen")

    def __init__(self) -> None:
        self.unseen: str | None = None
        self.scripted: set[tuple[str, ...]] = set()


_SEPARATES = frozenset("&|;\n")  # a separator token's first character (no other token starts with one)


def _piece(tokens: list[str], segments: list[Segment], read: _Read) -> bool:
    """Append the segments of one piece (the tokens between separators) to ``segments``; False to leave the
    command to the scanner."""
    if tokens[0][0] == " ":
        del tokens[0]  # the blanks at the command's start
        if not tokens:
            return True  # an empty piece reads as nothing, as on the fast path
    if tokens[0][0] == "(":
        # `(a && b)`: a subshell is the whole piece; its commands are hidden segments (R4.7)
        return len(tokens) == 1 and _body(tokens[0].rstrip(" ")[1:-1], segments)
    text = "".join(tokens).rstrip(" ")
    got = _words(tokens, text)
    if got is None or not got[0]:
        return False  # (a redirection alone, `> f`: the scanner's, as on the fast path)
    words, redirects, dyn, inputs, globbed, quoted, bodies = got
    kind = _first_fast(words, globbed, quoted)
    if kind is False:
        return False
    marks = dyn | globbed  # R4.9: globs are not literal either
    if marks and words[0] == "find":
        return False  # find's start paths (`find "$(pwd)"`, `find -L $DIR`): the scanner's _find_marks
    segments.append(
        _tuple_new(
            Segment, (words, text, redirects, dyn, False, _opaque(words, marks) if marks else None, inputs)
        )
    )
    if kind is None and not _carried(words, dyn, segments, read):
        return False
    for body in bodies:
        if not _body(body, segments):
            return False
    return True


def _body(body: str, segments: list[Segment]) -> bool:
    """A substitution's or subshell's body, read by _fast (hidden: found inside another command)."""
    if body.isspace():
        return False
    parsed = _fast(body, True)
    if parsed is None or parsed.unparseable or not parsed.segments:
        return False
    segments.extend(parsed.segments)
    return True


def _words(
    tokens: list[str],
    text: str,
) -> (
    tuple[
        tuple[str, ...],
        tuple[str, ...],
        frozenset[int],
        frozenset[int],
        frozenset[int],
        frozenset[int],
        list[str],
    ]
    | None
):
    """A piece's words, redirect targets, the indexes of its dynamic, globbed and quoted words and of its
    targets only read, and its substitutions' bodies; None when the scanner must read it. ``text``: the
    piece's."""
    words: list[str] = []
    redirects: list[str] = []
    dyn: list[int] = []
    globbed: list[int] = []
    quoted: list[int] = []
    inputs: list[int] = []
    bodies: list[str] = []
    globs = "*" in text or "?" in text or "[" in text  # else no word can be a glob
    # else every word is a plain run (the tokens' regex let no other character stand outside quotes)
    parts = "'" in text or '"' in text or "$" in text or "`" in text
    for t in map(str.rstrip, tokens):  # (a token's blanks after it; no word ends in another blank)
        if t[0] in _OPERATOR_START:
            op = _operator(t, words, redirects, dyn, inputs, bodies)
            if op is None:
                return None
            if op:
                continue
        if not parts or _PLAIN_WORD(t) is not None:
            if globs and _is_glob(t):
                globbed.append(len(words))
            words.append(t)
            continue
        word = _word(t, bodies)
        if word is None:
            return None
        shown, dynamic, glob, is_quoted = word
        if dynamic:
            dyn.append(len(words))
        if glob:
            globbed.append(len(words))
        if is_quoted:
            quoted.append(len(words))
        words.append(shown)
    return (
        tuple(words),
        tuple(redirects),
        frozenset(dyn) if dyn else _EMPTY,
        frozenset(inputs) if inputs else _EMPTY,
        frozenset(globbed) if globbed else _EMPTY,
        frozenset(quoted) if quoted else _EMPTY,
        bodies,
    )


def _operator(
    t: str, words: list[str], redirects: list[str], dyn: list[int], inputs: list[int], bodies: list[str]
) -> bool | None:
    """A token starting with `(`, `<`, `>` or a digit: True when it was a process substitution, a redirection
    or a descriptor's duplication (noted in the lists given), False when it is a word (`5`), None to leave
    the command to the scanner (a subshell after a command's words, `a (b)`)."""
    c = t[0]
    if c == "(":
        return None
    if c in _DIGITS and t.lstrip(_DIGITS)[:1] not in _REDIRECTS:
        return False
    if t[1] == "(":  # `<(b)`: a process substitution, a word of its own
        dyn.append(len(words))
        words.append(_SHOWN[c])
        bodies.append(t[2:-1])
    elif "&" not in t:  # (`2>&1`, `>&2`, `3<&-`: one descriptor made another's, or closed: no file, R4.5)
        # R4.5: `>`, `>>`, `<`, optionally after a descriptor number, and the target (blanks between)
        at = t.find(">")
        at = t.find("<") if at < 0 else at
        if t[at] == "<":
            inputs.append(len(redirects))
        redirects.append(t[at + 1 :].lstrip(">").lstrip(" "))
    return True


_DIGITS = "0123456789"
_OPERATOR_START = frozenset("(<>" + _DIGITS)


def _word(raw: str, bodies: list[str]) -> tuple[str, bool, bool, bool] | None:
    """One word's text as the scanner builds it (quotes removed, a substitution shown as `$(…)`), whether it
    is dynamic, globbed (an unquoted glob character) and quoted; its substitutions' bodies are added to
    ``bodies``. None when the scanner must read it."""
    out: list[str] = []
    dynamic = quoted = glob = False
    for p in _PARTS(raw):
        c = p[0]
        if c == "'":
            out.append(p[1:-1])
            quoted = True
        elif c == '"':
            quoted = True
            inner = p[1:-1]
            if "$" not in inner and "`" not in inner:
                out.append(inner)
            else:
                # "$(…)/x", "$HOME/x": expansions in quotes (no word splitting, no glob)
                dynamic = _expanded(_QUOTED_PARTS(inner), out, bodies) or dynamic
        elif c == "$" or c == "`":
            dynamic = _expanded((p,), out, bodies)  # (always True)
        else:
            glob = glob or _is_glob(p)
            out.append(p)
    if glob and (quoted or dynamic):
        return None  # a glob beside quotes or expansions: the scanner's reading
    return "".join(out), dynamic, glob, quoted


def _expanded(parts: Iterable[str], out: list[str], bodies: list[str]) -> bool:
    """Add ``parts`` (text, substitutions, `$NAME`) to the word being built in ``out``, a substitution as the
    scanner shows it and its body to ``bodies``; whether any is an expansion (R4.9: the word is dynamic)."""
    dynamic = False
    for p in parts:
        c = p[0]
        if c == "`" or (c == "$" and p[1] == "("):
            out.append(_SHOWN[c])
            bodies.append(p[2:-1] if c == "$" else p[1:-1])
            dynamic = True
        else:
            dynamic = dynamic or c == "$"
            out.append(p)
    return dynamic


def _first_fast(words: tuple[str, ...], globbed: frozenset[int], quoted: frozenset[int]) -> bool | None:
    """_fast's tests of a piece's first words, on the words as read (a quoted first word -- `'if'` is no
    keyword, `'x=1'` no assignment -- is the scanner's): True when the segment carries nothing, None when the
    scanner would read what it carries (_carried), False to leave the command to the scanner."""
    first = words[0]
    if 0 in quoted:
        return False
    common = _PLAIN_FIRST.get(first)
    if common is None:
        # A program Brabo does not know, handed a command line in one quoted word (`foo 'git push'`): the
        # fast path's shortcut for short commands (no word of it holds a blank) does not hold here.
        common = (
            _plain_first(first, (first,)) and (len(words) < 2 or not hands_on(words))
            if quoted
            else _plain_first(first, words)
        )
    if common:
        return 0 not in globbed
    if first in _KEYWORDS:
        return False
    k = _command_index(words) if "=" in first else 0
    if (k and not quoted.isdisjoint(range(1, k + 1))) or (
        k < len(words) and (k in globbed or words[k] in _FAST_REFUSED)
    ):
        return False  # R4.9: a glob in the command word, `[[`, subscripts, aliases: the scanner's
    if _scripted(first, words):
        return None
    # (a segment the scanner reads no script of, which may carry one: as on the fast path, the scanner's)
    return not (
        (first in MAY_CARRY_FIRST or "/" in first or "=" in first or foreign_name(first) or hands_on(words))
        and carries_commands(words)
    )


# First words the fast path leaves to the scanner that this reader does not read either: the grammar's
# keywords (the shells, `eval` and the other carriers of command lines are read: _carried).
_KEYWORDS = _NOT_PLAIN_FIRST - SHELLS - COMMAND_CARRIERS - {"eval"}


def _scripted(first: str, words: tuple[str, ...]) -> bool:
    """Whether the scanner looks for the command lines this segment carries (scanner_segments.emit's test)."""
    return (
        first in MAY_CARRY_FIRST
        or "/" in first
        or "=" in first
        or first == "alias"
        or foreign_name(first)
        or (first not in KNOWN_PROGRAMS and len(words) > 1 and hands_on(words))
    )


def _carried(words: tuple[str, ...], dyn: frozenset[int], segments: list[Segment], read: _Read) -> bool:
    """The command lines the segment ``words`` carries (`bash -c '...'`, `watch ls`, `ssh host CMD`), read as
    the scanner's _script reads them: their commands follow it, hidden (R4.7, R4.9); what runs unseen is
    noted. False to leave the command to the scanner (a script the fast path does not read, one the shell
    expands words into, a problem)."""
    if words in read.scripted:
        return True  # the same words carry the same script: its commands were read once
    read.scripted.add(words)
    found = carried_scripts(words)
    if found.problem is not None or (found.scripts and dyn):
        return False  # (unparseable; `fd -x $X`: the carrier's expansions are dynamic in its script)
    if found.unseen is not None and found.unseen.endswith(HOME_UNREAD):
        return False  # (a tool home a toolchain locator may give: the scanner reads the segment's text)
    if found.unseen is not None and read.unseen is None:
        read.unseen = found.unseen
    for script in found.scripts:
        inner = _fast(script, True)
        if inner is None or inner.unparseable:
            return False
        segments.extend(inner.segments)
    return True
