"""Expiry of undecided actions: a pending action nobody decided within its time becomes
``expired`` (settled, reason ``approval_expired``).

Decided at decision time. An action's time is frozen at proposal (``expiry_seconds``, from its
project's ``pending_expiry_seconds`` then): changing the project's time applies to later proposals only, so
a maintainer shortening it cannot expire the owner's pending ``spend`` they could not deny. And the time is
checked inside every decision (``actions.services``: approve, deny, approve-always): an action past it is
settled expired there, under the action's row lock, and the click answers 409 ``action_expired`` — even
when the beat sweep never ran. The sweep (``actions.sweep_expired_actions``, brabo/celery.py) only tidies:
it settles what nobody clicked and warns once before.

Each action moves in its own transaction holding its row lock, re-checked under the lock, so concurrent
sweeps, an approval racing the sweep, and a repeated sweep each move it at most once: an action that was
approved, denied or executed in the meantime never expires. Like a denial (R8.4), the expiry wakes the agent
waiting on it with the reason as its result, and moves its task back to ``in_progress``.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from . import events, task_states
from .events import Actor
from .models import EXPIRED, PENDING, ProposedAction
from .settle import settle_without_running

REASON = "approval_expired"
SWEEPER = "expiry-sweep"
AT_DECISION = "expiry-check"  # the actor label when a click found the action past its time
SOON_SHARE = 0.2  # warn when less than a fifth of the time is left ...
SOON_CAP = 3600  # ... or an hour, whichever is smaller


def expires_at(action: ProposedAction):
    return action.created_at + timedelta(seconds=action.expiry_seconds)


def is_past(action: ProposedAction, now=None) -> bool:
    """True when a pending action's time is up (at ``now``): no decision may move it any more."""
    return action.status == PENDING and expires_at(action) <= (now or timezone.now())


def warn_before(expiry_seconds: int) -> float:
    """How long before its expiry an action is "expiring soon"."""
    return min(expiry_seconds * SOON_SHARE, SOON_CAP)


def _candidates(now) -> list[tuple[object, bool]]:
    """(action id, expired?) for pending actions past their time or within the warning window. One query
    per distinct expiry time among pending actions (each action carries its own, frozen at proposal)."""
    out: list[tuple[object, bool]] = []
    pending = ProposedAction.objects.filter(status=PENDING)
    spans = pending.order_by().values_list("expiry_seconds", flat=True).distinct()
    for seconds in sorted(set(spans)):
        due = now - timedelta(seconds=seconds)
        soon = due + timedelta(seconds=warn_before(seconds))
        rows = pending.filter(expiry_seconds=seconds, created_at__lt=soon)
        for action_id, created_at in rows.values_list("id", "created_at"):
            out.append((action_id, created_at < due))
    return out


def sweep(now=None) -> dict:
    """Expire every pending action past its time; warn once for those about to. Returns counts."""
    now = now or timezone.now()
    expired = warned = 0
    for action_id, past in _candidates(now):
        if past:
            expired += expire(action_id, now=now)
        else:
            warned += warn_expiring(action_id, now=now)
    return {"expired": expired, "expiring_soon": warned}


def _lock_pending(action_id):
    return (
        ProposedAction.objects.select_for_update(of=("self",))
        .select_related("task")
        .filter(id=action_id, status=PENDING)
        .first()
    )


@transaction.atomic
def expire(action_id, *, now=None) -> bool:
    """Move one action from pending to expired, if it is still pending and past its time. True if it moved."""
    now = now or timezone.now()
    action = _lock_pending(action_id)
    if action is None or not is_past(action, now):
        return False  # decided meanwhile
    settle(action, now=now, by=Actor.system(SWEEPER))
    return True


def settle(action: ProposedAction, *, now, by: Actor) -> None:
    """Write the expiry of ``action``, which the caller holds locked and found past its time: the status,
    the result the agent reads (R8.4), the events (their actor ``by``: the system), the task's move, and the
    wake-up. Not a person's transition: the callers (the sweep, a decision) checked who may trigger it."""
    seconds = action.expiry_seconds
    message = (
        f"nobody approved or denied this action within {_span(seconds)}, so it expired; propose it again "
        "if the work is still wanted"
    )
    settle_without_running(
        action,
        status=EXPIRED,
        result={"expired": True, "reason": REASON, "message": message},  # R8.4: the answer the agent reads
        now=now,
        by=by,
        event_type=events.ACTION_EXPIRED,
        event_payload={"reason": REASON, "expired_after_seconds": seconds},
        task_trigger=task_states.ACTION_EXPIRED,  # as a denial does: the agent's turn again
    )


@transaction.atomic
def warn_expiring(action_id, *, now=None) -> bool:
    """Record ``proposed_action.expiring_soon`` once for a pending action close to its expiry."""
    now = now or timezone.now()
    action = _lock_pending(action_id)
    if action is None:
        return False
    ends = expires_at(action)
    left = (ends - now).total_seconds()
    if left <= 0 or left >= warn_before(action.expiry_seconds):
        return False
    if action.events.filter(type=events.ACTION_EXPIRING_SOON).exists():  # once per action, under the lock
        return False
    events.record(
        events.ACTION_EXPIRING_SOON,
        project_id=action.project_id,
        actor=Actor.system(SWEEPER),
        action=action,
        payload={"expires_at": ends.isoformat(), "seconds_left": int(left)},
    )
    return True


def _span(seconds: int) -> str:
    if seconds % 86400 == 0:
        n, unit = seconds // 86400, "day"
    elif seconds % 3600 == 0:
        n, unit = seconds // 3600, "hour"
    elif seconds % 60 == 0:
        n, unit = seconds // 60, "minute"
    else:
        n, unit = seconds, "second"
    return f"{n} {unit}{'' if n == 1 else 's'}"
