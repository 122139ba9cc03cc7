"""Option knowledge as data: how the programs people write rules for read their options (SPEC R4.10).

One table per program (and per subcommand): every spelling of an option -- short letters, long names,
aliases -- mapped to one canonical key, with its arity (no value, a required value, an optional value
attached only), whether the program's parser accepts unique abbreviations of long options (git's
parse-options, GNU getopt_long, Python's optparse, nopt) and whether short letters cluster (``-rf``).
``-D`` of ``git branch`` is ``--delete --force``; ``terraform destroy`` is ``terraform apply -destroy``;
``git push origin +main`` forces: such equivalences are keys an option or operand implies.

:func:`normalise` reads a command (a view of a segment: its verb a program's bare name) into its
:class:`Reading`: the program and subcommand path, the set of option keys (``force``, ``request=POST``)
and the operands in order. Options may stand anywhere before ``--`` (GNU getopt permutes; git, npm and
cobra do too) except for programs whose first operand starts another command (``docker run IMAGE cmd``).
An option the table does not know has no certain arity: the command is read both ways.

The matcher (permissions.matching) normalises each ``deny`` / ``ask`` pattern once, when the policy
loads, and a segment once when read; an ``allow`` pattern stays literal (R4.8: meaning widens only what is
refused). A pattern matches a reading when its path is a prefix of the reading's, its option keys are all
among the reading's, and its operands are a word prefix of the reading's remaining words.

A table is one option per line, its spellings separated by spaces (``-r -R --recursive``); ``=`` after a
spelling: it takes a value, ``=?``: an optional value, attached only; ``-> keys``: what the option means
when that is more than its own name. A one-line table separates options with ``;``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from permissions.commands.option_reader import (
    _UNKNOWN,
    OPTIONS_UNREAD,
    UNREAD,
    WIDER,
    Program,
    Reading,
    _AbbrevSubs,
    _hooks_skipped,
    _valued,
)
from permissions.commands.option_tables import (
    CHGRP,
    CHMOD,
    CHOWN,
    CURL,
    FIND,
    NPM,
    PIP,
    PNPM,
    RM,
    RSYNC,
    SCP,
    SED,
    SFTP,
    YARN,
)
from permissions.commands.option_tables_clients import GPG, MYSQL, PSQL, REDIS_CLI, TRUNCATE
from permissions.commands.option_tables_deploy import (
    AWS,
    AZ,
    CARGO,
    DOCKER,
    GCLOUD,
    GO,
    GSUTIL,
    HELM,
    KUBECTL,
    TERRAFORM,
)
from permissions.commands.option_tables_files import (
    BASE32,
    BASE64,
    BASENC,
    CP,
    GREP,
    INSTALL,
    LN,
    LUA,
    MKDIR,
    MKFIFO,
    MKNOD,
    MV,
    NODE,
    OPENSSL,
    PERL,
    PHP,
    PYTHON,
    RSCRIPT,
    RUBY,
    TAR,
    UNZIP,
    python_words,
    script_by_name,
    tar_words,
)
from permissions.commands.option_tables_git import GIT
from permissions.commands.option_tables_packages import APT, BREW, CONDA
from permissions.commands.option_tables_shells import FISH, SHELL_TABLES, shell_words
from permissions.commands.option_tables_signals import KILL, KILLALL, PKILL, SSH, signal_words
from permissions.commands.option_tables_tools import (
    ALEMBIC,
    BUN,
    COMPOSER,
    CRONTAB,
    GH,
    MAKE,
    NPX,
    POETRY,
    RAILS,
    SYSTEMCTL,
    TWINE,
    UV,
    VERCEL,
    WGET,
)
from permissions.commands.syntax import NONE, OPTIONAL, REQUIRED
from permissions.memos import Memo

__all__ = [
    "DENY_ONLY",
    "OPTIONS_UNREAD",
    "PROGRAMS",
    "UNREAD",
    "WIDER",
    "Program",
    "Reading",
    "canonical_words",
    "level_at",
    "normalise",
    "normalised",
    "program_name",
    "read_by",
    "reads_as_written",
    "spellings",
]


def _long_option(
    cur: Program, w: str, words: Sequence[str], k: int, keys: set[str], take_unknown: bool
) -> tuple[int, bool]:
    """A long option ``w`` (`--name[=value]`, or `-name` where the program reads long options after one dash),
    ``k`` the index after it: its keys added to ``keys``; (the next index, whether its arity is unknown)."""
    n = len(words)
    name, eq, value = w[(2 if w[1] == "-" else 1) :].partition("=")
    if cur.nopt and name.startswith("config.") and cur.path[0] == "pnpm":
        name = name[7:]  # `pnpm --config.global=true add x`: pnpm sets any setting so, by its option's name
    hit = cur.long_option(name)
    if cur.nopt and w[1] == "-":
        hit = cur.as_shorthands(name) or hit  # `npm install --g x` is `npm install -g x`
    if hit is None and cur.dash_long and w[1] != "-" and len(name) == 1:
        hit = cur.short_option(name)
    if hit is None:
        off = cur.negated(name) if not eq else None
        if off:
            keys.update(off)  # R4.10: `--no-ignore-scripts` is `--ignore-scripts=false`
            return k, False
        keys.add("?" + w.partition("=")[0])
        if eq:
            keys.add("?" + w)
            return k, False
        if take_unknown and k < n and words[k][:1] != "-":
            k += 1
        return k, True
    found, kind = hit
    unsure = False
    if kind == REQUIRED and not eq and k < n:
        value, eq = words[k], "="
        k += 1
    elif kind == _UNKNOWN and not eq:
        unsure = True
        if take_unknown and k < n and words[k][:1] != "-":
            value, eq = words[k], "="
            k += 1
    keys.update(found)
    if eq:
        if kind == NONE and value.lower() in ("false", "0", "no"):
            keys.difference_update(found)  # `--global=false`
            keys.update("no-" + f for f in found)
        else:
            _valued(keys, found, value)
    return k, unsure


def _may_take(words: Sequence[str], k: int) -> bool:
    """Whether an option of unknown arity, ``k`` the index after it, stands before a word it may take (one that
    is not an option itself): the condition on which the second reading takes it."""
    return k < len(words) and words[k][:1] != "-"


def _parse(prog: Program, words: Sequence[str], take_unknown: bool) -> tuple[Reading, bool, bool]:
    """One reading of ``words`` (after the program name); whether an option of unknown arity was met; and
    (read with ``take_unknown`` False) whether such an option stood before a word it may take, without which the
    reading with ``take_unknown`` is this one. ``take_unknown``: such an option takes the next word (when it is
    not an option itself)."""
    path = prog.path
    keys: set[str] = set()
    operands: list[str] = []
    cur = prog
    n = len(words)
    k = 0
    unsure = False
    may_take = (
        False  # an option of unknown arity stood before a word it may take (the second reading differs)
    )
    ended = False  # `--`, or an operand of a program that stops reading options there
    eq = "=" if prog in _PFLAG else ""  # what may stand between a short option and its value
    while k < n:
        w = words[k]
        k += 1
        if ended or len(w) < 2 or w[0] != "-":
            if not ended and not operands and cur is prog and w[:1] == "+" and prog is CARGO:
                continue  # `cargo +nightly publish`: rustup's toolchain selector
            if not ended and not operands and cur.subcommands:
                entered = cur.sub(w)
                if entered is not None:
                    cur, implied = entered
                    path = cur.path
                    keys.update(implied)
                    continue
            operands.append(w)
            if cur.operand_keys is not None:
                keys.update(cur.operand_keys(w))
            if not cur.intersperse:
                ended = True
            continue
        if w == "--":
            ended = True
            continue
        if w[1] == "-" or cur.dash_long:
            k, unknown = _long_option(cur, w, words, k, keys, take_unknown)
            if unknown:
                unsure = True
                may_take = may_take or _may_take(words, k)
            continue
        # Short options: one letter, or (where they bundle) a cluster; a value is the rest or the next word.
        # nopt's shorthands may be several letters (`npm -ws`): a whole-word shorthand comes first.
        whole = cur.short_option(w[1:]) if len(w) > 2 else None
        if whole is not None:
            keys.update(whole[0])
            continue
        j = 1
        unknown_letter = False
        while j < len(w):
            hit = cur.short_option(w[j])
            if hit is None:
                # A letter the table does not know: its arity is unknown. Read on (deny matches more): the
                # letters after it may be options too; the word after it may be its value (second reading).
                keys.add("?-" + w[j])
                unsure = unknown_letter = True
                j += 1
                continue
            found, kind = hit
            keys.update(found)
            rest = w[j + 1 :]
            if kind == REQUIRED or kind == OPTIONAL:
                if rest:
                    value = rest[rest[:1] == eq :]  # pflag's `-v=/:/host` is `-v /:/host` (R4.10)
                elif kind == REQUIRED and k < n:
                    value = words[k]
                    k += 1
                else:
                    break
                _valued(keys, found, value)
                break
            if not cur.bundle:
                if rest:
                    keys.add("?-" + rest)
                break
            j += 1
        else:
            if unknown_letter and _may_take(words, k):
                may_take = True
                k += take_unknown  # such a letter takes the next word in the second reading
    return Reading(path, frozenset(keys), tuple(operands)), unsure, may_take


# The cobra / pflag programs: a short option's value may follow `=` (`docker run -v=/:/host`, `kubectl -n=prod`).
_PFLAG: tuple[Program, ...] = (DOCKER, KUBECTL, HELM, GH)


def normalise(words: Sequence[str]) -> tuple[Reading, ...] | None:
    """Every reading of ``words`` (a command whose first word is a program's name), or None when no table
    knows the program (it is then matched literally, as before R4.10)."""
    if not words:
        return None
    name = words[0].rsplit("/", 1)[-1]
    prog = PROGRAMS.get(_NAME_ALIASES.get(name, name))
    if prog is None:
        return None
    args = words[1:]
    if name in _NAME_OPTIONS:
        args = (*_NAME_OPTIONS[name], *args)  # `rgrep x .` is `grep -r x .`
    own = _OWN_READING.get(prog)
    if own is not None:
        return own(prog, args)  # (the few programs whose words are rewritten before their table reads them)
    found = read_by(prog, args)
    if prog is GIT and any(_hooks_skipped(r.keys) for r in found):
        found = tuple(Reading(r.path, r.keys | {"no-verify"}, r.operands) for r in found)
    return found


def _signalled(prog: Program, args: Sequence[str]) -> tuple[Reading, ...]:
    return read_by(prog, signal_words(prog.name, args))  # `-KILL`, `-s 9`: one `--signal=KILL`


def _shell(prog: Program, args: Sequence[str]) -> tuple[Reading, ...]:
    return read_by(prog, shell_words(prog, args))  # `bash -oc pipefail x`: `bash -o pipefail -c -- x`


def _tar(prog: Program, args: Sequence[str]) -> tuple[Reading, ...]:
    return read_by(prog, tar_words(args))  # `tar xzf a.tgz`: `tar -x -z -f a.tgz`


def _interpreter(prog: Program, args: Sequence[str]) -> tuple[Reading, ...]:
    if args and args[0][:1] != "-":
        # Given its script first (`python manage.py x`, most of them): no option of its own, every word after it
        # the script's -- the reading _parse gives, without the walk.
        return script_by_name(Reading(prog.path, _NO_KEYS, tuple(args)))
    if prog is not PYTHON:
        return _code_run(read_by(prog, args))
    # `python -m pytest -c x`: pytest's `-c`; `python -m pip install --user`: pip's options
    return _code_run(_with_module_readings(read_by(prog, python_words(args))))


# What the words after an interpreter's code or module are: its arguments, not a script (`python -m pytest
# manage.py flush` runs no manage.py): they follow this mark, which no rule's word is.
CODE_RUN = "\x00code"
_CODE_KEYS = ("c=", "m=", "e=", "E=", "eval=", "run=")


def _code_run(found: tuple[Reading, ...]) -> tuple[Reading, ...]:
    """Each reading of code or a module run (`-c`, `-m`, `-e`, `--eval`, `-r`) with CODE_RUN before its operands."""
    return tuple(
        Reading(r.path, r.keys, (CODE_RUN, *r.operands))
        if any(k.startswith(_CODE_KEYS) for k in r.keys)
        else r
        for r in found
    )


def _with_module_readings(found: tuple[Reading, ...]) -> tuple[Reading, ...]:
    """R4.10: `python -m pip install --user` is pip's command line: a reading of `python -m MODULE` whose module
    has an option table is also read with the module's words read by it -- Python's keys and the module's, the
    module's subcommands and operands after -- so a rule `python -m pip install --user` meets `python3 -m pip
    install x --use` as `pip install` meets it. (The rule is read so too: the same act, both ways.)"""
    out = list(found)
    for r in found:
        module = next((k[2:] for k in r.keys if k[:2] == "m="), None)
        table = PROGRAMS.get(program_name(module)) if module else None
        if table is None or table is PYTHON:
            continue
        for m in read_by(table, r.operands):
            out.append(Reading(r.path, r.keys | m.keys, (*m.path[1:], *m.operands)))
    return tuple(out)


def read_by(prog: Program, args: Sequence[str]) -> tuple[Reading, ...]:
    """Every reading of ``args`` (the words after the program's name) by the table ``prog``: one, or two
    when an option of unknown arity may or may not take the next word. The caps read the tables the
    matcher does not (permissions.commands.option_tables_listeners) through this too."""
    first, unsure, may_take = _parse(prog, args, False)
    if not unsure:
        found: tuple[Reading, ...] = (first,)
    elif may_take:
        found = (first, _parse(prog, args, True)[0])
    else:
        # No option of unknown arity stood before a word it could take: the second reading is the first, word
        # for word (`git log --oneline -5`); two readings as ever, without reading the words again.
        found = (first, Reading(first.path, first.keys, first.operands))
    rewrite = prog.rewrite
    if rewrite is None:
        return found
    if len(found) == 1:
        return rewrite(found[0])  # (most commands: one reading, no generator)
    return tuple(m for r in found for m in rewrite(r))


# A view's readings, by its words: the matcher (deny/ask by meaning), the caps (canonical_words) and the upload
# reading all read the same segment through its table, so it is read once per decision (and across repeated
# commands; bounded, cleared when full). The readings are shared: never changed by a caller.
_NORMALISED: Memo[tuple[str, ...], tuple[Reading, ...]] = Memo()


def normalised(words: tuple[str, ...]) -> tuple[Reading, ...]:
    """``normalise(words) or ()``, kept by words."""
    hit = _NORMALISED.get(words)
    return _NORMALISED.keep(words, normalise(words) or ()) if hit is None else hit


_CANONICAL: Memo[tuple[str, ...], tuple[tuple[str, ...], ...]] = Memo()


def canonical_words(view: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The view as its program's table reads it -- subcommands by their own names (`npm unpub x` is
    `npm unpublish x`, `terraform destroy` is `terraform apply`), operands after -- for the caps, which
    read subcommand words; () for a program with no table. Options are left out: each reading's option
    keys are the matcher's business."""
    hit = _CANONICAL.get(view)
    if hit is None:
        # Most views read as written (`git status`, `pnpm build`, `npm test`): () without the full reading.
        hit = () if reads_as_written(view) else _canonical_read(view)
        _CANONICAL.keep(view, hit)
    return hit


def _canonical_read(view: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """canonical_words by the full reading (normalised)."""
    readings = normalised(view)
    return tuple(dict.fromkeys((*r.path, *r.operands) for r in readings if (*r.path, *r.operands) != view))


def reads_as_written(view: tuple[str, ...]) -> bool:
    """Whether every reading of ``view`` by its table is sure, from the words alone, to give the words back as
    written: its subcommands by their own names, then its operands in their order (canonical_words is then
    ()). True only when no word is an option or ``--`` (nothing is dropped), the command word is the table's
    own name (not a path, not `pip3`), no subcommand is entered by another name (an alias, an abbreviation,
    an implied subcommand, a level named by another path: `docker container rm` is `docker rm`), no cargo
    toolchain or signal is read, and the table's rewrite gives the operands back. False is no answer: the
    full reading decides (a differential property test holds this equal to it)."""
    prog = PROGRAMS.get(view[0]) if view else None
    if prog is None or prog in _WORDS_REWRITTEN:
        return False  # (a signal program's words, tar's old-style first word, a shell's `+` options are rewritten)
    n = len(view)
    k = 1
    cur = prog
    # _parse's walk for words none of which is an option: subcommands while no operand was met, then operands.
    while k < n and cur.subcommands:
        w = view[k]
        if len(w) > 1 and w[0] == "-":
            return False
        if prog is CARGO and k == 1 and w[:1] == "+":
            return False  # `cargo +nightly build`: the toolchain word is dropped
        entered = cur.sub(w)
        if entered is None:
            break
        cur, implied = entered
        k += 1
        if implied or cur.path != view[:k]:
            return False
    for j in range(k, n):
        w = view[j]
        if len(w) > 1 and w[0] == "-":
            return False
    rewrite = prog.rewrite
    if rewrite is None or cur.as_written:
        return True
    operands = view[k:]
    keys: frozenset[str] = _NO_KEYS
    if cur.operand_keys is not None:
        keys = frozenset(key for w in operands for key in cur.operand_keys(w))
    for r in rewrite(Reading(cur.path, keys, operands)):
        if r.path != cur.path or r.operands != operands:
            return False
    return True


_NO_KEYS: frozenset[str] = frozenset()
# The programs whose words are rewritten before their table reads them (reads_as_written cannot tell from the words).
_WORDS_REWRITTEN: frozenset[Program] = frozenset({KILL, PKILL, KILLALL, TAR, *SHELL_TABLES.values()})
# The programs whose words are read otherwise than by their table alone (normalise): the signal programs, tar,
# and the interpreters, which read no option after their script (permissions.commands.option_tables_files).
_OWN_READING: dict[Program, Callable[[Program, Sequence[str]], tuple[Reading, ...]]] = {
    KILL: _signalled,
    PKILL: _signalled,
    KILLALL: _signalled,
    TAR: _tar,
    **dict.fromkeys((PYTHON, NODE, PERL, RUBY, PHP, RSCRIPT, LUA), _interpreter),
    **dict.fromkeys(SHELL_TABLES.values(), _shell),
}


# The tables read for deny and ask only: the caps read these programs' acts as written (permissions.commands.
# families skips their global options), so decide() spends no second reading on them.
DENY_ONLY: frozenset[str] = frozenset(
    {
        "go",
        "uv",
        "bun",
        "poetry",
        "composer",
        "systemctl",
        "gh",
        "gsutil",
        "twine",
        "make",
        "psql",
        "mysql",
        "redis-cli",
    }
    # the everyday file tools (permissions.commands.option_tables_files): read for a deny or ask naming them only
    | {"base64", "base32", "basenc", "grep", "tar", "unzip", "cp", "mv", "ln"}
    # ... and the interpreters, for the code handed to them (`python -c`, `node -e`, `perl -e`)
    | {"python", "node", "perl", "ruby", "php", "Rscript", "lua"}
    # ... the shells, for their options (the caps read a shell's script by permissions.commands.shells), and openssl's
    # encoder (`openssl base64 -d` is `base64 -d`: option_tables_files)
    | {*SHELL_TABLES, "fish", "openssl"}
)


def program_name(word: str) -> str:
    """The table a command word names: its last path component, versioned names folded (`pip3.12`)."""
    name = word.rsplit("/", 1)[-1]
    return _NAME_ALIASES.get(name, name)


def _finalise(prog: Program, path: tuple[str, ...], seen: set[int]) -> None:
    """Name every level by its full path (`docker rm` and `docker container rm` are one)."""
    if id(prog) in seen:
        return
    seen.add(id(prog))
    prog.path = path
    for word, sub in prog.subcommands.items():
        _finalise(sub, (*path, word), seen)


PROGRAMS: dict[str, Program] = {
    p.name: p
    for p in (
        RM,
        CHMOD,
        CHOWN,
        CHGRP,
        SED,
        FIND,
        CURL,
        GIT,
        NPM,
        PNPM,
        YARN,
        PIP,
        CARGO,
        DOCKER,
        KUBECTL,
        TERRAFORM,
        GO,
        UV,
        BUN,
        POETRY,
        COMPOSER,
        SYSTEMCTL,
        NPX,
        WGET,
        HELM,
        AWS,
        GCLOUD,
        AZ,
        RSYNC,
        SCP,
        SFTP,
        KILL,
        PKILL,
        KILLALL,
        SSH,
        APT,
        BREW,
        CONDA,
        GH,
        GSUTIL,
        TWINE,
        MAKE,
        ALEMBIC,
        VERCEL,
        CRONTAB,
        PSQL,
        MYSQL,
        REDIS_CLI,
        GPG,
        TRUNCATE,
        RAILS,
        BASE64,
        BASE32,
        BASENC,
        GREP,
        TAR,
        UNZIP,
        CP,
        MV,
        LN,
        INSTALL,
        MKDIR,
        MKFIFO,
        MKNOD,
        PYTHON,
        NODE,
        PERL,
        RUBY,
        PHP,
        RSCRIPT,
        LUA,
        OPENSSL,
        FISH,
        *SHELL_TABLES.values(),
    )
}


for _p in PROGRAMS.values():
    _finalise(_p, (_p.name,), set())


_NAME_ALIASES = {
    "gsed": "sed",
    "gfind": "find",
    "pip3": "pip",
    "grm": "rm",
    "gchmod": "chmod",
    "gchown": "chown",
    "apt-get": "apt",
    "mamba": "conda",
    "micromamba": "conda",
    "tofu": "terraform",  # red team: OpenTofu reads Terraform's command line (a deny of `tofu destroy` too)
    # red team: the drop-in engines read docker's command line (permissions.commands.containers): a deny of
    # `docker run --privileged` is the act of a privileged container whichever engine starts it
    "podman": "docker",
    "nerdctl": "docker",
    "finch": "docker",
    "awscli": "aws",  # red team: `python -m awscli` is the aws CLI (its package's module)
    "terragrunt": "terraform",  # red team: terragrunt hands its command line to terraform (`terragrunt destroy`)
    "wget2": "wget",
    # red team: GnuPG 2 by its installed name (option_tables_clients)
    "gpg2": "gpg",
    # red team: Vercel's CLI by its short name and its earlier one (option_tables_tools.VERCEL)
    "vc": "vercel",
    "now": "vercel",
    # GNU's programs under their `g` names (macOS's Homebrew), and grep's older names for its own modes
    "gtar": "tar",
    "gnutar": "tar",  # (red team: GNU tar's name on older macOS and some BSDs)
    "bsdtar": "tar",
    "star": "tar",  # (red team: Schily's tar, option_tables_files.TAR_NAMES)
    "ggrep": "grep",
    "egrep": "grep",
    "fgrep": "grep",
    "gbase64": "base64",
    "gbase32": "base32",  # red team: GNU Wget2 reads Wget's command line (a deny of `wget` is wget2's too)
    "rgrep": "grep",
    "rbash": "bash",  # bash, restricted: its command line is bash's
}


# R4.10: a program's other names that are its own options too (grep's `rgrep` is `grep -r`, `egrep` `grep -E`,
# `fgrep` `grep -F`): the words read before the rest.
_NAME_OPTIONS: dict[str, tuple[str, ...]] = {"rgrep": ("-r",), "egrep": ("-E",), "fgrep": ("-F",)}
# R4.10: programs one of whose commands does another table's program's act (`openssl base64 -d` is `base64 -d`,
# permissions.commands.option_tables_files.openssl_as_base64): a deny or ask pattern of that program is looked up for
# their segments too (spellings).
_ALSO_DOES: dict[str, tuple[str, ...]] = {"base64": ("openssl",)}


_NAME_ALIASES.update({f"pip3.{m}": "pip" for m in range(6, 20)})


_NAME_ALIASES.update({f"pip2.{m}": "pip" for m in range(6, 8)})


_NAME_ALIASES["pip2"] = "pip"


# Python's and Lua's versioned names (matching._PYTHONS keeps a pattern under each of Python's), node's Debian name
_NAME_ALIASES.update({f"python3.{m}": "python" for m in range(6, 20)})
_NAME_ALIASES.update({"python3": "python", "python2": "python", "nodejs": "node"})
_NAME_ALIASES.update({f"lua{v}": "lua" for v in ("5.1", "5.2", "5.3", "5.4", "jit")})
# red team (R4.10): the other interpreters' and bash's versioned and other names (interpreters._family reads their
# code so; a deny of `node -e` met `node18 -e 'x'`, of `ruby -e` `ruby3.2 -e 'x'`, of `perl -e` `perl5.36.0 -e 'x'`,
# of `php artisan migrate:fresh` `php8.2 artisan migrate:fresh`, of `bash -c` `bash5 -c 'x'`)
_NAME_ALIASES.update({f"node{v}": "node" for v in range(8, 31)})
_NAME_ALIASES.update({f"ruby{m}.{n}": "ruby" for m in (2, 3, 4) for n in range(10)})
_NAME_ALIASES.update({f"ruby{m}{n}": "ruby" for m in (2, 3, 4) for n in range(10)})
_NAME_ALIASES.update({"jruby": "ruby", "truffleruby": "ruby"})
_NAME_ALIASES.update({f"perl5.{n}{p}": "perl" for n in range(8, 45) for p in ("", ".0", ".1", ".2", ".3")})
_NAME_ALIASES.update({f"php{m}.{n}": "php" for m in (5, 7, 8, 9) for n in range(10)})
_NAME_ALIASES.update({f"php{m}{n}": "php" for m in (5, 7, 8, 9) for n in range(10)})
_NAME_ALIASES.update({"pythonw": "python", "python-dbg": "python", "python3-dbg": "python"})
_NAME_ALIASES.update({f"python3.{m}t": "python" for m in range(13, 20)})
_NAME_ALIASES.update({"bash5": "bash", "bash4": "bash", **{f"bash-5.{n}": "bash" for n in range(4)}})


def spellings(name: str) -> tuple[str, ...]:
    """Every command word :func:`program_name` reads as the table ``name`` (`pip`, `pip3`, `pip3.12` ...), and the
    programs whose readings may be its (`openssl` for `base64`)."""
    return (
        name,
        *(alias for alias, target in _NAME_ALIASES.items() if target == name),
        *_ALSO_DOES.get(name, ()),
    )


def _spellings_of_levels() -> dict[int, set[str]]:
    """For every subcommand level (by identity): the words that enter it from its parent -- its names, the
    aliases naming it, and the spellings that imply it (`destroy` enters terraform's `apply`)."""
    found: dict[int, set[str]] = {}

    def walk(level: Program, seen: set[int]) -> None:
        if id(level) in seen:
            return
        seen.add(id(level))
        for word, sub in level.subcommands.items():
            found.setdefault(id(sub), set()).add(word)
        for alias, target in dict.items(level.sub_aliases):
            named = level.subcommands.get(target)
            if named is not None:
                found.setdefault(id(named), set()).add(alias)
        for word, (target, _) in level.implies.items():
            found.setdefault(id(level.subcommands[target]), set()).add(word)
        if level.rewritten_from:
            found.setdefault(id(level), set()).update(level.rewritten_from)
        for sub in level.subcommands.values():
            walk(sub, seen)

    for prog in PROGRAMS.values():
        walk(prog, set())
    return found


_ENTERED_BY = _spellings_of_levels()


# Programs with no subcommands whose operands a segment holds as written, whatever its options (a make target):
# a pattern's first operand gates their segments as a subcommand's name would.
_OPERAND_WORDS: frozenset[Program] = frozenset({MAKE})


def gate(path: tuple[str, ...], first_operand: str | None = None) -> frozenset[str] | None:
    """The words of which a command must hold one to read as ``path`` or below it (its deepest subcommand's
    spellings), or None when any command of the program may (a bare program, or a parser that abbreviates
    subcommands, npm's). Lets the matcher skip reading a segment no pattern's subcommand can match.
    ``first_operand``: the pattern's first operand, literal (`git cherry-pick`, a command the table does
    not list, is read as `git` and that operand, which the segment must then hold too). A program's own
    ``rewritten_from`` words may give any of its commands' readings (`gh api`): they are in every gate."""
    prog = PROGRAMS.get(path[0]) if path else None
    if prog is None or isinstance(prog.sub_aliases, _AbbrevSubs):
        return None
    words = _level_gate(prog, path, first_operand)
    return words if words is None or not prog.rewritten_from else words | frozenset(prog.rewritten_from)


def _level_gate(prog: Program, path: tuple[str, ...], first_operand: str | None) -> frozenset[str] | None:
    if len(path) < 2:
        if first_operand is not None and (prog.subcommands or prog in _OPERAND_WORDS):
            return frozenset((first_operand,))
        return None
    level = level_at(path)
    return None if level is None else frozenset(_ENTERED_BY.get(id(level), ()))


def level_at(path: tuple[str, ...]) -> Program | None:
    """The table of ``path``'s deepest subcommand (`("git", "push")`: git's push), or None where a word of it is
    none of its level's subcommands, or the program has no table."""
    level = PROGRAMS.get(path[0]) if path else None
    for word in path[1:]:
        if level is None:
            return None
        level = level.subcommands.get(word)
    return level
