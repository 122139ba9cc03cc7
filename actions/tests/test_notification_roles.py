"""Nobody hears by notification what they may not read in the API.

Once a developer could subscribe to budget e-mails, though reading a budget needs the maintainer
role. The role is checked when a person subscribes, and again when an e-mail is sent (a demotion, a
restriction, or a row written before the check gives nothing).
"""

from __future__ import annotations

import pytest

from actions import events, notifications
from actions.events import Actor
from actions.models import NotificationSubscription
from brabo.errors import DomainError
from projects.models import Membership

pytestmark = pytest.mark.django_db


def _budget_event(team):
    return events.record(
        events.BUDGET_THRESHOLD_CROSSED,
        project_id=team.project.id,
        actor=Actor.system(),
        payload={
            "scope": "workspace",
            "scope_id": str(team.ws.id),
            "threshold_percent": 80,
            "period": "2026-11",
            "spent": "80.00",
            "limit": "100.00",
            "currency": "EUR",
        },
    )


def _emails(team):
    for user, address in [
        (team.owner, "o@x.test"),
        (team.maintainer, "m@x.test"),
        (team.developer, "d@x.test"),
    ]:
        user.email = address
        user.save()


def _recipients_of(event, mailoutbox) -> list[str]:
    mailoutbox.clear()
    notifications.process(event.pk)
    return sorted(m.to[0] for m in mailoutbox)


def test_a_developer_cannot_subscribe_to_budgets(team):
    # the developer may not read GET /api/projects/{id}/budget/ ...
    from rest_framework.test import APIClient

    c = APIClient()
    c.force_authenticate(team.developer)
    assert c.get(f"/api/projects/{team.project.id}/budget/").status_code == 403
    # ... so they may not subscribe to it either
    with pytest.raises(DomainError) as refused:
        notifications.set_subscription(user=team.developer, project=team.project, kinds=["decided", "budget"])
    assert refused.value.status == 403 and refused.value.reason == "notification_kind_above_role"
    assert "budget needs maintainer" in str(refused.value)
    assert not NotificationSubscription.objects.filter(user=team.developer).exists()  # nothing half-saved
    # the kinds about actions they can read are theirs to choose
    row = notifications.set_subscription(
        user=team.developer, project=team.project, kinds=["decided", "pending"]
    )
    assert row.kinds == ["pending", "decided"]


def test_maintainers_and_owners_subscribe_to_budgets(team):
    for person in (team.maintainer, team.owner):
        row = notifications.set_subscription(user=person, project=team.project, kinds=["budget"])
        assert row.kinds == ["budget"]


def test_unreachable_projects_are_refused(team):
    # another workspace's project, and a project a restricted member does not reach: 404, not a row
    for user in (team.outsider,):
        with pytest.raises(DomainError) as nf:
            notifications.set_subscription(user=user, project=team.project, kinds=["pending"])
        assert nf.value.status == 404
    Membership.objects.filter(user=team.maintainer).update(restricted=True)
    with pytest.raises(DomainError) as nf:
        notifications.set_subscription(user=team.maintainer, project=team.project, kinds=["pending"])
    assert nf.value.status == 404
    assert not NotificationSubscription.objects.exists()


def test_a_demoted_maintainer_stops_receiving_budget_emails(team, mailoutbox):
    _emails(team)
    notifications.set_subscription(user=team.maintainer, project=team.project, kinds=["budget", "decided"])
    assert _recipients_of(_budget_event(team), mailoutbox) == ["m@x.test", "o@x.test"]
    Membership.objects.filter(user=team.maintainer).update(role="developer")
    assert _recipients_of(_budget_event(team), mailoutbox) == ["o@x.test"]  # checked at send time
    # and their page no longer shows budgets as chosen
    assert notifications.subscribed_kinds(team.maintainer, team.project, "developer") == ["decided"]


def test_a_developer_row_holding_budget_sends_nothing(team, mailoutbox):
    # a row written before the check existed (or by hand): the send-time check still holds
    _emails(team)
    NotificationSubscription.objects.create(user=team.developer, project=team.project, kinds=["budget"])
    assert "d@x.test" not in _recipients_of(_budget_event(team), mailoutbox)


def test_the_console_does_not_offer_budgets_to_a_developer_and_refuses_a_forged_form(team, client):
    client.force_login(team.developer)
    page = client.get("/admin/console/notifications/").content.decode()
    assert 'value="decided"' in page and 'value="budget"' not in page
    r = client.post(
        f"/admin/console/notifications/subscriptions/{team.project.id}/", {"kinds": ["budget"]}, follow=True
    )
    assert r.status_code == 200 and "may not receive budget notifications" in r.content.decode()
    assert not NotificationSubscription.objects.filter(user=team.developer).exists()
    client.force_login(team.maintainer)
    assert 'value="budget"' in client.get("/admin/console/notifications/").content.decode()


def test_the_api_offers_and_accepts_only_what_the_role_may_read(team):
    from rest_framework.test import APIClient

    url = f"/api/projects/{team.project.id}/notifications/"
    dev = APIClient()
    dev.force_authenticate(team.developer)
    body = dev.get(url).json()
    assert body == {"kinds": [], "available": ["pending", "decided", "expiring_soon", "expired"]}
    refused = dev.put(url, {"kinds": ["budget"]})
    assert refused.status_code == 403 and refused.json()["reason"] == "notification_kind_above_role"
    assert dev.put(url, {"kinds": ["decided"]}).json()["kinds"] == ["decided"]
    assert dev.put(url, {"kinds": ["everything"]}).status_code == 400
    maintainer = APIClient()
    maintainer.force_authenticate(team.maintainer)
    assert "budget" in maintainer.get(url).json()["available"]
    assert maintainer.put(url, {"kinds": ["budget"]}).json()["kinds"] == ["budget"]
    # not theirs: 404; an agent's key: 403 people_only; nobody: 401
    eve = APIClient()
    eve.force_authenticate(team.outsider)
    assert eve.get(url).status_code == 404 and eve.put(url, {"kinds": []}).status_code == 404
    agent = APIClient()
    agent.credentials(HTTP_AUTHORIZATION=f"Bearer {team.agent_key}")
    answer = agent.put(url, {"kinds": ["pending"]})
    assert answer.status_code == 403 and answer.json()["reason"] == "people_only"
    assert APIClient().get(url).status_code == 401
    assert NotificationSubscription.objects.filter(user=team.developer).get().kinds == ["decided"]
