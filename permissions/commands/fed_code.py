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

import re
from collections.abc import Sequence

from permissions.shell import Segment

__all__ = ["here_doc_texts", "input_texts", "printed_text", "written_texts"]

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
