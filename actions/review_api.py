"""Named reviewers and webhooks over the API: the workspace's teams of reviewers (``/api/teams/``) and its webhooks
(``/api/webhooks/``). Both are ``TenantScopedViewSet``s scoped to the caller's workspaces (anything else is a
404); reading and changing them is for maintainers and owners not restricted to some projects, as in the
console. Every change goes through the services (``actions.reviewers``, ``actions.notifications``), which
check the actor again and write the workspace's audit events.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action as route
from rest_framework.response import Response

from brabo.errors import DomainError
from permissions.action_types import MAINTAINER, role_at_least
from projects.api_base import TenantScopedViewSet
from projects.models import Membership, Workspace
from projects.services import require_person

from . import notifications, reviewers
from .models import Team, WebhookEndpoint
from .notification_models import FORMATS, KINDS


def _configurable_workspaces(user):
    """The workspaces whose teams and webhooks ``user`` reads: maintainer+, not restricted."""
    rows = Membership.objects.filter(user=user, restricted=False).values_list("workspace_id", "role")
    return [ws for ws, role in rows if role_at_least(role, MAINTAINER)]


def _workspace_or_404(user, workspace_id) -> Workspace:
    ws = Workspace.objects.filter(pk=workspace_id).first() if workspace_id else None
    if ws is None or not Membership.objects.filter(user=user, workspace=ws).exists():
        raise DomainError("Not found: no such workspace, or it is not yours.", status=404, reason="not_found")
    return ws


class _ConfigurerViewSet(TenantScopedViewSet):
    scope_to = "workspace"
    scope_path = "workspace"

    def _check_reader(self, workspace_id, what: str) -> None:
        """Reading is the same rule as changing (maintainer+, not restricted): the services' own guard."""
        reviewers.require_configurer(self.request.user, workspace_id, what)

    def base_queryset(self):
        qs = super().base_queryset()
        if self.action == "list":
            # a list shows only what the caller may read: their workspaces where they configure (the tenant
            # scope is applied on top by get_queryset), optionally one of them (?workspace=)
            require_person(self.request.user, "Reading teams and webhooks")
            qs = qs.filter(workspace_id__in=_configurable_workspaces(self.request.user))
            workspace = self.request.query_params.get("workspace")
            if workspace:
                qs = qs.filter(workspace_id=workspace) if _is_uuid(workspace) else qs.none()
        return qs


def _is_uuid(text: str) -> bool:
    import uuid

    try:
        uuid.UUID(text)
    except ValueError:
        return False
    return True


# -- teams -------------------------------------------------------------------------------------------------


class TeamSerializer(serializers.Serializer):
    id = serializers.CharField(read_only=True)
    workspace = serializers.CharField(source="workspace_id", read_only=True)
    name = serializers.CharField(read_only=True)
    members = serializers.ListField(child=serializers.CharField(), read_only=True, help_text="usernames")
    rules = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        help_text="the approval rules naming the team, as PROJECT_ID:ACTION_TYPE",
    )
    created_at = serializers.DateTimeField(read_only=True)

    def to_representation(self, instance):
        data = reviewers.team_data(instance)
        data["workspace"] = str(instance.workspace_id)
        data["created_at"] = serializers.DateTimeField().to_representation(instance.created_at)
        return data


class TeamCreateSerializer(serializers.Serializer):
    workspace = serializers.UUIDField()
    name = serializers.CharField(max_length=80)
    members = serializers.ListField(child=serializers.CharField(max_length=150), required=False, default=list)


class TeamMembersSerializer(serializers.Serializer):
    members = serializers.ListField(
        child=serializers.CharField(max_length=150), help_text="replaces the list"
    )


class TeamViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    _ConfigurerViewSet,
):
    """Named groups of a workspace's members that an approval rule may name as its reviewers."""

    queryset = Team.objects.select_related("workspace").prefetch_related("members", "rules")
    serializer_class = TeamSerializer
    http_method_names = ["get", "post", "put", "delete", "head", "options"]

    def retrieve(self, request, *args, **kwargs):
        team = self.get_object()
        self._check_reader(team.workspace_id, "Reading a team")
        return Response(TeamSerializer(team).data)

    @extend_schema(request=TeamCreateSerializer, responses={201: TeamSerializer})
    def create(self, request, *args, **kwargs):
        body = TeamCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ws = _workspace_or_404(request.user, body.validated_data["workspace"])
        team = reviewers.create_team(
            actor=request.user,
            workspace=ws,
            name=body.validated_data["name"],
            members=body.validated_data["members"],
        )
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=TeamMembersSerializer, responses=TeamSerializer)
    def update(self, request, *args, **kwargs):
        team = self.get_object()
        body = TeamMembersSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        team = reviewers.set_team_members(
            actor=request.user, team=team, members=body.validated_data["members"]
        )
        return Response(
            TeamSerializer(Team.objects.prefetch_related("members", "rules").get(pk=team.pk)).data
        )

    def destroy(self, request, *args, **kwargs):
        reviewers.delete_team(actor=request.user, team=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- webhooks ----------------------------------------------------------------------------------------------


class WebhookSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    workspace = serializers.CharField(source="workspace_id", read_only=True)
    created_by = serializers.CharField(source="created_by.get_username", read_only=True, allow_null=True)

    class Meta:
        model = WebhookEndpoint
        fields = ["id", "workspace", "name", "url", "format", "kinds", "active", "created_by", "created_at"]
        read_only_fields = fields


class WebhookCreatedSerializer(WebhookSerializer):
    secret = serializers.CharField(
        read_only=True, help_text="the signing secret, shown this once (rotate it to get a new one)"
    )

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]
        read_only_fields = fields


class WebhookCreateSerializer(serializers.Serializer):
    workspace = serializers.UUIDField()
    name = serializers.CharField(max_length=80)
    url = serializers.CharField(max_length=500, help_text="https:// URL that receives the signed POSTs")
    format = serializers.ChoiceField(choices=list(FORMATS), default="generic")
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=list(KINDS)), default=list(KINDS))


class WebhookUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, required=False)
    url = serializers.CharField(max_length=500, required=False)
    format = serializers.ChoiceField(choices=list(FORMATS), required=False)
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=list(KINDS)), required=False)
    active = serializers.BooleanField(
        required=False, help_text="false: sends nothing more; true: sends again"
    )


def _with_secret(endpoint: WebhookEndpoint, secret: str) -> dict:
    data = dict(WebhookSerializer(endpoint).data)
    data["secret"] = secret
    return data


class WebhookViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    _ConfigurerViewSet,
):
    """A workspace's outgoing webhooks, over the API: each change is a ``webhook.*``
    event on the workspace's log; the secret is shown once, at creation and at rotation."""

    queryset = WebhookEndpoint.objects.select_related("workspace", "created_by")
    serializer_class = WebhookSerializer
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def retrieve(self, request, *args, **kwargs):
        endpoint = self.get_object()
        notifications._require_configurer(request.user, endpoint.workspace)
        return Response(WebhookSerializer(endpoint).data)

    @extend_schema(request=WebhookCreateSerializer, responses={201: WebhookCreatedSerializer})
    def create(self, request, *args, **kwargs):
        body = WebhookCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        ws = _workspace_or_404(request.user, data["workspace"])
        endpoint, secret = notifications.create_endpoint(
            actor=request.user,
            workspace=ws,
            name=data["name"],
            url=data["url"],
            format=data["format"],
            kinds=data["kinds"],
        )
        return Response(_with_secret(endpoint, secret), status=status.HTTP_201_CREATED)

    @extend_schema(request=WebhookUpdateSerializer, responses=WebhookSerializer)
    def partial_update(self, request, *args, **kwargs):
        endpoint = self.get_object()
        body = WebhookUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        active = data.pop("active", None)
        if data:
            endpoint = notifications.update_endpoint(actor=request.user, endpoint=endpoint, **data)
        if active is not None:
            endpoint = notifications.set_endpoint_active(actor=request.user, endpoint=endpoint, active=active)
        if not data and active is None:
            notifications._require_configurer(request.user, endpoint.workspace)
        return Response(WebhookSerializer(endpoint).data)

    def destroy(self, request, *args, **kwargs):
        notifications.delete_endpoint(actor=request.user, endpoint=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses=WebhookCreatedSerializer)
    @route(detail=True, methods=["post"], url_path="rotate-secret")
    def rotate_secret(self, request, pk=None):
        endpoint, secret = notifications.rotate_endpoint_secret(
            actor=request.user, endpoint=self.get_object()
        )
        return Response(_with_secret(endpoint, secret))
