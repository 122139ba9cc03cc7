"""Who reaches what (R1.1): the one place workspace and project visibility is computed.

Every API queryset, the admin and the events endpoint go through these functions, so a new endpoint
cannot forget tenant scoping. Role checks come from memberships (plain queries); per-project restriction
of a member uses django-guardian's ``projects.access_project`` object permission, queried with ``id__in``
subqueries so a page of projects costs one query, not one per row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from importlib import import_module

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q, QuerySet
from django.utils.crypto import constant_time_compare
from guardian.models import UserObjectPermission
from rest_framework import exceptions

from brabo.errors import DomainError
from permissions.action_types import DEVELOPER, MAINTAINER, OWNER, ROLE_RANK

from . import team_events as te
from .authentication import KeyPrincipal
from .models import Agent, Membership, PersonalToken, Project, Workspace, WorkspaceEvent

ACCESS_PERM = "access_project"


def _is_person(user) -> bool:
    """A signed-in human. A machine's key (an agent's or a runner's) is never one, whatever its flags say."""
    return bool(user and user.is_authenticated and not isinstance(user, KeyPrincipal))


def visible_workspaces(user) -> QuerySet[Workspace]:
    if not _is_person(user):
        return Workspace.objects.none()
    return Workspace.objects.filter(id__in=Membership.objects.filter(user=user).values("workspace_id"))


def _granted_project_ids(user):
    ct = ContentType.objects.get_for_model(Project)
    # guardian stores object_pk as text; project ids are UUIDs, compared as text.
    return UserObjectPermission.objects.filter(
        user=user, permission__codename=ACCESS_PERM, content_type=ct
    ).values_list("object_pk", flat=True)


def project_grants(user_ids) -> set[tuple[int, str]]:
    """(user id, project id as text) of every project grant of these users: one query for a page that asks
    whether restricted members reach a project."""
    ct = ContentType.objects.get_for_model(Project)
    return set(
        UserObjectPermission.objects.filter(
            user_id__in=list(user_ids), permission__codename=ACCESS_PERM, content_type=ct
        ).values_list("user_id", "object_pk")
    )


def visible_projects(user) -> QuerySet[Project]:
    """Projects of the caller's workspaces; restricted members see only the projects granted to them.

    An agent sees exactly its own project.
    """
    agent = getattr(user, "agent", None) if getattr(user, "is_agent", False) else None
    if agent is not None:
        return Project.objects.filter(id=agent.project_id)
    if not _is_person(user):
        return Project.objects.none()
    open_ws = Membership.objects.filter(user=user, restricted=False).values("workspace_id")
    restricted_ws = Membership.objects.filter(user=user, restricted=True).values("workspace_id")
    granted = [str(pk) for pk in _granted_project_ids(user)]
    return Project.objects.filter(
        Q(workspace_id__in=open_ws) | Q(workspace_id__in=restricted_ws, id__in=granted)
    )


@dataclass(frozen=True)
class LogReaders:
    """Who reads one type of the workspace's own log: members of at least ``minimum`` (None: nobody by role),
    only those not restricted to some projects when ``unrestricted``, and the event's own actor when ``own``."""

    minimum: str | None
    unrestricted: bool = False
    own: bool = False

    def admit(self, m: Membership) -> bool:
        if self.minimum is None or ROLE_RANK.get(m.role, 0) < ROLE_RANK[self.minimum]:
            return False
        return not (self.unrestricted and m.restricted)


_ANY_MEMBER = LogReaders(DEVELOPER)  # GET members/ and GET ownership-offer/ answer every member
_MAINTAINERS = LogReaders(MAINTAINER)  # GET invitations/ and GET budget/ (a restricted one: their projects')
_CONFIGURERS = LogReaders(MAINTAINER, unrestricted=True)  # webhooks, teams, Slack: read as they are changed
_OWNER = LogReaders(OWNER)  # GET credentials/ is the owner's

# R1.1: a member reads on the workspace's log only what the endpoint of the same fact would show them; an
# event about one project also needs that project (``readable_workspace_events``). A type not listed here
# is the owner's alone (fail closed): a new event type is read by more people only by being added here.
WORKSPACE_EVENT_READERS: dict[str, LogReaders] = {
    te.MEMBER_ADDED: _ANY_MEMBER,
    te.MEMBER_ROLE_CHANGED: _ANY_MEMBER,
    te.MEMBER_JOINED: _ANY_MEMBER,
    te.MEMBER_REMOVED: _ANY_MEMBER,  # its suspended agents: those of the reader's projects (payload below)
    te.OWNERSHIP_OFFERED: _ANY_MEMBER,
    te.OWNERSHIP_OFFER_CANCELLED: _ANY_MEMBER,
    te.OWNERSHIP_OFFER_DECLINED: _ANY_MEMBER,
    te.OWNERSHIP_TRANSFERRED: _ANY_MEMBER,  # whether the token needs confirming: the owner's (payload below)
    te.MEMBER_INVITED: _MAINTAINERS,
    te.INVITATION_REVOKED: _MAINTAINERS,
    te.BUDGET_UPDATED: _MAINTAINERS,
    te.WEBHOOK_CREATED: _CONFIGURERS,
    te.WEBHOOK_UPDATED: _CONFIGURERS,
    te.WEBHOOK_DISABLED: _CONFIGURERS,
    te.WEBHOOK_ENABLED: _CONFIGURERS,
    te.WEBHOOK_DELETED: _CONFIGURERS,
    te.WEBHOOK_SECRET_ROTATED: _CONFIGURERS,
    te.SLACK_CONFIGURED: _CONFIGURERS,
    te.SLACK_REMOVED: _CONFIGURERS,
    te.TEAM_CREATED: _CONFIGURERS,
    te.TEAM_MEMBERS_CHANGED: _CONFIGURERS,
    te.TEAM_DELETED: _CONFIGURERS,
    te.SECRET_REENCRYPTED: _CONFIGURERS,  # webhook and Slack secrets
    te.CREDENTIALS_UPDATED: _OWNER,
    te.CREDENTIALS_CONFIRMED: _OWNER,
    te.CREDENTIALS_CONFIRMATION_NEEDED: _OWNER,
    te.CREDENTIALS_REENCRYPTED: _OWNER,
    # a person's own Slack link (whose clicks decide as whom): theirs, and the Slack app's configurers'
    te.SLACK_LINK_REQUESTED: LogReaders(MAINTAINER, unrestricted=True, own=True),
    te.SLACK_LINKED: LogReaders(MAINTAINER, unrestricted=True, own=True),
    te.SLACK_UNLINKED: LogReaders(MAINTAINER, unrestricted=True, own=True),
    # a person's notification choices: GET .../notifications/ shows each person their own only
    te.SUBSCRIPTION_CHANGED: LogReaders(None, own=True),
}


def readable_workspace_events(user, workspace_id) -> QuerySet[WorkspaceEvent]:
    """The workspace's own log as ``user`` reads it: the types their role and restriction read
    (``WORKSPACE_EVENT_READERS``), and an event about one project (its or its agents' spend limits,
    someone's notification choices there) only when the reader reaches that project. Read the payloads
    through :func:`workspace_event_payload`."""
    m = membership(user, workspace_id)
    if m is None:
        return WorkspaceEvent.objects.none()
    types = [t for t, readers in WORKSPACE_EVENT_READERS.items() if readers.admit(m)]
    own = [t for t, readers in WORKSPACE_EVENT_READERS.items() if readers.own]
    readable = Q(type__in=types) | Q(type__in=own, actor_kind="user", actor_id=str(user.pk))
    if m.role == OWNER:
        readable |= ~Q(type__in=list(WORKSPACE_EVENT_READERS))
    return (
        WorkspaceEvent.objects.filter(workspace_id=workspace_id)
        .filter(readable)
        .filter(Q(project__isnull=True) | Q(project__in=visible_projects(user).values("id")))
    )


class WorkspaceLogReader:
    """One reader's view of event payloads, for a page of :func:`readable_workspace_events`: a removed member's
    suspended agents only of the projects the reader reaches (one query, on the first such event), and the
    state of the provider token only for the owner."""

    def __init__(self, user, workspace_id):
        self.user, self.workspace_id = user, workspace_id
        self._member = membership(user, workspace_id)
        self._agents: set[str] | None = None

    def _reachable_agents(self) -> set[str]:
        if self._agents is None:
            projects = visible_projects(self.user).filter(workspace_id=self.workspace_id).values("id")
            self._agents = {
                str(pk) for pk in Agent.objects.filter(project__in=projects).values_list("id", flat=True)
            }
        return self._agents

    def payload(self, event: WorkspaceEvent) -> dict:
        payload = event.payload if isinstance(event.payload, dict) else {}
        if event.type == te.MEMBER_REMOVED and "suspendedAgents" in payload:
            agents = payload["suspendedAgents"] if isinstance(payload["suspendedAgents"], list) else []
            reachable = self._reachable_agents()
            return {**payload, "suspendedAgents": [a for a in agents if str(a) in reachable]}
        if event.type == te.OWNERSHIP_TRANSFERRED and (self._member is None or self._member.role != OWNER):
            return {k: v for k, v in payload.items() if k != "providerTokenNeedsConfirmation"}
        return payload


def membership(user, workspace_id) -> Membership | None:
    if not _is_person(user):
        return None
    return Membership.objects.filter(user=user, workspace_id=workspace_id).first()


def project_role(user, project: Project) -> str | None:
    """The caller's role on a project, or None when the project is not visible to them."""
    m = membership(user, project.workspace_id)
    if m is None:
        return None
    if (
        m.restricted
        and not UserObjectPermission.objects.filter(
            user=user,
            permission__codename=ACCESS_PERM,
            content_type=ContentType.objects.get_for_model(Project),
            object_pk=str(project.pk),
        ).exists()
    ):
        return None
    return m.role


def agent_role(agent: Agent) -> str | None:
    """R2.1 — an agent acts with its principal's role, provided the principal still reaches the project.

    The principal *is* the membership row (loaded with the agent), so only a restricted principal costs
    a query: the guardian grant on this project."""
    principal = agent.principal  # loaded with the agent by the authentication (select_related)
    if principal is None:  # suspended: its principal left the workspace; it acts with no role at all
        return None
    if principal.workspace_id != agent.project.workspace_id:
        return None
    if principal.restricted:
        return project_role(principal.user, agent.project)
    return principal.role


def can_grant(granter_role: str, role: str) -> bool:
    """Members cannot grant a role above their own; nobody grants ``owner`` (exactly one owner, R1.1)."""
    return role != "owner" and ROLE_RANK.get(role, 99) <= ROLE_RANK.get(granter_role, 0)


def set_project_access(member: Membership, projects: list[Project] | None) -> None:
    """Restrict a member to ``projects`` (guardian grants), or lift the restriction with None."""
    from guardian.shortcuts import assign_perm, remove_perm

    user = member.user
    for project in Project.objects.filter(workspace_id=member.workspace_id):
        remove_perm(f"projects.{ACCESS_PERM}", user, project)
    if projects is None:
        member.restricted = False
    else:
        member.restricted = True
        for project in projects:
            assign_perm(f"projects.{ACCESS_PERM}", user, project)
    member.save(update_fields=["restricted"])


# -- a person's open wait or stream, re-read when they change (R1.1, R12.1) ---------------------------------

TOKEN_ENDED = "Invalid or revoked token; create one with create_user_token."
SESSION_ENDED = "Your session has ended (signed out, expired, or your account changed); sign in again."


class PersonFence:
    """What a person's long wait or live stream was let in with: their token or session, and (for a wait) the
    project of the action they wait on. Either may end while it is open -- the token revoked, the session
    signed out, the person deactivated, removed from the workspace or restricted to other projects -- and
    then it ends with what a fresh call would get: 401 for the credentials, 404 for the action. Read when the
    person's announcement wakes it (``actions.waiting.person_key``) and again before it answers."""

    __slots__ = ("user_id", "token_hash", "session_key", "project_id", "ends_at")

    def __init__(
        self, user_id, *, token_hash: str | None = None, session_key: str | None = None, project_id=None
    ):
        self.user_id, self.token_hash, self.session_key = user_id, token_hash, session_key
        self.project_id = str(project_id) if project_id is not None else None
        self.ends_at: datetime | None = (
            None  # a person's credentials stop at no moment known ahead (an agent key's may)
        )

    @classmethod
    def of_request(cls, request, project_id=None) -> PersonFence | None:
        """The fence of a person's call (None for a machine's); ``project_id``: what they must still reach."""
        user = getattr(request, "user", None)
        if user is None or not _is_person(user):
            return None
        auth = getattr(request, "auth", None)
        token_hash = auth.key_hash if isinstance(auth, PersonalToken) else None
        session = getattr(request, "session", None)
        session_key = None
        if token_hash is None and session is not None and session.get(SESSION_KEY) == str(user.pk):
            session_key = session.session_key  # signed in through this session (not force-authenticated)
        return cls(user.pk, token_hash=token_hash, session_key=session_key, project_id=project_id)

    @property
    def share_key(self) -> tuple:
        """Fences alike read alike: waiters of one person woken together share one read."""
        return ("person", str(self.user_id), self.token_hash, self.session_key, self.project_id)

    def read(self) -> tuple[Exception | None, None]:
        return self._refusal(), None

    def refusal(self) -> Exception | None:
        return self._refusal()

    def seconds_left(self) -> float | None:
        return None

    def _credentials_ended(self, user) -> bool:
        if user is None or not user.is_active:
            return True
        if self.token_hash is not None:
            live = PersonalToken.objects.filter(
                key_hash=self.token_hash, user_id=self.user_id, revoked_at__isnull=True
            )
            if not live.exists():
                return True
        return self.session_key is not None and not _session_holds(self.session_key, user)

    def _refusal(self) -> Exception | None:
        user = get_user_model().objects.filter(pk=self.user_id).first()
        if self._credentials_ended(user):
            if self.session_key is not None and self.token_hash is None:
                return exceptions.NotAuthenticated(SESSION_ENDED)
            return exceptions.AuthenticationFailed(TOKEN_ENDED)
        if self.project_id is not None and not visible_projects(user).filter(id=self.project_id).exists():
            return DomainError(
                "Not found: it does not exist, or it is not yours.", status=404, reason="not_found"
            )
        return None


def _session_holds(session_key: str, user) -> bool:
    """Whether ``session_key`` is still ``user``'s signed-in session: not signed out or expired, and made
    with their current password (Django ends the others when it changes)."""
    data = import_module(settings.SESSION_ENGINE).SessionStore(session_key).load()
    if data.get(SESSION_KEY) != str(user.pk):
        return False
    stored = data.get(HASH_SESSION_KEY)
    return stored is None or constant_time_compare(stored, user.get_session_auth_hash())
