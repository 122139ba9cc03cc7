"""SPEC §5 where it runs, R6 path scope (red team, session 29): what the machine keeps outside the project,
read or left there by a program that names no path.

On a developer's machine (``host``, ``agent``) the path scope holds in every mode, so ``cat /var/log/wtmp`` and
``cat ~/.bash_history`` ask there. The same records are printed by the programs that keep them, without naming
a path, and some programs leave a command line in a long-lived process of the user's for later. Each is read as
touching the machine outside the project -- ``cap_path_scope`` with a sentence saying what -- and never in
Brabo's sandbox, whose records, history and servers are the sandbox's own (permissions.commands.machine
registers these readers, like its other families):

- the login records and the system's logs: ``who`` (but ``who am i``, ``-m``, ``-b``, ``-r``), ``w``, ``users``,
  ``last``, ``lastb``, ``lastlog``, ``lslogins``, ``pinky``, ``utmpdump``, ``lastcomm`` (every command every user
  ran), ``ausearch``, ``aureport``, ``dmesg``, a bare ``finger`` (``finger alice`` stays: one account's card),
  macOS's ``log show|stream|collect|erase``, and ``journalctl`` -- unless it reads named units, none of them the
  logins' (``journalctl -u nginx`` stays; ``-u sshd``, ``--user``, ``-b``, ``_COMM=sudo``, a bare one ask);
- the shell's history file read in: bash's ``history -r`` and ``history -n`` and zsh's ``fc -R`` with no file
  named (``$HISTFILE``, every command the user typed, tokens among them); ``history`` and ``fc -l`` print the
  current shell's list and stay;
- a docker context exported (``docker context export NAME [FILE|-]``): the context's TLS keys with it;
- a browser started with its DevTools port on the user's own profile (``chrome --remote-debugging-port=9222``
  with no ``--user-data-dir``): any later command reads its cookies and saved passwords through the port;
- a command line left in the user's tmux server, run later: ``set-option`` of ``default-command`` or
  ``default-shell``, an option whose value holds ``#(...)`` (a status line runs it every few seconds),
  ``set-hook`` (but ``-u``), ``bind-key`` (a key's command, run when pressed). ``tmux set -g mouse on``
  stays;
- the user's ssh agent or display forwarded to another machine (``ssh -A|-X|-Y``, ``-o ForwardAgent=yes``,
  ``scp -A``): while connected it may use the keys, see the screen, read the keystrokes;
- the environment printed by a program's own code or by the service keeping it (as ``printenv`` is:
  permissions.commands.peeks' sentence): awk's ``ENVIRON``, jq's ``env``/``$ENV`` (gojq, jaq, yq's
  ``env()``/``strenv()``/``envsubst``), ``envsubst`` (every ``$NAME`` of its input), ``tmux show-environment``,
  ``systemctl show-environment``, ``launchctl getenv|export`` -- a read of plain settings and places only
  (SHOWN_VARIABLES: ``ENVIRON["HOME"]``, ``$ENV.PATH``, ``envsubst '$HOME'``) stays;
- the machine's file index searched (``locate``, ``plocate``, ``mdfind`` but ``-onlyin DIR``, ``baloosearch``,
  ``tracker3 search``, ``recoll``, Everything's ``es``): every folder's file names, Spotlight's and Baloo's by
  content too;
- secrets the machine keeps in the home folder: ``dotnet user-secrets`` (but ``init``), ``lssecret``,
  ``gnome-keyring-daemon --unlock``, ``saml2aws login|script|configure|console``.

Not read here, by earlier rulings kept as guards: ``ssh -G`` (an ssh that opens no session), the configuration
listings (``git config --list``, ``npm config list``, ``gcloud config list``, ``kubectl config view``, ``docker
context inspect``, ``aws configure list``), ``crontab -l``, ``history`` and ``fc -l`` (the current shell's list).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from permissions.commands.peeks import ENVIRONMENT
from permissions.commands.plain_settings import SHOWN_VARIABLES
from permissions.commands.syntax import plain_words

__all__ = ["KEPT_READERS", "RECORDS"]

RECORDS = (
    "prints the machine's login records or its system log (who logged in, from where, what ran), outside the"
    " project"
)
HISTORY = (
    "reads the shell's history file (every command the user typed, tokens among them), outside the project"
)
CONTEXT_KEYS = "exports a docker context with its TLS keys, which the machine keeps outside the project"
BROWSER_PORT = (
    "opens the DevTools port of a browser on the user's own profile (its cookies and saved passwords readable"
    " by any later command), outside the project"
)
TMUX_LATER = (
    "leaves a command line in the user's tmux server, run later (a hook, a key, a new window's command, a"
    " status line's #(...)), outside the project"
)

USER_SECRETS = (
    "reads or changes the project's user secrets, which dotnet keeps in the home folder (~/.microsoft/usersecrets),"
    " outside the project"
)
INDEXED = (
    "searches the machine's file index (every folder's file names, or their contents), outside the project"
)
FORWARDED = (
    "forwards the user's ssh agent or display to another machine (which may then use the keys, see the screen,"
    " read the keystrokes), outside the project"
)
KEYRING = "reads or unlocks the desktop's keyring (its items and their secrets), outside the project"
SAML_LOGIN = "writes or prints a cloud login's credentials, which the machine keeps outside the project"

_HELPS = frozenset({"--help", "-h", "--version", "-V", "-help", "-version", "help"})


def _only_help(args: tuple[str, ...]) -> bool:
    return bool(args) and all(w in _HELPS for w in args)


def _records(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """A login record or log reader, in any form but its help (``w -h`` is w's "no header")."""
    args = view[1:]
    if view[0] == "w":
        return None if "--help" in args or "--version" in args or "-V" in args else RECORDS
    return None if _only_help(args) else RECORDS


_WHO_OWN = frozenset({"-m", "-b", "--boot", "-r", "--runlevel", "--help", "--version"})


def _who(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``who`` lists every login; ``who am i``/``-m`` the caller's own, ``-b``/``-r`` the boot time or runlevel."""
    args = view[1:]
    if args[:2] == ("am", "i") or args[:2] == ("am", "I") or (args and all(w in _WHO_OWN for w in args)):
        return None
    return RECORDS


def _finger(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """A bare ``finger`` (options only) lists every login; with a name it prints one account's card."""
    return None if any(w[:1] != "-" for w in view[1:]) or _only_help(view[1:]) else RECORDS


_LOG_READS = frozenset({"show", "stream", "collect", "erase", "config"})


def _macos_log(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """macOS's ``log show|stream|collect`` (the unified log), ``erase`` and ``config`` (it changed)."""
    return RECORDS if len(view) > 1 and view[1] in _LOG_READS else None


# journalctl's units whose entries are the logins: who logged in, from where, what they ran as root.
_LOGIN_UNITS = frozenset(
    {"ssh", "sshd", "systemd-logind", "logind", "gdm", "gdm3", "lightdm", "sddm", "sudo", "polkit", "su"}
    | {"cron", "crond", "login", "gnome-keyring-daemon", "auditd", "systemd-journald"}
)
_UNIT_OPTIONS = ("-u", "--unit", "--user-unit")
# the options that take the next word (a count, a time, a format, a priority...)
_JOURNAL_VALUED = frozenset(
    "-n --lines -p --priority -S --since -U --until -o --output -t --identifier -T --exclude-identifier -g --grep"
    " --cursor --after-cursor --cursor-file --output-fields -F --field --facility -I --invocation --namespace"
    " --case-sensitive".split()
)


def _boot_id(w: str) -> bool:
    return w.lstrip("-").isdigit() or (len(w) == 32 and w.isalnum())


def _unit_names(args: tuple[str, ...]) -> list[str] | None:
    """The units journalctl is told to read (``-u x``, ``-ux``, ``--unit=x``), or None when another option
    widens what it prints (``--user``, ``-b`` alone is fine: a unit still filters)."""
    units: list[str] = []
    k = 0
    while k < len(args):
        w = args[k]
        name, eq, value = w.partition("=")
        if name in _UNIT_OPTIONS:
            if not eq:
                k += 1
                value = args[k] if k < len(args) else ""
            units.append(value)
        elif w[:2] == "-u" and len(w) > 2:
            units.append(w[2:])
        elif w in _JOURNAL_VALUED:
            k += 1
        elif w in ("-b", "--boot") and k + 1 < len(args) and _boot_id(args[k + 1]):
            k += 1  # a boot's offset or id
        elif w[:1] != "-" or w in (
            "--user",
            "-M",
            "--machine",
            "-D",
            "--directory",
            "--file",
            "-m",
            "--merge",
        ):
            return None  # a match (`_COMM=sudo`), the user's own journal, another machine's or all of them
        k += 1
    return units


def _journalctl(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    args = view[1:]
    if _only_help(args):
        return None
    units = _unit_names(args)
    if not units:
        return RECORDS
    for unit in units:
        base = unit.lower().rpartition(".service")[0] or unit.lower()
        if base in _LOGIN_UNITS or base.startswith("user@") or not base or "*" in base:
            return RECORDS
    return None


def _history(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """bash's ``history -r|-n`` with no file: the history file read into the list the shell then prints."""
    args = view[1:]
    reads = any(w[:1] == "-" and w[1:2] != "-" and ("r" in w or "n" in w) for w in args)
    return HISTORY if reads and not any(w[:1] != "-" for w in args) else None


def _fc(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """zsh's ``fc -R`` (``-RI``) with no file: ``$HISTFILE`` read in."""
    args = view[1:]
    reads = any(w[:1] == "-" and w[1:2] != "-" and "R" in w for w in args)
    return HISTORY if reads and not any(w[:1] != "-" for w in args) else None


_ENGINE_VALUED = frozenset({"-H", "--host", "-c", "--context", "--config", "-l", "--log-level"})


def _context_export(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``docker context export NAME``: the context and its TLS material, to a file or the terminal."""
    subs = plain_words(view[1:4], _ENGINE_VALUED)
    return CONTEXT_KEYS if subs[:2] == ["context", "export"] and "--help" not in view else None


_DEBUG_PORT = ("--remote-debugging-port", "--remote-debugging-pipe")


def _browser(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """A browser's DevTools port opened with no profile of its own (``--user-data-dir``): the user's."""
    args = view[1:]
    if not any(w.startswith(_DEBUG_PORT) for w in args):
        return None
    return None if any(w.startswith("--user-data-dir") for w in args) else BROWSER_PORT


_TMUX_SETS = frozenset({"set-option", "set", "set-window-option", "setw"})
_TMUX_BINDS = frozenset({"bind-key", "bind"})
_TMUX_RUN_LATER = frozenset({"default-command", "default-shell"})
_TMUX_SET_VALUED = frozenset({"-t"})


def _tmux_set(args: list[str]) -> bool:
    """``set-option`` words (after the command's name): the option set and its value."""
    names = []
    skip = False
    for w in args:
        if skip:
            skip = False
        elif w[:1] == "-" and len(w) > 1:
            if "u" in w[1:] and w[1:2] != "-":
                return False  # unset: back to the default
            skip = w in _TMUX_SET_VALUED
        else:
            names.append(w)
    return bool(names) and (names[0].lower() in _TMUX_RUN_LATER or any("#(" in n for n in names[1:]))


def _tmux_commands(view: tuple[str, ...]) -> list[list[str]]:
    """The commands of one tmux run, split at ``;`` (``\\;`` as the shell leaves it), past tmux's own options."""
    out: list[list[str]] = [[]]
    for w in view[1:]:
        if w in (";", "\\;"):
            out.append([])
        else:
            out[-1].append(w)
    first = out[0]
    k = 0
    while k < len(first) and first[k][:1] == "-":
        k += 2 if first[k] in ("-L", "-S", "-f", "-c", "-T") else 1
    out[0] = first[k:]
    return out


_TMUX_MARKS = _TMUX_SETS | _TMUX_BINDS | {"set-hook", "show-environment", "showenv"}


def _tmux(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    if _TMUX_MARKS.isdisjoint(view[1:]):
        return None  # (the agents' everyday tmux pays one scan)
    for command in _tmux_commands(view):
        if not command:
            continue
        name, args = command[0], command[1:]
        if name in ("show-environment", "showenv"):
            if not _named_only([w for w in args if w[:1] != "-"]):
                return ENVIRONMENT
        if name in _TMUX_SETS and _tmux_set(args):
            return TMUX_LATER
        if name == "set-hook" and not any(w[:1] == "-" and "u" in w for w in args):
            return TMUX_LATER
        if name in _TMUX_BINDS and any(w[:1] != "-" for w in args):
            return TMUX_LATER
    return None


# -- the environment printed by a program's own code or by the service that keeps it (as `printenv` is,
# permissions.commands.peeks): awk's ENVIRON, jq's `env`/`$ENV`, yq's `env()`/`strenv()`, envsubst (every
# `$NAME` of its input), tmux's, systemd's and launchd's environments. A read of plain settings and places
# only (SHOWN_VARIABLES: `ENVIRON["HOME"]`, `$ENV.PATH`, `envsubst '$HOME'`) stays.
_AWK_ENVIRON = re.compile(r"ENVIRON(?:\[\s*\"(\w+)\"\s*\])?")
_JQ_ENV = re.compile(
    r"(?:str)?env\((\w+)\)|(?<![\w.$\"])env(?![\w\"(])(?:\.(\w+))?|\$ENV\b(?:\.(\w+))?|\benvsubst\b"
)
_SHELL_NAME = re.compile(r"\$\{?(\w+)")


def _all_shown(names: list[str | None]) -> bool:
    return all(n is not None and n in SHOWN_VARIABLES for n in names)


def _awk(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    for w in view[1:]:
        if "ENVIRON" in w and not _all_shown([m.group(1) for m in _AWK_ENVIRON.finditer(w)]):
            return ENVIRONMENT
    return None


def _jq(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    for w in view[1:]:
        if "env" not in w and "ENV" not in w:
            continue
        names = [m.group(1) or m.group(2) or m.group(3) for m in _JQ_ENV.finditer(w)]
        if names and not _all_shown(names):
            return ENVIRONMENT
    return None


def _envsubst(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    args = view[1:]
    if any(w in ("-v", "--variables", "--help", "-h", "--version", "-V") for w in args):
        return None
    formats = [w for w in args if w[:1] != "-"]
    if (
        formats
        and _all_shown([n for f in formats for n in _SHELL_NAME.findall(f)])
        and "$" in "".join(formats)
    ):
        return None
    return ENVIRONMENT


def _named_only(names: list[str]) -> bool:
    return bool(names) and all(n in SHOWN_VARIABLES for n in names)


def _launchctl(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """launchd's environment: ``launchctl getenv NAME``, ``launchctl export``."""
    if view[1:2] == ("export",):
        return ENVIRONMENT
    if view[1:2] == ("getenv",) and not _named_only(list(view[2:])):
        return ENVIRONMENT
    return None


def _systemctl(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """The service manager's environment (the user's session's: ``systemctl --user show-environment``)."""
    return ENVIRONMENT if "show-environment" in view[1:] else None


def _user_secrets(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``dotnet user-secrets list|set|remove|clear``: a file in the home folder (``init`` edits the project)."""
    if "user-secrets" not in view[1:3]:
        return None
    rest = [w for w in view[view.index("user-secrets") + 1 :] if w[:1] != "-"]
    helps = any(w in ("-h", "--help", "-?") for w in view)
    return USER_SECRETS if rest[:1] != ["init"] and not helps else None


_SSH_VALUED = frozenset("BbcDEeFIiJLlmOoPpQRSWw")


_SSH_FORWARDS = frozenset("AXY")
# `-o ForwardAgent=yes|SOCKET|$SSH_AUTH_SOCK`, `-o ForwardX11=yes` (any value but no/none/false)
_SSH_FORWARD_OPTION = re.compile(
    r"(?i)^\s*(?:forwardagent|forwardx11(?:trusted)?)\s*[=\s]\s*(?!no\b|none\b|false\b)"
)


def _ssh_option(letter: str, value: str) -> str | None:
    """What one of ssh's options with its value (``-A``, ``-o ForwardAgent=yes``) hands on."""
    if letter in _SSH_FORWARDS or (letter == "o" and _SSH_FORWARD_OPTION.match(value)):
        return FORWARDED
    return None


def _ssh(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """``ssh -A|-X|-Y`` and ``-o ForwardAgent=yes`` (the user's agent or display forwarded), clustered too
    (``-tA``); scp's and sftp's ``-A``. (``ssh -G``, which prints the configuration ssh would use, stays: an ssh
    that opens no session, test_ssh_that_opens_no_shell_off_the_sandbox.)"""
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] != "-" or w == "--":
            return None  # the host: ssh's options come before it
        for i, c in enumerate(w[1:], 1):
            if c in _SSH_VALUED:
                glued = w[i + 1 :]
                value = glued or (view[k] if k < len(view) else "")
                k += 0 if glued else 1
                return _ssh_option(c, value) or (
                    None if k >= len(view) else _ssh((view[0], *view[k:]), words)
                )
            found = _ssh_option(c, "")
            if found is not None:
                return found
    return None


def _lssecret(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return None if _only_help(view[1:]) else KEYRING


def _gnome_keyring(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return (
        KEYRING
        if any(w in ("--unlock", "--replace", "-r", "--login", "-l", "--start", "-s") for w in view)
        else None
    )


def _saml2aws(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    subs = [w for w in view[1:] if w[:1] != "-"]
    return SAML_LOGIN if subs[:1] and subs[0] in ("login", "script", "configure", "console") else None


def _index_search(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """locate's database and the desktops' indexes searched: every folder of the machine (Spotlight, Baloo and
    Tracker by content too) -- unless told one folder (``mdfind -onlyin DIR``: the path scope reads DIR)."""
    verb, args = view[0], view[1:]
    if _only_help(args) or not args:
        return None
    if verb == "mdfind" and any(w == "-onlyin" or w.startswith("-onlyin=") for w in args):
        return None
    if verb in ("tracker", "tracker3"):
        return INDEXED if args[0] == "search" else None
    return INDEXED


_CHROMES = (
    "chrome chromium chromium-browser google-chrome google-chrome-stable google-chrome-beta msedge"
    " microsoft-edge microsoft-edge-stable brave brave-browser vivaldi opera"
).split()

KEPT_READERS: dict[str, Callable[[tuple[str, ...], tuple[str, ...]], str | None]] = {
    **dict.fromkeys(
        ("w", "users", "last", "lastb", "lastlog", "lslogins", "pinky", "utmpdump", "lastcomm", "ausearch")
        + ("aureport", "dmesg"),
        _records,
    ),
    "who": _who,
    "finger": _finger,
    "log": _macos_log,
    "journalctl": _journalctl,
    "history": _history,
    "fc": _fc,
    **dict.fromkeys(("docker", "podman"), _context_export),
    **dict.fromkeys(_CHROMES, _browser),
    "tmux": _tmux,
    **dict.fromkeys(("awk", "gawk", "mawk", "nawk", "busybox-awk"), _awk),
    **dict.fromkeys(("jq", "gojq", "jaq", "yq", "jello"), _jq),
    "envsubst": _envsubst,
    "launchctl": _launchctl,
    "systemctl": _systemctl,
    "dotnet": _user_secrets,
    **dict.fromkeys(("ssh", "autossh"), _ssh),
    **dict.fromkeys(("scp", "sftp"), lambda v, w: FORWARDED if "-A" in v[1:] else None),
    "lssecret": _lssecret,
    **dict.fromkeys(
        (
            "locate",
            "plocate",
            "mlocate",
            "slocate",
            "mdfind",
            "baloosearch",
            "baloosearch6",
            "tracker",
            "tracker3",
        )
        + ("recoll", "recollq", "es", "es.exe"),
        _index_search,
    ),
    "gnome-keyring-daemon": _gnome_keyring,
    "saml2aws": _saml2aws,
}
