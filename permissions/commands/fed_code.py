"""Code a program reads from its input, or from a file the same command wrote (SPEC R4.6, R4.7).

`python3 - <<EOF … EOF`, `echo CODE | node`, `perl <<< CODE`, `sh -s < <(echo 'rm -rf ~')`, `echo 'rm -rf /' > x.sh
&& bash x.sh`, `cat > t.py <<EOF … EOF; python3 t.py`, `echo CODE | tee t.sh && sh t.sh`: the text is no rule's to
read (R4.9 keeps such a command from auto-approval), but the floor reads it as the program's code -- a shell's as
its command lines -- with permissions.floor's code reading (permissions.where).

Read loosely, as literal text (deny more): every here-document of the command counts for a program that reads its
input; what `echo` and `printf` print is their operands with printf's escapes; a file counts as written by a
segment that redirects into it or a `tee` that names it. Bounded: a few texts per program, each cut at the size
permissions.floor reads of one program.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence

from permissions.commands.interpreters import fed_program
from permissions.commands.textproc import program_words
from permissions.commands.writes import patch_files
from permissions.floor import code_prints
from permissions.shell import Segment

__all__ = [
    "here_doc_texts",
    "input_texts",
    "JQS",
    "TURNS",
    "jq_prints",
    "printf_formatted",
    "printed_text",
    "substitution_prints",
    "written_texts",
]

_MAX_TEXTS = 16
_MAX_TEXT = 20_000
_MAX_BACK = 64  # segments looked back through for a pipe or a file written (hostile input stays linear)
_HERE_DOC = re.compile(r"<<(-?)[ \t]*(['\"]?)([A-Za-z0-9_.-]+)\2")


def here_doc_texts(command: str) -> list[str]:
    """The body of every here-document in the text (`<<-` bodies without their leading tabs)."""
    out: list[str] = []
    for m in _HERE_DOC.finditer(command):
        if command[m.start() - 1 : m.start()] == "<" or len(out) >= _MAX_TEXTS:
            continue  # `<<<`: a here-string
        start = command.find("\n", m.end())
        if start < 0:
            continue
        lines: list[str] = []
        for line in command[start + 1 : start + 1 + _MAX_TEXT].split("\n"):
            if (line.lstrip("\t") if m.group(1) else line).strip() == m.group(3):
                break
            lines.append(line.lstrip("\t") if m.group(1) else line)
        out.append("\n".join(lines))
    return out


_ANSI_C = {"n": "\n", "t": "\t", "\\": "\\", "'": "'", '"': '"', "0": "\0"}


def _here_strings(text: str) -> list[str]:
    """The words given with `<<<` in a segment's text, as the program reads them (quotes removed)."""
    out: list[str] = []
    at = text.find("<<<")
    while at >= 0 and len(out) < _MAX_TEXTS:
        rest = text[at + 3 :].lstrip(" \t")
        out.append(_first_word(rest))
        at = text.find("<<<", at + 3)
    return out


def _first_word(rest: str) -> str:
    """The first shell word of ``rest``, its quotes removed (loosely: one quoted piece, or up to a blank)."""
    if rest[:2] == "$'":
        body = rest[2:].partition("'")[0]
        return re.sub(r"\\(.)", lambda m: _ANSI_C.get(m.group(1), m.group(0)), body)
    if rest[:1] == "'":
        return rest[1:].partition("'")[0]
    if rest[:1] == '"':
        m = re.match(r'"((?:[^"\\]|\\.)*)', rest, re.S)
        return re.sub(r'\\([\\"$`])', r"\1", m.group(1)) if m else rest[1:]
    return re.split(r"[\s;&|]", rest, maxsplit=1)[0]


_PRINTF_ESCAPES = re.compile(r"\\(n|t|\\|0[0-7]{0,3}|x[0-9A-Fa-f]{1,2})")


def _unescaped(m: re.Match[str]) -> str:
    code = m.group(1)
    if code in ("n", "t", "\\"):
        return {"n": "\n", "t": "\t", "\\": "\\"}[code]
    return chr(int(code[1:], 16) if code[0] == "x" else int(code, 8))


def printed_text(seg: Segment, command: str) -> str:
    """What segment ``seg`` prints as text, when a literal reading knows it: `echo`'s and `printf`'s operands (its
    escapes read), what `cat` is given in a here-document or here-string; "" otherwise."""
    words = seg.words
    verb = words[0].rpartition("/")[2] if words else ""
    if verb in ("echo", "printf"):
        args = list(words[1:])
        while args and verb == "echo" and args[0][:1] == "-" and set(args[0][1:]) <= set("neE"):
            args.pop(0)
        joined = ("\n" if verb == "printf" else " ").join(args)[:_MAX_TEXT]
        return _PRINTF_ESCAPES.sub(_unescaped, joined) if "\\" in joined else joined
    if verb in ("cat", "tee"):
        return "\n".join(input_texts_of(seg, command))
    return ""


def input_texts_of(seg: Segment, command: str) -> list[str]:
    """What segment ``seg`` is given on its input in its own text: its here-strings, and (loosely) every
    here-document of the command when it is given one."""
    text = seg.text
    out: list[str] = []
    if "<<<" in text:
        out.extend(_here_strings(text))
    if "<<" in text.replace("<<<", ""):
        out.extend(here_doc_texts(command))
    return out


def input_texts(segments: Sequence[Segment], joins: Sequence[str | None], i: int, command: str) -> list[str]:
    """The texts segment ``i`` may read on its input: its here-strings and here-documents, what the commands piped
    into it print, what a process substitution it reads from prints."""
    seg = segments[i]
    out = input_texts_of(seg, command)
    k = i - 1
    while k >= max(0, i - _MAX_BACK) and joins[k] in ("|", "|&", None):
        printed = printed_text(segments[k], command)
        if printed:
            out.append(printed)
        if joins[k] is None and not segments[k].hidden:
            break
        k -= 1
    if "<(…)" in seg.redirects:
        j = i + 1
        while j < len(segments) and segments[j].hidden and j <= i + _MAX_BACK:
            out.append(printed_text(segments[j], command))
            j += 1
    return [t for t in out if t][:_MAX_TEXTS]


def written_texts(segments: Sequence[Segment], i: int, command: str) -> dict[str, list[str]]:
    """The files the segments before ``i`` write, each with the texts written to it: a redirect of a segment that
    prints (`echo 'rm -rf /' > x.sh`, `cat > t.sh <<EOF`), the files a `tee` names (what is piped into it)."""
    out: dict[str, list[str]] = {}
    for j in range(max(0, i - _MAX_BACK), i):
        seg = segments[j]
        words = seg.words
        if not words:
            continue
        if seg.redirects:
            printed = printed_text(seg, command)
            if printed:
                for target in seg.redirects:
                    out.setdefault(file_key(target), []).append(printed)
        if words[0] == "tee":
            printed = printed_text(seg, command) or (printed_text(segments[j - 1], command) if j else "")
            for target in words[1:]:
                if target[:1] != "-" and printed:
                    out.setdefault(file_key(target), []).append(printed)
    return out


def file_key(word: str) -> str:
    """A file's name as two words naming it in the same directory compare (`./x.sh` is `x.sh`)."""
    while word.startswith("./"):
        word = word[2:]
    return word


# -- R4.6, red team: what a command in a substitution prints of what the command gives it ---------------------------
# A deleted word built at run time (`rm -rf "$(cat <<EOF … EOF)"`, `$(jq -rn '"/"')`, `$(echo /x | tr -d x)`,
# `$(base64 -d <<< Lw==)`, `$(printenv HOME)`) is each word its commands may print (permissions.where reads the
# substitution's segments; here what a filter prints). Read loosely, as literal text (deny more): every here-document
# of the command counts for a command that reads one, its words as printed, with the quotes taken for blanks; a
# filter that turns its input (tr, sed's `s`, base64 -d, xxd -r) also prints each text turned so. A filter read
# wrong prints its input unturned, as any other command is read to (more is safe). Bounded: a few texts, each cut.
JQS = frozenset({"jq", "gojq", "jaq", "yq", "jql"})
_JQ_STRING = re.compile(r'"((?:[^"\\]|\\.){0,2000})"')
_JQ_ENV = re.compile(r"(?:\$ENV|\benv)\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*\"([A-Za-z_]\w*)\"\s*\])")
_JQ_VALUED = frozenset(
    {"--arg", "--argjson", "--slurpfile", "--rawfile", "-f", "--from-file", "--indent", "-L"}
)
_JSON_ESCAPES = {"n": "\n", "t": "\t", "/": "/", "\\": "\\", '"': '"', "b": "\b", "f": "\f", "r": "\r"}


def jq_prints(words: tuple[str, ...]) -> list[str]:
    """What jq (gojq, jaq, yq) may print of its own words: the string literals of its filter (JSON escapes read), a
    variable of the environment it names (`env.HOME`, `$ENV.D`: the shell's `$D`), the values `--arg` gives."""
    out: list[str] = []
    k = 1
    while k < len(words) and len(out) < _MAX_TEXTS:
        w = words[k]
        k += 1
        if w in _JQ_VALUED:
            if w == "--arg" and k + 1 < len(words):
                out.append(words[k + 1])
            k += 2 if w in ("--arg", "--argjson", "--slurpfile", "--rawfile") else 1
            continue
        if w[:1] == "-":
            continue
        for m in _JQ_STRING.finditer(w[:_MAX_TEXT]):
            out.append(re.sub(r"\\(.)", lambda e: _JSON_ESCAPES.get(e.group(1), e.group(1)), m.group(1)))
        for m in _JQ_ENV.finditer(w[:_MAX_TEXT]):
            out.append("$" + (m.group(1) or m.group(2)))
    return out


def substitution_prints(seg: Segment, command: str, before: Sequence[str]) -> list[str]:
    """R4.6: the words segment ``seg`` of a command substitution may print of what it is given -- the here-documents
    it reads (loosely: the command's), inline code fed on them (`python3 <<EOF print("/") EOF`), and ``before``
    (what the substitution's commands before it print: a pipe into it) or its here-strings as a filter turns them."""
    words = seg.words
    verb = words[0].rpartition("/")[2] if words else ""
    docs = here_doc_texts(command) if "<<" in seg.text.replace("<<<", "") else []
    out: list[str] = []
    code = bool(words) and fed_program(words) is not None
    for text in docs:
        # (code fed on it: what its printing calls print, not every word of it -- `10 / 2` prints no `/`)
        out.extend(
            code_prints(text) if code else text.replace("'", " ").replace('"', " ").split()[: _MAX_TEXTS * 4]
        )
    turn = _TURNERS.get(verb)
    if turn is not None:
        given = [*docs, *(_here_strings(seg.text) if "<<<" in seg.text else ()), *before[:_MAX_TEXTS]]
        for text in given[:_MAX_TEXTS]:
            out.extend(turn(words, text).split())
    return out


def _tr_set(spec: str) -> str | None:
    """The characters a tr set names (ranges and escapes read), or None for a class or an equivalence (not read)."""
    if "[:" in spec or "[=" in spec:
        return None
    spec = re.sub(r"\\([0-7]{1,3}|.)", lambda m: _tr_escape(m.group(1)), spec)
    out: list[str] = []
    k = 0
    while k < len(spec) and len(out) < 512:
        if k + 2 < len(spec) and spec[k + 1] == "-" and spec[k] <= spec[k + 2]:
            out.extend(chr(c) for c in range(ord(spec[k]), min(ord(spec[k + 2]), ord(spec[k]) + 256) + 1))
            k += 3
        else:
            out.append(spec[k])
            k += 1
    return "".join(out)


def _tr_escape(code: str) -> str:
    if code[0] in "01234567":
        return chr(int(code, 8))
    return {"n": "\n", "t": "\t", "r": "\r"}.get(code, code)


def _tr(words: tuple[str, ...], text: str) -> str:
    """What `tr` prints of ``text``: `-d` deletes SET1's characters (with `-c`, all others), SET1 SET2 translates."""
    flags = "".join(w[1:] for w in words[1:] if w[:1] == "-" and len(w) > 1 and w[1] != "-")
    sets = [w for w in words[1:] if not (w[:1] == "-" and len(w) > 1)]
    first = _tr_set(sets[0]) if sets else None
    if first is None:
        return text
    if "d" in flags:
        keep = "c" in flags or "C" in flags
        return "".join(c for c in text if (c in first) == keep)
    second = _tr_set(sets[1]) if len(sets) > 1 else None
    if not second or "c" in flags or "C" in flags:
        return text
    second = (second + second[-1] * len(first))[: len(first)]
    return text.translate(str.maketrans(first, second))


_SED_S = re.compile(r"s(.)((?:(?!\1)[^\\]|\\.)*)\1((?:(?!\1)[^\\]|\\.)*)\1([gip0-9]*)")


def _sed(words: tuple[str, ...], text: str) -> str:
    """What sed's `s` commands print of ``text`` (read as Python's regular expressions: a script not read so leaves
    the text as it is)."""
    for k in program_words(words):
        for m in _SED_S.finditer(words[k][:2000]):
            repl = m.group(3).replace("&", r"\g<0>")
            try:
                text = re.sub(m.group(2), repl, text, count=0 if "g" in m.group(4) else 1)
            except (re.error, IndexError):
                continue
    return text


def _decoded(words: tuple[str, ...], text: str) -> str:
    """What `base64 -d` (`base32 -d`, `xxd -r -p`) prints of ``text``, as text; "" when it is not such a reading."""
    verb = words[0].rpartition("/")[2]
    try:
        if verb == "xxd":
            return bytes.fromhex("".join(text.split())).decode("utf-8", "replace") if "-r" in words else ""
        if not any(w in ("-d", "-D", "--decode") or (w[:1] == "-" and "d" in w[1:3]) for w in words[1:]):
            return ""
        data = "".join(text.split())
        raw = (
            base64.b32decode(data + "=" * (-len(data) % 8))
            if verb == "base32"
            else base64.b64decode(data + "=" * (-len(data) % 4))
        )
        return raw.decode("utf-8", "replace")
    except (ValueError, binascii.Error):
        return ""


def _cut_list(spec: str) -> list[tuple[int, int]]:
    """cut's LIST (`6`, `1-3`, `2-`, `-2`, `1,3`) as spans from 1, both ends included."""
    out: list[tuple[int, int]] = []
    for piece in spec.split(",")[:16]:
        low, dash, high = piece.partition("-")
        if not (low or high) or not (low or "0").isdigit() or not (high or "0").isdigit():
            continue
        start = int(low) if low else 1
        out.append((start, int(high) if high else (start if not dash else 1 << 20)))
    return out


def _cut(words: tuple[str, ...], text: str) -> str:
    """What `cut -c LIST` (`-b`) or `cut -d D -f LIST` prints of ``text``, line by line."""
    given: dict[str, str] = {}
    k = 1
    while k < len(words):
        w = words[k]
        k += 1
        letter = {"--delimiter": "d", "--fields": "f", "--characters": "c", "--bytes": "b"}.get(
            w.partition("=")[0]
        )
        if letter is not None and "=" in w:
            given[letter] = w.partition("=")[2]
        elif w[:1] == "-" and len(w) > 1 and w[1] in "dfcb":
            value = w[2:] or (words[k] if k < len(words) else "")
            k += not w[2:]
            given[w[1]] = value
        elif letter is not None and k < len(words):
            given[letter] = words[k]
            k += 1
    spans = _cut_list(given.get("f") or given.get("c") or given.get("b") or "")
    if not spans:
        return text
    lines = []
    for line in text.split("\n")[:64]:
        if "f" in given:
            parts = line.split(given.get("d", "\t")[:1] or "\t")
            lines.append(given.get("d", "\t")[:1].join(p for n, p in enumerate(parts, 1) if _in(n, spans)))
        else:
            lines.append("".join(c for n, c in enumerate(line, 1) if _in(n, spans)))
    return "\n".join(lines)


def _in(n: int, spans: list[tuple[int, int]]) -> bool:
    return any(low <= n <= high for low, high in spans)


def _head(words: tuple[str, ...], text: str) -> str:
    """What `head -c N` (`tail -c N`) prints of ``text``: its first (last) N characters; the text for any other."""
    count = ""
    for k, w in enumerate(words[1:], 1):
        if w in ("-c", "--bytes") and k + 1 < len(words):
            count = words[k + 1]
        elif w[:2] == "-c" or w.startswith("--bytes="):
            count = w[2:] if w[:2] == "-c" else w.partition("=")[2]
    count = count.lstrip("+")
    if not count.isdigit():
        return text
    n = int(count)
    return text[:n] if words[0].rpartition("/")[2] == "head" else text[-n:] if n else ""


_PRINTF_CONVERSION = re.compile(r"%(?:%|[-+ #0']*(?:\d+|\*)?(?:\.(\d*))?([a-zA-Z]))")


def printf_formatted(args: Sequence[str]) -> str:
    """What `printf FORMAT ARGS` prints (red team: `printf %c /etc`, `printf '/%.0s' x`, `printf '%.1s' /etc`): each
    conversion filled in with the next argument (`%c` its first character, a precision cutting it), the format read
    again while arguments remain, a few times."""
    if not args:
        return ""
    rest = list(args[1:_MAX_TEXTS])
    out: list[str] = []

    def filled(m: re.Match[str]) -> str:
        if m.group(0) == "%%":
            return "%"
        value = rest.pop(0) if rest else ""
        if m.group(2) == "c":
            value = value[:1]
        if m.group(1) is not None:
            value = value[: int(m.group(1) or 0)]
        return value

    for _ in range(4):
        out.append(_PRINTF_CONVERSION.sub(filled, args[0][:_MAX_TEXT]))
        if not rest:
            break
    joined = "".join(out)
    return _PRINTF_ESCAPES.sub(_unescaped, joined) if "\\" in joined else joined


_TURNERS = {
    "tr": _tr,
    "sed": _sed,
    "gsed": _sed,
    "base64": _decoded,
    "base32": _decoded,
    "gbase64": _decoded,
    "xxd": _decoded,
    "cut": _cut,
    "head": _head,
    "tail": _head,
    "rev": lambda words, text: "\n".join(line[::-1] for line in text.split("\n")),
}
# (the filters substitution_prints turns the input of: permissions.where asks it for them, and for a here-document)
TURNS = frozenset(_TURNERS)


def patched_files(seg: Segment, command: str) -> list[str] | None:
    """The files Codex's apply_patch (a segment led by writes.PATCH_TOOLS) writes: those its patch names, given
    as its argument or on its input (a here-document or a here-string: :func:`input_texts_of`), or None when it
    is given no patch it can read (it may then rewrite any file of the tree)."""
    files = patch_files("\n".join(seg.words[1:]))
    for text in input_texts_of(seg, command) if files is None else ():
        found = patch_files(text)
        if found is not None:
            files = (files or []) + found
    return files
