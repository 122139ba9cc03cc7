"""SPEC §5 "where it runs", R4.9 (red team): programs that run what is typed into them, started through an
agent's hook.

An agent's hook judges the tool call that starts a program, and nothing the agent does with it afterwards.
Codex's unified exec keeps a program started with ``tty`` running and gives the model ``write_stdin``, which
types into it; no hook is called for that (checked with the real Codex 0.171.0: ``exec_command`` reaches
PreToolUse as ``Bash``, ``write_stdin`` reaches nothing, and Codex's hook input does not say whether the
session was given a terminal). So a program that runs a shell command or code typed at its prompt is, started
through a hook, a program handed code no rule reads (R4.9): a pager's ``!cmd``, an editor's ``:!cmd``, a
debugger's ``shell``, a shell opened on this machine or another, a REPL, a file manager's or a git client's
shell command. :func:`typed_into` names them; decide() asks for them when the action runs in an agent's hook
(``runs_in`` ``agent``), and only an allow written for exactly the command covers one. Brabo's own executors
(``sandbox``, ``host``) give a command no input after it starts, and the interpreters, shells and database
clients that read their program from the input are opaque wherever they run already (permissions.commands).

What stays: the same programs told not to wait for typing -- ``gdb -batch``, ``lldb --batch``, ``emacs
--batch``, ``ssh host CMD`` (its command is read as a segment), ``tmux new -d``, ``screen -dm``, a pager or
``man`` whose output goes on down a pipe (it prints and ends), and git's commands given their message
(``git commit -m x``, ``--no-edit``, ``-F f``). Codex runs its commands with ``PAGER=cat`` and
``GIT_PAGER=cat``, so ``git log`` pages through cat; ``EDITOR``, ``VISUAL`` and ``MANPAGER`` come from the
developer's own environment, so git's editor and man's pager may be interactive ones.
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.git_globals import GIT_GLOBAL_VALUE_OPTS

__all__ = ["PAGERS", "TYPED_VERBS", "typed_into"]

_SHELL_ESCAPE = "runs a shell command typed at its prompt"
_EDITOR = "is an editor, which runs a shell command typed into it (`:!cmd`)"
_DEBUGGER = "is a debugger, which runs a shell command or code typed at its prompt"
_SESSION = "opens a shell that runs the commands typed into it"
_REPL = "runs the code typed at its prompt"
_GIT_EDITOR = "opens the editor git is configured with, which runs a shell command typed into it"

PAGERS = frozenset({"less", "more", "most", "pg", "lv", "man"})
_EDITORS = frozenset(
    "vi vim nvim view vimdiff rvim gvim nvi elvis ex ed red emacs emacsclient nano pico micro hx helix kak joe"
    " jed mg ne zile mcedit vipe".split()
)
_DEBUGGERS = frozenset(
    {"gdb", "cgdb", "lldb", "pdb", "ipdb", "pudb", "jdb", "rdbg", "byebug", "r2", "radare2"}
)
_REPLS = frozenset({"ghci", "pry", "utop", "bpython", "ptpython"})  # (racket, ocaml: read with the prompts)
# File managers and terminal clients with a command to run a shell command (`!`, `:shell`, `s` into a pod).
_TUIS = frozenset(
    "mc ranger nnn lf vifm yazi broot xplr joshuto lazygit tig k9s ncdu lnav lazydocker".split()
)
_SESSIONS = frozenset({"ssh", "mosh", "telnet", "tmux", "screen", "byobu", "zellij"})
_PAGER_OUTPUT = ("-P", "--pager")
_ONLY_ABOUT = frozenset({"--version", "--help", "-V", "-h", "-v", "version"})


def _batch(*flags: str) -> Callable[[tuple[str, ...]], bool]:
    """Whether a view gives one of ``flags`` (alone or with `=value`)."""
    given = frozenset(flags)
    valued = tuple(f + "=" for f in flags)
    return lambda view: any(w in given or w.startswith(valued) for w in view[1:])


_NOT_TYPED: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "gdb": _batch("-batch", "--batch", "-batch-silent", "--batch-silent"),
    "cgdb": _batch("-batch", "--batch"),
    "lldb": _batch("-b", "--batch"),
    "emacs": _batch("--batch", "-batch", "--script", "-script"),
    "emacsclient": _batch("-e", "--eval", "-n", "--no-wait"),
    "r2": _batch("-q", "-qq", "-c", "-i"),
    "radare2": _batch("-q", "-qq", "-c", "-i"),
}


# ssh's options that take a value (OpenSSH ssh.c's getopt string, `-P tag` included), to find the host and
# what follows it. (permissions.commands.uploads' _SSH_VALUES lacks `P`: one set would change its reading.)
_SSH_VALUED = frozenset("BbcDEeFIiJLlmOoPpQRSWw")


def _ssh_runs_a_command(view: tuple[str, ...]) -> bool:
    """``ssh [options] host [options] command``: a command after the host (read as a segment of its own).
    ssh reads options after the host too (``ssh localhost -p 2222`` runs no command); a value letter takes the
    rest of its word, else the next word, as getopt reads it."""
    operands, k, n = 0, 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            return n - k >= 2 - operands  # what is left: the host if not yet seen, then a command
        if w[:1] != "-" or len(w) < 2:
            operands += 1
            if operands == 2:
                return True
            continue
        for j in range(1, len(w)):
            if w[j] in _SSH_VALUED:
                k += j + 1 == len(w)  # `-p 2222` takes the next word, `-p2222` its own rest
                break
    return False


def _session(view: tuple[str, ...]) -> str | None:
    verb = view[0]
    if verb in ("ssh", "mosh"):
        return None if verb == "ssh" and _ssh_runs_a_command(view) else _SESSION
    if verb == "telnet":
        return "opens a session that sends what is typed into it"
    if verb == "tmux":
        sub = next((w for w in view[1:] if w[:1] != "-"), "new-session")
        if sub in ("new", "new-session", "attach", "attach-session", "a", "at", "att"):
            return None if "-d" in view or "-dP" in view else _SESSION
        return None
    if verb == "screen":
        return (
            None
            if any(w.startswith("-d") or w in ("-ls", "-list", "-X", "-Q") for w in view[1:])
            else _SESSION
        )
    if verb == "zellij":
        return (
            None
            if any(w in ("run", "action", "ls", "list-sessions", "-h", "--help") for w in view[1:])
            else _SESSION
        )
    return _SESSION  # byobu


# git's commands that open the configured editor, and the words that give them their text instead.
_GIT_MESSAGE = ("-m", "-F", "-C", "--message", "--file", "--reuse-message", "--no-edit", "--fixup")
_GIT_PATCH = frozenset({"-p", "--patch", "-i", "--interactive", "-e", "--edit"})


def _given_message(rest: tuple[str, ...]) -> bool:
    for w in rest:
        if (
            w.startswith(_GIT_MESSAGE)
            and not w.startswith("--message-")
            or (w[:1] == "-" and w[1:2] != "-" and ("m" in w[1:] or "F" in w[1:] or "C" in w[1:]))
        ):
            return True
    return False


def _git(view: tuple[str, ...]) -> str | None:
    k, n = 1, len(view)
    while k < n and view[k][:1] == "-":
        k += 2 if view[k] in GIT_GLOBAL_VALUE_OPTS else 1
    if k >= n:
        return None
    sub, rest = view[k], view[k + 1 :]
    edit = "-e" in rest or "--edit" in rest
    if sub in ("commit", "revert") or (
        sub == "tag" and any(w in rest for w in ("-a", "-s", "-u", "--annotate", "--sign"))
    ):
        return _GIT_EDITOR if edit or not _given_message(rest) else None
    if sub == "notes":
        action = next((w for w in rest if w[:1] != "-"), "")
        return (
            _GIT_EDITOR
            if action in ("add", "append", "edit") and (edit or not _given_message(rest))
            else None
        )
    if sub == "rebase":
        return _GIT_EDITOR if any(w in ("-i", "--interactive", "--edit-todo") for w in rest) else None
    if sub == "stash" and next((w for w in rest if w[:1] != "-"), "push") not in ("push", "save"):
        return None  # `git stash show -p` prints a diff
    if sub in ("add", "checkout", "restore", "reset", "stash") and not _GIT_PATCH.isdisjoint(rest):
        return _GIT_EDITOR  # `-p`'s `e` opens the editor on a hunk
    if sub in ("cherry-pick", "merge") and edit:
        return _GIT_EDITOR
    if (sub == "config" and edit) or (sub == "branch" and "--edit-description" in rest):
        return _GIT_EDITOR
    return None


def typed_into(view: tuple[str, ...], piped_on: bool) -> str | None:
    """What the program of ``view`` runs from what is typed into it, as the end of a sentence, or None.
    ``piped_on``: the segment's output goes on down a pipe (a pager then prints and ends)."""
    verb = view[0]
    if len(view) == 2 and view[1] in _ONLY_ABOUT:
        return None  # `vim --version`, `tmux -V`: prints and ends
    if verb in PAGERS:
        if piped_on:
            return None
        if verb == "man" and not any(w.startswith(_PAGER_OUTPUT) for w in view[1:]):
            return "pages through the pager the environment names (MANPAGER), which " + _SHELL_ESCAPE
        return "is a pager, which " + _SHELL_ESCAPE + " (`!cmd`)"
    skip = _NOT_TYPED.get(verb)
    if skip is not None and skip(view):
        return None
    if verb in _EDITORS:
        return _EDITOR
    if verb in _DEBUGGERS:
        return _DEBUGGER
    if verb in _REPLS:
        return _REPL
    if verb in _TUIS:
        return "is a terminal program that " + _SHELL_ESCAPE
    if verb in _SESSIONS:
        return _session(view)
    if verb == "git":
        return _git(view)
    if verb in _CONSOLES:
        return _console(verb, view)
    return _debugged(verb, view)


def _debugged(verb: str, view: tuple[str, ...]) -> str | None:
    """A language's own debugger started through its runner: `node inspect`, `perl -d`, `dlv debug`."""
    if verb == "node" and len(view) > 1 and view[1] == "inspect":
        return _DEBUGGER
    if verb == "perl" and any(w.startswith("-d") for w in view[1:]):
        return _DEBUGGER
    if verb == "dlv" and "--headless" not in view and len(view) > 1 and view[1] in _DLV:
        return _DEBUGGER
    return None


# Windows' consoles of their own (and ftp, on every system): netsh's shell changes the network and firewall,
# nslookup's sends every name typed, ftp runs `!cmd`, sqlcmd runs `!!cmd` and statements, wmic calls anything.
_CONSOLES = frozenset({"netsh", "nslookup", "ftp", "sqlcmd", "wmic"})


def _console(verb: str, view: tuple[str, ...]) -> str | None:
    words = list(view[1:])
    if verb == "netsh":
        # no command (its options -a -c -r -u -p take a value, -f names a script): its own prompt
        operands, k = [], 0
        while k < len(words):
            low = words[k].lower()
            if low in ("-f", "/f"):
                return None
            if low[:1] in "-/" and low[1:] in ("a", "c", "r", "u", "p"):
                k += 2
                continue
            operands.append(low)
            k += 1
        interactive = not operands
    elif verb == "wmic":
        interactive = not any(w[:1] not in "-/" for w in words)
    elif verb == "nslookup":
        operands = [w for w in words if w[:1] != "-" or w == "-"]
        interactive = not operands or operands[0] == "-"
    elif verb == "ftp":
        interactive = not any(w.lower().startswith(("-s:", "/s:")) for w in words)  # no script file
    else:  # sqlcmd: no query, no input file
        interactive = not any(
            w in ("-Q", "-q", "-i", "-?") or w.startswith(("-Q", "-q", "-i")) for w in words
        )
    return "is a console that runs what is typed at its prompt" if interactive else None


_DLV = frozenset({"debug", "exec", "attach", "test", "core", "connect", "trace", "replay"})

TYPED_VERBS = frozenset(
    PAGERS | _EDITORS | _DEBUGGERS | _REPLS | _TUIS | _SESSIONS | _CONSOLES | {"git", "node", "perl", "dlv"}
)
