"""Tenancy endpoints of R12.4: workspaces, members, credentials, projects, agents, autonomy, tasks.

Every viewset derives from TenantScopedViewSet: anything outside the caller's workspaces is a 404.
Business rules live in ``projects.services``; views parse, check the caller's role and call them.
"""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.response import Response

from brabo.api_errors import ApiError
from brabo.errors import DomainError
from permissions.action_types import MAINTAINER
from permissions.files import PermissionsFileError, parse_permissions_text

from . import services
from .api_base import TenantScopedViewSet, require_project_role
from .models import Agent, AutonomyRule, Membership, Project, Task, Workspace, WorkspaceCredentials
from .policy_store import policy_state, read_disk
from .serializers import (
    AgentCreateSerializer,
    AgentSerializer,
    AutonomyRowSerializer,
    CredentialsStatusSerializer,
    CredentialsWriteSerializer,
    MemberAccessSerializer,
    MemberSerializer,
    MemberWriteSerializer,
    PermissionsSerializer,
    PolicyAcceptSerializer,
    PolicyStatusSerializer,
    ProjectGitSerializer,
    ProjectSerializer,
    TaskSerializer,
    WorkspaceSerializer,
)


class WorkspaceViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin, TenantScopedViewSet
):
    queryset = Workspace.objects.select_related("owner")
    serializer_class = WorkspaceSerializer
    scope_to = "workspace"

    def get_serializer_context(self):
        ctx = dict(super().get_serializer_context())
        if self.request.user.is_authenticated and not getattr(self.request.user, "is_agent", False):
            ctx["roles"] = dict(
                Membership.objects.filter(user=self.request.user).values_list("workspace_id", "role")
            )
        return ctx

    def perform_create(self, serializer):
        serializer.instance = services.create_workspace(
            actor=self.request.user, name=serializer.validated_data["name"]
        )
        serializer.context.setdefault("roles", {})[serializer.instance.id] = "owner"

    def _membership(self, ws: Workspace, minimum: str | None = None, what: str = "") -> Membership:
        return services.require_workspace_role(self.request.user, ws.id, minimum, what or "Reading the team")

    @extend_schema(request=MemberWriteSerializer, responses=MemberSerializer(many=True))
    @action(detail=True, methods=["get", "post"])
    def members(self, request, pk=None):
        ws = self.get_object()
        if request.method == "GET":
            self._membership(ws)
            rows = Membership.objects.filter(workspace=ws).select_related("user").order_by("id")
            return Response(MemberSerializer(rows, many=True).data)
        self._membership(ws, MAINTAINER, "Adding or changing members")
        body = MemberWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member, created = services.set_member(actor=request.user, workspace=ws, **body.validated_data)
        return Response(
            MemberSerializer(member).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )

    @extend_schema(request=MemberAccessSerializer, responses=MemberSerializer)
    @action(detail=True, methods=["put"], url_path=r"members/(?P<username>[^/]+)/access")
    def member_access(self, request, pk=None, username=None):
        """Restrict a member to some projects (django-guardian grants), or lift it with ``projects: null``."""
        ws = self.get_object()
        self._membership(ws, MAINTAINER, "Restricting a member's projects")
        body = MemberAccessSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member = services.set_member_access(
            actor=request.user, workspace=ws, username=username, project_ids=body.validated_data["projects"]
        )
        return Response(MemberSerializer(member).data)

    @extend_schema(request=CredentialsWriteSerializer, responses=CredentialsStatusSerializer)
    @action(detail=True, methods=["get", "put"])
    def credentials(self, request, pk=None):
        """R1.2 — write-only secrets. The answer says whether each is set and when, never the value."""
        ws = self.get_object()
        m = self._membership(ws, what="Managing credentials")
        if m.role != "owner":
            raise DomainError(
                "Only the workspace owner manages its provider token and model key.",
                status=403,
                reason="owner_only",
            )
        if request.method == "PUT":
            body = CredentialsWriteSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            creds = services.set_credentials(actor=request.user, workspace=ws, **body.validated_data)
        else:  # a read writes nothing: a workspace without a row reads as "nothing set"
            creds = WorkspaceCredentials.objects.filter(workspace=ws).first() or WorkspaceCredentials(
                workspace=ws
            )
        return Response(CredentialsStatusSerializer(creds).data)

    @extend_schema(request=None, responses=CredentialsStatusSerializer)
    @action(detail=True, methods=["post"], url_path="credentials/confirm")
    def credentials_confirm(self, request, pk=None):
        """The owner vouches for a provider token a previous owner set, so git provider actions
        use it again (or replaces it with PUT credentials/). The token's value is never shown."""
        ws = self.get_object()
        creds = services.confirm_provider_token(actor=request.user, workspace=ws)
        return Response(CredentialsStatusSerializer(creds).data)


class ProjectViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin, TenantScopedViewSet
):
    queryset = Project.objects.all()
    serializer_class = ProjectSerializer
    scope_to = "project"

    def create(self, request, *args, **kwargs):
        body = ProjectSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        ws_id = data.pop("workspace_id")
        git = {k: data.pop(k) for k in ("repository", "git_remote_url", "default_branch") if k in data}
        m = services.require_workspace_role(request.user, ws_id, MAINTAINER, "Creating a project")
        project = services.create_project(actor=request.user, workspace=m.workspace, **data, **git)
        return Response(ProjectSerializer(project).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=ProjectGitSerializer, responses=ProjectSerializer)
    def partial_update(self, request, *args, **kwargs):
        """Set where the code lives: ``repository``, ``git_remote_url``, ``default_branch`` (maintainer+;
        a remote off the provider's host only by the workspace owner, whose token it receives)."""
        project = self.get_object()
        require_project_role(request, project, MAINTAINER, "Changing the project's repository or remote")
        body = ProjectGitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.set_project_git(project=project, actor=request.user, **body.validated_data)
        return Response(ProjectSerializer(project).data)

    @extend_schema(request=AgentCreateSerializer, responses=AgentSerializer(many=True))
    @action(detail=True, methods=["get", "post"])
    def agents(self, request, pk=None):
        project = self.get_object()
        if request.method == "GET":
            require_project_role(request, project, "developer", "Listing agents")
            rows = Agent.objects.filter(project=project).select_related("principal__user")
            return Response(AgentSerializer(rows, many=True).data)
        require_project_role(request, project, MAINTAINER, "Creating an agent")
        body = AgentCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        principal = (
            Membership.objects.select_related("user")
            .filter(workspace_id=project.workspace_id, user__username=body.validated_data["principal"])
            .first()
        )
        if principal is None:
            raise DomainError(
                "principal must be the username of a member of this workspace.",
                field="principal",
                reason="invalid",
            )
        agent, key = services.create_agent(
            actor=request.user,
            project=project,
            name=body.validated_data["name"],
            principal=principal,
            kind=body.validated_data["kind"],
        )
        data = AgentSerializer(agent).data
        data["key"] = key  # R1.6 — shown this once; only its hash is stored
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(request=PermissionsSerializer, responses=PermissionsSerializer)
    @action(detail=True, methods=["get", "put"])
    def permissions(self, request, pk=None):
        """The project's permissions.json (R3.1): read by members, written by maintainers, atomically. Whether
        the file is the version a person accepted (R3.5) is ``permissions/status/``."""
        project = self.get_object()
        if request.method == "GET":
            require_project_role(request, project, "developer", "Reading permissions")
            try:
                perms = parse_permissions_text(read_disk(project) or "{}")
            except PermissionsFileError as exc:
                raise ApiError(
                    f"permissions.json does not load: {exc}. Fix it with PUT; until then nothing is auto-approved.",
                    status_code=409,
                    reason="permissions_invalid",
                ) from None
        else:
            require_project_role(request, project, MAINTAINER, "Changing permissions")
            perms = services.replace_permissions(project=project, data=request.data, actor=request.user)
        return Response({"allow": list(perms.allow), "deny": list(perms.deny), "ask": list(perms.ask)})

    @extend_schema(request=None, responses=PolicyStatusSerializer)
    @action(detail=True, methods=["get"], url_path="permissions/status")
    def permissions_status(self, request, pk=None):
        """R3.5 — the accepted policy (in force), the file on disk, and the diff when they differ."""
        project = self.get_object()
        require_project_role(request, project, "developer", "Reading permissions")
        return Response(policy_state(project).as_dict())

    @extend_schema(request=PolicyAcceptSerializer, responses=PolicyStatusSerializer)
    @action(detail=True, methods=["post"], url_path="permissions/accept")
    def permissions_accept(self, request, pk=None):
        """R3.5 — accept the file on disk as the policy in force (maintainer+, within the R3.6 ceiling).
        Send the ``sha256`` of the version you reviewed (from permissions/status/)."""
        project = self.get_object()
        body = PolicyAcceptSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.accept_policy_on_disk(
            project=project, actor=request.user, expected_sha256=body.validated_data.get("sha256")
        )
        return Response(policy_state(project).as_dict())

    @extend_schema(request=None, responses=PolicyStatusSerializer)
    @action(detail=True, methods=["post"], url_path="permissions/restore")
    def permissions_restore(self, request, pk=None):
        """R3.5 — rewrite permissions.json to the accepted version, atomically (maintainer+)."""
        project = self.get_object()
        services.restore_policy(project=project, actor=request.user)
        return Response(policy_state(project).as_dict())

    @extend_schema(request=None, responses=PermissionsSerializer)
    @action(detail=True, methods=["post"], url_path="activate-execution")
    def activate_execution(self, request, pk=None):
        """R3.4 — seed the dev-terminal families and dev-<module> git_commit autonomy."""
        project = self.get_object()
        require_project_role(request, project, MAINTAINER, "Activating execution")
        perms = services.activate_execution(project=project, actor=request.user)
        return Response({"allow": list(perms.allow), "deny": list(perms.deny), "ask": list(perms.ask)})

    @extend_schema(request=TaskSerializer, responses=TaskSerializer(many=True))
    @action(detail=True, methods=["get", "post"])
    def tasks(self, request, pk=None):
        project = self.get_object()
        require_project_role(request, project, "developer", "Reading or adding tasks")
        if request.method == "GET":
            return Response(TaskSerializer(Task.objects.filter(project=project), many=True).data)
        body = TaskSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        task = services.create_task(actor=request.user, project=project, **body.validated_data)
        return Response(TaskSerializer(task).data, status=status.HTTP_201_CREATED)


class AgentViewSet(mixins.RetrieveModelMixin, TenantScopedViewSet):
    queryset = Agent.objects.select_related("principal__user", "project")
    serializer_class = AgentSerializer
    scope_to = "project"
    scope_path = "project"

    def base_queryset(self):
        return self.queryset.prefetch_related(
            Prefetch("autonomy_rules", queryset=AutonomyRule.objects.order_by("action_type"))
        )

    @extend_schema(request=AutonomyRowSerializer(many=True), responses=AutonomyRowSerializer(many=True))
    @action(detail=True, methods=["get", "put"], list_body=True)
    def autonomy(self, request, pk=None):
        agent = self.get_object()
        require_project_role(request, agent.project, MAINTAINER, "Reading or changing an agent's autonomy")
        if request.method == "PUT":
            body = AutonomyRowSerializer(data=request.data, many=True)
            body.is_valid(raise_exception=True)
            rows = services.set_autonomy(agent=agent, rows=body.validated_data, actor=request.user)
        else:
            rows = list(agent.autonomy_rules.all())
        return Response(AutonomyRowSerializer(rows, many=True).data)

    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        """Revoke the agent's key at once; it answers 401 from then on."""
        agent = self.get_object()
        require_project_role(request, agent.project, MAINTAINER, "Revoking an agent")
        services.revoke_agent(actor=request.user, agent=agent)
        return Response(AgentSerializer(agent).data)
