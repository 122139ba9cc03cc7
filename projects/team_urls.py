"""API routes of teams over time (``projects.team_api``). Included under /api/ after the router."""

from django.urls import path

from . import team_api as v

urlpatterns = [
    path("workspaces/<uuid:workspace_id>/invitations/", v.InvitationsView.as_view(), name="invitations"),
    path(
        "workspaces/<uuid:workspace_id>/invitations/<uuid:invitation_id>/revoke/",
        v.InvitationRevokeView.as_view(),
        name="invitation-revoke",
    ),
    path("invitations/accept/", v.InvitationAcceptView.as_view(), name="invitation-accept"),
    path("workspaces/<uuid:workspace_id>/members/<str:username>/", v.MemberView.as_view(), name="member"),
    path(
        "workspaces/<uuid:workspace_id>/suspended-agents/",
        v.SuspendedAgentsView.as_view(),
        name="suspended-agents",
    ),
    path(
        "workspaces/<uuid:workspace_id>/ownership-offer/",
        v.OwnershipOfferView.as_view(),
        name="ownership-offer",
    ),
    path(
        "workspaces/<uuid:workspace_id>/ownership-offer/accept/",
        v.OwnershipAcceptView.as_view(),
        name="ownership-accept",
    ),
    path(
        "workspaces/<uuid:workspace_id>/ownership-offer/cancel/",
        v.OwnershipCancelView.as_view(),
        name="ownership-cancel",
    ),
    path("workspaces/<uuid:workspace_id>/events/", v.WorkspaceEventsView.as_view(), name="workspace-events"),
    path(
        "agents/<uuid:agent_id>/reassign-principal/", v.ReassignPrincipalView.as_view(), name="agent-reassign"
    ),
    path("agents/<uuid:agent_id>/rotate-key/", v.AgentKeyRotateView.as_view(), name="agent-rotate-key"),
    path("tokens/", v.PersonalTokensView.as_view(), name="personal-tokens"),
    path("tokens/<int:token_id>/revoke/", v.PersonalTokenRevokeView.as_view(), name="personal-token-revoke"),
]
