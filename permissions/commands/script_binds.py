"""§5 step 6, listeners (red team): a project script or a program's run told to listen on every interface.

`vite --host`, `next dev -H 0.0.0.0` and `uvicorn --host 0.0.0.0` are read by their option tables
(permissions.commands.listeners). The same words handed to a project script -- `npm run dev -- --host`, `pnpm dev
--host 0.0.0.0`, `yarn dev --host=0.0.0.0`, `bun run dev --host`, `npm start -- -H 0.0.0.0`, `deno task dev
--host` -- or to the program a build tool runs (`cargo run -- --bind 0.0.0.0`, `go run . -addr :8080`) reach a
server no rule reads, and say what it will do: open this machine, or the project's sandbox, to the network. A
bind option naming anything but loopback (an address, a name, an expansion, a bare port `:8080`, which Go and
Node read as every interface), a bare `--host`/`--expose` (the front-end servers' "every interface"), an
every-interface address as a word (`0.0.0.0:8000`, `[::]`), or a bind variable given as an argument
(`HOST=0.0.0.0`) is an external effect. `--port 3000` and `--host localhost` stay ordinary.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Options that name where a server listens (long, short and Go's single-dash spellings).
_BIND_OPTIONS = frozenset(
    "--host --hostname --bind --bind-address --listen --address --addr --ip --interface --server.address -H -b"
    " -addr -listen -bind -host -http --http -l --expose".split()
)
# Given alone, these mean every interface (vite, astro, nuxi, sveltekit, remix, storybook).
_BARE_EVERYWHERE = frozenset({"--host", "--expose"})
_ADDRESS_FIRST = frozenset("0[:'\"")
_BIND_VARIABLES = ("HOST", "HOSTNAME", "ADDR", "ADDRESS", "BIND", "LISTEN", "IP", "INTERFACE")


def bound_to_loopback(addr: str) -> bool:  # (the listeners' reading too: permissions.commands.listeners)
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


def _loopback(value: str) -> bool:
    return bound_to_loopback(value.strip("'\""))


def _everywhere_word(word: str) -> bool:
    w = word.strip("'\"")
    return w.startswith(("0.0.0.0", "[::]")) or w == "::"


def _bind_variable(word: str) -> bool:
    name, eq, value = word.partition("=")
    return bool(eq) and name.isupper() and name.endswith(_BIND_VARIABLES) and not _loopback(value)


# Every line passes_bind may answer yes for holds one of these (a bind option, an every-interface address, a bind
# variable): one search over the joined words turns the common line away.
_MAY_BIND = re.compile(
    r"(?:^| )-{1,2}(?:host|hostname|bind|bind-address|listen|address|addr|ip|interface|server\.address|H|b|l|http"
    r"|expose)(?=[= ]|$)|0\.0\.0\.0|\[::\]|::|(?:HOST|HOSTNAME|ADDR|ADDRESS|BIND|LISTEN|IP|INTERFACE)="
)


def passes_bind(words: Sequence[str]) -> bool:
    """Whether ``words`` (a script's or a run's arguments) tell a server to listen beyond loopback."""
    if not _MAY_BIND.search(" ".join(words)):
        return False
    k = 0
    while k < len(words):
        w = words[k]
        k += 1
        first = w[:1]
        if first != "-":
            if (first in _ADDRESS_FIRST and _everywhere_word(w)) or ("=" in w and _bind_variable(w)):
                return True
            continue
        if w not in _BIND_OPTIONS and ("=" not in w or w.partition("=")[0] not in _BIND_OPTIONS):
            continue  # (the common case, without a partition)
        name, eq, value = w.partition("=")
        if not eq:
            if k >= len(words) or words[k][:1] == "-":
                if name in _BARE_EVERYWHERE:
                    return True
                continue
            value = words[k]
            k += 1
        if not _loopback(value) and value[:1] != "-" and (name not in _SHORT or _addressish(value)):
            return True
    return False


# Short options that mean other things to other programs (a branch, a limit, a header): only an address-looking
# value counts for them.
_SHORT = frozenset({"-H", "-b", "-l"})


def _addressish(value: str) -> bool:
    v = value.strip("'\"")
    return (
        v[:1] in (":", "$")
        or "0.0.0.0" in v
        or "[::]" in v
        or (bool(v) and v.replace(".", "").replace(":", "").isdigit())
    )


def run_passes_bind(view: tuple[str, ...]) -> bool:
    """A build tool's run of a program handing it such words: `cargo run -- ARGS`, `go run PKG ARGS`."""
    if len(view) < 3 or view[1] != "run":
        return False
    if view[0] == "cargo":
        return "--" in view and passes_bind(view[view.index("--") + 1 :])
    return passes_bind(view[2:])
