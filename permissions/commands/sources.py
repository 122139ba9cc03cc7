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

from collections.abc import Sequence

from permissions.commands.option_tables import NPM_ALIASES
from permissions.commands.views import is_assignment

__all__ = ["SOURCE_VERBS", "index_assigned", "insecure_fetch", "other_source"]

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
# The commands among them that run one package's program with the words after it as its arguments.
_NODE_LAUNCHES = frozenset({"exec", "x", "dlx", "create", "init", "innit"})
# npm's package specifiers that name an address, not a registry's package.
_ADDRESS_PREFIXES = ("git+", "git:", "github:", "gitlab:", "bitbucket:", "gist:", "http:", "https:", "file:")
# red team: what npm-package-arg reads as a local file before it tries a hosted-git shorthand (`./x`, `~/x`,
# `/x`, `C:x`), and the tarballs it reads as files (`dir/pkg.tgz`).
_NODE_FILE_FIRST = frozenset("./~\\")
_NODE_TARBALLS = (".tgz", ".tar.gz", ".tar")
# package.json's keys whose values are package specifiers (`pnpm.overrides` under `pnpm`).
_NODE_DEPENDENCY_KEYS = frozenset(
    "dependencies devDependencies optionalDependencies peerDependencies bundleDependencies overrides"
    " resolutions pnpm".split()
)
# The node managers' options whose value is a folder, a workspace or a tag, not a package (`--prefix web/app`).
_NODE_VALUED = frozenset(
    "--prefix -C --dir --cwd -w --workspace -F --filter --tag --cache --userconfig --globalconfig"
    " --registry -p --package".split()
)
_CARGO_SOURCE_OPTIONS = frozenset({"--index", "--registry", "--git"})
# red team: cargo's `--config KEY=VALUE` (any subcommand) that replaces crates.io or names a registry.
_CARGO_SOURCE_KEYS = ("source.", "registries.", "registry.")
_GEM_SOURCE_OPTIONS = frozenset({"-s", "--source", "--clear-sources"})
# red team: pipx and uvx install what they run; `--spec`/`--from` name the package, `--pip-args` pip's options.
_PIPX_COMMANDS = frozenset({"install", "run", "inject", "upgrade", "reinstall", "install-all", "runpip"})
_PIPX_SPECS = frozenset({"--spec", "--from", "--with", "--pip-args", "--editable"})
# red team: dotnet's commands that fetch packages with `-s`/`--source` (`dotnet nuget add source URL` adds one to
# NuGet.Config for later), and maven's remote repository given on the command line.
_DOTNET_FETCHES = frozenset({"add", "restore", "tool", "new", "build", "run", "test", "publish", "pack"})
_DOTNET_SOURCE_OPTIONS = frozenset({"-s", "--source", "--add-source", "--nuget-source"})
_MAVEN_VERBS = frozenset({"mvn", "mvnw", "./mvnw", "mvnd"})
_MAVEN_SOURCE_PROPERTIES = (
    "-DremoteRepositories=", "-DrepoUrl=", "-Dmaven.repo.remote=", "-Dhttps.proxyHost=", "-Dhttp.proxyHost=",
)  # fmt: skip
# red team: conda's channels everyone uses; another channel (`-c someone`, `-c https://…`) is another source.
_CONDA_VERBS = frozenset({"conda", "mamba", "micromamba"})
_CONDA_CHANNELS = frozenset(
    {"conda-forge", "defaults", "main", "r", "msys2", "bioconda", "pytorch", "nvidia"}
)
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
        # red team: the other managers' sources by environment -- PDM's index, Homebrew's bottle, API and
        # artifact hosts, conda's channels -- and the variables that turn TLS verification off for every
        # fetch (a package then comes from whoever answers): Node's, git's, Python's, Yarn's
        "PDM_PYPI_URL",
        "PDM_PYPI_VERIFY_SSL",
        "HOMEBREW_BOTTLE_DOMAIN",
        "HOMEBREW_API_DOMAIN",
        "HOMEBREW_ARTIFACT_DOMAIN",
        "HOMEBREW_ARTIFACT_DOMAIN_NO_FALLBACK",
        "CONDA_CHANNELS",
        "CONDA_DEFAULT_CHANNELS",
        "CONDA_CHANNEL_ALIAS",
        "CONDA_SSL_VERIFY",
        "NODE_TLS_REJECT_UNAUTHORIZED",
        "GIT_SSL_NO_VERIFY",
        "PYTHONHTTPSVERIFY",
        "YARN_ENABLE_STRICT_SSL",
        "YARN_STRICT_SSL",
        "CARGO_HTTP_CHECK_REVOKE",
        "CARGO_NET_GIT_FETCH_WITH_CLI",
        # red team: the sources of the managers read in permissions.commands.sources_managers, and the mirrors
        # the runtime managers and npm packages' install scripts download their binaries from: MSBuild's
        # restore properties (an environment variable is a property), rustup's, nvm's, fnm's, n's, pyenv's
        # and uv's toolchain mirrors, Electron's, Puppeteer's, Playwright's, Sass's, Cypress's and
        # chromedriver's, Dart's and Flutter's hosts, Hex's, bazelisk's, Homebrew's own repositories and pip
        # index, Coursier's repositories, Carton's mirror
        "RESTORESOURCES",
        "RESTOREADDITIONALPROJECTSOURCES",
        "RUSTUP_DIST_SERVER",
        "RUSTUP_UPDATE_ROOT",
        "NVM_NODEJS_ORG_MIRROR",
        "NVM_IOJS_ORG_MIRROR",
        "FNM_NODE_DIST_MIRROR",
        "N_NODE_MIRROR",
        "NODEJS_ORG_MIRROR",
        "PYTHON_BUILD_MIRROR_URL",
        "UV_PYTHON_INSTALL_MIRROR",
        "UV_PYPY_INSTALL_MIRROR",
        "ELECTRON_MIRROR",
        "PUPPETEER_DOWNLOAD_BASE_URL",
        "PLAYWRIGHT_DOWNLOAD_HOST",
        "SASS_BINARY_SITE",
        "CYPRESS_DOWNLOAD_MIRROR",
        "CHROMEDRIVER_CDNURL",
        "PUB_HOSTED_URL",
        "FLUTTER_STORAGE_BASE_URL",
        "HEX_MIRROR",
        "HEX_UNSAFE_HTTPS",
        "BAZELISK_BASE_URL",
        "HOMEBREW_BREW_GIT_REMOTE",
        "HOMEBREW_CORE_GIT_REMOTE",
        "HOMEBREW_PIP_INDEX_URL",
        "COURSIER_REPOSITORIES",
        "PERL_CARTON_MIRROR",
    }
)
# red team: every fetch of the command goes through the machine a proxy variable names (any case): with TLS
# checked it still sees each host and, for plain-HTTP sources and git://, what comes back.
_PROXY_VARIABLES = frozenset({"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "FTP_PROXY", "GIT_PROXY_COMMAND"})
# Variables whose value keeps the default (TLS verified; a channel list naming only the defaults).
_KEEPS_VERIFYING = {
    "NODE_TLS_REJECT_UNAUTHORIZED": ("1",),
    "GIT_SSL_NO_VERIFY": ("", "0", "false"),
    "PYTHONHTTPSVERIFY": ("1",),
    "YARN_ENABLE_STRICT_SSL": ("true", "1"),
    "YARN_STRICT_SSL": ("true", "1"),
    "PDM_PYPI_VERIFY_SSL": ("true", "1"),
    "CONDA_SSL_VERIFY": ("true", "1"),
    "CARGO_HTTP_CHECK_REVOKE": ("true",),
    "CARGO_NET_GIT_FETCH_WITH_CLI": ("true", "false"),
    "HEX_UNSAFE_HTTPS": ("", "0", "false"),
    "CONDA_CHANNELS": ("defaults", "conda-forge", "defaults,conda-forge", "conda-forge,defaults"),
}
# Values of those variables that keep the default source (`GOPROXY=off` fetches nothing, `direct` still checks
# the checksum database; GOFLAGS only when it names `-insecure`).
_GO_KEEPS = frozenset({"off", "direct", "https://proxy.golang.org", "https://proxy.golang.org,direct"})

# red team: programs that run a script straight from an address, as `npx github:u/r` runs a package from one --
# Deno's `deno run https://…` (and its test, bench, serve, compile and install, the `deno URL` shorthand, an
# import map from an address that redirects the script's imports), uv's remote scripts (`uv run https://…/x.py`)
# and the packages it adds to a run (`uv run --with git+https://… pytest`), JBang's scripts and catalog aliases
# (`jbang https://…/x.java`, `jbang x@org`: org's jbang-catalog on GitHub) and repositories (`--repos URL`),
# Scala CLI's inputs (a URL, a gist), and Windows' mshta (an HTA from an address, `vbscript:`/`javascript:`
# code) and rundll32 handed a `javascript:` line (mshtml's RunHTMLApplication, which fetches a scriptlet).
_DENO_RUNS = frozenset({"run", "test", "bench", "serve", "compile", "install", "i"})
_DENO_VALUES = frozenset(
    "--import-map --config -c --lock --cert --location -o --output --root -n --name".split()
)
_DENO_FETCHING = frozenset({"--import-map"})
_UV_RUN_VALUES = frozenset(
    "-p --python --package --extra --group --only-group --no-group --env-file --directory --project --index"
    " --default-index --extra-index-url -w --with --with-editable --with-requirements".split()
)
_UV_RUN_FETCHING = frozenset(
    "-w --with --with-editable --with-requirements --index --default-index --extra-index-url".split()
)
_JBANG_VALUES = frozenset("--deps --repos --cp --class-path -m --main -R --runtime-option -D --java".split())
_CODE_SCHEMES = ("javascript:", "vbscript:")
_SCRIPT_RUNNERS = frozenset({"deno", "jbang", "scala-cli", "scala", "mshta", "rundll32"})

# red team: project generators that fetch a template from an address and run what it holds (cookiecutter's and
# cruft's hooks, copier's tasks and Jinja extensions, a Rails application template -- Ruby --, pre-commit's hooks
# of the repository it tries), or write it into the project (Django's `--template=URL`). `gh:u/r`, `gl:`, `bb:`
# are cookiecutter's and copier's host shorthands. A template in the project's own folders is the project's.
_TEMPLATE_HOSTS = ("gh:", "gl:", "bb:", "git@")
_RAILS = frozenset({"rails", "bin/rails", "./bin/rails"})
_SCAFFOLDERS = frozenset({"cookiecutter", "cruft", "copier", "pre-commit", "django-admin"}) | _RAILS
# the subcommands that fetch (None: the program itself)
_SCAFFOLDER_SUBS: dict[str, frozenset[str] | None] = {
    "cookiecutter": None,
    "cruft": frozenset({"create", "link"}),
    "copier": frozenset({"copy", "recopy", "update", "check-update"}),
    "pre-commit": frozenset({"try-repo"}),
    "django-admin": frozenset({"startproject", "startapp"}),
    **dict.fromkeys(_RAILS, frozenset({"new", "app:template"})),
}

_FROM_ADDRESS = _SCRIPT_RUNNERS | _SCAFFOLDERS

SOURCE_VERBS = (
    frozenset(
        {"pip", "pip3", "uv", "uvx", "pipx", "cargo", "gem", "go", "dotnet", "composer", "env", "export"}
    )
    | _NODE_MANAGERS
    | _MAVEN_VERBS
    | _CONDA_VERBS
    | _SCRIPT_RUNNERS
    | _SCAFFOLDERS
)


def _named(words: tuple[str, ...], options: frozenset[str]) -> bool:
    for w in words:
        if w[:1] == "-" and (w in options or (w[:2] == "--" and w.partition("=")[0] in options)):
            return True
        if len(w) > 2 and w[1] != "-" and w[:2] in options:
            return True  # `-ihttps://evil/simple`: the value glued to the letter
    return False


def _address(word: str) -> bool:
    return "://" in word or word.startswith(_ADDRESS_PREFIXES)


def _node_elsewhere(word: str) -> bool:
    """red team: a node package specifier fetched from an address or a git host: `github:u/r`, `https://…`,
    npm's hosted-git shorthand `u/r` and `u/r#ref` (npm, pnpm, yarn and bun read it as a GitHub repository), and
    each of them behind an alias (`x@u/r`, `x@github:u/r`, `@s/x@git+ssh://…`). A registry alias
    (`x@npm:y`), a workspace or a local folder or tarball (`./x`, `file:x`, `dir/x.tgz`) is no other source
    (a folder outside the project is the path scope's)."""
    at = word.find("@", 1)
    spec = word[at + 1 :] if at > 0 else word
    if _address(word) or _address(spec):
        return not spec.startswith("file:") and not word.startswith("file:")
    path = spec.partition("#")[0]
    if not path or path[0] in _NODE_FILE_FIRST or path[0] == "@" or ":" in path:
        return False
    if path.endswith(_NODE_TARBALLS):
        return False
    owner, slash, repo = path.partition("/")
    return bool(slash and owner and repo and "/" not in repo)


def _node_operands(words: tuple[str, ...]) -> list[str]:
    """The words of a node manager's line that are no option nor a folder, workspace or tag an option takes."""
    ops: list[str] = []
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w[:1] == "-":
            skip = w in _NODE_VALUED
        else:
            ops.append(w)
    return ops


def _pip(view: tuple[str, ...]) -> bool:
    """`pip install -i URL x`, `pip install git+https://…`, `uv pip install --index-url URL`, `uv add --index
    URL x`, `uv add git+https://…`."""
    ops = [w for w in view[1:] if w[:1] != "-"]
    if not any(op in _PIP_INSTALLS or op == "tool" for op in ops[:2]):
        return False
    if _named(view[1:], _PIP_SOURCE_OPTIONS):
        return True
    return any(_address(w) and not w.startswith("file:") for w in view[2:])


def _launched_packages(view: tuple[str, ...]) -> list[str]:
    """The packages a launcher's `-p`/`--package` options name before the command it runs (`npx -p u/r cmd`,
    `npm exec --package=u/r -- cmd`); the command's own `-p` (`npx tsc -p src/tsconfig.json`) is not one."""
    found: list[str] = []
    k = 1
    n = len(view)
    while k < n:
        w = view[k]
        if w == "--":
            break
        if w in ("-p", "--package") and k + 1 < n:
            found.append(view[k + 1])
            k += 2
            continue
        if w.startswith("--package="):
            found.append(w[10:])
        elif w[:1] != "-" and w not in ("exec", "x", "dlx"):
            break
        k += 1
    return found


def _node(view: tuple[str, ...]) -> bool:
    """`npm install --registry=URL x`, `pnpm add github:u/r`, `npx --registry URL pkg`, `yarn add
    https://…/x.tgz`."""
    if _named(view[1:], frozenset({"--registry"})) or any(
        w.startswith("--@") and "registry" in w for w in view
    ):
        return True
    if any(_node_elsewhere(w) for w in _launched_packages(view)):
        return True  # `npx -p u/r cmd`, `npm exec --package=github:u/r -- cmd`
    ops = _node_operands(view[1:])
    if ops[:2] == ["pkg", "set"]:
        # `npm pkg set dependencies.x=github:u/r`: the manifest names the source the next install fetches.
        return any(
            w.partition(".")[0] in _NODE_DEPENDENCY_KEYS and _node_elsewhere(w.partition("=")[2])
            for w in ops[2:]
        )
    if view[0] in ("npx", "pnpx", "bunx"):
        return any(_node_elsewhere(w) for w in ops[:1])  # `npx github:u/r`: the package it runs
    if not ops or ops[0] not in _NODE_INSTALLS:
        return False
    # friction: a launcher's or initializer's first operand is the package it fetches, the rest are that
    # program's own arguments (`pnpm exec vitest src/a.test.ts`, `npm exec eslint src/ui`)
    return any(_node_elsewhere(w) for w in (ops[1:2] if ops[0] in _NODE_LAUNCHES else ops[1:]))


def _pipx(view: tuple[str, ...]) -> bool:
    """`pipx install git+https://…`, `pipx run --index-url URL x`, `pipx install --pip-args='-i URL' x`,
    `uvx --from git+https://… x`, `uvx --index-url URL x`."""
    if view[0] == "pipx" and not any(w in _PIPX_COMMANDS for w in view[1:3]):
        return False
    if _named(view[1:], _PIP_SOURCE_OPTIONS):
        return True
    for k, w in enumerate(view[1:], 1):
        name, eq, value = w.partition("=")
        if name in _PIPX_SPECS:
            value = value if eq else (view[k + 1] if k + 1 < len(view) else "")
            if (
                _address(value)
                and not value.startswith("file:")
                or any(
                    o in value for o in ("-i", "--index", "--extra-index", "-f", "--find-links", "--trusted")
                )
            ):
                return True
        elif w[:1] != "-" and _address(w) and not w.startswith("file:"):
            return True
    return False


def _conda_channel(words: tuple[str, ...]) -> bool:
    """`conda install -c someone x`, `mamba create --channel https://… x`: a channel no one lists by default."""
    for k, w in enumerate(words):
        name, eq, value = w.partition("=")
        if name in ("-c", "--channel"):
            value = value if eq else (words[k + 1] if k + 1 < len(words) else "")
        elif w.startswith("-c") and len(w) > 2:
            value = w[2:]
        else:
            continue
        if value not in _CONDA_CHANNELS:
            return True
    return False


def _cargo(view: tuple[str, ...]) -> bool:
    """`cargo install --git URL`, `cargo install --registry R`, `cargo --config 'source.crates-io.replace-with=…'
    build` (the config key may name a source or a registry before or after the subcommand)."""
    for k, w in enumerate(view):
        if w == "--config" and k + 1 < len(view):
            value = view[k + 1]
        elif w.startswith("--config="):
            value = w[9:]
        else:
            continue
        if value.lstrip("'\"").startswith(_CARGO_SOURCE_KEYS):
            return True
    return len(view) > 1 and view[1] in ("install", "add") and _named(view[2:], _CARGO_SOURCE_OPTIONS)


# red team: options that fetch packages with TLS verification off -- a package then comes from whoever answers
# (another source): npm's/pnpm's/Yarn 1's `--strict-ssl=false`, uv's `--allow-insecure-host`, go's old
# `-insecure`, Maven's wagon switches, Composer's `secure-http`/`disable-tls` settings.
_INSECURE_WORDS = frozenset(
    {"--strict-ssl=false", "--no-strict-ssl", "--allow-insecure-host", "-insecure", "--insecure",
     "-Dmaven.wagon.http.ssl.insecure=true", "-Dmaven.wagon.http.ssl.allowall=true", "secure-http",
     "disable-tls"}
)  # fmt: skip
# ... and git told not to verify a server (`git -c http.sslVerify=false clone`, or the setting written for
# every later fetch: `git config http.sslVerify false`).
_GIT_NO_VERIFY = frozenset({"false", "0", "no", "off"})


def insecure_fetch(view: tuple[str, ...]) -> bool:
    """Whether a view of git fetches with TLS verification turned off, or sets it so for every later fetch
    (the package managers' options are read in other_source)."""
    for k, w in enumerate(view[1:], 1):
        low = w.lower()
        if "sslverify" in low:
            name, eq, value = low.partition("=")
            if not eq:  # `git config http.sslVerify false`
                value = view[k + 1].lower() if k + 1 < len(view) else ""
            if name.endswith("sslverify") and value in _GIT_NO_VERIFY:
                return True
    return False


def _script_from_address(words: Sequence[str], values: frozenset[str], fetching: frozenset[str]) -> bool:
    """Whether the script a runner is given (its first operand) is an address, or an option before it that
    brings code (``fetching``: `--with`, `--import-map`, `--repos`) names one. ``values``: the options that take
    the next word. The script's own arguments after it are its business (`deno run main.ts https://api…`)."""
    k = 0
    while k < len(words):
        w = words[k]
        k += 1
        if w[:1] != "-" or w == "-":
            return _address(w) and not w.startswith("file:")
        name, eq, value = w.partition("=")
        if not eq and name in values and k < len(words):
            value = words[k]
            k += 1
        if name in fetching and _address(value) and not value.startswith("file:"):
            return True
    return False


def _runs_script_from_address(view: tuple[str, ...]) -> bool:
    """red team: a script run straight from an address (the rows above ``SOURCE_VERBS``), or a project
    generated from a template at one."""
    verb = view[0]
    if verb in _SCAFFOLDERS:
        return _template_from_address(view)
    sub = view[1] if len(view) > 1 else ""
    if verb == "deno":
        if sub[:1] == "-" or _address(sub):  # `deno [-A] https://…/x.ts`: Deno 2's shorthand for `deno run`
            return _script_from_address(view[1:], _DENO_VALUES, _DENO_FETCHING)
        return sub in _DENO_RUNS and _script_from_address(view[2:], _DENO_VALUES, _DENO_FETCHING)
    if verb == "uv":
        return sub == "run" and _script_from_address(view[2:], _UV_RUN_VALUES, _UV_RUN_FETCHING)
    if verb == "jbang":
        words = view[2:] if sub in ("run", "edit", "info", "app") else view[1:]
        if _script_from_address(words, _JBANG_VALUES, frozenset({"--repos"})):
            return True
        script = next((w for w in _plain_words(words, _JBANG_VALUES)), "")
        return "@" in script[1:] and not script.startswith("@")  # `jbang x@org`: a catalog on GitHub
    if verb in ("scala-cli", "scala"):
        return any(_address(w) and not w.startswith("file:") for w in _plain_words(view[1:], frozenset()))
    low = [w.lower() for w in view[1:]]
    if verb == "mshta":
        return any(_address(w) or w.startswith(_CODE_SCHEMES) for w in low)
    return verb == "rundll32" and any(scheme in w for w in low for scheme in _CODE_SCHEMES)


def _template_address(word: str) -> bool:
    return (_address(word) and not word.startswith("file:")) or word.startswith(_TEMPLATE_HOSTS)


def _template_from_address(view: tuple[str, ...]) -> bool:
    """red team: a project generator given a template at an address (``_SCAFFOLDERS``): any word of the
    command, or the value of any option or setting (``--template=URL``, ``-mURL``, ``LOCATION=URL``)."""
    subs = _SCAFFOLDER_SUBS[view[0]]
    words = view[1:] if subs is None else view[2:] if len(view) > 1 and view[1] in subs else ()
    for w in words:
        value = w.partition("=")[2] if "=" in w else w[2:] if w[:2] == "-m" else w
        if _template_address(w) or _template_address(value):
            return True
    return False


def _plain_words(words: Sequence[str], values: frozenset[str]) -> list[str]:
    """The operands before ``--`` (``values`` take the next word)."""
    out: list[str] = []
    skip = False
    for w in words:
        if w == "--":
            break
        if skip:
            skip = False
        elif w[:1] == "-":
            skip = "=" not in w and w in values
        else:
            out.append(w)
    return out


def other_source(view: tuple[str, ...]) -> bool:
    """Whether ``view`` installs or fetches packages from a source its settings do not name."""
    verb = view[0]
    if not _INSECURE_WORDS.isdisjoint(view):
        return True
    if verb in _FROM_ADDRESS:
        return _runs_script_from_address(view)
    if verb in ("pip", "pip3") or (verb.startswith("pip3.") and verb[5:].isdigit()) or verb == "uv":
        return _pip(view) or (
            verb == "uv"
            and (any(w.startswith("--allow-insecure-host=") for w in view) or _runs_script_from_address(view))
        )
    if verb in _NODE_MANAGERS:
        return _node(view)
    if verb == "cargo":
        return _cargo(view)
    if verb in ("pipx", "uvx"):
        return _pipx(view)
    sub = view[1] if len(view) > 1 else ""
    if verb == "gem":
        if sub == "sources":
            return _named(
                view[2:], frozenset({"-a", "--add"})
            )  # `gem sources --add URL`, for every later install
        return sub in ("install", "update", "fetch") and _named(view[2:], _GEM_SOURCE_OPTIONS)
    if verb == "go":
        # `go env -w GOPROXY=URL`: the variable, written to go's own settings for every later command
        return sub == "env" and ("-w" in view) and index_assigned(view[2:])
    if verb == "dotnet":
        if sub == "nuget":
            return view[2:4] in (
                ("add", "source"),
                ("update", "source"),
            )  # red team: `update source x -s URL`
        return sub in _DOTNET_FETCHES and _named(view[2:], _DOTNET_SOURCE_OPTIONS)
    if verb == "composer":
        # `composer config repositories.x vcs URL` (composer.json), `composer create-project --repository=URL`
        return (
            sub == "config"
            and any(w.startswith(("repositories.", "repo.", "repos.")) for w in view[2:])
            or sub == "create-project"
            and _named(view[2:], frozenset({"--repository", "--repository-url"}))
        )
    if verb in _CONDA_VERBS:
        return sub in ("install", "create", "update", "upgrade") and _conda_channel(view[2:])
    if verb in _MAVEN_VERBS:
        return any(w.startswith(_MAVEN_SOURCE_PROPERTIES) for w in view[1:])
    return False


def _loopback(proxy: str) -> bool:
    """A proxy on this machine (`http://127.0.0.1:8080`, a debugging proxy the developer runs)."""
    host = proxy.partition("://")[2] or proxy
    host = host.rpartition("@")[2].partition("/")[0]
    host = host.rpartition(":")[0] if host.count(":") == 1 else host
    if host in ("localhost", "[::1]", "::1"):
        return True
    parts = host.split(".")
    return len(parts) == 4 and parts[0] == "127" and all(p.isdigit() and len(p) <= 3 for p in parts)


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
        if name in _PROXY_VARIABLES:
            if value.strip() and not _loopback(value):
                return True
            continue
        if name not in _INDEX_VARIABLES and not (
            name.startswith("UV_INDEX_")
            and name.endswith("_URL")
            or name.startswith("CARGO_SOURCE_")
            or name.startswith("CARGO_REGISTRIES_")
            and name.endswith(("_INDEX", "_PROTOCOL"))
            or name.startswith(("POETRY_REPOSITORIES_", "POETRY_SOURCE_", "BUNDLE_MIRROR__", "PDM_SOURCE"))
        ):
            continue
        keeps = _KEEPS_VERIFYING.get(name)
        if keeps is not None and value.lower() in keeps:
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
