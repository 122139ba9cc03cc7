"""Budgets for spend: the owner's settings, the check, and the ledger.

- **Settings** (owner only, ``set_workspace_budget`` / ``set_project_budget`` / ``set_agent_budget``): the
  workspace's currency and monthly budget, optional per-project and per-agent monthly limits, and the amount
  up to which a spend may be auto-approved (per workspace; a project's own threshold replaces it there).
- **The check** (:func:`gate_spend` at proposal, :func:`approve_gate` at approval): what is already in the
  ledger for this calendar month (UTC) plus this amount, against every budget that applies. The workspace's
  budget row is locked (``select_for_update``) for the check *and* the ledger entry, so concurrent spends of
  one workspace are serialised and never overspend.
- **The ledger** (:func:`record_spend`): one append-only ``SpendEntry`` and its ``spend.recorded`` event per
  approved or auto-approved spend, in the same transaction; ``budget.threshold_crossed`` at 80 % and 100 %
  once per scope and period.

Rules, in order: the engine's policy first (a deny denies); a spend in another currency than the budget's is
refused (400 ``currency_mismatch``), never converted; a spend that would cross any budget always needs the
owner, whatever an allow rule or autonomy says, and says by how much; a spend the policy would otherwise
send to a person for want of any rule (reason ``default``) is auto-approved when the owner set a threshold,
it is at most the threshold and within every budget. An explicit ``ask`` rule, autonomy row or hook that
asks still asks. No budget settings → the policy decides alone (the owner approves each spend).

Approving a pending spend re-checks under the same lock. If it would now cross a budget it is refused with
409 ``budget_exceeded`` (fail closed): only the owner approves spends, and they raise the budget first —
that is the explicit confirmation — or deny the action.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Final

from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone

from permissions.action_types import AUTO_APPROVE, DENY, MAINTAINER, OWNER, REQUIRE_APPROVAL
from permissions.messages import sentence
from projects import team_events
from projects.access import visible_projects
from projects.models import Agent, Project, SpendLimit, Workspace, WorkspaceBudget
from projects.services import DomainError, require_project_role, require_workspace_role
from projects.team_events import record as record_team_event

from . import events
from .events import Actor
from .models import ProposedAction, SessionEvent, SpendEntry
from .money import MoneyError, format_money, parse_amount, parse_currency, quantize

SPEND_RECORDED = events.SPEND_RECORDED
THRESHOLD_CROSSED = events.BUDGET_THRESHOLD_CROSSED
BUDGET_UPDATED = (
    team_events.BUDGET_UPDATED
)  # the workspace's own log (projects.team_events), with the owner as actor
THRESHOLDS = (80, 100)
LEDGER = Actor.system("ledger")

REASON_EXCEEDED: Final = "budget_exceeded"
REASON_THRESHOLD = "spend_threshold"
BUDGET_REASONS = (REASON_EXCEEDED, REASON_THRESHOLD)


def period_of(when: datetime | None = None) -> str:
    """The calendar month (UTC) a spend counts against, "YYYY-MM"."""
    return (when or timezone.now()).astimezone(UTC).strftime("%Y-%m")


# -- settings (owner only) -------------------------------------------------------------------------------


def _optional_amount(value: Any, currency: str, field: str) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        return parse_amount(value, currency, field=field)
    except MoneyError as exc:
        raise DomainError(str(exc), field=exc.field, reason=exc.reason) from None


@transaction.atomic(durable=True)
def set_workspace_budget(
    *, actor, workspace: Workspace, currency: Any, monthly_amount: Any = None, auto_approve_up_to: Any = None
) -> WorkspaceBudget:
    """The workspace's currency, monthly budget and auto-approve threshold (None clears one). Changing the
    currency is refused while this month's ledger holds spends in the old one: they would stop counting."""
    require_workspace_role(actor, workspace.pk, OWNER, "Setting the spend budget")
    try:
        code = parse_currency(currency)
    except MoneyError as exc:
        raise DomainError(str(exc), field=exc.field, reason=exc.reason) from None
    amount = _optional_amount(monthly_amount, code, "monthly_amount")
    threshold = _optional_amount(auto_approve_up_to, code, "auto_approve_up_to")
    budget = WorkspaceBudget.objects.select_for_update().filter(workspace=workspace).first()
    if budget is not None and budget.currency != code:
        spent_elsewhere = SpendEntry.objects.filter(workspace=workspace, period=period_of()).exclude(
            currency=code
        )
        if spent_elsewhere.exists():
            raise DomainError(
                f"this month's spends are in {budget.currency}; the budget's currency can change from next month "
                "(amounts are never converted).",
                field="currency",
                status=409,
                reason="currency_mismatch",
            )
    before = _budget_view(budget)
    if budget is None:
        budget = WorkspaceBudget(workspace=workspace)
    budget.currency, budget.monthly_amount, budget.auto_approve_up_to = code, amount, threshold
    budget.updated_by, budget.updated_at = actor, timezone.now()
    budget.save()
    record_team_event(
        workspace.pk,
        BUDGET_UPDATED,
        actor=actor,
        payload={
            "scope": "workspace",
            "scope_id": str(workspace.pk),
            "before": before,
            "after": _budget_view(budget),
        },
    )
    return budget


def _budget_view(row) -> dict | None:
    if row is None:
        return None
    currency = getattr(row, "currency", None) or row.workspace.budget.currency
    view = {
        "monthly_amount": _money_or_none(row.monthly_amount, currency),
        "auto_approve_up_to": _money_or_none(row.auto_approve_up_to, currency),
    }
    if isinstance(row, WorkspaceBudget):
        view["currency"] = row.currency
    return view


def _money_or_none(value: Decimal | None, currency: str) -> str | None:
    return None if value is None else format_money(value, currency)


def _workspace_budget_or_409(workspace_id) -> WorkspaceBudget:
    budget = WorkspaceBudget.objects.select_for_update().filter(workspace_id=workspace_id).first()
    if budget is None:
        raise DomainError(
            "the workspace has no budget currency yet; the owner sets the workspace budget first "
            "(PUT /api/workspaces/{id}/budget/ with a currency), then project and agent limits in it.",
            status=409,
            reason="no_workspace_budget",
        )
    return budget


@transaction.atomic(durable=True)
def set_project_budget(
    *, actor, project: Project, monthly_amount: Any = None, auto_approve_up_to: Any = None
) -> SpendLimit | None:
    """A project's monthly limit and its own threshold, in the workspace budget's currency. Both None
    removes them (the workspace's settings apply alone)."""
    require_project_role(actor, project, OWNER, "Setting a project's spend budget")
    budget = _workspace_budget_or_409(project.workspace_id)
    return _set_limit(
        actor,
        budget,
        {"project": project},
        "project",
        project.pk,
        _optional_amount(monthly_amount, budget.currency, "monthly_amount"),
        _optional_amount(auto_approve_up_to, budget.currency, "auto_approve_up_to"),
    )


@transaction.atomic(durable=True)
def set_agent_budget(*, actor, agent: Agent, monthly_amount: Any = None) -> SpendLimit | None:
    """An agent's monthly limit, in the workspace budget's currency; None removes it."""
    require_project_role(actor, agent.project, OWNER, "Setting an agent's spend budget", noun="agent")
    budget = _workspace_budget_or_409(agent.project.workspace_id)
    amount = _optional_amount(monthly_amount, budget.currency, "monthly_amount")
    return _set_limit(actor, budget, {"agent": agent}, "agent", agent.pk, amount, None)


def _set_limit(actor, budget, scope: dict, kind: str, scope_id, amount, threshold) -> SpendLimit | None:
    row = SpendLimit.objects.select_for_update().filter(**scope).first()
    before = _budget_view(row) if row is not None else None
    if amount is None and threshold is None:
        if row is not None:
            row.delete()
        row = None
    else:
        row = row or SpendLimit(workspace_id=budget.workspace_id, **scope)
        row.monthly_amount, row.auto_approve_up_to = amount, threshold
        row.updated_by, row.updated_at = actor, timezone.now()
        row.save()
    after = None
    if row is not None:
        after = {
            "monthly_amount": _money_or_none(amount, budget.currency),
            "auto_approve_up_to": _money_or_none(threshold, budget.currency),
        }
    record_team_event(
        budget.workspace_id,
        BUDGET_UPDATED,
        actor=actor,
        payload={
            "scope": kind,
            "scope_id": str(scope_id),
            "currency": budget.currency,
            "before": before,
            "after": after,
        },
        # R1.1: a project's or its agent's limit is read by those who reach the project only
        project_id=scope["project"].pk if "project" in scope else scope["agent"].project_id,
    )
    return row


# -- the check -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scope:
    kind: str  # "workspace" | "project" | "agent"
    id: str
    name: str
    limit: Decimal
    spent: Decimal  # before this spend

    def sentence_over(self, amount: Decimal, currency: str) -> str | None:
        over = self.spent + amount - self.limit
        if over <= 0:
            return None
        label = {
            "workspace": "workspace budget",
            "project": "project budget",
            "agent": f"budget of agent {self.name}",
        }
        return (
            f"would exceed the {label[self.kind]} of {format_money(self.limit, currency)} {currency} by "
            f"{format_money(over, currency)} {currency} ({format_money(self.spent, currency)} {currency} already "
            f"spent this month)"
        )


def lock_budget(workspace_id) -> WorkspaceBudget | None:
    """The workspace's budget row, locked for the rest of the transaction; None when there is none."""
    return WorkspaceBudget.objects.select_for_update().filter(workspace_id=workspace_id).first()


def _scopes(budget: WorkspaceBudget, project_id, agent_id, period: str) -> tuple[list[Scope], Decimal | None]:
    """Every budget that applies to a spend of ``project_id`` / ``agent_id`` with what the ledger already
    holds for it this period (one query for the three sums), and the threshold in force."""
    limits = {
        (row.project_id, row.agent_id): row
        for row in SpendLimit.objects.filter(
            Q(project_id=project_id) | Q(agent_id=agent_id) if agent_id else Q(project_id=project_id)
        )
    }
    project_limit = limits.get((project_id, None))
    agent_limit = limits.get((None, agent_id)) if agent_id else None
    sums = {"workspace": Sum("amount"), "project": Sum("amount", filter=Q(project_id=project_id))}
    if agent_id:
        sums["agent"] = Sum("amount", filter=Q(agent_id=agent_id))
    totals = SpendEntry.objects.filter(
        workspace_id=budget.workspace_id, period=period, currency=budget.currency
    ).aggregate(**sums)
    zero = Decimal(0)
    scopes = []
    if budget.monthly_amount is not None:
        scopes.append(
            Scope(
                "workspace", str(budget.workspace_id), "", budget.monthly_amount, totals["workspace"] or zero
            )
        )
    if project_limit is not None and project_limit.monthly_amount is not None:
        scopes.append(
            Scope("project", str(project_id), "", project_limit.monthly_amount, totals["project"] or zero)
        )
    if agent_limit is not None and agent_limit.monthly_amount is not None:
        name = Agent.objects.filter(pk=agent_id).values_list("name", flat=True).first() or ""
        scopes.append(
            Scope("agent", str(agent_id), name, agent_limit.monthly_amount, totals.get("agent") or zero)
        )
    threshold = budget.auto_approve_up_to
    if project_limit is not None and project_limit.auto_approve_up_to is not None:
        threshold = project_limit.auto_approve_up_to  # the project's own threshold replaces the workspace's
    return scopes, threshold


def _currency_refusal(budget: WorkspaceBudget, currency: str, status: int) -> DomainError:
    return DomainError(
        f"this workspace budgets in {budget.currency}; a spend in {currency} is refused, never converted. "
        f"Propose it in {budget.currency}.",
        field="payload.currency",
        status=status,
        reason="currency_mismatch",
    )


def gate_spend(project: Project, agent: Agent | None, payload: dict, verdict):
    """The budget's word on a spend the engine already judged. Call inside the transaction that
    inserts the action: the workspace's budget row stays locked until it commits, with its ledger entry."""
    if verdict.decision == DENY:
        return verdict  # denied whatever the budget says, and recorded as such
    budget = lock_budget(project.workspace_id)
    if budget is None:
        return verdict  # no budget settings: the policy decides alone (the owner approves each spend)
    currency = payload["currency"]
    if currency != budget.currency:
        raise _currency_refusal(budget, currency, 400)
    amount = Decimal(payload["amount"])
    scopes, threshold = _scopes(budget, project.pk, agent.pk if agent else None, period_of())
    over = [s for s in (scope.sentence_over(amount, currency) for scope in scopes) if s]
    if over:
        # Crossing a budget always asks the owner, whatever allow rules or autonomy say.
        return replace(
            verdict,
            decision=REQUIRE_APPROVAL,
            reason=REASON_EXCEEDED,
            message=sentence(REASON_EXCEEDED, None, "; ".join(over)),
        )
    if verdict.decision == AUTO_APPROVE:
        return verdict  # the policy auto-approved it, and it fits every budget
    if verdict.reason == "default" and threshold is not None and amount <= threshold:
        detail = f"{format_money(amount, currency)} {currency} is at most {format_money(threshold, currency)} {currency}"
        if scopes:
            detail += " and fits every budget"
        return replace(
            verdict,
            decision=AUTO_APPROVE,
            reason=REASON_THRESHOLD,
            message=sentence(REASON_THRESHOLD, None, detail),
        )
    return verdict


def approve_gate(action: ProposedAction) -> WorkspaceBudget | None:
    """Before a person approves a pending spend (inside ``approve_action``'s transaction): the budgets are
    checked again under the lock, as they stand now. Crossing one is a 409, never an approval."""
    budget = lock_budget(action.project.workspace_id)
    if budget is None:
        return None
    currency = action.payload["currency"]
    if currency != budget.currency:
        raise _currency_refusal(budget, currency, 409)
    amount = Decimal(action.payload["amount"])
    scopes, _ = _scopes(budget, action.project_id, action.agent_id, period_of())
    over = [s for s in (scope.sentence_over(amount, currency) for scope in scopes) if s]
    if over:
        raise DomainError(
            f"approving this spend {'; '.join(over)}. Nothing was approved: the owner raises the budget first "
            "and approves again, or denies the action.",
            status=409,
            reason=REASON_EXCEEDED,
        )
    return budget


def spend_view(action: ProposedAction) -> dict | None:
    """What approving a pending spend would do to the budgets, as they stand now (the card shows
    it before the click): each budget that applies with what is left of it, and whether approving can only
    fail (it would cross one: :func:`approve_gate` refuses it). None when the workspace has no budget row or
    the payload is not a spend this budget reads. Read-only: the approval re-checks under the lock."""
    budget = WorkspaceBudget.objects.filter(workspace_id=action.project.workspace_id).first()
    payload = action.payload if isinstance(action.payload, dict) else {}
    if budget is None or payload.get("currency") != budget.currency:
        return None
    try:
        amount = Decimal(str(payload.get("amount")))
    except ArithmeticError:
        return None
    currency = budget.currency
    scopes, _ = _scopes(budget, action.project_id, action.agent_id, period_of())
    names = {"workspace": "workspace", "project": f"project {action.project.name}"}
    lines = []
    for scope in scopes:
        left = scope.limit - scope.spent
        lines.append(
            {
                "name": names.get(scope.kind) or f"agent {scope.name}",
                "limit": format_money(scope.limit, currency),
                "left": format_money(max(left, Decimal(0)), currency),
                "after": format_money(left - amount, currency),
                "fits": amount <= left,
            }
        )
    return {
        "amount": format_money(amount, currency),
        "currency": currency,
        "budgets": lines,
        "blocked": any(not line["fits"] for line in lines),
    }


def record_spend(action: ProposedAction, *, approved_by=None) -> SpendEntry:
    """The ledger entry of an approved (``approved_by`` a person) or auto-approved spend, its
    ``spend.recorded`` event and any ``budget.threshold_crossed``. In the caller's locked transaction."""
    amount, currency = Decimal(action.payload["amount"]), action.payload["currency"]
    period = period_of()
    workspace_id = Project.objects.filter(pk=action.project_id).values_list("workspace_id", flat=True).get()
    budget = WorkspaceBudget.objects.filter(workspace_id=workspace_id).first()  # locked by the caller
    scopes: list[Scope] = []
    if budget is not None and budget.currency == currency:
        scopes, _ = _scopes(budget, action.project_id, action.agent_id, period)
    entry = SpendEntry.objects.create(
        action=action,
        workspace_id=workspace_id,
        project_id=action.project_id,
        agent_id=action.agent_id,
        amount=amount,
        currency=currency,
        period=period,
        purpose=action.payload["purpose"],
        approved_by=approved_by,
    )
    events.record(
        SPEND_RECORDED,
        project_id=action.project_id,
        actor=Actor.of_user(approved_by) if approved_by is not None else LEDGER,
        action=action,
        payload={
            "ledger_id": entry.pk,
            "amount": format_money(amount, currency),
            "currency": currency,
            "period": period,
            "purpose": entry.purpose,
            "approved_by": approved_by.get_username() if approved_by is not None else None,
        },
    )
    for scope in scopes:
        _threshold_events(action, scope, scope.spent + amount, currency, period)
    return entry


def _threshold_events(
    action: ProposedAction, scope: Scope, spent: Decimal, currency: str, period: str
) -> None:
    for percent in THRESHOLDS:
        if spent * 100 < scope.limit * percent:
            continue
        already = SessionEvent.objects.filter(
            type=THRESHOLD_CROSSED,
            payload__scope=scope.kind,
            payload__scope_id=scope.id,
            payload__period=period,
            payload__threshold_percent=percent,
        ).exists()
        if already:  # once per scope, threshold and period; the budget lock makes this check race-free
            continue
        project_id: Any = action.project_id
        if scope.kind == "project":
            project_id = scope.id
        elif scope.kind == "agent":
            project_id = Agent.objects.filter(pk=scope.id).values_list("project_id", flat=True).get()
        events.record(
            THRESHOLD_CROSSED,
            project_id=project_id,
            actor=Actor.system("budget"),
            action=action,
            payload={
                "scope": scope.kind,
                "scope_id": scope.id,
                "threshold_percent": percent,
                "period": period,
                "spent": format_money(spent, currency),
                "limit": format_money(scope.limit, currency),
                "currency": currency,
            },
        )


# -- reading: month to date and the forecast -------------------------------------------------------------


def _forecast(spent: Decimal, now: datetime, currency: str) -> Decimal:
    """At the current rate: spent / days elapsed (today counts) × days in the month."""
    days = calendar.monthrange(now.year, now.month)[1]
    elapsed = max(1, now.day)
    return quantize(spent / elapsed * days, currency)


def _line(kind: str, id_, name: str, spent: Decimal, limit: Decimal | None, currency: str, now) -> dict:
    forecast = _forecast(spent, now, currency)
    return {
        "scope": kind,
        "id": str(id_),
        "name": name,
        "spent": format_money(spent, currency),
        "limit": _money_or_none(limit, currency),
        "forecast": format_money(forecast, currency),
        "percent": None if not limit else int(spent * 100 / limit),
        "forecast_percent": None if not limit else int(forecast * 100 / limit),
    }


def budget_overview(*, actor, workspace: Workspace, now: datetime | None = None) -> dict:
    """Month to date per workspace, project and agent, with limits and the forecast at the current rate
    (maintainer+ reads; the owner changes)."""
    require_workspace_role(actor, workspace.pk, MAINTAINER, "Reading the spend budget")
    now = (now or timezone.now()).astimezone(UTC)
    period = period_of(now)
    budget = WorkspaceBudget.objects.filter(workspace=workspace).first()
    currency = budget.currency if budget else None
    entries = SpendEntry.objects.filter(workspace=workspace, period=period)
    other_currencies = {}
    if currency:
        for row in entries.exclude(currency=currency).values("currency").annotate(total=Sum("amount")):
            other_currencies[row["currency"]] = format_money(row["total"], row["currency"])
        entries = entries.filter(currency=currency)
    else:
        for row in entries.values("currency").annotate(total=Sum("amount")):
            other_currencies[row["currency"]] = format_money(row["total"], row["currency"])
        entries = entries.none()
    by_project = dict(entries.values_list("project_id").annotate(total=Sum("amount")))
    by_agent = dict(entries.filter(agent__isnull=False).values_list("agent_id").annotate(total=Sum("amount")))
    limits = list(SpendLimit.objects.filter(workspace=workspace))
    project_limits = {r.project_id: r for r in limits if r.project_id}
    agent_limits = {r.agent_id: r for r in limits if r.agent_id}
    zero = Decimal(0)
    result: dict[str, Any] = {
        "workspace": str(workspace.pk),
        "period": period,
        "currency": currency,
        "days_elapsed": now.day,
        "days_in_month": calendar.monthrange(now.year, now.month)[1],
        "auto_approve_up_to": _money_or_none(budget.auto_approve_up_to, budget.currency) if budget else None,
        "other_currencies": other_currencies,
        "total": None,
        "projects": [],
        "agents": [],
    }
    if budget is None or currency is None:
        return result
    total = sum(by_project.values(), zero)
    result["total"] = _line(
        "workspace", workspace.pk, workspace.name, total, budget.monthly_amount, currency, now
    )
    # R1.1: a member restricted to some projects reads the lines of those only (the total is the workspace's)
    reachable = visible_projects(actor).filter(workspace=workspace)
    for project in reachable.order_by("name"):
        lim = project_limits.get(project.pk)
        line = _line(
            "project",
            project.pk,
            project.name,
            by_project.get(project.pk, zero),
            lim.monthly_amount if lim else None,
            currency,
            now,
        )
        line["auto_approve_up_to"] = _money_or_none(lim.auto_approve_up_to if lim else None, currency)
        result["projects"].append(line)
    agents = (
        Agent.objects.filter(project__in=reachable.values("id"))
        .select_related("project")
        .order_by("project__name", "name")
    )
    for agent in agents:
        if agent.pk not in by_agent and agent.pk not in agent_limits:
            continue  # an agent that neither spent nor has a limit is noise on this page
        lim = agent_limits.get(agent.pk)
        line = _line(
            "agent",
            agent.pk,
            agent.name,
            by_agent.get(agent.pk, zero),
            lim.monthly_amount if lim else None,
            currency,
            now,
        )
        line["project"] = agent.project.name
        result["agents"].append(line)
    return result
