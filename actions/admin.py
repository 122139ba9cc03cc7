"""Admin for proposed actions and events, and the approval console mounted at /admin/console/.

Both models are read-only here: decisions go through the console's buttons, which call
``actions.services`` (the same functions as the API). Events are append-only (R10.1): no add, change or
delete anywhere.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Q

from projects.admin import ReadOnlyAdmin, budget_readers_workspaces

from .events import BUDGET_READER_TYPES
from .models import ProposedAction, SessionEvent, SpendEntry


@admin.register(ProposedAction)
class ProposedActionAdmin(ReadOnlyAdmin):
    scope_path = "project"
    list_display = ["created_at", "action_type", "status", "project", "agent", "reason"]
    list_filter = ["status", "action_type"]
    list_select_related = ["project", "agent"]
    search_fields = ["id", "payload"]
    date_hierarchy = "created_at"
    # what the worker checks a claimed row against (keyed hashes taken with the server's key, never the key)
    readonly_fields = ["payload_hash", "target", "binding", "policy_fingerprint", "decision_seal"]


@admin.register(SessionEvent)
class SessionEventAdmin(ReadOnlyAdmin):
    scope_path = "project"
    list_display = ["created_at", "type", "actor_kind", "actor_label", "project", "action"]
    list_filter = ["type", "actor_kind"]
    list_select_related = ["project", "action"]
    actions = None

    def get_queryset(self, request):
        # R1.1: a threshold crossing (a limit, the month's spend) only where the reader reads the budget
        return (
            super()
            .get_queryset(request)
            .exclude(
                Q(type__in=BUDGET_READER_TYPES)
                & ~Q(project__workspace__in=budget_readers_workspaces(request.user))
            )
        )


@admin.register(SpendEntry)
class SpendEntryAdmin(ReadOnlyAdmin):
    """The spend ledger: append-only, written only by ``actions.budgets``."""

    scope_path = "project"
    list_display = [
        "recorded_at",
        "period",
        "amount",
        "currency",
        "project",
        "agent",
        "approved_by",
        "purpose",
    ]
    list_filter = ["period", "currency"]
    list_select_related = ["project", "agent", "approved_by"]
    actions = None
