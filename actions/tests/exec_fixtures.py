"""Helpers for execution tests. The fixtures ``make_action`` and ``owner_token`` are in the root conftest."""

from __future__ import annotations

import json
import os
import subprocess

OWNER_TOKEN = "ghp_OWNERSECRETtoken0123456789abcdefXYZ"


def events_of(action, type_: str | None = None):
    from actions.models import SessionEvent

    qs = SessionEvent.objects.filter(action=action)
    return list(qs.filter(type=type_) if type_ else qs)


def failed_with(action, code: str) -> dict:
    """The action's stored result, after checking the worker failed it with ``code`` (a named error, no
    traceback), audited it, and ran nothing."""
    from actions import events

    action.refresh_from_db()
    assert action.status == "failed", (action.status, action.result)
    assert action.result["error"]["code"] == code, action.result
    assert set(action.result["error"]) == {"code", "message", "next_step"}
    assert "Traceback" not in json.dumps(action.result)
    (failed,) = events_of(action, events.ACTION_FAILED)
    assert failed.payload["code"] == code and (failed.actor_kind, failed.actor_label) == ("system", "worker")
    assert events_of(action, events.ACTION_EXECUTED) == []
    return action.result


# every event a person's decision records on an action
DECISIONS = [
    "proposed_action.approved",
    "proposed_action.denied",
    "proposed_action.approval_added",
    "proposed_action.answered",
]


def swap_payload(action_id, payload: dict) -> None:
    """The action's payload changed after it was shown (no code path does it; a database edit could)."""
    from actions.models import ProposedAction, payload_hash

    ProposedAction.objects.filter(id=action_id).update(payload=payload, payload_hash=payload_hash(payload))


def decided(action_id, status: str = "approved", decided_by=None) -> None:
    """The action decided as Brabo records a decision: ``status`` (approved or auto_approved), its deciding
    person, and the decision's signature (actions.binding.seal_of). A test that starts after a decision uses
    this; a bare ``update(status=...)`` is a forged decision, which the worker refuses (decision_forged)."""
    from actions.binding import seal_of
    from actions.models import ActionApproval, ProposedAction

    action = ProposedAction.objects.get(id=action_id)
    action.decided_by = decided_by
    counted = ActionApproval.objects.filter(action_id=action_id, counted=True)
    approvers = list(counted.values_list("approver_id", flat=True)) if status == "approved" else []
    ProposedAction.objects.filter(id=action_id).update(
        status=status, decided_by=decided_by, decision_seal=seal_of(action, status, approvers)
    )


def nothing_decided(action_id) -> None:
    """The action is still pending, with no decision, decision event or approval recorded on it."""
    from actions.models import ActionApproval, ProposedAction, SessionEvent

    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "pending" and action.decided_by is None
    assert not SessionEvent.objects.filter(action_id=action_id, type__in=DECISIONS).exists()
    assert not ActionApproval.objects.filter(action_id=action_id).exists()


def git(cwd, *args) -> str:
    """Run git in ``cwd`` with a fixed test identity; returns stdout."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    ).stdout.strip()
