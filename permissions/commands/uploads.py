"""Network uploads: sending data to another machine is an external effect (§5 step 6; R4.10, acts
SPEC's external-effect list does not name; RN-418 caps them like a publish).

- ``curl`` with a body or a writing method, read through its option table (permissions.commands.options:
  every spelling of ``-d``/``--data*``/``-F``/``--form*``/``--json``/``-T``/``-X``), a ``-K`` config file
  (it can hold any of them), ``--mail-rcpt`` (mail out), a ``telnet://`` URL (sends its input);
- ``wget``/``wget2`` with ``--post-data|--post-file|--body-data|--body-file`` or ``--method`` other than
  GET/HEAD (any unique abbreviation: getopt_long);
- httpie (``http``, ``https``) and ``xh``/``xhs``: a method other than GET/HEAD/OPTIONS, a data item
  (``k=v``, ``k:=json``, ``k=@file``, ``k@file``), ``--raw``, ``--form``/``--multipart`` with items;
- ``scp`` to a remote destination (``host:path``, ``user@host:``, ``scp://``), ``rsync`` to a remote
  (``host:path``, ``host::module``, ``rsync://``) or removing a remote source, ``sftp`` in a session or a
  batch (it can ``put``);
- ``nc``/``ncat``/``netcat`` connecting or listening (their input goes to the peer) unless scanning
  (``-z``) or told not to send (``-d``, ``--recv-only``); ``socat`` with a network address.

Stay as they were: downloads (``curl -fsSL url``, ``curl -o f url``, ``wget url``, ``scp host:f .``,
``rsync host:src/ dst/``, ``sftp host:f``), local copies (``rsync a/ b/``, ``scp a b``), and requests whose
every target is this machine's loopback (``curl -d x http://localhost:8000/api``: a test of one's own
server), unless an option can send them elsewhere (a proxy, ``--resolve``, ``--connect-to``, an option the
table does not know). A piped body (``cat f | http url``) is not seen here: httpie reads it only when the
pipe is there, which one segment's view cannot show.
"""

from __future__ import annotations

from contextvars import ContextVar

from permissions.commands.options import normalise

__all__ = ["UPLOAD_VERBS", "uploads", "uploads_past_loopback"]

# False while a command that names a proxy is read: its loopback requests may go anywhere
# (``export http_proxy=…; curl -d @.env http://localhost/``), so none is exempt.
_LOOPBACK_TRUSTED: ContextVar[bool] = ContextVar("loopback_trusted", default=True)

_READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_METHODS = _READ_METHODS | frozenset({"POST", "PUT", "PATCH", "DELETE", "CONNECT", "TRACE", "PURGE"})
_LOOPBACK = frozenset({"localhost", "[::1]", "::1", "0.0.0.0", "ip6-localhost"})


def _host(url: str) -> str:
    """The host of a URL or ``host:port/path`` word, lower-cased ('' when there is none)."""
    rest = url.partition("://")[2] if "://" in url else url
    rest = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    rest = rest.rpartition("@")[2]
    if rest.startswith("["):
        return rest.partition("]")[0].lower() + "]"
    return rest.partition(":")[0].lower()


def _loopback(url: str) -> bool:
    if not _LOOPBACK_TRUSTED.get():
        return False
    host = _host(url)
    if not host or any(c in host for c in "{}$`*?") or ("[" in host and host != "[::1]"):
        return False  # globs, expansions: fail closed
    if host in _LOOPBACK or host.endswith(".localhost"):
        return True
    parts = host.split(".")
    return len(parts) == 4 and parts[0] == "127" and all(p.isdigit() and int(p) < 256 for p in parts)


# curl keys that make a request send a body, and options that can send a loopback request elsewhere.
_CURL_BODY = frozenset(
    {"data", "data-binary", "data-raw", "data-ascii", "data-urlencode", "json", "form", "form-string"}
)
_CURL_UNKNOWN_SENDS = (
    "?--mail-rcpt",
    "?--mail-from",
    "?--upload",
    "?--expand-data",
    "?--data",
    "?--form",
    "?--json",
    "?--post",
)
_CURL_REROUTE = ("proxy", "?--preproxy", "?--resolve", "?--connect-to", "?--socks", "?--proxy", "config")


def _curl_reading(keys: frozenset[str], operands: tuple[str, ...], explicit_method: bool) -> bool:
    if "upload-file" in keys or "config" in keys:
        return True  # `-T f`, `-K cfg` (a config file can hold any option)
    if any(k.startswith(_CURL_UNKNOWN_SENDS) for k in keys):
        return True  # an option the table does not list that sends (`--expand-data`, `--mail-rcpt` ...)
    methods = [k.partition("=")[2] for k in keys if k.startswith("request=")]
    if "get" in keys and not explicit_method:
        methods = []  # `-G`: the data's implied POST is a GET with a query
    if any(m.upper() not in _READ_METHODS for m in methods if m):
        return True  # `-X DELETE`, `-d x` (request=POST) ...
    if any(op.lower().startswith("telnet://") for op in operands):
        return True
    body = [k for k in keys if k.partition("=")[0] in _CURL_BODY]
    if body and "get" in keys:
        # `curl -G --data-urlencode q=x url`: the data is the query of a GET -- unless a file is read into it.
        return any("@" in k.partition("=")[2] for k in body)
    return bool(body)


def _curl(view: tuple[str, ...]) -> bool:
    readings = normalise(view) or ()
    explicit = any(w.startswith(("-X", "--req")) for w in view[1:])
    for r in readings:
        if not _curl_reading(r.keys, r.operands, explicit):
            continue
        urls = [*r.operands, *(k.partition("=")[2] for k in r.keys if k.startswith("url="))]
        rerouted = any(k.startswith(_CURL_REROUTE) or k.startswith("?") for k in r.keys)
        if rerouted or not urls or not all(_loopback(u) for u in urls):
            return True
    return False


_WGET_SENDS = ("post-data", "post-file", "body-data", "body-file")


def _urls(view: tuple[str, ...]) -> list[str]:
    return [w for w in view[1:] if w[:1] != "-"]


def _wgetrc_sends(command: str) -> bool:
    """A wgetrc command (``-e post_data=x``, ``--execute=method=PUT``) that sends a body or a method."""
    name, _, value = command.replace("-", "").replace("_", "").lower().partition("=")
    name = name.strip()
    if name in ("postdata", "postfile", "bodydata", "bodyfile"):
        return True
    return name == "method" and value.strip().upper() not in _READ_METHODS


def _wget(view: tuple[str, ...]) -> bool:
    sends = False
    for k, w in enumerate(view[1:], 1):
        nxt = view[k + 1] if k + 1 < len(view) else ""
        if w == "-e" or (w.startswith("-e") and w[1:2] != "-"):
            sends = sends or _wgetrc_sends(w[2:] or nxt)
            continue
        if w.startswith("--exe") and "execute".startswith(w[2:].partition("=")[0]):
            sends = sends or _wgetrc_sends(w.partition("=")[2] if "=" in w else nxt)
            continue
        if w.startswith("--config"):
            sends = True  # a wgetrc file can hold any of them
            continue
        if not w.startswith("--") or len(w) < 4:
            continue
        name, eq, value = w[2:].partition("=")
        if len(name) >= 3 and any(s.startswith(name) for s in _WGET_SENDS):
            sends = True
        elif len(name) >= 3 and "method".startswith(name):
            value = value if eq else (view[k + 1] if k + 1 < len(view) else "")
            sends = sends or value.upper() not in _READ_METHODS
    if not sends:
        return False
    return not all(_loopback(u) for u in _urls(view) if "://" in u or "." in u or ":" in u) or not _urls(view)


# httpie / xh: options that take the next word.
_HTTPIE_VALUES = frozenset(
    "-a --auth -A --auth-type --session --session-read-only -o --output --verify --cert --cert-key"
    " --cert-key-pass --timeout --proxy -p --print -P --history-print --pretty -s --style --max-redirects"
    " --boundary --format-options --response-charset --response-mime --default-scheme --ssl --ciphers"
    " --raw --unix-socket --path-as-is --bearer --resolve --interface --http-version".split()
)
_HTTPIE_SENDS = frozenset({"--raw", "-f", "--form", "--multipart", "--chunked"})


def _httpie_item_sends(item: str) -> bool | None:
    """True for a data item (``k=v``, ``k:=v``, ``k=@f``, ``k:=@f``, ``k@f``), False for a header (``k:v``)
    or a query (``k==v``), None for a word with no separator."""
    best: tuple[int, int, str] | None = None
    for sep in (":=@", "=@", "==", ":=", "@", "=", ":"):
        at = item.find(sep)
        if at > 0 and (best is None or (at, -len(sep)) < (best[0], best[1])):
            best = (at, -len(sep), sep)
    if best is None:
        return None
    return best[2] not in ("==", ":")


def _httpie(view: tuple[str, ...]) -> bool:
    words: list[str] = []
    options: list[str] = []
    n = len(view)
    k = 1
    ended = False
    while k < n:
        w = view[k]
        k += 1
        if not ended and w == "--":
            ended = True
            continue
        if not ended and w[:1] == "-" and len(w) > 1:
            name = w.partition("=")[0]
            options.append(name)
            if name in _HTTPIE_VALUES and "=" not in w:
                k += 1
            continue
        words.append(w)
    if not words:
        return False
    method = ""
    if len(words) >= 2 and words[0].isalpha() and (words[0].isupper() or words[0].upper() in _METHODS):
        method, words = words[0].upper(), words[1:]
    url, items = words[0], words[1:]
    sends = (method and method not in _READ_METHODS) or any(o in _HTTPIE_SENDS for o in options)
    sends = sends or any(_httpie_item_sends(i) for i in items)
    if not sends:
        return False
    rerouted = any(o in ("--proxy", "--resolve", "--unix-socket") for o in options)
    return rerouted or not _loopback(url if url[:1] != ":" else "localhost" + url)


def _remote_place(word: str) -> bool:
    """``host:path``, ``user@host:``, ``host::module``, ``scp://``/``rsync://``/``sftp://`` URLs."""
    low = word.lower()
    if low.startswith(("scp://", "rsync://", "sftp://", "ssh://")):
        return True
    colon = word.find(":")
    return colon > 0 and "/" not in word[:colon]


def _operands(view: tuple[str, ...], value_longs: frozenset[str], value_letters: str) -> list[str]:
    out: list[str] = []
    n = len(view)
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            out.extend(view[k:])
            break
        if w.startswith("--"):
            if "=" not in w and w in value_longs:
                k += 1
            continue
        if w[:1] == "-" and len(w) > 1:
            for j in range(1, len(w)):
                if w[j] in value_letters:
                    if j + 1 == len(w):
                        k += 1
                    break
            continue
        out.append(w)
    return out


_SCP_LETTERS = "cDFiJloPSX"
_RSYNC_LONGS = frozenset(
    "--rsh --rsync-path --filter --exclude --include --temp-dir --partial-dir --log-file --backup-dir --chmod"
    " --files-from --exclude-from --include-from --compare-dest --copy-dest --link-dest --max-size"
    " --min-size --timeout --contimeout --port --password-file --bwlimit --out-format --log-file-format"
    " --chown --usermap --groupmap --iconv --suffix --max-delete --block-size --modify-window"
    " --skip-compress --outbuf --info --debug --protocol --checksum-choice --compress-choice"
    " --compress-level --sockopts --address --only-write-batch --write-batch --read-batch --stop-after"
    " --stop-at --remote-option --cc --zc --zl --early-input".split()
)
_RSYNC_LETTERS = "eBfMT@"
_SFTP_LETTERS = "BbcDFilPoRSsJX"


def _scp(view: tuple[str, ...]) -> bool:
    ops = _operands(view, frozenset(), _SCP_LETTERS)
    return len(ops) >= 2 and _remote_place(ops[-1])


def _rsync(view: tuple[str, ...]) -> bool:
    ops = _operands(view, _RSYNC_LONGS, _RSYNC_LETTERS)
    if len(ops) < 2:
        return False  # `rsync host:` alone lists
    if _remote_place(ops[-1]):
        return True
    removes = any(w.startswith("--remove-source") or w.startswith("--remove-sent") for w in view)
    return removes and any(_remote_place(s) for s in ops[:-1])


def _sftp(view: tuple[str, ...]) -> bool:
    if any(w.startswith("-b") for w in view[1:]):
        return True  # a batch file can `put`
    ops = _operands(view, frozenset(), _SFTP_LETTERS)
    if not ops:
        return False
    first = ops[0]
    # `sftp host:path [dir]` fetches; `sftp host` opens a session, which can `put`.
    path = first.partition("://")[2].partition("/")[2] if "://" in first else first.partition(":")[2]
    return not (_remote_place(first) and path and len(ops) <= 2)


_NC_LETTERS = "IiMmOPpqsTVwXx"


def _netcat(view: tuple[str, ...]) -> bool:
    hosts: list[str] = []
    n = len(view)
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w in ("--recv-only", "--help", "--version", "--zero"):
            return False
        if w.startswith("--"):
            continue  # ncat's value options are written `--opt=value` or take a word: fail closed
        if w[:1] == "-" and len(w) > 1:
            for j in range(1, len(w)):
                if w[j] in "zdhU":
                    return False  # scan, no input read, help, a local (unix) socket
                if w[j] in _NC_LETTERS:
                    if j + 1 == len(w):
                        k += 1
                    break
            continue
        hosts.append(w)
    if not hosts:
        return "-l" in view or "--listen" in view
    return not _loopback(hosts[0])


_SOCAT_NET = (
    "tcp",
    "udp",
    "sctp",
    "openssl",
    "ssl",
    "proxy",
    "socks",
    "dtls",
    "ip-sendto",
    "ip4-sendto",
    "ip6-sendto",
    "ip-datagram",
    "vsock",
    "interface",
)


def _socat(view: tuple[str, ...]) -> bool:
    for w in view[1:]:
        if w[:1] == "-" and len(w) > 1:
            continue
        head, _, rest = w.partition(":")
        if head.lower().startswith(_SOCAT_NET):
            target = rest.split(",", 1)[0]
            if "listen" in head.lower() or not _loopback(target):
                return True
    return False


# Programs whose every run with a host or a recipient sends something: file transfer clients that upload
# (or open a session that can), a key copied to a host, mail.
_SENDERS = frozenset(
    {"ncftpput", "lftp", "ftp", "tftp", "smbclient", "ssh-copy-id", "sendmail", "msmtp", "swaks"}
)
_MAILERS = frozenset({"mail", "mailx", "mutt", "neomutt", "s-nail"})
_MAIL_VALUES = frozenset("-s -c -b -a -r -S -q -F -A -e -i -H -f -u".split())


def _sender(view: tuple[str, ...]) -> bool:
    if any(w in ("-h", "--help", "-V", "--version") for w in view[1:]):
        return False
    return any(w[:1] != "-" for w in view[1:]) or view[0] in ("sendmail", "msmtp", "swaks")


def _mailer(view: tuple[str, ...]) -> bool:
    """``mail -s subject someone@host < f``: a recipient sends; ``mail`` / ``mail -f box`` reads."""
    n = len(view)
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            return k < n
        if w[:1] == "-" and len(w) > 1:
            if w in _MAIL_VALUES:
                k += 1
            continue
        return True
    return False


_READERS = {
    **dict.fromkeys(_SENDERS, _sender),
    **dict.fromkeys(_MAILERS, _mailer),
    "curl": _curl,
    "wget": _wget,
    "wget2": _wget,
    "http": _httpie,
    "https": _httpie,
    "xh": _httpie,
    "xhs": _httpie,
    "scp": _scp,
    "rsync": _rsync,
    "sftp": _sftp,
    "nc": _netcat,
    "ncat": _netcat,
    "netcat": _netcat,
    "socat": _socat,
}
UPLOAD_VERBS: frozenset[str] = frozenset(_READERS)


def uploads(view: tuple[str, ...]) -> bool:
    """One view of a segment sends data to another machine (see the module's doc)."""
    reader = _READERS.get(view[0]) if view else None
    return reader is not None and reader(view)


def uploads_past_loopback(view: tuple[str, ...]) -> bool:
    """:func:`uploads`, with no loopback exemption: for a command that names a proxy anywhere (an
    assignment, ``export``, ``env``, a written ``.curlrc``), which can send a loopback request elsewhere."""
    token = _LOOPBACK_TRUSTED.set(False)
    try:
        return uploads(view)
    finally:
        _LOOPBACK_TRUSTED.reset(token)
