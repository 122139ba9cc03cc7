"""conan: its own commands (programs that run programs, closed world; SPEC R4.9) -- red team.

Conan 2 runs a custom command for any other word: ``conan hello`` is ``cmd_hello.py`` and ``conan art:upload``
is ``extensions/commands/art/cmd_upload.py`` in the conan home, Python code no rule can read -- the Artifactory
extension's ``art:promote``, ``art:property add`` and ``art:build-info upload`` act on the remote server.
Such a segment is opaque. Known: the built-in commands of conan 2 (conan/cli/commands/) and of conan 1
(``copy``, ``get``, ``info``, ``user`` ... which stay ordinary or are read as publishers in
:mod:`permissions.commands.families`).
"""

from __future__ import annotations

__all__ = ["CONAN_COMMANDS", "unknown_conan_command"]

CONAN_COMMANDS = frozenset(
    """
    audit build cache config create download editable export export-pkg graph help inspect install list lock
    new pkglist profile remote remove report run search source test upload version workspace
    alias copy frogarian get imports info package user
    """.split()
)


def unknown_conan_command(view: tuple[str, ...]) -> str | None:
    """Why a ``conan`` view runs a custom command from the conan home, or None (its first word that is not an
    option is the command; ``conan -v``, ``conan -h`` run none)."""
    sub = next((w for w in view[1:] if w[:1] != "-"), None)
    if sub is None or sub in CONAN_COMMANDS:
        return None
    return (
        f"runs a custom command from conan's home, Python code no rule can read ('{sub[:40]}' is not one of"
        " conan's own commands)"
    )
