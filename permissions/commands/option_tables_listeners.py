"""Option tables (R4.10) of the servers and forwards that can open this machine to others, read by the caps
(permissions.commands.listeners) through :func:`permissions.commands.options.read_by`: file servers
(python's http.server, php -S, npm's http-server and serve, busybox httpd, live-server, miniserve, darkhttpd,
ruby's un.rb httpd, caddy, twistd), application servers (Django's runserver, flask, uvicorn, gunicorn,
hypercorn, Laravel's artisan serve, symfony, rails, rackup, puma, streamlit, jupyter), dev servers (vite,
astro, next, webpack, ng, hugo, mkdocs, jekyll), and gost.

Every option that names the address a server binds reads as the key ``bind`` (its value ``bind=addr``;
given no value, as vite's bare ``--host``, every interface); an option that opens every interface whatever
else is bound (symfony's ``--allow-all-ip``) reads as ``everywhere``; help and version forms read as
``help``. The matcher does not read these tables (an allow, deny or ask pattern for these programs stays
literal, as before R4.10).
How a table is written: :mod:`permissions.commands.options`.
"""

from __future__ import annotations

from permissions.commands.option_reader import Program, _family
from permissions.commands.option_tables_deploy import KUBECTL_GLOBAL


def _one(spec: str) -> str:
    """A one-line table: options separated by ``;``."""
    return "\n".join(spec.split(";"))


# Python's argparse: unique abbreviations of long options; a short option's value attached or next.
HTTP_SERVER = Program(
    "http.server",
    _one("-h --help -> help; --cgi; -b= --bind= -> bind; -d= --directory=; -p= --protocol="),
    abbrev=True,
)

SIMPLE_HTTP_SERVER = Program("SimpleHTTPServer", _one("-h --help -> help"))

# The interpreter reads its options up to the script (or `-m`/`-c`), whose arguments are the script's.
PYTHON = Program(
    "python",
    _one(
        "-b; -B; -d; -E; -h -? --help --help-env --help-xoptions --help-all -> help; -i; -I; -O; -OO; -P; -q;"
        " -s; -S; -u; -v; -V --version -> help; -x; -c= -> code; -m= -> module; -W=; -X=;"
        " --check-hash-based-pycs="
    ),
    intersperse=False,
)

# php's own options stop at the script; `-S` starts the built-in server. php -h is not read as help here:
# the server's reading of it is not certain (fail closed).
PHP = Program(
    "php",
    _one(
        "-a --interactive; -C --no-chdir; -c= --php-ini=; -n --no-php-ini; -d= --define=; -e --profile-info;"
        " -f= --file=; -h --help; -H --hide-args; -i --info; -l --syntax-check; -m --modules; -r= --run=;"
        " -B= --process-begin=; -R= --process-code=; -F= --process-file=; -E= --process-end=;"
        " -s --syntax-highlight --syntax-highlighting; -S= --server= -> bind; -t= --docroot=; -v --version;"
        " -w --strip; -z= --zend-extension=; --ini=?; --rf= --rfunction=; --rc= --rclass=;"
        " --re= --rextension=; --rz= --rzendextension=; --ri= --rextinfo="
    ),
    intersperse=False,
)

# Laravel's `php artisan serve` (Symfony console): 127.0.0.1 unless --host says otherwise.
ARTISAN = Program(
    "artisan",
    _one(
        "-h --help -> help; -V --version -> help; -q --quiet; -n --no-interaction; --ansi; --no-ansi; --env=;"
        " -v -vv -vvv --verbose"
    ),
    subcommands={"serve": Program("serve", _one("--host= -> bind; --port=; --tries=; --no-reload"))},
)
ARTISAN.subcommands["serve"].parent = ARTISAN

# npm's http-server (minimist): clusters, a value attached or next.
HTTP_SERVER_NPM = Program(
    "http-server",
    _one(
        "-p= --port=; -a= -> bind; -d; -i; -g --gzip; -b --brotli; -e= --ext=; -s --silent; --cors=?; -o=?;"
        " -c=; -t=; -U --utc; --log-ip; -P= --proxy=; --proxy-options=; --proxy-config=; --username=;"
        " --password=; -S --ssl --tls; -C= --cert=; -K= --key=; -r --robots=?; --no-dotfiles; --mimetypes=;"
        " -h --help -v --version -> help"
    ),
)

# Vercel's serve (arg): `-l` repeats; a port alone listens on every interface.
SERVE = Program(
    "serve",
    _one(
        "-h --help -v --version -> help; -l= --listen= -> bind; -p=; -s --single; -d --debug; -c= --config=;"
        " -L --no-request-logging; -C --cors; -n --no-clipboard; -u --no-compression; --no-etag;"
        " -S --symlinks; --ssl-cert=; --ssl-key=; --ssl-pass=; --no-port-switching"
    ),
)

# busybox httpd: its -h is the home folder, not help.
BUSYBOX_HTTPD = Program("httpd", _one("-i; -f; -v; -p= -> bind; -u=; -r=; -h=; -c=; -m=; -e=; -d="))

# live-server reads `--opt=value` only: `--host 127.0.0.1` is ignored (every interface).
LIVE_SERVER = Program(
    "live-server",
    _one(
        "-h --help -v --version -> help; -V --verbose; -q --quiet; --host=? -> bind; --port=?; --open=?;"
        " --no-browser; --browser=?; --ignore=?; --ignorePattern=?; --no-css-inject; --middleware=?;"
        " --entry-file=?; --spa; --wait=?; --watch=?; --mount=?; --htpasswd=?; --cors; --https=?;"
        " --https-module=?; --proxy=?"
    ),
)

MINISERVE = Program(
    "miniserve",
    _one(
        "-h --help -V --version -> help; -v --verbose; --index=; --spa; --pretty-urls; -p= --port=;"
        " -i= --interfaces= -> bind; -a= --auth=; --auth-file=; --route-prefix=; --random-route;"
        " -P --no-symlinks; -H --hidden; -S= --default-sorting-method=; -O= --default-sorting-order=;"
        " -c= --color-scheme=; -d= --color-scheme-dark=; -q --qrcode; -u --upload-files=?; -U --mkdir;"
        " -m= --media-type=; -M= --raw-media-type=; -o --overwrite-files; -r --enable-tar;"
        " -g --enable-tar-gz; -z --enable-zip; -C --compress-response; -D --dirs-first; -t= --title=;"
        " --header=; -l --show-symlink-info; -F --hide-version-footer; --hide-theme-selector;"
        " -W --show-wget-footer; --tls-cert=; --tls-key=; --readme; -I --disable-indexing; --enable-webdav;"
        " --print-completions=; --print-manpage"
    ),
)

DARKHTTPD = Program(
    "darkhttpd",
    _one(
        "-h --help --version -> help; --port=; --addr= -> bind; --maxconn=; --log=; --chroot; --daemon;"
        " --index=; --no-listing; --mimetypes=; --default-mimetype=; --uid=; --gid=; --pidfile=;"
        " --no-keepalive; --forward=; --forward-all=; --no-server-id; --timeout=; --auth=; --header=; --ipv6;"
        " --syslog"
    ),
)

# gost (Go's flag package: `-L x`, `-L=x`, `--L x`; no clusters).
GOST = Program(
    "gost",
    _one("--L= -> listen; --F= -> forward; --C= -> config; --D -> debug; --V --version --h --help -> help"),
    dash_long=True,
    bundle=False,
)

# ruby's un.rb (`ruby -run -e httpd`): OptionParser, long options and their unique abbreviations.
RUBY = Program(
    "ruby",
    _one(
        "-0=?; -a; -c; -C=; -d --debug; -e= -> code; -E= --encoding=; -F=; -i=?; -I=; -l; -n; -p;"
        " -r= -> require; -s; -S; -v --verbose; -w; -W=?; -x=?; -K=?; -T=?; -y; -h --help --version -> help;"
        " --enable=; --disable=; --jit; --yjit; --external-encoding=; --internal-encoding=; --dump=;"
        " --backtrace-limit=; --crash-report="
    ),
    intersperse=False,
)
UN_HTTPD = Program(
    "httpd",
    _one(
        "--bind-address= -> bind; --port=; --max-clients=; --temp-dir=; --do-not-reverse-lookup;"
        " --request-timeout=; --http-version=; --ssl-certificate=; --ssl-private-key=; -v; -h --help -> help"
    ),
    abbrev=True,
)

# Django's manage.py / django-admin (argparse): runserver's first operand is `[addr:]port`.
DJANGO = Program(
    "manage.py",
    _one(
        "--settings=; --pythonpath=; --traceback; --no-color; --force-color; -v= --verbosity=; --skip-checks;"
        " -h --help --version -> help"
    ),
    abbrev=True,
)
DJANGO.subcommands = {
    "runserver": Program(
        "runserver",
        _one("-6 --ipv6; --nothreading; --noreload; --nostatic; --insecure"),
        abbrev=True,
        parent=DJANGO,
    ),
    "runserver_plus": Program(
        "runserver_plus",
        _one(
            "-6 --ipv6; --nothreading; --noreload; --nostatic; --insecure; --cert-file= --cert=; --key-file=;"
            " --extra-file=; --reloader-interval=; --reloader-type=; --startup-messages=; --print-sql; --nopin"
        ),
        abbrev=True,
        parent=DJANGO,
    ),
    "testserver": Program(
        "testserver", _one("--addrport= -> bind; -6 --ipv6; --noinput --no-input"), abbrev=True, parent=DJANGO
    ),
}

# vite and astro (cac/mri and yargs): `--host` alone listens on every interface, `--host addr` on addr.
_VITE_OPTIONS = _one(
    "--host= -> bind; --port=; --open=?; --cors; --strictPort; --force; -c= --config=; --base=;"
    " -l= --logLevel=; --clearScreen; --configLoader=; -d --debug; -f= --filter=; -m= --mode=; --root=;"
    " --site=; --verbose; --silent; -h --help -v --version -> help"
)
VITE = Program("vite", _VITE_OPTIONS)
VITE.subcommands = {
    name: Program(name, "", parent=VITE) for name in ("dev", "serve", "preview", "build", "optimize")
}
ASTRO = Program("astro", _VITE_OPTIONS)
ASTRO.subcommands = {
    name: Program(name, "", parent=ASTRO)
    for name in ("dev", "preview", "build", "check", "sync", "add", "docs", "info", "telemetry")
}

# Next.js (commander): `next dev|start -H addr`.
_NEXT_SERVE = _one(
    "-H= --hostname= -> bind; -p= --port=; --turbo --turbopack; --experimental-https;"
    " --experimental-https-key=; --experimental-https-cert=; --experimental-https-ca=;"
    " --experimental-upload-trace=; --keepAliveTimeout=; -h --help -> help"
)
NEXT = Program(
    "next",
    _one("-h --help -v --version -> help"),
    subcommands={
        "dev": Program("dev", _NEXT_SERVE),
        "start": Program("start", _NEXT_SERVE),
        "build": Program("build", ""),
    },
)

# flask (click): `flask run -h addr`; -h is the host there, help is --help.
FLASK = Program(
    "flask",
    _one("-A= --app=; -e= --env-file=; --debug; --no-debug; --help --version -> help"),
    subcommands={
        "run": Program(
            "run",
            _one(
                "-h= --host= -> bind; -p= --port=; --cert=; --key=; --reload; --no-reload; --debugger;"
                " --no-debugger; --with-threads; --without-threads; --extra-files=; --exclude-patterns=;"
                " --help -> help"
            ),
        )
    },
)

# uvicorn (click): a file descriptor's socket is unknown to the reader (fail closed).
UVICORN = Program(
    "uvicorn",
    _one(
        "--host= --fd= -> bind; --port=; --uds=; --reload; --reload-dir=; --reload-include=;"
        " --reload-exclude=; --reload-delay=; --workers=; --loop=; --http=; --ws=; --ws-max-size=;"
        " --ws-max-queue=; --ws-ping-interval=; --ws-ping-timeout=; --ws-per-message-deflate=; --lifespan=;"
        " --interface=; --env-file=; --log-config=; --log-level=; --access-log; --no-access-log;"
        " --use-colors; --no-use-colors; --proxy-headers; --no-proxy-headers; --server-header;"
        " --no-server-header; --date-header; --no-date-header; --forwarded-allow-ips=; --root-path=;"
        " --limit-concurrency=; --backlog=; --limit-max-requests=; --timeout-keep-alive=;"
        " --timeout-graceful-shutdown=; --ssl-keyfile=; --ssl-certfile=; --ssl-keyfile-password=;"
        " --ssl-version=; --ssl-cert-reqs=; --ssl-ca-certs=; --ssl-ciphers=; --header=; --app-dir=; --factory;"
        " --h11-max-incomplete-event-size=; --help --version -> help"
    ),
)

# gunicorn and hypercorn (argparse): `-b` repeats; `unix:` is a local socket.
GUNICORN = Program(
    "gunicorn",
    _one(
        "-b= --bind= -> bind; -c= --config=; -w= --workers=; -k= --worker-class=; --threads=; -t= --timeout=;"
        " --reload; -D --daemon; -p= --pid=; -e= --env=; --access-logfile=; --error-logfile= --log-file=;"
        " --log-level=; -n= --name=; --chdir=; --pythonpath=; --paste= --paster=; --certfile=; --keyfile=;"
        " --preload; -u= --user=; -g= --group=; -m= --umask=; --worker-tmp-dir=; --graceful-timeout=;"
        " --keep-alive=; --max-requests=; --max-requests-jitter=; --forwarded-allow-ips=; --capture-output;"
        " -R --enable-stdio-inheritance; --backlog=; --worker-connections=; --reload-engine=;"
        " --reload-extra-file=; --statsd-host=; --statsd-prefix=; --log-config=; --logger-class=;"
        " --access-logformat=; --limit-request-line=; --limit-request-fields=; --limit-request-field_size=;"
        " --reuse-port; --proxy-protocol; --proxy-allow-from=; --spew; --no-sendfile; --ssl-version=;"
        " --ca-certs=; --ciphers=; -h --help -v --version --check-config --print-config -> help"
    ),
    abbrev=True,
)
HYPERCORN = Program(
    "hypercorn",
    _one(
        "-b= --bind= -> bind; --insecure-bind= -> bind; --quic-bind= -> bind; -c= --config=; -w= --workers=;"
        " -k= --worker-class=; --reload; --debug; --access-logfile=; --access-logformat=;"
        " --error-logfile= --log-file=; --log-config=; --log-level=; --certfile=; --keyfile=;"
        " --keyfile-password=; --ca-certs=; --ciphers=; --keep-alive=; --graceful-timeout=; --read-timeout=;"
        " --max-requests=; --max-requests-jitter=; --root-path=; --server-name=; -u= --user=; -g= --group=;"
        " -m= --umask=; -p= --pid=; --backlog=; --statsd-host=; --statsd-prefix=;"
        " --websocket-ping-interval=; --verify-mode=; -h --help -> help"
    ),
    abbrev=True,
)

# jupyter's servers (traitlets): `--ip` and the traits it aliases.
_JUPYTER_SERVER = _one(
    "--ip= --ServerApp.ip= --NotebookApp.ip= -> bind; --port= --ServerApp.port= --NotebookApp.port=;"
    " --port-retries=; --sock=; --no-browser; --allow-root; -y --yes; --debug; --no-mathjax; --autoreload;"
    " --collaborative; --expose-app-in-browser; --core-mode; --dev-mode; --watch; --script; --no-script;"
    " --config=; --notebook-dir= --ServerApp.root_dir= --NotebookApp.notebook_dir=; --preferred-dir=;"
    " --keyfile=; --certfile=; --client-ca=; --pylab=?; --gateway-url=; --log-level=; --browser=;"
    " --app-dir=; --IdentityProvider.token= --ServerApp.token= --NotebookApp.token=;"
    " -h --help --help-all --version --generate-config -> help"
)
JUPYTER_SERVERS = tuple(Program(name, _JUPYTER_SERVER) for name in ("notebook", "lab", "server", "nbclassic"))
JUPYTER = Program(
    "jupyter",
    _one("-h --help --version --paths --config-dir --data-dir --runtime-dir -> help; --json; --debug"),
    subcommands={p.name: p for p in JUPYTER_SERVERS},
)

# caddy (cobra): file-server and respond listen where --listen says (every interface by default);
# reverse-proxy, run, start and reload serve what their flags or a configuration say.
_CADDY_HELP = "-h --help -> help"
CADDY = Program(
    "caddy",
    _one(f"{_CADDY_HELP}; -v --version -> help"),
    subcommands={
        "file-server": Program(
            "file-server",
            _one(
                f"{_CADDY_HELP}; -l= --listen= -> bind; -d= --domain=; -r= --root=; -b --browse; -t --templates;"
                " -a --access-log; -v --debug; --reveal-symlinks; --precompressed=; --no-compress"
            ),
        ),
        "respond": Program(
            "respond",
            _one(
                f"{_CADDY_HELP}; -l= --listen= -> bind; -s= --status=; -H= --header=; -b= --body=;"
                " -a --access-log; -v --debug"
            ),
        ),
        "reverse-proxy": Program(
            "reverse-proxy",
            _one(
                f"{_CADDY_HELP}; -f= --from=; -t= --to=; -H= --header-up=; -d= --header-down=;"
                " --change-host-header; --insecure; --internal-certs; -r --disable-redirects; -a --access-log;"
                " -v --debug"
            ),
        ),
        **{
            name: Program(
                name,
                _one(
                    f"{_CADDY_HELP}; -c= --config=; -a= --adapter=; --envfile=; -e --environ; --resume;"
                    " -w --watch; --pidfile=; --pingback=; --address=; -f --force"
                ),
            )
            for name in ("run", "start", "reload")
        },
    },
)

# twistd (twisted.python.usage: getopt, unique abbreviations): plugins are subcommands; web's listeners are
# strports (`tcp:8080`, `tcp:8080:interface=127.0.0.1`, `unix:/path`).
TWISTD_WEB = Program(
    "web",
    _one(
        "--listen= -> bind; -p= --port= -> bind; --https= -> bind; --path=; --wsgi=; --class=; -n --notracebacks;"
        " --display-tracebacks; -u --user; --personal; --add-header=; -m= --mime-type=; --allow-ignore-ext;"
        " --ignore-ext=; --resource-script=; --max-threads=; -l= --logfile=; --help --version -> help"
    ),
    abbrev=True,
)
TWISTD = Program(
    "twistd",
    _one(
        "-n --nodaemon; -l= --logfile=; --logger=; --pidfile=; -u= --uid=; -g= --gid=; --umask=; -r= --reactor=;"
        " -y= --python= -> app; -f= --file= -> app; -s= --source= -> app; -d= --rundir=; -o --no_save;"
        " -b --debug; -e --encrypted; --profile=; --profiler=; --savestats; --spew; --chroot=; --syslog;"
        " --prefix=; --euid; --originalname; --help --version --help-reactors -> help"
    ),
    abbrev=True,
    intersperse=False,
    subcommands={"web": TWISTD_WEB},
)

# Static-site and framework dev servers (cobra, click, mercenary, thor, yargs): loopback unless told.
_HUGO_SERVER = Program(
    "server",
    _one(
        "--bind= -> bind; -p= --port=; -b= --baseURL=; -s= --source=; -d= --destination=; -e= --environment=;"
        " -c= --contentDir=; -t= --theme=; --config=; -D --buildDrafts; -F --buildFuture; -E --buildExpired;"
        " -w --watch; --navigateToChanged; --disableFastRender; --appendPort; --liveReloadPort=;"
        " --renderToDisk; --poll=; -M --renderToMemory; --tlsAuto; --tlsCertFile=; --tlsKeyFile=;"
        " -O --openBrowser; -h --help -> help"
    ),
)
HUGO = Program(
    "hugo",
    _one("-h --help -> help"),
    subcommands={"server": _HUGO_SERVER},
    aliases={"serve": "server", "s": "server"},
)
_HUGO_SERVER.parent = HUGO

MKDOCS = Program(
    "mkdocs",
    _one("-V --version -h --help -> help"),
    subcommands={
        "serve": Program(
            "serve",
            _one(
                "-a= --dev-addr= -> bind; --livereload; --no-livereload; --dirtyreload; --dirty; -c --clean;"
                " --watch-theme; -w= --watch=; -f= --config-file=; -s --strict; -t= --theme=;"
                " --use-directory-urls; --no-directory-urls; -q --quiet; -v --verbose; -o --open; -h --help -> help"
            ),
        )
    },
)

JEKYLL = Program(
    "jekyll",
    _one("-h --help -v --version -> help"),
    subcommands={
        "serve": Program(
            "serve",
            _one(
                "-H= --host= -> bind; -P= --port=; -l --livereload; -o --open-url; -B --detach; -w --watch;"
                " --no-watch; -b= --baseurl=; -s= --source=; -d= --destination=; --config=; -D --drafts;"
                " --future; -I --incremental; --skip-initial-build; --livereload-port=; --ssl-cert=;"
                " --ssl-key=; -V --verbose; -q --quiet; -t --trace; -h --help -> help"
            ),
            abbrev=True,
        )
    },
    aliases={"server": "serve", "s": "serve"},
)

# rails server: localhost in development, 0.0.0.0 in any other environment.
RAILS = Program(
    "rails",
    _one("-h --help -v --version -> help"),
    subcommands={
        "server": Program(
            "server",
            _one(
                "-b= --binding= -> bind; -p= --port=; -e= --environment= -> environment; -d --daemon;"
                " -u= --using=; -c= --config=; -P= --pid=; -C --dev-caching; --no-dev-caching; --early-hints;"
                " --log-to-stdout; --no-log-to-stdout; -h --help -> help"
            ),
        )
    },
    aliases={"s": "server"},
)
RACKUP = Program(
    "rackup",
    _one(
        "-o= --host= -> bind; -p= --port=; -s= --server=; -E= --env=; -D --daemonize; -P= --pid=; -I= --include=;"
        " -r= --require=; -w --warn; -d --debug; -b= --builder=; -e= --eval=; -O= --option=; -q --quiet;"
        " -h --help -v --version -> help"
    ),
)
# puma binds tcp://0.0.0.0:9292 unless told (`-p 3000` too: a port on every interface).
PUMA = Program(
    "puma",
    _one(
        "-b= --bind= -> bind; -C= --config=; --control-url=; --control-token=; -d --daemon; --debug;"
        " -e= --environment=; --fork-worker=?; -I= --include=; -p= --port=; --pidfile=; --preload;"
        " --prune-bundler; --extra-runtime-dependencies=; -q --quiet; -v --log-requests; -R= --restart-cmd=;"
        " -s --silent; -S= --state=; -t= --threads=; --early-hints; -w= --workers=; --tag=;"
        " --redirect-stdout=; --redirect-stderr=; --redirect-append; -h --help -V --version -> help"
    ),
)

_WEBPACK_SERVE = _one(
    "--host= -> bind; --port=; --open; --no-open; --hot; --no-hot; --live-reload; --no-live-reload;"
    " -c= --config=; --mode=; --env=; --static=; --no-static; --server-type=; --client-overlay;"
    " --history-api-fallback; --allowed-hosts=; --compress; --no-compress; -h --help -v --version -> help"
)
WEBPACK = Program(
    "webpack",
    _one("-h --help -v --version -> help"),
    subcommands={"serve": Program("serve", _WEBPACK_SERVE)},
    aliases={"server": "serve", "s": "serve"},
)
WEBPACK_DEV_SERVER = Program("webpack-dev-server", _WEBPACK_SERVE)

NG = Program(
    "ng",
    _one("-h --help -v --version -> help"),
    subcommands={
        "serve": Program(
            "serve",
            _one(
                "--host= -> bind; --port=; -o --open; -c= --configuration=; --ssl; --ssl-key=; --ssl-cert=;"
                " --proxy-config=; --public-host=; --disable-host-check; --live-reload; --hmr; --watch; --poll=;"
                " --serve-path=; --verbose; --prebundle; -h --help -> help"
            ),
        )
    },
    aliases={"s": "serve", "dev": "serve"},
)

# streamlit: no server.address means every interface.
_STREAMLIT_RUN = _one(
    "--server.address= -> bind; --server.port=; --server.headless=; --server.runOnSave=;"
    " --server.fileWatcherType=; --server.baseUrlPath=; --browser.gatherUsageStats=; --browser.serverAddress=;"
    " --theme.base=; --logger.level=; --global.developmentMode=; -h --help -> help"
)
STREAMLIT = Program(
    "streamlit",
    _one("-h --help --version -> help; --log_level="),
    subcommands={"run": Program("run", _STREAMLIT_RUN), "hello": Program("hello", _STREAMLIT_RUN)},
    intersperse=False,
)

# symfony's local server: 127.0.0.1 unless --allow-all-ip (every interface) or --listen-ip.
_SYMFONY_SERVE = Program(
    "serve",
    _one(
        "--allow-all-ip -> everywhere; --listen-ip= -> bind; --port=; -d --daemon; --no-tls; --document-root=;"
        " --passthru=; --p12=; --allow-http; --no-humanize; --use-gzip; --dir=; --allow-cors; -h --help -> help"
    ),
)
SYMFONY = Program(
    "symfony",
    _one("-h --help -V --version -> help"),
    subcommands={"serve": _SYMFONY_SERVE},
    aliases={"server:start": "serve", "local:server:start": "serve"},
)


# kubectl's forwards: `port-forward` and `proxy` listen on loopback unless `--address` names another
# interface (then the cluster's service, or its whole API with this user's credentials, is open to others).
KUBECTL_FORWARDS = _family(
    "kubectl",
    KUBECTL_GLOBAL,
    ["port-forward", "proxy"],
    {},
    abbrev=False,
    specs={
        "port-forward": "--address= -> bind; --pod-running-timeout=",
        "proxy": "--address= -> bind; -p= --port=; --accept-hosts=; --accept-paths=; --reject-hosts=;"
        " --reject-paths=; --reject-methods=; --api-prefix=; -w= --www=; -P= --www-prefix=; -u= --unix-socket=;"
        " --disable-filter; --keepalive=; --append-server-path",
    },
)


# -- servers of a shell, a login, files or a cache that listen on every interface unless told otherwise --------
# An option that hands the server a configuration file reads as ``everywhere``: the file says where it listens
# and is not read here (fail closed, as caddy's `run`).

# ttyd (getopt_long): a shell on the web. `-i` names a network interface (`lo`) or a local socket's path; the
# command to serve follows the options.
TTYD = Program(
    "ttyd",
    _one(
        "-p= --port=; -i= --interface= -> bind; -U= --socket-owner=; -c= --credential=; -H= --auth-header=;"
        " -u= --uid=; -g= --gid=; -s= --signal=; -w= --cwd=; -a --url-arg; -W --writable; -t= --client-option=;"
        " -T= --terminal-type=; -O --check-origin; -m= --max-clients=; -o --once; -q --exit-no-conn;"
        " -B --browser; -I= --index=; -b= --base-path=; -P= --ping-interval=; -f= --srv-buf-size=; -6 --ipv6;"
        " -S --ssl; -C= --ssl-cert=; -K= --ssl-key=; -A= --ssl-ca=; -d= --debug=; -v --version -h --help -> help"
    ),
    abbrev=True,
    intersperse=False,
)

# gotty (Go, urfave/cli: `-name` and `--name` alike): a shell on the web, every interface unless `--address`.
GOTTY = Program(
    "gotty",
    _one(
        "-a= --address= -> bind; -p= --port=; -w --permit-write; -c= --credential=; -r --random-url;"
        " --random-url-length=; -t --tls; --tls-crt=; --tls-key=; --tls-ca-crt=; --index=; --title-format=;"
        " --reconnect; --reconnect-time=; --max-connection=; --once; --timeout=; --permit-arguments; --width=;"
        " --height=; --ws-origin=; --term=; --close-signal=; --close-timeout=; --config= -> everywhere;"
        " -h --help -v --version -> help"
    ),
    dash_long=True,
    intersperse=False,
)

# wetty (yargs): a terminal on the web, every interface unless `--host`.
WETTY = Program(
    "wetty",
    _one(
        "--host= -> bind; -p= --port=; -b= --base=; --title=; --ssh-host=; --ssh-port=; --ssh-user=;"
        " --ssh-auth=; --ssh-pass=; --ssh-key=; --ssh-config=; --known-hosts=; --force-ssh; -c= --command=;"
        " --allow-iframe; --ssl-key=; --ssl-cert=; --conf= -> everywhere; -h --help --version -> help"
    ),
)

# shellinaboxd: a terminal on the web, every interface unless `--localhost-only`.
SHELLINABOX = Program(
    "shellinaboxd",
    _one(
        "--localhost-only -> bind=localhost; -b= --background=?; -c= --cert=; --cert-fd=; --css=; -d --debug;"
        " -f= --static-file=; -g= --group=; --linkify=; --no-beep; -n --numeric; -m= --messages-origin=;"
        " -p= --port=; -s= --service=; -t --disable-ssl; --disable-ssl-menu; --disable-utmp-logging;"
        " -q --quiet; -u= --user=; --user-css=; -v --verbose; --pidfile=; -h --help --version -> help"
    ),
    abbrev=True,
)

# websocketd (Go's flag): a program's standard streams on a web socket, every interface unless `--address`.
WEBSOCKETD = Program(
    "websocketd",
    _one(
        "--address= -> bind; --port=; --staticdir=; --cgidir=; --devconsole; --ssl; --sslcert=; --sslkey=;"
        " --dir=; --loglevel=; --passenv=; --maxforks=; --header=; --header-ws=; --header-http=; --binary;"
        " --reverselookup=?; --origin=; --sameorigin; --closems=; --redirport=;"
        " --help --version --license -> help"
    ),
    dash_long=True,
    intersperse=False,
)

# microsocks: a SOCKS5 proxy, every interface unless `-i`.
MICROSOCKS = Program("microsocks", _one("-i= -> bind; -p=; -u=; -P=; -b=; -w=; -1; -q"), bundle=False)

# pyftpdlib's FTP server (`python -m pyftpdlib`, argparse): every interface unless `-i`.
PYFTPDLIB = Program(
    "pyftpdlib",
    _one(
        "-i= --interface= -> bind; -p= --port=; -w --write; -d= --directory=; -n= --nat-address=;"
        " -r= --range=; -D --debug; -u= --username=; -P= --password=; -V --verbose; -v --version -h --help -> help"
    ),
    abbrev=True,
)

# memcached (getopt_long): every interface unless `-l` (a comma-separated list) or a local socket (`-s`).
MEMCACHED = Program(
    "memcached",
    _one(
        "-l= --listen= -> bind; -s= --unix-socket= -> bind; -p= --port=; -U= --udp-port=; -a= --unix-mask=;"
        " -d --daemon; -u= --user=; -m= --memory-limit=; -c= --conn-limit=; -v --verbose; -t= --threads=;"
        " -R= --max-reqs-per-event=; -C --disable-cas; -b= --listen-backlog=; -I= --max-item-size=;"
        " -S --enable-sasl; -o= --extended=; -M --disable-evictions; -r --enable-coredumps; -A --enable-shutdown;"
        " -P= --pidfile=; -f= --slab-growth-factor=; -n= --slab-min-size=; -L --enable-largepages;"
        " -B= --protocol=; -F --disable-flush-all; -X --disable-dumping; -e= --memory-file=; -Z --enable-ssl;"
        " -h --help -V --version -> help"
    ),
    abbrev=True,
)

# dropbear: an SSH server, `-p [address:]port` (a port alone: every interface).
DROPBEAR = Program(
    "dropbear",
    _one(
        "-p= -> bind; -F; -E; -m; -w; -s; -g; -j; -k; -a; -c=; -r=; -R; -b=; -P=; -W=; -K=; -I=; -T=; -V -h -> help"
    ),
)

# x11vnc (single-dash long options): the screen over VNC, every interface unless `-localhost` or `-listen`.
X11VNC = Program(
    "x11vnc",
    _one(
        "--localhost -> bind=localhost; --listen= -> bind; --rfbport=; --display=; --auth=; --forever; --shared;"
        " --many; --once; --passwd=; --rfbauth=; --usepw; --nopw; --bg; -o=; -q --quiet; --viewonly; --ncache=?;"
        " --rc= -> everywhere; -h --help --version -> help"
    ),
    dash_long=True,
)

# hg serve (Mercurial's own parser: unique abbreviations of long options): every interface unless `-a`;
# `--stdio` and `--cmdserver` talk over this process's own streams or a pipe.
HG = Program(
    "hg",
    _one(
        "-R= --repository=; --cwd=; -y --noninteractive; -q --quiet; -v --verbose; --config=; --debug;"
        " --traceback; --time; --profile; --version -h --help -> help; --color=; --pager="
    ),
    abbrev=True,
    subcommands={
        "serve": Program(
            "serve",
            _one(
                "-A= --accesslog=; -d --daemon; --daemon-postexec=; -E= --errorlog=; -p= --port=;"
                " -a= --address= -> bind; --prefix=; -n= --name=; --web-conf= --webdir-conf= -> everywhere;"
                " --pid-file=; --stdio -> bind=localhost; --cmdserver= -> bind=localhost; -t= --templates=;"
                " --style=; -6 --ipv6; --certificate=; --print-url; -S --subrepos"
            ),
            abbrev=True,
        )
    },
    aliases={"ser": "serve", "serv": "serve"},
)

# rsync's daemon (`rsync --daemon`, popt: unique abbreviations): every interface unless `--address`; its
# configuration file says what is served.
RSYNC_DAEMON = Program(
    "rsync",
    _one(
        "--daemon; --address= -> bind; --bwlimit=; --config= -> everywhere; -M= --dparam=; --no-detach;"
        " --port=; --log-file=; --log-file-format=; --sockopts=; -v --verbose; -4 --ipv4; -6 --ipv6;"
        " -h --help --version -> help"
    ),
    abbrev=True,
)

# json-server (yargs): loopback unless `--host`.
JSON_SERVER = Program(
    "json-server",
    _one(
        "-c= --config= -> everywhere; -p= --port=; -H= --host= -> bind; -w --watch; -r= --routes=;"
        " -m= --middlewares=; -s= --static=; --read-only --ro; --no-cors --nc; --no-gzip --ng; -S= --snapshots=;"
        " -d= --delay=; -i= --id=; --fks=; -q --quiet; -h --help -v --version -> help"
    ),
)

# deno serve: every interface (0.0.0.0) unless `--host`; its script's arguments follow the script.
DENO = Program(
    "deno",
    _one("-h --help -V --version -> help; -q --quiet; --unstable; -L= --log-level="),
    intersperse=False,
    subcommands={
        "serve": Program(
            "serve",
            _one(
                "--host= -> bind; --port=; --parallel; -A --allow-all; -N= --allow-net=?; -R= --allow-read=?;"
                " -W= --allow-write=?; -E= --allow-env=?; -S= --allow-sys=?; --allow-run=?; --allow-ffi=?;"
                " --allow-import=?; --deny-net=?; --deny-read=?; --deny-write=?; --deny-env=?; --watch=?;"
                " --no-clear-screen; -c= --config=; --no-config; --env-file=?; -r= --reload=?; --lock=?;"
                " --no-lock; --cert=; --check=?; --no-check=?; --import-map=; --node-modules-dir=?;"
                " --inspect=?; --inspect-brk=?; --inspect-wait=?; -q --quiet; --cached-only; --frozen=?;"
                " --unstable; --v8-flags=?; --seed=; --location=; --ext=; --open; -h --help -> help"
            ),
            intersperse=False,
        )
    },
)


# -- red team: more dev servers that bind loopback unless told otherwise ---------------------------------------
def _dev_server(name: str, top: str, serving: dict[str, str], others: str = "", **aliases: str) -> Program:
    """A program whose subcommands ``serving`` (name: their options) serve; ``others`` build, lint or print
    (read so that their words are not taken for the serving ones); ``top``: the program's own options, read
    at every level. The serving options are read before the subcommand too (``gatsby -H 0.0.0.0 develop``:
    yargs, cac and commander's global parsing take them there)."""
    spec = ";".join(part for part in (top, *serving.values()) if part)
    root = Program(name, _one(spec), aliases={k.replace("_", "-"): v for k, v in aliases.items()})
    root.subcommands = {sub: Program(sub, _one(spec), parent=root) for sub, spec in serving.items()}
    root.subcommands.update({sub: Program(sub, "", parent=root) for sub in others.split()})
    return root


# nuxi / nuxt (citty, listhen): `--host` alone, `--public` every interface; `--tunnel` a public Cloudflare tunnel.
NUXI = _dev_server(
    "nuxi",
    "-h --help -v --version -> help; --cwd=; --rootDir=; --logLevel=; --dotenv=; --envName=",
    dict.fromkeys(
        ("dev",),
        "--host= -> bind; --public -> everywhere; --tunnel -> everywhere; -p= --port=; -o --open; --https;"
        " --https.cert=; --https.key=; --qr; --clipboard; --no-fork; --no-clear; --profile",
    ),
    "build generate preview start analyze typecheck prepare init add info upgrade module cleanup test devtools",
)
# SvelteKit's former CLI and vitepress: vite's options (`--host` alone: every interface).
_VITE_LIKE = (
    "--host= -> bind; --port=; --open=?; --cors; --strictPort; --force; -c= --config=; --base=; -l= --logLevel=;"
    " --clearScreen; -d --debug; -f= --filter=; -m= --mode=; -h --help -v --version -> help"
)
SVELTE_KIT = _dev_server(
    "svelte-kit", "", dict.fromkeys(("dev", "preview"), _VITE_LIKE), "build sync package"
)
VITEPRESS = _dev_server("vitepress", "", dict.fromkeys(("dev", "preview", "serve"), _VITE_LIKE), "build init")
# Remix's CLI: `remix vite:dev --host`, `remix dev` (its own server's `--host` too).
REMIX = _dev_server(
    "remix",
    "-h --help -v --version -> help",
    dict.fromkeys(("dev", "vite:dev", "vite:preview"), _VITE_LIKE + "; --manual; --command= -c=; --tls-key="),
    "build vite:build routes reveal init",
)
# Storybook (commander): `storybook dev -h addr`; `-h` is the host there, help is --help.
_STORYBOOK_DEV = (
    "-h= --host= -> bind; -p= --port=; -c= --config-dir=; --https; --ssl-cert=; --ssl-key=; --ssl-ca=; --ci;"
    " --no-open; --smoke-test; --quiet; --debug-webpack; --webpack-stats-json=?; --docs; --initial-path=;"
    " --exact-port; --no-version-updates; --preview-url=; --force-build-preview; --loglevel=; --help -> help"
)
STORYBOOK = _dev_server(
    "storybook", "--help -V --version -> help", {"dev": _STORYBOOK_DEV}, "build init add upgrade"
)
START_STORYBOOK = Program("start-storybook", _one(_STORYBOOK_DEV))
# Docusaurus (commander): `docusaurus start|serve --host addr`; -h is help.
DOCUSAURUS = _dev_server(
    "docusaurus",
    "-h --help -V --version -> help",
    dict.fromkeys(
        ("start", "serve"),
        "--host= -> bind; -p= --port=; --locale=; --hot-only; --no-open; --config=; --poll=?; --no-minify;"
        " --dir=; --build; -h --help -> help",
    ),
    "build swizzle deploy clear write-translations write-heading-ids",
)
# Gatsby (yargs): `gatsby develop|serve -H addr`.
GATSBY = _dev_server(
    "gatsby",
    "-h --help -v --version -> help; --verbose; --no-color; --json",
    dict.fromkeys(
        ("develop", "serve"),
        "-H= --host= -> bind; -p= --port=; -o --open; -S --https; -c= --cert-file=; -k= --key-file=;"
        " --ca-file=; --inspect=?; --inspect-brk=?; --prefix-paths; --open-tracing-config-file=",
    ),
    "build clean info new plugin repl telemetry",
)
# Expo (its own arg reader): `expo start --lan` (the local network), `--tunnel` (ngrok: the internet), `--host
# lan|tunnel|localhost` (`-m`); `--localhost` keeps it on this machine.
EXPO = _dev_server(
    "expo",
    "-h --help -v --version -> help",
    {
        "start": "--lan -> everywhere; --tunnel -> everywhere; -m= --host= -> bind; --localhost; -p= --port=;"
        " -c --clear; --dev-client; --go; -a --android; -i --ios; -w --web; -d --dev; --no-dev; --minify;"
        " --max-workers=; --https; --offline; --scheme=; --private-key-path=; -h --help -> help",
    },
    "export prebuild install run:android run:ios lint customize config login logout whoami",
)
# Ionic: `ionic serve --external` (every interface), `--host`/`--address`.
IONIC = _dev_server(
    "ionic",
    "-h --help -v --version -> help; --verbose; --quiet; --no-interactive; --confirm; --project=",
    {
        "serve": "--external -> everywhere; --host= --address= -> bind; -p= --port=; --livereload-port=;"
        " --dev-logger-port=; --no-livereload; --consolelogs; --no-proxy; --no-open; -c --lab; --browser=;"
        " --browseroption=; --platform=; --ssl; --configuration=; --prod; --project="
    },
    "build generate start info config doctor integrations capacitor cordova",
)
# Parcel (commander): `parcel [serve] entry --host addr` (its own reading, or the `serve` subcommand).
_PARCEL_SERVE = (
    "--host= -> bind; -p= --port=; --https; --cert=; --key=; --hmr-port=; --hmr-host= -> bind; --no-hmr;"
    " --open=?; --watch-for-stdin; --lazy=?; --public-url=; --dist-dir=; --no-cache; --cache-dir=; --config=;"
    " --target=; --log-level=; --no-source-maps; --no-autoinstall; --no-content-hash;"
    " --reporter=; --detailed-report=?; --profile; --trace; -V --version -h --help -> help"
)
PARCEL = _dev_server("parcel", _PARCEL_SERVE, {"serve": ""}, "build watch")
# rspack / rsbuild (cac): `rspack serve|dev --host`, `rsbuild dev|preview --host`.
_RS_SERVE = (
    "--host= -> bind; --port=; -o --open=?; -c= --config=; -m= --mode=; --env-mode=; --env-dir=; -r= --root=;"
    " --environment=; --log-level=; --base=; --entry=; --no-env; -h --help -v --version -> help"
)
RSPACK = _dev_server("rspack", "", dict.fromkeys(("serve", "dev", "preview"), _RS_SERVE), "build")
RSBUILD = _dev_server("rsbuild", "", dict.fromkeys(("dev", "preview"), _RS_SERVE), "build inspect")
# Quasar (minimist): `quasar dev -H addr`.
QUASAR = _dev_server(
    "quasar",
    "-h --help -v --version -> help",
    {
        "dev": "-H= --hostname= -> bind; -p= --port=; -m= --mode=; -T= --target=; -e= --emulator=; -d --devtools;"
        " -i= --ide=; --inspect; -h --help -> help"
    },
    "build clean inspect info upgrade ext run describe test new",
)
# vue-cli-service serve --host addr.
VUE_CLI_SERVICE = _dev_server(
    "vue-cli-service",
    "-h --help -> help",
    {
        "serve": "--host= -> bind; --port=; --open; --copy; --https; --public=; --mode=; --skip-plugins=;"
        " --dashboard; --no-clean; --modern"
    },
    "build inspect lint test:unit test:e2e",
)
# ember-cli: `ember serve|server|s --host addr` (`-H`).
EMBER = _dev_server(
    "ember",
    "-h --help -v --version -> help",
    {
        "serve": "-H= --host= -> bind; -p= --port=; --live-reload-host= --lrh= -> bind; --live-reload-port=;"
        " --lrp=; --proxy=; -e= --environment=; --live-reload; --ssl; --ssl-key=;"
        " --ssl-cert=; --path=; --output-path=; -w= --watcher=; --secure-proxy; --transparent-proxy;"
        " --live-reload-base-url=; --live-reload-prefix=; --live-reload-options=; --in-repo-addon="
    },
    "build test generate destroy install init new addon asset-sizes",
    server="serve",
    s="serve",
)
# elm: `elm reactor --address addr --port n`.
ELM = _dev_server(
    "elm",
    "--help -> help",
    {"reactor": "--address= -> bind; --port="},
    "make repl init install bump diff publish",
)
# hexo: `hexo server|s -i addr`.
HEXO = _dev_server(
    "hexo",
    "-h --help -v --version -> help; --cwd=; --config=; --debug; --safe; --silent; --draft",
    {"server": "-i= --ip= -> bind; -p= --port=; -s --static; -l --log=?; -o --open"},
    "generate g deploy d new clean init list migrate publish render",
    s="server",
)
# zola (clap): `zola serve -i addr`.
ZOLA = _dev_server(
    "zola",
    "-h --help -V --version -> help; -r= --root=; -c= --config=",
    {
        "serve": "-i= --interface= -> bind; -p= --port=; -o= --output-dir=; -u= --base-url=; --drafts; -O --open;"
        " -f --fast; --no-port-append; --store-html; --force; -h --help -> help"
    },
    "build check init",
)
# mdbook (clap): `mdbook serve -n addr`.
MDBOOK = _dev_server(
    "mdbook",
    "-h --help -V --version -> help",
    {
        "serve": "-n= --hostname= -> bind; -p= --port=; -d= --dest-dir=; -o --open; --watcher=; -h --help -> help"
    },
    "build watch test clean init completions",
)
# sphinx-autobuild (argparse; sphinx-build's own options pass through, unknown here): `--host addr`.
SPHINX_AUTOBUILD = Program(
    "sphinx-autobuild",
    _one(
        "--host= -> bind; --port=; --re-ignore=; --ignore=; --no-initial; --open-browser; --delay=; --watch=;"
        " --pre-build=; --post-build=; -h --help --version -> help"
    ),
    abbrev=True,
)
# slidev: `--remote` serves the deck (and its editor) on every interface; `--bind addr`.
SLIDEV = _dev_server(
    "slidev",
    "--remote=? -> everywhere; --bind= -> bind; -p= --port=; -o --open; --log=; -f --force; -t= --theme=;"
    " -i --inspect; -h --help -v --version -> help",
    {},
    "build export format theme",
)
