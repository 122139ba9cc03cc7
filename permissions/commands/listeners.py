"""Listeners that open this machine or the project to others (§5 step 6, effects by family; R1.5's list,
[beyond]), read by :func:`permissions.commands.families.family_effect` like the tunnels of its table:

- ``gost``: a reverse forward (``-L rtcp://…``, ``-L rudp://…``), a chain through another machine (``-F …``,
  ``relay+tls://vps``), a configuration file (``-C``), or a listener on every interface (``-L :8080``);
  only a listener bound to loopback with no chain, and help/version, stay as they were.
- file servers that bind every interface by default: ``python3 -m http.server`` (unless ``--bind``
  names loopback), ``SimpleHTTPServer`` (always), ``php -S`` on a non-loopback address, ``http-server``
  (unless ``-a`` names loopback), ``serve`` (unless every ``-l`` is loopback or a local socket),
  ``httpd`` (busybox's and Apache's; unless busybox's ``-p`` names loopback), ``live-server``
  (``--host``), ``miniserve`` (``-i``), ``darkhttpd`` (``--addr``), ruby's ``ruby -run -e httpd``
  (``--bind-address``), ``caddy file-server``/``respond`` (``--listen``; ``reverse-proxy``, ``run``,
  ``start`` and ``reload`` always: a configuration the engine cannot read says where they listen) and
  ``twistd`` (``web`` unless every ``--listen``/``--port`` names a loopback ``interface=``; any other
  plugin or application file always), ``puma`` (``-b``; ``-p`` alone is every interface) and ``streamlit
  run``/``hello`` (``--server.address``). Their help and version forms read.
- servers that bind loopback by default, when told to bind elsewhere: Django's ``runserver``
  (``manage.py``, ``django-admin``, ``python -m django``; ``0.0.0.0:8000``, ``0:8000``, ``[::]:8000``),
  ``testserver --addrport``, ``php artisan serve --host``, ``flask run --host/-h``, ``uvicorn --host``,
  ``gunicorn``/``hypercorn --bind``, ``jupyter notebook|lab|server --ip``, ``next dev|start -H``,
  ``vite``/``astro`` ``--host`` (alone: every interface), ``symfony serve --allow-all-ip``, ``hugo server
  --bind``, ``mkdocs serve -a``, ``jekyll serve -H``, ``rails server -b`` (or any environment but
  development), ``rackup -o``, ``webpack serve``/``webpack-dev-server``/``ng serve --host``; and a
  server's bind variable set to such an address (``FLASK_RUN_HOST``, ``UVICORN_HOST``,
  ``GUNICORN_CMD_ARGS``), whatever the segment runs.
- [beyond] red team, more of the same: front-end dev servers told to bind elsewhere (``nuxi|nuxt dev --host``
  alone, ``--public`` or ``--tunnel``; ``svelte-kit``, ``vitepress``, ``remix`` ``--host``; ``storybook dev
  -h``; ``docusaurus start|serve --host``; ``gatsby develop|serve -H``; ``expo start --lan|--tunnel|--host
  lan``; ``ionic serve --external``; ``parcel``, ``rspack``, ``rsbuild`` ``--host``; ``quasar dev -H``;
  ``vue-cli-service serve --host``; ``ember serve --host``; ``elm reactor --address``; ``hexo server -i``;
  ``zola serve -i``; ``mdbook serve -n``; ``sphinx-autobuild --host``; ``slidev --remote|--bind``;
  ``vercel dev --listen``; ``netlify dev --live``; ``trunk serve --address``; ``dx serve --addr``;
  ``browser-sync start --listen``; ``livereload -H``), stores told to bind elsewhere or with their
  protection off (``redis-server``/``valkey-server``/``keydb-server`` ``--protected-mode no``; ``postgres
  -c listen_addresses=…``, ``-h``, ``-i``, through ``pg_ctl -o``; ``mysqld``/``mariadbd --bind-address``;
  ``mongos``; ``etcd --listen-*-urls``; ``consul agent -client|-bind``; ``elasticsearch -E network.host``;
  ``clickhouse server --listen_host``; ``meilisearch --http-addr``), stores on every interface by default
  (``minio server``, ``nats-server``, ``influxd``) unless each bind names loopback, ``debugpy`` as its own
  program, the ``HOST``/``HOSTNAME``/``NUXT_HOST``/``NITRO_HOST``/``OLLAMA_HOST``/``MEILI_HTTP_ADDR``
  variables, and task runners handed a bind (``make dev HOST=0.0.0.0``, ``just serve 0.0.0.0``, ``task serve
  -- --host 0.0.0.0``). The front-end servers that bind every interface unless told (vue-cli, rsbuild,
  parcel, storybook, ember) are read only when told: a plain run or a port stays ordinary.

What each tool's options are is data, its option table (permissions.commands.option_tables_listeners, SPEC
R4.10), read by :func:`permissions.commands.options.read_by`; this module holds only what a bind means.
A bind address is loopback only when it names it (``127.0.0.1``, ``localhost``, ``[::1]``): ``0.0.0.0``,
``::``, an empty host and anything expanded (``$HOST``) bind every interface or could (fail closed). A
server that binds every interface unless told otherwise stays capped when a loopback bind comes with an
option its table does not know (the line may not read as the table reads it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from permissions.commands.containers import ENGINE_HOST_VARIABLES, local_endpoint
from permissions.commands.interpreters import JS_RUNNERS
from permissions.commands.option_reader import Program, Reading
from permissions.commands.option_tables_listeners import (
    ARTISAN,
    ASTRO,
    BUSYBOX_HTTPD,
    CADDY,
    DARKHTTPD,
    DENO,
    DJANGO,
    DOCUSAURUS,
    DROPBEAR,
    ELM,
    EMBER,
    EXPO,
    FLASK,
    GATSBY,
    GOST,
    GOTTY,
    GUNICORN,
    HEXO,
    HG,
    HTTP_SERVER,
    HTTP_SERVER_NPM,
    HUGO,
    HYPERCORN,
    IONIC,
    JEKYLL,
    JSON_SERVER,
    JUPYTER,
    JUPYTER_SERVERS,
    KUBECTL_FORWARDS,
    LIVE_SERVER,
    MDBOOK,
    MEMCACHED,
    MICROSOCKS,
    MINISERVE,
    MKDOCS,
    NEXT,
    NG,
    NUXI,
    PARCEL,
    PHP,
    PUMA,
    PYFTPDLIB,
    PYTHON,
    QUASAR,
    RACKUP,
    RAILS,
    REMIX,
    RSBUILD,
    RSPACK,
    RSYNC_DAEMON,
    RUBY,
    SERVE,
    SHELLINABOX,
    SIMPLE_HTTP_SERVER,
    SLIDEV,
    SPHINX_AUTOBUILD,
    START_STORYBOOK,
    STORYBOOK,
    STREAMLIT,
    SVELTE_KIT,
    SYMFONY,
    TTYD,
    TWISTD,
    UN_HTTPD,
    UVICORN,
    VITE,
    VITEPRESS,
    VUE_CLI_SERVICE,
    WEBPACK,
    WEBPACK_DEV_SERVER,
    WEBSOCKETD,
    WETTY,
    X11VNC,
    ZOLA,
)
from permissions.commands.options import normalised, read_by
from permissions.commands.script_binds import bound_to_loopback, passes_bind
from permissions.commands.views import is_assignment


def _local_socket_or_loopback(addr: str) -> bool:
    """serve's ``-l unix:/path``/``pipe:``, gunicorn's ``unix:/path``: nobody else reaches them."""
    return addr.startswith(("unix:", "pipe:")) or bound_to_loopback(addr)


def _port_or_loopback(addr: str) -> bool:
    """Django's ``[addr:]port``: a port alone binds 127.0.0.1 (``::1`` with ``-6``)."""
    return addr.isdigit() or bound_to_loopback(addr)


def _strport_on_loopback(spec: str) -> bool:
    """twisted's strports: ``unix:/path``, or a TCP/SSL port whose ``interface=`` names loopback (without
    one, every interface)."""
    if spec.startswith("unix:"):
        return True
    for part in spec.split(":"):
        if part.startswith("interface="):
            return bound_to_loopback(part[len("interface=") :])
    return False


class Serves(NamedTuple):
    """What one serving program (or subcommand) does with its binds."""

    everywhere: bool  # with no bind given, it listens on every interface
    local: Callable[[str], bool] = bound_to_loopback  # a bind nobody else reaches
    operand_bind: bool = False  # the first operand is the address (Django's runserver)


def _opens(reading: Reading, serves: Serves) -> bool:
    """One reading of a serving program opens this machine: it binds somewhere not loopback, or binds
    nowhere and listens everywhere by default; help reads."""
    keys = reading.keys
    if "help" in keys:
        return False
    binds = [k[5:] for k in keys if k.startswith("bind=")]
    if serves.operand_bind and reading.operands:
        binds.append(reading.operands[0])
    if "everywhere" in keys or ("bind" in keys and not binds):
        return True  # symfony's --allow-all-ip; a bind option with no value (vite's bare `--host`)
    if not binds:
        return serves.everywhere
    if not all(serves.local(b) for b in binds):
        return True
    return serves.everywhere and any(k[:1] == "?" for k in keys)


def _ends_with_bind(table: Program, args: tuple[str, ...]) -> bool:
    """The last word is a bind option of ``table`` or of its subcommands (``--host``, ``-H``): it has no
    value, whatever came before it."""
    last = args[-1] if args else ""
    if last[:1] != "-":
        return False
    long = last[:2] == "--"
    name = last[2:] if long else last[1:]
    for level in (table, *table.subcommands.values()):
        hit = (level.long if long else level.short).get(name)
        if hit is not None and "bind" in hit[0]:
            return True
    return False


def _reads_open(table: Program, args: tuple[str, ...], serving: dict[str, Serves]) -> bool:
    """``args`` read by ``table`` open this machine in some reading (``serving``: by the name of the level
    read, the program's or a subcommand's, what serves). A bind option that ends the line has no value,
    whatever came before it (``vite --host 127.0.0.1 --host``: every interface)."""
    bare_at_end = _ends_with_bind(table, args)
    for reading in read_by(table, args):
        serves = serving.get(reading.path[-1])
        if serves is not None and (bare_at_end or _opens(reading, serves)):
            return True
    return False


def _reader(table: Program, serving: dict[str, Serves]) -> Callable[[tuple[str, ...]], bool]:
    def read(view: tuple[str, ...]) -> bool:
        return _reads_open(table, view[1:], serving)

    read.__doc__ = f"{table.name}: a server on an interface others reach (its option table)."
    return read


_EVERYWHERE = Serves(everywhere=True)
_ON_REQUEST = Serves(everywhere=False)

_APACHE_READS = frozenset({"-V", "-v", "-t", "-S", "-M", "-l", "-L", "-h", "-help", "--help", "--version"})
_BUSYBOX_HTTPD = _reader(BUSYBOX_HTTPD, {"httpd": _EVERYWHERE})


def _httpd(view: tuple[str, ...]) -> bool:
    """busybox ``httpd [-p [ip:]port]`` or Apache's: a server on every interface unless ``-p`` names loopback;
    one reporting word alone (``httpd -v``) is Apache's version (busybox's ``-v`` serves, fail closed)."""
    if len(view) == 2 and view[1] in _APACHE_READS and view[1] != "-v":
        return False
    return _BUSYBOX_HTTPD(view)


_PHP_SERVES = {"serve": _ON_REQUEST}


def _php(view: tuple[str, ...]) -> bool:
    """``php -S host:port`` (the built-in web server) on a non-loopback address, and Laravel's ``php artisan
    serve --host addr`` (the interpreter's options stop at the script)."""
    for reading in read_by(PHP, view[1:]):
        if _opens(reading, _ON_REQUEST):
            return True
        ops = reading.operands
        if (
            "serve" in ops
            and ops[0].rsplit("/", 1)[-1] == "artisan"
            and _reads_open(ARTISAN, ops[1:], _PHP_SERVES)
        ):
            return True
    return False


_GOST_REVERSE = ("rtcp", "rudp", "rtls", "rws", "rwss", "relay+", "tun", "tap")


def _gost(view: tuple[str, ...]) -> bool:
    """gost: a chain (``-F``) or configuration (``-C``) reaches another machine; ``-L rtcp://…`` lets one
    reach this machine; ``-L :8080`` serves every interface; an option its table does not know may be any of
    these. Only loopback listeners, and help or version alone, stay as they were."""
    for reading in read_by(GOST, view[1:]):
        keys = reading.keys
        if keys and keys <= {"help"}:
            continue
        if keys & {"forward", "config"} or any(k.startswith(("forward=", "config=", "?")) for k in keys):
            return True
        listens = [k[7:] for k in keys if k.startswith("listen=")]
        for value in listens:
            scheme = value.partition("://")[0].lower() if "://" in value else ""
            if scheme.startswith(_GOST_REVERSE) or "+r" in scheme:
                return True
        if not listens or not all(bound_to_loopback(v) for v in listens):
            return True
    return False


_DJANGO_SERVING = {
    "runserver": Serves(everywhere=False, local=_port_or_loopback, operand_bind=True),
    "runserver_plus": Serves(everywhere=False, local=_port_or_loopback, operand_bind=True),
    "testserver": Serves(everywhere=False, local=_port_or_loopback),
}
_DJANGO_SERVERS = frozenset(_DJANGO_SERVING)
_DJANGO_SCRIPTS = frozenset({"manage.py", "django-admin", "django-admin.py"})


def _django(view: tuple[str, ...]) -> bool:
    """``manage.py runserver 0.0.0.0:8000`` (``0:8000``, ``[::]:8000``, a host name), ``testserver
    --addrport``: a port alone, or a loopback address, stays on this machine."""
    if _DJANGO_SERVERS.isdisjoint(view):
        return False  # the common case: another management command
    return _reads_open(DJANGO, view[1:], _DJANGO_SERVING)


def _python(view: tuple[str, ...]) -> bool:
    """``python [options] manage.py runserver …``: the script's own reading (``-m`` is a view of its own); a
    debugger listening for anyone (``-m debugpy --listen 0.0.0.0:5678``)."""
    if not _PY_DEBUGGERS.isdisjoint(view) and _py_debugger_open(view):
        return True
    if _DJANGO_SERVERS.isdisjoint(view):
        return False
    for reading in read_by(PYTHON, view[1:]):
        ops = reading.operands
        if reading.keys & {"code", "module", "help"} or not ops:
            continue
        if ops[0].rsplit("/", 1)[-1] in _DJANGO_SCRIPTS and _reads_open(DJANGO, ops[1:], _DJANGO_SERVING):
            return True
    return False


_UN_HTTPD = {"httpd": _EVERYWHERE}

# -- debuggers that listen (red team): a debug port runs whatever code the one who connects sends -------------
# A debugger bound to loopback stays on this machine (their defaults: node's `--inspect`, debugpy's `--listen
# 5678`, dlv's, chrome's, rdbg's); bound to another address, an empty host (`:2345`) or `*`, anyone who reaches
# the machine runs code in it -- a listener that opens the machine, as `ttyd bash` is. A reverse connection to
# another machine (`debugpy --connect host:port`) hands it the same.
_PY_DEBUGGERS = frozenset({"debugpy", "ptvsd", "-mdebugpy", "-mptvsd"})
_INSPECT = ("--inspect", "--inspect-brk", "--inspect-wait", "--inspect-port", "--debug-port")


def _bind_open(addr: str) -> bool:
    """A debugger's ``[host:]port``: a port alone is its loopback default; an empty host, ``*`` or another
    address is not."""
    return not (addr.isdigit() or bound_to_loopback(addr))


def _py_debugger_open(view: tuple[str, ...]) -> bool:
    """``python -m debugpy --listen [host:]port`` / ``--connect host:port``, ptvsd's ``--host``."""
    if any(w.partition("=")[0] == "--connect" for w in view):
        return True
    listens = _named_value(view, ("--listen",))
    hosts = _named_value(view, ("--host",))
    if listens is None or hosts is None:
        return True  # an option ending the line with no value: fail closed
    return any(_bind_open(v) for v in listens) or any(not bound_to_loopback(h) for h in hosts)


def _inspector_open(view: tuple[str, ...]) -> bool:
    """node's, deno's and bun's inspector: ``--inspect[-brk|-wait]=[host:]port``, ``--inspect-port``."""
    for w in view[1:]:
        name, eq, value = w.partition("=")
        if name in _INSPECT and eq and _bind_open(value):
            return True
    return False


def _dlv(view: tuple[str, ...]) -> bool:
    """Delve's ``--headless``/``dap`` server: ``--listen=[host]:port`` (``:2345`` is every interface)."""
    values = _named_value(view, ("--listen", "-l"))
    return values is None or any(_bind_open(v) for v in values)


def _gdbserver(view: tuple[str, ...]) -> bool:
    """``gdbserver [options] [host]:port prog`` / ``--multi :port``; lldb-server's ``gdbserver``/``platform
    --listen``. ``-`` and ``stdio`` are the debugger's own pipes."""
    for w in view[1:]:
        if w[:1] == "-" and w != "-":
            name, eq, value = w.partition("=")
            if name == "--listen" and eq and _bind_open(value):
                return True
            continue
        if ":" in w and not w.startswith(("/", ".")):
            return _bind_open(w)
    return "--listen" in view and _binds_elsewhere(view, ("--listen",))


def _jdwp(view: tuple[str, ...]) -> bool:
    """Java's ``-agentlib:jdwp=…server=y,address=[host:]port`` (and ``-Xrunjdwp:``): a debugger any host may
    attach to unless the address names loopback (a port alone is loopback since JDK 9)."""
    for w in view[1:]:
        if w.startswith(("-agentlib:jdwp=", "-Xrunjdwp:")) and "server=y" in w:
            for part in w.partition("=" if w.startswith("-agentlib") else ":")[2].split(","):
                key, _, value = part.partition("=")
                if key == "address" and _bind_open(value):
                    return True
    return False


def _chrome(view: tuple[str, ...]) -> bool:
    """A browser's DevTools protocol: ``--remote-debugging-address`` other than loopback."""
    values = _named_value(view, ("--remote-debugging-address",))
    return values is None or any(not bound_to_loopback(v) for v in values)


def _rdbg(view: tuple[str, ...]) -> bool:
    """Ruby's ``rdbg --open --host ADDR`` (``-O``): a remote debugger on that address."""
    if not ({"--open", "-O"} & set(view) or any(w.startswith("--open=") for w in view)):
        return False
    return _binds_elsewhere(view, ("--host",))


def _rpyc(view: tuple[str, ...]) -> bool:
    """RPyC's classic server runs any Python a client sends: open unless ``--host`` names loopback."""
    values = _named_value(view, ("--host",))
    return values is None or not values or any(not bound_to_loopback(v) for v in values)


def _kernel(view: tuple[str, ...]) -> bool:
    """``ipython kernel --ip=ADDR``: a kernel that runs what its clients send, on that address."""
    return "kernel" in view and _binds_elsewhere(view, ("--ip",))


_CHROMES = ("chrome", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "msedge")
DEBUG_LISTENERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    **dict.fromkeys(("node", "nodejs", "bun", "tsx", "esno", "nodemon"), _inspector_open),
    # red team: node's other TypeScript and Babel runners and restarters, which hand node its inspector
    # options (ts-node's own parser may refuse them: read as listening all the same, fail closed)
    **dict.fromkeys(JS_RUNNERS, _inspector_open),
    "dlv": _dlv,
    **dict.fromkeys(("gdbserver", "lldb-server"), _gdbserver),
    "java": _jdwp,
    **dict.fromkeys(_CHROMES, _chrome),
    "rdbg": _rdbg,
    **dict.fromkeys(("rpyc_classic", "rpyc_classic.py"), _rpyc),
    **dict.fromkeys(("ipython", "ipython3"), _kernel),
}


def _ruby(view: tuple[str, ...]) -> bool:
    """``ruby -run -e httpd [dir] [--bind-address addr]``: un.rb's WEBrick server, every interface unless
    the address is loopback."""
    if "httpd" not in view and "-ehttpd" not in view:
        return False
    for reading in read_by(RUBY, view[1:]):
        if "require=un" in reading.keys and "code=httpd" in reading.keys:
            if "help" not in reading.keys and _reads_open(UN_HTTPD, reading.operands, _UN_HTTPD):
                return True
    return False


# jupyter's subcommands that list, build or configure rather than serve (`jupyter lab build`).
_JUPYTER_TOOLS = frozenset(
    "list stop password build clean path paths workspace workspaces extension labextension serverextension"
    " nbextension bundlerextension licenses".split()
)
_JUPYTER_SERVING = {p.name: _ON_REQUEST for p in JUPYTER_SERVERS}


def _jupyter_server(table: Program) -> Callable[[tuple[str, ...]], bool]:
    def read(view: tuple[str, ...]) -> bool:
        """``jupyter notebook|lab|server --ip addr``: not loopback (``0.0.0.0``, ``*``, empty) opens it;
        ``jupyter lab build``, ``jupyter server list`` and the like serve nothing."""
        for reading in read_by(table, view[1:]):
            if reading.path[-1] not in _JUPYTER_SERVING:
                continue
            if reading.operands and reading.operands[0] in _JUPYTER_TOOLS:
                continue
            if _opens(reading, _ON_REQUEST):
                return True
        return False

    return read


def _twistd(view: tuple[str, ...]) -> bool:
    """twistd: ``web`` listens where its strports say (every interface by default); any other plugin, or an
    application file (``-y app.tac``), serves what no table reads (fail closed). Help reads."""
    for reading in read_by(TWISTD, view[1:]):
        if "help" in reading.keys:
            continue
        if reading.path[-1] == "web":
            if _opens(reading, _TWISTD_WEB):
                return True
        elif reading.operands or any(k.startswith("app") for k in reading.keys):
            return True
    return False


_TWISTD_WEB = Serves(everywhere=True, local=_strport_on_loopback)

_CADDY = _reader(
    CADDY,
    {
        "file-server": _EVERYWHERE,
        "respond": _EVERYWHERE,
        "reverse-proxy": _EVERYWHERE,  # --from is a site address, not where it binds
        "run": _EVERYWHERE,
        "start": _EVERYWHERE,
        "reload": _EVERYWHERE,
    },
)

# Variables a server reads its bind address from (`FLASK_RUN_HOST=0.0.0.0 flask run`), and the table that
# reads GUNICORN_CMD_ARGS (its value is more options).
# red team: ollama's; the `HOST` (`HOSTNAME`) that Nuxt, Nitro, Next's standalone server, create-react-app and
# most Node servers read, Nuxt's and Nitro's own; ruby/debug's remote debugger (`RUBY_DEBUG_OPEN=1`).
_BIND_VARIABLES = frozenset(
    {
        "FLASK_RUN_HOST",
        "UVICORN_HOST",
        "OLLAMA_HOST",
        "HOST",
        "HOSTNAME",
        "NUXT_HOST",
        "NITRO_HOST",
        "RUBY_DEBUG_HOST",
    }
)
# ASP.NET's list of URLs it listens on (`http://0.0.0.0:5000;http://localhost:5001`; `*` and `+` are every
# interface).
_URL_LIST_VARIABLES = frozenset({"ASPNETCORE_URLS", "DOTNET_URLS"})


def assigned_bind(view: tuple[str, ...]) -> bool:
    """A segment that sets a server's bind address to one others reach (``FLASK_RUN_HOST=0.0.0.0 flask
    run``, ``env UVICORN_HOST=:: uvicorn app:app``, ``GUNICORN_CMD_ARGS='-b 0.0.0.0:80' gunicorn app``,
    ``export FLASK_RUN_HOST=0.0.0.0`` for the segments after it):
    whatever runs after it, the assignment exists to open it (fail closed). Every assignment of the view is
    read (``env``'s options may stand between them)."""
    for w in view:
        if "=" not in w or not is_assignment(w):
            continue
        name, _, value = w.partition("=")
        if name in _BIND_VARIABLES and not bound_to_loopback(value):
            return True
        if name == "MEILI_HTTP_ADDR" and not bound_to_loopback(value):
            return True
        if name in _URL_LIST_VARIABLES and not all(bound_to_loopback(u) for u in value.split(";")):
            return True
        if name == "GUNICORN_CMD_ARGS" and _reads_open(GUNICORN, tuple(value.split()), _GUNICORN_SERVING):
            return True
        if name in ENGINE_HOST_VARIABLES and not local_endpoint(value, name):
            return True  # red team: a container engine's daemon on another machine (permissions.commands.containers)
    return False


_GUNICORN_SERVING = {"gunicorn": Serves(everywhere=False, local=_local_socket_or_loopback)}


def _rails(view: tuple[str, ...]) -> bool:
    """``rails server -b addr``; without ``-b``, localhost in development and 0.0.0.0 in any other
    environment (``rails s -e production``)."""
    for reading in read_by(RAILS, view[1:]):
        if reading.path[-1] != "server":
            continue
        envs = [k[12:] for k in reading.keys if k.startswith("environment=")]
        serves = _EVERYWHERE if any(e != "development" for e in envs) else _ON_REQUEST
        if _opens(reading, serves):
            return True
    return False


# -- servers that open a shell, a login, the screen, files or a cache to others ------------------------------
def _interface_or_loopback(addr: str) -> bool:
    """ttyd's ``-i``: the loopback interface (``lo``), a local socket's path, or a loopback address."""
    return addr in ("lo", "lo0") or "/" in addr or bound_to_loopback(addr)


def _each_local(addr: str) -> bool:
    """memcached's ``-l a,b`` (each address loopback) and ``-s /path`` (a local socket)."""
    return all(a.startswith("/") or bound_to_loopback(a) for a in addr.split(","))


# Servers whose every run listens where their configuration (or nothing) says -- this machine is opened --
# but for the words that only print (``reads``: every word after the name one of them) or only check their
# configuration (``checks``: one of them anywhere, as `nginx -t`). [beyond] red team: a login, a shared
# terminal, a file or proxy server, the screen.
_ALWAYS_SERVING: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    name: (frozenset(reads.split()), frozenset(checks.split()))
    for names, reads, checks in (
        ("sshd", "-V -h -?", "-t -T"),
        ("telnetd in.telnetd utelnetd busybox-telnetd", "", ""),
        ("vsftpd", "-v -version", ""),
        ("proftpd", "-v -vv -V -h --help --version -l --list", "-t --configtest"),
        ("pure-ftpd pure-ftpd-wrapper in.ftpd ftpd bftpd", "-h --help", ""),
        ("tftpd in.tftpd atftpd", "-h --help -V --version", ""),
        ("smbd nmbd samba", "-V --version -b --build-options -h --help -?", ""),
        ("inetd xinetd tcpsvd udpsvd", "-version -h --help", ""),
        (
            "vncserver tigervncserver tightvncserver Xvnc Xtigervnc x0vncserver xrdp",
            "-list -help -h --help -version -kill",
            "",
        ),
        ("tinyproxy 3proxy danted sockd", "-v -V -h --help", ""),
        ("squid", "-v -h", ""),
        ("mitmproxy mitmdump mitmweb", "--version -h --help", ""),
        ("sslh sslh-fork sslh-select sslh-ev frps", "-V -v --version -h --help version", "verify"),
        ("stunnel stunnel4", "-version -help -options -sockets", ""),
        ("nginx openresty", "-v -V -h -? -q -s stop quit", "-t -T"),
        ("haproxy", "-v -vv -h", "-c"),
        ("lighttpd", "-v -V -h", "-t -tt -p"),
        ("traefik", "version --version -h --help", "healthcheck"),
        (
            "apachectl apache2ctl",
            "-v -V -h -l -L -M -S status fullstatus stop graceful-stop",
            "configtest -t",
        ),
        ("tmate", "-V -h", ""),
        ("sshx upterm teleconsole", "-V -h --help --version version help", ""),
    )
    for name in names.split()
}


def _always(view: tuple[str, ...]) -> bool:
    """One of :data:`_ALWAYS_SERVING`: it listens, but for its reading or checking words."""
    reads, checks = _ALWAYS_SERVING[view[0]]
    args = view[1:]
    if checks and not checks.isdisjoint(args):
        return False
    return not (args and all(w in reads for w in args))


_REDIS_READS = frozenset({"-v", "--version", "-h", "--help", "--test-memory", "--check-system"})


def _redis_server(view: tuple[str, ...]) -> bool:
    """``redis-server`` (valkey's, keydb's) binds loopback unless ``--bind`` names another address or
    ``--protected-mode`` is not ``yes`` (its values are the words up to
    the next option; an address may carry a leading ``-``, "optional"); a configuration file (any first word
    not an option) says where it listens and is not read here (fail closed)."""
    args = view[1:]
    if not args:
        return False
    if args[0] in _REDIS_READS:
        return False
    if args[0][:2] != "--":
        return True  # `redis-server ./redis.conf`, `redis-server -` (the configuration on its input)
    binding = False
    bound = 0
    for k, w in enumerate(args):
        if w[:2] == "--":
            if binding and not bound:
                return True  # `--bind` with no address
            binding = w == "--bind"
            bound = 0
            if w == "--protected-mode" and args[k + 1 : k + 2] != ("yes",):
                return True  # red team: without it, anyone who reaches the port runs commands
        elif binding:
            bound += 1
            if not bound_to_loopback(w.lstrip("-")):
                return True
    return binding and not bound


def _named_value(view: tuple[str, ...], names: tuple[str, ...]) -> list[str] | None:
    """The values of the options ``names`` in ``view`` (``--x v`` or ``--x=v``); None when one ends the line
    with no value (fail closed: the caller reads it as every interface)."""
    found: list[str] = []
    for k, w in enumerate(view):
        name, eq, value = w.partition("=")
        if name in names:
            if eq:
                found.append(value)
            elif k + 1 < len(view):
                found.append(view[k + 1])
            else:
                return None
    return found


def _binds_elsewhere(view: tuple[str, ...], names: tuple[str, ...], split: str = "") -> bool:
    """A server that binds loopback unless one of the options ``names`` says otherwise (each value a list
    separated by ``split``, if given): whether one does."""
    values = _named_value(view, names)
    if values is None:
        return True
    return any(not bound_to_loopback(a) for v in values for a in (v.split(split) if split else (v,)))


def _open_unless(names: tuple[str, ...], helps: frozenset[str]) -> Callable[[tuple[str, ...]], bool]:
    """A server on every interface unless each of the options ``names`` names loopback (its help reads)."""

    def read(view: tuple[str, ...]) -> bool:
        if not helps.isdisjoint(view[1:]):
            return False
        values = _named_value(view, names)
        return values is None or not values or any(not bound_to_loopback(v) for v in values)

    return read


_WEBHOOK = _open_unless(("-ip", "--ip"), frozenset({"-h", "-help", "--help", "-version", "--version"}))
_S_SERVER = _open_unless(("-accept",), frozenset({"-help", "--help"}))
_IPERF_SERVER = _open_unless(("-B", "--bind"), frozenset({"-h", "--help", "-v", "--version"}))


def _openssl(view: tuple[str, ...]) -> bool:
    """red team (session 29): ``openssl s_server`` listens on every interface (port 4433) unless ``-accept``
    names loopback; ``-WWW``/``-rev`` serve the folder or echo, ``-www`` the session -- all open."""
    return len(view) > 1 and view[1] == "s_server" and _S_SERVER(view)


def _iperf(view: tuple[str, ...]) -> bool:
    """red team (session 29): ``iperf3 -s`` (``--server``, ``-sD``) listens on every interface (5201) unless
    ``-B`` names loopback; the client (``-c host``) is read for what it sends (permissions.commands.uploads)."""
    serves = any(w == "--server" or (w[:1] == "-" and w[1:2] != "-" and "s" in w[1:3]) for w in view[1:])
    return serves and _IPERF_SERVER(view)


def _dockerd(view: tuple[str, ...]) -> bool:
    """red team (session 29): ``dockerd -H tcp://0.0.0.0:2375`` -- the daemon (root on this machine) for anyone
    who reaches the port; its own socket (``unix://``, ``fd://``) and a loopback address stay."""
    values = _named_value(view, ("-H", "--host"))
    if values is None:
        return True
    return any(v.startswith(("tcp:", "ssh:")) and not bound_to_loopback(v) for v in values)


def _mongod(view: tuple[str, ...]) -> bool:
    """``mongod`` binds loopback unless ``--bind_ip_all`` or a ``--bind_ip`` list names another address; a
    configuration file (``-f``/``--config``) says where and is not read here (fail closed)."""
    if any(w.partition("=")[0] in ("--bind_ip_all", "--bind-ip-all", "--config", "-f") for w in view[1:]):
        return True
    values = _named_value(view, ("--bind_ip", "--bind-ip"))
    return values is None or any(not v or not _each_local(v) for v in values)


def _code_server(view: tuple[str, ...]) -> bool:
    """code-server: loopback unless ``--bind-addr`` says otherwise; ``--link`` serves it through Coder's cloud;
    a configuration file (``--config``) is not read here (fail closed)."""
    if any(w == "--link" or w.startswith(("--config", "--link=")) for w in view[1:]):
        return True
    return _binds_elsewhere(view, ("--bind-addr", "--host"))


def _dotnet(view: tuple[str, ...]) -> bool:
    """``dotnet run|watch --urls http://0.0.0.0:5000`` (ASP.NET's; ``*`` and ``+`` are every interface), the
    list separated by ``;``; the app reads ``--urls`` from its own arguments too, so anywhere on the line."""
    return _binds_elsewhere(view, ("--urls",), ";")


def _sam(view: tuple[str, ...]) -> bool:
    """``sam local start-api|start-lambda --host 0.0.0.0``: loopback unless ``--host`` says otherwise."""
    return "local" in view and _binds_elsewhere(view, ("--host",))


def _wrangler(view: tuple[str, ...]) -> bool:
    """``wrangler dev --ip 0.0.0.0``: localhost unless ``--ip`` says otherwise."""
    return "dev" in view and _binds_elsewhere(view, ("--ip",))


_GIT_SERVERS = frozenset({"daemon", "instaweb"})


def git_serves(view: tuple[str, ...]) -> bool:
    """``git daemon`` (every interface unless each ``--listen`` is loopback) and ``git instaweb`` (a web
    server on every interface unless ``--local``): every run, its loopback forms included -- the caps also
    read the view as its table does, which leaves the options out, so a bind cannot be told from none."""
    if _GIT_SERVERS.isdisjoint(view):
        return False
    return any(
        r.path == ("git",) and r.operands[:1] and r.operands[0] in _GIT_SERVERS for r in normalised(view)
    )


def _rsync_daemon(view: tuple[str, ...]) -> bool:
    """``rsync --daemon``: every interface unless ``--address`` is loopback (popt reads an abbreviation)."""
    if not any(w.startswith("--dae") for w in view):
        return False
    return _reads_open(RSYNC_DAEMON, view[1:], {"rsync": _EVERYWHERE})


def _dev_bind(sub: str, names: tuple[str, ...], public: str = "") -> Callable[[tuple[str, ...]], bool]:
    """``PROG SUB --name addr``: a dev server on loopback unless ``names`` say otherwise (a port alone is
    left as its default); ``public`` a flag that shares it through the vendor's tunnel."""

    def read(view: tuple[str, ...]) -> bool:
        if sub not in view[1:3]:
            return False
        if public and any(w == public or w.startswith(public + "=") for w in view):
            return True
        values = _named_value(view, names)
        return values is None or any(not (v.isdigit() or bound_to_loopback(v)) for v in values)

    read.__doc__ = f"``{sub}`` told to listen beyond loopback ({', '.join(names)})."
    return read


_DENO_SERVE = _reader(DENO, {"serve": _EVERYWHERE})
# The serving readers of programs the families also read for another act (`hg push`, `rsync` to a host,
# `deno publish`, `wrangler deploy`, `sam deploy`, `dotnet nuget push`): either opens it.
ALSO_SERVING: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "hg": _reader(HG, {"serve": _EVERYWHERE}),
    "rsync": _rsync_daemon,
    "deno": lambda view: _inspector_open(view) or _DENO_SERVE(view),
    "dotnet": _dotnet,
    "sam": _sam,
    "wrangler": _wrangler,
    "vercel": _dev_bind("dev", ("--listen", "-l")),  # red team: `vercel deploy` is read for its own act
    "netlify": _dev_bind("dev", ("--host",), public="--live"),  # a Netlify Live share is public
    "hexo": _reader(HEXO, {"server": _ON_REQUEST}),  # red team: `hexo deploy` is read for its own act
    "openssl": _openssl,  # red team (session 29): its s_server; what it sends, uploads reads
    **dict.fromkeys(("iperf3", "iperf"), _iperf),
    **DEBUG_LISTENERS,  # red team: debuggers listening for anyone (their programs may be read for more)
}


def publishes_ports(view: tuple[str, ...]) -> bool:
    """A container engine's ``run``/``create`` publishing a port on every interface: ``-p 8080:80`` (an
    address that is not loopback, or none), ``-P``/``--publish-all``; ``compose run`` with ``--service-ports``
    (the compose file's, wherever they bind) or ``-p``. podman, nerdctl and finch read docker's options."""
    if not any(w[:1] == "-" and ("p" in w or "P" in w) for w in view[1:]):
        return False  # no -p, -P, --publish, --publish-all, --service-ports
    for reading in normalised(("docker", *view[1:])):
        path = reading.path
        keys = reading.keys
        if path[-1:] in (("run",), ("create",)):
            if "publish-all" in keys or "service-ports" in keys:
                return True
            if any(k.startswith("publish=") and not _published_on_loopback(k[8:]) for k in keys):
                return True
            if "publish" in keys and not any(k.startswith("publish=") for k in keys):
                return True
    return False


def _published_on_loopback(spec: str) -> bool:
    """docker's ``-p [ip:][host port:]container port[/protocol]``: an address is given and names loopback."""
    spec = spec.partition("/")[0]
    if spec.startswith("["):
        return bound_to_loopback(spec)
    parts = spec.split(":")
    return len(parts) == 3 and bound_to_loopback(parts[0])


# -- red team: databases, caches and stores told to listen beyond loopback, or with their protection off --------
def _each_address_local(value: str) -> bool:
    """A list of addresses (``a,b``, ``a b``, ``[a,b]``) each loopback; ``*``, ``0.0.0.0``, ``::`` or another
    host is not. An empty list is no TCP listener at all (postgres's ``listen_addresses=''``)."""
    parts = value.strip("'\"[]").replace(",", " ").split()
    return all(bound_to_loopback(p.strip("'\"")) or p.strip("'\"") in ("_local_", "") for p in parts)


def _pg_options_open(words: list[str]) -> bool:
    """postgres's own options: ``-c listen_addresses=X`` (``--listen-addresses=X``, ``-h X``) not loopback, or
    ``-i`` (TCP on every interface)."""
    k = 0
    while k < len(words):
        w = words[k]
        k += 1
        if w == "-i":
            return True
        if w in ("-c", "-h") and k < len(words):
            w = (w + words[k]) if w == "-h" else words[k]
            k += 1
        elif w.startswith("--"):
            w = w[2:]
        elif w.startswith("-c"):
            w = w[2:]
        if w.startswith("-h"):
            if not _each_address_local(w[2:]):
                return True
            continue
        name, eq, value = w.partition("=")
        if eq and name.replace("-", "_").lower() == "listen_addresses" and not _each_address_local(value):
            return True
    return False


def _postgres(view: tuple[str, ...]) -> bool:
    """``postgres -c listen_addresses='*'`` (``-h 0.0.0.0``, ``-i``); pg_ctl's ``-o "…"``/``--options=…``
    hands postgres those options. Without them, postgres listens on localhost only."""
    args = list(view[1:])
    if view[0] != "pg_ctl":
        return _pg_options_open(args)
    values = _named_value(view, ("-o", "--options"))
    attached = [w[2:] for w in args if w.startswith("-o") and w != "-o" and not w.startswith("--")]
    if values is None:
        return True
    return any(_pg_options_open(v.split()) for v in (*values, *attached))


def _mysqld(view: tuple[str, ...]) -> bool:
    """``mysqld --bind-address=0.0.0.0`` (MariaDB's too; its options read by any unique prefix, ``--loose-``
    and ``_`` for ``-``): a list of addresses each loopback, or it listens for others."""
    args = view[1:]
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if name[:2] != "--":
            continue
        name = name[2:].replace("_", "-").removeprefix("loose-")
        if not (name.startswith("bind") and "bind-address".startswith(name)):
            continue
        if not eq:
            if k + 1 >= len(args):
                return True
            value = args[k + 1]
        if not _each_address_local(value):
            return True
    return False


_URL_LISTS = ("listen-client-urls", "listen-peer-urls", "listen-client-http-urls", "listen-metrics-urls")


def _etcd(view: tuple[str, ...]) -> bool:
    """``etcd --listen-client-urls http://0.0.0.0:2379`` (and its peer, metrics and HTTP lists; Go's flags take
    one or two dashes); a configuration file says where it listens and is not read here (fail closed)."""
    for k, w in enumerate(view[1:], 1):
        name, eq, value = w.lstrip("-").partition("=")
        if name == "config-file" and w[:1] == "-":
            return True
        if name in _URL_LISTS and w[:1] == "-":
            if not eq:
                value = view[k + 1] if k + 1 < len(view) else ""
            if not value or not all(bound_to_loopback(u) for u in value.split(",")):
                return True
    return False


_CONSUL_BINDS = ("client", "bind", "serf-lan-bind", "serf-wan-bind", "advertise", "config-file", "config-dir")


def _consul(view: tuple[str, ...]) -> bool:
    """``consul agent -client 0.0.0.0`` (its HTTP API and DNS) or ``-bind`` (the cluster's ports) not loopback;
    a configuration (``-config-file``, ``-config-dir``) says where and is not read here (fail closed)."""
    if "agent" not in view[1:3]:
        return False
    for k, w in enumerate(view[2:], 2):
        name, eq, value = w.lstrip("-").partition("=")
        if w[:1] != "-" or name not in _CONSUL_BINDS:
            continue
        if name.startswith("config"):
            return True
        if not eq:
            value = view[k + 1] if k + 1 < len(view) else ""
        if not all(bound_to_loopback(a) for a in value.split()) or not value:
            return True
    return False


def _minio(view: tuple[str, ...]) -> bool:
    """``minio server DIR``: its API (``--address``, ``:9000``) and console (``--console-address``, a random
    port) listen on every interface unless both name loopback."""
    if "server" not in view[1:3] or any(w in ("-h", "--help") for w in view):
        return False
    for names in (("--address",), ("--console-address",)):
        values = _named_value(view, names)
        if not values or not all(bound_to_loopback(v) for v in values):
            return True
    return False


_ES_HOSTS = frozenset(
    f"{layer}.{kind}" for layer in ("network", "http", "transport") for kind in ("host", "bind_host")
)


def _elasticsearch(view: tuple[str, ...]) -> bool:
    """``elasticsearch -E network.host=0.0.0.0`` (``http.host``, ``transport.host``, their ``bind_host``;
    OpenSearch's too): ``_local_`` and loopback stay; ``_site_``, ``_global_``, an address do not."""
    settings = _named_value(view, ("-E",))
    settings = [*(settings or ()), *(w[2:] for w in view[1:] if w.startswith("-E") and len(w) > 2)]
    for setting in settings:
        key, _, value = setting.partition("=")
        if key in _ES_HOSTS and not _each_address_local(value):
            return True
    return False


def _clickhouse(view: tuple[str, ...]) -> bool:
    """``clickhouse server -- --listen_host=0.0.0.0`` (``clickhouse-server``): a listen host not loopback."""
    if view[0] == "clickhouse" and "server" not in view[1:2]:
        return False
    return _binds_elsewhere(view, ("--listen_host", "--listen-host"))


_MEILI = ("--http-addr",)


def _nats_server(view: tuple[str, ...]) -> bool:
    """``nats-server`` listens on every interface unless ``-a``/``--addr``/``--net`` names loopback; a
    configuration file (``-c``) says where and is not read here (fail closed). Help and version read."""
    args = view[1:]
    if args and all(w in ("-h", "--help", "-v", "--version", "--help_tls") for w in args):
        return False
    if any(w.partition("=")[0] in ("-c", "--config") for w in args):
        return True
    values = _named_value(view, ("-a", "--addr", "--net"))
    return not values or any(not bound_to_loopback(v) for v in values)


_INFLUXD_TOOLS = frozenset({"version", "help", "print-config", "upgrade", "inspect", "downgrade", "recovery"})


def _influxd(view: tuple[str, ...]) -> bool:
    """``influxd [run]`` listens on ``:8086`` (every interface) unless ``--http-bind-address`` names loopback;
    its other subcommands and help serve nothing."""
    if view[1:2] and (view[1] in _INFLUXD_TOOLS or view[1] in ("-h", "--help")):
        return False
    values = _named_value(view, ("--http-bind-address",))
    return not values or any(not bound_to_loopback(v) for v in values)


# A recipe's parameters or variables naming where its server binds (`make dev HOST=0.0.0.0`, `just serve
# host=0.0.0.0`); a client's (`DB_HOST=db`) is not among them.
_RECIPE_BINDS = frozenset(
    "host hostname bind addr address listen ip interface bind_addr bind_address listen_addr listen_address".split()
)


def _task_runner(view: tuple[str, ...]) -> bool:
    """A task runner handed a bind for the server its recipe starts: ``make dev HOST=0.0.0.0``, ``just serve
    0.0.0.0``, ``just serve host=10.0.0.3``, ``task serve -- --host 0.0.0.0``, an every-interface address in
    any word (``ARGS='--host 0.0.0.0'``); for just and task, a bind option (make's own options, such as
    ``-l`` its load, are not binds)."""
    args = view[1:]
    for w in args:
        if "0.0.0.0" in w or "[::]" in w:
            return True
        name, eq, value = w.partition("=")
        if eq and name.lower() in _RECIPE_BINDS and not bound_to_loopback(value.strip("'\"")):
            return True
    if view[0] in ("make", "gmake"):
        return False
    return passes_bind([w for w in args if "=" not in w or w[:1] == "-"])


_PHP_VERSIONS = ("5.6", "7.0", "7.1", "7.2", "7.3", "7.4", "8.0", "8.1", "8.2", "8.3", "8.4", "8.5")
_PYTHON_NAMES = (
    "python",
    "python2",
    "python3",
    "py",
    "pypy",
    "pypy3",
    *(f"python3.{m}" for m in range(0, 20)),
    *(f"python2.{m}" for m in range(6, 8)),
)
_RUBY_NAMES = ("ruby", *(f"ruby{v}" for v in ("2.7", "3.0", "3.1", "3.2", "3.3", "3.4", "3.5")))

READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "env": assigned_bind,
    "export": assigned_bind,
    "gost": _gost,
    "http.server": _reader(HTTP_SERVER, {"http.server": _EVERYWHERE}),
    "SimpleHTTPServer": _reader(SIMPLE_HTTP_SERVER, {"SimpleHTTPServer": _EVERYWHERE}),
    "CGIHTTPServer": _reader(SIMPLE_HTTP_SERVER, {"SimpleHTTPServer": _EVERYWHERE}),
    **dict.fromkeys(("php", "php5", "php7", "php8", *(f"php{v}" for v in _PHP_VERSIONS)), _php),
    "http-server": _reader(HTTP_SERVER_NPM, {"http-server": _EVERYWHERE}),
    "serve": _reader(SERVE, {"serve": Serves(everywhere=True, local=_local_socket_or_loopback)}),
    "httpd": _httpd,
    "live-server": _reader(LIVE_SERVER, {"live-server": _EVERYWHERE}),
    "miniserve": _reader(MINISERVE, {"miniserve": _EVERYWHERE}),
    "darkhttpd": _reader(DARKHTTPD, {"darkhttpd": _EVERYWHERE}),
    **dict.fromkeys(_RUBY_NAMES, _ruby),
    "caddy": _CADDY,
    "twistd": _twistd,
    **dict.fromkeys(("manage.py", "django-admin", "django-admin.py", "django"), _django),
    **dict.fromkeys(_PYTHON_NAMES, _python),
    "vite": _reader(VITE, dict.fromkeys(("vite", "dev", "serve", "preview"), _ON_REQUEST)),
    "astro": _reader(ASTRO, dict.fromkeys(("dev", "preview"), _ON_REQUEST)),
    "next": _reader(NEXT, dict.fromkeys(("dev", "start"), _ON_REQUEST)),
    "flask": _reader(FLASK, {"run": _ON_REQUEST}),
    "uvicorn": _reader(UVICORN, {"uvicorn": _ON_REQUEST}),
    "gunicorn": _reader(GUNICORN, _GUNICORN_SERVING),
    "hypercorn": _reader(HYPERCORN, {"hypercorn": Serves(everywhere=False, local=_local_socket_or_loopback)}),
    "hugo": _reader(HUGO, {"server": _ON_REQUEST}),
    "mkdocs": _reader(MKDOCS, {"serve": _ON_REQUEST}),
    "jekyll": _reader(JEKYLL, {"serve": _ON_REQUEST}),
    "rails": _rails,
    "rackup": _reader(RACKUP, {"rackup": _ON_REQUEST}),
    "puma": _reader(PUMA, {"puma": Serves(everywhere=True, local=_local_socket_or_loopback)}),
    "webpack": _reader(WEBPACK, {"serve": _ON_REQUEST}),
    "webpack-cli": _reader(WEBPACK, {"serve": _ON_REQUEST}),
    "webpack-dev-server": _reader(WEBPACK_DEV_SERVER, {"webpack-dev-server": _ON_REQUEST}),
    "ng": _reader(NG, {"serve": _ON_REQUEST}),
    "streamlit": _reader(STREAMLIT, dict.fromkeys(("run", "hello"), _EVERYWHERE)),
    "symfony": _reader(SYMFONY, {"serve": _ON_REQUEST}),
    "jupyter": _jupyter_server(JUPYTER),
    **{f"jupyter-{p.name}": _jupyter_server(p) for p in JUPYTER_SERVERS},
    "notebook": _jupyter_server(JUPYTER.subcommands["notebook"]),
    "jupyterlab": _jupyter_server(JUPYTER.subcommands["lab"]),
    "jupyter_server": _jupyter_server(JUPYTER.subcommands["server"]),
    "nbclassic": _jupyter_server(JUPYTER.subcommands["nbclassic"]),
    "kubectl": _reader(KUBECTL_FORWARDS, dict.fromkeys(("port-forward", "proxy"), _ON_REQUEST)),
    "ttyd": _reader(TTYD, {"ttyd": Serves(everywhere=True, local=_interface_or_loopback)}),
    "gotty": _reader(GOTTY, {"gotty": _EVERYWHERE}),
    "wetty": _reader(WETTY, {"wetty": _EVERYWHERE}),
    "shellinaboxd": _reader(SHELLINABOX, {"shellinaboxd": _EVERYWHERE}),
    "websocketd": _reader(WEBSOCKETD, {"websocketd": _EVERYWHERE}),
    "microsocks": _reader(MICROSOCKS, {"microsocks": _EVERYWHERE}),
    "pyftpdlib": _reader(PYFTPDLIB, {"pyftpdlib": _EVERYWHERE}),
    "memcached": _reader(MEMCACHED, {"memcached": Serves(everywhere=True, local=_each_local)}),
    "dropbear": _reader(DROPBEAR, {"dropbear": _EVERYWHERE}),
    "x11vnc": _reader(X11VNC, {"x11vnc": _EVERYWHERE}),
    "json-server": _reader(JSON_SERVER, {"json-server": _ON_REQUEST}),
    "redis-server": _redis_server,
    "mongod": _mongod,
    "code-server": _code_server,
    **dict.fromkeys(_ALWAYS_SERVING, _always),
    # red team: more dev servers, stores and task runners told to listen beyond loopback
    **dict.fromkeys(("nuxi", "nuxt", "nuxt3", "nuxi-nightly"), _reader(NUXI, {"dev": _ON_REQUEST})),
    "svelte-kit": _reader(SVELTE_KIT, dict.fromkeys(("dev", "preview"), _ON_REQUEST)),
    "vitepress": _reader(VITEPRESS, dict.fromkeys(("dev", "preview", "serve"), _ON_REQUEST)),
    "remix": _reader(REMIX, dict.fromkeys(("dev", "vite:dev", "vite:preview"), _ON_REQUEST)),
    "storybook": _reader(STORYBOOK, {"dev": _ON_REQUEST}),
    "start-storybook": _reader(START_STORYBOOK, {"start-storybook": _ON_REQUEST}),
    "docusaurus": _reader(DOCUSAURUS, dict.fromkeys(("start", "serve"), _ON_REQUEST)),
    "gatsby": _reader(GATSBY, dict.fromkeys(("develop", "serve"), _ON_REQUEST)),
    "expo": _reader(EXPO, {"start": _ON_REQUEST}),
    "ionic": _reader(IONIC, {"serve": _ON_REQUEST}),
    "parcel": _reader(PARCEL, dict.fromkeys(("parcel", "serve"), _ON_REQUEST)),
    "rspack": _reader(RSPACK, dict.fromkeys(("serve", "dev", "preview"), _ON_REQUEST)),
    "rsbuild": _reader(RSBUILD, dict.fromkeys(("dev", "preview"), _ON_REQUEST)),
    "quasar": _reader(QUASAR, {"dev": _ON_REQUEST}),
    "vue-cli-service": _reader(VUE_CLI_SERVICE, {"serve": _ON_REQUEST}),
    "ember": _reader(EMBER, {"serve": _ON_REQUEST}),
    "elm": _reader(ELM, {"reactor": _ON_REQUEST}),
    "zola": _reader(ZOLA, {"serve": _ON_REQUEST}),
    "mdbook": _reader(MDBOOK, {"serve": _ON_REQUEST}),
    "sphinx-autobuild": _reader(SPHINX_AUTOBUILD, {"sphinx-autobuild": _ON_REQUEST}),
    "slidev": _reader(SLIDEV, {"slidev": _ON_REQUEST}),
    **dict.fromkeys(("valkey-server", "keydb-server", "redis-stack-server"), _redis_server),
    "mongos": _mongod,
    **dict.fromkeys(("postgres", "postmaster", "pg_ctl"), _postgres),
    **dict.fromkeys(("mysqld", "mariadbd", "mysqld_safe", "mariadbd-safe", "mariadb-server"), _mysqld),
    "etcd": _etcd,
    "consul": _consul,
    "minio": _minio,
    **dict.fromkeys(("elasticsearch", "opensearch"), _elasticsearch),
    **dict.fromkeys(("clickhouse", "clickhouse-server"), _clickhouse),
    "meilisearch": lambda view: _binds_elsewhere(view, _MEILI),
    "debugpy": _py_debugger_open,
    "nats-server": _nats_server,
    "influxd": _influxd,
    "trunk": _dev_bind("serve", ("--address", "-a")),
    "dx": _dev_bind("serve", ("--addr",)),
    "browser-sync": _dev_bind("start", ("--listen",)),
    "livereload": lambda view: _binds_elsewhere(view, ("-H", "--host")),
    # red team (session 29): the container daemon on a TCP port, a server running commands on a request
    "dockerd": _dockerd,
    "webhook": _WEBHOOK,
    **dict.fromkeys(("make", "gmake", "just", "task", "go-task"), _task_runner),
}
