"""The console and the data tables speak words, not codes — each place a code showed, tested."""

from __future__ import annotations

import html
import re

from django.contrib import admin

from actions import events
from actions.events import Actor
from actions.models import WebhookDelivery, WebhookEndpoint
from actions.templatetags.console_labels import verdict_label
from projects.models import Agent


def _visible(response) -> str:
    assert response.status_code in (200, 302), response.status_code
    page = html.unescape(response.content.decode())
    return re.sub(r"<script.*?</script>|<style.*?</style>|<[^>]+>", " ", page, flags=re.S)


def test_no_data_table_is_named_with_a_wrong_plural(team, login):
    for model in admin.site._registry:
        singular, plural = str(model._meta.verbose_name), str(model._meta.verbose_name_plural)
        if re.search(r"[^aeiou]y$", singular):
            assert plural != singular + "s", f"{model.__name__}: {plural!r}"
    staff = team.owner
    staff.is_staff = staff.is_superuser = True
    staff.save()
    page = _visible(login(staff).get("/admin/?models=1"))
    assert "Spend entries" in page and "Accepted policies" in page
    assert "entrys" not in page and "policys" not in page


def test_the_agent_page_names_its_kind(team, login):
    Agent.objects.filter(pk=team.agent.pk).update(kind="claude_code")
    page = _visible(login(team.maintainer).get(f"/admin/console/agents/{team.agent.id}/"))
    assert "Claude Code" in page and "claude_code" not in page


def test_the_delivery_log_and_webhooks_say_what_they_send(team, login):
    client = login(team.owner)
    client.post(
        f"/admin/console/notifications/{team.ws.id}/webhooks/",
        {"name": "ops", "url": "https://hooks.example.com/x", "format": "slack", "kinds": ["expiring_soon"]},
    )
    endpoint = WebhookEndpoint.objects.get()
    event = events.record(events.ACTION_CREATED, project_id=team.project.id, actor=Actor.system())
    WebhookDelivery.objects.create(endpoint=endpoint, event=event, event_type=event.type)
    page = _visible(client.get("/admin/console/notifications/"))
    assert "proposed_action.created" not in page and "expiring_soon" not in page
    assert "A pending action expires soon" in page and "Proposed" in page


def test_a_budget_error_names_the_field_in_words(team, login):
    client = login(team.owner)
    r = client.post(
        f"/admin/console/budget/{team.ws.id}/", {"currency": "EUR", "monthly_amount": "lots"}, follow=True
    )
    page = _visible(r)
    assert "The monthly budget must be" in page
    assert "monthly_amount" not in page


def test_segment_verdicts_in_words():
    assert verdict_label("no_rule") == "no rule matches"
    assert verdict_label("require_approval") == "asks a person"
