"""A script's own variables: names set alone that no program reads (friction: R4.4's neutral grammar, R6.2's scope).

``ROOT=src && ls "$ROOT"``, ``PROJECT_ROOT=$(git rev-parse --show-toplevel); cat "$PROJECT_ROOT/README.md"``: a bare
assignment (no command after it on the segment, no ``export``) sets a shell variable the later segments read;
it runs nothing and names no program. It is neutral grammar (permissions.commands.neutral) when its name is a
script's own and its value a literal, or exactly one substitution (whose commands are segments judged on their
own, R4.7); the path scope then reads what the name holds (permissions.scope).

Closed on purpose (R4.9): a name already in the environment is exported again by a bare assignment, so a name a
program may read (PATH, LD_PRELOAD, GIT_*, HOME, IFS, a proxy, npm's settings, a tool's home ...) keeps its own
reading (permissions.commands.environment). A script's own name is

- lower case (the shell's convention for its own variables), but the few lower-case names programs or zsh read
  (the proxies, ``npm_config_*``, zsh's ``path`` tied to PATH and its other special parameters); or
- upper case made only of the words scripts name their places and values with (``ROOT``, ``PROJECT_ROOT``,
  ``OUT_DIR``, ``VERSION``, ``BRANCH`` ...), none a name the engine reads elsewhere.
"""

from __future__ import annotations

import re

from permissions.commands.environment import (
    AGENT_SETTINGS_VARS,
    ARGUMENT_VARS,
    CODE_VARS,
    COMMAND_VARS,
    JVM_OPTION_VARS,
    LOADER_VARS,
    PATH_VARS,
    TOOL_HOME_VARS,
    WINDOWS_VARS,
)

__all__ = ["SUBSTITUTED", "script_assignment", "script_variable"]

# The words an upper-case script variable is made of (`_`-separated, a trailing number allowed: `DIR2`).
_WORDS = frozenset(
    "ROOT DIR DIRS PROJECT SRC SOURCE OUT OUTPUT DEST DIST BUILD FILE FILES LIST NAME NAMES VERSION VER TAG "
    "BRANCH BASE TOP PKG PACKAGE PACKAGES MODULE MODULES TEST TESTS SPEC SPECS COUNT TOTAL MSG MESSAGE SHA COMMIT "
    "REV RESULT RESULTS CHANGED PATTERN QUERY EXT WORK HERE SCRIPT SCRIPTS ARTIFACT ARTIFACTS REPORT REPORTS OLD "
    "NEW CURRENT PREV NEXT START END APP SERVICE ID LOG LOGS DOCS CASE CASES".split()
)
# Names a program or the shell reads, which the words above may still spell.
_READ = (
    COMMAND_VARS
    | CODE_VARS
    | PATH_VARS
    | TOOL_HOME_VARS
    | AGENT_SETTINGS_VARS
    | LOADER_VARS
    | JVM_OPTION_VARS
    | WINDOWS_VARS
    | frozenset(ARGUMENT_VARS)
    | frozenset({"PWD", "OLDPWD", "HOME", "IFS", "TMP", "TEMP", "TMPDIR"})
)
# Lower-case names read by programs (proxies) or by zsh (tied to PATH and its kin, or special parameters).
_LOWER_READ = frozenset(
    "http_proxy https_proxy ftp_proxy all_proxy no_proxy rsync_proxy path cdpath fpath manpath module_path "
    "mailpath fignore prompt psvar histchars watch argv status pipestatus options parameters commands aliases "
    "functions builtins".split()
)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*").fullmatch
_TRAILING_DIGITS = re.compile(r"\d+$")
# A value that is exactly one substitution, as the reader spells it.
SUBSTITUTED = "$(…)"


def script_variable(name: str) -> bool:
    """Whether ``name`` is a script's own variable (see the module's note)."""
    if _NAME(name) is None:
        return False
    if name.islower() or (name[0] == "_" and name.lower() == name):
        return name not in _LOWER_READ and name[:11] != "npm_config_" and name.upper() not in _READ
    if name.upper() != name or name in _READ:
        return False
    parts = name.split("_")
    return all(_TRAILING_DIGITS.sub("", p) in _WORDS for p in parts if p)


def script_assignment(word: str, expands: bool) -> bool:
    """Whether ``word`` (``expands``: it holds an expansion) is ``NAME=VALUE`` for a script's own variable and a
    literal value, or a value of exactly one substitution."""
    name, eq, value = word.partition("=")
    if not eq or not script_variable(name):
        return False
    return value == SUBSTITUTED if expands else ("$" not in value and "`" not in value)
