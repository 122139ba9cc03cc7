"""20 concurrent spends at the edge of a budget never overspend it: the check and the ledger entry
are one transaction holding the workspace budget's row lock. Real threads on PostgreSQL, each with its own
connection (as test_concurrency.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Sum

from actions.models import ProposedAction, SessionEvent, SpendEntry
from tests.races import postgres_only, race  # noqa: F401 — postgres_only is an autouse fixture

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def payer(team, monkeypatch):
    from actions import budgets, services

    monkeypatch.setattr(services, "enqueue_execution", lambda *a, **k: None)  # the ledger is what is raced
    agent, _ = team.world.agent(team.project, team.owner, "dev-pay")
    budgets.set_workspace_budget(actor=team.owner, workspace=team.ws, currency="EUR", monthly_amount="100.00")
    return agent


def _spend(agent, amount="7.00"):
    from actions import services

    return services.propose_action(
        project=agent.project,
        agent=agent,
        action_type="spend",
        payload={"amount": amount, "currency": "EUR", "purpose": "tokens"},
    ).action


def _spent(team) -> Decimal:
    return SpendEntry.objects.filter(workspace=team.ws).aggregate(s=Sum("amount"))["s"] or Decimal(0)


def test_20_concurrent_auto_approvals_at_the_edge_never_overspend(team, payer):
    from actions import budgets

    budgets.set_workspace_budget(
        actor=team.owner, workspace=team.ws, currency="EUR", monthly_amount="100.00", auto_approve_up_to="10"
    )
    statuses = race(20, lambda i: _spend(payer).status)
    # 14 × 7.00 = 98.00 fits; a 15th would make 105.00
    assert sorted(statuses) == ["auto_approved"] * 14 + ["pending"] * 6
    assert _spent(team) == Decimal("98.00")
    assert SpendEntry.objects.count() == 14
    assert SessionEvent.objects.filter(type="spend.recorded").count() == 14
    pending = ProposedAction.objects.filter(action_type="spend", status="pending")
    assert all(a.reason == "budget_exceeded" for a in pending)
    assert all("would exceed the workspace budget of 100.00 EUR by 5.00 EUR" in a.message for a in pending)
    assert (
        SessionEvent.objects.filter(type="budget.threshold_crossed", payload__threshold_percent=80).count()
        == 1
    )


def test_20_concurrent_owner_approvals_at_the_edge_never_overspend(team, payer):
    from actions import services
    from projects.services import DomainError

    waiting = [_spend(payer) for _ in range(20)]
    assert {a.status for a in waiting} == {"pending"}  # no threshold: each spend asks the owner

    def approve(i):
        try:
            return services.approve_action(action_id=waiting[i].id, actor=team.owner).outcome
        except DomainError as exc:
            return f"{exc.status} {exc.reason}"

    outcomes = race(20, approve)
    assert sorted(outcomes) == ["409 budget_exceeded"] * 6 + ["approved"] * 14
    assert _spent(team) == Decimal("98.00")
    assert SpendEntry.objects.filter(approved_by=team.owner).count() == 14
    assert ProposedAction.objects.filter(action_type="spend", status="pending").count() == 6
