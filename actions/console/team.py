"""Console pages for teams over time: members (invitations, roles, removal, ownership, suspended agents)
and keys (personal tokens, agent and runner keys), plus the public invitation page.

Every change calls the same service as the API (``projects.teams``, ``projects.keys``,
``containers.runner_keys``); the role and tenancy checks live there, so a refusal here reads exactly as the
API's. Views only read what to show and turn a ``DomainError`` into a message.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from brabo.errors import DomainError
from permissions.action_types import MAINTAINER, OWNER, ROLE_RANK, role_at_least
from projects import keys, teams
from projects.access import project_grants, visible_projects
from projects.invitation_mail import send_invitation
from projects.models import Agent, Membership, Project, Workspace
from projects.team_models import Invitation

from .views import _base_context, _roles


@dataclass(frozen=True)
class _MemberRow:
    """A member on the members page, with what the reader may do to them."""

    member: Membership
    can_change: bool
    can_remove: bool


ASSIGNABLE = ("developer", "maintainer")


def _workspace_or_404(request, workspace_id) -> Workspace:
    ws = Workspace.objects.filter(pk=workspace_id, memberships__user=request.user).first()
    if ws is None:
        raise Http404
    return ws


def _members_page():
    return reverse("admin:console-members")


def _run(request, fn, success: str | None = None, **kwargs):
    """Call a service; its refusal becomes an error message naming what to do. Returns the result or None."""
    try:
        result = fn(actor=request.user, **kwargs)
    except DomainError as exc:
        messages.error(request, str(exc))
        return None
    if success:
        messages.success(request, success)
    return result


# -- members -------------------------------------------------------------------------------------------


def members(request, new_invitation=None):
    """Each workspace's members, with only the controls the reader can use (R1.1): the services refuse the
    rest, and a button that can only answer 403 is not offered. Who is in a workspace is workspace-wide, so
    a member restricted to some projects invites, changes and removes nobody (they may leave)."""
    roles = _roles(request.user)
    cards = []
    workspaces = Workspace.objects.filter(id__in=list(roles)).select_related("owner").order_by("name", "id")
    for ws in workspaces:
        role = roles[ws.id]
        mine = Membership.objects.get(workspace=ws, user=request.user)
        reads = role_at_least(role, MAINTAINER)  # GET invitations/ and suspended-agents/
        manage = reads and not mine.restricted  # invite, revoke, change roles, remove others
        memberships = list(
            Membership.objects.filter(workspace=ws).select_related("user").order_by("user__username")
        )
        rows = []
        for m in memberships:
            can_change = manage and m.role != OWNER and m.rank <= ROLE_RANK[role]
            can_remove = can_change or (m.user_id == request.user.pk and m.role != OWNER)
            rows.append(_MemberRow(m, can_change, can_remove))
        suspended = list(teams.suspended_agents(actor=request.user, workspace=ws)) if reads else []
        grants = project_grants([m.user_id for m in memberships if m.restricted]) if suspended else set()
        for agent in suspended:
            agent.principal_choices = _principal_choices(  # type: ignore[attr-defined]
                agent, memberships, ROLE_RANK[role], grants
            )
        cards.append(
            {
                "ws": ws,
                "role": role,
                "manage": manage,
                "reads": reads,
                "is_owner": role == OWNER,
                "members": rows,
                "grantable": [r for r in ASSIGNABLE if role_at_least(role, r)],
                "invitations": list(teams.pending_invitations(actor=request.user, workspace=ws))
                if reads
                else [],
                "offer": teams.open_offer(ws.pk),
                "maintainers": [r.member for r in rows if r.member.role == MAINTAINER],
                "suspended": suspended,
            }
        )
    ctx = _base_context(request, "Members", cards=cards, section="members", new_invitation=new_invitation)
    return render(request, "console/members.html", ctx)


def _principal_choices(agent: Agent, memberships: list[Membership], my_rank: int, grants) -> list[Membership]:
    """Who ``teams.reassign_principal`` accepts as the agent's new principal from this reader: a member who
    reaches the agent's project, at or below the reader's own role (an agent acts with its principal's role)."""
    return [
        m
        for m in memberships
        if m.rank <= my_rank and (not m.restricted or (m.user_id, str(agent.project_id)) in grants)
    ]


@require_POST
def member_invite(request, workspace_id):
    ws = _workspace_or_404(request, workspace_id)
    who = (request.POST.get("invitee") or "").strip()
    by_email = "@" in who
    made = _run(
        request,
        teams.invite_member,
        workspace=ws,
        role=request.POST.get("role", ""),
        username="" if by_email else who,
        email=who if by_email else "",
    )
    if made is None:
        return redirect(_members_page())
    inv, token = made
    link = request.build_absolute_uri(reverse("invitation-accept-page", args=[token]))
    mail = send_invitation(inv, link)  # the page says whether the e-mail went
    # The link is shown on this answer only (never stored in a message cookie or the session).
    return members(request, new_invitation={"invitation": inv, "link": link, "mail": mail})


@require_POST
def invitation_revoke(request, workspace_id, invitation_id):
    inv = Invitation.objects.filter(pk=invitation_id, workspace_id=workspace_id).first()
    if inv is None:
        raise Http404
    _run(request, teams.revoke_invitation, f"Invitation of {inv.invitee} revoked.", invitation=inv)
    return redirect(_members_page())


@require_POST
def member_role(request, workspace_id, username):
    ws = _workspace_or_404(request, workspace_id)
    role = request.POST.get("role", "")
    _run(
        request,
        teams.change_member_role,
        f"Role of {username} is now {role}.",
        workspace=ws,
        username=username,
        role=role,
    )
    return redirect(_members_page())


@require_POST
def member_remove(request, workspace_id, username):
    ws = _workspace_or_404(request, workspace_id)
    agents = _run(request, teams.remove_member, workspace=ws, username=username)
    if agents is not None:
        suspended = f" Suspended agents: {', '.join(a.name for a in agents)}." if agents else ""
        messages.success(request, f"Removed {username} from {ws.name}.{suspended}")
        if username == request.user.get_username():
            return redirect(reverse("admin:index"))
    return redirect(_members_page())


@require_POST
def ownership_offer(request, workspace_id):
    ws = _workspace_or_404(request, workspace_id)
    username = request.POST.get("username", "")
    _run(
        request,
        teams.offer_ownership,
        f"Ownership offered to {username}; it moves when they accept.",
        workspace=ws,
        username=username,
    )
    return redirect(_members_page())


@require_POST
def ownership_accept(request, workspace_id):
    ws = _workspace_or_404(request, workspace_id)
    owned = _run(request, teams.accept_ownership, f"You now own {ws.name}.", workspace=ws)
    if owned is not None:
        notice = teams.credentials_notice(owned)
        if notice:  # the previous owner's token waits for this owner's word
            messages.warning(
                request,
                f"{notice['message']} Replace it ({notice['replace']}) or confirm it ({notice['confirm']}).",
            )
    return redirect(_members_page())


@require_POST
def ownership_cancel(request, workspace_id):
    ws = _workspace_or_404(request, workspace_id)
    _run(request, teams.cancel_ownership_offer, "The ownership offer is closed.", workspace=ws)
    return redirect(_members_page())


@require_POST
def agent_reassign(request, agent_id):
    agent = Agent.objects.select_related("project").filter(pk=agent_id).first()
    if agent is None:
        raise Http404
    username = request.POST.get("principal", "")
    _run(
        request,
        teams.reassign_principal,
        f"Agent {agent.name} now acts for {username}.",
        agent=agent,
        username=username,
    )
    return redirect(_members_page())


# -- keys ----------------------------------------------------------------------------------------------


def keys_page(request, new_key=None):
    roles = _roles(request.user)
    projects = [
        p
        for p in visible_projects(request.user).select_related("workspace").order_by("name", "id")
        if role_at_least(roles.get(p.workspace_id), MAINTAINER)
    ]
    managed = (
        Project.objects.filter(pk__in=[p.pk for p in projects])
        .prefetch_related(
            Prefetch("agents", queryset=Agent.objects.select_related("principal__user").order_by("name")),
            "runners",  # the containers app's rows, in their own order (name, id)
        )
        .order_by("name", "id")
    )
    for project in managed:
        mine = ROLE_RANK[roles[project.workspace_id]]
        for agent in project.agents.all():
            # R2.1: rotating an agent's key needs at least its principal's role (keys.rotate_agent_key)
            agent.can_rotate = (  # type: ignore[attr-defined]
                agent.revoked_at is None
                and agent.suspended_at is None
                and agent.principal is not None
                and ROLE_RANK.get(agent.principal.role, 99) <= mine
            )
    ctx = _base_context(
        request,
        "Keys",
        tokens=list(keys.personal_tokens(actor=request.user)),
        projects=managed,
        new_key=new_key,
        section="keys",
        max_overlap=keys.MAX_OVERLAP_MINUTES,
    )
    return render(request, "console/keys.html", ctx)


@require_POST
def token_create(request):
    made = _run(request, keys.create_personal_token, name=request.POST.get("name", ""))
    if made is None:
        return redirect(reverse("admin:console-keys"))
    token, key = made
    return keys_page(request, new_key={"what": f"personal token {token.name}", "key": key})


@require_POST
def token_revoke(request, token_id):
    _run(request, keys.revoke_personal_token, "Token revoked: it stops working at once.", token_id=token_id)
    return redirect(reverse("admin:console-keys"))


def _overlap(request) -> str:
    return request.POST.get("overlap_minutes") or "0"


@require_POST
def agent_rotate(request, agent_id):
    agent = Agent.objects.select_related("project").filter(pk=agent_id).first()
    if agent is None:
        raise Http404
    made = _run(request, keys.rotate_agent_key, agent=agent, overlap_minutes=_overlap(request))
    if made is None:
        return redirect(reverse("admin:console-keys"))
    return keys_page(request, new_key={"what": f"agent {agent.name}", "key": made[1]})


# -- the invitation link (outside the admin: the invitee may belong to no workspace yet) ----------------


def invitation_page(request, token):
    inv = teams.invitation_for_token(token)
    if inv is None:
        raise Http404("Unknown invitation link.")
    form = AuthenticationForm(request)
    error = None
    signup = {"username": ""}
    if (
        request.method == "POST"
        and request.POST.get("step") == "signup"
        and not request.user.is_authenticated
    ):
        # no account yet — create one from this invitation (its address), and join at once
        signup["username"] = (request.POST.get("new_username") or "").strip()[:150]
        try:
            user, m = teams.join_with_new_account(
                token=token,
                username=signup["username"],
                password=request.POST.get("new_password") or "",
                password_again=request.POST.get("new_password_again") or "",
            )
        except DomainError as exc:
            error = str(exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request, f"Welcome to {inv.workspace.name}, {user.get_username()}: you joined as {m.role}."
            )
            return redirect(reverse("admin:console-members"))
    elif request.method == "POST" and request.POST.get("step") == "login":
        form = AuthenticationForm(request, data=request.POST)
        if form.is_valid():
            login(request, form.get_user())
            return redirect(request.path)
    elif request.method == "POST" and request.POST.get("step") == "accept" and request.user.is_authenticated:
        try:
            m = teams.accept_invitation(actor=request.user, token=token)
        except DomainError as exc:
            error = str(exc)
        else:
            messages.success(request, f"Welcome to {inv.workspace.name}: you joined as {m.role}.")
            return redirect(reverse("admin:console-members"))
    return render(
        request,
        "console/invitation.html",
        {
            "inv": inv,
            "pending": inv.is_pending(),
            "form": form,
            "error": error,
            "title": "Invitation",
            "signup": signup,
            # an e-mail invitation to an address no account has: the page offers to create one
            "can_sign_up": bool(inv.email)
            and not get_user_model().objects.filter(email__iexact=inv.email).exists(),
        },
    )
