"""Listeners that open this machine or the project to others are external effects (§5 step 6, effects by
family; R1.5's list, [beyond]): gost's reverse forwards and chains, and file servers bound to every
interface (``python3 -m http.server``, ``php -S 0.0.0.0:8000``, ``npx http-server``, ``npx serve``, busybox
``httpd``) are never auto-approved by autonomy, auto mode or the container floor, and approve-always writes
no pattern for them (R7.2). The same servers bound to loopback, ordinary dev servers, and the help and
version forms of the tunnel tools keep their verdict."""

from __future__ import annotations

import pytest

from permissions.always import derive_always
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, assert_capped, assert_not_capped, term

GOST = [
    "gost -L rtcp://:8080/127.0.0.1:22 -F relay+tls://vps:443",
    "gost -L rtcp://:2222/127.0.0.1:22 -F socks5://vps:1080",
    "gost -L rudp://:53/127.0.0.1:53 -F socks5://vps:1080",
    "gost -L=rtcp://:8080/127.0.0.1:80 -F=relay+wss://vps:443",
    "gost -L rtcp://127.0.0.1:8080/127.0.0.1:80",
    "gost -F relay+wss://vps:443",
    "gost -F relay+tls://user:pass@vps:443",
    "gost -L socks5://127.0.0.1:1080 -F relay+tls://vps:443",
    "gost -L :8080",
    "gost -L socks5://:1080",
    "gost -L http://0.0.0.0:8080",
    "gost -L tcp://:2222/127.0.0.1:22",
    "gost -C gost.json",
    "gost -V -L rtcp://:8080/127.0.0.1:22 -F relay+tls://vps:443",
    "/usr/local/bin/gost -L rtcp://:8080/127.0.0.1:22 -F relay+tls://vps:443",
    "nohup gost -L rtcp://:8080/127.0.0.1:22 -F relay+tls://vps:443 &",
    "timeout 600 gost -F relay+wss://vps:443",
]

FILE_SERVERS = [
    # python: http.server binds every interface unless told otherwise
    "python3 -m http.server",
    "python3 -m http.server 8000",
    "python -m http.server --bind 0.0.0.0",
    "python3 -m http.server --bind=0.0.0.0 8000",
    "python3 -m http.server -b 0.0.0.0 8000",
    "python3 -m http.server -b0.0.0.0",
    "python3 -m http.server --bind :: 8000",
    "python3 -m http.server --bind 192.168.1.10",
    "python3 -m http.server --bind $HOST",
    "python3 -m http.server --bind 127.0.0.1 --bind 0.0.0.0",
    "python3 -m http.server -d dist 8080",
    "python3 -m http.server --directory / 8080",
    "python3 -m http.server --cgi 8000",
    "python3.12 -m http.server 8000",
    "/usr/bin/python3 -m http.server",
    "python3 -u -m http.server 8000",
    "python -m SimpleHTTPServer 8000",
    "python2 -m SimpleHTTPServer",
    "uv run python -m http.server",
    "nohup python3 -m http.server 8000 > /dev/null 2>&1 &",
    "cd dist && python3 -m http.server 8000",
    # php's built-in server
    "php -S 0.0.0.0:8000",
    "php -S0.0.0.0:8000",
    "php -S [::]:8000",
    "php -S 192.168.0.5:8000 -t public",
    "php -t public -S 0.0.0.0:8080",
    "php -S example.com:80",
    "php8.2 -S 0.0.0.0:8000",
    "php7.4 -S [::]:8080",
    # npm's file servers: both bind 0.0.0.0 by default
    "npx http-server",
    "npx http-server -p 8080 dist",
    "npx http-server dist -a 0.0.0.0",
    "npx --yes http-server .",
    "http-server -c-1",
    "npx http-server -V",
    "pnpm dlx http-server",
    "npx serve",
    "npx serve dist",
    "npx serve -l 3000",
    "npx serve -l tcp://0.0.0.0:3000",
    "npx serve --listen 8080 -s build",
    "serve -s build",
    "bunx serve .",
    # busybox httpd
    "busybox httpd -f -p 8080",
    "busybox httpd -p 0.0.0.0:8080 -h /srv",
    "busybox httpd -f -v -p 80",
    "httpd -f -p 8080",
]

EXPOSERS = GOST + FILE_SERVERS


@pytest.mark.parametrize("command", EXPOSERS)
def test_a_listener_that_opens_the_machine_is_never_auto_approved(command):  # §5 step 6, effects by family
    assert_capped(command)


@pytest.mark.parametrize("command", ["gost -F relay+wss://vps:443", "python3 -m http.server", "npx serve"])
def test_an_allow_of_the_server_does_not_lift_the_cap(command):  # §5 step 6: caps apply last
    v = term(command, allow=(f"Terminal({command.split()[0]})",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")


@pytest.mark.parametrize(
    "command", ["python3 -m http.server 8000", "php -S 0.0.0.0:8000", "gost -L rtcp://:8080/127.0.0.1:22"]
)
def test_approve_always_writes_no_pattern_for_a_listener(command):  # R7.2
    result = derive_always(command)
    assert result.external and result.patterns == ()


# A shell on a port was capped already (socat EXEC:/SYSTEM:, nc/ncat -e/-c): it stays so.
SHELLS_ON_A_PORT = [
    "socat TCP-LISTEN:4444,fork EXEC:/bin/bash",
    "socat TCP-LISTEN:4444,reuseaddr,fork SYSTEM:'bash -i'",
    "socat TCP4-LISTEN:4444,bind=127.0.0.1,fork EXEC:/bin/sh",
    "ncat -l -e /bin/bash 4444",
    "ncat -lvp 4444 -e /bin/sh",
    "ncat -l 4444 -c bash",
    "ncat --listen 4444 --exec /bin/bash",
    "ncat -lk 4444 --sh-exec 'cat x'",
    "nc -l -e /bin/sh 4444",
    "nc -lvp 4444 -e /bin/bash",
    "nc -l 127.0.0.1 4444 -e /bin/sh",
    "ruby -run -e httpd . -p 8000",
]


@pytest.mark.parametrize("command", SHELLS_ON_A_PORT)
def test_a_shell_on_a_port_is_never_auto_approved(command):  # R4.9, §5 step 6
    for kwargs in ({"autonomy": AUTO_MODE}, {"project": CONTAINER_RUNNING}):
        assert term(command, **kwargs).decision == "require_approval", (command, kwargs)


# Friction: bound to loopback, an ordinary dev server, or a tunnel tool asked for help keeps its verdict.
LOCAL_OR_READS = [
    "python3 -m http.server --bind 127.0.0.1",
    "python3 -m http.server -b 127.0.0.1 8000",
    "python3 -m http.server --bind=localhost 9000",
    "python3 -m http.server --bind ::1",
    "python3 -m http.server --help",
    "php -S localhost:8000",
    "php -S 127.0.0.1:8000 -t public",
    "php -S [::1]:8000",
    "php8.2 -S localhost:8000",
    "npx http-server -v",
    "php -v",
    "php artisan serve",
    "npx http-server -a 127.0.0.1",
    "npx http-server -a localhost -p 8080 dist",
    "npx serve -l tcp://127.0.0.1:3000",
    "npx serve -l tcp://localhost:3000 dist",
    "npx serve --help",
    "busybox httpd -p 127.0.0.1:8080",
    "gost -L socks5://127.0.0.1:1080",
    "gost -V",
    "gost -h",
    "npm run dev",
    "npm start",
    "vite",
    "npx vite --port 5173",
    "python manage.py runserver",
    "tailscale funnel --help",
    "tailscale funnel -h",
    "tailscale serve --help",
    "ngrok --help",
    "ngrok http --help",
    "ngrok http 8000 --help",
    "cloudflared --version",
    "cloudflared --help",
    "cloudflared tunnel --help",
    "cloudflared tunnel run --help",
    "devtunnel host --help",
]


@pytest.mark.parametrize("command", LOCAL_OR_READS)
def test_loopback_servers_dev_servers_and_help_forms_are_not_capped(command):  # §5 step 6
    assert_not_capped(command)


# A help word that an option before it takes as its value is no help: the tunnel still opens.
HELP_AS_A_VALUE = [
    "ngrok http --domain --help 8000",
    "ngrok http 8000 -- --help",
    "tailscale funnel --set-path -h 3000",
    "cloudflared tunnel --url --help",
]


@pytest.mark.parametrize("command", HELP_AS_A_VALUE)
def test_a_help_word_taken_as_a_value_does_not_lift_the_cap(command):  # §5 step 6
    assert_capped(command)


# A loopback bind first and every interface after it: an abbreviation argparse accepts, a cluster, a
# repeated option (whichever the tool keeps, one of them binds everywhere).
LOOPBACK_THEN_EVERYWHERE = [
    "python3 -m http.server --bind 127.0.0.1 --bin 0.0.0.0",
    "python3 -m http.server --bind 127.0.0.1 --bi=0.0.0.0",
    "python3 -m http.server -b 127.0.0.1 --b 0.0.0.0",
    "busybox httpd -p 127.0.0.1:8080 -fp 8080",
    "npx http-server -a 127.0.0.1 -a 0.0.0.0",
    "npx http-server -a 127.0.0.1 -da 0.0.0.0",
    "npx serve -l tcp://127.0.0.1:3000 -l 3001",
    "miniserve -i 127.0.0.1 -qi0.0.0.0 .",
    "php -S localhost:8000 -S 0.0.0.0:8001",
    "gost -L socks5://127.0.0.1:1080 -L :8080",
    "live-server --host=127.0.0.1 --host=0.0.0.0",
]


@pytest.mark.parametrize("command", LOOPBACK_THEN_EVERYWHERE)
def test_a_loopback_bind_does_not_cover_a_later_one_on_every_interface(command):  # §5 step 6
    assert_capped(command)


OTHER_FILE_SERVERS = [
    "npx live-server",
    "live-server --port=8080 dist",
    "npx live-server --host=0.0.0.0",
    "live-server --host 127.0.0.1",
    "miniserve .",
    "miniserve -p 8080 dist",
    "miniserve -i 0.0.0.0 .",
    "darkhttpd .",
    "darkhttpd dist --port 8080 --addr 0.0.0.0",
]


@pytest.mark.parametrize("command", OTHER_FILE_SERVERS)
def test_other_file_servers_on_every_interface_are_never_auto_approved(command):  # §5 step 6
    assert_capped(command)


@pytest.mark.parametrize(
    "command",
    [
        "live-server --host=127.0.0.1",
        "miniserve -i 127.0.0.1 .",
        "darkhttpd . --addr 127.0.0.1",
        "miniserve -V",
    ],
)
def test_other_file_servers_bound_to_loopback_are_not_capped(command):  # §5 step 6
    assert_not_capped(command)


# Servers that listen on loopback by default, told to listen on every interface (or on an address others
# reach): Django, flask, the ASGI/WSGI servers, jupyter, Laravel, and the JavaScript dev servers whose bare
# `--host` means every interface. Read by each tool's option table (R4.10), so every spelling counts.
APP_SERVERS_ON_EVERY_INTERFACE = [
    # Django: `[addr:]port`, where `0` is 0.0.0.0
    "python manage.py runserver 0.0.0.0:8000",
    "python manage.py runserver 0:8000",
    "python manage.py runserver [::]:8000",
    "python3 manage.py runserver 192.168.1.10:8000",
    "python manage.py runserver myhost.example:8000",
    "python manage.py runserver $ADDR",
    "python manage.py runserver --noreload 0.0.0.0:8000",
    "python manage.py runserver --settings=brabo.settings 0:8000",
    "python3 -u manage.py runserver 0.0.0.0:8000",
    "python3 -W ignore manage.py runserver 0:8000",
    "python3.12 manage.py runserver 0:8000",
    "./manage.py runserver 0:8000",
    "src/manage.py runserver 0.0.0.0:8000",
    "django-admin runserver 0.0.0.0:8000",
    "python -m django runserver 0:8000",
    "uv run manage.py runserver 0:8000",
    "poetry run python manage.py runserver 0.0.0.0:8000",
    "python manage.py runserver_plus 0.0.0.0:8000",
    "python manage.py testserver --addrport 0.0.0.0:8000 fixture.json",
    "python manage.py testserver fixture.json --addrport=0:8000",
    "nohup python manage.py runserver 0:8000 &",
    # vite and astro: a bare --host is every interface
    "vite --host",
    "vite --host 0.0.0.0",
    "vite --host=0.0.0.0",
    "vite dev --host 0.0.0.0",
    "vite serve --host",
    "vite preview --host",
    "vite --host --port 5173",
    "vite --port 5173 --host",
    "vite --host 127.0.0.1 --host",
    "npx vite --host",
    "pnpm exec vite --host",
    "bunx vite dev --host 0.0.0.0",
    "astro dev --host",
    "astro preview --host 0.0.0.0",
    # next
    "next dev -H 0.0.0.0",
    "next dev --hostname 0.0.0.0",
    "next start -H ::",
    "npx next dev -H 0.0.0.0 -p 3000",
    "next dev -H localhost -H",
    # flask: -h is the host under `run`
    "flask run --host=0.0.0.0",
    "flask run -h 0.0.0.0",
    "flask --app app run --host 0.0.0.0 --debug",
    "python -m flask run -h 0.0.0.0",
    # uvicorn, gunicorn, hypercorn
    "uvicorn app:app --host 0.0.0.0",
    "uvicorn main:app --reload --host=0.0.0.0 --port 8000",
    "python -m uvicorn main:app --host ::",
    "uvicorn app:app --fd 3",
    "gunicorn -b 0.0.0.0:8000 app:app",
    "gunicorn --bind=0.0.0.0:8000 app:app",
    "gunicorn --bind :8000 app:app",
    "gunicorn -w 4 -b 127.0.0.1:8000 -b 0.0.0.0:8001 app:app",
    "gunicorn --bin 0.0.0.0:8000 app:app",
    "hypercorn --bind 0.0.0.0:8000 app:app",
    "hypercorn --insecure-bind 0.0.0.0:80 app:app",
    # jupyter: `*` and an empty address are every interface
    "jupyter notebook --ip=0.0.0.0",
    "jupyter lab --ip='*'",
    "jupyter lab --ip=",
    "jupyter lab --ip 0.0.0.0 --no-browser",
    "jupyter-lab --ip=0.0.0.0",
    "jupyter server --ServerApp.ip=0.0.0.0",
    "jupyter notebook --NotebookApp.ip=0.0.0.0",
    "python -m jupyterlab --ip=0.0.0.0",
    "python -m notebook --ip=0.0.0.0",
    # Laravel and symfony
    "php artisan serve --host=0.0.0.0",
    "php artisan serve --host 0.0.0.0 --port 8080",
    "symfony serve --allow-all-ip",
    "symfony server:start -d --allow-all-ip",
    "symfony serve --listen-ip=0.0.0.0",
    "symfony serve --listen-ip=127.0.0.1 --allow-all-ip --port 8000",
    # static-site and framework dev servers
    "hugo server --bind 0.0.0.0",
    "hugo serve --bind=0.0.0.0 -D",
    "mkdocs serve -a 0.0.0.0:8000",
    "mkdocs serve --dev-addr=0.0.0.0:8000",
    "jekyll serve -H 0.0.0.0",
    "bundle exec jekyll serve --host 0.0.0.0",
    "rails s -b 0.0.0.0",
    "bin/rails server --binding=0.0.0.0",
    "rails s -e production",
    "rackup -o 0.0.0.0",
    "webpack serve --host 0.0.0.0",
    "npx webpack serve --host local-ip",
    "webpack-dev-server --host 0.0.0.0",
    "ng serve --host 0.0.0.0",
    # a server's bind variable, whatever it runs
    "FLASK_RUN_HOST=0.0.0.0 flask run",
    "env FLASK_RUN_HOST=0.0.0.0 flask run",
    "FLASK_RUN_HOST=0.0.0.0 npm run dev",
    "export FLASK_RUN_HOST=0.0.0.0; flask run",
    "UVICORN_HOST=:: uvicorn app:app",
    "GUNICORN_CMD_ARGS='-b 0.0.0.0:80' gunicorn app:app",
]

# File servers that listen on every interface unless told otherwise.
MORE_FILE_SERVERS = [
    "caddy file-server",
    "caddy file-server --listen :8080",
    "caddy file-server --browse --root dist",
    "caddy file-server -l 0.0.0.0:8080",
    "caddy respond --listen :8080 hello",
    "caddy reverse-proxy --from :8080 --to localhost:3000",
    "caddy run",
    "caddy start --config Caddyfile",
    "twistd -n web --path .",
    "twistd web --path . --listen tcp:8080",
    "twistd -n web --port 8080 --path .",
    "twistd -n web --listen tcp:8080:interface=0.0.0.0",
    "twistd -n web --listen tcp:8080:interface=127.0.0.1 --listen tcp:8081",
    "twistd -n ftp",
    "twistd -n conch",
    "twistd -y app.tac",
    "ruby -run -e httpd . -p 8000",
    "ruby -run -e httpd -- --port=8000 .",
    "ruby -r un -e httpd .",
    "ruby -run -ehttpd . --bind-address=0.0.0.0",
    "busybox httpd",
    "socat TCP-LISTEN:8080,fork TCP:127.0.0.1:80",
    "nc -l 8080",
    "nc -lk -p 8080",
    "ncat -l 8080",
    # every interface by default
    "puma",
    "bundle exec puma -p 3000",
    "streamlit run app.py",
    "streamlit run app.py --server.address=0.0.0.0",
    "streamlit hello",
]


@pytest.mark.parametrize("command", APP_SERVERS_ON_EVERY_INTERFACE + MORE_FILE_SERVERS)
def test_a_server_on_an_interface_others_reach_is_never_auto_approved(command):  # §5 step 6, R4.10
    assert_capped(command)


@pytest.mark.parametrize(
    "command", ["python manage.py runserver 0:8000", "vite --host", "jupyter lab --ip=*"]
)
def test_approve_always_writes_no_pattern_for_a_server_on_every_interface(command):  # R7.2
    result = derive_always(command)
    assert result.external and result.patterns == ()


# Friction: the same servers on loopback (their default, a port alone, or a loopback address), their
# other subcommands, and their help.
APP_SERVERS_ON_LOOPBACK = [
    "python manage.py runserver",
    "python manage.py runserver 8000",
    "python manage.py runserver 127.0.0.1:8000",
    "python manage.py runserver localhost:8000",
    "python manage.py runserver [::1]:8000",
    "python manage.py runserver -6 8000",
    "python manage.py runserver --help",
    "python manage.py migrate",
    "python manage.py test",
    "python manage.py testserver fixture.json",
    "python script.py runserver 0:8000",
    "django-admin startproject site",
    "vite",
    "vite --host 127.0.0.1",
    "vite --host localhost --port 3000",
    "vite dev --port 5173",
    "vite build",
    "vite build --host",
    "vite --help",
    "astro dev",
    "astro build",
    "next dev",
    "next dev -H localhost",
    "next start -H 127.0.0.1 -p 3000",
    "next build",
    "flask run",
    "flask run -h 127.0.0.1",
    "flask --app app run --debug",
    "flask run --help",
    "flask routes",
    "uvicorn app:app",
    "uvicorn app:app --host 127.0.0.1 --reload",
    "uvicorn app:app --uds /tmp/app.sock",
    "gunicorn app:app",
    "gunicorn -b 127.0.0.1:8000 app:app",
    "gunicorn -b unix:/tmp/gunicorn.sock app:app",
    "gunicorn --check-config app:app",
    "hypercorn app:app",
    "hypercorn -b localhost:8000 app:app",
    "jupyter lab",
    "jupyter notebook --ip=127.0.0.1",
    "jupyter lab build",
    "jupyter server list",
    "jupyter --version",
    "jupyter nbconvert --to html notes.ipynb",
    "php artisan serve",
    "php artisan serve --host=127.0.0.1",
    "php artisan migrate",
    "caddy version",
    "caddy fmt --overwrite",
    "caddy file-server --listen 127.0.0.1:8080",
    "caddy file-server --listen localhost:8080 --browse",
    "caddy file-server --help",
    "caddy respond --listen 127.0.0.1:8080 hello",
    "twistd --help",
    "twistd -n web --listen tcp:8080:interface=127.0.0.1 --path .",
    "twistd web --help",
    "ruby -run -e httpd . --bind-address=127.0.0.1",
    "ruby tool.rb",
    "nc -l 127.0.0.1 8080",
    "symfony serve",
    "hugo server",
    "hugo server -b https://example.org --bind 127.0.0.1",
    "mkdocs serve",
    "mkdocs build",
    "jekyll serve",
    "rails s",
    "rails server -e development",
    "rails db:migrate",
    "rackup",
    "webpack serve",
    "webpack --mode production",
    "ng serve",
    "ng build",
    "puma -b tcp://127.0.0.1:9292",
    "puma -b unix:///tmp/puma.sock",
    "streamlit run app.py --server.address 127.0.0.1",
    "streamlit --version",
    "FLASK_RUN_HOST=127.0.0.1 flask run",
    "GUNICORN_CMD_ARGS='-w 4' gunicorn app:app",
    "FOO=1 ls",
    "GIT=/usr/bin/git push",  # runs `push`: an assignment names no program
]


@pytest.mark.parametrize("command", APP_SERVERS_ON_LOOPBACK)
def test_servers_on_loopback_and_their_other_commands_are_not_capped(command):  # §5 step 6
    assert_not_capped(command)
