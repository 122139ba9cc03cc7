"""Runner API (R9.3): registration, listing and revocation by people; long-poll for work and result reports
by the runner."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.response import Response

from brabo.api_errors import ApiError
from brabo.errors import ErrorCode
from permissions.action_types import MAINTAINER
from projects.api_base import BraboAPIView, TenantScopedViewSet, require_project_role, visible_project_or_404
from projects.idempotency import IdempotentMixin
from projects.models import Agent
from projects.serializers import AutonomyRowSerializer

from . import handoff, runners
from .authentication import IsRunner, RunnerKeyAuthentication
from .lifecycle import accept_infra_handoff
from .models import Runner


class RunnerCreateSerializer(serializers.Serializer):
    project = serializers.UUIDField()
    name = serializers.CharField(max_length=80)


class RunnerKeySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    project = serializers.UUIDField()
    name = serializers.CharField()
    key = serializers.CharField(help_text="brabo_runner_…, shown once")


class WorkSerializer(serializers.Serializer):
    action_id = serializers.UUIDField()
    action_type = serializers.CharField()
    payload = serializers.JSONField()
    # the hash stored with the payload when it was proposed: the runner runs only a payload that has it
    payload_hash = serializers.CharField()
    status = serializers.CharField()  # always "executing": the only state a runner's work is in
    project = serializers.JSONField()


class ReportedSerializer(serializers.Serializer):
    action_id = serializers.UUIDField()
    status = serializers.CharField()


class RunnerSerializer(serializers.ModelSerializer):
    """A runner as its project's people see it; the key is never here (only its SHA-256 is stored)."""

    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id", read_only=True)
    created_by = serializers.CharField(source="created_by.username", read_only=True, allow_null=True)
    connected = serializers.SerializerMethodField(
        help_text="polled for work in the last BRABO_RUNNER_STALE_AFTER seconds and not revoked"
    )
    revoked = serializers.SerializerMethodField()

    class Meta:
        model = Runner
        fields = [
            "id",
            "project",
            "name",
            "created_by",
            "created_at",
            "last_seen_at",
            "connected",
            "revoked",
            "revoked_at",
        ]

    def get_connected(self, r) -> bool:
        return handoff.is_connected(r)

    def get_revoked(self, r) -> bool:
        return r.revoked_at is not None


class RevokedRunnerSerializer(RunnerSerializer):
    failed_actions = serializers.IntegerField(
        read_only=True, help_text="actions it held unreported, failed now as runner_revoked"
    )

    class Meta(RunnerSerializer.Meta):
        fields = RunnerSerializer.Meta.fields + ["failed_actions"]


class RunnerViewSet(mixins.RetrieveModelMixin, TenantScopedViewSet):
    """Runners are registered, read and revoked by people: ``POST /api/runners/`` {project, name}
    (maintainer+; the key is in this answer only), ``GET /api/runners/{id}/`` (developer+) and
    ``POST /api/runners/{id}/revoke/`` (maintainer+). A project's list is ``GET /api/projects/{id}/runners/``."""

    queryset = Runner.objects.select_related("project", "created_by")
    serializer_class = RunnerSerializer
    scope_to = "project"
    scope_path = "project"

    @extend_schema(request=RunnerCreateSerializer, responses={201: RunnerKeySerializer})
    def create(self, request):
        data = RunnerCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        project = visible_project_or_404(request, data.validated_data["project"])
        require_project_role(request, project, MAINTAINER, "Registering a runner")
        runner, key = runners.issue_runner(
            actor=request.user, project=project, name=data.validated_data["name"]
        )
        return Response(
            {"id": str(runner.id), "project": str(project.id), "name": runner.name, "key": key},
            status=status.HTTP_201_CREATED,
        )

    def retrieve(self, request, *args, **kwargs):
        runner = self.get_object()
        require_project_role(request, runner.project, "developer", "Reading a runner")
        return Response(RunnerSerializer(runner).data)

    @extend_schema(request=None, responses=RevokedRunnerSerializer)
    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        """Revoke the runner's key at once; it answers 401 from then on. Work it claimed and had not
        reported fails as ``runner_revoked``; queued work stays for the project's other runners."""
        runner = self.get_object()
        require_project_role(request, runner.project, MAINTAINER, "Revoking a runner")
        failed = runners.revoke_runner(runner, actor=request.user)
        return Response({**RunnerSerializer(runner).data, "failed_actions": failed})


class ProjectRunnersView(BraboAPIView):
    """GET /api/projects/{id}/runners/ — the project's runners, revoked ones included (developer+)."""

    @extend_schema(responses=RunnerSerializer(many=True))
    def get(self, request, project_id):
        project = self.project
        require_project_role(request, project, "developer", "Listing runners")
        rows = Runner.objects.filter(project=project).select_related("created_by")
        return Response(RunnerSerializer(rows, many=True).data)


class RunnerView(IdempotentMixin, BraboAPIView):
    authentication_classes = [RunnerKeyAuthentication]
    permission_classes = [IsRunner]
    people_only = False
    dangerously_allow_machines = "a runner's own work loop: only a runner key authenticates here"
    dangerously_unscoped = "the runner key is the scope: claim_work and report read only the key's project"


class RunnerWorkView(RunnerView):
    """GET /api/runner/work/?timeout=N — waits up to N (≤ 30) seconds for work; 204 when there is none."""

    @extend_schema(responses={200: WorkSerializer, 204: None})
    def get(self, request):
        try:
            timeout = float(request.query_params.get("timeout", "0"))
        except ValueError:
            raise ApiError("timeout must be a number of seconds (0 to 30).", reason="invalid") from None
        if not 0 <= timeout <= runners.MAX_POLL_SECONDS:
            raise ApiError("timeout must be between 0 and 30 seconds.", reason="invalid")
        try:
            work = runners.claim_work(request.auth, timeout=timeout)
        except runners.RunnerRevoked as revoked:
            raise AuthenticationFailed(str(revoked)) from None
        if work is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        action = work.action
        project = request.auth.project
        return Response(
            {
                "action_id": str(action.id),
                "action_type": action.action_type,
                "payload": action.payload,
                "payload_hash": action.payload_hash,
                "status": action.status,
                "project": {
                    "id": str(project.id),
                    "workspace_dir_name": project.workspace_dir_name,
                    "execution_mode": project.execution_mode,
                },
            }  # fmt: skip
        )


class ReportSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=["executed", "failed", "refused"])
    result = serializers.JSONField(required=False)
    error = serializers.JSONField(required=False)


class RunnerResultView(RunnerView):
    """POST /api/runner/work/{action_id}/result/ {outcome, result?, error?} — once per claimed work."""

    @extend_schema(request=ReportSerializer, responses={200: ReportedSerializer})
    def post(self, request, action_id):
        data = ReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            action = runners.report(request.auth, action_id, **data.validated_data)
        except runners.RunnerRevoked as revoked:
            raise AuthenticationFailed(str(revoked)) from None
        except runners.ReportRefused as refused:
            reasons: dict[int, ErrorCode] = {404: "not_found", 409: "already_reported", 400: "invalid"}
            reason = reasons[refused.status]
            raise ApiError(str(refused), status_code=refused.status, reason=reason) from None
        return Response({"action_id": str(action.id), "status": action.status})


class AgentHandoffViewSet(TenantScopedViewSet):
    """``POST /api/agents/{id}/accept-handoff/``: the containers' own route on an agent (it lived
    on projects' AgentViewSet, which imported containers back up)."""

    queryset = Agent.objects.select_related("principal__user", "project")
    scope_to = "project"
    scope_path = "project"

    @extend_schema(request=None, responses=AutonomyRowSerializer(many=True))
    @action(detail=True, methods=["post"], url_path="accept-handoff")
    def accept_handoff(self, request, pk=None):
        """R9.6 — accepting the Infra agent's handoff presets its container_start to auto_approve."""
        agent = self.get_object()
        require_project_role(request, agent.project, MAINTAINER, "Accepting the Infra handoff")
        accept_infra_handoff(actor=request.user, agent=agent)
        return Response(AutonomyRowSerializer(agent.autonomy_rules.order_by("action_type"), many=True).data)
