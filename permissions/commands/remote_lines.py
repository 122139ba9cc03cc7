"""The command lines remote executors and configuration-management tools carry (SPEC R4.6, R4.7, R4.9).

Pointed at this machine (``localhost``, ``-c local``, ``@local``, ``salt-call --local``) they run the command
locally, so the command is a local command line; pointed elsewhere it still is a command line, read as
``ssh host CMD`` and ``pdsh -w hosts CMD`` are (R4.9: a wrapper whose command is a segment). The line is read
whatever the target, so the floor and a deny rule meet it the same way; the family caps
(``permissions.commands.families``: Ansible against hosts, Bolt's commands, Salt's minions, pyinfra's
inventories) still ask for what runs on another machine. Read:

- ``ansible HOSTS -a ARGS`` with the modules that run a command (``command`` when none is named, ``shell``,
  ``raw``, ``script``, ``expect``, Windows' ``win_shell``/``win_command``, under ``ansible.builtin.`` and
  ``ansible.legacy.`` too): the free-form arguments less the module's own ``key=value`` words (``chdir=``,
  ``creates=``), or its ``cmd=``; arguments given as a structure (``{...}``) or holding a Jinja template
  (rendered before the module runs) are read by no rule; under ``-b``/``--become``, read under sudo.
- ``fab -H HOSTS -- CMD``: Fabric runs the words after ``--``, joined, on every host.
- ``pyinfra INVENTORY exec [--] CMD`` and ``server.shell CMD|commands=CMD``.
- ``bolt command run CMD``; ``knife ssh QUERY CMD``; ``ansible-runner``'s ad hoc ``-m``/``-a``.
- Salt's execution functions that run a command (``cmd.run``, ``cmd.shell``, ``cmd.run_all`` ...,
  ``state.single cmd.run name=CMD``), ``salt-ssh -r CMD``; ``cmd.exec_code`` and ``cmd.script`` run code or a
  script no rule reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["REMOTE_LINES"]

Lines = tuple[tuple[str, ...], str | None]  # (command lines, why it runs code no rule can read)
_NONE: Lines = ((), None)

# -- Ansible ad hoc --------------------------------------------------------------------------------------------

# The modules whose free-form arguments are a command line, by their short names.
_ANSIBLE_RUNNERS = frozenset({"command", "shell", "raw", "script", "win_shell", "win_command"})
_ANSIBLE_PREFIXES = ("ansible.builtin.", "ansible.legacy.", "ansible.windows.", "community.windows.")
# The command modules' own words among the free-form arguments (not part of the command).
_ANSIBLE_KEYS = re.compile(
    r"""(?:^|\s)(?:chdir|creates|removes|executable|warn|stdin|stdin_add_newline|strip_empty_ends"""
    r"""|expand_argument_vars|decrypt|responses|timeout|echo)=(?:'[^']*'|"[^"]*"|\S+)"""
)
_ANSIBLE_CMD = re.compile(r"""(?:^|\s)(?:cmd|command)=('[^']*'|"[^"]*"|\S+)""")
# ansible's options that take a value, by letter; the other letters are flags (`-b`, `-K`, `-C`, `-v` ...).
_ANSIBLE_VALUED = frozenset("amicuefltBPMT")
# (long options: argparse takes a unique prefix -- `--arg`, `--module-n`)
# (ansible-runner's module option is `--module`)
_ANSIBLE_LONGS = (("--args", 4, "a"), ("--module-name", 10, "m"), ("--module", 8, "m"))
# `--become` and its user: the module runs as root (another user): the line is read under sudo, so the
# privileged cap and a deny of sudo meet it.
_ANSIBLE_BECOME = ("--become", "--become-user")


def _ansible_options(view: tuple[str, ...]) -> dict[str, str]:
    """The last value of ``-a``/``--args`` and ``-m``/``--module-name`` (argparse: the last one wins), read
    through clusters of flags (``-ba CMD``, ``-mshell``)."""
    found: dict[str, str] = {}
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            break
        if w[:2] == "--":
            name, eq, value = w.partition("=")
            if name in _ANSIBLE_BECOME:
                found["b"] = "b"
            for full, shortest, key in _ANSIBLE_LONGS:
                if len(name) >= shortest and full.startswith(name):
                    if not eq and k < n:
                        value, k = view[k], k + 1
                    found[key] = value
            continue
        if w[:1] != "-" or len(w) < 2:
            continue
        for j in range(1, len(w)):
            letter = w[j]
            if letter in _ANSIBLE_VALUED:
                value = w[j + 1 :]
                if not value and k < n:
                    value, k = view[k], k + 1
                if letter in "am":
                    found[letter] = value
                break
            if letter == "b":
                found["b"] = "b"
    return found


def _ansible(view: tuple[str, ...]) -> Lines:
    """``ansible HOSTS -m shell -a 'CMD'`` (``ansible-runner run DIR --hosts H -m shell -a CMD``): the line
    the module runs on every host."""
    found = _ansible_options(view)
    args = found.get("a", "")
    module = found.get("m", "command").strip()
    for prefix in _ANSIBLE_PREFIXES:
        module = module.removeprefix(prefix)
    if not args.strip() or (module not in _ANSIBLE_RUNNERS and module != "expect"):
        return _NONE
    if args.lstrip()[:1] in ("{", "["):
        return (), "ansible reads its module's arguments as a structure no rule reads"
    named = _ANSIBLE_CMD.search(args)
    if named is not None:
        line = named.group(1)
        line = line[1:-1] if line[:1] in "'\"" and line[-1:] == line[:1] and len(line) > 1 else line
    elif module == "expect":
        return _NONE  # (expect runs only its `command=`)
    else:
        line = _ANSIBLE_KEYS.sub(" ", args)
    lines = [line] if line.strip() else []
    if args != line and args.strip():
        lines.append(args)  # as written too (deny matches more, R4.8)
    # Ansible renders Jinja in the arguments before the module runs them (`rm -rf {{ "/" }}`, a `lookup('pipe')`
    # run on this machine): what runs is not what is written.
    templated = "{{" in args or "{%" in args
    return _as_root(lines, "b" in found), ("ansible renders a template in the command" if templated else None)


def _as_root(lines: list[str], become: bool) -> tuple[str, ...]:
    """The lines, read under ``sudo`` when the tool runs them as root (``ansible -b``, ``pyinfra --sudo``)."""
    return tuple(f"sudo {line}" for line in lines) if become else tuple(lines)


# -- Fabric, pyinfra, Bolt -----------------------------------------------------------------------------------


def _fab(view: tuple[str, ...]) -> Lines:
    """``fab -H HOSTS -- CMD``: the words after ``--``, joined, run by a shell on every host."""
    if "--" not in view:
        return _NONE
    line = " ".join(view[view.index("--") + 1 :])
    return ((line,) if line.strip() else ()), None


_PYINFRA_SHELL = frozenset({"server.shell", "pyinfra.operations.server.shell", "operations.server.shell"})


# pyinfra's options that run the operations as root or another user
_PYINFRA_ROOT = ("--sudo", "--sudo-user", "--su-user", "--doas", "--doas-user")
_NO = frozenset({"false", "0", "no", "none", "off", ""})


def _pyinfra(view: tuple[str, ...]) -> Lines:
    """``pyinfra INV exec [--] CMD``: the words after ``exec`` joined; ``pyinfra INV server.shell CMD...``
    (or ``commands=CMD``): each operand a line. Under ``--sudo`` (``--su-user``, ``--doas``), read under sudo."""
    root = any(w.partition("=")[0] in _PYINFRA_ROOT for w in view[1:])
    for k, w in enumerate(view[2:], 2):
        if w == "exec":
            rest = view[k + 1 :]
            rest = rest[1:] if rest[:1] == ("--",) else rest
            line = " ".join(rest)
            return _as_root([line] if line.strip() else [], root), None
        if w in _PYINFRA_SHELL:
            lines = []
            for arg in view[k + 1 :]:
                key, eq, value = arg.partition("=")
                if eq and key.isidentifier():
                    if key == "commands" and value.strip():
                        lines.append(value)
                    # the operation's own `_sudo=true` (`_su_user=`, `_doas=`) runs it as root too
                    root = root or (
                        f"--{key[1:].replace('_', '-')}" in _PYINFRA_ROOT and value.lower() not in _NO
                    )
                    continue  # (another keyword argument of the operation: `_chdir=/srv`)
                if arg[:1] != "-" and arg.strip():
                    lines.append(arg)
            return _as_root(lines, root), None
    return _NONE


def _knife(view: tuple[str, ...]) -> Lines:
    """``knife ssh QUERY CMD``: Chef's knife runs the command on every node the query (or, with ``-m``, the host
    list) names; every operand after the query is read (an option's value read as a line runs nothing)."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:1] != ["ssh"]:
        return _NONE
    return tuple(w for w in words[2:] if w.strip()), None


def _bolt(view: tuple[str, ...]) -> Lines:
    """``bolt command run CMD --targets T``: the command is the operand after ``run``; an option's value may
    stand between, so every operand after it is read (a target named as a line runs nothing)."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:2] != ["command", "run"]:
        return _NONE
    return tuple(w for w in words[2:] if w.strip()), None


# -- Salt --------------------------------------------------------------------------------------------------

_SALT_LINES = frozenset(
    "cmd.run cmd.run_all cmd.shell cmd.run_stdout cmd.run_stderr cmd.retcode cmd.run_bg cmd.run_chroot"
    " cmd.powershell cmd.powershell_all".split()
)
_SALT_CODE = frozenset({"cmd.exec_code", "cmd.exec_code_all", "cmd.script", "cmd.script_retcode"})
_SALT_STATE_RUNS = frozenset({"cmd.run", "cmd.script", "cmd.wait", "cmd.wait_script", "cmd.call"})


def _salt_args(rest: tuple[str, ...], key: str) -> list[str]:
    """The operands of a Salt function read as lines: its ``key=VALUE`` and its plain operands (Salt takes the
    first as the command; each is read, failing closed), its other keyword arguments (``cwd=``,
    ``runas=``) left out."""
    out = []
    for arg in rest:
        name, eq, value = arg.partition("=")
        if eq and name.isidentifier():
            if name == key and value.strip():
                out.append(value)
        elif arg[:1] != "-" and arg.strip():
            out.append(arg)
    return out


def _salt(view: tuple[str, ...]) -> Lines:
    """Salt's command-running functions (``salt-call --local cmd.run CMD``, ``salt '*' cmd.shell CMD``,
    ``state.single cmd.run name=CMD``) and ``salt-ssh -r`` (``--raw-shell``)."""
    raw = any(w in ("-r", "--raw", "--raw-shell") for w in view[1:])
    for k, w in enumerate(view[1:], 1):
        if w in _SALT_LINES:
            return tuple(_salt_args(view[k + 1 :], "cmd")), None
        if w in _SALT_CODE:
            return (), f"salt's {w} runs code or a script no rule reads"
        if w == "state.single" and k + 1 < len(view):
            if view[k + 1] in _SALT_STATE_RUNS:
                return tuple(_salt_args(view[k + 2 :], "name")), None
            return _NONE
    if raw and view[0] == "salt-ssh":
        operands = [w for w in view[1:] if w[:1] != "-"]
        return tuple(operands[1:]), None  # (the target first)
    return _NONE


REMOTE_LINES: dict[str, Callable[[tuple[str, ...]], Lines]] = {
    "ansible": _ansible,
    "ansible-runner": _ansible,
    "knife": _knife,
    "fab": _fab,
    "pyinfra": _pyinfra,
    "bolt": _bolt,
    **dict.fromkeys(("salt", "salt-call", "salt-ssh"), _salt),
}
