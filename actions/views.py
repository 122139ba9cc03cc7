"""The actions API (R12.4): propose, read, wait, approve, deny, approve-always; the queue; events; stats.

Views parse input, pick the caller, and call ``actions.services`` — no rule lives here.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import Count, Exists, OuterRef, Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action as route
from rest_framework.response import Response

from brabo.api_errors import ApiError
from brabo.errors import DomainError
from brabo.openapi import error_responses
from brabo.pagination import ActionPagination, EventPagination
from brabo.query_filters import QueryFilter, apply_filters, filter_parameters
from permissions.action_types import ACTION_TYPES, QUESTION_TYPES
from projects.access import PersonFence, project_role
from projects.api_base import BraboAPIView, BraboListAPIView, TenantScopedViewSet
from projects.authentication import (
    AgentKeyAuthentication,
    Fence,
    KeyFence,
    refuse_if_fenced,
    refuse_if_suspended,
    request_agent,
)
from projects.models import Task

from . import inprocess, quorum, services, waiting
from .events import ACTION_APPROVED, ACTION_CREATED, EVENT_TYPES, readable_by
from .models import (
    AUTO_APPROVED,
    PENDING,
    RUNNABLE,
    STATUSES,
    ActionApproval,
    ApprovalRule,
    ProposedAction,
    SessionEvent,
)
from .policy_input import InputsRider, ProposalInputs
from .schema import action_union, proposal_union
from .serializers import (
    ActionSerializer,
    AnswerSerializer,
    ApproveAlwaysSerializer,
    ApproveSerializer,
    CancelSerializer,
    DenySerializer,
    EventSerializer,
    action_data,
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


def _wait_until_settled(action: ProposedAction, timeout: float, fence: Fence | None = None) -> None:
    """Block until ``action`` is settled or ``timeout`` passed; with ``fence``, raise the refusal a fresh call
    would get as soon as the waiter's key, token or session stops opening Brabo, or the person may no longer
    read the action (woken by its announcement), never answering with the decision after that."""

    def settled() -> bool:
        action.refresh_from_db()
        done = action.is_settled or (fence is not None and fence.refusal() is not None)
        if not connection.in_atomic_block:
            # A long-poll holds a thread, not a database connection: give it back to the pool between
            # checks, so 50 waiting agents do not pin 50 connections.
            connection.close()
        return done

    waiting.wait_for(waiting.wait_keys(str(action.id), fence), settled, timeout)
    refuse_if_fenced(fence)


def _answer_when_settled(
    request, action: ProposedAction, timeout: float, finish, code: int = 200, *, shareable: bool = False
) -> Response:
    """R8.4 — answer ``finish()``'s data once ``action`` is settled or ``timeout`` passed. Under the ASGI
    server the async route (``actions.wait_views``) left a plan on the request: the wait is handed to it and
    happens after this view returns, holding no thread; otherwise (WSGI, the test client) it blocks here.
    Either way it counts against the caller's caps on concurrent waits (429 ``too_many_waits``), and it ends
    with what let it in: an agent's key (``KeyFence``: revoked, rotated out, suspended), a person's token or
    session and their right to read the action (``PersonFence``: revoked, signed out, deactivated, removed
    or restricted); it answers as a fresh call would, never with the decision."""
    if timeout and not action.is_settled:
        agent = request_agent(request)
        allowance = waiting.wait_allowance(
            agent_id=agent.id if agent is not None else None, workspace_id=action.project.workspace_id
        )
        fence: Fence | None = KeyFence.of_request(request) or PersonFence.of_request(
            request, action.project_id
        )
        plan = getattr(request, "brabo_deferred_wait", None)
        if plan is not None:
            plan.defer(action, timeout, finish, allowance, shareable=shareable, fence=fence)
            return Response(None, status=code)  # its data is filled in after the wait
        with allowance:
            _wait_until_settled(action, timeout, fence)
    return Response(finish(), status=code)


def agent_proposal(
    agent, action_type: str, payload, task_id=None, inputs: ProposalInputs | None = None
) -> services.Decision:
    """An agent's proposal, as ``POST /api/actions/`` and the MCP tools (``actions.mcp_server``) make it:
    the task must be one of the agent's project. ``inputs``: what authentication read with the agent."""
    task = None
    if task_id:
        task = Task.objects.filter(id=task_id, project_id=agent.project_id).first()
        if task is None:
            raise DomainError("task is not a task of this agent's project.", field="task", reason="invalid")
    decision = services.propose_action(
        project=agent.project, agent=agent, action_type=action_type, payload=payload, task=task, inputs=inputs
    )
    action = decision.action
    if action.status == AUTO_APPROVED and settings.CELERY_TASK_ALWAYS_EAGER:
        # Without a broker the execution ran inside the commit: show its outcome. With one, the worker
        # runs later and the answer is the decision (?wait=N returns the result).
        action.refresh_from_db(fields=["status", "result", "updated_at", "settled_at"])
    return decision


# R12.4 — the queue's filters (GET /api/actions/?project=&status=&…)
ACTION_FILTERS = (
    QueryFilter("project", "project_id", "Only this project's actions.", id_of="a project id"),
    QueryFilter("status", "status", "Only actions in this status.", choices=tuple(STATUSES)),
    QueryFilter("action_type", "action_type", "Only actions of this type.", choices=tuple(ACTION_TYPES)),
    QueryFilter("agent", "agent__name", "Only actions proposed by the agent of this name."),
    QueryFilter("task", "task_id", "Only actions of this task.", id_of="a task id"),
)

EVENT_FILTERS = (
    # any text: the project log holds more than the lifecycle's types (team, key and settings events), and
    # an enum here would make a generated client refuse the ones it does not list
    QueryFilter("type", "type", f"Only events of this type, e.g. {', '.join(EVENT_TYPES)}."),
    QueryFilter("action", "action_id", "Only the events of this action.", id_of="an action id"),
)


APPROVAL_ROWS = Prefetch("approvals", queryset=ActionApproval.objects.select_related("approver"))


def _says_what_approvals_need(actions):
    """One action's read also says whether it has approval rows and a rule for its type (two indexed
    EXISTS in the same statement), so :func:`_load_approval_context` reads neither when there is none."""
    return actions.prefetch_related(None).annotate(
        approval_rows_exist=Exists(ActionApproval.objects.filter(action_id=OuterRef("pk"))),
        type_rule_exists=Exists(
            ApprovalRule.objects.filter(
                project_id=OuterRef("project_id"), action_type=OuterRef("action_type")
            )
        ),
    )


def _load_approval_context(action: ProposedAction) -> None:
    """What ``quorum.approvals_view`` reads for ``action``, read only when it exists: its approval rows
    (none: an empty prefetch) and its project's rules (no rule for its type: none applies, as
    ``quorum.rule_for`` reads the rule of the action's type only)."""
    if action.approval_rows_exist:  # type: ignore[attr-defined]  # annotated by _says_what_approvals_need
        prefetch_related_objects([action], APPROVAL_ROWS)
    else:
        none = ActionApproval.objects.none()
        none._result_cache = []  # as a prefetch leaves it: read without compiling SQL
        none._prefetch_done = True  # type: ignore[attr-defined]
        action._prefetched_objects_cache = {"approvals": none}  # type: ignore[attr-defined]
    if not action.type_rule_exists:  # type: ignore[attr-defined]
        action._approval_rules = {}  # type: ignore[attr-defined]


@extend_schema_view(
    list=extend_schema(responses=action_union(many=True), parameters=filter_parameters(ACTION_FILTERS)),
    retrieve=extend_schema(responses=action_union()),
)
class ActionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, TenantScopedViewSet):
    queryset = ProposedAction.objects.select_related(
        "agent__principal", "decided_by", "project"
    ).prefetch_related(APPROVAL_ROWS)
    serializer_class = ActionSerializer
    pagination_class = ActionPagination  # keyset pages, no COUNT over the queue
    scope_to = "project"
    scope_path = "project"
    people_only = False
    dangerously_allow_machines = (
        "agents propose, read and wait on their own actions (base_queryset narrows them)"
    )

    def get_authenticators(self):
        """``POST /api/actions/``: an agent key's authentication also reads the proposal's inputs, in its one
        statement (``policy_input.InputsRider``). Authentication itself is unchanged."""
        authenticators = super().get_authenticators()
        request = getattr(self, "request", None)
        if request is not None and request.method == "POST" and self.action_map.get("post") == "create":
            for auth in authenticators:
                if type(auth) is AgentKeyAuthentication:
                    auth.rider = InputsRider()  # this request's instance
        return authenticators

    def initial(self, request, *args, **kwargs):
        """A suspended agent reads nothing of its actions (R1.6): its wait is refused, and so is the same
        answer by another route (``GET /api/actions/{id}/`` is a wait with ``timeout=0``, the queue lists
        their decisions). Its proposal is refused by ``services.propose_action``, which says how to resume."""
        super().initial(request, *args, **kwargs)
        agent = request_agent(request)
        if agent is not None and self.action != "create":
            refuse_if_suspended(agent)  # read from the agent its authentication loaded: no query

    def base_queryset(self):
        qs = self.queryset.all()
        agent = request_agent(self.request)
        if agent is not None:
            qs = qs.filter(agent=agent)  # an agent reads only what it proposed
        if self.action == "list":
            qs = apply_filters(qs, self.request.query_params, ACTION_FILTERS)
        elif self.action == "retrieve":
            qs = _says_what_approvals_need(qs)
            if agent is not None:  # its own action: the agent and its project were read by authentication
                qs = qs.select_related(None).select_related("decided_by")
        return qs

    def retrieve(self, request, *args, **kwargs):
        """R12.4 — one action, as the list shows it. Agents poll it while they wait and the console reads
        it, so the usual action (no approval rows, no rule for its type) is read in one statement, not
        three; the answer is the serializer's, the scope is ``get_queryset``'s as for every route."""
        action = self.get_object()
        agent = request_agent(request)
        if agent is not None and (action.agent_id, action.project_id) == (agent.id, agent.project_id):
            # its own action, in its project (base_queryset's scope): both were read by authentication
            action.agent, action.project = agent, agent.project
        _load_approval_context(action)
        return Response(action_data(action))

    def list(self, request, *args, **kwargs):
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        rows = list(page if page is not None else queryset)
        quorum.attach(rows)  # the page's two-person rules in one query, not one per row
        data = ActionSerializer(rows, many=True).data
        return self.get_paginated_response(data) if page is not None else Response(data)

    @extend_schema(
        request=proposal_union(),
        responses={201: action_union(), **error_responses(404, 429)},  # 429: fair-sharing caps
        parameters=[
            OpenApiParameter(
                "wait",
                OpenApiTypes.NUMBER,
                description="seconds to wait for an auto-approved result, or for the answer to an ask_human question",
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
            raise ApiError(
                "Only agents propose actions here (Authorization: Bearer <agent key>).",
                status_code=403,
                reason="permission_denied",
            )
        wait = _seconds(request.query_params.get("wait"), "wait")
        body = read_proposal(request.data)
        rider = getattr(request.successful_authenticator, "rider", None)
        inputs = rider.inputs_for(agent) if isinstance(rider, InputsRider) else None
        decision = agent_proposal(agent, body["action_type"], body["payload"], body.get("task"), inputs)
        action = decision.action

        def answer() -> dict:
            data = action_data(action)  # ActionSerializer's rendering without a serializer per proposal
            if decision.hints:
                data["hints"] = decision.hints
            return data

        # R8.4 — the result comes back in the same call; a question waits for its answer too
        wait = wait if action.status != PENDING or action.action_type in QUESTION_TYPES else 0.0
        return _answer_when_settled(request, action, wait, answer, status.HTTP_201_CREATED)

    @extend_schema(
        responses=action_union(),
        parameters=[
            OpenApiParameter(
                "timeout", OpenApiTypes.NUMBER, description=f"seconds, at most {MAX_WAIT_SECONDS}"
            )
        ],
    )
    @route(detail=True, methods=["get"])
    def wait(self, request, pk=None):
        """Return when the action is settled (executed, failed, denied or expired) or at the timeout (R8.4).
        An expired action's ``result`` says why (reason ``approval_expired``)."""
        action = self.get_object()
        timeout = _seconds(request.query_params.get("timeout"), "timeout")
        agent = request_agent(request)
        if agent is not None:
            # (a suspended agent waits for nothing: ``initial`` refused it, whatever the timeout)
            services.waiter_attached(action)

        def answer() -> dict:
            if agent is not None and action.status == PENDING:
                services.waiter_attached(
                    action
                )  # still waiting on it (a settled action has no waiter to lose)
            return ActionSerializer(action).data

        # every waiter gets the same answer for one state of the action (no caller-specific field)
        return _answer_when_settled(request, action, timeout, answer, shareable=True)

    def _decide(self, request, fn, *, body=None, **kwargs):
        """``body``: the serializer of the request's fields, read only once the caller may reach the action
        (another tenant's action is a 404 whatever the body says)."""
        if request_agent(request) is not None:
            raise ApiError(
                "Agents cannot decide actions; a person must.", status_code=403, reason="permission_denied"
            )
        action = self.get_object()
        if body is not None:
            fields = body(data=request.data or {})
            fields.is_valid(raise_exception=True)
            kwargs.update(fields.validated_data)
            if "payload_hash" in kwargs:  # the payload the caller read: decided only as that (under the lock)
                kwargs["shown_hash"] = kwargs.pop("payload_hash")
        decision = fn(action_id=action.id, actor=request.user, **kwargs)
        if inprocess.current() is not None and decision.action.status in RUNNABLE:
            # without a broker this process's background worker claimed it on commit; the answer
            # says so (`executing`), and the caller follows it with /wait/ or the console
            decision.action.refresh_from_db(fields=["status", "result", "updated_at", "settled_at"])
        data = ActionSerializer(decision.action).data
        data["outcome"] = decision.outcome
        if decision.patterns:
            data["patterns"] = decision.patterns
        if decision.autonomy_row:
            data["autonomy_row"] = decision.autonomy_row
        return Response(data)

    @extend_schema(request=ApproveSerializer, responses=action_union())
    @route(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        return self._decide(request, services.approve_action, body=ApproveSerializer)

    @extend_schema(request=AnswerSerializer, responses=action_union())
    @route(detail=True, methods=["post"])
    def answer(self, request, pk=None):
        """Answer an agent's ``ask_human`` question; the answer is its result (``result.answer``)
        and the agent's wait returns it."""
        return self._decide(request, services.answer_question, body=AnswerSerializer)

    @extend_schema(request=CancelSerializer, responses=action_union())
    @route(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        """Cancel an approved action while its rule's wait timer holds it (it never executes)."""
        return self._decide(request, services.cancel_held, body=CancelSerializer)

    @extend_schema(request=DenySerializer, responses=action_union())
    @route(detail=True, methods=["post"])
    def deny(self, request, pk=None):
        return self._decide(request, services.deny_action, body=DenySerializer)

    @extend_schema(request=ApproveAlwaysSerializer, responses=action_union())
    @route(detail=True, methods=["post"], url_path="approve-always")
    def approve_always(self, request, pk=None):
        return self._decide(request, services.approve_always, body=ApproveAlwaysSerializer)


class ApprovalRuleShape(serializers.Serializer):
    action_type = serializers.ChoiceField(choices=list(ACTION_TYPES))
    approvals = serializers.IntegerField(min_value=1, help_text="how many distinct people must approve")
    min_role = serializers.CharField(help_text="the least role an approval counts from")
    no_self_approval = serializers.BooleanField(help_text="the agent's principal's approval does not count")
    protected_branches_only = serializers.BooleanField(
        required=False, help_text="git_merge only: the rule applies to protected branches only"
    )
    amount_over = serializers.CharField(
        allow_null=True, required=False, help_text="spend only: the rule applies above this amount"
    )
    currency = serializers.CharField(allow_null=True, required=False, help_text="spend only")


class ApprovalRulesBody(serializers.Serializer):
    pending_expiry_seconds = serializers.IntegerField(
        required=False, help_text="how long a pending action waits for a person before it expires"
    )
    rules = ApprovalRuleShape(many=True, required=False, help_text="replaces the whole list")


class ApprovalRulesAnswer(serializers.Serializer):
    project = serializers.CharField()
    pending_expiry_seconds = serializers.IntegerField()
    rules = ApprovalRuleShape(many=True)


class ApprovalStatsAnswer(serializers.Serializer):
    project = serializers.CharField()
    since = serializers.DateTimeField(allow_null=True)
    until = serializers.DateTimeField(allow_null=True)
    human_approvals = serializers.IntegerField(help_text="actions a person approved")
    policy_approvals = serializers.IntegerField(help_text="actions a rule approved")
    policy_approvals_by_reason = serializers.DictField(
        child=serializers.IntegerField(), help_text="the rule approvals by decision reason"
    )
    pending = serializers.IntegerField(help_text="actions waiting for a person now")


class ApprovalRulesView(BraboAPIView):
    """A project's two-person rules and its pending-action expiry. Read: members; write:
    maintainer+ (a rule for a type above the writer's role, e.g. ``spend``, stays the owner's)."""

    @staticmethod
    def _body(project) -> dict:
        return {
            "project": str(project.id),
            "pending_expiry_seconds": project.pending_expiry_seconds,
            "rules": [quorum.rule_data(r) for r in project.approval_rules.order_by("action_type")],
        }

    @extend_schema(responses=ApprovalRulesAnswer)
    def get(self, request, project_id):
        return Response(self._body(self.project))

    @extend_schema(
        request=ApprovalRulesBody,
        responses=ApprovalRulesAnswer,
        description='Body: {"pending_expiry_seconds": 86400, "rules": [{"action_type": "git_merge", '
        '"approvals": 2, "min_role": "maintainer", "no_self_approval": true, "protected_branches_only": true}]}. '
        "Either key may be left out; rules replaces the whole list. A rule may also name "
        '"reviewers" (usernames) and "teams" (team names, /api/teams/) — then only they count, each still of '
        'min_role — and hold an approved action "wait_minutes" (0 to 43200) before it executes.',
    )
    def put(self, request, project_id):
        project = self.project
        data = request.data
        unknown = (
            sorted(set(data) - {"rules", "pending_expiry_seconds", "project"})
            if isinstance(data, dict)
            else []
        )
        if unknown:
            raise ApiError(
                f"unknown fields {', '.join(unknown)}; send rules and/or pending_expiry_seconds.",
                reason="invalid",
            )
        if not isinstance(data, dict) or not ({"rules", "pending_expiry_seconds"} & set(data)):
            raise ApiError(
                "send an object with rules (a list) and/or pending_expiry_seconds (seconds).",
                reason="invalid",
            )
        given = {key: data[key] for key in ("rules", "pending_expiry_seconds") if key in data}
        quorum.set_approval_settings(actor=request.user, project=project, **given)
        project.refresh_from_db()
        return Response(self._body(project))


@extend_schema_view(get=extend_schema(parameters=filter_parameters(EVENT_FILTERS)))
class ProjectEventsView(BraboListAPIView):
    """R10 — a project's events, oldest first, paginated by cursor. Members only."""

    serializer_class = EventSerializer
    pagination_class = EventPagination

    def get_queryset(self):
        # ordered by the paginator along event_project_idx (project, id)
        role = project_role(self.request.user, self.project)
        events = readable_by(SessionEvent.objects.filter(project=self.project), role)
        return apply_filters(events, self.request.query_params, EVENT_FILTERS)


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


class ApprovalStatsView(BraboAPIView):
    """R10.2 — how often a human had to click, and which rule approved the rest, over a time range."""

    @extend_schema(
        parameters=[
            OpenApiParameter("since", OpenApiTypes.DATETIME),
            OpenApiParameter("until", OpenApiTypes.DATETIME),
        ],
        responses=ApprovalStatsAnswer,
    )
    def get(self, request, project_id):
        project = self.project
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
