"""Looking through what stands before the real verb (SPEC R4.8).

``FOO=1 env -i nice -n 5 /usr/bin/curl x`` runs ``curl``. Deny, ask and the caps judge every *view* of a
segment -- as written, then after each assignment, wrapper or verb path is peeled off -- so they match
more when unsure. Allow judges only the segment as written.

A wrapper's options are read the way its own parser reads them (getopt: clustered short options, a value
attached or in the next word, unambiguous prefixes of long options). Where that reading is not certain --
an option the family table does not know, an ambiguous abbreviation -- the option may or may not take the
next word, and both readings become views (R4.8: when unsure, deny/ask match more). ``env -S`` splits its
argument into the command line and starts over, as GNU env does. The tables are the family modules'
(wrappers, runners, git, find); this module only walks them.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence

from permissions.commands.containers import CONTAINER_ENGINES, container_run, image_tool, inner_on_host
from permissions.commands.find import FIND_EXEC, find_commands
from permissions.commands.git import GIT_COMMANDS, GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS, hub_runs_git
from permissions.commands.syntax import HELP, NONE, OPTIONAL, PAIR, REQUIRED, TRIPLE, Syntax, long_option
from permissions.commands.windows_names import CMDLET_VERBS
from permissions.commands.wrappers import (
    COREPACK_TOOLS,
    GNU_PREFIXED,
    JS_FILES,
    ONLY_AFTER_DASHES,
    OTHER_NAMES,
    PACKAGE_BINS,
    PACKAGE_SPELLS,
    PEELED_VERBS,
    POSARGS_RUNNERS,
    RESOLVED_PREFIXES,
    RUN_AFTER_DASHES,
    RUNNERS,
    SCOPED_BINS,
    SHORTCUTS,
    SUBCOMMAND_RUNNERS,
    SUBCOMMAND_THEN,
    UNKNOWN_WORD_RUNS,
    VERSION_FIRST,
    WRAPPER_COMMANDS,
    WRAPPER_RUNS_AFTER_DASHES,
    WRAPPERS,
    looks_up,
    peels_after,
    python_family,
    versioned_program,
)
from permissions.memos import Memo

__all__ = [
    "WINDOWS_SUFFIXES",
    "flatpak_default_command",
    "foreign_name",
    "ARGUMENT_READERS",
    "ENV_READERS",
    "HANDED_NAMES",
    "KNOWN_PROGRAMS",
    "env_options",
    "handed_line",
    "hands_on",
    "is_assignment",
    "look_through",
    "program_of",
    "readings",
    "split_string",
    "views",
]

# Peeling stops after this many views (a wrapper chain longer than this is absurd), and one wrapper adds
# at most this many readings of its options (a real command line has one or two uncertain options).
_MAX_VIEWS = 32
# How many next words a long option of each kind takes when its value is not attached (`--bind SRC DEST`).
_TAKES = {REQUIRED: 1, PAIR: 2, TRIPLE: 3}
_MAX_READINGS = 8
# A program Brabo does not know hands on at most this many of its words' tails (`foo git git git …`).
_MAX_HANDED = 4

# red team, R4.8: the programs Brabo has a reading for, and the words that name a program that acts -- filled
# once by permissions.commands.vocabulary when the package has loaded the tables (which import this module);
# empty until then, when nothing is read as handed on.
KNOWN_PROGRAMS: set[str] = set()
HANDED_NAMES: set[str] = set()


def hands_on(words: Sequence[str]) -> bool:
    """red team, R4.8: whether ``words`` (of two or more) start with a program Brabo has no reading for that
    may run the rest of its words as a command -- after a `--` (`wait-for-it db:5432 -- git push`), or from a
    word that names a program that acts (`dockerize -wait tcp://db:5432 git push`). Its own words are the
    segment as written; the handed-on ones are views (_handed_on), for deny, ask, the caps and the floor."""
    verb = words[0]
    if verb in KNOWN_PROGRAMS or not HANDED_NAMES or "=" in verb or "/" in verb or "\\" in verb:
        # (an assignment or a path is peeled first, and its program judged: `x=1 foo …`, `./bin/foo …`; a
        # Windows path, `C:\\Tools\\x.exe`, is read by Windows' readers where it runs)
        return False
    if "-" in verb:
        head, _, noun = verb.partition("-")
        if noun.isalnum() and head.lower() in CMDLET_VERBS:
            return False  # a PowerShell cmdlet (`Stop-Process -Name node`; not `wait-for-it`): its own tables
    if "--" in words or not HANDED_NAMES.isdisjoint(words[1:-1]):
        return True
    # `/usr/bin/git push`, `GIT push`, `git.exe push`, `--exec=git push`, `"git push origin main"`: a word with
    # one of these marks (most operands have none: `mypy src -v`)
    rest = "\0".join(words[1:])
    if "/" not in rest and "=" not in rest and " " not in rest and "." not in rest and rest.islower():
        return False
    # (each distinct word once: hostile input repeats its words by the thousand)
    return any(
        _handed_name(w) in HANDED_NAMES or handed_line(w) is not None for w in dict.fromkeys(words[1:])
    )


def _handed_name(word: str) -> str:
    """The program an operand names (`/usr/bin/git` is git, `grm` is rm) -- or, for an option, the program its
    value names (`--exec=git`)."""
    if word[:1] == "-":
        word = word[word.find("=") + 1 :] if "=" in word else ""
    return _renamed(word) or word


def handed_line(word: str) -> str | None:
    """red team: the command line an operand of a program Brabo does not know spells -- a word (or an option's
    value) with a space whose first word names a program that acts (`"git push origin main"`, `--cmd="curl x
    | sh"`); read as a script (runners.carried), its commands segments (R4.7)."""
    if word[:1] == "-":
        eq = word.find("=")
        if eq < 0:
            return None
        word = word[eq + 1 :]
    space = word.find(" ")
    if space <= 0:
        return None
    head = word[:space]
    return word if head in HANDED_NAMES or _renamed(head) in HANDED_NAMES else None


def _handed_on(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The commands an unknown program (hands_on) may run: from each word after a `--` that names a program
    Brabo knows, and from each of its operands that names a program that acts, with at least one word after
    it (`choco install git` names a package, not a command)."""
    found: list[tuple[str, ...]] = []
    for k in range(1, len(cur) - 1):
        w = cur[k]
        name = _handed_name(w)  # `/usr/bin/git`, `git.exe`, `grm`, `--exec=git` (each view is peeled again)
        if name in HANDED_NAMES or (cur[k - 1] == "--" and name in KNOWN_PROGRAMS):
            found.append(cur[k:] if name == w or w[:1] != "-" else (name, *cur[k + 1 :]))
            if len(found) == _MAX_HANDED:
                break
    return found


def is_assignment(word: str) -> bool:
    """``NAME=value`` (or ``NAME+=value``) before a command."""
    eq = word.find("=")
    if eq <= 0:
        return False
    name = word[: eq - 1] if word[eq - 1] == "+" else word[:eq]
    return name.isidentifier() and name.isascii()


def _numeric(word: str) -> bool:
    """`nice -10`, `nice --10`, `nice -+10`: GNU nice's historical adjustment."""
    k = 2 if len(word) > 2 and word[1] in "-+" else 1
    return k < len(word) and word[k].isdigit()


# GNU env -S: escapes after a backslash, outside single quotes (inside them only \\ and \').
_SPLIT_ESCAPES = {"f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_SPLIT_SPACE = " \t\n\v\f\r"


def split_string(text: str) -> tuple[str, ...]:
    """The words GNU ``env -S`` makes of ``text``: quotes, backslash escapes, ``#`` comments, ``\\c``.

    One linear pass. What env would refuse (an unterminated quote, an unknown escape) is read as best as
    possible rather than dropped: these words only ever make deny and the caps see more.
    """
    out: list[str] = []
    cur: list[str] = []
    started = False  # an argument is open (even an empty one: `''`)
    sq = dq = False
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if sq:
            if c == "'":
                sq = False
            elif c == "\\" and i + 1 < n and text[i + 1] in "\\'":
                i += 1
                cur.append(text[i])
            else:
                cur.append(c)
            i += 1
            continue
        if c == "'" and not dq:
            sq = started = True
        elif c == '"':
            dq = not dq
            started = True
        elif c in _SPLIT_SPACE and not dq:
            if started:
                out.append("".join(cur))
                cur = []
                started = False
        elif c == "#" and not dq and not started:
            break  # a comment to the end
        elif c == "\\":
            i += 1
            e = text[i] if i < n else ""
            if e == "c" and not dq:
                break  # `\c`: the rest is ignored
            if e == "_" and not dq:
                if started:
                    out.append("".join(cur))
                    cur = []
                    started = False
            else:
                cur.append(" " if e == "_" else _SPLIT_ESCAPES.get(e, e))
                started = True
        else:
            cur.append(c)
            started = True
        i += 1
    if started:
        out.append("".join(cur))
    return tuple(out)


def _after_operands(command: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The command after a wrapper's operands. red team: `timeout 5 -- cmd` -- GNU runs a program named `--`;
    uutils' coreutils (clap) take the `--` after the operands as the end of options and run cmd: both."""
    return (command, command[1:]) if command[:1] == ("--",) else (command,)


def readings(words: tuple[str, ...], syntax: Syntax, split: bool) -> list[tuple[str, ...]]:
    """Every command the wrapper ``words[0]`` may run, the most likely reading first.

    Positions are explored in increasing order and every option moves forward by one or two words, so
    this is one linear pass however many options are uncertain. With ``split`` (env), ``-S`` /
    ``--split-string`` ends a reading with ``env <its words> <the rest>``, which env parses again.
    """
    n = len(words)
    found: list[tuple[str, ...]] = []
    frontier = {1}
    while frontier and len(found) < _MAX_READINGS:
        k = min(frontier)
        frontier.discard(k)
        if k >= n:
            continue
        w = words[k]
        if w == "--":
            found.append(words[k + 1 + syntax.operands :])
            continue
        if syntax.assignments and is_assignment(w):
            frontier.add(k + 1)
            continue
        if len(w) < 2 or w[0] != "-":
            if w == "-" and syntax.dash_is_flag:
                frontier.add(k + 1)
            else:
                found.extend(_after_operands(words[k + syntax.operands :]))
            continue
        if syntax.numeric and _numeric(w):
            frontier.add(k + 1)
            continue
        steps: tuple[int, ...] = (1, 2)  # unknown: the next word may be its value, or the command
        value: str | None = None  # the value of -S / --split-string
        if w[1] == "-":
            name, eq, attached = w[2:].partition("=")
            hit = long_option(name, syntax.long)
            if hit is not None:
                full, kind = hit
                steps = (1,) if eq else (1 + _TAKES.get(kind, 0),)
                if split and full == "split-string":
                    value = attached if eq else (words[k + 1] if k + 1 < n else None)
            elif eq:
                steps = (1,)
        else:
            j = 1
            while j < len(w):
                kind = syntax.short.get(w[j], -1)
                if kind == NONE:
                    j += 1
                    continue
                if kind == REQUIRED:
                    attached_value = j + 1 < len(w)
                    steps = (1,) if attached_value else (2,)
                    if split and w[j] == "S":
                        value = w[j + 1 :] if attached_value else (words[k + 1] if k + 1 < n else None)
                elif kind == OPTIONAL:
                    steps = (1,)  # the value, if any, is the rest of this word
                break  # an unknown letter leaves `steps` uncertain
            else:
                steps = (1,)
        if value is not None:
            after = k + steps[0]
            found.append(("env", *split_string(value), *words[after:]))
            continue
        for s in steps:
            frontier.add(k + s)
    return [r for r in found if r]


def _git_readings(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``git <global options> <subcommand> ...`` as ``git <subcommand> ...``, for every reading."""
    n = len(words)
    found: list[tuple[str, ...]] = []
    frontier = {1}
    while frontier and len(found) < _MAX_READINGS:
        k = min(frontier)
        frontier.discard(k)
        if k >= n:
            continue
        w = words[k]
        if not w.startswith("-") or w == "-":
            found.append(("git", *words[k:]))
            continue
        if w in GIT_GLOBAL_VALUE_OPTS:
            frontier.add(k + 2)
        elif w in GIT_GLOBAL_FLAGS or "=" in w:
            frontier.add(k + 1)
        else:
            frontier.add(k + 1)
            frontier.add(k + 2)
    return found


def _git_alias_views(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: an alias git defines for itself, read as the git words it stands for. ``git -c alias.p=push p``
    runs ``git push``; ``git config alias.p push`` defines it for later, which is read as that act (the
    caps ask for it, a deny of ``git push`` refuses it). A ``!`` alias is a shell line: runners reads it."""
    n = len(cur)
    aliases: dict[str, str] = {}
    k = 1
    while k < n and cur[k].startswith("-") and cur[k] != "-":
        w = cur[k]
        if w == "-c" and k + 1 < n:
            key, eq, value = cur[k + 1].partition("=")
            if eq and key.lower().startswith("alias.") and not value.lstrip().startswith("!"):
                aliases[key[len("alias.") :].lower()] = value
            k += 2
        elif w in GIT_GLOBAL_VALUE_OPTS:
            k += 2
        else:
            k += 1
    if k >= n:
        return []
    sub = cur[k]
    called = aliases.get(sub.lower())
    if called is not None:
        return [("git", *split_string(called), *cur[k + 1 :])]
    if sub != "config":
        return []
    positionals: list[str] = []
    j = k + 1
    while j < n:
        w = cur[j]
        j += 1
        if w in ("-f", "--file", "--blob", "--type", "--default", "--comment", "--value"):
            j += 1
        elif not w.startswith("-"):
            positionals.append(w)
    if positionals[:1] == ["set"]:
        positionals = positionals[1:]
    if len(positionals) >= 2 and positionals[0].lower().startswith("alias."):
        value = positionals[1]
        if not value.lstrip().startswith("!"):
            return [("git", *split_string(value))]
    return []


def _gh_alias_views(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``gh alias set NAME 'pr merge'`` defines a gh command for later: read as that command (a
    ``--shell`` / ``!`` alias as the shell line it is)."""
    if len(cur) < 4 or cur[1] != "alias" or cur[2] != "set":
        return []
    shell = False
    operands: list[str] = []
    for w in cur[3:]:
        if w in ("-s", "--shell"):
            shell = True
        elif not w.startswith("-") or w == "-":
            operands.append(w)
    if len(operands) < 2:
        return []
    expansion = operands[1]
    if expansion.startswith("!"):
        shell, expansion = True, expansion[1:]
    if shell:
        return [("sh", "-c", expansion)]
    return [("gh", *split_string(expansion))]


def _module_program(module: str) -> str:
    """red team: the program a module runs as -- `pkg.__main__` is `pkg` (what `-m pkg` runs), and pip's
    internals (`pip._internal.cli.main`) are pip; a module whose command has another name is that command
    (MODULE_COMMANDS: `python -m django flush` is `django-admin flush`)."""
    if module.endswith(".__main__"):
        module = module[: -len(".__main__")]
    if module.startswith(("brabo_client", "brabo_client.cli")):
        return "brabo"  # Brabo's own client (`python -m brabo_client hook install ...`)
    if module.startswith("pip._internal"):
        return "pip"
    return MODULE_COMMANDS.get(module, module)


# R4.10, red team: Python packages whose command is not their module's name -- `python -m django flush` emptied
# the database with nothing asking (the caps know `django-admin flush`), `python -m samcli deploy`, `python -m
# azure.cli group delete`, `python -m ghp_import -p` (pushes a branch) were auto-approved. The module run by `-m`
# is read as the command its package installs.
MODULE_COMMANDS = {
    "django": "django-admin",
    "samcli": "sam",
    "azure.cli": "az",
    "ghp_import": "ghp-import",
    "pre_commit": "pre-commit",
    "huggingface_hub.commands.huggingface_cli": "huggingface-cli",
    "huggingface_hub.cli.hf": "hf",
    "yt_dlp": "yt-dlp",
    "youtube_dl": "youtube-dl",
    "ansible_runner": "ansible-runner",
    "databricks_cli.cli": "databricks",
    "openstackclient.shell": "openstack",
    "ebcli.core.ebcore": "eb",
    "zappa.cli": "zappa",
    "kaggle.cli": "kaggle",
    "jupyterlab": "jupyter-lab",
    "notebook": "jupyter-notebook",
    "IPython": "ipython",
    "compose.cli.main": "docker-compose",
    "httpie": "http",
    "sqlite_utils": "sqlite-utils",
    "fabric": "fab",
    "PyInstaller": "pyinstaller",
    **{
        f"ansible.cli.{name}": f"ansible-{name}"
        for name in ("playbook", "galaxy", "vault", "pull", "console", "config", "inventory", "doc")
    },
    "ansible.cli.adhoc": "ansible",
}


def _python_module(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``python3 -m pip install x`` runs pip, ``python -m twine upload`` twine."""
    n = len(cur)
    k = 1
    while k < n:
        w = cur[k]
        if w[:1] != "-" or w == "-" or w == "--":
            return _bin_script(cur[k + (w == "--") :])
        if w.startswith("--"):
            k += 2 if w == "--check-hash-based-pycs" else 1
            continue
        step = 1
        for j in range(1, len(w)):
            c = w[j]
            if c == "m":
                module = _module_program(w[j + 1 :] or (cur[k + 1] if k + 1 < n else ""))
                rest = cur[k + (1 if w[j + 1 :] else 2) :]
                return [(module, *rest)] if module else []
            if c == "c":
                return []  # inline code (interpreters: opaque)
            if c in "WXQ":
                step = 1 if w[j + 1 :] else 2
                break
        k += step
    return []


def _bin_script(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """red team, R4.10: an interpreter handed a program's own file runs that program -- a console script or
    a bin stub (`python .venv/bin/twine upload`, `ruby bin/rails db:drop`, `node node_modules/.bin/x`): the
    file's name, when it is a bin folder's and has no extension, is the program."""
    if not words:
        return []
    script = words[0]
    folder, _, name = script.rpartition("/")
    if not name or "." in name or not folder.endswith(("bin", "exe", "Scripts")):
        return []
    return [(name, *words[1:])]


# The shells' options that take the next word (`bash -o pipefail x.sh`, `--rcfile F`); `-c` runs a string (read
# in runners.py), `-s` and `-i` read the input.
_SHELL_VALUES = frozenset({"-o", "+o", "-O", "+O", "--rcfile", "--init-file"})


def _shell_script(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """red team, R4.10: `sh ./mvnw deploy`, `bash gradlew publish`, `sh -x ./node_modules/.bin/x` -- a shell
    handed a program's file runs that program: the file with its arguments is a view."""
    n = len(cur)
    k = 1
    while k < n:
        w = cur[k]
        if w == "--":
            k += 1
            break
        if w[:1] not in "-+" or w in ("-", "+"):
            break
        if w[:1] == "-" and w[1:2] != "-" and ("c" in w or "s" in w or "i" in w):
            return []  # a command string or the input: the carriers' and the shells' readers
        k += 2 if w in _SHELL_VALUES else 1
    if k >= n or cur[k][:1] in ("$", "`"):
        return []
    return [cur[k:]]


def _ruby_script(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """red team, R4.10: `ruby -S gem push x.gem` runs the program `gem` found on PATH (as `perl -S`); `ruby
    bin/rails db:drop` runs the bin stub."""
    n = len(cur)
    k = 1
    while k < n:
        w = cur[k]
        if w == "-S" and k + 1 < n:
            return [cur[k + 1 :]]
        if w[:1] != "-" or w == "--":
            return _bin_script(cur[k + (w == "--") :])
        if w in ("-e", "-E") or w.startswith("-e"):
            return []  # inline code (interpreters: opaque)
        k += 2 if w in ("-I", "-r", "-C", "-x", "-E") else 1
    return []


def _corepack(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``corepack pnpm publish``, ``corepack yarn@4 npm publish`` run that package manager."""
    for k in range(1, len(cur)):
        w = cur[k]
        if w.startswith("-"):
            continue
        tool = w.partition("@")[0]
        return [(tool, *cur[k + 1 :])] if tool in COREPACK_TOOLS else []
    return []


# The entry scripts of the package managers, by file name (`node /usr/lib/node_modules/npm/bin/npm-cli.js`).
_NODE_ENTRIES = {
    "npm-cli.js": "npm",
    "npm": "npm",
    "npm.js": "npm",
    "npx-cli.js": "npx",
    "npx": "npx",
    "pnpm.cjs": "pnpm",
    "pnpm.js": "pnpm",
    "pnpm.mjs": "pnpm",
    "pnpm": "pnpm",
    "pnpx.cjs": "pnpx",
    "yarn.js": "yarn",
    "yarn.cjs": "yarn",
    "yarn": "yarn",
}
# node's options that take the next word (the rest are flags or written `--opt=value`).
_NODE_VALUES = frozenset(
    "-r --require --import --loader --experimental-loader --input-type --conditions -C --env-file"
    " --title --stack-size --max-old-space-size --openssl-config --redirect-warnings --inspect-port".split()
)


def _node_script(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``node …/npm/bin/npm-cli.js publish`` is ``npm publish`` (pnpm's ``pnpm.cjs``, yarn's
    ``yarn.js`` and its ``.yarn/releases/yarn-4.x.cjs`` alike). A script whose path is a substitution
    (``node $(which npm) publish``) may be any of them: each is a view (deny and the caps see more)."""
    n = len(cur)
    k = 1
    while k < n:
        w = cur[k]
        if w == "--":
            k += 1
            break
        if w[:1] != "-" or w == "-":
            break
        if w in ("-e", "-p", "--eval", "--print") or w.startswith(("--eval=", "--print=")):
            return []  # inline code: the interpreters' business
        k += 2 if w in _NODE_VALUES else 1
    if k >= n:
        return []
    script, rest = cur[k], cur[k + 1 :]
    name = script.rpartition("/")[2]
    tool = _NODE_ENTRIES.get(name)
    if tool is None and name.startswith("yarn-") and name.endswith((".cjs", ".js")):
        tool = "yarn"
    if tool is not None:
        return [(tool, *rest)]
    if "node_modules/" in script:
        # red team: a package's own file run by node (`node node_modules/.bin/semantic-release`, `node
        # node_modules/semantic-release/bin/semantic-release.js`) is that package's program
        after = script.rpartition("node_modules/")[2].split("/")
        if after[0] == ".bin":
            return [(name, *rest)]
        if after[0][:1] == "@":
            return [(p, *rest) for p in _package_programs("/".join(after[:2]))]
        return [(PACKAGE_BINS.get(after[0], after[0]), *rest)]
    if script.startswith(("$(", "`", "${", "$")) and rest:
        return [("npm", *rest), ("pnpm", *rest), ("yarn", *rest)]
    return []


# php's options that take the next word; `-r`/`-R`/`-B`/`-E` run inline code, `-a` reads it interactively.
_PHP_VALUES = frozenset({"-c", "-d", "-z", "-t", "-S"})
_PHP_CODE = frozenset({"-r", "-R", "-B", "-E", "-F", "-a"})


def _php_script(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``php composer.phar run-script deploy`` (``php -d memory_limit=-1 /usr/bin/composer …``) is
    ``composer run-script deploy``."""
    n = len(cur)
    k = 1
    while k < n:
        w = cur[k]
        if w in _PHP_CODE:
            return []  # inline code: the interpreters' business
        if w == "-f" or w == "--":
            k += 1
            break
        if w[:1] != "-" or w == "-":
            break
        k += 2 if w in _PHP_VALUES else 1
    if k >= n:
        return []
    name = cur[k].rpartition("/")[2].lower()
    return [("composer", *cur[k + 1 :])] if name in ("composer.phar", "composer") else []


def _compose(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: `docker-compose` (Compose's standalone binary) is `docker compose`."""
    return [("docker", "compose", *cur[1:])]


# `docker compose exec|run [options] SERVICE cmd args`: the options that take a value, then the service.
_COMPOSE_RUN = Syntax(
    "dTi",
    "euwlpv",
    long={
        **dict.fromkeys(
            "env user workdir label publish volume name entrypoint index env-from-file cap-add cap-drop"
            " pull".split(),
            REQUIRED,
        ),
        **dict.fromkeys(
            "rm detach no-TTY service-ports no-deps build quiet-pull privileged interactive tty".split(), NONE
        ),
    },
    operands=1,
)


def _container(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: a container engine's run, create or exec read by docker's option table
    (permissions.commands.containers): the command inside (and its entrypoint's reading: `--entrypoint sh img
    -c 'x'` runs `sh -c 'x'`); the image is no command. A line the table does not read for sure is read as
    before (every option may take a value: deny and the caps see more)."""
    run = container_run(cur)
    if run is None:
        if cur[0] in _COMPOSE_BINARIES:
            return _compose(cur)
        return _docker(cur if cur[0] == "docker" else ("docker", *cur[1:]))
    found = [run.inner] if run.inner else []
    if run.entrypoint:
        found.append((run.entrypoint, *run.inner))
    elif run.image and run.sub != "exec" and not run.compose:
        tool = image_tool(run.image)
        if tool is not None:
            found.append((tool, *run.inner))  # `docker run hashicorp/terraform destroy`: terraform's words
    for inner in list(found):
        named = inner_on_host(run, inner)
        if named is not None:
            found.append(named)  # `-v .:/w alpine rm -rf /w` empties the project: `rm -rf .`
    if "--" in run.inner:
        after = run.inner[run.inner.index("--") + 1 :]
        if after:
            found.append(after)
    if cur[0] in _COMPOSE_BINARIES:
        found.append(("docker", "compose", *cur[1:]))  # R4.10: what a rule names `docker compose` by
    return found


_COMPOSE_BINARIES = frozenset({"docker-compose", "podman-compose"})


def _docker(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """`docker run img cmd`, `docker exec c cmd` (runner pairs, after docker's own options too), and
    `docker compose exec|run`."""
    if cur[1] == "compose":
        return _compose_runs(cur)
    run = _runner_views(cur)
    if run is not None:
        return run
    return _runner_after_options(cur) if cur[1].startswith("-") else []


def _compose_runs(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """red team: `docker compose exec app git push`, `docker compose run --rm app cmd`: the command the
    service's container runs (with the project's folder mounted), as `docker exec`'s is."""
    k = 2
    while k < len(cur) and cur[k].startswith("-"):
        k += 2 if cur[k] in ("-f", "--file", "-p", "--project-name", "--profile", "--env-file") else 1
    if k < len(cur) and cur[k] in ("exec", "run"):
        return readings(cur[k:], _COMPOSE_RUN, False)
    return []


def _coreutils(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: the multi-call coreutils binary runs the program it is told: `coreutils --coreutils-prog=rm
    -rf /` (GNU), `coreutils rm -rf /` (uutils)."""
    if cur[1].startswith("--coreutils-prog="):
        return [(cur[1].partition("=")[2], *cur[2:])]
    return [cur[1:]] if cur[1][:1] != "-" else []


# R4.10: kubectl by other names -- OpenShift's `oc` (a superset of it), `kubecolor`, the snap's `microk8s.kubectl`
# -- and the distributions that carry it as a subcommand (`k3s kubectl`, `microk8s kubectl`, `minikube kubectl --`).
KUBECTL_NAMES = frozenset({"oc", "kubecolor", "microk8s.kubectl"})
KUBECTL_CARRIERS = frozenset({"k3s", "microk8s", "minikube"})


def _kubectl(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """kubectl's command line, from another name or after a carrier's own options (`minikube -p dev kubectl
    -- delete pod x`: a word after an option may be its value, so the search goes on past it)."""
    if cur[0] in KUBECTL_NAMES:
        return [("kubectl", *cur[1:])]
    for k in range(1, min(len(cur), 8)):
        w = cur[k]
        if w == "kubectl":
            rest = cur[k + 1 :]
            return [("kubectl", *(rest[1:] if rest[:1] == ("--",) else rest))]
        if w[:1] != "-" and cur[k - 1][:1] != "-":
            return []  # another of its commands (`k3s server`, `minikube start`)
    return []


def _shx(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: npm's shx runs shelljs's version of the command it is given (`shx rm -rf dist`), after its own
    options (`--silent`, `--verbose`, `--noglob`, `--negate`)."""
    k = 1
    while k < len(cur) and cur[k].startswith("--"):
        k += 1
    return [cur[k:]] if k < len(cur) else []


_LAUNCHERS = {
    **dict.fromkeys(KUBECTL_NAMES | KUBECTL_CARRIERS, _kubectl),
    "shx": _shx,
    "corepack": _corepack,
    "node": _node_script,
    "nodejs": _node_script,
    "php": _php_script,
    "composer.phar": lambda cur: [("composer", *cur[1:])],
    **dict.fromkeys(CONTAINER_ENGINES, _container),
    "coreutils": _coreutils,
    **dict.fromkeys(("sh", "bash", "dash", "zsh", "ksh", "ash", "mksh", "yash"), _shell_script),
    **dict.fromkeys(("ruby", "jruby", "perl"), _ruby_script),
}

# R4.10: options a program reads from its environment, by the prefix of their variables' names (any case):
# `PIP_BREAK_SYSTEM_PACKAGES=1 pip install x` is `pip install x --break-system-packages=1`,
# `npm_config_global=true npm i x` is `npm i x --global=true`.
_ENV_OPTIONS = {
    "pip": ("PIP_",),
    "pip3": ("PIP_",),
    "npm": ("NPM_CONFIG_",),
    "pnpm": ("NPM_CONFIG_", "PNPM_CONFIG_"),
    "yarn": ("YARN_", "NPM_CONFIG_"),
}

# R4.10: git's hooks switched off through the environment -- by the hook managers that install them (husky's
# `HUSKY=0` and older `HUSKY_SKIP_HOOKS`, lefthook's `LEFTHOOK=0` and `LEFTHOOK_EXCLUDE`, pre-commit's `SKIP`,
# simple-git-hooks' `SKIP_SIMPLE_GIT_HOOKS`, overcommit's `OVERCOMMIT_DISABLE`; red team: prek's `PREK_SKIP`,
# hk's `HK=0`, `HK_SKIP_STEPS`, `HK_SKIP_HOOK`) or by git's own configuration given in the environment
# (`core.hooksPath` in GIT_CONFIG_PARAMETERS or a GIT_CONFIG_KEY_<n>): the act of `--no-verify`, read as it
# (`HUSKY=0 git commit` is `git commit --no-verify`). Names in any case (Windows).
_HOOKS_ON_VALUES = frozenset({"1", "true", "on", "yes"})  # HUSKY=1, LEFTHOOK=1: the hooks run
_HOOKS_OFF_UNLESS_ON = frozenset({"HUSKY", "LEFTHOOK", "HK"})
_HOOKS_OFF_WHEN_SET = frozenset(
    {"HUSKY_SKIP_HOOKS", "LEFTHOOK_EXCLUDE", "SKIP", "SKIP_SIMPLE_GIT_HOOKS", "OVERCOMMIT_DISABLE"}
    | {"PREK_SKIP", "HK_SKIP_STEPS", "HK_SKIP_STEP", "HK_SKIP_HOOK", "HK_SKIP_HOOKS"}
)

# R4.10, red team: options a CLI reads from one variable each -- the account, project, context, namespace or host
# an act is aimed at (`AWS_PROFILE=prod aws s3 rm ...` is `aws s3 rm ... --profile=prod`, met by a deny of `aws
# --profile prod`; `CLOUDSDK_CORE_PROJECT=prod gcloud ...`, `HELM_KUBECONTEXT`, `DOCKER_HOST`, `GH_REPO`).
_ENV_NAMED: dict[str, dict[str, str]] = {
    "aws": {
        "AWS_PROFILE": "--profile",
        "AWS_DEFAULT_PROFILE": "--profile",
        "AWS_REGION": "--region",
        "AWS_DEFAULT_REGION": "--region",
        "AWS_ENDPOINT_URL": "--endpoint-url",
    },
    "gcloud": {
        "CLOUDSDK_CORE_PROJECT": "--project",
        "CLOUDSDK_CORE_ACCOUNT": "--account",
        "CLOUDSDK_COMPUTE_REGION": "--region",
        "CLOUDSDK_COMPUTE_ZONE": "--zone",
        "CLOUDSDK_CONFIG": "--configuration",
        "CLOUDSDK_ACTIVE_CONFIG_NAME": "--configuration",
    },
    "az": {"AZURE_DEFAULTS_GROUP": "--resource-group", "AZURE_DEFAULTS_LOCATION": "--location"},
    "helm": {"HELM_NAMESPACE": "--namespace", "HELM_KUBECONTEXT": "--kube-context"},
    "docker": {"DOCKER_CONTEXT": "--context", "DOCKER_HOST": "--host"},
    "gh": {"GH_REPO": "--repo", "GH_HOST": "--hostname"},
    "rails": {"RAILS_ENV": "--environment", "RACK_ENV": "--environment"},
}


def option_of_variable(program: str, name: str) -> str | None:
    """The option ``program`` reads the environment variable ``name`` as (`--profile` for aws' AWS_PROFILE), or
    None."""
    named = _ENV_NAMED.get(program)
    return None if named is None else named.get(name)


# red team (R4.10, R3.7): pytest reads more arguments from PYTEST_ADDOPTS, split as a shell splits them and read
# as its own (`PYTEST_ADDOPTS='--junitxml=.envrc' pytest` is `pytest --junitxml=.envrc`).
# red team (R4.10, §5 step 6): and Maven (3.9 on) its arguments from MAVEN_ARGS -- options and goals, put BEFORE the
# command line's (`MAVEN_ARGS=deploy mvn -q` deploys; `MAVEN_ARGS=-Dexec.executable=sh mvn test` runs sh) -- and
# pytest the plugins PYTEST_PLUGINS names (comma-separated), each as `-p NAME`.
_ADDOPTS_READERS = {
    "pytest": "PYTEST_ADDOPTS",
    "py.test": "PYTEST_ADDOPTS",
    "mvn": "MAVEN_ARGS",
    "mvnw": "MAVEN_ARGS",
}
_PREPENDED = frozenset({"MAVEN_ARGS"})
_PLUGIN_VARS = {"pytest": "PYTEST_PLUGINS", "py.test": "PYTEST_PLUGINS"}

# The programs that read options from the environment (permissions.exported reads them across segments).
ENV_READERS = frozenset({*_ENV_OPTIONS, *_ENV_NAMED, *_ADDOPTS_READERS, "git", "terraform", "tofu"})
# Those whose patterns have no option table (R4.10 reads them as written): a deny or ask naming one reads what
# an earlier segment exported all the same.
ARGUMENT_READERS = frozenset(_ADDOPTS_READERS)


def _addopts(variable: str, assigned: Sequence[str]) -> list[str]:
    """The words of each assignment of ``variable`` (any case), split as a shell splits them (by blanks when
    its quoting does not close: deny sees more)."""
    words: list[str] = []
    for word in assigned:
        name, _, value = word.partition("=")
        if name.upper() == variable:
            try:
                words += shlex.split(value)
            except ValueError:
                words += value.split()
    return words


def _plugins(variable: str | None, assigned: Sequence[str]) -> list[str]:
    """`-p NAME` for each name a plugin list ``variable`` (any case) gives, comma-separated."""
    if variable is None:
        return []
    out: list[str] = []
    for word in assigned:
        name, _, value = word.partition("=")
        if name.upper() == variable:
            out += [w for part in value.split(",") if (n := part.strip()) for w in ("-p", n)]
    return out


def _hooks_off(word: str) -> bool:
    name, _, value = word.partition("=")
    upper = name.upper()
    if upper in _HOOKS_OFF_UNLESS_ON:
        return value.lower() not in _HOOKS_ON_VALUES
    if upper in _HOOKS_OFF_WHEN_SET:
        return value != ""
    if upper == "GIT_CONFIG_PARAMETERS" or upper.startswith("GIT_CONFIG_KEY_"):
        return "core.hookspath" in value.lower()
    return False


def env_options(assigned: Sequence[str], rest: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``rest`` with the options its program reads from the ``assigned`` variables added (a view for deny
    and ask, R4.8), or nothing. They stand before a `--` that ends the options (after it they would be
    operands), else after the last word: these parsers read options after the operands too."""
    if not rest:
        return []
    verb = rest[0]
    options: list[str] = []
    if verb.rpartition("/")[2] == "git":
        return _git_environment(assigned, rest)
    if verb in _TF_CLI_ARGS_READERS:
        options = _tf_cli_args(assigned, rest)
    elif verb in _ADDOPTS_READERS:
        variable = _ADDOPTS_READERS[verb]
        options = _addopts(variable, assigned) + _plugins(_PLUGIN_VARS.get(verb), assigned)
        if options and variable in _PREPENDED:
            return [(verb, *options, *rest[1:])]
    elif verb in _ENV_NAMED:
        named = _ENV_NAMED[verb]
        options = [
            f"{named[upper]}={v}"
            for n, _, v in (w.partition("=") for w in assigned)
            if (upper := n.upper()) in named
        ]
    else:
        prefixes = _ENV_OPTIONS.get(verb)
        if prefixes is None:
            return []
        for word in assigned:
            name, _, value = word.partition("=")
            upper = name.upper()
            for prefix in prefixes:
                if upper.startswith(prefix) and len(upper) > len(prefix):
                    options.append("--" + name[len(prefix) :].lower().replace("_", "-") + "=" + value)
                    break
    if not options:
        return []
    if verb == "docker":
        return [(verb, *options, *rest[1:])]  # (docker's own options stand before its command)
    end = rest.index("--", 1) if "--" in rest[1:] else len(rest)
    return [(*rest[:end], *options, *rest[end:])]


def _git_environment(assigned: Sequence[str], rest: tuple[str, ...]) -> list[tuple[str, ...]]:
    """git's views with what the ``assigned`` variables give it: hooks switched off (`--no-verify` before a `--`
    that ends the options, else after the last word) and configuration (`-c key=value` before the command, as git reads it)."""
    out: list[tuple[str, ...]] = []
    if any(_hooks_off(w) for w in assigned):
        end = rest.index("--", 1) if "--" in rest[1:] else len(rest)  # (after it, an operand)
        out.append((*rest[:end], "--no-verify", *rest[end:]))
    pairs = _git_config_pairs(assigned)
    if pairs:
        out.append((rest[0], *(w for pair in pairs for w in ("-c", pair)), *rest[1:]))
    return out


# R4.10: git's configuration given in the environment, read as the `git -c` it is (git-config(1) ENVIRONMENT):
# GIT_CONFIG_KEY_<n>/GIT_CONFIG_VALUE_<n> (all of them, whatever GIT_CONFIG_COUNT says: deny sees more), and
# GIT_CONFIG_PARAMETERS, what `git -c` itself passes on to the git it runs (`'key'='value'`, older `'key=value'`).
_SQUOTED_PAIR = re.compile(r"'([^']*)'(?:='([^']*)')?")


def _git_config_pairs(assigned: Sequence[str]) -> list[str]:
    keys: dict[str, str] = {}
    values: dict[str, str] = {}
    pairs: list[str] = []
    for word in assigned:
        name, _, value = word.partition("=")
        upper = name.upper()
        if upper.startswith("GIT_CONFIG_KEY_"):
            keys[upper[15:]] = value
        elif upper.startswith("GIT_CONFIG_VALUE_"):
            values[upper[17:]] = value
        elif upper == "GIT_CONFIG_PARAMETERS":
            for key, val in _SQUOTED_PAIR.findall(value):
                pairs.append(f"{key}={val}" if val or "=" not in key else key)
    pairs += [f"{key}={values.get(n, '')}" for n, key in keys.items() if key]
    return pairs


# red team (session 20): Terraform reads more arguments from TF_CLI_ARGS (every command) and TF_CLI_ARGS_<name>
# (that command only), inserted after the command's name (`TF_CLI_ARGS_apply=-auto-approve terraform apply`).
_TF_CLI_ARGS_READERS = frozenset({"terraform", "tofu"})


def _tf_cli_args(assigned: Sequence[str], rest: tuple[str, ...]) -> list[str]:
    command = next((w for w in rest[1:] if w[:1] != "-"), "")
    options: list[str] = []
    for word in assigned:
        name, _, value = word.partition("=")
        upper = name.upper()
        if upper == "TF_CLI_ARGS" or (upper.startswith("TF_CLI_ARGS_") and name[12:].lower() == command):
            options += value.split()
    return options


def _runner_after_options(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``pnpm -r exec cmd``, ``pnpm --filter x dlx pkg``, ``npm -w a exec -- cmd``: the runner subcommand
    after the package manager's own options (each option read as taking a value or not: deny sees more)."""
    verb = cur[0]
    known = UNKNOWN_WORD_RUNS.get(verb)
    found: list[tuple[str, ...]] = []
    for k in range(2, min(len(cur), 16)):
        w = cur[k]
        value = cur[k - 1].startswith("-")  # w may be the value of the option before it
        sub = SUBCOMMAND_RUNNERS.get((verb, w))
        if sub is not None:
            # `bun --cwd x run cmd`: `x` is --cwd's value, not `bun x`; read both ways (deny sees more).
            found += _subcommand_runner((verb, *cur[k:]), sub)
        elif (verb, w) in INITIALIZES:
            found.append((verb, *cur[k:]))  # `npm --yes init x`: its initializer, past npm's own options
            found += [("node", m) for j in range(1, k) if (m := _init_module(cur[j], cur[j + 1]))]
        elif known is not None and w[:1] != "-" and w not in known:
            found.append(cur[k:])  # R4.9: `pnpm --filter web eslint .` runs eslint (or a value: both)
        if not w.startswith("-") and not value:
            return found  # an operand that no option takes: the subcommand was before it
    return found


def _yarn_workspace(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``yarn workspace NAME <yarn command>``, ``yarn workspaces foreach [opts] <yarn command>``; R4.9:
    ``yarn node -e …`` is node (with yarn's loader)."""
    if cur[1] == "node":
        return [cur[1:]]
    if cur[1] == "workspace":
        return [("yarn", *cur[3:])] if len(cur) > 3 else []
    if len(cur) > 3 and cur[2] == "foreach":
        k = 3
        while k < len(cur) and cur[k].startswith("-"):
            w = cur[k]
            k += 2 if w in ("--include", "--exclude", "--from", "-j", "--jobs", "--since") else 1
        return [("yarn", *cur[k:])] if k < len(cur) else []
    return []


# R4.8, R4.10: the package managers' project initializers run a registry package as `npm exec` does -- `npm init x`
# (npm's aliases `create`, `innit`, and the unique abbreviations npm's command lookup takes: `npm cre x`, `npm ini
# x`), `yarn create x`, `pnpm create x`, `bun create x` (`bun c x`) run `create-x` (npm's documentation: `npm init
# <initializer>` is `npm exec create-<initializer>`); `deno init --npm x` runs `npm:create-x`. `npm init` with no
# initializer writes a default package.json and runs no package.
INITIALIZES = frozenset(
    {("npm", w) for w in "init ini create creat crea cre cr innit inni inn".split()}
    | {("yarn", "create"), ("pnpm", "create"), ("bun", "create"), ("bun", "c")}
)
# Their options that take the next word (npm's: the workspace, the scope, the `init-*` defaults, where the
# registry, the cache and the settings are) and those that never do (npm's, yarn's `-q`, bun's, deno's `--npm`);
# any other option written apart from a value may take the next word or not (both readings are views: deny sees
# more, and an allow must name both).
_INIT_VALUED = frozenset(
    "-w --workspace --scope -C --prefix --registry --cache --userconfig --globalconfig --loglevel --tag -L"
    " --location --otp --before --omit --include --install-strategy --script-shell --node-options --init-module"
    " --init-author-name --init-author-email --init-author-url --init-license --init-version --init-type".split()
)
_INIT_FLAGS = frozenset(
    "-y --yes -f --force -q --quiet -s --silent -d -dd -ddd --json -g --global -ws --workspaces -iwr"
    " --include-workspace-root --offline --prefer-offline --prefer-online --ignore-scripts --dry-run"
    " --legacy-peer-deps --foreground-scripts --verbose --init-private --no-install --no-git --open --npm".split()
)


def _initializer_views(cur: tuple[str, ...], k: int = 2) -> list[tuple[str, ...]]:
    """``npm init [options] x args`` (from ``k``, the word after the subcommand): the `create-` package it runs,
    with the words after the initializer (_initializer_packages); nothing when it names none (`npm init -y`,
    `npm init -w packages/a`)."""
    n = len(cur)
    found: list[tuple[str, ...]] = []
    while k < n:
        w = cur[k]
        if w[:1] != "-" or w == "-" or w == "--":
            k += w == "--"  # (`npm init -- x`: the word after it)
            if k < n:
                found += [(p, *cur[k + 1 :]) for p in _initializer_packages(cur[k])]
            return found
        module = _init_module(w, cur[k + 1] if k + 1 < n else "")
        if module:
            found.append(("node", module))  # red team: npm's init runs the module it is given as its template
        if "=" in w or w in _INIT_FLAGS or w.startswith("--no-"):
            k += 1
            continue
        if w not in _INIT_VALUED and k + 1 < n and cur[k + 1][:1] != "-":
            found += [(p, *cur[k + 2 :]) for p in _initializer_packages(cur[k + 1])]  # the option a flag
        k += 2  # the option takes the next word
    return found


def _init_module(option: str, after: str) -> str:
    """red team: the file `npm init --init-module FILE` (`--init-module=FILE`, the abbreviation nopt takes,
    `--init-m`, and the old `--init.module`) loads and runs to ask its questions (init-package-json); ''
    for any other option."""
    name, eq, value = option.partition("=")
    if name != "--init.module" and not (len(name) >= 8 and "--init-module".startswith(name)):
        return ""
    return value if eq else after


def _initializer_packages(word: str) -> list[str]:
    """The package an initializer word names: `x` is `create-x`, `@s/x` `@s/create-x`, `@s` `@s/create` (a
    version kept: `x@latest` is `create-x@latest`), a GitHub `user/repo` `user/create-repo`; pnpm does not
    prefix a name that has it (`pnpm create create-x` runs create-x): that reading too. A local path (`npm
    init ./x` is refused; `bun create ./App.tsx` copies a file) names no package."""
    if not word or word[:1] in "./~" or word == "-":
        return []
    if word[:1] == "@":
        scope, slash, name = word.partition("/")
        if not slash:
            at = word.find("@", 1)
            return [f"{word}/create"] if at < 0 else [f"{word[:at]}/create{word[at:]}"]
        found = [f"{scope}/create-{name}"]
    else:
        head, slash, name = word.rpartition("/")
        found = [f"{head}/create-{name}" if slash else f"create-{word}"]
    if name.startswith("create-"):
        found.append(word)
    return found


def _initializer(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """An initializer's views (_initializer_views); npm's other names for its act and bun's `c` are read as it
    first (`npm innit x`, `npm cre x`, `bun c x`: `npm create x`, `bun create x`), for what reads the act."""
    if cur[1] != "init" and cur[1] != "create":
        return [(cur[0], "create", *cur[2:])]
    return _initializer_views(cur)


def _deno(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``deno run -A npm:npm publish`` (_deno_npm); ``deno init --npm x args`` runs `npm:create-x`
    (``deno init [DIR]`` runs no package)."""
    if len(cur) < 3:
        return []
    if cur[1] == "x":
        return deno_x(cur[1:])
    if cur[1] == "run":
        return _deno_npm(cur)
    if cur[1] != "init":
        return []
    k = 2
    while k < len(cur) and cur[k][:1] == "-" and cur[k] != "--":
        k += 1
    return _initializer_views(cur) if "--npm" in cur[2:k] else []


# `deno x [options] PACKAGE args` and its installed alias `dx`: npx's `-p/--package`, Deno's permission flags.
_DENO_X = Syntax(
    "Aqy", "p", long={"package": REQUIRED, "allow-all": NONE, "quiet": NONE, "yes": NONE, **HELP}
)


def deno_x(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10, red team: Deno's package runner (``deno x`` from ``x`` on, or ``dx``): the package's program as
    npx's is read (`deno x npm@10 publish` is npm's, `deno x typescript/tsc`, `-p typescript tsc`), an
    ``npm:`` specifier as ``deno run`` reads it (`dx npm:npm publish`)."""
    found: list[tuple[str, ...]] = []
    for r in readings(cur, _DENO_X, False):
        if r[0].startswith("npm:"):
            found.extend(v for v in _deno_npm(("deno", "run", *r)) if v not in found)
        elif r not in found:
            found.append(r)
    return found


def _deno_npm(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: ``deno run -A npm:npm publish`` runs npm's own command line (``npm:pkg@1/bin`` runs bin)."""
    for k in range(2, len(cur)):
        w = cur[k]
        if w.startswith("npm:"):
            name, _, binary = w[4:].lstrip("@").partition("/")
            package = ""
            if w[4:].startswith("@"):  # a scoped package `npm:@scope/pkg/bin`
                scope, _, rest = w[5:].partition("/")
                name, _, binary = rest.partition("/")
                package = "@" + scope + "/" + name.partition("@")[0]  # `npm:@railway/cli`: the package's name
            name = name.partition("@")[0]
            if not (binary or name):
                return []
            found = [(binary or name, *cur[k + 1 :])]
            return found + [(package, *cur[k + 1 :])] if package and not binary else found
        if not w.startswith("-"):
            return []
    return []


def program_of(words: tuple[str, ...]) -> tuple[str, ...]:
    """R4.10, R4.8: what is written to the program that runs -- the one resolver caps, the floor, deny and
    ask read through :func:`views` (verb paths, git's helper binaries, launchers, wrappers, a tool's own
    aliases). The most likely reading, innermost."""
    return look_through(words)


def _subcommand_runner(cur: tuple[str, ...], sub: Syntax) -> list[tuple[str, ...]]:
    """`npm exec -- pkg args`, `pnpm dlx pkg`, `uv run cmd`: read from the subcommand on. A secret manager's
    command is what follows its first `--`, whatever its own operands (`chamber exec a b -- cmd`)."""
    pair = (cur[0], cur[1])
    then = SUBCOMMAND_THEN.get(pair)
    if then is not None:
        # `uv tool run [opts] pkg`, `hatch env run [opts] -- cmd`: the options follow the second word.
        found = readings(cur[2:], sub, False) if len(cur) > 2 and cur[2] == then else []
    elif pair in ONLY_AFTER_DASHES:
        found = []  # `guix shell pkg -- cmd`: the operands before `--` are packages
    else:
        found = readings(cur[1:], sub, False)
    if pair in RUN_AFTER_DASHES and "--" in cur:
        after = cur[cur.index("--") + 1 :]
        if after and after not in found:
            found.append(after)
    if pair in VERSION_FIRST:
        found.extend(r[1:] for r in list(found) if len(r) > 1)  # `nvm exec 20 cmd`: 20 may be the version
    if pair == ("asdf", "env") and not any(found):
        found = [("env",)]  # red team: `asdf env TOOL` runs `env` there: the environment printed
    if pair == ("proto", "run"):
        # red team: `proto run TOOL [VERSION] -- args` runs TOOL with the args after `--`.
        found.extend((r[0], *r[r.index("--") + 1 :]) for r in list(found) if "--" in r[1:])
    if pair == ("hatch", "run"):
        # red team: `hatch run ENV:cmd args` runs cmd (or ENV's script cmd) in the environment ENV; a script's
        # arguments (`hatch run test -- git push`: click drops the `--`) are its `{args}`, which may be the
        # whole command: handed on as an unknown program's (hands_on).
        found.extend((r[0].partition(":")[2], *r[1:]) for r in list(found) if ":" in r[0][1:-1])
        found.extend(v for r in list(found) for v in _handed_on(r) if v not in found)
    return found


def _runner_views(cur: tuple[str, ...]) -> list[tuple[str, ...]] | None:
    """A runner subcommand's views (`uv run cmd`), or R4.9's `pnpm git push` (a word that names no pnpm
    command runs as a program when no script has that name), or R4.10's package a launcher runs, named with
    its version or scope (`npx vercel@33 deploy`: vercel); None when ``cur`` is none of them."""
    if len(cur) > 1:
        sub = SUBCOMMAND_RUNNERS.get((cur[0], cur[1]))
        if sub is not None:
            return _subcommand_runner(cur, sub)
        line = SHORTCUTS.get((cur[0], cur[1]))
        if line is not None:  # (`sail artisan x`: `php artisan x`; `sail bin` alone runs nothing)
            return [(*line, *cur[2:])] if len(cur) > 2 or line else None
        known = UNKNOWN_WORD_RUNS.get(cur[0])
        if known is not None and cur[1][:1] != "-" and cur[1] not in known:
            return [cur[1:]]
    verb = cur[0]
    if verb == "bun" and len(cur) > 1 and ("/" in cur[1] or cur[1].endswith(JS_FILES)):
        return _node_script(cur) or None  # red team: `bun node_modules/npm/bin/npm-cli.js publish`, as node
    if "@" in verb or "[" in verb or "=" in verb or ">" in verb or "<" in verb:
        return [(n, *cur[1:]) for n in _package_programs(verb)] or None
    named = PACKAGE_BINS.get(verb)
    if named is not None:
        return [(named, *cur[1:])]
    spelt = PACKAGE_SPELLS.get(verb)
    return [(*spelt, *cur[1:])] if spelt is not None else None


# R4.10: what Windows runs for a name without its suffix (`git.exe` from WSL runs Windows' git).
WINDOWS_SUFFIXES = (".exe", ".cmd", ".bat", ".com", ".ps1")


def foreign_name(verb: str) -> bool:
    """R4.10: a command word a case-insensitive file system (macOS's, Windows') or Windows' own suffixes
    make another program's name: `GIT push`, `Rm -rf /`, `git.exe push` run git, rm, git."""
    # ``islower()`` first: it allocates nothing and answers True for nearly every command word (then lower()
    # would give the word back); a suffix needs a dot. (An upper-case suffix is caught by the first test.)
    return (not verb.islower() and verb != verb.lower()) or ("." in verb and verb.endswith(WINDOWS_SUFFIXES))


# R4.10: Homebrew's `grm`, `gxargs`, uutils' `uu-rm`, and a program's other released names (`helm3`)
_RENAMES = {**GNU_PREFIXED, **OTHER_NAMES}
_GO_RELEASE = re.compile(r"go1\.\d+(?:\.\d+)?(?:(?:rc|beta)\d+)?")


# _renamed's answer for each program Brabo knows: filled by permissions.commands.vocabulary once KNOWN_PROGRAMS
# is.
RENAMED_AS: dict[str, str | None] = {}


def _renamed(verb: str) -> str | None:
    """The program's own name when ``verb`` spells it another way: its path's last part (`/bin/rm`), or
    folded (`GIT`, `git.exe`); None when it is the name."""
    slash = verb.rfind("/")
    if slash >= 0 and slash + 1 < len(verb):
        return verb[slash + 1 :] if verb[0] != "@" else None  # a scoped package (`@scope/pkg`) is no path
    if not foreign_name(verb):
        renamed = _RENAMES.get(verb)
        if renamed is None and verb[:4] == "go1." and _GO_RELEASE.fullmatch(verb) is not None:
            return "go"  # red team: Go's release wrappers (golang.org/dl: `go1.22.0 run x`) are go
        if renamed is None and verb[-1:].isdigit():
            return versioned_program(
                verb
            )  # R4.10: any version in the name (`kubectl-1.29.3`, `helm-v3.14.0`)
        return renamed
    name = verb.lower()
    for suffix in WINDOWS_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


_HELPER_PREFIXES = ("git-", "kubectl-")


def _helper_binary(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.10: git's helper binaries (`git-push`, `/usr/lib/git-core/git-push`) are git's commands; a kubectl
    plugin's binary is the command kubectl runs it for (`kubectl-view_secret` is `kubectl view-secret`,
    `kubectl-foo-bar` is `kubectl foo bar`)."""
    verb = cur[0]
    if verb.startswith("git-"):
        return [("git", verb[4:], *cur[1:])] if verb[4:] in GIT_COMMANDS else []
    words = [part.replace("_", "-") for part in verb[8:].split("-") if part]
    return [("kubectl", *words, *cur[1:])] if words else []


_SPECIFIER = r"(?:===|==|~=|!=|<=|>=|<|>)[\w.*+!-]+"
# A package word a launcher is given: an npm scope, the name, a version or tag (`@1`, `@^17.3`, `@latest`), extras
# (`[keyring]`), PEP 440 specifiers (`==5.0`, `>=5,<6`).
_PACKAGE_SPEC = re.compile(
    r"(?:@([A-Za-z0-9][\w.-]*)/)?([A-Za-z0-9][\w.-]*)(@[\w.^~<>=*+-]+)?(\[[\w,.-]*\])?"
    rf"({_SPECIFIER}(?:,{_SPECIFIER})*)?"
)


def _package_programs(spec: str) -> list[str]:
    """R4.10: the programs a launcher's package word runs, read from its name without the version or extras
    (`vercel@latest`, `twine==5.0`, `'twine[keyring]>=5'`); a scoped npm package (`@scope/pkg@1`) by its
    table name, its own name, its name without `-cli`, and its scope (`@railway/cli` is `railway`). Every
    reading is a view: deny, ask and the caps match more. Any other word: none."""
    m = _PACKAGE_SPEC.fullmatch(spec)
    if m is None:
        return []
    scope, name, version, extras, specifiers = m.groups()
    if scope is None:
        return [name] if version or extras or specifiers else []
    package = f"@{scope}/{name}"
    if package != spec:
        return [package]  # read further as itself
    out: list[str] = []
    for n in (SCOPED_BINS.get(package, ""), name, name.removesuffix("-cli"), scope):
        if n and n not in out and n != "cli":
            out.append(n)
    return out


def _assigned(cur: tuple[str, ...], k: int) -> list[tuple[str, ...]]:
    """The views past ``k`` leading assignments; `pipx run twine==5.0 upload`'s package word is an assignment
    to the shell and a package with its version to the launcher: both."""
    found = [cur[k:]] if k < len(cur) else []
    first = cur[0]
    eq = first.find("=")
    if k == 1 and (first[eq + 1 : eq + 2] == "=" or first[eq - 1] in "~!<>"):
        found += [(n, *cur[1:]) for n in _package_programs(first)]
    return found


def _by_its_name(verb: str, renamed: str, cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The view of a program spelt another way; a package's own file run by its path is that package's
    program, as node running it is (red team: `node_modules/@anthropic-ai/claude-code/cli.js mcp add …` is
    `claude mcp add …`)."""
    if "node_modules/" in verb:
        found = _node_script(("node", *cur))
        if found:
            return found
    return [(renamed,) + cur[1:]]


def _peel(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The views one layer further in: the commands ``cur`` may run in place of its first word(s)."""
    k = 0
    while k < len(cur) and is_assignment(cur[k]):
        k += 1
    if k:
        return _assigned(cur, k)
    verb = cur[0]
    renamed = RENAMED_AS[verb] if verb in RENAMED_AS else _renamed(verb)  # (a known program's, looked up)
    if renamed is not None:
        return _by_its_name(verb, renamed, cur)
    if verb == "find":
        # `find ... -exec cmd {} ;` runs cmd: deny and the caps see it (R4.8) -- each one of them (`-exec true \;
        # -exec cat .env \;` runs both; a `+` ends one only after `{}`).
        return find_commands(cur) if not FIND_EXEC.isdisjoint(cur) else []
    if verb == "git":
        # Deny matches more (R4.8): `git -C dir push` is also seen as `git push`. A reading starts at the
        # subcommand, so it is never peeled again.
        found = _git_readings(cur) if len(cur) > 1 and cur[1].startswith("-") and cur[1] != "-" else []
        if "alias." in "\0".join(cur).lower():
            found += _git_alias_views(cur)  # R4.10: an alias git is given or told to define
        return found
    # red team: a `git-X` that is no git command is a program of its own, Brabo does not know (`git-stack x --
    # rm -rf /`): read on as any such program is (its `--` may hand on, _tableless_views)
    if verb.startswith(_HELPER_PREFIXES) and (helper := _helper_binary(cur)):
        return helper
    if verb == "gh":
        return _gh_alias_views(cur)
    launcher = _LAUNCHERS.get(verb) if len(cur) > 1 else None
    if launcher is not None:
        return launcher(cur)  # `corepack pnpm publish`; R4.10: `node …/npm-cli.js publish` runs npm
    if verb[:2] == "py" and python_family(verb):
        return _python_module(cur)
    if verb == "uv" and len(cur) > 2 and cur[1] == "pip":
        return [("pip", *cur[2:])]  # R4.10: uv's pip interface reads pip's command line
    if verb == "yarn" and len(cur) > 1 and cur[1] in ("workspace", "workspaces", "node"):
        return _yarn_workspace(cur)
    if verb == "hub":
        # `hub push`, `hub st`: hub hands every form but its own commands to git (R4.9, programs that run programs).
        return [("git", *cur[1:])] if hub_runs_git(cur) else []
    if len(cur) > 2 and (verb, cur[1]) in INITIALIZES:
        return _initializer(cur)  # `npm init x`, `yarn create x`: the registry's create-x
    run = _runner_views(cur)
    if run is not None:
        return run  # before a wrapper of the same name: `dotenv run cmd`
    syntax = WRAPPERS.get(verb) or RUNNERS.get(verb)
    if syntax is None:
        return _tableless_views(cur)
    return _wrapper_views(cur, syntax)


_PROGRAM_PATHS = ("./", "../", "/", "~/")


def _tableless_views(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """_peel for a verb with no wrapper table: a program Brabo does not know may run what it is handed (red
    team, hands_on); a runner subcommand after a package manager's own options; capsh's `--`."""
    if len(cur) > 2 and hands_on(cur):
        return _handed_on(cur)
    if cur[0] in POSARGS_RUNNERS and "--" in cur:
        # `nox -s x -- git push`: the session's posargs (as handed on), and `tox -e py exec -- cmd`
        found = _runner_after_options(cur) if cur[1].startswith("-") else []
        dashes = cur.index("--")
        found += [v for v in _handed_on(cur[dashes:]) if v not in found]
        program = cur[dashes + 1 : dashes + 2]
        if program and program[0].startswith(_PROGRAM_PATHS) and cur[dashes + 1 :] not in found:
            # red team: `tox -e py -- ./scripts/x.sh` (`commands = {posargs}`): a program given by its path
            found.append(cur[dashes + 1 :])
        return found
    if len(cur) > 1 and cur[1].startswith("-"):
        return _runner_after_options(cur)
    if cur[0] == "capsh" and "--" in cur:
        # capsh hands everything after `--` to /bin/bash (`capsh -- -c 'cmd'`).
        return [("bash", *cur[cur.index("--") + 1 :])]
    return []


def _wrapper_views(cur: tuple[str, ...], syntax: Syntax) -> list[tuple[str, ...]]:
    """A wrapper's readings; for one whose operands stand before `--` (`distrobox-enter box -- cmd`, `mosh
    host -- cmd`), what follows the first `--` too."""
    if cur[0] == "command" and looks_up(cur):
        return []  # `command -v git ssh`: a lookup of names, nothing runs
    own = WRAPPER_COMMANDS.get(cur[0])
    if own is not None and len(cur) > 1 and cur[1] in own:
        return []  # `orb list`, `orb stop`: the wrapper's own command, no program run in its machine
    found = readings(cur, syntax, cur[0] == "env")
    if cur[0] == "runcon":
        # `runcon -t TYPE cmd` names no context: the word after the options is the command then.
        found.extend(r for r in readings(cur, _RUNCON_NO_CONTEXT, False) if r not in found)
    if cur[0] == "pkgx":
        # red team: `pkgx +node@20 +python npm publish`: the `+pkg` words name packages, the command follows.
        for r in list(found):
            k = 0
            while k < len(r) and r[k][:1] == "+":
                k += 1
            k += k < len(r) and r[k] == "--"
            if 0 < k < len(r) and r[k:] not in found:
                found.append(r[k:])
    if cur[0] in WRAPPER_RUNS_AFTER_DASHES and "--" in cur:
        after = cur[cur.index("--") + 1 :]
        if after and after not in found:
            found.append(after)
    return found


_RUNCON_NO_CONTEXT = Syntax(
    "c",
    "utrl",
    long={"compute": NONE, "user": REQUIRED, "role": REQUIRED, "type": REQUIRED, "range": REQUIRED, **HELP},
)


def _flatpak(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """red team: `flatpak run --command=CMD [opts] APP args` runs CMD (in the app's sandbox, which may share
    the home folder and the network) with args. The app is the first word no option takes; an option whose
    value stands apart may take the next word, so each of the first two such words is read as the app."""
    k = _flatpak_run(cur)
    if k < 0:
        return []
    command = ""
    apps: list[int] = []
    while k < len(cur):
        w = cur[k]
        if w == "--":
            apps = [k + 1]
            break
        if w[:1] == "-":
            if w.startswith("--command="):
                command = w.partition("=")[2]
            elif w == "--command" and k + 1 < len(cur):
                command = cur[k + 1]
                k += 1
            k += 1
            continue
        apps.append(k)
        before = cur[k - 1]
        if before[:1] != "-" or "=" in before or len(apps) > 1:
            break  # no option stands just before it that could take it: the app
        k += 1
    if not command:
        return []
    found: list[tuple[str, ...]] = []
    for j in apps:
        view = (command, *cur[j + 1 :])
        if view not in found:
            found.append(view)
    return found


_LAUNCHERS["flatpak"] = _flatpak
_LAUNCHERS["deno"] = _deno
# (`dx` is also Dioxus' CLI: its own subcommands, `dx serve`, `dx build`, are no package Deno runs)
_DIOXUS = frozenset(
    "new init serve build bundle run clean translate fmt check config self-update doctor components tools"
    " print help hotpatch completions".split()
)
_LAUNCHERS["dx"] = lambda cur: [] if cur[1] in _DIOXUS else deno_x(cur)


def _autossh(cur: tuple[str, ...]) -> list[tuple[str, ...]]:
    """red team: `autossh -M PORT [ssh's options] host cmd` is ssh without autossh's own `-M PORT`."""
    out: list[str] = []
    k = 1
    while k < len(cur):
        w = cur[k]
        k += 1
        if w == "-M":
            k += 1
        elif w[:2] != "-M":
            out.append(w)
    return [("ssh", *out)]


_LAUNCHERS["autossh"] = _autossh


def _flatpak_run(cur: tuple[str, ...]) -> int:
    """The index after `run` in `flatpak [global options] run ...` (its global options are flags or take their
    value attached: `--user`, `--installation=NAME`), or -1."""
    k = 1
    while k < len(cur) and cur[k][:1] == "-" and cur[k] != "--":
        k += 1
    return k + 1 if k < len(cur) - 1 and cur[k] == "run" else -1


def flatpak_default_command(view: tuple[str, ...]) -> str | None:
    """red team, R4.9: `flatpak run APP` without `--command` runs the command the app's manifest names (in a
    sandbox that may share the home folder and the network): a program no rule can read."""
    if view[0] != "flatpak":
        return None
    k = _flatpak_run(view)
    if k < 0 or any(w == "--command" or w.startswith("--command=") for w in view[k:]):
        return None
    if any(w[:1] != "-" or w == "--" for w in view[k:]):
        return "flatpak runs the command the app's manifest names, which no rule can read"
    return None


# The programs Brabo knows that _peels answers no for: filled by permissions.commands.vocabulary once
# KNOWN_PROGRAMS is, for callers that can tell the common answer without the call.
NOT_PEELED: set[str] = set()


def _peels(verb: str) -> bool:
    """Whether _peel may find a layer under a view starting with ``verb`` (an assignment, a verb path, a
    wrapper); False is what _peel would answer, without the work."""
    return (
        "=" in verb
        or "/" in verb
        or verb in PEELED_VERBS
        or verb.startswith(RESOLVED_PREFIXES)
        or foreign_name(verb)
        or (verb[-1:].isdigit() and versioned_program(verb) is not None)
    )


# (each is a peeled verb: views_of's tests pass only first words views() would look through, see _views_kept)
# (tox, a runner behind `exec`, also hands its posargs on whatever its first word: POSARGS_RUNNERS)
_SUB_FIRST = (frozenset(verb for verb, _ in SUBCOMMAND_RUNNERS) & PEELED_VERBS) - POSARGS_RUNNERS
# (a verb that is also a wrapper, `dotenv cmd` besides `dotenv run cmd`, is looked through whatever follows)
_LOOK_THROUGH = PEELED_VERBS - (_SUB_FIRST - WRAPPERS.keys())
_RESOLVED_STARTS = frozenset(prefix[:3] for prefix in RESOLVED_PREFIXES)


def views_of(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """R4.8: :func:`views`, telling without the call what most first words have: nothing to look through
    (a package manager only with its runner subcommand or its own options first, `pnpm -r exec`). A known
    program's answer is looked up (ONE_VIEW)."""
    first = words[0] if words else ""
    one = ONE_VIEW.get(first)
    if one is True:
        return [words]
    if one is None:
        one = _one_view(first, words)
    elif one is BY_NEXT:  # `pnpm -r exec`, `npm init x`: the next word decides
        one = len(words) < 2 or not (peels_after(first, words[1]) or (first, words[1]) in INITIALIZES)
    return [words] if one else _views_kept(words)


def _one_view(first: str, words: tuple[str, ...]) -> bool:
    """views_of's tests: whether the segment ``words`` (led by ``first``) has nothing to look through."""
    return not (
        first in _LOOK_THROUGH
        or "=" in first
        or "/" in first
        or (
            first in _SUB_FIRST
            and len(words) > 1
            and (
                peels_after(first, words[1]) or (first, words[1]) in INITIALIZES
            )  # `pnpm -r exec`, `npm init x`
        )
        or (
            first[:3] in _RESOLVED_STARTS and first.startswith(RESOLVED_PREFIXES)
        )  # R4.10: `git-push`, `python3.12`
        or foreign_name(first)  # R4.10: `GIT push`, `git.exe push`
        or (first[-1:].isdigit() and versioned_program(first) is not None)  # R4.10: `kubectl-1.29.3`
        or (first not in KNOWN_PROGRAMS and len(words) > 2 and hands_on(words))  # red team: `foo -- git push`
    )  # each test above is one of _peels' (or hands_on): when one passes, views(words), unasked


# _one_view's answer for each program Brabo knows, whatever its other words -- or BY_NEXT, for a _SUB_FIRST verb
# only its runner subcommand or its own options make look through (what _one_view answers for it then): filled
# by permissions.commands.vocabulary once KNOWN_PROGRAMS is (until then, and for any other word, views_of asks
# _one_view).
BY_NEXT = "by the next word"
ONE_VIEW: dict[str, bool | str] = {}


def one_view_of(first: str) -> bool | str:
    """ONE_VIEW's entry for the known program ``first``."""
    if first in _SUB_FIRST and first not in _LOOK_THROUGH and _one_view(first, (first,)):
        return BY_NEXT  # (alone it has one view; the test that may pass is the next word's)
    return _one_view(first, (first,))


# A segment's views, by its words: the shell reader looks through a segment (does it carry a command line?)
# and decide() then judges the same views, so within one decision -- and across repeated commands -- they are
# built once (bounded, cleared when full). Callers only read the list handed out.
_VIEWS: Memo[tuple[str, ...], list[tuple[str, ...]]] = Memo()


def views(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The segment as written, then after each layer peeled off (assignments, verb path, wrapper).

    Where a wrapper's options can be read more than one way, each reading is a view too: the most likely
    first and peeled all the way in, then the others. The list is shared: callers never change it.
    """
    if not words or (
        not _peels(words[0]) and (words[0] in KNOWN_PROGRAMS or len(words) < 3 or not hands_on(words))
    ):
        return [words]  # the common case: nothing to look through
    return _views_kept(words)


def _views_kept(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """views(words) for words whose first word _peels lets through, kept by words."""
    out = _VIEWS.get(words)
    if out is None:
        out = _peeled_views(words)
        if len(_VIEWS) >= _VIEWS.limit:  # Memo.keep, inlined
            _VIEWS.clear()
        _VIEWS[words] = out
    return out


def _peeled_views(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    out = [words]
    stack = _peel(words)
    stack.reverse()
    while stack and len(out) <= _MAX_VIEWS:
        cur = stack.pop()
        out.append(cur)
        if cur and not _peels(cur[0]) and (cur[0] in KNOWN_PROGRAMS or len(cur) < 3 or not hands_on(cur)):
            w = cur[0]
            if "@" not in w and "[" not in w and ">" not in w and "<" not in w:
                continue  # nothing further to look through: `x=1 make` -> `make`
            # R4.10: a package a launcher runs, named with its version, scope, extras or range (`vercel@33`)
        more = _peel(cur)
        more.reverse()
        stack.extend(more)
    if "=" in "\0".join(words):
        _with_environment(out)  # (most segments peeled assign nothing: `npx tsc`, `git -C x status`)
    return out


# env's options that take the next word as their value, from its table
_ENV_VALUED = frozenset(
    [f"-{c}" for c, kind in WRAPPERS["env"].short.items() if kind == REQUIRED]
    + [f"--{name}" for name, kind in WRAPPERS["env"].long.items() if kind == REQUIRED]
)


def _with_environment(out: list[tuple[str, ...]]) -> None:
    """R4.10: to the views of a program that reads options from its environment (ENV_READERS), the same view
    with those options (env_options), from the assignments the views before it make: leading ones (`PIP_USER=1
    python3 -m pip install x` -- the pip view is two layers in) and env's (`env HUSKY=0 git commit`)."""
    if not any(view and view[0].rpartition("/")[2] in ENV_READERS for view in out):
        return  # (most: `FLASK_APP=x flask run`, `CI=1 make`)
    assigned: list[str] = []
    for view in list(out):
        if not view:
            continue
        if assigned:
            for e in env_options(assigned, view):
                if e not in out and len(out) <= _MAX_VIEWS:
                    out.append(e)
        k = 0
        if view[0] == "env":
            k = 1
            while k < len(view) and (view[k][:1] == "-" or is_assignment(view[k])):
                k += 2 if view[k] in _ENV_VALUED else 1
            assigned.extend(w for w in view[1:k] if is_assignment(w))
        else:
            while k < len(view) and is_assignment(view[k]):
                k += 1
            assigned.extend(view[:k])


def views_under(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The views one layer in: what the wrapper, launcher or assignments leading ``words`` may run."""
    return _peel(words) if words and _peels(words[0]) else []


def look_through(words: tuple[str, ...]) -> tuple[str, ...]:
    """The innermost view of the most likely reading: the command that really runs."""
    if words and not _peels(words[0]):
        return words  # the common case: nothing to look through (as in views)
    cur = words
    for _ in range(_MAX_VIEWS):
        if not cur or (len(cur) > 2 and not _peels(cur[0]) and hands_on(cur)):
            break  # what a program Brabo does not know may hand on is a maybe, not the likely reading
        nxt = _peel(cur)
        if not nxt:
            break
        cur = nxt[0]
    return cur
