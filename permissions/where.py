"""Where a command acts: the working directory as the command itself moves it (SPEC R4.6, R6.2).

Two readers share it. The floor (R4.6) asks where a deletion lands -- ``cd / && rm -rf *``, ``rm -rf
../../../..``, ``rm -rf ~/..``, ``/proc/self/root``, ``echo / | xargs rm -rf`` -- and over-approximates:
every directory a segment may run in counts. The path scope (R6.2) asks where a relative word points, and
after ``cd packages/ui && ...`` the next command runs in ``packages/ui`` only (``cd ../..`` comes back to the
root), which is the one place the set of directories narrows.

Lexical, linear, never realpath (R6.3). A directory is a normalized absolute path or one of two sentinels,
each one component deep (never inside any scope root): ``HOME`` (``~``, ``$HOME``: ``/root`` for root, so
one ``..`` above it is the root) and ``UNKNOWN`` (a variable, a substitution, ``cd -`` with no known
previous directory: somewhere at least one level down).

Readings chosen where SPEC is silent:
- a ``cd`` anywhere but at the top level (a subshell, a group, a substitution, ``bash -c``) adds its target
  to the directories every later segment may run in and never removes one (for the floor a subshell's
  ``cd`` may "leak": deny more; for the scope it never narrows);
- only ``cd X && next`` (``cd``/``pushd`` as the segment's first word, not after ``||``) narrows the next
  segment's directories to X; ``;``, ``||``, ``|``, ``&`` and anything the text does not show plainly keep
  the old ones too (the ``cd`` may fail, or run in a pipeline's subshell);
- ``pushd``/``popd`` keep bash's directory stack (:class:`_Stack`): a ``popd`` lands on what the command pushed,
  exactly while every ``pushd``/``popd`` before it sat in an unbroken ``&&`` chain, else on anything ever pushed
  or on the shell's own entries (unknown); a command naming ``DIRSTACK`` may have put any directory there;
- in a command with a loop, a function or an alias, directories flow round until nothing new appears;
- an unset variable is not read as empty (``rm -rf "$X"/*`` is not the floor's); ``${X:-/}`` reads both;
- ``CDPATH`` set in the command makes a relative ``cd`` also land under ``/`` (for the floor);
- a command substitution in a deleted word reads as each word its commands may print when a literal reading
  knows them (``$(echo /)``, ``$(pwd)``, ``$(dirname /tmp)``), as operands piped into xargs are (for the floor).

On a machine that may be Windows (SPEC §5: ``runs_in`` ``agent`` or ``host`` -- Git Bash, WSL or PowerShell;
never Brabo's own Linux sandbox, where ``C:/x`` is a folder of the project) the floor also reads Windows
places (:func:`windows_place`): each drive and UNC share is a root of its own (``C:\\``, ``D:/``, ``C:\\*``,
``\\\\server\\share\\``, ``\\\\?\\C:\\``), a backslash separates components as a slash does, ``cd /d C:\\`` and
PowerShell's ``Set-Location`` move the directory, and Windows' own deleters (permissions.floor) are deleters.
A volume spelled as the POSIX path a shell there mounts it at (WSL's ``/mnt/c``, Cygwin's ``/cygdrive/c``, Git
Bash's ``/c``, macOS's ``/Volumes/NAME``, ``/System/Volumes/Data``) is a root there too, and the folder holding
them (``/mnt``, ``/Volumes``) every one of them.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

from permissions.commands.copies import copies_in
from permissions.commands.fed_code import (
    JQS as _JQS,
)
from permissions.commands.fed_code import (
    TURNS as _TURNS,
)
from permissions.commands.fed_code import (
    file_key,
    here_doc_texts,
    input_texts,
    jq_prints,
    printf_formatted,
    substitution_prints,
    written_texts,
)
from permissions.commands.find import FDS, FdWords, fd_picked
from permissions.commands.interpreters import CODE_FLOOR_VERBS, POWERSHELLS, fed_program, inline_program
from permissions.commands.shell_starters import FED_ESCAPES
from permissions.commands.shells import FROM_INPUT as SHELL_FROM_INPUT
from permissions.commands.shells import SHELLS, inline_script
from permissions.commands.textproc import AWKS, program_words
from permissions.commands.uploads import _remote_place, table_operands
from permissions.commands.views import KNOWN_PROGRAMS, foreign_name, hands_on
from permissions.commands.windows import LOCATION_MOVERS, MOVES, POPS, windows_moves
from permissions.commands.wrappers import PEELED_VERBS
from permissions.commands.writes import find_expression_at
from permissions.floor import (
    CLEARING,
    DELETERS,
    EACH_DELETION,
    EXEC_DELETERS,
    FLOOR_VERBS,
    FOLDER_CLEARERS,
    ONE_FILE_CLEARERS,
    REMOVERS,
    WINDOWS_DELETERS,
    WINDOWS_EACH,
    WINDOWS_PIPED_DELETERS,
    WINDOWS_RUNNERS,
    code_deletions,
    code_prints,
    deleted_every_name,
    deleted_trees,
    each_deletes,
    every_name,
    find_exec_deletes,
    floor_denies_views,
    folder_cleared,
    windows_deleted,
    windows_inner,
    windows_listed,
    windows_listing_recurses,
)
from permissions.glob_syntax import EXPANSION_OPERATOR, dotted_globs, expanded_value
from permissions.memos import Memo
from permissions.shell import Segment, parse_command
from permissions.wrappers import views

__all__ = [
    "COPY_WORD",
    "verb_from_a_copy",
    "HOME",
    "UNKNOWN",
    "as_climbs",
    "CODE_MAY_DELETE",
    "command_values",
    "cwd_sets",
    "eaten_climb",
    "here_strings",
    "joiners",
    "lands_on_root",
    "nearest",
    "listed_item",
    "listed_items",
    "may_be_dots",
    "picks_as_written",
    "powershell_mover",
    "resolve",
    "windows_place",
]

HOME = "/\x00home"
UNKNOWN = "/\x00unknown"
_HOME_PART = HOME[1:]
# red team, R4.6: the folder holding the home folder (`~/..`): which folder that is is not known, but each of its
# children is a user's home (`~/../other`), as each of `/home`'s is.
_HOMES_PART = "\x00homes"
_UNKNOWN_PART = UNKNOWN[1:]
_GLOB = frozenset("*?[")
# Past these the reading stops growing: more directories than this add the root (deny more), and loops
# flow round this many times at most (fewer on long commands, so hostile input stays linear).
_MAX_DIRS = 16
_MAX_PASSES = 24
_PASS_BUDGET = 4000
_MAX_READINGS = 64

_CHANGERS = frozenset({"cd", "pushd", "popd", "chdir"})
_CD_WRAPPERS = frozenset({"builtin", "command"})
_MAY_CHANGE = _CHANGERS | _CD_WRAPPERS
# Words that make the command's segments run again or later: a loop, a function, an alias.
_REPEATS = re.compile(r"(?:^|[\s;&|(`{])(?:for|while|until|select|function|alias)\s|\(\s*\)")
# The operators bash reads between commands, longest first.
_OPERATORS = ("&&", "||", ";;", ";&", "|&", ";", "|", "&", "\n")
# `cd`'s own options (bash): -L -P -e -@, then an optional `--`.
_CD_OPTIONS = frozenset({"-L", "-P", "-e", "-@", "-LP", "-PL", "-Pe", "-eP"})
_SELF = frozenset({"self", "thread-self", "$$", "${$}", "$BASHPID", "${BASHPID}"})
_TRIMMED = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?:%%?|##?|/|:|\^|,)[^}]*\}")
# `$X`, `${X}`, `${X:-default}`, and an array's element or elements (`${arr[0]}`, `${arr[@]}`: every value given it)
_PARAM = re.compile(
    r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]}]*\])?(?:(:?[-=+?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))"
)
# The positional parameters (`$1`, `${12}`, `$@`, `"$*"`, `${1:-/}`; `$0` of `bash -c`), which `set --`, a call of a
# function the command defines and the arguments after a shell's `-c` script give values (_positional_values).
_POSITIONAL = re.compile(r"\$(?:([0-9@*])|\{([0-9]+|[@*])(?:(:?[-=+?])([^}]*))?\})")


def joiners(segments: Sequence[Segment], command: str) -> list[str | None]:
    """For each segment, the operator that follows it at the top level (``""`` at the end), or None when
    the text does not show it plainly (a hidden segment, a text cut for display, anything but operators
    and reserved words between two top-level commands -- a subshell's parentheses, say).

    Top-level segments are found in order, each searched from the end of the one before; the text between
    must be operators, blanks and reserved words only, so an occurrence inside a quote or a subshell is
    never taken for the command (it would have something else before it)."""
    out: list[str | None] = []
    pos = 0
    for seg in segments:
        text = seg.text
        if seg.hidden or not text:
            out.append(None)
            continue
        at = command.find(text, pos)
        if at < 0 or not _plain_gap(command[pos:at]):
            out.append(None)
            if at >= 0:
                pos = at + len(text)
            continue
        end = at + len(text)
        pos = end
        rest = command[end : end + 8].lstrip(" \t\r")
        if not rest:
            out.append("" if not command[end:].strip(" \t\r") else None)
            continue
        for op in _OPERATORS:
            if rest.startswith(op):
                out.append(op)
                break
        else:
            out.append(None)
    return out


_GAP_WORDS = frozenset({"do", "done", "then", "else", "elif", "fi", "if", "while", "until", "{", "}"})
_GAP_CHARS = "&|;\n \t\r\x0b\x0c"  # what str.split() drops between words here, and the operators


def _plain_gap(gap: str) -> bool:
    """Only operators, blanks and reserved words (no parenthesis, quote or word of a command)."""
    if not gap.strip(_GAP_CHARS):
        return True  # the common gap, `` && `` or ``; ``: operators and blanks alone, in one C call
    for c in "&|;\n":
        gap = gap.replace(c, " ")
    return all(w in _GAP_WORDS for w in gap.split())


def _parts(path: str) -> list[str]:
    return [p for p in path.split("/") if p and p != "."]


# -- Windows places (SPEC §5 where it runs, R6.2, R4.6) ------------------------------------------------------
_DRIVE_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SEPARATORS = "/\\"
_DRIVE_REST = "/\\$`"  # what may follow `X:` in a drive path: a separator, or an expansion that prints one


# The backslash spellings a long command's text holds, found once per text: windows_place and eaten_climb are
# asked them for word after word of one command, and a scan of the whole text for each word made a long hostile
# command quadratic off the sandbox (400 `find ../aK -delete` in 100 KB: 80 ms). A short text is scanned.
_MARKS: Memo[str, frozenset[str]] = Memo(64)
_LONG_TEXT = 2048
_DRIVE_MARK = re.compile(r"[A-Za-z]:\\")


def _holds(raw: str, mark: str) -> bool:
    """``mark in raw``, for the marks :func:`_marks_in` finds (``C:\\``, ``..\\``, ``\\..\\``)."""
    if len(raw) <= _LONG_TEXT:
        return mark in raw
    found = _MARKS.get(raw)
    if found is None:
        found = _MARKS.keep(raw, frozenset(_marks_in(raw)) if "\\" in raw else frozenset())
    return mark in found


def _marks_in(raw: str) -> set[str]:
    found = {m.group(0) for m in _DRIVE_MARK.finditer(raw)}
    found.update(mark for mark in ("..\\", "\\..\\") if mark in raw)
    return found


def windows_place(word: str, raw: str = "") -> tuple[str, str] | None:
    """The place a word names on Windows, as (volume, path on it with ``/`` separators, starting at ``/``), or
    None when it is no Windows absolute path. Volumes: ``c:`` (a drive, lower-cased: ``C:`` is ``c:``), ``//server/
    share`` (UNC, lower-cased), ``//./name`` (a device: ``\\\\.\\PhysicalDrive0``); ``\\\\?\\`` and ``\\\\.\\``
    before a drive or ``UNC\\`` are read through.

    A drive is a letter, a colon, then the end of the word, a separator or an expansion (``C:``, ``c:/x``,
    ``C:\\x``, ``C:$(…)``). Unquoted, the shell reader drops a backslash (``C:\\Users`` is read ``C:Users``):
    ``raw``, the command's text, holds the letter, the colon and the backslash then, and the word counts too.
    Another colon later in the word does not matter (``C:\\x::$DATA`` is the file; ``-v C:\\x:/y``'s volume is the
    drive): a program's code words (``sed 's:/usr:/opt:g'``) are never read as places (permissions.scope)."""
    n = len(word)
    if n >= 2 and word[1] == ":" and word[0] in _DRIVE_LETTERS:
        if n > 2 and word[2] not in _DRIVE_REST and not _holds(raw, word[:2] + "\\"):
            return None
        rest = word[2:].replace("\\", "/")
        return word[0].lower() + ":", rest if rest[:1] == "/" else "/" + rest
    if n < 3 or word[0] not in _SEPARATORS or word[1] not in _SEPARATORS or word[2] in _SEPARATORS:
        return None
    parts = word[2:].replace("\\", "/").split("/")
    head = parts[0]
    if head in ("?", ".") and len(parts) > 1:
        inner = windows_place("/".join(parts[1:]))
        if inner is not None:
            return inner  # `\\\\?\\C:\\x`
        if parts[1].lower() == "unc":
            parts = parts[2:]  # `\\\\?\\UNC\\server\\share\\x`
        else:
            return "//" + head + "/" + parts[1].lower(), "/" + "/".join(parts[2:])
    if not parts or not parts[0]:
        return None
    share = parts[1].lower() if len(parts) > 1 else ""
    return "//" + parts[0].lower() + "/" + share, "/" + "/".join(parts[2:])


# SPEC §5, R6.2: places Windows reads that no folder of the project can be, whatever the project is. PowerShell's
# drives of other providers (`HKLM:\\x`, `Cert:\\`, `WSMan:`) and provider-qualified paths (`Registry::x`,
# `FileSystem::C:\\x`) name no file of the project: a word that starts with one is outside (fail closed). The
# session's own state (`Env:`, `Variable:`, `Function:`, `Alias:`) and the user's hive (`HKCU:\\Environment`) are
# ordinary reads: what a command changes there is judged as the writers elsewhere (R3.7).
_PROVIDER_DRIVES = frozenset({"hklm", "cert", "wsman"})
_PROVIDERS = frozenset({"filesystem", "registry", "certificate", "wsman"})
# Unquoted, the shell reader drops a backslash, hiding a rooted spelling from the word it reads (`\\x` is read
# `x`, `\\\\srv\\share` `\\srvshare`, `\\\\?\\C:\\x` `\\?C:x`): in the text, a word that starts with a backslash before a
# name (the root of the current drive) or with two (a share or a device) is outside wherever the project is.
_ROOTED_TEXT = re.compile(r"(?:^|[\s<>|;&(])(\\\\|\\[\w.~?]|\\(?=[ \t]|\Z))")
# Quoted, two backslashes before a name start a share or a device as PowerShell reads them (`"\\\\srv\\x"`, which the
# shell reader reads `\\srv\\x`).
_QUOTED_SHARE = re.compile(r"""(?:^|[\s<>|;&(=:])["'](\\\\[\w.?$])""")


def provider_place(word: str) -> bool:
    """Whether ``word`` names a place of a PowerShell provider other than a folder (``HKLM:\\x``, ``Cert:\\``,
    ``Registry::x``) or a provider-qualified path (``FileSystem::C:\\x``) -- never a file of the project."""
    colon = word.find(":")
    if colon < 1:
        return False
    name = word[:colon].lower()
    if word[colon + 1 : colon + 2] == ":":
        return name.rpartition("\\")[2].removeprefix("microsoft.powershell.core") in _PROVIDERS
    return name in _PROVIDER_DRIVES


def drive_relative(word: str, raw: str) -> bool:
    """SPEC §5, R6.2: ``C:..\\x``, ``C:.\\x``, ``C:x/y``: a path on a drive's own current folder, which no command
    here sets -- never known to be inside (fail closed). Only one that climbs, starts at ``.`` or holds a separator:
    ``u:g`` (chown's owner) and ``a:b`` are no such path, nor is a word with a second colon (``u:bob:rw``)."""
    return (
        len(word) > 2
        and word[1] == ":"
        and word[0] in _DRIVE_LETTERS
        and (word[2] == "." or "/" in word or "\\" in word)
        and ":" not in word[2:]
        and windows_place(word, raw) is None
    )


def rooted_in_text(raw: str) -> list[str]:
    """The rooted Windows spellings the text of a command holds unquoted (:data:`_ROOTED_TEXT`)."""
    if "\\" not in raw:
        return []
    found = [m.group(1) for m in _ROOTED_TEXT.finditer(_unquoted(raw))]
    return found + [m.group(1) for m in _QUOTED_SHARE.finditer(raw)]


def _unquoted(raw: str) -> str:
    """``raw`` with what its quotes hold blanked (``'class \\w+'`` is a pattern, never a place); a backslash outside
    quotes escapes the next character, a quote among them."""
    out = list(raw)
    quote = ""
    k = 0
    while k < len(raw):
        c = raw[k]
        if quote:
            out[k] = " " if c != quote else c
            quote = "" if c == quote else quote
        elif c == "\\":
            k += 1
        elif c in "'\"":
            quote = c
        k += 1
    return "".join(out)


# SPEC §5: cmd's switches, `/x` after the cmd command that takes them, are no root path (`dir /s /b *.py`,
# `findstr /s /i todo *.js`, `msbuild /p:Configuration=Release`). Only the switches each takes that name no
# place: findstr's `/g:` `/f:` `/d:` (files and folders) stay words to check, and so do dir's bare `/c` and `/d`,
# which Git Bash's own `dir` reads as the roots of drives C: and D:. Deleters (`del`, `rd`) are not here.
_CMD_SWITCHES = {
    # dir's switches with only the letters each takes (`/o:-d`, `/ad`): `/tmp` and `/opt` stay words to check
    "dir": re.compile(
        r"/(?:[blnpqrswx4]|a:?(?:-?[dhslraio]){0,9}|o:?(?:-?[negsd]){0,5}|t:?[caw]?)", re.IGNORECASE
    ),
    "findstr": re.compile(r"/(?:[belrsixvnmop]|offline|c:[^\\/]*|a:[0-9a-f]{1,2})", re.IGNORECASE),
    "where": re.compile(r"/[qft]", re.IGNORECASE),
    "msbuild": re.compile(
        r"/(?:m|r|restore|nologo|bl|(?:p|property|t|target|v|verbosity|m|maxcpucount|clp):(?!.*\.\.)[^\\/:]*)",
        re.IGNORECASE,
    ),
    # the process and network listers and taskkill: every switch they take names no place (`taskkill /PID 1234
    # /F`, `tasklist /FI "IMAGENAME eq node.exe"`, `ipconfig /all`)
    "taskkill": re.compile(r"/(?:pid|im|fi|f|t|s|u|p|\?)", re.IGNORECASE),
    "tasklist": re.compile(r"/(?:fi|fo|svc|apps|nh|m|v|s|u|p|\?)", re.IGNORECASE),
    "ipconfig": re.compile(
        r"/(?:all|allcompartments|release6?|renew6?|flushdns|displaydns|registerdns|showclassid6?|setclassid6?|\?)",
        re.IGNORECASE,
    ),
    # session 25: robocopy's switches of two letters or more (`/MIR`, `/R:3`, `/COPY:DAT`, `/A+:RH`, `/MT:8`; Git
    # Bash's `//MIR`), none a place; its log (`/LOG:x`, `/LOG+:x`, `/UNILOG:x`) is one when named in the working
    # folder (no `..`, no root, no drive). The one-letter ones (`/E`, `/S`) stay words to check: Git Bash hands a
    # native program `/e` as drive E:'s root, a destination when it comes second. `/JOB:` (options read from a
    # file) and `/SAVE:` stay words to check; its operands (`/XD` and `/XF`'s values too) are places read as any.
    # Its mirror's and move's deletions are the floor's (floor._mirrored).
    "robocopy": re.compile(
        r"//?(?:(?:mir|purge|move?|copyall|nocopy|secfix|timfix|create|fat|256|pf|sl|sj|sd|nodcopy|nooffload"
        r"|compress|xc|xn|xo|xx|xl|is|it|xj|xjd|xjf|fft|dst|reg|tbd|lfsm|ts|fp|bytes|ns|nc|nfl|ndl|np|eta|tee"
        r"|njh|njs|unicode|quit|nosd|nodd|if|xd|xf|zb|efsraw|sec|noclone|sparse|dcopy|copy|lev|mon|mot|rh|ipg"
        r"|a[+-]|ia|xa|max|min|maxage|minage|maxlad|minlad|r|w|mt|iomaxsize|iorate|threshold)(?::[\w+-]*)?"
        r"|\?|(?:uni)?log\+?:(?!.*\.\.)[^\\/:]+)",
        re.IGNORECASE,
    ),
}
# `cmd /c dir /s /b *.json`: cmd's own switches of no place (`/c` runs the line, `/d /q /s /a /u` change nothing
# of where), then those of the reading commands whose line it runs (permissions.commands.windows.cmd_line_read:
# any other line is never auto-approved, whatever its words).
_CMD_SWITCHES["cmd"] = re.compile(
    "|".join((r"/[cdqsaur]", *(_CMD_SWITCHES[v].pattern for v in ("dir", "findstr", "where")), r"/[fa]")),
    re.IGNORECASE,
)
for _verb in ("findstr", "where", "msbuild", "taskkill", "tasklist", "ipconfig", "cmd", "robocopy"):
    _CMD_SWITCHES[_verb + ".exe"] = _CMD_SWITCHES[_verb]


def cmd_switch(verb: str, word: str) -> bool:
    """Whether ``word`` is one of the switches cmd's ``verb`` takes that names no place (SPEC §5)."""
    switches = _CMD_SWITCHES.get(verb.lower())
    return switches is not None and switches.fullmatch(word) is not None


# SPEC §5: PowerShell's values that are no location. The pipeline item (`$_`, `$PSItem`, a property of it:
# `$_.Name`) leading a statement is the statement's output (`ForEach-Object { $_.Name }`, `Where-Object
# { $_.Length -gt 1MB }`), and it or an environment variable read whole (`$env:PATH`) given to a printer is text
# printed; a switch's value (`-CaseSensitive:$false`) is a truth value. Anywhere else (`Get-Content $_`,
# `Get-Content $env:USERPROFILE\.ssh\id_rsa`) they stay locations decided by an expansion, and asked.
_PS_ITEM = re.compile(r"\$(?:_|PSItem)(?:\.\w+)*", re.IGNORECASE)
_PS_ENV = re.compile(r"\$env:\w+", re.IGNORECASE)
# A statement that reads an environment variable or sets it to plain text (no place, climb or expansion in the
# value: `$env:GIT_DIR=..\\other` and `$env:X=$HOME` stay words to check); windows_environment judges the name.
_PS_ENV_STATEMENT = re.compile(r"\$env:\w+(?:=(?!.*\.\.)[\w.,;+@-]*)?", re.IGNORECASE)
_PS_SWITCH_VALUE = re.compile(r"-\w+:\$(?:true|false)", re.IGNORECASE)
_PS_PRINTERS = frozenset({"write-output", "write-host", "echo"})
_PS_NEGATIONS = frozenset({"-not", "!"})


def ps_value(words: Sequence[str], k: int) -> bool:
    """Whether ``words[k]``, a word with an expansion, is one of PowerShell's values that name no location."""
    word = words[k]
    lead = word[:2].lower()
    if lead not in ("$_", "$p", "$e"):  # (cheap rejection: `$_`, `$PSItem`, `$env:`, or a switch's value)
        return word[:1] == "-" and _PS_SWITCH_VALUE.fullmatch(word) is not None
    start = k
    while start and words[start - 1] != "{":  # the statement: from the segment's or its script block's start
        start -= 1
    if start and _PS_ITEM.fullmatch(word) is not None:  # the item only means it inside a script block
        # (a statement led by the item or by `-not` is an expression: `{ -not $_.PSIsContainer }`, `{ $_.Length
        # -gt 0 -and $_.Name -like '*.py' }` -- every item in it a value, none a command's argument)
        lead = words[start]
        return (
            k == start
            or lead.lower() in _PS_PRINTERS
            or lead.lower() in _PS_NEGATIONS
            or _PS_ITEM.fullmatch(lead) is not None
        )
    if k == start:
        return (
            _PS_ENV_STATEMENT.fullmatch(word) is not None
        )  # `$env:PATH` (its value printed), `$env:CI=true`
    return words[start].lower() in _PS_PRINTERS and _PS_ENV.fullmatch(word) is not None


# SPEC §5, R6.2: the pipeline item a script block gets from a listing of the project (`Get-ChildItem -Recurse
# *.json | ForEach-Object { Get-Content $_.FullName }`) is one of the files listed, so it is where the listing
# is: inside when every word of the listing is (the scope checks them as it checks every word). Only the cmdlets
# that list files (not their contents: `Get-Content list.txt | % { Get-Content $_ }` hands on any text), given
# plain relative names -- no drive or provider (`Get-ChildItem Env:`, `HKCU:\`), variable, home or climb --,
# then at most Where-Object filters, feed `ForEach-Object {` (`%`, `foreach`) right after the pipe; the item is
# `$_` or `$PSItem` as a whole or its `.FullName`, `.Name` or `.PSPath` (never `.Target`, `.Directory.Parent`),
# read in that script block's own statements (not an inner block's, whose item is another).
_LISTERS = frozenset({"get-childitem", "gci", "ls", "dir"})
_FILTERS = frozenset({"where-object", "where", "?"})
_FOREACH = frozenset({"foreach-object", "%", "foreach"})
_LISTED_ITEM = re.compile(r"\$(?:_|PSItem)(?:\.(?:FullName|Name|PSPath))?", re.IGNORECASE)
_PLAIN_NAME = re.compile(r"[^\s$~:`'\"(){}@%]*")


def listed_items(segments: Sequence[Segment], command: str) -> frozenset[int]:
    """The indexes of the segments whose script block gets its pipeline items from a listing of the project
    (see above); their items, :func:`listed_item`, are where the listing is."""
    joins = joiners(segments, command)
    found: set[int] = set()
    for i in range(1, len(segments)):
        words = segments[i].words
        if len(words) < 3 or words[0].lower() not in _FOREACH or words[1] != "{" or segments[i].hidden:
            continue
        j = i - 1
        while j > 0 and segments[j].words and segments[j].words[0].lower() in _FILTERS and joins[j] == "|":
            j -= 1  # a filter hands on some of the items it gets, unchanged
        feeder = segments[j]
        if joins[j] != "|" or feeder.hidden or feeder.redirects or not feeder.words:
            continue
        if feeder.words[0].lower() in _LISTERS and all(
            ".." not in w and w[:1] not in "/\\" and _PLAIN_NAME.fullmatch(w) is not None
            for w in feeder.text.split()[1:]
        ):
            found.add(i)
    return frozenset(found)


def listed_item(words: Sequence[str], k: int) -> bool:
    """Whether ``words[k]``, of a segment :func:`listed_items` found, is the item in its script block's own
    statements."""
    return _LISTED_ITEM.fullmatch(words[k]) is not None and "{" not in words[2:k] and "}" not in words[2:k]


# SPEC §5: cmd expands `%NAME%` before the command runs, so a word that starts with one (or whose `=` value
# does: `--file=%APPDATA%\\x`) is a location decided by an expansion (`type %USERPROFILE%\\.ssh\\id_rsa`), as
# `$HOME/...` is. One letter between the signs is a format's code, not a variable (`git log --format=%H%n`); a
# whole `%NAME%` given to a printer (`echo %PATH%`) is text printed.
# Friction: nor is a whole code of git's pretty formats between the signs -- a colour (`format:%C(yellow)%h`,
# `%Cred%h%Creset`) or the wrap (`%w(72)%s`).
_CMD_VARIABLE = re.compile(r"(?:^|[=:])(%[A-Za-z_][\w()]+%)")
_CMD_VALUE = re.compile(r"%[A-Za-z_][\w()]*%")
_GIT_FORMAT_CODE = re.compile(r"%(?:C(?:red|green|blue|reset)|C\(\w*\)|w\(\d*\))%").fullmatch


def cmd_variable_place(words: Sequence[str], word: str) -> bool:
    """Whether ``word`` (of ``words``) is a location cmd's `%NAME%` expansion decides (SPEC §5)."""
    found = _CMD_VARIABLE.search(word)
    if found is None:
        return False
    if _GIT_FORMAT_CODE(found[1]) is not None and all(
        _GIT_FORMAT_CODE(m[1]) is not None for m in _CMD_VARIABLE.finditer(word)
    ):
        return False
    return not (words[0].lower() in _PS_PRINTERS and _CMD_VALUE.fullmatch(word) is not None)


def eaten_climb(word: str, raw: str) -> str | None:
    """``..\\..\\x`` unquoted, as the shell reader reads it (``....x``: a backslash escapes the next character),
    read back as Windows reads the text: each ``..`` that starts a component climbs (``../../x``). None when the
    text has no ``..\\`` or the word no such component."""
    if ".." not in word or not _holds(raw, "..\\"):
        return None
    out: list[str] = []
    changed = False
    inner = _holds(raw, "\\..\\")  # `src\\..\\..\\x` is read `src....x`: the climb starts mid-word
    for part in word.replace("\\", "/").split("/"):
        cut = part.find("..") if inner else 0
        if cut > 0:
            out.append(part[:cut])
            part = part[cut:]
        while part.startswith("..") and len(part) > 2:
            out.append("..")
            part = part[2:]
            changed = True
        out.append(part)
    return "/".join(out) if changed else None


# Each word of a text that holds a backslash, as written (eaten_separators), found once per text.
_EATEN: Memo[str, dict[str, tuple[str, ...]]] = Memo(64)
_BETWEEN_WORDS = re.compile(r"[\s;&|<>()`]+")  # (a split, linear in the text: no search that backtracks)
_UNQUOTED = str.maketrans("", "", "\"'")
_SPELLINGS = (
    4  # spellings kept of one word read without its backslashes (hostile text repeats one by the thousand)
)


def eaten_separators(word: str, raw: str) -> tuple[str, ...]:
    """red team, R4.6 off the sandbox: unquoted, the shell reader drops each backslash (``C:\\Users\\me`` is read
    ``C:Usersme``, ``%SystemDrive%\\Users`` ``%SystemDrive%Users``), while PowerShell and cmd read none as an
    escape -- there each is a separator. The spellings of ``word`` the text ``raw`` holds with its backslashes,
    which the floor reads as Windows does (empty when the text holds none)."""
    if "\\" not in raw:
        return ()
    found = _EATEN.get(raw)
    if found is None:
        kept: dict[str, tuple[str, ...]] = {}
        for token in _BETWEEN_WORDS.split(raw):
            if "\\" not in token:
                continue
            token = token.translate(
                _UNQUOTED
            )  # (`"C:\\Users"\\me`: the quotes are the reader's, not the name's)
            key = token.replace("\\", "")
            known = kept.get(key, ())
            if len(known) < _SPELLINGS and token not in known:
                kept[key] = (*known, token)
        found = _EATEN.keep(raw, kept)
    return found.get(word.replace("\\", "").translate(_UNQUOTED), ())


_PROVIDER = re.compile(r"(?i)(?:microsoft\.powershell\.core\\?)?filesystem::")


def _as_posix(word: str, raw: str) -> str:
    """For the floor on Windows: a word as the POSIX reading sees where it lands -- a Windows place at the root
    of its volume (every volume is a root), backslashes as separators, and the last component's trailing
    spaces and dots dropped as Windows drops them (``C:\\ `` and ``C:\\...`` are ``C:\\``)."""
    if "::" in word:
        # red team: PowerShell's provider-qualified path (`FileSystem::C:\`,
        # `Microsoft.PowerShell.Core\FileSystem::C:\`) is the path after the provider's name
        m = _PROVIDER.match(word)
        word = word[m.end() :] if m is not None and word[m.end() :] else word
    if word[-1:] in (" ", "."):
        kept = word.rstrip(" ")
        last = kept.replace("\\", "/").rpartition("/")[2]
        word = kept if last in (".", "..") else kept.rstrip(" .") or kept
    if word[1:2] == ":" or word[:1] in _SEPARATORS:
        place = windows_place(word, raw)
        if place is not None:
            return place[1]
    if word[:1] in "$%":
        # PowerShell's and cmd's names of the home folder (`$env:USERPROFILE`, `%USERPROFILE%`) are `~`
        low = word.lower()
        for home in _WINDOWS_HOMES:
            if low.startswith(home) and low[len(home) : len(home) + 1] in _AFTER_NAME:
                return _named_place("~", word[len(home) :])
        for drive in _WINDOWS_DRIVES:
            if low.startswith(drive) and low[len(drive) : len(drive) + 1] in _AFTER_NAME:
                return _named_place("", word[len(drive) :]) or "/"
        named = _WINDOWS_VARIABLE.match(word)
        if named is not None:
            # red team: any other variable of cmd's or PowerShell's (`%TEMP%\\..`, `$env:APPDATA\\..\\..`) is one
            # whose value is not known, as `$TMPDIR/..` is (bash reads `$env` then `:NAME`, and `%` as a letter)
            return (
                "${"
                + (named["cmd"] or named["ps"] or named["braced"])
                + "}"
                + word[named.end() :].replace("\\", "/")
            )
    return word.replace("\\", "/") if "\\" in word else word


def _named_place(base: str, rest: str) -> str:
    """A place named by a variable (``base``: `~`, or `` for a volume's root) and what follows it: `\\x` is `/x`,
    and a pattern glued to the name (`%USERPROFILE%*`, as bash leaves `%USERPROFILE%\\*`) matches the place
    itself among others: read as the place's children (`~/*`), which the floor takes as the place."""
    rest = rest.replace("\\", "/")
    return base + ("/" + rest if rest[:1] in ("*", "?") else rest)


_AFTER_NAME = ("", "\\", "/", "*", "?")
_WINDOWS_VARIABLE = re.compile(
    r"(?i)%(?P<cmd>[a-z_]\w*)%|\$env:(?P<ps>[a-z_]\w*)|\$\{env:(?P<braced>[a-z_]\w*)\}"
)
# session 25: cmd's and PowerShell's names of the system's drive (`%SystemDrive%`, `$env:SystemDrive`, the home's
# `%HOMEDRIVE%`): a volume's root, as `C:` is.
_WINDOWS_DRIVES = (
    "%systemdrive%",
    "$env:systemdrive",
    "${env:systemdrive}",
    "%homedrive%",
    "$env:homedrive",
    "${env:homedrive}",
)
_WINDOWS_HOMES = (
    "%homedrive%%homepath%",
    "$env:homedrive$env:homepath",
    "${env:userprofile}",
    "$env:userprofile",
    "%userprofile%",
    "$home",
    # red team: the home's path without its drive (`\\Users\\me`), on the drive the command runs on
    "%homepath%",
    "${env:homepath}",
    "$env:homepath",
)


Values = Mapping[str, frozenset[str]]
_NO_VALUES: Values = {}


def resolve(word: str, dirs: frozenset[str], values: Values = _NO_VALUES) -> list[list[str]]:
    """Every location ``word`` may name, each as its list of components (empty: the root), read from
    each of ``dirs``: ``~`` and ``$HOME`` are HOME, ``$PWD`` the directories, another variable or a
    substitution UNKNOWN, ``/proc/<pid>/root`` the root and ``/proc/self/cwd`` the directories. ``values``:
    literal values the command itself gives variables (``d=/``, ``for d in /``, ``HOME=/``), read too."""
    bases: list[list[str]]
    rest = word
    extra: list[list[str]] = []
    if word.startswith("~"):
        slash = word.find("/")
        rest = "" if slash < 0 else word[slash:]
        bases = _var_bases("HOME", dirs, values) if word[1:2] in ("", "/") else [[_HOME_PART]]
    elif word.startswith("$") or word.startswith("`"):
        m = _PARAM.match(word)
        trim = _TRIMMED.match(word) if m is None else None
        if trim is not None:
            # `${HOME%/*}`, `${PWD%%/*}`: cut from a known place, anything from it up to the root.
            rest = word[trim.end() :]
            bases = [[_UNKNOWN_PART]]
            for known in _var_bases(trim.group(1), dirs, values):
                if known[:1] != [_UNKNOWN_PART]:
                    bases.extend(known[:k] for k in range(len(known)))
        elif m is None:
            # `$(…)`, `` `…` ``, `$1`, `$@`: what it prints is not known (but for the values the command gives
            # the positional parameters, and a default: `set -- /; rm -rf "$1"`, `rm -rf "${1:-/}"`).
            p = _POSITIONAL.match(word) if word[1:2] not in _NOT_POSITIONAL else None
            if p is None:
                slash = word.find("/")
                rest = "" if slash < 0 else word[slash:]
            else:
                rest = word[p.end() :]
            bases = [[_UNKNOWN_PART]]
            if p is not None:
                extra = _positional(p, rest, dirs, values, bases)
        else:
            name = m.group(1) or m.group(4)
            rest = word[m.end() :]
            bases = _var_bases(name, dirs, values)
            op, default = m.group(2), m.group(3)
            if op and op.lstrip(":") in ("-", "=") and _readable_default(default):
                extra = resolve(default + rest, dirs)  # `${X:-/}`: the default when X is unset
    elif word.startswith("/"):
        bases = [[]]
    else:
        bases = [_parts(d) for d in dirs]
    out: list[list[str]] = extra
    for base in bases:
        _walk(list(base), rest.split("/"), dirs, out)
        if len(out) >= _MAX_READINGS:
            break
    return out


_NOT_POSITIONAL = frozenset("(`")  # (`$(…)`: a substitution; the test before _POSITIONAL's match)


def _positional(
    p: re.Match[str], rest: str, dirs: frozenset[str], values: Values, bases: list[list[str]]
) -> list[list[str]]:
    """R4.6, red team: a word led by a positional parameter (``p``: `$1`, `${2}`, `$@`, `$*`): each value the
    command gives it added to ``bases`` (:func:`_positional_values`); the readings of its default (`${1:-/}`, what
    it is when the parameter is unset, as it is in an agent's `bash -c`) returned."""
    name = p.group(1) or p.group(2)
    if name in values:
        bases.extend(_var_bases(name, dirs, values)[1:])
    op, default = p.group(3), p.group(4)
    if op and op.lstrip(":") in ("-", "=") and _readable_default(default):
        return resolve(default + rest, dirs)
    return []


def _readable_default(default: str | None) -> bool:
    """A default `${X:-…}` resolve reads: a literal, or one variable (`${X:-$HOME}`; its own default is not read
    again, so a nesting of defaults in hostile input is read one level deep)."""
    return default is not None and (default[:1] != "$" or default.count("$") == 1)


def _var_bases(name: str, dirs: frozenset[str], values: Values) -> list[list[str]]:
    """Where a variable at a word's start may point: HOME, the directories for PWD, UNKNOWN otherwise, and
    each literal value the command gives it. A value that is itself a variable is read without the command's
    values (`x=$HOME`); one the command gives a value too was replaced by that value already (_chained)."""
    if name == "HOME":
        bases = [[_HOME_PART]]
    elif name == "PWD":
        bases = [_parts(d) for d in dirs]
    else:
        bases = [[_UNKNOWN_PART]]
    for value in values.get(name, ()):
        if value[:1] == "`":
            continue  # (`~` is read: `for d in ~/*`, `d=~`; resolve reads no values again)
        bases.extend(resolve(value, dirs))  # one level: the value's own variables are not read again
        if len(bases) >= _MAX_READINGS:
            break
    return bases


# -- glob components that may be `..` (R6.2, R4.6) ---------------------------------------------------------------
# A pattern that begins with `.` may match the names `.` and `..` in bash before 5.2 (and in any bash where
# `shopt -u globskipdots`): `.?/.?/.?/etc/passwd` is `../../../etc/passwd` there, `rm -rf src/.*/.*/*` deletes
# above the project. Which bash runs a command is not known, so such a component is read as the climb it may
# be. An extglob (`@(..)`, `!(x)`) is read so too, whatever it begins with (bash's rule for them moved).
_EXTGLOB_LEADS = frozenset("!@+*?")


def may_be_dots(part: str) -> bool:
    """Whether the glob ``part`` (one path component) may match ``..``: a leading `.` then what may match
    one more `.` (`.?`, `.*`, `..*`, `.[.]`, `.[!a]`, `.*.*`), or an extglob. Not: `.env*`, `.??*` (three
    characters at least), `.[!.]*` (the idiom that skips them), nor a pattern without a leading `.` (`*`)."""
    if "(" in part and any(part[k - 1] in _EXTGLOB_LEADS for k in range(1, len(part)) if part[k] == "("):
        return True
    if part[:1] != "." or len(part) < 2:
        return False
    rest = part[1:].replace("*", "")
    if rest in ("", "?", "."):
        return rest != "" or part != "."  # `.*` (or `.**`), `.?`, `..*`; never `.` itself
    if rest[:1] == "[" and rest[-1:] == "]":  # one bracket expression (or more: read as one, wider)
        inside = rest[1:-1]
        if inside[:1] in ("!", "^"):
            return "." not in inside[1:]  # a negation matches `.` unless it names it
        return not inside.isalnum()  # `.`, a class (`[:punct:]`) or a range (`--0`) may hold it
    return False


def as_climbs(word: str) -> str:
    """``word`` with each component that may match ``..`` (:func:`may_be_dots`) written as ``..``: the
    place it may name when the shell expands it (the climb is the worst case of `.`, `..` or a dot file)."""
    if "*" not in word and "?" not in word and "[" not in word and "(" not in word:
        return word
    parts = word.split("/")
    return "/".join(".." if p and may_be_dots(p) else p for p in parts)


def _walk(stack: list[str], parts: list[str], dirs: frozenset[str], out: list[list[str]]) -> None:
    """Apply ``parts`` to ``stack`` one by one: ``..`` pops (never above the root), ``/proc/<pid>/root``
    is the root again, ``/proc/<pid>/cwd`` a working directory (for another process, the root or anywhere).
    Appends each final stack to ``out``."""
    for k, part in enumerate(parts):
        if not part or part == ".":
            continue
        if part == ".." or (part[0] == "." and may_be_dots(part)):  # `.?` may be `..` (as_climbs)
            if (
                part != ".."
                and len(out) < _MAX_READINGS
                and (k + 1 == len(parts) or (k + 2 == len(parts) and parts[-1] in ("", ".")))
            ):
                # red team, R4.6: and, last, it is a pattern over the folder's children -- `/var/root/.*` is every
                # dot entry of that home, whose climb (`/var`) names no home: both readings (no recursion: a
                # pattern deeper down, `x/.*/y`, is read by its climb, the higher place)
                out.append([*stack, part])
            if stack:
                if stack == [_HOME_PART]:
                    stack[0] = _HOMES_PART  # `~/..`: the folder of every home (`~/../other` is a home)
                else:
                    stack.pop()
            continue
        stack.append(part if "$" not in part and "`" not in part else _UNKNOWN_PART)
        if stack[0] != "proc" or len(out) >= _MAX_READINGS:
            continue
        n = len(stack)
        leaf = stack[-1]
        if (n == 3 and leaf in ("root", "cwd")) or (
            n == 5 and stack[2] == "task" and leaf in ("root", "cwd")
        ):
            remaining = parts[k + 1 :]
            if leaf == "root":
                stack.clear()
                continue
            if stack[1] in _SELF:
                starts = [_parts(d) for d in dirs]
            else:
                starts = [[], [_UNKNOWN_PART]]  # pid 1's cwd is usually the root
            for start in starts:
                _walk(start, remaining, dirs, out)
            return
    out.append(stack)


def lands_on_root(word: str, dirs: frozenset[str], values: Values = _NO_VALUES) -> bool:
    """Whether some reading of ``word`` from ``dirs`` is the root or a pattern over its children (R4.6), or
    the home folder or a pattern over its children (``~``, ``$HOME/*``, ``~/.*``: on a developer's machine
    the same harm as the root's)."""
    return any(_root_like(parts) for parts in resolve(word, dirs, values))


def _root_like(parts: list[str]) -> bool:
    """``parts`` (a location's components) is the root, the home folder, or a pattern over their children."""
    if not parts:
        return True
    first = parts[0]
    if any(c in _GLOB for c in first):
        return True
    if first == _HOME_PART and (len(parts) == 1 or (len(parts) == 2 and any(c in _GLOB for c in parts[1]))):
        return True
    if first in _DEEPER_HOMES_FIRST:
        return _spells_a_deeper_home(parts)
    return (first in _HOMES_UNDER or first == _HOMES_PART) and _spells_a_home(parts)


# red team, R4.6: homes deeper than the root's children -- macOS's root user's `/var/root` (`/private/var/root`:
# `/var` is a link to it), and FreeBSD's folder of homes `/usr/home` (`/home` links to it): (its components, a
# home itself or the folder of them).
_DEEPER_HOMES: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("var", "root"), True),
    (("private", "var", "root"), True),
    (("usr", "home"), False),
)
_DEEPER_HOMES_FIRST = frozenset(prefix[0] for prefix, _ in _DEEPER_HOMES)


def _spells_a_deeper_home(parts: list[str]) -> bool:
    """``parts`` is one of _DEEPER_HOMES, a home of its folder, or a pattern over such a home's children."""
    for prefix, is_home in _DEEPER_HOMES:
        k = len(prefix)
        if tuple(parts[:k]) != prefix:
            continue
        rest = parts[k:]
        depth = 0 if is_home else 1  # (a folder of homes: its children are homes)
        return len(rest) <= depth or (len(rest) == depth + 1 and any(c in _GLOB for c in rest[-1]))
    return False


# red team, R4.6 off the sandbox (SPEC §5: a developer's Windows or Mac): a volume's root spelled as the POSIX
# path a shell there mounts it at -- WSL's `/mnt/c`, Cygwin's `/cygdrive/c`, Git Bash's (MSYS) `/c`, macOS's
# `/Volumes/NAME` (the boot volume among them) and its data volume `/System/Volumes/Data` -- is a root of its
# own, as `C:\` is; and the folder holding the drives (`/mnt`, `/cygdrive`, `/Volumes`, or a pattern over its
# children) is every one of them, as `/home` is every home.
_MOUNT_FOLDER_NAMES = ("mnt", "cygdrive", "Volumes")
_MOUNT_FOLDERS = frozenset(_MOUNT_FOLDER_NAMES)


def _mount_rest(parts: list[str]) -> list[str] | None:
    """The components of ``parts`` below the volume root it is under (per _MOUNT_FOLDERS), else None."""
    first = parts[0]
    if len(first) == 1 and first.isalpha():
        return parts[1:]  # Git Bash: /c/...
    if first in _MOUNT_FOLDERS and len(parts) > 1:
        drive = parts[1]
        if first == "Volumes" or (len(drive) == 1 and drive.isalpha()):
            return parts[2:]
    if parts[:3] == ["System", "Volumes", "Data"]:
        return parts[3:]
    return None


def lands_on_a_volume(word: str, dirs: frozenset[str], values: Values = _NO_VALUES) -> bool:
    """Off the sandbox: whether some reading of ``word`` is a volume's root (or a home or a pattern over their
    children on it) spelled as where a POSIX shell mounts it, or the folder of the volumes -- or a home in
    another case (Windows and macOS find names whatever their case: `C:\\USERS\\me`, `/users/me`)."""
    for parts in resolve(word, dirs, values):
        if not parts:
            continue
        folded = _case_folded(parts)
        if folded is not parts and _root_like(folded):
            return True
        if folded[0] in _MOUNT_FOLDERS and (
            len(folded) == 1 or (len(folded) == 2 and any(c in _GLOB for c in folded[1]))
        ):
            return True
        rest = _mount_rest(folded)
        if rest is not None and (not rest or (rest[0] != _HOME_PART and _root_like(_case_folded(rest)))):
            return True
    return False


def _case_folded(parts: list[str]) -> list[str]:
    """``parts`` with its first components (up to three: `/System/Volumes/Data`) in the case the floor's tables
    write them, where they are one of those names in another case -- else ``parts`` itself."""
    out: list[str] | None = None
    for k in range(min(3, len(parts))):
        part = parts[k]
        name = _FOLDED_NAMES.get(part.lower())
        if name is None:
            break
        if name != part:
            if out is None:
                out = list(parts)
            out[k] = name
    return parts if out is None else out


# red team, R4.6: the home folder spelled as the absolute path it is -- root's `/root`, a user's
# `/home/NAME` (`/Users/NAME` on a developer's Mac) -- and the folder holding every user's (`/home`).
# Which user runs the command is not known: every home folder counts (deny more).
_HOMES_UNDER_NAMES = ("root", "home", "Users")
_HOMES_UNDER = frozenset(_HOMES_UNDER_NAMES)
# The names of the floor's folders as written in its tables, by their case-folded spelling (_case_folded).
_FOLDED_NAMES = {
    name.lower(): name
    for name in (
        *_HOMES_UNDER_NAMES,
        *_MOUNT_FOLDER_NAMES,
        "System",
        "Data",
        *(part for prefix, _ in _DEEPER_HOMES for part in prefix),
    )
}


def _spells_a_home(parts: list[str]) -> bool:
    """``parts`` (an absolute path's components) is a home folder, the folder of all of them, or a pattern
    over a home folder's children (``/root/*``, ``/home/me/.*``, ``/home/*``)."""
    n = len(parts)
    last_is_pattern = any(c in _GLOB for c in parts[-1])
    if parts[0] == "root":
        return n == 1 or (n == 2 and last_is_pattern)
    return n <= 2 or (n == 3 and last_is_pattern)


def _change(words: tuple[str, ...], windows: bool = False) -> tuple[str, str | None] | None:
    """(verb, target) when the segment changes the shell's directory; target None for bare ``cd``/``popd``,
    ``-`` for ``cd -``. ``windows``: also cmd's and PowerShell's spellings (``CD /D C:\\``, ``Set-Location``)."""
    k = 0
    n = len(words)
    while k < n and (
        words[k] in _CD_WRAPPERS or words[k].partition("=")[0].isidentifier() and "=" in words[k]
    ):
        k += 1
    if k >= n:
        return None
    if words[k] not in _CHANGERS:
        if windows and words[k].lower() in _WINDOWS_CHANGERS:
            return _windows_change(words[k:])
        return None
    verb = words[k]
    args = [w for w in words[k + 1 :] if w not in _CD_OPTIONS and not (windows and w in ("/d", "/D"))]
    if args and args[0] == "--":
        args = args[1:]
    if verb == "popd":
        return verb, "+" if args else None  # `popd +N`, `popd -n`: the stack's order decides
    if verb == "pushd" and args and args[0][:1] in "+-":
        if args[0] == "-n" and len(args) > 1:
            return "pushd -n", args[1]  # onto the stack, no move
        return verb, "+"  # `pushd +N`: the stack rotated
    if not args:
        return verb, None  # bare `cd` ($HOME), bare `pushd` (the top two swapped)
    return verb, args[0]


# cmd and PowerShell (case-insensitive): `cd`, `chdir`, `pushd`, `Set-Location` and its aliases.
_WINDOWS_CHANGERS = frozenset({"cd", "chdir", "pushd", "set-location", "sl", "push-location"})


def _windows_change(words: tuple[str, ...]) -> tuple[str, str | None]:
    """``CD /D C:\\``, ``Set-Location -Path C:\\``: the first word that is no switch (``/D``, ``-Path``)."""
    for w in words[1:]:
        if not (w[:1] == "-" and len(w) > 1) and w.lower() != "/d":
            return "cd", w
    return "cd", None


def _targets(
    verb: str,
    target: str | None,
    dirs: frozenset[str],
    prev: frozenset[str],
    cdpath: bool,
    values: Values,
    windows: str | None = None,
) -> frozenset[str]:
    if target is None:
        target = "~"
    if target == "-":
        return prev or frozenset({UNKNOWN})
    found: set[str] = set()
    if windows is not None and target:
        for spelt in eaten_separators(target, windows):  # `cd C:\\Users\\me` there, `cd C:Usersme` here
            found.update("/" + "/".join(parts) for parts in resolve(_as_posix(spelt, windows), dirs, values))
        target = _as_posix(target, windows)
    for parts in resolve(target, dirs, values):
        found.add("/" + "/".join(parts))
    if cdpath and target[:1] not in ("/", ".", "~", "$"):
        found.add("/" + "/".join(_parts(target)))  # CDPATH=/ makes `cd usr` go to /usr
    return frozenset(found)


def _printed_targets(
    segments: Sequence[Segment],
    i: int,
    change: tuple[str, str | None],
    dirs: frozenset[str],
    prev: frozenset[str],
    cdpath: bool,
    values: Values,
    windows: str | None,
) -> frozenset[str]:
    """R4.6, R4.10, red team: where a `cd` to a command substitution goes when a literal reading knows what it prints
    (`cd "$(echo /)" && rm -rf *`, `cd "$(git rev-parse --show-toplevel)/.." && cat app/.env`): each target it may
    print (the unknown one stays too)."""
    printed = _substitutions_print(segments, i, dirs, None)
    found: set[str] = set()
    for target in _filled_in([change[1] or ""], printed):
        found.update(_targets(change[0], target, dirs, prev, cdpath, values, windows))
    return frozenset(found)


def cwd_sets(
    segments: Sequence[Segment],
    command: str,
    start: str,
    *,
    floor: bool,
    values: Values = _NO_VALUES,
    windows: bool = False,
) -> list[frozenset[str]] | None:
    """The directories each segment may run in, and one more: where the command may end; or None when no
    segment changes directory (each runs in ``start``). ``floor``: read for the floor (CDPATH counts, past _MAX_DIRS the root is added). ``windows``:
    the command may run on Windows (Windows places, cmd's and PowerShell's directory changers)."""
    for seg in segments:
        words = seg.words
        if words and (
            words[0] in _MAY_CHANGE
            or ("=" in words[0] and _change(words) is not None)
            or (windows and words[0][:1] in "scpSCP" and words[0].lower() in LOCATION_MOVERS)
        ):
            break
    else:
        return None  # the common case: nothing changes directory
    key = (command, start, floor, windows)
    if not values and len(command) <= _MEMO_CHARS:
        hit = _MEMO.get(key)
        if hit is not None:
            return hit
    found = _cwd_sets(segments, command, start, floor, values, command if windows else None)
    if not values and len(command) <= _MEMO_CHARS:
        _MEMO.keep(key, found)
    return found


# Agents repeat their commands: where each segment runs depends on the text and where it starts only.
_MEMO_MAX = 2048
_MEMO: Memo[tuple[str, str, bool, bool], list[frozenset[str]]] = Memo(_MEMO_MAX)
_MEMO_CHARS = 4096


def _cwd_sets(
    segments: Sequence[Segment], command: str, start: str, floor: bool, values: Values, windows: str | None
) -> list[frozenset[str]]:
    joins = joiners(segments, command)
    begin = frozenset({start})
    cdpath = floor and "CDPATH" in command
    # bash's DIRSTACK array is the stack itself: an assignment to it (`DIRSTACK[1]=/`) may put anything there.
    rewritten = frozenset({"/" if floor else UNKNOWN}) if "DIRSTACK" in command else frozenset()
    if _REPEATS.search(command) is None:
        # (the stack is made at the first `pushd`/`popd`: most commands have none)
        stack = _Stack(floor, exact=False, ever=rewritten) if rewritten else None
        return _pass(segments, joins, begin, cdpath, floor, values, windows, stack)[0]
    # A loop's body may run after itself: its `popd` may take what a `pushd` later in the text put there.
    stack = _Stack(floor, exact=False, ever=rewritten)
    passes = max(2, min(_MAX_PASSES, _PASS_BUDGET // max(1, len(segments))))
    result, end = _pass(segments, joins, begin, cdpath, floor, values, windows, stack)
    for _ in range(passes):
        grown = begin | end
        if grown == begin and stack.ever == stack.before:
            break
        begin = _cap(grown, floor)
        stack = _Stack(floor, exact=False, ever=stack.ever)
        result, end = _pass(segments, joins, begin, cdpath, floor, values, windows, stack)
    return result


_STACK_VERBS = frozenset({"pushd", "popd", "pushd -n", "Pop-Location"})
_NARROWERS = frozenset({"cd", "pushd", "popd"})  # as the segment's first word, `X &&` narrows the chain to X


class _Stack:
    """bash's directory stack (``pushd``, ``popd``, ``dirs``) as far as the command itself shows it.

    ``exact``: the entries are the stack's, top last, above the shell's own (which is not known: a ``popd``
    past what the command pushed goes somewhere unknown). Once a ``pushd``/``popd`` may have failed (not in a
    ``&&`` chain, or the chain ended), or the stack was rotated or pushed under its top, a ``popd`` may go to
    any directory ever put on it (``ever``) or to the shell's own entries."""

    __slots__ = ("before", "entries", "ever", "exact", "floor")

    def __init__(self, floor: bool, exact: bool = True, ever: frozenset[str] = frozenset()) -> None:
        self.floor = floor
        self.exact = exact
        self.entries: list[frozenset[str]] = []
        self.before = ever
        self.ever = ever

    def _push(self, dirs: frozenset[str]) -> None:
        self.entries.append(dirs)
        self.ever = _cap(self.ever | dirs, self.floor)

    def move(
        self,
        verb: str,
        target: str | None,
        cur: frozenset[str],
        prev: frozenset[str],
        cdpath: bool,
        values: Values,
        windows: str | None,
    ) -> frozenset[str]:
        """Where ``verb`` (``pushd``, ``popd``, ``pushd -n``; ``target`` as permissions.where._change reads
        it) leaves the command, the stack updated."""
        if verb == "pushd -n":
            self._push(_targets("cd", target, cur, prev, cdpath, values, windows))
            self.exact = False  # under the top: the next `popd` takes it, which the order alone tells
            return cur
        if verb == "pushd" and target is not None and target != "+":
            new = _targets("cd", target, cur, prev, cdpath, values, windows)
            self._push(cur)
            return new
        # bare `popd`, bare `pushd` (the top two swapped), `pushd +N`, `popd +N`/`-n`: from the stack
        if self.exact and self.entries and target is None:
            top = self.entries.pop()
            if verb == "pushd":
                self._push(cur)
            return top
        if verb == "Pop-Location" and target is None:
            # SPEC §5: each command starts in a new PowerShell, whose stack is empty: past what the command
            # pushed, Pop-Location stays where it is
            if self.exact:
                return cur
            return _cap(self.ever | cur, self.floor)
        self.exact = False
        anywhere = self.ever | _UNKNOWN_DIRS
        if verb == "pushd":
            self._push(cur)
        return _cap(anywhere if target is None else anywhere | cur, self.floor)


_UNKNOWN_DIRS = frozenset({UNKNOWN})
# A target no word names (`$(…)` resolves to UNKNOWN: somewhere at least one level down)
_UNKNOWN_TARGET = "$(…)"


def powershell_mover(first: str) -> bool:
    """Whether a segment led by ``first`` moves as PowerShell and cmd read it, not as bash's own `cd`, `pushd`
    and `popd` (as written) do: `Set-Location`, `sl`, `Push-Location`, `Pop-Location`, `chdir`, `CD`."""
    return first not in _CHANGERS and first.lower() in LOCATION_MOVERS


def _powershell_change(text: str) -> tuple[str, str | None] | None:
    """For the path scope (R6.2, SPEC §5): a PowerShell or cmd move as permissions.commands.windows.windows_moves
    reads the segment's text (a backslash separates folders there), as (verb, target) the way _change gives it.
    A move to a place known only when it runs (a drive, a provider, a share, a variable, `-`, a named stack,
    more than one operand) is to somewhere unknown; a `Pop-Location` with a parameter (`-StackName`), to anything
    ever pushed or somewhere unknown."""
    how, target = windows_moves(text)
    if not how:
        return None
    if how == POPS:
        return "Pop-Location", None if target == "" else "+"
    if how == MOVES:
        return "cd", _UNKNOWN_TARGET if target is None else target
    return "pushd", "+" if target is None else target


def _cap(dirs: frozenset[str], floor: bool) -> frozenset[str]:
    """At most _MAX_DIRS folders: the nearest known ones kept (red team: sorted as text, the folders past an unknown
    one came first, and a loop's `cd $d` left the real `secrets` out: `for d in secrets; do cd $d && cat prod.json;
    done`), and the root for the floor (deny more) or an unknown folder."""
    if len(dirs) <= _MAX_DIRS:
        return dirs
    return frozenset((*nearest(dirs, _MAX_DIRS - 1), "/" if floor else UNKNOWN))


def nearest(dirs: Iterable[str], count: int) -> tuple[str, ...]:
    """At most ``count`` of ``dirs``: the known ones first, the nearest (shortest) first."""
    return tuple(sorted(dirs, key=lambda d: (d.startswith(UNKNOWN), len(d), d))[:count])


def _pass(
    segments: Sequence[Segment],
    joins: list[str | None],
    begin: frozenset[str],
    cdpath: bool,
    floor: bool,
    values: Values,
    windows: str | None,
    stack: _Stack | None,
) -> tuple[list[frozenset[str]], frozenset[str]]:
    cur = begin
    seen = set(begin)
    prev: frozenset[str] = frozenset()  # where `cd -` goes (OLDPWD); empty: the shell's own, not known
    out: list[frozenset[str]] = []
    before: str | None = ";"  # the operator before the segment (the start reads as after `;`)
    # A `cd X &&` narrows where its `&&` chain runs to X; past the chain (`;`, a new line, `&`) the command goes
    # on whether the `cd` failed or not, so what it narrowed away is where it may be again (and OLDPWD what it was).
    widen: frozenset[str] = frozenset()
    widen_prev: frozenset[str] = frozenset()
    for i, seg in enumerate(segments):
        if widen and i and segments[i - 1].hidden and not seg.hidden:
            # after a subshell or a group in the chain (`cd /x && (make); rm …`): the operator after it is not
            # read, so the chain may have ended there
            cur = _cap(cur | widen, floor)
            prev = _cap(prev | widen_prev, floor)
            widen = widen_prev = frozenset()
            if stack is not None:
                stack.exact = False
        out.append(cur)
        join = joins[i]
        if windows is not None and not floor and seg.words and powershell_mover(seg.words[0]):
            change = _powershell_change(seg.text)
        else:
            change = _change(seg.words, windows is not None) if seg.words else None
        if change is not None:
            if change[0] in _STACK_VERBS:
                if stack is None:
                    stack = _Stack(floor)  # nothing pushed before: what the command pushes is all it holds
                new = stack.move(change[0], change[1], cur, prev, cdpath, values, windows)
            else:
                new = _targets(change[0], change[1], cur, prev, cdpath, values, windows)
                if change[1] and ("$(…)" in change[1] or "`…`" in change[1]):
                    new |= _printed_targets(segments, i, change, cur, prev, cdpath, values, windows)
            lead = seg.text.split(None, 1)[0]
            narrows = (
                not seg.hidden
                and join == "&&"
                and before in (";", "&&", "&", "\n", ";;", ";&")
                and (lead in _NARROWERS or (windows is not None and not floor and powershell_mover(lead)))
            )
            if not narrows and stack is not None:
                stack.exact = False  # it may fail: the stack may be as it was
            old_prev = prev or _UNKNOWN_DIRS
            if narrows:
                widen |= cur
                widen_prev |= old_prev
                prev = cur
                cur = new
            else:  # it may fail: OLDPWD may be what it was
                prev = _cap(old_prev | cur, floor)
                cur = _cap(cur | new, floor)
        if not seg.hidden:
            if join is None or join == "||":
                cur = _cap(cur | seen, floor)  # the next runs after a failure, or where is not plain
            if join != "&&" and widen:
                cur = _cap(cur | widen, floor)  # the chain ended: its `cd` may have failed
                prev = _cap(prev | widen_prev, floor)
                widen = widen_prev = frozenset()
                if stack is not None:
                    stack.exact = False  # and a `pushd`/`popd` in it too
            before = join
        seen.update(cur)
    out.append(cur)  # where the command ends (the scope reads a last `cd -` by it)
    return out, frozenset(seen)


# -- the floor: where a deletion lands (R4.6) ----------------------------------------------------------------
# red team: the programs that read shell commands of their own language from their input (`echo '!rm -rf /' | ed`,
# `ed < <(echo …)`, `echo '!…' > s.ed && ed < s.ed`): what they are fed is read as those commands (_fed_views)
_ESCAPING = frozenset(FED_ESCAPES)
_DELETERS = (
    FLOOR_VERBS | {"xargs", "git", "rsync"} | frozenset(REMOVERS) | CODE_FLOOR_VERBS | SHELLS | _ESCAPING
)
_WINDOWS_AND_POSIX = _DELETERS | frozenset(WINDOWS_DELETERS)
# Options that set the directory of the command a wrapper runs: `env -C DIR`, `sudo -D DIR`, `run0 --chdir`.
_CHDIR_SHORT = ("-C", "-D")
_CHDIR_LONG = "--chdir"


def _chdir_long(name: str) -> bool:
    """`--chdir` or an abbreviation getopt takes for it (red team: `env --chd /`, `sudo --chd=/`; deny more:
    `--c`, which only env reads so), and unshare's and nsenter's `--wd`."""
    return name == "--wd" or (len(name) > 2 and _CHDIR_LONG.startswith(name))


# R4.10, red team: the programs that print where the checkout (or its package) starts -- the folder the command
# starts in, as Brabo's projects are checkouts (`cat "$(git rev-parse --show-toplevel)/.env"` reads `.env`,
# `cat "$(git rev-parse --show-cdup).env"` too at the top) -- by the option or subcommand that makes them print
# it, and the name they print under it ("" the folder itself). (`dirs`: the directory stack, the folder the
# command started in among it: `pushd /tmp && cat "$(dirs +1)/.env"`.) A package manager's global folders
# (`npm prefix -g`) are not the project's.
_TOP_PRINTERS = frozenset({"pwd", "git", "hg", "sl", "jj", "npm", "pnpm", "yarn", "bun", "dirs", "pipenv"})
# (permissions.scope reads the same options as printing an absolute place, `--git-path` too)
GIT_TOPS = {
    "--show-toplevel": "",
    "--show-superproject-working-tree": "",
    "--git-dir": ".git",
    "--absolute-git-dir": ".git",
    "--git-common-dir": ".git",
}
_GIT_RELATIVE_TOPS = frozenset({"--show-cdup", "--show-prefix"})  # (relative: "" at the top)
_PACKAGE_TOPS = {"prefix": "", "root": "node_modules", "bin": "node_modules/.bin"}
_GLOBAL = frozenset({"-g", "--global", "--location=global", "-w", "--workspace-root"})


def _tops(words: tuple[str, ...], verb: str, dirs: frozenset[str]) -> list[str]:
    """What a _TOP_PRINTERS command prints of the folder the command starts in (read from ``dirs``), [] for any
    other of its commands."""
    if verb in ("pwd", "dirs"):
        return list(dirs)
    under: str | None = None
    rest = [w for w in words[1:] if not w.startswith("-")]
    if verb == "git":
        if "rev-parse" not in words:
            return []
        named = [w for w in rest if ":" in w]
        if (
            named
        ):  # `git rev-parse HEAD:.env`: that object's id, read as the object itself (`git show $(...)`)
            return named
        if any(w in _GIT_RELATIVE_TOPS for w in words):
            return [""]
        under = next((GIT_TOPS[w.partition("=")[0]] for w in words if w.partition("=")[0] in GIT_TOPS), None)
    elif verb in ("hg", "sl", "jj"):
        under = "" if rest[-1:] == ["root"] else None  # `hg root`, `jj root`, `jj workspace root`
    elif verb == "pipenv":
        under = "" if "--where" in words else None
    elif rest and not any(w in _GLOBAL for w in words):
        under = _PACKAGE_TOPS.get(rest[0])  # `npm prefix`, `pnpm root`, `npm bin`
    if under is None:
        return []
    return [d.rstrip("/") + "/" + under if under else d for d in dirs]


# What a command prints that xargs then hands on as operands (R4.6: `echo / | xargs rm -rf`).
_PRINTS_OPERANDS = frozenset({"echo", "printf", "dirname", "realpath", "readlink", "ls", "basename"})


def _find_starts(view: tuple[str, ...]) -> tuple[list[str], bool]:
    """find's starting points, and whether it deletes (``-delete``, or ``-exec``/``-execdir`` rm)."""
    starts: list[str] = []
    rest: tuple[str, ...] = ()
    for k, w in enumerate(view[1:], 1):
        if w == "--" and not starts:
            continue  # `find -- / -delete`
        if w[:1] in ("-", "(", "!") and w not in ("-H", "-L", "-P") and not w.startswith(("-D", "-O")):
            rest = view[k:]
            break
        starts.append(w)
    if not starts:
        starts = ["."]  # GNU find: the working directory
    return starts, find_exec_deletes(rest)


def execdir_folders(words: tuple[str, ...], dirs: frozenset[str]) -> frozenset[str]:
    """R4.10: the folders a find's `-execdir`/`-okdir` commands may run in -- each found file's own, its start
    folders for what it finds right inside them (`find src -name x -execdir cat ../.env \\;` reads `.env`), read
    from ``dirs``; deeper ones are not known. Empty for a find running none."""
    if "-execdir" not in words and "-okdir" not in words:
        return frozenset()
    found: set[str] = set()
    for start in _find_starts(words)[0]:
        for parts in resolve(start, dirs):
            found.add("/" + "/".join(parts))
    return frozenset(found)


def _printed(words: tuple[str, ...], dirs: frozenset[str]) -> list[str]:
    """The operands a command prints for the next command's xargs (a literal reading; more is safe)."""
    verb = words[0].rpartition("/")[2]
    args = [w for w in words[1:] if not (w.startswith("-") and len(w) > 1)]
    if verb in _TOP_PRINTERS:  # (`pwd` among them)
        return _tops(words, verb, dirs)
    if verb == "find":
        return _find_starts(words)[0]
    if verb == "ls":
        if not any(w.startswith("-") and "d" in w for w in words[1:]):
            # red team: the names of a folder's children, bare: each is read where the next command runs, so
            # they are a pattern over its directory's children (`cd / && ls | xargs rm -rf`)
            return ["*"]
        if not args:
            return ["."]  # `ls -d`
    if verb == "getent":
        return ["~"] if "passwd" in words else []  # a user's line, the home folder in it (`| cut -d: -f6`)
    if verb not in _PRINTS_OPERANDS:
        return (
            _code_printed(words, verb)
            if verb in CODE_FLOOR_VERBS or verb in AWKS
            else _printed_more(words, verb, dirs)
        )
    if verb == "dirname":
        return [a.rstrip("/").rpartition("/")[0] or "/" for a in args]
    if verb == "basename":
        return [b for b in map(_basename, args) if b]
    if verb in ("realpath", "readlink"):
        # a relative operand is read from where the substitution runs (`$(cd / && realpath .)`)
        return [
            a if a[:1] in _NOT_RELATIVE else d + "/" + a for a in args for d in sorted(dirs)[:_MAX_CODE_DIRS]
        ]
    out: list[str] = []
    for a in args:
        if "\\" in a:
            a = _ESCAPE.sub(_unescaped, a)  # printf's (echo -e's) octal and hex escapes: `/` spelled so
        for sep in ("\\n", "\\0", "\\t", "\\x00", "\n", "\t", "\x00"):
            a = a.replace(sep, " ")
        out.extend(a.replace("'", " ").replace('"', " ").split())
    if verb == "printf" and args and "%" in args[0]:
        out.extend(printf_formatted(args).split())  # red team: `printf %c /etc`, `printf '/%.0s' x`
    return out


def _printed_more(words: tuple[str, ...], verb: str, dirs: frozenset[str]) -> list[str]:
    """R4.6, red team: what jq prints of its filter (`jq -rn '"/"'`, `env.HOME`: permissions.commands.fed_code), the
    variables of the environment `printenv NAME` prints (`$NAME`, read with the command's values), what a command
    behind a wrapper prints (`$(command printf %s /)`, `$(sudo echo ~)`, `env echo / | xargs rm -rf`)."""
    if verb in PEELED_VERBS and len(words) > 1:
        return [p for v in views(words) if v and v[0] != words[0] for p in _printed(v, dirs)][:_MAX_READINGS]
    if verb in _JQS:
        return jq_prints(words)
    if verb == "printenv":
        return ["$" + w for w in words[1:] if w.isidentifier()]
    return []


def _basename(word: str) -> str:
    """What `basename WORD` prints for a literal word (`/` for `/` and `//`); "" when a variable, a substitution or
    `~` leads it (what it prints is not known)."""
    if word[:1] in ("$", "`", "~"):
        return ""
    path = word.rstrip("/")
    return path.rpartition("/")[2] if path else word[:1]


_NOT_RELATIVE = frozenset("/~$`")


def _code_printed(words: tuple[str, ...], verb: str) -> list[str]:
    """R4.6, red team: the literals inline code (`python3 -c 'print("/")'`, node's `-p '"/"'`: its value) or an awk
    program prints."""
    if verb in AWKS:
        codes = [_awk_assigned(words) + words[k] for k in program_words(words)]
    else:
        found = inline_program(words)
        codes = found[1] if found is not None else []
        if found is not None and found[0] in _JS_PRINTS and any(w in _PRINT_OPTIONS for w in words):
            codes = [f"console.log({code})" for code in codes]  # `node -p EXPR` prints its value
        if found is not None and found[2]:
            return [p for code in codes for p in code_prints(code, found[2])]  # `print(sys.argv[1])` /
    return [p for code in codes for p in code_prints(code)]


def _awk_assigned(words: tuple[str, ...]) -> str:
    """awk's `-v NAME=VALUE` (`-vNAME=…`, `--assign`) as the code's own assignments (`NAME = "VALUE";`), so what the
    program prints of NAME is read as the literal it is (`awk -v d=/ 'BEGIN{print d}'`); "" for none."""
    out = ""
    for k, w in enumerate(words[:-1]):
        given = words[k + 1] if w in ("-v", "--assign") else w[2:] if w[:2] == "-v" else ""
        name, eq, value = given.partition("=")
        if eq and name.isidentifier() and '"' not in value and "\\" not in value:
            out += f'{name} = "{value}";\n'
    return out


_JS_PRINTS = frozenset({"node", "nodejs", "bun"})
_PRINT_OPTIONS = frozenset({"-p", "--print", "-pe", "-ep"})


_ESCAPE = re.compile(r"\\(0[0-7]{0,3}|[1-7][0-7]{0,2}|x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8})")


def _unescaped(m: re.Match[str]) -> str:
    """One escape printf (and echo -e, dash's echo) prints as a character: octal, ``\\xHH``, ``\\uHHHH``."""
    code = m.group(1)
    try:
        return chr(int(code[1:], 16) if code[0] in "xuU" else int(code, 8))
    except (ValueError, OverflowError):
        return m.group(0)


def _xargs_replace(words: tuple[str, ...]) -> list[str]:
    """xargs's replace strings (`-I R`, `-IR`, `-i`, `--replace[=R]`), `{}` always included."""
    found = ["{}"]
    for k, w in enumerate(words):
        if w == "-I" and k + 1 < len(words):
            found.append(words[k + 1])
        elif w.startswith("-I") and len(w) > 2:
            found.append(w[2:])
        elif w.startswith("--replace="):
            found.append(w[len("--replace=") :])
    return [r for r in found if r]


# The wrappers that run their command in a folder an option names (`env -C DIR`, `sudo -D DIR`, `run0 --chdir`).
CHDIR_WRAPPERS = frozenset({"env", "sudo", "run0", "unshare", "nsenter", "doas"})


def wrapper_chdirs(words: tuple[str, ...], dirs: frozenset[str]) -> frozenset[str]:
    """The folders a CHDIR_WRAPPERS segment's option runs its command in, read from ``dirs`` (none: empty)."""
    return _chdirs(words, dirs, _NO_VALUES) if words[:1] and words[0] in CHDIR_WRAPPERS else frozenset()


def _chdirs(words: tuple[str, ...], dirs: frozenset[str], values: Values) -> frozenset[str]:
    """Directories a wrapper's option sets for the command it runs (`env -C /`, `sudo --chdir=/`)."""
    extra: set[str] = set()
    for k, w in enumerate(words):
        value = None
        name, eq, attached = w.partition("=")
        if w in _CHDIR_SHORT or _chdir_long(w):
            value = words[k + 1] if k + 1 < len(words) else None
        elif eq and _chdir_long(name):
            value = attached
        elif w[:2] in _CHDIR_SHORT and len(w) > 2:
            value = w[2:]
        if value:
            for parts in resolve(value, dirs, values):
                extra.add("/" + "/".join(parts))
    return frozenset(extra)


# `for NAME in LIST; do` (the reader drops the header: its words are read here, for the floor and the scope).
# `do` is followed by a blank it does not take: a loop nested right after it (`do for d in /; do`) matches too.
FOR_HEADER = re.compile(
    r"(?:^|[\s;&|(])for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([^;\n]{0,500})[;\n]\s*do(?=\s)"
)
_ASSIGNED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=(.*)", re.S)  # (`arr[0]=/` too)
# R4.6, red team: an array given its values in the text (`arr=(/ /tmp)`, `arr+=(~)`, `declare -a arr=(/)`): the
# reader stops at the parenthesis (R4.9: unparseable), and the words are read here (every one for every element:
# deny more).
_ARRAY = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*+)\+?=\(([^()]{0,500})\)")
# A function the command defines (`f() {`, `function f {`): a call of it gives its positional parameters values.
_FUNCTION = re.compile(
    r"(?:^|[\s;&|(){}])(?:function\s++([A-Za-z_][\w.:-]*+)|([A-Za-z_][\w.:-]*+)\s*+\(\s*+\))"
)
_READERS = frozenset({"read", "mapfile", "readarray"})
_POSITIONAL_NAMES = ["@", "*", *map(str, range(10))]
_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "ash", "mksh", "yash", "busybox"})


def _values(
    segments: Sequence[Segment], command: str, joins: list[str | None] | None, start: str
) -> dict[str, frozenset[str]]:
    """Literal values the command gives variables (deny more: every one counts, wherever it is given):
    assignments anywhere in a segment (``d=/``, ``export HOME=/``, ``env HOME=/ ...``), the words of a
    ``for`` list, and what a command piped into ``read`` prints. ``joins``: joiners(segments, command), or None
    to have it read here when a `read` needs it (most commands have none)."""
    found: dict[str, set[str]] = {}
    single = frozenset({start})
    printing = "$(" in command or "`" in command or "printf" in command  # (what _printed_values reads)
    for i, seg in enumerate(segments):
        words = seg.words
        for w in words:
            if "=" in w:
                m = _ASSIGNED.fullmatch(w)
                if m is not None:
                    found.setdefault(m.group(1), set()).add(m.group(2))
        if 2 < len(words) < 5 and words[1] == "=" and words[0][:1] == "$":
            _ps_assigned(words, found, command)  # PowerShell's `$d = 'C:\\'` (session 25)
        k = 0
        while k < len(words) and "=" in words[k]:
            k += 1
        if printing and (
            (i + 1 < len(segments) and segments[i + 1].hidden) or (k < len(words) and words[k] == "printf")
        ):
            _printed_values(segments, i, k, single, found, command)
        if k < len(words) and words[k] in _NAMEREFS:
            _nameref_values(words, k, found)  # `declare -n r=HOME`: `$r` is `$HOME`
        if k < len(words) and words[k] in _GIVERS:
            if words[k] not in _READERS:
                _positional_values(segments, i, k, single, found)
            else:
                if joins is None:
                    joins = joiners(segments, command)
                _read_values(segments, i, k, command, joins, single, found)
    if _TEXT_GIVES.search(command) is not None:
        _text_values(segments, command, single, found)
    return {name: frozenset(v) for name, v in found.items() if v}


def command_values(segments: Sequence[Segment], command: str, start: str) -> dict[str, frozenset[str]]:
    """The literal values the command gives variables (_values), for a reading outside the floor: decide's of the
    folders a segment runs in (`d=secrets; cd $d && cat prod.json`)."""
    return _values(segments, command, None, start)


_NAMEREFS = frozenset({"declare", "typeset", "local"})


def _ps_assigned(words: tuple[str, ...], found: dict[str, set[str]], command: str) -> None:
    """R4.6, session 25: PowerShell's assignment of one literal word (`$d = 'C:\\'`, `$h = $HOME`) or of the item a
    listing of one place gives (`$d = Get-Item ~`, `$d = gci C:\\`): a value of ``d`` (deny more: bash would run a
    command named by `$d`, and never auto-approves it) -- under every spelling of the name the command uses
    (PowerShell's names ignore case: `$D` is `$d`)."""
    name = words[0][1:]
    if len(words) == 3:
        value = words[2]
    elif words[2].lower() in _PS_ITEM_MAKERS:
        value = words[3]
    else:
        return
    if not (name.isidentifier() and value):
        return
    values = (value, _as_posix(value, value))  # (`C:\\` is a volume's root)
    lower = name.lower()
    for spelt in {name, *(m for m in _PS_NAMES(command) if m.lower() == lower)}:
        found.setdefault(spelt, set()).update(values)


# PowerShell's listings whose items a variable may hold (`$d = Get-Item ~; $d | Remove-Item -Recurse`), and the
# names of the variables a command uses (in any case).
_PS_ITEM_MAKERS = frozenset({"get-item", "gi", "resolve-path", "rvpa", "get-childitem", "gci", "ls", "dir"})
_PS_NAMES = re.compile(r"\$([A-Za-z_]\w*)").findall


def _nameref_values(words: tuple[str, ...], k: int, found: dict[str, set[str]]) -> None:
    """R4.6, red team: a name `declare -n` (`typeset -n`, `local -n`) makes a reference to another is that other
    variable (`declare -n r=HOME; rm -rf "$r"`): its value `$OTHER`, read with the command's values."""
    if not any(w[:1] == "-" and "n" in w[1:] for w in words[k + 1 :]):
        return
    for w in words[k + 1 :]:
        name, eq, other = w.partition("=")
        if eq and name.isidentifier() and other.isidentifier():
            found.setdefault(name, set()).add("$" + other)


# R4.6, red team: `$(…)` and `` `…` `` in a value are read by _printed_values; any other `$` there names a variable
_REF = re.compile(
    r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?:\[[^\]}]*\])?\}|([A-Za-z_][A-Za-z0-9_]*|[0-9@*]))"
)
_CHAIN_PASSES = 4
_CHAIN_BUDGET = 4096


def _chained(found: dict[str, set[str]]) -> None:
    """R4.6, red team: a value that starts with a variable the command gives values too (`a=/; b=$a`, `X=/ Y=$X`,
    `local d="$1"` in a function called with `/`) also has each of those values, a few links deep."""
    budget = _CHAIN_BUDGET  # (hostile input: thousands of `a=$b`; past it, what was found so far)
    for _ in range(_CHAIN_PASSES):
        grew = False
        for name, vals in found.items():
            for value in [v for v in vals if v[:1] == "$"][:_MAX_READINGS]:
                m = _REF.match(value)
                ref = None if m is None else m.group(1) or m.group(2)
                if m is None or ref is None or ref == name or ref not in found:
                    continue
                budget -= len(found[ref])
                if budget < 0:
                    return
                rest = value[m.end() :]
                for given in list(found[ref])[:_MAX_READINGS]:
                    if len(vals) < _MAX_READINGS and given + rest not in vals:
                        vals.add(given + rest)
                        grew = True
        if not grew:
            return


# The verbs whose segment gives variables values (_positional_values, _read_values).
_GIVERS = frozenset({"set"}) | _SHELLS | _READERS


def _functions(command: str) -> frozenset[str]:
    """The names of the functions the command defines (`f() {`, `function f {`)."""
    return frozenset(m.group(1) or m.group(2) for m in _FUNCTION.finditer(command[:_MAX_FOR_TEXT]))


def _positional_values(
    segments: Sequence[Segment], i: int, k: int, single: frozenset[str], found: dict[str, set[str]]
) -> None:
    """R4.6, red team: the values segment ``i`` gives the positional parameters (its ``words[k]`` is `set`, a shell,
    or a function the command defines): `set -- / ~` (`$1` is `/`, `$2` `~`, `$@` both), `f /`, `bash -c 'rm -rf
    "$1"' _ /` (`$0` is `_`); an argument a substitution fills in (`set -- $(echo /)`) is each word it may print."""
    words = segments[i].words
    verb = words[k]
    args: list[str] | None
    if verb == "set":
        args = _set_operands(words[k + 1 :])
    elif verb in _SHELLS:
        if len(words) < k + 4:
            return  # (`bash -c 'make'`: nothing after its script)
        args = _script_operands(words[k + 1 :])
    else:
        args = list(words[k + 1 :])
    if args is None:
        return
    first = 0 if verb in _SHELLS else 1  # (after `-c SCRIPT` the first is `$0`)
    printed: list[str] | None = None
    for n, arg in enumerate(args[:_MAX_READINGS], first):
        given = [arg]
        if _SUBSTITUTED[0] in arg or _SUBSTITUTED[1] in arg:
            if printed is None:
                printed = _substitutions_print(segments, i, single, None)
            given.extend(_filled_in([arg], printed))
        for name in ("@", "*", str(n)) if n else ("0",):
            found.setdefault(name, set()).update(given)


def _shifted(found: dict[str, set[str]]) -> None:
    """After a `shift` (`shift 2`), `$N` may be any later positional parameter the command gave a value."""
    given = sorted(int(name) for name in found if name.isdigit() and name != "0")
    for k, n in enumerate(given):
        for later in given[k + 1 :]:
            found[str(n)].update(found[str(later)])


def _set_operands(rest: tuple[str, ...]) -> list[str] | None:
    """`set`'s operands, which become the positional parameters (None: it sets none -- `set -e`, `set -o x`)."""
    k = 0
    while k < len(rest) and rest[k][:1] in ("-", "+"):
        if rest[k] in ("--", "-"):
            return list(rest[k + 1 :])
        k += 2 if rest[k] in ("-o", "+o") else 1
    return list(rest[k:]) if k < len(rest) else None


def _script_operands(rest: tuple[str, ...]) -> list[str] | None:
    """The operands after a shell's `-c SCRIPT` (`$0`, `$1`, ...), or None when no `-c` is given."""
    k = 0
    code = False
    while k < len(rest) and rest[k][:1] in ("-", "+") and rest[k] != "--":
        code = code or (rest[k][:1] == "-" and "c" in rest[k])
        k += 2 if rest[k] in ("-o", "+o", "-O", "+O") else 1
    if rest[k : k + 1] == ("--",):
        k += 1
    return list(rest[k + 1 :]) if code and k < len(rest) else None


_MAX_FOR_TEXT = 100_000


def _read_values(
    segments: Sequence[Segment],
    i: int,
    k: int,
    command: str,
    joins: list[str | None],
    single: frozenset[str],
    found: dict[str, set[str]],
) -> None:
    """What a command piped into `read` (`mapfile`, `readarray`: ``segments[i].words[k]``) prints, or a here-string
    gives it, as the values of the names it reads; into `xargs` running a shell's script (`echo / | xargs sh -c
    'rm -rf "$@"' _`), as the script's positional parameters."""
    words = segments[i].words
    names = _POSITIONAL_NAMES if words[k] == "xargs" else [w for w in words[k + 1 :] if w.isidentifier()]
    printed: list[str] = []
    j = i - 1
    while j >= 0 and joins[j] in ("|", "|&", None):
        if segments[j].words:
            printed.extend(_printed(segments[j].words, single))
        if joins[j] is None and not segments[j].hidden:
            break
        j -= 1
    printed.extend(here_strings(command))  # given to `read` or to its loop (`done <<< /`)
    if "<<" in command.replace("<<<", "") or "<(…)" in segments[i].redirects:
        # red team: a here-document (`read -r d <<EOF`), a process substitution (`read d < <(echo /)`)
        printed.extend(_read_fed(segments, i, single, command))
    for name in names:
        found.setdefault(name, set()).update(printed)


def _read_fed(segments: Sequence[Segment], i: int, single: frozenset[str], command: str) -> list[str]:
    """The words `read` (segment ``i``) may be given by a here-document of the command's (loosely: any) or by the
    process substitution it reads from (what its commands print)."""
    out: list[str] = []
    for text in here_doc_texts(command):
        out.extend(text.replace("'", " ").replace('"', " ").split()[:_MAX_READINGS])
    if "<(…)" in segments[i].redirects:
        out.extend(_substitutions_print(segments, i, single, None, command))
    return out[:_MAX_READINGS]


_DEFAULTED = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*+):?=([^}]{0,200})\}")
# What _text_values may find something in: an array, a function, a variable's value.
_TEXT_GIVES = re.compile(r"for|=\(|\(\s*\)|\bfunction\s|\$[\w{@*]")


def _text_values(
    segments: Sequence[Segment], command: str, single: frozenset[str], found: dict[str, set[str]]
) -> None:
    """R4.6, red team: the values the text gives that the reader's words do not show -- a `for` list, an array's
    words, the arguments of a call of a function the command defines, what is piped into xargs running a shell's
    script --, then the values of variables given another's value (_chained)."""
    if "for" in command and len(command) <= _MAX_FOR_TEXT:
        for m in FOR_HEADER.finditer(command):
            listed = m.group(2).replace("'", " ").replace('"', " ").split()
            found.setdefault(m.group(1), set()).update(listed)
    _called_values(segments, command, single, found)
    if ":=" in command or "${" in command:
        for m in _DEFAULTED.finditer(command, 0, _MAX_FOR_TEXT):
            found.setdefault(m.group(1), set()).add(m.group(2))  # `: ${x:=/}` gives x its default
    if "1" in found and "shift" in command:
        _shifted(found)
    if found and "$" in command:
        _chained(found)


def _called_values(
    segments: Sequence[Segment], command: str, single: frozenset[str], found: dict[str, set[str]]
) -> None:
    """The positional parameters a call of a function the command defines gives (`f /`), the words of an array
    (`arr=(/ x)`), and what is piped into xargs running a shell's script (`echo / | xargs sh -c 'rm -rf "$@"' _`)."""
    if _FUNCTION.search(command, 0, _MAX_FOR_TEXT) is not None:
        functions = _functions(command)
        for i, seg in enumerate(segments):
            if seg.words and seg.words[0] in functions:
                _positional_values(segments, i, 0, single, found)
    if "=(" in command and len(command) <= _MAX_FOR_TEXT:
        for m in _ARRAY.finditer(command):
            found.setdefault(m.group(1), set()).update(m.group(2).replace("'", " ").replace('"', " ").split())
    if "xargs" in command:
        joins: list[str | None] | None = None
        for i, seg in enumerate(segments):
            if seg.words and seg.words[0] == "xargs" and not _SHELLS.isdisjoint(seg.words):
                joins = joiners(segments, command) if joins is None else joins
                _read_values(segments, i, 0, command, joins, single, found)


def _printed_values(
    segments: Sequence[Segment],
    i: int,
    k: int,
    single: frozenset[str],
    found: dict[str, set[str]],
    command: str = "",
) -> None:
    """R4.6, red team: an assignment of a command substitution (`a=$(echo /)`, `export d=$(pwd)/..`) gives the
    variable each word the substitution's commands may print (:func:`_substitutions_print`); `printf -v a /`
    gives `a` what printf prints. ``k``: the index of the segment's command word, past its assignments."""
    words = segments[i].words
    if k + 2 < len(words) and words[k] == "printf" and "-v" in words[k + 1 : -1]:
        at = words.index("-v", k + 1)
        found.setdefault(words[at + 1], set()).update(_printed(("printf", *words[at + 2 :]), single))
    if not (i + 1 < len(segments) and segments[i + 1].hidden):
        return
    printed: list[str] | None = None
    for w in words:
        m = _ASSIGNED.fullmatch(w) if "=" in w else None
        if m is None or not any(mark in m.group(2) for mark in _SUBSTITUTED):
            continue
        if printed is None:
            printed = _substitutions_print(segments, i, single, None, command)
        found.setdefault(m.group(1), set()).update(_filled_in([m.group(2)], printed))


def here_strings(command: str) -> list[str]:
    """The words of every here-string in the text (`<<< /`), read loosely (deny more)."""
    out: list[str] = []
    at = command.find("<<<")
    while at >= 0 and len(out) < _MAX_READINGS:
        text = command[at + 3 : at + 3 + 200]
        for c in ";|&\n":
            text = text.partition(c)[0]
        out.extend(text.replace("'", " ").replace('"', " ").split())
        at = command.find("<<<", at + 3)
    return out


def floor_where(
    segments: Sequence[Segment],
    seg_views: Sequence[Sequence[tuple[str, ...]]] | None,
    command: str,
    start: str,
    windows: bool = False,
) -> int | None:
    """The index of the first segment whose deletion lands on the root once the working directory, ``..``,
    ``~``, ``$HOME``, ``/proc/<pid>/root`` and operands piped into xargs are read (R4.6), or None.
    ``windows``: the command may run on Windows (SPEC §5: runs_in agent or host), where every drive and share
    is a root and Windows' own deleters delete."""
    if not _NESTED.depth:
        _NESTED.programs = 0  # (a command of its own: no program of it read yet)
    if not windows and ("pwsh" in command or "powershell" in command) and _runs_powershell(segments):
        windows = True  # red team: PowerShell on Brabo's own Linux sandbox deletes as it does on Windows
    if len(command) > _MEMO_CHARS:
        return _floor_where(segments, seg_views, command, start, windows)
    key = (command, start, windows)
    if key in _FLOOR_MEMO:
        return _FLOOR_MEMO[key]
    return _FLOOR_MEMO.keep(key, _floor_where(segments, seg_views, command, start, windows))


_FLOOR_MEMO: Memo[tuple[str, str, bool], int | None] = Memo(_MEMO_MAX)


def _runs_powershell(segments: Sequence[Segment]) -> bool:
    """Whether a word of a segment names PowerShell (`pwsh -c '…'`, `sudo pwsh -c …`, `/usr/bin/pwsh`)."""
    return any(w.rpartition("/")[2] in POWERSHELLS for seg in segments for w in seg.words)


_CMD_GLUED = frozenset({"rd", "rmdir", "del", "erase"})
# red team: a word of a segment that is `\` or `\*` alone -- the root of the drive PowerShell and cmd run on
# (`Remove-Item -Recurse \*`, `rmdir /s /q \`), which the shell reader drops (`\`) or reads as `*`.
_DRIVE_ROOTED = re.compile(r"(?<![^\s])\\(\*?)(?=\s|$)").findall  # (not find's `\;`)


def _deleters(
    segments: Sequence[Segment],
    seg_views: Sequence[Sequence[tuple[str, ...]]] | None,
    windows: bool = False,
    command: str = "",
) -> list[tuple[int, Sequence[tuple[str, ...]]]]:
    """The segments with a deleter among their views (rm, find, xargs; ``windows``: Windows' own too), and the
    programs and shells as written that may run code the command feeds them (_reads_fed): (index, views)."""
    picked: list[tuple[int, Sequence[tuple[str, ...]]]] = []
    known: dict[tuple[str, ...], bool] = {}  # hostile input repeats its segments: each read once
    deleters = _WINDOWS_AND_POSIX if windows else _DELETERS
    for i, seg in enumerate(segments):
        words = seg.words
        if not words:
            continue
        first = words[0]
        if first in deleters:
            if (
                first in _DELETERS_IF
                and not _may_delete(words)
                and not (first in _RUNS_FED and _reads_fed(words, i, segments, command))
                and not (first in CODE_FLOOR_VERBS and _clears_behind(seg, seg_views, i))
            ):
                continue  # `git status`, `rsync a/ b/`: the common case, nothing deleted
            picked.append((i, [words] if seg_views is None else seg_views[i]))
            continue
        if windows and "/" in first and first.partition("/")[0].lower() in _CMD_GLUED:
            # red team: cmd reads a switch glued to its verb (`rd/s/q C:\`, `del/s/q \*`) as `rd /s /q`
            verb, _, switches = first.partition("/")
            picked.append((i, [(verb.lower(), *("/" + x for x in switches.split("/") if x), *words[1:])]))
            continue
        if windows and i and first.lower() in WINDOWS_EACH and each_deletes(words):
            picked.append((i, [EACH_DELETION]))  # `gci ~ | % Delete`: each piped item's Delete() (floor.py)
            continue
        if windows and first.lower() in WINDOWS_RUNNERS:
            # SPEC §5: `. Remove-Item -Recurse C:\\`, `cmd /c rd /s /q C:\\`, `pwsh -c "rm -r ~"` run the deleter
            inner = windows_inner(words)
            if inner is not None and (inner[0] in WINDOWS_DELETERS or inner[0] in _DELETERS):
                # (PowerShell's `rm` is Remove-Item: `pwsh -c "rm -r -fo ~"`; read both ways, deny matches more)
                ps_rm = inner[0] == "rm" and not first.lower().startswith("cmd")
                picked.append((i, [inner, ("remove-item", *inner[1:])] if ps_rm else [inner]))
                continue
        if not (
            first in PEELED_VERBS
            or first in FOLDER_CLEARERS  # `virtualenv --clear ~` (_picks_view)
            or "/" in first
            or "=" in first
            or foreign_name(first)
            or (first not in KNOWN_PROGRAMS and len(words) > 2 and hands_on(words))  # `foo -- rm -rf ~`
        ):
            continue  # nothing to look through (as views() would answer): the common case
        vs = seg_views[i] if seg_views is not None and i < len(seg_views) else None
        if vs is None:
            hit = known.get(words)
            if hit is False:
                continue
            vs = views(words)
            if hit is None:
                known[words] = any(v and (v[0] in deleters or v[0] in FOLDER_CLEARERS) for v in vs)
                if not known[words]:
                    continue
        if any(_picks_view(v, deleters, i, segments, command) for v in vs):
            # (a program behind a wrapper may run code the command feeds it: `sudo python3 - <<EOF`,
            # `echo 'rm -rf ~' > x.sh && sudo bash x.sh`)
            picked.append((i, vs))
    return picked


def _picks_view(
    v: tuple[str, ...], deleters: frozenset[str], i: int, segments: Sequence[Segment], command: str
) -> bool:
    """Whether the floor reads segment ``i`` for its view ``v``: a deleter's (a program that runs code only when it
    may delete or is fed code), or a folder clearer's clearing (`sudo uv venv --clear /`)."""
    if not v:
        return False
    if v[0] in deleters and (
        v[0] not in _RUNS_FED or _code_may_delete(v) or _reads_fed(v, i, segments, command)
    ):
        return True
    # (`DENO_DIR=~ deno clean`: deno's own command)
    return v[0] in FOLDER_CLEARERS and bool(folder_cleared(v))


def _clears_behind(seg: Segment, seg_views: Sequence[Sequence[tuple[str, ...]]] | None, i: int) -> bool:
    """red team: whether an interpreter's segment runs a folder clearer's clearing, its own command or a module's
    (`deno clean`, `python -m pytest --basetemp=~`: floor.FOLDER_CLEARERS), its text holding a clearing's word."""
    if CLEARING(seg.text) is None:
        return False
    vs = seg_views[i] if seg_views is not None and i < len(seg_views) else views(seg.words)
    return any(v and v[0] in FOLDER_CLEARERS and folder_cleared(v) for v in vs)


def _floor_where(
    segments: Sequence[Segment],
    seg_views: Sequence[Sequence[tuple[str, ...]]] | None,
    command: str,
    start: str,
    windows: bool,
) -> int | None:
    found = _floor_reading(segments, seg_views, command, start, windows)
    if found is None and verb_from_a_copy(segments, command):
        found = _floor_reading(_verbs_copied(segments), None, command, start, windows)
    if found is None and verb_from_a_variable(segments, command):
        values = _values(
            segments, command, None, start
        )  # (the same for each reading: the words given are alike)
        for alternative in _verbs_given(segments, values):
            found = _floor_reading(alternative, None, command, start, windows, values)
            if found is not None:
                break
    return found


def verb_from_a_variable(segments: Sequence[Segment], command: str) -> bool:
    """R4.6: whether a segment's command word may be a variable (`a=rm; $a -rf /`): the floor reads the command with
    each value the command gives it (_verbs_given)."""
    return "$" in command and any(s.words and s.words[0][:1] == "$" for s in segments)


# The programs that copy or link a file under another name (`ln -s /bin/rm x`, `cp /bin/rm ./d`, `install -m755
# /usr/bin/git g`), and their options that take the next word.
_COPIERS_OF_PROGRAMS = frozenset({"ln", "gln", "cp", "gcp", "install", "ginstall"})
_COPY_VALUED = frozenset({"-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-t", "-T"})
# (a substitution that prints where a program is: `$(which git)`, `$(command -v rm)`, `$(type -P rm)`)
_LOCATORS = frozenset({"which", "command", "type", "whereis", "realpath", "readlink"})
# (a copier given a source with a folder or a substitution: `ln -s /bin/rm`, `cp $(which rm)`)
_COPY_WORD = re.compile(r"(?:^|[\s;&|(`])(?:g?ln|g?cp|g?install)\s[^;&|\n]*?(?<=\s)['\"]?(?:/|\$\(|`)").search


COPY_WORD = _COPY_WORD  # (permissions.decide: the test before verb_from_a_copy, on every command)


def verb_from_a_copy(segments: Sequence[Segment], command: str) -> bool:
    """R4.6, R4.10, red team: whether a segment's command word may be a program the command copied or linked under
    that name first (`ln -s /bin/rm x && ./x -rf ~`): the floor reads the command with it as that program
    (_verbs_copied). Asked once COPY_WORD finds a copier given such a source in ``command``."""
    return _COPY_WORD(command) is not None and bool(_programs_copied(segments))


def _programs_copied(segments: Sequence[Segment]) -> dict[str, str]:
    """The names the command copies or links a program under, each with the program's name: `cp /bin/rm ./d`
    (`d`: rm), `ln -s $(which git) g` (`g`: git) -- a source with a folder, or a locator's substitution."""
    made: dict[str, str] = {}
    for i, seg in enumerate(segments):
        words = seg.words
        if not words or words[0] not in _COPIERS_OF_PROGRAMS:
            continue
        ops = [w for w in _plain_operands(words[1:]) if w]
        if len(ops) != 2:
            continue
        source, name = ops
        program = source.rpartition("/")[2] if "/" in source else ""
        if _SUBSTITUTED[0] in source or _SUBSTITUTED[1] in source:
            inner = segments[i + 1].words if i + 1 < len(segments) and segments[i + 1].hidden else ()
            program = inner[-1].rpartition("/")[2] if inner[:1] and inner[0] in _LOCATORS else ""
        if program and "$" not in program:
            made[name.rstrip("/").removeprefix("./")] = program
    return made


def _plain_operands(words: Sequence[str]) -> list[str]:
    """A copier's operands: its words but options and their values (_COPY_VALUED, written apart)."""
    out: list[str] = []
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w[:1] == "-" and w != "-":
            skip = w in _COPY_VALUED
        else:
            out.append(w)
    return out


def _verbs_copied(segments: Sequence[Segment]) -> list[Segment]:
    """The command with each word that names a program it copied or linked (_programs_copied) written as that
    program -- the command word, or one behind a wrapper (`./x -rf ~`, `sudo ./x -rf /` after `ln -s /bin/rm x`:
    `rm -rf ~`, `sudo rm -rf /`); the copiers' own segments as written."""
    made = _programs_copied(segments)
    out = list(segments)
    for i, seg in enumerate(segments):
        if not seg.words or seg.words[0] in _COPIERS_OF_PROGRAMS:
            continue
        words = tuple(made.get(w.removeprefix("./"), w) for w in seg.words)
        if words != seg.words:
            out[i] = seg._replace(words=words)
    return out


# A command word that is a variable: `$a`, `${a}`, `${a:-rm}` (its default given too).
_VERB_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)(?::?-([^}$`]*))?\}?")
_MAX_VERBS = 8
# The segments whose command word is read so: past them (hostile input, thousands of `$a -rf x`), unread -- the
# command asks as an opaque command word (R4.9) instead of the floor's deny.
_MAX_VERB_SEGMENTS = 64


def _verbs_given(segments: Sequence[Segment], values: Values) -> list[list[Segment]]:
    """R4.6, red team: the command read again with each command word taken from a variable replaced by a literal
    value the command gives it, or its default (`a=rm; $a -rf /`, `x="rm -rf /"; $x`, `${RM:-rm} -rf /`, `export
    R=rm; $R -rf ~`) -- deny more, as every value counts (_values). Reading j puts each such word's j-th value in
    every segment at once (at most _MAX_VERBS readings, whatever the number of segments: hostile input)."""
    given: dict[int, list[str]] = {}
    for i, seg in enumerate(segments):
        m = _VERB_VARIABLE.fullmatch(seg.words[0]) if seg.words else None
        if m is not None and len(given) < _MAX_VERB_SEGMENTS:
            named = {*values.get(m.group(1), ()), *([m.group(2)] if m.group(2) else [])}
            kept = sorted(v for v in named if "$" not in v and v.strip())[:_MAX_VERBS]
            if kept:
                given[i] = kept
    found: list[list[Segment]] = []
    for j in range(max((len(v) for v in given.values()), default=0)):
        alternative = list(segments)
        for i, kept in given.items():
            seg = segments[i]
            words = (*kept[j % len(kept)].split(), *seg.words[1:])
            shift = len(words) - len(seg.words)
            alternative[i] = seg._replace(words=words, dynamic=frozenset(k + shift for k in seg.dynamic if k))
        found.append(alternative)
    return found


def _floor_reading(
    segments: Sequence[Segment],
    seg_views: Sequence[Sequence[tuple[str, ...]]] | None,
    command: str,
    start: str,
    windows: bool,
    values: Values | None = None,
) -> int | None:
    picked = _deleters(segments, seg_views, windows, command)
    if not picked:
        return None
    joins: list[str | None] | None = None  # (read where needed: xargs below, a `read` in _values)
    values = _values(segments, command, joins, start) if values is None else values
    sets = cwd_sets(segments, command, start, floor=True, values=values, windows=windows)
    single = frozenset({start})
    # the links the command makes, read once (hostile input picks thousands of segments)
    made = _links_made(segments) if "ln" in command else _NO_LINKS
    for i, vs in picked:
        seg = segments[i]
        dirs = sets[i] if sets is not None else single
        links = made if made and dirs is not single else _NO_LINKS
        if len(vs) > 1 or seg.words[0] == "env" or links:
            dirs = _more_dirs(seg, vs, dirs, values, start, links)
        fed: list[str] = []
        replace: list[str] = []
        if any(v and v[0] == "xargs" for v in vs):
            if joins is None:
                joins = joiners(segments, command)
            fed = _xargs_fed(segments, joins, i, command, sets, single)
            replace = _xargs_replace(seg.words)
            vs = _listing_fed(vs, segments, joins, i) if fed else vs
        elif windows and i and seg.words[0].lower() in WINDOWS_PIPED_DELETERS:
            # `Get-ChildItem C:\\ | Remove-Item -Recurse`: the listing's places, piped in, are the deleter's
            joins = joiners(segments, command) if joins is None else joins
            before = segments[i - 1]
            fed = windows_listed(before.words, before.text) if joins[i - 1] == "|" else []
            if fed and windows_listing_recurses(before.words):
                vs = [(*v, "-recurse") for v in vs]  # `gci -Recurse C:\\ | Remove-Item`: every file deleted
        elif "{}" in seg.words and "find" in seg.text:
            vs = (
                vs if len(vs) > 1 else views(seg.words)
            )  # (`find` first: picked as written, its views unread)
            fed, replace = _find_fed(vs)  # `find / -exec python3 -c '…sys.argv[1]…' {} \;`
        printed: list[str] | None = None
        # (most picked segments are one view of no program that runs code: no call for them)
        one = len(vs) == 1 and vs[0][:1] not in _RUNS_CODE
        for view in vs if one else _code_views(vs, segments, i, dirs, sets, command):
            if not view:
                continue
            targets = _deleted(view, seg.words, fed, replace, windows, dirs, values)
            if targets and any(_SUBSTITUTED[0] in t or _SUBSTITUTED[1] in t for t in targets):
                if printed is None:
                    printed = _substitutions_print(segments, i, dirs, sets, command)
                targets = targets + _filled_in(targets, printed)
            if made or (windows and "\\" in seg.text):
                targets = _targets_through(targets, seg, windows, made)
            if _lands(targets, dirs, values, windows, command):
                return i
    return None


def _more_dirs(
    seg: Segment,
    vs: Sequence[tuple[str, ...]],
    dirs: frozenset[str],
    values: Values,
    start: str,
    links: Mapping[str, str],
) -> frozenset[str]:
    """``dirs`` and where a wrapper of the segment moves (`env -C / rm -rf *`), and each through a symbolic link
    the command makes (``links``, _links_made: `ln -s / x && cd x && rm -rf *`)."""
    if len(vs) > 1 or seg.words[0] == "env":
        dirs = dirs | _chdirs(seg.words, dirs, values)
    return dirs | _dirs_through_links(dirs, links, start) if links else dirs


def _targets_through(targets: list[str], seg: Segment, windows: bool, links: Mapping[str, str]) -> list[str]:
    """``targets`` with what a link the command makes leads to (``links``, _links_made: `ln -s / x && rm -rf
    x/*`) and, ``windows``, the root of the drive cmd's and PowerShell's `\\` and `\\*` name (the shell reader
    drops the one, reads the other as `*`)."""
    targets = _through_links(targets, links) if targets and links else targets
    if windows and "\\" in seg.text:
        targets = targets + ["/" + g for g in _DRIVE_ROOTED(seg.text)]
    return targets


def _through_links(targets: list[str], links: Mapping[str, str]) -> list[str]:
    """``targets`` and, for each inside a symbolic link the command makes (``links``), the same place through it."""
    return targets + [
        to + t[len(name) :] for t in targets for name, to in links.items() if t.startswith(name)
    ]


def _dirs_through_links(dirs: frozenset[str], links: Mapping[str, str], start: str) -> frozenset[str]:
    """Each of ``dirs`` inside a symbolic link the command makes (`ln -s / x && cd x`), as the place it leads to
    (a name the command writes relative read from where it starts)."""
    out: set[str] = set()
    for name, to in links.items():
        full = name if name[:1] in "/~" else start.rstrip("/") + "/" + name.removeprefix("./")
        if to[:2] in ("~/", "$H") and to.split("/", 1)[0] in ("~", "$HOME", "${HOME}"):
            to = HOME + "/" + to.split("/", 1)[1]  # (the home folder as the floor's readings hold it)
        out.update(
            (to + d[len(full) :]).rstrip("/") or "/" for d in dirs if (d.rstrip("/") + "/").startswith(full)
        )
    return frozenset(out)


_NO_LINKS: Mapping[str, str] = MappingProxyType({})  # (read only: no cache)


def _links_made(segments: Sequence[Segment]) -> dict[str, str]:
    """R4.6, red team: the symbolic links the command makes (`ln -s TARGET NAME`, `ln -sfn "$HOME" h`), read by ln's
    table (permissions.commands.copies), by the name each is made under (ending in `/`, as a place inside it is
    deleted through: `rm -rf x/*`, `rm -rf x/`)."""
    return {
        made.to.rstrip("/") + "/": made.originals[0].rstrip("/") + "/"
        for seg in segments
        if seg.words[:1] == ("ln",)
        for made in copies_in(seg.words)
        if made.link and len(made.originals) == 1
    }


def _xargs_fed(
    segments: Sequence[Segment],
    joins: list[str | None],
    i: int,
    command: str,
    sets: list[frozenset[str]] | None,
    single: frozenset[str],
) -> list[str]:
    """What xargs (segment ``i``) reads as operands: what the commands piped into it print, its here-strings, and
    _xargs_fed_more's."""
    fed: list[str] = []
    for k in _piped_into(segments, joins, i):
        if segments[k].words:
            fed.extend(_printed(segments[k].words, sets[k] if sets is not None else single))
    if "<<<" in segments[i].text:
        fed.extend(here_strings(segments[i].text))
        if "$(" in segments[i].text or "`" in segments[i].text:  # `xargs rm -rf <<< "$(echo /)"`
            fed.extend(_substitutions_print(segments, i, single, sets, command))
    fed.extend(_xargs_fed_more(segments, joins, i, command, sets, single))
    return fed


def fed_words(segments: Sequence[Segment], command: str, i: int, cwd: str) -> list[str]:
    """R4.10: the words segment ``i`` reads on its input when the command shows them -- what the commands piped into
    it print, its here-strings (`echo HEAD:.env | git cat-file --batch`) -- as xargs' operands are read."""
    return _xargs_fed(segments, joiners(segments, command), i, command, None, frozenset({cwd}))[
        :_MAX_READINGS
    ]


def _code_views(
    vs: Sequence[tuple[str, ...]],
    segments: Sequence[Segment],
    i: int,
    dirs: frozenset[str],
    sets: list[frozenset[str]] | None,
    command: str,
) -> Sequence[tuple[str, ...]]:
    """R4.6, R4.7, red team: the views of segment ``i``, and for a program that runs code the command gives it at run
    time, one more view per reading of that code: inline code the outer shell fills in (double-quoted: `python3 -c
    "shutil.rmtree('$(echo /)')"`) with each command substitution replaced by each word its commands may print
    (_substitutions_print), as a deleted word is; code read from the input or from a file the command wrote
    (_fed_views)."""
    filled: list[tuple[str, ...]] | None = None
    for view in vs:
        if not view or (
            view[0] not in CODE_FLOOR_VERBS and view[0] not in SHELLS and view[0] not in _ESCAPING
        ):
            continue
        more = _fed_views(view, segments, i, command)
        if any(_SUBSTITUTED[0] in w or _SUBSTITUTED[1] in w for w in view):
            printed = _substitutions_print(segments, i, dirs, sets, command)[:_MAX_CODE_LINES]
            more += [
                tuple(w.replace(_SUBSTITUTED[0], p).replace(_SUBSTITUTED[1], p) for w in view)
                for p in printed
            ]
        if more:
            filled = (filled if filled is not None else list(vs)) + more
    return vs if filled is None else filled


# The first words (as one-word tuples, a view's first word sliced) of a view _code_views may read more of.
_RUNS_CODE = frozenset((verb,) for verb in CODE_FLOOR_VERBS | SHELLS | _ESCAPING)
# A view of code a program reads from its input or from a file the command wrote: (_FED, family, the code).
_FED = "\x00fed"
_SHELL_FAMILY = "sh"


def _fed_views(
    view: tuple[str, ...], segments: Sequence[Segment], i: int, command: str
) -> list[tuple[str, ...]]:
    """(_FED, family, text) for each text a program that reads its code from its input, or from a file an earlier
    segment wrote, may be given (permissions.commands.fed_code); a shell's text is its command lines, and those
    commands another program finds in the text (shell_starters.FED_ESCAPES: ed's `!cmd`) are a shell's lines."""
    escapes = FED_ESCAPES.get(view[0])
    if escapes is not None:
        found: list[tuple[str, ...]] = [
            (_FED, _SHELL_FAMILY, line)
            for text in _texts_given(view, segments, i, command, "-")
            for line in escapes(text)
        ]
        return found[:_MAX_CODE_LINES]
    if view[0] in SHELLS:
        script, why = inline_script(view)
        if script is not None:
            return []  # `bash -c '…'`: the reader's own segments
        family, source = _SHELL_FAMILY, ("-" if why == SHELL_FROM_INPUT else "")
    else:
        fed = fed_program(view)
        if fed is None:
            return []
        family, source = fed
    return [(_FED, family, t) for t in _texts_given(view, segments, i, command, source)[:_MAX_CODE_LINES]]


def _texts_given(
    view: tuple[str, ...], segments: Sequence[Segment], i: int, command: str, source: str
) -> list[str]:
    """The texts segment ``i`` (``view``) may read: its input (``source`` "-") and the files an earlier segment wrote
    that it names or reads by a redirect."""
    texts: list[str] = []
    if source == "-":
        texts = input_texts(segments, joiners(segments, command), i, command)
    if i:
        written = written_texts(segments, i, command)
        for w in (*view[1:], *segments[i].redirects):
            texts.extend(written.get(file_key(w), ()))
    return texts


_ROOT = ["/"]
_MAX_CODE_LINES = 16
_MAX_CODE_DIRS = 4


def _code_lands(view: tuple[str, ...], dirs: frozenset[str], values: Values, windows: bool) -> bool:
    """R4.6, R4.7: whether what inline code recognisably deletes lands on the root (permissions.floor's
    code_deletions): a tree deleter's literal path, read from the segment's directories, or a command line it runs,
    read as a command of its own that starts there (its `cd`, its wrappers, its own inline code)."""
    found = inline_program(view) if view[0] != _FED else (view[1], [view[2]], [])
    if found is None or _NESTED.depth >= _MAX_NESTED:
        return False  # (code that runs code that runs code ...: past a few levels, opaque and asked)
    if not _NESTED.depth:
        _NESTED.programs += 1
        if _NESTED.programs > _MAX_PROGRAMS:
            return True  # R4.7: deny checks never stop; past this many programs in a command, deny (hostile input)
    _NESTED.depth += 1
    try:
        return _code_read_lands(found, dirs, values, windows)
    finally:
        _NESTED.depth -= 1


class _Nesting(threading.local):
    """How deep in code run by code the floor reads now, and how many programs of the command's own it read --
    per thread (a threaded server decides on several at once)."""

    depth = 0
    programs = 0


_NESTED = _Nesting()
_MAX_NESTED = 3
_MAX_PROGRAMS = 48


def _code_read_lands(
    found: tuple[str, list[str], list[str]], dirs: frozenset[str], values: Values, windows: bool
) -> bool:
    family, codes, args = found
    for code in codes:
        trees, lines = code_deletions(family, code, args) if family != _SHELL_FAMILY else ([], [code])
        if trees and _lands(trees, dirs, values, windows, code):
            return True
        for line in _with_values(lines[:_MAX_CODE_LINES], values):
            parsed = parse_command(line)
            if any(floor_denies_views(views(seg.words)) for seg in parsed.segments if seg.words):
                return True
            for start in sorted(dirs)[:_MAX_CODE_DIRS]:
                if floor_where(parsed.segments, None, line, start, windows) is not None:
                    return True
    return False


def _with_values(lines: list[str], values: Values) -> list[str]:
    """R4.6, red team: the command lines inline code runs, and each again with the values the command gives its
    variables written in (`d=/; python3 -c "os.system('rm -rf $d')"`: the outer shell fills the code in), a
    few per line."""
    if not values:
        return lines
    out = list(lines)
    for line in lines:
        if "$" not in line:
            continue
        for m in list(_REF.finditer(line))[:_MAX_CODE_DIRS]:
            name = m.group(1) or m.group(2)
            for value in sorted(values.get(name, ()))[:_MAX_CODE_DIRS]:
                out.append(line[: m.start()] + value + line[m.end() :])
    return out[: 2 * _MAX_CODE_LINES]


# How the reader writes a command substitution in a word (`rm -rf "$(echo /)"` is `rm -rf $(…)`); the commands
# inside follow the segment as hidden segments.
_SUBSTITUTED = ("$(…)", "`…`")


def _substitutions_print(
    segments: Sequence[Segment],
    i: int,
    dirs: frozenset[str],
    sets: list[frozenset[str]] | None,
    command: str = "",
) -> list[str]:
    """R4.6, red team: what the command substitutions of segment ``i`` print, when a literal reading knows it
    (`$(echo /)`, `$(pwd)` after `cd /`, `$(dirname /tmp)`, `$(realpath ..)`): the hidden segments right after
    it (more is safe: a nested or a neighbour's substitution counts too)."""
    out: list[str] = []
    j = i + 1
    unended = ""  # the last word a printer printed with no line end (`printf .e`, `echo -n .e`)
    while j < len(segments) and segments[j].hidden and len(out) < _MAX_READINGS:
        words = segments[j].words
        if words and words[0].rpartition("/")[2] == "dirname":
            out.extend(_dirname(a) for a in words[1:] if not (a.startswith("-") and len(a) > 1))
        elif words:
            printed = _printed(words, dirs | sets[j] if sets is not None else dirs)  # (`$(cd / && pwd)`)
            if unended and printed:
                out.append(unended + printed[0])  # red team: `$(printf .e; printf nv)` prints `.env`
            out.extend(printed)
            unended = printed[-1] if printed and _ends_no_line(words) else ""
        text = segments[j].text
        if "<<<" in text:
            out.extend(here_strings(text))  # what it reads may be what it prints: `$(cat <<< /)`
        if words and ("<<" in text or words[0].rpartition("/")[2] in _TURNS):
            # a here-document it reads (`$(cat <<EOF … EOF)`), what a filter turns (`$(echo /x | tr -d x)`)
            out.extend(substitution_prints(segments[j], command, out))
        j += 1
    return out


def _ends_no_line(words: tuple[str, ...]) -> bool:
    """Whether a printer ends what it prints with no line end: printf whose format does not end with one, `echo -n`."""
    if words[0] == "printf":
        return len(words) > 1 and not words[1].endswith("\\n")
    return words[0] == "echo" and len(words) > 1 and words[1][:1] == "-" and "n" in words[1]


def _dirname(word: str) -> str:
    """What `dirname WORD` prints, as a word to resolve (`$X`, `~`: their parent, `$X/..`)."""
    path = word.rstrip("/")
    if not path:
        return "/" if word else "."
    if "/" not in path:
        return path + "/.." if path[0] in "$`~" else "."
    return path.rpartition("/")[0] or "/"


def _filled_in(targets: list[str], printed: list[str]) -> list[str]:
    """``targets`` with each command substitution replaced by each word it may print."""
    out: list[str] = []
    for t in targets:
        for mark in _SUBSTITUTED:
            if mark in t:
                out.extend(t.replace(mark, p) for p in printed[:_MAX_READINGS])
    return out


def _lands(targets: list[str], dirs: frozenset[str], values: Values, windows: bool, command: str) -> bool:
    """Whether a deletion of ``targets`` lands on the root (``windows``: on a drive's or a share's)."""
    if windows:
        # PowerShell and cmd read no backslash escape: `C:\\ -Recurse` is two words there, one here.
        targets = [
            _as_posix(t, command)
            for w in targets
            for t in (w, *w.split(), eaten_climb(w, command), *eaten_separators(w, command))
            if t
        ]
        if any(lands_on_a_volume(t, dirs, values) for t in targets):
            return True
    if any("${" in t or t.count("$") > 1 for t in targets):
        # a word of several variables (`x=/; y=*; rm -rf $x$y`) or an expansion's own text (`${X:+/}`): each reading
        many = command.count("${") > _MANY_EXPANSIONS
        targets = targets + [r for t in targets if "$" in t for r in _readings(t, values, many) if r != t]
    return any(lands_on_root(t, dirs, values) for t in targets)


# R4.6, red team: a recursive listing (find's, fd's) fed to a deleter of one file at a time deletes every file of
# the trees it lists, as the same deleter's recursive form would.
_LISTINGS = frozenset({("find",), ("gfind",), ("fd",), ("fdfind",)})


def _listing_fed(
    vs: Sequence[tuple[str, ...]], segments: Sequence[Segment], joins: list[str | None], i: int
) -> Sequence[tuple[str, ...]]:
    """xargs' views (segment ``i``), each one-file deleter's as `rm -r` when a recursive listing is piped in."""
    if not any(segments[k].words[:1] in _LISTINGS for k in _piped_into(segments, joins, i)):
        return vs
    return [_each_file_deleted(v) for v in vs]  # `find / -type f | xargs rm -f`: every file of the tree


def _each_file_deleted(view: tuple[str, ...]) -> tuple[str, ...]:
    """A view of a deleter xargs runs on a listing's names (floor.EXEC_DELETERS, what find's `-exec` deletes by), as
    `rm -r` of them; any other view as it is."""
    if not view or view[0] not in EXEC_DELETERS:
        return view
    return ("rm", "-r", *(w for w in view[1:] if w[:1] != "-"))


def _deleted(
    view: tuple[str, ...],
    words: tuple[str, ...],
    fed: list[str],
    replace: list[str],
    windows: bool,
    dirs: frozenset[str],
    values: Values,
) -> list[str]:
    """The words a deleting view deletes (``fed``: what xargs hands on, ``replace``: its replace strings;
    ``windows``: Windows' own deleters delete too). Inline code that deletes the root (read from ``dirs``, with
    the command's ``values``: _code_lands) deletes `/`."""
    verb = view[0]
    if windows and verb in WINDOWS_DELETERS:
        deleted = windows_deleted(view)
        return [] if deleted is None else deleted + fed
    if verb in DELETERS:
        trees = deleted_trees(view)
        if trees is None:
            found = deleted_every_name(view)  # `rm -f ~/*`
            if replace:  # `ls ~ | xargs -I{} rm -f ~/{}`: any name in place of the replace string
                found += [w.replace(r, "*") for w in view[1:] for r in replace if r in w]
            return _every_name_deleted(found, view, fed, values)
        targets = trees
        if fed:
            subst = [t.replace(r, f) for t in targets for r in replace if r in t for f in fed]
            targets = targets + fed + subst
    elif verb == "find":
        starts, deletes = _find_starts(view)
        targets = starts if deletes else []
    elif verb == "git":
        targets = _git_clean_tree(view, words)
    elif verb == "rsync":
        targets = _rsync_deletes(view)
    else:
        remover = REMOVERS.get(verb)
        targets = remover(view) if remover is not None else folder_cleared(view)
        if verb in ONE_FILE_CLEARERS:
            targets = _every_name_deleted(targets, view, fed, values)  # `for f in ~/*; do unlink $f; done`
        if not targets and remover is None:  # (`deno clean` a clearing, `deno eval` code)
            if fed and (verb in _CODE_VERBS or verb in SHELLS):
                return (
                    _ROOT
                    if any(_code_lands(v, dirs, values, windows) for v in _xargs_code(view, fed, replace))
                    else []
                )
            return _ROOT if verb in _CODE_VERBS and _code_lands(view, dirs, values, windows) else []
    if replace and targets:
        # red team: what xargs reads in place of its replace string may be any name (`ls / | xargs -I{}
        # rm -rf /{}` deletes every child of the root): a pattern over that folder's children.
        targets = targets + [t.replace(r, "*") for t in targets for r in replace if r in t]
    return targets


def _every_name_deleted(found: list[str], view: tuple[str, ...], fed: list[str], values: Values) -> list[str]:
    """red team, R4.6: what a deleter of one file at a time (a DELETERS program run without recursion, `unlink`,
    `shred`) deletes of a folder's every name: its patterns over one (of ``found``: `rm -f ~/*`), and the words
    xargs hands it or a variable given such a pattern (`echo ~/* | xargs rm -f`, `for f in ~/*; do rm -f "$f";
    done`), each a word to resolve."""
    out = [w for w in found if every_name(w)]
    if fed:
        out += [w for w in fed if every_name(w)]
    if values and "$" in "".join(view):
        out += [
            w
            for w in view[1:]
            if "$" in w and not every_name(w) and any(every_name(r) for r in _readings(w, values) if r != w)
        ]
    return out


def _find_fed(vs: Sequence[tuple[str, ...]]) -> tuple[list[str], list[str]]:
    """R4.6, red team: find's starting points, as what its `-exec` hands on in place of `{}` to a program that runs
    code (its views: find's, then the program's), with `{}` as the replace string; ([], []) for any other segment."""
    finds = [v for v in vs if v[:1] == ("find",)]
    if not finds or not any(v and (v[0] in _CODE_VERBS or v[0] in SHELLS) for v in vs):
        return [], []
    return _find_starts(finds[0])[0], ["{}"]


def _xargs_code(view: tuple[str, ...], fed: list[str], replace: list[str]) -> list[tuple[str, ...]]:
    """R4.6, red team: a program xargs runs with inline code (`xargs python3 -c '…sys.argv[1]…'`, `xargs -I{} node -e
    '…"{}"…'`, `xargs -I% sh -c 'rm -rf %'`), each word xargs hands on as one of its arguments and in place of its
    replace string: the views whose code _code_lands reads (a shell's script as a command line of its own)."""
    out = [view] if view[0] not in SHELLS else []
    given = fed[:_MAX_CODE_DIRS]
    if view[0] not in SHELLS:
        out.append(view + tuple(given))
    for r in replace:
        if any(r in w for w in view[1:]):
            out.extend(tuple(w.replace(r, f) for w in view) for f in given)
    if view[0] in SHELLS:
        at = (inline_script(v)[0] for v in out[:_MAX_CODE_LINES])
        return [(_FED, _SHELL_FAMILY, v[k]) for v, k in zip(out, at) if k is not None and k < len(v)]
    return out[:_MAX_CODE_LINES]


# -- R4.6: more deleters the floor reads ---------------------------------------------------------------------
# Verbs picked only when their words may delete (most git and rsync commands do not).
_DELETERS_IF = frozenset({"git", "rsync"}) | frozenset(REMOVERS) | CODE_FLOOR_VERBS | SHELLS | _ESCAPING
# (what inline code, code read from the input or a file written, or a shell fed its lines deletes: _code_lands)
_CODE_VERBS = CODE_FLOOR_VERBS | {_FED}
_RUNS_FED = CODE_FLOOR_VERBS | SHELLS | _ESCAPING


def picks_as_written(words: tuple[str, ...]) -> bool:
    """Whether the floor picks a segment whose first word is one of its deleters (as :func:`_deleters` does,
    its other views unread): not `git status` or `rsync a/ b/`. A segment no deleter leads, and none of its
    views, is never picked, so a command none of whose segments this answers True for (or holds such a view)
    has nowhere a deletion lands: decide() skips the floor for it (permissions.segments)."""
    first = words[0]
    return first in _DELETERS and (first not in _DELETERS_IF or _may_delete(words))


# What inline code that deletes a tree or runs a command holds (permissions.floor.code_deletions reads it); and a
# module the interpreter runs that clears a folder (`python3 -m venv --clear DIR`: floor.FOLDER_CLEARERS).
_CODE_MAY_DELETE = re.compile(
    r"rmtree|remove|rm_r|\brm\w*+\b|rmdir|unlink|rimraf|\bdel\w*+\(|trash|emptyDir"
    r"|system|exec|spawn|popen|Popen|call|run|check_output|getoutput|passthru|`|qx|%x|Command|shell|\beval\b|--cl"
)


def _code_may_delete(words: tuple[str, ...]) -> bool:
    """Inline code naming a deleting or shell-running call (`python3 -m pytest`, `node app.js`: none)."""
    return _CODE_MAY_DELETE.search(" ".join(words[1:])) is not None


def _reads_fed(words: tuple[str, ...], i: int, segments: Sequence[Segment], command: str) -> bool:
    """Whether segment ``i`` (``words``) is a program or a shell that may run code the command feeds it: its input
    when the command feeds some (a pipe, a redirect, a here-document), or a file an earlier segment writes into
    (what _fed_views reads: `echo CODE | python3`, `echo 'rm -rf /' > x.sh && bash x.sh`)."""
    if words[0] in SHELLS:
        script, why = inline_script(words)
        names = [] if script is not None else ["-"] if why == SHELL_FROM_INPUT else list(words[1:])
    elif words[0] in _ESCAPING:
        names = ["-"]
    else:
        fed = fed_program(words)
        names = [fed[1]] if fed is not None else []
    if not names:
        return False
    if "<" in command or "|" in command or "tee" in command:
        return True
    keys = {file_key(n) for n in names}
    return any(not keys.isdisjoint(map(file_key, seg.redirects)) for seg in segments[:i] if seg.redirects)


_PICKERS: dict[str, Callable[[tuple[str, ...]], object]] = {
    **REMOVERS,
    **dict.fromkeys(CODE_FLOOR_VERBS, _code_may_delete),
    **dict.fromkeys(SHELLS | _ESCAPING, lambda words: False),  # (picked only when fed: _reads_fed)
}


CODE_MAY_DELETE = (
    _CODE_MAY_DELETE.search
)  # (permissions.segments: a segment's text, before the floor is asked)


def _may_delete(words: tuple[str, ...]) -> bool:
    remover = _PICKERS.get(words[0])
    if remover is not None:
        return bool(remover(words))  # `mv a b`: no word that may land on the root, nothing more to read
    return "clean" in words or any(w.startswith(("--del", "--remove-s")) for w in words)


# R4.10: the programs other than rm that delete the places they are given (the floor's deleters, find's -delete,
# git clean/rm, rsync's --delete, shred -u, unlink). (The floor's removers -- tar --remove-files, zip -m -- are read
# by it only where they may land on the root: not here.)
DELETING_PROGRAMS = (frozenset(DELETERS) | {"find", "git", "rsync", "shred", "unlink"}) - {"rm"}
_GIT_DELETING = frozenset({"clean", "rm"})
_GIT_KEEPING = frozenset({"-n", "--dry-run", "--cached", "-e", "--exclude"})


def deletion_views(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10, for a deny or ask of a deletion (`rm -rf data`): what a view led by another deleting program deletes,
    as `rm -rf` of it (`find data -delete`, `git clean -fdx data`, `rsync -a --delete e/ data/`, `shred -u
    data/x`, `trash data`, `tar --remove-files -cf a.tar data`); [] when the view deletes nothing it names."""
    verb = view[0]
    if verb not in DELETING_PROGRAMS:
        return []
    if verb == "git":
        sub = next((w for w in view[1:] if w[:1] != "-"), "")
        if sub not in _GIT_DELETING or any(w in _GIT_KEEPING for w in view):
            return []
        targets = [w for w in view[view.index(sub) + 1 :] if w[:1] != "-"] or ["."]
    elif verb in ("shred", "unlink"):
        removes = verb == "unlink" or any(
            w == "--remove" or (w[:1] == "-" and "u" in w[1:]) for w in view[1:]
        )
        targets = [w for w in view[1:] if w[:1] != "-"] if removes else []
    else:
        targets = _deleted(view, view, [], [], False, frozenset(), _NO_VALUES)
        spec = DELETERS.get(verb)
        if not targets and spec is not None and (not spec.subcommand or view[1:2] == (spec.subcommand,)):
            targets = [
                w for w in view[2 if spec.subcommand else 1 :] if w[:1] != "-"
            ]  # its files (`srm .env`)
    return [("rm", "-rf", *targets)] if targets else []


def _git_clean_tree(view: tuple[str, ...], words: tuple[str, ...]) -> list[str]:
    """``git clean`` (not ``-n``): the work tree it cleans -- ``-C DIR`` (cumulative), ``--work-tree=DIR``,
    ``GIT_WORK_TREE=DIR`` -- as a word to resolve from the segment's directories; [] when it is not one."""
    chdir = ""
    tree: str | None = None
    for w in words:
        if w.startswith("GIT_WORK_TREE="):
            tree = w.partition("=")[2]
    n = len(view)
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w == "-C" and k < n:
            d = view[k]
            k += 1
            chdir = d if d.startswith("/") or not chdir else chdir.rstrip("/") + "/" + d
        elif w.startswith("--work-tree"):
            if "=" in w:
                tree = w.partition("=")[2]
            elif k < n:
                tree, k = view[k], k + 1
        elif w in ("-c", "--git-dir", "--namespace", "--exec-path", "--config-env") and k < n:
            k += 1
        elif w[:1] == "-":
            continue
        elif w != "clean":
            return []  # another git command
        else:
            rest = view[k:]
            if any(r in ("-n", "--dry-run") or (r[:1] == "-" and r[1:2] != "-" and "n" in r) for r in rest):
                return []
            break
    else:
        return []
    base = tree if tree is not None else "."
    if chdir and not base.startswith("/"):
        base = chdir.rstrip("/") + "/" + base if base != "." else chdir
    return [base]


def _rsync_deletes(view: tuple[str, ...]) -> list[str]:
    """``rsync --delete*`` deletes in its destination; ``--remove-source-files`` in its sources (local ones),
    as rsync's option table reads the words (every reading, when an option's arity is unknown)."""
    out: list[str] = []
    for keys, ops in table_operands(view):
        if len(ops) < 2:
            continue
        if any(k == "del" or k.startswith("delete") for k in keys):
            out.append(ops[-1])
        if any(k.startswith("remove-s") for k in keys):
            out.extend(ops[:-1])
    return [t for t in dict.fromkeys(out) if not _remote_place(t)]


_HERE_DOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z0-9_.-]+)\1")
_ARG_FILE_LONG = "--arg-file"
_STREAMS = ("/dev/stdin", "-", "/dev/fd/", "/proc/self/fd/", "<(")


def _here_docs(command: str) -> list[str]:
    """The words of every here-document body in the text (read loosely: deny more)."""
    out: list[str] = []
    for m in _HERE_DOC.finditer(command):
        if command[m.start() - 1 : m.start()] == "<" or len(out) > _MAX_READINGS * 16:
            continue  # `<<<`: a here-string
        start = command.find("\n", m.end())
        if start < 0:
            continue
        for line in command[start + 1 :].split("\n"):
            if line.strip() == m.group(2):
                break
            out.extend(line.replace("'", " ").replace('"', " ").split())
    return out


def _arg_files(words: tuple[str, ...]) -> list[str]:
    """xargs's ``-a FILE`` / ``-aFILE`` / ``--arg-file[=]FILE`` (any abbreviation)."""
    found: list[str] = []
    for k, w in enumerate(words):
        nxt = words[k + 1] if k + 1 < len(words) else ""
        if w == "-a":
            found.append(nxt)
        elif w.startswith("-a") and w[1:2] != "-":
            found.append(w[2:])
        elif w.startswith("--a") and _ARG_FILE_LONG.startswith(w.partition("=")[0]):
            found.append(w.partition("=")[2] if "=" in w else nxt)
    return [f for f in found if f]


def _xargs_fed_more(
    segments: Sequence[Segment],
    joins: list[str | None],
    i: int,
    command: str,
    sets: list[frozenset[str]] | None,
    single: frozenset[str],
) -> list[str]:
    """What else xargs reads as operands: here-documents given to it or to the commands piped into it, an
    ``-a`` file that is a process substitution (its commands' printed words) or a file a command before it
    wrote (``echo / > l; xargs -a l rm -rf``)."""
    seg = segments[i]
    fed: list[str] = []
    chain = [seg.text, *(segments[k].text for k in _piped_into(segments, joins, i))]
    if any("<<" in t.replace("<<<", "") for t in chain):
        fed.extend(_here_docs(command))
    if any("<<<" in t for t in chain[1:]):
        fed.extend(here_strings(command))
    files = _arg_files(seg.words)
    if not files:
        return fed
    if any(f.startswith(_STREAMS) for f in files):
        for j in _hidden_after(segments, i):
            fed.extend(_printed(segments[j].words, sets[j] if sets is not None else single))
        fed.extend(here_strings(command))
        fed.extend(_here_docs(command))
    for j in range(i):
        if any(r in files for r in segments[j].redirects):
            fed.extend(_printed(segments[j].words, sets[j] if sets is not None else single))
            if "<<" in segments[j].text:
                fed.extend(_here_docs(command))
    return fed


def handed_at_run_time(
    segments: Sequence[Segment], command: str, i: int, cwd: str
) -> tuple[list[str], list[str], list[str]]:
    """R4.10, for a rule naming a place: what segment ``i`` is handed when it runs, read as the floor reads it (R4.6)
    -- the operands xargs reads from the commands piped into it (`echo .env | xargs cat`, `xargs cat < <(echo
    .env)`), the segment's words with each command substitution filled in by what it prints (`cat $(echo .env)`,
    `cat "$(pwd)/.env"`), and the globs of the names a list it is handed may hold (picked_by_name: `find . -name
    .env | xargs cat`, `cat "$(ls -a | grep env)"`), each one operand: (the first, the second, the third; each []
    when there is none)."""
    seg = segments[i]
    single = frozenset({cwd})
    fed: list[str] = []
    picked: list[str] = []
    if seg.words[:1] == ("xargs",):
        joins = joiners(segments, command)
        fed = _xargs_fed(segments, joins, i, command, None, single)
        if seg.inputs and any(r.startswith("<(") for r in seg.redirects):
            fed += _substitutions_print(segments, i, single, None, command)
            picked = picked_by_name([segments[j].words for j in _hidden_after(segments, i)])
        picked += picked_by_name([segments[k].words for k in _piped_into(segments, joins, i)])
    filled: list[str] = []
    if any(mark in w for w in seg.words for mark in _SUBSTITUTED):
        picked += picked_by_name([segments[j].words for j in _hidden_after(segments, i)])
        printed = _substitutions_print(segments, i, single, None, command)
        if printed:
            filled = [seg.words[0], *_filled_in(list(seg.words[1:]), printed)]
    if (
        "$" in seg.text
    ):  # a variable the command gives a literal value (`f=.env; cat $f`, `for f in .env; do cat $f`)
        values = _values(segments, command, None, cwd)
        many = command.count("${") > _MANY_EXPANSIONS
        held = [r for w in seg.words[1:] if "$" in w for r in _readings(w, values, many) if r != w]
        if held:
            filled = [*(filled or seg.words[:1]), *held]
    return fed[:_MAX_READINGS], filled, picked


# A variable in a word (the positional parameters too: `set -- .env; cat "$1"`, `bash -c 'cat "$@"' _ .env`), and
# the text an expansion may give whatever its value: a default (`${X:-.env}`, `${X=.env}`), an alternative
# (`${X:+.env}`) or a replacement (`${X/*/.env}`), groups 2 and 3. Groups 5 to 7: an expansion computing its text
# from the value -- a change of case (`${f,,}`, `${f^^}`, `${f~~}`, `${f@L}`), a part cut off (`${f%.bak}`,
# `${f##*/}`), a slice (`${f:1:4}`) or a replacement with no replacement text (`${f/x}`).
_VARIABLE = re.compile(
    r"\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?:(:?[-=+]|//?[^/{}$`]*/)([^{}$`]*))?\}"
    r"|\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*])"
    r"|\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+)" + EXPANSION_OPERATOR + r"([^{}$`]*)\}"
)


# Past this many `${` in a command (hostile input), a cut or a replacement by a pattern is not computed -- each is a
# regular expression -- but read as any name (`*`, `.*`: a rule naming a place then asks, R4.8); and each is
# computed for a variable's first _VALUES_CUT values.
_MANY_EXPANSIONS = 64
_VALUES_CUT = 8


def _readings(word: str, values: Values, many: bool = False) -> list[str]:
    """``word`` with each variable in it written as each value the command gives it, and each expansion that may
    give a text of its own as that text (every combination, up to _MAX_READINGS): `$x$y` after `x=.e; y=nv` as
    `.env`, `${X:-.env}` as `.env`, `${f%.bak}` after `f=.env.bak` as `.env` (glob_syntax.expanded_value). A
    variable with no known value stays as written. ``many``: the command holds more than _MANY_EXPANSIONS."""
    readings = [word]
    for m in _VARIABLE.finditer(word):
        name = m.group(1) or m.group(4) or m.group(5)
        given = sorted(values.get(name, ()))[:_MAX_READINGS]
        op = m.group(2) or m.group(6)
        if given and op is not None and (m.group(6) is not None or op[0] == "/"):
            # (the value as the expansion changes it; the value as given stays a reading: deny more)
            arg = m.group(7) if m.group(2) is None else m.group(3)
            if many and op[0] in "#%/":
                given += ["*", ".*"]
            else:
                given += [t for v in given[:_VALUES_CUT] if (t := expanded_value(v, op, arg)) is not None]
        if m.group(2) is not None:
            given.append(m.group(3))
        if given:
            readings = [r.replace(m.group(), v, 1) for r in readings for v in given][:_MAX_READINGS]
    return readings


def _piped_into(segments: Sequence[Segment], joins: list[str | None], i: int) -> list[int]:
    """The indexes of the commands piped into segment ``i``, the nearest first (a substitution's hidden commands
    between them do not end the walk)."""
    out: list[int] = []
    k = i - 1
    while k >= 0 and joins[k] in ("|", "|&", None):
        out.append(k)
        if joins[k] is None and not segments[k].hidden:
            break
        k -= 1
    return out


def _hidden_after(segments: Sequence[Segment], i: int) -> range:
    """The indexes of segment ``i``'s substitutions' commands (the hidden segments right after it)."""
    j = i + 1
    while j < len(segments) and segments[j].hidden:
        j += 1
    return range(i + 1, j)


# find's tests of a name or a path (`find . -name .env`), whose value is a glob
_FIND_NAMES = frozenset({"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"})
# git ls-files' options whose value is the next word (`-x .env` excludes it: no pathspec)
_LS_VALUES = frozenset({"-x", "-X", "--exclude", "--exclude-from", "--exclude-per-directory", "--format"})
# the searchers that filter a listing by a pattern (`ls -a | grep env`), and their options taking a value
_SEARCH_FILTERS = frozenset({"grep", "egrep", "fgrep", "rg"})
_FILTER_VALUES = frozenset({"-m", "--max-count", "-A", "-B", "-C"})
# the searchers' options printing the names of files by their content, and rg's showing hidden files
_NAMES_BY_CONTENT = frozenset({"--files-with-matches", "--files-without-match"})
_NAMES_LETTERS = frozenset("lL")
_RG_HIDDEN = frozenset({"--hidden", "-.", "--unrestricted"})
# a regular expression's characters a glob cannot say (the pattern is then read as "any name")
_REGEX_ONLY = re.compile(r"[\\+?(){}|\[\]]")
_GLOB_CHARS = re.compile(r"[*?\[\]]")


def picked_by_name(producers: Sequence[tuple[str, ...]]) -> list[str]:
    """R4.10, for a rule printing a place: the names a list made at run time may hand on (piped into xargs, a
    command substitution's words) when a command making it picks its places by name -- find's name tests (`find .
    -name .env | xargs cat`), git ls-files' pathspecs, a searcher filtering the listing (`cat "$(ls -a | grep
    env)"`) -- as globs (matching.GlobMeaning: such a glob may name the place, so a deny or ask of it asks; a
    literal name is the place itself). A name picked anywhere below the folder is written one and two folders
    deep too, and a glob led by `*` or `?` also matches a leading dot (find's and grep's do). A list no filter
    picks from (`git ls-files | xargs cat`) hands nothing here: it is read as `grep -r` is."""
    globs: list[str] = []
    picked: list[str] = []
    for words in producers:
        if not words:
            continue
        first = words[0].rpartition("/")[2]
        if first == "find":
            picked += _find_picks(words)
        elif first == "git" and "ls-files" in words:
            rest = words[words.index("ls-files") + 1 :]
            globs += [
                w for k, w in enumerate(rest) if w[:1] != "-" and (k == 0 or rest[k - 1] not in _LS_VALUES)
            ]
        elif first in _SEARCH_FILTERS:
            globs += _filtered_as_glob(words)
        elif first in FDS:  # fd's pattern below each folder it searches (`cat $(fd -H '^\.env$')`)
            picked += fd_picked(FdWords(words))
    picked += [d for g in dict.fromkeys(globs) if g and g[:1] != "!" for d in named_below(g)]
    return picked[: _MAX_READINGS * 4]


def named_below(glob: str) -> list[str]:
    """A glob picking a name anywhere below a folder (find's, grep's): as written and one and two folders deep,
    each also led by the dot its `*` or `?` may match (dotted_globs: `*env*`, `*?env*`, `*.env` pick `.env`)."""
    out: list[str] = []
    for folders in _BELOW:
        deep = folders + glob
        out.append(deep)
        head, _, name = deep.rpartition("/")
        out += [f"{head}/{d}".removeprefix("/") for d in dotted_globs(name)]
    return out


# the folders a name may be found in below a folder, one or two deep, a dot folder among them (`.aws/`)
_BELOW = ("", "*/", ".*/", "*/*/", ".*/*/", "*/.*/", ".*/.*/")


def _find_picks(words: tuple[str, ...]) -> list[str]:
    """What find's name and path tests pick, as globs (named_below): a name below each folder it starts from
    (`find ~/.aws -name credentials` as `~/.aws/credentials`, `~/.aws/*/credentials`, ...), a path as tested
    (`-path '*/.env'`, also as `.env`: its `*` matches find's `.`); `-iname` also lower-cased. With no such test,
    any name below each folder it starts from but the one it runs in (`cat $(find ~/.aws -type f)`)."""
    k = find_expression_at(words)
    starts = [w.rstrip("/") or "/" for w in words[1:k]]
    here = not starts or any(d in (".", "./") for d in starts)
    out: list[str] = []
    if _FIND_NAMES.isdisjoint(words):
        # every file below a folder named (not the one it runs in: as `grep -r`)
        return [f"{d}/{b}" for d in starts if d not in (".", "./") for b in named_below("*")]
    for j in range(k, len(words) - 1):
        test = words[j]
        if test not in _FIND_NAMES:
            continue
        g = words[j + 1].removeprefix("./")
        tested = [g, g.lower()] if test[1] == "i" else [g]
        if "path" in test:
            out += [*tested, *(t[2:] for t in tested if t.startswith("*/"))]
            continue
        below = [d for t in tested for d in named_below(t)]
        out += [f"{d}/{b}" for d in starts if d not in (".", "./") for b in below]
        out += below if here else []
    return out


def _filtered_as_glob(words: tuple[str, ...]) -> list[str]:
    """What a searcher filtering a listing keeps, as a glob of the name: its pattern anywhere in it (`grep env` as
    `*env*`), any name for a pattern a glob cannot say; none when it keeps what does not match (`grep -v`). A
    searcher printing the names of the files whose content matches (`grep -rl API_KEY .`) picks any name -- but a
    hidden one for rg, which skips them unless told (`--hidden`, `-uu`)."""
    if any(
        w in _NAMES_BY_CONTENT or (w[:1] == "-" and w[1:2] != "-" and not _NAMES_LETTERS.isdisjoint(w))
        for w in words[1:]
    ):
        hidden = words[0].rpartition("/")[2] != "rg" or any(w in _RG_HIDDEN or w[:3] == "-uu" for w in words)
        return ["*"] if hidden else ["[!.]*"]
    pattern: str | None = None
    fixed = words[0].rpartition("/")[2] == "fgrep"
    k = 1
    while k < len(words):
        w = words[k]
        k += 1
        if w in ("-e", "--regexp") and k < len(words):
            pattern = words[k] if pattern is None else "*"
            k += 1
        elif w in ("-f", "--file"):
            return ["*"]  # (patterns read from a file: any name)
        elif w == "--":
            if pattern is None and k < len(words):
                pattern = words[k]
            break
        elif w[:1] == "-" and len(w) > 1:
            if w == "--invert-match" or (w[1] != "-" and "v" in w[1:]):
                return []
            fixed = fixed or w in ("-F", "--fixed-strings") or (w[1] != "-" and "F" in w[1:])
            k += w in _FILTER_VALUES
        elif pattern is None:
            pattern = w
    if pattern is None:
        return []
    if fixed:
        return [f"*{_GLOB_CHARS.sub('?', pattern)}*"]
    core = pattern.strip("^$").replace("\\.", "\x00").replace(".*", "\x01")
    if _REGEX_ONLY.search(core) is not None:
        return ["*"]  # (a pattern a glob cannot say: any name)
    return ["*" + core.replace(".", "?").replace("\x00", ".").replace("\x01", "*") + "*"]
