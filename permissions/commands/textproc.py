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

import re

from permissions.commands.interpreters import is_stream
from permissions.commands.shells import names_a_shell
from permissions.commands.syntax import NONE, OPTIONAL, REQUIRED, long_option

__all__ = [
    "AWKS",
    "SEDS",
    "SED_MAY_RUN",
    "awk_commands",
    "awk_opaque",
    "program_words",
    "sed_commands",
    "sed_opaque",
]

AWKS = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk", "original-awk"})
SEDS = frozenset({"sed", "gsed"})

_AWK_CODE = "the awk program runs commands or writes files"
# Where sed's `e` may stand in a segment's words (joined by NULs): as a command -- a word's start, after an address,
# a `;`, a brace, a negation or a blank (`ecmd`, `1e cmd`, `$e`, `/x/e cmd`) -- or as the `s` command's flag after its
# closing delimiter and other flags (`s/x/y/e`, `s|x|y|ge`): the cheap test before sed's commands are read
# (runners.CARRIER_TRIGGERS' search for sed; `sed s/a/b/ page.tsx` holds none) -- also right after commands of no
# argument there, which sed's reader takes the next command after (`gegrep` is `g` then `e grep`).
SED_MAY_RUN = re.compile(r"(?:[\x00\s0-9$~,+;{}!]|\A)[gGhHxnNpPdDzF=lqQ]*e|[/|#:,!@%^][gpiImM0-9wW]*e").search
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
    why, programs, _ = _awk_read(view)
    if why is not None:
        return why
    for prog in programs:
        if _awk_program_runs(prog):
            return _AWK_CODE
    return None


def _awk_read(view: tuple[str, ...]) -> tuple[str | None, list[str], list[str]]:
    """(why the program is code no rule reads before it is read -- an option gawk does not have, a library, a
    program from the input -- or None; the programs the words give, none under `--sandbox`; the values given to
    variables: `-v name=value`, `--assign`, and operands `name=value`)."""
    n = len(view)
    k = 1
    got = _AwkWords()
    while k < n:
        w = view[k]
        if w == "--":
            k += 1
            break
        if len(w) < 2 or w[0] != "-":
            break
        name, value, k = _awk_long(w, view, k) if w[1] == "-" else _awk_short(w, view, k)
        why = got.take(name, value)
        if why is not None:
            return why, got.programs, got.values
    if not got.from_file and not got.programs:
        if k >= n:
            return _FROM_INPUT, got.programs, got.values
        got.programs.append(view[k])
        k += 1
    values = got.values + [
        w.partition("=")[2] for w in view[k:] if "=" in w and w.partition("=")[0].isidentifier()
    ]
    if got.sandbox:
        return None, [], values  # gawk --sandbox refuses system(), pipes and redirections
    return None, got.programs, values


class _AwkWords:
    """What awk's options give, read one at a time (_awk_read)."""

    __slots__ = ("from_file", "programs", "sandbox", "values")

    def __init__(self) -> None:
        self.programs: list[str] = []
        self.values: list[str] = []
        self.from_file = self.sandbox = False

    def take(self, name: str, value: str) -> str | None:
        """Why the option ``name`` (as _awk_long names it) makes the program code no rule reads, or None."""
        if name in ("?", "load", "exec"):
            return _AWK_CODE  # an option gawk does not have, an ambiguous one, a library (`-l`, `--load`)
        if name in ("file", "include"):
            self.from_file = self.from_file or name == "file"
            return _FROM_INPUT if is_stream(value) else None
        if name == "source":
            self.programs.append(value)
        elif name == "assign":
            self.values.append(value.partition("=")[2])
        elif name == "sandbox" or (name == "W" and value.startswith("sandbox")):
            self.sandbox = True
        return None


def _awk_long(w: str, view: tuple[str, ...], k: int) -> tuple[str, str, int]:
    """The long option at ``view[k]`` (``w``): (its full name, "?" for one gawk has not; its value; the next index)."""
    name, eq, value = w[2:].partition("=")
    hit = long_option(name, _AWK_LONG)
    if hit is None:
        return "?", "", k + 1
    if hit[1] == REQUIRED and not eq:
        return hit[0], view[k + 1] if k + 1 < len(view) else "", k + 2
    return hit[0], value, k + 1


# awk's letters by gawk's long names (`-E` runs a file as `-f` does; `-l` loads a library); letters that take no
# value, or only one glued to them (`-o[file]`)
_AWK_SHORT = {"f": "file", "E": "file", "i": "include", "e": "source", "v": "assign", "l": "load", "F": "F"}
_AWK_FLAGS = frozenset("bcCdDgMnNoOpPrsStVW")


def _awk_short(w: str, view: tuple[str, ...], k: int) -> tuple[str, str, int]:
    """The short option at ``view[k]`` (``w``): as _awk_long reads a long one."""
    c = w[1]
    if c in _AWK_SHORT:
        if w[2:]:
            return _AWK_SHORT[c], w[2:], k + 1
        return _AWK_SHORT[c], view[k + 1] if k + 1 < len(view) else "", k + 2
    return (c if c in _AWK_FLAGS else "?"), w[2:], k + 1


# red team (R4.6, R4.7): the commands an awk program runs -- `system(CMD)`, `print | CMD`, `CMD | getline` (and
# gawk's `|&`) -- each an expression of strings and variables, read as the text it makes: the strings as written
# (`"rm -rf " "/"`), a variable as each value the words or the program give it (`-v d=/`, `d = "/"`), a field or
# a variable nothing gives as nothing (deny more: `system("rm -rf /" $1)` is `rm -rf /`).
_AWK_TOKEN = re.compile(r'"((?:[^"\\\n]|\\.)*)"|([A-Za-z_]\w*)|(\|\||&&|\|&?|\$\w*|[(){};\n,=<>!]|\S)')
_AWK_ASSIGNED = re.compile(r'([A-Za-z_]\w*)\s*=\s*"((?:[^"\\\n]|\\.)*)"')
_AWK_ENDS = frozenset({";", "}", "\n", "{", "||", "&&", ","})
_AWK_ESCAPES = {"n": "\n", "t": "\t", "/": "/", '"': '"', "\\": "\\"}
_MAX_AWK_COMMANDS = 16
_AWK_FORMAT = re.compile(r"%[-+ #0-9.]*[a-zA-Z]")
_AWK_PRINTS = frozenset({"print", "printf"})


def awk_commands(view: tuple[str, ...]) -> list[str]:
    """The command lines ``view``'s awk program runs, read from its words (see above)."""
    _, programs, values = _awk_read(view)
    out: list[str] = []
    for prog in programs:
        if not _awk_program_runs(prog):
            continue
        known: dict[str, list[str]] = {}
        for name, value in _AWK_ASSIGNED.findall(prog):
            known.setdefault(name, []).append(_awk_string(value))
        tokens = [(m[1], m[2], m[3]) for m in _AWK_TOKEN.finditer(prog)][:4096]
        for expression, printed in _awk_command_expressions(tokens):
            texts = _awk_texts(expression, known, values)
            out += texts
            if any(names_a_shell(t) for t in texts):
                out += _awk_texts(printed, known, values)  # `print "CMD" | "sh"`: what is printed runs
    return out[:_MAX_AWK_COMMANDS]


def _awk_string(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _AWK_ESCAPES.get(m[1], m[1]), text)


_Tokens = list[tuple[str, str, str]]


def _awk_command_expressions(tokens: _Tokens) -> list[tuple[_Tokens, _Tokens]]:
    """The token runs that are commands, each with what is printed into it: `system(...)`'s argument, what
    follows a lone `|` (`print x | CMD`, x printed), what precedes one followed by `getline` (`CMD | getline`)."""
    out: list[tuple[_Tokens, _Tokens]] = []
    for k, (_, name, op) in enumerate(tokens):
        if name == "system" and k + 1 < len(tokens) and tokens[k + 1][2] == "(":
            depth, j = 0, k + 1
            while j < len(tokens):
                depth += (tokens[j][2] == "(") - (tokens[j][2] == ")")
                if depth == 0:
                    break
                j += 1
            out.append((tokens[k + 2 : j], []))
        elif op in ("|", "|&"):
            getline = k + 1 < len(tokens) and tokens[k + 1][1] == "getline"
            j = k
            while j > 0 and (tokens[j - 1][2] not in _AWK_ENDS or (tokens[j - 1][2] == "," and not getline)):
                j -= 1
            if getline:
                out.append((tokens[j:k], []))
                continue
            before = tokens[j:k]  # (printf's arguments too)
            j = k + 1
            while j < len(tokens) and tokens[j][2] not in _AWK_ENDS and tokens[j][2] != ")":
                j += 1
            out.append((tokens[k + 1 : j], before))
    return out


def _awk_texts(expression: _Tokens, known: dict[str, list[str]], given: list[str]) -> list[str]:
    """The texts an expression of strings and variables makes: each variable as each value it is given (the
    program's own first, then the words'), one reading per value, a few at most."""
    names = [name for text, name, op in expression if name]
    choices = ([*known.get(names[0], ()), *given] if names else [])[:4] or [""]
    out: list[str] = []
    for choice in choices:
        parts: list[str] = [""]
        for text, name, op in expression:
            if name in _AWK_PRINTS:
                continue
            if name:
                parts[-1] += known[name][0] if name in known and name != names[0] else choice
            elif op == ",":
                parts.append("")  # printf's next argument
            elif not op:
                parts[-1] += _awk_string(text)
        out.append(_awk_formatted(parts[0], parts[1:]) if len(parts) > 1 else parts[0])
    return out


def _awk_formatted(fmt: str, args: list[str]) -> str:
    """printf's and sprintf's text: each conversion replaced by the next argument (`"rm -rf %s", "/"`)."""
    given = iter(args)
    return _AWK_FORMAT.sub(lambda m: next(given, ""), fmt)


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


def _sed_substitution(script: str, i: int, c: str, commands: list[str] | None) -> int:
    """The index after `s/RE/REPL/FLAGS` or `y/A/B/` whose delimiter stands at ``i``, or -1 when it may run a
    command or write a file (`s///e`, `s///w F`) or cannot be read; with ``commands``, `s///e`'s replacement is put
    there (what the pattern space becomes when the expression matches all of it) and the reading goes on."""
    n = len(script)
    if i >= n or script[i] in "\n\\":
        return -1
    delim = script[i]
    i += 1
    for _ in range(2):
        replaced = i  # (the regular expression's start, then the replacement's)
        while i < n and script[i] != delim:
            i += 2 if script[i] == "\\" else 1
        i += 1
    if i > n:
        return -1
    replacement = script[replaced : i - 1]
    while c == "s" and i < n and script[i] not in ";\n}# \t":
        if script[i] == "e" and commands is not None:
            commands.append(replacement.replace("\\" + delim, delim))
        elif script[i] in "ewW" or script[i] not in "gpiImM0123456789":
            return -1  # s///e runs the pattern space; s///w writes a file
        i += 1
    return i


def _sed_script_runs(script: str, commands: list[str] | None = None) -> bool:
    """One pass over a GNU sed script: True when it may run a command or touch a file (or cannot be read). With
    ``commands``, the pass reads on, and the command lines the script runs are put there (sed_commands)."""
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
            i = _sed_substitution(script, i, c, commands)
            if i < 0:
                return True
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
        if c == "e" and commands is not None:
            j = script.find("\n", i)
            commands.append(script[i : n if j < 0 else j])  # `e CMD`: to the line's end
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
    why, scripts = _sed_read(view)
    if why is not None:
        return why
    for script in scripts:
        if _sed_script_runs(script):
            return _SED_CODE
    return None


def sed_commands(view: tuple[str, ...]) -> list[str]:
    """red team (R4.6, R4.7): the command lines ``view``'s sed script runs -- `e CMD` to the line's end, and
    `s/RE/CMD/e`'s replacement (what the pattern space becomes when the expression matches all of it)."""
    found: list[str] = []
    for script in _sed_read(view)[1]:
        _sed_script_runs(script, found)
    return found


def _sed_read(view: tuple[str, ...]) -> tuple[str | None, list[str]]:
    """(why the script is code no rule reads before it is read -- an option sed does not have, a script from the
    input -- or None; the scripts the words give, none under `--sandbox`)."""
    n = len(view)
    found: list[tuple[str, str]] = []
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
        elif w[1] == "-":
            name, value, k = _sed_long(w, view, k)
            found.append((name, value))
        else:
            k = _sed_short(w, view, k, found)
    return _sed_scripts(found, operands)


def _sed_long(w: str, view: tuple[str, ...], k: int) -> tuple[str, str, int]:
    """A long option at ``w`` (the next word at ``k``): (its full name, "?" for one sed has not; its value; the index
    after it)."""
    name, eq, value = w[2:].partition("=")
    hit = long_option(name, _SED_LONG)
    if hit is None:
        return "?", "", k
    if hit[1] == REQUIRED and not eq:
        return hit[0], view[k] if k < len(view) else "", k + 1
    return hit[0], value, k


_SED_SHORT = {"e": "expression", "f": "file", "l": "line-length"}


def _sed_short(w: str, view: tuple[str, ...], k: int, found: list[tuple[str, str]]) -> int:
    """A cluster of short options at ``w``: what it gives put in ``found`` (as _sed_long names them); the index after
    it (its value may be the next word)."""
    for j in range(1, len(w)):
        c = w[j]
        if c in _SED_SHORT:
            value = w[j + 1 :] or (view[k] if k < len(view) else "")
            found.append((_SED_SHORT[c], value))
            return k + (not w[j + 1 :])
        if c == "i":
            return k  # -i[SUFFIX]: the rest of the word is the suffix
        if c not in "nrEsuzb":
            found.append(("?", ""))
            return k
    return k


def _sed_scripts(found: list[tuple[str, str]], operands: list[str]) -> tuple[str | None, list[str]]:
    scripts: list[str] = []
    from_file = sandbox = False
    for name, value in found:
        if name == "?":
            return _SED_CODE, scripts  # an option sed does not have, or an ambiguous one: fail closed
        if name == "expression":
            scripts.append(value)
        elif name == "file":
            from_file = True
            if is_stream(value):
                return _FROM_INPUT, scripts
        elif name == "sandbox":
            sandbox = True
    if not scripts and not from_file and operands:
        scripts.append(operands[0])  # (sed with no script at all prints its usage)
    return None, [] if sandbox else scripts  # --sandbox refuses e, r and w


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
