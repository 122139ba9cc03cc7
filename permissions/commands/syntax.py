"""How a program's own parser reads its options (getopt / getopt_long), as data.

A :class:`Syntax` says which short letters take no value, a required value (attached or the next word) or
an optional value (attached only), which long options exist and what they take, and what stands between
the options and the command a wrapper runs. ``long_option`` resolves an abbreviation the way getopt_long
does. Every family module describes its programs with these.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "HELP",
    "NONE",
    "OPTIONAL",
    "PAIR",
    "REQUIRED",
    "TRIPLE",
    "Syntax",
    "long_option",
    "operands",
    "option_values",
    "plain_words",
]

NONE, REQUIRED, OPTIONAL = 0, 1, 2
# Long options that take the next two or three words (`bwrap --bind SRC DEST`, `--overlay RW WORK DEST`).
PAIR, TRIPLE = 3, 4

HELP = {"help": NONE, "version": NONE}


class Syntax:
    """How one wrapper's parser reads its options, up to the command it runs."""

    __slots__ = ("assignments", "dash_is_flag", "long", "numeric", "operands", "short")

    def __init__(
        self,
        short: str = "",
        short_arg: str = "",
        short_opt: str = "",
        long: dict[str, int] | None = None,
        *,
        operands: int = 0,
        assignments: bool = False,
        numeric: bool = False,
        dash_is_flag: bool = False,
    ) -> None:
        self.short: dict[str, int] = {c: NONE for c in short}
        self.short.update({c: REQUIRED for c in short_arg})
        self.short.update({c: OPTIONAL for c in short_opt})  # optional values are attached only
        self.long = long or {}
        self.operands = operands  # words between the options and the command (`timeout DURATION`)
        self.assignments = assignments  # `env A=b cmd`
        self.numeric = numeric  # `nice -10 cmd`
        self.dash_is_flag = dash_is_flag  # `env - cmd` is `env -i cmd`


def long_option(name: str, table: dict[str, int]) -> tuple[str, int] | None:
    """getopt_long: an exact name, or an unambiguous prefix of one. None when unknown or ambiguous."""
    kind = table.get(name)
    if kind is not None:
        return name, kind
    if not name:
        return None
    hit: tuple[str, int] | None = None
    for full, k in table.items():
        if full.startswith(name):
            if hit is not None:
                return None
            hit = (full, k)
    return hit


def plain_words(args: Sequence[str], values: frozenset[str]) -> list[str]:
    """The words that are not options (``values`` take the next word; any other option takes none)."""
    out: list[str] = []
    skip = False
    for w in args:
        if skip:
            skip = False
        elif w[:1] == "-" and len(w) > 1 and w != "--":
            skip = w in values
        elif w != "--":
            out.append(w)
    return out


def option_values(args: Sequence[str], options: frozenset[str]) -> list[str]:
    """The values ``args`` (the words after a program's name, or after its subcommand) give any of ``options``:
    `-a F`, `--arg-file=F`, and `-aF` for a short one."""
    out: list[str] = []
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if name in options:
            if eq:
                out.append(value)
            elif k + 1 < len(args):
                out.append(args[k + 1])
        elif w[:1] == "-" and w[1:2] != "-" and w[:2] in options and len(w) > 2:
            out.append(w[2:])
    return out


def operands(args: tuple[str, ...], valued: frozenset[str]) -> list[str]:
    """``args``' operands: the words that are no option nor the value of one in ``valued`` (every word after
    `--`), the standard input's `-` left out."""
    out: list[str] = []
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w == "--":
            out += [a for a in args[k:] if a != "-"]
            break
        if w[:1] != "-":
            out.append(w)
        elif w in valued:
            k += 1
    return out
