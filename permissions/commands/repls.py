"""R4.9, SPEC §5 "where it runs" (red team): prompts by other names -- programs that read code or commands
of their own language from their input when they are not given a program.

A read-eval-print loop runs whatever reaches its input: a pipe or a here-document in Brabo's sandbox or on
a host (``echo '(system "rm -rf ~")' | guile``), and, started through an agent's hook, whatever the agent
types into it later (Codex's ``write_stdin`` reaches no hook). No rule can read that code, so such a segment
is opaque wherever it runs, as ``python3`` with no script already is (permissions.commands.interpreters):
only an allow written for exactly the command covers it.

Three shapes:

- ``PROMPTS``: programs that read their input whatever else they are given (a file is loaded, then the
  prompt waits: ``swipl f.pl``, ``csi f.scm``, Chez Scheme's ``scheme f.ss``, ``sqlplus u@db @f.sql``), or
  whose every form is a prompt (``gore``, ``evcxr``, ``pyspark``). Only a print-and-exit option (``--version``,
  ``--help``) alone keeps them plain.
- ``SUBCOMMAND_PROMPTS``: a tool whose subcommand opens one (``lein repl``, ``sbt console``, ``cabal repl``,
  ``stack ghci``, ``bundle console``, ``deno repl``, ``bun repl``, ``nix repl``, ``rebar3 shell``,
  ``clickhouse client``, ``hbase shell``, ``az interactive``, ``wp shell``, ``drush php``), and the tools whose
  bare form is one (``deno``, ``sbt``: sbt's own shell runs ``console`` and ``eval`` typed into it).
- The interpreters' table (permissions.commands.interpreters) keeps the programs with a grammar of their own:
  an inline-code option, a script operand that runs and ends; there, a prompt forced by an option
  (``python3 -i x.py``, ``node --interactive``, ``lua -i``, ``coffee --stdio``) reads the input too.

Kept plain: the same tools' other subcommands (``lein test``, ``sbt test``, ``cabal build``, ``deno run``,
``bun run``, ``nix build``), and print-and-exit options.
"""

from __future__ import annotations

__all__ = ["INLINE", "PROMPT_VERBS", "prompt_reads_input"]

INLINE = "runs inline code in another language, which no rule can read"
PROMPT = "opens a prompt that runs the code or commands it reads from its input, which no rule can read"

# Every form reads the input (after loading any file it is given).
PROMPTS = frozenset(
    {
        # Prolog, Schemes and Lisps that load their files and then wait at the prompt
        "swipl",
        "scheme",
        "chez",
        "chezscheme",
        "petite",
        "csi",
        "chicken-csi",  # (red team: csi's name where another csi is installed, Debian's and Homebrew's)
        "jjs",  # Nashorn's JavaScript prompt (JDK 8-14): `jjs <<< 'java.lang.Runtime.getRuntime().exec(…)'`
        "mit-scheme",
        "gforth",
        "utop",
        "ghci",  # loads the modules it is given, then prompts
        # REPLs of compiled languages, alternative Python and PHP prompts
        "gore",
        "evcxr",
        "bpython",
        "ptpython",
        "ptipython",
        "psysh",
        "csharprepl",
        "re.pl",
        "amm",
        "gp",
        # data tools' prompts (Spark's shells run Scala, Python or R; SQL*Plus runs `host` commands)
        "spark-shell",
        "pyspark",
        "sparkR",
        "sqlplus",
        "pgcli",
    }
)
# (Clojure-family and other interpreters with an inline-code option live in interpreters' table.)

_INFO = frozenset({"--version", "-version", "--help", "-help", "-h", "-V", "-v"})

# Subcommands (the first operand) that open a prompt; "" stands for the tool with no operand at all.
SUBCOMMAND_PROMPTS: dict[str, frozenset[str]] = {
    "lein": frozenset({"repl"}),
    "boot": frozenset({"repl"}),
    "sbt": frozenset({"", "shell", "console", "consoleQuick", "consoleProject"}),
    "cabal": frozenset({"repl", "v1-repl", "v2-repl", "new-repl"}),
    "stack": frozenset({"ghci", "repl"}),
    "bundle": frozenset({"console"}),
    "scala-cli": frozenset({"repl", "console"}),
    "deno": frozenset({"", "repl"}),
    "bun": frozenset({"repl"}),
    "crystal": frozenset({"i", "interactive"}),
    "jupyter": frozenset({"console"}),
    "nix": frozenset({"repl"}),
    "guix": frozenset({"repl"}),
    "rebar3": frozenset({"shell"}),
    "gleam": frozenset({"shell"}),
    "shadow-cljs": frozenset({"node-repl", "browser-repl", "clj-repl", "cljs-repl"}),
    "clickhouse": frozenset({"client", "local"}),
    "cockroach": frozenset({"sql"}),
    "hbase": frozenset({"shell"}),
    "bq": frozenset({"shell"}),
    "az": frozenset({"interactive"}),
    # red team: infrastructure tools' expression prompts -- `terraform console <<< 'file(".env")'` printed the file,
    # auto-approved in the sandbox (`file()`, `templatefile()` read any path; `packer console` the same functions)
    "terraform": frozenset({"console"}),
    "tofu": frozenset({"console"}),
    "terragrunt": frozenset({"console"}),
    "packer": frozenset({"console"}),
    "wp": frozenset({"shell"}),
    "drush": frozenset({"php", "php:cli", "core:cli", "core-cli"}),
    "dotnet": frozenset({"repl"}),
    "mill": frozenset(),  # a task named `….repl` / `….console` (below)
}

# MATLAB's and Maxima's options (one dash, or Maxima's long ones): code given inline, a file run and ended;
# with neither the prompt reads its input (`matlab -nodesktop`, `maxima`).
_ONE_DASH_CODE = {
    "matlab": (("-r", "-batch"), ()),
    "maxima": (("-r", "--run-string", "--batch-string", "--batch-lisp"), ("-b", "--batch")),
}
# Subcommands whose argument is code (`deno eval 'Deno.…'`, `crystal eval '…'`).
_EVAL_SUBCOMMAND = frozenset({"deno", "crystal"})

# red team (R4.7, R4.9): programs that read their commands from their input when given no file of them, each
# with a command that runs a shell one -- m4's `syscmd(cmd)`, gnuplot's `!cmd` / `system "cmd"`, ftp's `!cmd`,
# groff's `.sy cmd` once `-U` (unsafe mode) allows it. `m4 <<< 'esyscmd(rm -rf /)'`, `echo '!rm -rf /' | ftp`
# were auto-approved: their input is code no rule reads. Kept plain: a file to run (`m4 f.m4`, `gnuplot
# plot.gp`, `groff -U -man f.1`: a project's own file, as `sh x.sh` is) and groff without `-U` (its safe mode
# refuses `.sy`). Their own options naming a command (`gnuplot -e`, `m4 -D`) are read by permissions.commands.
# shell_starters.ESCAPES. (ed reads its input whatever file it
# edits: read below with ftp.)
_FROM_INPUT_UNLESS_FILE = frozenset({"m4", "gnuplot", "groff", "troff"})
# Options whose value is the next word (so that word is no file to run): m4's, gnuplot's, groff's letters.
_VALUED: dict[str, frozenset[str]] = {
    "m4": frozenset("-D -U -I -s -d -o -l -L -F -R -W -B -H -N -S -T --debugfile --error-output".split()),
    "gnuplot": frozenset({"-e", "--eval", "-d", "--default-settings", "-c"}),
    "groff": frozenset("-d -D -f -F -I -K -L -m -M -n -o -P -r -T -w -W".split()),
    "troff": frozenset("-d -f -F -I -m -M -n -o -r -T -w -W".split()),
}
# red team: ed (and red, its restricted twin) reads its commands from its input whatever file it edits -- `!cmd`
# runs a shell, `w /any/file` writes there -- so, like `sh < x.sh` and `m4 < f.m4`, its input is a script no rule
# reads (`ed -s f < script.ed` too: the ruling that kept it approved is revised; `echo '!rm -rf /' | ed` was
# auto-approved in the sandbox).
_ALWAYS_FROM_INPUT = frozenset({"ftp", "ed", "red"})

PROMPT_VERBS: frozenset[str] = (
    PROMPTS
    | frozenset(SUBCOMMAND_PROMPTS)
    | frozenset(_ONE_DASH_CODE)
    | _EVAL_SUBCOMMAND
    | _FROM_INPUT_UNLESS_FILE
    | _ALWAYS_FROM_INPUT
)


def _first_operand(view: tuple[str, ...]) -> str:
    """The first word after the verb that is not an option ("" when there is none). An option's value is
    not known here, so `sbt -J-Xmx2g console` finds `console`, and an option whose value is a separate word
    may make its value the operand: the reading then fails toward a prompt only when that value is a
    prompt's name."""
    for w in view[1:]:
        if w[:1] != "-" and w[:1] != "+":
            return w
    return ""


def prompt_reads_input(verb: str, view: tuple[str, ...]) -> str | None:
    """Why ``view`` opens a prompt that reads code or commands from its input, or None."""
    rest = view[1:]
    if len(rest) == 1 and rest[0] in _INFO:
        return None  # `swipl --version`, `deno -h`: prints and ends
    if verb in PROMPTS:
        return PROMPT
    if verb in _ALWAYS_FROM_INPUT:
        return _from_input_always(verb, rest)
    if verb in _FROM_INPUT_UNLESS_FILE:
        return _from_input_unless_file(verb, rest)
    if verb in _ONE_DASH_CODE:
        return _one_dash(verb, rest)
    if verb in _EVAL_SUBCOMMAND and rest[:1] == ("eval",):
        return INLINE
    subs = SUBCOMMAND_PROMPTS.get(verb)
    if subs is None:
        return None
    if verb == "mill":
        tasks = [w for w in rest if w[:1] != "-"]
        return PROMPT if "--repl" in rest or any(t.endswith(("repl", "console")) for t in tasks) else None
    return PROMPT if _first_operand(view) in subs else None


def _one_dash(verb: str, words: tuple[str, ...]) -> str | None:
    code, batch = _ONE_DASH_CODE[verb]
    for w in words:
        name = w.partition("=")[0]
        if name in code:
            return INLINE
        if name in batch:
            return None
    return PROMPT


_FROM_INPUT = "reads commands from its input, which can run shell commands no rule can read"


def _from_input_always(verb: str, rest: tuple[str, ...]) -> str | None:
    """ftp reads its commands from its input unless Windows' `-s:FILE` names them."""
    if any(w.lower().startswith(("-s:", "/s:")) for w in rest):
        return None
    return _FROM_INPUT


def _from_input_unless_file(verb: str, rest: tuple[str, ...]) -> str | None:
    """m4, gnuplot, groff -U: reading their input when no file is named, or `-` is."""
    if verb in ("groff", "troff") and not _unsafe(rest):
        return None
    valued = _VALUED[verb]
    k = 0
    while k < len(rest):
        w = rest[k]
        k += 1
        if w == "-":
            return _FROM_INPUT
        if w == "--":
            return None if k < len(rest) and "-" not in rest[k:] else _FROM_INPUT
        if w[:1] != "-":
            return None  # a file of commands, run as a script is
        k += w in valued
    return _FROM_INPUT


def _unsafe(rest: tuple[str, ...]) -> bool:
    """groff's and troff's `-U` (unsafe mode), alone or in a cluster of letters before one taking a value."""
    for w in rest:
        if w == "--":
            return False
        if w[:1] == "-" and w[1:2] != "-":
            for letter in w[1:]:
                if letter == "U":
                    return True
                if letter in "dDfFIKLmMnoPrTwW":
                    break
    return False
