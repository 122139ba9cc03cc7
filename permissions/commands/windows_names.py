"""PowerShell's and cmd's names for acts a POSIX program names (SPEC R4.10: the same program by another name, its
flags written another way; SPEC §5: off the sandbox PowerShell and cmd may be the shell), as data.

A ``deny`` or ``ask`` pattern written in POSIX terms (``Terminal(rm -rf)``, ``Terminal(curl -X POST)``,
``Terminal(cp -r)``, ``Terminal(mv)``) refuses the same act spelt ``Remove-Item -Recurse -Force x``,
``rd /s /q x``, ``iwr -Method Post u``, ``Copy-Item -Recurse a b``, ``move a b``. permissions.commands.windows
(:func:`~permissions.commands.windows.posix_spellings`) reads a segment through these tables into the POSIX
words the pattern is matched against; the tables say nothing about how it reads them.

Names are lower case (PowerShell and cmd ignore case). A PowerShell parameter row: its full name -> (what it
takes, the POSIX words it stands for). What it takes: ``SWITCH`` (no value; ``-Recurse:$false`` turns it off),
``VALUE`` (a value that is no location and means nothing here), ``OPERAND`` (a location, an operand of the
POSIX program, in the order given), ``LAST`` (the destination: after every other operand), ``OPTION`` (a
value given to the POSIX words: ``-Body x`` -> ``-d x``), ``METHOD`` (an HTTP method, upper-cased after the
POSIX word: ``-Method post`` -> ``-X POST``; a read's method gives nothing).
"""

from __future__ import annotations

SWITCH, VALUE, OPERAND, LAST, OPTION, METHOD = range(6)

# The POSIX programs a Windows name may be read as (a deny or ask pattern must name one for any reading here).
PROGRAMS = frozenset({"rm", "cp", "mv", "curl", "cat", "grep", "xxd"})

# PowerShell's common parameters that take a value, with their aliases (and -Credential).
COMMON_VALUED = (
    "erroraction",
    "ea",
    "warningaction",
    "wa",
    "informationaction",
    "infa",
    "progressaction",
    "proga",
    "errorvariable",
    "ev",
    "warningvariable",
    "wv",
    "informationvariable",
    "iv",
    "outvariable",
    "ov",
    "outbuffer",
    "ob",
    "pipelinevariable",
    "pv",
    "credential",
)
# Every cmdlet's common parameters (and the risk-mitigation ones), with their aliases.
_COMMON: dict[str, tuple[int, tuple[str, ...]]] = {
    **dict.fromkeys(("verbose", "vb", "debug", "db", "whatif", "wi", "confirm", "cf"), (SWITCH, ())),
    **dict.fromkeys(COMMON_VALUED, (VALUE, ())),
}
# Aliases are matched whole (PowerShell completes only a parameter's name); a name a row spells is one.
ALIASES = frozenset(
    {"vb", "db", "wi", "cf", "ea", "wa", "infa", "proga", "ev", "wv", "iv", "ov", "ob", "pv", "pspath", "lp"}
)

_ITEMS: dict[str, tuple[int, tuple[str, ...]]] = {
    "path": (OPERAND, ()),
    "literalpath": (OPERAND, ()),
    "pspath": (OPERAND, ()),
    "lp": (OPERAND, ()),
    "filter": (VALUE, ()),
    "include": (VALUE, ()),
    "exclude": (VALUE, ()),
    "force": (SWITCH, ("-f",)),
    **_COMMON,
}

# cmdlet -> its parameters
PARAMETERS: dict[str, dict[str, tuple[int, tuple[str, ...]]]] = {
    "remove-item": {**_ITEMS, "recurse": (SWITCH, ("-r",)), "stream": (VALUE, ())},
    "copy-item": {
        **_ITEMS,
        "recurse": (SWITCH, ("-r",)),
        "destination": (LAST, ()),
        "container": (SWITCH, ()),
        "passthru": (SWITCH, ()),
        "tosession": (VALUE, ()),
        "fromsession": (VALUE, ()),
    },
    "move-item": {**_ITEMS, "destination": (LAST, ()), "passthru": (SWITCH, ())},
    "rename-item": {**_ITEMS, "newname": (LAST, ()), "passthru": (SWITCH, ())},
    "invoke-webrequest": {
        "uri": (OPERAND, ()),
        "method": (METHOD, ("-X",)),
        "custommethod": (METHOD, ("-X",)),
        "body": (OPTION, ("-d",)),
        "infile": (OPTION, ("--data-binary", "-T")),  # the file is the request's body: sent, uploaded
        "form": (OPTION, ("-F",)),
        "outfile": (OPTION, ("-o",)),
        "headers": (OPTION, ("-H",)),
        "contenttype": (OPTION, ("-H",)),
        "useragent": (OPTION, ("-A",)),
        "proxy": (OPTION, ("-x",)),
        "skipcertificatecheck": (SWITCH, ("-k",)),
        "timeoutsec": (VALUE, ()),
        "connectiontimeoutseconds": (VALUE, ()),
        "operationtimeoutseconds": (VALUE, ()),
        "maximumredirection": (VALUE, ()),
        "maximumretrycount": (VALUE, ()),
        "retryintervalsec": (VALUE, ()),
        "sessionvariable": (VALUE, ()),
        "websession": (VALUE, ()),
        "transferencoding": (VALUE, ()),
        "certificate": (VALUE, ()),
        "certificatethumbprint": (VALUE, ()),
        "proxycredential": (VALUE, ()),
        "authentication": (VALUE, ()),
        "token": (VALUE, ()),
        "sslprotocol": (VALUE, ()),
        "httpversion": (VALUE, ()),
        "unixsocket": (VALUE, ()),
        "usebasicparsing": (SWITCH, ()),
        "usedefaultcredentials": (SWITCH, ()),
        "proxyusedefaultcredentials": (SWITCH, ()),
        "disablekeepalive": (SWITCH, ()),
        "skipheadervalidation": (SWITCH, ()),
        "skiphttperrorcheck": (SWITCH, ()),
        "allowunencryptedauthentication": (SWITCH, ()),
        "allowinsecureredirect": (SWITCH, ()),
        "preserveauthorizationonredirect": (SWITCH, ()),
        "preservehttpmethodonredirect": (SWITCH, ()),
        "resume": (SWITCH, ()),
        "passthru": (SWITCH, ()),
        **_COMMON,
    },
}
# red team (R4.10): a deny of `cat .env` refuses `Get-Content .env`, `gc .\.env`, `type .env`
PARAMETERS["get-content"] = {
    **_ITEMS,
    **dict.fromkeys(("raw", "wait", "asbytestream"), (SWITCH, ())),
    **dict.fromkeys(
        ("totalcount", "head", "first", "tail", "last", "readcount", "encoding", "delimiter", "stream"),
        (VALUE, ()),
    ),
}
# red team (R4.10, session 23): and the other cmdlets that print a file's content -- Select-String is grep (its
# pattern and its path both operands: a rule printing a place meets it among them), Format-Hex is xxd, Import-Csv
# prints the file as objects (cat)
PARAMETERS["select-string"] = {
    **_ITEMS,
    "pattern": (OPERAND, ()),
    **dict.fromkeys(
        (
            "casesensitive",
            "simplematch",
            "notmatch",
            "allmatches",
            "list",
            "quiet",
            "raw",
            "noemphasis",
        ),
        (SWITCH, ()),
    ),
    **dict.fromkeys(("context", "encoding", "include", "exclude", "culture", "inputobject"), (VALUE, ())),
}
PARAMETERS["format-hex"] = {
    **_ITEMS,
    "raw": (SWITCH, ()),
    **dict.fromkeys(("count", "offset", "encoding", "inputobject"), (VALUE, ())),
}
PARAMETERS["import-csv"] = {
    **_ITEMS,
    "usequote": (SWITCH, ()),
    "useculture": (SWITCH, ()),
    **dict.fromkeys(("delimiter", "header", "encoding"), (VALUE, ())),
}
PARAMETERS["invoke-restmethod"] = {
    **PARAMETERS["invoke-webrequest"],
    "followrellink": (SWITCH, ()),
    "maximumfollowrellink": (VALUE, ()),
    "responseheadersvariable": (VALUE, ()),
    "statuscodevariable": (VALUE, ()),
}

# PowerShell's names (cmdlets and their built-in aliases) -> (the cmdlet, the POSIX program)
POWERSHELL: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("remove-item", "ri", "rm", "rmdir", "rd", "del", "erase"), ("remove-item", "rm")),
    **dict.fromkeys(("copy-item", "cpi", "cp", "copy"), ("copy-item", "cp")),
    **dict.fromkeys(("move-item", "mi", "mv", "move"), ("move-item", "mv")),
    **dict.fromkeys(("rename-item", "rni", "ren"), ("rename-item", "mv")),
    # Windows PowerShell's `curl` and `wget` are Invoke-WebRequest
    **dict.fromkeys(("invoke-webrequest", "iwr", "curl", "wget"), ("invoke-webrequest", "curl")),
    **dict.fromkeys(("invoke-restmethod", "irm"), ("invoke-restmethod", "curl")),
    **dict.fromkeys(("get-content", "gc", "cat", "type"), ("get-content", "cat")),
    **dict.fromkeys(("select-string", "sls"), ("select-string", "grep")),
    **dict.fromkeys(("format-hex", "fhx"), ("format-hex", "xxd")),
    **dict.fromkeys(("import-csv", "ipcsv"), ("import-csv", "cat")),
}

# Names a POSIX program of its own also answers to: read as PowerShell too, but a parameter PowerShell does
# not know is that program's option (PowerShell refuses the command), not a meaning left unread.
SHARED = frozenset({"rm", "rmdir", "cp", "mv", "curl", "wget", "cat"})

# cmd's names -> (the POSIX program, its switches (lower case, no slash) -> POSIX words, the words it has without
# any switch). A switch naming a program (``=mv``) reads the command as that program.
_DELETES: dict[str, tuple[str, ...]] = {"s": ("-r",), "q": ("-f",), "f": ("-f",)}
_COPIES: dict[str, tuple[str, ...]] = {"s": ("-r",), "e": ("-r",), "y": ("-f",)}
CMD: dict[str, tuple[str, dict[str, tuple[str, ...]], tuple[str, ...]]] = {
    **dict.fromkeys(("del", "erase", "del.exe"), ("rm", _DELETES, ())),
    # rd without /s removes an empty folder
    **dict.fromkeys(("rd", "rmdir"), ("rm", _DELETES, ("-d",))),
    "copy": ("cp", {"y": ("-f",)}, ()),
    **dict.fromkeys(("xcopy", "xcopy.exe"), ("cp", _COPIES, ())),
    **dict.fromkeys(
        ("robocopy", "robocopy.exe"),
        ("cp", {**_COPIES, "mir": ("-r",), "mov": ("=mv",), "move": ("=mv",)}, ()),
    ),
    "move": ("mv", {"y": ("-f",)}, ()),
    **dict.fromkeys(("ren", "rename"), ("mv", {}, ())),
    "type": ("cat", {}, ()),
    **dict.fromkeys(("findstr", "findstr.exe"), ("grep", {}, ())),
}

# A POSIX program's widest reading: what a command it cannot read in full (an ambiguous or unknown parameter, a
# splatted hashtable, a switch or a method given by a variable) is read as -- every option a table here gives
# it, every method that sends.
WIDEST: dict[str, tuple[str, ...]] = {
    "rm": ("-r", "-f", "-d"),
    "cp": ("-r", "-f"),
    "mv": ("-f",),
    "cat": (),
    "grep": (),
    "xxd": (),
    "curl": ("-X", "POST", "-X", "PUT", "-X", "PATCH", "-X", "DELETE", "-d", "@-", "-F", "@-", "-T", "-"),
}
# HTTP methods that only read (-Method Get gives no -X)
READ_METHODS = frozenset({"get", "head", "options", "default", "trace"})

# Other spellings of a POSIX option for the programs matched literally (no option table: permissions.commands
# .options): each translation is also written with them (`Terminal(cp -R)`, `Terminal(cp --recursive)`).
ALSO_SPELT: dict[str, dict[str, tuple[str, ...]]] = {
    "cp": {"-r": ("-R", "--recursive"), "-f": ("-f", "--force")},
    "mv": {"-f": ("--force",)},
}


# PowerShell's approved verbs (`Get-Verb`), the first part of every cmdlet's name: a `Verb-Noun` command is a
# cmdlet, read by PowerShell's own tables (windows.py) -- never a program Brabo does not know that hands its
# words on (views.hands_on).
CMDLET_VERBS = frozenset(
    "add approve assert backup block build checkpoint clear close compare complete compress confirm connect "
    "convert convertfrom convertto copy debug deny deploy disable disconnect dismount edit enable enter exit "
    "expand export find format get grant group hide import initialize install invoke join limit lock measure "
    "merge mount move new open optimize out ping pop protect publish push read receive redo register remove "
    "rename repair request reset resize resolve restart restore resume revoke save search select send set "
    "show skip split start step stop submit suspend switch sync test trace unblock undo uninstall unlock "
    "unprotect unpublish unregister update use wait watch where write foreach tee".split()
)
