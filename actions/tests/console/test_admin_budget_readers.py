"""The staff admin is a side door to the same rows (R1.1): a staff developer must not read there the budgets,
limits and threshold crossings that GET .../budget/ and the project's events refuse them."""

from __future__ import annotations

from decimal import Decimal

from actions.models import SessionEvent
from projects.models import SpendLimit, WorkspaceBudget


def _staff(*users):
    for user in users:
        user.is_staff = True
        user.save(update_fields=["is_staff"])


def _setup(team):
    WorkspaceBudget.objects.create(workspace=team.ws, currency="EUR", monthly_amount=Decimal("9876"))
    SpendLimit.objects.create(workspace=team.ws, project=team.project, monthly_amount=Decimal("5432"))
    SessionEvent.objects.create(
        project=team.project,
        type="budget.threshold_crossed",
        actor_kind="system",
        payload={"scope": "project", "limit": "5432.00", "spent": "4400.00", "currency": "EUR"},
    )
    _staff(team.owner, team.maintainer, team.developer)


def test_a_staff_developer_reads_no_budget_limit_or_crossing_in_the_admin(team, login):
    _setup(team)
    dev = login(team.developer)
    for path in (
        "/admin/projects/workspacebudget/",
        "/admin/projects/spendlimit/",
        "/admin/actions/sessionevent/",
    ):
        page = dev.get(path)
        assert page.status_code == 200, path
        body = page.content.decode()
        assert "9876" not in body and "5432" not in body and "threshold" not in body, path
    event = SessionEvent.objects.get(type="budget.threshold_crossed")
    assert dev.get(f"/admin/actions/sessionevent/{event.pk}/change/").status_code in (302, 404)


def test_staff_maintainers_and_the_owner_read_them(team, login):
    _setup(team)
    for user in (team.owner, team.maintainer):
        c = login(user)
        assert "9876" in c.get("/admin/projects/workspacebudget/").content.decode()
        assert "5432" in c.get("/admin/projects/spendlimit/").content.decode()
        assert "threshold" in c.get("/admin/actions/sessionevent/").content.decode()
