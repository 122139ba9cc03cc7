"""Lexical path scope for terminal commands (SPEC §6, ADR 0055, ADR 0189 §3).

The scope root is the project folder (``local``: the typed path). With a container registered running in a
``container`` or ``mounted`` project, commands run inside it: the roots are ``/work`` and ``/tmp`` and the
host cwd is translated to ``/work``. ``runner`` projects always use the host root.

Checked words (R6.2): absolute ones, those containing a ``..`` component, those starting with ``~``, and
those whose location depends on an expansion. Resolution is lexical -- never realpath -- and linear:
paths are split on ``/`` once; no regex touches the input (R6.3). Outside the scope is require_approval,
never deny (R6.4).

Where it runs (SPEC §5): an action decided with ``runs_in`` ``agent`` or ``host`` may run on Windows (Claude
Code, Codex and Gemini CLI run there, in Git Bash, WSL or PowerShell). There a word that is a Windows absolute
path is checked too (:attr:`Scope.windows`, permissions.where.windows_place): a drive (``C:\\``, ``c:/x``, and
``C:\\Users`` unquoted, which the shell reader reads ``C:Users``), an extended or device path (``\\\\?\\C:\\``,
``\\\\.\\PhysicalDrive0``), a UNC path (``\\\\server\\share``), however quoted, as an argument, a value
(``--file=C:\\x``) or a redirection's target. It is inside only when a root is its Git Bash or WSL spelling
(``/c/Users/me/app``, ``/mnt/c/Users/me/app``), and a ``..`` climbs across backslashes too (``'..\\..\\x'``,
and ``..\\..\\x`` unquoted, which the reader reads ``....x``). In Brabo's own sandbox (Linux) ``C:/x`` is a
folder of the project, read as before. Words that are no place stay so: ``HEAD:src/x``, ``host:/x``, URLs and
``u:g`` do not start with one letter, a colon and a separator, and a program's code is no place (R4.9: sed's
``s:/usr:/opt:g``, grep's ``'C:/'``). Judged: a one-letter host (``scp h:/x .``) is read as a drive, as
Windows' own scp reads it; a second colon (``C:\\x::$DATA``, a stream of the file) keeps the drive.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from permissions.commands.containers import CONTAINER_ENGINES, host_side_words
from permissions.commands.copies import read_from_the_link
from permissions.commands.effects import API_WRITES
from permissions.commands.fed_code import patched_files
from permissions.commands.git_line_ranges import line_ranges_read
from permissions.commands.list_feeds import (
    FEED_TAKERS,
    FEEDS_NAMES,
    PLACE_READERS,
    fed_names_unjudged,
    loop_feed_unjudged,
    reader_operand,
    substituted_place_unjudged,
)
from permissions.commands.neutral import TESTS, test_strings
from permissions.commands.plain_settings import SHOWN_VARIABLES
from permissions.commands.runners import carried
from permissions.commands.script_variables import script_variable
from permissions.commands.secret_keepers import AWS_GLOBALS, ETCDCTL_VALUES, GO_CONSUL_VALUES
from permissions.commands.settings_writers import SOCAT_FILES, socat_files
from permissions.commands.textproc import AWKS, GREPS, SEDS, pattern_words, program_words
from permissions.commands.uploads import AT_FILE_READERS, files_read_at
from permissions.commands.views import NOT_PEELED, ONE_VIEW, _peels, views_of
from permissions.commands.windows import environment_printed
from permissions.commands.wrappers import PEELED_VERBS
from permissions.commands.writes import PATCH_TOOLS
from permissions.memos import Memo
from permissions.shell import Segment, parse_command
from permissions.where import (
    GIT_TOPS,
    as_climbs,
    cmd_switch,
    cmd_variable_place,
    cwd_sets,
    drive_relative,
    eaten_climb,
    here_strings,
    joiners,
    listed_item,
    listed_items,
    powershell_mover,
    provider_place,
    ps_value,
    rooted_in_text,
    windows_place,
)

__all__ = [
    "DIRECTORY_CHANGERS",
    "NOT_USER_PATHS",
    "Scope",
    "descends",
    "goes_back",
    "normalize",
    "scope_for",
    "valid_local_root",
    "within",
]

# R4.5: these carry or discard output; they are nobody's files. Exactly these, not all of /dev.
NOT_USER_PATHS = frozenset({"/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr"})
_NO_INDEX = itertools.repeat(-1)
CONTAINER_ROOT = "/work"
CONTAINER_TMP = "/tmp"
_SYSTEM_ROOTS = frozenset(
    {
        "/",
        "/bin",
        "/boot",
        "/dev",
        "/etc",
        "/home",
        "/lib",
        "/lib64",
        "/media",
        "/mnt",
        "/opt",
        "/proc",
        "/root",
        "/run",
        "/sbin",
        "/srv",
        "/sys",
        "/tmp",
        "/usr",
        "/var",
        "/Users",
        "/System",
        "/Library",
        "/Applications",
        "/private",
    }
)


def normalize(path: str, base: str = "/") -> str:
    """Lexically resolve ``path`` against ``base``: one split, `.` dropped, `..` pops (never above /)."""
    full = path if path.startswith("/") else base + "/" + path
    out: list[str] = []
    for part in full.split("/"):
        if part == "" or part == ".":
            continue
        if part == "..":
            if out:
                out.pop()
        else:
            out.append(part)
    return "/" + "/".join(out)


def within(path: str, root: str) -> bool:
    """Both already normalized."""
    if root == "/":
        return True
    return path == root or path.startswith(root) and path[len(root)] == "/"


def valid_local_root(root: str) -> bool:
    """R1.4: absolute, no `..`, never `/` or a system root (lexical re-validation)."""
    if not root.startswith("/"):
        return False
    if any(part == ".." for part in root.split("/")):
        return False
    return normalize(root) not in _SYSTEM_ROOTS


_PROGRAM_VERBS = AWKS | SEDS | GREPS | {"tr"}
# The first words whose segment's words are read again before they are checked (one look-up for the others):
# a program's code and a test's strings are no location, a container's own places are not the host's.
# Build tools whose operands name targets by label (`bazel test //...`, `//pkg:target`, `@repo//pkg:x`): a
# label is a target of the workspace, never a folder of the machine (before a `--`; what follows it is the
# target's own command line, read as any other words).
_LABEL_TOOLS = frozenset({"bazel", "bazelisk", "blaze", "buck", "buck2", "plz"})
# session 26: the key stores' and API clients' operands that name a key or an API path, never a file of the
# machine (`etcdctl get /app/version`, `consul kv get /app/x`, `vault kv list /secret`, `gh api /user`, `aws ssm
# get-parameter --name /app/x`, `aws logs tail /aws/lambda/fn`, `kubectl get --raw /healthz`): what reading them
# prints is permissions.commands.secret_keepers' and credentials' to judge. Each program: the subcommands (as
# their leading operands) after which every operand is a key, the options taking a value (read as before:
# `--cacert /etc/ssl/ca.pem`, `--input /etc/x`), the options whose values are keys.
_KEY_FORMS: dict[str, tuple[frozenset[tuple[str, ...]], frozenset[str], frozenset[str]]] = {
    "etcdctl": (frozenset((("get",), ("watch",), ("ls",))), ETCDCTL_VALUES, frozenset()),
    "consul": (frozenset((("kv", "get"), ("kv", "export"))), GO_CONSUL_VALUES, frozenset()),
    **dict.fromkeys(
        ("vault", "bao"),
        (frozenset((("kv", "get"), ("kv", "list"), ("read",), ("list",))), frozenset(), frozenset()),
    ),
    **dict.fromkeys(("gh", "glab"), (frozenset((("api",),)), API_WRITES, frozenset())),
    "aws": (
        frozenset((("logs", "tail"),)),
        frozenset(AWS_GLOBALS.split()),
        frozenset(
            "--name --names --path --secret-id --log-group-name --log-group-name-prefix --log-group-identifier".split()
        ),
    ),
}
_RAW_PATHS = frozenset(("kubectl", "oc"))
# session 28: the programs that run their words as a command line of its own (runners: a segment the scope reads
# too), found by the same set look-up: `watch etcdctl get /app/x`, `watch -n 5 gh api /user`, `eval consul kv get
# /app/x` -- a key that command line's program reads is no place of the carrier's either.
_KEY_CARRIERS = frozenset(("watch", "eval"))
_LINKERS = frozenset({"ln", "gln"})
_READ_AGAIN = (
    PATCH_TOOLS
    | _PROGRAM_VERBS
    | frozenset(TESTS)
    | CONTAINER_ENGINES
    | _LABEL_TOOLS
    | frozenset(_KEY_FORMS)
    | _RAW_PATHS
    | _KEY_CARRIERS
    | _LINKERS
)


def _key_operands(words: tuple[str, ...]) -> list[int]:
    """session 26: where ``words`` (led by a _KEY_FORMS or _RAW_PATHS program) name keys: the operands after a
    key-reading subcommand (`kv get`, `api`), a key option's values (`--names /a /b`), kubectl's `--raw` value."""
    if words[0] in _RAW_PATHS:
        return [
            k + 1 if w == "--raw" else k for k, w in enumerate(words) if w == "--raw" or w[:6] == "--raw="
        ]
    forms, values, key_options = _KEY_FORMS[words[0]]
    keys: list[int] = []
    heads: list[str] = []
    skip = run = started = False
    for k in range(1, len(words)):
        w = words[k]
        if skip:
            skip = False
        elif w[:1] == "-":
            name = w.partition("=")[0]
            run = name in key_options and name == w
            if name in key_options and name != w:
                keys.append(k)  # `--name=/app/x`
            skip = name == w and (name in values or "-" + name.lstrip("-") in values)
        elif run or started:
            keys.append(k)
        elif len(heads) < 3:
            heads.append(w)
            started = tuple(heads) in forms
    return keys


def _keys_blanked(words: tuple[str, ...], dyn: frozenset[int]) -> tuple[tuple[str, ...], frozenset[int]]:
    """session 27: the words of a segment not led by one of _READ_AGAIN nor by a program known to run as its only
    view (the caller looks that up), the keys of a key store it reaches through what stands before it blanked
    (_wrapped_keys), env's split strings after them (_env_split)."""
    if "env" in words:
        words, dyn = _env_split(words, dyn)
    if len(words) < 3 or "/" not in "\0".join(words):
        return words, dyn  # (a key the scope would read as a place holds a `/`)
    keys = _wrapped_keys(words)
    if not keys:
        return words, dyn
    return tuple("" if k in keys else w for k, w in enumerate(words)), dyn.difference(keys)


def _wrapped_keys(words: tuple[str, ...]) -> frozenset[int]:
    """session 27, R4.8: the key operands of a _KEY_FORMS or _RAW_PATHS program reached through what stands
    before it (`sudo etcdctl get /x`, `env ETCDCTL_API=3 etcdctl get /x`, `/usr/local/bin/etcdctl get /x`,
    `command vault kv get /x`, `ETCDCTL get /x`), found by the resolver deny, ask and the caps read through
    (views.views_of). A word is a key only when every program the segment may run reads it as one: a reading
    that runs another program (`nice --weird etcdctl get /x` may run `get /x`) leaves the words as they were
    (read as places); a reading whose words are not the segment's own tail (`env -S 'etcdctl get' /x`, a
    variable read as an option) names no word of the segment."""
    first = words[0]
    if first in NOT_PEELED or not _peels(first):
        return frozenset()
    n = len(words)
    keys: frozenset[int] | None = None
    for view in views_of(words)[1:]:
        if not view:
            continue
        lead = view[0]
        if lead not in _KEY_FORMS and lead not in _RAW_PATHS:
            if _peels(lead):
                continue  # a layer still to look through (`nice`, `/usr/bin/env`): its inner views follow
            return frozenset()
        shift = n - len(view)
        if shift < 0 or words[shift + 1 :] != view[1:]:
            continue  # a reading that moves its words (a variable read as an option: `AWS_PROFILE=x aws`)
        found = frozenset(k + shift for k in _key_operands(view))
        keys = found if keys is None else keys & found
    return keys or frozenset()


def _code_words(words: tuple[str, ...]) -> tuple[int, ...]:
    """The words of a segment that are code or sets, not locations: awk/sed programs, grep patterns, and every
    operand of tr (it opens no file; what its output set may print is judged by _decodes_a_location)."""
    if words[0] == "tr":
        return tuple(range(1, len(words)))
    return program_words(words) or pattern_words(words)


# The shell's own directory changers: `cd <dir>` and `pushd <dir>` inside the scope, and a `cd -`, `popd` or
# bare `pushd` that permissions.where follows back inside, are the scope declaration (R5 step 4).
DIRECTORY_CHANGERS = frozenset({"cd", "pushd", "popd"})


_DESCENDERS = frozenset({"cd", "pushd"})


def goes_back(words: tuple[str, ...]) -> bool:
    """`cd -`, a bare `popd`, a bare `pushd`: a move back to a directory the command may have been in, which
    permissions.where follows (the OLDPWD and the directory stack as the command shows them)."""
    return words[1:] == ("-",) if words[0] == "cd" else len(words) == 1


# The directory changers of a closing move, lower-cased: the shell's own, and PowerShell's where the command may
# be PowerShell's (its `cd`, `chdir`, `sl`, `pushd`, `popd` are aliases of these)
_MOVES = DIRECTORY_CHANGERS | {"set-location", "sl", "chdir", "push-location", "pop-location"}
# What may run a command when the folder changes or the shell exits, where it leads: a trap; a function (zsh runs
# `chpwd` after every move and `zshexit` at the end, and `cd` itself may be redefined); an alias (zsh expands them
# in scripts too); PowerShell's exit event and its LocationChangedAction. Read in the lower-cased text.
_HOOKED = ("trap", "(", "{", "function", "alias", "chpwd", "zshexit", "register-", "locationchanged", "sal ", "nal ")  # fmt: skip


# friction: the test runners whose tag filters negate with `~` (`rspec --tag ~slow`, `cucumber --tags ~@wip`, `behat
# --tags ~@slow`), and those options: a filter, never a place -- though bash reads `~slow` as the home folder of a
# user named slow, if there is one.
_TAG_FILTERS = {
    "rspec": frozenset({"-t", "--tag"}),
    **dict.fromkeys(("cucumber", "cucumber-js", "behat"), frozenset({"-t", "--tags"})),
}


def _a_tag_filter(words: tuple[str, ...], k: int) -> bool:
    """Whether ``words[k]`` (led by `~`, no `/`) is the value of a tag filter of _TAG_FILTERS' runners, the runner
    among the words before it (`bundle exec rspec --tag ~slow`)."""
    if "/" in words[k] or k < 2:
        return False
    return any(words[k - 1] in _TAG_FILTERS.get(w.rpartition("/")[2], ()) for w in words[: k - 1])


def _ends(segments: tuple[Segment, ...], command: str) -> bool:
    """Whether a directory changer, the command's last segment, ends it with nothing run where it leads (`cd
    backend && pytest; cd ..`, `pushd x && make; popd`, `Set-Location ..`): the shell exits there, and an agent's
    next command comes with its own working directory (the hook's ``cwd``). Not in a loop, group, subshell or
    substitution (the text ends with the segment's own), not with words from an expansion or a redirection (but
    to `/dev/null`), and not when anything may run a command on the move or at the shell's exit (_HOOKED). Its
    target is relative, without a drive, a share or a backslash: a move to `\\\\host\\share` (or an automounted
    `/net/host`) connects to another machine by itself."""
    seg = segments[-1] if segments else None
    if seg is None or not seg.words or seg.words[0].lower() not in _MOVES:
        return False
    words = seg.words
    if seg.hidden or seg.dynamic or len(words) > 2 or not NOT_USER_PATHS.issuperset(seg.redirects):
        return False
    if len(words) == 2 and words[1][:1] in "/~-" and words[1] != "-":
        return False  # (an absolute place, a home folder, an option; `cd -` goes back)
    if "\\" in seg.text or ":" in seg.text or "`" in seg.text:
        return False  # (PowerShell reads its own escapes: `Set-Location ..\x`, a drive, a share)
    lowered = command.lower()
    if any(h in lowered for h in _HOOKED) or any("trap" in s.words for s in segments):  # (`tr''ap`)
        return False
    return command.rstrip().rstrip(";&").rstrip().endswith(seg.text)


def _mount_sources(word: str) -> list[str]:
    """The ``src=``/``source=`` values of a mount specification word (``--mount=type=bind,src=/x,dst=/y``)."""
    found: list[str] = []
    for part in word.split(","):
        pieces = part.split("=")
        for j in range(len(pieces) - 1):
            if pieces[j].strip().lower() in ("src", "source"):
                found.append("=".join(pieces[j + 1 :]).strip("'\""))
                break
    return found


# PowerShell's and cmd's directory changers that are not the shell's own (DIRECTORY_CHANGERS), lower-cased.
_WINDOWS_CHANGERS = frozenset({"set-location", "sl", "chdir", "push-location"})
# The first letters of every move PowerShell and cmd read (permissions.commands.windows.LOCATION_MOVERS), in
# either case: a cheap test before the segment's first word is lower-cased.
_MOVER_INITIALS = frozenset("scpSCP")


def _no_target(words: tuple[str, ...]) -> bool:
    """Whether a PowerShell or cmd directory changer names no target the scope checked as a word: bare
    (`Set-Location`, `sl -PassThru`: the user's home; cmd's bare `chdir` prints where it is) or glued to its
    parameter's name (`Set-Location -Path:..`) -- where it leads is never known to be inside."""
    return all(w[:1] == "-" or w.lower() == "/d" for w in words[1:])


def _check_cd(words: tuple[str, ...], dyn: Collection[int], out: list[str], back: bool = False) -> None:
    """A directory changer whose target is not one word the scope checked: outside. ``back``: a `cd -`,
    `popd` or bare `pushd` that permissions.where follows back inside (`cd packages/ui && npm test && cd -`,
    `pushd src && make && popd`)."""
    if back:
        return
    if len(words) == 2 and words[0] != "popd" and 1 not in dyn and words[1][:1] not in "-+":
        pass  # its target was checked as a word; where it leads, permissions.where follows
    elif not (len(words) == 2 and 1 in dyn and words[0] != "popd"):  # a dynamic target was checked as a word
        # Bare `cd` ($HOME), `cd -` / `popd` where the command does not show where they go, `cd -P x`,
        # `pushd +1`: where the next relative word points is not known lexically, so it is outside.
        out.append(" ".join(words))


def _env_split(words: tuple[str, ...], dyn: frozenset[int]) -> tuple[tuple[str, ...], frozenset[int]]:
    """R4.8: ``words`` and, after them, the words of each string env splits into the command it runs (`env -S 'cat
    /etc/passwd'`, `env -iS'...'`, `--split-string=...`): the places that command names are checked as its own (a
    word expanding `~` or a variable as an expansion, with ``dyn``)."""
    out = list(words)
    for k, w in enumerate(words):
        if w[:1] != "-" or k == 0:
            continue
        if w in ("-S", "--split-string") or (w[1:2] != "-" and w.endswith("S")):
            out += words[k + 1].split() if k + 1 < len(words) else []
        elif w.startswith("--split-string="):
            out += w[15:].split()
        elif w[1:2] != "-" and "S" in w:
            out += w[w.index("S") + 1 :].split()
    if len(out) == len(words):
        return words, dyn
    expanded = {k for k in range(len(words), len(out)) if out[k][:1] == "~" or "$" in out[k]}
    return tuple(out), dyn.union(expanded) if expanded else dyn


def _read_again(
    words: tuple[str, ...], dyn: frozenset[int], seg: Segment, command: str
) -> tuple[tuple[str, ...], frozenset[int]]:
    """The words of a segment led by one of _READ_AGAIN as the scope reads them: a container engine's with its
    container's own places left out (`-w /app`, `-v .:/app`), Codex's apply_patch's as the files its patch names (its
    argument, or a here-document: `*** Add File: /etc/x`), the others' with the words that are no location blanked
    (_not_locations)."""
    if words[0] in PATCH_TOOLS:
        return (words[0], *(patched_files(seg, command) or ())), frozenset()
    if words[0] in CONTAINER_ENGINES:
        return host_side_words(words), dyn
    if words[0] in _LINKERS:  # friction: a symbolic link's original, read from the link's own folder
        return (read_from_the_link(words) if not dyn else None) or words, dyn
    if words[0] in _KEY_FORMS or words[0] in _RAW_PATHS or words[0] in _KEY_CARRIERS:
        keys = _carried_keys(words) if words[0] in _KEY_CARRIERS else _key_operands(words)
        return tuple("" if k in keys else w for k, w in enumerate(words)), dyn.difference(keys)
    return _not_locations(words, dyn)


# What a carried command line's words may not hold for them to be read as the carrier's own words again (an
# operator, a quote, an expansion: the line is then no plain copy of them)
_NOT_PLAIN = re.compile(r"[\t\n\r;&|<>()`$'\"\\#*?\[{]")


def _carried_keys(words: tuple[str, ...]) -> Collection[int]:
    """session 28: the key operands (_key_operands) of the command line a _KEY_CARRIERS program runs, as indexes
    of the carrier's own words: only when every line it may run (runners.carried) is a plain copy of the
    carrier's last words, led by a _KEY_FORMS or _RAW_PATHS program (`watch -n etcdctl get /x` runs `get /x`:
    none)."""
    if len(words) < 3 or "/" not in "\0".join(words):
        return frozenset()
    n = len(words)
    keys: frozenset[int] | None = None
    for line in carried(words).scripts:
        tail = line.split(" ")
        shift = n - len(tail)
        if (
            shift < 1
            or tail[0] not in _KEY_FORMS
            and tail[0] not in _RAW_PATHS
            or words[shift:] != tuple(tail)
            or _NOT_PLAIN.search(line) is not None
        ):
            return frozenset()
        found = frozenset(k + shift for k in _key_operands(words[shift:]))
        keys = found if keys is None else keys & found
    return keys or frozenset()


def _not_locations(words: tuple[str, ...], dyn: frozenset[int]) -> tuple[tuple[str, ...], frozenset[int]]:
    """The segment's words with those that are no location blanked: awk's and sed's program is code
    (`sed '/^$/d' f`, R4.9: `grep '/api/' src`), a test's operands compared as strings are text
    (`[ -n "$CI" ]`, `[ "$(git status --porcelain)" = "" ]`), a build tool's target labels (`bazel test //...`)."""
    if words[0] in _LABEL_TOOLS:
        end = words.index("--") if "--" in words else len(words)
        labels = [
            k for k in range(1, end) if words[k][:2] == "//" or (words[k][:1] == "@" and "//" in words[k])
        ]
        return tuple("" if k in labels else w for k, w in enumerate(words)), dyn.difference(labels)
    code = words[0] in _PROGRAM_VERBS
    skip = _code_words(words) if code else test_strings(words)
    if not skip:
        return words, dyn
    return tuple("" if k in skip else w for k, w in enumerate(words)), dyn if code else dyn.difference(skip)


@dataclass(frozen=True, slots=True)
class Scope:
    roots: tuple[str, ...]  # normalized; empty = nothing is inside (fail closed)
    cwd: str  # normalized, translated into the container when commands run there
    windows: bool = False  # SPEC §5: the command may run on Windows (runs_in agent or host)

    @property
    def cwd_inside(self) -> bool:
        return self.contains(self.cwd)

    def contains(self, path: str) -> bool:
        for r in self.roots:
            if within(path, r):
                return True
        return False

    def outside_paths(self, segments: tuple[Segment, ...], command: str = "") -> list[str]:
        """Every checked word that resolves outside the roots (R6.2), following `cd` lexically (friction:
        where the command itself moves, permissions.where)."""
        out: list[str] = (
            [] if self.contains(self.cwd) else [self.cwd]
        )  # cwd_inside, without the property's call
        windows = self.windows
        sets = cwd_sets(segments, command, self.cwd, floor=False, windows=windows)
        start: Collection[str] = (self.cwd,)
        data: frozenset[str] | None = None  # loop and `read` variables holding what commands print
        fed_and_sliced = _fed_and_sliced(segments, command)  # read once: every segment may ask
        self._check_text(command, fed_and_sliced[0], out, segments)
        listed = _listed(segments, command) if windows and "$" in command else _NONE_LISTED
        read_at = "@" in command or "=<" in command  # (a file an HTTP client reads: _check_read_at)
        for i, seg in enumerate(segments[:-1] if _ends(segments, command) else segments):
            cwds = sets[i] if sets is not None else start
            screen = (
                bool(seg.dynamic)
                and seg.words[0] in _SCREEN_PRINTERS
                and _to_the_screen(seg, segments, command, fed_and_sliced[0])
            )
            words, dyn = seg.words, seg.dynamic
            if words and words[0] in _READ_AGAIN:
                words, dyn = _read_again(words, dyn, seg, command)
            elif words and ONE_VIEW.get(words[0]) is not True:
                # (session 27: a key store reached through a wrapper, a verb path or an assignment too; a known
                # program run as the only view it has holds none; git, never one view, comes this way)
                words, dyn = _keys_blanked(words, dyn)
                if "-L" in seg.text and words[0] == "git":
                    words = line_ranges_read(words)
            # Off Windows, a segment with no expansion none of whose words holds a `/` or a `.` has no word the
            # loop below reads: each would take its cheap rejection (the first `continue` it can reach) at once.
            if windows or dyn or "/" in (joined := "\0".join(words)) or "." in joined:
                for k, w in enumerate(words) if dyn else zip(_NO_INDEX, words):
                    if (
                        windows
                        and ("\\" in w or ":" in w or ".." in w or "%" in w)
                        and self._windows_word(w, words, command, out, cwds)
                    ):
                        continue
                    if dyn and k in dyn:
                        data = self._check_expansion(
                            words, k, segments, command, cwds, out, data, i in listed, screen, seg
                        )
                        continue
                    # Cheap rejection first: a word with neither `/` nor `..`, nor a leading `.` (`.*` may be
                    # `..`), names no location to check.
                    if "/" not in w and ".." not in w and w[:1] != ".":
                        continue
                    if w[0] == "/" or (".." in w and w[0] != "-") or "file:" in w:
                        # SPEC §5: `dir /s` is a switch
                        if not (windows and w[0] == "/" and cmd_switch(words[0], w)):
                            self._check_place(w, cwds, out)
                    elif w[0] == "." or "/." in w:
                        self._check_dot_globs(w, seg.text, cwds, out)
                    eq = w.find("=")
                    if eq > 0 or w[0] == "-":
                        self._check_option(w, eq, cwds, out)
            self._check_beside_words(seg, segments, command, fed_and_sliced, cwds, out, read_at)
            if words and (words[0] in DIRECTORY_CHANGERS or (windows and words[0][:1] in _MOVER_INITIALS)):
                self._check_move(
                    seg, words, dyn, sets[i + 1] if sets is not None else None, i + 1 < len(segments), out
                )
        return out

    def _windows_word(
        self, w: str, words: tuple[str, ...], command: str, out: list[str], cwds: Collection[str]
    ) -> bool:
        """A word read as Windows reads it, when it is (True: checked, out holds it if outside): a Windows place
        holds a colon or a backslash, and Windows reads a climb (`..`); cmd's `%USERPROFILE%\\x` is where cmd's
        expansion decides, never inside (SPEC §5)."""
        if ("\\" in w or ":" in w or ".." in w) and self._check_windows(w, command, out, cwds):
            return True
        if "%" in w and cmd_variable_place(words, w):
            out.append(w)
            return True
        return False

    def _check_move(
        self,
        seg: Segment,
        words: tuple[str, ...],
        dyn: Collection[int],
        after: frozenset[str] | None,
        more: bool,
        out: list[str],
    ) -> None:
        """A segment that moves the current folder (``after``: where the command may be after it, None when
        nothing in the command moves; ``more``: a segment follows it)."""
        if words[0] in DIRECTORY_CHANGERS:
            _check_cd(words, dyn, out, after is not None and self.back_inside(words, after))
        elif not self.windows:
            return
        elif words[0].lower() in _WINDOWS_CHANGERS and _no_target(words):
            # SPEC §5: bare `Set-Location` goes home (PowerShell 6 and later), as bare `cd`; `-Path:..` goes
            # where no word says
            out.append(" ".join(words))
        elif after is not None and more and powershell_mover(words[0]) and not all(map(self.contains, after)):
            # SPEC §5, R6.2: a PowerShell or cmd move that may leave the project with a command after it
            # (`cd.. && type x`, `Pop-Location; gc x`, `CD && gc x`): what runs next reads from outside
            out.append(seg.text)

    def _check_expansion(
        self,
        words: tuple[str, ...],
        k: int,
        segments: tuple[Segment, ...],
        command: str,
        cwds: Collection[str],
        out: list[str],
        data: frozenset[str] | None,
        listed: bool = False,
        screen: bool = False,
        seg: Segment | None = None,
    ) -> frozenset[str] | None:
        """The word ``words[k]``, which holds an expansion; returns ``data`` (the loop and `read` variables
        holding what commands print), read on the first word that needs it. ``listed``: the segment's script
        block gets its pipeline items from a listing of the project (permissions.where.listed_items);
        ``screen``: the segment prints to the screen only (_to_the_screen), its variables are text."""
        w = words[k]
        if screen and _shown_only(w, self.windows):
            return data
        if self.windows and (ps_value(words, k) or environment_printed(words, k)):
            # SPEC §5: a PowerShell value (`$_.Name`, `echo $env:PATH`, `Write-Output "CI: $env:CI"`) is no location
            return data
        if listed and listed_item(words, k):
            # SPEC §5: `gci -Recurse *.json | % { Get-Content $_.FullName }`: a file listed, inside
            return data
        pwd = _braces_off(w)
        if pwd[:4] == "$PWD" and _the_current_folder(pwd, command):
            # SPEC §5: `Join-Path $PWD src`, `cat "$PWD/README.md"`, `ls "${PWD}/src"`: where the command is
            self._check("." + pwd[4:], False, cwds, out)
            return data
        at = w.find("=$") + 1 if w[:1] == "-" else 0
        value = _braces_off(w[at:]) if at > 0 and "$" not in w[:at] else ""
        if value[:4] == "$PWD" and _the_current_folder(value, command):
            # friction: an option's value (`--prefix=$PWD/out`, `-DCMAKE_INSTALL_PREFIX=${PWD}/out`), as above
            self._check("." + value[4:], False, cwds, out)
            return data
        if "OLDPWD" in w:
            old = pwd if pwd[:7] == "$OLDPWD" else value if value[:7] == "$OLDPWD" else ""
            if old and _the_folder_before(old, segments, command):
                # friction: `cd src && ls "$OLDPWD"`: where the command started
                self._check("." + old[7:], False, (self.cwd,), out)
                return data
        if data is None:
            data = _data_names(segments, command)
        # Where `cd` goes decides where every later word points: its target is never data.
        if words[0] not in DIRECTORY_CHANGERS and _printed_only(w, data, segments, command):
            # R6.2, R4.7: what a substitution prints is not a location the scope can
            # judge; the commands inside are segments, judged on their own -- unless a program that reads
            # its operands as files is handed a place that is no listing (permissions.commands.list_feeds).
            first = words[0]
            if (
                (first in _READER_GATE or "/" in first or "=" in first)
                and seg is not None
                and _fed_place(words, k, seg, segments, command, data)
            ):
                out.append(seg.text)
            return data
        if words[0] in _DESCENDERS and descends(w, segments, command):
            return data  # `for p in packages/*; do (cd "$p" && npm test); done`
        if w[:1] == "~" and _a_tag_filter(words, k):
            return data  # `rspec --tag ~slow`
        self._check(w, True, cwds, out)
        return data

    def _check_dot_globs(self, w: str, text: str, cwds: Collection[str], out: list[str]) -> None:
        """`.?/.?/etc/passwd`, `grep -r x .*`: a pattern that may be `..` (permissions.where.as_climbs)."""
        if as_climbs(w) != w and _expanded_here(w, text):
            self._check(w, False, cwds, out)

    def _check_option(self, w: str, eq: int, cwds: Collection[str], out: list[str]) -> None:
        """An option's or assignment's value (``eq``: where its `=` is), or a path glued to a short option."""
        if eq > 0:
            self._check_value(w, eq, cwds, out)
        elif w[1:2] != "-":
            glued = _glued_path(w)
            if glued is not None:
                self._check(glued, glued[0] == "~", cwds, out)

    def back_inside(self, words: tuple[str, ...], after: frozenset[str]) -> bool:
        """Whether `cd -`, `popd` or a bare `pushd` leads only inside: permissions.where knows every directory
        the command may be in after it (`cd x && … && cd -`, `pushd x && … && popd`; the shell's own previous
        directory and directory stack are not known)."""
        return goes_back(words) and bool(after) and all(self.contains(d) for d in after)

    def _check_beside_words(
        self,
        seg: Segment,
        segments: tuple[Segment, ...],
        command: str,
        fed_and_sliced: tuple[bool, bool],
        cwds: Collection[str],
        out: list[str],
        read_at: bool = False,
    ) -> None:
        """What a segment's words do not say by themselves: its redirections, what a printer decodes (through
        wrappers: `command printf`, `env printf`, `xargs printf`). ``fed_and_sliced``: _fed_and_sliced's
        answer for the command; ``read_at``: whether it holds an `@` or `=<` (a file an HTTP client reads)."""
        if seg.redirects:
            self._check_redirects(seg.redirects, segments, command, cwds, out)
        words = seg.words
        if not words:
            return
        if words[0] == "socat" or read_at:
            self._check_named_files(seg.text, words, cwds, out)
        fed, slicing = fed_and_sliced
        feeds = seg.hidden or fed  # what it prints becomes another command's words
        if slicing and feeds and _slices_a_literal(seg):
            out.append(seg.text)
        if feeds and ((words[0] in _LOCATION_WRITERS and _writes_a_location(words)) or _formats_a_place(seg)):
            # `cat $(git ls-files | sed 's|^|/etc/|')`, `cat $(date +/etc/passwd)`: the program writes the place
            out.append(seg.text)
        if feeds and words[0] in _PLACE_PRINTERS and _prints_a_place(words) and _cuts_places(segments):
            out.append(seg.text)  # `cat $(dirname $(pwd))/other/.env`: the project's own place, cut
        if feeds and words[0] == "dirname" and not _WORKING_FOLDER.isdisjoint(words[1:]):
            out.append(seg.text)  # red team: `ls "$(dirname "$PWD")"`, the folder above the working one
        if words[0] not in _DECODERS and (words[0] in NOT_PEELED or not _peels(words[0])):
            return
        for view in views_of(words):  # views, without peeling what has nothing to look through
            if not view or view[0] not in _DECODERS:
                continue
            if view[0] in _ESCAPE_PRINTERS:
                # A wrapper's view shifts the words: only the segment as written keeps its dynamic indexes; in
                # another view every word is taken as printed by another command.
                self._check_printed(view, seg.dynamic if view is words else range(len(view)), cwds, out)
            # What it prints becomes words of another command inside a substitution, through xargs or `read`.
            if _decodes_a_location(view, feeds):
                out.append(seg.text)

    def _check_named_files(
        self, text: str, words: tuple[str, ...], cwds: Collection[str], out: list[str]
    ) -> None:
        """The files a program's words name inside a larger word: socat's addresses; what an HTTP client reads."""
        if words[0] == "socat":
            # red team: the files socat's addresses name (`socat - FILE:/etc/passwd`, `socat -u - CREATE:/etc/x`,
            # `socat - /path`): read and written, each a place
            for f in socat_files(words, SOCAT_FILES):
                if f:
                    self._check_place(f, cwds, out)
        if "@" in text or "=<" in text:
            self._check_read_at(words, cwds, out)  # `curl -d @~/.ssh/id_rsa http://localhost`

    def _check_read_at(self, words: tuple[str, ...], cwds: Collection[str], out: list[str]) -> None:
        """red team: the file an HTTP client reads into its request at an `@` (`curl -d @~/.ssh/id_rsa
        http://localhost`), as its view reads it (through wrappers and verb paths)."""
        peeled = words[0] not in NOT_PEELED and _peels(words[0])
        for view in views_of(words) if peeled else (words,):
            if view and view[0] in AT_FILE_READERS:
                for place in files_read_at(view):
                    self._check(place, place[0] == "~", cwds, out)

    def _check_text(
        self, command: str, fed: bool, out: list[str], segments: tuple[Segment, ...] = ()
    ) -> None:
        """What the text of a command shows that its words hide. On Windows, a rooted place the reader drops a
        backslash of (`gc \\x`, `type \\\\srv\\share\\x`: permissions.where.rooted_in_text). The words of the
        here-strings (`<<< /etc/passwd`) of a command where text becomes words (``fed``: `read`, xargs; or a
        substitution): `while read f; do cat "$f"; done <<< /etc/passwd` hands on what it spells out. Each is
        checked as a word is (from where the command starts). And a reader xargs or parallel runs, or a
        program reading its list of files, fed what is no listing (`cat p | xargs cat`, `tar -T p`)."""
        if self.windows:
            out.extend(rooted_in_text(command))
        if _FEEDS_NAMES(command):
            _check_fed_names(segments, command, out)
        if "<<<" not in command:
            return
        if not (fed or "$(" in command or "`" in command or "<(" in command):
            # a variable's value handed on as the text a program reads (`base64 <<< "$NPM_TOKEN"`): as it shown
            for piece in here_strings(command):
                if _NAMED_EXPANSION.search(piece) is not None and not _shown_only(piece, self.windows):
                    self._check(piece, True, (self.cwd,), out)
            return
        for piece in here_strings(command):
            if piece[0] in "/~" or ".." in piece or as_climbs(piece) != piece:
                self._check(piece, piece[0] == "~" or "$" in piece, (self.cwd,), out)

    def _check_redirects(
        self,
        targets: tuple[str, ...],
        segments: tuple[Segment, ...],
        command: str,
        cwds: Collection[str],
        out: list[str],
    ) -> None:
        for target in targets:
            if self.windows and target and self._check_windows(target, command, out, cwds):
                continue  # `> C:\\x`, also unquoted (the reader reads `C:x`)
            if "$" in target and _literal_loop_word(target, segments, command):
                continue  # `for f in a.md b.md; do wc -l < "$f"; done`: the words listed, inside
            self._check(target, "$" in target or target.startswith("~"), cwds, out)

    def _check_printed(
        self, words: tuple[str, ...], dyn: Collection[int], cwds: Collection[str], out: list[str]
    ) -> None:
        """R6.2: a printer that turns escapes into characters prints a location as it reads once printed, not
        as it is spelt (`cat $(printf '\\057etc\\057passwd')` reads /etc/passwd). Its escaped words are
        checked decoded, and text another command printed into a position it decodes (`printf "$(…)"`,
        `echo -e "$(…)"`) is a location decided by an expansion."""
        positions, printed_decoded = _decoding_positions(words)
        found = len(out)
        for k in positions:
            w = words[k]
            if k in dyn:
                if printed_decoded:
                    out.append(w)
            elif "\\" in w:
                self._check_decoded(w, cwds, out)
            if len(out) > found:
                return  # one location outside is the answer: a segment of many is not read on

    def _check_decoded(self, word: str, cwds: Collection[str], out: list[str]) -> None:
        found = len(out)
        for spelt in _decoded(word):
            if "/" not in spelt and ".." not in spelt:
                continue
            for piece in spelt.split():
                if piece[0] == "/" or ".." in piece:
                    self._check(piece, False, cwds, out)
                    if len(out) > found:
                        return

    def cwd_sets(self, segments: tuple[Segment, ...], command: str) -> list[frozenset[str]] | None:
        """The directories each segment runs in (None: all in the scope's cwd), read for the scope."""
        return cwd_sets(segments, command, self.cwd, floor=False, windows=self.windows)

    def _check_place(self, w: str, cwds: Collection[str], out: list[str]) -> None:
        """An absolute word, one with `..`, or a file URL or specifier: red team, it names a local place
        (`npm install file:/tmp/x`, `x@file:../../y`, `pip install file:///tmp/x`, `git clone file:///etc/x`)."""
        if w[:5] == "file:" or "@file:" in w:
            place = w[w.find("file:") + 5 :]
            place = place[2:] if place[:2] == "//" else place
            self._check(place, place[:1] == "~", cwds, out)
        elif w[0] == "/" or ".." in w:
            self._check(w, False, cwds, out)

    def _check_value(self, w: str, eq: int, cwds: Collection[str], out: list[str]) -> None:
        """The value of ``--opt=VALUE`` / ``NAME=VALUE`` is a location; so is a mount's host folder. A web address
        is another machine's, as the same word standing alone is (`pytest --base-url=http://localhost:8000`); a
        file URL names a local place (_check_place)."""
        value = w[eq + 1 :]
        if "://" in value and _URL.match(value) is not None:
            if value[:5].lower() == "file:":
                self._check_place(value, cwds, out)
        else:
            self._check(value, value[:1] == "~", cwds, out)
        if "src=" in w.lower() or "source=" in w.lower():
            # R6.2: `--mount type=bind,source=/opt/x,target=/x`: the host folder is a location.
            for source in _mount_sources(w):
                self._check(source, source[:1] == "~", cwds, out)

    def _check_windows(self, word: str, command: str, out: list[str], cwds: Collection[str] = ()) -> bool:
        """Whether ``word`` (or its ``=`` value, or a PowerShell ``-Name:`` parameter's value) is a Windows place,
        or climbs as Windows reads the text (``..\\..\\x`` unquoted); one outside the roots is added to ``out``."""
        colon = word.find(":")
        # (`--base-url=http://x` is a GNU option's value, not PowerShell's `-Name:value`: an `=` before the colon)
        bound = word[0] == "-" and colon > 0 and "=" not in word[:colon]
        if bound:
            word = word[word.find(":") + 1 :]  # `-Path:C:\\x`, `-Lit:..\\..\\x` (PowerShell binds the value)
            if not word:
                return False
        if provider_place(word) or drive_relative(word, command):
            out.append(word)
            return True
        if bound and (word[0] in "/~" or (("\\" in word or "/" in word) and "$" not in word)):
            self._check(word, word[0] == "~", cwds, out)  # `-Path:/etc/x`, `-Lit:'..\\..\\x'`
            return True
        if ".." in word and cwds:
            climb = eaten_climb(word, command)
            if climb is not None and any(not self.contains(normalize(climb, cwd)) for cwd in cwds):
                out.append(word)
                return True
        if word[1:2] != ":" and word[0] != "\\":
            eq = word.find("=")
            if eq < 0:
                return False
            word = word[eq + 1 :]  # `--file=C:\\x`, `NAME=C:\\x`
            if word[1:2] != ":" and word[:1] != "\\":
                return False
        place = windows_place(word, command)
        if place is None:
            return False
        volume, rest = place
        if volume[1:] == ":":
            # The same folder as Git Bash (`/c/...`) and WSL (`/mnt/c/...`) spell it may be a root.
            for spelt in ("/" + volume[0] + rest, "/mnt/" + volume[0] + rest):
                if self.contains(normalize(spelt)):
                    return True
        out.append(word)
        return True

    def _check(self, word: str, dynamic: bool, cwds: Collection[str], out: list[str]) -> None:
        if not word:
            return
        if self.windows and not dynamic and (word[1:2] == ":" or word[0] == "\\"):
            if self._check_windows(word, "", out):
                return  # a mount's source (`--mount type=bind,src=C:\\x,dst=/x`)
        if dynamic:
            # R6.2 [beyond]: a location decided by an expansion is never known to be inside: `$VAR`, `~`,
            # and also one inside a word (`..$HOME` is `../root`; `x$V` with V=/../.. climbs out).
            out.append(word)
            return
        if word in NOT_USER_PATHS:
            return
        word = as_climbs(word)  # `src/.?/.?` may be `src/../..` as the shell expands it
        if word[0] == "/":
            if not self.contains(normalize(word)):
                out.append(word)
        elif ".." in word:
            # R6.2: relative words with `..` are resolved against every directory the command may be in at
            # that point (permissions.where: a subshell's `cd` never hides an escape, and only `cd x && ...`
            # leaves the directory it started in behind).
            if self.windows and "\\" in word:
                word = word.replace("\\", "/")  # on Windows a backslash separates too: `..\\..\\x`
            if self.windows and " " in word:
                word = _TRAILING_SPACES.sub("", word)  # Windows drops them: `".. \\x"` climbs
            if ".." not in word.split("/"):
                return  # no climb (`./...`, go's every package; `a..b`): inside wherever the command is
            for cwd in cwds:
                if not self.contains(normalize(word, cwd)):
                    out.append(word)
                    return

    def cd_inside(self, seg: Segment, cwd: str | frozenset[str] | None = None, down: bool = False) -> bool:
        """R5 step 4: `cd <dir>` (or `pushd <dir>`) whose target stays in the scope is the scope declaration
        itself (from every directory the command may be in when it runs). ``down``: its expanded target is one
        :func:`descends` accepts (`cd "$p"` in `for p in packages/*`), inside whenever the directory it leaves
        is -- or it is a `cd -`, `popd` or bare `pushd` that permissions.where follows back inside
        (:meth:`back_inside`)."""
        words = seg.words
        if words[0] not in DIRECTORY_CHANGERS or (
            seg.redirects and not NOT_USER_PATHS.issuperset(seg.redirects)
        ):
            return False  # (`pushd src > /dev/null`: pushd prints the stack)
        if len(words) == 1:
            return words[0] != "cd" and down and self.contains(self.cwd)  # bare `cd` goes $HOME
        if len(words) != 2 or words[0] == "popd" or (words[0] == "pushd" and words[1][:1] in "-+"):
            return False
        if 1 in seg.dynamic or words[1] == "-":
            # (the directories it may leave are not asked: every way out of the project before it is flagged
            # where it is written, and a loop's own earlier `cd "$p"` makes them unknown)
            return down and self.contains(self.cwd)
        target = words[1]
        if target == "-" or target.startswith("~"):
            return False
        if self.windows and windows_place(target) is not None:
            return False  # a Windows place (`cd C:/x`): permissions.scope checks it as a word
        if isinstance(cwd, frozenset):
            return bool(cwd) and all(self.contains(normalize(target, c)) for c in cwd)
        return self.contains(normalize(target, cwd or self.cwd))


# R6.2, R4.7: the first words of the segments whose operands may be places a substitution prints
# (permissions.commands.list_feeds): the readers, and the wrappers that may run one (a verb spelt as a path too).
_READER_GATE = PLACE_READERS | PEELED_VERBS
# a URL's scheme (`https://`, `git+ssh://`, `s3://`): no place of this machine but for `file:`
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
# R6.2, R4.7: whether a command may hand a program a list of places or commands (xargs, parallel, a list of files,
# a checksum list, a response or options file, a compiler driver's comma list): a cheap test of the text, which
# permissions.commands.list_feeds keeps with the readers it gates (its FEEDS_NAMES); only then are the segments read
# (_check_fed_names), each program's list as that program reads it -- also one a find's `-exec` runs.
_FEEDS_NAMES = FEEDS_NAMES


def _reader_views(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The views of ``words`` led by a program of PLACE_READERS, each a suffix of ``words``."""
    first = words[0]
    if first in PLACE_READERS:
        return [words]
    if first in NOT_PEELED or not _peels(first):
        return []
    n = len(words)
    return [v for v in views_of(words) if v and v[0] in PLACE_READERS and words[n - len(v) :] == v]


def _fed_place(
    words: tuple[str, ...],
    k: int,
    seg: Segment,
    segments: tuple[Segment, ...],
    command: str,
    data: frozenset[str],
) -> bool:
    """R6.2, R4.7: whether ``words[k]``, which holds only what commands print, is a place a program of
    PLACE_READERS reads or writes, printed by something that is not a listing of the project (a file's
    content, a variable, the network: permissions.commands.list_feeds)."""
    views = _reader_views(words)
    if not views:
        return False
    w = words[k]
    for view in views:
        at = k - (len(words) - len(view))
        if at < 1:
            continue
        if substituted_place_unjudged(view, at, seg.text, seg.words):
            return True
        if data and "$" in w and reader_operand(view, at):
            names = {m.group(1) or m.group(2) for m in _DATA_REF.finditer(w)} & data
            joins = joiners(segments, command)
            for name in names:
                lists = [m.group(2) for m in _FOR.finditer(command) if m.group(1) == name]
                if loop_feed_unjudged(name, segments, joins, command, lists):
                    return True
    return False


def _check_fed_names(segments: tuple[Segment, ...], command: str, out: list[str]) -> None:
    """R6.2: xargs or parallel running a reader, or a program reading its list of files, fed what is no
    listing (permissions.commands.list_feeds)."""
    joins = None
    for i, seg in enumerate(segments):
        words = seg.words
        if not words:
            continue
        views = [words] if words[0] in FEED_TAKERS else views_of(words)
        if not any(v and v[0] in FEED_TAKERS for v in views):
            continue
        joins = joins or joiners(segments, command)
        if fed_names_unjudged(views, segments, i, joins, command, _items_list(segments, command, joins)):
            out.append(seg.text)
            return


def _items_list(
    segments: tuple[Segment, ...], command: str, joins: list[str | None]
) -> Callable[[str], bool]:
    """R6.2: whether a `for` or `read` variable holds only the items of a listing of the project (its loop's
    list, or what its `read` reads), for a loop's `echo "$f"` piped on (permissions.commands.list_feeds)."""

    def lists(name: str) -> bool:
        if name not in _data_names(segments, command):
            return False
        loops = [m.group(2) for m in _FOR.finditer(command) if m.group(1) == name]
        return not loop_feed_unjudged(name, segments, joins, command, loops)

    return lists


# SPEC §5: the spaces that end a component of a Windows path, which Windows drops (`.. ` is `..`).
_TRAILING_SPACES = re.compile(r" +(?=/|$)")


# R6.2: programs that turn backslash escapes into characters (octal, `\\x`, `\\u`, `\\U`): printf in its format and
# `%b` arguments, echo with -e, tr in its sets.
_ESCAPE_PRINTERS = frozenset({"printf", "echo", "tr"})
_OCTAL = frozenset("01234567")
_HEX = frozenset("0123456789abcdefABCDEF")
_WHITE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "v": "\v", "f": "\f"}


# R6.2: programs whose output is text decoded from their input (`base64 -d`, `xxd -r`): inside a substitution
# they print whatever location their literal input encodes, so what they print there is an expansion.
_BINARY_DECODERS = {
    "base64": ("-d", "--decode", "-D"),
    "base32": ("-d", "--decode"),
    "basenc": ("-d", "--decode"),
    "xxd": ("-r", "-revert"),
    "uudecode": ("",),
    "openssl": ("-d", "-base64", "-a"),
}
_DECODERS = _ESCAPE_PRINTERS | frozenset(_BINARY_DECODERS)


# R6.2: programs that cut characters out of text (`cut -c2-`, `rev`, `sed 's/x//'`, `tr -d x`, `head -c`): fed
# literal text, they print whatever location hides inside it (`x/etc/passwd` less its first character).
_SLICERS = (
    frozenset({"cut", "rev", "colrm", "fold", "head", "tail", "tr", "basename", "dirname"}) | SEDS | AWKS
)


_NONE_LISTED: frozenset[int] = frozenset()


def _listed(segments: tuple[Segment, ...], command: str) -> frozenset[int]:
    """SPEC §5: the segments whose script block's pipeline item is a file a listing of the project listed."""
    if "$_" in command or "$PSItem" in command or "$psitem" in command:
        return listed_items(segments, command)
    return _NONE_LISTED


# SPEC §5, R6.2: `$PWD` is the current folder to PowerShell and bash alike (cmd reads the name `$PWD`, inside):
# where the command is (permissions.where follows its moves). Not when the command may give it another value
# (`$PWD = 'C:\\'`, `PWD=/etc`, `read PWD`, `Set-Variable PWD`, `${PWD:=/}`, `$global:PWD`: the name on its own;
# PowerShell's names ignore case), nor spelt otherwise (bash's `$pwd` is another variable, empty), nor glued to
# more than a `/` (bash reads `$PWD\\x` and `$PWD.Path` as the folder's name with `x` or `.Path` added: beside it).
# `${PWD}` is `$PWD` (the braces alone, friction): the name in braces with anything more inside them (`${PWD:=/}`,
# `${PWD%/*}`) or assigned to (PowerShell's `${PWD} = 'C:\\'`) still counts as the name on its own.
_PWD_SET = re.compile(
    r"(?<![\w$])(?<!\$\{)PWD(?!\w)|\$\{PWD(?!\})|(?:\$PWD|\$\{PWD\})\s*[-+*/%]?=(?!=)", re.IGNORECASE
)


def _braces_off(word: str) -> str:
    """``word`` with a leading `${PWD}` (`${OLDPWD}`) written `$PWD` (`$OLDPWD`): the same expansion in bash and
    PowerShell."""
    if word[:2] != "${":
        return word
    return (
        "$PWD" + word[6:]
        if word[:6] == "${PWD}"
        else "$OLDPWD" + word[9:]
        if word[:9] == "${OLDPWD}"
        else word
    )


def _the_current_folder(word: str, command: str) -> bool:
    """Whether ``word`` is `$PWD` alone or followed by a plain relative path, in a command that gives PWD no
    value."""
    rest = word[4:]
    return rest[:1] in ("", "/") and "$" not in rest and "`" not in rest and _PWD_SET.search(command) is None


# OLDPWD named other than read whole (`OLDPWD=/etc`, `${OLDPWD:-x}`, `export OLDPWD`).
_OLDPWD_SET = re.compile(r"(?<![\w$])(?<!\$\{)OLDPWD(?!\w)|\$\{OLDPWD(?!\})", re.IGNORECASE)


def _the_folder_before(word: str, segments: tuple[Segment, ...], command: str) -> bool:
    """Whether ``word`` is `$OLDPWD` alone or followed by a plain relative path, in a command that starts with its
    only directory change, a `cd` of one literal word, and goes on only through `&&` and pipes (no `;`, `||`, new
    line or `&`: after a failed `cd` nothing of it runs) -- `$OLDPWD` is then where the command started."""
    rest = word[7:]
    if rest[:1] not in ("", "/") or "$" in rest or "`" in rest or not segments:
        return False
    first = segments[0]
    words = first.words
    if first.hidden or first.dynamic or first.redirects or words[:1] != ("cd",) or len(words) != 2:
        return False
    text = command.lstrip()
    if not text.startswith(first.text):
        return False
    after = text[len(first.text) :]
    return (
        after.lstrip(" \t")[:2] == "&&"
        and not any(c in after.replace("&&", "") for c in ";&\n")
        and "||" not in text
        and sum(1 for s in segments if s.words and s.words[0] in DIRECTORY_CHANGERS) == 1
        and _OLDPWD_SET.search(command) is None
    )


def _expanded_here(word: str, text: str) -> bool:
    """Whether a pattern that may be ``..`` is the shell's to expand: one with a ``/`` always (none is an
    ordinary word), one without (`.*`) only where the segment's text shows it unquoted -- `find . -name '.*'`
    and `grep '.*' f` hand it to the program as a pattern, `grep -r x .*` reads the folder above."""
    if "/" in word:
        return True
    return re.search(rf"(?:^|\s){re.escape(word)}(?:\s|$)", text) is not None


# friction, R6.2: what `echo "$VIRTUAL_ENV"`, `echo $PATH`, `printf '%s\n' "$HOME"` or `basename "$PWD"` prints
# goes to the screen only when nothing in the command takes it further -- no redirection, not inside a
# substitution, subshell or group, no xargs or `read`, no `printf -v`, and every other command of it a filter of
# _SCREEN_FILTERS (`echo "$PATH" | tr ':' '\n' | grep -n node`): what is printed never becomes a name another
# program reads (`tar -T -`, `xargs cat`, `wc --files0-from=-`), a program it runs (`| sh`, `sed -f -`) or a
# file it writes --: the variables it prints are text, not places. Only the variables of a closed table that
# hold where things are and which mode a run is in (_SHOWN): the screen is the agent's transcript, which leaves
# the machine, and `echo $AWS_SECRET_ACCESS_KEY` on a developer's laptop hands a secret to it (test_runs_in).
# Literal words stay checked; echo -e still decodes (_check_printed). Off the sandbox, where the command may be
# PowerShell's, the word holds no `/`, `\` or `:` besides: `${c:\x}` reads the file x there,
# `$env:USERPROFILE\.ssh` is the Windows reading's (ps_value).
_SCREEN_PRINTERS = frozenset({"echo", "printf", "basename", "dirname"})
_SHOWN = SHOWN_VARIABLES
# A plain name, or in braces with a default or alternative of plain text, a length, a part cut off, a
# substitution whose replacement holds no `/`, a slice or a change of case (`${NODE_ENV:-development}`,
# `${PWD##*/}`, `${PATH//:/ }`, `${#PATH}`): what is printed is (part of) the shown value.
_VARIABLE_READ = re.compile(
    r"\$(?:\{#?([A-Za-z_]\w*)(?::?[-+][\w.,@+-]*|#{1,2}[^}$`\\]*|%{1,2}[^}$`\\]*"
    r"|/[/#%]?[^}$`\\/]*(?:/[^}$`\\/]*)?|:[0-9: -]*|[,^]{1,2})?\}|([A-Za-z_]\w*))"
)


_DRIVE_READ = re.compile(r"\$\w*:").search  # `$env:X`, `$c:x`, `$global:x`
_BRACED = re.compile(r"\$\{([^}]*)")
# PowerShell's providers' drives and its scopes, read in braces before a colon (`${env:X}`, `${function:f}`)
_PS_DRIVES = frozenset(
    {"env", "function", "variable", "alias", "cert", "hklm", "hkcu", "wsman", "temp"}
    | {"global", "script", "local", "private", "using", "workflow"}
)


def _provider_read(word: str) -> bool:
    """Whether PowerShell may read a provider's item in ``word``'s expansions: `$env:X`, `$c:x`, and in braces a
    drive before a colon (`${c:\\x}` reads the file, `${env:X}`) -- but not bash's default or alternative of a
    variable whose name is no drive (`${NODE_ENV:-development}`: PowerShell finds no drive of that name)."""
    if _DRIVE_READ(word):
        return True
    for m in _BRACED.finditer(word):
        name, colon, rest = m.group(1).partition(":")
        if colon and not (
            len(name) > 1
            and name.isidentifier()
            and name.lower() not in _PS_DRIVES
            and rest[:1] in ("-", "+", "=", "?")
        ):
            return True
    return False


# A variable read by its name (`$NPM_TOKEN`, `${X}`), not a special parameter (`$?`, `$#`, `$$`): R6.2.
_NAMED_EXPANSION = re.compile(r"\$[A-Za-z_{]")


def _shown_only(word: str, windows: bool) -> bool:
    """Whether every expansion of ``word`` reads a variable of _SHOWN by its plain name (see above)."""
    if windows and ("/" in word or "\\" in word or (":" in word and _provider_read(word))):
        return False  # `:` only where PowerShell reads a drive (`$env:X`, `${c:x}`, `$c:x`), not `"venv: $X"`
    for m in _VARIABLE_READ.finditer(word):
        if (m.group(1) or m.group(2)) not in _SHOWN:
            return False
    return "$" not in _VARIABLE_READ.sub("", word) and "`" not in word


def _to_the_screen(seg: Segment, segments: tuple[Segment, ...], command: str, fed: bool) -> bool:
    """Whether what ``seg`` (a printer of _SCREEN_PRINTERS) prints goes to the screen only (see above)."""
    if seg.hidden or seg.redirects or fed or "coproc" in command or _into_a_variable(seg.words):
        return False  # `printf -v x`, `printf -vx`: into a variable; `coproc echo …`: into a descriptor
    if ">" in command and ">" in _NO_FILE.sub("", command):
        return False  # a redirection to a file anywhere (`{ echo $HOME; } > f`); `2>&1` writes none
    return "|" not in command or all(map(_screens, segments)) or _ends_its_pipeline(seg, segments, command)


def _into_a_variable(words: tuple[str, ...]) -> bool:
    """`printf -v x`, `printf -vx`: what is printed is assigned, not shown."""
    return len(words) > 1 and words[1][:2] == "-v"


# Redirections that write no file: a descriptor copied (`2>&1`, `>&2`), or the output thrown away.
_NO_FILE = re.compile(r"[0-9]?>&[0-9](?![0-9])|&?[0-9]?>>? ?/dev/null(?=$|[\s;&|)])")
# What ends a compound command whose output may be piped on as a whole (`{ echo $HOME; } | tar -T -`,
# `for …; do echo $HOME; done | …`, `if …; fi | …`).
_COMPOUND_ENDS = ("}", "done", "fi", "esac", ")")
_NOT_PIPED = frozenset({"&&", "||", ";", "\n", "&", ""})


def _ends_its_pipeline(seg: Segment, segments: tuple[Segment, ...], command: str) -> bool:
    """Whether ``seg`` stands alone between operators that pipe nothing (`echo "$JAVA_HOME" && java -version
    2>&1 | head -1`): its output is not the one piped, in a command with no compound command."""
    if any(end in command for end in _COMPOUND_ENDS):
        return False
    k = next(i for i, s in enumerate(segments) if s is seg)
    joins = joiners(segments, command)
    return joins[k] in _NOT_PIPED and (k == 0 or joins[k - 1] in _NOT_PIPED)


# friction, R6.2: programs that filter the text piped to them onto the screen: their standard input is data,
# never names they open, options, or code -- unless a word of theirs names it as a file (`-`, `/dev/stdin`,
# `/dev/fd/0`, `--files0-from=-`) or, for the programs that read their program or patterns from a file, gives
# one (`sed -f`, `awk -f`, `jq --from-file`, `grep -f`). Not `cat`: PowerShell's Get-Content off the sandbox.
_SCREEN_FILTERS = frozenset(
    {"tr", "cut", "wc", "head", "tail", "sort", "uniq", "tac", "nl", "rev", "fold", "column", "jq"}
    | {"grep", "egrep", "fgrep", "rg"}
) | (SEDS | AWKS)
_PROGRAM_FILES = frozenset({"jq", "grep", "egrep", "fgrep", "rg"}) | SEDS | AWKS


def _screens(seg: Segment) -> bool:
    """Whether ``seg``, in a command with a screen printer, prints to the screen too (see above)."""
    words = seg.words
    if not words or seg.hidden:
        return False
    if words[0] in _SCREEN_PRINTERS:
        return True
    if words[0] not in _SCREEN_FILTERS:
        return False
    code = words[0] in _PROGRAM_FILES
    for w in words[1:]:
        if w == "-" or "stdin" in w or "/fd/" in w or "files0" in w or w[-2:] == "=-":
            return False
        if code and w[:1] == "-" and "f" in (w[1:] if w[1:2] != "-" else w[2:3]):
            return False  # `-f x`, `-nf-`, `--file=x`, `--from-file x`
    return True


def _fed_and_sliced(segments: tuple[Segment, ...], command: str) -> tuple[bool, bool]:
    """(whether what a command prints may become another's words through xargs or `read`; whether, besides,
    the command cuts characters out of text while anything it prints may feed words — a substitution too)."""
    fed = "xargs" in command or "read" in command
    if not fed and "$(" not in command and "`" not in command and "<(" not in command:
        return False, False
    return fed, any(s.words and s.words[0] in _SLICERS for s in segments)


def _slices_a_literal(seg: Segment) -> bool:
    """Whether ``seg``, in a command that slices (:func:`_fed_and_sliced`), hands literal text holding a `/` past its
    first character, or `..`, to be cut: its here-string (`cut -c2- <<< x/etc/passwd`), or a printer's literal
    words (`echo x/etc/passwd | cut -c2-`). Relative names in ordinary printing (`echo src/a.py`) are not
    touched without a slicer."""
    at = seg.text.find("<<<")
    if at >= 0:
        rest = seg.text[at + 3 :]
        if "/" in rest or ".." in rest:
            return True
    if seg.words[0] not in _ESCAPE_PRINTERS:
        return False
    dyn = seg.dynamic
    return any("/" in w[1:] or ".." in w for k, w in enumerate(seg.words) if k and k not in dyn)


def _decodes_a_location(words: tuple[str, ...], feeds: bool) -> bool:
    """Whether what ``words`` print may be a location its words do not spell: a binary decoder whose output
    ``feeds`` another command's words, or tr whose output set holds `/` (anywhere) or `.` (when it feeds
    words: `tr _ . <<< __/x` prints `../x`)."""
    program = words[0]
    if program == "tr":
        sets = [w for w in words[1:] if not w.startswith("-")]
        out = _tr_set(sets[1]) if len(sets) >= 2 and "-d" not in words else ""
        return "/" in out or (feeds and "." in out)
    flags = _BINARY_DECODERS.get(program)
    if flags is None or not feeds:
        return False
    return "" in flags or any(w in flags or (w[:1] == "-" and w[1:2] != "-" and "d" in w) for w in words[1:])


def _tr_set(text: str) -> str:
    """tr's set as characters: escapes decoded, ranges `a-z` spelt out (bounded: ranges past 256 stop)."""
    chars = _decode(text, zero_led=False)
    out: list[str] = []
    i = 0
    while i < len(chars):
        if i + 2 < len(chars) and chars[i + 1] == "-" and len(out) < 4096:
            lo, hi = ord(chars[i]), ord(chars[i + 2])
            out.extend(chr(c) for c in range(lo, min(hi, lo + 256) + 1))
            i += 3
        else:
            out.append(chars[i])
            i += 1
    return "".join(out)


def _decoding_positions(words: tuple[str, ...]) -> tuple[range, bool]:
    """The operands a printer decodes escapes in, and whether text printed into them by another command is
    decoded too. printf: its format, and every argument when the format may hold `%b`; tr: both sets; echo:
    its arguments — zsh's and dash's echo decode without -e, so its literal words are always read decoded, but
    only with -e is printed text taken as decoded (`echo "$(git rev-parse HEAD)"` stays ordinary)."""
    program = words[0]
    k, n = 1, len(words)
    if program == "printf":
        if k < n and words[k] == "-v":
            k += 2
        if k < n and words[k] == "--":
            k += 1
        if k >= n:
            return range(0), False
        return (range(k, n) if "%b" in words[k] or "$" in words[k] else range(k, k + 1)), True
    flagged = program == "tr"
    while k < n and len(words[k]) > 1 and words[k][0] == "-" and words[k] != "--":
        flagged = flagged or (program == "echo" and "e" in words[k])
        k += 1
    return range(k, n), flagged


def _decoded(word: str) -> set[str]:
    """``word`` with its escapes decoded, both ways an octal escape is read (`\\NNN` by printf's format and
    tr, `\\0NNN` by `%b` and echo -e): what the printer may print."""
    if "\\0" not in word:
        return {_decode(word, False)}  # the two readings differ only at `\\0`
    return {_decode(word, zero_led) for zero_led in (False, True)}


def _decode(word: str, zero_led: bool) -> str:
    """A printer's escapes decoded as a command substitution keeps them. Not expansions.decode_ansi_c, which
    reads `$'...'` as bash does: there a NUL ends the text, while a substitution drops NUL bytes and reads on
    (`$(printf '\\0/etc/passwd')` is `/etc/passwd`), and `\\0NNN` (echo -e, `%b`) is no `$'...'` escape."""
    out: list[str] = []
    i, n = 0, len(word)
    while i < n:
        c = word[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        e = word[i + 1]
        if e in _OCTAL:
            start = i + 2 if zero_led and e == "0" else i + 1
            digits, base, width = _OCTAL, 8, 3
        elif e in "xuU":
            start, digits, base, width = i + 2, _HEX, 16, {"x": 2, "u": 4, "U": 8}[e]
        else:
            out.append(_WHITE_ESCAPES.get(e, e))
            i += 2
            continue
        end = start
        while end < n and end - start < width and word[end] in digits:
            end += 1
        if end == start:
            out.append(word[i : i + 2])
            i += 2
            continue
        code = int(word[start:end], base)
        if code:  # a NUL byte is dropped from what a substitution prints
            out.append(chr(code) if code < 0x110000 else "?")
        i = end
    return "".join(out)


# R6.2: words made only of substitutions (`$(…)`, `<(…)`, `` `…` ``), as the reader spells them.
_SUBSTITUTIONS = ("$(…)", "<(…)", ">(…)", "`…`")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


# friction, R6.2: `..` climbs as a whole part of a path only -- followed by nothing, a separator, or what may
# print or be read as one (an expansion; a dot or blank Windows drops): `$(git merge-base HEAD main)..HEAD`, a
# range of revisions, ends every part it makes with `HEAD`.
_CLIMB = re.compile(r"\.\.(?=$|[/\\$`. \t])").search


def _printed_only(
    word: str, data: frozenset[str], segments: tuple[Segment, ...] = (), command: str = ""
) -> bool:
    """Whether the location ``word`` names is only what commands print: substitutions (`$(…)`, `<(…)`,
    `` `…` ``) and loop / `read` variables holding their output or relative words, with literal text that
    neither starts at the root nor climbs (`$(…)/README.md`, `"== $f"`; not `/etc/$(…)`, `$(…)/..`) -- nor
    does once what leads it prints nothing (`"$(true)/etc/passwd"` is `/etc/passwd`, :func:`_lead_may_vanish`)."""
    if not word:
        return True  # nothing to check (as _check reads an empty word)
    if word[0] in "/~" or (".." in word and _CLIMB(word)):
        return False
    rest = word
    for sub in _SUBSTITUTIONS:
        rest = rest.replace(sub, "")
    if data and "$" in rest:
        rest = _DATA_REF.sub(lambda m: "" if (m.group(1) or m.group(2)) in data else m.group(0), rest)
    if "$" in rest or "`" in rest or "~" in rest:
        return False
    return rest[:1] != "/" or not _lead_may_vanish(word, segments, command)


def _lead_may_vanish(word: str, segments: tuple[Segment, ...], command: str) -> bool:
    """Whether what leads ``word`` up to its first `/` may print nothing, leaving the rest an absolute place:
    a substitution may print nothing (`$(true)`, `$(head -0 f)`), a `read` line may be empty. Never empty: a
    `for` variable over written-out words none of which is empty (`for d in packages/*; do cat "$d/x"`), and
    the working directory or the checkout's top (`$(pwd)/src`, `$(git rev-parse --show-toplevel)/README.md`)
    when the command has no other substitution and sets no git variable (a failing rev-parse prints nothing)."""
    lead = word[: word.find("/")]
    names = _literal_loop_names(segments, command)
    if (
        names
        and "$" in lead
        and not _DATA_REF.sub(lambda m: "" if (m.group(1) or m.group(2)) in names else "$", lead)
    ):
        return False
    if lead[:1] == "$" and lead[1:2] != "(":
        given = leading_values(segments, command).get(lead.strip("${}"))
        if given is not None and given[0] and _relative_inside(given[0]):
            return False  # `SRC_DIR=src; cat "$SRC_DIR/main.py"`: the literal given before anything ran
    if (
        lead == "$(…)" or (lead[:1] == "$" and lead.strip("${}") in top_names(command))
    ) and "GIT_" not in command:
        others = _PLACE_SUBSTITUTION.sub("", command)
        return "$(" in others or "`" in others or "<(" in others or ">(" in others
    return True


# `$(pwd)`, `$(git rev-parse --show-toplevel)`: substitutions that print an absolute place and never nothing.
_PLACE_SUBSTITUTION = re.compile(r"\$\((?:pwd|pwd -P|git rev-parse --show-toplevel)\)")


# (any case: a name is data only when the command's reading made it so -- lower case, or a script's own variable)
_DATA_REF = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")


# (`do` is followed by a blank it does not take: a loop nested right after it has its own match.)
_FOR = re.compile(r"(?:^|[\s;&|(])for\s+([a-z_][a-z0-9_]*)\s+in\s+([^;\n]{0,500})[;\n]\s*do(?=\s)")


def _data_names(segments: tuple[Segment, ...], command: str) -> frozenset[str]:
    """Lower-case variables that hold only what commands print or relative words: `for f in LIST` whose
    words are inside by themselves (relative, no `..`, or substitutions), the names `read` sets, and the leading
    assignments of such a word (`out=dist; rm -rf "$out"`, leading_values)."""
    if ("for" not in command and "read" not in command and "=" not in command) or len(
        command
    ) > _MAX_LOOP_TEXT:
        return _NO_NAMES
    hit = _NAMES_MEMO.get(command)
    return _NAMES_MEMO.keep(command, _read_data_names(segments, command)) if hit is None else hit


# Agents repeat their commands (bounded by _MAX_LOOP_TEXT each).
_NAMES_MEMO: Memo[str, frozenset[str]] = Memo(2048)


def _read_data_names(segments: tuple[Segment, ...], command: str) -> frozenset[str]:
    names: set[str] = set()
    if "for" in command:
        names.update(_loop_names(segments, command, literal=False))
    if "read" in command:
        readers: list[str] = []
        for seg in segments:
            readers.extend(read_names(seg.words))
        # a `read` variable set again (`f=$(cat p)`, `printf -v f`, `${f:=…}`, a second `read f < p`) holds
        # anything, as a `for` variable set again does (_loop_names)
        names.update(
            n
            for n in readers
            if readers.count(n) == 1
            and not _assigned(command, n)
            and not _set_by_a_command(segments, n)
            and re.search(rf"\$\{{{n}:?=", command) is None
        )
    kept = _read_in_bodies(command, names)
    if "=" in command:
        given = leading_values(segments, command)
        if given:
            kept |= {
                n
                for n, (v,) in given.items()
                if (n.islower() or script_variable(n)) and n not in names and _relative_inside(v)
            }
        if "=$(" in command or '="$(' in command:
            kept |= top_names(command)
    return kept


def _read_in_bodies(command: str, names: set[str]) -> frozenset[str]:
    """Of ``names``, those read only in the body of a loop that sets them: `for NAME in …; do … done`, or a
    `while`/`until` whose condition is a `read` of NAME. Anywhere else (`cat "$f"; for f in a; do :; done`,
    `false && for f in a; do :; done; cat "$f"`) the variable may hold what it held when the command started:
    anything."""
    if not names:
        return _NO_NAMES
    bodies = _loop_bodies(command)
    if not bodies:
        return _NO_NAMES
    kept = set()
    for name in names:
        binders = [(start, end) for head, start, end in bodies if _binds(head, name)]
        if binders and all(
            any(start <= at < end for start, end in binders)
            for at in (m.start() for m in re.finditer(rf"\$\{{?{re.escape(name)}(?![a-z0-9_])", command))
        ):
            kept.add(name)
    return frozenset(kept)


def _binds(head: str, name: str) -> bool:
    """Whether a loop's header (from its keyword to its `do`) sets ``name`` for its body."""
    if head.startswith("for"):
        return re.match(rf"for\s+{re.escape(name)}\s", head) is not None
    return "read" in head and re.search(rf"(?<![\w$-]){re.escape(name)}(?![\w])", head) is not None


# The shell's loop keywords as words (not `done.txt`, `src/for`, `--do`, `$do`).
_LOOP_WORD = re.compile(r"(?<![\w$./-])(for|while|until|select|do|done)(?![\w./-])")


def _loop_bodies(command: str) -> list[tuple[str, int, int]]:
    """Each loop of ``command`` as (header, start, end): the header from its keyword to its `do`, the body
    from after `do` to its `done`. [] when the text cannot be read plainly: a here-document (its lines may
    hold the keywords), unbalanced quotes or keywords."""
    if "<<" in command.replace("<<<", ""):
        return []
    masked = _mask_quoted(command)
    if masked is None:
        return []
    open_loops: list[list[int]] = []  # [keyword start, `do` start, `do` end] (-1 until its `do`)
    found: list[tuple[str, int, int]] = []
    for m in _LOOP_WORD.finditer(masked):
        word = m.group(1)
        if word == "do":
            waiting = next((loop for loop in reversed(open_loops) if loop[1] < 0), None)
            if waiting is None:
                return []
            waiting[1], waiting[2] = m.start(), m.end()
        elif word == "done":
            if not open_loops or open_loops[-1][1] < 0:
                return []
            start, do_start, do_end = open_loops.pop()
            found.append((command[start:do_start], do_end, m.start()))
        else:
            open_loops.append([m.start(), -1, -1])
    return [] if open_loops else found


def _mask_quoted(command: str) -> str | None:
    """``command`` with what its quotes hold blanked (same length, so offsets stay), or None when a quote is
    not closed."""
    out = list(command)
    quote = ""
    k = 0
    n = len(command)
    while k < n:
        c = command[k]
        if quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"' and k + 1 < n:
                out[k] = out[k + 1] = " "
                k += 1
            else:
                out[k] = " "
        elif c == "\\":
            k += 1
            if k < n:
                out[k] = " "
        elif c in "'\"":
            quote = c
        k += 1
    return None if quote else "".join(out)


# R6.2: programs that can write a location into the text they print (a sed replacement, an awk or jq string).
_LOCATION_WRITERS = SEDS | AWKS | {"jq", "yq", "gojq", "jaq"}
# sed's `s` command (any delimiter): its replacement; `y`: its target set; `a`, `i`, `c`: their text (GNU's
# one-line forms too).
_SED_SUBSTITUTE = re.compile(r"([sy])([^\\\n])((?:\\.|(?!\2).)*)\2((?:\\.|(?!\2).)*)\2")
_SED_TEXT = re.compile(r"(?:^|[;\n{}])\s*[0-9$]*\s*[aic]\\?\s*([^;\n}]*)")
_STRING_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Escapes that make a character from its code (sed's \\x2f \\o057 \\d047 \\cX, awk's \\057, jq's \\u002f).
_CODED = re.compile(r"\\[xodcuU0-7]")
# What an awk or jq program computes text from: a character code (awk's `%c`, jq's implode), a decoder, the
# environment (`ENVIRON["HOME"]`, `env.HOME`, `$ENV`).
_COMPUTES_TEXT = re.compile(r"%c|\bimplode\b|@base(?:64|32)d|\bENVIRON\b|\benv\b|\$ENV\b|\binput_filename\b")
# A lone "/" as the separator awk's and jq's split take: no place is written with it.
_SPLIT_ON_SLASH = re.compile(r'\bsplit\(\s*(?:[^()"]*,\s*)?"/"\s*\)')


# R6.2: commands that print where something is, as an absolute place (the working directory, the checkout's
# top, a resolved path, the environment) -- and the commands that cut such a place into another one
# (`dirname`, `cut -d/ -f1-3`, `sed s/app/other/`, `rev`; not basename, which leaves one name).
_PLACE_PRINTERS = frozenset({"pwd", "realpath", "readlink", "printenv", "env", "git"})
_PLACE_SLICERS = _SLICERS - {"basename"}
_GIT_PLACES = frozenset(GIT_TOPS) | {"--git-path"}


# The working folder by its variable: `dirname` of it prints the folder above.
_WORKING_FOLDER = frozenset({"$PWD", "${PWD}"})


def _prints_a_place(words: tuple[str, ...]) -> bool:
    if words[0] == "git":
        if words[1:3] == ("worktree", "list"):
            return True  # every worktree's folder
        return (
            len(words) > 2 and words[1] == "rev-parse" and any(w.split("=")[0] in _GIT_PLACES for w in words)
        )
    return words[0] != "env" or len(words) == 1  # `env CMD` runs CMD (judged as itself)


def _cuts_places(segments: tuple[Segment, ...]) -> bool:
    """Whether a command of ``segments`` (or one xargs runs) cuts text into another place."""
    return any(w in _PLACE_SLICERS for seg in segments for w in seg.words[:2])


# R6.2: a format a command prints (date's `+…`, `--format=`/`--pretty=`/`--printf=`, find's `-printf`, stat's
# `-c`, seq's `-f`) holding a place: at its start or after a character no path begins with
# (`+/etc/passwd`, `format:/etc/passwd`, `%n/etc/passwd`), spelt in codes too (git's `%x2f`, `\\057`, `\\x2f`).
_FORMAT_OPTIONS = ("--format", "--pretty", "--printf", "-printf")
_FORMAT_NEXT = {"stat": "-c", "gstat": "-c", "seq": "-f", "gseq": "-f"}
_PLACE_START = re.compile(r"(?:^|[^\w./-])/[\w.~-]")
_FORMAT_BREAKS = re.compile(r"%n|\s")
_GIT_HEX = re.compile(r"%x([0-9a-fA-F]{2})")  # git's format code; backslash escapes are _decode's


def _formats_a_place(seg: Segment) -> bool:
    """Whether a format ``seg`` prints holds a place (`date +/etc/passwd`, `git log --format=%n/etc/passwd`,
    `find -printf '\\057etc\\057passwd'`); relative text (`%p\\n`, `src\\057a.py`) holds none."""
    words = seg.words
    if "/" not in seg.text and "%x" not in seg.text and "\\" not in seg.text and ".." not in seg.text:
        return False
    date = words[0] in ("date", "gdate")
    after = _FORMAT_NEXT.get(words[0])
    for k in range(1, len(words)):
        w = words[k]
        if k in seg.dynamic:
            continue
        text: str | None
        if date and w.startswith("+"):
            text = w[1:]
        elif (after is not None and words[k - 1] == after) or words[k - 1] in _FORMAT_OPTIONS + ("-fprintf",):
            text = w
        else:
            text = next((w[len(o) + 1 :] for o in _FORMAT_OPTIONS if w.startswith(o + "=")), None)
        if text is None:
            continue
        decoded = _FORMAT_BREAKS.sub(" ", _decode(_GIT_HEX.sub(_from_hex, text), zero_led=True))
        if _PLACE_START.search(decoded) or ".." in decoded:
            return True
    return False


def _from_hex(m: re.Match[str]) -> str:
    return chr(int(m.group(1), 16))


def _writes_a_location(words: tuple[str, ...]) -> bool:
    """Whether a sed, awk or jq segment's program may spell a location into what it prints: a sed replacement,
    target set or inserted text, or an awk/jq string, that starts at the root (a lone `/` too) or the home
    folder or climbs (`s|^|/etc/|`, `s/^/\\//`, `{print "../" $0}`, `"/etc/" + .name`); a character made
    from its code (`\\x2f`, `\\057`, `%c`, implode), a decoder or the environment. Relative text (`s|src/|lib/|`)
    and a split on "/" write none."""
    program = words[0]
    if program in SEDS:
        for k in program_words(words):
            script = words[k]
            for m in _SED_SUBSTITUTE.finditer(script):
                if _writes_a_place(m.group(4).replace("\\" + m.group(2), m.group(2)), m.group(1) == "y"):
                    return True
            if any(_writes_a_place(m.group(1), False) for m in _SED_TEXT.finditer(script)):
                return True
        return False
    scripts = program_words(words) if program in AWKS else range(1, len(words))
    for k in scripts:
        code = _SPLIT_ON_SLASH.sub("", words[k])
        if _COMPUTES_TEXT.search(code) or any(
            _writes_a_place(m.group(1), False) for m in _STRING_LITERAL.finditer(code)
        ):
            return True
    return False


def _writes_a_place(text: str, anywhere: bool) -> bool:
    """Whether ``text``, written into a line, may make it a location: it starts at the root or the home folder
    (``anywhere``: holds a `/` at all, as a `y` target set does), climbs, or makes characters from codes."""
    text = text.replace("\\/", "/")
    return (
        text[:1] in ("/", "~")
        or (anywhere and "/" in text)
        or ".." in text
        or as_climbs(text) != text  # `.?/.?/`: a pattern the shell may expand to `../../` (as_climbs)
        or _CODED.search(text) is not None
    )


def _literal_loop_word(word: str, segments: tuple[Segment, ...], command: str) -> bool:
    """Whether a redirection's target is made only of `for` variables whose lists are literal relative words
    inside (no substitution, no `..`, no variable) and literal text that neither starts at the root nor
    climbs. Unlike an argument, what a substitution or `read` prints is never accepted here: a redirection
    opens its target itself, and a printed name may be anywhere."""
    if word[0] in "/~" or ".." in word or "`" in word or "$(" in word or "<(" in word or ">(" in word:
        return False
    names = _literal_loop_names(segments, command)
    if not names:
        return False
    rest = _DATA_REF.sub(lambda m: "" if (m.group(1) or m.group(2)) in names else m.group(0), word)
    return "$" not in rest


def descends(word: str, segments: tuple[Segment, ...], command: str) -> bool:
    """Whether `cd WORD` goes down from where it is: WORD is made of `for` variables over written-out relative
    words (no `..`, no pattern that may be `..`) and such text. From inside the project it stays inside -- and
    every way out of it (an outside place, `..` past the root, `cd -`, a target nobody wrote) is flagged
    where it is written. Where it leads is not followed: a later `..` is read from an unknown directory."""
    return as_climbs(word) == word and _literal_loop_word(word, segments, command)


def literal_loop_values(segments: tuple[Segment, ...], command: str) -> dict[str, tuple[str, ...]]:
    """The `for` variables of ``command`` whose every value is a word written out in their loops' lists (relative,
    inside, no substitution or variable), read only in the loops' bodies and set nowhere else, each with those
    words -- for protected_paths' reading of a write's target (`for d in build dist; do rm -rf "$d"; done`)."""
    names = _literal_loop_names(segments, command)
    if not names:
        return {}
    found: dict[str, list[str]] = {}
    for m in _FOR.finditer(command):
        if m.group(1) in names:
            parsed = parse_command(": " + m.group(2))
            found.setdefault(m.group(1), []).extend(
                next((s.words[1:] for s in parsed.segments if s.words[:1] == (":",) and not s.hidden), ())
            )
    return {name: tuple(words) for name, words in found.items()}


# A leading assignment of a literal word: `out=dist; rm -rf "$out"` (leading_values).
_LITERAL_ASSIGNMENT = re.compile(r"([A-Za-z_]\w*)=([^\s$`\\]+)")


def leading_values(segments: tuple[Segment, ...], command: str) -> dict[str, tuple[str]]:
    """The variables the assignments of literal words leading ``command`` give -- before anything runs, joined by
    `;` or `&&` -- each written nowhere else (_given_once); {} when the command sets IFS (the shell splits an
    unquoted value at other characters: `f=x:.claude; IFS=:; rm -rf $f`)."""
    if "IFS" in command:
        return {}
    found: dict[str, tuple[str]] = {}
    at = 0
    for seg in segments:
        if seg.hidden or seg.redirects or seg.dynamic or not seg.words:
            break
        pairs = [_LITERAL_ASSIGNMENT.fullmatch(w) for w in seg.words]
        start = command.find(seg.text, at)
        if start < 0 or command[at:start].strip() not in ("", ";", "&&") or not all(pairs):
            break
        at = start + len(seg.text)
        for m in pairs:
            name, value = m.group(1), m.group(2)  # type: ignore[union-attr]
            if name in found or not _given_once(command, name, value):
                return {}  # given twice, or elsewhere: each use may have another value
            found[name] = (value,)
    return found


# friction, R6.2: leading assignments of the project's top (`ROOT=$(git rev-parse --show-toplevel) && …`,
# `here="$(pwd)"; …`), joined by `;`, `&&` or new lines before anything else runs (top_names).
_TOP_ASSIGNMENTS = re.compile(
    r"\s*(?:([A-Za-z_]\w*)=(\"?)\$\((?:pwd|pwd -P|git rev-parse --show-toplevel)\)\2\s*(?:;|&&|\n)\s*)+"
)
_TOP_ONE = re.compile(r"([A-Za-z_]\w*)=\"?\$\(")


def top_names(command: str) -> frozenset[str]:
    """The script variables (permissions.commands.script_variables) the command's leading assignments give the
    project's top -- what `$(pwd)` or `$(git rev-parse --show-toplevel)` prints, never nothing -- each given once
    (_given_once): `"$ROOT/src"` is read as `"$(git rev-parse --show-toplevel)/src"` is (_lead_may_vanish)."""
    m = _TOP_ASSIGNMENTS.match(command)
    if m is None:
        return _NO_NAMES
    names = [n for n in _TOP_ONE.findall(m.group(0))]
    return frozenset(n for n in names if script_variable(n) and _given_once(command, n, ""))


def _given_once(command: str, name: str, value: str) -> bool:
    """Whether a leading assignment of ``value`` is the only value ``name`` takes: written once (bare_mentions: its
    own assignment), set by no option (`printf -vname`), no default an expansion may replace (`${f:=x}`), nor a
    value the shell expands further (a `~` after a `:`), nor a `for` loop's variable (`out=dist; for out in /etc`)."""
    return (
        "~" not in value[1:]
        and bare_mentions(command, name) == 1
        and re.search(rf"-\w*v\s*{name}(?!\w)|\$\{{{name}[^}}\w]|(?:^|[\s;&|(])for\s+{name}(?!\w)", command)
        is None
    )


def _literal_loop_names(segments: tuple[Segment, ...], command: str) -> frozenset[str]:
    if "for" not in command or len(command) > _MAX_LOOP_TEXT:
        return _NO_NAMES
    hit = _LITERAL_MEMO.get(command)
    return _LITERAL_MEMO.keep(command, _read_literal_loop_names(segments, command)) if hit is None else hit


_LITERAL_MEMO: Memo[str, frozenset[str]] = Memo(2048)


def _read_literal_loop_names(segments: tuple[Segment, ...], command: str) -> frozenset[str]:
    names = _loop_names(segments, command, literal=True)
    if names and "read" in command:
        for seg in segments:
            names -= set(read_names(seg.words))  # a name `read` also sets holds what was printed
    # A name written anywhere else (`f=…`, `printf -v f`, `declare f`, `mapfile f`) may hold anything.
    return _read_in_bodies(command, {n for n in names if bare_mentions(command, n) == 0})


def bare_mentions(command: str, name: str) -> int:
    """How often ``name`` appears in ``command`` other than as `$name`, `${name}` or a `for name` header."""
    # (an option's letter is no mention: `rm -f "$f"`; `printf -vf` and `-v f` are _assigned's)
    return len(re.findall(rf"(?<![$\w{{-]){re.escape(name)}(?!\w)", command)) - len(
        re.findall(rf"(?:^|[\s;&|(])for\s+{re.escape(name)}(?!\w)", command)
    )


# Every `for NAME` header, whatever follows it (`do`, or bash's `{ … }` form the list regex does not read).
_FOR_HEAD = re.compile(r"(?:^|[\s;&|(])for\s+([a-z_][a-z0-9_]*)(?![a-z0-9_])")


def _loop_names(segments: tuple[Segment, ...], command: str, *, literal: bool) -> set[str]:
    """The `for` variables every loop of which lists words inside by themselves (``literal``: written out,
    no substitution or variable). A name one loop binds to such words and another loop (or a header this
    cannot read) binds to anything else is not one: its value depends on where in the command it is read."""
    heads: dict[str, int] = {}
    for m in _FOR_HEAD.finditer(command):
        heads[m.group(1)] = heads.get(m.group(1), 0) + 1
    good: dict[str, int] = {}
    for m in _FOR.finditer(command):
        parsed = parse_command(": " + m.group(2))
        listed = next((s.words[1:] for s in parsed.segments if s.words[:1] == (":",) and not s.hidden), ())
        if not listed or parsed.unparseable or not all(_relative_inside(w) for w in listed):
            continue
        if literal and (any(s.dynamic for s in parsed.segments) or any("$" in w for w in listed)):
            continue
        good[m.group(1)] = good.get(m.group(1), 0) + 1
    return {
        name
        for name, n in good.items()
        if heads.get(name) == n and not _assigned(command, name) and not _set_by_a_command(segments, name)
    }


def _assigned(command: str, name: str) -> bool:
    """Whether ``command``'s text sets ``name`` other than by `for` (or `read`, whose names hold what is
    printed): `f=…`, `f+=…`, `printf -v f`, `declare`/`local`/`export`/… `f`, `getopts x f`, `let`/`((…))`
    (arithmetic is no command the reader lists). Such a value may be anything (`printf -v f '\x2fetc\x2fpasswd'`
    names no path and sets one)."""
    n = re.escape(name)
    return (
        re.search(
            rf"(?<![\w$]){n}\+?=|-\w*v\s*{n}(?!\w)|{_SETTERS}[^;&|\n]{{0,200}}(?<![\w$]){n}(?!\w)", command
        )
        is not None
    )


def _set_by_a_command(segments: tuple[Segment, ...], name: str) -> bool:
    """The same question asked of the words as the shell reads them, with quoting and escapes removed
    (`printf -v "f"`, `printf -v\\f`, `declare 'f'=…` set ``name`` as the text search cannot see)."""
    prefixes = (name + "=", name + "+=", name + "[")
    for seg in segments:
        words = seg.words
        if any(w.startswith(prefixes) for w in words):
            return True
        if words and words[0] in _SETTER_COMMANDS and (name in words[1:] or "-v" + name in words[1:]):
            return True  # `-v f` or, glued, `-vf` (printf's)
    return False


_SETTER_COMMANDS = frozenset(
    {"printf", "declare", "typeset", "local", "export", "readonly", "getopts", "mapfile", "readarray", "let"}
)


_SETTERS = r"(?:\b(?:declare|typeset|local|export|readonly|getopts|mapfile|readarray|let)\b|\(\()"


def _relative_inside(word: str) -> bool:
    rest = word
    for sub in _SUBSTITUTIONS:
        rest = rest.replace(sub, "")
    if not rest:
        return word != ""  # an empty word listed is an empty value: `"$f/etc/passwd"` is then `/etc/passwd`
    if as_climbs(rest) != rest:
        return False  # `.*`, `src/.?` may match `..` in bash before 5.2 (permissions.where.may_be_dots)
    # (no `:` or `\\`: on Windows `C:\\x` and `C:x` name another drive, `\\x` its root)
    return (
        rest[0] not in "/~$-"
        and ".." not in rest
        and "$" not in rest
        and "`" not in rest
        and ":" not in rest
        and "\\" not in rest
    )


_NO_NAMES: frozenset[str] = frozenset()
_MAX_LOOP_TEXT = 10_000  # past it nothing is auto-approved anyway (R4.7)
_READ_VALUED = frozenset("dnNptuia")


def read_names(words: tuple[str, ...]) -> list[str]:
    """The variables `read` sets (lower-case names only: `read PATH` is not data, it decides what runs), or
    [] when ``words`` is not such a `read`."""
    while words and words[0].startswith("IFS="):
        words = words[1:]  # `IFS= read -r line`
    if not words or words[0] != "read":
        return []
    names: list[str] = []
    k = 1
    n = len(words)
    while k < n:
        w = words[k]
        if w == "--":
            k += 1
            break
        if not w.startswith("-") or len(w) < 2:
            break
        for j, c in enumerate(w[1:], 1):
            if c in _READ_VALUED:
                if c == "a":
                    return []  # an array: `read -a PATH`-style names are not checked here
                if j == len(w) - 1:
                    k += 1  # the value is the next word
                break
        k += 1
    for w in words[k:]:
        if not w or w[0] not in "abcdefghijklmnopqrstuvwxyz_" or any(c not in _NAME_CHARS for c in w):
            return []
        names.append(w)
    return names


# Options whose glued value is a one-character separator, not a location (`cut -d/`, `awk -F/`, `sort -t/`).
_SEPARATOR_LETTERS = frozenset("dFt")


def _glued_path(word: str) -> str | None:
    """R6.2, paths glued to options: the location glued to a short option (`-f/etc/x`, `-C/etc`, `-I../../x`,
    `-xf/etc/x`, `-o~/x`), or None: the value starts with `/`, `~` or `..` right after the option letters."""
    n = len(word)
    for j in range(2, n):
        if not word[j - 1].isalnum():
            return None  # past the option letters (`-t./out` is relative)
        c = word[j]
        if c == "/" or c == "~" or (c == "." and word[j : j + 2] == ".."):
            value = word[j:]
            if value == "/" and word[1] in _SEPARATOR_LETTERS and j == 2:
                return None
            return value
    return None


_SCOPES: dict[tuple[str, bool, str, str | None, bool], Scope] = {}


def scope_for(
    execution_mode: str, container_running: bool, root: str, cwd: str | None, *, windows: bool = False
) -> Scope:
    """R6.1: the roots and the cwd commands are compared against (memoised: pure and called per decision).
    ``windows``: the command may run on Windows (SPEC §5: runs_in agent or host), whose places are checked."""
    key = (execution_mode, container_running, root, cwd, windows)
    hit = _SCOPES.get(key)
    if hit is None:
        if len(_SCOPES) >= 1024:
            _SCOPES.clear()
        hit = _scope_for(execution_mode, container_running, root, cwd)
        if windows:
            hit = Scope(hit.roots, hit.cwd, windows=True)
        _SCOPES[key] = hit
    return hit


def _scope_for(execution_mode: str, container_running: bool, root: str, cwd: str | None) -> Scope:
    host_root = normalize(root) if root.startswith("/") else ""
    if execution_mode == "local" and not valid_local_root(root):
        host_root = ""  # R1.4: an invalid typed root is no scope at all -- fail closed
    raw_cwd = cwd if cwd else (root or "/")
    host_cwd = normalize(raw_cwd, host_root or "/") if raw_cwd else host_root
    if execution_mode in ("container", "mounted") and container_running:
        # ADR 0189 §3: root -> /work, below it -> /work/..., outside unchanged.
        if host_root and within(host_cwd, host_root):
            rest = host_cwd[len(host_root) :]
            host_cwd = CONTAINER_ROOT + rest if host_root != "/" else CONTAINER_ROOT + host_cwd
        return Scope((CONTAINER_ROOT, CONTAINER_TMP), host_cwd)
    if not host_root or host_root == "/":
        return Scope((), host_cwd)
    return Scope((host_root,), host_cwd)
