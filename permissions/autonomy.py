"""Agent autonomy resolution (SPEC §5 step 3, ADR 0189 §2).

Rows are ``agent x action_type|"*" -> mode``. A specific row beats the wildcard, except a specific
``auto_approve`` under a wildcard ``auto_approve``: that resolves as the wildcard, so an approve-always
click never switches autopilot off. Wildcard ``auto_approve`` is auto mode.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from permissions.action_types import AUTO_APPROVE, DENY, MODES, REQUIRE_APPROVAL, WILDCARD

__all__ = ["SPECIFIC", "WILDCARD_ORIGIN", "Resolution", "resolve_autonomy"]

SPECIFIC = "specific"
WILDCARD_ORIGIN = "wildcard"
_STRICTNESS = {AUTO_APPROVE: 0, REQUIRE_APPROVAL: 1, DENY: 2}


class _Row(Protocol):
    @property
    def action_type(self) -> str: ...
    @property
    def mode(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Resolution:
    mode: str | None  # None: no row speaks for this type
    origin: str | None  # "specific" | "wildcard" | None
    specific_mode: str | None  # the specific row's own mode, whatever won (ADR 0189 §2)

    @property
    def auto_mode(self) -> bool:
        return self.mode == AUTO_APPROVE and self.origin == WILDCARD_ORIGIN


def _strictest(current: str | None, mode: str) -> str:
    if mode not in MODES:
        mode = REQUIRE_APPROVAL  # an unknown mode never grants anything
    if current is None or _STRICTNESS[mode] > _STRICTNESS[current]:
        return mode
    return current


def resolve_autonomy(rows: Iterable[_Row], action_type: str) -> Resolution:
    specific: str | None = None
    wildcard: str | None = None
    for row in rows:
        if row.action_type == action_type:
            specific = _strictest(specific, row.mode)
        elif row.action_type == WILDCARD:
            wildcard = _strictest(wildcard, row.mode)
    if specific is not None:
        if specific == AUTO_APPROVE and wildcard == AUTO_APPROVE:
            return Resolution(AUTO_APPROVE, WILDCARD_ORIGIN, specific)
        return Resolution(specific, SPECIFIC, specific)
    if wildcard is not None:
        return Resolution(wildcard, WILDCARD_ORIGIN, None)
    return Resolution(None, None, None)
