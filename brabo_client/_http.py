"""A minimal HTTP/1.1 client over a socket: one request per connection, JSON bodies.

Why not ``http.client`` or ``urllib``: ``brabo hook`` starts as a new process on every tool call, and those
modules (with ``email`` and ``urllib.parse`` behind them) cost more to import than the whole round trip to
a local Brabo. Even ``socket`` (with ``enum`` and ``selectors``) is loaded only for a host name or TLS: an IP
literal is reached through ``_socket``, the C module under it. This speaks exactly what Brabo's API needs:
a request with a body, a response with ``Content-Length``, chunked or read-to-close. ``https`` loads ``ssl`` only when used.

Every request has one deadline (``timeout`` seconds from its start, or an explicit monotonic ``deadline``):
the connection, the send and every read get only what is left of it, so a server that accepts and never
answers, or sends its headers and then stalls the body one byte at a time, cannot hold a call past it
(R12.6 — the agent hook must answer before the agent's own timeout).
"""

import _socket
import time

MAX_RESPONSE = 64 * 1024 * 1024
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


class HttpError(OSError):
    """The server's answer could not be read as HTTP."""


def quote(text: str, safe: str = "") -> str:
    ok = _SAFE | frozenset(safe.encode())
    return "".join(chr(b) if b in ok else f"%{b:02X}" for b in text.encode())


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
) -> tuple[int, bytes]:
    """Send one request; return (status, body). Raises OSError (socket.timeout included) on faults —
    ``socket.timeout`` as well when the deadline (monotonic; default ``timeout`` s from now) passes."""
    at = time.monotonic() + timeout if deadline is None else deadline

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
        host_header = f"[{host}]" if ":" in host else host
        lines = [f"{method} {target} HTTP/1.1", f"Host: {host_header}:{port}", "Connection: close"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        sock.settimeout(left())  # sendall: the whole send within it (Python >= 3.5)
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b""))
        return _read_response(recv)
    finally:
        sock.close()


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


def _read_response(recv) -> tuple[int, bytes]:
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
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        raise HttpError(f"not an HTTP status line: {status_line[:80]!r}")
    status = int(parts[1])
    fields = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    if status in (100, 101):  # Brabo never sends these; a proxy might
        raise HttpError(f"unexpected HTTP {status}")
    if "chunked" in fields.get("transfer-encoding", "").lower():
        return status, _dechunk(recv, rest)
    if "content-length" in fields:
        try:
            length = int(fields["content-length"])
        except ValueError:
            raise HttpError("bad Content-Length") from None
        if length > MAX_RESPONSE:
            raise HttpError("response over 64 MB")
        while len(rest) < length:
            chunk = recv(min(1 << 20, length - len(rest)))
            if not chunk:
                raise HttpError("the connection closed before the whole body")
            rest += chunk
        return status, rest[:length]
    while True:  # read to close
        chunk = recv(65536)
        if not chunk:
            return status, rest
        rest += chunk
        if len(rest) > MAX_RESPONSE:
            raise HttpError("response over 64 MB")


def _dechunk(recv, data: bytes) -> bytes:
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
            need(len(data) + 1)
        size_line, _, data = data.partition(b"\r\n")
        try:
            size = int(size_line.split(b";")[0].strip(), 16)
        except ValueError:
            raise HttpError("bad chunk size") from None
        if size == 0:
            return out
        need(size + 2)
        out += data[:size]
        data = data[size + 2 :]
        if len(out) > MAX_RESPONSE:
            raise HttpError("response over 64 MB")
