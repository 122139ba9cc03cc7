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

Programs started by another program are read the same way (``_OPENERS``, ``_PAGER_SETTINGS``, with what the
command sets read by :func:`settings_of`): a command that opens the editor for its text when a terminal is
there (``git pull`` when it merges, ``git rebase --continue``, ``hg commit``, ``jj describe``, ``sops FILE``,
``ansible-vault edit``, ``rails credentials:edit``), git's diff and merge tools (vimdiff when none is
configured, and a configured one is unseen), a shell or a console a tool opens (``npm explore PKG``, ``virsh``
whose ``edit`` opens the editor), and a program whose pager the command itself names (``AWS_PAGER=less aws s3
ls``, ``git -c core.pager=less log``, ``export GIT_PAGER=less; git log``: a setting in the command outranks
Codex's ``cat``). They stay when given their text or told not to wait (``git pull --ff-only``, ``--rebase``,
``--no-edit``, ``hg commit -m x``, ``jj describe -m x``, ``sops -d f``), when their output goes on down a pipe
(a pager), and when the command names git an editor that reads nothing typed (``GIT_EDITOR=true git rebase
--continue``: ``GIT_EDITOR`` outranks every other setting of git's editor). A bare ``git pull`` asks: it
merges unless the developer's configuration (unseen) says rebase or fast-forward only, and no agent corpus
(bench/friction.py, bench/ordinary_commands.py) runs it bare.

Left to the caps, which ask for them wherever they run and say why better: ``git merge BRANCH``, ``git
send-email``, ``svn commit``, ``kubectl``/``oc edit`` and ``gh``'s and ``glab``'s create, merge, review and
comment (an external effect: "use the typed pr_open or git_merge action"), ``crontab -e``, ``systemctl edit``,
``pass edit``, ``gem open`` (outside the project).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType

from permissions.commands.environment import DECLARATION_BUILTINS, assignment_carried
from permissions.commands.git import git_carried
from permissions.commands.git_globals import GIT_GLOBAL_VALUE_OPTS
from permissions.commands.runners import carried

__all__ = [
    "PAGED_VERBS",
    "PAGERS",
    "TOO_MANY_SETTINGS",
    "TYPED_VERBS",
    "carries_settings",
    "named_values",
    "possible_settings",
    "settings_of",
    "typed_into",
]

_SHELL_ESCAPE = "runs a shell command typed at its prompt"
_EDITOR = "is an editor, which runs a shell command typed into it (`:!cmd`)"
_DEBUGGER = "is a debugger, which runs a shell command or code typed at its prompt"
_SESSION = "opens a shell that runs the commands typed into it"
_REPL = "runs the code typed at its prompt"
_GIT_EDITOR = "opens the editor git is configured with, which runs a shell command typed into it"
_GIT_TODO = (
    "opens the editor git is configured with on its todo list, which runs a shell command typed into it"
)
_GIT_TOOL = "opens git's diff or merge tool (vimdiff when none is configured), which runs a shell command typed into it"
_MAN = "pages through the pager the environment names (MANPAGER), which " + _SHELL_ESCAPE
_OPENS_EDITOR = (
    "opens the editor the environment names (vi when none), which runs a shell command typed into it"
)

PAGERS = frozenset({"less", "more", "most", "pg", "lv", "man", "moar", "moor", "ov", "vimpager", "nvimpager"})
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


# ssh's options that open no shell: no command run (`-N`, forwards alone), a control command to a running
# master (`-O exit`), the configuration or version printed (`-G`, `-V`), a query (`-Q cipher`). (`-W` sends
# what is typed to a port: a session, as telnet's.)
_SSH_NO_SHELL = frozenset("NOGVQ")


def _ssh_opens_no_shell(view: tuple[str, ...]) -> bool:
    """One of _SSH_NO_SHELL among ssh's options before the host (as _ssh_runs_a_command reads them)."""
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w == "--" or w[:1] != "-" or len(w) < 2:
            return False  # (options after the host are rare; the common `ssh -N -L ... host`)
        for j in range(1, len(w)):
            if w[j] in _SSH_NO_SHELL:
                return True
            if w[j] in _SSH_VALUED:
                k += j + 1 == len(w)  # its value: the next word, or the rest of this one
                break
    return False


def _session(view: tuple[str, ...]) -> str | None:
    verb = view[0]
    if verb in ("ssh", "mosh"):
        return (
            None if verb == "ssh" and (_ssh_runs_a_command(view) or _ssh_opens_no_shell(view)) else _SESSION
        )
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


def _git(view: tuple[str, ...], settings: Mapping[str, str], piped_on: bool) -> str | None:
    k, n = 1, len(view)
    config: dict[str, str] = {}
    paginate: bool | None = None  # `-p`/`--paginate`, `-P`/`--no-pager`
    while k < n and view[k][:1] == "-":
        w = view[k]
        if w == "-c" and k + 1 < n:
            name, _, value = view[k + 1].partition("=")
            config[name.lower()] = value
        elif w in ("-p", "--paginate", "-P", "--no-pager"):
            paginate = w in ("-p", "--paginate")
        k += 2 if w in GIT_GLOBAL_VALUE_OPTS else 1
    if k >= n:
        return None
    sub, rest = view[k], view[k + 1 :]
    if sub == "help" or "--help" in rest:  # man through MANPAGER, unless it lists or opens a browser
        listed = any(w in ("-a", "--all", "-g", "--guides", "-c", "--config", "-w", "--web") for w in rest)
        return None if piped_on or listed else _MAN
    what = _git_opens(sub, rest, settings, config)
    if what is not None:
        return _git_editor_named(what, settings)
    if not (settings or config) or piped_on or paginate is False or not (paginate or sub in _GIT_PAGED):
        return None  # (a pager the command does not name is the agent's: Codex's `cat`)
    return _named_pager(_git_pager(sub, settings, config))


def _git_editor_named(what: str, settings: Mapping[str, str]) -> str | None:
    """``what`` unless the command names git an editor that reads nothing typed: ``GIT_EDITOR`` outranks
    core.editor, VISUAL and EDITOR; the todo list of `rebase -i` takes GIT_SEQUENCE_EDITOR (or
    sequence.editor, unseen) first, and its rewords and squashes the editor. Only an editor that leaves the
    todo list as it is (`true`) keeps it from asking."""
    if what is _GIT_TOOL or not _reads_nothing(settings.get("GIT_EDITOR")):
        return what
    if what is _GIT_TODO and settings.get("GIT_SEQUENCE_EDITOR", "").strip() not in ("true", ":"):
        return what  # (`sed` may write `exec` lines into the todo list, which git then runs)
    return None


def _git_pager(sub: str, settings: Mapping[str, str], config: Mapping[str, str]) -> str | None:
    """The pager the command names for git: GIT_PAGER, else pager.<command> or core.pager, else PAGER (a
    setting the command does not make is the developer's or the agent's: Codex's ``cat``)."""
    if "GIT_PAGER" in settings:
        return settings["GIT_PAGER"]
    own = config.get("pager." + sub, "").lower()
    if own in ("false", "no", "off", "0"):
        return ""
    if own and own not in ("true", "yes", "on", "1"):
        return config["pager." + sub]
    return config["core.pager"] if "core.pager" in config else settings.get("PAGER")


def _git_opens(
    sub: str, rest: tuple[str, ...], settings: Mapping[str, str], config: Mapping[str, str]
) -> str | None:
    """What of git's opens the editor (or a diff or merge tool) for ``sub``, or None."""
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
        if any(w in ("-i", "--interactive", "--edit-todo") for w in rest):
            return _GIT_TODO
        return _GIT_EDITOR if "--continue" in rest else None  # the message of a commit it stopped on
    if sub in ("pull", "cherry-pick"):  # (`git merge`: the external-effect cap asks for it everywhere)
        return _git_merges(sub, rest, settings, edit)
    if sub == "merge" and edit:
        return _GIT_EDITOR
    if sub in ("difftool", "mergetool"):
        return _git_tool(sub, rest, config)
    return _git_patch(sub, rest, edit)


def _git_patch(sub: str, rest: tuple[str, ...], edit: bool) -> str | None:
    if sub == "stash" and next((w for w in rest if w[:1] != "-"), "push") not in ("push", "save"):
        return None  # `git stash show -p` prints a diff
    if sub in ("add", "checkout", "restore", "reset", "stash") and not _GIT_PATCH.isdisjoint(rest):
        return _GIT_EDITOR  # `-p`'s `e` opens the editor on a hunk
    if (sub == "config" and edit) or (sub == "branch" and "--edit-description" in rest):
        return _GIT_EDITOR
    if sub == "am" and ("-i" in rest or "--interactive" in rest):
        return _GIT_EDITOR  # each patch's `[e]dit`, `[v]iew` through the pager
    return None


# Words after which `git merge`/`git pull` makes no merge commit, or has its message.
_NO_MERGE_EDIT = frozenset({"--ff-only", "--squash", "--no-commit", "--abort", "--quit"})


def _git_merges(sub: str, rest: tuple[str, ...], settings: Mapping[str, str], edit: bool) -> str | None:
    """A merge commit's message: git opens the editor for it when a terminal is there (since 1.7.10), for
    `git pull` when it merges; a picked commit's after a conflict (`git cherry-pick --continue`)."""
    if edit:
        return _GIT_EDITOR
    if sub == "cherry-pick":
        return _GIT_EDITOR if "--continue" in rest and not _given_message(rest) else None
    if not _NO_MERGE_EDIT.isdisjoint(rest) or _given_message(rest):
        return None
    if sub == "pull" and _pull_rebases(rest):
        return None  # a rebase stops on a conflict without the editor
    if settings.get("GIT_MERGE_AUTOEDIT", "").lower() == "no":
        return None
    return _GIT_EDITOR


def _pull_rebases(rest: tuple[str, ...]) -> bool:
    rebases = False
    for w in rest:
        if w in ("-r", "--rebase"):
            rebases = True
        elif w.startswith(("--rebase=", "-r=")):
            rebases = w.partition("=")[2] not in ("false", "no", "off", "0", "interactive", "i")
        elif w == "--no-rebase":
            rebases = False
    return rebases


# git's diff and merge tools that run in the terminal (when none is configured, git picks vimdiff or emerge on a
# terminal; a configured one is unseen). A window of its own (meld, kdiff3, vscode) takes no typed input.
_TERMINAL_TOOLS = frozenset(
    "vimdiff vimdiff1 vimdiff2 vimdiff3 nvimdiff nvimdiff1 nvimdiff2 nvimdiff3 emerge vim nvim".split()
)


def _git_tool(sub: str, rest: tuple[str, ...], config: Mapping[str, str]) -> str | None:
    if any(w in ("--tool-help", "-g", "--gui", "-x") or w.startswith("--extcmd") for w in rest):
        return None
    named = config.get("diff.tool" if sub == "difftool" else "merge.tool")
    for i, w in enumerate(rest):
        if w in ("-t", "--tool") and i + 1 < len(rest):
            named = rest[i + 1]
        elif w.startswith("--tool="):
            named = w[7:]
        elif w.startswith("-t") and len(w) > 2:
            named = w[2:]
    return _GIT_TOOL if named is None or named in _TERMINAL_TOOLS else None


_NO_SETTINGS: Mapping[str, str] = MappingProxyType({})


def typed_into(
    view: tuple[str, ...], piped_on: bool, settings: Mapping[str, str] = _NO_SETTINGS
) -> str | None:
    """What the program of ``view`` runs from what is typed into it, as the end of a sentence, or None.
    ``piped_on``: the segment's output goes on down a pipe (a pager then prints and ends); ``settings``: the
    variables the command sets for it (:func:`settings_of`)."""
    verb = view[0]
    if len(view) == 2 and view[1] in _ONLY_ABOUT:
        return None  # `vim --version`, `tmux -V`: prints and ends
    if verb in _STARTERS:
        return _started(verb, view, piped_on, settings)
    if verb in PAGERS:
        if piped_on:
            return None
        if verb == "man" and not any(w.startswith(_PAGER_OUTPUT) for w in view[1:]):
            return _MAN
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
        return _git(view, settings, piped_on)
    if verb in _CONSOLES:
        return _console(verb, view)
    return _debugged(verb, view)


def _started(verb: str, view: tuple[str, ...], piped_on: bool, settings: Mapping[str, str]) -> str | None:
    """An editor, a shell or a pager another program starts."""
    opens = _OPENERS.get(verb)
    if opens is not None:
        what = opens(view)
        if what is not None:
            return what
    if settings and verb in _PAGER_SETTINGS and not piped_on:
        return _named_pager(next((settings[n] for n in _PAGER_SETTINGS[verb] if n in settings), None))
    return None


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


# Settings the command makes (`NAME=value cmd`, `env NAME=value cmd`, `export NAME=value; cmd`).


def settings_of(views: list[tuple[str, ...]]) -> dict[str, str]:
    """The variables a segment's views set: the assignments before a program, ``env``'s, ``export``'s."""
    out: dict[str, str] = {}
    for v in views:
        words = v[1:] if v[:1] in (("env",), ("export",), ("declare",), ("typeset",)) else v
        for w in words:
            name, eq, value = w.partition("=")
            if eq and name.isidentifier():
                out[name] = value
            elif w[:1] != "-" or v[0] not in ("env", "declare", "typeset"):
                break  # the program (`env -u X`, `declare -x`: their options)
    return out


# What keeps an `export` from surely reaching a later segment (red team): a subshell, a substitution, a pipeline
# or a background job (each runs in a shell of its own), `||`, a compound command or a function's body (its
# statements may run never, or elsewhere), and what changes what `export` is or runs between commands (a DEBUG
# trap, an alias, `enable -n export`).
_NOT_PLAIN = re.compile(
    r"[()`|]|(?<![&>])&(?![&>])"
    r"|(?:^|[\s;&{}])(?:if|then|else|elif|fi|while|until|for|select|do|done|case|esac|function|coproc"
    r"|trap|alias|enable|shopt)(?=[\s;&]|$)"
)
# ... and what may take it out again between the two (`unset`, `export -n`, `declare +x`, a sourced file, eval).
_UNDONE = re.compile(
    r"(?:^|[\s;&{}])(?:unset|eval|source|env|declare|typeset|readonly|local)(?=\s|$)"
    r"|(?:^|[;&{}\n])\s*\.\s|\bexport\s+(?:-\w+\s+)*-\w*n"
)


def surely_reaches(command: str, source: str, target: str, name: str) -> bool:
    """Red team, SPEC §5: whether ``name``, which the segment whose text is ``source`` sets, surely reaches the
    later segment ``target`` -- the reading a relief needs (``GIT_EDITOR=true`` keeps git's editor from
    waiting for typing); a cap may assume it reaches. Only a plain ``export`` at the command's top level does:
    then every later segment sees it, unless an ``&&`` before it may skip it and a ``;`` after it runs the
    target anyway. ``(export X=…); git …``, ``export X=… | git …``, ``export X=… & git …``, ``false ||
    export …``, ``f() { export …; }``, ``if …; then export …; fi``, a plain assignment (exported only if the
    shell had it exported) and one taken out between (``unset X``, ``env -u X git``) do not surely reach."""
    if not source.startswith("export ") or command.count(source) != 1:
        return False
    start = command.find(source)
    end = start + len(source)
    at = command.rfind(target)
    if at < end or _NOT_PLAIN.search(command, 0, at) is not None:
        return False
    before, between = command[:start], command[end:at]
    if not between.lstrip(" \t").startswith((";", "&&", "\n")):
        return False
    cut = max(before.rfind(";"), before.rfind("\n"))
    if "&&" in before[cut + 1 :] and (";" in between or "\n" in between):
        return False  # `cd x && export X=…; git …`: the export may not have run
    return name not in between and _UNDONE.search(between) is None and _UNDONE.search(target) is None


_MAX_READINGS = 32
TOO_MANY_SETTINGS = (
    f"may run with what earlier segments set in more than {_MAX_READINGS} ways, which are not all read"
)


def possible_settings(
    command: str, target: str, history: Mapping[str, list[tuple[str, str]]], own: Mapping[str, str]
) -> list[dict[str, str]] | None:
    """Every set of settings the segment ``target`` may run with, for a relief to hold in each: its own, and
    each name earlier segments set (``history``: its values in order, with the text of the segment that set
    each) at the last value that :func:`surely_reaches` it -- or absent when none does -- or at any value set
    after that one (which may or may not reach). None past _MAX_READINGS of them."""
    readings: list[dict[str, str]] = [dict(own)]
    for name, values in history.items():
        if name in own:
            continue
        options: list[str | None] = []
        for value, source in reversed(values):
            options.append(value)
            if surely_reaches(command, source, target, name):
                break
        else:
            options.append(None)  # perhaps never set (the developer's own setting, or none)
        if options == [values[-1][0]]:
            readings = [{**r, name: values[-1][0]} for r in readings]
            continue
        readings = [r if o is None else {**r, name: o} for r in readings for o in dict.fromkeys(options)]
        if len(readings) > _MAX_READINGS:
            return None
    return readings


def named_values(views: list[tuple[str, ...]]) -> dict[str, int]:
    """The programs a segment's settings name -- ``EDITOR=vim``, ``export GIT_PAGER=less``, ``git -c
    core.editor=vim``, ``git config core.pager less`` -- each read as a segment of its own right after it, by
    text, with how many times one view names it. Only these are the segment's named values: a hidden segment
    with the same text that they do not account for runs (red team: ``X=vim bash -c vim``, ``export
    EDITOR=vim; (vim)``, ``git log vim; (vim)``)."""
    counts: dict[str, int] = {}
    run: set[str] = set()
    for v in views:
        if not v:
            continue
        if v[0] == "git":
            scripts = git_carried(v)[0]
        elif "=" in v[0] or v[0] == "env" or v[0] in DECLARATION_BUILTINS:
            scripts = assignment_carried(v)[0]
        else:
            run.update(s.strip() for s in carried(v).scripts)  # `sh -c vim`: run, not named
            continue
        mine: dict[str, int] = {}
        for script in scripts:
            mine[script.strip()] = mine.get(script.strip(), 0) + 1
        for text, n in mine.items():
            counts[text] = max(counts.get(text, 0), n)
    for text in run:
        counts.pop(text, None)  # one segment of that text is read for both (`EDITOR=vim sh -c vim`)
    return counts


def carries_settings(views: list[tuple[str, ...]]) -> bool:
    """A segment that only sets variables for the segments after it (`export GIT_PAGER=less`, `PAGER=less`):
    assigning a variable already exported (Codex exports PAGER and GIT_PAGER) changes it for them too."""
    v = views[0] if views else ()
    return bool(v) and (v[0] in ("export", "declare", "typeset") or all("=" in w for w in v))


# What prints and ends: an editor or a pager setting naming one of these reads nothing typed.
_READS_NOTHING = frozenset(
    {"true", ":", "false", "cat", "sed", "echo", "touch", "tee", "head", "tail", "tr", "col", "awk", "grep"}
)


def _first(value: str) -> str:
    words = value.split(maxsplit=1)
    return words[0].rsplit("/", 1)[-1] if words else ""


def _reads_nothing(value: str | None) -> bool:
    return value is not None and _first(value) in _READS_NOTHING


def _named_pager(value: str | None) -> str | None:
    """A pager the command names (None: it names none), unless one that prints and ends or none at all."""
    if value is None or not value.strip() or _reads_nothing(value):
        return None
    return f"pages through `{_first(value)}`, which the command names its pager and which {_SHELL_ESCAPE}"


# git's commands that page their output when a terminal is there.
_GIT_PAGED = frozenset(
    "log show diff blame annotate shortlog reflog grep whatchanged range-diff branch tag stash".split()
)
_SYSTEMD = ("SYSTEMD_PAGER", "PAGER")
# Programs that page their output when a terminal is there, and the settings that name their pager, the one
# that outranks the others first.
_PAGER_SETTINGS: dict[str, tuple[str, ...]] = {
    "aws": ("AWS_PAGER", "PAGER"),
    "gh": ("GH_PAGER", "PAGER"),
    "glab": ("GLAB_PAGER", "PAGER"),
    "psql": ("PSQL_PAGER", "PAGER"),
    "hg": ("PAGER",),
    "jj": ("PAGER",),
    "pydoc": ("MANPAGER", "PAGER"),
    "pydoc3": ("MANPAGER", "PAGER"),
    "ri": ("RI_PAGER", "PAGER"),
    "perldoc": ("PERLDOC_PAGER", "PAGER"),
    **dict.fromkeys(
        "systemctl journalctl loginctl machinectl networkctl resolvectl timedatectl hostnamectl busctl"
        " coredumpctl bootctl localectl homectl systemd-analyze".split(),
        _SYSTEMD,
    ),
}


# Programs that open the editor for their text, or a console or a shell, when started with a terminal.


def _operands(view: tuple[str, ...]) -> list[str]:
    return [w for w in view[1:] if w[:1] != "-"]


def _gives(view: tuple[str, ...], *flags: str) -> bool:
    """Whether ``view`` gives one of ``flags``: alone, `--flag=value`, or a short one glued to its value."""
    for w in view[1:]:
        for f in flags:
            if w == f or (w.startswith(f + "=") if f[:2] == "--" else (w.startswith(f) and w[:2] != "--")):
                return True
    return False


# Version control: the commands that take their message from the editor, and the words that give it.
_VCS_COMMIT = {
    "hg": (("commit", "ci", "com", "comm", "commi", "split", "fold"), ("-m", "--message", "-l", "--logfile")),
    "svn": ((), ()),  # (`svn commit` sends: the external-effect cap asks for it everywhere)
    "jj": (("describe", "desc", "commit", "ci"), ("-m", "--message", "--stdin", "--no-edit")),
    "fossil": (("commit", "ci"), ("-m", "--comment", "-M", "--message-file")),
    "bzr": (("commit", "ci"), ("-m", "--message", "-F", "--file")),
    "brz": (("commit", "ci"), ("-m", "--message", "-F", "--file")),
}
# ... and those that open the editor, or a diff or merge tool, whatever they are given.
_VCS_ALWAYS = {
    "hg": frozenset({"histedit", "record", "crecord"}),
    "svn": frozenset({"propedit", "pedit", "pe"}),
    "jj": frozenset({"diffedit", "resolve"}),
}


def _vcs(view: tuple[str, ...]) -> str | None:
    ops = _operands(view)
    sub = ops[0] if ops else ""
    subs, message = _VCS_COMMIT[view[0]]
    if sub in _VCS_ALWAYS.get(view[0], ()):
        quiet = any(w in ("--abort", "-l", "--list", "--help") for w in view)  # histedit --abort, resolve -l
        return None if quiet else _OPENS_EDITOR
    if view[0] == "hg" and sub == "config" and _gives(view, "-e", "--edit"):
        return _OPENS_EDITOR
    if view[0] == "jj":
        return _jj(view, sub, ops, message)
    if sub in subs:
        forced = _gives(view, "-e", "--edit", "-i", "--interactive")
        return _OPENS_EDITOR if forced or not _gives(view, *message) else None
    return None


def _jj(view: tuple[str, ...], sub: str, ops: list[str], message: tuple[str, ...]) -> str | None:
    if sub in ("describe", "desc", "commit", "ci"):
        forced = _gives(view, "--edit", "-i", "--interactive")
        return _OPENS_EDITOR if forced or not _gives(view, *message) else None
    if sub == "split":  # the diff editor without paths, the editor without a message
        return None if _gives(view, *message) and _jj_paths(view) else _OPENS_EDITOR
    if sub == "squash":  # the editor to join two descriptions, the diff editor with -i
        if _gives(view, "-i", "--interactive"):
            return _OPENS_EDITOR
        given = _gives(view, *message, "-u", "--use-destination-message")
        return None if given else _OPENS_EDITOR
    if sub == "config" and ops[1:2] == ["edit"]:
        return _OPENS_EDITOR
    return None


# jj split's options that take a value (the rest are flags).
_JJ_VALUED = frozenset(
    {"-m", "--message", "-r", "--revision", "-d", "--destination", "-A", "-B", "--tool", "-R"}
)


def _jj_paths(view: tuple[str, ...]) -> bool:
    """Whether `jj split` is given paths (after `split`, past its options' values)."""
    k = view.index("split") + 1
    while k < len(view):
        w = view[k]
        if w[:1] != "-":
            return True
        k += 2 if w in _JJ_VALUED else 1
    return False


def _subcommand(*names: str, at: int = 1) -> Callable[[tuple[str, ...]], str | None]:
    """A tool that opens the editor for one of its subcommands ``names`` (among its first ``at`` operands:
    `kubectl -n prod edit deploy/x`, whose `-n` value is an operand here)."""
    given = frozenset(names)
    return lambda view: _OPENS_EDITOR if not given.isdisjoint(_operands(view)[:at]) else None


def _virsh(view: tuple[str, ...]) -> str | None:
    """`virsh edit DOMAIN` (and net-edit, pool-edit ...), or virsh's own shell, whose `edit` opens it."""
    ops, k = [], 1
    while k < len(view):
        if view[k] in ("-c", "--connect", "-l", "--log", "-k", "-K", "-e"):
            k += 2
            continue
        if view[k][:1] != "-":
            ops.append(view[k])
        k += 1
    if ops and ops[0] in ("help", "version", "list", "uri", "hostname", "nodeinfo"):
        return None
    if not ops or ops[0].endswith("edit"):
        return _OPENS_EDITOR if ops else "opens virsh's shell, whose `edit` " + _OPENS_EDITOR
    return None


_SOPS_DONE = frozenset(
    "-d --decrypt -e --encrypt -r --rotate --set --unset -s --show-master-keys -h --help -v --version"
    " -i --in-place --extract".split()
)
_SOPS_SUBS = frozenset(
    "decrypt encrypt rotate set unset exec-env exec-file publish keyservice updatekeys filestatus groups help h"
    " completion".split()
)


def _sops(view: tuple[str, ...]) -> str | None:
    """`sops FILE` (and `sops edit FILE`) opens the decrypted file in the editor."""
    ops = _operands(view)
    if ops[:1] == ["edit"]:
        return _OPENS_EDITOR
    if not ops or ops[0] in _SOPS_SUBS or any(w in _SOPS_DONE for w in view):
        return None
    return _OPENS_EDITOR


def _npm(view: tuple[str, ...]) -> str | None:
    ops = _operands(view)
    if ops[:1] == ["edit"] or (ops[:1] in (["config"], ["c"]) and ops[1:2] == ["edit"]):
        return _OPENS_EDITOR
    if ops[:1] == ["explore"] and "--" not in view:
        return _SESSION  # a shell in the package's folder
    return None


def _pip(view: tuple[str, ...]) -> str | None:
    return _OPENS_EDITOR if _operands(view)[:2] == ["config", "edit"] else None


def _rails(view: tuple[str, ...]) -> str | None:
    ops = _operands(view)
    return _OPENS_EDITOR if ops and ops[0].endswith(":edit") else None


_OPENERS: dict[str, Callable[[tuple[str, ...]], str | None]] = {
    **dict.fromkeys(_VCS_COMMIT, _vcs),
    "virsh": _virsh,
    "sops": _sops,
    "ansible-vault": _subcommand("edit", "create", at=2),
    "gopass": _subcommand("edit"),
    "chezmoi": _subcommand("edit", "edit-config", "edit-config-template", "merge", "merge-all", at=2),
    "rails": _rails,
    "npm": _npm,
    "pip": _pip,
    "pip3": _pip,
    "bundle": _subcommand("open"),
}


_DLV = frozenset({"debug", "exec", "attach", "test", "core", "connect", "trace", "replay"})

TYPED_VERBS = frozenset(
    PAGERS
    | _EDITORS
    | _DEBUGGERS
    | _REPLS
    | _TUIS
    | _SESSIONS
    | _CONSOLES
    | _OPENERS.keys()
    | {"git", "node", "perl", "dlv"}
)
# Programs read only for a pager the command names for them (`AWS_PAGER=less aws s3 ls`).
PAGED_VERBS = frozenset(_PAGER_SETTINGS)
_STARTERS = frozenset(_OPENERS.keys() | PAGED_VERBS)
