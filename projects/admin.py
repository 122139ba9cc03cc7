"""Admin for the tenancy models: read-only, scoped to the staff user's workspaces — superusers included.

A raw model form is a side door around the service functions (their role and tenancy checks,
their ``permission.granted`` events). So every page here only shows; memberships, autonomy, agents,
credentials, projects and permissions change through the API and the console, which call the services.
Owner credentials are never rendered: the credentials admin shows only whether each secret is set.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Q

from permissions.action_types import MAINTAINER, OWNER

from .access import visible_projects, visible_workspaces
from .models import (
    AcceptedPolicy,
    Agent,
    AutonomyRule,
    Membership,
    PersonalToken,
    Project,
    SpendLimit,
    Task,
    Workspace,
    WorkspaceBudget,
    WorkspaceCredentials,
)


class TenantScopedAdmin(admin.ModelAdmin):
    """Filters every changelist and object lookup by the staff user's workspaces (R1.1), and never writes.

    ``scope_to`` is "workspace" or "project"; ``scope_path`` the ORM path from the model to it. Being a
    superuser widens nothing: a workspace's rows are its members' to see, and changes go through services.
    """

    scope_to = "project"
    scope_path = ""

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        visible = (visible_workspaces if self.scope_to == "workspace" else visible_projects)(request.user)
        field = f"{self.scope_path}__id__in" if self.scope_path else "id__in"
        return qs.filter(**{field: visible.values("id")})

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_staff

    # No side doors: these rows change only through service functions.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(TenantScopedAdmin):
    """Scoped and read-only: rows that change only through service functions (actions, events, state)."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class _ReadOnlyInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class MembershipInline(_ReadOnlyInline):
    model = Membership


@admin.register(Workspace)
class WorkspaceAdmin(TenantScopedAdmin):
    scope_to = "workspace"
    list_display = ["name", "owner", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]
    list_select_related = ["owner"]


@admin.register(WorkspaceCredentials)
class WorkspaceCredentialsAdmin(TenantScopedAdmin):
    """Read-only status. Secrets are set through PUT /api/workspaces/{id}/credentials/ by the owner."""

    scope_to = "workspace"
    scope_path = "workspace"
    list_display = ["workspace", "provider_kind", "provider_token_is_set", "model_key_is_set"]
    fields = readonly_fields = (
        "workspace",
        "provider_kind",
        "provider_base_url",
        "provider_token_set_at",
        "provider_token_set_by",
        "provider_token_confirmed_by",
        "provider_token_confirmed_at",
        "model_key_set_at",
        "model_key_set_by",
    )

    @admin.display(boolean=True, description="provider token set")
    def provider_token_is_set(self, obj):
        return bool(obj.provider_token_encrypted)

    @admin.display(boolean=True, description="model key set")
    def model_key_is_set(self, obj):
        return bool(obj.model_key_encrypted)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Membership)
class MembershipAdmin(TenantScopedAdmin):
    scope_to = "workspace"
    scope_path = "workspace"
    list_display = ["user", "workspace", "role", "restricted"]
    list_filter = ["role"]
    list_select_related = ["user", "workspace"]
    search_fields = ["user__username"]


@admin.register(Project)
class ProjectAdmin(TenantScopedAdmin):
    list_display = ["name", "workspace", "workspace_dir_name", "execution_mode", "execution_active"]
    list_filter = ["execution_mode"]
    list_select_related = ["workspace"]
    readonly_fields = ["workspace_dir_name"]
    search_fields = ["name", "workspace_dir_name"]


class AutonomyInline(_ReadOnlyInline):
    model = AutonomyRule


@admin.register(Agent)
class AgentAdmin(TenantScopedAdmin):
    scope_path = "project"
    list_display = ["name", "project", "kind", "principal", "revoked_at"]
    list_select_related = ["project", "principal__user"]
    exclude = ["key_hash"]
    inlines = [AutonomyInline]


@admin.register(AutonomyRule)
class AutonomyRuleAdmin(TenantScopedAdmin):
    scope_path = "agent__project"
    list_display = ["agent", "action_type", "mode"]
    list_select_related = ["agent"]


@admin.register(Task)
class TaskAdmin(TenantScopedAdmin):
    scope_path = "project"
    list_display = ["title", "project", "status", "pr_reference", "updated_at"]
    list_filter = ["status"]
    list_select_related = ["project"]


@admin.register(PersonalToken)
class PersonalTokenAdmin(admin.ModelAdmin):
    """Each person sees their own tokens; tokens are issued by ``manage.py create_user_token``."""

    list_display = ["user", "name", "created_at", "revoked_at"]
    exclude = ["key_hash"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("user").filter(user=request.user)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AcceptedPolicy)
class AcceptedPolicyAdmin(ReadOnlyAdmin):
    """R3.5 — the policy in force per project; accepted or restored in the console's permissions editor."""

    scope_path = "project"
    list_display = ["project", "accepted_by", "accepted_at", "source", "sha256"]
    list_select_related = ["project", "accepted_by"]


def budget_readers_workspaces(user):
    """The workspaces whose budgets ``user`` reads: those where they are maintainer+ (GET .../budget/)."""
    return Membership.objects.filter(user=user, role__in=(MAINTAINER, OWNER)).values("workspace_id")


@admin.register(WorkspaceBudget)
class WorkspaceBudgetAdmin(TenantScopedAdmin):
    """Budgets for spend: set by the owner on the Budget page or the API, shown here to maintainers+."""

    scope_to = "workspace"
    scope_path = "workspace"

    def get_queryset(self, request):
        return super().get_queryset(request).filter(workspace__in=budget_readers_workspaces(request.user))

    list_display = [
        "workspace",
        "currency",
        "monthly_amount",
        "auto_approve_up_to",
        "updated_by",
        "updated_at",
    ]


@admin.register(SpendLimit)
class SpendLimitAdmin(TenantScopedAdmin):
    scope_to = "workspace"
    scope_path = "workspace"
    list_display = ["workspace", "project", "agent", "monthly_amount", "auto_approve_up_to", "updated_at"]
    list_select_related = ["workspace", "project", "agent"]

    def get_queryset(self, request):
        # R1.1: a project's limit, or its agent's, only for whoever reaches that project (a row is one of both)
        reach = visible_projects(request.user).values("id")
        return (
            super()
            .get_queryset(request)
            .filter(Q(project__in=reach) | Q(agent__project__in=reach))
            .filter(workspace__in=budget_readers_workspaces(request.user))  # maintainer+, as GET budget/
        )
