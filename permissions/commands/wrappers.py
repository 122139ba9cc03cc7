"""Transparent wrappers: programs that run the command that follows their own options (SPEC R4.8).

``env``, ``nice``, ``timeout`` ... and the programs found since that do the same with argv (no shell in
between): ``chronic``, ``pkexec``, ``run0``, ``gosu``, ``strace`` ... Each entry is how the program's own
parser reads its options; an option not listed has no certain arity, and both readings are judged. The next
wrapper is one entry here. Deny, ask, the floor and the caps judge every view (the command as written, then
with each wrapper peeled off); allow judges the command as written.

``RUNNERS`` are programs that fetch and run a package's command (``npx pkg args``): peeled the same way, but
not wrappers for approve-always (R7.3: ``npx vitest`` is verb + subcommand). ``SUBCOMMAND_RUNNERS`` do it
behind a subcommand (``npm exec``, ``pnpm dlx``, ``yarn dlx``, ``bun x``, ``uv run``, ``poetry run`` ...).
"""

from __future__ import annotations

from permissions.commands.agent_clis import AGENT_ENTRIES, AGENT_PACKAGES
from permissions.commands.syntax import HELP, NONE, OPTIONAL, PAIR, REQUIRED, TRIPLE, Syntax

__all__ = [
    "COREPACK_TOOLS",
    "JS_FILES",
    "PEELED_VERBS",
    "POSARGS_RUNNERS",
    "RESOLVED_PAIRS",
    "RESOLVED_PREFIXES",
    "RUN_AFTER_DASHES",
    "SECRET_RUNNERS",
    "RUNNERS",
    "RUNS_WHAT_FOLLOWS",
    "SUBCOMMAND_RUNNERS",
    "SUBCOMMAND_THEN",
    "UNKNOWN_WORD_RUNS",
    "VERSION_FIRST",
    "WRAPPERS",
    "WRAPPER_COMMANDS",
    "WRAPPER_RUNS_AFTER_DASHES",
    "VERSIONED",
    "looks_up",
    "peels_after",
    "python_family",
    "versioned_program",
]

_ENV = Syntax(
    "iv0",
    "uCS",
    long={
        "ignore-environment": NONE,
        "null": NONE,
        "unset": REQUIRED,
        "chdir": REQUIRED,
        "debug": NONE,
        "split-string": REQUIRED,
        "block-signal": OPTIONAL,
        "default-signal": OPTIONAL,
        "ignore-signal": OPTIONAL,
        "list-signal-handling": NONE,
        **HELP,
    },
    assignments=True,
    dash_is_flag=True,
)

WRAPPERS: dict[str, Syntax] = {
    "env": _ENV,
    "command": Syntax("pVv"),
    "builtin": Syntax(),
    "nice": Syntax("", "n", long={"adjustment": REQUIRED, **HELP}, numeric=True),
    "nohup": Syntax(long=dict(HELP)),
    "time": Syntax(
        "apqvV",
        "fo",
        long={
            "append": NONE,
            "format": REQUIRED,
            "output": REQUIRED,
            "portability": NONE,
            "quiet": NONE,
            "verbose": NONE,
            **HELP,
        },
    ),
    "timeout": Syntax(
        "v",
        "ks",
        long={
            "foreground": NONE,
            "kill-after": REQUIRED,
            "preserve-status": NONE,
            "signal": REQUIRED,
            "verbose": NONE,
            **HELP,
        },
        operands=1,
    ),
    "stdbuf": Syntax("", "ioe", long={"input": REQUIRED, "output": REQUIRED, "error": REQUIRED, **HELP}),
    "exec": Syntax("cl", "a"),
    "xargs": Syntax(
        "0prtx",
        "aEILnsPd",
        "eil",
        long={
            "null": NONE,
            "arg-file": REQUIRED,
            "delimiter": REQUIRED,
            "eof": OPTIONAL,
            "replace": OPTIONAL,
            "max-lines": OPTIONAL,
            "max-args": REQUIRED,
            "interactive": NONE,
            "no-run-if-empty": NONE,
            "max-chars": REQUIRED,
            "verbose": NONE,
            "exit": NONE,
            "max-procs": REQUIRED,
            "process-slot-var": REQUIRED,
            "open-tty": NONE,
            "show-limits": NONE,
            **HELP,
        },
    ),
    "setsid": Syntax("cfwhV", long={"ctty": NONE, "fork": NONE, "wait": NONE, **HELP}),
    "ionice": Syntax(
        "thV",
        "cnpPu",
        long={
            "class": REQUIRED,
            "classdata": REQUIRED,
            "pid": REQUIRED,
            "pgid": REQUIRED,
            "ignore": NONE,
            "uid": REQUIRED,
            **HELP,
        },
    ),
    # `sudo -h host cmd`: -h takes the next word as a host when it does not start with '-' (and is help
    # otherwise, which runs nothing), so it reads as taking a value.
    "sudo": Syntax(
        "ABbEeHiKklNnSsVv",
        "aCcDghpRrTtUu",
        long={
            "askpass": NONE,
            "auth-type": REQUIRED,
            "background": NONE,
            "bell": NONE,
            "close-from": REQUIRED,
            "login-class": REQUIRED,
            "chdir": REQUIRED,
            "preserve-env": OPTIONAL,
            "edit": NONE,
            "group": REQUIRED,
            "set-home": NONE,
            "host": REQUIRED,
            "login": NONE,
            "remove-timestamp": NONE,
            "reset-timestamp": NONE,
            "list": NONE,
            "non-interactive": NONE,
            "preserve-groups": NONE,
            "prompt": REQUIRED,
            "chroot": REQUIRED,
            "role": REQUIRED,
            "stdin": NONE,
            "shell": NONE,
            "type": REQUIRED,
            "command-timeout": REQUIRED,
            "other-user": REQUIRED,
            "user": REQUIRED,
            "validate": NONE,
            **HELP,
        },
    ),
    "doas": Syntax("Lns", "aCu"),
    # red team: Xcode's `xcrun TOOL args` runs the developer tool named (`xcrun altool --upload-app`, `xcrun
    # notarytool submit`: the store's and the notary's uploads).
    "xcrun": Syntax(
        "vlfrnk",
        long={
            "sdk": REQUIRED,
            "toolchain": REQUIRED,
            "verbose": NONE,
            "log": NONE,
            "find": NONE,
            "run": NONE,
            "no-cache": NONE,
            "kill-cache": NONE,
            **HELP,
        },
    ),
    # Found by an audit: these run the command that follows them too (R4.8 looks through wrappers).
    "busybox": Syntax(long={"list": NONE, "list-full": NONE, "install": NONE, **HELP}),
    "taskset": Syntax("acpV h", long={"all-tasks": NONE, "cpu-list": NONE, "pid": NONE, **HELP}, operands=1),
    "chroot": Syntax(long={"userspec": REQUIRED, "groups": REQUIRED, "skip-chdir": NONE, **HELP}, operands=1),
    "unshare": Syntax(
        "fhrcV",
        "SGRwl",
        "muinpUCT",
        long={
            "mount": OPTIONAL,
            "uts": OPTIONAL,
            "ipc": OPTIONAL,
            "net": OPTIONAL,
            "pid": OPTIONAL,
            "user": OPTIONAL,
            "cgroup": OPTIONAL,
            "time": OPTIONAL,
            "fork": NONE,
            "map-root-user": NONE,
            "map-current-user": NONE,
            "map-user": REQUIRED,
            "map-group": REQUIRED,
            "map-users": REQUIRED,
            "map-groups": REQUIRED,
            "map-auto": NONE,
            "kill-child": OPTIONAL,
            "keep-caps": NONE,
            "mount-proc": OPTIONAL,
            "mount-binfmt": OPTIONAL,
            "propagation": REQUIRED,
            "setgroups": REQUIRED,
            "setuid": REQUIRED,
            "setgid": REQUIRED,
            "root": REQUIRED,
            "wd": REQUIRED,
            "monotonic": REQUIRED,
            "boottime": REQUIRED,
            "load-interp": REQUIRED,
            **HELP,
        },
    ),
}


# [beyond] R4.9, programs that run programs (and privilege): more programs that exec the command after their options. Options not
# listed are read both ways (may or may not take the next word), which only makes deny see more.
_UNKNOWN = Syntax(long=dict(HELP))
# R4.10: bubblewrap's options take up to three words (`--bind SRC DEST`, `--overlay RW WORK DEST`); read with
# their arity, `bwrap --bind / / cmd` runs cmd (bwrap compares option names exactly).
_BWRAP = Syntax(
    long={
        **dict.fromkeys(
            "unshare-all share-net unshare-user unshare-user-try unshare-ipc unshare-pid unshare-net"
            " unshare-uts unshare-cgroup unshare-cgroup-try die-with-parent as-pid-1 new-session clearenv"
            " disable-userns assert-userns-disabled level-prefix".split(),
            NONE,
        ),
        **dict.fromkeys(
            "args argv0 userns userns2 pidns uid gid hostname chdir unsetenv lock-file sync-fd remount-ro"
            " overlay-src tmp-overlay ro-overlay exec-label file-label proc dev tmpfs mqueue dir seccomp"
            " add-seccomp-fd info-fd json-status-fd block-fd userns-block-fd cap-add cap-drop perms size".split(),
            REQUIRED,
        ),
        **dict.fromkeys(
            "bind bind-try dev-bind dev-bind-try ro-bind ro-bind-try setenv file bind-data ro-bind-data"
            " symlink chmod bind-fd ro-bind-fd".split(),
            PAIR,
        ),
        "overlay": TRIPLE,
        **HELP,
    }
)
WRAPPERS.update(
    {
        # red team: Debian's `retry` (`retry --times=3 -- cmd`) and task-spooler's `tsp cmd` (queued, run later).
        "retry": Syntax(
            "h",
            "dtuwm",
            long={
                "delay": REQUIRED,
                "times": REQUIRED,
                "until": REQUIRED,
                "while": REQUIRED,
                "message": REQUIRED,
            },
        ),
        "tsp": Syntax("nEgfBh", "LNDW"),
        # red team: more programs that run the command after their options (argv): abduco's session, chruby's
        # Ruby, heaptrack, systemd-cat, WSL (`wsl cmd`, `wsl -e cmd`), OrbStack's `orb cmd`, distrobox-enter.
        "abduco": Syntax("aAcnrlfq", "ep", operands=1),
        "chruby-exec": Syntax(long=dict(HELP), operands=1),
        "heaptrack": Syntax(
            "rd", "op", long={"output": REQUIRED, "pid": REQUIRED, "record-only": NONE, **HELP}
        ),
        "systemd-cat": Syntax(
            "",
            "tpP",
            long={
                "identifier": REQUIRED,
                "priority": REQUIRED,
                "stderr-priority": REQUIRED,
                "level-prefix": REQUIRED,
                "namespace": REQUIRED,
                **HELP,
            },
        ),
        "wsl": Syntax(
            "e",
            "du",
            long={
                "distribution": REQUIRED,
                "user": REQUIRED,
                "cd": REQUIRED,
                "shell-type": REQUIRED,
                "exec": NONE,
            },
        ),
        "orb": Syntax("", "muw", long={"machine": REQUIRED, "user": REQUIRED, "workdir": REQUIRED, **HELP}),
        "distrobox-enter": _UNKNOWN,
        "lima": _UNKNOWN,  # `lima cmd` is `limactl shell default cmd`
        # macOS: `arch -x86_64 cmd`, `arch -arch arm64 cmd` (Rosetta); on Linux `arch` alone prints.
        "arch": Syntax("ch", "de"),
        "mosh": Syntax(
            "an46",
            "p",
            long={
                "ssh": REQUIRED,
                "port": REQUIRED,
                "predict": REQUIRED,
                "server": REQUIRED,
                "family": REQUIRED,
            },
            operands=1,
        ),
        "chronic": Syntax("ev"),
        "pkexec": Syntax(long={"user": REQUIRED, "disable-internal-agent": NONE, "keep-cwd": NONE, **HELP}),
        "run0": Syntax(
            "hV",
            "ugD",
            long={
                "user": REQUIRED,
                "group": REQUIRED,
                "nice": REQUIRED,
                "chdir": REQUIRED,
                "setenv": REQUIRED,
                "property": REQUIRED,
                "description": REQUIRED,
                "slice": REQUIRED,
                "unit": REQUIRED,
                "machine": REQUIRED,
                "background": REQUIRED,
                "no-ask-password": NONE,
                **HELP,
            },
        ),
        "gosu": Syntax(long=dict(HELP), operands=1),
        "su-exec": Syntax(operands=1),
        "setpriv": _UNKNOWN,
        "systemd-run": Syntax("qGPSh", "upE", long={"user": NONE, "system": NONE, "scope": NONE, **HELP}),
        "nsenter": _UNKNOWN,
        "firejail": _UNKNOWN,
        "strace": Syntax("fFhiqrtTvVwxyzCcDkn", "abeEIoOpPsSuUX"),
        "ltrace": Syntax("fhiCrStTV", "aAeEIlnopsuDxX"),
        "valgrind": _UNKNOWN,
        "torsocks": _UNKNOWN,
        "proxychains": Syntax("q", "f"),
        "proxychains4": Syntax("q", "f"),
        "fakeroot": Syntax(
            "u", "ifs", long={"lib": REQUIRED, "faked": REQUIRED, "unknown-is-real": NONE, **HELP}
        ),
        "unbuffer": Syntax("p"),
        "dbus-run-session": Syntax(long={"config-file": REQUIRED, "dbus-daemon": REQUIRED, **HELP}),
        "xvfb-run": Syntax("as", "efnpw", long={"auto-servernum": NONE, "server-args": REQUIRED, **HELP}),
        "flatpak-spawn": _UNKNOWN,
        # red team: a distrobox's and a toolbox's ways to run a command on the host they are in
        "distrobox-host-exec": _UNKNOWN,
        "host-spawn": _UNKNOWN,
        "numactl": _UNKNOWN,
        "chrt": Syntax("abdefiomprRhvV", "TPD", operands=1),
        "prlimit": _UNKNOWN,
        "cgexec": Syntax("", "g", long={"sticky": NONE}),
        "caffeinate": Syntax("dimsu", "tw"),
        "entr": Syntax("acdnprsz"),
        "tini": _UNKNOWN,
        "dumb-init": _UNKNOWN,
        "faketime": Syntax("", "fm", operands=1),
        "catchsegv": Syntax(),
        # R4.9: `flock FILE cmd` runs cmd (its `-c` string is a shell line: see shells.py).
        "flock": Syntax(
            "sexunoFh",
            "Ewc",
            long={
                "shared": NONE,
                "exclusive": NONE,
                "unlock": NONE,
                "nonblock": NONE,
                "close": NONE,
                "no-fork": NONE,
                "conflict-exit-code": REQUIRED,
                "timeout": REQUIRED,
                "command": REQUIRED,
                "verbose": NONE,
                **HELP,
            },
            operands=1,
        ),
        "systemd-inhibit": Syntax(
            long={"what": REQUIRED, "who": REQUIRED, "why": REQUIRED, "mode": REQUIRED, "list": NONE, **HELP}
        ),
        "proot": _UNKNOWN,
        "bwrap": _BWRAP,
        "sandbox-exec": Syntax("", "fpD"),
        # R4.9, red team: more programs that exec the command after their options.
        "ssh-agent": Syntax("cDdkst", "aEPt"),
        "dbus-launch": _UNKNOWN,
        "envdir": Syntax(operands=1),
        "setuidgid": Syntax(operands=1),
        "envuidgid": Syntax(operands=1),
        "softlimit": Syntax("", "acdfmloprst"),
        "ccache": _UNKNOWN,
        "sccache": _UNKNOWN,
        "distcc": _UNKNOWN,
        "icecc": _UNKNOWN,
        "cpulimit": Syntax("fkqrvz", "ilpe"),
        "trickle": Syntax("sv", "dulntwLP"),
        "aa-exec": Syntax("dixvV", "pn"),
        # `runcon CONTEXT cmd`, or `runcon -t TYPE cmd` with no context (views.py reads both)
        "runcon": Syntax(
            "c",
            "utrl",
            long={
                "compute": NONE,
                "user": REQUIRED,
                "role": REQUIRED,
                "type": REQUIRED,
                "range": REQUIRED,
                **HELP,
            },
            operands=1,
        ),
        # red team: `gpg-agent --daemon cmd` runs cmd with the agent (its other options read both ways);
        # `runuser -u user [--] cmd` runs cmd as user (its `-c` string is a shell line: see shells.py).
        "gpg-agent": Syntax(long={"daemon": NONE, "server": NONE, "supervised": NONE, **HELP}),
        "runuser": Syntax(
            "flmpP",
            "cgGsuwe",
            long={
                "command": REQUIRED,
                "group": REQUIRED,
                "supp-group": REQUIRED,
                "login": NONE,
                "preserve-environment": NONE,
                "pty": NONE,
                "shell": REQUIRED,
                "user": REQUIRED,
                "session-command": REQUIRED,
                "whitelist-environment": REQUIRED,
                **HELP,
            },
        ),
        "setarch": Syntax("vhRFZLXBIST3", "", operands=1),
        "linux32": Syntax("vhRFZLXBIST3"),
        "linux64": Syntax("vhRFZLXBIST3"),
        "i386": Syntax("vhRFZLXBIST3"),
        "x86_64": Syntax("vhRFZLXBIST3"),
        "eatmydata": Syntax(),
        "nocache": _UNKNOWN,
        "rlwrap": _UNKNOWN,
        "screen": _UNKNOWN,
        "dtach": Syntax("Ez", "nAcNrR"),
        "toybox": Syntax(),
        "ld.so": _UNKNOWN,
        "ld-linux.so.2": _UNKNOWN,
        "ld-linux-x86-64.so.2": _UNKNOWN,
        "ld-linux-aarch64.so.1": _UNKNOWN,
        "qemu-x86_64": _UNKNOWN,
        "qemu-aarch64": _UNKNOWN,
        "qemu-arm": _UNKNOWN,
        # R4.10: credential wrappers that run a named program with a secret they supply are that program:
        # `sshpass -p x ssh host cmd` is `ssh host cmd` (sshpass 1.10: -e takes its variable attached).
        "sshpass": Syntax("hvV", "pfdP", "e"),
        "envchain": Syntax("", "", long={"set": NONE, "list": NONE, "unset": NONE, **HELP}, operands=1),
        "envconsul": _UNKNOWN,
        "summon": Syntax("", "pfD", long={"provider": REQUIRED, "f": REQUIRED, "D": REQUIRED, **HELP}),
        "env-cmd": Syntax(
            "",
            "fre",
            long={"file": REQUIRED, "rc-file": REQUIRED, "environments": REQUIRED, "fallback": NONE, **HELP},
        ),
        "cross-env": Syntax(assignments=True),
        "cross-env-shell": Syntax(assignments=True),
        # R4.10, red team: more launchers that exec the command after their options -- s6-overlay's
        # environment and privilege steps (`with-contenv cmd`, `s6-setuidgid user cmd`), LD_PRELOAD proxies
        # (`tsocks cmd`, `torify cmd`), dotenv-cli (`dotenv -e .env -- cmd`; python-dotenv's `dotenv run`
        # is a subcommand runner below).
        "with-contenv": Syntax(),
        "s6-setuidgid": Syntax(operands=1),
        "s6-envuidgid": Syntax("nBD", "", operands=1),
        "s6-applyuidgid": Syntax("zZU", "ugG"),
        "s6-envdir": Syntax("Iinfc", operands=1),
        "tsocks": Syntax(),
        # red team: bank-vaults' `vault-env cmd` runs cmd with the secrets it resolved in its environment.
        "vault-env": Syntax(),
        "torify": Syntax(),
        "dotenv": Syntax("o", "evcp", long={"debug": NONE, "no-expand": NONE, **HELP}),
        # red team: godotenv (Go) loads `-f FILES` (default .env) and runs the command after them
        "godotenv": Syntax("o", "f"),
        # red team: more programs that run the command after their options (argv) -- moreutils' `ifne cmd`
        # (when its input is not empty), `lckdo LOCKFILE cmd`, `zrun cmd`; `nq cmd` (queued); `timelimit -t N
        # cmd`; `daemonize /path/cmd`; build interceptors (`bear -- make`, `scan-build make`,
        # `intercept-build make`, `mold -run make`); `fakechroot cmd`; terminal emulators' `-e cmd`.
        "ifne": Syntax("n"),
        "lckdo": Syntax("qW", "w", operands=1),
        "zrun": Syntax(),
        "nq": Syntax("cqt", "w"),
        "timelimit": Syntax("pq", "tTsS"),
        "daemonize": Syntax("av", "ceoplEu"),
        "bear": _UNKNOWN,
        "scan-build": _UNKNOWN,
        "intercept-build": _UNKNOWN,
        "mold": _UNKNOWN,
        "fakechroot": _UNKNOWN,
        "xterm": _UNKNOWN,
        "uxterm": _UNKNOWN,
        "urxvt": _UNKNOWN,
        "alacritty": _UNKNOWN,
        "konsole": _UNKNOWN,
        "gnome-terminal": _UNKNOWN,
        "kitty": _UNKNOWN,
        "foot": _UNKNOWN,
        "terminator": _UNKNOWN,
        # red team: privilege under other names (permissions.commands.privilege) runs the command after it.
        "pfexec": Syntax("P"),
        "gsudo": _UNKNOWN,
        # red team: more programs that exec the command after their options -- a container's init
        # (`catatonit cmd`), a watcher (`reflex -r X -- cmd`), the package runner pkgx (`pkgx +node npm …`,
        # its `+pkg` words read in views.py), HPC launchers and schedulers that run it on a node
        # (`srun`, `salloc`, MPI's `mpirun`/`mpiexec` and their kin, Cray's `aprun`, IBM's `jsrun`, TACC's
        # `ibrun`, PBS's `pbsdsh`; `qsub`/`bsub`'s shell lines are read in runners.py), instrumenters that
        # run it under them (`kcov OUT cmd`, glibc's `memusage`/`xtrace`/`sotruss`, `uftrace`, NVIDIA's
        # `ncu`/`nvprof`, DynamoRIO's `drrun`, `truss`/`dtruss`, likwid, hwloc), runit's `chpst`.
        "catatonit": Syntax("gpPLhV"),
        "reflex": Syntax(
            "esv",
            "cdgGrR",
            long={
                "config": REQUIRED,
                "decoration": REQUIRED,
                "glob": REQUIRED,
                "inverse-glob": REQUIRED,
                "regex": REQUIRED,
                "inverse-regex": REQUIRED,
                "substitute": REQUIRED,
                "only-dirs": NONE,
                "only-files": NONE,
                "sequential": NONE,
                "start-service": NONE,
                "verbose": NONE,
                **HELP,
            },
        ),
        "pkgx": _UNKNOWN,
        **dict.fromkeys(
            (
                "srun salloc mpirun mpiexec mpiexec.hydra mpirun.openmpi mpirun.mpich mpiexec.openmpi"
                " mpiexec.mpich orterun oshrun prun aprun jsrun ibrun pbsdsh charmrun"
            ).split(),
            _UNKNOWN,
        ),
        "kcov": Syntax(long=dict(HELP), operands=1),
        **dict.fromkeys(
            "memusage xtrace sotruss uftrace ncu nv-nsight-cu-cli nvprof drrun drmemory truss dtruss"
            " likwid-pin likwid-perfctr likwid-powermeter chpst".split(),
            _UNKNOWN,
        ),
        # ... chroots, containers and jails entered on a folder or a name (`schroot -c x -- cmd`, `lxc-attach
        # -n x -- cmd`, `systemd-nspawn -D dir cmd`, `arch-chroot DIR cmd`, nsjail, minijail), a daemonizer
        # (libslack's `daemon -- cmd`), a virtualenv (`vex ENV cmd`), a colouriser (`grc cmd`), a clock
        # (`datefudge DATE cmd`), APM agents that run the program they instrument (`ddtrace-run cmd`,
        # `opentelemetry-instrument cmd`, austin).
        **dict.fromkeys(
            "schroot lxc-attach lxc-execute systemd-nspawn nsjail minijail0 daemon grc ddtrace-run"
            " opentelemetry-instrument austin".split(),
            _UNKNOWN,
        ),
        "arch-chroot": Syntax("NhrS", "u", operands=1),
        "hwloc-bind": Syntax(long=dict(HELP), operands=1),  # its locations, then `--` (below)
        "vex": Syntax(long=dict(HELP), operands=1),
        "datefudge": Syntax("sv", long={"static": NONE, "add": NONE, **HELP}, operands=1),
        # SELinux's `sandbox cmd`; x86 emulators on ARM machines (`box64 cmd`, FEX's `FEXInterpreter cmd`,
        # its name folded as views.py folds a command word).
        **dict.fromkeys("sandbox box64 box86 fexinterpreter fexloader".split(), _UNKNOWN),
    }
)

# Run a package's command: `npx [opts] pkg args` (the `-c` string is a shell line: see runners.py).
_NPX = Syntax(
    "yq",
    "pcw",
    long={
        "yes": NONE,
        "no": NONE,
        "package": REQUIRED,
        "call": REQUIRED,
        "workspace": REQUIRED,
        "workspaces": NONE,
        "include-workspace-root": NONE,
        "quiet": NONE,
        "ignore-existing": NONE,
        **HELP,
    },
)
RUNNERS: dict[str, Syntax] = {
    "npx": _NPX,
    "pnpx": _NPX,
    "bunx": Syntax("", "p", long={"bun": NONE, "package": REQUIRED, **HELP}),
    "uvx": _UNKNOWN,
}
_CONTAINER = Syntax(long=dict(HELP), operands=1)
SUBCOMMAND_RUNNERS: dict[tuple[str, str], Syntax] = {
    ("npm", "exec"): _NPX,
    ("npm", "x"): _NPX,
    ("pnpm", "exec"): _UNKNOWN,
    ("pnpm", "dlx"): _UNKNOWN,
    ("yarn", "dlx"): _UNKNOWN,
    ("yarn", "exec"): _UNKNOWN,
    # red team: `yarn run X` runs the script X, else the binary X a dependency installs (`yarn run rimraf /`)
    ("yarn", "run"): _UNKNOWN,
    ("bun", "x"): _UNKNOWN,
    ("uv", "run"): _UNKNOWN,
    ("pipx", "run"): _UNKNOWN,
    ("poetry", "run"): _UNKNOWN,
    ("pipenv", "run"): _UNKNOWN,
    ("pdm", "run"): _UNKNOWN,
    ("conda", "run"): _UNKNOWN,
    ("bundle", "exec"): _UNKNOWN,
    # R4.9: more programs that run the command after their subcommand (argv, no shell).
    ("stack", "exec"): _UNKNOWN,
    ("cabal", "exec"): _UNKNOWN,
    ("hatch", "run"): _UNKNOWN,
    ("devbox", "run"): _UNKNOWN,
    ("rye", "run"): _UNKNOWN,
    ("pixi", "run"): _UNKNOWN,
    ("direnv", "exec"): Syntax(long=dict(HELP), operands=1),
    ("perf", "record"): _UNKNOWN,
    ("perf", "stat"): _UNKNOWN,
    ("perf", "trace"): _UNKNOWN,
    ("gdb", "--args"): _UNKNOWN,
    ("cmake", "-E"): _UNKNOWN,
    # red team: `rustup run TOOLCHAIN cmd` runs cmd with that toolchain (`rustup run stable cargo publish`)
    ("rustup", "run"): Syntax(long={"install": NONE, **HELP}, operands=1),
    # red team: `ip netns exec NAME cmd` runs cmd in the network namespace NAME (`ip netns list`: nothing)
    ("ip", "netns"): Syntax(operands=2),
    ("uv", "tool"): _UNKNOWN,  # `uv tool run [opts] pkg args` (SUBCOMMAND_THEN)
    # R4.9, red team: `hatch env run -e test -- cmd`; `bun run X` runs a package script, a file, or else the
    # program X found on PATH (a script name is a view no rule names, as `npm run` is: allowed as before);
    # tox 4's `tox exec -e py -- cmd`; `devenv shell cmd`; `flox activate -- cmd`, `guix shell pkgs -- cmd`.
    ("hatch", "env"): Syntax(
        "",
        "eixf",
        long={
            "env": REQUIRED,
            "include": REQUIRED,
            "exclude": REQUIRED,
            "filter": REQUIRED,
            "force-continue": NONE,
            "ignore-compat": NONE,
            **HELP,
        },
    ),
    ("bun", "run"): Syntax(
        "bi",
        "rFcdl",
        long={
            "bun": NONE,
            "silent": NONE,
            "if-present": NONE,
            "watch": NONE,
            "hot": NONE,
            "no-clear-screen": NONE,
            "smol": NONE,
            "workspaces": NONE,
            "no-install": NONE,
            "elide-lines": REQUIRED,
            "filter": REQUIRED,
            "shell": REQUIRED,
            "cwd": REQUIRED,
            "env-file": REQUIRED,
            "preload": REQUIRED,
            "config": REQUIRED,
            "define": REQUIRED,
            "loader": REQUIRED,
            "conditions": REQUIRED,
            "tsconfig-override": REQUIRED,
            "inspect": OPTIONAL,
            "inspect-wait": OPTIONAL,
            "inspect-brk": OPTIONAL,
            **HELP,
        },
    ),
    ("tox", "exec"): _UNKNOWN,
    ("devenv", "shell"): _UNKNOWN,
    ("flox", "activate"): _UNKNOWN,
    ("guix", "shell"): _UNKNOWN,
    ("guix", "environment"): _UNKNOWN,
    ("lldb", "--"): _UNKNOWN,
    # [beyond] the command runs in a container, but it still reaches the network and mounted folders.
    # The image (run) or container (exec) stands between the options and the command.
    # R4.10: workspace runners that run a command in each package (`nx exec -- cmd`, `lerna exec cmd`).
    ("nx", "exec"): _UNKNOWN,
    # R4.10: secret managers that run a named program with the secrets in its environment
    # (`op run -- cmd`, `aws-vault exec PROFILE -- cmd`, `doppler run -- cmd`); the command after `--`.
    ("op", "run"): _UNKNOWN,
    ("aws-vault", "exec"): Syntax(long=dict(HELP), operands=1),
    ("aws-okta", "exec"): Syntax(long=dict(HELP), operands=1),
    ("doppler", "run"): _UNKNOWN,
    ("infisical", "run"): _UNKNOWN,
    ("dotenvx", "run"): _UNKNOWN,
    ("chamber", "exec"): _UNKNOWN,
    ("berglas", "exec"): _UNKNOWN,
    ("teller", "run"): _UNKNOWN,
    # red team: more of them -- varlock, SecretHub, Bitwarden Secrets Manager's `bws run -- cmd`.
    ("varlock", "run"): _UNKNOWN,
    ("secrethub", "run"): _UNKNOWN,
    ("bws", "run"): _UNKNOWN,
    ("saml2aws", "exec"): _UNKNOWN,
    ("granted", "exec"): _UNKNOWN,
    ("aws-sso", "exec"): _UNKNOWN,  # session 25: aws-sso's `exec -p PROFILE -- cmd`
    ("lerna", "exec"): _UNKNOWN,
    # red team: Terramate runs a command in each stack (`terramate run -- terraform apply`).
    ("terramate", "run"): _UNKNOWN,
    # R4.10, red team: version managers and environment tools that run a named program with their own
    # PATH (`mise exec node@20 -- cmd`, `asdf exec cmd`, `rbenv exec cmd`, `volta run cmd`, `fnm exec cmd`,
    # `nvm exec 20 cmd`, `n exec 20 cmd`, `micromamba run -n env cmd`, `pixi exec cmd`, `dotenv run cmd`).
    ("mise", "exec"): _UNKNOWN,
    ("mise", "x"): _UNKNOWN,
    ("rtx", "exec"): _UNKNOWN,
    ("rtx", "x"): _UNKNOWN,
    ("asdf", "exec"): _UNKNOWN,
    # red team: `asdf env TOOL UTIL args` runs UTIL (with its args) in the environment TOOL's shim would have
    ("asdf", "env"): Syntax(long=dict(HELP), operands=1),
    ("rbenv", "exec"): _UNKNOWN,
    ("pyenv", "exec"): _UNKNOWN,
    ("nodenv", "exec"): _UNKNOWN,
    ("goenv", "exec"): _UNKNOWN,
    ("jenv", "exec"): _UNKNOWN,
    ("plenv", "exec"): _UNKNOWN,
    ("phpenv", "exec"): _UNKNOWN,
    ("volta", "run"): _UNKNOWN,
    ("fnm", "exec"): _UNKNOWN,
    ("nvm", "exec"): _UNKNOWN,
    ("nvm", "run"): _UNKNOWN,
    ("n", "exec"): _UNKNOWN,
    ("n", "run"): _UNKNOWN,
    ("mamba", "run"): _UNKNOWN,
    ("micromamba", "run"): _UNKNOWN,
    ("pixi", "exec"): _UNKNOWN,
    ("dotenv", "run"): _UNKNOWN,
    ("docker", "run"): _CONTAINER,
    ("docker", "exec"): _CONTAINER,
    ("podman", "run"): _CONTAINER,
    ("podman", "exec"): _CONTAINER,
    # red team: nerdctl and finch read docker's command line (permissions.commands.containers).
    ("nerdctl", "run"): _CONTAINER,
    ("nerdctl", "exec"): _CONTAINER,
    ("finch", "run"): _CONTAINER,
    ("finch", "exec"): _CONTAINER,
    # red team: the same command run in a container or a machine that shares this one's folders and
    # credentials -- distrobox and toolbox (the home folder), a dev container (the
    # workspace), Lima, Colima, Multipass, OrbStack and WSL machines, LXD/Incus containers -- and Software
    # Collections' `scl enable X -- cmd`, a snap's app, rr's recording.
    ("distrobox", "enter"): _UNKNOWN,
    ("toolbox", "run"): Syntax(
        "",
        "cdr",
        long={
            "container": REQUIRED,
            "distro": REQUIRED,
            "release": REQUIRED,
            "preserve-fds": REQUIRED,
            **HELP,
        },
    ),
    ("devcontainer", "exec"): _UNKNOWN,
    ("limactl", "shell"): Syntax(
        long={"workdir": REQUIRED, "shell": REQUIRED, "reconnect": NONE, "preserve-env": NONE, **HELP},
        operands=1,
    ),
    ("colima", "ssh"): _UNKNOWN,
    ("multipass", "exec"): _CONTAINER,
    ("orb", "run"): _UNKNOWN,
    ("orbctl", "run"): _UNKNOWN,
    ("lxc", "exec"): _CONTAINER,
    ("incus", "exec"): _CONTAINER,
    # red team (session 19): Apptainer/Singularity (the home folder and the working folder are bound in by
    # default), a DDEV project's web container (the project mounted), Tart's and Parallels' machines.
    ("apptainer", "exec"): _CONTAINER,
    ("apptainer", "run"): _CONTAINER,
    ("singularity", "exec"): _CONTAINER,
    ("singularity", "run"): _CONTAINER,
    ("ddev", "exec"): _UNKNOWN,
    ("tart", "exec"): _CONTAINER,
    ("prlctl", "exec"): _CONTAINER,
    ("scl", "enable"): _UNKNOWN,
    ("snap", "run"): _UNKNOWN,
    ("rr", "record"): _UNKNOWN,
    # red team: `kubectl exec POD [-c C] -- cmd` runs cmd in the pod (which holds the workload's secrets).
    ("kubectl", "exec"): _CONTAINER,
    # red team: more tools that run a program found on their PATH (argv) -- Perl's Carton, Composer (a
    # vendored binary, else any program: its listener is a process command; Symfony takes `exe`, `ex`),
    # OCaml's opam and dune, esy (`esy x cmd`, `esy b cmd`; any word none of its commands names runs too),
    # proto (`proto exec node -- cmd`; `proto run TOOL -- args` in views.py), aqua, perlbrew, ghcup,
    # Symfony's CLI; Flux's scheduler runs it on a node; Nsight Systems and uftrace run it under them.
    # (`dotnet tool run NAME` runs the .NET tool NAME from the manifest, not a program on PATH: not here.)
    ("carton", "exec"): _UNKNOWN,
    ("composer", "exec"): Syntax("l", long={"list": NONE, **HELP}),
    ("composer", "exe"): Syntax("l", long={"list": NONE, **HELP}),
    ("composer", "ex"): Syntax("l", long={"list": NONE, **HELP}),
    ("opam", "exec"): _UNKNOWN,
    ("dune", "exec"): _UNKNOWN,
    ("esy", "x"): _UNKNOWN,
    ("esy", "b"): _UNKNOWN,
    ("esy", "build"): _UNKNOWN,
    ("esy", "command-exec"): _UNKNOWN,
    ("esy", "exec-command"): _UNKNOWN,
    ("proto", "exec"): _UNKNOWN,
    ("proto", "run"): _UNKNOWN,
    ("aqua", "exec"): _UNKNOWN,
    ("perlbrew", "exec"): Syntax("", "", long={"with": REQUIRED, "min": REQUIRED, "max": REQUIRED, **HELP}),
    ("ghcup", "run"): _UNKNOWN,
    ("symfony", "run"): _UNKNOWN,
    ("symfony", "local:run"): _UNKNOWN,
    ("flux", "run"): _UNKNOWN,
    ("flux", "submit"): _UNKNOWN,
    ("flux", "alloc"): _UNKNOWN,
    ("nsys", "profile"): _UNKNOWN,
    ("nsys", "launch"): _UNKNOWN,
    ("uftrace", "record"): _UNKNOWN,
    ("uftrace", "live"): _UNKNOWN,
    ("trace-cmd", "record"): _UNKNOWN,
    ("py-spy", "record"): _UNKNOWN,
    ("newrelic-admin", "run-program"): _UNKNOWN,
    ("pew", "in"): Syntax(long=dict(HELP), operands=1),
    ("elan", "run"): Syntax(long={"install": NONE, **HELP}, operands=1),
    # red team: Procfile tools' `run` runs a command with the app's environment (`foreman run cmd`, `honcho run
    # cmd`, node-foreman's `nf run cmd`, `heroku local:run cmd`); RubyGems' `gem exec GEM args` runs the gem's
    # program (as npx does); `R CMD cmd` runs cmd in R's environment; Hermit's `hermit exec cmd`.
    ("foreman", "run"): _UNKNOWN,
    ("honcho", "run"): _UNKNOWN,
    ("forego", "run"): _UNKNOWN,
    ("nf", "run"): _UNKNOWN,
    ("heroku", "local:run"): _UNKNOWN,
    ("gem", "exec"): Syntax(
        "",
        "gv",
        long={"gem": REQUIRED, "version": REQUIRED, "conservative": NONE, "prerelease": NONE, **HELP},
    ),
    ("r", "CMD"): _UNKNOWN,  # `R CMD …`, its command word folded as views.py folds `R`
    ("hermit", "exec"): _UNKNOWN,
    ("jj", "util"): _UNKNOWN,  # `jj util exec -- cmd` (SUBCOMMAND_THEN)
    ("opam", "config"): _UNKNOWN,  # `opam config exec -- cmd` (opam 1 and 2's old spelling: SUBCOMMAND_THEN)
    ("watchmedo", "auto-restart"): _UNKNOWN,
    # macOS: `launchctl asuser UID cmd`, `launchctl bsexec PID cmd`, `launchctl submit -l NAME -- cmd`
    ("launchctl", "asuser"): Syntax(operands=1),
    ("launchctl", "bsexec"): Syntax(operands=1),
    ("launchctl", "submit"): _UNKNOWN,
}
_SUB_VERBS = frozenset(verb for verb, _ in SUBCOMMAND_RUNNERS)
# Wrappers whose own operands (a box, a Ruby, a host) stand before `--`: what follows the first `--` runs.
WRAPPER_RUNS_AFTER_DASHES = frozenset({"distrobox-enter", "chruby-exec", "mosh", "hwloc-bind"})
# The word that must follow a pair before its options and command (`uv tool run …`, `hatch env run …`):
# the pair's other subcommands (`uv tool install`, `hatch env create`) run nothing.
SUBCOMMAND_THEN: dict[tuple[str, str], str] = {
    ("uv", "tool"): "run",
    ("hatch", "env"): "run",
    ("opam", "config"): "exec",
    ("jj", "util"): "exec",
}
# Pairs whose own operands stand before `--` (packages, an environment): only what follows `--` runs.
ONLY_AFTER_DASHES: frozenset[tuple[str, str]] = frozenset(
    {("flox", "activate"), ("guix", "shell"), ("guix", "environment")}
)
# The secret managers above: they run a command with a chosen profile's or environment's secrets
# (permissions.commands.migrations reads what they chose).
SECRET_RUNNERS: frozenset[tuple[str, str]] = frozenset(
    {
        ("op", "run"),
        ("aws-vault", "exec"),
        ("aws-okta", "exec"),
        ("doppler", "run"),
        ("infisical", "run"),
        ("dotenvx", "run"),
        ("chamber", "exec"),
        ("berglas", "exec"),
        ("teller", "run"),
        ("varlock", "run"),
        ("secrethub", "run"),
        ("bws", "run"),
        ("saml2aws", "exec"),
        ("granted", "exec"),
        ("aws-sso", "exec"),
    }
)
# They take their own operands (a profile, services) before `--`: what follows the first `--` is the command,
# whatever their operands were.
RUN_AFTER_DASHES: frozenset[tuple[str, str]] = frozenset(
    {
        *SECRET_RUNNERS,
        ("tox", "exec"),
        *ONLY_AFTER_DASHES,
        ("mise", "exec"),
        ("mise", "x"),
        ("rtx", "exec"),
        ("rtx", "x"),
        ("distrobox", "enter"),
        ("devcontainer", "exec"),
        ("colima", "ssh"),
        ("multipass", "exec"),
        ("lxc", "exec"),
        ("incus", "exec"),
        ("scl", "enable"),
        ("kubectl", "exec"),
        ("proto", "exec"),
        ("ghcup", "run"),
        ("launchctl", "submit"),
    }
)
# A version may stand before the command or not (`nvm exec 20 node`, `nvm exec node`, `n exec 20 node`):
# both readings are views (deny matches more).
VERSION_FIRST: frozenset[tuple[str, str]] = frozenset(
    {("nvm", "exec"), ("nvm", "run"), ("n", "exec"), ("n", "run"), ("asdf", "exec")}
)
# R4.10: verb + subcommand pairs read in views as another command line: the runners above,
# `yarn workspace NAME <yarn command>` / `yarn workspaces foreach … <yarn command>`, and `uv pip`.
# R4.10, red team: local development environments' shortcuts -- Laravel Sail, DDEV, Lando run a framework's
# commands inside the project's containers under a short name: `sail artisan migrate:fresh` (what a Laravel
# agent runs) is `php artisan migrate:fresh`, which empties the database, and was auto-approved. Each pair is
# read as the command line it runs (views._runner_views); `sail bin X` runs the package binary X.
_PHP_ARTISAN = ("php", "artisan")
_SHARED_SHORTCUTS = {
    "artisan": _PHP_ARTISAN,
    **{name: (name,) for name in ("php", "composer", "npm", "npx", "node", "yarn", "pnpm", "mysql", "psql")},
}
# (`dist-tag` and `owner` are not read so: npm's cap names them whole, and `pnpm dist-tag ls` reads the registry)
_PNPM_TO_NPM = (
    "access adduser deprecate docs edit info login logout ping prefix profile pkg repo search set-script star stars"
    " team token unpublish unstar version view whoami"
).split()
SHORTCUTS: dict[tuple[str, str], tuple[str, ...]] = {
    **{("sail", word): line for word, line in _SHARED_SHORTCUTS.items()},
    ("sail", "art"): _PHP_ARTISAN,
    ("sail", "bun"): ("bun",),
    ("sail", "bunx"): ("bunx",),
    ("sail", "mariadb"): ("mariadb",),
    ("sail", "redis"): ("redis-cli",),
    ("sail", "mongodb"): ("mongosh",),
    ("sail", "test"): (*_PHP_ARTISAN, "test"),
    ("sail", "dusk"): (*_PHP_ARTISAN, "dusk"),
    ("sail", "tinker"): (*_PHP_ARTISAN, "tinker"),
    ("sail", "bin"): (),
    **{("ddev", word): line for word, line in _SHARED_SHORTCUTS.items()},
    ("ddev", "drush"): ("drush",),
    ("ddev", "wp"): ("wp",),
    ("ddev", "craft"): ("php", "craft"),
    ("ddev", "magento"): ("php", "bin/magento"),
    **{("lando", word): line for word, line in _SHARED_SHORTCUTS.items()},
    ("lando", "drush"): ("drush",),
    ("lando", "wp"): ("wp",),
    # R4.10, red team: the npm commands pnpm hands to npm itself (pnpm's documentation, "pnpm will pass through
    # these commands to npm"): `pnpm unpublish x` is `npm unpublish x`, `pnpm dist-tag add` npm's
    **{("pnpm", word): ("npm", word) for word in _PNPM_TO_NPM},
    # R4.10, red team: kitty's `kitten ssh host` is ssh (its wrapper copies the shell integration, then runs ssh
    # with the words it is given), as `kitty +kitten ssh host` is
    ("kitten", "ssh"): ("ssh",),
}

RESOLVED_PAIRS: frozenset[tuple[str, str]] = (
    frozenset(SUBCOMMAND_RUNNERS)
    | frozenset(SHORTCUTS)
    | {
        ("yarn", "workspace"),
        ("yarn", "workspaces"),
        ("uv", "pip"),  # `uv pip install …` is pip's command line
        ("yarn", "node"),  # `yarn node args` runs node with yarn's loader
        ("docker", "compose"),  # `docker compose exec app cmd`, `docker compose run app cmd`
        # red team: `docker container run img cmd`, `docker create img cmd`, on every engine that reads docker's
        # command line (permissions.commands.containers)
        *(
            (engine, sub)
            for engine in ("docker", "podman", "nerdctl", "finch")
            for sub in ("container", "create")
        ),
        *((engine, "compose") for engine in ("podman", "nerdctl", "finch")),
    }
)

# R4.9, red team: pnpm runs a first word that names none of its commands as a script of that name or, when
# there is none, as a program (`pnpm eslint .` is `pnpm exec eslint .`; `pnpm git push` runs git). The
# commands and their aliases (pnpm 10's command table, with the npm commands it hands on or refuses):
# any other word and what follows it is a view (deny and the caps see the program; a script name is a
# view no rule names, allowed as before).
PNPM_COMMANDS = frozenset(
    (
        "add approve-builds audit bin cache c ci clean-install ic install-clean clean purge config dedupe get"
        " set create deploy dlx doctor env exec runtime rt fetch completion completion-server ignored-builds"
        " import self-update init install i install-test it link ln list ls login adduser logout ll la"
        " licenses outdated pack patch patch-commit patch-remove peers prune publish rebuild rb recursive"
        " multi m remove uninstall rm un uni restart root run run-script sbom setup store cat-file cat-index"
        " find-hash unlink dislink update up upgrade version why help test t tst start stop server"
        " access bugs deprecate dist-tag docs edit info issues owner ping prefix profile pkg repo s se search"
        " set-script show star stars team token undeprecate unpublish unstar v view whoami xmas birthday"
        " explore home hook org shrinkwrap"
    ).split()
)
# red team: esy runs a first word that names none of its commands in the project's environment (`esy
# dune build`; `esy npm publish` runs npm). Its commands (esy 0.7's `esy help`):
ESY_COMMANDS = frozenset(
    (
        "add b build build-dependencies build-env build-plan build-shell cleanup command-env command-exec"
        " exec-command exec-env export-build export-dependencies fetch help import-build"
        " import-dependencies install i ls-builds ls-libs ls-modules npm-release print-cache-path release"
        " remove solve status sandbox-env shell show version x"
    ).split()
)
# red team: Yarn (1 and 2+) runs a first word none of its commands names as the project's script of that name, else
# as the binary a dependency installs (`yarn prisma migrate reset` runs prisma). Its commands (Yarn 1's and 4's
# `yarn help`):
YARN_COMMANDS = frozenset(
    (
        "add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry"
        " global help import info init install licenses link list login logout node npm outdated owner pack patch"
        " patch-commit plugin policies publish rebuild remove run search set stage tag team test unlink unplug up"
        " upgrade upgrade-interactive version versions why workspace workspaces"
    ).split()
)
# red team: Bun runs a first word none of its commands names as `bun run` does -- a script, a file, or the binary a
# dependency installs (`bun rimraf /`). Its commands (Bun 1.x's `bun --help`):
BUN_COMMANDS = frozenset(
    (
        "run test x repl exec install i add a remove rm update outdated link unlink publish patch patch-commit pm"
        " build init create c upgrade completions discord help info audit why"
    ).split()
)
# Package managers that run a first word none of their commands names, with those commands.
# A wrapper's own commands: OrbStack's ``orb`` runs a word none of its commands names in its default machine (``orb
# uname -a``), and its own commands first (``orb list``, ``orb stop``: permissions.commands.machine reads them). Only
# the names of OrbStack's documented commands whose namesake program in a machine would be as harmless as a
# listing; its aliases (``ls``, ``rm``) keep both readings, and so does a word after orb's own options (``orb -m
# dev list``).
WRAPPER_COMMANDS: dict[str, frozenset[str]] = {
    "orb": frozenset(
        "clone completion config create default delete doctor export help import info list logs migrate pull push"
        " rename reset restart start status stop update version".split()
    )
}

UNKNOWN_WORD_RUNS: dict[str, frozenset[str]] = {
    "pnpm": PNPM_COMMANDS,
    "esy": ESY_COMMANDS,
    "yarn": YARN_COMMANDS,
    "bun": BUN_COMMANDS,
}


JS_FILES = (".js", ".cjs", ".mjs", ".ts", ".mts", ".cts", ".jsx", ".tsx")


_LOOKUP_LETTERS = frozenset("pvV")


def looks_up(words: tuple[str, ...]) -> bool:
    """Friction: ``command -v NAME...`` / ``command -V NAME...`` prints how each name would be resolved and runs
    none of them (bash, zsh, dash, ksh, POSIX): its words are names, not a command line (`command -v git ssh`
    is not `git ssh`). Only options made of the letters p, v and V, one of them v or V, before the first name
    or `--`; any other option leaves the reading to the table (zsh, seeing a letter it does not know, drops
    -v and runs what follows), so `command git push`, `command -p git push` and `command -- rm -rf /` still
    run their command."""
    lookup = False
    for w in words[1:]:
        if w == "--" or w[:1] != "-":
            return lookup
        if len(w) < 2 or not _LOOKUP_LETTERS.issuperset(w[1:]):
            return False
        lookup = lookup or "v" in w or "V" in w
    return lookup


def peels_after(verb: str, word: str) -> bool:
    """Whether ``verb word …`` (verb one of SUBCOMMAND_RUNNERS' or UNKNOWN_WORD_RUNS' first words) may run
    another command: a runner subcommand, the package manager's own options first (`pnpm -r exec`), or a
    word pnpm runs as a program."""
    if (verb, word) in RESOLVED_PAIRS or word[:1] == "-":
        return True
    if verb == "bun" and ("/" in word or word.endswith(JS_FILES)):
        return True  # red team: `bun node_modules/npm/bin/npm-cli.js publish` runs the file as node does
    known = UNKNOWN_WORD_RUNS.get(verb)
    return known is not None and word not in known


# R7.3 [beyond]: verb + subcommand pairs that run whatever follows (`uv run X`): an approve-always unit
# of these would cover any program.
RUNS_WHAT_FOLLOWS: frozenset[tuple[str, str]] = frozenset(SUBCOMMAND_RUNNERS) | frozenset(
    {
        ("uv", "run"),
        ("uv", "tool"),
        ("poetry", "run"),
        ("pipenv", "run"),
        ("pdm", "run"),
        ("hatch", "run"),
        ("conda", "run"),
        ("npm", "exec"),
        ("pnpm", "exec"),
        ("pnpm", "dlx"),
        ("yarn", "dlx"),
        ("yarn", "exec"),
        ("bun", "x"),
        ("bun", "run"),
        ("deno", "run"),
        ("deno", "eval"),
        ("go", "run"),
        ("bundle", "exec"),
        ("mix", "run"),
        ("nix", "run"),
        ("nix", "shell"),
        ("docker", "run"),
        ("docker", "exec"),
        ("kubectl", "exec"),
        ("cargo", "run"),
        ("dotnet", "run"),
        ("git", "bisect"),
        ("yarn", "workspace"),
        ("yarn", "workspaces"),
    }
)

# R4.10: the program a launcher runs for a scoped npm package whose command is not named after it (the
# others are read by the package's name and by its scope: `@google/clasp` is `clasp`, `@railway/cli` is
# `railway`).
SCOPED_BINS: dict[str, str] = {
    "@angular/cli": "ng",
    "@sentry/cli": "sentry-cli",
    "@changesets/cli": "changeset",
    "@aws-amplify/cli": "amplify",
    "@azure/static-web-apps-cli": "swa",
    "@nestjs/cli": "nest",
    "@vue/cli": "vue",
    "@salesforce/cli": "sf",
    "@microsoft/rush": "rush",
    "@nrwl/cli": "nx",
    "@withgraphite/graphite-cli": "gt",
    "@apollo/rover": "rover",
    "@datadog/datadog-ci": "datadog-ci",
    "@cloudflare/wrangler": "wrangler",
    "@expo/cli": "expo",
    "@redocly/cli": "redocly",
    # red team: the deploy and release tools' packages (permissions.commands.deployers)
    "@bugsnag/source-maps": "bugsnag-source-maps",
    "@bugsnag/cli": "bugsnag-cli",
    "@architect/architect": "arc",
    "@aws-amplify/backend-cli": "ampx",
    # red team: the coding agents that run no Brabo hook (permissions.commands.agent_clis)
    "@qwen-code/qwen-code": "qwen",
    "@sourcegraph/amp": "amp",
    "@github/copilot": "copilot",
    "@charmland/crush": "crush",
    "@kilocode/cli": "kilocode",
    "@factory/cli": "droid",
    # R4.10, red team: the coding agents Brabo hooks, by their packages (`npx @anthropic-ai/claude-code mcp add`
    # is `claude mcp add`): permissions.commands.agent_clis's one table of their names
    **AGENT_PACKAGES,
    # red team: the chains' CLIs (permissions.commands.chains)
    "@thirdweb-dev/cli": "thirdweb",
    "@polkadot/api-cli": "polkadot-js-api",
    "@ethersproject/cli": "ethers",
}
# red team: the program a launcher runs for an unscoped npm package whose command is named otherwise
# (`npx dotenv-cli -- cmd` runs `dotenv -- cmd`).
PACKAGE_BINS: dict[str, str] = {
    "dotenv-cli": "dotenv",
    "chokidar-cli": "chokidar",
    # red team: the deploy and release tools' npm packages whose command is named otherwise
    "appcenter-cli": "appcenter",
    "code-push-cli": "code-push",
    "shipit-cli": "shipit",
    "hexo-cli": "hexo",
    "hasura-cli": "hasura",
    "appwrite-cli": "appwrite",
    "nativescript": "ns",
    "firebase-tools": "firebase",
    "aws-cdk": "cdk",
    "netlify-cli": "netlify",
    "eas-cli": "eas",
    # red team: the coding agents that run no Brabo hook, by their packages' names
    "opencode-ai": "opencode",
    "aider-chat": "aider",
    "open-interpreter": "interpreter",
    "shell-gpt": "sgpt",
    "openhands-ai": "openhands",
    # red team: the chains' CLIs' npm packages (permissions.commands.chains)
    "near-cli": "near",
    "near-cli-rs": "near",
}
# R4.10: npm packages whose command is a POSIX program with its options (rimraf and del-cli are `rm -rf`,
# run directly from node_modules/.bin or through a launcher): read so, a deny of `rm -rf` refuses them and the
# floor reads `npx rimraf /` as `rm -rf /`.
# red team: so is CMake's portable `cmake -E remove_directory DIR...` (peeled from `cmake -E`, as `cmake -E rm`).
PACKAGE_SPELLS: dict[str, tuple[str, ...]] = {
    "rimraf": ("rm", "-r", "-f"),
    "del-cli": ("rm", "-r", "-f"),
    "remove_directory": ("rm", "-r", "-f"),
    # R4.10, red team: antfu's ni runs the project's package manager's command by a short name (`nr deploy` is
    # `npm run deploy`, `nlx prisma migrate reset` is `npx prisma migrate reset`, `na publish` is `npm publish`);
    # read as npm's (its other package managers' acts are npm's too: matching._SAME_ACTS). (`ni` itself is not
    # here: PowerShell's New-Item has that name.)
    "nr": ("npm", "run"),
    "nlx": ("npx",),
    "nun": ("npm", "uninstall"),
    "nci": ("npm", "ci"),
    "nup": ("npm", "update"),
    "na": ("npm",),
    # R4.10, red team: sudo's other name for `sudo -e` (the same binary, edit mode): a deny of `sudo` or `sudo -e`
    "sudoedit": ("sudo", "-e"),
}
# R4.10: the package managers corepack runs (`corepack pnpm publish`).
COREPACK_TOOLS = frozenset({"npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg"})
# R4.10: GNU's tools under the names Homebrew gives them on macOS (a `g` before the name, beside the BSD
# ones): an agent's hook on a developer's Mac runs `grm -rf`, `gxargs`, `gtimeout` as rm, xargs, timeout.
GNU_PREFIXED: dict[str, str] = {
    prefix + name: name
    # red team: uutils' coreutils and findutils under Homebrew take the `uu-` prefix the same way.
    for prefix in ("g", "uu-")
    for name in (
        "rm rmdir unlink shred truncate dd cp mv ln install touch mkdir tee chmod chown chgrp"
        " timeout nice nohup env stdbuf chroot xargs find sort split csplit"
        # ... and the readers a rule printing a place names (`gcat .env`, `ghead`, `uu-base64`, `gsed -n p`)
        " cat head tail tac nl od base64 base32 basenc cut paste fold fmt pr expand unexpand shuf tsort ptx comm"
        " join uniq tr sed grep egrep fgrep"
    ).split()
}

# R4.10, red team: a program's other released names -- podman's remote client (`podman-remote run
# --privileged`), Helm 3 where distributions ship it beside Helm 2 (`helm3 install`), Debian's names for yarn and
# node (`yarnpkg npm publish`, `nodejs`), OpenTofu, Terraform's fork with its command line (`tofu destroy`).
OTHER_NAMES: dict[str, str] = {
    "podman-remote": "podman",
    "helm3": "helm",
    "yarnpkg": "yarn",
    "nodejs": "node",
    "tofu": "terraform",
    "awscli": "aws",  # red team: `python -m awscli` (its package's module) is the aws CLI
    "flyctl": "fly",
    "ntl": "netlify",
    "mariadb": "mysql",
    "valkey-cli": "redis-cli",
    "keydb-cli": "redis-cli",
    "gmake": "make",
    "aws2": "aws",
    # red team: the files the coding agents' packages run as their command, run by their path
    # (`node_modules/@google/gemini-cli/bundle/gemini.js extensions install x`): permissions.commands.agent_clis
    **AGENT_ENTRIES,
    # red team (R4.10): hexdump's canonical-format name (`hd .env` is `hexdump -C .env`) and GNU m4's Homebrew
    # name, each printing the file as the other does
    "hd": "hexdump",
    "gm4": "m4",
    # ... and mikefarah's yq by its packages' and releases' names (`go-yq -n 'load_str(".env")'`: Arch's,
    # `yq_linux_amd64`: the release's binary): permissions.commands.expression_reads
    **dict.fromkeys(
        ("go-yq", "yq4", *(f"yq_{os}_{arch}" for os in ("linux", "darwin") for arch in ("amd64", "arm64"))),
        "yq",
    ),
    # ... and the C compilers and preprocessors by their versioned and cross names (`gcc-12 -E -x c .env`,
    # `clang-15 -E`, `x86_64-linux-gnu-cpp .env`): the same preprocessor (permissions.commands.file_printers)
    **{
        f"{triplet}{name}{version}": name
        for name, versions, triplets in (
            (
                "gcc g++ cpp",
                range(4, 16),
                ("", "x86_64-linux-gnu-", "aarch64-linux-gnu-", "x86_64-w64-mingw32-", "i686-w64-mingw32-"),
            ),
            # (and clang's formatter and linter, which print the file they format or quote: `clang-format-17 .env`)
            ("clang clang++ clang-cpp clang-format clang-tidy", range(3, 21), ("",)),
        )
        for name in name.split()
        for triplet in triplets
        for version in ("", *(f"-{v}" for v in versions))
        if triplet or version
    },
}


# R4.10, red team: programs under the versioned names their installers give them -- Google Cloud SDK's
# version-skew kubectls (`kubectl.1.29`), a kubectl, Terraform or OpenTofu downloaded beside another
# (`kubectl-1.29`, `kubectl-v1.29`, `terraform1.5`, `terraform-1.5`, Terraform 0.x's `terraform12`), tfswitch's
# `terraform_1.5.7`, Helm 2 and 3 side by side (`helm2`, `helm-v3`), PostgreSQL's clients per major version
# (`psql16`, `psql-16`, `pg_dump16`), Ubuntu's versioned Rust (`cargo-1.75`), Debian's and MacPorts' RubyGems
# (`gem3.2`, `bundle3.2`), Tcl's (`tclsh8.6`, `wish8.6`). Each is the program: a deny of `kubectl delete` meets
# `kubectl-1.29 delete ns prod`, of `terraform destroy` `terraform_1.5.7 destroy`. An allow stays literal (R4.8:
# views are for deny, ask, the floor and the caps). VERSIONED names the programs read so; versioned_program reads
# any version (`kubectl-1.29.3`), OTHER_NAMES the versions installers ship (views._renamed looks names up there).
VERSIONED = frozenset(
    "kubectl terraform tofu helm psql pg_dump pg_dumpall pg_restore dropdb createdb cargo gem bundle tclsh wish".split()
)


def _versions(name: str, forms: tuple[str, ...], versions: tuple[str, ...]) -> dict[str, str]:
    return {name + form + version: name for form in forms for version in versions}


_KUBE = tuple(f"1.{n}" for n in range(10, 46))
_TERRAFORM = (*(f"0.{n}" for n in range(11, 16)), *(f"1.{n}" for n in range(16)))
_PG = tuple(str(n) for n in range(9, 21))
_RUBY = tuple(f"{m}.{n}" for m in (2, 3, 4) for n in range(10))
OTHER_NAMES.update(
    {
        **_versions("kubectl", ("", ".", "-", "-v", "_"), _KUBE),
        **_versions("terraform", ("", "-", "-v", "_"), _TERRAFORM),
        **_versions("terraform", ("_",), tuple(f"{v}.{p}" for v in _TERRAFORM for p in range(31))),
        **_versions("terraform", ("", "0"), tuple(str(n) for n in range(11, 16))),
        **_versions("tofu", ("", "-", "-v", "_"), tuple(f"1.{n}" for n in range(6, 16))),
        **_versions("helm", ("", "-", "-v"), ("2", "3", "4")),
        **{
            name: program
            for program in ("psql", "pg_dump", "pg_dumpall", "pg_restore", "dropdb", "createdb")
            for name, _ in _versions(program, ("", "-"), _PG).items()
        },
        **_versions("cargo", ("-",), tuple(f"1.{n}" for n in range(50, 100))),
        **_versions("gem", ("",), _RUBY),
        **_versions("bundle", ("",), _RUBY),
        **_versions("tclsh", ("",), ("8.4", "8.5", "8.6", "8.7", "9.0", "9.1")),
        **_versions("wish", ("",), ("8.4", "8.5", "8.6", "8.7", "9.0", "9.1")),
    }
)
# (`helm3` is named above; Helm 3 read as helm whatever else the table holds)


def versioned_program(verb: str) -> str | None:
    """R4.10: the program of VERSIONED that ``verb`` names with a version after it (`kubectl-1.29.3`,
    `kubectl.1.29`, `terraform_1.5.7`, `helm-v3`, `psql16`, `cargo-1.75`), or None: a name that merely ends in
    digits (`md5`, `sha256`, `x11`, `s3`) names no program of the table."""
    end = len(verb)
    while end and (verb[end - 1].isdigit() or verb[end - 1] == "."):
        end -= 1
    version = verb[end:]
    if version[:1] == ".":
        version = version[1:]  # `kubectl.1.29`: the dot is the separator
    if not version[:1].isdigit() or version[-1:] == ".":
        return None
    stem = verb[:end]
    if stem[-1:] == "v":
        stem = stem[:-1]
    if stem[-1:] in ("-", "_"):
        stem = stem[:-1]
    return stem if stem in VERSIONED else None


# Every verb whose segment may have more than one view (besides RESOLVED_PREFIXES: git's helper binaries
# `git-push`, and python's `-m module`).
# red team, R4.8: task runners that hand the words after their `--` to the commands their sessions run --
# tox's `{posargs}` (`commands = {posargs}` is a common environment), nox's `session.posargs`
# (`session.run(*session.posargs)`). Those words are read as a program Brabo does not know hands them on
# (views.hands_on): from a word that names a program that acts, or a known program right after the `--`
# (`nox -s x -- git push`); test options and paths (`tox -e py -- -k foo tests/`) stay arguments.
POSARGS_RUNNERS = frozenset({"nox", "tox"})

PEELED_VERBS: frozenset[str] = (
    POSARGS_RUNNERS
    | frozenset(WRAPPERS)
    | frozenset(GNU_PREFIXED)
    | frozenset(OTHER_NAMES)
    | frozenset(PACKAGE_BINS)
    | frozenset(PACKAGE_SPELLS)
    | frozenset(RUNNERS)
    | _SUB_VERBS
    | frozenset(verb for verb, _ in SHORTCUTS)
    | {
        "git",
        "hub",
        "find",
        "capsh",
        "gh",
        "corepack",
        "dx",  # Deno's package runner (`deno x`'s installed alias: permissions.commands.views.deno_x)
        "docker-compose",
        "podman-compose",
        "coreutils",
        "shx",
        # R4.10: kubectl by other names (permissions.commands.views)
        "oc",
        "kubecolor",
        "microk8s.kubectl",
        "k3s",
        "microk8s",
        "minikube",
        "deno",
        "node",
        "nodejs",
        "php",
        "composer.phar",
        "py",
        "python",
        "python3",
        "pypy",
        "pypy3",
        "flatpak",  # `flatpak run --command=CMD app args` (permissions.commands.views)
        "autossh",  # ssh with a monitoring port (permissions.commands.views)
        # red team: a shell or Ruby/Perl handed a program's file (`sh ./mvnw deploy`, `ruby -S gem push`)
        *("sh", "bash", "dash", "zsh", "ksh", "ash", "mksh", "yash", "ruby", "jruby", "perl"),
    }
)
RESOLVED_PREFIXES = ("git-", "python", "pypy", "kubectl-", "go1.")


def python_family(verb: str) -> bool:
    """`python`, `python3`, `python3.12`, `pypy3`, `py`: an interpreter that runs `-m module`."""
    if verb == "py":
        return True
    for family in ("python", "pypy"):
        if verb.startswith(family):
            # red team (R4.10): the free-threaded builds (`python3.13t`), Debian's debug build (`python3-dbg`),
            # Windows' windowless one (`pythonw`)
            rest = verb[len(family) :].removesuffix("-dbg")
            rest = rest[:-1] if rest[-1:] in ("t", "w") else rest
            return all(c.isdigit() or c == "." for c in rest)
    return False
