"""Interpreters: programs that run code written in another language (SPEC R4.9, R7.3).

Inline code (``python -c``, ``perl -e``, ``node -e``, ``ruby -e``, ``php -r``, ``lua -e``, ``Rscript -e``,
``julia -e``, ``osascript -e``, ``pwsh -Command``, ``deno eval``, ``bun -e``, ``expect -c``, ``vim -c``,
``emacs --eval``, ``gdb -ex``, ``make --eval``) and a program read from the input (``python3`` with no
script, ``python3 -``, ``python3 /dev/stdin``, ``node <(curl …)``) are *opaque*: what they do cannot be
read from their words, so only an allow pattern written for exactly that invocation covers them, and
autonomy, auto mode and the container floor never approve them (R4.9, programs that run programs). A script file
(``python3 tool.py``) or a module (``python3 -m pytest``) is not inline code. Options are read as the
interpreter's own parser reads them; an option whose arity is not known makes every later word that could
be an inline-code option count (fail closed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from permissions.commands.repls import INLINE, PROMPT_VERBS, prompt_reads_input

__all__ = [
    "CODE_FLOOR_VERBS",
    "CODE_RUNNERS",
    "INLINE_CODE",
    "JS_RUNNERS",
    "code_opaque",
    "fed_program",
    "inline_program",
    "POWERSHELLS",
    "is_code_verb",
    "may_name_a_stream",
    "is_stream",
    "wsl_opaque",
]

# R7.3 [beyond]: verbs that run code given as arguments stay exact for approve-always.
CODE_RUNNERS = frozenset(
    {
        "python",
        "python2",
        "python3",
        "node",
        "deno",
        "bun",
        "bash",
        "sh",
        "zsh",
        "dash",
        "ksh",
        "fish",
        "ruby",
        "perl",
        "php",
        "lua",
        "eval",
        "source",
        ".",
        "xargs",
        "awk",
        "gawk",
        "sed",
        "exec",
        "env",
        "osascript",
        "pwsh",
        "powershell",
        "Rscript",
        "julia",
        "tclsh",
        "expect",
        "make",
        "npx",
    }
)
# Other names of the same interpreters: versioned (`python3.11`, `node20`, `ruby3.2`) and alternatives.
# red team: node's TypeScript and Babel runners by their other names (ts-node's own bins, tsm, babel-node,
# sucrase-node) and the restarters that start node with its options (ts-node-dev, node-dev, vite-node).
TS_NODE_NAMES = ("ts-node", "ts-node-esm", "ts-node-script", "ts-node-cwd", "ts-node-transpile-only")
JS_RUNNERS = (
    *TS_NODE_NAMES,
    "tsm",
    "babel-node",
    "sucrase-node",
    "ts-node-dev",
    "tsnd",
    "node-dev",
    "vite-node",
)
MORE_RUNNERS = frozenset(
    {"pypy", "pypy3", "ipython", "ipython3", "nodejs", "tsx", "esno", "luajit", "wish", "bunx", "uvx"}
) | frozenset(JS_RUNNERS)
VERSIONED = ("python", "pypy", "node", "ruby", "perl", "php", "lua", "tclsh", "julia", "bash", "zsh", "ksh")

FROM_INPUT = "reads its program from its input, which no rule can read"


class _Interp(NamedTuple):
    code_short: str = ""  # letters whose value is code (`-c`, `-e`)
    code_long: tuple[str, ...] = ()  # long options whose value is code (`--eval`)
    value_short: str = ""  # letters that take a value (the rest of the word, else the next word)
    rest_short: str = ""  # letters whose optional value is the rest of the word (`perl -i.bak`)
    flag_short: str = ""  # letters that take nothing
    value_long: tuple[str, ...] = ()  # long options that take the next word unless `--x=v`
    flag_long: tuple[str, ...] = ()
    ends: str = ""  # letters that run a module by name and end the options (`python -m pytest`)
    info: tuple[str, ...] = ("--version", "--help", "-V", "-h")  # print and exit: run nothing
    stdin: bool = True  # with no program operand, it reads the program from its input
    # red team: letters and long options that open the prompt even with a script (`python3 -i x.py`): it
    # reads the input after the script ends
    interactive: str = ""
    interactive_long: tuple[str, ...] = ()


_PYTHON = _Interp(
    "c",
    (),
    "WXQ",
    "",
    "bBdEhiIOPqsSuvVx",
    ("--check-hash-based-pycs",),
    ("--help-all", "--help-env"),
    "m",
    interactive="i",
)
# red team, R4.9: perl's `-l[octal]` and `-0[octal]` take digits only, so a letter after them is an option of its own
# (`perl -le CODE` is `-l -e CODE`): they and the digits are read as flags, one letter at a time. `-d` (`-de 0`,
# `-d:Module`) opens the debugger, which reads its commands from the input.
_PERL = _Interp(
    "eE",
    (),
    "IF",
    "CDimMx",
    "acnpsStTuUvwWX0l1234567d",
    (),
    (),
    "",
    ("-v", "-V", "--version", "--help"),
    interactive="d",
)
_NODE = _Interp(
    "ep",
    ("--eval", "--print"),
    "rC",
    "",
    "ci",
    ("--require", "--import", "--loader", "--experimental-loader", "--input-type", "--conditions", "--title"),
    ("--test", "--watch", "--check", "--interactive", "--inspect", "--inspect-brk", "--enable-source-maps"),
    "",
    ("-v", "--version", "-h", "--help"),
    interactive="i",
    interactive_long=("--interactive",),
)
# (ruby's `-l` takes nothing and `-0[octal]` digits only: `ruby -le CODE` is `-l -e CODE`)
_RUBY = _Interp(
    "e",
    (),
    "IrCEF",
    "iTxWK",
    "acdhlnpsSvwy01234567",
    (),
    ("--jit", "--yjit", "--verbose"),
    "",
    ("-v", "--version", "-h", "--help"),
)
_PHP = _Interp(
    "rBRE",
    (),
    "cdfzFt",
    "",
    "aChHilmnqsSvw",
    (),
    (),
    "",
    ("-v", "--version", "-h", "--help", "-m", "-i"),
    interactive="a",
)
_E_ONLY = _Interp("e", ("--eval",), "lLJtp", "", "ivEW", (), (), interactive="i")
# The Clojure CLI with no main, alias, tool or script opens clojure.main's prompt (stdin); with `-M:alias`,
# `-X`, `-T` or `-m ns` it runs what the project names (_RUNS_INSTEAD).
_CLOJURE = _Interp("e", ("--eval",), "im", "MXTAPSJ", "", (), (), "", ("--version", "-h", "--help"))

# ts-node (and its own bins): `-e`/`-p` of its own; `-i` its prompt
_TS_NODE = _Interp(
    "ep",
    ("--eval", "--print"),
    "rIPCDO",
    "",
    "isTHvh",
    (
        "--require",
        "--ignore",
        "--project",
        "--compiler",
        "--ignore-diagnostics",
        "--compiler-options",
        "--dir",
    ),
    ("--interactive", "--transpile-only", "--swc", "--files", "--esm", "--script-mode", "--pretty"),
    "",
    ("-v", "--version", "-h", "--help"),
    interactive="i",
    interactive_long=("--interactive",),
)
_INTERPRETERS: dict[str, _Interp] = {
    "python": _PYTHON,
    "pypy": _PYTHON,
    # red team: Python by other names -- the free-threaded builds, GraalPy, Jython, MicroPython
    **dict.fromkeys(
        ("python3.13t", "python3.14t", "python3.15t", "graalpy", "jython", "micropython"), _PYTHON
    ),
    # red team: IPython runs what reaches its input as Python (`echo 'import os; …' | ipython`), as python does
    "ipython": _Interp("c", (), "m", "", "i", (), (), "", ("--version", "--help", "-h"), interactive="i"),
    "perl": _PERL,
    "node": _NODE,
    "nodejs": _NODE,
    "bun": _Interp(
        "ep",
        ("--eval", "--print"),
        "r",
        "",
        "",
        ("--preload", "--cwd", "--env-file"),
        (),
        "",
        ("-v", "--version", "-h", "--help"),
        False,
    ),
    "ruby": _RUBY,
    # red team (R4.9, R4.10): Ruby's other implementations, and Python's Windows and Debian debug builds, by their
    # names (`jruby -e 'system(...)'` was auto-approved: its code read as no code at all)
    **dict.fromkeys(("jruby", "truffleruby"), _RUBY),
    **dict.fromkeys(("pythonw", "python-dbg", "python3-dbg"), _PYTHON),
    "php": _PHP,
    "lua": _E_ONLY,
    "luajit": _E_ONLY,
    "Rscript": _Interp(
        "e",
        (),
        "",
        "",
        "",
        (),
        ("--vanilla", "--verbose", "--default-packages"),
        "",
        ("--version", "--help"),
        False,
    ),
    "R": _Interp(
        "e",
        (),
        "f",
        "",
        "q",
        (),
        ("--vanilla", "--no-save", "--slave", "--quiet", "--silent"),
        "",
        ("--version", "--help"),
    ),
    "julia": _Interp(
        "eE",
        ("--eval", "--print"),
        "LJtpC",
        "",
        "hvqiO",
        (),
        (),
        "",
        ("-v", "--version", "-h", "--help"),
        interactive="i",
    ),
    "osascript": _Interp("e", (), "lis", "", "", (), ()),
    "expect": _Interp("c", (), "f", "", "bdDinNv", (), (), "", ("-v",)),
    "tclsh": _Interp(),
    "wish": _Interp(),
    # R4.9: more interpreters with an inline-code option; with no program they read it from the input
    # (stdin=True) -- an interactive prompt too, which reads a pipe as it reads what is typed (red team:
    # permissions.commands.repls); stdin=False only where no program means no run at all (`ghc`, `Rscript`).
    "groovy": _Interp("e", (), "acDlp", "", "dhv", ("--classpath", "-cp"), (), "", ("-v", "--version", "-h")),
    "groovysh": _Interp("e", ("--evaluate",), "", "", "", (), (), "", ("-V", "--version", "-h", "--help")),
    "scala": _Interp("e", (), "", "", "", ("-classpath", "-cp"), (), "", ("-version", "-help")),
    "jshell": _Interp("", (), "RJ", "", "qsv", ("--class-path", "--module-path"), (), "", ("--version",)),
    "jrunscript": _Interp("e", (), "f", "", "", ("-cp", "-classpath"), (), "", ("-help",)),
    # red team: the prompts read their input when it is not a terminal too (`echo ':! rm -rf ~' | ghci`), and
    # through an agent's hook they read what the agent types: with no program they read it (stdin=True)
    "ghci": _Interp("e", (), "", "", "", (), (), "", ("--version", "--help")),
    "ghc": _Interp(
        "e", (), "o", "", "c", (), (), "", ("--version", "--help"), False, interactive_long=("--interactive",)
    ),
    "irb": _Interp("", (), "rI", "", "dfUvw", (), (), "", ("-v", "--version", "-h", "--help")),
    "swift": _Interp("e", (), "", "", "", (), (), "", ("--version", "-help")),
    "kotlin": _Interp("e", ("-expression",), "", "", "", ("-cp", "-classpath"), (), "", ("-version",)),
    # (red team: `kotlinc-jvm`, the JVM compiler's own name, opens the same prompt)
    **dict.fromkeys(
        ("kotlinc", "kotlinc-jvm"),
        _Interp("e", ("-expression",), "d", "", "", ("-cp", "-classpath", "-script"), (), "", ("-version",)),
    ),
    "ecl": _Interp("e", (), "", "", "", (), (), "", ("--version", "-?", "--help")),  # `-eval` (one dash)
    "raku": _Interp("e", (), "IM", "", "cnpv", (), (), "", ("-v", "--version", "-h", "--help")),
    "guile": _Interp("c", (), "Lls", "", "q", (), (), "", ("-v", "--version", "-h", "--help")),
    "racket": _Interp(
        "e",
        ("--eval",),
        "lrt",
        "",
        "ivn",
        (),
        (),
        "",
        ("-v", "--version", "-h"),
        interactive="i",
        interactive_long=("--repl",),
    ),
    "sbcl": _Interp("", ("--eval",), "", "", "", ("--load", "--script", "--core"), (), "", ("--version",)),
    "clisp": _Interp("x", (), "iM", "", "q", (), (), "", ("--version", "-h")),
    # The Clojure CLI's `-M:alias`, `-X:alias`, `-T:tool`, `-A:alias`, `-Sdeps`, `-J-opt`: the project's aliases
    # and the JVM's options (their value the rest of the word); what follows `-M` is clojure.main's (`-e` code).
    "clojure": _CLOJURE,
    "bb": _Interp("e", ("--eval",), "", "", "", (), (), "", ("--version", "-h", "--help")),
    # red team: node's TypeScript runners take node's `-e`/`-p` (tsx and its old name esno pass node's
    # options on; ts-node has its own), the Clojure CLI's short name, ClojureScript's nbb, rust-script's
    # expressions.
    "tsx": _NODE,
    "esno": _NODE,
    # tsm and sucrase-node start node with a loader and hand it their options (sucrase-node's are read as
    # node's: fail closed)
    "tsm": _NODE,
    "sucrase-node": _NODE,
    # babel-node: `-e`/`--eval`, `-p`/`--print`; with no script, its prompt
    "babel-node": _Interp(
        "ep",
        ("--eval", "--print"),
        "ioxwbr",
        "",
        "",
        (
            "--ignore",
            "--only",
            "--extensions",
            "--config-file",
            "--env-name",
            "--root-mode",
            "--plugins",
            "--presets",
            "--require",
        ),
        (),
        "",
        ("-V", "--version", "-h", "--help"),
    ),
    **dict.fromkeys(TS_NODE_NAMES, _TS_NODE),
    "clj": _CLOJURE,
    "nbb": _Interp("e", ("--eval",), "", "", "", ("--classpath",), (), "", ("--version", "-h", "--help")),
    "rust-script": _Interp(
        "el",
        ("--expr", "--loop"),
        "d",
        "",
        "",
        ("--dep", "--features"),
        (),
        "",
        ("-V", "--version", "-h", "--help"),
        False,
    ),
    "dc": _Interp("e", ("--expression",), "f", "", "", ("--file",), (), "", ("-V", "--version", "-h")),
    # Other shell languages: their scripts are not bash; read only as opaque code.
    "nu": _Interp("c", ("--commands",), "", "", "", (), (), "", ("-v", "--version", "-h", "--help")),
    "elvish": _Interp("c", (), "", "", "", (), (), "", ("-version", "-help")),
    # red team: more shells of their own languages (Oils' osh and ysh, Redox's ion, murex): `-c` is code no
    # rule reads, and with no script each reads its input.
    **dict.fromkeys(
        ("osh", "ysh", "oil", "ion", "murex"),
        _Interp("c", (), "", "", "", (), (), "", ("--version", "--help")),
    ),
    "xonsh": _Interp("c", (), "", "", "i", (), (), "", ("-V", "--version", "-h", "--help")),
    # red team: more languages' prompts with an inline-code option; a script runs and ends, and with none (or
    # with the option that keeps the prompt open) each reads code from its input (permissions.commands.repls
    # keeps the prompts that read their input whatever they are given)
    "coffee": _Interp(
        "e",
        ("--eval",),
        "ojr",
        "",
        "bclmMnptw",
        ("--output", "--join", "--require", "--nodejs"),
        (),
        "",
        ("-v", "--version", "-h", "--help"),
        interactive="is",
        interactive_long=("--interactive", "--stdio"),
    ),
    "octave": _Interp(
        "",
        ("--eval",),
        "p",
        "",
        "fhqvVWHx",
        ("--path", "--exec-path", "--image-path", "--info-file", "--doc-cache-file"),
        ("--no-gui", "--gui", "--quiet", "--silent", "--norc", "--no-init-file", "--no-window-system"),
        "",
        ("-v", "--version", "-h", "--help"),
        interactive="i",
        interactive_long=("--interactive", "--persist"),
    ),
    "sage": _Interp("c", (), "", "", "q", (), (), "", ("-v", "--version", "-h", "--help")),
    "hy": _Interp("c", (), "", "", "BEuv", (), (), "m", ("-v", "--version", "-h", "--help"), interactive="i"),
    "fennel": _Interp(
        "e",
        ("--eval",),
        "",
        "",
        "",
        (),
        (),
        "",
        ("-v", "--version", "-h", "--help"),
        interactive_long=("--repl",),
    ),
    "janet": _Interp(
        "e", (), "lmwxE", "", "dknpqsv", (), (), "", ("-v", "--version", "-h"), interactive="ri"
    ),
    **dict.fromkeys(
        ("lumo", "planck"),
        _Interp(
            "e",
            ("--eval",),
            "ck",
            "",
            "dqv",
            (),
            (),
            "",
            ("-V", "--version", "-h", "--help"),
            interactive="r",
        ),
    ),
    "ocaml": _Interp("", (), "I", "", "", ("-init", "-open"), (), "", ("-version", "-vnum", "-help")),
    "gsi": _Interp("e", (), "", "", "", (), (), "", ("-v",)),
    "chibi-scheme": _Interp("ep", (), "IAmx", "", "qQdhV", (), (), "", ("-V", "--version", "-h")),
}
# Options with which a prompt's program runs what they name instead of opening the prompt (its input is not
# read): the Clojure CLI's aliases, tools, exec functions and mains; Racket's required files and modules
# (they imply `-n`, no prompt, unless `-i` asks for one); Guile's `-s script`; node's test runner and
# `--run`; SBCL's `--script` and `--non-interactive`.
_RUNS_INSTEAD: dict[str, tuple[tuple[str, ...], _Interp]] = {
    name: (starts, _INTERPRETERS[name]._replace(stdin=False))
    for name, starts in (
        ("clojure", ("-X", "-T", "-M:", "-m", "--main")),
        ("clj", ("-X", "-T", "-M:", "-m", "--main")),
        ("racket", ("-t", "-l", "-r", "-u", "-k", "-f")),
        ("guile", ("-s",)),
        ("node", ("--test", "--run")),  # node's test runner, a package.json script
        ("sbcl", ("--script", "--non-interactive")),
    )
}
# Modules that run code given in their arguments or read it from the input (`python -m timeit 'stmt'`).
_CODE_MODULES = frozenset(
    {"timeit", "code", "pdb", "IPython", "ptpython", "asyncio", "idlelib", "cProfile", "profile", "trace"}
)
# Names of the same interpreters with a version (`python3.11`, `perl5.36`, `node20`).
_FAMILIES = ("python", "pypy", "node", "ruby", "perl", "php", "lua", "julia", "ipython")
_FAMILY_STARTS = frozenset(family[:3] for family in _FAMILIES)

# R4.9: framework commands that run code given as an argument or read it from the input (a shell on
# the application), by the script or program that takes them and the subcommand (its first operand).
_FRAMEWORK_SHELLS: dict[str, frozenset[str]] = {
    "manage.py": frozenset({"shell", "shell_plus", "dbshell", "debugsqlshell", "notebook"}),
    "django-admin": frozenset({"shell", "shell_plus", "dbshell", "debugsqlshell", "notebook"}),
    "django-admin.py": frozenset({"shell", "shell_plus", "dbshell", "debugsqlshell", "notebook"}),
    "rails": frozenset({"runner", "r", "console", "c", "dbconsole", "db"}),
    "artisan": frozenset({"tinker", "db"}),
    "flask": frozenset({"shell"}),
    "iex": frozenset(),  # the Elixir shell: code from the input (and -e)
}
# Options whose value is code, per framework program (`rake -e`, `mix run --eval`, `elixir -e`).
_FRAMEWORK_CODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "rake": ("-e", "--execute", "-p", "--execute-print", "-E", "--execute-continue"),
    "mix": ("-e", "--eval"),
    "elixir": ("-e", "--eval", "--rpc-eval"),
    "iex": ("-e", "--eval", "--rpc-eval", "--remsh"),
}
_FRAMEWORK_MODULES = {"django": "django-admin", "flask": "flask"}  # `python -m django`
FRAMEWORK_VERBS = frozenset(_FRAMEWORK_SHELLS) | frozenset(_FRAMEWORK_CODE_OPTIONS)
FRAMEWORK = "runs code given to a framework's shell or runner, which no rule can read"


def _framework_code(words: tuple[str, ...]) -> str | None:
    """R4.9: ``words`` is a program and its arguments (``manage.py shell -c …``, ``rails
    runner …``, ``artisan tinker``, ``mix run -e …``); why it runs code no rule can read, or None.

    The subcommand is taken as any operand (not only the first) and a code option anywhere, so an option
    of unknown arity before the subcommand cannot hide it (fail closed)."""
    if not words:
        return None
    name = words[0].rsplit("/", 1)[-1]
    shells = _FRAMEWORK_SHELLS.get(name)
    code_options = _FRAMEWORK_CODE_OPTIONS.get(name)
    if shells is None and code_options is None:
        return None
    if name == "iex":
        return FRAMEWORK  # an interactive shell: code from the input, or -e
    rest = words[1:]
    if shells and any(w in shells for w in rest if w[:1] != "-"):
        return FRAMEWORK
    if code_options:
        for w in rest:
            if w in code_options or w.startswith(tuple(o + "=" for o in code_options if o[:2] == "--")):
                return FRAMEWORK
            if w[:1] == "-" and w[1:2] != "-" and len(w) > 2 and any(o == w[:2] for o in code_options):
                return FRAMEWORK  # `-e'code'` glued
    return None


# Programs that are not interpreters but run code given in their arguments.
_VI = frozenset({"vi", "vim", "nvim", "gvim", "view", "rvim", "evim", "vimdiff", "ex"})
_EMACS = frozenset({"emacs", "emacsclient"})
_DEBUGGERS = frozenset({"gdb", "lldb"})
_PAGERS = frozenset({"less", "more", "most"})
# SQL clients: the statements are another language, and each has a shell escape (`\\!`, `.shell`).
_SQL_CODE = {
    "psql": ("-c", "--command"),
    "mysql": ("-e", "--execute"),
    "mariadb": ("-e", "--execute"),
    # [beyond] the other stores' shells: a statement or a script given inline is code of another language,
    # and without one each reads statements from its input.
    "mycli": ("-e", "--execute"),
    "litecli": ("-e", "--execute"),
    "usql": ("-c", "--command"),
    "cqlsh": ("-e", "--execute"),
    "clickhouse-client": ("-q", "--query"),
    "snowsql": ("-q", "--query"),
    "mongosh": ("--eval", "--eval"),
    "mongo": ("--eval", "--eval"),
    # red team: more SQL and data shells (MySQL Shell's JS/Python/SQL modes, Spark SQL, Hive's Beeline, Hive)
    "mysqlsh": ("-e", "--execute"),
    "spark-sql": ("-e", "-e"),
    "beeline": ("-e", "-e"),
    "hive": ("-e", "-e"),
    # red team: Trino's and Presto's shells (`--execute`; with neither it nor a file, statements from the input)
    "trino": ("--execute", "--execute"),
    "presto": ("--execute", "--execute"),
}
# red team, R4.9: their options naming a file of statements they run -- the same statements as given inline (psql's
# `\!` and sqlcmd's `!!` run a shell; mongosh's and mysqlsh's are JavaScript or Python): a file whose place is not
# known (`-f "$F"`) is read as `psql -c` is; one the words name is the project's, as `bash x.sh` is. (mysql's and
# mariadb's `-f` is --force: they still read the input.)
_SQL_FILES = {
    **dict.fromkeys(
        ("psql", "usql", "cqlsh", "mongosh", "mongo", "mysqlsh", "trino", "presto"), ("-f", "--file")
    ),
    **dict.fromkeys(("beeline", "hive", "spark-sql"), ("-f", "-f")),
    "snowsql": ("-f", "--filename"),
    "clickhouse-client": ("--queries-file", "--queries-file"),
}
SQL_FILE = "runs the statements of a file whose place is not known until it runs, which no rule can read"
# Key-value stores' shells: their words after the options are a command of the store (`redis-cli flushall`,
# `EVAL` runs Lua), and with none they read commands from the input.
_KV_SHELLS = frozenset({"redis-cli", "valkey-cli", "keydb-cli"})
_ONLY_ABOUT = frozenset({"-v", "--version", "--help"})  # (`-h` names the host)
_STORES = frozenset(_SQL_CODE) | _KV_SHELLS | {"sqlite3", "duckdb", "sqlcmd"}
# SQL client options after which it reads no statements from its input (a listing, a version, its help).
_SQL_NO_INPUT = frozenset(("-l", "--list", "-V", "--version", "-?", "--help"))
# Programs that keep commands to run later: what they read is code no rule sees now.
_SCHEDULERS = frozenset({"at", "batch", "crontab"})
_SHELL_SOURCES = frozenset({"source", ".", "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish"}) | (
    frozenset({"rbash", "ksh93", "pdksh", "oksh", "lksh", "yash", "posh", "bsh", "csh", "tcsh"})
)

# Every verb code_opaque may answer for (decide's quick filter).
# Task runners other than make, and build tools, whose recipes or build code come from a file an option names
# (`just --justfile /dev/stdin`, `task -t -`; red team: `ninja -f /dev/stdin <<< …`, `rake -f -`, `cmake -P
# /dev/stdin`, `gradle -I /dev/stdin`, `scons -f -` were auto-approved, running what the input gave): those
# options, and the ones whose value is code or a command line (just's `--command`).
_GRADLE_FILES = ("-b", "--build-file", "-c", "--settings-file", "-I", "--init-script")
_MAVEN_FILES = ("-f", "--file", "-s", "--settings", "-gs", "--global-settings")
_RECIPE_FILE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "just": (("-f", "--justfile"), ("-c", "--command")),
    "task": (("-t", "--taskfile"), ()),
    "go-task": (("-t", "--taskfile"), ()),
    "ninja": (("-f",), ()),
    "samu": (("-f",), ()),
    "rake": (
        ("-f", "--rakefile", "-r", "--require", "-R", "--rakelibdir"),
        (),
    ),  # (its code: _FRAMEWORK_CODE_OPTIONS)
    "ant": (("-f", "-file", "-buildfile", "-propertyfile"), ()),
    "scons": (("-f", "--file", "--makefile", "--sconstruct"), ()),
    **dict.fromkeys(("gradle", "gradlew"), (_GRADLE_FILES, ())),
    **dict.fromkeys(("mvn", "mvnw"), (_MAVEN_FILES, ())),
    "cmake": (("-P", "-C"), ()),
}


# red team: other shells that run the commands on their input when given no command: cmd (without /c, /k
# or /r), WSL (without a command after its options) and the distributions' own launchers (`ubuntu`, `debian`,
# `kali` ... : `run CMD` and `-c CMD` hand bash a command line).
_DISTRO_LAUNCHERS = frozenset(
    "ubuntu ubuntu1804 ubuntu2004 ubuntu2204 ubuntu2404 debian kali kali-linux opensuse-leap-15 opensuse-tumbleweed"
    " sles oraclelinux almalinux fedoraremix pengwin alpine".split()
)
_WSL_NO_SHELL = frozenset(
    "--install --list -l --shutdown --terminate -t --unregister --set-default -s --set-version --set-default-version"
    " --status --update --version -v --help --export --import --import-in-place --mount --unmount --manage"
    " --debug-shell --uninstall".split()
)
# PowerShell by its names: Windows PowerShell, PowerShell 7, its preview and versioned installs.
POWERSHELLS = frozenset({"pwsh", "powershell", "pwsh-preview", "pwsh-lts", "pwsh7", "powershell7"})
_WSL_VALUED = frozenset({"-d", "-u", "--distribution", "--user", "--cd", "--shell-type", "--distribution-id"})
_WINDOWS_SHELLS = frozenset({"cmd"}) | _DISTRO_LAUNCHERS  # (wsl: read with the launchers, wsl_opaque)


# red team: the template engines whose tags run Ruby (ERB) or the shell (esh): given no template operand, or a
# stream, they read the template from their input (`erb <<< '<%= File.read(".e" + "nv") %>'`) -- (the options whose
# value is the next word)
_TEMPLATE_RUNNERS = {"erb": frozenset({"-r", "-T", "-E", "-S", "-P"}), "esh": frozenset({"-o", "-s"})}


def _template_from_input(verb: str, view: tuple[str, ...]) -> str | None:
    """FROM_INPUT when ERB or esh reads its template from its input, else None."""
    valued = _TEMPLATE_RUNNERS[verb]
    operands: list[str] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w in ("-h", "--help", "--version", "-V", "-v"):
            return None
        if w[:1] != "-" or w == "-":
            operands.append(w)
        elif w in valued:
            k += 1
    return FROM_INPUT if not operands or any(is_stream(w) for w in operands) else None


INLINE_CODE: frozenset[str] = (
    frozenset(_INTERPRETERS)
    | FRAMEWORK_VERBS
    | _VI
    | _EMACS
    | _DEBUGGERS
    | _SHELL_SOURCES
    | _PAGERS
    | _SCHEDULERS
    | frozenset(_SQL_CODE)
    | _KV_SHELLS
    | {"duckdb", "sqlcmd"}
    | {"python2", "python3", "pypy3", "ipython3", "deno", "pwsh", "powershell", "make", "gmake", "sqlite3"}
    | _WINDOWS_SHELLS
    | POWERSHELLS
    | {"py"}
    | frozenset(_RECIPE_FILE)
    | {"crystal", "dotnet", "erl"}
    | PROMPT_VERBS
    | frozenset(_TEMPLATE_RUNNERS)
)


def _module_setup(view: tuple[str, ...], k: int) -> bool:
    """Whether word ``k`` of a Python view is `-m` naming the module setup (`-m setup`, `-msetup`, `-Bm
    setup`): a cluster of flags ending in `m`, its value glued or the next word."""
    w = view[k]
    if w[:1] != "-" or w[1:2] in ("-", "") or "m" not in w:
        return False
    after = w[w.index("m") + 1 :]
    return after == "setup" or (not after and view[k + 1 : k + 2] == ("setup",))


def setup_py_commands(view: tuple[str, ...]) -> tuple[str, ...] | None:
    """The words after a Python view's setup script -- its distutils commands and their options (`python setup.py
    sdist upload`, `python -m setup install --user`) -- or None when the view runs another script or module."""
    for k, w in enumerate(view[1:], 1):
        if _module_setup(view, k):
            return view[k + 1 :]
        if w[:1] == "-":
            continue
        return view[k + 1 :] if w.rpartition("/")[2] == "setup.py" else None
    return None


def is_stream(word: str) -> bool:
    """A program file that is really the input or another command's output (`/dev/stdin`, `<(curl x)`)."""
    return (
        word in ("-", "/dev/stdin", "/dev/fd/0")
        or word.startswith(("/dev/fd/", "<(", ">("))
        or (word.startswith("/proc/") and "/fd/" in word)
    )


def _family(verb: str) -> str | None:
    """`python3.11` -> python, `perl5.36` -> perl, `node20` -> node; None when not versioned."""
    if verb in _INTERPRETERS:
        return verb
    if verb[:3] not in _FAMILY_STARTS:
        return None  # most verbs: no family starts like this (hostile input: thousands of `aK` names)
    for family in _FAMILIES:
        if verb.startswith(family):
            rest = verb[len(family) :].lstrip("-")
            if rest and rest[0].isdigit() and all(c.isdigit() or c == "." for c in rest):
                return family
    return None


def is_code_verb(verb: str) -> bool:
    """Whether code_opaque may have something to say about a segment whose verb is ``verb``."""
    return verb in INLINE_CODE or (verb[-1:].isdigit() and _family(verb) is not None)


def _perl_module(value: str) -> bool:
    """`perl -MFoo::Bar=x,y` loads a module; anything else after -M/-m is code (`-M'X;system(...)'`)."""
    return all(c.isalnum() or c in "_:=,-" for c in value)


# Where a word of a view may be a stream (is_stream): the cheap test before _streamed_option reads the options.
_STREAM_HINT = re.compile(r"/dev/|/proc/|[<>]\(|(?:^|\x00|=)-(?:\x00|$)").search
# The same test on a segment's text (its words joined by blanks or NUL), also finding a stream glued to a one-letter
# option (`-f-`) and an argument file (`@/dev/stdin`): where a view may hand a program the input as a file.
# ``may_name_a_stream(text) is not None``: whether ``text`` (a segment's text, or a view's words joined by NUL) may
# name a stream (is_stream) -- the cheap test before a reading of the options that would take one (a bound search:
# no call of ours on the hot path).
may_name_a_stream = re.compile(r"/dev/|/proc/|[<>]\(|(?:^|[\s\x00=]|[\s\x00]-\w)-(?:[\s\x00]|$)").search


def _streamed_option(view: tuple[str, ...], spec: _Interp) -> bool:
    """red team: whether an option of the interpreter's own is given the input as its value -- a program file it
    loads or runs (`guile -s /dev/stdin`, `sbcl --load /dev/stdin`, `ruby -r /dev/stdin x.rb`, `--load=/dev/fd/0`)."""
    if _STREAM_HINT("\0".join(view[1:])) is None:
        return False  # (most: no word that may be a stream)
    k, n = 1, len(view)
    while k < n and view[k][:1] == "-" and view[k] != "--":
        w = view[k]
        k += 1
        if w[:2] == "--":
            name, eq, value = w.partition("=")
            taken = not eq and name in spec.value_long and k < n
            if is_stream(value if eq else view[k] if taken else ""):
                return True
            k += taken
            continue
        at = next((j for j, c in enumerate(w[1:], 1) if c in spec.value_short or c in spec.code_short), 0)
        if at and w[at] in spec.value_short:
            if is_stream(w[at + 1 :] or (view[k] if k < n else "")):
                return True
            k += not w[at + 1 :]
    return False


def _interp(view: tuple[str, ...], spec: _Interp, perl: bool) -> str | None:
    n = len(view)
    k = 1
    unsure = False
    while k < n:
        w = view[k]
        if w == "--":
            k += 1
            break
        if w == "-":
            return FROM_INPUT
        if len(w) < 2 or w[0] != "-":
            break
        if w in spec.info and k == 1:
            return None
        if w[1] == "-":
            name, eq, _ = w.partition("=")
            if name in spec.code_long or name in spec.interactive_long:
                return INLINE if name in spec.code_long else FROM_INPUT  # (the prompt stays open)
            if name in spec.value_long and not eq:
                k += 2
                continue
            if name not in spec.flag_long and not eq:
                unsure = True
            k += 1
            continue
        step = 1
        for j in range(1, len(w)):
            c = w[j]
            if c in spec.code_short or c in spec.interactive:
                return INLINE if c in spec.code_short else FROM_INPUT  # red team: `python3 -i x.py`
            if c in spec.ends:
                module = w[j + 1 :] or (view[k + 1] if k + 1 < n else "")
                if module.split(".")[0] in _CODE_MODULES:
                    return INLINE  # `python -m timeit 'code'`, `python -m code`: code in the arguments
                if module in _FRAMEWORK_MODULES:  # `python -m django shell -c …` is django-admin
                    rest = view[k + (1 if w[j + 1 :] else 2) :]
                    return _framework_code((_FRAMEWORK_MODULES[module], *rest))
                return None  # `python -m module`: a module by name, not inline code
            if c in spec.value_short:
                value = w[j + 1 :]
                if not value:
                    step = 2
                    value = view[k + 1] if k + 1 < n else ""
                break
            if c in spec.rest_short:
                if perl and c in "mM" and not _perl_module(w[j + 1 :]):
                    return INLINE
                break
            if c not in spec.flag_short:
                unsure = True
        k += step
    if unsure and any(_names_code(w, spec) for w in view[k:]):
        return INLINE  # an option of unknown arity: a later `-e` may still be the interpreter's
    if k >= n:
        return FROM_INPUT if spec.stdin else None
    if is_stream(view[k]):
        return FROM_INPUT
    return _framework_code(view[k:])  # `python3 manage.py shell -c …`, `php artisan tinker`


def _family_code(family: str | None, view: tuple[str, ...]) -> str | None:
    """code_opaque of an interpreter's family (None: deno), then of the code node's, its runners' and deno's
    module loaders are given (_loaded_code)."""
    found = None
    if family is not None:
        spec = _spec_for(family, view) if family in _RUNS_INSTEAD else _INTERPRETERS[family]
        found = FROM_INPUT if _streamed_option(view, spec) else _interp(view, spec, family == "perl")
    if found is None and (family or view[0]) in _JS_FAMILIES:
        found = _loaded_code(view)
    return found if found is not None or family is not None else _tool_code(view[0], view)


# red team, R4.9: node and the runners that read its options, bun and deno, whose module loaders take a
# specifier -- a `data:` URL is the module's code itself (`node --import 'data:text/javascript,…' a.js`, `deno run
# 'data:application/typescript,…'`), and the input is code no rule reads (`node -r /dev/stdin a.js`).
_JS_FAMILIES = frozenset({"node", "nodejs", "bun", "deno", "tsx", "esno", *JS_RUNNERS})
_LOADERS = frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader", "--preload"})


_RUN_SUBCOMMAND = frozenset({"deno", "bun"})  # (`deno run FILE`, `bun run FILE`, `bun FILE`)


def _loaded_code(view: tuple[str, ...]) -> str | None:
    """INLINE for a `data:` URL among the words (a loader's value, or the program), FROM_INPUT for a loader
    given the input; None otherwise. (A script argument spelt so asks too: fail closed.)"""
    after_loader = False
    runs = view[0] in _RUN_SUBCOMMAND
    for w in view[1:]:
        name, eq, value = w.partition("=") if w[:2] == "--" else (w, "", w)
        if value[:5].lower() == "data:":
            return INLINE
        if runs and (w[:1] != "-" or w == "-"):
            if is_stream(w):
                return FROM_INPUT  # red team: `deno run - <<< …`, `bun run /dev/stdin`
            runs = w == "run"
        if (after_loader and is_stream(w)) or (eq and name in _LOADERS and is_stream(value)):
            return FROM_INPUT
        after_loader = w in _LOADERS
    return None


def _spec_for(family: str, view: tuple[str, ...]) -> _Interp:
    """The family's grammar; with an option that runs something instead of the prompt (`clj -M:test`,
    `racket -t x.rkt`), the same grammar reading no program from the input (_RUNS_INSTEAD)."""
    instead = _RUNS_INSTEAD.get(family)
    if instead is not None and any(w.startswith(instead[0]) for w in view[1:]):
        return instead[1]
    return _INTERPRETERS[family]


def _names_code(word: str, spec: _Interp) -> bool:
    if word.startswith("--"):
        return word.partition("=")[0] in spec.code_long
    return len(word) > 1 and word[0] == "-" and any(c in spec.code_short for c in word[1:])


def _vi(view: tuple[str, ...]) -> str | None:
    if view[0] == "ex":
        return "ex reads editor commands, which can run programs"
    for w in view[1:]:
        if w in ("-c", "--cmd", "-s", "-e", "-E", "-es", "-Es", "-S") or w.startswith("-c"):
            return "the editor runs commands given to it, which can run programs"
        if w.startswith("+") and len(w) > 1 and not w[1:].isdigit() and w[1] != "/":
            return "the editor runs commands given to it, which can run programs"
    return None


def code_opaque(view: tuple[str, ...]) -> str | None:
    """Why one view runs code no rule can read (R4.9), or None."""
    if not view:
        return None
    verb = view[0]
    if verb == "py":
        return code_opaque(("python", *_past_the_launcher(view)))  # red team: the Python launcher
    # red team: prompts by other names (permissions.commands.repls)
    if verb in PROMPT_VERBS and (prompt := prompt_reads_input(verb, view)) is not None:
        return prompt
    family = _family(verb)
    if family is not None or verb == "deno":
        return _family_code(family, view)
    if verb in FRAMEWORK_VERBS:
        found = _framework_code(view)
        return _recipes(view, *_RECIPE_FILE[verb]) if found is None and verb in _RECIPE_FILE else found
    if verb in _SHELL_SOURCES:
        # `source /dev/stdin`, `. <(curl x)`, `bash /dev/fd/3`: the script is another command's output.
        if any(is_stream(w) for w in view[1:] if w != "-"):
            return FROM_INPUT
        return None
    if verb == "erl":
        # Erlang's options are one dash and a word; `-eval`, `-s M F`, `-run M F` call code, and with none
        # of them the shell reads expressions from its input (R4.9).
        if any(w in ("-version", "+V") for w in view[1:]):
            return None
        return INLINE
    if verb == "dotnet":
        # `dotnet script eval '…'`, `dotnet fsi` reading its input (R4.9).
        if len(view) > 2 and view[1] == "script" and view[2] == "eval":
            return INLINE
        if view[1:] == ("fsi",) or view[1:] == ("script",):
            return FROM_INPUT
        return None
    if verb in POWERSHELLS:
        return _powershell(view)
    if verb in _WINDOWS_SHELLS:
        return _windows_shell(verb, view)
    if verb in ("make", "gmake"):
        return _make(view)
    if verb in _RECIPE_FILE:
        return _recipes(view, *_RECIPE_FILE[verb])
    return _tool_code(verb, view)


# PowerShell's parameters that take a value (pwsh -? and powershell.exe -?; any unique prefix, either dash or a
# slash): anything else before an operand is a switch.
_PS_VALUED = (
    "executionpolicy",
    "ep",
    "ex",
    "workingdirectory",
    "wd",
    "inputformat",
    "outputformat",
    "windowstyle",
    "configurationname",
    "settingsfile",
    "custompipename",
    "psconsolefile",
    "version",
)


def _powershell(view: tuple[str, ...]) -> str | None:
    """PowerShell: code given with -Command or -EncodedCommand (also its default for an operand in Windows
    PowerShell), else a script file (-File, or pwsh's operand), else -- with neither -- the commands it reads
    from its input (`echo 'Remove-Item -Recurse ~' | pwsh`, `pwsh -NoProfile`), as bash with no script."""
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        name = w.lower().lstrip("-/").partition(":")[0]
        if w[:1] not in "-/" or not name:
            return None  # an operand: pwsh's script file, powershell's command (read by permissions.commands.windows)
        if (
            "command".startswith(name)
            or "encodedcommand".startswith(name)
            or name in ("ec", "cwa", "commandwithargs")
        ):
            return INLINE
        if "file".startswith(name):
            value = w.partition(":")[2] or (view[k + 1] if k + 1 < n else "-")
            return FROM_INPUT if value == "-" else None
        if name in ("?", "h", "help", "v") or ("version".startswith(name) and view[0] != "powershell"):
            return None  # prints and ends
        k += 2 if any(p.startswith(name) for p in _PS_VALUED) and ":" not in w else 1
    return FROM_INPUT


def _windows_shell(verb: str, view: tuple[str, ...]) -> str | None:
    """cmd, or a distribution's launcher (WSL itself is read with the launchers: :func:`wsl_opaque`)."""
    if verb == "cmd":
        for w in view[1:]:
            low = w.lower()
            if low[:2] in ("/c", "/k", "/r") or low == "/?":
                return None  # its command line is read as cmd's (permissions.commands.windows)
        return FROM_INPUT
    # a distribution's launcher
    if len(view) == 1:
        return FROM_INPUT
    if view[1] in ("run", "-c"):
        return INLINE
    return None


def wsl_opaque(view: tuple[str, ...]) -> str | None:
    """WSL with no command after its options starts the distribution's shell, which runs the commands on its
    input (`echo 'rm -rf ~' | wsl`); a command after them is looked through (permissions.commands.wrappers)."""
    k, n = 1, len(view)
    while k < n and view[k][:1] == "-":
        w = view[k]
        if w in _WSL_NO_SHELL or w.startswith(("--mount", "--manage", "--export", "--import")):
            return None
        if w in ("-e", "--exec", "--"):
            return None  # a command follows (read as one: wsl is looked through)
        k += 2 if w in _WSL_VALUED else 1
    return FROM_INPUT if k >= n else None


def _past_the_launcher(view: tuple[str, ...]) -> tuple[str, ...]:
    """The Python launcher's words after its own choice of interpreter (`py -3.12 -c …`, `py -V:3.12 x.py`),
    which the interpreter reads; its listings (`py -0`, `py --list`) read as a version query."""
    rest = view[1:]
    if not rest:
        return rest
    first = rest[0]
    if first in ("-0", "-0p", "--list", "--list-paths"):
        return ("--version",)
    if first.startswith("-V:") or (len(first) > 1 and first[0] == "-" and first[1].isdigit()):
        return rest[1:]
    return rest


def _make(view: tuple[str, ...]) -> str | None:
    """``code_opaque`` for make: code given with ``--eval``, or a makefile read from the input."""
    for k, w in enumerate(view[1:], 1):
        if w in ("-E", "--eval") or w.startswith(("--eval=", "-E")) and w != "-E" or w.startswith("--eval"):
            return INLINE
        if w in ("-f", "--file", "--makefile") and k + 1 < len(view) and is_stream(view[k + 1]):
            return FROM_INPUT
        if w.startswith(("--file=", "--makefile=", "-f")) and is_stream(w.partition("=")[2] or w[2:]):
            return FROM_INPUT
    return None


def _recipes(view: tuple[str, ...], files: tuple[str, ...], codes: tuple[str, ...]) -> str | None:
    """``code_opaque`` for a task runner or build tool of ``_RECIPE_FILE``: its recipes or build code read from the
    input or another command's output (one of ``files`` given a stream, as the next word, after `=`, or glued to a
    short one), or code or a command line it runs for the caller (one of ``codes``)."""
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            return None
        if w[:1] != "-":
            continue
        name, eq, value = w.partition("=")
        if name in codes or (len(name) > 2 and name[:2] in codes and name[1] != "-"):
            return INLINE  # (`-eCODE`, `--command=…`)
        if name in files:
            if is_stream(value if eq else view[k + 1] if k + 1 < len(view) else ""):
                return FROM_INPUT
        elif len(w) > 2 and w[1] != "-" and w[:2] in files and is_stream(w[2:]):
            return FROM_INPUT  # `-f/dev/stdin`
    return None


def _sqlcmd(view: tuple[str, ...]) -> str | None:
    """SQL Server's sqlcmd (`-` or `/` options): `-Q`/`-q` run a query given inline (`EXEC xp_cmdshell …` runs
    an operating-system command), `-i` a file; otherwise it reads statements and `!!cmd` lines from its input."""
    for k, w in enumerate(view[1:], 1):
        if w[:2] in ("-Q", "-q", "/Q", "/q"):
            return INLINE
        if w[:2] in ("-i", "/i"):
            return _file_run([w[2:] or (view[k + 1] if k + 1 < len(view) else "")])  # (a file of statements)
        if w in ("-?", "/?"):
            return None
    return FROM_INPUT


def _sql_files(view: tuple[str, ...], short: str, long: str) -> list[str]:
    """The files of statements a SQL client's words name (`-f q.sql`, `--file=q.sql`, `-fq.sql`: its ``short`` or
    ``long`` option)."""
    found: list[str] = []
    n = len(view)
    for k in range(1, n):
        w = view[k]
        if w[:1] != "-":
            continue
        if w == short or w == long:
            found.append(view[k + 1] if k + 1 < n else "")
        elif w.startswith(long + "="):
            found.append(w[len(long) + 1 :])
        elif short[1:2] != "-" and len(w) > 2 and w[:2] == short:
            found.append(w[2:])
    return found


_UNKNOWN_FILE = re.compile(r"[$`*?\[]").search


def _file_run(files: Sequence[str]) -> str | None:
    """What a client running each of ``files`` runs that no rule reads: the input (a stream), or -- red team --
    statements from a file whose place is not known until it runs (a variable's, a substitution's, a glob's:
    `psql -f "$F"`, `-f db/*.sql`), as the statements given inline are; None for a file the words name."""
    for f in files:
        if is_stream(f):
            return FROM_INPUT
        if _UNKNOWN_FILE(f) is not None:
            return SQL_FILE
    return None


def _sql_statements(verb: str, view: tuple[str, ...]) -> str | None:
    """``code_opaque`` for a SQL client given no statements inline: a file of them (_file_run: the input when the
    file is it -- red team: `psql -f - <<< '\\! rm -rf /'`, `-f /dev/stdin` -- or one no rule can place), else the
    input, unless its words say it reads none (a file named, a listing, its version or its help)."""
    options = _SQL_FILES.get(verb)
    files = _sql_files(view, *options) if options is not None else []
    if files:
        return _file_run(files)
    if any(w in _SQL_NO_INPUT for w in view[1:]):
        return None
    return FROM_INPUT  # R4.9: statements (and `\!` shell escapes) read from the input


def _store_code(verb: str, view: tuple[str, ...]) -> str | None:
    """``code_opaque`` for a data store's shell: statements or a store command given inline, or read from the
    input (R4.9)."""
    if verb in _SQL_CODE:
        short, long = _SQL_CODE[verb]
        for w in view[1:]:
            if w in (short, long) or w.startswith(long + "=") or (w.startswith(short) and w[:2] != "--"):
                return INLINE
        return _sql_statements(verb, view)
    if verb in _KV_SHELLS:
        if len(view) == 2 and view[1] in _ONLY_ABOUT:
            return None
        if any(w[:1] != "-" for w in view[1:]):
            return INLINE  # `redis-cli -h prod flushall`: the words are the store's command (the host's too)
        return FROM_INPUT
    if verb == "sqlcmd":
        return _sqlcmd(view)
    if verb == "sqlite3" or verb == "duckdb":
        operands = [w for w in view[1:] if w[:1] != "-"]
        if len(operands) > 1 or "-cmd" in view or (verb == "duckdb" and ("-c" in view or "-s" in view)):
            return INLINE  # `sqlite3 db '.shell curl x'`: statements and dot-commands after the database
        if any(w.lstrip("-") in ("version", "help") for w in view[1:]):
            return None
        # `cat q.sql | sqlite3 db`, `sqlite3 db < q.sql`: statements and dot-commands (`.shell`, `.system`)
        # read from the input, as psql and mysql do
        return FROM_INPUT
    return None


def _tool_code(verb: str, view: tuple[str, ...]) -> str | None:
    """``code_opaque`` for tools that run code on the side: editors, pagers, database shells, schedulers,
    debuggers and the like (R4.9)."""
    if verb in _VI:
        return _vi(view)
    if verb in _TEMPLATE_RUNNERS:
        return _template_from_input(verb, view)
    if verb in _PAGERS:
        # `less '+!curl x' f`: a start-up command that runs a shell (or pipes into one).
        if any(w[:1] == "+" and ("!" in w or "|" in w) for w in view[1:]):
            return INLINE
        return None
    if verb in _STORES:
        return _store_code(verb, view)
    if verb in _SCHEDULERS:
        if verb == "crontab":
            if any(w[:1] != "-" or w == "-" for w in view[1:]):
                return "installs commands to run later, which no rule can read"
            return None  # `crontab -l`, `crontab -r`
        if "-f" in view or any(w.startswith("-f") for w in view[1:]):
            return "runs a file of commands later, which no rule can read"
        if any(w in ("-l", "-c", "-d", "-r") for w in view[1:]) or view[0] == "atq":
            return None
        return FROM_INPUT
    if verb in _EMACS:
        if any(
            w in ("--eval", "-eval", "--execute", "-execute", "-f", "--funcall", "-funcall")
            or w.startswith("--eval=")
            for w in view[1:]
        ):
            return INLINE
        return None
    if verb in _DEBUGGERS:
        if any(
            w
            in (
                "-ex",
                "--ex",
                "-iex",
                "--iex",
                "-eval-command",
                "--eval-command",
                "-init-eval-command",
                "--init-eval-command",
                "-o",
                "--one-line",
                "-O",
                "--one-line-before-file",
                "-k",
                "--batch",
            )
            or w.startswith(("--eval-command=", "-eval-command="))
            for w in view[1:]
        ):
            return INLINE
        return None
    return None


# -- R4.6, R4.7: where a deletion in inline code lands -------------------------------------------------------------
# The interpreters whose inline code the floor reads (permissions.floor.code_deletions, permissions.where): what a
# recognisable part of it deletes is judged as `rm -rf` is, the code staying opaque (R4.9) whatever it says.
CODE_FLOOR_VERBS = frozenset(
    {"python", "python2", "python3", "pypy", "pypy3", "py", "node", "nodejs", "deno", "bun", "tsx", "esno"}
    | {"perl", "ruby", "php", "lua", "luajit", "Rscript", "julia", "osascript", *TS_NODE_NAMES}
    | {f"python3.{minor}" for minor in range(6, 16)}
)
# Each family's language, for what its code spells as a shell command (backticks run one in these).
_BACKTICK_SHELLS = frozenset({"perl", "ruby", "php", "julia"})


def inline_program(view: tuple[str, ...]) -> tuple[str, list[str], list[str]] | None:
    """For an interpreter given inline code (`python3 -c CODE a b`, `perl -e X -e Y`, `node -e`, `deno eval`):
    (its family, the code, the operands after it -- `sys.argv`, `ARGV`, `process.argv`), else None."""
    verb = view[0]
    if verb == "py":
        view = ("python", *_past_the_launcher(view))
    elif verb == "deno":
        ops = [w for w in view[2:] if w[:1] != "-"]
        return ("deno", ops[:1], ops[1:]) if view[1:2] == ("eval",) and ops else None
    family = _family(view[0])
    spec = _INTERPRETERS.get(family or "")
    if spec is None or not spec.code_short + "".join(spec.code_long):
        return None
    codes: list[str] = []
    k = _code_values(view, spec, codes)
    return (family or "", codes, list(view[k:])) if codes else None


def fed_program(view: tuple[str, ...]) -> tuple[str, str] | None:
    """R4.6, R4.7: for an interpreter of CODE_FLOOR_VERBS given no inline code, (its family, where its program
    comes from: "-" for its input -- `python3 -`, `node`, `perl /dev/stdin` -- or the script's name), else None."""
    if view[0] == "py":
        view = ("python", *_past_the_launcher(view))
    family = _family(view[0])
    spec = _INTERPRETERS.get(family or "")
    if spec is None or family is None or view[0] not in CODE_FLOOR_VERBS and family not in CODE_FLOOR_VERBS:
        return None
    codes: list[str] = []
    k = _code_values(view, spec, codes)
    k += view[k : k + 1] == ("--",)
    if codes or (k >= len(view) and not spec.stdin):
        return None
    return (family, "-" if k >= len(view) or is_stream(view[k]) else view[k])


def _code_values(view: tuple[str, ...], spec: _Interp, codes: list[str]) -> int:
    """Read the options of ``view`` as ``spec`` does, the values of its code options put in ``codes``; the index of
    the first word after them (Python's `-c` ends them: the rest are the program's arguments)."""
    n = len(view)
    k = 1
    while k < n and len(view[k]) > 1 and view[k][0] == "-" and view[k] != "--":
        w = view[k]
        step = 1
        if w[1] == "-":
            name, eq, value = w.partition("=")
            if name in spec.code_long:
                codes.append(value if eq else view[k + 1] if k + 1 < n else "")
                step = 1 if eq else 2
            elif name in spec.value_long and not eq:
                step = 2
            k += step
            continue
        for j in range(1, len(w)):
            if w[j] in spec.code_short or w[j] in spec.value_short:
                glued = w[j + 1 :]
                step = 1 if glued else 2
                if w[j] in spec.code_short:
                    codes.append(glued or (view[k + 1] if k + 1 < n else ""))
                break
            if w[j] in spec.rest_short:
                break
        k += step
        if codes and spec.ends == "m":
            return k  # python's `-c` ends its options
    return k
