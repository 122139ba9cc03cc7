"""Programs that start a shell when given no command (SPEC R4.7, R4.9, §5 "where it runs"; red team).

``newgrp docker``, ``fakeroot``, ``unshare -r``, ``nix develop``, ``poetry shell``, ``toolbox enter``,
``vagrant ssh``, ``multipass shell vm1``, ``lima`` ... each starts a shell -- on this machine, in a container
that shares it, or on a VM -- and that shell runs, as commands, whatever arrives on its input: a pipe or a
here-document (``echo 'rm -rf ~' | fakeroot``), or what an agent types into it later (Codex's
``write_stdin`` reaches no hook). So, as for ``sh``, ``su`` and bare ``script``:

- text fed to one of them is its script, read as segments (deny and the floor see ``rm -rf ~``), and
- with no command it runs commands no rule can see (``Carried.unseen``): never auto-approved -- not by the
  container floor, autonomy, auto mode, nor any allow.

Each entry reads the program's own option grammar to tell whether a command is given:

- ``ARGV``: the command follows the options (and up to ``own`` operands of its own: a machine, a profile),
  read with :func:`permissions.commands.views.readings` (an option of unknown arity is read both ways: if one
  reading leaves no command, the program may start a shell); with ``syntax`` None every option is one word
  (firejail's ``--name=value``).
- ``DASHES``: only what follows ``--`` (or a ``command`` option) is a command; its operands are its own
  (``distrobox enter box``, ``guix shell pkg``).
- ``OPTION``: a command is given only with one of its ``command`` options (``nix develop -c``,
  ``nix-shell --run``, ``asciinema rec -c``).
- ``NEVER``: it takes no command at all (``newgrp``, ``toolbox enter``, ``poetry shell``, ``multipass shell``).

``quiet`` options make it start no shell (``--help``, ``--version``, ``devbox shell --print-env``,
``distrobox enter --dry-run``, ``firejail --list``). The same programs with a command are wrappers, looked
through as before (permissions.commands.wrappers); ``minikube ssh``, ``docker-machine ssh``, ``podman machine
ssh``, ``vagrant ssh -- ARGS`` hand their command to the machine's shell as one line, read here as a script.

Left as they are, on purpose: ``docker run -i IMAGE`` with no command, ``docker attach``, ``docker start -ai``
(and podman's): what reads the input is the image's own program, which may be no shell at all, confined to
the container, and what that container can reach (mounts, ``--privileged``, the network) is judged from the
run's options already (permissions.commands.containers); reading every piped text as commands there would ask
for ordinary ``docker run -i img < data``. ``lxc console`` / ``incus console`` attach to a login prompt, not
a shell. The interpreters' own prompts (``python``, ``ipython``, ``node`` ...) are read in
permissions.commands.interpreters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from permissions.commands.shells import names_a_shell
from permissions.commands.syntax import HELP, NONE, REQUIRED, Syntax
from permissions.commands.textproc import AWKS, SEDS, awk_commands, sed_commands
from permissions.commands.views import readings
from permissions.commands.wrappers import WRAPPERS

__all__ = [
    "FED_ESCAPES",
    "STARTER_TRIGGERS",
    "STARTER_VERBS",
    "less_text",
    "starter_carried",
    "starts_a_shell",
]

ARGV, DASHES, OPTION, NEVER = 0, 1, 2, 3
_HELP_WORDS = ("-h", "--help", "--version")
_END = "\0"  # a word no program's argument can be: where a reading ends with it alone, no command is given


class Starter(NamedTuple):
    mode: int
    syntax: Syntax | None = None  # ARGV: how its parser reads the options before the command
    own: int = 0  # ARGV: operands of its own the command follows, at most (`limactl shell INSTANCE [cmd]`)
    command: tuple[str, ...] = ()  # options that give the command (`-c`, `--command`, `--run`, `--exec`)
    quiet: tuple[str, ...] = _HELP_WORDS  # options (or `--name=` prefixes) with which it starts no shell
    lead: int = 0  # operands before its options (`setarch ARCH [options] [program]`)
    remote: bool = False  # its command is one line the machine's shell runs (`minikube ssh -- cmd`)


_UNKNOWN = Syntax(long=dict(HELP))
_V = ("-h", "--help", "-V", "--version")
_LIMA = Syntax(
    long={
        "workdir": REQUIRED,
        "shell": REQUIRED,
        "reconnect": NONE,
        "preserve-env": NONE,
        "start": NONE,
        **HELP,
    }
)
# fakeroot(1): -l/--lib, --faked, -i, -s, -b take a value; -u/--unknown-is-real, -h, -v do not.
_FAKEROOT = Syntax("uhv", "lifsb", long={"lib": REQUIRED, "faked": REQUIRED, "unknown-is-real": NONE, **HELP})
# fakechroot(1): [-s] [-l lib] [-d ldso] [-e type] [-c dir] [-b dir] [--] [command]; no command runs $SHELL.
_FAKECHROOT = Syntax(
    "shv",
    "ldecb",
    long={
        "use-system-libs": NONE,
        "lib": REQUIRED,
        "elfloader": REQUIRED,
        "environment": REQUIRED,
        "config-dir": REQUIRED,
        "bindir": REQUIRED,
        **HELP,
    },
)
# firejail(1): every option is one word (`--private`, `--net=none`); these only list, print or manage.
_FIREJAIL_QUIET = (
    *_HELP_WORDS,
    "--list",
    "--tree",
    "--top",
    "--netstats",
    "--overlay-clean",
    "--audit",
    "--shutdown=",
    "--ls=",
    "--get=",
    "--put=",
    "--cat=",
    "--bandwidth=",
    "--debug-",
    "--dns.print=",
    "--fs.print=",
    "--caps.print=",
    "--seccomp.print=",
    "--protocol.print=",
    "--cpu.print=",
    "--net.print=",
    "--apparmor.print=",
    "--profile.print=",
)
# The shell of a machine reached over ssh, its options as `ssh` reads them after the host (`vagrant ssh --
# -L 8080:localhost:80` starts a shell; `vagrant ssh -- ls` runs ls).
_SSH_ARGS = Syntax("46AaCfGgKkMNnqsTtVvXxYy", "BbcDEeFIiJLlmOoPpQRSWw")
_MINIKUBE_SSH = Syntax("", "np", long={"node": REQUIRED, "profile": REQUIRED, "native-ssh": NONE, **HELP})
_AWS_VAULT_EXEC = Syntax(
    "nsj",
    "dt",
    long={
        "duration": REQUIRED,
        "no-session": NONE,
        "region": REQUIRED,
        "mfa-token": REQUIRED,
        "json": NONE,
        "server": NONE,
        "ec2-server": NONE,
        "ecs-server": NONE,
        "lazy": NONE,
        "stdout": NONE,
        **HELP,
    },
)
_SCHROOT = Syntax(
    "lihVqvpabe",
    "cudno",
    long={
        "chroot": REQUIRED,
        "user": REQUIRED,
        "directory": REQUIRED,
        "session-name": REQUIRED,
        "option": REQUIRED,
        **dict.fromkeys(
            "list info config location quiet verbose preserve-environment all all-chroots all-sessions"
            " all-source-chroots automatic-session begin-session end-session recover-session run-session".split(),
            NONE,
        ),
        **HELP,
    },
)
_NEVER = Starter(NEVER)

# verb, or (verb, subcommand...) -> how to tell that no command is given.
_STARTERS: dict[str | tuple[str, ...], Starter] = {
    # newgrp(1) takes a group, never a command: it always starts a shell (util-linux's has -h, -V).
    "newgrp": Starter(NEVER, quiet=_V),
    "fakeroot": Starter(ARGV, _FAKEROOT, quiet=("-h", "--help", "-v", "--version")),
    "fakechroot": Starter(ARGV, _FAKECHROOT, quiet=("-h", "--help", "-v", "--version")),
    # unshare(1): "If program is not given, then ${SHELL} is run (default: /bin/sh)."
    "unshare": Starter(ARGV, WRAPPERS["unshare"], quiet=_V),
    "firejail": Starter(ARGV, None, quiet=_FIREJAIL_QUIET),
    # distrobox-host-exec: "If no command is provided, it will execute $SHELL" (on the host); host-spawn too.
    "distrobox-host-exec": Starter(ARGV, None, quiet=_V),
    "host-spawn": Starter(ARGV, _UNKNOWN, quiet=_V),
    # setarch(8) ARCH [options] [program]: "The default program is /bin/sh"; linux32, linux64 ... likewise.
    "setarch": Starter(ARGV, WRAPPERS["linux64"], quiet=(*_V, "--list"), lead=1),
    **dict.fromkeys(("linux32", "linux64", "i386", "x86_64"), Starter(ARGV, WRAPPERS["linux64"], quiet=_V)),
    # chroot(8) NEWROOT [command]: "${SHELL} -i" with none; arch-chroot, systemd-nspawn, schroot, lxc-attach,
    # nsenter, proot the same (the privileged ones are capped already: their input is read all the same).
    "chroot": Starter(ARGV, WRAPPERS["chroot"]),  # (its syntax reads NEWROOT as its operand)
    "arch-chroot": Starter(ARGV, WRAPPERS["arch-chroot"]),
    "systemd-nspawn": Starter(ARGV, _UNKNOWN, quiet=(*_V, "--boot", "-b")),
    "schroot": Starter(
        ARGV,
        _SCHROOT,
        quiet=(
            *_V,
            "-l",
            "--list",
            "-i",
            "--info",
            "--config",
            "--location",
            "-b",
            "--begin-session",
            "-e",
            "--end-session",
            "--recover-session",
        ),
    ),  # fmt: skip
    "lxc-attach": Starter(ARGV, _UNKNOWN, quiet=_V),
    "nsenter": Starter(ARGV, _UNKNOWN, quiet=_V),
    "proot": Starter(ARGV, _UNKNOWN, quiet=_V),
    # pkexec(1), run0(1): with no program, a root shell.
    "pkexec": Starter(ARGV, WRAPPERS["pkexec"], quiet=_V),
    "run0": Starter(ARGV, WRAPPERS["run0"], quiet=_V),
    # machinectl shell [[user@]NAME [PATH [ARGS...]]]: the login shell of NAME with no PATH.
    ("machinectl", "shell"): Starter(ARGV, _UNKNOWN, own=1),
    # containers and VMs that share this machine's home or folders: distrobox and Toolbx (`toolbox run` takes
    # a command, `toolbox enter` never does), Lima (`lima` is `limactl shell default`), Colima, Multipass
    # (`exec` takes one; `shell`, and its aliases `sh`, `connect`, never), LXD/Incus (`shell` is `exec --
    # su -l`), OrbStack's `orb` (no command: the default machine's shell), Vagrant, minikube, docker-machine,
    # podman's machine and user namespace, buildah's.
    "distrobox-enter": Starter(DASHES, command=("-e", "--exec"), quiet=(*_V, "-d", "--dry-run")),
    ("distrobox", "enter"): Starter(DASHES, command=("-e", "--exec"), quiet=(*_V, "-d", "--dry-run")),
    ("toolbox", "enter"): _NEVER,
    "lima": Starter(ARGV, _LIMA),
    ("limactl", "shell"): Starter(ARGV, _LIMA, own=1),
    ("colima", "ssh"): Starter(DASHES, quiet=_V),
    **{("multipass", sub): _NEVER for sub in ("shell", "sh", "connect")},
    ("lxc", "shell"): _NEVER,
    ("incus", "shell"): _NEVER,
    "orb": Starter(ARGV, WRAPPERS["orb"], quiet=_V),
    ("vagrant", "ssh"): Starter(OPTION, command=("-c", "--command")),
    ("minikube", "ssh"): Starter(ARGV, _MINIKUBE_SSH, remote=True),
    ("docker-machine", "ssh"): Starter(ARGV, _UNKNOWN, own=1, remote=True),
    ("podman", "machine", "ssh"): Starter(
        ARGV, Syntax(long={"username": REQUIRED, **HELP}), own=1, remote=True
    ),
    ("podman", "unshare"): Starter(ARGV, Syntax(long={"rootless-netns": NONE, **HELP})),
    ("buildah", "unshare"): Starter(ARGV, Syntax("", "m", long={"mount": REQUIRED, **HELP})),
    # development environments: Nix (`nix-shell --run`, `nix develop -c`, `nix shell -c` take a command;
    # `nix develop --build` runs a phase), Poetry, Pipenv, Hatch, Pixi, Rye, Devbox (`--print-env` prints),
    # devenv (`devenv shell cmd`), Flox and Guix (a command after `--`), pew, lorri, aws-vault's profile
    # shell (`aws-vault exec PROFILE` with no command: a subshell holding the credentials).
    "nix-shell": Starter(OPTION, command=("--run", "--command")),
    "cached-nix-shell": Starter(OPTION, command=("--run", "--command")),
    ("nix", "develop"): Starter(
        OPTION,
        command=("-c", "--command"),
        quiet=(
            *_HELP_WORDS,
            "--unpack",
            "--configure",
            "--build",
            "--check",
            "--install",
            "--installcheck",
            "--phase",
        ),
    ),  # fmt: skip
    ("nix", "shell"): Starter(OPTION, command=("-c", "--command")),
    ("poetry", "shell"): Starter(NEVER, quiet=_V),
    ("pipenv", "shell"): _NEVER,
    ("hatch", "shell"): _NEVER,
    ("pixi", "shell"): _NEVER,
    ("rye", "shell"): _NEVER,
    ("devbox", "shell"): Starter(NEVER, quiet=(*_HELP_WORDS, "--print-env")),
    ("devenv", "shell"): Starter(ARGV, _UNKNOWN),
    ("flox", "activate"): Starter(DASHES, quiet=(*_HELP_WORDS, "-p", "--print-script")),
    ("guix", "shell"): Starter(DASHES, quiet=(*_V, "--search-paths", "--export-manifest")),
    ("guix", "environment"): Starter(DASHES, quiet=(*_V, "--search-paths")),
    ("pew", "workon"): _NEVER,
    ("lorri", "shell"): _NEVER,
    ("aws-vault", "exec"): Starter(ARGV, _AWS_VAULT_EXEC, own=1, quiet=(*_HELP_WORDS, "-j", "--json")),
    # terminal recorders: `asciinema rec [file]` records $SHELL unless `-c CMD`; `ttyrec` unless `-e CMD`.
    ("asciinema", "rec"): Starter(OPTION, command=("-c", "--command")),
    ("asciinema", "record"): Starter(OPTION, command=("-c", "--command")),
    "ttyrec": Starter(OPTION, command=("-e",)),
}

# -- Shell escapes (R4.7, R4.9, red team) -----------------------------------------------------------------------
# Programs that run a shell command named in their own arguments, in their own language: sqlite3's `.shell` /
# `.system` and `.once |cmd`, psql's `\!` and `\o |cmd` (and `\copy ... program 'cmd'`), mysql's `system` / `\!`,
# gdb's `shell` / `!` / `pipe`, lldb's `platform shell`, an editor's `:!cmd` / `system('cmd')` (`vim -c`, `+cmd`,
# `--cmd`, `ex -c`), dc's `!cmd`, Emacs's `(shell-command "cmd")`, expect's `spawn` / `exec` / `system`, fzf's
# `execute(cmd)` / `become(cmd)` / `reload(cmd)` / `--preview`, rlwrap's `-z` filter, m4's `syscmd(cmd)` in a
# `-D` definition, gnuplot's `system "cmd"` / `!cmd` / `'< cmd'`. Each such command is read as segments (deny,
# ask and the floor see `rm -rf /` in `sqlite3 x.db '.shell rm -rf /'`); the program stays what it was (the
# inline code of most of them is opaque already: permissions.commands.interpreters). A reading may find more
# than the program runs (R4.8: deny and the floor match more); it never lifts an ask.

Escape = Callable[[tuple[str, ...]], list[str]]


def _values(view: tuple[str, ...], names: frozenset[str], glued: tuple[str, ...] = ()) -> list[str]:
    """The values of the options ``names`` (`-c V`, `--cmd V`, `--cmd=V`), and of the short options ``glued``
    written with their value (`-eV`)."""
    out: list[str] = []
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w in names:
            if k < n:
                out.append(view[k])
                k += 1
            continue
        name, eq, value = w.partition("=")
        if eq and name in names:
            out.append(value)
        elif glued and w[:2] in glued and len(w) > 2:
            out.append(w[2:])
    return out


def _lines(texts: list[str]) -> list[str]:
    return [line.strip() for t in texts for line in t.splitlines()]


_STRING = re.compile(r"""'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)\"""")


def _strings(text: str) -> list[str]:
    """The quoted strings of ``text``, their backslash escapes undone (`"rm -rf \\"x\\""` is `rm -rf "x"`)."""
    return [re.sub(r"\\(.)", r"\1", a or b) for a, b in _STRING.findall(text)]


# sqlite3: a dot-command at a line's start: `.shell CMD`, `.system CMD` (any prefix sqlite accepts), and output or
# input through a pipe (`.once |CMD`, `.output '|CMD'`, `.import '|CMD' t`, `.excel`'s program aside).
_SQLITE_SHELL = re.compile(r"\.(?:sh|sy)\w*\s+(.*)")
_SQLITE_PIPE = re.compile(r"\.\w+\s+(['\"]?)\|(.*)")


def _sqlite(view: tuple[str, ...]) -> list[str]:
    return _sqlite_text(
        "\n".join([w for w in view[1:] if w[:1] != "-" or w == "-cmd"] + _values(view, _SQLITE_CMD))
    )


def _sqlite_text(text: str) -> list[str]:
    out: list[str] = []
    for line in _lines([text]):
        shell = _SQLITE_SHELL.match(line)
        if shell is not None:
            out += [shell[1], *_strings(shell[1])]
            continue
        pipe = _SQLITE_PIPE.match(line)
        if pipe is not None:
            out.append(pipe[2][: -len(pipe[1])] if pipe[1] and pipe[2].endswith(pipe[1]) else pipe[2])
    return out


_SQLITE_CMD = frozenset({"-cmd", "--cmd"})
# psql: `\! CMD` (the rest of the line), output to a pipe (`\o |CMD`, `\g |CMD`, `\gx |CMD`, `\w |CMD`), and
# `\copy ... to|from program 'CMD'` (run by psql itself).
_PSQL_SHELL = re.compile(r"\\!\s*([^\n]*)")
_PSQL_PIPE = re.compile(r"\\(?:o|out|g|gx|w|write)\s+\|([^\n]*)")
_PSQL_PROGRAM = re.compile(r"\bprogram\s+'((?:[^']|'')*)'", re.IGNORECASE)
_PSQL_CODE = frozenset({"-c", "--command"})


def _psql(view: tuple[str, ...]) -> list[str]:
    return [found for text in _values(view, _PSQL_CODE, ("-c",)) for found in _psql_text(text)]


def _psql_text(text: str) -> list[str]:
    out = _PSQL_SHELL.findall(text) + _PSQL_PIPE.findall(text)
    return out + [p.replace("''", "'") for p in _PSQL_PROGRAM.findall(text)]


# mysql / mariadb: the client's `system CMD` and `\! CMD` at a statement's start, and its pager (`pager CMD`, `\P
# CMD`, `--pager=CMD`: each result is written to that command).
_MYSQL_SHELL = re.compile(r"(?:system|\\!|pager|\\P)\s*(.*)", re.IGNORECASE)
_MYSQL_CODE = frozenset({"-e", "--execute"})


def _mysql(view: tuple[str, ...]) -> list[str]:
    return [
        *_mysql_text("\n".join(_values(view, _MYSQL_CODE, ("-e",)))),
        *_values(view, frozenset({"--pager"})),
    ]


def _mysql_text(text: str) -> list[str]:
    out: list[str] = []
    for line in _lines([text]):
        for statement in (line, *line.split(";")):
            found = _MYSQL_SHELL.match(statement.strip())
            if found is not None:
                out.append(found[1])
    return out


# gdb: `shell CMD` (and its prefixes), `!CMD`, `pipe GDBCMD | CMD` / `| GDBCMD | CMD`; lldb: `platform shell CMD`.
_GDB_SHELL = re.compile(r"(?:she(?:ll?)?\s|!)\s*(.*)")
_GDB_PIPE = re.compile(r"(?:pipe\s|\|)[^|]*\|(.*)")
_GDB_CODE = frozenset(
    "-ex --ex -eval-command --eval-command -iex --iex -init-eval-command --init-eval-command".split()
)
_LLDB_SHELL = re.compile(r"(?:platform\s+)?shell\s+(?:-\S+\s+)*(?:--\s+)?(.*)")
_LLDB_CODE = frozenset(
    "-o --one-line -O --one-line-before-file -k --one-line-on-crash -K --source-on-crash".split()
)


def _gdb(view: tuple[str, ...]) -> list[str]:
    return _gdb_text("\n".join(_values(view, _GDB_CODE)))


def _gdb_text(text: str) -> list[str]:
    out: list[str] = []
    for line in _lines([text]):
        found = _GDB_SHELL.match(line) or _GDB_PIPE.match(line)
        if found is not None:
            out.append(found[1])
    return out


def _lldb(view: tuple[str, ...]) -> list[str]:
    return _lldb_text("\n".join(_values(view, _LLDB_CODE)))


def _lldb_text(text: str) -> list[str]:
    return [m[1] for line in _lines([text]) if (m := _LLDB_SHELL.match(line)) is not None]


# vi and its kin: an Ex command given with `-c`, `--cmd` or `+`: a filter or shell command (`!CMD`, `%!CMD`,
# `r !CMD`, `silent !CMD`: what follows the first `!`), a terminal (`:term CMD`), and the functions that run one
# (`system('CMD')`, `systemlist`, `jobstart`, `termopen`, Lua's `os.execute` / `io.popen`).
_VI_CODE = frozenset({"-c", "--cmd"})
_VI_TERMINAL = re.compile(r"(?:^|[|:\s])ter(?:m(?:i(?:n(?:al?)?)?)?)?!?\s+(?:\+\+\S+\s+)*(.*)")
_RUNS_A_STRING = re.compile(
    r"(?:system(?:list)?|jobstart|termopen|os\.execute|io\.popen|shell-command[\w-]*|call-process-shell-command"
    r"|start-process-shell-command)\b([^)]*)"
)


def _runs_strings(text: str) -> list[str]:
    """The strings a call that runs a shell command is given (`system('rm -rf /')`, `(shell-command "x")`)."""
    return [s for m in _RUNS_A_STRING.finditer(text) for s in _strings(m[1])]


def _vi(view: tuple[str, ...]) -> list[str]:
    texts = _values(view, _VI_CODE) + [w[1:] for w in view[1:] if w[:1] == "+" and len(w) > 1]
    return _vi_text("\n".join(texts))


def _vi_text(text: str) -> list[str]:
    out: list[str] = []
    for line in _lines([text]):
        bang = line.find("!")
        if bang >= 0:
            out.append(line[bang + 1 :])
        terminal = _VI_TERMINAL.search(line)
        if terminal is not None:
            out.append(terminal[1])
        out += _runs_strings(line)
    return out


# dc: `!CMD` runs the rest of the line.
def _dc(view: tuple[str, ...]) -> list[str]:
    return _dc_text("\n".join(_values(view, frozenset({"-e", "--expression"}), ("-e",))))


def _dc_text(text: str) -> list[str]:
    return [line[line.find("!") + 1 :] for line in _lines([text]) if "!" in line]


def _emacs(view: tuple[str, ...]) -> list[str]:
    return _runs_strings("\n".join(_values(view, frozenset({"--eval", "-eval", "--execute", "-e"}))))


# expect (Tcl): `spawn CMD ...`, `exec CMD ...`, `system CMD` at a command's start.
_EXPECT_RUNS = re.compile(r"(?:spawn|exec|system)\s+(?:-\S+\s+)*(.*)")


def _expect(view: tuple[str, ...]) -> list[str]:
    return _expect_text("\n".join(_values(view, frozenset({"-c"}), ("-c",))))


def _expect_text(text: str) -> list[str]:
    out: list[str] = []
    for line in _lines([text]):
        for command in line.replace("[", ";").replace("]", ";").split(";"):
            found = _EXPECT_RUNS.match(command.strip())
            if found is not None:
                out.append(found[1].replace("{", " ").replace("}", " "))
    return out


# fzf: a key or event bound to an action that runs a command (`start:execute(CMD)`, `load:reload(CMD)`,
# `enter:become:CMD`), its delimiters `(` `[` `{` `<` or any of fzf's others, or `:` to the end; `--preview CMD`.
_FZF_ACTION = re.compile(
    r"(?:execute(?:-silent|-multi)?|become|reload(?:-sync)?|preview|change-preview|(?:bg-)?transform[\w-]*)"
    r"([:(\[{<~!@#$%^&*;/|])"
)
_FZF_CLOSE = {"(": ")", "[": "]", "{": "}", "<": ">"}
_FZF_COMMANDS = frozenset({"--preview", "--with-shell"})


def _fzf(view: tuple[str, ...]) -> list[str]:
    out = _values(view, _FZF_COMMANDS)
    for bind in _values(view, frozenset({"--bind", "-bind"})):
        for found in _FZF_ACTION.finditer(bind):
            start, opener = found.end(), found[1]
            if opener == ":":
                out.append(bind[start:])
                continue
            end = bind.find(_FZF_CLOSE.get(opener, opener), start)
            out.append(bind[start : end if end >= 0 else len(bind)])
    return out


# m4: `syscmd(CMD)` / `esyscmd(CMD)` in a macro defined on the command line (`-Dx='esyscmd(rm -rf /)'`).
_M4_RUNS = re.compile(r"e?syscmd\(([^)]*)\)")


def _m4(view: tuple[str, ...]) -> list[str]:
    return _m4_text("\n".join(_values(view, frozenset({"-D", "--define"}), ("-D",))))


def _m4_text(text: str) -> list[str]:
    return [m.strip("`'") for m in _M4_RUNS.findall(text)]


# gnuplot: `-e` commands: `!CMD`, `system "CMD"`, a back-quoted command, and a piped file (`'< CMD'`, `'| CMD'`).
_GNUPLOT_PIPE = re.compile(r"""['"]\s*[<|]\s*([^'"]*)['"]""")
_GNUPLOT_QUOTED = re.compile(r"`([^`]*)`")


def _gnuplot(view: tuple[str, ...]) -> list[str]:
    return _gnuplot_text("\n".join(_values(view, frozenset({"-e", "--eval"}), ("-e",))))


def _gnuplot_text(text: str) -> list[str]:
    out: list[str] = []
    for line in _lines([text]):
        for command in line.split(";"):
            command = command.strip()
            if command[:1] == "!":
                out.append(command[1:])
            elif command[:6] == "system":
                out += _strings(command)
        out += _GNUPLOT_PIPE.findall(line) + _GNUPLOT_QUOTED.findall(line)
    return out


def _rlwrap(view: tuple[str, ...]) -> list[str]:
    return _values(view, frozenset({"-z", "--filter"}), ("-z",))


# ed: `!CMD`, and `r !CMD`, `e !CMD`, `w !CMD` (the buffer written to the command's input) after any address:
# what follows a line's first `!` (deny more: a `!` inside a regular expression reads as one too). The buffer
# written to a shell (`w !sh`) is every line of the text, read as its commands too.


def _ed_text(text: str) -> list[str]:
    out = [line[line.find("!") + 1 :] for line in _lines([text]) if "!" in line]
    if any(names_a_shell(found) for found in out):
        out.append(text)
    return out


# GHCi: `:!CMD` runs a shell command, in what it is fed and in its `-e` expressions.
def _ghci_text(text: str) -> list[str]:
    return [line[2:] for line in _lines([text]) if line[:2] == ":!"]


def _ghci(view: tuple[str, ...]) -> list[str]:
    return _ghci_text("\n".join(_values(view, frozenset({"-e"}))))


# ftp, sftp (`-b -`), lftp: `!CMD` at a line's start runs it on this machine.
def _bang_text(text: str) -> list[str]:
    return [line[1:] for line in _lines([text]) if line[:1] == "!"]


# red team: the terminal file managers' start-up commands -- lf's `-command` (a word that begins with `$`, `%`, `!`
# or `&` runs the rest of the line through a shell), ranger's `--cmd` (`shell [-flags] CMD`, `!CMD`); vifm's `-c`
# and `+` commands are vi's (`:!CMD`).
_LF_SHELL = re.compile(r"(?:^|[\s;])[$%!&]([^\n]*)")
_RANGER_SHELL = re.compile(r"(?:^|;)\s*(?:shell|!)\s*(?:-\w+\s+)*([^\n]*)")


def _lf(view: tuple[str, ...]) -> list[str]:
    return _LF_SHELL.findall("\n".join(_values(view, frozenset({"-command", "--command"}))))


def _ranger(view: tuple[str, ...]) -> list[str]:
    return _RANGER_SHELL.findall("\n".join(_values(view, frozenset({"--cmd"}))))


# less: a start-up command (`+cmd`, `++cmd` for every file) that is `!CMD` (run through a shell) or `|mCMD` (the
# text up to mark m piped into CMD); red team: read as segments (`less '+!rm -rf /' f`), also from the LESS variable.
def less_text(text: str) -> list[str]:
    out: list[str] = []
    for start in text.split("+")[1:]:
        start = start.lstrip("+").split("$", 1)[0]
        if start[:1] == "!":
            out.append(start[1:])
        elif start[:1] == "|":
            out.append(start[2:])
    return out


def _less(view: tuple[str, ...]) -> list[str]:
    return less_text("\n".join(w for w in view[1:] if w[:1] == "+"))


ESCAPES: dict[str, Escape] = {
    "less": _less,
    "lf": _lf,
    "ranger": _ranger,
    "vifm": _vi,
    # red team: DuckDB's shell is sqlite3's (its dot-commands, `.shell`/`.system` and pipes, alike)
    **dict.fromkeys(("sqlite3", "duckdb"), _sqlite),
    "psql": _psql,
    **dict.fromkeys(("mysql", "mariadb"), _mysql),
    **dict.fromkeys(("gdb", "cgdb"), _gdb),
    "lldb": _lldb,
    **dict.fromkeys(
        ("vi", "vim", "nvim", "gvim", "view", "vimdiff", "evim", "ex", "nvi", "vim.tiny", "vim.basic"), _vi
    ),
    "dc": _dc,
    **dict.fromkeys(("emacs", "emacsclient"), _emacs),
    "expect": _expect,
    "fzf": _fzf,
    "m4": _m4,
    "gnuplot": _gnuplot,
    "rlwrap": _rlwrap,
    "ghci": _ghci,
    # red team: awk's `system()` and pipes, sed's `e` and `s///e` (permissions.commands.textproc)
    **dict.fromkeys(AWKS, awk_commands),
    **dict.fromkeys(SEDS, sed_commands),
}
# red team (R4.6, R4.7): the programs that read the same commands from their input -- a pipe, a here-string, a
# here-document (`echo '!rm -rf /' | ed`, `gdb -batch <<< 'shell rm -rf /'`, `m4 <<< 'esyscmd(rm -rf /)'`,
# `printf '.shell git push\n' | sqlite3`) -- each with its reader of such a text: the commands found are read as
# segments (permissions.scanner_segments.feed_input), as a shell's fed script is.
FED_ESCAPES: dict[str, Callable[[str], list[str]]] = {
    **dict.fromkeys(("sqlite3", "duckdb"), _sqlite_text),
    "psql": _psql_text,
    **dict.fromkeys(("mysql", "mariadb"), _mysql_text),
    **dict.fromkeys(("gdb", "cgdb"), _gdb_text),
    "lldb": _lldb_text,
    **dict.fromkeys(
        ("vi", "vim", "nvim", "gvim", "view", "vimdiff", "evim", "ex", "nvi", "vim.tiny", "vim.basic"),
        _vi_text,
    ),
    "dc": _dc_text,
    "expect": _expect_text,
    "m4": _m4_text,
    "gnuplot": _gnuplot_text,
    **dict.fromkeys(("ed", "red"), _ed_text),
    **dict.fromkeys(("ftp", "sftp", "lftp"), _bang_text),
    "ghci": _ghci_text,
}
# The strings one of ESCAPES' programs must hold for its reader to find a command (runners.CARRIER_TRIGGERS: `psql
# -c 'select 1'`, `fzf`, `vim f` are not read at all).
_ESCAPE_TRIGGERS: dict[str, tuple[str, ...]] = {
    "less": ("+!", "+|"),
    "lf": ("-command",),
    "ranger": ("--cmd",),
    "vifm": ("!", "ter", "system"),
    **dict.fromkeys(("sqlite3", "duckdb"), (".sh", ".sy", "|")),
    "psql": ("\\!", "|", "rogram", "ROGRAM"),
    **dict.fromkeys(("mysql", "mariadb"), ("ystem", "YSTEM", "\\!", "ager", "AGER", "\\P")),
    **dict.fromkeys(("gdb", "cgdb"), ("sh", "!", "|")),
    "lldb": ("shell",),
    **dict.fromkeys(
        ("vi", "vim", "nvim", "gvim", "view", "vimdiff", "evim", "ex", "nvi", "vim.tiny", "vim.basic"),
        ("!", "ter", "system", "job", "popen", "os.execute"),
    ),
    "dc": ("!",),
    **dict.fromkeys(("emacs", "emacsclient"), ("shell-command",)),
    "expect": ("spawn", "exec", "system"),
    "fzf": ("preview", "with-shell", "execute", "become", "reload", "transform"),
    "m4": ("syscmd",),
    "gnuplot": ("!", "system", "`", "<", "|"),
    "rlwrap": ("-z", "--filter"),
    "ghci": (":!",),
    **dict.fromkeys(AWKS, ("system", "|", "getline")),
    # (sed's `e` command and flag: an `e` where a command or a flag may stand -- a word's start, after an address, a
    # `;`, a brace, a delimiter or another flag: `ecmd`, `1e cmd`, `$e`, `/x/e cmd`, `s/x/y/e`, `s|x|y|ge`)
    **dict.fromkeys(SEDS, tuple(f"{c}e" for c in "\0 \t\n0123456789$/;{}!,|#:~+gpiImMwW")),
}

STARTER_VERBS: frozenset[str] = frozenset(k if isinstance(k, str) else k[0] for k in _STARTERS) | frozenset(
    ESCAPES
)
_SINGLE = frozenset(k for k in _STARTERS if isinstance(k, str))
_PATHS: dict[str, tuple[tuple[str, ...], ...]] = {
    verb: tuple(k[1:] for k in _STARTERS if not isinstance(k, str) and k[0] == verb)
    for verb in STARTER_VERBS - _SINGLE
}
# Verbs read only behind a subcommand: their segment starts no shell unless a word is one of these
# (runners.CARRIER_TRIGGERS: `poetry install` is not read at all).
STARTER_TRIGGERS: dict[str, tuple[str, ...]] = {
    verb: tuple(dict.fromkeys(f"\0{path[-1]}\0" for path in paths))
    for verb, paths in _PATHS.items()
    if verb not in _SINGLE
} | _ESCAPE_TRIGGERS


def _subcommand_at(view: tuple[str, ...], path: tuple[str, ...]) -> int | None:
    """Where the last word of ``path`` stands in ``view`` (`poetry -C dir shell`: global options, and a
    word after one that may be its value, are skipped), or None."""
    k, at = 1, 0
    n = len(view)
    while k < n and at < len(path):
        w = view[k]
        if w == path[at]:
            at += 1
            if at == len(path):
                return k
        elif w == "--":
            return None
        elif w[:1] != "-" and not (view[k - 1][:1] == "-" and "=" not in view[k - 1] and at == 0):
            return None
        k += 1
    return None


def _found(view: tuple[str, ...]) -> tuple[str, Starter, tuple[str, ...]] | None:
    """The starter ``view`` names, its name, and the words after its (sub)command."""
    verb = view[0]
    if verb in _SINGLE:
        return verb, _STARTERS[verb], view[1:]
    for path in _PATHS.get(verb, ()):
        at = _subcommand_at(view, path)
        if at is not None:
            return " ".join((verb, *path)), _STARTERS[(verb, *path)], view[at + 1 :]
    return None


def _given(rest: tuple[str, ...], names: tuple[str, ...]) -> bool:
    """Whether one of the options ``names`` stands before ``--`` (`--name`, `--name=x`, `-cCMD`)."""
    for w in rest:
        if w == "--":
            return False
        for name in names:
            if w == name or w.startswith(name) and (name[-1] == "=" or name[1] != "-" or w[len(name)] == "="):
                return True
    return False


def _quiet(rest: tuple[str, ...], names: tuple[str, ...]) -> bool:
    for w in rest:
        if w == "--":
            return False
        if w[:1] == "-" and any(w == q or (q[-1:] in "=-" and w.startswith(q)) for q in names):
            return True
    return False


def _commands(s: Starter, rest: tuple[str, ...]) -> list[tuple[str, ...]]:
    """ARGV: every reading of the words after the options (the program's own operands first)."""
    if s.syntax is None:
        k = 0
        while k < len(rest) and rest[k][:1] == "-" and rest[k] != "--":
            k += 1
        return [rest[k + (rest[k : k + 1] == ("--",)) :]]
    return readings(("_", *rest), s.syntax, False)


def _no_command(s: Starter, rest: tuple[str, ...]) -> bool:
    if s.mode == NEVER:
        return True
    if s.mode == OPTION:
        return not _given(rest, s.command)
    if s.mode == DASHES:
        after = rest.index("--") + 1 if "--" in rest else len(rest)
        return after >= len(rest) and not _given(rest, s.command)
    if len(rest) < s.lead:
        return False
    return any(len(r) <= s.own + 1 for r in _commands(s, (*rest[s.lead :], _END)) if r[-1:] == (_END,))


def starts_a_shell(view: tuple[str, ...]) -> str | None:
    """Why ``view`` starts a shell that runs what arrives on its input, or None: one of the programs above
    given no command (SPEC R4.9)."""
    found = _found(view) if view and view[0] in STARTER_VERBS else None
    if found is None:
        return None
    name, s, rest = found
    if name == "vagrant ssh" and not _given(rest, s.command) and "--" in rest:
        extras = rest[rest.index("--") + 1 :]
        if any(r for r in readings(("ssh", *extras, _END), _SSH_ARGS, False) if r != (_END,)):
            return None  # `vagrant ssh -- ls`: ssh's remote command (starter_carried reads it)
    if _quiet(rest, s.quiet) or not _no_command(s, rest):
        return None
    return f"'{name}' starts a shell that reads its commands from its input, which no rule can see"


def starter_carried(view: tuple[str, ...]) -> tuple[tuple[str, ...], str | None]:
    """The command lines ``view`` hands to a machine's shell (`minikube ssh -- rm -rf ~`, `vagrant ssh --
    ls`) or runs through its own shell escape (`sqlite3 x.db '.shell rm -rf /'`: ESCAPES), and why it runs
    commands no rule can see (starts_a_shell)."""
    escape = ESCAPES.get(view[0]) if view else None
    if escape is not None:
        return tuple(dict.fromkeys(w for w in escape(view) if w.strip())), None
    unseen = starts_a_shell(view)
    found = _found(view) if view and view[0] in _PATHS else None
    if found is None:
        return (), unseen
    name, s, rest = found
    lines: list[str] = []
    if name == "vagrant ssh" and "--" in rest:
        for remote in readings(("ssh", *rest[rest.index("--") + 1 :]), _SSH_ARGS, False):
            lines.append(" ".join(remote))
    elif s.remote:
        for command in _commands(s, rest):
            # its own operand (a machine's name) may or may not be given: both readings (R4.8)
            lines.extend(" ".join(command[j:]) for j in range(s.own + 1) if command[j:])
    return tuple(dict.fromkeys(w for w in lines if w.strip())), unseen
