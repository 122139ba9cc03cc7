"""The shell reader's fast path (``_fast``): plain words and simple redirections, joined by `&& || | ; &` and
newlines and grouped by `{ ...; }`, read without the state machine; anything else is left to the second reader
(:mod:`permissions.fast_quoted`: quoted words, substitutions, carried scripts) and then the scanner
(:mod:`permissions.scanner`). A differential property test holds both equal wherever this path answers.
"""

from __future__ import annotations

import re

from permissions.commands import MAY_CARRY_FIRST, carries_commands, foreign_name, hands_on
from permissions.commands.options import _NAME_ALIASES, PROGRAMS
from permissions.commands.views import KNOWN_PROGRAMS
from permissions.floor import FLOOR_VERBS
from permissions.read_budget import _MANY_WORDS, DISPLAY_LIMIT, MAX_READ_STEPS, TOO_COMPLEX
from permissions.shell_syntax import (
    _EMPTY,
    _NOT_PLAIN_FIRST,
    _SPECIAL,
    _SUBSCRIPT_BUILTINS,
    ParsedCommand,
    Segment,
    _command_index,
    _is_glob,
    _new_parsed,
    _opaque,
)

# Any character with shell meaning other than a space: when absent, the command is one simple command.
_ANY_SPECIAL = re.compile("[" + re.escape(_SPECIAL.replace(" ", "")) + "]")


# Whitespace that Python's str.split() separates on but the shell keeps inside a word.
_ODD_SPACE = re.compile(r"[^\S \t\n\r]")


# Fast path (see _fast): any special character other than space and the separators & | ; and newline
# (A newline is not among them: between plain commands it ends one, as `;` does -- here-documents, the
# one construct that reads past it, start with `<<`, which the fast path refuses.)
_NOT_FAST = re.compile("[" + re.escape("\t\r'\"\\`()#") + "]")


# Fast path: the `{` and `}` that open and close groups at a command's start, each followed by a blank or
# the command's end (on_brace's test; tabs are not fast). Any other brace makes the command not fast.
# Matched at a piece's start, it ends right after the last of them (where on_brace starts the command).
_GROUP_MARKS = re.compile(r"(?: *[{}](?= |\Z))*")


# Fast path: a brace before a character other than a blank or separator (`${x}`, `{a,b}`, `a{b`) cannot be
# one of those: found before anything else is done. (A brace after a word, `time {`, the piece loop
# refuses.)
_NOT_GROUP_BRACE = re.compile(r"[{}][^ ;&|\n]")


_SEPARATOR = re.compile(r"&&|\|\||[|;&\n]")


# _ODD_SPACE and _NOT_FAST in one search, for ASCII text: the ASCII characters either finds (a literal class).
_REFUSED_ASCII = re.compile(
    "["
    + re.escape("".join(c for c in map(chr, range(128)) if _ODD_SPACE.match(c) or _NOT_FAST.match(c)))
    + "]"
).search


def _pieces(command: str) -> list[str]:
    """``_SEPARATOR.split(command)``. The common join is `&&` alone: then str.split finds the same pieces (in
    a run of `&`, both take `&&` pairs from the left; a `&` left over is a separator str.split keeps), so
    it does whenever no other separator character is in the text and no `&` is left over."""
    if "|" in command or ";" in command or "\n" in command:
        return _SEPARATOR.split(command)
    pieces = command.split("&&")
    if command.count("&") != 2 * len(pieces) - 2:
        return _SEPARATOR.split(command)  # a single `&` too
    return pieces


def _is_expansion_start(c: str) -> bool:
    return c.isalnum() or c == "_" or c in "@*#?$!-"


def _fast_words(
    piece: str,
) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[int], frozenset[int]] | None:
    """Words, redirect targets, dynamic indexes and the indexes of the targets only read (``< f``) of one
    plain piece holding a `$`, `~`, `>` or `<` (_fast splits any other piece itself), or None to defer to the
    scanner."""
    tokens = piece.split()
    words: list[str] = []
    redirects: list[str] = []
    dyn: list[int] = []
    inputs: list[int] = []
    k = 0
    n = len(tokens)
    while k < n:
        t = tokens[k]
        k += 1
        gt = t.find(">")
        lt = t.find("<")
        op = gt if lt < 0 else lt if gt < 0 else min(gt, lt)
        if op < 0:
            if t[0] == "~":
                dyn.append(len(words))
            else:
                at = t.find("$")
                while at >= 0:
                    if at + 1 < len(t) and _is_expansion_start(t[at + 1]):
                        dyn.append(len(words))
                        break
                    at = t.find("$", at + 1)
            words.append(t)
            continue
        # R4.5: `>`, `>>`, `<`, optionally after a descriptor number, with the target attached or next.
        fd = t[:op]
        if fd and not fd.isdigit():
            return None
        end = op + 1
        if t[op] == ">" and t[end : end + 1] == ">":
            end += 1
        target = t[end:]
        if not target:
            if k >= n:
                return None
            target = tokens[k]
            k += 1
        if "<" in target or ">" in target or "$" in target or target[0] == "~":
            return None
        if t[op] == "<":
            inputs.append(len(redirects))
        redirects.append(target)
    return (
        tuple(words),
        tuple(redirects),
        frozenset(dyn) if dyn else _EMPTY,
        frozenset(inputs) if inputs else _EMPTY,
    )


_FAST_DEFER = re.compile(r"\$[?#$!\-\[]")


# _KNOWN_GAPS: where _fast would answer differently from the scanner.
# 1. `echo X | cmd` / `printf X | cmd`: the scanner hands X to cmd's input (passed_on, feed_input), so
#    `echo a | python3` is unseen and `echo rm -rf x | $X` also has the segment `rm -rf x`; _fast has
#    neither, so such commands always go to the scanner. 2. (closed) A piece longer than DISPLAY_LIMIT
#    with blanks at its start: the scanner cuts its text and then strips it; _fast now does the same.
_FAST_REFUSED = _SUBSCRIPT_BUILTINS | {"[[", "alias"}


def _after_a_word(command: str) -> bool:
    """Whether the first brace in ``command`` follows a word (`time {`, `echo }`): not a group's mark. Only
    the first is looked at -- the piece loop in _fast refuses the others -- so a long `time { time { ...`
    is refused before it is split."""
    opening, closing = command.find("{"), command.find("}")
    j = (opening if closing < 0 or 0 <= opening < closing else closing) - 1
    while j >= 0 and command[j] == " ":
        j -= 1
    return j >= 0 and command[j] not in ";&|\n"


def _pieces_of(command: str) -> list[str] | None:
    """The pieces _fast reads ``command`` as (split at `&& || | ; &` and newlines), or None when something in
    it is the scanner's to read."""
    # Whitespace str.split() separates on but the shell does not (vertical tab, form feed, ...), or a character
    # only the scanner reads (_NOT_FAST): the scanner decides. One scan for both on ASCII text (most of it).
    if command.isascii():
        if _REFUSED_ASCII(command) is not None:
            return None
    elif _ODD_SPACE.search(command) is not None or _NOT_FAST.search(command) is not None:
        return None
    if _ANY_SPECIAL.search(command) is None:
        pieces = [command]
    elif ("{" in command or "}" in command) and (
        _NOT_GROUP_BRACE.search(command) is not None or _after_a_word(command)
    ):
        return None  # brace expansion, `${`, a brace inside a word (the piece loop below would refuse too)
    else:
        if "<<" in command or ">&" in command or "<&" in command or "&>" in command or ">|" in command:
            return None
        pieces = _pieces(command)
    if "$" in command and _FAST_DEFER.search(command) is not None:
        return None  # special parameters and `$[`: the scanner's reading (R4.9, data is not code)
    return pieces


def _fast(command: str, hidden: bool = False, steps: list[int] | None = None) -> ParsedCommand | None:
    """The common shapes, without the state machine: plain words and simple redirections, optionally
    joined by `&& || | ; &` and newlines, and grouped by `{ ...; }`.

    Returns None whenever anything else appears (quotes, substitutions, here-documents, descriptor
    duplication, subshells, keywords, wrappers, inline scripts); the full scanner then decides. A
    differential property test holds both equal wherever this path answers. ``hidden``: the commands are
    found inside another (a nested script), as the scanner marks them at depth > 0.

    ``steps``: the command's read steps (MAX_READ_STEPS), charged once per distinct piece when this path
    answers; when they run out it answers with the segments read so far, unparseable (TOO_COMPLEX).
    """
    pieces = _pieces_of(command)
    if pieces is None:
        return None
    segments: list[Segment] = []
    braces = "{" in command or "}" in command
    # Where this path and the scanner are known to differ (see _KNOWN_GAPS) the scanner reads it.
    if "|" in command and ("echo" in command or "printf" in command):
        return None  # gap 1: what echo/printf print is the next command's input (R4.7, R4.9)
    globs = "*" in command or "?" in command or "[" in command  # else no word can be a glob
    plain = "$" not in command and "~" not in command and ">" not in command and "<" not in command
    # A piece's segment depends on its text alone: a piece repeated word for word (hostile input's shape)
    # is read once and its Segment object reused (decide() then finds it by identity).
    made: dict[str, Segment | None] | None = {} if len(pieces) > 8 else None
    left = (steps[0] if steps is not None else MAX_READ_STEPS) - (
        _many_words_steps(pieces) if len(command) > _MANY_WORDS * 2 else 0
    )
    repeats = 0
    for piece in pieces:
        if made is not None and piece in made:
            # Read once, but found, listed and judged again (by identity): a step per few repeats, so
            # `:;:;…` by the hundred thousand stops too (what a repeat costs is about a quarter of a piece).
            repeats += 1
            left -= repeats & 3 == 0
            if left < 0:
                return _past_budget(segments, steps)
            known = made[piece]
            if known is not None:
                segments.append(known)
            continue
        key = piece
        if braces:
            # `{ a; }`: a group's braces are syntax and its commands ordinary segments, read from after
            # the brace (as on_brace starts the command there).
            marks = _GROUP_MARKS.match(piece).end()  # type: ignore[union-attr]
            if marks:
                piece = piece[marks:]  # the blanks after the brace included, as on_brace's command has them
                left -= 1  # the group's braces: a command of them by the thousand costs its reading off the sandbox
            if "{" in piece or "}" in piece:
                return None  # brace expansion, `${`, a brace inside a word: the scanner's reading
        if plain or ("$" not in piece and "~" not in piece and ">" not in piece and "<" not in piece):
            # (also in a command that has them elsewhere: `a 2>/dev/null && b`'s `b`)
            words: tuple[str, ...] = tuple(piece.split())
            redirects: tuple[str, ...] = ()
            dyn = inputs = _EMPTY
        else:
            parts = _fast_words(piece)
            if parts is None:
                return None
            words, redirects, dyn, inputs = parts
            left -= _STEPS_FAST_WORDS  # read word by word, and judged for its expansions and redirections
        if not words:
            if redirects:
                return None
            if made is not None:
                made[key] = None
            continue
        first = words[0]
        common = _PLAIN_FIRST.get(first)
        if _plain_first(first, words) if common is None else common:
            # The common case (most first words): what the tests below answer for a first word in none of
            # their sets, with no `/` or `=` -- nothing carried, one step (more for a program read through its
            # option table or the write table), the command word the first word.
            left -= _PIECE_STEPS[first] if first in _PIECE_STEPS else 1
            if left < 0:
                return _past_budget(segments, steps)  # what was read, and no more
            if globs and _is_glob(first):
                return None  # R4.9: a glob in the command word: the scanner decides
        else:
            # Keywords and shells need the scanner's post-processing; a first word that may carry a command line
            # needs it when it does (inline scripts).
            if first in _NOT_PLAIN_FIRST or (
                (
                    first in MAY_CARRY_FIRST
                    or "/" in first
                    or "=" in first
                    or foreign_name(first)
                    or hands_on(words)
                )
                and carries_commands(words)
            ):
                return None
            # A piece costs a step, and more when its first word is looked through (a wrapper, an assignment,
            # a verb path: views are built here and again in decide()) or is a floor verb (judged by more than
            # the index walk).
            left -= (
                _PIECE_STEPS.get(first, 1)
                if first not in _COSTLY_FIRST and "/" not in first and "=" not in first
                else _STEPS_COSTLY
            )
            if left < 0:
                return _past_budget(segments, steps)  # what was read, and no more
            # Only an assignment moves the command word off the first word (is_assignment needs a `=`).
            command_word = first if "=" not in first else _command_word(words)
            if command_word is not None and (
                (globs and _is_glob(command_word)) or command_word in _FAST_REFUSED
            ):
                return None  # R4.9: a glob in the command word, `[[`, subscripts, aliases: the scanner's
        # The display text, cut then stripped as the scanner's finish does (gap 2 closed). (A piece no longer
        # than DISPLAY_LIMIT is its own slice, the same object: no length test, nor a copy, is needed.)
        text = piece[:DISPLAY_LIMIT].strip()
        marks = _glob_marks(words, dyn) if globs else dyn  # R4.9: globs are not literal either
        seg = _tuple_new(
            Segment, (words, text, redirects, dyn, hidden, _opaque(words, marks) if marks else None, inputs)
        )
        if made is not None:
            made[key] = seg
        segments.append(seg)
    if steps is not None:
        steps[0] = left
    return _new_parsed((tuple(segments), False, None, None))


def _command_word(words: tuple[str, ...]) -> str | None:
    """The command word of ``words`` past its leading assignments (shell_syntax._command_index), None when all
    are assignments."""
    k = _command_index(words)
    return words[k] if k < len(words) else None


def _many_words_steps(pieces: list[str]) -> int:
    """What a command's pieces of more than MANY_WORDS words cost beyond their step: one per four words (each
    is read by the option tables and the scope, `git reset` of 20,000 options took 75 ms at one step)."""
    return sum(n >> 2 for n in (len(p.split()) for p in pieces) if n > _MANY_WORDS)


def _past_budget(segments: list[Segment], steps: list[int] | None) -> ParsedCommand:
    """Out of read steps (MAX_READ_STEPS): what was read, and no more, unparseable as TOO_COMPLEX."""
    if steps is not None:
        steps[0] = -1
    return _new_parsed((tuple(segments), True, TOO_COMPLEX, None))


def _glob_marks(words: tuple[str, ...], dyn: frozenset[int]) -> frozenset[int]:
    """``dyn`` and the indexes of the words holding a glob (no quotes on this path: every glob character is
    unquoted), as the scanner marks them."""
    globbed = [k for k, w in enumerate(words) if _is_glob(w)]
    return dyn.union(globbed) if globbed else dyn


# Steps a piece costs beyond the common one (MAX_READ_STEPS): read word by word (an expansion or a
# redirection in it), or its first word costly -- so that a command of such pieces by the thousand stops
# at about the cost of plain ones (bench/decide.py's hostile inputs).
_STEPS_FAST_WORDS = 1
_STEPS_COSTLY = 9
_COSTLY_FIRST = MAY_CARRY_FIRST | FLOOR_VERBS  # first words that cost _fast's reader more (MAX_READ_STEPS)
# Programs whose segments decide() reads again by meaning (R4.10: their option tables, for any deny or ask
# pattern naming them; chmod's modes rewritten), through the write table or for where they move: by the thousand, with such a
# pattern, each costs two to four plain pieces to judge (`chmod 755 aK` 100 ms at one step each).
_STEPS_TABLED = 3
_STEPS_WRITER = 2
_PIECE_STEPS: dict[str, int] = {
    **{name: _STEPS_TABLED for name in (*PROGRAMS, *_NAME_ALIASES)},
    # (`cd`, `pushd`, `popd` move where every later segment is judged from: the scope follows them; cp, mv and ln
    # have tables read for a deny or ask naming them only, and cost a writer's steps)
    **dict.fromkeys(
        ("cp", "mv", "dd", "install", "ln", "tee", "touch", "mkdir", "cd", "pushd", "popd"), _STEPS_WRITER
    ),
}
# First words _fast tests further (any set the piece loop looks a first word up in).
_UNCOMMON_FIRST = _NOT_PLAIN_FIRST | _COSTLY_FIRST | _FAST_REFUSED


def _plain_first(first: str, words: tuple[str, ...]) -> bool:
    """Whether ``first`` is _fast's common case: in none of _UNCOMMON_FIRST's sets, with no `/` or `=`, not
    another program's name, and -- for a program Brabo does not know -- handed no carrier (red team:
    `wait-for-it x -- bash -c …`, views.hands_on)."""
    return (
        first not in _UNCOMMON_FIRST
        and "/" not in first
        and "=" not in first
        and not foreign_name(first)
        and (
            first in KNOWN_PROGRAMS
            or len(words) < 3
            or MAY_CARRY_FIRST.isdisjoint(words)
            or not hands_on(words)
        )
    )


# _plain_first's answer for every program Brabo knows, whatever its other words (one lookup per piece; the
# commands package has loaded its tables, views.KNOWN_PROGRAMS among them, before this module runs)
_PLAIN_FIRST: dict[str, bool] = {first: _plain_first(first, (first,)) for first in KNOWN_PROGRAMS}
_tuple_new = tuple.__new__  # _new_segment without the partial's call
