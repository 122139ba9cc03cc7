"""Teams of reviewers: named groups of a workspace's members that an approval rule may
name (``actions.quorum``). Maintainer+ of the workspace, not restricted to some projects (a team is
workspace-wide); every change is on the workspace's own log with its real actor."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from brabo.errors import DomainError
from permissions.action_types import ACTION_TYPES, MAINTAINER, role_at_least
from projects.models import Membership, Workspace
from projects.services import require_workspace_role
from projects.team_events import TEAM_CREATED, TEAM_DELETED, TEAM_MEMBERS_CHANGED
from projects.team_events import record as record_team_event

from .models import Team

MAX_MEMBERS = 200
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,79}$")


def require_configurer(actor, workspace_id, what: str) -> Membership:
    m = require_workspace_role(actor, workspace_id, MAINTAINER, what)
    if m.restricted:
        raise DomainError(
            "a team is workspace-wide; a member restricted to some projects cannot change one. Ask the owner.",
            status=403,
            reason="restricted_member",
        )
    return m


def _require_rules_setter(role: str, team: Team) -> None:
    """Who a team holds is who approves under the rules naming it: changing it is changing those rules, so
    it needs the role that sets each of them (a type's rule is that type's minimum role's, as in
    ``quorum.set_approval_rules``; the spend rule is the owner's)."""
    above = sorted(
        f"{r.project.name}: {r.action_type}"
        for r in team.rules.select_related("project")
        if not role_at_least(role, ACTION_TYPES[r.action_type].min_role)
    )
    if above:
        raise DomainError(
            f"team {team.name} names who approves under rules your role ({role}) may not set "
            f"({'; '.join(above)}); changing its members would change them. Ask the owner.",
            status=403,
            reason="role_too_low",
        )


def team_data(team: Team) -> dict:
    return {
        "id": str(team.id),
        "name": team.name,
        "members": sorted(u.get_username() for u in team.members.all()),
        "rules": sorted(f"{r.project_id}:{r.action_type}" for r in team.rules.all()),
        "created_at": team.created_at,
    }


def _members(workspace_id, usernames) -> list:
    if (
        not isinstance(usernames, list)
        or len(usernames) > MAX_MEMBERS
        or not all(isinstance(u, str) and u.strip() for u in usernames)
    ):
        raise DomainError(
            f"members must be a list of at most {MAX_MEMBERS} usernames of the workspace's members.",
            field="members",
            reason="invalid",
        )
    wanted = sorted({u.strip() for u in usernames})
    found = {
        u.get_username(): u
        for u in get_user_model().objects.filter(
            username__in=wanted,
            pk__in=Membership.objects.filter(workspace_id=workspace_id).values("user_id"),
        )
    }
    missing = [u for u in wanted if u not in found]
    if missing:
        raise DomainError(
            f"members: {', '.join(missing)} {'is not a member' if len(missing) == 1 else 'are not members'} of "
            "this workspace; invite them first.",
            field="members",
            reason="invalid",
        )
    return [found[u] for u in wanted]


@transaction.atomic(durable=True)
def create_team(*, actor, workspace: Workspace, name, members=()) -> Team:
    """A new team of ``members`` (usernames of the workspace's members). Names are unique per workspace."""
    require_configurer(actor, workspace.id, "Creating a team")
    name = name.strip() if isinstance(name, str) else ""
    if not _NAME.match(name):
        raise DomainError(
            "name must be 1 to 80 letters, digits, spaces, dots, dashes or underscores, starting with a letter "
            "or digit.",
            field="name",
            reason="invalid",
        )
    users = _members(workspace.id, list(members))
    try:
        with transaction.atomic():
            team = Team.objects.create(workspace=workspace, name=name)
    except IntegrityError:
        raise DomainError(
            f"a team named {name} already exists in this workspace; choose another name.",
            field="name",
            status=409,
            reason="team_name_taken",
        ) from None
    team.members.set(users)
    record_team_event(
        workspace.id,
        TEAM_CREATED,
        actor=actor,
        payload={"teamId": str(team.id), "name": name, "members": [u.get_username() for u in users]},
    )
    return team


@transaction.atomic(durable=True)
def set_team_members(*, actor, team: Team, members) -> Team:
    """Replace a team's members. Rules naming the team count the new members from the next click on."""
    m = require_configurer(actor, team.workspace_id, "Changing a team")
    locked = Team.objects.select_for_update().get(pk=team.pk)
    users = _members(locked.workspace_id, members)
    before = sorted(u.get_username() for u in locked.members.all())
    after = [u.get_username() for u in users]
    if before != after:
        _require_rules_setter(m.role, locked)
        locked.members.set(users)
        record_team_event(
            locked.workspace_id,
            TEAM_MEMBERS_CHANGED,
            actor=actor,
            payload={
                "teamId": str(locked.id),
                "name": locked.name,
                "added": sorted(set(after) - set(before)),
                "removed": sorted(set(before) - set(after)),
            },
        )
    return locked


@transaction.atomic(durable=True)
def delete_team(*, actor, team: Team) -> None:
    """Delete a team. Refused while an approval rule names it: a rule left naming nobody would either let
    anyone of its role approve or nobody, and neither is what its author chose. Change the rule first."""
    require_configurer(actor, team.workspace_id, "Deleting a team")
    locked = Team.objects.select_for_update().get(pk=team.pk)
    used = sorted(f"{r.project.name}: {r.action_type}" for r in locked.rules.select_related("project"))
    if used:
        raise DomainError(
            f"team {locked.name} is named by approval rules ({'; '.join(used)}); remove it from them first.",
            status=409,
            reason="team_in_use",
        )
    record_team_event(
        locked.workspace_id,
        TEAM_DELETED,
        actor=actor,
        payload={"teamId": str(locked.id), "name": locked.name},
    )
    locked.delete()
