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
  default), ``sftp HOST:PATH`` (the remote file's name, here; a batch file's ``get`` anywhere), ``socat``'s
  file addresses (``OPEN:``, ``CREATE:``, ``GOPEN:``, ``PIPE:``, ``UNIX-LISTEN:`` and a bare address holding
  a ``/``), ``gpg`` decrypting into a file named by its input without ``.gpg``/``.asc``/``.sig``/``.pgp``
  (``--decrypt-files``, or a file given with no command).
- ``dotnet new globaljson|nugetconfig``: the files that choose the SDK and the package sources
  (``global.json``, ``nuget.config``). (``gradle wrapper --gradle-version V`` stays ordinary, as decided before:
  the official distribution; one from another address is an external effect.)
"""

from __future__ import annotations

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


def _sftp(verb: str, view: tuple[str, ...]) -> list[Target]:
    out: list[Target] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] == "-" and len(w) > 1:
            j = next((j for j in range(1, len(w)) if w[j] in _SFTP_VALUED), 0)
            if j and w[j] == "b":
                out.append(("/", TREE))  # a batch's `get` writes wherever its commands say
            if j == len(w) - 1:
                k += 1  # (the value is the next word)
            continue
        host, colon, path = w.partition(":")
        if colon and path and "/" not in host:
            out.append((_url_name(path), NAMED))  # fetched into the working folder by its own name
    return out


_SOCAT_FILES = frozenset(
    {"open", "create", "creat", "gopen", "pipe", "unix-listen", "unix-l", "unix-recvfrom"}
)


def _socat(verb: str, view: tuple[str, ...]) -> list[Target]:
    out: list[Target] = []
    for w in view[1:]:
        if w[:1] == "-" and len(w) > 1:
            continue
        for address in w.split("!!"):
            kind, colon, rest = address.partition(":")
            if colon and kind.lower() in _SOCAT_FILES:
                out.append((rest.partition(",")[0], NAMED))
            elif not colon and "/" in address:
                out.append((address.partition(",")[0], NAMED))  # no type: a path is GOPEN
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


_BY_VERB: dict[str, Callable[[str, tuple[str, ...]], list[Target]]] = {
    **dict.fromkeys(("prek", "hk", "captainhook", "grumphp", "ggshield"), _hook_manager),
    **dict.fromkeys(("gh", "systemctl"), _home_settings),
    "history": _history,
    "lwp-download": _lwp_download,
    "sftp": _sftp,
    "socat": _socat,
    "gpg": _gpg,
    "gpg2": _gpg,
    "dotnet": _dotnet_new,
}
SETTINGS_WRITERS = frozenset(_BY_VERB)


def settings_targets(verb: str, view: tuple[str, ...]) -> list[Target]:
    """What one view of these programs writes (``verb``: its program's name, a path's last part)."""
    return _BY_VERB[verb](verb, view)
