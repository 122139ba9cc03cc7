"""Helpers for execution tests. The fixtures ``make_action`` and ``owner_token`` are in the root conftest."""

from __future__ import annotations

OWNER_TOKEN = "ghp_OWNERSECRETtoken0123456789abcdefXYZ"


def events_of(action, type_: str | None = None):
    from actions.models import SessionEvent

    qs = SessionEvent.objects.filter(action=action)
    return list(qs.filter(type=type_) if type_ else qs)
