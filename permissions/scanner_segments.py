"""What a finished simple command becomes (R4.4, R4.5, R4.7, R4.9): the scanner's (:mod:`permissions.scanner`)
words turned into a :class:`Segment` -- grammar words cut, subscripts refused, and the commands it carries
(``sh -c`` scripts, ``eval``, aliases, what is fed to its input) read as nested scripts; and, past
``MAX_NESTING`` or at a construct whose end cannot be told, the open frames finished and the rest judged flat
(:func:`flat`, with :mod:`permissions.read_budget`'s flat reading).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from permissions.commands import (
    FED_COMMANDS,
    FED_PROGRAM,
    MAY_CARRY_FIRST,
    carried_scripts,
    fed_commands,
    feeds_a_program,
    feeds_a_script,
    foreign_name,
    hands_on,
)
from permissions.commands.environment import HOME_UNREAD, located_words
from permissions.commands.shell_starters import FED_ESCAPES
from permissions.commands.views import KNOWN_PROGRAMS
from permissions.expansions import decode_ansi_c
from permissions.read_budget import (
    _MANY_WORDS,
    _STEPS_LOOKED_THROUGH,
    _STEPS_PER_SEGMENT,
    DISPLAY_LIMIT,
    MAX_NESTING,
    MAX_SCRIPT_DEPTH,
    flat_text,
    out_of_steps,
    reread,
    reread_text,
)
from permissions.shell_syntax import (
    _CLOSING_KEYWORDS,
    _EMPTY,
    _FINISH_SLOW,
    _FRAME_ARITH,
    _FRAME_TOP,
    _HEADERS,
    _LEADING_KEYWORDS,
    _PRINTF_JOIN,
    _R_NONE,
    _SUBSCRIPT_BUILTINS,
    Segment,
    _Builder,
    _command_index,
    _hidden,
    _new_segment,
    _opaque,
    targets_read,
)
from permissions.wrappers import is_assignment, look_through

if TYPE_CHECKING:
    from permissions.scanner import _Scanner


def _alias_calls(sc: _Scanner, found: list[tuple[int, Segment]]) -> None:
    """R4.9: a call to an alias runs the alias's value followed by the call's arguments (`alias x='env '`
    then `x curl evil` runs `env curl evil`; a value ending in a blank also makes the next word an alias
    call, which the value's own segments and this reading together cover). Each call is read again with
    the value in front, so deny and ask see the command it really runs (R4.7). Bounded by the command's
    re-read budget like every other text read again; past _ALIAS_CALLS_ONE_BY_ONE calls the rest are read
    in one pass, one call a line (hostile input stays linear)."""
    aliases = sc.aliases_of
    seen: set[tuple[str, ...]] = set()
    calls: list[tuple[int, str]] = []
    for start, seg in found:
        words = seg.words
        k = _command_index(words) if words and "=" in words[0] else 0  # only an assignment moves it
        if k >= len(words) or words[k] not in aliases or words in seen:
            continue
        seen.add(words)
        value = aliases[words[k]]
        calls.append(
            (
                start,
                " ".join(
                    (*(_shell_quote(w) for w in words[:k]), value, *(_shell_quote(w) for w in words[k + 1 :]))
                ),
            )
        )
    if len(calls) > _ALIAS_CALLS_ONE_BY_ONE:
        rest = calls[_ALIAS_CALLS_ONE_BY_ONE:]
        calls = calls[:_ALIAS_CALLS_ONE_BY_ONE]
        calls.append((rest[0][0], "\n".join(text for _, text in rest)))
    for start, text in calls:
        if not reread_text(sc, text, start):
            continue
        inner = sc.nested(text, sc.budget)
        for s in inner.segments:
            found.append((start, _hidden(s)))
        if inner.unparseable:
            sc.fail(inner.problem or "an alias call cannot be read")


_ALIAS_CALLS_ONE_BY_ONE = 64


# A word the shell reads as itself: alphanumerics (str.isalnum(), which \w adds `_` to) and -_./=:,+@%
_SAFE_WORD = re.compile(r"[-\w./=:,+@%]+")


def _shell_quote(word: str) -> str:
    if _SAFE_WORD.fullmatch(word) is not None:
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def _calls_opaque(found: list[tuple[int, Segment]], defined: set[str]) -> bool:
    """R4.9, definitions and compound-command words: a call to a function or alias defined in the same command runs code that its
    words do not show (its body, judged separately): opaque, wherever the call stands. True if any."""
    called = False
    for idx, (start, seg) in enumerate(found):
        words = seg.words
        if seg.opaque is not None or not words:
            continue
        first = words[0]
        if first not in defined and first not in MAY_CARRY_FIRST and "/" not in first and "=" not in first:
            continue  # the common case: a plain verb that is not a defined name (no assignment before it)
        k = _command_index(words)
        name = words[k] if k < len(words) and words[k] in defined else None
        if name is None and k < len(words) and (words[k] in MAY_CARRY_FIRST or "/" in words[k]):
            view = look_through(words)  # `env f`, `nice f`: the call through a wrapper
            if view and view[0] in defined:
                name = view[0]
        if name is not None:
            why = f"{name!r} is a function or alias defined in this command"
            found[idx] = (start, _new_segment((*seg[:5], why, seg[6])))
            called = True
    return called


def finish(sc: _Scanner, b: _Builder, end: int) -> None:
    """Close the simple command being built in ``b`` at ``end``."""
    words, dyn = b.words, b.dyn
    if not words and not b.redirects and b.pending == _R_NONE:
        b.start = end  # nothing was built (`; ;`, `}` then `;`)
        return
    if (
        words
        and words[0] not in _FINISH_SLOW
        and "=" not in words[0]
        and not (dyn or b.redirects or b.pending or b.glob or b.special or b.feeds or b.docs or sc.body)
        and b.arith is None
    ):
        # The common case, without the general path's steps that cannot apply: literal words with no
        # keyword to cut, nothing for refuse() to look at, no redirection, no input fed to it.
        emit_plain(sc, tuple(words), b.start, end, b.hidden)
        b.words = []
        b.lead = 0
        b.start = end
        return
    if b.pending != _R_NONE:
        sc.fail("a redirection has no target")
        b.pending = _R_NONE
    if sc.body and b.kind == _FRAME_TOP:
        words = []  # a here-document body's text: data (its substitutions were read in frames)
        b.redirects = []
        b.inputs = []
    if words or b.redirects:
        # Grammar keywords (`if cmd; then ...`) introduce the command that is judged. `for NAME do cmd`
        # (no `in` list) puts the first command of the body on the header's line.
        cut = 0
        while cut < len(words):
            if words[cut] in _LEADING_KEYWORDS and cut not in dyn:
                cut += 1
            elif words[cut] == "for" and cut + 3 < len(words) and words[cut + 2] == "do":
                cut += 3
            else:
                break
        if words[cut : cut + 1] and words[cut] in _CLOSING_KEYWORDS and cut not in dyn:
            cut += 1
        if cut:
            words = words[cut:]
            dyn = [k - cut for k in dyn if k >= cut]
        marks = dyn
        if b.glob or b.special:
            # R4.9: a glob or a special parameter in the command word makes it opaque too.
            marks = [k - cut for k in (*b.dyn, *b.glob, *b.special) if k >= cut]
        if words and words[0] in _HEADERS and 0 not in dyn:
            # Loop headers are grammar; their substitutions were captured already. `case` arms,
            # `select` menus and a `function` keyword whose body is not on its line are not read:
            # fail closed (R4.9).
            _header(sc, words, dyn)
            words = []
        if words and 0 not in dyn and b.arith is None:
            refuse(sc, words, bool(b.redirects))
        if words or b.redirects:
            src = sc.src
            stop = end if end - b.start <= DISPLAY_LIMIT else b.start + DISPLAY_LIMIT
            seg = _new_segment(
                (
                    tuple(words),
                    src[b.start : stop].strip(),
                    tuple(b.redirects) if b.redirects else (),
                    frozenset(dyn) if dyn else _EMPTY,
                    b.hidden,
                    _marked_opaque(sc, words, marks, b.start) if marks else None,
                    targets_read(b),
                )
            )
            if b.arith is not None:
                b.arith.stash.append((b.start, seg))
            else:
                emit(sc, b.start, seg)
                if b.feeds or b.docs:
                    feed_input(sc, seg, b)
        else:
            # Grammar alone (`fi`, `done`, `!`, a loop's header) was read and cut like any command: it
            # costs what a segment does, so `fi;fi;…` by the thousand stays within the read budget.
            out_of_steps(sc, _STEPS_PER_SEGMENT)
    if b.feeds:
        b.feeds = []
    if b.docs:
        b.docs = []
    b.words = []
    b.dyn = []
    b.redirects = []
    b.inputs = []
    if b.glob:
        b.glob = []
    if b.special:
        b.special = []
    b.lead = 0
    b.start = end


# What a `for` word may start with that find reads as its expression, or a glob may start with (`*` may
# match a file named `-delete`).
_NOT_A_START_PATH = ("-", "(", ")", "!", ",", "*", "?", "[")
# Text that may set a variable besides a `for` header: then a loop's name is not known to hold its words.
_SETS_NAMES = ("read", "getopts", "mapfile", "readarray", "printf", "let", "((", ":=", "declare", "typeset")


def _note_loop(sc: _Scanner, header: list[str], dyn: list[int]) -> None:
    """R4.9: `for d in src tests; do find "$d" ...`: a name a loop binds only to words find reads as start
    paths (written out, no expansion, none starting as an expression or a glob) is a start path in find's
    words -- unless something else may set it (then it never is, for the rest of the command)."""
    if len(header) < 3 or header[2] != "in" or _assigned(sc) is _NO_FIND:
        return
    name = header[1]
    safe = not any(k in dyn or header[k].startswith(_NOT_A_START_PATH) for k in range(3, len(header)))
    if safe and _may_set(sc, name):
        safe = False
    if safe and name not in sc.loop_unsafe:
        paths = sc.loop_paths if isinstance(sc.loop_paths, set) else set()
        paths.add(name)
        sc.loop_paths = paths
    else:
        unsafe = sc.loop_unsafe if isinstance(sc.loop_unsafe, set) else set()
        unsafe.add(name)
        sc.loop_unsafe = unsafe
        sc.loop_paths = sc.loop_paths - {name}


# `find "$(pwd)"`, `find "$(git rev-parse --show-toplevel)"`: substitutions that print an absolute path.
_PATH_PRINTERS = re.compile(r"""find\s+"?\$\((?:pwd|pwd -P|git rev-parse --show-toplevel)\)"?(?:\s|/|$)""")
_FIND_LEAD_VALUED = frozenset({"-D", "-O"})


def _header(sc: _Scanner, words: list[str], dyn: list[int]) -> None:
    """A loop header is grammar; a `case`, `select` or `function` block is not read (fail closed, R4.9)."""
    if words[0] != "for":
        sc.fail(f"'{words[0]}' blocks are not supported")
    else:
        _note_loop(sc, words, dyn)


def _marked_opaque(sc: _Scanner, words: list[str], marks: list[int], start: int) -> str | None:
    """_opaque, with a find segment's start paths read as _find_marks says."""
    if words and words[0] == "find":
        marks = _find_marks(sc, words, marks, start)
    return _opaque(words, marks)


def _find_marks(sc: _Scanner, words: list[str], marks: list[int], start: int) -> list[int]:
    """The marks of a find segment that may still be its expression (permissions.commands.families reads
    every expansion among the start paths as one): not a loop's name bound to start paths, nor the first
    start path when it is a variable this command does not set (`find "$DIR" -name x`) or a substitution
    that prints a path (`find "$(pwd)"`)."""
    first = 1
    while first < len(words) and words[first][:1] == "-" and words[first] != "-":
        first += 2 if words[first] in _FIND_LEAD_VALUED else 1  # -H -L -P, -D debugopts, -Olevel
    kept: list[int] = []
    for k in marks:
        w = words[k] if k < len(words) else ""
        if k and sc.loop_paths and _loop_path(w, sc.loop_paths):
            continue
        if k == first and first < len(words):
            if w == "$(…)" and _PATH_PRINTERS.match(sc.src, start) is not None:
                continue
            name = _variable(w)
            if name and name not in sc.loop_unsafe and not _may_set(sc, name):
                continue
        kept.append(k)
    return kept


def _variable(word: str) -> str | None:
    """The name of `$name`, `${name}` or either followed by `/...`; None for any other word."""
    if word[:2] == "${":
        name, close, rest = word[2:].partition("}")
        ok = bool(close) and (not rest or rest[0] == "/")
    elif word[:1] == "$":
        name = word[1:].partition("/")[0]
        ok = True
    else:
        return None
    return name if ok and name.isidentifier() else None


_ASSIGNED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=")
_EVERY_NAME: frozenset[str] = frozenset({"\x00every"})  # a builtin that sets a name by its argument is there
_NO_FIND: frozenset[str] = frozenset({"\x00no find"})  # no find in the command: nothing to know


def _assigned(sc: _Scanner) -> frozenset[str]:
    """The names something in the command besides a `for` header may set, read once per command: those written
    before an `=`, or every name (_EVERY_NAME) when a builtin that sets one by its argument is there; _NO_FIND
    when the command runs no find (then no loop needs reading)."""
    assigned = sc.assigned
    if assigned is None:
        src = sc.src
        if "find" not in src:
            assigned = _NO_FIND
        elif any(s in src for s in _SETS_NAMES):
            assigned = _EVERY_NAME
        else:
            assigned = frozenset(_ASSIGNED.findall(src))
        sc.assigned = assigned
    return assigned


def _may_set(sc: _Scanner, name: str) -> bool:
    assigned = _assigned(sc)
    return assigned is _EVERY_NAME or name in assigned


def _loop_path(word: str, names: set[str] | frozenset[str]) -> bool:
    """``word`` is `$name`, `${name}` or either followed by `/...`, for a loop name in ``names``."""
    return _variable(word) in names


def emit_plain(sc: _Scanner, words: tuple[str, ...], start: int, end: int, hidden: bool) -> None:
    """Emit the segment of literal ``words`` read from ``start`` to ``end``: no keyword to cut, no
    redirection, nothing for refuse() to look at (finish's common case, and plain_body's)."""
    stop = end if end - start <= DISPLAY_LIMIT else start + DISPLAY_LIMIT
    emit(sc, start, _new_segment((words, sc.src[start:stop].strip(), (), _EMPTY, hidden, None, _EMPTY)))


def emit(sc: _Scanner, start: int, seg: Segment) -> None:
    words = seg.words
    if len(words) > _MANY_WORDS and out_of_steps(sc, len(words) >> 2):
        return  # past the budget before it is listed: its words are not read one by one
    sc.segments.append((start, seg))
    first = words[0] if words else ""
    if not words or (
        first not in MAY_CARRY_FIRST
        and "/" not in first
        and "=" not in first
        and first != "alias"
        and not foreign_name(first)  # R4.10: `BASH -c …` runs bash on a case-insensitive file system
        # red team: a program Brabo does not know handed a carrier or a command line (`foo -- bash -c …`)
        and (first in KNOWN_PROGRAMS or len(words) < 2 or not hands_on(words))
    ):
        # carries no command line (carried_scripts answers nothing) and defines no alias: building it, and
        # decide() judging it
        out_of_steps(sc, _STEPS_PER_SEGMENT)
        return
    if out_of_steps(sc, _STEPS_PER_SEGMENT + _STEPS_LOOKED_THROUGH):  # looked through, here and in decide()
        return
    if sc.scripts and words not in sc.scripted:
        # A command repeated word for word carries the same script: its commands were judged once
        # (the verdict depends on words only), so hostile repetition stays cheap.
        sc.scripted.add(words)
        if words[0] == "alias":
            aliases(sc, words, start)
        _script(sc, seg, start)


def feed_input(sc: _Scanner, seg: Segment, b: _Builder) -> None:
    """R4.7, R4.9: a here-string or here-document given to a program that runs its input as shell
    commands (`sh <<< 'x'`, `bash -s <<EOF`, `source /dev/stdin`, `ssh host`) is that program's
    script: its commands are segments, like the script of `bash -c`. A command word that is not
    literal (`$SH <<< 'x'`) may be such a program: read too (deny matches more, R4.8). The program
    stays never auto-approved (it reads its input: Carried.unseen / opaque)."""
    words = seg.words
    if feeds_a_program(words):
        sc.unseen = sc.unseen or FED_PROGRAM  # `python3 <<< 'code'`: even an exact allow
    reader = fed_commands(words)
    if reader is not None:
        # red team: `echo '!rm -rf /' | ed`, `gdb -batch <<< 'shell git push'`: the shell commands the program
        # finds in its input are segments (deny and the floor see them); its own commands (ed's `w /any/file`)
        # no rule reads, so never auto-approved
        sc.unseen = sc.unseen or FED_COMMANDS
        for text in b.feeds:
            for line in reader(text)[:_MAX_FED_COMMANDS]:
                input_script(sc, line, b.start)
        for holder in b.docs:
            holder += (b.start, FED_READERS.index(reader))
        return
    if not (seg.opaque is not None or feeds_a_script(words)):
        return
    for text in b.feeds:
        input_script(sc, text, b.start)
    for holder in b.docs:
        holder.append(b.start)  # the body is read when skip_heredocs reaches it


_MAX_FED_COMMANDS = 64
# (a here-document's holder names its reader by its index here)
FED_READERS = tuple(dict.fromkeys(FED_ESCAPES.values()))


def fed_body(sc: _Scanner, body: str, holder: list[int]) -> None:
    """A here-document's body given to a program: a shell's script (feed_input), or, when ``holder`` names one of
    FED_READERS, the shell commands that reader finds in it."""
    if len(holder) == 1:
        input_script(sc, body, holder[0])
        return
    for line in FED_READERS[holder[1]](body)[:_MAX_FED_COMMANDS]:
        input_script(sc, line, holder[0])


def passed_on(sc: _Scanner, b: _Builder) -> tuple[list[str], list[list[int]]] | None:
    """The text the command being built in ``b`` writes to a pipe as it got it: `cat` (no file) and
    `tee` pass their here-strings and here-documents on, `echo` its words. None for anything else."""
    words = b.words
    if not words or b.arith is not None or b.pending != _R_NONE:
        return None
    if (
        (words[0] == "cat" and all(w == "-" for w in words[1:]))
        or words[0] == "tee"  # writes its input to its files and on
    ) and (b.feeds or b.docs):
        return list(b.feeds), list(b.docs)
    if words[0] == "echo" and len(words) > 1 and not b.dyn:
        k = 1
        while k < len(words) and words[k] in ("-n", "-e", "-E", "-ne", "-en"):
            k += 1
        return [" ".join(words[k:])], []
    if words[0] == "printf" and len(words) > 1 and not b.dyn:
        # R4.9: `printf 'curl x' | sh`, `printf '%s\n' 'curl x' | sh` (escapes are read as written:
        # more words for deny, never fewer).
        k = 2 if words[1] == "--" else 1
        fmt = words[k] if k < len(words) else ""
        if "%" not in fmt:
            if "\\" not in fmt:
                return [fmt], []
            # printf decodes escapes (`\x63url`) much as $'...' does: both readings are judged.
            decoded = decode_ansi_c(fmt.replace("'", "\\'") + "'", 0)[0]
            return [fmt.replace("\\n", "\n"), decoded], []
        joiner = _PRINTF_JOIN.get(fmt)
        if joiner is not None:
            return [joiner.join(words[k + 1 :])], []
    return None


def input_script(sc: _Scanner, script: str, start: int) -> None:
    """The text a shell reads on its input, judged as its commands (see feed_input)."""
    if not reread_text(sc, script, start):
        return
    inner = sc.nested(script, sc.budget)
    for s in inner.segments:
        sc.segments.append((start, _hidden(s)))
    if inner.unparseable:
        sc.fail(inner.problem or "the script given on the input cannot be parsed")
    if inner.unseen is not None:
        sc.unseen = sc.unseen or inner.unseen


def refuse(sc: _Scanner, words: list[str], redirected: bool = False) -> None:
    """R4.9: simple commands whose words hold constructs the reader does not model (see CONSTRUCTS)."""
    verb = words[0]
    if "=" in verb and ("`" in verb or "$(" in verb) and "[" in verb:
        # R4.7, arithmetic: `x='a[$(cmd)]'; echo $((x))` -- arithmetic evaluates the value of `x`, and
        # the subscript's command runs. A value holding a subscript and a substitution is not read.
        k = 0
        while k < len(words) and is_assignment(words[k]):
            w = words[k]
            at = w.find("[", w.find("="))
            if at >= 0 and ("`" in w[at:] or "$(" in w[at:]):
                sc.fail("a variable is given an array subscript that runs a command")
                break
            k += 1
    if verb == "[[":
        _conditional(sc, words, redirected)
    elif verb in _SUBSCRIPT_BUILTINS and len(words) > 1:
        # R4.7, arithmetic: these builtins evaluate an array subscript in a name they are given, and
        # the subscript's `$(...)` runs (`unset 'a[$(rm -rf ~)]'`, `let 'a[$(cmd)]'`).
        if verb != "printf" or "-v" in words:
            for w in words[1:]:
                at = w.find("[")
                if at >= 0 and ("$" in w[at:] or "`" in w[at:]):
                    sc.fail(f"an array subscript given to '{verb}' can run commands")
                    break


# `[[ ... ]]`'s operators whose right side is a pattern or a regular expression, not a name bash evaluates.
_PATTERN_OPERATORS = frozenset({"==", "=", "!=", "=~"})


def _conditional(sc: _Scanner, words: list[str], redirected: bool) -> None:
    """R4.9: `[[ ... ]]` is read when it is one test closed on its line, whose words this reader splits as bash
    does: `]]` its last word and no other, no `<`/`>` (comparisons there, redirections to this reader), no
    `&&`/`||`/`(` inside (separators and subshells to this reader: the first piece then ends without `]]`). An
    array subscript in a word bash may evaluate (an arithmetic operand, `-v`'s name) that holds an expansion may
    run a command, as for `[`'s; the right side of `==`/`=~` is a pattern, not evaluated."""
    if redirected or len(words) < 3 or words[-1] != "]]" or "]]" in words[1:-1] or "[[" in words[1:]:
        sc.fail("'[[ ... ]]' is read only as one test closed on its line (with no <, >, &&, || or ( inside)")
        return
    for k in range(1, len(words) - 1):
        w = words[k]
        at = w.find("[")
        if at >= 0 and ("$" in w[at:] or "`" in w[at:]) and words[k - 1] not in _PATTERN_OPERATORS:
            sc.fail("an array subscript given to '[[' can run commands")
            return
        if w in _EVALUATED and not _plain_operands(words, k):
            # (as `$((x))` of a value read at run time is not read: `x=$(cat f); [[ $x -eq 1 ]]`)
            sc.fail(f"'[[ ... {w} ... ]]' evaluates an operand that is not a number or a name")
            return


# `[[ ... ]]`'s operators that evaluate their operands: arithmetic ones (an expression each) and `-v`/`-R` (a
# variable's name, its subscript evaluated). Read when each operand is a number or a count the shell keeps
# (`$?`, `$#`) -- or for `-v`/`-R` a plain name.
_EVALUATED = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-v", "-R"})
_COUNTS = frozenset({"$?", "$#", "$$", "$!"})


def _plain_operands(words: list[str], k: int) -> bool:
    if words[k] in ("-v", "-R"):
        name = words[k + 1]
        return name.isidentifier() and name.isascii()
    return all(w in _COUNTS or w.lstrip("-").isdigit() for w in (words[k - 1], words[k + 1]))


def aliases(sc: _Scanner, words: tuple[str, ...], start: int) -> None:
    """R4.9, definitions and compound-command words: `alias name=value` defines a name whose calls are opaque, and its value is
    code (judged like the script of `sh -c`)."""
    for w in words[1:]:
        name, eq, value = w.partition("=")
        if not eq:
            continue
        sc.defined.add(name)
        sc.aliases_of[name] = value
        if value in sc.defined_values:
            continue  # the same code was judged already
        sc.defined_values.add(value)
        if not value:
            continue
        if reread(sc):
            inner = sc.nested(value, sc.budget)
            for s in inner.segments:
                sc.segments.append((start, _hidden(s)))
            if inner.unparseable:
                sc.fail(inner.problem or "an alias's value cannot be parsed")
        else:
            sc.late.append(value)  # judged flat at the end, all at once (see _scan)


def _script(sc: _Scanner, seg: Segment, start: int) -> None:
    """R4.7, R4.9: the command lines a segment runs -- the script of `bash -c` / `sh -c` / `eval`, and
    those of the programs in permissions.commands (`watch`, `ssh host CMD`, `git -c core.pager=…` ...)
    -- are judged as commands too."""
    found = carried_scripts(seg.words)
    if found.unseen is not None and found.unseen.endswith(HOME_UNREAD):
        located = located_words(seg.text, seg.words)  # `JAVA_HOME=$(/usr/libexec/java_home -v 17) mvn test`
        found = found if located is None else carried_scripts(located)
    if found.unseen is not None:
        sc.unseen = sc.unseen or found.unseen
    if found.problem is not None:
        sc.fail(found.problem)
    if not found.scripts:
        return  # `bash script.sh`: a file, not inline code
    if sc.depth + 1 > MAX_SCRIPT_DEPTH:
        sc.fail("inline shell scripts are nested too deeply")
        return
    # A program that hands argv on (`fd -x $X`, `sort --compress-program=$X`) gets the words the shell
    # expanded: a word of the segment that is an expansion stays one in the command line it runs (R4.9).
    expanded = _expansions(seg) if seg.dynamic else frozenset()
    for script in found.scripts:
        inner = sc.nested(script, None)
        for s in inner.segments:
            if expanded:
                s = _expanded_again(s, expanded)
            sc.segments.append((start, _hidden(s)))
        if inner.unparseable:
            sc.fail(inner.problem or "the inline script cannot be parsed")
        if inner.unseen is not None:
            sc.unseen = sc.unseen or inner.unseen


def _expansions(seg: Segment) -> frozenset[str]:
    """The words of ``seg`` that hold an expansion, and the values of its `--opt=$X` words."""
    found: set[str] = set()
    for k in seg.dynamic:
        w = seg.words[k]
        if "$" in w or "`" in w:
            found.add(w)
            value = w.partition("=")[2]
            if "$" in value or "`" in value:
                found.add(value)
    return frozenset(found)


def _expanded_again(seg: Segment, expanded: frozenset[str]) -> Segment:
    """``seg`` with its words that are one of the carrier's expansions (``expanded``) marked dynamic: the
    argv a carrier quoted back into a command line holds what the shell expanded, not the literal text."""
    more = frozenset(k for k, w in enumerate(seg.words) if w in expanded and k not in seg.dynamic)
    if not more:
        return seg
    dynamic = seg.dynamic | more
    opaque = seg.opaque or _opaque(seg.words, dynamic)
    return _new_segment((seg[0], seg[1], seg[2], dynamic, seg[4], opaque, seg[6]))


def too_deep(sc: _Scanner, stack: list[_Builder], at: int) -> None:
    """Nesting past MAX_NESTING: close what is open and judge the rest flat (R4.7)."""
    flat(sc, at, "commands are nested too deeply to parse")


def flat(sc: _Scanner, at: int, why: str) -> None:
    """Close what is open and judge the rest flat (R4.7): nesting past MAX_NESTING, or a construct
    whose very end cannot be told (`${x:-"}"}`), so nothing after it can be read with certainty.

    The command is unparseable, so it is never auto-approved; what matters is that every command-like
    run of words in the rest is still a segment for the deny checks. The rest is split at every
    operator, quotes are dropped (a quoted `rm -rf /` then reads as a command: over-matching is the
    safe side for deny), and identical segments -- the shape of hostile nesting -- are kept once.
    """
    sc.fail(why)
    for frame in reversed(sc.stack):
        finish(sc, frame, at)
        if frame.kind == _FRAME_ARITH:
            sc.release(frame)
    flat_text(sc, sc.src[at:], at)


def nest(sc: _Scanner) -> bool:
    """Whether another frame may open; past MAX_NESTING the rest is judged flat."""
    if len(sc.stack) < MAX_NESTING:
        return True
    sc.end_word()
    too_deep(sc, sc.stack, sc.i)
    sc.stopped = True
    return False
