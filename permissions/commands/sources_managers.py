"""R3.7, §5 step 6 / R4.10 (red team): packages and plugins from another source, by the managers
permissions.commands.sources does not read.

The same reading as there: a source added or named on the command line -- one that later installs take (`nuget
sources add`, `choco source add`, `scoop bucket add x URL`, `brew tap u/r`, `flatpak remote-add`,
`add-apt-repository ppa:x/y`, `nix-channel --add`, `opam repo add`, `spack mirror add`, `pdm config pypi.url`,
`pixi project channel add`, `kubectl krew index add`), or one this install fetches from (`choco install -s
URL`, `luarocks install --server=URL`, `cpanm --mirror URL`, `cs install -r URL`, `bundle add --git URL`,
`stack --resolver URL`, `dnf install https://…/x.rpm`) -- a plugin fetched from an address and run (`helm
plugin install URL`, `asdf plugin add x URL`, `mise plugins install x URL`, `proto plugin add x URL`), a
package's signature or checksum check turned off (`apt-get --allow-unauthenticated`, `dnf --nogpgcheck`, `choco
--ignore-checksums`, `scoop install --skip-hash-check`), a key trusted for a repository (`apt-key adv`), a
proxy every fetch goes through, or a build tool's own download taken from elsewhere (`gradle wrapper
--gradle-distribution-url URL`): each reaches outside and runs what it brings, an external effect that asks
(never denied). The well-known defaults stay ordinary: `brew tap homebrew/cask`, `scoop bucket add extras`,
`add-apt-repository universe`, Flathub, nixos.org's channels, conda-forge, `winget -s winget`, `helm plugin
install ./dir`, `asdf plugin add nodejs` (asdf's own plugin index). Not read here: `helm repo add` (a chart
repository: its charts are templates, not code run here, and installing one is already a deploy), `hatch config
set` (no key of Hatch's names where environments install from), `gradle --init-script` (a file, never fetched:
a file outside the project is the path scope's).
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.sources import _CONDA_CHANNELS

__all__ = ["MANAGER_VERBS", "manager_source"]


def _remote(word: str) -> bool:
    """An address a package, plugin or repository is fetched from (a `file:` one is this machine's)."""
    return (
        "://" in word
        and not word.startswith("file:")
        or word.startswith(("git+", "git@", "github:", "gitlab:", "bitbucket:", "git:"))
    )


def _operands(words: tuple[str, ...]) -> list[str]:
    return [w for w in words if w[:1] != "-"]


def _values(words: tuple[str, ...], names: frozenset[str]) -> list[str]:
    """The values given to the options ``names`` (`--server=URL`, `--server URL`, `-sURL` for a one-letter
    name; a name as the tool spells it, matched without case)."""
    out: list[str] = []
    n = len(words)
    for k, w in enumerate(words):
        if w[:1] not in ("-", "/") or len(w) < 2:
            continue
        name, eq, value = w.partition("=")
        low = name.lower()
        if low in names:
            out.append(value if eq else (words[k + 1] if k + 1 < n else ""))
        elif len(w) > 2 and w[1] != "-" and w[:2] in names:
            out.append(w[2:])  # `-sURL`, `-XURL`
    return out


def _opts(*spellings: str) -> frozenset[str]:
    return frozenset(" ".join(spellings).split())


# -- NuGet, dotnet's and MSBuild's restore sources, Chocolatey, Scoop, winget ------------------------------------
def _nuget_source_option(word: str) -> bool:
    """NuGet.exe's `-Source`/`-FallbackSource` (any case, `-` or `/`, and the unique prefixes it accepts:
    `-sou`, `-fallback`)."""
    name = word.lstrip("-/").partition("=")[0].partition(":")[0].lower()
    return (
        len(name) >= 3 and "source".startswith(name) or len(name) >= 2 and "fallbacksource".startswith(name)
    )


def _nuget(view: tuple[str, ...]) -> bool:
    """`nuget sources add|update -Source URL` (NuGet.Config, for every later restore), `nuget install|restore x
    -Source URL`, `nuget config -set http_proxy=URL`."""
    ops = [w.lower() for w in _operands(view[1:])]
    sub = ops[0] if ops else ""
    if sub == "sources":
        return ops[1:2] in (["add"], ["update"])
    if sub == "config":
        return any(w.lower().startswith("http_proxy=") for w in view[2:])
    return sub in ("install", "restore", "update") and any(
        w[:1] in ("-", "/") and _nuget_source_option(w) for w in view[2:]
    )


# MSBuild's restore properties (`-p:RestoreSources=URL`, `/property:RestoreAdditionalProjectSources=URL`).
_RESTORE_PROPERTIES = ("restoresources=", "restoreadditionalprojectsources=")


def restore_property(view: tuple[str, ...]) -> bool:
    """`dotnet restore -p:RestoreSources=URL`, `msbuild /t:restore /p:RestoreSources=URL`: the sources NuGet
    restores from, given as a property."""
    return any("ources=" in w and any(p in w.lower() for p in _RESTORE_PROPERTIES) for w in view[1:])


_CHOCO_SOURCE = _opts("-s --source /s /source")
_CHOCO_INSTALLS = frozenset({"install", "upgrade", "download", "update"})
_CHOCO_UNCHECKED = ("ignorechecksum", "ignore-checksum", "allowemptychecksum", "allow-empty-checksum")


def _choco(view: tuple[str, ...]) -> bool:
    """`choco source add -n x -s URL`, `choco install x -s URL` (`cinst`, `cup`), `choco install x
    --ignore-checksums`, `choco feature disable -n checksumFiles`, `choco config set proxy URL`."""
    ops = [w.lower() for w in _operands(view[1:])]
    sub = ops[0] if ops else ""
    if view[0] in ("cinst", "cup"):
        sub = "install"
    if sub == "source":
        return ops[1:2] == ["add"]
    if sub == "feature":
        text = " ".join(view).lower()
        return (
            "enable" in text and "allowemptychecksum" in text or "disable" in text and "checksumfiles" in text
        )
    if sub == "config":
        return ops[1:2] == ["set"] and any("proxy" in w.lower() for w in view[3:])
    if sub not in _CHOCO_INSTALLS:
        return False
    if any(w.lower().lstrip("-/").startswith(_CHOCO_UNCHECKED) for w in view[2:]):
        return True
    return any(v not in (".", "chocolatey") for v in _values(view[1:], _CHOCO_SOURCE))


# Scoop's known buckets (`scoop bucket known`): added by name, from ScoopInstaller's own list.
_SCOOP_BUCKETS = frozenset(
    "main extras versions nirsoft sysinternals php nerd-fonts nonportable java games".split()
)


def _scoop(view: tuple[str, ...]) -> bool:
    """`scoop bucket add x URL` (a bucket not on Scoop's known list), `scoop install https://…/x.json`,
    `scoop install -s x` (the hash check skipped), `scoop config proxy|scoop_repo VALUE`."""
    ops = [w.lower() for w in _operands(view[1:])]
    sub = ops[0] if ops else ""
    if sub == "bucket":
        return ops[1:2] == ["add"] and (len(ops) > 3 or len(ops) == 3 and ops[2] not in _SCOOP_BUCKETS)
    if sub == "config":
        return len(ops) > 2 and ops[1] in ("proxy", "scoop_repo", "scoop_branch")
    if sub not in ("install", "update", "reinstall"):
        return False
    return any(w in ("-s", "--skip-hash-check", "--skip") for w in view[2:]) or any(_remote(w) for w in ops)


def _winget(view: tuple[str, ...]) -> bool:
    """`winget source add x URL`, `winget install x -s evil` (another source than winget's and the Store's),
    `winget install x --ignore-security-hash`."""
    ops = [w.lower() for w in _operands(view[1:])]
    sub = ops[0] if ops else ""
    if sub == "source":
        return ops[1:2] == ["add"]
    if sub not in ("install", "add", "upgrade", "update", "import"):
        return False
    if "--ignore-security-hash" in view:
        return True
    return any(v.lower() not in ("winget", "msstore") for v in _values(view[2:], _opts("-s --source")))


# -- Homebrew, Flatpak, the system package managers ------------------------------------------------------------
def _brew_elsewhere(op: str) -> bool:
    """A formula named by its tap (`u/r/x`, tapped on the way) outside Homebrew's own, or fetched from an
    address."""
    if _remote(op):
        return True
    return op.count("/") == 2 and op[:1] not in "./~" and not op.lower().startswith("homebrew/")


def _brew(view: tuple[str, ...]) -> bool:
    """`brew tap u/r` (github.com/u/homebrew-r), `brew tap u/r URL`, `brew tap --custom-remote`, `brew install
    u/r/x`, `brew install https://…/x.rb`. Homebrew's own taps stay ordinary."""
    ops = _operands(view[1:])
    sub = ops[0] if ops else ""
    if sub == "tap":
        if len(ops) > 2 or "--custom-remote" in view:
            return True
        return len(ops) == 2 and not ops[1].lower().startswith("homebrew/")
    return sub in ("install", "reinstall", "upgrade", "fetch") and any(_brew_elsewhere(w) for w in ops[1:])


_FLATHUB = ("https://dl.flathub.org/", "https://flathub.org/")


def _flatpak(view: tuple[str, ...]) -> bool:
    """`flatpak remote-add x URL` (a remote other than Flathub), `flatpak remote-modify x --url=URL`, `flatpak
    install --from URL`, `--no-gpg-verify`."""
    if "--no-gpg-verify" in view:
        return True
    ops = _operands(view[1:])
    sub = ops[0] if ops else ""
    if sub == "remote-add":
        return not any(w.startswith(_FLATHUB) for w in ops[2:])
    if sub == "remote-modify":
        return bool(_values(view[2:], frozenset({"--url"})))
    if sub != "install":
        return False
    fetched = [*_values(view[2:], frozenset({"--from"})), *ops[1:]]
    return any(_remote(w) and not w.startswith(_FLATHUB) for w in fetched)


_UBUNTU_COMPONENTS = frozenset({"main", "universe", "multiverse", "restricted"})
_ADD_APT_VALUES = _opts("-c --component -p --pocket -k --keyserver -L")


def _add_apt_repository(view: tuple[str, ...]) -> bool:
    """`add-apt-repository ppa:x/y`, `add-apt-repository 'deb http://… main'`: any repository but the
    distribution's own components (`universe`); removing one (`-r`) is no other source."""
    if "-r" in view or "--remove" in view:
        return False
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
        elif w[:1] == "-":
            skip = "=" not in w and w in _ADD_APT_VALUES
        elif w.lower() not in _UBUNTU_COMPONENTS:
            return True
    return False


# The system managers' switches that install what no signature or checksum vouches for, or through a proxy.
_UNSIGNED = (
    "allowunauthenticated", "allow-unauthenticated", "allowinsecurerepositories", "allow-insecure-repositories",
    "nogpgcheck", "gpgcheck=0", "gpgcheck=false", "sslverify=0", "sslverify=false", "no-gpg-checks",
    "allow-untrusted", "nosignature", "::proxy", "verify-peer=false", "repofrompath", "add-repo", "addrepo",
)  # fmt: skip


def _system_manager(view: tuple[str, ...]) -> bool:
    """`dnf install https://…/x.rpm`, `apt-get -o Acquire::AllowInsecureRepositories=true update`, `dnf
    config-manager --add-repo URL`, `dnf copr enable u/p`, `zypper ar URL x`, `apk add -X URL x`,
    `apt-key adv --recv-keys K` (a key trusted for a repository)."""
    verb = view[0]
    words = view[1:]
    ops = _operands(words)
    if verb == "apt-key":
        return ops[:1] in (["add"], ["adv"])
    if ops[:2] == ["copr", "enable"] or verb == "zypper" and ops[:1] in (["ar"], ["addrepo"]):
        return True
    if verb == "apk" and _values(words, _opts("-X --repository")):
        return True
    for w in words:
        if "://" in w and not w.startswith("file:"):
            return True
        if any(u in w.lower() for u in _UNSIGNED):  # `--nogpgcheck`, `-o Acquire::http::Proxy=URL`
            return True
    return False


_SYSTEM_MANAGERS = frozenset(
    "apt apt-get aptitude dnf dnf5 yum microdnf zypper apk rpm pacman pkg yum-config-manager apt-key".split()
)


# -- Nix, opam, Spack ---------------------------------------------------------------------------------------------
_NIX_CHANNELS = ("https://nixos.org/channels/", "https://channels.nixos.org/")
_NIX_SOURCE_OPTIONS = (
    "substituters", "extra-substituters", "trusted-public-keys", "extra-trusted-public-keys", "require-sigs",
    "override-input",
)  # fmt: skip


def _nix(view: tuple[str, ...]) -> bool:
    """`nix-channel --add URL` (not nixos.org's), `nix registry add nixpkgs github:u/r`, `nix build --option
    substituters URL`, `nix profile install github:u/r`, `nix-shell -I nixpkgs=URL`, `nix-env -f URL -i x`."""
    verb = view[0]
    words = view[1:]
    if verb == "nix-channel":
        return any(not v.startswith(_NIX_CHANNELS) for v in _values(words, frozenset({"--add"})))
    if any(w.lstrip("-").startswith(_NIX_SOURCE_OPTIONS) for w in words):
        return True  # `--extra-substituters URL`, `--option substituters URL`
    if verb == "nix" and words[:2] == ("registry", "add"):
        return True
    return any(_remote(w.partition("=")[2] or w) and not w.lower().startswith("github:nixos/") for w in words)


def _opam(view: tuple[str, ...]) -> bool:
    """`opam repo add x URL`, `opam repository set-url default URL`, `opam pin add x git+https://…`, `opam
    switch create x --repos=x=URL`, `opam install --no-checksums`."""
    ops = _operands(view[1:])
    if ops[:1] in (["repo"], ["repository"], ["remote"]):
        return ops[1:2] in (["add"], ["set-url"], ["set-repos"])
    if "--no-checksums" in view:
        return True
    return any(_remote(w.rpartition("=")[2]) for w in view[2:])


def _spack(view: tuple[str, ...]) -> bool:
    """`spack mirror add x URL`, `spack mirror set-url x URL`, `spack buildcache keys --install --trust`,
    `spack install --no-check-signature`, `spack config add 'mirrors:x:URL'`."""
    ops = _operands(view[1:])
    if ops[:1] == ["mirror"]:
        return ops[1:2] in (["add"], ["set-url"])
    if "--no-check-signature" in view or "--trust" in view or "-t" in view and ops[:1] == ["buildcache"]:
        return True
    return ops[:2] == ["config", "add"] and any("mirrors:" in w for w in ops[2:])


# -- plugin managers: helm, asdf, mise, proto, krew -----------------------------------------------------------
_MISE_BACKENDS = ("ubi:", "github:", "gitlab:", "vfox:", "http:", "https:")


def _plugins(view: tuple[str, ...]) -> bool:
    """`helm plugin install URL`, `asdf plugin add x URL`, `mise plugins install x URL`, `mise use
    ubi:u/r`, `proto plugin add x github://u/r`, `kubectl krew index add x URL`, `kubectl krew install
    --manifest-url=URL`."""
    verb = view[0]
    ops = _operands(view[1:])
    sub = ops[0] if ops else ""
    if verb == "helm":
        return "--insecure-skip-tls-verify" in view or sub == "plugin" and any(_remote(w) for w in ops[2:])
    if verb == "asdf":
        return sub == "plugin-add" and len(ops) > 2 or ops[:2] == ["plugin", "add"] and len(ops) > 3
    if verb in ("mise", "rtx"):
        if sub in ("plugins", "plugin", "p"):
            return any(_remote(w) for w in ops[2:])
        return sub in ("use", "u", "install", "i", "exec", "x") and any(
            w.startswith(_MISE_BACKENDS) for w in ops[1:]
        )
    if verb == "proto":
        return ops[:2] == ["plugin", "add"] and any(_remote(w) or w.startswith("source:") for w in ops[2:])
    if verb == "kubectl":
        ops = ops[1:] if sub == "krew" else []
    return ops[:2] == ["index", "add"] or any(w.startswith("--manifest-url") for w in view)


# -- the language managers: LuaRocks, cpanm, coursier, Bundler, stack, PDM, pixi, Poetry, pub, mix, bazel ------
_LUAROCKS_SOURCE = _opts("--server --only-server --from --only-from")
_CPAN_SOURCE = _opts("--mirror --from -M --mirror-index")
_CPM_SOURCE = _opts("--mirror -r --resolver")
_COURSIER_SOURCE = _opts("-r --repository --repositories --channel")


def _language(view: tuple[str, ...]) -> bool:
    """`luarocks install x --server=URL`, `cpanm --mirror URL x`, `cpanm https://…/x.tar.gz`, `cs install -r
    URL x`, `stack --resolver URL build`."""
    verb = view[0]
    words = view[1:]
    if verb == "luarocks":
        return bool(_values(words, _LUAROCKS_SOURCE)) or any(_remote(w) for w in _operands(words))
    if verb in ("cpanm", "cpm", "cpan"):
        return bool(_values(words, _CPM_SOURCE if verb == "cpm" else _CPAN_SOURCE)) or any(
            _remote(w) for w in _operands(words)
        )
    if verb in ("cs", "coursier"):
        return bool(_values(words, _COURSIER_SOURCE))
    if verb == "stack":
        values = _values(words, _opts("--resolver --snapshot"))
        ops = _operands(words)
        if ops[:2] == ["config", "set"]:
            values += ops[3:4]
        return any(_remote(v) for v in values)
    return False


def _bundle(view: tuple[str, ...]) -> bool:
    """`bundle add x --git URL` (`--source`, `--github u/r`), `bundle config set mirror.https://rubygems.org
    URL`, `bundle config set ssl_verify_mode 0`, `bundle config set disable_checksum_validation true`."""
    ops = _operands(view[1:])
    if ops[:1] == ["add"]:
        return bool(_values(view[2:], _opts("--source --git --github")))
    return ops[:1] == ["config"] and any(
        w.startswith(("mirror.", "ssl_verify_mode", "disable_checksum_validation")) for w in ops[1:]
    )


def _pdm(view: tuple[str, ...]) -> bool:
    """`pdm config pypi.url URL`, `pdm config pypi.x.url URL`, `pdm config pypi.verify_ssl false`, `pdm add
    git+https://…`."""
    ops = _operands(view[1:])
    if ops[:1] == ["config"] and len(ops) > 2:
        key, value = ops[1], ops[2]
        named = key.startswith("pypi.") and key.endswith((".url", ".verify_ssl"))
        return named and value not in ("https://pypi.org/simple", "true")
    return ops[:1] in (["add"], ["install"]) and any(_remote(w.rpartition(" ")[2]) for w in ops[1:])


def _pixi(view: tuple[str, ...]) -> bool:
    """`pixi project channel add URL` (`workspace channel add`), `pixi add -c someone x`, `pixi global install
    -c URL x`, `pixi add --git URL x`, `pixi add --pypi 'x @ git+https://…'`."""
    words = view[1:]
    ops = _operands(words)
    if ops[:1] in (["project"], ["workspace"]) and ops[1:3] == ["channel", "add"]:
        return any(w not in _CONDA_CHANNELS for w in ops[3:])
    if ops[:1] not in (["add"], ["global"], ["exec"], ["init"], ["upgrade"]):
        return False
    if any(v not in _CONDA_CHANNELS for v in _values(words, _opts("-c --channel"))):
        return True
    return bool(_values(words, frozenset({"--git"}))) or any(_remote(w.rpartition(" ")[2]) for w in ops[1:])


def _poetry(view: tuple[str, ...]) -> bool:
    """`poetry add git+https://…`, `poetry add 'x @ https://…'`, `poetry self add git+https://…` (a plugin)."""
    ops = _operands(view[1:])
    if ops[:1] == ["self"]:
        ops = ops[1:]
    return ops[:1] == ["add"] and any(_remote(w.rpartition(" ")[2]) for w in ops[1:])


def _pub(view: tuple[str, ...]) -> bool:
    """`dart pub add x --hosted-url URL` (`--git-url`), `flutter pub add 'x:{git: URL}'`, `dart pub global
    activate --source git URL`."""
    ops = _operands(view[1:])
    if ops[:1] != ["pub"]:
        return False
    if _values(view[2:], _opts("--hosted-url --git-url")):
        return True
    if any(v not in ("hosted", "path") for v in _values(view[2:], _opts("-s --source"))):
        return True
    return any(_remote(w) or "{" in w and ("git" in w or "hosted" in w) for w in ops[2:])


def _mix(view: tuple[str, ...]) -> bool:
    """`mix hex.repo add x URL`, `mix archive.install github u/r` (`git URL`, `URL`), `mix escript.install
    git URL`."""
    ops = _operands(view[1:])
    sub = ops[0] if ops else ""
    if sub == "hex.repo":
        return ops[1:2] in (["add"], ["set"])
    return sub in ("archive.install", "escript.install") and (
        ops[1:2] in (["github"], ["git"]) or any(_remote(w) for w in ops[1:])
    )


def _build_tools(view: tuple[str, ...]) -> bool:
    """`gradle wrapper --gradle-distribution-url URL` (the build tool the wrapper later downloads and runs),
    a JVM proxy (`gradle -Dhttps.proxyHost=`), the plugin portal replaced, `bazel build --registry=URL`, `zig fetch
    --save URL`, `dotnet restore -p:RestoreSources=URL`."""
    verb = view[0]
    words = view[1:]
    if verb in ("bazel", "bazelisk"):
        return bool(_values(words, frozenset({"--registry"})))
    if verb == "zig":
        return words[:1] == ("fetch",) and any(w.startswith("--save") for w in words)
    if verb in ("msbuild", "dotnet"):
        return restore_property(view)
    return any(
        w.startswith(("--gradle-distribution-url", "-Dhttps.proxyHost", "-Dhttp.proxyHost"))
        or w.startswith("-Dorg.gradle.internal.plugins.portal.url.override")
        for w in words
    )


_READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "nuget": _nuget,
    "choco": _choco,
    "chocolatey": _choco,
    "cinst": _choco,
    "cup": _choco,
    "scoop": _scoop,
    "winget": _winget,
    "brew": _brew,
    "flatpak": _flatpak,
    "add-apt-repository": _add_apt_repository,
    "apt-add-repository": _add_apt_repository,
    **dict.fromkeys(_SYSTEM_MANAGERS, _system_manager),
    **dict.fromkeys(("nix", "nix-channel", "nix-shell", "nix-build", "nix-env", "nix-instantiate"), _nix),
    "opam": _opam,
    "spack": _spack,
    **dict.fromkeys(("helm", "asdf", "mise", "rtx", "proto", "kubectl", "kubectl-krew"), _plugins),
    **dict.fromkeys(("luarocks", "cpanm", "cpm", "cpan", "cs", "coursier", "stack"), _language),
    "bundle": _bundle,
    "bundler": _bundle,
    "pdm": _pdm,
    "pixi": _pixi,
    "poetry": _poetry,
    "dart": _pub,
    "flutter": _pub,
    "mix": _mix,
    **dict.fromkeys(
        ("gradle", "gradlew", "./gradlew", "bazel", "bazelisk", "zig", "msbuild"),
        _build_tools,
    ),
    "dotnet": _build_tools,
}

MANAGER_VERBS = frozenset(_READERS)


def manager_source(view: tuple[str, ...]) -> bool:
    """Whether ``view`` (its verb in :data:`MANAGER_VERBS`) takes packages or plugins from another source."""
    return _READERS[view[0]](view)
