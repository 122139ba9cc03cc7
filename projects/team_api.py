"""API of teams over time: invitations, removal, suspended agents, ownership transfer, tokens, key rotation.

Views parse and answer; every rule (tenancy, role, state) is inside the service they call
(``projects.teams``, ``projects.keys``), which answers 404 for another workspace's resource (R1.1).
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response

from brabo.errors import DomainError
from brabo.pagination import EventPagination
from permissions.action_types import MAINTAINER

from . import keys, teams
from .access import WorkspaceLogReader, readable_workspace_events
from .api_base import BraboAPIView, BraboListAPIView
from .invitation_mail import send_invitation
from .models import Agent, PersonalToken
from .services import require_project_role
from .team_models import Invitation, OwnershipOffer, WorkspaceEvent


def not_found() -> DomainError:
    return DomainError("Not found: it does not exist, or it is not yours.", status=404, reason="not_found")


# -- shapes --------------------------------------------------------------------------------------------


class InvitationSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    workspace = serializers.CharField(source="workspace_id", read_only=True)
    invited_by = serializers.CharField(source="invited_by.username", read_only=True)
    role = serializers.CharField(read_only=True)

    class Meta:
        model = Invitation
        fields = ["id", "workspace", "username", "email", "role", "invited_by", "created_at", "expires_at"]


class InvitationCreateSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, required=False, allow_blank=True, default="")
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    # validated by the service (developer or maintainer, at most your own role)
    role = serializers.CharField(max_length=16, help_text="developer or maintainer, at most your own role")


class InvitationCreatedSerializer(InvitationSerializer):
    token = serializers.CharField(read_only=True, help_text="Shown once; only its SHA-256 is stored.")
    accept_url = serializers.CharField(read_only=True)
    email_sent = serializers.BooleanField(
        read_only=True, help_text="Whether the link went to the invitee by e-mail."
    )
    email_problem = serializers.CharField(
        read_only=True, help_text="Why no e-mail went (empty when it did): send accept_url yourself."
    )

    class Meta(InvitationSerializer.Meta):
        fields = [*InvitationSerializer.Meta.fields, "token", "accept_url", "email_sent", "email_problem"]


class TokenBodySerializer(serializers.Serializer):
    token = serializers.CharField(max_length=200)


class PrincipalBodySerializer(serializers.Serializer):
    principal = serializers.CharField(max_length=150, help_text="Username of the member the agent acts for.")


class OverlapSerializer(serializers.Serializer):
    overlap_minutes = serializers.IntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=keys.MAX_OVERLAP_MINUTES,
        help_text="How long the old key keeps working; 0 (default) stops it at once.",
    )


class RotatedKeySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    key = serializers.CharField(help_text="The new key, shown once.")
    overlap_minutes = serializers.IntegerField()


class PendingActionSerializer(serializers.Serializer):
    id = serializers.CharField()
    action_type = serializers.CharField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()


class SuspendedAgentSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id", read_only=True)
    pending_actions = PendingActionSerializer(many=True, read_only=True)

    class Meta:
        model = Agent
        fields = ["id", "project", "name", "suspended_at", "suspended_reason", "pending_actions"]


class OfferSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    offered_by = serializers.CharField(source="offered_by.username", read_only=True)
    offered_to = serializers.CharField(source="offered_to.username", read_only=True)

    class Meta:
        model = OwnershipOffer
        fields = ["id", "offered_by", "offered_to", "created_at", "expires_at"]


class UsernameSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class PersonalTokenSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    revoked = serializers.SerializerMethodField()

    class Meta:
        model = PersonalToken
        fields = ["id", "name", "created_at", "last_used_at", "revoked"]

    def get_revoked(self, t) -> bool:
        return t.revoked_at is not None


class TokenCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)


class WorkspaceEventSerializer(serializers.ModelSerializer):
    """An event as its reader may read it: the payload through the context's ``reader``
    (``access.WorkspaceLogReader``), which keeps out what the reader does not reach (R1.1)."""

    class Meta:
        model = WorkspaceEvent
        fields = ["id", "type", "actor_kind", "actor_label", "payload", "created_at"]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["payload"] = self.context["reader"].payload(instance)
        return data


def parse_body(serializer_class, request):
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


# -- invitations ---------------------------------------------------------------------------------------


def accept_link(request, token: str) -> str:
    return request.build_absolute_uri(reverse("invitation-accept-page", args=[token]))


class InvitationsView(BraboAPIView):
    """``GET`` the workspace's pending invitations; ``POST {username|email, role}`` invites (maintainer+, a
    role at most your own). The answer to POST carries the one-time ``token`` and ``accept_url``."""

    @extend_schema(responses=InvitationSerializer(many=True))
    def get(self, request, workspace_id):
        rows = teams.pending_invitations(actor=request.user, workspace=self.workspace)
        return Response(InvitationSerializer(rows, many=True).data)

    @extend_schema(request=InvitationCreateSerializer, responses={201: InvitationCreatedSerializer})
    def post(self, request, workspace_id):
        ws = self.workspace
        inv, token = teams.invite_member(
            actor=request.user, workspace=ws, **parse_body(InvitationCreateSerializer, request)
        )
        data = InvitationSerializer(inv).data
        link = accept_link(request, token)
        mail = send_invitation(inv, link)
        data.update(token=token, accept_url=link, email_sent=mail.sent, email_problem=mail.problem)
        return Response(data, status=status.HTTP_201_CREATED)


class InvitationRevokeView(BraboAPIView):
    @extend_schema(request=None, responses=InvitationSerializer)
    def post(self, request, workspace_id, invitation_id):
        inv = Invitation.objects.filter(pk=invitation_id, workspace_id=workspace_id).first()
        if inv is None:
            raise not_found()
        return Response(
            InvitationSerializer(teams.revoke_invitation(actor=request.user, invitation=inv)).data
        )


class InvitationAcceptView(BraboAPIView):
    """``POST {token}`` — the signed-in invitee joins the workspace with the invited role."""

    dangerously_unscoped = (
        "the invitee is not a member yet: the token names the workspace, and the service checks it"
    )

    @extend_schema(
        request=TokenBodySerializer,
        responses=inline_serializer(
            "JoinedSerializer", {"workspace": serializers.CharField(), "role": serializers.CharField()}
        ),
    )
    def post(self, request):
        m = teams.accept_invitation(
            actor=request.user, token=parse_body(TokenBodySerializer, request)["token"]
        )
        return Response({"workspace": str(m.workspace_id), "role": m.role})


# -- members and suspended agents ----------------------------------------------------------------------


class MemberView(BraboAPIView):
    """``DELETE`` removes a member (maintainer+, never above your role, never the owner; anyone may leave).
    Their agents are suspended: see ``suspended-agents``."""

    @extend_schema(
        responses=inline_serializer(
            "RemovedMemberSerializer",
            {
                "removed": serializers.CharField(),
                "suspended_agents": serializers.ListField(child=serializers.CharField()),
            },
        )
    )
    def delete(self, request, workspace_id, username):
        agents = teams.remove_member(actor=request.user, workspace=self.workspace, username=username)
        return Response({"removed": username, "suspended_agents": [str(a.id) for a in agents]})


class SuspendedAgentsView(BraboAPIView):
    """Agents whose principal left, with their pending actions: deny those (``/api/actions/{id}/deny/``) or
    reassign the agent (``/api/agents/{id}/reassign-principal/``)."""

    @extend_schema(responses=SuspendedAgentSerializer(many=True))
    def get(self, request, workspace_id):
        rows = teams.suspended_agents(actor=request.user, workspace=self.workspace)
        return Response(SuspendedAgentSerializer(rows, many=True).data)


class ReassignPrincipalView(BraboAPIView):
    @extend_schema(
        request=PrincipalBodySerializer,
        responses=inline_serializer(
            "ReassignedSerializer", {"id": serializers.CharField(), "principal": serializers.CharField()}
        ),
    )
    def post(self, request, agent_id):
        agent = self.agent
        username = parse_body(PrincipalBodySerializer, request)["principal"]
        agent = teams.reassign_principal(actor=request.user, agent=agent, username=username)
        return Response({"id": str(agent.id), "principal": username})


# -- ownership -----------------------------------------------------------------------------------------


class OwnershipOfferView(BraboAPIView):
    """``GET`` the open offer (any member; 404 when none); ``POST {username}`` — the owner offers the workspace
    to a maintainer (replacing an open offer)."""

    @extend_schema(responses=OfferSerializer)
    def get(self, request, workspace_id):
        ws = self.workspace
        offer = teams.open_offer(ws.pk)
        if offer is None:
            raise DomainError("there is no open ownership offer.", status=404, reason="no_open_offer")
        return Response(OfferSerializer(offer).data)

    @extend_schema(request=UsernameSerializer, responses={201: OfferSerializer})
    def post(self, request, workspace_id):
        ws = self.workspace
        offer = teams.offer_ownership(
            actor=request.user, workspace=ws, **parse_body(UsernameSerializer, request)
        )
        return Response(OfferSerializer(offer).data, status=status.HTTP_201_CREATED)


class OwnershipAcceptView(BraboAPIView):
    """The offered maintainer becomes the owner. ``credentials`` is null, or tells the new owner that the
    provider token still belongs to the previous owner and how to replace or confirm it."""

    @extend_schema(
        request=None,
        responses=inline_serializer(
            "OwnerSerializer",
            {
                "workspace": serializers.CharField(),
                "owner": serializers.CharField(),
                "credentials": inline_serializer(
                    "OwnershipCredentialsNotice",
                    {
                        "provider_token_set_by": serializers.CharField(allow_null=True),
                        "model_key_set_by": serializers.CharField(allow_null=True),
                        "message": serializers.CharField(),
                        "replace": serializers.CharField(),
                        "confirm": serializers.CharField(),
                    },
                    allow_null=True,
                ),
            },
        ),
    )
    def post(self, request, workspace_id):
        ws = teams.accept_ownership(actor=request.user, workspace=self.workspace)
        return Response(
            {
                "workspace": str(ws.pk),
                "owner": ws.owner.get_username(),
                "credentials": teams.credentials_notice(ws),
            }
        )


class OwnershipCancelView(BraboAPIView):
    @extend_schema(request=None, responses=OfferSerializer)
    def post(self, request, workspace_id):
        offer = teams.cancel_ownership_offer(actor=request.user, workspace=self.workspace)
        return Response(OfferSerializer(offer).data)


class WorkspaceEventsView(BraboListAPIView):
    """The team's own events (members, invitations, ownership), oldest first, paginated by cursor like a
    project's events (all of them, not the first 1000); any member reads them, an event about one project
    only if they reach it."""

    serializer_class = WorkspaceEventSerializer
    pagination_class = EventPagination

    def get_queryset(self):
        # ordered by id along workspace_event_idx
        return readable_workspace_events(self.request.user, self.workspace.pk)

    def get_serializer_context(self):
        return {
            **super().get_serializer_context(),
            "reader": WorkspaceLogReader(self.request.user, self.workspace.pk),
        }


# -- keys ----------------------------------------------------------------------------------------------


class PersonalTokensView(BraboAPIView):
    """Your own personal tokens: ``GET`` lists them (never the value), ``POST {name}`` creates one and shows
    its key once."""

    dangerously_unscoped = "one's own tokens: the service reads only the caller's"

    @extend_schema(responses=PersonalTokenSerializer(many=True))
    def get(self, request):
        return Response(PersonalTokenSerializer(keys.personal_tokens(actor=request.user), many=True).data)

    @extend_schema(request=TokenCreateSerializer, responses={201: PersonalTokenSerializer})
    def post(self, request):
        token, key = keys.create_personal_token(
            actor=request.user, **parse_body(TokenCreateSerializer, request)
        )
        return Response({**PersonalTokenSerializer(token).data, "key": key}, status=status.HTTP_201_CREATED)


class PersonalTokenRevokeView(BraboAPIView):
    dangerously_unscoped = "one's own tokens: the service finds the token among the caller's only"

    @extend_schema(request=None, responses=PersonalTokenSerializer)
    def post(self, request, token_id):
        return Response(
            PersonalTokenSerializer(keys.revoke_personal_token(actor=request.user, token_id=token_id)).data
        )


class AgentKeyRotateView(BraboAPIView):
    @extend_schema(request=OverlapSerializer, responses=RotatedKeySerializer)
    def post(self, request, agent_id):
        agent = self.agent
        require_project_role(request.user, agent.project, MAINTAINER, "Rotating an agent's key", noun="agent")
        minutes = parse_body(OverlapSerializer, request)["overlap_minutes"]
        agent, key = keys.rotate_agent_key(actor=request.user, agent=agent, overlap_minutes=minutes)
        return Response({"id": str(agent.id), "name": agent.name, "key": key, "overlap_minutes": minutes})
