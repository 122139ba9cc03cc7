"""Budgets for spend: what the workspace owner allows to be spent per calendar month.

Imported by ``projects.models`` so Django registers them with the ``projects`` app. The running totals are
not here: they are the ledger (``actions.models.SpendEntry``), read under a lock on the workspace's
:class:`WorkspaceBudget` row (``actions.budgets``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

# Money columns: 18 digits, 4 of them decimals (ISO 4217's largest minor unit; actions.money caps amounts).
MONEY_DIGITS, MONEY_PLACES = 18, 4


class WorkspaceBudget(models.Model):
    """The workspace's spend settings: its currency, its monthly budget (optional) and the amount up to
    which a spend may be auto-approved (optional; no threshold → every spend asks the owner). The row every
    spend of the workspace locks, so the check and the ledger entry are one serialised step."""

    workspace = models.OneToOneField(
        "projects.Workspace", on_delete=models.CASCADE, primary_key=True, related_name="budget"
    )
    currency = models.CharField(max_length=3)
    monthly_amount = models.DecimalField(
        max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES, null=True, blank=True
    )
    auto_approve_up_to = models.DecimalField(
        max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES, null=True, blank=True
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"budget of {self.workspace_id} ({self.currency})"


class SpendLimit(models.Model):
    """A project's or an agent's monthly limit, in the workspace budget's currency. A project may also have
    its own auto-approve threshold, which replaces the workspace's for that project's spends."""

    workspace = models.ForeignKey("projects.Workspace", on_delete=models.CASCADE, related_name="spend_limits")
    project = models.ForeignKey(
        "projects.Project", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    agent = models.ForeignKey(
        "projects.Agent", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    monthly_amount = models.DecimalField(
        max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES, null=True, blank=True
    )
    auto_approve_up_to = models.DecimalField(
        max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES, null=True, blank=True
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(project__isnull=False, agent__isnull=True)
                | Q(project__isnull=True, agent__isnull=False),
                name="spend_limit_one_scope",
            ),
            models.CheckConstraint(
                condition=Q(agent__isnull=True) | Q(auto_approve_up_to__isnull=True),
                name="spend_threshold_per_project_only",
            ),
            models.UniqueConstraint(
                fields=["project"], condition=Q(project__isnull=False), name="one_limit_per_project"
            ),
            models.UniqueConstraint(
                fields=["agent"], condition=Q(agent__isnull=False), name="one_limit_per_agent"
            ),
        ]

    def __str__(self) -> str:
        return f"spend limit of {'project ' + str(self.project_id) if self.project_id else 'agent ' + str(self.agent_id)}"
