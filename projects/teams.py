"""Teams over time: invitations, role changes and removal, ownership transfer (R1.1, R1.6).

One atomic function per transition (STYLE 1), each checking its own caller (STYLE 13): the API, the console
and any management command meet the same rule. Each writes an append-only event with the real actor in the
same transaction. Another workspace's resource answers 404 (R1.1), a role too low 403.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from guardian.models import UserObjectPermission

from brabo import domain
from brabo.errors import DomainError
from permissions.action_types import MAINTAINER, OWNER, ROLES

from .access import ACCESS_PERM, can_grant, membership, project_role, visible_projects
from .models import Agent, HashedKey, Membership, Project, Workspace, WorkspaceCredentials
from .services import (
    require_can_act_for,
    require_person,
    require_project_role,
    require_unrestricted,
    require_workspace_role,
    set_member_in_transaction,
)
from .team_events import (
    CREDENTIALS_CONFIRMATION_NEEDED,
    INVITATION_REVOKED,
    MEMBER_INVITED,
    MEMBER_JOINED,
    MEMBER_REMOVED,
    OWNERSHIP_OFFER_CANCELLED,
    OWNERSHIP_OFFER_DECLINED,
    OWNERSHIP_OFFERED,
    OWNERSHIP_TRANSFERRED,
    record,
)
from .team_models import Invitation, OwnershipOffer

INVITATION_DAYS = 7
OFFER_DAYS = 7

# Project events (actions.SessionEvent): what happens to an agent shows on its project's timeline.
AGENT_SUSPENDED = "agent.suspended"
AGENT_PRINCIPAL_REASSIGNED = "agent.principal_reassigned"


# -- who is calling ------------------------------------------------------------------------------------


def clean_text(value, field: str, max_length: int) -> str:
    """Text a person typed (console forms reach the services unvalidated): stripped, bounded, no NUL —
    PostgreSQL cannot store or even compare text holding one."""
    value = (value or "").strip() if isinstance(value, str) else ""
    if "\x00" in value or len(value) > max_length:
        raise DomainError(
            f"{field} must be at most {max_length} characters, without NUL.", field=field, reason="invalid"
        )
    return value


def _project_event(project_id, type: str, *, actor, payload: dict) -> None:
    domain.record(type, project_id=project_id, actor=domain.Actor.of_user(actor), payload=payload)


def _lock_workspace(workspace_id) -> Workspace:
    """Accepting an invitation, removal and the ownership steps lock the workspace row first (fixed order: workspace,
    offer, then memberships by pk), so two of them never interleave. ``services.set_member`` locks only the
    member's row; an accept racing it re-reads that row under its own lock and refuses a changed role."""
    ws = Workspace.objects.select_for_update().filter(pk=workspace_id).first()
    if ws is None:
        raise DomainError("Not found: no such workspace, or it is not yours.", status=404, reason="not_found")
    return ws


def _user_named(username: str):
    if not username or "\x00" in username:  # PostgreSQL cannot even compare text holding NUL
        return None
    return get_user_model().objects.filter(username=username).first()


def _member_named(workspace_id, username: str, *, lock: bool = False) -> Membership:
    qs = Membership.objects.select_related("user").filter(workspace_id=workspace_id)
    if lock:
        qs = qs.select_for_update(of=("self",))
    m = None if not username or "\x00" in username else qs.filter(user__username=username).first()
    if m is None:
        raise DomainError(
            f"{username!r} is not a member of this workspace.",
            field="username",
            status=404,
            reason="not_found",
        )
    return m


@transaction.atomic(durable=True)
def change_member_role(*, actor, workspace: Workspace, username: str, role: str) -> Membership:
    """The console's role change: the R12.4 members call (``services.set_member``) for an existing member,
    never above the actor's own role, never the owner's (both checked by ``set_member``)."""
    require_workspace_role(actor, workspace.pk, MAINTAINER, "Changing a member's role")
    _member_named(workspace.pk, username)  # a role change never adds anyone
    member, _ = set_member_in_transaction(actor, workspace, username, role)
    return member


# -- invitations ---------------------------------------------------------------------------------------


def _role_to_grant(actor_m: Membership, role: str) -> None:
    if role not in ROLES or role == OWNER:
        raise DomainError(
            f"role {role!r} is not a role you can grant; use developer or maintainer.",
            field="role",
            reason="invalid",
        )
    if not can_grant(actor_m.role, role):
        raise DomainError(
            f"you cannot grant {role}: members grant at most their own role ({actor_m.role}).",
            field="role",
            status=403,
            reason="role_above_own",
        )


@transaction.atomic(durable=True)
def invite_member(
    *, actor, workspace: Workspace, role: str, username: str = "", email: str = ""
) -> tuple[Invitation, str]:
    """A maintainer+ invites a person by username or e-mail with a role at most their own. Returns the
    invitation and its token, shown once (only its SHA-256 is stored); the link is single use, 7 days."""
    actor_m = require_workspace_role(actor, workspace.pk, MAINTAINER, "Inviting members")
    require_unrestricted(actor_m, "Inviting members")
    _role_to_grant(actor_m, role)
    username, email = clean_text(username, "username", 150), clean_text(email, "email", 254).lower()
    if bool(username) == bool(email):
        raise DomainError(
            "name the invitee by exactly one of username or email.", field="username", reason="invalid"
        )
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise DomainError(
                f"{email!r} is not an e-mail address.", field="email", reason="invalid"
            ) from None
    invitee = _user_named(username) if username else None
    if username and invitee is None:
        raise DomainError(
            f"no user named {username!r}; invite them by e-mail instead, or create the account first.",
            field="username",
            reason="invalid",
        )
    users = [invitee] if invitee else list(get_user_model().objects.filter(email__iexact=email))
    if users and Membership.objects.filter(workspace=workspace, user__in=users).exists():
        raise DomainError(
            f"{username or email} is already a member; change their role on the members page instead.",
            field="username" if username else "email",
            status=409,
            reason="already_member",
        )
    now = timezone.now()
    pending = Invitation.objects.filter(
        workspace=workspace, accepted_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
    )
    if pending.filter(username=username, email=email).exists():
        raise DomainError(
            f"{username or email} already has a pending invitation; revoke it first to send a new one.",
            field="username" if username else "email",
            status=409,
            reason="invitation_pending",
        )
    token = "brabo_invite_" + HashedKey.new_key()[0]
    inv = Invitation.objects.create(
        workspace=workspace,
        username=username,
        email=email,
        role=role,
        token_hash=HashedKey.hash_key(token),
        invited_by=actor,
        created_at=now,
        expires_at=now + timedelta(days=INVITATION_DAYS),
    )
    record(
        workspace.pk,
        MEMBER_INVITED,
        actor=actor,
        payload={"invitationId": str(inv.id), "invitee": inv.invitee, "role": role},
    )
    return inv, token


def pending_invitations(*, actor, workspace: Workspace):
    """The workspace's invitations not yet accepted, revoked or expired (maintainer+)."""
    require_workspace_role(actor, workspace.pk, MAINTAINER, "Listing invitations")
    return (
        Invitation.objects.filter(
            workspace=workspace,
            accepted_at__isnull=True,
            revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
        )
        .select_related("invited_by")
        .order_by("created_at", "id")
    )


@transaction.atomic(durable=True)
def revoke_invitation(*, actor, invitation: Invitation) -> Invitation:
    actor_m = require_workspace_role(actor, invitation.workspace_id, MAINTAINER, "Revoking an invitation")
    require_unrestricted(actor_m, "Revoking an invitation")
    inv = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if not inv.is_pending():
        raise DomainError(
            "this invitation is no longer pending (accepted, revoked or expired); nothing to revoke.",
            status=409,
            reason="invitation_not_pending",
        )
    inv.revoked_at = timezone.now()
    inv.save(update_fields=["revoked_at"])
    record(
        inv.workspace_id,
        INVITATION_REVOKED,
        actor=actor,
        payload={"invitationId": str(inv.id), "invitee": inv.invitee},
    )
    return inv


def invitation_for_token(token: str) -> Invitation | None:
    """The invitation a link names (any state), or None. Reads only; accepting is ``accept_invitation``."""
    if not token or len(token) > 200:
        return None
    return (
        Invitation.objects.select_related("workspace", "invited_by")
        .filter(token_hash=HashedKey.hash_key(token))
        .first()
    )


def _invitation_refusal(inv: Invitation, actor, now) -> DomainError | None:
    if inv.revoked_at is not None:
        return DomainError(
            "this invitation was revoked; ask a maintainer for a new one.",
            status=409,
            reason="invitation_revoked",
        )
    if inv.accepted_at is not None:
        return DomainError(
            "this invitation was already used; each link works once. Ask a maintainer for a new one.",
            status=409,
            reason="invitation_used",
        )
    if inv.expires_at <= now:
        return DomainError(
            f"this invitation expired (links last {INVITATION_DAYS} days); ask a maintainer for a new one.",
            status=409,
            reason="invitation_expired",
        )
    mine = inv.username == actor.get_username() if inv.username else (actor.email or "").lower() == inv.email
    if not mine:
        return DomainError(
            f"this invitation is for {inv.invitee}, not for you; sign in as that person.",
            status=403,
            reason="invitation_not_for_you",
        )
    return None


@transaction.atomic(durable=True)
def accept_invitation(*, actor, token: str) -> Membership:
    """The invitee joins with the invited role. Fails closed when the link is unknown, revoked, used,
    expired or for someone else, and when the inviter no longer holds the role they granted."""
    return accept_invitation_in_transaction(actor, token)


def accept_invitation_in_transaction(actor, token: str) -> Membership:
    """:func:`accept_invitation`'s work in the caller's transaction, for :func:`join_with_new_account`, which
    makes the account and accepts in one: the same checks, no transaction of its own."""
    require_person(actor, "Accepting an invitation")
    found = invitation_for_token(token)
    if found is None:
        raise DomainError(
            "unknown invitation link; check you copied all of it, or ask for a new one.",
            status=404,
            reason="not_found",
        )
    _lock_workspace(found.workspace_id)
    inv = Invitation.objects.select_for_update().get(pk=found.pk)
    now = timezone.now()
    refusal = _invitation_refusal(inv, actor, now)
    if refusal is not None:
        raise refusal
    inviter = membership(inv.invited_by, inv.workspace_id)
    if inviter is None or inviter.restricted or not can_grant(inviter.role, inv.role):
        raise DomainError(
            f"{inv.invited_by.get_username()} can no longer grant {inv.role} in this workspace; ask a "
            "maintainer for a new invitation.",
            status=409,
            reason="invitation_no_longer_valid",
        )
    if Membership.objects.filter(workspace_id=inv.workspace_id, user=actor).exists():
        raise DomainError("you are already a member of this workspace.", status=409, reason="already_member")
    # single use: the status-guarded update claims the link once, whoever races for it
    claimed = Invitation.objects.filter(pk=inv.pk, accepted_at__isnull=True, revoked_at__isnull=True).update(
        accepted_at=now, accepted_by=actor
    )
    if claimed != 1:
        raise DomainError("this invitation was already used.", status=409, reason="invitation_used")
    m = Membership.objects.create(workspace_id=inv.workspace_id, user=actor, role=inv.role)
    record(
        inv.workspace_id,
        MEMBER_JOINED,
        actor=actor,
        payload={"invitationId": str(inv.id), "role": inv.role, "invitedBy": inv.invited_by.get_username()},
    )
    return m


def join_with_new_account(*, token: str, username: str, password: str, password_again: str):
    """A person without an account creates one from an e-mail invitation and joins at once — one
    transaction, so a refused join leaves no account. Only a pending invitation by e-mail opens this door
    (a username invitation names an account that exists); the new account gets the invited address, so the
    invitation is theirs. Returns (user, membership)."""
    from django.contrib.auth.password_validation import validate_password

    found = invitation_for_token(token)
    if found is None:
        raise DomainError(
            "unknown invitation link; check you copied all of it.", status=404, reason="not_found"
        )
    with transaction.atomic(durable=True):
        inv = Invitation.objects.select_for_update().get(pk=found.pk)
        if not inv.is_pending():
            raise DomainError(
                "this invitation is no longer valid (used, revoked or expired); ask a maintainer for a new one.",
                status=409,
                reason="invitation_not_pending",
            )
        if not inv.email:
            raise DomainError(
                f"this invitation is for the account {inv.username}; sign in as that person.",
                status=403,
                reason="invitation_not_for_you",
            )
        User = get_user_model()
        if User.objects.filter(email__iexact=inv.email).exists():
            raise DomainError(
                f"an account with {inv.email} exists already; sign in with it to accept.",
                field="username",
                status=409,
                reason="account_exists",
            )
        name = clean_text(username, "username", 150)
        field = User._meta.get_field("username")
        try:
            field.run_validators(name)
        except ValidationError:
            raise DomainError(
                "a username is letters, digits and @ . + - _ only (at most 150).",
                field="username",
                reason="invalid",
            ) from None
        if not name:
            raise DomainError("choose a username.", field="username", reason="invalid")
        if User.objects.filter(username__iexact=name).exists():
            raise DomainError(
                f"the username {name!r} is taken; choose another.",
                field="username",
                status=409,
                reason="username_taken",
            )
        if password != password_again:
            raise DomainError(
                "the two passwords differ; type the same password twice.", field="password", reason="invalid"
            )
        candidate = User(username=name, email=inv.email)
        try:
            validate_password(password, candidate)
        except ValidationError as exc:
            raise DomainError(" ".join(exc.messages), field="password", reason="invalid") from None
        candidate.set_password(password)
        candidate.save()
        m = accept_invitation_in_transaction(candidate, token)  # single use, the inviter's role re-checked
    return candidate, m


# -- removal and suspended agents ----------------------------------------------------------------------


@transaction.atomic(durable=True)
def remove_member(*, actor, workspace: Workspace, username: str) -> list[Agent]:
    """Remove a member: their access ends at once (access is read from memberships on every request), their
    per-project grants go, and every agent whose principal they were is suspended — its proposals answer
    403 until a maintainer reassigns the principal. Maintainer+ not restricted to some projects removes
    members at or below their own role; anyone but the owner may leave. Nobody removes the owner (transfer ownership first). Returns the
    suspended agents."""
    require_person(actor, "Removing a member")
    _lock_workspace(workspace.pk)
    leaving = username == actor.get_username()
    actor_m = require_workspace_role(
        actor, workspace.pk, None if leaving else MAINTAINER, "Removing a member"
    )
    if not leaving:  # R1.1: who is a member is workspace-wide (their agents may work on any project)
        require_unrestricted(actor_m, "Removing a member")
    member = _member_named(workspace.pk, username, lock=True)
    if member.role == OWNER:
        raise DomainError(
            "the owner cannot be removed; the owner transfers ownership to a maintainer first.",
            field="username",
            status=403,
            reason="owner_cannot_be_removed",
        )
    if member.rank > actor_m.rank:
        raise DomainError(
            f"you cannot remove a member above your own role ({actor_m.role}).",
            field="username",
            status=403,
            reason="role_too_low",
        )
    now = timezone.now()
    name = member.user.get_username()
    reason = f"its principal {name} was removed from the workspace"
    agents = list(
        Agent.objects.select_for_update(of=("self",)).filter(principal=member).select_related("project")
    )
    for agent in agents:
        agent.principal = None
        agent.suspended_at = now
        agent.suspended_reason = reason
        agent.save(update_fields=["principal", "suspended_at", "suspended_reason"])
        _project_event(
            agent.project_id,
            AGENT_SUSPENDED,
            actor=actor,
            payload={
                "agentId": str(agent.id),
                "agent": agent.name,
                "reason": "principal_removed",
                "principal": name,
            },
        )
    UserObjectPermission.objects.filter(
        user=member.user,
        permission__codename=ACCESS_PERM,
        content_type=ContentType.objects.get_for_model(Project),
        object_pk__in=[
            str(pk) for pk in Project.objects.filter(workspace=workspace).values_list("pk", flat=True)
        ],
    ).delete()
    OwnershipOffer.objects.filter(
        workspace=workspace, offered_to=member.user, accepted_at__isnull=True, closed_at__isnull=True
    ).update(closed_at=now)
    role = member.role
    member.delete()
    record(
        workspace.pk,
        MEMBER_REMOVED,
        actor=actor,
        payload={"username": name, "role": role, "suspendedAgents": [str(a.id) for a in agents]},
    )
    return agents


def suspended_agents(*, actor, workspace: Workspace):
    """Agents of the workspace waiting for a new principal, with their pending actions (maintainer+): a
    person denies those actions or reassigns the agent. A member restricted to some projects reads the agents
    of those only (R1.1), as everywhere else."""
    require_workspace_role(actor, workspace.pk, MAINTAINER, "Listing suspended agents")
    reachable = visible_projects(actor).filter(workspace=workspace).values("id")
    return (
        Agent.objects.filter(project__in=reachable, suspended_at__isnull=False, revoked_at__isnull=True)
        .select_related("project")
        .prefetch_related(
            Prefetch(
                "actions",
                # the actions app's rows, through the reverse relation it declares on Agent
                queryset=Agent.actions.rel.related_model._default_manager.filter(status="pending").order_by(
                    "created_at"
                ),
                to_attr="pending_actions",
            )
        )
        .order_by("project__name", "name")
    )


@transaction.atomic(durable=True)
def reassign_principal(*, actor, agent: Agent, username: str) -> Agent:
    """Give an agent a new principal (a member who reaches its project) and lift its suspension. The actor
    needs maintainer+ and at least the new principal's role (an agent acts with its principal's role), and
    at least the current principal's role while the agent is not suspended."""
    require_project_role(actor, agent.project, MAINTAINER, "Reassigning an agent's principal", noun="agent")
    locked = Agent.objects.select_for_update(of=("self",)).select_related("project").get(pk=agent.pk)
    if locked.revoked_at is not None:
        raise DomainError(
            "this agent was revoked; create a new agent instead.", status=409, reason="agent_revoked"
        )
    principal = _member_named(locked.project.workspace_id, username)
    if project_role(principal.user, locked.project) is None:
        raise DomainError(
            "the new principal cannot reach this project; grant them access first.",
            field="principal",
            reason="invalid",
        )
    require_can_act_for(
        actor, locked.project, principal, f"Making {username} this agent's principal", field="principal"
    )
    before = None
    if locked.principal_id:
        current = Membership.objects.select_related("user").get(pk=locked.principal_id)
        before = current.user.get_username()
        # The agent still acts for someone: taking it from them is configuring their agent, which needs at
        # least their role (R2.1), as changing its autonomy or rotating its key does.
        require_can_act_for(
            actor, locked.project, current, f"Taking {locked.name} from its principal {before}"
        )
    locked.principal = principal
    locked.suspended_at = None
    locked.suspended_reason = ""
    locked.save(update_fields=["principal", "suspended_at", "suspended_reason"])
    _project_event(
        locked.project_id,
        AGENT_PRINCIPAL_REASSIGNED,
        actor=actor,
        payload={"agentId": str(locked.id), "agent": locked.name, "from": before, "to": username},
    )
    return locked


# -- ownership transfer (two steps) --------------------------------------------------------------------


def open_offer(workspace_id) -> OwnershipOffer | None:
    return (
        OwnershipOffer.objects.select_related("offered_by", "offered_to")
        .filter(workspace_id=workspace_id, accepted_at__isnull=True, closed_at__isnull=True)
        .first()
    )


@transaction.atomic(durable=True)
def offer_ownership(*, actor, workspace: Workspace, username: str) -> OwnershipOffer:
    """Step one: the owner offers the workspace to a maintainer. A new offer replaces an open one."""
    require_workspace_role(actor, workspace.pk, None, "Offering ownership")
    ws = _lock_workspace(workspace.pk)
    if ws.owner_id != actor.pk:
        raise DomainError("only the workspace owner can offer ownership.", status=403, reason="owner_only")
    target = _member_named(ws.pk, username)
    if target.user_id == actor.pk:
        raise DomainError("you already own this workspace.", field="username", reason="invalid")
    if target.role != MAINTAINER:
        raise DomainError(
            f"{username} is a {target.role}; ownership goes to a maintainer. Make them a maintainer first.",
            field="username",
            status=409,
            reason="new_owner_must_be_maintainer",
        )
    now = timezone.now()
    replaced = OwnershipOffer.objects.filter(
        workspace=ws, accepted_at__isnull=True, closed_at__isnull=True
    ).update(closed_at=now)
    offer = OwnershipOffer.objects.create(
        workspace=ws,
        offered_by=actor,
        offered_to=target.user,
        created_at=now,
        expires_at=now + timedelta(days=OFFER_DAYS),
    )
    record(
        ws.pk,
        OWNERSHIP_OFFERED,
        actor=actor,
        payload={"offerId": str(offer.id), "to": username, "replacedOpenOffer": bool(replaced)},
    )
    return offer


@transaction.atomic(durable=True)
def cancel_ownership_offer(*, actor, workspace: Workspace) -> OwnershipOffer:
    """The owner withdraws the open offer, or the person it was offered to declines it."""
    require_workspace_role(actor, workspace.pk, None, "Cancelling an ownership offer")
    ws = _lock_workspace(workspace.pk)
    offer = open_offer(ws.pk)
    if offer is None:
        raise DomainError("there is no open ownership offer.", status=409, reason="no_open_offer")
    if actor.pk == ws.owner_id:
        kind = OWNERSHIP_OFFER_CANCELLED
    elif actor.pk == offer.offered_to_id:
        kind = OWNERSHIP_OFFER_DECLINED
    else:
        raise DomainError(
            "only the owner or the person offered ownership can close the offer.",
            status=403,
            reason="owner_only",
        )
    offer.closed_at = timezone.now()
    offer.save(update_fields=["closed_at"])
    record(
        ws.pk, kind, actor=actor, payload={"offerId": str(offer.id), "to": offer.offered_to.get_username()}
    )
    return offer


@transaction.atomic(durable=True)
def accept_ownership(*, actor, workspace: Workspace) -> Workspace:
    """Step two: the maintainer offered the workspace becomes its owner; the old owner becomes a
    maintainer; the credentials stay with the workspace. Under the workspace row lock the old owner is
    demoted before the new one is promoted, so there is exactly one owner at every moment (R1.1; the
    ``one_owner_per_workspace`` constraint holds the database to it)."""
    require_workspace_role(actor, workspace.pk, None, "Accepting ownership")
    ws = _lock_workspace(workspace.pk)
    offer = (
        OwnershipOffer.objects.select_for_update()
        .filter(workspace=ws, accepted_at__isnull=True, closed_at__isnull=True)
        .first()
    )
    if offer is None or offer.offered_to_id != actor.pk:
        raise DomainError(
            "there is no open ownership offer for you in this workspace.", status=409, reason="no_open_offer"
        )
    now = timezone.now()
    if offer.expires_at <= now or offer.offered_by_id != ws.owner_id:
        offer.closed_at = now
        offer.save(update_fields=["closed_at"])
        raise DomainError(
            "this ownership offer is no longer valid (expired, or the owner changed); ask the owner to offer again.",
            status=409,
            reason="offer_no_longer_valid",
        )
    rows = {
        m.user_id: m
        for m in Membership.objects.select_for_update()
        .filter(workspace=ws, user_id__in=[ws.owner_id, actor.pk])
        .order_by("pk")
    }
    new, old = rows.get(actor.pk), rows.get(ws.owner_id)
    if new is None or new.role != MAINTAINER or old is None:
        raise DomainError(
            "ownership goes to a maintainer; your role changed since the offer. Ask the owner to offer again.",
            status=409,
            reason="new_owner_must_be_maintainer",
        )
    old.role = MAINTAINER
    old.save(update_fields=["role"])
    new.role = OWNER
    new.save(update_fields=["role"])
    previous = ws.owner
    ws.owner = actor
    ws.save(update_fields=["owner"])
    offer.accepted_at = now
    offer.save(update_fields=["accepted_at"])
    notice = credentials_notice(ws)
    record(
        ws.pk,
        OWNERSHIP_TRANSFERRED,
        actor=actor,
        payload={
            "offerId": str(offer.id),
            "from": previous.get_username(),
            "to": actor.get_username(),
            "providerTokenNeedsConfirmation": bool(notice),
        },
    )
    if notice:
        # the token still belongs to the previous owner; git provider actions wait for the new
        # owner to replace or confirm it (owner_token_stale), and the new owner is told so here and in the
        # answer.
        record(ws.pk, CREDENTIALS_CONFIRMATION_NEEDED, actor=actor, payload=notice)
    return ws


def credentials_notice(workspace: Workspace) -> dict | None:
    """What the owner must know about secrets they did not set: None when the provider token (if any) is
    theirs; else who set it and how to replace or confirm it. Never a value."""
    creds = (
        WorkspaceCredentials.objects.select_related("provider_token_set_by", "model_key_set_by")
        .filter(workspace_id=workspace.pk)
        .first()
    )
    if creds is None or not creds.provider_token_stale(workspace.owner_id):
        return None
    setter = creds.provider_token_set_by
    model_key_setter = creds.model_key_set_by
    return {
        "provider_token_set_by": setter.get_username() if setter else None,
        "model_key_set_by": (
            model_key_setter.get_username()
            if model_key_setter and model_key_setter.pk != workspace.owner_id
            else None
        ),
        "message": (
            f"The provider token was set by {setter.get_username() if setter else 'a previous owner'}, who is "
            "no longer the owner. Git provider actions fail (owner_token_stale) until you replace it or "
            "confirm it."
        ),
        "replace": f'PUT /api/workspaces/{workspace.pk}/credentials/ {{"provider_token": "..."}}',
        "confirm": f"POST /api/workspaces/{workspace.pk}/credentials/confirm/",
    }
