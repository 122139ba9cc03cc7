"""The tenant-scoped base every API viewset uses (R1.1, STYLE.md practice 5).

``get_queryset`` always filters by what the caller can reach, so an object of another workspace is a 404
from ``get_object`` before any permission or role check runs. A subclass that overrides ``get_queryset``
must name why in ``tenant_scope_escape_hatch``; without it, the class fails to even be defined.
"""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework import viewsets
from rest_framework.exceptions import NotFound, PermissionDenied

from .access import visible_projects, visible_workspaces
from .authentication import request_agent
from .idempotency import IdempotentMixin
from .models import Project
from .services import require_project_role as guard


class TenantScopedViewSet(IdempotentMixin, viewsets.GenericViewSet):
    """Set ``scope_to`` to ``"workspace"`` or ``"project"`` and ``scope_path`` to the ORM path from the
    model to that object (``""`` when the model *is* it)."""

    scope_to: str = "project"
    scope_path: str = ""
    lookup_value_regex = r"[0-9a-fA-F-]{32,36}"  # every API id is a UUID; anything else is a 404 route
    tenant_scope_escape_hatch: str | None = None
    people_only: bool = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "get_queryset" in cls.__dict__ and not cls.tenant_scope_escape_hatch:
            raise TypeError(
                f"{cls.__name__} overrides get_queryset; keep scoping in base_queryset() or set "
                "tenant_scope_escape_hatch to the reason"
            )

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if self.people_only and request_agent(request) is not None:
            raise PermissionDenied("Agents cannot call this endpoint; it is for people.")

    def base_queryset(self) -> QuerySet:
        return viewsets.GenericViewSet.get_queryset(self)  # a fresh copy of ``queryset``, unscoped

    def get_queryset(self) -> QuerySet:
        qs = self.base_queryset()
        user = self.request.user
        visible: QuerySet = (
            visible_workspaces(user) if self.scope_to == "workspace" else visible_projects(user)
        ).values("id")
        field = f"{self.scope_path}__id__in" if self.scope_path else "id__in"
        return qs.filter(**{field: visible})


def require_project_role(request, project: Project, minimum: str, what: str) -> str:
    """The view's early check (before a body is judged): the services' own guard, so a view refuses with
    the same status, reason code and sentence as the transition it calls (404 not_found, 403
    role_too_low / people_only)."""
    return guard(request.user, project, minimum, what)


def visible_project_or_404(request, project_id) -> Project:
    project = visible_projects(request.user).select_related("workspace").filter(id=project_id).first()
    if project is None:
        raise NotFound()
    return project
