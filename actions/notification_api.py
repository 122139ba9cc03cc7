"""Your own notifications on a project, over the API: ``GET``/``PUT /api/projects/{id}/notifications/``.

The same service as the console's Notifications page (``actions.notifications.set_subscription``): a person
chooses among the kinds their role on the project may read — budgets are for maintainers and owners — and a
project they do not reach is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from projects.access import project_role
from projects.api_base import BraboAPIView
from projects.models import Project

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


class ProjectNotificationsView(BraboAPIView):
    @extend_schema(responses=SubscriptionAnswer)
    def get(self, request, project_id):
        project = self.project
        return Response(_answer(request.user, project))

    @extend_schema(request=SubscriptionBody, responses=SubscriptionAnswer)
    def put(self, request, project_id):
        project = self.project
        body = SubscriptionBody(data=request.data)
        body.is_valid(raise_exception=True)
        notifications.set_subscription(user=request.user, project=project, kinds=body.validated_data["kinds"])
        return Response(_answer(request.user, project))
