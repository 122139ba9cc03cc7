"""R3.7, §5 step 6 (red team): packages installed from a source the project's settings do not name.

SPEC protects the package managers' settings (`.npmrc`, `.yarnrc*`, `pip.conf`) because they decide where
packages come from, and what comes from there runs (install scripts, `setup.py`, build steps). The same choice
made on the command line -- another index or registry (`pip install -i URL`, `--extra-index-url`, `npm install
--registry=URL`, `uv add --index URL`, `cargo install --registry R`), a package fetched from an address (`pip
install git+https://…`, `npm install github:u/r`, `cargo install --git URL`), or the variables that do the same
(`PIP_INDEX_URL`, `UV_INDEX_URL`, `GOPROXY`, `GOSUMDB=off`, `GOINSECURE` ...) -- reaches outside and runs what
it brings: an external effect, which asks (never denied: SPEC names no rule for it). An install from the
project's own files and the default registries keeps its verdict (`pip install -r requirements.txt`, `npm
install`, `go get ./...`).
"""

from __future__ import annotations

from permissions.commands.option_tables import NPM_ALIASES
from permissions.commands.views import is_assignment

__all__ = ["SOURCE_VERBS", "index_assigned", "other_source"]

# pip's and uv's options that name another index or a place to find packages (and pip's host whose
# certificate is not checked).
_PIP_SOURCE_OPTIONS = frozenset(
    {
        "-i",
        "--index-url",
        "--extra-index-url",
        "-f",
        "--find-links",
        "--trusted-host",
        "--index",
        "--default-index",
    }
)
_PIP_INSTALLS = frozenset({"install", "download", "wheel", "add", "sync", "lock", "compile"})
_NODE_MANAGERS = frozenset({"npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "yarnpkg"})
# The commands that fetch packages, and npm's own spellings of them (`npm isntall`, `npm ic`, `npm udpate`).
_NODE_INSTALL_COMMANDS = frozenset({"install", "ci", "update", "exec", "add", "dlx", "create", "init"})
_NODE_INSTALLS = _NODE_INSTALL_COMMANDS | {
    alias for alias, command in NPM_ALIASES.items() if command in _NODE_INSTALL_COMMANDS
}
# npm's package specifiers that name an address, not a registry's package.
_ADDRESS_PREFIXES = ("git+", "git:", "github:", "gitlab:", "bitbucket:", "gist:", "http:", "https:", "file:")
_CARGO_SOURCE_OPTIONS = frozenset({"--index", "--registry", "--git"})
_GEM_SOURCE_OPTIONS = frozenset({"-s", "--source", "--clear-sources"})
# Variables that choose where packages come from, or switch off their checksum check.
_INDEX_VARIABLES = frozenset(
    {
        "PIP_INDEX_URL",
        "PIP_EXTRA_INDEX_URL",
        "PIP_FIND_LINKS",
        "PIP_TRUSTED_HOST",
        "UV_INDEX",
        "UV_INDEX_URL",
        "UV_EXTRA_INDEX_URL",
        "UV_DEFAULT_INDEX",
        "UV_FIND_LINKS",
        "UV_INSECURE_HOST",
        "PIPENV_PYPI_MIRROR",
        "POETRY_REPOSITORIES",
        "YARN_REGISTRY",
        "YARN_NPM_REGISTRY_SERVER",
        "BUN_CONFIG_REGISTRY",
        "GOPROXY",
        "GOSUMDB",
        "GONOSUMDB",
        "GONOSUMCHECK",
        "GOINSECURE",
        "GOPRIVATE",
        "GONOPROXY",
        "GOFLAGS",
        "CARGO_REGISTRY_DEFAULT",
        "GEM_SOURCE",
        "BUNDLE_MIRROR__ALL",
    }
)
# Values of those variables that keep the default source (`GOPROXY=off` fetches nothing, `direct` still checks
# the checksum database; GOFLAGS only when it names `-insecure`).
_GO_KEEPS = frozenset({"off", "direct", "https://proxy.golang.org", "https://proxy.golang.org,direct"})

SOURCE_VERBS = frozenset({"pip", "pip3", "uv", "cargo", "gem", "env", "export"}) | _NODE_MANAGERS


def _named(words: tuple[str, ...], options: frozenset[str]) -> bool:
    for w in words:
        if w[:1] == "-" and (w in options or (w[:2] == "--" and w.partition("=")[0] in options)):
            return True
        if len(w) > 2 and w[1] != "-" and w[:2] in options:
            return True  # `-ihttps://evil/simple`: the value glued to the letter
    return False


def _address(word: str) -> bool:
    return "://" in word or word.startswith(_ADDRESS_PREFIXES)


def _pip(view: tuple[str, ...]) -> bool:
    """`pip install -i URL x`, `pip install git+https://…`, `uv pip install --index-url URL`, `uv add --index
    URL x`, `uv add git+https://…`."""
    ops = [w for w in view[1:] if w[:1] != "-"]
    if not any(op in _PIP_INSTALLS or op == "tool" for op in ops[:2]):
        return False
    if _named(view[1:], _PIP_SOURCE_OPTIONS):
        return True
    return any(_address(w) and not w.startswith("file:") for w in view[2:])


def _node(view: tuple[str, ...]) -> bool:
    """`npm install --registry=URL x`, `pnpm add github:u/r`, `npx --registry URL pkg`, `yarn add
    https://…/x.tgz`."""
    if _named(view[1:], frozenset({"--registry"})) or any(
        w.startswith("--@") and "registry" in w for w in view
    ):
        return True
    ops = [w for w in view[1:] if w[:1] != "-"]
    if view[0] in ("npx", "pnpx", "bunx"):
        return any(_address(w) for w in ops[:1])  # `npx github:u/r`: the package it runs
    if not ops or ops[0] not in _NODE_INSTALLS:
        return False
    return any(_address(w) and not w.startswith("file:") for w in ops[1:])


def other_source(view: tuple[str, ...]) -> bool:
    """Whether ``view`` installs or fetches packages from a source its settings do not name."""
    verb = view[0]
    if verb in ("pip", "pip3") or (verb.startswith("pip3.") and verb[5:].isdigit()) or verb == "uv":
        return _pip(view)
    if verb in _NODE_MANAGERS:
        return _node(view)
    if verb == "cargo":
        return len(view) > 1 and view[1] in ("install", "add") and _named(view[2:], _CARGO_SOURCE_OPTIONS)
    if verb == "gem":
        return (
            len(view) > 1
            and view[1] in ("install", "update", "fetch")
            and _named(view[2:], _GEM_SOURCE_OPTIONS)
        )
    return False


def index_assigned(view: tuple[str, ...]) -> bool:
    """An assignment in ``view`` (before its command, after `env`, or `export`ed for the segments after it)
    that chooses another package source: `PIP_INDEX_URL=URL pip install x`, `GOPROXY=URL go get x`,
    `GOSUMDB=off go install …`. Whatever runs after it, the assignment exists to change where packages come
    from (fail closed)."""
    for w in view:
        if "=" not in w or not is_assignment(w):
            continue
        name, _, value = w.partition("=")
        name = name.upper()
        if name not in _INDEX_VARIABLES and not (name.startswith("UV_INDEX_") and name.endswith("_URL")):
            continue
        if name == "GOFLAGS":
            if "-insecure" in value:
                return True
            continue
        if name == "GOPROXY" and value in _GO_KEEPS:
            continue
        if name in ("GOSUMDB", "GOPRIVATE", "GONOPROXY", "GONOSUMDB") and value in ("", "sum.golang.org"):
            continue
        return True
    return False
