"""Option tables (R4.10) for the programs that send signals -- ``kill`` (bash's builtin and procps'),
``pkill`` and ``killall`` -- and OpenSSH's ``ssh`` (its ``-o`` keywords read in any case:
permissions.commands.option_values).

A signal is written ``-9``, ``-KILL``, ``-SIGKILL``, ``-kill``, ``-s KILL``, ``-n 9``, ``--signal=sigkill``:
every spelling is read as the one key ``signal=KILL`` (names, Linux's numbers), so a deny of ``kill -9`` also
refuses ``kill -s KILL 1``. :func:`signal_words` rewrites a signal program's words before its table reads
them, because a signal written as ``-KILL`` is no cluster of options: the first such word names the signal,
a later one (``kill -9 -1``) is a process group or ``-1``, every process.
"""

from __future__ import annotations

from collections.abc import Sequence

from permissions.commands.option_reader import Program
from permissions.commands.option_values import canonical_signal, signal_name

# The options each program reads as "the signal is the next word" (pkill's `-s` is a session).
_SIGNAL_OPTIONS = {
    "kill": frozenset({"-s", "-n", "--signal"}),
    "pkill": frozenset({"--signal"}),
    "killall": frozenset({"-s", "--signal"}),
}


def signal_words(program: str, args: Sequence[str]) -> list[str]:
    """``args`` (the words after ``program``) with every spelling of the signal written ``--signal=NAME``;
    kill's process operands after ``--`` (``kill -9 -1``: ``-1`` is every process, not a signal). A
    ``-SIGNAL`` word is the signal where the program reads one: first for bash's kill and procps' pkill,
    anywhere for psmisc's killall."""
    takes = _SIGNAL_OPTIONS[program]
    out: list[str] = []
    n = len(args)
    named = False
    k = 0
    while k < n:
        w = args[k]
        if w == "--":
            out.extend(args[k:])
            break
        if w[:1] != "-" or len(w) < 2:
            if program == "kill":  # bash's kill reads options at the front only: the rest are processes
                out.append("--")
                out.extend(args[k:])
                break
            out.append(w)
            k += 1
            continue
        head, eq, value = w.partition("=")
        if head in takes and (eq or k + 1 < n):
            if not eq:
                k += 1
                value = args[k]
            out.append("--signal=" + canonical_signal(value))
            named = True
            k += 1
            continue
        sig = signal_name(w[1:]) if w[1] != "-" else None
        if program == "killall" and sig is None and w[1] == "s" and len(w) > 2:
            sig = signal_name(w[2:])  # `killall -sKILL`
        if sig is not None and not named and (k == 0 or program == "killall"):
            out.append("--signal=" + sig)
            named = True
            k += 1
            continue
        if program == "kill" and named:
            out.append("--")  # `kill -9 -1`: a process group, or every process
            out.extend(args[k:])
            break
        out.append(w)
        k += 1
    return out


KILL = Program(
    "kill",
    """
    --signal=
    -l= --list=?
    -L --table
    -q= --queue=
    --timeout=
    -p --pid
    -a --all
    --verbose
    """,
)


PKILL = Program(
    "pkill",
    """
    --signal=
    -e --echo
    -f --full
    -i --ignore-case
    -n --newest
    -o --oldest
    -x --exact
    -c --count
    -v --inverse
    -w --lightweight
    -A --ignore-ancestors
    -H --require-handler
    -L --logpidfile
    -g= --pgroup=
    -G= --group=
    -P= --parent=
    -s= --session=
    -t= --terminal=
    -u= --euid=
    -U= --uid=
    -F= --pidfile=
    -r= --runstates=
    -q= --queue=
    --older=
    --ns=
    --nslist=
    """,
    abbrev=True,
)


KILLALL = Program(
    "killall",
    """
    --signal=
    -e --exact
    -g --process-group
    -i --interactive
    -I --ignore-case
    -l --list
    -q --quiet
    -r --regexp
    -v --verbose
    -V --version
    -w --wait
    -n= --ns=
    -o= --older-than=
    -y= --younger-than=
    -u= --user=
    -Z= --context=
    """,
    abbrev=True,
)


# OpenSSH (getopt: clustered flags, no long options); the destination ends the options: what follows is
# the remote command.
SSH = Program(
    "ssh",
    """
    -B= ; -b= ; -c= ; -D= ; -E= ; -e= ; -F= ; -I= ; -i= ; -J= ; -L= ; -l= ; -m= ; -O= ; -o= ; -P= ; -p= ; -Q= ; -R=
    -S= ; -W= ; -w=
    -4 ; -6 ; -A ; -a ; -C ; -f ; -G ; -g ; -K ; -k ; -M ; -N ; -n ; -q ; -s ; -T ; -t ; -V ; -v ; -X ; -x ; -Y ; -y
    """.replace(";", "\n"),
    intersperse=False,
)
