"""The scanner's steps for expansions (R4.1, R4.9): ``$``-expansions (parameters, ``$(...)``, ``$((...))``,
ANSI-C quoting), backticks, ``~`` and braces (groups, and the brace expansion of a word, with its budget).
Each takes the scanner (:mod:`permissions.scanner`) and reads from its position; the decoding itself is
:mod:`permissions.expansions`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from permissions.expansions import Raw, TooBig, brace_decode, brace_encode, decode_ansi_c, expand
from permissions.read_budget import _STEPS_PER_BRACE_WORD, reread
from permissions.scanner_segments import finish, flat, nest
from permissions.shell_syntax import _FRAME_ARITH, _FRAME_SUB, _FRAME_TICK, _R_NONE, _compound_prefix

if TYPE_CHECKING:
    from permissions.scanner import _Scanner


_TICK_RUN = re.compile("`+")


# `${` then one of these opens a bash 5.3 command substitution run in the current shell (`${ cmd; }`).
_FUNSUB_OPENERS = frozenset(" \t\n|")


# Special parameters that expand to numbers or option letters, never to a path (R4.9, data is not code).
_SPECIAL_PARAMS = frozenset("?#$!-")


# In `${...}`: what makes even the expansion's end uncertain (quotes, escapes, nesting, substitutions).
_PARAM_UNSURE = re.compile(r"""['"\\`{]|\$\(""")


# The body of a backtick substitution: escaped pairs and other characters, up to the closing backtick.
_TICK_BODY = re.compile(r"(?:[^\\`]+|\\[\s\S])*")


_TICK_ESCAPE = re.compile(r"\\([\\`$])")


def _unescape_one_tick(m: re.Match[str]) -> str:
    return m.group(1)


def on_tilde(sc: _Scanner) -> None:
    if not sc.in_word:
        sc.wdyn = True  # R6.2: a leading ~ is a home directory
    sc.buf.append(Raw("~") if sc.brace_on else "~")  # `{~,x}` expands to a home directory too
    sc.in_word = True
    sc.i += 1


def on_brace(sc: _Scanner) -> None:
    src = sc.src
    i = sc.i
    c = src[i]
    b = sc.b
    if not sc.in_word and (i + 1 >= len(src) or src[i + 1] in " \t\n;&|)"):
        # A lone `{` / `}` at a command's start is group syntax (R4.7): the commands inside are
        # ordinary segments. R4.9: reserved words that take a compound command (`time`,
        # `time -p`, `!`, `coproc [NAME]`, `function NAME`) do not hide the group that follows.
        if not b.words and not b.redirects and b.pending == _R_NONE:
            b.start = sc.i = i + 1  # what the steps below come to when nothing was built
            return
        prefix = _compound_prefix(b.words, b.dyn) if c == "{" else ("" if not b.words else None)
        if prefix is not None:
            if prefix:
                sc.defined.add(prefix)
            sc.clear_words(b)
            finish(sc, b, i + 1)
            sc.i = i + 1
            return
    if c == "{":
        sc.brace_on = True
    sc.buf.append(Raw(c) if sc.brace_on else c)
    sc.in_word = True
    sc.i = i + 1


def on_dollar(sc: _Scanner) -> None:
    src = sc.src
    n = len(src)
    i = sc.i
    nxt = src[i + 1] if i + 1 < n else ""
    b = sc.b
    if b.arith is not None:
        b.arith.expands = True
    if nxt == "(":
        arith = i + 2 < n and src[i + 2] == "("
        if arith:
            # An integer: like a special parameter, never a location (R4.9, data is not code).
            sc.buf.append("$((…))")
            sc.in_word = sc.wspecial = True
        else:
            sc.buf.append("$(…)")
            sc.in_word = sc.wdyn = True
        if not nest(sc):
            return
        if arith:
            sc.open_frame(_FRAME_ARITH, i + 3, None)
            sc.i = i + 3
        else:
            end = sc.plain_body(i + 2, ")")
            if end >= 0:
                sc.i = end + 1  # as on_close_paren steps over the `)`
                return
            sc.open_frame(_FRAME_SUB, i + 2, None)
            sc.i = i + 2
    elif nxt == "{":
        read_parameter(sc)
    elif nxt == "[":
        # `$[ ... ]` is the old arithmetic syntax, whose subscripts can run commands: not read (R4.9).
        sc.fail("a '$[...]' arithmetic expansion is not read")
        sc.buf.append("$")
        sc.in_word = sc.wdyn = True
        sc.i = i + 1
    elif nxt == "'" and not sc.in_dq:
        # R4.1: ANSI-C quoting is decoded the way bash does (`$'\x72m'` is `rm`).
        text, sc.i, problem = decode_ansi_c(src, i + 2)
        if problem is not None:
            sc.fail(problem)
        sc.buf.append(text)
        sc.in_word = sc.wquoted = True
    elif nxt == '"' and not sc.in_dq:
        # `$"..."` is translated through the locale's message catalogue: judged as its text, but what
        # runs is not certain, so never auto-approved (R4.7).
        sc.fail('a $"..." string is translated by the locale and cannot be judged')
        sc.in_dq = sc.in_word = sc.wquoted = True
        sc.buf.append("")
        sc.i = i + 2
    elif nxt.isalpha() or nxt == "_":
        j = i + 2
        while j < n and (src[j].isalnum() or src[j] == "_"):
            j += 1
        sc.buf.append(src[i:j])  # R4.3: variables stay literal
        sc.in_word = sc.wdyn = True
        sc.i = j
    elif nxt and nxt in _SPECIAL_PARAMS:
        sc.buf.append(src[i : i + 2])
        sc.in_word = sc.wspecial = True
        sc.i = i + 2
    elif nxt and (nxt.isdigit() or nxt in "@*"):
        sc.buf.append(src[i : i + 2])
        sc.in_word = sc.wdyn = True
        sc.i = i + 2
    else:
        sc.buf.append("$")
        sc.in_word = True
        sc.i = i + 1


def read_parameter(sc: _Scanner) -> None:
    """``${...}``: a name, an optional operator and plain text, or the command is unparseable. When
    quotes, backslashes or substitutions inside make even its end uncertain, the rest is judged flat,
    so every command-like run of words in it is still checked for deny (R4.7, R4.9)."""
    src = sc.src
    i = sc.i
    j = src.find("}", i + 2)
    if j < 0:
        sc.fail("a '${' is not closed")
        j = len(src) - 1
    body = src[i + 2 : j]
    if body[:1] in _FUNSUB_OPENERS:
        # R4.9: bash 5.3 runs `${ cmd; }` and `${| cmd; }` as commands in the current shell. Not read:
        # the rest is judged flat, so deny still sees the commands (R4.7).
        sc.end_word()
        flat(sc, sc.i, "a '${ ...; }' command substitution is not read")
        sc.stopped = True
        return
    if _PARAM_UNSURE.search(body) is not None:
        sc.end_word()
        flat(sc, sc.i, "a '${...}' holding quotes, braces or commands is not read")
        sc.stopped = True
        return
    at = body.find("@")
    if body[:1] == "!":
        sc.fail("a '${!...}' indirection cannot be judged")
    elif at >= 0 and at + 1 < len(body) and body[at + 1] in "PEAKQaku":
        sc.fail("a '${...@...}' transformation cannot be judged")
    else:
        sub = body.find("[")
        if sub >= 0 and "$" in body[sub:]:
            sc.fail("an array subscript with an expansion can run commands")
    sc.buf.append(src[i : j + 1])
    sc.in_word = sc.wdyn = True
    sc.i = j + 1


def on_backtick(sc: _Scanner) -> None:
    src = sc.src
    i = sc.i
    if sc.b.kind == _FRAME_TICK:
        sc.close_frame(i)
        sc.i = i + 1
        return
    if sc.b.arith is not None:
        sc.b.arith.expands = True
    if not nest(sc):
        return
    sc.buf.append("`…`")
    sc.in_word = sc.wdyn = True
    # A run of backticks is a row of empty substitutions (``), plus one opener when odd.
    j = _TICK_RUN.match(src, i).end()  # type: ignore[union-attr]
    i += (j - i) // 2 * 2
    sc.i = i
    if i >= j:
        return
    # A plain body holds no backslash, so the escape reading below would not apply: tried first.
    close = sc.plain_body(i + 1, "`")
    if close >= 0:
        sc.i = close + 1  # as the closing backtick's step does
        return
    end = _TICK_BODY.match(src, i + 1).end()  # type: ignore[union-attr]
    if end < len(src) and src.find("\\", i + 1, end) >= 0:
        # R4.7, nested backticks: inside backticks `\``, `\\` and `\$` stand for `` ` ``, `\` and `$`; the
        # body is read again with them unescaped, so nested substitutions are opened too.
        if not reread(sc):
            sc.end_word()
            flat(sc, i, "substitutions are nested too deeply or too many to read")
            sc.stopped = True
            return
        body = _TICK_ESCAPE.sub(_unescape_one_tick, src[i + 1 : end])
        if sc.in_dq and '\\"' in body:
            sc.fail("a backtick inside double quotes with an escaped quote cannot be judged")
        sc.inline(body, i)
        sc.i = end + 1
        return
    sc.open_frame(_FRAME_TICK, i + 1, None)
    sc.i = i + 1


def expand_braces(sc: _Scanner, pieces: list[str]) -> list[tuple[str, bool]]:
    """R4.8: the words bash makes of one word holding an unquoted ``{``, each with whether it starts
    with a tilde the shell expands. Past the budget the words found so far are kept (they are the
    exact start of bash's list, so deny still judges them) and the command is unparseable."""
    st = sc.braces
    sc.steps[0] -= _STEPS_PER_BRACE_WORD  # its own budget bounds the expansion; this, the set-up
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
        sc.fail(st.problem)
        st.problem = None
    # bash drops a result that is empty and unquoted (`{,}` is no word at all).
    return [(brace_decode(w), w[0] == "~") for w in found if w]
