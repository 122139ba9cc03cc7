"""State transitions of the tenancy model, one atomic function each (STYLE.md practice 1).

Views, the admin and management commands call these; none of them holds these rules itself.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from brabo import domain
from brabo.errors import DomainError
from brabo.storable import json_problem
from permissions import files
from permissions.action_types import ACTION_TYPES, AUTO_APPROVE, ROLE_RANK, ROLES, role_at_least
from permissions.ceiling import above_role, added_and_lifted
from permissions.decide import Permissions
from permissions.files import (
    PermissionsFileError,
    PolicyFileBusy,
    UnsafeFileError,
    parse_permissions_text,
    read_permissions_text,
    render_permissions,
    sha256_text,
)
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS, dev_agent_autonomy

from .access import _is_person, can_grant, membership, project_role, set_project_access
from .crypto import encrypt
from .git_settings import GitSettingError, clean_branch, clean_remote_url, clean_repository
from .local_root import LocalRootError, check_local_root, local_bases, not_allowed_message
from .models import (
    Agent,
    AutonomyRule,
    Membership,
    Project,
    Task,
    Workspace,
    WorkspaceCredentials,
    default_protected_branches,
    local_root_in_use,
)
from .policy_store import (
    EMPTY_POLICY_TEXT,
    accepted_permissions,
    accepted_text,
    file_base,
    read_disk,
    record_accepted,
    write_refusal,
)
from .team_events import CREDENTIALS_CONFIRMED, CREDENTIALS_UPDATED, record_member_set
from .team_events import record as record_team_event

# Event types of the transitions below (R10.1: every write is an event).
AGENT_REVOKED = "agent.revoked"
AGENT_RESTORED = "agent.restored"
TASK_CREATED = "task.created"
MAX_PARALLEL_RAISED = "project.max_parallel_raised"


def require_person(actor, what: str) -> None:
    """Agents and runners (machine keys) never change tenancy, governance or a team; nor does an anonymous
    caller. The one people-only guard: every transition and view that needs a person calls this."""
    if not _is_person(actor):
        raise DomainError(
            f"{what} is a person's decision; agents and runners cannot make it. Sign in as a person "
            "(session or personal token).",
            status=403,
            reason="people_only",
        )


def require_workspace_role(actor, workspace_id, minimum: str | None, what: str) -> Membership:
    """STYLE 13: the transition checks its own caller, whichever door it came through. Not a member → 404
    (R1.1: another workspace's resources do not exist for you); below ``minimum`` → 403. ``minimum=None``:
    any member (the transition then applies its own rule, e.g. owner-only or "only the invitee")."""
    require_person(actor, what)
    m = membership(actor, workspace_id)
    if m is None:
        raise DomainError("Not found: no such workspace, or it is not yours.", status=404, reason="not_found")
    if minimum is not None and not role_at_least(m.role, minimum):
        raise DomainError(
            f"{what} needs the {minimum} role or higher; your role is {m.role}.",
            status=403,
            reason="role_too_low",
        )
    return m


def require_unrestricted(m: Membership, what: str) -> None:
    """Who is in a workspace and what each member reaches is workspace-wide: a member restricted to some
    projects changes none of it (else they would lift their own restriction, or add an unrestricted second
    account of theirs, and reach every project)."""
    if m.restricted:
        raise DomainError(
            f"{what} is workspace-wide; a member restricted to some projects cannot do it. Ask the owner, or a "
            "maintainer with access to every project.",
            status=403,
            reason="restricted_member",
        )


def require_project_role(actor, project: Project, minimum: str, what: str, *, noun: str = "project") -> str:
    """As :func:`require_workspace_role`, for a project (a restricted member reaches only granted ones).
    ``noun`` names what the caller asked for in the 404 (an agent, a runner: what lives in the project)."""
    require_person(actor, what)
    role = project_role(actor, project)
    if role is None:
        raise DomainError(f"Not found: no such {noun}, or it is not yours.", status=404, reason="not_found")
    if not role_at_least(role, minimum):
        raise DomainError(
            f"{what} needs the {minimum} role or higher; your role is {role}.",
            status=403,
            reason="role_too_low",
        )
    return role


@transaction.atomic(durable=True)
def create_workspace(*, actor, name: str) -> Workspace:
    require_person(actor, "Creating a workspace")
    name = (name or "").strip()
    if not name:
        raise DomainError("name is required: give the workspace a name.", field="name", reason="invalid")
    ws = Workspace.objects.create(name=name, owner=actor)
    Membership.objects.create(workspace=ws, user=actor, role="owner")
    WorkspaceCredentials.objects.create(workspace=ws)
    return ws


@transaction.atomic(durable=True)
def set_member(*, actor, workspace: Workspace, username: str, role: str) -> tuple[Membership, bool]:
    """Add a member or change a member's role. Nobody grants above their own role or grants ``owner``."""
    return set_member_in_transaction(actor, workspace, username, role)


def set_member_in_transaction(
    actor, workspace: Workspace, username: str, role: str
) -> tuple[Membership, bool]:
    """:func:`set_member`'s work in the caller's transaction, for a transition that changes a member as one
    of its steps (``teams.change_member_role``): the same checks of ``actor``, no transaction of its own."""
    actor_membership = require_workspace_role(actor, workspace.pk, "maintainer", "Adding or changing members")
    require_unrestricted(actor_membership, "Adding or changing members")
    if role not in ROLES:
        raise DomainError(
            f"role {role!r} is unknown; use developer or maintainer.", field="role", reason="invalid"
        )
    if not can_grant(actor_membership.role, role):
        raise DomainError(
            f"you cannot grant {role}: members grant at most their own role ({actor_membership.role}) and "
            "a workspace has exactly one owner.",
            field="role",
            status=403,
            reason="role_above_own",
        )
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise DomainError(
            f"no user named {username!r}; create the account first.", field="username", reason="invalid"
        )
    ws_id = actor_membership.workspace_id
    existing = Membership.objects.select_for_update().filter(workspace_id=ws_id, user=user).first()
    if existing is not None:
        if existing.role == "owner":
            raise DomainError(
                "the owner's role cannot be changed here; the owner transfers ownership to a maintainer.",
                field="username",
                status=403,
                reason="owner_cannot_be_changed",
            )
        if ROLE_RANK[existing.role] > ROLE_RANK[actor_membership.role]:
            raise DomainError(
                "you cannot change the role of a member above you.",
                field="username",
                status=403,
                reason="role_too_low",
            )
        before, existing.role = existing.role, role
        existing.save(update_fields=["role"])
        record_member_set(actor_membership.user, existing, False, before)
        return existing, False
    created = Membership.objects.create(workspace_id=ws_id, user=user, role=role)
    record_member_set(actor_membership.user, created, True, None)
    return created, True


@transaction.atomic(durable=True)
def set_member_access(*, actor, workspace: Workspace, username: str, project_ids) -> Membership:
    """Restrict a member to some projects (django-guardian grants), or lift it with ``project_ids=None``.
    Only for members at or below the actor's own role, never the owner."""
    actor_m = require_workspace_role(actor, workspace.pk, "maintainer", "Restricting a member's projects")
    require_unrestricted(actor_m, "Restricting a member's projects")
    member = (
        None
        if "\x00" in username  # PostgreSQL cannot even compare text holding NUL
        else Membership.objects.select_related("user")
        .filter(workspace=workspace, user__username=username)
        .first()
    )
    if member is None:
        raise DomainError("No such member in this workspace.", status=404, reason="not_found")
    if member.role == "owner" or member.rank > actor_m.rank:
        raise DomainError(
            "You can restrict only members at or below your own role, never the owner.",
            status=403,
            reason="role_too_low",
        )
    projects = None
    if project_ids is not None:
        projects = list(Project.objects.filter(workspace=workspace, id__in=project_ids))
        if len(projects) != len(set(project_ids)):
            raise DomainError(
                "some project ids are not projects of this workspace.", field="projects", reason="invalid"
            )
    set_project_access(member, projects)
    return member


@transaction.atomic(durable=True)
def set_credentials(
    *,
    actor,
    workspace: Workspace,
    provider_kind: str | None = None,
    provider_base_url: str | None = None,
    provider_token: str | None = None,
    model_key: str | None = None,
) -> WorkspaceCredentials:
    """R1.2 — write-only, the owner's alone. ``""`` clears a secret; None leaves it as it is. Who set each
    secret is kept (the owner vouches for the token they set), and the change is a ``credentials.updated``
    event on the workspace's log — what changed, never a value."""
    require_workspace_role(actor, workspace.pk, "owner", "Managing the provider token and model key")
    creds, _ = WorkspaceCredentials.objects.select_for_update().get_or_create(workspace=workspace)
    now = timezone.now()
    changes: dict[str, object] = {}
    if provider_kind is not None and provider_kind != creds.provider_kind:
        changes["provider_kind"] = {"from": creds.provider_kind, "to": provider_kind}
        creds.provider_kind = provider_kind
    if provider_base_url is not None and provider_base_url != creds.provider_base_url:
        changes["provider_base_url"] = {"from": creds.provider_base_url, "to": provider_base_url}
        creds.provider_base_url = provider_base_url
    if provider_token is not None and (provider_token or creds.provider_token_encrypted):
        changes["provider_token"] = _secret_change(creds.provider_token_encrypted, provider_token)
        creds.provider_token_encrypted = encrypt(provider_token) if provider_token else ""
        creds.provider_token_set_at = now if provider_token else None
        creds.provider_token_set_by = actor if provider_token else None
        creds.provider_token_confirmed_by, creds.provider_token_confirmed_at = None, None
    if model_key is not None and (model_key or creds.model_key_encrypted):
        changes["model_key"] = _secret_change(creds.model_key_encrypted, model_key)
        creds.model_key_encrypted = encrypt(model_key) if model_key else ""
        creds.model_key_set_at = now if model_key else None
        creds.model_key_set_by = actor if model_key else None
    creds.save()
    if changes:
        record_team_event(workspace.pk, CREDENTIALS_UPDATED, actor=actor, payload=changes)
    return creds


def _secret_change(before_encrypted: str, value: str) -> str:
    if not value:
        return "cleared"
    return "replaced" if before_encrypted else "set"


@transaction.atomic(durable=True)
def confirm_provider_token(*, actor, workspace: Workspace) -> WorkspaceCredentials:
    """The owner vouches for a provider token someone else set (a previous owner), so git
    provider actions use it again. Confirming a token the owner already vouches for changes nothing."""
    require_workspace_role(actor, workspace.pk, "owner", "Confirming the provider token")
    creds = WorkspaceCredentials.objects.select_for_update().filter(workspace=workspace).first()
    if creds is None or not creds.provider_token_encrypted:
        raise DomainError(
            "the workspace has no provider token to confirm; set one with PUT /api/workspaces/{id}/credentials/.",
            status=409,
            reason="provider_token_missing",
        )
    if creds.provider_token_vouched_by_id == actor.pk:
        return creds
    set_by = creds.provider_token_set_by
    creds.provider_token_confirmed_by, creds.provider_token_confirmed_at = actor, timezone.now()
    creds.save(update_fields=["provider_token_confirmed_by", "provider_token_confirmed_at"])
    record_team_event(
        workspace.pk,
        CREDENTIALS_CONFIRMED,
        actor=actor,
        payload={"provider_token_set_by": set_by.get_username() if set_by else None},
    )
    return creds


def _local_root(local_path: str) -> str:
    """Validate a typed `local` root (R1.4) and refuse one that overlaps another project's root in either
    direction (R1.4, R3.5) — with the same words as every other reserved folder, so the answer never tells
    one workspace that another has a folder there. Called inside the creating transaction, after
    :func:`_serialise_local_roots`, so two creations cannot both pass."""
    try:
        checked = check_local_root(local_path)
    except LocalRootError as exc:
        raise DomainError(str(exc), field="local_path", reason=exc.code) from None
    if local_root_in_use(checked.forms()):
        raise DomainError(
            not_allowed_message(checked.path, local_bases()),
            field="local_path",
            reason="local_path_not_allowed",
        )
    return checked.path


def _serialise_local_roots() -> None:
    """One `local` project creation at a time, so the overlap check sees every committed root. PostgreSQL:
    a transaction-scoped advisory lock; SQLite's immediate transactions already serialise writers."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCAL_ROOTS_LOCK])


_LOCAL_ROOTS_LOCK = 0x6272616C6F63  # "bralocal": any fixed key no other lock in Brabo uses


def create_project(
    *,
    actor,
    workspace: Workspace,
    name: str,
    execution_mode: str = "container",
    local_path: str = "",
    protected_branches: list[str] | None = None,
    module_map: dict | None = None,
    max_parallel: int = 2,
    repository: str | None = None,
    git_remote_url: str | None = None,
    default_branch: str | None = None,
) -> Project:
    """A new project (maintainer+), with where its code lives when given (as :func:`set_project_git` checks
    it): a refused remote leaves no project behind."""
    m = require_workspace_role(actor, workspace.pk, "maintainer", "Creating a project")
    # which projects a workspace holds is workspace-wide: a member restricted to some would make one they
    # then could not reach, and learn the names of those they cannot from "already exists"
    require_unrestricted(m, "Creating a project")
    name = (name or "").strip()
    if not name:
        raise DomainError("name is required: give the project a name.", field="name", reason="invalid")
    slug = slugify(name)[:100]
    if not slug:
        raise DomainError(
            f"name {name!r} has no letters or digits to make a folder name from.",
            field="name",
            reason="invalid",
        )
    if (
        Project.objects.filter(workspace=workspace, name=name).exists()
        or Project.objects.filter(workspace=workspace, slug=slug).exists()
    ):
        raise DomainError(
            f"a project named {name!r} already exists in this workspace; choose another name.",
            field="name",
            reason="invalid",
        )
    if execution_mode != "local" and local_path:
        raise DomainError(
            "local_path is only for execution_mode 'local'; leave it out.",
            field="local_path",
            reason="invalid",
        )
    git: dict = _clean_git(workspace, m.role, repository, git_remote_url, default_branch)
    if git.get("git_remote_url"):
        git["git_remote_set_by"] = actor  # checked again at every push (projects.git_settings)
    try:
        with transaction.atomic(durable=True):
            root = ""
            if execution_mode == "local":
                _serialise_local_roots()
                root = _local_root(local_path)
            project = Project.objects.create(
                workspace=workspace,
                name=name,
                slug=slug,
                execution_mode=execution_mode,
                local_path=root,
                protected_branches=(
                    list(protected_branches)
                    if protected_branches is not None
                    else default_protected_branches()
                ),
                module_map=module_map or {},
                max_parallel=max_parallel,
                **git,
            )
    except IntegrityError:
        raise DomainError(
            f"a project named {name!r} already exists in this workspace; choose another name.",
            field="name",
            reason="invalid",
        ) from None
    if execution_mode != "local":
        project.folder.mkdir(parents=True, exist_ok=True)
    return project


@transaction.atomic(durable=True)
def create_agent(
    *, actor, project: Project, name: str, principal: Membership, kind: str = "custom"
) -> tuple[Agent, str]:
    """Returns (agent, key). The key is shown once; only its hash is stored (R1.6)."""
    require_project_role(actor, project, "maintainer", "Creating an agent")
    name = (name or "").strip()
    if not name:
        raise DomainError(
            "name is required, e.g. dev-api, dev-lead, infra, qa, secops.", field="name", reason="invalid"
        )
    if principal.workspace_id != project.workspace_id:
        raise DomainError(
            "the principal must be a member of the project's workspace.", field="principal", reason="invalid"
        )
    if project_role(principal.user, project) is None:
        raise DomainError(
            "the principal cannot reach this project; grant them access first.",
            field="principal",
            reason="invalid",
        )
    require_can_act_for(
        actor, project, principal, f"Creating an agent for {principal.user.get_username()}", field="principal"
    )
    if Agent.objects.filter(project=project, name=name).exists():
        raise DomainError(
            f"an agent named {name!r} already exists in this project.", field="name", reason="invalid"
        )
    key, key_hash = Agent.new_key()
    agent = Agent.objects.create(
        project=project, name=name, kind=kind or "custom", principal=principal, key_hash=key_hash
    )
    if project.execution_active:
        _seed_agent_autonomy(agent)  # R3.4 — agents added after activation get the same seed
    return agent, key


@transaction.atomic(durable=True)
def revoke_agent(*, actor, agent: Agent) -> Agent:
    require_project_role(actor, agent.project, "maintainer", "Revoking an agent")
    if agent.revoked_at is None:
        agent.revoked_at = timezone.now()
        agent.save(update_fields=["revoked_at"])
        _record_agent(AGENT_REVOKED, agent, actor)
    return agent


@transaction.atomic(durable=True)
def restore_agent(*, actor, agent: Agent) -> Agent:
    """Bring a revoked agent back (its name stays taken by the revoked row, so no new agent of that name can
    be made). It answers to no key until a maintainer rotates one (``keys.rotate_agent_key``); the demo
    seeder does both. Maintainer+ with at least the principal's role, as for a rotation (R2.1)."""
    require_project_role(actor, agent.project, "maintainer", "Restoring a revoked agent", noun="agent")
    locked = (
        Agent.objects.select_for_update(of=("self",)).select_related("project", "principal").get(pk=agent.pk)
    )
    if locked.revoked_at is None:
        return locked
    require_can_act_for(actor, locked.project, locked.principal, f"Restoring {locked.name}")
    locked.revoked_at = None
    locked.save(update_fields=["revoked_at"])
    _record_agent(AGENT_RESTORED, locked, actor)
    return locked


def _record_agent(event_type: str, agent: Agent, actor) -> None:
    domain.record(
        event_type,
        project_id=agent.project_id,
        actor=domain.Actor.of_user(actor),
        payload={"agentId": str(agent.pk), "agent": agent.name},
    )


@transaction.atomic(durable=True)
def create_task(*, actor, project: Project, title: str, **fields) -> Task:
    """A backlog item (R8.3), added by a developer or above; recorded as ``task.created``."""
    require_project_role(actor, project, "developer", "Adding a task")
    title = (title or "").strip()
    if not title:
        raise DomainError("title is required: name the task.", field="title", reason="invalid")
    task = Task.objects.create(project=project, title=title, **fields)
    domain.record(
        TASK_CREATED,
        project_id=project.pk,
        actor=domain.Actor.of_user(actor),
        payload={"taskId": str(task.pk), "title": task.title, "status": task.status},
    )
    return task


def raise_max_parallel(*, project_id, value: int, action) -> tuple[int, int]:
    """The effect of an executed ``raise_max_parallel`` action: the project's limit goes up to ``value``
    (never down), recorded as ``project.max_parallel_raised`` on behalf of the approved action. Returns
    (previous, value); a lower ``value`` changes nothing and returns the previous limit twice. The approval
    that let the action run was the checked transition; this is its worker step."""
    with transaction.atomic():
        previous = (
            Project.objects.select_for_update().values_list("max_parallel", flat=True).get(id=project_id)
        )
        if value < previous:
            return previous, previous
        Project.objects.filter(id=project_id).update(max_parallel=value)
        domain.record(
            MAX_PARALLEL_RAISED,
            project_id=project_id,
            actor=domain.Actor.system("worker"),
            action=action,
            payload={"from": previous, "to": value},
        )
    return previous, value


def require_can_act_for(
    actor, project: Project, principal: Membership | None, what: str, *, field: str | None = None
) -> None:
    """R2.1: an agent carries its principal's role, so whoever creates or configures one must hold at least
    that role on the project — a maintainer cannot make an owner's agent auto-approve ``spend``."""
    if principal is None:
        raise DomainError(
            "this agent is suspended (its principal left the workspace); a maintainer reassigns its "
            "principal first.",
            field=field,
            status=409,
            reason="agent_suspended",
        )
    mine = ROLE_RANK.get(project_role(actor, project) or "", 0)
    if mine < ROLE_RANK.get(principal.role, 99):
        raise DomainError(
            f"{what} needs at least the principal's role ({principal.role}): an agent acts with its "
            "principal's role. Ask them, or choose a principal at or below your own role.",
            field=field,
            status=403,
            reason="below_principal_role",
        )


def _record_grant(project_id, actor, payload: dict) -> None:
    domain.record(
        domain.PERMISSION_GRANTED, project_id=project_id, actor=domain.Actor.of_user(actor), payload=payload
    )


# ``permission.granted`` (R10.1) for a grant made outside an approval: the person who widened what
# auto-approves is on record, as for "always allow". Called inside the change's transaction.


def record_pattern_grant(project_id, actor, patterns: list[str], reason: str, **extra) -> None:
    """Patterns added to permissions.json: ``patterns`` and ``pattern`` joined by ", " (R10.1)."""
    _record_grant(
        project_id, actor, {"patterns": patterns, "pattern": ", ".join(patterns), "reason": reason, **extra}
    )


def record_autonomy_grant(project_id, actor, agent_id, action_type: str, reason: str) -> None:
    """An autonomy row set to auto_approve: ``agentId`` and ``actionType`` (R10.1)."""
    _record_grant(project_id, actor, {"agentId": str(agent_id), "actionType": action_type, "reason": reason})


@transaction.atomic(durable=True)
def set_autonomy(*, agent: Agent, rows: list[dict], actor) -> list[AutonomyRule]:
    """Replace the agent's autonomy rows with ``rows`` (the PUT semantics of R12.4). Each type that becomes
    ``auto_approve`` (``"*"`` is autopilot) is a ``permission.granted`` event by ``actor``, who needs at
    least the agent's principal's role."""
    require_project_role(actor, agent.project, "maintainer", "Changing an agent's autonomy")
    require_can_act_for(actor, agent.project, agent.principal, f"Changing the autonomy of {agent.name}")

    seen: set[str] = set()
    for row in rows:
        if row["action_type"] in seen:
            raise DomainError(
                f"action_type {row['action_type']!r} appears twice; give one row per type.",
                field="rows",
                reason="invalid",
            )
        seen.add(row["action_type"])
    before = dict(
        AutonomyRule.objects.select_for_update().filter(agent=agent).values_list("action_type", "mode")
    )
    AutonomyRule.objects.filter(agent=agent).delete()
    AutonomyRule.objects.bulk_create(
        [AutonomyRule(agent=agent, action_type=r["action_type"], mode=r["mode"]) for r in rows]
    )
    for row in rows:
        if row["mode"] == AUTO_APPROVE and before.get(row["action_type"]) != AUTO_APPROVE:
            record_autonomy_grant(agent.project_id, actor, agent.id, row["action_type"], "autonomy_set")
    return list(AutonomyRule.objects.filter(agent=agent))


def upsert_autonomy(*, actor, agent: Agent, action_type: str, mode: str) -> AutonomyRule:
    """Set one row (used by "always allow" for dev-<module> agents, R7.4, and the Infra handoff, R9.6). The
    actor reaches the project with at least the action type's minimum role (R2.2; ``*`` needs maintainer);
    the door's own rule (the decider's click, the handoff) is checked by its caller."""
    minimum = ACTION_TYPES[action_type].min_role if action_type in ACTION_TYPES else "maintainer"
    require_project_role(actor, agent.project, minimum, f"Setting {agent.name}'s {action_type} autonomy")
    rule, _ = AutonomyRule.objects.update_or_create(
        agent=agent, action_type=action_type, defaults={"mode": mode}
    )
    return rule


# -- permissions.json and activation (R3.1, R3.3, R3.4) ------------------------------------------------


def replace_permissions(*, project: Project, data, actor) -> Permissions:
    """Validate ``{allow, deny, ask}`` with the engine's own parser, then write the file atomically."""
    import json

    require_project_role(actor, project, "maintainer", "Changing permissions")  # before judging the body
    if not isinstance(data, dict):
        raise DomainError(
            'send a JSON object {"allow": [...], "deny": [...], "ask": [...]}.',
            field="permissions",
            reason="invalid",
        )

    problem = json_problem(data, "permissions")
    if problem:
        raise DomainError(f"{problem}; patterns are UTF-8 text.", field="permissions", reason="invalid")
    try:
        perms = parse_permissions_text(json.dumps(data, indent=2))
    except PermissionsFileError as exc:
        raise DomainError(str(exc), field=exc.entry or "permissions", reason="invalid") from None
    save_permissions(project=project, perms=perms, actor=actor)
    return perms


def _lock_project(project: Project) -> None:
    """Serialise changes of one project's accepted policy (R3.5): one writer at a time, by pk."""
    Project.objects.select_for_update().filter(pk=project.pk).values_list("pk").first()
    fresh = Project.objects.filter(pk=project.pk).values_list("policy_sha256", flat=True).first()
    project.policy_sha256 = fresh or ""


def _refuse_above_ceiling(before: Permissions, after: Permissions, role: str | None) -> None:
    """R3.6 — nobody allows, or lifts a deny/ask on, an action type above their own role."""
    over = above_role(before, after, role)
    if over:
        raise DomainError(
            f"your role ({role}) cannot grant {', '.join(over)}: these action types need a higher role to "
            "allow (Spend() is the owner's). Nothing was saved; ask the owner, or leave those entries as "
            "they were.",
            field="permissions",
            status=403,
            reason="role_ceiling",
        )


def _write_failed(exc: Exception) -> DomainError:
    return write_refusal(exc)  # named, never a server path (projects.policy_store)


@transaction.atomic(durable=True)
def save_permissions(*, project: Project, perms: Permissions, actor) -> None:
    """Write the project's permissions.json atomically and record it as the accepted policy (R3.5) — the
    API's PUT and the console's editor. Maintainer+ only, within the role ceiling (R3.6). The ``allow``
    entries it adds to the accepted policy (``patterns`` and ``pattern``, as for "always allow") and the
    ``deny``/``ask`` entries it takes away (``liftedDeny``, ``liftedAsk``) are one ``permission.granted``
    event by ``actor``; the event is written first, so a failed file write leaves none."""
    role = require_project_role(actor, project, "maintainer", "Changing permissions")
    _lock_project(project)
    before = accepted_permissions(project)
    _refuse_above_ceiling(before, perms, role)
    added, lifted_deny, lifted_ask = added_and_lifted(before, perms)
    lifted = {"liftedDeny": lifted_deny, "liftedAsk": lifted_ask}
    if added or any(lifted.values()):
        record_pattern_grant(
            project.id, actor, added, "permissions_saved", **{k: v for k, v in lifted.items() if v}
        )
    path = project.permissions_path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        files.write_permissions(path, perms)
    except (OSError, PermissionsFileError) as exc:  # a folder, a held lock — named, never a 500
        raise _write_failed(exc) from None
    record_accepted(project, render_permissions(perms), by=actor, source="permissions_saved")


def merge_accepted(*, project: Project, allow, actor, source: str) -> list[str]:
    """Add ``allow`` entries to the accepted policy and to the file on disk (activation, "always allow"),
    in the caller's transaction. Returns the entries the accepted policy did not have. When the file on
    disk differs from the accepted version, both get the entries and the outside change stays outside:
    adding a pattern never accepts what an agent or a git pull changed (R3.5). Raises PermissionsFileError
    when the file does not load (nothing is written over what could not be read)."""
    # The door's own check (R2.2 for "always allow", maintainer for activation) came first; this one keeps
    # every write of the policy within the writer's reach and under the role ceiling (R3.6).
    role = require_project_role(actor, project, "developer", "Writing to permissions.json")
    _lock_project(project)
    before = accepted_permissions(project)
    _refuse_above_ceiling(before, Permissions(before.allow + tuple(allow), before.deny, before.ask), role)
    added = [p for p in dict.fromkeys(allow) if p not in set(before.allow)]
    path = project.permissions_path
    path.parent.mkdir(parents=True, exist_ok=True)
    in_sync = sha256_text(read_permissions_text(path, base=file_base(project))) == project.policy_sha256
    files.merge_into(path, allow=list(allow))
    if in_sync:
        record_accepted(
            project, read_permissions_text(path, base=file_base(project)), by=actor, source=source
        )
    elif added:
        merged = Permissions(before.allow + tuple(added), before.deny, before.ask)
        record_accepted(project, render_permissions(merged), by=actor, source=source)
    return added


def remove_accepted(*, project: Project, allow, actor, source: str) -> list[str]:
    """Take ``allow`` entries out of the accepted policy and out of the file on disk (undoing an "always
    allow"), in the caller's transaction; returns the entries the accepted policy still had. This
    only tightens: the accepted version alone already governs (R3.5: the stricter of file and accepted wins),
    so a file that changed outside Brabo keeps its other differences, and one that does not load is left as
    it is (it already grants nothing). A file in sync that cannot be written refuses, so both stay equal."""
    require_project_role(actor, project, "developer", "Writing to permissions.json")
    _lock_project(project)
    before = accepted_permissions(project)
    removed = [p for p in dict.fromkeys(allow) if p in set(before.allow)]
    path = project.permissions_path
    try:
        disk = read_permissions_text(path, base=file_base(project))
    except PermissionsFileError:
        disk = None  # unreadable: it grants nothing (fails closed); the accepted version is changed alone
        in_sync = False
    else:
        in_sync = sha256_text(disk) == project.policy_sha256
    if disk is not None:
        try:
            files.remove_from(path, allow=list(allow))
        except (OSError, PermissionsFileError) as exc:
            if in_sync:
                raise _write_failed(exc) from None
            # out of sync and unwritable: the accepted version below still takes the entries away
    if not removed:
        return []
    kept = Permissions(tuple(e for e in before.allow if e not in set(removed)), before.deny, before.ask)
    if in_sync:
        record_accepted(
            project, read_permissions_text(path, base=file_base(project)), by=actor, source=source
        )
    else:
        record_accepted(project, render_permissions(kept), by=actor, source=source)
    return removed


def revert_autonomy(*, actor, agent: Agent, action_type: str, previous_mode: str | None) -> bool:
    """Undo an autonomy grant: the row goes back to ``previous_mode`` (no row when there was
    none) — only while it still is ``auto_approve``; a row someone changed since is theirs. Returns whether
    it changed. Same role as setting it (``upsert_autonomy``)."""
    minimum = ACTION_TYPES[action_type].min_role if action_type in ACTION_TYPES else "maintainer"
    require_project_role(actor, agent.project, minimum, f"Setting {agent.name}'s {action_type} autonomy")
    row = AutonomyRule.objects.select_for_update().filter(agent=agent, action_type=action_type).first()
    if row is None or row.mode != AUTO_APPROVE:
        return False
    if previous_mode:
        row.mode = previous_mode
        row.save(update_fields=["mode", "updated_at"])
    else:
        row.delete()
    return True


@transaction.atomic(durable=True)
def accept_policy_on_disk(*, project: Project, actor, expected_sha256: str | None = None) -> Permissions:
    """R3.5 — a maintainer+ accepts the file as it is on disk: it becomes the policy in force. What it adds
    or lifts against the accepted version is a ``permission.granted`` event, within the role ceiling (R3.6).
    ``expected_sha256`` (what the person reviewed) refuses with 409 if the file changed since."""
    role = require_project_role(actor, project, "maintainer", "Accepting permissions.json")
    _lock_project(project)
    try:
        text = read_disk(project)
        perms = parse_permissions_text(text) if text is not None else Permissions()
    except PermissionsFileError as exc:
        raise DomainError(
            f"{exc}. A file that does not load cannot be accepted: restore the accepted version or fix it.",
            field="permissions",
            status=409,
            reason="permissions_invalid",
        ) from None
    if expected_sha256 is not None and expected_sha256 != sha256_text(text):
        raise DomainError(
            "permissions.json changed on disk since you reviewed it; review the new diff and accept again.",
            status=409,
            reason="policy_changed_since_review",
        )
    before = accepted_permissions(project)
    _refuse_above_ceiling(before, perms, role)
    added, lifted_deny, lifted_ask = added_and_lifted(before, perms)
    lifted = {"liftedDeny": lifted_deny, "liftedAsk": lifted_ask}
    if added or any(lifted.values()):
        record_pattern_grant(
            project.id, actor, added, "policy_accepted_from_disk", **{k: v for k, v in lifted.items() if v}
        )
    record_accepted(project, text, by=actor, source="accepted_from_disk")
    return perms


@transaction.atomic(durable=True)
def restore_policy(*, project: Project, actor) -> Permissions:
    """R3.5 — rewrite permissions.json to the accepted version, atomically (the outside change is dropped;
    it never was in force beyond what the accepted version allowed, so this grants nothing)."""
    import os

    require_project_role(actor, project, "maintainer", "Restoring permissions.json")
    _lock_project(project)
    text = accepted_text(project)
    path = os.fspath(project.permissions_path)
    try:
        project.permissions_path.parent.mkdir(parents=True, exist_ok=True)
        files.replace_policy_file(path, text if text is not None else EMPTY_POLICY_TEXT)
    except (OSError, PermissionsFileError) as exc:  # a folder, a held lock — named, never a 500
        raise _write_failed(exc) from None
    if text is None:  # the empty policy is now a real file: record exactly that text, so both agree
        record_accepted(project, EMPTY_POLICY_TEXT, by=actor, source="restored")
    return accepted_permissions(project)


def _seed_agent_autonomy(agent: Agent) -> list[str]:
    """Seed the agent's R3.4 rows; returns the action types it newly set to auto_approve."""
    granted = []
    for action_type, mode in dev_agent_autonomy(agent.name):
        # A row a maintainer already set (say, git_commit: deny) is theirs; the seed never overrides it.
        _, created = AutonomyRule.objects.get_or_create(
            agent=agent, action_type=action_type, defaults={"mode": mode}
        )
        if created and mode == AUTO_APPROVE:
            granted.append(action_type)
    return granted


def activate_execution(*, project: Project, actor) -> Permissions:
    """R3.4 — merge the dev-terminal families into ``allow`` (no duplicates, order kept) and seed
    ``git_commit: auto_approve`` for every ``dev-<module>`` agent. Idempotent. What it adds is recorded as
    ``permission.granted`` by ``actor``, written before the file so a failed write leaves no event; the
    merged policy becomes the accepted one (R3.5)."""
    role = require_project_role(actor, project, "maintainer", "Activating execution")
    try:
        with transaction.atomic(durable=True):
            _lock_project(project)
            before = accepted_permissions(project)
            seeded = Permissions(before.allow + tuple(DEV_TERMINAL_ALLOW_PATTERNS), before.deny, before.ask)
            _refuse_above_ceiling(before, seeded, role)
            added = [p for p in dict.fromkeys(DEV_TERMINAL_ALLOW_PATTERNS) if p not in set(before.allow)]
            if added:
                record_pattern_grant(project.id, actor, added, "execution_activated")
            for agent in Agent.objects.filter(project=project):
                for action_type in _seed_agent_autonomy(agent):
                    record_autonomy_grant(project.id, actor, agent.id, action_type, "execution_activated")
            Project.objects.filter(pk=project.pk).update(execution_active=True)
            merge_accepted(
                project=project, allow=DEV_TERMINAL_ALLOW_PATTERNS, actor=actor, source="execution_activated"
            )
    except (PolicyFileBusy, UnsafeFileError, OSError) as exc:  # named, never a 500
        raise _write_failed(exc) from None
    except PermissionsFileError as exc:
        raise DomainError(
            f"permissions.json does not load, so nothing was seeded: {exc}",
            field="permissions",
            status=409,
            reason="permissions_invalid",
        ) from None
    project.execution_active = True
    return accepted_permissions(project)


# -- where the code lives (repository, push remote) -------------------------------------------------


@transaction.atomic(durable=True)
def set_project_git(
    *,
    project: Project,
    actor,
    repository: str | None = None,
    git_remote_url: str | None = None,
    default_branch: str | None = None,
) -> Project:
    """Set the project's provider repository, push remote and default branch (maintainer+). None leaves a
    field as it is, ``""`` clears it. The remote is validated in :mod:`projects.git_settings`: it receives the
    workspace owner's token, so only the owner may point it at a host other than the provider's."""
    role = require_project_role(actor, project, "maintainer", "Changing the project's repository or remote")
    fields: dict = _clean_git(project.workspace, role, repository, git_remote_url, default_branch)
    if "git_remote_url" in fields:
        fields["git_remote_set_by"] = actor  # checked again at every push (projects.git_settings)
    for name, value in fields.items():
        setattr(project, name, value)
    if fields:
        project.save(update_fields=list(fields))
    return project


def _clean_git(
    workspace: Workspace,
    role: str,
    repository: str | None,
    git_remote_url: str | None,
    default_branch: str | None,
) -> dict[str, str]:
    """The git fields given (None: not given), validated for a person of ``role`` in ``workspace``: the
    remote receives the workspace owner's token, so only the owner points it off the provider's host."""
    fields: dict[str, str] = {}
    try:
        if repository is not None:
            fields["repository"] = clean_repository(repository)
        if git_remote_url is not None:
            fields["git_remote_url"] = clean_remote_url(
                git_remote_url, workspace=workspace, actor_is_owner=role == "owner"
            )
        if default_branch is not None:
            fields["default_branch"] = clean_branch(default_branch)
    except GitSettingError as exc:
        raise DomainError(str(exc), field=exc.field, reason="invalid") from None
    return fields
