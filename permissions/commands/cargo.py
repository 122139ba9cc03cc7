"""cargo: its own commands (programs that run programs, closed world; SPEC R4.9).

``cargo <word>`` runs a built-in command; any other word is an alias from ``[alias]`` in a ``.cargo/config.toml``
(the repository's own, or one above it) or a ``cargo-<word>`` program found on the PATH, and no rule can read
either: such a segment is opaque. Known: cargo's built-in commands and built-in aliases (``b c d r t rm``),
and the two subcommands rustup installs with every toolchain (``clippy``, ``fmt``). A configuration alias
can redefine a built-in alias or ``clippy``/``fmt`` -- left as they are: the same file can already make
``cargo build`` or ``cargo test`` run any program (``build.rustc-wrapper``, ``target.*.runner``, build
scripts), which the allow for those commands accepts.
"""

from __future__ import annotations

from permissions.commands.effects import GLOBALS

__all__ = ["CARGO_COMMANDS", "unknown_cargo_command"]

CARGO_COMMANDS = frozenset(
    """
    add bench build check clean config doc fetch fix generate-lockfile help info init install locate-project
    login logout metadata new owner package pkgid publish read-manifest remove report run rustc rustdoc
    search test tree uninstall update vendor verify-project version yank
    b c d r t rm
    clippy fmt
    """.split()
)
_GLOBALS = GLOBALS["cargo"]
_MAX_READINGS = 8


def _subcommands(view: tuple[str, ...]) -> list[str]:
    """Every word that may be the subcommand: an option of uncertain arity is read both ways (R4.8)."""
    n = len(view)
    found: list[str] = []
    frontier = {2 if n > 1 and view[1].startswith("+") else 1}  # `cargo +nightly`: rustup's selector
    while frontier and len(found) < _MAX_READINGS:
        k = min(frontier)
        frontier.discard(k)
        if k >= n:
            continue
        w = view[k]
        if w == "--" or not w.startswith("-") or w == "-":
            if w != "--":
                found.append(w)
            continue
        if w in _GLOBALS.values:
            frontier.add(k + 2)
        elif w in _GLOBALS.flags or "=" in w:
            frontier.add(k + 1)
        elif w[1] != "-" and all(c in _GLOBALS.short for c in w[1:]):
            takes = next((j for j in range(1, len(w)) if _GLOBALS.short[w[j]]), None)
            frontier.add(k + 2 if takes == len(w) - 1 else k + 1)  # `-vv`, `-Zx`; `-Z x`
        else:
            frontier.update((k + 1, k + 2))
    return found


def unknown_cargo_command(view: tuple[str, ...]) -> str | None:
    """Why a ``cargo`` view runs what no rule can read because its subcommand is not one of cargo's own, or
    None."""
    for sub in _subcommands(view):
        if sub not in CARGO_COMMANDS:
            return (
                f"runs an alias from cargo's configuration or a cargo-{sub} program found on the PATH, which no"
                f" rule can read ('{sub}' is not one of cargo's own commands)"
            )
    return None
