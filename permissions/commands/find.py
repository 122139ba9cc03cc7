"""find: the primaries that run other programs, delete or write files (SPEC R4.8)."""

from __future__ import annotations

__all__ = ["FIND_EXEC", "FIND_RUNNERS"]

# `find ... -exec cmd {} ;` runs cmd: it is a view of the segment (deny and the caps see it).
FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
# A prefix allow never covers a find that runs programs, deletes or writes files (R4.8).
FIND_RUNNERS = FIND_EXEC | {"-delete", "-fprint", "-fprintf", "-fls"}
