"""R6.2, R4.7, SPEC §5: places named by what a command prints, handed to a program that reads or writes them.

A substitution is not a path: the commands inside it are segments judged on their own (R4.7). What it prints,
though, becomes the operand of the command around it -- and when that command reads or writes its operands as
files (`cat`, `cp`, `tar`, `grep PATTERN FILE…`), the printed text is a place the scope cannot see. When the text
comes from a file's content (`cat $(cat p)`, `cat $(<p)`, `cat $(head -1 p)`), a variable
(`cat $(echo $SECRET_PATH)`), the network (`cat $(curl -s URL)`) or any other command whose output is not a
listing, the place is outside as far as the scope knows: it asks as `cat ~/.ssh/id_rsa` asks (``cap_path_scope``:
off the sandbox in every mode, in Brabo's sandbox outside auto mode). The same holds for the names xargs hands
on (`xargs cat < p`, `xargs -a p cat`, `cat p | xargs cat`), for a `read` or `for` variable that holds them
(`while read f; do cat "$f"; done < p`, `for f in $(cat p); do cat "$f"; done`), and for the programs that read
their list of files from a file or their input (`tar -T p`, `tar --files-from=p`, `rsync --files-from=p`,
`zip x.zip -@ < p`, `cpio -o < p`, `wc --files0-from=p`, `file -f p`, `git add --pathspec-from-file=p`,
`7z a x.7z @p`, `tar cTf p x.tar`, `sha256sum -c p`, `rhash -c p`, a response file `gcc @p` / `javac @p` / `ld
@p`, an options file `nvcc --options-file p`, `git hash-object --stdin-paths < p`, `pax -w < p`; also run by find:
`find . -exec sha256sum -c {} +`) and for a place a compiler driver hands its linker in a comma list (`gcc
-Wl,-o,/home/u/.bashrc x.c`, the scope reading the word as one option) -- unless a listing of the project wrote that file earlier in the
same command and nothing else touches it (`find . -name '*.java' > s && javac @s`). What a compound command pipes
on is read too: a group, subshell, loop or `if`
printing listings only (`{ git ls-files; git ls-files -o; } | xargs cat`, `for f in $(git ls-files); do echo
"$f"; done | xargs cat`) is a listing, and a compound's input reaches the xargs, `read` or `tar -T -` inside it
(`cat p | { true; xargs cat; }`, `{ xargs cat; } < p`).

friction: a listing of the project's own places stays approved -- `git ls-files`, `git diff --name-only`,
`find .`, `fd`, `ls`, `rg -l`, `grep -l`, `pwd`, `git rev-parse --show-toplevel`, `mktemp`, `which`, and `echo`
or `printf` of literal words (each of whose own words the scope checks as any segment's), maybe filtered
(`| grep '\\.py$' | sort | head`) -- and a substitution that is no place at all is never read here: only a
program of PLACE_READERS, at an operand it reads as a place (`kill $(cat server.pid)`, `echo $(cat VERSION)`,
`head -n $(cat N) f` are left alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from permissions.commands.expression_reads import FED_EXPRESSIONS, fed_expression_files
from permissions.commands.fed_code import input_texts
from permissions.commands.find import FDS, FdWords, fd_picked, find_commands
from permissions.commands.option_tables_files import TAR_NAMES
from permissions.commands.runners import PARALLEL_SYNTAX, parallel_commands
from permissions.commands.shells import SHELLS, inline_script
from permissions.commands.syntax import NONE, REQUIRED, Syntax, long_option
from permissions.commands.textproc import AWKS, GREPS, SEDS, pattern_words, program_words
from permissions.commands.views import readings, views_of
from permissions.commands.wrappers import WRAPPERS
from permissions.memos import Memo
from permissions.shell import Segment, parse_command
from permissions.where import fed_words, joiners, picked_by_name

__all__ = [
    "FEEDS_NAMES",
    "FEED_READERS",
    "FEED_TAKERS",
    "PLACE_READERS",
    "fed_names_unjudged",
    "fed_reads",
    "loop_feed_unjudged",
    "reader_operand",
    "substituted_place_unjudged",
]

# Programs whose operands are places they read or write (the first operand of a grep, sed, awk or jq is its
# code: textproc blanks it before the scope reads the words; source's later operands are the script's).
PLACE_READERS = (
    frozenset(
        "cat bat batcat less more most nl tac head tail wc file stat strings xxd od hexdump base64 base32 source ."
        " touch truncate cp mv rm rmdir unlink shred srm trash trash-put ln install tee dd"
        " sort uniq cut paste join comm diff diff3 cmp sdiff column fold expand unexpand rev fmt pr"
        " md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum shasum"
        " gzip gunzip zcat bzip2 bunzip2 bzcat xz unxz xzcat zstd unzstd zstdcat lz4 brotli"
        " tar bsdtar gtar zip unzip 7z 7za rsync scp sftp"
        " jq yq gojq jaq view vi vim nvim nano emacs code open xdg-open"
        # interpreters read their script as a file (what follows it is its arguments)
        " python python3 python2 pypy3 node bash sh zsh dash ksh ruby perl php lua Rscript".split()
    )
    | GREPS
    | SEDS
    | AWKS
)

# Value options that are no place, per program (short letters taking a value; long names taking the next word).
_SHORT_VALUES: dict[str, str] = {
    "head": "nc",
    "tail": "ncs",
    "less": "bhjkoOpPTxyz",
    "more": "n",
    "nl": "bdfhilnsvw",
    "strings": "nte",
    "xxd": "cglson",
    "od": "AjNtSw",
    "hexdump": "enfs",
    "base64": "w",
    "base32": "w",
    "cut": "bcdf",
    "sort": "kStT",
    "uniq": "fsw",
    "fold": "w",
    "column": "cstoNRW",
    "pr": "wlNhoe",
    "split": "abl",
    "cp": "S",
    "mv": "S",
    "ln": "S",
    "install": "mogS",
    "touch": "dt",
    "truncate": "s",
    "stat": "c",
    "file": "mFP",
    "bat": "lHmr",
    "batcat": "lHmr",
    "diff": "CUFIxX",
    "cmp": "in",
    "shred": "ns",
    "jq": "",
    **dict.fromkeys(TAR_NAMES, "bbH"),
}
_LONG_VALUES = frozenset(
    "--lines --bytes --sleep-interval --pid --max-unchanged-stats --key --field-separator --buffer-size"
    " --suffix --mode --owner --group --format --printf --language --theme --style --line-range --tabs"
    " --terminal-width --wrap --map-syntax --highlight-line --arg --argjson --slurpfile --rawfile --indent"
    " --max-count --context --after-context --before-context --color --colour --include --exclude"
    " --exclude-dir --type --type-not --glob --iglob --max-depth --encoding --width --delimiter --fields"
    " --characters --skip-fields --check-chars --sort".split()
)


def _value_word(view: tuple[str, ...], k: int) -> bool:
    """Whether ``view[k]`` is the value of the option before it (a count, a format, a key: no place)."""
    prev = view[k - 1] if k > 1 else ""
    if prev[:2] == "--":
        return prev in _LONG_VALUES
    if prev[:1] != "-" or len(prev) < 2:
        return False
    return prev[-1] in _SHORT_VALUES.get(view[0], "")


def reader_operand(view: tuple[str, ...], k: int) -> bool:
    """Whether ``view[k]`` (``view[0]`` a program of PLACE_READERS) is an operand it reads or writes as a place:
    not an option, nor an option's value, nor code (blanked), nor a sourced script's argument."""
    w = view[k]
    if not w or w[:1] == "-" or _value_word(view, k):
        return False
    program = view[0]
    if program in ("source", ".") or program in _CODE_FIRST:
        # the script (what follows is its arguments); jq's filter
        first = all(x[:1] == "-" for x in view[1:k])
        return first if program in ("source", ".") else not first
    if program in GREPS or program in SEDS or program in AWKS:
        return k not in (program_words(view) or pattern_words(view))
    if program in _SCRIPT_RUNNERS:
        return _the_script(view, k)
    return True


_CODE_FIRST = frozenset({"jq", "yq", "gojq", "jaq"})
_SCRIPT_RUNNERS = frozenset(
    "python python3 python2 pypy3 node bash sh zsh dash ksh ruby perl php lua Rscript".split()
)
# Options after which an interpreter runs no script (code, a module), and options that take the next word.
_RUNS_NO_SCRIPT = frozenset({"-c", "-m", "-e", "-E", "-p", "--eval", "--print"})
_RUNNER_VALUES = frozenset(
    {"-W", "-X", "-o", "-O", "+o", "+O", "--rcfile", "--init-file", "--require", "--import", "--loader"}
    | {"-I", "-M", "-d", "-z", "-t", "-S", "--env-file", "--conditions", "--input-type"}
)


_PHP_CODE = frozenset({"-r", "-R", "-B", "-E", "-F"})


def _the_script(view: tuple[str, ...], k: int) -> bool:
    """Whether ``view[k]`` is the script an interpreter runs (`python3 $(cat p)`), not an argument of it nor
    of code it is given (`python3 -c '…' $(cat p)`, `python -m pytest $(git diff --name-only)`)."""
    j = 1
    while j < k:
        w = view[j]
        if w in _RUNS_NO_SCRIPT or (view[0] == "php" and w in _PHP_CODE) or w[:1] != "-":
            return False
        j += 2 if w in _RUNNER_VALUES or (w == "-r" and view[0] in ("node", "ruby")) else 1
    return j == k


# What lists the project's own places (or text the scope reads as words): a substitution or a feed made of it,
# maybe filtered, names places the scope judged where the listing was written.
_LISTERS = frozenset({"ls", "tree", "find", "gfind", "fd", "fdfind", "pwd", "mktemp", "which", "realpath"})
_NAMERS = frozenset({"basename", "dirname", "readlink", "echo", "printf", "true", "false", ":"})
_FILTERS = (
    frozenset(
        {"sort", "uniq", "head", "tail", "cut", "tr", "tac", "rev", "nl", "column", "fold", "cat", "paste"}
    )
    | GREPS
    | SEDS
    | AWKS
)
_GREP_NAMES_ONLY = frozenset({"--files-with-matches", "--files-without-match", "--files", "--name-only"})
_RUNS_ON_FOUND = frozenset(
    {"-exec", "-execdir", "-ok", "-okdir", "-files0-from", "-x", "-X", "--exec", "--exec-batch"}
)
# git's subcommands that print names of the checkout's files or revisions, never a file's content.
_GIT_NAMES = frozenset({"ls-files", "status", "rev-parse", "merge-base", "branch", "describe", "ls-tree"})
_GIT_NAMES_WITH = frozenset({"diff", "diff-tree", "diff-index", "diff-files", "show", "log", "whatchanged"})
_GIT_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})


def _git_lists(words: tuple[str, ...]) -> bool:
    k = 1
    while k < len(words) and words[k][:1] == "-":
        k += 2 if words[k] in _GIT_VALUED else 1
    sub = words[k] if k < len(words) else ""
    if sub in _GIT_NAMES:
        return True
    if sub in _GIT_NAMES_WITH:
        # (a commit's message is text anyone may have written: log, show and whatchanged print names only
        # with a format of their own, which permissions.scope reads for a place)
        return any(w in ("--name-only", "--name-status") for w in words[k:]) and (
            sub[:4] == "diff" or any(w.startswith(("--format", "--pretty")) for w in words[k:])
        )
    if sub == "grep":
        return _names_only(words[k:])
    return False


def _names_only(words: Sequence[str]) -> bool:
    """A grep-like search that prints the names of the files it matched only (`-l`, `-L`, `-rl`; not a
    pattern's letters, `-elocal`, nor an option's value, `-e -l`)."""
    valued = _GREP_VALUED.get(words[0], "ABCefmdD")
    names = "l" if words[0] == "rg" else "lL"
    skip = False
    for w in words[1:]:
        if skip:
            skip = False
            continue
        if w in _GREP_NAMES_ONLY:
            return True
        if w[:1] != "-" or w[1:2] == "-":
            continue
        for j in range(1, len(w)):
            if w[j] in names:
                return True
            if w[j] in valued:
                skip = j + 1 == len(w)  # the next word is its value
                break
    return False


_GREP_VALUED = {"rg": "ABCefgjmMrtTEd", "ag": "ABCGgmp", "ack": "ABCgm"}


def _expansions_list(seg: Segment) -> bool:
    """Whether every expansion of ``seg``'s words is a substitution that lists (`ls $(git rev-parse
    --show-toplevel)`; not `ls $(cat p)`, which prints the name it is given, nor a variable)."""
    if not seg.dynamic:
        return True
    subs = substitutions(seg.text)
    if subs is None or not all(map(_text_lists, subs)):
        return False
    rest = seg.text
    for sub in subs:
        rest = rest.replace(sub, "")
    return "$" not in rest.replace("$()", "") and "~" not in rest


def _source_lists(seg: Segment) -> bool:
    """Whether ``seg``, the head of what is printed, lists the project's places (see above)."""
    words = seg.words
    if not words or seg.inputs:
        return False  # `$(<p)`, `$(cat < p)`: a file's content
    first = words[0]
    if first == "git":
        return _git_lists(words) and _expansions_list(seg)
    if first in GREPS:
        return _names_only(words) and _expansions_list(seg)
    if first in _LISTERS:
        return (
            not any(w in _RUNS_ON_FOUND for w in words)
            and not any("=" in w for w in words[1:])
            and _expansions_list(seg)
        )
    if first in _NAMERS:
        # literal words, each checked by the scope (`echo $SECRET_PATH` is not); a word holding a blank is read
        # as several names by xargs or a response file (`echo 'a /etc/shadow' | xargs cat`): not checked as such
        return not seg.dynamic and not any(c in w for w in words[1:] for c in " \t\n")
    if "<<<" in seg.text and not seg.dynamic and not _here_string(seg.text):
        return _filters(seg)  # `tr a-z A-Z <<< readme`: literal text, checked by the scope as words are
    return first == "command" and words[1:2] == ("-v",) and not seg.dynamic


def _filters(seg: Segment) -> bool:
    """Whether ``seg``, after a listing in a pipeline, reads its input only (no file of its own)."""
    words = seg.words
    if not words or words[0] not in _FILTERS or seg.inputs:
        return False
    if words[0] == "tr":
        return True  # its operands are sets, never files
    code = set(program_words(words) or pattern_words(words))
    for k in range(1, len(words)):
        w = words[k]
        if k in code or w[:1] == "-" and w != "-":
            continue
        if not _value_word(words, k) and not (words[0] in ("head", "tail") and w.lstrip("+").isdigit()):
            return False  # a file it reads (`sort - p`, `grep x p`)
    return words[0] not in GREPS or "-f" not in words


def lists_places(segs: Sequence[Segment]) -> bool:
    """Whether the top-level segments ``segs`` print only a listing (see above): each a lister, or a filter
    after one."""
    top = [s for s in segs if not s.hidden]
    if not top:
        return False
    listed = False
    for seg in top:
        if _source_lists(seg):
            listed = True
        elif not (listed and (_filters(seg) or _xargs_lists(seg))):
            return False
    return True


def _xargs_lists(seg: Segment) -> bool:
    """Whether ``seg``, after a listing in a pipeline, is xargs running a lister on the names it is handed
    (`git ls-files | xargs grep -l x`, `find . -name '*.py' | xargs ls -t`; not `xargs -a p ls`)."""
    words = seg.words
    if words[0] != "xargs" or seg.dynamic or seg.inputs:
        return False
    at, from_file = _xargs_at(words)
    return not from_file and (at >= len(words) or _source_lists(seg._replace(words=words[at:])))


_LISTS_MEMO: Memo[str, bool] = Memo(1024)


def _text_lists(text: str) -> bool:
    hit = _LISTS_MEMO.get(text)
    if hit is None:
        parsed = parse_command(text)
        hit = _LISTS_MEMO.keep(text, not parsed.unparseable and lists_places(parsed.segments))
    return hit


# The characters a substitution's bounds depend on: an escape, quotes, backticks, parentheses and the openers.
_TOKEN = re.compile(r"\\.|['\"`()]|\$\(\(?|<\(", re.S)


def _requote(t: str, quote: str) -> str:
    """The quote a text is in after the token ``t`` (an escape or a quote; anything in single quotes)."""
    if quote == "'":
        return "" if t == "'" or t == "\\'" else quote
    if t[0] == "\\":
        return quote
    if not quote:
        return t
    return "" if quote == t else quote


def substitutions(text: str, opener: str = "$(") -> list[str] | None:
    """The commands of the top-level substitutions of ``text`` (``$(…)`` and backticks, or ``<(…)``), in order;
    None when the text cannot be read plainly (an unbalanced quote or parenthesis)."""
    spans = _substitution_spans(text, opener)
    return None if spans is None else [text[a:b] for a, b in spans]


def _substitution_spans(text: str, opener: str = "$(") -> list[tuple[int, int]] | None:
    """Where the commands of the top-level substitutions of ``text`` start and end (see substitutions). A loop
    over the characters the bounds depend on only (a regular expression finds them)."""
    out: list[tuple[int, int]] = []
    quote = ""
    stack: list[str] = []  # the quote each open parenthesis was opened in
    start = -1  # where the recorded substitution's command starts
    tick = -1  # where a top-level backtick's command starts
    for m in _TOKEN.finditer(text):
        t = m.group()
        if quote == "'" or t[0] == "\\" or t == '"' or t == "'":
            quote = _requote(t, quote)
        elif t == "`":
            if not stack and opener == "$(":
                if tick < 0:
                    tick = m.end()
                else:
                    out.append((tick, m.start()))
                    tick = -1
        elif t[0] in "$<" and (quote == "" or t[0] == "$"):
            if not stack and t == opener:
                start = m.end()
            stack.append(quote)
            if t == "$((":
                stack.append("")
            quote = ""
        elif t == "(" and not quote:
            stack.append("")
        elif t == ")" and not quote and stack:
            quote = stack.pop()
            if not stack and start >= 0:
                out.append((start, m.start()))
                start = -1
    return None if stack or quote or tick >= 0 else out


def _markers(word: str) -> int:
    return word.count("$(…)") + word.count("`…`")


def substituted_place_unjudged(
    view: tuple[str, ...], k: int, text: str, written: tuple[str, ...] | None = None
) -> bool:
    """Whether ``view[k]`` (of a segment of text ``text`` whose program reads places) is a place a substitution
    prints that is not a listing of the project (see above). ``written``: the segment's words as written, of
    which ``view`` is a suffix maybe with its code blanked (a grep's pattern)."""
    w = view[k]
    here = _markers(w)
    if not here or not reader_operand(view, k):
        return False
    subs = substitutions(text)
    if subs is None:
        return True
    words = written if written is not None and len(written) >= len(view) else view
    at = len(words) - len(view) + k
    before = sum(map(_markers, words[:at]))
    if len(subs) == sum(map(_markers, words)):
        subs = subs[before : before + here]  # (else, judged all: a redirection's or a wrapper's own)
    return not all(map(_text_lists, subs))


# --- what a `read` variable or xargs is fed -------------------------------------------------------------


def _piped_into(segments: Sequence[Segment], i: int, joins: Sequence[str | None], command: str) -> int:
    """The index of the segment piped into ``segments[i]``, -1 when nothing is, -2 when it is not plain. (The
    segments of a substitution follow the one that holds it: they are skipped.)"""
    if not segments[i].hidden:
        j = next((k for k in range(i - 1, -1, -1) if not segments[k].hidden), -1)
        if j >= 0 and joins[j] == "|":
            return j
        # a compound command's output (`{ cat p; } | xargs cat`, `done | xargs cat`): not read here
        return -2 if _after_a_pipe(segments[i].text, command) else -1
    # (inside a substitution, a group or `bash -c`: the text before it says whether a pipe feeds it)
    text = segments[i].text
    at = command.find(text)
    if at < 0 or command.count(text) > 1:
        return -2
    before = command[:at].rstrip()
    if before[-1:] != "|" or before[-2:] == "||":
        return -1
    before = before[:-1].rstrip()
    return next((k for k in range(i - 1, -1, -1) if before.endswith(segments[k].text)), -2)


def _after_a_pipe(text: str, command: str) -> bool:
    """Whether some occurrence of ``text`` in ``command`` follows a `|`."""
    at = command.find(text)
    while at >= 0:
        before = command[:at].rstrip()
        if before[-1:] == "|" and before[-2:] != "||":
            return True
        at = command.find(text, at + 1)
    return False


# Whether a `for` or `read` variable holds a listing's items (permissions.scope knows the loops' variables).
ItemsList = Callable[[str], bool]


def _pipeline_lists(
    segments: Sequence[Segment],
    j: int,
    joins: Sequence[str | None],
    command: str,
    items: ItemsList | None = None,
) -> bool:
    """Whether the pipeline ending at ``segments[j]`` prints a listing (a compound command's output may lead it:
    ``items``, see _compound_lists)."""
    chain = [j]
    while chain[-1] > 0:
        k = _piped_into(segments, chain[-1], joins, command)
        if k < 0 or not segments[k].words:
            if k == -2 or k >= 0:  # (a compound command's output, or its redirections': `} 2>/dev/null |`)
                fed = [segments[x]._replace(hidden=False) for x in chain]
                return _compound_lists(segments, chain[-1], command, items) and all(map(_filters, fed))
            break
        chain.append(k)
    return lists_places([segments[k]._replace(hidden=False) for k in reversed(chain)])


def _stdin_lists(
    segments: Sequence[Segment],
    i: int,
    joins: Sequence[str | None],
    command: str,
    items: ItemsList | None = None,
) -> bool:
    """Whether what ``segments[i]`` reads on its input is a listing: piped from one (or from a compound command
    printing listings only, ``items`` given), or from `< <(…)` of one. A file (`< p`, `-a p`) is a file's
    content; nothing piped or redirected is the agent's own input."""
    seg = segments[i]
    if seg.inputs:
        if _here_string(seg.text) or not all(seg.redirects[n] == "<(…)" for n in seg.inputs):
            return False  # `< p`: a file's content
        fed = substitutions(seg.text, "<(")
        return fed is not None and all(map(_text_lists, fed))
    if _here_string(seg.text):
        return False
    j = _piped_into(segments, i, joins, command)
    if j == -2 or (j >= 0 and not segments[j].words):
        return _compound_lists(segments, i, command, items)  # (`} | xargs cat`, `done < <(…) | xargs cat`)
    if j == -1:
        return _enclosed_input_lists(segments, i, joins, command)
    return _pipeline_lists(segments, j, joins, command, items)


# --- what a compound command prints into a pipe (`{ git ls-files; git ls-files -o; } | xargs cat`) ----------

_OPENS = {"{": "}", "for": "done", "while": "done", "until": "done", "select": "done", "if": "fi"}
_CLOSES = frozenset(_OPENS.values())
_KEEP_COMMAND = frozenset({"do", "then", "else", "elif", "!", "time"})
_UNREAD_WORDS = frozenset({"case", "esac", "coproc", "function", "in", ";;"})
_OPERATOR_TOKENS = frozenset({";", "&", "|", "&&", "||", "\n", "|&"})
# Quoted strings, escapes, operators, parentheses, and words (an unclosed quote alone: the text is not read).
_SHELL_TOKEN = re.compile(
    r"'[^']*'|\"(?:\\.|[^\"\\])*\"|\\.|&&|\|\||\|&|;;|[;&|\n()'\"]|[^\s;&|()'\"\\]+", re.S
)
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=")
# Commands that print nothing on their output whatever they are given.
_SILENT = frozenset({"read", "test", "[", "[[", "true", "false", ":", "break", "continue"})


def _blank_substitutions(text: str) -> str | None:
    """``text`` with each top-level substitution (`$(…)`, backticks, `<(…)`) turned into as many `x`s, so the
    structure around them reads plainly; None when it holds one not read here (`>(…)`, arithmetic)."""
    if ">(" in text or "$((" in text:
        return None
    spans = _substitution_spans(text)
    fed = _substitution_spans(text, "<(")
    if spans is None or fed is None:
        return None
    chars = list(text)
    for a, b in spans + fed:
        a -= 1 if text[a - 1] == "`" else 2
        chars[a : b + 1] = "x" * (b + 1 - a)
    return "".join(chars)


# The redirections that end a compound command (`} 2>/dev/null`, `done < <(git ls-files)`, its substitutions blanked).
_TRAILING_REDIRECTS = re.compile(r"(?:\s*\d*(?:>>|>\||<>|[<>])&?\s*[^\s;&|()<>]+)+\Z")


def _without_redirects(head: str) -> str:
    """``head`` without the redirections that end it: what `done < <(git ls-files)` feeds a loop is read by the
    `read` in it (loop_feed_unjudged), and a pipeline in the body that reads its input is never a listing."""
    plain = _blank_substitutions(head) if len(head) <= _MAX_HEAD else None
    m = None if plain is None else _TRAILING_REDIRECTS.search(plain)
    return head if m is None else head[: m.start()].rstrip()


_MAX_HEAD = 4096  # (longer texts are not searched for redirections: their compound is not read)


def _compound_start(head: str) -> int | None:
    """Where the compound command that ends ``head`` (its `}`, `)`, `done` or `fi`) starts; None when there is
    none or the text is not read plainly (see _compounds)."""
    plain = _blank_substitutions(head)
    found = None if plain is None else _compounds(plain, True)
    end = len(head.rstrip())
    return next((start for start, stop in found or () if stop == end), None)


def _compounds(plain: str, open_ok: bool = False) -> list[tuple[int, int]] | None:
    """Where each compound command of ``plain`` (its substitutions blanked) starts and ends: groups, subshells,
    loops, `if`s; None when the text is not read plainly (a `case`, a here-document, a comment, an unclosed quote,
    a closer without its opener; an opener left open unless ``open_ok``)."""
    out: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    command = True  # whether the next word is where a command starts (a reserved word is read there only)
    for m in _SHELL_TOKEN.finditer(plain):
        t = m.group()
        if t in _OPERATOR_TOKENS or t == "(":
            if t == "(":
                stack.append((t, m.start()))
            command = True
            continue
        if t in ("'", '"') or t[0] == "#" or ("<<" in t and "<<<" not in t):
            return None  # an unclosed quote, a comment, a here-document
        if t == ")" or (command and t in _CLOSES):
            if not stack or (t == ")") != (stack[-1][0] == "(") or (t != ")" and _OPENS[stack[-1][0]] != t):
                return None
            out.append((stack.pop()[1], m.end()))
            command = False
        elif command and t in _OPENS:
            stack.append((t, m.start()))
            command = t not in ("for", "select")
        elif command and t in _UNREAD_WORDS:
            return None
        elif not (command and (t in _KEEP_COMMAND or _ASSIGNMENT.match(t))):
            command = False
    return out if open_ok or not stack else None


def _enclosed_input_lists(
    segments: Sequence[Segment], i: int, joins: Sequence[str | None], command: str, depth: int = 0
) -> bool:
    """Whether what ``segments[i]``, fed by nothing of its own, reads from the compound commands around it is a
    listing or nothing: `cat p | { true; xargs cat; }`, `{ xargs cat; } < p`, `cat p | while true; do xargs cat;
    done` hand it their input -- in a script a shell is handed too (`bash -c 'cat p | { xargs cat; }'`)."""
    if "|" not in command and "<" not in command:
        return True  # (nothing feeds anything)
    plain = _blank_substitutions(command)
    found = None if plain is None else _compounds(plain)
    if plain is None or found is None:
        return False  # (not read plainly: nothing says what it reads)
    text = segments[i].text
    at = command.find(text) if command.count(text) == 1 else -1
    if found and at < 0:
        return False
    for start, end in sorted((c for c in found if c[0] <= at < c[1]), reverse=True):
        after = command[end : end + _redirects_after(plain, end)]
        if "<" in after:
            return _redirect_lists(after)
        before = command[:start].rstrip()
        if before[-1:] == "|" and before[-2:] != "||":
            before = before[:-1].rstrip()
            k = next((k for k in range(i - 1, -1, -1) if before.endswith(segments[k].text)), -1)
            return (
                k >= 0
                and (depth > 0 or not segments[k].hidden)
                and _pipeline_lists(segments, k, joins, command)
            )
    script = _quoted_around(command, plain, at) if segments[i].hidden and at >= 0 and depth < 2 else None
    return script is None or _enclosed_input_lists(segments, i, joins, script, depth + 1)


def _quoted_around(command: str, plain: str, at: int) -> str | None:
    """The quoted word of ``command`` holding position ``at`` (a script a shell is handed), unquoted."""
    for m in _SHELL_TOKEN.finditer(plain):
        if m.start() < at < m.end() and plain[m.start()] in "'\"":
            body = command[m.start() + 1 : m.end() - 1]
            return body if plain[m.start()] == "'" else _DQ_ESCAPE.sub(r"\1", body)
        if m.start() > at:
            break
    return None


_DQ_ESCAPE = re.compile(r'\\([\\"$`])')


# What follows a compound command's closer up to the next operator: its redirections.
_REDIRECTS_AFTER = re.compile(r"[^;&|\n()]+")


def _redirects_after(plain: str, end: int) -> int:
    """How long the redirections after a closer at ``end`` of ``plain`` (substitutions blanked) are."""
    m = _REDIRECTS_AFTER.match(plain, end)
    return 0 if m is None else m.end() - end


def _redirect_lists(after: str) -> bool:
    """Whether the redirections ``after`` a compound command feed it a listing (`< <(git ls-files)`) or literal
    words the scope reads (`<<< a.md`); not a file's content."""
    if "<<<" in after:
        return not _here_string(after)
    fed = substitutions(after, "<(")
    return fed is not None and after.count("<") == 2 * len(fed) and bool(fed) and all(map(_text_lists, fed))


def _compound_lists(segments: Sequence[Segment], i: int, command: str, items: ItemsList | None) -> bool:
    """Whether the compound command piped into ``segments[i]`` (a group, a subshell, a loop, an `if`) prints
    listings only: each pipeline in it a listing, a command that prints nothing (`read`, `[`), or `echo` of
    loop variables ``items`` says hold a listing's items (`for f in $(git ls-files); do echo "$f"; done`)."""
    text = segments[i].text
    if items is None or command.count(text) != 1:
        return False
    head = command[: command.find(text)].rstrip()
    while True:
        if head[-1:] != "|" or head[-2:] == "||":
            return False
        head = head[:-1].rstrip()
        core = _without_redirects(head)
        start = _compound_start(core)
        if start is not None:
            break
        # filters between (`( … ) | sort -u | xargs cat`, where the subshell's hide what precedes them)
        i = next((k for k in range(i - 1, -1, -1) if not segments[k].hidden), -1)
        if i < 0 or not head.endswith(segments[i].text) or not _filters(segments[i]):
            return False
        head = head[: -len(segments[i].text)].rstrip()
    compound = head[start:]
    if compound[0] == "(" and core != head:
        # a subshell's redirections (`(git ls-files) 2>/dev/null`): read as a group's, whose segments are the same
        compound = "{ " + core[start + 1 : -1] + "\n}" + head[len(core) :]
    body = compound[1:-1] if compound[0] == "(" else compound
    parsed = parse_command(body)
    inner = parsed.segments
    n = len(inner)
    if parsed.unparseable or n > i or [s.words for s in inner] != [s.words for s in segments[i - n : i]]:
        return False  # (not the commands the whole command reads there)
    return _body_lists(body, inner, items)


def _body_lists(body: str, inner: Sequence[Segment], items: ItemsList) -> bool:
    """Whether each pipeline of ``body`` (its segments ``inner``) prints a listing or nothing (see above)."""
    found = 0  # the segments of the body's substitutions: any other hidden one (a subshell, `bash -c`) is not read
    for opener in ("$(", "<("):
        subs = substitutions(body, opener)
        if subs is None:
            return False
        found += sum(len(parse_command(sub).segments) for sub in subs)
    if found != sum(1 for s in inner if s.hidden):
        return False
    group: list[Segment] = []
    for seg, join in zip(inner, joiners(inner, body)):
        if seg.hidden:
            continue
        group.append(seg)
        if join == "|":
            continue
        if not _group_lists(group, items):
            return False
        group = []
    return not group or _group_lists(group, items)


def _group_lists(group: Sequence[Segment], items: ItemsList) -> bool:
    first = group[0]
    program = next((w for w in first.words if not _ASSIGNMENT.match(w)), "")
    if len(group) == 1 and (not program or program in _SILENT):
        # a redirection of a loop or group (`done < <(git ls-files)`), `IFS= read -r f`, `[ -f "$f" ]`
        return True
    if len(group) == 1 and program == "cd" and not first.dynamic and first.words[1:2] != ("-",):
        # `(cd src && git ls-files)`: where it moves is the scope's, as any `cd`'s (`cd -` prints a place)
        return True
    if lists_places(group):
        return True
    return _lists_items(first, items) and all(map(_filters, group[1:]))


_ITEM = re.compile(r"\$(?:\{([a-z_][a-z0-9_]*)\}|([a-z_][a-z0-9_]*))")
_PLAIN_FORMATS = frozenset({"%s\\n", "%s\\0", "%s", "%s\n"})


def _lists_items(seg: Segment, items: ItemsList) -> bool:
    """A lister or `echo` whose expansions are loop variables holding a listing's items, with relative literal
    text (no root, climb, home, escape or other expansion): `echo "$f"`, `printf '%s\\n' "src/$f"`, `find "$d"
    -name '*.py'` (`for d in src tests`)."""
    words = seg.words
    if not words or not seg.dynamic or seg.inputs:
        return False
    if words[0] == "printf" and (len(words) < 3 or words[1] not in _PLAIN_FORMATS or 1 in seg.dynamic):
        return False
    for k in seg.dynamic:
        w = words[k]
        names = [a or b for a, b in _ITEM.findall(w)]
        rest = _ITEM.sub("", w)
        if not names or rest[:1] == "/" or ".." in rest or any(c in rest for c in "$`~\\"):
            return False
        if not all(map(items, names)):
            return False
    return _source_lists(seg._replace(dynamic=frozenset()))


def _here_string(text: str) -> bool:
    """Whether ``text`` hands a here-string holding an expansion that is no listing (`<<< "$(cat p)"`,
    `<<< "$P"`); its literal words are the scope's (permissions.scope._check_text)."""
    if "<<<" not in text or ("$" not in text and "`" not in text):
        return False
    subs = substitutions(text)
    if subs is None or not all(map(_text_lists, subs)):
        return True
    rest = text
    for sub in subs:
        rest = rest.replace(sub, "")
    return "$" in rest.replace("$()", "")


def _options_end(view: tuple[str, ...], syntax: Syntax) -> tuple[int, frozenset[str]]:
    """Where the command a wrapper runs starts in ``view`` -- its options read as ``syntax`` says its getopt reads
    them (permissions.commands.wrappers, the same reading) -- and the options given (long ones by their full
    name, short ones by their letter)."""
    k = 1
    n = len(view)
    given: set[str] = set()
    while k < n and view[k][:1] == "-" and view[k] != "-":
        w = view[k]
        k += 1
        if w == "--":
            break
        if w[1] == "-":
            name, eq, _ = w[2:].partition("=")
            hit = long_option(name, syntax.long)
            if hit is not None:
                given.add(hit[0])
                k += 1 if hit[1] == REQUIRED and not eq else 0
            continue
        for j in range(1, len(w)):
            kind = syntax.short.get(w[j], NONE)
            given.add(w[j])
            if kind != NONE:
                k += 1 if kind == REQUIRED and j + 1 == len(w) else 0  # (the rest is its value)
                break
    return k, frozenset(given)


def _xargs_program(view: tuple[str, ...]) -> tuple[str | None, bool]:
    """(what xargs runs, whether its names come from a file: `-a p`, `--arg-file=p`)."""
    k, from_file = _xargs_at(view)
    return (view[k] if k < len(view) else "echo"), from_file


def _xargs_at(view: tuple[str, ...]) -> tuple[int, bool]:
    """(where the command xargs runs starts in ``view``, whether its names come from a file)."""
    k, given = _options_end(view, WRAPPERS["xargs"])
    return k, "a" in given or "arg-file" in given


def _file_list_option(view: tuple[str, ...]) -> str | None:
    """Where a program of FEED_TAKERS reads the list of places it opens: a file, `-` (its input), or None; `?`
    when it names several (`tar -T - -T p`: each would have to be read)."""
    program = view[0]
    reader = _OWN_LIST_READERS.get(program)
    if reader is not None:
        return reader(view)
    found: set[str] = set()
    if program in _TARS and view[1:2] and view[1][:1] not in ("-", "") and view[1].isalpha():
        where = _tar_bundle(view)  # `tar cTf p out.tar`: old-style letters, their values after them in order
        if where is not None:
            found.add(where)
    least = _LIST_LONGS.get(program, _LIST_LONGS_ANY)
    n = len(view)
    for k in range(1, n):
        w = view[k]
        nxt = view[k + 1] if k + 1 < n else "-"
        if w[:2] == "--":
            name, eq, value = w.partition("=")
            if any(len(name) >= len(short) and full.startswith(name) for full, short in least):
                found.add(
                    value if eq else nxt
                )  # (an unambiguous abbreviation too: `--files-f=p`, `wc --f=p`)
                continue
        where = _short_list(program, w, nxt)
        if where is not None:
            found.add(where)
    return _one_list(found)


def _one_list(found: set[str] | list[str]) -> str | None:
    """The one list of ``found``, None for none, `?` for several."""
    distinct = set(found)
    return None if not distinct else distinct.pop() if len(distinct) == 1 else "?"


def _short_list(program: str, w: str, nxt: str) -> str | None:
    """The list of places a short option or an operand of ``program`` names (see _file_list_option)."""
    if program in _TARS and w[:1] == "-":
        for j in range(1, len(w)):
            if w[j] == "T":
                return w[j + 1 :] or nxt
            if w[j] in _TAR_VALUED:
                break  # the rest is that option's value (`-cfT` writes to a file named T)
        return None
    if program in _SEVEN_ZIPS:
        if w[:1] == "@":
            return w[1:]  # `7z a x.7z @list`
        if w[:2] == "-i" and "@" in w:
            return w.partition("@")[2]  # `-i@list`, `-ir@list` (what `-x@` names only leaves out)
        return None
    if program == "find" and w == "-files0-from":
        return nxt
    if program in ("ctags", "etags") and w[:2] == "-L":
        return w[2:] or nxt
    if (program == "file" or program == "xgettext") and w[:2] == "-f":
        return w[2:] or nxt
    if program == "git" and w[:9] == "--stdin-p" and "--stdin-paths".startswith(w):
        return "-"  # `git hash-object --stdin-paths`: it reads (and with -w keeps) each file its input names
    if program == "zip" and (w == "-@" or (w[:1] == "-" and "@" in w)):
        return "-"
    if program == "cpio" and (w in ("-o", "--create", "-p", "--pass-through") or _cluster(w, "op")):
        return "-"
    return None


def _tar_bundle(view: tuple[str, ...]) -> str | None:
    """The list `tar cTf p out` names in its first word's old-style letters (each value taking the next word
    after the bundle, in order); `?` when the words run out."""
    bundle = view[1]
    if "T" not in bundle:
        return None
    at = 2 + sum(1 for c in bundle[: bundle.index("T")] if c in _TAR_VALUED)
    return view[at] if at < len(view) else "?"


_TARS = TAR_NAMES
_TAR_VALUED = frozenset("fbCgHIKLNTVXF")  # tar's letters that take a value
_SEVEN_ZIPS = frozenset({"7z", "7za", "7zz", "7zr", "rar"})
# The long options that name a list of places (full name, shortest abbreviation the program takes), per program.
_LIST_LONGS_ANY = (("--files-from", "--files"), ("--files0-from", "--files0"))
_LIST_LONGS: dict[str, tuple[tuple[str, str], ...]] = {
    "tar": _LIST_LONGS_ANY,
    "wc": (("--files0-from", "--f"),),
    "du": (("--files0-from", "--f"),),
    "sort": (("--files0-from", "--fil"),),
    "git": (("--pathspec-from-file", "--pathspec-fr"),),
}


def _cluster(w: str, letters: str) -> bool:
    return w[:1] == "-" and w[1:2] != "-" and any(c in w for c in letters)


# --- programs that read a list of their own: checksum lists, response files, pax's input ----------------------

# The checksum programs: with `-c`/`--check` each operand (none, or `-`: the input) is a list of `HASH  NAME`
# lines, and each NAME is a file they read. Their letters and long names taking a value (b2sum and cksum's
# `-l`/`--length`, cksum and shasum's `-a`/`--algorithm`; rhash's `-o`/`--output`, `-l`/`--log`, `-p`/`--printf`,
# `-m`/`--message`, `-u`/`--update`, whose `-a` is a flag), so that value is no list; rhash's `--file-list` names a
# list of files to hash.
_CHECKSUMS = frozenset(
    f"{g}{name}"
    for name in (
        "md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum shasum b3sum"
        " xxhsum xxh32sum xxh64sum xxh128sum rhash".split()
    )
    for g in ("", "g")  # (GNU coreutils installed beside BSD's: `gsha256sum`)
)
_CHECKSUM_VALUED = ("al", ("--algorithm", "--length"))
_CHECKSUM_SYNTAX = {
    "rhash": (
        "olpmu",
        ("--output", "--log", "--printf", "--message", "--update", "--template", "--max-depth"),
    ),
    "grhash": (
        "olpmu",
        ("--output", "--log", "--printf", "--message", "--update", "--template", "--max-depth"),
    ),
}
_RHASH_FILE_LIST = "--file-list"


def _checksum_list(view: tuple[str, ...]) -> str | None:
    """The list `sha256sum -c LIST` (`--check`, `-wc`, `--ch`; options anywhere, as getopt permutes them) reads,
    `-` its input (no operand), `?` several; None without `-c` (rhash: or its `--file-list`)."""
    letters, longs = _CHECKSUM_SYNTAX.get(view[0], _CHECKSUM_VALUED)
    check = False
    lists: list[str] = []
    named: list[str] = []  # rhash's `--file-list` values
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            lists.extend(view[k:])
            break
        if w[:2] == "--":
            name, eq, value = w.partition("=")
            check = check or (len(name) > 2 and "--check".startswith(name))
            if len(name) > 3 and _RHASH_FILE_LIST.startswith(name) and "rhash" in view[0]:
                named.append(value if eq else view[k] if k < n else "?")
                k += 0 if eq else 1
            elif not eq and len(name) > 2 and any(full.startswith(name) for full in longs):
                k += 1
        elif w[:1] == "-" and len(w) > 1:
            for j in range(1, len(w)):
                if w[j] in letters:
                    k += 1 if j + 1 == len(w) else 0  # (the rest of the word is its value)
                    break
                check = check or w[j] == "c"
        else:
            lists.append(w)
    if check:
        named.extend([w if w != "/dev/stdin" else "-" for w in lists] or ["-"])
    return _one_list(named)


def _response_file(view: tuple[str, ...]) -> str | None:
    """The response file a compiler, linker or binutils program reads its options and operands from: `gcc @p`
    (`-o ~/.bashrc` in it writes there, a path in it is read), also handed to the linker (`-Wl,@p`); an options
    file (nvcc's `--options-file p` / `-optf p`, clang's `--config p`); `?` when the driver hands the linker,
    assembler or preprocessor a place in a comma list (see _comma_places)."""
    found: list[str] = []
    n = len(view)
    for k in range(1, n):
        w = view[k]
        if w[:1] == "@" and len(w) > 1:
            found.append(w[1:])
        elif w[:3] in _COMMA_LISTS and "," in w:
            found.extend(
                part[1:] or "?"
                for part in w.split(",")
                if part[:1] == "@" and not part.startswith(_RUNTIME_ORIGINS)
            )
            if _comma_places(w):
                found.append("?")
        elif w[:2] == "--" or w[:2] == "-X" or w[:5] == "-optf":
            name, eq, value = w.partition("=")
            value = value if eq else view[k + 1] if k + 1 < n else "?"
            if name in _OPTIONS_FILES:
                found.extend(value.split(","))
            elif name in _HANDED_ON and _comma_places("," + value):
                found.append("?")  # `nvcc -Xlinker -o,/home/u/x`, `-Xcompiler -Wl,-o,/x`
    return _one_list(found)


# The driver's options handing a comma list on (`-Wl,-o,x` is the linker's `-o x`; `-Wa,` the assembler's, `-Wp,` the
# preprocessor's) and its options naming a file of options (nvcc's, clang's configuration file).
_COMMA_LISTS = frozenset({"-Wl", "-Wa", "-Wp"})
_OPTIONS_FILES = frozenset({"--options-file", "-optf", "--config"})
# nvcc's options handing the host compiler, linker or archiver a comma list (`-Xlinker -o,/x`, `--linker-options=…`).
_HANDED_ON = frozenset(
    {"-Xlinker", "--linker-options", "-Xcompiler", "--compiler-options", "-Xarchive", "--archive-options"}
    | {"-Xnvlink", "--nvlink-options"}
)
# Where a path in a comma list starts (its part, a value after `=`, or glued to a short option's letter).
_COMMA_PLACE = re.compile(r"(?:^|=|^-[A-Za-z])[/~]|(?:^|[=/]|^-[A-Za-z])\.\.(?:/|$)")
# What a linker reads as a place only when the program runs, not when it is built: no place of this machine.
_RUNTIME_ORIGINS = ("$ORIGIN", "${ORIGIN}", "@loader_path", "@executable_path", "@rpath")


def _comma_places(w: str) -> bool:
    """Whether the comma list ``w`` (`-Wl,-o,/home/u/.bashrc`, `-Wl,--version-script,/etc/x`, `-Wp,-MD,~/x.d`,
    `-Wl,-L/opt/lib`, `-Wl,-Map=../../x`) names a rooted, home or climbing place: the linker, assembler or
    preprocessor reads or writes it, and the scope sees the word as one option. Such a place is taken as outside,
    as one a substitution prints is (an absolute place inside the project asks too); a relative one (`-Wl,-rpath,
    ./lib`) and a run-time origin (`-Wl,-rpath,$ORIGIN/../lib`) are not places of the build."""
    for part in w.split(",")[1:]:
        if part.startswith(_RUNTIME_ORIGINS) or "=$ORIGIN" in part or "=${ORIGIN}" in part:
            continue
        if _COMMA_PLACE.search(part) is not None:
            return True
    return False


_ZIG_DRIVERS = frozenset({"cc", "c++", "ar", "ranlib", "objcopy", "lib", "dlltool", "rc"})


def _zig_response_file(view: tuple[str, ...]) -> str | None:
    """`zig cc @p`, `zig ar @p`: zig's clang and binutils drivers read response files as they do."""
    return _response_file(view[1:]) if view[1:2] and view[1] in _ZIG_DRIVERS else None


# java's options taking the next word; its argument files come before the class, `-jar FILE`, `-m MODULE` or a
# source file it runs (after them, an `@` word is the program's own argument).
_JAVA_VALUED = frozenset(
    {"-cp", "-classpath", "--class-path", "-p", "--module-path", "--upgrade-module-path", "--add-modules"}
    | {"--limit-modules", "--add-reads", "--add-exports", "--add-opens", "--patch-module", "--source"}
    | {"--enable-native-access"}
)


def _java_argfile(view: tuple[str, ...]) -> str | None:
    """The argument file `java @argfile Main` reads its options from (not an `@` word after the class)."""
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        if w[:1] == "@" and len(w) > 1:
            return w[1:]
        if w in ("-jar", "-m", "--module") or w[:1] != "-":
            return None
        k += 2 if w in _JAVA_VALUED else 1
    return None


_PAX_VALUED = frozenset("bfopsxBDEGTU")  # pax's letters that take a value


def _pax_list(view: tuple[str, ...]) -> str | None:
    """`-` when pax writes (`-w`) or copies (`-rw DIR`) and names no file: it reads their names from its input."""
    letters: set[str] = set()
    operands = 0
    k, n = 1, len(view)
    while k < n:
        w = view[k]
        k += 1
        if w == "--":
            operands += n - k
            break
        if w[:1] != "-" or len(w) < 2:
            operands += 1
            continue
        for j in range(1, len(w)):
            if w[j] in _PAX_VALUED:
                k += 1 if j + 1 == len(w) else 0
                break
            letters.add(w[j])
    return "-" if "w" in letters and operands <= ("r" in letters) else None


# Compilers, linkers and the binutils, .NET's and the JVM's tools: `@FILE` is a response file of options and
# operands. By name, versioned and cross-prefixed as distributions and SDKs install them (`gcc-12`, `clang-17`,
# `x86_64-linux-gnu-gcc-12`, `arm-none-eabi-ld`, `x86_64-w64-mingw32-gcc-posix`, the Android NDK's
# `aarch64-linux-android21-clang`); any `@` word of another program is left alone (npm's `@scope/pkg`,
# `git@host:repo`).
_RESPONSE_COMPILERS = (
    "gcc",
    "g++",
    "cpp",
    "gfortran",
    "cc",
    "c++",
    "gdc",
    "gccgo",
    "gcc-ar",
    "gcc-nm",
    "gcc-ranlib",
)
_RESPONSE_BINUTILS = (
    "ld ld.bfd ld.gold gold ar as nm objcopy objdump strip ranlib readelf size strings addr2line c++filt elfedit"
    " dlltool windres gprof ld.mold ld.lld".split()
)
_RESPONSE_LLVM = (
    "clang clang++ clang-cpp clang-cl ld.lld lld lld-link ld64.lld wasm-ld llvm-ar llvm-nm llvm-objcopy"
    " llvm-objdump llvm-strip llvm-ranlib llvm-lib llvm-link llvm-as llvm-mc flang flang-new".split()
)
_CROSS_PREFIXES = (
    "x86_64-linux-gnu aarch64-linux-gnu arm-linux-gnueabihf arm-linux-gnueabi i686-linux-gnu i386-linux-gnu"
    " riscv64-linux-gnu powerpc64le-linux-gnu powerpc64-linux-gnu powerpc-linux-gnu s390x-linux-gnu"
    " mips-linux-gnu mipsel-linux-gnu mips64-linux-gnuabi64 mips64el-linux-gnuabi64 sparc64-linux-gnu"
    " alpha-linux-gnu hppa-linux-gnu m68k-linux-gnu sh4-linux-gnu loongarch64-linux-gnu x86_64-linux-gnux32"
    " x86_64-w64-mingw32 i686-w64-mingw32 arm-none-eabi aarch64-none-elf aarch64-elf arm-eabi arm-none-linux-gnueabihf"
    " aarch64-none-linux-gnu aarch64-unknown-linux-gnu x86_64-unknown-linux-gnu x86_64-pc-linux-gnu"
    " x86_64-linux-musl aarch64-linux-musl arm-linux-musleabihf x86_64-alpine-linux-musl i686-elf x86_64-elf"
    " riscv64-unknown-elf riscv32-unknown-elf riscv64-unknown-linux-gnu riscv-none-elf riscv-none-embed"
    " riscv32-esp-elf xtensa-esp32-elf xtensa-esp32s2-elf xtensa-esp32s3-elf xtensa-esp-elf xtensa-lx106-elf"
    " avr msp430 msp430-elf or1k-elf m68k-elf sh-elf mips-elf mipsel-elf powerpc-eabi wasm32-wasi"
    " x86_64-apple-darwin arm64-apple-darwin aarch64-apple-darwin".split()
)
_VERSIONS = range(3, 26)  # (clang's, LLVM's; GCC's from 4 to 20)
_GCC_VERSIONS = range(4, 21)
# The Android NDK's drivers: a target and the API level they build for.
_NDK_TARGETS = (
    "aarch64-linux-android",
    "armv7a-linux-androideabi",
    "i686-linux-android",
    "x86_64-linux-android",
)
_RESPONSE_NAMES = frozenset(
    {*_RESPONSE_COMPILERS, *_RESPONSE_BINUTILS, *_RESPONSE_LLVM}
    | {f"{c}-{v}" for c in _RESPONSE_COMPILERS for v in _GCC_VERSIONS}
    | {f"{c}-{v}" for c in _RESPONSE_LLVM for v in _VERSIONS}
    | {f"{c}-mp-{v}" for c in _RESPONSE_COMPILERS[:4] for v in _GCC_VERSIONS}  # (MacPorts')
    | {
        f"{t}-{c}"
        for t in _CROSS_PREFIXES
        for c in (*_RESPONSE_COMPILERS, *_RESPONSE_BINUTILS, "clang", "clang++")
    }
    | {f"{t}-{c}-{v}" for t in _CROSS_PREFIXES[:30] for c in _RESPONSE_COMPILERS[:4] for v in _GCC_VERSIONS}
    | {
        f"{t}-{c}-{m}"
        for t in _CROSS_PREFIXES[:30]
        for c in ("gcc", "g++", "gfortran")
        for m in ("posix", "win32")
    }
    | {f"{t}{api}-{c}" for t in _NDK_TARGETS for api in range(16, 40) for c in ("clang", "clang++")}
    | {
        "tcc",
        "icc",
        "icpc",
        "icx",
        "icpx",
        "ifx",
        "ifort",
        "dpcpp",
        "nvcc",
        "nvc",
        "nvc++",
        "nvfortran",
        "hipcc",
    }
    | {"emcc", "em++", "mold", "swiftc", "rustc", "rustdoc", "cl"}
    | {
        "javac",
        "javadoc",
        "jar",
        "jlink",
        "jpackage",
        "jdeps",
        "jmod",
        "kotlinc",
        "scalac",
        "csc",
        "vbc",
        "msbuild",
    }
)
_OWN_LIST_READERS: dict[str, Callable[[tuple[str, ...]], str | None]] = {
    **dict.fromkeys(_CHECKSUMS, _checksum_list),
    **dict.fromkeys(_RESPONSE_NAMES, _response_file),
    "java": _java_argfile,
    "zig": _zig_response_file,
    "pax": _pax_list,
}

# What a command that hands a program a list of places holds somewhere (permissions.scope reads the segments of
# no other command here): xargs, parallel, a list option or operand, a response file, a checksum list. (No
# alternative starts with `\b`: the search then skips to the characters one may start with.)
_FEEDS_PATTERN = re.compile(
    r"xargs|parallel|rush\b|(?:^|[\s;&|(])xe\s|cpio|-files|--f(?:i(?:le?)?)?(?:[=\s]|$)|pathspec-f|\s-[A-Za-z]*[T@]|\s@|file\s+-f"
    r"|tar\s+[A-Za-z]*T|[ce]tags|xgettext|sum\b|--stdin-p|pax\b|,@|rhash|-W[alp],|options-file|nvcc"
    r"|clang\S*\s(?:[^;&|]*\s)?--config"
).search


def FEEDS_NAMES(command: str) -> bool:  # (upper case: the gate's name, as when it was a pattern)
    """Whether ``command`` may hand a program a list of places: _FEEDS_PATTERN, behind a substring test of what each
    of its alternatives holds -- most commands hold none (the search alone, over a long command on every segment's
    path off the sandbox, cost several µs a decision)."""
    return (
        "-f" in command
        or "@" in command
        or "T" in command
        or "xargs" in command
        or "parallel" in command
        or "rush" in command
        or "xe " in command
        or "cpio" in command
        or "tags" in command
        or "gettext" in command
        or "sum" in command
        or "stdin-p" in command
        or "pax" in command
        or "-W" in command
        or "hash" in command
        or "nvcc" in command
        or "clang" in command
    ) and _FEEDS_PATTERN(command) is not None


def _parallel_unjudged(view: tuple[str, ...], text: str, fed: bool) -> bool:
    """GNU parallel running a reader on arguments that are no listing: a file of them (`-a p`, `:::: p`), the
    words after `:::` that substitutions print, or its input (``fed``: whether that is a listing). Its options
    are read as permissions.commands.runners reads them, in every reading an unknown option leaves."""
    found = readings(view, PARALLEL_SYNTAX, False)
    if not any(r and r[0] in PLACE_READERS for r in found):
        return False
    options = view[1 : max(len(view) - len(r) for r in found)]
    if any(map(_names_an_arg_file, options)) or any(w.startswith("::::") for w in view):
        return True
    if any(w.startswith(":::") for w in view):
        subs = substitutions(text)
        return subs is None or not all(map(_text_lists, subs))
    return not fed


# parallel's long options naming a file of arguments, or the separators its arguments are told apart by (`--arg-sep
# ,, cat ,, $(cat p)`, `--arg-file-sep ,, cat ,, p`: what this reading knows as `:::` and `::::` is spelled else).
_ARG_FILE_OPTIONS = frozenset({"arg-file", "argfile", "arg-file-sep", "argfilesep", "arg-sep", "argsep"})


def _names_an_arg_file(w: str) -> bool:
    """Whether the option ``w`` of GNU parallel gives a file of arguments (`-a p`, `-ap`, `--arg-file=p`, `--a p`)
    or another separator of its arguments (`--arg-sep ,,`)."""
    if w[:2] == "--":
        hit = long_option(w[2:].partition("=")[0], PARALLEL_SYNTAX.long)
        return hit is not None and hit[0] in _ARG_FILE_OPTIONS
    for c in w[1:] if w[:1] == "-" else "":
        if c == "a":
            return True
        if PARALLEL_SYNTAX.short.get(c, NONE) != NONE:
            return False  # the rest is that option's value
    return False


FEED_TAKERS = frozenset(
    {
        "parallel",
        "xargs",
        "rush",
        "xe",
        *TAR_NAMES,
        "rsync",
        "zip",
        "cpio",
        "wc",
        "du",
        "file",
        "sort",
        "find",
    }
    | {"git", "ctags", "etags", "xgettext"}
    | _SEVEN_ZIPS
    | _OWN_LIST_READERS.keys()
)


def fed_names_unjudged(
    views: Sequence[tuple[str, ...]],
    segments: Sequence[Segment],
    i: int,
    joins: Sequence[str | None],
    command: str,
    items: ItemsList | None = None,
) -> bool:
    """Whether segment ``i`` (its ``views``) opens places named by text it reads -- xargs running a reader, a
    list of files given by a file or the input -- and that text is not a listing (see above; ``items``: whether a
    loop variable holds a listing's items, for a compound command's output)."""
    handed = _handed_names(views)
    for view in [*views, *handed] if handed else views:
        if not view:
            continue
        if view[0] == "parallel":
            if _parallel_unjudged(view, segments[i].text, _stdin_lists(segments, i, joins, command, items)):
                return True
        elif view[0] == "xargs":
            program, from_file = _xargs_program(view)
            if program not in PLACE_READERS and not any(v and v[0] in PLACE_READERS for v in views):
                continue  # (what it runs, through a wrapper too: `xargs sudo cat`)
            if from_file or not _stdin_lists(segments, i, joins, command, items):
                return True
        elif view[0] in _LINE_FEEDERS:
            if _line_feeder_unjudged(view, segments, i, joins, command, items):
                return True
        elif view[0] in FEED_TAKERS:
            where = _file_list_option(view)
            if where is None or where in ("/dev/null",):
                continue
            if where in ("-", "/dev/stdin"):
                # (what find or xargs runs reads the names they hand it as its lists: `xargs sha256sum -c`)
                if view in handed or not _stdin_lists(segments, i, joins, command, items):
                    return True
            elif not _listed_into(where, segments, i, joins, command):
                return True
    return False


# red team: the xargs-likes shenwei356's rush (`rush 'cat {}' < p`, `rush -i p cat`) and xe (`xe cat < p`, `xe -f p
# cat`) hand a reader the names they read as xargs does (permissions.commands.runners reads the command they run).
_LINE_FEEDERS = frozenset({"rush", "xe"})


def _line_feeder_unjudged(
    view: tuple[str, ...],
    segments: Sequence[Segment],
    i: int,
    joins: Sequence[str | None],
    command: str,
    items: ItemsList | None,
) -> bool:
    """Whether rush or xe (``view``) runs a reader on names that are no listing: a file of them, or its input."""
    if not any(r and r[0] in PLACE_READERS for r in _runs_of(view[0], view)):
        return False
    return bool(_argument_files(view[0], view)) or not _stdin_lists(segments, i, joins, command, items)


def _handed_names(views: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The views of every command a find or xargs among ``views`` runs, handing it the names it found or read
    (`find . -name '*.sha256' -exec sha256sum -c {} +`, `find . -exec gcc @{} \\;`, `git ls-files '*.sha256' |
    xargs sha256sum -c`): a list so named is a file's content, as `sha256sum -c p`'s is."""
    found: list[tuple[str, ...]] = []
    for view in views:
        if view[:1] == ("find",):
            found.extend(v for run in find_commands(view) for v in views_of(run))
        elif view[:1] == ("xargs",):
            at = _xargs_at(view)[0]
            found.extend(views_of(view[at:]) if at < len(view) else ())
    return found


_DIRECTORY_MOVES = frozenset({"cd", "pushd", "popd"})
_SEQUENCED = frozenset({";", "&&", "||", "\n"})


def _listed_into(
    where: str, segments: Sequence[Segment], i: int, joins: Sequence[str | None], command: str
) -> bool:
    """Whether the list file ``where`` that ``segments[i]`` reads was written, earlier in the same command and
    before it runs, by a listing of the project and by nothing else: `find . -name '*.java' > sources.txt &&
    javac @sources.txt`, `git ls-files > l; tar -cf x.tar -T l`. The name appears nowhere else (no `cp p l`, `cat
    p >> l`), no `cd` or `-C` moves where it is read from, and nothing runs beside the consumer (`&`, `|`)."""
    if "$" in where or "`" in where or any(s.words[:1] and s.words[0] in _DIRECTORY_MOVES for s in segments):
        return False
    if any(w[:1] == "-" and ("C" in w if w[1:2] != "-" else w.startswith(_MOVED)) for w in segments[i].words):
        return False
    name = re.escape(where)
    writers = 0
    for j in range(i):
        seg = segments[j]
        if where not in seg.redirects:
            continue
        if seg.hidden or not re.search(rf"(?:^|[\s;])1?>\|?\s*{name}(?![\w./-])", seg.text):
            return False  # (appended to, its errors, read from, or inside a substitution)
        if not all(joins[k] in _SEQUENCED for k in range(j, i)) or not _pipeline_lists(
            segments, j, joins, command
        ):
            return False
        writers += 1
    named = len(re.findall(rf"(?<![\w./~-]){name}(?![\w./-])", command))
    return writers > 0 and named == writers + 1


_MOVED = ("--directory", "--git-dir", "--work-tree")


def loop_feed_unjudged(
    name: str,
    segments: Sequence[Segment],
    joins: Sequence[str | None],
    command: str,
    for_lists: Sequence[str],
) -> bool:
    """Whether the `for` or `read` variable ``name``, read where a program reads a place, holds text that is not
    a listing: a `for` list's substitutions (``for_lists``: the lists of the loops binding it), or what the
    `read` of a `while` loop reads (`done < p`, `cat p | while read f`)."""
    for listed in for_lists:
        subs = substitutions(listed)
        if subs is None or not all(map(_text_lists, subs)):
            return True
    for i, seg in enumerate(segments):
        words = seg.words
        if not words or name not in words or "read" not in words[:3]:
            continue
        if not _stdin_lists(segments, i, joins, command):
            return True
        if "<<<" in command and _here_string(command[command.find("done", command.find(seg.text)) :]):
            return True  # `done <<< "$(cat p)"` (a here-string makes no segment of its own)
        done = next((s for s in segments[i + 1 :] if s.text.startswith("done") and s.redirects), None)
        if done is not None and not _stdin_lists(segments, segments.index(done), joins, command):
            return True
    return False


# --- R4.10: what a feed runner reads and hands on, for a rule printing a place (`cat .env`) --------------------
#
# xargs, GNU parallel, rush and xe hand the words of what they read -- their input (`xargs < .env`), a file of
# arguments (`xargs -0a .env`, `parallel echo :::: .env`, `parallel -a .env echo`, `rush -i .env`, `xe -f .env`) --
# to the command they run, echo when none: the file is read and shown (`xargs -n1 < .env` prints each word of it; any
# other command is handed them and names them in its errors, as `xargs -a .env rm` was already read). The shell's
# `read`, `mapfile` and `readarray` read their input too: behind an assignment (`IFS= read -rd '' x < .env; echo
# "$x"`) as they do alone. Each such file is read as `cat` of it. What a pipe hands them is read as the names the
# command it runs is given (`ls -a | parallel cat`, `echo .env | parallel cat`, `fd -H env | xargs cat`): the
# literal words printed (permissions.where.fed_words), the names a filter picks (where.picked_by_name), and the
# names the listers where does not read pick -- fd's pattern, and `ls -a`'s hidden names (`.*`; a plain `ls` lists
# what `*` would, read as `grep -r` is, and a filter after it picks as where reads it). And fd running a command on
# what it finds (`fd -H '^\.env$' -x cat`, `fdfind -H .env -X cat`, `fd -u env --exec head`) is that command on
# each name its pattern picks below each folder it searches, as find's `-exec` is (a hidden name only when it
# shows them: `-H`, `-u`). A literal name is the place (a deny denies); a glob that may name it asks
# (matching.GlobMeaning).
FEED_RUNNERS = frozenset({"xargs", "parallel", "rush", "xe"})
_SHELL_INPUT_READERS = frozenset({"read", "mapfile", "readarray"})
FEED_READERS = FEED_RUNNERS | FDS | _SHELL_INPUT_READERS
# the options naming a file of arguments, per runner: (short letters, long names read as getopt_long does)
_ARG_FILES: dict[str, tuple[str, frozenset[str]]] = {
    "xargs": ("a", frozenset({"arg-file"})),
    "parallel": ("a", frozenset({"arg-file", "argfile"})),
    "rush": ("i", frozenset({"infile"})),
    "xe": ("f", frozenset()),
}
_RUNNER_SYNTAX: dict[str, Syntax] = {
    "xargs": WRAPPERS["xargs"],
    "parallel": PARALLEL_SYNTAX,
    # rush's and xe's options taking a value (permissions.commands.runners reads the command they run)
    "rush": Syntax(
        "ekvV",
        "jDdJniotrCI",
        long=dict.fromkeys(
            "jobs delimiter field-delimiter records-join-sep nrecords infile out-file timeout retries"
            " retry-interval succeed-cmd-file assign shell cmd-file".split(),
            REQUIRED,
        ),
    ),
    "xe": Syntax("0FLRnqvsap", "INjAfC"),
}
# filters a listing goes through unpicked (what they print is names it printed)
_PASS_THROUGH = frozenset({"sort", "uniq", "head", "tail", "tac", "cat"})
_LS_HIDDEN = frozenset({"--all", "--almost-all"})
_FED_READS_MAX = 64


def fed_reads(
    seg_views: Sequence[tuple[str, ...]],
    segments: Sequence[Segment],
    i: int,
    command: str,
    cwd: Callable[[], str],
) -> list[tuple[str, ...]]:
    """R4.10 (see above): the views segment ``i`` (its ``seg_views``) is read as for a rule printing a place -- `cat`
    of each file a feed runner or the shell's `read` reads, the command a feed runner runs given each name a pipe
    may hand it, fd's command given each name it picks; [] for a segment of no FEED_READERS program. (``cwd``: the
    folder the command runs in, asked for only when a pipe's words are read.)"""
    out: list[tuple[str, ...]] = []
    for view in seg_views:
        program = view[0].rpartition("/")[2] if view else ""
        if program in _NAME_FED_ARCHIVERS and _file_list_option(view) in ("-", "/dev/stdin"):
            names = _piped_names(program, segments, i, command, cwd)
            out += [("cat", name) for name in names[:_FED_READS_MAX]]
            continue
        if (
            program in FED_EXPRESSIONS
        ):  # `dhall text <<< './.env as Text'`, `echo '{{ file.Read ".env" }}' | gomplate`
            texts = input_texts(segments, joiners(segments, command), i, command)
            out += [("cat", f) for f in fed_expression_files((program, *view[1:]), texts)]
            continue
        if program not in FEED_READERS:
            continue
        if program in FDS:
            out += _fd_runs(view)
            continue
        files = _redirected_in(segments[i])
        if program in FEED_RUNNERS:
            files += _argument_files(program, view)
            if not files:
                out += _handed_from_a_pipe(program, view, segments, i, command, cwd)
        out += [("cat", f) for f in files]
    return list(dict.fromkeys(out))[:_FED_READS_MAX]


# R4.10, red team: the archivers writing each file whose name they are fed into an archive (`echo .env | cpio -o`,
# `ls .env | cpio -o -H newc`, `echo .env | tar -cf - -T -`, `echo .env | zip - -@`): the archive holds the file's
# text, as `tar -cf - .env` does -- each name piped in read as `cat` of it (a name a filter picks as a glob, which
# asks: `find . -name '.env*' | cpio -o`). A list read from a file is where the scope reads it (`cpio -o < p`).
_NAME_FED_ARCHIVERS = TAR_NAMES | frozenset({"cpio", "zip"})


def _redirected_in(seg: Segment) -> list[str]:
    """The files ``seg`` reads on its input (`< .env`; not a process substitution's output)."""
    return [
        seg.redirects[k]
        for k in sorted(seg.inputs)
        if k < len(seg.redirects) and seg.redirects[k][:2] != "<("
    ]


def _argument_files(program: str, view: tuple[str, ...]) -> list[str]:
    """The files of arguments a feed runner is given: its option's values in every spelling getopt reads (`-a
    .env`, `-a.env`, `-0a .env`, `--arg-file=.env`, `--arg .env`), and parallel's `::::` / `::::+` operands."""
    letter, longs = _ARG_FILES[program]
    syntax = _RUNNER_SYNTAX[program]
    found: list[str] = []
    k, n = 1, len(view)
    while k < n and view[k][:1] == "-" and view[k] != "-" and view[k] != "--":
        w = view[k]
        k += 1
        if w[1] == "-":
            name, eq, value = w[2:].partition("=")
            hit = long_option(name, syntax.long)
            if hit is not None and hit[1] == REQUIRED and not eq:
                value, k = (view[k] if k < n else ""), k + 1
            if hit is not None and hit[0] in longs:
                found.append(value)
            continue
        for j in range(1, len(w)):
            kind = syntax.short.get(w[j], NONE)
            if kind == NONE:
                continue
            value = w[j + 1 :]
            if not value and kind == REQUIRED:
                value, k = (view[k] if k < n else ""), k + 1
            if w[j] == letter:
                found.append(value)
            break
    if program == "parallel":
        found += _parallel_files(view[k:])
    return [f for f in found if f]


def _parallel_files(words: tuple[str, ...]) -> list[str]:
    """The files after parallel's `::::` and `::::+` (up to the next separator)."""
    found: list[str] = []
    files = False
    for w in words:
        if w[:3] == ":::":
            files = w in ("::::", "::::+")
        elif files:
            found.append(w)
    return found


def _handed_from_a_pipe(
    program: str,
    view: tuple[str, ...],
    segments: Sequence[Segment],
    i: int,
    command: str,
    cwd: Callable[[], str],
) -> list[tuple[str, ...]]:
    """The command a feed runner runs given each name what is piped into it may hold (see above; where reads the
    literal words and the picked names piped into xargs itself)."""
    names = _piped_names(program, segments, i, command, cwd)
    if not names:
        return []
    return [_given(run, name) for run in _runs_of(program, view) for name in names[:_FED_READS_MAX]]


def _piped_names(
    program: str, segments: Sequence[Segment], i: int, command: str, cwd: Callable[[], str]
) -> list[str]:
    """The names what is piped into segment ``i`` may hold: a lister's, literal words, names picked by a filter."""
    joins = joiners(segments, command)
    producers: list[tuple[str, ...]] = []  # (the nearest first)
    j = _piped_into(segments, i, joins, command)
    while j >= 0 and segments[j].words and len(producers) < _FED_READS_MAX:
        producers.append(segments[j].words)
        j = _piped_into(segments, j, joins, command)
    # the lister whose names reach it unpicked (`ls -a | sort | parallel cat`; not `ls -a | grep -v env`)
    lister = next((p for p in producers if p[0] not in _PASS_THROUGH), None)
    names = _listed_names(lister) if lister is not None else []
    if program != "xargs":
        names += [*fed_words(segments, command, i, cwd()), *picked_by_name(producers)]
    return names


def _listed_names(words: tuple[str, ...]) -> list[str]:
    """The names a lister where does not read picks: fd's (its pattern below each folder it searches), `ls -a`'s
    hidden names (`.*`, printed bare whatever folder it lists: a reader given them opens them here) and the names ls
    is given (a file's is printed as written)."""
    program = words[0].rpartition("/")[2]
    if program in FDS:
        fd = FdWords(words)
        return [] if fd.run else fd_picked(fd)
    if program != "ls":
        return []
    # (a file it is given is printed as written: `ls .env | cpio -o`, `ls .env | xargs cat`)
    named = [w for w in words[1:] if w[:1] != "-"]
    if any(w in _LS_HIDDEN or (w[:1] == "-" and w[1:2] != "-" and ("a" in w or "A" in w)) for w in words[1:]):
        return [*named, ".*"]
    return named


def _runs_of(program: str, view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The command a feed runner runs (echo when none: xargs'), in each reading of its options."""
    if program == "parallel":
        return parallel_commands(view) or [("echo",)]
    k = _options_end(view, _RUNNER_SYNTAX[program])[0]
    run = view[k:]
    if program == "rush" and len(run) == 1:
        run = tuple(run[0].split())  # (rush's command is one line)
    return [run or ("echo",)]


def _given(run: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``run`` given ``name`` where its `{}` stands (fd's and rush's `{/}` too), else after its words."""
    if any("{}" in w or "{/}" in w for w in run):
        return tuple(w.replace("{}", name).replace("{/}", name) for w in run)
    return (*run, name)


def _fd_runs(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The command fd runs (`-x`, `-X`) given each name it may pick -- and a shell's script so given, each of its
    commands (`fd -H env -x sh -c 'cat {}'`: fd writes the name into the script before the shell reads it)."""
    fd = FdWords(view)
    if not fd.run:
        return []
    runs = [_given(fd.run, name) for name in fd_picked(fd)[:_FED_READS_MAX]]
    at = inline_script(fd.run)[0] if fd.run[0] in SHELLS else None
    if at is None or at >= len(fd.run) or "{" not in fd.run[at]:
        return runs
    return runs + [seg.words for run in runs for seg in parse_command(run[at]).segments if seg.words]
