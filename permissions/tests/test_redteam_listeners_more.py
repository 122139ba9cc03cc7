"""§5 step 6 (effects by family: listeners that open this machine to others), red team: servers told to listen
beyond loopback, or with their protection off, by tools the listener tables did not know.

`vite --host`, `next dev -H 0.0.0.0` and `uvicorn --host 0.0.0.0` asked (cap_external_effect), but on the base
these auto-approved under an allow of the program and in auto mode: front-end dev servers (`nuxi dev --host`,
`svelte-kit dev --host`, `remix vite:dev --host`, `storybook dev -h 0.0.0.0`, `docusaurus start --host`,
`gatsby develop -H`, `expo start --tunnel` -- a public URL --, `ionic serve --external`, `parcel --host`,
`rspack`/`rsbuild --host`, `quasar dev -H`, `vue-cli-service serve --host`, `ember serve --host`, `elm reactor
--address`, `hexo server -i`, `zola serve -i`, `mdbook serve -n`, `sphinx-autobuild --host`, `vitepress dev
--host`, `slidev --remote`), databases and caches (`redis-server --protected-mode no`, valkey's and keydb's
`--bind`, `postgres -c listen_addresses='*'`, `pg_ctl -o "-c listen_addresses=*"`, `mysqld --bind-address`,
`mongos --bind_ip_all`, `etcd --listen-client-urls http://0.0.0.0:2379`, `consul agent -client 0.0.0.0`, `minio
server` -- every interface by default --, `elasticsearch -E network.host=0.0.0.0`, `clickhouse server --
--listen_host=::`, `meilisearch --http-addr 0.0.0.0:7700`, `OLLAMA_HOST=0.0.0.0 ollama serve`), debugpy as its
own program, and task runners handed a bind (`make dev HOST=0.0.0.0`, `just serve 0.0.0.0`, `task serve --
--host 0.0.0.0`). Each is now an external effect, in Brabo's sandbox and on an agent's machine. Loopback binds
and plain ports stay ordinary (GUARDS), as do the servers' other subcommands.

On the base, 125 of the 127 OPEN commands failed (in both places); `pnpm dlx nuxi@latest dev --host 0.0.0.0` (the
package runner's bind reading) and `mongod --bind_ip 0.0.0.0` already held and stay as guards, as do the GUARDS.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, term

OPEN = [
    # nuxi / nuxt
    "nuxi dev --host",
    "nuxi dev --host 0.0.0.0",
    "nuxi dev --host=0.0.0.0 --port 3000",
    "nuxt dev --host",
    "nuxi dev --public",
    "nuxi dev --tunnel",
    "nuxi dev --host localhost --host",
    "nuxi dev --port 3000 --host ::",
    "npx nuxi dev --host",
    "pnpm dlx nuxi@latest dev --host 0.0.0.0",
    "bunx nuxi dev --public",
    # SvelteKit, vitepress, remix, slidev
    "svelte-kit dev --host",
    "svelte-kit preview --host 0.0.0.0",
    "vitepress dev docs --host",
    "vitepress preview --host 0.0.0.0",
    "remix dev --host",
    "remix vite:dev --host 0.0.0.0",
    "slidev --remote",
    "slidev slides.md --remote=secret",
    "slidev --bind 0.0.0.0",
    # storybook, docusaurus, gatsby
    "storybook dev --host 0.0.0.0",
    "storybook dev -p 6006 -h 0.0.0.0",
    "storybook dev -h 192.168.1.20",
    "start-storybook -h 0.0.0.0 -p 9009",
    "docusaurus start --host 0.0.0.0",
    "docusaurus serve --host=0.0.0.0 --port 80",
    "gatsby develop -H 0.0.0.0",
    "gatsby serve --host 0.0.0.0",
    # expo, ionic, parcel, rspack, rsbuild, quasar, vue-cli, ember, elm
    "expo start --tunnel",
    "expo start --lan",
    "expo start --host tunnel",
    "expo start -m lan",
    "npx expo start --tunnel",
    "ionic serve --external",
    "ionic serve --host 0.0.0.0",
    "parcel index.html --host 0.0.0.0",
    "parcel serve src/index.html --host 0.0.0.0",
    "rspack serve --host 0.0.0.0",
    "rsbuild dev --host 0.0.0.0",
    "rsbuild preview --host=0.0.0.0",
    "quasar dev -H 0.0.0.0",
    "quasar dev --hostname 0.0.0.0",
    "vue-cli-service serve --host 0.0.0.0",
    "ember serve --host 0.0.0.0",
    "ember s -H 0.0.0.0",
    "elm reactor --address 0.0.0.0",
    "elm reactor --address=0.0.0.0 --port=8000",
    # static site generators' servers
    "hexo server -i 0.0.0.0",
    "hexo s --ip 0.0.0.0",
    "zola serve -i 0.0.0.0",
    "zola serve --interface 0.0.0.0 --port 1111",
    "mdbook serve -n 0.0.0.0",
    "mdbook serve --hostname 0.0.0.0 -p 3000",
    "sphinx-autobuild --host 0.0.0.0 docs _build/html",
    "sphinx-autobuild docs _build/html --host 0.0.0.0",
    # redis and its forks
    "redis-server --protected-mode no",
    "redis-server --port 6380 --protected-mode no",
    "valkey-server --bind 0.0.0.0",
    "valkey-server --protected-mode no",
    "keydb-server --bind 0.0.0.0",
    "redis-stack-server --bind '*'",
    # postgres
    "postgres -c listen_addresses='*'",
    "postgres -D data -c listen_addresses=0.0.0.0",
    "postgres -D data -h 0.0.0.0",
    "postgres -D data -i",
    "postgres --listen-addresses='*' -D data",
    "postgres -D data -clisten_addresses=*",
    "pg_ctl -D data -o '-c listen_addresses=*' start",
    "pg_ctl -D data -o '-h 0.0.0.0' start",
    "pg_ctl start -D data --options='-i'",
    # mysql / mariadb
    "mysqld --bind-address=0.0.0.0",
    "mysqld --bind-address 0.0.0.0 --datadir ./data",
    "mysqld --bind_address='*'",
    "mariadbd --bind-address=0.0.0.0",
    "mysqld_safe --bind-address=::",
    "mysqld --bind=0.0.0.0",
    "mysqld --loose-bind-address=0.0.0.0",
    # mongo, etcd, consul, minio, elasticsearch, clickhouse, meilisearch, ollama
    "mongos --bind_ip_all",
    "mongod --bind_ip 0.0.0.0",
    "etcd --listen-client-urls http://0.0.0.0:2379 --advertise-client-urls http://10.0.0.1:2379",
    "etcd -listen-client-urls=http://0.0.0.0:2379",
    "etcd --listen-peer-urls http://0.0.0.0:2380",
    "consul agent -dev -client 0.0.0.0",
    "consul agent -dev -client=0.0.0.0",
    "consul agent -server -bind 0.0.0.0 -data-dir /tmp/c",
    "minio server /data",
    "minio server ./data --console-address :9001",
    "minio server ./data --address 127.0.0.1:9000",
    "elasticsearch -E network.host=0.0.0.0",
    "elasticsearch -Ehttp.host=0.0.0.0",
    "elasticsearch -E network.host=_site_",
    "opensearch -E network.host=0.0.0.0",
    "clickhouse server -- --listen_host=0.0.0.0",
    "clickhouse-server -- --listen_host=::",
    "meilisearch --http-addr 0.0.0.0:7700",
    "OLLAMA_HOST=0.0.0.0 ollama serve",
    "OLLAMA_HOST=0.0.0.0:11434 ollama serve",
    "env OLLAMA_HOST=0.0.0.0 ollama serve",
    "MEILI_HTTP_ADDR=0.0.0.0:7700 meilisearch",
    # debugpy as its own program
    "debugpy --listen 0.0.0.0:5678 app.py",
    "debugpy --listen :5678 --wait-for-client -m app",
    "debugpy --connect 10.0.0.5:5678 app.py",
    # a bind variable set before the server (`HOST`, Nuxt's and Nitro's own)
    "HOST=0.0.0.0 nuxi dev",
    "HOST=0.0.0.0 npm run dev",
    "NUXT_HOST=0.0.0.0 nuxi dev",
    "NITRO_HOST=0.0.0.0 node .output/server/index.mjs",
    "HOSTNAME=0.0.0.0 node .next/standalone/server.js",
    "export HOST=0.0.0.0; npm start",
    # more dev servers and stores: vercel, netlify's public share, trunk, dioxus, browser-sync, livereload,
    # nats and influxdb (every interface by default)
    "vercel dev --listen 0.0.0.0:3000",
    "netlify dev --live",
    "trunk serve --address 0.0.0.0",
    "dx serve --addr 0.0.0.0",
    "browser-sync start --server --listen 0.0.0.0",
    "livereload -H 0.0.0.0",
    "nats-server",
    "nats-server -a 0.0.0.0",
    "influxd",
    "influxd run --http-bind-address :8086",
    # task runners handed a bind
    "make dev HOST=0.0.0.0",
    "make serve BIND=0.0.0.0:8000",
    "make -j4 run HOST=::",
    "gmake dev HOST=0.0.0.0",
    "just serve 0.0.0.0",
    "just serve --host 0.0.0.0",
    "just dev HOST=0.0.0.0",
    "task serve -- --host 0.0.0.0",
    "task dev HOST=0.0.0.0",
]

GUARDS = [
    "nuxi dev",
    "nuxi dev --host localhost",
    "nuxi dev --host 127.0.0.1 --port 3000",
    "nuxi build",
    "nuxi generate",
    "nuxt dev --port 4000",
    "svelte-kit sync",
    "vitepress dev docs",
    "vitepress build docs",
    "remix vite:build",
    "storybook dev -p 6006",
    "storybook build",
    "storybook dev -h localhost",
    "docusaurus start",
    "docusaurus build",
    "gatsby develop",
    "gatsby build",
    "gatsby develop -H localhost",
    "expo start",
    "expo start --localhost",
    "expo start --host localhost",
    "ionic serve",
    "parcel index.html",
    "parcel build index.html",
    "rsbuild dev",
    "rsbuild build",
    "rspack build",
    "quasar dev",
    "quasar build",
    "vue-cli-service serve",
    "vue-cli-service build",
    "ember serve",
    "ember build --environment production",
    "elm reactor",
    "elm make src/Main.elm",
    "hexo server",
    "hexo generate",
    "zola serve",
    "zola build",
    "mdbook serve",
    "mdbook build",
    "sphinx-autobuild docs _build/html",
    "slidev",
    "slidev build",
    "redis-server --port 6380",
    "redis-server --protected-mode yes --port 6380",
    "redis-server --bind 127.0.0.1 --port 6380",
    "valkey-server --port 6380",
    "postgres -D data",
    "postgres -D data -c listen_addresses=localhost",
    "postgres -D data -p 5433",
    "pg_ctl -D data start",
    "pg_ctl -D data -o '-p 5433' start",
    "pg_ctl -D data stop",
    "mysqld",
    "mysqld --bind-address=127.0.0.1 --datadir ./data",
    "mongos --bind_ip localhost",
    "etcd",
    "etcd --listen-client-urls http://127.0.0.1:2379",
    "consul agent -dev",
    "consul members",
    "minio server ./data --address 127.0.0.1:9000 --console-address 127.0.0.1:9001",
    "elasticsearch",
    "elasticsearch -E network.host=127.0.0.1",
    "clickhouse server",
    "clickhouse client",
    "meilisearch",
    "meilisearch --http-addr localhost:7700",
    "ollama serve",
    "OLLAMA_HOST=127.0.0.1:11435 ollama serve",
    "debugpy --listen 5678 app.py",
    "debugpy --listen 127.0.0.1:5678 app.py",
    "make dev",
    "make -j4 -l 4 test",
    "make test PORT=8000",
    "make dev HOST=localhost",
    "just serve",
    "just serve 8000",
    "just --list",
    "task serve",
    "task serve -- --port 3000",
    "HOST=localhost npm start",
    "vercel dev",
    "vercel dev --listen 3000",
    "netlify dev",
    "trunk serve",
    "dx serve",
    "browser-sync start --server",
    "livereload",
    "nats-server -a 127.0.0.1",
    "nats-server --version",
    "influxd version",
    "influxd --http-bind-address 127.0.0.1:8086",
]


@pytest.mark.parametrize("command", OPEN)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_server_told_to_listen_beyond_loopback_asks(command, runs_in):
    for v in (
        term(command, allow=allow_every_word(command), runs_in=runs_in),
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
    ):
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (
            command,
            runs_in,
            v.reason,
        )


@pytest.mark.parametrize("command", GUARDS)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_loopback_binds_plain_ports_and_other_subcommands_stay_ordinary(command, runs_in):
    """Guards (most held on the base too): what binds loopback, or builds, is not capped."""
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.reason != "cap_external_effect", (command, runs_in)
