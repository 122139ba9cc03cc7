"""The light client's wire: HTTP over a socket, JSON, and the API call with its retries — one module,
because ``brabo hook`` starts as a new process on every tool call of an agent and every module it imports
costs that process more than the lines in it (bench/README.md, the command hook's own process): the hook's
path is ``brabo_client``, ``brabo_client.hook`` and this. ``brabo_client.sdk`` builds its typed client on it
and re-exports its errors.

**HTTP** (``request``) — why not ``http.client`` or ``urllib``: they (with ``email`` and ``urllib.parse``
behind them) cost more to import than the whole round trip to a local Brabo. Even ``socket`` (with ``enum``
and ``selectors``) is loaded only for a host name or TLS: an IP literal is reached through ``_socket``, the C
module under it. This speaks exactly what Brabo's API needs: a request with a body, a response with
``Content-Length``, chunked or read-to-close. ``https`` loads ``ssl`` only when used. Every request has one
deadline (``timeout`` seconds from its start, or an explicit monotonic ``deadline``): the connection, the
send and every read get only what is left of it, so a server that accepts and never answers, or sends its
headers and then stalls the body one byte at a time, cannot hold a call past it (R12.6 — the agent hook
must answer before the agent's own timeout).

**JSON** (``loads``, ``dumps``) — ``import json`` brings ``re`` (with ``enum``, ``functools``,
``collections`` …): more than the hook's whole decision costs. The ``json`` package's own C helpers
(``_json``: its scanner and its string encoder) need none of that, so ``loads`` and ``dumps`` drive them
directly, with the exact settings of ``json.loads(data)`` / ``json.dumps(obj)``. Only the ordinary case
takes this path: UTF-8 input, plain ``dict``/``list``/``str``/``int``/``float``/``bool``/``None`` values.
Anything else — another encoding, a byte-order mark, bad JSON, a value ``dumps`` cannot spell, an
interpreter without ``_json`` — is handed to the standard ``json`` module, so every result and every error
is that module's own (tests/test_hook_fast.py compares the two).

**The call** (``call``): the API's retries, backoff, idempotency key and errors, as ``Client.request``
documents them (brabo_client/sdk.py).
"""

import _socket
import sys
import time

MAX_RESPONSE = 64 * 1024 * 1024
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# RFC 8187's attr-char: what an ext-value carries as it is (everything else is percent-encoded)
_ATTR = _SAFE | frozenset(b"!#$&+^`|")


class HttpError(OSError):
    """The server's answer could not be read as HTTP."""


def quote(text: str, safe: str = "") -> str:
    return _percent(text.encode(), _SAFE | frozenset(safe.encode()))


def _percent(data: bytes, ok: frozenset) -> str:
    return "".join(chr(b) if b in ok else f"%{b:02X}" for b in data)


def urlencode(query: dict) -> str:
    return "&".join(f"{quote(str(k))}={quote(str(v))}" for k, v in query.items())


def split_url(url: str) -> tuple[str, str, int, str]:
    """``http(s)://host[:port][/base]`` → (scheme, host, port, base path without a trailing slash)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in ("http", "https"):
        raise ValueError(f"not an http(s) URL: {url!r}")
    hostport, _, path = rest.partition("/")
    if "@" in hostport or not hostport:
        raise ValueError(f"not an http(s) URL with a host: {url!r}")
    if hostport.startswith("["):  # [::1]:8000
        host, _, after = hostport[1:].partition("]")
        port_text = after[1:] if after.startswith(":") else ""
    else:
        host, _, port_text = hostport.partition(":")
    try:
        port = int(port_text) if port_text else (443 if scheme == "https" else 80)
    except ValueError:
        raise ValueError(f"bad port in {url!r}") from None
    return scheme, host, port, ("/" + path).rstrip("/") if path else ""


def request(
    scheme: str,
    host: str,
    port: int,
    method: str,
    target: str,
    body: bytes | None,
    headers: dict,
    timeout: float,
    *,
    deadline: float | None = None,
    limit: int = MAX_RESPONSE,
    fields: dict | None = None,
) -> tuple[int, bytes]:
    """Send one request; return (status, body), the answer's header fields into ``fields`` (names in lower
    case). Raises OSError (socket.timeout included) on faults — ``socket.timeout`` as well when the deadline
    (monotonic; default ``timeout`` s from now) passes, TooLarge for a body over ``limit`` bytes; ValueError,
    with nothing sent, for a target or header HTTP cannot carry as it is (``_sendable``)."""
    at = time.monotonic() + timeout if deadline is None else deadline
    host_header = f"[{host}]" if ":" in host else host
    lines = [f"{method} {target} HTTP/1.1", f"Host: {host_header}:{port}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    _sendable(lines)

    def left() -> float:
        remaining = at - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("no complete answer before the deadline")
        return remaining

    sock = _connect(host, port, left(), tls=scheme == "https")

    def recv(n: int) -> bytes:
        """``recv`` bounded by what is left of the deadline, read by read. (Closures, not classes: a class
        costs the command hook's new process more to define than the request costs to send.)"""
        sock.settimeout(left())
        return sock.recv(n)

    try:
        if scheme == "https":
            import ssl

            sock.settimeout(left())
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        sock.settimeout(left())  # sendall: the whole send within it (Python >= 3.5)
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b""))
        return _read_response(recv, limit, fields)
    finally:
        sock.close()


def _sendable(lines: list[str]) -> None:
    """Refuse (ValueError, before connecting) a request line or header that HTTP cannot carry as it is: a CR
    or LF in a value would end the field there and start another the value chose (header injection), another
    control character or a character past ASCII is spelt differently by each server, or not at all. Text that
    may hold such characters travels encoded (``root_header``, ``quote``) or in the JSON body. The value is not
    quoted in the error: the field may be the key."""
    for i, line in enumerate(lines):
        if not (line.isascii() and line.isprintable()):
            what = "the request line" if not i else f"the {line.partition(':')[0][:64]!r} header"
            raise ValueError(
                f"{what} cannot be sent: it holds a line break, a control character or a character outside "
                "ASCII, which HTTP cannot carry as it is"
            )
        if not i and line.count(" ") != 2:
            raise ValueError("the request line cannot be sent: its target holds a blank")


def root_header(root: str) -> str:
    """The project root as the value of ``X-Brabo-Project-Root`` (actions/hooks_api.py reads it back).

    A plain root -- absolute, printable ASCII, no blank at its end -- is sent as it is, the form every Brabo
    server reads. Any other (``/home/张三/app``, a name holding bytes that are not UTF-8, which Python holds
    as lone surrogates ``os.fsdecode`` makes, a CR or LF) is sent as RFC 8187's ext-value: ``UTF-8''`` and
    the path's bytes, percent-encoded -- the path's own bytes, so every POSIX path arrives intact, and ASCII,
    so no header can be injected. A raw root starts with ``/`` and an encoded one never does: the server
    cannot take one form for the other, and a server older than this form reads it as a relative root,
    outside every path, and refuses the call rather than misjudging it."""
    if root.startswith("/") and root.isascii() and root.isprintable() and not root.endswith(" "):
        return root
    try:
        data = root.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate no file name's bytes give (only JSON could carry one)
        raise ValueError(f"the project root {root!r} is not a path: it holds a lone surrogate") from None
    return "UTF-8''" + _percent(data, _ATTR)


def _connect(host: str, port: int, timeout: float, *, tls: bool = False):
    """An IP literal is connected to directly: the name lookup create_connection does first loads the
    system's resolver modules, which costs a new process more than the request itself. Plain HTTP to an IP
    literal needs only ``_socket``; TLS gets a ``socket.socket``, the type ``ssl`` wraps."""
    for family in (_socket.AF_INET, _socket.AF_INET6):
        try:
            _socket.inet_pton(family, host)
        except OSError:
            continue
        sock: _socket.socket
        if tls:
            import socket

            sock = socket.socket(family, socket.SOCK_STREAM)
        else:
            sock = _socket.socket(family, _socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect((host, port))
        except BaseException:
            sock.close()
            raise
        return sock
    import socket

    return socket.create_connection((host, port), timeout=timeout)


class TooLarge(HttpError):
    """The answer's body passed the caller's cap (``limit``): no retry makes it smaller."""


_HEX = frozenset(b"0123456789abcdefABCDEF")
MAX_CHUNK_LINE = 4096  # a chunk's size line, its extensions included


def _size(text: bytes, base: int, what: str) -> int:
    """A Content-Length (decimal) or a chunk size (hexadecimal) as HTTP spells it: digits only. ``int`` would
    also take a sign, blanks, underscores and a ``0x``: framing no HTTP server writes, refused as such."""
    digits = _HEX if base == 16 else frozenset(b"0123456789")
    if not text or len(text) > 16 or not all(c in digits for c in text):
        raise HttpError(f"bad {what}: {text[:32]!r}")
    return int(text, base)


def _too_large(limit: int) -> TooLarge:
    return TooLarge(f"the answer is too large: over {limit / 1048576:g} MB, the most read")


def _read_response(recv, limit: int = MAX_RESPONSE, fields: dict | None = None) -> tuple[int, bytes]:
    """(status, body) of the answer ``recv`` reads; its header fields (names lower-cased, the last of a
    repeated one) into ``fields``. The body is capped at ``limit`` bytes however it is framed (Content-Length,
    chunked, or read to the close): past it, TooLarge at once, never a buffer that grows until the deadline."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = recv(65536)
        if not chunk:
            raise HttpError("the connection closed before a complete HTTP answer")
        buf += chunk
        if len(buf) > 1024 * 1024:
            raise HttpError("HTTP headers over 1 MB")
    head, _, rest = buf.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parts = status_line.split(" ", 2)
    code = parts[1] if len(parts) > 1 else ""
    # three ASCII digits, as HTTP spells a status (str.isdigit alone takes "2²³" and "0200")
    if not parts[0].startswith("HTTP/") or len(code) != 3 or not all(c in "0123456789" for c in code):
        raise HttpError(f"not an HTTP status line: {status_line[:80]!r}")
    status = int(code)
    if fields is None:
        fields = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    if status in (100, 101):  # Brabo never sends these; a proxy might
        raise HttpError(f"unexpected HTTP {status}")
    if "chunked" in fields.get("transfer-encoding", "").lower():
        return status, _dechunk(recv, rest, limit)
    if "content-length" in fields:
        length = _size(fields["content-length"].encode("latin-1"), 10, "Content-Length")
        if length > limit:
            raise _too_large(limit)
        while len(rest) < length:
            chunk = recv(min(1 << 20, length - len(rest)))
            if not chunk:
                raise HttpError("the connection closed before the whole body")
            rest += chunk
        return status, rest[:length]
    while len(rest) <= limit:  # read to close
        chunk = recv(65536)
        if not chunk:
            return status, rest
        rest += chunk
    raise _too_large(limit)


def _dechunk(recv, data: bytes, limit: int = MAX_RESPONSE) -> bytes:
    out = b""

    def need(n: int) -> None:
        nonlocal data
        while len(data) < n:
            chunk = recv(65536)
            if not chunk:
                raise HttpError("the connection closed inside a chunked body")
            data += chunk

    while True:
        while b"\r\n" not in data:
            if len(data) > MAX_CHUNK_LINE:
                raise HttpError(f"a chunk-size line over {MAX_CHUNK_LINE} bytes")
            need(len(data) + 1)
        size_line, _, data = data.partition(b"\r\n")
        if len(size_line) > MAX_CHUNK_LINE:
            raise HttpError(f"a chunk-size line over {MAX_CHUNK_LINE} bytes")
        size = _size(size_line.split(b";")[0].strip(b" \t"), 16, "chunk size")
        if size == 0:
            return out
        if len(out) + size > limit:
            raise _too_large(limit)
        need(size + 2)
        if data[size : size + 2] != b"\r\n":
            raise HttpError("a chunk longer than its size")
        out += data[:size]
        data = data[size + 2 :]


# -- JSON ----------------------------------------------------------------------------------------------


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


# -- the API call -------------------------------------------------------------------------------------------

try:  # the C module under ``os``, whose import the command hook's process does without (brabo_client/hook.py)
    from posix import urandom
except ImportError:
    from os import urandom

DEFAULT_URL = "http://127.0.0.1:8000"
ROOT_HEADER = "X-Brabo-Project-Root"
MIN_ATTEMPT = 0.05  # seconds: an attempt with less than this left of its deadline is not started


class BraboError(Exception):
    """The API refused the call (4xx): ``status``, the stable ``reason`` code and the ``detail`` sentence."""

    def __init__(self, status: int, detail: str, reason: str | None = None):
        super().__init__(f"{detail} (HTTP {status}{', ' + reason if reason else ''})")
        self.status, self.detail, self.reason = status, detail, reason


class Unavailable(BraboError):
    """Brabo could not be reached, or kept answering 5xx, after every retry."""


def endpoint(url: str) -> tuple[str, tuple[str, str, int, str]]:
    """Brabo's base URL without a trailing slash, and its ``split_url`` parts; a clear ValueError if it is not
    an http(s) URL."""
    url = url.rstrip("/")
    try:
        return url, split_url(url)
    except ValueError:
        raise ValueError(f"BRABO_URL must be an http(s) URL such as {DEFAULT_URL}; got {url!r}") from None


def call(
    url: str,
    parts: tuple[str, str, int, str],
    key: str,
    method: str,
    path: str,
    body=None,
    *,
    query: dict | None = None,
    headers: dict | None = None,
    timeout: float,
    retries: int,
    backoff: float,
    sleep,
    idempotency_key: str | None = None,
    deadline: float | None = None,
    only: int | None = None,
    limit: int = MAX_RESPONSE,
    mark: tuple[str, str] | None = None,
):
    """``Client.request`` (brabo_client/sdk.py, which documents it) for the Brabo at ``url``, split into
    ``parts`` by ``split_url``: one API call with retries; the decoded JSON body, or BraboError /
    Unavailable. ``only``: the one status the endpoint answers with; any other below 400 (a redirect, a 201)
    is not its answer, whatever its body says. ``limit``: the most bytes of body read (past it, BraboError
    ``answer_too_large``, no retry). ``mark``: (header, value) the endpoint's every answer below 400 carries;
    one without it is not its answer (BraboError ``not_brabo_api``). (A function, not the client's method:
    the command hook calls it without the sdk's classes.)"""
    scheme, host, port, base_path = parts
    target = base_path + path + ("?" + urlencode(query) if query else "")
    data = None if body is None else dumps(body).encode()
    head = {"Accept": "application/json", **(headers or {})}
    if key:
        head["Authorization"] = f"Bearer {key}"
    if data is not None:
        head["Content-Type"] = "application/json"
    if method == "POST":
        head["Idempotency-Key"] = idempotency_key or urandom(16).hex()  # same key on every retry
    last = ""
    attempts = 0
    for attempt in range(retries + 1):
        if attempt:  # exponential backoff with jitter, so retrying clients do not arrive together
            jitter = 0.5 + int.from_bytes(urandom(2), "big") / 65535
            pause = backoff * (2 ** (attempt - 1)) * jitter
            if deadline is not None:
                pause = min(pause, deadline - time.monotonic() - MIN_ATTEMPT)
                if pause < 0:
                    break  # no time left for another attempt
            sleep(pause)
        per_try = timeout
        if deadline is not None:
            per_try = min(per_try, deadline - time.monotonic())
            if per_try < MIN_ATTEMPT:
                break
        attempts += 1
        fields: dict = {}
        try:
            status, raw = request(
                scheme, host, port, method, target, data, head, per_try, limit=limit, fields=fields
            )
        except TooLarge as exc:  # whoever answers so much is not answering as the API does: no retry
            raise BraboError(502, f"{url}{path} answered, but {exc}", "answer_too_large") from None
        except OSError as exc:  # refused, reset, timed out, or not HTTP
            last = f"cannot reach Brabo at {url}: {exc}"
            continue
        if status == 429 or status >= 500:
            last = f"Brabo answered HTTP {status} at {path}"
            continue
        if mark is not None and status < 400 and fields.get(mark[0].lower()) != mark[1]:
            raise BraboError(
                status,
                f"{url}{path} answered HTTP {status} without the {mark[0]} header Brabo's endpoint sets on "
                "every answer, so it is not Brabo's answer; set --url / BRABO_URL to Brabo's base address",
                "not_brabo_api",
            )
        return _answer(url, path, status, raw, only)
    if not attempts:
        last = f"no time left to reach Brabo at {url}"
    raise Unavailable(503, f"{last} (after {attempts} attempt{'s' if attempts != 1 else ''})", "unavailable")


def _answer(url: str, path: str, status: int, raw: bytes, only: int | None):
    """The decoded JSON body of an answer that is not to be retried, or its BraboError: a 4xx, a body that is
    not JSON, or a status other than ``only``."""
    try:
        decoded = loads(raw) if raw else None
    except ValueError:
        # not Brabo's API answering (`--url …/admin` printed Django's HTML 403 page): say
        # which address answered and how to fix it, never the page itself.
        raise BraboError(
            status,
            f"{url}{path} answered HTTP {status} with something that is not Brabo's API (not "
            f"JSON); set --url / BRABO_URL to the server's base address, e.g. http://127.0.0.1:8000 — "
            f"without /admin or /api",
            "not_brabo_api",
        ) from None
    if status >= 400:
        if isinstance(decoded, dict):
            raise BraboError(status, str(decoded.get("detail", decoded)), decoded.get("reason"))
        raise BraboError(status, f"HTTP {status}")
    if only is not None and status != only:
        raise BraboError(status, f"{url}{path} answered HTTP {status}, not the API's answer", "not_brabo_api")
    return decoded


# The command hook's proof that an answer is Brabo's decision of this very call: a fresh nonce goes out in
# HOOK_NONCE, and actions/hooks_api.py echoes it in HOOK_ANSWER on every answer. Any other JSON service at
# BRABO_URL -- one answering ``{}``, which is Codex's allow -- does not, and its answer is refused.
HOOK_NONCE = "X-Brabo-Hook-Nonce"
HOOK_ANSWER = "X-Brabo-Hook-Answer"
# The most of a hook answer read: Brabo's is a decision and a reason of at most a few KB (agent_hooks.MAX_REASON).
MAX_HOOK_ANSWER = 1024 * 1024


def hook_call(
    url: str,
    parts: tuple[str, str, int, str],
    key: str,
    agent: str,
    body,
    *,
    root: str | None,
    params: dict,
    timeout: float,
    retries: int,
    backoff: float,
    sleep,
    deadline: float | None = None,
):
    """``POST /api/hooks/<agent>/`` (``Client.hook``): the agent's hook input in, the agent's hook output back;
    the idempotency key names the tool call (the same on every retry, and on the agent's own retry). The
    endpoint answers 200, a refusal included (actions/hooks_api.py): a body that comes with another status --
    a redirect's, a 201's -- is nobody's decision (a Codex ``{}`` there would read as Brabo's allow); so is
    one without this call's nonce echoed (HOOK_ANSWER), or one over MAX_HOOK_ANSWER bytes."""
    headers = {ROOT_HEADER: root_header(root)} if root else {}
    nonce = urandom(16).hex()
    headers[HOOK_NONCE] = nonce
    key_of_call = None
    if isinstance(body, dict) and isinstance(body.get("tool_use_id"), str):
        # the agent's own ids, percent-encoded: a header carries printable ASCII only (_sendable), and JSON
        # may give them any text, a lone surrogate included
        ids = (str(body.get("session_id", "")), body["tool_use_id"])
        session, use = (_percent(t.encode("utf-8", "surrogatepass"), _SAFE) for t in ids)
        key_of_call = f"hook:{agent}:{session}:{use}"[:200]
    return call(
        url,
        parts,
        key,
        "POST",
        f"/api/hooks/{quote(agent)}/",
        body,
        query=params,
        headers=headers,
        timeout=timeout,
        retries=retries,
        backoff=backoff,
        sleep=sleep,
        idempotency_key=key_of_call,
        deadline=deadline,
        only=200,
        limit=MAX_HOOK_ANSWER,
        mark=(HOOK_ANSWER, nonce),
    )
