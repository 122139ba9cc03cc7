"""GitHub CLI's own commands (SPEC R4.10, R4.9): any other first word is an alias ``gh alias set`` defined
or an extension (a ``gh-<word>`` program), which no rule can read -- opaque, like ``git <alias>``."""

from __future__ import annotations

__all__ = ["GH_COMMANDS", "unknown_gh_command"]

# gh 2.40-2.83 `gh help`: core, actions, additional and alias commands, with their built-in aliases
# (`co` is the default alias of `pr checkout`; `cs`, `ext`, `rs`, `a11y` are the commands' own aliases).
GH_COMMANDS = frozenset(
    """
    agent-task alias api attestation auth browse cache codespace completion config extension gist gpg-key
    help issue label org pr preview project release repo ruleset run search secret ssh-key status variable
    workflow version accessibility co cs ext extensions rs a11y at
    """.split()
)
UNKNOWN_GH_COMMAND = (
    "runs an alias gh's configuration defines or a gh-{0} extension, which no rule can read"
    " ('{0}' is not one of gh's own commands)"
)


_IMPORTS_ALIASES = "defines gh aliases from a file or the input, which no rule can read"
_RUNS_EXTENSION = "runs a gh extension, a program no rule can read"


def unknown_gh_command(view: tuple[str, ...]) -> str | None:
    """Why a ``gh`` view runs what no rule can read: its command is not one of gh's own, it imports aliases
    (``gh alias import``), or it runs an extension (``gh extension exec``)."""
    for k, w in enumerate(view[1:], 1):
        if w.startswith("-"):
            if w in ("--version", "--help", "-h"):
                return None
            continue
        if w not in GH_COMMANDS:
            return UNKNOWN_GH_COMMAND.format(w)
        nxt = view[k + 1] if k + 1 < len(view) else ""
        if w == "alias" and nxt == "import":
            return _IMPORTS_ALIASES
        if w in ("extension", "ext", "extensions") and nxt == "exec":
            return _RUNS_EXTENSION
        return None
    return None
