"""The team's own append-only log (``WorkspaceEvent``): event types and the one writer.

Below ``projects.services`` and ``projects.teams`` (it imports only the model), so both record through it.
"""

from __future__ import annotations

from .models import Membership
from .team_models import WorkspaceEvent

# Event types of the team's own log (WorkspaceEvent), dotted like R10.1's.
MEMBER_ADDED = "member.added"
MEMBER_ROLE_CHANGED = "member.role_changed"
MEMBER_INVITED = "member.invited"
INVITATION_REVOKED = "member.invitation_revoked"
MEMBER_JOINED = "member.joined"
MEMBER_REMOVED = "member.removed"
OWNERSHIP_OFFERED = "workspace.ownership_offered"
OWNERSHIP_OFFER_CANCELLED = "workspace.ownership_offer_cancelled"
OWNERSHIP_OFFER_DECLINED = "workspace.ownership_offer_declined"
OWNERSHIP_TRANSFERRED = "workspace.ownership_transferred"
# what changes who or what Brabo talks to on the workspace's behalf. Payloads say what changed and
# by whom — never a secret's value, and for a webhook only its host (a Slack URL's path is its secret).
CREDENTIALS_UPDATED = "credentials.updated"
CREDENTIALS_CONFIRMED = "credentials.confirmed"
CREDENTIALS_CONFIRMATION_NEEDED = "credentials.confirmation_needed"
WEBHOOK_CREATED = "webhook.created"
WEBHOOK_UPDATED = "webhook.updated"
WEBHOOK_DISABLED = "webhook.disabled"
WEBHOOK_ENABLED = "webhook.enabled"
WEBHOOK_DELETED = "webhook.deleted"
WEBHOOK_SECRET_ROTATED = "webhook.secret_rotated"
# the workspace's Slack app, and who linked which Slack account (its id only, never a token).
SLACK_CONFIGURED = "slack.configured"
SLACK_REMOVED = "slack.removed"
SLACK_LINK_REQUESTED = "slack.link_requested"
SLACK_LINKED = "slack.member_linked"
SLACK_UNLINKED = "slack.member_unlinked"
# teams (named groups of members that approval rules may name) and a person's notification choices.
TEAM_CREATED = "team.created"
TEAM_MEMBERS_CHANGED = "team.members_changed"
TEAM_DELETED = "team.deleted"
SUBSCRIPTION_CHANGED = "notifications.subscription_changed"
# written elsewhere (actions.budgets, manage.py rotate_encryption_key), named here for who reads them
BUDGET_UPDATED = "budget.updated"
SECRET_REENCRYPTED = "workspace.secret_reencrypted"
CREDENTIALS_REENCRYPTED = "workspace.credentials_reencrypted"


def record(workspace_id, type: str, *, actor, payload: dict, project_id=None) -> WorkspaceEvent:
    """Write a team event in the caller's transaction (append-only, with the real actor). ``project_id``:
    the project the event concerns, if one; only members who reach it read the event (R1.1)."""
    return WorkspaceEvent.objects.create(
        workspace_id=workspace_id,
        project_id=project_id,
        type=type,
        actor_kind="user",
        actor_id=str(actor.pk),
        actor_label=actor.get_username(),
        payload=payload,
    )


def record_member_set(actor, member: Membership, created: bool, before: str | None) -> None:
    """``member.added`` / ``member.role_changed`` for ``services.set_member`` (the R12.4 members call)."""
    if created:
        record(
            member.workspace_id,
            MEMBER_ADDED,
            actor=actor,
            payload={"username": member.user.get_username(), "role": member.role},
        )
    elif before != member.role:
        record(
            member.workspace_id,
            MEMBER_ROLE_CHANGED,
            actor=actor,
            payload={"username": member.user.get_username(), "from": before, "to": member.role},
        )
