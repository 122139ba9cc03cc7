"""The role ceiling on policy changes (SPEC R3.6) and the strictness order of verdicts (R3.5).

Plain Python, no Django: which entries of a change grant something above a role, and which of two verdicts
is the stricter.
"""

from __future__ import annotations

from permissions.action_types import ACTION_TYPES, AUTO_APPROVE, DENY, REQUIRE_APPROVAL, ROLE_RANK
from permissions.decide import Permissions, Verdict
from permissions.grammar import PatternError, parse_pattern

__all__ = ["STRICTNESS", "added_and_lifted", "above_role", "stricter"]

# R3.5: deny > require_approval > auto_approve. Anything unknown counts as the strictest (fail closed).
STRICTNESS: dict[str, int] = {AUTO_APPROVE: 0, REQUIRE_APPROVAL: 1, DENY: 2}


def _rank(decision: str) -> int:
    return STRICTNESS.get(decision, len(STRICTNESS))


def stricter(first: Verdict, second: Verdict) -> Verdict:
    """The stricter of two verdicts; on a tie, ``first`` (the accepted policy's, whose reason is on record)."""
    return second if _rank(second.decision) > _rank(first.decision) else first


def _missing_from(entries, other) -> list[str]:
    present = set(other)
    return [p for p in dict.fromkeys(entries) if p not in present]


def added_and_lifted(before: Permissions, after: Permissions) -> tuple[list[str], list[str], list[str]]:
    """``allow`` entries ``after`` adds, and the ``deny`` / ``ask`` entries it takes away: the grants."""
    return (
        _missing_from(after.allow, before.allow),
        _missing_from(before.deny, after.deny),
        _missing_from(before.ask, after.ask),
    )


def _min_role(entry: str) -> str | None:
    try:
        return ACTION_TYPES[parse_pattern(entry).action_type].min_role
    except (PatternError, KeyError):
        return None  # a malformed entry is refused by the file's own validation, not here


def above_role(before: Permissions, after: Permissions, role: str | None) -> list[str]:
    """R3.6 — the entries of the change ``before`` → ``after`` that grant an action type whose minimum role
    is above ``role``: an added ``allow`` entry, a lifted ``deny``/``ask`` entry. Each as "allow: Spend()"."""
    mine = ROLE_RANK.get(role or "", 0)
    added, lifted_deny, lifted_ask = added_and_lifted(before, after)
    out = []
    for key, entries in (("allow", added), ("deny", lifted_deny), ("ask", lifted_ask)):
        for entry in entries:
            minimum = _min_role(entry)
            if minimum is not None and ROLE_RANK[minimum] > mine:
                out.append(f"{key}: {entry}")
    return out
