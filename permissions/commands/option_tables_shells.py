"""Option tables (R4.10) of the shells, for a deny or ask rule naming one by an option: `bash -c`, `sh -c`, `zsh -i`,
`fish --command`. Without a table such a rule matched the words as written, so `bash -lc ls`, `bash -e -c ls`,
`bash --norc -c ls`, `bash -o pipefail -c ls`, `sh -xc ls` went through a deny of `bash -c` / `sh -c`.

A POSIX shell does not read its options as getopt does (bash shell.c, dash options.c, zsh init.c -- the readings
permissions.commands.shells.inline_script makes for the script): its letters cluster behind `-` or `+`, a letter
that takes a value (`-o`, bash's `-O`) takes the next *word* even inside a cluster (`bash -oc pipefail CMD`: `-o
pipefail -c`), zsh's takes the rest of its word when there is one (`-oerrexit`), bash reads its long options first
(`--norc`, also spelt `-norc`; `--rcfile FILE`), zsh's `--NAME` is `-o NAME`, and `-`, `--` or the first operand end
the options (the operands after `-c` are the script, its `$0` and its arguments: `bash script.sh -c` passes `-c` to
the script). :func:`shell_words` writes such words as the getopt words the table reads (one option a word, values
after them, `--` before the operands). A `+` letter turns an option off (`+e`, `+o pipefail`: keys `+e`, `+o`);
`+c`, `+l`, `+D` act as `-c`, `-l`, `-D` do (bash and dash read them whatever their sign). fish reads its options
by getopt_long (`-c CMD`, `--command=CMD`, unique abbreviations); its `-C` (`--init-command`) runs code it is
handed as `-c` does: the act of `-c` and more.

The caps read the shells by their own reader (permissions.commands.shells): these tables are read for a deny or ask
naming the shell only (permissions.commands.options.DENY_ONLY). A letter a table does not list is read as a flag
(shell_words gives every letter its own word: it takes none).
"""

from __future__ import annotations

from collections.abc import Sequence

from permissions.commands.option_reader import Program
from permissions.commands.syntax import REQUIRED

__all__ = ["FISH", "SHELL_TABLES", "shell_words"]

# bash's options (bash(1) "OPTIONS" and "INVOCATION"); its long options do not abbreviate.
_BASH = """
-c
-i
-l --login
-r --restricted
-s
-v --verbose
-D --dump-strings
-o=
-O=
--rcfile= --init-file=
--norc
--noprofile
--noediting
--posix
--debug
--debugger
--dump-po-strings
--pretty-print
--protected
--wordexp
--help
--version
"""
# `sh` is dash (Debian) or bash (macOS, Fedora): both grammars, bash's being the wider.
_DASH = "-c\n-i\n-l\n-s\n-o="
_KSH = "-c\n-i\n-l\n-s\n-o="
# zsh: `--NAME` sets an option by name (shell_words writes it `-o NAME`); `--emulate` takes a value.
_ZSH = "-c\n-i\n-l\n-s\n-o=\n--emulate=\n--help\n--version"
# csh(1), tcsh(1): no option takes a value.
_CSH = "-c\n-i\n-l\n-s"
# The letters every shell reads whatever their sign (bash's and dash's parsers).
_SIGNLESS = frozenset("clD")


def _shell(name: str, spec: str) -> Program:
    """A shell's table: ``spec``, and each of its letters after `+` as the long option `+X` (its key `+X`)."""
    prog = Program(name, spec, intersperse=False)
    for letter, (_, kind) in list(prog.short.items()):
        if letter not in _SIGNLESS:
            prog.long["+" + letter] = (("+" + letter,), kind)
    return prog


# The shells permissions.commands.shells reads a script of (rbash is bash: options.py reads its name so).
SHELL_TABLES: dict[str, Program] = {
    name: _shell(name, spec)
    for names, spec in (
        (("bash", "sh"), _BASH),
        (("dash", "ash", "posh", "yash"), _DASH),
        (("ksh", "ksh93", "mksh", "pdksh", "oksh", "lksh", "bsh"), _KSH),
        (("zsh",), _ZSH),
        (("csh", "tcsh"), _CSH),
    )
    for name in names
}
# bash reads its long options first, also spelt with one dash (`-norc`, `-rcfile FILE`); zsh's value of `-o` may be
# the rest of its word (`-oerrexit`).
_LONG_FIRST = frozenset({"bash", "sh"})
_ATTACHED = frozenset({"zsh"})
_ZSH_OWN_LONG = frozenset({"emulate", "help", "version"})

# fish (getopt_long, options until the first operand, unique abbreviations).
FISH = Program(
    "fish",
    """
    -c= --command=
    -C= --init-command= -> init-command command
    -d= --debug=
    -o= --debug-output=
    -D= --debug-stack-frames=
    -f= --features=
    -p= --profile=
    --profile-startup=
    -i --interactive
    -l --login
    -N --no-config
    -n --no-execute
    -P --private
    --print-rusage-self
    --print-debug-categories
    -h --help
    -v --version
    """,
    abbrev=True,
    intersperse=False,
)


def _long_first(prog: Program, args: Sequence[str], out: list[str]) -> int:
    """bash's long options before its letters (`--norc`, `-norc`, `--rcfile FILE`) written to ``out`` by their `--`
    names, each value after its option; the index of the first word after them."""
    n = len(args)
    k = 0
    while k < n and len(args[k]) > 2 and args[k][0] == "-":
        name = args[k][2:] if args[k][1] == "-" else args[k][1:]
        hit = prog.long.get(name)
        if hit is None:
            break
        out.append("--" + name)
        k += 1
        if hit[1] == REQUIRED and k < n:
            out.append(args[k])
            k += 1
    return k


def shell_words(prog: Program, args: Sequence[str]) -> list[str]:
    """``args`` (the words after a POSIX shell's name) as the getopt words its table reads: bash's leading long
    options by their `--` names, each letter of a cluster its own word (`-` or, where `+` turns it off, `--+X`),
    each value after its option in the order the letters take them, and `--` before the operands."""
    out: list[str] = []
    n = len(args)
    k = _long_first(prog, args, out) if prog.name in _LONG_FIRST else 0
    attached = prog.name in _ATTACHED
    while k < n:
        w = args[k]
        sign = w[:1]
        if sign != "-" and sign != "+":
            break  # the first operand: the script (or, after `-c`, the command string)
        k += 1
        if w == "-" or w == "--":
            break
        if w[:2] == "--":
            if attached and w[2:] not in _ZSH_OWN_LONG:
                out += ["-o", w[2:]]  # zsh: `--errexit` is `-o errexit`
                continue
            out.append(w)
            if prog.long.get(w[2:], (None, 0))[1] == REQUIRED and k < n:
                out.append(args[k])
                k += 1
            continue
        for p in range(1, len(w)):
            letter = w[p]
            hit = prog.short.get(letter)
            out.append("-" + letter if sign == "-" or letter in _SIGNLESS else "--+" + letter)
            if hit is None or hit[1] != REQUIRED:
                continue
            if attached and p + 1 < len(w):
                out.append(w[p + 1 :])  # zsh: `-oerrexit`
                break
            if k < n:
                out.append(args[k])  # the next word, wherever the letter stands in its cluster
                k += 1
    if k < n:
        out.append("--")
        out.extend(args[k:])
    return out
