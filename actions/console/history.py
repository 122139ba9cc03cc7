"""The history page: a workspace's and each project's events, newest first, filterable by actor,
agent, type and outcome, each in a plain sentence (``actions.history``). Paged by the API's keyset
pagination (``brabo.pagination``), so a deep page costs what the first does."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit

from django.http import Http404
from django.shortcuts import render
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from actions import history
from actions.events import readable_by
from actions.models import SessionEvent
from brabo.pagination import EventPagination
from brabo.storable import text_problem
from projects.access import readable_workspace_events, visible_projects
from projects.models import Agent, Membership

from .views import _base_context

PAGE = 50


class NewestFirst(EventPagination):
    """The API's event pages, newest first (``id`` grows with every append)."""

    ordering = "-id"
    page_size = PAGE


def _uuid_or_404(raw: str, what: str):
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise Http404(f"{what} must be an id") from None


def _local(url: str | None) -> str:
    """DRF's links are absolute; the page links to its own path and query."""
    if not url:
        return ""
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


def page(request):
    params = request.GET
    memberships = list(
        Membership.objects.filter(user=request.user).select_related("workspace").order_by("workspace__name")
    )
    if not memberships:
        return render(request, "console/history.html", _base_context(request, "History", section="history"))
    by_id = {str(m.workspace_id): m for m in memberships}
    ws_raw = params.get("workspace") or ""
    if ws_raw:
        _uuid_or_404(ws_raw, "workspace")
        if ws_raw not in by_id:
            raise Http404("no such workspace, or it is not yours")  # R1.1
    membership = by_id.get(ws_raw) or memberships[0]
    workspace = membership.workspace
    projects = list(visible_projects(request.user).filter(workspace=workspace).order_by("name"))
    project = None
    if params.get("project"):
        pid = _uuid_or_404(params["project"], "project")
        project = next((p for p in projects if p.id == pid), None)
        if project is None:
            raise Http404("no such project, or it is not yours")
    agents = list(Agent.objects.filter(project__in=projects).select_related("project").order_by("name"))
    agent = None
    if params.get("agent"):
        aid = _uuid_or_404(params["agent"], "agent")
        agent = next((a for a in agents if a.id == aid), None)
        if agent is None:
            raise Http404("no such agent, or it is not yours")
    log = "team" if params.get("log") == "team" else "projects"
    actor, type_, outcome = params.get("actor", ""), params.get("type", ""), params.get("outcome", "")
    if text_problem(type_):
        raise Http404("type must be an event code")  # PostgreSQL cannot even compare text holding NUL
    if log == "team":
        qs = history.team_filters(
            readable_workspace_events(request.user, workspace.pk), actor=actor, type=type_
        )
        types = history.TEAM_TYPES
    else:
        scope = [project] if project else projects
        qs = history.project_filters(
            # the role is the membership's: a restriction narrows the projects (scope), not the role
            readable_by(
                SessionEvent.objects.filter(project__in=scope).select_related("action__agent", "project"),
                membership.role,
            ),
            actor=actor,
            agent=agent,
            type=type_,
            outcome=outcome,
        )
        types = history.PROJECT_TYPES
    paginator = NewestFirst()
    error = ""
    try:
        rows = paginator.paginate_queryset(qs, Request(request))
    except ValidationError as exc:
        rows, error = [], " ".join(str(m) for msgs in exc.detail.values() for m in msgs)  # type: ignore[union-attr]
    items = [{"event": e, "sentence": history.describe(e), "label": history.type_label(e.type)} for e in rows]
    people = [
        (f"user:{m.user_id}", m.user.get_username())
        for m in Membership.objects.filter(workspace=workspace)
        .select_related("user")
        .order_by("user__username")
    ]
    return render(
        request,
        "console/history.html",
        _base_context(
            request,
            f"History · {project.name if project else workspace.name}",
            section="history",
            workspaces=[m.workspace for m in memberships],
            workspace=workspace,
            projects=projects,
            project=project,
            agents=agents,
            agent=agent,
            log=log,
            people=people,
            actor=actor,
            types=[(t, history.type_label(t)) for t in types],
            type=type_,
            outcomes=[(k, label) for k, (label, _) in history.OUTCOMES.items()],
            outcome=outcome,
            items=items,
            error=error,
            next_url=_local(paginator.get_next_link()) if not error else "",
            previous_url=_local(paginator.get_previous_link()) if not error else "",
        ),
    )
