"""JSON for the command hook's hot path, without importing the ``json`` package (R12.6: the hook answers before the agent's own timeout).

``brabo hook`` is a new process on every tool call of an agent, and ``import json`` brings ``re`` (with
``enum``, ``functools``, ``collections`` …) — more than the process's whole decision costs. The ``json``
package's own C helpers (``_json``: its scanner and its string encoder) need none of that, so ``loads`` and
``dumps`` here drive them directly, with the exact settings of ``json.loads(data)`` / ``json.dumps(obj)``.

Only the ordinary case takes this path: UTF-8 input, plain ``dict``/``list``/``str``/``int``/``float``/
``bool``/``None`` values. Anything else — another encoding, a byte-order mark, bad JSON, a value ``dumps``
cannot spell, an interpreter without ``_json`` — is handed to the standard ``json`` module, so every result
and every error is that module's own (tests/test_hook_fast.py compares the two).
"""

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import SimpleNamespace as _Namespace
else:  # the type of sys.implementation: types.SimpleNamespace without importing types
    _Namespace = type(sys.implementation)

try:
    import _json
except ImportError:  # another Python implementation: the standard module answers everything
    _json = None  # type: ignore[assignment]

_WS = " \t\n\r"
_INF = float("inf")

# The attributes ``_json.make_scanner`` reads: those of ``json.JSONDecoder()`` with no arguments. On a
# namespace, not a class of its own: defining a class costs a new process more than this module's other work.
_CONTEXT = _Namespace(
    strict=True,
    object_hook=None,
    object_pairs_hook=None,
    parse_float=float,
    parse_int=int,
    parse_constant={"-Infinity": -_INF, "Infinity": _INF, "NaN": float("nan")}.__getitem__,
    memo={},
)
_scan = _json.make_scanner(_CONTEXT) if _json is not None else None  # type: ignore[arg-type]
_string = _json.encode_basestring_ascii if _json is not None else None


def loads(data: bytes | str):
    """``json.loads(data)``."""
    if _scan is not None:
        try:
            text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
            if isinstance(text, str) and not text.startswith("\ufeff"):
                start = len(text) - len(text.lstrip(_WS))
                value, end = _scan(text, start)
                if end == len(text) or not text[end:].strip(_WS):
                    return value
        except Exception:  # noqa: BLE001, S110 — the standard module gives its own answer or error below
            pass
    import json

    return json.loads(data)


def dumps(obj) -> str:
    """``json.dumps(obj)``: separators ``", "`` and ``": "``, ASCII only, NaN and Infinity spelled as it does."""
    if _string is not None:
        parts: list[str] = []
        try:
            _encode(obj, parts.append)
            return "".join(parts)
        except Exception:  # noqa: BLE001, S110 — something unusual: the standard module decides
            pass
    import json

    return json.dumps(obj)


def _encode(o, out) -> None:
    if isinstance(o, str):
        out(_string(o))  # type: ignore[misc]
    elif o is None:
        out("null")
    elif o is True:
        out("true")
    elif o is False:
        out("false")
    elif type(o) is int:
        out(int.__repr__(o))
    elif type(o) is float:
        if o != o:
            out("NaN")
        elif o == _INF:
            out("Infinity")
        elif o == -_INF:
            out("-Infinity")
        else:
            out(float.__repr__(o))
    elif type(o) is dict:
        out("{")
        first = True
        for key, value in o.items():
            if type(key) is not str:
                raise TypeError  # unusual: json.dumps converts int/float/bool/None keys: let it
            if not first:
                out(", ")
            first = False
            out(_string(key))  # type: ignore[misc]
            out(": ")
            _encode(value, out)
        out("}")
    elif type(o) is list or type(o) is tuple:
        out("[")
        first = True
        for value in o:
            if not first:
                out(", ")
            first = False
            _encode(value, out)
        out("]")
    else:
        raise TypeError  # unusual: json.dumps answers
