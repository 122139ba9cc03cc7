"""Runner key rotation with an overlap window (the runner side of ``projects.keys``)."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from brabo.errors import DomainError
from permissions.action_types import MAINTAINER
from projects import keys
from projects.access import visible_projects
from projects.api_base import BraboAPIView
from projects.services import require_project_role
from projects.team_api import OverlapSerializer, RotatedKeySerializer, parse_body

from .models import Runner

RUNNER_KEY_ROTATED = "runner.key_rotated"


@transaction.atomic(durable=True)
def rotate_runner_key(*, actor, runner, overlap_minutes=0):
    """As :func:`rotate_agent_key`, for a runner (maintainer+ on its project). Returns (runner, key)."""
    require_project_role(actor, runner.project, MAINTAINER, "Rotating a runner's key", noun="runner")
    minutes = keys.overlap(overlap_minutes)
    locked = Runner.objects.select_for_update(of=("self",)).select_related("project").get(pk=runner.pk)
    if locked.revoked_at is not None:
        raise DomainError(
            "this runner was revoked; register a new one instead.", status=409, reason="runner_revoked"
        )
    return locked, keys.swap_key(
        "runner", locked, actor=actor, minutes=minutes, event_type=RUNNER_KEY_ROTATED
    )


def _visible_runner(user, pk) -> Runner | None:
    return (
        Runner.objects.select_related("project")
        .filter(pk=pk, project__in=visible_projects(user).values("id"))
        .first()
    )


class RunnerKeyRotateView(BraboAPIView):
    scopes = {"runner_id": ("runner", _visible_runner)}
    runner: Runner

    @extend_schema(request=OverlapSerializer, responses=RotatedKeySerializer)
    def post(self, request, runner_id):
        runner = self.runner  # another workspace's runner is a 404 before the body is judged (R1.1)
        require_project_role(
            request.user, runner.project, MAINTAINER, "Rotating a runner's key", noun="runner"
        )
        minutes = parse_body(OverlapSerializer, request)["overlap_minutes"]
        runner, key = rotate_runner_key(actor=request.user, runner=runner, overlap_minutes=minutes)
        return Response({"id": str(runner.id), "name": runner.name, "key": key, "overlap_minutes": minutes})
