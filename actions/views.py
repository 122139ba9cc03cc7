"""The actions API (R12.4): propose, read, wait, approve, deny, approve-always; the queue; events; stats.

Views parse input, pick the caller, and call ``actions.services`` — no rule lives here.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import Count
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status
from rest_framework.decorators import action as route
from rest_framework.exceptions import PermissionDenied
from rest_framework.generics import ListAPIView
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from brabo.api_errors import ApiError
from brabo.errors import DomainError
from projects.api_base import TenantScopedViewSet, visible_project_or_404
from projects.authentication import request_agent
from projects.models import Task

from . import services, waiting
from .events import ACTION_APPROVED, ACTION_CREATED
from .models import AUTO_APPROVED, PENDING, STATUSES, ProposedAction, SessionEvent
from .serializers import (
    ActionSerializer,
    DenySerializer,
    EventSerializer,
    ProposeSerializer,
    read_proposal,
)

MAX_WAIT_SECONDS = 600


def _seconds(raw, name: str) -> float:
    if raw in (None, ""):
        return 0.0
    try:
        value = float(raw)
    except ValueError:
        raise ApiError(
            f"{name} must be a number of seconds (0 to {MAX_WAIT_SECONDS}).", reason="invalid"
        ) from None
    if not 0 <= value <= MAX_WAIT_SECONDS:
        raise ApiError(f"{name} must be between 0 and {MAX_WAIT_SECONDS} seconds.", reason="invalid")
    return value


def _wait_until_settled(action: ProposedAction, timeout: float) -> ProposedAction:
    def settled() -> bool:
        action.refresh_from_db()
        if not connection.in_atomic_block:
            # A long-poll holds a thread, not a database connection: give it back to the pool between
            # checks (issue 13), so 50 waiting agents do not pin 50 connections.
            connection.close()
        return action.is_settled

    waiting.wait_for(str(action.id), settled, timeout)
    return action


class ActionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, TenantScopedViewSet):
    queryset = ProposedAction.objects.select_related("agent", "decided_by")
    serializer_class = ActionSerializer
    scope_to = "project"
    scope_path = "project"
    people_only = False

    def base_queryset(self):
        qs = self.queryset.all()
        agent = request_agent(self.request)
        if agent is not None:
            qs = qs.filter(agent=agent)  # an agent reads only what it proposed
        if self.action == "list":
            params = self.request.query_params
            if params.get("project"):
                try:
                    qs = qs.filter(project_id=uuid.UUID(params["project"]))
                except ValueError:
                    raise ApiError("project must be a project id.", reason="invalid") from None
            if params.get("status"):
                if params["status"] not in STATUSES:
                    raise ApiError(f"status must be one of {', '.join(STATUSES)}.", reason="invalid")
                qs = qs.filter(status=params["status"])
        return qs

    @extend_schema(
        request=ProposeSerializer,
        responses=ActionSerializer,
        parameters=[
            OpenApiParameter(
                "wait", OpenApiTypes.NUMBER, description="seconds to wait for an auto-approved result"
            ),
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                location=OpenApiParameter.HEADER,
                description="a unique string per proposal: a retry with the same key and body within 24 h "
                "returns the first answer and creates nothing (any POST/PUT/PATCH/DELETE accepts it)",
            ),
        ],
    )
    def create(self, request):
        agent = request_agent(request)
        if agent is None:
            raise PermissionDenied("Only agents propose actions here (Authorization: Bearer <agent key>).")
        wait = _seconds(request.query_params.get("wait"), "wait")
        body = read_proposal(request.data)
        task = None
        if body.get("task"):
            task = Task.objects.filter(id=body["task"], project_id=agent.project_id).first()
            if task is None:
                raise DomainError("task is not a task of this agent's project.", field="task")
        decision = services.propose_action(
            project=agent.project,
            agent=agent,
            action_type=body["action_type"],
            payload=body["payload"],
            task=task,
        )
        action = decision.action
        if action.status == AUTO_APPROVED and settings.CELERY_TASK_ALWAYS_EAGER:
            # Without a broker the execution ran inside the commit: show its outcome. With one, the worker
            # runs later and the answer is the decision (?wait=N returns the result).
            action.refresh_from_db(fields=["status", "result", "updated_at", "settled_at"])
        if wait and not action.is_settled and action.status != PENDING:
            action = _wait_until_settled(action, wait)  # R8.4 — the result comes back in the same call
        data = ActionSerializer(action).data
        if decision.hints:
            data["hints"] = decision.hints
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses=ActionSerializer,
        parameters=[
            OpenApiParameter(
                "timeout", OpenApiTypes.NUMBER, description=f"seconds, at most {MAX_WAIT_SECONDS}"
            )
        ],
    )
    @route(detail=True, methods=["get"])
    def wait(self, request, pk=None):
        """Return when the action is settled (executed, failed or denied) or at the timeout (R8.4)."""
        action = self.get_object()
        timeout = _seconds(request.query_params.get("timeout"), "timeout")
        if request_agent(request) is not None:
            services.waiter_attached(action)
        action = _wait_until_settled(action, timeout)
        if request_agent(request) is not None:
            services.waiter_attached(action)
        return Response(ActionSerializer(action).data)

    def _decide(self, request, fn, **kwargs):
        if request_agent(request) is not None:
            raise PermissionDenied("Agents cannot decide actions; a person must.")
        action = self.get_object()
        decision = fn(action_id=action.id, actor=request.user, **kwargs)
        data = ActionSerializer(decision.action).data
        data["outcome"] = decision.outcome
        if decision.patterns:
            data["patterns"] = decision.patterns
        if decision.autonomy_row:
            data["autonomy_row"] = decision.autonomy_row
        return Response(data)

    @extend_schema(request=None, responses=ActionSerializer)
    @route(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        return self._decide(request, services.approve_action)

    @extend_schema(request=DenySerializer, responses=ActionSerializer)
    @route(detail=True, methods=["post"])
    def deny(self, request, pk=None):
        body = DenySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return self._decide(request, services.deny_action, reason=body.validated_data.get("reason", ""))

    @extend_schema(request=None, responses=ActionSerializer)
    @route(detail=True, methods=["post"], url_path="approve-always")
    def approve_always(self, request, pk=None):
        return self._decide(request, services.approve_always)


class ProjectEventsView(ListAPIView):
    """R10 — a project's events, oldest first, paginated. Members only."""

    serializer_class = EventSerializer
    pagination_class = LimitOffsetPagination

    def get_queryset(self):
        if request_agent(self.request) is not None:
            raise PermissionDenied("Agents cannot read the event log; it is for people.")
        project = visible_project_or_404(self.request, self.kwargs["project_id"])
        return SessionEvent.objects.filter(project=project).order_by("id")


def _parse_time(raw: str | None, name: str) -> datetime | None:
    if not raw:
        return None
    try:
        value = parse_datetime(raw)  # well-formed but impossible (Feb 30, hour 25) raises ValueError
        if value is not None and not value.tzinfo:
            value = timezone.make_aware(value)
    except ValueError:
        value = None
    if value is None:
        raise ApiError(
            f"{name} must be a real ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z; got {raw[:40]!r}.",
            reason="invalid",
        )
    return value


class ApprovalStatsView(APIView):
    """R10.2 — how often a human had to click, and which rule approved the rest, over a time range."""

    @extend_schema(
        parameters=[
            OpenApiParameter("since", OpenApiTypes.DATETIME),
            OpenApiParameter("until", OpenApiTypes.DATETIME),
        ],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, project_id):
        if request_agent(request) is not None:
            raise PermissionDenied("Agents cannot read approval statistics; they are for people.")
        project = visible_project_or_404(request, project_id)
        since, until = (
            _parse_time(request.query_params.get("since"), "since"),
            _parse_time(request.query_params.get("until"), "until"),
        )
        return Response(approval_stats(project, since, until))


def approval_stats(project, since=None, until=None) -> dict:
    events = SessionEvent.objects.filter(project=project)
    if since:
        events = events.filter(created_at__gte=since)
    if until:
        events = events.filter(created_at__lt=until)
    human = events.filter(type=ACTION_APPROVED).count()
    policy = (
        events.filter(type=ACTION_CREATED, actor_kind="agent", payload__status=AUTO_APPROVED)
        .values("payload__reason")
        .annotate(n=Count("id"))
        .order_by("-n")
    )
    by_reason: dict[str, int] = {}
    for row in policy:
        key = row["payload__reason"] or "not recorded"  # R10.2 — events from before reasons existed
        by_reason[key] = by_reason.get(key, 0) + row["n"]
    pending = ProposedAction.objects.filter(project=project, status=PENDING).count()
    return {
        "project": str(project.id),
        "since": since,
        "until": until,
        "human_approvals": human,
        "policy_approvals": sum(by_reason.values()),
        "policy_approvals_by_reason": by_reason,
        "pending": pending,
    }
