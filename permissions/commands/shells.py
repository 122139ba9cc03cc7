"""Shells, and programs that hand a string to a shell (SPEC R4.7).

The script of ``bash -c`` / ``sh -c`` is found by reading the shell's options as the shell does; ``su -c``,
``script -c``, ``flock -c``, ``sg -c`` carry a command string too. A shell with no ``-c`` and no script file
runs what arrives on its input, which no rule can see.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "COMMAND_CARRIERS",
    "FROM_INPUT",
    "NO_SCRIPT",
    "SHELLS",
    "ShellOptions",
    "carried_commands",
    "inline_script",
    "names_a_shell",
]

SHELLS = frozenset(
    {"sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "mksh"}
    # R4.9: more POSIX-like shells and the C shells; each runs `-c`'s script and reads its input.
    | {"rbash", "ksh93", "pdksh", "oksh", "lksh", "yash", "posh", "bsh", "csh", "tcsh"}
)


def names_a_shell(line: str) -> bool:
    """Whether a command line's first word is a shell, by its path's last part (`sh`, `/bin/bash`, `busybox sh`):
    what another program writes to it is that shell's script (ed's `w !sh`, awk's `print … | "sh"`)."""
    first = line.split()[:1]
    return bool(first) and (first[0].rpartition("/")[2] in SHELLS or first[0] == "busybox")


class ShellOptions(NamedTuple):
    flags: str  # single-letter options that take no value (`c` included: it only marks the script)
    valued: str  # single-letter options that take the next word (`-o pipefail`)
    long: bool  # bash's long options (`--rcfile FILE`, also spelled `-rcfile FILE`)
    attached: bool  # zsh: `-oerrexit` carries its value in the same word


# Read from the shells' own parsers: bash shell.c (parse_long_options, parse_shell_options), dash
# options.c, zsh init.c. `sh` is read as bash: where dash differs it rejects the option and runs nothing.
# A letter not listed is not guessed: the command is unparseable (R4.7).
_BASH_OPTIONS = ShellOptions("abcefhiklmnprstuvxBCDEHPT", "oO", True, False)
_SHELL_OPTIONS: dict[str, ShellOptions] = {
    "bash": _BASH_OPTIONS,
    "sh": _BASH_OPTIONS,
    "dash": ShellOptions("abcefilmnpsuvxCEIV", "o", False, False),
    "ash": ShellOptions("abcefilmnpsuvxCEIV", "o", False, False),
    "ksh": ShellOptions("cefilnsuvx", "o", False, False),
    "mksh": ShellOptions("cefilnsuvx", "o", False, False),
    "zsh": ShellOptions("cefilnsuvx", "o", False, True),
    "rbash": _BASH_OPTIONS,
    "ksh93": ShellOptions("cefilnsuvx", "o", False, False),
    "pdksh": ShellOptions("cefilnsuvx", "o", False, False),
    "oksh": ShellOptions("cefilnsuvx", "o", False, False),
    "lksh": ShellOptions("cefilnsuvx", "o", False, False),
    "yash": ShellOptions("abcefilmnsuvxCV", "o", False, False),
    "posh": ShellOptions("abcefilmnsuvxCEIV", "o", False, False),
    "bsh": ShellOptions("cefilnsuvx", "o", False, False),
    # csh/tcsh (csh(1)): `-c` makes the first operand the commands; no option takes a value.
    "csh": ShellOptions("bcdefFilmnqstvVxX", "", False, False),
    "tcsh": ShellOptions("bcdefFilmnqstvVxX", "", False, False),
}
_BASH_LONG_FLAGS = frozenset(
    {"debug", "dump-po-strings", "dump-strings", "help", "login", "noediting", "noprofile", "norc", "posix"}
    | {"restricted", "verbose", "version"}
)
_BASH_LONG_VALUED = frozenset({"rcfile", "init-file"})
# Long options some bash versions lack: spelled with one dash, they would then read as letters.
_BASH_LONG_VERSIONED = frozenset({"debugger", "pretty-print", "protected", "wordexp"})
NO_SCRIPT = "the shell's -c option has no script"
FROM_INPUT = "the shell reads its commands from its input (a pipe, a here-document), which cannot be judged"
# Programs that hand a string to a shell with `-c` / `--command` (R4.7: hidden commands are segments too).
COMMAND_CARRIERS = frozenset({"su", "runuser", "script", "flock", "sg"})


def carried_commands(words: tuple[str, ...]) -> list[str]:
    """The strings a command carrier gives to a shell: the word after ``-c`` (also clustered, ``-qc``) or
    ``--command``, or the value of ``--command=…``. Every such word is judged, wherever it stands."""
    out: list[str] = []
    k = 1
    n = len(words)
    while k < n:
        w = words[k]
        if w.startswith("--command="):
            out.append(w[len("--command=") :])
        elif w == "--command" or (w[:1] == "-" and w[1:2] != "-" and w.endswith("c") and len(w) > 1):
            if k + 1 < n:
                out.append(words[k + 1])
                k += 1
        k += 1
    if not out and words[0] == "sg":
        # red team: `sg [-] group 'cmd'` -- the word after the group is the shell line without `-c` too.
        ops = [w for w in words[1:] if w != "-"]
        if len(ops) > 1:
            out.append(" ".join(ops[1:]))
    return out


def inline_script(words: tuple[str, ...]) -> tuple[int | None, str | None]:
    """For a shell invocation (``words[0]`` in SHELLS): the index of the script given with ``-c``, or
    None when the shell runs a file or its input; and why the options cannot be judged, if they cannot.

    As the shells read them: options come first, each word starting with ``-`` or ``+``; letters cluster
    (``-ec``); ``-o`` / ``-O`` take the next word even inside a cluster (``-oc pipefail``); ``-`` or ``--``
    ends them; ``-c`` (or ``+c``) makes the first word after all options the script.
    """
    verb = words[0]
    n = len(words)
    k = 1
    if verb == "fish":
        # fish reads its options differently (`-c` takes its own value, `-C` runs code too).
        if n > 2 and words[1] == "-c" and all(w[:1] != "-" for w in words[3:]):
            return 2, None
        if any(w[:1] == "-" for w in words[1:]):
            return None, "fish options cannot be judged"
        return (None, FROM_INPUT) if n == 1 else (None, None)
    opts = _SHELL_OPTIONS[verb]
    if opts.long:
        while k < n and words[k][:1] == "-":
            w = words[k]
            double = len(w) > 2 and w[1] == "-"
            name = w[2:] if double else w[1:]
            if name in _BASH_LONG_VALUED:
                k += 2
            elif name in _BASH_LONG_FLAGS:
                k += 1
            elif double or name in _BASH_LONG_VERSIONED:
                return None, f"the option '{w}' of '{verb}' cannot be judged"
            else:
                break
    script = False
    reads_stdin = ""  # "s" once `-s` (commands from the input, operands as parameters) is seen
    while k < n:
        w = words[k]
        if w[:1] != "-" and w[:1] != "+":
            break
        if w == "-" or w == "--":
            k += 1
            break
        after = k + 1
        if w[1:2] == "-" and verb == "zsh":
            # zsh: `--name` sets an option by name; only `--emulate` takes a value.
            if w == "--emulate":
                after += 1
            k = after
            continue
        letters = w[1:]
        for p, ch in enumerate(letters):
            if ch == "c":
                script = True
            elif ch == "s" and w[:1] == "-":
                reads_stdin = "s"
            elif ch in opts.valued:
                if opts.attached and p + 1 < len(letters):
                    break  # zsh: the rest of the word is the value
                if after < n:
                    after += 1
            elif ch not in opts.flags:
                return None, f"the option '{w}' of '{verb}' cannot be judged"
        k = after
    if not script:
        # No -c and no script file: the shell runs what arrives on its input (`curl x | sh`, `sh <<EOF`),
        # which no rule can see.
        return (None, FROM_INPUT) if k >= n or "s" in reads_stdin else (None, None)
    if k >= n:
        return None, NO_SCRIPT
    return k, None
