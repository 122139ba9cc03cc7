"""Who reaches what (R1.1): the one place workspace and project visibility is computed.

Every API queryset, the admin and the events endpoint go through these functions, so a new endpoint
cannot forget tenant scoping. Role checks come from memberships (plain queries); per-project restriction
of a member uses django-guardian's ``projects.access_project`` object permission, queried with ``id__in``
subqueries so a page of projects costs one query, not one per row.
"""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q, QuerySet
from guardian.models import UserObjectPermission

from permissions.action_types import ROLE_RANK

from .authentication import KeyPrincipal
from .models import Agent, Membership, Project, Workspace, WorkspaceEvent

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


def readable_workspace_events(user, workspace_id) -> QuerySet[WorkspaceEvent]:
    """The workspace's own log as ``user`` reads it: the events of the workspace as a whole, and an event
    about one project (its or its agents' spend limits, someone's notification choices there) only when the
    reader reaches that project."""
    return WorkspaceEvent.objects.filter(workspace_id=workspace_id).filter(
        Q(project__isnull=True) | Q(project__in=visible_projects(user).values("id"))
    )


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
