"""The stored action is the one that was proposed: a keyed hash of what says what runs, taken at proposal.

``payload_hash`` binds the payload and ``target`` where it acts; the rest of the row that decides what runs --
the project (its repository, container and owner's credentials), the type (its executor), the agent (whose
suspension the worker checks), the proposing person (whom a two-person rule excludes), the merge's PR -- and the
payload with its hash rewritten together were taken as read. ``binding_of`` is HMAC-SHA256, keyed with the
server's SECRET_KEY, of the action's id and all of those; the proposal stores it (``ProposedAction.binding``)
and the worker refuses a claimed row whose fields no longer give it (``actions.execution``). Writing to the
database is not enough to make a new one: the key is not there. A rotated key keeps in-flight actions running
while the old one is listed in SECRET_KEY_FALLBACKS.

The decision is signed the same way, when it is made: ``seal_of`` is the HMAC (same key, its own salt) of the
action's id and binding with the decision -- approved or auto_approved, the deciding person, the approvals that
counted toward a two-person rule, and for an auto-approval the fingerprint of the policy inputs it was decided
on (``actions.policy_recheck``). The decision, the policy's or the people's (``actions.services``), stores it
(``ProposedAction.decision_seal``); the worker runs a row only while its decision gives it, so a database edit
that sets ``status=approved`` on a pending or denied row, names another decider, or adds approvals, runs
nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from functools import lru_cache

from django.conf import settings
from django.utils.encoding import force_bytes

SALT = "brabo.actions.binding"
DECISION_SALT = "brabo.actions.decision"


def _message(action) -> str:
    def key(value):
        return None if value is None else str(value)

    return json.dumps(
        {
            "id": key(action.id),
            "project": key(action.project_id),
            "action_type": action.action_type,
            "agent": key(action.agent_id),
            "proposer": key(action.proposer_principal_id),
            "proposed_by_user": key(action.proposed_by_user_id),
            "payload_hash": action.payload_hash,
            "merge_pr": action.merge_pr,
            "target": action.target,
        },
        sort_keys=True,
        separators=(",", ":"),
    )


@lru_cache(maxsize=16)
def _key(secret: str | bytes, salt: str = SALT) -> bytes:
    """Django's ``salted_hmac`` key for ``secret`` (SHA-256 of salt + secret), derived once per key: every
    proposal and every execution takes a binding."""
    return hashlib.sha256(salt.encode() + force_bytes(secret)).digest()


def _hmac(message: str, secret: str | bytes, salt: str = SALT) -> str:
    return hmac.new(_key(secret, salt), message.encode(), hashlib.sha256).hexdigest()


def _matches(message: str, stored, salt: str) -> bool:
    if not isinstance(stored, str) or len(stored) != 64:
        return False
    return any(
        hmac.compare_digest(_hmac(message, secret, salt), stored)
        for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS)
    )


def binding_of(action, secret: str | None = None) -> str:
    """The binding of ``action``'s fields as they are, under ``secret`` (the current SECRET_KEY by default);
    equal to ``django.utils.crypto.salted_hmac(SALT, message, secret, algorithm="sha256")``."""
    return _hmac(_message(action), settings.SECRET_KEY if secret is None else secret)


def binds(action) -> bool:
    """Whether the stored ``binding`` is the one ``action``'s fields give now, under the current key or one of
    SECRET_KEY_FALLBACKS."""
    return _matches(_message(action), action.binding, SALT)


# -- the decision ---------------------------------------------------------------------------------------


def _decision_message(action, status: str, approvers) -> str:
    return json.dumps(
        {
            "id": str(action.id),
            "binding": action.binding,
            "status": status,
            "decided_by": None if action.decided_by_id is None else str(action.decided_by_id),
            "approvers": sorted(str(a) for a in approvers),
            "policy": action.policy_fingerprint,
        },
        sort_keys=True,
        separators=(",", ":"),
    )


def seal_of(action, status: str, approvers=(), secret: str | None = None) -> str:
    """The signature of ``action``'s decision as it is: ``status`` (approved or auto_approved), its
    ``decided_by``, ``approvers`` (the ids of the approvals that counted), its policy fingerprint; under
    ``secret`` (the current SECRET_KEY by default). Equal to ``salted_hmac(DECISION_SALT, message, secret,
    algorithm="sha256")``."""
    message = _decision_message(action, status, approvers)
    return _hmac(message, settings.SECRET_KEY if secret is None else secret, DECISION_SALT)


def seals(action, status: str, approvers=()) -> bool:
    """Whether the stored ``decision_seal`` is the one ``action``'s decision (``status``, its decider,
    ``approvers``, its policy fingerprint) gives now, under the current key or one of SECRET_KEY_FALLBACKS."""
    return _matches(_decision_message(action, status, approvers), action.decision_seal, DECISION_SALT)
