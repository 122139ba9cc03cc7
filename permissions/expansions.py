"""Bash's own expansions that decide which words a command really has (R4.1, R4.8): ANSI-C quoting
(``$'\\x72m'`` is ``rm``) and brace expansion (``{rm,-rf,/*}`` is ``rm -rf /*``).

Ports of bash's ``ansicstr`` (lib/sh/strtrans.c) and ``brace_expand`` (braces.c), used by
:mod:`permissions.shell`. Both stay linear in the command's length: brace expansion is lazy and charged
against a budget (:class:`BraceState`), past which the caller judges the words found so far and treats the
command as unparseable. What cannot be decoded with certainty (locale-dependent escapes) is reported,
never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = [
    "BRACE_BUDGET",
    "BRACE_BUDGET_MAX",
    "BRACE_BUDGET_PER_CHAR",
    "MAX_BRACE_NESTING",
    "BraceState",
    "Raw",
    "TooBig",
    "brace_decode",
    "brace_encode",
    "decode_ansi_c",
    "expand",
]


# -- ANSI-C quoting (R4.1) ---------------------------------------------------------------------------------
# The body of $'...': backslash pairs and other characters, up to the closing quote. The alternatives begin
# with distinct characters and nothing follows the repetition, so the match never backtracks.
_ANSI_BODY = re.compile(r"(?:[^\\']+|\\[\s\S])*")
_ANSI_SIMPLE = {
    "a": 7,
    "b": 8,
    "e": 27,
    "E": 27,
    "f": 12,
    "n": 10,
    "r": 13,
    "t": 9,
    "v": 11,
    "\\": 92,
    "'": 39,
    '"': 34,
    "?": 63,
}
_OCTAL = "01234567"
_HEX = "0123456789abcdefABCDEF"
_ANSI_UNSURE = "a $'...' escape cannot be decoded with certainty"


def _hex_run(body: str, k: int, most: int) -> int:
    """The end of the run of at most ``most`` hex digits starting at ``k``."""
    end = k
    stop = min(len(body), k + most)
    while end < stop and body[end] in _HEX:
        end += 1
    return end


def _ansi_control(body: str, k: int, n: int) -> tuple[int, str, int, bool]:
    """``\\cX`` in ``$'...'``, X at ``k``: (the control character's code or -1, the text when -1, the index after
    it, whether the reading is unsure -- a non-ASCII X, whose first byte bash takes)."""
    if k >= n:
        return -1, "\\c", k, False  # `\c` at the end passes through
    ch = body[k]
    k += 1
    if ch == "\\" and k < n and body[k] == "\\":
        k += 1  # POSIX: `\c\\` is one control-backslash
    if ch.isascii():
        return (0x7F if ch == "?" else ord(ch.upper()) & 0x1F), "", k, False
    return -1, "\ufffd", k, True


def decode_ansi_c(src: str, start: int) -> tuple[str, int, str | None]:
    """Decode ``$'...'`` whose body starts at ``start``: (text, index after the closing quote, problem).

    A port of bash's ansicstr (lib/sh/strtrans.c, flags=2): \\a \\b \\e \\E \\f \\n \\r \\t \\v \\\\ \\' \\" \\?,
    \\nnn (one to three octal digits), \\xHH and \\x{H...}, \\uHHHH, \\UHHHHHHHH, \\cX; any other escape keeps
    its backslash. A NUL ends the string as bash sees it. Bytes are decoded as UTF-8; a byte sequence that
    is not UTF-8, a non-ASCII \\u / \\U (its bytes depend on the locale) and \\c before a non-ASCII character
    are not certain: the text is the best reading and the problem is set (R4.7).
    """
    m = _ANSI_BODY.match(src, start)
    end = m.end() if m is not None else start
    problem: str | None = None
    if end < len(src) and src[end] == "'":
        after = end + 1
    else:
        problem = "a $' quote is not closed"
        end = after = len(src)
    body = src[start:end]
    if "\\" not in body:
        return body, after, problem
    out: list[str] = []
    pending = bytearray()  # bytes >= 0x80 waiting to form UTF-8 characters

    def flush() -> None:
        nonlocal problem
        if pending:
            try:
                out.append(pending.decode("utf-8"))
            except UnicodeDecodeError:
                out.append(pending.decode("utf-8", "replace"))
                problem = problem or _ANSI_UNSURE
            pending.clear()

    i = 0
    n = len(body)
    while i < n:
        j = body.find("\\", i)
        if j < 0:
            j = n
        if j > i:
            flush()
            out.append(body[i:j])
        if j + 1 >= n:
            if j < n:  # a lone trailing backslash (only when the quote is not closed)
                flush()
                out.append("\\")
            break
        e = body[j + 1]
        k = j + 2
        code = -1  # the byte (or ASCII character) this escape stands for; -1: `text` instead
        text = ""
        if e in _ANSI_SIMPLE:
            code = _ANSI_SIMPLE[e]
        elif e in _OCTAL:
            code = int(e)
            stop = min(n, k + 2)
            while k < stop and body[k] in _OCTAL:
                code = code * 8 + int(body[k])
                k += 1
            code &= 0xFF
        elif e == "x":
            if k < n and body[k] == "{":
                # `\x{H...}`: every hex digit up to `}`, the low byte kept (a missing digit is NUL).
                stop = _hex_run(body, k + 1, n)
                code = int(body[k + 1 : stop], 16) & 0xFF if stop > k + 1 else 0
                k = stop + 1 if stop < n and body[stop] == "}" else stop
            else:
                stop = _hex_run(body, k, 2)
                if stop == k:
                    text = "\\x"
                else:
                    code = int(body[k:stop], 16)
                    k = stop
        elif e == "u" or e == "U":
            stop = _hex_run(body, k, 4 if e == "u" else 8)
            if stop == k:
                text = "\\" + e
            else:
                value = int(body[k:stop], 16)
                k = stop
                if value <= 0x7F:
                    code = value
                else:
                    problem = problem or _ANSI_UNSURE  # converted through the locale's charset
                    text = chr(value) if value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF else "\ufffd"
        elif e == "c":
            code, text, k, unsure = _ansi_control(body, k, n)
            if unsure:
                problem = problem or _ANSI_UNSURE  # bash takes the first byte of the character
        else:
            text = "\\" + e
        if code == 0:
            flush()
            return "".join(out), after, problem  # the C string ends here (`$'r\0x'm` is `rm`)
        if code >= 0x80:
            pending.append(code)
        else:
            flush()
            out.append(chr(code) if code > 0 else text)
        i = k
    flush()
    return "".join(out), after, problem


# -- brace expansion (R4.8) --------------------------------------------------------------------------------
# Brace expansion is modelled rather than refused: deny, the caps and the path scope see the words bash
# really runs (`{rm,-rf,/}` is `rm -rf /`), and legitimate `cp x.{js,map} dist/` keeps working. It is a port
# of bash's braces.c (brace_expand, expand_amble, expand_seqterm, mkseq), made safe for hostile input:
# expansions are produced lazily in bash's order, every character scanned or produced is charged to a
# budget linear in the command's length, and nesting is capped. Past the budget the words produced so
# far -- the exact start of bash's list, so the command word and its first arguments -- are still judged
# and the command is unparseable (never auto-approved; R4.7).
# The budget bounds time (R4.7, the read budget: every input decides in <= 50 ms), so a unit is about 0.1 us of
# this module's work: a character scanned or produced costs one, and each expansion (a brace word, or an
# alternative that holds braces) costs _EXPAND_CALL more for the calls and lists it sets up -- 16,000 `{a,b}`
# words or alternatives cost as much as 1.3 MB of plain text. The words produced are judged after (each a word
# of its segment), so the budget stops at BRACE_BUDGET_MAX however long the command: 100 KB of anything stays
# within ~40 ms on the slowest machine measured (`echo {1..K}` by the thousand: 50 ms at 150,000).
BRACE_BUDGET = 50_000
BRACE_BUDGET_PER_CHAR = 1
BRACE_BUDGET_MAX = 100_000
_EXPAND_CALL = 80
MAX_BRACE_NESTING = 32
_INTMAX = 2**63 - 1
_INTMIN = -(2**63)
_INT32 = 2**31
_SEQ_INT = re.compile(r"[+-]?[0-9]+")
_BRACE_UNESCAPE = re.compile(r"\\([\s\S])|''")
_BRACE_SPACE = " \t\n"


class Raw(str):
    """Unquoted text of a word: its `{`, `,`, `}`, `..` and leading `~` mean what bash makes them mean."""

    __slots__ = ()


class TooBig(Exception):
    pass


class BraceState:
    __slots__ = ("left", "problem")

    def __init__(self, budget: int) -> None:
        self.left = budget
        self.problem: str | None = None

    def spend(self, cost: int) -> None:
        self.left -= cost
        if self.left < 0:
            raise TooBig

    def unsure(self, why: str) -> None:
        if self.problem is None:
            self.problem = why


def brace_encode(pieces: list[str]) -> str:
    """The word as bash's brace expansion reads it: unquoted text as is, quoted text one backslash-escaped
    character at a time, an empty quoted part as ``''`` (so a quoted empty result is not dropped)."""
    out: list[str] = []
    for p in pieces:
        if type(p) is Raw:
            out.append(p)
        elif p:
            out.append("\\" + "\\".join(p))
        else:
            out.append("''")
    return "".join(out)


def brace_decode(word: str) -> str:
    if "\\" not in word and "'" not in word:
        return word
    return _BRACE_UNESCAPE.sub(_unescape_one, word)


def _unescape_one(m: re.Match[str]) -> str:
    return m.group(1) or ""


def _gobble(text: str, i: int, hi: int, satisfy: str, base: int, st: BraceState) -> int:
    """bash's brace_gobbler on ``text[base:hi]`` from ``i``: the index of ``satisfy`` or -1.

    For ``}``, only a brace at nesting level 0 after a level-0 comma or ``..`` counts; an opening brace
    with blanks (or the word's edge) on both sides, or followed by ``}``, is not one.
    """
    if satisfy == "}" and _OPENS_OR_ESCAPES.search(text, i, hi) is None:
        return _flat_close(text, i, hi, st)
    start = i
    level = 0
    commas = 0 if satisfy == "}" else 1
    while i < hi:
        c = text[i]
        if c == "\\" or c == "'":
            i += 2  # an escaped character, or the marker of an empty quoted part
            continue
        if c == satisfy and level == 0 and commas > 0:
            if c == "{" and (i == base or text[i - 1] in _BRACE_SPACE):
                if i + 1 >= hi or text[i + 1] in _BRACE_SPACE or text[i + 1] == "}":
                    if i > base:
                        # bash sees the quote character before an escaped blank, or the blank itself.
                        st.unsure("a brace after a quoted blank cannot be judged")
                    i += 1
                    continue
            st.spend(i - start + 1)
            return i
        if c == "{":
            level += 1
        elif c == "}":
            if level:
                level -= 1
        elif satisfy == "}" and level == 0:
            if c == ",":
                commas += 1
            elif c == "." and i + 1 < hi and text[i + 1] == "." and (i + 2 >= hi or text[i + 2] != "}"):
                commas += 1
        i += 1
    st.spend(hi - start + 1)
    return -1


# What makes _gobble do more than find the next comma: nesting, escapes and quoted-empty markers.
_GOBBLE_STOPS = re.compile(r"[{}\\']")
# What makes _gobble do more than find the first closing brace that counts (see _flat_close).
_OPENS_OR_ESCAPES = re.compile(r"[{\\']")


def _comma_spans(text: str, lo: int, hi: int, st: BraceState) -> list[tuple[int, int]]:
    """The alternatives of the amble ``text[lo:hi]``: the spans between its level-0 commas."""
    if _GOBBLE_STOPS.search(text, lo, hi) is not None:
        return _gobbled_spans(text, lo, hi, st)
    # R4.9: a flat list (`{a,b,c,...}`, hostile input sends 20,000 items): every comma is at level 0,
    # so _gobble would stop at each in turn -- found with str.find, charged exactly as _gobble charges.
    spans: list[tuple[int, int]] = []
    k = lo
    comma = text.find(",", k, hi)
    while comma >= 0:
        st.spend(comma - k + 1)
        spans.append((k, comma))
        k = comma + 1
        comma = text.find(",", k, hi)
    st.spend(hi - k + 1)
    spans.append((k, hi))
    return spans


def _gobbled_spans(text: str, lo: int, hi: int, st: BraceState) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    k = lo
    while True:
        comma = _gobble(text, k, hi, ",", k, st)
        if comma < 0:
            spans.append((k, hi))
            return spans
        spans.append((k, comma))
        k = comma + 1


def _flat_close(text: str, i: int, hi: int, st: BraceState) -> int:
    """_gobble for ``}`` over text holding no ``{``, backslash or quote marker (R4.9: a 20,000-item brace
    list would be read character by character): the level stays 0, so the answer is the first ``}`` with
    a comma, or a ``..`` not right before that ``}``, ahead of it. Charged as _gobble charges."""
    start = seen = i
    close = text.find("}", i, hi)
    while close >= 0:
        # `..` at p counts when text[p + 2] is not `}`: p <= close - 3, as `}` at close is the first. (An
        # end below 0 would count from the text's end: no `..` fits before close - 1 <= seen anyway.)
        if text.find(",", seen, close) >= 0 or (close - 1 > seen and text.find("..", seen, close - 1) >= 0):
            st.spend(close - start + 1)
            return close
        seen = close + 1
        close = text.find("}", seen, hi)
    st.spend(hi - start + 1)
    return -1


def _has_comma(text: str, lo: int, hi: int) -> bool:
    """An unescaped comma anywhere in the amble (bash does not look at nesting here)."""
    if text.find(",", lo, hi) < 0:
        return False
    if text.find("\\", lo, hi) < 0:
        return True
    i = lo
    while i < hi:
        c = text[i]
        if c == ",":
            return True
        i += 2 if c == "\\" else 1
    return False


def _seq_items(first: int, last: int, incr: int, kind: int, width: int, st: BraceState) -> Iterator[str]:
    n = first
    while True:
        item = chr(n) if kind == 2 else f"{n:0{width}d}" if kind == 1 else str(n)
        st.spend(len(item) + 1)
        yield item
        if not _INTMIN <= n + incr <= _INTMAX:
            return
        n += incr
        if (incr < 0 and n < last) or (incr > 0 and n > last):
            return


def _zero_padded(lhs: str, rhs: str, rhs_len: int) -> tuple[int, int]:
    """mkseq's format for an integer sequence: (1, width) when an end is zero-padded (`{01..10}`), else (0, 0)."""
    kind, width = 0, 0
    lhs_len = len(lhs)
    if (lhs_len > 1 and lhs[0] == "0") or (lhs_len > 2 and lhs[:2] == "-0"):
        width, kind = lhs_len, 1
    if ((rhs_len > 1 and rhs[0] == "0") or (rhs_len > 2 and rhs[:2] == "-0")) and width < rhs_len:
        width, kind = rhs_len, 1
    if kind == 1:
        width = max(width, lhs_len, rhs_len)
    return kind, width


def _seqterm(amble: str, st: BraceState) -> Iterator[str] | None:
    """bash's expand_seqterm + mkseq: ``x..y[..incr]`` of integers or of single letters, else None."""
    t = amble.find("..")
    if t < 0:
        return None
    lhs, rhs = amble[:t], amble[t + 2 :]
    if not lhs or not rhs:
        return None
    if "\v" in amble or "\f" in amble:
        st.unsure("a brace sequence with blanks cannot be judged")  # strtoimax skips them
        return None
    int_t, char_t = 1, 2
    lhs_t = 0
    lhs_v = 0
    if _SEQ_INT.fullmatch(lhs):
        lhs_v = int(lhs)
        lhs_t = int_t if _INTMIN <= lhs_v <= _INTMAX else 0
    elif len(lhs) == 1 and lhs.isascii() and lhs.isalpha():
        lhs_t = char_t
    rhs_t = 0
    rhs_v = 0
    ep = 0
    r0 = rhs[0]
    if "0" <= r0 <= "9" or (r0 in "+-" and len(rhs) > 1 and "0" <= rhs[1] <= "9"):
        m = _SEQ_INT.match(rhs)
        assert m is not None
        rhs_v = int(m.group())
        ep = m.end()
        if _INTMIN <= rhs_v <= _INTMAX and (ep == len(rhs) or rhs[ep] == "."):
            rhs_t = int_t
    elif r0.isascii() and r0.isalpha() and (len(rhs) == 1 or rhs[1] == "."):
        rhs_t = char_t
        ep = 1
    incr = 1
    rhs_len = ep
    if rhs_t:
        if rhs.startswith("..", ep) and len(rhs) > ep + 2:
            m = _SEQ_INT.match(rhs, ep + 2)
            if m is None:
                return None
            incr = int(m.group())
            ep = m.end()
            if not _INTMIN <= incr <= _INTMAX:
                return None
        if ep != len(rhs):
            return None
    if lhs_t != rhs_t or not lhs_t:
        return None
    kind, width = 0, 0
    if lhs_t == char_t:
        lhs_v, rhs_v, kind, width = ord(lhs), ord(r0), 2, 1
        if lhs.isupper() != r0.isupper():
            st.unsure("a brace sequence across non-letters cannot be judged")  # bash quotes them oddly
    else:
        kind, width = _zero_padded(lhs, rhs, rhs_len)
    # mkseq: the sign of the step follows the direction; overflowing ranges are left as written.
    if incr == 0:
        incr = 1
    if lhs_v > rhs_v and incr > 0:
        incr = -incr
    elif lhs_v < rhs_v and incr < 0:
        if incr == _INTMIN:
            return None
        incr = -incr
    if incr == _INTMIN:
        st.unsure("a brace sequence step cannot be judged")
        return None
    span = rhs_v - lhs_v
    if span < _INTMIN + 3 or span > _INTMAX - 2 or abs(span) // abs(incr) > _INT32 - 4:
        return None
    if kind == 1 and not (-_INT32 <= lhs_v < _INT32 and -_INT32 <= rhs_v < _INT32):
        st.unsure("a zero-padded brace sequence out of range cannot be judged")  # bash prints it as int
    return _seq_items(lhs_v, rhs_v, incr, kind, width, st)


def _alternatives(text: str, spans: list[tuple[int, int]], depth: int, st: BraceState) -> Iterator[str]:
    for lo, hi in spans:
        if text.find("{", lo, hi) < 0 and depth + 1 <= MAX_BRACE_NESTING:
            # No brace in this alternative: expand() would charge one scan of it and yield it as written
            # (a long brace list is mostly these; same charge, same word, no generator per item).
            if lo < hi:
                st.spend(hi - lo + 1)
                yield text[lo:hi]
            else:
                yield ""
        else:
            yield from expand(text, lo, hi, depth + 1, st)


def expand(text: str, lo: int, hi: int, depth: int, st: BraceState) -> Iterator[str]:
    """bash's brace_expand of ``text[lo:hi]``, lazily and in bash's order.

    The word is cut into parts -- literal text, a brace's alternatives, a sequence -- the way bash finds
    preamble, amble and postamble again and again, and the parts' product is produced with the last part
    varying fastest (bash's array_concat).
    """
    if depth > MAX_BRACE_NESTING:
        st.unsure("braces are nested too deeply to judge")
        yield text[lo:hi]
        return
    st.spend(_EXPAND_CALL)
    parts: list[str | Iterator[str]] = []
    pos = lo
    while pos < hi:
        # The first brace that opens a valid expansion: bash moves past any that does not.
        i = pos
        close = -1
        while True:
            i = _gobble(text, i, hi, "{", pos, st)
            if i < 0:
                break
            close = _gobble(text, i + 1, hi, "}", pos, st)
            if close >= 0:
                break
            i += 1
        if i < 0:
            parts.append(text[pos:hi])
            break
        if i > pos:
            parts.append(text[pos:i])
        if _has_comma(text, i + 1, close):
            parts.append(_alternatives(text, _comma_spans(text, i + 1, close, st), depth, st))
        else:
            amble = text[i + 1 : close]
            if "," in amble:
                # Only a quoted comma can be here; bash's comma test skips backslashes but not quotes, so
                # `{1..2","}` and `{1..2\,}` differ and the two cannot be told apart once decoded.
                st.unsure("a quoted comma inside braces cannot be judged")
            seq = _seqterm(amble, st)
            parts.append(text[i : close + 1] if seq is None else seq)  # not a sequence: literal
        pos = close + 1
    yield from _product(parts, st)


def _product(parts: list[str | Iterator[str]], st: BraceState) -> Iterator[str]:
    """Every choice of one value per part, joined, the last part varying fastest. Each part's values are
    pulled only when needed and kept for the next round."""
    n = len(parts)
    if n == 0:
        yield ""
        return
    values: list[list[str]] = []
    sources: list[Iterator[str] | None] = []
    for p in parts:
        if isinstance(p, str):
            values.append([p])
            sources.append(None)
        else:
            first = next(p, None)  # every part has at least one value; an empty one reads as ""
            values.append(["" if first is None else first])
            sources.append(p)
    if n == 1:
        # One part: its values as they come (what the general loop below does for n == 1, for less).
        first_value = values[0][0]
        single = sources[0]
        if single is None:
            yield first_value
            return
        st.spend(len(first_value) + 1)
        yield first_value
        for item in single:
            st.spend(len(item) + 1)
            yield item
        return
    varying = [k for k in range(n) if sources[k] is not None]
    if len(varying) == 1:
        # `pre{a,b,...}post`: one part varies, the others hold one value each -- its values in order, each
        # between the same text (what the general loop below produces, for less).
        k = varying[0]
        before = "".join([values[j][0] for j in range(k)])
        after = "".join([values[j][0] for j in range(k + 1, n)])
        only = sources[k]
        assert only is not None
        out = before + values[k][0] + after
        st.spend(len(out) + n)
        yield out
        for item in only:
            out = before + item + after
            st.spend(len(out) + n)
            yield out
        return
    idx = [0] * n
    while True:
        out = "".join([values[k][idx[k]] for k in range(n)])
        st.spend(len(out) + n)
        yield out
        k = n - 1
        while k >= 0:
            j = idx[k] + 1
            if j < len(values[k]):
                idx[k] = j
                break
            source = sources[k]
            if source is not None:
                value = next(source, None)
                if value is not None:
                    values[k].append(value)
                    idx[k] = j
                    break
                sources[k] = None
            idx[k] = 0
            k -= 1
        if k < 0:
            return
