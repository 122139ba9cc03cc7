"""Bash as the oracle for the shell reader (R4.7, R4.9).

A grammar (hypothesis strategies) generates shell commands whose simple commands are markers ``c0``,
``c1``, ... -- names that exist nowhere -- placed either where a command runs or where bash reads text as
data (quotes, quoted here-documents, arithmetic, comments). Bash itself then says which markers it reads as
commands: each command is made the body of a function, and ``declare -f`` prints the function back in
bash's canonical form (one simple command per line, substitutions re-printed, comments dropped), in which
code and data are told apart by a small tokenizer (:func:`bash_code_markers`). The reader must see every
one of those markers as a segment's command word, or call the whole command unparseable.

Safety: the oracle only ever sees generated commands whose programs are markers (nothing by that name
exists), ``echo`` and ``true``; it defines functions and never calls them; and it runs inside bubblewrap
(read-only system, private /tmp, no network, new namespaces), like the project's sandbox
(containers/bwrap.py). It never sees real agent input.

Used by permissions/tests/test_bash_oracle.py (a bounded slice in the suite) and bench/fuzz_shell.py
(>= 100,000 commands).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as seeded
from hypothesis import strategies as st

from permissions.shell import parse_command
from permissions.wrappers import is_assignment, look_through

MARK = "@C@"  # placeholder, renumbered to c0, c1, ... in order (see number_markers)
_MARKER = re.compile(r"c[0-9]+")


def number_markers(template: str) -> str:
    parts = template.split(MARK)
    out = [parts[0]]
    for k, part in enumerate(parts[1:]):
        out.append(f"c{k}")
        out.append(part)
    return "".join(out)


# -- the grammar -------------------------------------------------------------------------------------------
# One grammar, written as data, drives two generators: hypothesis strategies (the suite) and a plain seeded
# random sampler (bench/fuzz_shell.py, ~100x faster per command). MARK stands for a fresh marker; in a
# template, @L@ is a list of commands, `@L@;` a list ended as a statement, @M@ a second list.
# A piece of a list is (text, ends_with_heredoc): a here-document's body follows the line, so what comes
# after such a piece must start on a new line.
Piece = tuple[str, bool]

PLAIN_ARGS = (
    ["a1", "-x", "--long=v", "/tmp/a", "x#y", "'*'", "\\;", "'#'", '"a b"', "$v", "${v:-x}", "$?", "$$"]
    + ["{x,y}", "$'\\x41'", "~/p", "'<<E'", "$((1 << 2))", "$((x<<y))", "'a;b'", '"$v"', "a=b"]
    + ["$(( (1+2) * 3 ))", "!", "]]", "[", "$#", "$-", "--", "'a'\\''b'", '"\'"', "'}'", "\\{"]
)
# Markers where bash reads data: they must not need to be commands (the reader may still over-read them).
DECOY_ARGS = [f"'{MARK}'", f"'x; {MARK} y'", f'"{MARK}"', f'"a; {MARK}"', f"\\{MARK}", f"'$({MARK})'"] + [
    f'"\\$({MARK})"',
    f"'`{MARK}`'",
    f'"\\`{MARK}\\`"',
    f"$(( {MARK} << 2 ))",
    f"x{MARK}",
]
REDIRECTS = [
    " > /dev/null",
    " 2>&1",
    " >> o.txt",
    " < i.txt",
    " &> /dev/null",
    " <<< 'x'",
    " 2> e",
    " >&2",
] + [f' <<< "$({MARK})"', f" > >({MARK})", f" < <({MARK})", " <> f", " >| f", " 3>&-"]
ASSIGNS = ["X=1 ", "Y='a b' ", "Z=$v ", f"W=$({MARK}) "]
SEPARATORS = [" && ", " || ", "; ", " & ", "\n", " | ", " |& ", " ;\n", "\n\n"]
# Whole statements whose last line is a here-document's (what follows starts on a new line).
HEREDOCS = [
    f"{MARK} <<'E'\n{MARK} $({MARK}) `{MARK}`\nE",
    f'{MARK} <<"E"\n{MARK} $({MARK})\nE',
    f"{MARK} <<\\E\n{MARK}; {MARK}\nE",
    f"{MARK} <<E\nplain text {MARK}\nE",
    f"{MARK} <<-E\n\t{MARK} text\n\tE",
    f"{MARK} <<'A' <<'B'\n{MARK}\nA\n{MARK}\nB",
    f"{MARK} <<E && {MARK}\nx\nE",
    f"{MARK} $(cat <<'E'\n{MARK}\nE\n)",
]
ATOMS = [
    f"(( {MARK} << 2 ))",
    f"((x<<2)) && {MARK}",
    f"(( a[1] + {MARK} ))",
    f"{MARK} # {MARK} && {MARK}\n",
    f"true # {MARK}\n",
    f"echo '{MARK}' \"{MARK}\" ok",
    f"echo `{MARK} \\`{MARK}\\``",
    f'echo "`{MARK} \\`{MARK}\\``"',
    f"echo `{MARK} \\`{MARK} \\\\\\`{MARK}\\\\\\`\\``",
    f"[ -n x ] && {MARK}",
    f"[[ -n x ]] && {MARK} $([[ -z y ]] && {MARK})",
    f"for ((i=0;i<1;i++)); do {MARK}; done",
    f"echo $(( 1 << $({MARK}) ))",
    f"echo ${{v:-{MARK}}}",
    f"{MARK} $({MARK} $({MARK}))",
    f"x=$({MARK}) {MARK}",
    f"{MARK} | {MARK} |& {MARK}",
    f"alias q={MARK}; {MARK}",
    f"time -p {MARK}",
    f"! {MARK} && ! time {MARK}",
    f"coproc {MARK} a1",
    f"{MARK} {{a,b}} >&2",
    f"{MARK}&&{MARK};{MARK}|{MARK}",
    f"{MARK} 2>&1|{MARK}&",
    f"{MARK} \\\n a1 && {MARK}",
    f"$( ({MARK}) )",
    f"$(({MARK}) )",
    f"(({MARK}) )",
    f"(( ({MARK}) ))",
    f"echo $(( $({MARK}) ))",
    f'"$({MARK} ")")"',
    f"{MARK} # $({MARK}) `{MARK}`\n",
    f"{MARK} '#' #{MARK}\n",
    f"f-g() {{ {MARK}; }}",
    f"time {MARK} | {MARK}",
    f"{MARK} <<<$({MARK}) >&2",
    f"\\{MARK} a1",
    f"$'{MARK}' a1",
    f"{MARK}\ta1\t&&\t{MARK}",
    f"{MARK} &>>f & {MARK} &",
    f"{MARK} $( {MARK} <<'E'\n)\nE\n)",
    f"{MARK} `{MARK} <<'E'\nx\nE\n`",
    f"{MARK} <<E && {MARK} <<F\nx\nE\ny\nF\n",
    f"{MARK} <<'E F'\n{MARK}\nE F\n",
    f"coproc {MARK} | {MARK}",
    f"{MARK} >&$({MARK})",
    f"{MARK} ${{v}}$({MARK})",
    f"{MARK} {{,}} {{a..c}}",
    f"{{ {MARK};}}",
    f"{MARK} {{ }}",
    f"! ! {MARK}",
    f"if ! {MARK}; then {MARK}; fi",
]
# Constructs the reader refuses (unparseable): rarer, so that most commands test the reading itself.
REFUSED = [
    f"[[ -n x && -z y ]] && {MARK}",
    f"case x in a) {MARK};; esac",
    f"echo $(( a[$({MARK})] ))",
    f'echo ${{v:-"}}"}}; {MARK}',
    f"{MARK} <<E\n$({MARK})\nE",
]
COMPOUNDS = [
    "{ @L@; }",
    "( @L@ )",
    "time { @L@; }",
    "time -p ( @L@ )",
    "! { @L@; }",
    "coproc { @L@; }",
    "coproc N { @L@; }",
    "coproc N ( @L@ )",
    "f() { @L@; }",
    "f () ( @L@ )",
    "function g { @L@; }",
    "function g() { @L@; }",
    f"{MARK} $( @L@ )",
    f'{MARK} "$( @L@ )"',
    f"{MARK} <( @L@ )",
    "for i in a b; do @L@; done",
    "for i do @L@; done",
    "for i\ndo @L@; done",
    "for i in a b\ndo @L@; done",
    f"if {MARK}; then @L@; fi",
    f"while {MARK}; do @L@; done",
    f"until {MARK}; do @L@; done",
    "if @L@; then @M@; else true; fi",
    "{ @L@; } && ( @M@ )",
    "{ @L@; } > f 2>&1",
    "while @L@; do @M@; done < f",
    "$( (@L@) )",
    f"{MARK} | ( @L@ ) | {MARK}",
    "if ! @L@; then @M@; fi",
    "( @L@ ) & ( @M@ )",
    "for i in $( @L@ ); do @M@; done",
    f"{MARK} \"x$( @L@ )y\" '$( {MARK} )'",
    "{ @L@; }; { @M@; }",
]


def _close(piece: Piece) -> str:
    """A list's text, safe to follow with `)`: a here-document's body ends its line first."""
    text, heredoc = piece
    return text + "\n" if heredoc else text


def _term(piece: Piece) -> str:
    """A list's text ended as a statement: by `;`, or by the newline that ends a here-document's line."""
    text, heredoc = piece
    return text + "\n" if heredoc else text + ";"


def fill(template: str, first: Piece, second: Piece) -> Piece:
    text = template.replace("@L@;", _term(first)).replace("@L@", _close(first))
    text = text.replace("@M@;", _term(second)).replace("@M@", _close(second))
    return text, False


def join(items: list[tuple[Piece, str]]) -> Piece:
    out = []
    last_heredoc = False
    for k, ((text, heredoc), sep) in enumerate(items):
        if k:
            out.append("\n" if last_heredoc else sep)
        out.append(text)
        last_heredoc = heredoc
    return "".join(out), last_heredoc


def simple(assigns: list[str], args: list[str], redirects: list[str]) -> Piece:
    return "".join(assigns) + MARK + "".join(" " + a for a in args) + "".join(redirects), False


def _atom(template: str) -> Piece:
    return template, template.endswith("\n") or (template in HEREDOCS)


# Hypothesis strategies (the suite).
_S_SIMPLE = st.builds(
    simple,
    st.lists(st.sampled_from(ASSIGNS), max_size=2),
    st.lists(st.sampled_from(PLAIN_ARGS + DECOY_ARGS), max_size=3),
    st.lists(st.sampled_from(REDIRECTS), max_size=2),
)
_S_ATOMS = st.one_of(
    _S_SIMPLE,
    _S_SIMPLE,
    st.sampled_from(HEREDOCS).map(lambda t: (t, True)),
    st.sampled_from(ATOMS).map(_atom),
    st.sampled_from(REFUSED).map(lambda t: (t, "<<" in t)),
)


def _s_list(inner: st.SearchStrategy[Piece]) -> st.SearchStrategy[Piece]:
    return st.lists(st.tuples(inner, st.sampled_from(SEPARATORS)), min_size=1, max_size=4).map(join)


def _s_compounds(inner: st.SearchStrategy[Piece]) -> st.SearchStrategy[Piece]:
    lst = _s_list(inner)
    return st.one_of(lst, st.builds(fill, st.sampled_from(COMPOUNDS), lst, lst))


PIECES: st.SearchStrategy[Piece] = st.recursive(_S_ATOMS, _s_compounds, max_leaves=6)
COMMANDS: st.SearchStrategy[str] = _s_list(PIECES).map(lambda p: number_markers(p[0]))


# The same grammar, sampled with a seeded random generator (bench/fuzz_shell.py).
def _r_piece(rnd: random.Random, depth: int) -> Piece:
    if depth <= 0 or rnd.random() < 0.45:
        kind = rnd.random()
        if kind < 0.45:
            return simple(
                rnd.choices(ASSIGNS, k=rnd.randrange(3)),
                rnd.choices(PLAIN_ARGS + DECOY_ARGS, k=rnd.randrange(4)),
                rnd.choices(REDIRECTS, k=rnd.randrange(3)),
            )
        if kind < 0.6:
            return rnd.choice(HEREDOCS), True
        if kind < 0.95:
            return _atom(rnd.choice(ATOMS))
        t = rnd.choice(REFUSED)
        return t, "<<" in t
    if rnd.random() < 0.3:
        return _r_list(rnd, depth - 1)
    return fill(rnd.choice(COMPOUNDS), _r_list(rnd, depth - 1), _r_list(rnd, depth - 1))


def _r_list(rnd: random.Random, depth: int) -> Piece:
    return join([(_r_piece(rnd, depth), rnd.choice(SEPARATORS)) for _ in range(1 + rnd.randrange(3))])


def sample(count: int, seed: int) -> list[str]:
    """``count`` commands from the grammar, reproducibly, without hypothesis (fast)."""
    rnd = random.Random(seed)
    return [number_markers(_r_list(rnd, rnd.randrange(1, 4))[0]) for _ in range(count)]


def draw(count: int, seed: int) -> list[str]:
    """``count`` commands from the hypothesis strategies, reproducibly. No shrinking is needed: a mismatch
    is reported with its command."""
    out: list[str] = []

    @seeded(seed)
    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.generate],
    )
    @given(COMMANDS)
    def collect(command: str) -> None:
        out.append(command)

    collect()
    return out


# -- bash's reading ----------------------------------------------------------------------------------------
# Each command is the body of a function that is defined, never called. A DEBUG trap ends bash before any
# simple command would run while the definition is read (a body that closed the function early), so
# nothing generated ever runs; that command counts as rejected. Some syntax errors inside `eval` end bash
# too. Either way the caller starts a new bash after the command that ended it (see bash_canonical).
_DRIVER = r"""
set -T  # the DEBUG trap holds in subshells and substitutions too
ulimit -t 60
__oracle_done() { :; }
while IFS= read -r -d '' __oracle_body; do
  if eval "trap '[[ \$BASH_COMMAND == __oracle_done ]] && trap - DEBUG || exit 97' DEBUG
__oracle_fn() {
$__oracle_body
}
__oracle_done" >/dev/null 2>&1 </dev/null
  then declare -f __oracle_fn
  else trap - DEBUG; printf '%s' '__ORACLE_SYNTAX_ERROR__'
  fi
  unset -f __oracle_fn
  printf '\0'
done
"""
SYNTAX_ERROR = "__ORACLE_SYNTAX_ERROR__"


def bash_path() -> str | None:
    for path in ("/usr/bin/bash", "/bin/bash"):
        if os.path.exists(path):
            return path
    return None


def sandbox_available() -> bool:
    return shutil.which("bwrap") is not None and bash_path() is not None


def _sandbox_argv() -> list[str]:
    bwrap = shutil.which("bwrap")
    bash = bash_path()
    assert bwrap is not None and bash is not None
    argv = [
        bwrap,
        "--unshare-all",  # no network; new user, ipc, pid, uts, cgroup namespaces
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        "--setenv", "PATH", "/nonexistent",  # no program runs, only builtins
        "--setenv", "LANG", "C.UTF-8",
        "--ro-bind", "/usr", "/usr",
    ]  # fmt: skip
    for top in ("/bin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            argv += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            argv += ["--ro-bind", top, top]
    argv += ["--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev", "--chdir", "/tmp"]
    return [*argv, "--", bash, "--norc", "--noprofile", "-c", _DRIVER]


def bash_canonical(commands: list[str], timeout: float = 60) -> list[str | None]:
    """``declare -f`` of a function whose body is each command, from sandboxed bash processes; None
    where bash rejects the command's syntax (or would run something while reading it)."""
    if any("\0" in c for c in commands):
        raise ValueError("a generated command holds a NUL")
    out: list[str | None] = []
    while len(out) < len(commands):
        rest = commands[len(out) :]
        data = "".join(c + "\0" for c in rest).encode()
        try:
            proc = subprocess.run(
                _sandbox_argv(), input=data, capture_output=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            # A command bash read as closing the function early and looping: find it by halves.
            if len(rest) == 1:
                out.append(None)
                continue
            half = len(rest) // 2
            out.extend(bash_canonical(rest[:half], timeout))
            continue
        answers = proc.stdout.decode(errors="replace").split("\0")[:-1]
        if not answers and proc.returncode != 0 and "bwrap" in proc.stderr.decode(errors="replace"):
            raise RuntimeError(f"the bash oracle failed: {proc.stderr.decode(errors='replace')[-400:]}")
        out.extend(None if a == SYNTAX_ERROR else a for a in answers[: len(rest)])
        if len(answers) < len(rest):
            out.append(None)  # this command ended bash (a syntax error inside eval): rejected
    return out


def _tick_end(text: str, i: int) -> int:
    n = len(text)
    while i < n:
        if text[i] == "\\":
            i += 2
        elif text[i] == "`":
            return i
        else:
            i += 1
    return n


_UNTICK = re.compile(r"\\([\\`$])")
_HEREDOC_OP = re.compile(r"<<(-?)\s*('([^']*)'|\"([^\"]*)\"|\\(\w+)|(\w+))")
_STARTS = " \t\n;&|("


def bash_code_markers(text: str) -> set[str]:
    """The markers that stand where bash runs a command, in bash's canonical text.

    Code regions: the text outside quotes, arithmetic and here-document bodies, plus what is inside
    `$(...)`, backticks, `<(...)` / `>(...)` and unquoted here-documents' substitutions, also when these
    sit inside double quotes. The grammar puts markers only where a command stands or in data, so a
    marker token in a code region is a command bash reads. A small recursive reader of bash's canonical
    output, which is far more regular than what people type.
    """
    found: set[str] = set()
    _code(text, 0, found, False)
    return found


def _code(text: str, i: int, found: set[str], until_paren: bool) -> int:
    """Read code from ``i``; with ``until_paren``, stop at the `)` that closes it and return its index."""
    n = len(text)
    depth = 0
    pending: list[tuple[str, bool, bool]] = []  # here-documents whose bodies follow this line
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
        elif c == "'":
            j = text.find("'", i + 1)
            i = n if j < 0 else j + 1
        elif c == '"':
            i = _dq(text, i + 1, found, False)
        elif c == "`":
            j = _tick_end(text, i + 1)
            _code(_UNTICK.sub(r"\1", text[i + 1 : j]), 0, found, False)
            i = j + 1
        elif text.startswith("$((", i):
            i = _arith(text, i + 3, found)
        elif text.startswith("((", i) and (i == 0 or text[i - 1] in _STARTS):
            i = _arith(text, i + 2, found)
        elif c in "$<>" and text.startswith("(", i + 1):
            i = _code(text, i + 2, found, True) + 1
        elif text.startswith("<<<", i):
            i += 3
        elif text.startswith("<<", i):
            m = _HEREDOC_OP.match(text, i)
            if m is None:
                i += 2
                continue
            delim = next(g for g in m.groups()[2:] if g is not None)
            pending.append((delim, m.group(6) is None, m.group(1) == "-"))
            i = m.end()
        elif c == "\n" and pending:
            i = _heredoc_bodies(text, i + 1, pending, found)
            pending = []
        elif c == "(":
            depth += 1
            i += 1
        elif c == ")":
            if depth == 0 and until_paren:
                return i
            depth -= 1
            i += 1
        elif c == "c" and (i == 0 or text[i - 1] in _STARTS):
            m = _MARKER.match(text, i)
            if m is not None and (m.end() >= n or text[m.end()] in " \t\n;&|)<>"):
                found.add(m.group())
                i = m.end()
            else:
                i += 1
        else:
            i += 1
    return n


def _dq(text: str, i: int, found: set[str], heredoc: bool) -> int:
    """Double-quoted text (or an unquoted here-document's body) from ``i``: its substitutions are code.
    Returns the index after the closing quote."""
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
        elif c == '"' and not heredoc:
            return i + 1
        elif text.startswith("$((", i):
            i = _arith(text, i + 3, found)
        elif text.startswith("$(", i):
            i = _code(text, i + 2, found, True) + 1
        elif c == "`":
            j = _tick_end(text, i + 1)
            _code(_UNTICK.sub(r"\1", text[i + 1 : j].replace('\\"', '"')), 0, found, False)
            i = j + 1
        else:
            i += 1
    return n


def _arith(text: str, i: int, found: set[str]) -> int:
    """Arithmetic from ``i`` is data except its substitutions; returns the index after its `))`."""
    n = len(text)
    depth = 0
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
        elif text.startswith("$((", i):
            i = _arith(text, i + 3, found)
        elif text.startswith("$(", i):
            i = _code(text, i + 2, found, True) + 1
        elif c == "`":
            j = _tick_end(text, i + 1)
            _code(_UNTICK.sub(r"\1", text[i + 1 : j]), 0, found, False)
            i = j + 1
        elif c == "(":
            depth += 1
            i += 1
        elif c == ")":
            if depth == 0:
                return i + 2
            depth -= 1
            i += 1
        else:
            i += 1
    return n


def _heredoc_bodies(text: str, i: int, pending: list[tuple[str, bool, bool]], found: set[str]) -> int:
    """Skip the bodies of ``pending`` starting at ``i``; return the index of the newline before the next
    line. An unquoted body's substitutions are code."""
    n = len(text)
    for delim, quoted, tabs in pending:
        start = i
        stop = n
        while i < n:
            j = text.find("\n", i)
            end = n if j < 0 else j
            line = text[i:end]
            if (line.lstrip("\t") if tabs else line) == delim:
                stop = i
                i = end + 1
                break
            i = end + 1
        if not quoted:
            _dq(text[start:stop], 0, found, True)
    return i - 1


# -- the engine's reading and the comparison ---------------------------------------------------------------
def engine_markers(command: str) -> set[str] | None:
    """The markers the reader sees as a segment's command word, or None when it calls the command
    unparseable. The command word is the first word after assignments, and the command the deny checks
    see through wrappers (`time`, `nice`, ...)."""
    parsed = parse_command(command)
    if parsed.unparseable:
        return None
    found: set[str] = set()
    for seg in parsed.segments:
        words = seg.words
        k = 0
        while k < len(words) and is_assignment(words[k]):
            k += 1
        candidates = [words[k]] if k < len(words) else []
        view = look_through(words)
        if view:
            candidates.append(view[0])
        for w in candidates:
            if _MARKER.fullmatch(w) is not None:
                found.add(w)
    return found


@dataclass(frozen=True)
class Mismatch:
    command: str
    bash_sees: frozenset[str]
    engine_sees: frozenset[str]
    canonical: str

    def __str__(self) -> str:
        missing = sorted(self.bash_sees - self.engine_sees)
        return (
            f"bash runs {missing} that the reader does not see as commands\n--- command:\n{self.command}\n"
            f"--- bash reads it as:\n{self.canonical}"
        )


@dataclass
class Tally:
    checked: int = 0
    bash_rejected: int = 0
    bash_unstable: int = 0
    unparseable: int = 0
    agreed: int = 0


_HEAD = "__oracle_fn () \n{ \n"
_TAIL = "}\n"


def _body(canonical: str) -> str:
    return canonical[len(_HEAD) : -len(_TAIL)] if canonical.startswith(_HEAD) else canonical


def compare(commands: list[str], tally: Tally | None = None) -> list[Mismatch]:
    """Every marker bash reads as a command must be a command word the reader sees, unless the reader
    calls the command unparseable (it is then never auto-approved).

    Bash's printer is not always right (a here-document in an `if` condition is printed after the wrong
    line): a canonical form that bash does not read back to itself is not evidence, and is counted apart.
    """
    tally = tally if tally is not None else Tally()
    found: list[Mismatch] = []
    for command, canonical in zip(commands, bash_canonical(commands), strict=True):
        tally.checked += 1
        if canonical is None:
            tally.bash_rejected += 1
            continue
        ours = engine_markers(command)
        if ours is None:
            tally.unparseable += 1
            continue
        theirs = bash_code_markers(canonical)
        if theirs <= ours:
            tally.agreed += 1
            continue
        found.append(Mismatch(command, frozenset(theirs), frozenset(ours), canonical))
    if not found:
        return found
    again = bash_canonical([_body(m.canonical) for m in found])
    out = []
    for m, second in zip(found, again, strict=True):
        if second != m.canonical:
            tally.bash_unstable += 1
        else:
            out.append(m)
    return out
