"""A project's log read by a developer (R1.1): GET .../budget/ refuses them the limits and month-to-date
spend, so the project's events must not hand them over -- a ``budget.threshold_crossed`` event carries the
workspace's or project's limit and what was spent against it."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from actions.tests.test_budgets import pay, propose, set_budget  # noqa: F401 -- the fixture

pytestmark = pytest.mark.django_db


def _cross(pay):  # noqa: F811
    set_budget(pay, monthly_amount="7777", auto_approve_up_to="7000")
    pay.owner_client.put(f"/api/projects/{pay.project.id}/budget/", {"monthly_amount": "6666"}, format="json")
    assert propose(pay, "6600").json()["status"] == "auto_approved"


def _project_log(pay, user):  # noqa: F811
    resp = pay.world.client(user).get(f"/api/projects/{pay.project.id}/events/?limit=500")
    assert resp.status_code == 200, resp.content
    return resp.json()["results"]


def test_a_developer_reads_no_budget_limit_in_the_projects_events(pay):  # noqa: F811
    _cross(pay)
    assert pay.world.client(pay.developer).get(f"/api/projects/{pay.project.id}/budget/").status_code == 403
    rows = _project_log(pay, pay.developer)
    assert "budget.threshold_crossed" not in {r["type"] for r in rows}
    text = json.dumps(rows)
    assert "7777" not in text and "6666" not in text
    assert "proposed_action.created" in {r["type"] for r in rows}  # the rest of the log stays theirs


def test_maintainers_read_the_threshold_events(pay):  # noqa: F811
    _cross(pay)
    for user in (pay.owner, pay.maintainer):
        crossed = [r for r in _project_log(pay, user) if r["type"] == "budget.threshold_crossed"]
        assert {(r["payload"]["scope"], r["payload"]["threshold_percent"]) for r in crossed} == {
            ("workspace", 80),
            ("project", 80),
        }


def test_nor_on_the_history_page_nor_by_its_type_filter(pay):  # noqa: F811
    _cross(pay)
    c = Client()
    c.force_login(pay.developer)
    for query in ("", "&type=budget.threshold_crossed"):
        page = c.get(f"/admin/console/history/?workspace={pay.ws.id}{query}").content.decode()
        assert 'data-event-type="budget.threshold_crossed"' not in page
    c.force_login(pay.maintainer)
    page = c.get(f"/admin/console/history/?workspace={pay.ws.id}").content.decode()
    assert 'data-event-type="budget.threshold_crossed"' in page
