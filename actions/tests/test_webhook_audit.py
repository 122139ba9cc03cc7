"""Every change of a workspace's webhooks is on the workspace's log with the real actor.

Once, adding or disabling a webhook wrote no event: a maintainer could point the workspace's
notifications somewhere else, or silence them, and nobody could tell who. Events carry the host only (a
Slack-style URL's path is its secret) and never the signing secret.
"""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from actions import notifications
from actions.models import WebhookEndpoint
from brabo.errors import DomainError
from projects.models import Membership, WorkspaceEvent

pytestmark = pytest.mark.django_db

SLACK = "https://hooks.slack.com/services/T0001/B0002/SLACKPATHSECRETxyz123"


def _create(team, actor=None, url=SLACK):
    return notifications.create_endpoint(
        actor=actor or team.maintainer,
        workspace=team.ws,
        name="ops",
        url=url,
        format="slack",
        kinds=["pending", "budget"],
    )


def _log(team) -> list[dict]:
    # read the way a configurer reads it: GET /api/workspaces/{id}/events/ (a maintainer not restricted to
    # some projects; a developer reads no webhook on the log, as GET /api/webhooks/ shows them none)
    c = APIClient()
    c.force_authenticate(team.maintainer)
    resp = c.get(f"/api/workspaces/{team.ws.id}/events/")
    assert resp.status_code == 200
    body = resp.json()
    return [
        r for r in (body["results"] if isinstance(body, dict) else body) if r["type"].startswith("webhook.")
    ]


def test_each_webhook_change_is_an_event_with_its_actor_and_without_secrets(team):
    endpoint, secret = _create(team)
    notifications.update_endpoint(
        actor=team.owner, endpoint=endpoint, url="https://other.example.com/hook", kinds=["decided"]
    )
    notifications.disable_endpoint(actor=team.maintainer, endpoint=endpoint)
    notifications.set_endpoint_active(actor=team.owner, endpoint=endpoint, active=True)
    _, new_secret = notifications.rotate_endpoint_secret(actor=team.maintainer, endpoint=endpoint)
    notifications.delete_endpoint(actor=team.owner, endpoint=endpoint)

    rows = _log(team)
    assert [(r["type"], r["actor_label"]) for r in rows] == [
        ("webhook.created", "max"),
        ("webhook.updated", "olivia"),
        ("webhook.disabled", "max"),
        ("webhook.enabled", "olivia"),
        ("webhook.secret_rotated", "max"),
        ("webhook.deleted", "olivia"),
    ]
    created, updated = rows[0]["payload"], rows[1]["payload"]
    assert created == {
        "webhookId": str(endpoint.id),
        "name": "ops",
        "host": "hooks.slack.com",
        "format": "slack",
        "kinds": ["pending", "budget"],
    }
    assert updated["changed"] == ["url", "kinds"] and updated["kinds"] == ["decided"]
    assert updated["fromHost"] == "hooks.slack.com" and updated["host"] == "other.example.com"
    everything = json.dumps(list(WorkspaceEvent.objects.values("payload")))
    for leaked in (secret, new_secret, "SLACKPATHSECRET", "/services/"):
        assert leaked not in everything
    assert not WebhookEndpoint.objects.filter(pk=endpoint.pk).exists()  # deleted, its log event stays


def test_no_change_no_event(team):
    endpoint, _ = _create(team)
    notifications.update_endpoint(
        actor=team.maintainer, endpoint=endpoint, name="ops", kinds=["budget", "pending"]
    )
    notifications.set_endpoint_active(actor=team.maintainer, endpoint=endpoint, active=True)  # already active
    notifications.disable_endpoint(actor=team.maintainer, endpoint=endpoint)
    notifications.disable_endpoint(actor=team.maintainer, endpoint=endpoint)  # already disabled
    assert [r["type"] for r in _log(team)] == ["webhook.created", "webhook.disabled"]


def test_a_rotated_secret_signs_and_the_old_one_does_not(team):
    from projects.crypto import decrypt

    endpoint, old = _create(team)
    _, new = notifications.rotate_endpoint_secret(actor=team.maintainer, endpoint=endpoint)
    endpoint.refresh_from_db()
    assert new != old and decrypt(endpoint.secret_encrypted) == new


@pytest.mark.parametrize(
    "change",
    [
        lambda a, e: notifications.update_endpoint(actor=a, endpoint=e, name="x"),
        lambda a, e: notifications.disable_endpoint(actor=a, endpoint=e),
        lambda a, e: notifications.set_endpoint_active(actor=a, endpoint=e, active=False),
        lambda a, e: notifications.rotate_endpoint_secret(actor=a, endpoint=e),
        lambda a, e: notifications.delete_endpoint(actor=a, endpoint=e),
    ],
    ids=["update", "disable", "set_active", "rotate", "delete"],
)
def test_refused_changes_write_nothing(team, change):
    endpoint, _ = _create(team)
    Membership.objects.create(
        workspace=team.ws, user=team.world.user("rita"), role="maintainer", restricted=True
    )
    from django.contrib.auth import get_user_model

    rita = get_user_model().objects.get(username="rita")
    for actor, status in ((team.developer, 403), (team.outsider, 404), (rita, 403)):
        with pytest.raises(DomainError) as refused:
            change(actor, endpoint)
        assert refused.value.status == status
    assert [r["type"] for r in _log(team)] == ["webhook.created"]
    assert WebhookEndpoint.objects.filter(pk=endpoint.pk, active=True, name="ops").exists()


def test_a_bad_update_is_refused_by_name_and_changes_nothing(team):
    endpoint, _ = _create(team)
    for kwargs, reason in (
        ({"url": "ftp://x.example.com/"}, "invalid_webhook_url"),
        ({"url": "https://user:pw@x.example.com/"}, "invalid_webhook_url"),
        ({"kinds": []}, "invalid"),
        ({"name": " "}, "invalid"),
        ({"format": "xml"}, "invalid"),
    ):
        with pytest.raises(DomainError) as refused:
            notifications.update_endpoint(actor=team.maintainer, endpoint=endpoint, **kwargs)
        assert refused.value.reason == reason, kwargs
    endpoint.refresh_from_db()
    assert (endpoint.url, endpoint.kinds, endpoint.name) == (SLACK, ["pending", "budget"], "ops")
    assert [r["type"] for r in _log(team)] == ["webhook.created"]


def test_the_console_edits_rotates_enables_and_deletes_with_events(team, client):
    endpoint, _ = _create(team)
    client.force_login(team.maintainer)
    base = f"/admin/console/notifications/webhooks/{endpoint.id}"
    r = client.post(
        f"{base}/edit/",
        {"name": "ops2", "url": SLACK, "format": "generic", "kinds": ["pending"]},
        follow=True,
    )
    assert "Webhook ops saved" in r.content.decode()
    r = client.post(f"{base}/rotate/")
    assert r.status_code == 200 and "whsec_" in r.content.decode()  # shown once, on the page
    client.post(f"{base}/disable/")
    client.post(f"{base}/enable/")
    r = client.post(f"{base}/edit/", {"name": "ops2", "url": SLACK, "format": "generic"}, follow=True)
    assert "at least one kind of event" in r.content.decode()
    client.post(f"{base}/delete/")
    assert [r["type"] for r in _log(team)] == [
        "webhook.created",
        "webhook.updated",
        "webhook.secret_rotated",
        "webhook.disabled",
        "webhook.enabled",
        "webhook.deleted",
    ]
    # another workspace's member cannot reach it at all
    other, _ = _create(team)
    client.force_login(team.outsider)
    for step in ("edit", "rotate", "disable", "enable", "delete"):
        assert client.post(f"/admin/console/notifications/webhooks/{other.id}/{step}/").status_code == 404
