"""How a program's options are read (SPEC R4.10): :class:`Program` (one table: spellings to keys, arity,
abbreviation, clustering, subcommands), :class:`Reading`, and the reading of a command's words by a table
(:func:`permissions.commands.options._parse`). The tables themselves are in :mod:`permissions.commands.option_tables` (coreutils, sed, find,
curl, npm, pnpm, yarn, pip), :mod:`permissions.commands.option_tables_git` and
:mod:`permissions.commands.option_tables_deploy` (cargo, docker, kubectl, terraform), and for the caps only
:mod:`permissions.commands.option_tables_listeners` (servers and forwards); the entry is
:mod:`permissions.commands.options`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from permissions.commands.option_values import VALUE_ALSO, VALUE_CANON
from permissions.commands.syntax import NONE, OPTIONAL, REQUIRED

# An unknown option: may or may not take the next word.
_UNKNOWN = -1
# The key of a reading only a segment has: what it does includes this reading's act and more (`chmod 4777` also
# sets 777's bits). A pattern is never read this way (permissions.matching.meanings), so a deny of `chmod 4777`
# does not refuse `chmod 777`.
WIDER = "~wider"
# An operand the program reads at run time, not from its words (`chmod --reference=FILE`: the mode is FILE's). A
# deny or ask pattern that names an operand where it stands (`chmod 777`) may or may not be the act: it asks,
# never denies (R4.8: unsure matches more, but refusing is for what is known) -- and no allow prefix makes an
# unknown mode a safe one.
UNREAD = "\x00unread"
# The key of a reading whose options are also read at run time from a file the command names (`npm
# --userconfig=FILE`, `PIP_CONFIG_FILE=FILE pip`): any option may be in it, so a deny or ask pattern of the
# program whose path and operands match may be the act -- it asks, as for UNREAD.
OPTIONS_UNREAD = "~options-unread"


class Program:
    """How one program (or one subcommand of it) reads its options and subcommands."""

    __slots__ = (
        "abbrev",
        "as_written",
        "bundle",
        "dash_long",
        "implies",
        "intersperse",
        "long",
        "memo",
        "name",
        "negates",
        "nopt",
        "operand_keys",
        "parent",
        "path",
        "rewrite",
        "rewritten_from",
        "short",
        "sub_aliases",
        "subcommands",
    )

    def __init__(
        self,
        name: str,
        spec: str = "",
        *,
        abbrev: bool = False,
        bundle: bool = True,
        dash_long: bool = False,
        intersperse: bool = True,
        subcommands: dict[str, Program] | None = None,
        aliases: dict[str, str] | None = None,
        implies: dict[str, tuple[str, tuple[str, ...]]] | None = None,
        parent: Program | None = None,
        operand_keys: Callable[[str], tuple[str, ...]] | None = None,
    ) -> None:
        self.name = name
        self.memo: dict[str, tuple[tuple[str, ...], int] | None] = {}
        self.path: tuple[str, ...] = (name,)
        self.short: dict[str, tuple[tuple[str, ...], int]] = {}
        self.long: dict[str, tuple[tuple[str, ...], int]] = {}
        self.abbrev = abbrev
        self.bundle = bundle
        self.dash_long = dash_long  # Go's flag package, find: `-name` and `--name` are one long option
        self.intersperse = intersperse  # options may follow operands
        self.subcommands = subcommands or {}
        self.sub_aliases = aliases or {}  # `i` -> `install`
        # A subcommand spelling that is another subcommand plus options: `destroy` -> (`apply`, (`destroy`,))
        self.implies = implies or {}
        self.parent = parent  # whose options are read at this level too (npm's config flags)
        self.operand_keys = operand_keys  # keys an operand implies (`git push origin +main`: force)
        # The parser reads `--no-X` as X turned off for every flag X (git's parse-options, npm's nopt).
        self.negates = False
        # nopt's reading (npm, pnpm): `--x` is read as `-x` is when x is no long option's exact name (as_shorthands).
        self.nopt = False
        # A program's other names for the same operand (R4.10: `kubectl get Secret` is `secrets`, `chmod
        # a+rwx` is `777`): each reading rewritten into the readings it means (set on a program's root).
        self.rewrite: Callable[[Reading], tuple[Reading, ...]] | None = None
        # The subcommand words whose readings the program's rewrite also reads as this level (`docker volume
        # prune` as `docker volume rm`): the matcher's gate (options.gate) looks for them too.
        self.rewritten_from: tuple[str, ...] = ()
        # The root's rewrite gives a reading that ends at this level its path and operands back, whatever its
        # words (only its keys may change): permissions.commands.options.reads_as_written need not call it.
        self.as_written = False
        for line in spec.split("\n"):
            line = line.strip()
            if line:
                self._add(line)

    def _add(self, line: str) -> None:
        """``-r -R --recursive`` / ``--message= -m=`` / ``--interactive=?`` / ``-D -> delete force``."""
        spellings, _, implied = line.partition("->")
        names = spellings.split()
        kind = NONE
        clean: list[str] = []
        for n in names:
            if n.endswith("=?"):
                kind, n = OPTIONAL, n[:-2]
            elif n.endswith("="):
                kind, n = REQUIRED, n[:-1]
            clean.append(n)
        longs = [n[2:] for n in clean if n.startswith("--")]
        keys = tuple(implied.split()) or ((longs[0],) if longs else (clean[0].lstrip("-"),))
        for n in clean:
            if n.startswith("--"):
                self.long[n[2:]] = (keys, kind)
            else:
                self.short[n[1:]] = (keys, kind)

    def sub(self, word: str) -> tuple[Program, tuple[str, ...]] | None:
        """The subcommand ``word`` names (an alias or, where the parser allows, an abbreviation)."""
        hit = self.implies.get(word)
        if hit is not None:
            return self.subcommands[hit[0]], hit[1]
        word = self.sub_aliases.get(word, word)
        found = self.subcommands.get(word)
        return (found, ()) if found is not None else None

    def long_option(self, name: str) -> tuple[tuple[str, ...], int] | None:
        """An exact long option, else (when the parser abbreviates) every option ``name`` begins: an
        ambiguous abbreviation, which the parser refuses, is read as all of them (deny matches more).
        Answers are kept (hostile input repeats an abbreviation thousands of times)."""
        memo = self.memo
        if name in memo:
            return memo[name]
        if len(memo) >= 1024:
            memo.clear()
        found = memo[name] = self._long_option(name)
        return found

    def _long_option(self, name: str) -> tuple[tuple[str, ...], int] | None:
        level: Program | None = self
        while level is not None:
            hit = level.long.get(name)
            if hit is not None:
                return hit
            level = level.parent
        if not self.abbrev or not name:
            return None  # (red team: one letter abbreviates too, `git reset --h` is `--hard`)
        keys: list[str] = []
        kinds: set[int] = set()
        level = self
        while level is not None:
            for full, (k, kind) in level.long.items():
                if full.startswith(name):
                    keys.extend(k)
                    kinds.add(kind)
            level = level.parent
        if not keys:
            return None
        return tuple(keys), (kinds.pop() if len(kinds) == 1 else _UNKNOWN)

    def negated(self, name: str) -> tuple[str, ...] | None:
        """`--no-X` where the parser turns any flag off that way: the keys meaning X is off, else None."""
        level: Program | None = self
        while level is not None and not level.negates:
            level = level.parent
        if level is None or not name.startswith("no-"):
            return None
        hit = self.long_option(name[3:])
        if hit is None or hit[1] != NONE:
            return None
        return tuple("no-" + k for k in hit[0] if "=" not in k)

    def as_shorthands(self, name: str) -> tuple[tuple[str, ...], int] | None:
        """R4.10: `--name` as nopt reads it (npm, pnpm; set on every level, :attr:`nopt`). nopt strips every
        leading dash before it looks for a shorthand (its resolveShort), so a name that is no long option's
        exact spelling is first an exact shorthand (`--g` is `-g`, `--global`; `--ws` is `--workspaces`), then a
        run of one-letter shorthands (`--gp` is `-g -p`), and only then an abbreviation of a long name (the
        caller's reading). None when it is none of the shorthands."""
        level: Program | None = self
        while level is not None:
            if name in level.long:
                return None
            level = level.parent
        hit = self.short_option(name)
        if hit is not None or len(name) < 2:
            return hit
        keys: list[str] = []
        kinds: set[int] = set()
        for letter in name:
            hit = self.short_option(letter)
            if hit is None:
                return None
            keys.extend(hit[0])
            kinds.add(hit[1])
        # a letter that takes a value in the middle of the run takes the next expanded option: read both ways
        return tuple(keys), (kinds.pop() if len(kinds) == 1 else _UNKNOWN)

    def short_option(self, letter: str) -> tuple[tuple[str, ...], int] | None:
        level: Program | None = self
        while level is not None:
            hit = level.short.get(letter)
            if hit is not None:
                return hit
            level = level.parent
        return None


class Reading:
    """One way a command reads: its program and subcommands, option keys, operands in order."""

    __slots__ = ("keys", "operands", "path")

    def __init__(self, path: tuple[str, ...], keys: frozenset[str], operands: tuple[str, ...]) -> None:
        self.path = path
        self.keys = keys
        self.operands = operands

    def __repr__(self) -> str:
        return f"Reading({self.path}, {sorted(self.keys)}, {self.operands})"


# A value that is another option's meaning: `npm --location=global` is `npm -g`, `grep --directories=recurse`
# is `grep -r`.
_VALUE_IMPLIES: dict[str, tuple[str, ...]] = {
    "location=global": ("global",),
    "directories=recurse": ("recursive",),
}


def _valued(keys: set[str], found: tuple[str, ...], value: str) -> None:
    for f in found:
        if "=" in f:
            continue  # a constant the option implies (`curl -d x`: request=POST)
        canon = VALUE_CANON.get(f)
        if canon is None:
            key = f"{f}={value}"
        else:
            key = f"{f}={canon(value)}"
            also = VALUE_ALSO.get(f)  # (a key with another spelling is one VALUE_CANON names)
            if also is not None:
                keys.update(also(value))
        keys.add(key)
        implied = _VALUE_IMPLIES.get(key)
        if implied is not None:
            keys.update(implied)


def mark_as_written(level: Program, unless: frozenset[str] = frozenset()) -> None:
    """Set :attr:`Program.as_written` on ``level`` and every level below it, but for its subcommands named in
    ``unless`` (and what is below them)."""
    level.as_written = True
    for name, sub in level.subcommands.items():
        if name not in unless:
            mark_as_written(sub)


def _hooks_skipped(keys: frozenset[str]) -> bool:
    """`git -c core.hooksPath=/dev/null commit` runs no hook: the act of `--no-verify`."""
    return any(k.lower().startswith(("c=core.hookspath=", "config-env=core.hookspath=")) for k in keys)


def _subs(parent: Program | None = None, /, **specs: str | Program) -> dict[str, Program]:
    out: dict[str, Program] = {}
    for name, spec in specs.items():
        name = name.replace("_", "-")
        if isinstance(spec, Program):
            out[name] = spec
            continue
        if "\n" not in spec:
            spec = "\n".join(spec.split(";"))  # a one-line table: options separated by `;`
        out[name] = Program(name, spec, parent=parent, abbrev=True)
    return out


class _AbbrevSubs(dict[str, str]):
    """Subcommand aliases, then a unique abbreviation of a command or an alias (npm's `abbrev`)."""

    def __init__(self, aliases: dict[str, str], commands: Sequence[str]) -> None:
        super().__init__(aliases)
        self.names = sorted({*aliases, *commands})
        self.targets = {**{c: c for c in commands}, **aliases}

    def get(self, word: str, default: str | None = None) -> str | None:  # type: ignore[override]
        hit = dict.get(self, word)
        if hit is not None or word in self.targets:
            return hit if hit is not None else word
        found = {self.targets[n] for n in self.names if n.startswith(word)}
        return found.pop() if len(found) == 1 else default if default is not None else word


def _family(
    name: str,
    spec: str,
    commands: Sequence[str],
    aliases: dict[str, str],
    *,
    abbrev: bool,
    sub_abbrev: bool = False,
    intersperse: bool = True,
    specs: dict[str, str] | None = None,
) -> Program:
    """A program whose options are one table read at every level (npm's config, cargo's globals)."""
    root = Program(name, spec, abbrev=abbrev, intersperse=intersperse)
    subs: dict[str, Program] = {}
    for c in commands:
        own = (specs or {}).get(c, "")
        if own and "\n" not in own:
            own = "\n".join(own.split(";"))
        subs[c] = Program(c, own, abbrev=abbrev, parent=root)
    root.subcommands = subs
    root.sub_aliases = _AbbrevSubs(aliases, commands) if sub_abbrev else aliases
    return root
