"""Budgets for spend, end to end through the API and the services, on the real database.

The owner's agent ``dev-pay`` proposes spends (spend's minimum role is owner, R2.1); the owner sets the
budgets and approves. ``test_budget_concurrency.py`` has the races.
"""

from __future__ import annotations

from datetime import UTC
from decimal import Decimal

import pytest

from actions import budgets
from actions.models import ProposedAction, SessionEvent, SpendEntry
from projects.services import DomainError, replace_permissions, set_autonomy

pytestmark = pytest.mark.django_db


@pytest.fixture
def pay(team):
    team.payer, team.payer_key = team.world.agent(team.project, team.owner, "dev-pay")
    team.pay_client = team.world.client(agent_key=team.payer_key)
    team.owner_client = team.world.client(team.owner)
    return team


def propose(t, amount, currency="EUR", purpose="GPU hours"):
    return t.pay_client.post(
        "/api/actions/",
        {"action_type": "spend", "payload": {"amount": amount, "currency": currency, "purpose": purpose}},
        format="json",
    )


def set_budget(t, **body):
    r = t.owner_client.put(f"/api/workspaces/{t.ws.id}/budget/", {"currency": "EUR", **body}, format="json")
    assert r.status_code == 200, r.json()
    return r.json()


def ledger_total(t) -> Decimal:
    return sum((e.amount for e in SpendEntry.objects.filter(workspace=t.ws)), Decimal(0))


def test_without_budget_settings_every_spend_asks_the_owner(pay):
    r = propose(pay, "1.00")
    assert r.status_code == 201 and r.json()["status"] == "pending" and r.json()["reason"] == "default"
    assert r.json()["payload"]["amount"] == "1.00"
    assert not SpendEntry.objects.exists()


def test_a_budget_without_threshold_still_asks_for_each_spend(pay):
    set_budget(pay, monthly_amount="500")
    assert propose(pay, "1.00").json()["status"] == "pending"


def test_under_the_owners_threshold_auto_approves_and_writes_the_ledger(pay):
    set_budget(pay, monthly_amount="500.00", auto_approve_up_to="50")
    r = propose(pay, "12.5")
    body = r.json()
    assert r.status_code == 201, body
    assert body["status"] == "auto_approved" and body["reason"] == "spend_threshold"
    assert "at most 50.00 EUR" in body["message"]
    entry = SpendEntry.objects.get()
    assert (entry.amount, entry.currency, entry.approved_by, entry.agent_id) == (
        Decimal("12.50"),
        "EUR",
        None,
        pay.payer.id,
    )
    recorded = SessionEvent.objects.get(type="spend.recorded")
    assert recorded.payload["amount"] == "12.50" and recorded.payload["ledger_id"] == entry.pk
    assert recorded.action_id == entry.action_id
    # over the threshold: the owner decides
    over = propose(pay, "50.01").json()
    assert over["status"] == "pending" and over["reason"] == "default"
    assert SpendEntry.objects.count() == 1


def test_only_the_owner_sets_budgets_and_thresholds(pay):
    for user, status in ((pay.maintainer, 403), (pay.developer, 403), (pay.outsider, 404)):
        r = pay.world.client(user).put(
            f"/api/workspaces/{pay.ws.id}/budget/",
            {"currency": "EUR", "auto_approve_up_to": "50"},
            format="json",
        )
        assert r.status_code == status, r.json()
        assert r.json()["reason"] == ("role_too_low" if status == 403 else "not_found")
    r = pay.pay_client.put(f"/api/workspaces/{pay.ws.id}/budget/", {"currency": "EUR"}, format="json")
    assert r.status_code == 403 and r.json()["reason"] == "people_only"
    assert propose(pay, "1.00").json()["status"] == "pending"  # nobody set a threshold


def test_reading_the_budget_is_for_maintainers(pay):
    set_budget(pay, monthly_amount="500")
    assert pay.world.client(pay.maintainer).get(f"/api/workspaces/{pay.ws.id}/budget/").status_code == 200
    r = pay.world.client(pay.developer).get(f"/api/workspaces/{pay.ws.id}/budget/")
    assert r.status_code == 403 and r.json()["reason"] == "role_too_low"
    r = pay.world.client(pay.outsider).get(f"/api/workspaces/{pay.ws.id}/budget/")
    assert r.status_code == 404


def test_a_restricted_maintainer_reads_the_lines_of_their_projects_only(pay):
    """R1.1: a maintainer restricted to ``app`` read every project's and agent's line of the overview — the
    names, spend and limits of projects that answer them 404 everywhere else."""
    from projects.access import set_project_access
    from projects.models import Membership

    set_budget(pay, monthly_amount="500", auto_approve_up_to="100")
    secret = pay.world.project(pay.ws, "secret-merger")
    _, key = pay.world.agent(secret, pay.owner, "dev-acquire")
    spend = {"amount": "40", "currency": "EUR", "purpose": "due diligence"}
    r = pay.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "spend", "payload": spend}, format="json"
    )
    assert r.json()["status"] in ("auto_approved", "executed"), r.json()
    propose(pay, "30")
    set_project_access(Membership.objects.get(workspace=pay.ws, user=pay.maintainer), [pay.project])
    max_ = pay.world.client(pay.maintainer)
    overview = max_.get(f"/api/workspaces/{pay.ws.id}/budget/").json()
    assert [p["name"] for p in overview["projects"]] == ["app"]
    assert [a["name"] for a in overview["agents"]] == ["dev-pay"]
    assert "secret-merger" not in str(overview) and "dev-acquire" not in str(overview)
    assert overview["total"]["spent"] == "70.00"  # the workspace's budget, as the owner set it
    assert max_.get(f"/api/projects/{secret.id}/budget/").status_code == 404
    owner_view = pay.owner_client.get(f"/api/workspaces/{pay.ws.id}/budget/").json()
    assert sorted(p["name"] for p in owner_view["projects"]) == ["app", "secret-merger"]


def test_a_restricted_member_reads_no_workspace_event_of_a_project_they_cannot_see(pay):
    """R1.1: the workspace's log (any member reads it) carried, to max restricted to ``app``, the limits the
    owner set on ``secret-merger`` and its agent (``budget.updated`` with their ids) and a member's notification
    choices there (``notifications.subscription_changed`` with the project's name): what answers max 404 at
    ``/api/projects/{id}/budget/``. Those events are now the readers' who reach the project."""
    from projects.access import set_project_access
    from projects.models import Membership

    set_budget(pay, monthly_amount="500")
    secret = pay.world.project(pay.ws, "secret-merger")
    acquirer, _ = pay.world.agent(secret, pay.owner, "dev-acquire")
    owner = pay.owner_client
    for url, body in (
        (f"/api/projects/{secret.id}/budget/", {"monthly_amount": "317.43"}),
        (f"/api/agents/{acquirer.id}/budget/", {"monthly_amount": "129.71"}),
        (f"/api/projects/{pay.project.id}/budget/", {"monthly_amount": "50"}),
        (f"/api/projects/{secret.id}/notifications/", {"kinds": ["pending"]}),
    ):
        assert owner.put(url, body, format="json").status_code == 200, url
    set_project_access(Membership.objects.get(workspace=pay.ws, user=pay.maintainer), [pay.project])

    events_url = f"/api/workspaces/{pay.ws.id}/events/"
    everything = owner.get(events_url).json()["results"]
    assert sum(str(secret.id) in str(e) or str(acquirer.id) in str(e) for e in everything) == 3
    seen = pay.world.client(pay.maintainer).get(events_url).json()["results"]
    assert not [e for e in seen if str(secret.id) in str(e) or str(acquirer.id) in str(e)]
    # amounts with cents: a bare "300" or "120" turned up by chance inside an id's hex digits
    assert all(told in str(everything) for told in ("secret-merger", "317.43", "129.71"))
    assert "secret-merger" not in str(seen) and "317.43" not in str(seen) and "129.71" not in str(seen)
    # the workspace's own budget and app's limit stay on their log
    budgets_seen = [
        (e["payload"]["scope"], e["payload"]["scope_id"]) for e in seen if e["type"] == "budget.updated"
    ]
    assert budgets_seen == [("workspace", str(pay.ws.id)), ("project", str(pay.project.id))]
    assert len(everything) - len(seen) == 3


def test_crossing_a_budget_always_asks_whatever_allow_rules_and_autonomy_say(pay):
    set_budget(pay, monthly_amount="10000", auto_approve_up_to="1000")
    r = pay.owner_client.put(
        f"/api/projects/{pay.project.id}/budget/", {"monthly_amount": "500"}, format="json"
    )
    assert r.status_code == 200, r.json()
    replace_permissions(actor=pay.owner, project=pay.project, data={"allow": ["Spend()"]})
    set_autonomy(actor=pay.owner, agent=pay.payer, rows=[{"action_type": "*", "mode": "auto_approve"}])
    first = propose(pay, "400").json()
    assert first["status"] == "auto_approved" and first["reason"] == "allow_rule"
    crossing = propose(pay, "142.10").json()
    assert crossing["status"] == "pending" and crossing["reason"] == "budget_exceeded"
    assert "would exceed the project budget of 500.00 EUR by 42.10 EUR" in crossing["message"]
    assert ledger_total(pay) == Decimal("400.00")


def test_an_agent_limit_names_the_agent(pay):
    set_budget(pay, auto_approve_up_to="100")
    r = pay.owner_client.put(f"/api/agents/{pay.payer.id}/budget/", {"monthly_amount": "30"}, format="json")
    assert r.status_code == 200, r.json()
    assert propose(pay, "20").json()["status"] == "auto_approved"
    over = propose(pay, "20").json()
    assert over["status"] == "pending"
    assert "would exceed the budget of agent dev-pay of 30.00 EUR by 10.00 EUR" in over["message"]


def test_deny_rules_and_explicit_ask_rules_beat_the_threshold(pay):
    set_budget(pay, auto_approve_up_to="100")
    replace_permissions(actor=pay.owner, project=pay.project, data={"ask": ["Spend()"]})
    asked = propose(pay, "1").json()
    assert asked["status"] == "pending" and asked["reason"] == "ask_rule"
    replace_permissions(actor=pay.owner, project=pay.project, data={"deny": ["Spend()"]})
    denied = propose(pay, "1").json()
    assert denied["status"] == "denied" and denied["reason"] == "deny_rule"
    assert not SpendEntry.objects.exists()


def test_a_spend_by_an_agent_below_owner_is_denied_whatever_the_threshold(pay):
    set_budget(pay, auto_approve_up_to="100")
    client = pay.world.client(agent_key=pay.agent_key)  # dev-api acts for the maintainer
    r = client.post(
        "/api/actions/",
        {"action_type": "spend", "payload": {"amount": "1", "currency": "EUR", "purpose": "x"}},
        format="json",
    )
    assert r.json()["status"] == "denied" and r.json()["reason"] == "iam"


def test_a_spend_in_another_currency_is_refused_never_converted(pay):
    set_budget(pay, monthly_amount="500", auto_approve_up_to="100")
    r = propose(pay, "10", currency="USD")
    assert r.status_code == 400
    assert r.json()["reason"] == "currency_mismatch" and "EUR" in r.json()["detail"]
    assert not ProposedAction.objects.filter(action_type="spend").exists()


def test_a_pending_spend_in_a_currency_the_budget_no_longer_uses_is_not_approved(pay):
    pending = propose(pay, "10", currency="USD").json()
    assert pending["status"] == "pending"
    set_budget(pay, monthly_amount="500")
    r = pay.owner_client.post(f"/api/actions/{pending['id']}/approve/")
    assert r.status_code == 409 and r.json()["reason"] == "currency_mismatch"
    assert ProposedAction.objects.get(id=pending["id"]).status == "pending"


def test_approval_rechecks_the_budget_and_refuses_to_cross_it(pay):
    set_budget(pay, monthly_amount="500", auto_approve_up_to="200")
    waiting = propose(pay, "300").json()
    assert waiting["status"] == "pending"
    assert propose(pay, "200").json()["status"] == "auto_approved"
    assert propose(pay, "100").json()["status"] == "auto_approved"  # 300 spent now
    r = pay.owner_client.post(f"/api/actions/{waiting['id']}/approve/")
    assert r.status_code == 409, r.json()
    assert r.json()["reason"] == "budget_exceeded"
    assert "would exceed the workspace budget of 500.00 EUR by 100.00 EUR" in r.json()["detail"]
    assert ProposedAction.objects.get(id=waiting["id"]).status == "pending"
    assert not SessionEvent.objects.filter(action_id=waiting["id"], type="proposed_action.approved").exists()
    # the owner raises the budget — the explicit confirmation — and approves again
    set_budget(pay, monthly_amount="600", auto_approve_up_to="200")
    r = pay.owner_client.post(f"/api/actions/{waiting['id']}/approve/")
    assert r.status_code == 200, r.json()
    entry = SpendEntry.objects.get(action_id=waiting["id"])
    assert entry.approved_by == pay.owner and entry.amount == Decimal("300.00")
    assert ledger_total(pay) == Decimal("600.00")
    recorded = SessionEvent.objects.get(action_id=waiting["id"], type="spend.recorded")
    assert (
        recorded.actor_label == pay.owner.username and recorded.payload["approved_by"] == pay.owner.username
    )


def test_threshold_crossed_is_recorded_once_per_scope_at_80_and_100_percent(pay):
    set_budget(pay, monthly_amount="100", auto_approve_up_to="100")
    pay.owner_client.put(f"/api/projects/{pay.project.id}/budget/", {"monthly_amount": "1000"}, format="json")
    for amount in ("79.99", "0.01", "10", "10"):
        assert propose(pay, amount).json()["status"] == "auto_approved"
    crossed = SessionEvent.objects.filter(type="budget.threshold_crossed").order_by("id")
    assert [(e.payload["scope"], e.payload["threshold_percent"], e.payload["spent"]) for e in crossed] == [
        ("workspace", 80, "80.00"),
        ("workspace", 100, "100.00"),
    ]
    first = crossed[0]
    assert first.payload == {
        "scope": "workspace",
        "scope_id": str(pay.ws.id),
        "threshold_percent": 80,
        "period": budgets.period_of(),
        "spent": "80.00",
        "limit": "100.00",
        "currency": "EUR",
    }
    assert first.project_id == pay.project.id and first.actor_kind == "system"
    assert propose(pay, "0.01").json()["status"] == "pending"  # 100 % spent: anything more asks
    assert SessionEvent.objects.filter(type="budget.threshold_crossed").count() == 2


def test_the_ledger_is_append_only_and_agrees_with_its_events(pay):
    set_budget(pay, auto_approve_up_to="100")
    for amount in ("0.1", 0.2, "3"):
        propose(pay, amount)
    assert ledger_total(pay) == Decimal("3.30")
    events_total = sum(
        (Decimal(e.payload["amount"]) for e in SessionEvent.objects.filter(type="spend.recorded")), Decimal(0)
    )
    assert events_total == ledger_total(pay)
    entry = SpendEntry.objects.first()
    assert entry is not None
    with pytest.raises(TypeError):
        SpendEntry.objects.filter(pk=entry.pk).update(amount=0)
    with pytest.raises(TypeError):
        entry.save()
    with pytest.raises(TypeError):
        entry.delete()


@pytest.mark.parametrize(
    "payload,reason",
    [
        ({"amount": "1.001", "currency": "EUR", "purpose": "x"}, "too_many_decimals"),
        ({"amount": "1.5", "currency": "JPY", "purpose": "x"}, "too_many_decimals"),
        ({"amount": "NaN", "currency": "EUR", "purpose": "x"}, "invalid_amount"),
        ({"amount": -3, "currency": "EUR", "purpose": "x"}, "invalid_amount"),
        ({"amount": "1", "currency": "EURO", "purpose": "x"}, "unknown_currency"),
        ({"amount": "1", "currency": "EUR"}, "invalid"),
        ({"amount": "2000000000", "currency": "EUR", "purpose": "x"}, "amount_too_large"),
    ],
)
def test_bad_spend_payloads_are_400_with_a_reason(pay, payload, reason):
    r = pay.pay_client.post("/api/actions/", {"action_type": "spend", "payload": payload}, format="json")
    assert r.status_code == 400, r.json()
    assert r.json()["reason"] == reason and r.json()["detail"]


def test_budget_settings_validate_their_amounts_and_need_a_workspace_currency_first(pay):
    r = pay.owner_client.put(
        f"/api/projects/{pay.project.id}/budget/", {"monthly_amount": "5"}, format="json"
    )
    assert r.status_code == 409 and r.json()["reason"] == "no_workspace_budget"
    r = pay.owner_client.put(
        f"/api/workspaces/{pay.ws.id}/budget/", {"currency": "JPY", "monthly_amount": "5.5"}, format="json"
    )
    assert r.status_code == 400 and r.json()["reason"] == "too_many_decimals"
    r = pay.owner_client.put(f"/api/workspaces/{pay.ws.id}/budget/", {"currency": "XYZ"}, format="json")
    assert r.status_code == 400 and r.json()["reason"] == "unknown_currency"
    r = pay.owner_client.put(
        f"/api/workspaces/{pay.ws.id}/budget/", {"currency": "EUR", "limit": 5}, format="json"
    )
    assert r.status_code == 400 and r.json()["reason"] == "invalid"
    r = pay.owner_client.put(f"/api/agents/{pay.payer.id}/budget/", {"monthly_amount": "5"}, format="json")
    assert r.status_code == 409


def test_the_currency_cannot_change_under_this_months_spends(pay):
    set_budget(pay, auto_approve_up_to="100")
    propose(pay, "5")
    r = pay.owner_client.put(f"/api/workspaces/{pay.ws.id}/budget/", {"currency": "USD"}, format="json")
    assert r.status_code == 409 and r.json()["reason"] == "currency_mismatch"


def test_overview_has_month_to_date_and_the_forecast(pay):
    from datetime import datetime

    set_budget(pay, monthly_amount="300", auto_approve_up_to="100")
    pay.owner_client.put(f"/api/agents/{pay.payer.id}/budget/", {"monthly_amount": "50"}, format="json")
    propose(pay, "30")
    now = datetime.now(UTC)
    overview = budgets.budget_overview(actor=pay.owner, workspace=pay.ws, now=now)
    assert overview["total"]["spent"] == "30.00" and overview["total"]["limit"] == "300.00"
    assert overview["total"]["percent"] == 10
    import calendar

    days = calendar.monthrange(now.year, now.month)[1]
    expected = (Decimal(30) / now.day * days).quantize(Decimal("0.01"))
    assert overview["total"]["forecast"] == str(expected)
    assert [p["spent"] for p in overview["projects"] if p["name"] == "app"] == ["30.00"]
    assert [(a["name"], a["spent"], a["limit"]) for a in overview["agents"]] == [
        ("dev-pay", "30.00", "50.00")
    ]
    with pytest.raises(DomainError):
        budgets.budget_overview(actor=pay.developer, workspace=pay.ws)


def test_a_denied_spend_is_denied_and_recorded_even_in_another_currency(pay):
    set_budget(pay, auto_approve_up_to="100")
    replace_permissions(actor=pay.owner, project=pay.project, data={"deny": ["Spend()"]})
    r = propose(pay, "1", currency="USD")
    assert r.status_code == 201 and r.json()["status"] == "denied"


def test_an_owners_allow_rule_without_budgets_still_writes_the_ledger(pay):
    replace_permissions(actor=pay.owner, project=pay.project, data={"allow": ["Spend()"]})
    r = propose(pay, "2500", currency="JPY").json()
    assert r["status"] == "auto_approved" and r["reason"] == "allow_rule"
    entry = SpendEntry.objects.get()
    assert (entry.amount, entry.currency, entry.period) == (Decimal("2500"), "JPY", budgets.period_of())


def test_an_explicit_require_approval_autonomy_row_beats_the_threshold(pay):
    set_budget(pay, auto_approve_up_to="100")
    set_autonomy(
        actor=pay.owner, agent=pay.payer, rows=[{"action_type": "spend", "mode": "require_approval"}]
    )
    r = propose(pay, "1").json()
    assert r["status"] == "pending" and r["reason"] == "autonomy"


def test_a_projects_own_threshold_replaces_the_workspaces(pay):
    set_budget(pay, auto_approve_up_to="100")
    r = pay.owner_client.put(
        f"/api/projects/{pay.project.id}/budget/", {"auto_approve_up_to": "5"}, format="json"
    )
    assert r.status_code == 200 and r.json()["project"]["auto_approve_up_to"] == "5.00"
    assert propose(pay, "6").json()["status"] == "pending"
    assert propose(pay, "5").json()["status"] == "auto_approved"


@pytest.mark.parametrize(
    "body,reason",
    [
        ([], "invalid"),
        ({"currency": None}, "invalid_currency"),
        ({"currency": ["EUR"]}, "invalid_currency"),
        ({"currency": "EUR", "monthly_amount": {"v": 1}}, "invalid_amount"),
        ({"currency": "EUR", "monthly_amount": "1e400"}, "invalid_amount"),
        ({"currency": "EUR", "auto_approve_up_to": "-1"}, "invalid_amount"),
        ({"currency": "EUR", "monthly_amount": "9" * 5000}, "invalid_amount"),
        ({"monthly_amount": "5"}, "invalid"),
    ],
)
def test_hostile_budget_bodies_are_400_with_a_reason(pay, body, reason):
    r = pay.owner_client.put(f"/api/workspaces/{pay.ws.id}/budget/", body, format="json")
    assert r.status_code == 400, r.content
    assert r.json()["reason"] == reason
