"""The budget page: month to date per workspace, project and agent, as bars and numbers, with the
forecast at the current rate; the owner's forms for budgets and the auto-approve threshold.

Every change calls ``actions.budgets`` (the same services as the API), which checks the owner role itself;
this module reads what to show and turns a refusal into a message.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from actions import budgets
from actions.money import MINOR_UNITS, format_money
from permissions.action_types import MAINTAINER, OWNER, role_at_least
from projects.models import Agent, Project, SpendLimit, Workspace, WorkspaceBudget
from projects.services import DomainError

from .views import _base_context, _roles


def _tone(percent: int | None) -> str:
    if percent is None:
        return "none"
    return "bad" if percent >= 100 else "warn" if percent >= 80 else "ok"


def _bars(lines: list[dict]) -> list[dict]:
    """Widths (percent of the row) for spent, forecast and the limit mark. With a limit the row is scaled
    to the larger of the limit and the forecast; without one, to the largest figure on the page."""
    peak = max(
        [Decimal(1)]
        + [Decimal(line["forecast"]) for line in lines]
        + [Decimal(line["spent"]) for line in lines]
    )
    rows = []
    for line in lines:
        spent, forecast = Decimal(line["spent"]), Decimal(line["forecast"])
        limit = Decimal(line["limit"]) if line["limit"] else None
        scale = max(limit, forecast, spent, Decimal(1)) if limit else peak
        rows.append(
            {
                **line,
                "tone": _tone(line["percent"]),
                "spent_w": float(round(spent * 100 / scale, 2)),
                "forecast_w": float(round(min(forecast, scale) * 100 / scale, 2)),
                "limit_x": float(round(limit * 100 / scale, 2)) if limit else None,
            }
        )
    return rows


def budget_page(request):
    roles = {ws: role for ws, role in _roles(request.user).items() if role_at_least(role, MAINTAINER)}
    workspaces = list(Workspace.objects.filter(id__in=list(roles)).order_by("name", "id"))
    chosen = request.GET.get("workspace")
    ws = next((w for w in workspaces if str(w.id) == chosen), workspaces[0] if workspaces else None)
    ctx = _base_context(request, "Budget", section="budget", workspaces=workspaces, ws=ws)
    if ws is not None:
        overview = budgets.budget_overview(actor=request.user, workspace=ws)
        lines = ([overview["total"]] if overview["total"] else []) + overview["projects"] + overview["agents"]
        ctx.update(
            overview=overview,
            rows=_bars(lines),
            is_owner=roles[ws.id] == OWNER,
            currencies=sorted(MINOR_UNITS),
            agents=_agents_with_limits(ws),
            budget=WorkspaceBudget.objects.filter(workspace=ws).first(),
        )
    return render(request, "console/budget.html", ctx)


def _agents_with_limits(ws: Workspace) -> list[Agent]:
    budget = WorkspaceBudget.objects.filter(workspace=ws).first()
    limits = dict(
        SpendLimit.objects.filter(workspace=ws, agent__isnull=False).values_list("agent_id", "monthly_amount")
    )
    agents = list(
        Agent.objects.filter(project__workspace=ws, revoked_at__isnull=True)
        .select_related("project")
        .order_by("project__name", "name")
    )
    for agent in agents:
        amount = limits.get(agent.pk)
        shown = format_money(amount, budget.currency) if amount is not None and budget else ""
        agent.budget_limit = shown  # type: ignore[attr-defined]  # the form's current value
    return agents


def _back(ws_id) -> str:
    return f"{reverse('admin:console-budget')}?workspace={ws_id}"


# The form's own words for the API's field names ("monthly_amount must be …" read as a code).
FIELD_WORDS = {
    "monthly_amount": "The monthly budget",
    "auto_approve_up_to": "The auto-approve amount",
    "currency": "The currency",
}


def _in_words(exc: DomainError) -> str:
    text = str(exc)
    for field, words in FIELD_WORDS.items():
        if text.startswith(field):
            return words + text[len(field) :]
        text = text.replace(field, words.lower())
    return text


def _run(request, fn, **kwargs) -> None:
    try:
        fn(actor=request.user, **kwargs)
    except DomainError as exc:
        messages.error(request, _in_words(exc))
    else:
        messages.success(request, "Budget saved.")


def _amount(request, name: str) -> str | None:
    return (request.POST.get(name) or "").strip() or None  # empty clears it


@require_POST
def budget_workspace(request, workspace_id):
    ws = Workspace.objects.filter(pk=workspace_id, memberships__user=request.user).first()
    if ws is None:
        raise Http404
    _run(
        request,
        budgets.set_workspace_budget,
        workspace=ws,
        currency=request.POST.get("currency", ""),
        monthly_amount=_amount(request, "monthly_amount"),
        auto_approve_up_to=_amount(request, "auto_approve_up_to"),
    )
    return redirect(_back(ws.pk))


@require_POST
def budget_project(request, project_id):
    project = Project.objects.select_related("workspace").filter(pk=project_id).first()
    if project is None:
        raise Http404
    _run(
        request,
        budgets.set_project_budget,
        project=project,
        monthly_amount=_amount(request, "monthly_amount"),
        auto_approve_up_to=_amount(request, "auto_approve_up_to"),
    )
    return redirect(_back(project.workspace_id))


@require_POST
def budget_agent(request, agent_id):
    agent = Agent.objects.select_related("project__workspace").filter(pk=agent_id).first()
    if agent is None:
        raise Http404
    _run(request, budgets.set_agent_budget, agent=agent, monthly_amount=_amount(request, "monthly_amount"))
    return redirect(_back(agent.project.workspace_id))
