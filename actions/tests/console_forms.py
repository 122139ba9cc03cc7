"""What a console decision form posts besides the person's own fields: the hash of the payload its page showed.

Every decision form (Approve, Always allow, Deny, Answer) carries ``payload_hash``, the first 16 hex digits of
the SHA-256 of the payload's exact bytes, and the console decides nothing without it. A test that posts a
decision posts what the page would: :func:`shown_fields` computes it from the action as it is now, as the page
does (``test_decisions_bound_to_the_page`` holds the page's forms equal to it)."""

from __future__ import annotations

import hashlib

from actions.models import ProposedAction
from brabo_client.payload_hash import canonical_bytes


def page_hash(action_id) -> str:
    """The ``payload_hash`` the action's page draws into its forms now."""
    payload = ProposedAction.objects.get(pk=action_id).payload
    return hashlib.sha256(canonical_bytes(payload)).hexdigest()[:16]


def shown_fields(action_id, fields: dict | None = None, **more) -> dict:
    """A decision form's fields: ``fields`` and ``more`` plus the page's ``payload_hash`` for the action."""
    return {**(fields or {}), **more, "payload_hash": page_hash(action_id)}
