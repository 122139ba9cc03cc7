"""awk and sed: text tools whose program can run commands or write files (SPEC R4.9, programs that run programs).

Reading text with them is ordinary (``awk '{print $1}'``, ``sed -n '1,5p'``, ``sed -i 's/a/b/' f``). Their
program is code in another language when it runs commands or touches files the words do not show:
awk's ``system()``, ``getline``, pipes (``print | "sh"``, ``"cmd" | getline``), output redirection
(``print > "/etc/x"``) and gawk's ``@load``/``@include`` / ``-l``; sed's ``e`` command and ``s///e`` flag,
and its ``w``/``W``/``r``/``R`` file commands. Such a segment is opaque. A program these readers cannot
follow (an unknown sed command) is opaque too; a program from a file (``-f prog.awk``) is a script file,
like ``bash script.sh``, unless the file is the input (``-f -``, ``-f /dev/stdin``).
"""

from __future__ import annotations

from permissions.commands.interpreters import is_stream
from permissions.commands.syntax import NONE, OPTIONAL, REQUIRED, long_option

__all__ = ["AWKS", "SEDS", "awk_opaque", "program_words", "sed_opaque"]

AWKS = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk", "original-awk"})
SEDS = frozenset({"sed", "gsed"})

_AWK_CODE = "the awk program runs commands or writes files"
_SED_CODE = "the sed script runs commands or reads or writes files"
_FROM_INPUT = "the program is read from the input, which no rule can read"

# Operators after which `/` starts a regular expression rather than a division.
_REGEX_AFTER = frozenset("(,{};!~&|=<>+-*?:%^\n")


def _awk_program_runs(prog: str) -> bool:
    """One linear pass: strings and regular expressions skipped, then system/getline/|/print-redirect."""
    n = len(prog)
    i = 0
    prev = "\n"  # the last significant character outside strings
    stmt_prints = False  # inside a print/printf statement (a `>` there redirects)
    depth = 0  # parentheses inside that statement (`print (a > b)` compares)
    while i < n:
        c = prog[i]
        if c == '"':
            i += 1
            while i < n and prog[i] != '"':
                i += 2 if prog[i] == "\\" else 1
            i += 1
            prev = '"'
            continue
        if c == "/" and prev in _REGEX_AFTER:
            i += 1
            while i < n and prog[i] != "/":
                if prog[i] == "\n":
                    return True  # not a regular expression we can follow: fail closed
                i += 2 if prog[i] == "\\" else 1
            i += 1
            prev = "/"
            continue
        if c == "#":
            j = prog.find("\n", i)
            i = n if j < 0 else j
            continue
        if c.isalpha() or c == "_":
            j = i
            while j < n and (prog[j].isalnum() or prog[j] == "_"):
                j += 1
            word = prog[i:j]
            if word in ("system", "getline"):
                return True
            if word in ("print", "printf"):
                stmt_prints = True
                depth = 0
            i = j
            prev = "a"
            continue
        if c == "@":
            return True  # gawk @load / @include / indirect calls
        if c == "|":
            if i + 1 < n and prog[i + 1] == "|":
                i += 2
                prev = "|"
                continue
            return True  # a pipe to or from a command
        if c in ";}\n":
            stmt_prints = False
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == ">" and stmt_prints and depth <= 0:
            return True  # print > "file" / print >> "file"
        if not c.isspace():
            prev = c
        i += 1
    return False


_AWK_LONG = {
    "file": REQUIRED,
    "assign": REQUIRED,
    "field-separator": REQUIRED,
    "source": REQUIRED,
    "load": REQUIRED,
    "include": REQUIRED,
    "exec": REQUIRED,
    "dump-variables": OPTIONAL,
    "debug": OPTIONAL,
    "profile": OPTIONAL,
    "pretty-print": OPTIONAL,
    "lint": OPTIONAL,
    "sandbox": NONE,
    "posix": NONE,
    "traditional": NONE,
    "characters-as-bytes": NONE,
    "re-interval": NONE,
    "optimize": NONE,
    "no-optimize": NONE,
    "bignum": NONE,
    "use-lc-numeric": NONE,
    "non-decimal-data": NONE,
    "csv": NONE,
    "help": NONE,
    "version": NONE,
    "copyright": NONE,
    "gen-pot": NONE,
}


def awk_opaque(view: tuple[str, ...]) -> str | None:
    n = len(view)
    k = 1
    from_file = False
    programs: list[str] = []
    sandbox = False
    while k < n:
        w = view[k]
        if w == "--":
            k += 1
            break
        if len(w) < 2 or w[0] != "-":
            break
        if w[1] == "-":
            name, eq, value = w[2:].partition("=")
            hit = long_option(name, _AWK_LONG)
            if hit is None:
                return _AWK_CODE  # an option gawk does not have, or an ambiguous one: fail closed
            full, kind = hit
            if kind == REQUIRED and not eq:
                value = view[k + 1] if k + 1 < n else ""
                k += 1
            if full in ("load", "exec"):
                return _AWK_CODE
            if full in ("file", "include"):
                from_file = full == "file" or from_file
                if is_stream(value):
                    return _FROM_INPUT
            elif full == "source":
                programs.append(value)
            elif full == "sandbox":
                sandbox = True
            k += 1
            continue
        c = w[1]
        value = w[2:]
        if c in "fvFeilEo" or c in "W":
            if c in "fvFeilE" and not value:
                value = view[k + 1] if k + 1 < n else ""
                k += 1
            if c == "l":
                return _AWK_CODE  # gawk -l: load a shared library
            if c in "fE" or c == "i":
                from_file = from_file or c in "fE"
                if is_stream(value):
                    return _FROM_INPUT
            elif c == "e":
                programs.append(value)
            elif c == "W" and value.startswith("sandbox"):
                sandbox = True
        elif c not in "bcCdDgMnNoOpPrsStV":
            return _AWK_CODE
        k += 1
    if not from_file and not programs:
        if k >= n:
            return _FROM_INPUT
        programs.append(view[k])
    if sandbox:
        return None  # gawk --sandbox refuses system(), pipes and redirections
    for prog in programs:
        if _awk_program_runs(prog):
            return _AWK_CODE
    return None


# sed commands that take nothing, a label, a filename or text.
_SED_SIMPLE = frozenset("=dDgGhHlnNpPxzFqQ")
_SED_LABEL = frozenset(":btTv")
_SED_FILES = frozenset("rRwW")
_SED_TEXT = frozenset("aic")


def _sed_address_end(script: str, i: int) -> int:
    """The index after the sed address at ``i`` -- line numbers, `$`, `first~step`, `/re/` or `\\cREc`, `,` and
    `+N`/`~N` -- or -1 when the script ends inside it (a trailing backslash: unreadable)."""
    n = len(script)
    while i < n:
        c = script[i]
        if c.isdigit() or c in "$,~+":
            i += 1
        elif c == "/" or c == "\\":
            if c == "\\":
                i += 1
                if i >= n:
                    return -1
            delim = script[i]
            i += 1
            while i < n and script[i] != delim:
                i += 2 if script[i] == "\\" else 1
            i += 1
            while i < n and script[i] in "IM":
                i += 1
        else:
            break
    return i


def _sed_script_runs(script: str) -> bool:
    """One pass over a GNU sed script: True when it may run a command or touch a file (or cannot be read)."""
    n = len(script)
    i = 0
    while i < n:
        c = script[i]
        if c in " \t\n;}{!":
            i += 1
            continue
        if c == "#":
            j = script.find("\n", i)
            i = n if j < 0 else j
            continue
        i = _sed_address_end(script, i)
        if i < 0:
            return True
        while i < n and script[i] in " \t!":
            i += 1
        if i >= n:
            return False
        c = script[i]
        i += 1
        if c in "{};\n":
            continue
        if c == "s" or c == "y":
            if i >= n:
                return True
            delim = script[i]
            if delim in "\n\\":
                return True
            i += 1
            for _ in range(2):
                while i < n and script[i] != delim:
                    i += 2 if script[i] == "\\" else 1
                i += 1
            if i > n:
                return True
            if c == "s":
                while i < n and script[i] not in ";\n}# \t":
                    if script[i] in "ewW":
                        return True  # s///e runs the pattern space; s///w writes a file
                    if script[i] not in "gpiImM0123456789":
                        return True
                    i += 1
            continue
        if c in _SED_SIMPLE:
            while i < n and (script[i].isdigit() or script[i] in " \t"):
                i += 1  # q5, l 80
            continue
        if c in _SED_LABEL:
            while i < n and script[i] not in ";\n":
                i += 1
            continue
        if c in _SED_TEXT:
            j = script.find("\n", i)
            i = n if j < 0 else j
            continue
        # `e` runs a command, r/R/w/W name files the words do not show, anything else is not known.
        return True
    return False


_SED_LONG = {
    "expression": REQUIRED,
    "file": REQUIRED,
    "in-place": OPTIONAL,
    "line-length": REQUIRED,
    "null-data": NONE,
    "zero-terminated": NONE,
    "quiet": NONE,
    "silent": NONE,
    "regexp-extended": NONE,
    "separate": NONE,
    "sandbox": NONE,
    "unbuffered": NONE,
    "posix": NONE,
    "debug": NONE,
    "follow-symlinks": NONE,
    "binary": NONE,
    "help": NONE,
    "version": NONE,
}


def sed_opaque(view: tuple[str, ...]) -> str | None:
    n = len(view)
    scripts: list[str] = []
    from_file = False
    sandbox = False
    operands: list[str] = []
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            operands.extend(view[k:])
            break
        if len(w) < 2 or w[0] != "-":
            operands.append(w)  # GNU sed permutes: options may follow operands
            continue
        if w[1] == "-":
            name, eq, value = w[2:].partition("=")
            hit = long_option(name, _SED_LONG)
            if hit is None:
                return _SED_CODE
            full, kind = hit
            if kind == REQUIRED and not eq:
                value = view[k] if k < n else ""
                k += 1
            if full == "expression":
                scripts.append(value)
            elif full == "file":
                from_file = True
                if is_stream(value):
                    return _FROM_INPUT
            elif full == "sandbox":
                sandbox = True
            continue
        for j in range(1, len(w)):
            c = w[j]
            if c in "ef" or c == "l":
                value = w[j + 1 :]
                if not value:
                    value = view[k] if k < n else ""
                    k += 1
                if c == "e":
                    scripts.append(value)
                elif c == "f":
                    from_file = True
                    if is_stream(value):
                        return _FROM_INPUT
                break
            if c == "i":
                break  # -i[SUFFIX]: the rest of the word is the suffix
            if c not in "nrEsuzb":
                return _SED_CODE
    if not scripts and not from_file:
        if not operands:
            return None  # sed with no script prints its usage
        scripts.append(operands[0])
    if sandbox:
        return None  # --sandbox refuses e, r and w
    for script in scripts:
        if _sed_script_runs(script):
            return _SED_CODE
    return None


def program_words(words: tuple[str, ...]) -> tuple[int, ...]:
    """Indexes of the words of an awk or sed segment that are its program, not a location (R6.2:
    ``sed '/^$/d' f`` names no path ``/^$/d``). Empty when the program is given with -e/-f/--source
    (the operands are then all files) or the segment is not awk/sed."""
    verb = words[0] if words else ""
    if verb not in AWKS and verb not in SEDS:
        return ()
    out: list[int] = []
    sed = verb in SEDS
    k = 1
    n = len(words)
    while k < n:
        w = words[k]
        if w == "--":
            k += 1
            break
        if len(w) < 2 or w[0] != "-":
            break
        if w.startswith(("--expression", "--source", "--file", "-e", "-f")) or (
            not sed and w.startswith("-E")
        ):
            if w in ("-e", "-f", "--expression", "--source", "--file") or (not sed and w == "-E"):
                if w in ("-e", "--expression", "--source"):
                    out.append(k + 1)
                k += 1
            elif w.startswith(("-e", "--expression=", "--source=")):
                out.append(k)  # the program is inside this word, after the option
            return tuple(out)  # the program is given by option: every operand is a file
        if not sed and w in ("-v", "-F", "--assign", "--field-separator"):
            k += 1
        k += 1
    if k < n:
        out.append(k)
    return tuple(out)


# grep-likes (R4.9): the pattern is text to look for, not a location (`grep '/api/' src`); files stay.
GREPS = frozenset({"grep", "egrep", "fgrep", "rgrep", "zgrep", "rg", "ag", "ack"})
# Short options that take a value (attached or the next word), per program; `e` is the pattern, `f` a file.
_GREP_VALUED = {"rg": "ABCefgjmMrtTEd", "ag": "ABCGgmp", "ack": "ABCgm"}
_GREP_VALUED_DEFAULT = "ABCefmdD"
_GREP_LONG_PATTERN = ("--regexp",)
# Long options whose value is the next word when not attached (the file and glob ones are locations).
_GREP_LONG_VALUED = (
    "--regexp",
    "--file",
    "--after-context",
    "--before-context",
    "--context",
    "--max-count",
    "--glob",
    "--iglob",
    "--type",
    "--type-not",
    "--replace",
    "--max-depth",
    "--threads",
    "--encoding",
    "--label",
    "--binary-files",
    "--devices",
    "--directories",
    "--exclude-from",
    "--sort",
    "--sortr",
)


def pattern_words(words: tuple[str, ...]) -> tuple[int, ...]:
    """Indexes of the words of a grep-like segment that are its patterns (R6.2: a pattern names no
    location). The first operand is the pattern unless -e/-f/--regexp/--file gave one; -e's value is a
    pattern, -f's a file (a location, still checked). Empty for other programs."""
    verb = words[0] if words else ""
    if verb not in GREPS:
        return ()
    valued = _GREP_VALUED.get(verb, _GREP_VALUED_DEFAULT)
    out: list[int] = []
    given = False  # a pattern came from -e / -f: every operand is a file
    first_operand: int | None = None
    k = 1
    n = len(words)
    while k < n:
        w = words[k]
        if w == "--":
            if k + 1 < n and first_operand is None:
                first_operand = k + 1
            break
        if len(w) < 2 or w[0] != "-":
            if first_operand is None:
                first_operand = k
            k += 1
            continue
        if w.startswith("--"):
            name, eq, _ = w.partition("=")
            if name in ("--regexp", "--file"):
                given = True
                if name == "--regexp":
                    out.append(k if eq else k + 1)
            if not eq and name in _GREP_LONG_VALUED:
                k += 1
            k += 1
            continue
        for j in range(1, len(w)):
            c = w[j]
            if c in valued:
                if c in "ef" and verb not in ("ag", "ack"):
                    given = True
                    if c == "e":
                        out.append(k if j + 1 < len(w) else k + 1)
                if j + 1 == len(w):
                    k += 1
                break
        k += 1
    if not given and first_operand is not None:
        out.append(first_operand)
    return tuple(out)
