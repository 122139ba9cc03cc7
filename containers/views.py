"""Runner API (R9.3): registration by a maintainer, long-poll for work and result reports by the runner."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from brabo.api_errors import ApiError
from projects.api_base import require_project_role, visible_project_or_404
from projects.authentication import request_agent

from . import runners
from .authentication import IsRunner, RunnerKeyAuthentication


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
    project = serializers.JSONField()


class ReportedSerializer(serializers.Serializer):
    action_id = serializers.UUIDField()
    status = serializers.CharField()


class RunnerRegisterView(APIView):
    """POST /api/runners/ {project, name} — maintainer+ of the project; the key is in this answer only."""

    @extend_schema(request=RunnerCreateSerializer, responses={201: RunnerKeySerializer})
    def post(self, request):
        if request_agent(request) is not None:
            raise PermissionDenied("Agents cannot register runners; a maintainer does.")
        data = RunnerCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        project = visible_project_or_404(request, data.validated_data["project"])
        require_project_role(request, project, "maintainer", "Registering a runner")
        runner, key = runners.issue_runner(
            project=project, name=data.validated_data["name"], created_by=request.user
        )
        return Response(
            {"id": str(runner.id), "project": str(project.id), "name": runner.name, "key": key},
            status=status.HTTP_201_CREATED,
        )


class RunnerView(APIView):
    authentication_classes = [RunnerKeyAuthentication]
    permission_classes = [IsRunner]


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
        work = runners.claim_work(request.auth, timeout=timeout)
        if work is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        action = work.action
        project = request.auth.project
        return Response(
            {
                "action_id": str(action.id),
                "action_type": action.action_type,
                "payload": action.payload,
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
        except runners.ReportRefused as refused:
            reason = {404: None, 409: "already_reported", 400: "invalid"}[refused.status]
            raise ApiError(str(refused), status_code=refused.status, reason=reason) from None
        return Response({"action_id": str(action.id), "status": action.status})
