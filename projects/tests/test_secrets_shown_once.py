"""A secret shown once is never kept in an idempotency record, and a replay of the
request that minted it never hands it out again: it answers 409 ``secret_shown_once`` with what was
created, minus the secret. Every endpoint that shows a secret once is tried with an Idempotency-Key (the
SDK sends one on every POST)."""

from __future__ import annotations

import json

import pytest

from projects.models import Agent, IdempotencyRecord, PersonalToken


def _post(client, path, body, key):
    return client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def _stored_text() -> str:
    """Everything the idempotency table holds, as one text (what a database dump would show)."""
    rows = IdempotencyRecord.objects.values_list("scope", "key", "fingerprint", "response_body")
    return json.dumps([list(r) for r in rows], default=str)


def _assert_not_kept(secret: str) -> None:
    assert len(secret) > 20
    assert secret not in _stored_text()


def test_an_agent_key_is_not_kept_and_its_replay_says_it_was_shown_once(team):
    """The issue's case: the SDK's default Idempotency-Key on agent creation."""
    owner = team.world.client(team.owner)
    path = f"/api/projects/{team.project.id}/agents/"
    body = {"name": "dev-web", "principal": "max"}
    first = _post(owner, path, body, "create-dev-web")
    assert first.status_code == 201, first.json()
    key = first.json()["key"]
    assert key.startswith("brabo_agent_")
    _assert_not_kept(key)

    replay = _post(owner, path, body, "create-dev-web")
    assert replay.status_code == 409 and replay["Idempotent-Replayed"] == "true"
    answer = replay.json()
    assert answer["reason"] == "secret_shown_once" and "shown once" in answer["detail"]
    assert key not in replay.content.decode()
    assert answer["first_status"] == 201
    assert (
        answer["first_answer"]["id"] == first.json()["id"]
        and "brabo_agent_" not in answer["first_answer"]["key"]
    )
    assert Agent.objects.filter(project=team.project, name="dev-web").count() == 1  # created once
    # the key works; the replay did not rotate or revoke anything
    agent_client = team.world.client(agent_key=key)
    assert agent_client.get(f"/api/actions/?project={team.project.id}").status_code == 200


def test_a_runner_key_is_not_kept(team):
    owner = team.world.client(team.owner)
    body = {"project": str(team.project.id), "name": "laptop"}
    first = _post(owner, "/api/runners/", body, "runner-1")
    assert first.status_code == 201, first.json()
    key = first.json()["key"]
    _assert_not_kept(key)
    replay = _post(owner, "/api/runners/", body, "runner-1")
    assert replay.status_code == 409 and replay.json()["reason"] == "secret_shown_once"
    assert key not in replay.content.decode()
    assert replay.json()["first_answer"]["id"] == first.json()["id"]


@pytest.mark.parametrize(
    "endpoint",
    ["personal_token", "agent_rotation", "invitation"],
)
def test_no_other_secret_shown_once_is_kept_either(team, endpoint):
    """Personal tokens, agent key rotations and invitation links: whether or not the endpoint honours the
    header, no record holds the secret, and a second POST never repeats the first's secret."""
    owner = team.world.client(team.owner)
    body: dict[str, object]
    if endpoint == "personal_token":
        path, body, field = "/api/tokens/", {"name": "ci"}, "key"
    elif endpoint == "agent_rotation":
        path, body, field = f"/api/agents/{team.agent.id}/rotate-key/", {"overlap_minutes": 0}, "key"
    else:
        path, body, field = (
            f"/api/workspaces/{team.ws.id}/invitations/",
            {"email": "new@x.test", "role": "developer"},
            "token",
        )
    first = _post(owner, path, body, f"once-{endpoint}")
    assert first.status_code in (200, 201), first.json()
    secret = first.json()[field]
    _assert_not_kept(secret)
    if endpoint == "invitation":
        _assert_not_kept(first.json()["accept_url"])
    again = _post(owner, path, body, f"once-{endpoint}")
    assert secret not in again.content.decode()
    _assert_not_kept(secret)


def test_a_personal_token_created_with_a_key_is_created_once_or_not_replayed_in_clear(team):
    owner = team.world.client(team.owner)
    first = _post(owner, "/api/tokens/", {"name": "laptop"}, "tok")
    again = _post(owner, "/api/tokens/", {"name": "laptop"}, "tok")
    assert first.json()["key"] not in again.content.decode()
    assert PersonalToken.objects.filter(user=team.owner).count() >= 1


def test_answers_without_a_secret_replay_unchanged(team):
    """The redaction is for secrets only: a proposal that mentions a key-like word replays as it was."""
    agent = team.world.client(agent_key=team.agent_key)
    body = {"action_type": "terminal", "payload": {"command": "echo key token secret"}}
    first = _post(agent, "/api/actions/", body, "p-1")
    again = _post(agent, "/api/actions/", body, "p-1")
    assert first.status_code == again.status_code == 201 and again.json() == first.json()


def test_a_webhook_signing_secret_is_shown_once_and_kept_only_encrypted(team):
    """Webhooks are added in the console (a form, not the API): the page shows the secret once; no
    idempotency record, and no column but the encrypted one, holds it."""
    from django.test import Client

    from actions.models import WebhookEndpoint
    from projects.crypto import decrypt

    console = Client()
    console.force_login(team.owner)
    page = console.post(
        f"/admin/console/notifications/{team.ws.id}/webhooks/",
        {"name": "ops", "url": "https://hooks.example.com/x", "format": "generic", "kinds": ["pending"]},
        HTTP_IDEMPOTENCY_KEY="webhook-1",
    )
    assert page.status_code == 200
    endpoint = WebhookEndpoint.objects.get(workspace=team.ws, name="ops")
    secret = decrypt(endpoint.secret_encrypted)
    assert secret in page.content.decode()  # shown this once
    _assert_not_kept(secret)
    assert secret not in endpoint.secret_encrypted
