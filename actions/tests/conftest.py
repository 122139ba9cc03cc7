"""Fixtures for execution tests: approved actions created directly (test setup, before propose_action exists)
and the owner's provider token."""

from __future__ import annotations

import pytest

OWNER_TOKEN = "ghp_OWNERSECRETtoken0123456789abcdefXYZ"


@pytest.fixture
def make_action():
    def make(project, action_type: str, payload: dict | None = None, *, status: str = "approved", task=None, **kw):
        from actions.models import ProposedAction, payload_hash

        payload = payload or {}
        return ProposedAction.objects.create(
            project=project,
            action_type=action_type,
            payload=payload,
            payload_hash=payload_hash(payload),
            status=status,
            reason="default",
            message="test setup",
            task=task,
            merge_pr=str(payload.get("pr", "")) if action_type == "git_merge" else "",
            **kw,
        )

    return make


@pytest.fixture
def owner_token(team):
    """The workspace owner's token, stored encrypted like in production."""
    from projects.services import set_credentials

    def configure(kind: str, base_url: str, token: str = OWNER_TOKEN):
        set_credentials(workspace=team.ws, provider_kind=kind, provider_base_url=base_url, provider_token=token)
        return token

    return configure


def events_of(action, type_: str | None = None):
    from actions.models import SessionEvent

    qs = SessionEvent.objects.filter(action=action)
    return list(qs.filter(type=type_) if type_ else qs)
