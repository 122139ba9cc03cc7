"""The hash an action's payload is stored with at proposal, and checked by before it runs: the server's
(``actions.models``) and the runner's (``brabo_client.runner``), one function for both, so the two cannot
drift apart. SHA-256 of the payload's sorted, compact JSON, every whole-number float as the integer it equals:
PostgreSQL's jsonb keeps a number's value, not Python's spelling of it (``1e20`` reads back as
``100000000000000000000``, ``-0.0`` as ``0.0``), so the hash is taken over what reads back the same from either
database and after the JSON transport to a runner."""

from __future__ import annotations

import hashlib
import json

__all__ = ["canonical_bytes", "payload_hash", "payload_matches"]


def _canonical(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    return value


def _exact_json_hash(value) -> str:
    """SHA-256 of ``value``'s sorted, compact JSON as it is (the form proposals stored before numbers were read
    canonically)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def canonical_bytes(payload) -> bytes:
    """The payload's exact bytes as hashed: its sorted, compact JSON with whole-number floats as integers."""
    return json.dumps(_canonical(payload), sort_keys=True, separators=(",", ":")).encode()


def payload_hash(payload) -> str:
    """The hash a proposal stores with its payload: SHA-256 of :func:`canonical_bytes`."""
    return hashlib.sha256(canonical_bytes(payload)).hexdigest()


def payload_matches(payload, stored_hash) -> bool:
    """Whether ``payload`` (a JSON object) is the one whose hash was stored: by :func:`payload_hash`, or by the
    hash of its exact JSON that proposals stored before numbers were read canonically."""
    if not isinstance(payload, dict) or not isinstance(stored_hash, str) or not stored_hash:
        return False
    return stored_hash in (payload_hash(payload), _exact_json_hash(payload))
