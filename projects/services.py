"""State transitions of the tenancy model, one atomic function each (STYLE.md practice 1).

Views, the admin and management commands call these; none of them holds these rules itself.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from permissions.action_types import ROLE_RANK, ROLES
from permissions.decide import Permissions

from .access import can_grant
from .crypto import encrypt
from .local_root import LocalRootError, validate_local_root
from .models import (
    Agent,
    AutonomyRule,
    Membership,
    Project,
    Workspace,
    WorkspaceCredentials,
    default_protected_branches,
)
from .team_events import record_member_set


class DomainError(Exception):
    """A refused transition. ``field`` names the input at fault; ``status`` is the HTTP status to answer."""

    def __init__(
        self, message: str, *, field: str | None = None, status: int = 400, reason: str | None = None
    ):
        super().__init__(message)
        self.field = field
        self.status = status
        self.reason = reason


@transaction.atomic
def create_workspace(*, actor, name: str) -> Workspace:
    name = (name or "").strip()
    if not name:
        raise DomainError("name is required: give the workspace a name.", field="name")
    ws = Workspace.objects.create(name=name, owner=actor)
    Membership.objects.create(workspace=ws, user=actor, role="owner")
    WorkspaceCredentials.objects.create(workspace=ws)
    return ws


@transaction.atomic
def set_member(*, actor_membership: Membership, username: str, role: str) -> tuple[Membership, bool]:
    """Add a member or change a member's role. Nobody grants above their own role or grants ``owner``."""
    if role not in ROLES:
        raise DomainError(f"role {role!r} is unknown; use developer or maintainer.", field="role")
    if not can_grant(actor_membership.role, role):
        raise DomainError(
            f"you cannot grant {role}: members grant at most their own role ({actor_membership.role}) and "
            "a workspace has exactly one owner.",
            field="role",
            status=403,
        )
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise DomainError(f"no user named {username!r}; create the account first.", field="username")
    ws_id = actor_membership.workspace_id
    existing = Membership.objects.select_for_update().filter(workspace_id=ws_id, user=user).first()
    if existing is not None:
        if existing.role == "owner":
            raise DomainError("the owner's role cannot be changed here.", field="username", status=403)
        if ROLE_RANK[existing.role] > ROLE_RANK[actor_membership.role]:
            raise DomainError(
                "you cannot change the role of a member above you.", field="username", status=403
            )
        before, existing.role = existing.role, role
        existing.save(update_fields=["role"])
        record_member_set(actor_membership.user, existing, False, before)
        return existing, False
    created = Membership.objects.create(workspace_id=ws_id, user=user, role=role)
    record_member_set(actor_membership.user, created, True, None)
    return created, True


@transaction.atomic
def set_credentials(
    *,
    workspace: Workspace,
    provider_kind: str | None = None,
    provider_base_url: str | None = None,
    provider_token: str | None = None,
    model_key: str | None = None,
) -> WorkspaceCredentials:
    """R1.2 — write-only. ``""`` clears a secret; None leaves it as it is."""
    creds, _ = WorkspaceCredentials.objects.select_for_update().get_or_create(workspace=workspace)
    now = timezone.now()
    if provider_kind is not None:
        creds.provider_kind = provider_kind
    if provider_base_url is not None:
        creds.provider_base_url = provider_base_url
    if provider_token is not None:
        creds.provider_token_encrypted = encrypt(provider_token) if provider_token else ""
        creds.provider_token_set_at = now if provider_token else None
    if model_key is not None:
        creds.model_key_encrypted = encrypt(model_key) if model_key else ""
        creds.model_key_set_at = now if model_key else None
    creds.save()
    return creds


def create_project(
    *,
    workspace: Workspace,
    name: str,
    execution_mode: str = "container",
    local_path: str = "",
    protected_branches: list[str] | None = None,
    module_map: dict | None = None,
    max_parallel: int = 2,
) -> Project:
    name = (name or "").strip()
    if not name:
        raise DomainError("name is required: give the project a name.", field="name")
    slug = slugify(name)[:100]
    if not slug:
        raise DomainError(f"name {name!r} has no letters or digits to make a folder name from.", field="name")
    if (
        Project.objects.filter(workspace=workspace, name=name).exists()
        or Project.objects.filter(workspace=workspace, slug=slug).exists()
    ):
        raise DomainError(
            f"a project named {name!r} already exists in this workspace; choose another name.", field="name"
        )
    root = ""
    if execution_mode == "local":
        try:
            root = validate_local_root(local_path, settings.BRABO_INSTALL_DIRS)
        except LocalRootError as exc:
            raise DomainError(str(exc), field="local_path") from None
    elif local_path:
        raise DomainError("local_path is only for execution_mode 'local'; leave it out.", field="local_path")
    try:
        with transaction.atomic():
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
            )
    except IntegrityError:
        raise DomainError(
            f"a project named {name!r} already exists in this workspace; choose another name.", field="name"
        ) from None
    if execution_mode != "local":
        project.folder.mkdir(parents=True, exist_ok=True)
    return project


@transaction.atomic
def create_agent(
    *, project: Project, name: str, principal: Membership, kind: str = "custom"
) -> tuple[Agent, str]:
    """Returns (agent, key). The key is shown once; only its hash is stored (R1.6)."""
    name = (name or "").strip()
    if not name:
        raise DomainError("name is required, e.g. dev-api, dev-lead, infra, qa, secops.", field="name")
    if principal.workspace_id != project.workspace_id:
        raise DomainError("the principal must be a member of the project's workspace.", field="principal")
    if Agent.objects.filter(project=project, name=name).exists():
        raise DomainError(f"an agent named {name!r} already exists in this project.", field="name")
    key, key_hash = Agent.new_key()
    agent = Agent.objects.create(
        project=project, name=name, kind=kind or "custom", principal=principal, key_hash=key_hash
    )
    if project.execution_active:
        _seed_agent_autonomy(agent)  # R3.4 — agents added after activation get the same seed
    return agent, key


@transaction.atomic
def revoke_agent(*, agent: Agent) -> Agent:
    if agent.revoked_at is None:
        agent.revoked_at = timezone.now()
        agent.save(update_fields=["revoked_at"])
    return agent


def require_can_act_for(
    actor, project: Project, principal: Membership, what: str, *, field: str | None = None
) -> None:
    """R2.1: an agent carries its principal's role, so whoever creates or configures one must hold at least
    that role on the project — a maintainer cannot make an owner's agent auto-approve ``spend``."""
    from .access import project_role

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
        )


def _record_grant(project_id, actor, payload: dict) -> None:
    from actions import events

    events.record(
        events.PERMISSION_GRANTED, project_id=project_id, actor=events.Actor.of_user(actor), payload=payload
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


@transaction.atomic
def set_autonomy(*, agent: Agent, rows: list[dict], actor) -> list[AutonomyRule]:
    """Replace the agent's autonomy rows with ``rows`` (the PUT semantics of R12.4). Each type that becomes
    ``auto_approve`` (``"*"`` is autopilot) is a ``permission.granted`` event by ``actor``, who needs at
    least the agent's principal's role."""
    from permissions.action_types import AUTO_APPROVE

    require_can_act_for(actor, agent.project, agent.principal, f"Changing the autonomy of {agent.name}")

    seen: set[str] = set()
    for row in rows:
        if row["action_type"] in seen:
            raise DomainError(
                f"action_type {row['action_type']!r} appears twice; give one row per type.", field="rows"
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


def upsert_autonomy(*, agent: Agent, action_type: str, mode: str) -> AutonomyRule:
    """Set one row (used by "always allow" for dev-<module> agents, R7.4, and activate-execution, R3.4)."""
    rule, _ = AutonomyRule.objects.update_or_create(
        agent=agent, action_type=action_type, defaults={"mode": mode}
    )
    return rule


# -- permissions.json and activation (R3.1, R3.3, R3.4) ------------------------------------------------


def replace_permissions(*, project: Project, data, actor) -> Permissions:
    """Validate ``{allow, deny, ask}`` with the engine's own parser, then write the file atomically."""
    import json

    from permissions.files import PermissionsFileError, parse_permissions_text

    if not isinstance(data, dict):
        raise DomainError(
            'send a JSON object {"allow": [...], "deny": [...], "ask": [...]}.', field="permissions"
        )
    from brabo.storable import json_problem

    problem = json_problem(data, "permissions")
    if problem:
        raise DomainError(f"{problem}; patterns are UTF-8 text.", field="permissions")
    try:
        perms = parse_permissions_text(json.dumps(data, indent=2))
    except PermissionsFileError as exc:
        raise DomainError(str(exc), field=exc.entry or "permissions") from None
    save_permissions(project=project, perms=perms, actor=actor)
    return perms


def _missing_from(entries, other) -> list[str]:
    """``entries`` not in ``other``, each once, in order."""
    present = set(other)
    return [p for p in dict.fromkeys(entries) if p not in present]


def save_permissions(*, project: Project, perms: Permissions, actor) -> None:
    """Write the project's permissions.json atomically (the API's PUT and the console's editor). The
    ``allow`` entries it adds (``patterns`` and ``pattern``, as for "always allow") and the ``deny``/``ask``
    entries it takes away (``liftedDeny``, ``liftedAsk``) are one ``permission.granted`` event by ``actor``;
    the event is written first, so a failed file write leaves none."""
    from permissions.files import PermissionsFileError, load_permissions, write_permissions

    path = project.permissions_path
    try:
        before = load_permissions(path)
    except PermissionsFileError:
        before = Permissions((), (), ())  # the file did not load, so it auto-approved nothing
    added = _missing_from(perms.allow, before.allow)
    # A deny or ask entry taken away can let an allow entry auto-approve what it held back: a grant too.
    lifted = {
        "liftedDeny": _missing_from(before.deny, perms.deny),
        "liftedAsk": _missing_from(before.ask, perms.ask),
    }
    with transaction.atomic():
        if added or any(lifted.values()):
            record_pattern_grant(
                project.id, actor, added, "permissions_saved", **{k: v for k, v in lifted.items() if v}
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_permissions(path, perms)
        except OSError as exc:
            raise DomainError(
                f"permissions.json could not be written ({exc}); nothing was saved — check the project "
                "folder's disk and permissions, then save again.",
                field="permissions",
                status=500,
                reason="escrita_do_padrao_falhou",
            ) from None


def _seed_agent_autonomy(agent: Agent) -> list[str]:
    """Seed the agent's R3.4 rows; returns the action types it newly set to auto_approve."""
    from permissions.action_types import AUTO_APPROVE
    from permissions.seeds import dev_agent_autonomy

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
    ``permission.granted`` by ``actor``, written before the file so a failed write leaves no event."""
    from permissions.files import PermissionsFileError, load_permissions, merge_into
    from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS

    path = project.permissions_path
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with transaction.atomic():
            added = _missing_from(DEV_TERMINAL_ALLOW_PATTERNS, load_permissions(path).allow)
            if added:
                record_pattern_grant(project.id, actor, added, "execution_activated")
            for agent in Agent.objects.filter(project=project):
                for action_type in _seed_agent_autonomy(agent):
                    record_autonomy_grant(project.id, actor, agent.id, action_type, "execution_activated")
            Project.objects.filter(pk=project.pk).update(execution_active=True)
            perms = merge_into(path, allow=DEV_TERMINAL_ALLOW_PATTERNS)
    except PermissionsFileError as exc:
        raise DomainError(
            f"permissions.json does not load, so nothing was seeded: {exc}", field="permissions", status=409
        ) from None
    project.execution_active = True
    return perms
