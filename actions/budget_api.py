"""The budget API: ``GET``/``PUT /api/workspaces/{id}/budget/``, ``PUT /api/projects/{id}/budget/``,
``PUT /api/agents/{id}/budget/``. Reading is maintainer+, changing is the owner's; ``actions.budgets`` checks
both (a workspace or project that is not yours is a 404). Amounts are sent as decimal strings ("500.00") or
JSON numbers, ``null`` clears one."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from brabo.api_errors import ApiError
from projects.api_base import BraboAPIView
from projects.models import Project

from . import budgets


def _body(request, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
    data = request.data
    if not isinstance(data, dict):
        raise ApiError(f"the body must be a JSON object with {', '.join(allowed)}.", reason="invalid")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ApiError(
            f"{unknown[0]} is not a budget field; send {', '.join(allowed)} (null clears an amount).",
            reason="invalid",
        )
    missing = [k for k in required if k not in data]
    if missing:
        raise ApiError(f"{missing[0]} is required.", reason="invalid")
    return {k: data.get(k) for k in allowed if k in data}


class WorkspaceBudgetBody(serializers.Serializer):
    currency = serializers.CharField(help_text="ISO 4217 code, e.g. EUR")
    monthly_amount = serializers.CharField(
        allow_null=True, required=False, help_text='e.g. "500.00"; null: none'
    )
    auto_approve_up_to = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="spends up to this may auto-approve; null: every spend asks",
    )


class ProjectBudgetBody(serializers.Serializer):
    monthly_amount = serializers.CharField(allow_null=True, required=False)
    auto_approve_up_to = serializers.CharField(allow_null=True, required=False)


class AgentBudgetBody(serializers.Serializer):
    monthly_amount = serializers.CharField(allow_null=True, required=False)


class BudgetLine(serializers.Serializer):
    """One scope's month to date: amounts are decimal strings in the workspace's currency."""

    scope = serializers.ChoiceField(choices=["workspace", "project", "agent"])
    id = serializers.CharField()
    name = serializers.CharField()
    spent = serializers.CharField(help_text='e.g. "120.50"')
    limit = serializers.CharField(allow_null=True, help_text="the monthly limit; null: none")
    forecast = serializers.CharField(help_text="the month's total at the current rate")
    percent = serializers.IntegerField(allow_null=True, help_text="spent as a percentage of the limit")
    forecast_percent = serializers.IntegerField(allow_null=True)
    auto_approve_up_to = serializers.CharField(
        allow_null=True, required=False, help_text="a project's own threshold (project lines only)"
    )


class BudgetOverview(serializers.Serializer):
    workspace = serializers.CharField()
    period = serializers.CharField(help_text="the month, YYYY-MM (UTC)")
    currency = serializers.CharField(allow_null=True, help_text="null until the owner sets a budget")
    days_elapsed = serializers.IntegerField()
    days_in_month = serializers.IntegerField()
    auto_approve_up_to = serializers.CharField(allow_null=True)
    other_currencies = serializers.DictField(
        child=serializers.CharField(), help_text="spends recorded in another currency, by currency"
    )
    total = BudgetLine(allow_null=True)
    projects = BudgetLine(many=True)
    agents = BudgetLine(many=True)


class ProjectBudgetAnswer(serializers.Serializer):
    period = serializers.CharField()
    currency = serializers.CharField(allow_null=True)
    project = BudgetLine(allow_null=True)


class AgentBudgetAnswer(serializers.Serializer):
    period = serializers.CharField()
    currency = serializers.CharField(allow_null=True)
    agent = BudgetLine(allow_null=True)


class WorkspaceBudgetView(BraboAPIView):
    """Month to date per workspace, project and agent, the limits, the threshold and the forecast at the
    current rate. ``PUT {currency, monthly_amount?, auto_approve_up_to?}`` sets them (owner)."""

    @extend_schema(responses=BudgetOverview)
    def get(self, request, workspace_id):
        return Response(budgets.budget_overview(actor=request.user, workspace=self.workspace))

    @extend_schema(request=WorkspaceBudgetBody, responses=BudgetOverview)
    def put(self, request, workspace_id):
        ws = self.workspace
        budgets.require_workspace_role(request.user, ws.pk, budgets.OWNER, "Setting the spend budget")
        body = _body(request, ("currency", "monthly_amount", "auto_approve_up_to"), ("currency",))
        budgets.set_workspace_budget(actor=request.user, workspace=ws, **body)
        return Response(budgets.budget_overview(actor=request.user, workspace=ws))


class ProjectBudgetView(BraboAPIView):
    """``GET`` the project's line of the overview; ``PUT {monthly_amount?, auto_approve_up_to?}`` (owner)."""

    def _line(self, request, project: Project) -> dict:
        overview = budgets.budget_overview(actor=request.user, workspace=project.workspace)
        line = next((p for p in overview["projects"] if p["id"] == str(project.pk)), None)
        return {"period": overview["period"], "currency": overview["currency"], "project": line}

    @extend_schema(responses=ProjectBudgetAnswer)
    def get(self, request, project_id):
        project = self.project
        budgets.require_project_role(request.user, project, budgets.MAINTAINER, "Reading the spend budget")
        return Response(self._line(request, project))

    @extend_schema(request=ProjectBudgetBody, responses=ProjectBudgetAnswer)
    def put(self, request, project_id):
        project = self.project
        budgets.require_project_role(request.user, project, budgets.OWNER, "Setting a project's spend budget")
        body = _body(request, ("monthly_amount", "auto_approve_up_to"))
        budgets.set_project_budget(actor=request.user, project=project, **body)
        return Response(self._line(request, project))


class AgentBudgetView(BraboAPIView):
    """``PUT {monthly_amount}`` — an agent's monthly limit (owner); null removes it."""

    @extend_schema(request=AgentBudgetBody, responses=AgentBudgetAnswer)
    def put(self, request, agent_id):
        agent = self.agent
        budgets.require_project_role(
            request.user, agent.project, budgets.OWNER, "Setting an agent's spend budget", noun="agent"
        )
        body = _body(request, ("monthly_amount",), ("monthly_amount",))
        budgets.set_agent_budget(actor=request.user, agent=agent, **body)
        overview = budgets.budget_overview(actor=request.user, workspace=agent.project.workspace)
        line = next((a for a in overview["agents"] if a["id"] == str(agent.pk)), None)
        return Response({"period": overview["period"], "currency": overview["currency"], "agent": line})
