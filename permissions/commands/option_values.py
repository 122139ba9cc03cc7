"""Option values that are one meaning under several spellings (SPEC R4.10): a signal by number or name
(``9``, ``kill``, ``SIGKILL``), a user as uid 0 or ``root``, an ``ssh -o`` keyword in any case. The option
reader (permissions.commands.option_reader) writes a value of the keys below as its canonical form, for the
rules and the commands alike.
"""

from __future__ import annotations

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


# An option key's values that are one meaning: the value as the key holds it (for every table; `o` is only
# ssh's, scp's and sftp's `-o`).
VALUE_CANON = {"signal": canonical_signal, "o": _ssh_option, "user": _user}
