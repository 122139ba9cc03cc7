"""The console's notifications page: webhooks with a secret shown once, the delivery log,
subscriptions; owners/maintainers only for webhooks; nothing of another workspace."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from actions.models import NotificationSubscription, WebhookDelivery, WebhookEndpoint

pytestmark = pytest.mark.django_db

PAGE = "/admin/console/notifications/"


def _create(client, ws, **over):
    data = {
        "name": "ops",
        "url": "https://hooks.example.com/x",
        "format": "slack",
        "kinds": ["pending", "budget"],
    }
    data.update(over)
    return client.post(f"/admin/console/notifications/{ws.id}/webhooks/", data)


def test_a_maintainer_adds_a_webhook_and_sees_its_secret_once(team, login):
    client = login(team.maintainer)
    answer = _create(client, team.ws)
    assert answer.status_code == 200
    found = re.search(r"data-secret>(whsec_[^<]+)<", answer.content.decode())
    assert found is not None
    secret = found.group(1)
    endpoint = WebhookEndpoint.objects.get()
    assert (endpoint.format, endpoint.kinds, endpoint.created_by) == (
        "slack",
        ["pending", "budget"],
        team.maintainer,
    )
    later = client.get(PAGE).content.decode()
    assert "hooks.example.com" in later and secret not in later and endpoint.secret_encrypted not in later


def test_bad_urls_are_refused_with_a_message(team, login):
    client = login(team.owner)
    answer = _create(client, team.ws, url="ftp://example.com/", kinds=["pending"])
    assert answer.status_code == 302
    assert "http:// or https://" in client.get(PAGE).content.decode()
    assert WebhookEndpoint.objects.count() == 0


def test_developers_and_strangers_cannot_add_or_see_webhooks(team, login):
    _create(login(team.owner), team.ws)
    dev = login(team.developer)
    _create(dev, team.ws, name="sneaky")
    assert WebhookEndpoint.objects.filter(name="sneaky").count() == 0
    assert "hooks.example.com" not in dev.get(PAGE).content.decode()
    eve = login(team.outsider)
    assert _create(eve, team.ws, name="evil").status_code == 404
    endpoint = WebhookEndpoint.objects.get()
    assert eve.post(f"/admin/console/notifications/webhooks/{endpoint.id}/disable/").status_code == 404
    assert "hooks.example.com" not in eve.get(PAGE).content.decode()


def test_the_delivery_log_shows_status_attempts_and_last_answer(team, login):
    from actions import events
    from actions.events import Actor

    client = login(team.owner)
    _create(client, team.ws)
    endpoint = WebhookEndpoint.objects.get()
    event = events.record(events.BUDGET_THRESHOLD_CROSSED, project_id=team.project.id, actor=Actor.system())
    WebhookDelivery.objects.create(
        endpoint=endpoint, event=event, event_type=event.type, attempts=2, last_status_code=503,
        last_error="the receiver answered 503", next_attempt_at=timezone.now(),
    )  # fmt: skip
    page = client.get(PAGE).content.decode()
    found = re.search(r'<tr data-delivery="[^"]+">(.*?)</tr>', page, re.S)
    assert found is not None
    row = found.group(1)
    # the event in words, not its code
    assert "Budget threshold crossed" in row and "budget.threshold_crossed" not in row
    assert "pending" in row and "503" in row and ">2<" in row


def test_a_person_saves_their_subscriptions(team, login):
    client = login(team.developer)
    page = client.get(PAGE).content.decode()
    assert 'value="pending" checked' not in page  # a developer's default is nothing
    client.post(
        f"/admin/console/notifications/subscriptions/{team.project.id}/", {"kinds": ["decided", "bogus"]}
    )
    assert NotificationSubscription.objects.get(user=team.developer).kinds == ["decided"]
    assert (
        client.post(f"/admin/console/notifications/subscriptions/{team.other_project.id}/", {}).status_code
        == 404
    )


def test_a_maintainer_restricted_to_some_projects_cannot_add_a_webhook(team, login):
    """A webhook hears of every project of the workspace: that would leak the projects not granted."""
    from projects.models import Membership

    Membership.objects.filter(user=team.maintainer).update(restricted=True)
    client = login(team.maintainer)
    answer = _create(client, team.ws)
    assert WebhookEndpoint.objects.count() == 0
    page = client.get(PAGE).content.decode()
    assert answer.status_code == 302, answer.status_code
    assert "a member restricted to some projects cannot configure one" in page
