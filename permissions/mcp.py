"""MCP tool calls: the ``Mcp(...)`` pattern grammar, its matching, and the caps table.

An ``mcp_call`` action is ``{server, tool, arguments}``: one call of one tool of an MCP server, which the coding
agent runs itself (``runs_in: agent``). Plain Python, no Django, no I/O; ``permissions.decide`` calls
:func:`rules_opinion` at SPEC §5 step 4 and :func:`cap` at step 6.

Grammar (permissions.json, any of allow / deny / ask)::

    Mcp(server)                          every tool of that server
    Mcp(server.tool)                     one tool
    Mcp(server.tool key=value ...)       one tool, when each named top-level argument has that value

``server`` is the name the agent's configuration gives the server; ``tool`` is everything after the first
``.``. A condition's value is one shell word (quote it to hold spaces: ``title="a b"``) compared with a string,
number or boolean argument (``true`` / ``false``; a number by its value, so ``pullNumber=7`` is 7 and 7.0).

* **allow is literal**: the server and tool exactly as written, and every condition's argument present, a
  string/number/boolean, and equal to the value exactly. A missing or non-scalar argument does not match.
* **deny and ask match by meaning** (R4.10): server, tool and argument names compare as words after NFKC
  and case, with ``-``, ``_``, ``.``, ``/``, ``:`` and blanks ignored (``mergePullRequest`` is
  ``merge_pull_request``), and a pattern's server is read inside the call's tool name too -- the tool behind
  an aggregator's prefix (``proxy.github__merge_pull_request``), the same spellings the caps read
  (:func:`_names_call`); a value as a server may read it (:func:`_means`: a boolean or number by pydantic's,
  JavaScript's or Go's reading, a string holding JSON decoded, strings after NFKC, surrounding whitespace and
  case); a condition on an argument that is absent or not a scalar matches (fail closed: what the call does
  then is not readable from it).
* **a hub's caller tool** (``use_mcp_tool``, ``invoke``, ``call_tool``, ``hub_execute``: :func:`_inner`) makes a
  call of another server's tool named in its arguments: deny and ask, the caps and :func:`shell_run` read it
  as any call (allow stays the call's own); one that cannot be read waits for a person.
* **a call whose server cannot be told** -- a server whose name says it is a hub or proxy (:func:`_hub_named`),
  or a caller tool's call naming no server -- of a tool a deny or ask pattern names on some server waits for
  a person (fail closed; not a deny, which would deny every server's tool of that name).
* ``McpCall()`` (the type's label) is a typed pattern: in deny/ask it names every MCP call; in allow it
  approves nothing, since an unknown tool is auto-approved only by an allow rule that names it (item 2).

Caps (step 6, after any allow rule, autonomy or hook): :data:`CAPPED_TOOLS` maps the tools of well-known
servers to the acts Brabo caps through git -- matched by the tool's name on any server, whatever the agent
calls the server, so renaming ``github`` to ``gh`` does not lift a cap -- and a filesystem server's write or
read outside the project folder (a path off ``agent_root``, or starting with ``~``, which the server expands).
"""

from __future__ import annotations

import json
import math
import posixpath
import re
import shlex
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any, NamedTuple

from permissions.commands.git import names_protected_branch
from permissions.memos import Memo
from permissions.protected_paths import contains_protected, protected_file
from permissions.shell import split_words

__all__ = [
    "CAPPED_TOOLS",
    "LABEL",
    "McpPattern",
    "always_allow_rule",
    "always_capped",
    "cap",
    "describe",
    "external_effect",
    "parse_mcp",
    "rules_opinion",
    "shell_run",
]

LABEL = "Mcp"
_NAME = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
_TOOL = re.compile(r"^[A-Za-z0-9_.:/-]{1,256}$")
_KEY = re.compile(r"^[A-Za-z0-9_.-]{1,128}$")


class McpPatternError(ValueError):
    """Content of ``Mcp(...)`` that does not read; the message says what is wrong and how to write it."""


@dataclass(frozen=True)
class McpPattern:
    server: str
    tool: str | None  # None: every tool of the server
    conditions: tuple[tuple[str, str], ...] = ()


def check_name(kind: str, value: str) -> str | None:
    """Why ``value`` is not a server or tool name an MCP client uses, or None."""
    rx = _NAME if kind == "server" else _TOOL
    if not rx.match(value):
        allowed = "letters, digits, _ and -" if kind == "server" else "letters, digits and _ . : / -"
        return f"the {kind} name {value!r} must be 1 to {128 if kind == 'server' else 256} of {allowed}"
    return None


@lru_cache(maxsize=1024)
def parse_mcp(content: str) -> McpPattern:
    """The content of ``Mcp(...)``. Raises :class:`McpPatternError`."""
    words, problem = split_words(content)
    if problem is not None:
        raise McpPatternError(f"the content cannot be read: {problem}")
    if not words:
        raise McpPatternError("name a server: Mcp(github), Mcp(github.merge_pull_request) or with key=value")
    head, rest = words[0], words[1:]
    server, dot, tool = head.partition(".")
    why = check_name("server", server) or (check_name("tool", tool) if dot else None)
    if why:
        raise McpPatternError(why)
    if rest and not dot:
        raise McpPatternError("argument conditions need a tool: Mcp(server.tool key=value)")
    conditions = []
    for word in rest:
        key, eq, value = word.partition("=")
        if not eq or not _KEY.match(key):
            raise McpPatternError(f"{word!r} is not a condition; write key=value (quote a value with spaces)")
        conditions.append((key, value))
    return McpPattern(server, tool if dot else None, tuple(conditions))


# -- matching ----------------------------------------------------------------------------------------------


def _fold_name(name: str) -> str:
    text = name.lower() if name.isascii() else unicodedata.normalize("NFKC", name).casefold()
    return text.replace("-", "").replace("_", "")


def _fold_value(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _scalar(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, (str, int, bool))


def _number(text: str) -> float | None:
    try:
        n = float(text)
    except ValueError:
        return None
    return n if math.isfinite(n) else None


# A name's words to the rules by meaning (deny, ask): what separates a server's name from its tool's where an
# aggregator or a client joins them (MetaMCP ``__``, LiteLLM ``-``, ``.``, ``/``, ``:``, Gemini CLI's ``_``) and
# blanks break words; characters that show nothing (Unicode's format class: zero-width, a byte-order mark)
# are dropped, after NFKC and case folding.
_NAME_BREAK = re.compile(r"[\s_\-./:]+")


_ASCII_BREAKS = str.maketrans("", "", "_-./: \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")


def _folded(name: str) -> str:
    if name.isascii():
        return name.lower()
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _name_words(name: str) -> list[str]:
    return [w for w in _NAME_BREAK.split(_folded(name)) if w]


def _loose_name(name: str) -> str:
    text = _folded(name)
    return text.translate(_ASCII_BREAKS) if text.isascii() else "".join(_NAME_BREAK.split(text))


# The tool name's first word and the separators after it; a tool's own words are joined by one ``_``, ``-`` or
# blank (``update_db_schema``), an aggregator's prefix is ended by another (``hub__db__…``, ``hub.db.…``) or is
# a hub's name (``mcp_db_…``, ``hub-db-…``: ``_hub_named``).
_FIRST_GAP = re.compile(r"[\s_\-./:]*([^\s_\-./:]+)([\s_\-./:]+)")
_WORD_JOINS = frozenset(("_", "-", " "))


class _Spelled:
    """A call's server and tool names as one run of words (``_name_words``, the server's first): ``text``
    the words joined, ``starts`` where each word begins in it, ``bounds`` those and its end, ``tool_at`` the
    index of the tool's first word. The words are read only when a pattern's server is in the text."""

    __slots__ = ("_bounds", "_server", "_starts", "_tool", "_tool_at", "prefixed", "text")

    def __init__(self, server: str, tool: str) -> None:
        self._server, self._tool = server, tool
        self.text = _loose_name(f"{server}_{tool}")  # (a break: the same as each name's, joined)
        self._starts: tuple[int, ...] = ()
        self._bounds: frozenset[int] = frozenset()
        self._tool_at = 0
        self.prefixed = False  # the tool's first word reads as an aggregator's prefix (``_names_call``)

    def _read(self) -> None:
        server_words = _name_words(self._server)
        words = server_words + _name_words(self._tool)
        places = tuple(accumulate(map(len, words), initial=0))
        self._starts, self._bounds, self._tool_at = places[:-1], frozenset(places), len(server_words)
        gap = _FIRST_GAP.match(_folded(self._tool))
        self.prefixed = gap is not None and (gap[2] not in _WORD_JOINS or _hub_named(gap[1]))

    @property
    def starts(self) -> tuple[int, ...]:
        if not self._bounds:
            self._read()
        return self._starts

    @property
    def bounds(self) -> frozenset[int]:
        if not self._bounds:
            self._read()
        return self._bounds

    @property
    def tool_at(self) -> int:
        if not self._bounds:
            self._read()
        return self._tool_at


def _names_call(s: str, t: str | None, name: _Spelled, i: int) -> bool:
    """Whether a deny/ask pattern of server ``s`` and tool ``t`` (None: every tool; both ``_loose_name``) names
    the call when the server's name starts at word ``i``. R4.10, red team: the same tool reached through
    another name is the same tool. The server is the call's server (with the first words of the tool, when a
    client split a server named ``my__github`` off at its first ``__``), or words inside the tool's name: an
    aggregator's prefix (``github__merge_pull_request``, ``mcp_github_…``, ``hub__github__…``,
    ``github_1mcp_…``). The tool is what follows it: all of it, the name after a separator, the end of the
    name when that is eight letters or more (as the caps read a name, ``_named``), or glued on
    (``githubMergePullRequest``)."""
    text, start = name.text, name.starts[i]
    end = start + len(s)
    if end >= len(text) or not text.startswith(s, start):
        return False
    if i == 0 and end < (name.starts[name.tool_at] if name.tool_at < len(name.starts) else len(text)):
        return False  # a part of the call's server name is another server
    if i != 0 and (i < name.tool_at or not s):
        return False
    whole_words = end in name.bounds
    if t is None:  # a whole server: its name as whole words, the call's own or an aggregator's prefix --
        # the tool's first words, or its next after a prefix that reads as one (``mcp_db_…``, ``hub-db-…``,
        # ``x__db__…``; not ``update_db_schema``)
        return whole_words and (i <= name.tool_at or (i == name.tool_at + 1 and name.prefixed))
    if len(text) - end == len(t) and text.endswith(t):
        return True
    cut = len(text) - len(t)
    return whole_words and cut >= end and text.endswith(t) and (cut in name.bounds or len(t) >= 8)


# The words a lenient server reads as a boolean (pydantic's, under the Python SDK's FastMCP): a deny or ask
# condition compares by what the server reads, so ``confirm: "yes"`` or ``1`` is ``confirm=true``.
_TRUE_WORDS = frozenset(("true", "1", "yes", "on", "t", "y"))
_FALSE_WORDS = frozenset(("false", "0", "no", "off", "f", "n"))


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return True if value == 1 else False if value == 0 else None
    word = _fold_value(value)
    return True if word in _TRUE_WORDS else False if word in _FALSE_WORDS else None


def _truthy(value: Any) -> bool:
    """JavaScript's reading of a scalar argument a server tests without a schema (``if (args.force)``)."""
    return value != "" if isinstance(value, str) else bool(value)


def _exactly(n: int | float | Fraction) -> set[Fraction]:
    """``n`` and the double nearest it: JavaScript and Go read a JSON number past 2**53 as that double."""
    out = {Fraction(n)}
    try:
        out.add(Fraction(float(n)))
    except OverflowError:
        pass
    return out


def _parsed(text: str) -> set[Fraction]:
    """The numbers a server's parser reads a whole string as: Python's ``int`` (``+7``, ``07``, ``7_0``, other
    scripts' digits) and ``int(text, 0)`` (``0x7``, ``0o7``, ``0b111``), ``float`` (``7.0``, ``1e1``), which
    JavaScript's ``Number`` reads alike."""
    out: set[Fraction] = set()
    for read in (int, lambda s: int(s, 0), float):
        try:
            n = read(text)
        except (ValueError, OverflowError):
            continue
        if not isinstance(n, float) or math.isfinite(n):
            out |= _exactly(n)
    return out


_JS_INT = re.compile(r"[+-]?(?:0[xX](?P<hex>[0-9a-fA-F]+)|(?P<dec>[0-9]+))")
_JS_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _value_numbers(value: Any) -> set[Fraction]:
    """Every number a server may read a scalar argument as (deny, ask): ``true`` is 1 (pydantic, JavaScript);
    a float also truncated (github-mcp-server's ``int(float64)``: ``pullNumber: 7.9`` is pull request 7); a
    string as a whole (``_parsed``; ``""`` is 0 to ``Number``) and by its leading number (``parseInt``:
    ``"7abc"``, ``"7.9"``, ``"0x7"`` are 7; ``parseFloat``: ``"1e1px"`` is 10)."""
    if isinstance(value, bool):
        return {Fraction(int(value))}
    if isinstance(value, int):
        return _exactly(value)
    if isinstance(value, float):
        return {Fraction(value), Fraction(math.trunc(value))} if math.isfinite(value) else set()
    text = unicodedata.normalize("NFKC", value).strip().strip("\ufeff").strip()
    if not text:
        return {Fraction(0)}
    out = _parsed(text)
    lead = _JS_INT.match(text)
    if lead:
        digits = lead["hex"] or lead["dec"]
        n = int(digits, 16 if lead["hex"] else 10) if len(digits) < 4000 else None
        if n is not None:
            out |= _exactly(-n if text.startswith("-") else n)
    lead = _JS_FLOAT.match(text)
    if lead and len(lead[0]) < 4000:
        x = float(lead[0])
        if math.isfinite(x):
            out |= {Fraction(x), Fraction(math.trunc(x))}
    return out | {Fraction(math.trunc(q)) for q in out if q.denominator != 1}


# An argument whose value a server reads as no scalar: a deny or ask condition on it holds (fail closed).
_OPAQUE = object()


def _decoded(value: Any, depth: int = 0) -> Any:
    """A string argument holding JSON, as a server that decodes it reads it: the Python SDK's FastMCP decodes a
    string holding an object or an array before validating a parameter that is not a string; a quoted string
    or ``null`` is read decoded too (deny, ask). Anything that is no scalar is :data:`_OPAQUE`."""
    if not _scalar(value):
        return _OPAQUE
    if not isinstance(value, str) or depth > 3:
        return value
    text = value.strip()
    if not text or (text[0] not in '"[{' and text != "null"):
        return value
    if len(text) > 65536:
        return _OPAQUE if text[0] in "[{" else value
    try:
        inner = json.loads(text)
    except ValueError:
        return value
    return _decoded(inner, depth + 1) if inner is not None else _OPAQUE


class _Wanted(NamedTuple):
    """A deny or ask condition as :func:`_means` compares with it, read once per rule set."""

    key: str  # the argument's name (_loose_name)
    text: str  # the value as written
    folded: str  # _fold_value
    said: bool | None  # the boolean it reads as (pydantic's words)
    numbers: frozenset[Fraction]  # the numbers it reads as (_parsed)


def _wanted(key: str, text: str) -> _Wanted:
    numbers = frozenset(_parsed(text.strip())) if text.strip() else frozenset()
    return _Wanted(_loose_name(key), text, _fold_value(text), _as_bool(text), numbers)


_DIGIT = re.compile(r"\d")


def _means(value: Any, wanted: _Wanted) -> bool:
    """Whether a server may read the argument ``value`` as a deny or ask condition's ``wanted``: never less
    than the exact value (R4.10). A string after NFKC, surrounding blanks and case; a boolean as pydantic reads
    it (``"yes"``, ``1``) or as JavaScript tests it (any non-empty string or non-zero number is true) when
    ``wanted`` is a word (``true``, not ``1``); a number by any reading of ``_value_numbers``."""
    decoded = _decoded(value)
    if decoded is _OPAQUE:
        return True
    for v in (value,) if decoded == value else (value, decoded):
        if isinstance(v, str) and _fold_value(v) == wanted.folded:
            return True
        said = wanted.said
        if said is not None and (_as_bool(v) is said or (not wanted.numbers and _truthy(v) is said)):
            return True
        if not wanted.numbers or (isinstance(v, str) and v.isascii() and v.strip() and not _DIGIT.search(v)):
            continue  # (an ASCII string without a digit reads as no number, but ""'s 0)
        if not _value_numbers(v).isdisjoint(wanted.numbers):
            return True
    return False


def _equal(value: Any, wanted: str) -> bool:
    """An allow condition: literal (R-MCP.1)."""
    if isinstance(value, bool):
        return wanted == ("true" if value else "false")
    if isinstance(value, (int, float)):
        n = _number(wanted)
        return n is not None and n == value
    return value == wanted


def _conditions_hold(p: McpPattern, arguments: Mapping[str, Any]) -> bool:
    """Whether the call's arguments meet each of ``p``'s conditions exactly (allow): each argument present,
    a scalar, and equal to the value."""
    for key, wanted in p.conditions:
        value = arguments.get(key, _OPAQUE)
        if value is _OPAQUE or not _scalar(value) or not _equal(value, wanted):
            return False
    return True


def _conditions_meant(conditions: tuple[_Wanted, ...], arguments: Mapping[str, Any]) -> bool:
    """Whether the call's arguments meet each of a deny or ask pattern's conditions by meaning: a condition
    holds when any spelling of its key (case, ``-``, ``_``) holds a value a server reads as the wanted one -- a
    server may read any one of them -- and when no argument is spelled so or one is not a scalar (fail closed:
    what the call does is not readable from it)."""
    if not conditions:
        return True
    keys = [(_loose_name(k), v) for k, v in arguments.items() if isinstance(k, str)]
    for wanted in conditions:
        values = [v for k, v in keys if k == wanted.key]
        if values and not any(_means(v, wanted) for v in values):
            return False
    return True


def _call(payload: Mapping[str, Any] | None) -> tuple[str, str, Mapping[str, Any]]:
    payload = payload or {}
    server, tool, arguments = payload.get("server"), payload.get("tool"), payload.get("arguments")
    return (
        server if isinstance(server, str) else "",
        tool if isinstance(tool, str) else "",
        arguments if isinstance(arguments, Mapping) else {},
    )


# red team (R4.10): a hub's caller tool -- one tool that calls another server's tool named in its arguments:
# mcphub.nvim's and Cline's use_mcp_tool {server_name, tool_name, arguments}, Cherry Studio's hub invoke
# {name, params}, the tool hubs' call_tool / execute_tool {server, tool, arguments}. The call it makes is a call
# too: the deny and ask rules, the caps and the command-line reading see it (the allow stays the call's own).
# Matched as CAPPED_TOOLS is (_named), and only when its arguments name a tool (AWS Lambda's invoke does not).
_CALLER_TOOLS: dict[str, str] = {
    _fold_name(n): "call"
    for n in (
        "use_mcp_tool",
        "call_mcp_tool",
        "call_tool",
        "use_tool",
        "invoke",
        "invoke_tool",
        "execute_tool",
        "execute",  # tool-hub-mcp's hub_execute {server, tool, arguments}
        "run_tool",
        "tool_call",
        "call_remote_tool",
        "proxy_call",
    )
}
_CALLER_ENDS = tuple(_CALLER_TOOLS)
_INNER_SERVER = frozenset(_fold_name(n) for n in ("server_name", "server", "mcp_server", "server_id"))
_INNER_TOOL = frozenset(_fold_name(n) for n in ("tool_name", "tool", "name", "tool_id"))
_INNER_ARGUMENTS = frozenset(
    _fold_name(n) for n in ("arguments", "args", "tool_args", "params", "parameters", "input", "tool_input")
)
_MOST_CALLS = 32  # readings of one call through hubs (each spelling of each part); more: a person decides

_Call = tuple[str, str, Mapping[str, Any]]


def _no_calls_made(tool: str) -> bool:
    """Whether ``tool`` is no caller tool: each name ``_named`` reads ends the folded name (the cheap test)."""
    return not _fold_name(tool).endswith(_CALLER_ENDS)


def _inner(server: str, tool: str, arguments: Mapping[str, Any]) -> tuple[list[_Call], str]:
    """The calls a caller tool's call makes: each spelling of the tool's name with each of the server's (the
    hub's own when none) and of the arguments (a mapping, or a string holding one; and the rest of the hub's
    arguments, which a hub may read flat); ([], "") for a call of no caller tool, or ([], why)."""
    if _no_calls_made(tool) or _named(tool, _CALLER_TOOLS) is None:
        return [], ""
    parts: dict[frozenset[str], list[Any]] = {_INNER_SERVER: [], _INNER_TOOL: [], _INNER_ARGUMENTS: []}
    for k, v in arguments.items():
        folded = _fold_name(k) if isinstance(k, str) else ""
        for names, found in parts.items():
            if folded in names:
                found.append(v)
    tools, servers, given = parts[_INNER_TOOL], parts[_INNER_SERVER], parts[_INNER_ARGUMENTS]
    if not tools:
        return [], ""  # a tool that names no other tool: an ordinary one
    name = f"{server}.{tool}"
    if not all(isinstance(t, str) and t for t in tools) or not all(isinstance(s, str) for s in servers):
        return [], f"{name} calls a tool Brabo cannot read from its arguments"
    meta = _INNER_SERVER | _INNER_TOOL | _INNER_ARGUMENTS
    rest = {k: v for k, v in arguments.items() if not (isinstance(k, str) and _fold_name(k) in meta)}
    inner_arguments: list[Mapping[str, Any]] = []
    for a in [*given, rest] if rest or not given else given:  # (the rest too: a hub may read them flat)
        if isinstance(a, str) and len(a) <= 65536:
            try:
                a = json.loads(a)
            except ValueError:
                pass
        if not isinstance(a, Mapping):
            return [], f"{name} calls a tool with arguments Brabo cannot read"
        inner_arguments.append(a)
    return [(s, t, a) for s in servers or [server] for t in tools for a in inner_arguments], ""


def _calls(payload: Mapping[str, Any] | None) -> tuple[list[_Call], str]:
    """A call and each call it makes through a hub's caller tool (``_inner``), the call itself first, and why
    a call it makes cannot be read ("" when it can)."""
    first = _call(payload)
    if _no_calls_made(first[1]):
        return [first], ""
    out, todo = [first], [first]
    while todo:
        made, why = _inner(*todo.pop())
        if why:
            return out, why
        if len(out) + len(made) > _MOST_CALLS:
            return out, f"{first[0]}.{first[1]} calls more tools than Brabo reads"
        out += made
        todo += made
    return out, ""


_ALL = McpPattern("", None)  # McpCall(): every call (deny / ask only)


class _Entry(NamedTuple):
    at: int  # the pattern's place in its list: the first that names the call is the one reported
    text: str
    pattern: McpPattern
    tool: str | None  # the pattern's tool as the rules by meaning read it (_loose_name), None: every tool
    wanted: tuple[_Wanted, ...] = ()  # its conditions as the rules by meaning read them (deny, ask)


class _Index(NamedTuple):
    by_server: dict[str, list[_Entry]]  # by the server as written (allow) or by meaning (deny, ask)
    lengths: tuple[int, ...]  # the lengths of by_server's keys (deny, ask)
    every: str | None  # McpCall() (deny / ask only)
    anywhere: re.Pattern[str] | None  # any key of by_server (deny, ask): a call holding none is named by none
    # (deny, ask) the patterns whose names name a call's (server, tool), first first: agents repeat their calls
    named: Memo[tuple[str, str], tuple[_Entry, ...]] | None
    glued: tuple[tuple[str, _Entry], ...]  # (server + tool read by meaning, pattern) when 12 letters or more
    by_tool: dict[str, list[_Entry]]  # (deny, ask) the patterns naming one tool, by the tool read by meaning


_INDEX: dict[tuple[int, bool], tuple[tuple[str, ...], _Index]] = {}


def _index(texts: tuple[str, ...], loose: bool) -> _Index:
    """The Mcp patterns of one list, by server (read by meaning when ``loose``), built once per list object."""
    hit = _INDEX.get((id(texts), loose))
    if hit is not None and hit[0] is texts:
        return hit[1]
    by_server: dict[str, list[_Entry]] = {}
    every = None
    for at, text in enumerate(texts):
        s = text.strip()
        if loose and s.startswith("McpCall(") and s.endswith(")") and not s[8:-1].strip():
            every = text if every is None else every  # the label names every MCP call (deny / ask only)
            continue
        if not (s.startswith(LABEL + "(") and s.endswith(")")):
            continue
        try:
            p = parse_mcp(s[len(LABEL) + 1 : -1])
        except McpPatternError:
            continue  # the file's lint names it; an unreadable pattern never matches
        if loose:
            tool = None if p.tool is None else _loose_name(p.tool)
            wanted = tuple(_wanted(k, v) for k, v in p.conditions)
            by_server.setdefault(_loose_name(p.server), []).append(_Entry(at, text, p, tool, wanted))
        else:
            by_server.setdefault(p.server, []).append(_Entry(at, text, p, p.tool))
    keys = sorted(by_server, key=len, reverse=True)
    anywhere = re.compile("|".join(map(re.escape, keys))) if loose and by_server else None
    named: Memo[tuple[str, str], tuple[_Entry, ...]] | None = Memo(1024) if anywhere else None
    glued = tuple(
        (server + e.tool, e)
        for server, es in by_server.items()
        for e in es
        if loose and e.tool is not None and len(server + e.tool) >= _GLUED
    )
    by_tool: dict[str, list[_Entry]] = {}
    for e in sorted((e for es in by_server.values() for e in es if loose and e.tool), key=lambda e: e.at):
        by_tool.setdefault(e.tool or "", []).append(e)
    lengths = tuple(sorted({len(k) for k in by_server}))
    index = _Index(by_server, lengths, every, anywhere, named, glued, by_tool)
    if len(_INDEX) >= 192:
        _INDEX.clear()
    _INDEX[(id(texts), loose)] = (texts, index)  # holding texts keeps its id from being reused
    return index


def _first_literal(texts, server: str, tool: str, arguments: Mapping[str, Any]) -> str | None:
    index = _index(texts if isinstance(texts, tuple) else tuple(texts), False)
    for e in index.by_server.get(server, ()):
        if (e.tool is None or e.tool == tool) and _conditions_hold(e.pattern, arguments):
            return e.text
    return None


# A pattern's server and tool names glued together end the call's name in the middle of a word
# (``hubGithubMergePullRequest``): read so when that is twelve letters or more -- shorter, another server's
# name ending in the pattern's (``mongodb.query`` for ``Mcp(db.query)``) would be read as it.
_GLUED = 12


def _first_meant(index: _Index, server: str, tool: str, arguments: Mapping[str, Any]) -> str | None:
    if index.every is not None:
        return index.every
    if index.named is None:
        return None
    entries = index.named.get((server, tool))
    if entries is None:
        entries = index.named.keep((server, tool), _named_by(index, _Spelled(server, tool)))
    return next((e.text for e in entries if _conditions_meant(e.wanted, arguments)), None)


def _named_by(index: _Index, name: _Spelled) -> tuple[_Entry, ...]:
    """The patterns of a deny or ask list whose server and tool name the call's (``_names_call``), first first."""
    if index.anywhere is None or index.anywhere.search(name.text) is None:
        return ()  # no pattern's server is in the call's name (the cheap test)
    found: dict[int, _Entry] = {}
    for i, start in enumerate(name.starts):
        if i != 0 and i < name.tool_at:
            continue
        for n in index.lengths:
            server = name.text[start : start + n]
            for e in index.by_server.get(server, ()):
                if e.at not in found and _names_call(server, e.tool, name, i):
                    found[e.at] = e
    for text, e in index.glued:  # the server's and the tool's names glued on at the name's end, in any word
        if e.at not in found and name.text.endswith(text):
            found[e.at] = e
    return tuple(found[at] for at in sorted(found))


def rules_opinion(
    allow: tuple[str, ...], deny: tuple[str, ...], ask: tuple[str, ...], payload: Mapping[str, Any] | None
) -> tuple[str, str, str] | None:
    """SPEC §5 step 4 for an ``mcp_call``: (decision, reason, pattern) of the first deny, else ask, else allow
    pattern that names the call; None when no pattern speaks (the default stays: a person decides). Deny and
    ask read the call and each call it makes through a hub's caller tool (``_calls``); a call among them whose
    server cannot be told, of a tool a deny or ask pattern names, waits for a person (``_untold_hit``)."""
    server, tool, arguments = _call(payload)
    if not server or not tool:
        return None
    denies = _index(deny if isinstance(deny, tuple) else tuple(deny), True)
    asks = _index(ask if isinstance(ask, tuple) else tuple(ask), True)
    if denies.anywhere or asks.anywhere or denies.every or asks.every:
        made = _calls(payload)[0] if not _no_calls_made(tool) else [(server, tool, arguments)]
        for index, said, reason in ((denies, "deny", "deny_rule"), (asks, "require_approval", "ask_rule")):
            for s, t, a in made:
                hit = _first_meant(index, s, t, a)
                if hit is not None:
                    return said, reason, hit
        untold = _untold_hit(denies, asks, made)
        if untold is not None:
            return "require_approval", "unparseable", untold
    hit = _first_literal(allow, server, tool, arguments)
    if hit is not None:
        return "auto_approve", "allow_rule", hit
    return None


# red team (R-MCP.2): a server whose name says it serves other servers' tools under their own names -- a hub,
# proxy, gateway, router or aggregator configured without prefixes (Docker's MCP gateway, ``MCP_DOCKER``;
# ToolHive, 1MCP, MetaMCP): the server of its call cannot be told. Words of the name, ``mcp`` taken out of each
# (``mcphub``, ``mcp-proxy``), or the whole of a word (the products); a name of only ``mcp``/``server`` words.
_HUB_WORDS = frozenset(
    (
        "hub",
        "hubs",
        "proxy",
        "gateway",
        "aggregator",
        "router",
        "mux",
        "multiplexer",
        "relay",
        "broker",
        "docker",
    )
)
_HUB_PRODUCTS = frozenset(("1mcp", "metamcp", "vmcp", "mcpx", "toolhive", "magg", "mcpjungle", "pluggedin"))
_NO_NAME = frozenset(("", "server", "servers"))


def _hub_named(server: str) -> bool:
    """Whether ``server``'s name says it is a hub of other servers' tools (``_HUB_WORDS``)."""
    words = _name_words(server)
    stripped = [w.replace("mcp", "") for w in words]
    return (
        any(w in _HUB_PRODUCTS for w in words)
        or any(w in _HUB_WORDS for w in stripped)
        or all(w in _NO_NAME for w in stripped)
    )


def _server_untold(made: list[_Call], j: int) -> bool:
    """Whether call ``j`` of ``made`` (``_calls``) does not say which server's tool it is: its server's name is
    a hub's (``_hub_named``), or it is a caller tool's call that named no server (so the caller's own)."""
    server = made[j][0]
    if _hub_named(server):
        return True
    return any(s == server and not _no_calls_made(t) for s, t, _ in made[:j])


def _untold_hit(denies: _Index, asks: _Index, made: list[_Call]) -> str | None:
    """R-MCP.2, fail closed: why a call whose server cannot be told (``_server_untold``) waits for a person --
    a deny or ask pattern names its tool, by meaning and as its whole name, on some server, and the pattern's
    conditions hold -- or None. Not a deny: ``Mcp(db.query)`` is no rule on another server's ``query``."""
    for j, (server, tool, arguments) in enumerate(made):
        looked = _loose_name(tool)
        if not (denies.by_tool.get(looked) or asks.by_tool.get(looked)) or not _server_untold(made, j):
            continue
        for index, kind in ((denies, "deny"), (asks, "ask")):
            for e in index.by_tool.get(looked, ()):
                if _conditions_meant(e.wanted, arguments):
                    return (
                        f"{server}.{tool} does not say which server's tool it calls, and the {kind} rule "
                        f"{e.text} names that tool"
                    )
    return None


# -- caps (SPEC §5 step 6) -------------------------------------------------------------------------------

MERGE, RETARGET, PR_OPEN, PUSH, BRANCH_CREATE, REPO_DELETE, FS_WRITE, FS_READ = (
    "merge",
    "retarget",
    "pr_open",
    "push",
    "branch_create",
    "repo_delete",
    "fs_write",
    "fs_read",
)

# Tool name (folded: case, - and _ ignored) -> the act Brabo caps. Sources: github/github-mcp-server's
# pull-request and repository toolsets; @modelcontextprotocol/server-gitlab and zereight/gitlab-mcp;
# @modelcontextprotocol/server-filesystem.
CAPPED_TOOLS: dict[str, str] = {
    _fold_name(name): act
    for act, names in (
        (MERGE, ("merge_pull_request", "merge_merge_request", "accept_merge_request")),
        # A pull request's base changed to a protected branch: its later merge goes there -- and a merge already
        # decided on the base Brabo read could land there if the change races it (R1.5).
        (RETARGET, ("update_pull_request", "update_merge_request")),
        (PR_OPEN, ("create_pull_request", "create_merge_request")),
        (
            PUSH,
            (
                "push_files",
                "create_or_update_file",
                "delete_file",
                "update_pull_request_branch",
                "create_commit",
            ),
        ),
        (BRANCH_CREATE, ("create_branch",)),
        (REPO_DELETE, ("delete_repository", "delete_repo", "delete_project")),
        (FS_WRITE, ("write_file", "edit_file", "move_file", "create_directory")),
        # SPEC §5 (agent): a filesystem server's read outside the project is the agents' Read outside it -- on a
        # laptop, the user's credentials (a server given the home folder, or a server of another make).
        (
            FS_READ,
            (
                "read_file",
                "read_text_file",
                "read_media_file",
                "read_multiple_files",
                "list_directory",
                "list_directory_with_sizes",
                "directory_tree",
                "search_files",
                "get_file_info",
            ),
        ),
    )
    for name in names
}
# A pull request's new base, as the servers' update tools name it. Their merge tools take none (github/
# github-mcp-server pkg/github/pullrequests.go MergePullRequest: owner, repo, pullNumber, commit_title,
# commit_message, merge_method; GitLab's: the project and the merge request's iid) and merge into the pull
# request's base: Brabo reads it from the code host before deciding (actions.mcp_merges writes it under
# LOOKED_UP_BASE), and a merge whose base it could not read is capped as one into a protected branch. A base
# argument in a merge's call is the server's to ignore, so never Brabo's to believe (red team).
_TARGET_ARGS = ("base", "target_branch", "targetBranch", "target")
# The payload key Brabo writes the looked-up base under: ``{"branch": NAME}`` or ``{"error": WHY}``. Brabo's
# alone -- whatever a proposer sends under it is dropped before the look-up (actions.mcp_merges).
LOOKED_UP_BASE = "looked_up_base"
# Servers whose merge tool Brabo can read the base of: GitHub's, with (owner, repo, pull number) arguments.
_LOOKUP_ARGS = {"github": (("owner",), ("repo",), ("pullNumber", "pull_number"))}
_BRANCH_ARGS = ("branch", "branch_name", "new_branch")
_FS_PATH_ARGS = ("path", "source", "destination", "paths")
# The well-known code-hosting servers' tools that only read (github/github-mcp-server, the GitLab servers):
# autonomy may auto-approve these on a server configured under that name; any other tool of any server waits
# for a person unless an allow rule names it (item 2).
_KNOWN_READS: dict[str, frozenset[str]] = {
    "github": frozenset(
        _fold_name(n)
        for n in (
            "get_me",
            "get_file_contents",
            "get_issue",
            "get_issue_comments",
            "get_pull_request",
            "get_pull_request_diff",
            "get_pull_request_files",
            "get_pull_request_status",
            "get_pull_request_comments",
            "get_pull_request_reviews",
            "get_commit",
            "list_branches",
            "list_commits",
            "list_issues",
            "list_pull_requests",
            "list_tags",
            "search_code",
            "search_issues",
            "search_repositories",
            "search_users",
        )
    ),
    "gitlab": frozenset(
        _fold_name(n)
        for n in (
            "get_file_contents",
            "get_project",
            "get_merge_request",
            "get_merge_request_diffs",
            "get_issue",
            "list_issues",
            "list_merge_requests",
            "list_projects",
            "search_repositories",
        )
    ),
}


_SEPARATORS = frozenset("_-./:")


def _act(tool: str) -> str | None:
    """The act CAPPED_TOOLS names for ``tool``: its whole name's, else that of its name after a separator --
    an aggregator serves another server's tools under a prefix (MetaMCP ``github__merge_pull_request``,
    LiteLLM ``github-merge_pull_request``, ``github.push_files``), and Claude Code splits a server named
    ``my__github`` off at its first ``__``: a prefix does not hide a capped tool (red team)."""
    return _named(tool, CAPPED_TOOLS)


def _named(tool: str, table: Mapping[str, str]) -> str | None:
    """``table``'s entry for the tool's folded name, for its name after a separator, or for the end of its
    folded name when that is a name of eight letters or more (red team: a prefix glued on in camel case,
    ``githubMergePullRequest``)."""
    folded = _fold_name(tool)
    act = table.get(folded)
    cuts = (i for i, ch in enumerate(tool) if ch in _SEPARATORS)
    while act is None and (i := next(cuts, None)) is not None:
        act = table.get(_fold_name(tool[i + 1 :]))
    for k in range(1, len(folded) - 7):
        if act is not None:
            break
        act = table.get(folded[k:])
    return act


def _shell_tool(tool: str) -> bool:
    return _named(tool, _SHELL_TOOLS) is not None


def _every(arguments: Mapping[str, Any], names: Iterable[str]) -> list[Any]:
    """The values of every one of ``names`` the call holds."""
    return [arguments[n] for n in names if n in arguments]


def _arg(arguments: Mapping[str, Any], names: Iterable[str]) -> Any:
    for n in names:
        if n in arguments:
            return arguments[n]
    return None


def _outside(path: Any, root: str) -> bool:
    if not isinstance(path, str) or not path or "\x00" in path:
        return True
    if path.startswith("~"):
        return True  # @modelcontextprotocol/server-filesystem expands `~` to the home folder (expandHome)
    if not posixpath.isabs(path):
        if not root:
            return True
        path = posixpath.join(root, path)
    if not root or not posixpath.isabs(root) or posixpath.normpath(root) == "/":
        return True  # no root, or the whole machine as one: every path is outside the project
    root = posixpath.normpath(root)
    full = posixpath.normpath(path)
    return not (full == root or full.startswith(root.rstrip("/") + "/"))


def _protected_write(paths: list[Any], root: str) -> str | None:
    """R3.7 for a filesystem server's write, move or new folder (every path already inside ``root``): why one
    of its paths is, or holds, a file that decides what runs later (``.claude/settings.local.json``, a moved
    ``.claude`` or ``.github``), or None."""
    base = posixpath.normpath(root)
    for path in paths:
        full = posixpath.normpath(posixpath.join(base, path))
        rel = full[len(base) :].lstrip("/") or "."
        hit = protected_file(rel)
        if hit is not None:
            return f"writes {hit.shown}, {hit.what}, which decides what runs later"
        parts = [c for c in rel.split("/") if c not in ("", ".")]
        if contains_protected(parts) or not parts:
            return "changes a folder that holds the files that decide what runs later"
    return None


def _protected(branch: str, protected: tuple[str, ...]) -> bool:
    """Git's reading of the name (``refs/heads/main``, ``origin/main``), and case-insensitively: a code host's
    branch argument is not a local ref, and GitLab/GitHub match protection rules as they see fit."""
    folded = tuple(p.casefold() for p in protected)
    return names_protected_branch(branch, protected) or names_protected_branch(branch.casefold(), folded)


def cap(
    payload: Mapping[str, Any] | None, protected: tuple[str, ...], reason_so_far: str
) -> tuple[str, str] | None:
    """SPEC §5 step 6 for an auto-approved ``mcp_call``: (cap reason, detail) that keeps it for a person, or
    None. ``reason_so_far`` is the step that auto-approved it: only an allow rule naming the tool may approve a
    tool outside the known read-only ones (item 2: never autonomy, a hook or a floor alone)."""
    server, tool, arguments = _call(payload)
    if not server or not tool:
        return "default", "the call names no server or tool"
    made, unreadable = ([(server, tool, arguments)], "") if _no_calls_made(tool) else _calls(payload)
    for call in made:  # the call and each it makes through a hub (red team)
        capped = _act_cap(call, payload, protected)
        if capped is not None:
            return capped
    if reason_so_far != "allow_rule" and _fold_name(tool) not in _KNOWN_READS.get(_fold_name(server), ()):
        return "default", f"no allow rule names the MCP tool {server}.{tool}"
    if unreadable:
        return "default", unreadable
    return None


def _act_cap(
    call: _Call, payload: Mapping[str, Any] | None, protected: tuple[str, ...]
) -> tuple[str, str] | None:
    """The cap on one call's act (CAPPED_TOOLS), or None."""
    server, tool, arguments = call
    act = _act(tool)
    if act == MERGE:
        target = merge_target(payload)
        if not isinstance(target, str):
            return "cap_protected_merge", f"{server}.{tool}: {target[1]}"
        if _protected(target, protected):
            return "cap_protected_merge", f"{target} (its pull request's base on the code host)"
    elif act == RETARGET:
        for target in _every(arguments, _TARGET_ARGS):  # each spelling: a server reads its own (red team)
            if not isinstance(target, str) or _protected(target, protected):
                return "cap_protected_merge", f"{server}.{tool} makes {target!r} its pull request's base"
    elif act in (PR_OPEN, PUSH):
        return "cap_typed_push", f"{server}.{tool}"
    elif act == BRANCH_CREATE:
        branches = _every(arguments, _BRANCH_ARGS)  # each spelling: a server reads its own (red team)
        bad = [b for b in branches if not isinstance(b, str) or _protected(b, protected)]
        if bad or not branches:
            return "cap_typed_push", f"{server}.{tool} creates {(bad or [None])[0]!r}"
    elif act == REPO_DELETE:
        return "cap_external_effect", f"{server}.{tool}"
    elif act in (FS_WRITE, FS_READ):
        return _filesystem_cap(act, f"{server}.{tool}", arguments, payload)
    return None


def _filesystem_cap(
    act: str, name: str, arguments: Mapping[str, Any], payload: Mapping[str, Any] | None
) -> tuple[str, str] | None:
    """A filesystem server's write (FS_WRITE) or read (FS_READ) off the project folder, or a write to a file
    that decides what runs later (R3.7)."""
    root = (payload or {}).get("agent_root")
    root = root if isinstance(root, str) else ""
    paths = [arguments.get(k) for k in _FS_PATH_ARGS if k in arguments]
    flat = [q for p in paths for q in (p if isinstance(p, list) else [p])]
    if act == FS_READ:
        if any(_outside(p, root) for p in flat):  # (a tool of that name naming no path reads no file)
            return "cap_path_scope", f"{name} reads outside the project folder"
        return None
    if not flat or any(_outside(p, root) for p in flat):
        return "cap_path_scope", f"{name} writes outside the project folder"
    why = _protected_write(flat, root)
    if why is not None:
        # R3.7, red team: an allow naming the server or the tool is no allow for that path; a person
        # approves each such write, as for the typed write_file.
        return "unparseable", f"{name} {why}; a person approves each such write"
    return None


# red team (SPEC §5, R4.10): the tools that run a command line on the agent's machine -- Desktop Commander's
# start_process and interact_with_process (input to a shell it started), the shell servers' run_command,
# execute_command and shell_exec, iTerm's write_to_terminal, tmux's send_keys. An allow of the server or the
# tool is no allow of the command: the command is judged as the agents' shell tool's is (the rules, the caps,
# the floor, the path scope), and the call is auto-approved only when both are. Matched as CAPPED_TOOLS is
# (_named): the whole name, the name after a separator (an aggregator's prefix), the end of the name.
_SHELL_TOOLS: dict[str, str] = {
    _fold_name(n): "shell"
    for n in (
        "run_command",
        "execute_command",
        "exec_command",
        "run_shell_command",
        "shell_command",
        "run_shell",
        "execute_shell",
        "shell_exec",
        "shell_execute",
        "run_terminal_command",
        "run_terminal_cmd",
        "run_in_terminal",
        "start_process",
        "interact_with_process",
        "write_to_terminal",
        "send_keys",
        "run_script",
        "execute_script",
        "shell",
        "bash",
        "exec",
        "execute",
        "terminal",
        "powershell",
    )
}
_COMMAND_ARGS = ("command", "cmd", "command_line", "commandLine", "script", "input", "keys")
_ARGV_ARGS = ("args", "argv", "arguments")
_CWD_ARGS = ("cwd", "workingDirectory", "working_directory", "working_dir", "workdir", "directory")


class ShellRun(NamedTuple):
    """What a shell-running MCP tool's call (``name``, server.tool) runs: its command line (None when the call
    does not say it readably: ``why`` says so) and the folder it runs in, relative to the project's (``""``:
    the project's)."""

    name: str
    command: str | None
    cwd: str = ""
    why: str = ""


def shell_run(payload: Mapping[str, Any] | None) -> ShellRun | None:
    """The command line a shell-running MCP tool's call runs (``_SHELL_TOOLS``), or None for any other tool."""
    first = _call(payload)
    if _no_calls_made(first[1]):
        if not _shell_tool(first[1]):
            return None
        calls = [first]
    else:
        calls = _calls(payload)[0]
    server, tool, arguments = next(
        ((s, t, a) for s, t, a0 in calls if (a := _shell_arguments(s, t, a0)) is not None), ("", "", {})
    )
    if not tool:
        return None
    name = (
        f"{server}.{tool}"
        if (server, tool) == calls[0][:2]
        else f"{calls[0][0]}.{calls[0][1]} → {server}.{tool}"
    )
    texts = _every(arguments, _COMMAND_ARGS)
    if len(texts) != 1 or not isinstance(texts[0], str) or not texts[0].strip():
        return ShellRun(name, None, why=f"{name} runs a command line Brabo cannot read from its arguments")
    command = texts[0]
    argv = _every(arguments, _ARGV_ARGS)
    if argv:
        if len(argv) > 1 or not isinstance(argv[0], list) or not all(isinstance(a, str) for a in argv[0]):
            return ShellRun(name, None, why=f"{name} runs a command whose arguments Brabo cannot read")
        command = shlex.join([command, *argv[0]]) if argv[0] else command
    cwds = _every(arguments, _CWD_ARGS)
    if not cwds:
        return ShellRun(name, command)
    root = (payload or {}).get("agent_root")
    root = root if isinstance(root, str) else ""
    if len(cwds) > 1 or _outside(cwds[0], root):
        return ShellRun(name, None, why=f"{name} runs a command in a folder outside the project")
    full = posixpath.normpath(posixpath.join(root, cwds[0]))
    return ShellRun(name, command, full[len(posixpath.normpath(root)) :].lstrip("/"))


def _shell_arguments(server: str, tool: str, arguments: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The arguments of a shell-running tool's call (``_SHELL_TOOLS``), or None for another tool's. A caller
    tool's call that names another tool (tool-hub-mcp's ``hub_execute``: its name ends as ``execute`` does) is
    the hub's, not a shell's -- unless a command line stands beside the call it names: then that is read as
    one, without the arguments that name the call (fail closed: a hub may run either). One whose call cannot
    be read is read as a shell's too."""
    if not _shell_tool(tool):
        return None
    made = _inner(server, tool, arguments)[0]
    if not made:  # no call named, or one Brabo cannot read: a shell's (fail closed)
        return arguments
    meta = _INNER_SERVER | _INNER_TOOL | _INNER_ARGUMENTS
    rest = {k: v for k, v in arguments.items() if not (isinstance(k, str) and _fold_name(k) in meta)}
    return rest if any(k in rest for k in _COMMAND_ARGS) else None


def merge_lookup(payload: Mapping[str, Any] | None) -> tuple[str, str, str, int] | None:
    """(server kind, owner, repo, pull number) of a merge tool's call, for a server whose PRs Brabo can read
    (``_LOOKUP_ARGS``); None when there is nothing to look up (not a merge, or the arguments do not say which
    PR -- then the cap keeps it for a person). A call naming its PR under two spellings (``pullNumber`` for
    github-mcp-server, ``pull_number`` for the older reference server) that disagree does not say which.
    A merge a hub's caller tool makes (``_calls``) is looked up alike, when every merge the call may make is
    the same pull request of such a server; any other reading (two pull requests, a call Brabo cannot read)
    looks up none."""
    first = _call(payload)
    if _no_calls_made(first[1]):
        return _merge_lookup_one(first)
    made, unreadable = _calls(payload)
    merges = {_merge_lookup_one(c) for c in made if _act(c[1]) == MERGE}
    if unreadable or len(merges) != 1:
        return None
    return merges.pop()


def _merge_lookup_one(call: _Call) -> tuple[str, str, str, int] | None:
    server, tool, arguments = call
    kind = _fold_name(server)
    if _act(tool) != MERGE or kind not in _LOOKUP_ARGS:
        return None
    owner_keys, repo_keys, number_keys = _LOOKUP_ARGS[kind]
    if len({repr(arguments[k]) for k in number_keys if k in arguments}) > 1:
        return None
    owner, repo, number = (_arg(arguments, k) for k in (owner_keys, repo_keys, number_keys))
    if isinstance(number, str) and number.isascii() and number.isdigit():
        number = int(number)
    if not (isinstance(owner, str) and isinstance(repo, str) and type(number) is int and number > 0):
        return None
    if not all(_REPO_PART.fullmatch(p) for p in (owner, repo)):
        return None
    return kind, owner, repo, number


_REPO_PART = re.compile(r"[A-Za-z0-9_.-]{1,100}")


def merge_target(payload: Mapping[str, Any] | None) -> str | tuple[None, str]:
    """The branch a merge tool's call merges into: the base Brabo read from the code host (LOOKED_UP_BASE);
    (None, why) when it is not known -- which the cap treats as protected. Never a base argument of the call:
    the servers' merge tools take none, and merge into the pull request's base whatever the call says."""
    looked = (payload or {}).get(LOOKED_UP_BASE)
    if isinstance(looked, Mapping) and isinstance(looked.get("branch"), str):
        return looked["branch"]
    if isinstance(looked, Mapping) and isinstance(looked.get("error"), str):
        return None, f"names no base branch and Brabo could not read the pull request's: {looked['error']}"
    return None, "its pull request's base is not known (Brabo reads GitHub's, by owner, repo and pullNumber)"


def describe(payload: Mapping[str, Any] | None) -> str:
    """The call in plain words for people: ``github.merge_pull_request with owner=acme, pullNumber=7``."""
    server, tool, arguments = _call(payload)
    parts = []
    for k, v in arguments.items():
        shown = v if _scalar(v) else ("{…}" if isinstance(v, Mapping) else "[…]")
        text = str(shown).lower() if isinstance(shown, bool) else str(shown)
        parts.append(f"{k}={text[:80]}{'…' if len(text) > 80 else ''}")
    args = f" with {', '.join(parts)}" if parts else " with no arguments"
    looked = (payload or {}).get(LOOKED_UP_BASE)
    if isinstance(looked, Mapping) and isinstance(looked.get("branch"), str):
        args += f" (its pull request's base, read from the code host: {looked['branch'][:80]})"
    elif isinstance(looked, Mapping):
        args += " (its pull request's base could not be read from the code host)"
    return f"MCP tool {tool or '?'} of server {server or '?'}{args}"


def external_effect(req: Any) -> bool:
    """Whether a decision request is an ``mcp_call`` with an external effect (a code host's merge, push, pull
    request, branch or deletion tool): what policy hooks are told as ``external`` (R11), as for git_push."""
    if req.action_type != "mcp_call":
        return False
    acts = (MERGE, RETARGET, PR_OPEN, PUSH, BRANCH_CREATE, REPO_DELETE)
    return any(_act(tool) in acts for _, tool, _ in _calls(req.payload)[0])


def always_capped(content: str) -> bool:
    """Whether an allow ``Mcp(content)`` can never auto-approve: its tool is a push, a pull request or a
    repository deletion, which step 6 always sends to a person (the lint says so)."""
    try:
        p = parse_mcp(content)
    except McpPatternError:
        return False
    return p.tool is not None and _act(p.tool) in (PR_OPEN, PUSH, REPO_DELETE)


def always_allow_rule(payload: Mapping[str, Any] | None) -> tuple[str | None, str]:
    """Item 4: the rule "Always allow" writes for this call -- ``Mcp(server.tool)`` -- or (None, why) when it
    must not: a capped tool is never allowed without its arguments, nor a hub's tool that calls others, and a
    whole server never."""
    server, tool, arguments = _call(payload)
    if check_name("server", server) or check_name("tool", tool):
        return None, "the call's server or tool name cannot be written as a rule"
    if _act(tool) is not None:
        return None, (
            f"{server}.{tool} is a capped act (a merge, push, pull request, branch, deletion or file write); "
            "an argument-free rule for it is not written — a person decides each call."
        )
    if any(_inner(server, tool, arguments)):
        return None, (
            f"{server}.{tool} calls other servers' tools; an argument-free rule for it would allow each of "
            "them, so it is not written — a person decides each call."
        )
    return f"{LABEL}({server}.{tool})", ""
