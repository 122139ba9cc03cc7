"""Your own notifications on a project, over the API (issue 23): ``GET``/``PUT /api/projects/{id}/notifications/``.

The same service as the console's Notifications page (``actions.notifications.set_subscription``): a person
chooses among the kinds their role on the project may read — budgets are for maintainers and owners — and a
project they do not reach is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from brabo.errors import DomainError
from projects.access import project_role
from projects.models import Project
from projects.services import require_person

from . import notifications
from .notification_models import KINDS


class SubscriptionBody(serializers.Serializer):
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=list(KINDS)),
        allow_empty=True,
        help_text="the kinds to be e-mailed about; [] for none",
    )


class SubscriptionAnswer(serializers.Serializer):
    kinds = serializers.ListField(child=serializers.CharField(), help_text="what you are e-mailed about")
    available = serializers.ListField(
        child=serializers.CharField(), help_text="the kinds your role on this project may choose"
    )


def _answer(user, project: Project) -> dict:
    role = project_role(user, project)
    return {
        "kinds": notifications.subscribed_kinds(user, project, role),
        "available": notifications.kinds_for_role(role),
    }


class ProjectNotificationsView(APIView):
    def _project(self, request, project_id) -> Project:
        require_person(request.user, "Choosing notifications")
        project = Project.objects.filter(pk=project_id).first()
        if project is None or project_role(request.user, project) is None:
            raise DomainError(
                "Not found: no such project, or it is not yours.", status=404, reason="not_found"
            )
        return project

    @extend_schema(responses=SubscriptionAnswer)
    def get(self, request, project_id):
        project = self._project(request, project_id)
        return Response(_answer(request.user, project))

    @extend_schema(request=SubscriptionBody, responses=SubscriptionAnswer)
    def put(self, request, project_id):
        project = self._project(request, project_id)
        body = SubscriptionBody(data=request.data)
        body.is_valid(raise_exception=True)
        notifications.set_subscription(user=request.user, project=project, kinds=body.validated_data["kinds"])
        return Response(_answer(request.user, project))
