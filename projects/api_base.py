"""The one base of every API view (R1.1, STYLE.md practice 5): :class:`BraboAPIView`.

Before any handler runs, ``initial()`` refuses a machine (agent or runner key) at a people's endpoint
(403 ``people_only``) and resolves what the URL names — ``workspace_id``, ``project_id``, ``agent_id`` (or a
subclass's own, e.g. ``runner_id``) — among what the caller can reach: anything else is a 404 ``not_found``,
the same answer as for what does not exist. The handler reads it as ``self.workspace`` / ``self.project`` /
``self.agent``. Viewsets (:class:`TenantScopedViewSet`) scope by ``pk`` instead: ``get_queryset`` always
filters by what the caller can reach, so ``get_object`` fails closed.

The few views that must differ say so by name, with the reason, or the class fails to be defined:
``dangerously_unscoped`` (the URL names nothing to scope by: one's own tokens, an invitation token),
``dangerously_allow_machines`` (agents' and runners' own endpoints), ``tenant_scope_escape_hatch`` (a
viewset overriding ``get_queryset``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.db.models import Model, QuerySet
from rest_framework import generics, viewsets
from rest_framework.views import APIView

from brabo.api_errors import ApiError
from brabo.errors import DomainError

from .access import _is_person, visible_projects, visible_workspaces
from .idempotency import IdempotentMixin
from .models import Agent, Project, Workspace
from .services import require_project_role as guard

PEOPLE_ONLY_SENTENCE = (
    "Agents cannot call this endpoint, nor can runners; it is for people. Sign in as a person (session or "
    "personal token)."
)


def _visible_workspace(user, pk) -> Workspace | None:
    return visible_workspaces(user).filter(pk=pk).first()


def _visible_project(user, pk) -> Project | None:
    return visible_projects(user).select_related("workspace").filter(pk=pk).first()


def _visible_agent(user, pk) -> Agent | None:
    return (
        Agent.objects.select_related("project__workspace", "principal__user")
        .filter(pk=pk, project__in=visible_projects(user).values("id"))
        .first()
    )


# URL keyword → (the attribute the view reads it as, the lookup among what the caller reaches).
SCOPES: dict[str, tuple[str, Callable[[Any, Any], Model | None]]] = {
    "workspace_id": ("workspace", _visible_workspace),
    "project_id": ("project", _visible_project),
    "agent_id": ("agent", _visible_agent),
}


def _json_kind(data) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    return "a JSON array" if isinstance(data, list) else "a JSON object"


def not_found() -> DomainError:
    return DomainError("Not found: it does not exist, or it is not yours.", status=404, reason="not_found")


class BraboAPIView(APIView):
    """Every API view derives from this (a test walks the URL map). ``scope_kwarg`` defaults to the one
    scoping keyword of the route; ``scopes`` may add a keyword (an app's own object, e.g. a runner)."""

    people_only: ClassVar[bool] = True
    # the body is a JSON object; an operation whose body is a JSON array says so (``@action(list_body=True)``)
    list_body: ClassVar[bool] = False
    dangerously_allow_machines: ClassVar[str | None] = None
    dangerously_unscoped: ClassVar[str | None] = None
    scopes: ClassVar[dict[str, tuple[str, Callable[[Any, Any], Model | None]]]] = {}

    workspace: Workspace
    project: Project
    agent: Agent

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.people_only and not cls.dangerously_allow_machines:
            raise TypeError(f"{cls.__name__} lets machines in; set dangerously_allow_machines to the reason")

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if self.people_only and not _is_person(request.user):
            raise ApiError(PEOPLE_ONLY_SENTENCE, status_code=403, reason="people_only")
        self.resolve_scope(request, kwargs)
        self.refuse_unreadable_body(request)

    def refuse_unreadable_body(self, request) -> None:
        """R12.4: a body that is not JSON, or JSON of another shape than the operation's, is refused before the
        handler runs -- also where the handler reads no body, which would otherwise carry out the request (a
        revoke, an approval) as if the body had been sent empty. Parsing here raises the parser's own 400/415;
        an empty body is an empty object."""
        # Django's copy of the raw body first (its size limit: 413), so that what reads it later -- the
        # Idempotency-Key fingerprint -- still can once DRF has parsed it
        _ = request._request.body
        data = request.data
        if isinstance(data, dict) or (self.list_body and isinstance(data, list)):
            return
        wanted = "a JSON array" if self.list_body else "a JSON object ({...})"
        raise ApiError(f"The request body must be {wanted}; got {_json_kind(data)}.", reason="invalid")

    def resolve_scope(self, request, kwargs) -> None:
        table = {**SCOPES, **self.scopes}
        scoped = [k for k in kwargs if k in table]
        if not scoped and not self.dangerously_unscoped:
            raise TypeError(
                f"{type(self).__name__}: its route names nothing to scope by; set dangerously_unscoped"
            )
        for key in scoped:
            attribute, find = table[key]
            found = find(request.user, kwargs[key])
            if found is None:
                raise not_found()
            setattr(self, attribute, found)


class BraboListAPIView(BraboAPIView, generics.ListAPIView):
    """A scoped list (events): ``get_queryset`` reads ``self.project`` / ``self.workspace``."""


class TenantScopedViewSet(IdempotentMixin, BraboAPIView, viewsets.GenericViewSet):
    """Set ``scope_to`` to ``"workspace"`` or ``"project"`` and ``scope_path`` to the ORM path from the
    model to that object (``""`` when the model *is* it)."""

    scope_to: str = "project"
    scope_path: str = ""
    lookup_value_regex = r"[0-9a-fA-F-]{32,36}"  # every API id is a UUID; anything else is a 404 route
    tenant_scope_escape_hatch: str | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "get_queryset" in cls.__dict__ and not cls.tenant_scope_escape_hatch:
            raise TypeError(
                f"{cls.__name__} overrides get_queryset; keep scoping in base_queryset() or set "
                "tenant_scope_escape_hatch to the reason"
            )

    def resolve_scope(self, request, kwargs) -> None:
        """A viewset's route names its object by ``pk``; ``get_queryset`` below is its scope."""

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
    project = _visible_project(request.user, project_id)
    if project is None:
        raise not_found()
    return project
