"""R1.2 — the owner's provider token and model key never appear in an API response, admin page, log or event."""

from __future__ import annotations

import logging

TOKEN = "ghp_SUPERSECRET_owner_token_1234567890"
MODEL_KEY = "sk-model-key-SECRET-0987654321"


def test_owner_secrets_never_leave_the_server(team, client, caplog):
    caplog.set_level(logging.DEBUG)
    owner = team.world.client(team.owner)
    put = owner.put(
        f"/api/workspaces/{team.ws.id}/credentials/",
        {
            "provider_kind": "github",
            "provider_base_url": "https://api.github.com",
            "provider_token": TOKEN,
            "model_key": MODEL_KEY,
        },
        format="json",
    )
    assert put.status_code == 200
    assert put.json()["provider_token_set"] is True and put.json()["model_key_set"] is True
    seen = [put.content.decode()]

    # Encrypted at rest: the stored text is not the token, and it decrypts back to it.
    from projects.models import WorkspaceCredentials

    creds = WorkspaceCredentials.objects.get(workspace=team.ws)
    assert TOKEN not in creds.provider_token_encrypted
    assert creds.provider_token() == TOKEN and creds.model_key() == MODEL_KEY

    for url in (
        f"/api/workspaces/{team.ws.id}/",
        f"/api/workspaces/{team.ws.id}/credentials/",
        "/api/workspaces/",
        f"/api/projects/{team.project.id}/",
        "/api/schema/",
    ):
        seen.append(owner.get(url).content.decode())

    # Admin pages, as a superuser who sees everything.
    team.owner.is_staff = team.owner.is_superuser = True
    team.owner.save()
    client.force_login(team.owner)
    for url in (
        "/admin/projects/workspacecredentials/",
        f"/admin/projects/workspacecredentials/{creds.pk}/change/",
        f"/admin/projects/workspace/{team.ws.pk}/change/",
        "/admin/projects/workspace/",
    ):
        resp = client.get(url)
        assert resp.status_code == 200, url
        seen.append(resp.content.decode())

    # Events (the actions app's append-only log), when installed.
    from django.apps import apps

    if apps.is_installed("actions") and apps.all_models["actions"].get("sessionevent"):
        SessionEvent = apps.get_model("actions", "SessionEvent")
        seen.extend(str(e.payload) for e in SessionEvent.objects.all())

    seen.extend(r.getMessage() for r in caplog.records)
    blob = "\n".join(seen)
    assert TOKEN not in blob and MODEL_KEY not in blob
    assert "SUPERSECRET" not in blob


def test_clearing_a_secret(team):
    owner = team.world.client(team.owner)
    owner.put(f"/api/workspaces/{team.ws.id}/credentials/", {"provider_token": TOKEN}, format="json")
    resp = owner.put(f"/api/workspaces/{team.ws.id}/credentials/", {"provider_token": ""}, format="json")
    assert resp.json()["provider_token_set"] is False and resp.json()["provider_token_set_at"] is None
