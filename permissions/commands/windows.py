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
is reported; a copy's source is read, not written (its destination is the last operand or ``-Destination``).
"""

from __future__ import annotations

import re

from permissions.commands.writes import NAMED, TREE

__all__ = [
    "BROUGHT",
    "GONE",
    "WEB_CMDLETS",
    "WINDOWS_WRITERS",
    "WINDOWS_LED",
    "WINDOWS_WRITES",
    "names_windows_writer",
    "runs_unread",
    "sends_on_the_web",
    "windows_readings",
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
}

# A PowerShell word: quoted runs and bare characters up to a blank (no backslash escape; the backtick is
# PowerShell's escape and is dropped).
_WORD = re.compile(r"""(?:"[^"]*"?|'[^']*'?|[^\s"'])+""")
_REDIRECT = re.compile(r"^(?:[0-9*]?)(>>?)(?!&)(.*)$")
_HOMES = ("$env:userprofile", "${env:userprofile}", "$home", "%userprofile%", "~")


def windows_words(text: str) -> list[str]:
    """``text`` split as PowerShell and cmd split it: blanks separate, quotes group, a backslash is a character."""
    return [_unquoted(w) for w in _WORD.findall(_command_text(text))]


# The shell's words a segment's text may start with before its command (`do iwr …` in a loop, `then sc …`).
_LEADING = re.compile(r"^(?:\s*(?:do|then|else|elif|time|!|\{|\()(?=\s|$))+\s*")


def _command_text(text: str) -> str:
    """``text`` from its command on: a loop's or a branch's keyword before it is the shell's, not a word of it."""
    return _LEADING.sub("", text, count=1) if text[:1] in "dte!{(" else text


def _unquoted(word: str) -> str:
    return word.replace('"', "").replace("'", "").replace("`", "") if not _PLAIN(word) else word


_PLAIN = re.compile(r"[^\"'`]*\Z").match


def names_windows_writer(text: str) -> bool:
    """The cheap filter: whether ``text`` may write as Windows reads it (a writer's name, or a redirection)."""
    if ">" in text and _WRITING_REDIRECT.search(text) is not None:
        return True
    first = _command_text(text).split(None, 1)
    return bool(first) and first[0].lower() in WINDOWS_WRITERS


def _path(word: str) -> str:
    """A location as the protected table reads it: ``/`` separators, the home folder as ``~``."""
    w = word.replace("\\", "/")
    low = w.lower()
    for home in _HOMES:
        if low == home or low.startswith(home + "/"):
            return "~" + w[len(home) :]
    if low.startswith("$env:homedrive$env:homepath"):
        return "~" + w[len("$env:homedrive$env:homepath") :]
    return w


_LOCATIONS = ("path", "literalpath", "filepath", "destination", "destinationpath", "name", "newname")


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
    items = _items(kept, values)
    dest = _param(items, ("destination", "destinationpath"))
    new_name = _param(items, ("newname",))
    name_value = _param(items, ("name",))
    sources = [w for n, w in items if not n or w not in (dest, new_name, name_value)]
    if how == "content" or how == "new":
        found.extend((_path(w), NAMED) for w in sources)
        if how == "new" and name_value is not None:
            found.extend((_path(w).rstrip("/") + "/" + _path(name_value), NAMED) for w in sources or ["."])
    elif how == "copy" or how == "move":
        if dest is None and len(sources) > 1:
            dest = sources.pop(1) if kept[0].lower() == "robocopy" else sources.pop()
        if dest is not None:
            found.append((_path(dest), BROUGHT))
        if how == "move":
            found.extend((_path(w), TREE) for w in sources)
    elif how == "rename":
        if new_name is None and len(sources) > 1:
            new_name = sources.pop()
        found.extend((_path(w), TREE) for w in sources)
        if new_name is not None and sources:
            folder = _path(sources[0]).rstrip("/").rpartition("/")[0]
            found.append(((folder + "/" if folder else "") + _path(new_name), BROUGHT))
    elif how == "remove":
        found.extend((_path(w), GONE) for w in sources)
    else:  # "expand": into -DestinationPath, or its second operand
        dest = dest if dest is not None or len(sources) < 2 else sources[1]
        if dest is not None:
            found.append((_path(dest), TREE))
    return found


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
            if any(v.startswith(name) for v in values) and not any(p.startswith(name) for p in _LOCATIONS):
                k += 1 if colon else 2  # a value that is no location
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


def _first_is(text: str, names: frozenset[str]) -> bool:
    """The cheap filter of the readings below, asked of every segment off the sandbox: whether the first word of
    ``text`` may be one of ``names`` (a quoted first word -- `"C:\\Program Files\\pwsh.exe"` -- is read in full)."""
    head = _command_text(text).split(None, 1)
    if not head:
        return False
    first = head[0]
    if first[0] in "\"'":
        return True
    return first.replace("`", "").lower().rpartition("\\")[2] in names


def sends_on_the_web(text: str) -> bool:
    """Whether the segment ``text``, read as PowerShell reads it, is a web request that sends or changes."""
    if not _first_is(text, WEB_CMDLETS):
        return False
    words = windows_words(text)
    if not words or words[0].lower() not in WEB_CMDLETS:
        return False
    # curl's and wget's own short options (`curl -I`, `-b cookies`, `-fo x`) are no abbreviation of these
    least = 4 if words[0].lower() in ("curl", "wget") else 2
    k = 1
    while k < len(words):
        w = words[k]
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


# R4.9 on Windows: programs that run a command no rule reads -- a process started with its arguments
# (Start-Process), a string or script block run (Invoke-Expression, Invoke-Command), cmd's `/c` and `/k` and
# PowerShell's `-Command` (its default for an operand: `powershell git push` runs `git push`) or
# `-EncodedCommand`. Each is what `sh -c` with an unread script is: a person approves it.
_STARTERS = frozenset({"start-process", "saps", "invoke-expression", "iex", "invoke-command", "icm"})
# cmd's `start` opening one document (`start index.html`) is what `open` and `xdg-open` are; a program, or
# anything with its arguments, is run
_RUNNABLE = (".exe", ".bat", ".cmd", ".com", ".ps1", ".vbs", ".js", ".msi", ".lnk", ".sh", ".py")
_CMD = frozenset({"cmd", "cmd.exe"})
_POWERSHELLS = frozenset({"powershell", "powershell.exe", "pwsh", "pwsh.exe"})
_RUNNERS = _STARTERS | _CMD | _POWERSHELLS | {"start"}
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
    return "." not in name or name.endswith(_RUNNABLE)


def runs_unread(text: str) -> str | None:
    """Why the segment ``text``, read as PowerShell and cmd read it, runs a command no rule reads, or None."""
    if not _first_is(text, _RUNNERS):
        return None
    words = windows_words(text)
    if not words:
        return None
    first = words[0].lower().rpartition("\\")[2]
    if first in _STARTERS:
        return f"{words[0]} runs a command no rule reads"
    if first == "start":
        operands = [w for w in words[1:] if w and not _switch(w)]
        if len(operands) > 1 or any(_a_program(w) for w in operands):
            return f"{words[0]} runs a command no rule reads"
        return None
    if first in _CMD:
        if any(w[:2].lower() in ("/c", "/k", "/r") for w in words[1:]):
            return f"{words[0]} runs a command no rule reads"
        return None
    if first not in _POWERSHELLS:
        return None
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


# -- which readings a command needs at all, asked once per command ------------------------------------------------

WINDOWS_LED = 1  # some segment's first word may be a writer's, a web cmdlet's or a runner's (or is quoted)
WINDOWS_WRITES = 2  # some segment redirects into a file (not `2>&1`)

# Every first word the readings above start from, as their filters compare it (lower case, after the last
# backslash): built from the tables, so a name added to one is looked for here too.
_LED_BY = frozenset(WINDOWS_WRITERS) | WEB_CMDLETS | _RUNNERS
# The first words _command_text drops (its _LEADING)
_KEYWORDS = frozenset({"do", "then", "else", "elif", "time", "!", "{", "("})


def windows_readings(texts: list[str]) -> int:
    """Which of the readings above the segments' ``texts`` may need, as WINDOWS_LED | WINDOWS_WRITES bits: 0
    means :func:`names_windows_writer`, :func:`sends_on_the_web` and :func:`runs_unread` answer no for every one
    of them. Each text's first word is looked at once here instead of by each filter (a command off the sandbox
    asked all three of every segment), and compared as the widest of them does: a quoted first word or one
    holding a backtick may be any name."""
    found = 0
    for text in texts:
        if ">" in text and _WRITING_REDIRECT.search(text) is not None:
            found |= WINDOWS_WRITES
        if found & WINDOWS_LED:
            continue
        head = text.split(None, 1)
        if head and head[0] in _KEYWORDS:  # the shell's keyword before the command (_command_text)
            head = _command_text(text).split(None, 1)
        if head:
            first = head[0]
            if first[0] in "\"'" or "`" in first or first.lower().rpartition("\\")[2] in _LED_BY:
                found |= WINDOWS_LED
    return found
