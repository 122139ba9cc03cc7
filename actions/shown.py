"""What a person is shown of an agent's text before deciding: every character, inert, or a clear cut.

An approver must have seen exactly what runs. Agent-controlled text (a command, a path, a file's content, a PR's
title, a question) reaches people in Slack, e-mail, webhooks and the console; each medium escapes its own
markup, and this module does what is common to all of them:

* :func:`visible` makes the characters a reader cannot see visible instead of letting them act: control
  characters, bidi overrides (a command displayed as ``ls`` that is ``rm``), zero-width and other invisible or
  unusual blank characters become ``⟨U+202E⟩``; a run of blanks or empty lines that could push a tail out of
  view becomes a count (``⟨5000 spaces⟩``).
* :func:`fit` cuts a text to what a channel can show and says whether it was cut; a channel that could not show
  the whole action offers no Approve for it and sends the person to the console.
* :func:`bound_to` reads what a Slack button or an e-mail link carries of what it showed -- the action's (or
  link's) id and :func:`shown_hash` of the payload -- in the one form Brabo writes, or not at all.
* :func:`reviewable` is the whole of an action as Slack and e-mail show it: every payload field the decision
  carries out (a command's folder too), each secret-masked by ``brabo.redaction.redact_outbound`` (which
  reads only its first ``OUTBOUND_SCAN_CHARS``: a longer field cannot be shown whole outside Brabo, so it
  counts as cut).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from brabo.redaction import OUTBOUND_SCAN_CHARS, redact_outbound
from brabo_client.payload_hash import payload_hash
from permissions.action_types import QUESTION_TYPES

# a longer run of spaces (or of empty lines) is shown as its count: padding cannot hide a tail
BLANK_RUN = 20
EMPTY_LINES_RUN = 3
NEWLINE_MARK = "⏎"
# invisible characters Unicode files under letters or symbols (fillers, blank braille, variation selectors)
_INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0]
    + list(range(0x180B, 0x1810))
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)
_MARKED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp", "Zs"})
_SPACES = re.compile(" {" + str(BLANK_RUN + 1) + ",}")
_EMPTY_LINES = re.compile("\n{" + str(EMPTY_LINES_RUN + 2) + ",}")
CUT_MARK = "⟨cut⟩"


# visible() looks one by one only at what it may have to mark. An ASCII text: one regex scan for its control
# characters. Else line by line: a line str.isprintable accepts (False for exactly _MARKED_CATEGORIES, the
# ASCII space aside; a test holds the two equal over every code point) with no _INVISIBLE character passes
# whole; in any other line, the runs of characters outside printable ASCII are read per character.
_ASCII_RARE = {True: re.compile(r"[\x00-\x08\x0b-\x1f\x7f]+"), False: re.compile(r"[\x00-\x1f\x7f]+")}
_RARE_RUN = {True: re.compile(r"[^\x20-\x7e\t]+"), False: re.compile(r"[^\x20-\x7e]+")}


def _class(codes) -> str:
    """A regex character class of ``codes``, as ranges (a class of single characters is read slowly)."""
    spans: list[list[int]] = []
    for code in sorted(codes):
        if spans and spans[-1][1] == code - 1:
            spans[-1][1] = code
        else:
            spans.append([code, code])
    return (
        "[" + "".join(re.escape(chr(a)) + ("" if a == b else "-" + re.escape(chr(b))) for a, b in spans) + "]"
    )


_INVISIBLE_CHARS = re.compile(_class(_INVISIBLE))
_SURROGATES = re.compile("[\ud800-\udfff]")
# what a form posts back as it is (a textarea's text, an input's value): a page pass that rewrote it would
# have a save write the marks into the data (see visible_markup)
_FORM_VALUES = re.compile(
    r"<textarea\b[^>]*>.*?</textarea\s*>|\bvalue\s*=\s*(?:\"[^\"]*\"|'[^']*')", re.S | re.I
)


def _marked(ch: str) -> bool:
    return ch != " " and (ord(ch) in _INVISIBLE or unicodedata.category(ch) in _MARKED_CATEGORIES)


def _code(ch: str) -> str:
    return f"⟨U+{ord(ch):04X}⟩"


def _char(ch: str, lines: bool) -> str:
    if ch == "\n":
        return ch if lines else NEWLINE_MARK
    if ch == "\t" and lines:
        return ch
    return _code(ch) if _marked(ch) else ch


def _each(run: str, lines: bool) -> str:
    return "".join(_char(ch, lines) for ch in run)


def _line(line: str, lines: bool) -> str:
    if line.isprintable() and not _INVISIBLE_CHARS.search(line):
        return line
    return _RARE_RUN[lines].sub(lambda m: _each(m.group(), lines), line)


def _marks(text: str, lines: bool) -> str:
    """``text`` with each character :func:`_char` changes changed (no blank run counted)."""
    if text.isascii():
        return _ASCII_RARE[lines].sub(lambda m: _each(m.group(), lines), text)
    return _char("\n", lines).join(_line(line, lines) for line in text.split("\n"))


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with nothing hidden: invisible and control characters as ``⟨U+XXXX⟩``, long blank runs counted.
    ``lines``: newlines and tabs stay (a block that shows lines); else a newline is ``⏎`` (one line)."""
    out = _marks(str(text or ""), lines)
    if " " * (BLANK_RUN + 1) in out:
        out = _SPACES.sub(lambda m: f"⟨{len(m.group())} spaces⟩", out)
    if lines and "\n" * (EMPTY_LINES_RUN + 2) in out:
        out = _EMPTY_LINES.sub(lambda m: f"\n⟨{len(m.group()) - 1} empty lines⟩\n", out)
    return out


def visible_markup(html: str) -> str:
    """A rendered page (HTML) with every hidden character made visible, wherever a template put it: the last
    pass before any page reaches a person (``actions.shown_pages``), so a field no template filtered still
    shows ``⟨U+202E⟩`` instead of obeying it. Markup and its line breaks and tabs stay; blank runs are not
    counted (a page's indentation is blank runs; a text block counts its own with :func:`visible`). A
    textarea's text and an input's value are what the form posts back: only a lone surrogate, which no page
    can carry, is marked there."""
    if html.isascii() and not _ASCII_RARE[True].search(html):
        return html
    out, at = [], 0
    for form_value in _FORM_VALUES.finditer(html):
        out.append(_marks(html[at : form_value.start()], True))
        out.append(_SURROGATES.sub(lambda m: _code(m.group()), form_value.group()))
        at = form_value.end()
    out.append(_marks(html[at:], True))
    return "".join(out)


def visible_values(value):
    """``value`` (a JSON document: dicts, lists, strings, numbers) with every string made :func:`visible` on one
    line -- what an outbound message's fields are before any medium formats them."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, dict):
        return {k: visible_values(v) for k, v in value.items()}
    if isinstance(value, list):
        return [visible_values(v) for v in value]
    return value


@dataclass(frozen=True)
class Shown:
    """What a channel shows of a text, and whether that is all of it."""

    text: str
    complete: bool


def fit(text: str, limit: int, *, complete: bool = True) -> Shown:
    """``text`` (already visible) cut to ``limit`` characters with a marker saying how much is not shown."""
    if len(text) <= limit:
        return Shown(text, complete)
    rest = len(text) - limit
    return Shown(f"{text[:limit]}{CUT_MARK} … {rest} more characters not shown", False)


def _value(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _fields(action) -> list[tuple[str, str]]:
    """(label, text) of everything approving the action carries out, as the agent sent it."""
    payload = action.payload if isinstance(action.payload, dict) else {"payload": action.payload}
    if action.action_type == "terminal":  # where it runs is part of what it does (`rm -rf build` in /)
        folder = payload.get("cwd")
        where = [("in folder", _value(folder))] if folder not in (None, "") else []
        return [("", _value(payload.get("command", "")))] + where
    if action.action_type in QUESTION_TYPES:
        context = [("context", _value(payload["context"]))] if payload.get("context") else []
        return [("", _value(payload.get("question", "")))] + context
    if action.action_type == "mcp_call":
        head = f"MCP tool {payload.get('tool') or '?'} of server {payload.get('server') or '?'}"
        arguments = payload.get("arguments")
        if not isinstance(arguments, dict) or not arguments:
            return [("", head + " with no arguments")]
        return [("", head + " with:")] + [(str(k), _value(v)) for k, v in arguments.items()]
    return [(str(k), _value(v)) for k, v in payload.items() if k != "runs_in"]


def reviewable(action, limit: int) -> Shown:
    """The whole action as a channel outside the console shows it (secrets masked, nothing hidden), cut to
    ``limit`` characters; ``complete`` is False when any of it is not shown."""
    complete = True
    parts = []
    for label, raw in _fields(action):
        text = visible(redact_outbound(raw), lines=True)
        if len(raw) > OUTBOUND_SCAN_CHARS:  # the redaction keeps only its start: the rest cannot leave Brabo
            complete = False
            text += f"{CUT_MARK} … not shown: the rest of its {len(raw)} characters"
        if not label:
            parts.append(text)
        elif "\n" in text:
            parts.append(f"{label}:\n{text}")
        else:
            parts.append(f"{label}: {text}")
    return fit("\n".join(parts), limit, complete=complete)


# A Slack button's value and an e-mail link's signed list carry the id they decide and the payload's hash as
# the message showed it: str(uuid) (lowercase, with dashes) and 16 lowercase hex digits, in Brabo's form only.
_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_HASH = re.compile(r"[0-9a-f]{16}")


def shown_hash(payload) -> str:
    """What a decision outside the console carries of the payload it showed (its hash's first 16 digits)."""
    return payload_hash(payload)[:16]


def bound_to(object_id, hash_) -> tuple[str, str] | None:
    """(id, shown hash) when both are in the form Brabo writes them, else None: a form from before the
    binding (the id alone, an empty hash), a cut or re-spelt one, or a value of another type decides nothing."""
    if not isinstance(object_id, str) or not isinstance(hash_, str):
        return None
    if not _ID.fullmatch(object_id) or not _HASH.fullmatch(hash_):
        return None
    return object_id, hash_


_FULL_HASH = re.compile(r"[0-9a-f]{64}")


def well_formed_hash(hash_) -> bool:
    """Whether ``hash_`` is a payload hash as Brabo writes it: :func:`shown_hash`'s 16 lowercase hex digits (a
    console form, a Slack button, an e-mail link) or ``payload_hash``'s 64 (what an API caller computes)."""
    return isinstance(hash_, str) and bool(_HASH.fullmatch(hash_) or _FULL_HASH.fullmatch(hash_))


def shows(payload, hash_) -> bool:
    """Whether ``hash_`` (:func:`well_formed_hash`) is the hash of ``payload`` as it is now."""
    if not well_formed_hash(hash_):
        return False
    return payload_hash(payload)[: len(hash_)] == hash_
