"""Webhooks and subscriptions managed through the API, each change on the workspace's
log with its real actor (the same services as the console: ``actions.notifications``)."""

from __future__ import annotations

from actions.models import WebhookEndpoint
from actions.notifications import sign
from projects.crypto import decrypt
from projects.team_models import WorkspaceEvent

URL = "https://hooks.example.com/brabo"


def _log(team, prefix):
    return [
        (e.type, e.actor_label, e.payload)
        for e in WorkspaceEvent.objects.filter(workspace=team.ws, type__startswith=prefix).order_by("id")
    ]


def test_webhook_crud_over_the_api_writes_an_event_for_every_change(team):
    maint = team.world.client(team.maintainer)
    created = maint.post(
        "/api/webhooks/",
        {"workspace": str(team.ws.id), "name": "ops", "url": URL, "kinds": ["pending", "decided"]},
        format="json",
    )
    assert created.status_code == 201, created.content
    body = created.json()
    hook_id, secret = body["id"], body["secret"]
    assert body["kinds"] == ["pending", "decided"] and body["format"] == "generic" and body["active"]
    stored = WebhookEndpoint.objects.get(id=hook_id)
    assert decrypt(stored.secret_encrypted) == secret  # shown once, and it is the one that signs
    assert sign(secret, "1", b"{}") == sign(decrypt(stored.secret_encrypted), "1", b"{}")

    read = maint.get(f"/api/webhooks/{hook_id}/").json()
    assert "secret" not in read and read["url"] == URL
    assert [h["id"] for h in maint.get("/api/webhooks/").json()["results"]] == [hook_id]

    changed = maint.patch(f"/api/webhooks/{hook_id}/", {"name": "oncall", "active": False}, format="json")
    assert changed.status_code == 200 and changed.json()["name"] == "oncall" and not changed.json()["active"]
    rotated = team.world.client(team.owner).post(f"/api/webhooks/{hook_id}/rotate-secret/")
    assert rotated.status_code == 200 and rotated.json()["secret"] not in ("", secret)
    assert team.world.client(team.owner).delete(f"/api/webhooks/{hook_id}/").status_code == 204
    assert not WebhookEndpoint.objects.filter(id=hook_id).exists()

    log = _log(team, "webhook.")
    assert [(t, who) for t, who, _ in log] == [
        ("webhook.created", "max"),
        ("webhook.updated", "max"),
        ("webhook.disabled", "max"),
        ("webhook.secret_rotated", "olivia"),
        ("webhook.deleted", "olivia"),
    ]
    assert log[1][2]["changed"] == ["name"]
    assert all(secret not in str(p) and rotated.json()["secret"] not in str(p) for _, _, p in log)


def test_webhooks_are_for_maintainers_of_the_workspace_only(team):
    hook = (
        team.world.client(team.owner)
        .post("/api/webhooks/", {"workspace": str(team.ws.id), "name": "ops", "url": URL}, format="json")
        .json()
    )
    dev = team.world.client(team.developer)
    refused = dev.post(
        "/api/webhooks/", {"workspace": str(team.ws.id), "name": "x", "url": URL}, format="json"
    )
    assert refused.status_code == 403 and refused.json()["reason"] == "role_too_low"
    assert dev.get("/api/webhooks/").json()["results"] == []
    assert dev.get(f"/api/webhooks/{hook['id']}/").status_code == 403
    assert dev.patch(f"/api/webhooks/{hook['id']}/", {"active": False}, format="json").status_code == 403
    assert dev.delete(f"/api/webhooks/{hook['id']}/").status_code == 403

    eve = team.world.client(team.outsider)
    assert eve.get(f"/api/webhooks/{hook['id']}/").status_code == 404
    assert eve.delete(f"/api/webhooks/{hook['id']}/").status_code == 404
    theirs = eve.post(
        "/api/webhooks/", {"workspace": str(team.ws.id), "name": "x", "url": URL}, format="json"
    )
    assert theirs.status_code == 404
    agent = team.world.client(agent_key=team.agent_key)
    assert agent.get("/api/webhooks/").status_code == 403
    assert WebhookEndpoint.objects.get(id=hook["id"]).active
    assert [t for t, _, _ in _log(team, "webhook.")] == ["webhook.created"]


def test_a_webhook_url_with_a_password_is_refused_with_its_reason(team):
    resp = team.world.client(team.owner).post(
        "/api/webhooks/",
        {"workspace": str(team.ws.id), "name": "x", "url": "https://user:pass@hooks.example.com/h"},
        format="json",
    )
    assert resp.status_code == 400 and resp.json()["reason"] == "invalid_webhook_url"
    assert not WebhookEndpoint.objects.exists()


def test_subscription_changes_are_on_the_workspace_log(team):
    url = f"/api/projects/{team.project.id}/notifications/"
    dev = team.world.client(team.developer)
    assert dev.put(url, {"kinds": ["pending", "decided"]}, format="json").status_code == 200
    assert dev.put(url, {"kinds": ["pending", "decided"]}, format="json").status_code == 200  # no change
    refused = dev.put(url, {"kinds": ["budget"]}, format="json")
    assert refused.status_code == 403
    log = _log(team, "notifications.")
    assert log == [
        (
            "notifications.subscription_changed",
            "dev",
            {
                "projectId": str(team.project.id),
                "project": "app",
                "kinds": ["pending", "decided"],
                "before": [],
            },
        )
    ]
