"""Option values that are one meaning under several spellings (SPEC R4.10): a signal by number or name
(``9``, ``kill``, ``SIGKILL``), a user as uid 0 or ``root``, an ``ssh -o`` keyword in any case. The option
reader (permissions.commands.option_reader) writes a value of the keys below as its canonical form, for the
rules and the commands alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Linux's signal numbers (x86, arm); the names are what the keys hold.
_BY_NUMBER = {
    n: name
    for n, name in enumerate(
        "HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT CHLD CONT STOP TSTP TTIN "
        "TTOU URG XCPU XFSZ VTALRM PROF WINCH IO PWR SYS".split(),
        start=1,
    )
}
_ALIASES = {"IOT": "ABRT", "CLD": "CHLD", "POLL": "IO"}
_NAMES = frozenset(_BY_NUMBER.values()) | frozenset(_ALIASES)


def signal_name(spec: str) -> str | None:
    """The signal ``spec`` names (``9``, ``kill``, ``SIGKILL`` -> ``KILL``; ``0`` -> ``0``), or None when it
    names none (``-f``, ``-u``: another option)."""
    s = spec.upper()
    if s.startswith("SIG"):
        s = s[3:]
    if s.isdigit() and len(s) <= 3:
        n = int(s)
        return _BY_NUMBER.get(n, str(n))
    if s in _NAMES:
        return _ALIASES.get(s, s)
    if s.startswith("RTMIN") or s.startswith("RTMAX"):
        return s
    return None


def canonical_signal(value: str) -> str:
    return signal_name(value) or value.upper()


def _ssh_option(value: str) -> str:
    """``-o StrictHostKeyChecking=no``, ``-o 'stricthostkeychecking no'``: keyword in lower case, one ``=``,
    the value in lower case (ssh reads keywords without regard to case, and yes/no values too)."""
    keyword, _, rest = value.strip().replace("\t", " ").partition("=")
    if not rest and " " in keyword:
        keyword, _, rest = keyword.partition(" ")
    return f"{keyword.strip().lower()}={rest.strip().lower()}" if rest.strip() else keyword.strip().lower()


def _user(value: str) -> str:
    """``--user 0:0``, ``-u root:root``, ``--user=0``: the user alone, uid 0 read as root."""
    name = value.partition(":")[0]
    return "root" if name in ("0", "root") else name


# A bind mount's mode (`-v /:/host:ro`): one mount of the same folder whatever its mode (a deny of mounting the
# host's root also refuses mounting it read-only: it still hands the container every file to read).
_MOUNT_MODES = frozenset(
    "ro rw z Z shared slave private rshared rslave rprivate nocopy consistent cached delegated".split()
)


def _host_path(path: str) -> str:
    """An absolute path written another way (`//`, `/./`, a trailing `/`) as its plain form; else as written."""
    if path[:1] != "/":
        return path
    parts = [p for p in path.split("/") if p and p != "."]
    return "/" + "/".join(parts)


def _volume(value: str) -> str:
    """docker's `-v SRC:DST[:MODE]`: both paths in their plain form, the mode dropped (`-v //:/host:ro` is
    `-v /:/host`)."""
    if (
        value.count(":") == 1
        and value[-1:] != "/"
        and "/:" not in value
        and "//" not in value
        and "/." not in value
    ):
        return value  # (most mounts: nothing to fold, no mode)
    parts = value.split(":")
    if len(parts) >= 3 and all(m in _MOUNT_MODES for m in parts[-1].split(",")):
        parts = parts[:-1]
    if len(parts) != 2:
        return value
    return f"{_host_path(parts[0])}:{_host_path(parts[1])}"


def _mount_as_volume(value: str) -> tuple[str, ...]:
    """docker's `--mount type=bind,source=SRC,target=DST[,readonly]` is `-v SRC:DST` (R4.10): the keys the
    `-v` spelling gives, or none for another kind of mount."""
    fields: dict[str, str] = {}
    for field in value.split(","):
        name, _, v = field.partition("=")
        fields[name.strip().lower()] = v.strip()
    if fields.get("type") != "bind":
        return ()
    src = fields.get("source", fields.get("src"))
    dst = fields.get("target", fields.get("dst", fields.get("destination")))
    if not src or not dst:
        return ()
    return ("volume", f"volume={_volume(f'{src}:{dst}')}")


# GNU rm's `--interactive=WHEN` (argmatch: a unique prefix, or one whose every match means the same): `never`,
# `no`, `none` never prompt -- the act of `-f` a deny of `rm -rf` names (red team, R4.10).
_WHEN = (("never", "no", "none"), ("once",), ("always", "yes"))


def _rm_when(value: str) -> str:
    for names in _WHEN:
        if value and any(n.startswith(value) for n in names):
            return names[0]
    return value


def _never_prompts(value: str) -> tuple[str, ...]:
    return ("force",) if _rm_when(value) == "never" else ()


# git's `-c name=value` (git-config(1)): a setting's section and key compare in any case, its subsection (the middle,
# `remote.Origin.url`) as written -- `git -c core.HooksPath=x` is `-c core.hooksPath=x` (R4.10). Only a value of
# that shape is folded (the key `c` is other programs' too: `ssh -c cipher`, `curl -c file` hold no `=`).
_GIT_SETTING = re.compile(r"([A-Za-z][\w-]*)((?:\.[^=]*)?)\.([A-Za-z][\w-]*)=")


def _git_setting(value: str) -> str:
    m = _GIT_SETTING.match(value)
    if m is None:
        return value
    return f"{m.group(1).lower()}{m.group(2)}.{m.group(3).lower()}={value[m.end() :]}"


# An option key's values that are one meaning: the value as the key holds it (for every table; `o` is only
# ssh's, scp's and sftp's `-o`; `volume` docker's and its kin's `-v`; `interactive` rm's `--interactive=`).
VALUE_CANON: dict[str, Callable[[str], str]] = {
    "signal": canonical_signal,
    "o": _ssh_option,
    "user": _user,
    "volume": _volume,
    "mount": str,
    "interactive": _rm_when,
    "c": _git_setting,
}
# An option whose value is another option's: the keys that option's spelling gives (`--mount type=bind,...`); each
# is also a key of VALUE_CANON.
VALUE_ALSO: dict[str, Callable[[str], tuple[str, ...]]] = {
    "mount": _mount_as_volume,
    "interactive": _never_prompts,
}
