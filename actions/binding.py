"""The stored action is the one that was proposed: a keyed hash of what says what runs, taken at proposal.

``payload_hash`` binds the payload and ``target`` where it acts; the rest of the row that decides what runs --
the project (its repository, container and owner's credentials), the type (its executor), the agent (whose
suspension the worker checks), the proposing person (whom a two-person rule excludes), the merge's PR -- and the
payload with its hash rewritten together were taken as read. ``binding_of`` is HMAC-SHA256, keyed with the
server's SECRET_KEY, of the action's id and all of those; the proposal stores it (``ProposedAction.binding``)
and the worker refuses a claimed row whose fields no longer give it (``actions.execution``). Writing to the
database is not enough to make a new one: the key is not there. A rotated key keeps in-flight actions running
while the old one is listed in SECRET_KEY_FALLBACKS.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from functools import lru_cache

from django.conf import settings
from django.utils.encoding import force_bytes

SALT = "brabo.actions.binding"


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


@lru_cache(maxsize=8)
def _key(secret: str | bytes) -> bytes:
    """Django's ``salted_hmac`` key for ``secret`` (SHA-256 of salt + secret), derived once per key: every
    proposal and every execution takes a binding."""
    return hashlib.sha256(SALT.encode() + force_bytes(secret)).digest()


def _hmac(message: str, secret: str | bytes) -> str:
    return hmac.new(_key(secret), message.encode(), hashlib.sha256).hexdigest()


def binding_of(action, secret: str | None = None) -> str:
    """The binding of ``action``'s fields as they are, under ``secret`` (the current SECRET_KEY by default);
    equal to ``django.utils.crypto.salted_hmac(SALT, message, secret, algorithm="sha256")``."""
    return _hmac(_message(action), settings.SECRET_KEY if secret is None else secret)


def binds(action) -> bool:
    """Whether the stored ``binding`` is the one ``action``'s fields give now, under the current key or one of
    SECRET_KEY_FALLBACKS."""
    stored = action.binding
    if not isinstance(stored, str) or len(stored) != 64:
        return False
    message = _message(action)
    return any(
        hmac.compare_digest(_hmac(message, secret), stored)
        for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS)
    )
