"""find: the primaries that run other programs, delete or write files (SPEC R4.8)."""

from __future__ import annotations

__all__ = ["FIND_EXEC", "FIND_RUNNERS", "find_commands"]

# `find ... -exec cmd {} ;` runs cmd: it is a view of the segment (deny and the caps see it).
FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
# A prefix allow never covers a find that runs programs, deletes or writes files (R4.8).
FIND_RUNNERS = FIND_EXEC | {"-delete", "-fprint", "-fprintf", "-fls"}


def find_commands(view: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every command a find runs, each `-exec`/`-execdir`/`-ok`/`-okdir` up to its `;` or `+` (`find . -exec true
    \\; -exec gcc @{} \\;` runs both), with the found names' `{}` as written; one left open runs to the end."""
    out: list[tuple[str, ...]] = []
    k, n = 1, len(view)
    while k < n:
        if view[k] not in FIND_EXEC:
            k += 1
            continue
        end = k + 1
        while end < n and view[end] != ";" and not (view[end] == "+" and view[end - 1] == "{}"):
            end += 1
        if end > k + 1:
            out.append(view[k + 1 : end])
        k = end + 1
    return out
