"""Listeners that open this machine or the project to others (§5 step 6, effects by family; R1.5's list,
[beyond]), read by :func:`permissions.commands.families.family_effect` like the tunnels of its table:

- ``gost``: a reverse forward (``-L rtcp://…``, ``-L rudp://…``), a chain through another machine (``-F …``,
  ``relay+tls://vps``), a configuration file (``-C``), or a listener on every interface (``-L :8080``);
  only a listener bound to loopback with no chain, and help/version, stay as they were.
- file servers that bind every interface by default: ``python3 -m http.server`` (unless ``--bind``
  names loopback), ``SimpleHTTPServer`` (always), ``php -S`` on a non-loopback address, ``http-server``
  (unless ``-a`` names loopback), ``serve`` (unless every ``-l`` is loopback or a local socket),
  ``httpd`` (busybox's and Apache's; unless busybox's ``-p`` names loopback), ``live-server``
  (``--host``), ``miniserve`` (``-i``), ``darkhttpd`` (``--addr``). Their help and version forms read.

A bind address is loopback only when it names it (``127.0.0.1``, ``localhost``, ``[::1]``): ``0.0.0.0``,
``::``, an empty host and anything expanded (``$HOST``) bind every interface or could (fail closed)."""

from __future__ import annotations

from collections.abc import Callable

# Help and version words that stop each of these tools before it serves (npm's http-server and live-server
# ignore an unknown option: `-V` serves there).
_HELP = frozenset({"-h", "--help", "--version"})
_HELP_V = _HELP | {"-v"}
_HELP_CAPITAL_V = _HELP | {"-V"}


def bound_to_loopback(addr: str) -> bool:
    """``addr`` -- ``host``, ``host:port``, ``[v6]:port`` or ``scheme://host:port`` -- names this machine's
    loopback only (not ``0.0.0.0``/``::``, which bind every interface)."""
    rest = addr.partition("://")[2] if "://" in addr else addr
    rest = rest.split("/", 1)[0].rpartition("@")[2].lower()
    if rest.startswith("["):
        host = rest.partition("]")[0][1:]
    else:
        host = rest.partition(":")[0] if rest.count(":") <= 1 else rest  # a bare IPv6 address
    if host in ("localhost", "::1", "ip6-localhost") or host.endswith(".localhost"):
        return True
    parts = host.split(".")
    return len(parts) == 4 and parts[0] == "127" and all(p.isdigit() and int(p) < 256 for p in parts)


def _values(
    args: tuple[str, ...],
    short: str,
    long: str,
    shortest: int = 0,
    clusters: bool = True,
    helps_by: frozenset[str] = _HELP,
) -> tuple[list[str], bool]:
    """The values given to ``short``/``long`` (``-b x``, ``-bx``, ``--bind x``, ``--bind=x``; with
    ``shortest``, argparse's abbreviations down to that length: ``--bi x``) and whether the line asks for help
    or a version (a help word not taking an option's place). With ``clusters``, ``short`` inside a cluster
    (``-fp 0.0.0.0:80``) counts as a value that binds everywhere: fail closed."""
    found: list[str] = []
    helps = False
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w == "--":
            break
        if w in helps_by and (k == 1 or args[k - 2][:1] != "-" or "=" in args[k - 2]):
            helps = True
        name, eq, value = w.partition("=")
        if long and (name == long or (shortest and len(name) >= shortest and long.startswith(name))):
            if eq:
                found.append(value)
                continue
            w = long
        if w in (short, long):
            found.append(args[k] if k < len(args) else "")
            k += 1
        elif short and w.startswith(short) and not w.startswith("--"):
            found.append(w[len(short) :])
        elif clusters and short and w[:1] == "-" and w[1:2] != "-" and short[1:] in w:
            found.append("")
    return found, helps


def _all_loopback(values: list[str]) -> bool:
    return bool(values) and all(bound_to_loopback(v) for v in values)


def _http_server(view: tuple[str, ...]) -> bool:
    """``python3 -m http.server [port] [--bind addr]``: every interface unless bound to loopback."""
    binds, helps = _values(view[1:], "-b", "--bind", shortest=3)
    return not helps and not _all_loopback(binds)


def _simple_http_server(view: tuple[str, ...]) -> bool:
    return not any(w in ("-h", "--help") for w in view[1:])  # Python 2's: no bind option


def _php(view: tuple[str, ...]) -> bool:
    """``php -S host:port``: the built-in web server, serving the project to whoever reaches the host."""
    servers, _ = _values(view[1:], "-S", "--server", clusters=False)
    return bool(servers) and not _all_loopback(servers)


def _http_server_npm(view: tuple[str, ...]) -> bool:
    """npm's ``http-server [dir] [-a addr]``: 0.0.0.0 unless ``-a`` names loopback."""
    addrs, helps = _values(view[1:], "-a", "", helps_by=_HELP_V)
    return not helps and not _all_loopback(addrs)


def _serve(view: tuple[str, ...]) -> bool:
    """Vercel's ``serve [dir] [-l uri]``: every interface unless each ``-l`` is loopback or a local socket."""
    uris, helps = _values(view[1:], "-l", "--listen", helps_by=_HELP_V)
    if helps:
        return False
    return not uris or not all(u.startswith(("unix:", "pipe:")) or bound_to_loopback(u) for u in uris)


_APACHE_READS = frozenset({"-V", "-v", "-t", "-S", "-M", "-l", "-L", "-h", "-help", "--help", "--version"})


def _httpd(view: tuple[str, ...]) -> bool:
    """busybox ``httpd [-p [ip:]port]`` or Apache's: a server on every interface unless ``-p`` names loopback;
    one reporting word alone (``httpd -v``) is Apache's version (busybox's ``-v`` serves, fail closed)."""
    if len(view) == 2 and view[1] in _APACHE_READS and view[1] != "-v":
        return False
    ports, _ = _values(view[1:], "-p", "")
    return not _all_loopback(ports)


_GOST_READS = frozenset({"-h", "--help", "-V", "--version", "-help", "-version"})
_GOST_REVERSE = ("rtcp", "rudp", "rtls", "rws", "rwss", "relay+", "tun", "tap")


def _gost(view: tuple[str, ...]) -> bool:
    """gost: a chain (``-F``) or configuration (``-C``) reaches another machine; ``-L rtcp://…`` lets one
    reach this machine; ``-L :8080`` serves every interface. Only loopback listeners stay as they were."""
    args = view[1:]
    if args and all(w in _GOST_READS for w in args):
        return False
    listens: list[str] = []
    for k, w in enumerate(args):
        flag, eq, glued = w.partition("=")
        name = flag.lstrip("-")
        if w[:1] != "-":
            continue
        if name in ("F", "C") or name.startswith(("F", "C")):
            return True
        if name == "L" or name.startswith("L"):
            value = glued if eq else (name[1:] or (args[k + 1] if k + 1 < len(args) else ""))
            listens.append(value)
    for value in listens:
        scheme = value.partition("://")[0].lower() if "://" in value else ""
        if scheme.startswith(_GOST_REVERSE) or "+r" in scheme:
            return True
    return not _all_loopback(listens)


def _live_server(view: tuple[str, ...]) -> bool:
    """``live-server [--host=addr]``: 0.0.0.0 unless the host is loopback (it reads ``--host=`` only: a
    ``--host`` alone is ignored, and so binds every interface)."""
    _, helps = _values(view[1:], "", "", helps_by=_HELP_V)
    hosts = [w.partition("=")[2] if "=" in w else "" for w in view[1:] if w.partition("=")[0] == "--host"]
    return not helps and not _all_loopback(hosts)


def _miniserve(view: tuple[str, ...]) -> bool:
    """``miniserve [-i addr]…``: every interface unless each ``-i``/``--interfaces`` is loopback."""
    addrs, helps = _values(view[1:], "-i", "--interfaces", helps_by=_HELP_CAPITAL_V)
    return not helps and not _all_loopback(addrs)


def _darkhttpd(view: tuple[str, ...]) -> bool:
    """``darkhttpd dir [--addr ip]``: every interface unless ``--addr`` is loopback."""
    addrs, helps = _values(view[1:], "", "--addr")
    return not helps and not _all_loopback(addrs)


_PHP_VERSIONS = ("5.6", "7.0", "7.1", "7.2", "7.3", "7.4", "8.0", "8.1", "8.2", "8.3", "8.4", "8.5")

READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "gost": _gost,
    "http.server": _http_server,
    "SimpleHTTPServer": _simple_http_server,
    "CGIHTTPServer": _simple_http_server,
    **dict.fromkeys(("php", "php5", "php7", "php8", *(f"php{v}" for v in _PHP_VERSIONS)), _php),
    "http-server": _http_server_npm,
    "serve": _serve,
    "httpd": _httpd,
    "live-server": _live_server,
    "miniserve": _miniserve,
    "darkhttpd": _darkhttpd,
}
