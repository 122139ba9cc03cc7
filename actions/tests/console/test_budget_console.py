"""The budget page: the owner's forms call the same services as the API, so a maintainer reads
but cannot change, a developer does not see budgets, and another workspace's forms are a 404."""

from __future__ import annotations

from decimal import Decimal

import pytest

from actions import services
from actions.tests.console_forms import shown_fields
from projects.models import SpendLimit, WorkspaceBudget

BUDGET = "/admin/console/budget/"


@pytest.fixture
def payer(team):
    agent, _ = team.world.agent(team.project, team.owner, "dev-pay")
    return agent


def test_owner_sets_budgets_in_the_console_and_sees_month_to_date(team, login, payer):
    owner = login(team.owner)
    r = owner.post(
        f"{BUDGET}{team.ws.id}/",
        {"currency": "EUR", "monthly_amount": "500", "auto_approve_up_to": "100"},
        follow=True,
    )
    assert "Budget saved." in r.content.decode()
    budget = WorkspaceBudget.objects.get(workspace=team.ws)
    assert (budget.currency, budget.monthly_amount, budget.auto_approve_up_to) == (
        "EUR",
        Decimal("500"),
        Decimal("100"),
    )
    owner.post(f"{BUDGET}projects/{team.project.id}/", {"monthly_amount": "300", "auto_approve_up_to": ""})
    owner.post(f"{BUDGET}agents/{payer.id}/", {"monthly_amount": "120"})
    assert SpendLimit.objects.get(project=team.project).monthly_amount == Decimal("300")
    assert SpendLimit.objects.get(agent=payer).monthly_amount == Decimal("120")
    for amount in ("40", "50.50"):
        services.propose_action(
            project=team.project,
            agent=payer,
            action_type="spend",
            payload={"amount": amount, "currency": "EUR", "purpose": "tokens"},
        )
    body = owner.get(BUDGET).content.decode()
    assert "90.50 EUR" in body  # spent this month
    assert 'data-scope="agent" data-name="dev-pay"' in body and "90.50 / 120.00 EUR" in body
    assert 'data-form="workspace"' in body
    agent_form = body[body.index('data-form="agent-dev-pay"') :]
    assert 'value="120.00"' in agent_form[: agent_form.index("</form>")]  # the form shows the limit in force


def test_a_bad_amount_is_a_message_not_a_500(team, login):
    r = login(team.owner).post(
        f"{BUDGET}{team.ws.id}/", {"currency": "JPY", "monthly_amount": "10.5"}, follow=True
    )
    assert r.status_code == 200
    assert "more decimals than JPY has" in r.content.decode()
    assert not WorkspaceBudget.objects.exists()


def test_a_maintainer_reads_but_cannot_change_and_a_developer_sees_no_budget(team, login):
    WorkspaceBudget.objects.create(workspace=team.ws, currency="EUR", monthly_amount=Decimal("500"))
    maintainer = login(team.maintainer)
    page = maintainer.get(BUDGET).content.decode()
    assert "500.00 EUR" in page and 'data-form="workspace"' not in page
    r = maintainer.post(f"{BUDGET}{team.ws.id}/", {"currency": "EUR", "monthly_amount": "9999"}, follow=True)
    assert "needs the owner role" in r.content.decode()
    assert WorkspaceBudget.objects.get(workspace=team.ws).monthly_amount == Decimal("500")
    assert "Budgets are for maintainers and owners" in login(team.developer).get(BUDGET).content.decode()


def test_another_workspaces_budget_forms_are_not_found(team, login):
    outsider = login(team.outsider)
    assert outsider.post(f"{BUDGET}{team.ws.id}/", {"currency": "EUR"}).status_code == 404
    r = outsider.post(f"{BUDGET}projects/{team.project.id}/", {"monthly_amount": "1"}, follow=True)
    assert "Not found" in r.content.decode()
    assert not WorkspaceBudget.objects.filter(workspace=team.ws).exists()


def test_staff_see_the_ledger_and_budgets_read_only_and_scoped(team, login, payer):
    WorkspaceBudget.objects.create(workspace=team.ws, currency="EUR", auto_approve_up_to=Decimal("10"))
    services.propose_action(
        project=team.project,
        agent=payer,
        action_type="spend",
        payload={"amount": "7.25", "currency": "EUR", "purpose": "tokens"},
    )
    for user in (team.owner, team.outsider):
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    owner = login(team.owner)
    for path, shown in (("/admin/actions/spendentry/", "7.25"), ("/admin/projects/workspacebudget/", "EUR")):
        page = owner.get(path)
        assert page.status_code == 200 and shown in page.content.decode()
    assert "7.25" not in login(team.outsider).get("/admin/actions/spendentry/").content.decode()
    assert owner.get("/admin/actions/spendentry/add/").status_code == 403


def test_a_restricted_staff_maintainer_sees_the_limits_of_their_projects_only(team, login, payer):
    """R1.1: the admin's spend-limit list was scoped by workspace, so a staff maintainer restricted to ``app``
    read the limits of ``secret-merger`` and its agent, which answer 404 on the API's budget lines."""
    from projects.access import set_project_access
    from projects.models import Membership

    secret = team.world.project(team.ws, "secret-merger")
    acquirer, _ = team.world.agent(secret, team.owner, "dev-acquire")
    for scope, amount in (
        (secret, "4321.00"),
        (acquirer, "765.00"),
        (team.project, "111.00"),
        (payer, "22.00"),
    ):
        field = "project" if scope in (secret, team.project) else "agent"
        SpendLimit.objects.create(workspace=team.ws, monthly_amount=Decimal(amount), **{field: scope})
    set_project_access(Membership.objects.get(workspace=team.ws, user=team.maintainer), [team.project])
    for user in (team.owner, team.maintainer):
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    url = "/admin/projects/spendlimit/"
    mine = login(team.maintainer).get(url).content.decode()
    assert "111.00" in mine and "22.00" in mine
    assert "4321.00" not in mine and "765.00" not in mine and "dev-acquire" not in mine
    everything = login(team.owner).get(url).content.decode()
    assert all(amount in everything for amount in ("4321.00", "765.00", "111.00", "22.00"))


def test_approving_an_over_budget_spend_in_the_console_says_why_and_approves_nothing(team, login, payer):
    WorkspaceBudget.objects.create(workspace=team.ws, currency="EUR", monthly_amount=Decimal("50"))
    action = services.propose_action(
        project=team.project,
        agent=payer,
        action_type="spend",
        payload={"amount": "60", "currency": "EUR", "purpose": "tokens"},
    ).action
    assert action.status == "pending" and "by 10.00 EUR" in action.message
    page = login(team.owner).get(f"/admin/console/actions/{action.id}/").content.decode()
    assert "would exceed the workspace budget of 50.00 EUR by 10.00 EUR" in page
    r = login(team.owner).post(
        f"/admin/console/actions/{action.id}/approve/", shown_fields(action.id), follow=True
    )
    assert "Not done: approving this spend would exceed the workspace budget" in r.content.decode()
    action.refresh_from_db()
    assert action.status == "pending"
