"""The closed world of the shell reader (SPEC R4.9): every construct it understands, and how it reads it.

Anything not listed here makes the command ``unparseable`` (never auto-approved; deny and ask are still
checked on every segment that could be read, R4.7). A construct is either READ -- its commands become
segments exactly as bash runs them -- or REFUSED. A test parses every example below and holds the reader
to this table (permissions/tests/test_closed_world.py); bash itself checks the reading of generated
commands (permissions/tests/test_bash_oracle.py, bench/fuzz_shell.py).

Readings chosen where SPEC is silent (stricter where unsure):

- Arithmetic (`(( ))`, `$(( ))`, `for (( ;; ))`) is data, except its `$(...)` / backticks, which are
  segments. Inside it `<<`, `&&`, `;`, `#` are operators. An array subscript together with any expansion in
  arithmetic (`$((a[$x]))`), and a subscript holding `$` or a backtick given to a builtin that evaluates it
  (`let`, `unset`, `declare`, `read`, `printf -v`, `test`, ...) is refused: bash expands the subscript again
  and runs what it holds. So is an assignment whose quoted value holds a subscript with a substitution
  (`x='a[$(cmd)]'`: arithmetic on `x` runs `cmd`). Single quotes inside arithmetic do not quote (bash runs
  `'$(cmd)'` there): such a command is judged and refused. A `((` closed by a single `)` is a subshell in bash: its words are judged as
  commands and the command is unparseable.
- `[[ ... ]]` is a test, read as `[`'s (its words are operands, its substitutions segments) when it is one test
  closed on its line: `]]` its last word and no other, no `<`, `>`, `&&`, `||` or `(` inside (comparisons,
  conjunctions and grouping to bash; redirections, separators and subshells to this reader). An operand bash
  evaluates -- an arithmetic operator's (`-eq` ... `-ge`), `-v`'s or `-R`'s name -- is read only when it is a
  number, `$?`/`$#`/`$$`/`$!`, or a plain name: `[[ $x -eq 1 ]]` evaluates `x`'s value, whose `a[$(cmd)]` runs
  `cmd`, as `$((x))` does.
- `time`, `time -p`, `!`, `coproc`, `coproc NAME` before `{ ...; }` / `( ... )` are grammar: the group's
  commands are segments. `coproc cmd` runs `cmd`.
- A function definition (`f() ...`, `function f ...`) runs nothing; its body's commands are segments like
  any other (deny and ask hold, and an uncovered body is never auto-approved). A call to a function or an
  alias defined anywhere in the same command is opaque (Segment.opaque). Aliases do not expand in
  non-interactive bash, but the reader is strict: `alias ls=rm; ls` makes `ls` opaque and the alias's value
  is judged as commands.
- Backticks nested with escaped backticks are opened: the body is read again with `\\``, `\\\\` and `\\$`
  unescaped (bash's rule), so every level's commands are segments.
- A command word that is not literal is opaque: any expansion (`$x`, `${x:-y}`, `$(..)`, `$IFS`), a leading
  `~`, a special parameter (`$?`, `$$`, ...), or an unquoted glob character (`*`, `?`, `[...]`); a quoted
  `'*'` is literal.
- A here-document whose delimiter is quoted in any way (`<<'E'`, `<<"E"`, `<<\\E`, `<<E"x"`) is data: its
  body makes no segments and no problems. An unquoted body holding `$(`, a backtick, `$[` or a `${...}`
  with `!`, `@`, `$` or `[` is refused -- but bash runs its substitutions, so their commands are still
  segments (read as inside double quotes, `"` being text there): deny and ask see them (R4.9, R4.7).
- A here-string or here-document given to a program that runs its input as shell commands (`sh`,
  `bash -s`, `bash -`, `source /dev/stdin`, `bash /dev/fd/0`, `su`, `at`, `ssh host` with no remote
  command or a remote shell, also through wrappers and with a command word that is not literal), directly
  or piped through `cat` (no file) or `echo` (`cat <<E | sh`, `echo 'x' | bash -s`), is that program's
  script: its commands are segments, like the script of `bash -c` (R4.9, R4.7). The program
  still reads its input, so it stays never auto-approved, as before (`ssh host` excepted: judged like
  `ssh host CMD`). Given to an interpreter that reads its program from the input (`python3 -`, `node`),
  it is code in another language: never auto-approved, even by an allow written for exactly those words.
- Special parameters `$?`, `$#`, `$$`, `$!`, `$-` expand to numbers and option letters: a word made only
  of them and other text without `/` is not a location for the path scope. `$0`, `$1`..., `$@`, `$*` can be
  anything and stay locations.
- History expansion (`!!`, `!$`) does not happen in non-interactive bash: `!` is a word or the pipeline
  negation, never a reference.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["CONSTRUCTS", "Construct", "READ", "REFUSED"]

READ = "read"
REFUSED = "refused"


class Construct(NamedTuple):
    name: str
    example: str
    verdict: str  # READ or REFUSED
    how: str  # how the reader reads it, or why it refuses it


CONSTRUCTS: tuple[Construct, ...] = (
    # -- words --------------------------------------------------------------------------------------------
    Construct("plain words", "ls -la src", READ, "split at blanks (space, tab); R4.1"),
    Construct("single quotes", "echo 'a b'", READ, "literal text"),
    Construct("double quotes", 'echo "a $x"', READ, "text; `$`, backticks and `\\` keep their meaning"),
    Construct("backslash escape", "echo a\\ b", READ, "the next character is literal; `\\<newline>` joins"),
    Construct("ANSI-C quoting", "echo $'\\x41'", READ, "decoded as bash does; unsure escapes refused"),
    Construct("locale string", 'echo $"hi"', REFUSED, "translated through the locale: not certain"),
    Construct("parameter", "echo $HOME ${HOME} $1 $@", READ, "stays literal (R4.3); the word is dynamic"),
    Construct("parameter with operator", "echo ${x:-y} ${x#a} ${#x}", READ, "plain text after the operator"),
    Construct("special parameter", "echo $? $$ $# $! $-", READ, "not a location (numbers, option letters)"),
    Construct(
        "parameter holding quotes", "echo ${x:-'a'}", REFUSED, "its end is uncertain: the rest is flat"
    ),
    Construct("nested parameter", "echo ${x:-${y}}", REFUSED, "not read; the rest is judged flat"),
    Construct("indirection", "echo ${!x}", REFUSED, "the name is data"),
    Construct("transformation", "echo ${x@P}", REFUSED, "prompt expansion can run commands"),
    Construct("subscript with expansion", "echo ${a[$i]}", REFUSED, "the subscript is evaluated again"),
    Construct(
        "command substitution in the current shell",
        "echo ${ date; } ${| date; }",
        REFUSED,
        "bash 5.3 runs it: not read, the rest is judged flat (deny still sees it)",
    ),
    Construct("tilde", "ls ~/src", READ, "a home directory: the word is dynamic"),
    Construct("brace expansion", "cp x.{js,map} dist/", READ, "expanded as bash does (R4.8)"),
    Construct("glob in an argument", "ls *.py", READ, "the word as written"),
    Construct("glob in the command word", "/???/rm x", READ, "opaque: what runs is not known"),
    # -- commands and lists -------------------------------------------------------------------------------
    Construct("leading assignments", "A=1 B=2 make", READ, "part of the segment (R4.8)"),
    Construct("lists", "a && b || c; d & e", READ, "one segment each (R4.4)"),
    Construct("pipelines", "a | b |& c", READ, "one segment each"),
    Construct("newline", "a\nb", READ, "separates commands"),
    Construct("comment", "ls # rm -rf /", READ, "dropped: a `#` starting a word"),
    Construct("redirections", "cmd <a >b 2>>c &>d 2>&1 >&- <>e >|f", READ, "targets kept (R4.5)"),
    Construct("here-string", "cat <<< 'x'", READ, "data for the input"),
    Construct("here-document", "cat <<E\ntext\nE", READ, "body is data"),
    Construct("quoted here-document", "cat <<'E'\n$(x)\nE", READ, "body is data, whatever it holds"),
    Construct(
        "here-document running code", "cat <<E\n$(x)\nE", REFUSED, "refused; its substitutions are segments"
    ),
    Construct("script on a shell's input", "sh <<< 'a; b'", READ, "the text is the script: segments"),
    Construct("named descriptor", "exec {fd}>x", REFUSED, "not modelled"),
    # -- nesting ------------------------------------------------------------------------------------------
    Construct("command substitution", "echo $(date)", READ, "its commands are segments (R4.7)"),
    Construct("backticks", "echo `date`", READ, "its commands are segments"),
    Construct("nested backticks", "echo `a \\`b\\``", READ, "unescaped and read again"),
    Construct("process substitution", "diff <(a) >(b)", READ, "its commands are segments"),
    Construct("subshell", "( cd x && make )", READ, "its commands are segments"),
    Construct("group", "{ a; b; }", READ, "its commands are segments"),
    Construct("arithmetic expansion", "echo $((1 << 2))", READ, "data; its substitutions are segments"),
    Construct("arithmetic command", "(( i << 2 ))", READ, "data; its substitutions are segments"),
    Construct("arithmetic with subscript", "echo $((a[$x]))", REFUSED, "the subscript is evaluated again"),
    Construct("old arithmetic", "echo $[1+2]", REFUSED, "not read"),
    Construct("subscript to a builtin", "unset 'a[$(x)]'", REFUSED, "the subscript's `$(` runs"),
    # -- compound commands --------------------------------------------------------------------------------
    Construct(
        "if", "if a; then b; elif c; then d; else e; fi", READ, "keywords dropped; each command judged"
    ),
    Construct("while / until", "while a; do b; done", READ, "keywords dropped"),
    Construct("for", "for f in *.py; do b; done", READ, "the header is grammar; its substitutions judged"),
    Construct("arithmetic for", "for ((i=0;i<3;i++)); do b; done", READ, "the header is arithmetic"),
    Construct(
        "time / ! / coproc", "time -p { a; }; ! ( b ); coproc N { c; }", READ, "grammar before a group"
    ),
    Construct("function definition", "f() { a; }; function g { b; }", READ, "body judged; calls are opaque"),
    Construct("alias", "alias l='ls -l'; l", READ, "value judged as commands; calls are opaque"),
    Construct("case", "case x in a) b;; esac", REFUSED, "arms are not modelled"),
    Construct("select", "select x in a; do b; done", REFUSED, "not modelled"),
    Construct(
        "conditional", "[[ -f x ]] && [[ $? -eq 0 ]]", READ, "a test, as `[`'s; its substitutions judged"
    ),
    Construct(
        "conditional with more inside",
        "[[ -f a && $x -lt 2 ]]",
        REFUSED,
        "`&&`, `||`, `(`, `<`, `>` inside, or an operand bash evaluates (arithmetic, `-v`) that is not a number",
    ),
    Construct("word before '('", "ls @(a|b)", REFUSED, "extglob, arrays `a=(...)`: not modelled"),
    Construct("inline scripts", "bash -c 'a; b'", READ, "the script is judged like a command (R4.7)"),
)
