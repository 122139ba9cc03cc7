"""The budget page in real headless Chromium: the owner sets the budgets through the forms, agents'
spends fill the bars, and the page holds at 1400 px and 420 px wide. Screenshots in artifacts/screenshots/."""

from __future__ import annotations

from decimal import Decimal

import pytest

from actions import services
from projects.models import SpendLimit, WorkspaceBudget

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _spend(agent, amount):
    return services.propose_action(
        project=agent.project,
        agent=agent,
        action_type="spend",
        payload={"amount": amount, "currency": "EUR", "purpose": "model tokens"},
    ).action


def test_budget_page_forms_bars_and_forecast(page, team, shot, monkeypatch):
    monkeypatch.setattr(services, "enqueue_execution", lambda *a, **k: None)  # no worker: the ledger is shown
    payer, _ = team.world.agent(team.project, team.owner, "dev-pay")
    researcher, _ = team.world.agent(team.project, team.owner, "dev-research")
    page.set_viewport_size({"width": 1400, "height": 1000})
    login(page, "olivia")
    page.get_by_role("link", name="Budget").click()
    page.locator("[data-no-budget]").wait_for()

    form = page.locator('[data-form="workspace"]')
    form.get_by_label("Currency").select_option("EUR")
    form.get_by_label("Monthly budget").fill("500")
    form.get_by_label("Auto-approve up to").fill("100")
    form.get_by_role("button", name="Save").click()
    page.get_by_text("Budget saved.").wait_for()
    project_form = page.locator('[data-form="project-app"]')
    project_form.get_by_label("Monthly budget").fill("300")
    project_form.get_by_role("button", name="Save").click()
    page.get_by_text("Budget saved.").wait_for()
    agent_form = page.locator('[data-form="agent-dev-pay"]')
    agent_form.get_by_label("Monthly budget").fill("120")
    agent_form.get_by_role("button", name="Save").click()
    page.get_by_text("Budget saved.").wait_for()
    assert WorkspaceBudget.objects.get(workspace=team.ws).auto_approve_up_to == Decimal("100")
    assert SpendLimit.objects.get(agent=payer).monthly_amount == Decimal("120")

    for agent, amount in ((payer, "45.00"), (payer, "52.40"), (researcher, "88.15"), (payer, "30")):
        _spend(agent, amount)
    page.reload()
    kpi = page.locator('[data-kpi="spent"]').inner_text()
    assert "185.55 EUR" in kpi
    agent_row = page.locator('li[data-scope="agent"][data-name="dev-pay"]')
    assert "97.40 / 120.00 EUR" in agent_row.inner_text()
    assert "81 %" in agent_row.inner_text()  # 97.40 of 120.00: past the 80 % mark
    assert agent_row.locator(".spent.tone-warn").count() == 1
    assert page.locator('li[data-scope="project"][data-name="app"]').count() == 1
    # the fourth spend (30 more for dev-pay) would cross its 120.00: it waits for the owner
    assert "waits" in page.locator(".lede").inner_text()
    shot(page, "budget-1400")

    page.set_viewport_size({"width": 420, "height": 900})
    page.reload()
    page.locator('[data-kpi="forecast"]').wait_for()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 420 px"
    shot(page, "budget-420")
