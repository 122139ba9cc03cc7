"""Segments that are shell grammar around other commands, not acts of their own (friction: ordinary commands are not asked about, R4.7).

``while read -r f; do ...; done``, ``while true; do ...``, ``bash -lc '<command>'`` (Codex's form) and
``sh -c '<command>'``: the commands inside are segments, judged on their own; the grammar around them runs
nothing else. Such a segment is *neutral*: it needs no allow of its own, never auto-approves a command by
itself (a command made only of neutral segments keeps the verdict so far), and is still checked for deny,
ask, the floor and every cap like any other segment. Kept narrow on purpose:

- a block's closing word carrying its redirection (``done < list.txt``);
- ``read`` (after ``IFS=...`` at most) with its own options and lower-case names only (``read PATH`` or ``read IFS`` decide what runs
  next: not neutral; ``read -a`` is not read here);
- ``true``, ``false``, ``:``, ``break [N]``, ``continue [N]`` with nothing else;
- ``bash``/``sh``/``zsh``/``dash`` (as written, no path, no assignment before it) whose options are only
  ``-c`` with login/errexit/nounset/xtrace flags and ``-o pipefail``-style settings, then the script and at
  most its positional words. ``-i`` (runs an rc file), ``-s``, ``--rcfile`` and anything else keep the
  segment a command of its own.
- a condition: ``test`` and ``[ ... ]`` with one to four arguments in the shapes POSIX reads without
  surprises (``[ W ]``, ``[ -f W ]``, ``[ ! -d W ]``, ``[ A = B ]``, ``[ ! A -eq B ]``), every operator a
  literal word of a known set, and nothing unquoted that expands (``[ -n "$CI" ]`` is one word; ``[ $x ]``
  may become ``[ -v 'a[$(cmd)]' ]``, which runs ``cmd``). ``-v`` and ``-R`` (a variable's name, whose array
  subscript bash evaluates, running any substitution in it), ``-a``/``-o`` combinations, ``"$@"``,
  redirections and backslashes keep the segment a command of its own. ``[[ ... ]]`` is not read here (its
  operands are arithmetic: R4.9 refuses it).
- ``set`` with only the options a script sets before its commands (``set -e``, ``set -euo pipefail``, ``set
  +x``): errexit, nounset, xtrace and pipefail, as ``bash -c`` takes them above. ``set --`` (the positional
  words), ``set -a``, ``-T``, ``-o`` anything else keep the segment a command of its own.
- a plain setting (permissions.commands.plain_settings: ``CI=true``, ``NODE_ENV=test``, ``GIT_PAGER=cat``)
  assigned alone or exported (``export CI=true``), as PowerShell's ``$env:CI = 'true'`` is read
  (permissions.commands.windows): it names no program, code, place or anything the hook reads, so the
  commands after it are judged as they are. Any other name, a value that expands, ``export NAME`` without a
  value, or ``export``'s options keep the segment a command of its own.
- a script's own variable set alone (permissions.commands.script_variables: ``ROOT=src``,
  ``ROOT=$(git rev-parse --show-toplevel)``), to a literal or to exactly one substitution, whose commands are
  segments judged on their own.
"""

from __future__ import annotations

from collections.abc import Collection

from permissions.commands.plain_settings import plain_setting
from permissions.commands.script_variables import script_assignment

__all__ = ["NEUTRAL_FIRST", "TESTS", "neutral", "test_strings"]

_SHELLS = frozenset({"bash", "sh", "zsh", "dash"})
_FLAGS = frozenset("lceux")
_SETTINGS = frozenset({"pipefail", "errexit", "nounset", "xtrace"})
_LONG = frozenset({"--login", "--noprofile", "--norc"})
_NO_ARGS = frozenset({"true", "false", ":"})
_COUNTED = frozenset({"break", "continue"})
TESTS = frozenset({"test", "[", "[["})
NEUTRAL_FIRST = _SHELLS | _NO_ARGS | _COUNTED | TESTS | {"read", "", "set", "export"}
_NAME_START = frozenset("abcdefghijklmnopqrstuvwxyz_")
_NAME_CHARS = _NAME_START | frozenset("0123456789")
_READ_FLAGS = frozenset("ers")
_READ_VALUED = frozenset("dnNptu")


def neutral(words: tuple[str, ...], dynamic: Collection[int] = (), text: str = "") -> bool:
    """Whether the segment of ``words`` (``text`` as written) is grammar around other segments (see the
    module's note)."""
    if not words:
        # `done < list.txt`, `fi > log`: the block's redirection (the scope and R3.7 still judge its target).
        return text[:4] in ("done", "fi <", "fi >", "fi 2") and text[4:5] in ("", " ", "\t", "<", ">")
    if 0 in dynamic:
        # `ROOT=$(git rev-parse --show-toplevel)`: a script's own variable given one substitution
        return "=" in words[0] and _plain_settings(words, dynamic)
    k = 0
    while k < len(words) - 1 and words[k].startswith("IFS=") and k not in dynamic:
        k += 1  # `IFS= read -r line`: the separators of this one `read`
    if k:
        return words[k] == "read" and _plain_read(words[k:], {j - k for j in dynamic if j >= k})
    first = words[0]
    if first == "export" or "=" in first:
        return _plain_settings(words, dynamic)
    if first == "set":
        return _script_options(words, dynamic)
    if first in _NO_ARGS:
        return len(words) == 1
    if first in _COUNTED:
        return len(words) == 1 or (len(words) == 2 and words[1].isdigit() and 1 not in dynamic)
    if first == "read":
        return _plain_read(words, dynamic)
    if first in _SHELLS:
        return _inline_shell(words, dynamic)
    if first in TESTS:
        return _plain_test(words, dynamic, text)
    return False


# test's primaries that read a file's or a string's state and nothing else (not -v/-R: a variable's name, whose
# array subscript bash evaluates; not -a/-o: they combine expressions).
_UNARY = frozenset(f"-{c}" for c in "bcdefghknprstuwxzGLNOS")
_FILE_BINARY = frozenset({"-nt", "-ot", "-ef"})
_BINARY = frozenset({"=", "==", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge"}) | _FILE_BINARY


def _quoted_only(text: str, expands: bool) -> bool:
    """Whether ``text`` holds no redirection, no backslash and, when it ``expands``, every expansion inside
    double quotes (one word each) and no ``@`` (``"$@"`` is many words)."""
    single = double = False
    for c in text:
        if single:
            single = c != "'"
        elif c == '"':
            double = not double
        elif c == "\\" or (c == "@" and expands):
            return False
        elif not double and (c == "'"):
            single = True
        elif not double and (c in "<>" or (expands and c in "$`&;|()")):
            return False
    return not single and not double


def _test_args(words: tuple[str, ...]) -> tuple[int, tuple[str, ...]] | None:
    """The index of a test's first argument and its arguments (``[``'s closing ``]`` left out), or None when
    ``[`` is not closed."""
    close = _CLOSING.get(words[0])
    if close is not None:
        if len(words) < 2 or words[-1] != close:
            return None
        return 1, words[1:-1]
    return 1, words[1:]


_CLOSING = {"[": "]", "[[": "]]"}


def _test_shape(args: tuple[str, ...], start: int, dynamic: Collection[int]) -> tuple[int, ...] | None:
    """The indexes (into the segment's words) of a plain test's string operands -- ``[ W ]``, ``-n W``,
    ``-z W``, both sides of ``=``/``!=``/``-eq`` ... --, or None when its shape is not one read here (more
    than one expression, an operator that is not a literal of the known sets)."""
    if args[:1] == ("!",) and start not in dynamic:
        args = args[1:]
        start += 1
    n = len(args)
    if n == 1:
        return (start,)
    if n == 2 and start not in dynamic and args[0] in _UNARY:
        return (start + 1,) if args[0] in ("-n", "-z") else ()
    if n == 3 and start + 1 not in dynamic and args[1] in _BINARY:
        return (start, start + 2) if args[1] not in _FILE_BINARY else ()
    return None


def test_strings(words: tuple[str, ...]) -> tuple[int, ...]:
    """R6.2: the words of a ``test``/``[`` segment that are strings compared, not locations
    (``[ -n "$CI" ]``, ``[ "$(git status --porcelain)" = "" ]``); empty for any other segment."""
    found = _test_args(words) if words and words[0] in TESTS else None
    shape = _test_shape(found[1], found[0], ()) if found is not None else None
    return shape or ()


def _plain_test(words: tuple[str, ...], dynamic: Collection[int], text: str) -> bool:
    found = _test_args(words)
    # (inside `[[ ]]` an expansion is one word, quoted or not: bash neither splits nor globs it there)
    if (
        found is None
        or len(words) - 1 in dynamic
        or not _quoted_only(text, bool(dynamic) and words[0] != "[[")
    ):
        return False
    return _test_shape(found[1], found[0], dynamic) is not None


def _plain_read(words: tuple[str, ...], dynamic: Collection[int]) -> bool:
    k = 1
    n = len(words)
    while k < n and words[k].startswith("-") and len(words[k]) > 1:
        if k in dynamic:
            return False
        w = words[k]
        if w == "--":
            k += 1
            break
        for j, c in enumerate(w[1:], 1):
            if c in _READ_VALUED:
                if j == len(w) - 1:
                    k += 1  # its value is the next word
                break
            if c not in _READ_FLAGS:
                return False  # `-a` (an array), `-i`, anything unknown
        k += 1
    for j in range(k, n):
        w = words[j]
        if j in dynamic or not w or w[0] not in _NAME_START or any(c not in _NAME_CHARS for c in w):
            return False
    return True


def _inline_shell(words: tuple[str, ...], dynamic: Collection[int]) -> bool:
    k = 1
    n = len(words)
    script = False
    while k < n:
        if k in dynamic:
            return False
        w = words[k]
        if w in _LONG:
            k += 1
            continue
        if w in ("-o", "+o") and k + 1 < n and words[k + 1] in _SETTINGS:
            k += 2
            continue
        if len(w) < 2 or w[0] != "-" or any(c not in _FLAGS for c in w[1:]):
            return False
        if "c" in w:
            if w.count("c") != 1 or w[-1] != "c":
                return False
            script = True
            k += 1
            if k in dynamic:
                return False  # `sh -c "$(git show x)"`: the script is what a command prints, not read
            break
        k += 1
    return script and k < n


def _plain_settings(words: tuple[str, ...], dynamic: Collection[int]) -> bool:
    """``CI=true``, ``export CI=true NODE_ENV=test``: every operand a plain setting, literal; set alone (not
    exported), a script's own variable too (permissions.commands.script_variables: ``ROOT=src``,
    ``ROOT=$(git rev-parse --show-toplevel)``)."""
    if words[0] == "export":
        return len(words) > 1 and all(
            j not in dynamic and plain_setting(words[j]) for j in range(1, len(words))
        )
    return all(
        (j not in dynamic and plain_setting(w)) or script_assignment(w, j in dynamic)
        for j, w in enumerate(words)
    )


def _script_options(words: tuple[str, ...], dynamic: Collection[int]) -> bool:
    """``set -e``, ``set -euo pipefail``, ``set +x``: only errexit, nounset, xtrace and pipefail."""
    k = 1
    n = len(words)
    while k < n:
        w = words[k]
        if k in dynamic or len(w) < 2 or w[0] not in "-+":
            return False
        if w[1:] == "o":
            if k + 1 >= n or k + 1 in dynamic or words[k + 1] not in _SETTINGS:
                return False
            k += 2
            continue
        flags = w[1:-1] if w[-1] == "o" else w[1:]
        if any(c not in "eux" for c in flags):
            return False
        if w[-1] == "o":  # `-euo pipefail`
            if k + 1 >= n or k + 1 in dynamic or words[k + 1] not in _SETTINGS:
                return False
            k += 1
        k += 1
    return n > 1
