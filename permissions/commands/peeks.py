"""§5 where it runs, R6 path scope (red team): reading another process, or the machine's network traffic.

On a developer's machine (``host``, ``agent``) a debugger or tracer attached to a process the command did not
start reads what that process holds and does -- the browser's cookies, a password typed in another terminal, an
``ssh-agent``'s keys, a token in a server's memory -- and may change it (`gdb -p PID` can call any function in
it, `reptyr PID` takes its terminal over, `pyrasite PID` runs Python in it). A memory dump (`gcore PID`,
`jmap -dump`, `criu dump`) writes it to a file the agent then reads. A packet capture (`tcpdump`, `tshark`)
reads every application's traffic. The clipboard holds what the user copied last (often a password from a
password manager), NetworkManager prints saved Wi-Fi passwords when asked, and `printenv`, a bare `env`, `export
-p`, `declare -p` or `set`, and BSD's `ps e` print the environment, the user's tokens with it (as `echo
$GITHUB_TOKEN` already asks there; `printenv PATH` and the other places and modes of SHOWN_VARIABLES stay
ordinary). None names a path outside the project, and each reads outside it: like
:mod:`permissions.commands.machine`'s families, ``cap_path_scope`` on ``host`` and ``agent``, never in Brabo's
sandbox (whose processes and traffic are the sandbox's own). A process the command starts itself (`strace -f
./app`, `py-spy record -- python x.py`, `gdb ./app`, `perf record -- make`) and reading a capture file
(`tcpdump -r x.pcap`) stay ordinary.
"""

from __future__ import annotations

from collections.abc import Callable

from permissions.commands.plain_settings import SHOWN_VARIABLES

PEEK = (
    "reads another process's memory, calls or terminal, or the machine's network traffic, outside the project"
)
CLIPBOARD = (
    "reads the clipboard, which holds what the user copied last (a password, a token), outside the project"
)
WIFI = "prints the machine's saved network passwords, outside the project"
ENVIRONMENT = (
    "prints the environment's variables, the user's tokens and keys among them (what the agent prints leaves the"
    " machine in its transcript), outside the project"
)

# Options naming the process to attach to, per tool (``--opt=value`` and ``-pVALUE`` read too).
_ATTACH: dict[str, frozenset[str]] = {
    "strace": frozenset({"-p", "--attach"}),
    "ltrace": frozenset({"-p"}),
    "gdb": frozenset({"-p", "--pid", "-pid"}),
    "lldb": frozenset({"-p", "--attach-pid", "-n", "--attach-name", "-w", "--wait-for"}),
    "gdbserver": frozenset({"--attach"}),
    "py-spy": frozenset({"-p", "--pid"}),
    "rbspy": frozenset({"-p", "--pid"}),
    "heaptrack": frozenset({"-p", "--pid"}),
    "perf": frozenset({"-p", "--pid", "-t", "--tid", "-a", "--all-cpus"}),
    "dtruss": frozenset({"-p", "-n"}),
    "dotnet-trace": frozenset({"-p", "--process-id", "-n", "--name"}),
    "dotnet-dump": frozenset({"-p", "--process-id", "-n", "--name"}),
    "dotnet-counters": frozenset({"-p", "--process-id", "-n", "--name"}),
    "dotnet-gcdump": frozenset({"-p", "--process-id", "-n", "--name"}),
    "procdump": frozenset({"-p", "-pn"}),
    "criu": frozenset({"-t", "--tree"}),
}
# strace's and ltrace's letters may be clustered before the pid (`strace -fp 123`).
_CLUSTERED = frozenset({"strace", "ltrace"})
# Tools that attach to any process they are given (a pid or a name operand), whatever their options.
_ATTACH_ANY = frozenset({"gcore", "reptyr", "pyrasite", "jmap", "jcmd", "jstack", "jattach", "jhsdb", "jinfo",
                         "sample", "memray", "bpftrace", "dtrace", "bpftool"})  # fmt: skip
# BPF tools that watch every process when run bare (bcc's, also under Debian's `-bpfcc` names): files opened,
# programs started, connections, TLS traffic before encryption (sslsniff), every line typed into bash.
_SYSTEM_WIDE = frozenset(
    f"{tool}{suffix}"
    for tool in ("opensnoop", "execsnoop", "sslsniff", "tcpconnect", "tcpaccept", "tcplife", "tcptracer",
                 "bashreadline", "statsnoop", "killsnoop", "filetop", "tcptop", "argdist")
    for suffix in ("", "-bpfcc", ".bt")
) | {"trace-bpfcc"}  # fmt: skip
# their forms that only list or print help
_ATTACH_ANY_READS = frozenset({"-l", "--list", "-h", "--help", "--version", "-V", "-help", "-v"})
# Packet capture: what every application on the machine sends and receives. The forms that read a capture
# file or only list interfaces stay ordinary.
_CAPTURE = frozenset({"tcpdump", "tshark", "dumpcap", "ngrep", "termshark", "tcpflow", "sniffglue", "bettercap",
                      "ettercap", "wireshark", "windump", "tcpick", "justniffer"})  # fmt: skip
_CAPTURE_READS = frozenset({"-r", "--read-file", "-D", "--list-interfaces", "-h", "--help", "--version", "-G",
                            "-I", "-v", "-V", "--list-time-stamp-types", "-J"})  # fmt: skip


def _names_attach(view: tuple[str, ...], options: frozenset[str], clustered: bool) -> bool:
    for w in view[1:]:
        if w == "--":
            return False  # a command the tool starts itself
        if w[:1] != "-" or len(w) < 2:
            continue
        name = w.partition("=")[0]
        if name in options:
            return True
        if w[1] != "-" and w[:2] in options and w[2:].isdigit():
            return True  # `-p123`
        if clustered and w[1] != "-" and w[1:].isalpha() and "p" in w[1:]:
            return True  # `strace -fp 123`
    return False


def _gdb(view: tuple[str, ...]) -> bool:
    """`gdb -p PID`, `gdb PROGRAM PID` (a second operand that is a pid), `-ex 'attach PID'`."""
    operands: list[str] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w in ("-ex", "-eval-command", "--eval-command", "-iex") and k < len(view):
            if view[k].lstrip().startswith("attach"):
                return True
            k += 1
        elif w.partition("=")[2].lstrip().startswith("attach"):
            return True
        elif w == "--args":
            return False  # the program and its own arguments follow
        elif w[:1] != "-":
            operands.append(w)
    return len(operands) > 1 and operands[1].isdigit()


def _attaches(view: tuple[str, ...]) -> bool:
    verb = view[0]
    if verb in _SYSTEM_WIDE:
        return _ATTACH_ANY_READS.isdisjoint(view[1:])
    if verb in _ATTACH_ANY:
        return len(view) > 1 and _ATTACH_ANY_READS.isdisjoint(view[1:])
    if verb in _CAPTURE:
        return _CAPTURE_READS.isdisjoint(w.partition("=")[0] for w in view[1:])
    if verb == "gdb" and _gdb(view):
        return True
    if verb == "perf" and len(view) > 1 and view[1] in ("top", "trace") and "--" not in view:
        return True  # system-wide unless given a command to run
    options = _ATTACH.get(verb)
    return options is not None and _names_attach(view, options, verb in _CLUSTERED)


PEEK_VERBS: frozenset[str] = frozenset(_ATTACH) | _ATTACH_ANY | _CAPTURE | _SYSTEM_WIDE


def _read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return PEEK if _attaches(view) else None


# The clipboard's readers: macOS's, Wayland's, termux's and the clipboard managers' always; xclip and xsel when
# told to print (xclip `-o`/`-out`; xsel with no input option prints the selection), tmux its paste buffers.
_CLIPBOARD_ALWAYS = frozenset({"pbpaste", "wl-paste", "termux-clipboard-get", "gpaste-client", "clipman",
                               "cliphist"})  # fmt: skip
_XSEL_INPUT = frozenset({"-i", "--input", "-a", "--append", "-f", "--follow", "-c", "--clear", "-d", "--delete",
                         "-k", "--keep", "-x", "--exchange", "--help", "-h", "--version"})  # fmt: skip


def _clipboard(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    verb = view[0]
    args = view[1:]
    if verb in _CLIPBOARD_ALWAYS:
        return None if "--help" in args or "--version" in args else CLIPBOARD
    if verb == "xclip" or verb.startswith("win32yank"):
        return CLIPBOARD if any(w in ("-o", "-out", "-output") for w in args) else None
    if verb == "xsel":
        return None if _XSEL_INPUT.intersection(args) else CLIPBOARD
    if verb == "tmux":
        return CLIPBOARD if any(w in ("show-buffer", "showb", "save-buffer", "saveb") for w in args) else None
    if verb == "copyq":
        return CLIPBOARD if any(w in ("read", "clipboard", "selection", "history") for w in args) else None
    return None


_CLIPBOARD_READERS = _CLIPBOARD_ALWAYS | {"xclip", "xsel", "copyq", "win32yank", "win32yank.exe"}


def nmcli_secrets(view: tuple[str, ...]) -> str | None:
    """NetworkManager's secrets: `nmcli -s|--show-secrets … show`, `nmcli dev wifi show-password`."""
    args = [w.lower() for w in view[1:]]
    if "show-password" in args or (("-s" in args or "--show-secrets" in args) and "show" in args):
        return WIFI
    return None


# -- the environment printed (as `echo $AWS_SECRET_ACCESS_KEY` is read by permissions.scope off the sandbox) ---
def _secret_named(names: list[str]) -> bool:
    """No name, or one that is not a plain setting or a place (SHOWN_VARIABLES): what is printed may be a secret."""
    return not names or any(n not in SHOWN_VARIABLES for n in names)


def _printenv(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return ENVIRONMENT if _secret_named([w for w in view[1:] if w[:1] != "-"]) else None


_ENV_VALUED = frozenset({"-u", "--unset", "-C", "--chdir"})


def _env(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """`env` with no command (options and assignments only) prints the environment; with one it runs it."""
    k = 1
    while k < len(view):
        w = view[k]
        if w in _ENV_VALUED:
            k += 2
        elif w in ("--help", "--version", "-", "--ignore-environment") or (
            w[:1] == "-" and w[1:2] != "-" and "i" in w
        ):
            return None  # help; `env -i`: an empty environment, only the assignments given are printed
        elif w[:2] == "-S" or w.startswith("--split-string") or (w[:1] != "-" and "=" not in w):
            return None  # a command line or a command: env runs it
        else:
            k += 1  # an option, `--`, an assignment
    return ENVIRONMENT


def _declared(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """`export`, `export -p`, `declare`, `declare -x`, `typeset`, `readonly -p` with no name print every variable;
    with names, only `-p` prints them (`declare -x FOO`, `declare +x FOO`, `export FOO` mark them). An assignment
    prints nothing; `-f`/`-F` print functions."""
    args = view[1:]
    flags = [w for w in args if w[:1] in ("-", "+")]
    names = [w for w in args if w[:1] not in ("-", "+")]
    if any("=" in w for w in args) or any("f" in w or "F" in w for w in flags):
        return None
    if names:
        printed = view[0] != "export" and any(f[:1] == "-" and "p" in f for f in flags)
        return ENVIRONMENT if printed and _secret_named(names) else None
    return ENVIRONMENT


def _set(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return ENVIRONMENT if len(view) == 1 else None  # bare `set` prints every variable and function


def _ps(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """BSD `ps e` (`ps auxe`, `ps eww`): every process's environment after its command (BSD's letters are the
    first word, without a dash; later words are values: `ps -o pid= -C node`)."""
    first = view[1] if len(view) > 1 else ""
    return ENVIRONMENT if first.isalpha() and "e" in first else None


_ENVIRONMENT_READERS: dict[str, Callable[[tuple[str, ...], tuple[str, ...]], str | None]] = {
    "printenv": _printenv,
    "env": _env,
    "export": _declared,
    "declare": _declared,
    "typeset": _declared,
    "readonly": _declared,
    "set": _set,
    "ps": _ps,
}


PEEK_READERS: dict[str, Callable[[tuple[str, ...], tuple[str, ...]], str | None]] = {
    **dict.fromkeys(PEEK_VERBS, _read),
    **dict.fromkeys(_CLIPBOARD_READERS | {"tmux"}, _clipboard),
    **_ENVIRONMENT_READERS,
}
