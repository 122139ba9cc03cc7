"""Keys over time: personal tokens, agent and runner key rotation with an overlap window, ``last_used_at``.

Every key is shown once and stored as its SHA-256 (R1.6). A rotation mints a new key at once; the old one
stays valid for ``overlap_minutes`` (default 0: it fails at once) through :class:`RetiredKey`, which is read
only when a key matches no current key, so the window costs nothing on the hot path. ``last_used_at`` is
written at most once a minute per key: a status-guarded UPDATE that only fires when the stored value is
older than that, so a busy agent costs one write a minute, not one per call.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from brabo import domain
from brabo.errors import DomainError
from permissions.action_types import MAINTAINER

from .models import Agent, PersonalToken
from .services import require_can_act_for, require_person, require_project_role
from .team_models import RetiredKey
from .teams import clean_text, record

MAX_OVERLAP_MINUTES = 24 * 60

TOKEN_CREATED = "token.created"
TOKEN_REVOKED = "token.revoked"
AGENT_KEY_ROTATED = "agent.key_rotated"


def overlap(overlap_minutes) -> int:
    try:
        minutes = int(overlap_minutes or 0)
    except (TypeError, ValueError):
        minutes = -1
    if not 0 <= minutes <= MAX_OVERLAP_MINUTES:
        raise DomainError(
            f"overlap_minutes must be a whole number from 0 to {MAX_OVERLAP_MINUTES} (0: the old key stops at once).",
            field="overlap_minutes",
            reason="invalid",
        )
    return minutes


def retire(kind: str, holder_id, old_hash: str, minutes: int):
    now = timezone.now()
    if minutes == 0:
        return None
    until = now + timedelta(minutes=minutes)
    RetiredKey.objects.create(key_hash=old_hash, holder_kind=kind, holder_id=holder_id, valid_until=until)
    return until


# -- personal tokens -----------------------------------------------------------------------------------


def personal_tokens(*, actor):
    """The caller's own tokens, newest first (created, last used; never the value)."""
    require_person(actor, "Listing personal tokens")
    return PersonalToken.objects.filter(user=actor).order_by("-created_at", "-id")


@transaction.atomic(durable=True)
def create_personal_token(*, actor, name: str) -> tuple[PersonalToken, str]:
    require_person(actor, "Creating a personal token")
    name = clean_text(name, "name", 80)
    if not name:
        raise DomainError(
            "name is required (at most 80 characters), e.g. laptop or ci.", field="name", reason="invalid"
        )
    token, key = PersonalToken.issue(actor, name=name)
    record(None, TOKEN_CREATED, actor=actor, payload={"tokenId": token.pk, "name": name})
    return token, key


@transaction.atomic(durable=True)
def revoke_personal_token(*, actor, token_id) -> PersonalToken:
    """Revoke one of the caller's own tokens at once; someone else's is a 404."""
    require_person(actor, "Revoking a personal token")
    token = PersonalToken.objects.select_for_update().filter(pk=token_id, user=actor).first()
    if token is None:
        raise DomainError("Not found: no such token of yours.", status=404, reason="not_found")
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        record(None, TOKEN_REVOKED, actor=actor, payload={"tokenId": token.pk, "name": token.name})
    return token


# -- agent and runner keys -----------------------------------------------------------------------------


@transaction.atomic(durable=True)
def rotate_agent_key(*, actor, agent: Agent, overlap_minutes=0) -> tuple[Agent, str]:
    """Mint a new key for the agent; the old one keeps working for ``overlap_minutes``. Maintainer+ with at
    least the principal's role: whoever holds the key acts with the principal's role (R2.1)."""
    require_project_role(actor, agent.project, MAINTAINER, "Rotating an agent's key", noun="agent")
    minutes = overlap(overlap_minutes)
    locked = (
        Agent.objects.select_for_update(of=("self",)).select_related("project", "principal").get(pk=agent.pk)
    )
    if locked.revoked_at is not None:
        raise DomainError(
            "this agent was revoked; create a new agent instead.", status=409, reason="agent_revoked"
        )
    if locked.principal is None:
        raise DomainError(
            f"{locked.name} is suspended ({locked.suspended_reason}); a maintainer reassigns its principal "
            "first, then rotates its key.",
            status=409,
            reason="agent_suspended",
        )
    require_can_act_for(actor, locked.project, locked.principal, f"Rotating the key of {locked.name}")
    return locked, swap_key("agent", locked, actor=actor, minutes=minutes, event_type=AGENT_KEY_ROTATED)


def swap_key(kind: str, locked, *, actor, minutes: int, event_type: str) -> str:
    """Give ``locked`` (an agent or runner row the caller locked and checked) a new key, keep the old one
    valid for ``minutes``, and record the rotation on the project's timeline. Returns the new key."""
    until = retire(kind, locked.pk, locked.key_hash, minutes)
    key, locked.key_hash = type(locked).new_key()
    locked.save(update_fields=["key_hash"])
    domain.record(
        event_type,
        project_id=locked.project_id,
        actor=domain.Actor.of_user(actor),
        payload={
            f"{kind}Id": str(locked.pk),
            kind: locked.name,
            "overlapMinutes": minutes,
            "oldKeyValidUntil": until.isoformat() if until else None,
        },
    )
    return key
