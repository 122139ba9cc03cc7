"""Commands handed to a program in its options or operands, read by that program's own rules (SPEC R4.9).

Each reader gives the command lines the program runs (read as segments, as ``git -c core.pager=…`` and ``tar
--use-compress-program=…`` are in :mod:`permissions.commands.runners`) and why it runs code no rule can read, if it
does. Settings: Mercurial's and Sapling's ``--config`` (hooks, a shell alias, the ssh/editor/merge programs; an
extension loaded from a file), Jujutsu's ``--config``/``--config-toml``, apt's ``-o …::Pre-Invoke`` and dpkg's
``--pre-invoke``, svn's editor/diff programs. Option values: ``strace -o '|cmd'``, ``split --filter``, ``cpio
--rsh-command``, ``wget --use-askpass``, ``tcpdump -z``, openvpn's scripts, ``gpg --photo-viewer``, ``bazel
--run_under``, ``helm --post-renderer``, ``gcc -wrapper``, backup tools' password and ssh commands, aria2c's hooks,
the downloaders' ``--exec`` (yt-dlp, youtube-dl, gallery-dl), ``bpftrace -c``; rpm's ``%(…)`` macros, ImageMagick's
``|cmd`` file names, TeX's ``\\write18{…}``; exiftool's Perl expressions and latexmk's ``-e`` are code no rule can
read. Whole lines: ``entr -s 'cmd'``, ``scl enable X 'cmd'``, ``mise exec -c``, ``mix cmd``, batch schedulers' job
lines (``sbatch --wrap``, ``bsub``, ``qsub``) and remote shells on many hosts (``pdsh``), ``libtool --mode=execute
cmd``, MPI's ``mpirun a : b``, ``pm2 start``, ``start-stop-daemon --exec``, ``rvm X do cmd``; remote executors' and configuration
management's commands (``ansible -a``, ``fab -- cmd``, ``salt-call cmd.run``: remote_lines.py). A program a value
names is quoted as one word when the program execs it without a shell.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable

from permissions.commands.interpreters import is_stream
from permissions.commands.remote_lines import REMOTE_LINES
from permissions.commands.syntax import HELP, Syntax
from permissions.commands.views import readings

__all__ = [
    "KUBECONFIG_WRAPPERS",
    "OPTION_COMMANDS",
    "OPTION_TRIGGERS",
    "WRAPPER_OPTION_COMMANDS",
    "WRAPPER_OPTION_TRIGGERS",
    "Lines",
    "compiler_lines",
    "named_by_path",
    "named_settings",
]

Lines = tuple[tuple[str, ...], str | None]  # (command lines, why it runs code no rule can read)
_NONE: Lines = ((), None)


def _quote(word: str) -> str:
    if word and all(c.isalnum() or c in "-_./=:,+@%" for c in word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def _values(view: tuple[str, ...], longs: tuple[str, ...], shorts: tuple[str, ...] = ()) -> list[str]:
    """The values of the long options ``longs`` (``--opt V`` / ``--opt=V``; an entry ``--opt:--o`` also takes
    the prefixes getopt takes, ``--o`` and longer) and of the letters ``shorts`` (``-z V`` / ``-zV``), before
    ``--``, blank ones left out."""
    out: list[str] = []
    n = len(view)
    for k in range(1, n):
        w = view[k]
        if w[:1] != "-":
            continue  # (most words: checked first, as these readers run on every such program's segment)
        if w == "--":
            break
        if w[1:2] == "-":
            name, eq, value = w.partition("=")
            if not longs or not any(
                len(name) >= m and full.startswith(name) for full, m in _long_table(longs)
            ):
                continue
            if not eq:
                value = view[k + 1] if k + 1 < n else ""
        elif w[:2] in shorts:
            value = w[2:] or (view[k + 1] if k + 1 < n else "")
        else:
            continue
        if value.strip():
            out.append(value)
    return out


def _long_table(longs: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``("--rsh-command:--rs",)`` as (the full name, the length of the shortest prefix getopt takes)."""
    return tuple((full, len(short or full)) for full, _, short in (e.partition(":") for e in longs))


# Mercurial: the `--config SECTION.NAME=VALUE` settings whose value is a command line (run by a shell or
# split into argv: read as a line either way), per section, with `*` for every name in it.
_HG_COMMAND_KEYS = {
    "hooks": "*",
    "ui": ("ssh", "editor", "merge", "remotecmd", "patch"),
    "pager": ("pager",),
    "email": ("method",),
    "gpg": ("cmd",),
    "hgk": ("path",),
    "fsmonitor": ("watchman_exe",),
    "extdiff": "*",
    "diff-tools": "*",
    "merge-tools": ("executable",),
    "fix": "*",
}
# hg's global options that take the next word (besides --config).
_HG_VALUED = frozenset({"-R", "--repository", "--cwd", "--encoding", "--encodingmode", "--color", "--pager"})
# Per subcommand, options whose value is a program hg runs: the ssh command, the remote hg, `bisect -c`,
# `extdiff -p`, a merge tool.
_HG_OPTION_COMMANDS = ("--ssh", "--remotecmd", "--command", "--program", "--tool")
_HG_SHORTS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("pull", "push", "clone", "incoming", "in", "outgoing", "out", "identify", "id"), ("-e",)
    ),
    "bisect": ("-c",),
    "extdiff": ("-p",),
}


def _hg_setting(spec: str) -> Lines:
    key, eq, value = spec.partition("=")
    section, _, name = key.strip().lower().partition(".")
    value = value.strip()
    if not eq or not name:
        return _NONE
    if section == "extensions":
        # `extensions.x=path/to/x.py` loads Python from a file; `extensions.rebase=` loads hg's own,
        # `extensions.x=!` turns one off.
        if value and not value.startswith("!"):
            return (), "hg loads an extension's Python code from a file"
        return _NONE
    if section == "alias":
        if value.startswith("!"):
            return (value[1:],), None  # a shell alias
        return (("hg " + value,) if value else ()), None  # hg words, which may carry settings again
    if section == "hooks" and value.startswith("python:"):
        return (), "hg runs a Python hook, which no rule can read"
    if section in ("ui", "merge-tools") and value.startswith(("internal:", ":")):
        return _NONE  # a merge tool built into hg
    names = _HG_COMMAND_KEYS.get(section)
    if names is None or not value:
        return _NONE
    if names == "*" or name.rpartition(".")[2] in names:
        if section == "extdiff" and name.startswith("opts."):
            return _NONE
        return (value,), None
    return _NONE


def _hg(view: tuple[str, ...]) -> Lines:
    """hg reads `--config` anywhere on its command line, as its other global options."""
    scripts: list[str] = []
    unseen: str | None = None
    n = len(view)
    sub = ""
    k = 1
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            break
        spec = None
        if w == "--config":
            spec = view[k] if k < n else ""
            k += 1
        elif w.startswith("--config="):
            spec = w[len("--config=") :]
        elif w in _HG_VALUED:
            k += 1
        elif w[:1] != "-" and not sub:
            sub = w
        if spec is not None:
            found, why = _hg_setting(spec)
            scripts.extend(found)
            unseen = unseen or why
    shorts = _HG_SHORTS.get(sub)
    if shorts is not None:
        scripts.extend(_values(view, _HG_OPTION_COMMANDS, shorts))
    elif sub in ("merge", "resolve", "update", "up", "rebase", "graft", "backout", "histedit", "unshelve"):
        scripts.extend(v for v in _values(view, ("--tool",), ("-t",)) if not v.startswith(("internal:", ":")))
    return tuple(scripts), unseen


# Jujutsu: the settings whose value is a program with its arguments (a TOML string or array), by key
# (`*` any one part); an alias is jj's own words (`["util", "exec", "--", "cmd"]` runs cmd).
_JJ_COMMAND_KEYS = (
    "ui.pager",
    "ui.editor",
    "ui.diff-editor",
    "ui.merge-editor",
    "ui.diff.tool",
    "ui.diff-formatter",
    "merge-tools.*.program",
    "fix.tools.*.command",
    "signing.backends.*.program",
    "git.executable-path",
)


def _jj_key(key: str) -> bool:
    parts = key.split(".")
    for pattern in _JJ_COMMAND_KEYS:
        want = pattern.split(".")
        if len(want) == len(parts) and all(w in ("*", p) for w, p in zip(want, parts, strict=True)):
            return True
    return False


def _toml_words(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return ()


def _jj_setting(key: str, value: object) -> str | None:
    words = _toml_words(value)
    if not words:
        return None
    if key.startswith("aliases.") and isinstance(value, list):
        return "jj " + " ".join(_quote(w) for w in words)
    if _jj_key(key):
        return words[0] if len(words) == 1 else " ".join(_quote(w) for w in words)
    return None


def _flatten(table: dict[str, object], prefix: str = "") -> list[tuple[str, object]]:
    """A TOML document's settings by their dotted keys."""
    out: list[tuple[str, object]] = []
    for k, v in table.items():
        if isinstance(v, dict):
            out.extend(_flatten(v, prefix + k + "."))
        else:
            out.append((prefix + k, v))
    return out


def _jj(view: tuple[str, ...]) -> Lines:
    """`jj --config ui.pager='cmd' log`, `jj --config-toml '…'`: jj runs the programs those settings name
    (values are TOML; a word TOML cannot read is a string). `--config-file` reads settings no rule sees."""
    settings: list[tuple[str, object]] = []
    for spec in _values(view, ("--config",)):
        key, _, raw = spec.partition("=")
        try:
            value = tomllib.loads("v = " + raw)["v"]
        except tomllib.TOMLDecodeError:
            value = raw
        settings.append((key.strip(), value))
    for text in _values(view, ("--config-toml",)):
        try:
            settings.extend(_flatten(tomllib.loads(text)))
        except tomllib.TOMLDecodeError:
            return (), "jj is given settings no rule can read"
    scripts = tuple(line for key, value in settings if (line := _jj_setting(key, value)) is not None)
    unseen = (
        "jj reads settings from a file, which no rule can read" if _values(view, ("--config-file",)) else None
    )
    return scripts, unseen


_STRACE_VALUED = "abeEIoOpPsSuUX"  # strace's letters that take a value


def _strace(view: tuple[str, ...]) -> Lines:
    """`strace -o '|cmd'` / `-o '!cmd'` (also `-fo`, `--output=`) pipes the trace into a shell command."""
    found = _values(view, ("--output:--o",))
    for k, w in enumerate(view[1:], 1):
        if w == "--" or w[:1] != "-":
            break  # the traced command starts here
        for j in range(1, len(w)):
            if w[j] in _STRACE_VALUED:
                if w[j] == "o":
                    found.append(w[j + 1 :] or (view[k + 1] if k + 1 < len(view) else ""))
                break
    return tuple(v[1:] for v in found if v[:1] in "|!" and v[1:].strip()), None


# exiftool: `-if EXPR` (also `-if2`), `${TAG;EXPR}` in a format or an assignment, `-api Filter=EXPR` are Perl
# code; `-config FILE` loads Perl, `-@ FILE` reads more arguments (any of these).
def _exiftool(view: tuple[str, ...]) -> Lines:
    for k, w in enumerate(view[1:], 1):
        low = w.lower()
        if (low.startswith("-if") and low[3:].isdigit() or low == "-if") or low in (
            "-config",
            "-@",
            "-userparam",
        ):
            return (), "exiftool runs Perl code given in its arguments, which no rule can read"
        if low == "-api" and k + 1 < len(view) and view[k + 1].lower().startswith(("filter", "filtew")):
            return (), "exiftool runs Perl code given in its arguments, which no rule can read"
        if "${" in w and ";" in w.partition("${")[2]:
            return (), "exiftool runs Perl code given in its arguments, which no rule can read"
    return _NONE


def _split(view: tuple[str, ...]) -> Lines:
    return tuple(_values(view, ("--filter:--f",))), None  # run by $SHELL -c for each piece


def _cpio(view: tuple[str, ...]) -> Lines:
    return tuple(_values(view, ("--rsh-command:--rs",))), None


def _wget(view: tuple[str, ...]) -> Lines:
    """`--use-askpass=PROG`, and the same setting as a wgetrc command (`-e use_askpass=PROG`: wget reads a
    command's name without case, `_` or `-`): PROG is exec'd, no shell."""
    programs = _values(view, ("--use-askpass:--use-a",))
    for command in _values(view, ("--execute:--exe",), ("-e",)):
        name, _, value = command.partition("=")
        if name.strip().lower().replace("_", "").replace("-", "") == "useaskpass" and value.strip():
            programs.append(value.strip())
    return tuple(_quote(v) for v in programs), None


def _tcpdump(view: tuple[str, ...]) -> Lines:
    # `-z CMD`: run as `CMD savefile` after each rotation (execlp: a program name).
    return tuple(_quote(v) for v in _values(view, (), ("-z",))), None


_OPENVPN_SCRIPTS = tuple(
    "--up --down --ipchange --route-up --route-pre-down --client-connect --client-disconnect --learn-address"
    " --auth-user-pass-verify --tls-verify --tls-crypt-v2-verify --iproute --tls-export-cert".split()
)


def _openvpn(view: tuple[str, ...]) -> Lines:
    found = tuple(_values(view, _OPENVPN_SCRIPTS))
    if "--plugin" in view:
        return found, "openvpn loads a plugin's code"
    return found, None


def _gpg(view: tuple[str, ...]) -> Lines:
    return tuple(_values(view, ("--photo-viewer",))), None


def _macro_shells(word: str) -> list[str]:
    """The shell commands of rpm's `%(cmd)` macros in ``word`` (up to the parenthesis that closes each)."""
    out: list[str] = []
    at = word.find("%(")
    while at >= 0:
        depth = 0
        end = at + 1
        while end < len(word):
            depth += (word[end] == "(") - (word[end] == ")")
            if depth == 0:
                break
            end += 1
        out.append(word[at + 2 : end])
        at = word.find("%(", end)
    return out


def _rpm(view: tuple[str, ...]) -> Lines:
    """rpm, rpmbuild, rpmspec expand `%(cmd)` with a shell (`--eval`, `--define`, a query format), run
    `%{lua: …}` as Lua, and `rpm --pipe CMD` pipes the output into a shell command."""
    scripts = _values(view, ("--pipe",))
    unseen: str | None = None
    for w in view[1:]:
        scripts.extend(s for s in _macro_shells(w) if s.strip())
        if "%{lua:" in w or "%{load:" in w or w.startswith("--macros") or w == "--rcfile":
            unseen = "rpm expands a macro that runs code no rule can read"
    return tuple(scripts), unseen


_SVN_COMMAND_OPTIONS = ("editor-cmd", "diff-cmd", "diff3-cmd", "merge-tool-cmd", "ssh")


def _svn(view: tuple[str, ...]) -> Lines:
    scripts = _values(view, ("--diff-cmd", "--diff3-cmd", "--editor-cmd"))
    for spec in _values(view, ("--config-option",)):
        # FILE:SECTION:OPTION=VALUE (`config:helpers:editor-cmd=…`, `config:tunnels:ssh=…`)
        key, _, value = spec.partition("=")
        if key.rpartition(":")[2].strip().lower() in _SVN_COMMAND_OPTIONS and value.strip():
            if value.lstrip().startswith("$"):
                value = value.strip().partition(" ")[2]  # `$SVN_SSH ssh -q`: the variable overrides, if set
            scripts.append(value)
    unseen = "svn reads a configuration that can run programs" if _values(view, ("--config-dir",)) else None
    return tuple(scripts), unseen


def _entr(view: tuple[str, ...]) -> Lines:
    """`entr -s 'cmd'`: the first operand is handed to $SHELL -c."""
    shell = False
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            k += 1
        elif w[:1] == "-" and len(w) > 1:
            shell = shell or "s" in w
            continue
        if shell and k < len(view) and view[k].strip():
            return (view[k],), None
        return _NONE
    return _NONE


def _scl(view: tuple[str, ...]) -> Lines:
    """`scl enable COLL… 'cmd'`: scl runs its last operand (or the words after `--`) as a shell line."""
    if len(view) < 4 or view[1] not in ("enable", "run"):
        return _NONE
    if "--" in view:
        line = " ".join(view[view.index("--") + 1 :])
        return ((line,) if line.strip() else ()), None
    operands = [w for w in view[2:] if w[:1] != "-"]
    return tuple(w for w in operands[1:] if w.strip()), None  # the collections stand first


_UNKNOWN = Syntax(long=dict(HELP))


def _job_line(view: tuple[str, ...]) -> Lines:
    """R4.9: `bsub cmd args`, `qsub -b y cmd`, `qrsh cmd`, `condor_run 'cmd'`, `oarsub 'cmd'`: the scheduler
    writes the words after its options into a job script, joined, for a shell on a node (a script file's
    name is read as running that file); `pdsh`, `pssh`, `clush` hand them to a shell on every host."""
    lines = [" ".join(r) for r in readings(view, _UNKNOWN, False)]
    return tuple(dict.fromkeys(line for line in lines if line.strip())), None


def _slurm(view: tuple[str, ...]) -> Lines:
    """`sbatch --wrap 'cmd'` (a shell line); `--prolog`/`--epilog`/`--task-prolog`/`--task-epilog` name a
    program srun runs."""
    scripts = _values(view, ("--wrap:--wr",))
    scripts += [
        _quote(v)
        for v in _values(
            view, ("--prolog:--pro", "--epilog:--ep", "--task-prolog:--task-p", "--task-epilog:--task-e")
        )
    ]
    return tuple(scripts), None


_LIBTOOL_MODES = ("clean", "compile", "execute", "finish", "install", "link", "uninstall")
_LIBTOOL_VALUED = frozenset({"--mode", "--tag", "--config", "-W", "--warnings", "-dlopen"})


def _libtool(view: tuple[str, ...]) -> Lines:
    """libtool runs the command after its options in every mode but `finish` (`--mode=execute gdb prog`,
    `--mode=link gcc …`, `--mode=install cp …`); the mode may be the first operand, or any prefix of it."""
    k = 1
    while k < len(view) and view[k][:1] == "-":
        w = view[k]
        k += 2 if w in _LIBTOOL_VALUED else 1
        if w == "--":
            k -= 1
            break
    rest = view[k:]
    if "--mode=finish" in view or (rest and "finish".startswith(rest[0])):
        return _NONE  # runs ldconfig on the folders it is given
    if rest and any(m.startswith(rest[0]) for m in _LIBTOOL_MODES):
        rest = rest[1:]
        while rest and rest[0] == "-dlopen":
            rest = rest[2:]
    if not rest:
        return _NONE
    return (" ".join(_quote(w) for w in rest),), None


def _mpmd(view: tuple[str, ...]) -> Lines:
    """`mpirun -n 1 a : -n 1 b`: every program after a `:` runs too (its own options first)."""
    if ":" not in view:
        return _NONE
    scripts: list[str] = []
    part: list[str] = []
    for w in (*view[view.index(":") + 1 :], ":"):
        if w == ":":
            for r in readings((view[0], *part), _UNKNOWN, False):
                scripts.append(" ".join(_quote(x) for x in r))
            part = []
        else:
            part.append(w)
    return tuple(dict.fromkeys(scripts)), None


def _after_word(view: tuple[str, ...], word: str) -> Lines:
    """`rvm 2.7 do cmd`, `rvm all do cmd`: the words after ``word`` run (argv)."""
    if word not in view[1:]:
        return _NONE
    rest = view[view.index(word, 1) + 1 :]
    return ((" ".join(_quote(w) for w in rest),) if rest else ()), None


def _rvm(view: tuple[str, ...]) -> Lines:
    return _after_word(view, "do")


def _pm2(view: tuple[str, ...]) -> Lines:
    """`pm2 start npm -- publish`, `pm2 start 'npm publish'`: the first operand (a command line, or a script
    it runs) with the words after `--`; `--interpreter PROG` runs it with PROG."""
    if len(view) < 3 or view[1] not in ("start", "restart", "reload"):
        return _NONE
    head = view[: view.index("--")] if "--" in view else view
    tail = view[len(head) + 1 :]
    scripts = _values(view, ("--interpreter",))
    for k, w in enumerate(head[2:], 2):
        if w[:1] != "-" and (k == 2 or head[k - 1][:1] != "-" or "=" in head[k - 1]):
            scripts.append(" ".join((w, *(_quote(a) for a in tail))))
            break
    return tuple(scripts), None


def _start_stop_daemon(view: tuple[str, ...]) -> Lines:
    """`start-stop-daemon --start --exec PROG -- args` (also `--startas`/`-a`, `-x`)."""
    if not any(w in ("--start", "-S") or (w[:1] == "-" and w[1:2] != "-" and "S" in w) for w in view[1:]):
        return _NONE  # `--stop --exec PROG` only names the process to stop
    programs = _values(view, ("--exec", "--startas"), ("-x", "-a"))
    tail = view[view.index("--") + 1 :] if "--" in view else ()
    return tuple(" ".join(_quote(w) for w in (p, *tail)) for p in programs), None


_ARIA2_HOOKS = tuple(
    "--on-download-complete --on-download-start --on-download-error --on-download-pause --on-download-stop"
    " --on-bt-download-complete".split()
)


def _aria2c(view: tuple[str, ...]) -> Lines:
    return tuple(_quote(v) for v in _values(view, _ARIA2_HOOKS)), None  # exec'd with three arguments


# yt-dlp's (and youtube-dl's) `--exec [WHEN:]CMD` and gallery-dl's `--exec`/`--exec-after` run CMD through the
# shell after each download (yt-dlp's optparse takes a unique prefix of a long option); WHEN names the stage.
_DOWNLOADER_EXEC = ("--exec:--exec", "--exec-before-download:--exec-b", "--exec-after:--exec-a")
_EXEC_STAGE = (
    "pre_process:",
    "after_filter:",
    "video:",
    "before_dl:",
    "post_process:",
    "after_move:",
    "after_video:",
    "playlist:",
)


def _downloader(view: tuple[str, ...]) -> Lines:
    lines = _values(view, _DOWNLOADER_EXEC)
    return tuple(v.partition(":")[2] if v.startswith(_EXEC_STAGE) else v for v in lines), None


def _bazel(view: tuple[str, ...]) -> Lines:
    """`--run_under=CMD` runs the target under CMD; the status command and the credential helper run too."""
    longs = (
        "--run_under",
        "--workspace_status_command",
        "--credential_helper",
        "--experimental_credential_helper",
    )
    return tuple(_values(view, longs)), None


def _helm(view: tuple[str, ...]) -> Lines:
    """helm's `--post-renderer` (a program), and its kubeconfig (_named_settings)."""
    return tuple(_quote(v) for v in _values(view, ("--post-renderer",))), named_settings(view)


def _dash_c(view: tuple[str, ...]) -> Lines:
    """`bpftrace -c 'cmd'`, `dtrace -c 'cmd'`: the command traced (split into argv)."""
    return tuple(_values(view, (), ("-c",))), None


# red team, R4.9: the programs and plugins a compiler or a linker is told to use run as it builds -- gcc's
# `-wrapper prog,arg` (every pass run as `prog arg pass…`), gcc's and clang's plugins (`-fplugin=./x.so`, clang's
# `-fpass-plugin=`, `-Xclang -load -Xclang ./x.so`), the linker by its path (`-fuse-ld=./x.sh`, `--ld-path=`), a
# linker plugin (`-Wl,-plugin,./x.so`, ld's `-plugin`), nvcc's host compiler (`-ccbin`), rustc's linker (`-C
# linker=./x.sh`) and codegen backend. A path names a program or a library of the command's own (a segment, as
# pip's `--python`); a bare name (`-fuse-ld=lld`, `-fplugin=annobin`) is the toolchain's own, found in its folders.
# The folder gcc runs its passes from (`-B ./dir`: cc1, as, collect2, ld) and a specs file given by its path (it may
# name any program) are what no rule can read.
COMPILERS = ("gcc", "g++", "cc", "c++", "gfortran", "clang", "clang++", "zig", "nvcc", "rustc")
LINKERS = ("ld", "ld.bfd", "ld.gold", "ld.lld", "lld", "ld64.lld")  # (not mold: `mold -run cmd` is a wrapper)
_PLUGIN_OPTIONS = ("-fplugin", "-fpass-plugin", "--plugin", "-plugin")
_LINKER_PATH_OPTIONS = ("-fuse-ld", "--ld-path", "-ccbin", "--compiler-bindir")
_B_LINKER_FLAGS = ("static", "dynamic", "symbolic", "shareable", "group", "no-symbolic")


def compiler_lines(view: tuple[str, ...]) -> Lines:
    programs: list[str] = []
    named: list[str] = []  # programs and libraries given by their path (named_by_path)
    unseen: str | None = None
    n = len(view)
    linker = view[0] in LINKERS
    for k in range(1, n):
        w = view[k]
        if w[:1] != "-":
            continue
        after = view[k + 1] if k + 1 < n else ""
        name, eq, value = w.partition("=")
        if not eq and name in ("-plugin", "-ccbin", "--compiler-bindir", "--ld-path", "--plugin"):
            value = after
        if w == "-wrapper":
            programs.append(" ".join(_quote(a) for a in after.split(",") if a))
        elif name in _PLUGIN_OPTIONS or name in _LINKER_PATH_OPTIONS:
            named.append(value)
        elif w.startswith("-Wl,"):  # `-Wl,-plugin,./x.so`, `-Wl,--plugin=./x.so`
            parts = w[4:].split(",")
            named += [
                p.partition("=")[2] or q
                for p, q in zip(parts, [*parts[1:], ""])
                if p in _PLUGIN_OPTIONS or p.startswith("--plugin=")
            ]
        elif (
            w == "-Xlinker"
            and after in _PLUGIN_OPTIONS
            and view[k + 2 : k + 3] == ("-Xlinker",)
            and k + 3 < n
        ):
            named.append(view[k + 3])
        elif w == "-load" and view[k - 1] == "-Xclang" and after == "-Xclang" and k + 2 < n:
            named.append(view[k + 2])
        elif view[0] == "rustc" and (w in ("-C", "--codegen") or w.startswith(("-C", "--codegen="))):
            setting = (w[2:] if w[:2] == "-C" and w != "-C" else w[10:] if w != "--codegen" else "") or after
            key, _, chosen = setting.partition("=")
            if key == "linker":
                named.append(chosen)
        elif w[:2] == "-B" and not linker and not (w[2:] or after).startswith(_B_LINKER_FLAGS):
            unseen = (
                f"{view[0]} runs its compiler's own programs from the folder -B names, which no rule can read"
            )
        elif name in ("-specs", "--specs") and is_path(value or after):
            unseen = f"{view[0]} reads a specs file, which may name the programs it runs; no rule can read it"
    if view[0] == "rustc" and any(w.startswith(("-Zcodegen-backend=", "codegen-backend=")) for w in view):
        named += [w.partition("=")[2] for w in view if "codegen-backend=" in w]
    return (*(p for p in programs if p), *named_by_path(named)), unseen


def _magick(view: tuple[str, ...]) -> Lines:
    """ImageMagick reads a file name `|cmd` as the output of a shell command (and writes into one)."""
    return tuple(w[1:] for w in view[1:] if w[:1] == "|" and w[1:].strip()), None


_LATEXMK_PROGRAMS = tuple(
    f"-{name}"
    for name in "pdflatex latex lualatex xelatex dvipdf dvips ps2pdf makeindex bibtex biber print_cmd".split()
)


def _latexmk(view: tuple[str, ...]) -> Lines:
    """`latexmk -pdflatex='cmd %O %S'` runs cmd; `-e CODE` and `-r FILE` are Perl."""
    scripts = [w.partition("=")[2] for w in view[1:] if w.partition("=")[0] in _LATEXMK_PROGRAMS]
    if any(w in ("-e", "-r") for w in view[1:]):
        return tuple(s for s in scripts if s.strip()), "latexmk runs Perl code given in its arguments"
    return tuple(s for s in scripts if s.strip()), None


_SHELL_ESCAPE = frozenset({"-shell-escape", "--shell-escape", "-enable-write18", "--enable-write18"})


def _braced(text: str, at: int) -> str:
    """The text inside the braces that open at or after ``at``."""
    start = text.find("{", at)
    if start < 0:
        return ""
    depth = 0
    for end in range(start, len(text)):
        depth += (text[end] == "{") - (text[end] == "}")
        if depth == 0:
            return text[start + 1 : end]
    return text[start + 1 :]


def _tex(view: tuple[str, ...]) -> Lines:
    """`pdflatex -shell-escape '\\write18{cmd}…'`: TeX code given on the command line runs cmd."""
    if not any(w in _SHELL_ESCAPE for w in view[1:]):
        return _NONE
    scripts: list[str] = []
    unseen: str | None = None
    for w in view[1:]:
        at = w.find("write18")
        while at >= 0:
            scripts.append(_braced(w, at))
            at = w.find("write18", at + 1)
        if "directlua" in w:
            unseen = "TeX runs Lua code given on its command line"
    return tuple(s for s in scripts if s.strip()), unseen


def _dpkg(view: tuple[str, ...]) -> Lines:
    return tuple(_values(view, ("--pre-invoke", "--post-invoke"))), None


_APT_HOOKS = ("pre-invoke", "post-invoke", "post-invoke-success", "pre-install-pkgs", "proxy-auto-detect")


def _apt(view: tuple[str, ...]) -> Lines:
    """`apt-get -o APT::Update::Pre-Invoke::=cmd update`, `-o DPkg::Post-Invoke::=cmd`: shell lines apt runs;
    `-o Dir::Bin::dpkg=prog` names a program; `-c FILE` reads a configuration that may hold either."""
    scripts: list[str] = []
    unseen: str | None = None
    for spec in _values(view, ("--option",), ("-o",)):
        key, _, value = spec.partition("=")
        key = key.strip().strip(":").lower()
        if key.rpartition("::")[2] in _APT_HOOKS or key.startswith("dir::bin"):
            if value.strip():
                scripts.append(value)
    if _values(view, ("--config-file",), ("-c",)):
        unseen = "apt reads a configuration that can run commands"
    return tuple(scripts), unseen


def _password_commands(view: tuple[str, ...]) -> Lines:
    """Backup and sync tools that run a command for a password or a connection: restic's
    `--password-command` and `-o sftp.command=`, borg's `--rsh`, rclone's `--password-command` and
    `--sftp-ssh`, sshfs's `-o ssh_command=`."""
    scripts = _values(view, ("--password-command", "--rsh", "--sftp-ssh"))
    for spec in _values(view, ("--option",), ("-o",)):
        for item in spec.split(",") if view[0] == "sshfs" else (spec,):
            key, _, value = item.partition("=")
            if key.strip().lower() in ("sftp.command", "ssh_command") and value.strip():
                scripts.append(value)
    return tuple(scripts), None


# mutt's configuration commands (`-e CMD`): a back-quoted command runs as the line is read, `source "CMD|"` runs CMD
# and reads its output, and the settings that name a program (sendmail, editor, tunnel, *_command, display_filter ...)
# run it later.
_MUTT_BACKQUOTE = re.compile(r"`([^`]*)`")
_MUTT_SOURCE = re.compile(r"""\bsource\s+(['"]?)([^'";]*)\|\1""")
_MUTT_SET = re.compile(
    r"""\bset\s+(?:\w*command|sendmail|editor|visual|tunnel|display_filter|pager|ispell|inews|print_cmd)\s*=\s*"""
    r"""(?:"([^"]*)"|'([^']*)'|(\S+))"""
)


def _mutt(view: tuple[str, ...]) -> Lines:
    """red team (R4.9): `mutt -e 'set sendmail="cmd"'`, `-e 'source "cmd|"'`, a back-quoted command: the commands
    read as segments, and the configuration commands are code no rule reads in full."""
    given = _values(view, (), ("-e",))
    if not given:
        return _NONE
    text = "\n".join(given)
    lines = _MUTT_BACKQUOTE.findall(text) + [m[2] for m in _MUTT_SOURCE.finditer(text)]
    lines += ["".join(m.groups("")) for m in _MUTT_SET.finditer(text)]
    return tuple(line for line in lines if line.strip()), f"{view[0]} runs configuration commands it is given"


def _lerna(view: tuple[str, ...]) -> Lines:
    """red team: `lerna exec [options] [--] cmd args` runs the words, joined, through a shell in every package
    (`lerna exec 'rm -rf /'`): the words after `--`, else each operand alone and from there on (an option's value
    may stand before the command)."""
    if "exec" not in view[1:3]:
        return _NONE
    rest = view[view.index("exec") + 1 :]
    if "--" in rest:
        tail = rest[rest.index("--") + 1 :]
        return ((" ".join(tail),) if tail else ()), None
    starts = [k for k, w in enumerate(rest) if w[:1] != "-"]
    return tuple(dict.fromkeys(" ".join(rest[k:]) for k in starts)), None


def _just(view: tuple[str, ...]) -> Lines:
    """red team: `just --shell PROG --shell-arg A ...` runs every recipe line through PROG with those arguments
    (`just --shell rm --shell-arg -rf --shell-arg / x` is `rm -rf / LINE`)."""
    shell = _values(view, ("--shell",))
    if not shell:
        return _NONE
    line = " ".join(_quote(w) for w in (shell[-1], *_values(view, ("--shell-arg",))))
    return (line,), "just runs its recipes through a program it is given"


# red team: nano's `--speller=PROG ARGS` (`-s`) is split at spaces and run on the file (^T).
def _nano(view: tuple[str, ...]) -> Lines:
    return tuple(_values(view, ("--speller",), ("-s",))), None


# valgrind's `--db-command=CMD` (run when an error is found, with --db-attach) is a command line.
def _valgrind(view: tuple[str, ...]) -> Lines:
    return tuple(_values(view, ("--db-command",))), None


def _dialog(view: tuple[str, ...]) -> Lines:
    """`dialog --prgbox [TEXT] CMD H W` runs CMD through a shell (the text is optional: both words)."""
    if "--prgbox" not in view:
        return _NONE
    k = view.index("--prgbox")
    return tuple(w for w in view[k + 1 : k + 3] if w.strip() and not w.isdigit()), None


def _command_option(view: tuple[str, ...]) -> Lines:
    """`mise exec -c 'cmd'` (also `mise x`, rtx), `flox activate -c 'cmd'`, Eternal Terminal's `et -c 'cmd'
    host`: a shell line."""
    if view[0] != "et" and (len(view) < 3 or view[1] not in ("exec", "x", "activate")):
        return _NONE
    return tuple(_values(view, ("--command",), ("-c",))), None


def _mix(view: tuple[str, ...]) -> Lines:
    """`mix cmd [--app A] [--cd DIR] cmd args`: the words, joined, run through a shell (in each app)."""
    if len(view) < 3 or view[1] != "cmd":
        return _NONE
    k = 2
    while k < len(view) and view[k] in ("--app", "--cd", "-a"):
        k += 2
    line = " ".join(view[k:])
    return ((line,) if line.strip() else ()), None


def _cset(view: tuple[str, ...]) -> Lines:
    """`cset shield --exec PROG -- args`, `cset proc --exec PROG -- args`: PROG runs in the CPU set."""
    programs = _values(view, ("--exec",), ("-e",))
    tail = view[view.index("--") + 1 :] if "--" in view else ()
    return tuple(" ".join(_quote(w) for w in (p, *tail)) for p in programs), None


# red team, R4.9: options whose value is a program the tool runs by name, with arguments of its own and no shell --
# pip's `--python` (pip runs itself again with it), mypy's `--python-executable` (run to find the installed
# packages), pipx's `--python`, pandoc's `--filter`/`-F` (each filter is exec'd on the document); and options whose
# value is a command line the tool splits or hands to a shell -- mosh's `--ssh`, `--client` and `--server` (the
# last run on the remote host through its shell), delta's `--pager`, dpkg-buildpackage's and debuild's
# gain-root command (`-rfakeroot`, `--root-command=`: "may include space-separated parameters"). Long options as
# each parser takes them: optparse, argparse, Getopt::Long and Haskell's GetOpt take a unique prefix.
_NAMED_PROGRAMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **dict.fromkeys(("pip", "pip3"), (("--python:--py",), ())),
    "mypy": (("--python-executable:--python-e",), ()),
    "pipx": (("--python:--py",), ()),
    # (and a Lua filter: code pandoc runs in its own interpreter, `os.execute` included; GetOpt takes `--lua`)
    "pandoc": (("--filter:--filt", "--lua-filter:--lua"), ("-F", "-L")),
    # kustomize's helm (`kustomize build --enable-helm --helm-command=PROG`): run to inflate charts (cobra: no prefix)
    "kustomize": (("--helm-command",), ()),
}
_NAMED_LINES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "mosh": (("--ssh", "--client:--c", "--server:--se"), ()),
    "delta": (("--pager",), ()),
    # red team: the pager a reader pipes its output to -- bat's (`--paging=always` runs it on a pipe too; clap
    # splits the line into words), ag's (popen: a shell line; getopt_long takes `--pag`)
    **dict.fromkeys(("bat", "batcat"), (("--pager",), ())),
    **dict.fromkeys(("ag", "ack"), (("--pager:--pag",), ())),  # (ack's Getopt::Long takes `--pag` too)
    "dpkg-buildpackage": (("--root-command:--root-c", "--rootcommand"), ()),
    "debuild": (("--rootcmd",), ()),
}


# red team, R4.9: the Python tools told which interpreter to make an environment with or run in -- `uv venv -p
# ./x.sh`, `uv run --python ./x.sh pytest`, `virtualenv -p ./x.sh`, `pipenv --python ./x.sh`, `poetry env use
# ./x.sh`, `pdm use ./x.sh` -- run it (to ask it its version, then as the environment's python): a program named by
# a value, as pip's `--python` is. A version or an implementation asked for (`3.12`, `cpython@3.12`, `pypy3`,
# `python3.12`: any value with a digit, or a plain interpreter's name) names no program of the command's own.
_INTERPRETER_NAMES = frozenset({"python", "python3", "cpython", "pypy", "pypy3", "graalpy", "any", "system"})
# uv's options that take a value, before the command `uv run` / `uv tool run` / `uvx` runs (its words are that
# command's own after it: `uv run pytest -p no:cacheprovider`)
_UV_VALUED = frozenset(
    "--with --with-requirements --with-editable --from --directory --project --package --extra --group --only-group"
    " --no-group --index --default-index --index-url --extra-index-url --find-links --env-file --python-platform"
    " --cache-dir --config-file --color --isolated-from -w -f -i -C --prerelease --resolution --exclude-newer"
    " --index-strategy --keyring-provider --link-mode --refresh-package --reinstall-package --upgrade-package"
    " -P --config-setting -c --build-constraint -b --constraints --overrides --override".split()
)


def _a_program(value: str) -> bool:
    """Whether an interpreter option's ``value`` names a program to run, not a version asked for (above)."""
    if "/" in value or "\\" in value:
        return True
    return not any(c.isdigit() for c in value) and value.lower() not in _INTERPRETER_NAMES


def _interpreters(values: list[str]) -> Lines:
    return tuple(_quote(v) for v in values if _a_program(v)), None


_UV_STREAM = "uv reads its settings (the index every package it installs comes from) from the input, which no rule can read"


def _uv(view: tuple[str, ...]) -> Lines:
    """uv's and uvx's `--python`/`-p` among uv's own options (for `run`, before the command it runs); red team:
    and a `--config-file` that is the input (`uv sync --config-file /dev/stdin`)."""
    runs = view[0] == "uvx" or view[1:2] == ("run",) or view[1:3] == ("tool", "run")
    values: list[str] = []
    unseen: str | None = None
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            break
        if w in ("--python", "-p"):
            values.append(view[k] if k < n else "")
            k += 1
        elif w.startswith(("--python=", "-p")) and w != "-p":
            values.append(w.partition("=")[2] if w[1] == "-" else w[2:].removeprefix("="))
        elif w.startswith("--config-file"):
            value = w.partition("=")[2] if "=" in w else (view[k] if k < n else "")
            k += "=" not in w
            unseen = unseen or (_UV_STREAM if is_stream(value) else None)
        elif w in _UV_VALUED:
            k += 1
        elif w[:1] != "-" and runs and w not in ("run", "tool"):
            break  # the command it runs
    return _interpreters(values)[0], unseen


def _virtualenv(view: tuple[str, ...]) -> Lines:
    return _interpreters(_values(view, ("--python:--py",), ("-p",)))


# poetry's and pdm's options naming the project's folder (their value is no operand)
_PROJECT_OPTIONS = frozenset({"-C", "--directory", "-P", "--project", "-p"})


def _tox_nox(view: tuple[str, ...]) -> Lines:
    """tox's `--discover PATH...` (interpreters it runs to find one), nox's `--force-python`/`-P`, `--extra-python`."""
    if view[0] == "nox":
        return _interpreters(_values(view, ("--force-python:--force-p", "--extra-python:--extra-p"), ("-P",)))
    values: list[str] = []
    taking = False
    for w in view[1:]:
        if w == "--":
            break
        if w[:1] == "-":
            taking = w == "--discover"
            if w.startswith("--discover="):
                values.append(w.partition("=")[2])
        elif taking:
            values.append(w)
    return _interpreters(values)


def _positional_interpreter(view: tuple[str, ...]) -> Lines:
    """`poetry env use X`, `pdm use X`, `pdm venv create X`: the interpreter as the subcommand's operand."""
    heads = {"poetry": (("env", "use"),), "pdm": (("use",), ("venv", "create"))}[view[0]]
    operands, k = [], 1
    while k < len(view):
        w = view[k]
        k += 1 + (w in _PROJECT_OPTIONS)  # (`poetry -C sub env use X`: the folder is no operand)
        if w[:1] != "-":
            operands.append(w)
    for head in heads:
        if tuple(operands[: len(head)]) == head and len(operands) > len(head):
            return _interpreters([operands[len(head)]])
    return _NONE


def _before_the_subcommand(view: tuple[str, ...]) -> Lines:
    """pipenv's `--python X` (its own options, before the subcommand: `pipenv --python X run cmd -p y`), each one
    given (`--python 3.11 --python ./x.sh`: click takes the last)."""
    k = 1
    while k < len(view) and view[k][:1] == "-":
        k += 2 if view[k] == "--python" else 1
    return _interpreters(_values(view[:k], ("--python",)))


# red team, R4.9: a library a program is told to load runs its code inside it -- a PKCS#11 module or a
# security-key provider (`ssh-add -s`/`-S`, `ssh-keygen -D`/`-w`, `pkcs11-tool --module`, `p11tool --provider`; ssh's
# own are read with its options, runners._ssh_options), an OpenSSL engine or provider given by its path (`openssl
# req -engine ./x.so`, `openssl engine dynamic -pre SO_PATH:./x.so`, curl's `--engine`). A path names a program of
# the command's own, a segment (as pip's `--python` does: `./x.so` asks unless allowed, a path outside the project
# meets the path scope); a bare name (`-engine pkcs11`, `--module opensc-pkcs11.so`) the loader looks for in the
# machine's library folders only.
_NAMED_LIBRARIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "ssh-add": ((), ("-s", "-S")),
    "ssh-keygen": ((), ("-D", "-w")),
    "pkcs11-tool": (("--module:--mod",), ()),
    "p11tool": (("--provider",), ()),
    "curl": (("--engine",), ()),
}


def is_path(value: str) -> bool:
    return "/" in value or "\\" in value


def named_by_path(values: list[str]) -> tuple[str, ...]:
    """The libraries and programs of ``values`` a program loads or runs by their path (`./x.so`, `build/x.dylib`,
    `~/x.so`, `-fuse-ld=./x.sh`), each quoted as one word: a bare name is the loader's or the toolchain's to find in
    the machine's own folders."""
    return tuple(_quote(v) for v in values if is_path(v))


def _named_library(view: tuple[str, ...]) -> Lines:
    return named_by_path(_values(view, *_NAMED_LIBRARIES[view[0]])), None


# OpenSSL's options (`-opt`, `--opt`, `-opt=value`; no abbreviation): an engine by its id or its path (apps' engine
# loader tries the id as the dynamic engine's SO_PATH), a provider by its name or path, the folder providers are
# loaded from, the dynamic engine's `-pre SO_PATH:path` command.
_OPENSSL_LOADERS = frozenset({"engine", "ssl_client_engine", "provider", "keyform_engine"})


def _openssl(view: tuple[str, ...]) -> Lines:
    found: list[str] = []
    unseen: str | None = None
    n = len(view)
    for k in range(1, n):
        w = view[k]
        if w[:1] != "-":
            continue
        name, eq, value = w.lstrip("-").partition("=")
        if not eq:
            value = view[k + 1] if k + 1 < n else ""
        if name in _OPENSSL_LOADERS:
            found.append(value)
        elif name in ("pre", "post") and value.upper().startswith("SO_PATH:"):
            found.append(value[len("SO_PATH:") :])
        elif name == "provider-path" and value:
            unseen = "openssl loads providers' code from a folder, which no rule can read"
    return named_by_path(found), unseen


# red team, R3.7, R4.9: settings of a kind R3.7 keeps, read from a file an option names -- a kubeconfig (its
# credential plugin, `exec: command:`, is a program kubectl runs before it sends anything; the table keeps `.kube/`)
# and pre-commit's hooks (commands; the table keeps `.pre-commit-config.yaml`). A file the table does not keep by
# its name (`kubectl --kubeconfig ./kc.yaml get pods`, after kc.yaml was written unasked) holds what runs, which no
# rule read. The kept names themselves (`~/.kube/config`, `.kube/kind`, `.pre-commit-config.yaml`) are the table's:
# writing them asks already. Per program: the long options, the short ones, and a test of the kept names.
KUBECONFIG_WRAPPERS = ("kubectl", "oc", "kubecolor", "microk8s.kubectl", "flux")
# red team: and the rest of kubectl's family that takes its `--kubeconfig` -- log tailers, service meshes, sealed
# secrets, workflow and pipeline clients, cluster and operator tools, port forwarders, scanners: a row each. (Those
# no other table reads stay out of views.KNOWN_PROGRAMS, vocabulary.FORM_READ_ONLY: a program Brabo does not know
# may hand its words on after `--`.)
_KUBE_PROGRAMS = tuple(
    "k9s skaffold istioctl velero helmfile stern linkerd kubeseal argo tkn kn popeye kapp kpt clusterctl sonobuoy"
    " operator-sdk kubent telepresence kubefwd trivy kubeshark kubescape pluto polaris kubecm ketall kubelogin".split()
)


def _kept_kubeconfig(value: str) -> bool:
    return "/.kube/" in "/" + value.replace("\\", "/").lower()


def _kept_hooks(value: str) -> bool:
    return value.replace("\\", "/").lower().rpartition("/")[2].startswith(".pre-commit-config.")


_NAMED_SETTINGS: dict[str, tuple[tuple[str, ...], tuple[str, ...], Callable[[str], bool]]] = {
    **dict.fromkeys(
        (*KUBECONFIG_WRAPPERS, *_KUBE_PROGRAMS, "helm"), (("--kubeconfig",), (), _kept_kubeconfig)
    ),
    "pre-commit": (("--config",), ("-c",), _kept_hooks),
}


_NAMED_SETTINGS_SEEN = {
    verb: re.compile("|".join(map(re.escape, (*longs, *shorts)))).search
    for verb, (longs, shorts, _) in _NAMED_SETTINGS.items()
}


# red team, R3.7: docker's own `--config` names the client's settings folder (config.json's `credsStore` and
# `credHelpers` run `docker-credential-*`, `cli-plugins/` are executables): a folder other than the kept `.docker`
# is read as a kubeconfig named elsewhere is. Only as a global option, before the subcommand (`docker buildx create
# --config F` is a builder's configuration); the other global options that take a value, skipped with it.
_DOCKER_GLOBAL_VALUED = frozenset(
    {"-c", "--context", "-H", "--host", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey"}
)


def docker_settings(view: tuple[str, ...]) -> str | None:
    """Why ``view`` (docker's) reads its client's settings from a folder no rule has read, or None."""
    n = len(view)
    k = 1
    while k < n and view[k][:1] == "-":
        name, eq, value = view[k].partition("=")
        if name == "--config":
            value = value if eq else (view[k + 1] if k + 1 < n else "")
            if "/.docker/" not in "/" + value.replace("\\", "/").lower() + "/":
                return "docker reads settings that run programs from a folder the command names, which no rule can read"
        k += 2 if not eq and name in (_DOCKER_GLOBAL_VALUED | {"--config"}) else 1
    return None


def _named_settings(view: tuple[str, ...]) -> Lines:
    return (), named_settings(view)


def named_settings(view: tuple[str, ...]) -> str | None:
    """Why ``view`` runs what a settings file it names holds (_NAMED_SETTINGS), or None. (kubectl and its other
    names, wrappers, are read through permissions.commands' opaque readings: KUBECONFIG_WRAPPERS.)"""
    if _NAMED_SETTINGS_SEEN[view[0]]("\0".join(view)) is None:
        return None  # (most views: none of the options)
    longs, shorts, kept = _NAMED_SETTINGS[view[0]]
    if any(not kept(v) for v in _values(view, longs, shorts)):
        return f"{view[0]} reads settings that run programs from a file the command names, which no rule can read"
    return None


# red team, R4.9: code loaded from a folder the command names, by a program that is no interpreter a rule named --
# an editor's extension under development (`code --extensionDevelopmentPath=./x`: its JavaScript runs in the
# editor's extension host, with the user's files and tokens), the extensions folder it loads; a browser's unpacked
# extension (`chromium --load-extension=./x`, in the user's profile when no other is named); terraform's providers
# (`terraform init -plugin-dir=./x`: programs it runs on every plan). Code no rule can read.
_EDITORS = ("code", "code-insiders", "code-oss", "codium", "vscodium", "cursor", "windsurf", "positron")
_BROWSERS = (
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "google-chrome-beta",
    "chrome",
    "brave-browser",
    "brave",
    "microsoft-edge",
    "microsoft-edge-stable",
    "msedge",
    "vivaldi",
    "opera",
)
_LOADED_FOLDERS: dict[str, tuple[tuple[str, ...], str]] = {
    **dict.fromkeys(
        _EDITORS,
        (("--extensionDevelopmentPath", "--extensions-dir", "--extensionTestsPath"), "an editor's extension"),
    ),
    **dict.fromkeys(_BROWSERS, (("--load-extension",), "a browser extension")),
    "terraform": (("-plugin-dir", "--plugin-dir"), "terraform's providers"),
}


def _loaded_folder(view: tuple[str, ...]) -> Lines:
    options, what = _LOADED_FOLDERS[view[0]]
    for k, w in enumerate(view[1:], 1):
        name, eq, value = w.partition("=")
        if name in options and (value if eq else view[k + 1 : k + 2]):
            return (
                (),
                f"{view[0]} runs the code of {what} from a folder the command names, which no rule can read",
            )
    return _NONE


def _ugrep_filters(view: tuple[str, ...]) -> Lines:
    """red team: ugrep's `--filter=EXTS:COMMAND,...`: the command it runs on each file of those kinds (its output
    searched instead), a command line of the command's own."""
    lines: list[str] = []
    for value in _values(view, ("--filter",)):
        for spec in value.split(","):
            command = spec.partition(":")[2].strip()
            if command and command != "-":
                lines.append(command)
    return tuple(lines), None


def _named_program(view: tuple[str, ...]) -> Lines:
    return tuple(_quote(v) for v in _values(view, *_NAMED_PROGRAMS[view[0]])), None


def _named_line(view: tuple[str, ...]) -> Lines:
    lines = _values(view, *_NAMED_LINES[view[0]])
    if view[0] in ("dpkg-buildpackage", "debuild"):
        # `-r` takes its value in the same word only (`-rfakeroot`; `-r` alone is dpkg-buildpackage's
        # reading of debian/rules targets in older versions, nothing run)
        lines += [w[2:] for w in view[1:] if w[:2] == "-r" and len(w) > 2]
    return tuple(line for line in lines if line.strip()), None


def _pylint(view: tuple[str, ...]) -> Lines:
    """red team: pylint's `--init-hook=CODE` runs Python code before it starts (also in a `--rcfile`'s
    `init-hook`, a file the project's reading covers): code no rule can read."""
    if _values(view, ("--init-hook:--init",)):
        return (), "pylint runs Python code it is given (--init-hook)"
    return _NONE


OPTION_COMMANDS: dict[str, Callable[[tuple[str, ...]], Lines]] = {
    "hg": _hg,
    "chg": _hg,
    "sl": _hg,  # Sapling reads hg's command line
    "sapling": _hg,
    "jj": _jj,
    "strace": _strace,
    "exiftool": _exiftool,
    "split": _split,
    "cpio": _cpio,
    "wget": _wget,
    "tcpdump": _tcpdump,
    "openvpn": _openvpn,
    "gpg": _gpg,
    "gpg2": _gpg,
    "rpm": _rpm,
    "rpmbuild": _rpm,
    "rpmspec": _rpm,
    "svn": _svn,
    "entr": _entr,
    "scl": _scl,
    # remote shells on many hosts join their words the same way (`pdsh -w hosts cmd`, `pssh -h f cmd`)
    **dict.fromkeys(
        ("bsub", "qsub", "qrsh", "condor_run", "oarsub", "pdsh", "pssh", "parallel-ssh", "clush", "dsh"),
        _job_line,
    ),
    **dict.fromkeys(("mise", "rtx", "flox", "et"), _command_option),
    "mix": _mix,
    "cset": _cset,
    **dict.fromkeys(("sbatch", "srun", "salloc"), _slurm),
    "libtool": _libtool,
    **dict.fromkeys(("mpirun", "mpiexec", "orterun", "oshrun", "mpiexec.hydra"), _mpmd),
    "rvm": _rvm,
    "pm2": _pm2,
    "start-stop-daemon": _start_stop_daemon,
    "aria2c": _aria2c,
    **dict.fromkeys(("yt-dlp", "youtube-dl", "gallery-dl"), _downloader),
    "bazel": _bazel,
    "bazelisk": _bazel,
    "helm": _helm,
    "bpftrace": _dash_c,
    "dtrace": _dash_c,
    **dict.fromkeys((*COMPILERS, *LINKERS), compiler_lines),
    **dict.fromkeys(
        "convert magick identify mogrify composite montage compare stream display animate import conjure".split(),
        _magick,
    ),
    "latexmk": _latexmk,
    **dict.fromkeys("tex etex pdftex xetex luatex latex pdflatex xelatex lualatex".split(), _tex),
    "dpkg": _dpkg,
    **dict.fromkeys(("apt-get", "apt", "aptitude"), _apt),
    **dict.fromkeys(("restic", "borg", "rclone", "sshfs"), _password_commands),
    "dialog": _dialog,
    **dict.fromkeys(("mutt", "neomutt"), _mutt),
    "lerna": _lerna,
    "just": _just,
    "valgrind": _valgrind,
    "nano": _nano,
    **dict.fromkeys(_NAMED_PROGRAMS, _named_program),
    **dict.fromkeys(_NAMED_LINES, _named_line),
    **dict.fromkeys(_NAMED_LIBRARIES, _named_library),
    **dict.fromkeys((*_KUBE_PROGRAMS, "pre-commit"), _named_settings),
    "openssl": _openssl,
    **dict.fromkeys(("ugrep", "ug"), _ugrep_filters),
    **dict.fromkeys(_LOADED_FOLDERS, _loaded_folder),
    "pylint": _pylint,
    # remote executors and configuration management (`ansible -a`, `fab -- cmd`, `salt-call cmd.run`)
    **REMOTE_LINES,
}

# The readers above that find something only when one of these strings is in a word (each reader's options
# and their shortest spellings; `\0cmd\0` is the word `cmd`): a segment of a common program with none of them
# (`wget URL`, `gcc -c x.c`, `apt-get install x`, `mix test`) is answered "nothing carried" without building
# its views. (Looked for in the segment's words joined and ended by NUL: plain substring tests.) Never a program
# that is also a wrapper, whose views may carry whatever its own words hold (strace, srun, mpirun, mise).
# The readers above of programs that run commands too (`uv run`, `poetry run`: wrappers) -- the interpreter a Python
# tool is told to use -- and the strings one of their words must hold for them to find one. Kept apart from
# OPTION_COMMANDS and OPTION_TRIGGERS: runners.CARRIER_TRIGGERS gates only their reading here, never their views.
WRAPPER_OPTION_COMMANDS: dict[str, Callable[[tuple[str, ...]], Lines]] = {
    **dict.fromkeys(("uv", "uvx"), _uv),
    "virtualenv": _virtualenv,
    **dict.fromkeys(("poetry", "pdm"), _positional_interpreter),
    "pipenv": _before_the_subcommand,
    **dict.fromkeys(("tox", "nox"), _tox_nox),
}
WRAPPER_OPTION_TRIGGERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("uv", "uvx"), ("\0-p", "--py", "--config-f")),
    "virtualenv": ("\0-p", "--py"),
    "poetry": ("\0use\0",),
    "pdm": ("\0use\0", "\0create\0"),
    "pipenv": ("--py",),
    "tox": ("--discover",),
    "nox": ("--force-p", "--extra-p", "\0-P"),
}

OPTION_TRIGGERS: dict[str, tuple[str, ...]] = {
    "wget": ("--use-a", "-e", "--exe"),
    **dict.fromkeys(("pip", "pip3", "mypy"), ("--py",)),
    "pandoc": ("-F", "--filt", "-L", "--lua"),
    "kustomize": ("--helm-command",),
    "delta": ("--pager",),
    **dict.fromkeys(("bat", "batcat"), ("--pager",)),
    **dict.fromkeys(("ag", "ack"), ("--pag",)),
    **dict.fromkeys(("ugrep", "ug"), ("--filter",)),
    "ssh-add": ("\0-s", "\0-S"),
    "ssh-keygen": ("\0-D", "\0-w"),
    "pkcs11-tool": ("--mod",),
    "p11tool": ("--provider",),
    "curl": ("--engine",),
    "openssl": ("engine", "provider", "SO_PATH", "so_path"),
    **dict.fromkeys(_KUBE_PROGRAMS, ("--kubeconfig",)),
    "pre-commit": ("\0-c", "--config"),
    **dict.fromkeys(_EDITORS, ("--extension",)),
    **dict.fromkeys(_BROWSERS, ("--load-extension",)),
    "terraform": ("-plugin-dir",),
    **dict.fromkeys(("dpkg-buildpackage", "debuild"), ("-r",)),
    "pylint": ("--init",),
    **dict.fromkeys(("apt-get", "apt", "aptitude"), ("-o", "-c")),
    "mix": ("\0cmd\0",),
    **dict.fromkeys(
        (*COMPILERS, *LINKERS),
        (
            "-wrapper",
            "plugin",
            "-fuse-ld",
            "--ld-path",
            "-load",
            "\0-B",
            "specs",
            "-ccbin",
            "bindir",
            "linker",
        ),
    ),
    "rustc": ("linker", "codegen", "plugin"),
    **dict.fromkeys(
        "convert magick identify mogrify composite montage compare stream display animate import conjure".split(),
        ("|",),
    ),
    "dpkg": ("-invoke",),
    **dict.fromkeys(("rpm", "rpmbuild", "rpmspec"), ("%", "--pipe", "--macros", "--rcfile")),
    "split": ("--f",),
    "cpio": ("--rs",),
    "tcpdump": ("-z",),
    **dict.fromkeys(("gpg", "gpg2"), ("--photo-viewer",)),
    "helm": ("--post-renderer", "--kubeconfig"),
    **dict.fromkeys(("bazel", "bazelisk"), ("run_under", "status_command", "credential_helper")),
    "svn": ("-cmd", "--config-"),
    "aria2c": ("--on-",),
    **dict.fromkeys(("yt-dlp", "youtube-dl", "gallery-dl"), ("--exec",)),
    **dict.fromkeys(
        "tex etex pdftex xetex luatex latex pdflatex xelatex lualatex".split(), ("write18", "directlua")
    ),
    **dict.fromkeys(
        ("restic", "borg", "rclone", "sshfs"), ("--password-command", "--rsh", "--sftp-ssh", "-o")
    ),
    **dict.fromkeys(("et", "bpftrace", "dtrace"), ("-c",)),
    "cset": ("-e",),
    "dialog": ("--prgbox",),
    **dict.fromkeys(("mutt", "neomutt"), ("-e",)),
    "just": ("--shell",),
    "nano": ("-s",),
    "rvm": ("do",),
    "sbatch": ("--wr", "--pro", "--ep", "--task-"),
}
