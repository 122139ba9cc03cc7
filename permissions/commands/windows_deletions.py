"""PowerShell's deletions by .NET and by an item's own method, read as the Remove-Item they are (SPEC §5 "where it
runs", R4.6, R4.10): a command a hook sees on a Windows machine (``runs_in`` ``agent`` or ``host``).

Bash's reader stops at their parentheses (`(Get-Item C:\\).Delete($true)`: a `(` after a command's words), so
without this reading they ask as unparseable where the floor's deny is due. Each spelling below is what
``Remove-Item -Recurse <target>`` does, or less (a file's `Delete()`, a folder's without `$true`, a listing's
children one by one): deny and ask match more, so each is read as that Remove-Item -- the floor denies a drive's
root or the home folder, and the rest of the reading (path scope, deny and ask patterns naming Remove-Item or
rm) judges it as it judges Remove-Item:

- an item's method: `(Get-Item X).Delete(...)` (and `gi`, Get-ChildItem, `gci`, `ls`, `dir`: a listing's items,
  each deleted), `(New-Object IO.DirectoryInfo X).Delete(...)`, `([IO.DirectoryInfo]X).Delete(...)`,
  `[IO.DirectoryInfo]::new(X).Delete(...)` (FileInfo too);
- .NET's static deleters: `[IO.Directory]::Delete(X, ...)`, `[IO.File]::Delete(X)` (with `System.` or not),
  VisualBasic's `[Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory(X, ...)` and `DeleteFile`;
- a listing piped into a script block that deletes each item: `Get-ChildItem X | ForEach-Object
  { $_.Delete() }` (`%`, `foreach`, `$PSItem`, `-Process { ... }`), nothing else in the block.

``X`` is one argument: a quoted string (no backtick, no sub-expression), a variable, `~...`, a plain word, or
`[Environment]::GetFolderPath('UserProfile')` (the home folder, `~`); a listing's parameters are kept as
Remove-Item takes them (`-Force`, `-Path`, `-LiteralPath`, `-Filter`; others are read as switches, their
values as more targets: more is safe). Backslashes are written `/` (PowerShell takes both; bash would read
`'C:\\'` fine but `"C:\\"` as an escaped quote). A spelling that is a whole statement becomes the Remove-Item
statement; one inside another or inside a block (`$null = (gi ~).Delete($true)`, `try { (gi ~).Delete($true) }
catch {}`) becomes `$(Remove-Item ...)`, a hidden segment judged as any (R4.7). Anything else (`$d.Delete($true)`
but for `$d` set by the statement just before, _HELD; a target built by an expression) stays unread: never
auto-approved.

The same holds for .NET's reads of a file or a folder (friction): `[IO.File]::ReadAllText(X)` (ReadAllLines,
ReadAllBytes, ReadLines) is `Get-Content X`, `[IO.File]::Exists(X)` `Test-Path X`, `[IO.Directory]::GetFiles(X,
...)` (GetDirectories, the Enumerate* calls) `Get-ChildItem X`, judged as those cmdlets are (:func:`reads_as_cmdlets`).
"""

from __future__ import annotations

import re

__all__ = [
    "DELETION_CUE",
    "LOOP_CUE",
    "MOVE_CUE",
    "NAMED_CUE",
    "READ_CUE",
    "deletions_as_removals",
    "loops_unrolled",
    "moves_as_mv",
    "places_named",
    "reads_as_cmdlets",
]

# PowerShell's argument: a quoted string, a variable, a plain word, the home folder by .NET's name
_ARG = (
    r"""(?:'[^'\n]*'|"(?:[^"`$\n]|\$(?!\())*"|\$\{?[\w:]+\}?[\w.:\\/*?~-]*|[\w.:\\/*?~-]+"""
    r"""|\[(?:system\.)?environment\]::getfolderpath\(\s*['"]userprofile['"]\s*\))"""
)
_LISTERS = r"(?:get-item|gi|get-childitem|gci|ls|dir)"
# a listing's parameters and operands (an array of places too: `C:\,D:\`)
_LISTED = rf"(?:[ \t]+(?:-[a-z]\w*(?::\$\w+)?|{_ARG}(?:,{_ARG})*))+"
# (an item moved: Get-Item's one place, its -Path or -LiteralPath named or not, -Force)
_LISTED_ONE = rf"(?:[ \t]+-force)?(?:[ \t]+-(?:literal)?path)?[ \t]+(?P<listed>{_ARG})(?:[ \t]+-force)?"
_CALLED = r"\.delete[ \t]*\([^()\n;{}`@&|]*\)"  # `.Delete()`, `.Delete($true)`, `.Delete(1)`
_INFO = r"\[(?:system\.)?io\.(?:directory|file)info\]"
# ForEach-Object given the member's name Delete (`% Delete`, `foreach -MemberName:Delete`, `% Delete $true`): each
# piped item's own Delete(), as permissions.floor reads it when it is written directly
_EACH_DELETE = (
    r"(?:foreach-object|%|foreach)[ \t]+(?:-m[a-z]*(?::[ \t]*|[ \t]+))?delete"
    r"(?:[ \t]+(?:-a[a-z]*(?::[ \t]*|[ \t]+))?(?:\$true|\$false|1|0))?"
)
_SPELLINGS = re.compile(
    r"(?i)"
    # (Get-Item X).Delete(...)
    rf"\([ \t]*{_LISTERS}(?P<listed>{_LISTED})[ \t]*\){_CALLED}"
    # (New-Object IO.DirectoryInfo X).Delete(...)
    rf"|\([ \t]*new-object[ \t]+(?:-typename[ \t]+)?(?:system\.)?io\.(?:directory|file)info[ \t]+"
    rf"(?:-argumentlist[ \t]+)?(?P<made>{_ARG})[ \t]*\){_CALLED}"
    # ([IO.DirectoryInfo]X).Delete(...), [IO.DirectoryInfo]::new(X).Delete(...)
    rf"|\([ \t]*{_INFO}[ \t]*(?P<cast>{_ARG})[ \t]*\){_CALLED}"
    rf"|\(?{_INFO}::new\([ \t]*(?P<new>{_ARG})[ \t]*\)\)?{_CALLED}"
    # [IO.Directory]::Delete(X, ...), FileSystem's DeleteDirectory and DeleteFile
    rf"|\[(?:system\.)?io\.(?:directory|file)\]::delete[ \t]*\([ \t]*(?P<static>{_ARG})[ \t]*(?:,[^()\n;{{}}`@&|]*)?\)"
    r"|\[(?:microsoft\.visualbasic\.fileio\.)?filesystem\]::delete(?:directory|file)[ \t]*\("
    rf"[ \t]*(?P<vb>{_ARG})[ \t]*(?:,[^()\n;{{}}`@&|]*)?\)"
    # Get-ChildItem X | ForEach-Object { $_.Delete() }
    rf"|(?:(?<=^)|(?<=[;\n{{]))[ \t]*{_LISTERS}(?P<piped>{_LISTED})[ \t]*\|[ \t]*(?:foreach-object|%|foreach)"
    rf"[ \t]*(?:-pr[a-z]*[ \t]+)?\{{[ \t]*\$(?:_|psitem){_CALLED}[ \t]*;?[ \t]*\}}"
    # session 26: Get-ChildItem X | ForEach-Object Delete (-MemberName Delete, its -ArgumentList after)
    rf"|(?:(?<=^)|(?<=[;\n{{]))[ \t]*{_LISTERS}(?P<member>{_LISTED})[ \t]*\|[ \t]*{_EACH_DELETE}"
    r"(?=[ \t]*(?:[;\n|}]|\Z))"
)
# The cheap test before the search (powershell_statements' cues): any of them holds one of these.
DELETION_CUE = re.compile(
    r"(?i)delete(?:directory|file)?[ \t]*\(|(?:%|foreach(?:-object)?)[ \t]+(?:-m[a-z]*(?::[ \t]*|[ \t]+))?delete\b"
    r"|\$\w+[ \t]*\|[ \t]*(?:remove-item|ri|rm|del|erase|rd|rmdir)(?![\w-])"  # (a held item piped: _HELD)
).search
_HOME = re.compile(r"""(?i)\[(?:system\.)?environment\]::getfolderpath\(\s*['"]userprofile['"]\s*\)""")
_STATEMENT_BEFORE = frozenset(";\n")
_STATEMENT_AFTER = frozenset(";\n|")


def deletions_as_removals(text: str, piped_members: bool = True) -> str:
    """``text`` with each spelling above written as the Remove-Item it is (unchanged when it holds none).
    ``piped_members``: a listing piped into ForEach-Object's member Delete (`gci X | % Delete`) too -- in a line a
    Windows runner runs (permissions.floor.windows_inner); written directly the floor reads it itself
    (permissions.floor.each_deletes), and inside the project it stays a method no rule reads (R4.9)."""
    if "=" in text:
        text = _HELD.sub(_held_removal, text)
    if piped_members:
        return _SPELLINGS.sub(_as_removal, text)
    return _SPELLINGS.sub(_as_removal_but_members, text)


def _as_removal_but_members(m: re.Match[str]) -> str:
    return m.group() if m.group("member") is not None else _as_removal(m)


# session 25: the item held by a variable, then deleted by the next statement -- `$d = Get-Item C:\; $d.Delete(
# $true)` (a listing, `(Get-Item X)`, `New-Object IO.DirectoryInfo X`, `[IO.DirectoryInfo]X`, `[IO.DirectoryInfo]
# ::new(X)`) -- is that Remove-Item: nothing runs between, so the variable holds that item. The pair, whole
# statements, becomes the one Remove-Item statement (the assignment only read X). Any other statement between,
# or another use, stays unread. session 26: and the item piped into ForEach-Object's Delete (`$d = Get-Item ~;
# $d | % Delete`); the variable's name in any case (`$D` is `$d`: PowerShell's names ignore case).
# session 27: ... and piped into a deleter (`$d = (Get-Item ~); $d | Remove-Item -Recurse`, `ri`, `rm`, `del`, its
# own parameters after it, no value of theirs but a plain word).
_PIPED_DELETER = r"(?:remove-item|ri|rm|del|erase|rd|rmdir)(?:[ \t]+-[a-z]\w*(?::\$\w+)?)*"
_HELD = re.compile(
    r"(?i)(?:(?<=^)|(?<=[;\n{]))[ \t]*\$(?P<name>\w+)[ \t]*=[ \t]*(?:"
    rf"(?P<paren>\([ \t]*)?{_LISTERS}(?P<listed>{_LISTED})[ \t]*(?(paren)\))"
    rf"|\(?[ \t]*new-object[ \t]+(?:-typename[ \t]+)?(?:system\.)?io\.(?:directory|file)info[ \t]+"
    rf"(?:-argumentlist[ \t]+)?(?P<made>{_ARG})[ \t]*\)?"
    rf"|\(?[ \t]*{_INFO}[ \t]*(?:::new\([ \t]*(?P<new>{_ARG})[ \t]*\)|(?P<cast>{_ARG}))[ \t]*\)?"
    rf")[ \t]*[;\n][ \t]*\$(?P=name)(?:{_CALLED}|[ \t]*\|[ \t]*(?:{_EACH_DELETE}|{_PIPED_DELETER}))[ \t]*"
    r"(?=[;\n|}]|\Z)"
)


def _listed_places(listed: str) -> str:
    """A listing's words as Remove-Item's: with no place of their own (`Get-ChildItem -Recurse`), what the folder
    the command stands in holds (`*`: every item below it, as `Remove-Item -Recurse *` reads)."""
    words = listed.split()
    if all(w[:1] == "-" for w in words):
        words.append("*")
    return " ".join(words)


def _held_removal(m: re.Match[str]) -> str:
    listed = m.group("listed")
    operands = (
        _listed_places(listed)
        if listed is not None
        else next(g for g in (m.group(n) for n in ("made", "new", "cast")) if g is not None)
    )
    return f"Remove-Item -Recurse {_HOME.sub('~', operands).replace(chr(92), '/')}"


def _as_removal(m: re.Match[str]) -> str:
    listed = m.group("listed") or m.group("piped") or m.group("member")
    if listed is not None:
        operands = _listed_places(listed)
    else:
        operands = next(
            g for g in (m.group(n) for n in ("made", "cast", "new", "static", "vb")) if g is not None
        )
    operands = _HOME.sub("~", operands).replace("\\", "/")
    removal = f"Remove-Item -Recurse {operands}"
    text = m.string
    before = text[: m.start()].rstrip(" \t")
    after = text[m.end() :].lstrip(" \t")
    if (not before or before[-1] in _STATEMENT_BEFORE) and (not after or after[0] in _STATEMENT_AFTER):
        return m.group()[: len(m.group()) - len(m.group().lstrip(" \t"))] + removal
    return f"$({removal})"


# session 26, R4.6: an item's move by its own method or by .NET -- `(Get-Item X).MoveTo(Y)` (and the other item
# makers above), `[IO.Directory]::Move(X, Y)`, `[IO.File]::Move(X, Y)`, VisualBasic's `MoveDirectory` and
# `MoveFile` -- is the `mv X Y` it does (PowerShell's `mv` is Move-Item): the floor denies a move of a drive's
# root or the home folder as it denies `mv ~ x`, and the rest of the reading (path scope, deny and ask patterns
# naming mv or Move-Item) judges it as it judges mv. Bash stops at their parentheses, so only where bash's
# reader stopped (permissions.decide reads powershell_statements then); any other spelling stays unread.
_MOVED_TO = rf"\.moveto[ \t]*\([ \t]*(?P<to>{_ARG})[ \t]*(?:,[^()\n;{{}}`@&|]*)?\)"
_MOVES = re.compile(
    r"(?i)(?:"
    rf"\([ \t]*(?:get-item|gi){_LISTED_ONE}[ \t]*\)"
    rf"|\([ \t]*new-object[ \t]+(?:-typename[ \t]+)?(?:system\.)?io\.(?:directory|file)info[ \t]+"
    rf"(?:-argumentlist[ \t]+)?(?P<made>{_ARG})[ \t]*\)"
    rf"|\([ \t]*{_INFO}[ \t]*(?P<cast>{_ARG})[ \t]*\)"
    rf"|\(?{_INFO}::new\([ \t]*(?P<new>{_ARG})[ \t]*\)\)?"
    rf"){_MOVED_TO}"
    rf"|(?:\[(?:system\.)?io\.(?:directory|file)\]::move|\[(?:microsoft\.visualbasic\.fileio\.)?filesystem\]"
    rf"::move(?:directory|file))[ \t]*\([ \t]*(?P<static>{_ARG})[ \t]*,[ \t]*(?P<dest>{_ARG})[ \t]*"
    r"(?:,[^()\n;{}`@&|]*)?\)"
)
# session 27: ForEach-Object calling each piped item's MoveTo -- `gci ~ | % MoveTo('C:\x')`, `% { $_.MoveTo(
# 'C:\x') }` (`$PSItem`, `-Process`, nothing else in the block) -- is `ForEach-Object -MemberName MoveTo
# -ArgumentList X`, which bash reads as words and permissions.floor.each_deletes reads as the listing's places
# leaving them (a pipeline: the listing's places are where.py's to read).
_EACH_MOVE = re.compile(
    r"(?i)(?P<each>foreach-object|%|foreach)[ \t]+(?:-m[a-z]*(?::[ \t]*|[ \t]+))?moveto[ \t]*\([ \t]*"
    rf"(?P<to>{_ARG})[ \t]*(?:,[^()\n;{{}}`@&|]*)?\)"
    r"|(?P<block>foreach-object|%|foreach)[ \t]*(?:-pr[a-z]*[ \t]+)?\{[ \t]*\$(?:_|psitem)\.moveto[ \t]*\([ \t]*"
    rf"(?P<bto>{_ARG})[ \t]*(?:,[^()\n;{{}}`@&|]*)?\)[ \t]*;?[ \t]*\}}"
)
MOVE_CUE = re.compile(
    r"(?i)\.moveto[ \t]*\(|\]::move(?:directory|file)?[ \t]*\(|(?:%|foreach(?:-object)?)[ \t]+(?:-m[a-z]*"
    r"(?::[ \t]*|[ \t]+))?moveto[ \t]*\("
).search


def moves_as_mv(text: str) -> str:
    """``text`` with each move above written as the `mv` it is, a piped item's as ForEach-Object's member call
    (unchanged when it holds none)."""
    return _MOVES.sub(_as_mv, _EACH_MOVE.sub(_as_each_move, text))


def _as_each_move(m: re.Match[str]) -> str:
    dest = _HOME.sub("~", (m.group("to") or m.group("bto")).strip()).replace("\\", "/")
    return f"ForEach-Object -MemberName MoveTo -ArgumentList {dest}"


def _as_mv(m: re.Match[str]) -> str:
    source = next(
        g for g in (m.group(n) for n in ("listed", "made", "cast", "new", "static")) if g is not None
    )
    dest = m.group("to") or m.group("dest")
    places = " ".join(_HOME.sub("~", w.strip()).replace("\\", "/") for w in (source, dest))
    return _spelt_in_place(m, f"mv {places}")


def _spelt_in_place(m: re.Match[str], spelt: str) -> str:
    """``spelt`` for the match ``m``: the statement itself when ``m`` is a whole statement, else `$(spelt)`."""
    text = m.string
    before = text[: m.start()].rstrip(" \t")
    after = text[m.end() :].lstrip(" \t")
    if (not before or before[-1] in _STATEMENT_BEFORE) and (not after or after[0] in _STATEMENT_AFTER):
        return m.group()[: len(m.group()) - len(m.group().lstrip(" \t"))] + spelt
    return f"$({spelt})"


# Friction, SPEC §5: .NET's reads of a file or a folder, spelt as the cmdlets that read the same
# (`[IO.File]::ReadAllText('README.md')` is `Get-Content 'README.md'`, `[IO.File]::Exists(x)` `Test-Path x`,
# `[IO.Directory]::GetFiles('src', '*.py')` `Get-ChildItem 'src'`), with an argument as above and nothing but
# literals after it; the rest of the reading (path scope, deny and ask patterns) judges the cmdlet.
_READS = re.compile(
    r"(?i)\[(?:system\.)?io\.(?P<kind>file|directory)\]::(?P<call>readalltext|readalllines|readallbytes|readlines"
    r"|exists|getfiles|getdirectories|getfilesystementries|enumeratefiles|enumeratedirectories"
    rf"|enumeratefilesystementries)\([ \t]*(?P<place>{_ARG})[ \t]*(?:,[ \t]*(?:'[^'\n]*'|\"[^\"`$\n]*\"|\[[\w.]+\]::\w+)"
    r"[ \t]*)*\)"
)
_READ_AS = {"exists": "Test-Path"} | dict.fromkeys(
    ("readalltext", "readalllines", "readallbytes", "readlines"), "Get-Content"
)
# (a folder's listing for the rest: GetFiles, EnumerateDirectories ...)
READ_CUE = re.compile(r"(?i)\]::(?:read|exists|getfiles|getdirectories|getfilesystem|enumerate)").search


def reads_as_cmdlets(text: str) -> str:
    """``text`` with each .NET read above written as the cmdlet it is (unchanged when it holds none)."""
    return _READS.sub(_as_cmdlet, text)


def _as_cmdlet(m: re.Match[str]) -> str:
    call = m.group("call").lower()
    if call == "exists" and m.group("kind").lower() == "directory":
        program = "Test-Path -PathType Container"
    else:
        program = _READ_AS.get(call, "Get-ChildItem")
    spelt = f"{program} {_HOME.sub('~', m.group('place')).replace(chr(92), '/')}"
    text = m.string
    before = text[: m.start()].rstrip(" \t")
    after = text[m.end() :].lstrip(" \t")
    if (not before or before[-1] in _STATEMENT_BEFORE) and (not after or after[0] in _STATEMENT_AFTER):
        return spelt
    return f"$({spelt})"


# R4.6: a deleter's target given as a sub-expression that names a place of its own words -- `Remove-Item -Recurse
# (Get-Item ~)`, `(Resolve-Path C:\)`, `(Convert-Path $HOME)`, a listing's `(Get-ChildItem X)` (X's items: X
# read, more is safe), `([Environment]::GetFolderPath('UserProfile'))` -- is that place, in a statement a
# deleter leads. Any other sub-expression stays as the rest of the reading takes it.
_DELETER_STATEMENT = re.compile(
    r"(?im)(?:^|(?<=[;\n]))[ \t]*(?:remove-item|ri|rm|del|erase|rd|rmdir)[ \t][^;\n|&{}]*"
)
_NAMED_PLACE = re.compile(
    r"(?i)(?<=[\w'\")-][ \t])\([ \t]*(?:(?:get-item|gi|get-childitem|gci|resolve-path|rvpa|convert-path|cvpa)"
    rf"[ \t]+(?:-(?:literal)?path[ \t]+)?(?P<place>{_ARG})|(?P<home>{_HOME.pattern[4:]}))[ \t]*\)(?=[ \t;|)]|\Z)"
)
NAMED_CUE = re.compile(
    r"(?i)(?:remove-item|ri|rm|del|erase|rd|rmdir)[ \t][^;\n]*\([ \t]*(?:get-item|gi|get-childitem|gci|resolve-path"
    r"|rvpa|convert-path|cvpa|\[)"
).search


def places_named(text: str) -> str:
    """``text`` with each such sub-expression of a deleter's statement written as the place it names."""
    return _DELETER_STATEMENT.sub(_named_in_statement, text)


def _named_in_statement(m: re.Match[str]) -> str:
    return _NAMED_PLACE.sub(_as_place, m.group())


def _as_place(m: re.Match[str]) -> str:
    place = m.group("place")
    return "~" if place is None else _HOME.sub("~", place).replace("\\", "/")


# session 28, R4.6 and SPEC §5: a loop over literal places runs its body once for each of them -- PowerShell's
# `foreach ($d in 'C:\', $HOME) { Remove-Item -Recurse $d }`, `@('C:\') | ForEach-Object { Remove-Item $_
# -Recurse }` (`%`, `foreach`, `-Process`, `$PSItem`), cmd's `for %i in (C:\ %USERPROFILE%) do rd /s /q %i` (`for
# /d`: the folders a glob names, `for /r X`: every item under X, `%%i` in a batch file) -- and is those bodies,
# the variable spelt as each place in turn: `Remove-Item -Recurse 'C:\'; Remove-Item -Recurse $HOME`, what
# bash and the floor read as any statements. red team: only literal places (a quoted string of no `$`, backtick
# or quote of the other kind, a variable, PowerShell's array of them; cmd's words of no `%~`), at most
# _MAX_UNROLLED of them, a body of no brace, `=`, backtick, `&`, `@`, `#` or new line (cmd's: none of `%~`,
# a modifier that makes another place of the item), the variable used whole (not `$d.FullName`, `$d[0]`, nor
# inside a longer double-quoted string); anything else stays as written (never auto-approved).
_MAX_UNROLLED = 8
_PS_ITEM = r"""'[^'\n]*'|"[^"`$'\n]*"|\$(?:env:)?\w+"""
_PS_ITEMS = rf"(?:@?\([ \t]*(?:{_PS_ITEM})(?:[ \t]*,[ \t]*(?:{_PS_ITEM}))*[ \t]*\)|(?:{_PS_ITEM})(?:[ \t]*,[ \t]*(?:{_PS_ITEM}))*)"
_PS_BODY = r"\{{(?P<{}>[^{{}}=`\n@#&]*)\}}"
_LOOPS = re.compile(
    r"(?i)(?:^|(?<=[;\n{&|]))(?P<lead>[ \t]*)(?:"
    rf"foreach[ \t]*\([ \t]*\$(?P<name>\w+)[ \t]+in[ \t]+(?P<items>{_PS_ITEMS})[ \t]*\)[ \t]*{_PS_BODY.format('body')}"
    rf"|(?:(?P<piped>{_PS_ITEMS})[ \t]*\|[ \t]*(?:foreach-object|%|foreach)"
    rf"|(?:foreach-object|%)[ \t]+-i[a-z]*[ \t]+(?P<input>{_PS_ITEMS}))"
    rf"(?:[ \t]+-pr[a-z]*)?[ \t]*{_PS_BODY.format('pbody')}"
    r"|@?for(?:[ \t]+/(?P<switch>[dr]))?(?:[ \t]+(?P<root>[^\s/%()'\"][^\s()'\"]*|\"[^\"\n]*\"))?[ \t]+"
    r"(?P<cvar>%%?[a-z])[ \t]+in[ \t]*\((?P<set>[^()\n&|<>'`]*)\)[ \t]*do[ \t]+(?P<cbody>[^\n]+)"
    r")"
)
LOOP_CUE = re.compile(r"(?i)foreach|(?<![\w-])for[ \t]|%[ \t]*(?:-pr[a-z]*[ \t]*)?\{|%[ \t]+-i").search
_PS_ITEM_FOUND = re.compile(_PS_ITEM).findall


def loops_unrolled(text: str) -> str:
    """``text`` with each loop above written as its bodies, one for each place (unchanged when it holds none)."""
    return _LOOPS.sub(_unrolled, text)


def _unrolled(m: re.Match[str]) -> str:
    if m.group("cvar") is not None:
        items = _cmd_items(m)
        pattern = re.escape(m.group("cvar"))
        body = m.group("cbody").rstrip().lstrip("@")  # (`do @rd ...`: cmd's `@` only keeps it from echoing)
        if " else" not in body.lower():
            body = _EXIST_TESTED("", body, count=1).lstrip("@")  # `if exist %i rd ...`: the rd it may run
        whole = rf"(?<![\w%]){pattern}(?![\w%])"
        if "%~" in body or len(re.findall(pattern, body)) != len(re.findall(whole, body)):
            return m.group()  # `%~dpi` (the item's folder), `%i%PATH%`: another place than the item
        pattern = whole
    else:
        items = [
            i if i[:1] != '"' else f"'{i[1:-1]}'"
            for i in _PS_ITEM_FOUND(m.group("items") or m.group("piped") or m.group("input"))
        ]
        name = "_|psitem" if m.group("name") is None else re.escape(m.group("name"))
        body = (m.group("body") or m.group("pbody")).strip()
        pattern = rf"(?i)\$(?:{name})(?![\w:])"
    if m.group("switch") is not None and m.group("switch").lower() == "r":
        body = _SUBFOLDERS_TOO(r"\1 /s", body, count=1)  # `for /r X %i in (*) do del %i` is `del /s X\*`
    bodies = [_body_for(body, pattern, i) for i in items]
    if not items or len(items) > _MAX_UNROLLED or any(b is None for b in bodies):
        return m.group()
    return m.group("lead") + "; ".join(b for b in bodies if b)


# (cmd's test of a place before the command: what runs is the command, more is safe)
_EXIST_TESTED = re.compile(
    r"(?i)^if[ \t]+(?:not[ \t]+)?exist[ \t]+(?:\"[^\"\n]*\"|[^\s(]+)[ \t]+(?=[^\s(])"
).sub
# (cmd's deleters of files: under `for /r`, each one below the folder -- what their `/s` deletes)
_SUBFOLDERS_TOO = re.compile(r"(?i)^((?:del|erase)(?:\.exe)?)(?=[ \t])").sub


def _cmd_items(m: re.Match[str]) -> list[str]:
    """cmd's set as places, single-quoted (`C:\\*`, `%USERPROFILE%`; under `for /r X`, each below X)."""
    words = [w for w in re.split(r"[\s,;=]+", m.group("set").replace('"', "")) if w]
    root = (m.group("root") or "").strip('"')
    if m.group("switch") is not None and m.group("switch").lower() == "r":
        root = root or "."
        words = [root if w == "." else root.rstrip("\\/") + "\\" + w for w in words]
    elif root:
        return []  # a root without /r: not a loop cmd reads
    return [f"'{w}'" for w in words]


def _body_for(body: str, pattern: str, item: str) -> str | None:
    """``body`` with each whole use of the loop's variable (``pattern``) spelt ``item`` (`"$d"` too), or None
    when one is inside a longer double-quoted string (its meaning there would change)."""
    out: list[str] = []
    at = 0
    for v in re.finditer(pattern, body):
        s, e = v.span()
        if body[e : e + 1] in (".", "["):
            return None  # `$d.FullName`, `$d[0]`: a member of the item, not the item
        if pattern[:4] == "(?i)" and body.count("'", 0, s) % 2:
            return None  # PowerShell's `'$d'`: a name, not the item
        if body.count('"', 0, s) % 2:
            if body[s - 1 : s] != '"' or body[e : e + 1] != '"':
                return None
            s, e = s - 1, e + 1  # `"$d"`: the quotes are the item's own
        out.append(body[at:s])
        out.append(item)
        at = e
    out.append(body[at:])
    return "".join(out)
