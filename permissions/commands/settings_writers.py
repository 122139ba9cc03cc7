"""R3.7, red team: more programs that write a file of the protected table by their own words -- hook managers
that install into ``.git/hooks``, clients whose settings subcommand or login keeps a file of the table, and
programs whose operands or addresses name the file they write. :func:`settings_targets` answers for a view
as :func:`permissions.commands.writes.targets` does (its ``(path, kind)`` pairs); ``writes`` calls it for the
programs of :data:`SETTINGS_WRITERS` only.

- Hook managers: ``prek`` (pre-commit's rewrite: ``install``, ``install-hooks``, ``uninstall``, ``autoupdate``,
  ``migrate-config``), ``hk install``/``uninstall``/``init``, ``captainhook install`` (and its configuration
  edits), ``grumphp git:init``/``git:deinit``, ``ggshield install`` (local: ``.git/hooks``; global: a hooks
  folder named in ``~/.gitconfig``).
- Settings kept in the table's home folders: ``gh alias set`` of a shell alias (``!cmd``, ``--shell``) and ``gh
  alias import`` (``~/.config/gh/``: a shell line ``gh`` runs later), ``systemctl --user enable|link|edit ...`` (``~/.config/systemd/user/``: a unit the user's
  service manager starts). (A client's login -- ``npm login``, ``gcloud auth login`` -- and a cloud CLI's own
  settings, ``gcloud config set project p``, stay as decided before: ordinary in Brabo's sandbox, asked as a
  change outside the project elsewhere.)
- Operands and addresses: bash's ``history -w|-a FILE``, ``lwp-download URL [FILE]`` (the URL's last name by
  default), ``sftp HOST:PATH [DEST]`` (the remote file's name, here, or DEST -- itself or the file inside it;
  a batch file's or a session's ``get`` anywhere: a session reads the commands the command feeds it),
  ``ncftpget HOST DIR REMOTE...`` (each remote file's name in DIR), ``socat``'s
  file addresses (``OPEN:``, ``CREATE:``, ``GOPEN:``, ``PIPE:``, ``UNIX-LISTEN:`` and a bare address holding
  a ``/``), ``gpg`` decrypting into a file named by its input without ``.gpg``/``.asc``/``.sig``/``.pgp``
  (``--decrypt-files``, or a file given with no command).
- Toolchain choices that may name a program's path: ``rustup toolchain link NAME PATH``, ``rustup default PATH``
  and ``rustup override set PATH`` (``~/.rustup/``), ``uv python pin REQUEST`` of an executable or a folder
  (``.python-version``; a version stays ordinary).
- ``dotnet new globaljson|nugetconfig``: the files that choose the SDK and the package sources
  (``global.json``, ``nuget.config``). (``gradle wrapper --gradle-version V`` stays ordinary, as decided before:
  the official distribution; one from another address is an external effect.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["SETTINGS_WRITERS", "settings_targets"]

# the kinds of permissions.commands.writes (NAMED: that path; TREE: it and everything below it)
NAMED, TREE = 0, 1
Target = tuple[str, int]


def _first_word(view: tuple[str, ...]) -> str:
    """The first word after the program that is not an option (the subcommand), or ""."""
    return next((w for w in view[1:] if w[:1] != "-"), "")


_PREK_ACTS = frozenset(
    {"install", "install-hooks", "uninstall", "autoupdate", "migrate-config", "init-template-dir"}
)
_CAPTAINHOOK_ACTS = frozenset({"install", "uninstall", "configure", "add", "enable", "disable", "remove"})


def _hook_manager(verb: str, view: tuple[str, ...]) -> list[Target]:
    sub = _first_word(view)
    if verb == "prek":
        return [(".git", NAMED), (".pre-commit-config.yaml", NAMED)] if sub in _PREK_ACTS else []
    if verb == "hk":
        return [(".git", NAMED), ("hk.pkl", NAMED)] if sub in ("install", "uninstall", "init") else []
    if verb == "captainhook":
        return [(".git", NAMED), ("captainhook.json", NAMED)] if sub in _CAPTAINHOOK_ACTS else []
    if verb == "grumphp":
        return [(".git", NAMED)] if sub in ("git:init", "git:deinit") else []
    # ggshield
    if sub == "install":
        return [(".git", NAMED), ("~/.gitconfig", NAMED)]
    return []


_SYSTEMD_USER_ACTS = frozenset(
    {"enable", "disable", "reenable", "link", "edit", "mask", "unmask", "preset", "preset-all", "revert"}
    | {"add-wants", "add-requires", "set-property"}
)


def _home_settings(verb: str, view: tuple[str, ...]) -> list[Target]:
    words = [w for w in view[1:] if w[:1] != "-"]
    if verb == "gh":
        # a shell alias (`!cmd`, `--shell`), or aliases read from a file; one that expands to gh's own words is
        # read by the caps when it is set (`gh alias set m 'pr merge'`), and one deleted runs nothing new
        if words[:1] != ["alias"] or words[1:2] not in (["set"], ["import"]):
            return []
        shell = words[1] == "import" or "-s" in view or "--shell" in view
        if shell or any(w.lstrip("'\"")[:1] == "!" for w in words[3:]):
            return [("~/.config/gh/config.yml", NAMED)]
        return []
    # systemctl
    if "--user" in view and not _SYSTEMD_USER_ACTS.isdisjoint(words[:2]):
        return [("~/.config/systemd/user", TREE)]
    return []


def _url_name(url: str) -> str:
    return url.split("?", 1)[0].split("#", 1)[0].rstrip("/").rpartition("/")[2] or "."


def _history(verb: str, view: tuple[str, ...]) -> list[Target]:
    for k, w in enumerate(view[1:], 1):
        if w[:1] == "-" and ("w" in w or "a" in w):
            return [(o, NAMED) for o in view[k + 1 :] if o[:1] != "-"][:1]
    return []


def _lwp_download(verb: str, view: tuple[str, ...]) -> list[Target]:
    ops = [w for w in view[1:] if w[:1] != "-"]
    if len(ops) > 1:
        return [(ops[1], NAMED)]
    return [(_url_name(ops[0]), NAMED)] if ops else []


_SFTP_VALUED = frozenset("BbcDFiJlPoRSs")  # (the letters that take a value)


def _short_options(view: tuple[str, ...], valued: frozenset[str]) -> tuple[str, str, list[str]]:
    """getopt's reading of ``view``'s words after the program: the flag letters, the letters that took a value
    (``valued``: the rest of their word, else the next word), and the operands."""
    flags = taking = ""
    ops: list[str] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] == "-" and len(w) > 1:
            j = next((j for j in range(1, len(w)) if w[j] in valued), 0)
            flags += w[1 : j or None]
            if j:
                taking += w[j]
                k += 1 if j == len(w) - 1 else 0  # (the value is the next word)
        else:
            ops.append(w)
    return flags, taking, ops


def _sftp(verb: str, view: tuple[str, ...]) -> list[Target]:
    flags, taking, ops = _short_options(view, _SFTP_VALUED)
    # a batch's `get` writes wherever its commands say
    out: list[Target] = [("/", TREE)] if "b" in taking else []
    return out + _sftp_fetched(ops, "r" in flags)


def _sftp_fetched(ops: list[str], recursive: bool) -> list[Target]:
    """What `sftp HOST:PATH [DEST]` fetches, or a session's reach. red team: the second operand is where the
    file lands (`sftp host:x .envrc`), as itself or inside it when it is a folder; a recursive fetch brings
    names no word spells below it. A session (no remote path) reads its commands from its input, which the
    command may feed (`sftp host <<< 'get x .envrc'`): its `get` writes wherever they say, as a batch's."""
    if not ops:
        return []
    host, colon, path = ops[0].partition(":")
    if not (colon and path and "/" not in host):
        return [("/", TREE)]
    name = _url_name(path)
    kind = TREE if recursive else NAMED
    if len(ops) < 2:
        return [(name, kind)]  # fetched into the working folder by its own name
    dest = ops[1]
    return [(dest, kind), (dest.rstrip("/") + "/" + name, kind)]


_NCFTPGET_VALUED = frozenset("upPjdtrBfWXYo")


def _ncftpget(verb: str, view: tuple[str, ...]) -> list[Target]:
    """red team: `ncftpget HOST LOCALDIR REMOTE...` fetches each remote file into LOCALDIR by its own name
    (`ncftpget host . .envrc`, `ncftpget host .git/hooks pre-commit`); `ncftpget ftp://host/path` into the
    working folder; `-R` brings whole trees; `-c` writes to its output only."""
    flags, _, ops = _short_options(view, _NCFTPGET_VALUED)
    if "c" in flags or not ops:
        return []
    kind = TREE if "R" in flags else NAMED
    if "://" in ops[0]:
        return [(_url_name(o), kind) for o in ops]
    if len(ops) < 2:
        return []
    return [(ops[1], kind)] + [(ops[1].rstrip("/") + "/" + _url_name(o), kind) for o in ops[2:]]


# socat's address types naming a file (`FILE:` is OPEN's other name: red team, `socat - FILE:~/.ssh/id_rsa`)
SOCAT_FILES = frozenset(
    {"open", "file", "create", "creat", "gopen", "pipe", "unix-listen", "unix-l", "unix-recvfrom"}
)
_SOCAT_READ = frozenset({"open", "file", "gopen", "pipe"})  # (and no type: a path is GOPEN)


def _socat(verb: str, view: tuple[str, ...]) -> list[Target]:
    return [(f, NAMED) for f in socat_files(view, SOCAT_FILES)]


def socat_files(view: tuple[str, ...], kinds: frozenset[str] = _SOCAT_READ) -> list[str]:
    """The files socat's addresses of ``kinds`` name (by default those it reads and passes on: `socat -u
    FILE:.env STDOUT`, `socat - /path`), each address of a `!!` pair too."""
    out: list[str] = []
    for w in view[1:]:
        if w[:1] == "-" and len(w) > 1:
            continue
        for address in w.split("!!"):
            kind, colon, rest = address.partition(":")
            if colon and kind.lower() in kinds:
                out.append(rest.partition(",")[0])
            elif not colon and "/" in address:
                out.append(address.partition(",")[0])  # no type: a path is GOPEN
    return out


_GPG_ENDINGS = (".gpg", ".asc", ".sig", ".pgp")
_GPG_COMMANDS_WRITING = frozenset({"--decrypt-files", "--decrypt-file"})


def _gpg(verb: str, view: tuple[str, ...]) -> list[Target]:
    commands = [w for w in view[1:] if w[:2] == "--" and "=" not in w]
    if (
        commands
        and _GPG_COMMANDS_WRITING.isdisjoint(commands)
        and not all(w in ("--batch", "--yes", "--quiet", "--no-tty") for w in commands)
    ):
        return []
    return [
        (w[: -len(e)], NAMED)
        for w in view[1:]
        if w[:1] != "-"
        for e in _GPG_ENDINGS
        if w.lower().endswith(e) and len(w) > len(e)
    ]


_DOTNET_TEMPLATES = {"globaljson": "global.json", "global.json": "global.json"} | {
    "nugetconfig": "nuget.config",
    "nuget.config": "nuget.config",
}


def _dotnet_new(verb: str, view: tuple[str, ...]) -> list[Target]:
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:1] == ["new"] and len(words) > 1 and words[1].lower() in _DOTNET_TEMPLATES:
        return [(_DOTNET_TEMPLATES[words[1].lower()], NAMED)]
    return []


def _names_a_place(word: str) -> bool:
    """A toolchain or interpreter request that is a path, not a name (`/tmp/x`, `./x`, `~/x`, `C:\\x`)."""
    return "/" in word or "\\" in word or word[:1] in (".", "~")


_RUSTUP_VALUED = frozenset({"--path", "--toolchain"})


def _rustup(verb: str, view: tuple[str, ...]) -> list[Target]:
    """red team: rustup's own settings that choose the binaries `cargo` and `rustc` run -- a toolchain linked
    by name to any folder (`rustup toolchain link NAME PATH`), a folder's override or the default set to a
    path (`rustup override set /tmp/x`, `rustup default ./x`: rustup runs that folder's binaries)."""
    words: list[str] = []
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
        elif w in _RUSTUP_VALUED:
            skip = True
        elif w[:1] not in ("-", "+"):  # (`rustup +nightly override set X`: the toolchain this run uses)
            words.append(w)
    if words[:2] == ["toolchain", "link"]:
        return [("~/.rustup/toolchains", TREE), ("~/.rustup/settings.toml", NAMED)]
    if words[:1] == ["override"] and words[1:2] in (["set"], ["add"]):
        chosen = words[2:3]
    elif words[:1] == ["default"]:
        chosen = words[1:2]
    else:
        return []
    return [("~/.rustup/settings.toml", NAMED)] if chosen and _names_a_place(chosen[0]) else []


# A uv Python request that names a version or an implementation, not an executable or a folder (uv's
# request formats: `3.12`, `>=3.12`, `cpython@3.12`, `cp312`, `pypy3.10`, `cpython-3.12.3-linux-x86_64-gnu`).
_UV_VERSION = re.compile(
    r"(?:cpython|cp|pypy|pp|graalpy|gp|python)?[@-]?(?:[<>=!~]=?)?\d[\w.+,<>=!~*-]*|cpython|cp|pypy|pp|graalpy|gp",
    re.IGNORECASE,
).fullmatch


def _uv(verb: str, view: tuple[str, ...]) -> list[Target]:
    """red team: `uv python pin REQUEST` writes .python-version (`--global`: uv's own folder), which uv runs
    the interpreter of: a request that is an executable's path or name, or a folder, is a program it runs."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:2] != ["python", "pin"] or len(words) < 3 or _UV_VERSION(words[2]) is not None:
        return []
    if "--global" in view:
        return [("~/.config/uv/.python-version", NAMED)]
    return [(".python-version", NAMED)]


_BY_VERB: dict[str, Callable[[str, tuple[str, ...]], list[Target]]] = {
    **dict.fromkeys(("prek", "hk", "captainhook", "grumphp", "ggshield"), _hook_manager),
    **dict.fromkeys(("gh", "systemctl"), _home_settings),
    "history": _history,
    "lwp-download": _lwp_download,
    "sftp": _sftp,
    "ncftpget": _ncftpget,
    "socat": _socat,
    "gpg": _gpg,
    "gpg2": _gpg,
    "dotnet": _dotnet_new,
    "rustup": _rustup,
    "uv": _uv,
}
SETTINGS_WRITERS = frozenset(_BY_VERB)


def settings_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What one view of these programs writes (``verb``: its program's name, a path's last part)."""
    return _BY_VERB[verb](verb, view)
